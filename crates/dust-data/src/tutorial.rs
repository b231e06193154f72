//! A guided first game (issue 20, "A first game that teaches"): the duel scenario with lessons
//! that explain activation, entering the board, the plan, moving, line of sight, cover,
//! attacking, damage, reactive fire and the end of the game as they happen. Both interfaces
//! (the terminal's `play --tutorial`, the browser's "Learn to play") ask [`lessons_now`] which
//! lessons fit the moment and show each one the first time it comes.
//!
//! The words are the project's own; each lesson cites the section of the seed rulebook it
//! teaches.

use dust_core::game::{Decision, Event, Game, Pending, RollPurpose};
use dust_core::Side;

/// One lesson of the tutorial.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// A short name (`activation`, `moving`, …).
    pub id: &'static str,
    /// Its title.
    pub title: &'static str,
    /// What the player reads.
    pub words: &'static str,
    /// The section of the rulebook it teaches.
    pub rule: &'static str,
}

/// The scenario of the guided first game.
pub const SCENARIO: &str = "duel";

/// Every lesson, in the order a first game usually meets them.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "initiative",
        title: "The initiative",
        words: "Each round begins with the initiative roll: both sides roll three dice and the side with more hits wins it. You won: choose which side activates a unit first this round.",
        rule: "tactics-revised-core-rules.md, Initiative Roll",
    },
    Lesson {
        id: "activation",
        title: "Your turn: activate a unit",
        words: "The sides take turns. On your turn you activate one of your units that has not acted this round; it takes its actions, then the other side activates one. Choose the unit to activate (the ringed one on the board).",
        rule: "tactics-revised-core-rules.md, Initiative Roll",
    },
    Lesson {
        id: "plan",
        title: "Declare the plan",
        words: "An activated unit declares its two actions before it does anything: move then attack, attack then move, move twice, a sustained attack (both actions, misses rolled again), and so on. Attack + attack is not allowed.",
        rule: "tactics-revised-core-rules.md, List of Actions",
    },
    Lesson {
        id: "entry",
        title: "Entering the board",
        words: "In the first round your units are not on the board yet: the first move of each unit enters it on one of your entry squares, for one movement point.",
        rule: "tactics-revised-core-rules.md, Unit Entry",
    },
    Lesson {
        id: "moving",
        title: "Moving",
        words: "The green squares are where the unit may go with its movement points: one point a square, the first diagonal of the activation one point, each further diagonal two. Units cannot enter a square without a dot. Tap a green square (or press Enter on it) to choose it.",
        rule: "tactics-revised-core-rules.md, Movement Rules",
    },
    Lesson {
        id: "line-of-sight",
        title: "Line of sight",
        words: "To shoot, trace a line from the centre of the attacker's square to the centre of the target's. A square without a dot on the way blocks it; only touching its corner does not. The line on the board is drawn from where your unit will attack from (after its declared move).",
        rule: "tactics-revised-core-rules.md, Line of Sight",
    },
    Lesson {
        id: "cover",
        title: "Cover",
        words: "A squad behind an ammo crate, on rubble or just past a corner is in soft cover; behind an anti-tank trap, in hard cover. Each target's ring says open, soft or HARD. A squad in cover rolls a die for each hit; the save printed on its card cancels that hit.",
        rule: "tactics-revised-core-rules.md, Cover Saves",
    },
    Lesson {
        id: "attacking",
        title: "Attacking",
        words: "Each weapon line in range aims at a target and rolls the dice of its combat value against the target's armour (2/1: two dice, one damage a hit). A squad rolls once per living miniature carrying the weapon. The odds beside each choice are exact.",
        rule: "tactics-revised-core-rules.md, Performing Attacks",
    },
    Lesson {
        id: "damage",
        title: "Damage",
        words: "Each damage point removes a miniature from a squad (its owner chooses which) or one health from a hero or vehicle. A squad that loses miniatures rolls fewer dice; a unit with no health left is destroyed, and the other side scores its AP as victory points.",
        rule: "tactics-revised-core-rules.md, 6) Suffer Damage",
    },
    Lesson {
        id: "reactive-fire",
        title: "Reactive fire",
        words: "A unit that moves in sight and in range of an enemy unit that has not acted this round may be fired at during its move: the enemy rolls one die, and a hit lets it attack the mover at once with every weapon line in range. Hit or miss, the reacting unit has then acted for the round. Your units may do the same to the enemy's.",
        rule: "tactics-revised-core-rules.md, Reactive Fire",
    },
    Lesson {
        id: "end",
        title: "The end of the game",
        words: "The game ends at the end of a round when a side has no unit left, or when the round limit is reached; then victory points (the AP of the enemy units destroyed, and objectives) decide.",
        rule: "tactics-revised-core-rules.md, End of the Game",
    },
];

