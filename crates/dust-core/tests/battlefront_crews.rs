//! Battlefront: who fires which weapon (issue 10). The player says how many soldiers fire each
//! squad line (`aim LINE TARGET N`), a support weapon takes a two-man crew, and a vehicle's crew
//! lines share its damage points left. Each test names the section of
//! tactics-battlefront-2013-rules.txt it checks; dice are scripted (successes per roll), the
//! engine's `Fired` events say how many dice each line rolled, and the exact odds
//! (`dust_core::odds`) count the same dice.

use dust_core::game::tests_support::{
    battlefront, battlefront_table, fired, gun_vehicle, infantry, legal, open_game, placed, play_randomly, rifle, squad, with_bf, Table,
    R4, R6,
};
use dust_core::game::{Decision, Event, UnitSetup};
use dust_core::odds::{odds, AttackSpec, LineChoice};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontWeapon, Model, Mount};
use dust_core::{Side, UnitCard, WeaponRange};
use std::sync::Arc;

/// A battlefront game on an open 6 x 8 board.
fn game(units: Vec<UnitSetup>) -> Table {
    battlefront_table(6, 8, units)
}

fn shots(v: &[(&str, u16)]) -> Vec<(String, u16)> {
    v.iter().map(|&(w, d)| (w.to_string(), d)).collect()
}

/// The reason the engine gives for refusing decision `text`.
fn refused(t: &mut Table, text: &str) -> String {
    let d: Decision = text.parse().expect("a decision");
    let e = t.game.apply(d).expect_err("refused");
    e.reason
}

/// The dice the exact odds count for each chosen line (line, number given), battlefront.
fn odds_dice(card: &UnitCard, bf: Option<&BattlefrontCard>, target: &UnitCard, alive: u8, lines: &[(usize, u8)]) -> Vec<u32> {
    let mut spec = AttackSpec::new(card, target).battlefront(bf, None).with_attacker_alive(alive);
    spec.lines = lines.iter().map(|&(line, ammo)| LineChoice { line, ammo }).collect();
    spec.retaliate = false;
    odds(&spec).expect("exact odds").lines.iter().map(|l| l.dice).collect()
}

/// Six riflemen to shoot at.
fn targets() -> Arc<UnitCard> {
    infantry("Grenadiers", 6)
}

/// Four rangers who each carry an M1 (one die), a Thompson (two dice) and a knife.
fn rangers() -> UnitCard {
    squad(
        "Rangers",
        4,
        vec![rifle("M1", R6, 1), rifle("Thompson", R4, 2), rifle("Knife", WeaponRange::Close, 1)],
    )
}

