//! `dust1947 odds`: the exact odds of an attack before the dice roll (issue 5, docs/odds.md).
//!
//! `dust1947 odds --attacker NAME|CARD_FILE [--alive N] --target NAME|CARD_FILE [--target-alive N]
//! [--weapon NAME[:N]]... [--sustained] [--cover none|soft|hard] [--skill NAME]... [--json]
//! [--edition battlefront [--hero NAME|CARD_FILE [--hero-health N] [--hero-takes last|first]]]
//! [--attacker-hero NAME|CARD_FILE [--attacker-hero-health N] [--attacker-hero-takes last|first]]
//! [--also NAME|CARD_FILE[:N]]...`

use anyhow::{anyhow, bail, Context as _};
use dust_core::odds::{
    monte_carlo, odds, AttackSpec, Distribution, HeroHits, HeroOdds, JoinedHero, LineChoice, Odds, PathVictim, HERO_LINE,
};
use dust_core::unit::{BattlefrontCard, CombatValue, UnitCard, UnitKind};
use dust_core::CoverLevel;
use dust_data::card::CardFile;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The environment variable naming a user card folder (as `dust1947 cards`).
const CARDS_ENV: &str = "DUST1947_CARDS";

/// The skills and options `--skill` accepts.
const SKILLS: &str =
    "berserk, all-in-one, medal-of-honor, spotter, no-spotter, heroic-attack, damage-resilient, no-damage-resilient, burst, moved, fighting-spirit, ammo=N";

/// Exact odds of an attack: hits, hits after cover saves, damage, health lost, P(destroyed).
///
/// The chosen weapon lines resolve in the order of the `--weapon` options (card order without
/// them), casualties removed after each ranged line, close-combat lines last with the
/// defender's simultaneous retaliation.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Example: dust1947 odds --attacker \"Heavy Laser Grenadiers\" --target \"Hell Boys\" --sustained --cover hard\n\
Skills (--skill, repeatable): berserk, all-in-one, medal-of-honor, spotter (a spotter is alive; no-spotter: dead), heroic-attack (the target used it), damage-resilient (no-damage-resilient), burst (the target has not moved: Burst lines double), moved (the attacker moved: the defender's Burst close-combat lines do not double; battlefront set-up weapons roll half), fighting-spirit (battlefront: a Move then the attack, hits on the army symbol or the target), ammo=N (ammo spent on each limited-ammo or Volley line, default 1; battlefront: the soldiers firing a squad's limited-ammo line, 1 for a hero's or a vehicle's; --weapon NAME:N gives one line its number)."
)]
pub struct Args {
    /// The attacking unit: a name from the card database, or a card file (.toml).
    #[arg(long, value_name = "NAME|CARD_FILE")]
    attacker: String,
    /// The attacker's living miniatures (squads: the first N of the card) or health left.
    #[arg(long, value_name = "N")]
    alive: Option<u8>,
    /// Which of the attacking squad's miniatures are alive, by their number on the card
    /// (`m0,m2,m3` or `0,2,3`, as the engine's `casualty m1` names them): the odds fire the
    /// weapons of those miniatures. Instead of --alive.
    #[arg(long, value_name = "LIST", conflicts_with = "alive")]
    living: Option<String>,
    /// The target: a name from the card database, or a card file (.toml).
    #[arg(long, value_name = "NAME|CARD_FILE")]
    target: String,
    /// Which of the target squad's miniatures are alive (as --living). Instead of --target-alive.
    #[arg(long = "target-living", value_name = "LIST", conflicts_with = "target_alive")]
    target_living: Option<String>,
    /// The target's miniatures (squads: the first N of the card) or health left.
    #[arg(long = "target-alive", value_name = "N")]
    target_alive: Option<u8>,
    /// Fire the weapon lines whose name starts with NAME (case-insensitive; repeatable; a full
    /// line name selects that line alone). The ranged lines resolve in the order given,
    /// casualties removed after each; close-combat lines come last. Default: every line that
    /// can damage the target, in card order. With --attacker-hero, his lines are among them
    /// (after the squad's). Battlefront: of a weapon with two lines both chosen, the better
    /// fires (name one line to choose it); "Improvised Weapons" only when no close-combat
    /// weapon of the unit can hurt the target. `NAME:N`: the number given with the line, as
    /// the engine's `aim LINE TARGET N`: the ammo spent on a limited-ammo or Volley line;
    /// battlefront, the soldiers of a squad (the crew weapons of a vehicle) firing it, where
    /// the engine offers a number.
    #[arg(long, value_name = "NAME[:N]")]
    weapon: Vec<String>,
    /// Another unit in the squares a spray weapon crosses on its way to the target
    /// ("Spray Weapons"; a revised flamethrower of range 2 or more): a name or card file,
    /// `:N` for its miniatures or health left (repeatable, one unit per square, in path
    /// order). The odds then give each one's losses too.
    #[arg(long, value_name = "NAME|CARD_FILE[:N]")]
    also: Vec<String>,
    /// Battlefront: a hero joined to the target squad ("Joining Infantry Squads"): a name from
    /// the card database or a card file. The hits left after the saves are assigned one by one
    /// (`--hero-takes`); the odds then give the squad's and the hero's losses. In close combat
    /// he strikes back with the squad.
    #[arg(long, value_name = "NAME|CARD_FILE")]
    hero: Option<String>,
    /// The joined hero's health left (default: full).
    #[arg(long = "hero-health", value_name = "N", requires = "hero")]
    hero_health: Option<u8>,
    /// Who the owner assigns the hits to: `last` (the miniatures first, the default) or
    /// `first` (the hero while he lives).
    #[arg(long = "hero-takes", value_name = "last|first", default_value = "last", value_parser = ["last", "first"], requires = "hero")]
    hero_takes: String,
    /// A hero joined to the attacking squad (both editions; "Heroes", "Joining Infantry
    /// Squads"): a name from the card database or a card file. His lines fire with the squad's,
    /// all of them; in close combat the retaliation's hits are shared between the squad and him
    /// (`--attacker-hero-takes`) and the odds give his losses too.
    #[arg(long = "attacker-hero", value_name = "NAME|CARD_FILE")]
    attacker_hero: Option<String>,
    /// The attacking squad's joined hero's health left (default: full).
    #[arg(long = "attacker-hero-health", value_name = "N", requires = "attacker_hero")]
    attacker_hero_health: Option<u8>,
    /// Who the attacker assigns the retaliation's hits (revised: damage points) to: `last` (the
    /// miniatures first, the default) or `first` (the hero while he lives).
    #[arg(long = "attacker-hero-takes", value_name = "last|first", default_value = "last", value_parser = ["last", "first"], requires = "attacker_hero")]
    attacker_hero_takes: String,
    /// A SUSTAINED ATTACK: failed dice rerolled once per line.
    #[arg(long)]
    sustained: bool,
    /// The target's cover against ranged lines (squads only; battlefront: soft or hard is "in
    /// cover", for any unit).
    #[arg(long, value_name = "none|soft|hard", default_value = "none", value_parser = ["none", "soft", "hard"])]
    cover: String,
    /// A skill used or an option (repeatable): see below.
    #[arg(long, value_name = "NAME")]
    skill: Vec<String>,
    /// The defender does not retaliate in close combat.
    #[arg(long)]
    no_retaliation: bool,
    /// Only the lines that reach a target this many spaces away (default: no range check).
    #[arg(long, value_name = "N")]
    distance: Option<u32>,
    /// Also play the attack N times with the engine (seeded) and show its frequencies.
    #[arg(long, value_name = "N")]
    monte_carlo: Option<u32>,
    /// The seed of --monte-carlo.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Draw the distribution of the health lost as an SVG picture into FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// A folder of your own card files; default: the DUST1947_CARDS environment variable.
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Print one JSON object: loss (probabilities by health lost), destroyed, mean, and more.
    #[arg(long)]
    json: bool,
    /// Dust Battlefield: the table (a shipped name or a table file) on which --attacker and
    /// --target are units as placed; the odds are those of the engine's attack from where they
    /// stand (range, line of sight, cover and templates measured on the table; --weapon NAME
    /// picks lines; --sustained).
    #[arg(long, value_name = "NAME|FILE")]
    table: Option<String>,
    /// Dust Battlefield: the centre of a blast template (or a flame template's aim point), X,Y
    /// in centimetres.
    #[arg(long, value_name = "X,Y", requires = "table")]
    at: Option<String>,
    /// The rules edition: `revised` (default) or `battlefront` (its cards, dice, saves, blast and
    /// automatic-kill values; docs/odds.md).
    #[arg(long, value_name = "revised|battlefront", default_value = "revised")]
    edition: dust_core::Edition,
}

