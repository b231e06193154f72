//! The flow of the game outside battles: setup, the initiative step, Koshka, production,
//! movement, combat declarations, special attacks and the victory point phase.

use super::battle::Battle;
use super::*;

impl Game {
    /// Who must decide now (no chance event pending).
    pub(super) fn actor(&self) -> Option<u8> {
        if let Some(r) = self.retreats.first() {
            return Some(r.player);
        }
        match self.step {
            Step::Deal | Step::GameOver => None,
            Step::SetupCard => self
                .players
                .iter()
                .position(|p| p.hidden.is_none() && p.card.is_none())
                .map(|i| i as u8),
            Step::Initiative => self
                .players
                .iter()
                .position(|p| p.hidden.is_none() && p.card.is_none() && !p.hand.is_empty())
                .map(|i| i as u8),
            Step::ClaimCapital | Step::PlacePc(_) => Some(self.order[self.cursor]),
            Step::ClaimLand => Some(self.order[self.cursor % self.order.len()]),
            Step::Koshka => self.koshka_candidate(),
            Step::Reinforce | Step::Production | Step::Maneuver | Step::MissileKill(_) | Step::StrikeCasualties(_) => {
                Some(self.turn.player)
            }
            Step::Select => match self.select.as_ref().map(|s| s.purpose) {
                Some(Purpose::Retreat(side)) => self.battle.as_ref().and_then(|b| b.side_player(side)),
                _ => Some(self.turn.player),
            },
            Step::Battle => self.battle.as_ref().and_then(|b| self.battle_actor(b)),
        }
    }

    /// Appends every legal decision of `p` now.
    pub(super) fn decisions_for(&self, p: u8, out: &mut Vec<Decision>) {
        if let Some(r) = self.retreats.first() {
            out.extend(areas_of(self.retreat_destinations(r)).map(Decision::RetreatTo));
            return;
        }
        let pl = &self.players[p as usize];
        match self.step {
            Step::SetupCard | Step::Initiative => out.extend(pl.hand.iter().map(|&c| Decision::ChooseCard(c))),
            Step::ClaimCapital => out.extend(areas_of(self.claimable_capitals()).map(Decision::ClaimCapital)),
            Step::ClaimLand => {
                let free = self.map.land_mask() & self.owned_mask(None);
                out.extend(areas_of(free).map(Decision::ClaimArea));
            }
            Step::PlacePc(_) => out.extend(areas_of(self.setup_pc_spots(p)).map(Decision::PlaceProductionCenter)),
            Step::Koshka => {
                out.push(Decision::Use(Ability::Koshka));
                out.push(Decision::Pass);
            }
            Step::Reinforce => self.production_decisions(p, true, out),
            Step::Production => self.production_decisions(p, false, out),
            Step::Maneuver => self.maneuver_decisions(p, out),
            Step::Select => {
                if let Some(s) = &self.select {
                    let (lo, hi) = s.range();
                    out.extend((lo..=hi).map(Decision::Count));
                }
            }
            Step::MissileKill(_) => {
                if let Some(t) = self.turn.strike_target {
                    let u = self.areas[t.index()].units;
                    out.extend(UnitKind::ALL.into_iter().filter(|&k| u.get(k) > 0).map(Decision::Destroy));
                }
            }
            Step::StrikeCasualties(h) => {
                if let Some(t) = self.turn.strike_target {
                    let (lo, hi) = hit_land_range(self.areas[t.index()].units, u32::from(h));
                    out.extend((lo..=hi).map(|k| Decision::HitLand(k as u8)));
                }
            }
            Step::Battle => {
                if let Some(b) = &self.battle {
                    self.battle_decisions(b, out);
                }
            }
            Step::Deal | Step::GameOver => {}
        }
    }

