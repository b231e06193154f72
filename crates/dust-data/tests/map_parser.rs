//! The map parser: examples, every kind of diagnostic with its exact line and column, all
//! problems reported at once, round trips.

use dust_core::{CoverElement, Dir, Edge, EntranceSize, PieceKind, Side, Square, Terrain};
use dust_data::{parse_map, MapFile};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn ok(text: &str) -> MapFile {
    match parse_map(text, "t.toml") {
        Ok(m) => m,
        Err(d) => panic!("unexpected problems: {d:#?}"),
    }
}

/// The diagnostics as printed.
fn errs(text: &str) -> Vec<String> {
    match parse_map(text, "t.toml") {
        Ok(_) => panic!("the map was accepted:\n{text}"),
        Err(d) => d.iter().map(ToString::to_string).collect(),
    }
}

/// Exactly one diagnostic, at `line:col`, whose message contains `part`.
fn one(text: &str, line: usize, col: usize, part: &str) {
    let e = errs(text);
    assert_eq!(e.len(), 1, "{e:#?}");
    let prefix = format!("t.toml:{line}:{col}: ");
    assert!(e[0].starts_with(&prefix), "expected {prefix}…, got {}", e[0]);
    assert!(e[0].contains(part), "expected `{part}` in {}", e[0]);
}

const GRID: &str = "name = \"m\"\ngrid = '''\n. . . .\n. # ~ .\n. . x .\n'''\n";

#[test]
fn shipped_examples_parse_and_round_trip() {
    for name in ["structures-example.toml", "core-board.toml"] {
        let path = root().join("maps").join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let m = ok(&text);
        let again = ok(&m.to_toml());
        assert_eq!(m, again, "{name} does not round-trip:\n{}", m.to_toml());
    }
}

#[test]
fn core_board_is_16_by_24_with_entries_on_short_edges() {
    let m = ok(&std::fs::read_to_string(root().join("maps/core-board.toml")).unwrap());
    assert_eq!((m.board.width(), m.board.height()), (16, 24));
    assert!(m.entry.a.iter().all(|s| s.row() == 0) && m.entry.a.len() == 16);
    assert!(m.entry.b.iter().all(|s| s.row() == 23) && m.entry.b.len() == 16);
    assert!(m.description.unwrap().contains("project's own"));
    assert!(m.cover_zone.contains(&sq("H12")));
}

#[test]
fn structures_example_reads_everything() {
    let m = ok(&std::fs::read_to_string(root().join("maps/structures-example.toml")).unwrap());
    let b = &m.board;
    assert_eq!((b.width(), b.height()), (8, 6));
    assert_eq!(b.terrain(sq("B5")), Terrain::Water);
    assert_eq!(b.terrain(sq("G3")), Terrain::Rubble);
    assert_eq!(b.terrain(sq("G5")), Terrain::Smoke);
    assert_eq!(b.terrain(sq("H2")), Terrain::NoDot);
    assert_eq!(b.cover(sq("B2")), Some(CoverElement::AmmoCrate));
    assert_eq!(b.cover(sq("C4")), Some(CoverElement::AntiTankTrap));
    assert_eq!(b.edge(sq("C3"), sq("C2")), Edge::Entrance(EntranceSize::Large));
    assert_eq!(b.edge(sq("E4"), sq("F4")), Edge::Entrance(EntranceSize::Small));
    assert_eq!(b.edge(sq("D4"), sq("E4")), Edge::Entrance(EntranceSize::Small));
    assert_eq!(b.edge(sq("D3"), sq("E3")), Edge::Wall);
    assert_eq!(b.edge(sq("B3"), sq("C3")), Edge::Wall);
    assert_eq!(b.structures()[0].interior.len(), 6);
    assert_eq!(m.pieces.len(), 5);
    assert_eq!(m.pieces[1].kind, PieceKind::Hero);
    assert_eq!(m.pieces[1].side, Side::A); // "allies"
    assert_eq!(m.pieces[3].side, Side::B); // "axis"
    assert_eq!(m.main_piece_at(sq("A1")).unwrap().kind, PieceKind::Squad);
    assert_eq!(m.objectives[0].points, Some(2));
    assert_eq!(m.entry.a.len(), 8);
    assert_eq!(m.cover_zone.len(), 24);
    let occ = m.occupancy();
    assert!(occ.at(sq("F6")).has_vehicle());
}

