//! Static evaluation and quick expected values from the card numbers.
//!
//! Everything here is in army points (AP), the currency of victory points
//! (tactics-revised-core-rules.md, "Calculating Victory Points"): destroying a unit scores its
//! AP. The evaluation of a position for a side is
//!
//! - victory points so far (AP of destroyed enemy units minus own losses),
//! - damage on units still alive, weighted by AP ([`DAMAGED`] of a unit's AP is lost linearly
//!   with its health; the rest is only scored when it is destroyed),
//! - threats: a fraction of the expected AP each unit can destroy from where it stands, minus
//!   what the enemy can destroy of it ([`THREAT`]),
//! - progress: units that threaten nothing are drawn towards the nearest enemy ([`APPROACH`]
//!   AP per space),
//! - objectives: standing on or near one ([`objective_pull`]), and in [`evaluate`] the race
//!   for a revised hill that wins the game ([`race_value`]): which side can first stand on it
//!   at the end of a round, counted in activations, not spaces.
//!
//! The expected damage of a weapon line is computed from its combat value, the dice (a hit is
//! 2 faces in 6), rerolls (Sustained Attack, Laser), the target's cover save and Damage
//! Resilient. It is an estimate for search, not the exact odds.

use dust_core::game::{Game, Pending, UnitId, HERO_LINE};
use dust_core::PieceKind;
use dust_core::{
    line_of_sight, range, CombatValue, CoverLevel, Die, Edition, Face, Role, Shot, Side, Skill, Square, UnitKind, WeaponRange,
};

/// The squares unit `u` would hold standing at `at`: all the squares of a large or huge model
/// where it stands now (battlefront "Vehicle and Aircraft Size"), else `at` alone (a square it
/// might move to is taken as one square: its facing there is not known).
pub fn squares_at(game: &Game, u: UnitId, at: Square) -> Vec<Square> {
    if game.unit(u).at == Some(at) {
        let v = game.unit_squares(u);
        if !v.is_empty() {
            return v;
        }
    }
    vec![at]
}

/// The range between unit `u` at `from` and unit `t` at `to`, between their nearest squares
/// (battlefront: "targeting any of their squares"; one square each in the revised edition).
#[inline]
pub fn unit_range(game: &Game, u: UnitId, from: Square, t: UnitId, to: Square) -> u32 {
    if game.model_squares(u) < 2 && game.model_squares(t) < 2 {
        return range(from, to);
    }
    let theirs = squares_at(game, t, to);
    squares_at(game, u, from)
        .iter()
        .flat_map(|&a| theirs.iter().map(move |&b| range(a, b)))
        .min()
        .unwrap_or_else(|| range(from, to))
}

/// Battlefront line of sight and cover of `target` at `to` from `u` at `from`: `None` when no
/// square of one sees a square of the other, else whether the target is in cover
/// (`Game::bf_target_in_cover`, "Cover Saves").
fn bf_sight(game: &Game, u: UnitId, from: Square, target: UnitId, to: Square) -> Option<bool> {
    use dust_core::battlefront::{sees, sees_aircraft, sees_footprints};
    let (b, occ) = (game.board(), game.occupancy());
    let mine = squares_at(game, u, from);
    let theirs = squares_at(game, target, to);
    // A model's own squares do not block its sight (the engine's `sees_footprints`); an
    // aircraft sees and is seen over the terrain and the units, but for the terrain right
    // around the ground unit ("Line of Sight to Aircraft", the engine's `air_sight`).
    let seen = if flies(game, u) || flies(game, target) {
        match (flies(game, u), flies(game, target)) {
            (true, true) => true,
            (true, false) => sees_aircraft(b, &theirs, &mine, false),
            _ => sees_aircraft(b, &mine, &theirs, false),
        }
    } else if mine.len() == 1 && theirs.len() == 1 {
        sees(b, occ, from, to)
    } else {
        sees_footprints(b, occ, &mine, &theirs)
    };
    seen.then(|| game.bf_target_in_cover(u, from, target))
}

/// Whether unit `u` flies: an aircraft of the battlefront edition, as the engine reads it
/// (tactics-battlefront-2013-rules.txt, "Aircraft Move Over Terrain": it moves over any
/// terrain, so its reach is its move whatever lies between; "Line of Sight to Aircraft"; it
/// holds no objective, the scenarios' "Objectives": "a unit (other than an Aircraft)").
pub fn flies(game: &Game, u: UnitId) -> bool {
    game.edition() == Edition::Battlefront && game.unit(u).card.kind == UnitKind::Aircraft
}

/// Share of a unit's AP lost linearly with its health; the rest is lost when destroyed.
pub const DAMAGED: f64 = 0.7;
/// Weight of the threat a unit poses.
pub const THREAT: f64 = 0.25;
/// Weight of the threat a unit faces (lower than [`THREAT`]: the enemy does not always take
/// its shot, and a side that never risks a unit never wins).
pub const DANGER: f64 = 0.12;
/// AP per space of distance to the nearest enemy, for units that threaten nothing.
pub const APPROACH: f64 = 0.4;
/// Spaces of reach (AP-weighted) by which the enemy army must outrange an army before it
/// waits for the enemy ([`approach_weight`]).
pub const OUTRANGED: f64 = 1.0;
/// A patient army goes for the enemy in the last rounds whatever the score.
pub const LAST_ROUNDS: u8 = 2;
/// Scale (AP) of the logistic map from an evaluation to a win probability.
pub const SCALE: f64 = 25.0;
/// Weight of the race for an objective that wins the game ([`race_value`]), as a share of its
/// worth.
pub const RACE: f64 = 0.25;

/// One weapon line a unit attacks with: the card it is on, its index there, its number in
/// decisions (hero lines are offset by [`HERO_LINE`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LineRef {
    /// The unit whose card has the line (the squad, or its joined hero).
    pub owner: UnitId,
    /// Index on the owner's card.
    pub index: usize,
    /// Line number in [`dust_core::game::Decision::Aim`].
    pub line: u8,
}

/// The weapon lines unit `u` attacks with (its own, then its joined hero's).
pub fn attack_lines(game: &Game, u: UnitId) -> Vec<LineRef> {
    let unit = game.unit(u);
    let mut v: Vec<LineRef> = (0..unit.card.weapons.len())
        .map(|i| LineRef {
            owner: u,
            index: i,
            line: i as u8,
        })
        .collect();
    if unit.card.kind == UnitKind::Squad {
        if let Some(h) = unit.joined.filter(|h| !game.unit(*h).destroyed) {
            v.extend((0..game.unit(h).card.weapons.len()).map(|i| LineRef {
                owner: h,
                index: i,
                line: HERO_LINE + i as u8,
            }));
        }
    }
    v
}

/// The lines of unit `u` ([`attack_lines`]) by weapon: a battlefront weapon with two lines
/// (`mode_of`) is one group of two, of which one attack fires one ("Weapons with Two Lines":
/// "Each time such a weapon makes an attack, the player must announce which set of
/// characteristics they will use"); every other line is a group of its own.
pub fn weapon_groups(game: &Game, u: UnitId) -> Vec<Vec<LineRef>> {
    let mut groups: Vec<Vec<LineRef>> = Vec::new();
    for l in attack_lines(game, u) {
        let partner = mode_partner(game, l);
        match groups
            .iter_mut()
            .find(|g| g.iter().any(|x| x.owner == l.owner && Some(x.index) == partner))
        {
            Some(g) => g.push(l),
            None => groups.push(vec![l]),
        }
    }
    groups
}

/// The other line of the weapon of line `l` (battlefront "Weapons with Two Lines", the card's
/// `mode_of`), if it has one.
pub fn mode_partner(game: &Game, l: LineRef) -> Option<usize> {
    if game.edition() != Edition::Battlefront {
        return None;
    }
    let p = usize::from(game.unit(l.owner).bf.as_ref()?.weapons.get(l.index)?.mode_of?);
    (p != l.index).then_some(p)
}

/// Whether line `l` is an Improvised Weapons line that the engine does not offer against
/// `target`: another close-combat weapon of its unit, with a soldier left to use it, can hurt
/// the target (tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons"; the
/// engine's [`Game::bf_improvised_needless`], docs/rulings.md "Battlefront improvised
/// close-combat weapons").
pub fn improvised_not_offered(game: &Game, l: LineRef, target: UnitId) -> bool {
    game.edition() == Edition::Battlefront && game.bf_improvised_needless(l.owner, l.index, target)
}

/// The line with decision number `line` of unit `u`.
pub fn line_ref(game: &Game, u: UnitId, line: u8) -> LineRef {
    if line >= HERO_LINE {
        LineRef {
            owner: game.unit(u).joined.unwrap_or(u),
            index: usize::from(line - HERO_LINE),
            line,
        }
    } else {
        LineRef {
            owner: u,
            index: usize::from(line),
            line,
        }
    }
}

/// How an attack is made, beyond where from and at whom.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackMode {
    /// Sustained Attack (or Berserk): failures rerolled once.
    pub reroll: bool,
    /// Limited ammo spent (0: one box for ammo weapons).
    pub ammo: u8,
    /// Skip the line-of-sight check (the caller knows the target is legal).
    pub trust_los: bool,
    /// Close combat (no cover).
    pub close: bool,
}