    /// Carries out a decision of `p` (assumed legal).
    pub(super) fn execute(&mut self, p: u8, d: Decision) {
        if !self.retreats.is_empty() {
            if let Decision::RetreatTo(a) = d {
                let r = self.retreats.remove(0);
                self.place_retreat(r, a);
            }
            return;
        }
        match (self.step, d) {
            (Step::SetupCard | Step::Initiative, Decision::ChooseCard(c)) => {
                let pl = &mut self.players[p as usize];
                pl.hand.retain(|&x| x != c);
                pl.hidden = Some(c);
                self.events.push(Event::ChoseCard(PlayerId(p)));
            }
            (Step::ClaimCapital, Decision::ClaimCapital(a)) => {
                self.put(a, Owner::Player(PlayerId(p)), Units::of(UnitKind::Tank, 1));
                self.players[p as usize].capital = Some(a);
                self.events.push(Event::ClaimedCapital(PlayerId(p), a));
                self.cursor += 1;
            }
            (Step::ClaimLand, Decision::ClaimArea(a)) => {
                self.put(a, Owner::Player(PlayerId(p)), Units::of(UnitKind::Tank, 1));
                self.events.push(Event::ClaimedArea(PlayerId(p), a));
                self.cursor += 1;
            }
            (Step::PlacePc(_), Decision::PlaceProductionCenter(a)) => {
                self.areas[a.index()].pc = true;
                self.events.push(Event::ProductionCenter(PlayerId(p), a));
                self.cursor += 1;
            }
            (Step::Koshka, Decision::Use(Ability::Koshka)) => {
                self.koshka_asked |= 1 << p;
                self.use_ability(p, Ability::Koshka);
                self.koshka_yes.push(p);
            }
            (Step::Koshka, Decision::Pass) => self.koshka_asked |= 1 << p,
            (Step::Reinforce | Step::Production, d) => self.execute_production(p, d),
            (Step::Maneuver, d) => self.execute_maneuver(p, d),
            (Step::Select, Decision::Count(n)) => {
                let done = match &mut self.select {
                    Some(s) => {
                        s.chosen.push(n);
                        s.idx += 1;
                        s.idx == s.slots.len()
                    }
                    None => false,
                };
                if done {
                    self.finish_selection();
                }
            }
            (Step::MissileKill(h), Decision::Destroy(k)) => {
                if let Some(t) = self.turn.strike_target {
                    self.destroy_in_area(t, Units::of(k, 1));
                    self.step = Step::MissileKill(h - 1);
                    self.settle_missile();
                }
            }
            (Step::StrikeCasualties(h), Decision::HitLand(k)) => {
                if let Some(t) = self.turn.strike_target {
                    let dead = split_casualties(self.areas[t.index()].units, u32::from(h), u32::from(k));
                    self.destroy_in_area(t, dead);
                }
                self.step = Step::Maneuver;
            }
            (Step::Battle, d) => self.execute_battle(p, d),
            _ => {}
        }
    }

    /// Resolves everything automatic until a decision or a chance event is needed.
    pub(super) fn advance(&mut self) {
        loop {
            if self.chance.is_some() {
                return;
            }
            if let Some(&r) = self.retreats.first() {
                let dests = self.retreat_destinations(&r);
                match dests.count_ones() {
                    0 => {
                        self.retreats.remove(0);
                        self.events.push(Event::Destroyed {
                            owner: Owner::Player(PlayerId(r.player)),
                            at: r.from,
                            units: Units::of(r.kind, 1),
                        });
                        continue;
                    }
                    1 => {
                        self.retreats.remove(0);
                        self.place_retreat(r, AreaId(dests.trailing_zeros() as u8));
                        continue;
                    }
                    _ => return,
                }
            }
            match self.step {
                Step::Deal => {
                    if self.deal_left > 0 {
                        self.chance = Some((ChanceFor::Deal, Chance::Draw));
                        return;
                    }
                    self.step = Step::SetupCard;
                }
                Step::SetupCard => {
                    if self.actor().is_some() {
                        return;
                    }
                    self.reveal();
                    self.step = Step::ClaimCapital;
                    self.cursor = 0;
                }
                Step::ClaimCapital => {
                    if self.cursor < self.order.len() {
                        return;
                    }
                    for c in areas_of(self.map.capital_mask() & self.owned_mask(None)) {
                        let a = &mut self.areas[c.index()];
                        a.owner = Some(Owner::Neutral);
                        a.units = Units([1, 1, 0, 0, 0]);
                        a.pc = true;
                        self.events.push(Event::NeutralCapital(c));
                    }
                    self.step = Step::ClaimLand;
                    self.cursor = 0;
                }
                Step::ClaimLand => {
                    if self.map.land_mask() & self.owned_mask(None) != 0 {
                        return;
                    }
                    self.step = Step::PlacePc(0);
                    self.cursor = 0;
                }
                Step::PlacePc(r) => {
                    if r == 3 {
                        self.cursor = 0;
                        self.begin_reinforcements();
                    } else if self.cursor == self.order.len() {
                        self.step = Step::PlacePc(r + 1);
                        self.cursor = 0;
                    } else if self.setup_pc_spots(self.order[self.cursor]) == 0 {
                        // Ruling: a player with no legal area skips this placement.
                        self.cursor += 1;
                    } else {
                        return;
                    }
                }
                Step::Reinforce | Step::Production | Step::Maneuver | Step::Select | Step::MissileKill(_) | Step::StrikeCasualties(_) => {
                    return
                }
                Step::Initiative => {
                    if self.actor().is_some() {
                        return;
                    }
                    self.reveal();
                    self.queue = self.order.clone();
                    self.koshka_asked = 0;
                    self.step = Step::Koshka;
                }
                Step::Koshka => {
                    if self.queue.is_empty() {
                        self.victory_point_phase();
                        continue;
                    }
                    if self.koshka_candidate().is_some() {
                        return;
                    }
                    if !self.koshka_yes.is_empty() {
                        let mut yes = core::mem::take(&mut self.koshka_yes);
                        yes.sort_by_key(|&q| (core::cmp::Reverse(self.card_of(q).map_or(0, |c| c.stars)), q));
                        self.queue.retain(|q| !yes.contains(q));
                        yes.extend(self.queue.iter().copied());
                        self.queue = yes;
                        self.koshka_asked = 0;
                        continue;
                    }
                    let p = self.queue[0];
                    self.begin_turn(p);
                    return;
                }
                Step::Battle => {
                    if self.battle_step() {
                        continue;
                    }
                    return;
                }
                Step::GameOver => return,
            }
        }
    }

