//! The players' set-up of a battlefront game (tactics-battlefront-2013-rules.txt, "Playing a
//! Game", "Setting the Terrain"; "Scenario 2: Grab the Dust" and "Scenario 3: Bait and Flank",
//! "Objectives"): boards, initiative, the half each side starts on, two terrain tiles and an
//! anti-tank trap each, never blocking an opening, and the objectives the players place.

use dust_core::battlefront::setup::{BoardFace, Half, SetupDecision, SetupErrorKind, SetupEvent, SetupPhase};
use dust_core::battlefront::ScenarioRules;
use dust_core::board::{BoardSetup, Dir, EntranceSetup, EntranceSize, StructureSetup};
use dust_core::game::tests_support::{battlefront, entering, infantry, objectives_at, open_game, sq};
use dust_core::game::{Game, GameSetup};
use dust_core::{Board, CoverElement, Side, Terrain};

/// A 16x24 table like the shipped `battlefront-boards`: side A enters on row 1, side B on row
/// 24; a printed ruin (no dot) at D4:E5; a one-square building at H8 with a large opening on
/// its north side.
fn template(rules: &str, objectives: &[&str]) -> GameSetup {
    let card = infantry("Rifles", 3);
    let mut s = battlefront(open_game(16, 24, vec![entering(&card, Side::A), entering(&card, Side::B)]));
    let mut terrain = vec![Terrain::Open; 16 * 24];
    for name in ["D4", "E4", "D5", "E5"] {
        let q = sq(name);
        terrain[usize::from(q.row()) * 16 + usize::from(q.col())] = Terrain::NoDot;
    }
    s.board = Board::new(BoardSetup {
        width: 16,
        height: 24,
        terrain,
        cover: vec![(sq("J10"), CoverElement::AntiTankTrap)],
        structures: vec![StructureSetup {
            name: "Hut".into(),
            interior: vec![sq("H8")],
            entrances: vec![EntranceSetup {
                at: sq("H8"),
                side: Dir::North,
                size: EntranceSize::Large,
            }],
            inner_walls: Vec::new(),
        }],
    })
    .expect("board");
    s.bf_rules = ScenarioRules::preset(rules).expect("preset");
    s.objectives = objectives_at(objectives);
    s
}

