//! Decisions: everything a player can choose, one small `Copy` value each, with a text form
//! (`Display` / `FromStr`) used by game records.

use crate::deck::{Ability, CardId};
use crate::map::AreaId;
use crate::units::UnitKind;
use core::fmt;
use core::str::FromStr;

/// A seat at the table (0-based). Seats are also army colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// As an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

/// The four ways to spend a movement point ("The Movement Phase").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveMode {
    /// Land and air units along friendly or unoccupied land areas ("Land Movement").
    Land,
    /// Submarines along friendly or unoccupied sea areas ("Sea Movement").
    Sea,
    /// Land and air units between coastal areas across friendly seas ("Amphibious Movement").
    Amphibious,
    /// Bombers from a friendly land area to any friendly or unoccupied land area ("Strategic
    /// Bomber Movement").
    Bomber,
}

impl MoveMode {
    const fn key(self) -> &'static str {
        match self {
            MoveMode::Land => "land",
            MoveMode::Sea => "sea",
            MoveMode::Amphibious => "amphibious",
            MoveMode::Bomber => "bomber",
        }
    }
}

/// One decision of one player. Which are legal depends on the state: see
/// [`crate::game::Game::legal_decisions`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Choose a card face down (setup step 2 and "The Initiative Step").
    ChooseCard(CardId),
    /// Claim a capital with a tank (setup step 3).
    ClaimCapital(AreaId),
    /// Claim an unoccupied land area with a single tank (setup step 4).
    ClaimArea(AreaId),
    /// Place one of the three starting production centers (setup step 5).
    PlaceProductionCenter(AreaId),
    /// Buy a unit built by the production center in `pc`, placed in `at` (`at == pc` for land
    /// and air units, an adjacent sea area for submarines).
    Buy {
        /// What to build.
        kind: UnitKind,
        /// The production center that builds it.
        pc: AreaId,
        /// Where it is placed.
        at: AreaId,
    },
    /// Buy a neutral unit for a neutral capital ("Buying Neutral Units").
    BuyNeutral {
        /// What to build (no submarines).
        kind: UnitKind,
        /// The neutral capital.
        capital: AreaId,
    },
    /// Buy a production center for a friendly land area.
    BuyProductionCenter(AreaId),
    /// Discard a card from the hand (only before buying cards).
    Discard(CardId),
    /// Buy this many cards (declared before drawing any).
    BuyCards(u8),
    /// Diplomat: this player is your ally for the round.
    Diplomat(PlayerId),
    /// Mech Builder: a free mech at this production center.
    MechBuilder(AreaId),
    /// End the production phase.
    EndProduction,
    /// Spend a movement point; the units are chosen next with [`Decision::Count`].
    Move {
        /// How.
        mode: MoveMode,
        /// Pick-up area.
        from: AreaId,
        /// Drop-off area.
        to: AreaId,
    },
    /// Spend a combat point on an attack (adjacent or amphibious); the attacking units are
    /// chosen next with [`Decision::Count`].
    Attack {
        /// Origin area.
        from: AreaId,
        /// Target area.
        to: AreaId,
    },
    /// Special bomber attack on submarines.
    BomberStrike {
        /// The land area of the bombers.
        from: AreaId,
        /// The adjacent sea area.
        to: AreaId,
    },
    /// Special submarine attack on a land area.
    SubmarineStrike {
        /// The sea area of the submarines.
        from: AreaId,
        /// The adjacent land area.
        to: AreaId,
    },
    /// Ballistic Missiles: a special attack on any area.
    Missile(AreaId),
    /// Mech Dropper: drop mechs on this enemy area; the mechs are chosen next.
    MechDrop(AreaId),
    /// End the turn (movement and combat).
    EndTurn,
    /// Answer the current count question (how many units of the kind or area asked).
    Count(u8),
    /// Use the special ability of your card now.
    Use(Ability),
    /// Decline the optional ability offered now.
    Pass,
    /// Roll the dice (instead of retreating first).
    Roll,
    /// Retreat some units before rolling; which ones are chosen next.
    Retreat,
    /// Of the hits, this many destroy land units (tanks, then mechs); the others destroy air
    /// units (fighters, then bombers).
    HitLand(u8),
    /// The retreating unit goes to this area.
    RetreatTo(AreaId),
    /// Ballistic missile hit: destroy a unit of this kind.
    Destroy(UnitKind),
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Decision::ChooseCard(c) => write!(f, "card {c}"),
            Decision::ClaimCapital(a) => write!(f, "capital {a}"),
            Decision::ClaimArea(a) => write!(f, "claim {a}"),
            Decision::PlaceProductionCenter(a) => write!(f, "place-pc {a}"),
            Decision::Buy { kind, pc, at } => write!(f, "buy {} {pc} {at}", kind.name()),
            Decision::BuyNeutral { kind, capital } => write!(f, "buy-neutral {} {capital}", kind.name()),
            Decision::BuyProductionCenter(a) => write!(f, "buy-pc {a}"),
            Decision::Discard(c) => write!(f, "discard {c}"),
            Decision::BuyCards(n) => write!(f, "buy-cards {n}"),
            Decision::Diplomat(p) => write!(f, "diplomat {}", p.0),
            Decision::MechBuilder(a) => write!(f, "mech-builder {a}"),
            Decision::EndProduction => f.write_str("end-production"),
            Decision::Move { mode, from, to } => write!(f, "move {} {from} {to}", mode.key()),
            Decision::Attack { from, to } => write!(f, "attack {from} {to}"),
            Decision::BomberStrike { from, to } => write!(f, "bomber-strike {from} {to}"),
            Decision::SubmarineStrike { from, to } => write!(f, "submarine-strike {from} {to}"),
            Decision::Missile(a) => write!(f, "missile {a}"),
            Decision::MechDrop(a) => write!(f, "mech-drop {a}"),
            Decision::EndTurn => f.write_str("end-turn"),
            Decision::Count(n) => write!(f, "count {n}"),
            Decision::Use(a) => write!(f, "use {}", a.key()),
            Decision::Pass => f.write_str("pass"),
            Decision::Roll => f.write_str("roll"),
            Decision::Retreat => f.write_str("retreat"),
            Decision::HitLand(n) => write!(f, "hit-land {n}"),
            Decision::RetreatTo(a) => write!(f, "retreat-to {a}"),
            Decision::Destroy(k) => write!(f, "destroy {}", k.name()),
        }
    }
}

