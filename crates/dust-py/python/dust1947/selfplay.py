"""``python -m dust1947.selfplay``: a match of built-in players, as ``dust1947 sim`` plays it,
on a Ray cluster or locally (docs/python.md, "Self-play on Ray").

    python -m dust1947.selfplay --address auto --a mcts:200ms --b greedy --games 100000 \\
        --scenario annihilation --seed 1 --json

Without ``--address`` the games are played here, on threads, without Ray.
"""

import argparse
import json
import os
import sys

from . import distributed


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m dust1947.selfplay",
        description=(
            "Plays computer players against each other as `dust1947 sim` does (the same games "
            "for the same seed, the same statistics), in batches of games run as Ray tasks on "
            "a cluster, or locally."
        ),
    )
    p.add_argument("--a", default="mcts", help="player a: random, greedy, mcts, mcts:200ms, "
                   "mcts:5000i, … as `dust1947 sim --a` (default: mcts)")
    p.add_argument("--b", default="greedy", help="player b, as player a (default: greedy)")
    p.add_argument("--games", type=int, default=100,
                   help="games to play, in pairs (one seed, sides swapped; an odd number is "
                   "rounded up) (default: 100)")
    p.add_argument("--scenario", default=None, metavar="NAME|FILE",
                   help="a shipped scenario, `duel`, or a scenario file (default: annihilation)")
    p.add_argument("--edition", default=None, choices=["revised", "battlefront"],
                   help="the rules edition (default: the scenario's)")
    p.add_argument("--setup", default="scenario", choices=["scenario", "players"],
                   help="battlefront: the scenario's layout or the players' set-up before each game")
    p.add_argument("--seed", type=int, default=1, help="the match seed (default: 1)")
    p.add_argument("--address", default=None, metavar="auto|local|HOST:PORT",
                   help="Ray: `auto` joins the running cluster, `local` starts Ray here, "
                   "HOST:PORT or ray://HOST:PORT a given cluster; leave out to play without Ray")
    p.add_argument("--workers", type=int, default=None,
                   help="threads (without Ray) or CPUs (local Ray) (default: all cores)")
    p.add_argument("--batch-size", type=int, default=None, help="games per Ray task")
    p.add_argument("--cpus-per-task", type=int, default=1,
                   help="CPUs Ray reserves for each task (default 1); give 2 for a player that "
                   "searches on two threads (mcts:200ms), so that its threads do not share a core")
    p.add_argument("--sprt", default=None, metavar="ELO0,ELO1",
                   help="stop when a sequential probability ratio test decides between \"a is ELO0 "
                   "Elo stronger than b\" and \"a is ELO1 stronger\" (as `dust1947 sim --sprt`); "
                   "--games is then the most games to play")
    p.add_argument("--alpha", type=float, default=0.05, help="the SPRT's chance of accepting H1 when H0 holds")
    p.add_argument("--beta", type=float, default=0.05, help="the SPRT's chance of accepting H0 when H1 holds")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _elo(x, inf):
    if x is None:
        return inf
    return "0" if round(x) == 0 else f"{x:+.0f}"


def main(argv=None):
    args = _parser().parse_args(argv)
    scenario, text = args.scenario, None
    if scenario is not None and os.path.isfile(scenario):
        with open(scenario, encoding="utf-8") as f:
            scenario, text = None, f.read()
    try:
        progress = None
        if not args.json and sys.stderr.isatty():
            def progress(done, n):
                print(f"\r{done}/{n} games", end="", file=sys.stderr, flush=True)
        s, _ = distributed.run_match(
            a=args.a, b=args.b, games=args.games, scenario=scenario, edition=args.edition,
            seed=args.seed, players_setup=args.setup == "players", scenario_text=text,
            address=args.address, batch_size=args.batch_size, workers=args.workers,
            progress=progress, sprt=args.sprt, alpha=args.alpha, beta=args.beta,
            cpus_per_task=args.cpus_per_task)
    except (ValueError, RuntimeError) as e:
        print(f"selfplay: {e}", file=sys.stderr)
        return 2
    if progress:
        print(file=sys.stderr)
    if args.json:
        print(json.dumps(s, indent=2))
        return 0
    g = max(s["games"], 1)
    pct = lambda x: 100.0 * x / g  # noqa: E731
    print(f"selfplay: a = {s['a']} vs b = {s['b']}, {s['games']} games on {s['scenario']} "
          f"(seed {s['seed']}, {s['backend']}, {s['tasks']} tasks of {s['batch_size']}, "
          f"{s['wall_seconds']:.1f}s)")
    print(f"  a wins {s['a_wins']} ({pct(s['a_wins']):.1f}%), b wins {s['b_wins']} "
          f"({pct(s['b_wins']):.1f}%), draws {s['draws']} ({pct(s['draws']):.1f}%)")
    print(f"  mean victory points: a {s['mean_vp_a']:.1f}, b {s['mean_vp_b']:.1f}; "
          f"mean rounds {s['mean_rounds']:.1f}")
    if s["elo"] is None:
        print(f"  Elo difference a - b: not finite, {'a' if s['score'] >= 1 else 'b'} scored "
              f"every point (score {s['score']:.3f})")
    else:
        print(f"  Elo difference a - b: {_elo(s['elo'], '')} (95% interval "
              f"{_elo(s['elo_low'], 'unbounded')} .. {_elo(s['elo_high'], 'unbounded')}), "
              f"score {s['score']:.3f}")
    p = s["pentanomial"]
    print(f"  pairs (one seed, sides swapped): {s['pairs']}; a scored 0 / ½ / 1 / 1½ / 2 points "
          f"in {p[0]} / {p[1]} / {p[2]} / {p[3]} / {p[4]} of them")
    if "sprt" in s:
        t = s["sprt"]
        verdict = {"H1": "H1 accepted: a is stronger by the upper Elo",
                   "H0": "H0 accepted: a is not stronger by more than the lower Elo"}.get(
                       t["result"], "undecided after every game")
        print(f"  SPRT Elo {t['elo0']:g} vs {t['elo1']:g} (alpha {t['alpha']:g}, beta {t['beta']:g}): "
              f"LLR {t['llr']:.2f} in [{t['lower']:.2f}, {t['upper']:.2f}]: {verdict}")
    print(f"  balance: side A won {pct(s['side_a_wins']):.1f}%, side B won "
          f"{pct(s['side_b_wins']):.1f}%")
    if s["failed"]:
        print(f"  {s['failed']} games did not finish (engine bug)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
