//! Where each area is drawn: a grid position per area, for the terminal map
//! ([`ascii_map`]) and the browser's SVG map (dust-server).
//!
//! The map files have no coordinates (the board is the project's design, docs/strategy.md), so
//! the shipped world map has a hand-made grid here, west to east and north to south; any other
//! map is laid out in file order on a grid. A link whose two ends are far apart on the grid is
//! still a link: the drawings draw it as a line (the browser) or list it (the terminal).

use crate::game::{Game, Owner};
use crate::map::{AreaId, AreaKind, WorldMap};
use core::fmt::Write as _;

/// The grid of the shipped map: (name, column, row); 13 columns and 8 rows.
const WORLD: [(&str, u8, u8); 51] = [
    ("Bering Sea", 0, 0),
    ("Alaska", 1, 0),
    ("Canada", 2, 0),
    ("Greenland", 3, 0),
    ("Arctic Ocean", 5, 0),
    ("Scandinavia", 6, 0),
    ("Siberia", 9, 0),
    ("Kamchatka", 11, 0),
    ("North Pacific", 0, 1),
    ("Washington", 2, 1),
    ("North Atlantic", 3, 1),
    ("London", 4, 1),
    ("North Sea", 5, 1),
    ("Berlin", 6, 1),
    ("Poland", 7, 1),
    ("Moscow", 8, 1),
    ("Urals", 9, 1),
    ("Beijing", 10, 1),
    ("Sea of Japan", 11, 1),
    ("Japan", 12, 1),
    ("Mexico City", 1, 2),
    ("Gulf of Mexico", 2, 2),
    ("France", 4, 2),
    ("Italy", 5, 2),
    ("Balkans", 6, 2),
    ("Middle East", 8, 2),
    ("India", 9, 2),
    ("Indochina", 10, 2),
    ("Panama", 1, 3),
    ("Caribbean Sea", 2, 3),
    ("Spain", 3, 3),
    ("Mediterranean Sea", 5, 3),
    ("Egypt", 6, 3),
    ("Arabian Sea", 8, 3),
    ("South China Sea", 11, 3),
    ("Western Pacific", 12, 3),
    ("South Pacific", 0, 4),
    ("Venezuela", 1, 4),
    ("Sahara", 4, 4),
    ("Congo", 6, 4),
    ("Indian Ocean", 9, 4),
    ("Indonesia", 11, 4),
    ("Brazil", 2, 5),
    ("South Atlantic", 3, 5),
    ("Gulf of Guinea", 5, 5),
    ("South Africa", 6, 5),
    ("Australia", 11, 5),
    ("Tasman Sea", 12, 5),
    ("Argentina", 2, 6),
    ("Southern Ocean", 8, 6),
    ("Antarctica", 7, 7),
];

/// A grid position per area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
    /// (column, row) of each area, indexed by [`AreaId`].
    pub cells: Vec<(u8, u8)>,
}

impl Layout {
    /// The layout of a map: the hand-made grid when every area has a place in it (the shipped
    /// map), else the areas in file order on a grid about 1.5 times wider than high.
    pub fn of(map: &WorldMap) -> Layout {
        let known: Option<Vec<(u8, u8)>> = map
            .areas()
            .iter()
            .map(|a| WORLD.iter().find(|w| w.0 == a.name).map(|w| (w.1, w.2)))
            .collect();
        if let Some(cells) = known {
            let mut seen = std::collections::HashSet::new();
            if cells.iter().all(|c| seen.insert(*c)) {
                return Layout { cols: 13, rows: 8, cells };
            }
        }
        let n = map.len().max(1);
        let cols = ((n as f64 * 1.5).sqrt().ceil() as usize).clamp(1, 16);
        let rows = n.div_ceil(cols);
        Layout {
            cols: cols as u8,
            rows: rows as u8,
            cells: (0..map.len()).map(|i| ((i % cols) as u8, (i / cols) as u8)).collect(),
        }
    }
    /// The cell of an area.
    pub fn cell(&self, a: AreaId) -> (u8, u8) {
        self.cells[a.index()]
    }
}

/// Width of a cell of the terminal map, in characters (8 and a space).
const CELL: usize = 9;

/// A short owner label: `P1`…`P6`, `N` (neutral), or nothing.
fn owner_label(o: Option<Owner>) -> String {
    match o {
        Some(Owner::Player(p)) => p.to_string(),
        Some(Owner::Neutral) => "N".into(),
        None => String::new(),
    }
}

