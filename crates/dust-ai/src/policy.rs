//! The light policy of MCTS rollouts: random, but not silly, and cheap (no line of sight, no
//! clones). It aims each line at the target it damages most, prefers attacking plans when an
//! attack is possible, moves towards the enemy (or a hill that wins the game, when nearer),
//! reacts and retaliates; in the battlefront
//! edition it faces the nearest enemy at the end of a Move and places an eliminated unit in
//! reserve when it is worth its place (the greedy player's values).

use crate::eval::{self, AttackMode};
use crate::greedy;
use dust_core::battlefront::Facing;
use dust_core::game::{Action, Decision, Game, Optional, Pending, Plan, Target, UnitId};
use dust_core::{range, GameRng, Side, Square};

/// A decision among `options` (the legal decisions of `game`, not empty).
pub fn light(game: &Game, options: &[Decision], rng: &mut GameRng) -> Decision {
    let pick = |rng: &mut GameRng| options[rng.index(options.len())];
    match options[0] {
        Decision::First(_) => match game.pending() {
            Pending::Decision { side } => Decision::First(side),
            _ => pick(rng),
        },
        Decision::Plan(_) => {
            let can_attack = options.contains(&Decision::Plan(Plan::Sustained));
            // A patient army holds, unless a hill wins the game: then it races for it.
            let holding = !can_attack
                && !hill(game)
                && game.declaring().is_some_and(|u| {
                    let unit = game.unit(u);
                    unit.at.is_some() && eval::approach_weight(game, unit.side) == 0.0
                });
            let wanted: &[Plan] = if holding {
                &[Plan::Two(Action::Nothing, Action::Nothing)]
            } else if can_attack {
                &[
                    Plan::Two(Action::Move, Action::Attack),
                    Plan::Two(Action::Attack, Action::Move),
                    Plan::Sustained,
                    Plan::Two(Action::Attack, Action::Nothing),
                    Plan::Two(Action::Reload, Action::Attack),
                ]
            } else {
                &[
                    Plan::Two(Action::Move, Action::Move),
                    Plan::Two(Action::Move, Action::Attack),
                    Plan::Two(Action::Move, Action::Reload),
                    Plan::Charge,
                ]
            };
            let choices: Vec<Decision> = options
                .iter()
                .copied()
                .filter(|d| matches!(d, Decision::Plan(p) if wanted.contains(p)))
                .collect();
            if choices.is_empty() || rng.index(8) == 0 {
                pick(rng)
            } else {
                choices[rng.index(choices.len())]
            }
        }
        Decision::MoveTo(_) => {
            let Some(u) = game.declaring() else { return pick(rng) };
            let side = game.unit(u).side;
            // The best of a few random squares by distance to the nearest enemy.
            let mut best = pick(rng);
            let mut best_d = dist(game, side, best);
            for _ in 0..3 {
                let d = pick(rng);
                let dd = dist(game, side, d);
                if dd < best_d {
                    best = d;
                    best_d = dd;
                }
            }
            best
        }
        Decision::Aim { .. } => {
            let Some(u) = game.declaring() else { return pick(rng) };
            let mut best = options[0];
            let mut best_v = 0.0;
            for d in options {
                let Decision::Aim {
                    line,
                    target: Some(Target::Unit(t)),
                    ammo,
                } = *d
                else {
                    continue;
                };
                let l = eval::line_ref(game, u, line);
                let mode = AttackMode {
                    ammo,
                    ..AttackMode::default()
                };
                let v = eval::raw_damage(game, u, l, t, None, mode).map_or(0.0, |x| eval::damage_value(game, t, x))
                    - 0.8 * f64::from(ammo.saturating_sub(1));
                if v > best_v {
                    best = *d;
                    best_v = v;
                }
            }
            best
        }
        Decision::Use(opt, _) => {
            let yes = match opt {
                Optional::Separate | Optional::Assault | Optional::HeroicAttack => rng.index(8) == 0,
                Optional::Berserk | Optional::AllInOne | Optional::FightingSpirit => rng.index(2) == 0,
                Optional::MedalOfHonor => true,
                Optional::Crush => rng.index(2) == 0,
            };
            if options.contains(&Decision::Use(opt, yes)) {
                Decision::Use(opt, yes)
            } else {
                pick(rng)
            }
        }
        Decision::React(_) => {
            if options.len() > 1 && rng.index(3) != 0 {
                options[1 + rng.index(options.len() - 1)]
            } else {
                options[0]
            }
        }
        Decision::Retaliate(_) => {
            if options.contains(&Decision::Retaliate(true)) {
                Decision::Retaliate(true)
            } else {
                pick(rng)
            }
        }
        Decision::Activate(_) | Decision::Casualty(_) | Decision::Skill(..) | Decision::Spread(_) | Decision::Revive(_) => pick(rng),
        // The order of the lines: a line that rolls per targeted miniature (Incendiary) before
        // the lines that kill those miniatures; else card order, now and then any order.
        Decision::Fire(_) => {
            if rng.index(8) == 0 {
                return pick(rng);
            }
            let per_miniature = |d: &Decision| {
                let (Decision::Fire(l), Some(u)) = (d, game.declaring()) else {
                    return false;
                };
                let r = eval::line_ref(game, u, *l);
                game.unit(r.owner).card.weapons.get(r.index).is_some_and(|w| {
                    w.table.soldier.iter().any(|v| {
                        matches!(
                            v,
                            dust_core::CombatValue::Incendiary { .. } | dust_core::CombatValue::ApIncendiary { .. }
                        )
                    })
                })
            };
            options.iter().copied().find(per_miniature).unwrap_or(options[0])
        }
        // Battlefront: face the nearest enemy (now and then any way, to keep rollouts varied).
        Decision::Face(_) => {
            if rng.index(8) == 0 {
                return pick(rng);
            }
            face_nearest(game, options).unwrap_or(options[0])
        }
        // Battlefront: a unit goes to reserve when it is worth its place (the greedy player's
        // values, `greedy::reserve_values`).
        // Where an escaped pilot is placed: at random in rollouts.
        Decision::Escape(_) => pick(rng),
        Decision::Reserve(_) => {
            let Pending::Decision { side } = game.pending() else {
                return pick(rng);
            };
            let (place, keep) = greedy::reserve_values(game, side);
            let want = Decision::Reserve(place >= keep);
            if options.contains(&want) {
                want
            } else {
                pick(rng)
            }
        }
    }
}

