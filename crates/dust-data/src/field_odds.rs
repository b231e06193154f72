//! The exact odds of a Battlefield attack from where the units stand: the one definition that
//! `dust1947 odds --table … --attacker … --target … [--at X,Y]` and the server's live game
//! (`/api/battlefield/games/{id}/odds`) both answer with. The chances are the engine's own
//! ([`FieldGame::attack_odds`]: the live roll's plan, each die's chance of ending as an unsaved
//! hit), so what a player is shown is what the dice will be rolled for.

use dust_core::field::{Aim, AttackOdds, FieldGame};
use dust_geom::exact::Pt;
use serde_json::{json, Value};

/// The weapon lines of unit `u` that can fire at unit `v` as the table stands, each aimed: the
/// lines named by `lines` (each a prefix of a weapon's name, case-insensitive; empty: every
/// line), a template line at `at` or else centred on each target miniature in turn, the first
/// that fires. Returns the aims and, for each line that cannot fire, `NAME: why`.
pub fn odds_aims(game: &FieldGame, u: usize, v: usize, lines: &[String], at: Option<Pt>, sustained: bool) -> (Vec<Aim>, Vec<String>) {
    let t = game.table();
    let card = &game.card(u).card;
    let chosen: Vec<u8> = (0..card.weapons.len() as u8)
        .filter(|&l| {
            lines.is_empty()
                || lines
                    .iter()
                    .any(|n| card.weapons[usize::from(l)].name.to_lowercase().starts_with(&n.to_lowercase()))
        })
        .collect();
    let mut aims: Vec<Aim> = Vec::new();
    let mut refused = Vec::new();
    for line in chosen {
        let mut with = aims.clone();
        let aim = Aim { line, target: v, at: None };
        with.push(aim.clone());
        match game.attack_odds(u, &with, sustained) {
            Ok(_) => aims.push(aim),
            Err(e) => {
                // A template weapon: at `at`, or else centred (aimed) on each target miniature
                // in turn, the first that fires.
                let points: Vec<Pt> = match at {
                    Some(p) => vec![p],
                    None => t.units[v].minis.iter().map(|m| m.body.centre()).collect(),
                };
                let fits = points.into_iter().find_map(|p| {
                    let mut w2 = aims.clone();
                    let aim = Aim {
                        line,
                        target: v,
                        at: Some(p),
                    };
                    w2.push(aim.clone());
                    game.attack_odds(u, &w2, sustained).is_ok().then_some(aim)
                });
                if let Some(aim) = fits {
                    aims.push(aim);
                    continue;
                }
                refused.push(format!("{}: {e}", card.weapons[usize::from(line)].name));
            }
        }
    }
    (aims, refused)
}

/// The odds as JSON: each group (`line`, `target`, `firers`, `dice`, `cover`, `template`,
/// `close`, `p_unsaved_per_die`, `unsaved_hits` — entry `k` the chance of `k`), the expected
/// unsaved hits and the expected damage (casualties of a squad, points of a damage track).
pub fn odds_json(game: &FieldGame, u: usize, o: &AttackOdds) -> Value {
    let t = game.table();
    let card = &game.card(u).card;
    let groups: Vec<Value> = o
        .groups
        .iter()
        .map(|(g, q, dist)| {
            json!({
                "line": card.weapons.get(usize::from(g.line)).map_or("?", |w| w.name.as_str()),
                "line_index": g.line,
                "target": t.units[g.target].name,
                "target_index": g.target,
                "firers": g.firers,
                "dice": g.dice,
                "cover": g.cover,
                "template": g.template,
                "close": g.close,
                "chain": g.chain,
                "p_unsaved_per_die": q,
                "unsaved_hits": dist,
                "valid": g.valid,
            })
        })
        .collect();
    json!({
        "groups": groups,
        "expected_unsaved_hits": o.expected_hits(),
        "expected_damage": o.expected_damage(game),
    })
}
