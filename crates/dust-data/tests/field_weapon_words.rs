//! The words the terminal and the browser show for the Battlefield special weapons' attacks
//! (crates/dust-data/src/field_words.rs): a volley's rockets, a salvo, a sniper's named
//! miniature (tactics-battlefield-summary.md, "VOLLEY WEAPONS", "SALVO WEAPONS", "SNIPER
//! WEAPONS"; docs/rulings.md, "Battlefield: volley weapons", "Battlefield: reload and salvo
//! weapons", "Battlefield: sniper weapons and spotters").

use dust_core::field::tests_support::{activate, squad_card, vehicle_card, weapon, Builder};
use dust_core::field::{Action, Aim, Decision, FieldGame};
use dust_core::unit::{CombatValue, Locomotion, Role};
use dust_core::{Side, Skill};
use dust_data::field_words::describe;
use dust_geom::exact::Pt;

fn game(a: dust_core::field::FieldCard, at: &[(f64, f64)]) -> FieldGame {
    let mut g = Builder::default()
        .unit(Side::A, a, at, 0)
        .unit(
            Side::B,
            squad_card("Grenadiers", 4),
            &[(45.0, 50.0), (48.0, 50.0), (51.0, 50.0), (54.0, 50.0)],
            180,
        )
        .game(1);
    activate(&mut g, 0, &[Action::Attack, Action::Nothing]);
    g
}

fn words(g: &FieldGame, aims: Vec<Aim>) -> String {
    let name = |u: usize| g.table().units[u].name.clone();
    describe(g, &Decision::Attack(aims), &name)
}

fn aim(line: u8, at: Option<Pt>) -> Aim {
    Aim { line, target: 1, at }
}

#[test]
fn volleys_salvos_and_sniper_shots_in_words() {
    let mut rockets = vehicle_card("Rocket Tank", Locomotion::Tracked);
    rockets.card.weapons[0].name = "Rockets".into();
    rockets.card.weapons[0].ammo = Some(4);
    rockets.card.weapons[0].table.soldier = [CombatValue::Volley {
        dice: [2, 4, 6, 8],
        damage: 1,
    }; 4];
    let g = game(rockets, &[(50.0, 20.0)]);
    let w = words(&g, vec![aim(0, None); 3]);
    assert!(w.starts_with("Rockets at Grenadiers, 3 rockets or bombs (3 ammo boxes)"), "{w}");

    let mut salvo = vehicle_card("Salvo Tank", Locomotion::Tracked);
    salvo.bf.weapons[0].salvo = true;
    let g = game(salvo, &[(50.0, 20.0)]);
    let w = words(&g, vec![aim(0, None); 2]);
    assert!(w.starts_with("Gun at Grenadiers, a salvo: twice the dice"), "{w}");

    let mut team = squad_card("Snipers", 2);
    team.card.skills.push(Skill::Sniper);
    team.card.weapons = vec![weapon("Sniper Rifle", Some(6), 2), weapon("Carbine", Some(4), 1)];
    team.card.models[0].weapons = 0b01;
    team.card.models[0].role = Some(Role::Sniper);
    team.card.models[1].weapons = 0b10;
    let g = game(team, &[(50.0, 20.0), (53.0, 20.0)]);
    let w = words(&g, vec![aim(0, Some(Pt::cm(48.0, 50.0)))]);
    assert!(
        w.starts_with("Sniper Rifle at Grenadiers, every hit on the miniature at 48,50;"),
        "{w}"
    );
}