/// Expected damage points of weapon line `l` of unit `u`, standing at `from`, against unit
/// `target` at `to`. `None` when the line cannot attack it from there (range, line of sight,
/// no effect, no ammo, no carriers, not loaded).
pub fn line_damage(game: &Game, u: UnitId, l: LineRef, target: UnitId, from: Square, to: Square, mode: AttackMode) -> Option<f64> {
    let cover = shot_cover(game, u, l, target, from, to, mode)?;
    let t = game.unit(target);
    let save = if game.edition() == Edition::Battlefront {
        bf_save_face(game, l, target, cover, mode)
    } else {
        match cover {
            CoverLevel::None => None,
            CoverLevel::Soft => t.card.soft_cover,
            CoverLevel::Hard => t.card.hard_cover,
        }
    };
    raw_damage(game, u, l, target, save, mode)
}

/// The battlefront save against line `l` as the revised face with the same chance ("6) Roll
/// Saves"): infantry in cover saves on 4 faces of 6 (the miss face's chance), infantry out of
/// cover (or against a grenade weapon) and vehicles in cover on 2 (the hit face's chance);
/// close combat, spray weapons and vehicles in the open get none.
fn bf_save_face(game: &Game, l: LineRef, target: UnitId, cover: CoverLevel, mode: AttackMode) -> Option<Face> {
    let w = game.unit(l.owner).card.weapons.get(l.index)?;
    if mode.close || w.range == WeaponRange::Close || w.keywords.flame {
        return None;
    }
    let infantry = matches!(game.unit(target).card.kind, UnitKind::Squad | UnitKind::Hero);
    let in_cover = cover != CoverLevel::None && !w.keywords.ugl;
    match (infantry, in_cover) {
        (true, true) => Some(Face::Miss),
        (true, false) | (false, true) => Some(Face::Hit),
        (false, false) => None,
    }
}

/// The cover that saves against line `l` of `u` at `from` shooting `target` at `to`
/// ([`CoverLevel::None`] when the line ignores it), or `None` when the line cannot reach it
/// (range, line of sight, no effect).
pub(crate) fn shot_cover(
    game: &Game,
    u: UnitId,
    l: LineRef,
    target: UnitId,
    from: Square,
    to: Square,
    mode: AttackMode,
) -> Option<CoverLevel> {
    let w = game.unit(l.owner).card.weapons.get(l.index)?;
    let t = game.unit(target);
    let value = w.table.against(t.card.armor);
    if value == CombatValue::NoEffect || !w.range.reaches_in(game.edition(), unit_range(game, u, from, target, to)) {
        return None;
    }
    let close = mode.close || w.range == WeaponRange::Close;
    if game.edition() == Edition::Battlefront {
        // Any target may be in cover; the battlefront odds decide which save each line allows.
        let in_cover = bf_sight(game, u, from, target, to)?;
        return Some(if in_cover && !close { CoverLevel::Soft } else { CoverLevel::None });
    }
    let mut level = CoverLevel::None;
    if !mode.trust_los || (!close && t.card.kind == UnitKind::Squad) {
        let shot = Shot {
            from,
            to,
            attacker: game.unit(u).piece(),
            target: t.piece(),
        };
        let cover = line_of_sight(game.board(), game.occupancy(), &shot).ok()?;
        if !w.ignores_cover(value) && !close && t.card.kind == UnitKind::Squad {
            level = cover.level;
        }
    }
    Some(level)
}

/// The AP value of weapon line `l` of `u` at `from` against `target` at `to` from the exact
/// odds of [`dust_core::odds`]: each number of health points the target may lose, with its
/// exact probability, valued by [`loss_value`] (so the chance to destroy the unit counts in
/// full). Falls back on [`damage_value`] of [`line_damage`] when the odds module does not take
/// the attack. `None` when the line cannot attack the target from there.
pub fn line_value_exact(game: &Game, u: UnitId, l: LineRef, target: UnitId, from: Square, to: Square, mode: AttackMode) -> Option<f64> {
    let cover = shot_cover(game, u, l, target, from, to, mode)?;
    let save = {
        let t = game.unit(target);
        match cover {
            CoverLevel::None => None,
            CoverLevel::Soft => t.card.soft_cover,
            CoverLevel::Hard => t.card.hard_cover,
        }
    };
    // The estimate also checks ammo, carriers and loading.
    let estimate = raw_damage(game, u, l, target, save, mode)?;
    Some(exact_value(game, l, target, cover, mode).unwrap_or_else(|| damage_value(game, target, estimate)))
}

/// The AP value of losing `k` health points for unit `target`: its whole worth (and a share of
/// a joined hero's) when `k` destroys it, else [`DAMAGED`] of its AP per health point.
pub fn loss_value(game: &Game, target: UnitId, k: usize) -> f64 {
    own_loss_value(game, target, k, true)
}

/// [`loss_value`], with or without the share of a joined hero's worth when the squad falls
/// (without: the odds give the hero's own losses, valued apart).
fn own_loss_value(game: &Game, target: UnitId, k: usize, hero_share: bool) -> f64 {
    let t = game.unit(target);
    if t.destroyed || k == 0 {
        return 0.0;
    }
    if k >= usize::from(t.health) {
        let mut v = unit_worth(game, target);
        if let Some(hero) = t.joined.filter(|h| hero_share && !game.unit(*h).destroyed) {
            if t.card.kind == UnitKind::Squad {
                v += 0.3 * unit_worth(game, hero);
            }
        }
        return v;
    }
    f64::from(t.card.ap) * DAMAGED * k as f64 / f64::from(t.card.health.max(1))
}

/// The exact value of a line against a squad with a joined hero (battlefront, "Joining
/// Infantry Squads"): each outcome of the joint distribution of the squad's miniatures and the
/// hero's health lost, valued as the squad's loss plus the hero's ([`loss_value`] of each).
/// `None` when the odds do not take the hero on this line (Phaser, Heroic Attack, another
/// armour).
pub fn hero_line_value(game: &Game, spec: &dust_core::odds::AttackSpec<'_>, target: UnitId, hero: UnitId) -> Option<f64> {
    let o = dust_core::odds::odds(spec).ok()?;
    let h = o.hero.as_ref()?;
    let mut v = 0.0;
    for (s, row) in h.joint.iter().enumerate() {
        for (k, &p) in row.iter().enumerate() {
            if p > 0.0 {
                v += p * (own_loss_value(game, target, s, false) + loss_value(game, hero, k));
            }
        }
    }
    Some(v)
}

type ExactKey = (usize, usize, u8, u16, usize, u8, u16, u8, u8, (u8, usize), (u32, u32));

/// The cards an [`ExactKey`] names by address, held while the entry lives: a card freed after
/// its game could otherwise leave its address to another card of a later game, which would
/// then read this card's values (issue 21: greedy's battlefront games, whose cards are made per
/// game, differed between two runs of `sim` on two threads).
type KeptCards = [Option<std::sync::Arc<dust_core::UnitCard>>; 3];

thread_local! {
    /// Line values from the exact odds, by attacker card, line, state and target (a few
    /// thousand entries in a game; the odds take microseconds, a look-up nanoseconds).
    static EXACT: std::cell::RefCell<std::collections::HashMap<ExactKey, (Option<f64>, KeptCards)>> = std::cell::RefCell::new(std::collections::HashMap::new());
}

fn exact_value(game: &Game, l: LineRef, target: UnitId, cover: CoverLevel, mode: AttackMode) -> Option<f64> {
    use dust_core::odds::from_game::hero_of;
    use dust_core::odds::{line_odds, AttackSpec, LineChoice};
    let owner = game.unit(l.owner);
    let t = game.unit(target);
    let w = owner.card.weapons.get(l.index)?;
    let ammo = if w.ammo.is_some() { mode.ammo.max(1) } else { 0 };
    let burst = w.keywords.burst && !t.moved;
    let hero = t.joined.filter(|h| !game.unit(*h).destroyed && t.card.kind == UnitKind::Squad);
    let bf = game.edition() == Edition::Battlefront;
    let key: ExactKey = (
        std::sync::Arc::as_ptr(&owner.card) as usize,
        l.index,
        owner.health,
        owner.card.ap,
        std::sync::Arc::as_ptr(&t.card) as usize,
        t.health,
        t.card.ap,
        cover as u8 | u8::from(mode.reroll) << 2 | u8::from(burst) << 3 | u8::from(bf) << 4,
        ammo,
        hero.map_or((u8::MAX, 0), |h| {
            (game.unit(h).health, std::sync::Arc::as_ptr(&game.unit(h).card) as usize)
        }),
        // Which miniatures are alive, not only how many: they fire their own weapons.
        (owner.alive, t.alive),
    );
    let dist = if let Some(v) = EXACT.with(|c| c.borrow().get(&key).map(|e| e.0)) {
        v
    } else {
        let mut spec = AttackSpec::new(&owner.card, &t.card);
        // The squads with their living miniatures first, as the engine fires them.
        if let Some(c) = dust_core::odds::from_game::living_first(owner) {
            spec.attacker = std::borrow::Cow::Owned(c);
        }
        if let Some(c) = dust_core::odds::from_game::living_first(t) {
            spec.target = std::borrow::Cow::Owned(c);
        }
        spec = spec.with_attacker_alive(owner.health.max(1));
        if bf {
            // The battlefront dice, saves and damage (blast, automatic kill, a miniature a hit).
            spec = spec.battlefront(owner.bf.as_deref(), t.bf.as_deref());
        }
        spec.lines = vec![LineChoice { line: l.index, ammo }];
        spec.target_alive = t.health.max(1);
        spec.sustained = mode.reroll;
        spec.cover = cover;
        spec.burst = burst;
        spec.retaliate = false;
        // Battlefront: the hero joined to the squad shares its hits ("Joining Infantry
        // Squads"): valued from the joint odds of both when the odds take him on this line.
        let with_hero = hero
            .filter(|_| bf)
            .and_then(|h| hero_line_value(game, &spec.clone().with_joined_hero(hero_of(game, h)), target, h));
        let v = with_hero.or_else(|| {
            line_odds(&spec, l.index).ok().map(|o| {
                let p = o.loss.probs();
                (1..p.len()).map(|k| p[k] * loss_value(game, target, k)).sum::<f64>()
            })
        });
        EXACT.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() > 200_000 {
                c.clear();
            }
            let kept = [
                Some(owner.card.clone()),
                Some(t.card.clone()),
                hero.map(|h| game.unit(h).card.clone()),
            ];
            c.insert(key, (v, kept));
        });
        v
    };
    dist
}

