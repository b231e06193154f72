"""Steps per second of a random agent through the package, beside references measured in the
same run (docs/python.md, "Speed"):

- the engine alone (``dust1947._native.engine_random_steps``: the same Rust calls, no Python);
- ``VecGames``: n games per call, the agent's random legal actions (``random_actions``), the
  opponent (random) and the dice inside ``step``, on 1 and 2 threads; the same for the strategy
  game (2 players) against the random and the greedy (heuristic) player;
- the PettingZoo AEC environment, one ``step`` at a time, and the overhead per step over the
  engine alone, in wall time and in processor time (the wall clock of a shared machine counts
  the waits for a core);
- OpenSpiel's own random simulation of backgammon: its C++ ``random_sim_test`` (games per
  second) and a Python loop over ``pyspiel`` (steps per second), as the Python loop over our
  OpenSpiel shape is.

    python crates/dust-py/bench/bench_steps.py [--seconds 2] [--scenario duel]

A "step" is one decision of the agent (the opponent's decisions and the dice come with it in
``VecGames``; in PettingZoo and OpenSpiel every decision of either player is a step).
Build the wheel in release mode first (``maturin build --release``): a debug build is far slower.
"""

import argparse
import random
import time

import numpy as np

import dust1947


def timed(fn, seconds):
    """Runs fn() (which returns a number of steps) until `seconds` pass; (steps, seconds)."""
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += fn()
    return steps, time.perf_counter() - start


def bench_engine(scenario, seconds):
    steps, t = dust1947._native.engine_random_steps(scenario, steps=20000, seed=1)
    total, elapsed = steps, t
    while elapsed < seconds:
        s, t = dust1947._native.engine_random_steps(scenario, steps=20000, seed=int(elapsed * 1000) + 2)
        total += s
        elapsed += t
    return total / elapsed


def bench_vecgames(scenario, n, threads, seconds):
    v = dust1947.VecGames(n, scenario=scenario, seed=1, opponent="random", threads=threads)
    v.reset()
    counter = [0]

    def one():
        counter[0] += 1
        v.step(v.random_actions(counter[0]))
        return n

    one()
    steps, t = timed(one, seconds)
    return steps / t


def bench_strategy_vecgames(players, opponent, n, threads, seconds):
    """Steps per second of the strategy game's VecGames: the agent's random legal actions, the
    other seats' decisions and the chance events inside ``step``."""
    v = dust1947.VecGames(n, game="strategy", players=players, seed=1, opponent=opponent, threads=threads)
    v.reset()
    counter = [0]

    def one():
        counter[0] += 1
        v.step(v.random_actions(counter[0]))
        return n

    one()
    steps, t = timed(one, seconds)
    return steps / t


def bench_pettingzoo(scenario, seconds):
    """Steps per second of the whole loop (the random agent reading the mask included), and
    the time per step spent in the environment's own calls (`last` and `step`) alone."""
    from dust1947.pettingzoo import env

    e = env(scenario=scenario)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    inside = [0.0]
    clock = time.perf_counter

    def one_game():
        e.reset(seed=int(rng.integers(1 << 30)))
        n = 0
        for agent in e.agent_iter():
            t0 = clock()
            obs, reward, term, trunc, info = e.last()
            t1 = clock()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[rng.integers(len(legal))])
            t2 = clock()
            e.step(action)
            inside[0] += (t1 - t0) + (clock() - t2)
            n += 1
        return n

    steps, t = timed(one_game, seconds)
    return steps / t, inside[0] / steps


def bench_pettingzoo_cpu(scenario, games=40):
    """Processor time per step of the environment's own calls, and of the engine alone.

    On a shared machine the wall clock counts the time the process waits for a core; the
    processor time (``time.process_time``) does not. The agent's actions are recorded in a first
    pass (seeded games), then replayed: the replay loop calls only ``last()`` and ``step()``,
    so it is timed whole, with no clock read per step. Returns (environment, engine) seconds per
    step."""
    from dust1947.pettingzoo import env

    e = env(scenario=scenario)
    rng = np.random.default_rng(2)
    recorded = []
    for g in range(games):
        e.reset(seed=g)
        actions = []
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            a = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            actions.append(a)
            e.step(a)
        recorded.append(actions)
    steps = sum(a is not None for actions in recorded for a in actions)
    start = time.process_time()
    for g, actions in enumerate(recorded):
        e.reset(seed=g)
        for a in actions:
            e.last()
            e.step(a)
    env_time = (time.process_time() - start) / steps
    start = time.process_time()
    n, _ = dust1947._native.engine_random_steps(scenario, steps=max(steps, 20000), seed=3)
    return env_time, (time.process_time() - start) / n


