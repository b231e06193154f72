//! Small hand-made cards and set-ups for doctests and tests of the engine. These are not the
//! shipped unit cards (those are data files in `data/units/`); their numbers are illustrative.

use super::{Decision, Event, Game, GameSetup, Pending, RollPurpose, UnitSetup};
use crate::board::{Board, BoardSetup};
use crate::dice::Face;
use crate::range::WeaponRange;
use crate::rng::GameRng;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::Terrain;
use crate::unit::{
    Armor, ArmorType, BattlefrontCard, BattlefrontKind, Bloc, CombatTable, CombatValue, Keywords, Model, UnitCard, UnitKind, WeaponLine,
};
use std::sync::Arc;

/// Range 1 to 4, the reach of most test weapons.
pub const R4: WeaponRange = WeaponRange::Spaces { min: 1, max: 4 };

/// Range 1 to 6, the reach of most battlefront test weapons.
pub const R6: WeaponRange = WeaponRange::Spaces { min: 1, max: 6 };

/// A weapon line with `soldier` against every soldier class, `vehicle` against every vehicle
/// class and "-" elsewhere.
pub fn weapon_line(name: &str, range: WeaponRange, soldier: CombatValue, vehicle: CombatValue) -> WeaponLine {
    let mut table = CombatTable::NONE;
    table.soldier = [soldier; 4];
    table.vehicle = [vehicle; 7];
    WeaponLine {
        name: name.into(),
        range,
        table,
        keywords: Keywords::default(),
        ammo: None,
    }
}

/// A weapon line with the same "dice/damage" against every soldier, one die against every
/// vehicle and "-" elsewhere.
pub fn rifle(name: &str, range: WeaponRange, dice: u8) -> WeaponLine {
    weapon_line(
        name,
        range,
        CombatValue::Dice { dice, damage: 1 },
        CombatValue::Dice { dice: 1, damage: 1 },
    )
}

/// A squad of `n` soldiers of armor class 2 who all carry `weapons`.
pub fn squad(name: &str, n: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let all = (1u32 << weapons.len()) - 1;
    UnitCard {
        name: name.into(),
        bloc: Bloc::Allies,
        kind: UnitKind::Squad,
        movement: 1,
        armor: Armor {
            kind: ArmorType::Soldier,
            class: 2,
        },
        health: n,
        soft_cover: Some(Face::Hit),
        hard_cover: Some(Face::Miss),
        ap: 20,
        skills: Vec::new(),
        weapons,
        models: vec![Model { weapons: all, role: None }; usize::from(n)],
        source: "test card, not official".into(),
    }
}

/// A squad of `n` riflemen (range 6, one die each).
pub fn infantry(name: &str, n: u8) -> Arc<UnitCard> {
    Arc::new(squad(name, n, vec![rifle("Rifle", R6, 1)]))
}

/// A squad of `n` soldiers with a rifle (range 6, one die) and a knife each.
pub fn infantry_with_knives(name: &str, n: u8) -> Arc<UnitCard> {
    Arc::new(squad(name, n, vec![rifle("Rifle", R6, 1), rifle("Knife", WeaponRange::Close, 1)]))
}

/// A hero of armor class 2 with `health` crosses who carries `weapons` (a hero has no
/// miniatures to lose).
pub fn hero_card(name: &str, health: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let mut c = squad(name, 1, weapons);
    c.kind = UnitKind::Hero;
    c.health = health;
    c.models.clear();
    c
}

/// A vehicle of armor class 3 with `health` damage points and `weapons`: no miniatures and no
/// cover saves.
pub fn vehicle_card(name: &str, health: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let mut c = squad(name, 1, weapons);
    c.kind = UnitKind::Vehicle;
    c.armor = Armor {
        kind: ArmorType::Vehicle,
        class: 3,
    };
    c.health = health;
    c.models.clear();
    c.soft_cover = None;
    c.hard_cover = None;
    c
}

/// A vehicle of armor class 3 and 4 health with one gun (range 6; 2 dice against soldiers and
/// vehicles) and `movement`.
pub fn gun_vehicle(name: &str, movement: u8) -> UnitCard {
    let mut gun = rifle("Gun", R6, 2);
    gun.table.vehicle = [CombatValue::Dice { dice: 2, damage: 1 }; 7];
    let mut c = vehicle_card(name, 4, vec![gun]);
    c.movement = movement;
    c
}

/// A [`gun_vehicle`] card to share between units.
pub fn tank(name: &str, movement: u8) -> Arc<UnitCard> {
    Arc::new(gun_vehicle(name, movement))
}

