//! What the page is shown, as JSON: the board, the units and their cards, what the game waits
//! for, the legal decisions in words (with line of sight, cover and the exact odds of each
//! aimed weapon line), the targets of a unit, and the event log with the rule behind each event.

use dust_core::battlefront::weapons::count_words;
use dust_core::game::{Action, Casualty, Decision, Event, Game, Optional, Pending, Plan, RollPurpose, Target, Unit, UnitId, HERO_LINE};
use dust_core::odds::from_game::{declared_attack, joined_hero, unit_attack, Declared};
use dust_core::odds::{odds_or_without_hero, Odds};
use dust_core::{line_of_sight, range, Blocked, Cover, CoverLevel, PieceKind, Side, Square, Terrain, UnitKind, WeaponLine};
use serde_json::{json, Value};

pub(crate) fn side_name(s: Side) -> &'static str {
    match s {
        Side::A => "A",
        Side::B => "B",
    }
}

/// A terrain as the page names it.
pub(crate) fn terrain_code(t: Terrain) -> &'static str {
    match t {
        Terrain::Open => "open",
        Terrain::Water => "water",
        Terrain::Rubble => "rubble",
        Terrain::Trees => "trees",
        Terrain::Swamp => "swamp",
        Terrain::Smoke => "smoke",
        Terrain::NoDot => "nodot",
    }
}

/// The board as drawn: terrain and cover element per space (row-major from A1), structures,
/// walls and entrances, entry spaces and objectives.
pub fn board_json(g: &Game) -> Value {
    board_json_of(g.board(), g.objectives())
}

/// [`board_json`] of a board and its objectives (the table of the players' set-up too).
pub fn board_json_of(b: &dust_core::Board, objectives: &[dust_core::game::ObjectiveSetup]) -> Value {
    serde_json::to_value(crate::push::BoardView::new(b, objectives)).unwrap_or(Value::Null)
}

/// A unit kind as the page names it.
pub(crate) fn kind_name(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Squad => "squad",
        UnitKind::Hero => "hero",
        UnitKind::Vehicle => "vehicle",
        UnitKind::Aircraft => "aircraft",
    }
}

/// One unit with its card and its state.
pub fn unit_json(g: &Game, id: UnitId, u: &Unit) -> Value {
    serde_json::to_value(crate::push::UnitView::new(g, id, u)).unwrap_or(Value::Null)
}

/// The declaration in progress, as the game holds it.
#[derive(Clone, Debug, Default)]
pub struct Declaration {
    /// The unit declaring.
    pub unit: Option<UnitId>,
    /// Its plan, once chosen.
    pub plan: Option<Plan>,
    /// The move destinations chosen so far.
    pub moves: Vec<Square>,
    /// The weapon lines aimed so far, and the order chosen so far for them to fire (`fire`
    /// decisions, revised edition; `dust_core::odds::from_game::declared_lines` reads both).
    pub aims: Vec<Decision>,
}

impl Declaration {
    /// The declaration of the unit `g.declaring()`, as the game holds it (in the battlefront
    /// edition an activation is declared part by part, with the enemy's reaction between the
    /// parts: its Moves made so far are included, the reaction's decisions are not).
    pub fn of(g: &Game) -> Declaration {
        let Some(unit) = g.declaring() else {
            return Declaration::default();
        };
        Declaration {
            unit: Some(unit),
            plan: g.declared_plan(),
            moves: g.declared_moves(),
            aims: g.declared_aims(),
        }
    }

    /// The aim of weapon line `line` in this declaration, if it was aimed at something.
    pub fn aim_of(&self, line: u8) -> Option<Decision> {
        self.aims
            .iter()
            .rev()
            .find(|a| matches!(a, Decision::Aim { line: l, target: Some(_), .. } if *l == line))
            .copied()
    }

    /// Where the unit attacks from: after its first move for "move, attack", after its last
    /// for a charge, else where it stands.
    pub fn origin(&self, g: &Game) -> Option<Square> {
        let at = g.units().get(usize::from(self.unit?.0))?.at;
        match self.plan {
            Some(Plan::Two(Action::Move, Action::Attack)) => self.moves.first().copied().or(at),
            Some(Plan::Charge) => self.moves.last().copied().or(at),
            // Three actions (battlefront Ace Pilot): after the moves before the attack.
            Some(p @ Plan::Three(..)) if p.moves_before(Action::Attack) => self.moves.last().copied().or(at),
            _ => at,
        }
    }
}

/// Line of sight and cover from `from` (where `shooter` would stand) to `to`.
pub fn sight(g: &Game, shooter: &Unit, from: Square, to: Square, target: PieceKind) -> Result<Cover, Blocked> {
    let mut occ = g.occupancy().clone();
    if let Some(at) = shooter.at {
        if at != from {
            occ.remove(at, shooter.piece(), shooter.side);
            occ.place(from, shooter.piece(), shooter.side);
        }
    }
    let shot = dust_core::Shot {
        from,
        to,
        attacker: shooter.piece(),
        target,
    };
    line_of_sight(g.board(), &occ, &shot)
}

/// The squares of unit `u` if it stands at `at`: all the squares of a large or huge model where
/// it stands now, else `at` alone.
fn squares_at(g: &Game, u: UnitId, at: Square) -> Vec<Square> {
    if g.unit(u).at == Some(at) {
        let v = g.unit_squares(u);
        if !v.is_empty() {
            return v;
        }
    }
    vec![at]
}

/// The range between unit `u` at `from` and unit `t` where it stands, nearest squares
/// (battlefront "2) Check Range": "targeting any of their squares").
pub fn unit_range(g: &Game, u: UnitId, from: Square, t: UnitId) -> u32 {
    let Some(to) = g.unit(t).at else { return u32::MAX };
    let theirs = squares_at(g, t, to);
    squares_at(g, u, from)
        .iter()
        .flat_map(|&a| theirs.iter().map(move |&b| range(a, b)))
        .min()
        .unwrap_or_else(|| range(from, to))
}

