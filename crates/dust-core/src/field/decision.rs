//! The decisions of a Battlefield game and their text form (records, the command line).
//!
//! A decision names everything the player chooses: the unit to activate, the plan of its
//! actions, where each miniature of a move ends (and its path when it is not straight), each
//! weapon line's target (and a blast template's centre), a reaction, the miniatures a squad
//! loses. Points are written in centimetres with up to two decimals (the table's unit is
//! 0.1 mm), so the text form round-trips exactly.

use crate::Side;
use core::fmt;
use core::str::FromStr;
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;

/// One action of a plan (tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "NOTHING, MOVE,
/// MARCH MOVE (2 actions), ATTACK, SUSTAINED ATTACK (2 actions), SPECIAL").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing.
    Nothing,
    /// A Move: up to the Move rating (10 cm a point).
    Move,
    /// A March Move: two actions, twice the Move rating.
    March,
    /// An Attack.
    Attack,
    /// A Sustained Attack: two actions, re-rolling the dice that missed.
    Sustained,
    /// A special action ([`Special`]): the one it is is chosen when it is performed.
    Special,
}

impl Action {
    /// How many of the activation's actions it takes.
    pub const fn cost(self) -> u8 {
        match self {
            Action::March | Action::Sustained => 2,
            _ => 1,
        }
    }
    /// The word of the text form.
    pub const fn word(self) -> &'static str {
        match self {
            Action::Nothing => "nothing",
            Action::Move => "move",
            Action::March => "march",
            Action::Attack => "attack",
            Action::Sustained => "sustained",
            Action::Special => "special",
        }
    }
    fn from_word(w: &str) -> Option<Action> {
        [
            Action::Nothing,
            Action::Move,
            Action::March,
            Action::Attack,
            Action::Sustained,
            Action::Special,
        ]
        .into_iter()
        .find(|a| a.word() == w)
    }
    /// Whether the action moves the unit.
    pub const fn moves(self) -> bool {
        matches!(self, Action::Move | Action::March)
    }
    /// Whether the action attacks.
    pub const fn attacks(self) -> bool {
        matches!(self, Action::Attack | Action::Sustained)
    }
}

/// Where one miniature of a move ends, and the path it takes there (the points after where it
/// stands; empty: a straight line).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MiniMove {
    /// The miniature (its index in the unit as it stands now).
    pub mini: usize,
    /// Where its centre ends.
    pub to: Pt,
    /// The bends of its path before `to`.
    pub via: Vec<Pt>,
}

impl MiniMove {
    /// The whole path: the bends, then the end.
    pub fn path(&self) -> Vec<Pt> {
        let mut p = self.via.clone();
        p.push(self.to);
        p
    }
}

/// One weapon line aimed at a unit: `line` of the card, `target` the unit, `at` the centre of
/// a blast template or the point a flame template is aimed at.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Aim {
    /// The weapon line (its index on the card).
    pub line: u8,
    /// The unit aimed at (the unit whose miniatures are under a template count as hit too).
    pub target: usize,
    /// A template's centre (blast) or aim point (flame).
    pub at: Option<Pt>,
}

/// What a reaction of two army symbols becomes ("On ☒☒, the unit … will activate for either a
/// SUSTAINED ATTACK action, or a MOVE action followed by an ATTACK action").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReactChoice {
    /// A Sustained Attack.
    Sustained,
    /// A Move that only turns the model, then an Attack.
    TurnThenAttack,
}

