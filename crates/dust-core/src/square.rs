//! Spaces of the grid: `A1` is the bottom-left space, columns run A, B, C… to the right and
//! rows 1, 2, 3… upwards (tactics-revised-core-rules.md, "Game Board").

use core::fmt;
use core::str::FromStr;

/// Widest board a map may describe (columns `A`..`Z`).
pub const MAX_WIDTH: u8 = 26;
/// Tallest board a map may describe.
pub const MAX_HEIGHT: u8 = 99;

/// One space of the board, by zero-based column and row.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square {
    col: u8,
    row: u8,
}

impl Square {
    /// The space at zero-based `col` (0 = `A`) and `row` (0 = row `1`).
    pub const fn new(col: u8, row: u8) -> Square {
        Square { col, row }
    }
    /// Zero-based column (0 = `A`).
    pub const fn col(self) -> u8 {
        self.col
    }
    /// Zero-based row (0 = row `1`).
    pub const fn row(self) -> u8 {
        self.row
    }
    /// The space shifted by `(dc, dr)`, if it stays at non-negative coordinates.
    pub fn offset(self, dc: i32, dr: i32) -> Option<Square> {
        let c = i32::from(self.col) + dc;
        let r = i32::from(self.row) + dr;
        if (0..i32::from(MAX_WIDTH)).contains(&c) && (0..i32::from(MAX_HEIGHT)).contains(&r) {
            Some(Square::new(c as u8, r as u8))
        } else {
            None
        }
    }
    /// True when the two spaces touch by a side or a corner.
    pub fn is_adjacent(self, other: Square) -> bool {
        self != other && self.col.abs_diff(other.col) <= 1 && self.row.abs_diff(other.row) <= 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col < MAX_WIDTH {
            write!(f, "{}{}", char::from(b'A' + self.col), u32::from(self.row) + 1)
        } else {
            // Beyond column Z no map goes; a square built by hand still prints without a panic.
            write!(f, "col{}:{}", u32::from(self.col) + 1, u32::from(self.row) + 1)
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A space name that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that was given.
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a space: write a column letter A-Z and a row number from 1, like `C4`",
            self.text
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError { text: s.to_string() };
        let t = s.trim();
        let mut chars = t.chars();
        let c = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        if !c.is_ascii_uppercase() {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let row: u32 = digits.parse().map_err(|_| err())?;
        if row == 0 || row > u32::from(MAX_HEIGHT) {
            return Err(err());
        }
        Ok(Square::new(c as u8 - b'A', (row - 1) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Square::new` takes any column; one beyond `Z` prints as a column number instead of
    /// overflowing the letter (found by the battlefront property tests).
    #[test]
    fn squares_beyond_column_z_print() {
        assert_eq!(Square::new(25, 0).to_string(), "Z1");
        assert_eq!(Square::new(26, 4).to_string(), "col27:5");
        assert_eq!(Square::new(255, 255).to_string(), "col256:256");
        assert!("col27:5".parse::<Square>().is_err());
    }

    #[test]
    fn names_round_trip() {
        let s: Square = "C4".parse().unwrap();
        assert_eq!((s.col(), s.row()), (2, 3));
        assert_eq!(s.to_string(), "C4");
        assert_eq!("a1".parse::<Square>().unwrap(), Square::new(0, 0));
        for bad in ["", "4C", "C0", "C", "CC4", "C100", "é3"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
