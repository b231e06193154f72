#!/usr/bin/env python3
"""Issue 21's measurements, all of them, as one resumable suite (docs/ai.md, "The whole suite").

    python3 scripts/strength_suite.py --list                 # the runs, and what they cost
    python3 scripts/strength_suite.py --out target/suite     # play them here, with `dust1947 sim`
    python3 scripts/strength_suite.py --out DIR --only 'strength/.*' --address auto
                                                             # on a Ray cluster (dust1947.selfplay)
    python3 scripts/strength_suite.py --out DIR --report     # the verdicts, as a Markdown table

Each run is one paired match (`dust1947 sim --json`: each pair is one seed played twice with the
sides swapped) saved as DIR/<run>.json as soon as it ends, so a suite cut off starts again where
it stopped (a run whose file has the pairs asked for is not played again). The targets are the
issue's:

- greedy-random/<scenario>: greedy beats random, score >= 95%;
- fair-greedy/<scenario>: greedy against greedy, side A scores 45-55%; on the battlefront
  scenarios also "the AI fights": a unit is destroyed in >= 95% of the games;
- fair-mcts/<scenario>: mcts:200ms against itself, side A scores 45-55%;
- strength/<scenario>: mcts:200ms beats greedy, score >= 75%;
- more-search/<scenario>: mcts:400ms (twice the time) beats mcts:200ms, score >= 55%;
- and every run with a time budget keeps its decisions within budget + 50 ms (sim's worst
  overshoot; not reported by Ray).

Every shipped Tactics scenario of both editions is in the plan, the battlefront ones in both
set-ups (`--setup scenario` and `--setup players`). A verdict over fewer than 200 pairs is
marked "indicative". The CPU estimate of `--list` uses the cost per game measured on this
project's 2-core machine (below); `--list` says what the whole suite needs, which is the reason
issue 21's 200-pair measurements of searching players are run on a cluster, not here.

Stdlib only. Local runs need the `dust1947` binary (`--bin`, default target/release/dust1947,
built with `cargo build --release --bin dust1947`); Ray runs need the dust1947 Python package
and Ray (`python -m dust1947.selfplay`, docs/python.md "Self-play on Ray").
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

REVISED = ["annihilation", "custom-battle", "hold-the-crossroads"]
BATTLEFRONT = ["encounter", "all-out-attack", "grab-the-dust", "bait-and-flank", "supply-drop"]

# CPU seconds a game costs, by player, measured on the project's machine (docs/ai.md): a
# greedy or random side costs little; a time-budgeted search costs its budget times its
# threads for each decision that searches: about 36 a game (2026-11-27 20:30 UTC, quiet
# machine: 18 games of mcts:200ms against greedy on annihilation, custom-battle and
# bait-and-flank took 258 CPU-seconds, 14.3 a game, 0.4 CPU-second a searched decision).
SEARCH_DECISIONS = 36
CHEAP_GAME_CPU = 0.05


def budget_seconds(spec):
    """The per-decision time budget of a player spec (mcts:200ms -> 0.2), or None."""
    m = re.match(r"^mcts:(\d+(?:\.\d+)?)(ms|s)\b", spec)
    if not m:
        return None
    v = float(m.group(1))
    return v / 1000 if m.group(2) == "ms" else v


def threads_of(spec):
    m = re.search(r"threads=(\d+)", spec)
    return int(m.group(1)) if m else (2 if spec.startswith("mcts") else 1)


def game_cpu(a, b):
    """Estimated CPU seconds of one game between the two player specs."""
    cpu = CHEAP_GAME_CPU
    for p in (a, b):
        t = budget_seconds(p)
        if t is not None:
            cpu += SEARCH_DECISIONS * t * threads_of(p)
    return cpu


class Run:
    def __init__(self, name, kind, a, b, scenario, setup):
        self.name, self.kind, self.a, self.b = name, kind, a, b
        self.scenario, self.setup = scenario, setup

    def file(self, out):
        return os.path.join(out, self.name.replace("/", "__") + ".json")

    def sim_args(self, pairs, seed):
        args = ["sim", "--a", self.a, "--b", self.b, "--games", str(2 * pairs), "--seed", str(seed),
                "--scenario", self.scenario, "--json"]
        if self.setup == "players":
            args += ["--setup", "players"]
        return args

    def command(self, pairs, seed):
        return "dust1947 " + " ".join(self.sim_args(pairs, seed))


def plan(budget="200ms"):
    """Every run issue 21 asks for."""
    mcts, twice = f"mcts:{budget}", f"mcts:{_twice(budget)}"
    runs = []
    where = [(s, "scenario") for s in REVISED] + [(s, st) for s in BATTLEFRONT for st in ("scenario", "players")]
    for scenario, setup in where:
        tag = scenario + ("+players" if setup == "players" else "")
        runs.append(Run(f"greedy-random/{tag}", "beats:0.95", "greedy", "random", scenario, setup))
        runs.append(Run(f"fair-greedy/{tag}", "fair", "greedy", "greedy", scenario, setup))
        runs.append(Run(f"fair-mcts/{tag}", "fair", mcts, mcts, scenario, setup))
        runs.append(Run(f"strength/{tag}", "beats:0.75", mcts, "greedy", scenario, setup))
        runs.append(Run(f"more-search/{tag}", "beats:0.55", twice, mcts, scenario, setup))
    return runs


def _twice(budget):
    m = re.match(r"^(\d+)(ms|s)$", budget)
    if not m:
        raise ValueError(f"budget {budget!r}: write it as 200ms or 2s")
    return f"{2 * int(m.group(1))}{m.group(2)}"


def side_a_score(s):
    games = s.get("games") or 0
    if not games:
        return None
    return (s["balance"]["side_a_wins"] if "balance" in s else s["side_a_wins"]) / games + s["draws"] / (2 * games)


def interval(p, n):
    """A 95% normal interval of a share over n games."""
    if p is None or not n:
        return None
    h = 1.96 * math.sqrt(max(p * (1 - p), 1e-12) / n)
    return max(0.0, p - h), min(1.0, p + h)


def verdict(run, s):
    """(figure text, verdict) for a finished run's summary."""
    pairs = s.get("pairs", 0)
    small = pairs < 200
    notes = []
    if run.kind == "fair":
        p = side_a_score(s)
        lo, hi = interval(p, s["games"])
        fig = f"side A {p:.3f} ({lo:.3f}-{hi:.3f})"
        ok = 0.45 <= p <= 0.55
    else:
        target = float(run.kind.split(":")[1])
        p = s["score"]
        fig = f"score {p:.3f}, Elo {_elo(s.get('elo'))} ({_elo(s.get('elo_low'))}..{_elo(s.get('elo_high'))})"
        ok = p >= target
    if run.name.startswith("fair-greedy/") and run.scenario in BATTLEFRONT and "games_with_a_unit_destroyed" in s:
        share = s["games_with_a_unit_destroyed"] / s["games"]
        fig += f"; a unit destroyed in {share:.1%}"
        if share < 0.95:
            ok = False
            notes.append("fights < 95%")
    over = s.get("worst_overshoot_ms")
    if over is not None:
        fig += f"; worst overshoot {over:.0f} ms"
        if over > 50:
            ok = False
            notes.append("over budget + 50 ms")
    word = "met" if ok else "NOT met"
    if small:
        word += f" (indicative: {pairs} pairs)"
    if notes:
        word += " — " + ", ".join(notes)
    return fig, word


