//! The exact computation: one weapon line as a pipeline of distributions, and the activation as
//! a small dynamic programme over the target's health left (and whether Medal of Honor is still
//! unused).

use super::{cap_vec, convolve, AttackSpec, Distribution, HeroHits, LineChoice, OddsError, HERO_LINE, LASER_TAIL, MAX_DICE};
use crate::dice::{binomial, BattlefrontDice, Die, Face, Symbols};
use crate::los::CoverLevel;
use crate::range::WeaponRange;
use crate::unit::{BattlefrontCard, BattlefrontValue, CombatValue, Role, Skill, UnitCard, UnitKind, WeaponLine};
use std::borrow::Cow;

/// The odds of one weapon line fired on its own at the target as given.
#[derive(Clone, Debug, PartialEq)]
pub struct LineOdds {
    /// Index of the line on the attacker's card.
    pub line: usize,
    /// Its name.
    pub name: String,
    /// Its combat value against the target's armor.
    pub value: CombatValue,
    /// A close-combat (range C) line.
    pub close: bool,
    /// The line ignores cover (close combat, artillery, flamethrower, UGL, Phaser) or the target
    /// gets no save.
    pub ignores_cover: bool,
    /// Dice of the first roll (aim dice for a Phaser), with every doubling.
    pub dice: u32,
    /// Hits: after rerolls, laser chains and Phaser power dice, before cover saves.
    pub hits: Distribution,
    /// Hits left after cover saves.
    pub after_cover: Distribution,
    /// Damage points after saves and Damage Resilient (uncapped). For AP Incendiary: 1 when the
    /// unit is eliminated.
    pub damage: Distribution,
    /// Health lost by the target (miniatures for a squad), capped by what it has.
    pub loss: Distribution,
    /// P(the line alone destroys the target).
    pub destroyed: f64,
    /// Probability mass cut from laser chains (an upper bound on the total variation error).
    pub truncation_error: f64,
    /// Remarks: why the line cannot damage, cover ignored, Heroic Attack…
    pub notes: Vec<String>,
}

/// The odds of a whole activation's attack against one target.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Each chosen line on its own, in resolution order.
    pub lines: Vec<LineOdds>,
    /// Health the target loses over the whole activation (index = health lost).
    pub loss: Distribution,
    /// P(the target is destroyed).
    pub destroyed: f64,
    /// Health the attacker loses to the defender's close-combat retaliation.
    pub attacker_loss: Distribution,
    /// Joint distribution: `joint[t][a]` = P(target loses `t` and attacker loses `a`).
    pub joint: Vec<Vec<f64>>,
    /// Whether close-combat lines fire (and so the defender may retaliate).
    pub close_combat: bool,
    /// Upper bound on the probability mass cut from laser chains, over the whole computation.
    pub truncation_error: f64,
    /// Remarks on the whole attack.
    pub notes: Vec<String>,
    /// Battlefront: what the hero joined to the target squad loses ([`AttackSpec::joined_hero`]);
    /// [`Odds::loss`] and [`Odds::destroyed`] are then the squad's miniatures.
    pub hero: Option<HeroOdds>,
    /// What each other unit on the spray lines' paths loses ([`AttackSpec::path_victims`], in
    /// that order).
    pub victims: Vec<VictimOdds>,
    /// A hero joined to the attacking squad ([`AttackSpec::attacking_hero`]): what he loses to
    /// the defender's close-combat retaliation, his `joint[s][h]` the squad's miniatures and his
    /// health lost; [`Odds::attacker_loss`] and [`Odds::joint`] then count the squad's
    /// miniatures.
    pub attacker_hero: Option<HeroOdds>,
}

/// The odds of another unit on the path of the spray lines ([`crate::odds::PathVictim`]).
#[derive(Clone, Debug, PartialEq)]
pub struct VictimOdds {
    /// Its name.
    pub name: String,
    /// Its miniatures or health before the attack.
    pub alive: u8,
    /// Each line that sprays it, on its own.
    pub lines: Vec<LineOdds>,
    /// Health it loses (miniatures for a squad; index = health lost).
    pub loss: Distribution,
    /// P(it is destroyed).
    pub destroyed: f64,
    /// A hero joined to it: his losses.
    pub hero: Option<HeroOdds>,
    /// Upper bound on the probability mass cut from laser chains.
    pub truncation_error: f64,
    /// Remarks.
    pub notes: Vec<String>,
}

/// The odds of the hero joined to the target squad over the activation.
#[derive(Clone, Debug, PartialEq)]
pub struct HeroOdds {
    /// Health the hero loses (index = health lost).
    pub loss: Distribution,
    /// P(the hero is destroyed).
    pub destroyed: f64,
    /// P(the squad and the hero are both destroyed).
    pub both_destroyed: f64,
    /// Joint distribution: `joint[s][h]` = P(the squad loses `s` miniatures and the hero `h`
    /// health).
    pub joint: Vec<Vec<f64>>,
}

#[derive(Copy, Clone, Debug, PartialEq)]
enum Kind {
    None,
    Dice { damage: u8 },
    Phaser { power: u8 },
    Ap,
}

/// One line of one side, resolved against a target, except for the target's miniature count.
#[derive(Clone, Debug)]
struct Fire {
    line: usize,
    name: String,
    value: CombatValue,
    close: bool,
    kind: Kind,
    /// Dice of the first roll; for Incendiary and AP Incendiary, per targeted miniature (before
    /// the set-up halving and the All In One doubling).
    base: u32,
    per_target: bool,
    /// Battlefront set-up weapon in an activation with a Move: half the dice, rounded up.
    half: bool,
    /// All In One: twice the dice (after the halving, as the engine).
    double: bool,
    /// Chance of a success on one die of the roll, its rerolls and Medal of Honor (the miss
    /// face with a Spotter; battlefront Fighting Spirit: the army symbol or the target).
    p: f64,
    /// Chance of a success on a laser chain's die (the army symbol alone in the battlefront
    /// edition, Fighting Spirit or not: `Game::bf_fire_roll`).
    p_chain: f64,
    /// Chance that a die of the first roll ends as a success after sustained and Berserk rerolls.
    p_eff: f64,
    laser: bool,
    /// Chance that a hit is not saved by cover (battlefront: by the save), if the target gets
    /// a save.
    keep: Option<f64>,
    /// Battlefront automatic kill on a hero or vehicle: each hit marks off every cross left, so
    /// the damage per hit is the target's health left.
    kill: bool,
    resilient: bool,
    /// Battlefront Damage Resilient of a hero, vehicle or aircraft alone: rolled hit by hit, a
    /// die per point the hit marks off of the crosses left (`Game::bf_resilient_start`).
    resilient_per_hit: bool,
    heroic: bool,
    /// The target counts one miniature per health point (squads) or is one miniature.
    target_squad: bool,
    /// Medal of Honor may reroll a die of this line: the medal hero's line (every line of a
    /// unit alone; with a hero joined to the attacking squad, his lines only, "A hero with this
    /// skill does not share it with any squad he joins").
    medal: bool,
    /// What a hit of this line marks off on a hero joined to the squad it hits (the target's
    /// for the attacker's lines, the attacker's for the retaliation).
    on_hero: HeroPoints,
}

impl Fire {
    fn dice(&self, targets: usize) -> u32 {
        let mut n = if self.per_target {
            let t = if self.target_squad { targets as u32 } else { 1 };
            self.base.saturating_mul(t)
        } else {
            self.base
        };
        if self.half {
            n = n.div_ceil(2); // "Set-Up Weapons": "half … (rounded up)"
        }
        if self.double {
            n = n.saturating_mul(2); // "All In One"
        }
        n
    }
}

#[derive(Clone, Copy)]
struct FireOpts {
    sustained: bool,
    berserk: bool,
    all_in_one: bool,
    spotter: bool,
    burst: bool,
    cover: CoverLevel,
    resilient: bool,
    heroic: bool,
    /// The battlefront rules (dice, saves, damage per hit).
    battlefront: bool,
    /// The activation takes a Move action (battlefront set-up weapons roll half their dice).
    moved: bool,
    /// Battlefront Fighting Spirit is used: the ranged lines hit on the army symbol or the target.
    spirit: bool,
}

/// The first `alive` models' carriers of line `li` (squads; 1 for other units and for
/// limited-ammo lines, which belong to the unit).
fn carriers(card: &UnitCard, alive: u8, li: usize) -> u32 {
    let w = &card.weapons[li];
    if card.kind != UnitKind::Squad || w.ammo.is_some() {
        return 1;
    }
    card.models
        .iter()
        .take(usize::from(alive))
        .filter(|m| li < 32 && m.weapons & (1 << li) != 0)
        .count() as u32
}

/// The battlefront save against weapon `w` ("6) Roll Saves"), as the chance that a hit stays:
/// none against close combat and spray weapons; infantry (squads and heroes) in cover save on
/// the army symbol or the shield (4 faces of 6), out of cover (or against a grenade weapon,
/// which ignores cover) on the army symbol; vehicles in cover on the army symbol, out of cover
/// none (`Game::bf_save`).
fn bf_keep(w: &WeaponLine, target: &UnitCard, cover: CoverLevel) -> Option<f64> {
    if w.range == WeaponRange::Close || w.keywords.flame {
        return None;
    }
    let infantry = matches!(target.kind, UnitKind::Squad | UnitKind::Hero);
    let in_cover = cover != CoverLevel::None && !w.keywords.ugl;
    let save = match (infantry, in_cover) {
        (true, true) => Symbols::ARMY_OR_SHIELD,
        (true, false) | (false, true) => Symbols::ARMY,
        (false, false) => return None,
    };
    Some(1.0 - BattlefrontDice::ThreeSymbol.roll(1, save).p())
}

