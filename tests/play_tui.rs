//! `dust1947 play` without a terminal: whole games driven by key presses through
//! `dust_tui::App`, drawn on ratatui's `TestBackend`, and snapshots of the screen.
//!
//! Snapshots are the text of an 80x24 screen in `tests/snapshots/NAME.txt`; after a deliberate
//! change of the layout, regenerate them with `UPDATE_SNAPSHOTS=1 cargo test --test play_tui`
//! and look at the diff.

use dust_core::game::{tests_support, Decision, Pending};
use dust_core::BySide;
use dust_tui::ratatui::backend::TestBackend;
use dust_tui::ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use dust_tui::ratatui::Terminal;
use dust_tui::{opponent, record, App, AppConfig, Overlay, Seat};

fn duel_app(seed: u64, seats: BySide<Seat>) -> App {
    let ai = (seats.a == Seat::Ai || seats.b == Seat::Ai).then(|| opponent::build("random", seed + 100).unwrap());
    let ai_spec = ai.as_ref().map(|_| "random".to_string());
    App::new(AppConfig {
        seats,
        ai,
        ai_spec,
        ..AppConfig::hotseat("duel", tests_support::duel(), seed)
    })
    .unwrap()
}

const HOTSEAT: BySide<Seat> = BySide {
    a: Seat::Human,
    b: Seat::Human,
};

/// Answers the initiative winner's "who goes first" with the first choice, until a unit is to
/// be activated.
fn to_activation(app: &mut App) {
    app.settle();
    while app.options().iter().any(|d| matches!(d, Decision::First(_))) {
        key(app, KeyCode::Enter);
        app.settle();
    }
    assert!(
        app.options().iter().all(|d| matches!(d, Decision::Activate(_))),
        "{:?}",
        app.options()
    );
}

fn key(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.render(f)).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn snapshot(name: &str, text: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/snapshots/{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("no snapshot {}: run with UPDATE_SNAPSHOTS=1 to write it", path.display()));
    assert!(
        expected == text,
        "screen {name} differs from {}:\n--- expected\n{expected}\n--- actual\n{text}\n(UPDATE_SNAPSHOTS=1 rewrites it after a deliberate change)",
        path.display()
    );
}

/// Plays to the end pressing only Enter (the first choice each time), drawing every screen.
fn play_with_enter(app: &mut App) -> usize {
    for presses in 0..20_000 {
        app.settle();
        if app.is_over() {
            return presses;
        }
        assert_eq!(
            app.options(),
            app.game().legal_decisions().as_slice(),
            "only legal choices are offered"
        );
        let _ = screen(app, 80, 24);
        key(app, KeyCode::Enter);
    }
    panic!("the game did not end");
}

#[test]
fn hotseat_duel_played_to_the_end_with_enter() {
    let mut app = duel_app(11, HOTSEAT);
    let presses = play_with_enter(&mut app);
    assert!(presses > 4);
    assert!(matches!(app.game().pending(), Pending::GameOver { .. }));
    assert!(app.log().iter().any(|l| l.text.starts_with("game over")));
    // The record replays to the same game.
    let text = app.record_text();
    let r = record::parse(&text, "game.toml").unwrap();
    let (again, _) = record::replay(&r, record::setup_of(&r).unwrap()).unwrap();
    assert_eq!(again.state_hash(), app.game().state_hash());
    // Enter on the final screen quits.
    key(&mut app, KeyCode::Enter);
    assert!(app.should_quit());
}

