//! The benchmark's full activation (issue 5, "Measures"): three weapon lines — a laser rifle
//! carried by three miniatures, an MG (3/1) carried by two, a Panzerfaust (limited ammo, one
//! spent) — with a SUSTAINED ATTACK against a squad of five soldiers in hard cover (a miss
//! saves). Shared by `benches/odds.rs`, `examples/odds_reference.rs` and
//! `tests/odds_icepool.rs`; `benches/icepool_reference.py` builds the same attack with icepool.

#![allow(dead_code)]

use dust_core::odds::AttackSpec;
use dust_core::unit::{Armor, ArmorType, Bloc, CombatTable, CombatValue, Keywords, Model, UnitCard, UnitKind, WeaponLine};
use dust_core::{CoverLevel, Face, WeaponRange};

fn line(name: &str, range: WeaponRange, dice: u8, damage: u8, laser: bool, ammo: Option<u8>) -> WeaponLine {
    let mut table = CombatTable::NONE;
    table.soldier = [CombatValue::Dice { dice, damage }; 4];
    WeaponLine {
        name: name.into(),
        range,
        table,
        keywords: Keywords {
            laser,
            ..Keywords::default()
        },
        ammo,
    }
}

fn squad(name: &str, weapons: Vec<WeaponLine>, carry: &[u32]) -> UnitCard {
    UnitCard {
        name: name.into(),
        bloc: Bloc::Axis,
        kind: UnitKind::Squad,
        movement: 1,
        armor: Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        health: carry.len() as u8,
        soft_cover: Some(Face::Hit),
        hard_cover: Some(Face::Miss),
        ap: 30,
        skills: Vec::new(),
        weapons,
        models: carry.iter().map(|&w| Model { weapons: w, role: None }).collect(),
        source: "benchmark card".into(),
    }
}

/// The attacker and the target (the same cards as `a_full_activation` in
/// tests/odds_engine.rs, checked there against the engine).
pub fn cards() -> (UnitCard, UnitCard) {
    let r4 = WeaponRange::Spaces { min: 1, max: 4 };
    let attacker = squad(
        "Laser Squad",
        vec![
            line("Laser Rifle", r4, 1, 1, true, None),
            line("MG", r4, 3, 1, false, None),
            line("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1, 1, false, Some(3)),
        ],
        &[1, 1, 1, 2, 2],
    );
    let knife = line("Knife & Grenade", WeaponRange::Close, 1, 1, false, None);
    let target = squad("Targets", vec![knife], &[1; 5]);
    (attacker, target)
}

/// Every line, sustained attack, hard cover.
pub fn spec<'a>(attacker: &'a UnitCard, target: &'a UnitCard) -> AttackSpec<'a> {
    let mut spec = AttackSpec::new(attacker, target);
    spec.sustained = true;
    spec.cover = CoverLevel::Hard;
    spec
}

/// Pinned mean health lost (the tests check the distribution against the engine and icepool).
pub const MEAN: f64 = 2.107_414_149_448_734;
