//! `dust1947 battlefield …`: the measured table of Dust Battlefield — check a table file, and
//! the oracles that answer the geometric questions of tactics-battlefield-summary.md (measure,
//! line of sight and cover, templates, movement paths) and draw the table.

use super::{to_json, Diagnostics};
use anyhow::{bail, Context as _};
use dust_core::Edition;
use dust_data::table_file::{parse_table, TableFile};
use dust_data::table_json::{self, cm2};
use dust_data::Diagnostic;
use dust_geom::exact::{units_to_cm, Pt};
use dust_geom::measure::RANGE_UNIT;
use dust_geom::table::Table;
use dust_geom::template::UnitHits;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Dust Battlefield tables: check a table file, measure, line of sight, templates, paths, SVG.
#[derive(clap::Args, Debug)]
#[command(after_help = "Table files: docs/table-format.md. Shipped tables: data/battlefield/tables/.\n\
Unit names are card names as placed in the file; the second unit of a card is `NAME #2`.\n\
Examples:\n  dust1947 battlefield check data/battlefield/tables/zhytomyr-crossroads.toml\n  \
dust1947 battlefield measure FILE 'Hell Boys' 'Laser Grenadiers' --json\n  \
dust1947 battlefield path FILE 'Hell Boys:0' 60,40 --move 1 --march --json")]
pub struct Args {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(clap::Subcommand, Debug)]
enum Cmd {
    /// Check a table file: every problem as FILE:LINE:COL: what, how to fix (exit 2 on errors).
    Check {
        /// The table file (TOML, docs/table-format.md).
        file: PathBuf,
    },
    /// Distance between two units' nearest miniatures (base edge to base edge, to the hull),
    /// the smallest Range reaching it (10 cm a point) and whether they are in close combat (5 cm).
    Measure {
        /// The table file.
        file: PathBuf,
        /// The first unit (a card name as placed).
        unit_a: String,
        /// The second unit.
        unit_b: String,
        /// Print one JSON object: distance_cm, range, close, nearest.
        #[arg(long)]
        json: bool,
    },
    /// Line of sight and cover from one unit to another, miniature by miniature.
    Los {
        /// The table file.
        file: PathBuf,
        /// The attacking unit.
        attacker: String,
        /// The target unit.
        target: String,
        /// Print one JSON object: los, cover, miniatures [{attacker, target, los, cover}], reason.
        #[arg(long)]
        json: bool,
    },
    /// The miniatures under a blast or flame template that can be hit, per unit.
    Template {
        /// The table file.
        file: PathBuf,
        /// A blast template centred on X,Y (cm).
        #[arg(long, value_name = "X,Y", conflicts_with = "flame", required_unless_present = "flame")]
        blast: Option<String>,
        /// A flame template laid by miniature I of UNIT towards X,Y (cm).
        #[arg(long, value_name = "UNIT:I,X,Y")]
        flame: Option<String>,
        /// The flame weapon's Range: 1 uses the short template, 2 or 3 the long one.
        #[arg(long, value_name = "N", default_value_t = 1)]
        range: u32,
        /// A blast in a building with upper floors: the level it hits (0, the ground floor, by
        /// default; a centre outside only hits the ground floor).
        #[arg(long, value_name = "L", default_value_t = 0)]
        level: u8,
        /// Print one JSON object: template, units [{unit, side, miniatures, out_of_los}], hits.
        #[arg(long)]
        json: bool,
    },
    /// Whether miniature I of UNIT can end a move at X,Y, its shortest legal path, and why not.
    Path {
        /// The table file.
        file: PathBuf,
        /// The miniature, as UNIT:I (I counts from 0).
        mini: String,
        /// Where its centre ends, X,Y in cm.
        to: String,
        /// The unit's Move rating (each point is 10 cm).
        #[arg(long = "move", value_name = "N")]
        moves: u32,
        /// A March Move: twice the Move, terrain capped at 40 cm instead of 20.
        #[arg(long)]
        march: bool,
        /// Vehicles and aircraft: the facing the hull ends at, in degrees (default: its facing now).
        #[arg(long, value_name = "DEGREES", allow_negative_numbers = true)]
        facing: Option<i64>,
        /// The level it ends on in a building with upper floors (0: the ground floor; default:
        /// its level now if it stays in the same building, else the ground). Floors climbed
        /// count in the length ("add the vertical distance climbed").
        #[arg(long, value_name = "L")]
        level: Option<u8>,
        /// Print one JSON object: legal, length_cm, allowance_cm, path, terrain, hazards, reason, coherent.
        #[arg(long)]
        json: bool,
    },
    /// Draw the table as SVG: terrain by kind, units on bases and hulls, objectives with 10 cm
    /// rings; optionally a query's answer over it (lines of sight, a blast template, a path).
    Show {
        /// The table file.
        file: PathBuf,
        /// Where to write the drawing.
        #[arg(long, value_name = "OUT.svg")]
        svg: PathBuf,
        /// Draw the lines of sight from ATTACKER to TARGET: for each pair of miniatures the first
        /// clear line (green), or the centre-to-centre line (red) when every line is blocked.
        #[arg(long, num_args = 2, value_names = ["ATTACKER", "TARGET"])]
        los: Option<Vec<String>>,
        /// Draw a blast template centred on X,Y (cm).
        #[arg(long, value_name = "X,Y")]
        blast: Option<String>,
        /// Draw the shortest legal path of miniature UNIT:I to X,Y with `--move` (and `--march`).
        #[arg(long, num_args = 2, value_names = ["UNIT:I", "X,Y"], requires = "moves")]
        path: Option<Vec<String>>,
        /// The Move rating for `--path`.
        #[arg(long = "move", value_name = "N")]
        moves: Option<u32>,
        /// A March Move for `--path`.
        #[arg(long)]
        march: bool,
    },
}

