//! Army files and army rules (docs/army-format.md). Each rule test names the section of
//! tactics-revised-core-rules.md it checks.

use dust_core::{Bloc, UnitCard};
use dust_data::army::{build_army, can_join, check_army, parse_army, ArmyEntry, ArmyFile, Rule};
use dust_data::builtin::builtin_cards;
use dust_data::card::parse_card;

/// A test card: `kind` squad or hero, `armor` e.g. "soldier 2", skills in kebab case.
fn card(name: &str, bloc: &str, kind: &str, armor: &str, ap: u16, skills: &[&str]) -> UnitCard {
    let skills = skills.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let (cover, models) = if kind == "squad" {
        (
            "soft_cover = \"hit\"\nhard_cover = \"miss\"\n",
            "\n[[model]]\nweapons = [\"Gun\"]\ncount = 3\n",
        )
    } else {
        ("", "")
    };
    let health = if kind == "squad" { 3 } else { 4 };
    let text = format!(
        "name = \"{name}\"\nbloc = \"{bloc}\"\nkind = \"{kind}\"\nmovement = 1\narmor = \"{armor}\"\nhealth = {health}\n{cover}ap = {ap}\nskills = [{skills}]\nsource = \"provisional: test card\"\n\n[[weapon]]\nname = \"Gun\"\nrange = \"4\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\n{models}"
    );
    parse_card(&text, &format!("{name}.toml")).unwrap_or_else(|d| panic!("{d:?}"))
}

fn test_cards() -> Vec<UnitCard> {
    vec![
        card("Grunts", "axis", "squad", "soldier 2", 20, &[]),
        card("Big Grunts", "axis", "squad", "soldier 3", 25, &[]),
        card("Captain", "axis", "hero", "soldier 2", 15, &[]),
        card("Boss", "axis", "hero", "soldier 2", 18, &["commander"]),
        card("Staff", "axis", "squad", "soldier 2", 22, &["command-squad"]),
        card("Staff Two", "axis", "squad", "soldier 2", 22, &["command-squad"]),
        card("Heavy Staff", "axis", "squad", "soldier 3", 26, &["command-squad"]),
        card("Apes", "axis", "squad", "soldier 2", 24, &["blutkreuz-ape"]),
        card("Ape Hero", "axis", "hero", "soldier 2", 20, &["blutkreuz-ape"]),
        card("Zombies", "axis", "squad", "soldier 2", 18, &["blutkreuz-zombie"]),
        card("Zombie Master", "axis", "hero", "soldier 2", 20, &["blutkreuz-zombie"]),
        card("Jumpers", "axis", "squad", "soldier 2", 24, &["jump"]),
        card("Jump Hero", "axis", "hero", "soldier 2", 20, &["jump"]),
        card("Yanks", "allies", "squad", "soldier 2", 20, &[]),
    ]
}

fn army(units: Vec<ArmyEntry>, limit: u32) -> ArmyFile {
    let mut a = ArmyFile::new("test", Bloc::Axis, limit);
    a.units = units;
    a
}

fn rules(a: &ArmyFile) -> Vec<Rule> {
    check_army(a, &test_cards()).into_iter().map(|v| v.rule).collect()
}

#[test]
fn shipped_armies_are_legal() {
    for (name, text) in [
        (
            "data/armies/core-allies.toml",
            include_str!("../../../data/armies/core-allies.toml"),
        ),
        ("data/armies/core-axis.toml", include_str!("../../../data/armies/core-axis.toml")),
    ] {
        let a = parse_army(text, name).unwrap_or_else(|d| panic!("{d:?}"));
        let v = check_army(&a, &builtin_cards());
        assert!(v.is_empty(), "{name}: {v:?}");
    }
}

