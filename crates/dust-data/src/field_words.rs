//! Dust Battlefield's decisions and events in words, for the people who play: the terminal
//! game (`play --edition battlefield`) and the server's pages say the same things. Every roll
//! names the section of the rules summary that calls for it.

use dust_core::field::{Action, Decision, Declared, Event, FieldGame, Purpose, ReactChoice, Special};
use dust_geom::exact::Pt;

/// The rules summary the events cite.
pub const BOOK: &str = "tactics-battlefield-summary.md";

/// A coordinate in whole centimetres (one decimal when it is not whole).
pub fn cm_text(c: i64) -> String {
    let v = c as f64 / 100.0;
    if (v - v.round()).abs() < 0.005 {
        format!("{}", v.round())
    } else {
        format!("{v:.1}")
    }
}

/// A point as `x,y` in centimetres.
pub fn pt_text(p: Pt) -> String {
    format!("{},{}", cm_text(p.x), cm_text(p.y))
}

/// A decision in words (the units named by `name`); the text form is not included.
pub fn describe(game: &FieldGame, d: &Decision, name: &dyn Fn(usize) -> String) -> String {
    let t = game.table();
    match d {
        Decision::First(s) => format!("side {s} goes first"),
        Decision::Pass => "pass (activate no unit now)".into(),
        Decision::Activate(u) => format!("activate {}", name(*u)),
        Decision::ActivateWith(u, h) => format!("activate {} with the hero {} joining it", name(*u), name(*h)),
        Decision::Plan(a) => {
            let w: Vec<&str> = a
                .iter()
                .map(|x| match x {
                    Action::Nothing => "nothing",
                    Action::Move => "move",
                    Action::March => "march move (2 actions)",
                    Action::Attack => "attack",
                    Action::Sustained => "sustained attack (2 actions)",
                    Action::Special => "special action",
                })
                .collect();
            format!("plan: {}", w.join(", then "))
        }
        Decision::Move { minis, facing } if minis.is_empty() => match facing {
            Some(f) => format!("turn to face {}°", f.degrees()),
            None => "stay where it stands".into(),
        },
        Decision::Move { minis, facing } => {
            let u = game.acting().unwrap_or(0);
            let here: Vec<Pt> = t.units[u].minis.iter().map(|m| m.body.centre()).collect();
            let far = minis
                .iter()
                .map(|m| {
                    let mut from = here.get(m.mini).copied().unwrap_or(m.to);
                    let mut len = 0.0;
                    for p in m.path() {
                        len += (dust_geom::exact::dist2(from, p) as f64).sqrt() / 100.0;
                        from = p;
                    }
                    len
                })
                .fold(0.0, f64::max);
            let end = minis
                .iter()
                .find(|m| m.mini == 0)
                .or(minis.first())
                .map_or(String::new(), |m| pt_text(m.to));
            format!(
                "move {} miniature{} up to {far:.1} cm (m{} to {end}){}",
                minis.len(),
                if minis.len() == 1 { "" } else { "s" },
                minis.iter().find(|m| m.mini == 0).or(minis.first()).map_or(0, |m| m.mini),
                facing.map_or(String::new(), |f| format!(", facing {}°", f.degrees()))
            )
        }
        Decision::Attack(aims) if aims.is_empty() => "hold fire".into(),
        Decision::Attack(aims) => {
            let u = game.acting().unwrap_or(0);
            let parts = aim_words(game, u, aims, name);
            let sustained = game.current_action() == Some(Action::Sustained);
            let odds = game
                .attack_odds(u, aims, sustained)
                .map_or(String::new(), |o| format!("; expected damage {:.2}", o.expected_damage(game)));
            format!("{}{odds}", parts.join(", "))
        }
        Decision::Observe { unit, aims } => format!(
            "ARTILLERY OBSERVER: {} fires {} on what this unit sees",
            name(*unit),
            aim_words(game, *unit, aims, name).join(", ")
        ),
        Decision::React(None) => "no reactive attack".into(),
        Decision::React(Some(u)) => format!("reactive attack with {}", name(*u)),
        Decision::ReactWith(ReactChoice::Sustained) => "the reaction is a sustained attack".into(),
        Decision::ReactWith(ReactChoice::TurnThenAttack) => "the reaction turns, then attacks".into(),
        Decision::Smoke { line, at } => format!(
            "fire smoke shells from {} at {} instead of attacking",
            game.acting()
                .and_then(|u| game.card(u).card.weapons.get(usize::from(*line)))
                .map_or("?", |w| w.name.as_str()),
            pt_text(*at)
        ),
        Decision::Special(Special::None) => "give the special action up".into(),
        Decision::Special(Special::GetMoving(u)) => format!("GET MOVING YOU BUNCH OF MONKEYS: {} activates again", name(*u)),
        Decision::Special(Special::GetUp(u)) => format!("GET UP, IT AIN'T THAT BAD on {}", name(*u)),
        Decision::Special(Special::Repair(u)) => format!("MAKESHIFT REPAIR on {}", name(*u)),
        Decision::Special(Special::Medevac(u)) => format!("MEDEVAC on {}", name(*u)),
        Decision::Special(Special::LaunchSmoke) => "LAUNCH SMOKE: a smoke screen on the vehicle (once a game)".into(),
        Decision::Special(Special::Dozer) => "DOZER: dig in behind the blade, in cover until the vehicle moves".into(),
        Decision::Special(Special::Reload) => "RELOAD: the Loaded token back on the unit card".into(),
        Decision::Special(Special::Reinforce(u)) => format!("REINFORCEMENT: call up {} again, moving on from the table edge", name(*u)),
        Decision::Special(Special::ReplaceVehicle(u)) => {
            format!("REPLACEMENT VEHICLE: call up {} again, moving on from the table edge", name(*u))
        }
        Decision::Special(Special::AmmoDrop(u)) => format!("AMMO DROP: {} back to a full ammunition load", name(*u)),
        Decision::Special(Special::Stimulants(u, t)) => format!(
            "INJECT STIMULANTS into {} ({} Stimulants if the die lets you choose)",
            name(*u),
            if *t == dust_core::field::Stimulant::Attack {
                "Attack"
            } else {
                "Move"
            }
        ),
        Decision::Special(Special::Resurrect(u)) => format!("RESURRECTION: eliminated zombies of {} return", name(*u)),
        Decision::Special(Special::Camouflage) => "CAMOUFLAGE: hidden again from enemies 30 cm or more away while in cover".into(),
        Decision::Special(Special::Engineer(p)) => format!(
            "ENGINEERING on {}",
            t.terrain.get(*p).map_or_else(|| format!("terrain piece {p}"), |x| x.name.clone())
        ),
        Decision::Place(v) if v.is_empty() && game.acting().is_some_and(|u| game.is_spy_off_table(u)) => {
            "do not roll for the spy: he stays off the table and does nothing this activation".into()
        }
        Decision::Place(v) if game.acting().is_some_and(|u| game.is_spy_off_table(u)) => format!(
            "roll 2 dice for the spy: on ☒ or ☑ he is placed at {} with one action for each",
            v.iter().map(|p| pt_text(*p)).collect::<Vec<_>>().join(", ")
        ),
        Decision::Place(v) if v.is_empty() && game.entry().is_some() => "stay in reserve (no free place at the table edge)".into(),
        Decision::Place(v) if v.is_empty() => "keep the unit in ambush".into(),
        Decision::Place(v) if game.entry().is_some() => format!(
            "move on from the table edge (scattered reserves) at {}",
            v.iter().map(|p| pt_text(*p)).collect::<Vec<_>>().join(", ")
        ),
        Decision::Place(v) => format!(
            "place the unit from ambush at {}",
            v.iter().map(|p| pt_text(*p)).collect::<Vec<_>>().join(", ")
        ),
        Decision::Mount { vehicle, minis } => format!(
            "move {} miniature{} into contact with {} and mount it",
            minis.len(),
            if minis.len() == 1 { "" } else { "s" },
            name(*vehicle)
        ),
        Decision::Lift(v) => format!("pick up {} (the MOVE starts directly over it), then move", name(*v)),
        Decision::Declare(Declared::FightingSpirit) => {
            "use Fighting Spirit for this attack (once a game): hit on the target as well as the army symbol".into()
        }
        Decision::Declare(Declared::Lucky) => "use Lucky for this attack (once a game): the hero re-rolls the dice that miss".into(),
        Decision::Dismount(v) => format!("dismount to {}", v.iter().map(|p| pt_text(*p)).collect::<Vec<_>>().join(", ")),
        Decision::Casualties(v) if v.is_empty() => "lose no miniature".into(),
        Decision::Casualties(v) => {
            let m: Vec<String> = v.iter().map(|i| format!("m{i}")).collect();
            format!("remove miniatures {}", m.join(", "))
        }
    }
}

