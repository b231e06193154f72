//! Battles ("Battle", "Land Battles", "Sea Battles", "Amphibious Battles", "Retreating") and
//! the abilities used in them.

use super::flow::{hit_land_range, split_casualties};
use super::*;

/// Where a battle is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum BStage {
    /// Side `s` may use a start-of-battle ability (0 attacker, 1 defender).
    Start(u8),
    /// Side `s` may retreat before rolling.
    Before(u8),
    /// Side `s` has rolled and may reroll.
    After(u8),
    /// The roller assigns his hits.
    Casualties(u8),
    /// Casualties are being removed (the Nurse may save some).
    Doom,
    /// Victim `v` may activate the Nurse.
    NurseAsk(u8),
    /// Side `s` has retreated (the retreating defenders are placed first): roll on.
    Retreated(u8),
}

/// A battle in progress. The involved units are held here, out of their areas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Battle {
    pub kind: BattleKind,
    pub attacker: u8,
    pub defender: Owner,
    pub origin: Option<AreaId>,
    pub target: AreaId,
    pub att: Units,
    pub def: Units,
    capital: bool,
    bonus: u32,
    ace: [bool; 2],
    nurse: [bool; 2],
    stage: BStage,
    roller: u8,
    def_rolled: bool,
    empties: u8,
    hits: [u32; 2],
    dice: [u32; 2],
    doomed: [Units; 2],
}

impl super::hash::Feed for BStage {
    fn feed(&self, h: &mut super::hash::Fnv) {
        let (tag, arg) = match *self {
            BStage::Start(s) => (0, Some(s)),
            BStage::Before(s) => (1, Some(s)),
            BStage::After(s) => (2, Some(s)),
            BStage::Casualties(s) => (3, Some(s)),
            BStage::Doom => (4, None),
            BStage::NurseAsk(v) => (5, Some(v)),
            BStage::Retreated(s) => (6, Some(s)),
        };
        h.u8(tag);
        if let Some(s) = arg {
            h.u8(s);
        }
    }
}

impl super::hash::Feed for Battle {
    fn feed(&self, h: &mut super::hash::Fnv) {
        self.kind.feed(h);
        self.attacker.feed(h);
        self.defender.feed(h);
        self.origin.feed(h);
        self.target.feed(h);
        self.att.feed(h);
        self.def.feed(h);
        self.capital.feed(h);
        self.bonus.feed(h);
        self.ace.feed(h);
        self.nurse.feed(h);
        self.stage.feed(h);
        self.roller.feed(h);
        self.def_rolled.feed(h);
        self.empties.feed(h);
        self.hits.feed(h);
        self.dice.feed(h);
        self.doomed.feed(h);
    }
}

