//! The state of the terminal game and everything it does without a terminal: keys and mouse in,
//! a frame out. [`crate::term`] connects it to a real terminal; the tests drive it with
//! ratatui's `TestBackend`.
//!
//! Every choice offered is one of `Game::legal_decisions()`: the UI never invents a decision,
//! it only labels, highlights and orders what the engine says is legal.

use crate::opponent::Opponent;
use crate::record::{self, roll_all, Record};
use crate::view;
use dust_ai::setup::SetupStyle;
use dust_core::battlefront::setup::{SetupDecision, SetupEvent, SetupPhase, SetupStage};
use dust_core::game::{Decision, Event, Game, GameSetup, ObjectiveSetup, Pending, Plan, Target, UnitId, HERO_LINE};
use dust_core::{BySide, Edition, GameRng, Side, Square, WeaponLine};
use dust_data::record::PlayersSetup;
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
    /// "Save and quit?": `q`, `y` or Enter quits, any other key goes back to the game. Esc and
    /// `q` open it, so that an Esc meant for a prompt or an overlay never ends the game.
    ConfirmQuit,
    /// The rule behind log line N in the project's words, its rulings and its citation
    /// (`e`; up/down go to the previous/next event with a rule).
    Explain(usize),
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

impl AppConfig {
    /// Two people at one keyboard (`play --hotseat`), never saved: a game of `scenario` on
    /// `setup` with the dice seed `seed`. Tests and examples start from it, with the struct
    /// update syntax for an AI seat or a save file.
    pub fn hotseat(scenario: &str, setup: GameSetup, seed: u64) -> AppConfig {
        AppConfig {
            scenario: scenario.into(),
            setup,
            seed,
            seats: BySide {
                a: Seat::Human,
                b: Seat::Human,
            },
            ai: None,
            ai_spec: None,
            save_path: None,
        }
    }
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
    /// Why, in words (`dust_ai::words`), for the `w` key.
    words: Option<String>,
    stamp: u64,
}

impl AiJob {
    /// Lets the AI decide (takes as long as its budget).
    pub fn run(mut self) -> AiDone {
        let decision = self.opponent.decide(&self.game);
        let words = decision.and_then(|d| self.opponent.words(&self.game, d));
        AiDone {
            opponent: self.opponent,
            decision,
            words,
            stamp: self.stamp,
        }
    }
}

/// The rule behind the set-up's events.
pub(crate) const SETUP_RULE: &str = "tactics-battlefront-2013-rules.txt, Setting the Terrain";

/// The players' set-up of a battlefront game, under way (`dust_core::battlefront::setup`):
/// the phase, the choices offered to the person to move, and the AI's style.
pub(crate) struct SetupState {
    /// The phase: the one place that decides what is legal.
    pub phase: SetupPhase,
    /// Its seed (the initiative roll), written to the record.
    pub seed: u64,
    /// How the AI seat sets up.
    ai_style: SetupStyle,
    /// The AI's choices (the random style).
    ai_rng: GameRng,
    /// `phase.legal_decisions()` when a person must decide, ordered by the square they are
    /// about (so the board cursor and the list agree); empty otherwise.
    pub options: Vec<SetupDecision>,
    /// The highlighted choice.
    pub sel: usize,
    /// Set-up events already in the log.
    seen: usize,
}

/// Salts the set-up seed into the AI seat's own generator (the random style's choices).
const AI_SETUP_SALT: u64 = 0x5e70_a1a1_5e70_a1a1;

impl SetupState {
    /// The set-up of the scenario whose fixed layout is `template`, from its seed `seed`,
    /// after `decisions`. The AI seat's generator is drawn as if the AI had just taken its
    /// decisions among them, so the state depends on the decisions alone: a set-up resumed
    /// from a record, or replayed to take a decision back, goes on as it would have (the AI
    /// decides again as it did, unless a person decides otherwise before it).
    ///
    /// # Errors
    /// A refused decision: its index, the decision and why.
    fn replayed(
        template: &GameSetup,
        seed: u64,
        decisions: &[SetupDecision],
        ai_style: SetupStyle,
        seats: BySide<Seat>,
    ) -> Result<SetupState, String> {
        let mut phase = SetupPhase::new(template.clone(), seed);
        let mut ai_rng = GameRng::new(seed ^ AI_SETUP_SALT);
        for (i, &d) in decisions.iter().enumerate() {
            if phase.to_move().is_some_and(|side| seats[side] == Seat::Ai) {
                // Only to draw the generator as the AI did; the recorded decision stands.
                let _ = dust_ai::setup::choose(&phase, ai_style, &mut ai_rng);
            }
            phase.apply(d).map_err(|e| format!("set-up decision {i} `{d}` is refused: {e}"))?;
        }
        Ok(SetupState {
            phase,
            seed,
            ai_style,
            ai_rng,
            options: Vec::new(),
            sel: 0,
            seen: 0,
        })
    }
}