/// A decision's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseDecisionError(pub String);

impl fmt::Display for ParseDecisionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a decision: `{}` (see docs/strategy.md, \"Decisions\")", self.0)
    }
}

impl std::error::Error for ParseDecisionError {}

impl FromStr for Decision {
    type Err = ParseDecisionError;
    fn from_str(s: &str) -> Result<Decision, ParseDecisionError> {
        let bad = || ParseDecisionError(s.to_string());
        let w: Vec<&str> = s.split_whitespace().collect();
        let num = |i: usize| -> Result<u8, ParseDecisionError> { w.get(i).and_then(|x| x.parse().ok()).ok_or_else(bad) };
        let area = |i: usize| num(i).map(AreaId);
        let kind = |i: usize| w.get(i).and_then(|x| UnitKind::parse(x)).ok_or_else(bad);
        let mode = |i: usize| match w.get(i).copied() {
            Some("land") => Ok(MoveMode::Land),
            Some("sea") => Ok(MoveMode::Sea),
            Some("amphibious") => Ok(MoveMode::Amphibious),
            Some("bomber") => Ok(MoveMode::Bomber),
            _ => Err(bad()),
        };
        let want = |n: usize| if w.len() == n { Ok(()) } else { Err(bad()) };
        let d = match w.first().copied().ok_or_else(bad)? {
            "card" => Decision::ChooseCard(CardId(num(1)?)),
            "capital" => Decision::ClaimCapital(area(1)?),
            "claim" => Decision::ClaimArea(area(1)?),
            "place-pc" => Decision::PlaceProductionCenter(area(1)?),
            "buy" => {
                want(4)?;
                Decision::Buy {
                    kind: kind(1)?,
                    pc: area(2)?,
                    at: area(3)?,
                }
            }
            "buy-neutral" => {
                want(3)?;
                Decision::BuyNeutral {
                    kind: kind(1)?,
                    capital: area(2)?,
                }
            }
            "buy-pc" => Decision::BuyProductionCenter(area(1)?),
            "discard" => Decision::Discard(CardId(num(1)?)),
            "buy-cards" => Decision::BuyCards(num(1)?),
            "diplomat" => Decision::Diplomat(PlayerId(num(1)?)),
            "mech-builder" => Decision::MechBuilder(area(1)?),
            "end-production" => Decision::EndProduction,
            "move" => {
                want(4)?;
                Decision::Move {
                    mode: mode(1)?,
                    from: area(2)?,
                    to: area(3)?,
                }
            }
            "attack" => Decision::Attack {
                from: area(1)?,
                to: area(2)?,
            },
            "bomber-strike" => Decision::BomberStrike {
                from: area(1)?,
                to: area(2)?,
            },
            "submarine-strike" => Decision::SubmarineStrike {
                from: area(1)?,
                to: area(2)?,
            },
            "missile" => Decision::Missile(area(1)?),
            "mech-drop" => Decision::MechDrop(area(1)?),
            "end-turn" => Decision::EndTurn,
            "count" => Decision::Count(num(1)?),
            "use" => Decision::Use(w.get(1).and_then(|x| Ability::from_key(x)).ok_or_else(bad)?),
            "pass" => Decision::Pass,
            "roll" => Decision::Roll,
            "retreat" => Decision::Retreat,
            "hit-land" => Decision::HitLand(num(1)?),
            "retreat-to" => Decision::RetreatTo(area(1)?),
            "destroy" => Decision::Destroy(kind(1)?),
            _ => return Err(bad()),
        };
        let arity = match d {
            Decision::Buy { .. } | Decision::Move { .. } => 4,
            Decision::BuyNeutral { .. } | Decision::Attack { .. } | Decision::BomberStrike { .. } | Decision::SubmarineStrike { .. } => 3,
            Decision::EndProduction | Decision::EndTurn | Decision::Pass | Decision::Roll | Decision::Retreat => 1,
            _ => 2,
        };
        want(arity)?;
        Ok(d)
    }
}