/// A Command Squad of five who carry `weapons`: an officer, a radioman, a mechanic, a medic and
/// a soldier without a role.
pub fn command_squad(weapons: Vec<WeaponLine>) -> UnitCard {
    use crate::unit::{Role, Skill};
    let mut cs = squad("Command", 5, weapons);
    cs.skills.push(Skill::CommandSquad);
    for (m, role) in cs.models.iter_mut().zip([
        Some(Role::Officer),
        Some(Role::Radioman),
        Some(Role::Mechanic),
        Some(Role::Medic),
        None,
    ]) {
        m.role = role;
    }
    cs
}

/// An open board of the given size.
pub fn open_board(w: u8, h: u8) -> Board {
    Board::new(BoardSetup {
        width: w,
        height: h,
        terrain: vec![Terrain::Open; usize::from(w) * usize::from(h)],
        ..BoardSetup::default()
    })
    .expect("open board")
}

/// Two squads of three riflemen on a 6x6 board, entering from opposite edges, 4 rounds.
pub fn duel() -> GameSetup {
    let a = Arc::new(squad(
        "Rifles A",
        3,
        vec![
            rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1),
            rifle("Knife", WeaponRange::Close, 1),
        ],
    ));
    let b = Arc::new(squad(
        "Rifles B",
        3,
        vec![
            rifle("Rifle", WeaponRange::Spaces { min: 1, max: 4 }, 1),
            rifle("Knife", WeaponRange::Close, 1),
        ],
    ));
    GameSetup {
        board: open_board(6, 6),
        entry: BySide {
            a: (0..6).map(|c| Square::new(c, 0)).collect(),
            b: (0..6).map(|c| Square::new(c, 5)).collect(),
        },
        round_limit: 4,
        edition: crate::Edition::Revised,
        classic_dice: false,
        bf_rules: Default::default(),
        units: vec![
            UnitSetup {
                card: a,
                side: Side::A,
                joins: None,
                at: None,
                battlefront: None,
            },
            UnitSetup {
                card: b,
                side: Side::B,
                joins: None,
                at: None,
                battlefront: None,
            },
        ],
        objectives: Vec::new(),
    }
}

/// A unit that starts on `at` (examples place their units where the picture shows them).
pub fn placed(card: &Arc<UnitCard>, side: Side, at: &str) -> UnitSetup {
    UnitSetup {
        card: card.clone(),
        side,
        joins: None,
        at: Some(sq(at)),
        battlefront: None,
    }
}

/// A unit that enters from its side's entry squares.
pub fn entering(card: &Arc<UnitCard>, side: Side) -> UnitSetup {
    UnitSetup {
        card: card.clone(),
        side,
        joins: None,
        at: None,
        battlefront: None,
    }
}

/// A square from its name, e.g. `sq("C4")`.
pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Squares from their names, in the order given.
pub fn sqs(names: &[&str]) -> Vec<Square> {
    names.iter().map(|s| sq(s)).collect()
}

/// A game on an open `w` x `h` board, side A entering on row 1 and side B on the top row.
pub fn open_game(w: u8, h: u8, units: Vec<UnitSetup>) -> GameSetup {
    GameSetup {
        board: open_board(w, h),
        entry: BySide {
            a: (0..w).map(|c| Square::new(c, 0)).collect(),
            b: (0..w).map(|c| Square::new(c, h - 1)).collect(),
        },
        round_limit: 8,
        units,
        objectives: Vec::new(),
        edition: crate::Edition::Revised,
        classic_dice: false,
        bf_rules: Default::default(),
    }
}

/// Objectives on the named squares, named after them, of no points and not winning the game
/// (the scenario rules say what they are worth).
pub fn objectives_at(squares: &[&str]) -> Vec<super::ObjectiveSetup> {
    squares
        .iter()
        .map(|o| super::ObjectiveSetup {
            name: (*o).to_string(),
            at: sq(o),
            points: 0,
            wins: false,
            wins_from: 0,
        })
        .collect()
}

/// A team of two "Snipers" without skills: the sniper carries `sniper` (line 0), the spotter
/// `other` (line 1).
pub fn sniper_team(sniper: WeaponLine, other: WeaponLine) -> UnitCard {
    use crate::unit::Role;
    let mut c = squad("Snipers", 2, vec![sniper, other]);
    c.models = vec![
        Model {
            weapons: 1,
            role: Some(Role::Sniper),
        },
        Model {
            weapons: 2,
            role: Some(Role::Spotter),
        },
    ];
    c
}

/// The setup in the battlefront edition.
pub fn battlefront(mut setup: GameSetup) -> GameSetup {
    setup.edition = crate::Edition::Battlefront;
    setup
}

/// A battlefront game of [`open_game`], started.
///
/// # Panics
/// If the setup is refused.
pub fn battlefront_table(w: u8, h: u8, units: Vec<UnitSetup>) -> Table {
    Table::new(battlefront(open_game(w, h, units)))
}

