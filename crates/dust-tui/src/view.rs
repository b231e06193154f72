//! Drawing the game: board, unit card, choices, log, status line and overlays, in an 80x24
//! window or larger. Nothing here changes the game.

use crate::app::{Areas, Focus, Overlay, Seat};
use crate::App;
use dust_core::battlefront::weapons::count_words;
use dust_core::game::{Casualty, Decision, Event, Game, Optional, Pending, Plan, Target, UnitId, HERO_LINE};
use dust_core::odds::from_game::{declared_attack, Declared};
use dust_core::odds::odds_or_without_hero;
use dust_core::{line_of_sight, Cover, CoverLevel, Edge, EntranceSize, PieceKind, Shot, Side, Square, Terrain, UnitKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The smallest terminal the layout works in.
pub const MIN_WIDTH: u16 = 80;
/// The smallest terminal the layout works in.
pub const MIN_HEIGHT: u16 = 24;

/// docs/rulings.md, embedded.
pub const RULINGS: &str = include_str!("../../../docs/rulings.md");

/// A space's width on the board: its two characters and its east edge.
pub(crate) const CELL: u16 = 3;
/// A space's width in the compact drawing, when the board does not fit with [`CELL`]: its
/// letter, then its east edge (a wall, an entrance) or, when that edge is open, its second
/// character (a unit's health).
pub(crate) const COMPACT_CELL: u16 = 2;
pub(crate) const LABEL: u16 = 3;

/// The colour of a side's units.
pub fn side_color(s: Side) -> Color {
    match s {
        Side::A => Color::LightCyan,
        Side::B => Color::LightRed,
    }
}

/// Where the board is drawn and which part of it shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardView {
    /// Top-left of the first cell (below the column letters, right of the row numbers).
    pub x: u16,
    /// Top-left of the first cell.
    pub y: u16,
    /// Leftmost column shown.
    pub col_lo: u8,
    /// Highest row shown (at the top).
    pub row_hi: u8,
    /// Columns shown.
    pub cols: u8,
    /// Rows shown.
    pub rows: u8,
    /// The width of a space on the screen: three characters, or two (the compact drawing)
    /// when the board does not fit otherwise.
    pub cell: u16,
    /// The board's size (columns, rows).
    pub board: (u8, u8),
}

impl BoardView {
    /// Lowest row shown.
    pub fn row_lo(&self) -> u8 {
        (self.row_hi + 1).saturating_sub(self.rows)
    }

    /// Whether the board continues beyond the view on each side: (west, east, north, south).
    pub fn more(&self) -> (bool, bool, bool, bool) {
        (
            self.col_lo > 0,
            u16::from(self.col_lo) + u16::from(self.cols) < u16::from(self.board.0),
            u16::from(self.row_hi) + 1 < u16::from(self.board.1),
            self.row_lo() > 0,
        )
    }

    /// Whether the whole board shows.
    pub fn whole(&self) -> bool {
        self.more() == (false, false, false, false)
    }

    /// The space under a screen position.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        if x < self.x || y < self.y || self.cols == 0 {
            return None;
        }
        let c = (x - self.x) / self.cell.max(1);
        let r = y - self.y;
        if c >= u16::from(self.cols) || r >= u16::from(self.rows) {
            return None;
        }
        Some(Square::new(self.col_lo + c as u8, self.row_hi - r as u8))
    }
}

/// An event in words ([`Event::describe`]).
pub fn event_text(game: &Game, e: &Event) -> String {
    e.describe(game)
}

/// The rule behind an event (seed file and section).
pub fn event_rule(e: &Event) -> Option<&'static str> {
    #[allow(unreachable_patterns)]
    Some(match e {
        Event::RoundStarted(_) => "tactics-revised-core-rules.md, Game Procedure",
        Event::Rolled { purpose, .. } => purpose.rule(),
        Event::InitiativeWon(_) | Event::FirstPlayer(_) => "tactics-revised-core-rules.md, Initiative Roll",
        Event::Activated(_) | Event::Declared(..) | Event::ActivationEnded(_) => "tactics-revised-core-rules.md, List of Actions",
        Event::Entered(..) => "tactics-revised-core-rules.md, Unit Entry",
        Event::Moved(..) => "tactics-revised-core-rules.md, Movement Rules",
        Event::Crushed(..) => "tactics-revised-core-rules.md, Spaces with Cover Elements",
        Event::ReactiveFire { .. } => "tactics-revised-core-rules.md, Reactive Fire",
        Event::Fired { .. } => "tactics-revised-core-rules.md, Performing Attacks",
        Event::Hits { .. } => "tactics-revised-core-rules.md, 5) Check Cover Saves",
        Event::Wounded(..) | Event::Damaged(..) => "tactics-revised-core-rules.md, 6) Suffer Damage",
        Event::CoverHit(..) => "tactics-revised-core-rules.md, Attacking Cover Elements",
        Event::Destroyed { .. } => "tactics-revised-core-rules.md, Calculating Victory Points",
        Event::Reloaded(..) => "tactics-revised-core-rules.md, [Weapon Name]: Reload (Skill)",
        Event::Separated(_) => "tactics-revised-core-rules.md, Heroes",
        Event::Mounted(..) | Event::Dismounted(..) => "tactics-battlefront-2013-rules.txt, Piloting Vehicles",
        Event::Joined(..) => "tactics-battlefront-2013-rules.txt, Joining Infantry Squads",
        Event::Repaired(..) => "tactics-revised-core-rules.md, Self-Repair",
        Event::GameOver { .. } => "tactics-revised-core-rules.md, End of the Game",
        _ => return None,
    })
}

/// The side an event concerns, for its colour.
pub fn event_side(game: &Game, e: &Event) -> Option<Side> {
    let side_of = |u: &UnitId| game.units().get(usize::from(u.0)).map(|x| x.side);
    match e {
        Event::InitiativeWon(s) | Event::FirstPlayer(s) => Some(*s),
        Event::Activated(u)
        | Event::Declared(u, _)
        | Event::Entered(u, _)
        | Event::Moved(u, _)
        | Event::Crushed(u, _)
        | Event::Reloaded(u, _)
        | Event::ActivationEnded(u)
        | Event::Separated(u)
        | Event::Mounted(u, _)
        | Event::Joined(u, _)
        | Event::Dismounted(u, _)
        | Event::Repaired(u, _) => side_of(u),
        Event::ReactiveFire { unit, .. } | Event::Fired { unit, .. } => side_of(unit),
        Event::Wounded(u, _) | Event::Damaged(u, _) | Event::Destroyed { unit: u, .. } => side_of(u),
        Event::GameOver { winner, .. } => *winner,
        _ => None,
    }
}

fn short_rule(rule: &str) -> &str {
    rule.split_once(", ").map_or(rule, |(_, s)| s)
}

fn unit_name(game: &Game, u: UnitId) -> String {
    game.units()
        .get(usize::from(u.0))
        .map_or_else(|| u.to_string(), |x| format!("{u} {}", x.card.name))
}

fn plan_text(p: Plan) -> String {
    // The engine's text form ("move attack", "sustained", "charge") keeps this working when
    // actions are added.
    match p {
        Plan::Sustained => "sustained attack (both actions)".into(),
        Plan::Charge => "charge: move, move, close combat".into(),
        other => other.to_string().replace(' ', ", then "),
    }
}

fn optional_text(o: Optional) -> String {
    let text = Decision::Use(o, true).to_string();
    let word = text.split_whitespace().nth(1).unwrap_or("it").to_string();
    match word.as_str() {
        "assault" => "Assault (movement doubled, once per game)".into(),
        "berserk" => "Berserk (reroll misses, once per game)".into(),
        "all-in-one" => "All In One (double dice, once per game)".into(),
        "heroic-attack" => "Heroic Attack (no damage to the hero this round)".into(),
        "separate" => "separate: the hero leaves his squad for good".into(),
        "medal-of-honor" => "Medal of Honor (reroll one die, once per round)".into(),
        _ => word.replace('-', " "),
    }
}

/// Battlefront: whether target `t` is in cover from the declaring unit's attack position
/// (`Game::bf_target_in_cover`, "Cover Saves"); `None` in the revised edition or without a
/// declaring unit.
pub fn bf_cover(app: &App, t: Target) -> Option<bool> {
    let g = &app.game;
    if g.edition() != dust_core::Edition::Battlefront {
        return None;
    }
    let Target::Unit(t) = t else { return Some(false) };
    let u = g.declaring()?;
    Some(g.bf_target_in_cover(u, app.attack_origin()?, t))
}

fn g_bf_infantry(app: &App, u: UnitId) -> bool {
    matches!(app.game.unit(u).card.kind, UnitKind::Squad | UnitKind::Hero)
}