// ----- Soldiers with Several Weapons ---------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": "Each surviving soldier
/// in an Infantry Squad can only use one Ranged Weapon … If they have several Ranged Weapons
/// available to them, they must choose which one they will use for each Attack action." The
/// number with the M1's aim is the riflemen firing it; the others fire their Thompsons. Without
/// a number the M1 takes every soldier still free and the Thompsons have no one left; a number
/// is offered only where it matters (the M1, whose soldiers could fire the Thompson instead),
/// and a number above the soldiers still free is refused with the numbers it may take.
#[test]
fn each_soldier_fires_the_weapon_the_player_gives_him() {
    let a = Arc::new(rangers());
    let b = targets();
    let start = || {
        let mut t = game(vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5")]);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        t
    };
    // One rifleman on his M1, three on their Thompsons.
    let mut t = start();
    assert_eq!(
        legal(&t),
        ["aim 0 none", "aim 0 u1 0", "aim 0 u1 1", "aim 0 u1 2", "aim 0 u1 3", "aim 0 u1 4"]
    );
    t.decide("aim 0 u1 1");
    // The Thompson is the last ranged line: it takes the three left, no number to give.
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    let why = refused(&mut t, "aim 1 u1 2");
    assert!(why.contains("takes no number"), "{why}");
    t.decide("aim 1 u1"); // the number left out: 0
    t.roll(1, 0);
    t.roll(6, 0);
    assert_eq!(fired(&t), shots(&[("M1", 1), ("Thompson", 6)]));
    // Every rifleman on his M1: the Thompsons are not offered.
    let mut t = start();
    t.decide("aim 0 u1 0");
    assert_eq!(t.pending_dice(), Some(4));
    // Three on the M1: one Thompson.
    let mut t = start();
    t.decide("aim 0 u1 3");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    t.decide("aim 1 u1 0");
    t.roll(3, 0);
    t.roll(2, 0);
    assert_eq!(fired(&t), shots(&[("M1", 3), ("Thompson", 2)]));
    // No M1: four Thompsons.
    let mut t = start();
    t.decide("aim 0 none");
    t.decide("aim 1 u1 0");
    assert_eq!(t.pending_dice(), Some(8));
    // More soldiers than the squad has.
    let mut t = start();
    let why = refused(&mut t, "aim 0 u1 5");
    assert!(why.contains("at most 4"), "{why}");
    // The exact odds share the soldiers out alike.
    assert_eq!(odds_dice(&a, None, &b, 4, &[(0, 1), (1, 0)]), [1, 6]);
    assert_eq!(odds_dice(&a, None, &b, 4, &[(0, 3), (1, 0)]), [3, 2]);
    assert_eq!(odds_dice(&a, None, &b, 4, &[(0, 0), (1, 0)]), [4, 0]);
}

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons" and "Limited-Ammo
/// Weapons": the soldiers given to a line with a number keep it; a limited-ammo line aimed later
/// may take soldiers only from the lines aimed without one (as the Recon Grenadiers'
/// Panzerfausts take StG 47 riflemen), so its number is at most the soldiers not given to the
/// M1. Two on the M1, the Thompson takes the two others, then one of them fires his bazooka
/// instead.
#[test]
fn a_limited_ammo_line_leaves_the_numbered_soldiers_alone() {
    let mut card = rangers();
    let mut bazooka = rifle("Bazooka", R4, 1);
    bazooka.ammo = Some(2);
    card.weapons.insert(2, bazooka);
    for m in &mut card.models {
        m.weapons = 0b1111;
    }
    let a = Arc::new(card);
    let b = targets();
    let mut t = game(vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 2");
    // The bazooka is limited ammo: the Thompson's soldiers are not counted.
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    t.decide("aim 1 u1 0");
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 1", "aim 2 u1 2"]);
    let why = refused(&mut t, "aim 2 u1 3");
    assert!(why.contains("at most 2"), "{why}");
    t.decide("aim 2 u1 1");
    t.roll(2, 0);
    t.roll(2, 0);
    t.roll(1, 0);
    assert_eq!(fired(&t), shots(&[("M1", 2), ("Thompson", 2), ("Bazooka", 1)]));
    assert_eq!(t.game.unit(dust_core::game::UnitId(0)).ammo[2], 1, "one box marked");
    assert_eq!(odds_dice(&a, None, &b, 4, &[(0, 2), (1, 0), (2, 1)]), [2, 2, 1]);
}

// ----- Support Weapons -----------------------------------------------------------------------------

/// A support weapon team of `n` soldiers: a heavy machine-gun (three dice) carried by the
/// soldiers of `hmg` (bit i: soldier i), a pistol each. `mounted`: the gun says its mount (the
/// card's mark of the support weapon); without it, the first ranged line is the support weapon.
fn team(n: u8, hmg: u32, mounted: bool) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut card = squad("MG Team", n, vec![rifle("Heavy MG", R6, 3), rifle("Pistol", R4, 1)]);
    for (i, m) in card.models.iter_mut().enumerate() {
        *m = Model {
            weapons: 0b10 | u32::from(hmg & (1 << i) != 0),
            role: None,
        };
    }
    let bf = BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![
            BattlefrontWeapon {
                mount: mounted.then_some(Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon::default(),
        ],
        ..BattlefrontCard::default()
    };
    (Arc::new(card), Arc::new(bf))
}

/// tactics-battlefront-2013-rules.txt, "Support Weapons": "Support weapon units (ones that
/// mount multiple miniatures on the same base) use a two-man team to fire the support weapon.
/// Only the third or fourth soldiers of the unit can fire other weapons if the support weapon
/// fires. Each time a player attacks with a Support Weapon, they must choose which weapons the
/// crew are using." The gun fires as one weapon (three dice) with its gunner and a loader; the
/// other two fire their pistols; leaving the gun unused, all four fire their pistols. The gun
/// takes no number.
#[test]
fn a_support_weapon_takes_a_crew_of_two() {
    let b = targets();
    let attack = |n: u8, hmg: u32, mounted: bool, aims: &[&str]| {
        let (gun, bf) = team(n, hmg, mounted);
        let mut t = game(vec![with_bf(placed(&gun, Side::A, "C2"), &bf), placed(&b, Side::B, "C5")]);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        let first = legal(&t);
        for a in aims {
            t.decide(a);
        }
        (t, first)
    };
    let (mut t, first) = attack(4, 0b0001, true, &["aim 0 u1 0", "aim 1 u1 0"]);
    assert_eq!(first, ["aim 0 none", "aim 0 u1 0"], "one weapon: no number");
    t.roll(3, 0);
    t.roll(2, 0);
    assert_eq!(fired(&t), shots(&[("Heavy MG", 3), ("Pistol", 2)]));
    // The crew fire their pistols instead.
    let (t, _) = attack(4, 0b0001, true, &["aim 0 none", "aim 1 u1 0"]);
    assert_eq!(t.pending_dice(), Some(4));
    // Every soldier carries the gun (no mount on the card: the first ranged line is the
    // support weapon): still one gun, two pistols.
    let (mut t, _) = attack(4, 0b1111, false, &["aim 0 u1 0", "aim 1 u1 0"]);
    t.roll(3, 0);
    t.roll(2, 0);
    assert_eq!(fired(&t), shots(&[("Heavy MG", 3), ("Pistol", 2)]));
    // A team of two: both crew the gun, no pistol is left.
    let (t, _) = attack(2, 0b01, true, &["aim 0 u1 0"]);
    assert_eq!(t.pending_dice(), Some(3), "the pistol line is not offered");
    // The last soldier cannot crew the gun alone: only his pistol.
    let (t, first) = attack(1, 0b1, true, &[]);
    assert_eq!(first, ["aim 1 none", "aim 1 u1 0"]);
    drop(t);
    // The exact odds count the same crew.
    let (gun, bf) = team(4, 0b0001, true);
    assert_eq!(odds_dice(&gun, Some(&bf), &b, 4, &[(0, 0), (1, 0)]), [3, 2]);
    assert_eq!(odds_dice(&gun, Some(&bf), &b, 1, &[(0, 0), (1, 0)]), [0, 1]);
}

/// tactics-battlefront-2013-rules.txt, "Support Weapons": the two-man crew is two living
/// soldiers, one of them carrying the gun: when the soldiers carrying it are gone the others do
/// not fire it (docs/rulings.md, "Battlefront support weapon crews"). The gunner (soldier 0) is
/// shot; three soldiers with pistols are left, and the gun is no longer offered.
#[test]
fn a_support_weapon_without_its_gunner_does_not_fire() {
    let (gun, bf) = team(4, 0b0001, true);
    let mut shooter = rifle("Cannon", R6, 1);
    shooter.table.soldier = [dust_core::CombatValue::Dice { dice: 1, damage: 1 }; 4];
    let killers = Arc::new(squad("Killers", 1, vec![shooter]));
    let mut t = game(vec![with_bf(placed(&gun, Side::A, "C2"), &bf), placed(&killers, Side::B, "C5")]);
    t.auto_casualties = false;
    t.initiative(Side::B);
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(1, 1);
    t.roll(1, 0); // the infantry save fails
    t.decide("casualty m0");
    assert_eq!(t.health(0), 3);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    t.decide("aim 1 u1 0");
    assert_eq!(t.pending_dice(), Some(3));
}

// ----- Vehicle Crews -------------------------------------------------------------------------------

/// An open-topped half-track of `health` points: a gun, and two crew lines: MP 44s (two dice)
/// and pistols (one die).
fn half_track(health: u8) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut card = gun_vehicle("Half-Track", 1);
    card.weapons.push(rifle("MP 44", R4, 2));
    card.weapons.push(rifle("Pistols", R4, 1));
    card.health = health;
    let crew = BattlefrontWeapon {
        crew: true,
        mount: Some(Mount::Pedestal),
        ..BattlefrontWeapon::default()
    };
    let bf = BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Turret),
                ..BattlefrontWeapon::default()
            },
            crew.clone(),
            crew,
        ],
        ..BattlefrontCard::default()
    };
    (Arc::new(card), Arc::new(bf))
}

