//! Scenario files: the shipped scenarios, diagnostics at exact places, the custom battle.

use dust_core::game::Game;
use dust_core::{CoverElement, Side, Square, Terrain};
use dust_data::builtin::builtin_cards;
use dust_data::scenario::{
    builtin_map, builtin_names, central_area, custom_battle, default_setup, load_builtin, parse_scenario, Placed, CORE_BOX_COVER,
    CORE_BOX_TERRAIN_SQUARES,
};
use dust_data::Diagnostic;
use proptest::prelude::*;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn every_shipped_scenario_loads_and_starts_a_game() {
    let names = builtin_names();
    assert!(names.contains(&"annihilation"));
    assert!(names.contains(&"hold-the-crossroads"));
    assert!(names.contains(&"custom-battle"));
    let cards = builtin_cards();
    for n in names {
        let s = load_builtin(n).unwrap_or_else(|d| panic!("{n}: {d:?}"));
        assert!(
            s.description.as_deref().unwrap_or("").contains("project's own"),
            "{n}: the description must say the layout is the project's own"
        );
        let setup = s.game_setup(&cards).unwrap();
        // The revised scenarios field the core box (ten units); the battlefront Encounter the
        // two starter battlegroups (four units and a hero each).
        let units = if s.edition == dust_core::Edition::Battlefront { 8 } else { 10 };
        assert_eq!(setup.units.len(), units, "{n}");
        Game::new(setup).unwrap();
    }
    // Names compare loosely.
    assert!(load_builtin("Custom Battle").is_ok());
    let e = load_builtin("anihilation").unwrap_err();
    assert!(e[0].message.contains("did you mean `annihilation`"), "{}", e[0]);
}

#[test]
fn shipped_scenarios_say_what_the_issue_asks() {
    let a = load_builtin("annihilation").unwrap();
    assert_eq!((a.board.width(), a.board.height()), (16, 24));
    assert_eq!(a.round_limit, 8);
    assert_eq!(a.map.as_deref(), Some("core-board"));
    // Issue 6: the armies enter from the long edges, not the map's rows 1 and 24: side A on
    // column A; side B on column O (issue 21, session 13), every square of it but the deep
    // water on O12.
    assert!(a.entry.a.iter().all(|s| s.col() == 0) && a.entry.a.len() == 24);
    assert!(a.entry.b.iter().all(|s| s.col() == 14) && a.entry.b.len() == 23);
    assert!(!a.entry.b.contains(&sq("O12")));
    // Issue 21: one objective, the hill on H9, as far from both entry columns (7 spaces), whose
    // holder at the end of round 4 or a later round wins (a fair game between equal players,
    // greedy and searching, docs/ai.md "Fair scenarios").
    let hill = sq("H9");
    assert_eq!(
        (hill.col().abs_diff(a.entry.a[0].col()), hill.col().abs_diff(a.entry.b[0].col())),
        (7, 7)
    );
    assert_eq!(a.objectives.len(), 1);
    assert_eq!(
        (
            a.objectives[0].at,
            a.objectives[0].wins,
            a.objectives[0].wins_from,
            a.objectives[0].points
        ),
        (hill, true, 4, 0)
    );
    let c = load_builtin("custom-battle").unwrap();
    assert_eq!(c.objectives.len(), 1);
    assert_eq!(
        (c.objectives[0].at, c.objectives[0].wins, c.objectives[0].wins_from),
        (sq("J12"), true, 6)
    );
    let layout = c.custom.as_ref().unwrap();
    assert_eq!(layout.seed, 1947);
    assert_eq!(layout.placements.len(), CORE_BOX_TERRAIN_SQUARES + CORE_BOX_COVER.len());
}

