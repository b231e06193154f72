//! Battlefront weapons, heroes and the player choices of the book's later sections: set-up
//! weapons, a hero hit through his squad, turning without attacking, reserves by choice. Each
//! test names the section of tactics-battlefront-2013-rules.txt it checks; dice are scripted
//! (successes per roll), so every test is deterministic.

use dust_core::game::tests_support::{
    battlefront, battlefront_table, fired, hero_card, infantry_with_knives, legal, open_game, placed, play_randomly, rifle, rolls_of, sq,
    squad, vehicle_card, with_bf, Table, R4, R6,
};
use dust_core::game::UnitId;
use dust_core::unit::{BattlefrontCard, BattlefrontWeapon, CombatValue};
use dust_core::{Edition, Side, UnitCard, WeaponRange};
use std::sync::Arc;

// ----- Set-Up Weapons ------------------------------------------------------------------------

/// A two-man heavy weapon team: line 0 a set-up gun of `dice` dice (damage 1), line 1 a
/// pistol of one die.
fn set_up_team(dice: u8) -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut gun = rifle("Heavy MG", R6, dice);
    gun.table.soldier = [CombatValue::Dice { dice, damage: 1 }; 4];
    let mut card = squad("MG Team", 2, vec![gun, rifle("Pistol", R6, 1)]);
    // The gunner fires the gun, his mate the pistol ("Soldiers with Several Weapons").
    card.models[0].weapons = 0b01;
    card.models[1].weapons = 0b10;
    let card = Arc::new(card);
    let bf = Arc::new(BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                set_up: true,
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon::default(),
        ],
        ..BattlefrontCard::default()
    });
    (card, bf)
}

/// tactics-battlefront-2013-rules.txt, "Set-Up Weapons": "If a set-up weapon performs a Move
/// and then an Attack Action or an Attack Action followed by a Move Action, it only rolls half
/// of that weapon's combat dice (rounded up) during the Attack action." Three dice become two;
/// the pistol beside it keeps its die; standing still (Attack + Nothing, Sustained Attack) the
/// gun rolls all three.
#[test]
fn set_up_weapons_roll_half_dice_after_moving() {
    let (team, bf) = set_up_team(3);
    let b = infantry_with_knives("B", 6);
    for (plan, moves, dice) in [
        ("move attack", &["C3"][..], 2),
        ("attack move", &["C3"][..], 2),
        ("attack nothing", &[][..], 3),
        ("sustained", &[][..], 3),
    ] {
        let mut t = battlefront_table(6, 8, vec![with_bf(placed(&team, Side::A, "C2"), &bf), placed(&b, Side::B, "C8")]);
        t.initiative(Side::A);
        t.activate(0, plan, moves, &[(0, "u1", 0), (1, "u1", 0)], &[]);
        assert_eq!(t.pending_dice(), Some(dice), "{plan}: the set-up gun");
        t.roll(dice, 0);
        if plan == "sustained" {
            t.roll(dice, 0);
        }
        assert_eq!(t.pending_dice(), Some(1), "{plan}: the pistol is not a set-up weapon");
    }
    // Rounded up: one die stays one die.
    let (team, bf) = set_up_team(1);
    let mut t = battlefront_table(6, 8, vec![with_bf(placed(&team, Side::A, "C2"), &bf), placed(&b, Side::B, "C8")]);
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C3"], &[(0, "u1", 0)], &[]);
    assert_eq!(t.pending_dice(), Some(1));
}

/// tactics-battlefront-2013-rules.txt, "Set-Up Weapons" in a reactive attack ("Reactive
/// Attacks"): on two army symbols the unit may "Move (only to
/// rotate) and then Attack" — a Move action followed by an Attack action, so the set-up weapon
/// rolls half its dice; the Sustained Attack rolls them all (docs/rulings.md, "Battlefront
/// set-up weapons").
#[test]
fn a_reactive_move_and_attack_halves_a_set_up_weapon() {
    let (team, bf) = set_up_team(4);
    let b = infantry_with_knives("B", 6);
    for (plan, dice) in [("move attack", 2), ("sustained", 4)] {
        let mut t = battlefront_table(6, 8, vec![with_bf(placed(&team, Side::A, "C2"), &bf), placed(&b, Side::B, "C6")]);
        t.initiative(Side::B);
        t.activate(1, "move attack", &["C5"], &[(0, "u0", 0)], &[]);
        t.decide("react u0");
        t.roll(2, 2);
        t.decide(&format!("plan {plan}"));
        while legal(&t).iter().any(|d| d.starts_with("move")) {
            t.decide("move C2");
        }
        t.declare(plan, &[], &[(0, "u1", 0)], &[]);
        assert_eq!(t.pending_dice(), Some(dice), "{plan}");
    }
}

// ----- A hero joined to a squad, hit through the squad ------------------------------------------

use dust_core::game::{Event, RollPurpose};
use dust_core::unit::BattlefrontValue;
use dust_core::{Armor, ArmorType, Skill};

const SOLDIER_3: Armor = Armor {
    kind: ArmorType::Soldier,
    class: 3,
};

/// The Fakyeli's Sulphurthrower: one die per model in the target unit, an automatic kill
/// against infantry armour 3 (docs/rulings.md, "Battlefront Sulphur Thrower against infantry
/// armour 3"), damage 1 against the other infantry armours.
fn fakyeli() -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut thrower = rifle("Sulphurthrower", R4, 1);
    thrower.table.soldier = [BattlefrontValue::Blast { per_model: 1, damage: 1 }.nearest(); 4];
    thrower.table.soldier[2] = BattlefrontValue::BlastKill { per_model: 1 }.nearest();
    let bf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            values: [1, 2, 4]
                .into_iter()
                .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Blast { per_model: 1, damage: 1 }))
                .chain([(ArmorType::Soldier, 3, BattlefrontValue::BlastKill { per_model: 1 })])
                .collect(),
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    (Arc::new(squad("Fakyeli", 1, vec![thrower])), bf)
}

