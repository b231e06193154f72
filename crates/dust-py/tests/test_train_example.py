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
    with pytest.raises(ValueError, match="linear, mlp or td"):
        train_duel.train(iterations=1, learner="deep")


# The value learner (`--learner td`): V over tile-coded position features, TD(lambda) targets,
# expectimax over the side's own activation with the engine's exact chance outcomes.


def an_attack_that_ends_the_activation(train_duel):
    """A position (and its side) where the side to decide aims at the enemy and, after the one
    roll of that attack, its activation is over: found by seeded random play, so always the
    same one."""
    np = train_duel.np
    game = train_duel.dust1947.load_game("tactics", scenario="duel")
    rng = np.random.default_rng(5)
    aims = train_duel.dust1947.load_game("tactics", scenario="duel").action_layout()
    first, count = next((f, c) for name, f, c in aims if name == "aim")
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=np.array(probs) / sum(probs))))
                continue
            me = state.current_player()
            shots = [a for a in state.legal_actions() if first <= a < first + count
                     and "none" not in state.action_to_string(a)]
            if shots and len(state.legal_actions()) == 2:
                after = state.clone()
                after.apply_action(shots[0])
                if after.is_chance_node():
                    ends = True
                    for outcome, _ in after.chance_outcomes():
                        child = after.clone()
                        child.apply_action(outcome)
                        ends &= child.is_terminal() or (not child.is_chance_node() and child.current_player() != me)
                    if ends:
                        return state, me, shots[0]
            state.apply_action(int(rng.choice(state.legal_actions())))
    raise AssertionError("no such attack in 200 seeded games")


def test_the_expectimax_of_an_attack_is_the_mean_of_v_over_the_exact_rolls():
    train_duel = load_example()
    np = train_duel.np
    state, me, shot = an_attack_that_ends_the_activation(train_duel)
    value_fn = train_duel.ValueFunction()
    value_fn.w[:] = np.random.default_rng(2).uniform(-0.3, 0.3, value_fn.w.size)
    actions, values = train_duel.action_values(state, value_fn)
    assert shot in actions and len(actions) == 2
    # By hand: every outcome of the roll, its probability from the engine, V of where it leads
    # (from the attacker's view), or the game's return if it ends there.
    after = state.clone()
    after.apply_action(shot)
    outcomes = after.chance_outcomes()
    assert len(outcomes) >= 2 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    expected = 0.0
    for outcome, p in outcomes:
        child = after.clone()
        child.apply_action(outcome)
        v = child.returns()[me] if child.is_terminal() else value_fn.value(child.observation_tensor(me)[None], me)[0]
        expected += p * v
    assert abs(values[actions.index(shot)] - expected) < 1e-12
    # The two rolls' values differ: the expectation is no single leaf's value.
    leaf_values = set()
    for outcome, _ in outcomes:
        child = after.clone()
        child.apply_action(outcome)
        leaf_values.add(round(float(value_fn.value(child.observation_tensor(me)[None], me)[0]), 9))
    assert len(leaf_values) >= 2
    # The player takes the better of the two.
    player = train_duel.TdPlayer(value_fn)
    assert player(state) == actions[int(np.argmax(values))]


def test_the_td_update_moves_v_toward_its_targets():
    train_duel = load_example()
    np = train_duel.np
    game = train_duel.dust1947.load_game("tactics", scenario="duel")
    views, ret = train_duel.self_play_game(game, train_duel.TdPlayer(train_duel.ValueFunction(), 0.5),
                                           np.random.default_rng(3))
    value_fn = train_duel.ValueFunction()
    cells = value_fn.cells(views[0], 0)
    targets = np.linspace(-1, 1, len(cells))
    before = float(np.mean((targets - value_fn.value(cells=cells)) ** 2))
    value_fn.update(cells, targets, 0.3)
    after = float(np.mean((targets - value_fn.value(cells=cells)) ** 2))
    assert after < before
    # One position alone: each of its weights takes step x error / tilings, so V moves by step x
    # error: half of it with a step of 0.5, all of it with a step of 1.
    one = train_duel.ValueFunction()
    c = one.cells(views[0][5:6], 0)
    one.update(c, np.array([0.8]), 0.5)
    assert abs(one.value(cells=c)[0] - 0.4) < 1e-12
    one.update(c, np.array([0.8]), 1.0)
    assert abs(one.value(cells=c)[0] - 0.8) < 1e-12


def test_lambda_returns_by_hand():
    train_duel = load_example()
    np = train_duel.np
    values = np.array([0.1, -0.2, 0.5])
    lam = 0.8
    t2 = -1.0
    t1 = 0.2 * 0.5 + 0.8 * t2
    t0 = 0.2 * -0.2 + 0.8 * t1
    assert np.allclose(train_duel.lambda_returns(values, -1.0, lam), [t0, t1, t2])
    assert np.allclose(train_duel.lambda_returns(values, 1.0, 1.0), [1, 1, 1]), "lambda 1: the return"
    assert np.allclose(train_duel.lambda_returns(values, 1.0, 0.0), [-0.2, 0.5, 1.0]), "lambda 0: next V"


def test_the_value_learner_evaluates_paired_and_learns_by_self_play():
    train_duel = load_example()
    player = train_duel.TdPlayer(train_duel.ValueFunction())
    first = train_duel.evaluate_player(player, 40, seed=3)
    assert first == train_duel.evaluate_player(player, 40, seed=3), "seeded: the same games"
    assert abs(sum(first) - 1) < 1e-9
    lines = []
    # A quicker step than the default's (0.1 over 25 iterations' games), for a short test.
    _, curve = train_duel.train(iterations=15, games_per_iteration=40, eval_every=15, eval_games=200, seed=0,
                                opponent="self", learner="td", td={"step": 0.3, "replay": 5}, log=lines.append)
    assert [c[0] for c in curve] == [0, 15] and "against random" in lines[0]
    score = [w + d / 2 for _, w, d, _ in curve]
    # V all zero sees only the ends of games inside its search (seed 0: 78.5% score); fifteen
    # iterations of self-play (600 games) lift it (to 87.0% when this test was written).
    assert score[1] > score[0] + 0.05, score
    with pytest.raises(ValueError, match="self-play only"):
        train_duel.train(iterations=1, opponent="league", learner="td")