/// Issue 21 asks greedy to beat random (≥ 95%), and a random player may never leave its own
/// edge: a side wins such a game only by scoring where the enemy need not be. So on
/// hold-the-crossroads each side has an objective of its own that its slowest unit reaches by
/// the end of the last round with nobody in the way. By the rules a unit's first action in
/// round 1 is the move onto an entry square and it may move once more, then twice a round
/// (tactics-revised-core-rules.md, "Unit Entry", "Actions": two actions a round), so a unit of
/// Move `m` covers `m + 2m(R - 1)` spaces by the end of round `R`; straight along a column of
/// open spaces each space costs one movement point ("Movement"). The objective must also be on
/// the side's own half (nearer its own edge than the enemy's). Session 12: the crossroads,
/// which wins from round 7 (`wins_from`), is within the march of both sides' slowest units by
/// then, so that neither army can win it by sitting still.
#[test]
fn hold_the_crossroads_gives_each_side_an_objective_within_its_own_march() {
    let h = load_builtin("hold-the-crossroads").unwrap();
    let setup = h.game_setup(&builtin_cards()).unwrap();
    let rows = h.board.height();
    let rounds = u32::from(h.round_limit);
    let half = |at: Square, side: Side| match side {
        Side::A => u32::from(at.row()) < u32::from(rows) / 2,
        Side::B => u32::from(at.row()) >= u32::from(rows) / 2,
    };
    let crossroads = h.objectives.iter().find(|o| o.wins).expect("a crossroads that wins");
    assert_eq!((crossroads.at, crossroads.wins_from), (sq("J12"), 7));
    for side in [Side::A, Side::B] {
        let slowest = setup
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u32::from(u.card.movement))
            .min()
            .unwrap();
        let march = slowest * (2 * rounds - 1);
        let march_by_the_crossroads = slowest * (2 * u32::from(crossroads.wins_from) - 1);
        // The fewest spaces from an entry square, by orthogonal steps over open spaces outside
        // structures and through no wall: each costs one movement point ("Movement"), and
        // diagonal steps could only shorten the march, so this is an upper bound.
        let reach = |at: Square| {
            let (w, hgt) = (h.board.width(), h.board.height());
            let mut dist = vec![u32::MAX; usize::from(w) * usize::from(hgt)];
            let open = |q: Square| h.board.terrain(q) == Terrain::Open && h.board.structure_at(q).is_none();
            let mut queue = std::collections::VecDeque::new();
            for &e in h.entry[side].iter().filter(|&&e| open(e)) {
                dist[h.board.index(e)] = 0;
                queue.push_back(e);
            }
            while let Some(q) = queue.pop_front() {
                let d = dist[h.board.index(q)];
                let (c, r) = (i16::from(q.col()), i16::from(q.row()));
                for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (nc, nr) = (c + dc, r + dr);
                    if nc < 0 || nr < 0 || nc >= i16::from(w) || nr >= i16::from(hgt) {
                        continue;
                    }
                    let n = Square::new(nc as u8, nr as u8);
                    if open(n) && h.board.edge(q, n) == dust_core::Edge::Open && dist[h.board.index(n)] == u32::MAX {
                        dist[h.board.index(n)] = d + 1;
                        queue.push_back(n);
                    }
                }
            }
            Some(dist[h.board.index(at)]).filter(|&d| d != u32::MAX)
        };
        let own: Vec<_> = h.objectives.iter().filter(|o| o.points > 0 && half(o.at, side)).collect();
        assert!(
            reach(crossroads.at).is_some_and(|d| d <= march_by_the_crossroads),
            "side {side:?}: the crossroads is {:?} spaces away, more than {march_by_the_crossroads}",
            reach(crossroads.at)
        );
        assert!(
            own.iter().any(|o| reach(o.at).is_some_and(|d| d <= march)),
            "side {side:?}: no objective of its own within {march} spaces of its edge: {:?}",
            own.iter().map(|o| (o.at, reach(o.at))).collect::<Vec<_>>()
        );
    }
}

#[test]
fn default_setup_is_the_core_box() {
    let setup = default_setup();
    let names: Vec<(&str, Side, Option<usize>)> = setup.units.iter().map(|u| (u.card.name.as_str(), u.side, u.joins)).collect();
    assert_eq!(
        names,
        vec![
            ("Blackhawk", Side::A, None),
            ("The Hammers", Side::A, None),
            ("Rhino", Side::A, Some(1)),
            ("Hell Boys", Side::A, None),
            ("Death Dealers", Side::A, None),
            ("Hans", Side::B, None),
            ("Lara", Side::B, None),
            ("Sturmpioniere", Side::B, None),
            ("Heavy Laser Grenadiers", Side::B, None),
            ("Heavy Flak Grenadiers", Side::B, None),
        ]
    );
    assert_eq!(setup.units[1].card.armor, setup.units[2].card.armor);
    assert_eq!(setup.round_limit, 8);
}