/// What unit `u` standing at `from` can destroy with one attack, from the exact odds: the sum
/// over its weapons ([`weapon_groups`]: one line of a weapon with two lines) of the best
/// [`line_value_exact`] among the targets each reaches.
pub fn threat_exact(game: &Game, u: UnitId, from: Square, mode: AttackMode) -> f64 {
    threat_exact_in(game, &Prepared::new(game), u, from, mode)
}

/// [`threat_exact`] with the lists of `p` (made from the same `game`): the way to value many
/// squares of one position (issue 21: the greedy player worked out the unit's weapons and
/// targets again for each square).
pub fn threat_exact_in(game: &Game, p: &Prepared, u: UnitId, from: Square, mode: AttackMode) -> f64 {
    best_per_weapon(game, p, u, from, |l, t, to| line_value_exact(game, u, l, t, from, to, mode))
}

/// The sum over the weapons of unit `u` at `from` ([`weapon_groups`], in `p`) of the best
/// `value` of one of its lines against one of the targets in `p`, each line tried only against
/// the targets in its range (out of range, [`shot_cover`] is `None`, and so is every value
/// built on it: [`line_damage`], [`line_value_exact`]); 0 for a weapon with none.
fn best_per_weapon(
    game: &Game,
    p: &Prepared,
    u: UnitId,
    from: Square,
    mut value: impl FnMut(LineRef, UnitId, Square) -> Option<f64>,
) -> f64 {
    let ts = &p.targets[game.unit(u).side.index()];
    let mut total = 0.0;
    for (g, rs) in p.ranged_groups(u) {
        let mut best: f64 = 0.0;
        for (&l, &r) in g.iter().zip(rs) {
            for &(t, to) in ts {
                if !Prepared::may_reach(game, r, p.unit_range(game, u, from, t, to)) {
                    continue;
                }
                if let Some(v) = value(l, t, to) {
                    best = best.max(v);
                }
            }
        }
        total += best;
    }
    total
}

/// Expected damage points of a line against a target with a given cover save, whatever the
/// geometry. `None` when the line cannot fire (no effect, no ammo, no carriers, not loaded, an
/// Improvised Weapons line the engine does not offer against it).
pub fn raw_damage(game: &Game, u: UnitId, l: LineRef, target: UnitId, save: Option<Face>, mode: AttackMode) -> Option<f64> {
    let owner = game.unit(l.owner);
    let w = owner.card.weapons.get(l.index)?;
    let t = game.unit(target);
    let value = w.table.against(t.card.armor);
    if value == CombatValue::NoEffect || improvised_not_offered(game, l, target) {
        return None;
    }
    if w.keywords.reload && owner.loaded & (1 << l.index) == 0 {
        return None;
    }
    let has_ammo = w.ammo.is_some();
    if has_ammo && owner.ammo.get(l.index).copied().unwrap_or(0) == 0 && !game.has_skill(u, Skill::Badass) {
        return None;
    }
    let mult = if owner.card.kind == UnitKind::Squad && !has_ammo {
        let c = owner.carriers(l.index);
        if c == 0 {
            return None;
        }
        f64::from(c)
    } else if has_ammo {
        f64::from(mode.ammo.max(1))
    } else {
        1.0
    };
    // The Spotter's reversed dice are a revised rule (battlefront rolls count the army symbol).
    let spotter = game.edition() == Edition::Revised
        && owner.card.kind == UnitKind::Squad
        && owner
            .card
            .models
            .iter()
            .enumerate()
            .any(|(i, m)| owner.alive & (1 << i) != 0 && m.role == Some(Role::Spotter));
    let p = Die::REVISED.p(if spotter { Face::Miss } else { Face::Hit });
    let p_eff = if mode.reroll { p + (1.0 - p) * p } else { p };
    let p_save = save.map_or(0.0, |f| Die::REVISED.p(f));
    let burst = if w.keywords.burst && !t.moved { 2.0 } else { 1.0 };
    let laser = if w.keywords.laser { 1.0 / (1.0 - p) } else { 1.0 };
    let health = f64::from(t.health);
    let dmg = match value {
        CombatValue::NoEffect => 0.0,
        CombatValue::Dice { dice, damage } => {
            // Battlefront "7) Suffer Damage": one miniature per hit on a squad.
            let damage = if game.edition() == Edition::Battlefront && t.card.kind == UnitKind::Squad {
                damage.min(1)
            } else {
                damage
            };
            f64::from(dice) * mult * burst * p_eff * laser * (1.0 - p_save) * f64::from(damage)
        }
        CombatValue::Phaser { aim, power } => f64::from(aim) * mult * burst * p_eff * laser * f64::from(power) * p,
        CombatValue::Volley { dice, damage } => {
            let k = usize::from(mode.ammo.clamp(1, 4) - 1);
            let n = dice
                .get(k)
                .copied()
                .filter(|&n| n > 0)
                .or_else(|| dice.iter().copied().find(|&n| n > 0))?;
            f64::from(n) * burst * p_eff * laser * (1.0 - p_save) * f64::from(damage)
        }
        CombatValue::Incendiary { dice } => f64::from(dice) * health * mult * burst * p_eff * (1.0 - p_save),
        CombatValue::ApIncendiary { dice } => (1.0 - (1.0 - p_eff).powf(f64::from(dice) * mult * burst)) * health,
    };
    let resilient = t.card.has(Skill::DamageResilient) && !matches!(value, CombatValue::ApIncendiary { .. });
    Some(if resilient { dmg * (1.0 - p) } else { dmg })
}

/// The AP a unit is worth to its side now: [`DAMAGED`] of its AP falls with its health.
pub fn unit_worth(game: &Game, u: UnitId) -> f64 {
    let unit = game.unit(u);
    if unit.destroyed {
        return 0.0;
    }
    let ap = f64::from(unit.card.ap);
    let hf = f64::from(unit.health) / f64::from(unit.card.health.max(1));
    ap * (1.0 - DAMAGED + DAMAGED * hf)
}

/// The AP value of `dmg` expected damage points on unit `target`.
pub fn damage_value(game: &Game, target: UnitId, dmg: f64) -> f64 {
    let t = game.unit(target);
    if t.destroyed || dmg <= 0.0 {
        return 0.0;
    }
    let ap = f64::from(t.card.ap);
    let max = f64::from(t.card.health.max(1));
    let h = f64::from(t.health);
    let d = dmg.min(h);
    // Linear share for damage, the rest as the chance of destroying it grows.
    let kill = (d / h).powi(2);
    let mut v = ap * DAMAGED * d / max + ap * (1.0 - DAMAGED) * kill;
    // A joined hero shares the squad's fate in part: its worth counts when the squad is wiped.
    if let Some(hero) = t.joined.filter(|h| !game.unit(*h).destroyed) {
        if t.card.kind == UnitKind::Squad {
            v += 0.3 * kill * unit_worth(game, hero);
        }
    }
    v
}

/// The enemy units `u` could aim at (on the board, not destroyed, not a joined hero).
fn targets(game: &Game, side: Side) -> impl Iterator<Item = (UnitId, Square)> + '_ {
    game.units().iter().enumerate().filter_map(move |(i, t)| {
        if t.side == side || t.destroyed || t.is_joined_hero() {
            return None;
        }
        t.at.map(|s| (UnitId(i as u8), s))
    })
}

/// What unit `u` standing at `from` can destroy with one attack: the sum over its weapons
/// ([`weapon_groups`]) of the best expected AP value among the targets each reaches now.
pub fn threat_from(game: &Game, u: UnitId, from: Square, mode: AttackMode) -> f64 {
    threat_in(game, &Prepared::new(game), u, from, mode)
}

