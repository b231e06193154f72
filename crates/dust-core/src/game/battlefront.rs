//! The rules of the battlefront edition (tactics-battlefront-2013-rules.txt) where they differ
//! from the revised edition: the bodies of `BattlefrontRules`, the edition's answers to
//! `EditionRules` (`rules.rs`), and its own state ([`BattlefrontState`]). The shared engine never
//! calls them on its own: it asks the game's rules, which lead here in the battlefront edition
//! only, so this file lists everything the second book changes (docs/conformance/battlefront.md
//! lists the book's rules, their status and their tests).

use super::*;
use crate::battlefront::{area_cover, sees};
use crate::rules_shared::{ReactiveOutcome, Struck};
use crate::unit::{BattlefrontKind, BattlefrontSkill};

/// The battlefront edition's own state of a game, beside the shared state of [`Game`] (empty
/// in the revised edition).
#[derive(Clone, Debug)]
pub(super) struct BattlefrontState {
    /// Its dice (`None` in the revised edition).
    pub(super) dice: Option<BattlefrontDice>,
    /// The scenario's rules.
    pub(super) rules: ScenarioRules,
    /// The units each side has placed in reserve.
    pub(super) reserved: BySide<u8>,
    /// Units just eliminated whose owner chooses whether they go to reserve.
    pub(super) to_reserve: Vec<UnitId>,
    /// A winner decided by an objective or a victory-point total at the end of a turn.
    pub(super) decided: Option<Side>,
    /// The hero and squad of a joined pair that activate apart in the current activation
    /// (unlinked until it ends, [`Game::bf_rejoin`]).
    pub(super) apart: Vec<(UnitId, UnitId)>,
    /// The army points of the enemy units each side eliminated ("Ending the Game": "counting
    /// reserves eliminated again as additional units eliminated").
    pub(super) ap_destroyed: BySide<u32>,
}

impl Game {
    fn dice(&self) -> BattlefrontDice {
        self.bf.dice.unwrap_or_default()
    }

    // ----- Roll for Initiative ------------------------------------------------------------------

    /// Initiative dice of a side: three, four with Black Ops (revised "Black Ops"; battlefront
    /// "Black Ops": "If your force has a Hero with the Black Ops skill you roll four dice").
    pub(super) fn initiative_dice(&self, side: Side) -> u16 {
        3 + u16::from(self.rules().black_ops(self, side))
    }

    /// Battlefront "Black Ops": a hero of `side` on the board has the skill.
    pub(super) fn bf_black_ops(&self, side: Side) -> bool {
        self.units
            .iter()
            .any(|u| u.side == side && !u.destroyed && u.card.kind == UnitKind::Hero && u.card.has(Skill::BlackOps))
    }

    /// The initiative roll of a side: the revised hits, or the battlefront army symbols ("The
    /// side that rolls the most [army] symbols wins the initiative").
    pub(super) fn initiative_roll(&self, side: Side) -> Roll {
        self.rules().initiative_roll(self, self.initiative_dice(side))
    }

    /// The battlefront initiative roll of `n` dice: army symbols count.
    pub(super) fn bf_initiative_roll(&self, n: u16) -> Roll {
        self.dice().roll(n, Symbols::ARMY)
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
        let targets = self.rules().initiative_ties_on_targets(self);
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
            // The army symbols tied; the targets decide, the shared rule of both books
            // (`rules_shared::initiative_winner`). "If it is still a tie, both players re-roll
            // all of their dice."
            Some(ta) => match crate::rules_shared::initiative_winner((army.a, army.b), (ta, k)) {
                None => self.stack.push(Step::Initiative { a: None }),
                Some(w) => {
                    self.events.push(Event::InitiativeWon(w));
                    self.stack.push(Step::ChooseFirst(w));
                }
            },
        }
    }

    // ----- Activating a unit ----------------------------------------------------------------------

    /// "Passing": "If a player has fewer units (including Heroes that have joined other units)
    /// that have yet to activate than their opponent, they may elect to pass". A joined hero
    /// yet to activate is one of the units [`Game::activatable`] lists; a pilot counts with his
    /// vehicle as one (docs/rulings.md, "Battlefront passing and joined heroes").
    #[inline]
    pub(super) fn bf_may_pass(&self, side: Side) -> bool {
        crate::rules_shared::may_pass(self.activatable(side).count(), self.activatable(side.other()).count())
    }

    /// "Roll for Initiative": "In case of a tie, the player with the most \[target\] symbols
    /// wins the initiative" — with the classic dice there are none to count, and the tie is
    /// rerolled (docs/rulings.md, "Battlefront dice").
    pub(super) fn bf_ties_on_targets(&self) -> bool {
        self.dice().success_faces(Symbols::TARGET) > 0
    }

    /// The actions of a battlefront activation ("Activating a Unit"): Nothing, Move, March Move,
    /// Attack, Sustained Attack, Special; "any combination of actions except two Move actions or
    /// two Attack actions": a March Move (`Plan::Two(Move, Move)`, one move of twice the rating)
    /// instead of two Moves, a Sustained Attack instead of two Attacks. No Reload (the book has
    /// none) and no Charge. A unit not yet on the board moves on first ("Moving On To the
    /// Table"). A unit with a third action declares [`Game::bf_three_plans`] instead.
    pub(super) fn bf_plans(&self, u: UnitId) -> Vec<Plan> {
        use Action::{Attack, Move, Nothing, Skill as Special};
        if self.unit(u).bf_left {
            // "If the Hero dismounts the Vehicle, the Vehicle cannot take any actions until they
            // mount it again unless it is a Large or Huge Vehicle."
            return vec![Plan::Two(Nothing, Nothing)];
        }
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
        if self.must_move_first(u) {
            // "Aircraft must take a Move or March Move action as their first action".
            v.retain(|p| matches!(p, Plan::Two(Move, _)));
        }
        v
    }

    /// "Ace Pilot": "A Hero with the Ace Pilot skill rolls one die when a Vehicle or Aircraft
    /// that they are piloting activates" — whether unit `u`, activating, is such a vehicle or
    /// aircraft (not in a reactive attack, whose actions its own roll sets: docs/rulings.md,
    /// "Battlefront three actions").
    pub(super) fn bf_ace(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        matches!(unit.card.kind, UnitKind::Vehicle | UnitKind::Aircraft)
            && unit.joined.is_some_and(|h| {
                let hero = self.unit(h);
                !hero.destroyed && hero.card.kind == UnitKind::Hero && hero.bf.as_ref().is_some_and(|b| b.has(BattlefrontSkill::AcePilot))
            })
    }

    /// The Ace Pilot's die: "If the result is a [lost symbol], the Vehicle or Aircraft has three
    /// actions" — the army symbol, as every roll for success (docs/rulings.md, "Battlefront
    /// three actions").
    pub(super) fn bf_ace_roll(&self) -> Roll {
        self.dice().roll(1, Symbols::ARMY)
    }

    /// The Ace Pilot's die is rolled: on an army symbol the declaration waiting below has three
    /// actions.
    pub(super) fn bf_ace_rolled(&mut self, _unit: UnitId, roll: Roll, k: u16) {
        self.events.push(Event::Rolled {
            purpose: RollPurpose::AcePilot,
            dice: roll.dice,
            successes: k,
        });
        if let Some(Step::Declare(d)) = self.stack.last_mut() {
            d.bf_three = k > 0;
            d.options = None;
        }
    }

    /// The plans of a unit with three actions ("No More Than Three Actions"): every sequence of
    /// three of Move, Attack, Special and Nothing that [`Plan::three_allowed`] (a March Move and
    /// a Sustained Attack are two actions each); an Attack only after a Move or when the unit
    /// can attack from where it stands; a Special only with an ability; a unit off the board
    /// and an aircraft (unless it hovers) move first. Nothing stands for an action the unit
    /// does not use ("may perform up to two actions", three here).
    pub(super) fn bf_three_plans(&self, u: UnitId) -> Vec<Plan> {
        use Action::{Attack, Move, Nothing, Skill as Special};
        let special = !self.abilities(u).is_empty();
        let attack_now = self.can_attack_now(u);
        let move_first = self.unit(u).at.is_none() || self.must_move_first(u);
        let kinds = [Move, Attack, Nothing, Special];
        let mut v = Vec::new();
        for a in kinds {
            for b in kinds {
                for c in kinds {
                    let p = Plan::Three(a, b, c);
                    if !Plan::three_allowed(a, b, c)
                        || (!special && p.actions().contains(&Special))
                        || (move_first && a != Move)
                        || (p.actions().contains(&Attack) && !attack_now && !p.moves_before(Attack))
                    {
                        continue;
                    }
                    v.push(p);
                }
            }
        }
        v
    }

    /// "Reacting to Extra Actions": "If a unit makes a Reactive Attack against such a unit, the
    /// Reactive Attack action will occur immediately before the last action of the three" —
    /// whether the window before the third action of `Plan::Three(a, b, c)` opens: not when
    /// that action is Nothing ("No Reacting to a Nothing Action"), nor when the plan holds a
    /// Sustained Attack ("No Reacting to a Sustained Attack Action"; docs/rulings.md,
    /// "Battlefront three actions").
    pub(super) fn bf_three_window(a: Action, b: Action, c: Action) -> bool {
        let sustained = b == Action::Attack && (a == Action::Attack || c == Action::Attack);
        c != Action::Nothing && !sustained
    }

    /// The parts of a battlefront plan that are declared and made one after the other
    /// ("Activating a Unit": the actions are declared up front; "Move and March Move Actions":
    /// a Move's destination is chosen as it is made; "4) Declare Targets": an Attack's targets
    /// in that step of the Attack): each as the range of the plan's actions it covers, with
    /// whether the enemy may react after it (where [`Game::reaction_windows`] and
    /// [`Game::bf_three_window`] open the window). Every action is a part of its own, the legs
    /// of a March Move included ("the unit makes a normal Move action before you attempt the
    /// Reactive Attack, then completes its March Move afterwards"), except the two Attacks of
    /// a Sustained Attack. A Sustained Attack and a Charge are one part.
    pub(super) fn bf_parts(&self, u: UnitId, plan: Plan) -> Vec<(usize, usize, bool)> {
        match plan {
            Plan::Two(a, b) => {
                let (after_first, after_second) = self.reaction_windows(a, b, self.has_skill(u, Skill::Fast));
                vec![(0, 1, after_first), (1, 2, after_second)]
            }
            Plan::Three(a, b, c) => {
                let acts = [a, b, c];
                let window = Game::bf_three_window(a, b, c);
                let mut v = Vec::new();
                let mut i = 0;
                while i < acts.len() {
                    let end = if acts[i] == Action::Attack && acts.get(i + 1) == Some(&Action::Attack) {
                        i + 2
                    } else {
                        i + 1
                    };
                    v.push((i, end, end == 2 && window));
                    i = end;
                }
                v
            }
            Plan::Sustained | Plan::Charge => vec![(0, 2, false)],
        }
    }

    // ----- Reactive attacks -----------------------------------------------------------------------

    /// Where the other side may react during an activation of two actions `a`, `b`: after the
    /// first action, after the second (`EditionRules::reaction_windows`, game/rules.rs).
    pub(super) fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool) {
        self.rules().reaction_windows(a, b, fast)
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
        let large = self.model_squares(trigger) > 1;
        self.activatable(side)
            // A vehicle whose pilot dismounted takes no action ("Piloting Vehicles").
            .filter(|&id| !self.unit(id).bf_left)
            .filter(|&id| {
                self.unit(id).at.is_some_and(|from| {
                    if large || self.model_squares(id) > 1 {
                        // Large and huge models: the nearest of their squares.
                        self.bf_unit_range(id, trigger).is_some_and(|r| r <= 4)
                    } else {
                        range(from, to) <= 4
                    }
                })
            })
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
        // "Aircraft must take a Move or March Move action as their first action in each
        // activation, unless they have the hover special rule": an aircraft that must move first
        // cannot take the Attack of a single army symbol, nor a Sustained Attack; with two it
        // takes the Move that only turns it, then the Attack (docs/rulings.md, "Battlefront
        // aircraft react with a Move first").
        let must_move = self.must_move_first(reactor);
        let outcome = ReactiveOutcome::from_army_symbols(k);
        if outcome == ReactiveOutcome::Nothing || self.unit(trigger).destroyed || (must_move && outcome == ReactiveOutcome::Attack) {
            return;
        }
        let mut d = Decl::new(self.unit(reactor).side);
        d.unit = Some(reactor);
        d.reactive = Some(trigger);
        d.separate = Some(false);
        d.assault = Some(false);
        d.plan = if must_move {
            Some(Plan::Two(Action::Move, Action::Attack))
        } else {
            (outcome == ReactiveOutcome::Attack).then_some(Plan::Two(Action::Attack, Action::Nothing))
        };
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
        self.rules().reaction_may_use(w)
    }

    // ----- Line of sight ---------------------------------------------------------------------------

    /// Whether a unit in `from` sees a unit in `to`: the revised dot-to-dot line of sight, or the
    /// battlefront "any point in the attacking unit's square to any point in the target unit's
    /// square" ([`crate::battlefront::sees`]).
    pub(super) fn sees_target(&self, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool {
        self.rules().sees_target(self, from, to, attacker, target)
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
            Stage::Laser => d.roll(job.chain, crate::rules_shared::CHAIN_HIT),
            Stage::Power => d.roll(job.hits * u16::from(job.power), Symbols::ARMY),
            Stage::Cover => d.roll(job.hits, job.bf_save.map_or(Symbols::ARMY, |s| s.0)),
            Stage::Resilient if job.bf_res_hits > 0 => d.roll(self.bf_resilient_dice(job), Symbols::ARMY),
            Stage::Resilient => d.roll(job.damage.div_ceil(self.rules().squad_hit_points(self, job)), Symbols::ARMY),
        }
    }

    /// The points one hit marks off a squad whose Damage Resilient is rolled with the attack:
    /// one, but every cross of a support weapon hit by an automatic kill
    /// ([`Game::bf_damage_per_hit`]), whose one die then cancels the whole hit ("Damage
    /// Resilient": "Each time an Infantry Squad or Support Weapon with the Damage Resilient
    /// skill is assigned a hit that is not cancelled by a save, roll a die. On a result of
    /// [army symbol], cancel the hit").
    pub(super) fn bf_squad_hit_points(&self, job: &FireJob) -> u16 {
        match job.target {
            Target::Unit(t) if self.unit(t).card.kind == UnitKind::Squad => u16::from(job.damage_per_hit.max(1)),
            _ => 1,
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
        let t = self.unit(target);
        let to = t.at?;
        let no_save = close || w.range == WeaponRange::Close || w.keywords.flame;
        let infantry = matches!(t.card.kind, UnitKind::Squad | UnitKind::Hero);
        let cover = !no_save && !w.keywords.ugl && self.bf_in_cover(attacker, from, target, to);
        crate::rules_shared::save(infantry, cover, no_save, w.keywords.ugl)
    }

    /// "Cover Saves": "A unit is in Cover if the attacking unit cannot draw a line from any
    /// point in its square to all points in the target unit's square without passing through or
    /// touching blocking squares. An Infantry unit is also in Cover if it occupies a square with
    /// ammo crates, anti-tank traps, trees, rubble, buildings, or smoke."
    pub(super) fn bf_in_cover(&self, attacker: UnitId, from: Square, target: UnitId, to: Square) -> bool {
        let infantry = matches!(self.unit(target).card.kind, UnitKind::Squad | UnitKind::Hero);
        let terrain = self.board.cover(to).is_some() || self.board.terrain(to).covers_infantry() || self.board.structure_at(to).is_some();
        (infantry && terrain) || self.bf_area_cover(attacker, from, target, to)
    }

    /// `Game::bf_in_cover` for the odds, the AI and the user interfaces: whether `target`,
    /// where it stands, is in cover against `attacker` attacking from `from`.
    pub fn bf_target_in_cover(&self, attacker: UnitId, from: Square, target: UnitId) -> bool {
        self.unit(target).at.is_some_and(|to| self.bf_in_cover(attacker, from, target, to))
    }
}

