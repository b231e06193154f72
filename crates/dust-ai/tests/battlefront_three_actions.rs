//! The AI players with a battlefront Ace Pilot (tactics-battlefront-2013-rules.txt, "Ace
//! Pilot", "No More Than Three Actions"): they plan before the pilot's die as for two actions,
//! declare one of the three-action plans offered when it gives a third action, and every
//! decision they make is legal.

use dust_ai::{GreedyPlayer, Player};
use dust_core::game::tests_support::{open_game, placed, rifle, squad};
use dust_core::game::{Decision, Game, Pending, Plan};
use dust_core::unit::{BattlefrontCard, BattlefrontSkill, BattlefrontWeapon};
use dust_core::{Armor, ArmorType, Edition, GameRng, Side, UnitCard, UnitKind, WeaponRange};
use std::sync::Arc;

const R6: WeaponRange = WeaponRange::Spaces { min: 1, max: 6 };

fn setup() -> dust_core::game::GameSetup {
    let mut tank = squad("Tank", 1, vec![rifle("Gun", R6, 2)]);
    tank.kind = UnitKind::Vehicle;
    tank.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    tank.health = 4;
    tank.models.clear();
    let mut ace = squad("Ace", 1, Vec::new());
    ace.kind = UnitKind::Hero;
    ace.health = 3;
    ace.models.clear();
    let mut pilot = placed(&Arc::new(ace), Side::A, "C2");
    pilot.battlefront = Some(Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::VehiclePilot, BattlefrontSkill::AcePilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    }));
    pilot.joins = Some(0);
    let rifles: Arc<UnitCard> = Arc::new(squad("Rifles", 3, vec![rifle("Rifle", R6, 1)]));
    let units = vec![
        placed(&Arc::new(tank), Side::A, "C2"),
        pilot,
        placed(&rifles, Side::B, "C7"),
        placed(&rifles, Side::B, "E7"),
    ];
    let mut s = open_game(6, 8, units);
    s.edition = Edition::Battlefront;
    s
}

#[test]
fn greedy_declares_three_actions_for_an_ace_pilot() {
    let mut threes = 0;
    for seed in 0..4u64 {
        let mut g = Game::new(setup()).expect("setup");
        let mut players = [GreedyPlayer::new(seed), GreedyPlayer::new(seed + 100)];
        let mut rng = GameRng::new(seed);
        let mut steps = 0;
        loop {
            match g.pending() {
                Pending::GameOver { .. } => break,
                Pending::Chance(_) => {
                    g.roll(&mut rng);
                }
                Pending::Decision { side } => {
                    let d = players[usize::from(side == Side::B)].decide(&g);
                    if matches!(d, Decision::Plan(Plan::Three(..))) {
                        threes += 1;
                    }
                    g.apply(d).expect("the greedy player's decision is legal");
                }
            }
            steps += 1;
            assert!(steps < 20_000, "seed {seed}: the game does not end");
        }
    }
    assert!(threes > 0, "the greedy player took a third action");
}

/// The MCTS player follows the greedy planner's plans; with an Ace Pilot's third action the
/// planned activation is not offered and it declares among what is.
#[test]
fn mcts_plays_an_ace_pilot_legally() {
    use dust_ai::{Budget, MctsConfig, MctsPlayer};
    let config = MctsConfig {
        budget: Budget::Iterations(8),
        threads: 1,
        ..MctsConfig::default()
    };
    let mut g = Game::new(setup()).expect("setup");
    let mut a = MctsPlayer::new(config, 1);
    let mut b = GreedyPlayer::new(2);
    let mut rng = GameRng::new(3);
    let mut steps = 0;
    while !matches!(g.pending(), Pending::GameOver { .. }) {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut rng);
            }
            Pending::Decision { side: Side::A } => {
                let d = a.decide(&g);
                g.apply(d).expect("the MCTS player's decision is legal");
            }
            Pending::Decision { .. } => {
                let d = b.decide(&g);
                g.apply(d).expect("legal");
            }
            Pending::GameOver { .. } => {}
        }
        steps += 1;
        assert!(steps < 20_000, "the game does not end");
    }
}