#[test]
fn format_problems_have_positions() {
    let e = parse_army("name = \"x\"\nbloc = \"martians\"\nap_limit = 0\ncolour = 1\n", "a.toml").unwrap_err();
    let lines: Vec<usize> = e.iter().map(|d| d.line).collect();
    assert_eq!(lines, vec![2, 3, 4], "{e:?}");
    assert!(e[0].message.contains("allies, axis or ssu"));
    assert!(e[2].message.contains("valid keys"));
    let e = parse_army("name = \"x\"\nbloc = \"axis\"\n", "a.toml").unwrap_err();
    assert!(e[0].message.contains("ap_limit"));
    assert!(parse_army("name = ", "a.toml").is_err());
}

#[test]
fn violations_point_at_the_line_and_name_the_rule() {
    let text = "name = \"x\"\nbloc = \"axis\"\nap_limit = 100\n\n[[unit]]\nname = \"Big Grunts\"\n\n[[unit]]\nname = \"Captain\"\njoins = \"Big Grunts\"\n";
    let a = parse_army(text, "a.toml").expect("reads");
    let v = check_army(&a, &test_cards());
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].diag.line, v[0].diag.col), (10, 9));
    assert_eq!(v[0].rule, Rule::HeroArmorClass);
    let shown = v[0].to_string();
    assert!(shown.starts_with("a.toml:10:9: ") && shown.contains("Heroes"), "{shown}");
}

/// tactics-revised-core-rules.md, "AP Cost of Units": the units' total AP must not exceed the
/// scenario's AP limit.
#[test]
fn ap_cost_of_units_limit() {
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::new("Big Grunts")], 45);
    assert!(rules(&a).is_empty());
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::new("Big Grunts")], 44);
    assert_eq!(rules(&a), vec![Rule::ApLimit]);
    assert_eq!(Rule::ApLimit.section(), "AP Cost of Units");
}

/// "AP Cost of Units" (each side fields its own bloc's units): one bloc per army.
#[test]
fn one_bloc() {
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::new("Yanks")], 100);
    assert_eq!(rules(&a), vec![Rule::OneBloc]);
}

/// "Heroes": a hero is one named character, fielded once.
#[test]
fn unique_heroes() {
    let a = army(vec![ArmyEntry::new("Captain"), ArmyEntry::new("Captain")], 100);
    assert_eq!(rules(&a), vec![Rule::UniqueHeroes]);
    // Squads may be fielded twice.
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::new("Grunts")], 100);
    assert!(rules(&a).is_empty());
}

/// "Heroes": "a hero can join a squad as long as the hero shares the squad's armor class".
#[test]
fn heroes_join_squads_of_their_armor_class() {
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::joining("Captain", "Grunts")], 100);
    assert!(rules(&a).is_empty());
    let a = army(vec![ArmyEntry::new("Big Grunts"), ArmyEntry::joining("Captain", "Big Grunts")], 100);
    assert_eq!(rules(&a), vec![Rule::HeroArmorClass]);
}

/// "Heroes": only heroes join, only squads, and only squads of the same army.
#[test]
fn heroes_join_squads_only() {
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::joining("Big Grunts", "Grunts")], 100);
    assert_eq!(rules(&a), vec![Rule::HeroesJoinSquads]);
    let a = army(vec![ArmyEntry::new("Boss"), ArmyEntry::joining("Captain", "Boss")], 100);
    assert_eq!(rules(&a), vec![Rule::HeroesJoinSquads]);
    let a = army(vec![ArmyEntry::joining("Captain", "Grunts")], 100);
    assert_eq!(rules(&a), vec![Rule::HeroesJoinSquads]);
}

/// "Heroes": "there cannot be more than one hero joined to the same squad".
#[test]
fn one_hero_per_squad() {
    let a = army(
        vec![
            ArmyEntry::new("Grunts"),
            ArmyEntry::joining("Captain", "Grunts"),
            ArmyEntry::joining("Boss", "Grunts"),
        ],
        100,
    );
    assert_eq!(rules(&a), vec![Rule::OneHeroPerSquad]);
    // Two copies of the squad: each takes one hero.
    let a = army(
        vec![
            ArmyEntry::new("Grunts"),
            ArmyEntry::new("Grunts"),
            ArmyEntry::joining("Captain", "Grunts"),
            ArmyEntry::joining("Boss", "Grunts"),
        ],
        100,
    );
    assert!(rules(&a).is_empty());
}