#[test]
fn human_against_the_ai_with_arrows_and_enter() {
    let seats = BySide {
        a: Seat::Human,
        b: Seat::Ai,
    };
    let mut app = duel_app(5, seats);
    let mut n = 0u32;
    for _ in 0..20_000 {
        app.settle();
        if app.is_over() {
            break;
        }
        assert!(app.human_to_decide() == Some(dust_core::Side::A));
        // Vary the choices: sometimes the second one, through the list.
        n += 1;
        if n == 3 {
            n = 0;
            key(&mut app, KeyCode::Tab);
            if app.focus() == dust_tui::Focus::Board {
                key(&mut app, KeyCode::Tab);
            }
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
    }
    assert!(app.is_over());
    let r = record::parse(&app.record_text(), "g.toml").unwrap();
    assert_eq!(
        record::players_of(&r),
        Some((seats, Some("random".to_string()))),
        "the record says who played"
    );
}

#[test]
fn resuming_a_record_continues_the_same_game() {
    let mut app = duel_app(3, HOTSEAT);
    for _ in 0..15 {
        app.settle();
        key(&mut app, KeyCode::Enter);
    }
    let text = app.record_text();
    let r = record::parse(&text, "saved.toml").unwrap();
    let resumed = App::resume(AppConfig::hotseat("duel", record::setup_of(&r).unwrap(), 999), r).unwrap();
    assert_eq!(resumed.game().state_hash(), app.game().state_hash());
    assert_eq!(resumed.options(), app.options());
}

#[test]
fn a_corrupt_record_says_where_it_breaks() {
    let mut app = duel_app(3, HOTSEAT);
    for _ in 0..6 {
        app.settle();
        key(&mut app, KeyCode::Enter);
    }
    let text = app.record_text().replace("\"activate u1\"", "\"activate u0\"");
    let r = record::parse(&text, "bad.toml").unwrap();
    let cfg = AppConfig::hotseat("duel", tests_support::duel(), 3);
    match App::resume(cfg, r) {
        Ok(_) => panic!("a corrupt record must not resume"),
        Err(e) => assert!(e.starts_with("bad.toml:") && e.contains("breaks at decision"), "{e}"),
    }
    for garbage in ["", "decisions = [", "seed = \"x\"\nscenario = 3", "\u{0}\u{1}"] {
        assert!(record::parse(garbage, "g.toml").is_err());
    }
}

#[test]
fn undo_takes_back_a_choice_before_the_dice() {
    let mut app = duel_app(2, HOTSEAT);
    to_activation(&mut app);
    let before = app.options().to_vec();
    let hash = app.game().state_hash();
    key(&mut app, KeyCode::Enter);
    assert_ne!(app.options(), before.as_slice());
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(app.options(), before.as_slice());
    assert_eq!(app.game().state_hash(), hash);
}

#[test]
fn the_board_cursor_chooses_moves_and_the_mouse_clicks() {
    let mut app = duel_app(1, HOTSEAT);
    to_activation(&mut app);
    // Activate, then the first plan (move, move): the choices are spaces on the board.
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    app.settle();
    assert!(
        app.options().iter().all(|d| matches!(d, Decision::MoveTo(_))),
        "{:?}",
        app.options()
    );
    assert_eq!(app.focus(), dust_tui::Focus::Board);
    let _ = screen(&app, 80, 24);
    // Walk the cursor to the second choice with the arrows.
    let Decision::MoveTo(second) = app.options()[1] else {
        unreachable!()
    };
    while app.cursor().col() < second.col() {
        key(&mut app, KeyCode::Right);
    }
    while app.cursor().col() > second.col() {
        key(&mut app, KeyCode::Left);
    }
    assert_eq!(app.selected(), Some(Decision::MoveTo(second)));
    // Click the third twice with the mouse: the first click moves there, the second confirms.
    let target = app.options()[2];
    let Decision::MoveTo(sq) = target else { unreachable!() };
    let _ = screen(&app, 80, 24);
    let (x, y) = (4 + 3 * u16::from(sq.col()), 2 + 5 - u16::from(sq.row()));
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    let n = app.record().decisions.len();
    app.handle_mouse(click);
    assert_eq!(app.cursor(), sq);
    assert_eq!(app.selected(), Some(target));
    assert_eq!(app.record().decisions.len(), n);
    app.handle_mouse(click);
    assert_eq!(app.record().decisions.len(), n + 1);
    assert_eq!(app.record().decisions.last(), Some(&target));
}

#[test]
fn snapshot_first_screen() {
    let mut app = duel_app(1, HOTSEAT);
    app.settle();
    snapshot("duel_start", &screen(&app, 80, 24));
}

#[test]
fn snapshot_moves_highlighted() {
    let mut app = duel_app(1, HOTSEAT);
    to_activation(&mut app);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    snapshot("duel_enter_board", &screen(&app, 80, 24));
}

#[test]
fn snapshot_an_attack_with_its_odds() {
    let mut app = duel_app(4, HOTSEAT);
    for _ in 0..2_000 {
        app.settle();
        let aim = app
            .options()
            .iter()
            .position(|d| matches!(d, Decision::Aim { target: Some(_), .. }));
        if let Some(i) = aim {
            for _ in 0..i {
                key(&mut app, KeyCode::Down);
            }
            let s = screen(&app, 80, 24);
            assert!(s.contains("odds of this attack"), "{s}");
            snapshot("duel_aim", &s);
            return;
        }
        assert!(!app.is_over(), "no attack happened");
        // Always the plan with an attack when there is one, else the first choice.
        let pick = app
            .options()
            .iter()
            .position(|d| matches!(d, Decision::Plan(p) if p.to_string().contains("attack")))
            .unwrap_or(0);
        for _ in 0..pick {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
    }
    panic!("no attack was offered");
}

#[test]
fn snapshot_help_and_small_terminal() {
    let mut app = duel_app(1, HOTSEAT);
    app.settle();
    key(&mut app, KeyCode::Char('?'));
    assert_eq!(app.overlay(), Overlay::Help);
    snapshot("help", &screen(&app, 80, 24));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Overlay::None);
    snapshot("too_small", &screen(&app, 60, 20));
    key(&mut app, KeyCode::Char('r'));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Rulings"), "{s}");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('L'));
    assert!(screen(&app, 80, 24).contains("rule: tactics-revised-core-rules.md"));
}

#[test]
fn the_default_scenario_draws_in_80x24_and_larger() {
    let setup = dust_tui::setup::load_scenario(dust_tui::setup::DEFAULT_SCENARIO).unwrap();
    let mut app = App::new(AppConfig::hotseat("annihilation", setup, 1)).unwrap();
    app.settle();
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let s = screen(&app, w, h);
        assert!(s.contains("annihilation"), "{s}");
    }
    // Walk the cursor over the whole board: the view scrolls and never panics.
    key(&mut app, KeyCode::Tab);
    for code in [KeyCode::Up, KeyCode::Right, KeyCode::Down, KeyCode::Left] {
        for _ in 0..30 {
            key(&mut app, code);
            let _ = screen(&app, 80, 24);
        }
    }
}

