//! Property tests of the players' set-up of the shipped battlefront scenarios
//! (`dust_core::battlefront::setup`; tactics-battlefront-2013-rules.txt, "Setting the
//! Terrain"), the way `dust1947 scenario setup` builds it (the scenario's `GameSetup` with the
//! battlefront cards as template):
//! - random legal set-up decisions always finish the phase, in at most eleven decisions, and
//!   the game it lays starts;
//! - every decision offered is accepted, is allowed by `check`, and reads back from its text;
//! - any text, and text made of set-up words (squares on and off the table, facings, items),
//!   reads as a decision or a typed error, never a panic, and a decision read reads back from
//!   its own text;
//! - a decision read from text is allowed by `check` exactly when it is offered; refused by
//!   `apply`, it leaves the phase as it was and gives the reason `check` gives.

use dust_core::battlefront::setup::{BoardFace, Half, ObjectivePlacement, SetupDecision, SetupEvent, SetupPhase, SetupStage};
use dust_core::game::{Game, GameSetup, ObjectiveSetup};
use dust_core::{Board, Edition, GameRng, Side};
use dust_data::builtin::load_cards_for;
use dust_data::scenario::{builtin_names, load_builtin};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Two boards, a half, three items each, an objective each.
const MOST_DECISIONS: usize = 11;

/// The shipped battlefront scenarios, by name, with their set-up templates.
fn templates() -> &'static [(&'static str, GameSetup)] {
    static T: OnceLock<Vec<(&'static str, GameSetup)>> = OnceLock::new();
    T.get_or_init(|| {
        let cards = load_cards_for(None, Edition::Battlefront).expect("the shipped battlefront cards load");
        builtin_names()
            .into_iter()
            .filter_map(|name| {
                let s = load_builtin(name).expect("ships clean");
                (s.edition == Edition::Battlefront).then(|| (name, s.game_setup(&cards).expect("builds")))
            })
            .collect()
    })
}

/// The words of set-up texts, and some near them.
const WORDS: &str = "board open ruins start south north place wood pond rubble trap objective n e s w N E ne east none yes -1 é";

/// One word of a set-up-like text: a word, a square (some off the table), a number, or a few
/// random characters.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(WORDS.split_whitespace().collect::<Vec<_>>()).prop_map(str::to_string),
        4 => (0u8..18, 0u8..27).prop_map(|(c, r)| format!("{}{r}", char::from(b'A' + c))),
        1 => (0u8..26, 0u8..120).prop_map(|(c, r)| format!("{}{r}", char::from(b'a' + c))),
        1 => (0u16..300).prop_map(|n| n.to_string()),
        1 => "[ -~]{0,4}",
    ]
}

/// Mostly a verb and up to four words; sometimes any words.
fn setup_text() -> impl Strategy<Value = String> {
    let verbs = prop::sample::select(&["board", "start", "place", "place", "place", "objective", "objective"][..]);
    prop_oneof![
        4 => (verbs, prop::collection::vec(token(), 0..5))
            .prop_map(|(v, w)| std::iter::once(v.to_string()).chain(w).collect::<Vec<_>>().join(" ")),
        1 => prop::collection::vec(token(), 0..6).prop_map(|w| w.join(" ")),
    ]
}

/// Reads `text` as a set-up decision; a decision read back from its own text is itself.
fn read(text: &str) -> Option<SetupDecision> {
    match text.parse::<SetupDecision>() {
        Ok(d) => {
            assert_eq!(d.to_string().parse::<SetupDecision>(), Ok(d), "`{text}` read as {d:?}");
            Some(d)
        }
        Err(e) => {
            assert!(e.to_string().contains("is not a set-up decision"), "{e}");
            None
        }
    }
}

