//! What an interface needs to ask a player the pending question (the browser game, issue 23):
//! which kind of decision the game waits for, with the facts its control needs — the acting
//! unit and its plan, how many actions a plan has, the miniatures a squad may lose. Nothing
//! here decides legality: [`FieldGame::check`] does.

use super::flow::Phase;
use super::{Action, FieldGame};
use crate::Side;

/// The kind of decision the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// The initiative winner lets a side go first (`first a|b`).
    ChooseFirst(Side),
    /// A side activates a unit (with a hero joining it) or passes.
    Activate(Side),
    /// The activated unit's plan of actions.
    Plan {
        /// The unit.
        unit: usize,
        /// How many actions it performs (2; a unit placed from ambush: as rolled).
        actions: u8,
    },
    /// Where the acting unit moves.
    Move {
        /// The unit.
        unit: usize,
        /// A March Move (twice the Move).
        march: bool,
        /// A reaction's Move, which only turns the model.
        turn_only: bool,
    },
    /// The acting unit's targets.
    Attack {
        /// The unit.
        unit: usize,
        /// A Sustained Attack.
        sustained: bool,
    },
    /// The other side may react to the activating unit.
    React {
        /// The unit activating.
        against: usize,
    },
    /// What a reaction of two army symbols does.
    ReactWith {
        /// The reacting unit.
        unit: usize,
    },
    /// A squad's owner removes casualties.
    Casualties {
        /// The squad.
        unit: usize,
        /// How many miniatures it loses.
        count: usize,
        /// The miniatures (indices in the unit now) that may be removed.
        valid: Vec<usize>,
        /// The joined hero who may take hits instead (named `m{n}`, `n` the squad's count).
        hero: Option<usize>,
    },
    /// A unit held in ambush is placed, or kept in ambush.
    Place {
        /// The unit.
        unit: usize,
    },
    /// The game is over.
    Over(Option<Side>),
}

impl FieldGame {
    /// The activation under way: a reaction's, else the activating unit's.
    fn activation(&self) -> Option<&super::flow::Activation> {
        self.reaction.as_ref().or(self.act.as_ref())
    }

    /// The pending question, for interfaces.
    pub fn question(&self) -> Question {
        let unit = self.acting().unwrap_or(0);
        match self.phase {
            Phase::ChooseFirst(s) => Question::ChooseFirst(s),
            Phase::Activate(s) => Question::Activate(s),
            Phase::Plan => Question::Plan {
                unit,
                actions: self.activation().map_or(2, |a| a.actions),
            },
            Phase::Act => {
                let a = self.current_action();
                if a.is_some_and(Action::moves) {
                    Question::Move {
                        unit,
                        march: a == Some(Action::March),
                        turn_only: self.activation().is_some_and(|c| c.against.is_some()),
                    }
                } else {
                    Question::Attack {
                        unit,
                        sustained: a == Some(Action::Sustained),
                    }
                }
            }
            Phase::React => Question::React {
                against: self.act.as_ref().map_or(0, |a| a.unit),
            },
            Phase::ReactWith => Question::ReactWith { unit },
            Phase::Casualties => match self.casualties.front() {
                Some(c) => Question::Casualties {
                    unit: c.unit,
                    count: c.count,
                    valid: self.units[c.unit]
                        .models
                        .iter()
                        .enumerate()
                        .filter(|(_, m)| c.valid.contains(m))
                        .map(|(i, _)| i)
                        .collect(),
                    hero: c.hero.map(|(h, _)| h),
                },
                None => Question::Over(None),
            },
            Phase::Place => Question::Place { unit },
            Phase::Over(w) => Question::Over(w),
        }
    }

    /// The acting unit's plan and the index of the action under way, if a unit is acting.
    pub fn plan_under_way(&self) -> Option<(usize, Vec<Action>, usize)> {
        self.activation().map(|a| (a.unit, a.plan.clone(), a.next))
    }
}

#[cfg(test)]
mod tests {
    use super::Question;
    use crate::field::tests_support::{activate, squad_card, Builder};
    use crate::field::{Action, Decision, MiniMove};
    use crate::Side;
    use dust_geom::exact::Pt;

    /// The question follows the flow of tactics-battlefield-summary.md, "ROLL FOR INITIATIVE"
    /// (the winner chooses who goes first, a side activates a unit and declares its actions,
    /// "MOVE & MARCH MOVE ACTIONS": a Move is up to the Move value).
    #[test]
    fn the_question_follows_the_activation() {
        let mut g = Builder::new(120.0, 80.0)
            .unit(Side::A, squad_card("Alpha", 3), &[(20.0, 10.0), (23.0, 10.0), (26.0, 10.0)], 0)
            .unit(Side::B, squad_card("Bravo", 3), &[(90.0, 70.0), (93.0, 70.0), (96.0, 70.0)], 180)
            .game(1);
        assert!(matches!(g.question(), Question::ChooseFirst(_)));
        activate(&mut g, 0, &[Action::March]);
        assert_eq!(
            g.question(),
            Question::Move {
                unit: 0,
                march: true,
                turn_only: false
            }
        );
        assert_eq!(g.plan_under_way(), Some((0, vec![Action::March], 0)));
        let minis = (0..3)
            .map(|m| MiniMove {
                mini: m,
                to: Pt::cm(20.0 + 3.0 * m as f64, 20.0),
                via: Vec::new(),
            })
            .collect();
        g.apply(Decision::Move { minis, facing: None }).unwrap();
        // Alpha's activation is over: side B activates next.
        assert_eq!(g.question(), Question::Activate(Side::B));
        assert_eq!(g.plan_under_way(), None);
    }
}
