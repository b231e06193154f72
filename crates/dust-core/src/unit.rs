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
    #[inline]
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
    /// Whether, in the battlefront edition, a hero and the unit he joined (or the vehicle he
    /// pilots) share this skill both ways (tactics-battlefront-2013-rules.txt, "Skills and
    /// Equipment": "Unless otherwise stated, skills used by a Hero apply to a unit they have
    /// joined, and skills used by a unit apply to a Hero that has joined their unit";
    /// docs/rulings.md, "Battlefront skills of a hero and the unit he joined"). Every skill is
    /// shared but those stated otherwise:
    /// - Damage Resilient: "This skill does not apply to other units that join this unit or
    ///   that this unit joins";
    /// - Jump: "both must have the Jump skill for either to use it" (the engine's reading of
    ///   Jump asks both cards, not this list);
    /// - Medal of Honor and Sniper: the classic card says so ("does not share it with any squad
    ///   he joins", "does not share this skill with the rest of his squad");
    /// - Wiederbelebungsserum: the hero's own health, healed by his own hits;
    /// - Scout Vehicle and Self-Repair: "A vehicle with this skill", its own movement and
    ///   health;
    /// - Black Ops: the force's ("If your force has a Hero with the Black Ops skill"), not a
    ///   unit's;
    /// - Blutkreuz Ape, Blutkreuz Zombie, Commander: who may join whom, not what the pair does;
    ///   Command Squad: the squad's specialists' own abilities.
    pub const fn battlefront_shares(self) -> bool {
        !matches!(
            self,
            Skill::DamageResilient
                | Skill::Jump
                | Skill::MedalOfHonor
                | Skill::Sniper
                | Skill::Wiederbelebungsserum
                | Skill::ScoutVehicle
                | Skill::SelfRepair
                | Skill::BlackOps
                | Skill::BlutkreuzApe
                | Skill::BlutkreuzZombie
                | Skill::Commander
                | Skill::CommandSquad
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

// ---------------------------------------------------------------- battlefront edition
//
// The battlefront edition's cards (tactics-battlefront-2013-rules.txt) have unit types, combat
// values, weapon mounts and special rules the revised edition does not know. They are kept in
// the types below, beside the [`UnitCard`] (which stays as the revised engine reads it): a
// battlefront card's `UnitCard` carries the nearest revised kind and values
// ([`BattlefrontKind::nearest`], [`BattlefrontValue::nearest`]), and its exact figures are in a
// [`BattlefrontCard`]. Adding fields to `UnitCard` or variants to `UnitKind`/`CombatValue` would
// break every exhaustive `match` and struct literal of the other crates.

/// A battlefront unit type beyond the revised kinds ("Unit Cards", "Vehicle and Aircraft Size",
/// "Damage Capacity").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum BattlefrontKind {
    /// An infantry support weapon: several miniatures on one base with a damage track; fires
    /// only within 45° of its facing ("1) Check Field of Fire").
    SupportWeapon,
    /// A large vehicle: occupies two squares ("Moving Large Vehicles and Aircraft").
    LargeVehicle,
    /// A large aircraft: occupies two squares.
    LargeAircraft,
    /// A huge vehicle: occupies four squares ("Moving Huge Vehicles").
    HugeVehicle,
}

impl BattlefrontKind {
    /// Every battlefront kind.
    pub const ALL: [BattlefrontKind; 4] = [
        BattlefrontKind::SupportWeapon,
        BattlefrontKind::LargeVehicle,
        BattlefrontKind::LargeAircraft,
        BattlefrontKind::HugeVehicle,
    ];
    /// The name used in card files.
    pub const fn name(self) -> &'static str {
        match self {
            BattlefrontKind::SupportWeapon => "support-weapon",
            BattlefrontKind::LargeVehicle => "large-vehicle",
            BattlefrontKind::LargeAircraft => "large-aircraft",
            BattlefrontKind::HugeVehicle => "huge-vehicle",
        }
    }
    /// The nearest revised kind, which the engine's [`UnitCard::kind`] holds: a support weapon
    /// is a squad of miniatures, large and huge vehicles are vehicles, a large aircraft an
    /// aircraft.
    pub const fn nearest(self) -> UnitKind {
        match self {
            BattlefrontKind::SupportWeapon => UnitKind::Squad,
            BattlefrontKind::LargeVehicle | BattlefrontKind::HugeVehicle => UnitKind::Vehicle,
            BattlefrontKind::LargeAircraft => UnitKind::Aircraft,
        }
    }
    /// The armor type of the kind.
    pub const fn armor_type(self) -> ArmorType {
        match self {
            BattlefrontKind::SupportWeapon => ArmorType::Soldier,
            BattlefrontKind::LargeVehicle | BattlefrontKind::HugeVehicle => ArmorType::Vehicle,
            BattlefrontKind::LargeAircraft => ArmorType::Aircraft,
        }
    }
    /// Squares the unit occupies (1 for a support weapon, 2 large, 4 huge).
    pub const fn squares(self) -> u8 {
        match self {
            BattlefrontKind::SupportWeapon => 1,
            BattlefrontKind::LargeVehicle | BattlefrontKind::LargeAircraft => 2,
            BattlefrontKind::HugeVehicle => 4,
        }
    }
}

