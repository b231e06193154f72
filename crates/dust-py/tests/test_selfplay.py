"""dust1947.distributed and `python -m dust1947.selfplay`: the games and statistics of
`dust1947 sim`, game for game, locally and on a local Ray (a worker killed mid-run: its games
are played again and none is counted twice)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import dust1947
from dust1947 import distributed

ROOT = Path(__file__).resolve().parents[3]

# A tiny match: the duel (6x6, two squads, 4 rounds), random against greedy and random against
# random, so that both players win some games and some are drawn.
MATCHES = [("random", "greedy", 5), ("random", "random", 8)]
GAMES = 12


def sim_binary():
    """The `dust1947` binary (DUST1947_BIN, else target/release or target/debug)."""
    for p in [os.environ.get("DUST1947_BIN"), ROOT / "target/release/dust1947", ROOT / "target/debug/dust1947"]:
        if p and Path(p).is_file():
            return str(p)
    pytest.skip("the dust1947 binary is not built (cargo build --bin dust1947; scripts/python-tests.sh builds it)")


def run_sim(a, b, seed, tmp_path):
    records = tmp_path / f"records-{a}-{b}-{seed}"
    out = subprocess.run(
        [sim_binary(), "sim", "--a", a, "--b", b, "--games", str(GAMES), "--scenario", "duel",
         "--seed", str(seed), "--json", "--records", str(records), "--threads", "2"],
        check=True, capture_output=True, text=True)
    summary = json.loads(out.stdout)
    hashes = []
    for i in range(GAMES):
        text = (records / f"game-{i + 1:04}.toml").read_text()
        line = next(l for l in text.splitlines() if l.startswith("final_hash"))
        hashes.append(int(line.split('"')[1], 16))
    return summary, hashes


def assert_same_as_sim(summary, rows, sim, hashes):
    for key in ["games", "a_wins", "b_wins", "draws", "pentanomial", "pairs", "cut_off", "a", "b"]:
        assert summary[key] == sim[key], key
    for key in ["score", "elo", "elo_low", "elo_high", "mean_vp_a", "mean_vp_b", "mean_rounds"]:
        assert summary[key] == pytest.approx(sim[key]) if sim[key] is not None else summary[key] is None, key
    assert summary["side_a_wins"] == sim["balance"]["side_a_wins"]
    assert summary["side_b_wins"] == sim["balance"]["side_b_wins"]
    assert [r[0] for r in rows] == list(range(GAMES))
    assert [r[6] for r in rows] == hashes, "game for game, the same final states"


@pytest.mark.parametrize("a,b,seed", MATCHES)
def test_local_match_is_sim_game_for_game(a, b, seed, tmp_path):
    sim, hashes = run_sim(a, b, seed, tmp_path)
    summary, rows = distributed.run_match(a=a, b=b, games=GAMES, scenario="duel", seed=seed,
                                          workers=2, batch_size=4)
    assert summary["backend"] == "local" and summary["tasks"] == 3
    assert_same_as_sim(summary, rows, sim, hashes)


def test_batches_and_threads_do_not_change_the_games():
    one, rows1 = distributed.run_match(a="random", b="greedy", games=10, scenario="duel", seed=3,
                                       workers=1, batch_size=10)
    two, rows2 = distributed.run_match(a="random", b="greedy", games=9, scenario="duel", seed=3,
                                       workers=2, batch_size=2)
    assert rows1 == rows2, "9 games are rounded up to 5 pairs"
    assert one["pentanomial"] == two["pentanomial"]
    # Game 7 alone is game 7 of the match.
    sp = dust1947.SelfPlay(a="random", b="greedy", scenario="duel", seed=3)
    assert sp.play([7]) == [rows1[7]]
    assert dust1947.SelfPlay.a_side(7) == "B"


def test_a_game_is_never_counted_twice():
    rows = dust1947.SelfPlay(a="random", b="random", scenario="duel", seed=1).play([0, 1])
    with pytest.raises(ValueError, match="twice"):
        dust1947.summarize(rows + rows[:1])


def test_bad_arguments_are_refused_before_any_game():
    with pytest.raises(ValueError, match="minimax"):
        distributed.run_match(a="minimax", games=2, scenario="duel")
    with pytest.raises(ValueError, match="nowhere"):
        distributed.run_match(a="random", games=2, scenario="nowhere")
    with pytest.raises(ValueError):
        distributed.run_match(a="random", games=0, scenario="duel")


def test_the_command_line(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "dust1947.selfplay", "--a", "greedy", "--b", "random", "--games", "4",
         "--scenario", "duel", "--seed", "2", "--json"],
        check=True, capture_output=True, text=True)
    s = json.loads(out.stdout)
    assert (s["games"], s["a"], s["b"], s["backend"]) == (4, "greedy", "random", "local")
    text = subprocess.run(
        [sys.executable, "-m", "dust1947.selfplay", "--a", "greedy", "--b", "random", "--games", "2",
         "--scenario", "duel"], check=True, capture_output=True, text=True).stdout
    assert "pairs (one seed, sides swapped): 1" in text
    bad = subprocess.run([sys.executable, "-m", "dust1947.selfplay", "--a", "nobody"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "nobody" in bad.stderr


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_match_is_sim_game_for_game_after_a_worker_is_killed(local_ray, tmp_path):
    a, b, seed = MATCHES[0]
    sim, hashes = run_sim(a, b, seed, tmp_path)
    crash = tmp_path / "crash"
    crash.mkdir()
    summary, rows = distributed.run_match(a=a, b=b, games=GAMES, scenario="duel", seed=seed,
                                          address="local", batch_size=2, crash_once=str(crash))
    assert (crash / "crashed").exists(), "a worker was killed in the middle of its batch"
    assert summary["backend"] == "ray" and summary["tasks"] == GAMES // 2
    assert_same_as_sim(summary, rows, sim, hashes)


def test_ray_with_one_worker_at_a_time_plays_the_same_games(local_ray):
    _, local = distributed.run_match(a="random", b="greedy", games=8, scenario="duel", seed=4)
    s, rows = distributed.run_match(a="random", b="greedy", games=8, scenario="duel", seed=4,
                                    address="local", workers=1, batch_size=2)
    assert rows == local and s["tasks"] == 4


def test_players_set_up_battlefront_games_are_sim_games(tmp_path):
    """`sim --setup players`: each battlefront game begins with the players' set-up, seeded
    from the pair's seeds; the self-play plays the same set-ups and games."""
    records = tmp_path / "bf"
    out = subprocess.run(
        [sim_binary(), "sim", "--a", "greedy", "--b", "random", "--games", "4", "--scenario", "annihilation",
         "--edition", "battlefront", "--setup", "players", "--seed", "3", "--json", "--records", str(records)],
        check=True, capture_output=True, text=True)
    sim = json.loads(out.stdout)
    summary, rows = distributed.run_match(a="greedy", b="random", games=4, scenario="annihilation",
                                          edition="battlefront", players_setup=True, seed=3)
    hashes = []
    for i in range(4):
        text = (records / f"game-{i + 1:04}.toml").read_text()
        hashes.append(int(next(l for l in text.splitlines() if l.startswith("final_hash")).split('"')[1], 16))
    assert [r[6] for r in rows] == hashes
    assert (summary["a_wins"], summary["b_wins"], summary["draws"]) == (sim["a_wins"], sim["b_wins"], sim["draws"])
    assert summary["setup"] == "players"
    with pytest.raises(ValueError, match="battlefront"):
        distributed.run_match(a="greedy", b="random", games=2, scenario="annihilation",
                              edition="revised", players_setup=True)


