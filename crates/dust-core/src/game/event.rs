//! Events: every change of the game state, in order. One log of events drives replays, the
//! user interfaces and the tests. Each event names the rule behind it.

use super::decision::{Ability, Casualty, Plan, Target, UnitId};
use crate::side::Side;
use crate::square::Square;
use core::fmt;

/// Why dice were rolled.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum RollPurpose {
    /// Initiative roll of a side.
    Initiative(Side),
    /// Attack dice of a weapon line.
    Attack,
    /// Sustained attack reroll of failures.
    Sustained,
    /// Berserk reroll of failures.
    Berserk,
    /// Laser: rerolled hits.
    LaserChain,
    /// Phaser damage dice.
    PhaserPower,
    /// Cover save of the target.
    CoverSave,
    /// Damage Resilient dice.
    Resilient,
    /// Reactive fire attempt.
    Reactive,
    /// Self-Repair at the end of the round.
    SelfRepair,
    /// Medal of Honor: one die rerolled.
    MedalOfHonor,
    /// The die of a Command Squad order.
    Order,
    /// Battlefront edition: the targets among a side's initiative dice that showed no army
    /// symbol, after a tie.
    InitiativeTargets(Side),
    /// Battlefront edition: the infantry save of infantry not in cover.
    InfantrySave,
    /// Battlefront edition: the die of a pilot whose vehicle was destroyed.
    Escape,
    /// Battlefront edition: the Ace Pilot's die when his vehicle or aircraft activates.
    AcePilot,
}

impl RollPurpose {
    /// The roll's purpose in a player's words ("cover save", "initiative A", "initiative
    /// tie-break B"), for the logs of the interfaces.
    pub fn words(self) -> String {
        match self {
            RollPurpose::Initiative(s) => format!("initiative {s}"),
            RollPurpose::Attack => "attack".into(),
            RollPurpose::Sustained => "sustained reroll".into(),
            RollPurpose::Berserk => "berserk reroll".into(),
            RollPurpose::LaserChain => "laser".into(),
            RollPurpose::PhaserPower => "phaser damage".into(),
            RollPurpose::CoverSave => "cover save".into(),
            RollPurpose::Resilient => "damage resilient".into(),
            RollPurpose::Reactive => "reactive fire".into(),
            RollPurpose::SelfRepair => "self-repair".into(),
            RollPurpose::MedalOfHonor => "medal of honor".into(),
            RollPurpose::Order => "command squad order".into(),
            RollPurpose::InitiativeTargets(s) => format!("initiative tie-break {s} (target symbols)"),
            RollPurpose::InfantrySave => "infantry save".into(),
            RollPurpose::Escape => "pilot's escape".into(),
            RollPurpose::AcePilot => "ace pilot".into(),
        }
    }

    /// The rule section this roll comes from.
    pub const fn rule(self) -> &'static str {
        match self {
            RollPurpose::Initiative(_) => "tactics-revised-core-rules.md, Initiative Roll",
            RollPurpose::Attack => "tactics-revised-core-rules.md, 4) Roll Dice",
            RollPurpose::Sustained => "tactics-revised-core-rules.md, Sustained Attack",
            RollPurpose::Berserk => "tactics-revised-core-rules.md, Berserk",
            RollPurpose::LaserChain => "tactics-revised-core-rules.md, Laser",
            RollPurpose::PhaserPower => "tactics-revised-core-rules.md, Phaser Blast (X/Y)",
            RollPurpose::CoverSave => "tactics-revised-core-rules.md, Cover Saves",
            RollPurpose::Resilient => "tactics-revised-core-rules.md, Damage Resilient",
            RollPurpose::Reactive => "tactics-revised-core-rules.md, Reactive Fire",
            RollPurpose::SelfRepair => "tactics-revised-core-rules.md, Self-Repair",
            RollPurpose::MedalOfHonor => "tactics-revised-core-rules.md, Medal of Honor",
            RollPurpose::Order => "tactics-revised-core-rules.md, Command Squad Abilities",
            RollPurpose::InitiativeTargets(_) => "tactics-battlefront-2013-rules.txt, Roll for Initiative",
            RollPurpose::InfantrySave => "tactics-battlefront-2013-rules.txt, Infantry Saves",
            RollPurpose::Escape => "tactics-battlefront-2013-rules.txt, Piloting Vehicles",
            RollPurpose::AcePilot => "tactics-battlefront-2013-rules.txt, Ace Pilot",
        }
    }
}