/// A hero of infantry armour 3 with `health` points left and the given skills.
fn hero(name: &str, health: u8, skills: Vec<Skill>) -> Arc<UnitCard> {
    let mut c = hero_card(name, health, vec![rifle("Pistol", R4, 1)]);
    c.armor = SOLDIER_3;
    c.skills = skills;
    Arc::new(c)
}

/// A squad of infantry armour 3.
fn grenadiers(n: u8, skills: Vec<Skill>) -> Arc<UnitCard> {
    let mut c = squad("Heavy Laser Grenadiers", n, vec![rifle("Schwere Laserwerfer", R6, 1)]);
    c.armor = SOLDIER_3;
    c.skills = skills;
    Arc::new(c)
}

/// tactics-battlefront-2013-rules.txt, "Damage Resilient", the Fakyeli, Lara and Heavy Laser
/// Grenadiers example: "The Fakyeli attack Lara and the unit of three Heavy Laser Grenadiers
/// that she has joined, scoring three hits with their Sulphurthrower. The Axis player assigns
/// the first hit to Lara who already has taken two damage. They fail Lara's Infantry Save, and
/// as the Sulphurthrower is rated as automatic kill against Lara's Infantry Armour rating of 3,
/// the player marks off the remaining two crosses on her damage track. Her Damage Resilient
/// skill then allows the player to roll two dice (one for each point of damage she took). They
/// roll [an army symbol] and [another symbol], so cancel one point of damage, leaving her with
/// one cross unmarked. The Axis player then assigns the other two hits to the Heavy Laser
/// Grenadiers, failing one of their Infantry Saves. They roll one die for the unsaved hit …
/// scoring [an army symbol] and cancelling the result and saving the grenadier from
/// elimination." Also "7) Suffer Damage" and "Joining Infantry Squads": the hero hit through
/// the squad takes the weapon's rating, a soldier one miniature per hit. The engine rolls the
/// three saves of the squad's hits before the hits are assigned, one of them saved as in the
/// book (docs/rulings.md, "Battlefront hits on a squad with a joined hero"). Lara "already has
/// taken two damage": her card here has the two crosses she has left.
#[test]
fn lara_and_the_heavy_laser_grenadiers_take_the_fakyeli_hits() {
    let (fak, fbf) = fakyeli();
    let hlg = grenadiers(3, vec![Skill::DamageResilient]);
    let lara = hero("Lara", 2, vec![Skill::DamageResilient]);
    let mut units = vec![
        with_bf(placed(&fak, Side::A, "C2"), &fbf),
        placed(&hlg, Side::B, "C5"),
        placed(&lara, Side::B, "C5"),
    ];
    units[2].joins = Some(1);
    let mut t = battlefront_table(6, 8, units);
    t.auto_casualties = false;
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    // One die per model in the target unit: three grenadiers and Lara.
    t.roll(4, 3);
    // Infantry saves (in the open): one of the three hits saved.
    t.roll(3, 1);
    assert_eq!(legal(&t), ["casualty m0", "casualty hero"]);
    t.decide("casualty hero");
    // Automatic kill: two crosses to mark off, two Damage Resilient dice, one army symbol.
    t.roll(2, 1);
    assert_eq!(t.health(2), 1, "Lara keeps one cross");
    t.decide("casualty m0");
    // The grenadier's Damage Resilient die: an army symbol saves him.
    t.roll(1, 1);
    assert_eq!(t.health(1), 3, "no grenadier eliminated");
    assert_eq!(rolls_of(&t, RollPurpose::Resilient), [(2, 1), (1, 1)]);
    assert!(!t.game.unit(UnitId(2)).destroyed);
}

/// tactics-battlefront-2013-rules.txt, "7) Suffer Damage" and "Joining Infantry Squads": "Each
/// hit on an Infantry Squad eliminates one miniature"; a hit the
/// owner assigns to the hero who joined the squad does the weapon's damage rating (here 2),
/// not one point; and when the squad's last miniature falls, the hits left go to the hero at
/// the rating each.
#[test]
fn a_hero_hit_through_his_squad_takes_the_damage_rating() {
    let mut cannon = rifle("Cannon", R6, 4);
    cannon.table.soldier = [CombatValue::Dice { dice: 4, damage: 2 }; 4];
    let a = Arc::new(squad("Gunners", 1, vec![cannon]));
    let b = grenadiers(1, Vec::new());
    let h = hero("Hero", 5, Vec::new());
    let setup = || {
        let mut units = vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C5"), placed(&h, Side::B, "C5")];
        units[2].joins = Some(1);
        units
    };
    // The hero takes the first hit: two points.
    let mut t = battlefront_table(6, 8, setup());
    t.auto_casualties = false;
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(4, 1);
    t.roll(1, 0);
    t.decide("casualty hero");
    assert_eq!((t.health(1), t.health(2)), (1, 3));
    // Three hits: the soldier, then the two left on the hero at two points each.
    let mut t = battlefront_table(6, 8, setup());
    t.auto_casualties = false;
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    t.roll(4, 3);
    t.roll(3, 0);
    t.decide("casualty m0");
    assert!(t.game.unit(UnitId(1)).destroyed);
    assert_eq!(t.health(2), 1, "two hits of damage 2 on a hero of five");
    // The revised edition counts one point per hit of damage 2, each point a casualty.
    let mut setup = open_game(6, 8, setup());
    setup.edition = Edition::Revised;
    let mut r = Table::new(setup);
    r.auto_casualties = false;
    r.initiative(Side::A);
    r.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    r.roll(4, 1);
    r.decide("casualty hero");
    assert_eq!(r.health(2), 4);
}

// ----- Turning without attacking --------------------------------------------------------------

use dust_core::battlefront::Facing;
use dust_core::unit::Mount;

