//! The two sides of a game and per-side containers.

use core::fmt;
use core::ops::{Index, IndexMut};

/// One of the two sides of a battle. Blocs (Allies, Axis, SSU) are a property of units;
/// a scenario says which bloc plays on which side. By convention side A is the Allies'
/// seat and side B the Axis' in the shipped scenarios.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd, Debug)]
pub enum Side {
    /// The first side (Allies in the core box).
    A,
    /// The second side (Axis in the core box).
    B,
}

impl Side {
    /// Both sides, A first.
    pub const ALL: [Side; 2] = [Side::A, Side::B];
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
    /// 0 for A, 1 for B.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// A value for each side.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub struct BySide<T> {
    /// Side A's value.
    pub a: T,
    /// Side B's value.
    pub b: T,
}

impl<T> BySide<T> {
    /// Builds a pair from a function of the side.
    pub fn new_with(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            a: f(Side::A),
            b: f(Side::B),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        match s {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        match s {
            Side::A => &mut self.a,
            Side::B => &mut self.b,
        }
    }
}