/// A game driven by a script: decisions as their text form, dice as numbers of successes.
/// Every call checks that the engine waits for exactly what the script says, so a test reads
/// like the rulebook's example.
pub struct Table {
    /// The game.
    pub game: super::Game,
    /// Answer casualty decisions with the first option offered (on by default).
    pub auto_casualties: bool,
    /// The scripts of the activations declared with [`Table::declare`], answered as the game
    /// asks them (in the battlefront edition a Move's destination and an Attack's targets are
    /// asked when the action is made, after the enemy's reactive attack).
    scripts: Vec<Script>,
}

/// What a test declares for one activation ([`Table::declare`]).
struct Script {
    unit: super::UnitId,
    /// The number of events when it was declared: it ends with its unit's activation.
    since: usize,
    plan: String,
    planned: bool,
    moves: std::collections::VecDeque<String>,
    aims: Vec<(u8, String, u8)>,
    uses: Vec<String>,
}

impl Table {
    /// Starts the game.
    ///
    /// # Panics
    /// If the setup is refused.
    pub fn new(setup: GameSetup) -> Table {
        Table {
            game: super::Game::new(setup).unwrap_or_else(|e| panic!("setup: {e}")),
            auto_casualties: true,
            scripts: Vec::new(),
        }
    }

    /// A table for a game already made (its casualties answered with the first option).
    pub fn from_game(game: super::Game) -> Table {
        Table {
            game,
            auto_casualties: true,
            scripts: Vec::new(),
        }
    }

    /// Plays the initiative roll of a round (side A wins with one hit to none) and lets side A
    /// choose `first`.
    pub fn initiative(&mut self, first: Side) {
        self.roll(3, 1);
        self.roll(3, 0);
        self.decide(&format!("first {first}"));
    }

    /// Applies a decision given as text.
    ///
    /// # Panics
    /// If the text does not parse or the decision is refused (the message lists what is legal).
    pub fn decide(&mut self, text: &str) {
        let d: super::Decision = text.parse().unwrap_or_else(|e| panic!("{e}"));
        // A unit activated or reacting by hand is no longer scripted.
        if let super::Decision::Activate(u) | super::Decision::React(Some(u)) = d {
            self.scripts.retain(|s| s.unit != u);
        }
        if let Err(e) = self.game.apply(d) {
            let legal: Vec<String> = self.game.legal_decisions().iter().map(ToString::to_string).collect();
            panic!("{e}\nlegal: {legal:?}\nevents: {:#?}", self.tail(12));
        }
        self.settle();
    }

    /// Answers pending casualty decisions with the first option, if `auto_casualties` is on,
    /// and the declarations of scripted activations ([`Table::declare`]).
    pub fn settle(&mut self) {
        loop {
            match self.game.legal_decisions().first() {
                Some(&d @ super::Decision::Casualty(_)) if self.auto_casualties => self.game.apply(d).expect("offered"),
                _ if self.script_step() => {}
                _ => return,
            }
        }
    }

    /// Answers the pending decision from the script of the declaring unit; false if there is
    /// none or it does not say.
    fn script_step(&mut self) -> bool {
        use super::{Decision, Event};
        let events = self.game.events();
        self.scripts.retain(|s| {
            !events[s.since.min(events.len())..]
                .iter()
                .any(|e| matches!(e, Event::ActivationEnded(u) if *u == s.unit))
        });
        let Some(u) = self.game.declaring() else { return false };
        if !matches!(self.game.pending(), super::Pending::Decision { .. }) {
            return false;
        }
        let Some(i) = self.scripts.iter().rposition(|s| s.unit == u) else {
            return false;
        };
        let legal = self.game.legal_decisions();
        let Some(first) = legal.first().copied() else { return false };
        let script = &mut self.scripts[i];
        let text = match first {
            Decision::Plan(_) if !script.planned => {
                script.planned = true;
                format!("plan {}", script.plan)
            }
            Decision::MoveTo(_) => match script.moves.pop_front() {
                Some(to) => format!("move {to}"),
                None => panic!("the script has no space for a move; legal {legal:?}"),
            },
            Decision::Aim { line, .. } => match script.aims.iter().find(|a| a.0 == line) {
                Some((l, t, a)) => format!("aim {l} {t} {a}"),
                None => format!("aim {line} none"),
            },
            // The order of the lines: as the script lists them.
            Decision::Fire(_) => script
                .aims
                .iter()
                .map(|a| Decision::Fire(a.0))
                .find(|d| legal.contains(d))
                .unwrap_or(first)
                .to_string(),
            Decision::Use(o, _) => {
                let text = Decision::Use(o, true).to_string();
                let yes = script.uses.iter().any(|u| text.contains(&format!(" {u} ")));
                Decision::Use(o, yes).to_string()
            }
            _ => return false,
        };
        let d: Decision = text.parse().unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = self.game.apply(d) {
            panic!("{e}\nlegal: {legal:?}\nevents: {:#?}", self.tail(12));
        }
        true
    }