/// The square a set-up decision is about: a terrain item's anchor, an objective's square.
pub(crate) fn setup_square(d: SetupDecision) -> Option<Square> {
    match d {
        SetupDecision::Place { at, .. } | SetupDecision::Objective(at) => Some(at),
        SetupDecision::Board(_) | SetupDecision::Start(_) => None,
    }
}

/// The AI's set-up style from its spec (`random`: random; the others: greedy).
fn setup_style_of(spec: Option<&str>) -> SetupStyle {
    spec.unwrap_or(crate::opponent::DEFAULT_SPEC)
        .trim()
        .parse::<dust_ai::PlayerSpec>()
        .map_or(SetupStyle::Greedy, |p| SetupStyle::for_player(&p))
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
    pub(crate) save_path: Option<PathBuf>,
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
    /// The weapon lines aimed so far in the current declaration, and the order chosen so far
    /// for them to fire (`fire` decisions; `dust_core::odds::from_game::declared_lines` reads
    /// both).
    pub(crate) aims: Vec<Decision>,
    undo: Vec<Snapshot>,
    pub(crate) message: Option<String>,
    pub(crate) thinking: bool,
    quit: bool,
    /// The AI's last decision in words, shown when the player presses `w`.
    ai_words: Option<String>,
    saved: Option<PathBuf>,
    pub(crate) areas: Cell<Areas>,
    /// The players' set-up, while it is under way (the game starts when it is over).
    pub(crate) setup: Option<SetupState>,
    /// The text typed after `:` (a decision in its text form), while typing.
    pub(crate) prompt: Option<String>,
    /// The scenario's fixed layout when the players set up the table (during the set-up and
    /// after it): what `u` replays the set-up from.
    setup_template: Option<GameSetup>,
    /// The guided first game's lessons (`play --tutorial`), if this is one.
    pub(crate) tutor: Option<crate::tutor::Tutor>,
}

impl App {
    /// A new game.
    ///
    /// # Errors
    /// The set-up cannot start a game.
    pub fn new(config: AppConfig) -> Result<App, String> {
        let mut record = record::new_record(&config.scenario, config.seed, config.seats, config.ai_spec.as_deref());
        record.edition = config.setup.edition;
        let objectives = config.setup.objectives.clone();
        let mut game = Game::new(config.setup.clone()).map_err(|e| format!("the scenario `{}` cannot start: {e}", config.scenario))?;
        let mut rng = GameRng::new(config.seed);
        roll_all(&mut game, &mut rng);
        Ok(App::assemble(config, game, rng, record, objectives, None))
    }

    /// A new battlefront game that begins with the players' set-up
    /// (`dust_core::battlefront::setup`, docs/battlefront.md "Setting up a game"): the people
    /// at the table lay their boards, terrain and objectives through the same keys as the
    /// game's decisions, the AI seat by its set-up style (`dust_ai::setup`: random for the
    /// random player, greedy for the others); then the game starts from the table they laid.
    /// `config.setup` is the scenario's fixed layout (its armies, entry squares and rules),
    /// `setup_seed` rolls the set-up's initiative; the record keeps both.
    ///
    /// # Errors
    /// The scenario is not a battlefront one, or it cannot start a game.
    pub fn with_players_setup(config: AppConfig, setup_seed: u64) -> Result<App, String> {
        let mut record = record::new_record(&config.scenario, config.seed, config.seats, config.ai_spec.as_deref());
        record.edition = config.setup.edition;
        record.setup = Some(PlayersSetup {
            seed: setup_seed,
            decisions: Vec::new(),
        });
        let style = setup_style_of(config.ai_spec.as_deref());
        let state = SetupState::replayed(&config.setup, setup_seed, &[], style, config.seats)?;
        App::during_setup(config, state, record)
    }

