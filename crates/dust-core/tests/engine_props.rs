//! Property tests of the engine on random legal games (tests_support set-ups: the duel and a
//! skirmish with heroes, vehicles, a Command Squad, artillery, flamethrowers, snipers, cover
//! elements and an objective):
//! - a random legal game never reaches an illegal state (health within bounds, occupancy matches
//!   the units, at most one squad or vehicle per space and never two sides, destroyed units off
//!   the board, victory points equal the AP of destroyed enemies);
//! - every decision offered by `legal_decisions` is accepted by `apply`;
//! - a decision not offered is refused with `Err` and leaves `state_hash` unchanged;
//! - the game always ends within a bounded number of steps.

use dust_core::game::tests_support::{duel, skirmish};
use dust_core::game::{Decision, Game, Optional, Pending, Plan, Target, UnitId};
use dust_core::{GameRng, Occupancy, Side, Square, UnitKind};
use proptest::prelude::*;

/// More than any game of at most 6 rounds can need.
const MAX_STEPS: usize = 20_000;

fn check_invariants(g: &Game) {
    let mut occ = Occupancy::new(g.board());
    for (i, u) in g.units().iter().enumerate() {
        assert!(u.health <= u.card.health, "u{i} health {} > {}", u.health, u.card.health);
        if u.card.kind == UnitKind::Squad {
            assert_eq!(u32::from(u.health), u.alive.count_ones(), "u{i}: miniatures and health");
            assert!(u.alive < 1 << u.card.models.len(), "u{i}: a miniature beyond the card");
        }
        if u.destroyed {
            assert_eq!(u.at, None, "u{i} destroyed but on the board");
            assert_eq!(u.health, 0, "u{i} destroyed with health");
        } else {
            assert!(u.health > 0, "u{i} alive without health");
            if let Some(at) = u.at {
                assert!(g.board().contains(at));
                occ.place(at, u.piece(), u.side);
            }
        }
        if u.is_joined_hero() {
            let s = g.unit(u.joined.unwrap());
            assert_eq!(s.at, u.at, "u{i}: a joined hero shares his squad's space");
            assert_eq!(s.joined, Some(UnitId(i as u8)));
        }
    }
    for s in g.board().squares() {
        assert_eq!(g.occupancy().at(s), occ.at(s), "occupancy of {s}");
        let here: Vec<_> = g.units().iter().filter(|u| !u.destroyed && u.at == Some(s)).collect();
        let big = here.iter().filter(|u| u.card.kind != UnitKind::Hero).count();
        assert!(big <= 1, "{s}: {big} squads or vehicles");
        assert!(here.windows(2).all(|w| w[0].side == w[1].side), "{s}: two sides share a space");
    }
    let mut vp = [0u32; 2];
    for u in g.units() {
        vp[u.side.other() as usize] += u32::from(u.times_destroyed) * u32::from(u.card.ap);
    }
    let got = g.victory_points();
    match g.pending() {
        Pending::GameOver { .. } => {
            assert!(got.a >= vp[0] && got.b >= vp[1], "VP below the AP destroyed");
        }
        _ => assert_eq!((got.a, got.b), (vp[0], vp[1]), "VP equal the AP of destroyed enemies"),
    }
}

/// Decisions of every form, most of them not legal at any given moment.
fn probes(g: &Game) -> Vec<Decision> {
    let mut v = vec![
        Decision::First(Side::A),
        Decision::React(None),
        Decision::Retaliate(true),
        Decision::Plan(Plan::Sustained),
        Decision::Plan(Plan::Charge),
        Decision::Use(Optional::Berserk, true),
        Decision::Use(Optional::MedalOfHonor, true),
        Decision::MoveTo(Square::new(0, 0)),
        Decision::Spread(Square::new(3, 3)),
        Decision::Fire(0),
        Decision::Fire(1),
    ];
    for i in 0..g.units().len() as u8 {
        v.push(Decision::Activate(UnitId(i)));
        v.push(Decision::React(Some(UnitId(i))));
        v.push(Decision::Aim {
            line: 0,
            target: Some(Target::Unit(UnitId(i))),
            ammo: 0,
        });
    }
    v
}

/// Plays one random game, checking the properties at every step.
fn play(setup: dust_core::game::GameSetup, seed: u64) {
    let mut g = Game::new(setup).expect("setup");
    let mut rng = GameRng::new(seed);
    for step in 0..MAX_STEPS {
        check_invariants(&g);
        match g.pending() {
            Pending::GameOver { .. } => return,
            Pending::Chance(r) => {
                assert!(g.legal_decisions().is_empty());
                let k = r.sample(&mut rng);
                g.apply_roll(k);
            }
            Pending::Decision { .. } => {
                let legal = g.legal_decisions();
                assert!(!legal.is_empty(), "a decision is pending but none is offered (step {step})");
                // Refused decisions leave the state untouched.
                let before = g.state_hash();
                for p in probes(&g) {
                    if !legal.contains(&p) {
                        let mut c = g.clone();
                        assert!(c.apply(p).is_err(), "{p} accepted though not offered");
                        assert_eq!(c.state_hash(), before, "{p} refused but the state changed");
                    }
                }
                // Every offered decision is accepted (a few, sampled, when there are many).
                let tries = if legal.len() <= 6 {
                    legal.clone()
                } else {
                    (0..6).map(|_| legal[rng.index(legal.len())]).collect()
                };
                for d in tries {
                    let mut c = g.clone();
                    assert!(c.apply(d).is_ok(), "offered {d} refused");
                    // The text form reads back.
                    assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
                }
                let pick = legal[rng.index(legal.len())];
                g.apply(pick).expect("offered");
            }
        }
    }
    panic!("the game did not end within {MAX_STEPS} steps");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_duels_stay_legal_and_end(seed in any::<u64>()) {
        play(duel(), seed);
    }

    #[test]
    fn random_skirmishes_stay_legal_and_end(seed in any::<u64>(), variant in 0u64..12) {
        play(skirmish(variant), seed);
    }
}

/// The same seed replays the same game: equal hashes after every step.
#[test]
fn replay_reproduces_the_hash() {
    let run = || {
        let mut g = Game::new(skirmish(3)).unwrap();
        let mut rng = GameRng::new(99);
        let mut hashes = Vec::new();
        while !matches!(g.pending(), Pending::GameOver { .. }) {
            if g.roll(&mut rng).is_none() {
                let l = g.legal_decisions();
                g.apply(l[rng.index(l.len())]).unwrap();
            }
            hashes.push(g.state_hash());
        }
        hashes
    };
    assert_eq!(run(), run());
}
