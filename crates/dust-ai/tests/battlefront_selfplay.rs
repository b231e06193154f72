//! Issue 10: AI self-play of every battlefront scenario with every pair of battlegroups
//! (tactics-battlefront-2013-rules.txt, "Dust Tactics Starter Sets": Taskforce Joe, Kampfgruppe
//! Stefan, Battlegroup Koshka; "Scenario 1: Encounter" to "Scenario 5: All-Out Attack"): the
//! greedy player against the random player, both ways round, in each of the five scenarios with
//! each ordered pair of different battlegroups. Every decision is one the engine offers (the
//! engine's checked `Game::apply` takes it), the state stays legal after every decision and every
//! dice roll (units on the board, on squares no other unit holds, health within the card) and
//! every game ends.

use dust_ai::{GreedyPlayer, Player, RandomPlayer};
use dust_core::game::{Game, Pending, UnitId};
use dust_core::Edition;
use dust_core::{GameRng, Side};
use dust_data::army::{parse_army, ArmyFile};
use dust_data::builtin::load_card_files_for;
use dust_data::scenario::load_builtin;

const SCENARIOS: [&str; 5] = ["encounter", "grab-the-dust", "bait-and-flank", "supply-drop", "all-out-attack"];

fn battlegroups() -> Vec<ArmyFile> {
    [
        ("bf-taskforce-joe.toml", include_str!("../../../data/armies/bf-taskforce-joe.toml")),
        (
            "bf-kampfgruppe-stefan.toml",
            include_str!("../../../data/armies/bf-kampfgruppe-stefan.toml"),
        ),
        (
            "bf-battlegroup-koshka.toml",
            include_str!("../../../data/armies/bf-battlegroup-koshka.toml"),
        ),
    ]
    .iter()
    .map(|(f, t)| parse_army(t, f).unwrap_or_else(|d| panic!("{f}: {d:?}")))
    .collect()
}

/// The legal-state invariants after every step: health within the card, a destroyed unit off
/// the board, every square of a unit on the board, and units share a square only as the shared
/// engine allows ("Heroes": "a hero can share a space with a friendly unit"): one side, and
/// every unit there but one a hero.
fn check_state(g: &Game, what: &str) {
    use dust_core::UnitKind;
    let mut on: Vec<(dust_core::Square, UnitId)> = Vec::new();
    for i in 0..g.units().len() {
        let id = UnitId(i as u8);
        let u = g.unit(id);
        assert!(
            u.health <= u.card.health,
            "{what}: {} has {} health of {}",
            u.card.name,
            u.health,
            u.card.health
        );
        if u.destroyed {
            assert!(
                g.unit_squares(id).is_empty(),
                "{what}: destroyed {} still on the board",
                u.card.name
            );
            continue;
        }
        let squares = g.unit_squares(id);
        if u.at.is_some() {
            assert!(!squares.is_empty(), "{what}: {} has no square", u.card.name);
        }
        for s in squares {
            assert!(g.board().contains(s), "{what}: {} off the board at {s}", u.card.name);
            on.push((s, id));
        }
    }
    for &(s, id) in &on {
        let here: Vec<UnitId> = on.iter().filter(|(q, _)| *q == s).map(|x| x.1).collect();
        let side = g.unit(id).side;
        let others = here.iter().filter(|&&o| g.unit(o).card.kind != UnitKind::Hero).count();
        let names = || here.iter().map(|&o| g.unit(o).card.name.clone()).collect::<Vec<_>>().join(", ");
        assert!(
            here.iter().all(|&o| g.unit(o).side == side),
            "{what}: both sides on {s}: {}",
            names()
        );
        assert!(others <= 1, "{what}: {} units that are not heroes on {s}: {}", others, names());
    }
}

fn play(scenario: &str, a: &ArmyFile, b: &ArmyFile, greedy_side: Side, seed: u64) {
    let mut s = load_builtin(scenario).expect("ships clean");
    assert_eq!(s.edition, Edition::Battlefront);
    s.armies.a = a.to_scenario_army(s.armies.a.pos);
    s.armies.b = b.to_scenario_army(s.armies.b.pos);
    let files = load_card_files_for(None, Edition::Battlefront).expect("shipped cards");
    let setup = s.game_setup_with_files(&files).unwrap_or_else(|d| panic!("{scenario}: {d:?}"));
    let what = format!(
        "{scenario}, {} (A) against {} (B), greedy {greedy_side}, seed {seed}",
        a.name, b.name
    );
    let mut g = Game::new(setup).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut greedy = GreedyPlayer::new(seed);
    let mut random = RandomPlayer::new(seed + 1);
    let mut dice = GameRng::new(seed + 2);
    let mut steps = 0u32;
    loop {
        steps += 1;
        assert!(steps < 60_000, "{what}: the game never ended");
        match g.pending() {
            Pending::GameOver { .. } => break,
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                assert!(!g.legal_decisions().is_empty(), "{what}: a decision with nothing to choose");
                let d = if side == greedy_side {
                    greedy.decide(&g)
                } else {
                    random.decide(&g)
                };
                if let Err(e) = g.apply(d) {
                    panic!("{what}: {d} refused: {e}");
                }
            }
        }
        check_state(&g, &what);
    }
}

#[test]
fn every_scenario_with_every_pair_of_battlegroups_ends() {
    let groups = battlegroups();
    let mut games = 0;
    for (si, scenario) in SCENARIOS.iter().enumerate() {
        for (i, a) in groups.iter().enumerate() {
            for (j, b) in groups.iter().enumerate() {
                if i == j {
                    continue;
                }
                let seed = (si * 9 + i * 3 + j) as u64;
                let greedy = if seed.is_multiple_of(2) { Side::A } else { Side::B };
                play(scenario, a, b, greedy, seed);
                games += 1;
            }
        }
    }
    assert_eq!(games, 30);
}