/// A walker with front-mounted twin guns (three dice against vehicles) and a hatch-mounted MG.
fn ludwig() -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let gun = |name: &str, dice: u8| {
        let mut w = rifle(name, R6, dice);
        w.table.vehicle = [CombatValue::Dice { dice, damage: 1 }; 7];
        w
    };
    let c = vehicle_card("Ludwig", 6, vec![gun("8.8cm FpK Zwilling", 3), gun("MG 44", 1)]);
    let bf = BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon {
                mount: Some(Mount::Hatch),
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    };
    (Arc::new(c), Arc::new(bf))
}

fn pounder() -> Arc<UnitCard> {
    let (c, _) = ludwig();
    let mut c = (*c).clone();
    c.name = "Pounder".into();
    Arc::new(c)
}

/// tactics-battlefront-2013-rules.txt, "1) Check Field of Fire": "If they aren't pointing at
/// the target when they want to shoot, they will need to take a Move action to change direction
/// first", and "Move and March Move Actions": units "end their movement facing in any
/// direction". The walker faces south, the Pounder is to its west: it takes a Move that ends
/// in its own square and only turns it ("face W", a decision of its own), does nothing else
/// this turn, and in the next turn its front guns bear without moving.
#[test]
fn a_move_only_turns_a_walker() {
    let (l, lbf) = ludwig();
    let p = pounder();
    let mut t = battlefront_table(8, 8, vec![with_bf(placed(&l, Side::B, "D6"), &lbf), placed(&p, Side::A, "A6")]);
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan move nothing");
    assert!(legal(&t).contains(&"move D6".to_string()), "the Move may end where it started");
    t.decide("move D6");
    let faces = legal(&t);
    assert_eq!(faces.len(), 8, "{faces:?}");
    assert_eq!(faces[0], "face S", "standing still: the facing it had first");
    t.decide("face W");
    assert_eq!(t.game.unit(UnitId(0)).at, Some(sq("D6")));
    assert_eq!(t.game.unit(UnitId(0)).facing, Facing::WEST);
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u1 0"], "the front guns bear now");
}

/// tactics-battlefront-2013-rules.txt, "1) Check Field of Fire", "Move and March Move Actions":
/// the facing is asked only where it matters: not of a unit whose weapons all fire all round,
/// and not when an Attack follows the Move (the unit turns to its target then, docs/rulings.md
/// "Battlefront facing").
#[test]
fn no_facing_asked_without_a_front_arc_or_before_an_attack() {
    let (l, lbf) = ludwig();
    let p = pounder();
    let mut t = battlefront_table(8, 8, vec![with_bf(placed(&l, Side::B, "D6"), &lbf), placed(&p, Side::A, "A6")]);
    t.initiative(Side::A);
    t.activate(1, "move nothing", &["A5"], &[], &[]);
    assert_eq!(
        t.game.pending(),
        dust_core::game::Pending::Decision { side: Side::B },
        "no facing for the Pounder (no mounts)"
    );
    t.activate(0, "move attack", &["C6"], &[(0, "u1", 0)], &[]);
    assert_eq!(t.pending_dice(), Some(3), "the walker turned to its target");
}

// ----- Spray weapons along a chosen shortest path -----------------------------------------------

fn fired_at(t: &Table) -> Vec<String> {
    t.game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired { target, .. } => Some(target.to_string()),
            _ => None,
        })
        .collect()
}

/// tactics-battlefront-2013-rules.txt, "Spray Weapons", the Fireball example: "The Fireball has
/// a Napalm Thrower with Range 3. If it targeted the Recon Grenadiers one square away, it would
/// just attack them. If it targeted the Heavy Laser Grenadiers, it could fire through the Bot
/// Hunters or the Recon Grenadiers, hitting whichever one it shoots through on the way. If it
/// targeted the Ludwig, it could fire through both the Recon Grenadiers and the Heavy Laser
/// Grenadiers to hit it." — "The shooting player may choose between alternative shortest
/// paths", square by square (`spread` decisions). The Fireball in B1, the Bot Hunters (its own
/// side) in A2, the Recon Grenadiers in B2, the Heavy Laser Grenadiers in A3, the Ludwig in A4.
#[test]
fn the_fireball_sprays_along_a_chosen_shortest_path() {
    let mut napalm = rifle("Napalm Thrower", WeaponRange::Spaces { min: 1, max: 3 }, 1);
    napalm.keywords.flame = true;
    napalm.table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
    let fireball = Arc::new(squad("Fireball", 1, vec![napalm]));
    let fbf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            spray: true,
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let (l, lbf) = ludwig();
    let setup = || {
        battlefront_table(
            6,
            8,
            vec![
                with_bf(placed(&fireball, Side::A, "B1"), &fbf),
                placed(&infantry_with_knives("Bot Hunters", 3), Side::A, "A2"),
                placed(&infantry_with_knives("Recon Grenadiers", 3), Side::B, "B2"),
                placed(&infantry_with_knives("Heavy Laser Grenadiers", 3), Side::B, "A3"),
                with_bf(placed(&l, Side::B, "A4"), &lbf),
            ],
        )
    };
    // Next to an enemy, the Improvised Weapons line is offered too ("Improvised Close-Combat
    // Weapons"): left unused.
    let no_improvised = |t: &mut Table| {
        if legal(t).contains(&"aim 1 none".to_string()) {
            t.decide("aim 1 none");
        }
    };
    let aim = |t: &mut Table, target: &str| {
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        t.decide(&format!("aim 0 {target} 0"));
        no_improvised(t);
    };
    // The Recon Grenadiers, one square away: just them.
    let mut t = setup();
    aim(&mut t, "u2");
    t.roll(1, 0);
    assert_eq!(fired_at(&t), ["u2"]);
    // The Heavy Laser Grenadiers: through the Bot Hunters or the Recon Grenadiers.
    let mut t = setup();
    aim(&mut t, "u3");
    assert_eq!(legal(&t), ["spread A2", "spread B2"]);
    t.decide("spread B2");
    no_improvised(&mut t);
    t.roll(1, 0);
    t.roll(1, 0);
    assert_eq!(fired_at(&t), ["u3", "u2"], "the target, and the unit on the way");
    // The Ludwig: through both grenadier units.
    let mut t = setup();
    aim(&mut t, "u4");
    assert_eq!(legal(&t), ["spread A2", "spread B2"]);
    t.decide("spread B2");
    assert_eq!(legal(&t), ["spread A3", "spread B3"]);
    t.decide("spread A3");
    no_improvised(&mut t);
    for _ in 0..3 {
        t.roll(1, 0);
    }
    let mut hit = fired_at(&t);
    hit.sort();
    assert_eq!(hit, ["u2", "u3", "u4"]);
}