    /// The outcome of a chance event.
    pub(super) fn on_chance(&mut self, what: ChanceFor, outcome: u16) {
        match what {
            ChanceFor::Deal => {
                let n = self.players.len() as u16;
                let total = DEAL as u16 * n;
                let p = ((total - self.deal_left) % n) as u8;
                self.draw_card(p, CardId(outcome as u8));
                self.deal_left -= 1;
            }
            ChanceFor::BuyDraw(left) => {
                let p = self.turn.player;
                self.draw_card(p, CardId(outcome as u8));
                if left > 1 {
                    self.start_draw(left - 1);
                }
            }
            ChanceFor::BomberStrike(t) => {
                let hits = u32::from(outcome);
                self.events.push(Event::Rolled {
                    by: Owner::Player(PlayerId(self.turn.player)),
                    dice: self.chance_dice_last,
                    hits,
                });
                let subs = self.areas[t.index()].units.get(UnitKind::Submarine);
                let dead = hits.min(u32::from(subs)) as u8;
                self.destroy_in_area(t, Units::of(UnitKind::Submarine, dead));
            }
            ChanceFor::SubStrike(t) => {
                let hits = u32::from(outcome);
                self.events.push(Event::Rolled {
                    by: Owner::Player(PlayerId(self.turn.player)),
                    dice: self.chance_dice_last,
                    hits,
                });
                let u = self.areas[t.index()].units;
                if hits >= u.total() {
                    self.destroy_in_area(t, u);
                } else if hits > 0 {
                    let (lo, hi) = hit_land_range(u, hits);
                    if lo == hi {
                        self.destroy_in_area(t, split_casualties(u, hits, lo));
                    } else {
                        self.turn.strike_target = Some(t);
                        self.step = Step::StrikeCasualties(hits as u8);
                    }
                }
            }
            ChanceFor::Missile(t) => {
                let hits = u32::from(outcome);
                self.events.push(Event::Rolled {
                    by: Owner::Player(PlayerId(self.turn.player)),
                    dice: 3,
                    hits,
                });
                self.turn.strike_target = Some(t);
                self.step = Step::MissileKill(hits as u8);
                self.settle_missile();
            }
            ChanceFor::BattleRoll(_) | ChanceFor::Reroll(_) | ChanceFor::Sigrid(..) | ChanceFor::Nurse(..) => {
                self.on_battle_chance(what, outcome)
            }
        }
    }

    // ----- setup -----

    fn draw_card(&mut self, p: u8, c: CardId) {
        self.draw_pile.retain(|&x| x != c);
        let hand = &mut self.players[p as usize].hand;
        let at = hand.partition_point(|&x| x < c);
        hand.insert(at, c);
        self.events.push(Event::Drew {
            player: PlayerId(p),
            card: c,
        });
    }

    fn start_draw(&mut self, left: u8) {
        if self.draw_pile.is_empty() {
            // "If drawing ever exhausts the deck of cards, the discard pile should be shuffled
            // to form a new draw pile." Draws are uniform over the pile, so no order is kept.
            self.draw_pile = core::mem::take(&mut self.discard);
            self.draw_pile.sort_unstable();
            self.events.push(Event::Reshuffled);
        }
        if !self.draw_pile.is_empty() {
            self.chance = Some((ChanceFor::BuyDraw(left), Chance::Draw));
        }
    }

    /// Reveals the face-down cards and orders the players: combat, then movement, then stars,
    /// higher first ("Setup" step 2, "The Player Turn"); players without a card last; then by
    /// seat (rulings).
    fn reveal(&mut self) {
        let mut shown = Vec::new();
        for (i, p) in self.players.iter_mut().enumerate() {
            if let Some(c) = p.hidden.take() {
                p.card = Some(c);
                shown.push((PlayerId(i as u8), c));
            }
        }
        let deck = Arc::clone(&self.deck);
        let key = |p: &PlayerState| p.card.map(|c| deck.card(c).order_key());
        let mut order: Vec<u8> = (0..self.players.len() as u8).collect();
        order.sort_by(|&a, &b| key(&self.players[b as usize]).cmp(&key(&self.players[a as usize])).then(a.cmp(&b)));
        self.order = order;
        self.events.push(Event::Revealed(shown));
        self.events.push(Event::Order(self.order()));
    }

    /// Capitals the current chooser may claim ("Capitals": the pairing restrictions).
    fn claimable_capitals(&self) -> u128 {
        let free = self.map.capital_mask() & self.owned_mask(None);
        let taken: Vec<AreaId> = self.players.iter().filter_map(|p| p.capital).collect();
        let pairs_taken: Vec<usize> = taken.iter().filter_map(|&c| self.map.pair_of(c)).collect();
        let mut ok = 0u128;
        for c in areas_of(free) {
            let pair = self.map.pair_of(c);
            let allowed = match self.players.len() {
                // The second player may not claim the capital paired with the first's.
                2 => !pairs_taken.iter().any(|&q| Some(q) == pair),
                // No player may choose a capital paired with an earlier player's capital.
                3 => !pairs_taken.iter().any(|&q| Some(q) == pair),
                // Once capitals of two different pairs are chosen, the third pair is closed.
                4 => {
                    let mut distinct = pairs_taken.clone();
                    distinct.sort_unstable();
                    distinct.dedup();
                    distinct.len() < 2 || distinct.iter().any(|&q| Some(q) == pair)
                }
                _ => true,
            };
            if allowed {
                ok |= c.bit();
            }
        }
        ok
    }

