//! Unit cards: what a unit is and what its weapons do (tactics-revised-core-rules.md, "Unit Card
//! Breakdown", "Weapon Charts", "Special Combat Values", "Special Weapons", "Skills").
//!
//! A [`UnitCard`] is plain data, read from a TOML card file by `dust-data`; the engine never
//! changes it. The state of a unit in play (health, ammo, position) lives in [`crate::game`].

use crate::dice::Face;
use crate::range::WeaponRange;
use crate::terrain::PieceKind;
use core::fmt;

/// The faction a unit belongs to.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Bloc {
    /// The Allies.
    Allies,
    /// The Axis.
    Axis,
    /// The Sino-Soviet Union.
    Ssu,
}

impl Bloc {
    /// `allies`, `axis` or `ssu`.
    pub const fn name(self) -> &'static str {
        match self {
            Bloc::Allies => "allies",
            Bloc::Axis => "axis",
            Bloc::Ssu => "ssu",
        }
    }
}

/// The three armor types of the weapon charts.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum ArmorType {
    /// Soldiers, classes 1–4.
    Soldier,
    /// Vehicles, classes 1–7.
    Vehicle,
    /// Aircraft, classes 1–3.
    Aircraft,
}

/// Armor type and class, e.g. soldier 2 or vehicle 5.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Armor {
    /// Soldier, vehicle or aircraft.
    pub kind: ArmorType,
    /// 1-based class within the type.
    pub class: u8,
}

impl Armor {
    /// Highest class of each type.
    pub const fn max_class(kind: ArmorType) -> u8 {
        match kind {
            ArmorType::Soldier => 4,
            ArmorType::Vehicle => 7,
            ArmorType::Aircraft => 3,
        }
    }
}

impl fmt::Display for Armor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = match self.kind {
            ArmorType::Soldier => "soldier",
            ArmorType::Vehicle => "vehicle",
            ArmorType::Aircraft => "aircraft",
        };
        write!(f, "{k} {}", self.class)
    }
}

/// What kind of unit a card describes.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum UnitKind {
    /// A squad of soldiers: health counts miniatures.
    Squad,
    /// A hero: a single soldier with health points.
    Hero,
    /// A land vehicle with health points.
    Vehicle,
    /// An aircraft with health points.
    Aircraft,
}

impl UnitKind {
    /// The kind as far as board geometry cares (aircraft are treated as vehicles on the grid).
    pub const fn piece(self) -> PieceKind {
        match self {
            UnitKind::Squad => PieceKind::Squad,
            UnitKind::Hero => PieceKind::Hero,
            UnitKind::Vehicle | UnitKind::Aircraft => PieceKind::Vehicle,
        }
    }
}

/// One cell of a weapon line's combat table ("Combat Values", "Special Combat Values").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum CombatValue {
    /// "-": the weapon can never damage this armor class.
    NoEffect,
    /// "X/Y": roll X dice (per carrier for squads), Y damage per hit.
    Dice {
        /// Dice rolled.
        dice: u8,
        /// Damage per hit.
        damage: u8,
    },
    /// Phaser Blast "X/Y": roll X dice; each hit lets you roll Y damage dice; ignores cover.
    Phaser {
        /// Aim dice.
        aim: u8,
        /// Damage dice per aim hit.
        power: u8,
    },
    /// Volley Blast "A/X – B/X – …": dice by ammo spent (`dice[k-1]` for k ammo), X damage per hit.
    Volley {
        /// Dice for 1, 2, 3, 4 ammo spent (0 = not allowed).
        dice: [u8; 4],
        /// Damage per hit.
        damage: u8,
    },
    /// Incendiary Blast "X/⊕": X dice per targeted miniature, one damage per hit.
    Incendiary {
        /// Dice per targeted miniature.
        dice: u8,
    },
    /// AP Incendiary Blast "X/☠": X dice per targeted miniature; any hit eliminates the unit.
    ApIncendiary {
        /// Dice per targeted miniature.
        dice: u8,
    },
}

impl fmt::Display for CombatValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CombatValue::NoEffect => f.write_str("-"),
            CombatValue::Dice { dice, damage } => write!(f, "{dice}/{damage}"),
            CombatValue::Phaser { aim, power } => write!(f, "P{aim}/{power}"),
            CombatValue::Volley { dice, damage } => {
                let parts: Vec<String> = dice.iter().filter(|&&d| d > 0).map(|d| format!("{d}/{damage}")).collect();
                write!(f, "V{}", parts.join("-"))
            }
            CombatValue::Incendiary { dice } => write!(f, "{dice}/I"),
            CombatValue::ApIncendiary { dice } => write!(f, "{dice}/AP"),
        }
    }
}

