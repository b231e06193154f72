//! Monte Carlo odds through the engine's own resolution: the attack is set up on a small open
//! board and played with the public [`Game`] API, with seeded dice.

use super::{AttackSpec, Distribution, HeroHits, OddsError};
use crate::board::{Board, BoardSetup};
use crate::game::{Action, Casualty, Decision, Event, Game, GameSetup, Optional, Pending, Plan, Target, UnitId, UnitSetup};
use crate::los::{line_of_sight, CoverLevel, Shot};
use crate::occupancy::Occupancy;
use crate::rng::GameRng;
use crate::side::{BySide, Side};
use crate::square::Square;
use crate::terrain::{CoverElement, Terrain};
use crate::unit::{BattlefrontCard, Role, Skill, UnitCard, UnitKind};
use std::sync::Arc;

/// What the engine did over many seeded plays of the same attack.
#[derive(Clone, Debug, PartialEq)]
pub struct MonteCarlo {
    /// Plays.
    pub samples: u32,
    /// Observed frequencies of the health the target lost.
    pub loss: Distribution,
    /// Observed frequencies of the health the attacker lost (close-combat retaliation).
    pub attacker_loss: Distribution,
    /// Observed joint frequencies: `joint[t][a]`.
    pub joint: Vec<Vec<f64>>,
    /// The distance the units stood apart.
    pub distance: u32,
    /// Battlefront, a hero joined to the target squad: observed joint frequencies
    /// `hero_joint[s][h]` of the squad losing `s` miniatures and the hero `h` health.
    pub hero_joint: Option<Vec<Vec<f64>>>,
    /// The other units on the spray's path ([`AttackSpec::path_victims`], in that order):
    /// observed joint frequencies `victims[i][s][h]` of the unit losing `s` (miniatures or
    /// health) and its joined hero `h` health (always 0 without one).
    pub victims: Vec<Vec<Vec<f64>>>,
    /// A hero joined to the attacking squad ([`AttackSpec::attacking_hero`]): observed joint
    /// frequencies `attacker_hero_joint[s][h]` of the squad losing `s` miniatures and the hero
    /// `h` health.
    pub attacker_hero_joint: Option<Vec<Vec<f64>>>,
}

impl MonteCarlo {
    /// Observed frequencies of the health the joined hero lost.
    pub fn hero_loss(&self) -> Option<Distribution> {
        let j = self.hero_joint.as_ref()?;
        let n = j.first().map_or(1, Vec::len);
        Some(Distribution::from_probs((0..n).map(|h| j.iter().map(|r| r[h]).sum()).collect()))
    }
    /// Observed frequencies of the health the hero joined to the attacking squad lost.
    pub fn attacker_hero_loss(&self) -> Option<Distribution> {
        let j = self.attacker_hero_joint.as_ref()?;
        let n = j.first().map_or(1, Vec::len);
        Some(Distribution::from_probs((0..n).map(|h| j.iter().map(|r| r[h]).sum()).collect()))
    }
    /// Observed frequencies of what the `i`-th other unit on the spray's path lost.
    pub fn victim_loss(&self, i: usize) -> Option<Distribution> {
        let j = self.victims.get(i)?;
        Some(Distribution::from_probs(j.iter().map(|r| r.iter().sum()).collect()))
    }
    /// Observed frequencies of what the hero joined to the `i`-th other unit lost.
    pub fn victim_hero_loss(&self, i: usize) -> Option<Distribution> {
        let j = self.victims.get(i)?;
        let n = j.first().map_or(1, Vec::len);
        Some(Distribution::from_probs((0..n).map(|h| j.iter().map(|r| r[h]).sum()).collect()))
    }
}

const ATTACKER: UnitId = UnitId(0);
const TARGET: UnitId = UnitId(1);
/// The hero joined to the target squad, if any.
const HERO: UnitId = UnitId(2);

fn set_skill(c: &mut UnitCard, s: Skill, on: bool) {
    c.skills.retain(|&k| k != s);
    if on {
        c.skills.push(s);
    }
}

