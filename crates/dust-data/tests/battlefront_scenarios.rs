//! The battlefront edition in the data files: scenarios and records that say
//! `edition = "battlefront"`, the shipped Encounter scenario, the battlefront army builder
//! (tactics-battlefront-2013-rules.txt, "Playing a Game", "Scenario 1: Encounter", "Heroes").

use dust_core::game::{Game, Pending};
use dust_core::unit::Mount;
use dust_core::{Bloc, Edition, GameRng, Side};
use dust_data::army::{build_army_in, check_army};
use dust_data::builtin::{builtin_cards, load_cards_for};
use dust_data::record::{random_game, replay, Record, ScenarioRef};
use dust_data::scenario::{load_builtin, parse_scenario};

/// "Scenario 1: Encounter": long edges touching, each force enters along its long table edge,
/// no objectives, 8 turns; the starter battlegroups Taskforce Joe and Kampfgruppe Stefan.
#[test]
fn encounter_is_shipped_as_a_battlefront_scenario() {
    let s = load_builtin("encounter").expect("ships clean");
    assert_eq!(s.edition, Edition::Battlefront);
    assert_eq!(s.round_limit, 8);
    assert!(s.objectives.is_empty());
    assert_eq!((s.board.width(), s.board.height()), (16, 24));
    assert_eq!(s.entry.a.len(), 16);
    let setup = s.game_setup(&builtin_cards()).expect("builds");
    assert_eq!(setup.edition, Edition::Battlefront);
    // The battlefront cards reach the engine with their mounts: the Pounder's 17 pdr turret.
    let pounder = setup.units.iter().find(|u| u.card.name == "Pounder").expect("in the army");
    let bf = pounder.battlefront.as_ref().expect("a battlefront card");
    let gun = pounder.card.weapons.iter().position(|w| w.name.contains("17")).expect("the gun");
    assert_eq!(bf.weapons[gun].mount, Some(Mount::Turret));
    // A classic card (Bazooka Joe) has no battlefront part.
    assert!(setup.units.iter().any(|u| u.card.name == "Bazooka Joe" && u.battlefront.is_none()));
    // Oberleutnant Stefan joins the Recon Grenadiers.
    assert!(setup
        .units
        .iter()
        .any(|u| u.card.name == "Oberleutnant Stefan" && u.joins.is_some()));
    let game = Game::new(setup).expect("starts");
    assert_eq!(game.edition(), Edition::Battlefront);
}

/// Random games of Encounter end, and their records replay bit for bit with `edition =
/// "battlefront"` written in them.
#[test]
fn encounter_games_end_and_replay() {
    let s = load_builtin("encounter").expect("ships clean");
    for seed in 0..3 {
        let setup = s.game_setup(&builtin_cards()).expect("builds");
        let (game, mut rec) = random_game(ScenarioRef::Builtin("encounter".into()), setup, seed, seed + 7, 100_000).expect("starts");
        assert!(matches!(game.pending(), Pending::GameOver { .. }), "seed {seed}: the game ends");
        rec.edition = Edition::Battlefront;
        let text = rec.to_text();
        assert!(text.contains("edition = \"battlefront\""));
        let back = Record::parse(&text, "r.toml").expect("reads back");
        assert_eq!(back.edition, Edition::Battlefront);
        let again = replay(&back, &builtin_cards()).expect("replays");
        assert_eq!(again.state_hash(), game.state_hash());
    }
    let _ = GameRng::new(0);
}

/// Scenario files accept `edition = "battlefront"` and refuse other names.
#[test]
fn scenario_files_name_the_edition() {
    let text = load_builtin("annihilation").expect("ships").to_toml();
    let bf = text.replace("edition = \"revised\"", "edition = \"battlefront\"");
    assert_eq!(parse_scenario(&bf, "s.toml").expect("reads").edition, Edition::Battlefront);
    let bad = text.replace("edition = \"revised\"", "edition = \"classic\"");
    let d = parse_scenario(&bad, "s.toml").unwrap_err();
    assert!(d.iter().any(|d| d.message.contains("battlefront")), "{d:?}");
    // A revised scenario played under the battlefront edition keeps its cards as classic cards.
    let mut s = parse_scenario(&bf, "s.toml").expect("reads");
    s.edition = Edition::Battlefront;
    let setup = s.game_setup(&builtin_cards()).expect("builds");
    assert_eq!(setup.edition, Edition::Battlefront);
}

