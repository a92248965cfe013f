//! The one definition of the command line: every mode, option and default, from which clap
//! parses the arguments and writes `--help`.

use clap::builder::TypedValueParser as _;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use klotski::heuristic::pdb::Cache;
use klotski::puzzles::id::{IdError, PuzzleId};
use klotski::search::Limits;
use klotski::solve::{Algo, Options};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod hrd;
mod sbp;

pub use hrd::{GroupTables, HrdArgs, HrdCommand};
pub use sbp::{SbpArgs, SbpCommand, SolverArgs};

/// Exact, fast solver and GPU player for Numeric Klotski and other sliding-block puzzles.
#[derive(Parser, Debug)]
#[command(name = "klotski", version = VERSION, about, long_about = None, max_term_width = 100)]
#[command(after_help = EXIT_CODES)]
#[command(arg_required_else_help = true)]
pub struct Cli {
    /// Tell on stderr what was proven, how and what it cost, and each stage as it begins
    #[arg(short, long, global = true, help_heading = "Output")]
    pub verbose: bool,
    /// Tell nothing on stderr but errors: no progress, no notes
    #[arg(
        short,
        long,
        global = true,
        conflicts_with = "verbose",
        help_heading = "Output"
    )]
    pub quiet: bool,
    /// What to do.
    #[command(subcommand)]
    pub mode: Mode,
}

/// `--version`: the version and whether the window player (`gui`, `render`) is built in.
const VERSION: &str = if cfg!(feature = "gui") {
    concat!(env!("CARGO_PKG_VERSION"), " (window player: built in)")
} else {
    concat!(
        env!("CARGO_PKG_VERSION"),
        " (window player: not built in; build with the default features for gui and render)"
    )
};

/// The exit codes, at the end of `--help`.
const EXIT_CODES: &str = "\
Exit codes: 0 answer printed; 1 internal error; 2 bad input or usage (one `error:` line on
stderr, nothing on stdout); 3 a limit stopped the work before an answer was proven; 4 stdout
or an output file could not be written (a reader closing the pipe early is not an error: exit
0); 5 `cache verify` found a damaged table.
`solvable` follows its own assignment: bad input is one `error:` line on stdout, exit 1.";

/// The modes.
#[derive(Subcommand, Debug)]
pub enum Mode {
    /// Solve the Numeric Klotski puzzle on standard input: print Yes, the step count and the
    /// moves (`x S` lines), or No
    #[command(after_help = "Examples:
  klotski terminal < assets/samples/sample4.txt
  klotski terminal -v --no-time-limit < puzzle.txt    # the unhurried answer, and its proof")]
    Terminal(TerminalArgs),
    /// Read an NxN sliding-tile start board and goal board (two lines, b for the blank); print
    /// them and whether the goal is reachable
    #[command(after_help = "Example:
  printf '1 2 3 b\\n1 2 b 3\\n' | klotski solvable --solve")]
    Solvable(SolvableArgs),
    /// Solve a fixed corpus and print per-case median time, states and memory; with --out,
    /// compare the search methods and write CSV, Markdown and SVG charts
    #[command(after_help = "Examples:
  klotski bench --repeat 3                # the corpus built in
  klotski bench --out bench-out tests/cases/small")]
    Bench(BenchArgs),
    /// Print the ID of the puzzle file on standard input (Numeric Klotski, a brick puzzle, or
    /// a classic layout code): one line naming the whole puzzle, for `terminal --id` and
    /// `gui --id`
    #[command(after_help = "Examples:
  klotski id < assets/samples/sample4.txt     # N5x4:3748120b56fa9e0cdh0g:c21122
  klotski terminal --id N5x4:3748120b56fa9e0cdh0g:c21122")]
    Id,
    /// Print a random puzzle in the terminal input format
    #[command(after_help = "Examples:
  klotski generate --size 5x5 --seed 7 | klotski terminal
  klotski generate --size 6x6 --blanks 2 --blocks 2x2:1,1x2:2 --moves 400")]
    Generate(GenerateArgs),
    /// Build the 15-puzzle's 7-8 pattern databases into the cache; 4x4 searches use them from
    /// then on
    #[command(after_help = "Examples:
  klotski pdb                 # the 15-puzzle's tables, about 15 s
  klotski pdb --size 5x5      # the 24-puzzle's")]
    Pdb(PdbArgs),
    /// List, verify or clear the pattern-database cache
    #[command(after_help = "Examples:
  klotski cache verify        # exit 5 when a table is damaged
  klotski cache --cache-dir /tmp/k list")]
    Cache(CacheCommand),
    /// Solve the Tipover puzzle on standard input: a solution with the fewest tips, one
    /// `row col dr dc` a line, or nothing when it has none
    #[command(after_help = "Example:
  klotski tipover -v < level.txt")]
    Tipover(TipoverArgs),
    /// The Sliding Brick Puzzle commands on board files (print, done, availableMoves,
    /// applyMove, applyMoves, compare, norm, random, bfs, dfs, ids, astar)
    Sbp(SbpArgs),
    /// Classic 4x5 Klotski (Huarong Dao) by layout code: show, cal, cal-target, group, analy,
    /// analy-group, all, all-code, bench, and the assignment's --show style (klotski hrd --help)
    Hrd(HrdArgs),
    /// Open a window that shows the board and plays the solution
    #[cfg(feature = "gui")]
    #[command(after_help = "Examples:
  klotski gui                                  # the level picker
  klotski gui < assets/samples/sample4.txt
  klotski gui --hrd 1A9BF0C00                  # classic Klotski by layout code")]
    Gui(GuiArgs),
    /// Write frames of the solution as PNG files, with no window and no display
    #[cfg(feature = "gui")]
    #[command(after_help = "Examples:
  klotski render --out frames < assets/samples/sample4.txt
  klotski render --animate solution.png --size 640x480 < assets/samples/sample4.txt")]
    Render(RenderArgs),
    /// Print the completion script of a shell: `klotski completions bash >
    /// ~/.local/share/bash-completion/completions/klotski`
    Completions(CompletionsArgs),
    /// Print the manual page (roff): `klotski man | man -l -`
    Man,
}