/// What the evaluation of a position asks again and again about its units, worked out once
/// (issue 21: a greedy decision values hundreds of squares of one position, and rebuilt the
/// units' weapon groups, reaches and targets for each: with their allocations, most of the
/// evaluation's third of a decision, by `perf`).
/// The values are the same as without it: [`position_value_in`] is [`position_value`].
pub struct Prepared {
    /// Every unit's lines ([`attack_lines`]), weapon by weapon ([`weapon_groups`]).
    lines: Vec<LineRef>,
    /// Each line's range, beside `lines` (`None`: no such weapon): the quick test before
    /// [`shot_cover`], which answers `None` out of range (issue 21: most lines and targets of a
    /// square are out of range, and `shot_cover` found it through the unit, card and weapon).
    line_range: Vec<Option<WeaponRange>>,
    /// Whether each unit is a model of two squares or more ([`Game::model_squares`]): only
    /// then is [`unit_range`] more than the range of the two squares.
    big: Vec<bool>,
    /// Where each weapon's lines end in `lines`.
    group_end: Vec<usize>,
    /// Each unit's weapons: a range of `group_end`.
    unit_groups: Vec<std::ops::Range<usize>>,
    reach: Vec<u32>,
    movement: Vec<u32>,
    /// The targets of each side's units (side A's first).
    targets: [Vec<(UnitId, Square)>; 2],
    /// [`approach_weight`] of each side.
    approach: [f64; 2],
    /// [`objective_worth`] of each objective for each side.
    worth: [Vec<f64>; 2],
}

impl Prepared {
    /// The lists of `game` (under this thread's patience setting, [`with_patience`]).
    pub fn new(game: &Game) -> Prepared {
        let n = game.units().len();
        let ids = || (0..n).map(|i| UnitId(i as u8));
        let sides = [Side::A, Side::B];
        let (mut lines, mut group_end, mut unit_groups) = (Vec::new(), Vec::new(), Vec::with_capacity(n));
        for u in ids() {
            let first = group_end.len();
            if game.edition() == Edition::Battlefront {
                for g in weapon_groups(game, u) {
                    lines.extend(g);
                    group_end.push(lines.len());
                }
            } else {
                // Revised: every line is a weapon of its own (no weapon has two lines).
                for l in attack_lines(game, u) {
                    lines.push(l);
                    group_end.push(lines.len());
                }
            }
            unit_groups.push(first..group_end.len());
        }
        let line_range = lines
            .iter()
            .map(|l: &LineRef| game.unit(l.owner).card.weapons.get(l.index).map(|w| w.range))
            .collect();
        Prepared {
            lines,
            line_range,
            big: ids().map(|u| game.model_squares(u) >= 2).collect(),
            group_end,
            unit_groups,
            reach: ids().map(|u| max_reach(game, u)).collect(),
            movement: ids().map(|u| movement(game, u)).collect(),
            targets: sides.map(|s| targets(game, s).collect()),
            approach: sides.map(|s| approach_weight(game, s)),
            worth: sides.map(|s| game.objectives().iter().map(|o| objective_worth(game, s, o)).collect()),
        }
    }

    /// Unit `u`'s weapons, each its lines and their ranges.
    fn ranged_groups(&self, u: UnitId) -> impl Iterator<Item = (&[LineRef], &[Option<WeaponRange>])> + '_ {
        self.unit_groups[usize::from(u.0)].clone().map(move |g| {
            let start = if g == 0 { 0 } else { self.group_end[g - 1] };
            let end = self.group_end[g];
            (&self.lines[start..end], &self.line_range[start..end])
        })
    }

    /// [`unit_range`] with the units' sizes known.
    #[inline]
    fn unit_range(&self, game: &Game, u: UnitId, from: Square, t: UnitId, to: Square) -> u32 {
        if self.big[usize::from(u.0)] || self.big[usize::from(t.0)] {
            unit_range(game, u, from, t, to)
        } else {
            range(from, to)
        }
    }

    /// Whether a line of range `r` may reach `d` spaces: when not, [`shot_cover`] is `None`.
    #[inline]
    fn may_reach(game: &Game, r: Option<WeaponRange>, d: u32) -> bool {
        r.is_some_and(|r| r.reaches_in(game.edition(), d))
    }
}

/// The longest reach of a unit's weapons that could matter (artillery and unlimited lines
/// count as 12 spaces).
fn max_reach(game: &Game, u: UnitId) -> u32 {
    let unit = game.unit(u);
    let own = unit.card.weapons.iter().map(|w| line_reach(w.range)).max();
    // The joined hero's lines count as the squad's ([`attack_lines`]).
    let hero = match unit
        .joined
        .filter(|h| unit.card.kind == UnitKind::Squad && !game.unit(*h).destroyed)
    {
        Some(h) => game.unit(h).card.weapons.iter().map(|w| line_reach(w.range)).max(),
        None => None,
    };
    own.max(hero).unwrap_or(0)
}

fn line_reach(r: WeaponRange) -> u32 {
    match r {
        WeaponRange::Spaces { max, .. } => u32::from(max),
        WeaponRange::Close => 1,
        WeaponRange::Unlimited | WeaponRange::Artillery => 12,
    }
}

/// Movement per move action of a unit (with its joined hero): the engine's rate of the pair
/// ([`Game::move_rate`]: the faster of the two in the revised edition, the slower in the
/// battlefront edition), and in the battlefront edition Fast's extra square, which a Move has
/// when either of the pair is Fast ("Skills and Equipment": skills shared both ways).
pub fn movement(game: &Game, u: UnitId) -> u32 {
    let mut m = u32::from(game.move_rate(u));
    if game.edition() == Edition::Battlefront && game.has_skill(u, Skill::Fast) {
        m += 1;
    }
    m.max(1)
}

/// What the enemy can destroy of unit `u` if it stands at `at`: for each enemy unit that can
/// still act this round (or next round, at half weight), its best expected AP value against
/// `u`, with line of sight from where it stands, or at a discount if it must move first.
pub fn danger_at(game: &Game, u: UnitId, at: Square) -> f64 {
    danger_in(game, &Prepared::new(game), u, at)
}

/// [`danger_at`] with the lists of `p`.
fn danger_in(game: &Game, p: &Prepared, u: UnitId, at: Square) -> f64 {
    let side = game.unit(u).side;
    let mut total = 0.0;
    // The enemy units on the board: `u`'s targets.
    for &(eid, from) in &p.targets[side.index()] {
        let i = usize::from(eid.0);
        let e = game.unit(eid);
        let d = p.unit_range(game, eid, from, u, at);
        let reach = p.reach[i];
        let mv = p.movement[i];
        if d > reach + mv {
            continue;
        }
        let weight = if e.activated { 0.5 } else { 1.0 };
        let mut best = 0.0;
        for (g, rs) in p.ranged_groups(eid) {
            // One line of a weapon with two lines: the one that hurts most.
            let mut weapon: f64 = 0.0;
            for (&l, &range) in g.iter().zip(rs) {
                let r = range.map_or(0, line_reach);
                // Out of range (`d`): `shot_cover`, so `line_damage`, is `None`.
                let damage = if Prepared::may_reach(game, range, d) {
                    line_damage(game, eid, l, u, from, at, AttackMode::default())
                } else {
                    None
                };
                if let Some(x) = damage {
                    weapon = weapon.max(x);
                } else if d <= r + mv {
                    // It could move and then attack: count it at a discount, without cover.
                    if let Some(x) = raw_damage(game, eid, l, u, None, AttackMode::default()) {
                        weapon = weapon.max(0.5 * x);
                    }
                }
            }
            best += weapon;
        }
        total += weight * damage_value(game, u, best);
    }
    total
}

/// [`threat_from`] with the lists of `p` (made from the same `game`).
fn threat_in(game: &Game, p: &Prepared, u: UnitId, from: Square, mode: AttackMode) -> f64 {
    best_per_weapon(game, p, u, from, |l, t, to| {
        line_damage(game, u, l, t, from, to, mode).map(|d| damage_value(game, t, d))
    })
}

/// [`nearest_enemy`] with the targets of `p` (made from the same `game`).
pub(crate) fn nearest_in(game: &Game, p: &Prepared, side: Side, at: Square) -> u32 {
    let ts = &p.targets[side.index()];
    if ts.is_empty() {
        return enemy_edge_distance(game, side, at);
    }
    ts.iter()
        .map(|&(t, s)| {
            if p.big[usize::from(t.0)] {
                squares_at(game, t, s).into_iter().map(|s| range(at, s)).min().unwrap_or(u32::MAX)
            } else {
                range(at, s)
            }
        })
        .min()
        .unwrap_or(u32::MAX)
}

/// Distance from `at` to the nearest enemy unit (or enemy entry edge when none is on the board).
pub fn nearest_enemy(game: &Game, side: Side, at: Square) -> u32 {
    let mut best: Option<u32> = None;
    for (t, s) in targets(game, side) {
        // One square (most units): no list of squares to build (issue 21: the rollout policy
        // spent a fifth of its time building them).
        let d = if game.model_squares(t) < 2 {
            range(at, s)
        } else {
            squares_at(game, t, s).into_iter().map(|s| range(at, s)).min().unwrap_or(u32::MAX)
        };
        best = Some(best.map_or(d, |b| b.min(d)));
    }
    best.unwrap_or_else(|| enemy_edge_distance(game, side, at))
}