impl Battle {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        kind: BattleKind,
        attacker: u8,
        defender: Owner,
        origin: Option<AreaId>,
        target: AreaId,
        att: Units,
        def: Units,
        map: &WorldMap,
        pc: bool,
    ) -> Battle {
        let capital = map.is_capital(target);
        // "Land Battles": five bonus dice for a capital or three for a production center, not
        // cumulative.
        let bonus = if capital {
            5
        } else if pc {
            3
        } else {
            0
        };
        Battle {
            kind,
            attacker,
            defender,
            origin,
            target,
            att,
            def,
            capital,
            bonus,
            ace: [false; 2],
            nurse: [false; 2],
            stage: BStage::Start(0),
            roller: 0,
            def_rolled: false,
            empties: 0,
            hits: [0; 2],
            dice: [0; 2],
            doomed: [Units::EMPTY; 2],
        }
    }

    /// The player of a side (none for a neutral defender).
    pub(super) fn side_player(&self, s: u8) -> Option<u8> {
        if s == 0 {
            Some(self.attacker)
        } else {
            match self.defender {
                Owner::Player(p) => Some(p.0),
                Owner::Neutral => None,
            }
        }
    }

    fn owner(&self, s: u8) -> Owner {
        if s == 0 {
            Owner::Player(PlayerId(self.attacker))
        } else {
            self.defender
        }
    }

    fn units(&self, s: u8) -> Units {
        if s == 0 {
            self.att
        } else {
            self.def
        }
    }

    fn units_mut(&mut self, s: u8) -> &mut Units {
        if s == 0 {
            &mut self.att
        } else {
            &mut self.def
        }
    }

    /// Dice side `s` rolls now: combat values, Ace of the Sky, the defender's bonus dice.
    fn dice_of(&self, s: u8) -> u32 {
        let u = self.units(s);
        let mut n = u.dice();
        if self.ace[s as usize] {
            n += u.air();
        }
        if s == 1 && self.kind != BattleKind::Sea {
            n += self.bonus;
        }
        n
    }

    pub(super) fn casualty_question(&self) -> Option<(Units, u32)> {
        match self.stage {
            BStage::Casualties(r) => {
                let v = self.units(1 - r);
                Some((v, self.hits[r as usize].min(v.total())))
            }
            _ => None,
        }
    }

    pub(super) fn roll_question(&self) -> Option<(u32, u32)> {
        match self.stage {
            BStage::After(s) => Some((self.dice[s as usize], self.hits[s as usize])),
            _ => None,
        }
    }

    fn is_sea(&self) -> bool {
        self.kind == BattleKind::Sea
    }
}

impl Game {
    pub(super) fn battle_actor(&self, b: &Battle) -> Option<u8> {
        match b.stage {
            BStage::Start(s) | BStage::Before(s) | BStage::After(s) | BStage::NurseAsk(s) | BStage::Casualties(s) => b.side_player(s),
            BStage::Doom | BStage::Retreated(_) => None,
        }
    }

    /// Can side `s`'s opponent be made to retreat completely without losing units (Secret
    /// Weapon: "You may not activate this ability if it would cause your opponent's units to
    /// be destroyed")?
    fn opponent_can_retreat(&self, b: &Battle, s: u8) -> bool {
        if s == 1 {
            return b.origin.is_some() && b.kind != BattleKind::MechDrop;
        }
        let Owner::Player(d) = b.defender else { return false };
        UnitKind::ALL.into_iter().filter(|&k| b.def.get(k) > 0).all(|kind| {
            let r = Retreating {
                player: d.0,
                kind,
                from: b.target,
                not_to: b.origin,
            };
            self.retreat_destinations(&r) != 0
        })
    }

    fn start_options(&self, b: &Battle, s: u8, out: &mut Vec<Decision>) {
        let Some(p) = b.side_player(s) else { return };
        if self.ability_ready(p, Ability::SecretWeapon) && self.opponent_can_retreat(b, s) {
            out.push(Decision::Use(Ability::SecretWeapon));
        }
        let radar = self.ability_ready(p, Ability::AlienRadar) || self.players[p as usize].radar;
        // The attacker of an amphibious battle or a mech drop may never retreat voluntarily.
        if radar && (s == 1 || matches!(b.kind, BattleKind::Land | BattleKind::Sea)) {
            out.push(Decision::Use(Ability::AlienRadar));
        }
        if self.ability_ready(p, Ability::AceOfTheSky) && b.units(s).air() > 0 {
            out.push(Decision::Use(Ability::AceOfTheSky));
        }
        if !out.is_empty() {
            out.push(Decision::Pass);
        }
    }

    fn may_retreat(&self, b: &Battle, s: u8) -> bool {
        if b.side_player(s).is_none() {
            return false; // Neutral units never move (ruling).
        }
        if s == 1 {
            // "The defender may not retreat before his first die roll."
            return b.def_rolled;
        }
        matches!(b.kind, BattleKind::Land | BattleKind::Sea)
    }

