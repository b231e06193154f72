//! Military units and armies as counts per kind ("The Figures").

use core::fmt;

/// The five kinds of military unit ("The Figures"). Production centers are not units.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum UnitKind {
    /// Cost 2, combat 1, tactical supremacy 0; land unit.
    Tank = 0,
    /// Cost 5, combat 2, tactical supremacy 1; land unit.
    Mech = 1,
    /// Cost 3, combat 1, tactical supremacy 1; air unit.
    Fighter = 2,
    /// Cost 6, combat 2, tactical supremacy 1; air unit.
    Bomber = 3,
    /// Cost 4, combat 1, no tactical supremacy; sea unit.
    Submarine = 4,
}

impl UnitKind {
    /// Every kind, in the order armies are written (`t m f b s`).
    pub const ALL: [UnitKind; 5] = [
        UnitKind::Tank,
        UnitKind::Mech,
        UnitKind::Fighter,
        UnitKind::Bomber,
        UnitKind::Submarine,
    ];
    /// Land and air kinds (what fights on land).
    pub const LAND_AIR: [UnitKind; 4] = [UnitKind::Tank, UnitKind::Mech, UnitKind::Fighter, UnitKind::Bomber];

    /// Production cost ("Production Costs Summary").
    pub const fn cost(self) -> u32 {
        [2, 5, 3, 6, 4][self as usize]
    }
    /// Dice rolled in battle ("Combat Value").
    pub const fn combat(self) -> u32 {
        [1, 2, 1, 2, 1][self as usize]
    }
    /// Tactical supremacy points ("The Figures").
    pub const fn supremacy(self) -> u32 {
        [0, 1, 1, 1, 0][self as usize]
    }
    /// Figures of this kind in one army ("Components": 60 tanks, 20 mechs, 20 fighters, 15
    /// bombers, 15 submarines).
    pub const fn component_limit(self) -> u32 {
        [60, 20, 20, 15, 15][self as usize]
    }
    /// Figures of this kind a player's army may have in play: the components less the tank
    /// that marks his victory points ("Setup": "each player places one of his tanks near the
    /// beginning of the victory point track"), so 59 tanks. Neutral units have no marker.
    pub const fn in_play_limit(self) -> u32 {
        match self {
            UnitKind::Tank => 59,
            _ => self.component_limit(),
        }
    }
    /// A land unit (tank, mech).
    pub const fn is_land(self) -> bool {
        matches!(self, UnitKind::Tank | UnitKind::Mech)
    }
    /// An air unit (fighter, bomber).
    pub const fn is_air(self) -> bool {
        matches!(self, UnitKind::Fighter | UnitKind::Bomber)
    }
    /// A sea unit (submarine).
    pub const fn is_sea(self) -> bool {
        matches!(self, UnitKind::Submarine)
    }
    /// The letter used in army strings (`3t1m2f1b`, `s` submarines).
    pub const fn letter(self) -> char {
        ['t', 'm', 'f', 'b', 's'][self as usize]
    }
    /// Its name in lower case.
    pub const fn name(self) -> &'static str {
        ["tank", "mech", "fighter", "bomber", "submarine"][self as usize]
    }
    /// The kind named by a letter or name.
    pub fn parse(s: &str) -> Option<UnitKind> {
        UnitKind::ALL
            .into_iter()
            .find(|k| s == k.name() || s.len() == 1 && s.starts_with(k.letter()))
    }
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A group of units: how many of each kind. Small and `Copy`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Units(pub [u8; 5]);

impl Units {
    /// No units.
    pub const EMPTY: Units = Units([0; 5]);