/// The facing offered that turns the declaring unit to the nearest enemy (its nearest square,
/// seen from where the unit stands; the facing whose front arc holds it, the nearest to its
/// direction). `None` without a declaring unit on the board or an enemy.
fn face_nearest(game: &Game, options: &[Decision]) -> Option<Decision> {
    let u = game.declaring()?;
    let unit = game.unit(u);
    let at = unit.at?;
    let side = unit.side;
    let target = game
        .units()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.side != side && !e.destroyed && !e.is_joined_hero())
        .filter_map(|(i, e)| e.at.map(|s| eval::squares_at(game, UnitId(i as u8), s)))
        .flatten()
        .filter(|&s| s != at)
        .min_by_key(|&s| range(at, s))?;
    let want = Facing::towards(at, target)?;
    options.iter().copied().find(|d| *d == Decision::Face(want)).or_else(|| {
        options
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Face(f) if f.in_front_arc(at, target)))
    })
}

fn dist(game: &Game, side: Side, d: Decision) -> u32 {
    match d {
        Decision::MoveTo(s) => nearest(game, side, s),
        _ => u32::MAX,
    }
}

/// The distance from `s` to the nearest enemy, or to the nearest objective that wins the game
/// (`wins`, a hill) when that is nearer: rollouts that march only at the enemy never race for a
/// hill, and misjudge every position of a scenario a hill decides (issue 21).
fn nearest(game: &Game, side: Side, s: Square) -> u32 {
    let enemy = eval::nearest_enemy(game, side, s);
    game.objectives()
        .iter()
        .filter(|o| o.wins)
        .map(|o| range(s, o.at))
        .fold(enemy, u32::min)
}

/// Whether the scenario has an objective that wins the game (`wins`).
fn hill(game: &Game) -> bool {
    game.objectives().iter().any(|o| o.wins)
}