const HEAD: &str = "name = \"Test\"\nmap = \"core-board\"\nrounds = 8\n";

/// Parses and builds the setup; returns the diagnostics as `line:col: message`.
fn problems(text: &str) -> Vec<String> {
    let show = |d: Vec<Diagnostic>| d.into_iter().map(|d| format!("{}:{}: {}", d.line, d.col, d.message)).collect();
    match parse_scenario(text, "t.toml") {
        Err(d) => show(d),
        Ok(s) => match s.game_setup(&builtin_cards()) {
            Err(d) => show(d),
            Ok(_) => Vec::new(),
        },
    }
}

fn one(text: &str, at: &str, needle: &str) {
    let p = problems(text);
    assert!(
        p.iter().any(|m| m.starts_with(&format!("{at}: ")) && m.contains(needle)),
        "expected {at} `{needle}` in {p:#?}"
    );
}

#[test]
fn a_good_small_file_reads() {
    let t = format!("{HEAD}[army.a]\nunits = [\"Hell Boys\"]\n[army.b]\nunits = [\"Hans\"]\n");
    assert_eq!(problems(&t), Vec::<String>::new());
    let s = parse_scenario(&t, "t.toml").unwrap();
    assert_eq!(s.ap_limit, None);
    assert_eq!(s.entry.a.len(), 16, "the shipped map's entry squares are the default");
    assert_eq!(s.cover_zone.len(), 64);
}

#[test]
fn unknown_unit_names_get_a_hint() {
    let t = format!("{HEAD}[army.a]\nunits = [\"Hell Boys\", \"Hel Boyz\"]\n[army.b]\nunits = [\"Hans\"]\n");
    one(&t, "5:23", "`Hel Boyz` is not a unit card (did you mean \"Hell Boys\"?)");
    let t = format!("{HEAD}[army.a]\nunits = [\"Hell Boys\"]\n[army.b]\nunits = [{{ name = \"Sturmpionier\" }}]\n");
    one(&t, "7:19", "did you mean \"Sturmpioniere\"");
}

#[test]
fn an_army_over_the_ap_limit_is_reported_at_its_units() {
    let t = format!("{HEAD}ap_limit = 50\n[army.a]\nunits = [\"Hell Boys\", \"Blackhawk\"]\n[army.b]\nunits = [\"Hans\"]\n");
    one(&t, "6:1", "costs 56 AP, over the scenario's limit of 50 AP");
    assert_eq!(problems(&t).len(), 1);
}

#[test]
fn heroes_join_by_the_rules() {
    // Lara is soldier 3, the Sturmpioniere soldier 2.
    let t = format!("{HEAD}[army.a]\nunits = [\"Hell Boys\"]\n[army.b]\nunits = [\n  \"Sturmpioniere\",\n  {{ name = \"Lara\", joins = \"Sturmpioniere\" }},\n]\n");
    one(&t, "9:28", "a hero joins only a squad of his armor class");
    // A vehicle is not a squad.
    let t =
        format!("{HEAD}[army.a]\nunits = [\"Blackhawk\", {{ name = \"Rhino\", joins = \"Blackhawk\" }}]\n[army.b]\nunits = [\"Hans\"]\n");
    one(&t, "5:49", "heroes join only squads");
    // A squad is not a hero.
    let t = format!(
        "{HEAD}[army.a]\nunits = [\"The Hammers\", {{ name = \"Hell Boys\", joins = \"The Hammers\" }}]\n[army.b]\nunits = [\"Hans\"]\n"
    );
    one(&t, "5:55", "not a hero");
    // The squad must be in the same army.
    let t = format!(
        "{HEAD}[army.a]\nunits = [{{ name = \"Rhino\", joins = \"The Hamers\" }}, \"The Hammers\"]\n[army.b]\nunits = [\"Hans\"]\n"
    );
    one(&t, "5:36", "not in the army of side A (did you mean \"The Hammers\"?)");
    // One hero per squad.
    let t = format!(
        "{HEAD}[army.a]\nunits = [\"The Hammers\", {{ name = \"Rhino\", joins = \"The Hammers\" }}, {{ name = \"Rhino\", joins = \"The Hammers\" }}]\n[army.b]\nunits = [\"Hans\"]\n"
    );
    one(&t, "5:94", "more than one hero joined to the same squad");
    // A joined hero has no start space of his own.
    let t = format!("{HEAD}[army.a]\nunits = [\"The Hammers\", {{ name = \"Rhino\", joins = \"The Hammers\", at = \"C3\" }}]\n[army.b]\nunits = [\"Hans\"]\n");
    one(&t, "5:71", "remove `at`");
}

