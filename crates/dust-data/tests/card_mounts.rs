//! Rear and side mounts in card files (tactics-battlefield-summary.md, "1. Check Field of
//! Fire": "Rear-mounted: up to 45° on either side of the rear of the vehicle or aircraft's
//! facing; Side-mounted: in the 180° to the side of the vehicle"); docs/card-format.md, `mount`.

use dust_core::unit::Mount;
use dust_data::card::parse_card_file;

fn card(mount: &str) -> String {
    format!(
        "name = \"Sponson Tank\"\nedition = \"battlefront\"\nbloc = \"allies\"\nkind = \"vehicle\"\nmovement = 1\narmor = \"vehicle 3\"\nhealth = 4\nap = 30\nsource = \"test\"\n\n[[weapon]]\nname = \"Gun\"\nrange = \"4\"\nsoldier = [\"1/1\", \"1/1\", \"1/1\", \"1/1\"]\nvehicle = [\"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\", \"1/1\"]\naircraft = [\"-\", \"-\", \"-\"]\nmount = \"{mount}\"\n"
    )
}

#[test]
fn rear_and_side_mounts_parse_and_limit_the_arc() {
    for (name, m) in [("rear", Mount::Rear), ("left", Mount::Left), ("right", Mount::Right)] {
        let c = parse_card_file(&card(name), "t.toml").unwrap_or_else(|d| panic!("{name}: {d:?}"));
        assert_eq!(c.info.battlefront.weapons[0].mount, Some(m));
        assert!(!m.all_round(), "{name} fires in a limited arc");
        assert_eq!(m.name(), name);
    }
    let e = parse_card_file(&card("sideways"), "t.toml").unwrap_err();
    let text = format!("{e:?}");
    assert!(text.contains("rear") && text.contains("left") && text.contains("right"), "{text}");
}

/// The summary's weapon keywords `tesla` and `grapple` ("TESLA WEAPONS", "GRAPPLE WEAPONS") and
/// skills `infantry-ace`, `at-the-double`, `move-and-fire`, `cheat-death` read from a card file
/// (docs/card-format.md).
#[test]
fn battlefield_keywords_and_skills_parse() {
    use dust_core::unit::BattlefrontSkill;
    let text = card("turret")
        .replace("mount = \"turret\"\n", "mount = \"turret\"\nkeywords = [\"tesla\", \"grapple\"]\n")
        .replace(
            "source = \"test\"",
            "skills = [\"infantry-ace\", \"at-the-double\", \"move-and-fire\", \"cheat-death\"]\nsource = \"test\"",
        );
    let c = parse_card_file(&text, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    let w = &c.info.battlefront.weapons[0];
    assert!(w.tesla && w.grapple);
    for s in [
        BattlefrontSkill::InfantryAce,
        BattlefrontSkill::AtTheDouble,
        BattlefrontSkill::MoveAndFire,
        BattlefrontSkill::CheatDeath,
    ] {
        assert!(c.info.battlefront.has(s), "{s:?}");
    }
}

/// The summary's `cutting` and `power-scopes` keywords and the skills of who joins whom, saves
/// and dice (docs/card-format.md).
#[test]
fn more_battlefield_keywords_and_skills_parse() {
    use dust_core::unit::BattlefrontSkill as S;
    let text = card("turret")
        .replace("mount = \"turret\"\n", "mount = \"turret\"\nkeywords = [\"cutting\", \"power-scopes\", \"wire-guided\"]\n")
        .replace(
            "source = \"test\"",
            "skills = [\"killing-spree\", \"flying\", \"loner\", \"gorilla\", \"steel-guard\", \"zombie\", \"defensive-tactics\", \"take-aim\", \"scout\", \"camouflage\", \"strongpoint\", \"blutkreuz\", \"mindless-zombie\"]\nsource = \"test\"",
        );
    let c = parse_card_file(&text, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    let w = &c.info.battlefront.weapons[0];
    assert!(w.cutting && w.power_scopes && w.wire_guided);
    for s in [
        S::KillingSpree,
        S::Flying,
        S::Loner,
        S::Gorilla,
        S::SteelGuard,
        S::Zombie,
        S::DefensiveTactics,
        S::TakeAim,
        S::Scout,
        S::Camouflage,
        S::Strongpoint,
        S::Blutkreuz,
        S::MindlessZombie,
    ] {
        assert!(c.info.battlefront.has(s), "{s:?}");
    }
}

/// The summary's `expert` keyword ("EXPERT – WEAPON": the named weapon) and the skills `lucky`,
/// `tank-head`, `officer`, `first-strike` and `assassin` read from a card file (docs/card-format.md).
#[test]
fn expert_lucky_tank_head_and_officer_parse() {
    use dust_core::unit::BattlefrontSkill as S;
    let text = card("turret")
        .replace("mount = \"turret\"\n", "mount = \"turret\"\nkeywords = [\"expert\"]\n")
        .replace(
            "source = \"test\"",
            "skills = [\"lucky\", \"tank-head\", \"officer\", \"first-strike\", \"assassin\"]\nsource = \"test\"",
        );
    let c = parse_card_file(&text, "t.toml").unwrap_or_else(|d| panic!("{d:?}"));
    assert!(c.info.battlefront.weapons[0].expert);
    for s in [S::Lucky, S::Officer, S::FirstStrike, S::Assassin] {
        assert!(c.info.battlefront.has(s), "{s:?}");
    }
    assert!(c.card.has(dust_core::Skill::TankHead), "the card's `tank-head`");
}
