"""Trains a small policy for the duel by self-play, with numpy only, and evaluates it against
the random player (docs/python.md, "Training and evaluating an agent").

    python crates/dust-py/examples/train_duel.py                      # a few minutes
    python crates/dust-py/examples/train_duel.py --iterations 30 --plot curve.svg

The duel is the tiny practice game of ``dust1947 play --scenario duel``: two squads of three
riflemen on a 6x6 board, 4 rounds. The policy is linear: the observation planes (and a
constant) times a weight matrix give a score per action id; the illegal ids are masked and a
softmax picks. Self-play: the same policy decides for both sides of 64 games stepped together
(``dust1947.VecGames(..., opponent="self")``; the dice are rolled inside, from the engine's
exact distributions), and REINFORCE raises the log-probability of the decisions of the side that
won each game (return +1, the loser's -1, a draw 0). Every few iterations the policy (its most
likely action) plays side A and side B against the built-in random player with seeds never used
in training; the example prints that curve and saves it as a picture (SVG, written by hand when
matplotlib is not installed).
"""

import argparse
import sys
import time

import numpy as np

import dust1947


class LinearPolicy:
    """Scores = features @ W (the planes and a constant, per side), masked softmax."""

    def __init__(self, n_features, n_actions):
        self.W = np.zeros((2 * (n_features + 1), n_actions), np.float32)
        # Adam's moments: a step per weight scaled by its own gradients, so the rare actions'
        # columns learn as fast as the common ones.
        self.m = np.zeros_like(self.W)
        self.v = np.zeros_like(self.W)
        self.t = 0

    @staticmethod
    def features(obs, sides):
        """The planes and a constant, in the half of the vector of the side to decide: the
        action ids name units and squares absolutely (unit 0 is side A's), so each side needs
        its own weights."""
        x = np.concatenate([obs.reshape(len(obs), -1), np.ones((len(obs), 1), np.float32)], axis=1)
        out = np.zeros((len(x), 2 * x.shape[1]), np.float32)
        b = np.asarray(sides) == 1
        out[~b, : x.shape[1]] = x[~b]
        out[b, x.shape[1]:] = x[b]
        return out

    def probs(self, x, mask):
        logits = x @ self.W
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

    def act(self, obs, mask, sides, rng, greedy=False):
        x = self.features(obs, sides)
        p = self.probs(x, mask)
        if greedy:
            return p.argmax(axis=1).astype(np.int64), x
        u = rng.random((len(p), 1))
        a = (np.cumsum(p, axis=1) < u).sum(axis=1)
        # Rounding may push the draw past the last legal id: take the last legal one then.
        last = mask.shape[1] - 1 - np.argmax(mask[:, ::-1] > 0, axis=1)
        return np.minimum(a, last).astype(np.int64), x

    def reinforce(self, x, mask, actions, returns, lr):
        """One step of REINFORCE with Adam: ascend mean(G * grad log pi(a|x))."""
        p = self.probs(x, mask)
        g = -p
        g[np.arange(len(actions)), actions] += 1.0
        g *= returns[:, None]
        grad = (x.T @ g) / len(actions)
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        m = self.m / (1 - 0.9**self.t)
        v = self.v / (1 - 0.999**self.t)
        self.W += lr * m / (np.sqrt(v) + 1e-8)


def self_play_batch(vec, policy, rng, obs, mask, games):
    """Plays until `games` games have ended; returns the (features, mask, action, return) of
    every decision of those games, and the next observations."""
    n = len(vec)
    steps = [[] for _ in range(n)]
    xs, ms, acts, rets = [], [], [], []
    ended = 0
    while ended < games:
        players = vec.players()
        actions, x = policy.act(obs, mask, players, rng)
        for i in range(n):
            steps[i].append((x[i], mask[i], actions[i], players[i]))
        obs, mask, reward, done = vec.step(actions)
        for i in np.flatnonzero(done):
            side_a = float(reward[i])
            for xi, mi, ai, pi in steps[i]:
                xs.append(xi)
                ms.append(mi)
                acts.append(ai)
                rets.append(side_a if pi == 0 else -side_a)
            steps[i] = []
            ended += 1
    return (np.array(xs), np.array(ms), np.array(acts), np.array(rets, np.float32)), obs, mask