/// The battlefront damage per hit of a line whose kind is [`Kind::Dice`] (`Game::bf_damage_per_hit`):
/// one miniature per hit on a squad ("7) Suffer Damage"); on a hero or vehicle the blast's Y
/// ("Blast Weapons"), everything left for an automatic kill (`true`), else the card's damage.
fn bf_damage(bf: Option<&BattlefrontCard>, li: usize, target: &UnitCard, damage: u8) -> (u8, bool) {
    let squad = target.kind == UnitKind::Squad;
    let value = bf.and_then(|b| b.weapons.get(li)).and_then(|w| w.value(target.armor));
    match value {
        _ if squad => (damage.min(1), false),
        Some(BattlefrontValue::Blast { damage, .. }) => (damage, false),
        Some(BattlefrontValue::BlastKill { .. } | BattlefrontValue::Kill { .. }) => (1, true),
        None => (damage, false),
    }
}

/// Battlefront "Soldiers with Several Weapons": the soldiers of a squad (its first `alive`
/// models) shared out among the lines `lines` (line, ammo) of one kind (ranged, or close
/// combat), as the engine does (`Game::bf_firers`): each limited-ammo line takes as many of
/// its carriers as the ammo it spends (those with the fewest other chosen lines first), then
/// each other line, in card order, every carrier still free; an under-barrel line chosen with
/// its main weapon fires with every soldier firing the main weapon who carries it ("Under-Barrel
/// Weapons"). Returns (line, soldiers firing it); empty for a unit that is not a squad
/// (docs/rulings.md, "Battlefront soldiers with several weapons").
pub(crate) fn bf_firers(card: &UnitCard, bf: Option<&BattlefrontCard>, alive: u8, lines: &[(usize, u8)]) -> Vec<(usize, u32)> {
    if card.kind != UnitKind::Squad {
        // A vehicle's damage points left shared out among its crew lines ("Vehicle Crews").
        return crate::battlefront::weapons::share_crew(card, bf, u32::from(alive), lines);
    }
    let models: Vec<u32> = card.models.iter().take(usize::from(alive)).map(|m| m.weapons).collect();
    crate::battlefront::weapons::share_out(card, bf, &models, lines)
}

/// The soldiers firing each chosen line of `card` (battlefront squads), the ranged and the
/// close-combat lines shared out apart ([`bf_firers`]); lines of no effect against `target`
/// are not aimed when `target` is given (the engine leaves them unused; a retaliation shares
/// out every close-combat line, `Game::close_lines`).
fn firers_of(
    card: &UnitCard,
    bf: Option<&BattlefrontCard>,
    alive: u8,
    lines: &[LineChoice],
    target: Option<&UnitCard>,
) -> Vec<(usize, u32)> {
    let mut out = Vec::new();
    for close in [false, true] {
        let group: Vec<(usize, u8)> = lines
            .iter()
            .filter(|c| {
                card.weapons.get(c.line).is_some_and(|w| {
                    (w.range == WeaponRange::Close) == close && target.is_none_or(|t| w.table.against(t.armor) != CombatValue::NoEffect)
                })
            })
            .map(|c| (c.line, c.ammo))
            .collect();
        out.extend(bf_firers(card, bf, alive, &group));
    }
    out
}

/// One weapon line as fired. `firers`: battlefront, the soldiers of the squad firing it
/// ([`bf_firers`]; `None`: every carrier). A battlefront crew line of a vehicle ("Vehicle
/// Crews") fires one weapon per damage point left (`alive`).
fn fire(
    attacker: &UnitCard,
    bf: Option<&BattlefrontCard>,
    alive: u8,
    choice: LineChoice,
    target: &UnitCard,
    o: FireOpts,
    firers: Option<u32>,
) -> Fire {
    let li = choice.line;
    let w = &attacker.weapons[li];
    let value = w.table.against(target.armor);
    let crew = o.battlefront
        && !matches!(attacker.kind, UnitKind::Squad | UnitKind::Hero)
        && bf.and_then(|b| b.weapons.get(li)).is_some_and(|w| w.crew);
    let per_squad = if crew {
        // "it may fire one weapon for each damage point the Vehicle has remaining", shared
        // among the crew lines chosen ([`bf_firers`]).
        firers.map_or(u32::from(alive), |n| n.min(u32::from(alive)))
    } else if attacker.kind == UnitKind::Squad && w.ammo.is_none() {
        // Battlefront: only the carriers not firing another weapon (`Game::bf_firers`).
        firers.map_or(carriers(attacker, alive, li), |n| n.min(carriers(attacker, alive, li)))
    } else {
        carriers(attacker, alive, li)
    };
    let per_ammo = if w.ammo.is_some() {
        firers.map_or(u32::from(choice.ammo), |n| n.min(u32::from(choice.ammo)))
    } else {
        1
    };
    let (mut kind, mut base, per_target) = match value {
        CombatValue::NoEffect => (Kind::None, 0, false),
        CombatValue::Dice { dice, damage } => (Kind::Dice { damage }, u32::from(dice) * per_squad * per_ammo, false),
        CombatValue::Phaser { aim, power } => (Kind::Phaser { power }, u32::from(aim) * per_squad * per_ammo, false),
        // "roll A dice when spending one ammo (B dice when spending two…)"
        CombatValue::Volley { dice, damage } => (
            Kind::Dice { damage },
            u32::from(dice[usize::from(choice.ammo.clamp(1, 4) - 1)]),
            false,
        ),
        // "roll X dice for each targeted miniature"
        CombatValue::Incendiary { dice } => (Kind::Dice { damage: 1 }, u32::from(dice) * per_squad * per_ammo, true),
        CombatValue::ApIncendiary { dice } => (Kind::Ap, u32::from(dice) * per_squad * per_ammo, true),
    };
    if w.keywords.burst && o.burst {
        base *= 2; // "Burst Weapons"
    }
    let half = o.battlefront && o.moved && bf.and_then(|b| b.weapons.get(li)).is_some_and(|w| w.set_up);
    let mut kill = false;
    if o.battlefront {
        if let Kind::Dice { damage } = kind {
            let (d, k) = bf_damage(bf, li, target, damage);
            kind = Kind::Dice { damage: d };
            kill = k;
        }
    }
    let die = Die::REVISED;
    // Battlefront: every roll of an attack counts the army symbol (2 faces of 6); the Spotter's
    // reversal is a revised rule (`Game::bf_fire_roll`).
    let p_chain = if o.battlefront {
        BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY).p()
    } else {
        die.p(if o.spotter { Face::Miss } else { Face::Hit })
    };
    let close = w.range == WeaponRange::Close;
    // "Fighting Spirit": "hits on rolls of [target] as well as [army symbol] when making an
    // Attack or Sustained Attack action" — the ranged lines' roll, rerolls and Medal of Honor
    // (the engine's close combat keeps the army symbol).
    let p = if o.battlefront && o.spirit && !close {
        BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY_OR_TARGET).p()
    } else {
        p_chain
    };
    let rerolls = i32::from(o.sustained) + i32::from(o.berserk);
    let p_eff = 1.0 - (1.0 - p).powi(1 + rerolls);
    let keep = if o.battlefront {
        bf_keep(w, target, o.cover)
    } else if close || w.ignores_cover(value) || target.kind != UnitKind::Squad {
        None
    } else {
        let face = match o.cover {
            CoverLevel::None => None,
            CoverLevel::Soft => target.soft_cover,
            CoverLevel::Hard => target.hard_cover,
        };
        face.map(|f| 1.0 - die.p(f))
    };
    Fire {
        line: li,
        name: w.name.clone(),
        value,
        close,
        kind,
        base,
        per_target,
        half,
        double: o.all_in_one,
        p,
        p_chain,
        p_eff,
        laser: w.keywords.laser,
        keep,
        kill,
        resilient: o.resilient,
        resilient_per_hit: o.battlefront && o.resilient && target.kind != UnitKind::Squad,
        heroic: o.heroic,
        target_squad: target.kind == UnitKind::Squad,
        medal: true,
        on_hero: HeroPoints::Rating(1),
    }
}

/// Unnormalised distributions of one branch of a line's resolution.
#[derive(Clone, Debug, Default)]
struct Outcome {
    hits: Vec<f64>,
    saved: Vec<f64>,
    damage: Vec<f64>,
}

impl Outcome {
    fn mass(&self) -> f64 {
        self.hits.iter().sum()
    }
}

/// The index in `cache` of the outcomes [`resolve`] gives for `key`, computed by `compute` and
/// kept the first time the key comes.
fn cached<K: PartialEq>(cache: &mut Vec<(K, [Outcome; 2])>, key: K, compute: impl FnOnce() -> [Outcome; 2]) -> usize {
    match cache.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            cache.push((key, compute()));
            cache.len() - 1
        }
    }
}

/// The line with `n` dice against a target with `health` left. Branch 0: Medal of Honor not
/// spent (or not available); branch 1: spent on a failed die of this line.
fn resolve(f: &Fire, n: u32, health: usize, moh: bool, err: &mut f64) -> [Outcome; 2] {
    let mut first = [binomial(n, f.p_eff), Vec::new()];
    if moh && f.medal && n > 0 {
        // "reroll one combat die during an attack": the hero rerolls one failed die, once,
        // after the other rerolls, on the first line that has one (docs/rulings.md, "Medal of
        // Honor").
        let b = std::mem::take(&mut first[0]);
        let mut kept = vec![0.0; b.len()];
        let mut used = vec![0.0; b.len()];
        let last = b.len() - 1;
        kept[last] = b[last];
        for k in 0..last {
            used[k] += b[k] * (1.0 - f.p);
            used[k + 1] += b[k] * f.p;
        }
        first = [kept, used];
    }
    first.map(|v| pipeline(f, v, health, err))
}

