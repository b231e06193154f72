//! The questions a Battlefield player asks about attacks with one memo of lines of sight and
//! cover for the whole position ([`dust_core::field::SightMemo`]) get the answers the live
//! game's own definitions give: [`FieldGame::attack_allowed`] refuses exactly the attacks
//! [`FieldGame::attack_odds`] refuses, and [`FieldGame::attack_odds_memo`] gives the same odds,
//! on every shipped table, along greedy games, for every unit, enemy and weapon line.

use dust_ai::field::{FieldGreedy, FieldPlayer};
use dust_core::field::{Aim, FieldGame, Pending, SightMemo};

/// Every (unit, enemy, line) question of one position, asked with one shared memo and each
/// with a fresh one; returns how many attacks were allowed.
fn compare(g: &FieldGame) -> usize {
    let mut memo = SightMemo::new();
    let mut allowed = 0;
    // Both orders of the attacking units with one memo: an answer kept for the wrong unit
    // would show in one of them.
    let n = g.units().len();
    for u in (0..n).chain((0..n).rev()) {
        if g.units()[u].destroyed {
            continue;
        }
        let lines = g.card(u).card.weapons.len() as u8;
        for t in 0..g.units().len() {
            if g.units()[t].side == g.units()[u].side || g.units()[t].destroyed {
                continue;
            }
            let mut all = Vec::new();
            for line in 0..lines {
                let aim = [Aim { line, target: t, at: None }];
                let fresh = g.attack_odds(u, &aim, false);
                let shared = g.attack_allowed(u, &aim, false, &mut memo);
                assert_eq!(
                    fresh.as_ref().err(),
                    shared.as_ref().err(),
                    "unit {u} line {line} at {t}: the same verdict and refusal"
                );
                assert_eq!(fresh, g.attack_odds_memo(u, &aim, false, &mut memo), "unit {u} line {line} at {t}");
                if fresh.is_ok() {
                    allowed += 1;
                    all.push(aim[0].clone());
                }
            }
            if all.len() > 1 {
                for sustained in [false, true] {
                    assert_eq!(
                        g.attack_odds(u, &all, sustained),
                        g.attack_odds_memo(u, &all, sustained, &mut memo),
                        "unit {u}'s lines together at {t}"
                    );
                }
            }
        }
    }
    allowed
}

#[test]
fn a_shared_memo_gives_the_live_definitions_answers() {
    let mut allowed = 0;
    let mut positions = 0;
    for (name, _) in dust_data::field_record::SHIPPED_TABLES {
        let setup = dust_data::field_record::shipped_setup(name, 4, None).expect("shipped");
        let mut g = FieldGame::new(setup, 5).expect("set-up");
        g.set_logging(false);
        let mut players = [FieldGreedy::new(1), FieldGreedy::new(2)];
        let mut n = 0;
        while let Pending::Decision(s) = g.pending() {
            // Every fifth position: the game moves on between them.
            if n % 5 == 0 {
                allowed += compare(&g);
                positions += 1;
            }
            let d = players[s.index()].decide(&g);
            g.apply(d).expect("greedy's decisions are legal");
            n += 1;
        }
    }
    assert!(positions > 40, "{positions} positions compared");
    assert!(allowed > 0, "some attacks were allowed among them, so both answers were compared");
}
