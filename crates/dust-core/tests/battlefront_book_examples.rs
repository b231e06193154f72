//! The worked examples of tactics-battlefront-2013-rules.txt as scripted-dice tests (issue #10,
//! "examples of the book as scripted-dice tests"). Dice are scripted (successes per roll), so
//! every test is deterministic; the cards are built by hand after the shipped cards of
//! data/units/battlefront/ (this crate cannot read them), with the book's numbers.
//!
//! The seven examples named by the issue and the tests that reproduce them:
//!
//! | Example (section of the seed) | Test |
//! |---|---|
//! | Recon Grenadiers' eight dice ("Roll to Hit Infantry") | `recon_grenadiers_roll_eight_dice_at_red_thunder` (here) |
//! | Ludwig's sustained 3 hits ("Sustained Attack") | `ludwigs_sustained_attack_scores_three_hits_on_grandma` (here) |
//! | Laser 3 hits ("Laser Weapons") | `heavy_laser_grenadiers_score_three_hits_with_the_laser_chain` (here) |
//! | Damage Resilient, Lara ("Damage Resilient") | `battlefront_weapons.rs`: `lara_and_the_heavy_laser_grenadiers_take_the_fakyeli_hits` |
//! | Damage Resilient, Grand'ma ("Damage Resilient") | `grandmas_damage_resilience_leaves_her_one_cross` (here) |
//! | Reactive attack sequences ("Reactive Attacks"; "Reacting to a Flank Attack with a Walker") | `battlefront_rules.rs`: `reactive_attack_after_the_first_action` (the Matrioshka and the Hotdog), `reactive_sustained_attack_without_close_combat` (the Grim Reapers and the Fakyeli), `reacting_to_a_flank_attack_with_a_walker` (the Ludwig and the Pounder) |
//! | Pounder cover save ("Cover Saves", "In the Open") | `the_pounder_and_bazooka_joe_in_cover_the_ludwig_in_the_open` (here); `battlefront_rules.rs`: `vehicle_in_cover_behind_a_blocking_square` |
//! | Fakyeli blast ("Blast Weapons") | `battlefront_rules.rs`: `blast_dice_per_model_and_automatic_kill` |

use dust_core::game::tests_support::{
    battlefront, battlefront_table, fired, hero_card, legal, open_game, pending_faces, placed, rifle, rolls_of, sq, squad, vehicle_card,
    with_bf, Table, R4, R6,
};
use dust_core::game::{Event, RollPurpose, Target, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatTable, Mount};
use dust_core::{Armor, ArmorType, CombatValue, Skill, Terrain, UnitCard, WeaponLine, WeaponRange};
use dust_core::{Model, Side};
use std::sync::Arc;

const R2: WeaponRange = WeaponRange::Spaces { min: 1, max: 2 };
const VEHICLE_4: Armor = Armor {
    kind: ArmorType::Vehicle,
    class: 4,
};

/// The hits that got through on a unit, attack by attack: (hits, damage).
fn hits_on(t: &Table, unit: u8) -> Vec<(u16, u16)> {
    t.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Hits { target, hits, damage } if *target == Target::Unit(UnitId(unit)) => Some((*hits, *damage)),
            _ => None,
        })
        .collect()
}

/// A weapon line with `dice`/`damage` against every vehicle class and nothing against infantry.
fn anti_tank(name: &str, range: WeaponRange, dice: u8, damage: u8) -> WeaponLine {
    let mut w = rifle(name, range, dice);
    w.table = CombatTable::NONE;
    w.table.vehicle = [CombatValue::Dice { dice, damage }; 7];
    w
}

/// A vehicle of Vehicle Armour 4 (data/units/battlefront: the Ludwig, Grand'ma and the Pounder
/// are all Vehicle 4).
fn vehicle(name: &str, health: u8, weapons: Vec<WeaponLine>, skills: Vec<Skill>) -> Arc<UnitCard> {
    let mut c = vehicle_card(name, health, weapons);
    c.armor = VEHICLE_4;
    c.skills = skills;
    Arc::new(c)
}

/// The battlefront lines of a card: one mount per weapon line.
fn mounts(m: &[Mount]) -> Arc<BattlefrontCard> {
    Arc::new(BattlefrontCard {
        weapons: m
            .iter()
            .map(|&m| BattlefrontWeapon {
                mount: Some(m),
                ..BattlefrontWeapon::default()
            })
            .collect(),
        ..BattlefrontCard::default()
    })
}

