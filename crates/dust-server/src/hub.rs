//! The games being served: each one is its stored row, its state rebuilt from the seed and the
//! stored decisions, and a channel that tells every connected client when it changed.
//!
//! Every path that changes a game goes through `Hub::commit`: the engine checks the decision
//! on a copy of the state, the chance events after it are rolled from the game's dice, the
//! decision is stored in one transaction, and only then the copy replaces the state and the
//! clients are told. A refused or unstored decision changes nothing.
//!
//! AI seats move on the blocking thread pool ([`Hub::kick_ai`]), one decision at a time, through
//! the same path.
//!
//! With several servers on one PostgreSQL database, a game in memory also follows what the
//! other servers stored (replayed through the engine, hashes checked), and an AI seat moves only
//! under this server's lease: see `crate::shared`.

use crate::armies::army_names;
use crate::error::{ApiError, ServerError};
use crate::play::{setup_for, Played};
use crate::store::{unix_now, GameRow, Seat, Store};
use axum::http::StatusCode;
use dust_ai::setup::SetupStyle;
use dust_ai::{Player, PlayerSpec};
use dust_core::battlefront::setup::{SetupDecision, SetupPhase};
use dust_core::game::{Decision, Pending};
use dust_core::{BySide, Edition, GameRng, Side};
use dust_data::record::{PlayersSetup, Record, ScenarioRef};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// The holder of a seat's token: may decide for that side when it must.
    Seat(Side),
    /// A spectator: sees, never decides.
    Spectator,
}

impl Viewer {
    /// The side played, if any.
    pub fn side(self) -> Option<Side> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// A game's state in memory.
pub struct Live {
    /// The engine, dice and decisions. While the players' set-up is under way, the game on the
    /// scenario's fixed layout stands in (never shown nor played: see [`Live::in_setup`]).
    pub played: Played,
    /// The players' set-up of a battlefront game that begins with it (finished or not), the
    /// one place that decides its legality; `None`: the scenario's fixed layout.
    pub setup: Option<SetupPhase>,
    /// The AI players of AI seats, built on first use.
    ai: BySide<Option<Box<dyn Player + Send>>>,
    /// An AI task is deciding.
    pub thinking: bool,
    /// The AI's recent decisions in words ([`dust_ai::words::in_words`]), oldest first: kept
    /// in memory only (a restarted server starts the list again).
    pub ai_words: Vec<AiWords>,
    /// A side asked the other to take back its last decision (a game between two people).
    pub undo_request: Option<Side>,
    /// The number of decisions an accepted [`Live::undo_request`] takes the game back to: the
    /// one before the decision it was asked for (the side may decide again meanwhile).
    pub undo_to: usize,
    /// Counts the undos: an AI that thought about a position an undo took back decides again.
    pub epoch: u64,
}

/// An AI decision in words, for the page.
#[derive(Clone, Debug)]
pub struct AiWords {
    /// The decision's number (0-based).
    pub ply: usize,
    /// The AI's side.
    pub side: Side,
    /// The decision and the figures it was chosen by.
    pub text: String,
}

/// How many AI decisions in words a game keeps.
const AI_WORDS_KEPT: usize = 12;

impl Live {
    fn new(played: Played, setup: Option<SetupPhase>) -> Live {
        Live {
            played,
            setup,
            ai: BySide::default(),
            thinking: false,
            ai_words: Vec::new(),
            undo_request: None,
            undo_to: 0,
            epoch: 0,
        }
    }
    /// Drops the AI players (they are built again, seeded by the decision number, when next
    /// asked): after an undo, an AI decides as a fresh one would there.
    pub(crate) fn forget_ai(&mut self) {
        self.ai = BySide::default();
    }
    /// The players' set-up, while it is under way (the game has not started).
    pub fn in_setup(&self) -> Option<&SetupPhase> {
        self.setup.as_ref().filter(|p| !p.is_done())
    }
    /// The side that must decide now (a set-up or a game decision), if any.
    pub fn to_decide(&self) -> Option<Side> {
        match self.in_setup() {
            Some(p) => p.to_move(),
            None => match self.played.game.pending() {
                Pending::Decision { side } => Some(side),
                _ => None,
            },
        }
    }
}

/// One served game.
pub struct GameCell {
    /// Its stored row (seats, tokens; `claimed` is kept up to date).
    pub row: Mutex<GameRow>,
    /// Its state.
    pub live: Mutex<Live>,
    /// Sends the number of decisions after every change (and when an AI starts thinking).
    pub tx: broadcast::Sender<u32>,
    /// The names of the armies, as the game's scenario gives them.
    pub armies: BySide<Option<String>>,
    /// Why the stored game is damaged, if it is: it is shown as far as it replays and never
    /// played on (every decision is refused with `corrupt_game`, its AI does not move).
    pub corrupt: Option<String>,
    /// When it was last asked for (Unix seconds): an idle game leaves memory ([`Hub::sweep`]).
    touched: std::sync::atomic::AtomicI64,
    /// What its sockets were last shown, written once for all of them (`crate::push`).
    pub(crate) view: Mutex<Option<Arc<crate::push::Snapshot>>>,
}

/// Locks a mutex, also one a panicking thread held (the games' rows and states, the games).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl GameCell {
    /// Locks the state.
    pub fn live(&self) -> MutexGuard<'_, Live> {
        lock(&self.live)
    }
    /// A copy of the row.
    pub fn row(&self) -> GameRow {
        lock(&self.row).clone()
    }
}

/// The games of this server.
pub struct Hub {
    /// The database.
    pub store: Store,
    pub(crate) games: Mutex<HashMap<String, Arc<GameCell>>>,
    runtime: tokio::runtime::Handle,
    pub(crate) stopping: AtomicBool,
    /// This process among the servers of one database: who holds an AI lease.
    pub(crate) holder: String,
    /// When this process last failed to take a game's AI lease (another server plays it): it
    /// does not ask the database again for half a lease (`crate::shared`).
    pub(crate) lease_misses: Mutex<HashMap<String, std::time::Instant>>,
    /// The ceiling on what an AI seat may spend.
    pub ai: AiLimits,
    /// One permit per tree search that may run at once ([`AiLimits::max_searches`]).
    search_permits: Arc<tokio::sync::Semaphore>,
}

