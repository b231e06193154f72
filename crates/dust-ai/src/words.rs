//! The AI's last decision in words, for a player who asks why: what it chose, the figures it
//! chose by (greedy: the army points it expects to gain less those it expects to lose; MCTS: how
//! often the choice won in its simulations), the options it ranked next, and for an aimed
//! weapon line the exact odds of that line from where the unit stands
//! (`dust_core::odds::from_game`, the odds the interfaces show).

use crate::eval::{self, AttackMode, LineRef};
use crate::Explanation;
use dust_core::game::{Decision, Game, Target, UnitId};
use dust_core::odds::from_game::unit_attack;
use dust_core::odds::odds_or_without_hero;

/// `d`, taken in `game` by a player whose explanation is `e`, in a sentence or two.
pub fn in_words(game: &Game, d: Decision, e: Option<&Explanation>) -> String {
    let mut out = what(game, d);
    if let Some(e) = e {
        let value = |v: f64, visits: u64| match e.player {
            "mcts" => format!("won {:.0}% of its {visits} simulations", 100.0 * v),
            "greedy" => format!("{v:+.1} AP expected (points destroyed less points lost)"),
            _ => "chosen at random".to_string(),
        };
        if let Some(best) = e.candidates.iter().find(|c| c.decision == d) {
            out.push_str(&format!("; {}", value(best.value, best.visits)));
        }
        let others: Vec<String> = e
            .candidates
            .iter()
            .filter(|c| c.decision != d)
            .take(2)
            .map(|c| format!("{} ({})", what(game, c.decision), value(c.value, c.visits)))
            .collect();
        if !others.is_empty() && e.player != "random" {
            out.push_str(&format!(". Next best: {}", others.join("; ")));
        }
    }
    out
}

/// The decision in words, with the odds of an aimed line.
fn what(game: &Game, d: Decision) -> String {
    match d {
        Decision::Activate(u) => format!("activates {}", game.unit_name(u)),
        Decision::Plan(p) => format!("plans {p}"),
        Decision::MoveTo(s) => format!("moves to {s}"),
        Decision::Aim {
            line,
            target: Some(Target::Unit(t)),
            ..
        } => {
            let Some(u) = game.declaring() else { return d.to_string() };
            let l = eval::line_ref(game, u, line);
            let weapon = game
                .unit(l.owner)
                .card
                .weapons
                .get(l.index)
                .map_or_else(|| format!("line {line}"), |w| w.name.clone());
            format!("fires {weapon} at {}{}", game.unit_name(t), line_odds(game, u, t, l))
        }
        Decision::Aim { line, target: None, .. } => format!("holds line {line}"),
        Decision::React(Some(u)) => format!("reacts with {}", game.unit_name(u)),
        Decision::React(None) => "lets the enemy go on".into(),
        other => other.to_string(),
    }
}

/// ": destroys 62%, 1.4 lost on average (about 18 AP)" for line `l` of `u` at `t`, from where
/// `u` stands, with the cover the evaluation reads for that shot ([`eval::shot_cover`]: the
/// edition's cover, none for a line that ignores it); empty when the line cannot reach `t` from
/// there or the odds do not take it.
fn line_odds(game: &Game, u: UnitId, t: UnitId, l: LineRef) -> String {
    let (a, tu) = (game.unit(u), game.unit(t));
    let (Some(from), Some(to)) = (a.at, tu.at) else {
        return String::new();
    };
    let Some(cover) = eval::shot_cover(game, u, l, t, from, to, AttackMode::default()) else {
        return String::new();
    };
    let mut spec = unit_attack(game, u, t).with_lines(&[usize::from(l.line)]);
    spec.cover = cover;
    spec.burst = !tu.moved;
    let Ok(o) = odds_or_without_hero(&spec) else { return String::new() };
    let per_point = f64::from(tu.card.ap) / f64::from(tu.card.health.max(1));
    format!(
        ": destroys {:.0}%, {:.1} lost on average (about {:.0} AP), this line alone from {from}",
        100.0 * o.destroyed,
        o.loss.mean(),
        o.loss.mean() * per_point
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidate, Explanation};
    use dust_core::game::tests_support::duel;

    #[test]
    fn a_greedy_choice_in_words_with_the_next_best() {
        let g = Game::new(duel()).unwrap();
        let e = Explanation {
            player: "greedy",
            candidates: vec![
                Candidate {
                    decision: Decision::Activate(UnitId(0)),
                    visits: 1,
                    value: 3.25,
                },
                Candidate {
                    decision: Decision::Activate(UnitId(1)),
                    visits: 1,
                    value: -1.0,
                },
            ],
            iterations: 2,
        };
        let w = in_words(&g, Decision::Activate(UnitId(0)), Some(&e));
        assert_eq!(
            w,
            "activates Rifles A; +3.2 AP expected (points destroyed less points lost). Next best: activates Rifles B (-1.0 AP expected (points destroyed less points lost))"
        );
    }
}