// ----- the players' set-up of a battlefront game (`play --setup players`) -------------------

mod common;

use dust_core::battlefront::setup::{SetupDecision, SetupStage};

/// Types `text` as keys: `\n` is Enter, every other character its key.
fn type_keys(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = if c == '\n' { KeyCode::Enter } else { KeyCode::Char(c) };
        key(app, code);
    }
}

fn battlefront_app(scenario: &str, seed: u64, setup_seed: u64, seats: BySide<Seat>, save: Option<std::path::PathBuf>) -> App {
    let ai = (seats.a == Seat::Ai || seats.b == Seat::Ai).then(|| opponent::build("greedy", seed + 100).unwrap());
    let ai_spec = ai.as_ref().map(|_| "greedy".to_string());
    let config = AppConfig {
        seats,
        ai,
        ai_spec,
        save_path: save,
        ..AppConfig::hotseat(scenario, dust_tui::setup::load_scenario(scenario).unwrap(), seed)
    };
    App::with_players_setup(config, setup_seed).unwrap()
}

const YOU_AGAINST_THE_AI: BySide<Seat> = BySide {
    a: Seat::Human,
    b: Seat::Ai,
};

/// A person sets up Bait and Flank against the greedy AI with keys and typed decisions (the
/// errors explained on the status line), plays a little, saves; the record keeps the set-up
/// and `dust1947 replay` reproduces the game.
#[test]
fn a_person_sets_up_plays_saves_and_the_record_replays() {
    let dir = std::env::temp_dir().join(format!("dust1947-play-setup-{}", std::process::id()));
    let path = dir.join("game.toml");
    let mut app = battlefront_app("bait-and-flank", 9, 7, YOU_AGAINST_THE_AI, Some(path.clone()));
    app.settle();
    assert!(app.in_setup());
    assert_eq!(app.setup_human_to_decide(), Some(dust_core::Side::A));
    assert_eq!(app.options(), &[] as &[Decision], "no game decision during the set-up");
    let s = screen(&app, 80, 24);
    assert!(s.contains("board open") && s.contains("board ruins"), "{s}");
    assert!(s.contains("Your set-up: side A"), "{s}");
    // Only the phase's legal decisions are offered.
    assert_eq!(app.setup_options().len(), app.setup_phase().unwrap().legal_decisions().len());
    // A typed decision that does not read, one that is not asked now: said, nothing taken.
    type_keys(&mut app, ":plant a tree\n");
    assert!(app.message().unwrap().contains("is not a set-up decision"), "{:?}", app.message());
    type_keys(&mut app, ":objective F8\n");
    assert!(
        app.message().unwrap().contains("another kind of decision is asked now"),
        "{:?}",
        app.message()
    );
    assert!(app.setup_phase().unwrap().decisions().is_empty());
    // The ruins, from the list (the second choice).
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    app.settle();
    let phase = app.setup_phase().unwrap();
    assert_eq!(phase.decisions()[0].to_string(), "board ruins");
    assert!(phase.initiative().is_some(), "the initiative is rolled once both boards lie");
    let mut typed_error = false;
    for _ in 0..40 {
        app.settle();
        if !app.in_setup() {
            break;
        }
        let phase = app.setup_phase().unwrap();
        assert_eq!(app.setup_human_to_decide(), phase.to_move());
        match phase.stage() {
            SetupStage::Start => type_keys(&mut app, ":start south\n"),
            SetupStage::Terrain if !typed_error => {
                // Not on an entry square; then a legal one typed.
                let entry = phase.entry_of(dust_core::Side::A).unwrap()[0];
                type_keys(&mut app, &format!(":place trap {entry}\n"));
                assert!(app.message().unwrap().contains("entry squares"), "{:?}", app.message());
                let screen_text = screen(&app, 80, 24);
                assert!(screen_text.contains("stay off the entry"), "{screen_text}");
                typed_error = true;
                let legal = app.setup_options()[0];
                type_keys(&mut app, &format!(":{legal}\n"));
                assert_eq!(app.message(), None);
            }
            _ => {
                // The board cursor's choice: its squares are previewed on the board.
                let d = app.setup_selected().unwrap();
                if let SetupDecision::Place { at, .. } | SetupDecision::Objective(at) = d {
                    assert_eq!(app.cursor(), at);
                }
                let _ = screen(&app, 80, 24);
                key(&mut app, KeyCode::Enter);
            }
        }
    }
    assert!(!app.in_setup(), "the set-up ends");
    assert!(typed_error);
    let setup = app.record().setup.clone().expect("the record keeps the set-up");
    assert_eq!(setup.seed, 7);
    // Two boards, the half, two tiles and a trap each, an objective each.
    assert_eq!(setup.decisions.len(), 2 + 1 + 6 + 2, "{:?}", setup.decisions);
    assert_eq!(app.game().objectives().len(), 2);
    assert!(app.log().iter().any(|l| l.text == "the table is laid: the game begins"));
    // The game is played on the table laid.
    let laid = setup.game_setup(dust_tui::setup::load_scenario("bait-and-flank").unwrap()).unwrap();
    for s in laid.board.squares() {
        assert_eq!(app.game().board().terrain(s), laid.board.terrain(s), "{s}");
    }
    for _ in 0..12 {
        app.settle();
        if app.is_over() {
            break;
        }
        assert_eq!(app.options(), app.game().legal_decisions().as_slice());
        key(&mut app, KeyCode::Enter);
    }
    app.settle();
    assert!(!app.record().decisions.is_empty());
    key(&mut app, KeyCode::Char('s'));
    assert_eq!(app.saved_to(), Some(&path));
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("setup_seed = 7") && text.contains("\"board ruins\""), "{text}");
    let r = record::parse(&text, "game.toml").unwrap();
    let (again, _) = record::replay(&r, record::setup_of(&r).unwrap()).unwrap();
    assert_eq!(again.state_hash(), app.game().state_hash());
    // `dust1947 replay` lays the same table and reaches the same state.
    let o = common::run(&["replay", path.to_str().unwrap()]);
    let out = common::stdout(&o);
    assert!(o.status.success(), "{}", common::stderr(&o));
    assert!(out.contains("set-up: by the players (set-up seed 7; 11 set-up decisions)"), "{out}");
    assert!(out.contains(&format!("state hash: {:#018x}", app.game().state_hash())), "{out}");
    // And `play --load` resumes it at the same state.
    let config = AppConfig {
        seats: YOU_AGAINST_THE_AI,
        ai: Some(opponent::build("greedy", 1).unwrap()),
        ai_spec: Some("greedy".into()),
        ..AppConfig::hotseat("bait-and-flank", record::setup_of(&r).unwrap(), 1)
    };
    let resumed = App::resume(config, r).unwrap();
    assert!(!resumed.in_setup());
    assert_eq!(resumed.game().state_hash(), app.game().state_hash());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game saved during its set-up resumes in the set-up, with the same table and the same