/// Distance from `at` to the edge the enemy comes from, when no enemy is on the board yet: the
/// edge opposite the one nearest to this side's units on the board (scenarios let armies enter
/// on any edge), else the far end of the board for side A and the near end for side B.
fn enemy_edge_distance(game: &Game, side: Side, at: Square) -> u32 {
    let w = u32::from(game.board().width());
    let h = u32::from(game.board().height());
    let own: Vec<Square> = game
        .units()
        .iter()
        .filter(|u| u.side == side && !u.destroyed)
        .filter_map(|u| u.at)
        .collect();
    let (col, row) = (u32::from(at.col()), u32::from(at.row()));
    if own.is_empty() {
        return if side == Side::A { h.saturating_sub(1 + row) } else { row };
    }
    let n = own.len() as f64;
    let mc = own.iter().map(|s| f64::from(s.col())).sum::<f64>() / n;
    let mr = own.iter().map(|s| f64::from(s.row())).sum::<f64>() / n;
    // Distance of our units' centre to each edge: west, east, south, north.
    let edges = [mc, f64::from(w) - 1.0 - mc, mr, f64::from(h) - 1.0 - mr];
    let nearest = (0..4).min_by(|&a, &b| edges[a].total_cmp(&edges[b])).unwrap_or(2);
    match nearest {
        0 => w.saturating_sub(1 + col),
        1 => col,
        2 => h.saturating_sub(1 + row),
        _ => row,
    }
}

/// The worth of unit `u` standing at `at`: threats dealt and received, and progress.
pub fn position_value(game: &Game, u: UnitId, at: Square) -> f64 {
    position_value_in(game, &Prepared::new(game), u, at)
}

/// [`position_value`] with the lists of `p` (made from the same `game`): the way to value
/// many squares of one position.
pub fn position_value_in(game: &Game, p: &Prepared, u: UnitId, at: Square) -> f64 {
    let side = game.unit(u).side;
    let si = side.index();
    let threat = threat_in(game, p, u, at, AttackMode::default());
    let danger = danger_in(game, p, u, at);
    let mut v = THREAT * threat - DANGER * danger;
    let reach = p.reach[usize::from(u.0)];
    let d = nearest_in(game, p, side, at);
    v -= p.approach[si] * f64::from(d.saturating_sub(reach.max(1)));
    // An aircraft cannot hold an objective ("other than an Aircraft"): no pull.
    if flies(game, u) {
        return v;
    }
    v + pull_of(game, &p.worth[si], at)
}

thread_local! {
    /// Whether this thread's evaluations are patient ([`with_patience`]).
    static PATIENT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with this thread's evaluations patient or not (see [`approach_weight`]); the
/// setting before is restored afterwards. The evaluation is a function of the position and
/// this one setting, which a player chooses for its own searches (`mcts`: `wait=1`, the
/// default); `greedy` is never patient: against an opponent that does not come (`random`),
/// waiting only draws.
pub fn with_patience<R>(patient: bool, f: impl FnOnce() -> R) -> R {
    /// Restores the setting even when `f` unwinds.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            PATIENT.with(|p| p.set(self.0));
        }
    }
    let _restore = Restore(PATIENT.with(|p| p.replace(patient)));
    f()
}

/// Whether this thread's evaluations are patient now.
pub fn patient() -> bool {
    PATIENT.with(|p| p.get())
}

/// The army's reach: the longest range of each unit on or entering the board, weighted by its
/// AP.
fn army_reach(game: &Game, side: Side) -> f64 {
    let (mut sum, mut ap) = (0.0, 0.0);
    for (i, unit) in game.units().iter().enumerate() {
        if unit.side != side || unit.destroyed || unit.is_joined_hero() {
            continue;
        }
        let w = f64::from(unit.card.ap.max(1));
        sum += w * f64::from(max_reach(game, UnitId(i as u8)));
        ap += w;
    }
    if ap > 0.0 {
        sum / ap
    } else {
        0.0
    }
}

/// How strongly `side`'s units are drawn towards the enemy ([`APPROACH`] per space). When
/// patient ([`with_patience`]), an army the enemy outranges (its AP-weighted reach shorter by
/// [`OUTRANGED`] spaces or more) is not drawn at all while it is not behind on victory points
/// and more than [`LAST_ROUNDS`] rounds are left: walking into the enemy's fire gains it
/// nothing, so it lets the enemy come to it (issue 6: the core-box Allies, whose reach is
/// 1-2 spaces against the Axis's 4).
pub fn approach_weight(game: &Game, side: Side) -> f64 {
    if !patient() || army_reach(game, side) + OUTRANGED > army_reach(game, side.other()) {
        return APPROACH;
    }
    let vp = game.victory_points();
    if vp[side] < vp[side.other()] || game.round().saturating_add(LAST_ROUNDS) > game.round_limit() {
        return APPROACH;
    }
    0.0
}

/// What a won game is worth, in AP: the mean of the two armies' AP (a battlefront scenario
/// won by taking an objective or by reaching its total of victory points is worth as much as
/// destroying the enemy army).
pub fn stake(game: &Game) -> f64 {
    let total: f64 = game.units().iter().map(|u| f64::from(u.card.ap)).sum();
    (total / 2.0).max(1.0)
}

/// What one of the scenario's victory points is worth in AP: in the revised edition and in a
/// battlefront scenario that counts destroyed army points a victory point is an AP; where a
/// total of victory points wins ("Supply Drop": five; "All-Out Attack": seven), one is that
/// share of the [`stake`].
pub fn vp_worth(game: &Game) -> f64 {
    if game.edition() != Edition::Battlefront {
        return 1.0;
    }
    match game.scenario_rules().points_to_win {
        Some(n) if n > 0 => stake(game) / f64::from(n),
        _ => 1.0,
    }
}

/// Victory points and material for `side`, in AP: the revised edition's victory points (AP of
/// destroyed enemy units and objective bonuses); battlefront: the army points each side
/// destroyed (a unit lost is lost whatever the scenario scores for it) plus the scenario's
/// other victory points (held objectives, "All-Out Attack"'s point per unit) at
/// [`vp_worth`] each.
pub fn points_value(game: &Game, side: Side) -> f64 {
    use dust_core::battlefront::KillPoints;
    let vp = game.victory_points();
    let diff = |v: dust_core::BySide<u32>| f64::from(v[side]) - f64::from(v[side.other()]);
    if game.edition() != Edition::Battlefront {
        return diff(vp);
    }
    let material = diff(game.bf_army_points_destroyed());
    let other = match game.scenario_rules().kill_points {
        // Victory points are the army points destroyed, and what objectives add.
        KillPoints::ArmyPoints => diff(vp) - material,
        KillPoints::PerUnit | KillPoints::Nothing => diff(vp),
    };
    material + other * vp_worth(game)
}

/// What objective `o` is worth to `side`, in AP: its bonus points in the revised edition (the
/// [`stake`] when holding it at the end of a round wins, `wins`);
/// battlefront (tactics-battlefront-2013-rules.txt, "Scenario 2" … "Scenario 5"): the
/// [`stake`] where taking it wins ("Grab the Dust" any, "Bait and Flank" the one in the
/// opponent's half), else the victory points its holder scores in the turns left from turn
/// three, at [`vp_worth`] each, at most the stake.
pub fn objective_worth(game: &Game, side: Side, o: &dust_core::game::ObjectiveSetup) -> f64 {
    use dust_core::battlefront::TakeWins;
    if game.edition() != Edition::Battlefront {
        // An objective whose holder at the end of a round wins the game (`wins`) is worth the
        // whole game.
        return if o.wins {
            stake(game).max(f64::from(o.points))
        } else {
            f64::from(o.points)
        };
    }
    let rules = game.scenario_rules();
    let own = game.own_half(side, o.at);
    let stake = stake(game);
    let take = match rules.take_wins {
        TakeWins::Any => stake,
        TakeWins::OpponentHalf if !own => stake,
        _ => 0.0,
    };
    let per_turn = if own { rules.hold_own_half } else { rules.hold_opponent_half };
    // The points of the next two turns held: a holder is soon contested, and one unit's
    // holding must not outweigh the rest of the game.
    let turns = game
        .round_limit()
        .saturating_add(1)
        .saturating_sub(game.round().max(3))
        .min(HOLD_TURNS);
    let hold = (f64::from(per_turn) * f64::from(turns) * vp_worth(game)).min(stake);
    take.max(hold).max(f64::from(o.points))
}

/// Scenario objectives for a unit of `side` at `at`: standing on one is worth a share of what
/// it is worth to the side ([`objective_worth`]) that grows towards the last round (only the
/// holder at the end scores a revised bonus; a battlefront objective is taken or held at the
/// end of a turn); nearby ones draw units in. (Issue 21 tried valuing a unit within two squares
/// of an objective the enemy would score, which denies it in the battlefront edition: the
/// armies then guarded their own objectives and Bait and Flank ended 0-0 in every game.)
pub fn objective_pull(game: &Game, side: Side, at: Square) -> f64 {
    let worth: Vec<f64> = game.objectives().iter().map(|o| objective_worth(game, side, o)).collect();
    pull_of(game, &worth, at)
}

/// [`objective_pull`] with the objectives' worth to the side worked out.
fn pull_of(game: &Game, worth: &[f64], at: Square) -> f64 {
    let late = f64::from(game.round()) / f64::from(game.round_limit().max(1));
    game.objectives()
        .iter()
        .zip(worth)
        .map(|(o, &worth)| match range(at, o.at) {
            0 => worth * (0.4 + 0.5 * late),
            d => worth * 0.4 / (1.0 + f64::from(d)),
        })
        .fold(0.0, f64::max)
}

/// Turns of holding a battlefront objective counted in its worth ([`objective_worth`]).
pub const HOLD_TURNS: u8 = 2;