fn pipeline(f: &Fire, v: Vec<f64>, health: usize, err: &mut f64) -> Outcome {
    if v.is_empty() {
        return Outcome::default();
    }
    let mass: f64 = v.iter().sum();
    let mut hits = v;
    if f.laser {
        // "reroll all hit results. Continue … until all dice show misses" (Laser), with the
        // chain after the sustained and Berserk rerolls (tactics-revised-faq.md).
        hits = laser_chain(&hits, f.p_chain, err);
    }
    if let Kind::Phaser { power } = f.kind {
        // "Each hit allows him to roll Y damage dice" (Phaser Blast); damage dice count hits.
        hits = compound(&hits, u32::from(power), Die::REVISED.p(Face::Hit));
    }
    let saved = match f.keep {
        Some(keep) => thin(&hits, keep),
        None => hits.clone(),
    };
    let damage = match f.kind {
        _ if f.heroic => vec![mass],
        Kind::None => vec![mass],
        Kind::Ap => {
            let zero = saved.first().copied().unwrap_or(0.0);
            vec![zero, (mass - zero).max(0.0)]
        }
        // Battlefront Damage Resilient hit by hit (capped at the health left).
        Kind::Dice { damage } if f.resilient_per_hit => {
            resilient_per_hit(&saved, if f.kill { health } else { usize::from(damage) }, health)
        }
        // An automatic kill marks off every cross left: the health left per hit (on a support
        // weapon its Damage Resilient rolls one die per hit, which cancels the whole hit).
        Kind::Dice { .. } if f.kill && f.target_squad => scale(&resilient(f, saved.clone()), health.max(1)),
        Kind::Dice { .. } if f.kill => resilient(f, scale(&saved, health.max(1))),
        Kind::Dice { damage } => resilient(f, scale(&saved, usize::from(damage))),
        Kind::Phaser { .. } => resilient(f, saved.clone()),
    };
    Outcome { hits, saved, damage }
}

fn resilient(f: &Fire, dmg: Vec<f64>) -> Vec<f64> {
    if f.resilient {
        // "roll one die for each point of damage … For each hit, ignore one point of damage."
        thin(&dmg, 1.0 - Die::REVISED.p(Face::Hit))
    } else {
        dmg
    }
}

/// Battlefront: "Each time a Hero, Vehicle, or Aircraft unit with the Damage Resilient skill is
/// assigned a hit that is not cancelled by a save, roll one die for each point of damage marked
/// off the unit's damage track. Each rolled [army symbol] cancels one point of damage." From
/// the distribution of hits left after the saves, the points taken by a target with `m` left:
/// each hit rolls `per` dice, or the crosses left if fewer (`Game::bf_resilient_dice`).
fn resilient_per_hit(saved: &[f64], per: usize, m: usize) -> Vec<f64> {
    let p = BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY).p();
    let mut out = vec![0.0; m + 1];
    // cur[t]: the chance that the hits so far took t points.
    let mut cur = vec![0.0; m + 1];
    cur[0] = 1.0;
    for (k, &w) in saved.iter().enumerate() {
        if k > 0 {
            let mut next = vec![0.0; m + 1];
            for (t, &x) in cur.iter().enumerate() {
                let n = per.min(m - t);
                if x == 0.0 || n == 0 {
                    next[t] += x;
                    continue;
                }
                for (c, b) in binomial(n as u32, p).into_iter().enumerate() {
                    next[t + n - c] += x * b;
                }
            }
            cur = next;
        }
        if w != 0.0 {
            for (o, &x) in out.iter_mut().zip(&cur) {
                *o += w * x;
            }
        }
    }
    out
}

/// Health lost from one branch by a target with `m` health left.
fn loss_of(f: &Fire, o: &Outcome, m: usize) -> Vec<f64> {
    let mass = o.mass();
    if f.heroic || f.kind == Kind::None {
        let mut v = vec![0.0; m + 1];
        v[0] = mass;
        return v;
    }
    if f.kind == Kind::Ap {
        // "eliminate the entire unit if at least one die result is a hit"
        let mut v = vec![0.0; m + 1];
        v[0] += o.damage[0];
        v[m] += o.damage[1];
        return v;
    }
    cap_vec(&o.damage, m)
}

/// Each initial hit starts a chain rerolled until it misses: the extra hits of `h` chains are
/// negative binomial, P(s) = C(s+h-1, s) p^s (1-p)^h. Summed term by term; a chain sum stops
/// when the rest is provably below [`LASER_TAIL`] (the terms' ratio p(s+h)/(s+1) decreases, so
/// the rest after term t is at most t·r/(1-r)). The cut mass goes to the last entry and the
/// bound is added to `err`.
fn laser_chain(v: &[f64], p: f64, err: &mut f64) -> Vec<f64> {
    let mut out: Vec<f64> = vec![0.0; v.len()];
    let mut put = 0.0;
    for (h, &w) in v.iter().enumerate() {
        if w == 0.0 {
            continue;
        }
        if h == 0 {
            out[0] += w;
            put += w;
            continue;
        }
        let mut t = (1.0 - p).powi(h as i32);
        let mut s = 0usize;
        loop {
            let k = h + s;
            if k >= out.len() {
                out.resize(k + 1, 0.0);
            }
            out[k] += w * t;
            put += w * t;
            let r = p * (s + h) as f64 / (s + 1) as f64;
            if r < 1.0 {
                let tail = t * r / (1.0 - r);
                if w * tail < LASER_TAIL {
                    *err += w * tail;
                    break;
                }
            }
            t *= r;
            s += 1;
        }
    }
    let total: f64 = v.iter().sum();
    if let Some(last) = out.last_mut() {
        *last += (total - put).max(0.0);
    }
    out
}

/// For each value `t` of `v`, a roll of `t·k` dice with success chance `p`: the successes.
fn compound(v: &[f64], k: u32, p: f64) -> Vec<f64> {
    let k = k as usize;
    let mut out = vec![0.0; (v.len() - 1) * k + 1];
    let mut row = vec![1.0];
    let mut n = 0usize;
    for (t, &w) in v.iter().enumerate() {
        while n < t * k {
            extend_row(&mut row, p);
            n += 1;
        }
        if w != 0.0 {
            for (j, &r) in row.iter().enumerate() {
                out[j] += w * r;
            }
        }
    }
    out
}

/// Binomial thinning: each unit of the value is kept with chance `keep`.
fn thin(v: &[f64], keep: f64) -> Vec<f64> {
    if keep >= 1.0 {
        return v.to_vec();
    }
    let mut out = vec![0.0; v.len()];
    let mut row = vec![1.0];
    for (m, &w) in v.iter().enumerate() {
        if m > 0 {
            extend_row(&mut row, keep);
        }
        if w != 0.0 {
            for (j, &r) in row.iter().enumerate() {
                out[j] += w * r;
            }
        }
    }
    out
}

/// Binomial(n, p) row → Binomial(n+1, p) row.
fn extend_row(row: &mut Vec<f64>, p: f64) {
    row.push(0.0);
    for j in (1..row.len()).rev() {
        row[j] = row[j] * (1.0 - p) + row[j - 1] * p;
    }
    row[0] *= 1.0 - p;
}

fn scale(v: &[f64], d: usize) -> Vec<f64> {
    if d == 1 {
        return v.to_vec();
    }
    let mut out = vec![0.0; (v.len() - 1) * d + 1];
    for (k, &w) in v.iter().enumerate() {
        out[k * d] = w;
    }
    out
}

fn normalized(v: Vec<f64>) -> Distribution {
    Distribution::from_probs(v)
}

fn add_into(acc: &mut Vec<f64>, v: &[f64]) {
    if acc.len() < v.len() {
        acc.resize(v.len(), 0.0);
    }
    for (a, b) in acc.iter_mut().zip(v) {
        *a += b;
    }
}

/// Everything the computation needs, checked.
struct Prepared {
    /// Attacker lines in resolution order.
    fires: Vec<Fire>,
    /// The defender's retaliation lines by its miniatures left (index m).
    retaliation: Vec<Vec<Fire>>,
    /// The retaliation lines of the hero joined to the target squad, while he lives.
    hero_retaliation: Vec<Fire>,
    target_h: usize,
    attacker_h: usize,
    moh: bool,
    /// Battlefront: the hero joined to the target squad.
    hero: Option<HeroPrep>,
    /// The hero joined to the attacking squad (`points` unused: each retaliation line's are its
    /// [`Fire::on_hero`]).
    attacker_hero: Option<HeroPrep>,
    /// The battlefront rules (the retaliation's hits on the attacker are assigned hit by hit;
    /// revised, its damage points one by one).
    battlefront: bool,
    /// Why chosen lines were left out or one line of a weapon kept ([`offered`]).
    notes: Vec<String>,
}

/// What a hit assigned to a joined hero marks off.
#[derive(Copy, Clone, Debug, PartialEq)]
enum HeroPoints {
    /// The weapon's damage rating against him (a blast's Y).
    Rating(u8),
    /// Every cross left (automatic kill).
    Kill,
}

/// A joined hero, checked ([`AttackSpec::joined_hero`]).
struct HeroPrep {
    health: usize,
    resilient: bool,
    squad_resilient: bool,
    takes: HeroHits,
    /// What a hit of each of [`Prepared::fires`] marks off on him.
    points: Vec<HeroPoints>,
}