/// `completions`' shell.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete in
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// How to solve: the method and what it may spend.
#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// auto: an exact search picked from the board, then the relaxation, the constructive
    /// solver and weighted A* (the portfolio); or one method alone: bfs, bibfs, astar,
    /// biastar, idastar (exact), wastar, greedy, constructive (valid, not proven shortest)
    #[arg(long, default_value = "auto", value_name = "NAME", value_parser = algo_parser(),
          help_heading = "Solving")]
    pub algo: Algo,
    /// Memory the solver's searches, tables and answer may use, such as 512M or 4G; a board
    /// whose answer cannot fit is refused (exit 3). The input and the program are not counted
    /// [default: half the available memory]
    #[arg(long, value_name = "SIZE", value_parser = parse_size, help_heading = "Limits")]
    pub max_memory: Option<usize>,
    /// A hard time limit in seconds, counted from the start of the run: the best answer found
    /// by then is printed (exit 3 when there is none); an answer it cuts short may differ from
    /// an unhurried run's; in `render` it covers the frames too [default: 8 in `terminal`
    /// (--no-time-limit: none), none elsewhere]
    #[arg(long, value_name = "SECS", value_parser = parse_seconds, help_heading = "Limits")]
    pub time_limit: Option<Duration>,
    /// Multiply the work budgets of the portfolio's stages: longer runs, shorter answers
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000), help_heading = "Solving")]
    pub effort: u32,
    /// Threads for work split side by side: an exact IDA* walk without a work budget, the
    /// constructive solver's ways and its rescues, table builds; the answer is the same on any
    /// number [default: the machine's cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024), help_heading = "Solving")]
    pub threads: Option<u16>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// The time limit of a `terminal` run without `--time-limit`: a grader that allows 10 s keeps
/// the answer on a machine half again as slow as ours, since every stage is bounded by work
/// and most runs end long before it.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(8);

/// `terminal`'s options.
#[derive(Args, Debug)]
pub struct TerminalArgs {
    /// Solve the Numeric Klotski puzzle this ID names (as `klotski id` prints it) instead of
    /// reading standard input; the output is the same as for its file
    #[arg(long, value_name = "ID", value_parser = parse_id, help_heading = "Input")]
    pub id: Option<PuzzleId>,
    #[command(flatten)]
    pub solve_args: SolveArgs,
    /// No time limit: every stage runs to the end of its work budget, so the same input prints
    /// the same bytes on any machine, however long that takes
    #[arg(long, conflicts_with = "time_limit", help_heading = "Limits")]
    pub no_time_limit: bool,
}