    /// Where `p` may place a starting production center ("Setup" step 5): his land areas, not
    /// power sources, without a production center.
    fn setup_pc_spots(&self, p: u8) -> u128 {
        let mut m = 0;
        for a in areas_of(self.owned_mask(Game::me(p)) & self.map.land_mask() & !self.map.power_mask()) {
            if !self.areas[a.index()].pc {
                m |= a.bit();
            }
        }
        m
    }

    fn begin_reinforcements(&mut self) {
        if self.cursor >= self.order.len() {
            // "Once the reinforcements setup step is complete, all players discard the card
            // they chose in setup step two, and the first game round begins."
            for p in &mut self.players {
                if let Some(c) = p.card.take() {
                    self.discard.push(c);
                }
            }
            self.new_round();
            return;
        }
        let p = self.order[self.cursor];
        let prod = self.card_of(p).map_or(0, |c| u32::from(c.production));
        self.turn = Turn {
            player: p,
            points: 12 + prod,
            ..Turn::default()
        };
        self.step = Step::Reinforce;
        self.events.push(Event::ProductionPoints(PlayerId(p), 12 + prod));
    }

    fn new_round(&mut self) {
        self.round += 1;
        for p in &mut self.players {
            p.ability_used = false;
            p.radar = false;
            p.turn_done = false;
        }
        self.allies.clear();
        self.events.push(Event::RoundBegins(self.round));
        self.step = Step::Initiative;
    }

    // ----- turns -----

    fn koshka_candidate(&self) -> Option<u8> {
        let head = *self.queue.first()?;
        let mut best: Option<(u8, u8)> = None;
        for &q in &self.queue[1..] {
            if self.koshka_asked & (1 << q) != 0 || !self.ability_ready(q, Ability::Koshka) {
                continue;
            }
            let stars = self.card_of(q).map_or(0, |c| c.stars);
            if best.is_none_or(|(s, _)| stars > s) {
                best = Some((stars, q));
            }
        }
        let _ = head;
        best.map(|(_, q)| q)
    }

    pub(super) fn begin_turn(&mut self, p: u8) {
        let h = self.holdings(PlayerId(p));
        let card = self.card_of(p).copied();
        // "The Production Phase": 3 per production center, capped at 3 per power source; 6
        // per capital; the card's value; at least 6.
        let pcs = 3 * h.production_centers.min(h.power_sources);
        let points = (pcs + 6 * h.capitals + card.map_or(0, |c| u32::from(c.production))).max(6);
        self.turn = Turn {
            player: p,
            points,
            moves_left: card.map_or(0, |c| c.movement),
            attacks_left: card.map_or(0, |c| c.combat),
            ..Turn::default()
        };
        self.step = Step::Production;
        self.events.push(Event::TurnBegins(PlayerId(p)));
        self.events.push(Event::ProductionPoints(PlayerId(p), points));
    }

    fn end_turn(&mut self) {
        let p = self.turn.player;
        self.players[p as usize].turn_done = true;
        self.queue.retain(|&q| q != p);
        self.koshka_asked = 0;
        self.step = Step::Koshka;
    }

    fn built_by(&self, pc: AreaId) -> u8 {
        self.turn.built.iter().find(|&&(a, _)| a == pc).map_or(0, |&(_, n)| n)
    }

    fn note_built(&mut self, pc: AreaId) {
        if let Some(e) = self.turn.built.iter_mut().find(|(a, _)| *a == pc) {
            e.1 += 1;
        } else {
            self.turn.built.push((pc, 1));
        }
    }