/// The cover a target at `to` gets from the declaring unit's attack position.
pub fn cover_from(app: &App, to: Square, target: PieceKind) -> Option<Result<Cover, dust_core::Blocked>> {
    let u = app.game.declaring()?;
    let from = app.attack_origin()?;
    let unit = app.game.unit(u);
    let mut occ = app.game.occupancy().clone();
    if let Some(at) = unit.at {
        if at != from {
            occ.remove(at, unit.piece(), unit.side);
            occ.place(from, unit.piece(), unit.side);
        }
    }
    let shot = Shot {
        from,
        to,
        attacker: unit.piece(),
        target,
    };
    Some(line_of_sight(app.game.board(), &occ, &shot))
}

fn target_piece(app: &App, t: Target) -> PieceKind {
    match t {
        Target::Unit(u) => app.game.units().get(usize::from(u.0)).map_or(PieceKind::Squad, |x| x.piece()),
        Target::Cover(_) => PieceKind::Squad,
    }
}

fn cover_word(c: &Result<Cover, dust_core::Blocked>) -> &'static str {
    match c {
        Ok(c) if c.not_a_squad => "no cover save",
        Ok(c) => match c.level {
            CoverLevel::None => "no cover",
            CoverLevel::Soft => "soft cover",
            CoverLevel::Hard => "hard cover",
        },
        Err(_) => "no line of sight",
    }
}

/// A choice in words.
pub fn label(app: &App, d: Decision) -> String {
    let g = &app.game;
    // Decisions the engine adds later show in their text form until they get a label here.
    #[allow(unreachable_patterns)]
    match d {
        Decision::First(s) => {
            let you = if app.seats[s] == Seat::Human && app.seats[s.other()] == Seat::Ai {
                " (you)"
            } else {
                ""
            };
            format!("Side {s}{you} activates first")
        }
        Decision::Activate(u) => {
            let x = g.unit(u);
            match x.at {
                // A pilot activating on his own dismounts (battlefront "Piloting Vehicles").
                Some(at) if g.bf_piloted(u).is_some() => {
                    format!("{} at {at}, health {}: dismounts", unit_name(g, u), x.health)
                }
                Some(at) => format!("{} at {at}, health {}", unit_name(g, u), x.health),
                None => format!("{} (enters the board)", unit_name(g, u)),
            }
        }
        // Battlefront "Joining Infantry Squads": apart for this activation only.
        Decision::Use(Optional::Separate, true) if g.edition() == dust_core::Edition::Battlefront => {
            "The squad activates without its hero this time (he may activate on his own)".into()
        }
        Decision::Use(Optional::Separate, false) if g.edition() == dust_core::Edition::Battlefront => {
            "The hero activates with his squad this time".into()
        }
        Decision::Use(o, true) => format!("Use {}", optional_text(o)),
        Decision::Use(o, false) => {
            let t = optional_text(o);
            match t.strip_prefix("separate: ") {
                Some(_) => "The hero stays with his squad".into(),
                None => format!("Do not use {}", t.split(" (").next().unwrap_or("it")),
            }
        }
        Decision::Plan(p) => {
            let wasted = plan_reach(app, p).is_some_and(|(with, _)| with == 0);
            let warn = if wasted { " (no target)" } else { "" };
            format!("Plan: {}{warn}", plan_text(p))
        }
        Decision::MoveTo(s) => {
            let entering = g.declaring().is_some_and(|u| g.unit(u).at.is_none()) && app.planned.is_empty();
            let none = targets_after_move(app, d, false).is_some_and(|ts| ts.is_empty());
            let warn = if none { " (no target from here)" } else { "" };
            if entering {
                format!("Enter the board at {s}{warn}")
            } else {
                format!("Move to {s}{warn}")
            }
        }
        Decision::Escape(s) => format!("The pilot escapes to {s}"),
        Decision::Aim { line, target, ammo } => {
            let w = app.weapon(line).map_or_else(|| format!("line {line}"), |(_, w)| w.name.clone());
            match target {
                None => format!("{w}: hold fire"),
                Some(t) => {
                    let what = match t {
                        Target::Unit(u) => unit_name(g, u),
                        Target::Cover(s) => {
                            let el = g.board().cover(s).map_or("cover element", |c| c.name());
                            format!("the {el} in {s}")
                        }
                    };
                    let cover = app
                        .option_square(d)
                        .and_then(|to| cover_from(app, to, target_piece(app, t)))
                        .map(|c| format!(", {}", cover_word(&c)))
                        .unwrap_or_default();
                    format!("{w} at {what}{cover}{}", count_text(app, line, ammo))
                }
            }
        }
        // Revised edition: the order in which the lines fire (tactics-revised-faq.md).
        Decision::Fire(line) => {
            let w = app.weapon(line).map_or_else(|| format!("line {line}"), |(_, w)| w.name.clone());
            match app.fire_aim(d) {
                Some(Decision::Aim { target: Some(t), .. }) => {
                    let what = match t {
                        Target::Unit(u) => unit_name(g, u),
                        Target::Cover(s) => format!("the cover element in {s}"),
                    };
                    format!("Fire {w} (at {what}) next")
                }
                _ => format!("Fire {w} next"),
            }
        }
        Decision::React(None) => "No reactive fire: let the enemy go on".into(),
        Decision::React(Some(u)) => format!("Reactive fire with {}", unit_name(g, u)),
        Decision::Retaliate(true) => "Retaliate in close combat".into(),
        Decision::Retaliate(false) => "Do not retaliate".into(),
        Decision::Casualty(Casualty::Model(m)) => {
            let carried = casualty_unit(g)
                .and_then(|u| {
                    let card = &g.unit(u).card;
                    let model = card.models.get(usize::from(m))?;
                    let names: Vec<&str> = card
                        .weapons
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| model.weapons & (1 << i) != 0)
                        .map(|(_, w)| w.name.as_str())
                        .collect();
                    let role = model.role.map(|r| format!("{r:?}, ")).unwrap_or_default();
                    Some(format!(" ({role}carries {})", names.join(", ")))
                })
                .unwrap_or_default();
            format!("Remove miniature m{m}{carried}")
        }
        Decision::Casualty(Casualty::Hero) => "The joined hero takes the point of damage".into(),
        other => other.to_string(),
    }
}

/// The unit taking damage now: the target of the last hits on a unit.
fn casualty_unit(g: &Game) -> Option<UnitId> {
    g.events().iter().rev().find_map(|e| match e {
        Event::Hits {
            target: Target::Unit(u), ..
        } => Some(*u),
        _ => None,
    })
}

/// What the highlighted choice means, in a few lines: weapon values, line of sight and cover,
/// and the odds of an attack.
fn detail(app: &App, d: Decision) -> Vec<Line<'static>> {
    let g = &app.game;
    let dim = Style::default().fg(Color::Gray);
    match d {
        Decision::Aim {
            line,
            target: Some(t),
            ammo,
        } => {
            let mut out = Vec::new();
            if let (Some((owner, w)), Target::Unit(tu)) = (app.weapon(line), t) {
                let target = g.unit(tu);
                let value = w.table.against(target.card.armor);
                let attacker = g.unit(owner);
                let carriers = if attacker.card.kind == UnitKind::Squad && line < dust_core::game::HERO_LINE {
                    attacker.carriers(usize::from(line))
                } else {
                    1
                };
                let per = if carriers > 1 {
                    format!(" x {carriers} carriers")
                } else {
                    String::new()
                };
                out.push(Line::from(format!(
                    "{} vs {}: {value}{per}{}, range {}",
                    w.name,
                    target.card.armor,
                    count_text(app, line, ammo),
                    w.range
                )));
            }
            if let (Some(in_cover), Target::Unit(tu)) = (bf_cover(app, t), t) {
                let what = if in_cover { "in cover" } else { "not in cover" };
                let saves = if g_bf_infantry(app, tu) {
                    if in_cover {
                        "infantry cover save (army symbol or shield)"
                    } else {
                        "infantry save (army symbol)"
                    }
                } else if in_cover {
                    "vehicle cover save (army symbol)"
                } else {
                    "no save"
                };
                out.push(Line::styled(format!("{what}: {saves}"), dim));
            } else if let Some(c) = app.option_square(d).and_then(|to| cover_from(app, to, target_piece(app, t))) {
                let why = match &c {
                    Ok(cov) => {
                        let r = cov.sources.reasons();
                        if r.is_empty() {
                            "clear line of sight".to_string()
                        } else {
                            r.join("; ")
                        }
                    }
                    Err(b) => b.to_string(),
                };
                out.push(Line::styled(format!("{}: {why}", cover_word(&c)), dim));
            }
            out.push(Line::styled(odds_text(app, d), Style::default().fg(Color::Yellow)));
            out
        }
        Decision::MoveTo(s) => {
            let mut v = vec![Line::styled(square_text(app, s), dim)];
            match targets_after_move(app, d, true) {
                Some(ts) if ts.is_empty() => v.push(Line::styled(
                    "no target from here: the attack after this move would be wasted",
                    Style::default().fg(Color::LightRed),
                )),
                Some(ts) => v.push(Line::styled(
                    format!("targets from here: {}", targets_words(app, &ts)),
                    Style::default().fg(Color::LightGreen),
                )),
                None => {}
            }
            v
        }
        Decision::Escape(s) => vec![Line::styled(square_text(app, s), dim)],
        Decision::Plan(p) if plan_reach(app, p).is_some() => {
            let (with, n) = plan_reach(app, p).unwrap_or_default();
            if with == 0 {
                vec![Line::styled(
                    format!("no move gives the attack a target ({n} destinations): the attack would be wasted"),
                    Style::default().fg(Color::LightRed),
                )]
            } else {
                vec![Line::styled(
                    format!("{with} of {n} destinations give the attack a target"),
                    Style::default().fg(Color::LightGreen),
                )]
            }
        }
        Decision::Fire(_) => vec![
            Line::styled(
                "the player chooses the order in which weapon lines fire (tactics-revised-faq.md): a line that rolls per targeted miniature is worth more before the lines that kill them",
                dim,
            ),
            Line::styled(odds_text(app, d), Style::default().fg(Color::Yellow)),
        ],
        Decision::React(Some(_)) => vec![Line::styled(
            "a reactive fire roll: on a success this unit attacks the moving enemy now (Reactive Fire)",
            dim,
        )],
        Decision::Plan(Plan::Sustained) => vec![Line::styled(
            "both actions: attack, rerolling failed dice once per weapon line",
            dim,
        )],
        _ => Vec::new(),
    }
}