    fn after_options(&self, b: &Battle, s: u8, out: &mut Vec<Decision>) {
        let Some(p) = b.side_player(s) else { return };
        if self.ability_ready(p, Ability::RaketenTruppen) && b.units(s).land() > 0 && b.dice[s as usize] > 0 {
            out.push(Decision::Use(Ability::RaketenTruppen));
        }
        if self.ability_ready(p, Ability::Sigrid) && b.hits[s as usize] < b.dice[s as usize] {
            out.push(Decision::Use(Ability::Sigrid));
        }
        if !out.is_empty() {
            out.push(Decision::Pass);
        }
    }

    pub(super) fn battle_decisions(&self, b: &Battle, out: &mut Vec<Decision>) {
        match b.stage {
            BStage::Start(s) => self.start_options(b, s, out),
            BStage::Before(s) => {
                out.push(Decision::Roll);
                if self.may_retreat(b, s) {
                    out.push(Decision::Retreat);
                }
            }
            BStage::After(s) => self.after_options(b, s, out),
            BStage::Casualties(r) => {
                let v = b.units(1 - r);
                let h = b.hits[r as usize].min(v.total());
                let (lo, hi) = hit_land_range(v, h);
                out.extend((lo..=hi).map(|k| Decision::HitLand(k as u8)));
            }
            BStage::NurseAsk(_) => {
                out.push(Decision::Use(Ability::Nurse));
                out.push(Decision::Pass);
            }
            BStage::Doom | BStage::Retreated(_) => {}
        }
    }

    pub(super) fn execute_battle(&mut self, p: u8, d: Decision) {
        let Some(b) = self.battle.as_deref() else { return };
        let stage = b.stage;
        match (stage, d) {
            (BStage::Start(s), Decision::Use(a)) => {
                match a {
                    Ability::SecretWeapon => {
                        self.use_ability(p, a);
                        self.battle_retreat(1 - s, self.battle_units(1 - s));
                    }
                    Ability::AlienRadar => {
                        if !self.players[p as usize].radar {
                            self.use_ability(p, a);
                            self.players[p as usize].radar = true;
                        }
                        self.battle_retreat(s, self.battle_units(s));
                    }
                    Ability::AceOfTheSky => {
                        self.use_ability(p, a);
                        if let Some(b) = self.battle.as_deref_mut() {
                            b.ace[s as usize] = true;
                        }
                    }
                    _ => {}
                }
                self.after_start(s);
            }
            (BStage::Start(s), Decision::Pass) => self.after_start(s),
            (BStage::Before(s), Decision::Roll) => self.after_before(s),
            (BStage::Before(s), Decision::Retreat) => {
                let u = self.battle_units(s);
                let slots: Vec<(u8, u8)> = UnitKind::ALL
                    .into_iter()
                    .filter(|&k| u.get(k) > 0)
                    .map(|k| (k as u8, u.get(k)))
                    .collect();
                // "Retreat up to half of his units (round up)."
                let cap = u.total().div_ceil(2);
                self.begin_selection(Purpose::Retreat(s), slots, cap);
            }
            (BStage::After(s), Decision::Use(a)) => {
                let (n, hits) = (b.dice[s as usize], b.hits[s as usize]);
                self.use_ability(p, a);
                if a == Ability::Sigrid {
                    self.set_chance(ChanceFor::Sigrid(s, hits), n - hits);
                } else {
                    self.set_chance(ChanceFor::Reroll(s), n);
                }
            }
            (BStage::After(s), Decision::Pass) => self.after_roll(s),
            (BStage::Casualties(r), Decision::HitLand(k)) => self.assign_hits(r, u32::from(k)),
            (BStage::NurseAsk(v), Decision::Use(Ability::Nurse)) => {
                self.use_ability(p, Ability::Nurse);
                if let Some(b) = self.battle.as_deref_mut() {
                    b.nurse[v as usize] = true;
                    b.stage = BStage::Doom;
                }
            }
            (BStage::NurseAsk(v), Decision::Pass) => {
                self.destroy_doomed(v);
                if let Some(b) = self.battle.as_deref_mut() {
                    b.stage = BStage::Doom;
                }
            }
            _ => {}
        }
    }