    fn production_decisions(&self, p: u8, reinforce: bool, out: &mut Vec<Decision>) {
        let me = Owner::Player(PlayerId(p));
        let t = &self.turn;
        let pts = t.points;
        if !reinforce && !t.acted && self.ability_ready(p, Ability::Diplomat) {
            for q in 0..self.players.len() as u8 {
                if q != p {
                    out.push(Decision::Diplomat(PlayerId(q)));
                }
            }
        }
        let counts = self.army_counts(me);
        let (mine, free, _) = self.masks(p);
        if !reinforce && self.ability_ready(p, Ability::MechBuilder) && counts[1] < UnitKind::Mech.in_play_limit() {
            for a in areas_of(mine) {
                if self.areas[a.index()].pc {
                    out.push(Decision::MechBuilder(a));
                }
            }
        }
        let free_or_mine = mine | free;
        for pc in areas_of(mine & !t.new_pcs) {
            if !self.areas[pc.index()].pc || self.built_by(pc) >= UNITS_PER_PRODUCTION_CENTER {
                continue;
            }
            for k in UnitKind::LAND_AIR {
                if k.cost() <= pts && counts[k as usize] < k.in_play_limit() {
                    out.push(Decision::Buy { kind: k, pc, at: pc });
                }
            }
            let k = UnitKind::Submarine;
            if k.cost() <= pts && counts[k as usize] < k.in_play_limit() {
                for s in areas_of(self.map.adjacent(pc) & self.map.sea_mask() & free_or_mine) {
                    out.push(Decision::Buy { kind: k, pc, at: s });
                }
            }
        }
        if reinforce {
            out.push(Decision::EndProduction);
            return;
        }
        for c in areas_of(self.map.capital_mask() & self.owned_mask(Some(Owner::Neutral))) {
            let a = &self.areas[c.index()];
            if !a.pc || self.built_by(c) >= UNITS_PER_PRODUCTION_CENTER {
                continue;
            }
            for k in UnitKind::LAND_AIR {
                if k.cost() <= pts && u32::from(a.units.get(k)) < k.component_limit() {
                    out.push(Decision::BuyNeutral { kind: k, capital: c });
                }
            }
        }
        if pts >= 6 && self.pcs_on_board() < PRODUCTION_CENTER_LIMIT {
            for a in areas_of(mine & self.map.land_mask() & !self.map.power_mask()) {
                if !self.areas[a.index()].pc {
                    out.push(Decision::BuyProductionCenter(a));
                }
            }
        }
        if !t.cards_bought {
            let hand = &self.players[p as usize].hand;
            out.extend(hand.iter().map(|&c| Decision::Discard(c)));
            let avail = self.draw_pile.len() + self.discard.len();
            let max = (HAND_LIMIT.saturating_sub(hand.len())).min(pts as usize).min(avail);
            out.extend((1..=max).map(|n| Decision::BuyCards(n as u8)));
        }
        out.push(Decision::EndProduction);
    }

    fn execute_production(&mut self, p: u8, d: Decision) {
        let me = Owner::Player(PlayerId(p));
        if !matches!(d, Decision::Diplomat(_)) {
            self.turn.acted = true;
        }
        match d {
            Decision::Diplomat(q) => {
                self.use_ability(p, Ability::Diplomat);
                self.allies.push((p, q.0));
                self.events.push(Event::Allied(PlayerId(p), q));
            }
            Decision::MechBuilder(a) => {
                self.use_ability(p, Ability::MechBuilder);
                let u = Units::of(UnitKind::Mech, 1);
                self.put(a, me, u);
                self.events.push(Event::Bought {
                    player: PlayerId(p),
                    units: u,
                    at: a,
                    neutral: false,
                });
            }
            Decision::Buy { kind, pc, at } => {
                self.turn.points -= kind.cost();
                self.note_built(pc);
                let u = Units::of(kind, 1);
                self.put(at, me, u);
                self.events.push(Event::Bought {
                    player: PlayerId(p),
                    units: u,
                    at,
                    neutral: false,
                });
            }
            Decision::BuyNeutral { kind, capital } => {
                self.turn.points -= kind.cost();
                self.note_built(capital);
                let u = Units::of(kind, 1);
                self.put(capital, Owner::Neutral, u);
                self.events.push(Event::Bought {
                    player: PlayerId(p),
                    units: u,
                    at: capital,
                    neutral: true,
                });
            }
            Decision::BuyProductionCenter(a) => {
                self.turn.points -= 6;
                self.turn.new_pcs |= a.bit();
                self.areas[a.index()].pc = true;
                self.events.push(Event::ProductionCenter(PlayerId(p), a));
            }
            Decision::Discard(c) => {
                self.players[p as usize].hand.retain(|&x| x != c);
                self.discard.push(c);
                self.events.push(Event::Discarded(PlayerId(p), c));
            }
            Decision::BuyCards(n) => {
                // "Pay for and set aside all of the figures and cards … before … looking at
                // the faces of any of the cards": paid now, drawn when the purchases end.
                self.turn.points -= u32::from(n);
                self.turn.cards_bought = true;
                self.turn.cards_set_aside = n;
                self.events.push(Event::BoughtCards(PlayerId(p), n));
            }
            Decision::EndProduction => {
                if self.step == Step::Reinforce {
                    self.cursor += 1;
                    self.begin_reinforcements();
                } else {
                    self.step = Step::Maneuver;
                    let n = core::mem::take(&mut self.turn.cards_set_aside);
                    if n > 0 {
                        self.start_draw(n);
                    }
                }
            }
            _ => {}
        }
    }

    // ----- movement and combat declarations -----

    /// Seas `p` controls reachable from `from` through his own seas.
    fn convoy_seas(&self, from: AreaId, my_seas: u128) -> u128 {
        self.map.flood(from, my_seas)
    }

