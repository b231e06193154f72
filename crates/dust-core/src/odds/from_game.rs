//! The [`AttackSpec`] of an attack in a [`Game`], as the engine will roll it.
//!
//! The user interfaces show the exact odds of the attack a unit is declaring (dust-tui's panel,
//! dust-server's page); they build its spec here, so that what a player is shown and what the
//! engine rolls are read from the game in one place: both units' health left and, in a
//! battlefront game, their battlefront card parts; the hero joined to the attacking squad
//! firing his lines with it, numbered from [`HERO_LINE`](super::HERO_LINE) as the engine
//! numbers them (`aim 32 u2` aims his first line); in a battlefront game the hero joined to the
//! target squad; the lines aimed at the target with their counts, sustained attack, Burst, the
//! attacker's Move and Heroic Attack. Line of sight and cover stay with the interfaces, which draw them
//! ([`Declared::cover`]).
//!
//! ```
//! use dust_core::game::tests_support::squads_with_joined_heroes;
//! use dust_core::game::{Decision, Game, Plan, UnitId};
//! use dust_core::odds::from_game::{declared_attack, Declared};
//! use dust_core::odds::odds_or_without_hero;
//! let g = Game::new(squads_with_joined_heroes()).unwrap();
//! // The Grenadiers (u0) aim their rifles and their Captain's Grenade at the Guard (u2).
//! let aims = ["aim 0 u2 0", "aim 32 u2 0"].map(|a| a.parse::<Decision>().unwrap());
//! let how = Declared { plan: Some(Plan::Sustained), ..Declared::default() };
//! let spec = declared_attack(&g, UnitId(0), UnitId(2), aims, how).unwrap();
//! assert_eq!(spec.lines.iter().map(|c| c.line).collect::<Vec<_>>(), [0, 32]);
//! assert_eq!(spec.weapon(32).unwrap().name, "Grenade");
//! // The Guard's Sergeant shares its hits: the odds give his losses too.
//! assert!(odds_or_without_hero(&spec).unwrap().hero.is_some());
//! ```

use super::{AttackSpec, JoinedHero, LineChoice, OddsError, Who};
use crate::edition::Edition;
use crate::game::{Decision, Game, Plan, Target, Unit, UnitId};
use crate::los::CoverLevel;
use crate::unit::{UnitCard, UnitKind};
use std::borrow::Cow;

/// The living hero joined to squad `u`, if any (a hero joins only a squad: "Joining Infantry
/// Squads", tactics-revised-core-rules.md "Heroes").
///
/// # Panics
///
/// If `u` is not a unit of `g` (as [`Game::unit`]).
pub fn joined_hero(g: &Game, u: UnitId) -> Option<UnitId> {
    let unit = g.unit(u);
    unit.joined.filter(|&h| unit.card.kind == UnitKind::Squad && !g.unit(h).destroyed)
}

/// A squad's card with its living miniatures first, in card order, and the eliminated ones
/// after them: the odds count a squad's first [`AttackSpec::attacker_alive`] (or
/// [`AttackSpec::target_alive`]) miniatures of the card as the living ones, while the engine
/// removes whichever miniatures the casualties name. `None` when the living miniatures already
/// come first (the card as printed is right) or the unit is not a squad.
///
/// A squad of a Hell Boys card that lost its two flamethrower miniatures fires only shotguns;
/// the odds read from the printed card would fire the flamethrowers still.
pub fn living_first(unit: &Unit) -> Option<UnitCard> {
    living_first_card(&unit.card, unit.alive)
}

/// [`living_first`] for a card and the bits of its living miniatures (bit `i` for miniature
/// `i`, as [`Unit::alive`]): the card with those miniatures first, or `None` when they already
/// come first or the card is not a squad's. `dust1947 odds --living` uses it.
pub fn living_first_card(card: &UnitCard, alive: u32) -> Option<UnitCard> {
    if card.kind != UnitKind::Squad {
        return None;
    }
    let n = card.models.len().min(31);
    let is_alive = |i: usize| alive & (1u32 << i) != 0;
    let living = (0..n).filter(|&i| is_alive(i)).count();
    if (0..living).all(is_alive) {
        return None;
    }
    let mut c = card.clone();
    let (mut first, mut last): (Vec<_>, Vec<_>) = (Vec::new(), Vec::new());
    for (i, m) in card.models.iter().enumerate() {
        if i < n && is_alive(i) {
            first.push(*m);
        } else {
            last.push(*m);
        }
    }
    first.extend(last);
    c.models = first;
    Some(c)
}

/// Hero `h` as the odds take him joined to a squad: his health left and, in a battlefront game,
/// his battlefront card part (his exact values).
///
/// # Panics
///
/// If `h` is not a unit of `g` (as [`Game::unit`]).
pub fn hero_of(g: &Game, h: UnitId) -> JoinedHero<'_> {
    let hu = g.unit(h);
    let mut j = JoinedHero::new(&hu.card);
    j.health = hu.health.max(1);
    if g.edition() == Edition::Battlefront {
        j.bf = hu.bf.as_deref();
    }
    j
}