// ----- Cards, facing and field of fire ---------------------------------------------------------

/// Gives the units of a battlefront game their battlefront card part and their first facing.
/// A unit placed on the board faces the far side of the board from its side (side A north,
/// side B south); a unit entering faces away from the edge it enters by ([`Game::bf_moved`])
/// (docs/rulings.md, "Battlefront facing").
/// Whether the hero of `hero` may begin the game piloting the vehicle of `vehicle` ("Piloting
/// Vehicles": "A Hero with the Pilot skill … can pilot a Vehicle … The Hero can begin the game
/// mounted in a Vehicle"): a hero with Pilot or Vehicle Pilot, a vehicle (or aircraft) of his
/// side with no other pilot.
pub(super) fn can_pilot(hero: &UnitSetup, vehicle: &UnitSetup) -> bool {
    let pilot = hero
        .battlefront
        .as_ref()
        .is_some_and(|b| b.has(BattlefrontSkill::Pilot) || b.has(BattlefrontSkill::VehiclePilot));
    hero.card.kind == UnitKind::Hero
        && pilot
        && hero.side == vehicle.side
        && matches!(vehicle.card.kind, UnitKind::Vehicle | UnitKind::Aircraft)
        && vehicle.battlefront.as_ref().is_none_or(|b| b.pilot_allowed(&hero.card.name))
}

/// How many squares a model with the battlefront part `bf` occupies ("Vehicle and Aircraft
/// Size"): two for large vehicles and large aircraft, four for huge vehicles, one otherwise.
fn model_squares_of(bf: Option<&BattlefrontCard>) -> u8 {
    match bf.and_then(|b| b.kind) {
        Some(BattlefrontKind::LargeVehicle | BattlefrontKind::LargeAircraft) => 2,
        Some(BattlefrontKind::HugeVehicle) => 4,
        _ => 1,
    }
}