/// Where a vehicle or support weapon's weapon is mounted: its field of fire ("1) Check Field of
/// Fire": most vehicle weapons fire 45° either side of the facing; turret-, hatch- and
/// pedestal-mounted weapons fire in any direction).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Mount {
    /// Fixed, firing forward: 45° either side of the facing.
    Front,
    /// A turret: any direction.
    Turret,
    /// A hatch mount: any direction.
    Hatch,
    /// A pedestal mount: any direction.
    Pedestal,
    /// Rear-mounted: "up to 45° on either side of the rear of the vehicle or aircraft's facing"
    /// (tactics-battlefield-summary.md, "1. Check Field of Fire").
    Rear,
    /// Side-mounted on the left: "in the 180° to the side of the vehicle (excluding the area
    /// directly ahead of or behind it)" (tactics-battlefield-summary.md, "1. Check Field of
    /// Fire"), the side the weapon is on.
    Left,
    /// Side-mounted on the right (see [`Mount::Left`]).
    Right,
}

impl Mount {
    /// Every mount.
    pub const ALL: [Mount; 7] = [
        Mount::Front,
        Mount::Turret,
        Mount::Hatch,
        Mount::Pedestal,
        Mount::Rear,
        Mount::Left,
        Mount::Right,
    ];
    /// The name used in card files.
    pub const fn name(self) -> &'static str {
        match self {
            Mount::Front => "front",
            Mount::Turret => "turret",
            Mount::Hatch => "hatch",
            Mount::Pedestal => "pedestal",
            Mount::Rear => "rear",
            Mount::Left => "left",
            Mount::Right => "right",
        }
    }
    /// Whether the weapon fires in any direction.
    pub const fn all_round(self) -> bool {
        matches!(self, Mount::Turret | Mount::Hatch | Mount::Pedestal)
    }
}

/// A battlefront combat value the revised charts do not have ("Blast Weapons", "Automatic Kill
/// Weapons").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum BattlefrontValue {
    /// Blast "⊕/Y": `per_model` dice for each model in the target unit, Y damage per hit.
    Blast {
        /// Dice per model of the target unit (one per ⊕ printed).
        per_model: u8,
        /// Damage per hit.
        damage: u8,
    },
    /// Blast with automatic kill "⊕/☠": dice per model; a hit marks off every cross of the
    /// miniature hit.
    BlastKill {
        /// Dice per model of the target unit.
        per_model: u8,
    },
    /// Automatic kill "X/☠": X dice; a hit marks off every cross of the miniature hit.
    Kill {
        /// Dice rolled.
        dice: u8,
    },
}

