//! Decisions: every choice either player makes, as small values with a text form for game
//! records (`activate 3`, `plan move attack`, `move C4`, `target 0 u5 1`, `react none`, …).

use crate::battlefront::Facing;
use crate::side::Side;
use crate::square::Square;
use core::fmt;
use core::str::FromStr;

/// Index of a unit in the game.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Ord, PartialOrd)]
pub struct UnitId(pub u8);

impl fmt::Display for UnitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "u{}", self.0)
    }
}

/// One action of an activation ("List of Actions").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Action {
    /// Move up to the movement value.
    Move,
    /// Attack with the declared weapon lines.
    Attack,
    /// Reload a reloadable weapon (a SKILL action, "Reloadable Weapons").
    Reload,
    /// Another SKILL action (Artillery Strike, Tank Head, a Command Squad ability); which one,
    /// and on which unit, is declared with [`Decision::Skill`].
    Skill,
    /// Do nothing.
    Nothing,
}

impl Action {
    fn word(self) -> &'static str {
        match self {
            Action::Move => "move",
            Action::Attack => "attack",
            Action::Reload => "reload",
            Action::Skill => "skill",
            Action::Nothing => "nothing",
        }
    }
}

/// The shape of an activation, declared first.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Plan {
    /// Two actions in order (never Attack + Attack). In the battlefront edition `Two(Move, Move)`
    /// is the March Move (tactics-battlefront-2013-rules.txt, "A unit must take a March Move
    /// action instead of two Move actions"): one move of twice the Move rating, declared as two
    /// squares, where a normal Move would end (a reactive attack comes there) and where the
    /// March ends (docs/rulings.md, "Battlefront March Move"); `plan march` is read as it.
    Two(Action, Action),
    /// Sustained Attack: both actions, reroll failures once per weapon line.
    Sustained,
    /// Charge (a SKILL action): move, move, then close combat with range 1 and C weapons.
    Charge,
    /// Battlefront edition: three actions in order, for a unit that has a third action this
    /// activation (Ace Pilot; tactics-battlefront-2013-rules.txt, "No More Than Three
    /// Actions"). Two Moves side by side are a March Move, two Attacks side by side a
    /// Sustained Attack; never two Move actions or two Attack actions otherwise
    /// ([`Plan::three_allowed`]). Written `plan move attack nothing`; `march` and `sustained`
    /// are read as their two actions (`plan march attack`, `plan sustained move`).
    Three(Action, Action, Action),
}

impl Plan {
    /// The actions of a plan of two or three actions, in order (empty for Sustained and
    /// Charge, which are actions of their own).
    pub fn actions(self) -> Vec<Action> {
        match self {
            Plan::Two(a, b) => vec![a, b],
            Plan::Three(a, b, c) => vec![a, b, c],
            Plan::Sustained | Plan::Charge => Vec::new(),
        }
    }

    /// Whether a Move of the plan comes before its first Attack (the attack is made from
    /// where the Move ends, and the Move turns the unit to its target).
    pub fn moves_before(self, later: Action) -> bool {
        let acts = self.actions();
        match (acts.iter().position(|&a| a == Action::Move), acts.iter().position(|&a| a == later)) {
            (Some(m), Some(l)) => m < l,
            _ => false,
        }
    }

    /// Whether `Plan::Three(a, b, c)` keeps the book's limits ("A unit can perform any
    /// combination of actions except two Move actions or two Attack actions. A unit must take a
    /// March Move action instead of two Move actions, or a Sustained Attack action instead of
    /// two Attack actions"): two Moves only side by side (one March Move), never three; the
    /// same for Attacks; at most one Special (Skill) action; no Reload (the battlefront book
    /// has none).
    pub fn three_allowed(a: Action, b: Action, c: Action) -> bool {
        let acts = [a, b, c];
        let count = |x: Action| acts.iter().filter(|&&y| y == x).count();
        let paired = |x: Action| match count(x) {
            0 | 1 => true,
            2 => b == x && (a == x || c == x),
            _ => false,
        };
        paired(Action::Move) && paired(Action::Attack) && count(Action::Skill) <= 1 && count(Action::Reload) == 0
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Plan::Two(a, b) => write!(f, "{} {}", a.word(), b.word()),
            Plan::Sustained => f.write_str("sustained"),
            Plan::Charge => f.write_str("charge"),
            Plan::Three(a, b, c) => write!(f, "{} {} {}", a.word(), b.word(), c.word()),
        }
    }
}

/// What a weapon line aims at.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Target {
    /// An enemy unit.
    Unit(UnitId),
    /// The cover element in a space ("Attacking Cover Elements").
    Cover(Square),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Unit(u) => write!(f, "{u}"),
            Target::Cover(s) => write!(f, "{s}"),
        }
    }
}

