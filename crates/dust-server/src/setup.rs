//! What the page is shown while the players lay a battlefront table
//! (`dust_core::battlefront::setup`, docs/battlefront.md "Setting up a game"): the table so far
//! (boards, terrain, anti-tank traps, objectives, entry squares), what each side laid and has
//! left, whose decision it is, and the legal decisions of the seat to move: every one for the
//! boards, the halves and the objectives; for the terrain, by item and facing, the squares an
//! item's corner may go on and its shape (a few kilobytes, where the full list would be
//! thousands of decisions). The phase decides legality; the page only shows it.

use crate::store::Seat;
use crate::view::{board_json_of, side_name, terrain_code, unit_json};
use dust_core::battlefront::setup::{
    BoardFace, Half, ObjectivePlacement, SetupDecision, SetupEvent, SetupPhase, SetupStage, TerrainItem, FACINGS,
};
use dust_core::board::Dir;
use dust_core::game::{Game, UnitId};
use dust_core::{BySide, Side, Square};
use serde_json::{json, Value};

/// The rule behind the set-up.
const RULE: &str = "tactics-battlefront-2013-rules.txt, Setting the Terrain";

fn stage_name(s: SetupStage) -> &'static str {
    match s {
        SetupStage::Board => "board",
        SetupStage::Start => "start",
        SetupStage::Terrain => "terrain",
        SetupStage::Objective => "objective",
        SetupStage::Done => "done",
    }
}

/// A facing as decisions write it.
fn facing_name(d: Dir) -> &'static str {
    match d {
        Dir::East => "e",
        Dir::South => "s",
        Dir::West => "w",
        _ => "n",
    }
}

/// What the game waits for during the set-up: `{"kind": "setup", "side": "A"}`.
pub fn pending_json(phase: &SetupPhase) -> Value {
    json!({ "kind": "setup", "side": phase.to_move().map(side_name) })
}

/// The legal decisions of the side to move, for the page.
fn choices_json(phase: &SetupPhase) -> (Vec<Value>, Vec<Value>) {
    let legal = phase.legal_decisions();
    if phase.stage() != SetupStage::Terrain {
        let choices = legal
            .iter()
            .map(|&d| {
                let square = match d {
                    SetupDecision::Objective(at) => Some(at.to_string()),
                    _ => None,
                };
                json!({ "text": d.to_string(), "label": phase.explain(d), "square": square })
            })
            .collect();
        return (choices, Vec::new());
    }
    let b = phase.board();
    let centre = Square::new(b.width() / 2, b.height() / 2);
    let items = TerrainItem::ALL
        .into_iter()
        .filter_map(|item| {
            let facings: &[Dir] = if item.is_tile() { &FACINGS } else { &[Dir::North] };
            let mut anchors = serde_json::Map::new();
            let mut shapes = serde_json::Map::new();
            let mut any = false;
            for &f in facings {
                let squares: Vec<String> = legal
                    .iter()
                    .filter_map(|d| match *d {
                        SetupDecision::Place { item: i, at, facing } if i == item && facing == f => Some(at.to_string()),
                        _ => None,
                    })
                    .collect();
                any |= !squares.is_empty();
                anchors.insert(facing_name(f).into(), json!(squares));
                // The item's squares from its corner, as column and row offsets.
                let shape: Vec<Value> = item
                    .squares(centre, f, b)
                    .unwrap_or_default()
                    .iter()
                    .map(|(s, t)| {
                        json!([
                            i32::from(s.col()) - i32::from(centre.col()),
                            i32::from(s.row()) - i32::from(centre.row()),
                            t.map_or("trap", terrain_code)
                        ])
                    })
                    .collect();
                shapes.insert(facing_name(f).into(), json!(shape));
            }
            any.then(|| {
                json!({
                    "item": item.name(),
                    "tile": item.is_tile(),
                    "anchors": anchors,
                    "shapes": shapes,
                })
            })
        })
        .collect();
    (Vec::new(), items)
}

