"""crates/dust-py/examples/train_duel.py, short: self-play training improves the policy
against the random player, and the curve is saved as a picture."""

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_duel.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_duel", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_training_beats_the_untrained_policy(tmp_path):
    train_duel = load_example()
    lines = []
    policy, curve = train_duel.train(iterations=30, eval_every=15, eval_games=100, seed=0,
                                     threads=2, log=lines.append)
    assert [c[0] for c in curve] == [0, 15, 30]
    assert len(lines) == 3 and "against random" in lines[0]
    # The untrained policy (all scores equal: the lowest legal id) never wins; thirty
    # iterations of self-play (1,920 games) win most games against the random player.
    assert curve[0][1] == 0.0
    assert curve[-1][1] > 0.4
    assert all(abs(w + d + l - 1) < 1e-9 for _, w, d, l in curve)
    path = tmp_path / "curve.svg"
    train_duel.save_plot(str(path), curve, (0.8, 0.9))
    assert "<svg" in path.read_text()