/// tactics-battlefront-2013-rules.txt, "Spray Weapons": the spray "may only pass through
/// squares through which the attacking unit has Line of Sight": a square of blocking terrain is
/// never on its path, so the path goes around it.
#[test]
fn a_spray_does_not_pass_through_blocking_terrain() {
    let mut napalm = rifle("Napalm Thrower", WeaponRange::Spaces { min: 1, max: 3 }, 1);
    napalm.keywords.flame = true;
    let fireball = Arc::new(squad("Fireball", 1, vec![napalm]));
    let fbf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            spray: true,
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let mut setup = battlefront(open_game(
        6,
        8,
        vec![
            with_bf(placed(&fireball, Side::A, "B1"), &fbf),
            placed(&infantry_with_knives("Heavy Laser Grenadiers", 3), Side::B, "A3"),
        ],
    ));
    setup.board.set_terrain(sq("B2"), dust_core::Terrain::NoDot);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert_eq!(t.pending_dice(), Some(1), "one path left (A2): chosen without asking");
}

// ----- Fighting Spirit ---------------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Fighting Spirit": "Once per game a unit with the
/// Fighting Spirit skill hits on rolls of [target] as well as [army symbol] when making an
/// Attack or Sustained Attack action, provided the unit has already performed a Move action in
/// this activation"; "A player must declare that they are using a skill before rolling any
/// dice". Offered with a Move + Attack only; four faces of six hit; once per game.
#[test]
fn fighting_spirit_hits_on_targets_after_a_move_once_per_game() {
    use dust_core::unit::BattlefrontSkill;
    let a = infantry_with_knives("Rangers", 3);
    let bf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::FightingSpirit],
        weapons: vec![BattlefrontWeapon::default(), BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let b = infantry_with_knives("B", 6);
    let mut t = battlefront_table(6, 10, vec![with_bf(placed(&a, Side::A, "C2"), &bf), placed(&b, Side::B, "C8")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert_eq!(t.game.pending_roll().map(|r| r.success_faces), Some(2), "no Move: not offered");
    t.roll(3, 0);
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan move attack");
    t.decide("move C3");
    t.decide("aim 0 u1 0");
    assert_eq!(legal(&t), ["use fighting-spirit no", "use fighting-spirit yes"]);
    t.decide("use fighting-spirit yes");
    let r = t.game.pending_roll().expect("the attack roll");
    assert_eq!((r.dice, r.success_faces, r.faces), (3, 4, 6), "army symbol or target");
    t.roll(3, 0);
    t.activate(1, "nothing nothing", &[], &[], &[]);
    t.initiative(Side::A);
    t.activate(0, "move attack", &["B3"], &[(0, "u1", 0)], &[]);
    assert_eq!(t.game.pending_roll().map(|r| r.success_faces), Some(2), "once per game");
}

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment": "skills used by a Hero apply to
/// a unit they have joined … If the skill is only usable once per game, both the Hero and the
/// unit use it at the same time": a hero with Fighting Spirit lends it to his squad's Move +
/// Attack, and it is spent.
#[test]
fn a_joined_heros_fighting_spirit_serves_his_squad() {
    use dust_core::unit::BattlefrontSkill;
    let a = grenadiers(2, Vec::new());
    let h = hero("Captain", 3, Vec::new());
    let hbf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::FightingSpirit],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let b = infantry_with_knives("B", 6);
    let mut units = vec![
        placed(&a, Side::A, "C2"),
        with_bf(placed(&h, Side::A, "C2"), &hbf),
        placed(&b, Side::B, "C8"),
    ];
    units[1].joins = Some(0);
    let mut t = battlefront_table(6, 10, units);
    t.initiative(Side::A);
    t.activate(0, "move attack", &["C3"], &[(0, "u2", 0)], &["fighting-spirit"]);
    assert_eq!(t.game.pending_roll().map(|r| r.success_faces), Some(4));
    assert!(t.game.unit(UnitId(1)).bf_used.contains(&BattlefrontSkill::FightingSpirit));
}

// ----- Vehicle crews ----------------------------------------------------------------------------

/// Red Rain as in data/units/battlefront/red-rain.toml: a front-mounted 200mm heavy mortar of
/// range 2-8 and a crew line of PPSh-48s (2/1 against infantry armour 2), three points of
/// damage.
fn red_rain() -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let mut mortar = rifle("200mm Heavy Mortar", WeaponRange::Spaces { min: 2, max: 8 }, 1);
    mortar.table.vehicle = [CombatValue::Dice { dice: 2, damage: 2 }; 7];
    let mut ppsh = rifle("PPSh-48 (3)", WeaponRange::Spaces { min: 1, max: 3 }, 2);
    ppsh.table.soldier = [
        CombatValue::Dice { dice: 3, damage: 1 },
        CombatValue::Dice { dice: 2, damage: 1 },
        CombatValue::Dice { dice: 1, damage: 1 },
        CombatValue::NoEffect,
    ];
    let c = vehicle_card("Red Rain", 3, vec![mortar, ppsh]);
    let bf = BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon {
                mount: Some(Mount::Front),
                ..BattlefrontWeapon::default()
            },
            BattlefrontWeapon {
                mount: Some(Mount::Pedestal),
                crew: true,
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    };
    (Arc::new(c), Arc::new(bf))
}