pub(super) fn setup_units(units: &mut [Unit], setup: &GameSetup) {
    for (u, s) in units.iter_mut().zip(&setup.units) {
        u.bf.clone_from(&s.battlefront);
        u.squares = model_squares_of(u.bf.as_deref());
        super::attack::add_improvised(u);
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
        if self.model_squares(u) > 1 {
            // A large or huge model's facing is part of the pose its moves declared (its
            // squares depend on it): the weapon fires at a target with a square in the arc
            // of that facing.
            let facing = match (d.plan, d.bf_faces.last()) {
                (Some(Plan::Two(Action::Move, _)), Some(&f)) => f,
                (Some(p @ Plan::Three(..)), Some(&f)) if p.moves_before(Action::Attack) => f,
                _ => self.unit(u).facing,
            };
            let target = self.units.iter().position(|x| x.at == Some(to) && !x.destroyed);
            let squares = target.map_or_else(|| vec![to], |i| self.unit_squares(UnitId(i as u8)));
            return squares.iter().any(|&s| facing.in_front_arc(from, s));
        }
        if matches!(d.plan, Some(Plan::Two(Action::Move, Action::Attack)))
            || matches!(d.plan, Some(p @ Plan::Three(..)) if p.moves_before(Action::Attack))
        {
            // The Move turns the unit to its intended targets, but it has one facing: every
            // front-mounted line fires into the same front arc ("the direction the Vehicle is
            // facing").
            let mut aimed = self.bf_front_aims(u, &d.aims);
            aimed.push(to);
            return Facing::ALL.iter().any(|f| aimed.iter().all(|&s| f.in_front_arc(from, s)));
        }
        self.unit(u).facing.in_front_arc(from, to)
    }

    /// The squares targeted by the front-arc lines among `aims` of unit `u`.
    fn bf_front_aims(&self, u: UnitId, aims: &[Aim]) -> Vec<Square> {
        aims.iter()
            .filter_map(|a| {
                let (owner, li) = self.line_owner(u, a.line);
                if !self.front_arc_only(owner, li) {
                    return None;
                }
                match a.target {
                    Target::Unit(t) => self.unit(t).at,
                    Target::Cover(s) => Some(s),
                }
            })
            .collect()
    }

    /// Whether the facing of a one-square unit limits one of its weapons (a front-mounted
    /// weapon, a support weapon): its facing is then the player's choice ([`Decision::Face`]).
    fn bf_facing_matters(&self, u: UnitId) -> bool {
        self.model_squares(u) == 1 && (0..self.unit(u).card.weapons.len()).any(|li| self.front_arc_only(u, li))
    }

    /// Whether the declaration waits for the facing at the end of its last Move: "Move and
    /// March Move Actions" let units "end their movement facing in any direction", and "If they
    /// aren't pointing at the target when they want to shoot, they will need to take a Move
    /// action to change direction first" ("1) Check Field of Fire") — a Move (to the unit's own
    /// square, if it only turns) followed by no Attack. A Move followed by an Attack turns the
    /// unit to its target, and a reactive Move only does that (docs/rulings.md, "Battlefront
    /// facing").
    pub(super) fn bf_face_due(&self, d: &Decl) -> bool {
        let (Some(u), Some(plan @ (Plan::Two(..) | Plan::Three(..)))) = (d.unit, d.plan) else {
            return false;
        };
        d.face.is_none()
            && d.reactive.is_none()
            && plan_moves(plan) > 0
            && d.moves.len() == plan_moves(plan)
            && plan != Plan::Two(Action::Move, Action::Attack)
            && !(matches!(plan, Plan::Three(..)) && plan.moves_before(Action::Attack))
            && self.bf_facing_matters(u)
    }

    /// The square a one-square unit whose facing limits a weapon may end its next move leg on
    /// to turn without moving: where the leg starts (`None` off the board, in a reactive
    /// attack, whose Move only turns the unit anyway, or for other units).
    #[inline]
    pub(super) fn bf_turn_in_place(&self, d: &Decl) -> Option<Square> {
        let u = d.unit?;
        if d.reactive.is_some() || !self.bf_facing_matters(u) {
            return None;
        }
        d.moves.last().copied().or(self.unit(u).at)
    }

    /// The facings offered at the end of the Move: first the way the unit went (or the facing
    /// it keeps when it stays, or the one it enters with), then the seven others.
    pub(super) fn bf_face_options(&self, d: &Decl) -> Vec<Decision> {
        let Some(u) = d.unit else { return Vec::new() };
        let unit = self.unit(u);
        let last = d.moves.last().copied();
        let before = if d.moves.len() >= 2 {
            Some(d.moves[d.moves.len() - 2])
        } else {
            unit.at
        };
        let went = match (before, last) {
            (Some(a), Some(b)) => Facing::towards(a, b).unwrap_or(unit.facing),
            _ => unit.facing,
        };
        std::iter::once(went)
            .chain((0..8).map(|i| Facing((went.0 + i) & 7)).skip(1))
            .map(Decision::Face)
            .collect()
    }

    /// A move leg of a large or huge model starts: it takes the facing of its declared pose.
    pub(super) fn bf_set_facing(&mut self, u: UnitId, face: Option<Facing>) {
        if let Some(f) = face {
            self.units[usize::from(u.0)].facing = f;
        }
    }

    /// A Move ends: the unit faces the way it went (its last step), or away from the table
    /// edge it entered by. An attack after the Move turns it to its target
    /// ([`Game::bf_face_targets`]).
    pub(super) fn bf_moved(&mut self, u: UnitId, from: Option<Square>, to: Square) {
        if self.model_squares(u) > 1 {
            // Its facing came with the declared pose ([`Game::bf_set_facing`]).
            return;
        }
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
        if self.model_squares(u) > 1 {
            // Turning would move its other squares: it faces the way its pose says.
            return;
        }
        // One facing for all of them ([`Game::bf_field_of_fire`]): the one it has if it covers
        // every target, else the first, from the direction of the first target round, that does.
        let aimed = self.bf_front_aims(u, aims);
        let now = self.unit(u).facing;
        if aimed.iter().all(|&s| now.in_front_arc(from, s)) {
            return;
        }
        let first = Facing::towards(from, aimed[0]).unwrap_or(now);
        if let Some(f) = (0..8)
            .map(|i| Facing((first.0 + i) & 7))
            .find(|f| aimed.iter().all(|&s| f.in_front_arc(from, s)))
        {
            self.units[usize::from(u.0)].facing = f;
        }
    }

    /// "Sustained Attack and Close-Combat Weapons": "A unit performing a Sustained Attack action
    /// must choose between using Ranged Weapons or Close-Combat Weapons" — whether weapon line
    /// `line` is of the other kind than a line already aimed in this Sustained Attack (a plan
    /// `Sustained`, or two Attacks side by side among three actions).
    #[inline]
    pub(super) fn bf_other_kind_sustained(&self, d: &Decl, line: u8) -> bool {
        let (Some(u), Some(plan)) = (d.unit, d.plan) else { return false };
        let sustained = match plan {
            Plan::Sustained => true,
            Plan::Three(a, b, c) => b == Action::Attack && (a == Action::Attack || c == Action::Attack),
            _ => false,
        };
        if !sustained {
            return false;
        }
        let close = |l: u8| {
            let (o, li) = self.line_owner(u, l);
            self.unit(o).card.weapons.get(li).is_some_and(|w| w.range == WeaponRange::Close)
        };
        let mine = close(line);
        d.aims.iter().any(|a| close(a.line) != mine)
    }

    // ----- 5) Roll to Hit, 7) Suffer Damage ----------------------------------------------------

    /// "Soldiers with Several Weapons": "Each surviving soldier in an Infantry Squad can only
    /// use one Ranged Weapon and one Close-Combat Weapon … in each Attack action. If they have
    /// several Ranged Weapons available to them, they must choose which one they will use" —
    /// the ranged lines of an attack, or (`close`) the close-combat lines of a close combat or
    /// a retaliation; "Support weapon units … use a two-man team to fire the support weapon.
    /// Only the third or fourth soldiers of the unit can fire other weapons if the support
    /// weapon fires"; "Heroes … can use all of their weapons at the same time". The soldiers
    /// of squad `u` are shared out among its aimed lines of that kind (`aims`, the joined
    /// hero's excluded) by [`crate::battlefront::weapons::share_out`]: the support weapon first
    /// (two soldiers), then the limited-ammo lines and the lines with a count (the third number
    /// of `aim 0 u1 2`: that many soldiers), then each other line, in card order, every carrier
    /// still free. For a vehicle, its damage points left are shared out among its aimed crew
    /// lines the same way ("Vehicle Crews", [`crate::battlefront::weapons::share_crew`]).
    /// Returns (line, soldiers or crew weapons firing it) for the lines of the second kind;
    /// empty in the revised edition and for heroes (docs/rulings.md, "Battlefront soldiers with
    /// several weapons").
    pub(super) fn bf_firers(&self, u: UnitId, aims: &[Aim], close: bool) -> Vec<(u8, u32)> {
        let unit = self.unit(u);
        if unit.card.kind == UnitKind::Hero {
            return Vec::new();
        }
        let lines: Vec<(usize, u8)> = aims
            .iter()
            .filter(|a| {
                a.line < HERO_LINE
                    && unit
                        .card
                        .weapons
                        .get(usize::from(a.line))
                        .is_some_and(|w| (w.range == WeaponRange::Close) == close)
            })
            .map(|a| (usize::from(a.line), a.ammo))
            .collect();
        let shared = if unit.card.kind == UnitKind::Squad {
            let models: Vec<u32> = unit
                .card
                .models
                .iter()
                .enumerate()
                .filter(|(i, _)| unit.alive & (1 << i) != 0)
                .map(|(_, m)| m.weapons)
                .collect();
            crate::battlefront::weapons::share_out(&unit.card, unit.bf.as_deref(), &models, &lines)
        } else {
            crate::battlefront::weapons::share_crew(&unit.card, unit.bf.as_deref(), u32::from(unit.health), &lines)
        };
        shared.into_iter().map(|(l, n)| (l as u8, n)).collect()
    }

    /// How many weapons of limited-ammo line `li` of unit `owner` may fire in one attack
    /// (battlefront "Limited-Ammo Weapons"): none once every box is marked; otherwise, for a
    /// squad, every living soldier carrying it ("as long as there is a soldier left in the squad
    /// with that weapon, they still have all the unit's remaining ammunition"), one for other
    /// units and for a support weapon (one weapon, fired by its crew of two). The attack marks
    /// one box, however many fire.
    pub(super) fn bf_ammo_weapons(&self, owner: UnitId, li: usize) -> u8 {
        let unit = self.unit(owner);
        if unit.ammo.get(li).is_none_or(|&a| a == 0) {
            return 0;
        }
        if unit.card.kind == UnitKind::Squad && !crate::battlefront::weapons::is_support(&unit.card, unit.bf.as_deref(), li) {
            unit.carriers(li).min(u32::from(u8::MAX)) as u8
        } else {
            1
        }
    }

    /// The numbers offered with the aims of weapon line `line` of the declaring unit (the third
    /// number of `aim LINE TARGET N`) in the battlefront edition, `None` where the edition's
    /// common counts apply (the ammo spent on a Volley or a vehicle's limited-ammo line, 0 on
    /// the lines of a hero and of a vehicle that are not crew lines). Empty: the line has no
    /// soldier (crew weapon) left to fire it and is not offered.
    ///
    /// Every number offered keeps the sharing-out of the declaration whole
    /// ([`Game::bf_firers`]): the line gets exactly the number asked, and no line aimed before
    /// it with a number (a limited-ammo line, a count, a support weapon) loses a soldier.
    /// - a support weapon: 0 (one weapon, two soldiers; 1 on a limited-ammo one), when two
    ///   soldiers, one of them carrying it, are left for it;
    /// - a limited-ammo line of a squad: 1 up to `max_ammo` soldiers (it takes them from the
    ///   lines aimed without a number, as before);
    /// - another line of a squad, or a crew line: 0 (every carrier, or damage point, still
    ///   free), and where the number matters — some of its soldiers could fire a later line of
    ///   the declaration instead (not a limited-ammo line, a support weapon, an under-barrel
    ///   weapon riding on it, the other line of its weapon or the Improvised Weapons line), or a
    ///   later crew line is left — 1 up to the soldiers (damage points) still free, taken from
    ///   none of the lines already aimed.
    ///
    /// Counting only where it matters keeps the decisions few: a squad whose soldiers each carry
    /// one weapon of a kind is offered what it was before (docs/rulings.md, "Battlefront
    /// soldiers with several weapons").
    #[inline(always)]
    pub(super) fn bf_aim_counts(&self, d: &Decl, line: u8, max_ammo: u8) -> Option<Counts> {
        use crate::battlefront::weapons::{is_crew, is_support, main_weapon};
        let u = d.unit?;
        if line >= HERO_LINE {
            return None;
        }
        let unit = self.unit(u);
        let li = usize::from(line);
        let (card, bf) = (&unit.card, unit.bf.as_deref());
        let w = card.weapons.get(li)?;
        let squad = card.kind == UnitKind::Squad;
        let crew = is_crew(card, bf, li);
        let support = squad && is_support(card, bf, li);
        if !(squad || crew) || (w.ammo.is_some() && (!squad || super::declare::is_volley_line(w))) {
            return None;
        }
        let close = w.range == WeaponRange::Close;
        let n_of = |shares: &[(u8, u32)], l: u8| shares.iter().find(|s| s.0 == l).map_or(0, |s| s.1);
        // The declaration's aims with this line's aim last, built once and given each number.
        let mut trial: Vec<Aim> = Vec::new();
        let mut with = |n: u8| {
            if trial.is_empty() {
                trial.extend_from_slice(&d.aims);
                trial.push(Aim::new(line, Target::Unit(u), n));
            }
            if let Some(last) = trial.last_mut() {
                last.ammo = n;
            }
            self.bf_firers(u, &trial, close)
        };
        // The lines aimed before it, of the same kind, that took a number of soldiers.
        let kind = |a: &Aim| {
            a.line < HERO_LINE
                && card
                    .weapons
                    .get(usize::from(a.line))
                    .is_some_and(|x| (x.range == WeaponRange::Close) == close)
        };
        let counted = |a: &Aim| {
            let l = usize::from(a.line);
            kind(a) && (card.weapons[l].ammo.is_some() || a.ammo > 0 || is_support(card, bf, l))
        };
        // Whether every line aimed before keeps its soldiers (`all`), or those with a number.
        let keeps = |before: &[(u8, u32)], after: &[(u8, u32)], all: bool| {
            d.aims
                .iter()
                .filter(|a| kind(a) && (all || counted(a)))
                .all(|a| n_of(before, a.line) == n_of(after, a.line))
        };
        let mut out = Counts::default();
        if support {
            let n = u8::from(w.ammo.is_some());
            if w.ammo.is_some() && max_ammo == 0 {
                return Some(out);
            }
            let (before, after) = (self.bf_firers(u, &d.aims, close), with(n));
            if n_of(&after, line) == 1 && keeps(&before, &after, false) {
                out.insert(n);
            }
            return Some(out);
        }
        if w.ammo.is_some() {
            if !d.aims.iter().any(counted) {
                // Nothing aimed before it takes soldiers ahead of it: all its carriers are free.
                return Some(Counts::range(1, max_ammo));
            }
            let before = self.bf_firers(u, &d.aims, close);
            for n in 1..=max_ammo {
                let after = with(n);
                if n_of(&after, line) == u32::from(n) && keeps(&before, &after, false) {
                    out.insert(n);
                }
            }
            return Some(out);
        }
        let free = n_of(&with(0), line);
        if free == 0 {
            return Some(out); // every carrier already fires a line aimed before it
        }
        out.insert(0);
        // Later lines can only take soldiers from it, never give them back: a number is offered
        // where a later line could use some of its soldiers.
        let later = d.lines.iter().position(|&l| l == line).map_or(&[][..], |i| &d.lines[i + 1..]);
        let riding = main_weapon(card, bf, li).is_some_and(|m| d.aims.iter().any(|a| usize::from(a.line) == m));
        let partner = self.bf_mode_partner(u, line);
        let matters = !riding
            && later.iter().any(|&m| {
                let mi = usize::from(m);
                let Some(mw) = card.weapons.get(mi).filter(|_| m < HERO_LINE) else {
                    return false;
                };
                if crew {
                    return is_crew(card, bf, mi);
                }
                let main = main_weapon(card, bf, mi);
                (mw.range == WeaponRange::Close) == close
                    && mw.ammo.is_none()
                    && !is_support(card, bf, mi)
                    && !self.bf_is_improvised(u, mi)
                    && Some(m) != partner
                    && !main.is_some_and(|x| x == li || d.aims.iter().any(|a| usize::from(a.line) == x))
                    && card
                        .models
                        .iter()
                        .enumerate()
                        .any(|(i, md)| unit.alive & (1 << i) != 0 && md.weapons & (1 << li) != 0 && md.weapons & (1 << mi) != 0)
            });
        if matters {
            let before = self.bf_firers(u, &d.aims, close);
            for n in 1..=free.min(u32::from(u8::MAX)) as u8 {
                let after = with(n);
                if n_of(&after, line) == u32::from(n) && keeps(&before, &after, true) {
                    out.insert(n);
                }
            }
        }
        Some(out)
    }

    /// The main weapon of under-barrel line `li` of unit `owner`: the nearest ranged line before
    /// it on the card that is not under-barrel itself (docs/rulings.md, "Battlefront
    /// under-barrel weapons"); `None` for other lines.
    fn bf_main_weapon(&self, owner: UnitId, li: usize) -> Option<usize> {
        let unit = self.unit(owner);
        crate::battlefront::weapons::main_weapon(&unit.card, unit.bf.as_deref(), li)
    }

    /// The target an under-barrel line must take in the declaration: its main weapon's, when
    /// that is aimed ("at the same target"); `None` when it is free (not under-barrel, the main
    /// weapon unused, or the revised edition).
    pub(super) fn bf_under_barrel_target(&self, d: &Decl, line: u8) -> Option<Target> {
        let u = d.unit?;
        let (owner, li) = self.line_owner(u, line);
        let main = self.bf_main_weapon(owner, li)?;
        let offset = line - li as u8;
        let main_line = offset + main as u8;
        d.aims.iter().find(|a| a.line == main_line).map(|a| a.target)
    }

    /// Whether weapon line `li` of unit `owner` is a crew weapon of a vehicle ("Vehicle Crews").
    fn bf_is_crew(&self, owner: UnitId, li: usize) -> bool {
        let unit = self.unit(owner);
        crate::battlefront::weapons::is_crew(&unit.card, unit.bf.as_deref(), li)
    }

    /// "Vehicle Crews": "When a Vehicle with Crew attacks, it may choose to attack with the
    /// Vehicle weapons or the Crew's weapons": a line of one kind is not offered once a line of
    /// the other kind of the same vehicle is aimed in this attack.
    #[inline(always)]
    pub(super) fn bf_crew_allows(&self, d: &Decl, owner: UnitId, li: usize) -> bool {
        let Some(u) = d.unit else { return true };
        let crew = self.bf_is_crew(owner, li);
        let has_crew = self.unit(owner).bf.as_ref().is_some_and(|b| b.weapons.iter().any(|w| w.crew));
        if !has_crew || self.unit(owner).card.kind == UnitKind::Squad || self.unit(owner).card.kind == UnitKind::Hero {
            return true;
        }
        d.aims.iter().all(|a| {
            let (o, l) = self.line_owner(u, a.line);
            o != owner || self.bf_is_crew(o, l) == crew
        })
    }

    /// "Vehicle Crews": "If it chooses to attack with the Crew's weapons, it may fire one weapon
    /// for each damage point the Vehicle has remaining" — the damage points left, which the
    /// crew lines of an attack share out ([`Game::bf_firers`]; `None` for other lines and in
    /// the revised edition).
    pub(super) fn bf_crew_weapons(&self, owner: UnitId, li: usize) -> Option<u32> {
        self.bf_is_crew(owner, li).then(|| u32::from(self.unit(owner).health))
    }

    /// The unit and its joined hero that have battlefront skill `s` ("Unless otherwise stated,
    /// skills used by a Hero apply to a unit they have joined, and skills used by a unit apply
    /// to a Hero that has joined their unit"); the partner only for a skill they share
    /// ([`BattlefrontSkill::shared`]).
    fn bf_holders(&self, u: UnitId, s: BattlefrontSkill) -> impl Iterator<Item = UnitId> + '_ {
        let partner = self.unit(u).joined.filter(|&j| !self.unit(j).destroyed && s.shared());
        std::iter::once(u)
            .chain(partner)
            .filter(move |&x| self.unit(x).bf.as_ref().is_some_and(|b| b.has(s)))
    }

    /// "Fighting Spirit": "Once per game a unit with the Fighting Spirit skill hits on rolls of
    /// [target] as well as [army symbol] when making an Attack or Sustained Attack action,
    /// provided the unit has already performed a Move action in this activation" — a Move
    /// followed by an Attack (a reactive Move that only turns the unit included); "A player
    /// must declare that they are using a skill before rolling any dice".
    pub(super) fn bf_spirit_available(&self, u: UnitId, plan: Plan) -> bool {
        (plan == Plan::Two(Action::Move, Action::Attack) || (matches!(plan, Plan::Three(..)) && plan.moves_before(Action::Attack)))
            && self
                .bf_holders(u, BattlefrontSkill::FightingSpirit)
                .any(|h| !self.unit(h).bf_used.contains(&BattlefrontSkill::FightingSpirit))
    }

    /// Fighting Spirit is spent: "If the skill is only usable once per game, both the Hero and
    /// the unit use it at the same time."
    pub(super) fn bf_use_spirit(&mut self, u: UnitId) {
        let holders: Vec<UnitId> = self.bf_holders(u, BattlefrontSkill::FightingSpirit).collect();
        for h in holders {
            let used = &mut self.units[usize::from(h.0)].bf_used;
            if !used.contains(&BattlefrontSkill::FightingSpirit) {
                used.push(BattlefrontSkill::FightingSpirit);
            }
        }
    }

    /// Whether weapon line `line` of the attacking unit (its joined hero's lines included) is a
    /// set-up weapon ("Set-Up Weapons": "If a set-up weapon performs a Move and then an Attack
    /// Action or an Attack Action followed by a Move Action, it only rolls half of that
    /// weapon's combat dice (rounded up) during the Attack action").
    pub(super) fn bf_set_up(&self, u: UnitId, line: u8) -> bool {
        let (owner, li) = self.line_owner(u, line);
        self.unit(owner)
            .bf
            .as_ref()
            .and_then(|bf| bf.weapons.get(li))
            .is_some_and(|w| w.set_up)
    }

    /// The damage per hit of a battlefront weapon on the target, where the book differs from
    /// the revised value the card's [`UnitCard`] holds (`damage`):
    /// - "Blast Weapons": the damage printed after the slash (a hero or vehicle takes it); the
    ///   dice, one per model in the target unit for each blast symbol, are the revised
    ///   Incendiary Blast's ([`crate::unit::BattlefrontValue::nearest`]);
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
        // "Automatic Kill Weapons": "the miniature that was hit marks off all of the crosses on
        // its damage track (if it has one)": a support weapon's track is the unit's, so one hit
        // eliminates it; a soldier of a squad has no track and is one casualty.
        let support = tu.bf.as_ref().is_some_and(|b| b.kind == Some(BattlefrontKind::SupportWeapon));
        let struck = match (squad, support) {
            (true, false) => Struck::Soldier,
            (true, true) => Struck::SupportWeapon { left: tu.health },
            (false, _) => Struck::Tracked { left: tu.health },
        };
        crate::rules_shared::damage_per_hit(struck, value, damage)
    }
}

