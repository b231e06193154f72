//! Issue 10: the skills of a hero and the unit he joined in the battlefront edition
//! (tactics-battlefront-2013-rules.txt, "Skills and Equipment": "Unless otherwise stated,
//! skills used by a Hero apply to a unit they have joined, and skills used by a unit apply to a
//! Hero that has joined their unit. If both Hero and unit have the same skill, it applies
//! equally to both, but they do not gain the skill twice. If the skill is only usable once per
//! game, both the Hero and the unit use it at the same time"; "Joining Infantry Squads";
//! "Piloting Vehicles"), with the book's exceptions (Jump, Damage Resilient) and the classic
//! cards' own (Medal of Honor). docs/rulings.md, "Battlefront skills of a hero and the unit he
//! joined". Each test names the section it checks; dice are scripted (successes per roll).

use dust_core::game::tests_support::{
    gun_vehicle, hero_card, infantry, legal, moves, open_game, placed, rifle, rolls_of, sq, squad, Table, R6,
};
use dust_core::game::{Game, GameSetup, RollPurpose, UnitId, UnitSetup};
use dust_core::unit::{BattlefrontCard, BattlefrontSkill, BattlefrontWeapon};
use dust_core::{Board, BoardSetup, Edition, Side, Skill, Terrain, UnitCard, WeaponRange};
use std::sync::Arc;

/// A squad of `n` riflemen (one die each) of infantry armour 2.
fn riflemen(n: u8, movement: u8, skills: &[Skill]) -> Arc<UnitCard> {
    let mut c = squad("Riflemen", n, vec![rifle("Rifle", R6, 1)]);
    c.movement = movement;
    c.skills = skills.to_vec();
    Arc::new(c)
}

/// A hero of infantry armour 2 (he may join the riflemen) with a pistol of one die and three
/// crosses.
fn hero(movement: u8, skills: &[Skill]) -> Arc<UnitCard> {
    let mut c = hero_card("Captain", 3, vec![rifle("Pistol", R6, 1)]);
    c.movement = movement;
    c.skills = skills.to_vec();
    Arc::new(c)
}

fn enemy() -> Arc<UnitCard> {
    infantry("Enemy", 6)
}

/// The squad (u0) on `at` with the hero (u1) joined to it, and `others` after them.
fn pair(sq_card: &Arc<UnitCard>, hero_card: &Arc<UnitCard>, at: &str, others: Vec<UnitSetup>) -> Vec<UnitSetup> {
    let mut units = vec![placed(sq_card, Side::A, at), placed(hero_card, Side::A, at)];
    units[1].joins = Some(0);
    units.extend(others);
    units
}

fn setup(edition: Edition, w: u8, h: u8, units: Vec<UnitSetup>) -> GameSetup {
    let mut s = open_game(w, h, units);
    s.edition = edition;
    s
}

fn has(v: &[String], s: &str) -> bool {
    v.iter().any(|x| x == s)
}

