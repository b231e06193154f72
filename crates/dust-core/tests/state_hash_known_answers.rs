//! Known answers for `Game::state_hash` and the dice it follows (issue 17, "records that replay
//! on any compiler"): a record stores its final state hash, so the hash must not move with the
//! compiler or the machine. It is computed from explicit little-endian bytes (FNV-1a, see
//! `Game::state_hash`); these literals pin it. A deliberate change of the rules or of the
//! state that moves them must regenerate them (print the values with `--nocapture`) and say
//! so in its commit message, as for the golden digests.

use dust_core::game::{tests_support::duel, Game, Pending};
use dust_core::GameRng;

/// The hashes of the duel played by uniformly random legal decisions from `seed` (the example
/// of `dust_core::game`): at the start, after 10 and 40 steps, and at the end.
fn duel_hashes(seed: u64) -> [u64; 4] {
    let mut g = Game::new(duel()).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = [g.state_hash(), 0, 0, 0];
    let mut steps = 0;
    while !matches!(g.pending(), Pending::GameOver { .. }) {
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut rng);
            }
            Pending::Decision { .. } => {
                let options = g.legal_decisions();
                let pick = options[rng.index(options.len())];
                g.apply(pick).unwrap();
            }
            Pending::GameOver { .. } => unreachable!(),
        }
        steps += 1;
        if steps == 10 {
            out[1] = g.state_hash();
        }
        if steps == 40 {
            out[2] = g.state_hash();
        }
    }
    out[3] = g.state_hash();
    println!("seed {seed}: {out:#x?}");
    out
}

#[test]
fn the_duel_state_hashes_are_pinned() {
    assert_eq!(
        duel_hashes(1),
        [
            0x84a4_0769_a8df_2fbd,
            0x79ac_cb9b_5ab7_cb1c,
            0x1299_19b2_4220_6e01,
            0xbf28_8433_f7a6_d031
        ]
    );
    assert_eq!(
        duel_hashes(7),
        [
            0x84a4_0769_a8df_2fbd,
            0x2d92_1e9f_491b_2a5b,
            0xeb2e_e750_cfc2_be68,
            0x422c_5eac_558a_d87d
        ]
    );
}