/// The section of the rules summary behind a roll.
pub fn rule_of(p: Purpose) -> &'static str {
    match p {
        Purpose::Initiative(_) | Purpose::InitiativeTargets(_) => "ROLL FOR INITIATIVE",
        Purpose::Rally => "SUPPRESSION",
        Purpose::Reactive => "REACTIVE ATTACKS",
        Purpose::Hit | Purpose::Save => "ATTACK & SUSTAINED ATTACK ACTIONS",
        Purpose::Reroll => "ATTACK & SUSTAINED ATTACK ACTIONS (re-rolls: also WIRE-GUIDED WEAPONS, LUCKY)",
        Purpose::SaveReroll => "BUNKERS AND STRONGPOINTS",
        Purpose::Resilient => "DAMAGE RESILIENT",
        Purpose::Chain => "LASER WEAPONS, BERSERK",
        Purpose::Ace => "INFANTRY ACE, ACE PILOT, ACE AIR PILOT",
        Purpose::CheatDeath => "CHEAT DEATH",
        Purpose::Terrain => "MOVE & MARCH MOVE ACTIONS",
        Purpose::Reserves => "SCENARIO SPECIAL RULES, Reserves",
        Purpose::Ambush => "SCENARIO SPECIAL RULES, Ambush",
        Purpose::Carried => "CARRYING PASSENGERS; HEROES, Piloting Vehicles and Aircraft",
        Purpose::Minefield => "MINEFIELDS",
        Purpose::Scatter => "SCENARIO SPECIAL RULES, scattered reserves",
        Purpose::Smoke => "ARTILLERY WEAPONS",
        Purpose::Command => "COMMAND SQUADS, TANK HEAD, RESURRECTION",
        Purpose::Engineering => "FORTIFICATIONS, ENGINEERING",
        Purpose::Spy => "SPY",
    }
}

