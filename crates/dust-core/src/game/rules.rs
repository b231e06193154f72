//! The rules where the editions differ, behind one interface (issue 24, "Shared, not copied";
//! `../shared/STYLE.md`, "Variants as types"). The flow of a round, the decisions and the events
//! are shared; each edition is a type that answers the questions where its book differs from
//! the other, and [`Game::rules`] picks the game's. A rule written once in the shared code
//! serves every edition; a rule one book changes is a method here, with each edition's answer
//! in its own `impl`, so one edition's rules read in one place.
//!
//! Moved here so far: what ends an activation and a turn, when a side is wiped out, who has a
//! skill (with the sharing rules between a hero and his unit), and where reactions come. The
//! other differences still ask `Game::edition` where they are; they move here one by one.

use super::*;

/// The answers of one edition where the books differ.
pub(super) trait EditionRules: Sync {
    /// What happens when an activation of unit `u` ends, before the other side goes on.
    fn activation_ended(&self, _g: &mut Game, _u: UnitId) {}

    /// What happens at the end of a turn (round), before the game checks whether it is over.
    fn turn_ended(&self, _g: &mut Game) {}

    /// A side with no unit left, if any ("End of the Game").
    fn side_wiped(&self, g: &Game) -> Option<Side>;

    /// Whether the unit (with its joined hero or squad) has a skill, as the edition's sharing
    /// rules between a hero and the unit he joined say.
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool;

    /// Where the other side may react during an activation of two actions `a`, `b` (`fast`:
    /// the unit has Fast): after the first action, after the second.
    fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool);
}

/// The revised edition (tactics-revised-core-rules.md with tactics-revised-faq.md).
pub(super) struct RevisedRules;

/// The battlefront edition (tactics-battlefront-2013-rules.txt); its rules' bodies are in
/// `game/battlefront.rs`.
pub(super) struct BattlefrontRules;

impl EditionRules for RevisedRules {
    fn side_wiped(&self, g: &Game) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| g.alive_units(s) == 0)
    }

    /// Revised "Heroes" ("Some hero skills are shared with the squad … All squad skills are
    /// shared with the hero", [`Skill::hero_shares`]).
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool {
        let unit = g.unit(u);
        if unit.card.has(s) {
            return true;
        }
        match unit.joined {
            Some(j) if !g.unit(j).destroyed => {
                let other = g.unit(j);
                other.card.has(s) && (other.card.kind == UnitKind::Squad || s.hero_shares())
            }
            _ => false,
        }
    }

    /// "Possible Situations for Reactive Fire" (docs/rulings.md, "Reactive fire after other
    /// sequences", for the rest).
    fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool) {
        let first = match (a, b) {
            (Action::Move, Action::Move) => !fast,
            (Action::Move, _) => true,
            (Action::Attack, Action::Move) => true,
            _ => false,
        };
        let second = matches!((a, b), (Action::Move, Action::Move) if fast)
            || matches!((a, b), (Action::Reload | Action::Nothing | Action::Skill, Action::Move));
        (first, second)
    }
}

impl EditionRules for BattlefrontRules {
    fn activation_ended(&self, g: &mut Game, u: UnitId) {
        g.bf_mount(u); // a pilot who moved into a vehicle's square
        g.bf_rejoin(); // a hero in the square of a squad he can join
    }

    fn turn_ended(&self, g: &mut Game) {
        g.bf_end_of_turn(); // objectives held or taken, victory-point totals
    }

    fn side_wiped(&self, g: &Game) -> Option<Side> {
        g.bf_side_wiped()
    }

    /// "Skills and Equipment": every skill both ways unless stated otherwise
    /// ([`Skill::battlefront_shares`]).
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool {
        g.bf_has_skill(u, s)
    }

    /// "Once the opposing player has completed their first action"; "You cannot declare a
    /// Reactive Attack against a unit that is taking a Nothing action as its second action";
    /// against a March Move the unit "makes a normal Move action before you attempt the
    /// Reactive Attack, then completes its March Move afterwards". (A Sustained Attack is one
    /// plan with no window: "No Reacting to a Sustained Attack".)
    fn reaction_windows(&self, _a: Action, b: Action, _fast: bool) -> (bool, bool) {
        (b != Action::Nothing, false)
    }
}

impl Game {
    /// The rules of the game's edition, where the books differ ([`EditionRules`]).
    pub(super) fn rules(&self) -> &'static dyn EditionRules {
        match self.edition {
            Edition::Revised => &RevisedRules,
            Edition::Battlefront => &BattlefrontRules,
        }
    }
}
