//! Plays games between two players and prints the results: `arena A B GAMES [duel|annihilation]`
//! (`SCENARIO=FILE` plays a scenario file instead, `TRACE=N` prints the events of game N).
use dust_ai::{play_game, PlayerSpec};
use dust_core::game::tests_support;
use dust_core::Side;
use std::time::Instant;

fn main() {
    if let Ok(s) = std::env::var("SLOW") {
        slow(&s);
        return;
    }
    let args: Vec<String> = std::env::args().collect();
    let a: PlayerSpec = args.get(1).map_or("greedy", |s| s).parse().expect("spec a");
    let b: PlayerSpec = args.get(2).map_or("random", |s| s).parse().expect("spec b");
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let duel = args.get(4).is_some_and(|s| s == "duel");
    let (mut wa, mut wb, mut dr) = (0, 0, 0);
    let start = Instant::now();
    for g in 0..games {
        let setup = setup_of(duel);
        let mut pa = a.build(2 * g + 1);
        let mut pb = b.build(2 * g + 2);
        let a_side = if g % 2 == 0 { Side::A } else { Side::B };
        let out = if a_side == Side::A {
            play_game(setup, pa.as_mut(), pb.as_mut(), 1000 + g)
        } else {
            play_game(setup, pb.as_mut(), pa.as_mut(), 1000 + g)
        }
        .expect("setup");
        if std::env::var("TRACE").is_ok_and(|t| t == g.to_string()) {
            trace(setup_of(duel), &out);
        }
        match out.winner {
            Some(w) if w == a_side => wa += 1,
            Some(_) => wb += 1,
            None => dr += 1,
        }
        println!(
            "game {g}: a on {a_side:?} winner {:?} vp {}-{} rounds {} decisions {} longest {:?}/{:?} cut {}",
            out.winner,
            out.victory_points.a,
            out.victory_points.b,
            out.rounds,
            out.decisions.len(),
            out.stats.a.longest,
            out.stats.b.longest,
            out.cut_off
        );
    }
    println!("a {a} wins {wa}, b {b} wins {wb}, draws {dr} in {:?}", start.elapsed());
}

/// The game to play: the duel, the scenario file in `SCENARIO`, or the shipped annihilation.
fn setup_of(duel: bool) -> dust_core::game::GameSetup {
    if duel {
        return tests_support::duel();
    }
    match std::env::var("SCENARIO") {
        Ok(path) => {
            let text = std::fs::read_to_string(&path).expect("scenario file");
            let s = dust_data::scenario::parse_scenario(&text, &path).expect("scenario");
            s.game_setup(&dust_data::builtin::builtin_cards()).expect("armies")
        }
        Err(_) => dust_data::scenario::default_setup(),
    }
}

/// Replays a game and prints its events (set TRACE=1).
#[allow(dead_code)]
fn trace(setup: dust_core::game::GameSetup, out: &dust_ai::GameOutcome) {
    use dust_core::game::{Game, Pending};
    let mut g = Game::new(setup).expect("setup");
    let mut dice = dust_core::GameRng::new(out.dice_seed);
    let mut i = 0;
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                println!("  [{side}] {}", out.decisions[i]);
                g.apply(out.decisions[i]).expect("legal");
                i += 1;
            }
            Pending::GameOver { .. } => break,
        }
        for e in g.events() {
            println!("      {e}");
        }
        g.clear_events();
    }
}

/// Times one MCTS decision on every decision of a greedy self-play game (set SLOW=spec).
#[allow(dead_code)]
pub fn slow(spec: &str) {
    use dust_core::game::{Game, Pending};
    let mut g = Game::new(dust_data::scenario::default_setup()).expect("setup");
    let mut dice = dust_core::GameRng::new(3);
    let mut greedy = [PlayerSpec::Greedy.build(1), PlayerSpec::Greedy.build(2)];
    let mut m = spec.parse::<PlayerSpec>().expect("spec").build(4);
    let (mut n, mut worst) = (0u32, std::time::Duration::ZERO);
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                let t = Instant::now();
                m.decide(&g);
                let took = t.elapsed();
                n += 1;
                worst = worst.max(took);
                if took.as_millis() > 215 {
                    let e = m.explain().expect("explained");
                    println!(
                        "{took:?} round {} options {} iterations {} first {}",
                        g.round(),
                        g.legal_decisions().len(),
                        e.iterations,
                        g.legal_decisions()[0]
                    );
                }
                let d = greedy[side.index()].decide(&g);
                g.apply(d).expect("legal");
            }
            Pending::GameOver { .. } => break,
        }
    }
    println!("{spec}: {n} decisions, the longest {worst:?}");
}