impl BattlefrontValue {
    /// The nearest revised value, which the engine's [`CombatTable`] holds until the engine plays
    /// these rules: a blast is an Incendiary Blast (dice per targeted miniature, one damage per
    /// hit: a blast's damage above one and its automatic kill are lost), an automatic kill is
    /// `X/20` dice (every cross of a hero or vehicle marked off).
    pub const fn nearest(self) -> CombatValue {
        match self {
            BattlefrontValue::Blast { per_model, .. } | BattlefrontValue::BlastKill { per_model } => {
                CombatValue::Incendiary { dice: per_model }
            }
            BattlefrontValue::Kill { dice } => CombatValue::Dice { dice, damage: 20 },
        }
    }
}

impl fmt::Display for BattlefrontValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BattlefrontValue::Blast { per_model, damage } => write!(f, "B{per_model}/{damage}"),
            BattlefrontValue::BlastKill { per_model } => write!(f, "B{per_model}/K"),
            BattlefrontValue::Kill { dice } => write!(f, "{dice}/K"),
        }
    }
}

/// A battlefront special rule that the revised [`Skill`] list does not have ("Skills and
/// Equipment", "Heroes", "Aircraft Must Move").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum BattlefrontSkill {
    /// Ace Pilot: a piloted vehicle or aircraft may get three actions.
    AcePilot,
    /// Fighting Spirit: once per game, hits on targets as well after a Move.
    FightingSpirit,
    /// Hover: an aircraft that need not move first.
    Hover,
    /// Pilot: the hero can pilot a vehicle.
    Pilot,
    /// Vehicle Pilot: as Pilot, not shared with a joined unit.
    VehiclePilot,
    /// Pilot: Hero: only the named hero pilots this vehicle; the vehicle is unique.
    PilotHero,
    /// Unique (Rare Unit): only one in an army.
    Unique,
    /// Brave (tactics-battlefield-summary.md, "BRAVE"): the unit rolls 3 dice instead of 2 to
    /// remove Under Fire or Suppression tokens.
    Brave,
    /// Commissar (tactics-battlefield-summary.md, "COMMISSAR"): a commissar is attached to this
    /// infantry unit for the whole game; it rolls 3 dice instead of 2 to remove tokens.
    Commissar,
    /// Superhuman (tactics-battlefield-summary.md, "HEROES"): a hero that can never join a unit.
    Superhuman,
    /// Air Pilot (tactics-battlefield-summary.md, "AIR PILOT"): "This hero can pilot an
    /// aircraft."
    AirPilot,
    /// Ace Air Pilot (tactics-battlefield-summary.md, "ACE AIR PILOT"): pilots an aircraft,
    /// which may gain a third action.
    AceAirPilot,
    /// Infantry Ace (tactics-battlefield-summary.md, "INFANTRY ACE"): a die when the hero
    /// activates; on the army symbol or the shield, a third action for the activation.
    InfantryAce,
    /// At the Double (tactics-battlefield-summary.md, "AT THE DOUBLE"): a free MOVE action
    /// immediately after a MARCH MOVE action.
    AtTheDouble,
    /// Move and Fire (tactics-battlefield-summary.md, "MOVE AND FIRE"): a free MOVE action
    /// immediately after an ATTACK or SUSTAINED ATTACK action using ranged weapons.
    MoveAndFire,
    /// Cheat Death (tactics-battlefield-summary.md, "CHEAT DEATH"): an eliminated hero rolls a
    /// die and may survive with 1 damage point and a Stunned token.
    CheatDeath,
    /// Killing Spree ("KILLING SPREE"): the hero's ranged hits roll on in a chain. (tactics-battlefield-summary.md)
    KillingSpree,
    /// Flying ("FLYING"): moves over any terrain as if it were open. (tactics-battlefield-summary.md)
    Flying,
    /// Loner ("LONER"): the hero may not join a unit. (tactics-battlefield-summary.md)
    Loner,
    /// Gorilla ("GORILLA"): only Gorilla heroes and units join each other. (tactics-battlefield-summary.md)
    Gorilla,
    /// Steel Guard ("STEEL GUARD"): no cover save, the infantry save on the shield as well; only Steel Guard heroes and units join each other. (tactics-battlefield-summary.md)
    SteelGuard,
    /// Zombie ("ZOMBIE"): as Steel Guard's saves and joining, and never suppressed. (tactics-battlefield-summary.md)
    Zombie,
    /// Defensive Tactics ("DEFENSIVE TACTICS"): Damage Resilient when in cover. (tactics-battlefield-summary.md)
    DefensiveTactics,
    /// Take Aim ("TAKE AIM"): the hero hits on the target as well when making a SUSTAINED ATTACK with ranged weapons. (tactics-battlefield-summary.md)
    TakeAim,
    /// Scout (tactics-battlefield-summary.md, "SCOUT"): a MARCH MOVE as the first action of the
    /// game counts as one action.
    Scout,
    /// Camouflage (tactics-battlefield-summary.md, "CAMOUFLAGE"): starts the game camouflaged.
    Camouflage,
    /// Strongpoint (tactics-battlefield-summary.md, "STRONGPOINT"): deployed in a strongpoint or
    /// bunker.
    Strongpoint,
    /// Blutkreuz (tactics-battlefield-summary.md, "BLUTKREUZ"): Mindless Zombie units within
    /// 10 cm at the start of their activation move 3, march 4 and gain Charge.
    Blutkreuz,
    /// Mindless Zombie (tactics-battlefield-summary.md, "MINDLESS ZOMBIE"): led by Blutkreuz;
    /// cannot take objectives.
    MindlessZombie,
    /// Dozer blade (tactics-battlefield-summary.md, "DOZER BLADE", "ENGINEERING VEHICLES"): the
    /// vehicle fills trenches, clears minefields and buries bunkers with ENGINEERING actions.
    DozerBlade,
    /// Smoke launchers ("SMOKE LAUNCHERS"): once per game, a LAUNCH SMOKE special action places
    /// a smoke screen on the vehicle.
    SmokeLaunchers,
    /// Mechanic ("MECHANIC"): "A vehicle equipped as a mechanic can use the MAKESHIFT REPAIR
    /// special action."
    Mechanic,
    /// Medevac ("MEDEVAC"): the MEDEVAC special action returns soldiers to an infantry unit.
    Medevac,
    /// Engineer vehicle ("ENGINEER VEHICLE", "ENGINEERING VEHICLES"): "An engineer vehicle can
    /// perform engineering tasks"; with cutting or grappling weapons it cuts barbed wire.
    Engineer,
    /// Artillery Observer ("ARTILLERY OBSERVER"): its ATTACK may be a friendly artillery unit's,
    /// which fires on what the observer sees.
    ArtilleryObserver,
    /// Command vehicle ("COMMAND VEHICLE"): "provides any command squad mounted in it with an
    /// additional Radio Operator"; the Officers, Mechanics and Medics mounted in it re-roll failed
    /// command squad special actions.
    CommandVehicle,
    /// Airlifter ("AIRLIFTER"): an aircraft that carries an airmobile or air assault vehicle.
    Airlifter,
    /// Airmobile ("AIRMOBILE"): the vehicle can be carried by an airlifter.
    Airmobile,
    /// Air assault ("AIR ASSAULT"): carried by an airlifter, the vehicle may dismount after it
    /// activated, and takes less damage when the airlifter is lost.
    AirAssault,
    /// Sealifter ("SEALIFTER"): a naval unit with 12 spaces for soldiers and vehicles.
    Sealifter,
    /// Lucky (tactics-battlefield-summary.md, "LUCKY"): once per game, the hero re-rolls the
    /// dice of his weapons that failed to hit.
    Lucky,
    /// Officer (tactics-battlefield-summary.md, "OFFICER"): "An Officer hero may perform Officer
    /// special actions."
    Officer,
    /// First Strike (tactics-battlefield-summary.md, "FIRST STRIKE"): the unit's C attacks are
    /// resolved, casualties removed, before the enemy's.
    FirstStrike,
    /// Assassin (tactics-battlefield-summary.md, "ASSASSIN"): the hero chooses which enemy
    /// soldiers take the hits of his C weapons.
    Assassin,
    /// Spy (tactics-battlefield-summary.md, "SPY"): the hero is not placed at the start of the
    /// game; activated, he may roll 2 dice to be placed within range 1 of an enemy unit.
    Spy,
    /// Naval unit ("NAVAL UNIT"): "treats deep water as open space, but cannot enter any other
    /// type of terrain", attacks free after a MARCH MOVE, and its wreck is deep water. A
    /// sealifter is one too ("Sealifters are naval units").
    Naval,
    /// Amphibious ("AMPHIBIOUS"): "can move through deep water as if it were open space".
    Amphibious,
}