/// An attack of unit `u` on unit `t` as the engine will roll it, every line that can damage `t`
/// chosen (set [`AttackSpec::lines`] after, or use [`declared_attack`]): both units' health left
/// and, in a battlefront game, their battlefront card parts; a squad's joined hero firing his
/// lines with it ("The hero's weapons are used during the same time as his squad":
/// [`AttackSpec::with_attacking_hero`], his lines from [`HERO_LINE`](super::HERO_LINE)); and
/// in a battlefront game the hero joined to the target squad, who shares its hits ("Joining
/// Infantry Squads"). The odds of it are [`super::odds_or_without_hero`]'s: the hero's losses
/// ([`super::Odds::hero`]) where the odds take him, the squad alone where they do not (close
/// combat, Phaser).
///
/// # Panics
///
/// If `u` or `t` is not a unit of `g` (as [`Game::unit`]); [`declared_attack`] checks them.
pub fn unit_attack(g: &Game, u: UnitId, t: UnitId) -> AttackSpec<'_> {
    let attacker = g.unit(u);
    let target = g.unit(t);
    let mut spec = AttackSpec::new(&attacker.card, &target.card);
    // The odds take a squad's living miniatures as the first ones of its card; the engine keeps
    // whichever the casualties left (`Unit::alive`), so the card is read with them first.
    if let Some(card) = living_first(attacker) {
        spec.attacker = Cow::Owned(card);
    }
    if let Some(card) = living_first(target) {
        spec.target = Cow::Owned(card);
    }
    spec = spec.with_attacker_alive(attacker.health.max(1));
    spec.target_alive = target.health.max(1);
    if g.edition() == Edition::Battlefront {
        spec = spec.battlefront(attacker.bf.as_deref(), target.bf.as_deref());
        if let Some(h) = joined_hero(g, t) {
            spec = spec.with_joined_hero(hero_of(g, h));
        }
    }
    if let Some(h) = joined_hero(g, u) {
        spec = spec.with_attacking_hero(hero_of(g, h));
    }
    spec
}

/// The lines of `spec` that `aims` aim at unit `target`, in the order they were declared, with
/// the number given to each: the engine's `aim LINE TARGET N`, its line numbered as
/// [`AttackSpec::lines`] (the joined hero's from [`HERO_LINE`](super::HERO_LINE)). A line
/// aimed again counts its last aim; a limited-ammo line spends at least one; other decisions
/// and other targets are left out. The engine's `fire LINE` decisions (revised edition: the
/// order the player chose for his lines to fire, [`Decision::Fire`]) put those lines first, in
/// that order, the others after them in the order declared.
pub fn declared_lines(spec: &AttackSpec<'_>, target: UnitId, aims: impl IntoIterator<Item = Decision>) -> Vec<LineChoice> {
    let mut chosen: Vec<LineChoice> = Vec::new();
    let mut fired: Vec<usize> = Vec::new();
    for a in aims {
        if let Decision::Fire(l) = a {
            fired.push(usize::from(l));
        }
        if let Decision::Aim {
            line,
            target: Some(Target::Unit(t)),
            ammo,
        } = a
        {
            if t == target {
                let li = usize::from(line);
                let limited = spec.weapon(li).is_some_and(|w| w.ammo.is_some());
                chosen.retain(|c| c.line != li);
                chosen.push(LineChoice {
                    line: li,
                    ammo: if limited { ammo.max(1) } else { ammo },
                });
            }
        }
    }
    // A stable sort: the lines not ordered keep the order declared.
    chosen.sort_by_key(|c| fired.iter().position(|&l| l == c.line).unwrap_or(usize::MAX));
    chosen
}

/// What a declaration has chosen besides its aims, and what the interface sees of the target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// The plan, once chosen: a sustained attack rerolls failed dice once per line
    /// ([`AttackSpec::sustained`]).
    pub plan: Option<Plan>,
    /// The declaration moves the unit before it attacks ([`AttackSpec::attacker_moved`], with
    /// the unit's Move actions earlier this round).
    pub moves: bool,
    /// The target's cover from where the unit fires (battlefront: [`CoverLevel::None`] or "in
    /// cover", any other level).
    pub cover: CoverLevel,
}

impl Default for Declared {
    /// No plan yet, no Move, no cover.
    fn default() -> Declared {
        Declared {
            plan: None,
            moves: false,
            cover: CoverLevel::None,
        }
    }
}

