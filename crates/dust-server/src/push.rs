//! What a game's WebSocket is sent (issue 16, "Fast enough to matter"): the whole state once,
//! when the socket opens (or after the players' set-up), then after every change an `update`
//! with what changed only — the fields that every state carries and that are small, the units
//! whose JSON changed, the board only if it changed, the new events, and the legal decisions
//! only to the seat that must take them.
//!
//! The JSON is written straight from `serde` structs into one buffer, with no intermediate
//! maps, and what every viewer of a change shares is written once per change: a
//! [`Snapshot`] kept in the game's cell, which each socket's message is put together from.

use crate::view::{self, Declaration};
use dust_core::game::{Event, Game, Pending, UnitId};
use dust_core::{Side, Square};
use serde::Serialize;
use std::fmt::{Debug, Display};
use std::sync::Arc;

/// A value written as its `Display` text (no intermediate `String`).
pub(crate) struct Text<T>(pub T);

impl<T: Display> Serialize for Text<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// A value written as its `Debug` text.
pub(crate) struct DebugText<T>(pub T);

impl<T: Debug> Serialize for DebugText<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("{:?}", self.0))
    }
}

/// A list written as the `Display` text of each item.
pub(crate) struct Texts<'a, T>(pub &'a [T]);

impl<T: Display> Serialize for Texts<'_, T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(Text))
    }
}

type Sq = Text<Square>;

/// One unit with its card and its state (`view::unit_json`).
#[derive(Serialize)]
pub(crate) struct UnitView<'a> {
    id: u8,
    name: &'a str,
    side: &'static str,
    kind: &'static str,
    /// Battlefront aircraft fly ("Aircraft Move Over Terrain", "Line of Sight to Aircraft"):
    /// the page draws them apart and says so.
    flies: bool,
    at: Option<Sq>,
    /// Every square of a large or huge model, its front square (`at`) first (battlefront
    /// "Vehicle and Aircraft Size"); one square otherwise; none off the board.
    squares: Vec<Sq>,
    health: u8,
    max_health: u8,
    models: Vec<bool>,
    /// How the token is drawn: a battlefront vehicle's locomotion (walker, tracked, wheeled);
    /// a revised card does not say.
    locomotion: Option<&'static str>,
    /// Facing matters in the battlefront edition only ("1) Check Field of Fire").
    facing: Option<&'static str>,
    activated: bool,
    moved: bool,
    destroyed: bool,
    joined: Option<u8>,
    heroic: bool,
    provisional: bool,
    movement: u8,
    armor: Text<dust_core::Armor>,
    ap: u16,
    soft_cover: Option<DebugText<dust_core::dice::Face>>,
    hard_cover: Option<DebugText<dust_core::dice::Face>>,
    skills: Vec<SkillView>,
    weapons: Vec<WeaponView<'a>>,
}

#[derive(Serialize)]
struct SkillView {
    name: &'static str,
    used: bool,
}

#[derive(Serialize)]
struct WeaponView<'a> {
    line: usize,
    name: &'a str,
    range: Text<&'a dust_core::WeaponRange>,
    soldier: Texts<'a, dust_core::CombatValue>,
    vehicle: Texts<'a, dust_core::CombatValue>,
    ammo: Option<u8>,
    ammo_max: Option<u8>,
    carriers: Option<u32>,
}

