//! ATTACK and SUSTAINED ATTACK on the table (tactics-battlefield-summary.md, "ATTACK &
//! SUSTAINED ATTACK ACTIONS", steps 1–7, "Close Combat Weapons", "SUPPRESSION").
//!
//! An attack is first *planned*: every aimed weapon line becomes one or more [`Group`]s of
//! firing miniatures — the miniatures that carry the line and have the target in their field
//! of fire, range and line of sight, split by whether the target is in cover from them ("the
//! attacking player needs to roll the combat dice separately for those miniatures for which the
//! target unit is in cover from those for which it is not") — each with its dice, its save and
//! the target miniatures its hits may be assigned to. The plan is what `check` accepts, what
//! the live roll rolls and what the odds compute: one definition ([`FieldGame::attack_odds`]).

use super::decision::Aim;
use super::{Class, Event, FieldGame, Purpose, Refusal};
use crate::dice::Symbols;
use crate::range::WeaponRange;
use crate::rules_shared::{self, Struck};
use crate::unit::{BattlefrontValue, CombatValue, Mount};
use dust_geom::exact::{Coord, Pt};
use dust_geom::measure::{body_gap, Gap, CLOSE, RANGE_UNIT};
use dust_geom::table::{Body, TerrainKind};

/// Whether one miniature sees another, or what blocks the line.
type Sight = Result<(), dust_geom::los::Blocked>;

/// Lines of sight and cover already answered on one position of the table: sight by
/// (attacking unit, its miniature, target unit, its miniature), cover by (attacking unit, its
/// miniature, target unit). The table does not change while one decision's attacks are
/// planned, so every plan of that decision may share the answers (the candidates plan each
/// weapon line alone, together, and each template centre; a player weighs every attack of
/// every unit: the same lines many times over).
///
/// A memo holds for the position it was filled on: start a new one once a decision is applied.
#[derive(Clone, Debug, Default)]
pub struct SightMemo {
    sight: std::collections::BTreeMap<(usize, usize, usize, usize), Sight>,
    cover: std::collections::BTreeMap<(usize, usize, usize), bool>,
}

impl SightMemo {
    /// An empty memo.
    pub fn new() -> SightMemo {
        SightMemo::default()
    }
}

/// One roll of an attack: the miniatures firing one weapon line at one unit, all in cover or
/// all not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The weapon line.
    pub line: u8,
    /// The unit it hits.
    pub target: usize,
    /// The firing miniatures (indices in the attacking unit).
    pub firers: Vec<usize>,
    /// Dice to roll to hit.
    pub dice: u16,
    /// Whether the target is in cover from these firers.
    pub cover: bool,
    /// The save the target rolls, if any.
    pub save: Option<Symbols>,
    /// Damage points one hit marks off (a soldier of a squad: one casualty).
    pub per_hit: u8,
    /// A close-combat (C) weapon.
    pub close: bool,
    /// A blast or flame template's hits (allocated first).
    pub template: bool,
    /// The target's miniatures (card model numbers) hits may be assigned to: "in the weapon's
    /// field of fire, range, and LOS, or under the template".
    pub valid: Vec<u8>,
    /// The hero joined to the target for the activation under way and the damage points one
    /// hit marks off him, when the line can harm him: "they are treated as 1 unit if either of
    /// them are targeted by an attack. The owning player assigns hits between them"
    /// (tactics-battlefield-summary.md, "HEROES").
    pub hero: Option<(usize, u8)>,
    /// Its hits roll on in a chain (a laser weapon, a Berserk hero's C weapon).
    pub chain: bool,
    /// A hit stuns the target (a tesla or grapple weapon).
    pub stun: Option<super::Stun>,
    /// The faces that hit: the army symbol, or the target as well (power scopes, Take Aim).
    pub hit: Symbols,
    /// Its misses are re-rolled outside a Sustained Attack (a lone wire-guided weapon).
    pub reroll: bool,
    /// Its misses are re-rolled once more: a declared Lucky hero's weapons ("LUCKY").
    pub lucky: bool,
    /// The side that chooses which soldiers take its hits instead of their owner (an
    /// Assassin's C weapons, "ASSASSIN").
    pub chooser: Option<crate::Side>,
}

/// The owner of a squad (or `by`) chooses which of `valid` its `count` casualties are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    pub unit: usize,
    pub count: usize,
    pub valid: Vec<u8>,
    /// The joined hero who may take hits instead (named `m{n}`, `n` the squad's miniatures)
    /// and the damage points one hit marks off him.
    pub hero: Option<(usize, u8)>,
    /// The side that chooses instead of the owner (an Assassin's hits: [`Group::chooser`]).
    pub by: Option<crate::Side>,
}

/// The close-combat part of an attack, resolved once the other weapons' casualties are
/// removed ("Resolve attacks from all other weapons first").
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CloseStage {
    pub attacker: usize,
    /// The hero joined to the attacker and his C weapon lines (numbered on his own card).
    pub hero: Option<(usize, Vec<Aim>)>,
    pub target: usize,
    pub aims: Vec<Aim>,
    pub sustained: bool,
    /// Who fights in this pass: the attacker's own C weapons, its joined hero's, the target's
    /// retaliation (all three at once unless First Strike splits them: [`FieldGame::first_strikers`]).
    pub parts: [bool; 3],
    /// Whether the target fights back, decided as the close combat begins (a later pass does not
    /// read the tokens the first one gave).
    pub retaliates: Option<bool>,
}

/// The chances of an attack, computed from the same plan as the live roll.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOdds {
    /// Each group, with the unsaved hits one of its dice scores on average (the chance that it
    /// ends as an unsaved hit, unless its hits chain: [`Group::chain`]) and the distribution
    /// of the group's unsaved hits (entry `k`: P(k)).
    pub groups: Vec<(Group, f64, Vec<f64>)>,
}

impl AttackOdds {
    /// The expected unsaved hits of the whole attack.
    pub fn expected_hits(&self) -> f64 {
        self.groups.iter().map(|(g, q, _)| f64::from(g.dice) * q).sum()
    }
    /// The expected damage points (casualties of a squad, capped by the miniatures the group
    /// may hit; points of a damage track, capped by the points left).
    pub fn expected_damage(&self, game: &FieldGame) -> f64 {
        self.groups
            .iter()
            .map(|(g, _, dist)| {
                let cap = if game.class(g.target) == Class::Squad {
                    g.valid.len() as f64
                } else {
                    f64::from(game.units[g.target].health)
                };
                dist.iter()
                    .enumerate()
                    .map(|(k, p)| p * (k as f64 * f64::from(g.per_hit.max(1))).min(cap))
                    .sum::<f64>()
            })
            .sum()
    }
}