/// Something that happened.
#[derive(Clone, Eq, PartialEq, Hash, Debug)]
pub enum Event {
    /// A new round begins.
    RoundStarted(u8),
    /// Dice were rolled: how many, how many succeeded.
    Rolled {
        /// Why.
        purpose: RollPurpose,
        /// Dice rolled.
        dice: u16,
        /// Successes.
        successes: u16,
    },
    /// A side won the initiative.
    InitiativeWon(Side),
    /// The side that activates first this round.
    FirstPlayer(Side),
    /// A unit was activated.
    Activated(UnitId),
    /// Its declared plan.
    Declared(UnitId, Plan),
    /// A unit entered the board.
    Entered(UnitId, Square),
    /// A unit moved: from, to.
    Moved(UnitId, [Square; 2]),
    /// A vehicle crushed an ammo crate.
    Crushed(UnitId, Square),
    /// A reactive fire attempt and whether it succeeded.
    ReactiveFire {
        /// The unit that reacted.
        unit: UnitId,
        /// The unit it reacted to.
        against: UnitId,
        /// Whether the roll allowed the attack.
        success: bool,
    },
    /// A weapon line fired.
    Fired {
        /// Attacker.
        unit: UnitId,
        /// Weapon line name.
        weapon: String,
        /// Target.
        target: Target,
        /// Dice before rerolls.
        dice: u16,
    },
    /// Hits after rolls and cover saves, and the damage they do.
    Hits {
        /// Target.
        target: Target,
        /// Hits that got through.
        hits: u16,
        /// Damage points.
        damage: u16,
    },
    /// A point of damage was taken.
    Wounded(UnitId, Casualty),
    /// A vehicle or hero lost health points.
    Damaged(UnitId, u8),
    /// A cover element took damage or was destroyed.
    CoverHit(Square, bool),
    /// A unit was destroyed; the other side scores its AP.
    Destroyed {
        /// The unit.
        unit: UnitId,
        /// Victory points the other side scores.
        ap: u16,
    },
    /// A weapon was reloaded.
    Reloaded(UnitId, String),
    /// A unit finished its activation.
    ActivationEnded(UnitId),
    /// A hero left the squad he had joined.
    Separated(UnitId),
    /// Battlefront edition: a hero mounted a vehicle to pilot it (hero, vehicle; "Piloting
    /// Vehicles").
    Mounted(UnitId, UnitId),
    /// Battlefront edition: a hero dismounted the vehicle he piloted (hero, vehicle).
    Dismounted(UnitId, UnitId),
    /// Battlefront edition: a hero joined the squad in whose square he stands (hero, squad;
    /// "Joining Infantry Squads").
    Joined(UnitId, UnitId),
    /// A vehicle repaired health points.
    Repaired(UnitId, u8),
    /// A SKILL action naming a unit, and whether it worked.
    AbilityUsed {
        /// The unit that used it.
        unit: UnitId,
        /// Which ability.
        ability: Ability,
        /// The unit it names.
        target: UnitId,
        /// Whether it worked (the die of an order, or a target still valid).
        success: bool,
    },
    /// A destroyed unit was brought back (Field Repair, "Come on guys"); it enters again.
    Returned(UnitId),
    /// A side scores an objective's bonus points at the end of the game.
    ObjectiveHeld {
        /// The objective's space.
        at: Square,
        /// The side holding it.
        side: Side,
        /// Bonus victory points.
        points: u32,
    },
    /// Battlefront edition: a side with fewer units left to activate passed ("Passing").
    Passed(Side),
    /// Battlefront edition: the two dice of a reactive attack decided what the unit does
    /// ("Reactive Attacks": two army symbols, a Sustained Attack or a turn and an Attack; one, an
    /// Attack; none, a Nothing action).
    ReactiveAttack {
        /// The reacting unit.
        unit: UnitId,
        /// The unit it reacts to.
        against: UnitId,
        /// Army symbols rolled (0, 1 or 2).
        symbols: u16,
    },
    /// The game ended.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Side>,
        /// Victory points of side A.
        vp_a: u32,
        /// Victory points of side B.
        vp_b: u32,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RoundStarted(r) => write!(f, "round {r} begins"),
            Event::Rolled { purpose, dice, successes } => write!(f, "{purpose:?}: {successes} of {dice} dice succeed"),
            Event::InitiativeWon(s) => write!(f, "side {s} wins the initiative"),
            Event::FirstPlayer(s) => write!(f, "side {s} activates first"),
            Event::Activated(u) => write!(f, "{u} activates"),
            Event::Declared(u, p) => write!(f, "{u} declares {p}"),
            Event::Entered(u, s) => write!(f, "{u} enters the board at {s}"),
            Event::Moved(u, p) => write!(f, "{u} moves {}", p.iter().map(ToString::to_string).collect::<Vec<_>>().join("-")),
            Event::Crushed(u, s) => write!(f, "{u} crushes the ammo crate in {s}"),
            Event::ReactiveFire { unit, against, success } => {
                write!(
                    f,
                    "{unit} tries reactive fire against {against}: {}",
                    if *success { "success" } else { "failure" }
                )
            }
            Event::Fired {
                unit,
                weapon,
                target,
                dice,
            } => write!(f, "{unit} fires {weapon} at {target} with {dice} dice"),
            Event::Hits { target, hits, damage } => write!(f, "{hits} hits on {target}: {damage} damage"),
            Event::Wounded(u, Casualty::Model(m)) => write!(f, "{u} loses miniature m{m}"),
            Event::Wounded(u, Casualty::Hero) => write!(f, "the hero with {u} loses a health point"),
            Event::Damaged(u, n) => write!(f, "{u} loses {n} health"),
            Event::CoverHit(s, d) => write!(f, "the cover element in {s} {}", if *d { "is destroyed" } else { "is damaged" }),
            Event::Destroyed { unit, ap } => write!(f, "{unit} is destroyed ({ap} VP)"),
            Event::Reloaded(u, w) => write!(f, "{u} reloads {w}"),
            Event::ActivationEnded(u) => write!(f, "{u} ends its activation"),
            Event::Separated(u) => write!(f, "{u} leaves his squad"),
            Event::Mounted(h, v) => write!(f, "{h} mounts {v} to pilot it"),
            Event::Joined(h, s) => write!(f, "{h} joins {s} in its square"),
            Event::Dismounted(h, v) => write!(f, "{h} dismounts from {v}"),
            Event::Repaired(u, n) => write!(f, "{u} recovers {n} health"),
            Event::AbilityUsed {
                unit,
                ability,
                target,
                success,
            } => write!(
                f,
                "{unit} uses {} on {target}: {}",
                ability.word(),
                if *success { "success" } else { "failure" }
            ),
            Event::Returned(u) => write!(f, "{u} returns to the battle"),
            Event::ObjectiveHeld { at, side, points } => write!(f, "side {side} holds the objective in {at}: {points} VP"),
            Event::Passed(s) => write!(f, "side {s} passes"),
            Event::ReactiveAttack { unit, against, symbols } => {
                let what = match symbols {
                    0 => "a Nothing action",
                    1 => "an Attack",
                    _ => "a Sustained Attack or a turn and an Attack",
                };
                write!(f, "{unit} reacts to {against} with {symbols} army symbols: {what}")
            }
            Event::GameOver {
                winner: Some(w),
                vp_a,
                vp_b,
            } => write!(f, "game over: side {w} wins ({vp_a} to {vp_b} VP)"),
            Event::GameOver { winner: None, vp_a, vp_b } => write!(f, "game over: a draw ({vp_a} to {vp_b} VP)"),
        }
    }
}

