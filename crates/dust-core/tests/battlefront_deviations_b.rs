//! Deviations of the battlefront edition from tactics-battlefront-2013-rules.txt that an
//! independent reading found: each test is written from the book's words, names its section,
//! and asserts the outcome the book states in a small hand-built situation. Dice are scripted
//! (successes per roll).

use dust_core::game::tests_support::{
    battlefront_table, hero_card, infantry_with_knives, legal, placed, rifle, sq, squad, with_bf, Table, R4, R6,
};
use dust_core::game::{Event, Pending, UnitId};
use dust_core::unit::{BattlefrontCard, BattlefrontKind, BattlefrontValue, BattlefrontWeapon};
use dust_core::{ArmorType, Side, UnitCard};
use std::sync::Arc;

fn hero(name: &str) -> Arc<UnitCard> {
    Arc::new(hero_card(name, 3, vec![rifle("Pistol", R4, 2)]))
}

// ----- 13. Automatic kill on a support weapon -------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "7) Suffer Damage", "Automatic Kill Weapons": "Some
/// weapons have a [skull] as their damage rating. This indicates that the miniature that was hit
/// marks off all of the crosses on its damage track (if it has one) and is eliminated"; "Mark
/// one cross off an Infantry Support Weapon's damage track for each hit" (for other weapons).
/// One automatic-kill hit on a support weapon of three crosses marks off all three: the unit is
/// eliminated. The same hit on a squad of three removes one soldier.
#[test]
fn automatic_kill_support_weapon_all_crosses() {
    let mut gun = rifle("Kill Gun", R6, 1);
    gun.table.soldier = [BattlefrontValue::Kill { dice: 1 }.nearest(); 4];
    let gun_bf = Arc::new(BattlefrontCard {
        weapons: vec![BattlefrontWeapon {
            values: (1..=4)
                .map(|c| (ArmorType::Soldier, c, BattlefrontValue::Kill { dice: 1 }))
                .collect(),
            ..BattlefrontWeapon::default()
        }],
        ..BattlefrontCard::default()
    });
    let shooter = Arc::new(squad("Shooter", 1, vec![gun]));
    let team = Arc::new(squad("MG Team", 3, vec![rifle("Heavy MG", R6, 3)]));
    let team_bf = Arc::new(BattlefrontCard {
        kind: Some(BattlefrontKind::SupportWeapon),
        weapons: vec![BattlefrontWeapon::default()],
        ..BattlefrontCard::default()
    });
    let squad3 = infantry_with_knives("Squad", 3);
    let mut t = battlefront_table(
        8,
        8,
        vec![
            with_bf(placed(&shooter, Side::A, "C2"), &gun_bf),
            with_bf(placed(&shooter, Side::A, "E2"), &gun_bf),
            with_bf(placed(&team, Side::B, "C5"), &team_bf),
            placed(&squad3, Side::B, "E5"),
        ],
    );
    t.initiative(Side::A);
    t.activate(0, "attack nothing", &[], &[(0, "u2", 0)], &[]);
    t.roll(1, 1); // one hit
    t.roll(1, 0); // the infantry save fails
    assert!(t.game.unit(UnitId(2)).destroyed, "all three crosses marked off: {:?}", t.tail(6));
    t.activate(3, "nothing nothing", &[], &[], &[]);
    t.activate(1, "attack nothing", &[], &[(0, "u3", 0)], &[]);
    t.roll(1, 1);
    t.roll(1, 0);
    assert_eq!(t.health(3), 2, "a squad loses the one soldier hit");

    // "Damage Resilient": "Each time an Infantry Squad or Support Weapon with the Damage
    // Resilient skill is assigned a hit that is not cancelled by a save, roll a die. On a
    // result of [army symbol], cancel the hit": one die for the automatic-kill hit, which
    // cancels all of it.
    let mut tough = (*team).clone();
    tough.skills = vec![dust_core::Skill::DamageResilient];
    let tough = Arc::new(tough);
    for (cancelled, alive) in [(1, true), (0, false)] {
        let mut t = battlefront_table(
            8,
            8,
            vec![
                with_bf(placed(&shooter, Side::A, "C2"), &gun_bf),
                with_bf(placed(&tough, Side::B, "C5"), &team_bf),
            ],
        );
        t.initiative(Side::A);
        t.activate(0, "attack nothing", &[], &[(0, "u1", 0)], &[]);
        t.roll(1, 1);
        t.roll(1, 0);
        t.roll(1, cancelled); // one Damage Resilient die for the one hit
        assert_eq!(!t.game.unit(UnitId(1)).destroyed, alive, "{:?}", t.tail(6));
        if alive {
            assert_eq!(t.health(1), 3, "the whole hit cancelled");
        }
    }
}