    /// Resolves the pending roll of `dice` dice with `successes` successes.
    ///
    /// # Panics
    /// If no roll of that many dice is pending.
    pub fn roll(&mut self, dice: u16, successes: u16) {
        match self.game.pending_roll() {
            Some(r) if r.dice == dice => {
                self.game.apply_roll(successes);
                self.settle();
            }
            other => panic!(
                "expected a roll of {dice} dice, pending {other:?} / {:?}\nlegal: {:?}\nevents: {:#?}",
                self.game.pending(),
                self.game.legal_decisions().iter().map(ToString::to_string).collect::<Vec<_>>(),
                self.tail(12)
            ),
        }
    }

    /// The pending roll's dice count and success faces, if a roll is pending.
    pub fn pending_dice(&self) -> Option<u16> {
        self.game.pending_roll().map(|r| r.dice)
    }

    /// Declares a whole activation: the unit, the plan (`"move attack"`, `"sustained"`, …), the
    /// spaces where move actions end, the target of the weapon lines used (`(line, "u3", ammo)`
    /// or `(line, "C4", 0)` for a cover element; lines not listed are left unused; the ranged
    /// lines fire in the order listed, where the engine asks it), and the
    /// optional skills used (every other optional skill offered is declined).
    ///
    /// # Panics
    /// If any part is refused.
    pub fn activate(&mut self, unit: u8, plan: &str, moves: &[&str], aims: &[(u8, &str, u8)], uses: &[&str]) {
        self.decide(&format!("activate u{unit}"));
        self.declare(plan, moves, aims, uses);
    }

    /// Like [`Table::activate`] for a declaration already started (reactive fire, an order).
    /// The script is kept until the unit's activation ends: what the game asks later (a
    /// battlefront Move's destination, an Attack's targets, after a reactive attack) is
    /// answered from it as it is asked.
    ///
    /// # Panics
    /// If any part is refused.
    pub fn declare(&mut self, plan: &str, moves: &[&str], aims: &[(u8, &str, u8)], uses: &[&str]) {
        let Some(unit) = self.game.declaring() else { return };
        self.scripts.retain(|s| s.unit != unit);
        self.scripts.push(Script {
            unit,
            since: self.game.events().len(),
            plan: plan.to_string(),
            planned: false,
            moves: moves.iter().map(ToString::to_string).collect(),
            aims: aims.iter().map(|&(l, t, a)| (l, t.to_string(), a)).collect(),
            uses: uses.iter().map(ToString::to_string).collect(),
        });
        self.settle();
    }
    /// Declares "nothing nothing" for the next unit of the side to play.
    ///
    /// # Panics
    /// If that is refused.
    pub fn pass(&mut self, unit: u8) {
        self.activate(unit, "nothing nothing", &[], &[], &[]);
    }

    /// The last `n` events, as text.
    pub fn tail(&self, n: usize) -> Vec<String> {
        let e = self.game.events();
        e[e.len().saturating_sub(n)..].iter().map(ToString::to_string).collect()
    }

    /// Health left of a unit.
    pub fn health(&self, unit: u8) -> u8 {
        self.game.unit(super::UnitId(unit)).health
    }
}

/// The unit with its battlefront card part.
pub fn with_bf(mut u: UnitSetup, bf: &Arc<BattlefrontCard>) -> UnitSetup {
    u.battlefront = Some(bf.clone());
    u
}

/// The unit with a battlefront card part that only gives its size.
pub fn sized(mut u: UnitSetup, kind: BattlefrontKind) -> UnitSetup {
    u.battlefront = Some(Arc::new(BattlefrontCard {
        kind: Some(kind),
        ..BattlefrontCard::default()
    }));
    u
}

/// The decisions the game offers now, as text.
pub fn legal(t: &Table) -> Vec<String> {
    t.game.legal_decisions().iter().map(ToString::to_string).collect()
}

/// The move decisions the game offers now, as text.
pub fn moves(t: &Table) -> Vec<String> {
    legal(t).into_iter().filter(|d| d.starts_with("move ")).collect()
}

/// The pending roll as (dice, success faces, faces), if a roll is pending.
pub fn pending_faces(t: &Table) -> Option<(u16, u8, u8)> {
    t.game.pending_roll().map(|r| (r.dice, r.success_faces, r.faces))
}

/// The rolls of one purpose so far: (dice, successes).
pub fn rolls_of(t: &Table, of: RollPurpose) -> Vec<(u16, u16)> {
    t.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Rolled { purpose, dice, successes } if *purpose == of => Some((*dice, *successes)),
            _ => None,
        })
        .collect()
}

/// (weapon, dice) of every line fired so far (the `Fired` events; dice before rerolls).
pub fn fired(t: &Table) -> Vec<(String, u16)> {
    t.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired { weapon, dice, .. } => Some((weapon.clone(), *dice)),
            _ => None,
        })
        .collect()
}