/// Runs `dust1947 odds`.
pub fn run(a: &Args) -> anyhow::Result<ExitCode> {
    if let Some(table) = &a.table {
        return super::field::odds(table, &a.attacker, &a.target, &a.weapon, a.at.as_deref(), a.sustained, a.json);
    }
    let dir = a
        .cards
        .clone()
        .or_else(|| std::env::var_os(CARDS_ENV).filter(|v| !v.is_empty()).map(PathBuf::from));
    let cards = dust_data::builtin::load_card_files_for(dir.as_deref(), a.edition).map_err(|d| {
        anyhow!(
            "the card folder has {} problem(s): {}",
            d.len(),
            d.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
        )
    })?;
    let battlefront = a.edition == dust_core::Edition::Battlefront;
    let (attacker, attacker_bf) = resolve_card(&a.attacker, &cards, "--attacker", a.edition)?;
    // Battlefront: the attacker as the engine holds it, with its Improvised Weapons line
    // ("Improvised Close-Combat Weapons").
    let (attacker, attacker_bf) = as_engine_holds(battlefront, attacker, attacker_bf);
    let (target, target_bf) = resolve_card(&a.target, &cards, "--target", a.edition)?;
    let hero = match &a.hero {
        Some(h) => {
            if !battlefront {
                bail!("--hero {h}: a joined hero is taken in the battlefront edition only; add --edition battlefront");
            }
            Some(resolve_card(h, &cards, "--hero", a.edition)?)
        }
        None => None,
    };
    // The attacking squad's joined hero, as the engine holds him (battlefront: with his own
    // Improvised Weapons line).
    let attacker_hero = match &a.attacker_hero {
        Some(h) => {
            let (c, b) = resolve_card(h, &cards, "--attacker-hero", a.edition)?;
            if c.kind != UnitKind::Hero {
                bail!(
                    "--attacker-hero {h}: {} is not a hero; only a hero joins a squad (\"Heroes\")",
                    c.name
                );
            }
            if attacker.kind != UnitKind::Squad {
                bail!(
                    "--attacker-hero {h}: the attacker {} is not an infantry squad; a hero joins only a squad (\"Heroes\", \"Joining Infantry Squads\")",
                    attacker.name
                );
            }
            Some(as_engine_holds(battlefront, c, b))
        }
        None => None,
    };
    let mut victims: Vec<(UnitCard, Option<BattlefrontCard>, Option<u8>)> = Vec::new();
    for v in &a.also {
        // `NAME:N`: N miniatures or health left.
        let (name, n) = match v.rsplit_once(':') {
            Some((name, n)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                let n: u8 = n
                    .parse()
                    .map_err(|_| anyhow!("--also {v}: `{n}` is not a number of miniatures or health (1 to 255)"))?;
                (name, Some(n))
            }
            _ => (v.as_str(), None),
        };
        let (c, b) = resolve_card(name, &cards, "--also", a.edition)?;
        if let Some(n) = n {
            if n == 0 || n > c.health {
                bail!(
                    "--also {v}: {} has 1 to {} {}; give a number in that range",
                    c.name,
                    c.health,
                    health_word(&c)
                );
            }
        }
        victims.push((c, b, n));
    }
    // --living / --target-living: the card read with the named miniatures first, as the
    // interfaces read a squad in a game (`odds::from_game::living_first`).
    let (attacker, alive_from_list) = reorder_living(attacker, a.living.as_deref(), "--living")?;
    let (target, target_alive_from_list) = reorder_living(target, a.target_living.as_deref(), "--target-living")?;
    let mut spec = AttackSpec::new(&attacker, &target);
    if battlefront {
        spec = spec.battlefront(attacker_bf.as_ref(), target_bf.as_ref());
    }
    if let Some((h, hbf)) = &hero {
        spec = spec.with_joined_hero(joined_hero(h, hbf.as_ref(), a.hero_health, &a.hero_takes, "--hero-health")?);
    }
    if let Some((h, hbf)) = &attacker_hero {
        let j = joined_hero(
            h,
            hbf.as_ref(),
            a.attacker_hero_health,
            &a.attacker_hero_takes,
            "--attacker-hero-health",
        )?;
        spec = spec.with_attacking_hero(j);
    }
    for (flag, n, card) in [("--alive", a.alive, &attacker), ("--target-alive", a.target_alive, &target)] {
        if let Some(n) = n {
            if n == 0 || n > card.health {
                let what = if card.kind == UnitKind::Squad {
                    "miniatures"
                } else {
                    "health points"
                };
                bail!(
                    "{flag} {n}: {} has 1 to {} {what}; give a number in that range",
                    card.name,
                    card.health
                );
            }
        }
    }
    if let Some(n) = a.alive.or(alive_from_list) {
        spec = spec.with_attacker_alive(n);
    }
    if let Some(n) = a.target_alive.or(target_alive_from_list) {
        spec.target_alive = n;
    }
    spec.sustained = a.sustained;
    spec.retaliate = !a.no_retaliation;
    spec.cover = match a.cover.as_str() {
        "soft" => CoverLevel::Soft,
        "hard" => CoverLevel::Hard,
        _ => CoverLevel::None,
    };
    let mut ammo = 1u8;
    for s in a.skill.iter().flat_map(|s| s.split(',')) {
        let s = s.trim().to_ascii_lowercase();
        match s.as_str() {
            "berserk" => spec.berserk = true,
            "all-in-one" => spec.all_in_one = true,
            "medal-of-honor" => spec.medal_of_honor = true,
            "spotter" => spec.spotter = true,
            "no-spotter" => spec.spotter = false,
            "heroic-attack" => spec.heroic_attack = true,
            "damage-resilient" => spec.damage_resilient = true,
            "no-damage-resilient" => spec.damage_resilient = false,
            "burst" => spec.burst = true,
            "moved" => spec.attacker_moved = true,
            "fighting-spirit" => {
                // Battlefront "Fighting Spirit": after a Move action in the activation.
                spec.fighting_spirit = true;
                spec.attacker_moved = true;
            }
            _ => match s.strip_prefix("ammo=").map(str::parse::<u8>) {
                Some(Ok(n)) if n > 0 => ammo = n,
                Some(_) => bail!("--skill {s}: ammo=N needs a number of ammo from 1 up, e.g. ammo=2"),
                None => bail!("--skill {s}: unknown; use one of: {SKILLS}"),
            },
        }
    }
    let (mut chosen, counts) = select_lines(&spec, &a.weapon, a.distance)?;
    // Battlefront: the Improvised Weapons only where the engine offers them.
    if a.weapon.is_empty() {
        chosen.retain(|&i| spec.why_not_offered(i).is_none());
        // Units between the attacker and the target: no close combat.
        if !victims.is_empty() {
            chosen.retain(|&i| !spec.is_close(i));
        }
    } else if let Some(why) = chosen.iter().find_map(|&i| spec.why_not_offered(i)) {
        bail!("--weapon: {why}; the engine does not offer it here");
    }
    spec.lines = chosen
        .into_iter()
        .map(|i| LineChoice {
            line: i,
            ammo: match counts.iter().find(|c| c.line == i) {
                Some(c) => c.n,
                None if spec.weapon(i).is_some_and(|w| w.ammo.is_some()) => ammo,
                None => 0,
            },
        })
        .collect();
    // The numbers given with `--weapon NAME:N`: those the engine offers, the lines declared in
    // card order as the engine declares them (`AttackSpec::counts_offered`).
    let mut given: Vec<&Count> = counts.iter().filter(|c| spec.lines.iter().any(|l| l.line == c.line)).collect();
    given.sort_by_key(|c| c.line);
    for c in &given {
        spec.check_count(c.line).map_err(|e| anyhow!("--weapon {}: {e}", c.arg))?;
    }
    for (c, b, n) in &victims {
        let mut v = PathVictim::new(c);
        v.bf = b.as_ref();
        if let Some(n) = n {
            v.alive = *n;
        }
        spec = spec.with_path_victim(v);
    }
    let o = odds(&spec).map_err(|e| anyhow!("{e}"))?;
    let mc = match a.monte_carlo {
        Some(n) => Some(monte_carlo(&spec, n, a.seed).map_err(|e| anyhow!("--monte-carlo: {e}"))?),
        None => None,
    };
    if let Some(file) = &a.svg {
        std::fs::write(file, svg(&spec, &o)).with_context(|| format!("cannot write the SVG file `{}`", file.display()))?;
    }
    if a.json {
        let mut v = to_json(&spec, &o, &counts);
        if let Some(m) = &mc {
            v["monte_carlo"] = json!({
                "samples": m.samples,
                "seed": a.seed,
                "distance": m.distance,
                "loss": m.loss.probs(),
                "mean": m.loss.mean(),
                "attacker_loss": m.attacker_loss.probs(),
            });
            if let Some(h) = m.hero_loss() {
                v["monte_carlo"]["hero_loss"] = json!(h.probs());
                v["monte_carlo"]["hero_joint"] = json!(m.hero_joint);
            }
            if let Some(h) = m.attacker_hero_loss() {
                v["monte_carlo"]["attacker_hero_loss"] = json!(h.probs());
                v["monte_carlo"]["attacker_hero_joint"] = json!(m.attacker_hero_joint);
            }
            if !m.victims.is_empty() {
                let losses: Vec<Value> = (0..m.victims.len())
                    .filter_map(|i| m.victim_loss(i))
                    .map(|d| json!(d.probs()))
                    .collect();
                v["monte_carlo"]["victims"] = json!(losses);
            }
        }
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let hero_mc = mc.as_ref().and_then(|m| m.hero_loss());
        let att_hero_mc = mc.as_ref().and_then(|m| m.attacker_hero_loss());
        print!(
            "{}",
            human(
                &spec,
                &o,
                &counts,
                mc.as_ref().map(|m| &m.loss),
                hero_mc.as_ref(),
                att_hero_mc.as_ref()
            )
        );
        for (i, v) in o.victims.iter().enumerate() {
            print!("{}", victim_human(&spec, i, v, mc.as_ref().and_then(|m| m.victim_loss(i)).as_ref()));
        }
        if let Some(file) = &a.svg {
            println!("wrote {}", file.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Battlefront: the unit as the engine holds it, with its Improvised Weapons line
/// ("Improvised Close-Combat Weapons"); otherwise (and for a unit without one) the card as given.
fn as_engine_holds(battlefront: bool, card: UnitCard, bf: Option<BattlefrontCard>) -> (UnitCard, Option<BattlefrontCard>) {
    match battlefront.then(|| dust_core::unit::with_improvised(&card, bf.as_ref())).flatten() {
        Some((c, b)) => (c, Some(b)),
        None => (card, bf),
    }
}

/// A hero joined to a squad (`--hero` or `--attacker-hero`): his health left, checked against
/// his card (`health_flag` names the option in the message), and who takes the hits first
/// (`last` or `first`).
fn joined_hero<'a>(
    card: &'a UnitCard,
    bf: Option<&'a BattlefrontCard>,
    health: Option<u8>,
    takes: &str,
    health_flag: &str,
) -> anyhow::Result<JoinedHero<'a>> {
    let mut j = JoinedHero::new(card);
    j.bf = bf;
    if let Some(n) = health {
        if n == 0 || n > card.health {
            bail!(
                "{health_flag} {n}: {} has 1 to {} health points; give a number in that range",
                card.name,
                card.health
            );
        }
        j.health = n;
    }
    if takes == "first" {
        j.takes = HeroHits::First;
    }
    Ok(j)
}

/// A card from a file (`.toml` or an existing file) or from the database by name, with its
/// battlefront part when the edition is battlefront and the card is a battlefront card (a
/// classic card fires its revised values there).
fn resolve_card(
    arg: &str,
    cards: &[CardFile],
    flag: &str,
    edition: dust_core::Edition,
) -> anyhow::Result<(UnitCard, Option<BattlefrontCard>)> {
    let bf_part = |f: &CardFile| {
        (edition == dust_core::Edition::Battlefront && f.info.edition == dust_core::Edition::Battlefront)
            .then(|| f.info.battlefront.clone())
    };
    let path = Path::new(arg);
    if arg.to_ascii_lowercase().ends_with(".toml") || path.is_file() {
        let text = std::fs::read_to_string(path).with_context(|| format!("{flag}: cannot read the card file `{arg}`: check the path"))?;
        let f = dust_data::card::parse_card_file(&text, arg).map_err(|d| {
            anyhow!(
                "{flag}: the card file has {} problem(s):\n{}",
                d.len(),
                d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
            )
        })?;
        let bf = bf_part(&f);
        return Ok((f.card, bf));
    }
    if let Some(f) = cards.iter().find(|f| f.card.name.eq_ignore_ascii_case(arg.trim())) {
        return Ok((f.card.clone(), bf_part(f)));
    }
    let names: Vec<&str> = cards.iter().map(|f| f.card.name.as_str()).collect();
    let hint = closest(arg, &names).map(|n| format!(" Did you mean `{n}`?")).unwrap_or_default();
    bail!("{flag}: no unit is named `{arg}`.{hint} The units are: {}", names.join(", "))
}

/// The name closest to `s` (edit distance without case and spaces), if reasonably close.
fn closest<'a>(s: &str, names: &[&'a str]) -> Option<&'a str> {
    let norm = |x: &str| {
        x.to_ascii_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<Vec<char>>()
    };
    let a = norm(s);
    names
        .iter()
        .map(|n| {
            let b = norm(n);
            let contains =
                !a.is_empty() && (b.windows(a.len()).any(|w| w == a.as_slice()) || a.windows(b.len().max(1)).any(|w| w == b.as_slice()));
            let d = if contains { 0 } else { edit_distance(&a, &b) };
            (d, *n)
        })
        .filter(|(d, n)| *d <= 3.max(n.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n)
}

fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// A number given with a line by `--weapon NAME:N`.
#[derive(Clone, Debug)]
struct Count {
    /// The line (from `HERO_LINE`: the attacking squad's joined hero's).
    line: usize,
    /// The number.
    n: u8,
    /// The option's text, for the messages.
    arg: String,
}

/// `--weapon NAME[:N]`: the name (a prefix) and the number, if any. A text some line's name
/// starts with is a name, colon or not; otherwise what follows the last colon must be a number
/// from 1 to 255.
fn weapon_arg<'a>(arg: &'a str, names: &[String]) -> anyhow::Result<(&'a str, Option<u8>)> {
    let p = arg.trim().to_lowercase();
    if names.iter().any(|n| n.to_lowercase().starts_with(&p)) {
        return Ok((arg, None));
    }
    let Some((name, n)) = arg.rsplit_once(':') else {
        return Ok((arg, None));
    };
    let n = n.trim();
    if name.trim().is_empty() {
        bail!("--weapon {arg}: no line name before `:`; give NAME or NAME:N, e.g. `--weapon StG:2`");
    }
    if n.is_empty() || !n.chars().all(|c| c.is_ascii_digit()) {
        bail!(
            "--weapon {arg}: `{n}` is not a number; give NAME:N with N the soldiers (or crew weapons, or ammo) firing the line, from 1, e.g. `--weapon StG:2`, or NAME alone for every soldier still free"
        );
    }
    match n.parse::<u8>() {
        Ok(k) if k > 0 => Ok((name, Some(k))),
        _ => bail!("--weapon {arg}: the number must be from 1 to 255, not {n}; leave out `:N` for every soldier still free"),
    }
}

