//! Exact odds of a declared attack, before the dice roll (issue 5).
//!
//! An [`AttackSpec`] describes one activation's attack against one target: the attacker's card
//! and living miniatures (or health), the weapon lines it fires (with the ammo spent on
//! limited-ammo and Volley lines), sustained attack, the skills that change the dice, the
//! target's card, health and cover. [`odds`] answers with exact distributions — hits, hits
//! after cover saves, damage points, health lost, P(destroyed) — for each line on its own and
//! for the whole activation, where the ranged lines resolve in the order of
//! [`AttackSpec::lines`] (card order by default), casualties removed after each one, then the
//! close-combat lines with the defender's simultaneous retaliation ([`Odds::joint`]).
//!
//! Every die is the engine's die ([`crate::dice`]): a roll is "k successes of n dice" and the
//! odds are sums of binomials. Rerolls of failed dice (sustained attack, Berserk) change the
//! chance of one die to `1 - (1-p)^(1+rerolls)`; a laser chain adds a negative binomial number of
//! hits (summed exactly, cut where the rest is below [`LASER_TAIL`], see
//! [`Odds::truncation_error`]). [`monte_carlo`] runs the engine's own resolution
//! ([`crate::game::Game`]) on a small board instead, to check one against the other.
//!
//! ```
//! use dust_core::odds::{odds, AttackSpec};
//! use dust_core::game::tests_support::{rifle, squad};
//! use dust_core::WeaponRange;
//! let attacker = squad("Riflemen", 4, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1)]);
//! let target = squad("Targets", 3, vec![rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1)]);
//! let spec = AttackSpec::new(&attacker, &target);
//! let o = odds(&spec).unwrap();
//! // Four dice, one hit in three each: 4/3 hits on average, never more than 3 casualties.
//! assert!((o.lines[0].hits.mean() - 4.0 / 3.0).abs() < 1e-12);
//! assert_eq!(o.loss.max(), 3);
//! assert!((o.loss.probs().iter().sum::<f64>() - 1.0).abs() < 1e-12);
//! ```
//!
//! The battlefront edition ([`AttackSpec::battlefront`]) counts the army symbol, rolls the
//! battlefront saves instead of the cover saves, removes one miniature per hit on a squad and
//! reads the exact blast, automatic-kill and set-up values of the battlefront cards
//! (tactics-battlefront-2013-rules.txt; docs/odds.md, "Battlefront"); it takes a hero joined to
//! the target squad ([`AttackSpec::with_joined_hero`]: his share of the hits, his close-combat
//! retaliation), the other units on a spray's path ([`AttackSpec::with_path_victim`],
//! [`Odds::victims`]), one line of a weapon with two lines and the Improvised Weapons where the
//! engine offers them ([`AttackSpec::why_not_offered`]).
//!
//! [`from_game`] builds the spec of the attack a unit is declaring in a [`crate::game::Game`]
//! from the game, as the engine will roll it: the user interfaces show its odds.
//!
//! Rules are read as in tactics-revised-core-rules.md ("Sustained Attack", "Cover Saves",
//! "Special Combat Values", "Special Weapons", "Skills", "Close-Combat Weapons") and
//! tactics-revised-faq.md (laser and Berserk with sustained attack); the readings are in
//! docs/rulings.md and docs/odds.md.

mod exact;
pub mod from_game;
mod sim;

pub use exact::{activation_loss, line_odds, odds, odds_or_without_hero, HeroOdds, LineOdds, Odds, VictimOdds};
pub use sim::{monte_carlo, MonteCarlo};

use crate::battlefront::weapons::is_volley_line;
use crate::edition::Edition;
use crate::los::CoverLevel;
use crate::range::WeaponRange;
use crate::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue, Role, Skill, UnitCard, UnitKind, WeaponLine};
use core::fmt;
use std::borrow::Cow;

/// The number of the first weapon line of a hero joined to the attacking squad
/// ([`AttackSpec::attacking_hero`]): his line `i` is line `HERO_LINE + i` of the attack, as in
/// the engine's decisions (`aim 32 u1` aims the hero's first line, [`crate::game::HERO_LINE`]).
pub const HERO_LINE: usize = crate::game::HERO_LINE as usize;

/// A laser chain is summed until what is left of every chain is below this bound.
pub const LASER_TAIL: f64 = 1e-16;

/// The most dice one weapon line may roll at once (before rerolls) in an exact computation.
pub const MAX_DICE: u32 = 600;

/// A probability distribution over `0..=n` (hits, damage points, health lost…).
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    p: Vec<f64>,
}

impl Distribution {
    /// A distribution from its probabilities (entry `k` is P(k)); an empty vector is "always 0".
    pub fn from_probs(mut p: Vec<f64>) -> Distribution {
        if p.is_empty() {
            p.push(1.0);
        }
        Distribution { p }
    }
    /// Always `k`.
    pub fn point(k: usize) -> Distribution {
        let mut p = vec![0.0; k + 1];
        p[k] = 1.0;
        Distribution { p }
    }
    /// The probabilities, entry `k` is P(k).
    pub fn probs(&self) -> &[f64] {
        &self.p
    }
    /// The largest value with an entry (its probability may be 0).
    pub fn max(&self) -> usize {
        self.p.len() - 1
    }
    /// P(k), 0 beyond the end.
    pub fn p(&self, k: usize) -> f64 {
        self.p.get(k).copied().unwrap_or(0.0)
    }
    /// The sum of the probabilities (1 up to rounding).
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }
    /// The mean.
    pub fn mean(&self) -> f64 {
        self.p.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
    /// The variance.
    pub fn variance(&self) -> f64 {
        let m = self.mean();
        self.p
            .iter()
            .enumerate()
            .map(|(k, p)| (k as f64 - m) * (k as f64 - m) * p)
            .sum::<f64>()
            .max(0.0)
    }
    /// The standard deviation.
    pub fn std_dev(&self) -> f64 {
        self.variance().sqrt()
    }
    /// P(value ≥ k).
    pub fn at_least(&self, k: usize) -> f64 {
        self.p.iter().skip(k).sum::<f64>().min(1.0)
    }
    /// The "at least k" curve: entry `k` is P(value ≥ k), for `k` in `0..=max`.
    pub fn at_least_curve(&self) -> Vec<f64> {
        let mut v = vec![0.0; self.p.len()];
        let mut acc = 0.0;
        for k in (0..self.p.len()).rev() {
            acc += self.p[k];
            v[k] = acc.min(1.0);
        }
        v
    }
    /// The distribution of `min(value, cap)`: the mass above `cap` moves to `cap`.
    pub fn capped(&self, cap: usize) -> Distribution {
        Distribution { p: cap_vec(&self.p, cap) }
    }
    /// The distribution of the sum of two independent values.
    pub fn convolve(&self, other: &Distribution) -> Distribution {
        Distribution {
            p: convolve(&self.p, &other.p),
        }
    }
    /// Total variation distance to another distribution (half the sum of the differences).
    pub fn total_variation(&self, other: &Distribution) -> f64 {
        let n = self.p.len().max(other.p.len());
        (0..n).map(|k| (self.p(k) - other.p(k)).abs()).sum::<f64>() / 2.0
    }
}

