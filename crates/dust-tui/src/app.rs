//! The state of the terminal game and everything it does without a terminal: keys and mouse in,
//! a frame out. [`crate::term`] connects it to a real terminal; the tests drive it with
//! ratatui's `TestBackend`.
//!
//! Every choice offered is one of `Game::legal_decisions()`: the UI never invents a decision,
//! it only labels, highlights and orders what the engine says is legal.

use crate::opponent::Opponent;
use crate::record::{self, roll_all, Record};
use crate::view;
use dust_core::game::{Decision, Event, Game, GameSetup, ObjectiveSetup, Pending, Plan, Target, UnitId, HERO_LINE};
use dust_core::{BySide, GameRng, Side, Square, WeaponLine};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::Frame;
use std::cell::Cell;
use std::path::PathBuf;

/// Who sits at a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this keyboard.
    Human,
    /// The computer.
    Ai,
}

/// Where keyboard arrows go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The list of choices.
    Menu,
    /// The board cursor.
    Board,
}

/// A full-screen panel over the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// None: the game.
    None,
    /// The keys.
    Help,
    /// docs/rulings.md, scrolled.
    Rulings(u16),
    /// The whole log with the rule behind each event, scrolled.
    Log(u16),
}

/// Everything needed to start a game.
pub struct AppConfig {
    /// The scenario's name (for the record and the screen).
    pub scenario: String,
    /// Its set-up.
    pub setup: GameSetup,
    /// The dice seed.
    pub seed: u64,
    /// Who plays each side.
    pub seats: BySide<Seat>,
    /// The AI, when a seat is [`Seat::Ai`].
    pub ai: Option<Box<dyn Opponent>>,
    /// The AI's spec, written to the record.
    pub ai_spec: Option<String>,
    /// Where the record is saved (`None`: never saved, as in tests).
    pub save_path: Option<PathBuf>,
}

/// One line of the event log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// What happened.
    pub text: String,
    /// The rule behind it, as cited in the seed files.
    pub rule: Option<&'static str>,
    /// The side it concerns, for its colour.
    pub side: Option<Side>,
}

/// The last dice rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceShown {
    /// Why (the roll's purpose, in words).
    pub what: String,
    /// Dice rolled.
    pub dice: u16,
    /// Successes.
    pub successes: u16,
    /// The rule.
    pub rule: &'static str,
}

#[derive(Clone)]
struct Snapshot {
    game: Game,
    rng: GameRng,
    decisions: usize,
    log: usize,
    seen: usize,
}

/// Screen areas remembered from the last frame, for the mouse.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Areas {
    pub board: view::BoardView,
    pub menu: Rect,
    pub menu_first: usize,
    pub log: Rect,
}

/// A decision the AI is asked to take, to run on another thread.
pub struct AiJob {
    game: Game,
    opponent: Box<dyn Opponent>,
    stamp: u64,
}

/// The AI's answer to an [`AiJob`].
pub struct AiDone {
    opponent: Box<dyn Opponent>,
    decision: Option<Decision>,
    stamp: u64,
}

impl AiJob {
    /// Lets the AI decide (takes as long as its budget).
    pub fn run(mut self) -> AiDone {
        let decision = self.opponent.decide(&self.game);
        AiDone {
            opponent: self.opponent,
            decision,
            stamp: self.stamp,
        }
    }
}

/// The terminal game.
pub struct App {
    pub(crate) game: Game,
    rng: GameRng,
    pub(crate) record: Record,
    pub(crate) scenario: String,
    pub(crate) seats: BySide<Seat>,
    ai: Option<Box<dyn Opponent>>,
    pub(crate) ai_name: String,
    pub(crate) objectives: Vec<ObjectiveSetup>,
    save_path: Option<PathBuf>,
    pub(crate) options: Vec<Decision>,
    pub(crate) sel: usize,
    pub(crate) cursor: Square,
    pub(crate) focus: Focus,
    pub(crate) overlay: Overlay,
    pub(crate) log: Vec<LogLine>,
    pub(crate) log_scroll: usize,
    seen: usize,
    pub(crate) dice: Option<DiceShown>,
    /// Moves declared so far in the current declaration.
    pub(crate) planned: Vec<Square>,
    /// The plan declared in the current declaration.
    pub(crate) plan: Option<Plan>,
    /// The weapon lines aimed so far in the current declaration.
    pub(crate) aims: Vec<Decision>,
    undo: Vec<Snapshot>,
    pub(crate) message: Option<String>,
    pub(crate) thinking: bool,
    quit: bool,
    saved: Option<PathBuf>,
    pub(crate) areas: Cell<Areas>,
}