#[test]
fn keys_values_and_the_battlefield_are_checked() {
    let armies = "[army.a]\nunits = [\"Hell Boys\"]\n[army.b]\nunits = [\"Hans\"]\n";
    one(
        &format!("name = \"T\"\nmap = \"core-board\"\nround = 8\n{armies}"),
        "3:1",
        "unknown key `round` in the scenario (did you mean `rounds`?)",
    );
    one(&format!("name = \"T\"\nmap = \"core-board\"\n{armies}"), "1:1", "needs `rounds`");
    one(
        &format!("name = \"T\"\nmap = \"core-board\"\nrounds = 0\n{armies}"),
        "3:10",
        "`rounds` of the scenario is 0",
    );
    one(
        &format!("name = \"T\"\nmap = \"core-bord\"\nrounds = 8\n{armies}"),
        "2:7",
        "not a shipped map (did you mean `core-board`?)",
    );
    one(
        &format!("name = \"T\"\nedition = \"classic\"\nmap = \"core-board\"\nrounds = 8\n{armies}"),
        "2:11",
        "`classic` is not an edition: write \"revised\" or \"battlefront\"",
    );
    one(&format!("name = \"T\"\nrounds = 8\n{armies}"), "1:1", "needs a battlefield");
    one(
        &format!("name = \"T\"\nmap = \"core-board\"\ngrid = \"...\"\nrounds = 8\n{armies}"),
        "3:1",
        "give either `map` or an inline map",
    );
    one(
        &format!("{HEAD}[[piece]]\nat = \"A1\"\n{armies}"),
        "4:3",
        "a scenario has no [[piece]]",
    );
    one(
        &format!("{HEAD}[army.a]\nunits = []\n[army.b]\nunits = [\"Hans\"]\n"),
        "5:1",
        "side A has no units",
    );
    one(&format!("{HEAD}[army.a]\nunits = [\"Hell Boys\"]\n"), "4:2", "needs [army.b]");
    one(
        &format!("{HEAD}[army.a]\nunits = [{{ name = \"Hell Boys\", at = \"Z9\" }}]\n[army.b]\nunits = [\"Hans\"]\n"),
        "5:37",
        "Z9 is off the board",
    );
    one(
        &format!("{HEAD}[army.a]\nunits = [{{ name = \"Hell Boys\", at = \"C20\" }}]\n[army.b]\nunits = [\"Hans\"]\n"),
        "5:37",
        "cannot start on C20: it is a space without a dot",
    );
    one(
        &format!("{HEAD}[army.a]\nunits = [{{ name = \"Blackhawk\", at = \"J17\" }}]\n[army.b]\nunits = [\"Hans\"]\n"),
        "5:37",
        "rubble and anti-tank traps block vehicles",
    );
    one("name = \"T\"\nrounds = [8\n", "2:12", "this is not valid TOML");
    // Entry squares of a scenario on a shipped map are checked against that map, at their place.
    one(
        &format!("{HEAD}[entry]\na = [\"A1\", \"Q1\"]\nb = [\"A24\"]\n{armies}"),
        "5:12",
        "Q1 is off the board",
    );
    // The unknown key hint lists scenario keys too, and nested tables are checked.
    one(
        &format!("{HEAD}[army.a]\nunit = [\"Hell Boys\"]\n[army.b]\nunits = [\"Hans\"]\n"),
        "5:1",
        "unknown key `unit` in [army.a] (did you mean `units`?)",
    );
    one(
        &format!("{HEAD}[custom]\nseed = 1\nterrain_square = 3\n{armies}"),
        "6:1",
        "did you mean `terrain_squares`?",
    );
}

