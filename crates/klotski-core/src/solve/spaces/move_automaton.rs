//! Which sequences of blank moves the tile walk never makes: those that leave the tiles as a
//! shorter sequence does, or an earlier one of the same length, wherever both can be made
//! (Taylor & Korf's automaton of duplicate move sequences).
//!
//! Invariant: a sequence is ruled out only when an equivalent one (the same tiles moved to the
//! same cells, the blank ending on the same cell) is earlier in shortlex order (shorter, or as
//! long and first in the walk's order of moves at their first difference) and keeps the blank
//! within the rectangle the blank's cells span along the ruled-out one. On a rectangular board
//! of 1x1 tiles that one can then be made wherever the ruled-out one can, so the path a
//! depth-first walk finds first (the shortlex-first among the shortest) never holds a
//! ruled-out sequence: pruning them changes the nodes walked, never the path.

use fxhash::{FxHashMap, FxHashSet};

/// A sequence of blank moves, two bits a move (as in `Dir::ALL`: left, right, up, down), the
/// first move in the highest bits, so that sequences of one length compare as the walk orders
/// them.
type Word = u64;

/// The longest sequences [`MoveAutomaton::build`] looks at.
pub const MAX_DEPTH: usize = 24;

/// A transition that makes a ruled-out sequence.
const RULED_OUT: u32 = u32::MAX;

/// The automaton: per state and blank direction, the state after the move, or none.
/// It holds for every rectangular board.
#[derive(PartialEq, Eq, Debug)]
pub struct MoveAutomaton {
    next: Vec<[u32; 4]>,
}

/// How deep the [`MoveAutomaton::shipped`] one looks: building it takes a few tenths of a
/// second, too long for every solve of a small board, so it is built once and kept in the
/// source tree (a test rebuilds it and compares).
pub const SHIPPED_DEPTH: usize = 12;

/// The shipped automaton's transitions, four little-endian `u32` a state.
static SHIPPED: &[u8] = include_bytes!("move_automaton/depth12.bin");

impl MoveAutomaton {
    /// The state where no move has been made.
    pub const START: u32 = 0;

    /// The automaton that rules out every sequence of at most `depth` moves that an earlier
    /// sequence replaces (see the module's invariant), and any sequence holding one.
    pub fn build(depth: usize) -> MoveAutomaton {
        assert!(depth <= MAX_DEPTH, "at most {MAX_DEPTH} moves");
        MoveAutomaton {
            next: automaton(&ruled_out(depth)),
        }
    }

    /// The automaton of [`SHIPPED_DEPTH`] moves, as [`MoveAutomaton::build`] makes it.
    pub fn shipped() -> &'static MoveAutomaton {
        static SHIPPED_AUTOMATON: std::sync::LazyLock<MoveAutomaton> =
            std::sync::LazyLock::new(|| MoveAutomaton::from_bytes(SHIPPED));
        &SHIPPED_AUTOMATON
    }

    /// The automaton that rules out only moves straight back (what [`MoveAutomaton::build`]
    /// makes for 0 moves).
    pub fn straight_back() -> &'static MoveAutomaton {
        static STRAIGHT_BACK: std::sync::LazyLock<MoveAutomaton> =
            std::sync::LazyLock::new(|| MoveAutomaton::build(0));
        &STRAIGHT_BACK
    }

    /// The automaton whose transitions `bytes` hold ([`MoveAutomaton::to_bytes`]).
    fn from_bytes(bytes: &[u8]) -> MoveAutomaton {
        let words: Vec<u32> = (bytes.chunks_exact(4))
            .map(|w| u32::from_le_bytes(w.try_into().expect("four bytes")))
            .collect();
        let next = (words.chunks_exact(4))
            .map(|s| [s[0], s[1], s[2], s[3]])
            .collect();
        MoveAutomaton { next }
    }

    /// Its transitions as bytes, four little-endian `u32` a state.
    #[cfg(test)]
    fn to_bytes(&self) -> Vec<u8> {
        (self.next.iter().flatten())
            .flat_map(|to| to.to_le_bytes())
            .collect()
    }

    /// The state after the blank's move `dir` from `state`, or `None` when the move completes
    /// a ruled-out sequence.
    #[inline(always)]
    pub fn after(&self, state: u32, dir: u8) -> Option<u32> {
        match self.next[state as usize][dir as usize] {
            RULED_OUT => None,
            next => Some(next),
        }
    }

    /// How many states it has.
    pub fn states(&self) -> usize {
        self.next.len()
    }
}

/// Half the side of the plane sequences are walked on: room for [`MAX_DEPTH`] moves each way.
const REACH: u16 = 32;
/// Cells a row of the plane.
const SIDE: u16 = 2 * REACH;
/// Where every sequence starts.
const CENTRE: u16 = REACH * SIDE + REACH;

