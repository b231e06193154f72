//! Rules the battlefront edition (on squares) and Dust Battlefield (on a measured table) share,
//! written once as pure functions (issue 24, "Shared, not copied": "Keep one copy of each shared
//! rule … a fix there fixes every edition"). Both books word them the same
//! (tactics-battlefront-2013-rules.txt and tactics-battlefield-summary.md): what a save counts,
//! how much one hit marks off, what the reactive-attack dice give, who wins the initiative and
//! who may pass. The battlefront engine (`game/battlefront.rs`, reached through
//! `EditionRules`) calls [`save`], [`damage_per_hit`], [`ReactiveOutcome`],
//! [`initiative_winner`] and [`may_pass`] where it used to compute them inline; the Battlefield
//! engine ([`crate::field`]) calls all of them.
//!
//! None of them knows where units stand: the caller, square grid or measured table, answers the
//! geometric questions (is the target in cover?) and passes the answers in.

use crate::dice::Symbols;
use crate::unit::{BattlefrontValue, Skill, UnitCard, UnitKind};
use crate::Side;

/// The save a target rolls against hits that got through, and whether it is a cover save
/// (battlefront "6) Roll Saves"; tactics-battlefield-summary.md, "6. Roll Saves"):
///
/// - close combat and flame (spray) weapons: no save ("Units hit by C weapons do not get any
///   cover or infantry saves"; "Units hit by flame weapons do not get an infantry save or a
///   cover save");
/// - infantry in cover: army symbol or shield ("each ☒ or ☑ cancels 1 hit");
/// - infantry not in cover, or hit by a grenade weapon (no cover save, the infantry save
///   stays): the infantry save, the army symbol ("Each ☒ cancels 1 hit");
/// - vehicles in cover: the army symbol; vehicles not in cover: none.
///
/// `infantry`: squads, support weapons and heroes. `no_save`: a close-combat or flame weapon.
/// `no_cover`: a grenade (or phaser) weapon, or a unit that never has a cover save.
pub fn save(infantry: bool, in_cover: bool, no_save: bool, no_cover: bool) -> Option<(Symbols, bool)> {
    if no_save {
        return None;
    }
    match (infantry, in_cover && !no_cover) {
        (true, true) => Some((Symbols::ARMY_OR_SHIELD, true)),
        (true, false) => Some((Symbols::ARMY, false)),
        (false, true) => Some((Symbols::ARMY, true)),
        (false, false) => None,
    }
}

/// What a target is, for [`damage_per_hit`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Struck {
    /// A soldier of an infantry squad: one hit, one casualty.
    Soldier,
    /// A support weapon: one cross per hit, all of them for an automatic kill.
    SupportWeapon {
        /// Crosses left on its track.
        left: u8,
    },
    /// A hero, vehicle or aircraft: the damage rating after the slash.
    Tracked {
        /// Crosses left on its track.
        left: u8,
    },
}

/// The points one hit marks off ("7) Suffer Damage"; summary "7. Suffer Damage"): a soldier
/// of a squad is one casualty whatever the rating ("Each hit on a miniature from an infantry
/// squad eliminates that miniature"); a support weapon marks one cross ("Mark 1 cross off an
/// infantry support weapon's damage track for each hit"); heroes, vehicles and aircraft the
/// number after the slash; "☠ … marks off all of the crosses on its damage track (if it has
/// one)". `value` is the weapon's exact battlefront value against the target's armour, if it
/// has one; `damage` the ordinary rating after the slash.
pub fn damage_per_hit(struck: Struck, value: Option<BattlefrontValue>, damage: u8) -> u8 {
    let kill = match struck {
        Struck::Soldier => 1,
        Struck::SupportWeapon { left } | Struck::Tracked { left } => left.max(1),
    };
    match (value, struck) {
        (Some(BattlefrontValue::BlastKill { .. } | BattlefrontValue::Kill { .. }), _) => kill,
        (Some(BattlefrontValue::Blast { .. }), Struck::Soldier | Struck::SupportWeapon { .. }) => 1,
        (Some(BattlefrontValue::Blast { damage, .. }), Struck::Tracked { .. }) => damage,
        (None, Struck::Soldier | Struck::SupportWeapon { .. }) => damage.min(1),
        (None, Struck::Tracked { .. }) => damage,
    }
}

/// What the two dice of a reactive attack give (battlefront "Reactive Attacks"; summary
/// "REACTIVE ATTACKS"): "On ☒☒, the unit … will activate for either a SUSTAINED ATTACK
/// action, or a MOVE action followed by an ATTACK action … On a single ☒ … an ATTACK action.
/// If both dice roll [other symbols] the unit activates for a NOTHING action."
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReactiveOutcome {
    /// No army symbol: a Nothing action.
    Nothing,
    /// One army symbol: an Attack action.
    Attack,
    /// Two: a Sustained Attack, or a Move (a turn only) then an Attack.
    SustainedOrTurnAndAttack,
}

