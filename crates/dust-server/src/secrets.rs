//! What a game may not show before its end (issue 17): the chance seed (with it the dice to
//! come and, in the strategy game, every dealt hand and future draw can be rebuilt), the other
//! players' hands and their face-down choices. A seat's state already hides those; the full
//! record (seed and every decision) is the one view that shows them all, so it is given out
//! only when nobody can gain from it:
//!
//! - the game is over (every seat and every spectator may then download it), or
//! - the viewer holds the game's only person seat, every other seat is played by the
//!   computer (the creator of a game against AIs may save it and go on elsewhere).
//!
//! A spectator is another person, so a game with a spectator link never counts as "no other
//! people" for a spectator; and an unclaimed person seat may still be taken, so it counts as a
//! person.

use crate::error::ApiError;
use axum::http::StatusCode;

/// Whether a viewer may read the full record (and the seed) of a game.
///
/// `over`: the game is over. `viewer`: the viewer's seat index (`None`: a spectator).
/// `people`: for each seat, whether a person plays it (or may still take it).
pub fn may_read_record(over: bool, viewer: Option<usize>, people: &[bool]) -> bool {
    if over {
        return true;
    }
    let Some(me) = viewer else { return false };
    people.get(me) == Some(&true) && people.iter().enumerate().all(|(i, &p)| i == me || !p)
}

/// The refusal of a record asked for too early.
pub fn record_hidden() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "record_hidden",
        "the game record (its seed and every decision) is given when the game is over: \
         before that it would show the other players' cards and the dice to come",
    )
}

#[cfg(test)]
mod tests {
    use super::may_read_record;

    #[test]
    fn the_record_is_for_the_end_or_for_a_lone_person_against_the_computer() {
        // Two people: nobody before the end, everybody after.
        for viewer in [Some(0), Some(1), None] {
            assert!(!may_read_record(false, viewer, &[true, true]));
            assert!(may_read_record(true, viewer, &[true, true]));
        }
        // One person and AIs: that person, not a spectator, not an AI seat's index.
        assert!(may_read_record(false, Some(1), &[false, true, false]));
        assert!(!may_read_record(false, None, &[false, true, false]));
        assert!(!may_read_record(false, Some(0), &[false, true, false]));
        // Three people, one of them still to join: nobody before the end.
        assert!(!may_read_record(false, Some(0), &[true, false, true]));
    }
}