/// The card and battlefront part without an Improvised Weapons line at their end (a card as a
/// battlefront game holds it, [`crate::unit::with_improvised`]): the engine gives it back at
/// set-up, at the same place.
fn without_improvised(card: &UnitCard, bf: Option<&BattlefrontCard>) -> (UnitCard, Option<BattlefrontCard>) {
    let mut c = card.clone();
    let mut b = bf.cloned();
    let n = c.weapons.len();
    let improvised = |i: usize| {
        bf.and_then(|b| b.weapons.get(i))
            .map_or(card.weapons[i].name == crate::unit::IMPROVISED_NAME, |w| w.improvised)
    };
    if n > 0 && improvised(n - 1) {
        c.weapons.pop();
        for m in &mut c.models {
            m.weapons &= !(1 << (n - 1));
        }
        if let Some(b) = &mut b {
            b.weapons.truncate(n - 1);
        }
    }
    (c, b)
}

/// The card with only `n` miniatures (the first of the card) or `n` health points.
fn shrink(c: &mut UnitCard, n: u8) {
    if c.kind == UnitKind::Squad {
        c.models.truncate(usize::from(n));
    }
    c.health = n;
}

fn unsupported(what: impl Into<String>) -> OddsError {
    OddsError::Unsupported { what: what.into() }
}

