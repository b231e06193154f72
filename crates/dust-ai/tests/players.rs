//! Every player plays whole games with legal decisions; search is deterministic for a seed and
//! an iteration budget; every player explains its decisions.

use dust_ai::{play_game, Player, PlayerSpec};
use dust_core::game::{tests_support, Game, GameSetup, Pending};
use dust_core::GameRng;

fn spec(s: &str) -> PlayerSpec {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn annihilation() -> GameSetup {
    dust_data::scenario::default_setup()
}

/// Plays a whole game, checking every decision against the engine (`play_game` applies them
/// with the checked `Game::apply` and reports an illegal one as an error).
fn whole_game(setup: GameSetup, a: &str, b: &str, seed: u64) -> dust_ai::GameOutcome {
    let mut pa = spec(a).build(seed);
    let mut pb = spec(b).build(seed + 1);
    match play_game(setup, pa.as_mut(), pb.as_mut(), seed + 2) {
        Ok(o) => {
            assert!(!o.cut_off, "{a} vs {b}: the game never ended");
            o
        }
        Err(e) => panic!("{a} vs {b}, seed {seed}: {e}"),
    }
}

#[test]
fn every_player_plays_whole_duels() {
    for (a, b) in [
        ("random", "greedy"),
        ("greedy", "random"),
        ("mcts:40i,threads=1", "greedy"),
        ("greedy", "mcts:40i"),
    ] {
        for seed in [1, 2] {
            let o = whole_game(tests_support::duel(), a, b, seed);
            assert!(!o.decisions.is_empty());
        }
    }
}

#[test]
fn every_player_plays_the_annihilation_scenario() {
    whole_game(annihilation(), "random", "greedy", 3);
    whole_game(annihilation(), "greedy", "random", 4);
    whole_game(annihilation(), "mcts:6i,threads=1,depth=6", "greedy", 5);
    // One decision at a time instead of whole activations.
    whole_game(annihilation(), "greedy", "mcts:6i,threads=1,depth=6,plans=0", 6);
}

#[test]
fn search_is_deterministic_for_a_seed_and_iterations() {
    for s in ["mcts:30i,threads=1", "mcts:30i,threads=2"] {
        let one = whole_game(tests_support::duel(), s, "greedy", 11);
        let two = whole_game(tests_support::duel(), s, "greedy", 11);
        assert_eq!(one.decisions, two.decisions, "{s}");
        assert_eq!(one.final_hash, two.final_hash, "{s}");
    }
    let g1 = whole_game(annihilation(), "greedy", "greedy", 12);
    let g2 = whole_game(annihilation(), "greedy", "greedy", 12);
    assert_eq!(g1.decisions, g2.decisions);
}

#[test]
fn every_player_explains_its_decision() {
    let mut game = Game::new(annihilation()).unwrap();
    let mut dice = GameRng::new(5);
    // Play a little with random decisions to reach a position with choices.
    let mut pick = GameRng::new(6);
    let mut n = 0;
    while n < 40 {
        match game.pending() {
            Pending::Chance(_) => {
                game.roll(&mut dice);
            }
            Pending::Decision { .. } => {
                let o = game.legal_decisions();
                if n >= 20 && o.len() > 1 {
                    break;
                }
                game.apply(o[pick.index(o.len())]).unwrap();
                n += 1;
            }
            Pending::GameOver { .. } => panic!("over too soon"),
        }
    }
    let legal = game.legal_decisions();
    assert!(legal.len() > 1);
    for s in ["random", "greedy", "mcts:60i,threads=2"] {
        let mut p: Box<dyn Player + Send> = spec(s).build(9);
        let d = p.decide(&game);
        assert!(legal.contains(&d), "{s}: {d}");
        let e = p.explain().unwrap_or_else(|| panic!("{s} explains"));
        assert!(!e.candidates.is_empty(), "{s}");
        assert!(e.candidates.iter().all(|c| legal.contains(&c.decision)), "{s}");
        if s != "random" {
            assert_eq!(e.candidates[0].decision, d, "{s}: the best candidate comes first");
            assert!(e.candidates.len() > 1, "{s}: several candidates");
        }
        if s.starts_with("mcts") {
            assert_eq!(e.iterations, 60);
            assert_eq!(e.candidates.iter().map(|c| c.visits).sum::<u64>(), 60);
            assert!(e.candidates.iter().all(|c| (0.0..=1.0).contains(&c.value)));
        }
        assert!(e.to_string().contains(&d.to_string()));
    }
}

#[test]
fn greedy_beats_random_on_the_duel() {
    let mut wins = 0;
    let mut losses = 0;
    for seed in 0..20 {
        let o = whole_game(tests_support::duel(), "greedy", "random", 100 + 3 * seed);
        match o.winner {
            Some(dust_core::Side::A) => wins += 1,
            Some(dust_core::Side::B) => losses += 1,
            None => {}
        }
    }
    assert!(wins > 2 * losses, "greedy {wins} wins, random {losses}");
}

#[test]
fn the_rollout_policy_plays_a_game_to_its_end_and_fights() {
    // Issue 21: the playout benchmark plays whole games with the rollout policy; its games end
    // and units are destroyed in them (random games mostly march).
    let mut fallen = 0;
    for seed in 0..3 {
        let mut g = dust_core::game::Game::new(dust_data::scenario::default_setup()).expect("a game");
        let mut rng = dust_core::GameRng::new(seed);
        let n = dust_ai::playout(&mut g, &mut rng, 100_000);
        assert!(
            matches!(g.pending(), dust_core::game::Pending::GameOver { .. }),
            "seed {seed}: not over after {n} decisions"
        );
        fallen += g.units().iter().filter(|u| u.destroyed).count();
    }
    assert!(fallen >= 3, "units destroyed in three games: {fallen}");
}

/// Greedy, checking at every plan it is offered that the plans the engine calls alike
/// ([`Game::same_first_leg`]) offer the same choices up to their first Move's squares.
struct SameFirstLegChecker {
    inner: Box<dyn Player>,
    /// Pairs of plans compared, and pairs the engine called alike.
    compared: usize,
    alike: usize,
}

impl SameFirstLegChecker {
    /// What the engine offers after plan `p`, up to and including the first Move's squares
    /// (through the Assault choice, declined, when it is offered).
    fn first_leg(game: &Game, p: dust_core::game::Plan) -> Vec<dust_core::game::Decision> {
        use dust_core::game::{Decision, Optional};
        let mut g = game.clone();
        g.apply(Decision::Plan(p)).expect("an offered plan");
        let mut seen = Vec::new();
        loop {
            let legal = g.legal_decisions();
            match legal.first() {
                Some(&Decision::Use(Optional::Assault, _)) => {
                    seen.push(legal.clone());
                    g.apply(Decision::Use(Optional::Assault, false)).expect("declining Assault");
                }
                Some(Decision::MoveTo(_)) => {
                    seen.push(legal);
                    return seen.concat();
                }
                _ => return seen.concat(),
            }
        }
    }
}

impl Player for SameFirstLegChecker {
    fn decide(&mut self, game: &Game) -> dust_core::game::Decision {
        use dust_core::game::Decision;
        let plans: Vec<_> = game
            .legal_decisions()
            .into_iter()
            .filter_map(|d| if let Decision::Plan(p) = d { Some(p) } else { None })
            .collect();
        for (i, &a) in plans.iter().enumerate() {
            for &b in &plans[i + 1..] {
                self.compared += 1;
                if game.same_first_leg(a, b) {
                    self.alike += 1;
                    assert_eq!(
                        Self::first_leg(game, a),
                        Self::first_leg(game, b),
                        "{a:?} and {b:?} were called alike, round {}",
                        game.round()
                    );
                }
            }
        }
        self.inner.decide(game)
    }

    fn explain(&self) -> Option<dust_ai::Explanation> {
        self.inner.explain()
    }
}

/// `Game::same_first_leg`, which the greedy planner trusts to ask for a first Move's squares
/// once for several plans (issue 21), holds in played games of both editions' shipped
/// scenarios: every pair of plans it calls alike offers the same Assault choice and the same
/// squares. The battlefront edition calls no two plans alike.
#[test]
fn plans_the_engine_calls_alike_offer_the_same_first_move() {
    let cards = dust_data::builtin::builtin_cards();
    for (name, alike_expected) in [
        ("annihilation", true),
        ("custom-battle", true),
        ("hold-the-crossroads", true),
        ("encounter", false),
        ("bait-and-flank", false),
    ] {
        let scenario = dust_data::scenario::load_builtin(name).expect("a shipped scenario");
        let (mut compared, mut alike) = (0, 0);
        for seed in 1..=3 {
            let setup = scenario.game_setup(&cards).expect("a game");
            let mut a = SameFirstLegChecker {
                inner: spec("greedy").build(seed),
                compared: 0,
                alike: 0,
            };
            let mut b = SameFirstLegChecker {
                inner: spec("random").build(seed + 10),
                compared: 0,
                alike: 0,
            };
            play_game(setup, &mut a, &mut b, seed + 20).unwrap_or_else(|e| panic!("{name}: {e}"));
            compared += a.compared + b.compared;
            alike += a.alike + b.alike;
        }
        assert!(compared > 100, "{name}: only {compared} pairs of plans compared");
        assert_eq!(alike > 0, alike_expected, "{name}: {alike} pairs of {compared} called alike");
    }
}
