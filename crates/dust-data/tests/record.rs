//! Game records: the text form round-trips, replays reproduce the game, corrupt records are
//! reported where they break.

use dust_core::game::{Decision, Game, Pending};
use dust_core::{GameRng, Side};
use dust_data::builtin::builtin_cards;
use dust_data::record::{random_game, replay, Record, ReplayError, ScenarioRef};
use dust_data::scenario::{default_setup, load_builtin};
use proptest::prelude::*;

fn annihilation() -> ScenarioRef {
    ScenarioRef::Builtin("annihilation".to_string())
}

fn same(a: &Record, b: &Record) {
    assert_eq!(a.format, b.format);
    assert_eq!(a.edition, b.edition);
    assert_eq!(a.scenario, b.scenario);
    assert_eq!(a.seed, b.seed);
    assert_eq!(a.decisions, b.decisions);
    assert_eq!(a.players, b.players);
    assert_eq!(a.date, b.date);
    assert_eq!(a.final_hash, b.final_hash);
    assert_eq!(a.setup, b.setup);
}

#[test]
fn a_record_round_trips_through_its_text() {
    let (_, mut r) = random_game(annihilation(), default_setup(), 11, 12, 60).unwrap();
    r.players.a = Some("Ann \"the Hammer\"".to_string());
    r.players.b = Some("Bob\\Axis".to_string());
    r.date = Some("2025-05-01".to_string());
    let text = r.to_text();
    let back = Record::parse(&text, "r.toml").unwrap();
    same(&r, &back);
    assert_eq!(back.positions.len(), back.decisions.len());
    assert_eq!(back.to_text(), text);
    // Seeds above i64::MAX are written as strings.
    r.seed = u64::MAX - 5;
    let back = Record::parse(&r.to_text(), "r.toml").unwrap();
    assert_eq!(back.seed, u64::MAX - 5);
}

#[test]
fn an_embedded_scenario_round_trips_and_replays() {
    let s = load_builtin("custom-battle").unwrap().with_layout_seed(77);
    let setup = s.game_setup(&builtin_cards()).unwrap();
    let (game, r) = random_game(ScenarioRef::Embedded(s.to_toml()), setup, 5, 6, 100_000).unwrap();
    let text = r.to_text();
    let back = Record::parse(&text, "r.toml").unwrap();
    same(&r, &back);
    let replayed = replay(&back, &builtin_cards()).unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
    assert!(replayed.board() == game.board());
}

#[test]
fn a_finished_game_replays_to_the_same_state() {
    let cards = builtin_cards();
    let (game, r) = random_game(annihilation(), default_setup(), 1, 2, 1_000_000).unwrap();
    assert!(matches!(game.pending(), Pending::GameOver { .. }));
    let again = replay(&r, &cards).unwrap();
    assert_eq!(again.state_hash(), game.state_hash());
    assert_eq!(again.victory_points(), game.victory_points());
    assert_eq!(again.events(), game.events());
}

#[test]
fn bad_decision_text_is_reported_at_its_place() {
    let text =
        "format = 1\nscenario = \"annihilation\"\nseed = 3\ndecisions = [\n  \"first A\",\n  \"activate 3\",\n  \"plan fly away\",\n]\n";
    let e = Record::parse(text, "bad.toml").unwrap_err();
    let got: Vec<String> = e.iter().map(|d| format!("{}:{}", d.line, d.col)).collect();
    assert_eq!(got, vec!["6:3", "7:3"]);
    // Counted from 1, as `play --load` counts them ("the record breaks at decision N").
    assert!(e[0].message.starts_with("decision 2: `activate 3` is not a decision"), "{}", e[0]);
    assert_eq!(e[0].to_string().split(": ").next(), Some("bad.toml:6:3"));
}

