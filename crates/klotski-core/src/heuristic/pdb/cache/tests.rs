//! The cache's tests: round trips, damage of every kind, eviction, locks, and the cache-file
//! fuzz target.

use super::*;
use crate::heuristic::pdb::build;

/// A fresh directory of this test's own, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("klotski-cache-{name}-{}", std::process::id()));
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
fn a_table_in_nibbles_maps_back_and_reads_as_built() {
    let scratch = Scratch::new("nibbles");
    let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
    let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3, 4])
        .ranked()
        .in_nibbles();
    let db = PatternDb::new(pattern.clone(), table(&pattern));
    cache.store(&pattern, db.table()).unwrap();
    let mapped = cache.open(&pattern).unwrap().expect("stored");
    assert_eq!(mapped.table().len(), pattern.table_bytes());
    assert_eq!(mapped.table(), db.table());
    // Its tiles wander off home: the lookups agree with the built table's.
    for cells in [[0, 1, 3, 4], [4, 3, 1, 0], [8, 2, 6, 5]] {
        assert_eq!(
            mapped.lookup(cells.into_iter()),
            db.lookup(cells.into_iter())
        );
    }
    assert_eq!(mapped.lookup([0, 1, 3, 4].into_iter()), 0);
    // The byte-a-entry table of the same group is another file.
    let bytes = Pattern::new(3, 3, 1, vec![0, 1, 3, 4]).ranked();
    assert!(cache.open(&bytes).unwrap().is_none());
}

/// Whether opening `pattern`'s table reports it damaged and removes the file.
fn refused_and_removed(cache: &Cache, pattern: &Pattern, path: &Path) -> bool {
    matches!(cache.open(pattern), Err(CacheError::Damaged { .. })) && !path.exists()
}

#[test]
fn a_table_damaged_anywhere_is_refused_at_open_and_removed() {
    let scratch = Scratch::new("damaged");
    let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
    let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3, 4]);
    let path = cache.store(&pattern, &table(&pattern)).unwrap();
    let good = fs::read(&path).unwrap();
    let body = HEADER_BYTES..good.len();
    let middle = body.start + body.len() / 2;
    let mut rng = crate::rng::Rng::new(7);
    let damages: Vec<(&str, Vec<u8>)> = vec![
        ("truncated", good[..good.len() - 1].to_vec()),
        ("another magic", {
            let mut bytes = good.clone();
            bytes[0] ^= 1;
            bytes
        }),
        ("the last bit flipped", {
            let mut bytes = good.clone();
            *bytes.last_mut().unwrap() ^= 1;
            bytes
        }),
        ("a run of the byte 40 over the middle", {
            let mut bytes = good.clone();
            bytes[middle - 64..middle + 64].fill(40);
            bytes
        }),
        ("random bytes over the middle", {
            let mut bytes = good.clone();
            for byte in &mut bytes[middle - 64..middle + 64] {
                *byte = rng.below(256) as u8;
            }
            bytes
        }),
        ("a bit flipped in the header's padding after the name", {
            let mut bytes = good.clone();
            bytes[HEADER_BYTES - 1] ^= 1;
            bytes
        }),
        ("the checksum changed", {
            let mut bytes = good.clone();
            bytes[16] ^= 0x80;
            bytes
        }),
    ];
    for (damage, bytes) in damages {
        fs::write(&path, &bytes).unwrap();
        assert!(refused_and_removed(&cache, &pattern, &path), "{damage}");
        assert!(cache.open(&pattern).unwrap().is_none(), "{damage}: gone");
    }
    // Another pattern's table under this name.
    let other = Pattern::new(3, 3, 1, vec![0, 1, 2]);
    let other_path = cache.store(&other, &table(&other)).unwrap();
    fs::rename(&other_path, &path).unwrap();
    assert!(refused_and_removed(&cache, &pattern, &path));
    // The sound table opens again, and `verify` agrees with `open` on a damaged one.
    fs::write(&path, &good).unwrap();
    assert!(cache.open(&pattern).unwrap().is_some());
    let mut flipped = good.clone();
    flipped[middle] ^= 4;
    fs::write(&path, &flipped).unwrap();
    assert!(Cache::verify(&cache.list().unwrap()[0]).is_err());
}

