#!/usr/bin/env bash
# The Python package's tests (docs/python.md): a venv in target/py-venv with maturin, pytest,
# numpy, shapely, open_spiel, pettingzoo, gymnasium and ray from PyPI; builds the dust1947 wheel with
# maturin (and the dust1947 binary, whose `sim` the self-play tests compare with), installs it
# and runs pytest on crates/dust-py/tests. PYTHON chooses the interpreter (>= 3.9).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV=target/py-venv
if ! command -v "$PYTHON" >/dev/null; then
  echo "python-tests: $PYTHON is missing: install Python 3.9 or later" >&2
  exit 1
fi
if [ ! -x "$VENV/bin/python" ]; then
  echo "== python-tests: creating $VENV"
  "$PYTHON" -m venv "$VENV" || {
    echo "python-tests: '$PYTHON -m venv' failed (Debian: apt-get install python3-venv)" >&2
    exit 1
  }
fi
echo "== python-tests: installing maturin, pytest, numpy, open_spiel, pettingzoo, gymnasium, ray"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet maturin pytest numpy shapely
# The environments' libraries: their tests skip themselves when one is missing, so a failed
# install is reported but does not stop the run.
"$VENV/bin/python" -m pip install --quiet open_spiel pettingzoo gymnasium ||
  echo "python-tests: WARNING: open_spiel, pettingzoo or gymnasium did not install; their tests will be skipped" >&2
# Ray publishes wheels for CPython 3.9 to 3.13 on Linux x86_64 (ray 2.60.0: cp311 manylinux2014).
"$VENV/bin/python" -m pip install --quiet ray ||
  echo "python-tests: WARNING: ray did not install; the tests on a local Ray will be skipped" >&2
echo "== python-tests: building the dust1947 binary (the self-play tests compare with its sim)"
cargo build --quiet --bin dust1947
export DUST1947_BIN="$PWD/target/debug/dust1947"
echo "== python-tests: building the wheel (maturin build)"
rm -f target/wheels/dust1947-*.whl
(cd crates/dust-py && "../../$VENV/bin/maturin" build --interpreter "../../$VENV/bin/python" -o ../../target/wheels)
"$VENV/bin/python" -m pip install --quiet --force-reinstall --no-deps target/wheels/dust1947-*.whl
echo "== python-tests: pytest scripts/bfref (the Battlefield oracles against the shapely reference)"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider scripts/bfref
echo "== python-tests: pytest scripts/suite_tests (issue 21's measurement suite, scripts/strength_suite.py)"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider scripts/suite_tests
echo "== python-tests: pytest crates/dust-py/tests"
cd crates/dust-py/tests
"../../../$VENV/bin/python" -m pytest -q -p no:cacheprovider .
