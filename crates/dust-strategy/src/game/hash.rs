//! The state hash from explicit bytes. Rust promises nothing about the output of
//! `#[derive(Hash)]` across compiler versions (nor `Hasher::write_usize` across machines), and a
//! record stores the hash of its final state; so every field is written here as fixed
//! little-endian bytes, enums as the tags written below, lengths as `u64`, into 64-bit FNV-1a
//! (as `dust_core::Game::state_hash` does). A known-answer test pins the result.

use super::*;

/// 64-bit FNV-1a over explicit bytes.
pub(super) struct Fnv(u64);

impl Fnv {
    pub(super) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    pub(super) fn u8(&mut self, b: u8) {
        self.0 ^= u64::from(b);
        self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
    }
    pub(super) fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.u8(x);
        }
    }
    pub(super) fn finish(&self) -> u64 {
        self.0
    }
}

/// A value written as explicit bytes.
pub(super) trait Feed {
    fn feed(&self, h: &mut Fnv);
}

impl Feed for u8 {
    fn feed(&self, h: &mut Fnv) {
        h.u8(*self);
    }
}
impl Feed for bool {
    fn feed(&self, h: &mut Fnv) {
        h.u8(u8::from(*self));
    }
}
impl Feed for u16 {
    fn feed(&self, h: &mut Fnv) {
        h.bytes(&self.to_le_bytes());
    }
}
impl Feed for u32 {
    fn feed(&self, h: &mut Fnv) {
        h.bytes(&self.to_le_bytes());
    }
}
impl Feed for u64 {
    fn feed(&self, h: &mut Fnv) {
        h.bytes(&self.to_le_bytes());
    }
}
impl Feed for u128 {
    fn feed(&self, h: &mut Fnv) {
        h.bytes(&self.to_le_bytes());
    }
}
/// As a `u64` whatever the machine's word.
impl Feed for usize {
    fn feed(&self, h: &mut Fnv) {
        (*self as u64).feed(h);
    }
}
impl<T: Feed> Feed for Option<T> {
    fn feed(&self, h: &mut Fnv) {
        match self {
            None => h.u8(0),
            Some(v) => {
                h.u8(1);
                v.feed(h);
            }
        }
    }
}
impl<T: Feed> Feed for [T] {
    fn feed(&self, h: &mut Fnv) {
        self.len().feed(h);
        for v in self {
            v.feed(h);
        }
    }
}
impl<T: Feed> Feed for Vec<T> {
    fn feed(&self, h: &mut Fnv) {
        self.as_slice().feed(h);
    }
}
impl<T: Feed, const N: usize> Feed for [T; N] {
    fn feed(&self, h: &mut Fnv) {
        for v in self {
            v.feed(h);
        }
    }
}
impl<A: Feed, B: Feed> Feed for (A, B) {
    fn feed(&self, h: &mut Fnv) {
        self.0.feed(h);
        self.1.feed(h);
    }
}
impl<T: Feed + ?Sized> Feed for Box<T> {
    fn feed(&self, h: &mut Fnv) {
        (**self).feed(h);
    }
}

