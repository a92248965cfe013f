//! The on-disk cache of pattern databases: one file per table, mapped rather than read, written
//! under a temporary name and renamed into place, locked while one process builds it, and kept
//! under a size cap by evicting the tables least recently used.
//!
//! Invariant: a file under its final name is complete and never changes, and no table is used
//! before its whole body has matched the checksum its builder wrote: a process checks every
//! table when it first opens it ([`Cache::open`]), so a damaged file can cost a rebuild but
//! never a wrong bound.

use super::checksum::checksum;
use super::pattern::Pattern;
use super::table::PatternDb;
use std::fs::{self, File, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The cap on the cache's size when the user sets none: room for the 15-puzzle's 7-8 tables
/// (576 MB) and the 24-puzzle's 6-6-6-6 (255 MB) together, and the small tables beside them.
pub const DEFAULT_MAX_BYTES: u64 = 2 << 30;

/// The format's version is its last digit: files of another version are damaged to this one.
const MAGIC: &[u8; 8] = b"KLOTPDB5";
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
    /// A file is there but is not a sound table of its name; it was removed.
    #[error("{path}: {reason}; it is removed, and the table is built again when needed")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Something other than a file is under a table's name.
    #[error(
        "{path}: {what} where a table belongs; it is left alone, so the table is built in \
         memory on every run (remove it to let the table be cached)"
    )]
    NotATable {
        /// Its path.
        path: PathBuf,
        /// What it is.
        what: &'static str,
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
    /// Whether it is a table still being written, or left half-written by a build that died
    /// (a hidden `.partial` file): it takes room all the same.
    pub half_written: bool,
}

/// What [`Cache::clear`] did.
#[derive(Debug, Default)]
pub struct Cleared {
    /// How many files it removed.
    pub removed: usize,
    /// What it could not remove, and why.
    pub left: Vec<CacheError>,
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

    /// The table of `pattern`, mapped and checked whole against the checksum its builder wrote:
    /// `Ok(None)` when the cache does not have it, an error when what is there cannot be used
    /// (the caller builds the table). A damaged table file is removed, so it is told once and
    /// its rebuilt table can take its place; anything else under a table's name (a directory, a
    /// pipe) is left alone.
    pub fn open(&self, pattern: &Pattern) -> Result<Option<PatternDb>, CacheError> {
        let path = self.path(pattern);
        let file = match open_without_waiting(&path) {
            Ok(file) => file,
            // No folder, or a file where the folder should be: no table either way (storing
            // one will tell what is wrong).
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
                ) =>
            {
                return Ok(None);
            }
            Err(source) => return Err(CacheError::Io { path, source }),
        };
        let meta = file.metadata().map_err(|source| CacheError::Io {
            path: path.clone(),
            source,
        })?;
        if !meta.is_file() {
            return Err(CacheError::NotATable {
                path,
                what: if meta.is_dir() {
                    "a folder"
                } else {
                    "not a plain file"
                },
            });
        }
        let checked = checked_table(&file, meta.len()).and_then(|(header, map)| {
            if header.key != pattern.key() || map.len() != pattern.table_bytes() {
                return Err("its header names another table".to_string());
            }
            let db = PatternDb::mapped(pattern.clone(), map);
            // The goal placement is 0 moves from home.
            if db.at(pattern.goal_index()) != 0 {
                return Err("its goal entry is not 0".to_string());
            }
            Ok(db)
        });
        match checked {
            Ok(db) => {
                // Opening counts as a use for the eviction order; a failure only makes it look
                // older.
                let _ = file.set_modified(SystemTime::now());
                Ok(Some(db))
            }
            Err(reason) => {
                remove_if_unchanged(&path, &meta);
                Err(CacheError::Damaged { path, reason })
            }
        }
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

