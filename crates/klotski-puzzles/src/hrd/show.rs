//! A layout drawn in text: pieces outlined with `+`, `-` and `|`, empty cells dotted.

use super::layout::{COLS, Kind, Layout, ROWS};
use std::fmt;

/// Widest cell `show` draws, in characters.
pub const MAX_WIDTH: usize = 16;

/// A layout drawn with cells `width` characters wide and `(width + 1) / 2` lines tall (a
/// terminal character is about twice as tall as it is wide).
pub struct Drawing {
    /// The layout.
    pub layout: Layout,
    /// Characters per cell, 1 to [`MAX_WIDTH`].
    pub width: usize,
}

impl Drawing {
    /// The top-left cell of the piece covering (`row`, `col`), or `None` when it is empty.
    fn owner(&self, row: usize, col: usize) -> Option<usize> {
        self.layout.pieces().find_map(|(head, kind)| {
            let shape = kind.shape();
            let (r, c) = (head / COLS, head % COLS);
            (row >= r && row < r + shape.rows && col >= c && col < c + shape.cols).then_some(head)
        })
    }
}

impl fmt::Display for Drawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.width, self.width.div_ceil(2));
        let mut canvas = vec![vec![' '; COLS * (w + 1) + 1]; ROWS * (h + 1) + 1];
        let owners: Vec<Vec<Option<usize>>> = (0..ROWS)
            .map(|r| (0..COLS).map(|c| self.owner(r, c)).collect())
            .collect();
        for r in 0..ROWS {
            for c in 0..COLS {
                let (top, left) = (r * (h + 1), c * (w + 1));
                if r == 0 || owners[r - 1][c] != owners[r][c] {
                    (1..=w).for_each(|x| canvas[top][left + x] = '-');
                }
                if r + 1 == ROWS {
                    (1..=w).for_each(|x| canvas[top + h + 1][left + x] = '-');
                }
                if c == 0 || owners[r][c - 1] != owners[r][c] {
                    (1..=h).for_each(|y| canvas[top + y][left] = '|');
                }
                if c + 1 == COLS {
                    (1..=h).for_each(|y| canvas[top + y][left + w + 1] = '|');
                }
                if owners[r][c].is_none() {
                    // The cell and, towards an empty neighbour, the gap that no line takes.
                    let right = usize::from(c + 1 < COLS && owners[r][c + 1].is_none());
                    let down = usize::from(r + 1 < ROWS && owners[r + 1][c].is_none());
                    for y in 1..=h + down {
                        (1..=w + right).for_each(|x| canvas[top + y][left + x] = '.');
                    }
                }
            }
        }
        // A grid point joins the lines that meet there: `+` where a horizontal line touches
        // it, `|` where only a vertical one passes; between empty cells it stays dotted.
        for y in (0..canvas.len()).step_by(h + 1) {
            for x in (0..canvas[0].len()).step_by(w + 1) {
                let at = |yy: Option<usize>, xx: Option<usize>| {
                    yy.zip(xx)
                        .and_then(|(yy, xx)| canvas.get(yy).and_then(|row| row.get(xx)))
                        .copied()
                };
                let horizontal = [at(Some(y), x.checked_sub(1)), at(Some(y), Some(x + 1))];
                let vertical = [at(y.checked_sub(1), Some(x)), at(Some(y + 1), Some(x))];
                canvas[y][x] = if horizontal.contains(&Some('-')) {
                    '+'
                } else if vertical.contains(&Some('|')) {
                    '|'
                } else if horizontal.iter().chain(&vertical).all(|c| *c == Some('.')) {
                    '.'
                } else {
                    ' '
                };
            }
        }
        for row in canvas {
            let line: String = row.into_iter().collect();
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

/// The piece kinds and counts as one line: `1 2x2, 5 two-cell (1 horizontal), 4 1x1, 2 empty`.
pub fn summary(layout: Layout) -> String {
    let count = |k: Kind| layout.pieces().filter(|&(_, kind)| kind == k).count();
    let horizontal = count(Kind::Horizontal);
    let two = horizontal + count(Kind::Vertical);
    let empty = 20 - layout.occupied().count_ones();
    format!(
        "1 2x2, {two} two-cell ({horizontal} horizontal), {} 1x1, {empty} empty",
        count(Kind::Single)
    )
}
