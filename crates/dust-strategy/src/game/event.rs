//! Events: what happened, in order. The log, the terminal view and tests read them.

use super::decision::{MoveMode, PlayerId};
use crate::deck::{Ability, CardId};
use crate::map::AreaId;
use crate::units::Units;

/// Who owns units or an area.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// A player's army.
    Player(PlayerId),
    /// A neutral army ("Neutral Units").
    Neutral,
}

/// The three majorities ("Majorities").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Majority {
    /// Most production centers.
    Production = 0,
    /// Most sea areas.
    Sea = 1,
    /// Most land areas.
    Land = 2,
}

impl Majority {
    /// All three.
    pub const ALL: [Majority; 3] = [Majority::Production, Majority::Sea, Majority::Land];
}

/// The kind of a battle ("Battle").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BattleKind {
    /// Between adjacent land areas.
    Land,
    /// Between adjacent sea areas.
    Sea,
    /// Between land areas across friendly seas.
    Amphibious,
    /// Mech Dropper: mechs dropped from anywhere.
    MechDrop,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A card was drawn into a hand (the card is secret to the others).
    Drew {
        /// Who.
        player: PlayerId,
        /// What (secret).
        card: CardId,
    },
    /// The discard pile was shuffled into a new draw pile.
    Reshuffled,
    /// A player chose a card face down.
    ChoseCard(PlayerId),
    /// The chosen cards were revealed.
    Revealed(Vec<(PlayerId, CardId)>),
    /// The order of play (setup order or turn order).
    Order(Vec<PlayerId>),
    /// A capital was claimed.
    ClaimedCapital(PlayerId, AreaId),
    /// An unclaimed capital got a neutral tank, mech and production center.
    NeutralCapital(AreaId),
    /// A land area was claimed with a tank.
    ClaimedArea(PlayerId, AreaId),
    /// A production center was placed.
    ProductionCenter(PlayerId, AreaId),
    /// A player's production points for the phase.
    ProductionPoints(PlayerId, u32),
    /// Units were bought and placed.
    Bought {
        /// Buyer.
        player: PlayerId,
        /// What.
        units: Units,
        /// Where.
        at: AreaId,
        /// Bought for a neutral capital.
        neutral: bool,
    },
    /// Cards were bought (then drawn).
    BoughtCards(PlayerId, u8),
    /// A card was discarded.
    Discarded(PlayerId, CardId),
    /// A special ability was used.
    UsedAbility(PlayerId, Ability),
    /// Allies for the round (Diplomat).
    Allied(PlayerId, PlayerId),
    /// A player's turn begins.
    TurnBegins(PlayerId),
    /// Units moved.
    Moved {
        /// Whose.
        player: PlayerId,
        /// How.
        mode: MoveMode,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
        /// Which.
        units: Units,
    },
    /// A battle began.
    BattleBegins {
        /// Kind.
        kind: BattleKind,
        /// Attacker.
        attacker: PlayerId,
        /// Defender.
        defender: Owner,
        /// Origin (none for a mech drop).
        from: Option<AreaId>,
        /// Target.
        to: AreaId,
        /// Attacking units.
        attackers: Units,
        /// Defending units.
        defenders: Units,
    },
    /// Dice were rolled.
    Rolled {
        /// Who rolled.
        by: Owner,
        /// How many dice.
        dice: u32,
        /// Hits.
        hits: u32,
    },
    /// Dice were rolled again with a card's ability, right after a roll ("Sigrid": the blanks;
    /// "Raketen Truppen": all of them).
    Rerolled {
        /// Who rolled.
        by: Owner,
        /// The ability used.
        ability: Ability,
        /// How many dice were rolled again.
        dice: u32,
        /// Hits of the first roll kept (Sigrid keeps the dice that hit; 0 for Raketen Truppen).
        kept: u32,
        /// Hits in all after the reroll.
        hits: u32,
    },
    /// Units were destroyed.
    Destroyed {
        /// Whose.
        owner: Owner,
        /// Where.
        at: AreaId,
        /// Which.
        units: Units,
    },
    /// A casualty was saved by the Nurse.
    Saved(Owner, Units),
    /// Units retreated.
    Retreated {
        /// Whose.
        owner: Owner,
        /// Which.
        units: Units,
        /// To.
        to: AreaId,
    },
    /// Who rolls first in a land, amphibious or mech-drop battle ("Land Battles": tactical
    /// supremacy; a capital's defender always has it; a tie goes to the defender).
    Supremacy {
        /// Who has it (and rolls first).
        owner: Owner,
        /// The attacker's tactical supremacy points.
        attacker: u32,
        /// The defender's.
        defender: u32,
        /// The target is a capital.
        capital: bool,
    },
    /// Three empty rolls: the attackers must retreat (or are destroyed).
    CeaseFire,
    /// The attacker took the target area.
    Conquered(PlayerId, AreaId),
    /// A battle ended without conquest.
    Held(AreaId),
    /// A special attack (not a battle) was made.
    SpecialAttack {
        /// Who.
        player: PlayerId,
        /// Target.
        at: AreaId,
        /// Dice rolled.
        dice: u32,
    },
    /// A majority was awarded (or nobody holds it).
    MajorityHeld(Majority, Option<PlayerId>),
    /// Victory points scored in a victory point phase.
    Scored {
        /// Who.
        player: PlayerId,
        /// This phase.
        gained: u32,
        /// New total.
        total: u32,
    },
    /// A new game round begins.
    RoundBegins(u16),
    /// The game is over; the winners share the victory.
    GameOver(Vec<PlayerId>),
}
