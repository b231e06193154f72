//! `dust1947 play --edition battlefield`: a game of Dust Battlefield in the terminal, line by
//! line. The table is drawn scaled to the terminal (a character a few centimetres), the units
//! listed with their tokens; the player picks one of the generator's candidates by its number
//! or types a decision in the text form (docs/record-format.md, "Battlefield records"), and
//! the engine's `check` says why a refused one is refused. The AI plays the other side; every
//! roll and event is printed with the section of the rules summary that calls for it. Every
//! line of input is read from stdin, so a whole game can be piped in.

use super::field::{summary, table_arg};
use super::play::FieldPlay;
use anyhow::Context as _;
use dust_ai::field::field_player;
use dust_ai::PlayerSpec;
use dust_core::field::{formation, Decision, Event, FieldGame, MiniMove, Pending};
use dust_core::Side;
use dust_data::field_record::{replay_field, FieldRecord};
use dust_data::field_words as words;
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use dust_geom::table::{MiniKind, Table, TerrainKind};
use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal as _, Write};
use std::process::ExitCode;
use words::{cm_text as cm, pt_text as pt};

/// How many candidates the numbered list offers.
const CHOICES: usize = 9;

/// `play --edition battlefield`: the game on stdin and stdout.
pub fn run(o: &FieldPlay) -> anyhow::Result<ExitCode> {
    let spec: PlayerSpec =
        o.ai.parse()
            .map_err(|e| anyhow::anyhow!("--ai {}: {e} (write random, greedy or mcts:200ms)", o.ai))?;
    let (mut game, mut record) = match &o.load {
        Some(p) => resume(p)?,
        None => {
            let (table_ref, setup) = table_arg(&o.table, o.turns, o.ap)?;
            let game = FieldGame::new(setup, o.seed).map_err(|e| anyhow::anyhow!("the table cannot be played: {e}"))?;
            let mut record = FieldRecord::new(table_ref, o.seed, o.turns);
            record.ap_limit = o.ap;
            (game, record)
        }
    };
    // An unwritable record is found before the game, not after its first decision.
    save(o, &mut record, &game)?;
    // The table as set up: the log names the terrain piece an ENGINEERING action aims at from
    // it (field_words::event_lines_on, as the browser's log does).
    let initial = record.setup().map_err(anyhow::Error::msg)?.table;
    let mut ai = field_player(&spec, record.seed.wrapping_mul(3).wrapping_add(2));
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let width = o
        .width
        .or_else(|| std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()))
        .unwrap_or(80)
        .clamp(30, 400);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout().lock();
    // The seed tells the dice to come: shown before the end only to a person playing the AI
    // alone, never to two people at one keyboard (the server's rule: dust_server::secrets).
    let people = [o.human != Some(Side::B), o.human != Some(Side::A)];
    let seat = Some(usize::from(o.human == Some(Side::B)));
    let seed_shown = |over: bool| dust_server::secrets::may_read_record(over, seat, &people);
    let t = game.table();
    writeln!(
        out,
        "Dust Battlefield on {} ({} x {} cm), {}{} turn{}; you play {}, the AI ({}) the other side.",
        t.name,
        cm(t.width),
        cm(t.depth),
        if seed_shown(false) {
            format!("seed {}, ", record.seed)
        } else {
            String::new()
        },
        record.turns,
        if record.turns == 1 { "" } else { "s" },
        match o.human {
            Some(s) => format!("side {s}"),
            None => "both sides (hot-seat)".to_string(),
        },
        spec
    )?;
    writeln!(out, "Type `help` for the commands.")?;
    if !record.decisions.is_empty() {
        writeln!(
            out,
            "Resumed after {} decisions: the game goes on from turn {}.",
            record.decisions.len(),
            game.turn()
        )?;
    }
    // A resumed game's past events are not printed again.
    let mut shown = if record.decisions.is_empty() { 0 } else { game.events().len() };
    shown = print_events(&mut out, &game, &initial, shown, colour)?;
    let mut last_board: Option<(u8, usize)> = None;
    let mut quit = false;
    while let Pending::Decision(side) = game.pending() {
        if o.human.is_some_and(|h| h != side) {
            let d = ai.decide(&game);
            game.apply(d.clone())
                .map_err(|e| anyhow::anyhow!("the AI chose `{d}`, which the rules refuse: {e}"))?;
            record.decisions.push(d);
            save(o, &mut record, &game)?;
            shown = print_events(&mut out, &game, &initial, shown, colour)?;
            continue;
        }
        // The table at the start of each of the player's activations (a choice of unit or pass).
        let cands = ordered(&game);
        let key = (game.turn(), game.units().iter().filter(|u| u.activated).count());
        if cands.iter().any(|d| matches!(d, Decision::Activate(_) | Decision::Pass)) && last_board != Some(key) {
            last_board = Some(key);
            write!(out, "{}", board(&game, width, colour))?;
            write!(out, "{}", unit_list(&game, colour))?;
        }
        writeln!(
            out,
            "\nTurn {} of {}. Side {side} decides {}:",
            game.turn(),
            game.turn_limit(),
            game.asks()
        )?;
        for (i, d) in cands.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, describe(&game, d))?;
        }
        let d = loop {
            write!(out, "> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line).context("cannot read the decision from the input")? == 0 {
                writeln!(out, "\n(the input ended before the game did)")?;
                quit = true;
                break None;
            }
            let line = line.trim();
            match line {
                "" => continue,
                "help" | "?" => {
                    write!(out, "{HELP}")?;
                    continue;
                }
                "board" | "table" | "map" => {
                    write!(out, "{}", board(&game, width, colour))?;
                    continue;
                }
                "units" => {
                    write!(out, "{}", unit_list(&game, colour))?;
                    continue;
                }
                "quit" | "exit" => {
                    quit = true;
                    break None;
                }
                _ => {}
            }
            let chosen = match line.parse::<usize>() {
                Ok(n) if (1..=cands.len()).contains(&n) => Ok(cands[n - 1].clone()),
                Ok(n) => Err(format!("there is no choice {n}: pick 1 to {}", cands.len())),
                Err(_) => typed(&game, line),
            };
            match chosen.and_then(|d| game.check(&d).map(|()| d).map_err(|r| format!("refused: {r}"))) {
                Ok(d) => break Some(d),
                Err(e) => writeln!(out, "{e}\n(pick a number from the list, type a decision, or `help`)")?,
            }
        };
        let Some(d) = d else { break };
        game.apply(d.clone())
            .map_err(|e| anyhow::anyhow!("`{d}` was checked but refused: {e}"))?;
        record.decisions.push(d);
        save(o, &mut record, &game)?;
        shown = print_events(&mut out, &game, &initial, shown, colour)?;
    }
    save(o, &mut record, &game)?;
    if quit {
        writeln!(out, "The game stops here, unfinished.")?;
    } else {
        write!(out, "{}", board(&game, width, colour))?;
    }
    write!(
        out,
        "{}",
        summary(&record, &game, seed_shown(matches!(game.pending(), Pending::Over(_))))
    )?;
    if let Some(p) = &o.record {
        writeln!(
            out,
            "record saved to {} (`dust1947 replay {}` replays it)",
            p.display(),
            p.display()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the record, if asked, after every decision (a game cut off is kept to its last
/// decision), its state hash the game's now.
fn save(o: &FieldPlay, record: &mut FieldRecord, game: &FieldGame) -> anyhow::Result<()> {
    record.final_hash = Some(game.state_hash());
    if let Some(p) = &o.record {
        std::fs::write(p, record.to_text()).with_context(|| {
            format!(
                "cannot write the record to `{}`: check the folder exists and is writable",
                p.display()
            )
        })?;
    }
    Ok(())
}

/// A record to resume: the game replayed to its last decision, and the record to go on with.
fn resume(path: &std::path::Path) -> anyhow::Result<(FieldGame, FieldRecord)> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read the record `{file}`: check the path"))?;
    let mut r = FieldRecord::parse(&text, &file).map_err(super::Diagnostics)?;
    let g = replay_field(&r)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("cannot resume `{file}`: it does not replay"))?;
    r.final_hash = None;
    Ok((g, r))
}

/// The commands besides the numbered choices.
const HELP: &str = "\
Pick a decision by its number, or type one in the text form:
  first a|b                         who goes first (the initiative winner decides)
  activate U | pass                 a unit (its number or its letter on the board), or pass
  plan move attack                  the actions: nothing, move, march, attack, sustained
  move m0@X,Y m1@X,Y [facing D]     where each miniature ends (cm; `~X,Y` adds a bend:
                                    m0@END~BEND), a hull's facing in degrees (0 = up the table)
  squad X,Y [facing D]              the whole unit in formation (rows of three) about X,Y
  stay                              move nobody
  attack L>U [L>U@X,Y]              weapon line L (from 0) at unit U (number or letter);
                                    @X,Y a template's point
  attack none                       hold fire
  react U | react none              a reactive attack, or none
  react-with sustained|turn-attack  what a two-symbol reaction does
  casualties m1 m2 | casualties none  the miniatures lost
Other commands: board (the table), units (the unit list), help, quit.
";

/// The generator's candidates, doing something first: "stay" and "hold fire" go last.
fn ordered(game: &FieldGame) -> Vec<Decision> {
    let mut v = game.candidates(CHOICES);
    let idle = |d: &Decision| match d {
        Decision::Move { minis, facing } => minis.is_empty() && facing.is_none(),
        Decision::Attack(a) => a.is_empty(),
        _ => false,
    };
    let (mut act, rest): (Vec<Decision>, Vec<Decision>) = v.drain(..).partition(|d| !idle(d));
    act.extend(rest);
    act
}

/// A typed decision: the text form, or the shortcuts `squad X,Y [facing D]` and `stay`.
fn typed(game: &FieldGame, line: &str) -> Result<Decision, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["stay"] => Ok(Decision::Move {
            minis: Vec::new(),
            facing: None,
        }),
        ["squad", at, rest @ ..] => {
            let u = game.acting().ok_or("no unit is acting: `squad` moves the acting unit")?;
            let centre = point(at)?;
            let facing = match rest {
                [] => None,
                ["facing", d] => Some(Facing::deg(
                    d.parse::<i64>().map_err(|_| format!("`{d}` is not a whole number of degrees"))?,
                )),
                _ => return Err("write `squad X,Y` or `squad X,Y facing D`".into()),
            };
            let unit = &game.table().units[u];
            let spots = formation(centre, unit.minis.len(), unit.size.0 + 300, facing.unwrap_or(unit.facing));
            // Each spot to the nearest miniature still free (the closest pairs first).
            let here: Vec<Pt> = unit.minis.iter().map(|m| m.body.centre()).collect();
            let mut pairs: Vec<(i128, usize, usize)> = (0..here.len())
                .flat_map(|i| spots.iter().enumerate().map(move |(k, s)| (i, k, *s)))
                .map(|(i, k, s)| (dust_geom::exact::dist2(here[i], s), i, k))
                .collect();
            pairs.sort_unstable();
            let mut to: Vec<Option<Pt>> = vec![None; here.len()];
            let mut taken = vec![false; spots.len()];
            for (_, i, k) in pairs {
                if to[i].is_none() && !taken[k] {
                    to[i] = Some(spots[k]);
                    taken[k] = true;
                }
            }
            // The miniatures furthest along the way move first, so none ends on one still to move.
            let mid = Pt::new(
                here.iter().map(|p| p.x).sum::<i64>() / here.len().max(1) as i64,
                here.iter().map(|p| p.y).sum::<i64>() / here.len().max(1) as i64,
            );
            let step = centre.sub(mid);
            let mut order: Vec<usize> = (0..here.len()).collect();
            order.sort_by_key(|&i| -(i128::from(here[i].x) * i128::from(step.x) + i128::from(here[i].y) * i128::from(step.y)));
            Ok(Decision::Move {
                minis: order
                    .into_iter()
                    .map(|i| MiniMove {
                        mini: i,
                        to: to[i].unwrap_or(here[i]),
                        via: Vec::new(),
                    })
                    .collect(),
                facing: facing.filter(|_| !unit.kind.is_infantry() || unit.kind == MiniKind::SupportWeapon),
            })
        }
        _ => by_letters(game.table(), line)?
            .parse::<Decision>()
            .map_err(|e| format!("not understood: {e}")),
    }
}