#[test]
fn inline_maps_are_checked_by_the_map_rules_at_the_right_place() {
    let t = "name = \"Inline\"\nrounds = 4\ngrid = '''\n. . . .\n. q . .\n. . . .\n'''\n[entry]\na = [\"A1:D1\"]\nb = [\"A3:D3\"]\n[army.a]\nunits = [\"Hell Boys\"]\n[army.b]\nunits = [\"Hans\"]\n";
    one(t, "5:3", "`q` is not a grid character");
    let good = t.replace('q', "~");
    assert_eq!(problems(&good), Vec::<String>::new());
    let s = parse_scenario(&good, "t.toml").unwrap();
    assert_eq!(s.board.terrain(sq("B2")), Terrain::Water);
    assert_eq!(s.entry.b.len(), 4);
    // An entry square on deep water is a map problem, reported on the entry line.
    let bad = good.replace("b = [\"A3:D3\"]", "b = [\"B2\"]");
    one(&bad, "10:6", "entry square B2 has no dot or is deep water");
    // No entry squares for a side whose units enter.
    let none = good.replace("b = [\"A3:D3\"]\n", "");
    one(&none, "13:1", "side B has units that enter the board but no entry squares");
}

#[test]
fn a_scenario_writes_itself_back() {
    for n in builtin_names() {
        let s = load_builtin(n).unwrap();
        let text = s.to_toml();
        let back = parse_scenario(&text, "back.toml").unwrap_or_else(|d| panic!("{n}: {d:?}\n{text}"));
        assert!(back.board == s.board, "{n}: board");
        assert_eq!(back.entry, s.entry, "{n}");
        assert_eq!(back.cover_zone, s.cover_zone, "{n}");
        assert_eq!(back.objectives, s.objectives, "{n}");
        assert_eq!(back.round_limit, s.round_limit, "{n}");
        assert_eq!(back.ap_limit, s.ap_limit, "{n}");
        let names = |s: &dust_data::scenario::Scenario| -> Vec<(String, Option<String>)> {
            s.armies
                .a
                .units
                .iter()
                .chain(&s.armies.b.units)
                .map(|u| (u.name.clone(), u.joins.clone()))
                .collect()
        };
        assert_eq!(names(&back), names(&s), "{n}");
        back.game_setup(&builtin_cards()).unwrap();
    }
}

#[test]
fn the_custom_battle_file_is_the_function() {
    let file = load_builtin("custom-battle").unwrap();
    let mut base = builtin_map("open-board").unwrap();
    // The file's hill (issue 21), which the layout keeps reachable.
    base.objectives = file
        .objectives
        .iter()
        .map(|o| dust_data::map::Objective {
            at: o.at,
            name: o.name.clone(),
            points: Some(o.points),
            wins: o.wins,
            wins_from: o.wins_from,
        })
        .collect();
    let f = custom_battle(1947, &base, CORE_BOX_TERRAIN_SQUARES, &CORE_BOX_COVER);
    assert!(f.board == file.board, "same board");
    assert_eq!(f.custom, file.custom);
    // Laying it out again with its own seed changes nothing; another seed changes the board.
    assert!(file.with_layout_seed(1947) == file);
    let other = file.with_layout_seed(2);
    assert!(other.board != file.board);
    assert!(other.with_layout_seed(1947).board == file.board);
}