// ----- 6, 7, 12. Joining infantry squads, activating separately, passing ---------------------

fn joined(t: &Table, hero: u8) -> Option<u8> {
    t.game.unit(UnitId(hero)).joined.map(|j| j.0)
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads": "A Hero can join an Infantry
/// Squad or Support Weapon that has the same Armour rating by being in the same square as that
/// unit … If a Hero is in the same square as a unit that they can join, they are treated as one
/// unit if either of them are targeted by an attack. The owning player assigns hits between
/// them." Two heroes move during the game into the squares of two squads of their armour and
/// join them (the next activation of each squad offers to take its hero along, and an attack
/// on the squad may be assigned to the hero); a third hero of another armour rating who moves
/// into a third squad's square does not join it.
#[test]
fn hero_joins_squad_during_game() {
    let s = infantry_with_knives("Squad", 3);
    let h = hero("Hero");
    let mut heavy = hero_card("Heavy Hero", 3, vec![rifle("Pistol", R4, 2)]);
    heavy.armor.class = 3;
    let heavy = Arc::new(heavy);
    let enemy = infantry_with_knives("Enemy", 3);
    let mut t = battlefront_table(
        10,
        10,
        vec![
            placed(&s, Side::A, "B2"),     // u0
            placed(&s, Side::A, "E2"),     // u1
            placed(&s, Side::A, "H2"),     // u2
            placed(&h, Side::A, "B3"),     // u3
            placed(&h, Side::A, "E3"),     // u4
            placed(&heavy, Side::A, "H3"), // u5
            placed(&enemy, Side::B, "B6"), // u6
            placed(&enemy, Side::B, "E6"), // u7
            placed(&enemy, Side::B, "H10"),
            placed(&enemy, Side::B, "J10"),
            placed(&enemy, Side::B, "A10"),
            placed(&enemy, Side::B, "C10"),
        ],
    );
    t.initiative(Side::A);
    t.activate(3, "move nothing", &["B2"], &[], &[]);
    assert_eq!(joined(&t, 3), Some(0), "the hero moved into the squad's square: {:?}", t.tail(4));
    assert!(t.game.events().contains(&Event::Joined(UnitId(3), UnitId(0))));
    t.activate(8, "nothing nothing", &[], &[], &[]);
    t.activate(4, "move nothing", &["E2"], &[], &[]);
    assert_eq!(joined(&t, 4), Some(1), "the second hero joins the second squad");
    t.activate(9, "nothing nothing", &[], &[], &[]);
    t.activate(5, "move nothing", &["H2"], &[], &[]);
    assert_eq!(joined(&t, 5), None, "armour 3 does not join a squad of armour 2");
    // The enemy targets each squad: the hits may go to the hero who joined it.
    t.auto_casualties = false;
    for (enemy, target, hero, next) in [(6, "u0", 3, 2), (7, "u1", 4, 0)] {
        t.activate(enemy, "attack nothing", &[], &[(0, target, 0)], &[]);
        t.roll(3, 3);
        t.roll(3, 0); // no save
        assert!(legal(&t).contains(&"casualty hero".to_string()), "{target}: {:?}", legal(&t));
        t.decide("casualty hero");
        assert_eq!(t.health(hero), 2, "the hero took the hit assigned to him");
        while legal(&t).iter().any(|d| d.starts_with("casualty")) {
            let first = legal(&t)[0].clone();
            t.decide(&first);
        }
        t.activate(next, "nothing nothing", &[], &[], &[]);
    }
}

/// tactics-battlefront-2013-rules.txt, "Joining Infantry Squads": "A Hero in the same square as a
/// unit that they can join may be activated at the same time as the unit, taking the same
/// actions as the unit and remaining in the same square as the unit … Alternatively, the Hero
/// may activate separately." The choice is made at each activation: a joined hero activates on
/// his own before his squad (and stays joined, still in its square); the other pair activates
/// together. Next turn the first pair activates together, and the second hero activates on his
/// own and walks away, leaving his squad.
#[test]
fn joined_hero_may_activate_separately_each_activation() {
    let s = infantry_with_knives("Squad", 3);
    let h = hero("Hero");
    let enemy = infantry_with_knives("Enemy", 3);
    let mut units = vec![
        placed(&s, Side::A, "B2"), // u0
        placed(&h, Side::A, "B2"), // u1, joined to u0
        placed(&s, Side::A, "F2"), // u2
        placed(&h, Side::A, "F2"), // u3, joined to u2
    ];
    units[1].joins = Some(0);
    units[3].joins = Some(2);
    for at in ["A10", "C10", "E10", "G10", "J10"] {
        units.push(placed(&enemy, Side::B, at));
    }
    let mut t = battlefront_table(10, 10, units);
    t.initiative(Side::A);
    assert!(
        legal(&t).contains(&"activate u1".to_string()),
        "the joined hero may activate: {:?}",
        legal(&t)
    );
    assert!(legal(&t).contains(&"activate u3".to_string()));
    // Turn 1: the first hero alone, staying in the square.
    t.activate(1, "nothing nothing", &[], &[], &[]);
    assert!(t.game.unit(UnitId(1)).activated);
    assert!(!t.game.unit(UnitId(0)).activated, "his squad has not activated");
    assert_eq!(joined(&t, 1), Some(0), "still in the same square: still joined");
    t.activate(4, "nothing nothing", &[], &[], &[]);
    // The squad activates on its own (its hero is done): no question, and he does not move.
    t.activate(0, "move nothing", &["B3"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(1)).at, Some(sq("B2")), "the hero stays where he is");
    assert_eq!(joined(&t, 1), None, "the squad left him");
    t.activate(5, "nothing nothing", &[], &[], &[]);
    // The second pair activates together.
    t.decide("activate u2");
    t.decide("use separate no");
    t.declare("move nothing", &["F3"], &[], &[]);
    assert_eq!(t.game.unit(UnitId(3)).at, Some(sq("F3")), "the hero moved with his squad");
    assert!(t.game.unit(UnitId(3)).activated);
    assert!(!legal(&t).contains(&"activate u3".to_string()));
    for u in [6, 7, 8] {
        t.activate(u, "nothing nothing", &[], &[], &[]);
    }
    // Turn 2: the first hero walks back to his squad with it this time…
    t.initiative(Side::A);
    t.activate(1, "move nothing", &["B3"], &[], &[]);
    assert_eq!(joined(&t, 1), Some(0), "he joins his squad again");
    t.activate(4, "nothing nothing", &[], &[], &[]);
    // …the second hero, who went with his squad last turn, now activates on his own and leaves.
    t.activate(3, "move nothing", &["G3"], &[], &[]);
    assert_eq!(joined(&t, 3), None);
    assert_eq!(t.game.unit(UnitId(2)).at, Some(sq("F3")), "his squad stays");
    assert!(!t.game.unit(UnitId(2)).activated, "and has not activated");
    t.activate(5, "nothing nothing", &[], &[], &[]);
    t.decide("activate u2");
    assert!(!legal(&t).iter().any(|d| d.starts_with("use separate")), "no hero with it now");
}

/// tactics-battlefront-2013-rules.txt, "Passing": "If a player has fewer units (including Heroes
/// that have joined other units) that have yet to activate than their opponent, they may elect
/// to pass rather than activate a unit." A squad with its joined hero is two units yet to
/// activate: against two enemy units, no pass. With two such pairs against four units, the side
/// may not pass at first (four against four); after one pair activates together it may (two
/// against three), and after its last squad has activated without its hero (one, the hero,
/// against two); once the enemy has as few left, no more.
#[test]
fn passing_counts_joined_heroes() {
    let s = infantry_with_knives("Squad", 3);
    let h = hero("Hero");
    let enemy = infantry_with_knives("Enemy", 3);
    let mut units = vec![placed(&s, Side::A, "B2"), placed(&h, Side::A, "B2")];
    units[1].joins = Some(0);
    units.push(placed(&enemy, Side::B, "A10"));
    units.push(placed(&enemy, Side::B, "C10"));
    let mut t = battlefront_table(10, 10, units);
    t.initiative(Side::A);
    assert!(
        !legal(&t).contains(&"first B".to_string()),
        "two units against two: {:?}",
        legal(&t)
    );

    let mut units = vec![
        placed(&s, Side::A, "B2"),
        placed(&h, Side::A, "B2"),
        placed(&s, Side::A, "F2"),
        placed(&h, Side::A, "F2"),
    ];
    units[1].joins = Some(0);
    units[3].joins = Some(2);
    for at in ["A10", "C10", "E10", "G10"] {
        units.push(placed(&enemy, Side::B, at));
    }
    let mut t = battlefront_table(10, 10, units);
    t.initiative(Side::A);
    assert!(!legal(&t).contains(&"first B".to_string()), "four against four");
    t.decide("activate u0");
    t.decide("use separate no");
    t.declare("nothing nothing", &[], &[], &[]);
    t.activate(4, "nothing nothing", &[], &[], &[]);
    assert!(legal(&t).contains(&"first B".to_string()), "two against three: {:?}", legal(&t));
    t.decide("activate u2");
    t.decide("use separate yes");
    t.declare("nothing nothing", &[], &[], &[]);
    assert!(!t.game.unit(UnitId(3)).activated, "the hero has yet to activate");
    t.activate(5, "nothing nothing", &[], &[], &[]);
    assert!(
        legal(&t).contains(&"first B".to_string()),
        "one (the hero) against two: {:?}",
        legal(&t)
    );
    t.decide("first B");
    t.activate(6, "nothing nothing", &[], &[], &[]);
    assert!(!legal(&t).contains(&"first B".to_string()), "one against one: {:?}", legal(&t));
    assert!(legal(&t).contains(&"activate u3".to_string()));
}

// ----- 8, 14. Ending the game ----------------------------------------------------------------

use dust_core::battlefront::ScenarioRules;
use dust_core::game::tests_support::{battlefront, open_game};
use dust_core::game::UnitSetup;

/// A one-soldier squad worth `ap` army points.
fn soldier(name: &str, ap: u16) -> Arc<UnitCard> {
    let mut c = squad(name, 1, vec![rifle("Rifle", R6, 1)]);
    c.ap = ap;
    Arc::new(c)
}

fn scenario(preset: &str, rounds: u8, units: Vec<UnitSetup>) -> Table {
    let mut setup = battlefront(open_game(10, 10, units));
    setup.bf_rules = ScenarioRules::preset(preset).expect("a preset");
    setup.round_limit = rounds;
    Table::new(setup)
}

/// `attacker` shoots `target` dead (one hit, no save) and its owner keeps it out of reserve
/// (or places it there).
fn shoot_dead(t: &mut Table, attacker: u8, target: u8, reserve: bool) {
    t.activate(attacker, "attack nothing", &[], &[(0, &format!("u{target}"), 0)], &[]);
    t.roll(1, 1);
    t.roll(1, 0);
    assert!(t.game.unit(UnitId(target)).destroyed, "{:?}", t.tail(6));
    if legal(t).iter().any(|d| d.starts_with("reserve")) {
        t.decide(if reserve { "reserve yes" } else { "reserve no" });
    }
}

/// tactics-battlefront-2013-rules.txt, "Ending the Game": "If neither side achieved victory by
/// eliminating the enemy or taking the objective, both sides total the army points of the units
/// they eliminated from the enemy army … and the player who destroyed the most army points
/// wins." A game of "Scenario 4: Supply Drop" (victory points from objectives only) that reaches
/// its turn limit with no victory point scored: side A eliminated two units (20 + 30 AP), side
/// B one (40 AP): A wins, though B eliminated the dearest unit. The other way round, B wins.
#[test]
fn end_of_game_totals_eliminated_army_points() {
    for a_wins in [true, false] {
        let (a1, a2, a3) = (soldier("A1", 40), soldier("A2", 20), soldier("A3", 20));
        let (b1, b2, b3) = (soldier("B1", 20), soldier("B2", 30), soldier("B3", 10));
        let mut t = scenario(
            "supply-drop",
            1,
            vec![
                placed(&a1, Side::A, "B2"),
                placed(&a2, Side::A, "D2"),
                placed(&a3, Side::A, "F2"),
                placed(&b1, Side::B, "B4"),
                placed(&b2, Side::B, "D4"),
                placed(&b3, Side::B, "F4"),
            ],
        );
        t.initiative(Side::A);
        if a_wins {
            shoot_dead(&mut t, 1, 3, false); // A2 kills B1 (20)
            shoot_dead(&mut t, 4, 0, false); // B2 kills A1 (40)
            shoot_dead(&mut t, 2, 4, false); // A3 kills B2 (30)
            t.activate(5, "nothing nothing", &[], &[], &[]);
        } else {
            shoot_dead(&mut t, 1, 3, false); // A2 kills B1 (20)
            shoot_dead(&mut t, 4, 0, false); // B2 kills A1 (40)
            t.activate(2, "nothing nothing", &[], &[], &[]);
            shoot_dead(&mut t, 5, 1, false); // B3 kills A2 (20)
        }
        let winner = if a_wins { Side::A } else { Side::B };
        assert_eq!(
            t.game.victory_points().a + t.game.victory_points().b,
            0,
            "no objective point scored"
        );
        assert_eq!(
            t.game.pending(),
            Pending::GameOver { winner: Some(winner) },
            "50 AP against 40 (or 40 + 20 against 20): {:?}",
            t.tail(4)
        );
    }
}

/// tactics-battlefront-2013-rules.txt, "Ending the Game": "The game ends at the end of a turn
/// when: All of one player's units on the board are eliminated … The player who destroyed all of
/// the enemy's units … wins the game"; "Reserves": units placed in reserve are off the board
/// until they move on in a later turn. In "Scenario 2: Grab the Dust" (two units in reserve),
/// side A eliminates both of side B's units, which B places in reserve: nothing of B's is left
/// on the board, so the game ends at the end of that turn and A wins. With a third unit of B's
/// still on the board, the game goes on (docs/rulings.md, "Battlefront end of the game with
/// units in reserve").
#[test]
fn all_units_on_board_eliminated_with_reserves() {
    for third in [false, true] {
        let (a1, a2, a3) = (soldier("A1", 20), soldier("A2", 20), soldier("A3", 20));
        let (b1, b2, b3) = (soldier("B1", 20), soldier("B2", 20), soldier("B3", 20));
        let mut units = vec![
            placed(&a1, Side::A, "B2"),
            placed(&a2, Side::A, "D2"),
            placed(&a3, Side::A, "J2"),
            placed(&b1, Side::B, "B4"),
            placed(&b2, Side::B, "D4"),
        ];
        if third {
            units.push(placed(&b3, Side::B, "J9"));
        }
        let mut t = scenario("grab-the-dust", 8, units);
        t.initiative(Side::A);
        shoot_dead(&mut t, 0, 3, true); // B1 into reserve
        if third {
            t.activate(5, "nothing nothing", &[], &[], &[]);
        } else {
            t.activate(4, "nothing nothing", &[], &[], &[]);
        }
        shoot_dead(&mut t, 1, 4, true); // B2 into reserve
        if third {
            t.activate(2, "nothing nothing", &[], &[], &[]);
            assert!(t.game.events().contains(&Event::RoundStarted(2)), "B3 is still on the board");
            assert!(!matches!(t.game.pending(), Pending::GameOver { .. }));
        } else {
            t.activate(2, "nothing nothing", &[], &[], &[]);
            assert_eq!(
                t.game.pending(),
                Pending::GameOver { winner: Some(Side::A) },
                "B's units are in reserve, none on the board: {:?}",
                t.tail(6)
            );
        }
    }
}

// ----- 11. Attacking terrain -------------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Attack and Sustained Attack Actions", "4) Declare
/// Targets": weapons attack "targets", enemy units; the book's terrain ("Moving Through
/// Terrain", "Anti-tank traps") has no damage capacity and no rule for attacking it (the revised
/// "Attacking Cover Elements" is not in it). A squad and a tank within range and sight of an
/// ammo crate and an anti-tank trap are offered the enemy squad as a target, never the crate or
/// the trap (docs/rulings.md, "Battlefront attacks on terrain").
#[test]
fn no_attacks_on_terrain_in_battlefront() {
    use dust_core::game::tests_support::tank;
    use dust_core::CoverElement;
    let s = infantry_with_knives("Squad", 3);
    let t34 = tank("Tank", 1);
    let enemy = infantry_with_knives("Enemy", 3);
    let mut setup = battlefront(open_game(
        8,
        8,
        vec![
            placed(&s, Side::A, "B2"),
            placed(&t34, Side::A, "E2"),
            placed(&enemy, Side::B, "D6"),
        ],
    ));
    setup.board.place_cover(sq("C4"), CoverElement::AmmoCrate);
    setup.board.place_cover(sq("E4"), CoverElement::AntiTankTrap);
    let mut t = Table::new(setup);
    t.initiative(Side::A);
    for unit in [0, 1] {
        t.decide(&format!("activate u{unit}"));
        t.decide("plan attack nothing");
        let aims = legal(&t);
        assert!(aims.iter().any(|a| a.contains("u2")), "u{unit}: {aims:?}");
        assert!(
            !aims.iter().any(|a| a.contains("C4") || a.contains("E4")),
            "u{unit} aims at terrain: {aims:?}"
        );
        t.declare("attack nothing", &[], &[], &[]);
        if unit == 0 {
            t.activate(2, "nothing nothing", &[], &[], &[]);
        }
    }
}

// ----- 9. The set-up's initiative --------------------------------------------------------------

/// tactics-battlefront-2013-rules.txt, "Setting the Terrain": "The players then roll for
/// initiative (see page 18)"; "Roll for Initiative": "each side rolls three dice. The side that
/// rolls the most [army] symbols wins the initiative … In case of a tie, the player with the most
/// [target] symbols wins the initiative. If it is still a tie, both players re-roll all of their
/// dice"; "Black Ops": "If your force has a Hero with the Black Ops skill you roll four dice for
/// initiative rolls (see page 18)". Over many seeded set-ups: side A rolls three dice, side B
/// (with a Black Ops hero) four; three army symbols of A's happen (two dice never give three);
/// a tie on army symbols is broken by the targets, the winner having more; the winner is the
/// side with more army symbols otherwise.
#[test]
fn setup_initiative_three_dice_tie_breaks() {
    use dust_core::battlefront::setup::{SetupEvent, SetupPhase};
    use dust_core::game::tests_support::entering;
    use dust_core::Skill;
    let rifles = infantry_with_knives("Rifles", 3);
    let mut ops = hero_card("Agent", 3, vec![rifle("Pistol", R4, 1)]);
    ops.skills = vec![Skill::BlackOps];
    let ops = Arc::new(ops);
    let mut template = battlefront(open_game(
        16,
        24,
        vec![entering(&rifles, Side::A), entering(&rifles, Side::B), entering(&ops, Side::B)],
    ));
    template.bf_rules = ScenarioRules::preset("encounter").expect("preset");
    let (mut three, mut ties) = (false, 0);
    for seed in 0..300 {
        let mut p = SetupPhase::new(template.clone(), seed);
        p.apply("board open".parse().expect("decision")).expect("legal");
        p.apply("board ruins".parse().expect("decision")).expect("legal");
        let Some(SetupEvent::Initiative {
            rolls,
            winner,
            dice,
            targets,
        }) = p.events().iter().find(|e| matches!(e, SetupEvent::Initiative { .. })).cloned()
        else {
            panic!("seed {seed}: no initiative rolled");
        };
        assert_eq!((dice.a, dice.b), (3, 4), "three dice, four with Black Ops");
        assert!(rolls.a <= 3 && rolls.b <= 4);
        three |= rolls.a == 3;
        match targets {
            Some(t) => {
                ties += 1;
                assert_eq!(rolls.a, rolls.b, "targets only break a tie");
                assert_ne!(t.a, t.b, "a tie on targets too is rolled again");
                assert_eq!(winner, if t.a > t.b { Side::A } else { Side::B });
                assert!(t.a <= 3 - rolls.a && t.b <= 4 - rolls.b, "targets among the other dice");
            }
            None => {
                assert_ne!(rolls.a, rolls.b, "seed {seed}");
                assert_eq!(winner, if rolls.a > rolls.b { Side::A } else { Side::B });
            }
        }
        assert_eq!(p.initiative(), Some(winner));
    }
    assert!(three, "three dice can show three army symbols");
    assert!(ties > 0, "some ties were broken by the targets");
}
