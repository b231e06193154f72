//! What a space is made of (tactics-revised-core-rules.md, "Terrain Types" and
//! "3-D Cover Elements") and the kinds of pieces that stand on it.

use core::fmt;

/// The symbol printed in a space.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Terrain {
    /// Circle: any unit may enter, any cover element may stand here.
    Open,
    /// Triangle, deep water: blocks movement (not Jump), never line of sight.
    Water,
    /// Cross, rubble: blocks vehicles (not Jump), soft cover for squads in it.
    Rubble,
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
            Terrain::Smoke => 's',
            Terrain::NoDot => '#',
        }
    }
    /// Whether a cover element may be placed on this terrain ("Terrain Types": not on
    /// triangle, cross or no-dot spaces).
    pub const fn allows_cover_element(self) -> bool {
        matches!(self, Terrain::Open | Terrain::Smoke)
    }
    /// The name used in messages.
    pub const fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Water => "deep water",
            Terrain::Rubble => "rubble",
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
