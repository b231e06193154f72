//! Property tests of the battlefront decisions (the soldier count of `aim LINE TARGET N`,
//! support-weapon crews and vehicle crew lines, a hero's shared skills, large and huge models,
//! aircraft that ground units pass under, pilots escaping, reserves):
//! - any text read as a [`Decision`] gives a decision or a typed error, never a panic, and a
//!   decision read from text reads back from its own text;
//! - at every step of random battlefront games, decisions read from odd text (and near misses of
//!   the legal ones: one soldier more, the next line, the next square) are accepted only when
//!   offered, and a refused one leaves the game as it was (state hash, pending, legal decisions,
//!   event log);
//! - every decision offered is accepted and reads back from its text;
//! - the table stays consistent: every model's squares on the table and held by it alone, a
//!   joined hero or pilot with his unit;
//! - a game replayed from its decisions and dice goes through the same states.
//!
//! The games are small (a few units of each kind on an 8 x 8 table) and the case counts low,
//! so each property runs in a few seconds in a debug build.

use dust_core::battlefront::Facing;
use dust_core::game::tests_support::{battlefront, battlefront_skirmish, skirmish, squads_with_joined_heroes};
use dust_core::game::{Decision, Game, GameSetup, Pending, Target, UnitId};
use dust_core::{GameRng, PieceKind, UnitKind};
use proptest::prelude::*;

/// More steps than any of these games needs (a few thousand at most).
const MAX_STEPS: usize = 40_000;

// ----- the games -----------------------------------------------------------------------------------

/// The games the properties play: the battlefront skirmish of the new decision forms (most of
/// them: crews, soldier counts, joined heroes, a pilot, large and huge models, aircraft,
/// reserves), the property-test skirmish in the battlefront edition, and the squads with joined
/// heroes.
fn game_setup(which: u64) -> GameSetup {
    match which % 8 {
        6 => battlefront(skirmish(which / 8)),
        7 => squads_with_joined_heroes(),
        _ => battlefront_skirmish(which),
    }
}

// ----- decision text --------------------------------------------------------------------------------

/// The words of decision texts, and some near them.
const WORDS: &str = "first activate use plan move aim react retaliate casualty skill spread revive face reserve escape none yes no \
     A B C hero march sustained charge attack nothing reload berserk separate crush fighting-spirit medal-of-honor \
     all-in-one assault heroic-attack tank-head get-up artillery-strike come-on-guys N NE E SE S SW W NW n -1 +3 é \
     u m 0x1";

/// The verbs, to start most texts with.
const VERBS: &str = "aim aim aim activate plan move face escape spread reserve use react casualty revive skill first retaliate";

/// One word of a decision-like text: a word, a number (line numbers, soldier counts 0 to 300),
/// a unit, a square (some off any table), a miniature, or a few random characters.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(WORDS.split_whitespace().collect::<Vec<_>>()).prop_map(str::to_string),
        3 => (0u16..300).prop_map(|n| n.to_string()),
        2 => (0u8..36).prop_map(|n| n.to_string()),
        3 => (0u16..12).prop_map(|n| format!("u{n}")),
        1 => (250u16..260).prop_map(|n| format!("u{n}")),
        3 => (0u8..10, 0u8..14).prop_map(|(c, r)| format!("{}{r}", char::from(b'A' + c))),
        1 => (0u8..26, 0u8..120).prop_map(|(c, r)| format!("{}{r}", char::from(b'a' + c))),
        1 => (0u8..8).prop_map(|m| format!("m{m}")),
        1 => "[ -~]{0,4}",
    ]
}

/// Text made of decision-like words: mostly a verb and up to four words, sometimes any words,
/// joined by spaces, tabs or newlines.
fn decision_text() -> impl Strategy<Value = String> {
    let sep = prop::sample::select(&[" ", " ", " ", "  ", "\t", "\n"][..]);
    prop_oneof![
        4 => (prop::sample::select(VERBS.split_whitespace().collect::<Vec<_>>()), prop::collection::vec(token(), 0..5), sep.clone())
            .prop_map(|(v, w, s)| std::iter::once(v.to_string()).chain(w).collect::<Vec<_>>().join(s)),
        1 => (prop::collection::vec(token(), 0..6), sep).prop_map(|(w, s)| w.join(s)),
    ]
}

