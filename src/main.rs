//! The `klotski` command line; see [`cli`].

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(std::env::args())
}