impl<'a> UnitView<'a> {
    pub(crate) fn new(g: &Game, id: UnitId, u: &'a dust_core::game::Unit) -> UnitView<'a> {
        let c = &*u.card;
        UnitView {
            id: id.0,
            name: &c.name,
            side: view::side_name(u.side),
            kind: view::kind_name(c.kind),
            flies: c.kind == dust_core::UnitKind::Aircraft && g.edition() == dust_core::Edition::Battlefront,
            at: u.at.map(Text),
            squares: g.unit_squares(id).into_iter().map(Text).collect(),
            health: u.health,
            max_health: c.health,
            models: (0..c.models.len()).map(|i| i < 32 && u.alive & (1 << i) != 0).collect(),
            locomotion: u.bf.as_ref().and_then(|b| b.locomotion).map(dust_core::unit::Locomotion::name),
            facing: (g.edition() == dust_core::Edition::Battlefront && u.at.is_some()).then(|| u.facing.name()),
            activated: u.activated,
            moved: u.moved,
            destroyed: u.destroyed,
            joined: u.joined.map(|j| j.0),
            heroic: u.heroic,
            provisional: c.is_provisional(),
            movement: c.movement,
            armor: Text(c.armor),
            ap: c.ap,
            soft_cover: c.soft_cover.map(DebugText),
            hard_cover: c.hard_cover.map(DebugText),
            skills: c
                .skills
                .iter()
                .map(|s| SkillView {
                    name: s.name(),
                    used: u.used.contains(s),
                })
                .collect(),
            weapons: c
                .weapons
                .iter()
                .enumerate()
                .map(|(i, w)| WeaponView {
                    line: i,
                    name: &w.name,
                    range: Text(&w.range),
                    soldier: Texts(&w.table.soldier),
                    vehicle: Texts(&w.table.vehicle),
                    ammo: w.ammo.map(|_| u.ammo.get(i).copied().unwrap_or(0)),
                    ammo_max: w.ammo,
                    carriers: (c.kind == dust_core::UnitKind::Squad).then(|| u.carriers(i)),
                })
                .collect(),
        }
    }
}

/// The board as drawn (`view::board_json_of`).
#[derive(Serialize)]
pub(crate) struct BoardView<'a> {
    width: u8,
    height: u8,
    squares: Vec<SquareView>,
    walls: Vec<WallView>,
    structures: Vec<NameView<'a>>,
    objectives: Vec<ObjectiveView<'a>>,
}

#[derive(Serialize)]
struct SquareView {
    t: &'static str,
    cover: Option<&'static str>,
    structure: Option<u8>,
}

#[derive(Serialize)]
struct WallView {
    a: Sq,
    b: Sq,
    kind: &'static str,
}

#[derive(Serialize)]
struct NameView<'a> {
    name: &'a str,
}

#[derive(Serialize)]
struct ObjectiveView<'a> {
    name: &'a str,
    at: Sq,
    points: u32,
    /// What holding it does, in words ([`dust_core::game::ObjectiveSetup::terms`]).
    terms: String,
}

impl<'a> BoardView<'a> {
    pub(crate) fn new(b: &'a dust_core::Board, objectives: &'a [dust_core::game::ObjectiveSetup]) -> BoardView<'a> {
        use dust_core::{Edge, EntranceSize};
        let mut squares = Vec::with_capacity(b.len());
        let mut walls = Vec::new();
        for s in b.squares() {
            squares.push(SquareView {
                t: view::terrain_code(b.terrain(s)),
                cover: b.cover(s).map(|c| c.name()),
                structure: b.structure_at(s).map(|x| x.0),
            });
            for (dc, dr) in [(1, 0), (0, 1)] {
                let Some(n) = s.offset(dc, dr).filter(|n| b.contains(*n)) else {
                    continue;
                };
                let kind = match b.edge(s, n) {
                    Edge::Open => continue,
                    Edge::Wall => "wall",
                    Edge::Entrance(EntranceSize::Small) => "small",
                    Edge::Entrance(EntranceSize::Large) => "large",
                };
                walls.push(WallView {
                    a: Text(s),
                    b: Text(n),
                    kind,
                });
            }
        }
        BoardView {
            width: b.width(),
            height: b.height(),
            squares,
            walls,
            structures: b.structures().iter().map(|s| NameView { name: &s.name }).collect(),
            objectives: objectives
                .iter()
                .map(|o| ObjectiveView {
                    name: &o.name,
                    at: Text(o.at),
                    points: o.points,
                    terms: o.terms(),
                })
                .collect(),
        }
    }
}