pub(crate) fn cap_vec(v: &[f64], cap: usize) -> Vec<f64> {
    let mut out = vec![0.0; cap + 1];
    for (k, &p) in v.iter().enumerate() {
        out[k.min(cap)] += p;
    }
    out
}

pub(crate) fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    if a.is_empty() || b.is_empty() {
        return vec![1.0];
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x == 0.0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

/// One weapon line of the attacker's card that fires, and the ammo it spends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LineChoice {
    /// Index of the line on the attacker's card.
    pub line: usize,
    /// Ammo spent (limited-ammo and Volley lines: 1 or more). Battlefront: the soldiers of a
    /// squad firing the line (a limited-ammo line: one box however many fire), or the crew
    /// weapons of a vehicle's crew line, 0 for every one still free once the lines with a number
    /// have theirs, as the engine's `aim LINE TARGET N` ([`crate::battlefront::weapons`]); 1 on
    /// the limited-ammo line of a hero, a vehicle or a support weapon (its one weapon); ignored
    /// for other lines. [`AttackSpec::counts_offered`]: the numbers the engine offers.
    pub ammo: u8,
}

/// Who the owner of a squad with a joined hero assigns each hit (revised: each damage point) to
/// (tactics-battlefront-2013-rules.txt, "Joining Infantry Squads": the hits on the squad are
/// assigned one by one, the owner choosing the miniature or the hero each time;
/// tactics-revised-core-rules.md, "Heroes": "the owning player must choose who loses one health
/// point"). The odds cannot follow a choice made casualty by casualty: they take this fixed
/// order (docs/rulings.md, "Odds of a squad attacking with its joined hero").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum HeroHits {
    /// Miniatures first; the hero only when no miniature is left (the hits left then go to him
    /// at once, as the engine does when the squad's last miniature falls).
    #[default]
    Last,
    /// The hero first, while he lives; then the miniatures.
    First,
}

/// A hero joined to a squad: the target squad's ([`AttackSpec::joined_hero`], battlefront) or
/// the attacking squad's ([`AttackSpec::attacking_hero`], both editions).
#[derive(Copy, Clone, Debug)]
pub struct JoinedHero<'a> {
    /// The hero's card (the same armour as the squad's, as "Joining Infantry Squads" asks).
    pub card: &'a UnitCard,
    /// His health left.
    pub health: u8,
    /// He is Damage Resilient (default: his card): one die per point he would mark off, rolled
    /// when a hit is assigned to him (battlefront; in the revised edition a joined hero's Damage
    /// Resilient is not rolled: "A hero with this skill does not share it with any squad he
    /// joins", and the engine rolls the squad's).
    pub damage_resilient: bool,
    /// The owner's order of assignment (of the attacker's hits on the target squad; of the
    /// retaliation's hits, or revised damage points, on the attacking squad).
    pub takes: HeroHits,
    /// His battlefront card part (the exact values of his close-combat weapons when he
    /// retaliates with the squad, of all his weapons when he attacks with it); `None` for a
    /// classic card, which fights with its revised values.
    pub bf: Option<&'a BattlefrontCard>,
}

impl<'a> JoinedHero<'a> {
    /// The hero at full health, taking the hits last, Damage Resilient as his card says, no
    /// battlefront card part.
    pub fn new(card: &'a UnitCard) -> JoinedHero<'a> {
        JoinedHero {
            card,
            health: card.health,
            damage_resilient: card.has(Skill::DamageResilient),
            takes: HeroHits::Last,
            bf: None,
        }
    }
}

/// Another unit in the squares a spray weapon (battlefront "Spray Weapons"; a revised
/// flamethrower of range 2 or more, "Flamethrowers") crosses on its way to the target: "Spray
/// weapons … attack all units, even friendly units, in squares between the attacking unit and
/// the target unit" (tactics-battlefront-2013-rules.txt). The engine fires the line at it as at
/// the target, with the same soldiers, after the target (`Game::flame_victims`); the odds give
/// its own distribution ([`Odds::victims`]).
#[derive(Clone, Debug)]
pub struct PathVictim<'a> {
    /// The unit's card.
    pub card: &'a UnitCard,
    /// Its battlefront card part (`None` for a classic card): the unit [`monte_carlo`] places
    /// on the path; the exact odds need only the card.
    pub bf: Option<&'a BattlefrontCard>,
    /// Its miniatures (squads: the first N of the card) or health left.
    pub alive: u8,
    /// It is Damage Resilient (default: its card).
    pub damage_resilient: bool,
    /// A hero joined to it (a squad): "joined heroes are hit with their squad".
    pub joined_hero: Option<JoinedHero<'a>>,
    /// The chosen lines whose path crosses it (indices on the attacker's card); empty: every
    /// chosen spray line that reaches farther than one square.
    pub lines: Vec<usize>,
}

