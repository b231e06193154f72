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

/// Width of a cell of the terminal map, in characters: nine for the area and two for the
/// link to its east.
const CELL: usize = 11;

/// Characters of an area's text in a cell.
const TEXT: usize = CELL - 2;

/// Columns of the grid drawn side by side: seven cells of eleven characters fit 80 columns.
const BLOCK: usize = 7;

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

/// How two bordering areas border each other, as the terminal map draws it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// Two land areas: `-` across, `|` down.
    Land,
    /// Two sea areas: `~` both ways.
    Sea,
    /// A land area and a sea area (the book's dotted line): `.` across, `:` down.
    Coast,
}

impl LinkKind {
    /// The kind of the link between `a` and `b`.
    pub fn of(map: &WorldMap, a: AreaId, b: AreaId) -> LinkKind {
        match (map.is_land(a), map.is_land(b)) {
            (true, true) => LinkKind::Land,
            (false, false) => LinkKind::Sea,
            _ => LinkKind::Coast,
        }
    }
    /// In words.
    pub fn words(self) -> &'static str {
        match self {
            LinkKind::Land => "land",
            LinkKind::Sea => "sea",
            LinkKind::Coast => "coast",
        }
    }
    fn across(self) -> char {
        match self {
            LinkKind::Land => '-',
            LinkKind::Sea => '~',
            LinkKind::Coast => '.',
        }
    }
    fn down(self) -> char {
        match self {
            LinkKind::Land => '|',
            LinkKind::Sea => '~',
            LinkKind::Coast => ':',
        }
    }
}

/// The terminal map and what it shows of the borders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapDrawing {
    /// The grid (at most 80 columns for the shipped map).
    pub grid: String,
    /// Under the grid: the borders it does not draw, the links across the west-east edge and
    /// the legend.
    pub notes: String,
    /// The links drawn on the grid (each once, lower id first).
    pub drawn: Vec<(AreaId, AreaId)>,
    /// The links listed under the grid, for their two ends are not next to each other on it
    /// (the links that wrap from the west edge to the east are listed apart).
    pub listed: Vec<(AreaId, AreaId)>,
}

/// Puts a link character on the canvas; where two links cross it shows `+`.
fn put_link(canvas: &mut [Vec<char>], line: usize, col: usize, ch: char) {
    let here = &mut canvas[line][col];
    *here = match *here {
        ' ' => ch,
        c if c == ch => ch,
        '\\' | '/' if ch == '\\' || ch == '/' => 'X',
        _ => '+',
    };
}

/// Words wrapped to 80 columns: `head` then the items, comma-separated.
fn wrapped(head: &str, items: &[String]) -> String {
    let mut out = String::new();
    let mut line = head.to_string();
    for (i, it) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() { format!("{it},") } else { it.clone() };
        if line.len() + 1 + piece.len() > 80 && line.len() > 2 {
            out += line.trim_end();
            out.push('\n');
            line = format!("  {piece}");
        } else {
            if !line.is_empty() && !line.ends_with(' ') {
                line.push(' ');
            }
            line += &piece;
        }
    }
    out += line.trim_end();
    out.push('\n');
    out
}

/// The world map as text: the grid in parts of seven columns (80 columns wide), three lines
/// per area, the borders drawn between them, then what the grid cannot draw and a legend.
///
/// An area shows its name (cut to nine letters); its marks (`~` sea, `C` capital, `$` power
/// source, `#` production center) and its owner; its units (`3t1m`: tanks, mechs, fighters,
/// bombers, submarines), or in the area fought for, the attackers and the defenders
/// (`3t>1t`). Between two areas next to each other on the grid, their border: `-` `|` land,
/// `~` sea, `.` `:` coast (the book's dotted line: amphibious moves, submarine strikes),
/// `\` `/` a border corner to corner (`X` two of them). A border across an empty cell is
/// drawn through it. The borders between areas far apart on the grid, or in two parts, and
/// those that wrap from the west edge to the east are listed under the grid.
///
/// ```
/// use dust_strategy::game::{Game, GameConfig};
/// let g = Game::builtin(GameConfig::new(2)).unwrap();
/// let text = dust_strategy::layout::ascii_map(&g);
/// assert!(text.contains("Washingto"));
/// assert!(text.contains("wraps"));
/// assert!(text.lines().all(|l| l.chars().count() <= 80));
/// ```
pub fn ascii_map(g: &Game) -> String {
    let d = map_drawing(g);
    d.grid + &d.notes
}

