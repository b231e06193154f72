//! Benchmarks: random full games per second (target: at least 2,000 on one core for four
//! players) and the exact odds of a 30-against-30 battle (target: at most 1 ms). Each asserts
//! what it times: the games end, the probabilities sum to one.

use criterion::{criterion_group, criterion_main, Criterion};
use dust_strategy::game::{Game, GameConfig, Pending};
use dust_strategy::odds::{battle_odds, BattleType, OddsQuery};
use dust_strategy::{Deck, GameRng, Units, WorldMap};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

fn random_game(map: &Arc<WorldMap>, deck: &Arc<Deck>, players: u8, seed: u64) -> Game {
    let mut g = Game::new(Arc::clone(map), Arc::clone(deck), GameConfig::new(players)).expect("a game");
    let mut chance = GameRng::new(seed);
    let mut ai = GameRng::new(seed ^ 0x5EED);
    let mut l = Vec::new();
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.resolve_chance(&mut chance);
            }
            Pending::Decision(_) => {
                g.legal_decisions_into(&mut l);
                g.apply_unchecked(l[ai.index(l.len())]);
            }
            Pending::GameOver => break,
        }
        g.clear_events();
    }
    assert!(g.is_over());
    g
}

fn games(c: &mut Criterion) {
    let map = Arc::new(WorldMap::builtin());
    let deck = Arc::new(Deck::builtin());
    // A plain rate, printed, before criterion's statistics.
    let start = Instant::now();
    let n = 400;
    for s in 0..n {
        black_box(random_game(&map, &deck, 4, s));
    }
    let rate = f64::from(n as u32) / start.elapsed().as_secs_f64();
    println!("random full games, 4 players: {rate:.0} games/s on one core (target >= 2000)");
    let mut seed = 0;
    c.bench_function("random full game, 4 players", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_game(&map, &deck, 4, seed))
        })
    });
}

fn odds(c: &mut Criterion) {
    let att = Units::parse("15t5m6f4b").expect("army");
    let def = Units::parse("16t6m5f3b").expect("army");
    let q = OddsQuery::new(BattleType::Land, att, def);
    let o = battle_odds(&q).expect("odds");
    assert!((o.attacker_wins + o.attacker_destroyed + o.attacker_retreated - 1.0).abs() < 1e-9);
    let start = Instant::now();
    let n = 200;
    for _ in 0..n {
        black_box(battle_odds(black_box(&q)).expect("odds"));
    }
    let each = start.elapsed().as_secs_f64() / f64::from(n) * 1000.0;
    println!("battle odds, 30 units a side: {each:.3} ms (target <= 1 ms)");
    c.bench_function("battle odds 30 v 30 (land)", |b| b.iter(|| battle_odds(black_box(&q))));
    let sea = OddsQuery::new(
        BattleType::Sea,
        Units::parse("30s").expect("army"),
        Units::parse("30s").expect("army"),
    );
    c.bench_function("battle odds 30 v 30 (sea)", |b| b.iter(|| battle_odds(black_box(&sea))));
}

criterion_group!(benches, games, odds);
criterion_main!(benches);
