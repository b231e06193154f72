"""Games per second of `dust1947.selfplay` with 1 and 2 workers, locally (Rust threads, no
Ray) and on a local Ray, beside `dust1947 sim` itself (the native binary, when given) playing
the same games in the same run (docs/python.md, "Speed").

    python crates/dust-py/bench/bench_selfplay.py [--games 20000] [--sim target/release/dust1947]

Every measure plays the same games (greedy against random on the duel, seed 1); the rows are
checked equal, so a measure cannot be fast by playing other games. Tasks are large (500 games,
0.05 to 0.3 s on this machine) so that Ray's cost per task (a round trip of a few milliseconds) is small
beside them.

On a machine shared with other work the wall clock says how many cores the other processes
left, more than what the code does with them. So every task also measures the processor time
of the worker that ran it (``run_match``'s ``task_cpu_seconds``): games per processor second
are the code's speed whatever the load, and their ratio with 2 workers and 1 says what two
workers cost each other (Ray's own processes, caches, memory); twice that ratio is the speed-up
two workers would have on two cores of their own. Ray is measured twice: workers as the
kernel places them, then each pinned to a core of its own (``pin_cores``). The load average is
printed along.
"""

import argparse
import json
import os
import subprocess
import time

from dust1947 import distributed


def load():
    """The load averages over 1, 5 and 15 minutes."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--batch-size", type=int, default=500, help="games per Ray task")
    ap.add_argument("--a", default="greedy")
    ap.add_argument("--b", default="random")
    ap.add_argument("--scenario", default="duel")
    ap.add_argument("--sim", default=None, help="the dust1947 binary (a release build) to compare with")
    args = ap.parse_args(argv)
    kw = dict(a=args.a, b=args.b, games=args.games, scenario=args.scenario, seed=1,
              batch_size=args.batch_size)
    print(f"selfplay bench: {args.a} vs {args.b} on {args.scenario}, {args.games} games, "
          f"{args.batch_size} per Ray task; load average {load()}")
    rates, cpu_rates = {}, {}
    reference = None
    if args.sim:
        for threads in (1, 2):
            out = subprocess.run([args.sim, "sim", "--a", args.a, "--b", args.b, "--games", str(args.games),
                                  "--scenario", args.scenario, "--seed", "1", "--json", "--threads", str(threads)],
                                 check=True, capture_output=True, text=True)
            s = json.loads(out.stdout)
            rates[("sim", threads)] = s["games"] / s["wall_seconds"]
            print(f"  dust1947 sim, {threads} thread(s)          {rates[('sim', threads)]:10,.0f} games/s")
    for w in (1, 2):
        s, rows = distributed.run_match(workers=w, **kw)
        reference = reference or rows
        assert rows == reference
        rates[("local", w)] = s["games"] / s["wall_seconds"]
        cpu_rates[("local", w)] = s["games"] / s["task_cpu_seconds"]
        print(f"  selfplay, no Ray, {w} thread(s)       {rates[('local', w)]:10,.0f} games/s  "
              f"{cpu_rates[('local', w)]:8,.0f} games per CPU second")
    try:
        import ray
    except ImportError:
        print("  ray is not installed")
        return 0
    for pin in (False, True):
        for w in (1, 2):
            # A Ray of w CPUs, every task submitted at once: Ray keeps its w workers busy (no
            # round trip of the driver between two tasks of a worker). With `pin`, each worker
            # process pins itself to a core of its own (core 0, or cores 0 and 1).
            cores = list(range(w)) if pin else None
            ray.init(num_cpus=w, include_dashboard=False, log_to_driver=False)
            distributed.run_match(address="local", pin_cores=cores,
                                  **dict(kw, games=2 * w * args.batch_size))  # start the workers
            start = time.perf_counter()
            s, rows = distributed.run_match(address="local", pin_cores=cores, **kw)
            wall = time.perf_counter() - start
            assert rows == reference
            key = ("ray", w, pin)
            rates[key] = s["games"] / wall
            cpu_rates[key] = s["games"] / s["task_cpu_seconds"]
            got = s["task_cpu_seconds"] / wall
            print(f"  selfplay on Ray, {w} worker(s){', pinned' if pin else '        '} {rates[key]:10,.0f} games/s  "
                  f"{cpu_rates[key]:8,.0f} games per CPU second of the workers; they got {got:.2f} cores "
                  f"({s['tasks']} tasks, workers {s['worker_pids']}"
                  f"{', cores ' + str(s['worker_cores']) if pin else ''}; load average {load()})")
            if w == 1 and not pin:
                # Ray's own cost per task: 200 tasks of one pair of games each, less the time of
                # their 400 games at the rate just measured.
                start = time.perf_counter()
                distributed.run_match(address="local", **dict(kw, games=400, batch_size=2))
                per_task = (time.perf_counter() - start - 400 / rates[key]) / 200
                print(f"  Ray's cost per task (1 worker)          {1e3 * per_task:10.2f} ms: "
                      f"{1e6 * per_task / args.batch_size:.1f} us per game in tasks of {args.batch_size}")
            ray.shutdown()
    for pin in (False, True):
        one, two = ("ray", 1, pin), ("ray", 2, pin)
        print(f"  Ray{', pinned' if pin else ''}: 2 workers / 1 worker: wall {rates[two] / rates[one]:.2f}x; "
              f"per CPU second of the workers {cpu_rates[two] / cpu_rates[one]:.2f}x, so "
              f"{2 * cpu_rates[two] / cpu_rates[one]:.2f}x on two cores of its own")
    base = rates.get(("sim", 1), rates[("local", 1)])
    print(f"  overhead per game on Ray (1 worker) over {'sim' if ('sim', 1) in rates else 'no Ray'}: "
          f"wall {1e6 / rates[('ray', 1, False)] - 1e6 / base:,.0f} us; processor time "
          f"{1e6 / cpu_rates[('ray', 1, False)] - 1e6 / cpu_rates[('local', 1)]:,.1f} us over the same games "
          f"without Ray ({1e6 / cpu_rates[('local', 1)]:,.0f} us)")
    print(f"  load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