/// What a hit of line `li` assigned to a hero joined to the target marks off
/// (`Game::hero_points_per_hit`): the damage of the line's value against his armour, a blast's
/// Y, every cross left for an automatic kill; at least one point.
fn hero_points(attacker: &UnitCard, bf: Option<&BattlefrontCard>, li: usize, hero: &UnitCard) -> HeroPoints {
    let w = &attacker.weapons[li];
    let damage = match w.table.against(hero.armor) {
        CombatValue::Dice { damage, .. } | CombatValue::Volley { damage, .. } => damage,
        _ => 1,
    };
    match bf.and_then(|b| b.weapons.get(li)).and_then(|w| w.value(hero.armor)) {
        Some(BattlefrontValue::Blast { damage, .. }) => HeroPoints::Rating(damage.max(1)),
        Some(BattlefrontValue::BlastKill { .. } | BattlefrontValue::Kill { .. }) => HeroPoints::Kill,
        None => HeroPoints::Rating(damage.max(1)),
    }
}

/// The close-combat lines unit `card` fights back with, with its first `alive` models (a
/// squad) — the engine's `Game::close_lines`: every close-combat line a living miniature
/// carries (a hero's or a vehicle's all), but its Improvised Weapons (they "make a close-combat
/// attack", the defender retaliates with "its own Close-Combat Weapons") and, of a weapon with
/// two lines, only the first on the card (docs/rulings.md, "Battlefront weapons with two lines"
/// and "Battlefront improvised close-combat weapons"). Lines of limited ammo spend none and
/// roll nothing.
fn retaliation_lines(card: &UnitCard, bf: Option<&BattlefrontCard>, alive: u8) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for (li, w) in card.weapons.iter().enumerate() {
        let b = bf.and_then(|b| b.weapons.get(li));
        // A game's card given without its battlefront part still names the line.
        let improvised = b.map_or(w.name == crate::unit::IMPROVISED_NAME, |b| b.improvised);
        if w.range != WeaponRange::Close || w.ammo.is_some() || carriers(card, alive, li) == 0 || improvised {
            continue;
        }
        if b.and_then(|b| b.mode_of).is_some_and(|p| out.contains(&usize::from(p))) {
            continue;
        }
        out.push(li);
    }
    out
}

/// The retaliation of unit `card` (its first `alive` models, battlefront card part `bf`)
/// against the attacker: its close-combat lines ([`retaliation_lines`]), in the battlefront
/// edition each soldier with one of them ([`bf_firers`]); no sustained attack nor skill.
fn retaliation_fires(spec: &AttackSpec<'_>, card: &UnitCard, bf: Option<&BattlefrontCard>, alive: u8) -> Vec<Fire> {
    let spotter = card.kind == UnitKind::Squad && card.models.iter().take(usize::from(alive)).any(|x| x.role == Some(Role::Spotter));
    let o = FireOpts {
        sustained: false,
        berserk: false,
        all_in_one: false,
        spotter,
        burst: !spec.attacker_moved,
        cover: CoverLevel::None,
        resilient: spec.attacker.has(Skill::DamageResilient),
        heroic: false,
        battlefront: spec.is_battlefront(),
        moved: false,
        spirit: false,
    };
    let lines = retaliation_lines(card, bf, alive);
    // Battlefront: each soldier retaliates with one close-combat weapon.
    let shared = if spec.is_battlefront() {
        let all: Vec<LineChoice> = lines.iter().map(|&li| LineChoice { line: li, ammo: 0 }).collect();
        firers_of(card, bf, alive, &all, None)
    } else {
        Vec::new()
    };
    let mut out = Vec::new();
    for li in lines {
        let n = shared.iter().find(|f| f.0 == li).map(|f| f.1);
        if n == Some(0) {
            continue; // a line no soldier uses does not fire
        }
        let mut f = fire(card, bf, alive, LineChoice { line: li, ammo: 0 }, &spec.attacker, o, n);
        if let Some(h) = &spec.attacking_hero {
            // Battlefront: a hit on the attacking squad's hero marks off the rating against him.
            f.on_hero = hero_points(card, bf, li, h.card);
        }
        out.push(f);
    }
    out
}

/// The lines the engine offers of those chosen, and why others were left out: in the battlefront
/// edition an Improvised Weapons line the engine does not offer against the target
/// ([`AttackSpec::why_not_offered`]) is left out, and of a weapon with two lines chosen both
/// ("Weapons with Two Lines": "Each time such a weapon makes an attack, the player must announce
/// which set of characteristics they will use") the better one is kept — the one that takes
/// more from the target on average (the squad's and a joined hero's losses added), the first
/// on the card on a tie. The spec is checked first.
pub(crate) fn offered<'a>(spec: &AttackSpec<'a>) -> Result<(AttackSpec<'a>, Vec<String>), OddsError> {
    spec.check()?;
    let mut s = spec.clone();
    let mut notes = Vec::new();
    if !s.is_battlefront() {
        return Ok((s, notes));
    }
    let left_out: Vec<usize> = s
        .lines
        .iter()
        .map(|c| c.line)
        .filter(|&li| spec.why_not_offered(li).is_some())
        .collect();
    for li in left_out {
        notes.push(format!("left out: {}", spec.why_not_offered(li).unwrap_or_default()));
        s.lines.retain(|c| c.line != li);
    }
    loop {
        let pair = s.lines.iter().find_map(|c| {
            s.mode_partner(c.line)
                .filter(|p| s.lines.iter().any(|d| d.line == *p))
                .map(|p| (c.line.min(p), c.line.max(p)))
        });
        let Some((i, j)) = pair else { break };
        let keep_only = |keep: usize, drop: usize| {
            let mut c = s.clone();
            c.lines.retain(|x| x.line != drop);
            (keep, c)
        };
        let (a, b) = (keep_only(i, j), keep_only(j, i));
        let (sa, sb) = (mode_score(&a.1)?, mode_score(&b.1)?);
        let (best, other, sb_, so) = if sb > sa + 1e-12 { (b, i, sb, sa) } else { (a, j, sa, sb) };
        let name = |li: usize| spec.weapon(li).map_or(String::new(), |w| w.name.clone());
        notes.push(format!(
            "{} and {} are two lines of one weapon, which fires one per attack (\"Weapons with Two Lines\"): {} ({:.3} lost on average) rather than {} ({:.3})",
            name(i),
            name(j),
            name(best.0),
            sb_,
            name(other),
            so
        ));
        s = best.1;
    }
    Ok((s, notes))
}

/// What a choice of lines takes from the target on average (a joined hero's health lost added).
fn mode_score(spec: &AttackSpec<'_>) -> Result<f64, OddsError> {
    let mut c = spec.clone();
    c.path_victims.clear();
    let p = prepare(&c)?;
    let (joint, _, hero, _) = joint_of(&p);
    Ok(marginals(&joint).0.mean() + hero.map_or(0.0, |h| h.loss.mean()))
}

/// [`prepare_offered`] of the lines the engine offers ([`offered`]).
fn prepare(spec: &AttackSpec<'_>) -> Result<Prepared, OddsError> {
    let (s, notes) = offered(spec)?;
    let mut p = prepare_offered(&s, None)?;
    p.notes = notes;
    Ok(p)
}