/// Who takes one point of damage in a squad, or in a hero and the squad he joined.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Casualty {
    /// The miniature with this index on the squad's card.
    Model(u8),
    /// The hero joined to the squad loses one health point.
    Hero,
}

/// A skill used by choice during a declaration.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Optional {
    /// Assault: movement doubled this activation (once per game).
    Assault,
    /// Berserk: reroll failures once per weapon line (once per game).
    Berserk,
    /// All In One: double dice for every line (once per game).
    AllInOne,
    /// Heroic Attack: no damage to the hero this round (once per game).
    HeroicAttack,
    /// The hero leaves the squad he joined, for good.
    Separate,
    /// Medal of Honor: reroll one failed combat die of the hero's attack (once per round).
    MedalOfHonor,
    /// A vehicle that entered a space with an ammo crate crushes it.
    Crush,
    /// Battlefront Fighting Spirit: after a Move, the attack hits on the target symbol as well
    /// (once per game).
    FightingSpirit,
}

/// A SKILL action that names a unit ("Skills", "Command Squad Abilities").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Ability {
    /// Artillery Strike (observer, or a Command Squad's Radioman): an unactivated friendly
    /// artillery unit activates at once and fires an indirect shot.
    ArtilleryStrike,
    /// Tank Head: heal all damage of an adjacent friendly vehicle (once per game).
    TankHead,
    /// Officer, "Get moving you bunch of monkeys!": on a hit, the unit activates right after.
    GetMoving,
    /// Mechanic, Makeshift Repair: one health point back to an adjacent vehicle.
    MakeshiftRepair,
    /// Mechanic, Field Repair: on a hit, a destroyed vehicle comes back and activates.
    FieldRepair,
    /// Medic, "Get up, it ain't that bad": one miniature (or hero health point) back.
    GetUp,
    /// Medic, "Come on guys": on a hit, a destroyed squad comes back and activates.
    ComeOnGuys,
}

impl Ability {
    /// Every ability, for listings and parsing.
    pub const ALL: [Ability; 7] = [
        Ability::ArtilleryStrike,
        Ability::TankHead,
        Ability::GetMoving,
        Ability::MakeshiftRepair,
        Ability::FieldRepair,
        Ability::GetUp,
        Ability::ComeOnGuys,
    ];
    /// The word used in decision texts.
    pub const fn word(self) -> &'static str {
        match self {
            Ability::ArtilleryStrike => "artillery-strike",
            Ability::TankHead => "tank-head",
            Ability::GetMoving => "get-moving",
            Ability::MakeshiftRepair => "makeshift-repair",
            Ability::FieldRepair => "field-repair",
            Ability::GetUp => "get-up",
            Ability::ComeOnGuys => "come-on-guys",
        }
    }
    /// Whether the ability is a Command Squad ability (one attempt per round).
    pub const fn is_command(self) -> bool {
        !matches!(self, Ability::TankHead)
    }
}

impl Optional {
    fn word(self) -> &'static str {
        match self {
            Optional::Assault => "assault",
            Optional::Berserk => "berserk",
            Optional::AllInOne => "all-in-one",
            Optional::HeroicAttack => "heroic-attack",
            Optional::Separate => "separate",
            Optional::MedalOfHonor => "medal-of-honor",
            Optional::Crush => "crush",
            Optional::FightingSpirit => "fighting-spirit",
        }
    }
}

