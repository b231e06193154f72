//! `dust1947 strategy …`, run through the subcommand module with buffers for the terminal (so
//! the tests do not depend on how the binary wires its subcommands).

#[path = "../src/cli/strategy.rs"]
#[allow(dead_code)]
mod strategy;

use clap::Parser;
use std::io::Cursor;
use std::path::PathBuf;

#[derive(Parser, Debug)]
struct Cli {
    #[command(subcommand)]
    command: strategy::StrategyCommand,
}

fn run_with(args: &[&str], input: &str) -> anyhow::Result<String> {
    let mut argv = vec!["strategy"];
    argv.extend_from_slice(args);
    let cli = Cli::try_parse_from(argv)?;
    let a = strategy::Args { command: cli.command };
    let mut out = Vec::new();
    let mut inp = Cursor::new(input.as_bytes().to_vec());
    strategy::run_to(&a, &mut out, &mut inp)?;
    Ok(String::from_utf8(out)?)
}

fn run(args: &[&str]) -> String {
    run_with(args, "").unwrap_or_else(|e| panic!("{args:?}: {e:#}"))
}

fn json(args: &[&str]) -> serde_json::Value {
    let s = run(args);
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{args:?} printed no JSON ({e}): {s}"))
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dust1947-strategy-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn odds_json_has_the_acceptance_keys() {
    let v = json(&[
        "odds",
        "--attacker",
        "3t1m2f1b",
        "--defender",
        "4t1f",
        "--production-center",
        "--json",
    ]);
    let w = v["attacker_wins"].as_f64().unwrap();
    let h = v["defender_holds"].as_f64().unwrap();
    assert!((w + h - 1.0).abs() < 1e-9);
    assert!(v["expected_attacker_survivors"].as_f64().unwrap() > 0.0);
    assert!(v["expected_defender_survivors"].as_f64().is_some());
    let sea = json(&["odds", "--attacker", "3s", "--defender", "2s", "--sea", "--json"]);
    assert!(sea["attacker_wins"].as_f64().unwrap() > 0.5);
    let amph = json(&["odds", "--attacker", "3t", "--defender", "1t", "--amphibious", "--json"]);
    assert!(amph["attacker_retreated"].as_f64().unwrap().abs() < 1e-12);
    let text = run(&["odds", "--attacker", "3t", "--defender", "3t", "--capital"]);
    assert!(text.contains("attacker wins"), "{text}");
    assert!(run_with(&["odds", "--attacker", "3x", "--defender", "1t"], "").is_err());
}

#[test]
fn sim_json_counts_games_and_wins_per_seat() {
    let v = json(&["sim", "--players", "3", "--games", "4", "--seed", "7", "--json"]);
    assert_eq!(v["games"], 4);
    let wins = v["wins"].as_array().unwrap();
    assert_eq!(wins.len(), 3);
    let total: f64 = wins.iter().map(|w| w.as_f64().unwrap()).sum();
    assert!(total <= 4.0 + 1e-9);
    // Same seed, same result.
    let again = json(&["sim", "--players", "3", "--games", "4", "--seed", "7", "--json"]);
    assert_eq!(v["wins"], again["wins"]);
    let mixed = json(&["sim", "--players", "2", "--games", "2", "--ai", "random,heuristic", "--json"]);
    assert_eq!(mixed["ai"][0], "random");
}

#[test]
fn play_with_a_human_writes_a_record_that_replays() {
    let rec = temp("game.record");
    // The human always picks the first option; the input runs out after a while and the
    // game stops there, still writing its record.
    let input = "board\n9999\n".to_string() + &"1\n".repeat(400);
    let out = run_with(
        &[
            "play",
            "--players",
            "2",
            "--seats",
            "human,heuristic",
            "--seed",
            "3",
            "--record",
            rec.to_str().unwrap(),
        ],
        &input,
    )
    .unwrap();
    assert!(out.contains("to decide"), "{out}");
    assert!(out.contains("type a number"), "{out}");
    assert!(out.contains("record written"), "{out}");
    // The world map is drawn (areas, owners, units), again after the board changed.
    assert!(out.contains("Bering Se..Alaska   --Canada"), "{out}");
    assert!(out.matches("== the world, west").count() >= 2, "{out}");
    assert!(out.contains("C P1") || out.contains("C# P1"), "P1's capital on the map: {out}");
    let replayed = run(&["replay", rec.to_str().unwrap()]);
    assert!(replayed.contains("matches the record"), "{replayed}");
}

#[test]
fn play_draws_the_map_on_request() {
    let out = run_with(
        &["play", "--players", "2", "--seats", "human,mcts:20", "--seed", "4"],
        "map\nquit\n",
    )
    .unwrap();
    // Both halves, each line within 80 columns, and under the map the legend and the borders
    // the grid does not draw.
    assert!(out.contains("== the world, west (columns 1 to 7) =="), "{out}");
    assert!(out.contains("== the world, east (columns 8 to 13) =="), "{out}");
    assert!(out.contains("~ sea  C capital"), "{out}");
    assert!(out.contains("borders: - | land  ~ sea  . : coast (amphibious)"), "{out}");
    assert!(out.contains("also bordering (not drawn): "), "{out}");
    let map = &out[out.rfind("== the world, west").unwrap()..out.find("3t>1t battle").unwrap()];
    assert!(map.lines().all(|l| l.chars().count() <= 80), "{map}");
}

#[test]
fn play_ai_only_to_the_end_and_replay() {
    let rec = temp("ai.record");
    let out = run(&[
        "play",
        "--players",
        "3",
        "--seats",
        "heuristic,random,heuristic",
        "--seed",
        "5",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(out.contains("game over"), "{out}");
    let replayed = run(&["replay", "--events", rec.to_str().unwrap()]);
    assert!(replayed.contains("game over"), "{replayed}");
    // A tampered record is refused.
    let text = std::fs::read_to_string(&rec).unwrap().replace("seed 5", "seed 6");
    let bad = temp("bad.record");
    std::fs::write(&bad, text).unwrap();
    assert!(run_with(&["replay", bad.to_str().unwrap()], "").is_err());
}

#[test]
fn check_reports_every_problem_of_a_bad_map() {
    let ok = run(&["check"]);
    assert!(ok.contains("6 capitals in 3 pairs"), "{ok}");
    assert!(ok.contains("45 cards"), "{ok}");
    let bad = temp("bad-map.toml");
    std::fs::write(
        &bad,
        "name = \"x\"\nareas = [ { name = \"A\", kind = \"lake\" } ]\nlinks = []\nwrap_links = []\n",
    )
    .unwrap();
    let e = run_with(&["check", "--map", bad.to_str().unwrap()], "").unwrap_err();
    let s = format!("{e:#}");
    assert!(s.contains("bad-map.toml:2:"), "{s}");
}

// ----- A game a new player can follow (issue 17) -----

use dust_strategy::game::{BattleKind, Decision, Game, GameConfig, Owner, PlayerId};
use dust_strategy::odds::{battle_odds, BattleType, OddsQuery};
use dust_strategy::{CardId, Units};

#[test]
fn play_seeds_from_the_clock_and_says_the_seed() {
    let seed_of = |out: &str| -> u64 {
        let i = out.find("seed ").expect("the seed is printed") + 5;
        out[i..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
    };
    let args = ["play", "--players", "2", "--seats", "human,heuristic"];
    let a = run_with(&args, "quit\n").unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2));
    let b = run_with(&args, "quit\n").unwrap();
    assert_ne!(seed_of(&a), seed_of(&b), "two games, two seeds");
    // A given seed is kept, and said.
    let c = run_with(&["play", "--players", "2", "--seats", "human,heuristic", "--seed", "4"], "quit\n").unwrap();
    assert_eq!(seed_of(&c), 4);
    assert!(c.contains("`--seed 4` plays it again"), "{c}");
}

#[test]
fn neighbours_and_help_answer_in_the_terminal() {
    let out = run_with(
        &["play", "--players", "2", "--seats", "human,heuristic", "--seed", "4"],
        "neighbours canada\nhelp sigrid\nhelp tanks\nhelp\nhelp nothing\nquit\n",
    )
    .unwrap();
    // What borders Canada (world.toml: Alaska and Washington by land; three seas by coast).
    assert!(out.contains("Canada (land"), "{out}");
    assert!(out.contains("  Alaska (land, power source"), "{out}");
    assert!(out.contains("  Washington (land, capital"), "{out}");
    for sea in ["North Pacific", "North Atlantic", "Arctic Ocean"] {
        assert!(out.contains(&format!("  {sea} (sea")), "{sea}: {out}");
    }
    assert_eq!(out.matches("coast (dotted").count(), 3, "{out}");
    // The card text of an ability, the values of a unit, the commands.
    assert!(out.contains("Sigrid: Use during a battle, immediately after you roll one or more dice to attack or defend. Collect all of the dice that rolled blank and reroll them."), "{out}");
    assert!(
        out.contains("tank: land unit, cost 2, combat value 1 (dice in battle), tactical supremacy 0; at most 59 in play."),
        "{out}"
    );
    assert!(out.contains("`neighbours AREA` says what borders an area"), "{out}");
    assert!(out.contains("nothing called `nothing`"), "{out}");
}

/// Canada (P0, three tanks) next to Alaska (P1, one tank, a power source), Washington (P1's
/// capital with a production center) and Greenland across the sea; P0's turn in `round`.
fn frontier(round: u16) -> Game {
    let mut g = Game::builtin(GameConfig::new(2)).unwrap();
    g.edit_clear_board();
    let a = |g: &Game, n: &str| g.map().find(n).unwrap();
    let (ca, al, wa) = (a(&g, "Canada"), a(&g, "Alaska"), a(&g, "Washington"));
    g.edit_area(ca, Some(Owner::Player(PlayerId(0))), Units::parse("3t").unwrap(), false);
    g.edit_area(al, Some(Owner::Player(PlayerId(1))), Units::parse("t").unwrap(), false);
    g.edit_area(wa, Some(Owner::Player(PlayerId(1))), Units::parse("t").unwrap(), true);
    // A card with two combat points, so attacks are offered.
    let c = (0..45u8).map(CardId).find(|&c| g.deck().card(c).combat >= 2).unwrap();
    g.edit_start_turn(round, PlayerId(0), Some(c));
    g.apply(Decision::EndProduction).unwrap();
    g
}

#[test]
fn attacks_show_their_exact_odds_and_missing_attacks_say_why() {
    // Round two: Alaska may be attacked; the line carries the exact odds of all three tanks
    // against one (dust_strategy::odds, a land battle).
    let g = frontier(2);
    let legal = g.legal_decisions();
    let al = g.map().find("Alaska").unwrap();
    let i = legal
        .iter()
        .position(|d| matches!(d, Decision::Attack { to, .. } if *to == al))
        .expect("Alaska is offered");
    let o = battle_odds(&OddsQuery::new(
        BattleType::Land,
        Units::parse("3t").unwrap(),
        Units::parse("t").unwrap(),
    ))
    .unwrap();
    let want = format!(
        "[all 3t: attacker takes it {:.0}%, defender holds {:.0}% (attacker wiped out {:.0}%)]",
        100.0 * o.attacker_wins,
        100.0 * o.defender_holds,
        100.0 * o.attacker_destroyed
    );
    let line = strategy::decision_label(&g, legal[i]);
    assert!(line.ends_with(&want), "{line} / {want}");
    assert!(o.attacker_wins > 0.5 && o.attacker_wins < 1.0);
    // The capital is not offered, and the player is told why.
    let why = strategy::missing_attacks(&g, PlayerId(0), &legal);
    assert_eq!(
        why,
        vec!["not offered: attack Washington (a capital: attacked only with 25 victory points (half the target) or once any player has attacked a capital)"]
    );
    // Round one: neither, each with the first-round reason.
    let g = frontier(1);
    let legal = g.legal_decisions();
    let mut why = strategy::missing_attacks(&g, PlayerId(0), &legal);
    why.sort();
    assert_eq!(
        why,
        vec![
            "not offered: attack Alaska (round one: no attacks on power sources, capitals or production centers)",
            "not offered: attack Washington (round one: no attacks on power sources, capitals or production centers)",
        ]
    );
    // The odds of a battle in words, for a mech drop as for an amphibious battle (no retreat).
    let wa = g.map().find("Washington").unwrap();
    let t = strategy::odds_text(
        &g,
        BattleKind::MechDrop,
        Units::parse("2m").unwrap(),
        Units::parse("t").unwrap(),
        wa,
    )
    .unwrap();
    let o = battle_odds(&OddsQuery {
        capital: true,
        production_center: true,
        ..OddsQuery::new(BattleType::Amphibious, Units::parse("2m").unwrap(), Units::parse("t").unwrap())
    })
    .unwrap();
    assert!(t.starts_with(&format!("attacker takes it {:.0}%", 100.0 * o.attacker_wins)), "{t}");
}

#[test]
fn the_status_line_says_what_still_counts() {
    // Production points while buying; movement and combat points after; combat points only
    // once combat has begun ("The Combat Phase" follows "The Movement Phase").
    let g = frontier(2);
    let legal = g.legal_decisions();
    let (m, c) = g.moves_and_attacks_left();
    assert_eq!(
        strategy::status_text(&g, &legal),
        format!(", {m} movement point{} and {c} combat points left", if m == 1 { "" } else { "s" })
    );
    let mut g = frontier(2);
    let (ca, al) = (g.map().find("Canada").unwrap(), g.map().find("Alaska").unwrap());
    g.apply(Decision::Attack { from: ca, to: al }).unwrap();
    assert!(g.combat_started());
    let s = strategy::status_text(&g, &g.legal_decisions());
    assert_eq!(
        s,
        format!(
            ", combat: {} combat point{} left (movement is over)",
            c - 1,
            if c - 1 == 1 { "" } else { "s" }
        )
    );
    assert!(!s.contains("movement point"));
}

#[test]
fn the_setup_reinforcements_show_their_points() {
    // "Setup" step 8: twelve plus the setup card's production, shown while placing them.
    let mut g = Game::builtin(GameConfig::new(2)).unwrap();
    let mut rng = dust_strategy::GameRng::new(2);
    loop {
        match g.pending() {
            dust_strategy::game::Pending::Chance(_) => {
                g.resolve_chance(&mut rng);
            }
            dust_strategy::game::Pending::Decision(_) => {
                let legal = g.legal_decisions();
                if legal.contains(&Decision::EndProduction) {
                    break;
                }
                g.apply(legal[0]).unwrap();
            }
            dust_strategy::game::Pending::GameOver => unreachable!(),
        }
    }
    assert_eq!(g.round(), 0);
    let p = g.current_player().unwrap();
    let card = g.player(p).card().unwrap();
    let points = 12 + u32::from(g.card(card).production);
    assert_eq!(
        strategy::status_text(&g, &g.legal_decisions()),
        format!(", {points} reinforcement points left")
    );
}

#[test]
fn many_choices_are_asked_in_steps_with_a_way_back() {
    // Two armies on an empty world: dozens of land moves. The first list names the kinds of
    // decision, the next the areas they start from, the last the decisions themselves; `back`
    // returns a step before anything is chosen.
    let (g, c) = two_armies();
    let a = |g: &Game, n: &str| g.map().find(n).unwrap();
    let (br, sa, ar) = (a(&g, "Brazil"), a(&g, "Sahara"), a(&g, "Argentina"));
    let legal = g.legal_decisions();
    assert!(legal.len() > strategy::FLAT_MENU_MAX, "{}", legal.len());
    let moves = |from| {
        legal
            .iter()
            .filter(|d| matches!(d, Decision::Move { from: f, .. } if *f == from))
            .count()
    };
    let mut menu = strategy::Menu::default();
    let top = menu.entries(&g, &legal);
    assert_eq!(menu.title(&g, &legal), None);
    assert!(top.len() <= 6, "{top:?}");
    let land = top
        .iter()
        .position(|e| e.pick == strategy::Pick::Category("move over land".into()))
        .expect("a step for the land moves");
    assert_eq!(top[land].label, format!("move over land… ({} choices)", moves(br) + moves(sa)));
    assert!(top.iter().any(|e| e.pick == strategy::Pick::Decision(Decision::EndTurn)));
    assert!(top
        .iter()
        .any(|e| e.pick == strategy::Pick::Decision(Decision::Attack { from: br, to: ar })));
    menu.picked.push(top[land].pick.clone());
    let froms = menu.entries(&g, &legal);
    assert_eq!(
        froms.iter().map(|e| e.pick.clone()).collect::<Vec<_>>(),
        vec![strategy::Pick::From(Some(br)), strategy::Pick::From(Some(sa))]
    );
    assert_eq!(froms[0].label, format!("from Brazil… ({} choices)", moves(br)));
    menu.picked.push(froms[0].pick.clone());
    let leaves = menu.entries(&g, &legal);
    assert_eq!(leaves.len(), moves(br));
    assert!(leaves
        .iter()
        .all(|e| matches!(e.pick, strategy::Pick::Decision(Decision::Move { from, .. }) if from == br)));
    assert_eq!(menu.title(&g, &legal).as_deref(), Some("move over land, from Brazil:"));
    // Back, back: the first list again, nothing chosen, nothing spent.
    menu.back();
    assert_eq!(menu.entries(&g, &legal), froms);
    menu.back();
    assert_eq!(menu.entries(&g, &legal), top);
    assert!(!menu.can_go_back());
    assert_eq!(g.moves_and_attacks_left(), (g.deck().card(c).movement, g.deck().card(c).combat));
}

/// Issue 16, item 8: `strategy replay` opened any path the record named (`map = /dev/zero`
/// read 2.1 GB, a fifo hung, `/etc/shadow` was opened). A record names the shipped map and
/// deck (`builtin`), or a file beside it by its bare name, and that only with
/// `--files-beside`; never a path, a device, a fifo or a link.
#[test]
fn a_record_opens_only_the_shipped_files_or_one_beside_it_when_asked() {
    let dir = temp("beside");
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("ai.record");
    run(&[
        "play",
        "--players",
        "2",
        "--seats",
        "random,random",
        "--seed",
        "3",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.contains("map builtin"), "{text}");
    let with_map = |map: &str| {
        let p = dir.join(format!("r-{}.record", map.replace(['/', '.'], "_")));
        std::fs::write(&p, text.replace("map builtin", &format!("map {map}"))).unwrap();
        p
    };
    // The shipped map by its names.
    for name in ["world", "world.toml"] {
        let out = run(&["replay", with_map(name).to_str().unwrap()]);
        assert!(out.contains("matches the record"), "{name}: {out}");
    }
    // Paths: refused before anything is opened, with or without the flag.
    for path in ["/dev/zero", "/etc/shadow", "../world.toml", "sub/world.toml", "/tmp"] {
        let p = with_map(path);
        for flag in [false, true] {
            let mut args = vec!["replay", p.to_str().unwrap()];
            if flag {
                args.push("--files-beside");
            }
            let t0 = std::time::Instant::now();
            let e = format!("{:#}", run_with(&args, "").unwrap_err());
            assert!(e.contains("never a path"), "{path}: {e}");
            assert!(t0.elapsed() < std::time::Duration::from_secs(5));
        }
    }
    // A file beside the record: only with the flag.
    std::fs::write(dir.join("mine.toml"), std::fs::read_to_string("data/strategy/world.toml").unwrap()).unwrap();
    let p = with_map("mine.toml");
    let e = format!("{:#}", run_with(&["replay", p.to_str().unwrap()], "").unwrap_err());
    assert!(e.contains("--files-beside"), "{e}");
    let out = run(&["replay", p.to_str().unwrap(), "--files-beside"]);
    assert!(out.contains("matches the record"), "{out}");
    // Beside it but a link (to a device here), or a fifo: refused without opening it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.toml")).unwrap();
        let e = format!(
            "{:#}",
            run_with(&["replay", with_map("zero.toml").to_str().unwrap(), "--files-beside"], "").unwrap_err()
        );
        assert!(e.contains("not a regular file"), "{e}");
        let made = std::process::Command::new("mkfifo").arg(dir.join("fifo.toml")).status();
        if made.is_ok_and(|s| s.success()) {
            let e = format!(
                "{:#}",
                run_with(&["replay", with_map("fifo.toml").to_str().unwrap(), "--files-beside"], "").unwrap_err()
            );
            assert!(e.contains("not a regular file"), "{e}");
        }
    }
    // An endless record itself is refused after a bounded read.
    #[cfg(unix)]
    {
        let e = format!("{:#}", run_with(&["replay", "/dev/zero"], "").unwrap_err());
        assert!(e.contains("larger than"), "{e}");
    }
}

/// Two armies on an empty world, P1 (Brazil 3t, Sahara 2t) to move in round two, with more
/// decisions than one short list holds.
fn two_armies() -> (Game, CardId) {
    let mut g = Game::builtin(GameConfig::new(2)).unwrap();
    g.edit_clear_board();
    let a = |g: &Game, n: &str| g.map().find(n).unwrap();
    let (br, sa, ar) = (a(&g, "Brazil"), a(&g, "Sahara"), a(&g, "Argentina"));
    g.edit_area(br, Some(Owner::Player(PlayerId(0))), Units::parse("3t").unwrap(), false);
    g.edit_area(sa, Some(Owner::Player(PlayerId(0))), Units::parse("2t").unwrap(), false);
    g.edit_area(ar, Some(Owner::Player(PlayerId(1))), Units::parse("t").unwrap(), false);
    let c = (0..45u8)
        .map(CardId)
        .find(|&c| g.deck().card(c).combat >= 2 && g.deck().card(c).movement >= 1)
        .unwrap();
    g.edit_start_turn(2, PlayerId(0), Some(c));
    g.apply(Decision::EndProduction).unwrap();
    (g, c)
}

#[test]
fn a_move_spends_nothing_until_it_is_confirmed() {
    // Issue 17: "Choose in steps (what, from where, to where, how many), each step a short
    // list, with a way back before anything is spent (today the movement point is spent
    // before the units are chosen)". The person picks the kind, the area, the destination,
    // then the number; `back` at the number returns to the list, `back` at the summary to the
    // number; only `y` gives the decisions to the game.
    let (g, _) = two_armies();
    let legal = g.legal_decisions();
    let br = g.map().find("Brazil").unwrap();
    let mut menu = strategy::Menu::default();
    let top = menu.entries(&g, &legal);
    let k1 = top
        .iter()
        .position(|e| e.pick == strategy::Pick::Category("move over land".into()))
        .unwrap()
        + 1;
    menu.picked.push(top[k1 - 1].pick.clone());
    let froms = menu.entries(&g, &legal);
    let k2 = froms.iter().position(|e| e.pick == strategy::Pick::From(Some(br))).unwrap() + 1;
    menu.picked.push(froms[k2 - 1].pick.clone());
    let leaves = menu.entries(&g, &legal);
    let k3 = 1;
    let strategy::Pick::Decision(mv @ Decision::Move { to, .. }) = leaves[0].pick else {
        panic!("{leaves:?}")
    };
    let to_name = g.map().area(to).name.clone();
    let mut sim = g.clone();
    sim.apply(mv).unwrap();
    let (_, lo, hi) = sim.count_question().unwrap();
    assert_eq!(hi, 3);
    let (m, _) = g.moves_and_attacks_left();
    let input = format!("{k1}\n{k2}\n{k3}\nback\n{k3}\n2\nback\n2\ny\n");
    let mut out = Vec::new();
    let mut shown = None;
    let got = strategy::ask_human(&g, PlayerId(0), false, &mut shown, &mut out, &mut Cursor::new(input.into_bytes())).unwrap();
    let out = String::from_utf8(out).unwrap();
    let ask = format!("moving from Brazil to {to_name}: how many tanks ({lo} to {hi})? (`back`: the list, nothing spent)");
    assert_eq!(
        out.matches(&ask).count(),
        3,
        "asked, back to the list, asked, back from the summary, asked: {out}"
    );
    let summary = format!(
        "moving from Brazil to {to_name} with 2 tanks; spends 1 movement point ({} left)",
        m - 1
    );
    assert_eq!(out.matches(&summary).count(), 2, "{out}");
    assert!(out.contains("`back`: the number before"), "{out}");
    assert_eq!(got, Some(vec![mv, Decision::Count(2)]));
    // Taken: two tanks moved, one movement point spent.
    let mut g2 = g.clone();
    for d in got.unwrap() {
        g2.apply(d).unwrap();
    }
    assert_eq!(g2.area(br).units, Units::parse("t").unwrap());
    assert_eq!(g2.area(to).units, Units::parse("2t").unwrap());
    assert_eq!(g2.moves_and_attacks_left().0, m - 1);
    // `cancel` at the summary: back to the list; the input then ends (quit).
    let input = format!("{k1}\n{k2}\n{k3}\n1\ncancel\n");
    let mut out = Vec::new();
    let got = strategy::ask_human(&g, PlayerId(0), false, &mut None, &mut out, &mut Cursor::new(input.into_bytes())).unwrap();
    assert_eq!(got, None);
    let out = String::from_utf8(out).unwrap();
    assert!(out.ends_with("> "), "{out}");
}

#[test]
fn an_attack_is_confirmed_with_its_odds_and_the_contested_area_shows_both_armies() {
    let g = frontier(2);
    let (ca, al) = (g.map().find("Canada").unwrap(), g.map().find("Alaska").unwrap());
    let attack = Decision::Attack { from: ca, to: al };
    let mut out = Vec::new();
    let plan = strategy::plan(&g, PlayerId(0), attack, &mut out, &mut Cursor::new(b"3\ny\n".to_vec())).unwrap();
    assert_eq!(plan, strategy::Plan::Go(vec![attack, Decision::Count(3)]));
    let out = String::from_utf8(out).unwrap();
    let (_, c) = g.moves_and_attacks_left();
    assert!(
        out.contains(&format!(
            "attacking Alaska from Canada with 3 tanks; spends 1 combat point ({} left)\n  odds: attacker takes it",
            c - 1
        )),
        "{out}"
    );
    // In the battle, the map shows the attackers against the defenders in Alaska.
    let mut g = g;
    g.apply(attack).unwrap();
    g.apply(Decision::Count(3)).unwrap();
    let map = dust_strategy::layout::ascii_map(&g);
    let line = map.lines().find(|l| l.contains("Alaska")).unwrap();
    let col = line.find("Alaska").unwrap();
    let lines: Vec<&str> = map.lines().collect();
    let i = lines.iter().position(|l| *l == line).unwrap();
    assert_eq!(&lines[i + 2][col..col + 5], "3t>1t", "{map}");
}