/// What a roll was for, in words.
pub fn roll_purpose(purpose: Purpose) -> String {
    match purpose {
        Purpose::Initiative(s) => format!("initiative, side {s}"),
        Purpose::InitiativeTargets(s) => format!("initiative tie-break, side {s}"),
        Purpose::Rally => "to remove a token".into(),
        Purpose::Reactive => "for a reactive attack".into(),
        Purpose::Hit => "to hit".into(),
        Purpose::Reroll => "re-rolling the misses (sustained attack, wire-guided weapon or Lucky)".into(),
        Purpose::Save => "saves".into(),
        Purpose::SaveReroll => "re-rolling the failed saves (in a bunker or strongpoint)".into(),
        Purpose::Resilient => "Damage Resilient".into(),
        Purpose::Chain => "for further hits (a laser chain or Berserk)".into(),
        Purpose::Ace => "for a third action (Infantry Ace, Ace Pilot)".into(),
        Purpose::CheatDeath => "to cheat death".into(),
        Purpose::Terrain => "for terrain".into(),
        Purpose::Reserves => "to move on from reserve".into(),
        Purpose::Ambush => "for the actions of a unit placed from ambush".into(),
        Purpose::Carried => {
            "for a unit carried in an eliminated vehicle (passengers: each counted loses one; a pilot: counted escapes)".into()
        }
        Purpose::Minefield => "for the minefield's attack (2 dice)".into(),
        Purpose::Scatter => "for where the unit moves on from (scattered reserves)".into(),
        Purpose::Smoke => "for the smoke shells (a smoke screen on ☒)".into(),
        Purpose::Command => "for a special action (command squad, Tank Head or Resurrection)".into(),
        Purpose::Engineering => "for an ENGINEERING special action".into(),
        Purpose::Spy => "for the spy to be placed (placed on ☒ or ☑, one action for each)".into(),
    }
}