/// choices; a revised scenario is not set up by the players.
#[test]
fn a_game_saved_during_its_set_up_resumes_there() {
    let hotseat = HOTSEAT;
    let mut app = battlefront_app("grab-the-dust", 3, 11, hotseat, None);
    // Both boards, the half, two terrain items.
    for _ in 0..5 {
        app.settle();
        key(&mut app, KeyCode::Enter);
    }
    assert!(app.in_setup());
    assert_eq!(app.setup_phase().unwrap().decisions().len(), 5);
    let r = record::parse(&app.record_text(), "mid-setup.toml").unwrap();
    assert!(r.decisions.is_empty());
    let config = || AppConfig {
        seats: hotseat,
        ..AppConfig::hotseat("grab-the-dust", dust_tui::setup::load_scenario("grab-the-dust").unwrap(), 3)
    };
    let mut resumed = App::resume(config(), r.clone()).unwrap();
    assert!(resumed.in_setup());
    let (p, q) = (app.setup_phase().unwrap(), resumed.setup_phase().unwrap());
    assert_eq!(p.decisions(), q.decisions());
    assert_eq!(
        p.board().squares().map(|s| p.board().terrain(s)).collect::<Vec<_>>(),
        q.board().squares().map(|s| q.board().terrain(s)).collect::<Vec<_>>()
    );
    assert_eq!(app.setup_options(), resumed.setup_options());
    // Both go on to the same game.
    for a in [&mut app, &mut resumed] {
        for _ in 0..20 {
            if !a.in_setup() {
                break;
            }
            key(a, KeyCode::Enter);
        }
        assert!(!a.in_setup());
    }
    assert_eq!(app.game().state_hash(), resumed.game().state_hash());
    // Game decisions after an unfinished set-up are refused with a reason.
    let mut bad = r;
    bad.decisions.push("first A".parse().unwrap());
    let e = App::resume(config(), bad).err().expect("refused");
    assert!(e.contains("set-up is unfinished"), "{e}");
    // The revised duel has no players' set-up.
    let e = App::with_players_setup(AppConfig::hotseat("duel", tests_support::duel(), 1), 1)
        .err()
        .expect("refused");
    assert!(e.contains("battlefront games only"), "{e}");
}