impl BattlefrontSkill {
    /// Every battlefront skill.
    pub const ALL: [BattlefrontSkill; 47] = [
        BattlefrontSkill::AcePilot,
        BattlefrontSkill::FightingSpirit,
        BattlefrontSkill::Hover,
        BattlefrontSkill::Pilot,
        BattlefrontSkill::VehiclePilot,
        BattlefrontSkill::PilotHero,
        BattlefrontSkill::Unique,
        BattlefrontSkill::Brave,
        BattlefrontSkill::Commissar,
        BattlefrontSkill::Superhuman,
        BattlefrontSkill::AirPilot,
        BattlefrontSkill::AceAirPilot,
        BattlefrontSkill::InfantryAce,
        BattlefrontSkill::AtTheDouble,
        BattlefrontSkill::MoveAndFire,
        BattlefrontSkill::CheatDeath,
        BattlefrontSkill::KillingSpree,
        BattlefrontSkill::Flying,
        BattlefrontSkill::Loner,
        BattlefrontSkill::Gorilla,
        BattlefrontSkill::SteelGuard,
        BattlefrontSkill::Zombie,
        BattlefrontSkill::DefensiveTactics,
        BattlefrontSkill::TakeAim,
        BattlefrontSkill::Scout,
        BattlefrontSkill::Camouflage,
        BattlefrontSkill::Strongpoint,
        BattlefrontSkill::Blutkreuz,
        BattlefrontSkill::MindlessZombie,
        BattlefrontSkill::DozerBlade,
        BattlefrontSkill::SmokeLaunchers,
        BattlefrontSkill::Mechanic,
        BattlefrontSkill::Medevac,
        BattlefrontSkill::Engineer,
        BattlefrontSkill::ArtilleryObserver,
        BattlefrontSkill::CommandVehicle,
        BattlefrontSkill::Airlifter,
        BattlefrontSkill::Airmobile,
        BattlefrontSkill::AirAssault,
        BattlefrontSkill::Sealifter,
        BattlefrontSkill::Lucky,
        BattlefrontSkill::Officer,
        BattlefrontSkill::FirstStrike,
        BattlefrontSkill::Assassin,
        BattlefrontSkill::Spy,
        BattlefrontSkill::Naval,
        BattlefrontSkill::Amphibious,
    ];
    /// The name used in card files.
    pub const fn name(self) -> &'static str {
        match self {
            BattlefrontSkill::AcePilot => "ace-pilot",
            BattlefrontSkill::FightingSpirit => "fighting-spirit",
            BattlefrontSkill::Hover => "hover",
            BattlefrontSkill::Pilot => "pilot",
            BattlefrontSkill::VehiclePilot => "vehicle-pilot",
            BattlefrontSkill::PilotHero => "pilot-hero",
            BattlefrontSkill::Unique => "unique",
            BattlefrontSkill::Brave => "brave",
            BattlefrontSkill::Commissar => "commissar",
            BattlefrontSkill::Superhuman => "superhuman",
            BattlefrontSkill::AirPilot => "air-pilot",
            BattlefrontSkill::AceAirPilot => "ace-air-pilot",
            BattlefrontSkill::InfantryAce => "infantry-ace",
            BattlefrontSkill::AtTheDouble => "at-the-double",
            BattlefrontSkill::MoveAndFire => "move-and-fire",
            BattlefrontSkill::CheatDeath => "cheat-death",
            BattlefrontSkill::KillingSpree => "killing-spree",
            BattlefrontSkill::Flying => "flying",
            BattlefrontSkill::Loner => "loner",
            BattlefrontSkill::Gorilla => "gorilla",
            BattlefrontSkill::SteelGuard => "steel-guard",
            BattlefrontSkill::Zombie => "zombie",
            BattlefrontSkill::DefensiveTactics => "defensive-tactics",
            BattlefrontSkill::TakeAim => "take-aim",
            BattlefrontSkill::Scout => "scout",
            BattlefrontSkill::Camouflage => "camouflage",
            BattlefrontSkill::Strongpoint => "strongpoint",
            BattlefrontSkill::Blutkreuz => "blutkreuz",
            BattlefrontSkill::MindlessZombie => "mindless-zombie",
            BattlefrontSkill::DozerBlade => "dozer-blade",
            BattlefrontSkill::SmokeLaunchers => "smoke-launchers",
            BattlefrontSkill::Mechanic => "mechanic",
            BattlefrontSkill::Medevac => "medevac",
            BattlefrontSkill::Engineer => "engineer",
            BattlefrontSkill::ArtilleryObserver => "artillery-observer",
            BattlefrontSkill::CommandVehicle => "command-vehicle",
            BattlefrontSkill::Airlifter => "airlifter",
            BattlefrontSkill::Airmobile => "airmobile",
            BattlefrontSkill::AirAssault => "air-assault",
            BattlefrontSkill::Sealifter => "sealifter",
            BattlefrontSkill::Lucky => "lucky",
            BattlefrontSkill::Officer => "officer",
            BattlefrontSkill::FirstStrike => "first-strike",
            BattlefrontSkill::Assassin => "assassin",
            BattlefrontSkill::Spy => "spy",
            BattlefrontSkill::Naval => "naval",
            BattlefrontSkill::Amphibious => "amphibious",
        }
    }
    /// Reads a name.
    pub fn from_name(s: &str) -> Option<BattlefrontSkill> {
        BattlefrontSkill::ALL.iter().copied().find(|k| k.name() == s)
    }
    /// Whether a hero and the unit he joined (or the vehicle he pilots) share this skill
    /// ("Skills and Equipment": "Unless otherwise stated, skills used by a Hero apply to a unit
    /// they have joined"; docs/rulings.md, "Battlefront skills of a hero and the unit he
    /// joined"): Fighting Spirit. Not Vehicle Pilot ("A Hero with the Vehicle Pilot skill does
    /// not share it with any unit they join"), nor what only a hero piloting a vehicle or the
    /// card itself can use: Pilot and Ace Pilot ("A Hero with the … skill"), Hover (an
    /// aircraft's), Pilot: Hero and Unique (what the card may field).
    pub const fn shared(self) -> bool {
        matches!(self, BattlefrontSkill::FightingSpirit)
    }
}