fn d(text: &str) -> SetupDecision {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn refused(p: &mut SetupPhase, text: &str) -> SetupErrorKind {
    p.apply(d(text)).expect_err(text).kind
}

/// Lays both boards and the halves: returns the initiative winner, who starts south.
fn boards_and_halves(p: &mut SetupPhase) -> Side {
    assert_eq!(p.to_move(), Some(Side::A), "side A lays the south board first");
    p.apply(d("board ruins")).unwrap();
    assert_eq!(p.to_move(), Some(Side::B));
    p.apply(d("board open")).unwrap();
    let winner = p.initiative().expect("the initiative is rolled once both boards lie");
    assert_eq!(p.to_move(), Some(winner), "the winner chooses the side of the table");
    p.apply(d("start south")).unwrap();
    winner
}

/// "Setting the Terrain": "Each player chooses a board and places it either way up … Te
/// players then roll for initiative … Te player who wins initiative chooses which side of the
/// board they will start on. Starting with the player with the initiative, the players take
/// turns placing a terrain item on the board … until they have each placed two terrain tiles
/// of their choice and an anti-tank trap."
#[test]
fn the_set_up_runs_in_the_books_order() {
    let mut p = SetupPhase::new(template("encounter", &[]), 7);
    // The scenario's own terrain is cleared; the ruins face brings back the printed ruin.
    assert_eq!(p.board().terrain(sq("D4")), Terrain::Open);
    assert_eq!(p.board().cover(sq("J10")), None);
    let winner = boards_and_halves(&mut p);
    assert_eq!(p.board().terrain(sq("D4")), Terrain::NoDot, "side A's ruins face");
    assert_eq!(p.board().terrain(sq("M21")), Terrain::Open, "side B's open face");
    assert_eq!(p.half_of(winner), Some(Half::South));
    let loser = winner.other();
    let order = [winner, loser, winner, loser, winner, loser];
    let items = [
        "place wood G6 n",
        "place pond J18 e",
        "place trap F10",
        "place rubble C15 n",
        "place rubble K6 w",
        "place trap B20",
    ];
    for (side, item) in order.iter().zip(items) {
        assert_eq!(p.to_move(), Some(*side), "{item}: the players alternate, the winner first");
        p.apply(d(item)).unwrap();
    }
    assert!(p.is_done());
    for (s, t) in [
        ("G6", Terrain::Trees),
        ("G7", Terrain::Trees),
        ("H7", Terrain::Trees),
        ("J18", Terrain::Water),
        ("J17", Terrain::Water),
        ("J16", Terrain::Swamp),
        ("C15", Terrain::Rubble),
        ("D15", Terrain::Rubble),
        ("K6", Terrain::Rubble),
        ("K7", Terrain::Rubble),
    ] {
        assert_eq!(p.board().terrain(sq(s)), t, "{s}");
    }
    assert_eq!(p.board().cover(sq("F10")), Some(CoverElement::AntiTankTrap));
    let setup = p.game_setup().expect("the set-up is over");
    assert_eq!(setup.entry.a[0], sq("A1"));
    assert!(Game::new(setup).is_ok(), "the game starts from the set-up");
    assert!(p.apply(d("place trap A12")).is_err());
}

/// Each player has two tiles and one trap; a second trap is refused.
#[test]
fn two_tiles_and_one_anti_tank_trap_each() {
    let mut p = SetupPhase::new(template("encounter", &[]), 7);
    boards_and_halves(&mut p);
    p.apply(d("place trap F10")).unwrap();
    p.apply(d("place trap F14")).unwrap();
    assert_eq!(refused(&mut p, "place trap F12"), SetupErrorKind::NoneLeft);
    assert!(p.legal_decisions().iter().all(|x| !matches!(
        x,
        SetupDecision::Place {
            item: dust_core::battlefront::setup::TerrainItem::Trap,
            ..
        }
    )));
    p.apply(d("place wood F12 n")).unwrap();
}

/// "Terrain items cannot be placed to block openings into buildings"; nor on structure squares,
/// other terrain, off the table or (docs/rulings.md, "Battlefront set-up by the players") on the
/// entry squares.
#[test]
fn terrain_never_blocks_openings_nor_entries() {
    let mut p = SetupPhase::new(template("encounter", &[]), 7);
    boards_and_halves(&mut p);
    assert_eq!(refused(&mut p, "place trap H9"), SetupErrorKind::BlocksOpening);
    assert_eq!(refused(&mut p, "place rubble G9 n"), SetupErrorKind::BlocksOpening);
    assert_eq!(refused(&mut p, "place trap H8"), SetupErrorKind::NotOpenGround);
    assert_eq!(refused(&mut p, "place trap E5"), SetupErrorKind::NotOpenGround);
    assert_eq!(refused(&mut p, "place trap C1"), SetupErrorKind::EntrySquare);
    assert_eq!(refused(&mut p, "place pond O10 n"), SetupErrorKind::OffTable);
    assert_eq!(refused(&mut p, "objective H12"), SetupErrorKind::NotNow);
    // The legal decisions are exactly those `apply` accepts.
    let legal = p.legal_decisions();
    assert!(legal.contains(&d("place trap H10")));
    assert!(!legal.contains(&d("place trap H9")));
    for x in legal.iter().take(50) {
        assert!(p.check(*x).is_ok());
        assert_eq!(&x.to_string().parse::<SetupDecision>().unwrap(), x, "text form round-trips");
    }
}

/// "Scenario 2: Grab the Dust": "Place an objective in each of the centre squares of the board
/// before placing terrain. Players may not place impassable terrain in these squares."
#[test]
fn grab_the_dust_objectives_take_no_impassable_terrain() {
    let mut p = SetupPhase::new(template("grab-the-dust", &["H12", "I12", "H13", "I13"]), 3);
    assert_eq!(p.objectives().len(), 4);
    boards_and_halves(&mut p);
    assert_eq!(refused(&mut p, "place trap H12"), SetupErrorKind::ImpassableOnObjective);
    assert_eq!(refused(&mut p, "place pond F13 n"), SetupErrorKind::ImpassableOnObjective);
    p.apply(d("place wood H12 n")).unwrap();
    assert_eq!(p.board().terrain(sq("H12")), Terrain::Trees, "trees are not impassable");
}

/// "Scenario 3: Bait and Flank": "After placing the terrain, the players place one objective
/// each in the same order as they placed terrain. These must be in the player's own half of
/// the table, but not within two squares of a table edge, nor in impassable terrain."
#[test]
fn bait_and_flank_objectives_are_placed_by_the_players() {
    let mut p = SetupPhase::new(template("bait-and-flank", &["F8", "K17"]), 11);
    assert!(p.objectives().is_empty(), "the file's objectives give way to the players'");
    let winner = boards_and_halves(&mut p);
    for item in [
        "place wood G6 n",
        "place pond J18 e",
        "place trap F10",
        "place rubble C15 n",
        "place rubble K6 w",
        "place trap B20",
    ] {
        p.apply(d(item)).unwrap();
    }
    assert_eq!(p.to_move(), Some(winner), "objectives in the order of the terrain");
    assert_eq!(refused(&mut p, "objective F14"), SetupErrorKind::NotOwnHalf);
    assert_eq!(refused(&mut p, "objective B8"), SetupErrorKind::NearEdge);
    assert_eq!(refused(&mut p, "objective F2"), SetupErrorKind::NearEdge);
    assert_eq!(refused(&mut p, "objective K6"), SetupErrorKind::Impassable);
    assert_eq!(refused(&mut p, "objective F10"), SetupErrorKind::Impassable);
    p.apply(d("objective G6")).unwrap();
    assert_eq!(p.to_move(), Some(winner.other()));
    assert_eq!(refused(&mut p, "objective F8"), SetupErrorKind::NotOwnHalf);
    p.apply(d("objective K17")).unwrap();
    let setup = p.game_setup().expect("over");
    assert_eq!(setup.objectives.iter().map(|o| o.at).collect::<Vec<_>>(), vec![sq("G6"), sq("K17")]);
    assert!(Game::new(setup).is_ok());
}

/// The winner may start on the north half: side A then enters by the north squares.
#[test]
fn starting_north_swaps_the_entry_squares() {
    for seed in 0..8 {
        let mut p = SetupPhase::new(template("encounter", &[]), seed);
        p.apply(d("board open")).unwrap();
        p.apply(d("board open")).unwrap();
        let winner = p.initiative().unwrap();
        p.apply(d("start north")).unwrap();
        assert_eq!(p.half_of(winner), Some(Half::North));
        for _ in 0..6 {
            let first = p.legal_decisions()[0];
            p.apply(first).unwrap();
        }
        let setup = p.game_setup().unwrap();
        let north_a = winner == Side::A;
        assert_eq!(setup.entry.a[0] == sq("A24"), north_a, "seed {seed}");
        assert_eq!(setup.entry.b[0] == sq("A24"), !north_a, "seed {seed}");
    }
}

/// "Te players then roll for initiative": seeded, so a set-up replays; both sides win
/// sometimes.
#[test]
fn the_initiative_roll_is_seeded() {
    let winner = |seed| {
        let mut p = SetupPhase::new(template("encounter", &[]), seed);
        p.apply(d("board open")).unwrap();
        p.apply(d("board ruins")).unwrap();
        assert!(matches!(p.events()[2], SetupEvent::Initiative { .. }));
        p.initiative().unwrap()
    };
    let winners: Vec<Side> = (0..30).map(winner).collect();
    assert_eq!(winners, (0..30).map(winner).collect::<Vec<_>>());
    assert!(winners.contains(&Side::A) && winners.contains(&Side::B));
    let _ = BoardFace::ALL;
}

/// What the interfaces show of the phase (`play`, `serve`): the stage asked, each side's board
/// and what it has left, the decisions taken (what a record keeps), a decision's squares and
/// its words, and the events as text.
#[test]
fn what_the_players_are_shown() {
    use dust_core::battlefront::setup::SetupStage;
    let mut p = SetupPhase::new(template("bait-and-flank", &[]), 4);
    assert_eq!(p.stage(), SetupStage::Board);
    assert!(p.stage().asked().contains("lay your board"));
    assert_eq!(p.explain(d("board ruins")), "lay the south board with the ruins face up");
    let winner = boards_and_halves(&mut p);
    assert_eq!(p.face_of(Side::A), Some(BoardFace::Ruins));
    assert_eq!(p.stage(), SetupStage::Terrain);
    assert_eq!((p.tiles_left(winner), p.trap_left(winner)), (2, true));
    let wood = d("place wood K14 e");
    let squares: Vec<String> = p.footprint(wood).iter().map(|(s, _)| s.to_string()).collect();
    assert_eq!(squares, ["K14", "L14", "L13"]);
    assert_eq!(p.explain(wood), "a wood: trees on K14, L14, L13");
    assert_eq!(p.explain(d("place pond B12 n")), "a pond: deep water on B12, C12, swamp on D12");
    assert_eq!(p.explain(d("place trap F12")), "an anti-tank trap on F12");
    assert!(p.footprint(d("place rubble P12 n")).is_empty(), "off the table: no squares");
    p.apply(wood).unwrap();
    assert_eq!(p.tiles_left(winner), 1);
    let taken = p.decisions();
    assert_eq!(taken.len(), 4);
    assert_eq!(taken.last(), Some(&wood));
    assert_eq!(p.events().last().unwrap().to_string(), format!("side {winner}: place wood K14 e"));
    let initiative = p.events().iter().find(|e| matches!(e, SetupEvent::Initiative { .. })).unwrap();
    assert!(
        initiative.to_string().contains(&format!("side {winner} wins and chooses its half")),
        "{initiative}"
    );
    // The winner started south: it enters by the south half's squares.
    assert_eq!(p.entry_of(winner), Some(p.entry_of_half(Half::South)));
}
