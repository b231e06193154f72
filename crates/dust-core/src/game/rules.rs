//! The rules where the editions differ, behind one interface (issue 24, "Shared, not copied";
//! `../shared/STYLE.md`, "Variants as types"). The flow of a round, the decisions and the events
//! are shared; each edition is a type that answers the questions where its book differs from
//! the other, and [`Game::rules`] picks the game's ([`rules_of`] before the game exists). A
//! rule written once in the shared code serves every edition; a rule one book changes is a
//! method of [`EditionRules`], with each edition's answer in its own `impl`, so one edition's
//! rules read in one place: [`RevisedRules`] here, [`BattlefrontRules`] here with its longer
//! bodies in `game/battlefront.rs` (as `Game::bf_*`, reached only through this trait).
//!
//! The trait is in sections, and each `impl` follows them: setting up (cards, pilots, joins,
//! the edition's part of the state hash), dice and initiative, turns and activations (passing,
//! heroes acting alone, plans, reaction windows, what ends an activation and a turn), skills
//! (who shares what with whom, once-per-game skills), movement (entry, joined rates, Fast,
//! Scout Vehicle, March Move, aircraft, large models' squares and facing), declaring an attack
//! (range, line of sight, field of fire, which lines and numbers may aim), resolving it (fire
//! order, firers, damage per hit, saves, Damage Resilient, flames), destruction and the end of
//! the game (pilots escaping, a side wiped out, the winner).
//!
//! A method with a body in the trait is a hook or a rule that only some book has ("nothing
//! happens", "no pilots", "one square"): an edition whose book says more overrides it. Every
//! other method has no default, so a new edition answers it.
//!
//! Nothing in `game/` compares the edition any more: `tests/edition_interface.rs` fails on an
//! `edition ==`, `match self.edition` or `bf_dice.is_some()` outside this file. The battlefront
//! edition's own state lives in `battlefront::BattlefrontState` (`Game.bf`). Still outside the
//! trait: the square geometry's `reach::MoveRules` carries the edition into the movement search
//! (`crate::reach`), `range::WeaponRange::reaches_in` takes it for Range A, and the
//! battlefront-only fields of [`Unit`] (`bf`, `facing`, `bf_used`, `bf_left`) stay where the
//! other crates read them.
//!
//! Speed: [`Game::rules`] returns [`Rules`], an enum over the editions' types that implements
//! the trait by a `match` (static dispatch, as `STYLE.md`'s `VariantPosition`): the compiler
//! inlines each edition's answer, so a question whose answer is a constant in the game's edition
//! costs a well-predicted branch, not a call. (Through a `&'static dyn EditionRules` the random
//! playouts ran 1-2 % slower than with the old `if edition ==`; with the enum they run faster.)
//! The aim search, which asks several questions for every target, is compiled once for each
//! edition ([`EditionRules::each_aim`] calls the generic [`Game::each_aim_by`]); a model's
//! number of squares is set up once (`Unit.squares`).
//!
//! A third edition (Battlefield, a measured table) implements the trait as its own type: the
//! trait, the two editions' types and the state types its methods take (`Decl`, `Aim`,
//! `FireJob`) are visible to the whole crate, so a module outside `game/` can. Where its book
//! is the battlefront edition's, its methods call [`BattlefrontRules`]'s; [`Rules`] and
//! [`rules_of`] then get its arm.

use super::declare::SightMemo;
use super::*;

/// The answers of one edition where the books differ.
pub(crate) trait EditionRules: Sync {
    // ----- setting up ------------------------------------------------------------------

    /// Sets up the units of `setup` (`units`, one per [`GameSetup::units`]) as the edition's
    /// cards say, before any joins.
    fn setup_units(&self, _units: &mut [Unit], _setup: &GameSetup) {}

    /// Why unit `u` of `setup` may not begin joined to (piloting) unit `j`, if the edition
    /// forbids it.
    fn pilot_refused(&self, _setup: &GameSetup, _u: &UnitSetup, _j: usize) -> Option<String> {
        None
    }

    /// Whether unit `u` of `setup` begins the game piloting unit `j`.
    fn begins_piloting(&self, _setup: &GameSetup, _u: &UnitSetup, _j: usize) -> bool {
        false
    }

    /// Whether a hero and a squad may join only when both have skill `gate` or neither does
    /// (Blutkreuz Ape, Blutkreuz Zombie, Jump).
    fn joining_needs_both(&self, gate: Skill) -> bool;

    /// What follows the placing of the units, before the first round.
    fn game_begins(&self, _g: &mut Game) {}

    /// Adds the edition's own state to the state hash ([`Game::state_hash`]).
    fn hash_state(&self, _g: &Game, _h: &mut Fnv) {}

    // ----- dice and initiative ---------------------------------------------------------

    /// The initiative roll of `n` dice.
    fn initiative_roll(&self, g: &Game, n: u16) -> Roll;

    /// Whether `side` rolls a fourth initiative die for Black Ops.
    fn black_ops(&self, g: &Game, side: Side) -> bool;

    /// Whether tied initiative rolls are settled by the target symbols (else rerolled).
    fn initiative_ties_on_targets(&self, g: &Game) -> bool;

    /// The roll of `reactor` attempting to react.
    fn reaction_roll(&self, g: &Game, reactor: UnitId) -> Roll;

    /// What fire job `job` waits for (its next roll, a choice, nothing).
    fn fire_need(&self, g: &Game, job: &FireJob) -> Need;

    // ----- turns and activations -------------------------------------------------------

    /// Whether `side` may pass instead of activating a unit.
    fn may_pass(&self, g: &Game, side: Side) -> bool;

    /// The mounted heroes of `side` who may activate on their own to dismount.
    fn dismountable(&self, _g: &Game, _side: Side) -> Vec<UnitId> {
        Vec::new()
    }

    /// Whether the joined hero `u` may activate on his own.
    fn may_act_alone(&self, _g: &Game, _u: &Unit) -> bool {
        false
    }

    /// What follows the choice of unit `u` to activate in declaration `d`.
    fn unit_chosen(&self, _g: &mut Game, _d: &mut Decl, _u: UnitId) {}

    /// Whether [`EditionRules::unit_chosen`] may change the game beyond the declaration (then
    /// [`Game::declare_in`] cannot tell what follows the choice of a unit).
    fn unit_chosen_changes_game(&self) -> bool;

    /// The squad `u` activates without its joined hero ([`Optional::Separate`]).
    fn separate(&self, g: &mut Game, u: UnitId);

    /// Whether unit `u`, activating, rolls its pilot's Ace Pilot die.
    fn ace_pilot(&self, _g: &Game, _u: UnitId) -> bool {
        false
    }

    /// The plans unit `u` may declare now ("List of Actions", "Activating a Unit").
    fn plans(&self, g: &Game, u: UnitId) -> Vec<Plan>;

    /// Whether plan `p` of unit `u` is declared one part at a time.
    fn declares_part_by_part(&self, g: &Game, u: UnitId, p: Plan) -> bool;