/// What a battlefront weapon line says beyond the revised [`WeaponLine`] ("Special Weapons",
/// "Vehicle Crews", "Set-Up Weapons", "Minimum Range").
#[derive(Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct BattlefrontWeapon {
    /// The mount (field of fire); `None` for infantry weapons, which fire in any direction.
    pub mount: Option<Mount>,
    /// Spray weapon: a blast along the shortest path, no saves.
    pub spray: bool,
    /// Grenade weapon: no cover save, the infantry save stays.
    pub grenade: bool,
    /// Set-up weapon: half dice (rounded up) when moving and attacking.
    pub set_up: bool,
    /// Under-barrel weapon: fires with the main weapon at the same target.
    pub under_barrel: bool,
    /// A crew weapon of an open-topped vehicle: one per damage point left.
    pub crew: bool,
    /// Range "N-U": from N squares to anywhere (the line's [`WeaponRange`] holds N to 255).
    pub min_to_unlimited: bool,
    /// The other line of the same weapon, for a weapon with two modes of shooting: the index of
    /// that line on the card (tactics-battlefront-2013-rules.txt, "Weapons with Two Lines":
    /// "Each time such a weapon makes an attack, the player must announce which set of
    /// characteristics they will use"). Both lines of the weapon name each other; an attack
    /// aims one of them at most.
    pub mode_of: Option<u8>,
    /// Tesla weapon (tactics-battlefield-summary.md, "TESLA WEAPONS"): a unit it hits takes a
    /// Stunned token.
    pub tesla: bool,
    /// Grapple weapon (tactics-battlefield-summary.md, "GRAPPLE WEAPONS"): a hit stuns the
    /// target until the grappler takes an action other than NOTHING.
    pub grapple: bool,
    /// Cutting weapon (tactics-battlefield-summary.md, "CUTTING WEAPONS"): hits roll on in a
    /// chain, as a laser's.
    pub cutting: bool,
    /// Power scopes (tactics-battlefield-summary.md, "POWER SCOPES"): hits on the target as
    /// well when making a SUSTAINED ATTACK.
    pub power_scopes: bool,
    /// Wire-guided weapon (tactics-battlefield-summary.md, "WIRE-GUIDED WEAPONS"): fired alone
    /// in an ATTACK, its misses are re-rolled.
    pub wire_guided: bool,
    /// The weapon a hero's Expert skill names (tactics-battlefield-summary.md, "EXPERT –
    /// WEAPON"): the hero hits on the target as well with it.
    pub expert: bool,
    /// The Improvised Weapons line the engine gives every battlefront infantry and vehicle unit
    /// ([`improvised_weapon`]); no card file has it.
    pub improvised: bool,
    /// The exact values of the cells whose revised value is only the nearest:
    /// (armor type, class, value).
    pub values: Vec<(ArmorType, u8, BattlefrontValue)>,
    /// Salvo weapon (tactics-battlefield-summary.md, "SALVO WEAPONS"): may roll twice its dice
    /// in an attack, spending the unit's Loaded token.
    pub salvo: bool,
}