/// Whether the plan being declared attacks after a move it has not declared yet, so that the
/// move's destination decides what can be aimed at: `move, then attack`, a charge.
fn attack_follows(app: &App) -> bool {
    if !app.aims.is_empty() {
        return false;
    }
    match app.plan {
        Some(Plan::Charge) => true,
        Some(p) => {
            let acts = p.actions();
            acts.iter()
                .position(|&a| a == dust_core::game::Action::Move)
                .is_some_and(|i| acts[i + 1..].contains(&dust_core::game::Action::Attack))
        }
        None => false,
    }
}

/// The targets the engine offers the attack of the plan being declared after move `d` (a
/// `MoveTo`): the game cloned, the move applied, then every weapon line's aims read (a line
/// holding its fire to reach the next; battlefront, every facing the move may end in), with the
/// names of the lines that reach each target.
/// `None` when no attack follows the move or the destination does not settle it (a further
/// move comes first and `deeper` is false). With `deeper`, a further move is tried at each of
/// its destinations and the targets of all are given.
pub fn targets_after_move(app: &App, d: Decision, deeper: bool) -> Option<Vec<(Target, Vec<String>)>> {
    if !matches!(d, Decision::MoveTo(_)) || !attack_follows(app) {
        return None;
    }
    let mut g = app.game.clone();
    g.apply(d).ok()?;
    let mut out: Vec<(Target, Vec<String>)> = Vec::new();
    collect_targets(app, g, deeper, &mut out)?;
    Some(out)
}

fn collect_targets(app: &App, mut g: Game, deeper: bool, out: &mut Vec<(Target, Vec<String>)>) -> Option<()> {
    let side = match app.game.pending() {
        Pending::Decision { side } => side,
        _ => return None,
    };
    for _ in 0..64 {
        if g.pending() != (Pending::Decision { side }) {
            return Some(());
        }
        let legal = g.legal_decisions();
        if legal.iter().any(|d| matches!(d, Decision::MoveTo(_))) {
            if !deeper {
                return None;
            }
            for &m in &legal {
                let mut h = g.clone();
                if h.apply(m).is_ok() {
                    collect_targets(app, h, false, out)?;
                }
            }
            return Some(());
        }
        if legal.iter().any(|d| matches!(d, Decision::Aim { .. })) {
            for &a in &legal {
                let Decision::Aim { line, target: Some(t), .. } = a else {
                    continue;
                };
                let w = app.weapon(line).map_or_else(|| format!("line {line}"), |(_, w)| w.name.clone());
                match out.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, ws)) if !ws.contains(&w) => ws.push(w),
                    Some(_) => {}
                    None => out.push((t, vec![w])),
                }
            }
            // On to the next line: this one holds its fire.
            let next = legal
                .iter()
                .copied()
                .find(|d| matches!(d, Decision::Aim { target: None, .. }))
                .unwrap_or(legal[0]);
            g.apply(next).ok()?;
            continue;
        }
        // Battlefront: the facing after the move decides what the weapons see; every one.
        if legal.iter().any(|d| matches!(d, Decision::Face(_))) {
            for &f in &legal {
                let mut h = g.clone();
                if h.apply(f).is_ok() {
                    collect_targets(app, h, deeper, out)?;
                }
            }
            return Some(());
        }
        // Anything else the declaration asks (a skill): its first answer.
        match legal.first() {
            Some(&x) if !matches!(x, Decision::Fire(_)) => g.apply(x).ok()?,
            _ => return Some(()),
        }
    }
    Some(())
}

