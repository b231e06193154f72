//! Events in words: the log of the terminal game, the replays and the browser.

use crate::game::{Decision, Event, Game, Majority, Owner, PlayerId};
use crate::map::AreaId;

/// The name of an area.
pub fn area_name(g: &Game, a: AreaId) -> String {
    g.map().area(a).name.clone()
}

/// `P1`…`P6` or `neutral`.
pub fn owner_name(o: Owner) -> String {
    match o {
        Owner::Player(p) => p.to_string(),
        Owner::Neutral => "neutral".into(),
    }
}

/// One event in words, as `viewer` may see it (a card drawn by another player is not named;
/// `None`: nothing secret is named).
pub fn describe_event(g: &Game, e: &Event, viewer: Option<PlayerId>) -> String {
    let n = |a| area_name(g, a);
    match e {
        Event::Drew { player, card } => {
            if Some(*player) == viewer {
                format!("{player} drew {}", g.card(*card))
            } else {
                format!("{player} drew a card")
            }
        }
        Event::Reshuffled => "the discard pile is shuffled into a new draw pile".into(),
        Event::ChoseCard(p) => format!("{p} chose a card face down"),
        Event::Revealed(v) => v
            .iter()
            .map(|(p, c)| format!("{p} reveals {}", g.card(*c)))
            .collect::<Vec<_>>()
            .join("\n"),
        Event::Order(v) => format!("order: {}", v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
        Event::ClaimedCapital(p, a) => format!("{p} claims the capital {}", n(*a)),
        Event::NeutralCapital(a) => format!("{} is a neutral capital", n(*a)),
        Event::ClaimedArea(p, a) => format!("{p} claims {}", n(*a)),
        Event::ProductionCenter(p, a) => format!("{p} places a production center in {}", n(*a)),
        Event::ProductionPoints(p, x) => format!("{p} has {x} production points"),
        Event::Bought {
            player,
            units,
            at,
            neutral,
        } => format!("{player} buys {units}{} in {}", if *neutral { " (neutral)" } else { "" }, n(*at)),
        Event::BoughtCards(p, k) => format!("{p} buys {k} card(s)"),
        Event::Discarded(p, c) => format!("{p} discards {}", g.card(*c)),
        Event::UsedAbility(p, a) => format!("{p} uses {a}"),
        Event::Allied(p, q) => format!("{p} and {q} are allies this round"),
        Event::TurnBegins(p) => format!("--- {p}'s turn ---"),
        Event::Moved {
            player,
            mode,
            from,
            to,
            units,
        } => format!("{player} moves {units} from {} to {} ({mode:?})", n(*from), n(*to)),
        Event::BattleBegins {
            kind,
            attacker,
            defender,
            from,
            to,
            attackers,
            defenders,
        } => format!(
            "{kind:?} battle: {attacker} attacks {} ({}, {defenders}) with {attackers}{}",
            n(*to),
            owner_name(*defender),
            from.map(|f| format!(" from {}", n(f))).unwrap_or_default()
        ),
        Event::Rolled { by, dice, hits } => format!(
            "{} rolls {dice} {}: {hits} hit{}",
            owner_name(*by),
            if *dice == 1 { "die" } else { "dice" },
            if *hits == 1 { "" } else { "s" }
        ),
        Event::Rerolled {
            by,
            ability,
            dice,
            kept,
            hits,
        } => {
            let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            if *ability == crate::deck::Ability::Sigrid {
                format!(
                    "{} rerolls the {} ({}): {} kept, {} in all",
                    owner_name(*by),
                    plural(*dice, "blank die", "blank dice"),
                    ability.title(),
                    plural(*kept, "hit", "hits"),
                    plural(*hits, "hit", "hits")
                )
            } else {
                format!(
                    "{} rerolls all {} ({}): {}",
                    owner_name(*by),
                    plural(*dice, "die", "dice"),
                    ability.title(),
                    plural(*hits, "hit", "hits")
                )
            }
        }
        Event::Destroyed { owner, at, units } => format!("{} loses {units} in {}", owner_name(*owner), n(*at)),
        Event::Saved(o, u) => format!("the Nurse saves {} of {}", u, owner_name(*o)),
        Event::Retreated { owner, units, to } => format!("{} retreats {units} to {}", owner_name(*owner), n(*to)),
        Event::Supremacy {
            owner,
            attacker,
            defender,
            capital,
        } => {
            let why = if *capital {
                "the defender of a capital always has it".to_string()
            } else if attacker == defender {
                format!("{attacker} against {defender}: a tie goes to the defender")
            } else {
                format!("{attacker} against {defender} supremacy points")
            };
            format!("tactical supremacy: {} ({why}), who rolls first", owner_name(*owner))
        }
        Event::CeaseFire => "cease-fire: three empty rolls".into(),
        Event::Conquered(p, a) => format!("{p} takes {}", n(*a)),
        Event::Held(a) => format!("{} holds", n(*a)),
        Event::SpecialAttack { player, at, dice } => format!("{player} makes a special attack on {} ({dice} dice)", n(*at)),
        Event::MajorityHeld(m, p) => format!(
            "{} majority: {}",
            match m {
                Majority::Production => "production",
                Majority::Sea => "sea",
                Majority::Land => "land",
            },
            p.map_or("nobody".into(), |p| p.to_string())
        ),
        Event::Scored { player, gained, total } => format!("{player} scores {gained} victory points ({total})"),
        Event::RoundBegins(r) => format!("=== round {r} ==="),
        Event::GameOver(w) => {
            if w.is_empty() {
                "game over: nobody wins".into()
            } else {
                format!(
                    "game over: {} win{}",
                    w.iter().map(ToString::to_string).collect::<Vec<_>>().join(" and "),
                    if w.len() == 1 { "s" } else { "" }
                )
            }
        }
    }
}

/// Enemy areas next to `p`'s areas that he may not attack, with the reason.
pub fn missing_attacks(g: &Game, p: PlayerId, legal: &[Decision]) -> Vec<String> {
    let me = Some(Owner::Player(p));
    let mut seen = Vec::new();
    for a in g.map().ids().filter(|&a| g.owner(a) == me) {
        for b in crate::map::areas_of(g.map().adjacent(a)) {
            let other = g.owner(b).is_some_and(|o| Some(o) != me);
            if !other || seen.contains(&b) || g.map().is_land(a) != g.map().is_land(b) {
                continue;
            }
            seen.push(b);
        }
    }
    seen.into_iter()
        .filter(|&b| !legal.iter().any(|d| matches!(d, Decision::Attack { to, .. } if *to == b)))
        .filter_map(|b| {
            g.attack_refusal(p, b)
                .map(|r| format!("not offered: attack {} ({r})", area_name(g, b)))
        })
        .collect()
}

/// Where a decision that asks numbers next stands (a move, an attack, a mech drop, a retreat:
/// how many units of each kind): the next number asked, or everything asked and what it comes
/// to. Worked out on a copy of the game, so that a person can go back before anything is
/// spent (issue 17); the terminal and the browser both ask this way.
#[derive(Clone, Debug, PartialEq)]
pub enum PlanStep {
    /// The next number.
    Count {
        /// What the decision does (`moving from Brazil to Venezuela`).
        what: String,
        /// What is counted (`tanks`, `mechs from Canada`).
        about: String,
        /// The smallest number allowed.
        lo: u8,
        /// The largest.
        hi: u8,
    },
    /// Everything asked.
    Done {
        /// What it does, with the units (`moving from Brazil to Venezuela with 2 tanks`).
        what: String,
        /// What it spends (`spends 1 movement point (0 left)`), if anything.
        spends: Option<String>,
        /// The exact odds of the battle it begins, in words.
        odds: Option<String>,
    },
}

/// Whether `g` asks `p` how many units (and nothing else).
pub fn asks_count(g: &Game, p: PlayerId) -> bool {
    g.pending() == crate::game::Pending::Decision(p) && {
        let l = g.legal_decisions();
        !l.is_empty() && l.iter().all(|d| matches!(d, Decision::Count(_)))
    }
}

/// The step of `p`'s decision `first` after the numbers `counts`: `Ok(None)` when `first`
/// asks no numbers (it is taken at once).
///
/// # Errors
/// `first` or a number is not legal there.
pub fn plan_step(g: &Game, p: PlayerId, first: Decision, counts: &[u8]) -> Result<Option<PlanStep>, crate::game::IllegalDecision> {
    use crate::game::{CountPurpose, CountSubject};
    let mut s = g.clone();
    s.apply(first)?;
    if !asks_count(&s, p) {
        return Ok(None);
    }
    let purpose = s.count_purpose();
    let name = |a: AreaId| area_name(g, a);
    let what = match purpose {
        Some(CountPurpose::Move { from, to, .. }) => format!("moving from {} to {}", name(from), name(to)),
        Some(CountPurpose::Attack { from, to }) => format!("attacking {} from {}", name(to), name(from)),
        Some(CountPurpose::MechDrop { to }) => format!("dropping mechs on {}", name(to)),
        Some(CountPurpose::Retreat) | None => "retreating before the roll".to_string(),
    };
    let mut units = Vec::new();
    for &n in counts {
        let subject = s.count_question().map(|q| q.0);
        s.apply(Decision::Count(n))?;
        if n > 0 {
            units.push(match subject {
                Some(CountSubject::Kind(k)) => format!("{n} {}{}", k.name(), if n == 1 { "" } else { "s" }),
                Some(CountSubject::MechsFrom(a)) => format!("{n} mech{} from {}", if n == 1 { "" } else { "s" }, name(a)),
                None => n.to_string(),
            });
        }
    }
    if asks_count(&s, p) {
        if let Some((subject, lo, hi)) = s.count_question() {
            let about = match subject {
                CountSubject::Kind(k) => format!("{}s", k.name()),
                CountSubject::MechsFrom(a) => format!("mechs from {}", name(a)),
            };
            return Ok(Some(PlanStep::Count { what, about, lo, hi }));
        }
    }
    let units = if units.is_empty() {
        "no units".to_string()
    } else {
        units.join(", ")
    };
    let (m0, c0) = g.moves_and_attacks_left();
    let (m1, c1) = s.moves_and_attacks_left();
    let spends = match (m0.saturating_sub(m1), c0.saturating_sub(c1)) {
        (0, 0) => None,
        (m, 0) => Some(format!("spends {m} movement point{} ({m1} left)", if m == 1 { "" } else { "s" })),
        (_, c) => Some(format!("spends {c} combat point{} ({c1} left)", if c == 1 { "" } else { "s" })),
    };
    let odds = match (s.battle_view(), s.battle_kind()) {
        (Some((_, _, to, au, du)), Some((kind, _))) if !matches!(purpose, Some(CountPurpose::Retreat)) => {
            crate::odds::area_odds(&s, kind, au, du, to).map(|o| crate::odds::odds_words(&o))
        }
        _ => None,
    };
    Ok(Some(PlanStep::Done {
        what: format!("{what} with {units}"),
        spends,
        odds,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameConfig;

    #[test]
    fn one_die_and_one_hit_are_singular() {
        let g = Game::builtin(GameConfig::new(2)).unwrap();
        let roll = |dice, hits| {
            describe_event(
                &g,
                &Event::Rolled {
                    by: Owner::Neutral,
                    dice,
                    hits,
                },
                None,
            )
        };
        assert_eq!(roll(1, 1), "neutral rolls 1 die: 1 hit");
        assert_eq!(roll(3, 0), "neutral rolls 3 dice: 0 hits");
        assert_eq!(roll(2, 2), "neutral rolls 2 dice: 2 hits");
    }

    #[test]
    fn supremacy_says_who_rolls_first_and_why() {
        // "Land Battles": "If the target area is a capital, the defending player automatically
        // has tactical supremacy. … If both sides are tied, the defender has tactical
        // supremacy."
        let g = Game::builtin(GameConfig::new(2)).unwrap();
        let s = |owner, attacker, defender, capital| {
            describe_event(
                &g,
                &Event::Supremacy {
                    owner,
                    attacker,
                    defender,
                    capital,
                },
                None,
            )
        };
        let p1 = Owner::Player(PlayerId(0));
        assert_eq!(
            s(p1, 3, 0, false),
            "tactical supremacy: P1 (3 against 0 supremacy points), who rolls first"
        );
        assert_eq!(
            s(Owner::Neutral, 1, 1, false),
            "tactical supremacy: neutral (1 against 1: a tie goes to the defender), who rolls first"
        );
        assert_eq!(
            s(Owner::Player(PlayerId(1)), 4, 0, true),
            "tactical supremacy: P2 (the defender of a capital always has it), who rolls first"
        );
    }
}