/// `verify` refuses sound tables under the wrong name: two tables swapped, one copied under
/// another's name, and a name with one character changed; and the listing counts a table left
/// half-written by a build that died, as such, so it is neither hidden nor called a table.
#[test]
fn verify_refuses_a_table_under_another_name_and_the_list_shows_half_written_ones() {
    let scratch = Scratch::new("names");
    let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
    let (a, b) = (
        Pattern::new(3, 3, 1, vec![0, 1, 3]),
        Pattern::new(3, 3, 1, vec![0, 1, 2]),
    );
    let a_path = cache.store(&a, &table(&a)).unwrap();
    let b_path = cache.store(&b, &table(&b)).unwrap();
    // How many tables verify, of how many.
    let verified = |cache: &Cache| -> (usize, usize) {
        let entries = cache.list().unwrap();
        let ok = entries.iter().filter(|e| Cache::verify(e).is_ok()).count();
        (ok, entries.len())
    };
    assert_eq!(verified(&cache), (2, 2));
    let swap = scratch.0.join("swap");
    fs::rename(&a_path, &swap).unwrap();
    fs::rename(&b_path, &a_path).unwrap();
    fs::rename(&swap, &b_path).unwrap();
    assert_eq!(verified(&cache), (0, 2), "swapped");
    // Back in place, then a's table copied under b's name.
    fs::rename(&a_path, &swap).unwrap();
    fs::rename(&b_path, &a_path).unwrap();
    fs::copy(&a_path, &b_path).unwrap();
    fs::remove_file(&swap).unwrap();
    assert_eq!(verified(&cache), (1, 2), "copied under another name");
    fs::remove_file(&b_path).unwrap();
    let changed = a_path.to_string_lossy().replace("0.1.3", "0.1.5");
    fs::rename(&a_path, &changed).unwrap();
    assert_eq!(verified(&cache), (0, 1), "a character of the name changed");
    let half = scratch.0.join(format!(".{}.4242.partial", b.key()));
    fs::write(&half, vec![0u8; 1000]).unwrap();
    let entries = cache.list().unwrap();
    let half_written: Vec<bool> = entries.iter().map(|e| e.half_written).collect();
    assert_eq!(half_written.iter().filter(|&&h| h).count(), 1);
    assert!(entries.iter().any(|e| e.path == half && e.bytes == 1000));
}

/// The cache-file fuzz target: a table file mutated at random (bytes changed, inserted,
/// removed, the file cut) is refused at open, never trusted and never a panic.
#[test]
fn fuzzed_table_files_are_never_trusted() {
    fuzz_table_file("fuzz", 0..400);
}

/// The long run of the same target: `cargo test --release --lib -- --ignored fuzz`.
#[test]
#[ignore = "a long fuzz run, a minute or more"]
fn fuzzed_table_files_are_never_trusted_long_run() {
    fuzz_table_file("fuzz-long", 400..100_000);
}

fn fuzz_table_file(name: &str, seeds: std::ops::Range<u64>) {
    let scratch = Scratch::new(name);
    let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
    let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3, 4]);
    let path = cache.store(&pattern, &table(&pattern)).unwrap();
    let good = fs::read(&path).unwrap();
    for seed in seeds {
        let mut rng = crate::rng::Rng::new(seed);
        let mut bytes = good.clone();
        for _ in 0..=rng.below(4) {
            if bytes.is_empty() {
                break;
            }
            let at = rng.below(bytes.len());
            match rng.below(4) {
                0 => bytes[at] ^= 1 << rng.below(8),
                1 => bytes[at] = rng.below(256) as u8,
                2 => bytes.insert(at, rng.below(256) as u8),
                _ => bytes.truncate(at),
            }
        }
        fs::write(&path, &bytes).unwrap();
        match cache.open(&pattern) {
            Ok(Some(db)) => assert!(
                bytes == good,
                "seed {seed}: {:?} opened, {} bytes for {}, first difference at {:?}",
                db.pattern(),
                bytes.len(),
                good.len(),
                bytes.iter().zip(&good).position(|(a, b)| a != b)
            ),
            Ok(None) => panic!("seed {seed}: a file there is not missing"),
            Err(_) => assert!(bytes != good, "seed {seed}: a sound table refused"),
        }
    }
}

#[test]
fn a_folder_or_a_pipe_under_a_table_name_is_told_and_left_alone() {
    let scratch = Scratch::new("not-a-table");
    let cache = Cache::new(&scratch.0, DEFAULT_MAX_BYTES);
    let pattern = Pattern::new(3, 3, 1, vec![0, 1, 3]);
    let path = cache.store(&pattern, &table(&pattern)).unwrap();
    fs::remove_file(&path).unwrap();
    fs::create_dir(&path).unwrap();
    assert!(matches!(
        cache.open(&pattern),
        Err(CacheError::NotATable {
            what: "a folder",
            ..
        })
    ));
    assert!(cache.store(&pattern, &table(&pattern)).is_err());
    assert!(cache.list().unwrap().is_empty(), "a folder is no table");
    let cleared = cache.clear().unwrap();
    assert_eq!(cleared.left.len(), 1, "the folder is told, not removed");
    assert!(path.is_dir());
    fs::remove_dir(&path).unwrap();
    #[cfg(unix)]
    {
        // Opening a pipe for reading would wait for a writer forever.
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: `name` is a NUL-terminated path that lives through the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        assert!(matches!(
            cache.open(&pattern),
            Err(CacheError::NotATable { .. })
        ));
        assert!(cache.list().unwrap().is_empty());
        // A sound table takes the pipe's place.
        cache.store(&pattern, &table(&pattern)).unwrap();
        assert!(cache.open(&pattern).unwrap().is_some());
    }
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
    assert_eq!(cache.clear().unwrap().removed, 2);
    assert!(cache.list().unwrap().is_empty());
    assert!(scratch.0.join("notes.txt").exists());
}
