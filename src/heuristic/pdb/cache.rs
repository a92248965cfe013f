//! The on-disk cache of pattern databases: one file per table, mapped rather than read, written
//! under a temporary name and renamed into place, locked while one process builds it, and kept
//! under a size cap by evicting the tables least recently used.
//!
//! Invariant: a file under its final name is complete and never changes; a reader checks only
//! its header and length (a cheap check at every open), and `verify` checks the whole table
//! against the checksum the builder wrote.

use super::pattern::{Pattern, Ranker};
use super::table::PatternDb;
use std::fs::{self, File, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The cap on the cache's size when the user sets none.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

const MAGIC: &[u8; 8] = b"KLOTPDB2";
/// The header: magic, table length, checksum, key length, then the key zero-padded.
const HEADER_BYTES: usize = 128;
const KEY_AT: usize = 32;
const EXTENSION: &str = "bin";
/// Half-written files older than this belong to a build that died: eviction removes them.
const STALE_PARTIAL: Duration = Duration::from_secs(3600);

/// A cache directory and the most bytes its tables may take together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    dir: PathBuf,
    max_bytes: u64,
}

/// Something in the cache could not be used.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A file is there but is not a sound table of its name.
    #[error("{path}: {reason}; it is ignored and will be rebuilt")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The table alone is larger than the cache may hold.
    #[error("a table of {bytes} bytes does not fit in a cache capped at {cap} bytes")]
    TooLarge {
        /// The table's size.
        bytes: u64,
        /// The cap.
        cap: u64,
    },
}

/// One table in the cache, as [`Cache::list`] reports it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file.
    pub path: PathBuf,
    /// Its size.
    pub bytes: u64,
    /// When it was last opened or written.
    pub last_used: SystemTime,
}

/// The right to build one table: other processes wait for it or go on without the table.
/// Released when dropped.
#[derive(Debug)]
pub struct BuildLock {
    _file: File,
}

impl Cache {
    /// The cache in `dir` (created when first written), holding at most `max_bytes` of tables.
    pub fn new(dir: impl Into<PathBuf>, max_bytes: u64) -> Cache {
        Cache {
            dir: dir.into(),
            max_bytes,
        }
    }

    /// Where it is.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its size cap.
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    fn path(&self, pattern: &Pattern) -> PathBuf {
        self.dir.join(format!("{}.{EXTENSION}", pattern.key()))
    }

    /// The table of `pattern`, mapped: `Ok(None)` when the cache does not have it, an error
    /// when a file is there but damaged or unreadable (the caller rebuilds it).
    pub fn open(&self, pattern: &Pattern) -> Result<Option<PatternDb>, CacheError> {
        let path = self.path(pattern);
        let file = match File::open(&path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(CacheError::Io { path, source }),
        };
        let damaged = |reason: String| CacheError::Damaged {
            path: path.clone(),
            reason,
        };
        let header = read_header(&file).map_err(|e| damaged(e.to_string()))?;
        let len = pattern.table_bytes();
        if header.key != pattern.key() || header.len != len as u64 {
            return Err(damaged("its header names another table".into()));
        }
        let size = file
            .metadata()
            .map_err(|source| CacheError::Io {
                path: path.clone(),
                source,
            })?
            .len();
        if size != (HEADER_BYTES + len) as u64 {
            return Err(damaged(format!(
                "{size} bytes where {} were written",
                HEADER_BYTES + len
            )));
        }
        // SAFETY: klotski writes a table under a temporary name and renames it into place, and
        // never changes a file under its final name, so the mapped bytes stay as checked. A
        // file deleted while mapped stays readable until unmapped.
        let map = unsafe {
            memmap2::MmapOptions::new()
                .offset(HEADER_BYTES as u64)
                .len(len)
                .map(&file)
        }
        .map_err(|source| CacheError::Io {
            path: path.clone(),
            source,
        })?;
        // The goal placement is 0 moves from home: a cheap look inside the table.
        let goal = pattern.goal_index();
        let entry = Ranker::of(pattern).map_or(goal, |r| r.rank(goal));
        if map[entry] != 0 {
            return Err(damaged("its goal entry is not 0".into()));
        }
        // Opening counts as a use for the eviction order; a failure only makes it look older.
        let _ = file.set_modified(SystemTime::now());
        Ok(Some(PatternDb::mapped(pattern.clone(), map)))
    }

