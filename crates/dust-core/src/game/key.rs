//! A key of the whole state of a game, for the transposition tables of exact searches.

use super::Game;
use core::fmt::{self, Write as _};
use std::hash::{DefaultHasher, Hasher};

/// The bytes of a key before they are hashed.
struct Bytes(Vec<u8>);

impl fmt::Write for Bytes {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

impl Game {
    /// A 128-bit key of everything in the game that can change as it is played: the round,
    /// the turn, the score, every unit's place, miniatures, health, ammo and flags, the cover
    /// left on the board, and the engine's stack of steps (the declaration being made, the
    /// attack being resolved, what waits under them). Two games of the same set-up with the
    /// same key wait for the same thing and go on alike: the same legal decisions, the same
    /// chance events, the same outcomes for the same choices. What never changes (the board's
    /// terrain, the cards, the entry squares) and the event log are left out, so the key serves
    /// as the index of a transposition table of an exact search (`dust_ai::ceiling`).
    ///
    /// The key is the same for the same state within one build; it is not a stable format
    /// (unlike [`Game::state_hash`], it hashes the engine's private state) and must not be
    /// stored across versions.
    pub fn position_key(&self) -> u128 {
        let mut b = Bytes(Vec::with_capacity(1024));
        b.0.push(self.round);
        b.0.push(self.turn as u8);
        b.0.extend_from_slice(&self.vp.a.to_le_bytes());
        b.0.extend_from_slice(&self.vp.b.to_le_bytes());
        for u in &self.units {
            let at = u.at.map_or([255, 255], |s| [s.col(), s.row()]);
            b.0.extend_from_slice(&[u.side as u8, at[0], at[1], u.health, u.times_destroyed, u.squares]);
            b.0.extend_from_slice(&u.alive.to_le_bytes());
            b.0.extend_from_slice(&u.loaded.to_le_bytes());
            b.0.extend_from_slice(&[
                u8::from(u.activated)
                    | u8::from(u.moved) << 1
                    | u8::from(u.destroyed) << 2
                    | u8::from(u.heroic) << 3
                    | u8::from(u.bf_left) << 4,
                u.joined.map_or(255, |j| j.0),
                u.ammo.len() as u8,
            ]);
            b.0.extend_from_slice(&u.ammo);
            // Lists of skills, rarely other than empty: their text, fenced.
            // `write!` into the bytes cannot fail: `write_str` always returns Ok.
            let _ = write!(
                b,
                "{:?}{:?}{:?}{:?}{:?}|",
                u.used, u.bf_used, u.round_used, u.abilities_used, u.facing
            );
        }
        let _ = write!(
            b,
            "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|",
            self.stack, self.deferred, self.follow_up, self.medal, self.serum, self.winner
        );
        // The battlefront edition's state that changes in play (its dice and scenario rules
        // are set up once).
        let bf = &self.bf;
        let _ = write!(
            b,
            "{:?}|{:?}|{:?}|{:?}|{:?}|",
            bf.reserved, bf.to_reserve, bf.decided, bf.apart, bf.ap_destroyed
        );
        b.0.extend_from_slice(&self.cover_damage);
        b.0.extend(self.board.squares().map(|s| self.board.cover(s).map_or(0, |c| c as u8 + 1)));
        let (mut h0, mut h1) = (DefaultHasher::new(), DefaultHasher::new());
        h1.write_u64(0x9e37_79b9_7f4a_7c15);
        h0.write(&b.0);
        h1.write(&b.0);
        (u128::from(h0.finish()) << 64) | u128::from(h1.finish())
    }
}

#[cfg(test)]
mod tests {
    use crate::game::tests_support::duel;
    use crate::game::{Game, Pending};

    #[test]
    fn the_same_position_by_another_path_has_the_same_key() {
        // tactics-revised-core-rules.md, "INITIATIVE ROLL": "In case of a tie, reroll all
        // dice." A tie brings the game back where it was; the rolls after it give the
        // position that the same rolls give without the tie.
        let start = Game::new(duel()).unwrap();
        let mut tied = start.clone();
        tied.apply_roll(1);
        assert_ne!(tied.position_key(), start.position_key());
        tied.apply_roll(1);
        assert_eq!(tied.position_key(), start.position_key());
        let mut direct = start.clone();
        for g in [&mut tied, &mut direct] {
            g.apply_roll(2);
            g.apply_roll(0);
        }
        assert!(matches!(direct.pending(), Pending::Decision { .. }));
        assert_eq!(tied.position_key(), direct.position_key());
        // The event log is no part of the position.
        assert_ne!(tied.events().len(), direct.events().len());
        direct.clear_events();
        assert_eq!(tied.position_key(), direct.position_key());
    }

    #[test]
    fn positions_that_play_differently_have_different_keys() {
        let mut g = Game::new(duel()).unwrap();
        g.apply_roll(2);
        g.apply_roll(0);
        let options = g.legal_decisions();
        assert_eq!(options.len(), 2, "side A chooses who goes first");
        let keys: Vec<u128> = options
            .iter()
            .map(|&d| {
                let mut c = g.clone();
                c.apply(d).unwrap();
                c.position_key()
            })
            .collect();
        assert_ne!(keys[0], keys[1]);
        assert!(!keys.contains(&g.position_key()));
        // The same squad with another miniature lost.
        let (mut one, mut other) = (g.clone(), g.clone());
        one.units[1].alive = 0b110;
        other.units[1].alive = 0b101;
        assert_ne!(one.position_key(), other.position_key());
    }
}