#[test]
fn without_a_cover_zone_cover_goes_in_the_central_area() {
    let mut base = builtin_map("open-board").unwrap();
    base.cover_zone.clear();
    let s = custom_battle(3, &base, 0, &CORE_BOX_COVER);
    let centre = central_area(&s.board);
    let placed = &s.custom.as_ref().unwrap().placements;
    assert_eq!(placed.len(), 4);
    assert!(placed.iter().all(|p| centre.contains(&p.at)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn custom_battle_is_deterministic_and_legal(seed in any::<u64>()) {
        let base = builtin_map("open-board").unwrap();
        let a = custom_battle(seed, &base, CORE_BOX_TERRAIN_SQUARES, &CORE_BOX_COVER);
        let b = custom_battle(seed, &base, CORE_BOX_TERRAIN_SQUARES, &CORE_BOX_COVER);
        prop_assert!(a == b, "same seed, same scenario");
        let layout = a.custom.as_ref().unwrap();
        prop_assert_eq!(layout.placements.len(), 13);
        // Sides alternate, the roll-off winner first.
        let terrain: Vec<_> = layout.placements.iter().filter(|p| p.what == Placed::TerrainSquare).collect();
        let cover: Vec<_> = layout.placements.iter().filter(|p| p.what != Placed::TerrainSquare).collect();
        for (i, p) in terrain.iter().enumerate() {
            let want = if i % 2 == 0 { layout.first.0 } else { layout.first.0.other() };
            prop_assert_eq!(p.side, want);
            // On open ground of the base map, not an entry square.
            prop_assert_eq!(base.board.terrain(p.at), Terrain::Open);
            prop_assert!(!base.entry.a.contains(&p.at) && !base.entry.b.contains(&p.at));
            prop_assert_eq!(a.board.terrain(p.at), Terrain::NoDot);
        }
        for (i, p) in cover.iter().enumerate() {
            let want = if i % 2 == 0 { layout.first.1 } else { layout.first.1.other() };
            prop_assert_eq!(p.side, want);
            prop_assert!(base.cover_zone.contains(&p.at), "cover only in the cover zone");
            prop_assert!(a.board.terrain(p.at).allows_cover_element());
            prop_assert_eq!(Some(p.what), a.board.cover(p.at).map(Placed::Cover));
        }
        let crates = a.board.squares().filter(|&s| a.board.cover(s) == Some(CoverElement::AmmoCrate)).count();
        prop_assert_eq!(crates, 2);
        // Nothing else changed.
        let changed = a.board.squares().filter(|&s| a.board.terrain(s) != base.board.terrain(s) || a.board.cover(s) != base.board.cover(s)).count();
        prop_assert_eq!(changed, 13);
        // It plays.
        let setup = a.game_setup(&builtin_cards()).unwrap();
        prop_assert!(Game::new(setup).is_ok());
    }

    #[test]
    fn scenario_parsing_never_panics(text in "\\PC{0,200}") {
        let _ = parse_scenario(&text, "fuzz.toml");
    }

    #[test]
    fn mangled_shipped_files_never_panic(cut in 0usize..2000, junk in "[a-z\\[\\]=\"' \n]{0,12}") {
        let text = dust_data::scenario::SHIPPED[1].1;
        let mut cut = cut.min(text.len());
        while !text.is_char_boundary(cut) { cut -= 1; }
        let mangled = format!("{}{junk}{}", &text[..cut], &text[cut..]);
        if let Ok(s) = parse_scenario(&mangled, "m.toml") {
            let _ = s.game_setup(&builtin_cards());
        }
    }
}

/// The balance studies of docs/ai.md ("Measures"): the annihilation scenario with one core-box
/// army on both sides. They load, start a game, and both sides field the same cards (joins
/// included), so a side's win rate there measures the players alone.
#[test]
fn the_mirror_balance_scenarios_field_one_army_twice() {
    let cards = builtin_cards();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/balance");
    for name in ["mirror-allies.toml", "mirror-axis.toml"] {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        let s = parse_scenario(&text, name).unwrap_or_else(|d| panic!("{name}: {d:?}"));
        let setup = s.game_setup(&cards).unwrap();
        let side = |side: Side| -> Vec<(String, Option<usize>)> {
            let first = setup.units.iter().position(|u| u.side == side).unwrap();
            setup
                .units
                .iter()
                .filter(|u| u.side == side)
                .map(|u| (u.card.name.clone(), u.joins.map(|j| j - first)))
                .collect()
        };
        assert_eq!(side(Side::A).len(), 5, "{name}");
        assert_eq!(side(Side::A), side(Side::B), "{name}");
        Game::new(setup).unwrap();
    }
}
