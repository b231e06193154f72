//! `dust1947`: the command line of Dust 1947. Each subcommand lives in its own module under
//! `src/cli/`; this file only runs the chosen command and turns its outcome into an exit code.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_on_a_closed_pipe();
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(e) => {
            cli::report(&e);
            ExitCode::from(2)
        }
    }
}

/// `dust1947 … | head` closes the pipe before the output ends; `println!` then panics with
/// "failed printing to stdout: Broken pipe". The reader has what it wanted: leave quietly with
/// the shell's code for a closed pipe (141 = 128 + SIGPIPE), as a C program would, instead of a
/// panic message and a backtrace. Every other panic is reported as before.
fn quiet_on_a_closed_pipe() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(141);
        }
        previous(info);
    }));
}
