//! The assignment's database files, written from a [`GroupCensus`]: `All_Case.txt` (every code),
//! `main.csv` (every code with its classification) and one `J-B-S.txt` per mix (the first
//! layout of each group, in `group_num` order).
//!
//! Formats: one code per line as nine upper-case hex digits; `main.csv` rows are
//! `code,jiang_num,bing_num,style_num,group_num,group_index` without a header, codes ascending,
//! so a layout's row number (from 0) is the assignment's `id`. Rows are formatted by hand into one
//! buffer: 29 million `write!` calls would cost more than the census itself.

use super::census::{CensusStep, GroupCensus, Progress};
use super::enumerate::push_line;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The file of every code.
pub const ALL_CASE: &str = "All_Case.txt";
/// The file of every code with its classification.
pub const MAIN_TABLE: &str = "main.csv";

/// Rows between two progress reports.
const REPORT_EVERY: u64 = 1 << 18;
/// Bytes gathered before a write.
const CHUNK: usize = 1 << 20;

/// A file of the database could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct WriteError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

/// A file being written, with its path for errors.
struct Out {
    path: PathBuf,
    file: BufWriter<File>,
}

impl Out {
    fn create(dir: &Path, name: &str) -> Result<Out, WriteError> {
        let path = dir.join(name);
        match File::create(&path) {
            Ok(file) => Ok(Out {
                path,
                file: BufWriter::with_capacity(CHUNK, file),
            }),
            Err(source) => Err(WriteError { path, source }),
        }
    }

    fn fail(&self, source: std::io::Error) -> WriteError {
        WriteError {
            path: self.path.clone(),
            source,
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), WriteError> {
        self.file.write_all(bytes).map_err(|e| self.fail(e))
    }

    fn finish(mut self) -> Result<(), WriteError> {
        self.file.flush().map_err(|e| self.fail(e))
    }
}

/// Appends `n` in decimal.
fn push_number(out: &mut Vec<u8>, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// Writes the database of `census` into `dir` (which must exist), reporting progress per row.
pub fn write(
    census: &GroupCensus,
    dir: &Path,
    progress: &mut dyn FnMut(Progress),
) -> Result<(), WriteError> {
    let total = census.len() as u64;
    let mut all = Out::create(dir, ALL_CASE)?;
    let mut main = Out::create(dir, MAIN_TABLE)?;
    let (mut codes, mut rows) = (Vec::with_capacity(CHUNK), Vec::with_capacity(2 * CHUNK));
    for (done, row) in census.classifications().enumerate() {
        if (done as u64).is_multiple_of(REPORT_EVERY) {
            progress(Progress {
                step: CensusStep::Writing,
                done: done as u64,
                total,
            });
        }
        push_line(&mut codes, row.code);
        push_line(&mut rows, row.code);
        rows.pop();
        for n in [row.mix.jiang, row.mix.bing, row.mix.style] {
            rows.push(b',');
            push_number(&mut rows, u32::from(n));
        }
        for n in [row.group_num, row.group_index] {
            rows.push(b',');
            push_number(&mut rows, n);
        }
        rows.push(b'\n');
        if rows.len() >= CHUNK {
            all.write(&codes)?;
            main.write(&rows)?;
            codes.clear();
            rows.clear();
        }
    }
    all.write(&codes)?;
    main.write(&rows)?;
    all.finish()?;
    main.finish()?;
    for count in census.mix_counts() {
        let mut seeds = Out::create(dir, &format!("{}.txt", count.mix))?;
        let mut text = Vec::with_capacity(count.groups as usize * 10);
        census
            .groups_of_mix(count.mix)
            .for_each(|g| push_line(&mut text, g.seed));
        seeds.write(&text)?;
        seeds.finish()?;
    }
    progress(Progress {
        step: CensusStep::Writing,
        done: total,
        total,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut out = Vec::new();
        for n in [0, 7, 10, 4_294_967_295] {
            push_number(&mut out, n);
            out.push(b' ');
        }
        assert_eq!(out, b"0 7 10 4294967295 ");
    }
}