/// Reads and checks a table file; its problems come back as [`Diagnostics`].
pub fn load_table(path: &Path) -> anyhow::Result<TableFile> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read the table file `{name}`: check the path and its permissions"))?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Diagnostics(vec![Diagnostic {
            file: name,
            line: 1,
            col: 1,
            message: "the file is not UTF-8 text: save it as UTF-8".into(),
        }])
        .into());
    };
    let cards = dust_data::builtin::builtin_card_files_for(Edition::Battlefront);
    parse_table(&text, &name, &cards).map_err(|d| Diagnostics(d).into())
}

/// A unit by name, or an error naming the closest one and listing them all.
fn unit_arg(t: &Table, file: &Path, name: &str) -> anyhow::Result<usize> {
    table_json::find_unit(t, &file.display().to_string(), name).map_err(anyhow::Error::msg)
}

/// `UNIT:I`.
fn mini_arg(t: &Table, file: &Path, text: &str) -> anyhow::Result<(usize, usize)> {
    table_json::find_mini(t, &file.display().to_string(), text).map_err(anyhow::Error::msg)
}

/// `X,Y` in cm (`what` names the option in the message).
pub(super) fn point_arg(text: &str, what: &str) -> anyhow::Result<Pt> {
    let p = table_json::parse_point(text).with_context(|| format!("{what} `{text}`: give a point as X,Y in centimetres, e.g. 42.5,17"))?;
    let (x, y) = p.to_cm();
    // Tables are at most 1000 cm a side; far beyond is no point of any table.
    if x.abs() > 1e6 || y.abs() > 1e6 {
        bail!("{what} `{text}` is off the table: tables are at most 1000 cm a side, give X,Y on it");
    }
    Ok(p)
}

/// An error when `p` is off the table.
pub(super) fn on_table(t: &Table, p: Pt, what: &str) -> anyhow::Result<()> {
    match table_json::off_table(t, p, what) {
        Some(m) => bail!(m),
        None => Ok(()),
    }
}

fn hits_json(t: &Table, hits: &[UnitHits]) -> serde_json::Value {
    serde_json::Value::Array(
        hits.iter()
            .map(|h| {
                json!({
                    "unit": t.units[h.unit].name,
                    "side": t.units[h.unit].side.name(),
                    "miniatures": h.hit,
                    "out_of_los": h.out_of_sight,
                })
            })
            .collect(),
    )
}

pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    match &a.command {
        Cmd::Check { file } => {
            let tf = load_table(file)?;
            let t = &tf.table;
            let minis: usize = t.units.iter().map(|u| u.minis.len()).sum();
            println!(
                "{}: `{}`, {} × {} cm: {} terrain pieces, {} zones, {} objectives, {} units ({} miniatures); no problems",
                file.display(),
                t.name,
                units_to_cm(t.width),
                units_to_cm(t.depth),
                t.terrain.len(),
                t.zones.len(),
                t.objectives.len(),
                t.units.len(),
                minis
            );
            // "SETUP": who defends, by the fortifications fielded or the players' choice.
            if let Ok(Some(d)) = dust_core::field::FieldGame::defender_of(t, tf.defender) {
                let ap = dust_core::field::FieldGame::fortification_ap(t)[d];
                if ap > 0 {
                    println!(
                        "side {d} is the defender: it fields {ap} AP of bunkers and strongpoints (tactics-battlefield-summary.md, SETUP)"
                    );
                } else {
                    println!("side {d} is the defender: the players' choice ([scenario] defender)");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Measure {
            file,
            unit_a,
            unit_b,
            json,
        } => {
            let t = load_table(file)?.table;
            let (ua, ub) = (unit_arg(&t, file, unit_a)?, unit_arg(&t, file, unit_b)?);
            if ua == ub {
                bail!("UNIT_A and UNIT_B are both `{}`: give two different units", t.units[ua].name);
            }
            if *json {
                println!("{}", to_json(&table_json::measure_json(&t, ua, ub))?);
            } else {
                let m = dust_geom::measure::measure(&t, ua, ub);
                println!(
                    "{} m{} to {} m{}: {:.2} cm, range {}{}",
                    t.units[ua].name,
                    m.nearest.0,
                    t.units[ub].name,
                    m.nearest.1,
                    m.distance_cm,
                    m.range,
                    if m.close { " (close combat: within 5 cm)" } else { "" }
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Los {
            file,
            attacker,
            target,
            json,
        } => {
            let t = load_table(file)?.table;
            let (ua, ub) = (unit_arg(&t, file, attacker)?, unit_arg(&t, file, target)?);
            if ua == ub {
                bail!("ATTACKER and TARGET are both `{}`: give two different units", t.units[ua].name);
            }
            if *json {
                println!("{}", to_json(&table_json::los_json(&t, ua, ub))?);
            } else {
                let s = dust_geom::los::unit_sight(&t, ua, ub);
                println!(
                    "line of sight: {}; cover: {}",
                    if s.los { "yes" } else { "no" },
                    if s.cover { "yes" } else { "no" }
                );
                println!("{}", s.reason);
                for p in &s.pairs {
                    println!(
                        "  m{} -> m{}: {}{}",
                        p.attacker,
                        p.target,
                        if p.los { "sees" } else { "blocked" },
                        if p.los && p.cover { ", in cover" } else { "" }
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Template {
            file,
            blast,
            flame,
            range,
            level,
            json,
        } => {
            let t = load_table(file)?.table;
            let (kind, shape, hits) = if let Some(b) = blast {
                let c = point_arg(b, "--blast")?;
                on_table(&t, c, "the blast template's centre")?;
                let r = units_to_cm(t.templates.blast_radius);
                let hits = match dust_geom::template::blast_at_level(&t, c, *level) {
                    Ok(h) => h,
                    Err(why) => bail!("--level {level}: {why}"),
                };
                ("blast", json!({"centre": cm2(c), "radius_cm": r, "level": level}), hits)
            } else if let Some(f) = flame {
                let mut parts = f.rsplitn(3, ',');
                let (y, x, who) = (parts.next(), parts.next(), parts.next());
                let (Some(y), Some(x), Some(who)) = (y, x, who) else {
                    bail!("--flame `{f}`: give UNIT:I,X,Y, e.g. `Hell Boys:0,60,40`");
                };
                let attacker = mini_arg(&t, file, who)?;
                let aim = point_arg(&format!("{x},{y}"), "--flame's aim")?;
                let shape = match range {
                    1 => t.templates.flame_short,
                    2 | 3 => t.templates.flame_long,
                    n => bail!("--range {n}: flame weapons have Range 1 (short template) or 2/3 (long template)"),
                };
                let (poly, hits) = dust_geom::template::flame(&t, attacker, aim, shape);
                if poly.is_empty() {
                    bail!("--flame: the aim point is the attacking miniature's centre; aim somewhere else");
                }
                let corners: Vec<serde_json::Value> = poly.iter().map(|&p| cm2(p)).collect();
                (
                    "flame",
                    json!({"attacker": [t.units[attacker.0].name, attacker.1], "aim": cm2(aim), "corners": corners}),
                    hits,
                )
            } else {
                bail!("give --blast X,Y or --flame UNIT:I,X,Y");
            };
            let total: usize = hits.iter().map(|h| h.hit.len()).sum();
            if *json {
                let v = json!({"template": kind, "shape": shape, "units": hits_json(&t, &hits), "hits": total});
                println!("{}", to_json(&v)?);
            } else {
                println!("{kind} template: {total} miniature(s) can be hit (one die each)");
                for h in &hits {
                    println!(
                        "  {}: miniatures {:?}{}",
                        t.units[h.unit].name,
                        h.hit,
                        if h.out_of_sight.is_empty() {
                            String::new()
                        } else {
                            format!(", out of line of sight (not hit): {:?}", h.out_of_sight)
                        }
                    );
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Path {
            file,
            mini,
            to,
            moves,
            march,
            facing,
            level,
            json,
        } => {
            let t = load_table(file)?.table;
            let (u, i) = mini_arg(&t, file, mini)?;
            let dest = point_arg(to, "the destination")?;
            on_table(&t, dest, "the destination")?;
            let v = table_json::path_json(
                &t,
                table_json::PathQuery {
                    unit: u,
                    mini: i,
                    to: dest,
                    moves: *moves,
                    march: *march,
                    facing: facing.map(dust_geom::angle::Facing::deg),
                    level: *level,
                },
            );
            if *json {
                println!("{}", to_json(&v)?);
            } else {
                let legal = v["legal"].as_bool().unwrap_or(false);
                println!(
                    "{}: {}",
                    if legal { "can end there" } else { "cannot end there" },
                    v["reason"].as_str().unwrap_or_default()
                );
                for r in v["rolls"].as_array().into_iter().flatten() {
                    println!("then: {}", r.as_str().unwrap_or_default());
                }
                if let Some(c) = v["coherency"].as_str() {
                    println!("note: {c}");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Show {
            file,
            svg,
            los,
            blast,
            path,
            moves,
            march,
        } => {
            let t = load_table(file)?.table;
            let mut overlay = dust_geom::svg::Overlay::default();
            if let Some([a, b]) = los.as_deref() {
                let (ua, ub) = (unit_arg(&t, file, a)?, unit_arg(&t, file, b)?);
                overlay
                    .lines
                    .extend(table_json::sight_lines(&t, ua, ub).into_iter().map(|l| (l.from, l.to, l.clear)));
            }
            if let Some(b) = blast {
                let c = point_arg(b, "--blast")?;
                overlay.circles.push((c, t.templates.blast_radius));
            }
            if let Some([m, to]) = path.as_deref() {
                let (u, i) = mini_arg(&t, file, m)?;
                let dest = point_arg(to, "--path's destination")?;
                let allowance = RANGE_UNIT * i64::from(moves.unwrap_or(0)) * if *march { 2 } else { 1 };
                let ans = dust_geom::path::shortest(&t, u, i, dest, allowance, *march);
                overlay.path.push(t.units[u].minis[i].body.centre());
                overlay.path.extend(ans.path.iter().copied());
                println!("{}: {}", if ans.legal { "can end there" } else { "cannot end there" }, ans.reason);
            }
            std::fs::write(svg, dust_geom::svg::render_with(&t, &overlay)).with_context(|| format!("cannot write `{}`", svg.display()))?;
            println!("wrote {}", svg.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}
