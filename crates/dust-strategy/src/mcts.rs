//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012) for the strategy game: the `mcts` player.
//!
//! The game has hidden hands and a simultaneous secret card choice, so the searching player
//! cannot build a tree over true states. Each iteration instead:
//!
//! 1. **Determinizes**: deals again every card the player cannot see (the other hands, the
//!    other face-down choices, the draw pile; [`Game::determinize`]);
//! 2. **Selects** down one shared tree whose nodes are sequences of decisions (of every player:
//!    the tree is "open loop", chance events are sampled afresh each time and are not nodes).
//!    At a node, only the decisions legal in this determinization compete, by UCB1 with
//!    availability counts (an edge's exploration term uses how often it was *available*, not
//!    the parent's visits), and each player picks what is best for himself (max-n);
//! 3. **Expands** one untried decision;
//! 4. **Plays out** with the heuristic player to the end of the round (the victory point phase
//!    scores it) and scores the position for every player ([`crate::ai::evaluate`], squashed
//!    to -1..1; a win is 1);
//! 5. **Backs up** each player's score along his own edges.
//!
//! Because opponents' cards are re-dealt in every iteration, the card choice of the others is
//! never seen: the simultaneous choice is searched as the sequence "I choose, then they choose
//! without knowing mine", which is what the engine asks (docs/strategy-rulings.md, S4).
//!
//! To keep the tree narrow, each node offers the heuristic's best `width` decisions plus the
//! ones that end a phase (end production, end turn, pass, roll); the small follow-up
//! questions (how many units of a kind, where casualties fall, where a unit retreats) are
//! answered by the heuristic and are not nodes. The search is seeded and, with an iteration
//! budget, reproducible; a time budget stops it earlier.

use crate::ai::{best, evaluate, score, HeuristicAi, Player};
use crate::game::{Decision, Game, Pending, PlayerId};
use crate::rng::GameRng;
use std::time::{Duration, Instant};

/// The `mcts` player.
#[derive(Clone, Debug)]
pub struct MctsAi {
    rng: GameRng,
    /// Iterations per searched decision (the search stops at this count).
    pub iterations: u32,
    /// Time per searched decision (the search also stops when it is spent).
    pub budget: Option<Duration>,
    /// Decisions offered at a node (plus the ones that end a phase).
    pub width: usize,
    /// The UCB1 exploration constant (rewards are in -1..1).
    pub exploration: f64,
    /// Statistics of the last search (for tests and tuning).
    pub last: SearchStats,
}

/// What the last search did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Nodes in the tree.
    pub nodes: u32,
    /// The deepest node reached (root = 0).
    pub depth: u32,
}

impl MctsAi {
    /// A player with `iterations` iterations per decision and no time limit.
    pub fn new(seed: u64, iterations: u32) -> MctsAi {
        MctsAi {
            rng: GameRng::new(seed),
            iterations: iterations.max(1),
            budget: None,
            width: 6,
            exploration: 0.7,
            last: SearchStats::default(),
        }
    }
    /// With a time budget per decision as well.
    pub fn with_budget(mut self, budget: Option<Duration>) -> MctsAi {
        self.budget = budget;
        self
    }
}

#[derive(Clone, Debug)]
struct Edge {
    d: Decision,
    child: u32,
    n: u32,
    w: f64,
    avail: u32,
}

#[derive(Clone, Debug, Default)]
struct Node {
    edges: Vec<Edge>,
}

/// Small follow-up questions: answered by the heuristic, never tree nodes.
fn minor(d: Decision) -> bool {
    matches!(
        d,
        Decision::Count(_) | Decision::HitLand(_) | Decision::RetreatTo(_) | Decision::Destroy(_)
    )
}