impl App {
    /// A new game.
    ///
    /// # Errors
    /// The set-up cannot start a game.
    pub fn new(config: AppConfig) -> Result<App, String> {
        let record = record::new_record(&config.scenario, config.seed, config.seats, config.ai_spec.as_deref());
        let objectives = config.setup.objectives.clone();
        let mut game = Game::new(config.setup).map_err(|e| format!("the scenario `{}` cannot start: {e}", config.scenario))?;
        let mut rng = GameRng::new(config.seed);
        roll_all(&mut game, &mut rng);
        Ok(App::assemble(
            config.seats,
            config.ai,
            config.save_path,
            game,
            rng,
            record,
            objectives,
        ))
    }

    /// Resumes a recorded game: replays `record` on `config.setup` (the record's seed wins over
    /// `config.seed`); the seats and AI of `config` play on.
    ///
    /// # Errors
    /// The record does not replay: where it breaks and why.
    pub fn resume(config: AppConfig, record: Record) -> Result<App, String> {
        let objectives = config.setup.objectives.clone();
        let (game, rng) = record::replay(&record, config.setup)?;
        let mut record = record;
        record::set_players(&mut record, config.seats, config.ai_spec.as_deref());
        record.final_hash = None;
        Ok(App::assemble(
            config.seats,
            config.ai,
            config.save_path,
            game,
            rng,
            record,
            objectives,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn assemble(
        seats: BySide<Seat>,
        ai: Option<Box<dyn Opponent>>,
        save_path: Option<PathBuf>,
        game: Game,
        rng: GameRng,
        record: Record,
        objectives: Vec<ObjectiveSetup>,
    ) -> App {
        let scenario = record::scenario_name(&record);
        let ai_name = ai.as_ref().map_or_else(|| "AI".to_string(), |a| a.name());
        let cursor = Square::new(0, 0);
        let mut app = App {
            game,
            rng,
            record,
            scenario,
            seats,
            ai,
            ai_name,
            objectives,
            save_path,
            options: Vec::new(),
            sel: 0,
            cursor,
            focus: Focus::Menu,
            overlay: Overlay::None,
            log: Vec::new(),
            log_scroll: 0,
            seen: 0,
            dice: None,
            planned: Vec::new(),
            plan: None,
            aims: Vec::new(),
            undo: Vec::new(),
            message: None,
            thinking: false,
            quit: false,
            saved: None,
            areas: Cell::new(Areas::default()),
        };
        app.absorb_events();
        app.refresh();
        app
    }

    // ----- queries ---------------------------------------------------------------------------

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The record so far.
    pub fn record(&self) -> &Record {
        &self.record
    }
    /// The choices offered now (empty unless a person must decide).
    pub fn options(&self) -> &[Decision] {
        &self.options
    }
    /// The highlighted choice.
    pub fn selected(&self) -> Option<Decision> {
        self.options.get(self.sel).copied()
    }
    /// The board cursor.
    pub fn cursor(&self) -> Square {
        self.cursor
    }
    /// The event log.
    pub fn log(&self) -> &[LogLine] {
        &self.log
    }
    /// The overlay shown.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }
    /// Where the arrows go.
    pub fn focus(&self) -> Focus {
        self.focus
    }
    /// The message on the status line, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }
    /// Whether the player asked to quit.
    pub fn should_quit(&self) -> bool {
        self.quit
    }
    /// Where the record was last saved.
    pub fn saved_to(&self) -> Option<&PathBuf> {
        self.saved.as_ref()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.game.pending(), Pending::GameOver { .. })
    }
    /// The side a person must decide for now.
    pub fn human_to_decide(&self) -> Option<Side> {
        match self.game.pending() {
            Pending::Decision { side } if self.seats[side] == Seat::Human => Some(side),
            _ => None,
        }
    }
    /// The side the AI must decide for now.
    pub fn ai_to_decide(&self) -> Option<Side> {
        match self.game.pending() {
            Pending::Decision { side } if self.seats[side] == Seat::Ai => Some(side),
            _ => None,
        }
    }
    /// Whether dice are waiting to be rolled.
    pub fn needs_roll(&self) -> bool {
        matches!(self.game.pending(), Pending::Chance(_))
    }
    /// Whether the AI is deciding on another thread.
    pub fn is_thinking(&self) -> bool {
        self.thinking
    }

    // ----- progress --------------------------------------------------------------------------

    /// Rolls the pending dice, if any.
    pub fn roll_once(&mut self) {
        if self.game.roll(&mut self.rng).is_some() {
            self.undo.clear();
            self.absorb_events();
            self.refresh();
        }
    }

    /// The AI's next decision as a job for another thread, when it is the AI's turn and no job
    /// is out.
    pub fn take_ai_job(&mut self) -> Option<AiJob> {
        self.ai_to_decide()?;
        let opponent = self.ai.take()?;
        self.thinking = true;
        Some(AiJob {
            game: self.game.clone(),
            opponent,
            stamp: self.game.state_hash(),
        })
    }

    /// Plays the AI's answer. An answer that is not legal (it should not happen) is replaced
    /// by the first legal decision and said on the status line.
    pub fn finish_ai_job(&mut self, done: AiDone) {
        self.ai = Some(done.opponent);
        self.thinking = false;
        if done.stamp != self.game.state_hash() || self.ai_to_decide().is_none() {
            return;
        }
        let legal = self.game.legal_decisions();
        let (d, note) = match done.decision {
            Some(d) if legal.contains(&d) => (d, None),
            other => {
                let Some(&first) = legal.first() else { return };
                let note = match other {
                    Some(d) => format!("the AI chose `{d}`, which is not legal; playing `{first}` instead"),
                    None => format!("the AI had no answer; playing `{first}`"),
                };
                (first, Some(note))
            }
        };
        self.undo.clear();
        self.play(d);
        if note.is_some() {
            self.message = note;
        }
    }

    /// Runs the AI on this thread (tests, and a terminal without threads).
    pub fn run_ai_now(&mut self) -> bool {
        match self.take_ai_job() {
            Some(job) => {
                let done = job.run();
                self.finish_ai_job(done);
                true
            }
            None => false,
        }
    }

    /// Rolls dice and lets the AI play until a person must decide or the game is over. Bounded,
    /// so a broken opponent cannot hang a test.
    pub fn settle(&mut self) {
        for _ in 0..100_000 {
            if self.needs_roll() {
                self.roll_once();
            } else if !self.run_ai_now() {
                return;
            }
        }
    }

    fn play(&mut self, d: Decision) {
        self.message = None;
        if self.game.apply(d).is_err() {
            self.message = Some(format!("`{d}` is not allowed now"));
            return;
        }
        self.record.decisions.push(d);
        self.absorb_events();
        self.refresh();
        self.save();
    }

    /// Plays a person's decision (it must be one of [`App::options`]).
    pub fn choose(&mut self, d: Decision) {
        if self.human_to_decide().is_none() || !self.options.contains(&d) {
            self.message = Some(format!("`{d}` is not one of the choices now"));
            return;
        }
        self.undo.push(Snapshot {
            game: self.game.clone(),
            rng: self.rng.clone(),
            decisions: self.record.decisions.len(),
            log: self.log.len(),
            seen: self.seen,
        });
        self.play(d);
        if self.game.pending() == (Pending::Decision { side: self.undo_side() }) {
            return;
        }
        // Dice or the other side come next: what is done cannot be taken back.
        self.undo.clear();
    }

    fn undo_side(&self) -> Side {
        self.undo.last().map_or(Side::A, |s| match s.game.pending() {
            Pending::Decision { side } => side,
            _ => Side::A,
        })
    }

    /// Takes back the last choice of the declaration in progress.
    pub fn undo(&mut self) {
        let Some(s) = self.undo.pop() else {
            self.message = Some("nothing to take back: dice rolled and the other side's choices are final".into());
            return;
        };
        self.game = s.game;
        self.rng = s.rng;
        self.record.decisions.truncate(s.decisions);
        self.log.truncate(s.log);
        self.seen = s.seen;
        self.message = Some("took back the last choice".into());
        self.refresh();
    }

    /// The record as saved, with the state hash when the game is over (so `dust1947 replay`
    /// checks it).
    pub fn record_text(&self) -> String {
        let mut r = self.record.clone();
        r.final_hash = self.is_over().then(|| self.game.state_hash());
        r.to_text()
    }

    /// Writes the record to the save file (if there is one); a failure goes to the status line.
    pub fn save(&mut self) {
        let Some(path) = self.save_path.clone() else { return };
        let result = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, self.record_text()));
        match result {
            Ok(()) => self.saved = Some(path),
            Err(e) => self.message = Some(format!("cannot save the record to {}: {e}", path.display())),
        }
    }

