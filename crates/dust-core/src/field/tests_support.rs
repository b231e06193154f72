//! Small Battlefield tables and cards built by hand, for tests, benchmarks and examples (the
//! shipped tables and cards are read by `dust-data`). The cards are the tests' own: plain
//! numbers chosen to make a rule visible, not any published card.

use super::{Decision, FieldCard, FieldGame, FieldSetup, Pending};
use crate::dice::BattlefrontDice;
use crate::range::WeaponRange;
use crate::unit::{
    Armor, ArmorType, BattlefrontCard, BattlefrontKind, Bloc, CombatTable, CombatValue, Keywords, Locomotion, Model, UnitCard, UnitKind,
    WeaponLine,
};
use dust_geom::angle::Facing;
use dust_geom::exact::Pt;
use dust_geom::table::{Area, Body, Mini, MiniKind, Objective, Side as GSide, Table, Terrain, TerrainKind, Unit};

/// A weapon line: `dice`/1 against soldiers and vehicles of armour 1–3, of range `range`
/// (`None`: close combat).
pub fn weapon(name: &str, range: Option<u8>, dice: u8) -> WeaponLine {
    let v = CombatValue::Dice { dice, damage: 1 };
    WeaponLine {
        name: name.into(),
        range: range.map_or(WeaponRange::Close, |max| WeaponRange::Spaces { min: 1, max }),
        table: CombatTable {
            soldier: [v; 4],
            vehicle: [
                v,
                v,
                v,
                CombatValue::NoEffect,
                CombatValue::NoEffect,
                CombatValue::NoEffect,
                CombatValue::NoEffect,
            ],
            aircraft: [v; 3],
        },
        keywords: Keywords::default(),
        ammo: None,
    }
}

fn card(name: &str, kind: UnitKind, armor: Armor, health: u8, movement: u8, weapons: Vec<WeaponLine>) -> UnitCard {
    let all = (1u32 << weapons.len()) - 1;
    UnitCard {
        name: name.into(),
        bloc: Bloc::Allies,
        kind,
        movement,
        armor,
        health,
        soft_cover: None,
        hard_cover: None,
        ap: 10 * u16::from(health),
        skills: Vec::new(),
        weapons,
        models: if kind == UnitKind::Squad {
            (0..health).map(|_| Model { weapons: all, role: None }).collect()
        } else {
            Vec::new()
        },
        source: "provisional: a test card".into(),
    }
}

/// A squad of `n` soldiers (armour 2), Move 1, a rifle of range 3 (1 die) and a knife (C).
pub fn squad_card(name: &str, n: u8) -> FieldCard {
    FieldCard {
        card: card(
            name,
            UnitKind::Squad,
            Armor {
                kind: ArmorType::Soldier,
                class: 2,
            },
            n,
            1,
            vec![weapon("Rifle", Some(3), 1), weapon("Knife", None, 1)],
        ),
        bf: BattlefrontCard::default(),
    }
}

/// A hero (armour 2, 3 damage points), Move 1, a pistol of range 2 (2 dice).
pub fn hero_card(name: &str) -> FieldCard {
    FieldCard {
        card: card(
            name,
            UnitKind::Hero,
            Armor {
                kind: ArmorType::Soldier,
                class: 2,
            },
            3,
            1,
            vec![weapon("Pistol", Some(2), 2)],
        ),
        bf: BattlefrontCard::default(),
    }
}

/// A vehicle (armour 3, 4 damage points), Move 2, a turret gun of range 5 (3 dice), moving by
/// `loco`.
pub fn vehicle_card(name: &str, loco: Locomotion) -> FieldCard {
    let mut bf = BattlefrontCard {
        locomotion: Some(loco),
        ..BattlefrontCard::default()
    };
    bf.weapons.push(crate::unit::BattlefrontWeapon {
        mount: Some(crate::unit::Mount::Turret),
        ..Default::default()
    });
    FieldCard {
        card: card(
            name,
            UnitKind::Vehicle,
            Armor {
                kind: ArmorType::Vehicle,
                class: 3,
            },
            4,
            2,
            vec![weapon("Gun", Some(5), 3)],
        ),
        bf,
    }
}

/// An aircraft (armour aircraft 1, 3 damage points), Move 3, a gun of range 4.
pub fn aircraft_card(name: &str) -> FieldCard {
    FieldCard {
        card: card(
            name,
            UnitKind::Aircraft,
            Armor {
                kind: ArmorType::Aircraft,
                class: 1,
            },
            3,
            3,
            vec![weapon("Cannon", Some(4), 2)],
        ),
        bf: BattlefrontCard {
            kind: None,
            ..BattlefrontCard::default()
        },
    }
}