/// A special action (tactics-battlefield-summary.md, "ROLL FOR INITIATIVE": "SPECIAL").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// The unit gives the special action up (it declared one it cannot, or will not, take).
    None,
    /// ENGINEERING on the table's terrain piece (its index): cutting a gap through barbed
    /// wire, clearing a gap through a minefield ("BARBED WIRE ENTANGLEMENTS", "MINEFIELDS").
    Engineer(usize),
    /// An Officer's GET MOVING YOU BUNCH OF MONKEYS on a unit that has activated this turn.
    GetMoving(usize),
    /// A Medic's GET UP, IT AIN'T THAT BAD on an infantry unit.
    GetUp(usize),
    /// A Mechanic's (or a mechanic vehicle's) MAKESHIFT REPAIR on a vehicle.
    Repair(usize),
    /// A medevac vehicle's MEDEVAC on an infantry unit.
    Medevac(usize),
    /// A vehicle's LAUNCH SMOKE (smoke launchers), once a game.
    LaunchSmoke,
    /// A dozer blade's DOZER: the vehicle is in cover until it next moves ("DOZER BLADE").
    Dozer,
    /// RELOAD: the Loaded token back on the card of a unit with Reload or Salvo weapons
    /// ("RELOAD WEAPONS", "SALVO WEAPONS").
    Reload,
    /// An Officer's AMMO DROP on a unit with limited-ammo weapons (tactics-battlefield-summary.md,
    /// "COMMAND SQUADS", "Ammo Drop").
    AmmoDrop(usize),
    /// A Medic's INJECT STIMULANTS on an infantry unit, and the token the player takes when the
    /// die lets him choose ("Inject Stimulants": "On ☒, choose either token").
    Stimulants(usize, super::command::Stimulant),
    /// An Officer's REINFORCEMENT: an eliminated infantry squad or support weapon called up again
    /// ("COMMAND SQUADS", "Reinforcements").
    Reinforce(usize),
    /// An Officer's REPLACEMENT VEHICLE: an eliminated vehicle called up again ("Replacement
    /// Vehicle").
    ReplaceVehicle(usize),
    /// CAMOUFLAGE: a unit with the Camouflage skill that lost its camouflage regains it.
    Camouflage,
    /// A Blutkreuz hero's RESURRECTION on a Mindless Zombie unit.
    Resurrect(usize),
}

/// A skill a player declares before rolling the dice it modifies (tactics-battlefield-summary.md,
/// "SKILLS AND EQUIPMENT": "A player must declare that they are using a skill before rolling any
/// dice that might be modified by that skill").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Declared {
    /// Fighting Spirit: once per game, the unit and its joined hero hit on the target as well.
    FightingSpirit,
    /// Lucky: once per game, the hero re-rolls the dice of his weapons that failed to hit.
    Lucky,
}

impl Declared {
    /// The word of the text form.
    pub const fn word(self) -> &'static str {
        match self {
            Declared::FightingSpirit => "fighting-spirit",
            Declared::Lucky => "lucky",
        }
    }
}

/// A decision of a Battlefield game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The initiative winner lets this side go first.
    First(Side),
    /// Pass rather than activate a unit.
    Pass,
    /// Activate a unit (its suppression rolls come next, then its plan).
    Activate(usize),
    /// Activate a unit with a hero joining it for the activation (the unit, then the hero):
    /// "One (and only one) hero that has not yet activated may join a unit when the unit
    /// activates, becoming part of the unit until the end of the activation"
    /// (tactics-battlefield-summary.md, "HEROES"). In the activation's Move the hero's
    /// miniature comes after the unit's (`m` the unit's count); in its Attack the hero's weapon
    /// lines come after the unit's card's lines.
    ActivateWith(usize, usize),
    /// The actions of the activation, declared before any is performed.
    Plan(Vec<Action>),
    /// A Move or March Move: where each miniature that moves ends; the facing a hull or
    /// support weapon ends at (degrees, 0 = towards +y, clockwise).
    Move {
        /// The miniatures that move, in the order they move.
        minis: Vec<MiniMove>,
        /// The facing at the end, for vehicles, aircraft and support weapons.
        facing: Option<Facing>,
    },
    /// An Attack or Sustained Attack: every weapon line that fires and its target.
    Attack(Vec<Aim>),
    /// The side not activating declares a reactive attack with a unit, or none.
    React(Option<usize>),
    /// What a reaction of two army symbols does.
    ReactWith(ReactChoice),
    /// The miniatures a squad loses to the hits it could not save (its owner chooses).
    Casualties(Vec<usize>),
    /// The special action the unit performs now.
    Special(Special),
    /// Instead of attacking, an artillery weapon line fires smoke shells at a point (the smoke
    /// screen's centre): "If an artillery weapon fires smoke shells instead of explosives,
    /// instead of attacking, rolls a die" (tactics-battlefield-summary.md, "ARTILLERY WEAPONS").
    Smoke {
        /// The artillery weapon line.
        line: u8,
        /// Where the smoke screen is centred.
        at: Pt,
    },
    /// A unit held in ambush, activating: where each of its miniatures is placed (base
    /// centres), or none to stay in ambush ("You may place a unit held in ambush … on the table
    /// at the start of the unit's activation").
    Place(Vec<Pt>),
    /// A Move or March Move that ends with every miniature of the unit in contact with a
    /// vehicle or aircraft of its side, which the unit then mounts, as passengers or as its
    /// pilot (tactics-battlefield-summary.md, "CARRYING PASSENGERS", "Piloting Vehicles and
    /// Aircraft"): the vehicle, and the miniatures' moves as in [`Decision::Move`].
    Mount {
        /// The vehicle or aircraft mounted.
        vehicle: usize,
        /// Where each miniature that moves ends (in contact with the vehicle).
        minis: Vec<MiniMove>,
    },
    /// A Move or March Move of a unit carried in a vehicle that dismounts it: where each of its
    /// miniatures is placed (base centres), in the unit's order ("Passengers can dismount from a
    /// vehicle by activating before the vehicle activates and performing a MOVE or MARCH MOVE
    /// action to move away from it").
    Dismount(Vec<Pt>),
    /// An Artillery Observer's ATTACK or SUSTAINED ATTACK made with a friendly artillery unit's
    /// artillery weapons: the unit, and its lines' aims (lines numbered on its card)
    /// (tactics-battlefield-summary.md, "ARTILLERY OBSERVER").
    Observe {
        /// The artillery unit that fires.
        unit: usize,
        /// Its artillery lines and their targets.
        aims: Vec<Aim>,
    },
    /// An airlifter picks up the airmobile or air assault vehicle it starts its MOVE or MARCH
    /// MOVE directly over, then makes the move (tactics-battlefield-summary.md, "CARRYING
    /// VEHICLES", "AIRLIFTER": "To pick up a vehicle, the airlifter must start a MOVE or MARCH
    /// MOVE action directly over the vehicle").
    Lift(usize),
    /// Before the ATTACK or SUSTAINED ATTACK decision, the acting unit declares it uses a skill
    /// for the attack's dice ([`Declared`]).
    Declare(Declared),
}

fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// A point in the text form, `x,y` in centimetres.
pub fn point_text(p: Pt) -> String {
    let (x, y) = p.to_cm();
    format!("{},{}", num(x), num(y))
}

fn parse_point(s: &str) -> Result<Pt, String> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| format!("`{s}` is not a point: write x,y in centimetres"))?;
    let f = |v: &str| {
        v.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && v.abs() <= 1000.0)
            .ok_or_else(|| format!("`{v}` is not a distance in centimetres"))
    };
    Ok(Pt::cm(f(x)?, f(y)?))
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::First(s) => write!(f, "first {s}"),
            Decision::Pass => f.write_str("pass"),
            Decision::Activate(u) => write!(f, "activate {u}"),
            Decision::ActivateWith(u, h) => write!(f, "activate {u} with {h}"),
            Decision::Plan(a) => {
                f.write_str("plan")?;
                for x in a {
                    write!(f, " {}", x.word())?;
                }
                Ok(())
            }
            Decision::Move { minis, facing } => {
                f.write_str("move")?;
                for m in minis {
                    write!(f, " m{}@{}", m.mini, point_text(m.to))?;
                    for v in &m.via {
                        write!(f, "~{}", point_text(*v))?;
                    }
                }
                if let Some(fc) = facing {
                    write!(f, " facing {}", fc.degrees())?;
                }
                Ok(())
            }
            Decision::Attack(aims) => {
                f.write_str("attack")?;
                if aims.is_empty() {
                    f.write_str(" none")?;
                }
                for a in aims {
                    write!(f, " {}>{}", a.line, a.target)?;
                    if let Some(p) = a.at {
                        write!(f, "@{}", point_text(p))?;
                    }
                }
                Ok(())
            }
            Decision::React(None) => f.write_str("react none"),
            Decision::React(Some(u)) => write!(f, "react {u}"),
            Decision::ReactWith(ReactChoice::Sustained) => f.write_str("react-with sustained"),
            Decision::ReactWith(ReactChoice::TurnThenAttack) => f.write_str("react-with turn-attack"),
            Decision::Smoke { line, at } => write!(f, "smoke {line}@{}", point_text(*at)),
            Decision::Special(Special::None) => f.write_str("special none"),
            Decision::Special(Special::Engineer(p)) => write!(f, "special engineer {p}"),
            Decision::Special(Special::GetMoving(u)) => write!(f, "special get-moving {u}"),
            Decision::Special(Special::GetUp(u)) => write!(f, "special get-up {u}"),
            Decision::Special(Special::Repair(u)) => write!(f, "special repair {u}"),
            Decision::Special(Special::Medevac(u)) => write!(f, "special medevac {u}"),
            Decision::Special(Special::LaunchSmoke) => f.write_str("special launch-smoke"),
            Decision::Special(Special::Dozer) => f.write_str("special dozer"),
            Decision::Special(Special::Reload) => f.write_str("special reload"),
            Decision::Special(Special::AmmoDrop(u)) => write!(f, "special ammo-drop {u}"),
            Decision::Special(Special::Stimulants(u, t)) => write!(f, "special stimulants {u} {}", t.word()),
            Decision::Special(Special::Reinforce(u)) => write!(f, "special reinforce {u}"),
            Decision::Special(Special::ReplaceVehicle(u)) => write!(f, "special replace-vehicle {u}"),
            Decision::Special(Special::Camouflage) => f.write_str("special camouflage"),
            Decision::Special(Special::Resurrect(u)) => write!(f, "special resurrect {u}"),
            Decision::Place(v) => {
                f.write_str("place")?;
                if v.is_empty() {
                    f.write_str(" none")?;
                }
                for p in v {
                    write!(f, " {}", point_text(*p))?;
                }
                Ok(())
            }
            Decision::Mount { vehicle, minis } => {
                write!(f, "mount {vehicle}")?;
                let m = Decision::Move {
                    minis: minis.clone(),
                    facing: None,
                }
                .to_string();
                f.write_str(&m["move".len()..])
            }
            Decision::Observe { unit, aims } => {
                let a = Decision::Attack(aims.clone()).to_string();
                write!(f, "observe {unit}{}", &a["attack".len()..])
            }
            Decision::Lift(v) => write!(f, "lift {v}"),
            Decision::Declare(s) => write!(f, "declare {}", s.word()),
            Decision::Dismount(v) => {
                f.write_str("dismount")?;
                for p in v {
                    write!(f, " {}", point_text(*p))?;
                }
                Ok(())
            }
            Decision::Casualties(v) => {
                f.write_str("casualties")?;
                if v.is_empty() {
                    f.write_str(" none")?;
                }
                for m in v {
                    write!(f, " m{m}")?;
                }
                Ok(())
            }
        }
    }
}