impl<'a> PathVictim<'a> {
    /// The unit at full strength on the path of every chosen spray line, Damage Resilient as
    /// its card says.
    pub fn new(card: &'a UnitCard) -> PathVictim<'a> {
        PathVictim {
            card,
            bf: None,
            alive: card.health,
            damage_resilient: card.has(Skill::DamageResilient),
            joined_hero: None,
            lines: Vec::new(),
        }
    }
}

/// Whether weapon line `w` sprays along a path: a spray weapon (a revised flamethrower) that
/// reaches farther than one square, so that squares lie between the attacker and its target
/// (`Game::spread_needed`).
pub fn sprays_along_a_path(w: &WeaponLine) -> bool {
    w.keywords.flame && matches!(w.range, WeaponRange::Spaces { max, .. } if max > 1)
}

/// How many squares at most line `w` crosses before its target: its range less one.
fn path_squares(w: &WeaponLine) -> usize {
    match w.range {
        WeaponRange::Spaces { max, .. } => usize::from(max).saturating_sub(1),
        _ => 0,
    }
}

/// A declared attack of one activation against one target.
#[derive(Clone, Debug)]
pub struct AttackSpec<'a> {
    /// The attacking unit's card.
    pub attacker: Cow<'a, UnitCard>,
    /// Living miniatures (squads: the first N miniatures of the card) or health left.
    pub attacker_alive: u8,
    /// The target's card.
    pub target: Cow<'a, UnitCard>,
    /// The target's miniatures (squads: the first N of the card) or health left. Casualties are
    /// removed from the last living miniature of the card.
    pub target_alive: u8,
    /// The lines that fire (each at most once), in the order they resolve: ranged lines in this
    /// order, casualties removed after each, then the close-combat lines (in this order among
    /// themselves, which matters only for Medal of Honor) with the defender's retaliation
    /// ("Performing Attacks"). [`AttackSpec::new`] gives card order.
    pub lines: Vec<LineChoice>,
    /// A SUSTAINED ATTACK: failed dice of the first roll are rerolled once per line.
    pub sustained: bool,
    /// Berserk is used: remaining failed dice are rerolled once more per line.
    pub berserk: bool,
    /// All In One is used: twice the dice on every line.
    pub all_in_one: bool,
    /// Medal of Honor is used: one failed die is rerolled once, on the first line that has one.
    pub medal_of_honor: bool,
    /// A Spotter is alive in the attacking squad: the miss face counts as the success.
    pub spotter: bool,
    /// The target used Heroic Attack this round: attacks against it cause no damage.
    pub heroic_attack: bool,
    /// The target is Damage Resilient.
    pub damage_resilient: bool,
    /// The target's cover against ranged lines (squads only; saves from the target's card).
    pub cover: CoverLevel,
    /// The target has not moved this round: Burst lines roll twice the dice.
    pub burst: bool,
    /// The attacker has moved this round (Burst lines of the defender's retaliation do not double).
    pub attacker_moved: bool,
    /// The defender retaliates against close-combat lines (when it has a close-combat weapon).
    pub retaliate: bool,
    /// The rules edition (default revised). In the battlefront edition the dice count the army
    /// symbol (2 faces of 6, no Spotter reversal), the saves are the battlefront saves
    /// ([`AttackSpec::cover`] other than `None` means "in cover"), a squad loses one miniature
    /// per hit, and blast and automatic-kill values come from [`AttackSpec::attacker_bf`]
    /// (tactics-battlefront-2013-rules.txt, "Dust Dice", "6) Roll Saves", "7) Suffer Damage",
    /// "Blast Weapons", "Automatic Kill Weapons").
    pub edition: Edition,
    /// Battlefront: the attacker's battlefront card part (exact blast and kill values); `None`
    /// for a classic card, which fires its revised values.
    pub attacker_bf: Option<&'a BattlefrontCard>,
    /// Battlefront: the target's battlefront card part (its close-combat retaliation's values).
    pub target_bf: Option<&'a BattlefrontCard>,
    /// Battlefront: Fighting Spirit is used ("Fighting Spirit": "Once per game a unit with the
    /// Fighting Spirit skill hits on rolls of the target symbol as well as the army symbol when making an
    /// Attack or Sustained Attack action, provided the unit has already performed a Move action
    /// in this activation"): the ranged lines' roll, rerolls and Medal of Honor hit on 4 faces of
    /// 6 (laser chains and power dice keep the army symbol, close combat too, as the engine).
    /// Needs [`AttackSpec::attacker_moved`].
    pub fighting_spirit: bool,
    /// Battlefront: a hero joined to the target squad. The hits left after the saves (rolled
    /// before the assignment) are assigned one by one as [`JoinedHero::takes`] says: a hit on a
    /// miniature eliminates it, a hit on the hero marks off the weapon's damage rating against
    /// him (a blast's Y, every cross left for an automatic kill), and Damage Resilient is rolled
    /// per hit by whoever takes it; a blast or Incendiary line counts him as one more model
    /// (docs/odds.md, "A joined hero"). In close combat he strikes back with the squad, with
    /// his own close-combat weapons.
    pub joined_hero: Option<JoinedHero<'a>>,
    /// The other units on the paths of the chosen spray lines ([`PathVictim`]); their odds are
    /// [`Odds::victims`].
    pub path_victims: Vec<PathVictim<'a>>,
    /// A hero joined to the attacking squad (both editions; [`AttackSpec::with_attacking_hero`]).
    /// His lines are numbered from [`HERO_LINE`] in [`AttackSpec::lines`] and fire with the
    /// squad's, each with all its dice (he is one miniature); the squad's sustained attack,
    /// Berserk, All In One, Spotter and Fighting Spirit count for them, and Medal of Honor (his)
    /// for them only. In close combat the defender's retaliation is rolled against the squad
    /// and him (an Incendiary line counting him as a miniature) and its hits (revised: damage
    /// points) are taken as [`JoinedHero::takes`] says, line after line as the engine applies
    /// them ([`Odds::attacker_hero`]; docs/odds.md, "The attacker's joined hero").
    pub attacking_hero: Option<JoinedHero<'a>>,
}