/// A support weapon (one base, armour 2, 3 crosses) firing 45° either side of its facing.
pub fn support_card(name: &str) -> FieldCard {
    let mut c = squad_card(name, 3);
    c.card.weapons = vec![weapon("Heavy MG", Some(4), 4)];
    c.card.models = vec![Model { weapons: 1, role: None }];
    c.bf.kind = Some(BattlefrontKind::SupportWeapon);
    c
}

/// Builds a table in centimetres.
#[derive(Clone, Debug)]
pub struct Builder {
    /// The table so far.
    pub table: Table,
    /// The cards so far.
    pub cards: Vec<FieldCard>,
    /// The turn limit.
    pub turns: u8,
    /// The scenario's reserves rule.
    pub reserves: super::Reserves,
    /// Which units start in reserve.
    pub in_reserve: Vec<bool>,
    /// A meeting engagement.
    pub meeting: bool,
    /// Which units start in ambush.
    pub ambush: Vec<bool>,
    /// The vehicle each unit starts aboard.
    pub aboard: Vec<Option<usize>>,
    /// The side the players chose to defend.
    pub defender: Option<crate::Side>,
    /// Scattered reserves.
    pub scattered: bool,
}

impl Default for Builder {
    fn default() -> Builder {
        Builder::new(180.0, 120.0)
    }
}

/// One flag per unit of `n`, the last one set.
fn flag_last(v: &mut Vec<bool>, n: usize) {
    v.resize(n, false);
    if let Some(l) = v.last_mut() {
        *l = true;
    }
}

fn gs(s: crate::Side) -> GSide {
    match s {
        crate::Side::A => GSide::A,
        crate::Side::B => GSide::B,
    }
}

impl Builder {
    /// An empty table `w × d` cm.
    pub fn new(w: f64, d: f64) -> Builder {
        let p = Pt::cm(w, d);
        Builder {
            table: Table::new("test table", p.x, p.y),
            cards: Vec::new(),
            turns: 6,
            reserves: super::Reserves::None,
            in_reserve: Vec::new(),
            meeting: false,
            ambush: Vec::new(),
            aboard: Vec::new(),
            defender: None,
            scattered: false,
        }
    }

    /// The unit added last begins the game aboard unit `v` (a vehicle or aircraft of its side).
    pub fn aboard(mut self, v: usize) -> Builder {
        let n = self.table.units.len();
        self.aboard.resize(n, None);
        if let Some(l) = self.aboard.last_mut() {
            *l = Some(v);
        }
        self
    }

    /// A unit of `card` for `side` with a miniature at each point (cm), facing `facing`.
    pub fn unit(mut self, side: crate::Side, card: FieldCard, at: &[(f64, f64)], facing: i64) -> Builder {
        let kind = match super::Class::of(&card) {
            super::Class::Squad | super::Class::Hero => MiniKind::Infantry,
            super::Class::SupportWeapon => MiniKind::SupportWeapon,
            super::Class::Vehicle => MiniKind::Vehicle,
            super::Class::Aircraft => MiniKind::Aircraft,
        };
        let f = Facing::deg(facing);
        let size = match kind {
            MiniKind::Infantry => (250, 250),
            MiniKind::SupportWeapon => (500, 500),
            _ => (1_000, 600),
        };
        let minis = at
            .iter()
            .map(|&(x, y)| Mini {
                body: if kind.is_vehicle() {
                    Body::hull(Pt::cm(x, y), size.0, size.1, f)
                } else {
                    Body::disc(Pt::cm(x, y), size.0)
                },
            })
            .collect();
        let n = self.table.units.iter().filter(|u| u.card == card.card.name).count();
        self.table.units.push(Unit {
            name: if n == 0 {
                card.card.name.clone()
            } else {
                format!("{} #{}", card.card.name, n + 1)
            },
            card: card.card.name.clone(),
            side: gs(side),
            kind,
            facing: f,
            size,
            minis,
        });
        self.cards.push(card);
        self
    }

    /// The scenario's reserves rule.
    pub fn reserves(mut self, r: super::Reserves) -> Builder {
        self.reserves = r;
        self
    }

    /// The unit added last starts held in ambush.
    pub fn in_ambush(mut self) -> Builder {
        flag_last(&mut self.ambush, self.table.units.len());
        self
    }

    /// A deployment area of `side` on the polygon (cm).
    pub fn deployment(self, side: crate::Side, poly: &[(f64, f64)]) -> Builder {
        self.zone(dust_geom::table::ZoneKind::Deployment, side, poly)
    }

    /// A meeting engagement: every unit waits off the table.
    pub fn meeting(mut self) -> Builder {
        self.meeting = true;
        self
    }