    fn battle_units(&self, s: u8) -> Units {
        self.battle.as_deref().map_or(Units::EMPTY, |b| b.units(s))
    }

    fn set_chance(&mut self, what: ChanceFor, dice: u32) {
        self.chance_dice_last = dice;
        self.chance = Some((what, Chance::Dice(dice)));
    }

    fn set_stage(&mut self, st: BStage) {
        if let Some(b) = self.battle.as_deref_mut() {
            b.stage = st;
        }
    }

    fn after_start(&mut self, s: u8) {
        let Some(b) = self.battle.as_deref() else { return };
        if s == 0 {
            self.set_stage(BStage::Start(1));
            return;
        }
        // "Land Battles": tactical supremacy rolls first; the defender of a capital always has
        // it; ties go to the defender. Sea battles are simultaneous: the pair starts with the
        // attacker's retreat choice.
        let first = if b.is_sea() || (!b.capital && b.att.supremacy() > b.def.supremacy()) {
            0
        } else {
            1
        };
        let first = if b.is_sea() { 0 } else { first };
        if !b.is_sea() {
            self.events.push(Event::Supremacy {
                owner: b.owner(first),
                attacker: b.att.supremacy(),
                defender: b.def.supremacy(),
                capital: b.capital,
            });
        }
        if let Some(b) = self.battle.as_deref_mut() {
            b.roller = first;
            b.stage = BStage::Before(first);
        }
    }

    /// Side `s` declined to retreat (or has retreated): roll (land), or go on to the other
    /// side's choice and then the simultaneous rolls (sea).
    fn after_before(&mut self, s: u8) {
        let Some(b) = self.battle.as_deref() else { return };
        if b.is_sea() {
            if s == 0 {
                self.set_stage(BStage::Before(1));
            } else {
                self.roll(0);
            }
        } else {
            self.roll(s);
        }
    }

    fn roll(&mut self, s: u8) {
        let Some(b) = self.battle.as_deref() else { return };
        let n = b.dice_of(s);
        if let Some(b) = self.battle.as_deref_mut() {
            b.roller = s;
            b.dice[s as usize] = n;
            b.stage = BStage::After(s);
        }
        self.set_chance(ChanceFor::BattleRoll(s), n);
    }

    pub(super) fn on_battle_chance(&mut self, what: ChanceFor, outcome: u16) {
        let hits = u32::from(outcome);
        let (s, total, reroll) = match what {
            ChanceFor::BattleRoll(s) => (s, hits, None),
            ChanceFor::Reroll(s) => (s, hits, Some((Ability::RaketenTruppen, 0))),
            ChanceFor::Sigrid(s, kept) => (s, kept + hits, Some((Ability::Sigrid, kept))),
            ChanceFor::Nurse(v, kind) => {
                self.nurse_result(v, kind, outcome == 1);
                return;
            }
            _ => return,
        };
        let Some(b) = self.battle.as_deref_mut() else { return };
        // The stage stays `After(s)`: a reroll may follow; once the ability is used the roll
        // is final and `battle_step` goes on.
        b.hits[s as usize] = total;
        let by = b.owner(s);
        let dice = b.dice[s as usize];
        self.events.push(match reroll {
            None => Event::Rolled { by, dice, hits: total },
            Some((ability, kept)) => Event::Rerolled {
                by,
                ability,
                dice: dice - kept,
                kept,
                hits: total,
            },
        });
    }

    /// The roll of side `s` is final.
    fn after_roll(&mut self, s: u8) {
        let Some(b) = self.battle.as_deref() else { return };
        if b.is_sea() {
            if s == 0 {
                self.roll(1);
                return;
            }
            // "Sea Battles": casualties are removed simultaneously; only submarines fight.
            let (h0, h1) = (b.hits[0], b.hits[1]);
            let d_att = Units::of(UnitKind::Submarine, h1.min(u32::from(b.att.get(UnitKind::Submarine))) as u8);
            let d_def = Units::of(UnitKind::Submarine, h0.min(u32::from(b.def.get(UnitKind::Submarine))) as u8);
            self.doom(0, d_att);
            self.doom(1, d_def);
            self.set_stage(BStage::Doom);
        } else {
            self.set_stage(BStage::Casualties(s));
        }
    }