/// The targets of [`targets_after_move`] in words: `u3 Hell Boys (Rifle, Knife)`.
fn targets_words(app: &App, ts: &[(Target, Vec<String>)]) -> String {
    ts.iter()
        .map(|(t, ws)| {
            let what = match *t {
                Target::Unit(u) => unit_name(&app.game, u),
                Target::Cover(s) => format!("the cover element in {s}"),
            };
            format!("{what} ({})", ws.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// For a plan that attacks after a move: how many of its first move's destinations give (or
/// may give, when a further move decides) the attack a target: `(with a target,
/// destinations)`; `None` for other plans.
pub fn plan_reach(app: &App, p: Plan) -> Option<(usize, usize)> {
    let acts = p.actions();
    let attack_after_move = p == Plan::Charge
        || acts
            .iter()
            .position(|&a| a == dust_core::game::Action::Move)
            .is_some_and(|i| acts[i + 1..].contains(&dust_core::game::Action::Attack));
    if !attack_after_move || !app.aims.is_empty() {
        return None;
    }
    let side = match app.game.pending() {
        Pending::Decision { side } => side,
        _ => return None,
    };
    let mut g = app.game.clone();
    g.apply(Decision::Plan(p)).ok()?;
    // Optional skills asked before the moves (Assault): not used.
    for _ in 0..8 {
        let legal = g.legal_decisions();
        if g.pending() != (Pending::Decision { side }) || legal.iter().any(|d| matches!(d, Decision::MoveTo(_))) {
            break;
        }
        let x = legal
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Use(_, false)))
            .or(legal.first().copied())?;
        g.apply(x).ok()?;
    }
    let moves: Vec<Decision> = g
        .legal_decisions()
        .into_iter()
        .filter(|d| matches!(d, Decision::MoveTo(_)))
        .collect();
    if moves.is_empty() {
        return None;
    }
    let mut with = 0;
    for &m in &moves {
        let mut h = g.clone();
        if h.apply(m).is_err() {
            continue;
        }
        let mut out = Vec::new();
        // Unsettled (a charge's second move comes first) counts as giving a target.
        if collect_targets(app, h, false, &mut out).is_none() || !out.is_empty() {
            with += 1;
        }
    }
    Some((with, moves.len()))
}

/// The number given with the aim of `line` (`aim LINE TARGET N`) in words, after a comma: the
/// soldiers (crew weapons) firing it or the ammo spent
/// (`dust_core::battlefront::weapons::count_words`); empty for 0.
fn count_text(app: &App, line: u8, n: u8) -> String {
    let Some((owner, _)) = app.weapon(line).filter(|_| n > 0) else {
        return String::new();
    };
    let u = app.game.unit(owner);
    let li = usize::from(if line >= HERO_LINE { line - HERO_LINE } else { line });
    format!(", {}", count_words(&u.card, u.bf.as_deref(), app.game.edition(), li, n))
}

/// The exact odds of the attack declared so far against the highlighted target, this line
/// included (dust_core::odds), as the engine will roll it (`dust_core::odds::from_game`, the
/// server's page builds its odds there too): a squad's lines with its joined hero's (numbered
/// from `HERO_LINE`), and in a battlefront game the hero joined to the target squad. Squads
/// fire with the miniatures that are alive (`from_game::living_first`).
pub fn odds_text(app: &App, d: Decision) -> String {
    // A `fire` decision: the odds against the target of that line, the line firing next.
    let aim = if matches!(d, Decision::Fire(_)) { app.fire_aim(d) } else { Some(d) };
    let Some(Decision::Aim {
        line,
        target: Some(Target::Unit(t)),
        ..
    }) = aim
    else {
        return String::new();
    };
    let g = &app.game;
    let (Some(u), Some(_)) = (g.declaring(), app.weapon(line)) else {
        return "odds unavailable: no weapon line".into();
    };
    let cover = match bf_cover(app, Target::Unit(t)) {
        // Battlefront: "in cover" is any level other than none.
        Some(true) => CoverLevel::Soft,
        Some(false) => CoverLevel::None,
        None => match app.option_square(d).and_then(|to| cover_from(app, to, g.unit(t).piece())) {
            Some(Ok(c)) if !c.not_a_squad => c.level,
            _ => CoverLevel::None,
        },
    };
    let how = Declared {
        plan: app.plan,
        moves: !app.planned.is_empty(),
        cover,
    };
    let spec = match declared_attack(g, u, t, app.aims.iter().copied().chain(std::iter::once(d)), how) {
        Ok(spec) => spec,
        Err(e) => return format!("odds unavailable: {e}"),
    };
    match odds_or_without_hero(&spec) {
        Ok(o) => {
            let n = spec.lines.len();
            let what = if n > 1 { format!("these {n} lines") } else { "this attack".into() };
            let hero = o.hero.as_ref().map_or(String::new(), |h| {
                format!("; joined hero: {:.2} lost, destroyed {:.0}%", h.loss.mean(), h.destroyed * 100.0)
            });
            format!(
                "odds of {what}: destroys {:.0}%, at least 1 loss {:.0}%, {:.2} lost on average{hero}",
                o.destroyed * 100.0,
                o.loss.at_least(1) * 100.0,
                o.loss.mean()
            )
        }
        Err(e) => format!("odds unavailable: {e}"),
    }
}

fn square_text(app: &App, s: Square) -> String {
    let b = app.game.board();
    if !b.contains(s) {
        return s.to_string();
    }
    let mut parts = vec![format!("{s}: {}", b.terrain(s).name())];
    if let Some(c) = b.cover(s) {
        parts.push(c.name().to_string());
    }
    if let Some(st) = b.structure_at(s) {
        let name = b.structures().get(usize::from(st.0)).map_or("a structure", |x| x.name.as_str());
        parts.push(format!("inside {name}"));
    }
    for o in &app.objectives {
        if o.at == s {
            parts.push(format!("objective {} ({})", o.name, o.terms()));
        }
    }
    parts.join(", ")
}

/// The unit the panel shows: with the board focused, the one under the cursor (an enemy too);
/// else the one the highlighted choice is about, else the one under the cursor, else the one
/// declaring.
fn focus_unit(app: &App) -> Option<UnitId> {
    let g = &app.game;
    let from_choice = match app.selected() {
        Some(Decision::Activate(u) | Decision::React(Some(u))) => Some(u),
        Some(Decision::Aim {
            target: Some(Target::Unit(u)),
            ..
        }) if app.focus == Focus::Menu => Some(u),
        _ => None,
    };
    let at_cursor = || {
        let mut here = units_on(g, app.cursor);
        here.sort_by_key(|&u| g.unit(u).card.kind == UnitKind::Hero);
        here.first().copied()
    };
    if app.focus == Focus::Board {
        if let Some(u) = at_cursor() {
            return Some(u);
        }
    }
    from_choice.or_else(at_cursor).or_else(|| g.declaring())
}

/// A short name of an armour class for a column heading: `S2` soldier 2, `V5`, `A1`.
fn armor_short(a: dust_core::Armor) -> String {
    let k = match a.kind {
        dust_core::ArmorType::Soldier => 'S',
        dust_core::ArmorType::Vehicle => 'V',
        dust_core::ArmorType::Aircraft => 'A',
    };
    format!("{k}{}", a.class)
}

/// The armour classes a card's weapon table shows: those of the units on the other side still
/// in play (what the weapons can do here), else soldier 1-4.
fn armor_columns(g: &Game, side: Side) -> Vec<dust_core::Armor> {
    let order = |a: &dust_core::Armor| {
        let k = match a.kind {
            dust_core::ArmorType::Soldier => 0,
            dust_core::ArmorType::Vehicle => 1,
            dust_core::ArmorType::Aircraft => 2,
        };
        (k, a.class)
    };
    let mut v: Vec<dust_core::Armor> = g
        .units()
        .iter()
        .filter(|u| u.side != side && !u.destroyed)
        .map(|u| u.card.armor)
        .collect();
    v.sort_by_key(order);
    v.dedup();
    if v.is_empty() {
        v = (1..=4)
            .map(|class| dust_core::Armor {
                kind: dust_core::ArmorType::Soldier,
                class,
            })
            .collect();
    }
    v
}

/// A card's weapon table, `width` characters wide: a heading (weapon, range, carriers, one
/// column per armour class in `against`, ammo), a line per weapon, then a legend of the
/// notation it uses.
fn weapon_table(g: &Game, id: UnitId, against: &[dust_core::Armor], width: usize) -> Vec<Line<'static>> {
    use dust_core::range::WeaponRange;
    use dust_core::CombatValue;
    let u = g.unit(id);
    let c = &u.card;
    let squad = c.kind == UnitKind::Squad;
    let has_ammo = c.weapons.iter().any(|w| w.ammo.is_some());
    let name_w = c.weapons.iter().map(|w| w.name.chars().count()).max().unwrap_or(6).clamp(6, 12);
    let fixed = name_w + 1 + 4 + if squad { 3 } else { 0 } + if has_ammo { 5 } else { 0 };
    // As many armour columns as fit, each as wide as its widest value.
    let mut cols: Vec<(dust_core::Armor, usize)> = Vec::new();
    let mut used = fixed;
    for &a in against {
        let w = c
            .weapons
            .iter()
            .map(|l| l.table.against(a).to_string().chars().count())
            .chain(std::iter::once(armor_short(a).len()))
            .max()
            .unwrap_or(3)
            + 1;
        if used + w > width && !cols.is_empty() {
            break;
        }
        used += w;
        cols.push((a, w));
    }
    let head_style = Style::default().fg(Color::Gray).add_modifier(Modifier::UNDERLINED);
    let mut head = format!("{:<name_w$} {:<4}", "weapon", "rng");
    if squad {
        head.push_str("n  ");
    }
    for (a, w) in &cols {
        head.push_str(&format!("{:<w$}", armor_short(*a)));
    }
    if has_ammo {
        head.push_str("ammo");
    }
    let mut out = vec![Line::styled(head.trim_end().to_string(), head_style)];
    let mut values: Vec<CombatValue> = Vec::new();
    for (i, w) in c.weapons.iter().enumerate() {
        let name: String = w.name.chars().take(name_w).collect();
        let mut row = format!("{name:<name_w$} {:<4}", w.range.to_string());
        if squad {
            row.push_str(&format!("{:<3}", format!("x{}", u.carriers(i))));
        }
        for (a, cw) in &cols {
            let v = w.table.against(*a);
            values.push(v);
            row.push_str(&format!("{:<cw$}", v.to_string()));
        }
        if let Some(max) = w.ammo {
            row.push_str(&format!("{}/{max}", u.ammo.get(i).copied().unwrap_or(0)));
        }
        out.push(Line::from(row.trim_end().to_string()));
    }
    // The legend: only the notation this table uses.
    // The legend: only the notation this table uses, with an example taken from it.
    let mut legend: Vec<String> = Vec::new();
    // "S2 V3: soldier, vehicle armour class": an example of each armour type shown.
    let mut shorts: Vec<String> = Vec::new();
    let mut kinds: Vec<&str> = Vec::new();
    for (a, _) in &cols {
        let k = match a.kind {
            dust_core::ArmorType::Soldier => "soldier",
            dust_core::ArmorType::Vehicle => "vehicle",
            dust_core::ArmorType::Aircraft => "aircraft",
        };
        if !kinds.contains(&k) {
            kinds.push(k);
            shorts.push(armor_short(*a));
        }
    }
    if !kinds.is_empty() {
        legend.push(format!("{}: {} armour class", shorts.join(" "), kinds.join(", ")));
    }
    let example = |f: fn(&CombatValue) -> bool| values.iter().find(|v| f(v)).map(ToString::to_string);
    if let Some(e) = example(|v| matches!(v, CombatValue::Dice { .. })) {
        legend.push(format!("{e} dice/damage a hit"));
    }
    if let Some(e) = example(|v| matches!(v, CombatValue::Incendiary { .. })) {
        legend.push(format!("{e} incendiary: dice per miniature, 1 damage a hit"));
    }
    if let Some(e) = example(|v| matches!(v, CombatValue::ApIncendiary { .. })) {
        legend.push(format!("{e} dice per miniature, a hit destroys the unit"));
    }
    if let Some(e) = example(|v| matches!(v, CombatValue::Phaser { .. })) {
        legend.push(format!("{e} phaser: aim dice/damage dice a hit, ignores cover"));
    }
    if let Some(e) = example(|v| matches!(v, CombatValue::Volley { .. })) {
        legend.push(format!("{e} volley: dice/damage by ammo spent (1, 2...)"));
    }
    if values.contains(&CombatValue::NoEffect) {
        legend.push("- no effect".into());
    }
    if squad {
        let n = (0..c.weapons.len()).map(|i| u.carriers(i)).max().unwrap_or(0);
        legend.push(format!("x{n} miniatures carrying it"));
    }
    for w in &c.weapons {
        let note = match w.range {
            WeaponRange::Close => "C close combat",
            WeaponRange::Unlimited => "U unlimited range",
            WeaponRange::Artillery => "A artillery (range 4+)",
            WeaponRange::Spaces { .. } => continue,
        };
        if !legend.iter().any(|l| l == note) {
            legend.push(note.into());
        }
    }
    out.push(Line::styled(legend.join(" · "), Style::default().fg(Color::DarkGray)));
    out
}

/// The lines of the unit card as drawn `width` characters wide (wrapped), for the pane's height.
pub(crate) fn unit_panel_height(app: &App, width: u16) -> u16 {
    let w = usize::from(width.max(1));
    unit_panel(app, width).iter().map(|l| l.width().max(1).div_ceil(w) as u16).sum()
}

fn unit_panel(app: &App, width: u16) -> Vec<Line<'static>> {
    let g = &app.game;
    let mut out = Vec::new();
    let Some(id) = focus_unit(app) else {
        out.push(Line::from(square_text(app, app.cursor)));
        out.push(Line::styled(
            "Move the cursor onto a unit (arrows, n) to see its card.",
            Style::default().fg(Color::Gray),
        ));
        return out;
    };
    let u = g.unit(id);
    let c = &u.card;
    let kind = match c.kind {
        UnitKind::Squad => "squad",
        UnitKind::Hero => "hero",
        UnitKind::Vehicle => "vehicle",
        UnitKind::Aircraft => "aircraft",
    };
    out.push(Line::from(vec![
        Span::styled(
            format!("{id} {}", c.name),
            Style::default().fg(side_color(u.side)).add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!("  side {}, {kind}", u.side)),
    ]));
    if c.is_provisional() {
        out.push(Line::styled(
            "PROVISIONAL card: numbers not official",
            Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        ));
    }
    out.push(Line::from(format!("Move {}  Armor {}  AP {}", c.movement, c.armor, c.ap)));
    if c.kind == UnitKind::Aircraft && g.edition() == dust_core::Edition::Battlefront {
        // tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain", "Aircraft Must
        // Move", "Line of Sight to Aircraft"; docs/rulings.md "Battlefront aircraft do not
        // react"; the scenarios' objectives ("a unit (other than an Aircraft)").
        out.push(Line::styled(
            "Flies: over terrain and units, moves first; no reactive attacks; holds no objective",
            Style::default().fg(Color::Cyan),
        ));
    }
    let state = if u.destroyed {
        "destroyed".to_string()
    } else {
        let place = u.at.map_or_else(|| "not on the board yet".to_string(), |s| format!("at {s}"));
        let done = if u.activated { ", activated" } else { "" };
        let joined = u.joined.map(|j| format!(", with {j}")).unwrap_or_default();
        format!("{place}{done}{joined}")
    };
    out.push(Line::from(format!("Health {}/{}  {state}", u.health, c.health)));
    let skills: Vec<String> = c
        .skills
        .iter()
        .map(|s| {
            if u.used.contains(s) {
                format!("{} (used)", s.name())
            } else {
                s.name().to_string()
            }
        })
        .collect();
    if !skills.is_empty() {
        out.push(Line::from(format!("Skills: {}", skills.join(", "))));
    }
    let against = match app.selected() {
        Some(Decision::Aim {
            target: Some(Target::Unit(t)),
            ..
        }) if g.declaring().is_some_and(|d| d == id || g.unit(d).joined == Some(id)) => vec![g.unit(t).card.armor],
        _ => armor_columns(g, u.side),
    };
    if !c.weapons.is_empty() {
        out.extend(weapon_table(g, id, &against, usize::from(width)));
    }
    out.push(Line::styled(square_text(app, app.cursor), Style::default().fg(Color::Gray)));
    out
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mark {
    Choice,
    Move,
    /// A move after which the plan's attack has no target.
    MoveNoTarget,
    Target(CoverLevel),
    Blocked,
}

fn marks(app: &App) -> Vec<(Square, Mark)> {
    let mut v = Vec::new();
    for &d in &app.options {
        let Some(s) = app.option_square(d) else { continue };
        let m = match d {
            Decision::MoveTo(_) if targets_after_move(app, d, false).is_some_and(|t| t.is_empty()) => Mark::MoveNoTarget,
            Decision::MoveTo(_) | Decision::Escape(_) => Mark::Move,
            Decision::Aim { target: Some(t), .. } => match bf_cover(app, t) {
                Some(c) => Mark::Target(if c { CoverLevel::Soft } else { CoverLevel::None }),
                None => match cover_from(app, s, target_piece(app, t)) {
                    Some(Ok(c)) => Mark::Target(if c.not_a_squad { CoverLevel::None } else { c.level }),
                    Some(Err(_)) => Mark::Blocked,
                    None => Mark::Choice,
                },
            },
            _ => Mark::Choice,
        };
        v.push((s, m));
        // Every square of a large or huge model it names.
        if let Decision::Activate(u)
        | Decision::React(Some(u))
        | Decision::Aim {
            target: Some(Target::Unit(u)),
            ..
        } = d
        {
            if app.game.model_squares(u) > 1 {
                v.extend(app.game.unit_squares(u).into_iter().filter(|&q| q != s).map(|q| (q, m)));
            }
        }
    }
    v
}

fn board_lines(app: &App, view: &BoardView) -> Vec<Line<'static>> {
    let marks = marks(app);
    grid_lines(view, |s| cell_spans(app, s, &marks))
}

