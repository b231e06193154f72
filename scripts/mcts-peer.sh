#!/bin/sh
# Issue 21: Dust 1947's MCTS and playout figures beside OpenSpiel's C++ MCTS bot on backgammon,
# measured in the same run on the same machine.
#   scripts/mcts-peer.sh [SECONDS]
# Needs OpenSpiel in a venv: python3 -m venv target/venv && target/venv/bin/pip install open_spiel
# (or set PYTHON to an interpreter that imports pyspiel).
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-target/venv/bin/python}
SECONDS_EACH=${1:-5}
if ! "$PYTHON" -c 'import pyspiel' 2>/dev/null; then
    echo "error: $PYTHON cannot import pyspiel; install OpenSpiel with:" >&2
    echo "  python3 -m venv target/venv && target/venv/bin/pip install open_spiel" >&2
    exit 2
fi
echo "== Dust 1947 (cargo bench -p dust-ai --bench search; its own figures, no criterion samples)"
# The filter matches no criterion benchmark: only the figures each benchmark prints first run.
cargo bench -q -p dust-ai --bench search -- no-criterion-samples 2>/dev/null | grep -E 'playouts|mcts|greedy'
echo "== OpenSpiel (peer)"
"$PYTHON" scripts/openspiel_mcts_peer.py "$SECONDS_EACH"