/// The lesson named `id`.
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

/// The lessons that fit the moment for the player of side `you`: what `legal` (the game's
/// legal decisions) asks of that side now, and what the events from `events_from` on did. In
/// the order of [`LESSONS`].
pub fn lessons_now(game: &Game, legal: &[Decision], you: Side, events_from: usize) -> Vec<&'static Lesson> {
    let mut ids: Vec<&str> = Vec::new();
    let yours = matches!(game.pending(), Pending::Decision { side } if side == you);
    if yours {
        let offered = |f: &dyn Fn(&Decision) -> bool| legal.iter().any(f);
        if offered(&|d| matches!(d, Decision::First(_))) {
            ids.push("initiative");
        }
        if offered(&|d| matches!(d, Decision::Activate(_))) {
            ids.push("activation");
        }
        if offered(&|d| matches!(d, Decision::Plan(_))) {
            ids.push("plan");
        }
        if offered(&|d| matches!(d, Decision::MoveTo(_))) {
            let off_board = game.declaring().is_some_and(|u| game.unit(u).at.is_none());
            ids.push(if off_board { "entry" } else { "moving" });
            // A move near an enemy unit that has not acted yet may draw its reactive fire.
            let watched = game
                .units()
                .iter()
                .any(|u| u.side != you && u.at.is_some() && !u.activated && !u.destroyed);
            if !off_board && watched {
                ids.push("reactive-fire");
            }
        }
        if offered(&|d| matches!(d, Decision::Aim { .. })) {
            ids.push("line-of-sight");
            ids.push("cover");
        }
        if offered(&|d| matches!(d, Decision::React(Some(_)))) {
            ids.push("reactive-fire");
        }
    }
    for e in game.events().iter().skip(events_from) {
        match e {
            Event::Fired { .. } => ids.push("attacking"),
            Event::ReactiveFire { .. } => ids.push("reactive-fire"),
            Event::Rolled {
                purpose: RollPurpose::CoverSave,
                ..
            } => ids.push("cover"),
            Event::Wounded(..) | Event::Damaged(..) | Event::Destroyed { .. } => ids.push("damage"),
            Event::GameOver { .. } => ids.push("end"),
            _ => {}
        }
    }
    LESSONS.iter().filter(|l| ids.contains(&l.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::GameRng;

    /// A duel played by taking, for side A, the first legal decision that teaches something
    /// new: every lesson but the end comes before the game is over, and each names a seed
    /// file and section.
    #[test]
    fn a_duel_meets_the_lessons_as_it_goes() {
        let setup = dust_core::game::tests_support::duel();
        let mut g = Game::new(setup).unwrap();
        let mut rng = GameRng::new(5);
        let mut seen: Vec<&str> = Vec::new();
        let mut from = 0;
        for _ in 0..2000 {
            match g.pending() {
                Pending::Chance(_) => {
                    g.roll(&mut rng);
                    continue;
                }
                Pending::GameOver { .. } => break,
                Pending::Decision { side } => {
                    let legal = g.legal_decisions();
                    for l in lessons_now(&g, &legal, side, from) {
                        if !seen.contains(&l.id) {
                            seen.push(l.id);
                        }
                    }
                    from = g.events().len();
                    // Attack when possible, react when possible, else move toward the enemy.
                    let pick = legal
                        .iter()
                        .find(|d| matches!(d, Decision::Aim { target: Some(_), .. }))
                        .or_else(|| legal.iter().find(|d| matches!(d, Decision::React(Some(_)))))
                        .or_else(|| legal.iter().find(|d| d.to_string() == "plan move attack"))
                        .copied()
                        .unwrap_or(legal[rng.index(legal.len())]);
                    g.apply(pick).unwrap();
                }
            }
        }
        for l in lessons_now(&g, &[], Side::A, from) {
            if !seen.contains(&l.id) {
                seen.push(l.id);
            }
        }
        for id in [
            "activation",
            "plan",
            "entry",
            "moving",
            "line-of-sight",
            "cover",
            "attacking",
            "damage",
            "end",
        ] {
            assert!(seen.contains(&id), "the lesson {id} never came: {seen:?}");
        }
        for l in LESSONS {
            assert!(l.rule.starts_with("tactics-revised-core-rules.md, "), "{}", l.rule);
            assert!(crate::explain::explain(l.rule).is_some(), "{} is explained", l.rule);
        }
    }

    #[test]
    fn nothing_is_asked_of_the_side_that_waits() {
        let g = Game::new(dust_core::game::tests_support::duel()).unwrap();
        let legal = vec![Decision::Activate(dust_core::game::UnitId(0))];
        let other = match g.pending() {
            Pending::Decision { side } => side.other(),
            _ => Side::B,
        };
        assert!(lessons_now(&g, &legal, other, g.events().len()).is_empty());
    }
}
