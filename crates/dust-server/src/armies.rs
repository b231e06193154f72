//! Armies chosen for a new game (issue 8, "armies from files or the builder"): the shipped
//! army files of `data/armies/`, an army file a player uploads, or one made with the page's
//! builder. Every army is read with `dust_data::army::parse_army` and checked with
//! `dust_data::army::check_army` against the shipped cards, then against the scenario's AP
//! limit and edition, and every problem is reported at once.
//!
//! Armies are chosen for the scenarios of both editions: a battlefront scenario offers the
//! battlefront battlegroups (`data/armies/bf-*.toml`) and the cards of that edition (its own
//! cards and the classic cards), and checks armies by the battlefront army rules. A hero's
//! `pilots` is kept in the army file but the game plays him on foot (mounted heroes are not in
//! the engine yet, docs/battlefront.md).
//!
//! A game keeps its armies by storing the scenario with them as its embedded scenario text
//! ([`scenario_with_armies`]): the game row then holds everything a replay needs (the
//! scenario with its armies, the seed, the decisions), so a restart (kill -9 included)
//! rebuilds the same game and a downloaded record carries the armies too.

use crate::play::DUEL;
use crate::view::kind_name;
use dust_core::{Bloc, BySide, Edition, Side, UnitCard, UnitKind};
use dust_data::army::{army_cost, can_join_in, check_army_cards, parse_army, parse_bloc, ArmyEntry, ArmyFile};
use dust_data::scenario::{load_builtin, parse_scenario, Scenario};
use serde::Deserialize;
use serde_json::{json, Value};

/// The shipped army files (`data/armies/`), by file stem; the form offers those of the
/// scenario's edition.
pub const SHIPPED_ARMIES: &[(&str, &str)] = &[
    (
        "bf-battlegroup-koshka",
        include_str!("../../../data/armies/bf-battlegroup-koshka.toml"),
    ),
    (
        "bf-kampfgruppe-stefan",
        include_str!("../../../data/armies/bf-kampfgruppe-stefan.toml"),
    ),
    ("bf-taskforce-joe", include_str!("../../../data/armies/bf-taskforce-joe.toml")),
    ("core-allies", include_str!("../../../data/armies/core-allies.toml")),
    ("core-axis", include_str!("../../../data/armies/core-axis.toml")),
];

/// Most units an army may list here (the AP limit stops real armies long before).
const MAX_UNITS: usize = 64;

/// The AP limit the builder uses when the scenario sets none.
pub const DEFAULT_AP: u32 = 150;

/// One unit picked in the builder.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PickedUnit {
    /// The card's name.
    pub name: String,
    /// For a hero: the squad he joins.
    #[serde(default)]
    pub joins: Option<String>,
}

/// How a side's army is chosen in a request: exactly one of `shipped` (a file stem of
/// `data/armies/`), `toml` (the text of an army file) or `units` (the builder: a list of
/// cards, with `name` and `bloc`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyChoice {
    /// A shipped army file (`core-allies`).
    #[serde(default)]
    pub shipped: Option<String>,
    /// The text of an army file.
    #[serde(default)]
    pub toml: Option<String>,
    /// The builder's units.
    #[serde(default)]
    pub units: Option<Vec<PickedUnit>>,
    /// The builder's army name.
    #[serde(default)]
    pub name: Option<String>,
    /// The builder's bloc (`allies`, `axis`, `ssu`).
    #[serde(default)]
    pub bloc: Option<String>,
}

/// An army read and checked: the file, its text, and every problem found.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The army file as read (None when it does not read at all).
    pub army: Option<ArmyFile>,
    /// The army file's text (for the builder: the file it makes).
    pub text: String,
    /// Every problem, each a line `FILE:LINE:COL: message [rule …]` or a sentence.
    pub problems: Vec<String>,
}

impl Checked {
    /// The army, when it has no problem.
    pub fn ok(&self) -> Option<&ArmyFile> {
        if self.problems.is_empty() {
            self.army.as_ref()
        } else {
            None
        }
    }
}

/// What a scenario asks of the armies chosen for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Its AP limit, if it sets one.
    pub ap_limit: Option<u32>,
    /// Its rules edition.
    pub edition: Edition,
}

/// What a shipped scenario asks of the armies chosen for it.
///
/// # Errors
/// An unknown scenario or `duel` (its armies are fixed).
pub fn scenario_terms(scenario: &str) -> Result<Terms, String> {
    let s = builtin_scenario(scenario)?;
    Ok(Terms {
        ap_limit: s.ap_limit,
        edition: s.edition,
    })
}