impl<'a> AttackSpec<'a> {
    /// A full-strength attack of every line of `attacker` that can damage `target` (one ammo on
    /// limited-ammo lines), no sustained attack, no optional skill, no cover. A Spotter counts
    /// when the card has one; Damage Resilient when the target's card has it.
    pub fn new(attacker: &'a UnitCard, target: &'a UnitCard) -> AttackSpec<'a> {
        let lines = attacker
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.table.against(target.armor) != CombatValue::NoEffect)
            .map(|(i, w)| LineChoice {
                line: i,
                ammo: u8::from(w.ammo.is_some()),
            })
            .collect();
        let mut s = AttackSpec {
            attacker: Cow::Borrowed(attacker),
            attacker_alive: attacker.health,
            target: Cow::Borrowed(target),
            target_alive: target.health,
            lines,
            sustained: false,
            berserk: false,
            all_in_one: false,
            medal_of_honor: false,
            spotter: false,
            heroic_attack: false,
            damage_resilient: target.has(Skill::DamageResilient),
            cover: CoverLevel::None,
            burst: false,
            attacker_moved: false,
            retaliate: true,
            edition: Edition::Revised,
            attacker_bf: None,
            target_bf: None,
            fighting_spirit: false,
            joined_hero: None,
            path_victims: Vec::new(),
            attacking_hero: None,
        };
        s.spotter = s.spotter_alive();
        s
    }
    /// The same attack by the attacking squad with `hero` joined to it, his lines that can
    /// damage the target added to the chosen lines (after them, in his card's order, one ammo on
    /// limited-ammo lines): "Heroes, being heroic, can use all of their weapons at the same
    /// time" (tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons"); "The hero's
    /// weapons are used during the same time as his squad" (tactics-revised-core-rules.md,
    /// "Heroes"). [`AttackSpec::with_lines`] afterwards chooses among all the lines, his from
    /// [`HERO_LINE`].
    pub fn with_attacking_hero(mut self, hero: JoinedHero<'a>) -> AttackSpec<'a> {
        self.attacking_hero = Some(hero);
        for (i, w) in hero.card.weapons.iter().enumerate() {
            let line = HERO_LINE + i;
            if w.table.against(self.target.armor) != CombatValue::NoEffect && !self.lines.iter().any(|c| c.line == line) {
                self.lines.push(LineChoice {
                    line,
                    ammo: u8::from(w.ammo.is_some()),
                });
            }
        }
        self
    }
    /// Weapon line `li` of the attack: line `li` of the attacker's card, or from [`HERO_LINE`]
    /// line `li - HERO_LINE` of the hero joined to it ([`AttackSpec::attacking_hero`]).
    pub fn weapon(&self, li: usize) -> Option<&WeaponLine> {
        self.line_owner(li).and_then(|(card, _, _, i)| card.weapons.get(i))
    }
    /// The battlefront part of weapon line `li` of the attack ([`AttackSpec::weapon`]), if its
    /// unit has a battlefront card.
    pub fn weapon_bf(&self, li: usize) -> Option<&BattlefrontWeapon> {
        self.line_owner(li).and_then(|(_, bf, _, i)| bf.and_then(|b| b.weapons.get(i)))
    }
    /// The name of the unit firing line `li`: the attacker's, or its joined hero's.
    pub fn line_unit(&self, li: usize) -> &str {
        self.line_owner(li)
            .map_or(self.attacker.name.as_str(), |(card, ..)| card.name.as_str())
    }
    /// Every weapon line of the attack with its number: the attacker's card's, then its joined
    /// hero's from [`HERO_LINE`].
    pub fn all_weapons(&self) -> Vec<(usize, &WeaponLine)> {
        let mut v: Vec<(usize, &WeaponLine)> = self.attacker.weapons.iter().enumerate().collect();
        if let Some(h) = &self.attacking_hero {
            v.extend(h.card.weapons.iter().enumerate().map(|(i, w)| (HERO_LINE + i, w)));
        }
        v
    }
    /// The unit firing line `li`: its card, battlefront part, miniatures or health left, and the
    /// line's index on that card.
    pub(crate) fn line_owner(&self, li: usize) -> Option<(&UnitCard, Option<&'a BattlefrontCard>, u8, usize)> {
        if li < HERO_LINE {
            return (li < self.attacker.weapons.len()).then_some((&*self.attacker, self.attacker_bf, self.attacker_alive, li));
        }
        let h = self.attacking_hero.as_ref()?;
        let i = li - HERO_LINE;
        (i < h.card.weapons.len()).then_some((h.card, h.bf, h.health, i))
    }
    /// The same attack on the target squad with `hero` joined to it (battlefront).
    pub fn with_joined_hero(mut self, hero: JoinedHero<'a>) -> AttackSpec<'a> {
        self.joined_hero = Some(hero);
        self
    }
    /// The same attack with `victim` on the path of its spray lines ([`PathVictim`]).
    pub fn with_path_victim(mut self, victim: PathVictim<'a>) -> AttackSpec<'a> {
        self.path_victims.push(victim);
        self
    }
    /// The same attack under the battlefront edition, with the two units' battlefront card
    /// parts (`None` for classic cards). The cover level reads "in cover" (soft or hard) or not.
    pub fn battlefront(mut self, attacker: Option<&'a BattlefrontCard>, target: Option<&'a BattlefrontCard>) -> AttackSpec<'a> {
        self.edition = Edition::Battlefront;
        self.attacker_bf = attacker;
        self.target_bf = target;
        self
    }
    /// Whether the attack follows the battlefront rules.
    pub fn is_battlefront(&self) -> bool {
        self.edition == Edition::Battlefront
    }
    /// The same attack with only these lines, resolving in this order (one ammo on limited-ammo
    /// lines).
    pub fn with_lines(mut self, lines: &[usize]) -> AttackSpec<'a> {
        self.lines = lines
            .iter()
            .map(|&i| LineChoice {
                line: i,
                ammo: self.weapon(i).map_or(0, |w| u8::from(w.ammo.is_some())),
            })
            .collect();
        self
    }
    /// Sets the attacker's living miniatures (or health) and updates [`AttackSpec::spotter`].
    pub fn with_attacker_alive(mut self, n: u8) -> AttackSpec<'a> {
        self.attacker_alive = n;
        self.spotter = self.spotter_alive();
        self
    }
    /// Whether a miniature with the Spotter role is among the attacker's living miniatures.
    pub fn spotter_alive(&self) -> bool {
        self.attacker.kind == UnitKind::Squad
            && self
                .attacker
                .models
                .iter()
                .take(usize::from(self.attacker_alive))
                .any(|m| m.role == Some(Role::Spotter))
    }
    /// Checks the spec against the cards.
    ///
    /// # Errors
    /// The first problem found: health out of range, unknown or repeated line, bad ammo.
    pub fn check(&self) -> Result<(), OddsError> {
        for (who, card, n) in [
            (Who::Attacker, &*self.attacker, self.attacker_alive),
            (Who::Target, &*self.target, self.target_alive),
        ] {
            alive_in_range(who, card, n)?;
            if card.kind == UnitKind::Squad && card.models.len() != usize::from(card.health) {
                return Err(OddsError::BadCard {
                    unit: card.name.clone(),
                    reason: "a squad card needs one model per miniature".into(),
                });
            }
        }
        if let Some(h) = &self.joined_hero {
            self.check_hero(h)?;
        }
        if let Some(h) = &self.attacking_hero {
            self.check_attacking_hero(h)?;
        }
        self.check_victims()?;
        if self.fighting_spirit && !(self.is_battlefront() && self.attacker_moved) {
            return Err(OddsError::FightingSpirit);
        }
        let mut seen = 0u64;
        // "A squad cannot use more limited-ammo weapons during an attack than the number of
        // miniatures currently in the squad": shared by all its limited-ammo lines, a Volley
        // launcher counting as one weapon (docs/rulings.md, "Limited ammo in one attack"). The
        // battlefront limited-ammo lines other than a Volley count soldiers instead (below).
        let mut weapons_used: u32 = 0;
        let squad = self.attacker.kind == UnitKind::Squad;
        for c in &self.lines {
            let Some(w) = self.weapon(c.line) else {
                return Err(OddsError::NoSuchLine {
                    line: c.line,
                    unit: self.attacker.name.clone(),
                    lines: self
                        .all_weapons()
                        .into_iter()
                        .map(|(i, w)| {
                            if i >= HERO_LINE {
                                format!("{} ({}, line {i})", w.name, self.line_unit(i))
                            } else {
                                w.name.clone()
                            }
                        })
                        .collect(),
                });
            };
            // The hero's lines are his own: the squad's cap on limited-ammo weapons does not
            // count them ("Vehicles and heroes have no such cap", docs/rulings.md).
            let squad = squad && c.line < HERO_LINE;
            if c.line >= 64 || seen & (1 << c.line) != 0 {
                return Err(OddsError::RepeatedLine { line: w.name.clone() });
            }
            seen |= 1 << c.line;
            if let Some(boxes) = w.ammo {
                if self.is_battlefront() && !is_volley_line(w) {
                    // Battlefront "Limited-Ammo Weapons": one box per attack however many fire;
                    // a squad fires it with any of its living carriers, a hero, a vehicle or a
                    // support weapon with its one weapon (`Game::bf_ammo_weapons`; docs/rulings.md,
                    // "Battlefront limited ammo"). The engine offers no other number. A squad
                    // with no carrier left among its first miniatures may still name one (the
                    // line rolls no dice), as a line of no soldier left does.
                    let max = self.bf_ammo_max(c.line).max(1);
                    if c.ammo == 0 || c.ammo > max {
                        let offered: Vec<u8> = (1..=max).collect();
                        return Err(OddsError::CountNotOffered {
                            line: w.name.clone(),
                            target: self.target.name.clone(),
                            given: c.ammo,
                            reason: self.count_reason(c.line, &offered),
                            offered,
                        });
                    }
                    continue;
                }
                let volley = matches!(w.table.against(self.target.armor), CombatValue::Volley { .. });
                let mut max = boxes;
                if let CombatValue::Volley { dice, .. } = w.table.against(self.target.armor) {
                    max = max.min(dice.iter().filter(|&&d| d > 0).count() as u8);
                }
                let free = u32::from(self.attacker_alive).saturating_sub(weapons_used);
                if squad && !volley {
                    max = max.min(free.min(255) as u8);
                }
                if c.ammo == 0 || c.ammo > max || (squad && free == 0) {
                    return Err(OddsError::AmmoOutOfRange {
                        line: w.name.clone(),
                        given: c.ammo,
                        max: if squad && free == 0 { 0 } else { max },
                    });
                }
                if squad {
                    weapons_used += if volley { 1 } else { u32::from(c.ammo) };
                }
            }
        }
        Ok(())
    }
    /// What the odds take of a joined hero: the battlefront edition, a hero of the squad's
    /// armour joined to a squad, his health in range, lines of dice (no Phaser), no Heroic
    /// Attack.
    fn check_hero(&self, h: &JoinedHero<'_>) -> Result<(), OddsError> {
        let no = |reason: &str| {
            Err(OddsError::JoinedHero {
                hero: h.card.name.clone(),
                reason: reason.into(),
            })
        };
        if !self.is_battlefront() {
            return no("the odds take a joined hero in the battlefront edition only");
        }
        if self.target.kind != UnitKind::Squad || h.card.kind != UnitKind::Hero {
            return no("only a hero joins, and only an infantry squad");
        }
        if h.card.armor != self.target.armor {
            return no("a hero joins a squad of his own armour (\"Joining Infantry Squads\")");
        }
        alive_in_range(Who::Target, h.card, h.health)?;
        if self.heroic_attack {
            return no("Heroic Attack with a joined hero is not modelled");
        }
        for c in &self.lines {
            let Some(w) = self.weapon(c.line) else { continue };
            if matches!(w.table.against(self.target.armor), CombatValue::Phaser { .. }) {
                return no("Phaser lines against a squad with a joined hero are not modelled");
            }
        }
        Ok(())
    }
    /// What the odds take of a hero joined to the attacking squad: a hero joined to a squad as
    /// the engine lets him join (`Game::new`: the same armour; Blutkreuz Ape, Blutkreuz Zombie
    /// and Jump on both or neither; a Command Squad only with a Commander), his health in range,
    /// no Wiederbelebungsserum in close combat (he heals after the retaliation: not modelled).
    fn check_attacking_hero(&self, h: &JoinedHero<'_>) -> Result<(), OddsError> {
        let no = |reason: String| {
            Err(OddsError::JoinedHero {
                hero: h.card.name.clone(),
                reason,
            })
        };
        if h.card.kind != UnitKind::Hero {
            return no(format!("{} is not a hero, and only a hero joins a squad (\"Heroes\")", h.card.name));
        }
        if self.attacker.kind != UnitKind::Squad {
            return no(format!(
                "may not join the attacker {}, which is not an infantry squad: a hero joins only a squad (\"Heroes\", \"Joining Infantry Squads\")",
                self.attacker.name
            ));
        }
        if h.card.armor != self.attacker.armor {
            return no(format!(
                "may not join the attacking squad {}: a hero joins only a squad of his own armour (his {}, theirs {}; \"Heroes\", \"Joining Infantry Squads\")",
                self.attacker.name, h.card.armor, self.attacker.armor
            ));
        }
        for (gate, what) in [
            (Skill::BlutkreuzApe, "Blutkreuz Ape"),
            (Skill::BlutkreuzZombie, "Blutkreuz Zombie"),
            (Skill::Jump, "Jump"),
        ] {
            if h.card.has(gate) != self.attacker.has(gate) {
                return no(format!(
                    "may not join the attacking squad {}: only units with {what} join each other ({what})",
                    self.attacker.name
                ));
            }
        }
        if self.attacker.has(Skill::CommandSquad) && !h.card.has(Skill::Commander) {
            return no(format!(
                "may not join the attacking Command Squad {}: heroes need the Commander skill",
                self.attacker.name
            ));
        }
        alive_in_range(Who::Attacker, h.card, h.health)?;
        if h.card.weapons.len() > HERO_LINE {
            return no(format!("has more than {HERO_LINE} weapon lines"));
        }
        if h.card.has(Skill::Wiederbelebungsserum) && self.retaliate && self.lines.iter().any(|c| self.is_close(c.line)) {
            return no("Wiederbelebungsserum heals him after the defender's retaliation in close combat: not modelled".into());
        }
        Ok(())
    }
    /// The chosen lines whose path crosses `v`, in the order given: its own list, or every
    /// chosen line that sprays along a path ([`sprays_along_a_path`]).
    pub fn victim_lines(&self, v: &PathVictim<'_>) -> Vec<usize> {
        if !v.lines.is_empty() {
            return v.lines.clone();
        }
        self.lines
            .iter()
            .map(|c| c.line)
            .filter(|&li| self.weapon(li).is_some_and(sprays_along_a_path))
            .collect()
    }
    /// The other victims of the spray lines: each on the path of chosen spray lines that reach
    /// farther than one square, at most as many on a line's path as the squares it crosses
    /// (its range less one), with its health in range; no Medal of Honor (the engine may
    /// spend it on any of their rolls).
    fn check_victims(&self) -> Result<(), OddsError> {
        if self.path_victims.is_empty() {
            return Ok(());
        }
        let mut crossing: std::collections::BTreeMap<usize, usize> = std::collections::BTreeMap::new();
        for v in &self.path_victims {
            let no = |reason: String| OddsError::PathVictim {
                unit: v.card.name.clone(),
                reason,
            };
            if self.medal_of_honor {
                return Err(no(
                    "Medal of Honor with a spray's other victims is not modelled (the reroll may go to any of their rolls)".into(),
                ));
            }
            if let Some(c) = self.lines.iter().find(|c| self.is_close(c.line)) {
                return Err(no(format!(
                    "a unit between the attacker and the target leaves the target out of reach of close combat ({})",
                    self.attacker.weapons[c.line].name
                )));
            }
            if v.alive == 0 || v.alive > v.card.health {
                let what = if v.card.kind == UnitKind::Squad {
                    "miniatures"
                } else {
                    "health points"
                };
                return Err(no(format!(
                    "has 1 to {} {what}, not {}: give a number from 1 to {}",
                    v.card.health, v.alive, v.card.health
                )));
            }
            if v.card.kind == UnitKind::Squad && v.card.models.len() != usize::from(v.card.health) {
                return Err(OddsError::BadCard {
                    unit: v.card.name.clone(),
                    reason: "a squad card needs one model per miniature".into(),
                });
            }
            let chosen: Vec<String> = self
                .lines
                .iter()
                .filter_map(|c| self.weapon(c.line).map(|w| format!("{} (range {})", w.name, w.range)))
                .collect();
            let lines = self.victim_lines(v);
            if lines.is_empty() {
                return Err(no(format!(
                    "is on no spray path: no chosen line of {} is a spray weapon that reaches farther than one square (chosen: {})",
                    self.attacker.name,
                    chosen.join(", ")
                )));
            }
            for &li in &lines {
                let Some(w) = self.weapon(li) else {
                    return Err(no(format!("{} has no weapon line {li}", self.attacker.name)));
                };
                if !self.lines.iter().any(|c| c.line == li) {
                    return Err(no(format!("{} is not among the chosen lines ({})", w.name, chosen.join(", "))));
                }
                if !sprays_along_a_path(w) {
                    return Err(no(format!(
                        "{} (range {}) is not a spray weapon that reaches farther than one square: it hits its target only",
                        w.name, w.range
                    )));
                }
                *crossing.entry(li).or_default() += 1;
            }
        }
        for (&li, &n) in &crossing {
            let Some(w) = self.weapon(li) else { continue };
            if n > path_squares(w) {
                return Err(OddsError::PathVictim {
                    unit: self
                        .path_victims
                        .iter()
                        .map(|v| v.card.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    reason: format!(
                        "{} (range {}) crosses at most {} square(s) before its target, so it cannot hit {n} other units on its way",
                        w.name,
                        w.range,
                        path_squares(w)
                    ),
                });
            }
        }
        Ok(())
    }
    /// Battlefront: whether line `li` of the attacker is its Improvised Weapons line
    /// ([`crate::unit::improvised_weapon`]; the engine appends it to every infantry and vehicle
    /// card, and [`crate::unit::with_improvised`] does the same for a card of the database).
    pub fn is_improvised(&self, li: usize) -> bool {
        self.is_battlefront() && self.weapon_bf(li).is_some_and(|w| w.improvised)
    }
    /// Battlefront: the other line of the weapon of line `li`, for a weapon with two lines
    /// (`mode_of`, "Weapons with Two Lines").
    pub fn mode_partner(&self, li: usize) -> Option<usize> {
        if !self.is_battlefront() {
            return None;
        }
        let (card, _, _, i) = self.line_owner(li)?;
        let p = usize::from(self.weapon_bf(li)?.mode_of?);
        (p < card.weapons.len() && p != i).then_some(li - i + p)
    }
    /// Why the engine would not offer line `li` against the target, if it would not: an
    /// Improvised Weapons line is offered only when none of the unit's own close-combat weapons
    /// with a soldier left to use it can hurt the target (`Game::bf_improvised_needless`;
    /// docs/rulings.md, "Battlefront improvised close-combat weapons"). The Improvised Weapons
    /// of a hero joined to the attacker look at his own weapons only, as the engine's.
    pub fn why_not_offered(&self, li: usize) -> Option<String> {
        if !self.is_improvised(li) {
            return None;
        }
        let (card, _, alive, local) = self.line_owner(li)?;
        let squad = card.kind == UnitKind::Squad;
        let other = card.weapons.iter().enumerate().find(|&(i, w)| {
            i != local
                && w.range == WeaponRange::Close
                && (!squad || carriers_among(card, alive, i) > 0)
                && w.table.against(self.target.armor) != CombatValue::NoEffect
        })?;
        Some(format!(
            "{} is offered only when no close-combat weapon of the unit can hurt the target, and {}'s {} can hurt {}",
            card.weapons[local].name, card.name, other.1.name, self.target.name
        ))
    }
    /// Battlefront: the most weapons limited-ammo line `li` (not a Volley) fires in one attack,
    /// its ammo boxes taken as full (`Game::bf_ammo_weapons`): a squad's living carriers of it,
    /// one for a hero (the attacking squad's joined hero too), a vehicle and a support weapon
    /// ("Limited-Ammo Weapons"; docs/rulings.md, "Battlefront limited ammo").
    fn bf_ammo_max(&self, li: usize) -> u8 {
        let Some((card, bf, alive, local)) = self.line_owner(li) else {
            return 0;
        };
        if li < HERO_LINE && card.kind == UnitKind::Squad && !crate::battlefront::weapons::is_support(card, bf, local) {
            carriers_among(card, alive, local).min(255) as u8
        } else {
            1
        }
    }
    /// The numbers the engine offers with the aim of chosen line `li` at the target (the third
    /// number of `aim LINE TARGET N`, [`LineChoice::ammo`]), the chosen lines before it in card
    /// order (those of some effect on the target) aimed as given, since the engine declares the
    /// lines in card order (`Game::aim_decisions`, `Game::bf_aim_counts`):
    ///
    /// - a limited-ammo or Volley line, the ammo spent: revised, 1 up to the boxes, a squad
    ///   firing at most one limited-ammo weapon per living miniature over the attack;
    ///   battlefront (not a Volley), the soldiers firing it, 1 up to its living carriers not
    ///   given to a line before it with a number, and 1 for a hero, a vehicle or a support
    ///   weapon, which fire their one weapon;
    /// - battlefront, another line of a squad (the soldiers firing it) or a vehicle's crew line
    ///   (the crew weapons): 0, every one still free, and where some of them could fire a later
    ///   line of the card instead (not a limited-ammo line, a support weapon, an under-barrel
    ///   weapon riding on it, the other line of its weapon nor the Improvised Weapons), 1 up to
    ///   those still free, taking none from the lines before it; a support weapon 0 (one
    ///   weapon, a crew of two; 1 when it is limited ammo);
    /// - every other line (a hero's, a vehicle's own weapons, the revised edition's): 0.
    ///
    /// Empty: the engine does not offer the line (no soldier left to fire it). The card's ammo
    /// boxes are taken as full (docs/rulings.md, "Battlefront soldiers with several weapons",
    /// "Battlefront limited ammo", "Limited ammo in one attack"). [`AttackSpec::check`] does not
    /// ask for these numbers (a spec may give any count; the soldiers are shared out as the
    /// engine would); [`AttackSpec::check_count`] does.
    pub fn counts_offered(&self, li: usize) -> Vec<u8> {
        use crate::battlefront::weapons::{is_crew, is_support, main_weapon};
        let Some((card, bf, alive, local)) = self.line_owner(li) else {
            return Vec::new();
        };
        let w = &card.weapons[local];
        let squad = li < HERO_LINE && card.kind == UnitKind::Squad;
        let volley = is_volley_line(w);
        let battlefront = self.is_battlefront();
        // The lines aimed before it: the chosen lines of some effect, before it on the card.
        let before: Vec<LineChoice> = self
            .lines
            .iter()
            .filter(|c| {
                c.line < li
                    && self
                        .weapon(c.line)
                        .is_some_and(|x| x.table.against(self.target.armor) != CombatValue::NoEffect)
            })
            .copied()
            .collect();
        let max_ammo: u8 = match w.ammo {
            None => 0,
            Some(_) if battlefront && !volley => self.bf_ammo_max(li),
            Some(boxes) if squad => {
                // "A squad cannot use more limited-ammo weapons during an attack than the number
                // of miniatures currently in the squad", a Volley launcher counting as one.
                let spent: u32 = before
                    .iter()
                    .filter(|c| c.line < HERO_LINE)
                    .filter_map(|c| {
                        let x = &card.weapons[c.line];
                        x.ammo.map(|_| if is_volley_line(x) { 1 } else { u32::from(c.ammo) })
                    })
                    .sum();
                let free = u32::from(alive).saturating_sub(spent);
                match (volley, free) {
                    (_, 0) => 0,
                    (true, _) => boxes,
                    (false, f) => boxes.min(f.min(255) as u8),
                }
            }
            Some(boxes) => boxes,
        };
        if w.ammo.is_some() && max_ammo == 0 {
            return Vec::new();
        }
        let common = || if w.ammo.is_some() { (1..=max_ammo).collect() } else { vec![0] };
        let crew = is_crew(card, bf, local);
        if !battlefront || li >= HERO_LINE || !(squad || crew) || (w.ammo.is_some() && (!squad || volley)) {
            return common();
        }
        let support = squad && is_support(card, bf, local);
        let close = w.range == WeaponRange::Close;
        let kind =
            |c: &LineChoice| c.line < HERO_LINE && card.weapons.get(c.line).is_some_and(|x| (x.range == WeaponRange::Close) == close);
        let counted = |c: &LineChoice| kind(c) && (card.weapons[c.line].ammo.is_some() || c.ammo > 0 || is_support(card, bf, c.line));
        // The soldiers (crew weapons) of each line of its kind, with line `li` aimed with `n`.
        let share = |n: Option<u8>| {
            let mut lines: Vec<(usize, u8)> = before.iter().filter(|c| kind(c)).map(|c| (c.line, c.ammo)).collect();
            lines.extend(n.map(|n| (li, n)));
            exact::bf_firers(card, bf, alive, &lines)
        };
        let n_of = |s: &[(usize, u32)], l: usize| s.iter().find(|x| x.0 == l).map_or(0, |x| x.1);
        // Every line before it keeps its soldiers (`all`), or those with a number.
        let keeps = |b: &[(usize, u32)], a: &[(usize, u32)], all: bool| {
            before
                .iter()
                .filter(|c| kind(c) && (all || counted(c)))
                .all(|c| n_of(b, c.line) == n_of(a, c.line))
        };
        if support {
            let n = u8::from(w.ammo.is_some());
            let (b, a) = (share(None), share(Some(n)));
            return if n_of(&a, li) == 1 && keeps(&b, &a, false) {
                vec![n]
            } else {
                Vec::new()
            };
        }
        if w.ammo.is_some() {
            if !before.iter().any(counted) {
                return (1..=max_ammo).collect();
            }
            let b = share(None);
            return (1..=max_ammo)
                .filter(|&n| {
                    let a = share(Some(n));
                    n_of(&a, li) == u32::from(n) && keeps(&b, &a, false)
                })
                .collect();
        }
        let free = n_of(&share(Some(0)), li);
        if free == 0 {
            return Vec::new();
        }
        let mut out = vec![0];
        let riding = main_weapon(card, bf, local).is_some_and(|m| before.iter().any(|c| c.line == m));
        let partner = self.mode_partner(li);
        let improvised = |mi: usize| bf.and_then(|b| b.weapons.get(mi)).is_some_and(|x| x.improvised);
        let matters = !riding
            && (local + 1..card.weapons.len()).any(|mi| {
                if crew {
                    return is_crew(card, bf, mi);
                }
                let mw = &card.weapons[mi];
                (mw.range == WeaponRange::Close) == close
                    && mw.ammo.is_none()
                    && !is_support(card, bf, mi)
                    && !improvised(mi)
                    && Some(mi) != partner
                    && !main_weapon(card, bf, mi).is_some_and(|x| x == local || before.iter().any(|c| c.line == x))
                    && card
                        .models
                        .iter()
                        .take(usize::from(alive))
                        .any(|m| mi < 32 && m.weapons & (1 << local) != 0 && m.weapons & (1 << mi) != 0)
            });
        if matters {
            let b = share(None);
            out.extend((1..=free.min(255) as u8).filter(|&n| {
                let a = share(Some(n));
                n_of(&a, li) == u32::from(n) && keeps(&b, &a, true)
            }));
        }
        out
    }
    /// Checks the number given with chosen line `li` ([`LineChoice::ammo`]) against those the
    /// engine offers ([`AttackSpec::counts_offered`]).
    ///
    /// # Errors
    /// [`OddsError::CountNotOffered`], with the numbers offered and why.
    pub fn check_count(&self, li: usize) -> Result<(), OddsError> {
        let (Some(c), Some(w)) = (self.lines.iter().find(|c| c.line == li), self.weapon(li)) else {
            return Ok(());
        };
        let offered = self.counts_offered(li);
        if offered.contains(&c.ammo) {
            return Ok(());
        }
        Err(OddsError::CountNotOffered {
            line: w.name.clone(),
            target: self.target.name.clone(),
            given: c.ammo,
            reason: self.count_reason(li, &offered),
            offered,
        })
    }
    /// Why line `li` takes the numbers `offered` ([`AttackSpec::counts_offered`]): the rule, for
    /// [`OddsError::CountNotOffered`].
    fn count_reason(&self, li: usize, offered: &[u8]) -> String {
        use crate::battlefront::weapons::{is_crew, is_support};
        let Some((card, bf, _, local)) = self.line_owner(li) else {
            return String::new();
        };
        let w = &card.weapons[local];
        let squad = li < HERO_LINE && card.kind == UnitKind::Squad;
        let support = squad && is_support(card, bf, local);
        let crew = is_crew(card, bf, local);
        let bf_ammo = self.is_battlefront() && w.ammo.is_some() && !is_volley_line(w);
        const SEVERAL: &str = "docs/rulings.md, \"Battlefront soldiers with several weapons\"";
        const AMMO: &str = "docs/rulings.md, \"Battlefront limited ammo\"";
        const REVISED_AMMO: &str = "docs/rulings.md, \"Limited ammo in one attack\"";
        match offered {
            [] if w.ammo.is_some() && !bf_ammo => {
                format!("the squad already fires one limited-ammo weapon per living miniature in this attack ({REVISED_AMMO})")
            }
            [] => format!("no soldier (or crew weapon) is left to fire it: the lines before it on the card take them all ({SEVERAL})"),
            [0] if !self.is_battlefront() => {
                "in the revised edition only limited-ammo and Volley lines take a number, the ammo spent; every carrier fires the others".into()
            }
            [0] if support => {
                "the support weapon fires as one weapon with a crew of two (docs/rulings.md, \"Battlefront support weapon crews\")".into()
            }
            [0] if crew => {
                "a number is offered only where a later crew line could take some of the crew weapons (docs/rulings.md, \"Battlefront vehicle crews\")".into()
            }
            [0] if squad => format!("a number is offered only where its soldiers could fire a later line instead ({SEVERAL})"),
            [0] if card.kind == UnitKind::Hero => {
                "a hero fires every weapon he is given with all its dice (\"Soldiers with Several Weapons\": \"Heroes, being heroic, can use all of their weapons at the same time\")".into()
            }
            [0] => "a vehicle fires each of its own weapons as one weapon; only its crew lines take a number (\"Vehicle Crews\")".into(),
            _ if bf_ammo && (!squad || support) => {
                format!("a hero, a vehicle or a support weapon fires its one weapon, one ammo box per attack ({AMMO})")
            }
            _ if bf_ammo => format!(
                "a squad fires it with its living carriers not given to a line aimed before it with a number, one ammo box per attack ({AMMO})"
            ),
            _ if w.ammo.is_some() => format!(
                "a line spends at most the ammo boxes on its card, and a squad fires at most one limited-ammo weapon per living miniature in an attack, a Volley launcher counting as one ({REVISED_AMMO})"
            ),
            _ if crew => {
                "the crew fires one weapon per damage point left, those still free that no crew line aimed before it needs (\"Vehicle Crews\")".into()
            }
            _ => format!("the soldiers firing it are those still free that no line aimed before it needs ({SEVERAL})"),
        }
    }
    /// Battlefront: the soldiers of the attacking squad (the crew weapons of a vehicle) firing
    /// each of its chosen lines as the engine shares them out (`Game::bf_firers`), among the
    /// lines the engine offers (one line of a weapon with two lines, the Improvised Weapons
    /// where offered): (line, number). Empty in the revised edition; a joined hero's lines and
    /// a vehicle's own weapons are not shared out (each fires as one weapon, a hero all of his).
    pub fn firers(&self) -> Vec<(usize, u32)> {
        if !self.is_battlefront() {
            return Vec::new();
        }
        let s = exact::offered(self).map_or_else(|_| self.clone(), |o| o.0);
        exact::attack_firers(&s)
    }
    /// Whether the line fires in close combat (range C).
    pub fn is_close(&self, line: usize) -> bool {
        self.weapon(line).is_some_and(|w| w.range == WeaponRange::Close)
    }
    /// The chosen lines in resolution order: the ranged lines in the order given, then the
    /// close-combat lines in the order given.
    pub fn resolution_order(&self) -> Vec<LineChoice> {
        let mut v = self.lines.clone();
        // A stable sort: the order given is kept within each group.
        v.sort_by_key(|c| self.is_close(c.line));
        v
    }
    /// Whether the resolution order is the card's (ranged lines by index, then close-combat
    /// lines by index): the order the battlefront engine resolves an activation's lines in
    /// (the revised engine fires them in the order the player chooses, `Decision::Fire`).
    pub fn in_card_order(&self) -> bool {
        self.resolution_order()
            .windows(2)
            .all(|w| self.is_close(w[0].line) != self.is_close(w[1].line) || w[0].line < w[1].line)
    }
}