fn index(s: &str, what: &str) -> Result<usize, String> {
    s.parse::<usize>().map_err(|_| format!("`{s}` is not {what} (a number from 0)"))
}

impl FromStr for Decision {
    type Err = String;

    /// Reads the text form written by `Display`.
    fn from_str(s: &str) -> Result<Decision, String> {
        let mut w = s.split_whitespace();
        let head = w.next().ok_or("an empty decision")?;
        let rest: Vec<&str> = w.collect();
        let one = |what: &str| -> Result<&str, String> {
            match rest.as_slice() {
                [x] => Ok(x),
                _ => Err(format!("`{head}` takes one word: {what}")),
            }
        };
        Ok(match head {
            "first" => Decision::First(match one("a or b")?.to_ascii_lowercase().as_str() {
                "a" => Side::A,
                "b" => Side::B,
                x => return Err(format!("`{x}` is not a side: write a or b")),
            }),
            "pass" if rest.is_empty() => Decision::Pass,
            "activate" => match rest.as_slice() {
                [u, "with", h] => Decision::ActivateWith(index(u, "a unit")?, index(h, "a hero")?),
                _ => Decision::Activate(index(one("a unit, or a unit `with` a hero")?, "a unit")?),
            },
            "plan" => Decision::Plan(
                rest.iter()
                    .map(|x| {
                        Action::from_word(x).ok_or_else(|| format!("`{x}` is not an action (nothing, move, march, attack, sustained, special)"))
                    })
                    .collect::<Result<_, _>>()?,
            ),
            "move" => {
                let mut minis = Vec::new();
                let mut facing = None;
                let mut it = rest.iter();
                while let Some(x) = it.next() {
                    if *x == "facing" {
                        let d = it.next().ok_or("`facing` needs degrees")?;
                        let d: i64 = d.parse().map_err(|_| format!("`{d}` is not a whole number of degrees"))?;
                        facing = Some(Facing::deg(d));
                        continue;
                    }
                    let x = x
                        .strip_prefix('m')
                        .ok_or_else(|| format!("`{x}` is not a miniature's move: write mI@X,Y"))?;
                    let (m, pts) = x.split_once('@').ok_or_else(|| format!("`m{x}` has no `@X,Y`"))?;
                    let mut pts: Vec<Pt> = pts.split('~').map(parse_point).collect::<Result<_, _>>()?;
                    let to = pts.remove(0);
                    // Written end first, then the bends: `m0@END~BEND1~BEND2`.
                    minis.push(MiniMove {
                        mini: index(m, "a miniature")?,
                        to,
                        via: pts,
                    });
                }
                Decision::Move { minis, facing }
            }
            "mount" => {
                let (v, tail) = rest.split_first().ok_or("`mount` needs a vehicle: mount V mI@X,Y …")?;
                match format!("move {}", tail.join(" ")).parse::<Decision>()? {
                    Decision::Move { minis, facing: None } => Decision::Mount {
                        vehicle: index(v, "a vehicle")?,
                        minis,
                    },
                    _ => return Err("a unit mounting turns no facing: remove `facing`".into()),
                }
            }
            "observe" => {
                let (u, tail) = rest
                    .split_first()
                    .ok_or("`observe` needs the artillery unit and its aims: observe U LINE>UNIT …")?;
                match format!("attack {}", tail.join(" ")).parse::<Decision>()? {
                    Decision::Attack(aims) if !aims.is_empty() => Decision::Observe {
                        unit: index(u, "a unit")?,
                        aims,
                    },
                    _ => return Err("`observe U` needs at least one aim: LINE>UNIT".into()),
                }
            }
            "lift" => Decision::Lift(index(one("VEHICLE")?, "a vehicle")?),
            "declare" => match rest.as_slice() {
                [w] => [Declared::FightingSpirit, Declared::Lucky]
                    .into_iter()
                    .find(|s| s.word() == *w)
                    .map(Decision::Declare)
                    .ok_or_else(|| format!("`declare` takes fighting-spirit or lucky, not `{w}`"))?,
                _ => return Err("`declare` takes one skill: fighting-spirit or lucky".into()),
            },
            "dismount" => Decision::Dismount(rest.iter().map(|x| parse_point(x)).collect::<Result<_, _>>()?),
            "smoke" => {
                let (line, at) = one("LINE@X,Y")?
                    .split_once('@')
                    .ok_or_else(|| "`smoke` takes LINE@X,Y: the artillery weapon line and the screen's centre".to_string())?;
                Decision::Smoke {
                    line: u8::try_from(index(line, "a weapon line")?).map_err(|_| "a weapon line above 255".to_string())?,
                    at: parse_point(at)?,
                }
            }
            "special" => match rest.as_slice() {
                ["none"] => Decision::Special(Special::None),
                ["engineer", p] => Decision::Special(Special::Engineer(index(p, "a terrain piece")?)),
                ["get-moving", u] => Decision::Special(Special::GetMoving(index(u, "a unit")?)),
                ["get-up", u] => Decision::Special(Special::GetUp(index(u, "a unit")?)),
                ["repair", u] => Decision::Special(Special::Repair(index(u, "a unit")?)),
                ["medevac", u] => Decision::Special(Special::Medevac(index(u, "a unit")?)),
                ["launch-smoke"] => Decision::Special(Special::LaunchSmoke),
                ["dozer"] => Decision::Special(Special::Dozer),
                ["reload"] => Decision::Special(Special::Reload),
                ["ammo-drop", u] => Decision::Special(Special::AmmoDrop(index(u, "a unit")?)),
                ["reinforce", u] => Decision::Special(Special::Reinforce(index(u, "a unit")?)),
                ["replace-vehicle", u] => Decision::Special(Special::ReplaceVehicle(index(u, "a unit")?)),
                ["stimulants", u, t] => Decision::Special(Special::Stimulants(
                    index(u, "a unit")?,
                    super::command::Stimulant::from_word(t)
                        .ok_or_else(|| format!("`{t}` is no Stimulants token: write attack or move"))?,
                )),
                ["camouflage"] => Decision::Special(Special::Camouflage),
                ["resurrect", u] => Decision::Special(Special::Resurrect(index(u, "a unit")?)),
                _ => {
                    return Err(
                        "`special` takes: none, engineer PIECE (a terrain piece's number), get-moving UNIT, get-up UNIT, repair UNIT, medevac UNIT, launch-smoke, dozer, reload, ammo-drop UNIT, stimulants UNIT attack|move, reinforce UNIT, replace-vehicle UNIT, camouflage or resurrect UNIT"
                            .into(),
                    )
                }
            },
            "place" => {
                if rest == ["none"] {
                    Decision::Place(Vec::new())
                } else {
                    Decision::Place(rest.iter().map(|x| parse_point(x)).collect::<Result<_, _>>()?)
                }
            }
            "attack" => {
                if rest == ["none"] {
                    Decision::Attack(Vec::new())
                } else {
                    let mut aims = Vec::new();
                    for x in &rest {
                        let (line, t) = x.split_once('>').ok_or_else(|| format!("`{x}` is not an aim: write LINE>UNIT"))?;
                        let (t, at) = match t.split_once('@') {
                            Some((t, p)) => (t, Some(parse_point(p)?)),
                            None => (t, None),
                        };
                        aims.push(Aim {
                            line: u8::try_from(index(line, "a weapon line")?).map_err(|_| "a weapon line above 255".to_string())?,
                            target: index(t, "a unit")?,
                            at,
                        });
                    }
                    Decision::Attack(aims)
                }
            }
            "react" => match one("a unit or none")? {
                "none" => Decision::React(None),
                u => Decision::React(Some(index(u, "a unit")?)),
            },
            "react-with" => match one("sustained or turn-attack")? {
                "sustained" => Decision::ReactWith(ReactChoice::Sustained),
                "turn-attack" => Decision::ReactWith(ReactChoice::TurnThenAttack),
                x => return Err(format!("`{x}`: write sustained or turn-attack")),
            },
            "casualties" => {
                if rest == ["none"] {
                    Decision::Casualties(Vec::new())
                } else {
                    Decision::Casualties(
                        rest.iter()
                            .map(|x| index(x.strip_prefix('m').unwrap_or(x), "a miniature"))
                            .collect::<Result<_, _>>()?,
                    )
                }
            }
            _ => {
                return Err(format!(
                    "`{s}` is not a Battlefield decision (first, pass, activate, plan, move, mount, dismount, attack, smoke, special, react, react-with, casualties, place, observe)"
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips() {
        let ds = [
            Decision::First(Side::B),
            Decision::Pass,
            Decision::Activate(3),
            Decision::Plan(vec![Action::Move, Action::Attack]),
            Decision::Plan(vec![Action::March]),
            Decision::Move {
                minis: vec![
                    MiniMove {
                        mini: 0,
                        to: Pt::new(5_012, 2_500),
                        via: vec![Pt::new(4_000, 2_000)],
                    },
                    MiniMove {
                        mini: 2,
                        to: Pt::new(-1, 7),
                        via: vec![],
                    },
                ],
                facing: Some(Facing::deg(270)),
            },
            Decision::Attack(vec![
                Aim {
                    line: 0,
                    target: 4,
                    at: None,
                },
                Aim {
                    line: 2,
                    target: 5,
                    at: Some(Pt::new(9_000, 4_850)),
                },
            ]),
            Decision::Attack(vec![]),
            Decision::React(None),
            Decision::React(Some(2)),
            Decision::ReactWith(ReactChoice::TurnThenAttack),
            Decision::Casualties(vec![1, 3]),
            Decision::Casualties(vec![]),
            Decision::Place(vec![Pt::cm(10.0, 2.5), Pt::cm(13.25, 2.5)]),
            Decision::Place(vec![]),
            Decision::Mount {
                vehicle: 2,
                minis: vec![MiniMove {
                    mini: 1,
                    to: Pt::cm(40.5, 12.0),
                    via: vec![Pt::cm(30.0, 10.0)],
                }],
            },
            Decision::Dismount(vec![Pt::cm(50.0, 20.0), Pt::cm(53.5, 20.0)]),
        ];
        for d in ds {
            let text = d.to_string();
            assert_eq!(text.parse::<Decision>(), Ok(d.clone()), "{text}");
        }
        assert!("move m0@a,b".parse::<Decision>().is_err());
        assert!("fly 3".parse::<Decision>().is_err());
    }
}