    /// The app during the set-up `state` (new, or replayed from a record).
    fn during_setup(config: AppConfig, state: SetupState, record: Record) -> Result<App, String> {
        if config.setup.edition != Edition::Battlefront {
            return Err(format!(
                "the players set up battlefront games only, and `{}` is played under the {} rules: choose a battlefront scenario (encounter, grab-the-dust, bait-and-flank, supply-drop, all-out-attack) or leave out the players' set-up",
                config.scenario, config.setup.edition
            ));
        }
        // Until the set-up is over, the scenario's own layout stands in for the game (never
        // shown nor played: the set-up screen draws the phase's table).
        let game = Game::new(config.setup.clone()).map_err(|e| format!("the scenario `{}` cannot start: {e}", config.scenario))?;
        let rng = GameRng::new(record.seed);
        let template = config.setup.clone();
        let mut app = App::assemble(config, game, rng, record, Vec::new(), Some(state));
        app.setup_template = Some(template);
        if app.setup.as_ref().is_some_and(|s| s.phase.is_done()) {
            app.start_game();
        }
        Ok(app)
    }

    /// Resumes a recorded game: replays `record` on `config.setup` (the scenario's fixed
    /// layout; a record of the players' set-up lays its table first, and one saved during the
    /// set-up goes on with it). The record's seed wins over `config.seed`; the seats and AI of
    /// `config` play on.
    ///
    /// # Errors
    /// The record does not replay: where it breaks and why.
    pub fn resume(config: AppConfig, record: Record) -> Result<App, String> {
        let mut record = record;
        record::set_players(&mut record, config.seats, config.ai_spec.as_deref());
        record.final_hash = None;
        if let Some(su) = &record.setup {
            if config.setup.edition != Edition::Battlefront {
                return Err(format!(
                    "{}: the record has the players' set-up, but its scenario is played under the {} rules: the players set up battlefront games only",
                    record.file, config.setup.edition
                ));
            }
            let style = setup_style_of(config.ai_spec.as_deref());
            let state = SetupState::replayed(&config.setup, su.seed, &su.decisions, style, config.seats)
                .map_err(|e| format!("{}: {e}", record.file))?;
            if !state.phase.is_done() {
                if let Some(d) = record.decisions.first() {
                    return Err(format!(
                        "{}: the record has game decisions (from `{d}`) but its set-up is unfinished: delete them, or finish the set-up in `setup`",
                        record.file
                    ));
                }
                return App::during_setup(config, state, record);
            }
        }
        let (game, rng) = record::replay(&record, config.setup.clone())?;
        let objectives = game.objectives().to_vec();
        let template = record.setup.is_some().then(|| config.setup.clone());
        let mut app = App::assemble(config, game, rng, record, objectives, None);
        app.setup_template = template;
        Ok(app)
    }