impl TerminalArgs {
    /// The run's time limit: `--time-limit`, else [`DEFAULT_TIME_LIMIT`] unless
    /// `--no-time-limit`.
    pub fn time_limit(&self) -> Option<Duration> {
        match self.no_time_limit {
            true => None,
            false => Some(self.solve_args.time_limit.unwrap_or(DEFAULT_TIME_LIMIT)),
        }
    }
}

/// Where pattern databases are kept between runs.
#[derive(Args, Debug, Clone)]
pub struct CacheArgs {
    /// The cache folder [default: $KLOTSKI_CACHE_DIR, else $XDG_CACHE_HOME/klotski, else
    /// ~/.cache/klotski]
    #[arg(long, value_name = "DIR", help_heading = "Tables")]
    pub cache_dir: Option<PathBuf>,
    /// The most the cached tables may take; the least recently used go first
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "2G",
          help_heading = "Tables")]
    pub cache_size: usize,
    /// Build pattern databases in memory only, neither reading nor writing the cache
    #[arg(long, help_heading = "Tables")]
    pub no_cache: bool,
}

/// `solvable`'s options.
#[derive(Args, Debug)]
pub struct SolvableArgs {
    /// Also print a move sequence (`moves: K`, then K lines `t D`), proven shortest when the
    /// exact search finishes
    #[arg(long)]
    pub solve: bool,
    #[command(flatten)]
    pub solve_args: SolveArgs,
}

/// `bench`'s options.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Runs per case
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub repeat: usize,
    /// Compare the methods instead, writing results.csv, summary.md, time.svg, nodes.svg and
    /// ratio.svg to DIR
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// A folder of cases for the comparison, besides any PATHS [default: tests/cases/bench]
    #[arg(long, value_name = "DIR")]
    pub suite: Vec<PathBuf>,
    /// The methods compared, comma-separated [default: every method but auto]
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub algos: Option<Vec<Algo>>,
    #[command(flatten)]
    pub solve_args: SolveArgs,
    /// Case files or folders of .in files [default: a corpus built in: the four official samples
    /// and 23 small boards]
    pub paths: Vec<PathBuf>,
}

/// `generate`'s options.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// Board size, rows x columns, such as 6x6
    #[arg(long, value_name = "NxM")]
    pub size: Option<klotski::puzzles::numeric::generate::Size>,
    /// Blanks on the board
    #[arg(long, default_value_t = 1, value_name = "K")]
    pub blanks: usize,
    /// Blocks by shape and count, such as 2x2:1,1x2:2,2x1:1
    #[arg(long, value_name = "SPEC")]
    pub blocks: Option<klotski::puzzles::numeric::generate::BlockCounts>,
    /// N random moves back from the goal [default: 10 per cell]
    #[arg(long, value_name = "N")]
    pub moves: Option<usize>,
    /// Every piece placed at random, kept once proven solvable (or, with --unsolvable, proven
    /// unsolvable) within --time-limit and --max-memory
    #[arg(long)]
    pub shuffle: bool,
    /// With --shuffle: keep a board proven unsolvable
    #[arg(long)]
    pub unsolvable: bool,
    /// The same seed gives the same puzzle [default: from the clock, told on stderr]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub solve_args: SolveArgs,
}