    fn absorb_events(&mut self) {
        let events = self.game.events();
        let new: Vec<Event> = events.get(self.seen..).map(<[Event]>::to_vec).unwrap_or_default();
        self.seen = events.len();
        let mut round_started = false;
        for e in &new {
            if let Event::Rolled { purpose, dice, successes } = e {
                self.dice = Some(DiceShown {
                    what: view::purpose_name(*purpose),
                    dice: *dice,
                    successes: *successes,
                    rule: purpose.rule(),
                });
            }
            if matches!(e, Event::RoundStarted(_)) {
                round_started = true;
            }
            self.log.push(LogLine {
                text: view::event_text(&self.game, e),
                rule: view::event_rule(e),
                side: view::event_side(&self.game, e),
            });
        }
        if !new.is_empty() {
            self.log_scroll = 0;
        }
        if round_started || new.iter().any(|e| matches!(e, Event::GameOver { .. })) {
            self.save();
        }
    }

    /// Recomputes the choices after the game changed.
    fn refresh(&mut self) {
        let before = self.options.clone();
        self.options = if self.human_to_decide().is_some() {
            self.game.legal_decisions()
        } else {
            Vec::new()
        };
        self.rebuild_declaration();
        if self.options != before {
            self.sel = 0;
            self.focus = if self.options.iter().any(|d| matches!(d, Decision::MoveTo(_) | Decision::Escape(_))) {
                Focus::Board
            } else {
                Focus::Menu
            };
            self.cursor_to_selection();
        }
        if self.options.is_empty() && self.game.declaring().is_none() {
            self.planned.clear();
        }
    }