impl Feed for AreaId {
    fn feed(&self, h: &mut Fnv) {
        h.u8(self.0);
    }
}
impl Feed for CardId {
    fn feed(&self, h: &mut Fnv) {
        h.u8(self.0);
    }
}
impl Feed for PlayerId {
    fn feed(&self, h: &mut Fnv) {
        h.u8(self.0);
    }
}
impl Feed for Units {
    fn feed(&self, h: &mut Fnv) {
        h.bytes(&self.0);
    }
}
impl Feed for UnitKind {
    fn feed(&self, h: &mut Fnv) {
        h.u8(match self {
            UnitKind::Tank => 0,
            UnitKind::Mech => 1,
            UnitKind::Fighter => 2,
            UnitKind::Bomber => 3,
            UnitKind::Submarine => 4,
        });
    }
}
impl Feed for Owner {
    fn feed(&self, h: &mut Fnv) {
        match self {
            Owner::Player(p) => {
                h.u8(0);
                p.feed(h);
            }
            Owner::Neutral => h.u8(1),
        }
    }
}
impl Feed for MoveMode {
    fn feed(&self, h: &mut Fnv) {
        h.u8(match self {
            MoveMode::Land => 0,
            MoveMode::Sea => 1,
            MoveMode::Amphibious => 2,
            MoveMode::Bomber => 3,
        });
    }
}
impl Feed for BattleKind {
    fn feed(&self, h: &mut Fnv) {
        h.u8(match self {
            BattleKind::Land => 0,
            BattleKind::Sea => 1,
            BattleKind::Amphibious => 2,
            BattleKind::MechDrop => 3,
        });
    }
}
impl Feed for GameConfig {
    fn feed(&self, h: &mut Fnv) {
        self.players.feed(h);
        self.round_limit.feed(h);
    }
}
impl Feed for AreaState {
    fn feed(&self, h: &mut Fnv) {
        self.owner.feed(h);
        self.units.feed(h);
        self.pc.feed(h);
    }
}
impl Feed for PlayerState {
    fn feed(&self, h: &mut Fnv) {
        self.hand.feed(h);
        self.hidden.feed(h);
        self.card.feed(h);
        self.vp.feed(h);
        self.ability_used.feed(h);
        self.radar.feed(h);
        self.turn_done.feed(h);
        self.capital.feed(h);
    }
}
impl Feed for Step {
    fn feed(&self, h: &mut Fnv) {
        let (tag, arg) = match *self {
            Step::Deal => (0, None),
            Step::SetupCard => (1, None),
            Step::ClaimCapital => (2, None),
            Step::ClaimLand => (3, None),
            Step::PlacePc(n) => (4, Some(n)),
            Step::Reinforce => (5, None),
            Step::Initiative => (6, None),
            Step::Koshka => (7, None),
            Step::Production => (8, None),
            Step::Maneuver => (9, None),
            Step::Select => (10, None),
            Step::Battle => (11, None),
            Step::MissileKill(n) => (12, Some(n)),
            Step::StrikeCasualties(n) => (13, Some(n)),
            Step::GameOver => (14, None),
        };
        h.u8(tag);
        if let Some(n) = arg {
            h.u8(n);
        }
    }
}
impl Feed for Chance {
    fn feed(&self, h: &mut Fnv) {
        match self {
            Chance::Dice(n) => {
                h.u8(0);
                n.feed(h);
            }
            Chance::Draw => h.u8(1),
            Chance::NurseDie => h.u8(2),
        }
    }
}
impl Feed for ChanceFor {
    fn feed(&self, h: &mut Fnv) {
        match *self {
            ChanceFor::Deal => h.u8(0),
            ChanceFor::BuyDraw(n) => {
                h.u8(1);
                h.u8(n);
            }
            ChanceFor::BattleRoll(n) => {
                h.u8(2);
                h.u8(n);
            }
            ChanceFor::Reroll(n) => {
                h.u8(3);
                h.u8(n);
            }
            ChanceFor::Sigrid(n, m) => {
                h.u8(4);
                h.u8(n);
                m.feed(h);
            }
            ChanceFor::Nurse(n, k) => {
                h.u8(5);
                h.u8(n);
                k.feed(h);
            }
            ChanceFor::BomberStrike(a) => {
                h.u8(6);
                a.feed(h);
            }
            ChanceFor::SubStrike(a) => {
                h.u8(7);
                a.feed(h);
            }
            ChanceFor::Missile(a) => {
                h.u8(8);
                a.feed(h);
            }
        }
    }
}
impl Feed for Turn {
    fn feed(&self, h: &mut Fnv) {
        self.player.feed(h);
        self.points.feed(h);
        self.built.feed(h);
        self.new_pcs.feed(h);
        self.acted.feed(h);
        self.cards_bought.feed(h);
        self.cards_set_aside.feed(h);
        self.moves_left.feed(h);
        self.attacks_left.feed(h);
        self.combat_started.feed(h);
        self.used.feed(h);
        self.strike_target.feed(h);
    }
}
impl Feed for Purpose {
    fn feed(&self, h: &mut Fnv) {
        match *self {
            Purpose::Move(m, a, b) => {
                h.u8(0);
                m.feed(h);
                a.feed(h);
                b.feed(h);
            }
            Purpose::Attack(a, b, k) => {
                h.u8(1);
                a.feed(h);
                b.feed(h);
                k.feed(h);
            }
            Purpose::Retreat(n) => {
                h.u8(2);
                h.u8(n);
            }
            Purpose::Drop(a) => {
                h.u8(3);
                a.feed(h);
            }
        }
    }
}
impl Feed for Selection {
    fn feed(&self, h: &mut Fnv) {
        self.purpose.feed(h);
        self.slots.feed(h);
        self.idx.feed(h);
        self.chosen.feed(h);
        self.cap.feed(h);
    }
}
impl Feed for Retreating {
    fn feed(&self, h: &mut Fnv) {
        self.player.feed(h);
        self.kind.feed(h);
        self.from.feed(h);
        self.not_to.feed(h);
    }
}

impl Game {
    /// The state hash: equal states (map and deck apart) hash equally, on every machine and
    /// with every compiler (explicit bytes, see this module).
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv::new();
        self.config.feed(&mut h);
        self.areas.feed(&mut h);
        self.players.feed(&mut h);
        self.draw_pile.feed(&mut h);
        self.discard.feed(&mut h);
        self.step.feed(&mut h);
        self.chance.feed(&mut h);
        self.chance_dice_last.feed(&mut h);
        self.round.feed(&mut h);
        self.order.feed(&mut h);
        self.cursor.feed(&mut h);
        self.deal_left.feed(&mut h);
        self.turn.feed(&mut h);
        self.queue.feed(&mut h);
        self.koshka_asked.feed(&mut h);
        self.koshka_yes.feed(&mut h);
        self.allies.feed(&mut h);
        self.capital_attacked.feed(&mut h);
        self.majorities.feed(&mut h);
        self.select.feed(&mut h);
        self.battle.feed(&mut h);
        self.retreats.feed(&mut h);
        self.winners.feed(&mut h);
        h.finish()
    }
}