/// The evaluation of a position for `side`, in AP (see the module text).
pub fn evaluate(game: &Game, side: Side) -> f64 {
    let p = Prepared::new(game);
    let mut score = points_value(game, side);
    for (i, unit) in game.units().iter().enumerate() {
        if unit.destroyed {
            continue;
        }
        let id = UnitId(i as u8);
        let sign = if unit.side == side { 1.0 } else { -1.0 };
        let lost = f64::from(unit.card.ap) - unit_worth(game, id);
        score -= sign * lost;
        if unit.is_joined_hero() {
            continue;
        }
        let pos = match unit.at {
            Some(at) => position_value_in(game, &p, id, at),
            None => {
                // Not entered yet: as far as the entry edge.
                let h = f64::from(game.board().height());
                -APPROACH * (h / 2.0)
            }
        };
        score += sign * pos;
    }
    score + race_value(game, side)
}

/// The round at the end of which unit `u` could stand on `at` at the earliest, counting its
/// activations (two move actions each, over the board's terrain: [`move_actions_to`]; one
/// activation a round, this round's only if it has not activated yet); a unit not on the board
/// first spends a move action on its nearest entry square. `None` for a unit that holds no
/// objective (destroyed, joined, flying) or cannot get there.
pub fn arrival_round(game: &Game, u: UnitId, at: Square) -> Option<u32> {
    let unit = game.unit(u);
    if unit.destroyed || unit.is_joined_hero() || flies(game, u) {
        return None;
    }
    let moves = match unit.at {
        Some(s) => move_actions_to(game, u, s, at)?,
        None => 1 + game.entry_of(u).iter().filter_map(|&e| move_actions_to(game, u, e, at)).min()?,
    };
    let activations = moves.div_ceil(2);
    let now = u32::from(game.round().max(1));
    Some(match activations {
        0 => now,
        n if unit.activated => now + n,
        n => now + n - 1,
    })
}

/// One board's move actions to a target, by mover: see [`move_actions_to`].
struct MoveMap {
    board: std::sync::Arc<dust_core::Board>,
    to: Square,
    mover: (PieceKind, u8, bool, bool, bool),
    actions: Vec<u8>,
}