/// `pdb`'s options.
#[derive(Args, Debug)]
pub struct PdbArgs {
    /// The board whose tables to build: 4x4 (the 15-puzzle's 7-8 tables, 576 MB) or 5x5 (the
    /// 24-puzzle's two 6-6-6-6 splits, 4 bits an entry, 510 MB)
    #[arg(long, value_name = "RxC", default_value = "4x4", value_parser = ["4x4", "5x5"])]
    pub size: String,
    /// Memory the build may use, such as 2G [default: half the available memory]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<usize>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// `cache`'s action and folder.
#[derive(Args, Debug)]
pub struct CacheCommand {
    /// What to do with the cache
    #[command(subcommand)]
    pub action: CacheAction,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// What `cache` does.
#[derive(Subcommand, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CacheAction {
    /// The cached tables, least recently used first, and their total
    List,
    /// The same, each table read whole and checked against its checksum (exit 5 if one is
    /// damaged)
    Verify,
    /// Remove every cached table
    Clear,
}

/// `tipover`'s options.
#[derive(Args, Debug)]
pub struct TipoverArgs {
    /// assignment: `rows cols`, `row col`, rows of . 1-9 *; grid: `rows cols row col goalRow
    /// goalCol`, rows of heights
    #[arg(long, default_value = "assignment", value_name = "FORMAT")]
    pub format: klotski::puzzles::tipover::Format,
    /// Memory the search may use, such as 2G [default: half the available memory]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub max_memory: Option<usize>,
}

/// What the player shows and how.
#[cfg(feature = "gui")]
#[derive(Args, Debug)]
pub struct PlayerArgs {
    /// Milliseconds one slide takes
    #[arg(long, default_value_t = 200, value_name = "MS")]
    pub speed: u64,
    /// Window or frame size in pixels
    #[arg(long, default_value = "800x600", value_name = "WxH")]
    pub size: klotski::gui::options::FrameSize,
    /// Play a Sliding Brick Puzzle board file (solved by A*) instead of standard input
    #[arg(long, value_name = "FILE", conflicts_with = "hrd")]
    pub sbp: Option<PathBuf>,
    /// Play a classic 4x5 Klotski layout code, such as 1A9BF0C00, in its shortest solution
    #[arg(long, value_name = "CODE", conflicts_with = "id")]
    pub hrd: Option<String>,
    /// Play the puzzle this ID names (any kind; `klotski id` prints a file's, the window's I
    /// shows and Ctrl+C copies the one played)
    #[arg(long, value_name = "ID", value_parser = parse_id, conflicts_with = "sbp")]
    pub id: Option<PuzzleId>,
}

/// `gui`'s options.
#[cfg(feature = "gui")]
#[derive(Args, Debug)]
pub struct GuiArgs {
    #[command(flatten)]
    pub player: PlayerArgs,
    #[command(flatten)]
    pub solve_args: SolveArgs,
}

/// `render`'s options.
#[cfg(feature = "gui")]
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// Folder for step-NNN.png frames
    #[arg(long, value_name = "DIR", required_unless_present = "animate")]
    pub out: Option<PathBuf>,
    /// Which steps to write: all, or a list such as 0,5,last
    #[arg(long, default_value = "0,last", value_name = "LIST")]
    pub steps: klotski::gui::options::Steps,
    /// The whole solution, slides included, as one animated PNG
    #[arg(long, value_name = "FILE.png")]
    pub animate: Option<PathBuf>,
    #[command(flatten)]
    pub player: PlayerArgs,
    #[command(flatten)]
    pub solve_args: SolveArgs,
}

/// Parses the command line `args` (the program name first). A number with a minus sign is a
/// value in every mode, so that `--moves -1` is refused as a bad value, not as an unknown flag.
/// A path may be any bytes; any other value that is not UTF-8 is refused (bad usage).
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    let matches = command().try_get_matches_from(args)?;
    Cli::from_arg_matches(&matches)
}

/// The command line as clap runs it, for parsing, completions and the manual page.
pub fn command() -> clap::Command {
    fn numbers_are_values(command: clap::Command) -> clap::Command {
        command
            .allow_negative_numbers(true)
            .mut_subcommands(numbers_are_values)
    }
    numbers_are_values(Cli::command())
}

impl SolveArgs {
    /// Solver options with `time_limit` (if any) counted from `start`.
    pub fn options(&self, start: Instant, time_limit: Option<Duration>) -> Options {
        let mut limits = Limits::memory(self.max_memory.unwrap_or_else(default_memory_budget));
        limits.deadline = time_limit.map(|t| start + t);
        limits.threads = self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, usize::from),
            usize::from,
        );
        Options {
            limits,
            algo: self.algo,
            cache: self.cache.cache(),
            effort: self.effort,
        }
    }
}

impl CacheArgs {
    /// The cache these options name: `--cache-dir` or the user's cache folder, unless
    /// `--no-cache`.
    pub fn cache(&self) -> Option<Cache> {
        if self.no_cache {
            return None;
        }
        let dir = self.cache_dir.clone().or_else(super::folders::cache_dir)?;
        Some(Cache::new(dir, self.cache_size as u64))
    }
}

