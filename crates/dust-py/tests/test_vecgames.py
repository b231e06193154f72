"""Batched stepping: dust1947.VecGames."""

import numpy as np
import pytest

import dust1947


def test_shapes_and_masks():
    v = dust1947.VecGames(3, scenario="annihilation", seed=5, opponent="random")
    obs, mask = v.reset()
    n = v.num_distinct_actions()
    assert len(v) == 3
    assert obs.shape == (3,) + v.observation_shape() and obs.dtype == np.float32
    assert mask.shape == (3, n) and mask.dtype == np.uint8
    assert (mask.sum(axis=1) > 0).all()
    # the agent decides in every game: its "to decide" plane is all ones
    assert (obs[:, 13] == 1.0).all()


def test_games_run_to_the_end_and_restart():
    v = dust1947.VecGames(4, seed=2, opponent="greedy")
    v.reset()
    finished, rewards = 0, []
    for i in range(3000):
        obs, mask, r, done = v.step(v.random_actions(i))
        assert r.shape == (4,) and done.shape == (4,) and done.dtype == np.bool_
        assert (mask.sum(axis=1) > 0).all()
        assert set(np.unique(r)) <= {-1.0, 0.0, 1.0}
        assert (r[~done] == 0).all()
        finished += int(done.sum())
        rewards.extend(r[done].tolist())
        if finished >= 4:
            break
    assert finished >= 4
    # random play against the greedy player loses most games
    assert sum(1 for x in rewards if x < 0) >= sum(1 for x in rewards if x > 0)


def test_same_seed_same_games():
    outs = []
    for _ in range(2):
        v = dust1947.VecGames(2, seed=9, opponent="random")
        v.reset()
        for i in range(40):
            obs, mask, r, done = v.step(v.random_actions(100 + i))
        outs.append((obs.copy(), mask.copy(), v.serialize(0)))
    assert np.array_equal(outs[0][0], outs[1][0]) and outs[0][2] == outs[1][2]


def test_illegal_action_is_refused():
    v = dust1947.VecGames(1, seed=1)
    _, mask = v.reset()
    illegal = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(ValueError, match="illegal|not an action"):
        v.step(np.array([illegal], dtype=np.int64))


def test_an_illegal_action_leaves_every_game_as_it_was():
    # One illegal action refuses the whole step before any game moves: the games whose
    # actions were legal are not stepped either (they were, and a game that ended then was
    # never restarted), so the same legal step then plays as it would have.
    v = dust1947.VecGames(3, seed=4, opponent="random")
    _, mask = v.reset()
    before = [v.serialize(i) for i in range(3)]
    legal = v.random_actions(7)
    bad = legal.copy()
    bad[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1"):
        v.step(bad)
    assert [v.serialize(i) for i in range(3)] == before
    w = dust1947.VecGames(3, seed=4, opponent="random")
    w.reset()
    assert np.array_equal(v.step(legal)[0], w.step(legal)[0])


def test_serialized_slot_replays():
    v = dust1947.VecGames(1, seed=3)
    v.reset()
    for i in range(20):
        v.step(v.random_actions(i))
    s = dust1947.deserialize_state(v.serialize(0))
    assert s.current_player() == 0


def test_threads_give_the_same_games():
    """Each game has its own seeds and opponent: two threads step the same games as one."""
    outs = []
    for threads in (1, 2):
        v = dust1947.VecGames(5, seed=11, opponent="greedy", threads=threads)
        obs, mask = v.reset()
        total = np.zeros(5)
        for i in range(60):
            obs, mask, r, done = v.step(v.random_actions(i))
            total += r
        outs.append((obs.copy(), mask.copy(), total, [v.serialize(i) for i in range(5)]))
    assert np.array_equal(outs[0][0], outs[1][0]) and np.array_equal(outs[0][1], outs[1][1])
    assert np.array_equal(outs[0][2], outs[1][2]) and outs[0][3] == outs[1][3]


def test_self_play_decides_for_both_sides():
    v = dust1947.VecGames(8, scenario="duel", seed=4, opponent="self")
    obs, mask = v.reset()
    seen = set()
    ended = 0
    for k in range(400):
        players = v.players()
        seen.update(int(p) for p in players)
        obs, mask, reward, done = v.step(v.random_actions(k))
        ended += int(done.sum())
        # Side A's reward: +1 or -1 for a decided game, 0 for a draw or a game going on.
        assert set(np.unique(reward)) <= {-1.0, 0.0, 1.0}
    assert seen == {0, 1}
    assert ended > 0
    # The same seed, the same games.
    w = dust1947.VecGames(8, scenario="duel", seed=4, opponent="self", threads=2)
    w.reset()
    v2 = dust1947.VecGames(8, scenario="duel", seed=4, opponent="self")
    v2.reset()
    for k in range(50):
        a = v2.random_actions(k)
        o1, m1, r1, d1 = v2.step(a)
        o2, m2, r2, d2 = w.step(a)
        assert np.array_equal(o1, o2) and np.array_equal(m1, m2) and np.array_equal(r1, r2)
