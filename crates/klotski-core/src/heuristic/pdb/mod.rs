//! Additive disjoint pattern databases: for a group of 1x1 tiles, the fewest moves of those
//! tiles that bring them home from every placement, built once by breadth-first search and
//! cached on disk.
//!
//! - [`pattern`]: what a table is of and how it is indexed;
//! - [`table`]: a finished table and its lookups;
//! - `nibbles`: tables of 4 bits an entry ([`Encoding::Nibbles`]), over the group's Manhattan
//!   distance;
//! - [`build`]: the breadth-first search that fills a table;
//! - [`cache`]: the files tables are kept in between runs, each checked whole against its
//!   checksum before first use;
//! - [`partition`]: which groups a board's tiles are split into;
//! - [`supply`]: how a search gets its tables within its time and memory.

pub mod build;
pub mod cache;
mod checksum;
mod nibbles;
pub mod partition;
pub mod pattern;
pub mod supply;
pub mod table;

pub use build::{BuildProgress, neighbours};
pub use cache::{Cache, CacheError};
pub use partition::{
    MAX_GROUPED_CELLS, fifteen_seven_eight, partitions, prebuilt, prebuilt_tables, twenty_four_six,
};
pub use pattern::{Encoding, Indexing, Pattern, cell_bits};
pub use supply::{SplitTables, Supply, TableEvent};
pub use table::PatternDb;