    /// Where the other side may react during an activation of two actions `a`, `b` (`fast`:
    /// the unit has Fast): after the first action, after the second.
    fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool);

    /// What follows the choice of unit `u` to react.
    fn reactor_chosen(&self, _g: &mut Game, _u: UnitId) {}

    /// The reaction roll of `reactor` against `trigger` gave `k` successes.
    fn reaction_rolled(&self, g: &mut Game, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16);

    /// What happens when an activation of unit `u` ends, before the other side goes on.
    fn activation_ended(&self, _g: &mut Game, _u: UnitId) {}

    /// What happens at the end of a turn (round), before the game checks whether it is over.
    fn turn_ended(&self, _g: &mut Game) {}

    // ----- skills ----------------------------------------------------------------------

    /// Whether the unit (with its joined hero or squad) has a skill, as the edition's sharing
    /// rules between a hero and the unit he joined say.
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool;

    /// Whether a joined hero's skill `s` is shared with his squad.
    fn hero_shares(&self, s: Skill) -> bool;

    /// The once-per-game skill `s` is spent as unit `u` activates with it.
    fn spend_once(&self, g: &mut Game, u: UnitId, s: Skill);

    /// Whether Fighting Spirit may be declared for plan `plan` of unit `u`.
    fn spirit_available(&self, _g: &Game, _u: UnitId, _plan: Plan) -> bool {
        false
    }

    /// Whether All In One may be declared for this attack of `u` with `aims` (once per game,
    /// for the unit whose card has it).
    fn all_in_one_available(&self, g: &Game, u: UnitId, aims: &[Aim]) -> bool;

    /// Whether All In One, declared for an attack of `attacker`, doubles the dice of weapon
    /// line `line`.
    fn all_in_one_doubles(&self, g: &Game, attacker: UnitId, line: u8) -> bool;

    /// Whether Heroic Attack may be declared in a reaction.
    fn heroic_attack_in_reactions(&self) -> bool;

    // ----- movement --------------------------------------------------------------------

    /// Whether some models hold several squares (large and huge models).
    fn models_hold_several_squares(&self) -> bool {
        false
    }

    /// The squares unit `u` moves on from when they are not its side's entry squares (a unit
    /// back from reserve).
    fn reserve_entry(&self, _g: &Game, _u: UnitId) -> Option<Vec<Square>> {
        None
    }

    /// Whether a unit enters the board by a move of one space, whatever its rating.
    fn entry_is_one_space(&self) -> bool;

    /// The movement rate of a unit of kind `kind` and rate `m` joined with a unit of rate
    /// `other` (a hero and his squad, a pilot and his vehicle).
    fn joined_move_rate(&self, kind: UnitKind, m: u8, other: u8) -> u8;

    /// Whether a plan of two Moves is one March Move of twice the rating.
    fn march_move(&self) -> bool;

    /// Whether plans `a` and `b`, declared by the same unit in the same position, offer the
    /// same choices up to and including the squares of their first Move leg ([`Game::same_first_leg`]).
    fn same_first_leg(&self, a: Plan, b: Plan) -> bool {
        a == b
    }

    /// Whether Fast's extra space may serve the second of two moves when the first did not
    /// use it (else only the first).
    fn fast_on_either_move(&self) -> bool;

    /// Whether Scout Vehicle adds its two spaces to every Move of the first round (else two
    /// extra spaces once in the round, [`Game::scout_extra`]).
    fn scout_vehicle_every_move(&self) -> bool;

    /// Whether aircraft fly over the board (else they move as vehicles).
    fn aircraft_fly(&self) -> bool {
        false
    }

    /// The squares of the enemy aircraft unit `u` may pass under.
    fn passes_under(&self, _g: &Game, _u: UnitId) -> Vec<Square> {
        Vec::new()
    }

    /// Removes from `v`, the squares where the next Move of `d` may end by the shared movement
    /// rules, those the edition forbids.
    fn filter_move_options(&self, _g: &Game, _d: &Decl, _v: &mut Vec<Square>) {}

    /// The `move` decisions of the square behind a large model's front square, when one is due.
    fn rear_options(&self, _g: &Game, _d: &Decl) -> Option<Vec<Decision>> {
        None
    }

    /// Fills in the rear square of a large model when there is one choice; `Some(changed)`
    /// when a rear square is due.
    fn rear_autofill(&self, _g: &Game, _d: &mut Decl) -> Option<bool> {
        None
    }

    /// Takes a `move` decision that names the rear square of a large model's leg; false when
    /// it is a front square (or the unit has one square).
    fn take_rear(&self, _g: &Game, _d: &mut Decl, _s: Square) -> bool {
        false
    }

    /// Whether the declaration waits for the facing at the end of its last Move.
    fn face_due(&self, _g: &Game, _d: &Decl) -> bool {
        false
    }

    /// The square where the next move leg of `d` starts, when a Move that only turns the unit
    /// is offered there.
    fn turn_in_place(&self, _g: &Game, _d: &Decl) -> Option<Square> {
        None
    }

    /// What follows a unit's Move from `from` (`None`: it entered the board) to `to`.
    fn unit_moved(&self, _g: &mut Game, _u: UnitId, _from: Option<Square>, _to: Square) {}

    // ----- declaring an attack ---------------------------------------------------------

    /// Hands every aim of weapon line `line` in declaration `d` to `f` ([`Game::each_aim_by`],
    /// the shared rule, compiled for each edition).
    fn each_aim(&self, g: &Game, d: &Decl, line: u8, observer_at: Option<Square>, memo: &mut SightMemo, f: &mut dyn FnMut(Aim) -> bool) {
        g.each_aim_by(self, d, line, observer_at, memo, f);
    }

    /// Whether weapon range `r` reaches `d` squares.
    fn reaches(&self, r: WeaponRange, d: u32) -> bool;

    /// Whether a unit (of kind `attacker`) in `from` sees a unit (of kind `target`) in `to`.
    fn sees_target(&self, g: &Game, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool;

    /// Whether line `line` (weapon `w`) of the declaration may aim at unit `t` by a direct
    /// shot: range, line of sight (`memo` keeps the lines of sight traced), field of fire.
    fn may_aim_at(&self, g: &Game, d: &Decl, line: (u8, &WeaponLine), t: UnitId, shot: &Shot, memo: &mut SightMemo) -> bool;

    /// Whether weapons aim at cover elements ("Attacking Cover Elements").
    fn attacks_cover_elements(&self) -> bool;

    /// The limited-ammo weapons of line `li` of `owner` that may fire in one attack, when the
    /// edition counts them apart from the ammo left.
    fn ammo_weapons(&self, g: &Game, owner: UnitId, li: usize, w: &WeaponLine) -> Option<u8>;

    /// The numbers line `line` of declaration `d` may be aimed with (soldiers or crew weapons
    /// firing), `None` where the shared rule decides (the ammo spent, up to `max_ammo`).
    fn aim_counts(&self, _g: &Game, _d: &Decl, _line: u8, _max_ammo: u8) -> Option<Counts> {
        None
    }

    /// Whether line `line` (line `li` of `owner`) may not be aimed in declaration `d` because
    /// of the lines aimed before it.
    fn line_refused(&self, g: &Game, d: &Decl, owner: UnitId, li: usize, line: u8) -> bool;

    /// Whether line `li` of `owner` is not offered against unit `t` (it could do nothing a
    /// better line does not).
    fn needless_line(&self, g: &Game, owner: UnitId, li: usize, t: UnitId) -> bool;

    /// The target line `line` must take in declaration `d` (an under-barrel weapon follows its
    /// main weapon), if any.
    fn under_barrel_target(&self, _g: &Game, _d: &Decl, _line: u8) -> Option<Target> {
        None
    }

    /// The crew weapons of a vehicle that line `li` of `owner` shares out, `None` for other
    /// lines.
    fn crew_weapons(&self, _g: &Game, _owner: UnitId, _li: usize) -> Option<u32> {
        None
    }

    /// Whether the player orders the ranged lines aimed ([`Decision::Fire`]).
    fn player_orders_lines(&self) -> bool;

    /// Whether a reaction fires every weapon line that can aim at the trigger.
    fn reaction_fires_every_line(&self) -> bool;

    /// Whether a reaction may use weapon `w`.
    fn reaction_may_use(&self, w: &WeaponLine) -> bool;

    /// The units that may react to `trigger`.
    fn reactors(&self, g: &Game, trigger: UnitId) -> Vec<UnitId>;

    /// Whether plan `plan` moves as well as attacks, so that set-up weapons fire at half dice.
    fn set_up_weapons_move(&self, plan: Plan) -> bool;

    // ----- resolving an attack ---------------------------------------------------------

    /// What happens as an attack of unit `u` with `aims` begins (`spirit`: Fighting Spirit
    /// declared with it).
    fn attack_begins(&self, _g: &mut Game, _u: UnitId, _aims: &[Aim], _spirit: bool) {}

    /// Whether an attack fires at every unit before any cover element (else a cover element
    /// only after a unit standing in its space, the player's order deciding the rest).
    fn fires_at_units_first(&self) -> bool;

    /// The soldiers (or crew weapons) firing each of the lines `aims` of unit `u` in this
    /// attack, for the lines where a number fires (`close`: the close-combat lines); empty
    /// where every carrier fires every line.
    fn firers(&self, g: &Game, u: UnitId, aims: &[Aim], close: bool) -> Vec<(u8, u32)>;

    /// The other line of the weapon of line `line` of unit `u`, for a weapon with two modes.
    fn mode_partner(&self, g: &Game, u: UnitId, line: u8) -> Option<u8>;

    /// The ammo boxes a limited-ammo line spends when it fires with the number `aim.ammo`.
    fn ammo_spent(&self, _w: &WeaponLine, aim: &Aim) -> u8 {
        aim.ammo
    }

    /// Whether a reloadable weapon is empty once fired (until a Reload action).
    fn fired_weapons_unload(&self) -> bool;

    /// The points one hit of line `li` of `owner` marks off `target`, the weapon's rating
    /// against it being `damage`.
    fn damage_per_hit(&self, g: &Game, owner: UnitId, li: usize, target: Target, damage: u8) -> u8;

    /// Whether a squad in cover rolls the cover save its card gives ("Cover Saves").
    fn cover_saves(&self) -> bool;

    /// The save unit `t` rolls against weapon `w` of `attacker` in `from` (`close`: in close
    /// combat), and whether it is a cover save, if the edition's saves give one.
    fn unit_save(&self, _g: &Game, _attacker: UnitId, _w: &WeaponLine, _t: UnitId, _from: Square, _close: bool) -> Option<(Symbols, bool)> {
        None
    }

    /// The saves are done and `job.damage` counted: a Damage Resilient rolled hit by hit sets
    /// the job up for it.
    fn resilient_start(&self, g: &Game, job: &mut FireJob);

    /// The points of a squad one Damage Resilient die cancels, for the hits of `job`.
    fn squad_hit_points(&self, g: &Game, job: &FireJob) -> u16;

    /// Whether Damage Resilient on hits on unit `t` waits for the casualties instead of being
    /// rolled with the attack.
    fn resilient_per_casualty(&self, g: &Game, t: UnitId) -> bool;

    /// The hits of `job` that heal a Wiederbelebungsserum hero.
    fn serum_hits(&self, job: &FireJob) -> u16;

    /// The squares flames run between when unit `t` (in `to`) is attacked from `from`: the
    /// attacker's, the target's.
    fn flame_ends(&self, g: &Game, d: &Decl, from: Square, t: UnitId, to: Square) -> (Vec<Square>, Vec<Square>);

    /// Whether the flames of a unit of kind `attacker` in `from` (its model on `mine`) may
    /// cross square `s`.
    fn flames_may_cross(&self, g: &Game, from: Square, attacker: PieceKind, mine: &[Square], s: Square) -> bool;

    /// The points a hero joined to the squad `t` loses for each hit he is chosen to take from
    /// weapon line `line` of `attacker`.
    fn hero_points_per_hit(&self, _g: &Game, _attacker: UnitId, _line: u8, _t: UnitId) -> u8 {
        1
    }

    // ----- destruction and the end of the game -----------------------------------------

    /// The squares a pilot of unit `id`, about to be destroyed, may escape to.
    fn pilot_escape_squares(&self, g: &Game, id: UnitId) -> Vec<Square>;

    /// Whether a joined hero carries on with the activation of the squad destroyed under him.
    fn hero_carries_on(&self) -> bool;

    /// What follows the destruction of unit `id` (worth `ap`), its pilot `pilot` escaping to
    /// one of `held`.
    fn unit_destroyed(&self, _g: &mut Game, _id: UnitId, _ap: u16, _pilot: Option<UnitId>, _held: Vec<Square>) {}

    /// A side with no unit left, if any ("End of the Game").
    fn side_wiped(&self, g: &Game) -> Option<Side>;

    /// A winner the scenario decided at the end of a turn (the game ends then), if any.
    fn decided(&self, _g: &Game) -> Option<Side> {
        None
    }

    /// The winner at the end of the game when no scenario objective decided it: `wiped`, a
    /// side with no unit left, if any ("End of the Game", "Ending the Game").
    fn winner(&self, g: &Game, wiped: Option<Side>) -> Option<Side>;
}

