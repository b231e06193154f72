//! Issue 4: the units named in the seeds that had no card, the battlefront edition's cards, and
//! every figure the seeds give for them, each asserted against the seed section it comes from.
//! FAQ = tactics-revised-faq.md, BF = tactics-battlefront-2013-rules.txt.

use dust_core::unit::{BattlefrontKind, BattlefrontSkill, BattlefrontValue, Mount};
use dust_core::{Bloc, CombatValue, Edition, Skill, UnitKind, WeaponRange};
use dust_data::builtin::{all_builtin_card_files, builtin_card_files, builtin_card_files_for, check_builtin, SHIPPED_BATTLEFRONT};
use dust_data::card::{carriers, parse_card_dir, parse_card_file, render_svg, render_text, CardFile};
use dust_data::tests_support::{dice as d, soldier, vehicle};
use std::path::PathBuf;

#[test]
fn every_shipped_card_of_both_editions_checks() {
    if let Err(d) = check_builtin() {
        panic!("{}", d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"));
    }
}

fn bf(name: &str) -> CardFile {
    builtin_card_files_for(Edition::Battlefront)
        .into_iter()
        .find(|c| c.card.name == name)
        .unwrap_or_else(|| panic!("no battlefront card {name}"))
}

fn rev(name: &str) -> CardFile {
    builtin_card_files()
        .into_iter()
        .find(|c| c.card.name == name)
        .unwrap_or_else(|| panic!("no revised card {name}"))
}

fn line(c: &CardFile, name: &str) -> usize {
    c.card
        .weapons
        .iter()
        .position(|w| w.name == name)
        .unwrap_or_else(|| panic!("{} has no line {name}", c.card.name))
}

#[test]
fn every_unit_named_in_the_seeds_has_a_card() {
    // FAQ: Recon Boys, Tank Killers, Battle Grenadiers, Bot Hunters, Joe; BF: the examples and
    // the three starter battlegroups ("Dust Tactics Starter Sets").
    for n in [
        "Recon Boys",
        "Tank Killers",
        "Battle Grenadiers",
        "Bot Hunters",
        "Bazooka Joe",
        "Action Jackson",
    ] {
        assert_eq!(rev(n).info.edition, Edition::Revised, "{n}");
    }
    for n in [
        "Bot Hunters",
        "Grim Reapers",
        "Bazooka Joe",
        "Pounder",
        "Oberleutnant Stefan",
        "Ludwig",
        "Recon Grenadiers",
        "Heavy Laser Grenadiers",
        "Koshka",
        "Grand'ma",
        "Red Thunder",
        "Fakyeli",
        "Matrioshka",
        "IS-48",
        "Punisher",
        "Fireball",
        "Red Rain",
        "Vladimir Lenin",
        "Hot Dog",
        "Lara",
        "Hans",
        "Lothar",
        "Steel Rain",
        "The Gunners",
    ] {
        let _ = bf(n);
    }
    // The revised edition does not see battlefront-only cards; the battlefront edition replaces a
    // classic card by its own card of the same name.
    assert!(builtin_card_files().iter().all(|c| c.info.edition == Edition::Revised));
    assert_eq!(bf("Pounder").info.edition, Edition::Battlefront);
    assert_eq!(bf("Hans").info.edition, Edition::Revised);
    assert_eq!(
        builtin_card_files_for(Edition::Battlefront)
            .iter()
            .filter(|c| c.card.name == "Pounder")
            .count(),
        1
    );
    assert_eq!(
        all_builtin_card_files().len(),
        builtin_card_files().len() + SHIPPED_BATTLEFRONT.len()
    );
}

#[test]
fn battlefront_folder_reads_and_every_card_renders() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/units/battlefront");
    let cards = parse_card_dir(&dir).expect("data/units/battlefront reads");
    assert_eq!(cards.len(), SHIPPED_BATTLEFRONT.len());
    for c in all_builtin_card_files() {
        let t = render_text(&c);
        let svg = render_svg(&c);
        assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
        assert!(t.contains(&c.card.name.to_uppercase()));
        // Every card says where its numbers come from; every battlefront card is provisional
        // (no AP value is given in the seed).
        if c.info.edition == Edition::Battlefront {
            assert!(c.card.is_provisional(), "{}", c.card.name);
        }
    }
}