/// The text form with units named by their board letters (`activate C`, `react b`,
/// `attack 0>b`) turned into unit numbers; anything else is left as it is.
///
/// # Errors
/// A letter that names more than one unit (the letters start again after Z).
fn by_letters(table: &Table, line: &str) -> Result<String, String> {
    let unit = |w: &str| -> Result<Option<usize>, String> {
        let mut cs = w.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else { return Ok(None) };
        if !c.is_ascii_alphabetic() {
            return Ok(None);
        }
        let named: Vec<usize> = (0..table.units.len()).filter(|&u| letter(table, u) == c).collect();
        match named.as_slice() {
            [] => Ok(None),
            [u] => Ok(Some(*u)),
            many => Err(format!(
                "`{c}` names {} units ({}): type the unit's number instead",
                many.len(),
                many.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and ")
            )),
        }
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let swapped: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| -> Result<String, String> {
            Ok(match (words[0], i) {
                ("activate" | "react", 1) => unit(w)?.map_or_else(|| (*w).to_string(), |u| u.to_string()),
                ("attack", 1..) => match w.split_once('>') {
                    Some((l, rest)) => {
                        let (t, at) = rest.split_once('@').map_or((rest, None), |(t, p)| (t, Some(p)));
                        let t = unit(t)?.map_or_else(|| t.to_string(), |u| u.to_string());
                        match at {
                            Some(p) => format!("{l}>{t}@{p}"),
                            None => format!("{l}>{t}"),
                        }
                    }
                    None => (*w).to_string(),
                },
                _ => (*w).to_string(),
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(swapped.join(" "))
}

/// A point `X,Y` in centimetres, read as the text form reads a move's end.
fn point(s: &str) -> Result<Pt, String> {
    if s.contains(['~', '@']) {
        return Err(format!("`{s}` is not a point: write X,Y in centimetres"));
    }
    match format!("move m0@{s}").parse::<Decision>()? {
        Decision::Move { minis, .. } => minis.first().map(|m| m.to).ok_or_else(|| format!("`{s}` is not a point")),
        _ => Err(format!("`{s}` is not a point: write X,Y in centimetres")),
    }
}

/// Each unit's letter: side A's capitals, side B's small letters, in the table's order.
fn letter(table: &Table, u: usize) -> char {
    let side = table.units[u].side;
    let n = table.units[..u].iter().filter(|v| v.side == side).count();
    let c = char::from(b'A' + (n % 26) as u8);
    if side == dust_geom::table::Side::A {
        c
    } else {
        c.to_ascii_lowercase()
    }
}

fn paint(s: &str, side: Side, colour: bool) -> String {
    if !colour {
        return s.to_string();
    }
    match side {
        Side::A => format!("\x1b[1;34m{s}\x1b[0m"),
        Side::B => format!("\x1b[1;31m{s}\x1b[0m"),
    }
}

/// A unit as the player reads it: its letter, name and number.
fn unit_name(game: &FieldGame, u: usize) -> String {
    format!("{} {} (unit {u})", letter(game.table(), u), game.table().units[u].name)
}

/// The character of a terrain kind on the board.
fn terrain_char(k: TerrainKind) -> char {
    match k {
        TerrainKind::Woods | TerrainKind::Trees => '*',
        TerrainKind::Crops | TerrainKind::Hedge => ':',
        TerrainKind::Crates | TerrainKind::Rubble => '%',
        TerrainKind::Stream | TerrainKind::Swamp => '~',
        TerrainKind::Gully => ',',
        TerrainKind::Hill => '^',
        TerrainKind::Building => '#',
        TerrainKind::Cliff | TerrainKind::Wall => '|',
        TerrainKind::DeepWater => '=',
        TerrainKind::Smoke => '`',
        TerrainKind::Trench => '_',
        TerrainKind::BarbedWire => '$',
        TerrainKind::Minefield => '!',
        TerrainKind::AntiTankTrap => '"',
        TerrainKind::Bunker | TerrainKind::Strongpoint => '@',
        TerrainKind::Wreck => '&',
    }
}

/// The table from above, scaled to `width` characters (a row twice a column's centimetres,
/// as terminal characters are about twice as tall as wide); y grows up the screen.
fn board(game: &FieldGame, width: usize, colour: bool) -> String {
    let t = game.table();
    let cols = width.saturating_sub(6).max(20);
    // Centimetres a column, a whole half-centimetre or more.
    let step = ((t.width as f64 / 100.0 / cols as f64) * 2.0).ceil().max(1.0) / 2.0;
    let cell = (step * 100.0) as i64;
    let (nx, ny) = ((t.width + cell - 1) / cell, (t.depth + 2 * cell - 1) / (2 * cell));
    let (nx, ny) = (nx.max(1) as usize, ny.max(1) as usize);
    let mut grid: Vec<Vec<(char, Option<Side>)>> = vec![vec![('.', None); nx]; ny];
    let at = |p: Pt| -> Option<(usize, usize)> {
        if p.x < 0 || p.y < 0 || p.x >= t.width || p.y >= t.depth {
            return None;
        }
        let (c, r) = ((p.x / cell) as usize, (p.y / (2 * cell)) as usize);
        Some((ny - 1 - r.min(ny - 1), c.min(nx - 1)))
    };
    for (r, row) in grid.iter_mut().enumerate() {
        for (c, g) in row.iter_mut().enumerate() {
            let p = Pt::new(c as i64 * cell + cell / 2, (ny - 1 - r) as i64 * 2 * cell + cell);
            if let Some(piece) = t.terrain.iter().rev().find(|x| x.area.holds(p)) {
                *g = (terrain_char(piece.kind), None);
            }
        }
    }
    for (i, o) in t.objectives.iter().enumerate() {
        if let Some((r, c)) = at(o.at) {
            grid[r][c] = (char::from_digit(((i + 1) % 10) as u32, 10).unwrap_or('0'), None);
        }
    }
    for (u, unit) in t.units.iter().enumerate() {
        if game.units()[u].destroyed {
            continue;
        }
        let side = game.units()[u].side;
        let l = letter(t, u);
        for m in &unit.minis {
            // Every cell whose centre the body covers, and the cell of its centre.
            let (lo, hi) = m.body.bbox();
            let mut y = lo.y - lo.y.rem_euclid(cell);
            while y <= hi.y {
                let mut x = lo.x - lo.x.rem_euclid(cell);
                while x <= hi.x {
                    if m.body.holds(Pt::new(x + cell / 2, y + cell / 2)) {
                        if let Some((r, c)) = at(Pt::new(x + cell / 2, y + cell / 2)) {
                            grid[r][c] = (l, Some(side));
                        }
                    }
                    x += cell;
                }
                y += cell;
            }
            if let Some((r, c)) = at(m.body.centre()) {
                grid[r][c] = (l, Some(side));
            }
        }
    }
    let mut o = String::new();
    let _ = writeln!(
        o,
        "\n{} — {} x {} cm, a character {step} cm across and {} cm up; x to the right, y up",
        t.name,
        cm(t.width),
        cm(t.depth),
        step * 2.0
    );
    // x labels every 10 columns.
    let mut ruler = String::from("      ");
    let mut c = 0;
    while c < nx {
        let label = format!("{}", (c as f64 * step).round());
        ruler.push_str(&format!("|{label:<9}"));
        c += 10;
    }
    let _ = writeln!(o, "{}", ruler.trim_end());
    for (r, row) in grid.iter().enumerate() {
        let y = (ny - 1 - r) as f64 * 2.0 * step;
        let _ = write!(o, "{:>5} ", if r % 2 == (ny - 1) % 2 { format!("{y}") } else { String::new() });
        for (ch, side) in row {
            match side {
                Some(s) => o.push_str(&paint(&ch.to_string(), *s, colour)),
                None => o.push(*ch),
            }
        }
        o.push('\n');
    }
    let mut kinds: Vec<TerrainKind> = Vec::new();
    for p in &t.terrain {
        if !kinds.contains(&p.kind) {
            kinds.push(p.kind);
        }
    }
    let legend: Vec<String> = kinds.iter().map(|k| format!("{} {}", terrain_char(*k), k.name())).collect();
    let _ = writeln!(o, "terrain: {}", legend.join(", "));
    let objs: Vec<String> = t
        .objectives
        .iter()
        .enumerate()
        .map(|(i, ob)| {
            let holder = game.objective_holder(ob.at).map_or("nobody".to_string(), |s| format!("side {s}"));
            format!("{} {} at {} (held by {holder})", (i + 1) % 10, ob.name, pt(ob.at))
        })
        .collect();
    if !objs.is_empty() {
        let _ = writeln!(o, "objectives: {}", objs.join("; "));
    }
    let _ = writeln!(o, "units: side A in CAPITALS, side B in small letters (the unit list below)");
    o
}

/// Every unit: letter, number, name, what is left, where, tokens, whether it has activated.
fn unit_list(game: &FieldGame, colour: bool) -> String {
    let t = game.table();
    let mut o = String::new();
    for side in Side::ALL {
        let _ = writeln!(
            o,
            "side {side} ({} AP of units left to activate: {}):",
            game.ap_left(side),
            game.left_to_activate(side)
        );
        for (u, s) in game.units().iter().enumerate().filter(|(_, s)| s.side == side) {
            let unit = &t.units[u];
            let card = &game.card(u).card;
            let l = paint(&letter(t, u).to_string(), side, colour);
            if s.destroyed {
                let _ = writeln!(o, "  {l} {:<2} {} — eliminated", u, unit.name);
                continue;
            }
            let left = if unit.kind.is_infantry() && unit.minis.len() > 1 {
                format!("{} of {} miniatures", s.health, card.health)
            } else {
                format!("{} of {} damage", s.health, card.health)
            };
            let mut tokens = Vec::new();
            if s.tokens.under_fire {
                tokens.push("Under Fire");
            }
            if s.tokens.suppressed {
                tokens.push("Suppression");
            }
            if s.activated {
                tokens.push("activated");
            }
            let minis: Vec<String> = unit
                .minis
                .iter()
                .enumerate()
                .map(|(i, m)| format!("m{i}@{}", pt(m.body.centre())))
                .collect();
            let facing = if unit.kind.is_vehicle() || unit.kind == MiniKind::SupportWeapon {
                format!(", facing {}°", unit.facing.degrees())
            } else {
                String::new()
            };
            let weapons: Vec<String> = card.weapons.iter().enumerate().map(|(i, w)| format!("{i} {}", w.name)).collect();
            let _ = writeln!(
                o,
                "  {l} {:<2} {} [{}], {left}, move {} cm{facing}{}\n       at {}\n       weapons: {}",
                u,
                unit.name,
                card.name,
                game.move_units(u) / 100,
                if tokens.is_empty() {
                    String::new()
                } else {
                    format!("; {}", tokens.join(", "))
                },
                minis.join(" "),
                weapons.join("; ")
            );
        }
    }
    o
}

/// A decision in words, its text form after it.
fn describe(game: &FieldGame, d: &Decision) -> String {
    format!("{}   [{d}]", words::describe(game, d, &|u| unit_name(game, u)))
}

/// The events after the first `from`, in words with the rule behind each (a terrain piece named
/// from `initial`, the table as set up); the new count.
fn print_events(out: &mut impl Write, game: &FieldGame, initial: &Table, from: usize, colour: bool) -> std::io::Result<usize> {
    let ev = game.events();
    let name = |u: usize| {
        let s = game.units()[u].side;
        paint(&unit_name(game, u), s, colour)
    };
    let lines = words::event_lines_on(initial, ev, &name);
    let from = from.min(ev.len());
    for (e, line) in ev[from..].iter().zip(&lines[from..]) {
        match e {
            Event::TurnBegan(_) | Event::Ended(_) => writeln!(out, "\n{line}")?,
            Event::Decided(..) => writeln!(out, "{line}")?,
            _ => writeln!(out, "  {line}")?,
        }
    }
    Ok(ev.len())
}