def _elo(x):
    if x is None:
        return "∞"
    return f"{x:+.0f}"


def play(run, pairs, seed, args):
    if args.address:
        cmd = [args.python, "-m", "dust1947.selfplay", "--a", run.a, "--b", run.b, "--games", str(2 * pairs),
               "--seed", str(seed), "--scenario", run.scenario, "--setup", run.setup, "--address", args.address,
               "--json"]
        if budget_seconds(run.a) or budget_seconds(run.b):
            cmd += ["--cpus-per-task", str(max(threads_of(run.a), threads_of(run.b)))]
    else:
        cmd = [args.bin] + run.sim_args(pairs, seed)
        if args.threads:
            cmd += ["--threads", str(args.threads)]
    t = time.time()
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr.strip()[-500:]}")
    s = json.loads(out.stdout)
    s["suite"] = dict(run=run.name, command=run.command(pairs, seed), backend="ray" if args.address else "sim",
                      seconds=time.time() - t, finished=time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                      load=os.getloadavg()[0] if hasattr(os, "getloadavg") else None)
    return s


def load(run, out):
    try:
        with open(run.file(out), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def report(runs, out, pairs, seed):
    lines = ["| run | pairs | figure | verdict | command |", "| --- | --- | --- | --- | --- |"]
    for run in runs:
        s = load(run, out)
        if s is None:
            lines.append(f"| {run.name} | — | not played | — | `{run.command(pairs, seed)}` |")
            continue
        fig, word = verdict(run, s)
        lines.append(f"| {run.name} | {s.get('pairs')} | {fig} | {word} | `{s['suite']['command']}` |")
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(prog="strength_suite.py", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="Targets and cost: see the module text (python3 scripts/strength_suite.py --list).")
    p.add_argument("--out", default="target/suite", help="folder of the runs' JSON (default: target/suite)")
    p.add_argument("--pairs", type=int, default=200, help="pairs a run (default: 200, the issue's)")
    p.add_argument("--seed", type=int, default=1, help="match seed (default: 1)")
    p.add_argument("--budget", default="200ms", help="the searching player's time (default: 200ms)")
    p.add_argument("--only", default=None, metavar="REGEX", help="the runs whose name matches")
    p.add_argument("--list", action="store_true", help="print the runs and their estimated CPU time; play nothing")
    p.add_argument("--report", action="store_true", help="print the verdicts of the runs played; play nothing")
    p.add_argument("--bin", default="target/release/dust1947", help="the dust1947 binary (local runs)")
    p.add_argument("--threads", type=int, default=None, help="games at once in a local run (sim --threads)")
    p.add_argument("--address", default=None, metavar="auto|local|HOST:PORT",
                   help="play through Ray (python -m dust1947.selfplay --address ...) instead of sim")
    p.add_argument("--python", default=sys.executable, help="the Python with dust1947 and Ray (Ray runs)")
    args = p.parse_args(argv)
    if args.pairs < 1:
        p.error("--pairs must be at least 1")
    try:
        runs = plan(args.budget)
    except ValueError as e:
        p.error(str(e))
    if args.only:
        try:
            rx = re.compile(args.only)
        except re.error as e:
            p.error(f"--only {args.only!r} is not a regular expression: {e}")
        runs = [r for r in runs if rx.search(r.name)]
        if not runs:
            p.error(f"--only {args.only!r} matches no run (see --list)")
    if args.list:
        total = 0.0
        for r in runs:
            cpu = 2 * args.pairs * game_cpu(r.a, r.b)
            total += cpu
            print(f"{r.name:40} {cpu / 3600:8.2f} CPU-hours  {r.command(args.pairs, args.seed)}")
        print(f"{len(runs)} runs, about {total / 3600:.1f} CPU-hours at {args.pairs} pairs a run "
              f"({total / 3600 / 2:.1f} hours of a 2-core machine)")
        return 0
    if args.report:
        print(report(runs, args.out, args.pairs, args.seed))
        return 0
    if not args.address and not os.path.exists(args.bin):
        p.error(f"{args.bin} does not exist: build it with `cargo build --release --bin dust1947` or give --bin")
    os.makedirs(args.out, exist_ok=True)
    for i, r in enumerate(runs, 1):
        have = load(r, args.out)
        if have is not None and have.get("pairs", 0) >= args.pairs:
            print(f"[{i}/{len(runs)}] {r.name}: already played ({have['pairs']} pairs)", file=sys.stderr)
            continue
        print(f"[{i}/{len(runs)}] {r.name}: {r.command(args.pairs, args.seed)} "
              f"(about {2 * args.pairs * game_cpu(r.a, r.b) / 60:.0f} CPU-minutes)", file=sys.stderr, flush=True)
        try:
            s = play(r, args.pairs, args.seed, args)
        except RuntimeError as e:
            print(f"strength_suite: {e}", file=sys.stderr)
            return 1
        tmp = r.file(args.out) + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(s, f, indent=1)
        os.replace(tmp, r.file(args.out))
        fig, word = verdict(r, s)
        print(f"    {fig}: {word} ({s['suite']['seconds']:.0f} s)", file=sys.stderr, flush=True)
    print(report(runs, args.out, args.pairs, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