/// The blank's move along `dir` from `cell`.
fn step(cell: u16, dir: u8) -> u16 {
    match dir {
        0 => cell - 1,
        1 => cell + 1,
        2 => cell - SIDE,
        _ => cell + SIDE,
    }
}

/// The `at`th move of `word`, `len` moves long.
fn letter(word: Word, len: usize, at: usize) -> u8 {
    ((word >> (2 * (len - 1 - at))) & 3) as u8
}

/// An unbounded plane of tiles walked by one sequence at a time, with a digest of where the
/// tiles stand kept as moves are made and taken back.
struct Plane {
    /// Per cell: the home of the tile on it.
    home: Vec<u16>,
    blank: u16,
    /// The sum, over the tiles off their home, of a mix of cell and home, and a mix of the
    /// blank's cell: equal wherever the tiles stand alike; positions that differ and share it
    /// are told apart by comparing them cell by cell ([`Plane::end`]).
    digest: u128,
}

impl Plane {
    fn new() -> Plane {
        Plane {
            home: (0..SIDE * SIDE).collect(),
            blank: CENTRE,
            digest: Plane::blank_mix(CENTRE),
        }
    }

    /// A tile of home `home` on `cell`, mixed into 128 bits (two rounds of SplitMix64).
    fn mix(cell: u16, home: u16) -> u128 {
        if cell == home {
            return 0;
        }
        let key = (u64::from(cell) << 16) | u64::from(home);
        (u128::from(splitmix(key)) << 64) | u128::from(splitmix(key ^ 0x5851_f42d_4c95_7f2d))
    }

    /// The blank on `cell`, mixed as [`Plane::mix`] mixes a tile.
    fn blank_mix(cell: u16) -> u128 {
        Plane::mix(cell, u16::MAX)
    }

    /// Moves the blank along `dir`.
    fn make(&mut self, dir: u8) {
        let (from, to) = (self.blank, step(self.blank, dir));
        let home = self.home[to as usize];
        self.digest = (self.digest)
            .wrapping_sub(Plane::mix(to, home))
            .wrapping_sub(Plane::blank_mix(from))
            .wrapping_add(Plane::mix(from, home))
            .wrapping_add(Plane::blank_mix(to));
        self.home[from as usize] = home;
        self.blank = to;
    }