    fn maneuver_decisions(&self, p: u8, out: &mut Vec<Decision>) {
        let (mine, free, enemy) = self.masks(p);
        let land = self.map.land_mask();
        let sea = self.map.sea_mask();
        let t = &self.turn;
        let used = |f: Option<AreaId>, to: AreaId| t.used.contains(&(f, to));
        for a in areas_of(mine) {
            let u = self.areas[a.index()].units;
            let is_land = land & a.bit() != 0;
            let seas = if is_land && u.land_air().total() > 0 {
                self.convoy_seas(a, mine & sea)
            } else {
                0
            };
            let mut coast_reach = 0u128;
            for s in areas_of(seas) {
                coast_reach |= self.map.adjacent(s);
            }
            coast_reach &= self.map.coastal_mask() & !a.bit();
            if !t.combat_started && t.moves_left > 0 {
                if is_land && u.land_air().total() > 0 {
                    for to in areas_of(self.map.flood(a, land & (mine | free)) & !a.bit()) {
                        out.push(Decision::Move {
                            mode: MoveMode::Land,
                            from: a,
                            to,
                        });
                    }
                    for to in areas_of(coast_reach & (mine | free)) {
                        out.push(Decision::Move {
                            mode: MoveMode::Amphibious,
                            from: a,
                            to,
                        });
                    }
                }
                if is_land && u.get(UnitKind::Bomber) > 0 {
                    for to in areas_of(land & (mine | free) & !a.bit()) {
                        out.push(Decision::Move {
                            mode: MoveMode::Bomber,
                            from: a,
                            to,
                        });
                    }
                }
                if !is_land && u.get(UnitKind::Submarine) > 0 {
                    for to in areas_of(self.map.flood(a, sea & (mine | free)) & !a.bit()) {
                        out.push(Decision::Move {
                            mode: MoveMode::Sea,
                            from: a,
                            to,
                        });
                    }
                }
            }
            if t.attacks_left == 0 {
                continue;
            }
            if is_land && u.land_air().total() > 0 {
                let adj = self.map.adjacent(a) & land & enemy;
                for to in areas_of(adj | (coast_reach & land & enemy & !self.map.adjacent(a))) {
                    if !used(Some(a), to) && self.may_target(p, to, false) {
                        out.push(Decision::Attack { from: a, to });
                    }
                }
            }
            if !is_land && u.get(UnitKind::Submarine) > 0 {
                for to in areas_of(self.map.adjacent(a) & sea & enemy) {
                    if !used(Some(a), to) && self.may_target(p, to, false) {
                        out.push(Decision::Attack { from: a, to });
                    }
                }
                for to in areas_of(self.map.adjacent(a) & land & enemy) {
                    if !used(Some(a), to) && self.may_target(p, to, true) {
                        out.push(Decision::SubmarineStrike { from: a, to });
                    }
                }
            }
            if is_land && u.get(UnitKind::Bomber) > 0 {
                for to in areas_of(self.map.adjacent(a) & sea & enemy) {
                    if self.areas[to.index()].units.get(UnitKind::Submarine) > 0 && !used(Some(a), to) && self.may_target(p, to, true) {
                        out.push(Decision::BomberStrike { from: a, to });
                    }
                }
            }
        }
        if t.attacks_left > 0 && self.ability_ready(p, Ability::BallisticMissiles) {
            for to in areas_of(enemy) {
                if self.may_target(p, to, true) {
                    out.push(Decision::Missile(to));
                }
            }
        }
        if t.attacks_left > 0
            && self.ability_ready(p, Ability::MechDropper)
            && areas_of(mine).any(|a| self.areas[a.index()].units.get(UnitKind::Mech) > 0)
        {
            for to in areas_of(enemy & land) {
                if !used(None, to) && self.may_target(p, to, false) {
                    out.push(Decision::MechDrop(to));
                }
            }
        }
        out.push(Decision::EndTurn);
    }

    fn kind_slots(&self, a: AreaId, kinds: &[UnitKind]) -> Vec<(u8, u8)> {
        let u = self.areas[a.index()].units;
        kinds.iter().filter(|&&k| u.get(k) > 0).map(|&k| (k as u8, u.get(k))).collect()
    }

    fn execute_maneuver(&mut self, p: u8, d: Decision) {
        match d {
            Decision::Move { mode, from, to } => {
                let kinds: &[UnitKind] = match mode {
                    MoveMode::Land | MoveMode::Amphibious => &UnitKind::LAND_AIR,
                    MoveMode::Sea => &[UnitKind::Submarine],
                    MoveMode::Bomber => &[UnitKind::Bomber],
                };
                self.turn.moves_left -= 1;
                self.begin_selection(Purpose::Move(mode, from, to), self.kind_slots(from, kinds), u32::MAX);
            }
            Decision::Attack { from, to } => {
                let kind = if !self.map.is_land(to) {
                    BattleKind::Sea
                } else if self.map.is_adjacent(from, to) {
                    BattleKind::Land
                } else {
                    BattleKind::Amphibious
                };
                self.commit_attack(Some(from), to);
                let kinds: &[UnitKind] = if kind == BattleKind::Sea {
                    &[UnitKind::Submarine]
                } else {
                    &UnitKind::LAND_AIR
                };
                self.begin_selection(Purpose::Attack(from, to, kind), self.kind_slots(from, kinds), u32::MAX);
            }
            Decision::BomberStrike { from, to } => {
                self.commit_attack(Some(from), to);
                let n = 2 * u32::from(self.areas[from.index()].units.get(UnitKind::Bomber));
                self.special_attack(p, to, n, ChanceFor::BomberStrike(to));
            }
            Decision::SubmarineStrike { from, to } => {
                self.commit_attack(Some(from), to);
                let n = u32::from(self.areas[from.index()].units.get(UnitKind::Submarine));
                self.special_attack(p, to, n, ChanceFor::SubStrike(to));
            }
            Decision::Missile(to) => {
                self.use_ability(p, Ability::BallisticMissiles);
                self.turn.attacks_left -= 1;
                self.turn.combat_started = true;
                self.special_attack(p, to, 3, ChanceFor::Missile(to));
            }
            Decision::MechDrop(to) => {
                self.use_ability(p, Ability::MechDropper);
                self.commit_attack(None, to);
                let slots: Vec<(u8, u8)> = areas_of(self.owned_mask(Game::me(p)))
                    .filter_map(|a| {
                        let m = self.areas[a.index()].units.get(UnitKind::Mech);
                        (m > 0).then_some((a.0, m))
                    })
                    .collect();
                self.begin_selection(Purpose::Drop(to), slots, u32::MAX);
            }
            Decision::EndTurn => self.end_turn(),
            _ => {}
        }
    }

