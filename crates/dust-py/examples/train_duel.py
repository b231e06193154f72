"""Trains a small player for the duel with numpy only (a value acted on by expectimax, or a
policy), and evaluates it against the random player (docs/python.md, "Training and evaluating
an agent").

    python crates/dust-py/examples/train_duel.py                      # --learner td: about a minute
    python crates/dust-py/examples/train_duel.py --iterations 30 --plot curve.svg
    python crates/dust-py/examples/train_duel.py --learner linear     # a policy, against random
    python crates/dust-py/examples/train_duel.py --learner linear --opponent league   # self-play: a league
    python crates/dust-py/examples/train_duel.py --learner linear --opponent self     # against itself only
    python crates/dust-py/examples/train_duel.py --learner mlp --opponent league      # a hidden layer too

The duel is the tiny practice game of ``dust1947 play --scenario duel``: two squads of three
riflemen on a 6x6 board, 4 rounds; a squad not destroyed by then makes a draw. The policy is
linear over a few action features (`SmallPolicy`: a bias per action id, and weights per
distance bucket for the squares of moves and for the plans); the illegal ids are masked and a
softmax picks. 64 games are stepped together by ``dust1947.VecGames`` (the dice rolled inside,
from the engine's exact distributions): by default against the built-in random player, half on
each side (``--opponent league``: self-play against the policy itself and its past selves, see
`League`; ``self``: the policy decides for both sides; ``mix``: random and self in turn).
``--learner mlp`` adds one hidden layer over the observation planes (`MlpPolicy`). ``--learner td``
learns no policy but a value of the position (`ValueFunction`, by TD(lambda) from self-play games
only) and acts by expectimax over its own activation, the rolls weighed by the engine's exact
`chance_outcomes()` (`TdPlayer`): TD-Gammon's recipe for a dice game.
REINFORCE with a baseline raises the log-probability of the decisions of the games won (return
+1; a loss or a draw -1) above the batch's mean return. Every few iterations the policy (its most
likely action) plays side A and side B against the random player with seeds never used in
training, in paired games (the same seeds with the sides swapped); the example prints that
curve, the final shares with their 95% intervals, the built-in greedy player's score in the same
run, and saves the curve as a picture (SVG, written by hand when matplotlib is not installed).
"""

import argparse
import sys
import time

import numpy as np

import dust1947


class Adam:
    """Adam on a list of arrays: a step per weight scaled by its own gradients, so the rare
    actions' weights learn as fast as the common ones'."""

    def __init__(self, params, lr):
        """`lr`: one step for all the arrays, or a list of one per array."""
        self.params, self.t = params, 0
        self.lr = list(lr) if isinstance(lr, (list, tuple)) else [lr] * len(params)
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def ascend(self, grads):
        self.t += 1
        for p, g, m, v, lr in zip(self.params, grads, self.m, self.v, self.lr):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += lr * (m / (1 - 0.9**self.t)) / (np.sqrt(v / (1 - 0.999**self.t)) + 1e-8)


BUCKETS = 8
"""Distances are counted in king moves, 0 to 6 on the duel's 6x6 board; 7 stands for "nobody
there" (a side not yet on the board)."""


def distances(obs):
    """Per game, from the observation planes (4: my_unit, 5: their_unit): the distance of every
    square to the nearest unit of theirs and to the nearest of mine, and the distance from my
    nearest unit to theirs (the rifles reach 4)."""
    n, _, h, w = obs.shape
    rows, cols = np.divmod(np.arange(h * w), w)
    dist = np.minimum(np.maximum(abs(rows[:, None] - rows[None]), abs(cols[:, None] - cols[None])), 6)
    theirs = obs[:, 5].reshape(n, 1, h * w) > 0
    mine = obs[:, 4].reshape(n, 1, h * w) > 0
    to_them = np.where(theirs, dist[None], BUCKETS - 1).min(axis=2)
    to_me = np.where(mine, dist[None], BUCKETS - 1).min(axis=2)
    now = np.where(mine[:, 0], to_them, BUCKETS - 1).min(axis=1)
    return to_them, to_me, now


