//! `cargo run -p dust-tui --example play -- [OPTIONS]`: the `dust1947 play` subcommand on its
//! own (the same source file, src/cli/play.rs), for working on the terminal UI without the
//! rest of the command line.

#[path = "../../../src/cli/play.rs"]
mod play;

use clap::Parser;
use std::process::ExitCode;

/// `dust1947 play` alone.
#[derive(Parser, Debug)]
#[command(name = "play")]
struct Cli {
    #[command(flatten)]
    args: play::Args,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match play::run(&cli.args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            for cause in e.chain().skip(1) {
                eprintln!("  because: {cause}");
            }
            ExitCode::from(2)
        }
    }
}