/// Skills, "Blutkreuz Ape": an ape hero joins only an ape squad and an ape squad is joined
/// only by an ape hero.
#[test]
fn blutkreuz_ape() {
    let ok = army(vec![ArmyEntry::new("Apes"), ArmyEntry::joining("Ape Hero", "Apes")], 100);
    assert!(rules(&ok).is_empty());
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::joining("Ape Hero", "Grunts")], 100);
    assert_eq!(rules(&a), vec![Rule::BlutkreuzApe]);
    let a = army(vec![ArmyEntry::new("Apes"), ArmyEntry::joining("Captain", "Apes")], 100);
    assert_eq!(rules(&a), vec![Rule::BlutkreuzApe]);
}

/// Skills, "Blutkreuz Zombie": the same gate for zombies.
#[test]
fn blutkreuz_zombie() {
    let ok = army(vec![ArmyEntry::new("Zombies"), ArmyEntry::joining("Zombie Master", "Zombies")], 100);
    assert!(rules(&ok).is_empty());
    let a = army(vec![ArmyEntry::new("Zombies"), ArmyEntry::joining("Captain", "Zombies")], 100);
    assert_eq!(rules(&a), vec![Rule::BlutkreuzZombie]);
    let a = army(vec![ArmyEntry::new("Apes"), ArmyEntry::joining("Zombie Master", "Apes")], 100);
    assert_eq!(rules(&a), vec![Rule::BlutkreuzApe, Rule::BlutkreuzZombie]);
}

/// Skills, "Jump": a hero with Jump joins only a squad with Jump, and the other way round.
#[test]
fn jump() {
    let ok = army(vec![ArmyEntry::new("Jumpers"), ArmyEntry::joining("Jump Hero", "Jumpers")], 100);
    assert!(rules(&ok).is_empty());
    let a = army(vec![ArmyEntry::new("Grunts"), ArmyEntry::joining("Jump Hero", "Grunts")], 100);
    assert_eq!(rules(&a), vec![Rule::Jump]);
    let a = army(vec![ArmyEntry::new("Jumpers"), ArmyEntry::joining("Captain", "Jumpers")], 100);
    assert_eq!(rules(&a), vec![Rule::Jump]);
}

/// "Command Squad Abilities": "A hero can only join a Command Squad if he has the Commander
/// skill."
#[test]
fn commander_for_command_squads() {
    let ok = army(vec![ArmyEntry::new("Staff"), ArmyEntry::joining("Boss", "Staff")], 100);
    assert!(rules(&ok).is_empty());
    let a = army(vec![ArmyEntry::new("Staff"), ArmyEntry::joining("Captain", "Staff")], 100);
    assert_eq!(rules(&a), vec![Rule::CommanderForCommandSquad]);
    assert_eq!(Rule::CommanderForCommandSquad.section(), "Command Squad Abilities");
}

/// "Command Squad Abilities": "A player can field more than one Command Squad unit at the same
/// time, but in order to do so, each unit must have a different armor class."
#[test]
fn command_squads_of_different_armor_classes() {
    let ok = army(vec![ArmyEntry::new("Staff"), ArmyEntry::new("Heavy Staff")], 100);
    assert!(rules(&ok).is_empty());
    let a = army(vec![ArmyEntry::new("Staff"), ArmyEntry::new("Staff Two")], 100);
    assert_eq!(rules(&a), vec![Rule::CommandSquadArmorClasses]);
    let a = army(vec![ArmyEntry::new("Staff"), ArmyEntry::new("Staff")], 100);
    assert_eq!(rules(&a), vec![Rule::CommandSquadArmorClasses]);
}

#[test]
fn unknown_units_are_reported() {
    let a = army(vec![ArmyEntry::new("Nobody")], 100);
    assert_eq!(rules(&a), vec![Rule::KnownUnit]);
}

