//! The rules of the battlefront edition (tactics-battlefront-2013-rules.txt) where they differ
//! from the revised edition. The rest of the engine asks the game's edition through these
//! functions, one per rule, so the revised rules stay where they were and this file lists
//! everything the second book changes (docs/battlefront.md has the table of what is done).

use super::*;
use crate::battlefront::{area_cover, sees};
use crate::terrain::Terrain;
use crate::unit::{BattlefrontKind, BattlefrontValue};

impl Game {
    fn dice(&self) -> BattlefrontDice {
        self.bf_dice.unwrap_or_default()
    }

    // ----- Roll for Initiative ------------------------------------------------------------------

    /// Initiative dice of a side: three, four with Black Ops (revised "Black Ops"; battlefront
    /// "Black Ops": "If your force has a Hero with the Black Ops skill you roll four dice").
    pub(super) fn initiative_dice(&self, side: Side) -> u16 {
        let black_ops = match self.edition {
            Edition::Revised => self.black_ops(side),
            Edition::Battlefront => self
                .units
                .iter()
                .any(|u| u.side == side && !u.destroyed && u.card.kind == UnitKind::Hero && u.card.has(Skill::BlackOps)),
        };
        3 + u16::from(black_ops)
    }

    /// The initiative roll of a side: the revised hits, or the battlefront army symbols ("The
    /// side that rolls the most [army] symbols wins the initiative").
    pub(super) fn initiative_roll(&self, side: Side) -> Roll {
        let n = self.initiative_dice(side);
        match self.bf_dice {
            None => Roll::new(self.die, n, Face::Hit),
            Some(d) => d.roll(n, Symbols::ARMY),
        }
    }

    /// The targets among the dice of a side that showed no army symbol ("In case of a tie, the
    /// player with the most [target] symbols wins the initiative").
    pub(super) fn initiative_targets_roll(&self, side: Side, army: u16) -> Roll {
        let n = self.initiative_dice(side).saturating_sub(army);
        self.dice().roll_among(n, Symbols::ARMY, Symbols::TARGET).unwrap_or(Roll {
            dice: 0,
            success_faces: 0,
            faces: BattlefrontDice::FACES,
        })
    }

    /// Both sides rolled `a` and `b` hits (army symbols) and tied.
    pub(super) fn initiative_tied(&mut self, a: u16, b: u16) {
        let targets = self.edition == Edition::Battlefront && self.dice().success_faces(Symbols::TARGET) > 0;
        if targets {
            self.stack.push(Step::InitiativeTargets {
                army: BySide { a, b },
                a: None,
            });
        } else {
            // Revised: "In case of a tie, reroll all dice." Classic dice have no target to
            // count, so the tie is rerolled (docs/rulings.md, "Battlefront dice").
            self.stack.push(Step::Initiative { a: None });
        }
    }

    pub(super) fn resolve_initiative_targets(&mut self, army: BySide<u16>, a: Option<u16>, roll: Roll, k: u16) {
        let side = if a.is_none() { Side::A } else { Side::B };
        self.events.push(Event::Rolled {
            purpose: RollPurpose::InitiativeTargets(side),
            dice: roll.dice,
            successes: k,
        });
        match a {
            None => self.stack.push(Step::InitiativeTargets { army, a: Some(k) }),
            // "If it is still a tie, both players re-roll all of their dice."
            Some(ta) if ta == k => self.stack.push(Step::Initiative { a: None }),
            Some(ta) => {
                let w = if ta > k { Side::A } else { Side::B };
                self.events.push(Event::InitiativeWon(w));
                self.stack.push(Step::ChooseFirst(w));
            }
        }
    }

    // ----- Activating a unit ----------------------------------------------------------------------

    /// "Passing": a side with fewer units left to activate than its opponent may pass rather
    /// than activate a unit. A hero joined to a squad activates with it and counts with it as
    /// one unit (docs/rulings.md, "Passing").
    pub(super) fn may_pass(&self, side: Side) -> bool {
        self.edition == Edition::Battlefront && self.activatable(side).count() < self.activatable(side.other()).count()
    }