/// One event of the log (`view::events_json`).
#[derive(Serialize)]
pub(crate) struct EventView {
    i: usize,
    text: String,
    rule: &'static str,
    side: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dice: Option<DiceView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    casualty: Option<bool>,
    /// Who moved or fired where, for the board to animate.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Sq>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Sq>,
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<u8>,
}

#[derive(Serialize)]
struct DiceView {
    purpose: String,
    dice: u16,
    successes: u16,
}

impl EventView {
    pub(crate) fn new(g: &Game, i: usize, e: &Event) -> EventView {
        let (dice, casualty) = match e {
            Event::Rolled { purpose, dice, successes } => (
                Some(DiceView {
                    purpose: purpose.words(),
                    dice: *dice,
                    successes: *successes,
                }),
                None,
            ),
            Event::Wounded(..) | Event::Damaged(..) | Event::Destroyed { .. } => (None, Some(true)),
            _ => (None, None),
        };
        let (unit, from, to, target) = match e {
            Event::Moved(u, [from, to]) => (Some(u.0), Some(Text(*from)), Some(Text(*to)), None),
            Event::Entered(u, to) => (Some(u.0), None, Some(Text(*to)), None),
            Event::Fired {
                unit,
                target: dust_core::game::Target::Unit(t),
                ..
            } => (Some(unit.0), None, None, Some(t.0)),
            _ => (None, None, None, None),
        };
        EventView {
            i,
            text: e.describe(g),
            rule: view::event_rule(e),
            side: view::event_side(g, e).map(view::side_name),
            dice,
            casualty,
            unit,
            from,
            to,
            target,
        }
    }
}

/// Events `from..` of the log as a JSON array.
pub(crate) fn events_array(g: &Game, from: usize) -> String {
    let list: Vec<EventView> = g
        .events()
        .iter()
        .enumerate()
        .skip(from)
        .map(|(i, e)| EventView::new(g, i, e))
        .collect();
    json(&list)
}

/// JSON text of a value made of the structs above (they always serialize).
pub(crate) fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

