//! Army rules of the battlefront edition (tactics-battlefront-2013-rules.txt), one test per
//! rule, and the edition switch of army files.

use dust_core::{Bloc, Edition};
use dust_data::army::{check_army_cards, parse_army, ArmyEntry, ArmyFile, Rule};
use dust_data::builtin::{builtin_card_files, builtin_card_files_for};

fn army(bloc: Bloc, units: Vec<ArmyEntry>, limit: u32) -> ArmyFile {
    let mut a = ArmyFile::new("test", bloc, limit);
    a.edition = Edition::Battlefront;
    a.units = units;
    a
}

fn rules(a: &ArmyFile) -> Vec<Rule> {
    check_army_cards(a, &builtin_card_files_for(a.edition))
        .into_iter()
        .map(|v| v.rule)
        .collect()
}

#[test]
fn starter_battlegroups_are_legal() {
    // "Dust Tactics Starter Sets": Taskforce Joe, Kampfgruppe Stefan, Battlegroup Koshka.
    let joe = army(
        Bloc::Allies,
        vec![
            ArmyEntry::new("Bazooka Joe"),
            ArmyEntry::new("Pounder"),
            ArmyEntry::new("Bot Hunters"),
            ArmyEntry::new("Grim Reapers"),
        ],
        150,
    );
    assert_eq!(rules(&joe), []);
    let stefan = army(
        Bloc::Axis,
        vec![
            ArmyEntry::new("Ludwig"),
            ArmyEntry::new("Recon Grenadiers"),
            ArmyEntry::joining("Oberleutnant Stefan", "Recon Grenadiers"),
            ArmyEntry::new("Heavy Laser Grenadiers"),
        ],
        150,
    );
    assert_eq!(rules(&stefan), []);
    let koshka = army(
        Bloc::Ssu,
        vec![
            ArmyEntry::new("Grand'ma"),
            ArmyEntry::piloting("Koshka", "Grand'ma"),
            ArmyEntry::new("Red Thunder"),
            ArmyEntry::new("Fakyeli"),
        ],
        150,
    );
    assert_eq!(rules(&koshka), []);
    for f in ["bf-taskforce-joe.toml", "bf-kampfgruppe-stefan.toml", "bf-battlegroup-koshka.toml"] {
        let path = format!("{}/../../data/armies/{f}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect("shipped army");
        let a = parse_army(&text, f).unwrap_or_else(|d| panic!("{d:?}"));
        assert_eq!(a.edition, Edition::Battlefront);
        let v = check_army_cards(&a, &builtin_card_files_for(Edition::Battlefront));
        assert!(v.is_empty(), "{f}: {v:?}");
    }
}

#[test]
fn choosing_your_force_ap_limit_and_one_bloc() {
    // "Choosing Your Force": any units from their bloc, total army points within the limit.
    let a = army(
        Bloc::Ssu,
        vec![ArmyEntry::new("Punisher"), ArmyEntry::new("IS-48"), ArmyEntry::new("Ludwig")],
        100,
    );
    let v = check_army_cards(&a, &builtin_card_files_for(Edition::Battlefront));
    assert!(v
        .iter()
        .any(|x| x.rule == Rule::ApLimit && x.diag.message.contains("Choosing Your Force")));
    assert!(v
        .iter()
        .any(|x| x.rule == Rule::OneBloc && x.diag.message.contains("any units from their bloc")));
}

#[test]
fn heroes_unique_and_joining() {
    // "Heroes": never two of the same hero; a hero joins an infantry squad (or support weapon)
    // of the same armour rating; only one hero per unit.
    let a = army(Bloc::Axis, vec![ArmyEntry::new("Lara"), ArmyEntry::new("Lara")], 500);
    assert_eq!(rules(&a), [Rule::UniqueHeroes]);
    let a = army(
        Bloc::Axis,
        vec![ArmyEntry::new("Recon Grenadiers"), ArmyEntry::joining("Lara", "Recon Grenadiers")],
        500,
    );
    assert_eq!(rules(&a), [Rule::HeroArmorClass]);
    let a = army(
        Bloc::Axis,
        vec![
            ArmyEntry::new("Heavy Laser Grenadiers"),
            ArmyEntry::joining("Lara", "Heavy Laser Grenadiers"),
            ArmyEntry::new("Sigrid"),
        ],
        500,
    );
    assert_eq!(rules(&a), []);
    let a = army(
        Bloc::Axis,
        vec![ArmyEntry::new("Ludwig"), ArmyEntry::joining("Lara", "Ludwig")],
        500,
    );
    assert_eq!(rules(&a), [Rule::HeroesJoinSquads]);
}

#[test]
fn revised_only_rules_do_not_apply_in_battlefront() {
    // The battlefront rulebook has no Command Squads and lets heroes join Jump units ("Jump":
    // both must have Jump to use it). The revised edition checks both (tactics-revised-core-rules.md).
    let cards = builtin_card_files_for(Edition::Battlefront);
    let mut a = army(Bloc::Allies, vec![ArmyEntry::new("The Boss"), ArmyEntry::new("The Boss")], 500);
    assert!(check_army_cards(&a, &cards).is_empty());
    a.edition = Edition::Revised;
    let v = check_army_cards(&a, &builtin_card_files());
    assert!(v.iter().any(|x| x.rule == Rule::CommandSquadArmorClasses));
}

#[test]
fn pilots_and_unique_vehicles() {
    // "Heroes, Piloting Vehicles": only a hero with Pilot, one hero per vehicle.
    let a = army(
        Bloc::Ssu,
        vec![
            ArmyEntry::new("Grand'ma"),
            ArmyEntry::piloting("Koshka", "Red Thunder"),
            ArmyEntry::new("Red Thunder"),
        ],
        500,
    );
    assert_eq!(rules(&a), [Rule::Pilot]);
    let a = army(
        Bloc::Axis,
        vec![ArmyEntry::new("Ludwig"), ArmyEntry::piloting("Lara", "Ludwig")],
        500,
    );
    let v = check_army_cards(&a, &builtin_card_files_for(Edition::Battlefront));
    assert_eq!(v.len(), 1);
    assert!(v[0].diag.message.contains("no Pilot skill") && v[0].diag.message.contains("Piloting Vehicles"));
    // In the revised edition, heroes do not pilot.
    let mut r = ArmyFile::new("r", Bloc::Axis, 500);
    r.units = vec![ArmyEntry::new("Ludwig"), ArmyEntry::piloting("Lara", "Ludwig")];
    let v = check_army_cards(&r, &builtin_card_files());
    assert_eq!(v.iter().map(|x| x.rule).collect::<Vec<_>>(), [Rule::Pilot]);
    // "Pilot: Hero": the vehicle is unique, only one in an army.
    let dir = std::env::temp_dir().join(format!("dust1947-unique-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let unique = "name = \"Rare Walker\"\nedition = \"battlefront\"\nbloc = \"ssu\"\nkind = \"vehicle\"\nmovement = 1\narmor = \"vehicle 4\"\nhealth = 4\nap = 10\nskills = [\"pilot-hero\"]\npilot-hero = \"Koshka\"\nsource = \"test\"\n\n[[weapon]]\nname = \"Gun\"\nrange = \"4\"\nvehicle = [\"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\"]\n";
    std::fs::write(dir.join("rare.toml"), unique).expect("write");
    // A second SSU pilot: Koshka's card under another name.
    let koshka = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/units/battlefront/koshka.toml")).expect("Koshka");
    std::fs::write(
        dir.join("test-pilot.toml"),
        koshka.replacen("name = \"Koshka\"", "name = \"Test Pilot\"", 1),
    )
    .expect("write");
    let cards = dust_data::builtin::load_card_files_for(Some(&dir), Edition::Battlefront).expect("reads");
    let a = army(Bloc::Ssu, vec![ArmyEntry::new("Rare Walker"), ArmyEntry::new("Rare Walker")], 500);
    let v = check_army_cards(&a, &cards);
    assert_eq!(v.iter().map(|x| x.rule).collect::<Vec<_>>(), [Rule::UniqueVehicle]);
    assert!(v[0].diag.message.contains("Pilot: Hero"));
    // "Only the named Hero can pilot a Vehicle with the Pilot: Hero attribute": Koshka may, the
    // SSU's other pilot may not; without a pilot it is fielded.
    let a = army(
        Bloc::Ssu,
        vec![ArmyEntry::new("Rare Walker"), ArmyEntry::piloting("Koshka", "Rare Walker")],
        500,
    );
    assert_eq!(check_army_cards(&a, &cards), []);
    let a = army(Bloc::Ssu, vec![ArmyEntry::new("Rare Walker")], 500);
    assert_eq!(check_army_cards(&a, &cards), []);
    let a = army(
        Bloc::Ssu,
        vec![ArmyEntry::new("Rare Walker"), ArmyEntry::piloting("Test Pilot", "Rare Walker")],
        500,
    );
    let v = check_army_cards(&a, &cards);
    assert_eq!(v.iter().map(|x| x.rule).collect::<Vec<_>>(), [Rule::Pilot], "{v:?}");
    assert!(v[0].diag.message.contains("only Koshka may"), "{}", v[0].diag.message);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn army_files_carry_their_edition() {
    let text = "name = \"x\"\nbloc = \"ssu\"\nap_limit = 150\nedition = \"battlefront\"\n\n[[unit]]\nname = \"Grand'ma\"\n\n[[unit]]\nname = \"Koshka\"\npilots = \"Grand'ma\"\n";
    let a = parse_army(text, "a.toml").expect("reads");
    assert_eq!(a.edition, Edition::Battlefront);
    assert_eq!(a.units[1].pilots.as_deref(), Some("Grand'ma"));
    let back = parse_army(&a.to_toml(), "b.toml").expect("reads back");
    assert_eq!(
        (back.edition, back.units[1].pilots.clone()),
        (Edition::Battlefront, Some("Grand'ma".to_string()))
    );
    let e = parse_army(&text.replace("battlefront", "classic"), "a.toml").unwrap_err();
    assert!(e[0].to_string().contains("a.toml:4:11: `classic` is not an edition"), "{e:?}");
    // Battlefront-only cards are unknown in the revised edition.
    let mut r = a.clone();
    r.edition = Edition::Revised;
    let v = check_army_cards(&r, &builtin_card_files());
    assert!(v.iter().all(|x| x.rule == Rule::KnownUnit || x.rule == Rule::Pilot));
}