/// A decision by either player.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Decision {
    /// The initiative winner chooses who activates first. In the battlefront edition, offered
    /// with the choice of a unit, it is a pass: the side with fewer units left to activate hands
    /// the next activation to the other side (tactics-battlefront-2013-rules.txt, "Passing").
    First(Side),
    /// Activate one of your units.
    Activate(UnitId),
    /// Use (or not) an optional skill; asked before the actions it changes.
    Use(Optional, bool),
    /// The shape of the activation.
    Plan(Plan),
    /// Where the next move action ends (the first move enters the board in round one).
    MoveTo(Square),
    /// The target of weapon line `line`, or `None` to leave it unused; `ammo`: the number given
    /// with it (`aim LINE TARGET N`).
    Aim {
        /// Weapon line index on the unit's card (hero lines are offset by 32).
        line: u8,
        /// The target, if used.
        target: Option<Target>,
        /// The limited ammo spent; in the battlefront edition, the soldiers of a squad firing a
        /// limited-ammo line (one box per attack) or another of its lines, and the crew weapons
        /// of a vehicle firing a crew line, 0 on those other lines for every soldier (damage
        /// point) still free (tactics-battlefront-2013-rules.txt, "Soldiers with Several
        /// Weapons", "Vehicle Crews"; docs/rulings.md, "Battlefront soldiers with several
        /// weapons"). 0 on every other line, and always 0 for an unused line.
        ammo: u8,
    },
    /// Revised edition: the weapon line (one of the ranged lines aimed) that fires next. The
    /// player chooses the order in which his weapon lines fire (tactics-revised-faq.md, "How
    /// can a unit split fire": "Remember that the player chooses the order in which weapon
    /// lines fire"); asked with the declaration, before any die is rolled, while two or more
    /// ranged lines aimed have no place yet. Close-combat lines always come last ("Performing
    /// Attacks"), and a cover element after the unit in its space ("Attacking Cover
    /// Elements").
    Fire(u8),
    /// Attempt reactive fire with this unit, or let the enemy go on.
    React(Option<UnitId>),
    /// Retaliate in close combat.
    Retaliate(bool),
    /// Who takes the next point of damage.
    Casualty(Casualty),
    /// The SKILL action of the plan: which ability, on which unit.
    Skill(Ability, UnitId),
    /// A flamethrower of range 2 or more: the next space the flames cross on the way to the
    /// target; every unit there is hit too ("Flamethrowers").
    Spread(Square),
    /// "Get up, it ain't that bad": the missing miniature (index on the squad's card) that
    /// returns to its squad.
    Revive(u8),
    /// Battlefront edition: the direction the unit faces at the end of its Move ("Move and
    /// March Move Actions": units "end their movement facing in any direction"); asked of a
    /// unit whose facing limits a weapon, when no Attack follows the Move (a Move to its own
    /// square only turns it).
    Face(Facing),
    /// Battlefront edition: whether the owner places the unit just eliminated in reserve
    /// ("Reserves": "the owning player may elect to place it in reserve").
    Reserve(bool),
    /// Battlefront edition: the square of a destroyed large or huge vehicle its escaped pilot
    /// is placed into ("Piloting Vehicles": "placed into any square the Vehicle occupied").
    Escape(Square),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::First(s) => write!(f, "first {s}"),
            Decision::Activate(u) => write!(f, "activate {u}"),
            Decision::Use(o, b) => write!(f, "use {} {}", o.word(), if *b { "yes" } else { "no" }),
            Decision::Plan(p) => write!(f, "plan {p}"),
            Decision::MoveTo(s) => write!(f, "move {s}"),
            Decision::Aim {
                line,
                target: Some(t),
                ammo,
            } => write!(f, "aim {line} {t} {ammo}"),
            Decision::Aim {
                line,
                target: None,
                ammo: 0,
            } => write!(f, "aim {line} none"),
            // Never legal (an unused line spends no ammo), but printed in full so that every
            // value reads back as itself.
            Decision::Aim { line, target: None, ammo } => write!(f, "aim {line} none {ammo}"),
            Decision::Fire(l) => write!(f, "fire {l}"),
            Decision::React(Some(u)) => write!(f, "react {u}"),
            Decision::React(None) => f.write_str("react none"),
            Decision::Retaliate(b) => write!(f, "retaliate {}", if *b { "yes" } else { "no" }),
            Decision::Casualty(Casualty::Model(m)) => write!(f, "casualty m{m}"),
            Decision::Casualty(Casualty::Hero) => f.write_str("casualty hero"),
            Decision::Skill(a, u) => write!(f, "skill {} {u}", a.word()),
            Decision::Spread(s) => write!(f, "spread {s}"),
            Decision::Revive(m) => write!(f, "revive m{m}"),
            Decision::Face(x) => write!(f, "face {}", x.name()),
            Decision::Reserve(b) => write!(f, "reserve {}", if *b { "yes" } else { "no" }),
            Decision::Escape(s) => write!(f, "escape {s}"),
        }
    }
}

/// A decision text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDecisionError(pub String);

impl fmt::Display for ParseDecisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a decision (forms: first A, activate u3, plan move attack, plan march attack, move C4, aim 0 u5 [N]|none, fire 0, react u2|none, retaliate yes, casualty m1|hero, use berserk yes, skill tank-head u4, spread C4, face NE, reserve yes, escape C4)", self.0)
    }
}

impl std::error::Error for ParseDecisionError {}

fn action(w: &str) -> Option<Action> {
    Some(match w {
        "move" => Action::Move,
        "attack" => Action::Attack,
        "reload" => Action::Reload,
        "skill" => Action::Skill,
        "nothing" => Action::Nothing,
        _ => return None,
    })
}

fn unit(w: &str) -> Option<UnitId> {
    w.strip_prefix('u')?.parse().ok().map(UnitId)
}