#[test]
fn faq_units() {
    // FAQ, Berserk example: seven damage are "more than enough to eliminate the entire Recon Boys squad".
    let rb = rev("Recon Boys").card;
    assert_eq!((rb.bloc, rb.kind), (Bloc::Allies, UnitKind::Squad));
    assert!(rb.health < 7);
    // FAQ, Units: the Tank Killers' card has neither a UGL nor a Panzerfaust line; the
    // Battle Grenadiers cannot fire the Panzerfausts their figures hold.
    let tk = rev("Tank Killers").card;
    assert!(tk
        .weapons
        .iter()
        .all(|w| !w.name.contains("UGL") && !w.name.contains("Panzerfaust") && !w.keywords.ugl));
    assert_eq!(tk.kind, UnitKind::Squad);
    let bg = rev("Battle Grenadiers").card;
    assert!(bg.weapons.iter().all(|w| !w.name.contains("Panzerfaust")));
    // FAQ, Units: the Bot Hunters field an extra bazooka figure.
    let bh = rev("Bot Hunters");
    assert_eq!((bh.card.bloc, bh.card.kind), (Bloc::Allies, UnitKind::Squad));
    assert!(carriers(&bh.card, line(&bh, "Bazooka")) >= 1);
    // Revised rules, UGL example and FAQ: Joe's Grenade Launcher is a Grenade Weapon (UGL);
    // BF, Units with Multiple Weapons: a hero with an M7 grenade launcher and a .45 ACP pistol;
    // BF, Damage to a Vehicle: "Joe's Infantry Armour 2".
    let joe = rev("Bazooka Joe");
    assert_eq!(
        (joe.card.kind, joe.card.armor, joe.card.bloc),
        (UnitKind::Hero, soldier(2), Bloc::Allies)
    );
    assert!(joe.card.weapons[line(&joe, "M7 Grenade Launcher")].keywords.ugl);
    let _ = line(&joe, ".45 ACP Pistol");
    // Not in any seed: every figure provisional.
    assert!(rev("Action Jackson").card.source.starts_with("provisional"));
}

#[test]
fn battlefront_starter_battlegroups() {
    // BF, "Dust Tactics Starter Sets".
    for (bloc, units) in [
        (Bloc::Allies, ["Bazooka Joe", "Pounder", "Bot Hunters", "Grim Reapers"]),
        (
            Bloc::Axis,
            ["Oberleutnant Stefan", "Ludwig", "Recon Grenadiers", "Heavy Laser Grenadiers"],
        ),
        (Bloc::Ssu, ["Koshka", "Grand'ma", "Red Thunder", "Fakyeli"]),
    ] {
        for u in units {
            assert_eq!(bf(u).card.bloc, bloc, "{u}");
        }
        assert_eq!(bf(units[0]).card.kind, UnitKind::Hero);
        assert_eq!(bf(units[1]).card.kind, UnitKind::Vehicle);
        assert_eq!(bf(units[2]).card.kind, UnitKind::Squad);
    }
}

#[test]
fn pounder_and_ludwig() {
    // BF, Move Actions: "A Pounder has a Move rating of 1"; Number of Dice: "The Pounder has a
    // Vehicle Armour rating of 4"; Check Field of Fire: a turret 17 pdr gun; the Ludwig's twin
    // 8.8cm FpK Zwilling guns fire in the front arc, its MG 44 is hatch-mounted.
    let p = bf("Pounder");
    assert_eq!((p.card.movement, p.card.armor), (1, vehicle(4)));
    assert_eq!(p.info.battlefront.weapons[line(&p, "17 pdr Gun")].mount, Some(Mount::Turret));
    assert!(
        p.card.weapons.iter().filter(|w| w.name.contains("MG")).count() >= 2,
        "its machine-guns"
    );
    let l = bf("Ludwig");
    let g = line(&l, "8.8cm FpK Zwilling");
    // Number of Dice, Sustained Attack: 7 combat dice against vehicle 4, 1 damage per hit.
    assert_eq!(l.card.weapons[g].table.against(vehicle(4)), d(7, 1));
    assert_eq!(l.info.battlefront.weapons[g].mount, Some(Mount::Front));
    assert!(!Mount::Front.all_round());
    assert_eq!(l.info.battlefront.weapons[line(&l, "MG 44")].mount, Some(Mount::Hatch));
    assert!(Mount::Hatch.all_round());
}