    /// What the cache folder holds: nothing when it does not exist yet.
    fn read_dir(&self) -> Result<impl Iterator<Item = fs::DirEntry>, CacheError> {
        let read = match fs::read_dir(&self.dir) {
            Ok(read) => Some(read),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(CacheError::Io {
                    path: self.dir.clone(),
                    source,
                });
            }
        };
        Ok(read.into_iter().flatten().filter_map(Result::ok))
    }

    /// The tables in the cache, least recently used first.
    pub fn list(&self) -> Result<Vec<Entry>, CacheError> {
        let mut entries: Vec<Entry> = self
            .read_dir()?
            .filter_map(|e| {
                let path = e.path();
                let half_written = is_half_written(&path);
                if !half_written && path.extension().is_none_or(|x| x != EXTENSION) {
                    return None;
                }
                let meta = e.metadata().ok().filter(fs::Metadata::is_file)?;
                Some(Entry {
                    path,
                    bytes: meta.len(),
                    last_used: meta.modified().ok()?,
                    half_written,
                })
            })
            .collect();
        entries.sort_by(|a, b| (a.last_used, &a.path).cmp(&(b.last_used, &b.path)));
        Ok(entries)
    }

    /// Removes every table, lock and half-written file, going on past those it cannot remove;
    /// folders named like them are left alone. Returns how many files went, and why the others
    /// stayed.
    pub fn clear(&self) -> Result<Cleared, CacheError> {
        let mut cleared = Cleared::default();
        for entry in self.read_dir()? {
            let path = entry.path();
            if !is_ours(&path) {
                continue;
            }
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                cleared.left.push(CacheError::NotATable {
                    path,
                    what: "a folder",
                });
                continue;
            }
            match fs::remove_file(&path) {
                Ok(()) => cleared.removed += 1,
                Err(source) => cleared.left.push(CacheError::Io { path, source }),
            }
        }
        Ok(cleared)
    }

    /// Reads the whole of `entry`'s table and checks it against the checksum its builder
    /// wrote and its name against the table its header names (a table copied or renamed under
    /// another table's name would give wrong bounds): `Err` with what is wrong. Unlike
    /// [`Cache::open`], removes nothing.
    pub fn verify(entry: &Entry) -> Result<(), String> {
        let file = open_without_waiting(&entry.path).map_err(|e| e.to_string())?;
        let meta = file.metadata().map_err(|e| e.to_string())?;
        if !meta.is_file() {
            return Err("not a plain file".into());
        }
        let (header, _) = checked_table(&file, meta.len())?;
        let named = entry.path.file_stem().map(|n| n.to_string_lossy());
        if named.as_deref() != Some(header.key.as_str()) {
            return Err(format!("its header names another table, {}", header.key));
        }
        Ok(())
    }

    /// Removes the least recently used tables (never `keep`) until the cache is within its cap,
    /// and half-written files of builds that died.
    fn evict(&self, keep: &Path) {
        let Ok(entries) = self.list() else { return };
        let mut total: u64 = entries.iter().map(|e| e.bytes).sum();
        // A half-written file may be a table another run is writing now: it counts, and goes
        // only once stale (below).
        for entry in entries.iter().filter(|e| !e.half_written) {
            if total <= self.max_bytes {
                break;
            }
            if entry.path != keep && fs::remove_file(&entry.path).is_ok() {
                total -= entry.bytes;
            }
        }
        let Ok(read) = self.read_dir() else {
            return;
        };
        let now = SystemTime::now();
        for entry in read {
            let stale = entry
                .metadata()
                .ok()
                .and_then(|m| m.modified().ok())
                .is_some_and(|t| now.duration_since(t).unwrap_or_default() > STALE_PARTIAL);
            if stale && is_half_written(&entry.path()) {
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
        || is_half_written(path)
}

/// Whether `path` is a table this cache is writing or left half-written (`.KEY.PID.partial`).
fn is_half_written(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    name.starts_with(".pdb-") && name.ends_with(".partial")
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
    // The padding after the key is zero as written: the checksum covers the table only, so a
    // header changed anywhere must be refused here.
    if bytes[KEY_AT + key_len..].iter().any(|&byte| byte != 0) {
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

/// Opens `path` for reading without waiting: a pipe under a table's name would otherwise
/// block the open until something writes to it.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    options.open(path)
}

/// The header of the table file `file` (of `size` bytes) and its table mapped, once the
/// length its header names is the file's and the whole table matches its checksum.
fn checked_table(file: &File, size: u64) -> Result<(Header, memmap2::Mmap), String> {
    let header = read_header(file).map_err(|e| e.to_string())?;
    if size != HEADER_BYTES as u64 + header.len {
        return Err(format!(
            "{size} bytes where {} were written",
            HEADER_BYTES as u64 + header.len
        ));
    }
    let len = usize::try_from(header.len).map_err(|_| "a damaged header".to_string())?;
    // SAFETY: klotski writes a table under a temporary name and renames it into place, and
    // never changes a file under its final name, so the mapped bytes stay as checked here. A
    // file deleted while mapped stays readable until unmapped.
    let map = unsafe {
        memmap2::MmapOptions::new()
            .offset(HEADER_BYTES as u64)
            .len(len)
            .map(file)
    }
    .map_err(|e| e.to_string())?;
    if checksum(&map) != header.checksum {
        return Err("the table does not match its checksum".into());
    }
    Ok((header, map))
}

/// Removes the damaged file at `path` when it is still the one `opened` describes: another
/// process may have renamed a sound table into its place since.
fn remove_if_unchanged(path: &Path, opened: &fs::Metadata) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let same = fs::symlink_metadata(path)
            .is_ok_and(|now| (now.dev(), now.ino()) == (opened.dev(), opened.ino()));
        if !same {
            return;
        }
    }
    #[cfg(not(unix))]
    let _ = opened;
    let _ = fs::remove_file(path);
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

#[cfg(test)]
mod tests;