// ----- Piloting vehicles ----------------------------------------------------------------------------

impl Game {
    /// Whether unit `u` (with the hero joined to it, or the squad or vehicle he joined) has
    /// revised skill `s` in the battlefront edition ("Skills and Equipment"; docs/rulings.md,
    /// "Battlefront skills of a hero and the unit he joined", "Battlefront Jump and Fast"):
    /// - the general rule: "Unless otherwise stated, skills used by a Hero apply to a unit they
    ///   have joined, and skills used by a unit apply to a Hero that has joined their unit. If
    ///   both Hero and unit have the same skill, it applies equally to both, but they do not
    ///   gain the skill twice" — both ways, for every skill but those stated otherwise
    ///   ([`Skill::battlefront_shares`]); a pilot and his vehicle alike ("The Hero's other
    ///   skills can be used while piloting the Vehicle");
    /// - Jump: "Some classic cards have vehicles with the Jump skill. These now have the Fast
    ///   special rule instead"; "If a Hero has joined a unit, both must have the Jump skill for
    ///   either to use it when they are activated together" (a pilot's Jump does not make his
    ///   vehicle jump either);
    /// - Fast: "A unit with the Fast special rule (sometimes called the Agile special rule)",
    ///   and a classic vehicle with Jump; Agile is read as Fast, and a joined pair is Fast when
    ///   either is.
    pub(super) fn bf_has_skill(&self, u: UnitId, s: Skill) -> bool {
        let unit = self.unit(u);
        let fast = |x: &Unit| crate::rules_shared::is_fast(&x.card);
        let partner = unit.joined.filter(|&j| !self.unit(j).destroyed).map(|j| self.unit(j));
        match s {
            Skill::Jump => crate::rules_shared::jumps(&unit.card, partner.map(|p| &*p.card)),
            Skill::Agile => false,
            Skill::Fast => fast(unit) || partner.is_some_and(fast),
            _ => unit.card.has(s) || partner.is_some_and(|p| s.battlefront_shares() && p.card.has(s)),
        }
    }