/// The part of the board `view` shows: the column letters, then each row from the top with its
/// number and the spans `cell(square)` of each of its squares. The game and the players'
/// set-up draw their boards with it.
pub(crate) fn grid_lines(view: &BoardView, mut cell: impl FnMut(Square) -> [Span<'static>; 2]) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut header = vec![Span::raw(" ".repeat(usize::from(LABEL)))];
    for c in view.col_lo..view.col_lo + view.cols {
        header.push(Span::styled(
            format!("{:<width$}", char::from(b'A' + c), width = usize::from(view.cell.max(1))),
            Style::default().fg(Color::Gray),
        ));
    }
    lines.push(Line::from(header));
    for i in 0..view.rows {
        let r = view.row_hi - i;
        let mut spans = vec![Span::styled(format!("{:>2} ", u32::from(r) + 1), Style::default().fg(Color::Gray))];
        for c in view.col_lo..view.col_lo + view.cols {
            let [text, edge] = cell(Square::new(c, r));
            if view.cell >= CELL {
                spans.extend([text, edge]);
                continue;
            }
            // Compact: the space's letter, then its east edge, or its second character
            // (a unit's health) where that edge is open.
            let mut chars = text.content.chars();
            let first = chars.next().unwrap_or(' ');
            let second = chars.next().unwrap_or(' ');
            spans.push(Span::styled(first.to_string(), text.style));
            if edge.content.trim().is_empty() {
                spans.push(Span::styled(second.to_string(), text.style));
            } else {
                spans.push(edge);
            }
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// Draws the board pane: `block` around the `lines` of `view`, with, when part of the board is
/// out of view, arrows on the borders where it continues ("▲ 10 more rows", `◀`, `▶`) and a
/// mini-map in the free columns right of the board (the shown part lit; `dot(square)` the
/// colour of what stands there, if anything).
pub(crate) fn render_board(
    frame: &mut Frame,
    area: Rect,
    block: Block<'_>,
    view: &BoardView,
    lines: Vec<Line<'static>>,
    dot: impl Fn(Square) -> Option<Color>,
) {
    let (west, east, north, south) = view.more();
    let arrow = Style::default().fg(Color::LightYellow).add_modifier(Modifier::BOLD);
    let mut block = block;
    if north {
        let n = u16::from(view.board.1) - u16::from(view.row_hi) - 1;
        block = block.title_top(Line::styled(format!(" ▲ {n} more "), arrow).right_aligned());
    }
    if south {
        let n = view.row_lo();
        block = block.title_bottom(Line::styled(format!(" ▼ {n} more "), arrow).right_aligned());
    }
    if west || east {
        let text = match (west, east) {
            (true, true) => " ◀ more columns ▶ ",
            (true, false) => " ◀ more columns ",
            _ => " more columns ▶ ",
        };
        block = block.title_bottom(Line::styled(text, arrow).left_aligned());
    }
    let inner = block.inner(area);
    frame.render_widget(Paragraph::new(lines).block(block), area);
    if inner.height < 2 || inner.width < 2 {
        return;
    }
    // Arrows on the side borders, along the rows of spaces.
    let buf = frame.buffer_mut();
    for y in view.y..view.y + u16::from(view.rows).min(inner.height.saturating_sub(1)) {
        if west {
            buf[(area.x, y)].set_symbol("◀").set_style(arrow);
        }
        if east {
            buf[(area.x + area.width - 1, y)].set_symbol("▶").set_style(arrow);
        }
    }
    if view.whole() {
        return;
    }
    // The mini-map: the whole board, a character for a block of spaces, the part in view lit.
    let used = LABEL + u16::from(view.cols) * view.cell;
    let free = inner.width.saturating_sub(used);
    if free < 2 {
        return;
    }
    let (bw, bh) = (u16::from(view.board.0), u16::from(view.board.1));
    let mw = (free - 1).min(4).min(bw);
    let rows_avail = inner.height.saturating_sub(1).min(bh);
    let per_col = bw.div_ceil(mw);
    let per_row = bh.div_ceil(rows_avail.max(1));
    let mh = bh.div_ceil(per_row);
    let x0 = inner.x + used + 1;
    if free >= 3 {
        buf.set_string(inner.x + used + (free - 3).min(1), inner.y, "map", Style::default().fg(Color::Gray));
    }
    let (row_lo, row_hi) = (u16::from(view.row_lo()), u16::from(view.row_hi));
    let (col_lo, col_hi) = (u16::from(view.col_lo), u16::from(view.col_lo) + u16::from(view.cols) - 1);
    for my in 0..mh {
        // Map rows from the top: the board's highest rows first.
        let top = bh - 1 - my * per_row;
        let bottom = (top + 1).saturating_sub(per_row);
        for mx in 0..mw {
            let left = mx * per_col;
            if left >= bw {
                continue;
            }
            let right = (left + per_col - 1).min(bw - 1);
            let shown = bottom <= row_hi && top >= row_lo && left <= col_hi && right >= col_lo;
            let mut colors: Vec<Color> = Vec::new();
            for c in left..=right {
                for r in bottom..=top {
                    if let Some(col) = dot(Square::new(c as u8, r as u8)) {
                        if !colors.contains(&col) {
                            colors.push(col);
                        }
                    }
                }
            }
            let (sym, fg) = match colors.as_slice() {
                [] => ("·", if shown { Color::White } else { Color::DarkGray }),
                [c] => ("•", *c),
                _ => ("+", Color::LightYellow),
            };
            let mut st = Style::default().fg(fg);
            if shown {
                st = st.bg(Color::DarkGray);
            }
            buf.set_string(x0 + mx, inner.y + 1 + my, sym, st);
        }
    }
}

/// The units standing on square `s`: on their square, or on any square of a large or huge model
/// (`Game::unit_squares`).
pub fn units_on(g: &Game, s: Square) -> Vec<UnitId> {
    (0..g.units().len())
        .map(|i| UnitId(i as u8))
        .filter(|&u| !g.unit(u).destroyed && (g.unit(u).at == Some(s) || (g.model_squares(u) > 1 && g.unit_squares(u).contains(&s))))
        .collect()
}

fn cell_spans(app: &App, s: Square, marks: &[(Square, Mark)]) -> [Span<'static>; 2] {
    let g = &app.game;
    let b = g.board();
    let mut style = Style::default();
    if b.structure_at(s).is_some() {
        style = style.bg(Color::DarkGray);
    }
    let ids = units_on(g, s);
    let here: Vec<&dust_core::game::Unit> = ids.iter().map(|&u| g.unit(u)).collect();
    let primary = here.iter().find(|u| u.card.kind != UnitKind::Hero).or_else(|| here.first());
    let (glyph, second, fg) = match primary {
        // The other squares of a large or huge model (battlefront "Vehicle and Aircraft Size"):
        // its letter and `=`; the front square shows its health.
        Some(u) if u.at != Some(s) => {
            let k = match u.card.kind {
                UnitKind::Aircraft => 'A',
                _ => 'V',
            };
            (k, '=', Some(side_color(u.side)))
        }
        Some(u) => {
            let k = match u.card.kind {
                UnitKind::Squad => 'S',
                UnitKind::Hero => 'H',
                UnitKind::Vehicle => 'V',
                UnitKind::Aircraft => 'A',
            };
            let h = if here.len() > 1 {
                '+'
            } else if u.health > 9 {
                '*'
            } else {
                char::from(b'0' + u.health)
            };
            (k, h, Some(side_color(u.side)))
        }
        None => {
            let objective = app.objectives.iter().any(|o| o.at == s);
            match b.cover(s) {
                Some(dust_core::CoverElement::AmmoCrate) => ('a', ' ', Some(Color::Yellow)),
                Some(dust_core::CoverElement::AntiTankTrap) => ('t', ' ', Some(Color::Yellow)),
                None if app.planned.contains(&s) => ('o', ' ', Some(Color::LightGreen)),
                None if objective => ('*', ' ', Some(Color::LightYellow)),
                None => {
                    let t = b.terrain(s);
                    (t.symbol(), ' ', Some(terrain_color(t)))
                }
            }
        }
    };
    if let Some(fg) = fg {
        style = style.fg(fg);
    }
    if primary.is_some() {
        style = style.add_modifier(Modifier::BOLD);
    }
    let mark = marks.iter().find(|(q, _)| *q == s).map(|&(_, m)| m);
    // A destination after which the attack would have no target: `×` beside its symbol.
    let second = if mark == Some(Mark::MoveNoTarget) && second == ' ' {
        '×'
    } else {
        second
    };
    if let Some(m) = mark {
        style = match m {
            Mark::Move | Mark::MoveNoTarget => style.bg(Color::Green).fg(Color::Black),
            Mark::Choice => style.bg(Color::Cyan).fg(Color::Black),
            Mark::Target(CoverLevel::None) => style.bg(Color::Red).fg(Color::White),
            Mark::Target(CoverLevel::Soft) => style.bg(Color::Yellow).fg(Color::Black),
            Mark::Target(CoverLevel::Hard) => style.bg(Color::Magenta).fg(Color::White),
            Mark::Blocked => style.bg(Color::Gray).fg(Color::Black),
        };
    }
    if g.declaring().is_some_and(|u| g.unit_squares(u).contains(&s)) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    if s == app.cursor {
        style = style.add_modifier(Modifier::REVERSED);
    }
    edged(b, s, format!("{glyph}{second}"), style)
}

/// A cell's two characters and its east edge. Walls: the east edge is the third character; a
/// wall on the south edge underlines the cell.
pub(crate) fn edged(b: &dust_core::Board, s: Square, text: String, mut style: Style) -> [Span<'static>; 2] {
    let south = s.row().checked_sub(1).map(|r| Square::new(s.col(), r));
    if south.is_some_and(|o| b.edge(s, o) == Edge::Wall) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    let east = Square::new(s.col() + 1, s.row());
    let (edge, edge_style) = if b.contains(east) {
        match b.edge(s, east) {
            Edge::Open => (' ', Style::default()),
            Edge::Wall => ('│', Style::default().fg(Color::White).add_modifier(Modifier::BOLD)),
            Edge::Entrance(EntranceSize::Small) => ('╎', Style::default().fg(Color::Gray)),
            Edge::Entrance(EntranceSize::Large) => ('┆', Style::default().fg(Color::Gray)),
        }
    } else {
        (' ', Style::default())
    };
    [Span::styled(text, style), Span::styled(edge.to_string(), edge_style)]
}

/// The colour a terrain is drawn in.
pub(crate) fn terrain_color(t: Terrain) -> Color {
    match t {
        Terrain::Open => Color::Gray,
        Terrain::Water => Color::Blue,
        Terrain::Rubble => Color::Rgb(170, 120, 60),
        Terrain::Trees => Color::Green,
        Terrain::Swamp => Color::Cyan,
        Terrain::Smoke => Color::White,
        Terrain::NoDot => Color::DarkGray,
    }
}

pub(crate) fn board_view(app: &App, inner: Rect) -> BoardView {
    let b = app.game.board();
    // The compact drawing when the board is wider than the pane at three characters a space.
    let room = inner.width.saturating_sub(LABEL);
    let cell = if room / CELL < u16::from(b.width()) { COMPACT_CELL } else { CELL };
    let cols = (room / cell).min(u16::from(b.width())) as u8;
    let rows = inner.height.saturating_sub(1).min(u16::from(b.height())) as u8;
    let col_lo = (i32::from(app.cursor.col()) - i32::from(cols) / 2).clamp(0, i32::from(b.width() - cols)) as u8;
    let row_lo = (i32::from(app.cursor.row()) - i32::from(rows) / 2).clamp(0, i32::from(b.height() - rows)) as u8;
    BoardView {
        x: inner.x + LABEL,
        y: inner.y + 1,
        col_lo,
        row_hi: (row_lo + rows).saturating_sub(1),
        cols,
        rows,
        cell,
        board: (b.width(), b.height()),
    }
}

fn dice_spans(d: &crate::app::DiceShown) -> Vec<Span<'static>> {
    let mut v = vec![Span::raw(format!("{} ", d.what))];
    let shown = d.dice.min(12);
    let hits = d.successes.min(shown);
    v.push(Span::styled("■".repeat(usize::from(hits)), Style::default().fg(Color::LightGreen)));
    v.push(Span::styled(
        "□".repeat(usize::from(shown - hits)),
        Style::default().fg(Color::Gray),
    ));
    if d.dice > shown {
        v.push(Span::raw("…"));
    }
    v.push(Span::raw(format!(" {}/{}", d.successes, d.dice)));
    v
}

fn title(app: &App) -> String {
    let g = &app.game;
    match g.pending() {
        Pending::GameOver { winner } => match winner {
            Some(w) => format!(" Game over: side {w} wins · Enter to quit "),
            None => " Game over: a draw · Enter to quit ".into(),
        },
        Pending::Chance(_) => " Rolling dice… ".into(),
        Pending::Decision { side } if app.seats[side] == Seat::Ai => format!(" Side {side} ({}) thinking… ", app.ai_name),
        Pending::Decision { side } => {
            let hotseat = app.seats[side.other()] == Seat::Human;
            let whose = if hotseat { format!("Side {side}'s") } else { "Your".into() };
            let during = if g.turn() != side && g.declaring().is_none_or(|u| g.unit(u).side != side) {
                format!(" during side {}'s turn", side.other())
            } else {
                String::new()
            };
            format!(" {whose} choice{during} ")
        }
    }
}

/// Draws everything.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let msg = format!(
            "Dust 1947 needs a terminal of at least {MIN_WIDTH}x{MIN_HEIGHT}; this one is {}x{}. Enlarge the window (the game waits; q quits and saves).",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    if let Some(st) = &app.setup {
        crate::setup_view::render(app, st, frame);
        return;
    }
    let Panes {
        board: board_area,
        log: log_area,
        unit: unit_area,
        menu: menu_area,
        status,
    } = panes(app, area);

    // Board.
    let g = &app.game;
    let vp = g.victory_points();
    let board_title = format!(" {} R{}/{} VP {}:{} ", app.scenario, g.round(), g.round_limit(), vp.a, vp.b);
    let board_block = Block::bordered()
        .title(board_title)
        .border_style(focus_style(app.focus == Focus::Board));
    let inner = board_block.inner(board_area);
    let view = board_view(app, inner);
    render_board(frame, board_area, board_block, &view, board_lines(app, &view), |s| {
        units_on(g, s).first().map(|&u| side_color(g.unit(u).side))
    });

    // Unit card.
    let unit_block = Block::bordered().title(" Unit ");
    frame.render_widget(
        Paragraph::new(unit_panel(app, unit_area.width.saturating_sub(2)))
            .block(unit_block)
            .wrap(Wrap { trim: false }),
        unit_area,
    );

    // Choices.
    let menu_block = Block::bordered()
        .title(title(app))
        .border_style(focus_style(app.focus == Focus::Menu));
    let menu_inner = menu_block.inner(menu_area);
    frame.render_widget(menu_block, menu_area);
    let mut details = app.selected().map(|d| detail(app, d)).unwrap_or_default();
    // A message longer than the status line (a typed decision refused, with why) is shown
    // here in full too.
    if let Some(m) = app.message.as_ref().filter(|m| m.chars().count() + 8 > usize::from(area.width)) {
        details.insert(0, Line::styled(m.clone(), Style::default().fg(Color::Yellow)));
    }
    let (list_area, first) = render_choices(
        frame,
        menu_inner,
        (app.options.len(), app.sel),
        |i| label(app, app.options[i]),
        || waiting_text(app),
        details,
    );

    let log_inner = match app.tutor.as_ref().filter(|t| !t.hidden).and(app.lesson()) {
        Some(lesson) => render_lesson(app, lesson, frame, log_area),
        None => render_log(app, frame, log_area),
    };
    render_status(app, frame, status);

    app.areas.set(Areas {
        board: view,
        menu: list_area,
        menu_first: first,
        log: log_inner,
    });
    render_overlay(app, frame);
}

/// The list of choices in `area` over the details of the highlighted one: `(n, sel)` the
/// number of choices and the highlighted one (reversed, the list scrolled to show it),
/// `label(i)` the text of choice `i`, `waiting()` the line shown when there is none. Returns
/// the list's area and the first choice shown (the mouse finds a choice by its row). The game
/// and the players' set-up draw their choices with it.
pub(crate) fn render_choices(
    frame: &mut Frame,
    area: Rect,
    (n, sel): (usize, usize),
    label: impl Fn(usize) -> String,
    waiting: impl FnOnce() -> String,
    details: Vec<Line<'static>>,
) -> (Rect, usize) {
    let detail_h = (details.len() as u16 * 2).min(area.height.saturating_sub(2) / 2 + 1);
    let [list_area, detail_area] = Layout::vertical([Constraint::Min(1), Constraint::Length(detail_h)]).areas(area);
    let rows = usize::from(list_area.height.max(1));
    let first = if sel >= rows { sel + 1 - rows } else { 0 };
    let mut items: Vec<Line> = Vec::new();
    if n == 0 {
        items.push(Line::styled(waiting(), Style::default().fg(Color::Gray)));
    }
    for i in (first..n).take(rows) {
        let text = format!("{}{}", if i == sel { "> " } else { "  " }, label(i));
        let mut st = Style::default();
        if i == sel {
            st = st.add_modifier(Modifier::REVERSED | Modifier::BOLD);
        }
        items.push(Line::styled(text, st));
    }
    frame.render_widget(Paragraph::new(items), list_area);
    frame.render_widget(Paragraph::new(details).wrap(Wrap { trim: true }), detail_area);
    (list_area, first)
}

/// The screen's panes: the board over the log on the left, the card over the choices on the
/// right, the status line at the bottom.
pub(crate) struct Panes {
    pub board: Rect,
    pub log: Rect,
    pub unit: Rect,
    pub menu: Rect,
    pub status: Rect,
}

pub(crate) fn panes(app: &App, area: Rect) -> Panes {
    let b = app.game.board();
    let [main, status] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(area);
    let want = u16::from(b.width()) * CELL + LABEL + 2;
    let left_w = want.clamp(40, main.width.saturating_sub(40).max(40));
    let [left, right] = Layout::horizontal([Constraint::Length(left_w), Constraint::Min(40)]).areas(main);
    let board_h = (u16::from(b.height()) + 3).min(main.height.saturating_sub(6));
    let [board, log] = Layout::vertical([Constraint::Length(board_h), Constraint::Min(3)]).areas(left);
    // The card as tall as it needs (its weapon table and legend), leaving the choices room.
    // An attack's details (the odds) come first: the card keeps its usual height then.
    let attack = matches!(app.selected(), Some(Decision::Aim { target: Some(_), .. } | Decision::Fire(_)));
    let need = if app.setup.is_some() || attack {
        10
    } else {
        unit_panel_height(app, right.width.saturating_sub(2)) + 2
    };
    let unit_h = need.clamp(10, right.height.saturating_sub(11).max(10));
    let [unit, menu] = Layout::vertical([Constraint::Length(unit_h), Constraint::Min(5)]).areas(right);
    Panes {
        board,
        log,
        unit,
        menu,
        status,
    }
}

/// The guided game's lesson in the log pane (`t` shows the log instead); returns its inside.
fn render_lesson(app: &App, lesson: &dust_data::tutorial::Lesson, frame: &mut Frame, area: Rect) -> Rect {
    let n = app.tutor.as_ref().map_or(0, crate::tutor::Tutor::count);
    let block = Block::bordered()
        .title(format!(
            " Learn to play: {} ({n} of {}; t: the log) ",
            lesson.title,
            dust_data::tutorial::LESSONS.len()
        ))
        .border_style(Style::default().fg(Color::LightYellow));
    let inner = block.inner(area);
    let text = vec![
        Line::from(lesson.words.to_string()),
        Line::from(Span::styled(
            format!("Rulebook: {}  ·  e: the rule behind the last event", lesson.rule),
            Style::default().fg(Color::Gray),
        )),
    ];
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }).block(block), area);
    inner
}