/// The computation's inputs for a checked spec whose lines the engine offers. `firers`: the
/// soldiers firing each line when they are those of another attack (a spray's other victim is
/// fired at by the soldiers firing at the target); `None`: shared out among `spec.lines`.
fn prepare_offered(spec: &AttackSpec<'_>, firers: Option<&[(usize, u32)]>) -> Result<Prepared, OddsError> {
    let opts = FireOpts {
        sustained: spec.sustained,
        berserk: spec.berserk,
        all_in_one: spec.all_in_one,
        spotter: spec.spotter,
        burst: spec.burst,
        cover: spec.cover,
        resilient: spec.damage_resilient,
        heroic: spec.heroic_attack,
        battlefront: spec.is_battlefront(),
        moved: spec.attacker_moved,
        spirit: spec.fighting_spirit,
    };
    let target_h = usize::from(spec.target_alive);
    let attacker_h = usize::from(spec.attacker_alive);
    let bf = spec.is_battlefront();
    let firers: Vec<(usize, u32)> = match firers {
        Some(f) => f.to_vec(),
        None if bf => attack_firers(spec),
        None => Vec::new(),
    };
    let firers_for = |li: usize| firers.iter().find(|f| f.0 == li).map(|f| f.1);
    let mut fires: Vec<Fire> = Vec::new();
    for c in spec.resolution_order() {
        // The squad's line, or its joined hero's (from `HERO_LINE`): he fires every line he
        // is given with all its dice, as one miniature (`Game::bf_firers` leaves him out).
        let Some((card, bf, alive, li)) = spec.line_owner(c.line) else {
            return Err(OddsError::NoSuchLine {
                line: c.line,
                unit: spec.attacker.name.clone(),
                lines: spec.all_weapons().into_iter().map(|(_, w)| w.name.clone()).collect(),
            });
        };
        let mut f = fire(
            card,
            bf,
            alive,
            LineChoice { line: li, ammo: c.ammo },
            &spec.target,
            opts,
            firers_for(c.line),
        );
        f.line = c.line;
        // "Automatic Kill Weapons" on a support weapon: a hit marks off its whole damage track
        // (`Game::bf_damage_per_hit`), its Damage Resilient one die for the hit.
        let support = spec
            .target_bf
            .is_some_and(|b| b.kind == Some(crate::unit::BattlefrontKind::SupportWeapon));
        if opts.battlefront && support && spec.joined_hero.is_none() && matches!(f.kind, Kind::Dice { .. }) {
            let value = bf.and_then(|b| b.weapons.get(li)).and_then(|w| w.value(spec.target.armor));
            f.kill |= matches!(value, Some(BattlefrontValue::Kill { .. } | BattlefrontValue::BlastKill { .. }));
        }
        // Medal of Honor: the medal hero's lines (`Game::medal_hero`).
        f.medal = spec.attacking_hero.is_none() || c.line >= HERO_LINE;
        if let Some(h) = &spec.joined_hero {
            f.on_hero = hero_points(card, bf, li, h.card);
        }
        fires.push(f);
    }
    let any_close = fires.iter().any(|f| f.close);
    let mut retaliation = vec![Vec::new(); target_h + 1];
    let mut hero_retaliation = Vec::new();
    if any_close && spec.retaliate {
        for (m, slot) in retaliation.iter_mut().enumerate().skip(1) {
            *slot = retaliation_fires(spec, &spec.target, spec.target_bf, m as u8);
        }
        // "Resolve Close-Combat Attacks Simultaneously": the defending unit, its joined hero
        // with it, retaliates (the engine's `attack_line_iter` gives the squad's lines, then
        // his).
        if let Some(h) = &spec.joined_hero {
            hero_retaliation = retaliation_fires(spec, h.card, h.bf, h.health);
        }
    }
    // A blast or Incendiary line counts a joined hero as one more model.
    let models = target_h + usize::from(spec.joined_hero.is_some());
    let attacker_models = attacker_h + usize::from(spec.attacking_hero.is_some());
    for f in fires.iter().chain(retaliation.iter().flatten()).chain(&hero_retaliation) {
        let n = f.dice(models.max(attacker_models));
        if n > MAX_DICE {
            return Err(OddsError::TooManyDice {
                line: f.name.clone(),
                dice: n,
            });
        }
    }
    let hero = spec.joined_hero.as_ref().map(|h| HeroPrep {
        health: usize::from(h.health),
        resilient: h.damage_resilient,
        squad_resilient: spec.damage_resilient,
        takes: h.takes,
        points: fires.iter().map(|f| f.on_hero).collect(),
    });
    let attacker_hero = spec.attacking_hero.as_ref().map(|h| HeroPrep {
        health: usize::from(h.health),
        // Battlefront: rolled per casualty by whoever takes the hit; revised: the squad's
        // Damage Resilient is rolled with the line (the Fire's), the hero's not at all.
        resilient: bf && h.damage_resilient,
        squad_resilient: bf && spec.attacker.has(Skill::DamageResilient),
        takes: h.takes,
        points: Vec::new(),
    });
    Ok(Prepared {
        fires,
        retaliation,
        hero_retaliation,
        target_h,
        attacker_h,
        moh: spec.medal_of_honor,
        hero,
        attacker_hero,
        battlefront: bf,
        notes: Vec::new(),
    })
}

/// Battlefront: the soldiers of the attacking squad firing each chosen line of its own
/// ([`firers_of`]; a joined hero's lines are his, "Heroes … can use all of their weapons").
pub(crate) fn attack_firers(spec: &AttackSpec<'_>) -> Vec<(usize, u32)> {
    let own: Vec<LineChoice> = spec.lines.iter().filter(|c| c.line < HERO_LINE).copied().collect();
    firers_of(&spec.attacker, spec.attacker_bf, spec.attacker_alive, &own, Some(&spec.target))
}

/// Battlefront, a squad with a joined hero: the `k` hits of one line left after the saves,
/// assigned one by one as the engine does (`Game::damage_point`), from `m` miniatures and the
/// hero's `hh` health (both alive). Each hit goes to a miniature or to the hero as
/// [`HeroPrep::takes`] says; Damage Resilient is rolled for the one who takes it (one die for a
/// miniature while the hero lives, one per point the hero would mark off); when the squad's
/// last miniature falls, the hits left go to the hero at once, `points` each, with no Damage
/// Resilient; once the hero is gone the squad's hits of the line get none either (the skill was
/// to be rolled per hit, and the attack's roll is past). Returns `out[m'][hh']` with the mass
/// `w`.
fn assign_hits(h: &HeroPrep, points: HeroPoints, m: usize, hh: usize, k: usize, w: f64, out: &mut [Vec<f64>]) {
    let p = BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY).p();
    // What the hero marks off per hit: the rating, or all he had when the line struck.
    let per = match points {
        HeroPoints::Rating(d) => usize::from(d),
        HeroPoints::Kill => hh,
    };
    let mut cur = vec![vec![0.0; hh + 1]; m + 1];
    cur[m][hh] = w;
    if k == 0 {
        out[m][hh] += w;
        return;
    }
    for i in 0..k {
        let left = k - i - 1; // after this hit
        let mut next = vec![vec![0.0; hh + 1]; m + 1];
        for (mm, row) in cur.iter().enumerate().skip(1) {
            for (h2, &x) in row.iter().enumerate() {
                if x == 0.0 {
                    continue;
                }
                let to_hero = h2 > 0 && h.takes == HeroHits::First;
                let mut land = |m2: usize, h3: usize, q: f64| {
                    if q == 0.0 {
                        return;
                    }
                    if left == 0 {
                        out[m2][h3] += q;
                    } else if m2 == 0 {
                        out[0][h3 - h3.min(left * per)] += q;
                    } else {
                        next[m2][h3] += q;
                    }
                };
                if to_hero {
                    let n = per.clamp(1, h2);
                    if h.resilient {
                        for (c, b) in binomial(n as u32, p).into_iter().enumerate() {
                            land(mm, h2 - (n - c), x * b);
                        }
                    } else {
                        land(mm, h2 - n, x);
                    }
                } else if h.squad_resilient && h2 > 0 {
                    land(mm, h2, x * p);
                    land(mm - 1, h2, x * (1.0 - p));
                } else {
                    land(mm - 1, h2, x);
                }
            }
        }
        cur = next;
    }
}

/// Battlefront, a squad with a joined hero: the joint distribution of the miniatures, the
/// hero's health and the attacker's health left after the activation (`left[m][hh][a]`), and
/// the truncation bound. The ranged lines first ([`run_hero`]); then the close-combat lines,
/// rolled against the squad and its hero as the ranged lines left them, and the defender's
/// retaliation — the squad's survivors and the hero, if he lives — rolled before any damage
/// is taken ("Resolve Close-Combat Attacks Simultaneously": "Before the casualties are removed,
/// the defending unit retaliates … The casualties from all Close-Combat Weapons are then
/// removed simultaneously"). The attacker's lines' hits are then assigned line after line as
/// the ranged lines' are ([`land_line`]); a line that finds the squad destroyed does nothing
/// (the engine drops damage on a destroyed unit), and Damage Resilient, which waited for the
/// casualties while the hero lived when the dice were rolled, is not rolled for the squad's
/// miniatures once he is gone (the engine's `resilient_due`).
fn activation_hero(p: &Prepared, h: &HeroPrep) -> (Vec<Vec<Vec<f64>>>, f64) {
    let fires: Vec<(&Fire, HeroPoints)> = p.fires.iter().zip(h.points.iter().copied()).collect();
    let ranged: Vec<(&Fire, HeroPoints)> = fires.iter().copied().filter(|(f, _)| !f.close).collect();
    let close: Vec<(&Fire, HeroPoints)> = fires.iter().copied().filter(|(f, _)| f.close).collect();
    let (m0, h0) = (p.target_h, h.health);
    let (st, mut err) = run_hero(&ranged, m0, h, p.moh);
    let mut left = vec![vec![vec![0.0; p.attacker_width()]; h0 + 1]; m0 + 1];
    let zero = || vec![vec![0.0; h0 + 1]; m0 + 1];
    let mut cache: Vec<((usize, u32, bool), [Outcome; 2])> = Vec::new();
    for (m, rows) in st.iter().enumerate() {
        for (hh, row) in rows.iter().enumerate() {
            let w = row[0] + row[1];
            if w == 0.0 {
                continue;
            }
            if m == 0 || close.is_empty() {
                left[m][hh][0] += w;
                continue;
            }
            // The attacker's close-combat lines, all rolled against what the ranged lines left.
            let mut cur = [zero(), zero()];
            cur[0][m][hh] = row[0];
            cur[1][m][hh] = row[1];
            for (i, &(f, points)) in close.iter().enumerate() {
                let n = f.dice(m + usize::from(hh > 0));
                let mut next = [zero(), zero()];
                for (flag, state) in cur.iter().enumerate() {
                    if state.iter().flatten().all(|&x| x == 0.0) {
                        continue;
                    }
                    let key = (i, n, flag == 1);
                    let k = cached(&mut cache, key, || resolve(f, n, m, flag == 1, &mut err));
                    for (b, nf) in [(0, flag), (1, 0)] {
                        let o = &cache[k].1[b];
                        if o.hits.is_empty() {
                            continue;
                        }
                        for (m1, r) in state.iter().enumerate() {
                            for (h1, &x) in r.iter().enumerate() {
                                if x != 0.0 {
                                    land_line(f, o, points, h, (m1, h1), x, hh == 0, &mut next[nf]);
                                }
                            }
                        }
                    }
                }
                cur = next;
            }
            // The defender's retaliation: the squad's survivors, and the hero while he lives.
            let hero_lines = if hh > 0 { p.hero_retaliation.as_slice() } else { &[] };
            let ret = retaliation(p, p.retaliation[m].iter().chain(hero_lines), &mut err);
            for c in &cur {
                for (m1, r) in c.iter().enumerate() {
                    for (h1, &x) in r.iter().enumerate() {
                        if x == 0.0 {
                            continue;
                        }
                        for (j, &y) in ret.iter().enumerate() {
                            left[m1][h1][j] += x * y;
                        }
                    }
                }
            }
        }
    }
    (left, err)
}