/// A weapon line's combat values against every armor class.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub struct CombatTable {
    /// Against soldier classes 1–4.
    pub soldier: [CombatValue; 4],
    /// Against vehicle classes 1–7.
    pub vehicle: [CombatValue; 7],
    /// Against aircraft classes 1–3.
    pub aircraft: [CombatValue; 3],
}

impl CombatTable {
    /// A table where the weapon affects nothing.
    pub const NONE: CombatTable = CombatTable {
        soldier: [CombatValue::NoEffect; 4],
        vehicle: [CombatValue::NoEffect; 7],
        aircraft: [CombatValue::NoEffect; 3],
    };
    /// The value against an armor.
    pub fn against(&self, a: Armor) -> CombatValue {
        let i = usize::from(a.class.max(1) - 1);
        let v = match a.kind {
            ArmorType::Soldier => self.soldier.get(i),
            ArmorType::Vehicle => self.vehicle.get(i),
            ArmorType::Aircraft => self.aircraft.get(i),
        };
        v.copied().unwrap_or(CombatValue::NoEffect)
    }
}

/// Weapon keywords from the card ("Special Weapons").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct Keywords {
    /// Laser: reroll hits for more damage until all miss ("Laser").
    pub laser: bool,
    /// Flamethrower: ignores cover, cannot harm anti-tank traps, hits spaces along the line.
    pub flame: bool,
    /// UGL / grenade weapon: ignores cover.
    pub ugl: bool,
    /// Burst: doubled dice against a target that has not moved this round.
    pub burst: bool,
    /// Reloadable: one Loaded token; a SKILL action reloads ("Reloadable Weapons").
    pub reload: bool,
}

/// One weapon line of a card.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub struct WeaponLine {
    /// Name as printed.
    pub name: String,
    /// Range.
    pub range: WeaponRange,
    /// Combat values by armor class.
    pub table: CombatTable,
    /// Keywords.
    pub keywords: Keywords,
    /// Limited ammo boxes, if the weapon has limited ammo ("Limited-Ammo Weapons"): each box
    /// spent is one use (for Volley weapons, the number spent picks the dice).
    pub ammo: Option<u8>,
}

impl WeaponLine {
    /// Whether the line ignores the target's cover (close combat, artillery, flame, UGL, phaser).
    pub fn ignores_cover(&self, value: CombatValue) -> bool {
        matches!(self.range, WeaponRange::Close | WeaponRange::Artillery)
            || self.keywords.flame
            || self.keywords.ugl
            || matches!(value, CombatValue::Phaser { .. })
    }
}

/// Role of a Command Squad miniature ("Command Squad Abilities").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Role {
    /// Officer: "Get moving you bunch of monkeys!".
    Officer,
    /// Radioman: Relay, Artillery Strike.
    Radioman,
    /// Mechanic: Makeshift Repair, Field Repair.
    Mechanic,
    /// Medic: "Get up, it ain't that bad", "Come on guys".
    Medic,
    /// A sniper miniature (Sniper skill).
    Sniper,
    /// A spotter miniature (Spotter skill).
    Spotter,
}

/// One miniature of a squad: the weapon lines it carries (bit `i` = line `i`) and its role.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Model {
    /// Weapon lines this miniature carries, as bits.
    pub weapons: u32,
    /// A special role, if any.
    pub role: Option<Role>,
}

/// Skills of the revised edition ("Skills", "Command Squad Abilities").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Skill {
    /// Reactive fire with two dice.
    AdvancedReactiveFire,
    /// All diagonals cost 1.
    Agile,
    /// Double dice for all lines, once per game.
    AllInOne,
    /// Observer: a SKILL action to call an indirect shot.
    ArtilleryStrike,
    /// Movement doubled, once per game.
    Assault,
    /// Limited ammo weapons are unlimited (up to the limit per activation).
    Badass,
    /// Reroll misses once per line, once per game.
    Berserk,
    /// One more initiative die (does not stack).
    BlackOps,
    /// Joins only Blutkreuz Ape units.
    BlutkreuzApe,
    /// Joins only Blutkreuz Zombie units.
    BlutkreuzZombie,
    /// Move, move, then fight with range 1 and C weapons.
    Charge,
    /// Command Squad abilities.
    CommandSquad,
    /// A hero that may join a Command Squad.
    Commander,
    /// Roll a die per damage point; each hit ignores one.
    DamageResilient,
    /// One more space on one move action.
    Fast,
    /// Attacks against the hero this round cause no damage, once per game.
    HeroicAttack,
    /// Jump over obstacles.
    Jump,
    /// Reroll one combat die, once per round (not shared).
    MedalOfHonor,
    /// First round only: two extra spaces.
    ScoutVehicle,
    /// End of round: a die per lost health point, each hit repairs one.
    SelfRepair,
    /// Targets a single miniature.
    Sniper,
    /// Reverses the dice of its squad's attacks.
    Spotter,
    /// Reactive fire with three dice.
    SuperiorReactiveFire,
    /// A SKILL action to heal an adjacent vehicle fully, once per game.
    TankHead,
    /// TotenMeister's serum: regenerates.
    Wiederbelebungsserum,
}