/// Reads `text` as a decision; a decision read back from its own text is itself.
fn read(text: &str) -> Option<Decision> {
    let d = text.parse::<Decision>().ok()?;
    assert_eq!(d.to_string().parse::<Decision>(), Ok(d), "`{text}` read as {d:?}");
    Some(d)
}

/// Near misses of the decisions offered, as text: another soldier count (one more, one less,
/// the most a `u8` holds), the next line or a hero's line, the other target, the next square, a
/// facing turned, the next unit.
fn near_misses(legal: &[Decision]) -> Vec<String> {
    let mut v = Vec::new();
    for &d in legal {
        match d {
            Decision::Aim { line, target, ammo } => {
                let t = target.map_or("none".to_string(), |t| t.to_string());
                for n in [ammo.saturating_add(1), ammo.saturating_sub(1), 255] {
                    v.push(format!("aim {line} {t} {n}"));
                }
                v.push(format!("aim {} {t} {ammo}", line.saturating_add(1)));
                v.push(format!("aim {} {t}", line.saturating_add(32)));
                if let Some(Target::Unit(u)) = target {
                    v.push(format!("aim {line} u{} {ammo}", u.0.saturating_add(1)));
                    v.push(format!("aim {line} u{} {ammo}", u.0.saturating_sub(1)));
                }
            }
            Decision::MoveTo(s) | Decision::Escape(s) | Decision::Spread(s) => {
                let verb = d.to_string().split(' ').next().unwrap_or_default().to_string();
                for (dc, dr) in [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1)] {
                    if let Some(n) = s.offset(dc, dr) {
                        v.push(format!("{verb} {n}"));
                    }
                }
            }
            Decision::Face(f) => v.push(format!("face {}", Facing((f.0 + 1) % 8).name())),
            Decision::Activate(u) => v.push(format!("activate u{}", u.0.saturating_add(1))),
            Decision::React(Some(u)) => v.push(format!("react u{}", u.0.saturating_add(1))),
            Decision::Casualty(_) | Decision::Revive(_) => v.push(d.to_string().replace('m', "m1")),
            _ => {}
        }
    }
    v.sort();
    v.dedup();
    v
}

// ----- the properties in play ------------------------------------------------------------------------

/// A random decision of those offered, three times in four an attack when one is offered (a
/// plan with an attack, a line aimed at something), so that units are destroyed and pilots
/// escape, units go to reserve and the last squares of a model are chosen.
fn choose(legal: &[Decision], rng: &mut GameRng) -> Decision {
    let fights = |d: &&Decision| match d {
        Decision::Aim { target, .. } => target.is_some(),
        Decision::Plan(p) => p.to_string().contains("attack") || p.to_string() == "sustained",
        _ => false,
    };
    let attacks: Vec<Decision> = legal.iter().filter(fights).copied().collect();
    if !attacks.is_empty() && rng.index(4) > 0 {
        attacks[rng.index(attacks.len())]
    } else {
        legal[rng.index(legal.len())]
    }
}

/// What a game looks like from outside: a refused decision must leave it as it was (and the
/// decisions offered, which [`play`] compares once the probes of a step are done).
fn look(g: &Game) -> (u64, Pending, usize) {
    (g.state_hash(), g.pending(), g.events().len())
}

/// What must hold of the table in every state: health within the card's, destroyed units off
/// the table, a joined hero (or a pilot) where his unit is, every square of a model on the table,
/// at most one squad, vehicle or aircraft of a side on a square (heroes may share it), and two
/// sides only where a unit on the ground stands under an enemy aircraft ("Moving Through Other
/// Units": infantry and vehicles "can enter a square occupied by an enemy Aircraft unit"), the
/// occupancy holding a vehicle on every square of a vehicle or aircraft.
fn check_table(g: &Game, what: &str) {
    let mut held = Vec::new();
    for (i, u) in g.units().iter().enumerate() {
        let id = UnitId(i as u8);
        assert!(u.health <= u.card.health, "{what}: u{i} health {}", u.health);
        if u.destroyed {
            assert_eq!(u.at, None, "{what}: u{i} destroyed on the table");
            continue;
        }
        if u.is_joined_hero() {
            let to = u.joined.expect("joined");
            assert_eq!(g.unit(to).at, u.at, "{what}: u{i} away from u{}", to.0);
        }
        for s in g.unit_squares(id) {
            assert!(g.board().contains(s), "{what}: u{i} on {s}, off the table");
            if u.piece() == PieceKind::Vehicle {
                assert!(g.occupancy().at(s).has_vehicle(), "{what}: u{i}'s square {s} not held");
            }
            // In the air: an aircraft, or the pilot mounted in one.
            let air = u.card.kind == UnitKind::Aircraft || u.joined.is_some_and(|v| g.unit(v).card.kind == UnitKind::Aircraft);
            held.push((s, u.piece() != PieceKind::Hero, u.side, i, air));
        }
    }
    held.sort();
    for (k, a) in held.iter().enumerate() {
        for b in held[k + 1..].iter().take_while(|b| b.0 == a.0) {
            let ((s, big, side, i, air), (_, big2, side2, j, air2)) = (*a, *b);
            if side == side2 {
                assert!(!(big && big2), "{what}: u{i} and u{j} both on {s}");
            } else {
                assert!(
                    air != air2,
                    "{what}: u{i} and u{j} of two sides on {s}, not one under the other's aircraft"
                );
            }
        }
    }
}