    /// The actions of a battlefront activation ("Activating a Unit"): Nothing, Move, March Move,
    /// Attack, Sustained Attack, Special; "any combination of actions except two Move actions or
    /// two Attack actions": a March Move (`Plan::Two(Move, Move)`, two legs of a Move each)
    /// instead of two Moves, a Sustained Attack instead of two Attacks. No Reload (the book has
    /// none) and no Charge. A unit not yet on the board moves on first ("Moving On To the
    /// Table"). Plans hold two actions; three-action plans (Ace Pilot) are not implemented yet.
    pub(super) fn bf_plans(&self, u: UnitId) -> Vec<Plan> {
        use Action::{Attack, Move, Nothing, Skill as Special};
        let special = !self.abilities(u).is_empty();
        if self.unit(u).at.is_none() {
            let mut v = vec![Plan::Two(Move, Move), Plan::Two(Move, Attack), Plan::Two(Move, Nothing)];
            if special {
                v.push(Plan::Two(Move, Special));
            }
            return v;
        }
        let mut v = vec![
            Plan::Two(Move, Move),
            Plan::Two(Move, Attack),
            Plan::Two(Move, Nothing),
            Plan::Two(Nothing, Move),
            Plan::Two(Nothing, Nothing),
        ];
        let attack = self.can_attack_now(u);
        if attack {
            v.extend([
                Plan::Two(Attack, Move),
                Plan::Two(Attack, Nothing),
                Plan::Two(Nothing, Attack),
                Plan::Sustained,
            ]);
        }
        if special {
            v.extend([
                Plan::Two(Special, Nothing),
                Plan::Two(Nothing, Special),
                Plan::Two(Move, Special),
                Plan::Two(Special, Move),
            ]);
            if attack {
                v.extend([Plan::Two(Special, Attack), Plan::Two(Attack, Special)]);
            }
        }
        v
    }

    // ----- Reactive attacks -----------------------------------------------------------------------