/// The name of the Improvised Weapons line ([`improvised_weapon`]).
pub const IMPROVISED_NAME: &str = "Improvised Weapons";

/// Where the Improvised Weapons chart comes from.
pub const IMPROVISED_SOURCE: &str = "provisional: the seed's chart is lost in the extracted text";

/// The Improvised Weapons close-combat line (tactics-battlefront-2013-rules.txt, "Improvised
/// Close-Combat Weapons": "An Infantry or Vehicle unit (but not Aircraft) can always make a
/// close-combat attack using Improvised Weapons with the following weapons chart"). The chart
/// is [`IMPROVISED_SOURCE`]: one die per soldier (one per vehicle), one damage per hit, against
/// every infantry and vehicle armour class, nothing against aircraft (docs/rulings.md,
/// "Battlefront improvised close-combat weapons").
pub fn improvised_weapon() -> (WeaponLine, BattlefrontWeapon) {
    let one = CombatValue::Dice { dice: 1, damage: 1 };
    let line = WeaponLine {
        name: IMPROVISED_NAME.to_string(),
        range: WeaponRange::Close,
        table: CombatTable {
            soldier: [one; 4],
            vehicle: [one; 7],
            aircraft: [CombatValue::NoEffect; 3],
        },
        keywords: Keywords::default(),
        ammo: None,
    };
    let bf = BattlefrontWeapon {
        improvised: true,
        ..BattlefrontWeapon::default()
    };
    (line, bf)
}