/// The log in words from the start of a game on `initial` (the table as set up): as
/// [`event_line`], and a decision aimed at a terrain piece (ENGINEERING) names the piece. A piece
/// is named by its number on the table of the moment, so the pieces removed since the set-up
/// (each logged, [`Event::Removed`]) are followed; pieces added during play go at the end of the
/// table and take no number from the set-up's.
pub fn event_lines_on(initial: &dust_geom::table::Table, events: &[Event], name: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut pieces: Vec<&str> = initial.terrain.iter().map(|t| t.name.as_str()).collect();
    events
        .iter()
        .map(|e| match e {
            Event::Decided(s, d @ Decision::Special(Special::Engineer(p))) => format!(
                "side {s}: ENGINEERING on {}   [{d}]",
                pieces.get(*p).map_or_else(|| format!("terrain piece {p}"), |x| x.to_string())
            ),
            Event::Removed(n) => {
                if let Some(i) = pieces.iter().position(|x| x == n) {
                    pieces.remove(i);
                }
                event_line(e, name)
            }
            _ => event_line(e, name),
        })
        .collect()
}

/// One event of the log in words, with the section of the rules summary behind it (the units
/// named by `name`; no indentation).
pub fn event_line(e: &Event, name: &dyn Fn(usize) -> String) -> String {
    match e {
        Event::TurnBegan(t) => format!("== turn {t} begins =="),
        Event::Rolled { purpose, dice, successes } => format!(
            "dice: {dice} rolled {}: {successes} counted ({BOOK}, {})",
            roll_purpose(*purpose),
            rule_of(*purpose)
        ),
        Event::InitiativeWon(s) => format!("side {s} wins the initiative ({BOOK}, ROLL FOR INITIATIVE)"),
        Event::Decided(s, d) => format!("side {s}: {}", describe_after(d, name)),
        Event::Tokens(u, t) => {
            let mut v = Vec::new();
            if t.under_fire {
                v.push("Under Fire");
            }
            if t.suppressed {
                v.push("Suppression");
            }
            let v = if v.is_empty() { "no tokens".to_string() } else { v.join(" and ") };
            format!("{} now has {v} ({BOOK}, SUPPRESSION)", name(*u))
        }
        Event::Halted(u) => format!("{} stops moving for this activation ({BOOK}, MOVE & MARCH MOVE ACTIONS)", name(*u)),
        Event::Casualty(u) => format!("{} loses a miniature ({BOOK}, ATTACK & SUSTAINED ATTACK ACTIONS)", name(*u)),
        Event::Damaged(u, p) => format!("{} loses {p} damage point(s) ({BOOK}, ATTACK & SUSTAINED ATTACK ACTIONS)", name(*u)),
        Event::Eliminated(u) => format!("{} is eliminated", name(*u)),
        Event::Removed(t) => format!("{t} is removed from the table ({BOOK}, FORTIFICATIONS)"),
        Event::Restored(u, n) => format!(
            "{} gets back {n} damage point(s) or miniature(s) ({BOOK}, COMMAND SQUADS)",
            name(*u)
        ),
        Event::Stunned(u, on) => format!(
            "{} {} a Stunned token ({BOOK}, TESLA WEAPONS, GRAPPLE WEAPONS, CHEAT DEATH)",
            name(*u),
            if *on { "takes" } else { "loses" }
        ),
        Event::Holds(s, o) => format!("side {s} holds {o} ({BOOK}, END OF THE GAME)"),
        Event::Ended(Some(s)) => format!("The game ends: side {s} wins ({BOOK}, END OF THE GAME)."),
        Event::Ended(None) => format!("The game ends in a draw ({BOOK}, END OF THE GAME)."),
    }
}

