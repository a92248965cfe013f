//! The `klotski` command line; see [`cli`].

mod cli;

fn main() -> std::process::ExitCode {
    // As the system gives them: a file name need not be UTF-8.
    cli::run(std::env::args_os())
}