/// Random bytes as lowercase hex.
///
/// # Errors
/// The system has no random source.
pub fn random_hex(bytes: usize) -> Result<String, ServerError> {
    let mut b = vec![0u8; bytes];
    getrandom::fill(&mut b).map_err(|e| ServerError::Io {
        context: "cannot read random bytes for a token".into(),
        message: e.to_string(),
    })?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// One served game of a kind kept as its stored row and its live state, replayed from the
/// database when first asked for: the strategy games ([`crate::strategy::hub::StrategyCell`])
/// and the Battlefield games ([`crate::field_game::hub::FieldCell`]).
pub struct ServedGame<R, L> {
    /// Its stored row.
    pub row: Mutex<R>,
    /// Its state.
    pub live: Mutex<L>,
    /// When it was last asked for (Unix seconds): an idle game leaves memory
    /// ([`sweep_cells`]).
    pub(crate) touched: std::sync::atomic::AtomicI64,
    /// A counter raised after every change of what a viewer is shown (a decision stored, an
    /// AI starting or stopping to think): each WebSocket (or poll) sees it and shows its
    /// viewer's view anew.
    pub changed: tokio::sync::watch::Sender<u64>,
}

impl<R: Clone, L> ServedGame<R, L> {
    /// A cell over a row and a state, touched now.
    pub fn new(row: R, live: L) -> ServedGame<R, L> {
        ServedGame {
            row: Mutex::new(row),
            live: Mutex::new(live),
            touched: unix_now().into(),
            changed: tokio::sync::watch::channel(0).0,
        }
    }
    /// Locks the state.
    pub fn live(&self) -> MutexGuard<'_, L> {
        lock(&self.live)
    }
    /// A copy of the row.
    pub fn row(&self) -> R {
        lock(&self.row).clone()
    }
    /// Tells the watchers that the game changed.
    pub fn touch(&self) {
        self.changed.send_modify(|v| *v = v.wrapping_add(1));
    }
}

/// The games of `games` nobody has asked for in `evict_after` seconds, with no request under
/// way and no AI thinking (`thinking`), leave memory (issue 16, item 4, as the tactics games:
/// [`Hub::sweep`]); they are replayed from the database when asked for again. Returns how
/// many left.
pub(crate) fn sweep_cells<R, L>(
    games: &Mutex<HashMap<String, Arc<ServedGame<R, L>>>>,
    evict_after: i64,
    thinking: impl Fn(&L) -> bool,
) -> usize {
    let now = unix_now();
    let mut games = lock(games);
    let before = games.len();
    games.retain(|_, c| {
        let idle = c.touched.load(Ordering::Relaxed) < now - evict_after;
        // Only the table holds it (no request, no AI task).
        let unused = Arc::strong_count(c) == 1;
        let busy = c.live.try_lock().map_or(true, |l| thinking(&l));
        !(idle && unused && !busy)
    });
    before - games.len()
}

/// The game `id` of `games`, or else loaded: its row and stored decisions (`stored`, `None`: no
/// such game), each decision read as a `D` and the game rebuilt by `build`. Returns the game and
/// whether it was loaded now (its AI seats then have to be started). `label` names the kind of
/// game in the messages.
///
/// # Errors
/// No such game (`404`), or a stored game that does not read or replay (`Corrupt`).
pub(crate) fn served<R: Clone, L, D: std::str::FromStr>(
    games: &Mutex<HashMap<String, Arc<ServedGame<R, L>>>>,
    id: &str,
    label: &str,
    stored: impl FnOnce() -> Result<Option<(R, Vec<(String, String)>)>, ServerError>,
    build: impl FnOnce(R, &[D]) -> Result<ServedGame<R, L>, String>,
) -> Result<(Arc<ServedGame<R, L>>, bool), ApiError>
where
    D::Err: std::fmt::Display,
{
    if let Some(c) = lock(games).get(id) {
        c.touched.store(unix_now(), Ordering::Relaxed);
        return Ok((c.clone(), false));
    }
    if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ApiError::no_game(id));
    }
    let (row, texts) = stored()?.ok_or_else(|| ApiError::no_game(id))?;
    let decisions: Vec<D> = texts
        .iter()
        .enumerate()
        .map(|(i, (t, _))| {
            t.parse()
                .map_err(|e| ServerError::Corrupt(format!("{label} game {id}, decision {}: {e}", i + 1)))
        })
        .collect::<Result<_, _>>()?;
    let cell = build(row, &decisions).map_err(|m| ServerError::Corrupt(format!("{label} game {id}: {m}")))?;
    Ok((lock(games).entry(id.to_string()).or_insert_with(|| Arc::new(cell)).clone(), true))
}

/// The AI decisions of a strategy or Battlefield game, one at a time on the blocking pool,
/// until `step` decides none (a person must decide, or the game is over) or the server stops:
/// a searching seat (`searching()`) first waits, without holding a thread, for one of the
/// server's search slots. `what` names the game in the log.
pub(crate) async fn ai_turns<F>(
    stopping: &AtomicBool,
    permits: Option<&Arc<tokio::sync::Semaphore>>,
    searching: impl Fn() -> bool,
    step: F,
    what: &str,
) where
    F: Fn() -> Result<bool, ApiError> + Clone + Send + 'static,
{
    while !stopping.load(Ordering::SeqCst) {
        let permit = match (permits, searching()) {
            (Some(s), true) => match s.clone().acquire_owned().await {
                Ok(p) => Some(p),
                Err(_) => break,
            },
            _ => None,
        };
        let f = step.clone();
        let r = tokio::task::spawn_blocking(f).await;
        drop(permit);
        match r {
            Ok(Ok(true)) => {}
            Ok(Ok(false)) | Err(_) => break,
            Ok(Err(e)) => {
                tracing::error!(error = %e, game = what, "an AI decision was not stored");
                break;
            }
        }
    }
}