impl Prepared {
    /// The number of the attacker's loss states: its health lost `a` (`0..=attacker_h`), with a
    /// joined hero also his health lost `h`, at index `a · (hero's health + 1) + h`.
    fn attacker_width(&self) -> usize {
        (self.attacker_h + 1) * self.attacker_hero.as_ref().map_or(1, |h| h.health + 1)
    }
}

/// The defender's close-combat retaliation `lines`, all rolled before any damage is taken
/// ("Resolve Close-Combat Attacks Simultaneously"), against the attacker as it stands (nothing
/// touched it before): the distribution of the attacker's losses, indexed as
/// [`Prepared::attacker_width`] says. A unit alone adds up what each line takes, capped by its
/// health. A squad with a joined hero: the lines are rolled against the squad and the hero (an
/// Incendiary line counts him as a miniature, as the ranged lines do at a target's), then the
/// damage of each line is taken in turn, as the engine applies the deferred damage
/// (`Step::ApplyDeferred`, then `Game::damage_point` for each line): battlefront, its hits
/// one by one as [`assign_hits`] does for a target squad (the hero's Damage Resilient and the
/// squad's per casualty while he lives); revised, its damage points one by one
/// ([`land_points`]). Once the squad is destroyed, the later lines' damage has no target (the
/// engine drops damage on a destroyed unit; the hero goes on alone).
fn retaliation<'f>(p: &Prepared, lines: impl Iterator<Item = &'f Fire>, err: &mut f64) -> Vec<f64> {
    let a0 = p.attacker_h;
    let Some(h) = &p.attacker_hero else {
        let mut ret = vec![1.0];
        for f in lines {
            let mut e = 0.0;
            let outs = resolve(f, f.dice(a0), a0, false, &mut e);
            *err += e;
            ret = cap_vec(&convolve(&ret, &loss_of(f, &outs[0], a0)), a0);
        }
        return cap_vec(&ret, a0);
    };
    let h0 = h.health;
    // st[a][hh]: the squad's miniatures and the hero's health left.
    let mut st = vec![vec![0.0; h0 + 1]; a0 + 1];
    st[a0][h0] = 1.0;
    for f in lines {
        let mut e = 0.0;
        let outs = resolve(f, f.dice(a0 + 1), a0, false, &mut e);
        *err += e;
        let o = &outs[0];
        let mut next = vec![vec![0.0; h0 + 1]; a0 + 1];
        for (a, row) in st.iter().enumerate() {
            for (hh, &x) in row.iter().enumerate() {
                if x == 0.0 {
                    continue;
                }
                if p.battlefront {
                    // The hero lived when the line rolled: Damage Resilient waits for the
                    // casualties (`Game::bf_resilient_per_casualty`).
                    land_line(f, o, f.on_hero, h, (a, hh), x, false, &mut next);
                } else {
                    land_points(f, o, h.takes, (a, hh), x, &mut next);
                }
            }
        }
        st = next;
    }
    let mut out = vec![0.0; p.attacker_width()];
    for (a, row) in st.iter().enumerate() {
        for (hh, &x) in row.iter().enumerate() {
            out[(a0 - a) * (h0 + 1) + (h0 - hh)] += x;
        }
    }
    out
}

/// Revised edition, a squad with a joined hero: one line's branch `o` on the squad with `m`
/// miniatures and the hero's `hh` health (`at`), with the mass `w`, into `out[m'][hh']`. The
/// line's damage points (after the squad's Damage Resilient, rolled with the line) are taken
/// one by one ("the owning player must choose who loses one health point. He can either
/// remove one of the squad's miniatures or he can mark a cross on the hero's unit card",
/// tactics-revised-core-rules.md, "Heroes"; `Game::damage_point`): [`HeroHits::Last`] the
/// miniatures first, the points left going to the hero when the last one falls (docs/rulings.md,
/// "Heroes: damage left over, separation"); [`HeroHits::First`] the hero while he lives, then
/// the miniatures (once the squad is destroyed, the points left have no one to go to).
fn land_points(f: &Fire, o: &Outcome, takes: HeroHits, at: (usize, usize), w: f64, out: &mut [Vec<f64>]) {
    if land_whole(f, o, at, w, out) {
        return;
    }
    let (m, hh) = at;
    for (points, &q) in o.damage.iter().enumerate() {
        if q == 0.0 {
            continue;
        }
        let (m2, h2) = match takes {
            HeroHits::Last => {
                let s = points.min(m);
                let rest = if s == m { points - s } else { 0 };
                (m - s, hh - rest.min(hh))
            }
            HeroHits::First => {
                let lost = points.min(hh);
                (m - (points - lost).min(m), hh - lost)
            }
        };
        out[m2][h2] += w * q;
    }
}

/// The branch `o` of a line on a squad with a joined hero (`at`: `m` miniatures, the hero's `hh`
/// health), with the mass `w`, into `out[m'][hh']`, where the hits are not taken one by one: a
/// squad already destroyed takes nothing (the line has no target left), nor does anyone from a
/// Heroic Attack or a line of no effect; an AP line that damages eliminates "the entire unit",
/// the squad and its hero (`Game::destroy_group`). Returns whether the branch landed so.
fn land_whole(f: &Fire, o: &Outcome, (m, hh): (usize, usize), w: f64, out: &mut [Vec<f64>]) -> bool {
    let mass = o.mass();
    match f.kind {
        _ if m == 0 => out[0][hh] += w * mass,
        _ if f.heroic => out[m][hh] += w * mass,
        Kind::None => out[m][hh] += w * mass,
        Kind::Ap => {
            let zero = o.saved.first().copied().unwrap_or(0.0);
            out[m][hh] += w * zero;
            out[0][0] += w * (mass - zero).max(0.0);
        }
        _ => return false,
    }
    true
}

/// One line's branch `o` (its hits after the saves) on the squad with `m` miniatures and the
/// hero's `hh` health (`at`), with the mass `w`, into `out[m'][hh']`. A squad already destroyed
/// takes nothing (the line has no target left). `alone`: the hero was dead when the line
/// rolled, so the squad's Damage Resilient was rolled with the attack.
#[allow(clippy::too_many_arguments)]
fn land_line(f: &Fire, o: &Outcome, points: HeroPoints, h: &HeroPrep, at: (usize, usize), w: f64, alone: bool, out: &mut [Vec<f64>]) {
    let (m, hh) = at;
    if m > 0 && hh == 0 && alone {
        for (k, q) in loss_of(f, o, m).into_iter().enumerate() {
            out[m - k][0] += w * q;
        }
        return;
    }
    if land_whole(f, o, at, w, out) {
        return;
    }
    for (k, &q) in o.saved.iter().enumerate() {
        if q != 0.0 {
            assign_hits(h, points, m, hh, k, w * q, out);
        }
    }
}

/// The ranged lines `fires` on a squad of `m0` miniatures with its hero at full health: the
/// state `st[m][hh][flag]` after them (flag 1: Medal of Honor still unused) and the truncation
/// bound. A line finds the squad destroyed: it does nothing (its target is gone, the hero goes
/// on alone); the hero destroyed: the squad alone, Damage Resilient rolled with the attack.
fn run_hero(fires: &[(&Fire, HeroPoints)], m0: usize, h: &HeroPrep, moh: bool) -> (Vec<Vec<[f64; 2]>>, f64) {
    let h0 = h.health;
    let mut err = 0.0;
    let mut st = vec![vec![[0.0f64; 2]; h0 + 1]; m0 + 1];
    st[m0][h0][usize::from(moh)] = 1.0;
    for &(f, points) in fires {
        let mut next = vec![vec![[0.0f64; 2]; h0 + 1]; m0 + 1];
        next[0].clone_from(&st[0]);
        let mut cache: Vec<((u32, bool), [Outcome; 2])> = Vec::new();
        for (m, rows) in st.iter().enumerate().skip(1) {
            for (hh, row) in rows.iter().enumerate() {
                for (flag, &w) in row.iter().enumerate() {
                    if w == 0.0 {
                        continue;
                    }
                    // A blast or Incendiary line counts the hero as one more model.
                    let n = f.dice(m + usize::from(hh > 0));
                    let key = (n, flag == 1);
                    let i = cached(&mut cache, key, || resolve(f, n, m, flag == 1, &mut err));
                    for (b, nf) in [(0, flag), (1, 0)] {
                        let o = &cache[i].1[b];
                        if o.hits.is_empty() {
                            continue;
                        }
                        let mut out = vec![vec![0.0; h0 + 1]; m0 + 1];
                        land_line(f, o, points, h, (m, hh), w, true, &mut out);
                        for (m2, r) in out.iter().enumerate() {
                            for (h2, &q) in r.iter().enumerate() {
                                next[m2][h2][nf] += q;
                            }
                        }
                    }
                }
            }
        }
        st = next;
    }
    (st, err)
}