/// The table laid so far, square by square.
fn table(app: &App) -> Vec<dust_core::Terrain> {
    let b = app.setup_phase().unwrap().board();
    b.squares().map(|s| b.terrain(s)).collect()
}

/// The set-up decisions of the record saved at `path`.
fn saved_setup(path: &std::path::Path) -> Vec<SetupDecision> {
    let r = record::parse(&std::fs::read_to_string(path).unwrap(), "saved.toml").unwrap();
    r.setup.expect("the record keeps the set-up").decisions
}

/// `u` in the set-up takes back the last set-up decision: the table, the choices, the log and
/// the saved record are as before it; then the set-up is finished and the game played. At the
/// first decision of the game, `u` goes back into the set-up.
#[test]
fn undo_takes_back_a_set_up_decision() {
    let dir = std::env::temp_dir().join(format!("dust1947-play-setup-undo-{}", std::process::id()));
    let path = dir.join("game.toml");
    let mut app = battlefront_app("bait-and-flank", 9, 7, HOTSEAT, Some(path.clone()));
    app.settle();
    key(&mut app, KeyCode::Char('u'));
    assert!(app.message().unwrap().contains("nothing to take back"), "{:?}", app.message());
    // Side A lays the ruins (the second choice): the state before side B's board.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    let phase = app.setup_phase().unwrap();
    let (events, board, options, log) = (
        phase.events().to_vec(),
        table(&app),
        app.setup_options().to_vec(),
        app.log().to_vec(),
    );
    assert_eq!(saved_setup(&path).len(), 1);
    // Side B lays its board: the initiative is rolled.
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.setup_phase().unwrap().decisions().len(), 2);
    assert!(app.setup_phase().unwrap().initiative().is_some());
    assert_eq!(saved_setup(&path).len(), 2);
    // Taken back: as before it, and the saved record no longer holds it.
    key(&mut app, KeyCode::Char('u'));
    assert!(app.message().unwrap().starts_with("took back `board"), "{:?}", app.message());
    let phase = app.setup_phase().unwrap();
    assert_eq!(phase.events(), events.as_slice());
    assert_eq!(phase.initiative(), None);
    assert_eq!(app.setup_human_to_decide(), Some(dust_core::Side::B));
    assert_eq!(table(&app), board);
    assert_eq!(app.setup_options(), options.as_slice());
    assert_eq!(app.log(), log.as_slice());
    assert_eq!(saved_setup(&path), vec!["board ruins".parse().unwrap()]);
    assert_eq!(app.record().setup.as_ref().unwrap().decisions.len(), 1);
    let s = screen(&app, 80, 24);
    assert!(s.contains("took back"), "{s}");
    // On to the end of the set-up with Enter.
    for _ in 0..40 {
        if !app.in_setup() {
            break;
        }
        key(&mut app, KeyCode::Enter);
    }
    assert!(!app.in_setup(), "the set-up ends");
    let laid = app.record().setup.clone().unwrap();
    assert_eq!(laid.decisions.len(), 2 + 1 + 6 + 2);
    assert_eq!(laid.decisions[0].to_string(), "board ruins");
    let hash = app.game().state_hash();
    // At the first decision of the game, `u` goes back into the set-up, before its last
    // decision; taking it again starts the same game.
    assert!(app.record().decisions.is_empty() && app.human_to_decide().is_some());
    key(&mut app, KeyCode::Char('u'));
    assert!(app.in_setup(), "{:?}", app.message());
    assert!(app.message().unwrap().contains("back in the set-up"), "{:?}", app.message());
    assert_eq!(app.setup_phase().unwrap().decisions(), laid.decisions[..laid.decisions.len() - 1]);
    assert!(app.options().is_empty());
    assert!(!app.log().iter().any(|l| l.text.contains("the game begins")));
    assert_eq!(saved_setup(&path).len(), laid.decisions.len() - 1);
    let last = *laid.decisions.last().unwrap();
    assert!(app.setup_options().contains(&last));
    app.choose_setup(last);
    assert!(!app.in_setup());
    assert_eq!(app.game().state_hash(), hash);
    // And the game is played.
    for _ in 0..12 {
        app.settle();
        if app.is_over() {
            break;
        }
        key(&mut app, KeyCode::Enter);
    }
    assert!(!app.record().decisions.is_empty());
    let r = record::parse(&std::fs::read_to_string(&path).unwrap(), "game.toml").unwrap();
    let (again, _) = record::replay(&r, record::setup_of(&r).unwrap()).unwrap();
    assert_eq!(again.state_hash(), app.game().state_hash());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Against the AI seat, `u` takes back the person's last set-up decision and the AI's set-up