/// The log pane, newest at the bottom; returns its inside (for the mouse wheel).
pub(crate) fn render_log(app: &App, frame: &mut Frame, log_area: Rect) -> Rect {
    let log_block = Block::bordered().title(" Log (PgUp/PgDn, L: full) ");
    let log_inner = log_block.inner(log_area);
    let n = usize::from(log_inner.height);
    let end = app.log.len().saturating_sub(app.log_scroll);
    let mut lines: Vec<Line> = Vec::new();
    for l in app.log[..end].iter().rev() {
        let mut wrapped = log_line_short(l, usize::from(log_inner.width));
        wrapped.append(&mut lines);
        lines = wrapped;
        if lines.len() >= n {
            break;
        }
    }
    let lines: Vec<Line> = lines.split_off(lines.len().saturating_sub(n));
    frame.render_widget(Paragraph::new(lines).block(log_block), log_area);
    log_inner
}

/// The status line: the keys, the last dice, the message; or the decision being typed.
pub(crate) fn render_status(app: &App, frame: &mut Frame, status: Rect) {
    if let Some(text) = &app.prompt {
        let line = Line::from(vec![
            Span::styled(" decision: ", Style::default().add_modifier(Modifier::BOLD)),
            Span::styled(format!("{text}_"), Style::default().fg(Color::LightYellow)),
            Span::styled("  Enter takes it, Esc cancels", Style::default().fg(Color::Gray)),
        ]);
        frame.render_widget(Paragraph::new(line), status);
        return;
    }
    let mut spans = vec![
        Span::styled(" ?", Style::default().add_modifier(Modifier::BOLD)),
        Span::raw(" help  "),
    ];
    if app.setup_undo_offered() {
        spans.push(Span::styled("u", Style::default().add_modifier(Modifier::BOLD)));
        spans.push(Span::raw(" take back  "));
    }
    if let Some(d) = &app.dice {
        spans.push(Span::raw("dice: "));
        spans.extend(dice_spans(d));
        spans.push(Span::raw("  "));
    }
    if let Some(m) = &app.message {
        spans.push(Span::styled(m.clone(), Style::default().fg(Color::Yellow)));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), status);
}