    fn commit_attack(&mut self, from: Option<AreaId>, to: AreaId) {
        self.turn.attacks_left -= 1;
        self.turn.combat_started = true;
        self.turn.used.push((from, to));
        if self.map.is_capital(to) {
            self.capital_attacked = true;
        }
    }

    fn special_attack(&mut self, p: u8, to: AreaId, dice: u32, what: ChanceFor) {
        self.events.push(Event::SpecialAttack {
            player: PlayerId(p),
            at: to,
            dice,
        });
        self.chance_dice_last = dice;
        self.chance = Some((what, Chance::Dice(dice)));
    }

    pub(super) fn begin_selection(&mut self, purpose: Purpose, slots: Vec<(u8, u8)>, cap: u32) {
        self.select = Some(Selection {
            purpose,
            slots,
            idx: 0,
            chosen: Vec::new(),
            cap,
        });
        self.step = Step::Select;
    }

    fn finish_selection(&mut self) {
        let Some(s) = self.select.take() else { return };
        let p = self.turn.player;
        let me = Owner::Player(PlayerId(p));
        let mut units = Units::EMPTY;
        if !matches!(s.purpose, Purpose::Drop(_)) {
            for (&(k, _), &n) in s.slots.iter().zip(&s.chosen) {
                units.add(UnitKind::ALL[k as usize], n);
            }
        }
        match s.purpose {
            Purpose::Move(mode, from, to) => {
                self.take(from, units);
                self.put(to, me, units);
                self.events.push(Event::Moved {
                    player: PlayerId(p),
                    mode,
                    from,
                    to,
                    units,
                });
                self.step = Step::Maneuver;
            }
            Purpose::Attack(from, to, kind) => {
                self.take(from, units);
                self.start_battle(kind, p, Some(from), to, units);
            }
            Purpose::Drop(to) => {
                for (&(a, _), &n) in s.slots.iter().zip(&s.chosen) {
                    if n > 0 {
                        let u = Units::of(UnitKind::Mech, n);
                        self.take(AreaId(a), u);
                        units.add_all(u);
                    }
                }
                self.start_battle(BattleKind::MechDrop, p, None, to, units);
            }
            Purpose::Retreat(side) => {
                self.step = Step::Battle;
                self.battle_retreat(side, units);
            }
        }
    }

    fn destroy_in_area(&mut self, t: AreaId, u: Units) {
        if u.is_empty() {
            return;
        }
        if let Some(owner) = self.areas[t.index()].owner {
            self.take(t, u);
            self.events.push(Event::Destroyed { owner, at: t, units: u });
        }
    }

    /// After a missile hit is assigned: stop when no hit or no unit is left; assign the rest
    /// automatically when only one kind of unit is left.
    fn settle_missile(&mut self) {
        let Step::MissileKill(h) = self.step else { return };
        let Some(t) = self.turn.strike_target else { return };
        let u = self.areas[t.index()].units;
        if h == 0 || u.is_empty() {
            self.step = Step::Maneuver;
            return;
        }
        if u32::from(h) >= u.total() {
            self.destroy_in_area(t, u);
            self.step = Step::Maneuver;
            return;
        }
        let kinds: Vec<UnitKind> = UnitKind::ALL.into_iter().filter(|&k| u.get(k) > 0).collect();
        if kinds.len() == 1 {
            self.destroy_in_area(t, Units::of(kinds[0], h));
            self.step = Step::Maneuver;
        }
    }

    fn start_battle(&mut self, kind: BattleKind, p: u8, from: Option<AreaId>, to: AreaId, att: Units) {
        let a = self.areas[to.index()];
        let defender = a.owner.unwrap_or(Owner::Neutral);
        self.areas[to.index()].units = Units::EMPTY;
        let b = Battle::new(kind, p, defender, from, to, att, a.units, &self.map, a.pc);
        self.events.push(Event::BattleBegins {
            kind,
            attacker: PlayerId(p),
            defender,
            from,
            to,
            attackers: att,
            defenders: a.units,
        });
        self.battle = Some(Box::new(b));
        self.step = Step::Battle;
    }