/// Plays `game` to its end with random legal decisions and dice from `rng`: `look(game,
/// options, pick)` sees each decision before it is applied.
///
/// # Panics
/// If a decision has no option, a decision offered does not read back from its text or is
/// refused, or the game takes `max_steps` steps (`what` names the game in the message).
pub fn play_randomly(game: &mut Game, rng: &mut GameRng, max_steps: u32, what: &str, mut look: impl FnMut(&Game, &[Decision], Decision)) {
    random_play(
        game,
        rng,
        max_steps,
        what,
        |game, options, pick| {
            assert_eq!(pick.to_string().parse::<Decision>(), Ok(pick));
            look(game, options, pick);
        },
        |_| {},
    );
}

/// Plays `game` to its end like [`play_randomly`], without reading the decisions back from
/// their text: `after(game)` sees the game after every step (a roll or a decision).
///
/// # Panics
/// If a decision has no option or a decision offered is refused, or the game takes `max_steps`
/// steps (`what` names the game in the message).
pub fn play_randomly_checking(game: &mut Game, rng: &mut GameRng, max_steps: u32, what: &str, after: impl FnMut(&Game)) {
    random_play(game, rng, max_steps, what, |_, _, _| {}, after);
}

fn random_play(
    game: &mut Game,
    rng: &mut GameRng,
    max_steps: u32,
    what: &str,
    mut look: impl FnMut(&Game, &[Decision], Decision),
    mut after: impl FnMut(&Game),
) {
    let mut steps = 0;
    loop {
        match game.pending() {
            Pending::GameOver { .. } => break,
            Pending::Chance(_) => {
                game.roll(rng);
            }
            Pending::Decision { .. } => {
                let options = game.legal_decisions();
                assert!(!options.is_empty(), "{what}: a decision with no option");
                let pick = options[rng.index(options.len())];
                look(game, &options, pick);
                game.apply(pick).expect("offered decisions are legal");
            }
        }
        steps += 1;
        assert!(steps < max_steps, "{what}: the game does not end");
        after(game);
    }
}