/// Whether a point lies in the field of fire of a weapon mounted `mount` on a unit of `class`
/// facing `facing` at `from` ("1. Check Field of Fire": infantry and heroes any direction;
/// support weapons and front-mounted weapons 45° either side of the facing; turret, hatch and
/// pedestal mounts any direction). A vehicle weapon whose card names no mount fires in any
/// direction, as in the battlefront engine (docs/rulings.md, "Battlefield: field of fire").
fn in_field(class: Class, mount: Option<Mount>, facing: dust_geom::angle::Facing, from: Pt, to: Pt) -> bool {
    super::skills::in_arc(class, mount, facing, to.sub(from))
}

/// Whether a weapon of range `r` reaches across `gap`: "Each point of a weapon's Range equals
/// 10cm"; "Minimum Range (#-#) … between the minimum range and maximum range"; "Close Combat
/// (C) … within 5cm"; artillery from range 4.
pub(crate) fn reaches(r: WeaponRange, gap: Gap) -> bool {
    match r {
        WeaponRange::Close => gap.within(CLOSE),
        WeaponRange::Unlimited => true,
        WeaponRange::Artillery => gap.range_band() >= 4,
        WeaponRange::Spaces { min, max } => {
            gap.within(Coord::from(max) * RANGE_UNIT) && (min <= 1 || !gap.within(Coord::from(min - 1) * RANGE_UNIT))
        }
    }
}

/// The value of a line against an armour: its exact battlefront value when the card gives one,
/// else the ordinary combat value.
fn values(g: &FieldGame, u: usize, line: usize, t: usize) -> (CombatValue, Option<BattlefrontValue>) {
    let c = &g.cards[u];
    let armor = g.armor(t);
    let w = &c.card.weapons[line];
    (w.table.against(armor), c.bf.weapons.get(line).and_then(|b| b.value(armor)))
}

/// Dice per firing miniature and per template miniature (`per_model`), and the damage rating.
fn dice_of(v: CombatValue, exact: Option<BattlefrontValue>) -> Option<(u8, bool, u8)> {
    match (exact, v) {
        (Some(BattlefrontValue::Blast { per_model, damage }), _) => Some((per_model, true, damage)),
        (Some(BattlefrontValue::BlastKill { per_model }), _) => Some((per_model, true, 0)),
        (Some(BattlefrontValue::Kill { dice }), _) => Some((dice, false, 0)),
        (None, CombatValue::NoEffect) => None,
        (None, CombatValue::Dice { dice, damage }) => Some((dice, false, damage)),
        (None, CombatValue::Phaser { aim, power }) => Some((aim, false, power)),
        (None, CombatValue::Volley { dice, damage }) => Some((dice[0], false, damage)),
        (None, CombatValue::Incendiary { dice }) => Some((dice, true, 1)),
        (None, CombatValue::ApIncendiary { dice }) => Some((dice, true, 0)),
    }
    .filter(|d| d.0 > 0)
}

impl FieldGame {
    /// Whether miniature `m` of unit `u` carries weapon line `line`.
    pub(crate) fn carries(&self, u: usize, m: usize, line: usize) -> bool {
        let card = &self.cards[u].card;
        match self.class(u) {
            Class::Squad => {
                let model = self.units[u].models.get(m).copied().unwrap_or(0);
                card.models.get(usize::from(model)).is_none_or(|md| md.weapons & (1 << line) != 0)
            }
            _ => true,
        }
    }

    /// What one hit on unit `t` is, for [`rules_shared::damage_per_hit`].
    fn struck(&self, t: usize) -> Struck {
        let left = self.units[t].health;
        match self.class(t) {
            Class::Squad => Struck::Soldier,
            Class::SupportWeapon => Struck::SupportWeapon { left },
            _ => Struck::Tracked { left },
        }
    }

    /// Whether point `at` is in the field of fire, range and line of sight of weapon line `li`
    /// of miniature `m` of unit `u` (a blast template's centre, a smoke screen's point).
    pub(crate) fn reaches_point(&self, u: usize, m: usize, li: usize, at: Pt) -> bool {
        let b = &self.table.units[u].minis[m].body;
        let mount = self.cards[u].bf.weapons.get(li).and_then(|b| b.mount);
        let range = self.cards[u].card.weapons[li].range;
        in_field(self.class(u), mount, self.table.units[u].facing, b.centre(), at)
            && reaches(range, body_gap(b, &Body::Disc { c: at, r: 0 }))
            && self.sees_point(u, m, super::smoke::artillery(range), at)
    }

    /// Whether unit `t` is in cover from miniature `m` of unit `u`: "An infantry unit is in
    /// cover from an attacking miniature if at least half of the unit is in cover from that
    /// attacking miniature"; a vehicle when its miniature is.
    pub fn in_cover_from(&self, u: usize, m: usize, t: usize) -> bool {
        if self.dozed(t) {
            return true;
        }
        if let Some(o) = self.observer.get().map(|x| x.0).filter(|&o| o != u) {
            // Observed artillery: the observer's view (docs/rulings.md, "Battlefield: artillery
            // observers").
            return (0..self.table.units[o].minis.len()).all(|k| self.in_cover_from(o, k, t));
        }
        let n = self.table.units[t].minis.len();
        let covered = (0..n)
            .filter(|&j| dust_geom::los::mini_cover(&self.table, (u, m), (t, j)).is_some())
            .count();
        if self.class(t).infantry() {
            2 * covered >= n
        } else {
            covered == n
        }
    }

    /// Plans an attack of unit `u` with `aims` (see the module's documentation): the groups
    /// to roll, or why the attack is refused. `reactive`: the unit a reactive attack must
    /// target ("This action can *only* target the unit your opponent activated"; "cannot use C
    /// weapons"); `sustained`: a Sustained Attack ("must choose between using ranged weapons
    /// or C weapons"). `with_cover`: split the firers by cover (the roll and the odds need it;
    /// whether the attack is legal does not, and cover is the costliest question).
    pub(crate) fn plan_attack(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
    ) -> Result<Vec<Group>, Refusal> {
        self.plan_attack_with(u, aims, sustained, reactive, with_cover, &mut SightMemo::new())
    }

