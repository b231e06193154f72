//! The table drawn as SVG, to scale (1 unit of the drawing = 1 cm, player A at the bottom):
//! terrain by kind, deployment areas and arrival zones, objectives with their 10 cm rings,
//! miniatures on their bases or hulls turned to their facing, and names.

use crate::exact::{units_to_cm, Pt};
use crate::table::{Area, Body, Side, Table, TerrainKind, ZoneKind};
use std::fmt::Write as _;

/// Fill and stroke of a terrain kind.
fn look(k: TerrainKind) -> (&'static str, &'static str) {
    use TerrainKind as K;
    match k {
        K::Woods | K::Trees => ("#2f6b2f", "#1d4a1d"),
        K::Crops => ("#d8c86a", "#a89838"),
        K::Hedge => ("#4f8a3a", "#2f5a22"),
        K::Crates => ("#a0784a", "#6b4e2e"),
        K::Rubble => ("#9a9184", "#6a6256"),
        K::Stream | K::DeepWater => ("#5b8fd6", "#2c5ea8"),
        K::Swamp => ("#6f8a5b", "#4a5e3c"),
        K::Gully => ("#b59a6e", "#7e6a48"),
        K::Hill => ("#c9b98b", "#8f7f55"),
        K::Building => ("#c8c2b8", "#3a3632"),
        K::Cliff => ("#6b5e50", "#3b3129"),
        K::Wall => ("#555555", "#222222"),
        K::Smoke => ("#dddddd", "#999999"),
        K::Trench => ("#7a5c3c", "#4a3520"),
        K::BarbedWire => ("none", "#444444"),
        K::Minefield => ("#e8d9a0", "#b03030"),
        K::AntiTankTrap => ("#8a8a8a", "#333333"),
        K::Bunker | K::Strongpoint => ("#8c8c7c", "#2e2e26"),
        K::Wreck => ("#4a4038", "#1e1a16"),
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The drawing's coordinates of a table point (y turned so that player A is at the bottom).
fn xy(t: &Table, p: Pt) -> (f64, f64) {
    (units_to_cm(p.x), units_to_cm(t.depth - p.y))
}

fn points(t: &Table, v: &[Pt]) -> String {
    v.iter()
        .map(|&p| {
            let (x, y) = xy(t, p);
            format!("{x:.2},{y:.2}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Things drawn over the table to show a query's answer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Overlay {
    /// Lines of sight: (from, to, clear). Clear lines are drawn green, blocked ones red.
    pub lines: Vec<(Pt, Pt, bool)>,
    /// A path (its points, the start first), drawn as a dashed polyline.
    pub path: Vec<Pt>,
    /// Template outlines (polygons).
    pub templates: Vec<Vec<Pt>>,
    /// Template circles: (centre, radius).
    pub circles: Vec<(Pt, crate::exact::Coord)>,
}

/// The whole table as an SVG document.
pub fn render(t: &Table) -> String {
    render_with(t, &Overlay::default())
}

/// The table with a query's answer drawn over it.
pub fn render_with(t: &Table, overlay: &Overlay) -> String {
    let (w, d) = (units_to_cm(t.width), units_to_cm(t.depth));
    let mut o = String::new();
    let _ = writeln!(
        o,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {} {}" width="{}" height="{}" font-family="sans-serif">"##,
        w + 4.0,
        d + 4.0,
        (w + 4.0) * 6.0,
        (d + 4.0) * 6.0
    );
    let _ = writeln!(o, "<title>{}</title>", esc(&t.name));
    let _ = writeln!(
        o,
        r##"<rect x="0" y="0" width="{w}" height="{d}" fill="#e9e4d0" stroke="#333" stroke-width="0.3"/>"##
    );
    for z in &t.zones {
        let colour = if z.side == Side::A { "#3060c0" } else { "#c03030" };
        let dash = if z.kind == ZoneKind::Arrival {
            r#" stroke-dasharray="2,1""#
        } else {
            ""
        };
        let _ = writeln!(
            o,
            r#"<polygon class="zone" points="{}" fill="{colour}" fill-opacity="0.08" stroke="{colour}" stroke-width="0.3"{dash}/>"#,
            points(t, &z.polygon)
        );
    }
    for p in &t.terrain {
        let (fill, stroke) = look(p.kind);
        let class = format!("terrain {}", p.kind.name());
        let (lx, ly) = match &p.area {
            Area::Polygon(v) => {
                let _ = writeln!(
                    o,
                    r#"<polygon class="{class}" points="{}" fill="{fill}" fill-opacity="0.7" stroke="{stroke}" stroke-width="0.3"/>"#,
                    points(t, v)
                );
                let (lo, hi) = p.bounds;
                xy(t, Pt::new((lo.x + hi.x) / 2, (lo.y + hi.y) / 2))
            }
            Area::Circle { c, r } => {
                let (x, y) = xy(t, *c);
                let _ = writeln!(
                    o,
                    r#"<circle class="{class}" cx="{x:.2}" cy="{y:.2}" r="{:.2}" fill="{fill}" fill-opacity="0.6" stroke="{stroke}" stroke-width="0.3"/>"#,
                    units_to_cm(*r)
                );
                (x, y)
            }
        };
        for wall in &p.walls {
            let (x1, y1) = xy(t, wall.a);
            let (x2, y2) = xy(t, wall.b);
            let (colour, width) = if wall.window { ("#7fb3e6", 0.5) } else { ("#222", 0.8) };
            let _ = writeln!(
                o,
                r#"<line class="wall" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="{colour}" stroke-width="{width}"/>"#
            );
        }
        let _ = writeln!(
            o,
            r##"<text x="{lx:.2}" y="{ly:.2}" font-size="2.2" text-anchor="middle" fill="#111">{}</text>"##,
            esc(&p.name)
        );
    }
    for ob in &t.objectives {
        let (x, y) = xy(t, ob.at);
        let _ = writeln!(
            o,
            r##"<circle class="objective-ring" cx="{x:.2}" cy="{y:.2}" r="10" fill="none" stroke="#d4a017" stroke-width="0.3" stroke-dasharray="1,1"/>"##
        );
        let _ = writeln!(
            o,
            r##"<circle class="objective" cx="{x:.2}" cy="{y:.2}" r="1.5" fill="#d4a017" stroke="#000" stroke-width="0.2"/><text x="{x:.2}" y="{:.2}" font-size="2.2" text-anchor="middle">{}</text>"##,
            y - 2.2,
            esc(&ob.name)
        );
    }
    for u in &t.units {
        let colour = if u.side == Side::A { "#2050b0" } else { "#b02020" };
        for (i, m) in u.minis.iter().enumerate() {
            match &m.body {
                Body::Disc { c, r } => {
                    let (x, y) = xy(t, *c);
                    let _ = writeln!(
                        o,
                        r##"<circle class="mini" cx="{x:.2}" cy="{y:.2}" r="{:.2}" fill="{colour}" stroke="#000" stroke-width="0.15"><title>{} m{i}</title></circle>"##,
                        units_to_cm(*r),
                        esc(&u.name)
                    );
                }
                Body::Hull { corners, c, .. } => {
                    let _ = writeln!(
                        o,
                        r##"<polygon class="hull" points="{}" fill="{colour}" stroke="#000" stroke-width="0.2"><title>{} m{i}</title></polygon>"##,
                        points(t, corners),
                        esc(&u.name)
                    );
                    // The facing: a line from the centre to the front.
                    let front = c.add(u.facing.turn((u.size.0 / 2).max(1), 0));
                    let (x1, y1) = xy(t, *c);
                    let (x2, y2) = xy(t, front);
                    let _ = writeln!(
                        o,
                        r##"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="#fff" stroke-width="0.4"/>"##
                    );
                }
            }
        }
        if let Some(m) = u.minis.first() {
            let (x, y) = xy(t, m.body.centre());
            let _ = writeln!(
                o,
                r##"<text class="unit-name" x="{x:.2}" y="{:.2}" font-size="2.4" fill="{colour}">{}</text>"##,
                y - 3.0,
                esc(&u.name)
            );
        }
    }
    for poly in &overlay.templates {
        let _ = writeln!(
            o,
            r##"<polygon class="template" points="{}" fill="#ff8c00" fill-opacity="0.35" stroke="#c05000" stroke-width="0.3"/>"##,
            points(t, poly)
        );
    }
    for &(c, r) in &overlay.circles {
        let (x, y) = xy(t, c);
        let _ = writeln!(
            o,
            r##"<circle class="template" cx="{x:.2}" cy="{y:.2}" r="{:.2}" fill="#ff8c00" fill-opacity="0.35" stroke="#c05000" stroke-width="0.3"/>"##,
            units_to_cm(r)
        );
    }
    for &(a, b, clear) in &overlay.lines {
        let (x1, y1) = xy(t, a);
        let (x2, y2) = xy(t, b);
        let (class, colour, dash) = if clear {
            ("sight clear", "#109010", "")
        } else {
            ("sight blocked", "#d01010", r#" stroke-dasharray="1,0.6""#)
        };
        let _ = writeln!(
            o,
            r#"<line class="{class}" x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="{colour}" stroke-width="0.25"{dash}/>"#
        );
    }
    if overlay.path.len() >= 2 {
        let _ = writeln!(
            o,
            r##"<polyline class="path" points="{}" fill="none" stroke="#6a1b9a" stroke-width="0.5" stroke-dasharray="1.5,0.8"/>"##,
            points(t, &overlay.path)
        );
    }
    o.push_str("</svg>\n");
    o
}
