//! Property tests: probabilities sum to one, random legal games stay legal and end, records
//! replay to the same hash, and neither the file parsers nor `apply` panic on arbitrary input.

use dust_strategy::deck::{Ability, CardId, BUILTIN_DECK};
use dust_strategy::game::{Decision, Game, GameConfig, MoveMode, Owner, Pending, PlayerId};
use dust_strategy::map::BUILTIN_MAP;
use dust_strategy::odds::{battle_odds, BattleType, OddsQuery};
use dust_strategy::record::GameRecord;
use dust_strategy::{parse_deck, parse_map, AreaId, GameRng, UnitKind, Units};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// Fixed seeds, no regression files: the tests are deterministic.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(1947),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn check_invariants(g: &Game) {
    let map = g.map();
    let battle_target = g.battle_view().map(|(_, _, t, _, _)| t);
    let mut pcs = 0;
    for a in map.ids() {
        let s = g.area(a);
        if Some(a) != battle_target {
            assert_eq!(s.owner.is_none(), s.units.is_empty(), "area {} {:?}", map.area(a).name, s);
        }
        if map.is_land(a) {
            assert_eq!(s.units.get(UnitKind::Submarine), 0, "a submarine on land");
        } else {
            assert_eq!(s.units.land_air().total(), 0, "land or air units at sea");
            assert!(!s.pc, "a production center at sea");
        }
        if s.pc {
            pcs += 1;
        }
    }
    assert!(pcs <= 24);
    for p in 0..g.players() as u8 {
        let o = Some(Owner::Player(PlayerId(p)));
        for k in UnitKind::ALL {
            let n: u32 = g.areas().iter().filter(|s| s.owner == o).map(|s| u32::from(s.units.get(k))).sum();
            assert!(
                n <= k.in_play_limit(),
                "{k} over the component limit (less the victory point marker)"
            );
        }
        assert!(g.hand(PlayerId(p)).len() <= 6);
    }
}

/// Plays a random game; returns the decisions and the final hash.
fn random_game(players: u8, seed: u64, check: bool) -> (Game, Vec<Decision>) {
    let mut g = Game::builtin(GameConfig::new(players)).unwrap();
    let mut chance = GameRng::new(seed);
    let mut ai = GameRng::new(seed ^ 0xABCD);
    let mut decisions = Vec::new();
    for _ in 0..200_000 {
        match g.pending() {
            Pending::Chance(_) => {
                if check {
                    let s: f64 = g.chance_outcomes().iter().map(|(_, p)| p).sum();
                    assert!((s - 1.0).abs() < 1e-9, "chance outcomes sum to {s}");
                }
                g.resolve_chance(&mut chance);
            }
            Pending::Decision(_) => {
                let l = g.legal_decisions();
                assert!(!l.is_empty(), "a decision is pending but none is legal");
                let d = l[ai.index(l.len())];
                g.apply(d).unwrap();
                decisions.push(d);
            }
            Pending::GameOver => return (g, decisions),
        }
        g.take_events();
        if check {
            check_invariants(&g);
        }
    }
    panic!("the game did not end");
}