    /// The app over `game` (its seats, AI and save file from `config`; the game and record
    /// already built from `config.setup`).
    fn assemble(
        config: AppConfig,
        game: Game,
        rng: GameRng,
        record: Record,
        objectives: Vec<ObjectiveSetup>,
        setup: Option<SetupState>,
    ) -> App {
        let AppConfig { seats, ai, save_path, .. } = config;
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
            ai_words: None,
            saved: None,
            areas: Cell::new(Areas::default()),
            setup,
            prompt: None,
            setup_template: None,
            tutor: None,
        };
        if app.setup.is_some() {
            let b = app.game.board();
            app.cursor = Square::new(b.width() / 2, b.height() / 2);
            app.absorb_setup_events();
            app.refresh_setup();
        } else {
            app.absorb_events();
            app.refresh();
        }
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
    /// The side a person must decide for now (a game decision; see
    /// [`App::setup_human_to_decide`] during the set-up).
    pub fn human_to_decide(&self) -> Option<Side> {
        if self.setup.is_some() {
            return None;
        }
        match self.game.pending() {
            Pending::Decision { side } if self.seats[side] == Seat::Human => Some(side),
            _ => None,
        }
    }
    /// The side the AI must decide for now (a game decision; see
    /// [`App::setup_ai_to_decide`] during the set-up).
    pub fn ai_to_decide(&self) -> Option<Side> {
        if self.setup.is_some() {
            return None;
        }
        match self.game.pending() {
            Pending::Decision { side } if self.seats[side] == Seat::Ai => Some(side),
            _ => None,
        }
    }
    /// Whether dice are waiting to be rolled.
    pub fn needs_roll(&self) -> bool {
        self.setup.is_none() && matches!(self.game.pending(), Pending::Chance(_))
    }
    /// Whether the AI is deciding on another thread.
    pub fn is_thinking(&self) -> bool {
        self.thinking
    }
    /// Whether the players' set-up is under way (the game starts when it is over).
    pub fn in_setup(&self) -> bool {
        self.setup.is_some()
    }
    /// The set-up phase, while it is under way.
    pub fn setup_phase(&self) -> Option<&SetupPhase> {
        self.setup.as_ref().map(|s| &s.phase)
    }
    /// The set-up choices offered now (empty unless a person must decide): the phase's legal
    /// decisions, ordered by the square they are about.
    pub fn setup_options(&self) -> &[SetupDecision] {
        self.setup.as_ref().map_or(&[], |s| s.options.as_slice())
    }
    /// The highlighted set-up choice.
    pub fn setup_selected(&self) -> Option<SetupDecision> {
        self.setup.as_ref().and_then(|s| s.options.get(s.sel).copied())
    }
    /// The side a person must take a set-up decision for now.
    pub fn setup_human_to_decide(&self) -> Option<Side> {
        let side = self.setup.as_ref()?.phase.to_move()?;
        (self.seats[side] == Seat::Human).then_some(side)
    }
    /// The side the AI must take a set-up decision for now.
    pub fn setup_ai_to_decide(&self) -> Option<Side> {
        let side = self.setup.as_ref()?.phase.to_move()?;
        (self.seats[side] == Seat::Ai).then_some(side)
    }
    /// Whether `u` would take back a set-up decision of a person now (during the set-up, when
    /// a person is to decide and has taken one): the status line says so.
    pub(crate) fn setup_undo_offered(&self) -> bool {
        self.setup_human_to_decide().is_some()
            && self.setup.as_ref().is_some_and(|st| {
                st.phase
                    .events()
                    .iter()
                    .any(|e| matches!(e, SetupEvent::Decided(side, _) if self.seats[*side] == Seat::Human))
            })
    }
    /// The text typed after `:`, while typing.
    pub fn prompt(&self) -> Option<&str> {
        self.prompt.as_deref()
    }

    // ----- progress --------------------------------------------------------------------------

    /// Rolls the pending dice, if any.
    pub fn roll_once(&mut self) {
        if self.setup.is_none() && self.game.roll(&mut self.rng).is_some() {
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
        self.ai_words = done
            .words
            .map(|w| format!("AI ({}): {w}", self.ai.as_ref().map_or_else(String::new, |o| o.name())));
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
            if self.setup_ai_to_decide().is_some() {
                self.setup_ai_step();
            } else if self.needs_roll() {
                self.roll_once();
            } else if !self.run_ai_now() {
                return;
            }
        }
    }

    // ----- the players' set-up ---------------------------------------------------------------

    /// Plays the AI seat's next set-up decision (its style chooses among the phase's legal
    /// decisions at once: no search); the game starts when the set-up is over. Returns whether
    /// it decided.
    pub fn setup_ai_step(&mut self) -> bool {
        if self.setup_ai_to_decide().is_none() {
            return false;
        }
        let Some(st) = self.setup.as_mut() else { return false };
        let Some(d) = dust_ai::setup::choose(&st.phase, st.ai_style, &mut st.ai_rng) else {
            return false;
        };
        self.apply_setup(d);
        true
    }

    /// Takes a person's set-up decision. The phase checks it; a refused one changes nothing
    /// and the status line says why.
    pub fn choose_setup(&mut self, d: SetupDecision) {
        let Some(st) = self.setup.as_ref() else {
            self.message = Some(format!("`{d}` is a set-up decision, and the set-up is over"));
            return;
        };
        if self.setup_human_to_decide().is_none() {
            self.message = Some(match st.phase.to_move() {
                Some(side) => format!("wait: side {side} ({}) is setting up", self.ai_name),
                None => "the set-up is over".into(),
            });
            return;
        }
        if let Err(e) = st.phase.check(d) {
            self.message = Some(e.to_string());
            return;
        }
        self.message = None;
        self.apply_setup(d);
    }