thread_local! {
    /// [`move_actions_to`]'s maps, a few boards and targets at a time.
    static MOVE_MAPS: std::cell::RefCell<Vec<MoveMap>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Move actions unit `u` needs from `from` to `to` over the board's terrain, other units left
/// out (the engine's reach of one move action, [`dust_core::reach::reach_squares`], repeated),
/// `None` beyond 16. The map is searched from `to` (moves are taken as symmetric) once per
/// board, target and kind of mover, and kept for the thread.
pub fn move_actions_to(game: &Game, u: UnitId, from: Square, to: Square) -> Option<u32> {
    let unit = game.unit(u);
    let key = (
        unit.piece(),
        u8::try_from(movement(game, u)).unwrap_or(u8::MAX),
        game.has_skill(u, Skill::Agile),
        game.has_skill(u, Skill::Fast),
        game.has_skill(u, Skill::Jump),
    );
    let board = game.board();
    let shared = game.shared_board();
    MOVE_MAPS.with(|maps| {
        let mut maps = maps.borrow_mut();
        // The same allocation is the same board: most look-ups are a copy of the game the map
        // was made from, and comparing every square of the board took longer than the look-up.
        let same_board = |m: &MoveMap| std::sync::Arc::ptr_eq(&m.board, shared) || *m.board == *board;
        let found = maps.iter().position(|m| m.to == to && m.mover == key && same_board(m));
        let i = match found {
            Some(i) => i,
            None => {
                if maps.len() >= 32 {
                    maps.clear();
                }
                maps.push(MoveMap {
                    board: shared.clone(),
                    to,
                    mover: key,
                    actions: move_map(board, to, key),
                });
                maps.len() - 1
            }
        };
        let n = maps[i].actions[board.index(from)];
        (n != u8::MAX).then_some(u32::from(n))
    })
}

/// Move actions from every space to `to` (`u8::MAX`: more than 16), breadth first by move
/// action from `to` over an empty board.
fn move_map(board: &dust_core::Board, to: Square, (kind, movement, agile, fast, jump): (PieceKind, u8, bool, bool, bool)) -> Vec<u8> {
    let empty = dust_core::occupancy::Occupancy::new(board);
    let mut actions = vec![u8::MAX; board.len()];
    actions[board.index(to)] = 0;
    let mut frontier = vec![to];
    for n in 1..=16u8 {
        let mut next = Vec::new();
        for &at in &frontier {
            let mover = dust_core::Mover {
                at,
                kind,
                side: Side::A,
                movement,
                actions: 1,
                agile,
                fast,
                jump,
            };
            for s in dust_core::reach::reach_squares(board, &empty, &mover, false) {
                let i = board.index(s);
                if actions[i] == u8::MAX {
                    actions[i] = n;
                    next.push(s);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        frontier = next;
    }
    actions
}

/// The race for each revised objective whose holder at the end of a round wins (`wins`), in
/// AP for `side` (issue 21, fourth round). [`objective_pull`] counts the spaces from each unit
/// to the hill, but the game is won by the side whose unit stands on it first at the end of a
/// round: on the custom battle's map the core-box Allies' Hammers (movement 2) come four
/// spaces in one activation, the Axis (movement 1) two, and a search that judged the hill by
/// spaces lost the race to the greedy player in 5 of 8 games while leading on victory points.
/// The side whose units can first stand on it (by [`arrival_round`], within the round limit;
/// on a tie the side already on it) gains [`RACE`] × its worth, divided by one more than the
/// rounds the race still takes (a race decided this round is surer than one four rounds away).
/// In the battlefront edition: the race to take an objective whose taking wins, against the
/// enemy's first unit to come within two squares of it ([`deny_round`]).
pub fn race_value(game: &Game, side: Side) -> f64 {
    if game.edition() == Edition::Battlefront {
        return take_race_value(game, side);
    }
    let now = u32::from(game.round().max(1));
    let mut v = 0.0;
    for o in game.objectives().iter().filter(|o| o.wins) {
        let first = |s: Side| {
            (0..game.units().len())
                .map(|i| UnitId(i as u8))
                .filter(|&u| game.unit(u).side == s)
                .filter_map(|u| arrival_round(game, u, o.at))
                .min()
        };
        // A hill that wins only from a later round (`wins_from`): arriving earlier counts as
        // arriving then, and a tie goes to the side on it.
        let from = u32::from(o.wins_from);
        let (mine, theirs) = (first(side).map(|r| r.max(from)), first(side.other()).map(|r| r.max(from)));
        let lead = match (mine, theirs) {
            (Some(a), Some(b)) if a < b => 1.0,
            (Some(a), Some(b)) if a > b => -1.0,
            (Some(_), None) => 1.0,
            (None, Some(_)) => -1.0,
            (Some(_), Some(_)) => match holder(game, o.at) {
                Some(s) if s == side => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            },
            (None, None) => 0.0,
        };
        let Some(when) = mine.into_iter().chain(theirs).min() else {
            continue;
        };
        if lead == 0.0 || when > u32::from(game.round_limit()) {
            continue;
        }
        v += lead * RACE * objective_worth(game, side, o) / f64::from(1 + when - now);
    }
    v
}

/// The race for each battlefront objective whose taking wins the game, in AP for `side` (issue
/// 21, fourth round, bait-and-flank). tactics-battlefront-2013-rules.txt, "Scenario 3: Bait and
/// Flank" (and "Scenario 2: Grab the Dust"): "A player takes an objective by having a unit …
/// on an objective square at the end of a turn on or after turn three, providing there are no
/// enemy units within two squares. If they take the objective on the opponent's half of the
/// table, they win the game." The search lost Bait and Flank as side B while leading 115–35 on
/// army points: its units went for the enemy's objective and greedy's walked onto the one in
/// its half in the last turn, with none of the search's units near enough to deny it; the
/// play-outs stopped at the start of that turn and [`objective_pull`] valued the enemy unit one
/// space away at a fifth of the game. Here, for each side that would win by taking an
/// objective, its first unit to stand there ([`arrival_round`], not before turn three) races
/// the enemy's first unit to come within two squares ([`deny_round`]): an attacker that arrives
/// before any denier gains the [`stake`] divided by the square of one more than the rounds the
/// race still takes, and the enemy loses as much. A take this turn that nobody can deny is the
/// game (with [`RACE`]'s quarter, as for a revised hill, a lead of 80 army points still scored
/// 0.84 at the start of the turn greedy took the objective); from a turn away it is about the
/// revised race's weight (a quarter, a ninth, …: the dice, and a denier's shots, may yet stop
/// it). The race counts only for an objective worth less than the stake to the denier (its
/// own in Bait and Flank, which it cannot win by): one both sides win by taking ("Grab the
/// Dust") draws both by its worth already. Otherwise neither gains (a denier scores
/// nothing for guarding an objective nobody can reach first, so armies do not turn to guard
/// their own objectives, which ended Bait and Flank 0–0 in every game when guarding was
/// valued, see [`objective_pull`]).
fn take_race_value(game: &Game, side: Side) -> f64 {
    use dust_core::battlefront::TakeWins;
    let take_wins = game.scenario_rules().take_wins;
    if take_wins == TakeWins::Never {
        return 0.0;
    }
    let now = u32::from(game.round().max(1));
    let stake = stake(game);
    let first = |s: Side, f: &dyn Fn(UnitId) -> Option<u32>| {
        (0..game.units().len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| game.unit(u).side == s)
            .filter_map(f)
            .min()
    };
    let mut v = 0.0;
    for o in game.objectives() {
        for attacker in [Side::A, Side::B] {
            if take_wins == TakeWins::OpponentHalf && game.own_half(attacker, o.at) {
                continue;
            }
            // An objective the denier would win by too ("Grab the Dust") draws its units by
            // its own worth (`objective_pull`); the race measured 4-4 there over 4 pairs.
            if objective_worth(game, attacker.other(), o) >= stake {
                continue;
            }
            let Some(take) = first(attacker, &|u| arrival_round(game, u, o.at)) else {
                continue;
            };
            let take = take.max(3);
            if take > u32::from(game.round_limit()) {
                continue;
            }
            let denied = first(attacker.other(), &|u| deny_round(game, u, o.at)).is_some_and(|d| d <= take);
            if denied {
                continue;
            }
            let sign = if attacker == side { 1.0 } else { -1.0 };
            let wait = f64::from(1 + take - now);
            v += sign * stake / (wait * wait);
        }
    }
    v
}

/// The round at the end of which unit `u` could stand within two squares of `at` at the
/// earliest (the battlefront denial of an objective: "providing there are no enemy units within
/// two squares"), as [`arrival_round`] counts, with the move actions to `at` less those the last
/// two squares take (an estimate: `movement` squares an action along the way). `None` as for
/// [`arrival_round`].
pub fn deny_round(game: &Game, u: UnitId, at: Square) -> Option<u32> {
    let unit = game.unit(u);
    if unit.destroyed || unit.is_joined_hero() || flies(game, u) {
        return None;
    }
    let now = u32::from(game.round().max(1));
    let m = movement(game, u).max(1);
    let near = |actions: u32| (actions * m).saturating_sub(2).div_ceil(m);
    let moves = match unit.at {
        Some(s) if range(s, at) <= 2 => return Some(now),
        Some(s) => near(move_actions_to(game, u, s, at)?),
        None => 1 + near(game.entry_of(u).iter().filter_map(|&e| move_actions_to(game, u, e, at)).min()?),
    };
    let activations = moves.div_ceil(2);
    Some(match activations {
        0 => now,
        n if unit.activated => now + n,
        n => now + n - 1,
    })
}

/// The side of the unit standing on `at`, if any.
fn holder(game: &Game, at: Square) -> Option<Side> {
    game.units().iter().find(|u| !u.destroyed && u.at == Some(at)).map(|u| u.side)
}

/// A value in `[0, 1]` for `side`: 1 for a won game, 0 for a lost one, 0.5 for a draw, and a
/// logistic map of [`evaluate`] otherwise.
pub fn win_value(game: &Game, side: Side) -> f64 {
    match game.pending() {
        Pending::GameOver { winner } => terminal_value(game, winner, side),
        _ => squash(evaluate(game, side)),
    }
}

/// The value of a finished game for `side`, with a small bonus for the margin (so that search
/// prefers wide wins and narrow losses).
pub fn terminal_value(game: &Game, winner: Option<Side>, side: Side) -> f64 {
    let vp = game.victory_points();
    let margin = f64::from(vp[side]) - f64::from(vp[side.other()]);
    let base = match winner {
        Some(w) if w == side => 0.9,
        Some(_) => 0.0,
        None => 0.45,
    };
    base + 0.1 * squash(margin)
}

/// The logistic map of an evaluation in AP to `(0, 1)`.
pub fn squash(x: f64) -> f64 {
    1.0 / (1.0 + (-x / SCALE).exp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dust_core::game::tests_support;

    #[test]
    fn start_is_even_and_values_are_probabilities() {
        let g = Game::new(tests_support::duel()).unwrap();
        let a = evaluate(&g, Side::A);
        let b = evaluate(&g, Side::B);
        assert!((a + b).abs() < 1e-9, "{a} {b}");
        let v = win_value(&g, Side::A);
        assert!((0.0..=1.0).contains(&v));
    }

    /// Issue 21, bait-and-flank: tactics-battlefront-2013-rules.txt, "Scenario 3: Bait and
    /// Flank": "A player takes an objective by having a unit … on an objective square at the end
    /// of a turn on or after turn three, providing there are no enemy units within two squares.
    /// If they take the objective on the opponent's half of the table, they win the game." A
    /// unit next to the objective in the enemy's half, with no enemy able to come within two
    /// squares by turn three, is a race won (the stake over the square of the turns it still
    /// takes, 3 from turn 1); an enemy within two squares denies it and the race is worth
    /// nothing; an objective in a side's own half wins it nothing.
    #[test]
    fn a_battlefront_objective_nobody_can_deny_is_a_race_won() {
        use dust_core::battlefront::ScenarioRules;
        use dust_core::range::WeaponRange;
        use std::sync::Arc;
        use tests_support::{battlefront, objectives_at, open_game, placed, rifle, sq, squad};
        let guns = Arc::new(squad("Guns", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 0, max: 4 }, 2)]));
        let in_scenario = |rules: &str, a: &str, b: &str| {
            let mut setup = battlefront(open_game(8, 12, vec![placed(&guns, Side::A, a), placed(&guns, Side::B, b)]));
            setup.bf_rules = ScenarioRules::preset(rules).unwrap();
            // D3 in side A's half (nearer its entry row, row 1), D10 in side B's.
            setup.objectives = objectives_at(&["D3", "D10"]);
            Game::new(setup).unwrap()
        };
        let game = |a: &str, b: &str| in_scenario("bait-and-flank", a, b);
        // Side A's squad beside side B's objective; side B's in the far corner of A's half,
        // eight rows away: it cannot come within two squares of D10 by turn three.
        let g = game("D9", "H1");
        assert!(g.own_half(Side::A, sq("D3")) && g.own_half(Side::B, sq("D10")));
        assert_eq!(deny_round(&g, UnitId(1), sq("D10")).map(|r| r > 3), Some(true));
        let won = stake(&g) / 9.0;
        assert!((race_value(&g, Side::A) - won).abs() < 1e-9, "{} {won}", race_value(&g, Side::A));
        assert!((race_value(&g, Side::B) + won).abs() < 1e-9);
        // Side B's squad two squares from D10: "no enemy units within two squares" fails.
        let g = game("D9", "F11");
        assert_eq!(deny_round(&g, UnitId(1), sq("D10")), Some(1));
        assert_eq!(race_value(&g, Side::A), 0.0);
        // Beside its own objective, with no enemy near: taking it wins nothing.
        let g = game("D4", "H12");
        assert_eq!(race_value(&g, Side::A), 0.0);
        assert_eq!(race_value(&g, Side::B), 0.0);
        // "Grab the Dust": either side wins by taking either objective, so each draws both
        // armies by its own worth and there is no race to a denier.
        let grab = in_scenario("grab-the-dust", "D9", "H1");
        assert_eq!(race_value(&grab, Side::A), 0.0);
    }

    /// Issue 21: a revised objective whose holder at the end of a round wins the game (`wins`,
    /// the shipped annihilation scenario's hill) is worth the whole game to either side, one
    /// with bonus points only its points.
    #[test]
    fn an_objective_that_wins_is_worth_the_game() {
        use dust_core::game::ObjectiveSetup;
        use dust_core::range::WeaponRange;
        use std::sync::Arc;
        use tests_support::{open_game, placed, rifle, sq, squad};
        let guns = Arc::new(squad("Guns", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 0, max: 4 }, 2)]));
        let mut setup = open_game(8, 12, vec![placed(&guns, Side::A, "B2"), placed(&guns, Side::B, "B11")]);
        let objective = |wins: bool| ObjectiveSetup {
            name: "Hill".to_string(),
            at: sq("D6"),
            points: 5,
            wins,
            wins_from: 0,
        };
        setup.objectives = vec![objective(true), objective(false)];
        let g = Game::new(setup).unwrap();
        let o = g.objectives();
        assert!(stake(&g) > 5.0);
        assert_eq!(objective_worth(&g, Side::A, &o[0]), stake(&g));
        assert_eq!(objective_worth(&g, Side::B, &o[0]), stake(&g));
        assert_eq!(objective_worth(&g, Side::A, &o[1]), 5.0);
    }

    /// Issue 21, fourth round: the race for a hill that wins is counted in activations, not
    /// spaces. A slow squad (movement 1) three spaces from the hill needs two activations, a
    /// fast one (movement 2) four spaces away one: the fast side wins the race and the position
    /// is better for it, though the slow squad stands nearer and its pull is the larger. A race
    /// that ends after the last round is worth nothing.
    #[test]
    fn the_race_for_a_winning_hill_counts_activations_not_spaces() {
        use dust_core::game::ObjectiveSetup;
        use dust_core::range::WeaponRange;
        use std::sync::Arc;
        use tests_support::{open_game, placed, rifle, sq, squad};
        let slow = Arc::new(squad("Slow", 3, vec![rifle("Fists", WeaponRange::Close, 2)]));
        let mut fast_card = squad("Fast", 3, vec![rifle("Fists", WeaponRange::Close, 2)]);
        fast_card.movement = 2;
        let fast = Arc::new(fast_card);
        let game = |a: &Arc<dust_core::UnitCard>, b: &Arc<dust_core::UnitCard>, rounds: u8, wins_from: u8| {
            let mut setup = open_game(8, 12, vec![placed(a, Side::A, "D4"), placed(b, Side::B, "D11")]);
            setup.objectives = vec![ObjectiveSetup {
                name: "Hill".to_string(),
                at: sq("D7"),
                points: 0,
                wins: true,
                wins_from,
            }];
            setup.round_limit = rounds;
            Game::new(setup).unwrap()
        };
        let g = game(&slow, &fast, 8, 0);
        let hill = sq("D7");
        assert_eq!(arrival_round(&g, UnitId(0), hill), Some(2), "3 spaces at 2 a activation");
        assert_eq!(arrival_round(&g, UnitId(1), hill), Some(1), "4 spaces at 4 an activation");
        assert!(objective_pull(&g, Side::A, sq("D4")) > objective_pull(&g, Side::B, sq("D11")));
        let worth = objective_worth(&g, Side::A, &g.objectives()[0]);
        assert!(
            (race_value(&g, Side::B) - RACE * worth).abs() < 1e-9,
            "decided this round: all of it"
        );
        assert!((race_value(&g, Side::A) + RACE * worth).abs() < 1e-9);
        assert!(evaluate(&g, Side::A) < 0.0, "nearer in spaces, but the race is lost");
        // The same squares, the speeds swapped: side A wins the race.
        let g = game(&fast, &slow, 8, 0);
        assert!(race_value(&g, Side::A) > 0.0);
        assert!(evaluate(&g, Side::A) > 0.0);
        // Both slow, one round: neither can stand on the hill before the game ends.
        let g = game(&slow, &slow, 1, 0);
        assert_eq!(race_value(&g, Side::A), 0.0);
        // Session 12: a hill that wins only from the end of round 2 or 3 (`wins_from`). Both
        // squads can stand on it by then, so arriving in round 1 rather than 2 is no lead,
        // nobody being on it (from round 1, above, it is the whole race).
        assert_eq!(race_value(&game(&slow, &fast, 8, 3), Side::A), 0.0, "both arrive before round 3");
        assert_eq!(race_value(&game(&slow, &fast, 8, 2), Side::B), 0.0, "both arrive by round 2");
    }

    /// Patience (issue 6): a patient army that the enemy outranges is not drawn towards it
    /// while the score is level and more than the last rounds are left; an impatient one, or
    /// one that is not outranged, always is.
    #[test]
    fn an_outranged_patient_army_waits() {
        use dust_core::range::WeaponRange;
        use std::sync::Arc;
        use tests_support::{open_game, placed, rifle, squad};
        let fists = Arc::new(squad("Fists", 3, vec![rifle("Punch", WeaponRange::Close, 2)]));
        let guns = Arc::new(squad("Guns", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 0, max: 4 }, 2)]));
        let setup = open_game(8, 12, vec![placed(&fists, Side::A, "B2"), placed(&guns, Side::B, "B11")]);
        let g = Game::new(setup).unwrap();
        assert_eq!(approach_weight(&g, Side::A), APPROACH, "impatient by default");
        assert_eq!(with_patience(true, || approach_weight(&g, Side::A)), 0.0, "outranged: waits");
        assert_eq!(
            with_patience(true, || approach_weight(&g, Side::B)),
            APPROACH,
            "the longer reach goes"
        );
        assert!(!patient(), "the setting is restored");
        // The patient army's squares no longer pull it forward: standing still is as good as
        // stepping towards the enemy out of its reach.
        let u = UnitId(0);
        let (here, ahead) = (tests_support::sq("B2"), tests_support::sq("B3"));
        let gain = |p| with_patience(p, || position_value(&g, u, ahead) - position_value(&g, u, here));
        assert!((gain(false) - APPROACH).abs() < 1e-9, "impatient: one space is worth APPROACH");
        assert!(gain(true).abs() < 1e-9, "patient: worth nothing");
    }

    /// tactics-battlefront-2013-rules.txt, "Improvised Close-Combat Weapons": the evaluation
    /// values the Improvised Weapons line the engine gives a squad (one die per soldier) where
    /// the engine offers it — against a vehicle its knives cannot hurt, from the exact odds —
    /// and not against soldiers its knives can hurt; "Weapons with Two Lines": a unit's threat
    /// counts one line of such a weapon, the better one, not both.
    #[test]
    fn battlefront_improvised_line_and_weapon_with_two_lines() {
        use dust_core::odds::{line_odds, AttackSpec, LineChoice};
        use dust_core::range::WeaponRange;
        use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue, IMPROVISED_NAME};
        use dust_core::{Armor, ArmorType, Edition};
        use std::sync::Arc;
        use tests_support::{open_game, placed, rifle, sq, squad};
        let mut knife = rifle("Knife", WeaponRange::Close, 1);
        knife.table.vehicle = [CombatValue::NoEffect; 7];
        let knives = Arc::new(squad("Knives", 3, vec![knife]));
        let mut tank = squad("Tank", 1, vec![rifle("Gun", WeaponRange::Spaces { min: 1, max: 4 }, 2)]);
        tank.kind = UnitKind::Vehicle;
        tank.armor = Armor {
            kind: ArmorType::Vehicle,
            class: 3,
        };
        tank.health = 4;
        tank.models.clear();
        let tank = Arc::new(tank);
        let foes = Arc::new(squad("Foes", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1)]));
        let mut setup = open_game(
            5,
            8,
            vec![
                placed(&knives, Side::A, "C3"),
                placed(&tank, Side::B, "C4"),
                placed(&foes, Side::B, "D4"),
            ],
        );
        setup.edition = Edition::Battlefront;
        let g = Game::new(setup).unwrap();
        let (k, t, f) = (UnitId(0), UnitId(1), UnitId(2));
        let lines = attack_lines(&g, k);
        assert_eq!(lines.len(), 2, "the knife and the engine's improvised weapons");
        let imp = lines[1];
        assert_eq!(g.unit(k).card.weapons[imp.index].name, IMPROVISED_NAME);
        let mode = AttackMode::default();
        let v = line_value_exact(&g, k, imp, t, sq("C3"), sq("C4"), mode).expect("offered against the tank");
        let u = g.unit(k);
        let tu = g.unit(t);
        let mut spec = AttackSpec::new(&u.card, &tu.card).battlefront(u.bf.as_deref(), tu.bf.as_deref());
        spec.lines = vec![LineChoice { line: imp.index, ammo: 0 }];
        spec.retaliate = false;
        spec.burst = true;
        let o = line_odds(&spec, imp.index).unwrap();
        assert_eq!(o.dice, 3, "one die per soldier");
        let want: f64 = (1..o.loss.probs().len()).map(|j| o.loss.p(j) * loss_value(&g, t, j)).sum();
        assert!((v - want).abs() < 1e-9, "{v} vs {want}");
        assert!(
            line_value_exact(&g, k, imp, f, sq("C3"), sq("D4"), mode).is_none(),
            "the knives serve"
        );
        assert!(raw_damage(&g, k, imp, f, None, mode).is_none());

        // A hero whose rifle has two lines (burst: 3 dice; aimed: 1 die), linked on his card.
        let mut hero = squad(
            "Gunner",
            1,
            vec![
                rifle("Rifle (burst)", WeaponRange::Spaces { min: 1, max: 4 }, 3),
                rifle("Rifle (aimed)", WeaponRange::Spaces { min: 1, max: 4 }, 1),
            ],
        );
        hero.kind = UnitKind::Hero;
        hero.health = 3;
        hero.models.clear();
        let hero = Arc::new(hero);
        let link = |linked: bool| {
            let mode = |p: u8| BattlefrontWeapon {
                mode_of: linked.then_some(p),
                ..BattlefrontWeapon::default()
            };
            Arc::new(BattlefrontCard {
                weapons: vec![mode(1), mode(0)],
                ..BattlefrontCard::default()
            })
        };
        let threat = |linked: bool| {
            let mut h = placed(&hero, Side::A, "B2");
            h.battlefront = Some(link(linked));
            let mut setup = open_game(5, 8, vec![h, placed(&foes, Side::B, "B5")]);
            setup.edition = Edition::Battlefront;
            let g = Game::new(setup).unwrap();
            let groups = weapon_groups(&g, UnitId(0));
            let values: Vec<f64> = attack_lines(&g, UnitId(0))
                .into_iter()
                .filter(|l| g.unit(l.owner).card.weapons[l.index].range != WeaponRange::Close)
                .map(|l| line_value_exact(&g, UnitId(0), l, UnitId(1), sq("B2"), sq("B5"), mode).unwrap())
                .collect();
            (groups.len(), values, threat_exact(&g, UnitId(0), sq("B2"), mode))
        };
        let (groups, values, linked) = threat(true);
        // The two rifle lines, and the improvised weapons (no effect at range: worth nothing).
        assert_eq!(groups, 2);
        assert!((linked - values[0].max(values[1])).abs() < 1e-9, "{linked} vs {values:?}");
        let (groups, values, unlinked) = threat(false);
        assert_eq!(groups, 3);
        assert!(
            (unlinked - values[0] - values[1]).abs() < 1e-9,
            "two weapons: {unlinked} vs {values:?}"
        );
    }
}