/// data/units/battlefront/ludwig.toml: the front-mounted twin 8.8cm FpK Zwilling, 7/1 against
/// Vehicle 4, and the hatch-mounted MG 44 (3/1 against infantry armour 2); health 4.
fn ludwig() -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let twin = anti_tank("8.8cm FpK Zwilling", R6, 7, 1);
    let mut mg = rifle("MG 44", R4, 3);
    mg.table.vehicle = CombatTable::NONE.vehicle;
    (
        vehicle("Ludwig", 4, vec![twin, mg], Vec::new()),
        mounts(&[Mount::Front, Mount::Hatch]),
    )
}

/// data/units/battlefront/grandma.toml: Vehicle 4, five crosses, Damage Resilient.
fn grandma() -> Arc<UnitCard> {
    let howitzer = anti_tank("VK-916 Howitzer", R6, 2, 2);
    vehicle("Grand'ma", 5, vec![howitzer], vec![Skill::DamageResilient])
}

/// data/units/battlefront/heavy-laser-grenadiers.toml: three soldiers of infantry armour 3,
/// Damage Resilient, each with a Schwere Laserwerfer (laser, 1/3 against Vehicle 4).
fn heavy_laser_grenadiers() -> Arc<UnitCard> {
    let mut laser = anti_tank("Schwere Laserwerfer", R4, 1, 3);
    laser.keywords.laser = true;
    let mut c = squad("Heavy Laser Grenadiers", 3, vec![laser]);
    c.armor = Armor {
        kind: ArmorType::Soldier,
        class: 3,
    };
    c.skills = vec![Skill::DamageResilient];
    Arc::new(c)
}

/// tactics-battlefront-2013-rules.txt, "Roll to Hit Infantry": "The Recon Grenadiers are
/// shooting at Red Thunder, an infantry squad with Armour rating 2. Looking along the line for
/// the Grenadiers' MG 48 machine-gun in the weapons chart, we see that they are rated 4/1
/// against Infantry Armour rating 2. That means they will get four dice for their machine-gun.
/// They also have four StG 47 assault rifles rated 1/1 against Infantry Armour rating 2, giving
/// them another four dice for a total of eight dice." The squad of
/// data/units/battlefront/recon-grenadiers.toml: two soldiers with StG 47 and Panzerfaust, two
/// with StG 47, one with the MG 48; the Panzerfausts left unfired ("they are better off saving
/// them"). Then "Roll to Hit a Vehicle": against Grand'ma's Vehicle Armour 4 "Both the MG 48
/// and the StG 47 have a dash …, indicating they cannot hurt it. Their only option is to use
/// their Panzerfaust anti-tank weapons, which are rated 1/2."
#[test]
fn recon_grenadiers_roll_eight_dice_at_red_thunder() {
    let mut stg = rifle("StG 47", R4, 1);
    stg.table.vehicle = CombatTable::NONE.vehicle;
    let mut mg = rifle("MG 48", R4, 4);
    mg.table.vehicle = CombatTable::NONE.vehicle;
    let mut pf = rifle("Panzerfaust", R2, 1);
    pf.ammo = Some(3);
    pf.table.vehicle = [CombatValue::Dice { dice: 1, damage: 2 }; 7];
    let mut rg = squad("Recon Grenadiers", 5, vec![stg, mg, pf]);
    let carrier = |weapons| Model { weapons, role: None };
    rg.models = vec![carrier(0b101), carrier(0b101), carrier(0b001), carrier(0b001), carrier(0b010)];
    let rg = Arc::new(rg);
    let red_thunder = Arc::new(squad("Red Thunder", 5, vec![rifle("PPSh-48", R4, 1)]));
    let gm = grandma();
    let mut t = battlefront_table(
        8,
        8,
        vec![
            placed(&rg, Side::A, "D3"),
            placed(&red_thunder, Side::B, "D6"),
            placed(&gm, Side::B, "E5"),
        ],
    );
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    // "Roll to Hit a Vehicle": the StG 47 and the MG 48 are not offered against Grand'ma.
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u1 0"]);
    t.decide("aim 0 u1 0");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    t.decide("aim 1 u1 0");
    // The Panzerfaust (range 2) can reach Grand'ma, two squares away: 1/2 against Vehicle 4.
    assert!(legal(&t).contains(&"aim 2 u2 1".to_string()), "{:?}", legal(&t));
    t.decide("aim 2 none");
    assert_eq!(pending_faces(&t), Some((4, 2, 6)), "the four StG 47s, one die each");
    t.roll(4, 1);
    t.roll(1, 0); // Red Thunder's infantry save, in the open
    assert_eq!(pending_faces(&t), Some((4, 2, 6)), "the MG 48's four dice");
    t.roll(4, 2);
    t.roll(2, 0);
    assert_eq!(t.health(1), 2, "one miniature per hit");
    let dice: u16 = fired(&t).iter().map(|f| f.1).sum();
    assert_eq!(fired(&t), [("StG 47".to_string(), 4), ("MG 48".to_string(), 4)]);
    assert_eq!(dice, 8, "a total of eight dice");
}