/// The revised edition (tactics-revised-core-rules.md with tactics-revised-faq.md).
#[derive(Copy, Clone, Debug)]
pub(crate) struct RevisedRules;

/// The battlefront edition (tactics-battlefront-2013-rules.txt); its rules' bodies are in
/// `game/battlefront.rs`.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BattlefrontRules;

impl EditionRules for RevisedRules {
    /// Nothing follows the choice of a unit but its declaration.
    fn unit_chosen_changes_game(&self) -> bool {
        false
    }

    // ----- setting up ------------------------------------------------------------------

    /// "Heroes": only units with Blutkreuz Ape (Zombie, Jump) join each other.
    fn joining_needs_both(&self, _gate: Skill) -> bool {
        true
    }

    // ----- dice and initiative ---------------------------------------------------------

    /// "Initiative Roll": the hits of the revised dice.
    fn initiative_roll(&self, g: &Game, n: u16) -> Roll {
        Roll::new(g.die, n, Face::Hit)
    }

    /// "Black Ops" ([`Game::black_ops`]).
    fn black_ops(&self, g: &Game, side: Side) -> bool {
        g.black_ops(side)
    }

    /// "Initiative Roll": "In case of a tie, reroll all dice."
    fn initiative_ties_on_targets(&self, _g: &Game) -> bool {
        false
    }

    /// "Reactive Fire" ([`Game::revised_reaction_roll`]).
    fn reaction_roll(&self, g: &Game, reactor: UnitId) -> Roll {
        g.revised_reaction_roll(reactor)
    }

    /// [`Game::revised_fire_need`].
    fn fire_need(&self, g: &Game, job: &FireJob) -> Need {
        g.revised_fire_need(job)
    }

    // ----- turns and activations -------------------------------------------------------

    /// "From then on, the hero operates alone as a separate unit." The squad activates now; the
    /// hero is a unit of his own, not yet activated this round (docs/rulings.md, "Heroes:
    /// damage left over, separation").
    fn separate(&self, g: &mut Game, u: UnitId) {
        if let Some(j) = g.unit(u).joined {
            g.units[usize::from(u.0)].joined = None;
            g.units[usize::from(j.0)].joined = None;
            g.events.push(Event::Separated(j));
        }
    }

    /// No passing: "Players alternate activating units until all the units on both sides are
    /// activated" ("Initiative Roll").
    fn may_pass(&self, _g: &Game, _side: Side) -> bool {
        false
    }

    fn plans(&self, g: &Game, u: UnitId) -> Vec<Plan> {
        use Action::*;
        let unit = g.unit(u);
        if unit.at.is_none() {
            // "Each unit's first action is always a one space move."
            return vec![Plan::Two(Move, Move), Plan::Two(Move, Attack), Plan::Two(Move, Nothing)];
        }
        let mut v = vec![
            Plan::Two(Move, Move),
            Plan::Two(Move, Attack),
            Plan::Two(Move, Nothing),
            Plan::Two(Nothing, Nothing),
        ];
        let can_attack_now = g.can_attack_now(u);
        if can_attack_now {
            v.extend([Plan::Two(Attack, Move), Plan::Two(Attack, Nothing), Plan::Sustained]);
        }
        let unloaded = unit
            .card
            .weapons
            .iter()
            .enumerate()
            .any(|(i, w)| reloadable(w) && unit.loaded & (1 << i) == 0);
        if unloaded {
            v.extend([
                Plan::Two(Reload, Nothing),
                Plan::Two(Move, Reload),
                Plan::Two(Reload, Move),
                Plan::Two(Reload, Attack),
            ]);
            if can_attack_now {
                v.push(Plan::Two(Attack, Reload));
            }
        }
        if g.has_skill(u, crate::unit::Skill::Charge) {
            v.push(Plan::Charge);
        }
        let abilities = g.abilities(u);
        if !abilities.is_empty() {
            // A SKILL action (Artillery Strike, Tank Head, Command Squad abilities).
            v.extend([Plan::Two(Skill, Nothing), Plan::Two(Move, Skill), Plan::Two(Skill, Move)]);
            if can_attack_now {
                v.extend([Plan::Two(Skill, Attack), Plan::Two(Attack, Skill)]);
            }
            if unloaded {
                // Reloading is a SKILL action too ("Reload (SKILL)").
                v.extend([Plan::Two(Skill, Reload), Plan::Two(Reload, Skill)]);
            }
            // Two SKILL actions: two different abilities, at most one of them a Command Squad
            // ability (one attempt a round) — "the only combination of actions that a player
            // cannot perform is ATTACK + ATTACK" (docs/rulings.md, "Two SKILL actions").
            if abilities.iter().filter(|a| !g.is_command_ability(u, **a)).count() >= 1 && abilities.len() >= 2 {
                v.push(super::declare::SKILL_SKILL);
            }
        }
        let unloaded_lines = unit
            .card
            .weapons
            .iter()
            .enumerate()
            .filter(|&(i, w)| reloadable(w) && unit.loaded & (1 << i) == 0)
            .count();
        if unloaded_lines >= 2 {
            v.push(Plan::Two(Reload, Reload));
        }
        v
    }