/// A content hash of a JSON text (the board: is it the one a socket has?).
fn text_hash(s: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// What every viewer of a game is shown after one change, written once (issue 16).
pub struct Snapshot {
    /// The decisions and events it was written for.
    key: (usize, usize),
    /// `"ply":…,"round":…,…`: the small fields every state carries, without braces.
    common: String,
    /// The side that must decide, if any.
    pub pending_side: Option<Side>,
    /// The legal decisions in words, a JSON array.
    decisions: String,
    /// Each unit's JSON: a unit unchanged since the snapshot before keeps the same `Arc`.
    units: Vec<Arc<str>>,
    /// The board's JSON, the same `Arc` while the board does not change.
    board: Arc<str>,
    board_hash: u64,
    events_total: usize,
    /// The events from `events_from` (the snapshot before's `events_total`), a JSON array.
    events_from: usize,
    events: String,
}

impl Snapshot {
    /// Whether this snapshot shows `g` after `decisions` decisions.
    pub fn is_of(&self, g: &Game, decisions: usize) -> bool {
        self.key == (decisions, g.events().len())
    }

    /// Writes what `g` shows after `decisions`; `before` is the snapshot of the change before
    /// (its unchanged units and board are shared, its events are not written again).
    pub fn new(g: &Game, decisions: &[dust_core::game::Decision], before: Option<&Snapshot>) -> Snapshot {
        let decl = Declaration::of(g);
        let pending_side = match g.pending() {
            Pending::Decision { side } => Some(side),
            _ => None,
        };
        let options: Vec<view::DecisionView> = if pending_side.is_some() {
            g.legal_decisions().into_iter().map(|d| view::decision_view(g, &decl, d)).collect()
        } else {
            Vec::new()
        };
        let vp = g.victory_points();
        #[derive(Serialize)]
        struct Vp {
            a: u32,
            b: u32,
        }
        #[derive(Serialize)]
        struct Declaring {
            unit: u8,
            plan: Option<Text<dust_core::game::Plan>>,
            moves: Vec<Sq>,
            origin: Option<Sq>,
        }
        #[derive(Serialize)]
        struct Common {
            ply: usize,
            round: u8,
            round_limit: u8,
            turn: &'static str,
            vp: Vp,
            hash: String,
            pending: serde_json::Value,
            declaring: Option<Declaring>,
            last_decision: Option<Text<dust_core::game::Decision>>,
            events_total: usize,
        }
        let common = json(&Common {
            ply: decisions.len(),
            round: g.round(),
            round_limit: g.round_limit(),
            turn: view::side_name(g.turn()),
            vp: Vp { a: vp.a, b: vp.b },
            hash: format!("{:#018x}", g.state_hash()),
            pending: view::pending_json(g),
            declaring: decl.unit.map(|u| Declaring {
                unit: u.0,
                plan: decl.plan.map(Text),
                moves: decl.moves.iter().copied().map(Text).collect(),
                origin: decl.origin(g).map(Text),
            }),
            last_decision: decisions.last().copied().map(Text),
            events_total: g.events().len(),
        });
        // Without its braces: the message puts its own fields around it.
        let common = common[1..common.len() - 1].to_string();
        let units = g
            .units()
            .iter()
            .enumerate()
            .map(|(i, u)| {
                let text = json(&UnitView::new(g, UnitId(i as u8), u));
                match before.and_then(|b| b.units.get(i)) {
                    Some(old) if **old == *text => old.clone(),
                    _ => Arc::from(text),
                }
            })
            .collect();
        let board_text = json(&BoardView::new(g.board(), g.objectives()));
        let board_hash = text_hash(&board_text);
        let board = match before {
            Some(b) if b.board_hash == board_hash && *b.board == *board_text => b.board.clone(),
            _ => Arc::from(board_text),
        };
        let events_from = before.map_or(0, |b| b.events_total).min(g.events().len());
        Snapshot {
            key: (decisions.len(), g.events().len()),
            common,
            pending_side,
            decisions: json(&options),
            units,
            board,
            board_hash,
            events_total: g.events().len(),
            events_from,
            events: events_array(g, events_from),
        }
    }
}

/// What one socket was last sent (issue 16): an `update` carries only what differs from it.
#[derive(Default)]
pub struct Pushed {
    /// The units as last sent (the snapshot's `Arc`s).
    units: Vec<Arc<str>>,
    /// The board as last sent; `None`: nothing of the game sent yet, the next is a `state`.
    board: Option<Arc<str>>,
    /// Events the socket has.
    pub(crate) events_seen: usize,
    /// The game's undo count ([`crate::hub::Live::epoch`]) when the socket was last sent
    /// something: after an undo its events and units are not the game's any more.
    pub(crate) epoch: Option<u64>,
}

impl Pushed {
    /// A socket that has `events_seen` events already (`?since=`) and nothing else.
    pub fn new(events_seen: usize) -> Pushed {
        Pushed {
            events_seen,
            ..Pushed::default()
        }
    }
    /// Whether nothing of the game was sent yet: the next message is a whole `state`.
    pub(crate) fn is_fresh(&self) -> bool {
        self.board.is_none()
    }
    /// The next message must be a whole state (the players' set-up was shown meanwhile).
    pub(crate) fn forget(&mut self) {
        self.units.clear();
        self.board = None;
    }
    /// Notes the game's undo count `epoch`: when decisions were taken back since the socket
    /// was last sent something, the next message is a whole `state` with every event
    /// (`events_from` 0: the page starts its log again).
    pub(crate) fn at_epoch(&mut self, epoch: u64) {
        if self.epoch.is_some_and(|e| e != epoch) {
            self.forget();
            self.events_seen = 0;
        }
        self.epoch = Some(epoch);
    }
}

/// The fields of a message that depend on who looks.
pub struct ViewerPart<'a> {
    /// The side the viewer plays, if any.
    pub you: Option<Side>,
    /// A spectator looks.
    pub spectator: bool,
    /// The viewer may download the record.
    pub record_available: bool,
    /// The dice seed, when the viewer may read the record.
    pub seed: Option<u64>,
    /// An AI decides now.
    pub thinking: bool,
    /// Why the stored game is damaged, if it is (read-only: no decision is offered).
    pub corrupt: Option<&'a str>,
    /// The fields of a whole state only (`"id":…,"scenario":…`), without braces.
    pub fixed: String,
    /// Fields sent in every message, whole or update (the undo, the AI's words, the summary,
    /// the tutorial's lessons), without braces; may be empty.
    pub each: String,
}

