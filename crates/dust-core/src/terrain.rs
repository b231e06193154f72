//! What a space is made of (tactics-revised-core-rules.md, "Terrain Types" and
//! "3-D Cover Elements"; tactics-battlefront-2013-rules.txt, "Moving Through Terrain") and the
//! kinds of pieces that stand on it.

use core::fmt;

/// The symbol printed in a space (revised), or the terrain tile on it (battlefront).
///
/// The battlefront edition's six types map as: open squares [`Terrain::Open`], tree squares
/// [`Terrain::Trees`], rubble squares [`Terrain::Rubble`], swamp squares [`Terrain::Swamp`],
/// water squares [`Terrain::Water`], structure squares [`Terrain::NoDot`]. Smoke is both
/// editions'. The order of the variants matters: the revised line of sight
/// ([`crate::los`]) treats the variants from [`Terrain::Smoke`] on as the ones that may block.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Terrain {
    /// Circle: any unit may enter, any cover element may stand here.
    Open,
    /// Triangle, deep water: blocks movement (not Jump), never line of sight.
    Water,
    /// Cross, rubble: blocks vehicles (not Jump), soft cover for squads in it.
    Rubble,
    /// Battlefront tree square: units move freely onto and through it; it blocks line of sight
    /// to units beyond it, not to units in it; infantry in it is in cover ("Tree Squares",
    /// "Line of Sight Through Terrain", "Cover Saves"). The revised edition has no trees: its
    /// line of sight and cover treat the square as open ground.
    Trees,
    /// Battlefront swamp square (shallow water): vehicles cannot enter it, other units move
    /// freely ("Swamp Squares"); it never blocks line of sight.
    Swamp,
    /// Diamond, smoke: blocks line of sight; units in it can neither attack nor be targeted.
    Smoke,
    /// No symbol or dot (or a terrain square): blocks movement and line of sight.
    NoDot,
}

impl Terrain {
    /// The map-file character for this terrain (see docs/map-format.md).
    pub const fn symbol(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Water => '~',
            Terrain::Rubble => 'x',
            Terrain::Trees => '^',
            Terrain::Swamp => 'w',
            Terrain::Smoke => 's',
            Terrain::NoDot => '#',
        }
    }
    /// Whether a cover element may be placed on this terrain ("Terrain Types": not on
    /// triangle, cross or no-dot spaces; battlefront "Open Squares": "any type of obstacle can
    /// occupy these squares", so not on trees or swamp either).
    pub const fn allows_cover_element(self) -> bool {
        matches!(self, Terrain::Open | Terrain::Smoke)
    }
    /// Whether vehicles may enter the terrain: not deep water, rubble or swamp ("Terrain
    /// Types"; battlefront "Rubble Squares", "Swamp Squares"), nor a space without a dot.
    pub const fn lets_vehicles_in(self) -> bool {
        matches!(self, Terrain::Open | Terrain::Trees | Terrain::Smoke)
    }
    /// Whether battlefront line of sight stops at the square: structure squares (and squares
    /// without a dot), trees and smoke ("Structure Squares", "Tree Squares", "Line of Sight
    /// Through Smoke"). Units in trees or smoke are seen; what is beyond them is not.
    pub const fn blocks_area_sight(self) -> bool {
        matches!(self, Terrain::NoDot | Terrain::Smoke | Terrain::Trees)
    }
    /// Whether infantry standing in the terrain is in cover in the battlefront edition ("Cover
    /// Saves": "An Infantry unit is also in Cover if it occupies a square with … trees, rubble,
    /// buildings, or smoke"; buildings and cover elements are asked elsewhere).
    pub const fn covers_infantry(self) -> bool {
        matches!(self, Terrain::Trees | Terrain::Rubble | Terrain::Smoke)
    }
    /// Every terrain, in declaration order.
    pub const ALL: [Terrain; 7] = [
        Terrain::Open,
        Terrain::Water,
        Terrain::Rubble,
        Terrain::Trees,
        Terrain::Swamp,
        Terrain::Smoke,
        Terrain::NoDot,
    ];
    /// The name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Water => "deep water",
            Terrain::Rubble => "rubble",
            Terrain::Trees => "trees",
            Terrain::Swamp => "swamp",
            Terrain::Smoke => "smoke",
            Terrain::NoDot => "a space without a dot",
        }
    }
}

/// A plastic 3-D cover element occupying a space ("3-D Cover Elements").
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum CoverElement {
    /// Soft cover; never blocks line of sight; vehicles may crush it.
    AmmoCrate,
    /// Hard cover; blocks soldier-against-soldier line of sight; vehicles cannot enter.
    AntiTankTrap,
}

impl CoverElement {
    /// The name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            CoverElement::AmmoCrate => "ammo crate",
            CoverElement::AntiTankTrap => "anti-tank trap",
        }
    }
}

/// What kind of unit a piece is, as far as geometry cares.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum PieceKind {
    /// A squad of soldiers.
    Squad,
    /// A hero (a soldier) alone or joined to a squad.
    Hero,
    /// A land vehicle (tank or walker).
    Vehicle,
}

impl PieceKind {
    /// Squads and heroes are soldiers.
    pub const fn is_soldier(self) -> bool {
        matches!(self, PieceKind::Squad | PieceKind::Hero)
    }
    /// The name used in files and messages.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Squad => "squad",
            PieceKind::Hero => "hero",
            PieceKind::Vehicle => "vehicle",
        }
    }
    /// Reads `squad`, `hero` or `vehicle`.
    pub fn from_name(s: &str) -> Option<PieceKind> {
        match s {
            "squad" => Some(PieceKind::Squad),
            "hero" => Some(PieceKind::Hero),
            "vehicle" => Some(PieceKind::Vehicle),
            _ => None,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