#[test]
fn recon_grenadiers_battlefront() {
    // BF, Check Range, Units with Multiple Weapons, Roll to Hit Infantry, Roll to Hit a Vehicle,
    // Close-Combat Attacks.
    let c = bf("Recon Grenadiers");
    assert_eq!(c.card.health, 5);
    let (stg, mg, pf, kg) = (
        line(&c, "StG 47"),
        line(&c, "MG 48"),
        line(&c, "Panzerfaust"),
        line(&c, "Knife & Grenade"),
    );
    let w = &c.card.weapons;
    assert_eq!(w[pf].range, WeaponRange::Spaces { min: 1, max: 2 });
    assert_eq!(carriers(&c.card, pf), 2);
    assert_eq!(
        (w[stg].range, w[mg].range),
        (WeaponRange::Spaces { min: 1, max: 4 }, WeaponRange::Spaces { min: 1, max: 4 })
    );
    assert_eq!((carriers(&c.card, stg), carriers(&c.card, mg)), (4, 1));
    assert_eq!(w[mg].table.against(soldier(2)), d(4, 1));
    assert_eq!(w[stg].table.against(soldier(2)), d(1, 1));
    assert_eq!(w[pf].table.against(soldier(2)), d(1, 1));
    assert_eq!(w[mg].table.against(vehicle(4)), CombatValue::NoEffect);
    assert_eq!(w[stg].table.against(vehicle(4)), CombatValue::NoEffect);
    assert_eq!(w[pf].table.against(vehicle(4)), d(1, 2));
    assert!(w[pf].ammo.is_some(), "limited ammo");
    assert_eq!((w[kg].range, carriers(&c.card, kg)), (WeaponRange::Close, 5));
}

#[test]
fn heavy_laser_grenadiers_and_lara_battlefront() {
    // BF, Laser Weapons: three Schwere Laserwerfers, one die each against vehicle 4; Damage
    // Resilient: a unit of three, Damage Resilient, 3 damage against vehicle 4.
    let h = bf("Heavy Laser Grenadiers");
    let lw = line(&h, "Schwere Laserwerfer");
    assert_eq!((h.card.health, carriers(&h.card, lw)), (3, 3));
    assert!(h.card.weapons[lw].keywords.laser && h.card.has(Skill::DamageResilient));
    assert_eq!(h.card.weapons[lw].table.against(vehicle(4)), d(1, 3));
    // BF, Damage Resilient: Lara is infantry armour 3, Damage Resilient, 2 + 2 crosses.
    let l = bf("Lara");
    assert_eq!((l.card.kind, l.card.armor, l.card.health), (UnitKind::Hero, soldier(3), 4));
    assert!(l.card.has(Skill::DamageResilient));
}