/// tactics-battlefront-2013-rules.txt, "Vehicle Crews": "If it chooses to attack with the
/// Crew's weapons, it may fire one weapon for each damage point the Vehicle has remaining" —
/// three damage points, three crew weapons in all, shared between the crew lines: two MP 44s
/// (the number with the first crew line) and one pistol; without a number the MP 44s take all
/// three and the pistols are not offered.
#[test]
fn crew_lines_share_the_damage_points_left() {
    let (ht, bf) = half_track(3);
    let b = targets();
    let start = || {
        let mut t = game(vec![with_bf(placed(&ht, Side::A, "C2"), &bf), placed(&b, Side::B, "C5")]);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        t.decide("aim 0 none");
        t
    };
    let mut t = start();
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0", "aim 1 u1 1", "aim 1 u1 2", "aim 1 u1 3"]);
    t.decide("aim 1 u1 2");
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 0"], "one pistol left");
    t.decide("aim 2 u1 0");
    t.roll(4, 0);
    t.roll(1, 0);
    assert_eq!(fired(&t), shots(&[("MP 44", 4), ("Pistols", 1)]));
    // Every crew weapon on the MP 44s.
    let mut t = start();
    t.decide("aim 1 u1 0");
    assert_eq!(t.pending_dice(), Some(6), "the pistols are not offered");
    // The pistols alone: all three.
    let mut t = start();
    t.decide("aim 1 none");
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 0"], "the last crew line takes no number");
    t.decide("aim 2 u1 0");
    assert_eq!(t.pending_dice(), Some(3));
    // The exact odds share the damage points alike.
    assert_eq!(odds_dice(&ht, Some(&bf), &b, 3, &[(1, 2), (2, 0)]), [4, 1]);
    assert_eq!(odds_dice(&ht, Some(&bf), &b, 2, &[(1, 0), (2, 0)]), [4, 0]);
}