/// The carriers of line `li` among the first `alive` models of a squad card.
fn carriers_among(card: &UnitCard, alive: u8, li: usize) -> usize {
    card.models
        .iter()
        .take(usize::from(alive))
        .filter(|m| li < 32 && m.weapons & (1 << li) != 0)
        .count()
}

/// `n`, the miniatures of a squad or the health points of another unit (a joined hero's among
/// them), is from 1 to the card's health.
fn alive_in_range(who: Who, card: &UnitCard, n: u8) -> Result<(), OddsError> {
    if n == 0 || n > card.health {
        return Err(OddsError::AliveOutOfRange {
            who,
            unit: card.name.clone(),
            given: n,
            max: card.health,
            squad: card.kind == UnitKind::Squad,
        });
    }
    Ok(())
}

/// Which side of the attack an error is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Who {
    /// The attacking unit.
    Attacker,
    /// The target.
    Target,
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Who::Attacker => "attacker",
            Who::Target => "target",
        })
    }
}

/// Why odds cannot be computed (or simulated) for a spec.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum OddsError {
    /// Living miniatures or health out of `1..=max`.
    AliveOutOfRange {
        /// Attacker or target.
        who: Who,
        /// The unit's name.
        unit: String,
        /// The number given.
        given: u8,
        /// The card's health.
        max: u8,
        /// Whether the unit is a squad (the number counts miniatures).
        squad: bool,
    },
    /// A line index beyond the card.
    NoSuchLine {
        /// The index.
        line: usize,
        /// The attacker's name.
        unit: String,
        /// The card's lines.
        lines: Vec<String>,
    },
    /// A line chosen twice.
    RepeatedLine {
        /// The line's name.
        line: String,
    },
    /// Ammo spent out of range on a limited-ammo or Volley line.
    AmmoOutOfRange {
        /// The line's name.
        line: String,
        /// Ammo given.
        given: u8,
        /// The most it may spend now.
        max: u8,
    },
    /// More dice than [`MAX_DICE`] on one line.
    TooManyDice {
        /// The line's name.
        line: String,
        /// Dice it would roll.
        dice: u32,
    },
    /// A card the engine would refuse.
    BadCard {
        /// The unit's name.
        unit: String,
        /// Why.
        reason: String,
    },
    /// A joined hero the odds do not take (another edition, another armour, close combat…).
    JoinedHero {
        /// The hero's name.
        hero: String,
        /// Why.
        reason: String,
    },
    /// Fighting Spirit outside the battlefront edition or without a Move action.
    FightingSpirit,
    /// A unit on a spray's path ([`PathVictim`]) the odds do not take: on no spray path, more
    /// than the path's squares, its health out of range…
    PathVictim {
        /// The unit's name.
        unit: String,
        /// Why.
        reason: String,
    },
    /// A number given with a line ([`LineChoice::ammo`]: the ammo spent; battlefront, the
    /// soldiers or crew weapons firing it) that the engine does not offer with the line's aim
    /// ([`AttackSpec::counts_offered`], [`AttackSpec::check_count`]; a battlefront limited-ammo
    /// line by [`AttackSpec::check`]).
    CountNotOffered {
        /// The line's name.
        line: String,
        /// The target's name.
        target: String,
        /// The number given.
        given: u8,
        /// The numbers the engine offers (empty: it does not offer the line).
        offered: Vec<u8>,
        /// The rule that limits them.
        reason: String,
    },
    /// A unit that is not in the game ([`from_game::declared_attack`]).
    NoSuchUnit {
        /// Attacker or target.
        who: Who,
        /// Its number.
        unit: u8,
        /// The game's units (numbered from 0).
        units: usize,
    },
    /// Monte Carlo only: the engine cannot play this spec.
    Unsupported {
        /// What the engine lacks or cannot arrange.
        what: String,
    },
}