/// decisions after it; the AI (the random style: seeded) takes them again the same way when the
/// person decides as before.
#[test]
fn undo_in_the_set_up_takes_back_the_ai_decisions_after_it() {
    for spec in ["random", "greedy"] {
        let config = AppConfig {
            seats: YOU_AGAINST_THE_AI,
            ai: Some(opponent::build(spec, 5).unwrap()),
            ai_spec: Some(spec.to_string()),
            ..AppConfig::hotseat("bait-and-flank", dust_tui::setup::load_scenario("bait-and-flank").unwrap(), 5)
        };
        let mut app = App::with_players_setup(config, 3).unwrap();
        app.settle();
        // Side A decides until the AI has answered a decision of A's in the terrain.
        let mut undone = None;
        for _ in 0..20 {
            app.settle();
            let phase = app.setup_phase().unwrap();
            let terrain = phase.stage() == SetupStage::Terrain;
            let before = (phase.events().to_vec(), table(&app), app.setup_options().to_vec());
            let d = app.setup_selected().unwrap();
            app.choose_setup(d);
            let n = app.setup_phase().unwrap().decisions().len();
            app.settle();
            let after = app.setup_phase().unwrap().decisions();
            if terrain && after.len() > n {
                undone = Some((before, d, after));
                break;
            }
        }
        let ((events, board, options), d, after) = undone.expect("the AI answers in the terrain");
        key(&mut app, KeyCode::Char('u'));
        let m = app.message().unwrap().to_string();
        assert!(m.starts_with(&format!("took back `{d}` and the ")) && m.contains("after it"), "{m}");
        let phase = app.setup_phase().unwrap();
        assert_eq!(phase.events(), events.as_slice(), "{spec}");
        assert_eq!(table(&app), board);
        assert_eq!(app.setup_options(), options.as_slice());
        assert_eq!(app.record().setup.as_ref().unwrap().decisions.len(), phase.decisions().len());
        // The same decision again: the AI answers as it did.
        app.choose_setup(d);
        app.settle();
        assert_eq!(app.setup_phase().unwrap().decisions(), after, "{spec}");
        // And the set-up goes on to the game.
        for _ in 0..40 {
            app.settle();
            if !app.in_setup() {
                break;
            }
            key(&mut app, KeyCode::Enter);
        }
        assert!(!app.in_setup());
    }
}