// ----- Random play ---------------------------------------------------------------------------------

/// Random legal play with the units of this file (tactics-battlefront-2013-rules.txt, "Soldiers
/// with Several Weapons", "Support Weapons", "Vehicle Crews"): every game ends, every decision
/// offered is accepted and reads back from its text, numbers are offered with the lines where
/// they matter, and a squad never fires more ranged dice in one attack than its soldiers carry
/// for its best weapon.
#[test]
fn random_games_with_crews_end() {
    use dust_core::game::Game;
    use dust_core::GameRng;
    let rangers = Arc::new(rangers());
    let (gun, gbf) = team(4, 0b0011, true);
    let (ht, hbf) = half_track(3);
    let mut numbered = 0;
    for seed in 0..16u64 {
        let units = vec![
            placed(&rangers, Side::A, "B2"),
            with_bf(placed(&gun, Side::A, "D2"), &gbf),
            with_bf(placed(&ht, Side::B, "C7"), &hbf),
            placed(&rangers, Side::B, "E7"),
        ];
        let mut g = Game::new(battlefront(open_game(6, 8, units))).expect("setup");
        let mut rng = GameRng::new(seed);
        play_randomly(&mut g, &mut rng, 200_000, &format!("seed {seed}"), |_, options, _| {
            numbered += options
                .iter()
                .filter(|d| matches!(d, Decision::Aim { line: 0 | 1, target: Some(_), ammo } if *ammo > 0))
                .count();
        });
        // The Rangers' ranged lines in one attack: at most four soldiers, two dice each.
        let mut per_attack = std::collections::HashMap::new();
        let mut attack = 0;
        for e in g.events() {
            match e {
                Event::ActivationEnded(_) => attack += 1,
                Event::Fired { unit, weapon, dice, .. } if (unit.0 == 0 || unit.0 == 3) && weapon != "Knife" => {
                    *per_attack.entry((attack, unit.0)).or_insert(0u16) += dice;
                }
                _ => {}
            }
        }
        assert!(per_attack.values().all(|&d| d <= 8), "seed {seed}: {per_attack:?}");
    }
    assert!(numbered > 0, "numbers were offered");
}