/// One step of a recorded game.
#[derive(Copy, Clone, Debug)]
enum Step {
    Roll(u16),
    Decide(Decision),
}

/// Applies `text` read as a decision to `g`: accepted only if `legal` offered it, and the game
/// unchanged when refused. Returns the decision if it was applied.
fn probe(g: &mut Game, legal: &[Decision], text: &str, what: &str) -> Option<Decision> {
    let d = read(text)?;
    let before = look(g);
    match g.apply(d) {
        Ok(()) => {
            assert!(legal.contains(&d), "{what}: `{text}` accepted but not offered: {legal:?}");
            Some(d)
        }
        Err(e) => {
            assert!(!legal.contains(&d), "{what}: `{text}` offered but refused: {}", e.reason);
            assert_eq!(e.decision, d);
            assert!(!e.to_string().is_empty());
            // A line offered at the same target with other numbers: the reason says which.
            if let Decision::Aim { line, target: Some(t), .. } = d {
                let other = |x: &Decision| matches!(*x, Decision::Aim { line: l, target: Some(u), .. } if l == line && u == t);
                if legal.iter().any(other) {
                    assert!(e.reason.contains(&format!("weapon line {line}")), "{what}: `{text}`: {}", e.reason);
                }
            }
            assert_eq!(look(g), before, "{what}: `{text}` refused but the game changed");
            None
        }
    }
}