    /// Where the tiles stand after `word` (`len` moves) from the plane at rest, by cell, and
    /// the rectangle the blank spans along it (lowest and highest column, then row); the plane
    /// is left at rest.
    fn end(&mut self, word: Word, len: usize) -> (Vec<(u16, u16)>, [u16; 4]) {
        let mut visited = vec![self.blank];
        for at in 0..len {
            self.make(letter(word, len, at));
            visited.push(self.blank);
        }
        visited.sort_unstable();
        visited.dedup();
        let mut end = vec![(self.blank, u16::MAX)];
        for &cell in &visited {
            let home = std::mem::replace(&mut self.home[cell as usize], cell);
            if cell != self.blank && home != cell {
                end.push((cell, home));
            }
        }
        self.blank = CENTRE;
        self.digest = Plane::blank_mix(CENTRE);
        let (cols, rows) = (
            visited.iter().map(|c| c % SIDE),
            visited.iter().map(|c| c / SIDE),
        );
        let span = [
            cols.clone().min().unwrap_or(REACH),
            cols.max().unwrap_or(REACH),
            rows.clone().min().unwrap_or(REACH),
            rows.max().unwrap_or(REACH),
        ];
        (end, span)
    }
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Calls `visit` with every sequence of `1..=depth` moves that never moves straight back, and
/// the plane after it, depth first; a sequence for which `visit` returns false is not extended.
fn walk_sequences(depth: usize, visit: &mut dyn FnMut(Word, usize, &Plane) -> bool) {
    fn extend(
        plane: &mut Plane,
        (word, len, depth): (Word, usize, usize),
        visit: &mut dyn FnMut(Word, usize, &Plane) -> bool,
    ) {
        for dir in 0..4u8 {
            if len > 0 && dir == (word & 3) as u8 ^ 1 {
                continue;
            }
            let (from, home_there) = (plane.blank, plane.home[step(plane.blank, dir) as usize]);
            plane.make(dir);
            let child = (word << 2) | Word::from(dir);
            if visit(child, len + 1, plane) && len + 1 < depth {
                extend(plane, (child, len + 1, depth), visit);
            }
            // Taking the move back restores the plane, digest included.
            plane.make(dir ^ 1);
            debug_assert_eq!(
                (plane.blank, plane.home[step(from, dir) as usize]),
                (from, home_there)
            );
        }
    }
    extend(&mut Plane::new(), (0, 0, depth), visit);
}

/// The sequences of at most `depth` moves ruled out that hold no other, each by the
/// shortlex-first sequence that ends as it does (checked cell by cell) and stays within its
/// span, moves straight back among them.
fn ruled_out(depth: usize) -> Vec<(Word, usize)> {
    // Per end reached: the shortlex-first sequence that reaches it (none moves straight back:
    // such a sequence ends as a shorter one does).
    let mut first: FxHashMap<u128, (usize, Word)> = FxHashMap::default();
    first.insert(Plane::new().digest, (0, 0));
    walk_sequences(depth, &mut |word, len, plane| {
        let earliest = first.entry(plane.digest).or_insert((len, word));
        *earliest = (*earliest).min((len, word));
        true
    });
    let mut patterns: Vec<(Word, usize)> = (0..4).map(|dir| ((dir << 2) | (dir ^ 1), 2)).collect();
    // Per length: the sequences that hold no ruled-out one, found length by length so that
    // a sequence's suffix is always classified before it. Kept mixed (a bijection): FxHash
    // would send words that end alike to the same buckets.
    let mut kept: Vec<FxHashSet<Word>> = vec![FxHashSet::default(); depth + 1];
    kept[0].insert(splitmix(0));
    let mut check = Plane::new();
    for longest in 1..=depth {
        let mut found = FxHashSet::default();
        walk_sequences(longest, &mut |word, len, plane| {
            if len < longest {
                return kept[len].contains(&splitmix(word));
            }
            // Its prefix holds no ruled-out sequence; it does only if its suffix does.
            let suffix = word & ((1 << (2 * (len - 1))) - 1);
            if !kept[len - 1].contains(&splitmix(suffix)) {
                return false;
            }
            let (earlier_len, earlier) = first[&plane.digest];
            if (earlier_len, earlier) != (len, word) {
                let ((end, span), (earlier_end, earlier_span)) =
                    (check.end(word, len), check.end(earlier, earlier_len));
                // The rectangle a sequence's blank spans holds every cell it visits, so one
                // whose span lies within another's visits only cells of that one's rectangle.
                let within = earlier_span[0] >= span[0]
                    && earlier_span[1] <= span[1]
                    && earlier_span[2] >= span[2]
                    && earlier_span[3] <= span[3];
                if end == earlier_end && within {
                    patterns.push((word, len));
                    return false;
                }
            }
            found.insert(splitmix(word));
            false
        });
        kept[longest] = found;
    }
    patterns
}

/// The transitions of the automaton that matches `patterns` anywhere in a sequence (Aho and
/// Corasick's), with every state past a match dropped: [`RULED_OUT`] where a move completes one.
fn automaton(patterns: &[(Word, usize)]) -> Vec<[u32; 4]> {
    const ABSENT: u32 = u32::MAX;
    let mut trie: Vec<[u32; 4]> = vec![[ABSENT; 4]];
    let mut ends = vec![false];
    for &(word, len) in patterns {
        let mut node = 0usize;
        for at in 0..len {
            let dir = letter(word, len, at) as usize;
            if trie[node][dir] == ABSENT {
                trie[node][dir] = trie.len() as u32;
                trie.push([ABSENT; 4]);
                ends.push(false);
            }
            node = trie[node][dir] as usize;
        }
        ends[node] = true;
    }
    // Fail links breadth-first; a missing child becomes the fail link's transition. No pattern
    // holds another, so a node is a match only where a pattern ends on it.
    let mut fail = vec![0u32; trie.len()];
    let mut queue = std::collections::VecDeque::new();
    for next in &mut trie[0] {
        match *next {
            ABSENT => *next = 0,
            child => queue.push_back(child),
        }
    }
    while let Some(node) = queue.pop_front() {
        // The fail link is shallower, so its transitions are complete already.
        let through_fail = trie[fail[node as usize] as usize];
        for (next, through_fail) in trie[node as usize].iter_mut().zip(through_fail) {
            match *next {
                ABSENT => *next = through_fail,
                child => {
                    fail[child as usize] = through_fail;
                    queue.push_back(child);
                }
            }
        }
    }
    // Renumber the states that are not matches, the start staying 0.
    let mut number = vec![RULED_OUT; trie.len()];
    let mut count = 0u32;
    for (node, &end) in ends.iter().enumerate() {
        if !end {
            number[node] = count;
            count += 1;
        }
    }
    (trie.iter().zip(&ends))
        .filter(|&(_, &end)| !end)
        .map(|(next, _)| next.map(|to| number[to as usize]))
        .collect()
}

#[cfg(test)]
mod tests;
