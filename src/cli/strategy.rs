//! `dust1947 strategy …`: the Dust strategy board game (Premium version): exact battle odds,
//! AI-against-AI games, play in the terminal, replays, and checking map and deck files.

use anyhow::{bail, Context as _};
use clap::{Args as ClapArgs, Subcommand};
use dust_strategy::ai::{make, AiKind, Player};
use dust_strategy::game::{BattleKind, CountPurpose, Decision, Event, Game, GameConfig, Owner, Pending, PlayerId};
use dust_strategy::map::areas_of;
use dust_strategy::odds::{battle_odds, BattleType, OddsQuery};
use dust_strategy::record::{play, GameRecord};
use dust_strategy::units::UnitKind;
use dust_strategy::{parse_deck, parse_map, Deck, GameRng, Units, WorldMap};
use dust_strategy::{Ability, AreaId};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

/// The strategy game's subcommands.
#[derive(ClapArgs, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: StrategyCommand,
}

/// What to do.
#[derive(Subcommand, Debug)]
pub enum StrategyCommand {
    /// Exact battle odds (a Markov chain, not a simulation).
    Odds(OddsArgs),
    /// AI against AI: win rates by seat.
    Sim(SimArgs),
    /// Play in the terminal: any mix of humans and AIs.
    Play(PlayArgs),
    /// Replay a game record and check its final state.
    Replay(ReplayArgs),
    /// Check a map and/or deck file (every problem as FILE:LINE:COL).
    Check(FilesArgs),
}

/// Map and deck files.
#[derive(ClapArgs, Debug, Clone, Default)]
pub struct FilesArgs {
    /// A world map file instead of the shipped data/strategy/world.toml.
    #[arg(long, value_name = "FILE")]
    pub map: Option<PathBuf>,
    /// A deck file instead of the shipped data/strategy/deck.toml.
    #[arg(long, value_name = "FILE")]
    pub deck: Option<PathBuf>,
}

/// `strategy odds`.
#[derive(ClapArgs, Debug)]
pub struct OddsArgs {
    /// The attacking units, e.g. `3t1m2f1b` (tanks, mechs, fighters, bombers; `s` submarines).
    #[arg(long, value_name = "ARMY")]
    pub attacker: String,
    /// The defending units.
    #[arg(long, value_name = "ARMY")]
    pub defender: String,
    /// A sea battle (submarines).
    #[arg(long, conflicts_with = "amphibious")]
    pub sea: bool,
    /// An amphibious battle (no retreat; a cease-fire destroys the attacker).
    #[arg(long)]
    pub amphibious: bool,
    /// The target is a capital (5 bonus dice, defender's tactical supremacy).
    #[arg(long)]
    pub capital: bool,
    /// The target has a production center (3 bonus dice).
    #[arg(long)]
    pub production_center: bool,
    /// The attacker retreats when he has at most N units left (half of them, rounded up,
    /// before each of his rolls).
    #[arg(long, value_name = "N")]
    pub retreat_at: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `strategy sim`.
#[derive(ClapArgs, Debug)]
pub struct SimArgs {
    /// Players (2 to 6).
    #[arg(long, default_value_t = 4)]
    pub players: u8,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Seed of the first game (game i uses seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The AI of each seat, comma-separated (random, heuristic, search, mcts, mcts:N, mcts:Nms);
    /// one name for all.
    #[arg(long, default_value = "heuristic")]
    pub ai: String,
    /// Round limit (the game ends after it).
    #[arg(long, default_value_t = 40)]
    pub round_limit: u16,
    /// Print JSON (no progress bar).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub files: FilesArgs,
}

/// `strategy play`.
#[derive(ClapArgs, Debug)]
pub struct PlayArgs {
    /// Players (2 to 6).
    #[arg(long, default_value_t = 3)]
    pub players: u8,
    /// Who plays each seat, comma-separated: human, random, heuristic, search, mcts. Default: a
    /// human in the first seat, heuristic AIs in the others.
    #[arg(long)]
    pub seats: Option<String>,
    /// Seed of the dice and cards (and of the AIs). Default: from the clock (printed at the
    /// start and written to the record), so every game is new.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write the game record to this file at the end (or on quitting).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Round limit.
    #[arg(long, default_value_t = 40)]
    pub round_limit: u16,
    #[command(flatten)]
    pub files: FilesArgs,
}

/// `strategy replay`.
#[derive(ClapArgs, Debug)]
pub struct ReplayArgs {
    /// The record file.
    pub file: PathBuf,
    /// Print every event, not only the round summaries.
    #[arg(long)]
    pub events: bool,
    /// Let the record name a map or deck file that lies beside it (in the record's folder, by
    /// its bare file name). Without it a record names only the shipped map and deck.
    #[arg(long)]
    pub files_beside: bool,
}

/// Runs a strategy subcommand on the standard streams.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let stdout = std::io::stdout();
    let stdin = std::io::stdin();
    let mut out = stdout.lock();
    let mut input = stdin.lock();
    run_to(args, &mut out, &mut input)
}

/// Runs a strategy subcommand with the given output and input (tests use buffers).
pub fn run_to(args: &Args, out: &mut dyn Write, input: &mut dyn BufRead) -> anyhow::Result<ExitCode> {
    match &args.command {
        StrategyCommand::Odds(a) => odds(a, out),
        StrategyCommand::Sim(a) => sim(a, out),
        StrategyCommand::Play(a) => play_cmd(a, out, input),
        StrategyCommand::Replay(a) => replay(a, out),
        StrategyCommand::Check(a) => check(a, out),
    }
}

fn load(files: &FilesArgs) -> anyhow::Result<(Arc<WorldMap>, Arc<Deck>)> {
    let map = match &files.map {
        Some(p) => {
            let text = read_bounded(p, MAX_DATA_FILE).with_context(|| format!("cannot read the map file {}", p.display()))?;
            parse_map(&text, &p.display().to_string())?
        }
        None => WorldMap::builtin(),
    };
    let deck = match &files.deck {
        Some(p) => {
            let text = read_bounded(p, MAX_DATA_FILE).with_context(|| format!("cannot read the deck file {}", p.display()))?;
            parse_deck(&text, &p.display().to_string())?
        }
        None => Deck::builtin(),
    };
    Ok((Arc::new(map), Arc::new(deck)))
}

/// A file's bare name, as a record names it.
fn bare_name(p: &Path) -> String {
    p.file_name()
        .map_or_else(|| p.display().to_string(), |f| f.to_string_lossy().into_owned())
}

/// The largest map or deck file read (the shipped ones are a few KiB).
const MAX_DATA_FILE: u64 = 1 << 20;
/// The largest record read.
const MAX_RECORD: u64 = 16 << 20;

/// A text file of at most `limit` bytes: a bigger one (or an endless one, `/dev/zero`) is
/// refused after `limit` bytes, never read whole.
fn read_bounded(path: &Path, limit: u64) -> anyhow::Result<String> {
    use std::io::Read as _;
    let f = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    f.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        anyhow::bail!("larger than {limit} bytes: not a file of this program");
    }
    Ok(String::from_utf8(bytes)?)
}