/// Plays `game` to its end with the light policy on both sides (the dice from `rng`), as the
/// MCTS rollouts do but without their depth limit: games where the units fight, for the
/// playout benchmark (issue 21; random games mostly march: 99.8% of them end 0-0). Stops after
/// `max_decisions` decisions if the game has not ended; returns the decisions taken.
pub fn playout(game: &mut Game, rng: &mut GameRng, max_decisions: u32) -> u32 {
    let mut decisions = 0;
    loop {
        match game.pending() {
            Pending::GameOver { .. } => return decisions,
            Pending::Chance(_) => {
                game.roll(rng);
            }
            Pending::Decision { .. } => {
                if decisions >= max_decisions {
                    return decisions;
                }
                let options = game.legal_decisions();
                let d = match options.len() {
                    0 => return decisions,
                    1 => options[0],
                    _ => light(game, &options, rng),
                };
                game.apply_unchecked(d);
                decisions += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The rollout policy's battlefront choices (issue 10): tactics-battlefront-2013-rules.txt,
    //! "Move and March Move Actions" (units "end their movement facing in any direction") and
    //! "Reserves" ("the owning player may elect to place it in reserve").
    use super::*;
    use dust_core::battlefront::ScenarioRules;
    use dust_core::game::tests_support::{open_game, placed, rifle, squad, Table};
    use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue, Mount, UnitCard};
    use dust_core::{Armor, ArmorType, Edition, UnitKind, WeaponRange};
    use std::sync::Arc;

    const R6: WeaponRange = WeaponRange::Spaces { min: 1, max: 6 };

    fn riflemen(name: &str, ap: u16) -> Arc<UnitCard> {
        let mut r = rifle("Rifle", R6, 1);
        r.table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
        let mut c = squad(name, 3, vec![r]);
        c.ap = ap;
        Arc::new(c)
    }

    fn battlefront(units: Vec<dust_core::game::UnitSetup>, rules: &str) -> Table {
        let mut s = open_game(8, 12, units);
        s.edition = Edition::Battlefront;
        s.bf_rules = ScenarioRules::preset(rules).expect("a preset");
        Table::new(s)
    }

    /// Issue 21: a hill whose holder wins the game (`wins`) draws the rollouts' moves when it
    /// is nearer than the enemy: from B2, with the enemy ten rows north and the hill on F2, the
    /// chosen square is mostly one nearer the hill.
    #[test]
    fn rollouts_race_for_a_hill() {
        use dust_core::game::tests_support::sq;
        use dust_core::game::ObjectiveSetup;
        let r = riflemen("Runners", 20);
        let mut setup = open_game(8, 12, vec![placed(&r, Side::A, "B2"), placed(&r, Side::B, "B12")]);
        let near = |setup: &dust_core::game::GameSetup| {
            let mut t = Table::new(setup.clone());
            t.initiative(Side::A);
            t.decide("activate u0");
            t.decide("plan move move");
            let options = t.game.legal_decisions();
            assert!(matches!(options[0], Decision::MoveTo(_)), "{options:?}");
            let mut rng = GameRng::new(3);
            (0..400)
                .filter(|_| match light(&t.game, &options, &mut rng) {
                    Decision::MoveTo(s) => range(s, sq("F2")) < range(sq("B2"), sq("F2")),
                    _ => false,
                })
                .count()
        };
        let without = near(&setup);
        setup.objectives = vec![ObjectiveSetup {
            name: "Hill".to_string(),
            at: sq("F2"),
            points: 0,
            wins: true,
            wins_from: 0,
        }];
        let with = near(&setup);
        assert!(
            with > 300 && with > without + 50,
            "{with} of 400 towards the hill ({without} without it)"
        );
    }

    /// A walker with a front-mounted gun moves one square south and takes no Attack: the
    /// engine asks its facing, the way it went (south) first; the only enemy is to the west.
    #[test]
    fn rollouts_face_the_nearest_enemy() {
        let mut gun = rifle("Gun", R6, 3);
        gun.table.vehicle = [CombatValue::Dice { dice: 3, damage: 1 }; 7];
        let mut c = squad("Walker", 1, vec![gun]);
        c.kind = UnitKind::Vehicle;
        c.armor = Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        };
        c.health = 6;
        c.models.clear();
        c.soft_cover = None;
        c.hard_cover = None;
        let mut w = placed(&Arc::new(c), Side::B, "D6");
        w.battlefront = Some(Arc::new(BattlefrontCard {
            weapons: vec![BattlefrontWeapon {
                mount: Some(Mount::Front),
                ..BattlefrontWeapon::default()
            }],
            ..BattlefrontCard::default()
        }));
        let mut t = battlefront(vec![w, placed(&riflemen("Foe", 20), Side::A, "A6")], "encounter");
        t.initiative(Side::B);
        t.decide("activate u0");
        t.decide("plan move nothing");
        t.decide("move D5");
        let options = t.game.legal_decisions();
        assert_eq!(options[0], Decision::Face(Facing(4)), "south first");
        let mut rng = GameRng::new(5);
        let west = (0..400)
            .filter(|_| light(&t.game, &options, &mut rng) == Decision::Face(Facing::WEST))
            .count();
        // 7 in 8 by the rule, and a random eighth now and then.
        assert!(west > 320, "{west} of 400 face west");
    }

    /// Grab the Dust, two places in reserve: a cheap squad eliminated early while two dearer
    /// units fight on is kept out (the greedy player's values), the dearest one placed — with
    /// the event log and without it (search drops it).
    #[test]
    fn rollouts_keep_reserve_places_for_dearer_units() {
        let shooter = Arc::new(squad(
            "Shooters",
            6,
            vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 12 }, 1)],
        ));
        let (cheap, mid, dear) = (riflemen("Cheap", 5), riflemen("Mid", 30), riflemen("Dear", 40));
        for (first, other, want) in [(&cheap, &dear, false), (&dear, &cheap, true)] {
            let mut t = battlefront(
                vec![
                    placed(first, Side::A, "D6"),
                    placed(&mid, Side::A, "A6"),
                    placed(other, Side::A, "H6"),
                    placed(&shooter, Side::B, "D3"),
                ],
                "grab-the-dust",
            );
            t.initiative(Side::B);
            t.activate(3, "nothing attack", &[], &[(0, "u0", 0)], &[]);
            t.decide("react none");
            t.roll(6, 3);
            t.roll(3, 0);
            let options = t.game.legal_decisions();
            assert_eq!(options, [Decision::Reserve(true), Decision::Reserve(false)]);
            let mut rng = GameRng::new(1);
            assert_eq!(light(&t.game, &options, &mut rng), Decision::Reserve(want), "{}", first.name);
            t.game.clear_events();
            assert_eq!(
                light(&t.game, &options, &mut rng),
                Decision::Reserve(want),
                "{}: no log",
                first.name
            );
        }
    }
}