/// Battlefront line of sight and cover of `t` against unit `u` attacking from `from`: `None`
/// without line of sight (no square of one sees a square of the other), else whether the
/// target is in cover (`Game::bf_target_in_cover`, "Cover Saves").
pub fn bf_sight(g: &Game, u: UnitId, from: Square, t: UnitId) -> Option<bool> {
    use dust_core::battlefront::{sees, sees_footprints};
    let to = g.unit(t).at?;
    let (mine, theirs) = (squares_at(g, u, from), squares_at(g, t, to));
    let seen = if mine.len() == 1 && theirs.len() == 1 {
        sees(g.board(), g.occupancy(), from, to)
    } else {
        sees_footprints(g.board(), g.occupancy(), &mine, &theirs)
    };
    seen.then(|| g.bf_target_in_cover(u, from, t))
}

/// [`bf_sight`] as the JSON of [`sight_json`]: "in cover" is drawn as soft cover.
pub fn bf_sight_json(s: Option<bool>, infantry: bool) -> Value {
    match s {
        None => {
            json!({ "ok": false, "level": "blocked", "reason": "no line of sight from any point of the attacker's square to any point of the target's" })
        }
        Some(true) => json!({ "ok": true, "level": "soft", "reasons": [if infantry {
            "in cover: infantry cover save (army symbol or shield)"
        } else {
            "in cover: vehicle cover save (army symbol)"
        }] }),
        Some(false) => json!({ "ok": true, "level": "none", "reasons": [if infantry {
            "not in cover: infantry save (army symbol)"
        } else {
            "not in cover: no save"
        }] }),
    }
}

fn target_piece(g: &Game, t: &Unit) -> PieceKind {
    // "a hero joined to a squad counts as a squad" (los.rs, Shot::target).
    if t.is_joined_hero() {
        return PieceKind::Squad;
    }
    let _ = g;
    t.piece()
}

/// Line of sight and cover as JSON: `{ok, level, reasons}` or `{ok: false, reason}`.
pub fn sight_json(c: &Result<Cover, Blocked>) -> Value {
    match c {
        Ok(c) => {
            let level = if c.not_a_squad { "none" } else { c.level.name() };
            let mut reasons = c.sources.reasons();
            if c.not_a_squad {
                reasons.push("no cover save: the target is not a squad".into());
            }
            if reasons.is_empty() {
                reasons.push("clear line of sight, no cover".into());
            }
            json!({ "ok": true, "level": level, "reasons": reasons })
        }
        Err(b) => json!({ "ok": false, "level": "blocked", "reason": b.to_string() }),
    }
}

/// The exact odds as JSON.
pub fn odds_json(o: &Odds) -> Value {
    let lines: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            json!({
                "line": l.line,
                "name": l.name,
                "value": l.value.to_string(),
                "dice": l.dice,
                "hits_mean": l.hits.mean(),
                "loss_mean": l.loss.mean(),
                "destroyed": l.destroyed,
                "ignores_cover": l.ignores_cover,
                "notes": l.notes,
            })
        })
        .collect();
    json!({
        "destroyed": o.destroyed,
        "at_least_one": o.loss.at_least(1),
        "mean": o.loss.mean(),
        "loss": o.loss.probs(),
        "at_least": o.loss.at_least_curve(),
        "attacker_loss": if o.close_combat { Some(o.attacker_loss.probs().to_vec()) } else { None },
        "lines": lines,
        "notes": o.notes,
        "truncation_error": o.truncation_error,
        // Battlefront: the hero joined to the target squad (`destroyed`, `mean` above are then
        // the squad's miniatures).
        "hero": o.hero.as_ref().map(hero_json),
        // The hero joined to the attacking squad: his losses to the retaliation in close combat
        // (`attacker_loss` is then the squad's miniatures).
        "attacker_hero": o.attacker_hero.as_ref().map(hero_json),
    })
}

fn hero_json(h: &dust_core::odds::HeroOdds) -> Value {
    json!({
        "loss": h.loss.probs(),
        "mean": h.loss.mean(),
        "destroyed": h.destroyed,
        "both_destroyed": h.both_destroyed,
    })
}

/// The weapon line `line` of unit `u` (hero lines from [`HERO_LINE`] are the joined hero's).
fn weapon_owner(g: &Game, u: UnitId, line: u8) -> Option<(UnitId, usize)> {
    let owner = if line >= HERO_LINE {
        g.units().get(usize::from(u.0))?.joined?
    } else {
        u
    };
    let li = usize::from(if line >= HERO_LINE { line - HERO_LINE } else { line });
    g.units().get(usize::from(owner.0))?.card.weapons.get(li)?;
    Some((owner, li))
}

/// The number given with the aim of `line` (`aim LINE TARGET N`) in words, after a comma: the
/// soldiers (crew weapons) firing it or the ammo spent
/// (`dust_core::battlefront::weapons::count_words`); empty for 0.
fn count_text(g: &Game, decl: &Declaration, line: u8, n: u8) -> String {
    let Some((o, li)) = decl.unit.and_then(|u| weapon_owner(g, u, line)).filter(|_| n > 0) else {
        return String::new();
    };
    let u = g.unit(o);
    format!(", {}", count_words(&u.card, u.bf.as_deref(), g.edition(), li, n))
}

/// The odds of the attack declared so far against `t`, with `extra` aimed too (or, for a
/// `fire` decision, against the target of that line, the line firing next).
fn declared_odds(g: &Game, decl: &Declaration, extra: Decision, cover: CoverLevel) -> Result<Odds, String> {
    let aim = match extra {
        Decision::Fire(l) => decl.aim_of(l),
        other => Some(other),
    };
    let Some(Decision::Aim {
        line,
        target: Some(Target::Unit(t)),
        ..
    }) = aim
    else {
        return Err("not an aimed line".into());
    };
    let unit = decl.unit.ok_or("no unit declaring")?;
    weapon_owner(g, unit, line).ok_or("no such weapon line")?;
    g.units().get(usize::from(t.0)).ok_or("no target")?;
    let how = Declared {
        plan: decl.plan,
        moves: !decl.moves.is_empty(),
        cover,
    };
    let spec = declared_attack(g, unit, t, decl.aims.iter().copied().chain(std::iter::once(extra)), how).map_err(|e| e.to_string())?;
    odds_or_without_hero(&spec).map_err(|e| e.to_string())
}

