use dust_strategy::game::{Game, GameConfig, Pending};
use dust_strategy::GameRng;
#[test]
fn random_games_end() {
    let t = std::time::Instant::now();
    let mut total_dec = 0;
    for seed in 0..50u64 {
        let players = 2 + (seed % 5) as u8;
        let mut g = Game::builtin(GameConfig::new(players)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut ai = GameRng::new(seed + 1000);
        let mut steps = 0;
        loop {
            match g.pending() {
                Pending::Chance(_) => { g.resolve_chance(&mut rng); }
                Pending::Decision(_) => {
                    let o = g.legal_decisions();
                    assert!(!o.is_empty(), "no decisions at {:?}", g.pending());
                    let d = o[ai.index(o.len())];
                    g.apply(d).unwrap();
                    total_dec += 1;
                }
                Pending::GameOver => break,
            }
            steps += 1;
            assert!(steps < 2_000_000, "seed {seed} stuck");
        }
        println!("seed {seed} players {players} rounds {} winners {:?} steps {steps}", g.round(), g.winners());
    }
    println!("{:?} decisions {total_dec}", t.elapsed());
}