/// The help, the rulings or the whole log over the screen, when asked for.
pub(crate) fn render_overlay(app: &App, frame: &mut Frame) {
    match app.overlay {
        Overlay::None => {}
        Overlay::Help => popup(frame, " Keys (any key closes) ", help_lines(), 0),
        Overlay::Rulings(s) => popup(
            frame,
            " Rulings: docs/rulings.md (arrows, PgUp/PgDn; Esc closes) ",
            RULINGS.lines().map(|l| Line::from(l.to_string())).collect(),
            s,
        ),
        Overlay::Log(s) => {
            let lines: Vec<Line> = app.log.iter().flat_map(log_line_full).collect();
            popup(frame, " Log with the rule behind each event (Esc closes) ", lines, s);
        }
        Overlay::ConfirmQuit => {
            let saved = match &app.save_path {
                Some(p) => format!("The game is saved to {} and can be resumed.", p.display()),
                None => "This game has no save file: it will be lost.".into(),
            };
            let lines = vec![
                Line::from("Quit the game?"),
                Line::from(""),
                Line::from(saved),
                Line::from(""),
                Line::from("q, y or Enter: save and quit    any other key: back to the game"),
            ];
            popup(frame, " Quit? ", lines, 0);
        }
        Overlay::Explain(i) => popup(
            frame,
            " The rule explained (up/down: other events; any key closes) ",
            explain_lines(app, i),
            0,
        ),
    }
}

