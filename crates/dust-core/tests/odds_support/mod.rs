//! Hand-made cards for the odds tests (illustrative numbers, not the shipped cards), and the
//! comparison of the exact odds with the engine (`agree`).

#![allow(dead_code)]

pub mod agree;

use dust_core::odds::{HeroHits, JoinedHero};
use dust_core::unit::{Armor, ArmorType, Bloc, CombatValue, Keywords, Model, Role, Skill, UnitCard, UnitKind, WeaponLine};
use dust_core::{Face, WeaponRange};

pub const R4: WeaponRange = WeaponRange::Spaces { min: 1, max: 4 };
pub const R1: WeaponRange = WeaponRange::Spaces { min: 1, max: 1 };

pub fn dice(d: u8, dmg: u8) -> CombatValue {
    CombatValue::Dice { dice: d, damage: dmg }
}

/// A line with `soldier` against every soldier class and `vehicle` against every vehicle class.
pub use dust_core::game::tests_support::weapon_line as line;

pub fn with_kw(mut w: WeaponLine, f: impl FnOnce(&mut Keywords)) -> WeaponLine {
    f(&mut w.keywords);
    w
}

pub fn with_ammo(mut w: WeaponLine, ammo: u8) -> WeaponLine {
    w.ammo = Some(ammo);
    w
}

/// A squad: `carry[i]` is the bit set of lines miniature `i` carries.
pub fn squad(name: &str, weapons: Vec<WeaponLine>, carry: &[u32]) -> UnitCard {
    UnitCard {
        name: name.into(),
        bloc: Bloc::Allies,
        kind: UnitKind::Squad,
        movement: 1,
        armor: soldier_armor(2),
        health: carry.len() as u8,
        soft_cover: Some(Face::Hit),
        hard_cover: Some(Face::Miss),
        ap: 20,
        skills: Vec::new(),
        weapons,
        models: carry.iter().map(|&w| Model { weapons: w, role: None }).collect(),
        source: "test card".into(),
    }
}

pub fn with_role(mut c: UnitCard, i: usize, r: Role) -> UnitCard {
    c.models[i].role = Some(r);
    c
}

pub fn with_skill(mut c: UnitCard, s: Skill) -> UnitCard {
    c.skills.push(s);
    c
}

pub fn single(name: &str, kind: UnitKind, armor: Armor, health: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    UnitCard {
        name: name.into(),
        bloc: Bloc::Axis,
        kind,
        movement: 1,
        armor,
        health,
        soft_cover: None,
        hard_cover: None,
        ap: 20,
        skills: Vec::new(),
        weapons,
        models: Vec::new(),
        source: "test card".into(),
    }
}

/// Soldier armour of `class`.
pub fn soldier_armor(class: u8) -> Armor {
    Armor {
        kind: ArmorType::Soldier,
        class,
    }
}

/// Vehicle armour of `class`.
pub fn vehicle_armor(class: u8) -> Armor {
    Armor {
        kind: ArmorType::Vehicle,
        class,
    }
}

/// A hero of the test squads' armour (soldier 2), who may join them.
pub fn soldier_hero(name: &str, health: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    single(name, UnitKind::Hero, soldier_armor(2), health, weapons)
}

/// `card` joined to a squad at full health, its owner assigning the hits as `takes` says.
pub fn joined(card: &UnitCard, takes: HeroHits) -> JoinedHero<'_> {
    JoinedHero {
        takes,
        ..JoinedHero::new(card)
    }
}

/// A pseudo-random number below `n` for each call, from `seed` (xorshift64): the random specs of
/// the property tests.
pub fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}

pub fn knife() -> WeaponLine {
    line("Knife & Grenade", WeaponRange::Close, dice(1, 1), dice(1, 1))
}

/// A target squad of `n` soldier-2 miniatures with knives; soft cover saves on a hit, hard on
/// a miss.
pub fn targets(n: u8) -> UnitCard {
    squad("Targets", vec![knife()], &vec![1; usize::from(n)])
}

pub fn hero(health: u8) -> UnitCard {
    single(
        "Hero",
        UnitKind::Hero,
        soldier_armor(3),
        health,
        vec![line("Combat Knife", WeaponRange::Close, dice(2, 1), CombatValue::NoEffect)],
    )
}

pub fn walker(health: u8) -> UnitCard {
    single(
        "Walker",
        UnitKind::Vehicle,
        vehicle_armor(3),
        health,
        vec![line("MG", R4, dice(3, 1), dice(1, 1))],
    )
}

/// The card with its weapon lines rearranged: line `i` of the result is line `order[i]` of
/// `c`, and every miniature carries the same weapons as before.
pub fn permuted(c: &UnitCard, order: &[usize]) -> UnitCard {
    let mut out = c.clone();
    out.weapons = order.iter().map(|&i| c.weapons[i].clone()).collect();
    for (m, old) in out.models.iter_mut().zip(&c.models) {
        m.weapons = order
            .iter()
            .enumerate()
            .filter(|(_, &i)| old.weapons & (1 << i) != 0)
            .fold(0, |acc, (j, _)| acc | (1 << j));
    }
    out
}