#[test]
fn every_violation_is_listed() {
    let a = army(
        vec![
            ArmyEntry::new("Yanks"),
            ArmyEntry::new("Big Grunts"),
            ArmyEntry::joining("Captain", "Big Grunts"),
            ArmyEntry::new("Captain"),
            ArmyEntry::new("Staff"),
            ArmyEntry::new("Staff Two"),
        ],
        50,
    );
    let mut r = rules(&a);
    r.sort_by_key(|r| r.name());
    assert_eq!(
        r,
        vec![
            Rule::ApLimit,
            Rule::CommandSquadArmorClasses,
            Rule::HeroArmorClass,
            Rule::OneBloc,
            Rule::UniqueHeroes
        ]
    );
}

#[test]
fn built_armies_are_legal_and_read_back() {
    let cards = test_cards();
    for limit in [10, 40, 60, 100, 150, 400] {
        let a = build_army("greedy", Bloc::Axis, limit, &cards, None).expect("builds");
        assert!(check_army(&a, &cards).is_empty(), "{limit}: {:?}", check_army(&a, &cards));
        let back = parse_army(&a.to_toml(), "built.toml").expect("reads back");
        assert_eq!(
            back.units.iter().map(|u| (&u.name, &u.joins)).collect::<Vec<_>>(),
            a.units.iter().map(|u| (&u.name, &u.joins)).collect::<Vec<_>>()
        );
        assert!(check_army(&back, &cards).is_empty());
    }
    let shipped = builtin_cards();
    for bloc in [Bloc::Allies, Bloc::Axis, Bloc::Ssu] {
        for limit in [50, 150, 300] {
            let a = build_army("greedy", bloc, limit, &shipped, None).expect("builds");
            assert!(check_army(&a, &shipped).is_empty());
        }
    }
}

