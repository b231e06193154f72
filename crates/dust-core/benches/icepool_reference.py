#!/usr/bin/env python3
"""The benchmark's full activation computed with the Python dice library icepool (issue 5,
"Measures"): an independent, exact reference for `dust_core::odds`.

The attack is the one of `odds_activation/mod.rs` (the Rust benchmark, example and test):

* Laser Rifle: 1 die per carrier, three carriers, laser (each hit rerolled until it misses);
* MG: 3 dice per carrier, two carriers;
* Panzerfaust: limited ammo, one spent, 1 die;

every line 1 damage per hit, a SUSTAINED ATTACK (failed dice of the first roll rerolled once,
before the laser chain), against a squad of five soldiers in hard cover (one die per hit, a miss
saves it: each hit kept with chance 1/3). The dice are the revised edition's: a hit is 2 faces
of 6. The health lost is min(5, unsaved hits); no line is Incendiary, so the order of the lines
does not change it.

icepool computes with exact integer weights. The laser chain is infinite: it is built with
`Die.explode(depth=LASER_DEPTH)`, which stops after LASER_DEPTH rerolls and puts the rest of the
chain (probability (1/3)^(LASER_DEPTH+1) per hit, below 1e-14 for three dice) on the last
outcome; that cut is the only approximation.

Usage:
    python3 crates/dust-core/benches/icepool_reference.py [--repeat N] [--fixture]

prints one JSON object: the distributions (`loss`, per line `hits` and `after_cover`),
`destroyed`, `mean`, the icepool version and, without --fixture, the time per computation:
`seconds_first` (the first computation in the process) and `seconds` (median of N more;
icepool caches some intermediate results, so the repeats are faster).
`compare_icepool.sh` runs it next to the Rust computation.
"""

import argparse
import json
import statistics
import sys
import time

import icepool
from icepool import Die

LASER_DEPTH = 30
HEALTH = 5
COMMAND = "python3 crates/dust-core/benches/icepool_reference.py --fixture > crates/dust-core/tests/fixtures/icepool_activation.json"


def compute():
    """The exact distributions: {line: (hits, after cover)} and the health lost."""
    die = Die({0: 4, 1: 2})  # one revised die: 1 = a hit (2 faces of 6)
    sustained = die.reroll([0], depth=1)  # a failed die is rerolled once
    # Laser: a hit is rerolled until it misses, each further hit counts; explode adds the
    # rerolls' hits (0 on the miss that ends the chain).
    chain = die.explode([1], depth=LASER_DEPTH)
    laser = sustained.map(lambda x: 0 if x == 0 else 1 + chain)
    keep = Die({0: 2, 1: 1})  # hard cover: a miss (4 faces of 6) saves the hit
    lines = {}
    for name, per_die, dice in (("Laser Rifle", laser, 3), ("MG", sustained, 2 * 3), ("Panzerfaust", sustained, 1)):
        hits = dice @ per_die
        after = hits.map(lambda h: h @ keep)
        lines[name] = (hits, after)
    total = sum((after for _, after in lines.values()), start=Die([0]))
    loss = total.map(lambda t: min(t, HEALTH))
    return lines, loss


def probs(d):
    """Probabilities indexed by outcome 0..max (exact fractions rounded once to floats)."""
    top = max(d.outcomes())
    den = d.denominator()
    return [d.quantity(k) / den for k in range(top + 1)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10, help="timed computations after the first (default 10)")
    ap.add_argument("--fixture", action="store_true", help="no timing: the test fixture")
    args = ap.parse_args()

    t0 = time.perf_counter()
    lines, loss = compute()
    first = time.perf_counter() - t0
    times = []
    for _ in range(0 if args.fixture else args.repeat):
        t = time.perf_counter()
        compute()
        times.append(time.perf_counter() - t)

    out = {
        "generator": "icepool_reference.py: the benchmark's full activation computed with icepool",
        "icepool_version": icepool.__version__,
        "python_version": sys.version.split()[0],
        "command": COMMAND,
        "laser_depth": LASER_DEPTH,
        "loss": probs(loss),
        "destroyed": loss.quantity(HEALTH) / loss.denominator(),
        "mean": float(loss.mean()),
        "lines": [{"name": n, "hits": probs(h), "after_cover": probs(a)} for n, (h, a) in lines.items()],
    }
    if not args.fixture:
        out["seconds_first"] = first
        out["seconds"] = statistics.median(times) if times else first
        out["repeat"] = len(times)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