/// The lines chosen by `--weapon` prefixes in the order given (the lines one prefix selects in
/// card order; a line selected again keeps its first place), or every line that can damage the
/// target (and reaches `distance`, if given) in card order: the attacker's, then those of the
/// hero joined to it (numbered from `HERO_LINE`); and the numbers given with them (`NAME:N`,
/// each line selected by the prefix taking it).
fn select_lines(spec: &AttackSpec<'_>, prefixes: &[String], distance: Option<u32>) -> anyhow::Result<(Vec<usize>, Vec<Count>)> {
    let (attacker, target) = (&*spec.attacker, &*spec.target);
    let all = spec.all_weapons();
    let label = |i: usize, name: &str| {
        if i >= HERO_LINE {
            format!("{name} ({}'s)", spec.line_unit(i))
        } else {
            name.to_string()
        }
    };
    let list = || {
        all.iter()
            .map(|&(i, w)| format!("{} ({}, {})", label(i, &w.name), w.range, w.table.against(target.armor)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let edition = if spec.is_battlefront() {
        dust_core::Edition::Battlefront
    } else {
        dust_core::Edition::Revised
    };
    let reaches = |w: &dust_core::unit::WeaponLine| match distance {
        Some(d) => w.range.reaches_in(edition, d),
        None => true,
    };
    let who = match &spec.attacking_hero {
        Some(h) => format!("{} or {}", attacker.name, h.card.name),
        None => attacker.name.clone(),
    };
    if prefixes.is_empty() {
        let v: Vec<usize> = all
            .iter()
            .filter(|(_, w)| w.table.against(target.armor) != CombatValue::NoEffect && reaches(w))
            .map(|&(i, _)| i)
            .collect();
        if v.is_empty() {
            bail!(
                "no weapon line of {who} can damage {} ({}){}: the lines are {}",
                target.name,
                target.armor,
                distance.map(|d| format!(" at {d} spaces")).unwrap_or_default(),
                list()
            );
        }
        return Ok((v, Vec::new()));
    }
    let names: Vec<String> = all.iter().map(|(_, w)| w.name.clone()).collect();
    let mut chosen: Vec<usize> = Vec::new();
    let mut counts: Vec<Count> = Vec::new();
    for arg in prefixes {
        let (p, n) = weapon_arg(arg, &names)?;
        let p = p.trim().to_lowercase();
        // A full line name selects that line alone (one line of a weapon with two lines).
        let exact: Vec<usize> = all.iter().filter(|(_, w)| w.name.to_lowercase() == p).map(|&(i, _)| i).collect();
        let hits: Vec<usize> = if exact.is_empty() {
            all.iter()
                .filter(|(_, w)| w.name.to_lowercase().starts_with(&p))
                .map(|&(i, _)| i)
                .collect()
        } else {
            exact
        };
        if hits.is_empty() {
            bail!("--weapon {p}: no weapon line of {who} starts with `{p}`; the lines are: {}", list());
        }
        for i in hits {
            let Some(w) = spec.weapon(i) else { continue };
            if let Some(d) = distance {
                if !w.range.reaches_in(edition, d) {
                    bail!("--weapon {p}: {} (range {}) does not reach {d} spaces", label(i, &w.name), w.range);
                }
            }
            if !chosen.contains(&i) {
                chosen.push(i);
            }
            if let Some(n) = n {
                match counts.iter().find(|c| c.line == i) {
                    Some(c) if c.n != n => bail!(
                        "--weapon {arg}: {} already has the number {} (--weapon {}); give one number per line",
                        label(i, &w.name),
                        c.n,
                        c.arg
                    ),
                    Some(_) => {}
                    None => counts.push(Count {
                        line: i,
                        n,
                        arg: arg.clone(),
                    }),
                }
            }
        }
    }
    Ok((chosen, counts))
}

fn health_word(c: &UnitCard) -> &'static str {
    if c.kind == UnitKind::Squad {
        "miniatures"
    } else {
        "health"
    }
}

fn skills_used(spec: &AttackSpec<'_>) -> Vec<&'static str> {
    let mut v = Vec::new();
    for (on, name) in [
        (spec.sustained, "sustained"),
        (spec.berserk, "berserk"),
        (spec.all_in_one, "all-in-one"),
        (spec.medal_of_honor, "medal-of-honor"),
        (spec.spotter, "spotter"),
        (spec.heroic_attack, "heroic-attack"),
        (spec.damage_resilient, "damage-resilient"),
        (spec.burst, "burst"),
        (spec.attacker_moved, "moved"),
        (spec.fighting_spirit, "fighting-spirit"),
    ] {
        if on {
            v.push(name);
        }
    }
    v
}

/// The line's value against the target: the battlefront card's exact blast or automatic-kill
/// value when it has one (`B1/2`, `B1/K`, `2/K`), else the revised value.
fn value_text(spec: &AttackSpec<'_>, l: &dust_core::odds::LineOdds) -> String {
    spec.weapon_bf(l.line)
        .filter(|_| spec.is_battlefront())
        .and_then(|w| w.value(spec.target.armor))
        .map_or_else(|| l.value.to_string(), |v| v.to_string())
}

/// The cards of the attack: the attacker, the target and the heroes joined to them.
fn units<'s>(spec: &'s AttackSpec<'_>) -> impl Iterator<Item = &'s UnitCard> {
    [&*spec.attacker, &*spec.target]
        .into_iter()
        .chain(spec.joined_hero.map(|j| j.card))
        .chain(spec.attacking_hero.map(|j| j.card))
}

fn dist_json(d: &Distribution) -> Value {
    json!(d.probs())
}

fn to_json(spec: &AttackSpec<'_>, o: &Odds, counts: &[Count]) -> Value {
    let firers = spec.firers();
    let lines: Vec<Value> = o
        .lines
        .iter()
        .map(|l| {
            let ammo = spec.lines.iter().find(|c| c.line == l.line).map_or(0, |c| c.ammo);
            json!({
                "name": l.name,
                "index": l.line,
                "unit": spec.line_unit(l.line),
                "value": value_text(spec, l),
                "close_combat": l.close,
                "ignores_cover": l.ignores_cover,
                "ammo": ammo,
                "count": ammo,
                "count_given": counts.iter().any(|c| c.line == l.line),
                "firers": firers.iter().find(|f| f.0 == l.line).map(|f| f.1),
                "dice": l.dice,
                "hits": dist_json(&l.hits),
                "after_cover": dist_json(&l.after_cover),
                "damage": dist_json(&l.damage),
                "loss": dist_json(&l.loss),
                "mean_hits": l.hits.mean(),
                "mean_after_cover": l.after_cover.mean(),
                "mean_damage": l.damage.mean(),
                "mean": l.loss.mean(),
                "destroyed": l.destroyed,
                "notes": l.notes,
            })
        })
        .collect();
    let provisional: Vec<&str> = units(spec).filter(|c| c.is_provisional()).map(|c| c.name.as_str()).collect();
    json!({
        "attacker": {
            "name": spec.attacker.name,
            "alive": spec.attacker_alive,
            "health": spec.attacker.health,
            "provisional": spec.attacker.is_provisional(),
        },
        "target": {
            "name": spec.target.name,
            "alive": spec.target_alive,
            "health": spec.target.health,
            "armor": spec.target.armor.to_string(),
            "provisional": spec.target.is_provisional(),
        },
        "edition": spec.edition.name(),
        "sustained": spec.sustained,
        "cover": spec.cover.name(),
        "skills": skills_used(spec),
        "lines": lines,
        "loss": dist_json(&o.loss),
        "destroyed": o.destroyed,
        "mean": o.loss.mean(),
        "std_dev": o.loss.std_dev(),
        "at_least": o.loss.at_least_curve(),
        "close_combat": o.close_combat,
        "attacker_loss": dist_json(&o.attacker_loss),
        "attacker_mean": o.attacker_loss.mean(),
        "joint": o.joint,
        "truncation_error": o.truncation_error,
        "provisional": !provisional.is_empty(),
        "provisional_cards": provisional,
        "notes": o.notes,
        "hero": hero_json(spec, o),
        "attacker_hero": attacker_hero_json(spec, o),
        "victims": victims_json(spec, o),
    })
}

/// The attacking squad's joined hero's part of the JSON: `null` without one.
fn attacker_hero_json(spec: &AttackSpec<'_>, o: &Odds) -> Value {
    let (Some(j), Some(h)) = (&spec.attacking_hero, &o.attacker_hero) else {
        return Value::Null;
    };
    let mut v = joined_hero_json(j, h);
    v["lines"] = json!(spec
        .lines
        .iter()
        .filter(|c| c.line >= HERO_LINE)
        .map(|c| c.line)
        .collect::<Vec<_>>());
    v
}

/// A joined hero (of the target or the attacking squad) and his losses, in the JSON.
fn joined_hero_json(j: &JoinedHero<'_>, h: &HeroOdds) -> Value {
    json!({
        "name": j.card.name,
        "health": j.health,
        "max_health": j.card.health,
        "armor": j.card.armor.to_string(),
        "damage_resilient": j.damage_resilient,
        "takes": takes_name(j.takes),
        "provisional": j.card.is_provisional(),
        "loss": dist_json(&h.loss),
        "mean": h.loss.mean(),
        "destroyed": h.destroyed,
        "both_destroyed": h.both_destroyed,
        "joint": h.joint,
    })
}

/// Who takes the hits, for the human output.
fn takes_text(t: HeroHits) -> &'static str {
    match t {
        HeroHits::First => "first (while he lives)",
        HeroHits::Last => "last (the miniatures first)",
    }
}

fn takes_name(t: HeroHits) -> &'static str {
    match t {
        HeroHits::First => "first",
        HeroHits::Last => "last",
    }
}

/// The human output for the attacking squad's joined hero: his losses to the retaliation.
fn attacker_hero_human(spec: &AttackSpec<'_>, j: &JoinedHero<'_>, h: &HeroOdds, mc: Option<&Distribution>) -> String {
    let mut s = String::new();
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "health lost by {}, joined to {}, to the retaliation:",
        j.card.name, spec.attacker.name
    );
    hero_loss_table(&mut s, h, mc);
    s
}

