//! The exact ceiling against the random player (`dust_ai::ceiling`, issue 22) checked against
//! computations that share nothing with it but the engine: a plain recursion over every
//! decision and every roll (no table, every casualty on its own), and the initiative's
//! "roll again on a tie" worked out by hand.

use dust_ai::ceiling::{Ceiling, Chances, Objective};
use dust_core::game::{tests_support::duel, Decision, Game, Pending};
use dust_core::{GameRng, Side};

/// What the agent prefers, as the solver's docs define it: more of the objective, then more of
/// the other outcome (differences below 1e-12 are ties).
fn prefers(objective: Objective, v: Chances, b: Chances) -> bool {
    let (kv, kb, mv, mb) = match objective {
        Objective::Win => (v.win, b.win, v.not_lost, b.not_lost),
        Objective::NotLost => (v.not_lost, b.not_lost, v.win, b.win),
    };
    kv > kb + 1e-12 || (kv >= kb - 1e-12 && mv > mb + 1e-12)
}

/// Chances and the probability left unresolved: rolls past `budget` rolls on the path count
/// neither as won nor as not lost, their probability is returned apart.
fn brute(g: &Game, agent: Side, objective: Objective, budget: u32) -> (Chances, f64) {
    match g.pending() {
        Pending::GameOver { winner } => (
            Chances {
                win: f64::from(u8::from(winner == Some(agent))),
                not_lost: f64::from(u8::from(winner != Some(agent.other()))),
            },
            0.0,
        ),
        Pending::Chance(roll) => {
            if budget == 0 {
                return (Chances::default(), 1.0);
            }
            let mut acc = (Chances::default(), 0.0);
            for (k, p) in roll.distribution().into_iter().enumerate() {
                let mut c = g.clone();
                c.apply_roll(k as u16);
                let (v, u) = brute(&c, agent, objective, budget - 1);
                acc.0.win += p * v.win;
                acc.0.not_lost += p * v.not_lost;
                acc.1 += p * u;
            }
            acc
        }
        Pending::Decision { side } => {
            let options = g.legal_decisions();
            let values: Vec<(Chances, f64)> = options
                .iter()
                .map(|&d| {
                    let mut c = g.clone();
                    c.apply(d).expect("a legal decision");
                    brute(&c, agent, objective, budget)
                })
                .collect();
            if side == agent {
                let mut best = values[0];
                for &v in &values[1..] {
                    if prefers(objective, v.0, best.0) {
                        best = v;
                    }
                }
                // The unresolved share of any option bounds the error of the choice.
                (best.0, values.iter().map(|v| v.1).fold(0.0, f64::max))
            } else {
                let n = values.len() as f64;
                values.iter().fold((Chances::default(), 0.0), |acc, v| {
                    (
                        Chances {
                            win: acc.0.win + v.0.win / n,
                            not_lost: acc.0.not_lost + v.0.not_lost / n,
                        },
                        acc.1 + v.1 / n,
                    )
                })
            }
        }
    }
}

fn duel_of(rounds: u8) -> Game {
    let mut s = duel();
    s.round_limit = rounds;
    Game::new(s).unwrap()
}

/// Plays random decisions and dice from `seed` until `stop` holds (or the game ends).
fn play_until(mut g: Game, seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut rng = GameRng::new(seed);
    while !stop(&g) {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut rng);
            }
            Pending::Decision { .. } => {
                let l = g.legal_decisions();
                g.apply(l[rng.index(l.len())]).unwrap();
            }
            Pending::GameOver { .. } => break,
        }
    }
    g
}

/// A position of a duel of two rounds at the start of the second round's activations, both
/// squads whole, on the board and within range 4 of each other.
fn second_round(seed: u64) -> Option<Game> {
    let g = play_until(duel_of(2), seed, |g| {
        g.round() == 2 && g.units().iter().all(|u| !u.activated) && activating(g)
    });
    in_range(&g).then_some(g)
}

/// Whether the pending decision is which unit activates.
fn activating(g: &Game) -> bool {
    matches!(g.pending(), Pending::Decision { .. }) && g.legal_decisions().iter().all(|d| matches!(d, Decision::Activate(_)))
}

fn in_range(g: &Game) -> bool {
    let (Some(a), Some(b)) = (g.units()[0].at, g.units()[1].at) else {
        return false;
    };
    a.col().abs_diff(b.col()).max(a.row().abs_diff(b.row())) <= 4 && g.units().iter().all(|u| u.alive == 0b111)
}

