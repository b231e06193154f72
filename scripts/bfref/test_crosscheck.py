"""pytest: the oracles of `dust1947 battlefield` agree with the independent reference on a few
seeded random tables (scripts/bfref/crosscheck.py; a larger sweep is the script itself).
DUST1947_BIN names the binary (default target/debug/dust1947); BFREF_TABLES how many tables
(default 3, about 20 s)."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def test_oracles_agree_with_the_reference(tmp_path):
    binary = os.environ.get("DUST1947_BIN", os.path.join(ROOT, "target", "debug", "dust1947"))
    tables = os.environ.get("BFREF_TABLES", "3")
    p = subprocess.run(
        [sys.executable, os.path.join(HERE, "crosscheck.py"), "--bin", binary, "--seed", "11", "--tables", tables, "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert " 0 disagreements" in p.stdout, p.stdout