    /// Applies a checked set-up decision: log, record, save; starts the game after the last.
    fn apply_setup(&mut self, d: SetupDecision) {
        let Some(st) = self.setup.as_mut() else { return };
        if let Err(e) = st.phase.apply(d) {
            self.message = Some(e.to_string());
            return;
        }
        self.record.setup = Some(PlayersSetup {
            seed: st.seed,
            decisions: st.phase.decisions(),
        });
        let done = st.phase.is_done();
        self.absorb_setup_events();
        if done {
            self.start_game();
        } else {
            self.refresh_setup();
            self.save();
        }
    }

    /// The game from the finished set-up: its first dice rolled, as [`App::new`] does.
    fn start_game(&mut self) {
        let Some(gs) = self.setup.as_ref().and_then(|s| s.phase.game_setup()) else {
            return;
        };
        let mut game = match Game::new(gs) {
            Ok(g) => g,
            Err(e) => {
                self.message = Some(format!("the table the players laid cannot start the game: {e}"));
                return;
            }
        };
        self.setup = None;
        let mut rng = GameRng::new(self.record.seed);
        roll_all(&mut game, &mut rng);
        self.objectives = game.objectives().to_vec();
        self.game = game;
        self.rng = rng;
        self.seen = 0;
        self.undo.clear();
        self.log.push(LogLine {
            text: "the table is laid: the game begins".into(),
            rule: Some(SETUP_RULE),
            side: None,
        });
        self.absorb_events();
        self.refresh();
        self.save();
    }

    fn absorb_setup_events(&mut self) {
        let Some(st) = self.setup.as_mut() else { return };
        let new: Vec<SetupEvent> = st.phase.events().get(st.seen..).map(<[SetupEvent]>::to_vec).unwrap_or_default();
        st.seen = st.phase.events().len();
        for e in &new {
            let (rule, side) = match e {
                SetupEvent::Decided(side, _) => (SETUP_RULE, Some(*side)),
                SetupEvent::Initiative { winner, .. } => ("tactics-battlefront-2013-rules.txt, Playing a Game", Some(*winner)),
            };
            self.log.push(LogLine {
                text: e.to_string(),
                rule: Some(rule),
                side,
            });
        }
        if !new.is_empty() {
            self.log_scroll = 0;
        }
    }