def test_sprt_stops_at_sims_pair(tmp_path):
    """`--sprt 0,100`: greedy beats random on the duel in most pairs; the test accepts H1 after
    the same pair as `sim --sprt`, whatever the batches."""
    out = subprocess.run(
        [sim_binary(), "sim", "--a", "greedy", "--b", "random", "--games", "200", "--seed", "2",
         "--scenario", "duel", "--sprt", "0,100", "--json"], check=True, capture_output=True, text=True)
    sim = json.loads(out.stdout)
    assert sim["sprt"]["result"] == "H1" and sim["games"] < 200
    for batch in (2, 6):
        s, rows = distributed.run_match(a="greedy", b="random", games=200, scenario="duel", seed=2,
                                        sprt="0,100", batch_size=batch, workers=2)
        assert s["games"] == sim["games"] and s["pentanomial"] == sim["pentanomial"]
        assert s["sprt"]["result"] == "H1"
        assert s["sprt"]["llr"] == pytest.approx(sim["sprt"]["llr"])
        assert len(rows) == sim["games"]
    with pytest.raises(ValueError, match="ELO1"):
        distributed.run_match(a="greedy", b="random", games=2, scenario="duel", sprt="20,0")


def test_sprt_on_ray_stops_at_sims_pair(local_ray):
    local, _ = distributed.run_match(a="greedy", b="random", games=200, scenario="duel", seed=2,
                                     sprt="0,100", batch_size=4)
    s, _ = distributed.run_match(a="greedy", b="random", games=200, scenario="duel", seed=2,
                                 sprt="0,100", batch_size=4, address="local")
    assert (s["games"], s["pentanomial"], s["sprt"]["result"]) == (local["games"], local["pentanomial"], "H1")


def test_ray_workers_pinned_to_cores_play_the_same_games_and_report_their_cost(local_ray):
    # `pin_cores` (benchmarks on one machine): each worker pins itself to a core of its own;
    # the games do not change, and every task says what it cost where it ran.
    _, local = distributed.run_match(a="random", b="greedy", games=8, scenario="duel", seed=4)
    cores = sorted(os.sched_getaffinity(0))[:2]
    s, rows = distributed.run_match(a="random", b="greedy", games=8, scenario="duel", seed=4,
                                    address="local", batch_size=2, pin_cores=cores)
    assert rows == local
    assert s["worker_cores"] and set(s["worker_cores"]) <= set(cores)
    assert len(s["worker_pids"]) >= 1
    assert 0 < s["task_cpu_seconds"] and 0 < s["task_wall_seconds"]


def test_a_local_match_reports_its_processor_time():
    s, _ = distributed.run_match(a="random", b="greedy", games=4, scenario="duel", seed=4, workers=1)
    assert s["task_cpu_seconds"] > 0 and s["worker_pids"] == [os.getpid()] and s["worker_cores"] == []