fn builtin_scenario(name: &str) -> Result<Scenario, String> {
    if name.trim().eq_ignore_ascii_case(DUEL) {
        return Err(format!(
            "`{DUEL}` is played with its own two squads: choose another scenario to choose the armies"
        ));
    }
    load_builtin(name).map_err(|ds| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))
}

/// The shipped unit cards an edition plays: the revised cards, or the battlefront cards and
/// the classic cards (`dust_data::builtin::cards_for`).
fn edition_cards(edition: Edition) -> Vec<UnitCard> {
    crate::cards::for_edition(edition).into_iter().map(|f| f.card).collect()
}

/// Reads and checks an army file's text against the shipped cards and, when given, the
/// scenario's AP limit and edition.
pub fn check_text(text: &str, file: &str, terms: Option<Terms>) -> Checked {
    let army = match parse_army(text, file) {
        Ok(a) => a,
        Err(ds) => {
            return Checked {
                army: None,
                text: text.to_string(),
                problems: ds.iter().map(ToString::to_string).collect(),
            }
        }
    };
    // The army's own edition: its cards and its army rules (the battlefront card files carry
    // the special rules the battlefront checks need).
    let files = crate::cards::for_edition(army.edition);
    let cards: Vec<UnitCard> = files.iter().map(|f| f.card.clone()).collect();
    let mut problems: Vec<String> = check_army_cards(&army, &files).iter().map(ToString::to_string).collect();
    if army.units.is_empty() {
        problems.push(format!("{file}: the army has no unit: add a `[[unit]]` section per unit"));
    }
    if army.units.len() > MAX_UNITS {
        problems.push(format!(
            "{file}: {} units is too many for a game (at most {MAX_UNITS})",
            army.units.len()
        ));
    }
    if let Some(t) = terms.filter(|t| t.edition != army.edition) {
        problems.push(format!(
            "{file}: this army is for the {} edition and the scenario is played with the {} rules: choose an army of the {} edition",
            army.edition.name(),
            t.edition.name(),
            t.edition.name()
        ));
    }
    if let Some(limit) = terms.and_then(|t| t.ap_limit) {
        let cost = army_cost(&army, &cards);
        if cost > limit {
            problems.push(format!(
                "{file}: the army costs {cost} AP, over the scenario's limit of {limit} AP (AP Cost of Units): remove units"
            ));
        }
    }
    Checked {
        army: Some(army),
        text: text.to_string(),
        problems,
    }
}

/// The army file the builder makes from picked units (written by `ArmyFile::to_toml`, so
/// the player can keep it), then checked like an uploaded file.
pub fn check_built(name: Option<&str>, bloc: Option<&str>, units: &[PickedUnit], terms: Option<Terms>) -> Checked {
    let bad = |m: String| Checked {
        army: None,
        text: String::new(),
        problems: vec![m],
    };
    let Some(bloc) = bloc.and_then(parse_bloc) else {
        return bad(format!(
            "the builder's army needs a bloc: allies, axis or ssu (not `{}`)",
            bloc.unwrap_or("")
        ));
    };
    if units.len() > MAX_UNITS {
        return bad(format!("{} units is too many for a game (at most {MAX_UNITS})", units.len()));
    }
    let name = name.map(str::trim).filter(|n| !n.is_empty()).unwrap_or("My army");
    let ap_limit = terms.and_then(|t| t.ap_limit).unwrap_or(DEFAULT_AP);
    let mut army = ArmyFile::new(&name.chars().take(80).collect::<String>(), bloc, ap_limit);
    // The builder makes an army of the scenario's edition.
    if let Some(t) = terms {
        army.edition = t.edition;
    }
    for u in units {
        army.units.push(match u.joins.as_deref().map(str::trim).filter(|j| !j.is_empty()) {
            Some(j) => ArmyEntry::joining(u.name.trim(), j),
            None => ArmyEntry::new(u.name.trim()),
        });
    }
    check_text(&army.to_toml(), "built army", terms)
}