/// The map or deck file a record names (`kind`: `map` or `deck`; `shipped`: the shipped
/// file's name): `None` for the shipped one (`builtin`, or its file name); else, only with
/// `--files-beside`, a regular file in the record's folder `base` named by its bare file name
/// (no folder, no `..`, no link, no device or fifo). A record is data from anyone: it never
/// makes the program open another path (issue 16, item 8).
fn record_file(kind: &str, shipped: &str, named: Option<&str>, base: &Path, beside: bool) -> anyhow::Result<Option<PathBuf>> {
    let Some(name) = named.map(str::trim) else { return Ok(None) };
    if name == "builtin" || name == shipped || name == format!("{shipped}.toml") || name == format!("data/strategy/{shipped}.toml") {
        return Ok(None);
    }
    let bare = Path::new(name).file_name().is_some_and(|f| f == std::ffi::OsStr::new(name)) && name != "." && name != "..";
    if !bare {
        anyhow::bail!(
            "the record names the {kind} `{name}`: a record may name the shipped {kind} (`builtin`) or, with --files-beside, a file beside it by its bare file name, never a path"
        );
    }
    if !beside {
        anyhow::bail!(
            "the record names the {kind} file `{name}`: to read a file beside the record, give --files-beside (a record never opens a file by itself)"
        );
    }
    let path = base.join(name);
    let meta =
        std::fs::symlink_metadata(&path).with_context(|| format!("cannot read the {kind} file {} beside the record", path.display()))?;
    if !meta.file_type().is_file() {
        anyhow::bail!(
            "the {kind} file {} beside the record is not a regular file (a link, a folder, a device or a fifo): refused",
            path.display()
        );
    }
    if meta.len() > MAX_DATA_FILE {
        anyhow::bail!("the {kind} file {} is larger than {MAX_DATA_FILE} bytes: refused", path.display());
    }
    Ok(Some(path))
}

fn army(s: &str, side: &str) -> anyhow::Result<Units> {
    match Units::parse(s) {
        Some(u) if !u.is_empty() => Ok(u),
        _ => bail!("`{s}` is not an army for the {side}: write counts and letters, e.g. 3t1m2f1b (t tanks, m mechs, f fighters, b bombers, s submarines)"),
    }
}