fn unit_name(g: &Game, u: UnitId) -> String {
    g.units()
        .get(usize::from(u.0))
        .map_or_else(|| u.to_string(), |x| format!("{} ({u})", x.card.name))
}

fn optional_text(o: Optional) -> &'static str {
    match o {
        Optional::Assault => "Assault (movement doubled, once per game)",
        Optional::Berserk => "Berserk (reroll misses, once per game)",
        Optional::AllInOne => "All In One (double dice, once per game)",
        Optional::HeroicAttack => "Heroic Attack (no damage to the hero this round, once per game)",
        Optional::Separate => "Separate: the hero leaves his squad for good",
        Optional::MedalOfHonor => "Medal of Honor (reroll one die, once per round)",
        Optional::Crush => "Crush the ammo crate in this space",
        Optional::FightingSpirit => "Fighting Spirit (hits on the target symbol too, once per game)",
    }
}

fn plan_text(p: Plan) -> String {
    match p {
        Plan::Sustained => "sustained attack (both actions: reroll misses)".into(),
        Plan::Charge => "charge: move, move, close combat".into(),
        other => other.to_string().replace(' ', ", then "),
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

/// One legal decision in words, with what the page needs to draw it: its kind, the space and
/// unit it is about, and for an aimed line the sight, cover and exact odds.
pub fn decision_json(g: &Game, decl: &Declaration, d: Decision) -> Value {
    serde_json::to_value(decision_view(g, decl, d)).unwrap_or(Value::Null)
}

/// One legal decision as the page is sent it ([`decision_json`]), written straight as JSON.
#[derive(serde::Serialize)]
pub(crate) struct DecisionView {
    text: crate::push::Text<Decision>,
    kind: &'static str,
    label: String,
    square: Option<crate::push::Text<Square>>,
    unit: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sight: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<crate::push::Text<Square>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    odds: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    odds_error: Option<String>,
}

/// [`decision_json`] as a struct.
pub(crate) fn decision_view(g: &Game, decl: &Declaration, d: Decision) -> DecisionView {
    let mut v = DecisionView {
        text: crate::push::Text(d),
        kind: "other",
        label: String::new(),
        square: None,
        unit: None,
        sight: None,
        range: None,
        from: None,
        odds: None,
        odds_error: None,
    };
    let (kind, label, square, unit): (&str, String, Option<Square>, Option<UnitId>) = match d {
        Decision::First(s) => ("first", format!("Side {s} activates first"), None, None),
        Decision::Activate(u) => {
            let at = g.units().get(usize::from(u.0)).and_then(|x| x.at);
            let label = match (at, g.bf_piloted(u)) {
                // A pilot activating on his own dismounts (battlefront "Piloting Vehicles").
                (Some(at), Some(v)) => format!("Activate {} at {at}: dismount from {}", unit_name(g, u), unit_name(g, v)),
                (Some(at), None) => format!("Activate {} at {at}", unit_name(g, u)),
                (None, _) => format!("Activate {} (enters the board)", unit_name(g, u)),
            };
            ("activate", label, at, Some(u))
        }
        Decision::Use(o, yes) => (
            "use",
            if o == Optional::Separate && g.edition() == dust_core::Edition::Battlefront {
                // Battlefront "Joining Infantry Squads": apart for this activation only.
                if yes {
                    "The squad activates without its hero this time (he may activate on his own)".into()
                } else {
                    "The hero activates with his squad this time".into()
                }
            } else if yes {
                format!("Use {}", optional_text(o))
            } else if o == Optional::Separate {
                "The hero stays with his squad".into()
            } else {
                format!("Do not use {}", optional_text(o).split(" (").next().unwrap_or("it"))
            },
            None,
            None,
        ),
        Decision::Plan(p) => ("plan", format!("Plan: {}", plan_text(p)), None, None),
        Decision::MoveTo(s) => {
            let entering = decl
                .unit
                .and_then(|u| g.units().get(usize::from(u.0)))
                .is_some_and(|u| u.at.is_none())
                && decl.moves.is_empty();
            let label = if entering {
                format!("Enter the board at {s}")
            } else {
                format!("Move to {s}")
            };
            ("move", label, Some(s), decl.unit)
        }
        Decision::Aim { line, target, ammo } => {
            let wname = decl
                .unit
                .and_then(|u| weapon_owner(g, u, line))
                .and_then(|(o, li)| {
                    g.units()
                        .get(usize::from(o.0))
                        .and_then(|x| x.card.weapons.get(li))
                        .map(|w| w.name.clone())
                })
                .unwrap_or_else(|| format!("line {line}"));
            match target {
                None => ("aim", format!("{wname}: hold fire"), None, None),
                Some(Target::Cover(s)) => {
                    let el = g.board().cover(s).map_or("cover element", |c| c.name());
                    ("aim", format!("{wname} at the {el} in {s}"), Some(s), None)
                }
                Some(Target::Unit(t)) => {
                    let tu = g.units().get(usize::from(t.0));
                    let to = tu.and_then(|x| x.at);
                    let shooter = decl.unit.and_then(|u| g.units().get(usize::from(u.0)));
                    let origin = decl.origin(g);
                    let mut cover = CoverLevel::None;
                    let bf = g.edition() == dust_core::Edition::Battlefront;
                    if let (true, Some(tu), Some(u), Some(from)) = (bf, tu, decl.unit, origin) {
                        let c = bf_sight(g, u, from, t);
                        if c == Some(true) {
                            cover = CoverLevel::Soft;
                        }
                        v.sight = Some(bf_sight_json(c, matches!(tu.card.kind, UnitKind::Squad | UnitKind::Hero)));
                        v.range = Some(unit_range(g, u, from, t));
                        v.from = Some(crate::push::Text(from));
                    } else if let (Some(tu), Some(to), Some(shooter), Some(from)) = (tu, to, shooter, origin) {
                        let c = sight(g, shooter, from, to, target_piece(g, tu));
                        if let Ok(c) = &c {
                            if !c.not_a_squad {
                                cover = c.level;
                            }
                        }
                        v.sight = Some(sight_json(&c));
                        v.range = Some(range(from, to));
                        v.from = Some(crate::push::Text(from));
                    }
                    match declared_odds(g, decl, d, cover) {
                        Ok(o) => v.odds = Some(odds_json(&o)),
                        Err(e) => v.odds_error = Some(e),
                    }
                    let count = count_text(g, decl, line, ammo);
                    ("aim", format!("{wname} at {}{count}", unit_name(g, t)), to, Some(t))
                }
            }
        }
        // Revised edition: the order in which the lines fire (tactics-revised-faq.md, "the
        // player chooses the order in which weapon lines fire"), with the odds against the
        // line's target when it fires next.
        Decision::Fire(line) => {
            let wname = decl
                .unit
                .and_then(|u| weapon_owner(g, u, line))
                .and_then(|(o, li)| {
                    g.units()
                        .get(usize::from(o.0))
                        .and_then(|x| x.card.weapons.get(li))
                        .map(|w| w.name.clone())
                })
                .unwrap_or_else(|| format!("line {line}"));
            match decl.aim_of(line) {
                Some(Decision::Aim {
                    target: Some(Target::Unit(t)),
                    ..
                }) => {
                    let tu = g.units().get(usize::from(t.0));
                    let to = tu.and_then(|x| x.at);
                    let shooter = decl.unit.and_then(|u| g.units().get(usize::from(u.0)));
                    let mut cover = CoverLevel::None;
                    if let (Some(tu), Some(to), Some(shooter), Some(from)) = (tu, to, shooter, decl.origin(g)) {
                        if let Ok(c) = sight(g, shooter, from, to, target_piece(g, tu)) {
                            if !c.not_a_squad {
                                cover = c.level;
                            }
                        }
                    }
                    match declared_odds(g, decl, d, cover) {
                        Ok(o) => v.odds = Some(odds_json(&o)),
                        Err(e) => v.odds_error = Some(e),
                    }
                    ("fire", format!("Fire {wname} (at {}) next", unit_name(g, t)), to, Some(t))
                }
                Some(Decision::Aim {
                    target: Some(Target::Cover(s)),
                    ..
                }) => ("fire", format!("Fire {wname} (at the cover element in {s}) next"), Some(s), None),
                _ => ("fire", format!("Fire {wname} next"), None, None),
            }
        }
        Decision::React(None) => ("react", "No reactive fire: let the enemy go on".into(), None, None),
        Decision::React(Some(u)) => (
            "react",
            format!("Reactive fire with {}", unit_name(g, u)),
            g.units().get(usize::from(u.0)).and_then(|x| x.at),
            Some(u),
        ),
        Decision::Retaliate(true) => ("retaliate", "Retaliate in close combat".into(), None, None),
        Decision::Retaliate(false) => ("retaliate", "Do not retaliate".into(), None, None),
        Decision::Casualty(Casualty::Model(m)) => {
            let carried = casualty_unit(g)
                .and_then(|u| {
                    let card = &g.units().get(usize::from(u.0))?.card;
                    let model = card.models.get(usize::from(m))?;
                    let names: Vec<&str> = card
                        .weapons
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i < 32 && model.weapons & (1 << i) != 0)
                        .map(|(_, w)| w.name.as_str())
                        .collect();
                    Some(format!(" (carries {})", names.join(", ")))
                })
                .unwrap_or_default();
            ("casualty", format!("Remove miniature m{m}{carried}"), None, casualty_unit(g))
        }
        Decision::Casualty(Casualty::Hero) => ("casualty", "The joined hero takes the point of damage".into(), None, None),
        Decision::Skill(a, u) => (
            "skill",
            format!("{} on {}", a.word().replace('-', " "), unit_name(g, u)),
            g.units().get(usize::from(u.0)).and_then(|x| x.at),
            Some(u),
        ),
        Decision::Spread(s) => ("spread", format!("The flames cross {s}"), Some(s), None),
        Decision::Escape(s) => ("escape", format!("The pilot escapes to {s}"), Some(s), None),
        // Decisions the engine adds later show in their text form.
        #[allow(unreachable_patterns)]
        other => ("other", other.to_string(), None, None),
    };
    v.kind = kind;
    v.label = label;
    v.square = square.map(crate::push::Text);
    v.unit = unit.map(|u| u.0);
    v
}

/// The rule section behind an event.
pub fn event_rule(e: &Event) -> &'static str {
    match e {
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
        Event::Reloaded(..) => "tactics-revised-core-rules.md, Reloadable Weapons",
        Event::Separated(_) => "tactics-revised-core-rules.md, Heroes",
        Event::Mounted(..) | Event::Dismounted(..) => "tactics-battlefront-2013-rules.txt, Piloting Vehicles",
        Event::Joined(..) => "tactics-battlefront-2013-rules.txt, Joining Infantry Squads",
        Event::Repaired(..) => "tactics-revised-core-rules.md, Self-Repair",
        Event::AbilityUsed { .. } | Event::Returned(_) => "tactics-revised-core-rules.md, Command Squad Abilities",
        Event::ObjectiveHeld { .. } => "tactics-revised-core-rules.md, Calculating Victory Points",
        Event::GameOver { .. } => "tactics-revised-core-rules.md, End of the Game",
        // Events the engine adds later fall back to the general procedure.
        #[allow(unreachable_patterns)]
        _ => "tactics-revised-core-rules.md, Game Procedure",
    }
}

