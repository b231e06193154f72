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
    /// The rules edition: `revised` (default; dot-to-dot lines, soft and hard cover) or
    /// `battlefront` (lines from any point of a square to any point of the other; a unit is in
    /// cover or in the open).
    #[arg(long, value_name = "revised|battlefront", default_value = "revised")]
    edition: dust_core::Edition,
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
    if a.edition == dust_core::Edition::Battlefront {
        return battlefront(a, &map, &occ, &shot);
    }
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

/// The battlefront edition's answer (tactics-battlefront-2013-rules.txt, "3) Check Line of
/// Sight", "Cover Saves"): any point of the attacker's square to any point of the target's;
/// the target is in cover when no point of the attacker's square reaches all of its square,
/// and infantry also in a square with an ammo crate, an anti-tank trap, trees, rubble, a
/// structure or smoke.
fn battlefront(a: &Args, map: &dust_data::MapFile, occ: &dust_core::Occupancy, shot: &Shot) -> anyhow::Result<ExitCode> {
    use dust_core::battlefront::{area_cover, sees};
    use dust_core::Terrain;
    let (from, to) = (shot.from, shot.to);
    let b = &map.board;
    let los = sees(b, occ, from, to);
    let infantry = shot.target != PieceKind::Vehicle;
    let mut reasons = Vec::new();
    if los && area_cover(b, occ, from, to) {
        reasons.push("no point of the attacker's square reaches every point of the target's square".to_string());
    }
    if los && infantry {
        if let Some(el) = b.cover(to) {
            reasons.push(format!("infantry in a square with an {}", el.name()));
        }
        match b.terrain(to) {
            Terrain::Rubble => reasons.push("infantry in rubble".to_string()),
            Terrain::Trees => reasons.push("infantry in trees".to_string()),
            Terrain::Smoke => reasons.push("infantry in smoke".to_string()),
            _ => {}
        }
        if b.structure_at(to).is_some() {
            reasons.push("infantry in a building".to_string());
        }
    }
    let cover = !reasons.is_empty();
    let dist = range(from, to);
    if a.json {
        let v = json!({
            "edition": "battlefront",
            "from": from.to_string(),
            "to": to.to_string(),
            "attacker": shot.attacker.name(),
            "target": shot.target.name(),
            "los": los,
            "reason": (!los).then_some("every line from the attacker's square to the target's square passes through or touches a blocking square"),
            "cover": if cover { "cover" } else { "none" },
            "cover_reasons": reasons,
            "range": dist,
        });
        println!("{}", to_json(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!("from {from} ({}) to {to} ({}), battlefront edition", shot.attacker, shot.target);
    if los {
        println!("line of sight: yes");
        println!("cover: {}", if cover { "in cover" } else { "in the open" });
        for r in &reasons {
            println!("  - {r}");
        }
    } else {
        println!("line of sight: no: every line from {from} to {to} passes through or touches a blocking square");
        println!("cover: none (no line of sight)");
    }
    println!("range: {dist}");
    Ok(ExitCode::SUCCESS)
}
