//! `dust1947 reach FILE AT --unit KIND --move N`: where a unit can end its move this activation.

use super::{load_map, square_arg, to_json, Kind};
use anyhow::bail;
use dust_core::{Board, Mover, PieceKind, Side, Square};
use dust_data::map::grid_char;
use dust_data::MapFile;
use serde_json::{json, Map, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the unit at AT can end this activation, with a path to each space.
///
/// A piece of the map file at AT is the unit that moves: its side decides who is friend or foe
/// (side a when no piece stands there) and `--unit` overrides its kind. Every other piece of
/// the file is in the way as the rules say.
#[derive(clap::Args, Debug)]
#[command(after_help = "Example: dust1947 reach maps/structures-example.toml A1 --unit squad --move 2 --actions 2 --json")]
pub struct Args {
    /// The map file (TOML, see docs/map-format.md).
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The space the unit starts in, like C4.
    #[arg(value_name = "AT")]
    at: String,
    /// The moving unit's kind (required when no piece stands at AT).
    #[arg(long, value_enum)]
    unit: Option<Kind>,
    /// Movement points per move action (the unit card's movement value), 1 to 20.
    #[arg(long = "move", value_name = "N", value_parser = clap::value_parser!(u8).range(1..=20))]
    movement: u8,
    /// Move actions this activation: 1 (move, then attack) or 2 (move twice).
    #[arg(long, value_name = "1|2", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    actions: u8,
    /// Agile: every diagonal step costs 1.
    #[arg(long)]
    agile: bool,
    /// Fast: one move action gets one more space.
    #[arg(long)]
    fast: bool,
    /// Jump: pass over obstacles and land in an empty space.
    #[arg(long)]
    jump: bool,
    /// Print one JSON object: squares, paths, costs, from, unit, side, move, actions, edition.
    #[arg(long)]
    json: bool,
    /// The rules edition: `revised` (default) or `battlefront`. Both move on the same grid;
    /// the battlefront edition's corners count every square the unit cannot enter ("Moving
    /// Around Corners"), and `--actions 2` is a March Move: one move of twice the Move rating
    /// ("doubles its Move rating for the activation"; docs/rulings.md, "Battlefront March Move").
    #[arg(long, value_name = "revised|battlefront", default_value = "revised")]
    edition: dust_core::Edition,
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    let map = load_map(&a.file)?;
    let at = square_arg(&map, &a.file, &a.at, "AT")?;
    if map.board.terrain(at) == dust_core::Terrain::NoDot {
        bail!(
            "AT: {at} has no dot in `{}`: no unit can stand there, give a space with a dot",
            a.file.display()
        );
    }
    let piece = map.main_piece_at(at);
    let kind = match (a.unit, piece) {
        (Some(k), _) => PieceKind::from(k),
        (None, Some(p)) => p.kind,
        (None, None) => bail!(
            "no piece stands on {at} in `{}`: say which unit moves with --unit squad|hero|vehicle",
            a.file.display()
        ),
    };
    let side = piece.map_or(Side::A, |p| p.side);
    // Battlefront: a March Move is one move of the doubled rating (Fast still one square more).
    let march = a.edition == dust_core::Edition::Battlefront && a.actions == 2;
    let mover = Mover {
        at,
        kind,
        side,
        movement: if march { a.movement.saturating_mul(2) } else { a.movement },
        actions: if march { 1 } else { a.actions },
        agile: a.agile,
        fast: a.fast,
        jump: a.jump,
    };
    let occ = map.occupancy();
    let r = dust_core::reach::reach_after_in(&map.board, &occ, &mover, false, a.edition);
    let squares = r.squares();
    if a.json {
        let mut paths = Map::new();
        let mut costs = Map::new();
        for &s in &squares {
            let path: Vec<String> = r.path(s).unwrap_or_default().iter().map(ToString::to_string).collect();
            paths.insert(s.to_string(), json!(path));
            costs.insert(s.to_string(), json!(r.cost(s)));
        }
        let v = json!({
            "from": at.to_string(),
            "unit": kind.name(),
            "side": side.to_string().to_lowercase(),
            "move": a.movement,
            "actions": a.actions,
            "agile": a.agile,
            "fast": a.fast,
            "jump": a.jump,
            "edition": a.edition.name(),
            "squares": squares.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "paths": Value::Object(paths),
            "costs": Value::Object(costs),
        });
        println!("{}", to_json(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    let skills: Vec<&str> = [(a.agile, "agile"), (a.fast, "fast"), (a.jump, "jump")]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
    if a.edition == dust_core::Edition::Battlefront && a.actions == 2 {
        println!("battlefront edition: a March Move (one move of twice the Move rating)");
    }
    println!(
        "{} of side {} at {at}, move {}, {} move action{}{}{}",
        kind,
        side.to_string().to_lowercase(),
        a.movement,
        a.actions,
        if a.actions == 1 { "" } else { "s" },
        if skills.is_empty() { "" } else { ", " },
        skills.join(", ")
    );
    if squares.is_empty() {
        println!("it cannot move anywhere");
    } else {
        println!("can end in {} spaces:", squares.len());
        for &s in &squares {
            let path: Vec<String> = r.path(s).unwrap_or_default().iter().map(ToString::to_string).collect();
            println!("  {s:<4} cost {:>2}  {}", r.cost(s).unwrap_or(0), path.join(" > "));
        }
    }
    println!();
    print!("{}", picture(&map, at, &|s| r.contains(s)));
    Ok(ExitCode::SUCCESS)
}

/// The board, top row first: `@` the start, `*` a reachable space, pieces as letters
/// (side a: Q squad, H hero, V vehicle; side b in lower case), else the grid character.
fn picture(map: &MapFile, start: Square, reachable: &dyn Fn(Square) -> bool) -> String {
    let b: &Board = &map.board;
    let mut out = String::new();
    for r in (0..b.height()).rev() {
        out.push_str(&format!("{:>3} ", u32::from(r) + 1));
        for c in 0..b.width() {
            let s = Square::new(c, r);
            let ch = if s == start {
                '@'
            } else if reachable(s) {
                '*'
            } else if let Some(p) = map.main_piece_at(s) {
                let ch = match p.kind {
                    PieceKind::Squad => 'Q',
                    PieceKind::Hero => 'H',
                    PieceKind::Vehicle => 'V',
                };
                if p.side == Side::A {
                    ch
                } else {
                    ch.to_ascii_lowercase()
                }
            } else {
                grid_char(b, s)
            };
            out.push(' ');
            out.push(ch);
        }
        out.push('\n');
    }
    out.push_str("    ");
    for c in 0..b.width() {
        out.push(' ');
        out.push(char::from(b'A' + c));
    }
    out.push_str("\n\n    @ start, * can end here, Q/H/V pieces of side a (q/h/v side b), . ~ x s # a t terrain (docs/map-format.md)\n");
    out
}
