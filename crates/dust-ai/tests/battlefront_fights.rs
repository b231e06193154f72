//! Issue 21: the battlefront AI fights and plays for the scenario's objectives.
//!
//! tactics-battlefront-2013-rules.txt, "Scenario 1: Encounter" ("Each player seeks to destroy as
//! much of the enemy force as possible") to "Scenario 5: All-Out Attack": greedy against greedy
//! on every shipped battlefront scenario, a small sample of seeded games each (the figures over
//! 200 games are in docs/ai.md, "Fair scenarios"). Each game destroys at least one unit, and in
//! "Scenario 4: Supply Drop" (victory points come from holding objectives only: "two victory
//! points for holding the objective on their opponent's half of the table, or one victory point
//! for the one in their own table half") the players score objectives, and in "Scenario 3: Bait
//! and Flank" ("If they take the objective on the opponent's half of the table, they win the
//! game") a player takes it, and in "Scenario 5: All-Out Attack" a player holds the opponent's.

use dust_ai::{play_game, GameOutcome, GreedyPlayer, Player};
use dust_core::game::{Event, Game, GameSetup, Pending};
use dust_core::{Edition, GameRng, Side};
use dust_data::builtin::builtin_cards;
use dust_data::scenario::load_builtin;

const SCENARIOS: [&str; 5] = ["encounter", "grab-the-dust", "bait-and-flank", "supply-drop", "all-out-attack"];
/// Games per scenario: the sample is small to keep the test fast (debug build).
const GAMES: u64 = 2;

fn greedy_game(scenario: &str, seed: u64) -> GameOutcome {
    let s = load_builtin(scenario).expect("ships clean");
    assert_eq!(s.edition, Edition::Battlefront, "{scenario}");
    greedy_game_of(s.game_setup(&builtin_cards()).expect("a game"), scenario, seed)
}

/// Greedy against greedy from `setup`, seeded by `seed`.
fn greedy_game_of(setup: GameSetup, scenario: &str, seed: u64) -> GameOutcome {
    let mut a = GreedyPlayer::new(seed);
    let mut b = GreedyPlayer::new(seed + 100);
    play_game(setup, &mut a, &mut b, seed + 200).unwrap_or_else(|e| panic!("{scenario}, seed {seed}: {e}"))
}

/// A unit of either side was destroyed in `o` (`game` names the game in the message).
fn assert_a_unit_destroyed(o: &GameOutcome, game: &str) {
    assert!(
        o.destroyed.a + o.destroyed.b > 0,
        "{game}: nothing destroyed in {} rounds (vp {} to {})",
        o.rounds,
        o.victory_points.a,
        o.victory_points.b
    );
}

#[test]
fn greedy_against_greedy_destroys_a_unit_in_every_battlefront_scenario() {
    for scenario in SCENARIOS {
        for seed in 0..GAMES {
            assert_a_unit_destroyed(&greedy_game(scenario, seed), &format!("{scenario}, seed {seed}"));
        }
    }
}

/// The same from the players' set-up (tactics-battlefront-2013-rules.txt, "Setting the
/// Terrain" and each scenario's "Objectives": boards, terrain and objectives placed by the
/// greedy players, `dust1947 sim --setup players`): a unit is destroyed in every game. Before
/// session 11 every Supply Drop game from this set-up was drawn without a shot (the objectives
/// out of each other's reach: `battlefront_setup.rs`).
#[test]
fn greedy_against_greedy_fights_from_the_players_set_up_of_every_battlefront_scenario() {
    use dust_ai::setup::{play_setup, SetupStyle};
    use dust_core::battlefront::setup::SetupPhase;
    for scenario in SCENARIOS {
        for seed in 0..GAMES {
            let s = load_builtin(scenario).expect("ships clean");
            let mut phase = SetupPhase::new(s.game_setup(&builtin_cards()).expect("a game"), seed);
            play_setup(&mut phase, [SetupStyle::Greedy, SetupStyle::Greedy], seed);
            let o = greedy_game_of(phase.game_setup().expect("the set-up is over"), scenario, seed);
            assert_a_unit_destroyed(&o, &format!("{scenario} (players' set-up), seed {seed}"));
        }
    }
}

#[test]
fn greedy_scores_the_supply_drop_objectives() {
    // "Scenario 4: Supply Drop": destroyed units score nothing, so every victory point is an
    // objective held at the end of a turn.
    let scored: Vec<u32> = (0..GAMES)
        .map(|seed| {
            let o = greedy_game("supply-drop", seed);
            o.victory_points.a + o.victory_points.b
        })
        .collect();
    assert!(
        scored.iter().all(|&vp| vp > 0),
        "victory points per game (objectives held): {scored:?}"
    );
}