    fn doom(&mut self, v: u8, u: Units) {
        if let Some(b) = self.battle.as_deref_mut() {
            b.units_mut(v).remove_all(u);
            b.doomed[v as usize].add_all(u);
        }
    }

    fn assign_hits(&mut self, r: u8, land_hits: u32) {
        let Some(b) = self.battle.as_deref() else { return };
        let v = b.units(1 - r);
        let h = b.hits[r as usize].min(v.total());
        let dead = split_casualties(v, h, land_hits);
        self.doom(1 - r, dead);
        self.set_stage(BStage::Doom);
    }

    fn destroy_doomed(&mut self, v: u8) {
        let Some(b) = self.battle.as_deref_mut() else { return };
        let u = core::mem::take(&mut b.doomed[v as usize]);
        if !u.is_empty() {
            let (owner, at) = (b.owner(v), b.target);
            self.events.push(Event::Destroyed { owner, at, units: u });
        }
    }

    fn nurse_result(&mut self, v: u8, kind: UnitKind, destroyed: bool) {
        let Some(b) = self.battle.as_deref_mut() else { return };
        b.doomed[v as usize].remove(kind, 1);
        let one = Units::of(kind, 1);
        let (owner, at) = (b.owner(v), b.target);
        if destroyed {
            self.events.push(Event::Destroyed { owner, at, units: one });
            return;
        }
        self.events.push(Event::Saved(owner, one));
        // "If you roll a blank, that unit is not destroyed, and instead retreats according to
        // the normal rules."
        self.retreat_out(v, one);
    }

    /// Units of side `s` leave the battle by retreat ("Retreating"): attackers to the origin
    /// (destroyed if there is none: a mech drop); defenders one by one to an area of their
    /// player's choice.
    fn retreat_out(&mut self, s: u8, u: Units) {
        let Some(b) = self.battle.as_deref() else { return };
        let (att, target, origin, kind, defender) = (b.attacker, b.target, b.origin, b.kind, b.defender);
        if s == 0 {
            let o = Owner::Player(PlayerId(att));
            match origin {
                Some(from) if kind != BattleKind::MechDrop => {
                    self.put(from, o, u);
                    self.events.push(Event::Retreated {
                        owner: o,
                        units: u,
                        to: from,
                    });
                }
                _ => self.events.push(Event::Destroyed {
                    owner: o,
                    at: target,
                    units: u,
                }),
            }
        } else if let Owner::Player(d) = defender {
            for k in UnitKind::ALL {
                for _ in 0..u.get(k) {
                    self.retreats.push(Retreating {
                        player: d.0,
                        kind: k,
                        from: target,
                        not_to: origin,
                    });
                }
            }
        }
    }

    /// Side `s` retreats these units out of the battle (voluntary, Secret Weapon, Alien
    /// Radar).
    pub(super) fn battle_retreat(&mut self, s: u8, u: Units) {
        if let Some(b) = self.battle.as_deref_mut() {
            b.units_mut(s).remove_all(u);
        }
        self.retreat_out(s, u);
        if let Some(b) = self.battle.as_deref() {
            if matches!(b.stage, BStage::Before(_)) {
                self.set_stage(BStage::Retreated(s));
            }
        }
    }