    /// The battle is over: back to the attacker's combat phase.
    pub(super) fn battle_over(&mut self) {
        self.battle = None;
        self.step = Step::Maneuver;
    }

    // ----- retreats -----

    /// Where a retreating defending unit may go ("Retreating", steps 2 and 3): adjacent
    /// friendly areas of its kind (land or sea), else adjacent unoccupied ones except the
    /// attacker's origin.
    pub(super) fn retreat_destinations(&self, r: &Retreating) -> u128 {
        let kind_mask = if r.kind.is_sea() {
            self.map.sea_mask()
        } else {
            self.map.land_mask()
        };
        let adj = self.map.adjacent(r.from) & kind_mask;
        let friendly = adj & self.owned_mask(Game::me(r.player));
        if friendly != 0 {
            return friendly;
        }
        adj & self.owned_mask(None) & !r.not_to.map_or(0, AreaId::bit)
    }

    fn place_retreat(&mut self, r: Retreating, to: AreaId) {
        let u = Units::of(r.kind, 1);
        let o = Owner::Player(PlayerId(r.player));
        self.put(to, o, u);
        self.events.push(Event::Retreated { owner: o, units: u, to });
    }

    // ----- victory points -----

    fn victory_point_phase(&mut self) {
        let n = self.players.len();
        let holds: Vec<Holdings> = (0..n).map(|i| self.holdings(PlayerId(i as u8))).collect();
        let mut gained: Vec<u32> = holds.iter().map(|h| h.capitals + h.power_sources).collect();
        for m in Majority::ALL {
            let count = |h: &Holdings| match m {
                Majority::Production => h.production_centers,
                Majority::Sea => h.sea,
                Majority::Land => h.land,
            };
            let best = holds.iter().map(count).max().unwrap_or(0);
            let tied: Vec<u8> = (0..n as u8).filter(|&i| count(&holds[i as usize]) == best).collect();
            // "Majorities": a tie keeps the majority with its previous holder if he is among
            // the tied players; otherwise nobody holds it.
            let holder = if best == 0 {
                None
            } else if tied.len() == 1 {
                Some(tied[0])
            } else {
                self.majorities[m as usize].filter(|h| tied.contains(h))
            };
            self.majorities[m as usize] = holder;
            if let Some(h) = holder {
                gained[h as usize] += 1;
            }
            self.events.push(Event::MajorityHeld(m, holder.map(PlayerId)));
        }
        for (i, g) in gained.iter().enumerate() {
            self.players[i].vp += g;
            self.events.push(Event::Scored {
                player: PlayerId(i as u8),
                gained: *g,
                total: self.players[i].vp,
            });
        }
        let target = self.config.victory_target();
        let eligible: Vec<u8> = (0..n as u8)
            .filter(|&i| self.players[i as usize].vp >= target && holds[i as usize].capitals > 0)
            .collect();
        if !eligible.is_empty() {
            self.finish(eligible, &holds);
            return;
        }
        if self.round >= self.config.round_limit {
            let with_capital: Vec<u8> = (0..n as u8).filter(|&i| holds[i as usize].capitals > 0).collect();
            self.finish(with_capital, &holds);
            return;
        }
        for p in &mut self.players {
            if let Some(c) = p.card.take() {
                self.discard.push(c);
            }
        }
        self.new_round();
    }

    /// "Victory": the highest total, then most capitals, then most areas; still tied players
    /// share the victory.
    fn finish(&mut self, candidates: Vec<u8>, holds: &[Holdings]) {
        let key = |i: u8| {
            let h = &holds[i as usize];
            (self.players[i as usize].vp, h.capitals, h.land + h.sea)
        };
        let best = candidates.iter().map(|&i| key(i)).max();
        self.winners = candidates.into_iter().filter(|&i| Some(key(i)) == best).map(PlayerId).collect();
        self.step = Step::GameOver;
        self.events.push(Event::GameOver(self.winners.clone()));
    }
}

/// The numbers of hits on land units a roller may choose: `h` hits on `u` (fewer hits than
/// units), tanks before mechs and fighters before bombers ("Land Battles").
pub(crate) fn hit_land_range(u: Units, h: u32) -> (u32, u32) {
    let land = u.land();
    let air = u.air();
    (h.saturating_sub(air), h.min(land))
}

/// The units destroyed by `h` hits of which `land_hits` fall on land units: tanks before mechs,
/// fighters before bombers.
pub(crate) fn split_casualties(u: Units, h: u32, land_hits: u32) -> Units {
    let mut dead = Units::EMPTY;
    let mut take = |order: [UnitKind; 2], mut n: u32| {
        for k in order {
            let x = n.min(u32::from(u.get(k)));
            dead.add(k, x as u8);
            n -= x;
        }
    };
    take([UnitKind::Tank, UnitKind::Mech], land_hits);
    take([UnitKind::Fighter, UnitKind::Bomber], h - land_hits);
    let subs = (h.saturating_sub(u.land() + u.air())).min(u32::from(u.get(UnitKind::Submarine)));
    dead.add(UnitKind::Submarine, subs as u8);
    dead
}
