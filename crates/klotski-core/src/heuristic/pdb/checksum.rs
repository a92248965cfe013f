//! The checksum of a table's bytes: what makes a cached table trusted. Every table is checked
//! whole against it when a process first opens it, so it has to be quick: the table is cut into
//! fixed chunks hashed side by side (XXH3), and the chunks' hashes are hashed in order with the
//! table's length.
//!
//! Invariant: the value depends on the bytes alone, never on how many threads computed it.

use xxhash_rust::xxh3::xxh3_64;

/// The bytes one chunk covers: large enough that a thread's start costs nothing beside it,
/// small enough that two cores share even a 16 MiB table.
const CHUNK_BYTES: usize = 4 << 20;

/// The checksum of `bytes`, computed on every core.
pub fn checksum(bytes: &[u8]) -> u64 {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    checksum_on(bytes, threads)
}

/// The checksum of `bytes`, computed on up to `threads` threads.
fn checksum_on(bytes: &[u8], threads: usize) -> u64 {
    let chunks: Vec<&[u8]> = bytes.chunks(CHUNK_BYTES).collect();
    let mut hashes = vec![0u64; chunks.len()];
    let per_thread = chunks.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for (chunks, hashes) in chunks.chunks(per_thread).zip(hashes.chunks_mut(per_thread)) {
            scope.spawn(move || {
                for (chunk, hash) in chunks.iter().zip(hashes) {
                    *hash = xxh3_64(chunk);
                }
            });
        }
    });
    let mut summary = Vec::with_capacity(8 * (hashes.len() + 1));
    summary.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    for hash in hashes {
        summary.extend_from_slice(&hash.to_le_bytes());
    }
    xxh3_64(&summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checksum_does_not_depend_on_the_threads_and_notices_any_changed_byte() {
        let bytes: Vec<u8> = (0..3 * CHUNK_BYTES + 5)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        let one = checksum_on(&bytes, 1);
        for threads in [2, 3, 8] {
            assert_eq!(checksum_on(&bytes, threads), one);
        }
        for at in [
            0,
            CHUNK_BYTES - 1,
            CHUNK_BYTES,
            2 * CHUNK_BYTES + 17,
            bytes.len() - 1,
        ] {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x10;
            assert_ne!(checksum(&damaged), one, "a changed byte at {at}");
        }
        // A tail of zeros is not the same table as no tail.
        assert_ne!(checksum(&bytes[..bytes.len() - 1]), one);
        let mut longer = bytes.clone();
        longer.push(0);
        assert_ne!(checksum(&longer), one);
        // Two changes of words' top bits, which a word-wise FNV lets cancel.
        let mut paired = bytes.clone();
        paired[7] ^= 0x80;
        paired[15] ^= 0x80;
        assert_ne!(checksum(&paired), one, "paired top bits");
        // Chunks swapped.
        let mut swapped = bytes[CHUNK_BYTES..2 * CHUNK_BYTES].to_vec();
        swapped.extend_from_slice(&bytes[..CHUNK_BYTES]);
        swapped.extend_from_slice(&bytes[2 * CHUNK_BYTES..]);
        assert_ne!(checksum(&swapped), one);
    }
}