    /// The moves and plan of the declaration in progress, from the record.
    fn rebuild_declaration(&mut self) {
        self.planned.clear();
        self.plan = None;
        self.aims.clear();
        if self.game.declaring().is_none() {
            return;
        }
        let start = self
            .record
            .decisions
            .iter()
            .rposition(|d| matches!(d, Decision::Activate(_) | Decision::React(Some(_))))
            .map_or(0, |i| i + 1);
        for d in &self.record.decisions[start..] {
            match *d {
                Decision::MoveTo(s) => self.planned.push(s),
                Decision::Plan(p) => self.plan = Some(p),
                Decision::Aim { .. } => self.aims.push(*d),
                _ => {}
            }
        }
    }

    fn cursor_to_selection(&mut self) {
        if let Some(s) = self.selected().and_then(|d| self.option_square(d)) {
            self.cursor = s;
        } else if let Some(s) = self.game.declaring().and_then(|u| self.game.unit(u).at) {
            self.cursor = s;
        }
    }

    // ----- helpers for the view ----------------------------------------------------------------

    /// The space a choice is about, if any.
    pub fn option_square(&self, d: Decision) -> Option<Square> {
        match d {
            Decision::MoveTo(s) | Decision::Escape(s) => Some(s),
            Decision::Activate(u) | Decision::React(Some(u)) => self.unit_square(u),
            Decision::Aim {
                target: Some(Target::Unit(u)),
                ..
            } => self.unit_square(u),
            Decision::Aim {
                target: Some(Target::Cover(s)),
                ..
            } => Some(s),
            _ => None,
        }
    }

    /// Whether choice `d` is about square `s`: its square, or any square of the large or huge
    /// model it names (battlefront "Vehicle and Aircraft Size").
    pub fn option_at(&self, d: Decision, s: Square) -> bool {
        if self.option_square(d) == Some(s) {
            return true;
        }
        match d {
            Decision::Activate(u)
            | Decision::React(Some(u))
            | Decision::Aim {
                target: Some(Target::Unit(u)),
                ..
            } => self.game.model_squares(u) > 1 && self.game.unit_squares(u).contains(&s),
            _ => false,
        }
    }

    fn unit_square(&self, u: UnitId) -> Option<Square> {
        self.game.units().get(usize::from(u.0)).and_then(|x| x.at)
    }