/// The message for one socket: a whole `state` the first time, else an `update` (see the
/// module's documentation). `g` is the game the snapshot shows (for a socket behind on the
/// events).
pub fn message(snap: &Snapshot, g: &Game, who: &ViewerPart<'_>, pushed: &mut Pushed) -> String {
    let full = pushed.board.is_none();
    let corrupt = who.corrupt.is_some();
    let yours = !corrupt && snap.pending_side.is_some() && snap.pending_side == who.you;
    let mut m = String::with_capacity(if full { 64 * 1024 } else { 4096 });
    m.push_str(if full { "{\"type\":\"state\"," } else { "{\"type\":\"update\"," });
    m.push_str(&snap.common);
    #[derive(Serialize)]
    struct Who<'a> {
        you: Option<&'static str>,
        yours: bool,
        spectator: bool,
        thinking: bool,
        record_available: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        seed: Option<String>,
        corrupt: Option<&'a str>,
    }
    let w = json(&Who {
        you: who.you.map(view::side_name),
        yours,
        spectator: who.spectator,
        thinking: who.thinking,
        record_available: who.record_available,
        seed: who.seed.map(|s| s.to_string()),
        corrupt: who.corrupt,
    });
    m.push(',');
    m.push_str(&w[1..w.len() - 1]);
    if full && !who.fixed.is_empty() {
        m.push(',');
        m.push_str(&who.fixed);
    }
    if !who.each.is_empty() {
        m.push(',');
        m.push_str(&who.each);
    }
    // The legal decisions: in a whole state for everyone (as `GET /api/games/ID`), in an
    // update only to the seat that must take them.
    m.push_str(",\"decisions\":");
    m.push_str(if !corrupt && (full || yours) { &snap.decisions } else { "[]" });
    m.push_str(",\"units\":[");
    let mut first = true;
    for (i, u) in snap.units.iter().enumerate() {
        if full || pushed.units.get(i).is_none_or(|old| !Arc::ptr_eq(old, u)) {
            if !first {
                m.push(',');
            }
            first = false;
            m.push_str(u);
        }
    }
    m.push(']');
    if pushed.board.as_ref().is_none_or(|b| !Arc::ptr_eq(b, &snap.board)) {
        m.push_str(",\"board\":");
        m.push_str(&snap.board);
    }
    // A socket that has more events than the game (decisions were taken back since) is sent
    // them all again.
    let from = if pushed.events_seen > snap.events_total {
        0
    } else {
        pushed.events_seen
    };
    m.push_str(&format!(",\"events_from\":{from},\"events\":"));
    if from == snap.events_from {
        m.push_str(&snap.events);
    } else {
        m.push_str(&events_array(g, from));
    }
    m.push('}');
    pushed.units.clone_from(&snap.units);
    pushed.board = Some(snap.board.clone());
    pushed.events_seen = snap.events_total;
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{setup_for, Played};
    use serde_json::Value;

    fn who(you: Option<Side>) -> ViewerPart<'static> {
        ViewerPart {
            you,
            spectator: you.is_none(),
            record_available: false,
            seed: None,
            thinking: false,
            corrupt: None,
            fixed: String::new(),
            each: String::new(),
        }
    }

    /// The structs write what the `serde_json::Value` views wrote: the page reads the same keys.
    #[test]
    fn the_written_state_is_the_state() {
        let mut p = Played::new(setup_for("annihilation", None).unwrap(), 5).unwrap();
        let mut pick = dust_core::GameRng::new(2);
        for _ in 0..30 {
            let o = p.game.legal_decisions();
            p.apply(o[pick.index(o.len())]).unwrap();
        }
        let snap = Snapshot::new(&p.game, &p.decisions, None);
        let side = snap.pending_side;
        let v: Value = serde_json::from_str(&message(&snap, &p.game, &who(side), &mut Pushed::new(0))).unwrap();
        let old = view::state_json(&p.game, &p.decisions, side, 0);
        for key in [
            "ply",
            "round",
            "round_limit",
            "turn",
            "vp",
            "hash",
            "pending",
            "yours",
            "declaring",
            "decisions",
            "last_decision",
            "units",
            "board",
            "events_total",
            "events_from",
            "events",
        ] {
            assert_eq!(v[key], old[key], "{key}");
        }
        assert_eq!(v["type"], "state");
    }

    /// Issue 16: after the whole state, a socket is sent what changed: the units that changed,
    /// no board while it is unchanged, the new events only, and the legal decisions only to
    /// the seat that must take them. Put together, they give the whole state again.
    #[test]
    fn an_update_carries_what_changed_and_adds_up_to_the_state() {
        let mut p = Played::new(setup_for("annihilation", None).unwrap(), 9).unwrap();
        let mut sockets = [(Side::A, Pushed::new(0), Value::Null), (Side::B, Pushed::new(0), Value::Null)];
        let mut snap = Snapshot::new(&p.game, &p.decisions, None);
        for (side, pushed, st) in &mut sockets {
            *st = serde_json::from_str(&message(&snap, &p.game, &who(Some(*side)), pushed)).unwrap();
        }
        let mut pick = dust_core::GameRng::new(4);
        let mut saw_partial = false;
        for _ in 0..60 {
            if !matches!(p.game.pending(), Pending::Decision { .. }) {
                break;
            }
            let o = p.game.legal_decisions();
            p.apply(o[pick.index(o.len())]).unwrap();
            let next = Snapshot::new(&p.game, &p.decisions, Some(&snap));
            assert!(next.is_of(&p.game, p.decisions.len()));
            snap = next;
            for (side, pushed, st) in &mut sockets {
                let text = message(&snap, &p.game, &who(Some(*side)), pushed);
                let u: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(u["type"], "update");
                assert!(u.get("board").is_none(), "the board of annihilation does not change here");
                let changed = u["units"].as_array().unwrap();
                saw_partial |= changed.len() < p.game.units().len();
                // The page's merge (assets/app.js, `absorbUpdate`).
                let mut units = st["units"].as_array().unwrap().clone();
                for x in changed {
                    units[x["id"].as_u64().unwrap() as usize] = x.clone();
                }
                let mut events = st["events"].as_array().unwrap().clone();
                events.extend(u["events"].as_array().unwrap().iter().cloned());
                let whole = view::state_json(&p.game, &p.decisions, Some(*side), 0);
                assert_eq!(Value::Array(units.clone()), whole["units"]);
                assert_eq!(Value::Array(events.clone()), whole["events"]);
                for key in ["ply", "hash", "pending", "yours", "declaring", "vp", "round", "turn"] {
                    assert_eq!(u[key], whole[key], "{key}");
                }
                if whole["yours"] == true {
                    assert_eq!(u["decisions"], whole["decisions"]);
                } else {
                    assert_eq!(
                        u["decisions"],
                        Value::Array(Vec::new()),
                        "only the seat to move is told its choices"
                    );
                }
                st["units"] = Value::Array(units);
                st["events"] = Value::Array(events);
            }
        }
        assert!(saw_partial, "some update left out unchanged units");
    }
}