/// Plays game `which` with dice and choices from `seed`. At every step it tries the decisions
/// read from `texts` and `misses` near misses of the legal ones; every `check_every` decision steps
/// it applies every decision offered (six at most, sampled) to a copy. Odd texts that are
/// accepted are legal and played. Then the record is replayed: the same state hash at every
/// step. Returns the number of steps.
fn play(which: u64, seed: u64, texts: &[String], misses: usize, check_every: usize) -> usize {
    let what = format!("game {which}, seed {seed}");
    let setup = game_setup(which);
    let mut g = Game::new(setup.clone()).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    let mut rng = GameRng::new(seed);
    let mut record = Vec::new();
    let mut hashes = Vec::new();
    let mut decisions = 0;
    for step in 0..MAX_STEPS {
        check_table(&g, &what);
        let legal = g.legal_decisions();
        for d in &legal {
            assert_eq!(d.to_string().parse::<Decision>(), Ok(*d), "{what}: {d} does not read back");
        }
        // Odd text, at a random point of the game (one text per step, in turn).
        let text = &texts[step % texts.len()];
        if let Some(d) = probe(&mut g, &legal, text, &what) {
            record.push(Step::Decide(d));
            hashes.push(g.state_hash());
            g.clear_events();
            continue;
        }
        match g.pending() {
            Pending::GameOver { .. } => {
                for t in texts {
                    probe(&mut g, &legal, t, &what);
                }
                break;
            }
            Pending::Chance(r) => {
                assert!(legal.is_empty(), "{what}: decisions offered while dice are pending");
                let k = r.sample(&mut rng);
                g.apply_roll(k);
                record.push(Step::Roll(k));
            }
            Pending::Decision { .. } => {
                assert!(!legal.is_empty(), "{what}: a decision is pending but none is offered");
                // A few near misses a step (`apply` works out the decisions offered each time).
                let near = near_misses(&legal);
                for t in (0..misses.min(near.len())).map(|_| &near[rng.index(near.len())]) {
                    // A legal one is tried on a copy; the others on the game itself.
                    if t.parse().is_ok_and(|d| legal.contains(&d)) {
                        probe(&mut g.clone(), &legal, t, &what);
                    } else {
                        probe(&mut g, &legal, t, &what);
                    }
                }
                assert_eq!(g.legal_decisions(), legal, "{what}: refused decisions changed those offered");
                decisions += 1;
                if decisions % check_every == 0 {
                    let tries: Vec<Decision> = if legal.len() <= 6 {
                        legal.clone()
                    } else {
                        (0..6).map(|_| legal[rng.index(legal.len())]).collect()
                    };
                    for d in tries {
                        let mut c = g.clone();
                        if let Err(e) = c.apply(d) {
                            panic!("{what}: offered {d} refused: {}", e.reason);
                        }
                    }
                }
                let pick = choose(&legal, &mut rng);
                g.apply(pick).expect("offered");
                record.push(Step::Decide(pick));
            }
        }
        hashes.push(g.state_hash());
        g.clear_events();
        assert!(step + 1 < MAX_STEPS, "{what}: the game does not end");
    }
    // The replay goes through the same states.
    let mut again = Game::new(setup).expect("the same setup");
    for (i, s) in record.iter().enumerate() {
        match *s {
            Step::Roll(k) => {
                assert!(again.pending_roll().is_some(), "{what}: replay step {i}: no roll pending");
                again.apply_roll(k);
            }
            Step::Decide(d) => again.apply(d).unwrap_or_else(|e| panic!("{what}: replay step {i}: {e}")),
        }
        assert_eq!(again.state_hash(), hashes[i], "{what}: replay step {i} ({s:?})");
        again.clear_events();
    }
    record.len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Any text: a decision or a typed error; a decision reads back from its text.
    #[test]
    fn any_text_reads_as_a_decision_or_an_error(s in any::<String>()) {
        match s.parse::<Decision>() {
            Ok(d) => prop_assert_eq!(d.to_string().parse::<Decision>(), Ok(d)),
            Err(e) => prop_assert!(e.to_string().contains("is not a decision")),
        }
    }

    /// Decision-like text (verbs, line numbers, units, soldier counts up to 300, squares on and
    /// off the table, facings): the same.
    #[test]
    fn decision_like_text_reads_as_a_decision_or_an_error(s in decision_text()) {
        let _ = read(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, .. ProptestConfig::default() })]

    /// Odd decisions at every step of random battlefront games are refused without a trace
    /// unless offered; every decision offered is accepted; the record replays.
    #[test]
    fn odd_decisions_in_battlefront_games_are_refused_cleanly(
        which in 0u64..48,
        seed in any::<u64>(),
        texts in prop::collection::vec(decision_text(), 1..12),
    ) {
        play(which, seed, &texts, 6, 4);
    }
}

/// Every game of the set, once, with the decisions offered applied to a copy every third step:
/// the properties hold on each kind of unit whatever proptest draws.
#[test]
fn every_game_of_the_set_keeps_the_properties() {
    let texts: Vec<String> = "aim 0 u6 300|aim 2 u9 3|escape F3|face NE|reserve yes|spread C4|aim 33 u7 1"
        .split('|')
        .map(String::from)
        .collect();
    for which in 0..8 {
        let steps = play(which, which * 7 + 1, &texts, 2, 3);
        assert!(steps > 20, "game {which}: {steps} steps");
    }
}

// ----- the fuzz target's body ------------------------------------------------------------------------

/// The body of `cargo fuzz run decision_text` (fuzz/fuzz_targets/), compiled here so that it
/// keeps up with the engine: CI has no nightly toolchain to build the fuzz targets.
#[path = "../../../fuzz/fuzz_targets/bodies/decision_text.rs"]
mod decision_text_fuzz;

/// The fuzz target's body on a few inputs: empty, not UTF-8, odd text, random play to the end
/// of the game, and a script of the new forms between random decisions.
#[test]
fn the_decision_text_fuzz_body_runs() {
    let script = "first A\nactivate u0\nuse separate no\nplan attack nothing\naim 0 u6 2\naim 1 u6\naim 2 u6 1\n-\n-\n-\n-\nescape F3\nreserve yes\nface NE\naim 0 u9 300\n";
    let inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0xff, 0xfe, b'\n'],
        b"aim 0 u1 3\nplan march\nspread C4\n\n\n".to_vec(),
        "-\n".repeat(255).into_bytes(),
        script.repeat(8).into_bytes(),
    ];
    for input in &inputs {
        decision_text_fuzz::run(input);
    }
}