/// Recon Grenadiers with StG 47s (infantry only) and a Panzerfaust each (one die, damage 1
/// against vehicles).
fn recon() -> Arc<UnitCard> {
    let mut pf = rifle("Panzerfaust", R4, 1);
    pf.table.soldier = [CombatValue::NoEffect; 4];
    pf.table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
    Arc::new(squad("Recon Grenadiers", 5, vec![rifle("StG 47", R6, 1), pf]))
}

/// tactics-battlefront-2013-rules.txt, "Vehicle Crews", the Red Rain example: "The Recon
/// Grenadiers are too close to hit with the 200mm heavy mortar, so it attacks with the crew's
/// submachine-guns instead. As it has already taken a point of damage and only has two points
/// left, it can only fire two PPSh-48 submachine-guns at the Recon Grenadiers" — two weapons of
/// two dice each; "it may choose to attack with the Vehicle weapons or the Crew's weapons":
/// with the mortar aimed, the crew's line is not offered.
#[test]
fn red_rain_fires_one_crew_weapon_per_damage_point_left() {
    let (rr, rbf) = red_rain();
    let rg = recon();
    let far = infantry_with_knives("Grim Reapers", 3);
    let start = || {
        battlefront_table(
            6,
            8,
            vec![
                with_bf(placed(&rr, Side::B, "C5"), &rbf),
                placed(&rg, Side::A, "C4"),
                placed(&far, Side::A, "C1"),
            ],
        )
    };
    let mut t = start();
    t.initiative(Side::A);
    t.activate(1, "attack nothing", &[], &[(1, "u0", 0)], &[]);
    t.roll(5, 1); // one Panzerfaust hits: "it has already taken a point of damage"
    assert_eq!(t.health(0), 2);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    // The mortar cannot reach the adjacent grenadiers; the crew fires at them.
    assert_eq!(legal(&t), ["aim 0 none", "aim 0 u2 0"]);
    t.decide("aim 0 none");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"]);
    t.decide("aim 1 u1 0");
    assert_eq!(t.pending_dice(), Some(4), "two PPSh-48s of two dice");
    // Vehicle weapons or crew weapons, not both.
    let mut t = start();
    t.initiative(Side::B);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u2 0");
    // The crew's line is skipped; the Improvised Weapons line ("Improvised Close-Combat
    // Weapons") is offered against the adjacent Recon Grenadiers: left unused.
    assert_eq!(legal(&t), ["aim 2 none", "aim 2 u1 0"]);
    t.decide("aim 2 none");
    assert_eq!(t.pending_dice(), Some(1), "the mortar fires; the crew's line is not offered");
}

// ----- Soldiers with several weapons --------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": "Each surviving soldier
/// in an Infantry Squad can only use one Ranged Weapon … in each Attack action"; the "Units with
/// Multiple Weapons" example: "two of the Recon Grenadiers elect to fire their Panzerfaust
/// antitank weapons at the Pounder, while the rest fire their StG 47 assault rifles and the MG
/// 48 machine-gun at Bazooka Joe". The squad of data/units/battlefront/recon-grenadiers.toml:
/// two soldiers with StG 47 and Panzerfaust, two with StG 47, one with the MG 48. The two
/// Panzerfausts fired, the StG 47 rolls for the two other riflemen only; Bazooka Joe (a hero)
/// fires both his weapons.
#[test]
fn recon_grenadiers_fire_one_weapon_per_soldier() {
    use dust_core::unit::Model;
    let stg = rifle("StG 47", R4, 1);
    let mut mg = rifle("MG 48", R4, 4);
    mg.table.soldier = [CombatValue::Dice { dice: 4, damage: 1 }; 4];
    let mut pf = rifle("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    pf.ammo = Some(3);
    pf.table.vehicle = [CombatValue::Dice { dice: 1, damage: 3 }; 7];
    let mut rg = squad("Recon Grenadiers", 5, vec![stg, mg, pf]);
    rg.models = vec![
        Model {
            weapons: 0b101,
            role: None,
        },
        Model {
            weapons: 0b101,
            role: None,
        },
        Model {
            weapons: 0b001,
            role: None,
        },
        Model {
            weapons: 0b001,
            role: None,
        },
        Model {
            weapons: 0b010,
            role: None,
        },
    ];
    let rg = Arc::new(rg);
    let joe = Arc::new(hero_card(
        "Bazooka Joe",
        4,
        vec![rifle("M7 Grenade Launcher", R4, 2), rifle(".45 ACP", R4, 1)],
    ));
    let (pounder, _) = ludwig();
    let start = || {
        battlefront_table(
            8,
            8,
            vec![
                placed(&rg, Side::B, "D5"),
                placed(&joe, Side::A, "B3"),
                placed(&pounder, Side::A, "E4"),
            ],
        )
    };
    let mut t = start();
    t.initiative(Side::B);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0), (1, "u1", 0), (2, "u2", 2)], &[]);
    t.roll(2, 0);
    t.roll(4, 0);
    t.roll(2, 0);
    assert_eq!(
        fired(&t),
        [("StG 47".to_string(), 2), ("MG 48".to_string(), 4), ("Panzerfaust".to_string(), 2)]
    );
    // Bazooka Joe, "as a hero, he can use both his M7 grenade launcher and his .45 ACP pistol at
    // the same time".
    t.activate(1, "attack nothing", &[], &[(0, "u0", 0), (1, "u0", 0)], &[]);
    t.roll(2, 0);
    t.roll(1, 0);
    // Without the Panzerfausts, all four riflemen fire their StG 47s.
    let mut t = start();
    t.initiative(Side::B);
    t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
    assert_eq!(t.pending_dice(), Some(4));
}

