//! `dust1947 map check FILE…`: reads map files and prints a summary or every problem.

use super::{load_map, report};
use clap::Subcommand;
use dust_core::{CoverElement, PieceKind, Side, Terrain};
use dust_data::MapFile;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand, Debug)]
pub enum MapCommand {
    /// Check map files: print a short summary of each good file, or every problem as
    /// `FILE:LINE:COL: what is wrong` on stderr (exit status 2). The format is described in
    /// docs/map-format.md.
    Check {
        /// The map files (TOML).
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

pub fn run(cmd: MapCommand) -> anyhow::Result<ExitCode> {
    match cmd {
        MapCommand::Check { files } => {
            let mut failed = false;
            for f in &files {
                match load_map(f) {
                    Ok(m) => print!("{}", summary(&f.display().to_string(), &m)),
                    Err(e) => {
                        report(&e);
                        failed = true;
                    }
                }
            }
            Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
        }
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A few lines describing a good map.
pub fn summary(file: &str, m: &MapFile) -> String {
    let b = &m.board;
    let mut out = format!("{file}: ok: \"{}\"\n", m.name);
    let last_col = char::from(b'A' + b.width() - 1);
    let count = |t: Terrain| b.squares().filter(|&s| b.terrain(s) == t).count();
    // Trees and swamp (battlefront terrain) only when the map has them.
    let extra: String = [(Terrain::Trees, "trees"), (Terrain::Swamp, "swamp")]
        .iter()
        .filter(|&&(t, _)| count(t) > 0)
        .map(|&(t, name)| format!(", {} {name}", count(t)))
        .collect();
    out.push_str(&format!(
        "  board: {} columns (A-{last_col}) x {} rows (1-{}): {} open, {} deep water, {} rubble{extra}, {} smoke, {} without a dot\n",
        b.width(),
        b.height(),
        b.height(),
        count(Terrain::Open),
        count(Terrain::Water),
        count(Terrain::Rubble),
        count(Terrain::Smoke),
        count(Terrain::NoDot)
    ));
    let crates = b.squares().filter(|&s| b.cover(s) == Some(CoverElement::AmmoCrate)).count();
    let traps = b.squares().filter(|&s| b.cover(s) == Some(CoverElement::AntiTankTrap)).count();
    out.push_str(&format!(
        "  cover elements: {}, {}\n",
        plural(crates, "ammo crate", "ammo crates"),
        plural(traps, "anti-tank trap", "anti-tank traps")
    ));
    let sts: Vec<String> = b
        .structures()
        .iter()
        .map(|s| {
            format!(
                "{} ({}, {}, {})",
                s.name,
                plural(s.interior.len(), "space", "spaces"),
                plural(s.entrances.len(), "entrance", "entrances"),
                plural(s.inner_walls.len(), "interior wall", "interior walls")
            )
        })
        .collect();
    out.push_str(&format!(
        "  structures: {}{}\n",
        sts.len(),
        if sts.is_empty() {
            String::new()
        } else {
            format!(": {}", sts.join("; "))
        }
    ));
    let per_side: Vec<String> = Side::ALL
        .iter()
        .map(|&side| {
            let n = |k: PieceKind| m.pieces.iter().filter(|p| p.side == side && p.kind == k).count();
            format!(
                "side {}: {}, {}, {}",
                side.to_string().to_lowercase(),
                plural(n(PieceKind::Squad), "squad", "squads"),
                plural(n(PieceKind::Hero), "hero", "heroes"),
                plural(n(PieceKind::Vehicle), "vehicle", "vehicles")
            )
        })
        .collect();
    out.push_str(&format!("  pieces: {} ({})\n", m.pieces.len(), per_side.join("; ")));
    out.push_str(&format!(
        "  entry squares: a {}, b {}; cover zone: {}; objectives: {}\n",
        m.entry.a.len(),
        m.entry.b.len(),
        plural(m.cover_zone.len(), "space", "spaces"),
        m.objectives.len()
    ));
    out
}