/// Compares two tokens in time that does not depend on where they differ.
pub(crate) fn same_token(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// What a new game is made of.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// A shipped scenario or `duel` (ignored when `scenario_text` is given).
    pub scenario: String,
    /// An embedded scenario file (uploaded records, or a shipped scenario with chosen armies).
    pub scenario_text: Option<String>,
    /// The dice seed.
    pub seed: u64,
    /// Who plays each side.
    pub seats: BySide<Seat>,
    /// Whether a spectator link is made.
    pub spectators: bool,
    /// The creator's seat (taken at once; the other human seat gets an invite link).
    pub creator: Option<Side>,
    /// Whether the human seats the creator leaves are listed in the lobby for anyone to take.
    pub public: bool,
    /// Decisions already played (an uploaded record).
    pub decisions: Vec<Decision>,
    /// The players' set-up (battlefront): its seed and the set-up decisions already taken (an
    /// uploaded record); `None`: the scenario's fixed layout.
    pub setup: Option<PlayersSetup>,
}

/// Whether a seat of a new game is a person's that its creator leaves to someone else.
fn invitation_wanted(new: &NewGame, side: Side) -> bool {
    !new.seats[side].is_ai() && new.creator != Some(side)
}

/// The secret code of a seat's invite link, when it has one.
fn invitation(new: &NewGame, side: Side) -> Result<Option<String>, ServerError> {
    invitation_wanted(new, side).then(|| random_hex(16)).transpose()
}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::A => "A",
        Side::B => "B",
    }
}

/// The set-up of an AI seat: random for the random player, greedy for the others.
fn setup_style(spec: &str) -> SetupStyle {
    spec.parse::<PlayerSpec>()
        .map_or(SetupStyle::Greedy, |p| SetupStyle::for_player(&p))
}

/// The game from the scenario's layout `template`, or from the players' set-up laid on it:
/// the engine's state (a stand-in while the set-up is under way) and the set-up's phase.
pub(crate) fn start(
    template: dust_core::game::GameSetup,
    seed: u64,
    setup: Option<&PlayersSetup>,
) -> Result<(Played, Option<SetupPhase>), String> {
    let Some(su) = setup else {
        return Played::new(template, seed).map(|p| (p, None)).map_err(|e| e.to_string());
    };
    if template.edition != Edition::Battlefront {
        return Err(format!(
            "the players set up battlefront games only, and this scenario is played under the {} rules",
            template.edition
        ));
    }
    let phase = su.phase(template.clone())?;
    let played = match phase.game_setup() {
        Some(g) => Played::new(g, seed),
        None => Played::new(template, seed),
    }
    .map_err(|e| e.to_string())?;
    Ok((played, Some(phase)))
}

pub(crate) fn status_of(p: &Played) -> (&'static str, Option<&'static str>) {
    match p.game.pending() {
        Pending::GameOver { winner } => ("over", Some(winner.map_or("draw", side_name))),
        _ => ("playing", None),
    }
}

/// The operator's ceiling on the AI (`serve --max-ai-ms`, `--max-ai-threads`,
/// `--max-ai-iterations`, `--max-ai-searches`): what a client may ask an AI seat to spend.
/// A request above it is refused (`ai_over_limit`), never queued or quietly lowered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AiLimits {
    /// Longest thinking time per decision, in milliseconds (default 2,000).
    pub max_ms: u64,
    /// Threads per search (default 1). A spec that names no `threads` gets at most this many.
    pub max_threads: usize,
    /// Largest iteration budget per decision (default 10,000: about 1.7 s of one thread at
    /// the ≈ 6,000 iterations a second measured in the README).
    pub max_iterations: u32,
    /// Tree searches (MCTS decisions) running at once in the whole server (default: the
    /// machine's cores). An AI seat waits for its turn to search; a new game with a search
    /// seat is refused (`ai_busy`) while every search is running.
    pub max_searches: usize,
    /// How long a process's hold on a game's AI seats lasts unless renewed, in milliseconds
    /// (default 10,000; several servers on PostgreSQL only): the holder renews it before each
    /// AI decision; when it dies, another process takes the game's AI over after this time.
    /// Keep it above `max_ms`.
    pub lease_ms: u64,
}

impl Default for AiLimits {
    fn default() -> AiLimits {
        AiLimits {
            max_ms: 2000,
            max_threads: 1,
            max_iterations: 10_000,
            max_searches: std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
            lease_ms: 10_000,
        }
    }
}

/// Longest rollout (`depth=N`) a server AI may be asked for.
pub const MAX_AI_DEPTH: u32 = 64;

impl AiLimits {
    /// `spec` within these limits: the spec as it will run (its threads lowered to
    /// [`AiLimits::max_threads`] when the spec names none).
    ///
    /// # Errors
    /// `bad_ai`: not an AI; `ai_over_limit`: a time, iteration, thread or depth budget
    /// above the ceiling (the message says the ceiling and the option that raises it).
    pub fn check(&self, spec: &str) -> Result<PlayerSpec, ApiError> {
        let mut p = spec
            .trim()
            .parse::<PlayerSpec>()
            .map_err(|e| ApiError::bad_request("bad_ai", format!("`{spec}` is not an AI: {e}")))?;
        let over = |m: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "ai_over_limit", m);
        if let PlayerSpec::Mcts(c) = &mut p {
            match c.budget {
                dust_ai::Budget::Time(d) if d.as_millis() > u128::from(self.max_ms) => {
                    return Err(over(format!(
                    "`{spec}` asks for {} ms a decision; this server allows at most {} ms (the operator sets it with `serve --max-ai-ms`)",
                    d.as_millis(),
                    self.max_ms
                )))
                }
                dust_ai::Budget::Iterations(n) if n > self.max_iterations => {
                    return Err(over(format!(
                        "`{spec}` asks for {n} iterations a decision; this server allows at most {} (`serve --max-ai-iterations`)",
                        self.max_iterations
                    )))
                }
                _ => {}
            }
            if c.rollout_depth > MAX_AI_DEPTH {
                return Err(over(format!(
                    "`{spec}` asks for rollouts of {} decisions; at most {MAX_AI_DEPTH}",
                    c.rollout_depth
                )));
            }
            if names_threads(spec) {
                if c.threads > self.max_threads {
                    return Err(over(format!(
                        "`{spec}` asks for {} threads; this server allows at most {} a search (`serve --max-ai-threads`)",
                        c.threads, self.max_threads
                    )));
                }
            } else {
                c.threads = c.threads.min(self.max_threads.max(1));
            }
        }
        Ok(p)
    }

    /// A stored spec (a game of an earlier server, or one started under a higher ceiling) cut
    /// down to these limits, so that it can run: never refused, only lowered.
    pub fn clamp(&self, mut p: PlayerSpec) -> PlayerSpec {
        if let PlayerSpec::Mcts(c) = &mut p {
            c.budget = match c.budget {
                dust_ai::Budget::Time(d) => dust_ai::Budget::Time(d.min(std::time::Duration::from_millis(self.max_ms.max(1)))),
                dust_ai::Budget::Iterations(n) => dust_ai::Budget::Iterations(n.min(self.max_iterations.max(1))),
            };
            c.threads = c.threads.clamp(1, self.max_threads.max(1));
            c.rollout_depth = c.rollout_depth.min(MAX_AI_DEPTH);
        }
        p
    }
}