/// tactics-battlefront-2013-rules.txt, "Soldiers with Several Weapons": "one Ranged Weapon and
/// one Close-Combat Weapon … in each
/// Attack action" — three soldiers with a knife and a bayonet each roll three close-combat dice
/// in all, not six; the defender's retaliation likewise ("Close-Combat Attacks": "Their five
/// dice, one per soldier").
#[test]
fn one_close_combat_weapon_per_soldier() {
    let cc = |name: &str| rifle(name, WeaponRange::Close, 1);
    let a = Arc::new(squad("Stormtroopers", 3, vec![cc("Knife"), cc("Bayonet")]));
    let b = Arc::new(squad("Gunners", 2, vec![cc("Knife"), cc("Bayonet")]));
    let mut t = battlefront_table(6, 8, vec![placed(&a, Side::A, "C2"), placed(&b, Side::B, "C3")]);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    // Every soldier uses his knife: the bayonets are not offered.
    t.decide("retaliate yes");
    t.roll(3, 0); // the knives
    t.roll(2, 0); // the Gunners' knives
    let dice: Vec<(String, u16)> = t
        .game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Fired { weapon, dice, .. } => Some((weapon.clone(), *dice)),
            _ => None,
        })
        .collect();
    assert_eq!(dice, [("Knife".to_string(), 3), ("Knife".to_string(), 2)]);
}