/// A joined hero's loss table and summary line (`mc`: the engine's frequencies, if played).
fn hero_loss_table(s: &mut String, h: &HeroOdds, mc: Option<&Distribution>) {
    loss_table(s, &h.loss, mc);
    let _ = writeln!(
        s,
        "mean {:.3}  P(hero destroyed) {}  P(squad and hero destroyed) {}",
        h.loss.mean(),
        pct(h.destroyed),
        pct(h.both_destroyed)
    );
}

/// The table of a loss distribution: P(=k), P(>=k), the engine's frequencies if played (`mc`)
/// and a bar of P(>=k).
fn loss_table(s: &mut String, loss: &Distribution, mc: Option<&Distribution>) {
    let mc_head = if mc.is_some() { "   engine" } else { "" };
    let _ = writeln!(s, "{:>4}  {:>7}  {:>7}{mc_head}  at least k", "k", "P(=k)", "P(>=k)");
    let curve = loss.at_least_curve();
    for (k, p) in loss.probs().iter().enumerate() {
        let m = mc.map(|m| format!("  {:>7}", pct(m.p(k)))).unwrap_or_default();
        let _ = writeln!(s, "{k:>4}  {:>7}  {:>7}{m}  {}", pct(*p), pct(curve[k]), bar(curve[k], 40));
    }
}