    /// Units of one kind.
    pub fn of(kind: UnitKind, n: u8) -> Units {
        let mut u = Units::EMPTY;
        u.0[kind as usize] = n;
        u
    }
    /// How many of a kind.
    pub fn get(&self, k: UnitKind) -> u8 {
        self.0[k as usize]
    }
    /// Adds `n` of a kind (saturating at 255).
    pub fn add(&mut self, k: UnitKind, n: u8) {
        self.0[k as usize] = self.0[k as usize].saturating_add(n);
    }
    /// Removes up to `n` of a kind.
    pub fn remove(&mut self, k: UnitKind, n: u8) {
        self.0[k as usize] = self.0[k as usize].saturating_sub(n);
    }
    /// Adds a whole group.
    pub fn add_all(&mut self, o: Units) {
        for k in UnitKind::ALL {
            self.add(k, o.get(k));
        }
    }
    /// Removes a whole group (saturating).
    pub fn remove_all(&mut self, o: Units) {
        for k in UnitKind::ALL {
            self.remove(k, o.get(k));
        }
    }
    /// Does this group hold at least `o`?
    pub fn contains(&self, o: Units) -> bool {
        UnitKind::ALL.into_iter().all(|k| self.get(k) >= o.get(k))
    }
    /// Number of units.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }
    /// No unit at all.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }
    /// Land units (tanks and mechs).
    pub fn land(&self) -> u32 {
        u32::from(self.get(UnitKind::Tank)) + u32::from(self.get(UnitKind::Mech))
    }
    /// Air units (fighters and bombers).
    pub fn air(&self) -> u32 {
        u32::from(self.get(UnitKind::Fighter)) + u32::from(self.get(UnitKind::Bomber))
    }
    /// Only the land and air units.
    pub fn land_air(&self) -> Units {
        let mut u = *self;
        u.0[UnitKind::Submarine as usize] = 0;
        u
    }
    /// Only the submarines.
    pub fn sea(&self) -> Units {
        Units::of(UnitKind::Submarine, self.get(UnitKind::Submarine))
    }
    /// Sum of combat values: the dice these units roll in battle.
    pub fn dice(&self) -> u32 {
        UnitKind::ALL.into_iter().map(|k| u32::from(self.get(k)) * k.combat()).sum()
    }
    /// Sum of tactical supremacy values.
    pub fn supremacy(&self) -> u32 {
        UnitKind::ALL.into_iter().map(|k| u32::from(self.get(k)) * k.supremacy()).sum()
    }
    /// Total production cost.
    pub fn cost(&self) -> u32 {
        UnitKind::ALL.into_iter().map(|k| u32::from(self.get(k)) * k.cost()).sum()
    }
    /// Reads an army string such as `3t1m2f1b` or `4s` (counts before letters; a letter alone
    /// counts one). `None` if the text is not such a string or a count passes 255.
    pub fn parse(s: &str) -> Option<Units> {
        let mut u = Units::EMPTY;
        let mut num: Option<u32> = None;
        let s = s.trim();
        if s.is_empty() {
            return None;
        }
        for c in s.chars() {
            if let Some(d) = c.to_digit(10) {
                let n = num.unwrap_or(0).checked_mul(10)?.checked_add(d)?;
                if n > 255 {
                    return None;
                }
                num = Some(n);
            } else {
                let k = UnitKind::ALL.into_iter().find(|k| k.letter() == c.to_ascii_lowercase())?;
                let n = u32::from(u.get(k)) + num.take().unwrap_or(1);
                u.0[k as usize] = u8::try_from(n).ok()?;
            }
        }
        if num.is_some() {
            return None;
        }
        Some(u)
    }
}

impl fmt::Display for Units {
    /// `3t1m` style; `-` for no units.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for k in UnitKind::ALL {
            if self.get(k) > 0 {
                write!(f, "{}{}", self.get(k), k.letter())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_figures_values() {
        // "The Figures": cost, combat value, tactical supremacy.
        assert_eq!(UnitKind::ALL.map(UnitKind::cost), [2, 5, 3, 6, 4]);
        assert_eq!(UnitKind::ALL.map(UnitKind::combat), [1, 2, 1, 2, 1]);
        assert_eq!(UnitKind::ALL.map(UnitKind::supremacy), [0, 1, 1, 1, 0]);
        // "Components": the army's figures.
        assert_eq!(UnitKind::ALL.map(UnitKind::component_limit), [60, 20, 20, 15, 15]);
    }

    #[test]
    fn army_strings() {
        let u = Units::parse("3t1m2f1b").unwrap();
        assert_eq!(u, Units([3, 1, 2, 1, 0]));
        assert_eq!(u.to_string(), "3t1m2f1b");
        assert_eq!(u.dice(), 3 + 2 + 2 + 2);
        assert_eq!(Units::parse("s"), Some(Units::of(UnitKind::Submarine, 1)));
        assert_eq!(Units::parse("2t3t"), Some(Units::of(UnitKind::Tank, 5)));
        for bad in ["", "3", "3x", "999t", "t5"] {
            assert_eq!(Units::parse(bad), None, "{bad}");
        }
    }
}