#[test]
fn snapshot_the_set_up_screen() {
    let mut app = battlefront_app("bait-and-flank", 9, 7, YOU_AGAINST_THE_AI, None);
    app.settle();
    key(&mut app, KeyCode::Enter);
    app.settle();
    // Wherever the initiative fell, on to the terrain.
    if app.setup_phase().unwrap().stage() == SetupStage::Start {
        key(&mut app, KeyCode::Enter);
        app.settle();
    }
    assert_eq!(app.setup_phase().unwrap().stage(), SetupStage::Terrain);
    snapshot("setup_terrain", &screen(&app, 80, 24));
}

/// `play --setup players` on the command line: refused with the reason for a revised scenario
/// and with `--load`; accepted for a battlefront one (which then needs a terminal).
#[test]
fn the_setup_flag_of_play() {
    let o = common::run(&["play", "--scenario", "duel", "--setup", "players"]);
    assert!(!o.status.success());
    assert!(
        common::stderr(&o).contains("the players set up battlefront games only"),
        "{}",
        common::stderr(&o)
    );
    let o = common::run(&["play", "--setup", "players", "--load", "nowhere.toml"]);
    assert!(!o.status.success());
    assert!(common::stderr(&o).contains("give one of them"), "{}", common::stderr(&o));
    let o = common::run(&["play", "--setup", "everyone"]);
    assert!(!o.status.success());
    assert!(
        common::stderr(&o).contains("scenario") && common::stderr(&o).contains("players"),
        "{}",
        common::stderr(&o)
    );
    let o = common::run(&["play", "--edition", "battlefront", "--setup", "players", "--seed", "3"]);
    assert!(!o.status.success(), "no terminal in the tests");
    assert!(common::stderr(&o).contains("needs a terminal"), "{}", common::stderr(&o));
}