/// Plays greedy against greedy on `scenario` to the end and returns the game (with its events).
fn greedy_game_played(scenario: &str, seed: u64) -> Game {
    let s = load_builtin(scenario).expect("ships clean");
    let mut g = Game::new(s.game_setup(&builtin_cards()).expect("a game")).expect("a game");
    let mut players = [GreedyPlayer::new(seed), GreedyPlayer::new(seed + 100)];
    let mut dice = GameRng::new(seed + 200);
    loop {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut dice);
            }
            Pending::Decision { side } => {
                let d = players[side.index()].decide(&g);
                g.apply(d).unwrap_or_else(|e| panic!("{scenario}, seed {seed}: {e}"));
            }
            Pending::GameOver { .. } => return g,
        }
    }
}

#[test]
fn greedy_takes_the_objectives_that_win() {
    // "Scenario 2: Grab the Dust" ("If they take the objective, they win the game") and
    // "Scenario 3: Bait and Flank" ("If they take the objective on the opponent's half of the
    // table, they win the game"): in each of a few seeded Bait and Flank games a greedy player
    // takes the opponent's objective at the end of a turn (both sides at once leave the game to
    // go on, docs/rulings.md, "Battlefront objectives"), and at least one game is won by taking
    // an objective before the last round.
    let mut won_by_taking = 0;
    for scenario in ["grab-the-dust", "bait-and-flank"] {
        for seed in 0..GAMES {
            let g = greedy_game_played(scenario, seed);
            // (round, side) of each objective taken at the end of a turn. The game's end also
            // names who stands on each objective; a take in an earlier round, or a game won
            // before its last round, is not that.
            let mut round = 0;
            let mut takes: Vec<(u8, Side)> = Vec::new();
            for e in g.events() {
                match e {
                    Event::RoundStarted(r) => round = *r,
                    Event::ObjectiveHeld { at, side, points: 0 } if scenario == "grab-the-dust" || !g.own_half(*side, *at) => {
                        takes.push((round, *side))
                    }
                    _ => {}
                }
            }
            let won_early = match g.pending() {
                Pending::GameOver { winner: Some(w) } => g.round() < g.round_limit() && takes.iter().any(|&(_, s)| s == w),
                _ => false,
            };
            won_by_taking += u32::from(won_early);
            // Bait and Flank: every game (issue 21: each side races for the other's objective);
            // Grab the Dust: 16 of 100 greedy games are won by taking the centre, the others
            // contested to the end.
            assert!(
                scenario == "grab-the-dust" || won_early || takes.iter().any(|&(r, _)| r < g.round()),
                "{scenario}, seed {seed}: no objective taken ({takes:?})"
            );
        }
    }
    assert!(won_by_taking > 0, "no game won by taking an objective");
}

#[test]
fn greedy_holds_the_all_out_attack_objective() {
    // "Scenario 5: All-Out Attack": "two victory points for holding the objective on their
    // opponent's half of the table" each turn from turn three. Issue 21: with the objectives on
    // H8 and I17 no greedy game of 100 scored one; on G12 and I13, 31 of 100. Ten seeded games
    // (seeds 7 and 8 hold it once each today), one at least with such a hold.
    let held: Vec<usize> = (0..10)
        .map(|seed| {
            let g = greedy_game_played("all-out-attack", seed);
            g.events()
                .iter()
                .filter(|e| matches!(e, Event::ObjectiveHeld { points: 2, .. }))
                .count()
        })
        .collect();
    assert!(held.iter().any(|&n| n > 0), "2-VP holds per game: {held:?}");
}

#[test]
fn an_objective_that_wins_outweighs_one_that_scores_nothing() {
    // "Scenario 3: Bait and Flank": "If they take the objective on the opponent's half of the
    // table, they win the game": the objective in side B's half is worth the game to side A, the
    // one in its own half nothing to take (only to keep from side B).
    let s = load_builtin("bait-and-flank").expect("ships clean");
    let g = Game::new(s.game_setup(&builtin_cards()).expect("a game")).expect("a game");
    let objectives = g.objectives();
    let theirs = objectives.iter().find(|o| !g.own_half(Side::A, o.at)).expect("one in B's half");
    let ours = objectives.iter().find(|o| g.own_half(Side::A, o.at)).expect("one in A's half");
    assert_eq!(dust_ai::eval::objective_worth(&g, Side::A, theirs), dust_ai::eval::stake(&g));
    assert_eq!(dust_ai::eval::objective_worth(&g, Side::A, ours), 0.0);
    // Standing on it is worth more than standing next to it, which is worth more than far away.
    let pull = |at| dust_ai::eval::objective_pull(&g, Side::A, at);
    let next = dust_core::Square::new(theirs.at.col(), theirs.at.row() - 1);
    let far = dust_core::Square::new(theirs.at.col(), 1);
    assert!(
        pull(theirs.at) > pull(next) && pull(next) > pull(far),
        "{} {} {}",
        pull(theirs.at),
        pull(next),
        pull(far)
    );
}