/// Issue 4: `build_army` under the battlefront edition joins heroes by the battlefront rule
/// ("Heroes": a hero joins an infantry squad or support weapon of the same armour rating; Jump
/// does not restrict joining there).
#[test]
fn build_army_in_battlefront_joins_by_the_battlefront_rule() {
    let cards = load_cards_for(None, Edition::Battlefront).expect("shipped");
    let names: Vec<String> = ["Oberleutnant Stefan", "Recon Grenadiers", "Ludwig"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let a = build_army_in("Stefan", Bloc::Axis, 150, &cards, Some(&names), Edition::Battlefront).expect("builds");
    assert_eq!(a.edition, Edition::Battlefront);
    assert_eq!(a.units[0].joins.as_deref(), Some("Recon Grenadiers"));
    assert!(check_army(&a, &cards).is_empty(), "{:?}", check_army(&a, &cards));
}

/// Issue 4: an army built in memory has no file lines; a second copy of a hero is named by its
/// place in the list, not by a meaningless line number.
#[test]
fn duplicate_hero_message_names_the_unit_not_a_line() {
    let cards = builtin_cards();
    let mut a = dust_data::army::ArmyFile::new("x", Bloc::Axis, 300);
    a.units.push(dust_data::army::ArmyEntry::new("Lara"));
    a.units.push(dust_data::army::ArmyEntry::new("Lara"));
    let v = check_army(&a, &cards);
    let m = &v
        .iter()
        .find(|x| x.diag.message.contains("already in the army"))
        .expect("flagged")
        .diag
        .message;
    assert!(m.contains("unit 1 of the list") && !m.contains("(line"), "{m}");
    let _ = Side::A;
}

/// "Scenario 2: Grab the Dust" … "Scenario 5: All-Out Attack" ship as data with their rules
/// (`rules = "…"`): objectives, reserves, victory points; random games end and replay.
#[test]
fn the_other_four_scenarios_ship_and_play() {
    use dust_core::battlefront::{KillPoints, TakeWins};
    for (name, take, objectives, reserves) in [
        ("grab-the-dust", TakeWins::Any, 4, 2),
        ("bait-and-flank", TakeWins::OpponentHalf, 2, 2),
        ("supply-drop", TakeWins::Never, 2, 2),
        ("all-out-attack", TakeWins::Never, 2, u8::MAX),
    ] {
        let s = load_builtin(name).expect("ships clean");
        assert_eq!(s.edition, Edition::Battlefront, "{name}");
        assert_eq!(s.bf_rules.name, name);
        assert_eq!(s.bf_rules.take_wins, take, "{name}");
        assert_eq!(s.bf_rules.reserves, reserves, "{name}");
        assert_eq!(s.objectives.len(), objectives, "{name}");
        let back = parse_scenario(&s.to_toml(), "s.toml").expect("writes back");
        assert_eq!(back.bf_rules, s.bf_rules, "{name}: the rules survive to_toml");
        for seed in 0..2 {
            let setup = s.game_setup(&builtin_cards()).expect("builds");
            assert_eq!(setup.bf_rules, s.bf_rules);
            let (game, rec) = random_game(ScenarioRef::Builtin(name.into()), setup, seed, seed + 3, 100_000).expect("starts");
            assert!(
                matches!(game.pending(), Pending::GameOver { .. }),
                "{name} seed {seed}: the game ends"
            );
            let again = replay(&rec, &builtin_cards()).expect("replays");
            assert_eq!(again.state_hash(), game.state_hash(), "{name} seed {seed}");
        }
    }
    assert_eq!(
        load_builtin("all-out-attack").expect("ships").bf_rules.kill_points,
        KillPoints::PerUnit
    );
    // `rules` needs the battlefront edition and one of the five names.
    let text = load_builtin("grab-the-dust").expect("ships").to_toml();
    let bad = text.replace("rules = \"grab-the-dust\"", "rules = \"capture\"");
    let d = parse_scenario(&bad, "s.toml").unwrap_err();
    assert!(d.iter().any(|d| d.message.contains("supply-drop")), "{d:?}");
    let revised = text.replace("edition = \"battlefront\"", "edition = \"revised\"");
    assert!(parse_scenario(&revised, "s.toml").is_err());
}

/// "Piloting Vehicles": "Heroes with the Pilot or Vehicle Pilot skill begin the game mounted in
/// a Vehicle"; Battlegroup Koshka (tactics-battlefront-2013-rules.txt, "Dust Tactics Starter
/// Sets": Koshka pilots Grand'ma) starts with Koshka in Grand'ma, from the army file
/// (`pilots = "Grand'ma"`) and from a scenario file's `{ name = "Koshka", pilots = "Grand'ma" }`.
#[test]
fn koshka_begins_the_game_mounted_in_grandma() {
    use dust_core::game::UnitId;
    use dust_data::army::parse_army;
    let koshka = parse_army(
        include_str!("../../../data/armies/bf-battlegroup-koshka.toml"),
        "bf-battlegroup-koshka.toml",
    )
    .expect("ships clean");
    let mut s = load_builtin("encounter").expect("ships clean");
    s.armies.b = koshka.to_scenario_army(s.armies.b.pos);
    let files = dust_data::builtin::load_card_files_for(None, Edition::Battlefront).expect("cards");
    let setup = s.game_setup_with_files(&files).expect("sets up");
    let at = |name: &str| setup.units.iter().position(|u| u.card.name == name).expect(name);
    assert_eq!(setup.units[at("Koshka")].joins, Some(at("Grand'ma")));
    let g = Game::new(setup.clone()).expect("starts");
    assert_eq!(g.bf_piloted(UnitId(at("Koshka") as u8)), Some(UnitId(at("Grand'ma") as u8)));
    // The scenario file's form reads back the same.
    let text = s.to_toml();
    assert!(text.contains(r#"{ name = "Koshka", pilots = "Grand'ma" }"#), "{text}");
    let again = parse_scenario(&text, "koshka.toml").expect("reads back");
    assert_eq!(
        again.game_setup_with_files(&files).expect("sets up").units[at("Koshka")].joins,
        Some(at("Grand'ma"))
    );
    // Only a hero with Pilot pilots, a vehicle of his own army, in the battlefront edition.
    for (bad, why) in [
        (r#"{ name = "Red Thunder", pilots = "Grand'ma" }"#, "no Pilot skill"),
        (r#"{ name = "Koshka", pilots = "Ludwig" }"#, "not in the army"),
    ] {
        let t = text.replace(r#""Red Thunder","#, &format!("{bad},")).replace(
            r#"{ name = "Koshka", pilots = "Grand'ma" }"#,
            if bad.contains("Ludwig") { bad } else { r#""Koshka""# },
        );
        let s = parse_scenario(&t, "bad.toml").expect("parses");
        let e = s.game_setup_with_files(&files).expect_err(why);
        assert!(e.iter().any(|d| d.message.contains(why)), "{why}: {e:?}");
    }
}