// ----- Under-barrel weapons -----------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Under-Barrel Weapons": "A soldier carrying an
/// Under-Barrel Weapon can fire both the main weapon and the Under-Barrel Weapon at the same
/// target in an Attack action" ("like the M1 automatic rifle and its underbarrel grenade
/// launcher"). Three soldiers with both: aimed together, at one target only, both roll three
/// dice; the launcher alone may take another target. Without the under-barrel keyword the
/// second weapon is one more ranged weapon each soldier must choose ("Soldiers with Several
/// Weapons").
#[test]
fn under_barrel_weapons_fire_with_their_main_weapon() {
    let mut ugl = rifle("Grenade Launcher", R4, 1);
    ugl.keywords.ugl = true;
    let rangers = Arc::new(squad("Rangers", 3, vec![rifle("M1 Rifle", R6, 1), ugl]));
    let ub = Arc::new(BattlefrontCard {
        weapons: vec![
            BattlefrontWeapon::default(),
            BattlefrontWeapon {
                under_barrel: true,
                grenade: true,
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    });
    let setup = |bf: Option<&Arc<BattlefrontCard>>| {
        let mut r = placed(&rangers, Side::A, "C2");
        r.battlefront = bf.cloned();
        battlefront_table(
            6,
            8,
            vec![
                r,
                placed(&infantry_with_knives("B1", 5), Side::B, "C5"),
                placed(&infantry_with_knives("B2", 5), Side::B, "E5"),
            ],
        )
    };
    let mut t = setup(Some(&ub));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0"], "at the same target");
    t.decide("aim 1 u1 0");
    assert_eq!(t.pending_dice(), Some(3));
    t.roll(3, 0);
    assert_eq!(t.pending_dice(), Some(3), "every rifleman fires his launcher too");
    // The launcher alone, at the other unit.
    let mut t = setup(Some(&ub));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 none");
    assert_eq!(legal(&t), ["aim 1 none", "aim 1 u1 0", "aim 1 u2 0"]);
    t.decide("aim 1 u2 0");
    assert_eq!(t.pending_dice(), Some(3));
    // Not under-barrel: each soldier fires one of the two; with every rifleman on his M1, the
    // launcher has no one left to fire it and is not offered.
    let mut t = setup(None);
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("plan attack nothing");
    t.decide("aim 0 u1 0");
    assert_eq!(t.pending_dice(), Some(3));
    t.roll(3, 0);
    assert_eq!(fired_at(&t), ["u1"]);
}

// ----- Limited ammo -------------------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Limited-Ammo Weapons": "Mark one of these boxes each
/// time a unit makes an Attack or Sustained Attack action with the Limited-Ammo Weapon. Once all
/// of the boxes have been marked, the weapon can make no further attacks"; "as long as there is
/// a soldier left in the squad with that weapon, they still have all the unit's remaining
/// ammunition". Two soldiers carry the Panzerfaust (three boxes): each attack may fire one or
/// both, and marks one box; after three attacks it is empty.
#[test]
fn limited_ammo_marks_one_box_per_attack() {
    use dust_core::unit::Model;
    let mut pf = rifle("Panzerfaust", WeaponRange::Spaces { min: 1, max: 2 }, 1);
    pf.ammo = Some(3);
    pf.table.vehicle = [CombatValue::Dice { dice: 1, damage: 1 }; 7];
    let mut rg = squad("Recon Grenadiers", 5, vec![rifle("StG 47", R4, 1), pf]);
    for (m, w) in rg.models.iter_mut().zip([0b11, 0b11, 0b01, 0b01, 0b01]) {
        *m = Model { weapons: w, role: None };
    }
    let rg = Arc::new(rg);
    let p = pounder();
    let mut t = battlefront_table(6, 8, vec![placed(&rg, Side::A, "C2"), placed(&p, Side::B, "C4")]);
    for round in 0..4 {
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan attack nothing");
        t.decide("aim 0 none");
        let aims: Vec<String> = legal(&t).into_iter().filter(|d| d.starts_with("aim 1")).collect();
        if round == 3 {
            assert!(aims.is_empty(), "three boxes marked: no more attacks ({aims:?})");
            break;
        }
        assert_eq!(aims, ["aim 1 none", "aim 1 u1 1", "aim 1 u1 2"], "round {round}");
        t.decide("aim 1 u1 2");
        assert_eq!(t.pending_dice(), Some(2), "both Panzerfausts");
        t.roll(2, 0);
        assert_eq!(t.game.unit(UnitId(0)).ammo[1], 2 - round, "one box per attack");
        t.activate(1, "nothing nothing", &[], &[], &[]);
    }
}

// ----- Piloting vehicles --------------------------------------------------------------------------

/// Koshka: a hero of three crosses, and her battlefront card part with the Pilot skill.
fn koshka() -> (Arc<UnitCard>, Arc<BattlefrontCard>) {
    let bf = BattlefrontCard {
        skills: vec![dust_core::unit::BattlefrontSkill::Pilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    };
    (hero("Koshka", 3, Vec::new()), Arc::new(bf))
}

/// tactics-battlefront-2013-rules.txt, "Piloting Vehicles": "The Hero can begin the game mounted
/// in a Vehicle … While in the Vehicle, the Hero cannot be targeted by an attack, and activates
/// with the Vehicle … If the Vehicle is destroyed while the Hero is piloting it, the pilot's
/// player rolls a die. On a roll of [one of two symbols], the Hero escapes unharmed. Otherwise
/// the Hero takes a point of damage. They are then placed into any square the Vehicle occupied,
/// counting as having activated for this turn." Koshka piloting Grand'ma.
#[test]
fn koshka_pilots_grandma_and_escapes_when_it_is_destroyed() {
    use dust_core::game::{GameSetup, Pending};
    let (grandma, gbf) = ludwig();
    let (koshka, kbf) = koshka();
    let mut gun = rifle("Panzerschreck", R6, 2);
    gun.table.vehicle = [CombatValue::Dice { dice: 2, damage: 6 }; 7];
    let killers = Arc::new(squad("Tank Killers", 1, vec![gun]));
    let setup = |pilot: &Arc<BattlefrontCard>| -> GameSetup {
        let mut units = vec![
            with_bf(placed(&grandma, Side::A, "C2"), &gbf),
            with_bf(placed(&koshka, Side::A, "C2"), pilot),
            placed(&killers, Side::B, "C6"),
            placed(&infantry_with_knives("Rifles", 3), Side::A, "A1"),
        ];
        units[1].joins = Some(0);
        battlefront(open_game(6, 8, units))
    };
    // A hero without the Pilot skill cannot mount it.
    let walker = Arc::new(BattlefrontCard::default());
    assert!(dust_core::game::Game::new(setup(&walker)).is_err());
    for (escape, health) in [(0, 2), (1, 3)] {
        let mut t = Table::new(setup(&kbf));
        t.initiative(Side::B);
        t.decide("activate u2");
        t.decide("plan attack nothing");
        assert!(!legal(&t).contains(&"aim 0 u1 0".to_string()), "Koshka cannot be targeted");
        t.decide("aim 0 u0 0");
        t.roll(2, 1);
        assert!(t.game.unit(UnitId(0)).destroyed, "Grand'ma is destroyed");
        let r = t.game.pending_roll().expect("the escape die");
        assert_eq!((r.dice, r.success_faces), (1, 4));
        t.roll(1, escape);
        let k = t.game.unit(UnitId(1));
        assert_eq!((k.health, k.at, k.joined, k.activated), (health, Some(sq("C2")), None, true));
        assert_eq!(t.game.pending(), Pending::Decision { side: Side::A });
        assert!(
            !legal(&t).contains(&"activate u1".to_string()),
            "counts as having activated: {:?}",
            legal(&t)
        );
    }
}

/// tactics-battlefront-2013-rules.txt, "Piloting Vehicles": "The Hero can dismount before the
/// Vehicle activates by performing a Move or March Move action to move out of the Vehicle's
/// square then continue their activation as normal. A Hero cannot mount and dismount a Vehicle
/// in the same activation. If the Hero dismounts the Vehicle, the Vehicle cannot take any
/// actions until they mount it again unless it is a Large or Huge Vehicle." and "To mount a
/// Vehicle, a unit must move into the Vehicle's square." Koshka leaves Grand'ma by a March
/// Move (not back into it), Grand'ma can only do nothing; next turn Koshka moves back into
/// Grand'ma's square and mounts it at the end of her activation; Grand'ma, not yet activated,
/// acts as before.
#[test]
fn koshka_dismounts_and_mounts_grandma_again() {
    use dust_core::game::{Decision, Event};
    let (grandma, gbf) = ludwig();
    let (koshka, kbf) = koshka();
    let mut units = vec![
        with_bf(placed(&grandma, Side::A, "C2"), &gbf),
        with_bf(placed(&koshka, Side::A, "C2"), &kbf),
        placed(&infantry_with_knives("Foes", 3), Side::B, "F8"),
    ];
    units[1].joins = Some(0);
    let mut t = battlefront_table(6, 8, units);
    t.initiative(Side::A);
    // Koshka activates on her own: she dismounts.
    assert_eq!(legal(&t), ["activate u0", "activate u1"]);
    t.decide("activate u1");
    assert_eq!(t.game.unit(UnitId(1)).joined, None);
    assert!(t.game.events().contains(&Event::Dismounted(UnitId(1), UnitId(0))));
    // A Move or March Move first.
    let plans = legal(&t);
    assert!(!plans.is_empty() && plans.iter().all(|p| p.starts_with("plan move")), "{plans:?}");
    t.decide("plan move move");
    assert!(!legal(&t).contains(&"move C2".to_string()), "out of the vehicle's square");
    t.decide("move C3");
    assert!(
        !legal(&t).contains(&"move C2".to_string()),
        "not mounting again in the same activation"
    );
    t.decide("move C4");
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("C4")));
    t.pass(2);
    // Grand'ma, a vehicle of one square, takes no action without her.
    t.decide("activate u0");
    assert_eq!(legal(&t), ["plan nothing nothing"]);
    t.decide("plan nothing nothing");
    assert!(t.game.unit(UnitId(0)).bf_left);
    // Next turn: Koshka moves back into Grand'ma's square by a March Move and mounts it when her
    // activation ends.
    t.initiative(Side::A);
    t.decide("activate u1");
    t.decide("plan move move");
    t.decide("move C3");
    t.decide("move C2");
    let k = t.game.unit(UnitId(1));
    assert_eq!((k.joined, k.at), (Some(UnitId(0)), Some(sq("C2"))));
    assert!(t.game.events().contains(&Event::Mounted(UnitId(1), UnitId(0))));
    assert!(!t.game.unit(UnitId(0)).bf_left);
    t.pass(2);
    // Grand'ma has not activated this turn: she acts, with her pilot, who is no unit of her own.
    assert_eq!(legal(&t), ["activate u0"]);
    t.decide("activate u0");
    assert!(legal(&t).contains(&"plan move attack".to_string()));
    assert!(t.game.legal_decisions().iter().all(|d| *d != Decision::Activate(UnitId(1))));
}

// ----- Everything together ------------------------------------------------------------------------

/// Random legal play (tactics-battlefront-2013-rules.txt, every section above) with every rule of
/// this file on the table (a pilot in a front-mounted
/// walker, a crewed vehicle, a set-up team, Fighting Spirit, Panzerfausts, under-barrel
/// launchers, a joined hero with Damage Resilient, a spray weapon, reserves by choice): every
/// game ends, every decision offered is accepted, and every decision reads back from its text.
#[test]
fn random_games_with_the_new_rules_end() {
    use dust_core::battlefront::ScenarioRules;
    use dust_core::game::Game;
    use dust_core::unit::BattlefrontSkill;
    use dust_core::GameRng;
    let (walker, wbf) = ludwig();
    // A frail walker, so that its pilot often has to escape.
    let mut frail = (*walker).clone();
    frail.health = 1;
    let walker = Arc::new(frail);
    let koshka = hero("Koshka", 3, Vec::new());
    let kbf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::Pilot, BattlefrontSkill::FightingSpirit],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let (rr, rbf) = red_rain();
    let (team, tbf) = set_up_team(3);
    let (fak, fbf) = fakyeli();
    let hlg = grenadiers(3, vec![Skill::DamageResilient]);
    let lara = hero("Lara", 4, vec![Skill::DamageResilient]);
    let rangers_bf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::FightingSpirit],
        weapons: vec![
            BattlefrontWeapon::default(),
            BattlefrontWeapon {
                under_barrel: true,
                ..BattlefrontWeapon::default()
            },
        ],
        ..BattlefrontCard::default()
    });
    let rangers = Arc::new(squad("Rangers", 4, vec![rifle("M1", R6, 1), rifle("UGL", R4, 1)]));
    let recon = recon();
    let mut seen: Vec<String> = Vec::new();
    let mut escapes = 0;
    for seed in 0..24u64 {
        let mut units = vec![
            with_bf(placed(&walker, Side::A, "C2"), &wbf),
            with_bf(placed(&koshka, Side::A, "C2"), &kbf),
            with_bf(placed(&team, Side::A, "E2"), &tbf),
            with_bf(placed(&rangers, Side::A, "G2"), &rangers_bf),
            with_bf(placed(&rr, Side::B, "C11"), &rbf),
            with_bf(placed(&fak, Side::B, "E11"), &fbf),
            placed(&hlg, Side::B, "G11"),
            placed(&lara, Side::B, "G11"),
            placed(&recon, Side::B, "A11"),
        ];
        units[1].joins = Some(0);
        units[7].joins = Some(6);
        let mut setup = battlefront(open_game(8, 12, units));
        setup.bf_rules = ScenarioRules::preset("grab-the-dust").expect("a preset");
        setup.classic_dice = seed % 3 == 2;
        let mut g = Game::new(setup).expect("setup");
        let mut rng = GameRng::new(seed);
        play_randomly(&mut g, &mut rng, 200_000, &format!("seed {seed}"), |_, options, _| {
            for d in options {
                let w = d.to_string();
                let w = w.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
                if !seen.contains(&w) {
                    seen.push(w);
                }
            }
        });
        escapes += g
            .events()
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Rolled {
                        purpose: RollPurpose::Escape,
                        ..
                    }
                )
            })
            .count();
    }
    // The new decisions all came up.
    for w in ["face N", "reserve yes", "reserve no", "use fighting-spirit"] {
        assert!(seen.iter().any(|s| s.starts_with(w)), "{w} never offered: {seen:?}");
    }
    assert!(escapes > 0, "a pilot escaped at least once");
}

// ----- Skills read the battlefront way ------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment", "Jump": "Some classic cards have
/// vehicles with the Jump skill. These now have the Fast special rule instead" — a classic
/// walker with Jump and a Move of one moves two squares on open ground (Fast), and does not
/// jump over a blocking square; the revised edition keeps its Jump.
#[test]
fn classic_jump_vehicles_are_fast() {
    let (w, _) = ludwig();
    let mut hot_dog = (*w).clone();
    hot_dog.name = "Hot Dog".into();
    hot_dog.movement = 1;
    hot_dog.skills = vec![Skill::Jump];
    let hot_dog = Arc::new(hot_dog);
    let b = infantry_with_knives("B", 3);
    let moves = |edition: Edition| {
        let mut setup = open_game(8, 10, vec![placed(&hot_dog, Side::A, "C2"), placed(&b, Side::B, "H10")]);
        setup.edition = edition;
        let mut t = Table::new(setup);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        legal(&t)
    };
    let bf = moves(Edition::Battlefront);
    assert!(bf.contains(&"move C4".to_string()), "Fast: one more square {bf:?}");
    let revised = moves(Edition::Revised);
    assert!(!revised.contains(&"move C4".to_string()), "{revised:?}");
}
