//! Dust Battlefield's special weapons and engineering equipment, clause by clause, from
//! tactics-battlefield-summary.md ("SPECIAL WEAPONS": volley, phaser, reload, salvo, sniper,
//! spotters, under-barrel, spray and artillery weapons; "ARTILLERY OBSERVER"; "ENGINEERING
//! VEHICLES", "DOZER BLADE").
//! Each test names its section and quotes the words it checks; the tables and cards are the
//! tests' own (`dust_core::field::tests_support`).

use dust_core::dice::{BattlefrontDice, Symbols};
use dust_core::field::tests_support::{
    activate, random_games, random_step, rolls_since, settle, squad_card, until_activation_of, vehicle_card, Builder,
};
use dust_core::field::{Action, Aim, Decision, FieldCard, FieldGame, MiniMove, Purpose, Special};
use dust_core::unit::{BattlefrontSkill, CombatValue, Locomotion};
use dust_core::Side;
use dust_geom::exact::Pt;
use dust_geom::table::TerrainKind;

use Action::*;

fn aim(line: u8, target: usize) -> Aim {
    Aim { line, target, at: None }
}

fn line(n: usize, x: f64, y: f64) -> Vec<(f64, f64)> {
    (0..n).map(|i| (x + 3.0 * i as f64, y)).collect()
}

fn piece(g: &FieldGame, kind: TerrainKind) -> Option<usize> {
    g.table().terrain.iter().position(|t| t.kind == kind)
}

// ----- VOLLEY WEAPONS ----------------------------------------------------------------------------

/// A rocket vehicle whose only line is a volley launcher of `boxes` ammo boxes: 2 dice a rocket
/// against soldiers (the card's Volley list 2/4/6/8).
fn rocket_tank(boxes: u8) -> FieldCard {
    let mut t = vehicle_card("Rocket Tank", Locomotion::Tracked);
    let w = &mut t.card.weapons[0];
    w.name = "Rockets".into();
    w.ammo = Some(boxes);
    w.table.soldier = [CombatValue::Volley {
        dice: [2, 4, 6, 8],
        damage: 1,
    }; 4];
    t
}

fn volley_table(boxes: u8) -> FieldGame {
    Builder::default()
        .unit(Side::A, rocket_tank(boxes), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 50.0), 180)
        .game(1)
}

/// "VOLLEY WEAPONS": "A volley weapon is a Limited Ammo weapon that can fire any or all of its
/// remaining bombs or rockets at the same time. Select how many bombs or rockets to use in an
/// attack, and mark that number of ammo boxes. Then multiply the number of dice to roll by the
/// number of ammo boxes marked." The number is the attacker's: the volley line aimed k times at
/// its target fires k rockets (docs/rulings.md, "Battlefield: volley weapons").
#[test]
fn a_volley_fires_the_rockets_the_attacker_chooses_and_multiplies_the_dice() {
    let g = volley_table(4);
    let mut g1 = g.clone();
    activate(&mut g1, 0, &[Attack, Nothing]);
    for k in 1..=3u16 {
        let aims = vec![aim(0, 1); usize::from(k)];
        let o = g1.attack_odds(0, &aims, false).unwrap();
        assert_eq!(
            o.groups.iter().map(|x| x.0.dice).sum::<u16>(),
            2 * k,
            "{k} rockets: 2 dice times {k}"
        );
    }
    let e = g1.events().len();
    g1.apply(Decision::Attack(vec![aim(0, 1); 3])).unwrap();
    assert_eq!(g1.units()[0].ammo[0], Some(1), "three boxes marked");
    let hit: u16 = rolls_since(&g1, e).iter().filter(|r| r.0 == Purpose::Hit).map(|r| r.1).sum();
    assert_eq!(hit, 6, "the hit roll rolls 2 × 3 dice");
    // One rocket left: two are refused, and the refusal says why.
    let mut g2 = g1.clone();
    assert!(until_activation_of(&mut g2, 0));
    g2.apply(Decision::Activate(0)).unwrap();
    g2.apply(Decision::Plan(vec![Attack, Nothing])).unwrap();
    let r = g2.check(&Decision::Attack(vec![aim(0, 1); 2])).unwrap_err();
    assert!(r.reason.contains("1 box"), "{r}");
    g2.check(&Decision::Attack(vec![aim(0, 1)])).unwrap();
}

/// The rockets of one volley fly at one target; a line that is no volley still fires once an
/// attack.
#[test]
fn one_volley_one_target_and_only_volleys_repeat() {
    let mut g = Builder::default()
        .unit(Side::A, rocket_tank(4), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 34.0, 50.0), 180)
        .unit(Side::B, squad_card("Rangers", 3), &line(3, 60.0, 50.0), 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g.check(&Decision::Attack(vec![aim(0, 1), aim(0, 2)])).unwrap_err();
    assert!(r.reason.contains("one target"), "{r}");
    let mut g = Builder::default()
        .unit(Side::A, vehicle_card("Tank", Locomotion::Tracked), &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 34.0, 50.0), 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g.check(&Decision::Attack(vec![aim(0, 1), aim(0, 1)])).unwrap_err();
    assert!(r.reason.contains("aimed twice"), "{r}");
}

/// The generator proposes every number of rockets left, each accepted by `check`, and the text
/// form reads them back.
#[test]
fn volleys_are_proposed_accepted_and_read_back() {
    let mut g = volley_table(3);
    activate(&mut g, 0, &[Attack, Nothing]);
    let c = g.candidates(200);
    for k in 1..=3 {
        assert!(
            c.iter()
                .any(|d| matches!(d, Decision::Attack(a) if a.len() == k && a.iter().all(|x| x.line == 0))),
            "{k} rockets proposed: {c:?}"
        );
    }
    for d in &c {
        g.check(d).unwrap();
    }
    let d = Decision::Attack(vec![aim(0, 1); 3]);
    assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
}