#[test]
fn documented_example_parses() {
    let doc = std::fs::read_to_string(root().join("docs/map-format.md")).unwrap();
    let start = doc.find("```toml\n").unwrap() + 8;
    let end = start + doc[start..].find("```").unwrap();
    let m = ok(&doc[start..end]);
    assert_eq!(m.board.cover(sq("G5")), Some(CoverElement::AmmoCrate));
    assert_eq!(m.board.terrain(sq("G5")), Terrain::Smoke);
    assert_eq!(m.to_toml().matches("[[cover]]").count(), 1);
    assert_eq!(ok(&m.to_toml()), m);
}

#[test]
fn grid_orientation_a1_is_bottom_left() {
    let m = ok(GRID);
    assert_eq!((m.board.width(), m.board.height()), (4, 3));
    assert_eq!(m.board.terrain(sq("B2")), Terrain::NoDot);
    assert_eq!(m.board.terrain(sq("C2")), Terrain::Water);
    assert_eq!(m.board.terrain(sq("C1")), Terrain::Rubble);
    assert_eq!(m.grid_text(), "....\n.#~.\n..x.\n");
}

#[test]
fn grid_in_a_basic_string_with_escapes() {
    let m = ok("name = \"m\"\ngrid = \"..\\n.#\\n\"\n");
    assert_eq!(m.board.terrain(sq("B1")), Terrain::NoDot);
    one("name = \"m\"\ngrid = \"..\\n.?\"\n", 2, 14, "`?` is not a grid character");
}

#[test]
fn rectangles_and_lower_case() {
    let m = ok(&format!("{GRID}cover_zone = [\"a1:b2\", \"D3\"]\n"));
    assert_eq!(m.cover_zone, vec![sq("A1"), sq("B1"), sq("A2"), sq("B2"), sq("D3")]);
    let m = ok(&format!("{GRID}cover_zone = \"C3:A3\"\n"));
    assert_eq!(m.cover_zone, vec![sq("A3"), sq("B3"), sq("C3")]);
}

#[test]
fn not_toml() {
    one("name = \"m\"\ngrid = '''\n..\n", 4, 1, "not valid TOML");
    one("name = = 1\n", 1, 8, "not valid TOML");
}

