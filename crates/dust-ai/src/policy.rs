//! The light policy of MCTS rollouts: random, but not silly, and cheap (no line of sight, no
//! clones). It aims each line at the target it damages most, prefers attacking plans when an
//! attack is possible, moves towards the enemy, reacts and retaliates.

use crate::eval::{self, AttackMode};
use dust_core::game::{Action, Decision, Game, Optional, Pending, Plan, Target};
use dust_core::{GameRng, Side, Square};

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
            let holding = !can_attack
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
        Decision::Activate(_)
        | Decision::Casualty(_)
        | Decision::Skill(..)
        | Decision::Spread(_)
        | Decision::Revive(_)
        | Decision::Face(_) => pick(rng),
        Decision::Reserve(_) => {
            if options.contains(&Decision::Reserve(true)) {
                Decision::Reserve(true)
            } else {
                pick(rng)
            }
        }
    }
}

fn dist(game: &Game, side: Side, d: Decision) -> u32 {
    match d {
        Decision::MoveTo(s) => nearest(game, side, s),
        _ => u32::MAX,
    }
}

fn nearest(game: &Game, side: Side, s: Square) -> u32 {
    eval::nearest_enemy(game, side, s)
}