/// Issue 20: Esc closes overlays and prompts, and one Esc too many asks before it ends the game
/// ("Esc closes/cancels" everywhere; quitting is a choice, never an accident).
#[test]
fn esc_asks_before_quitting() {
    let mut app = duel_app(1, HOTSEAT);
    app.settle();
    key(&mut app, KeyCode::Char('L'));
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Overlay::None, "Esc closes the log");
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay(), Overlay::ConfirmQuit);
    assert!(!app.should_quit(), "the game is still on screen");
    assert!(screen(&app, 80, 24).contains("Quit the game?"));
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(app.overlay(), Overlay::None);
    assert!(!app.should_quit(), "any other key goes back to the game");
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit(), "q asks too");
    key(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit(), "y confirms");
}

/// Issue 20: "The AI explains itself in words when asked": after the AI's decision, `w` shows
/// what it chose and the figures it chose by.
#[test]
fn w_says_why_the_ai_decided() {
    let ai = opponent::build("greedy", 7).unwrap();
    let mut app = App::new(AppConfig {
        seats: BySide {
            a: Seat::Ai,
            b: Seat::Human,
        },
        ai: Some(ai),
        ai_spec: Some("greedy".into()),
        ..AppConfig::hotseat("duel", tests_support::duel(), 3)
    })
    .unwrap();
    key(&mut app, KeyCode::Char('w'));
    assert_eq!(app.message(), Some("the AI has not decided anything yet"));
    let mut m = String::new();
    for _ in 0..40 {
        app.settle();
        key(&mut app, KeyCode::Char('w'));
        m = app.message().unwrap_or_default().to_string();
        if m.starts_with("AI") {
            break;
        }
        // The person's turn: the first choice.
        key(&mut app, KeyCode::Enter);
        key(&mut app, KeyCode::Enter);
    }
    assert!(m.starts_with("AI (greedy): "), "{m}");
    assert!(m.contains("AP expected"), "greedy says its figures: {m}");
}

/// Issue 20: the destinations of "move, then attack" say which targets each gives, or that it
/// gives none ("(no target from here)").
#[test]
fn snapshot_move_then_attack_previews_the_targets() {
    let mut app = duel_app(4, HOTSEAT);
    for _ in 0..2_000 {
        app.settle();
        assert!(!app.is_over(), "no move with a target was offered");
        let opts = app.options().to_vec();
        let previews: Vec<_> = opts.iter().map(|&d| dust_tui::view::targets_after_move(&app, d, true)).collect();
        let good = previews.iter().position(|p| p.as_ref().is_some_and(|t| !t.is_empty()));
        let bad = previews.iter().any(|p| p.as_ref().is_some_and(|t| t.is_empty()));
        if let (Some(i), true) = (good, bad) {
            // (The board has the focus while moves are chosen: a digit highlights a choice.)
            key(&mut app, KeyCode::Char(char::from(b'1' + i as u8)));
            let s = screen(&app, 80, 24);
            assert!(s.contains("(no target from here)"), "{s}");
            assert!(s.contains("targets from here: u"), "{s}");
            // On the board, the destination without a target has a × beside its symbol.
            assert!(s.contains(".×"), "{s}");
            snapshot("duel_move_targets", &s);
            return;
        }
        let pick = opts
            .iter()
            .position(|d| matches!(d, Decision::Plan(p) if p.to_string() == "move attack"))
            .unwrap_or(0);
        for _ in 0..pick {
            key(&mut app, KeyCode::Down);
        }
        key(&mut app, KeyCode::Enter);
    }
    panic!("no move with a target was offered");
}