fn clip(s: &str, n: usize) -> String {
    s.chars().take(n).collect()
}

/// The world map as text, three lines per grid cell: the area's name (cut to eight letters);
/// its marks (`~` sea, `C` capital, `$` power source, `#` production center) and its owner;
/// its units (`3t1m`: tanks, mechs, fighters, bombers, submarines). Then the links that wrap
/// from the west edge to the east and a legend. Plain ASCII, 13 cells of 9 characters for the
/// shipped map.
///
/// ```
/// use dust_strategy::game::{Game, GameConfig};
/// let g = Game::builtin(GameConfig::new(2)).unwrap();
/// let text = dust_strategy::layout::ascii_map(&g);
/// assert!(text.contains("Washingt"));
/// assert!(text.contains("wraps"));
/// ```
pub fn ascii_map(g: &Game) -> String {
    let map = g.map();
    let lay = Layout::of(map);
    let cols = usize::from(lay.cols);
    let mut grid: Vec<Vec<Option<AreaId>>> = vec![vec![None; cols]; usize::from(lay.rows)];
    for a in map.ids() {
        let (c, r) = lay.cell(a);
        grid[usize::from(r)][usize::from(c)] = Some(a);
    }
    let mut s = String::new();
    let rule = format!("+{}+\n", "-".repeat(cols * CELL));
    s += &rule;
    for row in &grid {
        for line in 0..3 {
            s.push('|');
            for cell in row {
                let text = match cell {
                    None => String::new(),
                    Some(a) => {
                        let info = map.area(*a);
                        let st = g.area(*a);
                        match line {
                            0 => clip(&info.name, CELL - 1),
                            1 => {
                                let mut m = String::new();
                                if info.kind == AreaKind::Sea {
                                    m.push('~');
                                }
                                if info.capital {
                                    m.push('C');
                                }
                                if info.power_source {
                                    m.push('$');
                                }
                                if st.pc {
                                    m.push('#');
                                }
                                let o = owner_label(st.owner);
                                if !o.is_empty() {
                                    if !m.is_empty() {
                                        m.push(' ');
                                    }
                                    m += &o;
                                }
                                clip(&m, CELL - 1)
                            }
                            _ => {
                                if st.units.is_empty() {
                                    String::new()
                                } else {
                                    clip(&st.units.to_string(), CELL - 1)
                                }
                            }
                        }
                    }
                };
                let _ = write!(s, "{text:<CELL$}");
            }
            s += "|\n";
        }
        s += &rule;
    }
    if !map.wrap_links().is_empty() {
        let w: Vec<String> = map
            .wrap_links()
            .iter()
            .map(|&(a, b)| format!("{} - {}", map.area(a).name, map.area(b).name))
            .collect();
        let _ = writeln!(s, "the west edge wraps to the east: {}", w.join(", "));
    }
    s += "~ sea  C capital  $ power source  # production center  P1.. owner, N neutral  t tank m mech f fighter b bomber s submarine\n";
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameConfig;

    #[test]
    fn the_shipped_map_has_a_place_for_every_area() {
        let m = WorldMap::builtin();
        let l = Layout::of(&m);
        assert_eq!((l.cols, l.rows), (13, 8));
        assert_eq!(l.cells.len(), m.len());
        let mut seen = std::collections::HashSet::new();
        assert!(l.cells.iter().all(|c| seen.insert(*c)), "no two areas in one cell");
        assert!(l.cells.iter().all(|&(c, r)| c < l.cols && r < l.rows));
        // West to east: the Americas left of Europe, Europe left of Asia.
        let col = |n: &str| l.cell(m.find(n).unwrap()).0;
        assert!(col("Washington") < col("London") && col("London") < col("Beijing"));
    }

    #[test]
    fn the_terminal_map_shows_owners_and_units() {
        let mut g = crate::game::Game::builtin(GameConfig::new(2)).unwrap();
        let wash = g.map().find("Washington").unwrap();
        let units = crate::units::Units::parse("3t2m").unwrap();
        g.edit_area(wash, Some(Owner::Player(crate::game::PlayerId(0))), units, true);
        let text = ascii_map(&g);
        assert!(text.contains("C# P1"), "{text}");
        assert!(text.contains("3t2m"));
        assert!(text.contains("Alaska - Kamchatka"));
        let widths: std::collections::HashSet<usize> = text.lines().filter(|l| l.starts_with(['|', '+'])).map(str::len).collect();
        assert_eq!(widths.len(), 1, "every line of the grid is as wide");
    }
}