/// A richer battle for property tests: squads, a hero joined to a squad, a lone hero, vehicles,
/// a Command Squad, an artillery vehicle, a flamethrower of range 2, a sniper team, cover
/// elements and an objective, on an 8x8 board with a block of terrain. `variant` shuffles
/// which side gets which units and whether units start on the board.
pub fn skirmish(variant: u64) -> GameSetup {
    use crate::unit::Skill;
    let r4 = WeaponRange::Spaces { min: 1, max: 4 };
    let knife = rifle("Knife", WeaponRange::Close, 1);
    let mut grunts = squad("Grunts", 4, vec![rifle("Rifle", r4, 1), knife.clone()]);
    grunts.skills.push(Skill::Fast);
    let mut panzerfaust = rifle("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    panzerfaust.ammo = Some(2);
    grunts.weapons.push(panzerfaust);
    let mut hero = hero_card("Hero", 3, vec![rifle("Pistol", r4, 2), knife.clone()]);
    hero.skills = vec![
        Skill::MedalOfHonor,
        Skill::Berserk,
        Skill::HeroicAttack,
        Skill::TankHead,
        Skill::Commander,
    ];
    let mut serum = hero.clone();
    serum.name = "Serum Hero".into();
    serum.skills = vec![Skill::Wiederbelebungsserum, Skill::DamageResilient, Skill::BlackOps];
    let command = command_squad(vec![rifle("Rifle", r4, 1), knife.clone()]);
    let vehicle = |name: &str, weapons: Vec<WeaponLine>, skills: Vec<Skill>| {
        let mut v = vehicle_card(name, 3, weapons);
        v.skills = skills;
        v
    };
    let mut napalm = rifle("Napalm", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    napalm.keywords.flame = true;
    napalm.table.soldier = [CombatValue::Incendiary { dice: 1 }; 4];
    napalm.table.vehicle = [CombatValue::ApIncendiary { dice: 1 }; 7];
    let mut laser = rifle("Laser", r4, 1);
    laser.keywords.laser = true;
    let hot_dog = vehicle(
        "Hot Dog",
        vec![napalm, laser],
        vec![Skill::SelfRepair, Skill::Charge, Skill::ScoutVehicle],
    );
    let mut gun = rifle("Howitzer", WeaponRange::Artillery, 2);
    gun.table.vehicle = [CombatValue::Phaser { aim: 1, power: 2 }; 7];
    let mut volley = rifle("Rockets", r4, 1);
    volley.table.soldier = [CombatValue::Volley {
        dice: [2, 4, 0, 0],
        damage: 1,
    }; 4];
    volley.ammo = Some(3);
    let art = vehicle("Artillery", vec![gun, volley], vec![Skill::AllInOne]);
    let mut snipers = sniper_team(rifle("Sniper Rifle", WeaponRange::Unlimited, 1), rifle("Carbine", r4, 1));
    snipers.skills = vec![Skill::Sniper, Skill::ArtilleryStrike, Skill::AdvancedReactiveFire];
    let cards: Vec<Arc<UnitCard>> = [grunts, hero, command, hot_dog, art, snipers, serum]
        .into_iter()
        .map(Arc::new)
        .collect();
    let mut terrain = vec![Terrain::Open; 64];
    terrain[3 * 8 + 3] = Terrain::NoDot;
    terrain[4 * 8 + 4] = Terrain::NoDot;
    terrain[2 * 8 + 6] = Terrain::Rubble;
    let board = Board::new(BoardSetup {
        width: 8,
        height: 8,
        terrain,
        cover: vec![
            (Square::new(1, 3), crate::terrain::CoverElement::AmmoCrate),
            (Square::new(6, 4), crate::terrain::CoverElement::AntiTankTrap),
        ],
        ..BoardSetup::default()
    })
    .expect("skirmish board");
    let flip = variant & 1 == 1;
    let start_on_board = variant & 2 == 2;
    let side_of = |a: bool| if a ^ flip { Side::A } else { Side::B };
    let mut units = Vec::new();
    // Side "a": grunts + joined hero, command squad, hot dog. Side "b": grunts, artillery,
    // snipers, serum hero.
    let plan: [(usize, bool, &str); 8] = [
        (0, true, "B2"),
        (1, true, "B2"),
        (2, true, "D1"),
        (3, true, "F2"),
        (0, false, "C7"),
        (4, false, "A8"),
        (5, false, "F7"),
        (6, false, "H7"),
    ];
    for (i, &(c, a, at)) in plan.iter().enumerate() {
        units.push(UnitSetup {
            card: cards[c].clone(),
            side: side_of(a),
            joins: (i == 1).then_some(0),
            at: start_on_board.then(|| sq(at)),
            battlefront: None,
        });
    }
    let (ea, eb): (Vec<Square>, Vec<Square>) = (
        (0..8).map(|c| Square::new(c, 0)).collect(),
        (0..8).map(|c| Square::new(c, 7)).collect(),
    );
    GameSetup {
        board,
        entry: if flip { BySide { a: eb, b: ea } } else { BySide { a: ea, b: eb } },
        round_limit: 4 + (variant % 3) as u8,
        edition: crate::Edition::Revised,
        classic_dice: false,
        bf_rules: Default::default(),
        units,
        objectives: vec![super::ObjectiveSetup {
            name: "Crossroads".into(),
            at: Square::new(4, 3),
            points: 10,
            wins: false,
            wins_from: 0,
        }],
    }
}

/// Two battlefront squads face to face, each with a joined hero (tactics-battlefront-2013-rules.txt,
/// "Joining Infantry Squads"), on an open 4x10 board: side A's Grenadiers (u0, three soldiers
/// with a Rifle of 2 dice and a Knife) at B2 with their Captain (u1: a Grenade, a blast of one
/// die per model, and a Sabre), side B's Guard (u2, two soldiers with a Rifle and a Bayonet) at
/// B3 with their Sergeant (u3: a Pistol and a Sword, a blast of two dice per model). A blast
/// does two damage a hit on a hero: the revised table holds its nearest value, the heroes'
/// battlefront card parts the blast ("Blast Weapons"), so odds without those parts differ.
pub fn squads_with_joined_heroes() -> GameSetup {
    use crate::unit::{ArmorType, BattlefrontCard, BattlefrontValue, BattlefrontWeapon};
    let r = WeaponRange::Spaces { min: 1, max: 4 };
    let plain = |w: WeaponLine| (w, BattlefrontWeapon::default());
    let blast = |name: &str, range, per_model| {
        let mut w = rifle(name, range, per_model);
        w.table.soldier = [CombatValue::Incendiary { dice: per_model }; 4];
        let value = BattlefrontValue::Blast { per_model, damage: 2 };
        let bf = BattlefrontWeapon {
            values: vec![(ArmorType::Soldier, 2, value)],
            ..BattlefrontWeapon::default()
        };
        (w, bf)
    };
    let hero = |name: &str, lines: [(WeaponLine, BattlefrontWeapon); 2], joins: usize, side, at| {
        let (weapons, bf): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
        let mut u = placed(&Arc::new(hero_card(name, 3, weapons)), side, at);
        u.joins = Some(joins);
        u.battlefront = Some(Arc::new(BattlefrontCard {
            weapons: bf,
            ..BattlefrontCard::default()
        }));
        u
    };
    let grenadiers = squad("Grenadiers", 3, vec![rifle("Rifle", r, 2), rifle("Knife", WeaponRange::Close, 1)]);
    let guard = squad("Guard", 2, vec![rifle("Rifle", r, 1), rifle("Bayonet", WeaponRange::Close, 1)]);
    let captain = hero(
        "Captain",
        [blast("Grenade", r, 1), plain(rifle("Sabre", WeaponRange::Close, 2))],
        0,
        Side::A,
        "B2",
    );
    let sergeant = hero(
        "Sergeant",
        [plain(rifle("Pistol", r, 1)), blast("Sword", WeaponRange::Close, 2)],
        2,
        Side::B,
        "B3",
    );
    let mut setup = open_game(
        4,
        10,
        vec![
            placed(&Arc::new(grenadiers), Side::A, "B2"),
            captain,
            placed(&Arc::new(guard), Side::B, "B3"),
            sergeant,
        ],
    );
    setup.edition = crate::Edition::Battlefront;
    setup
}

/// The attack of side A's squad (u0) on side B's squad (u2) in a game of
/// [`squads_with_joined_heroes`] as `crate::odds` takes it, the engine's way: an Attack action
/// (not sustained: a Sustained Attack uses ranged or close-combat weapons, not both) of `lines`
/// (the Captain's from [`crate::odds::HERO_LINE`]) on a target that has not moved,
/// each squad with its joined hero, the heroes' battlefront card parts given when `with_bf`.
pub fn squads_with_joined_heroes_attack<'g>(g: &'g Game, lines: &[usize], with_bf: bool) -> crate::odds::AttackSpec<'g> {
    use super::UnitId;
    use crate::odds::{AttackSpec, JoinedHero};
    let hero = |u: u8| {
        let h = g.unit(UnitId(u));
        let mut j = JoinedHero::new(&h.card);
        j.bf = h.bf.as_deref().filter(|_| with_bf);
        j
    };
    let (a, t) = (g.unit(UnitId(0)), g.unit(UnitId(2)));
    let mut spec = AttackSpec::new(&a.card, &t.card)
        .battlefront(a.bf.as_deref(), t.bf.as_deref())
        .with_attacking_hero(hero(1))
        .with_joined_hero(hero(3))
        .with_lines(lines);
    spec.sustained = false;
    spec.burst = true;
    spec
}

