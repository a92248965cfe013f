//! The checksum of a table's bytes: what makes a cached table trusted. Every table is checked
//! whole against it when a process first opens it, so it has to be quick: the table is cut into
//! fixed chunks hashed side by side, and the chunks' hashes are hashed in order.
//!
//! Invariant: the value depends on the bytes alone, never on how many threads computed it.

/// The bytes one chunk covers: large enough that a thread's start costs nothing beside it,
/// small enough that two cores share even a 16 MiB table.
const CHUNK_BYTES: usize = 4 << 20;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

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
                    *hash = fnv_words(chunk);
                }
            });
        }
    });
    hashes
        .iter()
        .fold(fnv(FNV_OFFSET, bytes.len() as u64), |h, &chunk| {
            fnv(h, chunk)
        })
}

/// FNV-1a over 64-bit words (the tail zero-padded), in four lanes (word `i` goes to lane
/// `i % 4`) folded together at the end: one lane waits on its multiply for every word, four
/// keep the processor busy, so the hash runs at about the speed memory is read.
fn fnv_words(bytes: &[u8]) -> u64 {
    let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
    let mut blocks = bytes.chunks_exact(32);
    let mut lanes = [FNV_OFFSET; 4];
    for block in &mut blocks {
        for (lane, word_bytes) in lanes.iter_mut().zip(block.chunks_exact(8)) {
            *lane = fnv(*lane, word(word_bytes));
        }
    }
    let mut tail = [0u8; 32];
    let rest = blocks.remainder();
    tail[..rest.len()].copy_from_slice(rest);
    let words = rest.len().div_ceil(8);
    for (lane, word_bytes) in lanes.iter_mut().zip(tail.chunks_exact(8)).take(words) {
        *lane = fnv(*lane, word(word_bytes));
    }
    lanes.iter().fold(FNV_OFFSET, |h, &lane| fnv(h, lane))
}

#[inline]
fn fnv(h: u64, word: u64) -> u64 {
    (h ^ word).wrapping_mul(FNV_PRIME)
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
        // Chunks swapped.
        let mut swapped = bytes[CHUNK_BYTES..2 * CHUNK_BYTES].to_vec();
        swapped.extend_from_slice(&bytes[..CHUNK_BYTES]);
        swapped.extend_from_slice(&bytes[2 * CHUNK_BYTES..]);
        assert_ne!(checksum(&swapped), one);
    }
}