    /// Where the declaring unit attacks from: after its moves for "move, attack" and charges.
    pub fn attack_origin(&self) -> Option<Square> {
        let u = self.game.declaring()?;
        let at = self.game.unit(u).at;
        match self.plan {
            Some(Plan::Two(dust_core::game::Action::Move, dust_core::game::Action::Attack)) => self.planned.first().copied().or(at),
            Some(Plan::Charge) => self.planned.last().copied().or(at),
            // Three actions (battlefront Ace Pilot): after the moves before the attack.
            Some(p @ Plan::Three(..)) if p.moves_before(dust_core::game::Action::Attack) => self.planned.last().copied().or(at),
            _ => at,
        }
    }

    /// The weapon line `line` of the declaring unit (hero lines from [`HERO_LINE`]).
    pub fn weapon(&self, line: u8) -> Option<(UnitId, &WeaponLine)> {
        let u = self.game.declaring()?;
        let owner = if line >= HERO_LINE { self.game.unit(u).joined? } else { u };
        let li = usize::from(if line >= HERO_LINE { line - HERO_LINE } else { line });
        self.game
            .units()
            .get(usize::from(owner.0))?
            .card
            .weapons
            .get(li)
            .map(|w| (owner, w))
    }

    // ----- input -----------------------------------------------------------------------------