#[test]
fn ssu_units() {
    // BF, Roll to Hit a Vehicle: Grand'ma has vehicle armour 4; Blast Weapons: its VK-916
    // howitzer rolls two dice against vehicle 4 and its Sulphur Jet is a blast with automatic
    // kill; Damage Resilient: 3 + 2 crosses, Damage Resilient.
    let g = bf("Grand'ma");
    assert_eq!((g.card.armor, g.card.health, g.card.movement), (vehicle(4), 5, 1));
    assert!(g.card.has(Skill::DamageResilient));
    let CombatValue::Dice { dice: 2, .. } = g.card.weapons[line(&g, "VK-916 Howitzer")].table.against(vehicle(4)) else {
        panic!("two dice against vehicle 4")
    };
    let sj = line(&g, "Sulphur Jet");
    assert_eq!(
        g.info.battlefront.weapons[sj].value(vehicle(4)),
        Some(BattlefrontValue::BlastKill { per_model: 1 })
    );
    assert!(g.info.battlefront.weapons[sj].spray);
    // The engine sees the nearest revised value.
    assert_eq!(g.card.weapons[sj].table.against(vehicle(4)), CombatValue::Incendiary { dice: 1 });
    // BF, Blast Weapons / Piloting: Koshka pilots Grand'ma, so she has Pilot.
    let k = bf("Koshka");
    assert_eq!(k.card.kind, UnitKind::Hero);
    assert!(k.info.battlefront.has(BattlefrontSkill::Pilot));
    // BF, Roll to Hit Infantry: Red Thunder is an infantry squad of armour 2; Damage to a
    // Vehicle: PRS-47 1/3 against vehicle 4, PPSh-48 2/1 against infantry 2.
    let r = bf("Red Thunder");
    assert_eq!((r.card.kind, r.card.armor), (UnitKind::Squad, soldier(2)));
    assert_eq!(r.card.weapons[line(&r, "PRS-47")].table.against(vehicle(4)), d(1, 3));
    assert_eq!(r.card.weapons[line(&r, "PPSh-48")].table.against(soldier(2)), d(2, 1));
    // BF, Fast Units: the Fakyeli are Fast with a Move rating of 1; five soldiers (Damage to an
    // Infantry Squad); the Sulphur Thrower: blast, one die per model, 1 damage against
    // infantry (Blast Weapons), automatic kill against infantry 3 (Damage Resilient).
    let f = bf("Fakyeli");
    assert_eq!((f.card.movement, f.card.health), (1, 5));
    assert!(f.card.has(Skill::Fast));
    let st = line(&f, "Sulphur Thrower");
    let b = &f.info.battlefront.weapons[st];
    assert!(b.spray);
    assert_eq!(b.value(soldier(2)), Some(BattlefrontValue::Blast { per_model: 1, damage: 1 }));
    assert_eq!(b.value(soldier(3)), Some(BattlefrontValue::BlastKill { per_model: 1 }));
    let _ = line(&f, "Shotgun");
    // BF, Reactive Attack: the Matrioshka's Dual 152mm ML-20S hurt the Hotdog, its DShK
    // machine-guns cannot; three damage leave the Hotdog in play.
    let m = bf("Matrioshka");
    let hd = bf("Hot Dog");
    assert_eq!(m.card.bloc, Bloc::Ssu);
    assert_ne!(
        m.card.weapons[line(&m, "Dual 152mm ML-20S")].table.against(hd.card.armor),
        CombatValue::NoEffect
    );
    assert_eq!(
        m.card.weapons[line(&m, "DShK 12.7mm")].table.against(hd.card.armor),
        CombatValue::NoEffect
    );
    assert!(hd.card.health > 3);
    // BF, Moving Large Vehicles Sideways: the IS-48 is a large vehicle with Move 1; Moving Huge
    // Vehicles: the Punisher is a huge vehicle.
    let is = bf("IS-48");
    assert_eq!(
        (is.info.battlefront.kind, is.card.movement),
        (Some(BattlefrontKind::LargeVehicle), 1)
    );
    assert_eq!(BattlefrontKind::LargeVehicle.squares(), 2);
    assert_eq!(is.card.kind, UnitKind::Vehicle, "the engine's nearest kind");
    assert_eq!(bf("Punisher").info.battlefront.kind, Some(BattlefrontKind::HugeVehicle));
    assert_eq!(BattlefrontKind::HugeVehicle.squares(), 4);
    // BF, Vehicle Crews: Red Rain has a 200mm heavy mortar and three PPSh-48 crew, 3 damage
    // capacity.
    let rr = bf("Red Rain");
    assert_eq!(rr.card.health, 3);
    let _ = line(&rr, "200mm Heavy Mortar");
    assert!(rr.info.battlefront.weapons[line(&rr, "PPSh-48 (3)")].crew);
    // BF, Minimum Range: the Vladimir Lenin's turret weapons have range 2-U.
    let vl = bf("Vladimir Lenin");
    let b = &vl.info.battlefront.weapons[0];
    assert!(b.min_to_unlimited && b.mount == Some(Mount::Turret));
    assert!(!vl.card.weapons[0].range.reaches(1) && vl.card.weapons[0].range.reaches(2) && vl.card.weapons[0].range.reaches(40));
    assert!(render_text(&vl).contains("2-U"));
}