def evaluate(policy, games, seed, threads):
    """Win rate of the policy (its most likely action) against the random player: half the
    games on side A, half on side B; draws count as not won."""
    wins = played = 0
    for agent in (0, 1):
        vec = dust1947.VecGames(32, scenario="duel", seed=seed + agent, opponent="random",
                                agent=agent, threads=threads)
        obs, mask = vec.reset()
        done_here = 0
        while done_here < games // 2:
            actions, _ = policy.act(obs, mask, vec.players(), None, greedy=True)
            obs, mask, reward, done = vec.step(actions)
            wins += int((reward[done] > 0).sum())
            done_here += int(done.sum())
        played += done_here
    return wins / played


def save_plot(path, curve, target):
    """The curve (iteration, win rate) as a picture: matplotlib if installed, else SVG by hand."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        its, rates = zip(*curve)
        plt.figure(figsize=(6, 4))
        plt.plot(its, rates, marker="o", label="policy vs random")
        plt.axhline(target, color="gray", linestyle="--", label=f"{target:.0%}")
        plt.ylim(0, 1)
        plt.xlabel("iteration")
        plt.ylabel("win rate against random")
        plt.title("Dust duel: linear policy trained by self-play")
        plt.legend()
        plt.savefig(path)
        return
    except ImportError:
        pass
    w, h, m = 600, 400, 50
    last = max(it for it, _ in curve) or 1
    px = lambda it: m + (w - 2 * m) * it / last  # noqa: E731
    py = lambda r: h - m - (h - 2 * m) * r  # noqa: E731
    points = " ".join(f"{px(it):.1f},{py(r):.1f}" for it, r in curve)
    dots = "".join(f'<circle cx="{px(it):.1f}" cy="{py(r):.1f}" r="3" fill="#1f77b4"/>' for it, r in curve)
    ticks = "".join(
        f'<text x="{m - 8}" y="{py(t) + 4:.1f}" text-anchor="end" font-size="12">{t:.0%}</text>'
        f'<line x1="{m - 4}" y1="{py(t):.1f}" x2="{m}" y2="{py(t):.1f}" stroke="black"/>'
        for t in (0, 0.25, 0.5, 0.75, 1.0))
    svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif">
<rect width="{w}" height="{h}" fill="white"/>
<text x="{w / 2}" y="24" text-anchor="middle" font-size="15">Dust duel: linear policy trained by self-play</text>
<line x1="{m}" y1="{h - m}" x2="{w - m}" y2="{h - m}" stroke="black"/>
<line x1="{m}" y1="{m}" x2="{m}" y2="{h - m}" stroke="black"/>
{ticks}
<text x="{w / 2}" y="{h - 12}" text-anchor="middle" font-size="12">iteration (0 to {last})</text>
<text x="14" y="{h / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 14 {h / 2})">win rate against random</text>
<line x1="{m}" y1="{py(target):.1f}" x2="{w - m}" y2="{py(target):.1f}" stroke="gray" stroke-dasharray="6,4"/>
<polyline points="{points}" fill="none" stroke="#1f77b4" stroke-width="2"/>
{dots}
</svg>
"""
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg)


def train(iterations=120, games_per_iteration=64, lr=0.02, eval_every=10, eval_games=200,
          seed=0, threads=2, target=0.9, log=print):
    """Trains and returns (policy, curve of (iteration, win rate against random))."""
    rng = np.random.default_rng(seed)
    vec = dust1947.VecGames(64, scenario="duel", seed=seed, opponent="self", threads=threads)
    obs, mask = vec.reset()
    policy = LinearPolicy(int(np.prod(vec.observation_shape())), vec.num_distinct_actions())
    curve = []
    start = time.perf_counter()
    for it in range(iterations + 1):
        if it % eval_every == 0 or it == iterations:
            rate = evaluate(policy, eval_games, 10_000 + seed, threads)
            curve.append((it, rate))
            log(f"iteration {it:4d}: wins {rate:6.1%} of {eval_games} games against random "
                f"({time.perf_counter() - start:5.1f}s)")
        if it == iterations:
            break
        batch, obs, mask = self_play_batch(vec, policy, rng, obs, mask, games_per_iteration)
        policy.reinforce(*batch, lr)
    return policy, curve


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=120)
    ap.add_argument("--games-per-iteration", type=int, default=64)
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--eval-games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--plot", default="train_duel.svg", help="the picture of the curve (.svg or, with matplotlib, .png)")
    args = ap.parse_args(argv)
    _, curve = train(args.iterations, args.games_per_iteration, args.lr, args.eval_every,
                     args.eval_games, args.seed, args.threads)
    save_plot(args.plot, curve, 0.9)
    best = max(r for _, r in curve)
    print(f"final: {curve[-1][1]:.1%} against random (best {best:.1%}); curve saved to {args.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