    /// One key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind == KeyEventKind::Release {
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && matches!(key.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.request_quit();
            return;
        }
        match self.overlay {
            Overlay::None => {}
            Overlay::Help => {
                self.overlay = Overlay::None;
                return;
            }
            Overlay::Rulings(s) | Overlay::Log(s) => {
                let s2 = match key.code {
                    KeyCode::Up | KeyCode::Char('k') => s.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => s.saturating_add(1),
                    KeyCode::PageUp => s.saturating_sub(10),
                    KeyCode::PageDown | KeyCode::Char(' ') => s.saturating_add(10),
                    KeyCode::Home | KeyCode::Char('g') => 0,
                    KeyCode::Char('?') => {
                        self.overlay = Overlay::Help;
                        return;
                    }
                    _ => {
                        self.overlay = Overlay::None;
                        return;
                    }
                };
                self.overlay = match self.overlay {
                    Overlay::Rulings(_) => Overlay::Rulings(s2.min(view::RULINGS.lines().count() as u16)),
                    _ => Overlay::Log(s2.min(self.log_rows())),
                };
                return;
            }
        }
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay::Help,
            KeyCode::Char('r') => self.overlay = Overlay::Rulings(0),
            KeyCode::Char('L') => self.overlay = Overlay::Log(self.log_rows().saturating_sub(18)),
            KeyCode::Char('q') | KeyCode::Esc => self.request_quit(),
            KeyCode::Char('s') => {
                if self.save_path.is_some() {
                    self.save();
                    if let Some(p) = &self.saved {
                        self.message = Some(format!("saved to {}", p.display()));
                    }
                } else {
                    self.message = Some("this game has no save file".into());
                }
            }
            KeyCode::Char('u') | KeyCode::Backspace => self.undo(),
            KeyCode::Tab | KeyCode::BackTab => {
                self.focus = match self.focus {
                    Focus::Menu => Focus::Board,
                    Focus::Board => Focus::Menu,
                };
            }
            KeyCode::Char('n') => self.next_unit(),
            KeyCode::PageUp => self.log_scroll = (self.log_scroll + 3).min(self.log.len().saturating_sub(1)),
            KeyCode::PageDown => self.log_scroll = self.log_scroll.saturating_sub(3),
            KeyCode::Enter | KeyCode::Char(' ') => self.confirm(),
            KeyCode::Char(c @ '1'..='9') => {
                let i = usize::from(c as u8 - b'1');
                if i < self.options.len() {
                    self.sel = i;
                    self.focus = Focus::Menu;
                    self.cursor_to_selection();
                }
            }
            KeyCode::Home => self.select(0),
            KeyCode::End => self.select(self.options.len().saturating_sub(1)),
            KeyCode::Up | KeyCode::Char('k') => match self.focus {
                Focus::Menu => self.select(self.sel.saturating_sub(1)),
                Focus::Board => self.move_cursor(0, 1),
            },
            KeyCode::Down | KeyCode::Char('j') => match self.focus {
                Focus::Menu => self.select(self.sel + 1),
                Focus::Board => self.move_cursor(0, -1),
            },
            KeyCode::Left | KeyCode::Char('h') => {
                self.focus = Focus::Board;
                self.move_cursor(-1, 0);
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.focus = Focus::Board;
                self.move_cursor(1, 0);
            }
            _ => {}
        }
    }

    fn log_rows(&self) -> u16 {
        (self.log.len() * 2).min(usize::from(u16::MAX)) as u16
    }

    /// Quits after saving the record.
    pub fn request_quit(&mut self) {
        self.save();
        self.quit = true;
    }

    fn select(&mut self, i: usize) {
        if self.options.is_empty() {
            return;
        }
        self.sel = i.min(self.options.len() - 1);
        self.cursor_to_selection();
    }

    fn move_cursor(&mut self, dc: i32, dr: i32) {
        let b = self.game.board();
        let c = (i32::from(self.cursor.col()) + dc).clamp(0, i32::from(b.width()) - 1);
        let r = (i32::from(self.cursor.row()) + dr).clamp(0, i32::from(b.height()) - 1);
        self.cursor = Square::new(c as u8, r as u8);
        self.select_at_cursor();
    }

    fn select_at_cursor(&mut self) {
        if self.selected().is_some_and(|d| self.option_at(d, self.cursor)) {
            return;
        }
        if let Some(i) = self.options.iter().position(|&d| self.option_at(d, self.cursor)) {
            self.sel = i;
        }
    }

    fn next_unit(&mut self) {
        let mut squares: Vec<Square> = self.game.units().iter().filter(|u| !u.destroyed).filter_map(|u| u.at).collect();
        squares.sort_by_key(|s| (s.row(), s.col()));
        squares.dedup();
        if squares.is_empty() {
            return;
        }
        let next = squares
            .iter()
            .position(|&s| (s.row(), s.col()) > (self.cursor.row(), self.cursor.col()))
            .unwrap_or(0);
        self.cursor = squares[next];
        self.focus = Focus::Board;
        self.select_at_cursor();
    }

    fn confirm(&mut self) {
        if self.is_over() {
            self.request_quit();
            return;
        }
        if self.human_to_decide().is_none() {
            self.message = Some(if self.thinking {
                "the AI is thinking…".into()
            } else {
                "wait: dice are rolling".into()
            });
            return;
        }
        let Some(d) = self.selected() else { return };
        if self.focus == Focus::Board && !self.option_at(d, self.cursor) {
            self.message = Some(format!(
                "no choice at {}: move the cursor to a highlighted space, or Tab to the list",
                self.cursor
            ));
            return;
        }
        self.choose(d);
    }

    /// One mouse event: a click on the board moves the cursor (a second click on a
    /// highlighted space chooses it), a click in the list selects (a second click chooses),
    /// the wheel scrolls the log.
    pub fn handle_mouse(&mut self, m: MouseEvent) {
        if self.overlay != Overlay::None {
            if let MouseEventKind::Down(_) = m.kind {
                self.overlay = Overlay::None;
            }
            return;
        }
        let areas = self.areas.get();
        let inside = |r: Rect| m.column >= r.x && m.column < r.x + r.width && m.row >= r.y && m.row < r.y + r.height;
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(s) = areas.board.square_at(m.column, m.row) {
                    let again = s == self.cursor && self.selected().is_some_and(|d| self.option_at(d, s));
                    self.cursor = s;
                    self.focus = Focus::Board;
                    self.select_at_cursor();
                    if again {
                        self.confirm();
                    }
                } else if inside(areas.menu) {
                    let i = areas.menu_first + usize::from(m.row - areas.menu.y);
                    if i < self.options.len() {
                        let again = i == self.sel && self.focus == Focus::Menu;
                        self.sel = i;
                        self.focus = Focus::Menu;
                        self.cursor_to_selection();
                        if again {
                            self.confirm();
                        }
                    }
                }
            }
            MouseEventKind::ScrollUp if inside(areas.log) => {
                self.log_scroll = (self.log_scroll + 1).min(self.log.len().saturating_sub(1));
            }
            MouseEventKind::ScrollDown if inside(areas.log) => self.log_scroll = self.log_scroll.saturating_sub(1),
            _ => {}
        }
    }

    /// Draws the whole screen.
    pub fn render(&self, frame: &mut Frame) {
        view::render(self, frame);
    }
}
