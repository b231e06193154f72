//! Drawing the players' set-up of a battlefront game (`dust_core::battlefront::setup`): the
//! table laid so far (boards, terrain, anti-tank traps, objectives, entry squares), what each
//! side has laid and has left, whose decision it is, the legal decisions in their text form
//! with the highlighted one's squares on the board, and the log. Same panes and keys as the
//! game. Nothing here changes the set-up.

use crate::app::{setup_square, Areas, Focus, Seat, SetupState};
use crate::view::{self, side_color, BoardView};
use crate::App;
use dust_core::battlefront::setup::{BoardFace, Half, ObjectivePlacement, SetupDecision, SetupPhase, SetupStage};
use dust_core::{CoverElement, Side, Square, Terrain};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

/// Draws the set-up screen (the terminal is large enough: [`view::render`] checked).
pub(crate) fn render(app: &App, st: &SetupState, frame: &mut Frame) {
    let p = view::panes(app, frame.area());
    let phase = &st.phase;

    // Board.
    let board_block = Block::bordered()
        .title(format!(" {}: setting up the table ", app.scenario))
        .border_style(view::focus_style(app.focus == Focus::Board));
    let inner = board_block.inner(p.board);
    let bv = view::board_view(app, inner);
    view::render_board(frame, p.board, board_block, &bv, board_lines(app, st, &bv), |_| None);

    // What is laid and left.
    frame.render_widget(
        Paragraph::new(info_lines(app, phase))
            .block(Block::bordered().title(" Set-up "))
            .wrap(Wrap { trim: false }),
        p.unit,
    );

    // Choices.
    let menu_block = Block::bordered()
        .title(title(app, phase))
        .border_style(view::focus_style(app.focus == Focus::Menu));
    let menu_inner = menu_block.inner(p.menu);
    frame.render_widget(menu_block, p.menu);
    let waiting = || match phase.to_move() {
        Some(side) if app.seats[side] == Seat::Ai => format!("Side {side} ({}) is setting up…", app.ai_name),
        Some(side) => format!("Side {side} is setting up…"),
        None => "The table is laid.".into(),
    };
    let (list_area, first) = view::render_choices(
        frame,
        menu_inner,
        (st.options.len(), st.sel),
        |i| label(phase, st.options[i]),
        waiting,
        detail(app, phase),
    );

    let log_inner = view::render_log(app, frame, p.log);
    view::render_status(app, frame, p.status);
    app.areas.set(Areas {
        board: bv,
        menu: list_area,
        menu_first: first,
        log: log_inner,
    });
    view::render_overlay(app, frame);
}

/// A set-up choice in the list: its text form (what `:` takes), with the squares it lays.
pub(crate) fn label(phase: &SetupPhase, d: SetupDecision) -> String {
    match d {
        SetupDecision::Board(BoardFace::Open) => format!("{d}: open ground"),
        SetupDecision::Board(BoardFace::Ruins) => format!("{d}: with the ruins"),
        SetupDecision::Place { .. } => {
            let squares: Vec<String> = phase.footprint(d).iter().map(|(s, _)| s.to_string()).collect();
            if squares.len() > 1 {
                format!("{d}: {}", squares.join(" "))
            } else {
                d.to_string()
            }
        }
        _ => d.to_string(),
    }
}

fn title(app: &App, phase: &SetupPhase) -> String {
    match phase.to_move() {
        None => " The table is laid ".into(),
        Some(side) if app.seats[side] == Seat::Ai => format!(" Side {side} ({}) setting up… ", app.ai_name),
        Some(side) if app.seats[side.other()] == Seat::Ai => format!(" Your set-up: side {side} "),
        Some(side) => format!(" Side {side}'s set-up "),
    }
}

/// What the highlighted choice lays, and what is asked now.
fn detail(app: &App, phase: &SetupPhase) -> Vec<Line<'static>> {
    let dim = Style::default().fg(Color::Gray);
    let mut out = Vec::new();
    // The status line is one row: a refused decision is explained here in full.
    if let Some(m) = app.message() {
        out.push(Line::styled(m.to_string(), Style::default().fg(Color::Yellow)));
    }
    if let Some(d) = app.setup_selected() {
        out.push(Line::styled(phase.explain(d), Style::default().fg(Color::LightYellow)));
    }
    if app.setup_human_to_decide().is_some() {
        out.push(Line::styled(format!("{}; or type one after `:`", phase.stage().asked()), dim));
    }
    out
}

fn half_text(h: Option<Half>) -> &'static str {
    h.map_or("? (initiative)", Half::name)
}