    /// Where the other side may react during an activation of two actions `a`, `b`: after the
    /// first action, after the second.
    pub(super) fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool) {
        match self.edition {
            Edition::Revised => {
                // "Possible Situations for Reactive Fire" (docs/rulings.md for the rest).
                let first = match (a, b) {
                    (Action::Move, Action::Move) => !fast,
                    (Action::Move, _) => true,
                    (Action::Attack, Action::Move) => true,
                    _ => false,
                };
                let second = matches!((a, b), (Action::Move, Action::Move) if fast)
                    || matches!((a, b), (Action::Reload | Action::Nothing | Action::Skill, Action::Move));
                (first, second)
            }
            // "Once the opposing player has completed their first action"; "You cannot declare
            // a Reactive Attack against a unit that is taking a Nothing action as its second
            // action"; against a March Move the unit "makes a normal Move action before you
            // attempt the Reactive Attack, then completes its March Move afterwards". (A
            // Sustained Attack is one plan with no window: "No Reacting to a Sustained Attack".)
            Edition::Battlefront => (b != Action::Nothing, false),
        }
    }

    /// Battlefront "Reactive Attacks": "one of your units that has not yet activated, and that
    /// is at a Range of four squares or less from the activating unit".
    pub(super) fn bf_reactors(&self, trigger: UnitId) -> Vec<UnitId> {
        let t = self.unit(trigger);
        let Some(to) = t.at else { return Vec::new() };
        if t.destroyed {
            return Vec::new();
        }
        let side = t.side.other();
        self.activatable(side)
            .filter(|&id| self.unit(id).at.is_some_and(|from| range(from, to) <= 4))
            .collect()
    }

    /// The two dice of a reactive attack, counting army symbols.
    pub(super) fn bf_reactive_roll(&self) -> Roll {
        self.dice().roll(2, Symbols::ARMY)
    }

    /// "On a roll of [two army symbols], the unit succeeds and will activate for either a
    /// Sustained Attack action, or a Move action followed by an Attack action … On a single
    /// [army symbol], … an Attack action. If both dice roll [other symbols] the unit activates
    /// for a Nothing action." The reacting unit is activated either way.
    pub(super) fn bf_react(&mut self, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16) {
        self.events.push(Event::Rolled {
            purpose: RollPurpose::Reactive,
            dice: roll.dice,
            successes: k,
        });
        self.events.push(Event::ReactiveAttack {
            unit: reactor,
            against: trigger,
            symbols: k,
        });
        if k == 0 || self.unit(trigger).destroyed {
            return;
        }
        let mut d = Decl::new(self.unit(reactor).side);
        d.unit = Some(reactor);
        d.reactive = Some(trigger);
        d.separate = Some(false);
        d.assault = Some(false);
        d.plan = (k < 2).then_some(Plan::Two(Action::Attack, Action::Nothing));
        self.stack.push(Step::Declare(Box::new(d)));
    }

    /// The plans of a reactive attack with two army symbols: a Sustained Attack, or a Move that
    /// only turns the unit followed by an Attack ("The Move action can only be used to rotate
    /// the model"). Only the battlefront edition asks.
    pub(super) fn reactive_plans(&self) -> Vec<Plan> {
        vec![Plan::Sustained, Plan::Two(Action::Move, Action::Attack)]
    }

    /// Whether a reactive attack may use the weapon: "Units making a Reactive Attack cannot use
    /// Close-Combat Weapons" (battlefront; the revised reactive fire has no such rule).
    pub(super) fn reactive_may_use(&self, w: &WeaponLine) -> bool {
        self.edition == Edition::Revised || w.range != WeaponRange::Close
    }

    // ----- Line of sight ---------------------------------------------------------------------------

    /// Whether a unit in `from` sees a unit in `to`: the revised dot-to-dot line of sight, or the
    /// battlefront "any point in the attacking unit's square to any point in the target unit's
    /// square" ([`crate::battlefront::sees`]).
    pub(super) fn sees_target(&self, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool {
        match self.edition {
            Edition::Revised => line_of_sight(
                &self.board,
                &self.occ,
                &Shot {
                    from,
                    to,
                    attacker,
                    target,
                },
            )
            .is_ok(),
            Edition::Battlefront => sees(&self.board, &self.occ, from, to),
        }
    }

    // ----- Rolls of an attack ----------------------------------------------------------------------

    /// The dice of a battlefront fire stage: hits count the army symbol ("Roll the number of dice
    /// indicated, scoring a hit for each [army symbol] rolled"), laser chains only the army
    /// symbol ("The additional rolls only hit on [army symbol]"), saves their own symbols.
    pub(super) fn bf_fire_roll(&self, job: &FireJob) -> Roll {
        let d = self.dice();
        match job.stage {
            Stage::Prepare => d.roll(0, Symbols::ARMY),
            Stage::Roll => d.roll(job.dice, job.bf_hit),
            Stage::Sustained | Stage::Berserk => d.roll(job.failures, job.bf_hit),
            Stage::Medal => d.roll(1, job.bf_hit),
            Stage::Laser => d.roll(job.chain, Symbols::ARMY),
            Stage::Power => d.roll(job.hits * u16::from(job.power), Symbols::ARMY),
            Stage::Cover => d.roll(job.hits, job.bf_save.map_or(Symbols::ARMY, |s| s.0)),
            Stage::Resilient => d.roll(job.damage, Symbols::ARMY),
        }
    }

    // ----- Saves -------------------------------------------------------------------------------------

    /// The save a battlefront target rolls against weapon `w` ("6) Roll Saves"), and whether it
    /// is a cover save:
    /// - Close-combat weapons (and close-combat retaliation): no save ("No Saves Against
    ///   Close-Combat Weapons"). Spray weapons (flame): no save ("Units hit by Spray Weapons do
    ///   not get an Infantry Save or a Cover Save").
    /// - Infantry in cover: army symbol or shield ("Each [symbol] or [symbol] cancels one of the
    ///   hits"); infantry not in cover (or hit by a grenade weapon, which ignores cover but not
    ///   the infantry save): the infantry save, one symbol.
    /// - Vehicles in cover: one symbol; vehicles not in cover (or hit by a grenade weapon): none.
    ///
    /// Which single symbol the book prints is lost in the extracted text; the army symbol is
    /// counted (docs/rulings.md, "Battlefront saves"), two faces in six either way.
    pub(super) fn bf_save(&self, attacker: UnitId, w: &WeaponLine, target: UnitId, from: Square, close: bool) -> Option<(Symbols, bool)> {
        if close || w.range == WeaponRange::Close || w.keywords.flame {
            return None;
        }
        let t = self.unit(target);
        let to = t.at?;
        let infantry = matches!(t.card.kind, UnitKind::Squad | UnitKind::Hero);
        let cover = !w.keywords.ugl && self.bf_in_cover(attacker, from, target, to);
        match (infantry, cover) {
            (true, true) => Some((Symbols::ARMY_OR_SHIELD, true)),
            (true, false) => Some((Symbols::ARMY, false)),
            (false, true) => Some((Symbols::ARMY, true)),
            (false, false) => None,
        }
    }

    /// "Cover Saves": "A unit is in Cover if the attacking unit cannot draw a line from any
    /// point in its square to all points in the target unit's square without passing through or
    /// touching blocking squares. An Infantry unit is also in Cover if it occupies a square with
    /// ammo crates, anti-tank traps, trees, rubble, buildings, or smoke."
    pub(super) fn bf_in_cover(&self, _attacker: UnitId, from: Square, target: UnitId, to: Square) -> bool {
        let infantry = matches!(self.unit(target).card.kind, UnitKind::Squad | UnitKind::Hero);
        let terrain = self.board.cover(to).is_some()
            || matches!(self.board.terrain(to), Terrain::Rubble | Terrain::Smoke)
            || self.board.structure_at(to).is_some();
        (infantry && terrain) || area_cover(&self.board, &self.occ, from, to)
    }
}