// ----- ENGINEERING VEHICLES: CHAINSAWS AND CLAWS -------------------------------------------------

/// An engineer vehicle (side A) at (50, 14) facing +y, hull 10 × 6 cm, before barbed wire at
/// y 20–30, with `cutting` cutting lines and `grapple` grappling lines (C weapons).
fn cutter(engineer: bool, cutting: usize, grapple: usize, seed: u64) -> FieldGame {
    let mut v = vehicle_card("Cutter", Locomotion::Tracked);
    if engineer {
        v.bf.skills.push(BattlefrontSkill::Engineer);
    }
    for i in 0..cutting + grapple {
        let mut w = v.card.weapons[0].clone();
        w.name = format!("Arm {i}");
        w.range = dust_core::range::WeaponRange::Close;
        v.card.weapons.push(w);
        let mut b = dust_core::unit::BattlefrontWeapon::default();
        if i < cutting {
            b.cutting = true;
        } else {
            b.grapple = true;
        }
        v.bf.weapons.push(b);
    }
    Builder::default()
        .terrain(TerrainKind::BarbedWire, &[(40.0, 20.0), (60.0, 20.0), (60.0, 30.0), (40.0, 30.0)])
        .unit(Side::A, v, &[(50.0, 14.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(150.0, 100.0)], 180)
        .game(seed)
}

/// "ENGINEERING VEHICLES", "Chainsaws and claws": "An engineer vehicle equipped with cutting or
/// grappling weapons can attempt to cut a gap through an adjacent barbed wire entanglement by
/// taking an ENGINEERING special action. Roll a die (vehicles with paired chainsaws or paired
/// claws roll 2 dice): on ☹️, the barbed wire is removed."
#[test]
fn an_engineer_vehicle_with_cutting_or_grappling_weapons_cuts_wire() {
    for (cutting, grapple, dice) in [(1, 0, 1u16), (0, 1, 1), (2, 0, 2), (0, 2, 2)] {
        let (mut cut, n) = (0u32, 120u64);
        for seed in 0..n {
            let mut g = cutter(true, cutting, grapple, seed);
            activate(&mut g, 0, &[Special, Nothing]);
            let w = piece(&g, TerrainKind::BarbedWire).unwrap();
            let e = g.events().len();
            g.apply(Decision::Special(Special::Engineer(w))).unwrap();
            let r = rolls_since(&g, e);
            assert_eq!(r.len(), 1, "{r:?}");
            assert_eq!(
                (r[0].0, r[0].1),
                (Purpose::Engineering, dice),
                "cutting {cutting}, grapple {grapple}"
            );
            let gone = piece(&g, TerrainKind::BarbedWire).is_none();
            assert_eq!(gone, r[0].2 >= 1, "removed exactly on an army symbol");
            cut += u32::from(gone);
        }
        let one = BattlefrontDice::ThreeSymbol.roll(1, Symbols::ARMY).p();
        let p = 1.0 - (1.0 - one).powi(i32::from(dice));
        let rate = f64::from(cut) / n as f64;
        assert!((rate - p).abs() < 0.11, "{dice} dice: {rate} against {p}");
    }
}

/// Only an engineer vehicle with such weapons: no engineer equipment, or no cutting or
/// grappling weapon, and the action is refused, saying why; the generator proposes it exactly
/// when `check` accepts it.
#[test]
fn cutting_wire_needs_an_engineer_with_cutting_or_grappling_weapons() {
    for (engineer, cutting, ok) in [(true, 1, true), (false, 1, false), (true, 0, false)] {
        let mut g = cutter(engineer, cutting, 0, 1);
        activate(&mut g, 0, &[Special, Nothing]);
        let w = piece(&g, TerrainKind::BarbedWire).unwrap();
        let d = Decision::Special(Special::Engineer(w));
        match g.check(&d) {
            Ok(()) => assert!(ok),
            Err(r) => {
                assert!(!ok, "{r}");
                assert!(r.reason.contains("engineer"), "{r}");
            }
        }
        assert_eq!(g.candidates(64).contains(&d), ok);
    }
}

// ----- DOZER BLADE ---------------------------------------------------------------------------------

/// A dozer (side A, a dozer blade) in the open at (50, 20) and side B's squad 20 cm away with
/// rifles of range 3.
fn dozer_in_the_open(blade: bool) -> FieldGame {
    let mut v = vehicle_card("Dozer", Locomotion::Tracked);
    if blade {
        v.bf.skills.push(BattlefrontSkill::DozerBlade);
    }
    Builder::default()
        .unit(Side::A, v, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 47.0, 45.0), 180)
        .game(1)
}

/// The other side declines a reactive attack, if it is asked for one.
fn no_reaction(g: &mut FieldGame) {
    if g.candidates(8).contains(&Decision::React(None)) {
        g.apply(Decision::React(None)).unwrap();
    }
}

fn forward(g: &FieldGame, u: usize, dy: f64) -> Decision {
    let c = g.table().units[u].minis[0].body.centre();
    Decision::Move {
        minis: vec![MiniMove {
            mini: 0,
            to: c.add(Pt::cm(0.0, dy)),
            via: Vec::new(),
        }],
        facing: None,
    }
}

