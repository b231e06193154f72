use dust_data::record::*;
fn main() {
    let (_g, mut r) = random_game(ScenarioRef::Builtin("annihilation".into()), dust_data::scenario::default_setup(), 3, 4, 1_000_000).unwrap();
    r.players.a = Some("Ann".into());
    r.date = Some("2025-01-02".into());
    std::fs::write("/tmp/rec.toml", r.to_text()).unwrap();
    let s = dust_data::scenario::load_builtin("custom-battle").unwrap().with_layout_seed(9);
    let setup = s.game_setup(&dust_data::builtin::builtin_cards()).unwrap();
    let (_g, r) = random_game(ScenarioRef::Embedded(s.to_toml()), setup, 3, 4, 40).unwrap();
    std::fs::write("/tmp/rec2.toml", r.to_text()).unwrap();
}