pub(crate) fn event_side(g: &Game, e: &Event) -> Option<Side> {
    let side_of = |u: &UnitId| g.units().get(usize::from(u.0)).map(|x| x.side);
    match e {
        Event::InitiativeWon(s) | Event::FirstPlayer(s) => Some(*s),
        Event::Rolled {
            purpose: RollPurpose::Initiative(s),
            ..
        } => Some(*s),
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
        | Event::Repaired(u, _)
        | Event::Returned(u)
        | Event::Wounded(u, _)
        | Event::Damaged(u, _) => side_of(u),
        Event::ReactiveFire { unit, .. } | Event::Fired { unit, .. } | Event::AbilityUsed { unit, .. } | Event::Destroyed { unit, .. } => {
            side_of(unit)
        }
        Event::ObjectiveHeld { side, .. } => Some(*side),
        Event::GameOver { winner, .. } => *winner,
        _ => None,
    }
}

/// Events `from..` of the log, each `{i, text, rule, side, dice?, casualty?}`.
pub fn events_json(g: &Game, from: usize) -> Vec<Value> {
    g.events()
        .iter()
        .enumerate()
        .skip(from)
        .map(|(i, e)| serde_json::to_value(crate::push::EventView::new(g, i, e)).unwrap_or(Value::Null))
        .collect()
}