/// The odds of the hero and the squad's loss from `st[m][hh]` (health left).
fn hero_odds(left: &[Vec<f64>], m0: usize, h0: usize) -> (Distribution, HeroOdds) {
    let mut joint = vec![vec![0.0; h0 + 1]; m0 + 1];
    for (m, row) in left.iter().enumerate() {
        for (hh, &q) in row.iter().enumerate() {
            joint[m0 - m][h0 - hh] += q;
        }
    }
    let squad = normalized(joint.iter().map(|r| r.iter().sum()).collect());
    let hero = normalized((0..=h0).map(|j| joint.iter().map(|r| r[j]).sum()).collect());
    let o = HeroOdds {
        destroyed: hero.p(h0),
        both_destroyed: joint[m0][h0],
        loss: hero,
        joint,
    };
    (squad, o)
}

/// Cached resolutions of one line by (targets, Medal of Honor available).
struct Memo<'f> {
    f: &'f Fire,
    cache: Vec<[Option<[Outcome; 2]>; 2]>,
}

impl<'f> Memo<'f> {
    fn new(f: &'f Fire, max_targets: usize) -> Memo<'f> {
        Memo {
            f,
            cache: vec![[None, None]; max_targets + 1],
        }
    }
    fn get(&mut self, targets: usize, moh: bool, err: &mut f64) -> &[Outcome; 2] {
        let key = if self.f.per_target || self.f.kill { targets } else { 0 };
        let f = self.f;
        self.cache[key][usize::from(moh)].get_or_insert_with(|| resolve(f, f.dice(targets), targets, moh, err))
    }
}

/// The joint distribution of the activation and the truncation bound.
fn activation(p: &Prepared) -> (Vec<Vec<f64>>, f64) {
    let h = p.target_h;
    let mut err_total = 0.0;
    // st[m][flag]: the target has m health left; flag 1 = Medal of Honor still unused.
    let mut st = vec![[0.0f64; 2]; h + 1];
    st[h][usize::from(p.moh)] = 1.0;
    for f in p.fires.iter().filter(|f| !f.close) {
        let mut memo = Memo::new(f, h);
        let mut err = 0.0;
        let mut next = vec![[0.0f64; 2]; h + 1];
        next[0] = st[0];
        for (m, row) in st.iter().enumerate().skip(1) {
            for (flag, &w) in row.iter().enumerate() {
                if w == 0.0 {
                    continue;
                }
                let outs = memo.get(m, flag == 1, &mut err);
                for (b, nf) in [(0, flag), (1, 0)] {
                    if outs[b].hits.is_empty() {
                        continue;
                    }
                    for (k, q) in loss_of(f, &outs[b], m).into_iter().enumerate() {
                        next[m - k][nf] += w * q;
                    }
                }
            }
        }
        err_total += err;
        st = next;
    }
    let close: Vec<&Fire> = p.fires.iter().filter(|f| f.close).collect();
    let mut joint = vec![vec![0.0; p.attacker_width()]; h + 1];
    let mut memos: Vec<Memo<'_>> = close.iter().map(|f| Memo::new(f, h)).collect();
    let mut err_close = 0.0;
    for m in 0..=h {
        let w_m = st[m][0] + st[m][1];
        if w_m == 0.0 {
            continue;
        }
        if m == 0 || close.is_empty() {
            joint[h - m][0] += w_m;
            continue;
        }
        // The attacker's close-combat lines: damage adds up, applied after both sides rolled.
        let mut sums: [Vec<f64>; 2] = [vec![st[m][0]], vec![st[m][1]]];
        for (i, f) in close.iter().enumerate() {
            let mut next: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
            for (flag, sum) in sums.iter().enumerate() {
                if sum.iter().all(|&x| x == 0.0) {
                    continue;
                }
                let outs = memos[i].get(m, flag == 1, &mut err_close).clone();
                for (b, nf) in [(0, flag), (1, 0)] {
                    if outs[b].hits.is_empty() {
                        continue;
                    }
                    let d = loss_of(f, &outs[b], m);
                    let c = cap_vec(&convolve(sum, &d), m);
                    add_into(&mut next[nf], &c);
                }
            }
            sums = next;
        }
        let mut cc = vec![0.0; m + 1];
        for s in &sums {
            for (k, &x) in s.iter().enumerate() {
                cc[k.min(m)] += x;
            }
        }
        // The defender's simultaneous retaliation with the miniatures it has left.
        let ret = retaliation(p, p.retaliation[m].iter(), &mut err_close);
        for (k, &x) in cc.iter().enumerate() {
            for (j, &y) in ret.iter().enumerate() {
                joint[h - m + k][j] += x * y;
            }
        }
    }
    (joint, err_total + err_close)
}

fn marginals(joint: &[Vec<f64>]) -> (Distribution, Distribution) {
    let a = joint.first().map_or(1, Vec::len);
    let t: Vec<f64> = joint.iter().map(|row| row.iter().sum()).collect();
    let mut at = vec![0.0; a];
    for row in joint {
        for (j, x) in row.iter().enumerate() {
            at[j] += x;
        }
    }
    (normalized(t), normalized(at))
}

fn line_report(p: &Prepared, f: &Fire, spec: &AttackSpec<'_>) -> LineOdds {
    let h = p.target_h;
    let mut err = 0.0;
    let n = f.dice(h + usize::from(p.hero.is_some()));
    let outs = resolve(f, n, h, p.moh, &mut err);
    let (mut hits, mut saved, mut damage, mut loss) = (Vec::new(), Vec::new(), Vec::new(), vec![0.0; h + 1]);
    for o in outs.iter().filter(|o| !o.hits.is_empty()) {
        add_into(&mut hits, &o.hits);
        add_into(&mut saved, &o.saved);
        add_into(&mut damage, &o.damage);
        add_into(&mut loss, &loss_of(f, o, h));
    }
    let mut notes = Vec::new();
    if let Some(hero) = &p.hero {
        // The squad's loss with the hits shared with the hero, the line alone.
        let i = p.fires.iter().position(|x| std::ptr::eq(x, f)).unwrap_or(0);
        let (left, _) = run_hero(&[(f, hero.points[i])], h, hero, p.moh);
        loss = left.iter().rev().map(|row| row.iter().map(|x| x[0] + x[1]).sum()).collect();
        notes.push(match hero.takes {
            HeroHits::Last => "hits assigned one by one: the miniatures first, the joined hero when none is left".into(),
            HeroHits::First => "hits assigned one by one: the joined hero first, then the miniatures".into(),
        });
    }
    if f.kind == Kind::None {
        notes.push(format!("cannot damage {} (\"-\" on the card): no effect", spec.target.armor));
    }
    if f.heroic {
        notes.push("Heroic Attack: attacks against the target cause no damage this round".into());
    }
    let w = spec.weapon(f.line).expect("a prepared line is a line of the attack");
    let ignores = f.keep.is_none();
    if spec.is_battlefront() {
        if f.kind != Kind::None {
            notes.push(bf_save_note(w, &spec.target, spec.cover, f.keep).into());
        }
        if f.kill {
            notes.push("automatic kill: each hit marks off every cross left".into());
        }
    } else if spec.cover != CoverLevel::None && !f.close && spec.target.kind == UnitKind::Squad && f.kind != Kind::None {
        if w.ignores_cover(f.value) {
            notes.push("ignores cover".into());
        } else if ignores {
            notes.push(format!("{} has no {} cover save", spec.target.name, spec.cover.name()));
        }
    }
    if f.laser && err > 0.0 {
        notes.push(format!("laser chain summed to within {err:.1e}"));
    }
    if f.kind == Kind::Ap {
        notes.push("AP Incendiary: any hit after saves eliminates the unit".into());
    }
    let loss = normalized(loss);
    LineOdds {
        line: f.line,
        name: f.name.clone(),
        value: f.value,
        close: f.close,
        ignores_cover: ignores,
        dice: n,
        hits: normalized(hits),
        after_cover: normalized(saved),
        damage: normalized(damage),
        destroyed: loss.p(h),
        loss,
        truncation_error: err,
        notes,
    }
}

/// The battlefront save a line allows, in words.
fn bf_save_note(w: &WeaponLine, target: &UnitCard, cover: CoverLevel, keep: Option<f64>) -> &'static str {
    let infantry = matches!(target.kind, UnitKind::Squad | UnitKind::Hero);
    if w.range == WeaponRange::Close {
        "no save against close combat"
    } else if w.keywords.flame {
        "spray weapon: no save"
    } else if keep.is_none() {
        "no save (a vehicle in the open)"
    } else if infantry && cover != CoverLevel::None && !w.keywords.ugl {
        "infantry cover save: army symbol or shield cancels a hit"
    } else if infantry && cover != CoverLevel::None {
        "grenade weapon: no cover save, infantry save on the army symbol"
    } else if infantry {
        "infantry save: army symbol cancels a hit"
    } else {
        "vehicle cover save: army symbol cancels a hit"
    }
}

/// The exact odds of the attack: each line on its own and the whole activation, and each other
/// unit on the spray lines' paths ([`Odds::victims`]).
///
/// # Errors
/// The spec does not fit the cards ([`AttackSpec::check`]) or a line rolls more than
/// [`MAX_DICE`] dice.
pub fn odds(spec: &AttackSpec<'_>) -> Result<Odds, OddsError> {
    let (rs, notes) = offered(spec)?;
    let mut p = prepare_offered(&rs, None)?;
    p.notes = notes;
    let mut o = odds_of(&p, &rs);
    o.victims = victims(spec, &rs)?;
    Ok(o)
}