/// tactics-battlefront-2013-rules.txt, "Sustained Attack": "Later in the turn, the Ludwig
/// activates and performs a Sustained Attack action against Grand'ma. Its twin 8.8cm FpK
/// Zwilling guns roll seven dice against Grand'ma's Vehicle Armour 4. It hits with two rolls of
/// [the army symbol], and misses with two [targets] and three [blanks]. As it is performing a
/// Sustained Attack, it can re-roll the five dice that did not hit. The re-rolls are one [army
/// symbol] (another hit), two [targets], and two [blanks], so the Ludwig scores three hits in
/// total." Grand'ma is in the open: no save; her Damage Resilient dice (one per hit, 1 damage
/// each) are scripted to fail.
#[test]
fn ludwigs_sustained_attack_scores_three_hits_on_grandma() {
    let (lw, lbf) = ludwig();
    let gm = grandma();
    // Side A faces north: Grand'ma, north of the Ludwig, is in the twin guns' front arc.
    let mut t = battlefront_table(8, 8, vec![with_bf(placed(&lw, Side::A, "D2"), &lbf), placed(&gm, Side::B, "D6")]);
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(0, "u1", 0)], &[]);
    assert_eq!(pending_faces(&t), Some((7, 2, 6)), "seven dice against Vehicle Armour 4");
    t.roll(7, 2);
    assert_eq!(pending_faces(&t), Some((5, 2, 6)), "the five dice that did not hit, re-rolled");
    t.roll(5, 1);
    // No save for a vehicle in the open: Grand'ma's Damage Resilient, one die per hit.
    for _ in 0..3 {
        t.roll(1, 0);
    }
    assert_eq!(rolls_of(&t, RollPurpose::Sustained), [(5, 1)]);
    assert_eq!(hits_on(&t, 1), [(3, 3)], "three hits in total");
    assert_eq!(t.health(1), 2);
}

/// tactics-battlefront-2013-rules.txt, "Laser Weapons" example: "The Heavy Laser Grenadiers
/// perform a Sustained Attack against the Pounder with their three Schwere Laserwerfers. Each
/// Laserwerfer rolls one die against Vehicle Armour 4. They roll a [army symbol] and two
/// [misses], scoring one hit. As they are making a Sustained Attack (see page 27), they re-roll
/// their misses, this time rolling a [army symbol] and a [miss], scoring a second hit. Using the
/// Laser Weapons special rule, the player now rolls two more dice for the two hits, scoring
/// another [army symbol] and a [miss]. They roll another die for that hit, scoring a [miss].
/// Adding up their hits from the original roll and the re-rolls, they scored a total of three
/// hits." The Pounder (data/units/battlefront/pounder.toml: Vehicle 4, four crosses) is in the
/// open; each hit does 3 damage (1/3).
#[test]
fn heavy_laser_grenadiers_score_three_hits_with_the_laser_chain() {
    let hlg = heavy_laser_grenadiers();
    let pounder = vehicle("Pounder", 4, vec![anti_tank("17 pdr Gun", R6, 2, 1)], Vec::new());
    let mut t = battlefront_table(8, 8, vec![placed(&hlg, Side::A, "D2"), placed(&pounder, Side::B, "D5")]);
    t.initiative(Side::A);
    t.activate(0, "sustained", &[], &[(0, "u1", 0)], &[]);
    assert_eq!(pending_faces(&t), Some((3, 2, 6)), "one die per Laserwerfer");
    t.roll(3, 1);
    t.roll(2, 1); // the sustained re-roll of the two misses
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "two more dice for the two hits");
    t.roll(2, 1);
    assert_eq!(pending_faces(&t), Some((1, 2, 6)), "another die for that hit");
    t.roll(1, 0);
    assert_eq!(rolls_of(&t, RollPurpose::LaserChain), [(2, 1), (1, 0)]);
    assert_eq!(hits_on(&t, 1), [(3, 9)], "a total of three hits, three damage each");
    assert!(t.game.unit(UnitId(1)).destroyed);
}