impl fmt::Display for OddsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OddsError::AliveOutOfRange {
                who,
                unit,
                given,
                max,
                squad,
            } => {
                let what = if *squad { "miniatures" } else { "health points" };
                write!(f, "the {who} {unit} has 1 to {max} {what}, not {given}: give a number from 1 to {max}")
            }
            OddsError::NoSuchLine { line, unit, lines } => {
                write!(f, "{unit} has no weapon line {line}; its lines are: {}", lines.join(", "))
            }
            OddsError::RepeatedLine { line } => write!(f, "the line {line} is chosen twice: each line fires once per attack"),
            OddsError::AmmoOutOfRange { line, given, max } => write!(
                f,
                "{line} can spend at most {max} ammo here, not {given} (limited ammo: at most the boxes on the card, the values listed for a Volley, and a squad fires at most one limited-ammo weapon per living miniature in an attack, a Volley launcher counting as one)"
            ),
            OddsError::TooManyDice { line, dice } => {
                write!(f, "{line} would roll {dice} dice; exact odds are limited to {MAX_DICE} dice per line")
            }
            OddsError::BadCard { unit, reason } => write!(f, "the card {unit} cannot be used: {reason}"),
            OddsError::JoinedHero { hero, reason } => write!(f, "the joined hero {hero}: {reason}"),
            OddsError::FightingSpirit => f.write_str(
                "Fighting Spirit is a battlefront skill used in an activation with a Move action before the attack: give the battlefront edition and the Move (moved)",
            ),
            OddsError::PathVictim { unit, reason } => write!(f, "{unit} on the spray's path: {reason}"),
            OddsError::CountNotOffered {
                line,
                target,
                given,
                offered,
                reason,
            } => {
                let list = offered.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
                match (offered.first(), offered.last()) {
                    (None, _) | (_, None) => write!(f, "{line} is not offered against {target}: {reason}"),
                    (Some(0), Some(0)) => write!(
                        f,
                        "{line} fires at {target} with every soldier (or damage point) still free and takes no number, not {given}: {reason}"
                    ),
                    (_, Some(&hi)) if *given > hi => {
                        write!(f, "{line} may fire at {target} with at most {hi}, not {given}: one of {list}; {reason}")
                    }
                    (Some(&lo), _) if *given < lo => {
                        write!(f, "{line} needs a number from {lo} to fire at {target}, not {given}: one of {list}; {reason}")
                    }
                    _ => write!(f, "{line} may not fire at {target} with {given}: one of {list}; {reason}"),
                }
            }
            OddsError::NoSuchUnit { who, unit, units } => match units.checked_sub(1) {
                Some(last) => write!(f, "the {who} u{unit} is not in this game: its units are u0 to u{last}"),
                None => write!(f, "the {who} u{unit} is not in this game: it has no units"),
            },
            OddsError::Unsupported { what } => write!(f, "the engine cannot play this attack: {what}"),
        }
    }
}

impl std::error::Error for OddsError {}