    /// Scattered reserves: a unit arriving from reserves rolls for its stretch of table edge.
    pub fn scattered(mut self) -> Builder {
        self.scattered = true;
        self
    }

    /// The unit added last starts in reserve (its miniatures' places: where they move on).
    pub fn in_reserve(mut self) -> Builder {
        flag_last(&mut self.in_reserve, self.table.units.len());
        self
    }

    /// An arrival zone of `side` on the polygon (cm).
    pub fn arrival(self, side: crate::Side, poly: &[(f64, f64)]) -> Builder {
        self.zone(dust_geom::table::ZoneKind::Arrival, side, poly)
    }

    fn zone(mut self, kind: dust_geom::table::ZoneKind, side: crate::Side, poly: &[(f64, f64)]) -> Builder {
        self.table.zones.push(dust_geom::table::Zone {
            kind,
            side: gs(side),
            polygon: poly.iter().map(|&(x, y)| Pt::cm(x, y)).collect(),
        });
        self
    }

    /// A terrain piece of `kind` on the polygon (cm).
    pub fn terrain(mut self, kind: TerrainKind, poly: &[(f64, f64)]) -> Builder {
        let t = Terrain::new(kind.name(), kind, Area::Polygon(poly.iter().map(|&(x, y)| Pt::cm(x, y)).collect()));
        self.table.terrain.push(t);
        self
    }

    /// A bunker on the polygon (cm), its firing slit facing `facing` degrees, with a rear door
    /// 6 cm wide at `door` (a point on its outline).
    pub fn bunker(mut self, poly: &[(f64, f64)], facing: i64, door: (f64, f64)) -> Builder {
        let mut t = Terrain::new(
            "Bunker",
            TerrainKind::Bunker,
            Area::Polygon(poly.iter().map(|&(x, y)| Pt::cm(x, y)).collect()),
        );
        t.facing = Some(Facing::deg(facing));
        t.open(Pt::cm(door.0, door.1), 600, false);
        self.table.terrain.push(t);
        self
    }

    /// The terrain piece added last (a bunker or strongpoint) is fielded by `side`.
    pub fn fielded_by(mut self, side: crate::Side) -> Builder {
        if let Some(t) = self.table.terrain.last_mut() {
            t.side = Some(gs(side));
        }
        self
    }

    /// An objective at (cm).
    pub fn objective(mut self, x: f64, y: f64) -> Builder {
        self.table.objectives.push(Objective {
            name: format!("objective {}", self.table.objectives.len() + 1),
            at: Pt::cm(x, y),
        });
        self
    }

    /// The set-up.
    pub fn setup(self) -> FieldSetup {
        FieldSetup {
            table: self.table,
            cards: self.cards,
            turns: self.turns,
            ap_limit: None,
            dice: BattlefrontDice::ThreeSymbol,
            reserves: self.reserves,
            meeting: self.meeting,
            ambush: self.ambush,
            in_reserve: self.in_reserve,
            aboard: self.aboard,
            defender: self.defender,
            scattered: self.scattered,
        }
    }

    /// The game, dice seeded with `seed`.
    ///
    /// # Panics
    /// When the set-up is refused.
    pub fn game(self, seed: u64) -> FieldGame {
        FieldGame::new(self.setup(), seed).expect("a valid test set-up")
    }
}

/// Plays `games` random games on copies of `b` (dice seeds 0, 1, ...), each until it is over or
/// for at most `steps` steps: `step` takes one step, given the game's own xorshift state for
/// [`random_step`] (seeded from the game's seed), and `after` sees each game where it stopped,
/// with whether it ended. Returns the number of games that ended.
pub fn random_games(
    b: &Builder,
    games: u64,
    steps: usize,
    mut step: impl FnMut(&mut FieldGame, &mut u64),
    mut after: impl FnMut(&FieldGame, bool),
) -> usize {
    let mut ended = 0;
    for seed in 0..games {
        let mut g = b.clone().game(seed);
        let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut over = false;
        for _ in 0..steps {
            if matches!(g.pending(), super::Pending::Over(_)) {
                over = true;
                break;
            }
            step(&mut g, &mut pick);
        }
        ended += usize::from(over);
        after(&g, over);
    }
    ended
}

/// Plays `First` for the side of unit `u`, activates `u` and declares `plan` (the unit must be
/// able to: not suppressed).
///
/// # Panics
/// When a decision is refused.
pub fn activate(g: &mut FieldGame, u: usize, plan: &[super::Action]) {
    let side = g.units()[u].side;
    if g.candidates(2).iter().any(|d| matches!(d, Decision::First(_))) {
        g.apply(Decision::First(side)).expect("first");
    }
    assert_eq!(g.pending(), Pending::Decision(side), "side {side} should activate");
    g.apply(Decision::Activate(u)).expect("activate");
    g.apply(Decision::Plan(plan.to_vec())).expect("plan");
}