/// The card and battlefront part as a battlefront game holds them: with the Improvised Weapons
/// line ([`improvised_weapon`]) appended after the card's own lines and carried by every
/// miniature, as the engine gives it to every infantry and vehicle unit at set-up (the game's
/// `add_improvised`). `None` for an aircraft (large aircraft included), a card that has one
/// already, and a card with no line number left (31 lines).
pub fn with_improvised(card: &UnitCard, bf: Option<&BattlefrontCard>) -> Option<(UnitCard, BattlefrontCard)> {
    let aircraft = card.kind == UnitKind::Aircraft || matches!(bf.and_then(|b| b.kind), Some(BattlefrontKind::LargeAircraft));
    let n = card.weapons.len();
    if aircraft || n >= 31 || bf.is_some_and(|b| b.weapons.iter().any(|w| w.improvised)) {
        return None;
    }
    let (line, bfw) = improvised_weapon();
    let mut card = card.clone();
    card.weapons.push(line);
    for m in &mut card.models {
        m.weapons |= 1 << n;
    }
    let mut bf: BattlefrontCard = bf.cloned().unwrap_or_default();
    bf.weapons.resize(n, BattlefrontWeapon::default());
    bf.weapons.push(bfw);
    Some((card, bf))
}

impl BattlefrontWeapon {
    /// The exact battlefront value of a cell, if it has one.
    pub fn value(&self, a: Armor) -> Option<BattlefrontValue> {
        self.values.iter().find(|(k, c, _)| *k == a.kind && *c == a.class).map(|x| x.2)
    }
}