/// The aims of an attack of unit `u` in words, one part a weapon line: its target, a template's
/// point, a sniper's named miniature, a volley's rockets or a salvo (a line aimed more than once:
/// docs/rulings.md, "Battlefield: volley weapons", "Battlefield: reload and salvo weapons",
/// "Battlefield: sniper weapons and spotters"). The lines of a hero joining `u` come after the
/// unit's and are named from the hero's card.
fn aim_words(game: &FieldGame, u: usize, aims: &[dust_core::field::Aim], name: &dyn Fn(usize) -> String) -> Vec<String> {
    let card = &game.card(u).card;
    let hero = game.joined_hero(u);
    let mut parts = Vec::new();
    for (k, a) in aims.iter().enumerate() {
        if aims[..k].iter().any(|b| b.line == a.line) {
            continue;
        }
        let li = usize::from(a.line);
        let (c, li) = match hero {
            Some(h) if li >= card.weapons.len() => (game.card(h), li - card.weapons.len()),
            _ => (game.card(u), li),
        };
        let Some(w) = c.card.weapons.get(li) else {
            parts.push(format!("line {} at {}", a.line, name(a.target)));
            continue;
        };
        let n = aims.iter().filter(|b| b.line == a.line).count();
        let sniper = dust_core::rules_shared::sniper_line(&c.card, li);
        let at = match a.at {
            Some(p) if sniper => format!(", every hit on the miniature at {}", pt_text(p)),
            Some(p) => format!(" (template at {})", pt_text(p)),
            None => String::new(),
        };
        let many = if n < 2 {
            String::new()
        } else if w.ammo.is_some() && dust_core::battlefront::weapons::is_volley_line(w) {
            format!(", {n} rockets or bombs ({n} ammo boxes)")
        } else if c.bf.weapons.get(li).is_some_and(|b| b.salvo) {
            ", a salvo: twice the dice, spending the Loaded token".to_string()
        } else {
            format!(", aimed {n} times")
        };
        parts.push(format!("{} at {}{at}{many}", w.name, name(a.target)));
    }
    parts
}

/// A decision already applied, in words (the units named by `name`), its text form after it.
pub fn describe_after(d: &Decision, name: &dyn Fn(usize) -> String) -> String {
    match d {
        Decision::Special(Special::GetMoving(u)) => format!("GET MOVING YOU BUNCH OF MONKEYS on {}   [{d}]", name(*u)),
        Decision::Special(Special::GetUp(u)) => format!("GET UP, IT AIN'T THAT BAD on {}   [{d}]", name(*u)),
        Decision::Special(Special::Repair(u)) => format!("MAKESHIFT REPAIR on {}   [{d}]", name(*u)),
        Decision::Special(Special::Medevac(u)) => format!("MEDEVAC on {}   [{d}]", name(*u)),
        Decision::Special(Special::LaunchSmoke) => format!("LAUNCH SMOKE   [{d}]"),
        Decision::Mount { vehicle, .. } => format!("mounts {}   [{d}]", name(*vehicle)),
        Decision::Dismount(_) => format!("dismounts   [{d}]"),
        Decision::Smoke { .. } => format!("fires smoke shells   [{d}]"),
        Decision::Activate(u) => format!("activates {}   [{d}]", name(*u)),
        Decision::React(Some(u)) => format!("reacts with {}   [{d}]", name(*u)),
        Decision::Attack(aims) if !aims.is_empty() => {
            let t: Vec<String> = aims.iter().map(|a| name(a.target)).collect();
            format!("attacks {}   [{d}]", t.join(", "))
        }
        Decision::Move { minis, .. } if !minis.is_empty() => format!("moves   [{d}]"),
        _ => format!("{d}"),
    }
}