// ----- Cards, facing and field of fire ---------------------------------------------------------

/// Gives the units of a battlefront game their battlefront card part and their first facing.
/// A unit placed on the board faces the far side of the board from its side (side A north,
/// side B south); a unit entering faces away from the edge it enters by ([`Game::bf_moved`])
/// (docs/rulings.md, "Battlefront facing").
pub(super) fn setup_units(units: &mut [Unit], setup: &GameSetup) {
    for (u, s) in units.iter_mut().zip(&setup.units) {
        u.bf.clone_from(&s.battlefront);
        u.facing = match s.side {
            Side::A => Facing::NORTH,
            Side::B => Facing::SOUTH,
        };
    }
}

impl Game {
    /// The mount of weapon line `li` of unit `owner` when it limits the field of fire: a
    /// front-mounted vehicle weapon, or any weapon of a support weapon ("1) Check Field of
    /// Fire"). `None` when the weapon fires in any direction (infantry, heroes, turret, hatch
    /// and pedestal mounts, classic cards, which print no mounts).
    fn front_arc_only(&self, owner: UnitId, li: usize) -> bool {
        let Some(bf) = &self.unit(owner).bf else { return false };
        match bf.weapons.get(li).and_then(|w| w.mount) {
            Some(m) => !m.all_round(),
            None => bf.kind == Some(BattlefrontKind::SupportWeapon),
        }
    }