/// How a battlefront vehicle moves (tactics-battlefront-2013-rules.txt, "Unit Cards": "Vehicle
/// units (walkers and tanks)"; "Rubble Squares": "Wheeled and Tracked Vehicle units cannot
/// enter a rubble square. Other units (including Infantry and Walker Vehicle units) can").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Locomotion {
    /// On legs: enters rubble.
    Walker,
    /// On tracks: no rubble.
    Tracked,
    /// On wheels: no rubble.
    Wheeled,
}

impl Locomotion {
    /// Every locomotion.
    pub const ALL: [Locomotion; 3] = [Locomotion::Walker, Locomotion::Tracked, Locomotion::Wheeled];
    /// The name used in card files.
    pub const fn name(self) -> &'static str {
        match self {
            Locomotion::Walker => "walker",
            Locomotion::Tracked => "tracked",
            Locomotion::Wheeled => "wheeled",
        }
    }
    /// Reads a name.
    pub fn from_name(s: &str) -> Option<Locomotion> {
        Locomotion::ALL.iter().copied().find(|k| k.name() == s)
    }
}

/// What a battlefront card says beyond the revised [`UnitCard`].
#[derive(Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct BattlefrontCard {
    /// The battlefront kind, when it is not one of the revised kinds.
    pub kind: Option<BattlefrontKind>,
    /// How the vehicle moves, when the card says; a vehicle without it is kept out of rubble
    /// like a tracked one (docs/rulings.md, "Battlefront walkers in rubble").
    pub locomotion: Option<Locomotion>,
    /// Battlefront special rules.
    pub skills: Vec<BattlefrontSkill>,
    /// One entry per weapon line, in card order.
    pub weapons: Vec<BattlefrontWeapon>,
    /// "Pilot: Hero": the name of the one hero who may pilot this vehicle
    /// ("Only the named Hero can pilot a Vehicle with the Pilot: Hero attribute"); a card with
    /// the skill names him (`pilot-hero = "NAME"` in the card file).
    pub pilot_hero: Option<String>,
    /// "Passengers (#)" (tactics-battlefield-summary.md, "CARRYING PASSENGERS"): the spaces
    /// for soldiers with infantry Armour 1 or 2 (0: it carries none).
    pub passengers: u8,
    /// "Tank Riders (#)": spaces for units riding on the vehicle (0: none).
    pub tank_riders: u8,
    /// "Sidekick" (tactics-battlefield-summary.md, "HEROES"): the superhuman this hero may join
    /// ("heroes who possess the Sidekick attribute … can join the named superhuman").
    pub sidekick: Option<String>,
}

impl BattlefrontCard {
    /// Whether the hero named `hero` may pilot this vehicle: any pilot, unless the card names
    /// its one hero ("Pilot: Hero").
    pub fn pilot_allowed(&self, hero: &str) -> bool {
        self.pilot_hero.as_deref().is_none_or(|n| n.eq_ignore_ascii_case(hero))
    }
    /// Whether the card has a battlefront skill.
    pub fn has(&self, s: BattlefrontSkill) -> bool {
        self.skills.contains(&s)
    }
    /// Whether the card is a walker ([`Locomotion::Walker`]).
    pub fn walker(&self) -> bool {
        self.locomotion == Some(Locomotion::Walker)
    }
}