proptest! {
    #![proptest_config(config(12))]

    #[test]
    fn random_legal_games_stay_legal_and_end(players in 2u8..=6, seed in any::<u64>()) {
        let (g, _) = random_game(players, seed, true);
        prop_assert!(g.is_over());
        prop_assert!(g.round() <= g.config().round_limit);
    }

    #[test]
    fn replay_reproduces_the_hash(players in 2u8..=6, seed in any::<u64>()) {
        let (g, decisions) = random_game(players, seed, false);
        let rec = GameRecord { config: g.config(), seed, map: None, deck: None, decisions, hash: g.state_hash() };
        let back = GameRecord::parse(&rec.to_text()).unwrap();
        let again = back.replay(Game::builtin(GameConfig::new(players)).unwrap()).unwrap();
        prop_assert_eq!(again.state_hash(), g.state_hash());
    }

    #[test]
    fn odds_sum_to_one(a in prop::array::uniform4(0u8..5), d in prop::array::uniform4(0u8..5), cap in any::<bool>(), pc in any::<bool>(), amph in any::<bool>(), retreat in prop::option::of(0u32..4)) {
        let att = Units([a[0], a[1], a[2], a[3], 0]);
        let def = Units([d[0], d[1], d[2], d[3], 0]);
        prop_assume!(!att.is_empty() && !def.is_empty());
        let kind = if amph { BattleType::Amphibious } else { BattleType::Land };
        let q = OddsQuery { kind, attacker: att, defender: def, capital: cap, production_center: pc, attacker_retreat_at: retreat };
        let o = battle_odds(&q).unwrap();
        prop_assert!((o.attacker_wins + o.attacker_destroyed + o.attacker_retreated - 1.0).abs() < 1e-9);
        prop_assert!((o.attacker_wins + o.defender_holds - 1.0).abs() < 1e-12);
        prop_assert!(o.attacker_survivors <= f64::from(att.total()) + 1e-9);
        prop_assert!(o.defender_survivors <= f64::from(def.total()) + 1e-9);
        let sea = battle_odds(&OddsQuery::new(BattleType::Sea, Units::of(UnitKind::Submarine, a[0] + 1), Units::of(UnitKind::Submarine, d[0] + 1))).unwrap();
        prop_assert!((sea.attacker_wins + sea.attacker_destroyed + sea.attacker_retreated - 1.0).abs() < 1e-9);
        prop_assert!(sea.mutual_destruction <= sea.attacker_wins + 1e-12);
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn parsers_never_panic_on_arbitrary_text(s in "\\PC{0,400}") {
        let _ = parse_map(&s, "fuzz.toml");
        let _ = parse_deck(&s, "fuzz.toml");
        let _ = GameRecord::parse(&s);
        let _ = s.parse::<Decision>();
    }

    #[test]
    fn parsers_never_panic_on_damaged_files(cut in 0usize..8000, junk in "[ -~\\n]{0,12}", which in any::<bool>()) {
        let base = if which { BUILTIN_MAP } else { BUILTIN_DECK };
        let mut at = cut.min(base.len());
        while !base.is_char_boundary(at) { at -= 1; }
        let text = format!("{}{}{}", &base[..at], junk, &base[at..]);
        let _ = parse_map(&text, "m.toml");
        let _ = parse_deck(&text, "d.toml");
        let shortened = &base[..at];
        let _ = parse_map(shortened, "m.toml");
        let _ = parse_deck(shortened, "d.toml");
    }

    #[test]
    fn arbitrary_decisions_never_panic(seed in any::<u64>(), steps in 0usize..400, picks in prop::collection::vec((0u8..30, any::<u8>(), any::<u8>(), 0u8..4), 1..40)) {
        // Reach a random point of a random game, then throw arbitrary decisions at it.
        let mut g = Game::builtin(GameConfig::new(3)).unwrap();
        let mut chance = GameRng::new(seed);
        let mut ai = GameRng::new(!seed);
        for _ in 0..steps {
            match g.pending() {
                Pending::Chance(_) => { g.resolve_chance(&mut chance); }
                Pending::Decision(_) => { let l = g.legal_decisions(); let d = l[ai.index(l.len())]; g.apply(d).unwrap(); }
                Pending::GameOver => break,
            }
        }
        for (tag, x, y, k) in picks {
            let kind = UnitKind::ALL[usize::from(k) % 5];
            let mode = [MoveMode::Land, MoveMode::Sea, MoveMode::Amphibious, MoveMode::Bomber][usize::from(k)];
            let (a, b) = (AreaId(x), AreaId(y));
            let d = match tag {
                0 => Decision::ChooseCard(CardId(x)),
                1 => Decision::ClaimCapital(a),
                2 => Decision::ClaimArea(a),
                3 => Decision::PlaceProductionCenter(a),
                4 => Decision::Buy { kind, pc: a, at: b },
                5 => Decision::BuyNeutral { kind, capital: a },
                6 => Decision::BuyProductionCenter(a),
                7 => Decision::Discard(CardId(x)),
                8 => Decision::BuyCards(x),
                9 => Decision::Diplomat(PlayerId(x)),
                10 => Decision::MechBuilder(a),
                11 => Decision::EndProduction,
                12 => Decision::Move { mode, from: a, to: b },
                13 => Decision::Attack { from: a, to: b },
                14 => Decision::BomberStrike { from: a, to: b },
                15 => Decision::SubmarineStrike { from: a, to: b },
                16 => Decision::Missile(a),
                17 => Decision::MechDrop(a),
                18 => Decision::EndTurn,
                19 => Decision::Count(x),
                20 => Decision::Use(Ability::ALL[usize::from(x) % 11]),
                21 => Decision::Pass,
                22 => Decision::Roll,
                23 => Decision::Retreat,
                24 => Decision::HitLand(x),
                25 => Decision::RetreatTo(a),
                26 => Decision::Destroy(kind),
                _ => Decision::Count(0),
            };
            let before = g.state_hash();
            if g.apply(d).is_err() {
                prop_assert_eq!(g.state_hash(), before);
            }
            let _ = g.apply_chance(u16::from(x));
            if matches!(g.pending(), Pending::Chance(_)) {
                g.resolve_chance(&mut chance);
            }
        }
    }
}