    /// A plan is declared whole ("Activating a Unit").
    fn declares_part_by_part(&self, _g: &Game, _u: UnitId, _p: Plan) -> bool {
        false
    }

    /// "Possible Situations for Reactive Fire" (docs/rulings.md, "Reactive fire after other
    /// sequences", for the rest).
    fn reaction_windows(&self, a: Action, b: Action, fast: bool) -> (bool, bool) {
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

    /// [`Game::revised_reaction_rolled`].
    fn reaction_rolled(&self, g: &mut Game, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16) {
        g.revised_reaction_rolled(reactor, trigger, roll, k);
    }

    // ----- skills ----------------------------------------------------------------------

    /// Revised "Heroes" ("Some hero skills are shared with the squad … All squad skills are
    /// shared with the hero", [`Skill::hero_shares`]).
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool {
        let unit = g.unit(u);
        if unit.card.has(s) {
            return true;
        }
        match unit.joined {
            Some(j) if !g.unit(j).destroyed => {
                let other = g.unit(j);
                other.card.has(s) && (other.card.kind == UnitKind::Squad || s.hero_shares())
            }
            _ => false,
        }
    }

    /// "Heroes": "Some hero skills are shared with the squad" ([`Skill::hero_shares`]).
    fn hero_shares(&self, s: Skill) -> bool {
        s.hero_shares()
    }

    /// A once-per-game skill is spent by the unit whose card has it (a hero's Berserk stays
    /// spent after he separates from the squad).
    fn spend_once(&self, g: &mut Game, u: UnitId, s: Skill) {
        let owner = match g.unit(u).joined {
            Some(j) if !g.unit(u).card.has(s) && g.unit(j).card.has(s) => j,
            _ => u,
        };
        g.units[usize::from(owner.0)].used.push(s);
    }

    /// Revised: the skill has no sharing sentence, so a joined hero who has it uses it for his
    /// own lines (offered when one of them is aimed), and a squad's is shared with its hero
    /// ("Heroes": "Some hero skills are shared with the squad … All squad skills are shared
    /// with the hero"; docs/rulings.md, "All In One and a joined hero").
    fn all_in_one_available(&self, g: &Game, u: UnitId, aims: &[Aim]) -> bool {
        let unit = g.unit(u);
        if unit.card.has(Skill::AllInOne) && !unit.used.contains(&Skill::AllInOne) {
            return true;
        }
        let hero = unit.joined.filter(|&h| unit.card.kind == UnitKind::Squad && !g.unit(h).destroyed);
        hero.is_some_and(|h| {
            let hu = g.unit(h);
            hu.card.has(Skill::AllInOne) && !hu.used.contains(&Skill::AllInOne) && aims.iter().any(|a| a.line >= HERO_LINE)
        })
    }

    /// Every line when the attacker's card has the skill, else only the lines of the joined
    /// hero whose card has it.
    fn all_in_one_doubles(&self, g: &Game, attacker: UnitId, line: u8) -> bool {
        if g.unit(attacker).card.has(Skill::AllInOne) {
            return true;
        }
        let (owner, _) = g.line_owner(attacker, line);
        g.unit(owner).card.has(Skill::AllInOne)
    }

    /// Reactive fire: "You can also activate a skill that does not require an action"
    /// ("Possible Situations for Reactive Fire"), and Heroic Attack needs none.
    fn heroic_attack_in_reactions(&self) -> bool {
        true
    }

    // ----- movement --------------------------------------------------------------------

    /// "Unit Entry": "Each unit's first action is always a one space move".
    fn entry_is_one_space(&self) -> bool {
        true
    }

    /// "Heroes": "The combined unit's movement value is equal to the fastest unit's movement
    /// value".
    fn joined_move_rate(&self, _kind: UnitKind, m: u8, other: u8) -> u8 {
        m.max(other)
    }

    /// Two Move actions.
    fn march_move(&self) -> bool {
        false
    }

    /// Plans that begin with a Move action: each Move action is a move of the unit's own
    /// movement ("Movement Points"), whatever the action after it, and Assault is offered for
    /// any plan that moves. (Battlefront keeps the default: two Moves are one March Move, and
    /// a Move's field of fire and facing depend on the attack that follows.)
    fn same_first_leg(&self, a: Plan, b: Plan) -> bool {
        let move_first = |p: Plan| matches!(p, Plan::Two(Action::Move, _));
        a == b || (move_first(a) && move_first(b))
    }

    /// "Fast" applies to one move action, the player's choice (docs/rulings.md, "Fast with two
    /// moves").
    fn fast_on_either_move(&self) -> bool {
        true
    }

    /// "Scout Vehicle": "During the first round only, this vehicle can move two extra spaces"
    /// (docs/rulings.md, "Scout Vehicle's two extra spaces").
    fn scout_vehicle_every_move(&self) -> bool {
        false
    }

    // ----- declaring an attack ---------------------------------------------------------

    fn reaches(&self, r: WeaponRange, d: u32) -> bool {
        r.reaches(d)
    }

    /// "Line of Sight": dot to dot ([`crate::los::line_of_sight`]).
    fn sees_target(&self, g: &Game, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool {
        line_of_sight(
            &g.board,
            &g.occ,
            &Shot {
                from,
                to,
                attacker,
                target,
            },
        )
        .is_ok()
    }

    /// "Range" and "Line of Sight", dot to dot ([`Game::sees_target`]).
    fn may_aim_at(&self, g: &Game, _d: &Decl, (_, w): (u8, &WeaponLine), t: UnitId, shot: &Shot, memo: &mut SightMemo) -> bool {
        w.range.reaches(range(shot.from, shot.to))
            && memo.sees(usize::from(t.0), || g.sees_target(shot.from, shot.to, shot.attacker, shot.target))
    }

    /// "Attacking Cover Elements": "A unit can attempt to destroy a cover element", with any
    /// weapon that reaches it, a close-combat weapon against an adjacent one included
    /// (docs/rulings.md, "Close-combat weapons against cover elements").
    fn attacks_cover_elements(&self) -> bool {
        true
    }

    /// "Limited-Ammo Weapons": one weapon per ammo box spent.
    fn ammo_weapons(&self, _g: &Game, _owner: UnitId, _li: usize, _w: &WeaponLine) -> Option<u8> {
        None
    }

    fn line_refused(&self, _g: &Game, _d: &Decl, _owner: UnitId, _li: usize, _line: u8) -> bool {
        false
    }

    fn needless_line(&self, _g: &Game, _owner: UnitId, _li: usize, _t: UnitId) -> bool {
        false
    }

    /// "Remember that the player chooses the order in which weapon lines fire"
    /// (tactics-revised-faq.md, "How can a unit split fire").
    fn player_orders_lines(&self) -> bool {
        true
    }

    /// "Reactive Fire": the unit "performs a single ATTACK action with all weapon lines that
    /// have sufficient range to target the opposing unit" (tactics-revised-faq.md).
    fn reaction_fires_every_line(&self) -> bool {
        true
    }

    /// Reactive fire is an ATTACK action: any weapon line that reaches (the close-combat
    /// lines included).
    fn reaction_may_use(&self, _w: &WeaponLine) -> bool {
        true
    }

    /// "Reactive Fire" ([`Game::revised_reactors`]).
    fn reactors(&self, g: &Game, trigger: UnitId) -> Vec<UnitId> {
        g.revised_reactors(trigger)
    }

    /// No set-up weapons.
    fn set_up_weapons_move(&self, _plan: Plan) -> bool {
        false
    }

    // ----- resolving an attack ---------------------------------------------------------

    /// The ranged lines fire in the order the player chose ([`Decision::Fire`]), which already
    /// puts a cover element after the unit in its space ("Attacking Cover Elements").
    fn fires_at_units_first(&self) -> bool {
        false
    }

    /// Every carrier fires every line it carries.
    fn firers(&self, _g: &Game, _u: UnitId, _aims: &[Aim], _close: bool) -> Vec<(u8, u32)> {
        Vec::new()
    }

    /// The revised cards have no weapon with two modes.
    fn mode_partner(&self, _g: &Game, _u: UnitId, _line: u8) -> Option<u8> {
        None
    }

    /// "Reloadable Weapons": fired, it needs a Reload action.
    fn fired_weapons_unload(&self) -> bool {
        true
    }

    /// The combat value's damage, as printed.
    fn damage_per_hit(&self, _g: &Game, _owner: UnitId, _li: usize, _target: Target, damage: u8) -> u8 {
        damage
    }

    /// "Cover Saves", "5) Check Cover Saves": a squad in soft or hard cover rolls the save on
    /// its card.
    fn cover_saves(&self) -> bool {
        true
    }

    /// Damage Resilient is rolled once for all the points ("Damage Resilient").
    fn resilient_start(&self, _g: &Game, _job: &mut FireJob) {}

    fn squad_hit_points(&self, _g: &Game, _job: &FireJob) -> u16 {
        1
    }

    fn resilient_per_casualty(&self, _g: &Game, _t: UnitId) -> bool {
        false
    }

    /// Wiederbelebungsserum: "he recovers one health point for each ⊕ result" of his attack on
    /// enemy soldiers, cover saves or not (docs/rulings.md, "Wiederbelebungsserum").
    fn serum_hits(&self, job: &FireJob) -> u16 {
        job.rolled_hits
    }

    /// The attacker's one square and the target's.
    fn flame_ends(&self, _g: &Game, _d: &Decl, from: Square, _t: UnitId, to: Square) -> (Vec<Square>, Vec<Square>) {
        (vec![from], vec![to])
    }

    /// "Flamethrowers": the attacker sees the space and every unit in it ([`Game::flames_seen`]).
    fn flames_may_cross(&self, g: &Game, from: Square, attacker: PieceKind, _mine: &[Square], s: Square) -> bool {
        g.flames_seen(from, attacker, s)
    }

    // ----- destruction and the end of the game -----------------------------------------

    /// No pilots.
    fn pilot_escape_squares(&self, _g: &Game, _id: UnitId) -> Vec<Square> {
        Vec::new()
    }

    /// "Heroes": the hero and the squad activate together; he carries on when the squad is
    /// eliminated ([`Game::hand_activation_to_hero`]).
    fn hero_carries_on(&self) -> bool {
        true
    }

    fn side_wiped(&self, g: &Game) -> Option<Side> {
        Side::ALL.into_iter().find(|&s| g.alive_units(s) == 0)
    }

    /// A side wiped out loses if the other has a unit left; else the victory points decide.
    fn winner(&self, g: &Game, wiped: Option<Side>) -> Option<Side> {
        match wiped {
            Some(loser) if g.alive_units(loser.other()) > 0 => Some(loser.other()),
            _ => match g.vp.a.cmp(&g.vp.b) {
                core::cmp::Ordering::Greater => Some(Side::A),
                core::cmp::Ordering::Less => Some(Side::B),
                core::cmp::Ordering::Equal => None,
            },
        }
    }
}

impl EditionRules for BattlefrontRules {
    // ----- setting up ------------------------------------------------------------------

    /// The cards' battlefront parts, improvised weapons, facings, the squares of large and
    /// huge models ([`battlefront::setup_units`]).
    fn setup_units(&self, units: &mut [Unit], setup: &GameSetup) {
        battlefront::setup_units(units, setup);
    }

    /// "Pilot: Hero": "Only the named Hero can pilot a Vehicle with the Pilot: Hero attribute."
    fn pilot_refused(&self, setup: &GameSetup, u: &UnitSetup, j: usize) -> Option<String> {
        let n = setup.units.get(j)?.battlefront.as_ref()?.pilot_hero.as_deref()?;
        (u.card.kind == UnitKind::Hero && !n.eq_ignore_ascii_case(&u.card.name)).then(|| {
            format!(
                "{} cannot pilot {}: only {n} may (Pilot: Hero); begin the game with {n} in it, or with no pilot",
                u.card.name, setup.units[j].card.name
            )
        })
    }

    /// "Piloting Vehicles": a hero with the Pilot skill begins the game mounted in a vehicle
    /// of his side ([`battlefront::can_pilot`]).
    fn begins_piloting(&self, setup: &GameSetup, u: &UnitSetup, j: usize) -> bool {
        setup.units.get(j).is_some_and(|v| battlefront::can_pilot(u, v))
    }

    /// "Jump": "If a Hero has joined a unit, both must have the Jump skill for either to use
    /// it" — a hero and a squad of whom one has Jump may join; neither jumps then
    /// (docs/rulings.md, "Battlefront skills of a hero and the unit he joined").
    fn joining_needs_both(&self, gate: Skill) -> bool {
        gate != Skill::Jump
    }

    /// A hero placed in the square of a squad he can join joins it ([`Game::bf_rejoin`]).
    fn game_begins(&self, g: &mut Game) {
        g.bf_rejoin();
    }

    /// Facings, Fighting Spirit used, vehicles left by their pilots, the pairs apart, the army
    /// points eliminated.
    fn hash_state(&self, g: &Game, h: &mut Fnv) {
        for u in &g.units {
            h.u8(u.facing.0);
            if !u.bf_used.is_empty() {
                h.u8(u.bf_used.len() as u8);
            }
            if u.bf_left {
                h.u8(0xA5); // (only then, so that games without it keep their digests)
            }
        }
        for &(a, b) in &g.bf.apart {
            h.u8(a.0);
            h.u8(b.0);
        }
        h.u32(g.bf.ap_destroyed.a);
        h.u32(g.bf.ap_destroyed.b);
    }

    // ----- dice and initiative ---------------------------------------------------------

    /// "Roll for Initiative": army symbols ([`Game::bf_initiative_roll`]).
    fn initiative_roll(&self, g: &Game, n: u16) -> Roll {
        g.bf_initiative_roll(n)
    }

    /// "Black Ops": "If your force has a Hero with the Black Ops skill you roll four dice"
    /// ([`Game::bf_black_ops`]).
    fn black_ops(&self, g: &Game, side: Side) -> bool {
        g.bf_black_ops(side)
    }

    /// "Roll for Initiative": the target symbols settle a tie ([`Game::bf_ties_on_targets`]).
    fn initiative_ties_on_targets(&self, g: &Game) -> bool {
        g.bf_ties_on_targets()
    }

    /// "Reactive Attacks": two dice ([`Game::bf_reactive_roll`]).
    fn reaction_roll(&self, g: &Game, _reactor: UnitId) -> Roll {
        g.bf_reactive_roll()
    }

    /// The battlefront dice of each stage ([`Game::bf_fire_roll`]).
    fn fire_need(&self, g: &Game, job: &FireJob) -> Need {
        match job.stage {
            Stage::Prepare => Need::Internal,
            _ => Need::Chance(g.bf_fire_roll(job)),
        }
    }

    // ----- turns and activations -------------------------------------------------------

    /// "Passing" ([`Game::bf_may_pass`]).
    fn may_pass(&self, g: &Game, side: Side) -> bool {
        g.bf_may_pass(side)
    }

    /// "Piloting Vehicles" ([`Game::bf_dismountable`]).
    fn dismountable(&self, g: &Game, side: Side) -> Vec<UnitId> {
        g.bf_dismountable(side)
    }

    /// "Alternatively, the Hero may activate separately" ([`Game::bf_may_act_alone`]).
    fn may_act_alone(&self, g: &Game, u: &Unit) -> bool {
        g.bf_may_act_alone(u)
    }

    /// A pilot dismounts; a joined hero activating on his own, or a squad whose hero has
    /// already activated, is apart for this activation ([`Game::bf_unit_chosen`]).
    fn unit_chosen(&self, g: &mut Game, d: &mut Decl, u: UnitId) {
        g.bf_unit_chosen(d, u);
    }

    /// A pilot dismounting changes the board.
    fn unit_chosen_changes_game(&self) -> bool {
        true
    }

    /// "Alternatively, the Hero may activate separately": the squad activates without him
    /// this time; he may still activate, and they are one unit again if they share the square
    /// when the activation ends.
    fn separate(&self, g: &mut Game, u: UnitId) {
        g.bf_activate_apart(u);
    }

    /// "Ace Pilot" ([`Game::bf_ace`]).
    fn ace_pilot(&self, g: &Game, u: UnitId) -> bool {
        g.bf_ace(u)
    }

    fn plans(&self, g: &Game, u: UnitId) -> Vec<Plan> {
        g.bf_plans(u)
    }

    /// "Activating a Unit": each action is declared in full as it is made ([`Game::bf_parts`]).
    fn declares_part_by_part(&self, g: &Game, u: UnitId, p: Plan) -> bool {
        g.bf_parts(u, p).len() > 1
    }

    /// "Once the opposing player has completed their first action"; "You cannot declare a
    /// Reactive Attack against a unit that is taking a Nothing action as its second action";
    /// against a March Move the unit "makes a normal Move action before you attempt the
    /// Reactive Attack, then completes its March Move afterwards". (A Sustained Attack is one
    /// plan with no window: "No Reacting to a Sustained Attack".)
    fn reaction_windows(&self, _a: Action, b: Action, _fast: bool) -> (bool, bool) {
        (b != Action::Nothing, false)
    }

    /// A joined hero reacts on his own; a squad whose hero has activated reacts without him.
    fn reactor_chosen(&self, g: &mut Game, u: UnitId) {
        if g.unit(u).is_joined_hero() || g.bf_hero_done(u) {
            g.bf_activate_apart(u);
        }
    }

    /// The three outcomes ([`Game::bf_react`]).
    fn reaction_rolled(&self, g: &mut Game, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16) {
        g.bf_react(reactor, trigger, roll, k);
    }

    fn activation_ended(&self, g: &mut Game, u: UnitId) {
        g.bf_mount(u); // a pilot who moved into a vehicle's square
        g.bf_rejoin(); // a hero in the square of a squad he can join
    }

    fn turn_ended(&self, g: &mut Game) {
        g.bf_end_of_turn(); // objectives held or taken, victory-point totals
    }

    // ----- skills ----------------------------------------------------------------------

    /// "Skills and Equipment": every skill both ways unless stated otherwise
    /// ([`Skill::battlefront_shares`]).
    fn has_skill(&self, g: &Game, u: UnitId, s: Skill) -> bool {
        g.bf_has_skill(u, s)
    }

    /// "Skills and Equipment": both ways unless stated otherwise ([`Skill::battlefront_shares`]).
    fn hero_shares(&self, s: Skill) -> bool {
        s.battlefront_shares()
    }

    /// Spent by the unit and its partner together ([`Game::bf_spend_once`]).
    fn spend_once(&self, g: &mut Game, u: UnitId, s: Skill) {
        g.bf_spend_once(u, s);
    }

    /// "Fighting Spirit" ([`Game::bf_spirit_available`]).
    fn spirit_available(&self, g: &Game, u: UnitId, plan: Plan) -> bool {
        g.bf_spirit_available(u, plan)
    }

    /// "Skills and Equipment": shared both ways, and every line doubles.
    fn all_in_one_available(&self, g: &Game, u: UnitId, _aims: &[Aim]) -> bool {
        g.has_skill(u, Skill::AllInOne) && !g.used(u, Skill::AllInOne)
    }

    fn all_in_one_doubles(&self, _g: &Game, _attacker: UnitId, _line: u8) -> bool {
        true
    }

    /// A reactive attack is an Attack or Sustained Attack, no skill with it.
    fn heroic_attack_in_reactions(&self) -> bool {
        false
    }

    // ----- movement --------------------------------------------------------------------

    /// "Vehicle and Aircraft Size": large models occupy two squares, huge models four.
    fn models_hold_several_squares(&self) -> bool {
        true
    }

    /// "Scenario 3: Bait and Flank" and the other scenarios' reserves
    /// ([`crate::battlefront::ScenarioRules::reserve_entry_squares`]).
    fn reserve_entry(&self, g: &Game, u: UnitId) -> Option<Vec<Square>> {
        let unit = g.unit(u);
        if unit.times_destroyed == 0 {
            return None;
        }
        g.bf.rules
            .reserve_entry_squares(g.board.width(), g.board.height(), &g.entry, unit.side)
    }

    /// "Moving On To the Table": the entry square costs one point of a full move.
    fn entry_is_one_space(&self) -> bool {
        false
    }

    /// "Joining Infantry Squads": "If the Hero and the unit's movement rates are different,
    /// the combined unit has the lower movement rate of the two"; a vehicle carries its pilot
    /// at its own rate ("Piloting Vehicles"; docs/rulings.md, "Battlefront skills of a hero and
    /// the unit he joined").
    fn joined_move_rate(&self, kind: UnitKind, m: u8, other: u8) -> u8 {
        if matches!(kind, UnitKind::Vehicle | UnitKind::Aircraft) {
            m
        } else {
            m.min(other)
        }
    }

    /// "March Move Actions": "A unit making a March Move action doubles its Move rating for
    /// the activation."
    fn march_move(&self) -> bool {
        true
    }

    /// "Fast Units": the first leg is a normal Move, Fast's square included.
    fn fast_on_either_move(&self) -> bool {
        false
    }

    /// "Scout Vehicle": two more squares on every move of the first round.
    fn scout_vehicle_every_move(&self) -> bool {
        true
    }

    /// "Aircraft Move Over Terrain".
    fn aircraft_fly(&self) -> bool {
        true
    }

    /// "Moving Through Other Units": infantry and vehicles "can enter a square occupied by an
    /// enemy Aircraft unit".
    fn passes_under(&self, g: &Game, u: UnitId) -> Vec<Square> {
        g.enemy_aircraft(g.unit(u).side)
    }

    /// "Piloting Vehicles": never into the vehicle a pilot dismounts in this activation.
    fn filter_move_options(&self, g: &Game, d: &Decl, v: &mut Vec<Square>) {
        g.bf_dismount_filter(d, v);
    }

    /// Large and huge models ([`Game::bf_rear_options`]).
    fn rear_options(&self, g: &Game, d: &Decl) -> Option<Vec<Decision>> {
        g.bf_rear_options(d)
    }

    /// [`Game::bf_rear_autofill`].
    fn rear_autofill(&self, g: &Game, d: &mut Decl) -> Option<bool> {
        g.bf_rear_autofill(d)
    }

    /// [`Game::bf_take_rear`].
    fn take_rear(&self, g: &Game, d: &mut Decl, s: Square) -> bool {
        g.bf_take_rear(d, s)
    }

    /// "Move and March Move Actions": units "end their movement facing in any direction"
    /// ([`Game::bf_face_due`]).
    fn face_due(&self, g: &Game, d: &Decl) -> bool {
        g.bf_face_due(d)
    }

    /// "1) Check Field of Fire": "they will need to take a Move action to change direction
    /// first" ([`Game::bf_turn_in_place`]).
    fn turn_in_place(&self, g: &Game, d: &Decl) -> Option<Square> {
        g.bf_turn_in_place(d)
    }

    /// The unit faces the way it went, or away from the edge it entered by (`Game::bf_moved`).
    fn unit_moved(&self, g: &mut Game, u: UnitId, from: Option<Square>, to: Square) {
        g.bf_moved(u, from, to);
    }

    // ----- declaring an attack ---------------------------------------------------------

    /// Classic Range A is 2-U ("Artillery Range (A)", [`WeaponRange::reaches_in`]).
    fn reaches(&self, r: WeaponRange, d: u32) -> bool {
        r.reaches_in(Edition::Battlefront, d)
    }

    /// "Any point in the attacking unit's square to any point in the target unit's square"
    /// ([`crate::battlefront::sees`]).
    fn sees_target(&self, g: &Game, from: Square, to: Square, _attacker: PieceKind, _target: PieceKind) -> bool {
        crate::battlefront::sees(&g.board, &g.occ, from, to)
    }

    /// Large and huge models: range and sight from and to any of their squares, and the
    /// field of fire ("1) Check Field of Fire", "2) Check Range", "3) Check Line of Sight").
    #[inline(always)]
    fn may_aim_at(&self, g: &Game, d: &Decl, (line, w): (u8, &WeaponLine), t: UnitId, shot: &Shot, memo: &mut SightMemo) -> bool {
        g.bf_in_range(d, w, shot.from, t)
            && memo.sees(usize::from(t.0), || g.bf_sees_unit(d, shot.from, t))
            && g.bf_field_of_fire(d, line, shot.from, shot.to)
    }

    /// Its weapons aim at units only: the book has no rule for attacking terrain
    /// (docs/rulings.md, "Battlefront attacks on terrain").
    fn attacks_cover_elements(&self) -> bool {
        false
    }

    /// "Limited-Ammo Weapons": a box per attack, every carrier may fire
    /// ([`Game::bf_ammo_weapons`]); a volley line spends one per shot.
    fn ammo_weapons(&self, g: &Game, owner: UnitId, li: usize, w: &WeaponLine) -> Option<u8> {
        (!super::declare::is_volley_line(w)).then(|| g.bf_ammo_weapons(owner, li))
    }

    /// Soldiers with several weapons, vehicle crews ([`Game::bf_aim_counts`]).
    #[inline(always)]
    fn aim_counts(&self, g: &Game, d: &Decl, line: u8, max_ammo: u8) -> Option<Counts> {
        g.bf_aim_counts(d, line, max_ammo)
    }

    /// Crew weapons, the other line of a two-mode weapon, a Sustained Attack of one kind
    /// ([`Game::bf_crew_allows`], [`Game::bf_mode_taken`], [`Game::bf_other_kind_sustained`]).
    #[inline(always)]
    fn line_refused(&self, g: &Game, d: &Decl, owner: UnitId, li: usize, line: u8) -> bool {
        !g.bf_crew_allows(d, owner, li) || g.bf_mode_taken(d, line) || g.bf_other_kind_sustained(d, line)
    }

    /// "Improvised Weapons" ([`Game::bf_improvised_needless`]).
    fn needless_line(&self, g: &Game, owner: UnitId, li: usize, t: UnitId) -> bool {
        g.bf_improvised_needless(owner, li, t)
    }

    /// "Under-Barrel Weapons" ([`Game::bf_under_barrel_target`]).
    fn under_barrel_target(&self, g: &Game, d: &Decl, line: u8) -> Option<Target> {
        g.bf_under_barrel_target(d, line)
    }

    /// "Vehicle Crews" ([`Game::bf_crew_weapons`]).
    fn crew_weapons(&self, g: &Game, owner: UnitId, li: usize) -> Option<u32> {
        g.bf_crew_weapons(owner, li)
    }

    /// Units first, in card order.
    fn player_orders_lines(&self) -> bool {
        false
    }

    /// A reactive attack chooses its weapons.
    fn reaction_fires_every_line(&self) -> bool {
        false
    }

    /// "Units making a Reactive Attack cannot use Close-Combat Weapons".
    fn reaction_may_use(&self, w: &WeaponLine) -> bool {
        w.range != WeaponRange::Close
    }

    /// "Reactive Attacks" ([`Game::bf_reactors`]).
    fn reactors(&self, g: &Game, trigger: UnitId) -> Vec<UnitId> {
        g.bf_reactors(trigger)
    }

    /// "Set-Up Weapons": "a Move and then an Attack Action or an Attack Action followed by a
    /// Move Action" (a reactive Move that only turns the unit included).
    fn set_up_weapons_move(&self, plan: Plan) -> bool {
        matches!(
            plan,
            Plan::Two(Action::Move, Action::Attack) | Plan::Two(Action::Attack, Action::Move)
        ) || (matches!(plan, Plan::Three(..)) && plan_moves(plan) > 0 && plan_attacks(plan))
    }

    // ----- resolving an attack ---------------------------------------------------------

    /// The unit turns to the targets of its front-arc weapons ("1) Check Field of Fire"), and
    /// Fighting Spirit is spent ("Once per game").
    fn attack_begins(&self, g: &mut Game, u: UnitId, aims: &[Aim], spirit: bool) {
        g.bf_face_targets(u, aims);
        if spirit {
            g.bf_use_spirit(u);
        }
    }

    /// Units first, in card order: the book has no rule for attacking terrain
    /// (docs/rulings.md, "Battlefront attacks on terrain").
    fn fires_at_units_first(&self) -> bool {
        true
    }

    /// Soldiers with several weapons and vehicle crews ([`Game::bf_firers`]).
    fn firers(&self, g: &Game, u: UnitId, aims: &[Aim], close: bool) -> Vec<(u8, u32)> {
        g.bf_firers(u, aims, close)
    }

    /// "Weapons with Two Lines" ([`Game::bf_mode_partner`]).
    fn mode_partner(&self, g: &Game, u: UnitId, line: u8) -> Option<u8> {
        g.bf_mode_partner(u, line)
    }

    /// "Limited-Ammo Weapons": "Mark one of these boxes each time a unit makes an Attack or
    /// Sustained Attack action with the Limited-Ammo Weapon" (a volley line: one per shot).
    fn ammo_spent(&self, w: &WeaponLine, aim: &Aim) -> u8 {
        if super::declare::is_volley_line(w) {
            aim.ammo
        } else {
            u8::from(aim.ammo > 0)
        }
    }

    /// The battlefront edition has no reloading: weapons stay loaded.
    fn fired_weapons_unload(&self) -> bool {
        false
    }

    /// Blast, automatic kills, one point per hit on a squad ([`Game::bf_damage_per_hit`]).
    fn damage_per_hit(&self, g: &Game, owner: UnitId, li: usize, target: Target, damage: u8) -> u8 {
        g.bf_damage_per_hit(owner, li, target, damage)
    }

    /// "6) Roll Saves" replace the revised cover saves.
    fn cover_saves(&self) -> bool {
        false
    }

    /// "6) Roll Saves": cover and infantry saves ([`Game::bf_save`]).
    fn unit_save(&self, g: &Game, attacker: UnitId, w: &WeaponLine, t: UnitId, from: Square, close: bool) -> Option<(Symbols, bool)> {
        g.bf_save(attacker, w, t, from, close)
    }

    /// "Damage Resilient" hit by hit for a hero, vehicle or aircraft alone
    /// ([`Game::bf_resilient_start`]).
    fn resilient_start(&self, g: &Game, job: &mut FireJob) {
        g.bf_resilient_start(job);
    }

    /// [`Game::bf_squad_hit_points`].
    fn squad_hit_points(&self, g: &Game, job: &FireJob) -> u16 {
        g.bf_squad_hit_points(job)
    }

    /// A squad with a joined hero ([`Game::bf_resilient_per_casualty`]).
    fn resilient_per_casualty(&self, g: &Game, t: UnitId) -> bool {
        g.bf_resilient_per_casualty(t)
    }

    /// The hits that got through the saves.
    fn serum_hits(&self, job: &FireJob) -> u16 {
        job.hits
    }

    /// Every square of a large or huge model ([`Game::bf_flame_ends`]).
    fn flame_ends(&self, g: &Game, d: &Decl, from: Square, t: UnitId, to: Square) -> (Vec<Square>, Vec<Square>) {
        g.bf_flame_ends(d, from, t, to)
    }

    /// "Spray Weapons" ([`Game::bf_spray_sees`]).
    fn flames_may_cross(&self, g: &Game, from: Square, _attacker: PieceKind, mine: &[Square], s: Square) -> bool {
        g.bf_spray_sees(from, mine, s)
    }

    /// "7) Suffer Damage": a hero marks off the weapon's damage rating against him
    /// (docs/rulings.md, "Battlefront damage per hit").
    fn hero_points_per_hit(&self, g: &Game, attacker: UnitId, line: u8, t: UnitId) -> u8 {
        g.bf_hero_points_per_hit(attacker, line, t)
    }

    // ----- destruction and the end of the game -----------------------------------------

    /// "Piloting Vehicles": "any square the Vehicle occupied".
    fn pilot_escape_squares(&self, g: &Game, id: UnitId) -> Vec<Square> {
        if g.unit(id).joined.is_some() {
            g.unit_squares(id)
        } else {
            Vec::new()
        }
    }

    /// A squad and its hero are one unit; he does not act on for it.
    fn hero_carries_on(&self) -> bool {
        false
    }

    /// Scenario victory points and reserves ([`Game::bf_destroyed`]); the pilot escapes
    /// ([`Game::bf_pilot_escapes`]).
    fn unit_destroyed(&self, g: &mut Game, id: UnitId, ap: u16, pilot: Option<UnitId>, held: Vec<Square>) {
        g.bf_destroyed(id, ap);
        if let Some(h) = pilot {
            g.bf_pilot_escapes(h, held);
        }
    }

    fn side_wiped(&self, g: &Game) -> Option<Side> {
        g.bf_side_wiped()
    }

    /// An objective taken or a victory-point total reached ([`Game::bf_end_of_turn`]).
    fn decided(&self, g: &Game) -> Option<Side> {
        g.bf.decided
    }

    /// "The player who destroyed all of the enemy's units … wins the game" (both sides off the
    /// board: the army points decide); otherwise the scenario's victory conditions
    /// (`Game::bf_final_winner`).
    fn winner(&self, g: &Game, wiped: Option<Side>) -> Option<Side> {
        match wiped {
            Some(_) if g.bf_side_wiped_both() => g.bf_final_winner(),
            Some(loser) => Some(loser.other()),
            None => g.bf_final_winner(),
        }
    }
}

/// The rules of `edition`, where the books differ.
#[inline]
pub(crate) fn rules_of(edition: Edition) -> Rules {
    match edition {
        Edition::Revised => Rules::Revised(RevisedRules),
        Edition::Battlefront => Rules::Battlefront(BattlefrontRules),
    }
}

impl Game {
    /// The rules of the game's edition, where the books differ ([`EditionRules`]).
    #[inline]
    pub(super) fn rules(&self) -> Rules {
        rules_of(self.edition)
    }
}

/// The game's edition as a value: what [`Game::rules`] returns. It answers each question by
/// the edition's own `impl`, chosen by a `match` the compiler sees through (`STYLE.md`'s
/// `VariantPosition`, an enum over the variants for code that picks one at run time): no call
/// through a trait object, and an answer that is a constant in one edition costs nothing there.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Rules {
    /// [`RevisedRules`].
    Revised(RevisedRules),
    /// [`BattlefrontRules`].
    Battlefront(BattlefrontRules),
}

/// `impl EditionRules for Rules`: each method asks the edition's own `impl`.
macro_rules! each_edition {
    ($($name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {
        impl EditionRules for Rules {
            $(
                #[inline]
                fn $name(&self, $($arg: $ty),*) $(-> $ret)? {
                    match self {
                        Rules::Revised(r) => r.$name($($arg),*),
                        Rules::Battlefront(r) => r.$name($($arg),*),
                    }
                }
            )*
        }
    };
}

each_edition! {
    setup_units(units: &mut [Unit], setup: &GameSetup);
    pilot_refused(setup: &GameSetup, u: &UnitSetup, j: usize) -> Option<String>;
    begins_piloting(setup: &GameSetup, u: &UnitSetup, j: usize) -> bool;
    joining_needs_both(gate: Skill) -> bool;
    game_begins(g: &mut Game);
    hash_state(g: &Game, h: &mut Fnv);
    initiative_roll(g: &Game, n: u16) -> Roll;
    black_ops(g: &Game, side: Side) -> bool;
    initiative_ties_on_targets(g: &Game) -> bool;
    reaction_roll(g: &Game, reactor: UnitId) -> Roll;
    fire_need(g: &Game, job: &FireJob) -> Need;
    may_pass(g: &Game, side: Side) -> bool;
    dismountable(g: &Game, side: Side) -> Vec<UnitId>;
    may_act_alone(g: &Game, u: &Unit) -> bool;
    unit_chosen(g: &mut Game, d: &mut Decl, u: UnitId);
    unit_chosen_changes_game() -> bool;
    separate(g: &mut Game, u: UnitId);
    ace_pilot(g: &Game, u: UnitId) -> bool;
    plans(g: &Game, u: UnitId) -> Vec<Plan>;
    declares_part_by_part(g: &Game, u: UnitId, p: Plan) -> bool;
    reaction_windows(a: Action, b: Action, fast: bool) -> (bool, bool);
    reactor_chosen(g: &mut Game, u: UnitId);
    reaction_rolled(g: &mut Game, reactor: UnitId, trigger: UnitId, roll: Roll, k: u16);
    activation_ended(g: &mut Game, u: UnitId);
    turn_ended(g: &mut Game);
    has_skill(g: &Game, u: UnitId, s: Skill) -> bool;
    hero_shares(s: Skill) -> bool;
    spend_once(g: &mut Game, u: UnitId, s: Skill);
    spirit_available(g: &Game, u: UnitId, plan: Plan) -> bool;
    all_in_one_available(g: &Game, u: UnitId, aims: &[Aim]) -> bool;
    all_in_one_doubles(g: &Game, attacker: UnitId, line: u8) -> bool;
    heroic_attack_in_reactions() -> bool;
    models_hold_several_squares() -> bool;
    reserve_entry(g: &Game, u: UnitId) -> Option<Vec<Square>>;
    entry_is_one_space() -> bool;
    joined_move_rate(kind: UnitKind, m: u8, other: u8) -> u8;
    march_move() -> bool;
    same_first_leg(a: Plan, b: Plan) -> bool;
    fast_on_either_move() -> bool;
    scout_vehicle_every_move() -> bool;
    aircraft_fly() -> bool;
    passes_under(g: &Game, u: UnitId) -> Vec<Square>;
    filter_move_options(g: &Game, d: &Decl, v: &mut Vec<Square>);
    rear_options(g: &Game, d: &Decl) -> Option<Vec<Decision>>;
    rear_autofill(g: &Game, d: &mut Decl) -> Option<bool>;
    take_rear(g: &Game, d: &mut Decl, s: Square) -> bool;
    face_due(g: &Game, d: &Decl) -> bool;
    turn_in_place(g: &Game, d: &Decl) -> Option<Square>;
    unit_moved(g: &mut Game, u: UnitId, from: Option<Square>, to: Square);
    each_aim(g: &Game, d: &Decl, line: u8, observer_at: Option<Square>, memo: &mut SightMemo, f: &mut dyn FnMut(Aim) -> bool);
    reaches(r: WeaponRange, d: u32) -> bool;
    sees_target(g: &Game, from: Square, to: Square, attacker: PieceKind, target: PieceKind) -> bool;
    may_aim_at(g: &Game, d: &Decl, line: (u8, &WeaponLine), t: UnitId, shot: &Shot, memo: &mut SightMemo) -> bool;
    attacks_cover_elements() -> bool;
    ammo_weapons(g: &Game, owner: UnitId, li: usize, w: &WeaponLine) -> Option<u8>;
    aim_counts(g: &Game, d: &Decl, line: u8, max_ammo: u8) -> Option<Counts>;
    line_refused(g: &Game, d: &Decl, owner: UnitId, li: usize, line: u8) -> bool;
    needless_line(g: &Game, owner: UnitId, li: usize, t: UnitId) -> bool;
    under_barrel_target(g: &Game, d: &Decl, line: u8) -> Option<Target>;
    crew_weapons(g: &Game, owner: UnitId, li: usize) -> Option<u32>;
    player_orders_lines() -> bool;
    reaction_fires_every_line() -> bool;
    reaction_may_use(w: &WeaponLine) -> bool;
    reactors(g: &Game, trigger: UnitId) -> Vec<UnitId>;
    set_up_weapons_move(plan: Plan) -> bool;
    attack_begins(g: &mut Game, u: UnitId, aims: &[Aim], spirit: bool);
    fires_at_units_first() -> bool;
    firers(g: &Game, u: UnitId, aims: &[Aim], close: bool) -> Vec<(u8, u32)>;
    mode_partner(g: &Game, u: UnitId, line: u8) -> Option<u8>;
    ammo_spent(w: &WeaponLine, aim: &Aim) -> u8;
    fired_weapons_unload() -> bool;
    damage_per_hit(g: &Game, owner: UnitId, li: usize, target: Target, damage: u8) -> u8;
    cover_saves() -> bool;
    unit_save(g: &Game, attacker: UnitId, w: &WeaponLine, t: UnitId, from: Square, close: bool) -> Option<(Symbols, bool)>;
    resilient_start(g: &Game, job: &mut FireJob);
    squad_hit_points(g: &Game, job: &FireJob) -> u16;
    resilient_per_casualty(g: &Game, t: UnitId) -> bool;
    serum_hits(job: &FireJob) -> u16;
    flame_ends(g: &Game, d: &Decl, from: Square, t: UnitId, to: Square) -> (Vec<Square>, Vec<Square>);
    flames_may_cross(g: &Game, from: Square, attacker: PieceKind, mine: &[Square], s: Square) -> bool;
    hero_points_per_hit(g: &Game, attacker: UnitId, line: u8, t: UnitId) -> u8;
    pilot_escape_squares(g: &Game, id: UnitId) -> Vec<Square>;
    hero_carries_on() -> bool;
    unit_destroyed(g: &mut Game, id: UnitId, ap: u16, pilot: Option<UnitId>, held: Vec<Square>);
    side_wiped(g: &Game) -> Option<Side>;
    decided(g: &Game) -> Option<Side>;
    winner(g: &Game, wiped: Option<Side>) -> Option<Side>;
}