/// "DOZER BLADE": "A vehicle equipped with a dozer blade can perform a DOZER special action to
/// gain cover until it performs a MOVE or MARCH MOVE action." In cover, a vehicle's hits are
/// saved on ☒ ("6. Roll Saves": "If the target was a vehicle unit in cover … Each ☒ cancels 1
/// hit").
#[test]
fn the_dozer_action_gives_cover_until_the_vehicle_moves() {
    let mut g = dozer_in_the_open(true);
    assert!(!g.in_cover_from(1, 0, 0), "in the open: no cover");
    activate(&mut g, 0, &[Special, Nothing]);
    let e = g.events().len();
    g.apply(Decision::Special(Special::Dozer)).unwrap();
    assert!(rolls_since(&g, e).is_empty(), "no die");
    for m in 0..3 {
        assert!(g.in_cover_from(1, m, 0), "dug in: in cover from every miniature");
    }
    let o = g.attack_odds(1, &[aim(0, 0)], false).unwrap();
    assert!(
        o.groups.iter().all(|x| x.0.cover && x.0.save == Some(Symbols::ARMY)),
        "{:?}",
        o.groups
    );

    // It keeps its cover through other actions, and loses it with a MOVE …
    let mut g = dozer_in_the_open(true);
    activate(&mut g, 0, &[Special, Move]);
    g.apply(Decision::Special(Special::Dozer)).unwrap();
    assert!(g.in_cover_from(1, 0, 0));
    no_reaction(&mut g);
    g.apply(forward(&g, 0, -5.0)).unwrap();
    assert!(!g.in_cover_from(1, 0, 0), "moved: the cover is gone");
    // … or a MARCH MOVE.
    let mut g = dozer_in_the_open(true);
    activate(&mut g, 0, &[Special, Nothing]);
    g.apply(Decision::Special(Special::Dozer)).unwrap();
    let mut h = g.clone();
    assert!(until_activation_of(&mut h, 0));
    assert!(h.in_cover_from(1, 0, 0), "still dug in in the next turn");
    h.apply(Decision::Activate(0)).unwrap();
    h.apply(Decision::Plan(vec![March])).unwrap();
    no_reaction(&mut h);
    h.apply(forward(&h, 0, -10.0)).unwrap();
    assert!(!h.in_cover_from(1, 0, 0), "march moved: the cover is gone");
}

/// Only a vehicle with a dozer blade performs DOZER; the generator proposes it where `check`
/// accepts it, and the text form reads it back.
#[test]
fn the_dozer_action_needs_a_blade_and_is_proposed() {
    let mut g = dozer_in_the_open(false);
    activate(&mut g, 0, &[Special, Nothing]);
    let r = g.check(&Decision::Special(Special::Dozer)).unwrap_err();
    assert!(r.reason.contains("dozer blade"), "{r}");
    assert!(!g.candidates(64).contains(&Decision::Special(Special::Dozer)));
    let mut g = dozer_in_the_open(true);
    activate(&mut g, 0, &[Special, Nothing]);
    let c = g.candidates(64);
    assert!(c.contains(&Decision::Special(Special::Dozer)), "{c:?}");
    for d in &c {
        g.check(d).unwrap();
    }
    let d = Decision::Special(Special::Dozer);
    assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
}

// ----- PHASER WEAPONS ------------------------------------------------------------------------------