#[test]
fn supply_drop_points_count_towards_the_five_that_win() {
    // "Scenario 4: Supply Drop": "A player wins by gaining a total of five victory points": one
    // victory point is worth a fifth of the game, and the one in the opponent's half (two points
    // a turn) more than the one in the player's own half (one).
    let s = load_builtin("supply-drop").expect("ships clean");
    let g = Game::new(s.game_setup(&builtin_cards()).expect("a game")).expect("a game");
    let worth = dust_ai::eval::vp_worth(&g);
    assert!((worth - dust_ai::eval::stake(&g) / 5.0).abs() < 1e-9, "{worth}");
    let objectives = g.objectives();
    let theirs = objectives.iter().find(|o| !g.own_half(Side::A, o.at)).expect("one in B's half");
    let ours = objectives.iter().find(|o| g.own_half(Side::A, o.at)).expect("one in A's half");
    let (t, o) = (
        dust_ai::eval::objective_worth(&g, Side::A, theirs),
        dust_ai::eval::objective_worth(&g, Side::A, ours),
    );
    assert!(t > o && o > 0.0, "opponent's half {t}, own half {o}");
}

#[test]
fn the_odds_cache_keeps_the_cards_it_names_alive() {
    // The greedy player's cache of exact line values names cards by address. A card freed
    // with its game would leave its address to another card of a later game, which would read
    // the first card's values: battlefront games of `sim` on two threads differed from run to
    // run (15 of 400 Encounter games). The cache holds the cards it names.
    use dust_ai::eval::{attack_lines, line_value_exact, AttackMode};
    use dust_core::game::UnitId;
    let s = load_builtin("encounter").expect("ships clean");
    let setup = s.game_setup(&builtin_cards()).expect("a game");
    let (a, b) = (0usize, setup.units.iter().position(|u| u.side == Side::B).expect("side B"));
    let g = Game::new(setup).expect("a game");
    let (u, t) = (UnitId(a as u8), UnitId(b as u8));
    let card = g.unit(u).card.clone();
    let mode = AttackMode {
        trust_los: true,
        ..AttackMode::default()
    };
    // Side by side in the middle of the table, the line of sight taken as given.
    let (from, to) = (dust_core::Square::new(7, 10), dust_core::Square::new(7, 11));
    let valued = attack_lines(&g, u)
        .into_iter()
        .filter_map(|l| line_value_exact(&g, u, l, t, from, to, mode))
        .count();
    assert!(valued > 0, "a line of {} reaches the square ahead", card.name);
    drop(g);
    // This test's copy, and the cache's.
    assert!(
        std::sync::Arc::strong_count(&card) >= 2,
        "the cache holds {}'s card after its game is gone",
        card.name
    );
}

/// Issue 21's complaint ("the battlefront AI fired twice in eight rounds of Encounter and the
/// game ended 0-0"), against an opponent that does not come (random, which keeps near its own
/// edge): greedy does not park out of reach, it marches at the full pace the rules allow, and
/// the table is too deep for more. tactics-battlefront-2013-rules.txt, "Scenario 1: Encounter"
/// (the boards with their long edges touching: 24 rows; each force enters along its long table
/// edge; 8 turns) and "Move and March Move Actions" ("A unit making a March Move action doubles
/// its Move rating for the activation"): every unit of the starter battlegroups moves 1, so a
/// side-A unit enters on row 1 and ends turn 1 on row 2 at best, then gains at most 2 rows a
/// turn: row 16 after turn 8, 4 rows or more short of a random army that stays within 4 rows of
/// row 24, with weapons of range 4 to 6 (docs/ai.md, "Greedy against a passive opponent").
#[test]
fn greedy_marches_at_full_pace_against_a_passive_opponent() {
    use dust_ai::RandomPlayer;
    for seed in 0..2 {
        let s = load_builtin("encounter").expect("ships clean");
        let mut g = Game::new(s.game_setup(&builtin_cards()).expect("a game")).expect("a game");
        let mut greedy = GreedyPlayer::new(seed);
        let mut random = RandomPlayer::new(seed + 100);
        let mut dice = GameRng::new(seed + 200);
        // Side A's most advanced row (1-based) at the end of each turn.
        let mut front: Vec<u8> = Vec::new();
        let front_of = |g: &Game| {
            g.units()
                .iter()
                .filter(|u| u.side == Side::A && !u.destroyed)
                .filter_map(|u| u.at.map(|s| s.row() + 1))
                .max()
                .unwrap_or(0)
        };
        let mut round = g.round();
        loop {
            if g.round() != round {
                front.push(front_of(&g));
                round = g.round();
            }
            match g.pending() {
                Pending::Chance(_) => {
                    g.roll(&mut dice);
                }
                Pending::Decision { side } => {
                    let d = if side == Side::A { greedy.decide(&g) } else { random.decide(&g) };
                    g.apply(d).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                }
                Pending::GameOver { .. } => break,
            }
        }
        front.push(front_of(&g));
        assert_eq!(front.len(), 8, "seed {seed}: eight turns, {front:?}");
        for (turn, &row) in front.iter().enumerate() {
            let most = 2 + 2 * turn as u8;
            assert!(row <= most, "seed {seed}: row {row} after turn {} (at most {most})", turn + 1);
        }
        // Greedy's front ends on the last row the rules let it reach.
        assert_eq!(front[7], 16, "seed {seed}: greedy's front by turn {front:?}");
    }
}