/// Log line `i` and the rule behind it in the project's words (`dust_data::explain`), its
/// rulings and its citation.
pub fn explain_lines(app: &App, i: usize) -> Vec<Line<'static>> {
    let Some(l) = app.log.get(i) else {
        return vec![Line::from("no such event")];
    };
    let mut out = vec![
        Line::from(vec![
            Span::styled("Event: ", Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(l.text.clone()),
        ]),
        Line::from(""),
    ];
    let Some(rule) = l.rule else {
        out.push(Line::from("No rule is cited for this event."));
        return out;
    };
    match dust_data::explain::explain(rule) {
        Some(e) => {
            out.push(Line::from(e.words.to_string()));
            for r in &e.rulings {
                out.push(Line::from(""));
                out.push(Line::from(vec![
                    Span::styled(format!("Ruling — {}: ", r.title), Style::default().add_modifier(Modifier::BOLD)),
                    Span::raw(r.answer.clone()),
                ]));
            }
        }
        None => out.push(Line::from(
            "Not explained yet in the project's words: read the rulebook section below.",
        )),
    }
    out.push(Line::from(""));
    out.push(Line::from(Span::styled(
        format!("Rulebook: {rule}"),
        Style::default().fg(Color::Gray),
    )));
    out
}

fn waiting_text(app: &App) -> String {
    match app.game.pending() {
        Pending::GameOver { winner } => {
            let vp = app.game.victory_points();
            match winner {
                Some(w) => format!("Side {w} wins, {} to {} VP. Enter or q quits.", vp.a, vp.b),
                None => format!("A draw, {} to {} VP. Enter or q quits.", vp.a, vp.b),
            }
        }
        Pending::Chance(_) => "Dice are rolling…".into(),
        Pending::Decision { .. } => "The AI is thinking…".into(),
    }
}

pub(crate) fn focus_style(on: bool) -> Style {
    if on {
        Style::default().fg(Color::LightYellow)
    } else {
        Style::default()
    }
}

/// A log entry wrapped to `width` columns: the event in its side's colour, then the rule,
/// dimmed.
pub(crate) fn log_line_short(l: &crate::app::LogLine, width: usize) -> Vec<Line<'static>> {
    let text_style = Style::default().fg(l.side.map_or(Color::Reset, side_color));
    let rule_style = Style::default().fg(Color::DarkGray);
    let mut words: Vec<(String, Style)> = l.text.split_whitespace().map(|w| (w.to_string(), text_style)).collect();
    if let Some(r) = l.rule {
        words.push(("·".to_string(), rule_style));
        words.extend(short_rule(r).split_whitespace().map(|w| (w.to_string(), rule_style)));
    }
    let width = width.max(8);
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut cur: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (w, st) in words {
        let len = w.chars().count();
        if used > 0 && used + 1 + len > width {
            out.push(Line::from(std::mem::take(&mut cur)));
            used = 0;
        }
        let indent = if used == 0 && !out.is_empty() { "  " } else { "" };
        let piece = if used == 0 { format!("{indent}{w}") } else { format!(" {w}") };
        used += piece.chars().count();
        cur.push(Span::styled(piece, st));
    }
    if !cur.is_empty() {
        out.push(Line::from(cur));
    }
    out
}

fn log_line_full(l: &crate::app::LogLine) -> Vec<Line<'static>> {
    let mut v = vec![Line::styled(
        l.text.clone(),
        Style::default().fg(l.side.map_or(Color::Reset, side_color)),
    )];
    if let Some(r) = l.rule {
        v.push(Line::styled(format!("    rule: {r}"), Style::default().fg(Color::Gray)));
    }
    v
}

/// The help text: every key.
pub fn help_lines() -> Vec<Line<'static>> {
    [
        "Arrows / hjkl   up/down: move in the list of choices (or the board cursor",
        "                when the board has the focus); left/right: board cursor",
        "Tab             focus: list or board    1-9 highlight choice 1-9",
        "Enter / Space   confirm the highlighted choice (on the board: the space",
        "                under the cursor, if it is highlighted)",
        "u / Backspace   take back your last choice (until dice roll; set-up too)",
        "n               next unit on the board  :   type a decision (move C4)",
        "PgUp / PgDn     scroll the log          L   the whole log, with rules",
        "r               the rulings             s   save now (also every round)",
        "? / F1  this help   w  why did the AI do that?   q / Esc  quit (asks)",
        "e               explain the last event's rule   t  tutorial: lesson/log",
        "Mouse           click a space or a choice; click it again to confirm",
        "Board: S squad, H hero, V vehicle, A aircraft (digit: health, + several",
        "units, = other squares of a large model); . open  ^ trees  ~ water",
        "w swamp  x rubble  s smoke  # no dot  a ammo crate  t anti-tank trap",
        "* objective  o planned move;  grey background: inside a structure,",
        "│ wall  ╎┆ entrance, underline: wall on the south side.",
        "▲▼◀▶ on the borders: more board that way; map: the part in view is lit.",
        "Highlights: green = legal move (× no target from there), cyan = unit to",
        "choose; red/yellow/magenta: target in no/soft/hard cover; grey: no LOS.",
    ]
    .into_iter()
    .map(Line::from)
    .collect()
}

fn popup(frame: &mut Frame, title: &str, lines: Vec<Line<'static>>, scroll: u16) {
    let area = frame.area();
    let w = area.width.saturating_sub(4).min(100);
    let h = area.height.saturating_sub(2);
    let r = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + 1,
        width: w,
        height: h,
    };
    let max = (lines.len() as u16).saturating_sub(h.saturating_sub(2));
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title.to_string()))
            .scroll((scroll.min(max), 0)),
        r,
    );
}