    /// The squares flames (a spray) run between: every square of a large or huge attacker
    /// where it attacks from `from`, and every square of the target `t` (in `to`) ("Vehicle
    /// and Aircraft Size").
    pub(super) fn bf_flame_ends(&self, d: &Decl, from: Square, t: UnitId, to: Square) -> (Vec<Square>, Vec<Square>) {
        let theirs = self.unit_squares(t);
        (self.bf_decl_squares(d, from), if theirs.is_empty() { vec![to] } else { theirs })
    }

    /// "Spray Weapons": "The spray follows the shortest possible path to the target, and may
    /// only pass through squares through which the attacking unit has Line of Sight to the
    /// target unit. The shooting player may choose between alternative shortest paths":
    /// squares the attacker (in `from`, its model on `mine`) sees (area line of sight), never a
    /// square of terrain that blocks it (docs/rulings.md, "Battlefront spray path").
    pub(super) fn bf_spray_sees(&self, from: Square, mine: &[Square], s: Square) -> bool {
        !self.board.terrain(s).blocks_area_sight()
            && if mine.len() == 1 {
                crate::battlefront::sees(&self.board, &self.occ, from, s)
            } else {
                // From any point of any of the model's squares, its own not blocking.
                crate::battlefront::sees_areas(&self.board, &self.occ, mine, &[s], mine)
            }
    }

    /// A once-per-game revised skill (Assault, Berserk, All In One) used by unit `u` is spent
    /// by it and its joined hero, squad or vehicle, each whose card has it ("If the skill is
    /// only usable once per game, both the Hero and the unit use it at the same time"): neither
    /// uses it again after they separate.
    pub(super) fn bf_spend_once(&mut self, u: UnitId, s: Skill) {
        let partner = self.unit(u).joined.filter(|&j| !self.unit(j).destroyed);
        let holders: Vec<UnitId> = std::iter::once(u).chain(partner).filter(|&x| self.unit(x).card.has(s)).collect();
        // (`u` is marked even without the skill on its card, as the revised engine marks it,
        // should a skill ever be read from elsewhere.)
        for x in if holders.is_empty() { vec![u] } else { holders } {
            let used = &mut self.units[usize::from(x.0)].used;
            if !used.contains(&s) {
                used.push(s);
            }
        }
    }

    /// "Piloting Vehicles": "If the Vehicle is destroyed while the Hero is piloting it, the
    /// pilot's player rolls a die. … the Hero escapes unharmed. Otherwise the Hero takes a point
    /// of damage. They are then placed into any square the Vehicle occupied, counting as having
    /// activated for this turn." He stands on the vehicle's (front) square until his side
    /// chooses among `squares`, those the vehicle occupied ([`Decision::Escape`]).
    pub(super) fn bf_pilot_escapes(&mut self, hero: UnitId, squares: Vec<Square>) {
        if self.unit(hero).destroyed {
            return;
        }
        self.units[usize::from(hero.0)].activated = true;
        self.stack.push(Step::Escape { hero, squares });
    }

    /// The escaped pilot is placed into square `at` of his destroyed vehicle.
    pub(super) fn bf_place_pilot(&mut self, hero: UnitId, at: Square) {
        if self.unit(hero).destroyed || self.unit(hero).at == Some(at) {
            return;
        }
        self.units[usize::from(hero.0)].at = Some(at);
        self.rebuild_cells();
    }

    /// The escape die: two of the three symbols save the hero (the extracted text lost which;
    /// docs/rulings.md, "Battlefront pilots").
    pub(super) fn bf_escape_roll(&self) -> Roll {
        self.dice().roll(1, crate::rules_shared::PILOT_ESCAPES)
    }

    /// The escape die rolled `k` successes.
    pub(super) fn bf_escaped(&mut self, hero: UnitId, squares: Vec<Square>, roll: Roll, k: u16) {
        self.events.push(Event::Rolled {
            purpose: RollPurpose::Escape,
            dice: roll.dice,
            successes: k,
        });
        if k == 0 {
            self.damage_health(hero, 1);
        }
        // "They are then placed into any square the Vehicle occupied": his side chooses when
        // there is more than one.
        if squares.len() > 1 && !self.unit(hero).destroyed {
            self.stack.push(Step::EscapeTo { hero, squares });
        }
    }
}

// ----- Damage Resilient in a squad with a joined hero --------------------------------------------

impl Game {
    /// Whether Damage Resilient is rolled for casualty `c` of squad `u` before it is taken: in
    /// the battlefront edition, when a hero is joined to the squad, hits are assigned first and
    /// the skill of the one who takes the hit counts ("Damage Resilient", the Fakyeli, Lara and
    /// Heavy Laser Grenadiers example: "assigns the first hit to Lara … her Damage Resilient
    /// skill then allows the player to roll two dice (one for each point of damage she took) …
    /// then assigns the other two hits to the Heavy Laser Grenadiers … They roll one die for the
    /// unsaved hit"). The skill is not shared ("This skill does not apply to other units that
    /// join this unit or that this unit joins").
    pub(super) fn resilient_due(&self, u: UnitId, c: Casualty) -> bool {
        if !self.rules().resilient_per_casualty(self, u) {
            return false;
        }
        match c {
            Casualty::Model(_) => self.unit(u).card.has(Skill::DamageResilient),
            Casualty::Hero => self
                .unit(u)
                .joined
                .is_some_and(|h| self.unit(h).card.has(Skill::DamageResilient) && self.unit(h).health > 0),
        }
    }

    /// The saves are done: a hero, vehicle or aircraft alone with Damage Resilient rolls it hit
    /// by hit ("Each time a Hero, Vehicle, or Aircraft unit with the Damage Resilient skill is
    /// assigned a hit that is not cancelled by a save, roll one die for each point of damage
    /// marked off the unit's damage track. Each rolled [army symbol] cancels one point of
    /// damage"): `job.damage` counts the points taken from none, hit after hit.
    pub(super) fn bf_resilient_start(&self, job: &mut FireJob) {
        let Target::Unit(t) = job.target else { return };
        let unit = self.unit(t);
        if unit.card.kind != UnitKind::Squad && unit.card.has(Skill::DamageResilient) && !job.ap_incendiary && job.damage > 0 {
            job.bf_res_hits = job.hits;
            job.damage = 0;
        }
    }

    /// The Damage Resilient dice of the next hit of [`Game::bf_resilient_start`]: the points it
    /// would mark off, its damage rating or the crosses left (an automatic kill marks them all).
    pub(super) fn bf_resilient_dice(&self, job: &FireJob) -> u16 {
        let Target::Unit(t) = job.target else { return 0 };
        let left = u16::from(self.unit(t).health).saturating_sub(job.damage);
        u16::from(job.damage_per_hit).min(left)
    }

    /// Whether Damage Resilient on hits on unit `t` waits for the casualties (a squad with a
    /// joined hero, battlefront) instead of being rolled with the attack.
    pub(super) fn bf_resilient_per_casualty(&self, t: UnitId) -> bool {
        let unit = self.unit(t);
        unit.card.kind == UnitKind::Squad && unit.joined.is_some_and(|h| !self.unit(h).destroyed)
    }

    /// The Damage Resilient dice of a casualty: one for a miniature ("roll a die" per hit on an
    /// Infantry Squad), one per point of damage the hero would mark off ("roll one die for each
    /// point of damage marked off the unit's damage track").
    pub(super) fn bf_resilient_roll(&self, u: UnitId, per_hero: u8, c: Casualty) -> Roll {
        let n = match c {
            Casualty::Model(_) => 1,
            Casualty::Hero => self
                .unit(u)
                .joined
                .map_or(0, |h| u16::from(per_hero.clamp(1, self.unit(h).health.max(1)))),
        };
        self.dice().roll(n, Symbols::ARMY)
    }

    /// The Damage Resilient dice of a casualty rolled `k` army symbols: each cancels a point.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bf_resilient(&mut self, u: UnitId, points: u16, by: Option<Side>, per_hero: u8, c: Casualty, roll: Roll, k: u16) {
        self.events.push(Event::Rolled {
            purpose: RollPurpose::Resilient,
            dice: roll.dice,
            successes: k,
        });
        self.damage_point_less(u, points, by, per_hero, c, k);
    }
}

// ----- Large and huge models ---------------------------------------------------------------------

use crate::battlefront::large::{self, rotations_in_place, Pose, Reached};
use crate::battlefront::{footprint_cover, sees_areas};
use crate::reach::can_arrive;

impl Game {
    /// How many squares the unit's model occupies ("Vehicle and Aircraft Size"): two for large
    /// vehicles and large aircraft, four for huge vehicles, one otherwise (and always one in
    /// the revised edition).
    ///
    /// The edition's rules set it as the game starts (`EditionRules::setup_units`): it is asked
    /// on every step of a search, so it is not worked out again each time.
    #[inline]
    pub fn model_squares(&self, u: UnitId) -> u8 {
        self.unit(u).squares
    }

    /// The squares the unit occupies now: its square, or every square of a large or huge model
    /// (its front square first; only those on the board while it enters); none off the board.
    pub fn unit_squares(&self, u: UnitId) -> Vec<Square> {
        let unit = self.unit(u);
        match (unit.destroyed, unit.at) {
            (false, Some(at)) => large::unit_squares(&self.board, at, unit.facing, self.model_squares(u)),
            _ => Vec::new(),
        }
    }

    /// A move leg of a large or huge model ended: a square of the model behind its front that it
    /// did not hold before (`before`) with an ammo crate is entered, so its side may crush the
    /// crate there too (tactics-revised-core-rules.md, "Spaces with Cover Elements": "Upon
    /// entering the space, vehicles may choose to crush the crate"; the front square is asked
    /// by [`Game::do_move`], after these). One question per square.
    pub(super) fn bf_crush_behind(&mut self, u: UnitId, before: &[Square]) {
        if self.model_squares(u) < 2 || self.kind_of(u) != PieceKind::Vehicle {
            return;
        }
        for at in self.unit_squares(u).into_iter().skip(1) {
            if !before.contains(&at) && self.board.cover(at) == Some(CoverElement::AmmoCrate) {
                self.stack.push(Step::Crush { unit: u, at });
            }
        }
    }

