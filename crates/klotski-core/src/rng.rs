//! Seeded randomness: splitmix64's mixer, and a reproducible generator built on it.

/// splitmix64's finaliser over a pair: every input bit reaches every output bit, so a wrapping
/// sum of these over a set's members is a good hash of the set, updated by one term per change.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xD6E8_FEB8_6659_FD93);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A generator whose every output is the mixer applied to the seed and a counter: the same
/// seed always gives the same sequence, on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    seed: u64,
    counter: u64,
}

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { seed, counter: 0 }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.counter += 1;
        mix(self.seed, self.counter)
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift: the bias is below n / 2^64.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_and_values_spread_over_the_range() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        let first: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..8).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert_ne!(
            first,
            (0..8)
                .map({
                    let mut c = Rng::new(8);
                    move |_| c.next_u64()
                })
                .collect::<Vec<_>>()
        );
        let mut counts = [0usize; 6];
        for _ in 0..6000 {
            counts[a.below(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }
}