impl Event {
    /// The event in words for a player, with the units' names where [`Event`]'s `Display`
    /// (kept stable for the golden digests and the records) writes their ids: "Hell Boys fire
    /// Flamethrower at Sturmpioniere with 5 dice", "Sturmpioniere lose a miniature (m3: Panzerfaust)".
    /// A name that two units share gets the unit's id after it.
    pub fn describe(&self, g: &super::Game) -> String {
        let name = |u: UnitId| g.unit_name(u);
        let target = |t: &Target| match t {
            Target::Unit(u) => name(*u),
            Target::Cover(s) => format!("the cover element in {s}"),
        };
        let plural = |n: u32, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        match self {
            Event::Rolled { purpose, dice, successes } => format!("{}: {successes} of {dice} dice succeed", purpose.words()),
            Event::Activated(u) => format!("{} activates", name(*u)),
            Event::Declared(u, p) => format!("{} declares {p}", name(*u)),
            Event::Entered(u, s) => format!("{} enters the board at {s}", name(*u)),
            Event::Moved(u, p) => format!(
                "{} moves {}",
                name(*u),
                p.iter().map(ToString::to_string).collect::<Vec<_>>().join("-")
            ),
            Event::Crushed(u, s) => format!("{} crushes the ammo crate in {s}", name(*u)),
            Event::ReactiveFire { unit, against, success } => format!(
                "{} tries reactive fire against {}: {}",
                name(*unit),
                name(*against),
                if *success { "success" } else { "failure" }
            ),
            Event::Fired {
                unit,
                weapon,
                target: t,
                dice,
            } => {
                format!(
                    "{} fires {weapon} at {} with {}",
                    name(*unit),
                    target(t),
                    plural(u32::from(*dice), "die", "dice")
                )
            }
            Event::Hits { target: t, hits, damage } => {
                format!("{} on {}: {} damage", plural(u32::from(*hits), "hit", "hits"), target(t), damage)
            }
            Event::Wounded(u, Casualty::Model(m)) => {
                let card = &g.unit(*u).card;
                let carried: Vec<&str> = card.models.get(usize::from(*m)).map_or_else(Vec::new, |model| {
                    card.weapons
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i < 32 && model.weapons & (1 << i) != 0)
                        .map(|(_, w)| w.name.as_str())
                        .collect()
                });
                if carried.is_empty() {
                    format!("{} loses a miniature (m{m})", name(*u))
                } else {
                    format!("{} loses a miniature (m{m}: {})", name(*u), carried.join(", "))
                }
            }
            Event::Wounded(u, Casualty::Hero) => format!("the hero with {} loses a health point", name(*u)),
            Event::Damaged(u, n) => format!("{} loses {}", name(*u), plural(u32::from(*n), "health point", "health points")),
            Event::Destroyed { unit, ap } => format!("{} is destroyed ({ap} VP)", name(*unit)),
            Event::Reloaded(u, w) => format!("{} reloads {w}", name(*u)),
            Event::ActivationEnded(u) => format!("{} ends its activation", name(*u)),
            Event::Separated(u) => format!("{} leaves his squad", name(*u)),
            Event::Mounted(h, v) => format!("{} mounts {} to pilot it", name(*h), name(*v)),
            Event::Dismounted(h, v) => format!("{} dismounts from {}", name(*h), name(*v)),
            Event::Repaired(u, n) => format!("{} recovers {}", name(*u), plural(u32::from(*n), "health point", "health points")),
            Event::AbilityUsed {
                unit,
                ability,
                target: t,
                success,
            } => format!(
                "{} uses {} on {}: {}",
                name(*unit),
                ability.word(),
                name(*t),
                if *success { "success" } else { "failure" }
            ),
            Event::Returned(u) => format!("{} returns to the battle", name(*u)),
            Event::ReactiveAttack { unit, against, symbols } => {
                let what = match symbols {
                    0 => "a Nothing action",
                    1 => "an Attack",
                    _ => "a Sustained Attack or a turn and an Attack",
                };
                format!(
                    "{} reacts to {} with {}: {what}",
                    name(*unit),
                    name(*against),
                    plural(u32::from(*symbols), "army symbol", "army symbols")
                )
            }
            other => other.to_string(),
        }
    }
}

impl super::Game {
    /// A unit's card name for a player, with its id when another unit of the game has the same
    /// name ("Rifles A", "Hell Boys (u3)"); the id alone for a unit not in the game.
    pub fn unit_name(&self, u: UnitId) -> String {
        let Some(unit) = self.units().get(usize::from(u.0)) else {
            return u.to_string();
        };
        let n = &unit.card.name;
        if self.units().iter().filter(|x| &x.card.name == n).count() > 1 {
            format!("{n} ({u})")
        } else {
            n.clone()
        }
    }
}