/// Plays the attack `samples` times with the engine, dice from `GameRng::new(seed)`.
///
/// The two units stand on an open board at the shortest distance every chosen line reaches,
/// with an ammo crate (soft) or anti-tank trap (hard) in a squad target's space for cover. The
/// attacker's side goes first (the target's, when it uses Heroic Attack); the attacker plans
/// ATTACK + NOTHING or a SUSTAINED ATTACK, aims the chosen lines at the target and answers the
/// optional skills as the spec says; casualties are taken from the last living miniature of the
/// card, as the exact computation assumes. A joined hero ([`AttackSpec::joined_hero`]) stands
/// with the target squad and takes the hits the spec's order gives him; a hero joined to the
/// attacking squad ([`AttackSpec::attacking_hero`]) stands with it, aims his chosen lines at
/// the target (his Medal of Honor, when the spec uses it) and takes the retaliation's hits as
/// his order says. The units on a spray's
/// path ([`AttackSpec::path_victims`]) stand one per square between the two, in order (a
/// vehicle one column aside, where the path bends), each with its joined hero, and every spray
/// line's path is spread through them. The lines played are those the engine offers (one line
/// of a weapon with two lines, the Improvised Weapons where offered), as [`super::odds`]
/// computes; a card's Improvised Weapons line is left to the engine, which gives it back.
///
/// # Errors
/// The spec does not fit the cards, or asks for something the engine cannot play: Medal of
/// Honor on a unit that is not a hero, an attacker that moved (revised edition; in the
/// battlefront edition it makes a Move to its own square before the attack), a Burst line against a target
/// that moved, Heroic Attack on a target that is not a hero, lines no single distance reaches,
/// battlefront lines given in an order other than the card's ([`AttackSpec::in_card_order`]:
/// the battlefront engine resolves them in card order; the revised engine asks the order,
/// [`Decision::Fire`], and is given the spec's), units on the path of some spray lines only, or with a vehicle
/// target in cover or a large model.
pub fn monte_carlo(spec: &AttackSpec<'_>, samples: u32, seed: u64) -> Result<MonteCarlo, OddsError> {
    // The lines the engine offers (the Improvised Weapons when it offers them, one line of a
    // weapon with two): those the exact odds compute.
    let (offered, _) = super::exact::offered(spec)?;
    let spec = &offered;
    if spec.medal_of_honor && spec.attacker.kind != UnitKind::Hero && spec.attacking_hero.is_none() {
        return Err(unsupported("Medal of Honor on a unit that is not a hero"));
    }
    if spec.attacker_moved && !spec.is_battlefront() {
        return Err(unsupported("an attacker that moved this round"));
    }
    if spec.is_battlefront() && !spec.in_card_order() {
        // The battlefront engine resolves an activation's lines in card order; another order
        // would compare two different attacks. (In the revised edition the player chooses the
        // order: [`Decision::Fire`].)
        return Err(unsupported(
            "battlefront lines in an order other than the card's (the engine resolves them in card order)",
        ));
    }
    let lines = spec.resolution_order();
    if !spec.burst && lines.iter().any(|c| spec.weapon(c.line).is_some_and(|w| w.keywords.burst)) {
        return Err(unsupported("a Burst line against a target that moved"));
    }
    if spec.heroic_attack && spec.target.kind != UnitKind::Hero {
        return Err(unsupported("Heroic Attack on a unit that is not a hero"));
    }
    // The engine gives every battlefront unit its Improvised Weapons line at set-up.
    let (mut att, att_bf) = without_improvised(&spec.attacker, spec.attacker_bf);
    shrink(&mut att, spec.attacker_alive);
    set_skill(&mut att, Skill::Berserk, spec.berserk);
    set_skill(&mut att, Skill::AllInOne, spec.all_in_one);
    set_skill(&mut att, Skill::HeroicAttack, false);
    // Medal of Honor is the hero's: the attacking squad's joined hero's, when it has one.
    set_skill(&mut att, Skill::MedalOfHonor, spec.medal_of_honor && spec.attacking_hero.is_none());
    for m in &mut att.models {
        if m.role == Some(Role::Spotter) {
            m.role = None;
        }
    }
    if spec.spotter {
        match att.models.first_mut() {
            Some(m) => m.role = Some(Role::Spotter),
            None => return Err(unsupported("a Spotter in a unit that is not a squad")),
        }
    }
    let (mut tgt, tgt_bf) = without_improvised(&spec.target, spec.target_bf);
    shrink(&mut tgt, spec.target_alive);
    set_skill(&mut tgt, Skill::DamageResilient, spec.damage_resilient);
    set_skill(&mut tgt, Skill::HeroicAttack, spec.heroic_attack);
    let bf = spec.is_battlefront();
    let infantry = matches!(tgt.kind, UnitKind::Squad | UnitKind::Hero);
    // Battlefront: a vehicle in cover stands one column aside, a blocking square in front of the
    // attacker hiding a corner of it, so two squares away at least.
    let vehicle_cover = bf && !infantry && spec.cover != CoverLevel::None;
    // The other units on the spray's path stand one per square on the straight path from the
    // attacker (a vehicle, which blocks the line of sight, beside it: the spray's path bends
    // through its square); every spray line crosses them all.
    if !spec.path_victims.is_empty() {
        if vehicle_cover {
            return Err(unsupported("units on a spray's path with a vehicle target in cover"));
        }
        let spraying: Vec<usize> = lines
            .iter()
            .map(|c| c.line)
            .filter(|&li| {
                spec.weapon(li).is_some_and(|w| {
                    super::sprays_along_a_path(w) && w.table.against(spec.target.armor) != crate::unit::CombatValue::NoEffect
                })
            })
            .collect();
        for v in &spec.path_victims {
            let on = spec.victim_lines(v);
            if spraying.iter().any(|l| !on.contains(l)) {
                return Err(unsupported(format!(
                    "{} on the path of some of the spray lines only (every spray crosses every unit on the test board)",
                    v.card.name
                )));
            }
        }
    }
    let fewest = (if vehicle_cover { 2 } else { 1 }).max(spec.path_victims.len() as u32 + 1);
    let distance = (fewest..=20u32)
        .find(|&d| {
            lines.iter().all(|c| {
                spec.weapon(c.line).is_some_and(|w| {
                    w.range.reaches_in(
                        if spec.is_battlefront() {
                            crate::Edition::Battlefront
                        } else {
                            crate::Edition::Revised
                        },
                        d,
                    )
                })
            })
        })
        .ok_or_else(|| unsupported("no distance is in range of every chosen line"))?;
    let height = distance as u8 + 3;
    // Battlefront: five columns, so that a huge model's two-square width fits.
    let (width, col) = if bf { (5u8, 2u8) } else { (3, 1) };
    let from = Square::new(col, 1);
    let to = Square::new(if vehicle_cover { col - 1 } else { col }, 1 + distance as u8);
    let mut cover = Vec::new();
    let mut terrain = vec![Terrain::Open; usize::from(width) * usize::from(height)];
    if tgt.kind == UnitKind::Squad || (bf && infantry) {
        // "An Infantry unit is also in Cover if it occupies a square with ammo crates,
        // anti-tank traps…" (battlefront "Cover Saves").
        match spec.cover {
            CoverLevel::None => {}
            CoverLevel::Soft => cover.push((to, CoverElement::AmmoCrate)),
            CoverLevel::Hard => cover.push((to, CoverElement::AntiTankTrap)),
        }
    } else if vehicle_cover {
        // A vehicle is in cover when a blocking square hides a point of its square from every
        // point of the attacker's: here the square diagonally in front of it.
        terrain[usize::from(width) * usize::from(to.row() - 1) + usize::from(col)] = Terrain::NoDot;
    }
    let board = Board::new(BoardSetup {
        width,
        height,
        terrain,
        cover,
        ..BoardSetup::default()
    })
    .map_err(|p| {
        unsupported(format!(
            "board: {}",
            p.iter().map(|x| x.message.clone()).collect::<Vec<_>>().join("; ")
        ))
    })?;
    let victims: Vec<(UnitCard, Option<BattlefrontCard>, Square)> = spec
        .path_victims
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let (mut c, b) = without_improvised(v.card, v.bf);
            shrink(&mut c, v.alive);
            set_skill(&mut c, Skill::DamageResilient, v.damage_resilient);
            set_skill(&mut c, Skill::HeroicAttack, false);
            let beside = bf && !matches!(c.kind, UnitKind::Squad | UnitKind::Hero);
            let at = Square::new(if beside { col + 1 } else { col }, 2 + i as u8);
            (c, b, at)
        })
        .collect();
    let bf_large = [spec.attacker_bf, spec.target_bf]
        .into_iter()
        .chain(spec.path_victims.iter().map(|v| v.bf))
        .any(|b| b.and_then(|b| b.kind).is_some_and(|k| k.squares() > 1));
    if bf_large && !victims.is_empty() {
        return Err(unsupported("a large or huge model with units on a spray's path"));
    }
    if bf {
        let mut occ = Occupancy::new(&board);
        occ.place(from, att.kind.piece(), Side::A);
        occ.place(to, tgt.kind.piece(), Side::B);
        for (c, _, at) in &victims {
            occ.place(*at, c.kind.piece(), Side::B);
        }
        let want = spec.cover != CoverLevel::None;
        let in_cover = (infantry && board.cover(to).is_some()) || crate::battlefront::area_cover(&board, &occ, from, to);
        if !crate::battlefront::sees(&board, &occ, from, to) || in_cover != want || (want && bf_large) {
            return Err(unsupported(format!(
                "the target {} on the test board",
                if want { "in cover" } else { "in the open" }
            )));
        }
    } else if tgt.kind == UnitKind::Squad || !victims.is_empty() {
        let mut occ = Occupancy::new(&board);
        occ.place(from, att.kind.piece(), Side::A);
        occ.place(to, tgt.kind.piece(), Side::B);
        for (c, _, at) in &victims {
            occ.place(*at, c.kind.piece(), Side::B);
        }
        let shot = Shot {
            from,
            to,
            attacker: att.kind.piece(),
            target: tgt.kind.piece(),
        };
        match line_of_sight(&board, &occ, &shot) {
            Ok(c) if c.level == spec.cover || tgt.kind != UnitKind::Squad => {}
            _ => return Err(unsupported(format!("{} cover on the test board", spec.cover.name()))),
        }
    }
    let att = Arc::new(att);
    let tgt = Arc::new(tgt);
    let hero_card = |h: &super::JoinedHero<'_>| {
        let (mut c, b) = without_improvised(h.card, h.bf);
        shrink(&mut c, h.health);
        set_skill(&mut c, Skill::DamageResilient, h.damage_resilient);
        set_skill(&mut c, Skill::HeroicAttack, false);
        (Arc::new(c), b.map(Arc::new))
    };
    let hero = spec.joined_hero.as_ref().map(hero_card);
    let mut setup = GameSetup {
        board,
        entry: BySide {
            a: vec![Square::new(0, 0)],
            b: vec![Square::new(0, height - 1)],
        },
        round_limit: 1,
        edition: spec.edition,
        classic_dice: false,
        bf_rules: Default::default(),
        units: vec![
            UnitSetup {
                card: att.clone(),
                side: Side::A,
                joins: None,
                at: Some(from),
                battlefront: attacker_bf(spec, att_bf.as_ref()),
            },
            UnitSetup {
                card: tgt.clone(),
                side: Side::B,
                joins: None,
                at: Some(to),
                battlefront: tgt_bf.map(Arc::new),
            },
        ],
        objectives: Vec::new(),
    };
    if let Some((h, b)) = &hero {
        setup.units.push(UnitSetup {
            card: h.clone(),
            side: Side::B,
            joins: Some(usize::from(TARGET.0)),
            at: Some(to),
            battlefront: b.clone(),
        });
    }
    // The hero joined to the attacking squad, with his Medal of Honor as the spec says.
    let att_hero = spec.attacking_hero.as_ref().map(|h| {
        let (c, b) = hero_card(h);
        let mut c = (*c).clone();
        set_skill(&mut c, Skill::MedalOfHonor, spec.medal_of_honor);
        let id = UnitId(setup.units.len() as u8);
        setup.units.push(UnitSetup {
            card: Arc::new(c),
            side: Side::A,
            joins: Some(usize::from(ATTACKER.0)),
            at: Some(from),
            battlefront: b,
        });
        id
    });
    // The other units on the path, each with its joined hero: (unit, hero, the hero's order).
    let mut lay = Layout {
        attacker_hero: spec.attacking_hero.as_ref().zip(att_hero).map(|(h, id)| (id, h.takes)),
        ..Layout::default()
    };
    for ((c, b, at), v) in victims.into_iter().zip(&spec.path_victims) {
        let id = UnitId(setup.units.len() as u8);
        setup.units.push(UnitSetup {
            card: Arc::new(c),
            side: Side::B,
            joins: None,
            at: Some(at),
            battlefront: b.map(Arc::new),
        });
        let vh = v.joined_hero.as_ref().map(|h| {
            let (hc, hb) = hero_card(h);
            let hid = UnitId(setup.units.len() as u8);
            setup.units.push(UnitSetup {
                card: hc,
                side: Side::B,
                joins: Some(usize::from(id.0)),
                at: Some(at),
                battlefront: hb,
            });
            (hid, h.takes)
        });
        lay.victims.push((id, vh));
        lay.path.push(at);
    }
    // The rest of the path, straight on to the target.
    for r in 2 + lay.path.len() as u8..1 + distance as u8 {
        lay.path.push(Square::new(col, r));
    }
    let mut g = Game::new(setup).map_err(|e| unsupported(e.to_string()))?;
    let mut rng = GameRng::new(seed);
    // Up to the end of the attacker's declaration: its activation has begun and the first die
    // is pending (in the battlefront edition the targets are declared after the Move and the
    // enemy's chance to react, "4) Declare Targets").
    let mut guard = 0;
    let declared = |g: &Game| {
        g.unit(ATTACKER).activated
            && (!matches!(g.pending(), Pending::Decision { .. })
                || g.events().iter().any(|e| matches!(e, Event::ActivationEnded(u) if *u == ATTACKER)))
    };
    while !declared(&g) {
        guard += 1;
        if guard > 10_000 {
            return Err(unsupported("the engine never reached the attack"));
        }
        match g.pending() {
            Pending::Chance(_) => {
                g.roll(&mut rng);
            }
            Pending::GameOver { .. } => return Err(unsupported("the game ended before the attack")),
            Pending::Decision { side } => {
                let legal = g.legal_decisions();
                let d = declare(spec, &g, side, &legal, &lay)?;
                g.apply(d).map_err(|e| unsupported(e.to_string()))?;
            }
        }
    }
    g.clear_events();
    let h = usize::from(tgt.health);
    let a = usize::from(att.health);
    let mut joint = vec![vec![0u32; a + 1]; h + 1];
    let hh = hero.as_ref().map_or(0, |c| usize::from(c.0.health));
    let mut hero_joint = vec![vec![0u32; hh + 1]; h + 1];
    let ah = att_hero.map_or(0, |x| usize::from(g.unit(x).health));
    let mut att_hero_joint = vec![vec![0u32; ah + 1]; a + 1];
    let mut victim_joint: Vec<Vec<Vec<u32>>> = lay
        .victims
        .iter()
        .map(|&(v, vh)| vec![vec![0u32; vh.map_or(0, |x| usize::from(g.unit(x.0).health)) + 1]; usize::from(g.unit(v).health) + 1])
        .collect();
    for _ in 0..samples {
        let mut s = g.clone();
        let mut steps = 0;
        loop {
            steps += 1;
            if steps > 100_000 {
                return Err(unsupported("the attack did not end"));
            }
            // (A joined hero whose squad the retaliation eliminated ends the activation in its
            // place: revised "Heroes", docs/rulings.md.)
            if s.events()
                .iter()
                .any(|e| matches!(e, Event::ActivationEnded(u) if *u == ATTACKER || Some(*u) == att_hero))
            {
                break;
            }
            match s.pending() {
                Pending::Chance(_) => {
                    s.roll(&mut rng);
                }
                Pending::GameOver { .. } => break,
                Pending::Decision { side } => {
                    let legal = s.legal_decisions();
                    let d = respond(spec, &s, side, &legal, &lay)?;
                    s.apply(d).map_err(|e| unsupported(e.to_string()))?;
                }
            }
        }
        let t_loss = h - usize::from(s.unit(TARGET).health);
        let a_loss = a - usize::from(s.unit(ATTACKER).health);
        joint[t_loss][a_loss] += 1;
        if hero.is_some() {
            hero_joint[t_loss][hh - usize::from(s.unit(HERO).health)] += 1;
        }
        if let Some(x) = att_hero {
            att_hero_joint[a_loss][ah - usize::from(s.unit(x).health)] += 1;
        }
        for (j, &(v, vh)) in victim_joint.iter_mut().zip(&lay.victims) {
            let lost = usize::from(g.unit(v).health - s.unit(v).health);
            let hero_lost = vh.map_or(0, |x| usize::from(g.unit(x.0).health - s.unit(x.0).health));
            j[lost][hero_lost] += 1;
        }
    }
    let n = f64::from(samples.max(1));
    let joint: Vec<Vec<f64>> = joint.iter().map(|r| r.iter().map(|&c| f64::from(c) / n).collect()).collect();
    let loss = Distribution::from_probs(joint.iter().map(|r| r.iter().sum()).collect());
    let attacker_loss = Distribution::from_probs((0..=a).map(|j| joint.iter().map(|r| r[j]).sum()).collect());
    let hero_joint = hero
        .is_some()
        .then(|| hero_joint.iter().map(|r| r.iter().map(|&c| f64::from(c) / n).collect()).collect());
    let attacker_hero_joint = att_hero.map(|_| {
        att_hero_joint
            .iter()
            .map(|r| r.iter().map(|&c| f64::from(c) / n).collect())
            .collect()
    });
    let victims = victim_joint
        .iter()
        .map(|j| j.iter().map(|r| r.iter().map(|&c| f64::from(c) / n).collect()).collect())
        .collect();
    Ok(MonteCarlo {
        samples,
        loss,
        attacker_loss,
        joint,
        distance,
        hero_joint,
        victims,
        attacker_hero_joint,
    })
}