    /// Puts the squares of large and huge models behind their front squares into the occupancy
    /// (the front square is placed as every unit's square is).
    pub(super) fn bf_place_extra_squares(&mut self) {
        for i in 0..self.units.len() {
            let u = UnitId(i as u8);
            if self.model_squares(u) < 2 {
                continue;
            }
            let side = self.unit(u).side;
            for s in self.unit_squares(u).into_iter().skip(1) {
                self.occ.place(s, PieceKind::Vehicle, side);
            }
        }
    }

    /// The occupancy without the unit's own squares (its squares do not stop its own moves).
    pub(super) fn occ_without(&self, u: UnitId) -> Occupancy {
        let mut occ = self.occ.clone();
        let side = self.unit(u).side;
        for s in self.unit_squares(u) {
            occ.remove(s, PieceKind::Vehicle, side);
        }
        occ
    }

    /// The pose of the unit before move leg `leg` of the declaration (`None`: not on the board).
    fn bf_leg_start(&self, d: &Decl, leg: usize) -> Option<Pose> {
        let u = d.unit?;
        if leg == 0 {
            let unit = self.unit(u);
            return unit.at.map(|at| Pose::at(at, unit.facing));
        }
        Some(Pose {
            front: (i32::from(d.moves[leg - 1].col()), i32::from(d.moves[leg - 1].row())),
            facing: *d.bf_faces.get(leg - 1)?,
        })
    }

    /// What the first leg of a large or huge model's March Move (declared, not yet made) leaves
    /// for the rest: the points of the doubled rating it did not spend, and whether it needed
    /// the first cheap diagonal ([`Game::bf_march_carry`]).
    pub(super) fn bf_large_march_carry(&self, d: &Decl) -> Option<(u8, bool)> {
        let u = d.unit?;
        let mut movement = self.movement(u);
        if d.assault == Some(true) {
            movement *= 2;
        }
        let march = 2 * movement + u8::from(self.has_skill(u, Skill::Fast));
        let start = self.bf_leg_start(d, 1);
        let came = self.bf_leg_reach(d, 0).into_iter().find(|r| Some(r.pose) == start);
        Some((
            march.saturating_sub(came.map_or(0, |r| r.cost)),
            came.is_some_and(|r| r.needs_diagonal),
        ))
    }

    /// Where move leg `leg` of a large or huge model may end (docs/rulings.md, "Battlefront
    /// large models in the engine"): [`large::large_reach`] with the leg's points, the first
    /// cheap diagonal spent if an earlier leg needed it; while entering, the legs before the
    /// last may leave it partly off the board when the rest of the plan brings it fully on
    /// ("Large and Huge Vehicles must move entirely onto the board by moving two squares … in
    /// their first activation before they do anything else"). A reactive attack's Move only
    /// turns it ([`rotations_in_place`]).
    fn bf_leg_reach(&self, d: &Decl, leg: usize) -> Vec<Reached> {
        let (Some(u), Some(plan)) = (d.unit, d.plan) else {
            return Vec::new();
        };
        let n = self.model_squares(u);
        let unit = self.unit(u);
        let occ = self.occ_without(u);
        let start = self.bf_leg_start(d, leg);
        let mut mover = self.mover(u, unit.at.unwrap_or(Square::new(0, 0)), self.movement(u), false);
        mover.kind = PieceKind::Vehicle;
        if let Some(t) = d.reactive {
            let Some(p) = start else { return Vec::new() };
            let enemy = self.unit_squares(t);
            return rotations_in_place(&self.board, &occ, &mover, n, p, &enemy, self.flies(u))
                .into_iter()
                .map(|pose| Reached {
                    pose,
                    cost: 0,
                    needs_diagonal: false,
                })
                .collect();
        }
        if d.assault == Some(true) {
            mover.movement *= 2;
        }
        let legs = plan_moves(plan);
        // The first leg is a normal Move, Fast's square included; a March Move's second leg has
        // what the first left of the doubled rating ("A unit making a March Move action doubles
        // its Move rating for the activation"; docs/rulings.md, "Battlefront March Move").
        let fast = self.has_skill(u, Skill::Fast);
        let march = 2 * mover.movement + u8::from(fast);
        mover.fast = fast && leg == 0;
        let carried = d.bf_part.and_then(|p| p.rest).filter(|_| leg == 1);
        let used = match carried {
            // Declared part by part: the first leg is made; what it left was worked out before.
            Some((rest, used)) => {
                mover.movement = rest;
                used
            }
            None => {
                let before = (leg > 0).then(|| self.bf_leg_reach(d, leg - 1));
                let came = before
                    .as_ref()
                    .and_then(|v| v.iter().find(|r| Some(r.pose) == self.bf_leg_start(d, leg)).copied());
                if leg == 1 && legs == 2 {
                    mover.movement = march.saturating_sub(came.map_or(0, |r| r.cost));
                }
                came.is_some_and(|r| r.needs_diagonal)
            }
        };
        let entering = unit.at.is_none();
        let partial = entering && leg + 1 < legs;
        // A large aircraft flies ("Aircraft Move Over Terrain"): over all but enemy aircraft; a
        // model on the ground passes under them ("Moving Through Other Units").
        let enemy_air = self.enemy_aircraft(unit.side);
        let air = if self.flies(u) {
            large::Medium::Air(&enemy_air)
        } else {
            large::Medium::Ground(self.move_rules(u, &enemy_air))
        };
        let mut v = large::large_reach_by(&self.board, &occ, &mover, n, start, &self.entry_of(u), used, partial, air);
        if partial {
            v.retain(|r| {
                let mut next = mover;
                next.fast = false;
                next.movement = march.saturating_sub(r.cost);
                r.pose.fully_on(&self.board, n)
                    || large::large_reach_by(&self.board, &occ, &next, n, Some(r.pose), &[], r.needs_diagonal, false, air)
                        .iter()
                        .any(|x| x.pose.fully_on(&self.board, n))
            });
        }
        v
    }

    /// Battlefront: the front squares a large or huge model's next move leg may end on (`None`
    /// for other units, which move by [`Game::move_options`]' shared search).
    pub(super) fn bf_move_options(&self, d: &Decl) -> Option<Vec<Square>> {
        let u = d.unit?;
        if self.model_squares(u) < 2 {
            return None;
        }
        let mut v: Vec<Square> = self
            .bf_leg_reach(d, d.moves.len())
            .iter()
            .filter_map(|r| r.pose.front_square())
            .collect();
        v.sort();
        v.dedup();
        Some(v)
    }

    /// The second decision of a large or huge model's move leg, after its front square: the
    /// square right behind the front (the pose's facing), or the front square again when that
    /// square is still off the board (entering). `None` when no such choice is due.
    fn bf_rear_choices(&self, d: &Decl) -> Option<Vec<(Square, Facing)>> {
        let u = d.unit?;
        if self.model_squares(u) < 2 || d.bf_faces.len() >= d.moves.len() {
            return None;
        }
        let leg = d.bf_faces.len();
        let front = d.moves[leg];
        let mut v: Vec<(Square, Facing)> = self
            .bf_leg_reach(d, leg)
            .iter()
            .filter(|r| r.pose.front_square() == Some(front))
            .map(|r| (r.pose.rear_square(&self.board).unwrap_or(front), r.pose.facing))
            .collect();
        if v.is_empty() {
            // The leg was spent standing still: the model keeps its facing.
            let f = match leg {
                0 => self.unit(u).facing,
                _ => d.bf_faces[leg - 1],
            };
            v.push((front, f));
        }
        v.sort_by_key(|x| x.0);
        Some(v)
    }

    /// Whether the square behind a large or huge model's front square is still to be declared
    /// for one of its move legs.
    pub(super) fn bf_rear_due(&self, d: &Decl) -> bool {
        d.unit.is_some_and(|u| self.model_squares(u) > 1) && d.bf_faces.len() < d.moves.len()
    }

    /// The rear-square decisions offered now, if one is due.
    pub(super) fn bf_rear_options(&self, d: &Decl) -> Option<Vec<Decision>> {
        self.bf_rear_choices(d)
            .map(|v| v.into_iter().map(|(s, _)| Decision::MoveTo(s)).collect())
    }

    /// Fills in the rear square when there is one choice; `Some(changed)` when a rear square is
    /// due (the caller stops there).
    #[inline]
    pub(super) fn bf_rear_autofill(&self, d: &mut Decl) -> Option<bool> {
        let v = self.bf_rear_choices(d)?;
        if v.len() == 1 {
            d.bf_faces.push(v[0].1);
            return Some(true);
        }
        d.options = Some(v.into_iter().map(|(s, _)| Decision::MoveTo(s)).collect());
        Some(false)
    }

    /// Takes a `move` decision that names the rear square of a large or huge model's leg; false
    /// when the decision is a front square (or the unit has one square).
    pub(super) fn bf_take_rear(&self, d: &mut Decl, s: Square) -> bool {
        let Some(v) = self.bf_rear_choices(d) else { return false };
        match v.iter().find(|x| x.0 == s) {
            Some(&(_, f)) => {
                d.bf_faces.push(f);
                true
            }
            None => false,
        }
    }

    /// The squares the declaring unit will stand on when it attacks: the pose after its declared
    /// moves (`from` is its front square), or where it stands.
    pub(super) fn bf_decl_squares(&self, d: &Decl, from: Square) -> Vec<Square> {
        let Some(u) = d.unit else { return vec![from] };
        let n = self.model_squares(u);
        if n < 2 {
            return vec![from];
        }
        let moved_first = matches!(d.plan, Some(Plan::Two(Action::Move, _)))
            || matches!(d.plan, Some(p @ Plan::Three(..)) if p.moves_before(Action::Attack));
        let facing = match (moved_first, d.bf_faces.last()) {
            (true, Some(&f)) => f,
            _ => self.unit(u).facing,
        };
        large::unit_squares(&self.board, from, facing, n)
    }

    /// Battlefront "2) Check Range" for a declaration: the range between the nearest squares of
    /// the attacker and the target ("targeting any of their squares").
    pub(super) fn bf_in_range(&self, d: &Decl, w: &WeaponLine, from: Square, t: UnitId) -> bool {
        let mine = self.bf_decl_squares(d, from);
        let theirs = self.unit_squares(t);
        let r = mine
            .iter()
            .flat_map(|&a| theirs.iter().map(move |&b| range(a, b)))
            .min()
            .unwrap_or(u32::MAX);
        w.range.reaches_in(Edition::Battlefront, r)
    }