#[test]
fn missing_and_mistyped_keys_are_reported() {
    let e = Record::parse("format = 2\nseed = -1\ndecision = []\n", "bad.toml").unwrap_err();
    let msgs: Vec<String> = e.iter().map(ToString::to_string).collect();
    let all = msgs.join("\n");
    assert!(all.contains("bad.toml:1:10: record format 2 is newer"), "{all}");
    assert!(all.contains("bad.toml:2:8: `seed` must be a whole number"), "{all}");
    assert!(all.contains("bad.toml:3:1: unknown key `decision`"), "{all}");
    assert!(all.contains("needs `scenario`"), "{all}");
    assert!(all.contains("needs `decisions"), "{all}");
    let e = Record::parse(
        "format = 1\nscenario = \"a\"\nscenario_text = \"b\"\nseed = 1\ndecisions = []\n",
        "x",
    )
    .unwrap_err();
    assert!(e[0].message.contains("not both"), "{}", e[0]);
}

#[test]
fn a_corrupt_record_reports_the_failing_index() {
    let cards = builtin_cards();
    let (_, r) = random_game(annihilation(), default_setup(), 21, 22, 1_000_000).unwrap();
    for k in [0, 1, 7, r.decisions.len() / 2, r.decisions.len() - 1] {
        let mut bad = Record::parse(&r.to_text(), "bad.toml").unwrap();
        // A decision never legal in these games.
        bad.decisions[k] = Decision::Activate(dust_core::game::UnitId(99));
        let (line, col) = (bad.positions[k].line, bad.positions[k].col);
        match replay(&bad, &cards) {
            Err(ReplayError::Refused { index, place, legal, .. }) => {
                assert_eq!(index, k);
                assert_eq!(place.as_deref(), Some(format!("bad.toml:{line}:{col}").as_str()));
                assert!(!legal.is_empty());
            }
            other => panic!("decision {k}: {other:?}"),
        }
        let msg = replay(&bad, &cards).unwrap_err().to_string();
        assert!(msg.contains(&format!("decision {} `activate u99` is refused", k + 1)), "{msg}");
    }
    // A decision after the end of the game.
    let mut long = r.clone();
    long.final_hash = None;
    long.push(Decision::First(Side::A));
    match replay(&long, &cards) {
        Err(ReplayError::AfterGameOver { index, .. }) => assert_eq!(index, r.decisions.len()),
        other => panic!("{other:?}"),
    }
    // A wrong final hash.
    let mut wrong = r.clone();
    wrong.final_hash = Some(r.final_hash.unwrap() ^ 1);
    assert!(matches!(replay(&wrong, &cards), Err(ReplayError::HashMismatch { .. })));
    // An unknown scenario.
    let mut lost = r.clone();
    lost.scenario = ScenarioRef::Builtin("atlantis".to_string());
    assert!(matches!(replay(&lost, &cards), Err(ReplayError::Scenario(_))));
    // A truncated record replays to the middle of the game.
    let mut half = r.clone();
    half.final_hash = None;
    half.decisions.truncate(r.decisions.len() / 2);
    let g = replay(&half, &cards).unwrap();
    assert!(matches!(g.pending(), Pending::Decision { .. }));
}

#[test]
fn replay_uses_the_seed_for_the_dice_only() {
    // Replaying by hand, with the rules of docs/record-format.md, gives the same game.
    let (game, r) = random_game(annihilation(), default_setup(), 31, 32, 1_000_000).unwrap();
    let mut g = Game::new(default_setup()).unwrap();
    let mut rng = GameRng::new(r.seed);
    let mut next = r.decisions.iter();
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut rng);
            }
            Pending::Decision { .. } => match next.next() {
                Some(&d) => g.apply(d).unwrap(),
                None => break,
            },
            Pending::GameOver { .. } => break,
        }
    }
    assert_eq!(g.state_hash(), game.state_hash());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn replaying_a_recorded_random_game_reproduces_its_hash(seed in any::<u64>(), pick in any::<u64>()) {
        let (game, r) = random_game(annihilation(), default_setup(), seed, pick, 1_000_000).unwrap();
        let text = r.to_text();
        let back = Record::parse(&text, "p.toml").unwrap();
        let again = replay(&back, &builtin_cards()).unwrap();
        prop_assert_eq!(again.state_hash(), game.state_hash());
    }

    #[test]
    fn record_parsing_never_panics(text in "\\PC{0,300}") {
        let _ = Record::parse(&text, "fuzz.toml");
    }
}