#[test]
fn built_from_a_list_joins_heroes_legally() {
    let cards = test_cards();
    let names: Vec<String> = ["Captain", "Jump Hero", "Jumpers", "Big Grunts", "Grunts"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let a = build_army("list", Bloc::Axis, 200, &cards, Some(&names)).expect("builds");
    assert!(check_army(&a, &cards).is_empty());
    let joins: Vec<(&str, Option<&str>)> = a.units.iter().map(|u| (u.name.as_str(), u.joins.as_deref())).collect();
    assert!(joins.contains(&("Captain", Some("Grunts"))), "{joins:?}");
    assert!(joins.contains(&("Jump Hero", Some("Jumpers"))), "{joins:?}");
    let bad: Vec<String> = ["Yanks", "Captain", "Captain", "Staff", "Staff Two", "Nobody"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let e = build_army("list", Bloc::Axis, 200, &cards, Some(&bad)).unwrap_err();
    assert_eq!(e.len(), 4, "{e:?}");
    let over: Vec<String> = vec!["Grunts".into(), "Big Grunts".into()];
    assert!(build_army("list", Bloc::Axis, 30, &cards, Some(&over)).is_err());
}

#[test]
fn can_join_matches_the_checker() {
    let cards = test_cards();
    for h in cards.iter().filter(|c| c.kind == dust_core::UnitKind::Hero) {
        for s in cards
            .iter()
            .filter(|c| c.kind == dust_core::UnitKind::Squad && c.bloc == Bloc::Axis)
        {
            let a = army(vec![ArmyEntry::new(&s.name), ArmyEntry::joining(&h.name, &s.name)], 1000);
            assert_eq!(can_join(h, s), rules(&a).is_empty(), "{} joins {}", h.name, s.name);
        }
    }
}

// ------------------------------------------------- seed facts of the example units' cards

mod example_units {
    use dust_core::{ArmorType, CombatValue, Skill, UnitCard, UnitKind, WeaponLine, WeaponRange};
    use dust_data::army::{can_join, check_army, ArmyEntry, ArmyFile};
    use dust_data::builtin::{builtin_cards, find_card};
    use dust_data::card::carriers;

    fn card(name: &str) -> UnitCard {
        find_card(name).unwrap_or_else(|| panic!("no shipped card {name}"))
    }

    fn line<'a>(c: &'a UnitCard, name: &str) -> (usize, &'a WeaponLine) {
        c.weapons
            .iter()
            .enumerate()
            .find(|(_, w)| w.name == name)
            .unwrap_or_else(|| panic!("{} has no line {name}", c.name))
    }

    fn d(dice: u8, damage: u8) -> CombatValue {
        CombatValue::Dice { dice, damage }
    }

    fn reaches(r: WeaponRange, spaces: u8) -> bool {
        match r {
            WeaponRange::Spaces { min, max } => (min..=max).contains(&spaces),
            WeaponRange::Unlimited => true,
            WeaponRange::Close | WeaponRange::Artillery => false,
        }
    }

    #[test]
    fn every_example_unit_is_shipped_with_a_source() {
        for name in [
            "Steel Rain",
            "Lothar",
            "Luther",
            "Hot Dog",
            "Honey",
            "Pounder",
            "Ludwig",
            "Sigrid",
            "TotenMeister",
            "Axis Zombies",
            "The Boss",
            "BBQ Squad",
            "Kommandotrupp",
            "Recon Grenadiers",
            "Laser Grenadiers",
            "The Gunners",
        ] {
            let c = card(name);
            // Every one of them has estimated figures: the program must say so.
            assert!(c.is_provisional(), "{name}");
        }
    }

    /// tactics-revised-core-rules.md, "Check Range" (Petard Mortar 3-6), "Volley Blast" (two
    /// 4.2" Rockets: six dice against the soldier-3 Heavy Laser Grenadiers, one hit one
    /// casualty), "Indirect Shot" (the Steel Rain is the artillery unit: a range A weapon).
    #[test]
    fn steel_rain() {
        let c = card("Steel Rain");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Allies, UnitKind::Vehicle));
        let (_, m) = line(&c, "Petard Mortar");
        assert_eq!(m.range, WeaponRange::Spaces { min: 3, max: 6 });
        let (_, r) = line(&c, "4.2\" Rockets");
        assert_eq!(r.range, WeaponRange::Artillery);
        assert!(r.ammo.is_some_and(|a| a >= 2));
        let CombatValue::Volley { dice, damage } = r.table.soldier[2] else {
            panic!("a volley")
        };
        assert_eq!((dice[1], damage), (6, 1));
    }

    /// "Artillery Weapons (Range A)": the Lothar's Nebelwerfer 42 has range A.
    #[test]
    fn lothar() {
        let c = card("Lothar");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Axis, UnitKind::Vehicle));
        assert_eq!(line(&c, "Nebelwerfer 42").1.range, WeaponRange::Artillery);
    }

    /// "Reactive Fire": the Luther uses its Charge skill.
    #[test]
    fn luther() {
        let c = card("Luther");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Axis, UnitKind::Vehicle));
        assert!(c.has(Skill::Charge));
        assert!(c.weapons.iter().any(|w| w.range == WeaponRange::Close));
    }

    /// "Jump" (the Hot Dog jumps), "AP Incendiary Blast" (Napalm Thrower: 1/⊕ and 1/☠, a
    /// Flamethrower), FAQ "Hot Dog's Napalm Thrower has a range of two".
    #[test]
    fn hot_dog() {
        let c = card("Hot Dog");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Allies, UnitKind::Vehicle));
        assert!(c.has(Skill::Jump));
        let (_, w) = line(&c, "Napalm Thrower");
        assert_eq!(w.range, WeaponRange::Spaces { min: 1, max: 2 });
        assert!(w.keywords.flame);
        let all: Vec<CombatValue> = w.table.soldier.iter().chain(&w.table.vehicle).copied().collect();
        assert!(all.contains(&CombatValue::Incendiary { dice: 1 }));
        assert!(all.contains(&CombatValue::ApIncendiary { dice: 1 }));
    }

    /// "Phaser Blast": the Honey's 120W Phaser Gun shows 2/3 against the Heavy Laser
    /// Grenadiers (soldier 3).
    #[test]
    fn honey() {
        let c = card("Honey");
        assert_eq!(c.bloc, dust_core::Bloc::Allies);
        let hlg = card("Heavy Laser Grenadiers");
        assert_eq!((hlg.armor.kind, hlg.armor.class), (ArmorType::Soldier, 3));
        let (_, w) = line(&c, "120W Phaser Gun");
        assert_eq!(w.table.soldier[2], CombatValue::Phaser { aim: 2, power: 3 });
    }

    /// "AP Incendiary Blast": the Pounder is an Allied walker of vehicle class 4.
    #[test]
    fn pounder() {
        let c = card("Pounder");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Allies, UnitKind::Vehicle));
        assert_eq!((c.armor.kind, c.armor.class), (ArmorType::Vehicle, 4));
    }

    /// FAQ, Ludwig: the card shows one weapon line for both cannons.
    #[test]
    fn ludwig() {
        let c = card("Ludwig");
        assert_eq!((c.bloc, c.kind), (dust_core::Bloc::Axis, UnitKind::Vehicle));
        assert_eq!(c.weapons.len(), 1);
    }

    /// "Berserk" examples: Sigrid (a hero with Berserk) joins the Laser Grenadiers; eight dice
    /// against the soldier-2 Hell Boys at two spaces: three for her Laser-Pistole-B and one for
    /// each Laser Gewehr and Laser Werfer (five miniatures), all laser weapons.
    #[test]
    fn sigrid_and_the_laser_grenadiers() {
        let s = card("Sigrid");
        let lg = card("Laser Grenadiers");
        let hb = card("Hell Boys");
        assert_eq!((hb.armor.kind, hb.armor.class), (ArmorType::Soldier, 2));
        assert_eq!((s.kind, s.bloc), (UnitKind::Hero, dust_core::Bloc::Axis));
        assert!(s.has(Skill::Berserk));
        let (_, p) = line(&s, "Laser-Pistole-B");
        assert!(p.keywords.laser);
        assert_eq!(p.table.soldier[1], d(3, 1));
        assert!(reaches(p.range, 2));
        assert_eq!((lg.kind, lg.health), (UnitKind::Squad, 5));
        let mut dice = 3;
        for name in ["Laser Gewehr", "Laser Werfer"] {
            let (i, w) = line(&lg, name);
            assert!(w.keywords.laser && reaches(w.range, 2), "{name}");
            assert_eq!(w.table.soldier[1], d(1, 1), "{name}");
            dice += carriers(&lg, i);
        }
        assert_eq!(dice, 8);
        assert!(can_join(&s, &lg), "Sigrid joins the Laser Grenadiers (Heroes)");
    }

    /// "Wiederbelebungsserum" example: TotenMeister joins the Axis Zombies, fights in close
    /// combat and survives losing three health points.
    #[test]
    fn totenmeister_and_the_axis_zombies() {
        let t = card("TotenMeister");
        let z = card("Axis Zombies");
        assert_eq!(
            (t.kind, t.bloc, z.kind, z.bloc),
            (UnitKind::Hero, dust_core::Bloc::Axis, UnitKind::Squad, dust_core::Bloc::Axis)
        );
        assert!(t.has(Skill::Wiederbelebungsserum));
        assert!(t.health > 3);
        assert!(t.weapons.iter().any(|w| w.range == WeaponRange::Close));
        assert!(can_join(&t, &z), "TotenMeister joins the Axis Zombies (Heroes, Blutkreuz Zombie)");
    }

    /// "Indirect Shot" example: The Boss is an Allied Command Squad with Artillery Strike and
    /// a Radio; "Command Squad Abilities": Officer, Radioman, Mechanic, Medic and a weapon
    /// specialist.
    #[test]
    fn the_boss() {
        let c = card("The Boss");
        assert_eq!((c.kind, c.bloc, c.health), (UnitKind::Squad, dust_core::Bloc::Allies, 5));
        assert!(c.has(Skill::CommandSquad) && c.has(Skill::ArtilleryStrike));
        let roles: Vec<_> = c.models.iter().filter_map(|m| m.role).collect();
        for r in [
            dust_core::Role::Officer,
            dust_core::Role::Radioman,
            dust_core::Role::Mechanic,
            dust_core::Role::Medic,
        ] {
            assert!(roles.contains(&r), "{r:?}");
        }
        // Rhino has no Commander: he cannot join it (Command Squad Abilities).
        assert!(!can_join(&card("Rhino"), &c));
    }

    /// FAQ, weapon lines and split fire: the Recon Grenadiers have four lines (StG 47, MG 48
    /// (1), Panzerfaust, Knife & Grenade); five soldiers, four StG 47 with one die each, one MG
    /// 48 with four dice, three Panzerfausts, one Knife & Grenade die per soldier.
    #[test]
    fn recon_grenadiers() {
        let c = card("Recon Grenadiers");
        assert_eq!((c.kind, c.bloc, c.health), (UnitKind::Squad, dust_core::Bloc::Axis, 5));
        let names: Vec<&str> = c.weapons.iter().map(|w| w.name.as_str()).collect();
        assert_eq!(names, ["StG 47", "MG 48 (1)", "Panzerfaust", "Knife & Grenade"]);
        let (i, stg) = line(&c, "StG 47");
        assert_eq!((carriers(&c, i), stg.table.soldier[1]), (4, d(1, 1)));
        let (i, mg) = line(&c, "MG 48 (1)");
        assert_eq!((carriers(&c, i), mg.table.soldier[1]), (1, d(4, 1)));
        let (_, pf) = line(&c, "Panzerfaust");
        assert_eq!(pf.ammo, Some(3));
        assert!(matches!(pf.table.vehicle[3], CombatValue::Dice { dice: 1, .. }));
        let (i, kg) = line(&c, "Knife & Grenade");
        assert_eq!((carriers(&c, i), kg.range), (5, WeaponRange::Close));
    }

    /// FAQ, close combat example: a full squad of The Gunners loses one, then two figures, and
    /// two remain (five), each rolling one close-combat die.
    #[test]
    fn the_gunners() {
        let c = card("The Gunners");
        assert_eq!((c.kind, c.bloc, c.health), (UnitKind::Squad, dust_core::Bloc::Allies, 5));
        assert!(c.weapons.iter().any(|w| w.range == WeaponRange::Close));
    }

    /// FAQ corner-cover examples: the BBQ Squad (Allied) and the Kommandotrupp (Axis) are
    /// squads.
    #[test]
    fn bbq_squad_and_kommandotrupp() {
        assert_eq!(
            (card("BBQ Squad").kind, card("BBQ Squad").bloc),
            (UnitKind::Squad, dust_core::Bloc::Allies)
        );
        assert_eq!(
            (card("Kommandotrupp").kind, card("Kommandotrupp").bloc),
            (UnitKind::Squad, dust_core::Bloc::Axis)
        );
    }

    /// The seeds' joins make legal armies: Sigrid with the Laser Grenadiers, TotenMeister with
    /// the Axis Zombies, Rhino with The Hammers, Lara with the Heavy Laser Grenadiers.
    #[test]
    fn the_examples_joins_are_legal_armies() {
        let cards = builtin_cards();
        let mut axis = ArmyFile::new("examples", dust_core::Bloc::Axis, 1000);
        axis.units = vec![
            ArmyEntry::new("Laser Grenadiers"),
            ArmyEntry::joining("Sigrid", "Laser Grenadiers"),
            ArmyEntry::new("Axis Zombies"),
            ArmyEntry::joining("TotenMeister", "Axis Zombies"),
            ArmyEntry::new("Heavy Laser Grenadiers"),
            ArmyEntry::joining("Lara", "Heavy Laser Grenadiers"),
        ];
        assert!(check_army(&axis, &cards).is_empty(), "{:?}", check_army(&axis, &cards));
        let mut allies = ArmyFile::new("examples", dust_core::Bloc::Allies, 1000);
        allies.units = vec![
            ArmyEntry::new("The Hammers"),
            ArmyEntry::joining("Rhino", "The Hammers"),
            ArmyEntry::new("The Boss"),
        ];
        assert!(check_army(&allies, &cards).is_empty());
    }
}