/// Whether a spec's options name its threads (`threads=N`, `t=N`).
fn names_threads(spec: &str) -> bool {
    spec.split_once(':').is_some_and(|(_, rest)| {
        rest.split(',').skip(1).any(|o| {
            o.split_once('=')
                .is_some_and(|(k, _)| matches!(k.trim().to_ascii_lowercase().as_str(), "threads" | "t"))
        })
    })
}

/// Whether a player searches (takes one of the server's [`AiLimits::max_searches`]).
fn searches(p: &PlayerSpec) -> bool {
    matches!(p, PlayerSpec::Mcts(_))
}

impl Hub {
    /// A hub over a store; AI tasks run on `runtime`'s blocking pool.
    pub fn new(store: Store, runtime: tokio::runtime::Handle) -> Hub {
        Hub::with_ai_limits(store, runtime, AiLimits::default())
    }

    /// A hub whose AI seats stay within `ai`.
    pub fn with_ai_limits(store: Store, runtime: tokio::runtime::Handle, ai: AiLimits) -> Hub {
        Hub {
            store,
            games: Mutex::new(HashMap::new()),
            runtime,
            stopping: AtomicBool::new(false),
            holder: random_hex(8).unwrap_or_else(|_| format!("pid{}", std::process::id())),
            lease_misses: Mutex::new(HashMap::new()),
            ai,
            search_permits: Arc::new(tokio::sync::Semaphore::new(ai.max_searches.max(1))),
        }
    }

    /// Checks an AI spec against the server's ceiling ([`AiLimits::check`]).
    ///
    /// # Errors
    /// Not an AI, or above the ceiling.
    pub fn check_spec(&self, spec: &str) -> Result<PlayerSpec, ApiError> {
        self.ai.check(spec)
    }

    /// The server's search slots ([`AiLimits::max_searches`]), shared with the strategy games.
    pub fn search_permits(&self) -> Arc<tokio::sync::Semaphore> {
        self.search_permits.clone()
    }

    /// Tree searches running now.
    pub fn searches_running(&self) -> usize {
        self.ai.max_searches.max(1) - self.search_permits.available_permits()
    }