#[test]
fn allied_battlefront_units() {
    // BF, Blast Weapons and Reacting to a Close-Combat Attack: three Grim Reapers.
    let gr = bf("Grim Reapers");
    assert_eq!((gr.card.bloc, gr.card.kind, gr.card.health), (Bloc::Allies, UnitKind::Squad, 3));
    assert!(gr.card.weapons.iter().any(|w| w.range == WeaponRange::Close));
    // BF, Spray Weapons: the Fireball's Napalm Thrower has range 3 and is a spray weapon.
    let fb = bf("Fireball");
    let nt = line(&fb, "Napalm Thrower");
    assert_eq!(
        (fb.card.bloc, fb.card.weapons[nt].range),
        (Bloc::Allies, WeaponRange::Spaces { min: 1, max: 3 })
    );
    assert!(fb.info.battlefront.weapons[nt].spray && fb.card.weapons[nt].keywords.flame);
    // BF, Damage to an Infantry Squad: the Hotdog's .30 cal machine-gun and Flame-thrower; Jump:
    // classic Jump vehicles have Fast.
    let hd = bf("Hot Dog");
    let _ = line(&hd, ".30 cal MG");
    assert!(hd.info.battlefront.weapons[line(&hd, "Flame-thrower")].spray);
    assert!(hd.card.has(Skill::Fast) && !hd.card.has(Skill::Jump));
}

// ---------------------------------------------------------------- format diagnostics

const BF_CARD: &str = r#"name = "Test Walker"
edition = "battlefront"
bloc = "ssu"
kind = "large-vehicle"
movement = 1
armor = "vehicle 5"
health = 5
ap = 40
skills = ["pilot-hero"]
pilot-hero = "Koshka"
source = "test"

[[weapon]]
name = "Gun"
range = "2-U"
vehicle = ["2/K", "B2/3", "B1/K", "1/1", "-", "-", "-"]
keywords = ["set-up"]
mount = "turret"
"#;