    /// Automatic battle steps. Returns true if the outer loop should continue (something
    /// changed), false if a decision is awaited.
    pub(super) fn battle_step(&mut self) -> bool {
        let Some(b) = self.battle.as_deref() else {
            self.step = Step::Maneuver;
            return true;
        };
        let pending_doom = !b.doomed[0].is_empty() || !b.doomed[1].is_empty();
        if !pending_doom && (b.att.is_empty() || b.def.is_empty()) {
            self.end_battle();
            return true;
        }
        let mut opts = Vec::new();
        match b.stage {
            BStage::Start(s) => {
                self.start_options(b, s, &mut opts);
                if opts.is_empty() {
                    self.after_start(s);
                    return true;
                }
                false
            }
            BStage::Before(s) => {
                if self.may_retreat(b, s) {
                    return false;
                }
                self.after_before(s);
                true
            }
            BStage::After(s) => {
                self.after_options(b, s, &mut opts);
                if opts.is_empty() {
                    self.after_roll(s);
                    return true;
                }
                false
            }
            BStage::Casualties(r) => {
                let v = b.units(1 - r);
                let h = b.hits[r as usize].min(v.total());
                let (lo, hi) = hit_land_range(v, h);
                if lo == hi {
                    self.assign_hits(r, lo);
                    return true;
                }
                if b.side_player(r).is_none() {
                    // Ruling: a neutral army destroys the costliest units the restrictions allow.
                    let best = (lo..=hi).max_by_key(|&k| (split_casualties(v, h, k).cost(), k)).unwrap_or(lo);
                    self.assign_hits(r, best);
                    return true;
                }
                false
            }
            BStage::Doom => {
                for v in 0..2u8 {
                    let d = b.doomed[v as usize];
                    if d.is_empty() {
                        continue;
                    }
                    if b.nurse[v as usize] {
                        let kind = UnitKind::ALL.into_iter().find(|&k| d.get(k) > 0).unwrap_or(UnitKind::Tank);
                        self.chance = Some((ChanceFor::Nurse(v, kind), Chance::NurseDie));
                        return true;
                    }
                    if b.side_player(v).is_some_and(|p| self.ability_ready(p, Ability::Nurse)) {
                        self.set_stage(BStage::NurseAsk(v));
                        return false;
                    }
                    self.destroy_doomed(v);
                    return true;
                }
                self.after_hits();
                true
            }
            BStage::NurseAsk(_) => false,
            BStage::Retreated(s) => {
                self.after_before(s);
                true
            }
        }
    }

    /// All hits of a roll (land) or a pair of rolls (sea) are removed: count empty rolls,
    /// call the cease-fire, or pass the dice.
    fn after_hits(&mut self) {
        let Some(b) = self.battle.as_deref_mut() else { return };
        let empty = if b.is_sea() {
            b.hits[0] == 0 && b.hits[1] == 0
        } else {
            b.hits[b.roller as usize] == 0
        };
        b.empties = if empty { b.empties + 1 } else { 0 };
        if b.is_sea() || b.roller == 1 {
            b.def_rolled = true;
        }
        if b.empties >= 3 {
            // "Cease-fire": all attacking units are forced to retreat; in an amphibious battle
            // they are destroyed instead (and, by ruling, in a mech drop).
            self.events.push(Event::CeaseFire);
            let att = b.att;
            b.att = Units::EMPTY;
            if matches!(b.kind, BattleKind::Amphibious | BattleKind::MechDrop) {
                let (o, at) = (b.owner(0), b.target);
                self.events.push(Event::Destroyed { owner: o, at, units: att });
            } else {
                self.retreat_out(0, att);
            }
            return;
        }
        if b.is_sea() {
            b.stage = BStage::Before(0);
        } else {
            let next = 1 - b.roller;
            b.roller = next;
            b.stage = BStage::Before(next);
        }
    }

    fn end_battle(&mut self) {
        let Some(b) = self.battle.take() else { return };
        let t = b.target.index();
        if b.def.is_empty() && !b.att.is_empty() {
            self.areas[t].units = b.att;
            self.areas[t].owner = Some(Owner::Player(PlayerId(b.attacker)));
            self.events.push(Event::Conquered(PlayerId(b.attacker), b.target));
        } else {
            self.areas[t].units = b.def;
            self.areas[t].owner = if b.def.is_empty() { None } else { Some(b.defender) };
            self.events.push(Event::Held(b.target));
        }
        self.battle_over();
    }
}
