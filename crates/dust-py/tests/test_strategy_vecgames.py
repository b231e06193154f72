"""Batched stepping of the strategy game: dust1947.VecGames(n, game="strategy", ...)."""

import numpy as np
import pytest

import dust1947


def seats_part(v):
    """(first index, length) of the observation's `seats` part."""
    layout = dust1947.load_game("strategy", players=v.num_players()).observation_layout()
    return next((first, n) for name, first, n in layout if name == "seats")


def play(v, steps, seed=0):
    """Random legal actions for `steps` steps; returns the (reward, done, last_returns) of each."""
    out = []
    for i in range(steps):
        obs, mask, r, done = v.step(v.random_actions(seed + i))
        out.append((r.copy(), done.copy(), v.last_returns().copy(), obs, mask))
    return out


def test_shapes_masks_and_the_agents_view():
    v = dust1947.VecGames(3, game="strategy", players=3, seed=5, opponent="random", agent=1)
    assert isinstance(v, dust1947.StrategyVecGames) and len(v) == 3 and v.num_players() == 3
    obs, mask = v.reset()
    n = v.num_distinct_actions()
    assert obs.shape == (3,) + v.observation_shape() and obs.dtype == np.float32
    assert mask.shape == (3, n) and mask.dtype == np.uint8
    assert (mask.sum(axis=1) > 0).all()
    assert (v.players() == 1).all()
    # slot 0 of the seats part is the viewer; its 7th feature is "decides now"
    first, _ = seats_part(v)
    assert (obs[:, first + 6] == 1.0).all()


def test_the_observation_is_the_agents_own_view_of_the_game():
    # The batched observation is exactly what the OpenSpiel-shape state shows the agent's seat
    # (docs/python.md: never another player's hand or face-down card), and the mask its legal
    # actions.
    v = dust1947.VecGames(2, game="strategy", players=4, seed=8, opponent="heuristic", agent=2)
    obs, mask = v.reset()
    for i in range(30):
        for g in range(2):
            state = dust1947.deserialize_state(v.serialize(g))
            assert np.array_equal(obs[g], state.observation_tensor(2))
            assert np.flatnonzero(mask[g]).tolist() == state.legal_actions()
            assert state.current_player() == 2
        obs, mask, _, _ = v.step(v.random_actions(i))


def test_games_end_with_zero_sum_returns_and_restart():
    v = dust1947.VecGames(4, game="strategy", players=3, round_limit=4, seed=2, opponent="greedy")
    v.reset()
    ended = 0
    for r, done, last, _, mask in play(v, 4000):
        assert (mask.sum(axis=1) > 0).all()
        assert (r[~done] == 0).all() and (last[~done] == 0).all()
        for g in np.flatnonzero(done):
            assert abs(last[g].sum()) < 1e-6
            assert r[g] == last[g][0]
        ended += int(done.sum())
        if ended >= 6:
            break
    assert ended >= 6


def test_same_seed_same_games_whatever_the_threads():
    outs = []
    for threads in (1, 2, 1):
        v = dust1947.VecGames(4, game="strategy", players=2, seed=9, opponent="random", threads=threads)
        v.reset()
        steps = play(v, 60, seed=100)
        outs.append((steps[-1][3].copy(), [v.serialize(g) for g in range(4)]))
    for obs, records in outs[1:]:
        assert np.array_equal(obs, outs[0][0]) and records == outs[0][1]


def test_greedy_is_the_heuristic_player():
    records = []
    for opponent in ("greedy", "heuristic"):
        v = dust1947.VecGames(2, game="strategy", players=2, seed=4, opponent=opponent)
        v.reset()
        play(v, 40)
        records.append([v.serialize(g) for g in range(2)])
    assert records[0] == records[1]


def test_illegal_action_and_bad_arguments_are_refused():
    v = dust1947.VecGames(1, game="strategy", seed=1)
    _, mask = v.reset()
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(ValueError, match="game 0"):
        v.step(np.array([illegal], dtype=np.int64))
    with pytest.raises(ValueError, match="actions for"):
        v.step(np.array([0, 0], dtype=np.int64))
    with pytest.raises(ValueError, match="unknown strategy opponent"):
        dust1947.VecGames(1, game="strategy", opponent="grandmaster")
    with pytest.raises(ValueError, match="seats are 0 to 2"):
        dust1947.VecGames(1, game="strategy", players=3, agent=3)
    with pytest.raises(ValueError, match="unknown game"):
        dust1947.VecGames(1, game="chess")


def test_an_illegal_action_leaves_every_game_as_it_was():
    # One illegal action refuses the whole step before any game moves (the games with legal
    # actions were stepped, and one that ended was never restarted).
    v = dust1947.VecGames(3, game="strategy", seed=4)
    _, mask = v.reset()
    before = [v.serialize(i) for i in range(3)]
    legal = v.random_actions(7)
    bad = legal.copy()
    bad[2] = int(np.flatnonzero(mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        v.step(bad)
    assert [v.serialize(i) for i in range(3)] == before
    w = dust1947.VecGames(3, game="strategy", seed=4)
    w.reset()
    assert np.array_equal(v.step(legal)[0], w.step(legal)[0])


def test_self_play_decides_for_every_seat():
    v = dust1947.VecGames(3, game="strategy", players=3, round_limit=3, seed=6, opponent="self")
    obs, mask = v.reset()
    first, _ = seats_part(v)
    seen = set()
    ended = 0
    for i in range(3000):
        seats = v.players()
        for g in range(3):
            state = dust1947.deserialize_state(v.serialize(g))
            assert state.current_player() == seats[g]
            assert obs[g, first + 6] == 1.0  # the view is the deciding seat's
        seen.update(seats.tolist())
        obs, mask, r, done = v.step(v.random_actions(i))
        ended += int(done.sum())
        if ended >= 3 and seen == {0, 1, 2}:
            break
    assert seen == {0, 1, 2} and ended >= 3


def test_a_random_agent_loses_to_the_heuristic_player():
    # 2 players, 12 rounds: the heuristic player wins more games than the random agent.
    v = dust1947.VecGames(8, game="strategy", players=2, round_limit=12, seed=3, opponent="heuristic",
                          threads=2)
    v.reset()
    wins = losses = ended = 0
    for i in range(20000):
        _, _, r, done = v.step(v.random_actions(i))
        wins += int((r[done] > 0).sum())
        losses += int((r[done] < 0).sum())
        ended += int(done.sum())
        if ended >= 8:
            break
    assert ended >= 8
    assert losses > wins