#[test]
fn huge_numbers_are_reported_not_panicked() {
    let e = errs("name = \"m\"\ngrid = \".\"\n[[objective]]\nat = \"A1\"\nname = \"o\"\npoints = 99999999999999999999999\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("t.toml:6:"), "{e:?}");
    one(
        "name = \"m\"\ngrid = \".\"\n[[objective]]\nat = \"A1\"\nname = \"o\"\npoints = -3\n",
        6,
        10,
        "from 0 to 1000",
    );
    one(
        "name = \"m\"\ngrid = \".\"\n[[objective]]\nat = \"A1\"\nname = \"o\"\npoints = 1.5\n",
        6,
        10,
        "not a float",
    );
}

/// `wins_from` (the project's hills, docs/rulings.md "Hills that win from a later round"): a
/// round from 1 to 99, only with `wins = true`; it round-trips through the printed map.
#[test]
fn wins_from_is_a_round_of_a_winning_objective() {
    let head = "name = \"m\"\ngrid = \".\"\n[[objective]]\nat = \"A1\"\nname = \"Hill\"\n";
    let m = ok(&format!("{head}wins = true\nwins_from = 4\n"));
    assert_eq!(m.objectives[0].wins_from, 4);
    assert!(m.objectives[0].wins);
    let again = ok(&m.to_toml());
    assert_eq!(again.objectives, m.objectives);
    assert_eq!(ok(&format!("{head}wins = true\n")).objectives[0].wins_from, 0);
    one(&format!("{head}wins = true\nwins_from = 0\n"), 7, 13, "a round from 1 to 99");
    one(&format!("{head}wins = true\nwins_from = \"4\"\n"), 7, 13, "must be a round");
    one(&format!("{head}wins_from = 4\n"), 6, 13, "needs `wins = true`");
}

#[test]
fn unknown_keys_list_the_valid_ones() {
    one(&format!("{GRID}peice = 1\n"), 7, 1, "did you mean `piece`?");
    one(
        &format!("{GRID}colour = 1\n"),
        7,
        1,
        "the valid keys are `name`, `description`, `grid`",
    );
    one(
        &format!("{GRID}[[piece]]\nat = \"A1\"\nkind = \"squad\"\nside = \"a\"\ncolor = \"red\"\n"),
        11,
        1,
        "unknown key `color` in a [[piece]]",
    );
    one(
        &format!("{GRID}[[structure]]\ninterior = [\"D1\"]\nentrances = [{{ at = \"D1\", sid = \"north\", side = \"north\", size = \"small\" }}]\n"),
        9,
        27,
        "did you mean `side`?",
    );
}

#[test]
fn wrong_types() {
    one("name = 5\ngrid = \".\"\n", 1, 8, "`name` in the map must be a string");
    one("name = \"m\"\ngrid = 3\n", 2, 8, "`grid` must be a multi-line string");
    one("name = \"m\"\ngrid = \".\"\ncover_zone = 4\n", 3, 14, "must be a list of spaces");
    one("name = \"m\"\ngrid = \".\"\ncover_zone = [4]\n", 3, 15, "lists spaces as strings");
    one("name = \"m\"\ngrid = \".\"\npiece = 4\n", 3, 9, "write [[piece]] sections");
    one("name = \"m\"\ngrid = \".\"\npiece = [4]\n", 3, 10, "must be a table");
    one("name = \"m\"\ngrid = \".\"\nentry = 4\n", 3, 1, "`entry` must be a table");
}

#[test]
fn missing_keys() {
    one("grid = \".\"\n", 1, 1, "needs `name`");
    one("name = \"m\"\n", 1, 1, "needs a `grid`");
    one("name = \" \"\ngrid = \".\"\n", 1, 8, "`name` is empty");
    one(&format!("{GRID}[[piece]]\nat = \"A1\"\nside = \"a\"\n"), 7, 1, "needs `kind`");
    one(&format!("{GRID}[[structure]]\nname = \"hut\"\n"), 7, 1, "needs `interior`");
}

#[test]
fn grid_problems_point_inside_the_string() {
    one(
        "name = \"m\"\ngrid = '''\n. . . .\n. . ? .\n'''\n",
        4,
        5,
        "`?` is not a grid character",
    );
    one(
        "name = \"m\"\ngrid = '''\n. . . .\n. . .\n'''\n",
        4,
        1,
        "row 1 has 3 spaces but the top row has 4",
    );
    one("name = \"m\"\ngrid = '''\n. . . .\n. . . . .\n'''\n", 4, 9, "row 1 has 5 spaces");
    one("name = \"m\"\ngrid = '''\n. .\n\n. .\n'''\n", 3, 4, "row 2 is empty");
    one("name = \"m\"\ngrid = '''\n\n  \n'''\n", 2, 8, "the grid is empty");
    let wide = ".".repeat(30);
    one(&format!("name = \"m\"\ngrid = '''\n{wide}\n'''\n"), 3, 27, "30 spaces wide");
    let tall = ".\n".repeat(100);
    one(&format!("name = \"m\"\ngrid = '''\n{tall}'''\n"), 3, 1, "100 rows");
    // Columns count characters, not bytes.
    one("name = \"m\"\ngrid = '''\n. é .\n'''\n", 3, 3, "`é` is not a grid character");
}

#[test]
fn spaces_off_the_board_or_unreadable() {
    one(
        &format!("{GRID}[[piece]]\nat = \"E1\"\nkind = \"squad\"\nside = \"a\"\n"),
        8,
        6,
        "E1 is off the board, which is 4 columns (A-D) by 3 rows (1-3)",
    );
    one(
        &format!("{GRID}[[piece]]\nat = \"1A\"\nkind = \"squad\"\nside = \"a\"\n"),
        8,
        6,
        "`1A` is not a space",
    );
    one(&format!("{GRID}cover_zone = [\"A1:Z9\"]\n"), 7, 15, "Z9 is off the board");
    one(&format!("{GRID}[entry]\na = [\"A1\"]\nb = [\"A4\"]\n"), 9, 6, "A4 is off the board");
}

#[test]
fn piece_problems() {
    let piece = |at: &str, kind: &str, side: &str| format!("[[piece]]\nat = \"{at}\"\nkind = \"{kind}\"\nside = \"{side}\"\n");
    one(
        &format!("{GRID}{}", piece("A1", "tank", "a")),
        9,
        8,
        "`tank` is not a kind of piece",
    );
    one(&format!("{GRID}{}", piece("A1", "squad", "ssu")), 10, 8, "`ssu` is not a side");
    one(&format!("{GRID}{}", piece("B2", "hero", "a")), 8, 6, "it has no dot");
    one(&format!("{GRID}{}", piece("C2", "squad", "a")), 8, 6, "deep water");
    one(
        &format!("{GRID}{}", piece("C1", "vehicle", "a")),
        8,
        6,
        "vehicles cannot enter rubble",
    );
    // Rubble is fine for soldiers.
    ok(&format!("{GRID}{}", piece("C1", "squad", "a")));
    // Stacking: heroes share with friends, nobody with enemies, never two squads or vehicles.
    ok(&format!(
        "{GRID}{}{}{}",
        piece("A1", "squad", "a"),
        piece("A1", "hero", "a"),
        piece("A1", "hero", "allies")
    ));
    ok(&format!("{GRID}{}{}", piece("A1", "vehicle", "b"), piece("A1", "hero", "axis")));
    one(
        &format!("{GRID}{}{}", piece("A1", "squad", "a"), piece("A1", "hero", "b")),
        12,
        6,
        "enemy units never share a space",
    );
    one(
        &format!("{GRID}{}{}", piece("A1", "squad", "a"), piece("A1", "vehicle", "a")),
        12,
        6,
        "already holds a squad",
    );
    let trap = "name = \"m\"\ngrid = '''\n. t\n'''\n";
    one(&format!("{trap}{}", piece("B1", "vehicle", "a")), 6, 6, "anti-tank trap");
    ok(&format!("{trap}{}", piece("B1", "squad", "a")));
    let hut = "name = \"m\"\ngrid = '''\n. . .\n'''\n[[structure]]\ninterior = [\"B1\"]\nentrances = [{ at = \"B1\", side = \"west\", size = \"small\" }]\n";
    one(&format!("{hut}{}", piece("B1", "vehicle", "a")), 9, 6, "no large entrance");
    ok(&format!("{}{}", hut.replace("small", "large"), piece("B1", "vehicle", "a")));
}

#[test]
fn structure_problems_map_back_to_their_values() {
    let head = "name = \"m\"\ngrid = '''\n. . . .\n. # . .\n. . . .\n'''\n[[structure]]\nname = \"hut\"\n";
    // Interior on a space without a dot: Board::new's problem points at that interior entry.
    one(&format!("{head}interior = [\"A2\", \"B2\"]\n"), 9, 19, "has no dot");
    // Entrance facing inside the structure.
    one(
        &format!("{head}interior = [\"C2:D2\"]\nentrances = [{{ at = \"C2\", side = \"east\", size = \"small\" }}]\n"),
        10,
        14,
        "entrances go on outer walls",
    );
    // Entrance off the board.
    one(
        &format!("{head}interior = [\"D2\"]\nentrances = [{{ at = \"D2\", side = \"e\", size = \"large\" }}]\n"),
        10,
        14,
        "leads off the board",
    );
    // Entrance on a space outside the structure.
    one(
        &format!("{head}interior = [\"D2\"]\nentrances = [{{ at = \"A1\", side = \"e\", size = \"large\" }}]\n"),
        10,
        14,
        "not inside structure `hut`",
    );
    // Bad side and size words.
    let e = errs(&format!(
        "{head}interior = [\"D2\"]\nentrances = [{{ at = \"D2\", side = \"up\", size = \"tiny\" }}]\n"
    ));
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(e[0].starts_with("t.toml:10:34: `up` is not a side of a space"), "{e:?}");
    assert!(e[1].starts_with("t.toml:10:47: `tiny` is not an entrance size"), "{e:?}");
    // Interior wall between spaces that do not share a side, and one outside the structure.
    one(
        &format!("{head}interior = [\"C1:D3\"]\ninner_walls = [{{ between = [\"C1\", \"D2\"] }}]\n"),
        10,
        16,
        "must share a side",
    );
    one(
        &format!("{head}interior = [\"C1:D3\"]\ninner_walls = [{{ between = [\"A1\", \"A2\"], entrance = \"small\" }}]\n"),
        10,
        16,
        "both spaces must be inside",
    );
    one(
        &format!("{head}interior = [\"C1:D3\"]\ninner_walls = [{{ between = [\"C1\"] }}]\n"),
        10,
        28,
        "must be two spaces",
    );
    one(
        &format!("{head}interior = [\"C1:D3\"]\ninner_walls = [{{ between = [\"C1\", \"C2\"], entrance = \"door\" }}]\n"),
        10,
        53,
        "`door` is not an entrance size",
    );
    // Empty interior: the problem is the structure as a whole.
    one(&format!("{head}interior = []\n"), 7, 1, "has no interior spaces");
    // Two structures sharing a space.
    one(
        &format!("{head}interior = [\"C1\"]\n[[structure]]\ninterior = [\"D1\", \"C1\"]\n"),
        11,
        19,
        "already inside another structure",
    );
}

#[test]
fn cover_elements_only_where_the_rules_allow() {
    // "Anti-tank traps can only be placed inside structures that have at least one large entrance."
    let text = "name = \"m\"\ngrid = '''\n. t .\n'''\n[[structure]]\ninterior = [\"B1\"]\nentrances = [{ at = \"B1\", side = \"west\", size = \"small\" }]\n";
    one(text, 3, 3, "traps go only in structures with a large entrance");
    ok(&text.replace("small", "large"));
    // Not on water, rubble or no-dot spaces; one per space; smoke is fine.
    let base = "name = \"m\"\ngrid = '''\n~ x s t\n'''\n";
    let cover = |at: &str, el: &str| format!("[[cover]]\nat = \"{at}\"\nelement = \"{el}\"\n");
    one(&format!("{base}{}", cover("A1", "ammo_crate")), 6, 6, "cannot stand on A1");
    one(&format!("{base}{}", cover("B1", "anti-tank trap")), 6, 6, "not placed on rubble");
    one(&format!("{base}{}", cover("D1", "crate")), 6, 6, "already holds a cover element");
    one(
        &format!("{base}{}", cover("C1", "sandbag")),
        7,
        11,
        "`sandbag` is not a cover element",
    );
    let m = ok(&format!("{base}{}", cover("C1", "ammo crate")));
    assert_eq!(m.board.cover(sq("C1")), Some(CoverElement::AmmoCrate));
}

#[test]
fn entry_squares_must_be_standable() {
    one(&format!("{GRID}[entry]\na = [\"A1\", \"B2\"]\n"), 8, 12, "entry square B2");
    one(&format!("{GRID}[entry]\nc = [\"A1\"]\n"), 8, 1, "unknown key `c` in [entry]");
}

#[test]
fn every_problem_is_reported_at_once() {
    let text = "\
name = 5
colour = \"red\"
grid = '''
. . ? .
. # . .
. ~ . .
'''

[[structure]]
name = \"Hut\"
interior = [\"B2:C2\", \"Q9\"]
entrances = [{ at = \"B2\", side = \"up\", size = \"small\" }]
inner_walls = [{ between = [\"B2\", \"C2\"], entrance = \"huge\" }]

[[piece]]
at = \"B1\"
kind = \"tank\"
side = \"c\"

[[piece]]
at = \"A1\"
kind = \"squad\"
side = \"a\"

[[piece]]
at = \"A1\"
kind = \"vehicle\"
side = \"a\"

[[objective]]
at = \"A3\"
name = \"x\"
points = 99999999999
";
    let e = errs(text);
    let at: Vec<&str> = e.iter().map(|d| d.split(':').nth(1).unwrap()).collect();
    assert!(e.len() >= 10, "{e:#?}");
    for (line, part) in [
        (1, "must be a string"),
        (2, "unknown key `colour`"),
        (4, "`?` is not a grid character"),
        (11, "has no dot"),
        (11, "Q9 is off the board"),
        (12, "`up` is not a side"),
        (13, "`huge` is not an entrance size"),
        (17, "`tank`"),
        (18, "`c` is not a side"),
        (26, "already holds a squad"),
        (33, "from 0 to 1000"),
    ] {
        assert!(
            e.iter().any(|d| d.starts_with(&format!("t.toml:{line}:")) && d.contains(part)),
            "missing line {line} `{part}` in {e:#?}"
        );
    }
    // Sorted by position.
    let lines: Vec<usize> = at.iter().map(|l| l.parse().unwrap()).collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
}

#[test]
fn inline_and_table_forms_are_equivalent() {
    let a = ok(&format!("{GRID}piece = [{{ at = \"A1\", kind = \"squad\", side = \"a\" }}]\n"));
    let b = ok(&format!("{GRID}[[piece]]\nat = \"A1\"\nkind = \"squad\"\nside = \"a\"\n"));
    assert_eq!(a, b);
    let c = ok(&format!(
        "{GRID}[[structure]]\ninterior = [\"D1\"]\n[[structure.entrances]]\nat = \"D1\"\nside = \"north\"\nsize = \"large\"\n"
    ));
    assert_eq!(c.board.structures()[0].entrances[0].side, Dir::North);
    assert_eq!(c.board.structures()[0].name, "structure 1");
}

#[test]
fn crlf_files_point_at_the_right_column() {
    one(
        "name = \"m\"\r\ngrid = '''\r\n. . . .\r\n. . ? .\r\n'''\r\n",
        4,
        5,
        "`?` is not a grid character",
    );
}