/// Reads a side's choice: a shipped army, an uploaded file or the builder's units.
///
/// # Errors
/// A choice that names nothing or more than one thing, or an unknown shipped army.
pub fn resolve(choice: &ArmyChoice, side: Side, terms: Option<Terms>) -> Result<Checked, String> {
    let given = [choice.shipped.is_some(), choice.toml.is_some(), choice.units.is_some()]
        .iter()
        .filter(|&&b| b)
        .count();
    if given != 1 {
        return Err(format!(
            "the army of side {side} is chosen with one of `shipped` (a shipped army: {}), `toml` (an army file's text) or `units` (the builder)",
            shipped_names().join(", ")
        ));
    }
    if let Some(name) = &choice.shipped {
        let (stem, text) = SHIPPED_ARMIES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                format!(
                    "there is no shipped army `{name}`: the shipped armies are {}",
                    shipped_names().join(", ")
                )
            })?;
        return Ok(check_text(text, &format!("data/armies/{stem}.toml"), terms));
    }
    if let Some(text) = &choice.toml {
        return Ok(check_text(text, &format!("army of side {side}"), terms));
    }
    let units = choice.units.as_deref().unwrap_or_default();
    Ok(check_built(choice.name.as_deref(), choice.bloc.as_deref(), units, terms))
}

fn shipped_names() -> Vec<&'static str> {
    SHIPPED_ARMIES.iter().map(|(n, _)| *n).collect()
}