/// The other units on the spray's path: one object each, in path order.
fn victims_json(spec: &AttackSpec<'_>, o: &Odds) -> Value {
    let v: Vec<Value> = o
        .victims
        .iter()
        .zip(&spec.path_victims)
        .map(|(v, pv)| {
            json!({
                "name": v.name,
                "alive": v.alive,
                "health": pv.card.health,
                "armor": pv.card.armor.to_string(),
                "provisional": pv.card.is_provisional(),
                "lines": v.lines.iter().map(|l| json!({
                    "name": l.name,
                    "index": l.line,
                    "dice": l.dice,
                    "hits": dist_json(&l.hits),
                    "loss": dist_json(&l.loss),
                    "mean": l.loss.mean(),
                    "destroyed": l.destroyed,
                    "notes": l.notes,
                })).collect::<Vec<_>>(),
                "loss": dist_json(&v.loss),
                "mean": v.loss.mean(),
                "destroyed": v.destroyed,
                "notes": v.notes,
            })
        })
        .collect();
    json!(v)
}

/// The human output for the `i`-th other unit on the spray's path.
fn victim_human(spec: &AttackSpec<'_>, i: usize, v: &dust_core::odds::VictimOdds, mc: Option<&Distribution>) -> String {
    let mut s = String::new();
    let Some(pv) = spec.path_victims.get(i) else { return s };
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "on the spray's path: {} ({} {}, {}){}",
        v.name,
        v.alive,
        health_word(pv.card),
        pv.card.armor,
        if pv.card.is_provisional() {
            ", PROVISIONAL: numbers not official"
        } else {
            ""
        }
    );
    for l in &v.lines {
        let _ = writeln!(
            s,
            "  {}: {} dice, {:.2} hits, {:.2} lost, destroys {}",
            l.name,
            l.dice,
            l.hits.mean(),
            l.loss.mean(),
            pct(l.destroyed)
        );
    }
    loss_table(&mut s, &v.loss, mc);
    let _ = writeln!(s, "mean {:.3}  P(destroyed) {}", v.loss.mean(), pct(v.destroyed));
    for n in &v.notes {
        let _ = writeln!(s, "note: {n}");
    }
    s
}

