//! Small hand-made cards and set-ups for doctests and tests of the engine. These are not the
//! shipped unit cards (those are data files in `data/units/`); their numbers are illustrative.

use super::{GameSetup, UnitSetup};
use crate::board::{Board, BoardSetup};
use crate::dice::Face;
use crate::range::WeaponRange;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::Terrain;
use crate::unit::{Armor, ArmorType, Bloc, CombatTable, CombatValue, Keywords, Model, UnitCard, UnitKind, WeaponLine};
use std::sync::Arc;

/// A weapon line with the same "dice/damage" against every soldier and "-" elsewhere.
pub fn rifle(name: &str, range: WeaponRange, dice: u8) -> WeaponLine {
    let mut table = CombatTable::NONE;
    table.soldier = [CombatValue::Dice { dice, damage: 1 }; 4];
    table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
    WeaponLine {
        name: name.into(),
        range,
        table,
        keywords: Keywords::default(),
        ammo: None,
    }
}

/// A squad of `n` soldiers of armor class 2 who all carry `weapons`.
pub fn squad(name: &str, n: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let all = (1u32 << weapons.len()) - 1;
    UnitCard {
        name: name.into(),
        bloc: Bloc::Allies,
        kind: UnitKind::Squad,
        movement: 1,
        armor: Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        health: n,
        soft_cover: Some(Face::Hit),
        hard_cover: Some(Face::Miss),
        ap: 20,
        skills: Vec::new(),
        weapons,
        models: vec![Model { weapons: all, role: None }; usize::from(n)],
        source: "test card, not official".into(),
    }
}

/// An open board of the given size.
pub fn open_board(w: u8, h: u8) -> Board {
    Board::new(BoardSetup {
        width: w,
        height: h,
        terrain: vec![Terrain::Open; usize::from(w) * usize::from(h)],
        ..BoardSetup::default()
    })
    .expect("open board")
}

/// Two squads of three riflemen on a 6x6 board, entering from opposite edges, 4 rounds.
pub fn duel() -> GameSetup {
    let a = Arc::new(squad(
        "Rifles A",
        3,
        vec![
            rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1),
            rifle("Knife", WeaponRange::Close, 1),
        ],
    ));
    let b = Arc::new(squad(
        "Rifles B",
        3,
        vec![
            rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1),
            rifle("Knife", WeaponRange::Close, 1),
        ],
    ));
    GameSetup {
        board: open_board(6, 6),
        entry: BySide {
            a: (0..6).map(|c| Square::new(c, 0)).collect(),
            b: (0..6).map(|c| Square::new(c, 5)).collect(),
        },
        round_limit: 4,
        units: vec![
            UnitSetup {
                card: a,
                side: Side::A,
                joins: None,
                at: None,
            },
            UnitSetup {
                card: b,
                side: Side::B,
                joins: None,
                at: None,
            },
        ],
        objectives: Vec::new(),
    }
}