/// The terminal map ([`ascii_map`]) with the links it draws and lists.
pub fn map_drawing(g: &Game) -> MapDrawing {
    let map = g.map();
    let lay = Layout::of(map);
    let cols = usize::from(lay.cols);
    let rows = usize::from(lay.rows);
    let mut grid: Vec<Vec<Option<AreaId>>> = vec![vec![None; cols]; rows];
    for a in map.ids() {
        let (c, r) = lay.cell(a);
        grid[usize::from(r)][usize::from(c)] = Some(a);
    }
    let battle = g.battle_view().map(|(_, _, to, att, def)| (to, att, def));
    let wrap = |a: AreaId, b: AreaId| map.wrap_links().iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
    let key = |a: AreaId, b: AreaId| if a.0 < b.0 { (a, b) } else { (b, a) };
    let mut drawn: Vec<(AreaId, AreaId)> = Vec::new();
    let mut s = String::new();
    let blocks = cols.div_ceil(BLOCK);
    for part in 0..blocks {
        let c0 = part * BLOCK;
        let bc = BLOCK.min(cols - c0);
        let mut canvas = vec![vec![' '; bc * CELL]; rows * 4 - 1];
        let at = |r: usize, c: usize| grid[r][c0 + c];
        for r in 0..rows {
            for c in 0..bc {
                let Some(a) = at(r, c) else { continue };
                let info = map.area(a);
                let st = g.area(a);
                let mut marks = String::new();
                if info.kind == AreaKind::Sea {
                    marks.push('~');
                }
                if info.capital {
                    marks.push('C');
                }
                if info.power_source {
                    marks.push('$');
                }
                if st.pc {
                    marks.push('#');
                }
                let o = owner_label(st.owner);
                if !o.is_empty() {
                    if !marks.is_empty() {
                        marks.push(' ');
                    }
                    marks += &o;
                }
                let units = match battle {
                    Some((to, att, def)) if to == a => format!("{att}>{def}"),
                    _ if st.units.is_empty() => String::new(),
                    _ => st.units.to_string(),
                };
                for (l, text) in [clip(&info.name, TEXT), clip(&marks, TEXT), clip(&units, TEXT)].iter().enumerate() {
                    for (k, ch) in text.chars().enumerate() {
                        canvas[r * 4 + l][c * CELL + k] = ch;
                    }
                }
            }
        }
        for r in 0..rows {
            for c in 0..bc {
                let Some(a) = at(r, c) else { continue };
                // East: the next area in the row, across the empty cells between.
                if let Some(c2) = (c + 1..bc).find(|&c2| at(r, c2).is_some()) {
                    let b = at(r, c2).unwrap_or(a);
                    if map.is_adjacent(a, b) && !wrap(a, b) {
                        let ch = LinkKind::of(map, a, b).across();
                        // Beside the names; the cells between are empty: the line runs
                        // through them.
                        for col in c * CELL + TEXT..c2 * CELL {
                            put_link(&mut canvas, r * 4, col, ch);
                        }
                        drawn.push(key(a, b));
                    }
                }
                // South: the next area in the column, across the empty cells between.
                if let Some(r2) = (r + 1..rows).find(|&r2| at(r2, c).is_some()) {
                    let b = at(r2, c).unwrap_or(a);
                    if map.is_adjacent(a, b) && !wrap(a, b) {
                        let ch = LinkKind::of(map, a, b).down();
                        for line in r * 4 + 3..r2 * 4 {
                            put_link(&mut canvas, line, c * CELL + 4, ch);
                        }
                        drawn.push(key(a, b));
                    }
                }
                // Corner to corner, to the south-east and the south-west.
                if r + 1 < rows {
                    if let Some(b) = (c + 1 < bc).then(|| at(r + 1, c + 1)).flatten() {
                        if map.is_adjacent(a, b) && !wrap(a, b) {
                            put_link(&mut canvas, r * 4 + 3, c * CELL + TEXT + 1, '\\');
                            drawn.push(key(a, b));
                        }
                    }
                    if let Some(b) = (c > 0).then(|| at(r + 1, c - 1)).flatten() {
                        if map.is_adjacent(a, b) && !wrap(a, b) {
                            put_link(&mut canvas, r * 4 + 3, c * CELL - 1, '/');
                            drawn.push(key(a, b));
                        }
                    }
                }
            }
        }
        if blocks > 1 {
            let what = match (part, blocks) {
                (0, 2) => "west".to_string(),
                (1, 2) => "east".to_string(),
                _ => format!("part {} of {blocks}", part + 1),
            };
            let _ = writeln!(s, "== the world, {what} (columns {} to {}) ==", c0 + 1, c0 + bc);
        }
        let lines: Vec<String> = canvas
            .into_iter()
            .map(|l| l.into_iter().collect::<String>().trim_end().to_string())
            .collect();
        let last = lines.iter().rposition(|l| !l.is_empty()).map_or(0, |i| i + 1);
        for l in &lines[..last] {
            s += l;
            s.push('\n');
        }
    }
    let grid_text = std::mem::take(&mut s);
    drawn.sort_by_key(|&(a, b)| (a.0, b.0));
    drawn.dedup();
    let mut listed = Vec::new();
    for a in map.ids() {
        for b in crate::map::areas_of(map.adjacent(a)) {
            if a.0 < b.0 && !wrap(a, b) && !drawn.contains(&(a, b)) {
                listed.push((a, b));
            }
        }
    }
    if !listed.is_empty() {
        let items: Vec<String> = listed
            .iter()
            .map(|&(a, b)| format!("{} - {} ({})", map.area(a).name, map.area(b).name, LinkKind::of(map, a, b).words()))
            .collect();
        s += &wrapped("also bordering (not drawn):", &items);
    }
    if !map.wrap_links().is_empty() {
        let w: Vec<String> = map
            .wrap_links()
            .iter()
            .map(|&(a, b)| format!("{} - {}", map.area(a).name, map.area(b).name))
            .collect();
        s += &wrapped("the west edge wraps to the east:", &w);
    }
    s += "borders: - | land  ~ sea  . : coast (amphibious)  \\ / X corner to corner\n";
    s += "~ sea  C capital  $ power source  # production center  P1.. owner  N neutral\n";
    s += "t tank  m mech  f fighter  b bomber  s submarine  3t>1t battle: attack>defence\n";
    MapDrawing {
        grid: grid_text,
        notes: s,
        drawn,
        listed,
    }
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
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }

    #[test]
    fn the_terminal_map_draws_every_border_or_lists_it() {
        // Issue 17: "The map draws no adjacency". Every link of the map is drawn on the grid
        // or listed under it (the west-east links apart), once, in 80 columns.
        let g = crate::game::Game::builtin(GameConfig::new(2)).unwrap();
        let m = g.map();
        let d = map_drawing(&g);
        let wrap = |a, b| m.wrap_links().iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        let mut all = Vec::new();
        for a in m.ids() {
            for b in crate::map::areas_of(m.adjacent(a)) {
                if a.0 < b.0 && !wrap(a, b) {
                    all.push((a, b));
                }
            }
        }
        let mut got = d.drawn.clone();
        got.extend(&d.listed);
        got.sort_by_key(|&(a, b)| (a.0, b.0));
        assert_eq!(got, all);
        assert!(
            d.drawn.len() > 2 * d.listed.len(),
            "{} drawn, {} listed",
            d.drawn.len(),
            d.listed.len()
        );
        assert!(d.grid.lines().chain(d.notes.lines()).all(|l| l.chars().count() <= 80));
        // Bering Sea (sea) - Alaska: a coast; Alaska - Canada: land; side by side.
        let lines: Vec<&str> = d.grid.lines().collect();
        let row = lines
            .iter()
            .position(|l| l.starts_with("Bering Se..Alaska   --Canada"))
            .expect(&d.grid);
        // Canada above Washington, a land border: `|` under Canada's fifth letter.
        let col = lines[row].find("Canada").unwrap() + 4;
        assert_eq!(lines[row + 3].chars().nth(col), Some('|'), "{}", d.grid);
        assert!(lines[row + 4].contains("Washingto"));
        // London and Berlin have the North Sea between them on the grid: listed.
        let (lo, be) = (m.find("London").unwrap(), m.find("Berlin").unwrap());
        assert!(d.listed.contains(&(lo.min(be), lo.max(be))));
        assert!(d.notes.contains("London - Berlin (land)"), "{}", d.notes);
        assert!(d.notes.contains("borders: - | land  ~ sea  . : coast"));
    }
}