/// [`odds`] of a prepared spec, without the other victims.
fn odds_of(p: &Prepared, spec: &AttackSpec<'_>) -> Odds {
    let lines: Vec<LineOdds> = p.fires.iter().map(|f| line_report(p, f, spec)).collect();
    let (joint, err, hero, attacker_hero) = joint_of(p);
    let (loss, attacker_loss) = marginals(&joint);
    let close_combat = p.fires.iter().any(|f| f.close);
    let mut notes = p.notes.clone();
    let ah = spec.attacking_hero.as_ref();
    if let Some(h) = ah.filter(|_| p.fires.iter().any(|f| f.line >= HERO_LINE)) {
        notes.push(if spec.is_battlefront() {
            format!(
                "the joined hero {} fires each of his lines with all its dice, with the squad's soldiers (\"Heroes, being heroic, can use all of their weapons at the same time\")",
                h.card.name
            )
        } else {
            format!(
                "the joined hero {}'s lines fire with the squad's (\"The hero's weapons are used during the same time as his squad\")",
                h.card.name
            )
        });
    }
    if spec.medal_of_honor {
        notes.push(if ah.is_some() {
            "Medal of Honor: one failed die of the joined hero's lines rerolled once, on the first of them that has one (the skill is not shared with the squad)".into()
        } else {
            "Medal of Honor: one failed die rerolled once, on the first line that has one".into()
        });
    }
    if close_combat {
        if !spec.retaliate {
            notes.push("the defender does not retaliate".into());
        } else if p.retaliation.iter().all(Vec::is_empty) && p.hero_retaliation.is_empty() {
            notes.push(format!("{} has no close-combat weapon to retaliate with", spec.target.name));
        } else if let Some(h) = spec.joined_hero.filter(|_| !p.hero_retaliation.is_empty()) {
            notes.push(format!(
                "the joined hero {} retaliates with the squad while he lives ({})",
                h.card.name,
                p.hero_retaliation.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join(", ")
            ));
        }
        if let Some(h) = ah.filter(|_| spec.retaliate && !(p.retaliation.iter().all(Vec::is_empty) && p.hero_retaliation.is_empty())) {
            let unit = if spec.is_battlefront() { "hits" } else { "damage points" };
            notes.push(match h.takes {
                HeroHits::Last => format!(
                    "the retaliation's {unit} on {} taken one by one, line after line: the miniatures first, the joined hero {} when none is left",
                    spec.attacker.name, h.card.name
                ),
                HeroHits::First => format!(
                    "the retaliation's {unit} on {} taken one by one, line after line: the joined hero {} first, then the miniatures",
                    spec.attacker.name, h.card.name
                ),
            });
        }
    }
    Odds {
        destroyed: loss.p(p.target_h),
        truncation_error: err + lines.iter().map(|l| l.truncation_error).sum::<f64>(),
        lines,
        loss,
        attacker_loss,
        joint,
        close_combat,
        notes,
        hero,
        victims: Vec::new(),
        attacker_hero,
    }
}

/// The odds of each other unit on the spray lines' paths ([`AttackSpec::path_victims`]): the
/// lines that cross it (of those the engine fires: `rs`, the lines offered, of some effect on
/// the target) fired at it as at a target of their own, with the soldiers firing them at the
/// target ("Spray Weapons are Blast Weapons that attack all units … in squares between the
/// attacking unit and the target unit", the engine's `Game::flame_victims`). Its losses do not
/// depend on the target's: the rolls are apart and the attacker loses nothing meanwhile.
fn victims(spec: &AttackSpec<'_>, rs: &AttackSpec<'_>) -> Result<Vec<VictimOdds>, OddsError> {
    let mut out = Vec::new();
    if spec.path_victims.is_empty() {
        return Ok(out);
    }
    let firers = if rs.is_battlefront() { Some(attack_firers(rs)) } else { None };
    for v in &spec.path_victims {
        let wanted = spec.victim_lines(v);
        let mut sub = rs.clone();
        sub.path_victims.clear();
        sub.lines.retain(|c| {
            wanted.contains(&c.line)
                && rs
                    .weapon(c.line)
                    .is_some_and(|w| w.table.against(rs.target.armor) != CombatValue::NoEffect)
        });
        sub.target = Cow::Borrowed(v.card);
        sub.target_bf = v.bf;
        sub.target_alive = v.alive;
        sub.damage_resilient = v.damage_resilient;
        sub.joined_hero = v.joined_hero;
        sub.heroic_attack = false;
        sub.cover = CoverLevel::None;
        sub.retaliate = false;
        sub.check()?;
        let mut notes = Vec::new();
        if sub.lines.len() < wanted.len() {
            notes.push("a line that does not fire at the target does not spray on its way".into());
        }
        let p = prepare_offered(&sub, firers.as_deref())?;
        let o = odds_of(&p, &sub);
        notes.extend(o.notes);
        out.push(VictimOdds {
            name: v.card.name.clone(),
            alive: v.alive,
            lines: o.lines,
            loss: o.loss,
            destroyed: o.destroyed,
            hero: o.hero,
            truncation_error: o.truncation_error,
            notes,
        });
    }
    Ok(out)
}

/// The joint distribution of both sides' losses (the target squad's miniatures, with a joined
/// hero; the attacking squad's miniatures, with a joined hero), the truncation bound, the
/// target's joined hero's odds and the attacking squad's joined hero's odds.
fn joint_of(p: &Prepared) -> (Vec<Vec<f64>>, f64, Option<HeroOdds>, Option<HeroOdds>) {
    let (joint, err, hero) = joint_flat(p);
    let Some(ah) = &p.attacker_hero else {
        return (joint, err, hero, None);
    };
    // Split the attacker's loss index into the squad's miniatures and the hero's health.
    let (a0, h0) = (p.attacker_h, ah.health);
    let mut squad = vec![vec![0.0; a0 + 1]; joint.len()];
    let mut left = vec![vec![0.0; h0 + 1]; a0 + 1];
    for (t, row) in joint.iter().enumerate() {
        for (i, &q) in row.iter().enumerate() {
            let (a, h) = (i / (h0 + 1), i % (h0 + 1));
            squad[t][a] += q;
            left[a0 - a][h0 - h] += q;
        }
    }
    let (_, attacker_hero) = hero_odds(&left, a0, h0);
    (squad, err, hero, Some(attacker_hero))
}

/// [`joint_of`] with the attacker's losses as one index ([`Prepared::attacker_width`]).
fn joint_flat(p: &Prepared) -> (Vec<Vec<f64>>, f64, Option<HeroOdds>) {
    match &p.hero {
        Some(h) => {
            let (left, err) = activation_hero(p, h);
            let squad_hero: Vec<Vec<f64>> = left.iter().map(|r| r.iter().map(|a| a.iter().sum()).collect()).collect();
            let (_, hero) = hero_odds(&squad_hero, p.target_h, h.health);
            let mut joint = vec![vec![0.0; p.attacker_width()]; p.target_h + 1];
            for (m, r) in left.iter().enumerate() {
                for a in r {
                    for (j, &q) in a.iter().enumerate() {
                        joint[p.target_h - m][j] += q;
                    }
                }
            }
            (joint, err, Some(hero))
        }
        None => {
            let (joint, err) = activation(p);
            (joint, err, None)
        }
    }
}

/// Only the distribution of the health the target loses over the activation (no per-line
/// tables): the cheap call for search and AI.
///
/// # Errors
/// As [`odds`].
pub fn activation_loss(spec: &AttackSpec<'_>) -> Result<Distribution, OddsError> {
    let p = prepare(spec)?;
    let (joint, _, _, _) = joint_of(&p);
    Ok(marginals(&joint).0)
}

/// [`odds`] with the spec's joined hero, or against the squad alone when the odds do not take
/// him on these lines ([`OddsError::JoinedHero`]: close combat, Phaser, Heroic Attack, another
/// armour): what a user interface shows of an attack on a squad with a hero.
///
/// # Errors
/// As [`odds`].
pub fn odds_or_without_hero(spec: &AttackSpec<'_>) -> Result<Odds, OddsError> {
    match odds(spec) {
        Err(OddsError::JoinedHero { .. }) if spec.joined_hero.is_some() => {
            let mut alone = spec.clone();
            alone.joined_hero = None;
            odds(&alone)
        }
        other => other,
    }
}

/// The odds of one chosen line on its own (by index on the attacker's card).
///
/// # Errors
/// As [`odds`], or the line is not among the spec's lines.
pub fn line_odds(spec: &AttackSpec<'_>, line: usize) -> Result<LineOdds, OddsError> {
    let p = prepare(spec)?;
    match p.fires.iter().find(|f| f.line == line) {
        Some(f) => Ok(line_report(&p, f, spec)),
        None => Err(OddsError::NoSuchLine {
            line,
            unit: spec.attacker.name.clone(),
            lines: spec
                .lines
                .iter()
                .map(|c| spec.weapon(c.line).map_or(String::new(), |w| w.name.clone()))
                .collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laser_chain_of_one_die_is_geometric() {
        let mut err = 0.0;
        let v = laser_chain(&[0.0, 1.0], 1.0 / 3.0, &mut err);
        for (k, &x) in v.iter().enumerate().skip(1).take(20) {
            let want = (1.0f64 / 3.0).powi(k as i32 - 1) * (2.0 / 3.0);
            assert!((x - want).abs() < 1e-15, "{k}: {x} vs {want}");
        }
        assert!(err < 1e-15 && (v.iter().sum::<f64>() - 1.0).abs() < 1e-14);
    }

    #[test]
    fn thinning_matches_binomial() {
        let v = thin(&[0.0, 0.0, 0.0, 1.0], 0.25);
        let b = binomial(3, 0.25);
        for k in 0..4 {
            assert!((v[k] - b[k]).abs() < 1e-15);
        }
    }
}