/// Where the other units on a spray's path stand and the path the sprays take.
#[derive(Default)]
struct Layout {
    /// Each unit on the path and its joined hero (with the order its owner assigns hits in).
    victims: Vec<(UnitId, Option<(UnitId, HeroHits)>)>,
    /// The squares between the attacker and the target, from the attacker.
    path: Vec<Square>,
    /// The hero joined to the attacking squad, with the order its owner assigns the
    /// retaliation's hits in.
    attacker_hero: Option<(UnitId, HeroHits)>,
}

fn pick(legal: &[Decision], d: Decision, what: &str) -> Result<Decision, OddsError> {
    if legal.contains(&d) {
        Ok(d)
    } else {
        Err(unsupported(format!(
            "{what}: the engine offers {}",
            legal.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
        )))
    }
}

/// The decisions up to the attack.
fn declare(spec: &AttackSpec<'_>, g: &Game, side: Side, legal: &[Decision], lay: &Layout) -> Result<Decision, OddsError> {
    let Some(&first) = legal.first() else {
        return Err(unsupported("no decision offered"));
    };
    let attacking = side == Side::A;
    match first {
        Decision::First(_) => {
            let s = if spec.heroic_attack { Side::B } else { Side::A };
            pick(legal, Decision::First(s), "who goes first")
        }
        Decision::Activate(_) => pick(legal, Decision::Activate(if attacking { ATTACKER } else { TARGET }), "activation"),
        Decision::Plan(_) => {
            let p = if !attacking {
                Plan::Two(Action::Nothing, Action::Nothing)
            } else if spec.attacker_moved {
                // Battlefront: a Move to its own square (it only turns the unit), then the
                // attack (set-up weapons, Fighting Spirit).
                Plan::Two(Action::Move, Action::Attack)
            } else if spec.sustained {
                Plan::Sustained
            } else {
                Plan::Two(Action::Attack, Action::Nothing)
            };
            pick(legal, Decision::Plan(p), "the plan")
        }
        Decision::Aim { line, .. } => {
            // The squad's lines, and from `HERO_LINE` its joined hero's (the spec numbers them
            // as the engine does).
            let chosen = spec.lines.iter().find(|c| c.line == usize::from(line));
            let w = spec.weapon(usize::from(line));
            let value = w.map(|w| w.table.against(spec.target.armor));
            match (chosen, w, value) {
                (Some(c), Some(w), Some(v)) if v != crate::unit::CombatValue::NoEffect => pick(
                    legal,
                    Decision::Aim {
                        line,
                        target: Some(Target::Unit(TARGET)),
                        // Battlefront: also the soldiers (crew weapons) firing another line.
                        ammo: if w.ammo.is_some() || spec.is_battlefront() { c.ammo } else { 0 },
                    },
                    &format!("aiming {}", w.name),
                ),
                _ => pick(
                    legal,
                    Decision::Aim {
                        line,
                        target: None,
                        ammo: 0,
                    },
                    "leaving a line unused",
                ),
            }
        }
        // Revised edition: the ranged lines fire in the spec's order ([`AttackSpec::lines`]).
        Decision::Fire(_) => {
            let next = spec
                .resolution_order()
                .into_iter()
                .filter_map(|c| u8::try_from(c.line).ok())
                .map(Decision::Fire)
                .find(|d| legal.contains(d));
            next.ok_or_else(|| unsupported("the order of the lines: the engine offers none of the spec's"))
        }
        Decision::Use(opt, _) => {
            let yes = match opt {
                Optional::Berserk => spec.berserk,
                Optional::AllInOne => spec.all_in_one,
                Optional::HeroicAttack => !attacking && spec.heroic_attack,
                Optional::MedalOfHonor => attacking && spec.medal_of_honor,
                Optional::FightingSpirit => attacking && spec.fighting_spirit,
                // Assault, separating a hero, and anything newer: no.
                _ => false,
            };
            pick(legal, Decision::Use(opt, yes), "an optional skill")
        }
        // The Move of a battlefront attacker that moved: its own square when offered, else
        // the nearest square at the same range from the target (beside it on the same row).
        Decision::MoveTo(_) if attacking => {
            let (Some(here), Some(there)) = (g.unit(ATTACKER).at, g.unit(TARGET).at) else {
                return Err(unsupported("the units are not on the board"));
            };
            if legal.contains(&Decision::MoveTo(here)) {
                return Ok(Decision::MoveTo(here));
            }
            let d = crate::range(here, there);
            legal
                .iter()
                .filter_map(|x| match x {
                    Decision::MoveTo(s) if crate::range(*s, there) == d => Some((*s, *x)),
                    _ => None,
                })
                .min_by_key(|(s, _)| (u32::from(s.row() != here.row()), crate::range(*s, here)))
                .map(|(_, x)| x)
                .ok_or_else(|| unsupported("no Move keeps the range to the target"))
        }
        _ => respond(spec, g, side, legal, lay),
    }
}