/// The attack `attacker` is declaring on unit `target`, as the engine will roll it: its
/// [`unit_attack`], the lines of `aims` at `target` ([`declared_lines`]), and what `how` says;
/// Burst doubles against a target that has not moved this round, and a target that used Heroic
/// Attack takes no damage.
///
/// # Errors
///
/// [`OddsError::NoSuchUnit`] when `attacker` or `target` is not a unit of `g`. The spec itself is
/// checked by the odds ([`super::odds_or_without_hero`]), as for any spec.
pub fn declared_attack(
    g: &Game,
    attacker: UnitId,
    target: UnitId,
    aims: impl IntoIterator<Item = Decision>,
    how: Declared,
) -> Result<AttackSpec<'_>, OddsError> {
    for (who, u) in [(Who::Attacker, attacker), (Who::Target, target)] {
        if usize::from(u.0) >= g.units().len() {
            return Err(OddsError::NoSuchUnit {
                who,
                unit: u.0,
                units: g.units().len(),
            });
        }
    }
    let mut spec = unit_attack(g, attacker, target);
    spec.lines = declared_lines(&spec, target, aims);
    let (a, t) = (g.unit(attacker), g.unit(target));
    spec.sustained = how.plan == Some(Plan::Sustained);
    spec.burst = !t.moved;
    spec.attacker_moved = a.moved || how.moves;
    spec.heroic_attack = t.heroic;
    spec.cover = how.cover;
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::tests_support::{squads_with_joined_heroes, squads_with_joined_heroes_attack};
    use crate::odds::{odds_or_without_hero, HERO_LINE};

    fn aims(texts: &[&str]) -> Vec<Decision> {
        texts.iter().map(|t| t.parse().expect("a decision")).collect()
    }

    /// Issue 10: the spec the interfaces show is the engine's attack of a squad with its joined
    /// hero on a squad with its joined hero, both heroes with their battlefront card parts
    /// (`tests_support::squads_with_joined_heroes_attack` builds it by hand).
    #[test]
    fn declared_attack_of_squads_with_joined_heroes() {
        let g = Game::new(squads_with_joined_heroes()).expect("starts");
        let how = Declared {
            plan: Some(Plan::Two(crate::game::Action::Attack, crate::game::Action::Nothing)),
            ..Declared::default()
        };
        // The Captain's Sabre is aimed again with another number and a line at the Sergeant is
        // left out: u0's rifles, knives, the Captain's Grenade and Sabre, in that order.
        let declared = aims(&[
            "aim 0 u2 0",
            "aim 33 u2 0",
            "aim 1 u2 0",
            "aim 1 u3 0",
            "aim 32 u2 0",
            "aim 33 u2 2",
        ]);
        let spec = declared_attack(&g, UnitId(0), UnitId(2), declared, how).expect("a spec");
        let lines: Vec<(usize, u8)> = spec.lines.iter().map(|c| (c.line, c.ammo)).collect();
        assert_eq!(lines, [(0, 0), (1, 0), (32, 0), (33, 2)]);
        assert_eq!(spec.line_unit(HERO_LINE), "Captain");
        assert!(spec.attacking_hero.is_some_and(|h| h.bf.is_some() && h.health == 3));
        assert!(spec.joined_hero.is_some_and(|h| h.card.name == "Sergeant" && h.bf.is_some()));
        assert!(!spec.sustained && spec.burst && !spec.attacker_moved && !spec.heroic_attack);

        let spec = declared_attack(&g, UnitId(0), UnitId(2), aims(&["aim 0 u2 0", "aim 1 u2 0", "aim 32 u2 0"]), how).expect("a spec");
        let by_hand = squads_with_joined_heroes_attack(&g, &[0, 1, 32], true);
        let o = odds_or_without_hero(&spec).expect("odds");
        assert_eq!(o, odds_or_without_hero(&by_hand).expect("odds"));
        assert!(o.hero.is_some(), "the Sergeant's losses");
    }

    /// Issue 18: the engine's `fire LINE` decisions (the order the player chose for his lines to
    /// fire, tactics-revised-faq.md "How can a unit split fire") put those lines first, in that
    /// order; the others follow in the order declared.
    #[test]
    fn fire_decisions_order_the_lines() {
        let g = Game::new(squads_with_joined_heroes()).expect("starts");
        let spec = unit_attack(&g, UnitId(0), UnitId(2));
        let lines = |texts: &[&str]| -> Vec<usize> { declared_lines(&spec, UnitId(2), aims(texts)).iter().map(|c| c.line).collect() };
        assert_eq!(lines(&["aim 0 u2 0", "aim 1 u2 0", "aim 32 u2 0"]), [0, 1, 32]);
        assert_eq!(lines(&["aim 0 u2 0", "aim 1 u2 0", "aim 32 u2 0", "fire 32"]), [32, 0, 1]);
        assert_eq!(lines(&["aim 0 u2 0", "aim 1 u2 0", "aim 32 u2 0", "fire 1", "fire 32"]), [1, 32, 0]);
        // A line fired at another target is not among this target's lines.
        assert_eq!(lines(&["aim 0 u3 0", "aim 1 u2 0", "fire 0"]), [1]);
    }

    /// A unit that is not in the game is the library's error, not a panic.
    #[test]
    fn no_such_unit() {
        let g = Game::new(squads_with_joined_heroes()).expect("starts");
        let e = declared_attack(&g, UnitId(0), UnitId(9), aims(&["aim 0 u9 0"]), Declared::default()).unwrap_err();
        assert!(
            matches!(
                e,
                OddsError::NoSuchUnit {
                    who: Who::Target,
                    unit: 9,
                    units: 4
                }
            ),
            "{e}"
        );
        assert_eq!(e.to_string(), "the target u9 is not in this game: its units are u0 to u3");
    }
}