impl ReactiveOutcome {
    /// The outcome of `army` army symbols.
    pub const fn from_army_symbols(army: u16) -> ReactiveOutcome {
        match army {
            0 => ReactiveOutcome::Nothing,
            1 => ReactiveOutcome::Attack,
            _ => ReactiveOutcome::SustainedOrTurnAndAttack,
        }
    }
}

/// The range of a reactive attack, in range units (squares, or 10 cm on a table): "at range 4
/// (40cm/16") or less from the activating unit".
pub const REACTIVE_RANGE: u32 = 4;

/// The initiative roll's result ("Roll for Initiative"): `army` the army symbols each side
/// rolled, `targets` the targets among the rest. "The player who rolled the most (army
/// symbols) wins the initiative … On a tie, whoever rolled the most (targets) wins the
/// initiative. On a further tie, both players re-roll": `None` is that re-roll.
pub fn initiative_winner(army: (u16, u16), targets: (u16, u16)) -> Option<Side> {
    use core::cmp::Ordering::*;
    match army.0.cmp(&army.1).then(targets.0.cmp(&targets.1)) {
        Greater => Some(Side::A),
        Less => Some(Side::B),
        Equal => None,
    }
}

/// "If a player has fewer units … that have yet to activate than their opponent, they may
/// elect to pass rather than activate a unit."
pub const fn may_pass(own_left: usize, other_left: usize) -> bool {
    own_left < other_left
}

/// The faces of the die a pilot rolls when the vehicle he pilots is destroyed that let him
/// escape unharmed (battlefront "Piloting Vehicles": "On a roll of … or …, the
/// Hero escapes unharmed", the two symbols lost in the extraction; tactics-battlefield-summary.md,
/// "Piloting Vehicles and Aircraft": "On ☒ or ☑, the hero escapes unharmed. Otherwise the hero
/// takes a point of damage"): the army symbol or the shield (docs/rulings.md, "Battlefront
/// pilots", "Battlefield: the symbols of the summary").
pub const PILOT_ESCAPES: Symbols = Symbols::ARMY_OR_SHIELD;

/// The symbol a further roll of a chain hits on: "When a laser weapon scores a hit, roll another
/// die scoring a further hit on a roll of [the army symbol] … The additional rolls only hit on
/// [the army symbol]" (tactics-battlefront-2013-rules.txt, "Laser Weapons";
/// tactics-battlefield-summary.md, "LASER WEAPONS", "CUTTING WEAPONS", "BERSERK", "KILLING
/// SPREE", worded alike).
pub const CHAIN_HIT: Symbols = Symbols::ARMY;

/// The further hits of a chain ("Continue scoring hits and rolling additional dice for each hit
/// until it rolls a miss"): from `hits`, `roll(n)` rolls `n` dice and returns the hits among
/// them ([`CHAIN_HIT`]); each hit rolls one die more, until a roll scores none.
pub fn chain(hits: u16, mut roll: impl FnMut(u16) -> u16) -> u16 {
    let (mut further, mut dice) = (0u16, hits);
    while dice > 0 {
        let k = roll(dice);
        further = further.saturating_add(k);
        dice = k;
    }
    further
}

/// The distribution of the hits one die scores with a chain ([`chain`]): `hit` the chance of the
/// first roll's hit, `again` the chance of a further roll's; entry `k` is P(k hits), cut after
/// `cap` (the rest of the tail, below `again^cap`, is added to the last entry).
pub fn chain_distribution(hit: f64, again: f64, cap: usize) -> Vec<f64> {
    let mut d = vec![0.0; cap.max(1) + 1];
    d[0] = 1.0 - hit;
    let mut p = hit;
    for slot in d.iter_mut().skip(1) {
        *slot = p * (1.0 - again);
        p *= again;
    }
    d[cap.max(1)] += p;
    d
}

/// Whether a card moves as Fast: "A unit with Fast (or Agile) may move 1 additional square
/// when it performs a MOVE or MARCH MOVE action", and "Some old cards have vehicles with the
/// Jump skill: these now have the Fast special rule instead" (tactics-battlefront-2013-rules.txt,
/// "Fast", "Jump"; tactics-battlefield-summary.md, "FAST", "JUMP", worded alike).
pub fn is_fast(card: &UnitCard) -> bool {
    card.has(Skill::Fast) || card.has(Skill::Agile) || (vehicle(card) && card.has(Skill::Jump))
}

/// Whether a unit jumps (moves over any terrain as if it were open): infantry with Jump, and
/// with a joined partner only when both have it ("If a hero has joined a unit, both must have
/// Jump for either to use it when they activate together"); a vehicle with Jump is Fast
/// instead ([`is_fast`]).
pub fn jumps(card: &UnitCard, partner: Option<&UnitCard>) -> bool {
    !vehicle(card) && card.has(Skill::Jump) && partner.is_none_or(|p| p.has(Skill::Jump))
}