impl Skill {
    /// Every skill, for listings and parsing.
    pub const ALL: [Skill; 25] = [
        Skill::AdvancedReactiveFire,
        Skill::Agile,
        Skill::AllInOne,
        Skill::ArtilleryStrike,
        Skill::Assault,
        Skill::Badass,
        Skill::Berserk,
        Skill::BlackOps,
        Skill::BlutkreuzApe,
        Skill::BlutkreuzZombie,
        Skill::Charge,
        Skill::CommandSquad,
        Skill::Commander,
        Skill::DamageResilient,
        Skill::Fast,
        Skill::HeroicAttack,
        Skill::Jump,
        Skill::MedalOfHonor,
        Skill::ScoutVehicle,
        Skill::SelfRepair,
        Skill::Sniper,
        Skill::Spotter,
        Skill::SuperiorReactiveFire,
        Skill::TankHead,
        Skill::Wiederbelebungsserum,
    ];
    /// The name used in card files (kebab-case).
    pub const fn name(self) -> &'static str {
        match self {
            Skill::AdvancedReactiveFire => "advanced-reactive-fire",
            Skill::Agile => "agile",
            Skill::AllInOne => "all-in-one",
            Skill::ArtilleryStrike => "artillery-strike",
            Skill::Assault => "assault",
            Skill::Badass => "badass",
            Skill::Berserk => "berserk",
            Skill::BlackOps => "black-ops",
            Skill::BlutkreuzApe => "blutkreuz-ape",
            Skill::BlutkreuzZombie => "blutkreuz-zombie",
            Skill::Charge => "charge",
            Skill::CommandSquad => "command-squad",
            Skill::Commander => "commander",
            Skill::DamageResilient => "damage-resilient",
            Skill::Fast => "fast",
            Skill::HeroicAttack => "heroic-attack",
            Skill::Jump => "jump",
            Skill::MedalOfHonor => "medal-of-honor",
            Skill::ScoutVehicle => "scout-vehicle",
            Skill::SelfRepair => "self-repair",
            Skill::Sniper => "sniper",
            Skill::Spotter => "spotter",
            Skill::SuperiorReactiveFire => "superior-reactive-fire",
            Skill::TankHead => "tank-head",
            Skill::Wiederbelebungsserum => "wiederbelebungsserum",
        }
    }
    /// Reads a kebab-case skill name.
    pub fn from_name(s: &str) -> Option<Skill> {
        Skill::ALL.iter().copied().find(|k| k.name() == s)
    }
    /// Whether a hero with this skill shares it with the squad he joins ("Skills": each skill
    /// says; "All squad skills are shared with the hero").
    pub const fn hero_shares(self) -> bool {
        matches!(
            self,
            Skill::AdvancedReactiveFire
                | Skill::Agile
                | Skill::Assault
                | Skill::Badass
                | Skill::Berserk
                | Skill::Charge
                | Skill::HeroicAttack
                | Skill::SuperiorReactiveFire
        )
    }
}

/// A unit card.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub struct UnitCard {
    /// Name, e.g. "Hell Boys".
    pub name: String,
    /// Faction.
    pub bloc: Bloc,
    /// Squad, hero, vehicle or aircraft.
    pub kind: UnitKind,
    /// Spaces per move action.
    pub movement: u8,
    /// Armor type and class.
    pub armor: Armor,
    /// Miniatures (squads) or health points (heroes, vehicles).
    pub health: u8,
    /// The face that saves in soft cover, if any (squads only).
    pub soft_cover: Option<Face>,
    /// The face that saves in hard cover, if any (squads only).
    pub hard_cover: Option<Face>,
    /// Army points.
    pub ap: u16,
    /// Skills.
    pub skills: Vec<Skill>,
    /// Weapon lines.
    pub weapons: Vec<WeaponLine>,
    /// For squads: each miniature and what it carries (`health` entries).
    pub models: Vec<Model>,
    /// Where the numbers come from: a seed section, a public reference, or "provisional".
    pub source: String,
}

impl UnitCard {
    /// Whether the card lists a skill.
    pub fn has(&self, s: Skill) -> bool {
        self.skills.contains(&s)
    }
    /// Whether any number on the card is the project's estimate rather than official.
    pub fn is_provisional(&self) -> bool {
        self.source.contains("provisional")
    }
}