/// A battlefront game from the players' set-up: the set-up's seed and decisions round-trip
/// through the text, and the replay lays the same table and ends in the same state.
#[test]
fn a_players_set_up_round_trips_and_replays() {
    use dust_core::battlefront::setup::{SetupEvent, SetupPhase};
    use dust_data::record::PlayersSetup;
    let cards = builtin_cards();
    let scenario = load_builtin("bait-and-flank").unwrap();
    assert_eq!(scenario.edition, dust_core::Edition::Battlefront);
    let template = scenario.game_setup(&cards).unwrap();
    let mut phase = SetupPhase::new(template.clone(), 5);
    let mut pick = GameRng::new(6);
    while phase.to_move().is_some() {
        let legal = phase.legal_decisions();
        phase.apply(legal[pick.index(legal.len())]).unwrap();
    }
    let decisions: Vec<_> = phase
        .events()
        .iter()
        .filter_map(|e| match e {
            SetupEvent::Decided(_, d) => Some(*d),
            _ => None,
        })
        .collect();
    let laid = phase.game_setup().unwrap();
    let bf = ScenarioRef::Builtin("bait-and-flank".to_string());
    let (game, mut r) = random_game(bf, laid, 21, 22, 150).unwrap();
    r.edition = dust_core::Edition::Battlefront;
    r.setup = Some(PlayersSetup { seed: 5, decisions });
    let text = r.to_text();
    assert!(
        text.contains("setup_seed = 5\n") && text.contains("setup = [\n  \"board "),
        "{text}"
    );
    let back = Record::parse(&text, "game.toml").unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    same(&r, &back);
    assert_eq!(back.setup, r.setup);
    assert_eq!(replay(&back, &cards).unwrap().state_hash(), game.state_hash());
    // A set-up seed above 2^63-1 is written as a string.
    let mut big = back.clone();
    big.setup.as_mut().unwrap().seed = u64::MAX;
    assert_eq!(Record::parse(&big.to_text(), "big.toml").unwrap().setup, big.setup);
    // A set-up that does not replay is reported, never a panic.
    let mut short = back.clone();
    short.setup.as_mut().unwrap().decisions.pop();
    assert!(matches!(replay(&short, &cards), Err(ReplayError::Setup(m)) if m.contains("unfinished")));
    let mut refused = back.clone();
    let d = refused.setup.as_ref().unwrap().decisions[0];
    refused.setup.as_mut().unwrap().decisions.insert(0, d);
    refused.setup.as_mut().unwrap().decisions.insert(0, d);
    refused.setup.as_mut().unwrap().decisions.insert(0, d);
    assert!(matches!(replay(&refused, &cards), Err(ReplayError::Setup(m)) if m.contains("refused")));
    // `setup` and `setup_seed` go together; set-up decisions are checked where they are written.
    let errors = |t: &str| {
        Record::parse(t, "bad.toml")
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let base = "format = 1\nedition = \"battlefront\"\nscenario = \"bait-and-flank\"\nseed = 1\ndecisions = []\n";
    assert!(errors(&format!("{base}setup_seed = 3\n")).contains("`setup_seed` goes with `setup"));
    assert!(errors(&format!("{base}setup = [\"board open\"]\n")).contains("`setup` goes with `setup_seed`"));
    let e = errors(&format!("{base}setup_seed = 3\nsetup = [\"board glass\"]\n"));
    assert!(e.contains("bad.toml:7:") && e.contains("set-up decision 1"), "{e}");
}