    /// Writes `table`, the table of `pattern`, then evicts the least recently used tables until
    /// the cache is within its cap again. Returns where it was written.
    pub fn store(&self, pattern: &Pattern, table: &[u8]) -> Result<PathBuf, CacheError> {
        let bytes = (HEADER_BYTES + table.len()) as u64;
        if bytes > self.max_bytes {
            return Err(CacheError::TooLarge {
                bytes,
                cap: self.max_bytes,
            });
        }
        let path = self.path(pattern);
        let io = |source| CacheError::Io {
            path: path.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(io)?;
        let partial = self
            .dir
            .join(format!(".{}.{}.partial", pattern.key(), std::process::id()));
        let written =
            write_table(&partial, &pattern.key(), table).and_then(|()| fs::rename(&partial, &path));
        if let Err(e) = written {
            let _ = fs::remove_file(&partial);
            return Err(io(e));
        }
        self.evict(&path);
        Ok(path)
    }

    /// The lock on building `pattern`'s table: `Ok(None)` while another process holds it. Where
    /// the file system cannot lock, the caller gets the lock (and may build twice).
    pub fn try_lock(&self, pattern: &Pattern) -> Result<Option<BuildLock>, CacheError> {
        let path = self.dir.join(format!("{}.lock", pattern.key()));
        let io = |source| CacheError::Io {
            path: path.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(io)?;
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io)?;
        match file.try_lock() {
            Ok(()) => Ok(Some(BuildLock { _file: file })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(_)) => Ok(Some(BuildLock { _file: file })),
        }
    }

    /// The tables in the cache, least recently used first.
    pub fn list(&self) -> Result<Vec<Entry>, CacheError> {
        let read = match fs::read_dir(&self.dir) {
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => {
                return Err(CacheError::Io {
                    path: self.dir.clone(),
                    source,
                });
            }
        };
        let mut entries: Vec<Entry> = read
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == EXTENSION))
            .filter_map(|e| {
                let meta = e.metadata().ok()?;
                Some(Entry {
                    path: e.path(),
                    bytes: meta.len(),
                    last_used: meta.modified().ok()?,
                })
            })
            .collect();
        entries.sort_by(|a, b| (a.last_used, &a.path).cmp(&(b.last_used, &b.path)));
        Ok(entries)
    }

    /// Removes every table, lock and half-written file; returns how many files went.
    pub fn clear(&self) -> Result<usize, CacheError> {
        let read = match fs::read_dir(&self.dir) {
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(0),
            Err(source) => {
                return Err(CacheError::Io {
                    path: self.dir.clone(),
                    source,
                });
            }
        };
        let mut removed = 0;
        for entry in read.filter_map(Result::ok) {
            let path = entry.path();
            if is_ours(&path) {
                fs::remove_file(&path).map_err(|source| CacheError::Io {
                    path: path.clone(),
                    source,
                })?;
                removed += 1;
            }
        }
        Ok(removed)
    }

    /// Reads the whole of `entry`'s table and checks it against the checksum its builder
    /// wrote: `Err` with what is wrong.
    pub fn verify(entry: &Entry) -> Result<(), String> {
        let mut file = File::open(&entry.path).map_err(|e| e.to_string())?;
        let header = read_header(&file).map_err(|e| e.to_string())?;
        let mut table = Vec::new();
        file.read_to_end(&mut table).map_err(|e| e.to_string())?;
        if table.len() as u64 != header.len {
            return Err(format!(
                "{} table bytes where {} were written",
                table.len(),
                header.len
            ));
        }
        if checksum(&table) != header.checksum {
            return Err("the table does not match its checksum".into());
        }
        Ok(())
    }

    /// Removes the least recently used tables (never `keep`) until the cache is within its cap,
    /// and half-written files of builds that died.
    fn evict(&self, keep: &Path) {
        let Ok(entries) = self.list() else { return };
        let mut total: u64 = entries.iter().map(|e| e.bytes).sum();
        for entry in &entries {
            if total <= self.max_bytes {
                break;
            }
            if entry.path != keep && fs::remove_file(&entry.path).is_ok() {
                total -= entry.bytes;
            }
        }
        let Ok(read) = fs::read_dir(&self.dir) else {
            return;
        };
        let now = SystemTime::now();
        for entry in read.filter_map(Result::ok) {
            let stale = entry
                .metadata()
                .ok()
                .and_then(|m| m.modified().ok())
                .is_some_and(|t| now.duration_since(t).unwrap_or_default() > STALE_PARTIAL);
            if stale && entry.file_name().to_string_lossy().ends_with(".partial") {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

/// Whether `path` is a file this cache writes: a table, a lock or a half-written table.
fn is_ours(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.starts_with("pdb-") && (name.ends_with(".bin") || name.ends_with(".lock"))
        || name.starts_with(".pdb-") && name.ends_with(".partial")
}

/// A table file's header.
struct Header {
    len: u64,
    checksum: u64,
    key: String,
}

fn read_header(mut file: &File) -> io::Result<Header> {
    let mut bytes = [0u8; HEADER_BYTES];
    file.read_exact(&mut bytes)?;
    let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
    if &bytes[..8] != MAGIC {
        return Err(invalid("not a pattern database of this version"));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let key_len = word(24) as usize;
    if key_len > HEADER_BYTES - KEY_AT {
        return Err(invalid("a damaged header"));
    }
    let key = String::from_utf8(bytes[KEY_AT..KEY_AT + key_len].to_vec())
        .map_err(|_| invalid("a damaged header"))?;
    Ok(Header {
        len: word(8),
        checksum: word(16),
        key,
    })
}

fn write_table(path: &Path, key: &str, table: &[u8]) -> io::Result<()> {
    if key.len() > HEADER_BYTES - KEY_AT {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the table name {key} is too long for the header"),
        ));
    }
    let mut header = [0u8; HEADER_BYTES];
    header[..8].copy_from_slice(MAGIC);
    header[8..16].copy_from_slice(&(table.len() as u64).to_le_bytes());
    header[16..24].copy_from_slice(&checksum(table).to_le_bytes());
    header[24..32].copy_from_slice(&(key.len() as u64).to_le_bytes());
    header[KEY_AT..KEY_AT + key.len()].copy_from_slice(key.as_bytes());
    let mut file = File::create(path)?;
    file.write_all(&header)?;
    file.write_all(table)?;
    file.sync_all()
}

/// FNV-1a over 64-bit words (the tail zero-padded): enough to notice a damaged file.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(0xcbf2_9ce4_8422_2325, |h, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        (h ^ u64::from_le_bytes(word)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::pdb::build;

    /// A fresh directory of this test's own, removed when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("klotski-cache-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn table(pattern: &Pattern) -> Vec<u8> {
        build::build(pattern, 1, &|_| true).unwrap()
    }

    #[test]
    fn a_stored_table_maps_back_and_verifies() {
        let scratch = Scratch::new("roundtrip");
        let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
        let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3]);
        assert!(cache.open(&pattern).unwrap().is_none());
        let built = table(&pattern);
        cache.store(&pattern, &built).unwrap();
        let mapped = cache.open(&pattern).unwrap().expect("stored");
        assert!(mapped.is_mapped());
        assert_eq!(mapped.table(), &built[..]);
        let entries = cache.list().unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(Cache::verify(&entries[0]), Ok(()));
    }

    #[test]
    fn damaged_and_truncated_files_are_refused_at_open() {
        let scratch = Scratch::new("damaged");
        let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
        let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3]);
        let path = cache.store(&pattern, &table(&pattern)).unwrap();
        let good = fs::read(&path).unwrap();

        fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(matches!(
            cache.open(&pattern),
            Err(CacheError::Damaged { .. })
        ));

        let mut other_magic = good.clone();
        other_magic[0] ^= 1;
        fs::write(&path, &other_magic).unwrap();
        assert!(matches!(
            cache.open(&pattern),
            Err(CacheError::Damaged { .. })
        ));

        // A flipped bit inside the table passes the cheap check at open but not `verify`.
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        fs::write(&path, &flipped).unwrap();
        let entry = &cache.list().unwrap()[0];
        assert!(Cache::verify(entry).is_err());

        // Another pattern's table under this name.
        let other = Pattern::new(3, 3, 1, vec![0, 1, 2]);
        let other_path = cache.store(&other, &table(&other)).unwrap();
        fs::rename(&other_path, &path).unwrap();
        assert!(matches!(
            cache.open(&pattern),
            Err(CacheError::Damaged { .. })
        ));
    }

    #[test]
    fn the_least_recently_used_tables_go_first_when_the_cap_is_passed() {
        let scratch = Scratch::new("evict");
        let patterns: Vec<Pattern> = [vec![0, 1, 3], vec![2, 5, 6], vec![7, 4]]
            .into_iter()
            .map(|cells| Pattern::new(3, 3, 1, cells))
            .collect();
        let one = (HEADER_BYTES + patterns[0].table_bytes()) as u64;
        let cache = Cache::new(&scratch.0, 2 * one);
        let old = SystemTime::now() - Duration::from_secs(100);
        for (age, pattern) in patterns[..2].iter().enumerate() {
            let path = cache.store(pattern, &table(pattern)).unwrap();
            let file = File::options().write(true).open(&path).unwrap();
            file.set_modified(old + Duration::from_secs(age as u64))
                .unwrap();
        }
        // Opening the older one makes it the most recently used.
        cache.open(&patterns[0]).unwrap().expect("stored");
        cache.store(&patterns[2], &table(&patterns[2])).unwrap();
        assert!(cache.open(&patterns[0]).unwrap().is_some());
        assert!(cache.open(&patterns[1]).unwrap().is_none());
        assert!(cache.open(&patterns[2]).unwrap().is_some());

        let too_small = Cache::new(&scratch.0, 10);
        assert!(matches!(
            too_small.store(&patterns[1], &table(&patterns[1])),
            Err(CacheError::TooLarge { .. })
        ));
    }

    #[test]
    fn one_holder_of_a_build_lock_at_a_time_and_clear_removes_everything() {
        let scratch = Scratch::new("lock");
        let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
        let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3]);
        let held = cache.try_lock(&pattern).unwrap().expect("free");
        assert!(cache.try_lock(&pattern).unwrap().is_none());
        drop(held);
        let again = cache.try_lock(&pattern).unwrap().expect("released");
        drop(again);
        cache.store(&pattern, &table(&pattern)).unwrap();
        fs::write(scratch.0.join("notes.txt"), "not ours").unwrap();
        assert_eq!(cache.clear().unwrap(), 2);
        assert!(cache.list().unwrap().is_empty());
        assert!(scratch.0.join("notes.txt").exists());
    }
}