def bench_openspiel_shape(scenario, seconds):
    """A Python loop over the package's own OpenSpiel-shaped state (no pyspiel)."""
    game = dust1947.load_game("tactics", scenario=scenario)
    rng = random.Random(1)

    def one_game():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                o, p = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(o, p)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                n += 1
        return n

    steps, t = timed(one_game, seconds)
    return steps / t


def bench_backgammon(seconds):
    import pyspiel

    game = pyspiel.load_game("backgammon")
    rng = random.Random(1)
    lengths = []

    def one_game():
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                o, p = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(o, p)[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
                n += 1
        lengths.append(n)
        return n

    steps, t = timed(one_game, seconds)
    python_loop = steps / t
    # OpenSpiel's C++ random simulation (random_sim_test plays whole games with random actions
    # and its own checks): games per second, times the mean length of a game in decisions.
    sims = 20
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)
    cpp_games = sims / (time.perf_counter() - start)
    return python_loop, cpp_games, cpp_games * float(np.mean(lengths))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per measure")
    ap.add_argument("--scenario", action="append", help="scenarios (default: duel and annihilation)")
    ap.add_argument("--games", type=int, default=256, help="games per VecGames")
    args = ap.parse_args(argv)
    scenarios = args.scenario or ["duel", "annihilation"]
    print(f"dust1947 bench: random agents, {args.seconds:g} s per measure")
    for sc in scenarios:
        g = dust1947.load_game("tactics", scenario=sc)
        print(f"\n{sc}: {g.num_distinct_actions()} action ids, observation {g.observation_tensor_shape()}")
        engine = bench_engine(sc, args.seconds)
        print(f"  engine alone (Rust, random decisions)     {engine:12,.0f} steps/s  ({1e6 / engine:6.2f} us/step)")
        for threads in (1, 2):
            vg = bench_vecgames(sc, args.games, threads, args.seconds)
            print(f"  VecGames({args.games}), {threads} thread(s)            {vg:12,.0f} steps/s")
        shape = bench_openspiel_shape(sc, args.seconds)
        print(f"  OpenSpiel shape, Python loop              {shape:12,.0f} steps/s  ({1e6 / shape:6.2f} us/step)")
        try:
            # The overhead is a difference of two small times on a shared machine: both are the
            # best of five rounds (as timeit advises), the engine's measured again beside it.
            rounds = [bench_pettingzoo(sc, args.seconds / 5) for _ in range(5)]
            pz = max(r[0] for r in rounds)
            env_time = min(r[1] for r in rounds)
            engine = max(bench_engine(sc, args.seconds / 5) for _ in range(5))
            print(f"  PettingZoo AEC, one step at a time        {pz:12,.0f} steps/s  ({1e6 / pz:6.2f} us/step "
                  f"with the agent reading the mask)")
            print(f"    in the environment's last() + step()    {1 / env_time:12,.0f} steps/s  ({1e6 * env_time:6.2f} us/step, "
                  f"{1e6 * env_time - 1e6 / engine:6.2f} us over the engine's {1e6 / engine:.2f} us; best of 5)")
            cpu = [bench_pettingzoo_cpu(sc) for _ in range(3)]
            env_cpu, engine_cpu = min(c[0] for c in cpu), min(c[1] for c in cpu)
            print(f"    the same in processor time              {1 / env_cpu:12,.0f} steps/s  ({1e6 * env_cpu:6.2f} us/step, "
                  f"{1e6 * (env_cpu - engine_cpu):6.2f} us over the engine's {1e6 * engine_cpu:.2f} us; best of 3)")
        except ImportError:
            print("  PettingZoo: not installed")
    g = dust1947.load_game("strategy", players=2)
    print(f"\nstrategy game, 2 players: {g.num_distinct_actions()} action ids, observation "
          f"{g.observation_tensor_shape()}")
    for opponent in ("random", "greedy"):
        for threads in (1, 2):
            sv = bench_strategy_vecgames(2, opponent, 64, threads, args.seconds)
            print(f"  VecGames(64, game=\"strategy\") against {opponent:6s}, {threads} thread(s) {sv:10,.0f} steps/s")
    try:
        loop, games, steps = bench_backgammon(args.seconds)
        print("\nreference, OpenSpiel backgammon (same run):")
        print(f"  pyspiel, Python loop                      {loop:12,.0f} steps/s  ({1e6 / loop:6.2f} us/step)")
        print(f"  random_sim_test (C++)                     {steps:12,.0f} steps/s  ({games:,.0f} games/s)")
    except ImportError:
        print("\nreference: open_spiel is not installed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
