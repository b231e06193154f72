//! The one JSON writer of a Battlefield table and of the oracles' answers
//! (`dust_data::table_json`), as the command line and the server give them: the drawing holds
//! every piece of the file, the lines drawn agree with the `los` answer pair by pair
//! (tactics-battlefield-summary.md, "3. Check Line of Sight (LOS)": a miniature sees another
//! when some line joins them), and the editor's view of a file keeps its own keys.

use dust_core::Edition;
use dust_data::builtin::builtin_card_files_for;
use dust_data::table_file::parse_table;
use dust_data::table_json::{file_json, find_mini, find_unit, los_json, parse_point, sight_lines, table_json};
use dust_geom::exact::Pt;

const RUINED_TOWN: &str = include_str!("../../../data/battlefield/tables/ruined-town.toml");
const ZHYTOMYR: &str = include_str!("../../../data/battlefield/tables/zhytomyr-crossroads.toml");

#[test]
fn the_drawing_holds_every_piece_of_the_file() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let tf = parse_table(RUINED_TOWN, "ruined-town.toml", &cards).expect("ships");
    let v = table_json(&tf, &cards);
    let file = file_json(RUINED_TOWN).expect("TOML");
    let n = |k: &str| file[k].as_array().map_or(0, Vec::len);
    assert_eq!(v["terrain"].as_array().map(Vec::len), Some(n("terrain")));
    assert_eq!(v["zones"].as_array().map(Vec::len), Some(n("deployment") + n("arrival")));
    assert_eq!(v["objectives"].as_array().map(Vec::len), Some(n("objective")));
    assert_eq!(v["units"].as_array().map(Vec::len), Some(n("unit")));
    // "Objectives … within range 1 (10 cm)".
    assert_eq!(v["objectives"][0]["radius_cm"], 10.0);
    // The smoke is a circle, kept as one.
    let smoke = v["terrain"].as_array().unwrap().iter().find(|p| p["kind"] == "smoke").unwrap();
    assert_eq!(smoke["circle"], serde_json::json!([85.0, 55.0, 6.0]));
    // Units carry their card's Move (10 cm a point) for the page's allowance.
    assert!(v["units"].as_array().unwrap().iter().all(|u| u["move"].as_u64().is_some()));
    // The second unit of a card is `NAME #2`.
    assert!(v["units"].as_array().unwrap().iter().any(|u| u["name"] == "Sturmpioniere #2"));
}

#[test]
fn the_lines_drawn_agree_with_the_los_answer_pair_by_pair() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let t = parse_table(ZHYTOMYR, "z.toml", &cards).expect("ships").table;
    for (a, b) in [
        ("Hell Boys", "Laser Grenadiers"),
        ("Bot Hunters", "Recon Grenadiers"),
        ("Pounder", "Ludwig"),
    ] {
        let (ua, ub) = (find_unit(&t, "z", a).unwrap(), find_unit(&t, "z", b).unwrap());
        let los = los_json(&t, ua, ub);
        let lines = sight_lines(&t, ua, ub);
        let pairs = los["miniatures"].as_array().unwrap();
        assert_eq!(lines.len(), pairs.len());
        for (l, p) in lines.iter().zip(pairs) {
            assert_eq!(
                (l.attacker as u64, l.target as u64),
                (p["attacker"].as_u64().unwrap(), p["target"].as_u64().unwrap())
            );
            assert_eq!(l.clear, p["los"] == true, "{a} m{} to {b} m{}", l.attacker, l.target);
            assert_eq!(l.why.is_some(), !l.clear);
        }
        assert_eq!(los["los"] == true, lines.iter().any(|l| l.clear));
    }
}

#[test]
fn names_and_points_are_read_with_a_hint() {
    let cards = builtin_card_files_for(Edition::Battlefront);
    let t = parse_table(ZHYTOMYR, "z.toml", &cards).expect("ships").table;
    let e = find_unit(&t, "z.toml", "Hell Boyz").unwrap_err();
    assert!(e.contains("did you mean `Hell Boys`"), "{e}");
    assert_eq!(find_mini(&t, "z", "Hell Boys:4").map(|(_, i)| i), Ok(4));
    assert!(find_mini(&t, "z", "Hell Boys:5").unwrap_err().contains("miniatures 0 to 4"));
    assert!(find_mini(&t, "z", "Hell Boys").unwrap_err().contains("UNIT:I"));
    assert_eq!(parse_point(" 42.5, 17 "), Some(Pt::cm(42.5, 17.0)));
    assert_eq!(parse_point("42.5"), None);
    assert_eq!(parse_point("inf,1"), None);
}