/// What the game waits for.
pub fn pending_json(g: &Game) -> Value {
    match g.pending() {
        Pending::Decision { side } => json!({ "kind": "decision", "side": side_name(side) }),
        Pending::Chance(_) => json!({ "kind": "chance" }),
        Pending::GameOver { winner } => json!({ "kind": "over", "winner": winner.map(side_name) }),
    }
}

/// The targets of unit `u` if it attacked from `from` (default: where it stands, or where its
/// declaration has it attack from): every enemy unit on the board with the range, the line of
/// sight and its reason, the cover it would get, the lines in range and the exact odds of
/// firing them all.
///
/// # Errors
/// No such unit, or it is not on the board.
pub fn targets_json(g: &Game, decl: &Declaration, u: UnitId, from: Option<Square>) -> Result<Value, String> {
    let shooter = g.units().get(usize::from(u.0)).ok_or_else(|| format!("there is no unit {u}"))?;
    if shooter.destroyed {
        return Err(format!("{} is destroyed", unit_name(g, u)));
    }
    let from = match from {
        Some(f) if g.board().contains(f) => f,
        Some(f) => return Err(format!("{f} is off the board")),
        None if decl.unit == Some(u) => decl
            .origin(g)
            .ok_or_else(|| format!("{} is not on the board yet", unit_name(g, u)))?,
        None => shooter.at.ok_or_else(|| format!("{} is not on the board yet", unit_name(g, u)))?,
    };
    // The unit's lines, then its joined hero's from `HERO_LINE`: they fire in its attack.
    let hero = joined_hero(g, u).map(|h| g.unit(h));
    let weapons: Vec<(usize, &str, &WeaponLine)> = shooter
        .card
        .weapons
        .iter()
        .enumerate()
        .map(|(li, w)| (li, shooter.card.name.as_str(), w))
        .chain(hero.into_iter().flat_map(|h| {
            h.card
                .weapons
                .iter()
                .enumerate()
                .map(move |(li, w)| (usize::from(HERO_LINE) + li, h.card.name.as_str(), w))
        }))
        .collect();
    let mut out = Vec::new();
    for (i, t) in g.units().iter().enumerate() {
        if t.side == shooter.side || t.destroyed || t.is_joined_hero() {
            continue;
        }
        let Some(to) = t.at else { continue };
        let tid = UnitId(i as u8);
        let bf = g.edition() == dust_core::Edition::Battlefront;
        let d = if bf { unit_range(g, u, from, tid) } else { range(from, to) };
        let c = sight(g, shooter, from, to, target_piece(g, t));
        let bf_c = bf.then(|| bf_sight(g, u, from, tid));
        let blocked = match bf_c {
            Some(b) => b.is_none(),
            None => c.is_err(),
        };
        let lines: Vec<Value> = weapons
            .iter()
            .map(|&(li, unit, w)| {
                json!({
                    "line": li,
                    "unit": unit,
                    "name": w.name,
                    "range": w.range.to_string(),
                    "in_range": w.range.reaches_in(g.edition(), d),
                    "value": w.table.against(t.card.armor).to_string(),
                })
            })
            .collect();
        let in_range: Vec<usize> = weapons
            .iter()
            .filter(|(_, _, w)| w.range.reaches_in(g.edition(), d) && w.table.against(t.card.armor) != dust_core::CombatValue::NoEffect)
            .filter(|&&(li, ..)| li >= usize::from(HERO_LINE) || shooter.card.kind != UnitKind::Squad || shooter.carriers(li) > 0)
            .map(|&(li, ..)| li)
            .collect();
        let cover = match (&bf_c, &c) {
            (Some(Some(true)), _) => CoverLevel::Soft,
            (Some(_), _) => CoverLevel::None,
            (None, Ok(c)) if !c.not_a_squad => c.level,
            _ => CoverLevel::None,
        };
        let odds_v = if blocked {
            json!({ "none": "no line of sight" })
        } else if in_range.is_empty() {
            json!({ "none": format!("no weapon line reaches range {d} with effect") })
        } else {
            let mut spec = unit_attack(g, u, tid).with_lines(&in_range);
            spec.cover = cover;
            spec.burst = !t.moved;
            spec.attacker_moved = shooter.moved || Some(from) != shooter.at;
            spec.heroic_attack = t.heroic;
            match odds_or_without_hero(&spec) {
                Ok(o) => odds_json(&o),
                Err(e) => json!({ "none": e.to_string() }),
            }
        };
        out.push(json!({
            "unit": tid.0,
            "name": t.card.name,
            "at": to.to_string(),
            "range": d,
            "sight": match bf_c {
                Some(b) => bf_sight_json(b, matches!(t.card.kind, UnitKind::Squad | UnitKind::Hero)),
                None => sight_json(&c),
            },
            "lines": lines,
            "odds": odds_v,
        }));
    }
    Ok(json!({ "unit": u.0, "from": from.to_string(), "targets": out }))
}