fn yes(w: &str) -> Option<bool> {
    match w {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

impl FromStr for Decision {
    type Err = ParseDecisionError;
    fn from_str(s: &str) -> Result<Decision, ParseDecisionError> {
        let err = || ParseDecisionError(s.to_string());
        let w: Vec<&str> = s.split_whitespace().collect();
        let d = match w.as_slice() {
            ["first", "A"] => Decision::First(Side::A),
            ["first", "B"] => Decision::First(Side::B),
            ["activate", u] => Decision::Activate(unit(u).ok_or_else(err)?),
            ["use", o, b] => {
                let o = match *o {
                    "assault" => Optional::Assault,
                    "berserk" => Optional::Berserk,
                    "all-in-one" => Optional::AllInOne,
                    "heroic-attack" => Optional::HeroicAttack,
                    "separate" => Optional::Separate,
                    "medal-of-honor" => Optional::MedalOfHonor,
                    "crush" => Optional::Crush,
                    "fighting-spirit" => Optional::FightingSpirit,
                    _ => return Err(err()),
                };
                Decision::Use(o, yes(b).ok_or_else(err)?)
            }
            ["plan", "sustained"] => Decision::Plan(Plan::Sustained),
            ["plan", "charge"] => Decision::Plan(Plan::Charge),
            // The battlefront edition's March Move is the plan of two move legs.
            ["plan", "march"] => Decision::Plan(Plan::Two(Action::Move, Action::Move)),
            ["plan", a, b] if action(a).is_some() && action(b).is_some() => {
                Decision::Plan(Plan::Two(action(a).ok_or_else(err)?, action(b).ok_or_else(err)?))
            }
            // Three actions; `march` and `sustained` stand for their two actions.
            ["plan", rest @ ..] => {
                let mut acts = Vec::new();
                for w in rest {
                    match *w {
                        "march" => acts.extend([Action::Move, Action::Move]),
                        "sustained" => acts.extend([Action::Attack, Action::Attack]),
                        w => acts.push(action(w).ok_or_else(err)?),
                    }
                }
                match acts.as_slice() {
                    &[a, b, c] => Decision::Plan(Plan::Three(a, b, c)),
                    _ => return Err(err()),
                }
            }
            ["move", sq] => Decision::MoveTo(sq.parse().map_err(|_| err())?),
            ["aim", l, "none"] => Decision::Aim {
                line: l.parse().map_err(|_| err())?,
                target: None,
                ammo: 0,
            },
            // Without the number: 0 (no ammo; every soldier still free).
            ["aim", l, t] => Decision::Aim {
                line: l.parse().map_err(|_| err())?,
                target: Some(match unit(t) {
                    Some(u) => Target::Unit(u),
                    None => Target::Cover(t.parse().map_err(|_| err())?),
                }),
                ammo: 0,
            },
            ["aim", l, "none", a] => Decision::Aim {
                line: l.parse().map_err(|_| err())?,
                target: None,
                ammo: a.parse().map_err(|_| err())?,
            },
            ["aim", l, t, a] => {
                let target = match unit(t) {
                    Some(u) => Target::Unit(u),
                    None => Target::Cover(t.parse().map_err(|_| err())?),
                };
                Decision::Aim {
                    line: l.parse().map_err(|_| err())?,
                    target: Some(target),
                    ammo: a.parse().map_err(|_| err())?,
                }
            }
            ["fire", l] => Decision::Fire(l.parse().map_err(|_| err())?),
            ["react", "none"] => Decision::React(None),
            ["react", u] => Decision::React(Some(unit(u).ok_or_else(err)?)),
            ["retaliate", b] => Decision::Retaliate(yes(b).ok_or_else(err)?),
            ["casualty", "hero"] => Decision::Casualty(Casualty::Hero),
            ["skill", a, u] => Decision::Skill(
                Ability::ALL.into_iter().find(|x| x.word() == *a).ok_or_else(err)?,
                unit(u).ok_or_else(err)?,
            ),
            ["spread", sq] => Decision::Spread(sq.parse().map_err(|_| err())?),
            ["face", x] => Decision::Face((0..8).map(Facing).find(|f| f.name() == *x).ok_or_else(err)?),
            ["reserve", b] => Decision::Reserve(yes(b).ok_or_else(err)?),
            ["escape", sq] => Decision::Escape(sq.parse().map_err(|_| err())?),
            ["revive", m] => Decision::Revive(m.strip_prefix('m').and_then(|m| m.parse().ok()).ok_or_else(err)?),
            ["casualty", m] => Decision::Casualty(Casualty::Model(m.strip_prefix('m').and_then(|m| m.parse().ok()).ok_or_else(err)?)),
            _ => return Err(err()),
        };
        Ok(d)
    }
}