fn info_lines(app: &App, phase: &SetupPhase) -> Vec<Line<'static>> {
    let dim = Style::default().fg(Color::Gray);
    let mut out = Vec::new();
    for side in Side::ALL {
        let board = if side == Side::A { "south" } else { "north" };
        let face = phase.face_of(side).map_or("not laid yet", BoardFace::name);
        let tiles = phase.tiles_left(side);
        let left = match (tiles, phase.trap_left(side)) {
            (0, false) => "nothing left".to_string(),
            (0, true) => "the trap left".to_string(),
            (n, true) => format!("{n} tiles and the trap left"),
            (n, false) => format!("{n} tiles left"),
        };
        let who = match app.seats[side] {
            Seat::Ai => format!(" ({})", app.ai_name),
            Seat::Human if app.seats[side.other()] == Seat::Ai => " (you)".into(),
            Seat::Human => String::new(),
        };
        out.push(Line::from(vec![
            Span::styled(
                format!("Side {side}{who}"),
                Style::default().fg(side_color(side)).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(": {board} board {face}, starts {}, {left}", half_text(phase.half_of(side)))),
        ]));
    }
    let initiative = match phase.events().iter().find_map(|e| match e {
        dust_core::battlefront::setup::SetupEvent::Initiative { rolls, winner, .. } => Some((*rolls, *winner)),
        _ => None,
    }) {
        Some((r, w)) => format!("Initiative: side {w} ({} to {} army symbols)", r.a, r.b),
        None => "Initiative: rolled when both boards lie".into(),
    };
    out.push(Line::from(initiative));
    let objectives = match phase.objective_placement() {
        ObjectivePlacement::EachPlayer if phase.objectives().is_empty() => "Objectives: one each after the terrain".into(),
        ObjectivePlacement::EachPlayer => format!("Objectives: one each, {} placed", phase.objectives().len()),
        ObjectivePlacement::Fixed if phase.objectives().is_empty() => "Objectives: none".into(),
        ObjectivePlacement::Fixed => format!("Objectives: the scenario's {}", phase.objectives().len()),
    };
    out.push(Line::from(objectives));
    out.push(Line::styled(square_text(phase, app.cursor()), dim));
    out.push(Line::styled("e entry  * objective  t trap  ^ trees ~ water", dim));
    out
}

/// Whose entry square `s` is, if it is one: the side starting on its half, or `None` for the
/// side while the halves are not chosen.
fn entry_at(phase: &SetupPhase, s: Square) -> Option<Option<Side>> {
    for h in [Half::South, Half::North] {
        if phase.entry_of_half(h).contains(&s) {
            let side = Side::ALL.into_iter().find(|&x| phase.half_of(x) == Some(h));
            return Some(side);
        }
    }
    None
}

fn square_text(phase: &SetupPhase, s: Square) -> String {
    let b = phase.board();
    if !b.contains(s) {
        return s.to_string();
    }
    let mut parts = vec![format!("{s}: {}", b.terrain(s).name())];
    if let Some(c) = b.cover(s) {
        parts.push(c.name().to_string());
    }
    if b.structure_at(s).is_some() {
        parts.push("inside a structure".into());
    }
    match entry_at(phase, s) {
        Some(Some(side)) => parts.push(format!("entry square of side {side}")),
        Some(None) => parts.push("entry square".into()),
        None => {}
    }
    if let Some(o) = phase.objectives().iter().find(|o| o.at == s) {
        parts.push(format!("objective {} ({})", o.name, o.terms()));
    }
    parts.join(", ")
}

fn board_lines(app: &App, st: &SetupState, bv: &BoardView) -> Vec<Line<'static>> {
    let phase = &st.phase;
    let preview = app.setup_selected().map(|d| phase.footprint(d)).unwrap_or_default();
    // The squares an objective may go on are few enough to show them all.
    let legal: Vec<Square> = if phase.stage() == SetupStage::Objective {
        st.options.iter().filter_map(|d| setup_square(*d)).collect()
    } else {
        Vec::new()
    };
    view::grid_lines(bv, |s| cell(app, phase, s, &preview, &legal))
}

fn cell(app: &App, phase: &SetupPhase, s: Square, preview: &[(Square, Option<Terrain>)], legal: &[Square]) -> [Span<'static>; 2] {
    let b = phase.board();
    let mut style = Style::default();
    if b.structure_at(s).is_some() {
        style = style.bg(Color::DarkGray);
    }
    let (glyph, fg) = if phase.objectives().iter().any(|o| o.at == s) {
        ('*', Color::LightYellow)
    } else if let Some(c) = b.cover(s) {
        match c {
            CoverElement::AntiTankTrap => ('t', Color::Yellow),
            _ => ('a', Color::Yellow),
        }
    } else if let Some(side) = entry_at(phase, s) {
        ('e', side.map_or(Color::Gray, side_color))
    } else {
        let t = b.terrain(s);
        (t.symbol(), view::terrain_color(t))
    };
    style = style.fg(fg);
    let mut text = format!("{glyph} ");
    if let Some(&(_, t)) = preview.iter().find(|(q, _)| *q == s) {
        // What the highlighted choice would lay here.
        let g = match (t, app.setup_selected()) {
            (Some(t), _) => t.symbol(),
            (None, Some(SetupDecision::Objective(_))) => '*',
            (None, _) => 't',
        };
        text = format!("{g} ");
        style = style.bg(Color::Green).fg(Color::Black);
    } else if legal.contains(&s) {
        style = style.bg(Color::Cyan).fg(Color::Black);
    }
    if s == app.cursor() {
        style = style.add_modifier(Modifier::REVERSED);
    }
    view::edged(b, s, text, style)
}