/// The whole state a viewer sees. `you`: the side the viewer plays, if any; the legal
/// decisions are listed for everyone, `yours` says whether the viewer may take them.
pub fn state_json(g: &Game, decisions: &[Decision], you: Option<Side>, events_from: usize) -> Value {
    let decl = Declaration::of(g);
    let pending_side = match g.pending() {
        Pending::Decision { side } => Some(side),
        _ => None,
    };
    let legal = if pending_side.is_some() { g.legal_decisions() } else { Vec::new() };
    let options: Vec<Value> = legal.iter().map(|&d| decision_json(g, &decl, d)).collect();
    let units: Vec<Value> = g
        .units()
        .iter()
        .enumerate()
        .map(|(i, u)| unit_json(g, UnitId(i as u8), u))
        .collect();
    let vp = g.victory_points();
    // A client that saw more events than there are (a decision was taken back) gets them all
    // again: the log it had is not this game's any more.
    let from = if events_from > g.events().len() { 0 } else { events_from };
    json!({
        "ply": decisions.len(),
        "round": g.round(),
        "round_limit": g.round_limit(),
        "turn": side_name(g.turn()),
        "vp": { "a": vp.a, "b": vp.b },
        "hash": format!("{:#018x}", g.state_hash()),
        "pending": pending_json(g),
        "you": you.map(side_name),
        "yours": pending_side.is_some() && pending_side == you,
        "declaring": decl.unit.map(|u| json!({
            "unit": u.0,
            "plan": decl.plan.map(|p| p.to_string()),
            "moves": decl.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "origin": decl.origin(g).map(|s| s.to_string()),
        })),
        "decisions": options,
        "last_decision": decisions.last().map(ToString::to_string),
        "units": units,
        "board": board_json(g),
        "events_total": g.events().len(),
        "events_from": from,
        "events": events_json(g, from),
        "summary": summary_if_over(g),
        "lessons": lessons_json(g, &legal, you, from),
    })
}

/// The end-of-game summary ([`summary_json`]) once the game is over, else `null`.
pub fn summary_if_over(g: &Game) -> Value {
    if matches!(g.pending(), Pending::GameOver { .. }) {
        summary_json(g)
    } else {
        Value::Null
    }
}

/// The guided first game's lessons that fit this moment for the seat `you`
/// (`dust_data::tutorial`; `legal`: the legal decisions now, `from`: the events the viewer has
/// seen); `null` for a spectator. The page shows them in a tutorial game only, each once.
pub fn lessons_json(g: &Game, legal: &[Decision], you: Option<Side>, from: usize) -> Value {
    you.map_or(Value::Null, |s| {
        dust_data::tutorial::lessons_now(g, legal, s, from)
            .iter()
            .map(|l| json!({ "id": l.id, "title": l.title, "words": l.words, "rule": l.rule }))
            .collect()
    })
}

