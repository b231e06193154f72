#!/usr/bin/env bash
# Issue 5, "Measures": the benchmark's full activation computed by dust_core::odds
# (examples/odds_reference.rs) and by the Python dice library icepool (icepool_reference.py)
# must agree to 1e-9 on every probability (the activation's health lost, each line's hits and
# hits after cover, P(destroyed), the mean); prints the largest difference and the speed ratio
# (icepool's time per computation / ours).
#
#   crates/dust-core/benches/compare_icepool.sh [SECONDS]
#
# Needs python3 with icepool (`pip install icepool`). SECONDS: how long the Rust side repeats
# its computation to time it (default 1). Exits 1 when the answers differ by more than 1e-9.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
secs="${1:-1}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

python3 -c 'import icepool' 2>/dev/null || { echo "compare_icepool.sh: python3 cannot import icepool: pip install icepool" >&2; exit 2; }
cargo build --release -q -p dust-core --example odds_reference
"$root/target/release/examples/odds_reference" "$secs" >"$tmp/rust.json"
python3 "$here/icepool_reference.py" --repeat 10 >"$tmp/icepool.json"

python3 - "$tmp/rust.json" "$tmp/icepool.json" <<'PY'
import json, sys
rust = json.load(open(sys.argv[1]))
ice = json.load(open(sys.argv[2]))
TOL = 1e-9

def diff(a, b):
    n = max(len(a), len(b))
    a = a + [0.0] * (n - len(a))
    b = b + [0.0] * (n - len(b))
    return max(abs(x - y) for x, y in zip(a, b))

worst = []
worst.append(("loss", diff(rust["loss"], ice["loss"])))
worst.append(("destroyed", abs(rust["destroyed"] - ice["destroyed"])))
worst.append(("mean", abs(rust["mean"] - ice["mean"])))
ice_lines = {l["name"]: l for l in ice["lines"]}
for l in rust["lines"]:
    i = ice_lines[l["name"]]
    for key in ("hits", "after_cover"):
        worst.append((f'{l["name"]} {key}', diff(l[key], i[key])))
what, m = max(worst, key=lambda w: w[1])
print(f'icepool {ice["icepool_version"]} (Python {ice["python_version"]}), laser chain depth {ice["laser_depth"]}')
print(f'health lost, ours:    {["%.12f" % p for p in rust["loss"]]}')
print(f'health lost, icepool: {["%.12f" % p for p in ice["loss"]]}')
print(f'max |difference| over {len(worst)} distributions and values: {m:.3e} ({what}); tolerance {TOL:.0e}')
r, i, i0 = rust["seconds"], ice["seconds"], ice["seconds_first"]
print(f'time per computation: dust_core::odds {r * 1e6:.1f} µs (odds(), {rust["repeat"]} calls; '
      f'activation_loss() {rust["seconds_loss_only"] * 1e6:.1f} µs), '
      f'icepool {i * 1e3:.1f} ms (median of {ice["repeat"]}; first call {i0 * 1e3:.1f} ms)')
print(f'speed ratio (icepool time / ours): {i / r:.0f}x (first icepool call: {i0 / r:.0f}x)')
if m > TOL:
    print(f"FAIL: the answers differ by {m:.3e} > {TOL:.0e}", file=sys.stderr)
    sys.exit(1)
print("OK: equal to 1e-9")
PY