/// "PHASER WEAPONS": "Units hit by phaser weapons do not get a cover save against them, but do
/// retain their infantry save." A squad behind a hedge saves a rifle's hits on ☒ or ☑ (its
/// cover save), a phaser's on ☒ only (its infantry save).
#[test]
fn phaser_hits_take_the_cover_save_away_and_leave_the_infantry_save() {
    let mut shooter = squad_card("Phaser Squad", 1);
    let target = squad_card("Grenadiers", 4);
    let hedge = [(30.0, 39.0), (80.0, 39.0), (80.0, 41.0), (30.0, 41.0)];
    let g = |shooter: FieldCard| {
        let mut g = Builder::default()
            .terrain(TerrainKind::Hedge, &hedge)
            .unit(Side::A, shooter, &[(50.0, 20.0)], 0)
            .unit(Side::B, target.clone(), &line(4, 45.0, 45.0), 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        g
    };
    let rifle = g(shooter.clone()).attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!(
        rifle.groups.iter().all(|x| x.0.cover && x.0.save == Some(Symbols::ARMY_OR_SHIELD)),
        "{:?}",
        rifle.groups
    );
    shooter.card.weapons[0].table.soldier = [CombatValue::Phaser { aim: 1, power: 1 }; 4];
    let phaser = g(shooter).attack_odds(0, &[aim(0, 1)], false).unwrap();
    assert!(!phaser.groups.is_empty());
    assert!(phaser.groups.iter().all(|x| x.0.save == Some(Symbols::ARMY)), "{:?}", phaser.groups);
}

// ----- RELOAD AND SALVO WEAPONS -------------------------------------------------------------------

/// A tank (side A) whose gun (line 0, 3 dice) is a `reload` weapon, or a `salvo` weapon, and a
/// squad of 12 in its range.
fn loader(reload: bool, salvo: bool) -> FieldGame {
    let mut t = vehicle_card("Loader", Locomotion::Tracked);
    t.card.weapons[0].keywords.reload = reload;
    t.bf.weapons[0].salvo = salvo;
    Builder::default()
        .unit(Side::A, t, &[(50.0, 20.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 12), &line(12, 34.0, 50.0), 180)
        .game(1)
}

fn next_activation(g: &mut FieldGame, plan: &[Action]) {
    assert!(until_activation_of(g, 0));
    g.apply(Decision::Activate(0)).unwrap();
    g.apply(Decision::Plan(plan.to_vec())).unwrap();
}

/// "RELOAD WEAPONS": "At the beginning of the game, place a Loaded token on each unit card with
/// Reload weapons. The unit cannot attack with any Reload weapons unless it has its Loaded
/// token. When a Reload weapon makes an ATTACK or SUSTAINED ATTACK action, remove the Loaded
/// token from the unit card to indicate that the weapon is empty. To reload, the unit performs a
/// RELOAD special action and places the Loaded token back on the unit card. A unit can perform
/// an ATTACK action and a RELOAD action in the same activation, allowing it to attack each turn."
#[test]
fn a_reload_weapon_fires_with_its_loaded_token_and_reloads_by_a_special_action() {
    let mut g = loader(true, false);
    assert!(g.units()[0].loaded, "loaded at the beginning of the game");
    activate(&mut g, 0, &[Attack, Nothing]);
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert!(!g.units()[0].loaded, "the weapon is empty");
    // Empty: it cannot attack, and the refusal says how to load it.
    next_activation(&mut g, &[Attack, Special]);
    let r = g.check(&Decision::Attack(vec![aim(0, 1)])).unwrap_err();
    assert!(r.reason.contains("Loaded token") && r.reason.contains("RELOAD"), "{r}");
    assert!(!g.candidates(64).iter().any(|d| matches!(d, Decision::Attack(a) if !a.is_empty())));
    g.apply(Decision::Attack(Vec::new())).unwrap();
    g.apply(Decision::Special(Special::Reload)).unwrap();
    assert!(g.units()[0].loaded);
    // Attack and reload in one activation: it attacks each turn.
    next_activation(&mut g, &[Attack, Special]);
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    assert!(!g.units()[0].loaded);
    settle(&mut g);
    for d in g.candidates(64) {
        g.check(&d).unwrap();
    }
    assert!(g.candidates(64).contains(&Decision::Special(Special::Reload)));
    g.apply(Decision::Special(Special::Reload)).unwrap();
    assert!(g.units()[0].loaded);
}

/// RELOAD needs an empty Reload or Salvo weapon: a loaded unit, or one without such weapons, is
/// refused with the reason; the text form reads the action back.
#[test]
fn reload_needs_an_empty_weapon() {
    for (reload, why) in [(true, "already has its Loaded token"), (false, "no Reload or Salvo weapon")] {
        let mut g = loader(reload, false);
        activate(&mut g, 0, &[Special, Nothing]);
        let r = g.check(&Decision::Special(Special::Reload)).unwrap_err();
        assert!(r.reason.contains(why), "{r}");
        assert!(!g.candidates(64).contains(&Decision::Special(Special::Reload)));
    }
    let d = Decision::Special(Special::Reload);
    assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
}

/// "SALVO WEAPONS": "At the beginning of the game, place a Loaded token on each unit card with
/// Salvo weapons. When you make an ATTACK or SUSTAINED ATTACK action, you may choose to roll
/// twice the normal number of dice for a salvo weapon, but if you do so, remove the Loaded token
/// from the unit card. To reload, the unit performs a RELOAD special action and places the
/// Loaded token back on the unit card." The choice is the line aimed twice at one target
/// (docs/rulings.md, "Battlefield: reload and salvo weapons").
#[test]
fn a_salvo_doubles_the_dice_and_spends_the_loaded_token() {
    let mut g = loader(false, true);
    assert!(g.units()[0].loaded);
    activate(&mut g, 0, &[Attack, Nothing]);
    let once = g.attack_odds(0, &[aim(0, 1)], false).unwrap();
    let twice = g.attack_odds(0, &[aim(0, 1), aim(0, 1)], false).unwrap();
    let dice = |o: &dust_core::field::AttackOdds| o.groups.iter().map(|x| x.0.dice).sum::<u16>();
    assert_eq!((dice(&once), dice(&twice)), (3, 6), "twice the normal number of dice");
    let c = g.candidates(64);
    assert!(
        c.contains(&Decision::Attack(vec![aim(0, 1), aim(0, 1)])),
        "the salvo is proposed: {c:?}"
    );
    assert!(c.contains(&Decision::Attack(vec![aim(0, 1)])), "and the normal attack: {c:?}");
    let r = g.check(&Decision::Attack(vec![aim(0, 1); 3])).unwrap_err();
    assert!(r.reason.contains("twice"), "{r}");
    let e = g.events().len();
    g.apply(Decision::Attack(vec![aim(0, 1), aim(0, 1)])).unwrap();
    let hit: u16 = rolls_since(&g, e).iter().filter(|r| r.0 == Purpose::Hit).map(|r| r.1).sum();
    assert_eq!(hit, 6);
    assert!(!g.units()[0].loaded, "the Loaded token is removed");
    // Without the token it still fires its normal dice, but no salvo.
    next_activation(&mut g, &[Attack, Special]);
    let r = g.check(&Decision::Attack(vec![aim(0, 1), aim(0, 1)])).unwrap_err();
    assert!(r.reason.contains("Loaded token"), "{r}");
    g.apply(Decision::Attack(vec![aim(0, 1)])).unwrap();
    settle(&mut g);
    g.apply(Decision::Special(Special::Reload)).unwrap();
    assert!(g.units()[0].loaded);
}

// ----- SNIPER WEAPONS AND SPOTTERS ------------------------------------------------------------------

/// A sniper team (side A, the Sniper skill) at y = 20: miniature 0 the sniper carrying the
/// Sniper Rifle (line 0, range 6, 2 dice), miniature 1 the spotter carrying a Carbine (line 1);
/// side B's squad of 4 at y = 50.
fn snipers() -> FieldGame {
    Builder::default()
        .unit(Side::A, sniper_team(), &line(2, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 4), &line(4, 45.0, 50.0), 180)
        .game(1)
}

fn sniper_team() -> FieldCard {
    let mut team = squad_card("Snipers", 2);
    team.card.skills.push(dust_core::Skill::Sniper);
    team.card.weapons = vec![
        dust_core::field::tests_support::weapon("Sniper Rifle", Some(6), 2),
        dust_core::field::tests_support::weapon("Carbine", Some(4), 1),
    ];
    team.card.models[0].weapons = 0b01;
    team.card.models[0].role = Some(dust_core::unit::Role::Sniper);
    team.card.models[1].weapons = 0b10;
    team.card.models[1].role = Some(dust_core::unit::Role::Spotter);
    team
}

fn centre(g: &FieldGame, u: usize, m: usize) -> Pt {
    g.table().units[u].minis[m].body.centre()
}

/// "SNIPER WEAPONS": "When declaring the target of this weapon's attack, you may specify a
/// miniature in the target unit. All unsaved hits from this attack are assigned to the specified
/// miniature." The miniature is named by a point on its base (`0>1@X,Y`; docs/rulings.md,
/// "Battlefield: sniper weapons and spotters").
#[test]
fn a_sniper_names_the_miniature_its_hits_go_to() {
    let mut g = snipers();
    activate(&mut g, 0, &[Attack, Nothing]);
    let chosen = Aim {
        line: 0,
        target: 1,
        at: Some(centre(&g, 1, 2)),
    };
    let o = g.attack_odds(0, std::slice::from_ref(&chosen), false).unwrap();
    assert!(!o.groups.is_empty());
    assert!(o.groups.iter().all(|x| x.0.valid == [2] && x.0.hero.is_none()), "{:?}", o.groups);
    // A point on no miniature of the target, or a line that is no sniper's, is refused.
    let off = Aim {
        at: Some(Pt::cm(100.0, 100.0)),
        ..chosen.clone()
    };
    let r = g.check(&Decision::Attack(vec![off])).unwrap_err();
    assert!(r.reason.contains("miniature"), "{r}");
    let carbine = Aim { line: 1, ..chosen.clone() };
    assert!(g.check(&Decision::Attack(vec![carbine])).is_err());
    // Over many rolls: whenever the squad loses a soldier it is the one named, and its owner
    // chooses nothing.
    let mut fell = 0;
    for seed in 0..40 {
        let mut g = snipers();
        g.reseed(seed);
        activate(&mut g, 0, &[Attack, Nothing]);
        g.apply(Decision::Attack(vec![chosen.clone()])).unwrap();
        assert!(!g.asks().starts_with("the miniatures lost"), "{}", g.asks());
        let models = &g.units()[1].models;
        if models.len() < 4 {
            fell += 1;
            assert_eq!(models, &[0, 1, 3], "only the named soldier falls");
        }
    }
    assert!(fell > 5, "{fell}");
}

/// "SPOTTERS": "If a spotter does not use a weapon, each sniper weapon in the unit that makes a
/// SUSTAINED ATTACK hits on (🎯) as well as (👤)."
#[test]
fn a_spotter_that_holds_fire_makes_the_sniper_hit_on_targets_when_sustained() {
    let mut g = snipers();
    activate(&mut g, 0, &[Sustained]);
    let faces = |aims: &[Aim], sustained: bool| -> Vec<Symbols> {
        g.attack_odds(0, aims, sustained)
            .unwrap()
            .groups
            .iter()
            .filter(|x| x.0.line == 0)
            .map(|x| x.0.hit)
            .collect()
    };
    assert_eq!(faces(&[aim(0, 1)], true), [Symbols::ARMY_OR_TARGET]);
    assert_eq!(faces(&[aim(0, 1), aim(1, 1)], true), [Symbols::ARMY], "the spotter fires: no help");
    assert_eq!(faces(&[aim(0, 1)], false), [Symbols::ARMY], "an ATTACK: no help");
}

/// The generator proposes a sniper's named miniature beside the plain aim; `check` accepts
/// every proposal.
#[test]
fn sniper_aims_are_proposed_and_accepted() {
    let mut g = snipers();
    activate(&mut g, 0, &[Attack, Nothing]);
    let c = g.candidates(200);
    assert!(
        c.iter()
            .any(|d| matches!(d, Decision::Attack(a) if a.iter().any(|x| x.line == 0 && x.at.is_some()))),
        "{c:?}"
    );
    for d in &c {
        g.check(d).unwrap();
    }
}

// ----- UNDER-BARREL WEAPONS -------------------------------------------------------------------------

/// Side A's squad of 3 at y = 20: every soldier carries a Rifle (line 0, range 3, 1 die),
/// soldiers 0 and 1 a Launcher (line 1, range 3, 2 dice; under-barrel when `under`), every soldier a Knife
/// (line 2); side B's squads of 4 at y = 40, x from 45 and from 75.
fn grenadiers(under: bool) -> FieldGame {
    Builder::default()
        .unit(Side::A, rifle_grenadiers(under), &line(3, 50.0, 20.0), 0)
        .unit(Side::B, squad_card("Grenadiers", 4), &line(4, 45.0, 40.0), 180)
        .unit(Side::B, squad_card("Rangers", 4), &line(4, 75.0, 40.0), 180)
        .game(1)
}

fn rifle_grenadiers(under: bool) -> FieldCard {
    let mut sq = squad_card("Rifle Grenadiers", 3);
    let w = dust_core::field::tests_support::weapon;
    sq.card.weapons = vec![w("Rifle", Some(3), 1), w("Launcher", Some(3), 2), w("Knife", None, 1)];
    for (m, bits) in sq.card.models.iter_mut().zip([0b111, 0b111, 0b101]) {
        m.weapons = bits;
    }
    sq.bf.weapons = vec![
        Default::default(),
        dust_core::unit::BattlefrontWeapon {
            under_barrel: under,
            ..Default::default()
        },
        Default::default(),
    ];
    sq
}

/// "UNDER-BARREL WEAPONS": "A soldier carrying an under-barrel weapon can fire both the main
/// weapon and the under-barrel weapon at the same target in an ATTACK action." The main weapon
/// is the line before it on the card (docs/rulings.md, "Battlefront under-barrel weapons", the
/// same words and the same reading).
#[test]
fn an_under_barrel_weapon_fires_with_its_main_weapon_at_the_same_target() {
    let mut g = grenadiers(true);
    activate(&mut g, 0, &[Attack, Nothing]);
    let firers = |aims: &[Aim]| -> Vec<(u8, Vec<usize>, u16)> {
        let mut v: Vec<(u8, Vec<usize>, u16)> = g
            .attack_odds(0, aims, false)
            .unwrap()
            .groups
            .iter()
            .map(|x| {
                let mut f = x.0.firers.clone();
                f.sort_unstable();
                (x.0.line, f, x.0.dice)
            })
            .collect();
        v.sort();
        v
    };
    // Both lines, in either order: every soldier fires the rifle, the two carriers the
    // launcher as well.
    let both = [(0, vec![0, 1, 2], 3), (1, vec![0, 1], 4)];
    assert_eq!(firers(&[aim(0, 1), aim(1, 1)]), both);
    assert_eq!(firers(&[aim(1, 1), aim(0, 1)]), both);
    // The launcher alone is one more ranged weapon its carriers may choose.
    assert_eq!(firers(&[aim(1, 1)]), [(1, vec![0, 1], 4)]);
    // At another target than its main weapon: refused, saying why.
    let r = g.check(&Decision::Attack(vec![aim(0, 1), aim(1, 2)])).unwrap_err();
    assert!(r.reason.contains("same target"), "{r}");
    // Not under-barrel, the launcher is a second ranged weapon no soldier firing the rifle may
    // fire ("each soldier fires 1 ranged weapon").
    let mut g = grenadiers(false);
    activate(&mut g, 0, &[Attack, Nothing]);
    assert!(g.check(&Decision::Attack(vec![aim(0, 1), aim(1, 1)])).is_err());
}

// ----- SPRAY WEAPONS ---------------------------------------------------------------------------------

/// "SPRAY WEAPONS": "Units hit by spray weapons do not get an infantry save or a cover save
/// against them. In addition, spray weapons attack all units in squares between the attacking
/// unit and the target unit, even friendly units." On the table a `spray` line is laid as a flame
/// template from the firer to its aim point (docs/rulings.md, "Battlefield: spray weapons"):
/// a friendly squad between the sprayer and its target is hit too, and no hit is saved.
#[test]
fn a_spray_weapon_hits_every_unit_in_its_path_friends_too_without_saves() {
    let mut sprayer = squad_card("Sprayer", 1);
    sprayer.card.weapons[0] = dust_core::field::tests_support::weapon("Spray Gun", Some(1), 1);
    sprayer.bf.weapons = vec![dust_core::unit::BattlefrontWeapon {
        spray: true,
        ..Default::default()
    }];
    let g = Builder::default()
        .unit(Side::A, sprayer, &[(50.0, 20.0)], 0)
        .unit(Side::A, squad_card("Friends", 1), &[(50.0, 23.5)], 0)
        .unit(Side::B, squad_card("Grenadiers", 2), &[(50.0, 27.0), (50.0, 30.5)], 180)
        .game(1);
    let o = g
        .attack_odds(
            0,
            &[Aim {
                line: 0,
                target: 2,
                at: Some(Pt::cm(50.0, 31.0)),
            }],
            false,
        )
        .unwrap();
    let mut hit: Vec<(usize, u16, Option<Symbols>)> = o.groups.iter().map(|x| (x.0.target, x.0.dice, x.0.save)).collect();
    hit.sort_by_key(|x| (x.0, x.1));
    assert_eq!(hit, [(1, 1, None), (2, 2, None)], "the friend and both enemies, no saves");
}

// ----- ARTILLERY WEAPONS ------------------------------------------------------------------------------

/// A howitzer vehicle (side A) facing +y with two turret lines: a Gun (line 0, range 8, 1 die)
/// and a Howitzer (line 1, range 2-8: artillery, a minimum range; 1 die).
fn howitzer() -> FieldCard {
    let mut v = vehicle_card("Howitzer", Locomotion::Tracked);
    let w = dust_core::field::tests_support::weapon;
    let mut art = w("Howitzer", Some(8), 1);
    art.range = dust_core::range::WeaponRange::Spaces { min: 2, max: 8 };
    v.card.weapons = vec![w("Gun", Some(8), 1), art];
    let turret = v.bf.weapons[0].clone();
    v.bf.weapons = vec![turret.clone(), turret];
    v
}

/// "ARTILLERY WEAPONS": "Vehicles do not block LOS for artillery." A vehicle between the howitzer
/// and its target hides the target from the gun, not from the howitzer.
#[test]
fn vehicles_do_not_block_the_line_of_sight_of_artillery() {
    let mut g = Builder::default()
        .unit(Side::A, howitzer(), &[(50.0, 10.0)], 0)
        .unit(Side::A, vehicle_card("Blocker", Locomotion::Tracked), &[(50.0, 35.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 60.0)], 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Nothing]);
    let r = g.check(&Decision::Attack(vec![aim(0, 2)])).unwrap_err();
    assert!(r.reason.contains("line of sight"), "the vehicle hides the target from the gun: {r}");
    g.check(&Decision::Attack(vec![aim(1, 2)])).unwrap();
}

/// "Artillery weapons cannot be fired from inside area terrain like buildings or woods,
/// although they can fire if the weapon is outside—even if part of the support weapon unit or
/// vehicle it is mounted on is in area terrain—as long as it is not firing across that terrain
/// feature." The weapon stands at the miniature's centre (docs/rulings.md, "Battlefield:
/// artillery on the table").
#[test]
fn artillery_fires_neither_from_inside_area_terrain_nor_across_it() {
    let woods = |y0: f64, y1: f64| [(30.0, y0), (70.0, y0), (70.0, y1), (30.0, y1)];
    let table = |w: [(f64, f64); 4], at: f64| {
        let mut g = Builder::default()
            .terrain(TerrainKind::Woods, &w)
            .unit(Side::A, howitzer(), &[(50.0, at)], 0)
            .unit(Side::B, squad_card("Grenadiers", 1), &[(50.0, 90.0)], 180)
            .game(1);
        activate(&mut g, 0, &[Attack, Nothing]);
        g
    };
    // Inside the woods (its centre 5 cm from the edge): the gun sees out, the howitzer may not
    // fire.
    let g = table(woods(0.0, 20.0), 15.0);
    g.check(&Decision::Attack(vec![aim(0, 1)])).unwrap();
    let r = g.check(&Decision::Attack(vec![aim(1, 1)])).unwrap_err();
    assert!(r.reason.contains("inside"), "{r}");
    // Its hull partly in the woods, the weapon outside, firing away from them: it fires.
    let g = table(woods(0.0, 20.0), 23.0);
    g.check(&Decision::Attack(vec![aim(1, 1)])).unwrap();
    // Partly in a thin strip of woods and firing across it: the gun sees through 5 cm of woods,
    // the howitzer may not fire across them.
    let g = table(woods(40.0, 45.0), 37.0);
    g.check(&Decision::Attack(vec![aim(0, 1)])).unwrap();
    let r = g.check(&Decision::Attack(vec![aim(1, 1)])).unwrap_err();
    assert!(r.reason.contains("across"), "{r}");
}

// ----- WHOLE GAMES -------------------------------------------------------------------------------------

/// Random games with every weapon and piece of equipment of this file (a volley launcher, a
/// reload gun and a salvo gun, a sniper team with its spotter that observes for the artillery,
/// an under-barrel launcher, a howitzer, an engineer dozer with a chainsaw by barbed wire and woods) end, every decision the
/// generator proposes is accepted by `check`, and the new decisions are among those played.
#[test]
fn random_games_with_the_special_weapons_end() {
    let mut loader = vehicle_card("Loader", Locomotion::Tracked);
    loader.card.weapons[0].keywords.reload = true;
    let mut second = loader.card.weapons[0].clone();
    second.name = "Salvo Gun".into();
    second.keywords.reload = false;
    loader.card.weapons.push(second);
    let mut salvo = loader.bf.weapons[0].clone();
    salvo.salvo = true;
    loader.bf.weapons.push(salvo);
    let mut dozer = vehicle_card("Dozer", Locomotion::Tracked);
    dozer.bf.skills.extend([BattlefrontSkill::DozerBlade, BattlefrontSkill::Engineer]);
    let mut saw = dozer.card.weapons[0].clone();
    saw.name = "Chainsaw".into();
    saw.range = dust_core::range::WeaponRange::Close;
    dozer.card.weapons.push(saw);
    dozer.bf.weapons.push(dust_core::unit::BattlefrontWeapon {
        cutting: true,
        ..Default::default()
    });
    let mut observers = sniper_team();
    observers.bf.skills.push(BattlefrontSkill::ArtilleryObserver);
    let b = Builder::default()
        .terrain(TerrainKind::BarbedWire, &[(20.0, 30.0), (80.0, 30.0), (80.0, 32.0), (20.0, 32.0)])
        .terrain(TerrainKind::Woods, &[(100.0, 50.0), (150.0, 50.0), (150.0, 70.0), (100.0, 70.0)])
        .unit(Side::A, rocket_tank(4), &[(20.0, 15.0)], 0)
        .unit(Side::A, observers, &line(2, 45.0, 15.0), 0)
        .unit(Side::A, dozer, &[(70.0, 22.0)], 0)
        .unit(Side::A, howitzer(), &[(120.0, 10.0)], 0)
        .unit(Side::B, loader, &[(30.0, 100.0)], 180)
        .unit(Side::B, rifle_grenadiers(true), &line(3, 70.0, 95.0), 180)
        .unit(Side::B, squad_card("Grenadiers", 4), &line(4, 110.0, 95.0), 180);
    let mut seen = std::collections::BTreeSet::new();
    let step = |g: &mut FieldGame, pick: &mut u64| {
        match &random_step(g, pick, 12) {
            Decision::Special(sp) => {
                seen.insert(format!("{sp:?}").split('(').next().unwrap_or_default().to_string());
            }
            Decision::Attack(a) if a.iter().enumerate().any(|(k, x)| a[..k].iter().any(|y| y.line == x.line)) => {
                seen.insert("repeat".into());
            }
            Decision::Observe { .. } => {
                seen.insert("observe".into());
            }
            // Line 0 aimed with a point: only the snipers' line 0 takes one here.
            Decision::Attack(a) if a.iter().any(|x| x.at.is_some() && x.line == 0) => {
                seen.insert("sniper".into());
            }
            _ => {}
        }
    };
    let ended = random_games(&b, 12, 3000, step, |_, _| {});
    assert_eq!(ended, 12, "every game ends");
    for k in ["Dozer", "Reload", "repeat", "sniper", "observe"] {
        assert!(seen.contains(k), "{k} never played: {seen:?}");
    }
}

// ----- ARTILLERY OBSERVERS ---------------------------------------------------------------------------

/// Side A: an observer squad (unit 0, `observer`: the Artillery Observer skill) at y = 20 with a
/// clear view of side B's squad (unit 2) at y = 60, and a howitzer (unit 1) at (100, 10) whose
/// view of that squad a wall cuts; its Howitzer line (1) is a Reload weapon when `reload`.
fn observed(observer: bool, reload: bool) -> FieldGame {
    let mut spotters = squad_card("Forward Observers", 2);
    if observer {
        spotters.bf.skills.push(BattlefrontSkill::ArtilleryObserver);
    }
    let mut gun = howitzer();
    gun.card.weapons[1].keywords.reload = reload;
    let mut g = Builder::default()
        .terrain(TerrainKind::Wall, &[(60.0, 28.0), (100.0, 28.0), (100.0, 29.0), (60.0, 29.0)])
        .unit(Side::A, spotters, &line(2, 48.0, 20.0), 0)
        .unit(Side::A, gun, &[(100.0, 10.0)], 0)
        .unit(Side::B, squad_card("Grenadiers", 3), &line(3, 47.0, 60.0), 180)
        .game(1);
    activate(&mut g, 0, &[Attack, Move]);
    g
}

fn observe(aims: Vec<Aim>) -> Decision {
    Decision::Observe { unit: 1, aims }
}

/// "ARTILLERY OBSERVER": "When this unit performs an ATTACK or SUSTAINED ATTACK action, it may use
/// the artillery weapons of a friendly artillery unit that has not yet activated rather than its
/// own weapons. The artillery unit immediately activates and performs an ATTACK or SUSTAINED
/// ATTACK action … with its artillery weapons. The artillery unit uses the Artillery Observer to
/// determine LOS rather than its own position, but must check its field of fire and range as
/// normal." "ARTILLERY WEAPONS": "… or use an Artillery Observer to fire at targets they cannot
/// see for themselves."
#[test]
fn an_artillery_observer_calls_a_howitzer_on_what_only_it_sees() {
    let g = observed(true, false);
    // The howitzer cannot see the target itself: its own attack would be refused.
    assert!(
        g.attack_odds(1, &[aim(1, 2)], false).is_err(),
        "the wall hides the target from the howitzer"
    );
    let mut g = g;
    let e = g.events().len();
    g.apply(observe(vec![aim(1, 2)])).unwrap();
    let hits: Vec<_> = rolls_since(&g, e).into_iter().filter(|r| r.0 == Purpose::Hit).collect();
    assert_eq!(hits.first().map(|r| r.1), Some(1), "the howitzer's one die: {hits:?}");
    assert!(g.units()[1].activated, "the artillery unit has activated");
    settle(&mut g);
    assert_eq!(g.acting(), Some(0), "the observer goes on with its activation");
    assert_eq!(g.current_action(), Some(Move));

    // Only artillery lines, only of a friendly artillery unit not yet activated, only by an
    // observer; range and field of fire stay the howitzer's.
    let g = observed(true, false);
    let r = g.check(&observe(vec![aim(0, 2)])).unwrap_err();
    assert!(r.reason.contains("artillery"), "{r}");
    let r = observed(false, false).check(&observe(vec![aim(1, 2)])).unwrap_err();
    assert!(r.reason.contains("Artillery Observer"), "{r}");
    let r = g
        .check(&Decision::Observe {
            unit: 2,
            aims: vec![aim(1, 2)],
        })
        .unwrap_err();
    assert!(r.reason.contains("friendly"), "{r}");
}

/// "If the artillery weapon is a Reload weapon and did not perform a SUSTAINED ATTACK action, it
/// may perform a RELOAD action either before or after the ATTACK Action": the howitzer fires its
/// Loaded weapon and reloads after; an empty one reloads before it fires (docs/rulings.md,
/// "Battlefield: artillery observers").
#[test]
fn an_observed_reload_weapon_reloads_before_or_after() {
    let mut g = observed(true, true);
    assert!(g.units()[1].loaded);
    g.apply(observe(vec![aim(1, 2)])).unwrap();
    assert!(g.units()[1].loaded, "fired, then reloaded");
    let mut g = observed(true, true);
    g.set_loaded(1, false);
    g.check(&observe(vec![aim(1, 2)])).unwrap();
    g.apply(observe(vec![aim(1, 2)])).unwrap();
    assert!(!g.units()[1].loaded, "reloaded, then fired");
}

/// The generator proposes the observer's calls, `check` accepts every proposal, and the text form
/// reads them back.
#[test]
fn observer_calls_are_proposed_accepted_and_read_back() {
    let g = observed(true, false);
    let c = g.candidates(64);
    assert!(c.contains(&observe(vec![aim(1, 2)])), "{c:?}");
    for d in &c {
        g.check(d).unwrap();
    }
    let d = observe(vec![aim(1, 2)]);
    assert_eq!(d.to_string().parse::<Decision>(), Ok(d));
    assert!(!observed(false, false)
        .candidates(64)
        .iter()
        .any(|d| matches!(d, Decision::Observe { .. })));
}