    /// Battlefront "3) Check Line of Sight" for a declaration: from any point of any square of
    /// the attacker (in its declared pose) to any point of any square of the target, the two
    /// models' own squares not blocking (the squares the attacker leaves neither).
    pub(super) fn bf_sees_unit(&self, d: &Decl, from: Square, t: UnitId) -> bool {
        let mine = self.bf_decl_squares(d, from);
        let theirs = self.unit_squares(t);
        let Some(u) = d.unit else { return false };
        if let Some(v) = self.air_sight(u, &mine, t, &theirs) {
            return v; // "Line of Sight to Aircraft"
        }
        if mine.len() == 1 && theirs.len() == 1 {
            // One square each: exactly the square-to-square rule; a vehicle that will have moved
            // away does not block its own lines from its old square.
            let unit = self.unit(u);
            if unit.piece() == PieceKind::Vehicle && unit.at.is_some_and(|a| a != mine[0]) {
                return sees(&self.board, &self.occ_without(u), mine[0], theirs[0]);
            }
            return sees(&self.board, &self.occ, mine[0], theirs[0]);
        }
        sees_areas(&self.board, &self.occ, &mine, &theirs, &self.unit_squares(u))
    }

    /// The squares of `u` if it stands on `at`, else `at` alone.
    fn squares_at(&self, u: UnitId, at: Square) -> Vec<Square> {
        if self.unit(u).at == Some(at) {
            self.unit_squares(u)
        } else {
            vec![at]
        }
    }

    /// Cover of a target when one of the two models has several squares ("Cover Saves":
    /// "all points in the target unit's square", one of its squares seen whole).
    fn bf_area_cover(&self, attacker: UnitId, from: Square, target: UnitId, to: Square) -> bool {
        let a = self.squares_at(attacker, from);
        let b = self.squares_at(target, to);
        if let Some(v) = self.air_cover(attacker, &a, target, &b) {
            return v; // aircraft: the terrain around the unit on the ground
        }
        if a.len() == 1 && b.len() == 1 {
            return area_cover(&self.board, &self.occ, from, to);
        }
        footprint_cover(&self.board, &self.occ, &a, &b)
    }

    /// The range between two units, nearest squares.
    fn bf_unit_range(&self, a: UnitId, b: UnitId) -> Option<u32> {
        let (x, y) = (self.unit_squares(a), self.unit_squares(b));
        x.iter().flat_map(|&p| y.iter().map(move |&q| range(p, q))).min()
    }

    /// Whether a unit of several squares may stop where `pose` puts it (every square free for
    /// it); for tests and user interfaces.
    pub fn bf_pose_free(&self, u: UnitId, pose: Pose) -> bool {
        let occ = self.occ_without(u);
        let n = self.model_squares(u);
        let mover = Mover {
            kind: PieceKind::Vehicle,
            ..self.mover(u, Square::new(0, 0), 0, false)
        };
        pose.fully_on(&self.board, n)
            && pose
                .squares(&self.board, n)
                .iter()
                .all(|&s| can_arrive(&self.board, &occ, &mover, s))
    }
}

// ----- Scenarios: victory points, objectives, reserves -----------------------------------------

use crate::battlefront::{KillPoints, TakeWins};

impl Game {
    /// The scenario's rules ([`GameSetup::bf_rules`]).
    pub fn scenario_rules(&self) -> &ScenarioRules {
        &self.bf.rules
    }

    /// A unit was destroyed (its army points already counted for the other side): the
    /// scenario's own count of victory points, then "Reserves": "Each time a unit is eliminated,
    /// the owning player may elect to place it in reserve until they have placed the allowed
    /// number of units in reserve … Units placed in reserves are fresh units with no damage and
    /// all ammunition replenished. Heroes can never be placed in reserve. A player may elect to
    /// move a unit onto the board from reserve by activating it during any turn after the one
    /// it was eliminated in." The owner chooses ([`Decision::Reserve`]) while places are left;
    /// where the scenario places every eliminated unit in reserve ("All-Out Attack": "Players
    /// place all eliminated units in reserve") there is no choice (docs/rulings.md,
    /// "Battlefront reserves").
    pub(super) fn bf_destroyed(&mut self, id: UnitId, ap: u16) {
        let side = self.unit(id).side;
        // "Ending the Game": "total the army points of the units they eliminated from the enemy
        // army (counting reserves eliminated again as additional units eliminated)".
        self.bf.ap_destroyed[side.other()] += u32::from(ap);
        match self.bf.rules.kill_points {
            KillPoints::ArmyPoints => {}
            KillPoints::PerUnit => self.vp[side.other()] = self.vp[side.other()] - u32::from(ap) + 1,
            KillPoints::Nothing => self.vp[side.other()] -= u32::from(ap),
        }
        let hero = self.unit(id).card.kind == UnitKind::Hero;
        if self.bf.reserved[side] >= self.bf.rules.reserves || (hero && !self.bf.rules.reserve_heroes) {
            return;
        }
        if self.bf.rules.reserves == u8::MAX {
            self.bf_reserve(id, true);
        } else {
            self.stack.push(Step::Reserve { unit: id });
        }
    }

    /// The owner placed (or kept out) an eliminated unit in reserve.
    pub(super) fn bf_reserve(&mut self, id: UnitId, place: bool) {
        let side = self.unit(id).side;
        if !place || self.bf.reserved[side] >= self.bf.rules.reserves {
            return;
        }
        self.bf.reserved[side] = self.bf.reserved[side].saturating_add(1);
        // It returns at the end of the turn, so it may move on from the next turn.
        self.bf.to_reserve.push(id);
    }

    /// The units placed in reserve this turn return fresh, off the board.
    fn bf_return_reserves(&mut self) {
        for id in std::mem::take(&mut self.bf.to_reserve) {
            let old = &self.units[usize::from(id.0)];
            let mut fresh = Unit::new(old.card.clone(), old.side);
            fresh.times_destroyed = old.times_destroyed;
            fresh.bf.clone_from(&old.bf);
            fresh.facing = old.facing;
            self.units[usize::from(id.0)] = fresh;
            self.events.push(Event::Returned(id));
        }
    }

    /// Whether square `s` lies in the half of the table of `side`: nearer its entry squares than
    /// the opponent's.
    pub fn own_half(&self, side: Side, s: Square) -> bool {
        let near = |v: &[Square]| v.iter().map(|&e| range(e, s)).min().unwrap_or(u32::MAX);
        near(&self.entry[side]) < near(&self.entry[side.other()])
    }

    /// The side that holds (or takes) an objective on `at` at the end of a turn: "by having a
    /// unit (other than an Aircraft) on an objective square at the end of a turn on or after
    /// turn three, providing there are no enemy units within two squares". A large model holds
    /// it with any of its squares.
    pub fn bf_holder(&self, at: Square) -> Option<Side> {
        if self.round < 3 {
            return None;
        }
        let aircraft = |u: &Unit| {
            u.card.kind == UnitKind::Aircraft || matches!(u.bf.as_ref().and_then(|b| b.kind), Some(BattlefrontKind::LargeAircraft))
        };
        let on: Vec<Side> = (0..self.units.len())
            .map(|i| UnitId(i as u8))
            .filter(|&u| !aircraft(self.unit(u)) && self.unit_squares(u).contains(&at))
            .map(|u| self.unit(u).side)
            .collect();
        let side = *on.first()?;
        let enemy_near = (0..self.units.len())
            .map(|i| UnitId(i as u8))
            .any(|u| self.unit(u).side != side && self.unit_squares(u).iter().any(|&s| range(s, at) <= 2));
        (!enemy_near).then_some(side)
    }

    /// The end of a turn: objectives taken or held score or win, and a side that has reached
    /// the scenario's total of victory points wins ("Scenario 2" … "Scenario 5").
    pub(super) fn bf_end_of_turn(&mut self) {
        self.bf_return_reserves();
        let mut takes = BySide::<bool>::default();
        for i in 0..self.objectives.len() {
            let at = self.objectives[i].at;
            let Some(side) = self.bf_holder(at) else { continue };
            let own = self.own_half(side, at);
            let points = if own {
                self.bf.rules.hold_own_half
            } else {
                self.bf.rules.hold_opponent_half
            };
            if points > 0 {
                self.vp[side] += points;
                self.events.push(Event::ObjectiveHeld { at, side, points });
            }
            let wins = match self.bf.rules.take_wins {
                TakeWins::Never => false,
                TakeWins::Any => true,
                TakeWins::OpponentHalf => !own,
            };
            if wins {
                takes[side] = true;
                self.events.push(Event::ObjectiveHeld { at, side, points: 0 });
            }
        }
        let by_points = |s: Side| self.bf.rules.points_to_win.is_some_and(|n| self.vp[s] >= n);
        let reached = BySide {
            a: takes.a || by_points(Side::A),
            b: takes.b || by_points(Side::B),
        };
        self.bf.decided = match (reached.a, reached.b) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            // Both at once: the game goes on to its usual end unless it is over anyway
            // (docs/rulings.md, "Battlefront objectives").
            _ => None,
        };
    }
}

// ----- Piloting vehicles: mounting and dismounting ------------------------------------------------

impl Game {
    /// Whether `h` is a hero who may pilot a vehicle ("Piloting Vehicles": "A Hero with the Pilot
    /// skill … can pilot a Vehicle"; Vehicle Pilot alike).
    fn bf_is_pilot(&self, h: UnitId) -> bool {
        let unit = self.unit(h);
        unit.card.kind == UnitKind::Hero
            && unit
                .bf
                .as_ref()
                .is_some_and(|b| b.has(BattlefrontSkill::Pilot) || b.has(BattlefrontSkill::VehiclePilot))
    }

    /// The vehicle (or aircraft) the hero `h` pilots now, if any.
    pub fn bf_piloted(&self, h: UnitId) -> Option<UnitId> {
        let unit = self.unit(h);
        let v = unit.joined.filter(|_| unit.card.kind == UnitKind::Hero)?;
        matches!(self.unit(v).card.kind, UnitKind::Vehicle | UnitKind::Aircraft).then_some(v)
    }

    /// The mounted heroes of `side` who may activate on their own to dismount ("The Hero can
    /// dismount before the Vehicle activates by performing a Move or March Move action to move
    /// out of the Vehicle's square then continue their activation as normal"): neither he nor
    /// his vehicle has activated this turn, and he has a square to step to out of its squares.
    pub(super) fn bf_dismountable(&self, side: Side) -> Vec<UnitId> {
        (0..self.units.len())
            .map(|i| UnitId(i as u8))
            .filter(|&h| {
                let hero = self.unit(h);
                let Some(v) = self.bf_piloted(h) else { return false };
                let vehicle = self.unit(v);
                hero.side == side
                    && !hero.destroyed
                    && !vehicle.destroyed
                    && !hero.activated
                    && !vehicle.activated
                    && self.bf_has_way_out(h, v)
            })
            .collect()
    }

