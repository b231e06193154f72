//! The terminal's guided first game (`dust1947 play --tutorial`, issue 20): the lessons of
//! `dust_data::tutorial` shown in the log pane as they come up (each once; `t` hides or shows
//! them), and every log event's rule explained in the project's words (`e`,
//! `dust_data::explain`).

use dust_core::game::{Decision, Game};
use dust_core::Side;
use dust_data::tutorial::{lessons_now, Lesson};

/// The tutorial's state: the lessons seen, the one shown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tutor {
    seen: Vec<&'static str>,
    /// The lesson on screen.
    pub(crate) lesson: Option<&'static Lesson>,
    /// The log is shown instead (`t`).
    pub(crate) hidden: bool,
    events_from: usize,
    /// Lessons that came up together wait their turn: one more is shown at each change.
    queue: Vec<&'static Lesson>,
    /// The decision point the shown lesson came at (events so far, choices offered).
    shown_at: Option<(usize, usize)>,
}

impl Tutor {
    /// After the game changed: the lessons not seen yet that fit the moment for the person
    /// playing `you` join the queue, and the first of the queue becomes the one shown.
    pub(crate) fn update(&mut self, game: &Game, options: &[Decision], you: Side) {
        for l in lessons_now(game, options, you, self.events_from) {
            if !self.seen.contains(&l.id) && !self.queue.iter().any(|q| q.id == l.id) {
                self.queue.push(l);
            }
        }
        self.events_from = game.events().len();
        // A new lesson waits for the player's next decision (or the end), so that the AI's
        // moves in between do not push it off the screen unread.
        let point = (game.events().len(), options.len());
        let over = matches!(game.pending(), dust_core::game::Pending::GameOver { .. });
        if !self.queue.is_empty() && (over || (!options.is_empty() && self.shown_at != Some(point))) {
            self.shown_at = Some(point);
            let l = self.queue.remove(0);
            self.seen.push(l.id);
            self.lesson = Some(l);
            self.hidden = false;
        }
    }

    /// How many lessons were shown so far.
    pub(crate) fn count(&self) -> usize {
        self.seen.len()
    }
}