// ----- Close combat --------------------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": "Each surviving soldier
/// … can only use … one Close-Combat Weapon … in each Attack action" — over the whole attack,
/// not in each close combat: one soldier knifes the squad in front, the two others use their
/// bayonets on the squad beside them (a close combat against each).
#[test]
fn close_combat_weapons_are_shared_over_the_whole_attack() {
    let cc = |name: &str| rifle(name, WeaponRange::Close, 1);
    let a = Arc::new(squad("Stormtroopers", 3, vec![cc("Knife"), cc("Bayonet")]));
    let b = targets();
    let mut t = game(vec![
        placed(&a, Side::A, "C2"),
        placed(&b, Side::B, "C3"),
        placed(&b, Side::B, "B2"),
    ]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert!(legal(&t).contains(&"aim 0 u2 3".to_string()), "{:?}", legal(&t));
    t.decide("aim 0 u1 1");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0", "aim 1 u2 0"]);
    t.decide("aim 1 u2 0");
    t.roll(1, 0);
    t.roll(2, 0);
    assert_eq!(fired(&t), shots(&[("Knife", 1), ("Bayonet", 2)]));
    assert_eq!(odds_dice(&a, None, &b, 3, &[(0, 1), (1, 0)]), [1, 2]);
}

/// The exact odds with the numbers given agree with the battlefront engine playing the same
/// attack (`monte_carlo` declares `aim 0 u1 1` as given): one M1 and three Thompsons
/// (tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons"); two of the
/// half-track's three crew weapons on the MP 44s, one on the pistols ("Vehicle Crews").
#[test]
fn the_engine_plays_the_numbers_the_odds_are_given() {
    use dust_core::odds::monte_carlo;
    let a = rangers();
    let b = targets();
    let (ht, hbf) = half_track(3);
    let specs = [(&a, None, vec![(0, 1), (1, 0)], 4), (&*ht, Some(&*hbf), vec![(1, 2), (2, 0)], 3)];
    for (seed, (card, bf, lines, alive)) in specs.into_iter().enumerate() {
        let mut spec = AttackSpec::new(card, &b).battlefront(bf, None).with_attacker_alive(alive);
        spec.lines = lines.iter().map(|&(line, ammo)| LineChoice { line, ammo }).collect();
        spec.retaliate = false;
        let exact = odds(&spec).expect("exact odds");
        let n = 2000;
        let mc = monte_carlo(&spec, n, seed as u64).expect("the engine plays the numbers given");
        let se = exact.loss.std_dev() / f64::from(n).sqrt();
        assert!(
            (mc.loss.mean() - exact.loss.mean()).abs() <= 4.0 * se,
            "{}: engine {} exact {}",
            card.name,
            mc.loss.mean(),
            exact.loss.mean()
        );
    }
}

/// docs/record-format.md: `aim LINE TARGET` without its number reads as the number 0 (every
/// soldier still free; no ammo), and records keep writing the number
/// (tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons").
#[test]
fn an_aim_without_a_number_reads_as_zero() {
    let short: Decision = "aim 1 u4".parse().expect("reads");
    assert_eq!(short, "aim 1 u4 0".parse().expect("reads"));
    assert_eq!(short.to_string(), "aim 1 u4 0");
    assert_eq!("aim 2 C4".parse::<Decision>().map(|d| d.to_string()), Ok("aim 2 C4 0".to_string()));
    let e = "aim 1".parse::<Decision>().expect_err("no target");
    assert!(e.to_string().contains("aim 0 u5 [N]|none"), "{e}");
}