    /// [`FieldGame::plan_attack`] with the lines of sight answered so far on this table
    /// (`memo`, filled in as it goes).
    pub(crate) fn plan_attack_with(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
        memo: &mut SightMemo,
    ) -> Result<Vec<Group>, Refusal> {
        if let Some(v) = self.firing_aboard(u) {
            // Passengers fire from their vehicle's sides (carry.rs).
            return self.plan_aboard(u, v, aims, sustained, reactive, with_cover);
        }
        if self.riders_in_play(aims) {
            // Tank riders are targets at their vehicle's hull (carry.rs).
            return self.plan_at_riders(u, aims, sustained, reactive, with_cover);
        }
        self.plan_attack_here(u, aims, sustained, reactive, with_cover, memo)
    }

    /// [`FieldGame::plan_attack_with`] on the table as it stands (no unit aboard a vehicle
    /// reached).
    pub(crate) fn plan_attack_here(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
        memo: &mut SightMemo,
    ) -> Result<Vec<Group>, Refusal> {
        let name = |x: usize| self.table.units[x].name.clone();
        let card = &self.cards[u].card;
        let class = self.class(u);
        let mut used_ranged = vec![false; self.table.units[u].minis.len()];
        let mut used_close = used_ranged.clone();
        let mut groups = Vec::new();
        let mut close_target = None;
        // Lines of one attack ask the same questions of the same miniatures: answer each once.
        let SightMemo { sight, cover } = memo;
        let mut cover_of =
            |m: usize, t: usize| -> bool { with_cover && *cover.entry((u, m, t)).or_insert_with(|| self.in_cover_from(u, m, t)) };
        let mut sees = |m: usize, t: usize, j: usize| -> Sight {
            *sight
                .entry((u, m, t, j))
                .or_insert_with(|| dust_geom::los::mini_sees(&self.table, (u, m), (t, j)).map(|_| ()))
        };
        let (mut any_close, mut any_ranged) = (false, false);
        let shares = self.crew_shares(u, aims);
        for (k, aim) in aims.iter().enumerate() {
            let li = usize::from(aim.line);
            let Some(w) = card.weapons.get(li) else {
                return Err(Refusal::new(format!(
                    "{} has no weapon line {} (its card has {})",
                    name(u),
                    aim.line,
                    card.weapons.len()
                )));
            };
            // A line aimed again: another rocket of a volley, or refused (weapons.rs).
            match self.repeated_aim(u, aims, k) {
                Some(Ok(())) => continue,
                Some(Err(r)) => return Err(r),
                None => {}
            }
            let before: Vec<u8> = aims[..k].iter().map(|a| a.line).collect();
            if let Some(r) = self
                .mode_refusal(u, li, &before)
                .or_else(|| self.ammo_refusal(u, li))
                .or_else(|| self.loaded_refusal(u, li))
                .or_else(|| self.crew_refusal(u, li, &before))
            {
                return Err(r);
            }
            let crew_weapons = self.crew_weapons(u, li, shares.as_deref())?;
            let Some(tu) = self.units.get(aim.target) else {
                return Err(Refusal::new(format!("there is no unit {}", aim.target)));
            };
            if tu.destroyed || tu.side == self.units[u].side {
                return Err(Refusal::new(format!("{} is not an enemy unit on the table", name(aim.target))));
            }
            if reactive.is_some_and(|r| r != aim.target) {
                return Err(Refusal::new(format!(
                    "a reactive attack can only target {}, the unit that activated",
                    name(reactive.unwrap_or(0))
                )));
            }
            if let Some(bunker) = self
                .fortification_piece(u)
                .filter(|&i| self.table.terrain[i].kind == TerrainKind::Bunker)
            {
                // "Weapons cannot fire at aircraft from within a bunker. Artillery weapons cannot
                // fire from within a bunker" (artillery: range A or a minimum range,
                // docs/rulings.md, "Battlefield: weapons in bunkers").
                let bunker = &self.table.terrain[bunker].name;
                if self.is_aircraft(aim.target) {
                    return Err(Refusal::new(format!(
                        "{} is in {bunker}: weapons cannot fire at aircraft from within a bunker",
                        name(u)
                    )));
                }
                if super::smoke::artillery(w.range) {
                    return Err(Refusal::new(format!(
                        "{} is in {bunker}: artillery weapons ({}) cannot fire from within a bunker",
                        name(u),
                        w.name
                    )));
                }
            }
            let close = w.range == WeaponRange::Close;
            if !close && self.charging(u) {
                return Err(Refusal::new(format!(
                    "{} is a ranged weapon: the free ATTACK of a Charge uses C weapons only",
                    w.name
                )));
            }
            if close && reactive.is_some() {
                return Err(Refusal::new("units making a reactive attack cannot use C weapons"));
            }
            if close && self.is_aircraft(u) {
                return Err(Refusal::new("aircraft do not fight in close combat"));
            }
            if close {
                if close_target.is_some_and(|t| t != aim.target) {
                    return Err(Refusal::new(
                        "the C weapons of one attack fight one unit (docs/rulings.md, \"Battlefield: one close combat an attack\")",
                    ));
                }
                close_target = Some(aim.target);
                any_close = true;
            } else {
                any_ranged = true;
            }
            if sustained && any_close && any_ranged {
                return Err(Refusal::new("a Sustained Attack uses either ranged weapons or C weapons, not both"));
            }
            let (value, exact) = values(self, u, li, aim.target);
            let Some((dice, template, damage)) = dice_of(value, exact) else {
                return Err(Refusal::new(format!(
                    "{} cannot harm {} ({})",
                    w.name,
                    name(aim.target),
                    self.armor(aim.target)
                )));
            };
            let mount = self.cards[u].bf.weapons.get(li).and_then(|b| b.mount);
            let flame = w.keywords.flame || self.cards[u].bf.weapons.get(li).is_some_and(|b| b.spray);
            let facing = self.table.units[u].facing;
            let all_weapons = class != Class::Squad;
            let used = if close { &mut used_close } else { &mut used_ranged };
            // An under-barrel weapon fired with its main weapon takes no soldier of its own.
            let rider = self.rides_main_weapon(u, aims, k)?;
            let carriers: Vec<usize> = (0..self.table.units[u].minis.len())
                .filter(|&m| self.carries(u, m, li) && (all_weapons || rider || !used[m]))
                .collect();
            if carriers.is_empty() {
                return Err(Refusal::new(format!(
                    "no miniature of {} is free to fire {} (each soldier fires 1 ranged and 1 C weapon an attack)",
                    name(u),
                    w.name
                )));
            }
            let ubody = |m: usize| &self.table.units[u].minis[m].body;
            let tminis = &self.table.units[aim.target].minis;
            if template || flame {
                let Some(at) = aim.at else {
                    return Err(Refusal::new(format!(
                        "{} is a {} weapon: give the template's {} (LINE>UNIT@X,Y)",
                        w.name,
                        if flame { "flame" } else { "blast" },
                        if flame { "aim point" } else { "centre" }
                    )));
                };
                if !self.table.holds(at) {
                    return Err(Refusal::new(format!(
                        "the template's point ({}) is off the table",
                        super::decision::point_text(at)
                    )));
                }
                let firers: Vec<usize> = carriers
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let b = ubody(m);
                        if flame {
                            in_field(class, mount, facing, b.centre(), at)
                        } else {
                            self.reaches_point(u, m, li, at)
                        }
                    })
                    .collect();
                if firers.is_empty() {
                    return Err(Refusal::new(format!(
                        "no miniature of {} has ({}) in {}'s field of fire, range and line of sight",
                        name(u),
                        super::decision::point_text(at),
                        w.name
                    )));
                }
                let mut firers = firers;
                if let Some(cap) = self.ammo_firers(u, li) {
                    firers.truncate(cap);
                }
                for &m in &firers {
                    used[m] |= !rider;
                }
                let hits = if flame {
                    let shape = match w.range {
                        WeaponRange::Spaces { max, .. } if max <= 1 => self.table.templates.flame_short,
                        _ => self.table.templates.flame_long,
                    };
                    let mut all: Vec<dust_geom::template::UnitHits> = Vec::new();
                    for &m in &firers {
                        for h in dust_geom::template::flame(&self.table, (u, m), at, shape).1 {
                            match all.iter_mut().find(|x| x.unit == h.unit) {
                                Some(x) => x.hit.extend(h.hit),
                                None => all.push(h),
                            }
                        }
                    }
                    all
                } else {
                    dust_geom::template::blast(&self.table, at)
                };
                let mut covers_target = false;
                for h in hits {
                    if h.hit.is_empty() || self.units[h.unit].destroyed || (h.unit == u && flame) {
                        continue;
                    }
                    let (v, ex) = values(self, u, li, h.unit);
                    let Some((per, is_template, dmg)) = dice_of(v, ex) else { continue };
                    if !is_template && !flame {
                        continue; // a number against this armour: the template leaves it unharmed
                    }
                    covers_target |= h.unit == aim.target;
                    let mut hit = h.hit.clone();
                    hit.sort_unstable();
                    hit.dedup();
                    // "For support weapons, roll 1 die for each miniature on the base": the crew
                    // left, one soldier a damage point (docs/rulings.md, "Battlefield: a blast on
                    // a support weapon").
                    let n = if !flame && self.class(h.unit) == Class::SupportWeapon {
                        u16::from(self.units[h.unit].health)
                    } else {
                        hit.len() as u16
                    };
                    let cover = !flame && cover_of(firers[0], h.unit);
                    groups.push(Group {
                        line: aim.line,
                        target: h.unit,
                        firers: firers.clone(),
                        dice: u16::from(per) * n * if flame { 1 } else { firers.len() as u16 },
                        cover,
                        save: self.save_of(u, li, h.unit, cover, false),
                        per_hit: rules_shared::damage_per_hit(self.struck(h.unit), ex, dmg),
                        close: false,
                        template: true,
                        valid: hit.iter().map(|&j| self.units[h.unit].models[j]).collect(),
                        hero: None,
                        chain: self.chains(u, li),
                        stun: self.stun_of(u, li),
                        hit: self.hit_faces(u, li, sustained),
                        reroll: false,
                        lucky: self.lucky_now(u),
                        chooser: None,
                    });
                }
                if !covers_target {
                    return Err(Refusal::new(format!(
                        "the template at ({}) hits no miniature of {} that is in its line of sight",
                        super::decision::point_text(at),
                        name(aim.target)
                    )));
                }
                continue;
            }
            if aim.at.is_some() && !self.is_sniper_line(u, li) {
                return Err(Refusal::new(format!(
                    "{} is not a template weapon: aim it at the unit alone (LINE>UNIT)",
                    w.name
                )));
            }
            // Direct fire (and C weapons): each carrier with a target miniature in its field of
            // fire, range and line of sight (artillery: past vehicles, not from area terrain).
            let art = super::smoke::artillery(w.range);
            let art_view = art.then(|| self.artillery_view(u, Some(aim.target)));
            let mut firers: Vec<(usize, Vec<usize>)> = Vec::new();
            let mut why = None;
            for &m in &carriers {
                let b = ubody(m);
                let mut reach = Vec::new();
                for (j, tm) in tminis.iter().enumerate() {
                    if !in_field(class, mount, facing, b.centre(), tm.body.centre()) {
                        why.get_or_insert_with(|| {
                            format!(
                                "{} is outside {}'s field of fire (45° either side of the facing)",
                                name(aim.target),
                                w.name
                            )
                        });
                        continue;
                    }
                    match if close { self.fortified_reach(u, m, aim.target, j) } else { None } {
                        // Across a bunker's or strongpoint's walls: the openings decide.
                        Some(true) => {
                            reach.push(j);
                            continue;
                        }
                        Some(false) => {
                            why.get_or_insert_with(|| {
                                format!(
                                    "{} is behind the walls of a bunker or strongpoint: C weapons fight across them only from a miniature adjacent to a strongpoint or to a bunker's firing slit or rear doors",
                                    name(aim.target)
                                )
                            });
                            continue;
                        }
                        None => {}
                    }
                    let gap = body_gap(b, &tm.body);
                    if !reaches(w.range, gap) {
                        why.get_or_insert_with(|| {
                            if close {
                                format!("{} is {:.1} cm away: C weapons fight within 5 cm", name(aim.target), gap.cm())
                            } else {
                                format!(
                                    "{} is {:.1} cm away (range {}), outside {}'s range",
                                    name(aim.target),
                                    gap.cm(),
                                    gap.range_band(),
                                    w.name
                                )
                            }
                        });
                        continue;
                    }
                    if self.camouflage_hides(u, m, aim.target, gap) {
                        why.get_or_insert_with(|| {
                            format!(
                                "{} is camouflaged, in cover and {:.1} cm away: no line of sight from 30 cm (CAMOUFLAGE)",
                                name(aim.target),
                                gap.cm()
                            )
                        });
                        continue;
                    }
                    if let Some(w) = art.then(|| self.artillery_blocked(u, m, tm.body.centre())).flatten() {
                        why.get_or_insert(w);
                        continue;
                    }
                    let seen = match &art_view {
                        Some(v) => self.artillery_sight(v, u, m, aim.target, j),
                        None => sees(m, aim.target, j),
                    };
                    if let Err(b) = seen {
                        why.get_or_insert_with(|| format!("no line of sight to {}: {}", name(aim.target), b.describe(&self.table)));
                        continue;
                    }
                    reach.push(j);
                }
                if !reach.is_empty() {
                    firers.push((m, reach));
                }
            }
            if firers.is_empty() {
                return Err(Refusal::new(format!(
                    "{} cannot fire {}: {}",
                    name(u),
                    w.name,
                    why.unwrap_or_default()
                )));
            }
            if let Some(cap) = self.ammo_firers(u, li) {
                firers.truncate(cap);
            }
            for (m, _) in &firers {
                used[*m] |= !rider;
            }
            for cover in [false, true] {
                let part: Vec<&(usize, Vec<usize>)> = firers.iter().filter(|(m, _)| !close && cover_of(*m, aim.target) == cover).collect();
                let part: Vec<&(usize, Vec<usize>)> = if close {
                    if cover {
                        Vec::new()
                    } else {
                        firers.iter().collect()
                    }
                } else {
                    part
                };
                if part.is_empty() {
                    continue;
                }
                let mut valid: Vec<usize> = part.iter().flat_map(|(_, r)| r.iter().copied()).collect();
                valid.sort_unstable();
                valid.dedup();
                groups.push(Group {
                    line: aim.line,
                    target: aim.target,
                    firers: part.iter().map(|(m, _)| *m).collect(),
                    dice: u16::from(dice) * part.len() as u16 * crew_weapons,
                    cover,
                    save: self.save_of(u, li, aim.target, cover, close),
                    per_hit: rules_shared::damage_per_hit(self.struck(aim.target), exact, damage),
                    close,
                    template: false,
                    valid: valid.iter().map(|&j| self.units[aim.target].models[j]).collect(),
                    hero: None,
                    chain: self.chains(u, li),
                    stun: self.stun_of(u, li),
                    hit: self.hit_faces(u, li, sustained),
                    reroll: false,
                    lucky: self.lucky_now(u),
                    chooser: self.assassin_side(u, li),
                });
            }
        }
        // "If a unit scores hits with both template weapons and other direct-fire weapons, the
        // hits from the template weapons are allocated first."
        groups.sort_by_key(|g| (g.close, !g.template));
        self.mark_wire_guided(u, aims, sustained, &mut groups);
        self.multiply_repeats(u, aims, &mut groups);
        self.fire_with_main_weapons(u, aims, &mut groups);
        for g in &mut groups {
            g.hero = self.hero_share(u, usize::from(g.line), g.target);
        }
        self.aim_snipers(u, aims, sustained, &mut groups)?;
        Ok(groups)
    }

    /// The hero joined to squad `t` for the activation under way who may take the hits of line
    /// `li` of unit `u`, and the damage one hit marks off him (none when the line cannot harm
    /// his Armour): docs/rulings.md, "Battlefield: hits on a unit with a joined hero".
    fn hero_share(&self, u: usize, li: usize, t: usize) -> Option<(usize, u8)> {
        let h = self.joined_hero(t).filter(|&h| !self.units[h].destroyed && h != u)?;
        if self.class(t) != Class::Squad {
            return None;
        }
        let (v, ex) = values(self, u, li, h);
        let (_, _, dmg) = dice_of(v, ex)?;
        Some((h, rules_shared::damage_per_hit(self.struck(h), ex, dmg)))
    }

    /// The save of unit `t` against line `li` of unit `u` ([`rules_shared::save`]): flame and C
    /// weapons none; grenade and phaser weapons no cover save.
    fn save_of(&self, u: usize, li: usize, t: usize, cover: bool, close: bool) -> Option<Symbols> {
        let w = &self.cards[u].card.weapons[li];
        let bfw = self.cards[u].bf.weapons.get(li);
        let no_save = close || w.range == WeaponRange::Close || w.keywords.flame || bfw.is_some_and(|b| b.spray);
        let no_cover =
            w.keywords.ugl || bfw.is_some_and(|b| b.grenade) || matches!(w.table.against(self.armor(t)), CombatValue::Phaser { .. });
        let close_in = close || w.range == WeaponRange::Close;
        if close_in && self.fortification_piece(t).is_some() && self.fortification_piece(u) != self.fortification_piece(t) {
            // "Units in a bunker or strongpoint get a save against C weapons attacking from
            // outside the fortification. Units in bunkers cancel hits from C weapons on ☹️ or
            // ☹️. Units in strongpoints cancel hits from C weapons on a roll of ☹️" (the faces of
            // the re-roll: docs/rulings.md, "Battlefield: saves in bunkers and strongpoints").
            return self.save_reroll(t);
        }
        let no_cover = no_cover || self.never_cover_save(t);
        rules_shared::save(self.class(t).infantry(), cover, no_save, no_cover).map(|s| self.save_faces(t, s.0))
    }

    /// The chances of an attack of unit `u` with `aims` as the table stands: the same plan the
    /// live roll rolls, each die's chance of ending as an unsaved hit (hit on the army symbol,
    /// re-rolled once when sustained, then not saved), and the distribution of each group's
    /// unsaved hits.
    ///
    /// # Errors
    /// The attack's refusal, as `check` gives it.
    pub fn attack_odds(&self, u: usize, aims: &[Aim], sustained: bool) -> Result<AttackOdds, Refusal> {
        self.attack_odds_memo(u, aims, sustained, &mut SightMemo::new())
    }

    /// Whether unit `u` could make the attack `aims` as the table stands (the plan
    /// [`FieldGame::attack_odds`] computes, without its cost of cover), with the lines of sight
    /// answered so far on this position (`memo`).
    ///
    /// # Errors
    /// The attack's refusal, as `check` gives it.
    pub fn attack_allowed(&self, u: usize, aims: &[Aim], sustained: bool, memo: &mut SightMemo) -> Result<(), Refusal> {
        self.plan_joint_attack_with(u, aims, sustained, None, false, memo).map(|_| ())
    }

    /// [`FieldGame::attack_odds`] with the lines of sight and cover answered so far on this
    /// position (`memo`, filled in as it goes): the same odds.
    ///
    /// # Errors
    /// The attack's refusal, as `check` gives it.
    pub fn attack_odds_memo(&self, u: usize, aims: &[Aim], sustained: bool, memo: &mut SightMemo) -> Result<AttackOdds, Refusal> {
        let groups = self.plan_joint_attack_with(u, aims, sustained, None, true, memo)?;

        Ok(AttackOdds {
            groups: groups
                .into_iter()
                .map(|g| {
                    let p_hit = self.dice.roll(1, g.hit).p();
                    let rolls = 1 + i32::from(sustained || g.reroll) + i32::from(g.lucky);
                    let hit = 1.0 - (1.0 - p_hit).powi(rolls);
                    let p_save = g.save.map_or(0.0, |s| {
                        let p = self.dice.roll(1, s).p();
                        // A failed save re-rolled in a fortification.
                        let r = self.save_reroll(g.target).map_or(0.0, |r| self.dice.roll(1, r).p());
                        p + (1.0 - p) * r
                    });
                    let resilient = if self.class(g.target) == Class::Squad && self.resilient(g.target, g.cover) {
                        1.0 - self.dice.roll(1, Symbols::ARMY).p()
                    } else {
                        1.0
                    };
                    let again = g.chain.then(|| self.dice.roll(1, rules_shared::CHAIN_HIT).p());
                    let (one, q) = FieldGame::die_distribution(hit, again, (1.0 - p_save) * resilient);
                    let dist = if g.chain {
                        super::skills::convolve_n(&one, u32::from(g.dice))
                    } else {
                        crate::dice::binomial(u32::from(g.dice), q)
                    };
                    (g, q, dist)
                })
                .collect(),
        })
    }

    fn roll(&mut self, n: u16, s: Symbols, purpose: Purpose) -> u16 {
        if n == 0 {
            return 0;
        }
        let k = self.dice.roll(n, s).sample(&mut self.rng);
        self.log(Event::Rolled {
            purpose,
            dice: n,
            successes: k,
        });
        k
    }

    /// Rolls planned groups: to hit (misses re-rolled when sustained), saves; returns the
    /// unsaved hits of each group and the hits (saved or not) each unit took.
    fn roll_groups(&mut self, groups: &[Group], sustained: bool) -> (Vec<u16>, Vec<u16>) {
        let mut unsaved = Vec::new();
        let mut hits_on = vec![0u16; self.units.len()];
        for g in groups {
            let mut hits = self.roll(g.dice, g.hit, Purpose::Hit);
            if sustained || g.reroll {
                hits += self.roll(g.dice - hits, g.hit, Purpose::Reroll);
            }
            if g.lucky {
                hits += self.roll(g.dice - hits, g.hit, Purpose::Reroll);
            }
            if g.chain {
                hits += rules_shared::chain(hits, |n| self.roll(n, rules_shared::CHAIN_HIT, Purpose::Chain));
            }
            hits_on[g.target] += hits;
            if let (Some(s), true) = (g.stun, hits > 0) {
                self.stun(g.target, s);
            }
            let mut saved = match g.save {
                Some(s) => self.roll(hits, s, Purpose::Save),
                None => 0,
            };
            if let (Some(_), Some(r), false) = (g.save, self.save_reroll(g.target), g.close) {
                saved += self.roll(hits - saved, r, Purpose::SaveReroll);
            }
            unsaved.push(hits - saved);
        }
        (unsaved, hits_on)
    }

    /// Performs an ATTACK or SUSTAINED ATTACK of unit `u` (already checked): the ranged and
    /// template groups are rolled and their damage done; the C weapons wait for the casualties
    /// of the others ([`CloseStage`]).
    pub(crate) fn perform_attack(&mut self, u: usize, aims: &[Aim], sustained: bool, reactive: Option<usize>) {
        let (own, hero) = self.split_joint(u, aims);
        let ranged: Vec<Aim> = own.iter().filter(|a| !self.is_close_line(u, a.line)).cloned().collect();
        let close: Vec<Aim> = own.iter().filter(|a| self.is_close_line(u, a.line)).cloned().collect();
        let mut planned = self.plan_attack(u, &ranged, sustained, reactive, true);
        if let Ok(groups) = &planned {
            self.mark_ammo(u, groups);
            self.mark_fired(u, &ranged);
        }
        let hero_ranged = hero.as_ref().map(|(h, a)| {
            (
                *h,
                a.iter().filter(|x| !self.is_close_line(*h, x.line)).cloned().collect::<Vec<_>>(),
            )
        });
        let hero_close = hero
            .as_ref()
            .map(|(h, a)| (*h, a.iter().filter(|x| self.is_close_line(*h, x.line)).cloned().collect::<Vec<_>>()))
            .filter(|(_, a)| !a.is_empty());
        if let (Ok(groups), Some((h, hero_aims))) = (&mut planned, &hero_ranged) {
            match self.plan_attack(*h, hero_aims, sustained, reactive, true) {
                Ok(more) => {
                    self.mark_ammo(*h, &more);
                    self.mark_fired(*h, hero_aims);
                    groups.extend(more)
                }
                Err(e) => planned = Err(e),
            }
            if let Ok(groups) = &mut planned {
                // "the hits from the template weapons are allocated first" (a stable sort keeps
                // each attacker's order).
                groups.sort_by_key(|g| !g.template);
            }
        }
        if let Ok(groups) = planned {
            let (unsaved, hits_on) = self.roll_groups(&groups, sustained);
            for (g, n) in groups.iter().zip(unsaved) {
                self.damage(g, n);
            }
            self.suppress(&hits_on);
        }
        if let Some(t) = close.first().or(hero_close.as_ref().and_then(|(_, a)| a.first())).map(|a| a.target) {
            self.close = Some(CloseStage {
                attacker: u,
                hero: hero_close,
                target: t,
                aims: close,
                sustained,
                parts: [true; 3],
                retaliates: None,
            });
        }
    }

    /// The aims of unit `u`'s own lines, and those of the hero joined to it for the
    /// activation (its lines follow the unit's card's: line `n + k` is the hero's line `k`).
    pub(crate) fn split_joint(&self, u: usize, aims: &[Aim]) -> (Vec<Aim>, Option<(usize, Vec<Aim>)>) {
        let n = self.cards[u].card.weapons.len();
        let Some(h) = self.joined_hero(u) else {
            return (aims.to_vec(), None);
        };
        let own = aims.iter().filter(|a| usize::from(a.line) < n).cloned().collect();
        let hero: Vec<Aim> = aims
            .iter()
            .filter(|a| usize::from(a.line) >= n)
            .map(|a| Aim {
                line: a.line - n as u8,
                ..a.clone()
            })
            .collect();
        (own, (!hero.is_empty()).then_some((h, hero)))
    }

    /// Checks an attack of unit `u` with the hero joined to it, if any: "Heroes can use all of
    /// their weapons at the same time" (tactics-battlefield-summary.md, "4. Declare Targets");
    /// the hero's close-combat lines are not played in a joint attack yet (docs/conformance/
    /// battlefield.md, F-110).
    pub(crate) fn plan_joint_attack(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
    ) -> Result<Vec<Group>, Refusal> {
        self.plan_joint_attack_with(u, aims, sustained, reactive, with_cover, &mut SightMemo::new())
    }

    /// [`FieldGame::plan_joint_attack`] with the lines of sight answered so far on this table.
    pub(crate) fn plan_joint_attack_with(
        &self,
        u: usize,
        aims: &[Aim],
        sustained: bool,
        reactive: Option<usize>,
        with_cover: bool,
        memo: &mut SightMemo,
    ) -> Result<Vec<Group>, Refusal> {
        let (own, hero) = self.split_joint(u, aims);
        let mut groups = if own.is_empty() && hero.is_some() {
            Vec::new()
        } else {
            self.plan_attack_with(u, &own, sustained, reactive, with_cover, memo)?
        };
        if let Some((h, hero_aims)) = hero {
            let more = self.plan_attack_with(h, &hero_aims, sustained, reactive, with_cover, memo)?;
            let close_of = |v: &[Group]| v.iter().filter(|g| g.close).map(|g| g.target).next();
            if let (Some(a), Some(b)) = (close_of(&groups), close_of(&more)) {
                if a != b {
                    return Err(Refusal::new(
                        "the C weapons of one attack fight one unit, the joined hero's too (docs/rulings.md, \"Battlefield: one close combat an attack\")",
                    ));
                }
            }
            if sustained && !groups.is_empty() && !more.is_empty() && groups[0].close != more[0].close {
                return Err(Refusal::new(
                    "a unit that took a SUSTAINED ATTACK action must choose between using ranged weapons or C weapons, with its joined hero",
                ));
            }
            groups.extend(more);
        }
        Ok(groups)
    }

    pub(crate) fn is_close_line(&self, u: usize, line: u8) -> bool {
        self.cards[u]
            .card
            .weapons
            .get(usize::from(line))
            .is_some_and(|w| w.range == WeaponRange::Close)
    }

    /// The close-combat stage: the attacker's C weapons, then the defender's retaliation with
    /// its own C weapons ("Before those casualties are removed, the defending unit retaliates
    /// … Casualties from all C weapons are then removed simultaneously"); no saves. A
    /// suppressed unit does not fight back ("cannot fight, including fighting back if attacked
    /// in close combat"); a sustained close combat is met by a standard attack.
    pub(crate) fn perform_close(&mut self, mut c: CloseStage) {
        if self.units[c.attacker].destroyed || self.units[c.target].destroyed {
            return;
        }
        let fights_back = !(self.units[c.target].tokens.suppressed || self.units[c.target].stunned || self.is_aircraft(c.target));
        let retaliates = *c.retaliates.get_or_insert(fights_back);
        // "FIRST STRIKE": the first strikers' pass now, the others' once its casualties are
        // removed.
        let parts = c.parts;
        let now = self.first_strikers(&c);
        if now != parts {
            self.close = Some(CloseStage {
                parts: [parts[0] && !now[0], parts[1] && !now[1], parts[2] && !now[2]],
                ..c.clone()
            });
        }
        let mine: &[Aim] = if now[0] { &c.aims } else { &[] };
        let aims: Vec<Aim> = mine
            .iter()
            .filter(|a| self.plan_attack(c.attacker, std::slice::from_ref(*a), false, None, false).is_ok())
            .cloned()
            .collect();
        let mut attack = self.plan_attack(c.attacker, &aims, c.sustained, None, true).unwrap_or_default();
        // The joined hero's C weapons fight with the unit's (the lines still able to reach).
        if let Some((h, hero_aims)) = c.hero.as_ref().filter(|_| now[1]) {
            if !self.units[*h].destroyed {
                let ok: Vec<Aim> = hero_aims
                    .iter()
                    .filter(|a| self.plan_attack(*h, std::slice::from_ref(*a), false, None, false).is_ok())
                    .cloned()
                    .collect();
                attack.extend(self.plan_attack(*h, &ok, c.sustained, None, true).unwrap_or_default());
            }
        }
        let retaliation = if !retaliates || !now[2] {
            Vec::new()
        } else {
            let lines: Vec<Aim> = (0..self.cards[c.target].card.weapons.len() as u8)
                .filter(|&l| self.is_close_line(c.target, l))
                .map(|line| Aim {
                    line,
                    target: c.attacker,
                    at: None,
                })
                .collect();
            // Each line that can fight back; a soldier fights with the first he carries.
            let mut ok = Vec::new();
            for a in lines {
                let mut with = ok.clone();
                with.push(a.clone());
                if self.plan_attack(c.target, &with, false, None, false).is_ok() {
                    ok.push(a);
                }
            }
            self.plan_attack(c.target, &ok, false, None, true).unwrap_or_default()
        };
        let (ua, ha) = self.roll_groups(&attack, c.sustained);
        let (ur, hr) = self.roll_groups(&retaliation, false);
        for (g, n) in attack.iter().zip(ua).chain(retaliation.iter().zip(ur)) {
            self.damage(g, n);
        }
        let mut hits = ha;
        for (h, r) in hits.iter_mut().zip(hr) {
            *h += r;
        }
        self.suppress(&hits);
    }

    /// Suffers the `n` unsaved hits of group `g` ("7. Suffer Damage"), with Damage Resilient
    /// ("Each time an infantry squad with this skill is assigned a hit that is not cancelled by
    /// a save, roll a die. On ☒ cancel the hit. Each time a support weapon, hero, vehicle, or
    /// aircraft unit with this skill is assigned a hit …, roll 1 die for each point of damage
    /// marked off … Each ☒ cancels 1 point of damage").
    pub(crate) fn damage(&mut self, g: &Group, n: u16) {
        let t = g.target;
        if n == 0 || self.units[t].destroyed {
            return;
        }
        let resilient = self.resilient(t, g.cover);
        if self.class(t) == Class::Squad {
            let cancelled = if resilient {
                self.roll(n, Symbols::ARMY, Purpose::Resilient)
            } else {
                0
            };
            let n = usize::from(n - cancelled);
            let valid: Vec<u8> = g.valid.iter().copied().filter(|m| self.units[t].models.contains(m)).collect();
            if n == 0 || (valid.is_empty() && g.hero.is_none()) {
                return;
            }
            if g.hero.is_some() {
                self.casualties.push_back(Choice {
                    unit: t,
                    count: n,
                    valid,
                    hero: g.hero,
                    by: g.chooser,
                });
                return;
            }
            // "If there are no miniatures left in the unit that are valid targets …, any
            // remaining hits are ignored." When every valid miniature falls, nothing is chosen.
            if n >= valid.len() {
                for m in valid {
                    self.remove_model(t, m);
                }
            } else {
                self.casualties.push_back(Choice {
                    unit: t,
                    count: n,
                    valid,
                    hero: None,
                    by: g.chooser,
                });
            }
            return;
        }
        if !g.template {
            // "the infantry unit does not suffer additional hits if the vehicle is hit" by a blast
            // or flame weapon: it was attacked separately.
            self.riders_hit(t, n);
        }
        for _ in 0..n {
            let left = self.units[t].health;
            if left == 0 {
                break;
            }
            let pts = g.per_hit.min(left);
            let cancelled = if resilient {
                self.roll(u16::from(pts), Symbols::ARMY, Purpose::Resilient) as u8
            } else {
                0
            };
            let pts = pts - cancelled.min(pts);
            if pts > 0 {
                self.units[t].health -= pts;
                self.log(Event::Damaged(t, pts));
            }
            if self.units[t].health == 0 {
                self.eliminate(t);
                break;
            }
        }
    }

    /// Marks `hits` hits of `per` damage points each off hero `h`, who took them for the unit
    /// he joined (with Damage Resilient, as any hit on him).
    pub(crate) fn damage_hero(&mut self, h: usize, per: u8, hits: u16) {
        let g = Group {
            line: 0,
            target: h,
            firers: Vec::new(),
            dice: 0,
            cover: false,
            save: None,
            per_hit: per,
            close: false,
            template: false,
            valid: Vec::new(),
            hero: None,
            chain: false,
            stun: None,
            hit: Symbols::ARMY,
            reroll: false,
            lucky: false,
            chooser: None,
        };
        self.damage(&g, hits);
    }

    /// The casualties still to choose: a choice whose valid miniatures have fallen to other
    /// hits in the meantime is cut to those left; one with no choice left (none, or all of
    /// them) is played at once.
    pub(crate) fn settle_casualties(&mut self) {
        while let Some(c) = self.casualties.front_mut() {
            let alive = &self.units[c.unit].models;
            c.valid.retain(|m| alive.contains(m));
            let hero_hits = c.hero.map_or(0, |(h, per)| {
                let left = if self.units[h].destroyed { 0 } else { self.units[h].health };
                usize::from(left.div_ceil(per.max(1)))
            });
            if hero_hits == 0 {
                c.hero = None;
            }
            c.count = c.count.min(c.valid.len() + hero_hits);
            if c.count > 0 && (c.count < c.valid.len() || c.hero.is_some()) {
                return;
            }
            let c = self.casualties.pop_front().expect("a front");
            for m in c.valid.into_iter().take(c.count) {
                self.remove_model(c.unit, m);
            }
        }
    }

    /// Removes the miniature of card model `model` from squad `t`.
    pub(crate) fn remove_model(&mut self, t: usize, model: u8) {
        let Some(i) = self.units[t].models.iter().position(|&m| m == model) else {
            return;
        };
        self.units[t].models.remove(i);
        self.remove_mini(t, i);
        self.units[t].health = self.units[t].health.saturating_sub(1);
        self.log(Event::Casualty(t));
        if self.units[t].models.is_empty() {
            self.eliminate(t);
        }
    }

    /// Eliminates unit `t`: "Remove eliminated heroes and aircraft from the table. Eliminated
    /// vehicles are marked as wrecks and become a terrain feature".
    pub(crate) fn eliminate(&mut self, t: usize) {
        if self.units[t].destroyed || self.cheats_death(t) {
            return;
        }
        self.units[t].destroyed = true;
        self.units[t].health = 0;
        self.unload_wreck(t);
        let side = self.units[t].side;
        self.destroyed_ap[side.other()] += self.cards[t].card.ap;
        if self.class(t) == Class::Vehicle {
            if let Some(m) = self.table.units[t].minis.first() {
                let hull = m.body.outline();
                let kind = self.wreck_kind(t);
                let mut wreck = dust_geom::table::Terrain::new(
                    format!("the wreck of {}", self.table.units[t].name),
                    kind,
                    dust_geom::table::Area::Polygon(hull),
                );
                wreck.cover = kind.cover();
                self.table.terrain.push(wreck);
            }
        }
        self.table.units[t].minis.clear();
        self.units[t].models.clear();
        self.log(Event::Eliminated(t));
    }

    /// Tokens for the units an attack hit ("Any unit hit by an ATTACK or SUSTAINED ATTACK
    /// action, even if the hits were saved, receives an Under Fire token. If it already has an
    /// Under Fire token, it replaces it with a Suppression token instead. A unit with a
    /// Suppression token cannot receive another. A unit hit 10 times in a single … action …
    /// receives a Suppression token (removing any Under Fire token)"); heroes never.
    fn suppress(&mut self, hits_on: &[u16]) {
        for (t, &h) in hits_on.iter().enumerate() {
            if h == 0 || self.units[t].destroyed || self.immune_to_suppression(t) {
                continue;
            }
            let tok = &mut self.units[t].tokens;
            if h >= 10 || tok.under_fire || tok.suppressed {
                tok.suppressed = true;
                tok.under_fire = false;
            } else {
                tok.under_fire = true;
            }
            let tok = *tok;
            self.log(Event::Tokens(t, tok));
        }
    }
}