#[test]
fn battlefront_values_kinds_and_mounts_parse() {
    let c = parse_card_file(BF_CARD, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(c.info.edition, Edition::Battlefront);
    assert_eq!(c.info.battlefront.kind, Some(BattlefrontKind::LargeVehicle));
    assert!(c.info.battlefront.has(BattlefrontSkill::PilotHero));
    assert_eq!(c.info.battlefront.pilot_hero.as_deref(), Some("Koshka"));
    let b = &c.info.battlefront.weapons[0];
    assert!(b.set_up && b.min_to_unlimited && b.mount == Some(Mount::Turret));
    assert_eq!(b.value(vehicle(1)), Some(BattlefrontValue::Kill { dice: 2 }));
    assert_eq!(b.value(vehicle(2)), Some(BattlefrontValue::Blast { per_model: 2, damage: 3 }));
    assert_eq!(b.value(vehicle(3)), Some(BattlefrontValue::BlastKill { per_model: 1 }));
    assert_eq!(b.value(vehicle(4)), None);
    assert_eq!(c.card.weapons[0].table.against(vehicle(1)), d(2, 20));
    // Aircraft armour classes 1–3 ("Armour Ratings").
    let air = BF_CARD
        .replace("large-vehicle", "large-aircraft")
        .replace("vehicle 5", "aircraft 3");
    assert!(parse_card_file(&air, "t.toml").is_ok());
    assert!(parse_card_file(&BF_CARD.replace("vehicle 5", "aircraft 4"), "t.toml").is_err());
}

/// tactics-battlefront-2013-rules.txt, "Pilot: Hero": "Only the named Hero can pilot a Vehicle
/// with the Pilot: Hero attribute." The card names its hero: `pilot-hero = "NAME"` is the skill;
/// the skill without the name, an empty name, or a name on a card that is no vehicle is
/// refused with what to write.
#[test]
fn pilot_hero_names_its_hero() {
    let alone = BF_CARD.replace("skills = [\"pilot-hero\"]\n", "skills = []\n");
    let c = parse_card_file(&alone, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert!(c.info.battlefront.has(BattlefrontSkill::PilotHero), "the name is the skill");
    assert_eq!(c.info.battlefront.pilot_hero.as_deref(), Some("Koshka"));
    assert!(c.info.battlefront.pilot_allowed("koshka") && !c.info.battlefront.pilot_allowed("Bazooka Joe"));
    let unnamed = BF_CARD.replace("pilot-hero = \"Koshka\"\n", "");
    let e = errors(&unnamed).join("\n");
    assert!(e.contains("add `pilot-hero = \"NAME\"`"), "{e}");
    let empty = BF_CARD.replace("\"Koshka\"", "\" \"");
    assert!(errors(&empty).join("\n").contains("names the one hero"), "{:?}", errors(&empty));
}

fn errors(text: &str) -> Vec<String> {
    parse_card_file(text, "t.toml")
        .map(|_| Vec::new())
        .unwrap_or_else(|d| d.iter().map(ToString::to_string).collect())
}

#[test]
fn battlefront_features_need_the_battlefront_edition() {
    let revised = BF_CARD.replace("edition = \"battlefront\"\n", "");
    let e = errors(&revised).join("\n");
    for want in [
        "t.toml:3:8: kind `large-vehicle` belongs to the battlefront edition",
        "skill `pilot-hero` belongs to the battlefront edition",
        "range `2-U` belongs to the battlefront edition",
        "`2/K` is a battlefront combat value",
        "keyword `set-up` belongs to the battlefront edition",
        "`mount` (the field of fire) belongs to the battlefront edition",
    ] {
        assert!(e.contains(want), "missing `{want}` in\n{e}");
    }
    let e = errors(&BF_CARD.replace("turret", "roof")).join("\n");
    assert!(e.contains("t.toml:18:9: unknown mount `roof`"), "{e}");
    let e = errors(&BF_CARD.replace("B2/3", "B0/3")).join("\n");
    assert!(e.contains("dice per model must be between 1 and 10"), "{e}");
    let e = errors(&BF_CARD.replace("edition = \"battlefront\"", "edition = \"classic\"")).join("\n");
    assert!(e.contains("t.toml:2:11: unknown edition `classic`"), "{e}");
    // Infantry have no mounts ("1) Check Field of Fire").
    let squad = "name = \"S\"\nedition = \"battlefront\"\nbloc = \"ssu\"\nkind = \"hero\"\nmovement = 1\narmor = \"soldier 2\"\nhealth = 2\nap = 5\nsource = \"t\"\n\n[[weapon]]\nname = \"Gun\"\nrange = \"4\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\nmount = \"turret\"\n";
    assert!(errors(squad).join("\n").contains("a hero has no weapon mounts"));
    // Battlefront squads need no cover values ("6) Roll Saves").
    let bf_squad = "name = \"S\"\nedition = \"battlefront\"\nbloc = \"ssu\"\nkind = \"support-weapon\"\nmovement = 1\narmor = \"soldier 2\"\nhealth = 3\nap = 5\nsource = \"t\"\n\n[[weapon]]\nname = \"Gun\"\nrange = \"4\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\nmount = \"front\"\n\n[[model]]\nweapons = [\"Gun\"]\ncount = 3\n";
    let c = parse_card_file(bf_squad, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(
        (c.card.kind, c.info.battlefront.kind),
        (UnitKind::Squad, Some(BattlefrontKind::SupportWeapon))
    );
}
