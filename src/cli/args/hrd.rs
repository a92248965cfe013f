//! The command line of `klotski hrd`: the 4x5 Klotski database engine's commands.

use clap::{Args, Subcommand};
use klotski::puzzles::hrd::code::Code;
use klotski::puzzles::hrd::show::MAX_WIDTH;
use std::path::PathBuf;

/// `hrd`'s options: the step metric and the command.
#[derive(Args, Debug)]
#[command(
    after_help = "CODE: 1 to 9 hex digits, such as 1A9BF0C00 (trailing zeros may be left \
                        out). Without FILE, output goes to stdout; with it, to FILE."
)]
pub struct HrdArgs {
    /// A step is one piece moving one cell [default: one piece moving any distance, turns
    /// included]
    #[arg(long, global = true)]
    pub unit: bool,
    /// The command
    #[command(subcommand)]
    pub command: HrdCommand,
}

/// The commands, each also spelled as the assignment's engine takes it (`--show CODE 4`).
#[derive(Subcommand, Debug)]
pub enum HrdCommand {
    /// Draw the layout, cells WIDTH characters wide
    #[command(long_flag = "show")]
    Show {
        /// The layout
        code: Code,
        /// Characters per cell, 1 to 16
        #[arg(default_value_t = 2, value_parser = width)]
        width: usize,
    },
    /// A shortest solution (the 2x2 block to the bottom centre)
    #[command(long_flag = "cal")]
    Cal {
        /// The start
        code: Code,
        /// Where to write it
        file: Option<PathBuf>,
    },
    /// A shortest path from CODE to TARGET
    #[command(long_flag = "cal-target")]
    CalTarget {
        /// The start
        code: Code,
        /// The layout to reach
        target: Code,
        /// Where to write it
        file: Option<PathBuf>,
    },
    /// Every layout reachable from CODE, codes ascending
    #[command(long_flag = "group")]
    Group {
        /// A layout of the group
        code: Code,
        /// Where to write it
        file: Option<PathBuf>,
    },
    /// Layers, farthest layouts, solutions, and the links between layers (a summary on stdout
    /// when FILE is given)
    #[command(long_flag = "analy")]
    Analy {
        /// The start
        code: Code,
        /// Where to write the report
        file: Option<PathBuf>,
        /// Also list each link as (layer,index) -> (layer+1,index) ..., indices in the order the
        /// layers list their layouts
        #[arg(long)]
        links: bool,
    },
    /// The same report, into FILE with nothing on stdout
    #[command(long_flag = "analy-quiet")]
    AnalyQuiet {
        /// The start
        code: Code,
        /// Where to write the report
        file: PathBuf,
        /// Also list each link
        #[arg(long)]
        links: bool,
    },
    /// One CSV row per layout of CODE's group, in two files
    #[command(long_flag = "analy-group")]
    AnalyGroup(GroupTables),
    /// The same, with every solution as CODE(steps) in a last column
    #[command(long_flag = "analy-group-integral")]
    AnalyGroupIntegral(GroupTables),
    /// The same for the group of each code in SEEDS (the first word of each line), each once
    #[command(long_flag = "analy-multi-group")]
    AnalyMultiGroup(GroupTables),
    /// The same, with every solution in a last column
    #[command(long_flag = "analy-multi-group-integral")]
    AnalyMultiGroupIntegral(GroupTables),
    /// The census of every legal layout and its group, written to DIR: All_Case.txt, main.csv
    /// (code, jiang_num, bing_num, style_num, group_num, group_index) and J-B-S.txt per mix;
    /// prints the layouts and groups per mix
    #[command(long_flag = "all")]
    All {
        /// The folder to write into
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Write every legal layout's code, ascending
    #[command(long_flag = "all-code")]
    AllCode {
        /// Where to write them
        file: PathBuf,
    },
    /// Median times of enumerating every layout and of solving 1A9BF0C00
    Bench {
        /// Runs per measurement
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        repeat: u32,
    },
}

/// The arguments of the group tables: a code (or, for the multi-group commands, a file of
/// codes) and the two CSV files.
#[derive(Args, Debug)]
pub struct GroupTables {
    /// A layout code, or for the multi-group commands a file of them
    #[arg(value_name = "CODE|SEEDS")]
    pub seeds: std::ffi::OsString,
    /// The table of farthest layouts
    pub farthest: PathBuf,
    /// The table of solutions
    pub solution: PathBuf,
}

/// Parses a cell width, 1 to [`MAX_WIDTH`].
fn width(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|w| (1..=MAX_WIDTH).contains(w))
        .ok_or_else(|| format!("WIDTH must be 1 to {MAX_WIDTH}, got '{text}'"))
}