    /// Recomputes the set-up choices after the phase changed.
    fn refresh_setup(&mut self) {
        let human = self.setup_human_to_decide().is_some();
        let cursor = self.cursor;
        let Some(st) = self.setup.as_mut() else { return };
        let before = std::mem::take(&mut st.options);
        if human {
            let mut v = st.phase.legal_decisions();
            // By the square they are about, row by row (a stable sort keeps the phase's order
            // of items and facings on a square).
            v.sort_by_key(|d| setup_square(*d).map(|s| (s.row(), s.col())));
            st.options = v;
        }
        if st.options != before {
            st.sel = 0;
            let on_board = matches!(st.phase.stage(), SetupStage::Terrain | SetupStage::Objective);
            self.focus = if on_board && human { Focus::Board } else { Focus::Menu };
            if on_board {
                // Stay where the cursor is: the first choice on its square, else the next one.
                let key = (cursor.row(), cursor.col());
                let i = st
                    .options
                    .iter()
                    .position(|d| setup_square(*d).is_some_and(|s| (s.row(), s.col()) >= key))
                    .unwrap_or(0);
                st.sel = i;
            }
            self.cursor_to_selection();
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

    /// Takes back the last choice of the declaration in progress. During the players' set-up,
    /// the last set-up decision of a person ([`App::undo_setup`]); at the first decision of a
    /// game that began with the players' set-up, when nothing of the game is left to take
    /// back, that too: the game goes back into the set-up.
    pub fn undo(&mut self) {
        if self.setup.is_some() {
            self.undo_setup();
            return;
        }
        let Some(s) = self.undo.pop() else {
            if self.record.decisions.is_empty() && self.record.setup.is_some() && self.human_to_decide().is_some() {
                self.undo_setup();
            } else {
                self.message = Some("nothing to take back: dice rolled and the other side's choices are final".into());
            }
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

    /// Takes back the last set-up decision of a person: the set-up is replayed from its seed
    /// with the decisions before it (`SetupState::replayed`), so the AI seat's set-up
    /// decisions after it are taken back too and taken again when its turn comes. From the
    /// first decision of the game (nothing decided in it yet), the game goes back into the
    /// set-up. The record is saved without the decisions taken back.
    pub fn undo_setup(&mut self) {
        let (Some(template), Some(su)) = (self.setup_template.clone(), self.record.setup.clone()) else {
            self.message = Some("nothing to take back: the table was laid by the scenario".into());
            return;
        };
        let style = self
            .setup
            .as_ref()
            .map_or_else(|| setup_style_of(self.ai_spec().as_deref()), |st| st.ai_style);
        let full = match SetupState::replayed(&template, su.seed, &su.decisions, style, self.seats) {
            Ok(st) => st,
            Err(e) => {
                self.message = Some(format!("the set-up does not replay: {e}"));
                return;
            }
        };
        // Who took each decision, in order.
        let sides: Vec<Side> = full
            .phase
            .events()
            .iter()
            .filter_map(|e| match e {
                SetupEvent::Decided(side, _) => Some(*side),
                SetupEvent::Initiative { .. } => None,
            })
            .collect();
        let Some(keep) = sides.iter().rposition(|&side| self.seats[side] == Seat::Human) else {
            self.message = Some("nothing to take back: no set-up decision of yours yet".into());
            return;
        };
        let state = match SetupState::replayed(&template, su.seed, &su.decisions[..keep], style, self.seats) {
            Ok(st) => st,
            Err(e) => {
                self.message = Some(format!("the set-up does not replay: {e}"));
                return;
            }
        };
        let in_game = self.setup.is_none();
        if in_game {
            // The scenario's layout stands in for the game again until the table is laid.
            let game = match Game::new(template) {
                Ok(g) => g,
                Err(e) => {
                    self.message = Some(format!("the scenario cannot stand in for the game during the set-up: {e}"));
                    return;
                }
            };
            self.game = game;
            self.rng = GameRng::new(self.record.seed);
            self.objectives.clear();
            self.options.clear();
            self.sel = 0;
            self.seen = 0;
            self.dice = None;
            self.planned.clear();
            self.plan = None;
            self.aims.clear();
            self.undo.clear();
        }
        self.record.setup = Some(PlayersSetup {
            seed: su.seed,
            decisions: state.phase.decisions(),
        });
        self.setup = Some(state);
        self.log.clear();
        self.log_scroll = 0;
        self.absorb_setup_events();
        self.refresh_setup();
        let mut text = format!("took back `{}`", su.decisions[keep]);
        let ai_after = su.decisions.len() - keep - 1;
        if ai_after > 0 {
            let s = if ai_after == 1 { "" } else { "s" };
            text.push_str(&format!(" and the {ai_after} set-up decision{s} of {} after it", self.ai_name));
        }
        if in_game {
            text.push_str(": back in the set-up");
        }
        self.message = Some(text);
        self.save();
    }

    /// The AI's spec, as the record says (for its set-up style).
    fn ai_spec(&self) -> Option<String> {
        record::players_of(&self.record).and_then(|(_, spec)| spec)
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
                    what: purpose.words(),
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

    /// Makes this game the guided first game (`play --tutorial`): the lessons of
    /// `dust_data::tutorial` appear in the log pane as the game meets them (`t` hides them).
    #[must_use]
    pub fn with_tutorial(mut self) -> App {
        self.tutor = Some(crate::tutor::Tutor::default());
        self.update_tutor();
        self
    }

    /// The lesson on screen, if this is the guided game and one has come up.
    pub fn lesson(&self) -> Option<&'static dust_data::tutorial::Lesson> {
        self.tutor.as_ref().and_then(|t| t.lesson)
    }

    fn update_tutor(&mut self) {
        let you = if self.seats.a == Seat::Human { Side::A } else { Side::B };
        if let Some(t) = &mut self.tutor {
            t.update(&self.game, &self.options, you);
        }
    }

    /// The log line whose rule `e` explains first: the newest with a rule.
    fn last_ruled(&self) -> Option<usize> {
        self.log.iter().rposition(|l| l.rule.is_some())
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
        self.update_tutor();
    }

    /// The moves, plan and aims of the declaration in progress, as the game holds it (in the
    /// battlefront edition an activation is declared part by part, with the enemy's reaction
    /// between the parts: the Moves already made are included, the reaction's decisions not).
    fn rebuild_declaration(&mut self) {
        self.planned.clear();
        self.plan = None;
        self.aims.clear();
        if self.game.declaring().is_none() {
            return;
        }
        self.planned = self.game.declared_moves();
        self.plan = self.game.declared_plan();
        self.aims = self.game.declared_aims();
    }

    fn cursor_to_selection(&mut self) {
        if self.setup.is_some() {
            if let Some(s) = self.setup_selected().and_then(setup_square) {
                self.cursor = s;
            }
            return;
        }
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
            // The line that fires next: its target.
            Decision::Fire(_) => self.fire_aim(d).and_then(|a| self.option_square(a)),
            _ => None,
        }
    }

    /// The aim of the line a `fire` decision names, among the lines aimed in this declaration.
    pub fn fire_aim(&self, d: Decision) -> Option<Decision> {
        let Decision::Fire(l) = d else { return None };
        self.aims
            .iter()
            .rev()
            .find(|a| matches!(a, Decision::Aim { line, target: Some(_), .. } if *line == l))
            .copied()
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
            Overlay::ConfirmQuit => {
                self.overlay = Overlay::None;
                if matches!(key.code, KeyCode::Char('q' | 'y' | 'Y') | KeyCode::Enter) {
                    self.request_quit();
                }
                return;
            }
            Overlay::Explain(i) => {
                let ruled = |i: &usize| self.log.get(*i).is_some_and(|l| l.rule.is_some());
                self.overlay = match key.code {
                    KeyCode::Up | KeyCode::Char('k') => Overlay::Explain((0..i).rev().find(ruled).unwrap_or(i)),
                    KeyCode::Down | KeyCode::Char('j') => Overlay::Explain((i + 1..self.log.len()).find(ruled).unwrap_or(i)),
                    _ => Overlay::None,
                };
                return;
            }
            Overlay::Rulings(_) | Overlay::Log(_) if key.code == KeyCode::Char('e') => {
                self.overlay = self.last_ruled().map_or(Overlay::None, Overlay::Explain);
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
        if let Some(text) = &mut self.prompt {
            match key.code {
                KeyCode::Esc => self.prompt = None,
                KeyCode::Enter => {
                    let text = std::mem::take(text);
                    self.prompt = None;
                    self.submit_text(&text);
                }
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Char(c) if text.chars().count() < 60 => text.push(c),
                _ => {}
            }
            return;
        }
        match key.code {
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay::Help,
            KeyCode::Char('r') => self.overlay = Overlay::Rulings(0),
            KeyCode::Char('L') => self.overlay = Overlay::Log(self.log_rows().saturating_sub(18)),
            KeyCode::Char('e') => match self.last_ruled() {
                Some(i) => self.overlay = Overlay::Explain(i),
                None => self.message = Some("no event in the log yet".into()),
            },
            KeyCode::Char('t') if self.tutor.is_some() => {
                if let Some(t) = &mut self.tutor {
                    t.hidden = !t.hidden;
                }
            }
            KeyCode::Char('q') | KeyCode::Esc => self.overlay = Overlay::ConfirmQuit,
            KeyCode::Char('w') => {
                self.message = Some(
                    self.ai_words
                        .clone()
                        .unwrap_or_else(|| "the AI has not decided anything yet".into()),
                );
            }
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
            KeyCode::Char(':') => self.prompt = Some(String::new()),
            KeyCode::Char(c @ '1'..='9') => {
                let i = usize::from(c as u8 - b'1');
                if i < self.n_options() {
                    self.set_sel(i);
                    self.focus = Focus::Menu;
                    self.cursor_to_selection();
                }
            }
            KeyCode::Home => self.select(0),
            KeyCode::End => self.select(self.n_options().saturating_sub(1)),
            KeyCode::Up | KeyCode::Char('k') => match self.focus {
                Focus::Menu => self.select(self.sel_index().saturating_sub(1)),
                Focus::Board => self.move_cursor(0, 1),
            },
            KeyCode::Down | KeyCode::Char('j') => match self.focus {
                Focus::Menu => self.select(self.sel_index() + 1),
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

    /// How many choices the list holds (the set-up's or the game's).
    fn n_options(&self) -> usize {
        match &self.setup {
            Some(st) => st.options.len(),
            None => self.options.len(),
        }
    }

    /// The highlighted choice's index in the list.
    pub(crate) fn sel_index(&self) -> usize {
        match &self.setup {
            Some(st) => st.sel,
            None => self.sel,
        }
    }

    fn set_sel(&mut self, i: usize) {
        match &mut self.setup {
            Some(st) => st.sel = i,
            None => self.sel = i,
        }
    }

    fn log_rows(&self) -> u16 {
        (self.log.len() * 2).min(usize::from(u16::MAX)) as u16
    }

    /// A decision typed in its text form (after `:`): a set-up decision during the set-up
    /// (`place wood G6 n`), else a game decision (`move C4`). Taken if it is legal now;
    /// otherwise the status line says what is wrong and how to write it.
    pub fn submit_text(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.setup.is_some() {
            match text.parse::<SetupDecision>() {
                Ok(d) => self.choose_setup(d),
                Err(e) => self.message = Some(e.to_string()),
            }
            return;
        }
        let d = match text.parse::<Decision>() {
            Ok(d) => d,
            Err(e) => {
                self.message = Some(e.to_string());
                return;
            }
        };
        if self.human_to_decide().is_none() {
            self.message = Some(if self.is_over() {
                "the game is over".into()
            } else {
                "wait: it is not your decision now".into()
            });
            return;
        }
        if !self.options.contains(&d) {
            let mut probe = self.game.clone();
            self.message = Some(match probe.apply(d) {
                Err(e) => e.to_string(),
                Ok(()) => format!("`{d}` is not one of the choices now"),
            });
            return;
        }
        self.choose(d);
    }

    /// Quits after saving the record.
    pub fn request_quit(&mut self) {
        self.save();
        self.quit = true;
    }

    fn select(&mut self, i: usize) {
        let n = self.n_options();
        if n == 0 {
            return;
        }
        self.set_sel(i.min(n - 1));
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
        if let Some(st) = &mut self.setup {
            let here = |d: &SetupDecision| setup_square(*d) == Some(self.cursor);
            if st.options.get(st.sel).is_some_and(here) {
                return;
            }
            if let Some(i) = st.options.iter().position(here) {
                st.sel = i;
            }
            return;
        }
        if self.selected().is_some_and(|d| self.option_at(d, self.cursor)) {
            return;
        }
        if let Some(i) = self.options.iter().position(|&d| self.option_at(d, self.cursor)) {
            self.sel = i;
        }
    }

    fn next_unit(&mut self) {
        if self.setup.is_some() {
            return;
        }
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
        if self.setup.is_some() {
            if self.setup_human_to_decide().is_none() {
                self.message = Some("wait: the AI is setting up".into());
                return;
            }
            let Some(d) = self.setup_selected() else { return };
            if self.focus == Focus::Board && setup_square(d).is_some_and(|s| s != self.cursor) {
                self.message = Some(format!(
                    "nothing to place with its corner on {}: move the cursor to a square where the item fits, or Tab to the list",
                    self.cursor
                ));
                return;
            }
            self.choose_setup(d);
            return;
        }
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
                    let again = s == self.cursor
                        && match self.setup {
                            Some(_) => self.setup_selected().and_then(setup_square) == Some(s),
                            None => self.selected().is_some_and(|d| self.option_at(d, s)),
                        };
                    self.cursor = s;
                    self.focus = Focus::Board;
                    self.select_at_cursor();
                    if again {
                        self.confirm();
                    }
                } else if inside(areas.menu) {
                    let i = areas.menu_first + usize::from(m.row - areas.menu.y);
                    if i < self.n_options() {
                        let again = i == self.sel_index() && self.focus == Focus::Menu;
                        self.set_sel(i);
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
