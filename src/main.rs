//! `dust1947`: the command line of Dust 1947. Each subcommand lives in its own module under
//! `src/cli/`; this file only runs the chosen command and turns its outcome into an exit code.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            cli::report(&e);
            ExitCode::from(2)
        }
    }
}
