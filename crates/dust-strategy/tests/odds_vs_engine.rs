//! The exact odds (a Markov chain) against a seeded Monte Carlo of the engine's own battle
//! resolution ("Land Battles", "Sea Battles", "Amphibious Battles"), with the same casualty
//! policy and no retreats.

use dust_strategy::deck::Ability;
use dust_strategy::game::{Decision, Game, GameConfig, Owner, Pending, PlayerId};
use dust_strategy::odds::{battle_odds, policy_hit_land, BattleType, OddsQuery};
use dust_strategy::{CardId, GameRng, Units};

struct Case {
    kind: BattleType,
    from: &'static str,
    to: &'static str,
    att: &'static str,
    def: &'static str,
    pc: bool,
    capital: bool,
    extra: &'static [(&'static str, &'static str)],
}

fn simulate(c: &Case, runs: u32, seed: u64) -> (f64, f64, f64) {
    let base = {
        let mut g = Game::builtin(GameConfig::new(2)).unwrap();
        g.edit_clear_board();
        let m = g.map_arc();
        let f = m.find(c.from).unwrap();
        let t = m.find(c.to).unwrap();
        g.edit_area(f, Some(Owner::Player(PlayerId(0))), Units::parse(c.att).unwrap(), false);
        g.edit_area(t, Some(Owner::Player(PlayerId(1))), Units::parse(c.def).unwrap(), c.pc);
        for (name, u) in c.extra {
            g.edit_area(
                m.find(name).unwrap(),
                Some(Owner::Player(PlayerId(0))),
                Units::parse(u).unwrap(),
                false,
            );
        }
        g.edit_capital_attacked(true);
        let card = (0..45u8)
            .map(CardId)
            .find(|&k| g.deck().card(k).ability == Ability::Koshka && g.deck().card(k).combat >= 1)
            .unwrap();
        g.edit_start_turn(2, PlayerId(0), Some(card));
        g.apply(Decision::EndProduction).unwrap();
        g.apply(Decision::Attack { from: f, to: t }).unwrap();
        while let Some((_, _, hi)) = g.count_question() {
            g.apply(Decision::Count(hi)).unwrap();
        }
        (g, f, t)
    };
    let (g0, f, t) = base;
    let mut rng = GameRng::new(seed);
    let (mut wins, mut att_surv, mut def_surv) = (0u32, 0u64, 0u64);
    for _ in 0..runs {
        let mut g = g0.clone();
        while g.battle_view().is_some() {
            match g.pending() {
                Pending::Chance(_) => {
                    g.resolve_chance(&mut rng);
                }
                Pending::Decision(_) => {
                    let d = match g.casualty_question() {
                        Some((victim, h)) => Decision::HitLand(policy_hit_land(victim, h) as u8),
                        None => {
                            let l = g.legal_decisions();
                            if l.contains(&Decision::Roll) {
                                Decision::Roll
                            } else {
                                Decision::Pass
                            }
                        }
                    };
                    g.apply(d).unwrap();
                }
                Pending::GameOver => break,
            }
        }
        let target = g.area(t);
        // "Attacker wins": every defender destroyed (in a sea battle both sides may go down
        // together, leaving the area empty).
        if target.owner != Some(Owner::Player(PlayerId(1))) {
            wins += 1;
            att_surv += u64::from(target.units.total());
        } else {
            def_surv += u64::from(target.units.total());
        }
        att_surv += u64::from(g.area(f).units.total());
    }
    let n = f64::from(runs);
    (f64::from(wins) / n, att_surv as f64 / n, def_surv as f64 / n)
}

#[test]
fn exact_odds_agree_with_the_engine() {
    let cases = [
        Case {
            kind: BattleType::Land,
            from: "Canada",
            to: "Alaska",
            att: "3t1m1f",
            def: "2t1m",
            pc: false,
            capital: false,
            extra: &[],
        },
        Case {
            kind: BattleType::Land,
            from: "Canada",
            to: "Alaska",
            att: "2t",
            def: "2t",
            pc: false,
            capital: false,
            extra: &[],
        },
        Case {
            kind: BattleType::Land,
            from: "Canada",
            to: "Alaska",
            att: "4t2m",
            def: "2t1f",
            pc: true,
            capital: false,
            extra: &[],
        },
        Case {
            kind: BattleType::Land,
            from: "Canada",
            to: "Washington",
            att: "5t3m",
            def: "2t",
            pc: true,
            capital: true,
            extra: &[],
        },
        Case {
            kind: BattleType::Sea,
            from: "North Atlantic",
            to: "North Sea",
            att: "3s",
            def: "2s",
            pc: false,
            capital: false,
            extra: &[],
        },
        Case {
            kind: BattleType::Amphibious,
            from: "Washington",
            to: "Spain",
            att: "3t1m",
            def: "2t",
            pc: false,
            capital: false,
            extra: &[("North Atlantic", "1s")],
        },
    ];
    for (i, c) in cases.iter().enumerate() {
        let mut q = OddsQuery::new(c.kind, Units::parse(c.att).unwrap(), Units::parse(c.def).unwrap());
        q.production_center = c.pc;
        q.capital = c.capital;
        let exact = battle_odds(&q).unwrap();
        let runs = 4000;
        let (p, a, d) = simulate(c, runs, 100 + i as u64);
        let sigma = (exact.attacker_wins * (1.0 - exact.attacker_wins) / f64::from(runs))
            .sqrt()
            .max(1e-3);
        assert!(
            (p - exact.attacker_wins).abs() < 4.5 * sigma,
            "case {i}: engine {p} vs exact {}",
            exact.attacker_wins
        );
        assert!(
            (a - exact.attacker_survivors).abs() < 0.15,
            "case {i}: attacker survivors {a} vs {}",
            exact.attacker_survivors
        );
        assert!(
            (d - exact.defender_survivors).abs() < 0.15,
            "case {i}: defender survivors {d} vs {}",
            exact.defender_survivors
        );
    }
}