/// tactics-battlefront-2013-rules.txt, "Damage Resilient", the Grand'ma example: "The Heavy
/// Laser Grenadiers then fire at Grand'ma, scoring two hits. As Grand'ma is not in cover, the
/// walker does not have any save, so both hits impact on Grand'ma. The SSU player assigns the
/// first hit to Grand'ma. The Schwere Laserwerfer has a damage rating of 3 against a Vehicle
/// Armour rating of 4, so they mark off three crosses on its damage track. They then roll three
/// dice for its Damage Resilience, scoring two [misses], and a [miss], failing to cancel any of
/// the damage. The SSU player then assigns the second hit to Grand'ma, marking off the two
/// remaining crosses (the third point of damage is overkill and has no effect). They then roll
/// two more dice for its Damage Resilience, scoring a [army symbol] and a [miss]. The [army
/// symbol] cancels one point of damage leaving one cross unmarked. Grand'ma fights on with one
/// point of Damage Capacity left." (The Lara half of the example:
/// `battlefront_weapons.rs`, `lara_and_the_heavy_laser_grenadiers_take_the_fakyeli_hits`.)
#[test]
fn grandmas_damage_resilience_leaves_her_one_cross() {
    let hlg = heavy_laser_grenadiers();
    let gm = grandma();
    let mut t = battlefront_table(8, 8, vec![placed(&hlg, Side::A, "D2"), placed(&gm, Side::B, "D5")]);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(3, 2);
    t.roll(2, 0); // the laser chain adds nothing: two hits
    assert_eq!(
        pending_faces(&t),
        Some((3, 2, 6)),
        "no save in the open; three Damage Resilient dice"
    );
    t.roll(3, 0);
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "two dice: the two remaining crosses");
    t.roll(2, 1);
    assert_eq!(rolls_of(&t, RollPurpose::Resilient), [(3, 0), (2, 1)]);
    assert_eq!(t.health(1), 1, "Grand'ma fights on with one point of Damage Capacity left");
    assert!(!t.game.unit(UnitId(1)).destroyed);
}

/// tactics-battlefront-2013-rules.txt, "Cover Saves": "The Ludwig hits the Pounder twice with
/// its twin 8.8cm FpK guns. The Pounder is in cover as it is not possible to draw a line from
/// any one point in the Ludwig's square to every point in the Pounder's square without crossing
/// the building. The Allied player rolls one die per hit, scoring a [army symbol] and a [miss].
/// The [army symbol] cancels a hit on a vehicle in cover, so the Pounder is only hit once. The
/// Ludwig also hits Bazooka Joe three times with its MG 44 machine-gun, so the Allied player
/// rolls three dice scoring a [army symbol], a [shield], and a [miss]. As Bazooka Joe is in
/// cover, they cancel two of the hits, leaving one hit on Bazooka Joe." "In the Open": "When
/// the Pounder shoots back the Ludwig does not benefit from cover, as a line can be drawn from
/// the Pounder to every corner of the square that the Ludwig is occupying." The building is a
/// structure square at C3, next to Bazooka Joe (C4), in front of the Pounder (C5).
#[test]
fn the_pounder_and_bazooka_joe_in_cover_the_ludwig_in_the_open() {
    let (lw, lbf) = ludwig();
    let pounder = vehicle("Pounder", 4, vec![anti_tank("17 pdr Gun", R6, 2, 1)], Vec::new());
    let pbf = mounts(&[Mount::Turret]);
    let joe = Arc::new(hero_card("Bazooka Joe", 4, vec![rifle("M7 Grenade Launcher", R4, 2)]));
    let mut setup = battlefront(open_game(
        8,
        8,
        vec![
            with_bf(placed(&lw, Side::A, "E1"), &lbf),
            with_bf(placed(&pounder, Side::B, "C5"), &pbf),
            placed(&joe, Side::B, "C4"),
        ],
    ));
    setup.board.set_terrain(sq("C3"), Terrain::NoDot);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u2", 0)], &[]);
    t.roll(7, 2); // the twin guns hit the Pounder twice
    assert_eq!(pending_faces(&t), Some((2, 2, 6)), "a vehicle cover save: one die per hit");
    t.roll(2, 1);
    assert_eq!(hits_on(&t, 1), [(1, 1)], "the Pounder is only hit once");
    assert_eq!(t.health(1), 3);
    t.roll(3, 3); // the MG 44 hits Bazooka Joe three times
    assert_eq!(pending_faces(&t), Some((3, 4, 6)), "an infantry cover save: army symbol or shield");
    t.roll(3, 2);
    assert_eq!(hits_on(&t, 2), [(1, 1)], "one hit on Bazooka Joe");
    assert_eq!(t.health(2), 3);
    let saves = rolls_of(&t, RollPurpose::CoverSave);
    assert_eq!(saves, [(2, 1), (3, 2)]);
    // The Pounder shoots back: the Ludwig is in the open, no save.
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0)], &[]);
    t.roll(2, 1);
    assert_eq!(hits_on(&t, 0), [(1, 1)]);
    assert_eq!(t.health(0), 3);
    assert_eq!(rolls_of(&t, RollPurpose::CoverSave), saves, "no cover save for the Ludwig");
}