/// The joined hero's part of the JSON: `null` without one.
fn hero_json(spec: &AttackSpec<'_>, o: &Odds) -> Value {
    let (Some(j), Some(h)) = (&spec.joined_hero, &o.hero) else {
        return Value::Null;
    };
    joined_hero_json(j, h)
}

fn pct(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

fn bar(p: f64, width: usize) -> String {
    let n = (p * width as f64).round() as usize;
    "#".repeat(n.min(width))
}

fn human(
    spec: &AttackSpec<'_>,
    o: &Odds,
    counts: &[Count],
    mc: Option<&Distribution>,
    hero_mc: Option<&Distribution>,
    att_hero_mc: Option<&Distribution>,
) -> String {
    let mut s = String::new();
    let a = &*spec.attacker;
    let t = &*spec.target;
    let _ = writeln!(
        s,
        "{} ({} {}) → {} ({} {}, {}){}{}",
        a.name,
        spec.attacker_alive,
        health_word(a),
        t.name,
        spec.target_alive,
        health_word(t),
        t.armor,
        if spec.cover == CoverLevel::None {
            String::new()
        } else {
            format!(", {} cover", spec.cover.name())
        },
        {
            let sk = skills_used(spec);
            if sk.is_empty() {
                String::new()
            } else {
                format!(", {}", sk.join(", "))
            }
        }
    );
    if let Some(j) = &spec.joined_hero {
        let _ = writeln!(
            s,
            "joined hero: {} ({} of {} health{}), taking the hits {}",
            j.card.name,
            j.health,
            j.card.health,
            if j.damage_resilient { ", Damage Resilient" } else { "" },
            takes_text(j.takes)
        );
    }
    if let Some(j) = &spec.attacking_hero {
        let _ = writeln!(
            s,
            "hero joined to {}: {} ({} of {} health{}), every chosen line of the hero with all its dice; the retaliation's {} taken {}",
            a.name,
            j.card.name,
            j.health,
            j.card.health,
            if j.damage_resilient && spec.is_battlefront() {
                ", Damage Resilient"
            } else {
                ""
            },
            if spec.is_battlefront() { "hits" } else { "damage points" },
            takes_text(j.takes)
        );
    }
    if spec.is_battlefront() {
        let _ = writeln!(
            s,
            "battlefront edition: hits on the army symbol; {}",
            if spec.cover == CoverLevel::None {
                "the target is not in cover"
            } else {
                "the target is in cover"
            }
        );
    }
    for c in units(spec) {
        if c.is_provisional() {
            let _ = writeln!(
                s,
                "PROVISIONAL: {} — numbers not official (see `dust1947 cards show \"{}\"`)",
                c.name, c.name
            );
        }
    }
    let _ = writeln!(s);
    // A joined hero's lines are named with his name; a line given a number (`--weapon
    // NAME:N`) with it.
    let line_name = |l: &dust_core::odds::LineOdds| {
        let n = counts
            .iter()
            .find(|c| c.line == l.line)
            .map(|c| format!(" ×{}", c.n))
            .unwrap_or_default();
        if l.line >= HERO_LINE {
            format!("{}{n} ({})", l.name, spec.line_unit(l.line))
        } else {
            format!("{}{n}", l.name)
        }
    };
    let name_w = o.lines.iter().map(|l| line_name(l).chars().count()).max().unwrap_or(4).max(4);
    let _ = writeln!(
        s,
        "{:<name_w$}  {:>7}  {:>4}  {:>6}  {:>8}  {:>6}  {:>6}  {:>9}",
        "line", "value", "dice", "hits", "unsaved", "damage", "lost", "destroys"
    );
    for l in &o.lines {
        let _ = writeln!(
            s,
            "{:<name_w$}  {:>7}  {:>4}  {:>6.2}  {:>8.2}  {:>6.2}  {:>6.2}  {:>9}",
            line_name(l),
            value_text(spec, l),
            l.dice,
            l.hits.mean(),
            l.after_cover.mean(),
            l.damage.mean(),
            l.loss.mean(),
            pct(l.destroyed)
        );
        for n in &l.notes {
            let _ = writeln!(s, "{:<name_w$}    ({n})", "");
        }
    }
    let _ = writeln!(
        s,
        "(means per line, each line alone; the total resolves the lines in this order, close combat last)"
    );
    let _ = writeln!(s);
    let _ = writeln!(s, "{} lost by {} over the attack:", health_word(t), t.name);
    loss_table(&mut s, &o.loss, mc);
    let _ = writeln!(
        s,
        "mean {:.3}  std dev {:.3}  P(destroyed) {}",
        o.loss.mean(),
        o.loss.std_dev(),
        pct(o.destroyed)
    );
    if let (Some(j), Some(h)) = (&spec.joined_hero, &o.hero) {
        let _ = writeln!(s);
        let _ = writeln!(s, "health lost by the joined hero {}:", j.card.name);
        hero_loss_table(&mut s, h, hero_mc);
    }
    if o.close_combat {
        let _ = writeln!(s);
        let _ = writeln!(s, "{} lost by {} to the retaliation:", health_word(a), a.name);
        for (k, p) in o.attacker_loss.probs().iter().enumerate() {
            let _ = writeln!(s, "{k:>4}  {:>7}  {}", pct(*p), bar(*p, 40));
        }
        let _ = writeln!(s, "mean {:.3}", o.attacker_loss.mean());
        if let (Some(j), Some(h)) = (&spec.attacking_hero, &o.attacker_hero) {
            s.push_str(&attacker_hero_human(spec, j, h, att_hero_mc));
        }
    }
    for n in &o.notes {
        let _ = writeln!(s, "note: {n}");
    }
    if o.truncation_error > 0.0 {
        let _ = writeln!(s, "laser chains summed exactly up to {:.1e}", o.truncation_error);
    }
    s
}

fn svg(spec: &AttackSpec<'_>, o: &Odds) -> String {
    let p = o.loss.probs();
    let curve = o.loss.at_least_curve();
    let (w, h, left, top, bottom) = (60.0 * p.len() as f64 + 80.0, 320.0, 50.0, 50.0, 40.0);
    let plot_h = h - top - bottom;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let title = format!(
        "{} → {}: health lost (mean {:.2}, P(destroyed) {})",
        spec.attacker.name,
        spec.target.name,
        o.loss.mean(),
        pct(o.destroyed)
    );
    let _ = writeln!(s, r#"<text x="10" y="20" font-weight="bold">{}</text>"#, xml(&title));
    if spec.attacker.is_provisional() || spec.target.is_provisional() {
        let _ = writeln!(s, r#"<text x="10" y="38" fill="red">PROVISIONAL: numbers not official</text>"#);
    }
    let base = top + plot_h;
    let _ = writeln!(s, r#"<line x1="{left}" y1="{base}" x2="{}" y2="{base}" stroke="black"/>"#, w - 20.0);
    let mut points = Vec::new();
    for (k, &q) in p.iter().enumerate() {
        let x = left + 10.0 + 60.0 * k as f64;
        let bh = q * plot_h;
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{}" width="40" height="{bh}" fill="#4a7ab5"><title>P({k}) = {}</title></rect>"##,
            base - bh,
            pct(q)
        );
        let _ = writeln!(s, r#"<text x="{}" y="{}" text-anchor="middle">{k}</text>"#, x + 20.0, base + 15.0);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="10">{}</text>"#,
            x + 20.0,
            base - bh - 3.0,
            pct(q)
        );
        points.push(format!("{},{}", x + 20.0, base - curve[k] * plot_h));
    }
    let _ = writeln!(
        s,
        r##"<polyline points="{}" fill="none" stroke="#c0392b" stroke-width="2"/>"##,
        points.join(" ")
    );
    let _ = writeln!(s, r##"<text x="{left}" y="{}" fill="#c0392b">line: P(at least k)</text>"##, h - 8.0);
    let _ = writeln!(s, "</svg>");
    s
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The card with the squad miniatures `list` names first (`m0,m2` or `0,2`) and their number;
/// the card unchanged and `None` without a list.
fn reorder_living(card: UnitCard, list: Option<&str>, flag: &str) -> anyhow::Result<(UnitCard, Option<u8>)> {
    let Some(list) = list else { return Ok((card, None)) };
    if card.kind != UnitKind::Squad {
        bail!(
            "{flag} {list}: {} is not a squad; give its health left with --alive or --target-alive instead",
            card.name
        );
    }
    let n = card.models.len().min(31);
    let mut alive = 0u32;
    for part in list.split(',').map(str::trim) {
        let digits = part.strip_prefix('m').unwrap_or(part);
        let i: usize = digits.parse().map_err(|_| {
            anyhow::anyhow!(
                "{flag} {list}: `{part}` is not a miniature number; write them like m0,m2,m3 (0 to {})",
                n.saturating_sub(1)
            )
        })?;
        if i >= n {
            bail!(
                "{flag} {list}: {} has miniatures m0 to m{}; m{i} is not one of them",
                card.name,
                n.saturating_sub(1)
            );
        }
        if alive & (1 << i) != 0 {
            bail!("{flag} {list}: m{i} is named twice");
        }
        alive |= 1 << i;
    }
    let count = alive.count_ones() as u8;
    let card = dust_core::odds::from_game::living_first_card(&card, alive).unwrap_or(card);
    Ok((card, Some(count)))
}