/// Half of the memory the system reports available, or 2 GiB when it cannot be read.
pub fn default_memory_budget() -> usize {
    let available_kib = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|l| l.strip_prefix("MemAvailable:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<usize>().ok())
        });
    available_kib.map_or(2 << 30, |kib| kib * 1024 / 2)
}

/// `--algo`'s values, as `Algo` names them: listed in `--help` and completed by the shells.
/// A puzzle ID, or what is wrong with it.
fn parse_id(text: &str) -> Result<PuzzleId, String> {
    text.parse().map_err(|e: IdError| e.to_string())
}

fn algo_parser() -> impl clap::builder::TypedValueParser<Value = Algo> {
    clap::builder::PossibleValuesParser::new(Algo::ALL.map(Algo::key))
        .map(|key| key.parse().expect("a value listed from Algo::ALL"))
}

/// Parses `512M`, `4G`, `1.5G`, `64K` or a plain byte count.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let upper = text.to_ascii_uppercase();
    let trimmed = upper.trim_end_matches(['B', 'I']);
    let (number, scale) = match trimmed.char_indices().last() {
        Some((at, 'K')) => (&trimmed[..at], 1u64 << 10),
        Some((at, 'M')) => (&trimmed[..at], 1 << 20),
        Some((at, 'G')) => (&trimmed[..at], 1 << 30),
        Some((at, 'T')) => (&trimmed[..at], 1 << 40),
        _ => (trimmed, 1),
    };
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
        .ok_or_else(|| format!("a size is a number of bytes such as 512M or 4G, got '{text}'"))?;
    let bytes = value * scale as f64;
    if bytes > MAX_SIZE as f64 {
        return Err(format!(
            "a size is at most {}T (a million terabytes), got '{text}'",
            MAX_SIZE >> 40
        ));
    }
    Ok(bytes as usize)
}

/// The largest size accepted, 2^60 bytes: more than any machine has, far from overflowing.
const MAX_SIZE: u64 = 1 << 60;

/// Parses a non-negative number of seconds.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0 && *s < 1e9)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("a time limit is a number of seconds, got '{text}'"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;
    use klotski::heuristic::pdb::cache::DEFAULT_MAX_BYTES;

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn sizes_and_seconds_parse() {
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("1.5G"), Ok(3 << 29));
        assert_eq!(parse_size("64kib"), Ok(64 << 10));
        assert_eq!(parse_size("4096"), Ok(4096));
        assert!(parse_size("-1G").is_err());
        assert_eq!(parse_size("1048576T"), Ok(1 << 60));
        assert!(parse_size("1048577T").is_err());
        assert!(parse_size("99999999999999999999T").is_err());
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("soon").is_err());
    }

    #[test]
    fn terminal_runs_have_a_time_limit_unless_told_otherwise() {
        let limit = |args: &[&str]| {
            let cli = Cli::try_parse_from(["klotski", "terminal"].iter().chain(args)).unwrap();
            let Mode::Terminal(args) = cli.mode else {
                panic!("terminal")
            };
            args.time_limit()
        };
        assert_eq!(limit(&[]), Some(DEFAULT_TIME_LIMIT));
        assert_eq!(
            limit(&["--time-limit", "2.5"]),
            Some(Duration::from_millis(2500))
        );
        assert_eq!(limit(&["--no-time-limit"]), None);
        let both = [
            "klotski",
            "terminal",
            "--no-time-limit",
            "--time-limit",
            "3",
        ];
        assert!(Cli::try_parse_from(both).is_err());
    }

    #[test]
    fn the_cache_folder_comes_from_the_options() {
        let cli = Cli::try_parse_from(["klotski", "terminal", "--cache-dir", "/tmp/k"]).unwrap();
        let Mode::Terminal(args) = cli.mode else {
            panic!("terminal")
        };
        assert_eq!(
            args.solve_args.cache.cache().unwrap().dir(),
            std::path::Path::new("/tmp/k")
        );
        let cli = Cli::try_parse_from(["klotski", "terminal", "--no-cache"]).unwrap();
        let Mode::Terminal(args) = cli.mode else {
            panic!("terminal")
        };
        assert!(args.solve_args.cache.cache().is_none());
        assert_eq!(DEFAULT_MAX_BYTES, parse_size("2G").unwrap() as u64);
    }
}
