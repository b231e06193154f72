"""crates/dust-py/examples/train_duel.py, short: self-play training improves the policy
against the random player, and the curve is saved as a picture."""

import importlib.util
from pathlib import Path

import pytest

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
    # iterations against the random player (1,920 games; seeds 0 to 2 gave 57% to 71% wins
    # when this test was written) win half the games or more.
    assert curve[0][1] == 0.0
    assert curve[-1][1] > 0.45
    assert all(abs(w + d + l - 1) < 1e-9 for _, w, d, l in curve)
    path = tmp_path / "curve.svg"
    train_duel.save_plot(str(path), curve, (0.8, 0.9))
    assert "<svg" in path.read_text()


def test_self_play_alone_learns_too():
    # The policy decides for both sides of every game: thirty iterations of self-play (seeds 0
    # to 2: 63% to 74% wins against random when this test was written) beat the untrained start.
    train_duel = load_example()
    _, curve = train_duel.train(iterations=30, eval_every=30, eval_games=100, seed=1, opponent="self",
                                threads=2, log=lambda line: None)
    assert curve[0][1] == 0.0 and curve[-1][1] > 0.4


def test_self_play_in_a_league_of_past_selves_learns():
    # No built-in player in training: the learner plays itself and its frozen past selves (a
    # snapshot every 10 iterations; the first is the untrained policy). Thirty iterations (seed
    # 0: 73% wins against random when this test was written) beat the untrained start.
    train_duel = load_example()
    _, curve = train_duel.train(iterations=30, eval_every=30, eval_games=100, seed=0, opponent="league",
                                threads=2, log=lambda line: None)
    assert curve[0][1] == 0.0 and curve[-1][1] > 0.4


def test_league_opponents_are_past_selves_frozen():
    train_duel = load_example()
    layout = train_duel.dust1947.load_game("tactics", scenario="duel").action_layout()
    policy = train_duel.SmallPolicy(layout, 630)
    league = train_duel.League(policy, 8, seed=3, threads=1, snapshot_every=2)
    rng = train_duel.np.random.default_rng(0)
    for it in range(5):
        policy.reinforce(*league.batch(it, policy, rng, -1.0))
    # Snapshots at iterations 2 and 4 after the untrained one; the learning moved the policy
    # away from them, and a snapshot does not follow it.
    assert len(league.pool) == 3
    assert not train_duel.np.array_equal(league.pool[0].bias, policy.bias)
    assert train_duel.np.all(league.pool[0].bias == 0)


def test_the_evaluation_is_paired_and_its_interval_holds_the_share():
    train_duel = load_example()
    layout = train_duel.dust1947.load_game("tactics", scenario="duel").action_layout()
    policy = train_duel.SmallPolicy(layout, 630)
    w, d, l = train_duel.evaluate(policy, 40, seed=5, threads=1)
    assert abs(w + d + l - 1) < 1e-9
    assert train_duel.evaluate(policy, 40, seed=5, threads=2) == (w, d, l), "seeded: the same games"
    lo, hi = train_duel.wilson(0.8, 400)
    assert 0.75 < lo < 0.8 < hi < 0.85


def test_the_score_interval_holds_the_score_and_narrows_with_the_games():
    train_duel = load_example()
    # 80% wins and 20% draws score 90%; the games' values (1 or 1/2) vary by 0.2 around it,
    # so 400 games give 0.9 +- 1.96 * 0.2 / 20.
    lo, hi = train_duel.score_interval(0.8, 0.2, 400)
    assert abs(lo - (0.9 - 0.0196)) < 1e-9 and abs(hi - (0.9 + 0.0196)) < 1e-9
    wide = train_duel.score_interval(0.8, 0.2, 100)
    assert wide[0] < lo and wide[1] > hi
    assert train_duel.score_interval(1.0, 0.0, 400) == (1.0, 1.0), "all won: no doubt left"


def test_an_unknown_opponent_is_refused():
    train_duel = load_example()
    with pytest.raises(ValueError, match="league, self, random or mix"):
        train_duel.train(iterations=1, opponent="greedy")


def test_the_mlp_policys_gradients_match_finite_differences():
    # `MlpPolicy.gradients(feats, g)` is the gradient of sum(g * logits) for every weight; each
    # is checked against a central finite difference in float64 on a few positions of real games.
    train_duel = load_example()
    np = train_duel.np
    layout = train_duel.dust1947.load_game("tactics", scenario="duel").action_layout()
    policy = train_duel.MlpPolicy(layout, 630, hidden=8, seed=4)
    rng = np.random.default_rng(1)
    for name in ("bias", "near_them", "near_me", "plan", "w1", "b1", "w2"):
        setattr(policy, name, rng.standard_normal(getattr(policy, name).shape) * 0.3)
    vec = train_duel.dust1947.VecGames(4, scenario="duel", seed=2, opponent="self", threads=1)
    obs, mask = vec.reset()
    for _ in range(3):  # a few steps in, so that the units stand on the board
        obs, mask, _, _ = vec.step(policy.act(obs, mask, vec.players(), rng)[0])
    feats = policy.features(obs, vec.players().astype(np.int64))
    g = rng.standard_normal((4, 630))
    grads = policy.gradients(feats, g)
    names = ("bias", "near_them", "near_me", "plan", "w1", "b1", "w2")
    checked = 0
    for name, grad in zip(names, grads):
        weights = getattr(policy, name)
        flat = weights.reshape(-1)
        # The entries that matter: every one of a small array (the hidden biases: some units are
        # off in these positions, some on), the largest gradients, a few at random, and for W1
        # a few on the inputs that are not zero.
        picks = set(np.argsort(-np.abs(grad.reshape(-1)))[:3]) | set(rng.integers(flat.size, size=3))
        if flat.size <= 64:
            picks |= set(range(flat.size))
        if name == "w1":
            rows = np.flatnonzero(np.abs(feats[4]).sum(axis=0) > 0)
            picks |= {int(r) * weights.shape[1] + int(c)
                      for r, c in zip(rng.choice(rows, 8), rng.integers(weights.shape[1], size=8))}
        for k in picks:
            saved = flat[k]
            flat[k] = saved + 1e-6
            up = float((g * policy.logits(feats)).sum())
            flat[k] = saved - 1e-6
            down = float((g * policy.logits(feats)).sum())
            flat[k] = saved
            numeric = (up - down) / 2e-6
            assert abs(numeric - grad.reshape(-1)[k]) < 1e-4 * max(1.0, abs(numeric)), (name, k)
            checked += 1
    assert checked >= 40
    assert any(np.abs(grad).max() > 0 for grad in grads[4:]), "the hidden layer takes part"


def test_the_mlp_learner_starts_uniform_and_learns_in_a_league():
    # W2 starts at zero: the untrained MLP policy is the untrained linear one (it never wins);
    # thirty iterations of self-play in the league beat it.
    train_duel = load_example()
    _, curve = train_duel.train(iterations=30, eval_every=30, eval_games=100, seed=0, opponent="league",
                                learner="mlp", threads=1, log=lambda line: None)
    assert curve[0][1] == 0.0 and curve[-1][1] > 0.4
    with pytest.raises(ValueError, match="linear or mlp"):
        train_duel.train(iterations=1, learner="deep")