fn odds(a: &OddsArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let kind = if a.sea {
        BattleType::Sea
    } else if a.amphibious {
        BattleType::Amphibious
    } else {
        BattleType::Land
    };
    let q = OddsQuery {
        kind,
        attacker: army(&a.attacker, "attacker")?,
        defender: army(&a.defender, "defender")?,
        capital: a.capital,
        production_center: a.production_center,
        attacker_retreat_at: a.retreat_at,
    };
    let o = battle_odds(&q)?;
    if a.json {
        let v = serde_json::json!({
            "kind": format!("{kind:?}").to_lowercase(),
            "attacker": q.attacker.to_string(),
            "defender": q.defender.to_string(),
            "capital": a.capital,
            "production_center": a.production_center,
            "retreat_at": a.retreat_at,
            "attacker_wins": o.attacker_wins,
            "defender_holds": o.defender_holds,
            "attacker_destroyed": o.attacker_destroyed,
            "attacker_retreated": o.attacker_retreated,
            "mutual_destruction": o.mutual_destruction,
            "expected_attacker_survivors": o.attacker_survivors,
            "expected_defender_survivors": o.defender_survivors,
            "casualty_policy": "the roller destroys the allowed unit with the most dice, the costlier on a tie; the defender never retreats",
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{:?} battle: {} attacks {}{}{}",
        kind,
        q.attacker,
        q.defender,
        if a.capital { " (capital)" } else { "" },
        if a.production_center && !a.capital {
            " (production center)"
        } else {
            ""
        }
    )?;
    writeln!(out, "attacker wins (all defenders destroyed): {:>7.3}%", 100.0 * o.attacker_wins)?;
    writeln!(out, "defender holds:                          {:>7.3}%", 100.0 * o.defender_holds)?;
    writeln!(
        out,
        "  attacker destroyed:                    {:>7.3}%",
        100.0 * o.attacker_destroyed
    )?;
    writeln!(
        out,
        "  attacker retreated or cease-fire:      {:>7.3}%",
        100.0 * o.attacker_retreated
    )?;
    if kind == BattleType::Sea {
        writeln!(
            out,
            "both sides destroyed:                    {:>7.3}%",
            100.0 * o.mutual_destruction
        )?;
    }
    writeln!(
        out,
        "expected survivors: attacker {:.3}, defender {:.3}",
        o.attacker_survivors, o.defender_survivors
    )?;
    writeln!(
        out,
        "policy: casualties with the most dice first (costlier on a tie); the defender never retreats{}",
        a.retreat_at
            .map(|n| format!("; the attacker retreats at {n} units or fewer"))
            .unwrap_or_default()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn parse_ais(s: &str, players: u8) -> anyhow::Result<Vec<AiKind>> {
    let names: Vec<&str> = s.split(',').map(str::trim).collect();
    let kinds: Vec<AiKind> = names
        .iter()
        .map(|n| {
            AiKind::parse(n)
                .with_context(|| format!("unknown AI `{n}`: use random, heuristic, search, mcts, mcts:N (iterations) or mcts:Nms"))
        })
        .collect::<Result<_, _>>()?;
    match kinds.len() {
        1 => Ok(vec![kinds[0]; usize::from(players)]),
        n if n == usize::from(players) => Ok(kinds),
        n => bail!("{n} AIs for {players} seats: give one name, or one per seat"),
    }
}

fn sim(a: &SimArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (map, deck) = load(&a.files)?;
    let kinds = parse_ais(&a.ai, a.players)?;
    let config = GameConfig {
        players: a.players,
        round_limit: a.round_limit,
    };
    Game::new(Arc::clone(&map), Arc::clone(&deck), config)?;
    let n = usize::from(a.players);
    let mut wins = vec![0.0f64; n];
    let mut no_winner = 0u32;
    let mut rounds = 0u64;
    let bar = !a.json;
    let start = std::time::Instant::now();
    for i in 0..a.games {
        let seed = a.seed.wrapping_add(u64::from(i));
        let mut players: Vec<Box<dyn Player + Send>> = kinds
            .iter()
            .enumerate()
            .map(|(s, &k)| make(k, seed.wrapping_mul(31).wrapping_add(s as u64 + 1)))
            .collect();
        let game = Game::new(Arc::clone(&map), Arc::clone(&deck), config)?;
        let (g, _) = play(game, &mut players, seed, usize::MAX, |g| {
            g.take_events();
        });
        rounds += u64::from(g.round());
        if g.winners().is_empty() {
            no_winner += 1;
        }
        for w in g.winners() {
            wins[w.index()] += 1.0 / g.winners().len() as f64;
        }
        if bar {
            let done = i + 1;
            let width = 30;
            let filled = (done as usize * width) / a.games.max(1) as usize;
            eprint!("\r[{}{}] {done}/{} games", "#".repeat(filled), " ".repeat(width - filled), a.games);
        }
    }
    if bar {
        eprintln!();
    }
    let games = f64::from(a.games.max(1));
    if a.json {
        let v = serde_json::json!({
            "games": a.games,
            "players": a.players,
            "seed": a.seed,
            "ai": kinds.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "wins": wins,
            "win_rate": wins.iter().map(|w| w / games).collect::<Vec<_>>(),
            "no_winner": no_winner,
            "average_rounds": rounds as f64 / games,
            "seconds": start.elapsed().as_secs_f64(),
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else {
        writeln!(
            out,
            "{} games, {} players, average {:.1} rounds, {:.2}s",
            a.games,
            a.players,
            rounds as f64 / games,
            start.elapsed().as_secs_f64()
        )?;
        for (s, w) in wins.iter().enumerate() {
            writeln!(out, "seat {} ({}): {:.1} wins, {:.1}%", s + 1, kinds[s], w, 100.0 * w / games)?;
        }
        if no_winner > 0 {
            writeln!(out, "no winner (round limit): {no_winner}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn area_name(g: &Game, a: dust_strategy::AreaId) -> String {
    g.map().area(a).name.clone()
}

fn owner_name(o: Owner) -> String {
    dust_strategy::text::owner_name(o)
}

fn describe_event(g: &Game, e: &Event, viewer: Option<PlayerId>) -> Option<String> {
    Some(dust_strategy::text::describe_event(g, e, viewer))
}

fn board_text(g: &Game) -> String {
    let mut s = String::new();
    for p in 0..g.players() as u8 {
        let id = PlayerId(p);
        let h = g.holdings(id);
        s += &format!(
            "{id}: {} VP, {} capital(s), {} power source(s), {} production center(s), {} land, {} sea, {} card(s) in hand\n",
            g.player(id).vp(),
            h.capitals,
            h.power_sources,
            h.production_centers,
            h.land,
            h.sea,
            g.player(id).hand_size()
        );
    }
    for a in g.map().ids() {
        let st = g.area(a);
        if let Some(o) = st.owner {
            let info = g.map().area(a);
            s += &format!(
                "  {:<18} {:<8} {:<10}{}{}{}\n",
                info.name,
                owner_name(o),
                st.units.to_string(),
                if info.capital { " capital" } else { "" },
                if info.power_source { " power-source" } else { "" },
                if st.pc { " production-center" } else { "" }
            );
        }
    }
    s
}

/// The areas as last drawn, and (round, player, producing) then.
pub type ShownMap = (Vec<dust_strategy::game::AreaState>, (u16, Option<PlayerId>, bool));

enum Seat {
    Human,
    Ai(Box<dyn Player + Send>),
}

/// A seed from the clock (as `dust1947 play` does).
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1947, |d| d.as_nanos() as u64)
}

fn play_cmd(a: &PlayArgs, out: &mut dyn Write, input: &mut dyn BufRead) -> anyhow::Result<ExitCode> {
    let seed = a.seed.unwrap_or_else(clock_seed);
    let (map, deck) = load(&a.files)?;
    let n = usize::from(a.players);
    let spec = a.seats.clone().unwrap_or_else(|| {
        let mut v = vec!["human"];
        v.extend(std::iter::repeat_n("heuristic", n.saturating_sub(1)));
        v.join(",")
    });
    let names: Vec<&str> = spec.split(',').map(str::trim).collect();
    if names.len() != n {
        bail!(
            "{} seats given for {n} players: list one of human, random, heuristic, search per seat",
            names.len()
        );
    }
    let mut seats: Vec<Seat> = Vec::new();
    for (i, nm) in names.iter().enumerate() {
        seats.push(if *nm == "human" {
            Seat::Human
        } else {
            let k = AiKind::parse(nm).with_context(|| format!("unknown seat `{nm}`: use human, random, heuristic, search or mcts"))?;
            Seat::Ai(make(k, seed.wrapping_mul(31).wrapping_add(i as u64 + 1)))
        });
    }
    let humans: Vec<PlayerId> = (0..n)
        .filter(|&i| matches!(seats[i], Seat::Human))
        .map(|i| PlayerId(i as u8))
        .collect();
    let solo = if humans.len() == 1 { Some(humans[0]) } else { None };
    let config = GameConfig {
        players: a.players,
        round_limit: a.round_limit,
    };
    let mut game = Game::new(map, deck, config)?;
    let mut rng = GameRng::new(seed);
    let mut decisions: Vec<Decision> = Vec::new();
    writeln!(
        out,
        "Dust strategy game (Premium), {n} players: {}; seed {seed} (`--seed {seed}` plays it again). Type a number to choose, `help` for the commands.",
        names
            .iter()
            .enumerate()
            .map(|(i, s)| format!("P{} {s}", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let mut quit = false;
    // The areas as last drawn: the map is drawn again before a human's decision when they
    // changed (not before the small follow-up questions).
    let mut shown_map: Option<ShownMap> = None;
    while !quit {
        for e in game.take_events() {
            if let Some(s) = describe_event(&game, &e, solo) {
                writeln!(out, "{s}")?;
            }
        }
        match game.pending() {
            Pending::GameOver => break,
            Pending::Chance(_) => {
                game.resolve_chance(&mut rng);
            }
            Pending::Decision(p) => {
                let d = match &mut seats[p.index()] {
                    Seat::Ai(ai) => ai.choose(&game, p),
                    Seat::Human => match ask_human(&game, p, humans.len() > 1, &mut shown_map, out, input)? {
                        Some(v) => {
                            // A decision and the numbers that go with it, confirmed together.
                            for d in v {
                                game.apply(d)?;
                                decisions.push(d);
                            }
                            continue;
                        }
                        None => {
                            quit = true;
                            continue;
                        }
                    },
                };
                game.apply(d)?;
                decisions.push(d);
            }
        }
    }
    if let Some(path) = &a.record {
        let rec = GameRecord {
            config,
            seed,
            // By bare file name: replayed with the file beside the record (--files-beside).
            map: a.files.map.as_ref().map(|p| bare_name(p)),
            deck: a.files.deck.as_ref().map(|p| bare_name(p)),
            decisions,
            hash: game.state_hash(),
        };
        std::fs::write(path, rec.to_text()).with_context(|| format!("cannot write the record {}", path.display()))?;
        writeln!(out, "record written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Asks a person for his next decision (with the numbers it asks next, confirmed: see
/// [`plan`]): `None` when he quits or the input ends.
///
/// # Errors
/// Writing or reading the terminal.
pub fn ask_human(
    g: &Game,
    p: PlayerId,
    hot_seat: bool,
    shown_map: &mut Option<ShownMap>,
    out: &mut dyn Write,
    input: &mut dyn BufRead,
) -> anyhow::Result<Option<Vec<Decision>>> {
    let legal = g.legal_decisions();
    let follow_up = legal.iter().all(|d| {
        matches!(
            d,
            Decision::Count(_) | Decision::HitLand(_) | Decision::RetreatTo(_) | Decision::Destroy(_)
        )
    });
    // In production, only at its start (the log lists each unit bought).
    let producing = legal.contains(&Decision::EndProduction);
    let key = (g.round(), g.current_player(), producing);
    let changed = shown_map
        .as_ref()
        .is_none_or(|(areas, k)| areas.as_slice() != g.areas() && (!producing || *k != key));
    if !follow_up && changed {
        let d = dust_strategy::layout::map_drawing(g);
        write!(
            out,
            "\n{}(`map`: the legend and the borders not drawn; `neighbours AREA`: its borders)\n",
            d.grid
        )?;
        *shown_map = Some((g.areas().to_vec(), key));
    }
    let secret = legal.iter().any(|d| matches!(d, Decision::ChooseCard(_)));
    if secret && hot_seat {
        writeln!(out, "\n{p}: your secret card choice (the others look away).")?;
    }
    writeln!(
        out,
        "\n{p} to decide (round {}, {} VP){}",
        g.round(),
        g.player(p).vp(),
        match g.current_player() {
            Some(c) if c == p && (g.round() > 0 || legal.contains(&Decision::EndProduction)) => status_text(g, &legal),
            _ => String::new(),
        }
    )?;
    let hand = g.hand(p);
    if !hand.is_empty() {
        writeln!(
            out,
            "your hand: {}",
            hand.iter()
                .map(|&c| format!("#{} {}", c.0, g.card(c)))
                .collect::<Vec<_>>()
                .join("; ")
        )?;
    }
    if let Some((att, def, to, au, du)) = g.battle_view() {
        writeln!(
            out,
            "battle for {}: {att} with {au} against {} with {du}",
            area_name(g, to),
            owner_name(def)
        )?;
        if let (Some((kind, _)), true) = (g.battle_kind(), g.casualty_question().is_none()) {
            if let Some(o) = odds_text(g, kind, au, du, to) {
                writeln!(out, "odds from here (as if the battle began now): {o}")?;
            }
        }
    }
    if let Some(CountPurpose::Attack { from, to }) = g.count_purpose() {
        if let Some((_, _, o)) = dust_strategy::odds::attack_odds(g, from, to) {
            writeln!(
                out,
                "attacking {} from {}: with all your units there, {}",
                area_name(g, to),
                area_name(g, from),
                dust_strategy::odds::odds_words(&o)
            )?;
        }
    }
    if g.current_player() == Some(p) && legal.contains(&Decision::EndTurn) && g.moves_and_attacks_left().1 > 0 {
        for line in missing_attacks(g, p, &legal) {
            writeln!(out, "{line}")?;
        }
    }
    if let Some(CountPurpose::Move { from, to, .. }) = g.count_purpose() {
        writeln!(out, "moving from {} to {}", area_name(g, from), area_name(g, to))?;
    }
    let mut menu = Menu::default();
    let mut shown = true;
    loop {
        let entries = menu.entries(g, &legal);
        if shown {
            if let Some(title) = menu.title(g, &legal) {
                let back = if menu.can_go_back() {
                    " (0 or `back`: the previous list)"
                } else {
                    ""
                };
                writeln!(out, "{title}{back}")?;
            }
            for (i, e) in entries.iter().enumerate() {
                writeln!(out, "  {:>3}. {}", i + 1, e.label)?;
            }
        }
        shown = false;
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let t = line.trim();
        let (word, rest) = t.split_once(' ').map_or((t, ""), |(w, r)| (w, r.trim()));
        match word {
            "quit" | "q" => return Ok(None),
            "board" | "b" => write!(out, "{}", board_text(g))?,
            "map" | "m" => write!(out, "{}", dust_strategy::layout::ascii_map(g))?,
            "neighbours" | "neighbors" | "n" => write!(out, "{}", neighbours_text(g, rest))?,
            "help" | "h" | "?" => write!(out, "{}", help_text(g, rest))?,
            "back" | "0" if menu.can_go_back() => {
                menu.back();
                shown = true;
            }
            _ => match t.parse::<usize>() {
                Ok(k) if (1..=entries.len()).contains(&k) => match &entries[k - 1].pick {
                    Pick::Decision(d) => match plan(g, p, *d, out, input)? {
                        Plan::Go(v) => return Ok(Some(v)),
                        Plan::Back => shown = true,
                        Plan::Quit => return Ok(None),
                    },
                    p => {
                        menu.picked.push(p.clone());
                        shown = true;
                    }
                },
                _ => writeln!(
                    out,
                    "type a number from 1 to {}, or `help` for the commands (`map`, `board`, `neighbours AREA`, `help NAME`, `quit`)",
                    entries.len()
                )?,
            },
        }
    }
}

/// What a person made of a decision that asks numbers next.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// These decisions, in order: the one chosen and its numbers, confirmed.
    Go(Vec<Decision>),
    /// Back to the list of decisions; nothing was spent.
    Back,
    /// He quits (or the input ended).
    Quit,
}

/// A decision that asks numbers next (a move, an attack, a mech drop, a retreat: which units,
/// how many), asked in steps on a copy of the game ([`dust_strategy::text::plan_step`]) and
/// taken only once confirmed: what, from where, to where (the menu), how many of each kind,
/// then a summary with what it spends (and the odds of an attack) to confirm. `back` at each
/// step goes back one; before the confirmation nothing is spent (issue 17: "today the
/// movement point is spent before the units are chosen"). A decision that asks nothing next
/// is taken at once.
///
/// # Errors
/// Writing or reading the terminal; the engine refusing a decision it offered (a bug).
pub fn plan(g: &Game, p: PlayerId, first: Decision, out: &mut dyn Write, input: &mut dyn BufRead) -> anyhow::Result<Plan> {
    use dust_strategy::text::{plan_step, PlanStep};
    let mut counts: Vec<u8> = Vec::new();
    loop {
        let Some(step) = plan_step(g, p, first, &counts)? else {
            return Ok(Plan::Go(vec![first]));
        };
        let back_to = if counts.is_empty() {
            "the list, nothing spent"
        } else {
            "the number before"
        };
        // The question, then the answer: `back` and `quit` the same at every step.
        let (question, hint) = match &step {
            PlanStep::Count { what, about, lo, hi } => (
                format!("{what}: how many {about} ({lo} to {hi})? (`back`: {back_to})"),
                format!("type a number from {lo} to {hi}, or `back`"),
            ),
            PlanStep::Done { what, spends, odds } => (
                format!(
                    "{what}{}{}\n  `y`: do it  ·  `back`: {back_to}  ·  `cancel`: the list, nothing spent",
                    spends.as_ref().map(|s| format!("; {s}")).unwrap_or_default(),
                    odds.as_ref().map(|o| format!("\n  odds: {o}")).unwrap_or_default()
                ),
                "type `y` to do it, `back` or `cancel`".to_string(),
            ),
        };
        write!(out, "{question}\n> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Plan::Quit);
        }
        match (line.trim(), &step) {
            ("back", _) => {
                if counts.pop().is_none() {
                    return Ok(Plan::Back);
                }
            }
            ("quit" | "q", _) => return Ok(Plan::Quit),
            ("y" | "yes" | "1" | "ok", PlanStep::Done { .. }) => {
                let mut v = vec![first];
                v.extend(counts.iter().map(|&n| Decision::Count(n)));
                return Ok(Plan::Go(v));
            }
            ("cancel" | "no" | "n", PlanStep::Done { .. }) => return Ok(Plan::Back),
            (t, PlanStep::Count { lo, hi, .. }) if t.parse::<u8>().is_ok_and(|n| (*lo..=*hi).contains(&n)) => {
                counts.push(t.parse()?);
            }
            _ => writeln!(out, "{hint}")?,
        }
    }
}

/// Above this many decisions the choices are asked in steps: what, then from where, then
/// which (each step a short list, with a way back before anything is chosen).
pub const FLAT_MENU_MAX: usize = 20;

/// What a menu line leads to.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// This decision.
    Decision(Decision),
    /// The list of one kind of decision.
    Category(String),
    /// The decisions of the chosen kind from one area (`None`: not tied to an area).
    From(Option<AreaId>),
}

/// One line of a menu.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// What it says.
    pub label: String,
    /// What choosing it does.
    pub pick: Pick,
}

/// Where a person is in the stepwise menu: the kind and the area he chose, in order.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    /// His choices of kind and area so far (a step with one line is taken for him and not
    /// kept here).
    pub picked: Vec<Pick>,
}

/// The kind of a decision and the area it starts from, for the stepwise menu.
pub fn menu_key(g: &Game, d: Decision) -> (String, Option<AreaId>) {
    match d {
        Decision::Move { mode, from, .. } => (
            match mode {
                dust_strategy::game::MoveMode::Land => "move over land",
                dust_strategy::game::MoveMode::Amphibious => "move across the sea (amphibious)",
                dust_strategy::game::MoveMode::Sea => "move submarines",
                dust_strategy::game::MoveMode::Bomber => "move bombers (strategic)",
            }
            .into(),
            Some(from),
        ),
        Decision::Attack { from, .. } => ("attack".into(), Some(from)),
        Decision::BomberStrike { from, .. } => ("bomber strike on submarines".into(), Some(from)),
        Decision::SubmarineStrike { from, .. } => ("submarine strike on a land area".into(), Some(from)),
        Decision::Buy { pc, .. } => ("buy units".into(), Some(pc)),
        Decision::BuyNeutral { capital, .. } => ("buy neutral units".into(), Some(capital)),
        Decision::BuyProductionCenter(_) => ("buy a production center (6)".into(), None),
        Decision::Discard(_) => ("discard a card".into(), None),
        Decision::BuyCards(_) => ("buy cards".into(), None),
        Decision::Diplomat(_) => ("use Diplomat: choose an ally".into(), None),
        Decision::MechBuilder(_) => ("use Mech Builder: a free mech".into(), None),
        Decision::Missile(_) => ("use Ballistic Missiles".into(), None),
        Decision::MechDrop(_) => ("use Mech Dropper".into(), None),
        Decision::ClaimArea(_) => ("claim a land area".into(), None),
        Decision::ClaimCapital(_) => ("claim a capital".into(), None),
        Decision::PlaceProductionCenter(_) => ("place a production center".into(), None),
        Decision::ChooseCard(_) => ("choose a card".into(), None),
        other => (g.describe(other), None),
    }
}

impl Menu {
    /// Back one step.
    pub fn back(&mut self) {
        self.picked.pop();
    }

    /// Whether there is a step to go back to.
    pub fn can_go_back(&self) -> bool {
        !self.picked.is_empty()
    }

    /// The kind and area of the current step: chosen, or the only one.
    fn place(&self, g: &Game, legal: &[Decision]) -> (Option<String>, Option<Option<AreaId>>) {
        let keys: Vec<(String, Option<AreaId>)> = legal.iter().map(|&d| menu_key(g, d)).collect();
        let mut category = self.picked.iter().find_map(|p| match p {
            Pick::Category(c) => Some(c.clone()),
            _ => None,
        });
        if category.is_none() && keys.iter().all(|k| k.0 == keys[0].0) {
            category = keys.first().map(|k| k.0.clone());
        }
        let mut from = self.picked.iter().find_map(|p| match p {
            Pick::From(f) => Some(*f),
            _ => None,
        });
        if let (Some(c), None) = (&category, from) {
            let mut fs = keys.iter().filter(|k| k.0 == *c).map(|k| k.1);
            let first = fs.next();
            if first.is_some() && fs.all(|f| Some(f) == first) {
                from = first;
            }
        }
        (category, from)
    }

    /// The heading of the current step, if below the first.
    pub fn title(&self, g: &Game, legal: &[Decision]) -> Option<String> {
        if legal.len() <= FLAT_MENU_MAX {
            return None;
        }
        let (c, from) = self.place(g, legal);
        let c = c?;
        Some(match from {
            Some(Some(a)) => format!("{c}, from {}:", area_name(g, a)),
            _ => format!("{c}:"),
        })
    }

    /// The lines of the current step: every decision when there are few; else the kinds, then
    /// the areas they start from, then the decisions. A step with one line is skipped.
    pub fn entries(&self, g: &Game, legal: &[Decision]) -> Vec<Entry> {
        let leaf = |d: Decision| Entry {
            label: decision_label(g, d),
            pick: Pick::Decision(d),
        };
        if legal.len() <= FLAT_MENU_MAX {
            return legal.iter().map(|&d| leaf(d)).collect();
        }
        let keys: Vec<(String, Option<AreaId>)> = legal.iter().map(|&d| menu_key(g, d)).collect();
        let (category, from) = self.place(g, legal);
        let Some(cat) = category else {
            let mut cats: Vec<(String, Vec<Decision>)> = Vec::new();
            for (k, &d) in keys.iter().zip(legal) {
                match cats.iter_mut().find(|(c, _)| *c == k.0) {
                    Some((_, v)) => v.push(d),
                    None => cats.push((k.0.clone(), vec![d])),
                }
            }
            return cats
                .into_iter()
                .map(|(c, v)| {
                    if v.len() == 1 {
                        leaf(v[0])
                    } else {
                        Entry {
                            label: format!("{c}… ({} choices)", v.len()),
                            pick: Pick::Category(c),
                        }
                    }
                })
                .collect();
        };
        let in_cat: Vec<(Option<AreaId>, Decision)> = keys.iter().zip(legal).filter(|(k, _)| k.0 == cat).map(|(k, &d)| (k.1, d)).collect();
        if let Some(f) = from {
            return in_cat.iter().filter(|(x, _)| *x == f).map(|&(_, d)| leaf(d)).collect();
        }
        let mut froms: Vec<(Option<AreaId>, Vec<Decision>)> = Vec::new();
        for &(f, d) in &in_cat {
            match froms.iter_mut().find(|(x, _)| *x == f) {
                Some((_, v)) => v.push(d),
                None => froms.push((f, vec![d])),
            }
        }
        froms
            .into_iter()
            .map(|(f, v)| {
                if v.len() == 1 {
                    leaf(v[0])
                } else {
                    Entry {
                        label: format!(
                            "from {}… ({} choices)",
                            f.map_or_else(|| "anywhere".to_string(), |a| area_name(g, a)),
                            v.len()
                        ),
                        pick: Pick::From(f),
                    }
                }
            })
            .collect()
    }
}

/// What is left of the player's turn, as far as it still counts: production points while he
/// buys, then movement and combat points, then combat points only once combat has begun.
pub fn status_text(g: &Game, legal: &[Decision]) -> String {
    let (m, c) = g.moves_and_attacks_left();
    if legal.contains(&Decision::EndProduction) {
        let what = if g.round() == 0 { "reinforcement" } else { "production" };
        format!(
            ", {} {what} point{} left",
            g.points_left(),
            if g.points_left() == 1 { "" } else { "s" }
        )
    } else if g.combat_started() {
        format!(
            ", combat: {c} combat point{} left (movement is over)",
            if c == 1 { "" } else { "s" }
        )
    } else {
        format!(
            ", {m} movement point{} and {c} combat point{} left",
            if m == 1 { "" } else { "s" },
            if c == 1 { "" } else { "s" }
        )
    }
}

/// A decision in words; an attack with the exact odds of attacking with every unit that
/// could join it.
pub fn decision_label(g: &Game, d: Decision) -> String {
    let odds = match d {
        Decision::Attack { from, to } => dust_strategy::odds::attack_odds(g, from, to)
            .map(|(_, att, o)| format!(" [all {att}: {}]", dust_strategy::odds::odds_words(&o))),
        _ => None,
    };
    format!("{}{}", g.describe(d), odds.unwrap_or_default())
}

/// An area by name: exact, else ignoring case, else the one area whose name starts so.
fn find_area(g: &Game, name: &str) -> Option<AreaId> {
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    if let Some(a) = g.map().find(name) {
        return Some(a);
    }
    let low = name.to_lowercase();
    if let Some(a) = g.map().ids().find(|&a| g.map().area(a).name.to_lowercase() == low) {
        return Some(a);
    }
    let starts: Vec<AreaId> = g
        .map()
        .ids()
        .filter(|&a| g.map().area(a).name.to_lowercase().starts_with(&low))
        .collect();
    (starts.len() == 1).then(|| starts[0])
}

fn area_label(g: &Game, a: AreaId) -> String {
    let info = g.map().area(a);
    let st = g.area(a);
    let mut tags = vec![if g.map().is_land(a) { "land" } else { "sea" }];
    if info.capital {
        tags.push("capital");
    }
    if info.power_source {
        tags.push("power source");
    }
    if st.pc {
        tags.push("production center");
    }
    let held = match st.owner {
        Some(o) => format!("{}: {}", owner_name(o), st.units),
        None => "unoccupied".into(),
    };
    format!("{} ({}; {held})", info.name, tags.join(", "))
}

/// `neighbours AREA`: the areas that border it, and how.
pub fn neighbours_text(g: &Game, name: &str) -> String {
    let Some(a) = find_area(g, name) else {
        return format!("no area `{name}`: give its name (or the start of it), e.g. `neighbours canada`; `board` lists the areas held\n");
    };
    let mut s = format!("{} borders:\n", area_label(g, a));
    for b in areas_of(g.map().adjacent(a)) {
        let how = match (g.map().is_land(a), g.map().is_land(b)) {
            (true, true) => "land border (land movement, land attacks)",
            (false, false) => "sea border (submarines)",
            _ => "coast (dotted: amphibious moves, submarine strikes, bombers against submarines)",
        };
        let wrap = g.map().wrap_links().iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        s += &format!(
            "  {}: {how}{}\n",
            area_label(g, b),
            if wrap { ", across the west-east edge" } else { "" }
        );
    }
    s
}

/// `help` and `help NAME`: the commands, a unit's values, an ability's card text.
pub fn help_text(g: &Game, name: &str) -> String {
    let name = name.trim().to_lowercase();
    if name.is_empty() {
        let mut s = String::from(
            "commands: a number chooses (`back` returns a step, nothing spent before a move is confirmed); `map` draws the world map; `board` lists the areas held; \
             `neighbours AREA` says what borders an area; `help NAME` explains a unit (tank, mech, \
             fighter, bomber, submarine) or a card's ability; `quit` stops (the record is written \
             with --record).\nabilities:",
        );
        for ab in Ability::ALL {
            s += &format!(" {};", ab.title());
        }
        s.pop();
        s.push('\n');
        return s;
    }
    let plain = |t: &str| t.to_lowercase().replace(['-', ' '], "").replace('ï', "i");
    let want = plain(&name);
    if let Some(ab) = Ability::ALL
        .into_iter()
        .find(|ab| plain(ab.title()) == want || plain(ab.key()) == want)
    {
        let cards: Vec<String> = g
            .deck()
            .cards()
            .iter()
            .filter(|c| c.ability == ab)
            .map(ToString::to_string)
            .collect();
        return format!(
            "{}: {}\n(once, in the round its card is played; cards with it: {})\n",
            ab.title(),
            ab.rules_text(),
            cards.join("; ")
        );
    }
    let kind = UnitKind::ALL
        .into_iter()
        .find(|k| plain(k.name()) == want || plain(k.name()) + "s" == want);
    if let Some(k) = kind {
        let what = if k.is_land() {
            "land unit"
        } else if k.is_air() {
            "air unit"
        } else {
            "sea unit"
        };
        let sup = if k.is_sea() {
            "none (sea battles are simultaneous)".to_string()
        } else {
            k.supremacy().to_string()
        };
        let extra = match k {
            UnitKind::Tank => " Hits fall on tanks before mechs.",
            UnitKind::Mech => " Tanks shield mechs: a mech may be destroyed only when no tank could be.",
            UnitKind::Fighter => " Hits fall on fighters before bombers.",
            UnitKind::Bomber => {
                " Moves to any friendly or unoccupied land area (strategic bomber movement); may strike submarines in an adjacent sea (two dice each)."
            }
            UnitKind::Submarine => {
                " Carries land and air units across seas it holds (amphibious moves and attacks); may strike an adjacent land area (one die each)."
            }
        };
        return format!(
            "{}: {what}, cost {}, combat value {} (dice in battle), tactical supremacy {sup}; at most {} in play.{extra}\n",
            k.name(),
            k.cost(),
            k.combat(),
            k.in_play_limit()
        );
    }
    format!("nothing called `{name}`: `help` lists the commands and abilities\n")
}

/// The exact odds of a battle of `att` against `def` in `to`, in words (the defender never
/// retreats; docs/strategy.md, "Battle odds").
pub fn odds_text(g: &Game, kind: BattleKind, att: Units, def: Units, to: AreaId) -> Option<String> {
    dust_strategy::odds::area_odds(g, kind, att, def, to).map(|o| dust_strategy::odds::odds_words(&o))
}

pub use dust_strategy::text::missing_attacks;

fn replay(a: &ReplayArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let text = read_bounded(&a.file, MAX_RECORD).with_context(|| format!("cannot read the record {}", a.file.display()))?;
    let rec = GameRecord::parse(&text).with_context(|| format!("{} is not a strategy game record", a.file.display()))?;
    let base = a.file.parent().unwrap_or(Path::new("."));
    let files = FilesArgs {
        map: record_file("map", "world", rec.map.as_deref(), base, a.files_beside)?,
        deck: record_file("deck", "deck", rec.deck.as_deref(), base, a.files_beside)?,
    };
    let (map, deck) = load(&files)?;
    // Replay step by step to print the events.
    let mut game = Game::new(Arc::clone(&map), Arc::clone(&deck), rec.config)?;
    let mut rng = GameRng::new(rec.seed);
    let mut next = 0;
    loop {
        for e in game.take_events() {
            let show = a.events
                || matches!(
                    e,
                    Event::RoundBegins(_) | Event::Scored { .. } | Event::GameOver(_) | Event::Conquered(..)
                );
            if show {
                if let Some(s) = describe_event(&game, &e, None) {
                    writeln!(out, "{s}")?;
                }
            }
        }
        match game.pending() {
            Pending::Chance(_) => {
                game.resolve_chance(&mut rng);
            }
            Pending::Decision(_) if next < rec.decisions.len() => {
                game.apply(rec.decisions[next])
                    .with_context(|| format!("decision {} of the record", next + 1))?;
                next += 1;
            }
            _ => break,
        }
    }
    // And once more through the library, which checks the hash.
    let checked = rec.replay(Game::new(map, deck, rec.config)?)?;
    writeln!(
        out,
        "replayed {} decisions; state hash {:#018x} matches the record",
        rec.decisions.len(),
        checked.state_hash()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn check(a: &FilesArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let (map, deck) = load(a)?;
    let land = map.land_mask().count_ones();
    let sea = map.sea_mask().count_ones();
    writeln!(
        out,
        "map `{}`: ok: {land} land and {sea} sea areas, {} capitals in {} pairs, {} power sources, {} wrap-around links",
        map.name(),
        map.capital_mask().count_ones(),
        map.capital_pairs().len(),
        map.power_mask().count_ones(),
        map.wrap_links().len()
    )?;
    writeln!(out, "deck `{}`: ok: {} cards", deck.name(), deck.len())?;
    Ok(ExitCode::SUCCESS)
}
