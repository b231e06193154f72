//! [`ShortList`]: a list of at most `N` small `Copy` values kept inline, so that a value holding
//! it copies without allocating (issue 21: a [`crate::game::Unit`] carried five `Vec`s, and
//! cloning a game for a search spent more time in the allocator than in the rules).

use core::fmt;
use core::ops::{Deref, DerefMut};

/// A value that fills the unused slots of a [`ShortList`]; never read as an entry.
pub trait Slot: Copy {
    /// The filler.
    const EMPTY: Self;
}

impl Slot for u8 {
    const EMPTY: u8 = 0;
}

impl Slot for crate::square::Square {
    const EMPTY: Self = crate::square::Square::new(0, 0);
}

impl Slot for crate::game::Decision {
    const EMPTY: Self = crate::game::Decision::Retaliate(false);
}

impl Slot for crate::unit::Skill {
    const EMPTY: Self = crate::unit::Skill::Agile;
}

impl Slot for crate::unit::BattlefrontSkill {
    const EMPTY: Self = crate::unit::BattlefrontSkill::FightingSpirit;
}

impl Slot for crate::game::Ability {
    const EMPTY: Self = crate::game::Ability::ArtilleryStrike;
}

/// At most `N` values in order, inline (no allocation), read as a slice. Its `Debug` text is a
/// `Vec`'s (the position key writes the unit's skill lists with it).
///
/// Each list in the engine is sized from a documented worst case (see the fields of
/// [`crate::game::Unit`]); going past it is an engine bug and panics.
#[derive(Copy, Clone)]
pub struct ShortList<T: Slot, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Slot, const N: usize> ShortList<T, N> {
    /// An empty list.
    pub const fn new() -> Self {
        assert!(N <= u8::MAX as usize, "a short list holds at most 255 values");
        ShortList {
            len: 0,
            items: [T::EMPTY; N],
        }
    }

    /// Adds `v` at the end.
    ///
    /// # Panics
    /// If the list already holds `N` values.
    pub fn push(&mut self, v: T) {
        let i = usize::from(self.len);
        assert!(i < N, "a short list of at most {N} values is full");
        self.items[i] = v;
        self.len += 1;
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Cuts the list to `n` values, or lengthens it with copies of `v`.
    ///
    /// # Panics
    /// If `n` is more than `N`.
    pub fn resize(&mut self, n: usize, v: T) {
        assert!(n <= N, "a short list of at most {N} values cannot hold {n}");
        for i in usize::from(self.len)..n {
            self.items[i] = v;
        }
        self.len = n as u8;
    }
}

impl<T: Slot, const N: usize> Default for ShortList<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Slot, const N: usize> Deref for ShortList<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Slot, const N: usize> DerefMut for ShortList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Slot, const N: usize> FromIterator<T> for ShortList<T, N> {
    /// # Panics
    /// If the iterator gives more than `N` values.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = Self::new();
        for v in iter {
            l.push(v);
        }
        l
    }
}

impl<T: Slot + fmt::Debug, const N: usize> fmt::Debug for ShortList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Slot + PartialEq, const N: usize> PartialEq for ShortList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Slot + Eq, const N: usize> Eq for ShortList<T, N> {}

impl<'a, T: Slot, const N: usize> IntoIterator for &'a ShortList<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_the_vec_it_replaces() {
        let mut l: ShortList<u8, 4> = [3, 1].into_iter().collect();
        let mut v = vec![3u8, 1];
        assert_eq!(&*l, &v[..]);
        l.push(2);
        v.push(2);
        l[0] = 9;
        v[0] = 9;
        assert_eq!(format!("{l:?}"), format!("{v:?}"));
        l.resize(1, 0);
        v.resize(1, 0);
        l.resize(3, 7);
        v.resize(3, 7);
        assert_eq!(&*l, &v[..]);
        l.clear();
        assert!(l.is_empty());
        assert_eq!(format!("{l:?}"), "[]");
    }

    #[test]
    #[should_panic(expected = "full")]
    fn refuses_more_than_its_size() {
        let mut l: ShortList<u8, 1> = ShortList::new();
        l.push(1);
        l.push(2);
    }
}