/// Activates the first unit of `side` not yet activated for two NOTHING actions, and settles what
/// follows.
///
/// # Panics
/// When `side` has no unit left to activate or a decision is refused.
pub fn rest_one(g: &mut FieldGame, side: crate::Side) {
    let u = (0..g.units().len())
        .find(|&u| g.units()[u].side == side && !g.units()[u].activated && !g.units()[u].destroyed)
        .expect("a unit left to activate");
    g.apply(Decision::Activate(u)).expect("activate");
    g.apply(Decision::Plan(vec![super::Action::Nothing, super::Action::Nothing]))
        .expect("plan");
    settle(g);
}

/// The rolls logged from event `from` on for `purpose`: (dice, successes).
pub fn rolls(g: &FieldGame, from: usize, purpose: super::Purpose) -> Vec<(u16, u16)> {
    rolls_since(g, from)
        .into_iter()
        .filter(|r| r.0 == purpose)
        .map(|(_, dice, successes)| (dice, successes))
        .collect()
}

/// The rolls logged since event `from`: (purpose, dice, successes).
pub fn rolls_since(g: &FieldGame, from: usize) -> Vec<(super::Purpose, u16, u16)> {
    g.events()[from..]
        .iter()
        .filter_map(|e| match e {
            super::Event::Rolled { purpose, dice, successes } => Some((*purpose, *dice, *successes)),
            _ => None,
        })
        .collect()
}

/// Plays the pending casualty choices (the first the generator lists) and declines reactions,
/// until the game waits for something else.
///
/// # Panics
/// When a decision is refused.
pub fn settle(g: &mut FieldGame) {
    for _ in 0..50 {
        let asks = g.asks();
        if asks.starts_with("the miniatures lost") {
            let d = g.candidates(4).into_iter().next().expect("a casualty choice");
            g.apply(d).expect("casualties");
        } else if asks.starts_with("a reactive attack") {
            g.apply(Decision::React(None)).expect("no reaction");
        } else {
            return;
        }
    }
}

/// Plays the other units' activations (two NOTHING actions each, no reactions, the first
/// casualties offered) until unit `u` may activate; `false` if the game ends first.
///
/// # Panics
/// When the generator offers nothing to play, or a candidate is refused.
pub fn until_activation_of(g: &mut FieldGame, u: usize) -> bool {
    for _ in 0..200 {
        let Pending::Decision(side) = g.pending() else { return false };
        let c = g.candidates(64);
        if c.contains(&Decision::Activate(u)) {
            return true;
        }
        let pick = c
            .iter()
            .find(|d| matches!(d, Decision::First(_) | Decision::React(None) | Decision::Casualties(_)))
            .or_else(|| {
                c.iter()
                    .find(|d| **d == Decision::Plan(vec![super::Action::Nothing, super::Action::Nothing]))
            })
            .or_else(|| c.iter().find(|d| matches!(d, Decision::Activate(x) if *x != u)))
            .or_else(|| c.iter().find(|d| matches!(d, Decision::Pass)))
            .cloned()
            .unwrap_or_else(|| panic!("side {side}: nothing to play among {c:?}"));
        g.apply(pick).expect("a candidate is accepted");
    }
    false
}

/// One step of a random game: one of the generator's candidates (at most `limit`) picked by the
/// xorshift state `pick`, checked (the one place that decides legality must accept every
/// proposal), then applied. Returns the decision played.
///
/// # Panics
/// When nothing is proposed, or a proposal is refused.
pub fn random_step(g: &mut FieldGame, pick: &mut u64, limit: usize) -> Decision {
    random_step_preferring(g, pick, limit, |_| false)
}

/// [`random_step`], taking the first candidate `prefer` accepts whenever one is proposed (the
/// xorshift state moves on either way).
///
/// # Panics
/// When nothing is proposed, or a proposal is refused.
pub fn random_step_preferring(g: &mut FieldGame, pick: &mut u64, limit: usize, prefer: impl Fn(&Decision) -> bool) -> Decision {
    let c = g.candidates(limit);
    assert!(!c.is_empty(), "a decision is pending: {}", g.asks());
    *pick ^= *pick << 13;
    *pick ^= *pick >> 7;
    *pick ^= *pick << 17;
    let d = c
        .iter()
        .find(|d| prefer(d))
        .unwrap_or(&c[(*pick % c.len() as u64) as usize])
        .clone();
    assert!(g.check(&d).is_ok(), "{d} proposed but refused");
    g.apply(d.clone()).expect("accepted");
    d
}