/// The state of a game whose players are laying the table, in the shape of
/// [`crate::view::state_json`] (so the page's status, links and armies work alike: no game
/// decision, no event yet, every unit off the table) with a `setup` object: the stage and what
/// is asked, who decides, each side's board, half and what it has left, the initiative, the
/// set-up's log, and the legal decisions when `you` decide. `game` is the stand-in game on the
/// scenario's layout (its units and round limit).
pub fn state_json(game: &Game, phase: &SetupPhase, you: Option<Side>, seats: &BySide<Seat>) -> Value {
    let to_move = phase.to_move();
    let yours = to_move.is_some() && to_move == you;
    let units: Vec<Value> = game
        .units()
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let mut v = unit_json(game, UnitId(i as u8), u);
            // Nothing stands on the table before the game begins.
            v["at"] = Value::Null;
            v["squares"] = json!([]);
            v
        })
        .collect();
    let (choices, place) = if yours { choices_json(phase) } else { (Vec::new(), Vec::new()) };
    let side_json = |side: Side| {
        json!({
            "face": phase.face_of(side).map(BoardFace::name),
            "half": phase.half_of(side).map(Half::name),
            "tiles_left": phase.tiles_left(side),
            "trap_left": phase.trap_left(side),
            "player": seats[side].to_text(),
        })
    };
    let log: Vec<Value> = phase
        .events()
        .iter()
        .map(|e| {
            let side = match e {
                SetupEvent::Decided(s, _) => *s,
                SetupEvent::Initiative { winner, .. } => *winner,
            };
            json!({ "text": e.to_string(), "side": side_name(side), "rule": RULE })
        })
        .collect();
    let initiative = phase.events().iter().find_map(|e| match e {
        SetupEvent::Initiative { rolls, winner, .. } => Some(json!({ "winner": side_name(*winner), "a": rolls.a, "b": rolls.b })),
        SetupEvent::Decided(..) => None,
    });
    json!({
        "ply": 0,
        "round": 0,
        "round_limit": game.round_limit(),
        "turn": to_move.map_or("A", side_name),
        "vp": { "a": 0, "b": 0 },
        "hash": format!("setup-{}", phase.decisions().len()),
        "pending": pending_json(phase),
        "you": you.map(side_name),
        "yours": yours,
        "declaring": Value::Null,
        "decisions": [],
        "last_decision": Value::Null,
        "units": units,
        "board": board_json_of(phase.board(), phase.objectives()),
        "events_total": 0,
        "events_from": 0,
        "events": [],
        "setup": {
            "ply": phase.decisions().len(),
            "stage": stage_name(phase.stage()),
            "asked": phase.stage().asked(),
            "to_move": to_move.map(side_name),
            "yours": yours,
            "sides": { "a": side_json(Side::A), "b": side_json(Side::B) },
            "initiative": initiative,
            "entry": {
                "south": phase.entry_of_half(Half::South).iter().map(ToString::to_string).collect::<Vec<_>>(),
                "north": phase.entry_of_half(Half::North).iter().map(ToString::to_string).collect::<Vec<_>>(),
            },
            "objectives": match phase.objective_placement() {
                ObjectivePlacement::EachPlayer => "each player",
                ObjectivePlacement::Fixed => "the scenario's",
            },
            "log": log,
            "choices": choices,
            "place": place,
            "rule": RULE,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::battlefront::setup::SetupPhase;

    fn bait_and_flank() -> dust_core::game::GameSetup {
        let s = dust_data::scenario::load_builtin("bait-and-flank").unwrap();
        s.game_setup(&dust_data::builtin::builtin_cards()).unwrap()
    }

    /// The terrain stage sends, by item and facing, exactly the phase's legal decisions.
    #[test]
    fn the_terrain_choices_are_the_phases_legal_decisions() {
        let template = bait_and_flank();
        let game = Game::new(template.clone()).unwrap();
        let mut phase = SetupPhase::new(template, 3);
        while phase.stage() != SetupStage::Terrain {
            let d = phase.legal_decisions()[0];
            phase.apply(d).unwrap();
        }
        let seats = BySide {
            a: Seat::Human,
            b: Seat::Human,
        };
        let me = phase.to_move();
        let v = state_json(&game, &phase, me, &seats);
        assert_eq!(v["setup"]["stage"], "terrain");
        assert_eq!(v["pending"]["kind"], "setup");
        let mut sent = Vec::new();
        for item in v["setup"]["place"].as_array().unwrap() {
            for (f, squares) in item["anchors"].as_object().unwrap() {
                for s in squares.as_array().unwrap() {
                    let text = if item["tile"] == true {
                        format!("place {} {} {f}", item["item"].as_str().unwrap(), s.as_str().unwrap())
                    } else {
                        format!("place {} {}", item["item"].as_str().unwrap(), s.as_str().unwrap())
                    };
                    sent.push(text.parse::<SetupDecision>().unwrap());
                }
            }
        }
        let mut legal = phase.legal_decisions();
        legal.sort_by_key(ToString::to_string);
        sent.sort_by_key(ToString::to_string);
        assert_eq!(sent, legal);
        let wood = &v["setup"]["place"][0];
        assert_eq!(wood["shapes"]["n"], json!([[0, 0, "trees"], [0, 1, "trees"], [1, 1, "trees"]]));
        // The other seat sees the table, not the choices.
        let other = state_json(&game, &phase, me.map(Side::other), &seats);
        assert_eq!(other["setup"]["yours"], false);
        assert!(other["setup"]["place"].as_array().unwrap().is_empty());
    }
}