#[test]
fn the_last_activation_by_plain_recursion() {
    // The last activation of a duel of two rounds, the squads whole and within range.
    let start = (0..400)
        .find_map(|seed| {
            let g = play_until(duel_of(2), seed, |g| {
                g.round() == 2 && g.units().iter().any(|u| u.activated) && activating(g)
            });
            in_range(&g).then_some(g)
        })
        .expect("a seed below 400 brings the squads in range");
    let mut seen = Vec::new();
    for agent in [Side::A, Side::B] {
        for objective in [Objective::Win, Objective::NotLost] {
            let (want, unresolved) = brute(&start, agent, objective, u32::MAX);
            assert_eq!(unresolved, 0.0);
            for alike in [true, false] {
                let got = Ceiling::new(agent, objective).alike_casualties(alike).value(&start);
                assert!(
                    (got.win - want.win).abs() < 1e-9 && (got.not_lost - want.not_lost).abs() < 1e-9,
                    "{agent} {objective:?} alike {alike}: solver {got:?}, recursion {want:?}"
                );
            }
            seen.push(want);
        }
    }
    // Not a trivial position: an agent may win, and may lose.
    assert!(
        seen.iter().any(|v| v.win > 0.05) && seen.iter().any(|v| v.not_lost < 0.99),
        "{seen:?}"
    );
}

#[test]
fn an_initiative_tie_is_rolled_again() {
    // tactics-revised-core-rules.md, "INITIATIVE ROLL": "In case of a tie, reroll all dice." So the chances at
    // the roll are those after the rolls that do not tie, weighed by their probability given
    // that they do not tie.
    let start = (0..200)
        .find_map(second_round)
        .expect("a seed below 200 brings the squads in range");
    // The same squads, back at the start of the round (before the initiative roll).
    let before = play_until(duel_of(2), (0..200).find(|&s| second_round(s).is_some()).unwrap(), |g| {
        g.round() == 2 && matches!(g.pending(), Pending::Chance(_))
    });
    assert_eq!(before.units()[0].at, start.units()[0].at);
    let Pending::Chance(roll) = before.pending() else { unreachable!() };
    let p = roll.distribution();
    for agent in [Side::A, Side::B] {
        let mut solver = Ceiling::new(agent, Objective::Win);
        let got = solver.value(&before);
        let (mut sum, mut mass) = (Chances::default(), 0.0);
        for (x, px) in p.iter().enumerate() {
            for (y, py) in p.iter().enumerate() {
                if x == y {
                    continue;
                }
                let mut g = before.clone();
                g.apply_roll(x as u16);
                g.apply_roll(y as u16);
                assert!(
                    matches!(g.pending(), Pending::Decision { .. }),
                    "no tie: the winner chooses who goes first"
                );
                // The same solver: its table holds the positions after the roll.
                let v = solver.value(&g);
                sum.win += px * py * v.win;
                sum.not_lost += px * py * v.not_lost;
                mass += px * py;
            }
        }
        assert!(
            (got.win - sum.win / mass).abs() < 1e-12 && (got.not_lost - sum.not_lost / mass).abs() < 1e-12,
            "{agent}: solver {got:?}, by hand {} {}",
            sum.win / mass,
            sum.not_lost / mass
        );
    }
}

#[test]
fn a_whole_duel_of_one_round_by_plain_recursion() {
    // From the very start: the recursion covers everything after the first initiative roll
    // that does not tie, the rolls weighed as "INITIATIVE ROLL" says (a tie is rolled again).
    let start = duel_of(1);
    let Pending::Chance(roll) = start.pending() else {
        panic!("the game starts with the initiative roll")
    };
    let p = roll.distribution();
    for agent in [Side::A, Side::B] {
        let (mut sum, mut mass) = (Chances::default(), 0.0);
        for (x, px) in p.iter().enumerate() {
            for (y, py) in p.iter().enumerate() {
                if x != y {
                    let mut g = start.clone();
                    g.apply_roll(x as u16);
                    g.apply_roll(y as u16);
                    let (v, unresolved) = brute(&g, agent, Objective::Win, u32::MAX);
                    assert_eq!(unresolved, 0.0);
                    sum.win += px * py * v.win;
                    sum.not_lost += px * py * v.not_lost;
                    mass += px * py;
                }
            }
        }
        let got = Ceiling::new(agent, Objective::Win).value(&start);
        assert!(
            (got.win - sum.win / mass).abs() < 1e-12 && (got.not_lost - sum.not_lost / mass).abs() < 1e-12,
            "{agent}: solver {got:?}, recursion {} {}",
            sum.win / mass,
            sum.not_lost / mass
        );
        assert!(got.win > 0.001, "{got:?}");
    }
}