/// The decisions offered at a node: the heuristic's best `width`, then the phase enders.
fn candidates(g: &Game, p: PlayerId, legal: &[Decision], width: usize) -> Vec<Decision> {
    let mut ranked: Vec<(f64, Decision)> = legal.iter().map(|&d| (score(g, p, d), d)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<Decision> = ranked.iter().take(width).map(|&(_, d)| d).collect();
    for d in [Decision::EndProduction, Decision::EndTurn, Decision::Pass, Decision::Roll] {
        if legal.contains(&d) && !out.contains(&d) {
            out.push(d);
        }
    }
    out
}

/// A score of -1..1 for `p` at the end of a playout.
fn reward(g: &Game, p: PlayerId) -> f64 {
    (evaluate(g, p) / 10.0).tanh()
}

impl MctsAi {
    fn search(&mut self, game: &Game, me: PlayerId, legal: &[Decision]) -> Decision {
        let start = Instant::now();
        let root_cands = candidates(game, me, legal, self.width);
        let mut nodes: Vec<Node> = vec![Node::default()];
        let horizon = game.round().max(1);
        let players = game.players();
        let mut stats = SearchStats::default();
        let mut path: Vec<(u32, usize, PlayerId)> = Vec::new();
        let mut legal_buf: Vec<Decision> = Vec::new();
        for it in 0..self.iterations {
            if it > 0 && self.budget.is_some_and(|b| start.elapsed() >= b) {
                break;
            }
            stats.iterations += 1;
            let mut g = game.determinize(me, &mut self.rng);
            let mut chance = GameRng::new(self.rng.next_u64());
            let mut pol = HeuristicAi(GameRng::new(self.rng.next_u64()));
            let mut node = 0u32;
            let mut in_tree = true;
            let mut steps = 0u32;
            path.clear();
            while steps < 4000 {
                steps += 1;
                let p = match g.pending() {
                    Pending::GameOver => break,
                    Pending::Chance(_) => {
                        g.resolve_chance(&mut chance);
                        continue;
                    }
                    Pending::Decision(p) => p,
                };
                if g.round() > horizon {
                    break;
                }
                if !in_tree {
                    let d = pol.choose(&g, p);
                    g.apply_unchecked(d);
                    continue;
                }
                g.legal_decisions_into(&mut legal_buf);
                if legal_buf.len() == 1 || legal_buf.iter().all(|&d| minor(d)) {
                    let d = if legal_buf.len() == 1 {
                        legal_buf[0]
                    } else {
                        best(&g, p, &legal_buf, &mut pol.0)
                    };
                    g.apply_unchecked(d);
                    continue;
                }
                let cands = if node == 0 {
                    root_cands.clone()
                } else {
                    candidates(&g, p, &legal_buf, self.width)
                };
                // Availability: every offered decision's edge counts this visit.
                let mut idx: Vec<usize> = Vec::with_capacity(cands.len());
                for &d in &cands {
                    let edges = &mut nodes[node as usize].edges;
                    let i = match edges.iter().position(|e| e.d == d) {
                        Some(i) => i,
                        None => {
                            edges.push(Edge {
                                d,
                                child: 0,
                                n: 0,
                                w: 0.0,
                                avail: 0,
                            });
                            edges.len() - 1
                        }
                    };
                    edges[i].avail += 1;
                    idx.push(i);
                }
                let edges = &nodes[node as usize].edges;
                let pick = match idx.iter().copied().find(|&i| edges[i].n == 0) {
                    Some(i) => {
                        in_tree = false; // expand this one, then play out
                        i
                    }
                    None => idx
                        .iter()
                        .copied()
                        .max_by(|&a, &b| {
                            let u = |e: &Edge| e.w / f64::from(e.n) + self.exploration * (f64::from(e.avail).ln() / f64::from(e.n)).sqrt();
                            u(&edges[a]).total_cmp(&u(&edges[b]))
                        })
                        .unwrap_or(idx[0]),
                };
                let d = nodes[node as usize].edges[pick].d;
                path.push((node, pick, p));
                if nodes[node as usize].edges[pick].child == 0 {
                    nodes.push(Node::default());
                    let c = (nodes.len() - 1) as u32;
                    nodes[node as usize].edges[pick].child = c;
                }
                node = nodes[node as usize].edges[pick].child;
                stats.depth = stats.depth.max(path.len() as u32);
                g.apply_unchecked(d);
            }
            g.take_events();
            let rewards: Vec<f64> = (0..players as u8).map(|q| reward(&g, PlayerId(q))).collect();
            for &(n, e, p) in &path {
                let edge = &mut nodes[n as usize].edges[e];
                edge.n += 1;
                edge.w += rewards[p.index()];
            }
        }
        stats.nodes = nodes.len() as u32;
        self.last = stats;
        let root = &nodes[0].edges;
        root_cands
            .iter()
            .filter_map(|&d| root.iter().find(|e| e.d == d))
            .max_by(|a, b| (a.n, a.w).partial_cmp(&(b.n, b.w)).unwrap_or(std::cmp::Ordering::Equal))
            .map_or(root_cands[0], |e| e.d)
    }
}

impl Player for MctsAi {
    fn choose(&mut self, game: &Game, me: PlayerId) -> Decision {
        let legal = game.legal_decisions();
        if legal.len() == 1 {
            return legal[0];
        }
        if legal.iter().all(|&d| minor(d)) {
            return best(game, me, &legal, &mut self.rng);
        }
        self.search(game, me, &legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameConfig;

    fn to_card_choice(seed: u64) -> Game {
        let mut g = Game::builtin(GameConfig::new(3)).unwrap();
        let mut rng = GameRng::new(seed);
        while let Pending::Chance(_) = g.pending() {
            g.resolve_chance(&mut rng);
        }
        g
    }

    #[test]
    fn the_search_builds_a_tree_deeper_than_one_level() {
        let g = to_card_choice(3);
        let Pending::Decision(me) = g.pending() else { panic!() };
        let mut ai = MctsAi::new(1, 300);
        let d = ai.choose(&g, me);
        assert!(g.legal_decisions().contains(&d));
        assert_eq!(ai.last.iterations, 300);
        assert!(ai.last.depth >= 2, "a tree, not flat playouts: {:?}", ai.last);
        assert!(ai.last.nodes > 10);
    }

    #[test]
    fn the_search_is_seeded() {
        let g = to_card_choice(5);
        let Pending::Decision(me) = g.pending() else { panic!() };
        let a = MctsAi::new(9, 60).choose(&g, me);
        let b = MctsAi::new(9, 60).choose(&g, me);
        assert_eq!(a, b);
    }

    #[test]
    fn the_search_never_depends_on_hidden_cards() {
        // Two games that differ only in the cards the searching player cannot see give the
        // same decision with the same seed.
        let g = to_card_choice(7);
        let Pending::Decision(me) = g.pending() else { panic!() };
        let mut other = g.determinize(me, &mut GameRng::new(99));
        other.take_events();
        assert_eq!(g.hand(me), other.hand(me));
        let a = MctsAi::new(4, 80).choose(&g, me);
        let b = MctsAi::new(4, 80).choose(&other, me);
        assert_eq!(a, b);
    }

    #[test]
    fn a_time_budget_stops_the_search() {
        let g = to_card_choice(2);
        let Pending::Decision(me) = g.pending() else { panic!() };
        let mut ai = MctsAi::new(1, 1_000_000).with_budget(Some(Duration::from_millis(50)));
        let t = Instant::now();
        ai.choose(&g, me);
        assert!(t.elapsed() < Duration::from_secs(5));
        assert!(ai.last.iterations < 1_000_000);
    }
}