/// The shipped scenario `scenario` with the chosen armies in place of its own, as a scenario
/// file (the game's embedded scenario). Sides without a choice keep the scenario's army.
///
/// # Errors
/// An unknown scenario or `duel`; armies that the scenario or the engine refuse (every problem).
pub fn scenario_with_armies(scenario: &str, armies: &BySide<Option<ArmyFile>>) -> Result<String, Vec<String>> {
    let mut s = builtin_scenario(scenario).map_err(|m| vec![m])?;
    for side in Side::ALL {
        if let Some(a) = &armies[side] {
            s.armies[side] = a.to_scenario_army(s.armies[side].pos);
        }
    }
    let text = s.to_toml();
    // The stored text must rebuild this very game: read it back as a replay will.
    let cards = crate::cards::revised();
    let again =
        parse_scenario(&text, "scenario with the chosen armies").map_err(|ds| ds.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    again
        .game_setup(&cards)
        .map_err(|ds| ds.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    Ok(text)
}

/// The army names of a scenario file's text (a game's embedded scenario), for the page.
pub fn army_names(scenario_text: Option<&str>, scenario: &str) -> BySide<Option<String>> {
    let s = match scenario_text {
        Some(t) => parse_scenario(t, "embedded scenario").ok(),
        None => load_builtin(scenario).ok(),
    };
    match s {
        Some(s) => BySide {
            a: s.armies.a.name.clone(),
            b: s.armies.b.name.clone(),
        },
        None => BySide::default(),
    }
}

fn units_json(units: &[ArmyEntry]) -> Vec<Value> {
    units.iter().map(|u| json!({ "name": u.name, "joins": u.joins })).collect()
}

/// The JSON of a checked army (`POST /api/armies/check`).
pub fn checked_json(c: &Checked, terms: Option<Terms>) -> Value {
    let army = c.army.as_ref().map(|a| {
        let cards = edition_cards(a.edition);
        json!({
            "name": a.name,
            "bloc": a.bloc.name(),
            "ap_limit": a.ap_limit,
            "edition": a.edition.name(),
            "cost": army_cost(a, &cards),
            "units": units_json(&a.units),
        })
    });
    json!({
        "ok": c.problems.is_empty() && c.army.is_some(),
        "problems": c.problems,
        "army": army,
        "toml": c.text,
        "scenario_ap_limit": terms.and_then(|t| t.ap_limit),
    })
}

fn card_json(c: &UnitCard, cards: &[UnitCard], edition: Edition) -> Value {
    let joins: Vec<&str> = if c.kind == UnitKind::Hero {
        cards
            .iter()
            .filter(|s| s.bloc == c.bloc && can_join_in(c, s, edition))
            .map(|s| s.name.as_str())
            .collect()
    } else {
        Vec::new()
    };
    json!({
        "name": c.name,
        "bloc": c.bloc.name(),
        "kind": kind_name(c.kind),
        "ap": c.ap,
        "armor": c.armor.to_string(),
        "health": c.health,
        "provisional": c.is_provisional(),
        "joins": joins,
    })
}

/// What the new-game form offers for a scenario (`GET /api/armies?scenario=…`): its AP limit
/// and own armies, the shipped army files, and the cards of the builder.
///
/// # Errors
/// An unknown scenario (`duel` answers with `choosable: false`).
pub fn offer_json(scenario: &str) -> Result<Value, String> {
    let edition = if scenario.trim().eq_ignore_ascii_case(DUEL) {
        Edition::Revised
    } else {
        load_builtin(scenario)
            .map_err(|ds| ds.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))?
            .edition
    };
    // The builder offers the cards of the scenario's edition.
    let cards = edition_cards(edition);
    let all_cards: Vec<Value> = cards.iter().map(|c| card_json(c, &cards, edition)).collect();
    // The shipped armies of the scenario's edition.
    let shipped: Vec<Value> = SHIPPED_ARMIES
        .iter()
        .filter_map(|(stem, text)| {
            let c = check_text(text, &format!("data/armies/{stem}.toml"), None);
            if c.army.as_ref().is_none_or(|a| a.edition != edition) {
                return None;
            }
            let mut v = checked_json(&c, None);
            v["id"] = json!(stem);
            Some(v)
        })
        .collect();
    let s = match builtin_scenario(scenario) {
        Ok(s) => s,
        Err(why) => {
            return Ok(json!({
                "scenario": scenario,
                "choosable": false,
                "why": why,
                "shipped": shipped,
                "cards": all_cards,
            }))
        }
    };
    let own = |side: Side| {
        let a = &s.armies[side];
        json!({
            "name": a.name,
            "cost": s.army_cost(side, &cards),
            "units": a.units.iter().map(|u| json!({ "name": u.name, "joins": u.joins })).collect::<Vec<_>>(),
        })
    };
    Ok(json!({
        "scenario": scenario,
        "edition": edition.name(),
        "choosable": true,
        "ap_limit": s.ap_limit,
        "builder_ap": s.ap_limit.unwrap_or(DEFAULT_AP),
        "own": { "a": own(Side::A), "b": own(Side::B) },
        "shipped": shipped,
        "cards": all_cards,
        "blocs": [Bloc::Allies.name(), Bloc::Axis.name(), Bloc::Ssu.name()],
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{setup_for, Played};

    #[test]
    fn the_shipped_armies_are_every_file_of_data_armies_and_legal() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/armies");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().to_str().and_then(|n| n.strip_suffix(".toml")).map(str::to_string))
            .collect();
        on_disk.sort();
        assert_eq!(on_disk, shipped_names(), "list every file of data/armies in SHIPPED_ARMIES");
        let revised = Some(Terms {
            ap_limit: Some(150),
            edition: Edition::Revised,
        });
        for stem in ["core-allies", "core-axis"] {
            let text = SHIPPED_ARMIES.iter().find(|(n, _)| *n == stem).unwrap().1;
            let c = check_text(text, stem, revised);
            assert!(c.problems.is_empty(), "{stem}: {:?}", c.problems);
        }
        // A battlefront army is refused for a revised scenario, with the reason.
        let bf = SHIPPED_ARMIES.iter().find(|(n, _)| *n == "bf-taskforce-joe").unwrap().1;
        let c = check_text(bf, "bf", revised);
        assert!(c.problems.iter().any(|p| p.contains("battlefront edition")), "{:?}", c.problems);
    }

    #[test]
    fn every_problem_of_an_uploaded_army_is_reported() {
        let text = "name = \"Bad\"\nbloc = \"allies\"\nap_limit = 150\n\n[[unit]]\nname = \"Nobody\"\n\n[[unit]]\nname = \"Hans\"\n\n[[unit]]\nname = \"Rhino\"\njoins = \"Blackhawk\"\n";
        let c = check_text(
            text,
            "up.toml",
            Some(Terms {
                ap_limit: Some(150),
                edition: Edition::Revised,
            }),
        );
        assert!(c.problems.len() >= 3, "{:?}", c.problems);
        assert!(c.problems.iter().any(|p| p.contains("known-unit")), "{:?}", c.problems);
        assert!(c.problems.iter().any(|p| p.contains("one-bloc")), "{:?}", c.problems);
        let c = check_text("name = 3\n", "up.toml", None);
        assert!(c.army.is_none() && !c.problems.is_empty());
        assert!(c.problems[0].starts_with("up.toml:1:"), "{:?}", c.problems);
    }

    #[test]
    fn the_scenario_limit_is_checked() {
        let units: Vec<PickedUnit> = ["Blackhawk", "The Hammers", "Hell Boys", "Death Dealers", "Rhino", "The Hammers"]
            .iter()
            .map(|n| PickedUnit {
                name: (*n).to_string(),
                joins: None,
            })
            .collect();
        let c = check_built(Some("Big"), Some("allies"), &units, Some(scenario_terms("annihilation").unwrap()));
        assert!(
            c.problems.iter().any(|p| p.contains("over the scenario's limit of 150 AP")),
            "{:?}",
            c.problems
        );
    }

    #[test]
    fn a_game_with_chosen_armies_is_stored_as_a_scenario_that_rebuilds_it() {
        let picked = vec![
            PickedUnit {
                name: "The Hammers".into(),
                joins: None,
            },
            PickedUnit {
                name: "Rhino".into(),
                joins: Some("The Hammers".into()),
            },
        ];
        let terms = Some(scenario_terms("hold-the-crossroads").unwrap());
        let built = check_built(Some("Two"), Some("allies"), &picked, terms);
        assert!(built.problems.is_empty(), "{:?}", built.problems);
        let axis = resolve(
            &ArmyChoice {
                shipped: Some("core-axis".into()),
                ..ArmyChoice::default()
            },
            Side::B,
            terms,
        )
        .unwrap();
        let armies = BySide {
            a: built.ok().cloned(),
            b: axis.ok().cloned(),
        };
        let text = scenario_with_armies("hold-the-crossroads", &armies).unwrap();
        let p = Played::new(setup_for("hold-the-crossroads", Some(&text)).unwrap(), 5).unwrap();
        let names: Vec<&str> = p.game.units().iter().map(|u| u.card.name.as_str()).collect();
        assert_eq!(&names[..2], &["The Hammers", "Rhino"]);
        assert_eq!(army_names(Some(&text), "x").a.as_deref(), Some("Two"));
        // The board is the scenario's: the farmhouse is there.
        assert_eq!(p.game.board().structures().len(), 1);
        assert!(scenario_with_armies(DUEL, &armies).is_err());
    }

    /// Issue 10: a battlefront scenario offers the three battlegroups and the battlefront
    /// cards, checks them by the battlefront army rules, and plays them
    /// (tactics-battlefront-2013-rules.txt, "Dust Tactics Starter Sets", "Playing a Game").
    #[test]
    fn battlefront_scenarios_offer_and_play_the_battlegroups() {
        let offer = offer_json("encounter").unwrap();
        assert_eq!(offer["choosable"], true, "{offer}");
        assert_eq!(offer["edition"], "battlefront");
        let shipped: Vec<&str> = offer["shipped"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap())
            .collect();
        assert_eq!(shipped, ["bf-battlegroup-koshka", "bf-kampfgruppe-stefan", "bf-taskforce-joe"]);
        assert!(offer["shipped"].as_array().unwrap().iter().all(|v| v["ok"] == true), "{offer}");
        let names: Vec<&str> = offer["cards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        assert!(names.contains(&"Fakyeli") && names.contains(&"Bazooka Joe"), "{names:?}");
        // A revised scenario offers the revised armies only.
        let offer = offer_json("annihilation").unwrap();
        assert!(offer["shipped"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["army"]["edition"] == "revised"));
        let t = scenario_terms("grab-the-dust").unwrap();
        assert_eq!(t.edition, Edition::Battlefront);
        let terms = Some(t);
        let pick = |name: &str| {
            resolve(
                &ArmyChoice {
                    shipped: Some(name.into()),
                    ..ArmyChoice::default()
                },
                Side::A,
                terms,
            )
            .unwrap()
        };
        let koshka = pick("bf-battlegroup-koshka");
        assert!(koshka.problems.is_empty(), "{:?}", koshka.problems);
        // The builder makes a battlefront army for a battlefront scenario.
        let units = [
            ("Oberleutnant Stefan", Some("Recon Grenadiers")),
            ("Recon Grenadiers", None),
            ("Ludwig", None),
        ]
        .iter()
        .map(|(n, j)| PickedUnit {
            name: (*n).into(),
            joins: j.map(Into::into),
        })
        .collect::<Vec<_>>();
        let built = check_built(Some("Mine"), Some("axis"), &units, terms);
        assert!(built.problems.is_empty(), "{:?}", built.problems);
        assert_eq!(built.army.as_ref().unwrap().edition, Edition::Battlefront);
        // A revised army is refused for a battlefront scenario.
        let core = pick("core-axis");
        assert!(core.problems.iter().any(|p| p.contains("revised edition")), "{:?}", core.problems);
        let armies = BySide {
            a: pick("bf-taskforce-joe").ok().cloned(),
            b: koshka.ok().cloned(),
        };
        let text = scenario_with_armies("grab-the-dust", &armies).unwrap();
        let p = Played::new(setup_for("grab-the-dust", Some(&text)).unwrap(), 3).unwrap();
        assert_eq!(p.game.edition(), Edition::Battlefront);
        let names: Vec<&str> = p.game.units().iter().map(|u| u.card.name.as_str()).collect();
        assert!(names.contains(&"Koshka") && names.contains(&"Pounder"), "{names:?}");
        // The battlefront cards keep their battlefront part (the Pounder's 17 pdr turret).
        assert!(p.game.units().iter().any(|u| u.card.name == "Pounder" && u.bf.is_some()));
    }
}