/// An aircraft of three health points and armour class 1 whose cannon (2 dice) hits aircraft
/// too.
fn test_aircraft(name: &str, movement: u8) -> Arc<UnitCard> {
    let mut gun = rifle("Cannon", R6, 2);
    gun.table.aircraft = [CombatValue::Dice { dice: 2, damage: 1 }; 3];
    let mut c = gun_vehicle(name, movement);
    c.weapons = vec![gun];
    c.health = 3;
    c.kind = UnitKind::Aircraft;
    c.armor = Armor {
        kind: ArmorType::Aircraft,
        class: 1,
    };
    Arc::new(c)
}

/// A battlefront card part with these skills.
fn bf_skills(skills: Vec<crate::unit::BattlefrontSkill>) -> Arc<BattlefrontCard> {
    Arc::new(BattlefrontCard {
        skills,
        ..BattlefrontCard::default()
    })
}

/// The battlefront edition's new decision forms on one 8 x 8 table, for property tests and
/// fuzzing (tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons", "Support
/// Weapons", "Vehicle Crews", "Skills and Equipment", "Piloting Vehicles", "Vehicle and Aircraft
/// Size", "Moving Through Other Units", "Reserves"). Side A: Rangers (u0: an M1, a Thompson, a
/// bazooka of two shots and a knife each, the lines that take a soldier count) with their
/// joined Captain (u1: Fast, and Fighting Spirit, which he shares), an MG team (u2: a support
/// weapon of two crew, pistols), an IS-48 of two squares (u3, two damage points) piloted by an
/// ace (u4), a plane (u5). Side B: a half-track with two crew lines (u6), the Guard (u7) with
/// their Sergeant (u8, Berserk), a Punisher of four squares (u9), a transport aircraft of two
/// squares (u10), Grenadiers (u11). A tree, rubble, a square without a dot, an ammo crate and an
/// anti-tank trap in the middle; six rounds.
///
/// `variant`: bit 0, the half-track takes two squares; bit 1, the units enter from the table
/// edges instead of starting on it; bit 2, the plane hovers; `variant % 5`, the scenario rules
/// ([`crate::battlefront::ScenarioRules::PRESETS`]: reserves, objectives' rules). Card numbers
/// are illustrative.
pub fn battlefront_skirmish(variant: u64) -> GameSetup {
    use crate::battlefront::ScenarioRules;
    use crate::terrain::CoverElement;
    use crate::unit::{BattlefrontSkill as Bs, BattlefrontWeapon, Mount, Skill};
    let on_board = variant & 2 == 0;
    let unit = |card: &Arc<UnitCard>, side: Side, at: &str, bf: Option<&Arc<BattlefrontCard>>, joins: Option<usize>| UnitSetup {
        card: card.clone(),
        side,
        joins,
        at: on_board.then(|| sq(at)),
        battlefront: bf.cloned(),
    };
    let sized_bf = |kind| {
        Arc::new(BattlefrontCard {
            kind: Some(kind),
            ..BattlefrontCard::default()
        })
    };
    let hero = |name: &str, skills: Vec<Skill>| {
        let mut c = hero_card(name, 3, vec![rifle("Pistol", R6, 1), rifle("Sabre", WeaponRange::Close, 2)]);
        c.skills = skills;
        Arc::new(c)
    };
    // Rangers: several ranged weapons each.
    let mut bazooka = rifle("Bazooka", R6, 1);
    bazooka.table.vehicle = [CombatValue::Dice { dice: 2, damage: 2 }; 7];
    bazooka.ammo = Some(2);
    let rangers = Arc::new(squad(
        "Rangers",
        4,
        vec![
            rifle("M1", R6, 1),
            rifle("Thompson", R4, 2),
            bazooka,
            rifle("Knife", WeaponRange::Close, 1),
        ],
    ));
    // A support weapon carried by the first two soldiers.
    let mut mg = squad("MG Team", 4, vec![rifle("Heavy MG", R6, 3), rifle("Pistol", R4, 1)]);
    for (i, m) in mg.models.iter_mut().enumerate() {
        m.weapons = if i < 2 { 0b11 } else { 0b10 };
    }
    let mg_bf = Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon::default(),
        ],
        ..BattlefrontCard::default()
    });
    // A half-track with a turret gun and two crew lines.
    let mut ht = gun_vehicle("Half-Track", 1);
    ht.weapons.push(rifle("MP 44", R4, 2));
    ht.weapons.push(rifle("Pistols", R4, 1));
    ht.health = 3;
    let crew = BattlefrontWeapon {
        crew: true,
        mount: Some(Mount::Pedestal),
        ..BattlefrontWeapon::default()
    };
    let ht_bf = Arc::new(BattlefrontCard {
        kind: (variant & 1 == 1).then_some(BattlefrontKind::LargeVehicle),
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Turret),
                ..BattlefrontWeapon::default()
            },
            crew.clone(),
            crew,
        ],
        ..BattlefrontCard::default()
    });
    let mut is48 = gun_vehicle("IS-48", 1);
    is48.health = 2;
    let guard = Arc::new(squad(
        "Guard",
        2,
        vec![rifle("Rifle", R4, 1), rifle("Bayonet", WeaponRange::Close, 1)],
    ));
    let grenadiers = infantry("Grenadiers", 3);
    let plane_skills = if variant & 4 == 4 { vec![Bs::Hover] } else { Vec::new() };
    let units = vec![
        unit(&rangers, Side::A, "B2", None, None),
        unit(
            &hero("Captain", vec![Skill::Fast]),
            Side::A,
            "B2",
            Some(&bf_skills(vec![Bs::FightingSpirit])),
            Some(0),
        ),
        unit(&Arc::new(mg), Side::A, "D2", Some(&mg_bf), None),
        unit(&Arc::new(is48), Side::A, "F3", Some(&sized_bf(BattlefrontKind::LargeVehicle)), None),
        unit(
            &hero("Ace", Vec::new()),
            Side::A,
            "F3",
            Some(&bf_skills(vec![Bs::Pilot, Bs::AcePilot])),
            Some(3),
        ),
        unit(&test_aircraft("Plane", 3), Side::A, "H1", Some(&bf_skills(plane_skills)), None),
        unit(&Arc::new(ht), Side::B, "C6", Some(&ht_bf), None),
        unit(&guard, Side::B, "E7", None, None),
        unit(
            &hero("Sergeant", vec![Skill::Berserk]),
            Side::B,
            "E7",
            Some(&bf_skills(Vec::new())),
            Some(7),
        ),
        unit(
            &tank("Punisher", 2),
            Side::B,
            "G6",
            Some(&sized_bf(BattlefrontKind::HugeVehicle)),
            None,
        ),
        unit(
            &test_aircraft("Transport", 2),
            Side::B,
            "A7",
            Some(&sized_bf(BattlefrontKind::LargeAircraft)),
            None,
        ),
        unit(&grenadiers, Side::B, "D8", None, None),
    ];
    let mut setup = battlefront(open_game(8, 8, units));
    for (s, t) in [("D4", Terrain::NoDot), ("E5", Terrain::Trees), ("B5", Terrain::Rubble)] {
        setup.board.set_terrain(sq(s), t);
    }
    setup.board.place_cover(sq("C4"), CoverElement::AmmoCrate);
    setup.board.place_cover(sq("F5"), CoverElement::AntiTankTrap);
    let preset = ScenarioRules::PRESETS[variant as usize % ScenarioRules::PRESETS.len()];
    setup.bf_rules = ScenarioRules::preset(preset).expect("a preset");
    setup.round_limit = 6;
    setup
}