/// Where the first Move of the pair's activation (u0, staying together) may end.
fn first_move(edition: Edition, sq_card: &Arc<UnitCard>, hero_card: &Arc<UnitCard>) -> Vec<String> {
    let mut t = Table::new(setup(
        edition,
        6,
        10,
        pair(sq_card, hero_card, "C2", vec![placed(&enemy(), Side::B, "F10")]),
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan move nothing");
    moves(&t)
}

// ----- Movement: the lower rate, Fast shared ------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads": "If the Hero and the unit's
/// movement rates are different, the combined unit has the lower movement rate of the two" —
/// a squad of rate 1 with a hero of rate 2 moves one square, either way round; the revised
/// edition moves them at "the fastest unit's movement value" (two).
#[test]
fn a_joined_pair_moves_at_the_lower_rate() {
    let slow = riflemen(2, 1, &[]);
    let quick = hero(2, &[]);
    let bf = first_move(Edition::Battlefront, &slow, &quick);
    assert!(has(&bf, "move C3") && !has(&bf, "move C4"), "{bf:?}");
    let mut quick_squad = (*riflemen(2, 2, &[])).clone();
    quick_squad.name = "Runners".into();
    let bf = first_move(Edition::Battlefront, &Arc::new(quick_squad), &hero(1, &[]));
    assert!(has(&bf, "move C3") && !has(&bf, "move C4"), "{bf:?}");
    let revised = first_move(Edition::Revised, &slow, &quick);
    assert!(has(&revised, "move C4"), "{revised:?}");
}

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment", "Fast" ("may move one
/// additional square when it performs a Move or March Move action") with the general rule: a
/// hero's Fast serves the squad he joined and a squad's Fast its hero; both Fast, they do not
/// gain it twice; a classic hero's Agile is his Fast. The pair of rate 1 moves two squares, and
/// a March Move three (the extra square on its last leg). The revised hero does not share his
/// Fast.
#[test]
fn either_ones_fast_gives_the_pair_one_more_square() {
    let plain = riflemen(2, 1, &[]);
    let fast_squad = riflemen(2, 1, &[Skill::Fast]);
    for (s, h) in [
        (&plain, hero(1, &[Skill::Fast])),
        (&fast_squad, hero(1, &[])),
        (&fast_squad, hero(1, &[Skill::Fast])),
        (&plain, hero(1, &[Skill::Agile])),
    ] {
        let bf = first_move(Edition::Battlefront, s, &h);
        assert!(has(&bf, "move C4") && !has(&bf, "move C5"), "{} {:?}: {bf:?}", s.name, h.skills);
    }
    // A March Move: one square, then two.
    let mut t = Table::new(setup(
        Edition::Battlefront,
        6,
        10,
        pair(&plain, &hero(1, &[Skill::Fast]), "C2", vec![placed(&enemy(), Side::B, "F10")]),
    ));
    t.initiative(Side::A);
    t.decide("activate u0");
    t.decide("use separate no");
    t.decide("plan move move");
    t.decide("move C3");
    let second = moves(&t);
    assert!(has(&second, "move C5") && !has(&second, "move C6"), "{second:?}");
    // Revised: the hero's Fast is his own ("Fast" says nothing of sharing; "Heroes": "Some
    // hero skills are shared with the squad").
    let revised = first_move(Edition::Revised, &plain, &hero(1, &[Skill::Fast]));
    assert!(has(&revised, "move C3") && !has(&revised, "move C4"), "{revised:?}");
}

/// tactics-battlefront-2013-rules.txt, "Piloting Vehicles": "The Hero's other skills can be
/// used while piloting the Vehicle" — a pilot's Fast gives his vehicle its extra square; the
/// vehicle carries him at its own rate, not his (docs/rulings.md, "Battlefront skills of a hero
/// and the unit he joined").
#[test]
fn a_pilots_fast_serves_his_vehicle_at_the_vehicles_rate() {
    let walker = Arc::new(gun_vehicle("Walker", 1));
    let pilot_bf = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::Pilot],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let vehicle_moves = |pilot: Arc<UnitCard>| {
        let mut units = vec![
            placed(&walker, Side::A, "C2"),
            placed(&pilot, Side::A, "C2"),
            placed(&enemy(), Side::B, "F10"),
        ];
        units[1].joins = Some(0);
        units[1].battlefront = Some(pilot_bf.clone());
        let mut t = Table::new(setup(Edition::Battlefront, 6, 10, units));
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("plan move nothing");
        moves(&t)
    };
    let fast = vehicle_moves(hero(3, &[Skill::Fast]));
    assert!(has(&fast, "move C4") && !has(&fast, "move C5"), "{fast:?}");
    let plain = vehicle_moves(hero(3, &[]));
    assert!(has(&plain, "move C3") && !has(&plain, "move C4"), "{plain:?}");
}

// ----- Once-per-game skills ---------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment": "skills used by a Hero apply to
/// a unit they have joined" — a classic hero's All In One ("roll twice the normal number of
/// attack dice for all of its weapon lines", once per game) doubles his squad's dice, and is
/// spent. The revised hero does not share it.
#[test]
fn a_joined_heros_all_in_one_doubles_the_squads_dice_once() {
    let units = || {
        pair(
            &riflemen(2, 1, &[]),
            &hero(1, &[Skill::AllInOne]),
            "C2",
            vec![placed(&enemy(), Side::B, "C7")],
        )
    };
    let mut t = Table::new(setup(Edition::Battlefront, 6, 10, units()));
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &["all-in-one"]);
    assert_eq!(t.pending_dice(), Some(4), "two riflemen, one die each, doubled");
    t.roll(4, 0);
    assert!(t.game.unit(UnitId(1)).used.contains(&Skill::AllInOne));
    t.pass(2);
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &["all-in-one"]);
    assert_eq!(t.pending_dice(), Some(2), "once per game");

    let mut r = Table::new(setup(Edition::Revised, 6, 10, units()));
    r.initiative(Side::A);
    r.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &["all-in-one"]);
    assert_eq!(r.pending_dice(), Some(2), "revised: not the squad's");
}

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment": "If both Hero and unit have the
/// same skill, it applies equally to both … If the skill is only usable once per game, both
/// the Hero and the unit use it at the same time" — a squad and its hero both with Berserk and
/// Fighting Spirit use them once in a Move + Attack and both are marked: the hero, separated
/// from the squad, has neither left. In the revised edition the squad's card is marked alone
/// (docs/rulings.md, "Heroes: damage left over, separation"), so the hero still has his
/// Berserk.
#[test]
fn a_once_per_game_skill_both_have_is_spent_by_both() {
    let spirit = Arc::new(BattlefrontCard {
        skills: vec![BattlefrontSkill::FightingSpirit],
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    for edition in [Edition::Battlefront, Edition::Revised] {
        let bf = edition == Edition::Battlefront;
        let mut units = pair(
            &riflemen(2, 1, &[Skill::Berserk]),
            &hero(1, &[Skill::Berserk]),
            "C2",
            vec![placed(&enemy(), Side::B, "C9")],
        );
        if bf {
            units[0].battlefront = Some(spirit.clone());
            units[1].battlefront = Some(spirit.clone());
        }
        let mut t = Table::new(setup(edition, 6, 10, units));
        t.initiative(Side::A);
        t.activate(0, "move attack", &["C3"], &[(0, "u2", 0)], &["berserk", "fighting-spirit"]);
        if decline_reaction(&mut t) {
            t.declare("move attack", &[], &[(0, "u2", 0)], &["berserk", "fighting-spirit"]);
        }
        let faces = t.game.pending_roll().map(|r| r.success_faces);
        assert_eq!(faces, Some(if bf { 4 } else { 2 }), "{edition:?}: Fighting Spirit");
        t.roll(2, 0);
        t.roll(2, 0); // Berserk: the misses rolled again
        let (squad, captain) = (t.game.unit(UnitId(0)), t.game.unit(UnitId(1)));
        assert!(squad.used.contains(&Skill::Berserk));
        assert_eq!(captain.used.contains(&Skill::Berserk), bf, "{edition:?}");
        if bf {
            assert!(squad.bf_used.contains(&BattlefrontSkill::FightingSpirit));
            assert!(captain.bf_used.contains(&BattlefrontSkill::FightingSpirit));
        }
        t.pass(2);
        // The next turn the hero leaves the squad and attacks on his own after a Move.
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("use separate yes");
        t.decide("plan nothing nothing");
        t.pass(2);
        t.decide("activate u1");
        t.decide("plan move attack");
        t.decide("move C4");
        decline_reaction(&mut t);
        t.decide("aim 0 u2 0");
        let uses = legal(&t);
        assert_eq!(has(&uses, "use berserk yes"), !bf, "{edition:?}: {uses:?}");
        assert!(!has(&uses, "use fighting-spirit yes"), "{uses:?}");
    }
}

/// The revised enemy may fire reactively after a Move ("Reactive Fire"; the battlefront
/// enemy here stands beyond the four squares of "Reactive Attacks"): it declines. Whether it
/// was asked.
fn decline_reaction(t: &mut Table) -> bool {
    let asked = has(&legal(t), "react none");
    if asked {
        t.decide("react none");
    }
    asked
}

// ----- The exceptions ---------------------------------------------------------------------------

/// A board of `w` x `h` with a row of water across row `water` (1-based).
fn water_row(w: u8, h: u8, water: u8) -> Board {
    let mut terrain = vec![Terrain::Open; usize::from(w) * usize::from(h)];
    for c in 0..w {
        terrain[usize::from(water - 1) * usize::from(w) + usize::from(c)] = Terrain::Water;
    }
    Board::new(BoardSetup {
        width: w,
        height: h,
        terrain,
        ..BoardSetup::default()
    })
    .expect("board")
}

/// tactics-battlefront-2013-rules.txt, "Skills and Equipment", "Jump": "If a Hero has joined a
/// unit, both must have the Jump skill for either to use it when they are activated together"
/// — so a hero with Jump may join a squad without it (the revised "Jump" forbids it: "A hero
/// with this skill can only join a squad that also has this skill"), and then neither jumps
/// the water; both with Jump, they do.
#[test]
fn a_jump_hero_joins_a_squad_without_jump_and_neither_jumps() {
    let jumper = hero(2, &[Skill::Jump]);
    let game = |edition: Edition, s: &Arc<UnitCard>| {
        let mut setup = setup(edition, 4, 8, pair(s, &jumper, "B3", vec![placed(&enemy(), Side::B, "D8")]));
        setup.board = water_row(4, 8, 4);
        Game::new(setup)
    };
    let walkers = riflemen(2, 2, &[]);
    assert!(
        game(Edition::Revised, &walkers).is_err(),
        "revised: only Jump units join each other"
    );
    for (s, jumps) in [(walkers, false), (riflemen(2, 2, &[Skill::Jump]), true)] {
        let mut t = Table::from_game(game(Edition::Battlefront, &s).expect("a Jump hero joins any squad"));
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("use separate no");
        t.decide("plan move nothing");
        let m = moves(&t);
        assert_eq!(has(&m, "move B5"), jumps, "{:?}: {m:?}", s.skills);
    }
}

fn resilient_rolls(t: &Table) -> usize {
    rolls_of(t, RollPurpose::Resilient).len()
}

/// tactics-battlefront-2013-rules.txt, "Damage Resilient": "This skill does not apply to other
/// units that join this unit or that this unit joins" — a hit the owner gives the hero of a
/// Damage Resilient squad, or a soldier of the squad a Damage Resilient hero joined, rolls no
/// Damage Resilient die.
#[test]
fn damage_resilient_is_not_shared() {
    let shooter = riflemen(1, 1, &[]);
    for (squad_skills, hero_skills, casualty) in [
        (&[Skill::DamageResilient][..], &[][..], "casualty hero"),
        (&[][..], &[Skill::DamageResilient][..], "casualty m0"),
    ] {
        let mut units = vec![placed(&shooter, Side::B, "C8")];
        units.extend(pair(&riflemen(2, 1, squad_skills), &hero(1, hero_skills), "C2", Vec::new()));
        units[2].joins = Some(1);
        let mut t = Table::new(setup(Edition::Battlefront, 6, 10, units));
        t.auto_casualties = false;
        t.initiative(Side::B);
        t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        t.roll(1, 1); // one hit
        t.roll(1, 0); // its infantry save fails
        t.decide(casualty);
        assert_eq!(resilient_rolls(&t), 0, "{casualty}: no Damage Resilient die");
        assert_eq!(
            (t.health(1), t.health(2)),
            if casualty == "casualty hero" { (2, 2) } else { (1, 3) }
        );
    }
}

/// The classic card's "Medal of Honor": "A hero with this skill does not share it with any
/// squad he joins" — stated otherwise, so in the battlefront edition too it serves only an
/// attack that fires one of his own lines (docs/rulings.md, "Battlefront skills of a hero and
/// the unit he joined").
#[test]
fn medal_of_honor_serves_only_the_heros_lines() {
    for (aims, asked) in [(&[(0, "u2", 0)][..], false), (&[(0, "u2", 0), (32, "u2", 0)][..], true)] {
        let mut t = Table::new(setup(
            Edition::Battlefront,
            6,
            10,
            pair(
                &riflemen(2, 1, &[]),
                &hero(1, &[Skill::MedalOfHonor]),
                "C2",
                vec![placed(&enemy(), Side::B, "C7")],
            ),
        ));
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("use separate no");
        t.decide("plan attack nothing");
        let mut seen = Vec::new();
        while t.game.pending_roll().is_none() {
            let options = legal(&t);
            seen.extend(options.iter().cloned());
            let first = options.first().expect("a decision").clone();
            let next = match first.split(' ').collect::<Vec<_>>()[..] {
                ["aim", line, ..] => match aims.iter().find(|a| a.0.to_string() == line) {
                    Some((l, u, n)) => format!("aim {l} {u} {n}"),
                    None => format!("aim {line} none"),
                },
                ["use", what, ..] => format!("use {what} no"),
                _ => panic!("unexpected {options:?}"),
            };
            t.decide(&next);
        }
        assert_eq!(has(&seen, "use medal-of-honor yes"), asked, "{aims:?}: {seen:?}");
    }
}

// ----- Skill actions ------------------------------------------------------------------------------

/// A board of 6 x 10 whose A1 corner is walled in by structure squares (A2, B1, B2): a unit on
/// A1 sees nothing.
fn walled_corner() -> Board {
    let mut terrain = vec![Terrain::Open; 60];
    for s in ["A2", "B1", "B2"] {
        let s = sq(s);
        terrain[usize::from(s.row()) * 6 + usize::from(s.col())] = Terrain::NoDot;
    }
    Board::new(BoardSetup {
        width: 6,
        height: 10,
        terrain,
        ..BoardSetup::default()
    })
    .expect("board")
}

/// The classic card's "Artillery Strike (SKILL)" ("A unit with this skill is considered an
/// Observer"; no word of heroes) with the battlefront general rule: the squad a hero observer
/// joined calls an indirect shot of a friendly artillery unit with a Special action, as he
/// would. The revised edition keeps it the hero's ("Some hero skills are shared with the
/// squad": not this one).
#[test]
fn a_joined_heros_artillery_strike_serves_his_squad() {
    let mut gun = gun_vehicle("Howitzer", 1);
    gun.weapons[0].range = WeaponRange::Artillery;
    let gun = Arc::new(gun);
    let plans = |edition: Edition| {
        let units = pair(
            &riflemen(2, 1, &[]),
            &hero(1, &[Skill::ArtilleryStrike]),
            "D2",
            vec![placed(&enemy(), Side::B, "D8"), placed(&gun, Side::A, "A1")],
        );
        let mut s = setup(edition, 6, 10, units);
        s.board = walled_corner();
        let mut t = Table::new(s);
        t.initiative(Side::A);
        t.decide("activate u0");
        t.decide("use separate no");
        let plans = legal(&t);
        (t, plans)
    };
    let (mut t, bf) = plans(Edition::Battlefront);
    assert!(has(&bf, "plan skill nothing"), "{bf:?}");
    t.decide("plan skill nothing");
    assert_eq!(legal(&t), ["skill artillery-strike u3"]);
    let (_, revised) = plans(Edition::Revised);
    assert!(!has(&revised, "plan skill nothing"), "{revised:?}");
}