    /// Whether the mounted hero `h` could end a Move on a square out of vehicle `v`'s squares
    /// (his own movement, as he will move alone).
    fn bf_has_way_out(&self, h: UnitId, v: UnitId) -> bool {
        let hero = self.unit(h);
        let Some(at) = hero.at else { return false };
        let mover = Mover {
            at,
            kind: PieceKind::Hero,
            side: hero.side,
            movement: hero.card.movement.max(1),
            actions: 1,
            agile: false,
            fast: false,
            jump: false,
        };
        let held = self.unit_squares(v);
        crate::reach::reach_squares_in(&self.board, &self.occ, &mover, false, self.move_rules(h, &[]))
            .into_iter()
            .any(|s| !held.contains(&s))
    }

    /// Unit `u` is chosen to activate: a pilot dismounts; a joined hero activating on his own,
    /// or a squad whose hero has already activated, is apart for this activation ("Joining
    /// Infantry Squads").
    pub(super) fn bf_unit_chosen(&mut self, d: &mut Decl, u: UnitId) {
        if self.bf_piloted(u).is_some() {
            self.bf_dismount(d, u);
        } else if self.unit(u).is_joined_hero() || self.bf_hero_done(u) {
            self.bf_activate_apart(u);
        }
    }

    /// The pilot `h` activates on his own: he leaves the vehicle now (his first action is a
    /// Move out of its squares). A vehicle of one square left without its pilot takes no action
    /// until a pilot mounts it again; a large or huge one goes on.
    pub(super) fn bf_dismount(&mut self, d: &mut Decl, h: UnitId) {
        let Some(v) = self.bf_piloted(h) else { return };
        self.units[usize::from(h.0)].joined = None;
        self.units[usize::from(v.0)].joined = None;
        if self.model_squares(v) < 2 {
            self.units[usize::from(v.0)].bf_left = true;
        }
        d.bf_dismount = Some(v);
        self.events.push(Event::Dismounted(h, v));
    }

    /// The plans of a dismounting pilot: "performing a Move or March Move action to move out of
    /// the Vehicle's square" first.
    pub(super) fn bf_dismount_plan(d: &Decl, p: Plan) -> bool {
        d.bf_dismount.is_none() || matches!(p, Plan::Two(Action::Move, _))
    }

    /// The squares a move leg of `d` may not end on: a dismounting pilot moves out of his
    /// vehicle's squares and does not end a Move there again in this activation ("A Hero cannot
    /// mount and dismount a Vehicle in the same activation").
    pub(super) fn bf_dismount_filter(&self, d: &Decl, v: &mut Vec<Square>) {
        if let Some(vehicle) = d.bf_dismount {
            let held = self.unit_squares(vehicle);
            v.retain(|s| !held.contains(s));
        }
    }

    /// The activation of `h` ends: a hero with Pilot or Vehicle Pilot who moved in it and stands
    /// on a square of a vehicle (or aircraft) of his side with no pilot mounts it ("To mount a
    /// Vehicle, a unit must move into the Vehicle's square … Only one Hero may pilot a Vehicle at
    /// a time"), placed with it (on its front square); a vehicle left by its pilot may act again.
    /// An Attack after that Move was still his own (docs/rulings.md, "Battlefront mounting and
    /// dismounting").
    pub(super) fn bf_mount(&mut self, h: UnitId) {
        let hero = self.unit(h);
        if !self.bf_is_pilot(h) || hero.joined.is_some() || hero.destroyed || !hero.moved {
            return;
        }
        let Some(to) = hero.at else { return };
        let side = self.unit(h).side;
        let name = &self.unit(h).card.name;
        let Some(v) = (0..self.units.len()).map(|i| UnitId(i as u8)).find(|&v| {
            let x = self.unit(v);
            v != h
                && x.side == side
                && x.joined.is_none()
                && matches!(x.card.kind, UnitKind::Vehicle | UnitKind::Aircraft)
                // "Pilot: Hero": "Only the named Hero can pilot a Vehicle with the Pilot: Hero
                // attribute."
                && x.bf.as_ref().is_none_or(|b| b.pilot_allowed(name))
                && self.unit_squares(v).contains(&to)
        }) else {
            return;
        };
        let at = self.unit(v).at;
        self.units[usize::from(h.0)].joined = Some(v);
        self.units[usize::from(h.0)].at = at;
        self.units[usize::from(v.0)].joined = Some(h);
        self.units[usize::from(v.0)].bf_left = false;
        self.rebuild_cells();
        self.events.push(Event::Mounted(h, v));
    }
}

// ----- Joining infantry squads during the game ------------------------------------------------------

impl Game {
    /// Whether hero `h` can join squad `s` ("Joining Infantry Squads": "A Hero can join an
    /// Infantry Squad or Support Weapon that has the same Armour rating by being in the same
    /// square as that unit … Only one Hero can join an Infantry unit at a time"), with the
    /// gates the set-up checks for a hero joining before the game (`Game::new`).
    fn bf_can_join(&self, h: UnitId, s: UnitId) -> bool {
        let (hero, squad) = (self.unit(h), self.unit(s));
        hero.card.kind == UnitKind::Hero
            && squad.card.kind == UnitKind::Squad
            && hero.side == squad.side
            && !hero.destroyed
            && !squad.destroyed
            && squad.joined.is_none()
            && hero.card.armor == squad.card.armor
            && hero.card.has(Skill::BlutkreuzApe) == squad.card.has(Skill::BlutkreuzApe)
            && hero.card.has(Skill::BlutkreuzZombie) == squad.card.has(Skill::BlutkreuzZombie)
            && (!squad.card.has(Skill::CommandSquad) || hero.card.has(Skill::Commander))
    }

    /// The activation of `u` starts apart from the unit it is joined to ("Alternatively, the
    /// Hero may activate separately"): a joined hero activating on his own, or a squad whose
    /// hero does not activate with it (declined, or already activated this turn). The pair is
    /// unlinked until the activation ends ([`Game::bf_rejoin`]), so each acts as a unit of its
    /// own: its own moves, weapons, skills and activation.
    pub(super) fn bf_activate_apart(&mut self, u: UnitId) {
        let unit = self.unit(u);
        let Some(j) = unit.joined else { return };
        let (h, s) = match unit.card.kind {
            UnitKind::Hero => (u, j),
            UnitKind::Squad => (j, u),
            _ => return, // a vehicle and its pilot ("Piloting Vehicles")
        };
        if self.unit(s).card.kind != UnitKind::Squad {
            return;
        }
        self.units[usize::from(h.0)].joined = None;
        self.units[usize::from(s.0)].joined = None;
        self.bf.apart.push((h, s));
    }

    /// Whether the joined hero `u` may activate on his own: in the battlefront edition a hero
    /// joined to a squad ("Alternatively, the Hero may activate separately"), not a pilot.
    pub(super) fn bf_may_act_alone(&self, u: &Unit) -> bool {
        u.joined.is_some_and(|s| self.unit(s).card.kind == UnitKind::Squad)
    }

    /// Whether squad `u` activates apart from its joined hero without being asked: he has
    /// already activated this turn.
    pub(super) fn bf_hero_done(&self, u: UnitId) -> bool {
        let unit = self.unit(u);
        unit.card.kind == UnitKind::Squad && unit.joined.is_some_and(|h| self.unit(h).activated && !self.unit(h).destroyed)
    }

    /// An activation ended: every hero in the same square as a friendly squad he can join is
    /// joined to it ("A Hero can join an Infantry Squad or Support Weapon that has the same
    /// Armour rating by being in the same square as that unit"; "If a Hero is in the same square
    /// as a unit that they can join, they are treated as one unit if either of them are targeted
    /// by an attack"), whether he moved there, the squad moved to him, or they activated apart
    /// and stayed together. A pair that activated apart and parted stays apart.
    pub(super) fn bf_rejoin(&mut self) {
        let apart = std::mem::take(&mut self.bf.apart);
        for h in 0..self.units.len() {
            let h = UnitId(h as u8);
            let hero = self.unit(h);
            if hero.card.kind != UnitKind::Hero || hero.destroyed || hero.joined.is_some() {
                continue;
            }
            let Some(at) = hero.at else { continue };
            let squad = (0..self.units.len())
                .map(|i| UnitId(i as u8))
                .find(|&s| self.unit(s).at == Some(at) && self.bf_can_join(h, s));
            if let Some(s) = squad {
                self.units[usize::from(h.0)].joined = Some(s);
                self.units[usize::from(s.0)].joined = Some(h);
                if !apart.contains(&(h, s)) {
                    self.events.push(Event::Joined(h, s));
                }
            }
        }
    }
}

// ----- Ending the game ------------------------------------------------------------------------------

impl Game {
    /// The army points of the enemy units each side has eliminated so far, every elimination
    /// of a unit back from reserve counted again ("Ending the Game").
    pub fn bf_army_points_destroyed(&self) -> BySide<u32> {
        self.bf.ap_destroyed
    }

    /// Battlefront: a side none of whose units is on the board ("The game ends at the end of a
    /// turn when: All of one player's units on the board are eliminated"): units in reserve,
    /// eliminated and not yet back on the table, do not keep it in the game, while a unit that
    /// has yet to move on for the first time does (it was never on the board to be eliminated;
    /// docs/rulings.md, "Battlefront end of the game with units in reserve").
    pub(super) fn bf_side_wiped(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| !self.bf_in_game(s))
    }

    /// Whether a side has a unit on the board, or one that has yet to enter the table.
    fn bf_in_game(&self, s: Side) -> bool {
        self.units
            .iter()
            .any(|u| u.side == s && !u.destroyed && (u.at.is_some() || u.times_destroyed == 0))
    }

    /// Whether neither side has a unit on the board (nor one yet to enter).
    pub(super) fn bf_side_wiped_both(&self) -> bool {
        !self.bf_in_game(Side::A) && !self.bf_in_game(Side::B)
    }

    /// The winner at the end of a battlefront game that no objective or victory-point total
    /// decided during it and in which neither side was wiped off the board ("Ending the Game":
    /// "If neither side achieved victory by eliminating the enemy or taking the objective, both
    /// sides total the army points of the units they eliminated from the enemy army … and the
    /// player who destroyed the most army points wins"); in All-Out Attack the most victory
    /// points, army points breaking a tie (docs/rulings.md, "Battlefront objectives").
    pub(super) fn bf_final_winner(&self) -> Option<Side> {
        let most = |v: BySide<u32>| match v.a.cmp(&v.b) {
            core::cmp::Ordering::Greater => Some(Side::A),
            core::cmp::Ordering::Less => Some(Side::B),
            core::cmp::Ordering::Equal => None,
        };
        if self.bf.rules.most_points_wins {
            if let Some(w) = most(self.vp) {
                return Some(w);
            }
        }
        most(self.bf.ap_destroyed)
    }
}