fn vehicle(card: &UnitCard) -> bool {
    matches!(card.kind, UnitKind::Vehicle | UnitKind::Aircraft)
}

/// Whether a line may not be aimed because the other line of its weapon already is: "If a
/// weapon has 2 modes of shooting (2 weapon lines), you must announce which set of
/// characteristics are being used each time the weapon makes an attack"
/// (tactics-battlefield-summary.md, "4. Declare Targets"; tactics-battlefront-2013-rules.txt,
/// "Weapons with Two Lines"). `partner` is the line's other mode, `aimed` whether a line is
/// already aimed in this attack.
pub fn mode_taken(partner: Option<u8>, aimed: impl Fn(u8) -> bool) -> bool {
    partner.is_some_and(aimed)
}

/// Whether line `li` of `card` is a sniper's weapon: the card has the Sniper skill and the line
/// is a hero's (or a vehicle's), or one that only the squad's sniper miniatures carry
/// (battlefront "Sniper"; tactics-battlefield-summary.md, "SNIPER WEAPONS"). The grid engine and
/// the table both ask this.
pub fn sniper_line(card: &crate::unit::UnitCard, li: usize) -> bool {
    card.has(crate::unit::Skill::Sniper)
        && (card.kind != crate::unit::UnitKind::Squad || {
            let mut carriers = card.models.iter().filter(|m| m.weapons & (1 << li) != 0).peekable();
            carriers.peek().is_some() && carriers.all(|m| m.role == Some(crate::unit::Role::Sniper))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tactics-battlefield-summary.md, "6. Roll Saves", in the book's order.
    #[test]
    fn saves_as_the_book_lists_them() {
        assert_eq!(save(true, true, false, false), Some((Symbols::ARMY_OR_SHIELD, true)));
        assert_eq!(save(true, false, false, false), Some((Symbols::ARMY, false)));
        assert_eq!(save(false, true, false, false), Some((Symbols::ARMY, true)));
        assert_eq!(save(false, false, false, false), None);
        // Close combat and flame: nothing; grenades: the infantry save only.
        assert_eq!(save(true, true, true, false), None);
        assert_eq!(save(true, true, false, true), Some((Symbols::ARMY, false)));
        assert_eq!(save(false, true, false, true), None);
    }

    /// summary "7. Suffer Damage" and "☠".
    #[test]
    fn one_hit_marks_off() {
        assert_eq!(damage_per_hit(Struck::Soldier, None, 3), 1);
        assert_eq!(damage_per_hit(Struck::Soldier, None, 0), 0);
        assert_eq!(damage_per_hit(Struck::SupportWeapon { left: 3 }, None, 2), 1);
        assert_eq!(
            damage_per_hit(Struck::SupportWeapon { left: 3 }, Some(BattlefrontValue::Kill { dice: 1 }), 0),
            3
        );
        assert_eq!(damage_per_hit(Struck::Tracked { left: 5 }, None, 2), 2);
        assert_eq!(
            damage_per_hit(Struck::Tracked { left: 5 }, Some(BattlefrontValue::BlastKill { per_model: 1 }), 0),
            5
        );
        assert_eq!(
            damage_per_hit(
                Struck::Tracked { left: 5 },
                Some(BattlefrontValue::Blast { per_model: 1, damage: 2 }),
                0
            ),
            2
        );
    }

    #[test]
    fn reactive_outcomes_and_initiative() {
        assert_eq!(ReactiveOutcome::from_army_symbols(0), ReactiveOutcome::Nothing);
        assert_eq!(ReactiveOutcome::from_army_symbols(1), ReactiveOutcome::Attack);
        assert_eq!(ReactiveOutcome::from_army_symbols(2), ReactiveOutcome::SustainedOrTurnAndAttack);
        assert_eq!(initiative_winner((2, 1), (0, 2)), Some(Side::A));
        assert_eq!(initiative_winner((1, 1), (0, 2)), Some(Side::B));
        assert_eq!(initiative_winner((1, 1), (1, 1)), None);
        assert!(may_pass(2, 3) && !may_pass(3, 3));
    }

    /// "Continue scoring hits and rolling additional dice for each hit until it rolls a miss."
    #[test]
    fn a_chain_rolls_a_die_per_hit_until_a_miss() {
        let mut asked = Vec::new();
        let mut answers = [2u16, 1, 0].into_iter();
        let further = chain(3, |n| {
            asked.push(n);
            answers.next().unwrap_or(0)
        });
        assert_eq!((further, asked), (3, vec![3, 2, 1]));
        assert_eq!(chain(0, |_| panic!("no hit, no roll")), 0);
        let d = chain_distribution(1.0 / 3.0, 1.0 / 3.0, 40);
        let mean: f64 = d.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12 && (mean - 0.5).abs() < 1e-9);
        assert!(mode_taken(Some(1), |l| l == 1) && !mode_taken(Some(1), |l| l == 0) && !mode_taken(None, |_| true));
    }
}