    /// Stops starting AI decisions (server shutdown).
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Creates a game: checks the scenario, the seats and any decisions, stores it.
    ///
    /// # Errors
    /// An unknown scenario, a bad AI spec, a decision the engine refuses, the database.
    pub fn create(self: &Arc<Self>, new: NewGame) -> Result<Arc<GameCell>, ApiError> {
        let mut searching = false;
        for s in [&new.seats.a, &new.seats.b] {
            if let Seat::Ai(spec) = s {
                searching |= searches(&self.check_spec(spec)?);
            }
        }
        if searching && self.search_permits.available_permits() == 0 {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "ai_busy",
                format!(
                    "all {} AI searches this server runs at once are running: try again in a moment, or play against the greedy AI (`serve --max-ai-searches` sets the number)",
                    self.ai.max_searches.max(1)
                ),
            ));
        }
        let setup = setup_for(&new.scenario, new.scenario_text.as_deref()).map_err(|m| ApiError::bad_request("bad_scenario", m))?;
        if new.setup.is_some() && setup.edition != Edition::Battlefront {
            return Err(ApiError::bad_request(
                "bad_setup",
                format!(
                    "the players set up battlefront games only, and `{}` is played under the {} rules: choose a battlefront scenario (encounter, grab-the-dust, bait-and-flank, supply-drop, all-out-attack) or the scenario's layout",
                    new.scenario, setup.edition
                ),
            ));
        }
        let (mut played, phase) =
            start(setup, new.seed, new.setup.as_ref()).map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "record_refused", m))?;
        if let (Some(p), Some(d)) = (phase.as_ref().filter(|p| !p.is_done()), new.decisions.first()) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "record_refused",
                format!(
                    "the record has game decisions (from `{d}`) but its set-up is unfinished ({} set-up decisions): finish the set-up first",
                    p.decisions().len()
                ),
            ));
        }
        let setup_texts: Vec<String> = phase
            .as_ref()
            .map_or_else(Vec::new, |p| p.decisions().iter().map(ToString::to_string).collect());
        let mut stored = Vec::with_capacity(new.decisions.len());
        for (i, &d) in new.decisions.iter().enumerate() {
            played.apply(d).map_err(|m| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "record_refused",
                    format!("decision {i} `{d}` is refused: {m}"),
                )
            })?;
            stored.push((d.to_string(), played.game.state_hash()));
        }
        let (status, result) = status_of(&played);
        let now = unix_now();
        let row = GameRow {
            id: random_hex(8)?,
            created: now,
            scenario: new.scenario.clone(),
            scenario_text: new.scenario_text.clone(),
            seed: new.seed,
            claimed: BySide {
                a: new.seats.a.is_ai() || new.creator == Some(Side::A),
                b: new.seats.b.is_ai() || new.creator == Some(Side::B),
            },
            invites: BySide {
                a: invitation(&new, Side::A)?,
                b: invitation(&new, Side::B)?,
            },
            public: BySide {
                a: new.public && invitation_wanted(&new, Side::A),
                b: new.public && invitation_wanted(&new, Side::B),
            },
            seats: new.seats,
            tokens: BySide {
                a: random_hex(16)?,
                b: random_hex(16)?,
            },
            spectator: if new.spectators { Some(random_hex(16)?) } else { None },
            status: status.to_string(),
            result: result.map(str::to_string),
            plies: stored.len() as u32,
            updated: now,
            setup_seed: new.setup.as_ref().map(|s| s.seed),
            problem: None,
        };
        self.store.create(&row, &setup_texts, &stored)?;
        tracing::info!(game = %row.id, scenario = %row.scenario, seed = row.seed, a = %row.seats.a.to_text(), b = %row.seats.b.to_text(), plies = stored.len(), setup = ?row.setup_seed, "game created");
        let cell = Arc::new(GameCell {
            row: Mutex::new(row.clone()),
            live: Mutex::new(Live::new(played, phase)),
            tx: broadcast::channel(64).0,
            armies: army_names(row.scenario_text.as_deref(), &row.scenario),
            corrupt: None,
            touched: unix_now().into(),
            view: Mutex::new(None),
        });
        // A request (or the resumption after a start) may have loaded the stored game between
        // the store and now: one copy in memory, the first.
        let cell = lock(&self.games).entry(row.id.clone()).or_insert(cell).clone();
        self.kick_ai(&cell);
        Ok(cell)
    }

    /// A game by id: from memory, else rebuilt from the database by replaying its decisions.
    ///
    /// # Errors
    /// No such game; a stored game that does not replay; the database.
    pub fn cell(self: &Arc<Self>, id: &str) -> Result<Arc<GameCell>, ApiError> {
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::no_game(id));
        }
        if let Some(c) = lock(&self.games).get(id) {
            c.touched.store(unix_now(), Ordering::Relaxed);
            return Ok(c.clone());
        }
        let row = self.store.game(id)?.ok_or_else(|| ApiError::no_game(id))?;
        let cell = Arc::new(self.load(row)?);
        let cell = lock(&self.games).entry(id.to_string()).or_insert(cell).clone();
        self.kick_ai(&cell);
        Ok(cell)
    }

    /// Rebuilds a stored game, checking it on the way (issue 16, item 7): the row reads (a
    /// numeric seed, seats), the decision rows are numbered 0, 1, 2… without a gap, their count
    /// is the row's `plies`, each decision reads and is legal, and the state hash after each is
    /// the stored one. The game is replayed up to the first problem and marked read-only with
    /// the reason ([`GameCell::corrupt`]): it is shown, never played on.
    ///
    /// # Errors
    /// A game that cannot be shown at all (its scenario or set-up does not read):
    /// `corrupt_game` with the reason; the database.
    fn load(&self, row: GameRow) -> Result<GameCell, ApiError> {
        let id = row.id.clone();
        let corrupt = |m: String| {
            tracing::error!(game = %id, problem = %m, "a stored game is damaged and cannot be shown");
            ApiError::new(
                StatusCode::CONFLICT,
                "corrupt_game",
                format!("the stored game is damaged and cannot be shown: {m}"),
            )
        };
        let (row, stored) = self.read_consistent(row)?;
        let mut problems: Vec<String> = row.problem.iter().cloned().collect();
        if stored.len() != row.plies as usize {
            problems.push(format!(
                "the game counts {} decisions but {} decision rows are stored",
                row.plies,
                stored.len()
            ));
        }
        let setup = setup_for(&row.scenario, row.scenario_text.as_deref()).map_err(|m| corrupt(format!("its scenario: {m}")))?;
        let players_setup = match row.setup_seed {
            Some(seed) => {
                let mut su = PlayersSetup {
                    seed,
                    decisions: Vec::new(),
                };
                for (i, text) in self.store.setup_decisions(&id)?.iter().enumerate() {
                    match text.parse::<SetupDecision>() {
                        Ok(d) => su.decisions.push(d),
                        Err(e) => {
                            problems.push(format!("set-up decision {i} `{text}` does not read: {e}"));
                            break;
                        }
                    }
                }
                Some(su)
            }
            None => None,
        };
        let (mut played, phase) = start(setup, row.seed, players_setup.as_ref()).map_err(|m| corrupt(format!("its set-up: {m}")))?;
        if phase.as_ref().is_some_and(|p| !p.is_done()) && !stored.is_empty() {
            problems.push("game decisions are stored before the end of its set-up".to_string());
        } else {
            for (i, (ply, text, hash)) in stored.iter().enumerate() {
                if *ply != i as i64 {
                    problems.push(format!("decision row {i} is missing (the next stored row is decision {ply})"));
                    break;
                }
                let d = match text.parse::<Decision>() {
                    Ok(d) => d,
                    Err(e) => {
                        problems.push(format!("decision {i} `{text}` does not read: {e}"));
                        break;
                    }
                };
                let mut next = played.clone();
                if let Err(m) = next.apply_in_place(d) {
                    problems.push(format!("decision {i} `{text}` is refused by the engine: {m}"));
                    break;
                }
                let now = format!("{:#018x}", next.game.state_hash());
                if &now != hash {
                    problems.push(format!(
                        "after decision {i} the state hash is {now}, but the stored one is {hash} (the row was edited, or the engine changed)"
                    ));
                    break;
                }
                played = next;
            }
        }
        let corrupt = (!problems.is_empty()).then(|| problems.join("; "));
        match &corrupt {
            Some(m) => {
                tracing::error!(game = %id, problem = %m, plies = played.decisions.len(), "a stored game is damaged: loaded read-only")
            }
            None => {
                tracing::info!(game = %id, plies = played.decisions.len(), setup = phase.as_ref().map(|p| p.decisions().len()), "game loaded from the database")
            }
        }
        let armies = army_names(row.scenario_text.as_deref(), &row.scenario);
        Ok(GameCell {
            row: Mutex::new(row),
            live: Mutex::new(Live::new(played, phase)),
            tx: broadcast::channel(64).0,
            armies,
            corrupt,
            touched: unix_now().into(),
            view: Mutex::new(None),
        })
    }

    /// Loads the unfinished games with an AI seat and lets the AIs that must move go on (the
    /// others load when first asked for: a restart does not replay them). Returns how many.
    ///
    /// # Errors
    /// The database cannot be read (a game that does not replay is logged and skipped).
    pub fn resume_all(self: &Arc<Self>) -> Result<usize, ServerError> {
        if self.store.shared() {
            // Several servers: only the games no other server plays (`crate::shared`).
            return self.adopt_orphans();
        }
        let ids = self.store.unfinished_with_ai()?;
        let mut n = 0;
        for id in ids {
            if self.stopping.load(Ordering::SeqCst) {
                break;
            }
            match self.cell(&id) {
                Ok(_) => n += 1,
                Err(e) => tracing::error!(game = %id, error = %e, "cannot resume a game"),
            }
        }
        Ok(n)
    }

    /// Games in memory now.
    pub fn in_memory(&self) -> usize {
        lock(&self.games).len()
    }

    /// Keeps memory and the database tidy (run now and then): games unfinished and unchanged
    /// for `expire_after` seconds are marked `abandoned` (kept, read-only) and leave memory;
    /// games nobody has asked for in `evict_after` seconds, with no WebSocket open and no AI
    /// thinking, leave memory (they load again when asked for). Returns (evicted, expired).
    ///
    /// # Errors
    /// The database.
    pub fn sweep(&self, evict_after: i64, expire_after: i64) -> Result<(usize, usize), ServerError> {
        let now = unix_now();
        let expired = self.store.expire(now - expire_after)?;
        let mut games = lock(&self.games);
        for id in &expired {
            if let Some(c) = games.remove(id) {
                lock(&c.row).status = "abandoned".to_string();
                let _ = c.tx.send(u32::MAX);
            }
            tracing::info!(game = %id, "an unfinished game unchanged for too long is abandoned");
        }
        let before = games.len();
        games.retain(|_, c| {
            let idle = c.touched.load(Ordering::Relaxed) < now - evict_after;
            // Only the table holds it (no request, no AI task, no WebSocket).
            let unused = Arc::strong_count(c) == 1 && c.tx.receiver_count() == 0;
            let thinking = c.live.try_lock().map_or(true, |l| l.thinking);
            !(idle && unused && !thinking)
        });
        let evicted = before - games.len();
        if evicted + expired.len() > 0 {
            tracing::debug!(evicted, expired = expired.len(), in_memory = games.len(), "games swept");
        }
        Ok((evicted, expired.len()))
    }

    /// Who a token belongs to in a game; a token's first use marks its seat as taken.
    ///
    /// # Errors
    /// The token opens nothing in this game.
    pub fn viewer(&self, cell: &GameCell, token: &str) -> Result<Viewer, ApiError> {
        self.refresh_if_unknown(cell, token);
        let mut row = lock(&cell.row);
        for side in Side::ALL {
            if same_token(&row.tokens[side], token) && !row.seats[side].is_ai() {
                if !row.claimed[side] {
                    row.claimed[side] = true;
                    let id = row.id.clone();
                    drop(row);
                    self.store.claim(&id, side)?;
                }
                return Ok(Viewer::Seat(side));
            }
        }
        if row.spectator.as_deref().is_some_and(|s| same_token(s, token)) {
            return Ok(Viewer::Spectator);
        }
        Err(ApiError::bad_token())
    }

    /// Takes a public human seat of a game (the lobby's "join"), nobody's yet: returns its
    /// side and a fresh token for it, which only this caller is given.
    ///
    /// # Errors
    /// No public seat left (`no_open_seat`).
    pub fn join(&self, cell: &GameCell, side: Option<Side>) -> Result<(Side, String), ApiError> {
        let mut row = lock(&cell.row);
        let open = Side::ALL
            .into_iter()
            .find(|&s| !row.seats[s].is_ai() && row.public[s] && !row.claimed[s] && side.is_none_or(|x| x == s));
        let Some(s) = open else {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no_open_seat",
                "this game has no seat open to the public: ask its players for an invite link, or for the spectator link",
            ));
        };
        self.take_seat(&mut row, s)
    }

    /// Takes the seat an invite link is for (`/game/ID?invite=CODE`): the first claim gets a
    /// fresh token for it; the code never opens the seat again.
    ///
    /// # Errors
    /// A code of no seat of this game (`bad_invite`); a seat already taken (`seat_taken`).
    pub fn claim(&self, cell: &GameCell, code: &str) -> Result<(Side, String), ApiError> {
        let mut row = lock(&cell.row);
        let Some(s) = Side::ALL
            .into_iter()
            .find(|&s| row.invites[s].as_deref().is_some_and(|c| same_token(c, code)))
        else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "bad_invite",
                "this invite link is not one of this game's: ask the player who sent it for the link again",
            ));
        };
        if row.claimed[s] {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "seat_taken",
                format!("side {s} has been taken with this invite link already; an invite opens its seat once (if it was you, open the game from your games on the home page)"),
            ));
        }
        self.take_seat(&mut row, s)
    }

    /// Gives a seat nobody holds a fresh token, stored before it is handed out.
    fn take_seat(&self, row: &mut GameRow, s: Side) -> Result<(Side, String), ApiError> {
        let token = random_hex(16)?;
        if !self.store.claim_seat(&row.id, s, &token)? {
            row.claimed[s] = true;
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "seat_taken",
                format!("side {s} has just been taken"),
            ));
        }
        row.claimed[s] = true;
        row.tokens[s] = token.clone();
        tracing::info!(game = %row.id, side = %s, "seat taken");
        Ok((s, token))
    }

    /// A decision by the holder of `token`: checked (seat, turn, ply, the engine), stored, then
    /// applied and announced. Returns the number of decisions after it.
    ///
    /// # Errors
    /// A spectator or an AI seat; not this side's turn; a stale `ply` (a replayed message); a
    /// decision that does not read or that the engine refuses; the database.
    pub fn decide(self: &Arc<Self>, cell: &Arc<GameCell>, viewer: Viewer, text: &str, ply: Option<u32>) -> Result<u32, ApiError> {
        let Viewer::Seat(side) = viewer else {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "spectator",
                "spectators watch the game: only a seat's link may decide",
            ));
        };
        if let Some(m) = &cell.corrupt {
            return Err(ApiError::corrupt_game(m));
        }
        if lock(&cell.row).status == "abandoned" {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "abandoned",
                "this game was left unfinished for longer than this server keeps such games: it is read-only (download its record to play it on elsewhere)",
            ));
        }
        if text.len() > 200 {
            return Err(ApiError::bad_request(
                "bad_decision",
                "a decision is a short text such as `move C4`",
            ));
        }
        let mut live = cell.live();
        self.catch_up_if_behind(cell, &mut live, ply);
        if let Some(phase) = live.in_setup() {
            let d: SetupDecision = text
                .trim()
                .parse()
                .map_err(|e: dust_core::battlefront::setup::ParseSetupDecisionError| {
                    ApiError::bad_request("bad_decision", e.to_string())
                })?;
            let now = phase.decisions().len() as u32;
            ApiError::check_ply(ply, now, |p| {
                format!("this message is for set-up decision {p} but the set-up is at decision {now}: reload the state and decide again")
            })?;
            match phase.to_move() {
                Some(s) if s == side => {}
                Some(s) => {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        "not_your_turn",
                        format!("side {s} must take the next set-up decision, not side {side}: wait for your turn"),
                    ))
                }
                None => return Err(ApiError::new(StatusCode::CONFLICT, "setup_over", "the set-up is over")),
            }
            let n = self.commit_setup(cell, &mut live, d)?;
            drop(live);
            self.kick_ai(cell);
            return Ok(n);
        }
        let d: Decision = text
            .trim()
            .parse()
            .map_err(|e: dust_core::game::ParseDecisionError| ApiError::bad_request("bad_decision", e.to_string()))?;
        let now = live.played.decisions.len() as u32;
        ApiError::check_ply(ply, now, |p| {
            format!("this message is for decision {p} but the game is at decision {now}: reload the state and decide again")
        })?;
        match live.played.game.pending() {
            Pending::Decision { side: s } if s == side => {}
            Pending::Decision { side: s } => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "not_your_turn",
                    format!("side {s} must decide now, not side {side}: wait for your turn"),
                ))
            }
            Pending::GameOver { .. } => return Err(ApiError::new(StatusCode::CONFLICT, "game_over", "the game is over")),
            Pending::Chance(_) => return Err(ApiError::new(StatusCode::CONFLICT, "dice", "dice are being rolled: try again")),
        }
        let n = self.commit(cell, &mut live, d)?;
        drop(live);
        self.kick_ai(cell);
        Ok(n)
    }

    /// Checks, stores and applies a set-up decision on a locked game; after the last one the
    /// game starts from the table laid. Returns the number of set-up decisions after it.
    fn commit_setup(&self, cell: &GameCell, live: &mut Live, d: SetupDecision) -> Result<u32, ApiError> {
        let Some(phase) = live.in_setup() else {
            return Err(ApiError::new(StatusCode::CONFLICT, "setup_over", "the set-up is over"));
        };
        let ply = phase.decisions().len() as u32;
        let mut next = phase.clone();
        next.apply(d)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", e.to_string()))?;
        let (id, seed) = {
            let row = lock(&cell.row);
            (row.id.clone(), row.seed)
        };
        // The game the finished set-up leads to, before anything is stored.
        let started = match next.game_setup() {
            Some(g) => Some(Played::new(g, seed).map_err(|e| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "illegal_decision",
                    format!("`{d}` finishes a table the engine refuses: {e}"),
                )
            })?),
            None => None,
        };
        self.store
            .append_setup(&id, ply, &d.to_string())
            .map_err(|e| self.after_refusal(cell, live, e))?;
        let done = started.is_some();
        if let Some(p) = started {
            live.played = p;
        }
        live.setup = Some(next);
        {
            let mut row = lock(&cell.row);
            row.updated = unix_now();
            if done {
                let (status, result) = status_of(&live.played);
                row.status = status.to_string();
                row.result = result.map(str::to_string);
            }
        }
        tracing::debug!(game = %id, ply, decision = %d, "set-up decision stored");
        if done {
            tracing::info!(game = %id, "set-up over: the game begins");
        }
        let _ = cell.tx.send(ply + 1);
        Ok(ply + 1)
    }

    /// Checks, stores and applies a decision on a locked game.
    fn commit(&self, cell: &GameCell, live: &mut Live, d: Decision) -> Result<u32, ApiError> {
        let ply = live.played.decisions.len() as u32;
        let mut next = live.played.clone();
        next.apply_in_place(d)
            .map_err(|m| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal_decision", m))?;
        let (status, result) = status_of(&next);
        let id = lock(&cell.row).id.clone();
        self.store
            .append(&id, ply, &d.to_string(), next.game.state_hash(), status, result)
            .map_err(|e| self.after_refusal(cell, live, e))?;
        live.played = next;
        {
            let mut row = lock(&cell.row);
            row.plies = ply + 1;
            row.status = status.to_string();
            row.result = result.map(str::to_string);
            row.updated = unix_now();
        }
        tracing::debug!(game = %id, ply, decision = %d, "decision stored");
        if status == "over" {
            tracing::info!(game = %id, plies = ply + 1, result = ?result, "game over");
        }
        let _ = cell.tx.send(ply + 1);
        Ok(ply + 1)
    }

    /// Starts the AI of the side that must decide, if it is an AI seat and none is running.
    pub fn kick_ai(self: &Arc<Self>, cell: &Arc<GameCell>) {
        if self.stopping.load(Ordering::SeqCst) || cell.corrupt.is_some() || lock(&cell.row).status == "abandoned" {
            return;
        }
        if self.another_server_plays_ai(cell) {
            return;
        }
        let seats = lock(&cell.row).seats.clone();
        {
            let mut live = cell.live();
            let Some(side) = live.to_decide() else {
                return;
            };
            if !seats[side].is_ai() || live.thinking {
                return;
            }
            live.thinking = true;
        }
        let _ = cell.tx.send(u32::MAX);
        let hub = self.clone();
        let cell = cell.clone();
        // One decision at a time on the blocking pool; a search first waits (without holding a
        // thread) for one of the server's search permits ([`AiLimits::max_searches`]).
        self.runtime.spawn(async move {
            loop {
                let permit = if hub.ai_searches_next(&cell, &seats) {
                    match hub.search_permits.clone().acquire_owned().await {
                        Ok(p) => Some(p),
                        Err(_) => break,
                    }
                } else {
                    None
                };
                let (h, c, s) = (hub.clone(), cell.clone(), seats.clone());
                let more = tokio::task::spawn_blocking(move || h.ai_step(&c, &s)).await.unwrap_or(false);
                drop(permit);
                if !more {
                    break;
                }
            }
            let (h, c) = (hub.clone(), cell.clone());
            let _ = tokio::task::spawn_blocking(move || h.release_ai(&c)).await;
        });
    }

    /// Whether the next AI decision of a game is a tree search (it takes a search permit).
    fn ai_searches_next(&self, cell: &GameCell, seats: &BySide<Seat>) -> bool {
        let live = cell.live();
        if live.in_setup().is_some() {
            return false;
        }
        match live.played.game.pending() {
            Pending::Decision { side } => match &seats[side] {
                Seat::Ai(spec) => spec.parse::<PlayerSpec>().is_ok_and(|p| searches(&p)),
                Seat::Human => false,
            },
            _ => false,
        }
    }

    /// Plays one AI decision of a game (a set-up decision or a game decision) through the
    /// same checks and store as a person's. Returns whether the AI must decide again (false
    /// once a person must decide, the game is over, or the server stops).
    fn ai_step(self: &Arc<Self>, cell: &Arc<GameCell>, seats: &BySide<Seat>) -> bool {
        if self.stopping.load(Ordering::SeqCst) || !self.hold_ai(cell) {
            cell.live().thinking = false;
            let _ = cell.tx.send(u32::MAX);
            return false;
        }
        {
            // The AI seat's set-up decisions: its style chooses among the phase's legal
            // decisions at once (no search), through the same checks and store.
            let mut live = cell.live();
            if let Some(phase) = live.in_setup() {
                let side = match phase.to_move() {
                    Some(side) if seats[side].is_ai() => side,
                    _ => {
                        live.thinking = false;
                        drop(live);
                        let _ = cell.tx.send(u32::MAX);
                        return false;
                    }
                };
                let Seat::Ai(spec) = &seats[side] else { return false };
                let ply = phase.decisions().len() as u64;
                let mut rng = GameRng::new(lock(&cell.row).seed ^ ply.rotate_left(40) ^ 0x5e70 ^ side as u64);
                let Some(d) = dust_ai::setup::choose(phase, setup_style(spec), &mut rng) else {
                    live.thinking = false;
                    return false;
                };
                if let Err(e) = self.commit_setup(cell, &mut live, d) {
                    tracing::error!(error = %e, decision = %d, "the AI's set-up decision was not stored");
                    live.thinking = false;
                    return false;
                }
                return true;
            }
        }
        let (game, side, ply, epoch, mut player) = {
            let mut live = cell.live();
            let side = match live.played.game.pending() {
                Pending::Decision { side } if seats[side].is_ai() => side,
                _ => {
                    live.thinking = false;
                    drop(live);
                    let _ = cell.tx.send(u32::MAX);
                    return false;
                }
            };
            let ply = live.played.decisions.len();
            let player = match live.ai[side].take() {
                Some(p) => p,
                None => {
                    let Seat::Ai(spec) = &seats[side] else { return false };
                    let seed = lock(&cell.row).seed ^ (ply as u64).rotate_left(32) ^ side as u64;
                    match spec.parse::<PlayerSpec>() {
                        // A stored spec above today's ceiling runs at the ceiling.
                        Ok(s) => self.ai.clamp(s).build(seed),
                        Err(e) => {
                            tracing::error!(error = %e, "bad AI spec in the database");
                            live.thinking = false;
                            return false;
                        }
                    }
                }
            };
            (live.played.game.clone(), side, ply, live.epoch, player)
        };
        let choice = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let d = player.decide(&game);
            // Its reasons, from the figures it chose by, for a player who asks.
            let words = dust_ai::words::in_words(&game, d, player.explain().as_ref());
            (d, words, player)
        }));
        let mut live = cell.live();
        if live.epoch != epoch {
            // An undo took the position back while the AI thought: decide again there.
            return true;
        }
        let mut words = None;
        let d = match choice {
            Ok((d, w, p)) => {
                live.ai[side] = Some(p);
                words = Some(w);
                d
            }
            Err(_) => {
                // An AI fault must not stop the game: fall back to the first legal decision.
                tracing::error!(ply, "the AI panicked; playing the first legal decision");
                match game.legal_decisions().first() {
                    Some(&d) => d,
                    None => {
                        live.thinking = false;
                        return false;
                    }
                }
            }
        };
        if self.stopping.load(Ordering::SeqCst) {
            // The server stops (and may already have handed the database on): a decision
            // thought out now is never stored.
            live.thinking = false;
            return false;
        }
        if live.played.decisions.len() != ply {
            return true;
        }
        if let Err(e) = self.commit(cell, &mut live, d) {
            tracing::error!(error = %e, decision = %d, "the AI's decision was not stored");
            live.thinking = false;
            return false;
        }
        if let Some(text) = words {
            live.ai_words.push(AiWords { ply, side, text });
            let extra = live.ai_words.len().saturating_sub(AI_WORDS_KEPT);
            live.ai_words.drain(..extra);
        }
        true
    }

    /// The game's record in the project's format (docs/record-format.md).
    pub fn record(&self, cell: &GameCell) -> Record {
        let row = cell.row();
        let live = cell.live();
        let scenario = match &row.scenario_text {
            Some(t) => ScenarioRef::Embedded(t.clone()),
            None => ScenarioRef::Builtin(row.scenario.clone()),
        };
        let mut r = Record::new(scenario, row.seed);
        r.edition = live.played.game.edition();
        r.players = BySide {
            a: Some(row.seats.a.to_text()),
            b: Some(row.seats.b.to_text()),
        };
        r.setup = row.setup_seed.map(|seed| PlayersSetup {
            seed,
            decisions: live.setup.as_ref().map(SetupPhase::decisions).unwrap_or_default(),
        });
        r.decisions = live.played.decisions.clone();
        r.final_hash = live.in_setup().is_none().then(|| live.played.game.state_hash());
        r
    }

    /// The most recent games.
    ///
    /// # Errors
    /// The database.
    pub fn recent(&self, limit: u32) -> Result<Vec<GameRow>, ApiError> {
        Ok(self.store.recent(limit)?)
    }
}