/// Near misses of the decisions offered, as text: the same item or objective one square off,
/// turned, or the other item.
fn near_misses(legal: &[SetupDecision]) -> Vec<String> {
    let mut v = Vec::new();
    // A dozen of them, spread over the list (which runs square by square).
    for d in legal.iter().step_by(legal.len() / 12 + 1) {
        let text = d.to_string();
        let words: Vec<&str> = text.split(' ').collect();
        match words.as_slice() {
            ["place", item, at, facing] => {
                for other in ["wood", "pond", "rubble", "trap"] {
                    v.push(format!("place {other} {at} {facing}"));
                    v.push(format!("place {other} {at}"));
                }
                v.push(format!("place {item} {at} n"));
                v.push(format!("place {item} {at} w"));
            }
            ["place", "trap", at] => v.push(format!("place wood {at} n")),
            ["objective", at] => {
                if let Ok(s) = at.parse::<dust_core::Square>() {
                    for (dc, dr) in [(1, 0), (0, 1), (-1, 0), (0, -1), (2, 2), (-2, -2)] {
                        if let Some(n) = s.offset(dc, dr) {
                            v.push(format!("objective {n}"));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    v.extend(["board open", "board ruins", "start south", "start north"].map(String::from));
    v.sort();
    v.dedup();
    v
}

/// What the players see of a phase: a refused decision must leave all of it as it was.
type Look = (Board, Vec<SetupEvent>, Option<Side>, SetupStage, Vec<ObjectiveSetup>, [SideLook; 2]);

/// A side's tiles and trap left, board face and half.
type SideLook = (u8, bool, Option<BoardFace>, Option<Half>);

fn look(p: &SetupPhase) -> Look {
    let side = |s: Side| (p.tiles_left(s), p.trap_left(s), p.face_of(s), p.half_of(s));
    (
        p.board().clone(),
        p.events().to_vec(),
        p.to_move(),
        p.stage(),
        p.objectives().to_vec(),
        [side(Side::A), side(Side::B)],
    )
}

/// Tries `text` on the phase: allowed by `check` exactly when offered; accepted by `apply` then;
/// refused, the phase unchanged, with `check`'s reason. Returns the decision if applied.
fn probe(p: &mut SetupPhase, legal: &[SetupDecision], text: &str, what: &str) -> Option<SetupDecision> {
    let d = read(text)?;
    let checked = p.check(d);
    assert_eq!(checked.is_ok(), legal.contains(&d), "{what}: `{text}`: check says {checked:?}");
    let before = look(p);
    match p.apply(d) {
        Ok(()) => {
            assert!(checked.is_ok(), "{what}: `{text}` applied though check refused it");
            Some(d)
        }
        Err(e) => {
            assert_eq!(Err(e.clone()), checked, "{what}: `{text}`: apply and check disagree");
            assert!(!e.to_string().is_empty());
            assert!(look(p) == before, "{what}: `{text}` refused but the phase changed");
            None
        }
    }
}

/// Sets up scenario `which` with seed `seed`: random legal decisions (or, when one of `texts`
/// is legal at its turn, that one), trying the texts and the near misses at every step.
/// Returns the decisions taken.
fn set_up(which: usize, seed: u64, texts: &[String]) -> usize {
    let all = templates();
    let (name, template) = &all[which % all.len()];
    let what = format!("{name}, seed {seed}");
    let mut p = SetupPhase::new(template.clone(), seed);
    let mut rng = GameRng::new(seed ^ 0x5e7);
    let mut taken = 0;
    for step in 0.. {
        assert!(taken <= MOST_DECISIONS, "{what}: the set-up does not end");
        let legal = p.legal_decisions();
        if p.is_done() {
            assert!(legal.is_empty(), "{what}: decisions offered after the set-up");
            assert_eq!(p.stage(), SetupStage::Done);
            for t in texts.iter().chain(&near_misses(&legal)) {
                probe(&mut p, &legal, t, &what);
            }
            break;
        }
        assert!(!legal.is_empty(), "{what}: the set-up waits for a decision but offers none");
        // (`legal_decisions` keeps the candidates `check` allows.)
        for d in &legal {
            assert_eq!(d.to_string().parse::<SetupDecision>(), Ok(*d), "{what}: {d} does not read back");
        }
        for _ in 0..4 {
            let d = legal[rng.index(legal.len())];
            assert_eq!(p.clone().apply(d), Ok(()), "{what}: {d} offered but refused");
        }
        for t in near_misses(&legal) {
            // A legal one is tried on a copy; the others on the phase itself.
            if t.parse().is_ok_and(|d| legal.contains(&d)) {
                probe(&mut p.clone(), &legal, &t, &what);
            } else {
                probe(&mut p, &legal, &t, &what);
            }
        }
        // One odd text a step, in turn; played if legal.
        if probe(&mut p, &legal, &texts[step % texts.len()], &what).is_none() {
            let pick = legal[rng.index(legal.len())];
            p.apply(pick).expect("offered");
        }
        taken += 1;
    }
    assert_eq!(p.decisions().len(), taken);
    let laid = p.game_setup().unwrap_or_else(|| panic!("{what}: over but no game"));
    Game::new(laid).unwrap_or_else(|e| panic!("{what}: the laid table does not start: {e:?}"));
    taken
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Any text: a set-up decision or a typed error.
    #[test]
    fn any_text_reads_as_a_set_up_decision_or_an_error(s in any::<String>()) {
        let _ = read(&s);
    }

    /// Set-up-like text: the same.
    #[test]
    fn set_up_like_text_reads_as_a_decision_or_an_error(s in setup_text()) {
        let _ = read(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, .. ProptestConfig::default() })]

    /// Random set-ups of the shipped scenarios end, with odd decisions refused cleanly.
    #[test]
    fn random_set_ups_end_and_refuse_odd_decisions_cleanly(
        which in 0usize..16,
        seed in any::<u64>(),
        texts in prop::collection::vec(setup_text(), 1..8),
    ) {
        set_up(which, seed, &texts);
    }
}

/// Every shipped battlefront scenario, once: the boards, the half and the six items; the
/// scenarios whose players place objectives (Bait and Flank, Supply Drop, All-Out Attack) two
/// more.
#[test]
fn every_shipped_battlefront_scenario_sets_up() {
    let all = templates();
    assert!(all.len() >= 5, "{:?}", all.iter().map(|t| t.0).collect::<Vec<_>>());
    let texts = vec!["place trap A1".to_string(), "objective H8".to_string(), "board ruins".to_string()];
    for (which, (name, template)) in all.iter().enumerate() {
        let n = set_up(which, which as u64, &texts);
        let each = ObjectivePlacement::for_preset(&template.bf_rules.name) == ObjectivePlacement::EachPlayer;
        assert_eq!(n, if each { MOST_DECISIONS } else { MOST_DECISIONS - 2 }, "{name}");
    }
}

// ----- the fuzz target's body ------------------------------------------------------------------------

/// The body of `cargo fuzz run setup_decision` (fuzz/fuzz_targets/), compiled here so that it
/// keeps up with the API: CI has no nightly toolchain to build the fuzz targets.
#[path = "../../../fuzz/fuzz_targets/bodies/setup_decision.rs"]
mod setup_decision_fuzz;

/// The fuzz target's body on a few inputs: empty, not UTF-8, odd text, random set-ups of two
/// scenarios to the end, and legal and illegal placements by hand.
#[test]
fn the_setup_decision_fuzz_body_runs() {
    let inputs: Vec<Vec<u8>> = vec![
        Vec::new(),
        vec![0xff, 0xfe, b'\n'],
        b"board open\nplace wood A1 x\nobjective Z99\nstart\n".to_vec(),
        "-\n".repeat(12).into_bytes(),
        [
            &[2u8][..],
            "\n-\n-\n-\nplace trap H12\nplace wood A30 n\nplace pond G12 e\n-\n-\n-\n-\n-\nobjective H8\n-\n-\n".as_bytes(),
        ]
        .concat(),
    ];
    for input in &inputs {
        setup_decision_fuzz::run(input);
    }
}
