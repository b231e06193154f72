"""Tests of scripts/strength_suite.py (issue 21's measurements as one suite)."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))

import strength_suite as suite  # noqa: E402

BIN = os.environ.get("DUST1947_BIN", os.path.join(ROOT, "target", "debug", "dust1947"))


def shipped_scenarios():
    """The names `dust1947 scenario list` prints, one scenario a line."""
    out = subprocess.run([BIN, "scenario", "list"], capture_output=True, text=True, check=True).stdout
    return {line.split()[0] for line in out.splitlines() if line.strip()}, out


@pytest.mark.skipif(not os.path.exists(BIN), reason="the dust1947 binary is not built")
def test_the_plan_covers_every_shipped_scenario_in_every_set_up():
    found, listing = shipped_scenarios()
    assert found == set(suite.REVISED + suite.BATTLEFRONT), listing
    names = {r.name for r in suite.plan()}
    for s in suite.REVISED:
        assert f"strength/{s}" in names and f"strength/{s}+players" not in names
    for s in suite.BATTLEFRONT:
        for kind in ("greedy-random", "fair-greedy", "fair-mcts", "strength", "more-search"):
            assert f"{kind}/{s}" in names and f"{kind}/{s}+players" in names
    twice = [r for r in suite.plan("200ms") if r.name.startswith("more-search/")]
    assert all(r.a == "mcts:400ms" and r.b == "mcts:200ms" for r in twice)


def test_verdicts_follow_the_issues_targets():
    run = suite.Run("strength/x", "beats:0.75", "mcts:200ms", "greedy", "annihilation", "scenario")
    s = dict(pairs=200, games=400, score=0.76, elo=200.0, elo_low=150.0, elo_high=250.0, draws=0,
             worst_overshoot_ms=12.0)
    assert suite.verdict(run, s)[1] == "met"
    assert suite.verdict(run, dict(s, score=0.74))[1] == "NOT met"
    assert suite.verdict(run, dict(s, worst_overshoot_ms=51.0))[1].startswith("NOT met")
    assert "indicative" in suite.verdict(run, dict(s, pairs=6, games=12))[1]
    fair = suite.Run("fair-greedy/encounter", "fair", "greedy", "greedy", "encounter", "scenario")
    f = dict(pairs=200, games=400, score=0.5, draws=0, balance=dict(side_a_wins=180),
             games_with_a_unit_destroyed=399)
    assert suite.side_a_score(f) == 0.45
    assert suite.verdict(fair, f)[1] == "met"
    assert suite.verdict(fair, dict(f, balance=dict(side_a_wins=179)))[1] == "NOT met"
    assert "fights" in suite.verdict(fair, dict(f, games_with_a_unit_destroyed=370))[1]


def test_the_cost_estimate_counts_the_searching_sides():
    assert suite.game_cpu("greedy", "random") == suite.CHEAP_GAME_CPU
    one = suite.game_cpu("mcts:200ms", "greedy") - suite.CHEAP_GAME_CPU
    assert one == pytest.approx(suite.SEARCH_DECISIONS * 0.2 * 2)
    assert suite.game_cpu("mcts:400ms", "mcts:200ms") - suite.CHEAP_GAME_CPU == pytest.approx(3 * one)
    assert suite.game_cpu("mcts:200ms,threads=1", "greedy") - suite.CHEAP_GAME_CPU == pytest.approx(one / 2)


@pytest.mark.skipif(not os.path.exists(BIN), reason="the dust1947 binary is not built")
def test_a_run_is_saved_and_not_played_again(tmp_path, capsys):
    args = ["--out", str(tmp_path), "--pairs", "1", "--only", "^greedy-random/annihilation$", "--bin", BIN,
            "--threads", "1"]
    assert suite.main(args) == 0
    path = tmp_path / "greedy-random__annihilation.json"
    s = json.loads(path.read_text())
    assert s["pairs"] == 1 and s["games"] == 2 and s["a"] == "greedy" and s["b"] == "random"
    assert s["suite"]["command"].startswith("dust1947 sim --a greedy --b random --games 2")
    stamp = path.stat().st_mtime_ns
    capsys.readouterr()
    assert suite.main(args) == 0
    assert "already played" in capsys.readouterr().err
    assert path.stat().st_mtime_ns == stamp


def test_bad_input_is_refused_with_its_reason(capsys):
    for args, words in [(["--only", "nothing-matches-this"], "matches no run"), (["--only", "("], "not a regular"),
                        (["--pairs", "0"], "at least 1"), (["--budget", "fast"], "200ms")]:
        with pytest.raises(SystemExit) as e:
            suite.main(args + ["--list"])
        assert e.value.code == 2
        assert words in capsys.readouterr().err
