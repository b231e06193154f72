//! The real terminal: raw mode, the alternate screen and the mouse (crossterm), a frame after
//! every change, dice rolled one roll at a time so the player sees them fall, and the AI on a
//! background thread so the screen never freezes while it thinks.

use crate::app::{AiDone, App};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use std::io;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long each roll of dice stays on screen before the next.
pub const DICE_PAUSE: Duration = Duration::from_millis(350);
/// The least time between two AI decisions, so its moves can be followed.
pub const AI_PAUSE: Duration = Duration::from_millis(150);

/// Runs the game in the terminal until the player quits; returns the app as it ended.
///
/// # Errors
/// The terminal cannot be set up or read (for example, standard output is not a terminal).
pub fn run(mut app: App) -> io::Result<App> {
    if !io::IsTerminal::is_terminal(&io::stdout()) {
        return Err(io::Error::other(
            "`dust1947 play` needs a terminal: run it in a terminal window (or over ssh with a terminal)",
        ));
    }
    let mut terminal = ratatui::try_init()?;
    let _ = execute!(io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app);
    let _ = execute!(io::stdout(), DisableMouseCapture);
    ratatui::try_restore()?;
    result.map(|()| app)
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    let (tx, rx) = mpsc::channel::<AiDone>();
    let mut busy = false;
    let mut last_step = Instant::now();
    loop {
        terminal.draw(|f| app.render(f))?;
        if app.should_quit() {
            return Ok(());
        }
        if let Ok(done) = rx.try_recv() {
            busy = false;
            app.finish_ai_job(done);
            last_step = Instant::now();
            continue;
        }
        // The AI's set-up decisions take no search: on this thread, paced like its moves.
        if app.setup_ai_to_decide().is_some() && last_step.elapsed() >= AI_PAUSE {
            app.setup_ai_step();
            last_step = Instant::now();
            continue;
        }
        if !busy && app.ai_to_decide().is_some() && last_step.elapsed() >= AI_PAUSE {
            if let Some(job) = app.take_ai_job() {
                busy = true;
                let tx = tx.clone();
                std::thread::spawn(move || {
                    let _ = tx.send(job.run());
                });
                continue;
            }
        }
        if app.needs_roll() && last_step.elapsed() >= DICE_PAUSE {
            app.roll_once();
            last_step = Instant::now();
            continue;
        }
        let wait = if busy || app.needs_roll() || app.ai_to_decide().is_some() || app.setup_ai_to_decide().is_some() {
            Duration::from_millis(40)
        } else {
            Duration::from_millis(500)
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(k) => app.handle_key(k),
                Event::Mouse(m) => app.handle_mouse(m),
                _ => {}
            }
        }
    }
}