class SmallPolicy:
    """A small linear policy over action features: the score of action id `a` for the side `s`
    to decide, with my unit `d` squares from theirs, is

        bias[s, a]                                  (what each decision is worth by itself)
      + near_them[distance of a's square to them]   (move, spread and escape: where to stand)
      + near_me[distance of a's square to my units]
      + plan[d, a]                                  (which plan at which distance: in range?)

    then the illegal ids are masked and a softmax picks. The distances are buckets (one weight
    each), so "stand 4 squares from them, within rifle range" is one weight, where a linear
    term of the raw planes would need one per pair of squares. Each side has its own biases: the
    action ids name units absolutely (unit 0 is side A's). About 2,500 weights, learned by
    REINFORCE with a baseline and Adam."""

    def __init__(self, layout, n_actions, lr=0.05):
        blocks = {name: (first, count) for name, first, count in layout}
        self.square_ids = np.concatenate(
            [np.arange(blocks[b][0], blocks[b][0] + blocks[b][1]) for b in ("move", "spread", "escape")])
        self.squares = np.concatenate([np.arange(blocks[b][1]) for b in ("move", "spread", "escape")])
        first, count = blocks["plan"]
        self.plan_ids = np.arange(first, first + count)
        self.bias = np.zeros((2, n_actions), np.float32)
        self.near_them = np.zeros(BUCKETS, np.float32)
        self.near_me = np.zeros(BUCKETS, np.float32)
        self.plan = np.zeros((BUCKETS, count), np.float32)
        self.opt = Adam([self.bias, self.near_them, self.near_me, self.plan], lr)

    def snapshot(self):
        """A frozen copy of the weights (a past self for the league); it acts, never learns."""
        frozen = SmallPolicy.__new__(SmallPolicy)
        frozen.square_ids, frozen.squares, frozen.plan_ids = self.square_ids, self.squares, self.plan_ids
        frozen.bias, frozen.near_them = self.bias.copy(), self.near_them.copy()
        frozen.near_me, frozen.plan = self.near_me.copy(), self.plan.copy()
        frozen.opt = None
        return frozen

    def features(self, obs, sides):
        them, me, now = distances(obs)
        return them[:, self.squares], me[:, self.squares], now, np.asarray(sides, np.int64)

    def logits(self, feats):
        """The unmasked scores of every action id."""
        them, me, now, side = feats[:4]
        logits = self.bias[side].copy()
        logits[:, self.square_ids] += self.near_them[them] + self.near_me[me]
        logits[:, self.plan_ids] += self.plan[now]
        return logits

    def probs(self, feats, mask):
        logits = np.where(mask > 0, self.logits(feats), -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs, mask, sides, rng, greedy=False):
        """An action per row (sampled, or the most likely with `greedy`) and the features."""
        feats = self.features(obs, sides)
        p = self.probs(feats, mask)
        if greedy:
            a = p.argmax(axis=1)
        else:
            a = (np.cumsum(p, axis=1) < rng.random((len(p), 1))).sum(axis=1)
            # Rounding may push the draw past the last legal id: take the last legal one then.
            a = np.minimum(a, mask.shape[1] - 1 - np.argmax(mask[:, ::-1] > 0, axis=1))
        return a.astype(np.int64), list(zip(*feats))

    def reinforce(self, feats, mask, actions, advantages):
        """One step of REINFORCE: ascend mean(A * grad log pi(a | s))."""
        feats = tuple(np.array(f) for f in zip(*feats))
        p = self.probs(feats, mask)
        g = -p
        g[np.arange(len(actions)), actions] += 1.0
        g *= advantages[:, None] / len(actions)
        self.opt.ascend(self.gradients(feats, g))

    def gradients(self, feats, g):
        """The gradients of sum(g * logits) for every weight, in the optimiser's order."""
        them, me, now, side = feats[:4]
        g_bias = np.zeros_like(self.bias)
        np.add.at(g_bias, side, g)
        gs = g[:, self.square_ids]
        g_them = np.bincount(them.ravel(), gs.ravel(), BUCKETS).astype(np.float32)
        g_me = np.bincount(me.ravel(), gs.ravel(), BUCKETS).astype(np.float32)
        g_plan = np.zeros_like(self.plan)
        np.add.at(g_plan, now, g[:, self.plan_ids])
        return [g_bias, g_them, g_me, g_plan]