/// The attacker's battlefront card part as the engine gets it: Fighting Spirit on its card
/// exactly when the spec uses it (so the engine offers it once, in this activation).
fn attacker_bf(spec: &AttackSpec<'_>, bf: Option<&BattlefrontCard>) -> Option<Arc<BattlefrontCard>> {
    use crate::unit::BattlefrontSkill;
    if !spec.fighting_spirit && bf.is_none_or(|b| !b.has(BattlefrontSkill::FightingSpirit)) {
        return bf.map(|b| Arc::new(b.clone()));
    }
    let mut b = bf.cloned().unwrap_or_default();
    b.skills.retain(|&k| k != BattlefrontSkill::FightingSpirit);
    if spec.fighting_spirit {
        b.skills.push(BattlefrontSkill::FightingSpirit);
    }
    Some(Arc::new(b))
}

/// The decisions during the attack: casualties, retaliation, reactive fire.
fn respond(spec: &AttackSpec<'_>, g: &Game, side: Side, legal: &[Decision], lay: &Layout) -> Result<Decision, OddsError> {
    let Some(&first) = legal.first() else {
        return Err(unsupported("no decision offered"));
    };
    match first {
        Decision::Casualty(_) => {
            // The unit taking the damage: the attacker (retaliation), or the last unit of the
            // target's side hit (the target, or a unit on the spray's path).
            let u = if side == Side::A {
                ATTACKER
            } else {
                g.events()
                    .iter()
                    .rev()
                    .find_map(|e| match e {
                        Event::Hits {
                            target: Target::Unit(t), ..
                        } if g.unit(*t).side == side => Some(*t),
                        _ => None,
                    })
                    .unwrap_or(TARGET)
            };
            let takes = if u == ATTACKER {
                lay.attacker_hero.map(|h| h.1)
            } else if u == TARGET {
                spec.joined_hero.map(|h| h.takes)
            } else {
                lay.victims.iter().find(|v| v.0 == u).and_then(|v| v.1).map(|h| h.1)
            };
            let hero = Decision::Casualty(Casualty::Hero);
            if takes == Some(HeroHits::First) && legal.contains(&hero) {
                return Ok(hero);
            }
            Ok(casualty(g, u, legal))
        }
        Decision::Retaliate(_) => pick(legal, Decision::Retaliate(spec.retaliate), "retaliation"),
        // The odds model spends the Medal of Honor on the first roll with a failed die.
        Decision::Use(Optional::MedalOfHonor, _) => pick(legal, Decision::Use(Optional::MedalOfHonor, true), "the Medal of Honor reroll"),
        Decision::React(_) => pick(legal, Decision::React(None), "reactive fire"),
        // A spray or flame line's path: through the other units' squares, else straight on.
        Decision::Spread(_) => Ok(legal
            .iter()
            .copied()
            .find(|d| matches!(d, Decision::Spread(s) if lay.path.contains(s)))
            .unwrap_or(first)),
        // Battlefront: a destroyed target placed in reserve or not changes nothing here.
        Decision::Reserve(_) => Ok(first),
        other => Err(unsupported(format!("an unexpected decision ({other})"))),
    }
}

/// The casualty that removes a miniature like the last living one of the card.
fn casualty(g: &Game, u: UnitId, legal: &[Decision]) -> Decision {
    let unit = g.unit(u);
    let models = &unit.card.models;
    if let Some(j) = (0..models.len()).rev().find(|&j| unit.alive & (1 << j) != 0) {
        let ty = (models[j].weapons, models[j].role);
        for d in legal {
            if let Decision::Casualty(Casualty::Model(i)) = d {
                if let Some(m) = models.get(usize::from(*i)) {
                    if (m.weapons, m.role) == ty {
                        return *d;
                    }
                }
            }
        }
    }
    legal[0]
}