/// The end of a game in a few lines: each unit destroyed, by whom (the unit whose attack
/// destroyed it, from the log) and the victory points it gave; each side's points and units
/// left; the rounds played.
pub fn summary_json(g: &Game) -> Value {
    let mut attacker: Option<UnitId> = None;
    let mut destroyed = Vec::new();
    for e in g.events() {
        match e {
            Event::Fired { unit, .. } => attacker = Some(*unit),
            Event::ReactiveFire { unit, success: true, .. } => attacker = Some(*unit),
            Event::ActivationEnded(_) | Event::RoundStarted(_) => attacker = None,
            Event::Destroyed { unit, ap } => {
                let u = g.unit(*unit);
                destroyed.push(json!({
                    "unit": unit.0,
                    "name": u.card.name,
                    "side": side_name(u.side),
                    "vp": ap,
                    "by": attacker.filter(|a| g.unit(*a).side != u.side).map(|a| json!({ "unit": a.0, "name": g.unit(a).card.name, "side": side_name(g.unit(a).side) })),
                }));
            }
            _ => {}
        }
    }
    let left = |s: Side| {
        g.units()
            .iter()
            .filter(|u| u.side == s && !u.destroyed && !u.is_joined_hero())
            .count()
    };
    let vp = g.victory_points();
    json!({
        "winner": match g.pending() { Pending::GameOver { winner } => winner.map(side_name), _ => None },
        "rounds": g.round(),
        "vp": { "a": vp.a, "b": vp.b },
        "left": { "a": left(Side::A), "b": left(Side::B) },
        "destroyed": destroyed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::game::tests_support::{
        open_game, placed, rifle, squad, squads_with_joined_heroes, squads_with_joined_heroes_attack as spec_of,
    };
    use dust_core::{Armor, ArmorType, Edition, WeaponRange};
    use std::sync::Arc;

    /// A squad of three with two Shotguns (3 dice each, range 1) and one Flamethrower (one die
    /// per targeted miniature), next to a squad of five riflemen; it aims both lines at them.
    /// Returns the game and the decisions since the first.
    fn burners_aim_both_lines() -> (Game, Vec<Decision>) {
        use dust_core::game::tests_support::weapon_line;
        use dust_core::unit::CombatValue;
        let r1 = WeaponRange::Spaces { min: 1, max: 1 };
        let mut flame = weapon_line("Flamethrower", r1, CombatValue::Incendiary { dice: 1 }, CombatValue::NoEffect);
        flame.keywords.flame = true;
        let mut burners = squad("Burners", 3, vec![rifle("Shotgun", r1, 3), flame]);
        for (i, m) in burners.models.iter_mut().enumerate() {
            m.weapons = if i < 2 { 1 } else { 2 };
        }
        let rifles = squad("Riflemen", 5, vec![rifle("Rifle", r1, 1)]);
        let setup = open_game(
            6,
            6,
            vec![placed(&Arc::new(burners), Side::A, "C2"), placed(&Arc::new(rifles), Side::B, "C3")],
        );
        let mut g = Game::new(setup).expect("starts");
        let mut rng = dust_core::GameRng::new(3);
        let mut decisions = Vec::new();
        for text in ["activate u0", "plan attack nothing", "aim 0 u1 0", "aim 1 u1 0"] {
            let want: Decision = text.parse().expect("a decision");
            loop {
                while g.roll(&mut rng).is_some() {}
                let legal = g.legal_decisions();
                if legal.contains(&want) {
                    break;
                }
                match legal.first() {
                    // Whoever won the initiative lets side A go first.
                    Some(Decision::First(_)) => {
                        let d = Decision::First(Side::A);
                        g.apply(d).expect("offered");
                        decisions.push(d);
                    }
                    _ => panic!("`{text}` is not offered: {legal:?}"),
                }
            }
            g.apply(want).expect("offered");
            decisions.push(want);
        }
        (g, decisions)
    }

    /// Issue 18: "Remember that the player chooses the order in which weapon lines fire"
    /// (tactics-revised-faq.md, "How can a unit split fire"). The page offers the order, each
    /// choice with the exact odds of the attack in that order against the line's target: the
    /// Flamethrower first rolls five dice, after the Shotguns fewer, so it is worth more first.
    #[test]
    fn the_page_offers_the_order_of_the_lines_with_its_odds() {
        use dust_core::odds::from_game::declared_lines;
        let (g, decisions) = burners_aim_both_lines();
        let st = state_json(&g, &decisions, Some(Side::A), 0);
        let offered = st["decisions"].as_array().expect("decisions");
        let texts: Vec<&str> = offered.iter().filter_map(|d| d["text"].as_str()).collect();
        assert_eq!(texts, ["fire 0", "fire 1"]);
        let mean = |text: &str| {
            let d = offered.iter().find(|d| d["text"] == text).expect("offered");
            assert_eq!(d["kind"], "fire", "{d}");
            assert_eq!(d["unit"], 1, "{d}");
            d["odds"]["mean"].as_f64().unwrap_or_else(|| panic!("odds: {d}"))
        };
        assert!(
            offered[1]["label"]
                .as_str()
                .is_some_and(|l| l.starts_with("Fire Flamethrower (at ")),
            "{}",
            offered[1]
        );
        // The odds shown are those of the attack in that order.
        let spec = |first: u8| {
            let mut s = unit_attack(&g, UnitId(0), UnitId(1));
            let aims = decisions.iter().copied().chain(std::iter::once(Decision::Fire(first)));
            s.lines = declared_lines(&s, UnitId(1), aims);
            s
        };
        for (text, first) in [("fire 0", 0), ("fire 1", 1)] {
            let o = odds_or_without_hero(&spec(first)).expect("odds");
            assert!((o.loss.mean() - mean(text)).abs() < 1e-12, "{text}");
        }
        assert!(mean("fire 1") > mean("fire 0") + 0.1, "the Flamethrower is worth more first");
    }

    /// Issue 10: an aircraft is named as one and, in the battlefront edition, flies
    /// (tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain"); the page draws it
    /// with its own shape (`assets/board.js`, `data-kind="aircraft"`).
    #[test]
    fn aircraft_are_shown_apart() {
        let r = WeaponRange::Spaces { min: 1, max: 4 };
        let mut plane = squad("Plane", 1, vec![rifle("Gun", r, 2)]);
        plane.kind = UnitKind::Aircraft;
        plane.armor = Armor {
            kind: ArmorType::Aircraft,
            class: 1,
        };
        plane.health = 3;
        plane.models.clear();
        let inf = squad("Riflemen", 3, vec![rifle("Rifle", r, 1)]);
        for (edition, flies) in [(Edition::Battlefront, true), (Edition::Revised, false)] {
            let mut setup = open_game(
                4,
                10,
                vec![
                    placed(&Arc::new(plane.clone()), Side::A, "B8"),
                    placed(&Arc::new(inf.clone()), Side::B, "B4"),
                ],
            );
            setup.edition = edition;
            let g = Game::new(setup).expect("starts");
            let v = unit_json(&g, UnitId(0), g.unit(UnitId(0)));
            assert_eq!(v["kind"], "aircraft");
            assert_eq!(v["flies"], flies, "{edition:?}");
            assert_eq!(unit_json(&g, UnitId(1), g.unit(UnitId(1)))["flies"], false);
        }
        let js = include_str!("../assets/app.js");
        assert!(js.contains("joined hero: "), "the page shows a joined hero's odds");
        // The board is drawn by board.js (issue 20): an aircraft has a silhouette of its own.
        let board = include_str!("../assets/board.js");
        assert!(
            board.contains("u.kind === 'aircraft'") && board.contains("'data-kind': u.kind") && board.contains("'data-shape': 'aircraft'"),
            "the page draws aircraft apart"
        );
    }

    /// Issue 10: the page's odds against a battlefront squad with a joined hero give the hero's
    /// losses too ("Joining Infantry Squads"), in close combat as well, and fall back on the
    /// squad alone where the odds do not take him (Heroic Attack).
    #[test]
    fn odds_against_a_squad_with_a_joined_hero() {
        let r = WeaponRange::Spaces { min: 1, max: 4 };
        let shooters = squad("Riflemen", 3, vec![rifle("Rifle", r, 2), rifle("Knife", WeaponRange::Close, 1)]);
        let guard = squad("Guard", 2, vec![rifle("Rifle", r, 1)]);
        let mut hero = squad("Hero", 1, vec![rifle("Pistol", r, 1)]);
        hero.kind = UnitKind::Hero;
        hero.health = 3;
        hero.models.clear();
        let mut h = placed(&Arc::new(hero), Side::B, "B4");
        h.joins = Some(1);
        let mut setup = open_game(
            4,
            10,
            vec![
                placed(&Arc::new(shooters.clone()), Side::A, "B2"),
                placed(&Arc::new(guard.clone()), Side::B, "B4"),
                h,
            ],
        );
        setup.edition = Edition::Battlefront;
        let g = Game::new(setup).expect("starts");
        let spec = unit_attack(&g, UnitId(0), UnitId(1)).with_lines(&[0]);
        let o = odds_or_without_hero(&spec).expect("odds");
        assert!(o.hero.is_some());
        let v = odds_json(&o);
        assert!(v["hero"]["destroyed"].as_f64().is_some(), "{v}");
        let mut close = unit_attack(&g, UnitId(0), UnitId(1)).with_lines(&[1]);
        assert!(odds_or_without_hero(&close).expect("odds").hero.is_some());
        close.heroic_attack = true;
        let o = odds_or_without_hero(&close).expect("odds of the squad alone");
        assert!(o.hero.is_none());
        assert!(odds_json(&o)["hero"].is_null());
    }

    /// `tests_support::squads_with_joined_heroes`: side A's squad (u0, its hero u1) declares an
    /// Attack (a Sustained Attack uses ranged or close-combat weapons, not both) and aims its
    /// rifles and knives at side B's squad (u2, its hero u3).
    /// Returns the game and the decisions since the activation.
    fn squads_with_heroes() -> (Game, Vec<Decision>) {
        use dust_core::GameRng;
        let mut g = Game::new(squads_with_joined_heroes()).expect("starts");
        let mut rng = GameRng::new(7);
        let mut decisions = Vec::new();
        for text in ["first A", "activate u0", "plan attack nothing", "aim 0 u2 0", "aim 1 u2 0"] {
            let want: Decision = text.parse().expect("a decision");
            loop {
                while g.roll(&mut rng).is_some() {}
                let legal = g.legal_decisions();
                if legal.contains(&want) {
                    break;
                }
                // The choices the script leaves open (facing, the hero staying, a line unused).
                match legal.first() {
                    Some(&d @ (Decision::Face(_) | Decision::Use(_, false) | Decision::Aim { target: None, .. })) => {
                        g.apply(d).expect("offered");
                        decisions.push(d);
                    }
                    _ => panic!("`{text}` is not offered: {legal:?}"),
                }
            }
            g.apply(want).expect("offered");
            decisions.push(want);
        }
        (g, decisions)
    }

    /// Issue 10: the page's odds of an aimed line are the engine's attack: the squad's lines
    /// with its joined hero's (`with_attacking_hero`, his battlefront card part giving his
    /// Grenade's blast), against the squad with its joined hero (his card part giving the
    /// blast of the Sword he strikes back with). The numbers shown equal the odds library's for
    /// that spec, and differ from the odds without the heroes' card parts; so do the odds of
    /// the unit's targets, the hero's lines among its lines.
    #[test]
    fn the_page_shows_the_odds_of_a_squad_with_its_joined_hero() {
        let (mut g, mut decisions) = squads_with_heroes();
        let u = UnitId(0);
        let shown = |g: &Game, decisions: &[Decision], text: &str| {
            let st = state_json(g, decisions, Some(Side::A), 0);
            st["decisions"]
                .as_array()
                .expect("decisions")
                .iter()
                .find(|d| d["text"] == text)
                .unwrap_or_else(|| panic!("`{text}` offered: {}", st["decisions"]))
                .clone()
        };
        // The hero's Grenade, after the squad's rifles and knives.
        let d = shown(&g, &decisions, "aim 32 u2 0");
        let expected = odds_or_without_hero(&spec_of(&g, &[0, 1, 32], true)).expect("odds");
        assert_eq!(d["odds"], odds_json(&expected), "{d}");
        assert!(expected.lines.iter().any(|l| l.line == 32) && expected.hero.is_some());
        let without = odds_or_without_hero(&spec_of(&g, &[0, 1, 32], false)).expect("odds");
        let hero_mean = |o: &Odds| o.hero.as_ref().expect("the sergeant's losses").loss.mean();
        assert!(
            (hero_mean(&expected) - hero_mean(&without)).abs() > 1e-6,
            "his blast's two damage a hit"
        );
        // Then his Sabre: the close combat of both squads and both heroes.
        let grenade: Decision = "aim 32 u2 0".parse().expect("a decision");
        g.apply(grenade).expect("offered");
        decisions.push(grenade);
        let d = shown(&g, &decisions, "aim 33 u2 0");
        let expected = odds_or_without_hero(&spec_of(&g, &[0, 1, 32, 33], true)).expect("odds");
        assert_eq!(d["odds"], odds_json(&expected), "{d}");
        assert!(d["odds"]["attacker_hero"]["mean"].as_f64().is_some(), "{d}");
        let without = odds_or_without_hero(&spec_of(&g, &[0, 1, 32, 33], false)).expect("odds");
        let captain_mean = |o: &Odds| o.attacker_hero.as_ref().expect("the captain's losses").loss.mean();
        assert!(
            (captain_mean(&expected) - captain_mean(&without)).abs() > 1e-6,
            "the sergeant's Sword: two damage a hit on the captain"
        );
        // The targets of the squad list the hero's lines with its own, and the odds of all.
        let targets = targets_json(&g, &Declaration::default(), u, None).expect("targets");
        let at = &targets["targets"][0];
        assert_eq!(at["unit"], 2);
        let names: Vec<&str> = at["lines"].as_array().unwrap().iter().filter_map(|l| l["unit"].as_str()).collect();
        assert!(names.contains(&"Captain") && names.contains(&"Grenadiers"), "{at}");
        let in_range: Vec<usize> = at["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["in_range"] == true && l["value"] != "-")
            .filter_map(|l| l["line"].as_u64().map(|x| x as usize))
            .collect();
        assert_eq!(
            in_range,
            [0, 1, 2, 32, 33, 34],
            "with the Improvised Weapons, which the odds leave out"
        );
        let mut spec = spec_of(&g, &in_range, true);
        spec.sustained = false;
        assert_eq!(at["odds"], odds_json(&odds_or_without_hero(&spec).expect("odds")), "{at}");
    }

    /// Issue 10: the number given with an aim is named for what it counts: the soldiers of a
    /// squad firing the line (battlefront), the ammo spent on a limited-ammo line.
    #[test]
    fn the_number_of_an_aim_is_named() {
        let (g, _) = squads_with_heroes();
        let decl = Declaration::of(&g);
        let label = |text: &str| decision_json(&g, &decl, text.parse().expect("a decision"))["label"].clone();
        assert_eq!(label("aim 0 u2 2"), "Rifle at Guard (u2), 2 soldiers");
        assert_eq!(label("aim 0 u2 1"), "Rifle at Guard (u2), 1 soldier");
        assert_eq!(label("aim 0 u2 0"), "Rifle at Guard (u2)");
    }
}