class MlpPolicy(SmallPolicy):
    """`SmallPolicy`'s linear action features plus one hidden layer over the whole observation:
    the score of action id `a` adds ``W2[:, a] . relu(W1 x + b1)``, where `x` is the 17 planes of
    the deciding side's view (flattened, 612 numbers) and a one-hot of the side. The state now
    shapes every action's score (which unit to activate, which square, which plan, given where
    every miniature stands and how hurt it is), where the linear policy saw distances only.
    Learned by the same REINFORCE with Adam; W1 starts small and random (seeded), W2 at zero, so
    the untrained policy is the untrained linear one (uniform among the legal ids)."""

    def __init__(self, layout, n_actions, lr=0.02, hidden=64, seed=0, hidden_lr=0.001):
        super().__init__(layout, n_actions, lr)
        rng = np.random.default_rng(seed + 11)
        inputs = 17 * 36 + 2
        self.w1 = (rng.standard_normal((inputs, hidden)) * np.sqrt(2.0 / inputs)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = np.zeros((hidden, n_actions), np.float32)
        # The hidden layer's weights take a smaller step: with Adam each moves by about its step
        # per iteration, and an action's score sums `hidden` of them, so the linear part's step
        # (0.02) there made the policy deterministic within 15 iterations (no exploration left).
        self.opt = Adam([self.bias, self.near_them, self.near_me, self.plan, self.w1, self.b1, self.w2],
                        [lr] * 4 + [hidden_lr] * 3)

    def snapshot(self):
        frozen = super().snapshot()
        frozen.__class__ = MlpPolicy
        frozen.w1, frozen.b1, frozen.w2 = self.w1.copy(), self.b1.copy(), self.w2.copy()
        return frozen

    def features(self, obs, sides):
        them, me, now, side = super().features(obs, sides)
        n = len(obs)
        x = np.concatenate([obs.reshape(n, -1), np.eye(2, dtype=np.float32)[side]], axis=1)
        return them, me, now, side, x

    def hidden(self, x):
        return np.maximum(x @ self.w1 + self.b1, 0.0)

    def logits(self, feats):
        """The unmasked scores: the linear part and the hidden layer's."""
        return super().logits(feats) + self.hidden(feats[4]) @ self.w2

    def gradients(self, feats, g):
        x = feats[4]
        h = self.hidden(x)
        g_w2 = (h.T @ g).astype(np.float32)
        g_h = (g @ self.w2.T) * (h > 0)
        g_w1 = (x.T @ g_h).astype(np.float32)
        g_b1 = g_h.sum(axis=0).astype(np.float32)
        return super().gradients(feats, g) + [g_w1, g_b1, g_w2]


def play_batch(vec, policy, rng, obs, mask, games, draw=-1.0, self_play=False):
    """Plays the policy in `vec` until `games` games have ended; returns the (features, mask,
    action, return, side) of every decision of the policy in those games, and the next
    observations. The return of a decision is +1 if its side won, -1 if it lost, `draw` for a
    draw. In self-play (`opponent="self"`) the policy decides for both sides and the reward is
    side A's; against a built-in opponent it decides for its side and the reward is its own."""
    n = len(vec)
    steps = [[] for _ in range(n)]
    xs, ms, acts, rets, sides = [], [], [], [], []
    ended = 0
    while ended < games:
        players = vec.players()
        actions, x = policy.act(obs, mask, players, rng)
        for i in range(n):
            steps[i].append((x[i], mask[i], actions[i], players[i]))
        obs, mask, reward, done = vec.step(actions)
        for i in np.flatnonzero(done):
            r = float(reward[i])
            for xi, mi, ai, si in steps[i]:
                mine = (r if si == 0 else -r) if self_play else r
                xs.append(xi)
                ms.append(mi)
                acts.append(ai)
                rets.append(draw if r == 0 else mine)
                sides.append(si)
            steps[i] = []
            ended += 1
    batch = (xs, np.array(ms), np.array(acts), np.array(rets, np.float32), np.array(sides))
    return batch, obs, mask


def evaluate(policy, games, seed, threads):
    """The policy (its most likely action) against the random player in `games` paired games
    with seeds never used in training: game i on side A and game i on side B have the same
    seeds (the dice's and the random player's), so luck weighs the same on both sides. Each
    `VecGames` slot plays exactly one game (its seeds come from `seed` and its index). Returns
    (wins, draws, losses) as shares of the games."""
    wins = draws = 0
    half = games // 2
    for agent in (0, 1):
        vec = dust1947.VecGames(half, scenario="duel", seed=seed, opponent="random", agent=agent,
                                threads=threads)
        obs, mask = vec.reset()
        finished = np.zeros(half, bool)
        while not finished.all():
            actions, _ = policy.act(obs, mask, vec.players(), None, greedy=True)
            # A finished slot has started a new game: its actions still step it, unscored.
            obs, mask, reward, done = vec.step(actions)
            first = done & ~finished
            wins += int((reward[first] > 0).sum())
            draws += int((reward[first] == 0).sum())
            finished |= done
    played = 2 * half
    return wins / played, draws / played, (played - wins - draws) / played


def wilson(share, n, z=1.96):
    """The 95% Wilson interval of a share observed in n games."""
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def score_interval(wins, draws, n, z=1.96):
    """The 95% interval of the score (win 1, draw 1/2, loss 0: the mean of the games' values)
    observed in n games, by the normal approximation with the games' own variance."""
    score = wins + draws / 2
    var = max(wins + draws / 4 - score * score, 0.0)
    half = z * np.sqrt(var / n)
    return max(score - half, 0.0), min(score + half, 1.0)


def greedy_reference(games, seed):
    """The built-in greedy player against random on the duel, as `dust1947 sim` plays it
    (paired games): (wins, draws, losses) as shares."""
    s = dust1947.summarize(dust1947.SelfPlay(a="greedy", b="random", scenario="duel", seed=seed)
                           .play(list(range(games)), 2))
    return s["a_wins"] / s["games"], s["draws"] / s["games"], s["b_wins"] / s["games"]


def save_plot(path, curve, reference, trained="against the random player"):
    """The curve as a picture: wins and score (win 1, draw ½) against random per iteration,
    beside the greedy player's (dashed). matplotlib if installed, else SVG written by hand."""
    its = [c[0] for c in curve]
    wins = [c[1] for c in curve]
    score = [c[1] + c[2] / 2 for c in curve]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        plt.figure(figsize=(6, 4))
        plt.plot(its, wins, marker="o", label="wins")
        plt.plot(its, score, marker="s", label="score (draw = 1/2)")
        plt.axhline(reference[0], color="C0", linestyle="--", label="greedy: wins")
        plt.axhline(reference[1], color="C1", linestyle="--", label="greedy: score")
        plt.ylim(0, 1)
        plt.xlabel("iteration")
        plt.ylabel("against the random player")
        plt.title(f"Dust duel: a small player trained {trained}")
        plt.legend()
        plt.savefig(path)
        return
    except ImportError:
        pass
    w, h, m = 640, 420, 55
    last = max(its) or 1
    px = lambda it: m + (w - 2 * m) * it / last  # noqa: E731
    py = lambda r: h - m - (h - 2 * m) * r  # noqa: E731
    ticks = "".join(
        f'<text x="{m - 8}" y="{py(t) + 4:.1f}" text-anchor="end" font-size="12">{t:.0%}</text>'
        f'<line x1="{m - 4}" y1="{py(t):.1f}" x2="{w - m}" y2="{py(t):.1f}" stroke="#ddd"/>'
        for t in (0, 0.25, 0.5, 0.75, 1.0))
    series = ""
    for ys, color, name, k in ((wins, "#1f77b4", "wins", 0), (score, "#ff7f0e", "score (draw = 1/2)", 1)):
        pts = " ".join(f"{px(i):.1f},{py(y):.1f}" for i, y in zip(its, ys))
        series += f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="2"/>'
        series += "".join(f'<circle cx="{px(i):.1f}" cy="{py(y):.1f}" r="3" fill="{color}"/>' for i, y in zip(its, ys))
        series += (f'<line x1="{m}" y1="{py(reference[k]):.1f}" x2="{w - m}" y2="{py(reference[k]):.1f}" '
                   f'stroke="{color}" stroke-dasharray="6,4"/>')
        series += (f'<text x="{m + 10}" y="{m + 16 * k:.1f}" font-size="12" fill="{color}">{name} '
                   f'(dashed: the greedy player\'s)</text>')
    svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">
<rect width="{w}" height="{h}" fill="white"/>
<text x="{w / 2}" y="22" text-anchor="middle" font-size="15">Dust duel: a small player trained {trained}</text>
{ticks}
<line x1="{m}" y1="{h - m}" x2="{w - m}" y2="{h - m}" stroke="black"/>
<line x1="{m}" y1="{m - 20}" x2="{m}" y2="{h - m}" stroke="black"/>
<text x="{w / 2}" y="{h - 15}" text-anchor="middle" font-size="12">iteration (0 to {last})</text>
{series}
</svg>
"""
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)


def advantages(rets, sides):
    """The baseline: each decision's return less the mean return of the batch's decisions of
    the same side."""
    adv = rets.copy()
    for side in (0, 1):
        mine = sides == side
        if mine.any():
            adv[mine] -= rets[mine].mean()
    return adv


class Opponents:
    """The games the policy learns from, stepped by `dust1947.VecGames`: against the built-in
    random player (half the games on side A, half on side B), in self-play (the policy decides
    for both sides), or the two in turn ("mix")."""

    def __init__(self, kind, games, seed, threads):
        if kind not in ("random", "self", "mix"):
            raise ValueError(f"opponent `{kind}`: league, self, random or mix")
        self.kind, self.games, self.runs = kind, games, {}
        if kind in ("random", "mix"):
            for side in (0, 1):
                self._add(side, dust1947.VecGames(games // 2, scenario="duel", seed=seed + 1 + side,
                                                  opponent="random", agent=side, threads=threads))
        if kind in ("self", "mix"):
            self._add("self", dust1947.VecGames(games, scenario="duel", seed=seed, opponent="self",
                                                threads=threads))

    def _add(self, key, vec):
        obs, mask = vec.reset()
        self.runs[key] = [vec, obs, mask]

    def batch(self, it, policy, rng, draw):
        """The decisions of `games` finished games of iteration `it`, and their advantages: the
        return minus the mean return of the batch's decisions of the same side (the baseline)."""
        use_self = self.kind == "self" or (self.kind == "mix" and it % 2 == 1)
        parts = [("self", self.games)] if use_self else [(0, self.games // 2), (1, self.games // 2)]
        xs, ms, acts, rets, sides = [], [], [], [], []
        for key, games in parts:
            run = self.runs[key]
            (x, m, a, r, s), run[1], run[2] = play_batch(run[0], policy, rng, run[1], run[2], games, draw,
                                                         self_play=key == "self")
            xs += x
            ms.append(m)
            acts.append(a)
            rets.append(r)
            sides.append(s)
        return xs, np.concatenate(ms), np.concatenate(acts), advantages(np.concatenate(rets), np.concatenate(sides))


class League:
    """Self-play against a league of past selves: `dust1947.VecGames(games, opponent="self")`
    steps the games, and in each game the learner plays one side (A in even games, B in odd
    ones, swapped at every new game) against an opponent drawn when the game starts: the
    learner itself (`latest` of the time: then both sides' decisions are learned from), or one
    of its frozen past selves, a snapshot taken every `snapshot_every` iterations (the first one
    is the untrained policy, which picks uniformly among the legal actions; the pool keeps the
    first and the `max_pool - 1` latest). No built-in player takes part. Opponents sample their
    actions from their policy. `shaping` > 0 adds to a draw's return `shaping` times the
    material left (mine less theirs, in squads, as last observed): tried, no gain measured."""

    def __init__(self, policy, games, seed, threads, snapshot_every=5, latest=0.5, max_pool=40, shaping=0.0):
        self.vec = dust1947.VecGames(games, scenario="duel", seed=seed, opponent="self", threads=threads)
        self.obs, self.mask = self.vec.reset()
        self.games, self.snapshot_every, self.latest, self.max_pool = games, snapshot_every, latest, max_pool
        self.pool = [policy.snapshot()]
        self.rng = np.random.default_rng(seed + 7)
        self.learner = np.arange(games) % 2
        self.opponent = np.array([self._draw() for _ in range(games)])
        self.steps = [[] for _ in range(games)]
        self.shaping = shaping
        # Per game and side: the health left (planes 6 and 7, summed) in the last observation.
        self.health = np.ones((games, 2, 2), np.float32)

    def _draw(self):
        """-1: the learner itself; else the index of a past self (uniform over the pool)."""
        return -1 if self.rng.random() < self.latest else int(self.rng.integers(len(self.pool)))

    def batch(self, it, policy, rng, draw):
        """The learner's decisions in `games` finished games, and their advantages (the return
        minus the mean return of the batch's decisions of the same side)."""
        if it > 0 and it % self.snapshot_every == 0:
            self.pool.append(policy.snapshot())
            if len(self.pool) > self.max_pool:  # keep the first (untrained) and the latest ones
                del self.pool[1]
        xs, ms, acts, rets, sides = [], [], [], [], []
        ended = 0
        n = self.games
        while ended < self.games:
            players = self.vec.players().astype(np.int64)
            actions = np.zeros(n, np.int64)
            learner_rows = (players == self.learner) | (self.opponent == -1)
            rows = np.flatnonzero(learner_rows)
            if len(rows):
                a, x = policy.act(self.obs[rows], self.mask[rows], players[rows], rng)
                actions[rows] = a
                for j, i in enumerate(rows):
                    self.steps[i].append((x[j], self.mask[i], a[j], players[i]))
            for k in np.unique(self.opponent[~learner_rows]):
                rows = np.flatnonzero(~learner_rows & (self.opponent == k))
                actions[rows] = self.pool[k].act(self.obs[rows], self.mask[rows], players[rows], rng)[0]
            # Health of (mine, theirs) from the deciding side's view.
            seen = self.obs[:, 6:8].sum(axis=(2, 3)) / 3.0
            self.health[np.arange(n), players] = seen
            self.obs, self.mask, reward, done = self.vec.step(actions)
            for i in np.flatnonzero(done):
                r = float(reward[i])  # side A's
                for xi, mi, ai, si in self.steps[i]:
                    xs.append(xi)
                    ms.append(mi)
                    acts.append(ai)
                    ret = draw if r == 0 else (r if si == 0 else -r)
                    if self.shaping and r == 0:
                        # A draw: the losses dealt less the losses taken, as last seen.
                        mine, theirs = self.health[i, si]
                        ret += self.shaping * float(mine - theirs)
                    rets.append(ret)
                    sides.append(si)
                self.health[i] = 1.0
                self.steps[i] = []
                self.learner[i] = 1 - self.learner[i]
                self.opponent[i] = self._draw()
                ended += 1
        return xs, np.array(ms), np.array(acts), advantages(np.array(rets, np.float32), np.array(sides))


# ---------------------------------------------------------------------------------------------
# A value-based learner (`--learner td`): TD-Gammon's recipe for a dice game. A value V(s) of the
# position from one side's view, learned by TD(lambda) from self-play games; the player acts by
# expectimax over its own activation, the engine's exact `chance_outcomes()` averaged.
# ---------------------------------------------------------------------------------------------

TILES = (
    # (name, the parts crossed): each tiling is a one-hot over the product of its parts' values.
    ("material", ("mine", "theirs", "round", "turn")),
    ("range", ("cheb", "round", "turn")),
    ("reach", ("manh", "mine", "theirs")),
    ("all", ("cheb", "mine", "theirs", "round", "turn")),
    ("ground", ("advance", "centre", "round", "turn")),
    ("fronts", ("advance", "their_advance", "round")),
    ("geometry", ("cheb", "manh", "round", "turn")),
)
PART_SIZES = {"mine": 4, "theirs": 4, "round": 5, "turn": 8, "cheb": BUCKETS, "manh": 12, "advance": 7, "centre": 4,
              "their_advance": 7}


def position_features(obs, side):
    """Per position (observation planes from the view of `side`, 0 or 1 per position, shape
    (n, 17, h, w)): the few
    numbers that the duel's value hangs on (no terrain on its board): the miniatures left on
    each side (health planes 6 and 7, each squad of three), the round (plane 14, 1 to 4), the
    turn (whether I decide, whether my unit and theirs have activated this round: planes 13, 8
    and 9, 8 cases), and the distance between the squads, in king moves (`cheb`, 7 for a squad
    not on the board yet) and in orthogonal steps (`manh`, 11 then); and where each squad
    stands on the board: how many rows it has advanced from its side's edge (side A enters on
    row 1, side B on the last; 6 for a squad not on the board), and for mine how far from the
    edge columns (`centre`, 3 off the board). Without these a squad deploying before the enemy
    has nothing to tell one entry square from another."""
    n, _, h, w = obs.shape
    mine = np.clip(np.rint(obs[:, 6].sum(axis=(1, 2)) * 3), 0, 3).astype(np.int64)
    theirs = np.clip(np.rint(obs[:, 7].sum(axis=(1, 2)) * 3), 0, 3).astype(np.int64)
    rnd = np.clip(np.rint(obs[:, 14, 0, 0] * 4), 0, 4).astype(np.int64)
    turn = ((obs[:, 13, 0, 0] > 0).astype(np.int64) * 4 + (obs[:, 8].sum(axis=(1, 2)) > 0) * 2
            + (obs[:, 9].sum(axis=(1, 2)) > 0))
    here = obs[:, 4].reshape(n, -1)
    there = obs[:, 5].reshape(n, -1)
    on_board = (here.max(axis=1) > 0) & (there.max(axis=1) > 0)
    a, b = here.argmax(axis=1), there.argmax(axis=1)
    dr, dc = abs(a // w - b // w), abs(a % w - b % w)
    cheb = np.where(on_board, np.minimum(np.maximum(dr, dc), BUCKETS - 2), BUCKETS - 1)
    manh = np.where(on_board, np.minimum(dr + dc, 10), 11)
    side = np.broadcast_to(np.asarray(side, np.int64), (n,))
    mine_on, theirs_on = here.max(axis=1) > 0, there.max(axis=1) > 0
    advance = np.where(mine_on, np.where(side == 0, a // w, h - 1 - a // w), 6)
    their_advance = np.where(theirs_on, np.where(side == 1, b // w, h - 1 - b // w), 6)
    centre = np.where(mine_on, np.minimum(a % w, w - 1 - a % w), 3)
    return {"mine": mine, "theirs": theirs, "round": rnd, "turn": turn, "cheb": cheb, "manh": manh,
            "advance": np.minimum(advance, 6), "their_advance": np.minimum(their_advance, 6),
            "centre": np.minimum(centre, 3)}


class ValueFunction:
    """V(s) in [-1, 1], the return expected (a win +1, a loss -1, a draw what `train_td`'s
    `draw` says) from the view of the side whose observation it is given, linear over
    tile-coded features (`TILES`: one weight per cell of each tiling, and a bias): a table over
    the finest tiling's cells that also generalises across the coarser ones. 11,478 weights, all
    zero at the start (then the player sees only the ends of games inside its search)."""

    def __init__(self):
        self.offsets, total = [], 1  # weight 0 is the bias
        for _, parts in TILES:
            self.offsets.append(total)
            total += int(np.prod([PART_SIZES[p] for p in parts]))
        self.w = np.zeros(total, np.float64)

    def cells(self, obs, side):
        """The active weights of every position seen by `side` (0 or 1, or one per position):
        (n, 1 + len(TILES)) indices."""
        f = position_features(obs, side)
        cols = [np.zeros(len(obs), np.int64)]
        for (_, parts), offset in zip(TILES, self.offsets):
            index = np.zeros(len(obs), np.int64)
            for p in parts:
                index = index * PART_SIZES[p] + f[p]
            cols.append(offset + index)
        return np.stack(cols, axis=1)

    def value(self, obs=None, side=None, cells=None):
        if cells is None:
            cells = self.cells(obs, side)
        return np.clip(self.w[cells].sum(axis=1), -1.0, 1.0)

    def update(self, cells, targets, step):
        """Moves V toward the targets: every active weight by `step` times the mean error of the
        positions it takes part in, divided among the tilings (a step of 1 would close the
        error of a cell seen alone)."""
        err = targets - self.w[cells].sum(axis=1)
        k = cells.shape[1]
        total = np.bincount(cells.ravel(), np.repeat(err, k), self.w.size)
        count = np.bincount(cells.ravel(), None, self.w.size)
        seen = count > 0
        self.w[seen] += step * total[seen] / count[seen] / k
        return float(np.mean(err * err))


def is_initiative(obs):
    """A chance node with no unit activated: the initiative roll of a round (the attack rolls
    come after an activation has begun). The expectimax stops there: its value is V's."""
    return obs[8].max() == 0 and obs[9].max() == 0


def expand(state, me, leaves):
    """The tree of `me`'s activation from `state`: its own decisions (the best one), the rolls
    that follow (their exact outcomes, weighed), down to a position where the other side decides,
    the next round's initiative roll, or the end of the game. A leaf's observation (from `me`'s
    view) goes to `leaves`; returns the node: ("end", value), ("leaf", index),
    ("max", [(action, node)]) or ("mean", [(probability, node)])."""
    if state.is_terminal():
        return ("end", state.returns()[me])
    if state.is_chance_node():
        obs = state.observation_tensor(me)
        if is_initiative(obs):
            leaves.append(obs)
            return ("leaf", len(leaves) - 1)
        kids = []
        for outcome, p in state.chance_outcomes():
            child = state.clone()
            child.apply_action(outcome)
            kids.append((p, expand(child, me, leaves)))
        return ("mean", kids)
    if state.current_player() != me:
        leaves.append(state.observation_tensor(me))
        return ("leaf", len(leaves) - 1)
    kids = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        kids.append((action, expand(child, me, leaves)))
    return ("max", kids)


def backup(node, values):
    """The expectimax value of a node from its leaves' values."""
    kind, body = node
    if kind == "end":
        return body
    if kind == "leaf":
        return values[body]
    if kind == "mean":
        return sum(p * backup(child, values) for p, child in body)
    return max(backup(child, values) for _, child in body)


def action_values(state, value_fn):
    """(actions, values): the expectimax value of each legal action of the side to decide in
    `state`, one activation deep, V at the leaves (one batched call)."""
    me = state.current_player()
    leaves = []
    root = expand(state, me, leaves)
    values = value_fn.value(np.stack(leaves), me) if leaves else np.zeros(0)
    return [a for a, _ in root[1]], np.array([backup(child, values) for _, child in root[1]])


class TdPlayer:
    """Acts by expectimax over V: the legal action of the highest value (the first of equal
    ones, or at random among them with an `rng`), or with probability `epsilon` a legal action
    at random (exploration in training)."""

    def __init__(self, value_fn, epsilon=0.0):
        self.value_fn, self.epsilon = value_fn, epsilon

    def __call__(self, state, rng=None):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if rng is not None and rng.random() < self.epsilon:
            return int(rng.choice(actions))
        actions, values = action_values(state, self.value_fn)
        best = np.flatnonzero(values >= values.max() - 1e-9)
        pick = best[0] if rng is None else rng.choice(best)
        return int(actions[pick])


def lambda_returns(values, final, lam):
    """TD(lambda)'s targets for a game's positions seen from one side: G_t = (1 - lambda)
    V(s_t+1) + lambda G_t+1, the last position's target the game's return. lambda = 1 gives
    the return itself (Monte Carlo), 0 the next position's value (TD(0))."""
    targets = np.empty(len(values))
    g = final
    for t in range(len(values) - 1, -1, -1):
        targets[t] = g
        g = (1 - lam) * values[t] + lam * g
    return targets


def self_play_game(game, player, rng):
    """One game of the player against itself (both sides), the dice sampled from the exact
    outcomes with `rng`. Returns the observations of every position where a side decides or
    the initiative is rolled, from both sides' views ((2, T, 17, h, w)), and side A's return."""
    state = game.new_initial_state()
    seen = ([], [])
    while not state.is_terminal():
        if state.is_chance_node():
            obs0 = state.observation_tensor(0)
            if is_initiative(obs0):
                seen[0].append(obs0)
                seen[1].append(state.observation_tensor(1))
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(outcomes[min(np.searchsorted(np.cumsum(probs), rng.random()),
                                                len(outcomes) - 1)]))
        else:
            seen[0].append(state.observation_tensor(0))
            seen[1].append(state.observation_tensor(1))
            state.apply_action(player(state, rng))
    return np.array([np.stack(s) for s in seen]), state.returns()[0]


def play_against_random(game, player, side, seed):
    """One game of the player on `side` against the built-in random player; the dice
    (`dust1947.Dice(seed)`) and the random player's seeds come from `seed` only, so the game
    on the other side with the same seed is its pair. Returns the player's return."""
    state = game.new_initial_state()
    dice = dust1947.Dice(seed)
    k = 0
    while True:
        state.roll(dice)
        if state.is_terminal():
            return state.returns()[side]
        if state.current_player() == side:
            state.apply_action(player(state))
        else:
            state.apply_action(state.ai_action("random", seed * 1000 + k))
            k += 1


def evaluate_player(player, games, seed):
    """The player against random in `games` paired games (game i on side A and on side B with
    the same seeds, never used in training): (wins, draws, losses) as shares."""
    game = dust1947.load_game("tactics", scenario="duel")
    results = [play_against_random(game, player, side, seed * 100_000 + i)
               for i in range(games // 2) for side in (0, 1)]
    n = len(results)
    wins, draws = sum(r > 0 for r in results), sum(r == 0 for r in results)
    return wins / n, draws / n, (n - wins - draws) / n


TD_DEFAULTS = {"step": 0.1, "lam": 0.8, "epsilon": 0.5, "replay": 25, "average": 0.0}
"""`--learner td`'s settings (docs/python.md: the runs that chose them)."""


def train_td(iterations, games_per_iteration, step, lam, epsilon, eval_every, eval_games, seed, log,
             replay=TD_DEFAULTS["replay"], draw=-1.0, average=0.0):
    """Self-play only: each iteration plays `games_per_iteration` games of the current player
    (expectimax over V, epsilon-greedy) against itself, then moves V toward the TD(lambda)
    targets of every position of both sides in the last `replay` iterations' games (targets
    computed anew with the current V). With `average` > 0 the player evaluated (and returned)
    acts on a moving average of V's weights (each iteration: average x the old + (1 - average)
    x the new), which smooths the noise of the latest games out. Returns (value function,
    curve)."""
    rng = np.random.default_rng(seed)
    game = dust1947.load_game("tactics", scenario="duel")
    value_fn = ValueFunction()
    learner = TdPlayer(value_fn, epsilon)
    evaluated = ValueFunction()
    greedy_player = TdPlayer(evaluated if average > 0 else value_fn)
    memory = []
    curve = []
    start = time.perf_counter()
    for it in range(iterations + 1):
        if it % eval_every == 0 or it == iterations:
            w, d, lost = evaluate_player(greedy_player, eval_games, 10_000 + seed)
            curve.append((it, w, d, lost))
            log(f"iteration {it:4d}: against random, wins {w:6.1%} draws {d:6.1%} losses {lost:5.1%}, "
                f"score {w + d / 2:6.1%} ({eval_games} games, {time.perf_counter() - start:5.1f}s)")
        if it == iterations:
            break
        batch = []
        for _ in range(games_per_iteration):
            views, ret = self_play_game(game, learner, rng)
            batch.append((value_fn.cells(views[0], 0), value_fn.cells(views[1], 1), ret))
        memory = (memory + [batch])[-replay:]
        cells, targets = [], []
        for past in memory:
            for c0, c1, ret in past:
                for c, r in ((c0, ret), (c1, -ret)) if ret != 0 else ((c0, draw), (c1, draw)):
                    cells.append(c)
                    targets.append(lambda_returns(value_fn.value(cells=c), r, lam))
        value_fn.update(np.concatenate(cells), np.concatenate(targets), step)
        evaluated.w *= average
        evaluated.w += (1 - average) * value_fn.w
    return greedy_player.value_fn, curve


def train(iterations=200, games_per_iteration=64, lr=None, draw=-1.0, opponent="random", eval_every=25,
          eval_games=400, seed=0, threads=2, log=print, league=None, learner="linear", hidden=64, hidden_lr=0.001,
          td=None):
    """Trains; returns (policy, curve of (iteration, wins, draws, losses) against the random
    player, evaluated with seeds never used in training). `learner="td"` learns a value by
    self-play only (`opponent="self"`; `td`: `train_td`'s step, lam, epsilon and replay) and
    returns its `TdPlayer`."""
    if learner == "td":
        if opponent != "self":
            raise ValueError(f"opponent `{opponent}`: the value learner (td) learns by self-play only: self")
        td = {**TD_DEFAULTS, **(td or {})}
        value_fn, curve = train_td(iterations, games_per_iteration, td["step"], td["lam"], td["epsilon"], eval_every,
                                   eval_games, seed, log, replay=td["replay"], draw=draw, average=td["average"])
        return TdPlayer(value_fn), curve
    rng = np.random.default_rng(seed)
    if lr is None:
        lr = 0.02 if opponent == "league" else 0.05
    layout = dust1947.load_game("tactics", scenario="duel").action_layout()
    n_actions = dust1947.load_game("tactics", scenario="duel").num_distinct_actions()
    if learner == "mlp":
        policy = MlpPolicy(layout, n_actions, lr=lr, hidden=hidden, seed=seed, hidden_lr=hidden_lr)
    elif learner == "linear":
        policy = SmallPolicy(layout, n_actions, lr=lr)
    else:
        raise ValueError(f"learner `{learner}`: linear, mlp or td")
    if opponent == "league":
        games = League(policy, games_per_iteration, seed, threads, **(league or {}))
    else:
        games = Opponents(opponent, games_per_iteration, seed, threads)
    curve = []
    start = time.perf_counter()
    for it in range(iterations + 1):
        if it % eval_every == 0 or it == iterations:
            w, d, lost = evaluate(policy, eval_games, 10_000 + seed, threads)
            curve.append((it, w, d, lost))
            log(f"iteration {it:4d}: against random, wins {w:6.1%} draws {d:6.1%} losses {lost:5.1%}, "
                f"score {w + d / 2:6.1%} ({eval_games} games, {time.perf_counter() - start:5.1f}s)")
        if it == iterations:
            break
        policy.reinforce(*games.batch(it, policy, rng, draw))
    return policy, curve


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=None, help="200; 100 with --learner td")
    ap.add_argument("--games-per-iteration", type=int, default=None, help="64; 40 with --learner td")
    ap.add_argument("--lr", type=float, default=None, help="Adam's step (0.02 in a league, else 0.05)")
    ap.add_argument("--draw", type=float, default=-1.0,
                    help="the return of a draw for both sides (default -1: a game not won is lost)")
    ap.add_argument("--opponent", default=None, choices=("random", "league", "self", "mix"),
                    help="whom the learner plays while it learns: the random player (the default for linear and "
                         "mlp); self-play against a league of its past selves and itself (no built-in player); "
                         "itself only (the default and the only choice with --learner td); or random and itself "
                         "in turn")
    ap.add_argument("--learner", default="td", choices=("linear", "mlp", "td"),
                    help="td (the default): a value of the position learned by TD(lambda) in self-play, acted "
                         "on by expectimax over the exact dice (`TdPlayer`); linear: a policy over action "
                         "features (`SmallPolicy`); mlp: those plus one hidden layer over the observation planes "
                         "(`MlpPolicy`)")
    ap.add_argument("--lambda", dest="lam", type=float, default=TD_DEFAULTS["lam"],
                    help="TD(lambda)'s lambda (--learner td; 1 = the game's return)")
    ap.add_argument("--epsilon", type=float, default=TD_DEFAULTS["epsilon"],
                    help="the share of random actions in self-play (--learner td)")
    ap.add_argument("--td-step", type=float, default=TD_DEFAULTS["step"],
                    help="the value's step toward its targets, 0 to 1 (--learner td)")
    ap.add_argument("--average", type=float, default=TD_DEFAULTS["average"],
                    help="act on a moving average of the value's weights, this much of the old kept per "
                         "iteration (--learner td; 0: the latest weights)")
    ap.add_argument("--replay", type=int, default=TD_DEFAULTS["replay"],
                    help="the value learns from the games of this many latest iterations (--learner td)")
    ap.add_argument("--hidden", type=int, default=64, help="the hidden layer's width (--learner mlp)")
    ap.add_argument("--hidden-lr", type=float, default=0.001, help="Adam's step for the hidden layer (--learner mlp)")
    ap.add_argument("--eval-every", type=int, default=25)
    ap.add_argument("--eval-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--plot", default="train_duel.svg", help="the picture of the curve (.svg; .png with matplotlib)")
    args = ap.parse_args(argv)
    td = args.learner == "td"
    if args.opponent is None:
        args.opponent = "self" if td else "random"
    if td and args.opponent != "self":
        ap.error(f"--opponent {args.opponent}: the value learner (--learner td) learns by self-play only; "
                 "leave --opponent out or give --opponent self")
    iterations = args.iterations if args.iterations is not None else (100 if td else 200)
    games = args.games_per_iteration if args.games_per_iteration is not None else (40 if td else 64)
    _, curve = train(iterations, games, args.lr, args.draw, args.opponent,
                     args.eval_every, args.eval_games, args.seed, args.threads, learner=args.learner,
                     hidden=args.hidden, hidden_lr=args.hidden_lr,
                     td={"step": args.td_step, "lam": args.lam, "epsilon": args.epsilon, "replay": args.replay,
                         "average": args.average})
    gw, gd, gl = greedy_reference(args.eval_games, 20_000 + args.seed)
    print(f"reference: the built-in greedy player against random, {args.eval_games} games: wins {gw:.1%} "
          f"draws {gd:.1%} losses {gl:.1%}, score {gw + gd / 2:.1%}")
    trained = {"random": "against the random player", "league": "by self-play (a league of past selves)",
               "self": "by self-play", "mix": "against random and by self-play"}[args.opponent]
    if td:
        trained = "by self-play (TD value, expectimax)"
    save_plot(args.plot, curve, (gw, gw + gd / 2), trained)
    _, w, d, lost = curve[-1]
    n = 2 * (args.eval_games // 2)
    lo, hi = wilson(w, n)
    slo, shi = score_interval(w, d, n)
    print(f"final: against random, {n} paired games: wins {w:.1%}, draws {d:.1%}, losses {lost:.1%}; "
          f"curve saved to {args.plot}")
    # Both computed once by exact expectimax (docs/python.md, "The ceiling against the random
    # player"): the most wins any player can have, and the score of the policy that has them.
    print(f"  read as wins (a draw is no win): {w:.1%} (95% interval {lo:.1%} to {hi:.1%}); the ceiling is "
          f"89.29%: no player wins more of the duel's games against random, on either side, so 90% "
          f"wins is out of reach (`cargo run --release -p dust-ai --example duel_ceiling`)")
    print(f"  read as score (win 1, draw 1/2, `dust1947 sim`'s `score`): {w + d / 2:.1%} (95% interval "
          f"{slo:.1%} to {shi:.1%}); the most-wins policy scores 93.3%; 90% is "
          + ("reached" if w + d / 2 >= 0.9 else "not reached") + " by this run"
          + (" (its interval reaches below 90%)" if w + d / 2 >= 0.9 and slo < 0.9 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