    /// "1) Check Field of Fire": whether weapon line `line` of the declaring unit may target
    /// the unit in `to` from `from`. A weapon limited to the front arc fires at targets within
    /// 45 degrees either side of the unit's facing; when the activation takes a Move action
    /// before its Attack (a reactive "Move action [that] can only be used to rotate the model"
    /// included), the unit ends that Move facing its intended target ("point them at their
    /// intended target … they will need to take a Move action to change direction first").
    pub(super) fn bf_field_of_fire(&self, d: &Decl, line: u8, from: Square, to: Square) -> bool {
        let Some(u) = d.unit else { return true };
        let (owner, li) = self.line_owner(u, line);
        if !self.front_arc_only(owner, li) {
            return true;
        }
        if matches!(d.plan, Some(Plan::Two(Action::Move, Action::Attack))) {
            return true;
        }
        self.unit(u).facing.in_front_arc(from, to)
    }

    /// A Move ends: the unit faces the way it went (its last step), or away from the table
    /// edge it entered by. An attack after the Move turns it to its target
    /// ([`Game::bf_face_targets`]).
    pub(super) fn bf_moved(&mut self, u: UnitId, from: Option<Square>, to: Square) {
        let facing = match from {
            Some(f) => Facing::towards(f, to),
            None => {
                let (w, h) = (self.board.width(), self.board.height());
                if to.row() == 0 {
                    Some(Facing::NORTH)
                } else if to.row() + 1 == h {
                    Some(Facing::SOUTH)
                } else if to.col() == 0 {
                    Some(Facing::EAST)
                } else if to.col() + 1 == w {
                    Some(Facing::WEST)
                } else {
                    None
                }
            }
        };
        if let Some(f) = facing {
            self.units[usize::from(u.0)].facing = f;
        }
    }

    /// An attack starts: a unit whose front-arc weapon targets a unit outside its arc turned to
    /// it during the Move before the attack ([`Game::bf_field_of_fire`] only offers such a
    /// target then); it now faces that target.
    pub(super) fn bf_face_targets(&mut self, u: UnitId, aims: &[Aim]) {
        let Some(from) = self.unit(u).at else { return };
        for a in aims {
            let (owner, li) = self.line_owner(u, a.line);
            let Target::Unit(t) = a.target else { continue };
            let Some(to) = self.unit(t).at else { continue };
            if self.front_arc_only(owner, li) && !self.unit(u).facing.in_front_arc(from, to) {
                if let Some(f) = Facing::towards(from, to) {
                    self.units[usize::from(u.0)].facing = f;
                }
            }
        }
    }

    // ----- 5) Roll to Hit, 7) Suffer Damage ----------------------------------------------------

    /// The damage per hit of a battlefront weapon on the target, where the book differs from
    /// the revised value the card's [`UnitCard`] holds (`damage`):
    /// - "Blast Weapons": the damage printed after the slash (a hero or vehicle takes it); the
    ///   dice, one per model in the target unit for each blast symbol, are the revised
    ///   Incendiary Blast's ([`BattlefrontValue::nearest`]);
    /// - "Automatic Kill Weapons": "the miniature that was hit marks off all of the crosses on
    ///   its damage track": a hero or vehicle loses all its health left per hit;
    /// - "7) Suffer Damage": "Each hit on an Infantry Squad eliminates one miniature" and each
    ///   hit on a support weapon marks one cross: one point per hit on a squad, whatever the
    ///   damage rating.
    pub(super) fn bf_damage_per_hit(&self, owner: UnitId, li: usize, target: Target, damage: u8) -> u8 {
        let Target::Unit(t) = target else { return damage };
        let tu = self.unit(t);
        let squad = tu.card.kind == UnitKind::Squad;
        let value = self
            .unit(owner)
            .bf
            .as_ref()
            .and_then(|bf| bf.weapons.get(li))
            .and_then(|w| w.value(tu.card.armor));
        let kill = if squad { 1 } else { tu.health.max(1) };
        match value {
            Some(BattlefrontValue::Blast { damage, .. }) => {
                if squad {
                    1
                } else {
                    damage
                }
            }
            Some(BattlefrontValue::BlastKill { .. } | BattlefrontValue::Kill { .. }) => kill,
            None if squad => damage.min(1),
            None => damage,
        }
    }
}
