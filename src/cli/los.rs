//! `dust1947 los FILE FROM TO`: line of sight, cover and range between two spaces of a map.

use super::{load_map, square_arg, to_json, Kind};
use anyhow::bail;
use dust_core::{line_of_sight, range, CoverLevel, PieceKind, Shot};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// Line of sight, cover and range from FROM to TO.
///
/// The pieces of the map file at FROM and TO are the attacker and the target (a squad with a
/// hero joined counts as a squad); the flags override their kinds; a space with no piece and no
/// flag holds a squad. Every piece of the file can block the line.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example: dust1947 los maps/structures-example.toml A1 D4 --json")]
pub struct Args {
    /// The map file (TOML, see docs/map-format.md).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The attacker's space, like C4.
    #[arg(value_name = "FROM")]
    from: String,
    /// The target's space, like F7.
    #[arg(value_name = "TO")]
    to: String,
    /// The attacker's kind (default: the piece at FROM, else squad).
    #[arg(long, value_enum)]
    attacker: Option<Kind>,
    /// The target's kind (default: the piece at TO, else squad).
    #[arg(long, value_enum)]
    target: Option<Kind>,
    /// Print one JSON object: los, cover, range, reason, cover_reasons, from, to, attacker, target.
    #[arg(long)]
    json: bool,
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    let map = load_map(&a.file)?;
    let from = square_arg(&map, &a.file, &a.from, "FROM")?;
    let to = square_arg(&map, &a.file, &a.to, "TO")?;
    if from == to {
        bail!("FROM and TO are both {from}: give two different spaces");
    }
    let kind_at = |s, flag: Option<Kind>| {
        flag.map(PieceKind::from)
            .or_else(|| map.main_piece_at(s).map(|p| p.kind))
            .unwrap_or(PieceKind::Squad)
    };
    let shot = Shot {
        from,
        to,
        attacker: kind_at(from, a.attacker),
        target: kind_at(to, a.target),
    };
    let occ = map.occupancy();
    let result = line_of_sight(&map.board, &occ, &shot);
    let dist = range(from, to);
    let not_a_squad = shot.target != PieceKind::Squad;
    let note = not_a_squad.then(|| format!("the target is a {}: heroes alone and vehicles get no cover saves", shot.target));
    if a.json {
        let (los, reason, cover, reasons) = match &result {
            Ok(c) => (true, None, c.level, c.sources.reasons()),
            Err(b) => (false, Some(b.to_string()), CoverLevel::None, Vec::new()),
        };
        let v = json!({
            "from": from.to_string(),
            "to": to.to_string(),
            "attacker": shot.attacker.name(),
            "target": shot.target.name(),
            "los": los,
            "reason": reason,
            "cover": cover.name(),
            "cover_reasons": reasons,
            "note": note,
            "range": dist,
        });
        println!("{}", to_json(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("from {from} ({}) to {to} ({})", shot.attacker, shot.target);
    match &result {
        Ok(cover) => {
            println!("line of sight: yes");
            println!("cover: {}", cover.level.name());
            for r in cover.sources.reasons() {
                if not_a_squad {
                    println!("  - (a squad here would get) {r}");
                } else {
                    println!("  - {r}");
                }
            }
            if let Some(n) = &note {
                println!("  note: {n}");
            }
        }
        Err(blocked) => {
            println!("line of sight: no: {blocked}");
            println!("cover: none (no line of sight)");
        }
    }
    println!("range: {dist}");
    Ok(ExitCode::SUCCESS)
}
