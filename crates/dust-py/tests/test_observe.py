"""The environments' one-call paths: `observe` (observation and int8 mask) and
`apply_and_roll` (a decision and the chance outcomes after it, with a seeded `Dice`) give what
the OpenSpiel-shape calls give."""

import numpy as np
import pytest

import dust1947


GAMES = [
    lambda: dust1947.load_game("tactics", scenario="duel"),
    lambda: dust1947.load_game("tactics", scenario="annihilation", edition="battlefront"),
    lambda: dust1947.load_game("strategy", players=3, round_limit=5),
]


@pytest.mark.parametrize("make", GAMES)
def test_observe_and_apply_and_roll_match_the_state_calls(make):
    game = make()
    fast, slow = game.new_initial_state(), game.new_initial_state()
    dice, uniforms = dust1947.Dice(7), dust1947.Dice(7)
    rng = np.random.default_rng(3)
    player = fast.roll(dice)
    while slow.is_chance_node():
        slow.apply_chance_uniform(uniforms.unit())
    for _ in range(300):
        assert player == slow.current_player() and fast.serialize() == slow.serialize()
        if player < 0:
            break
        for p in range(game.num_players()):
            obs, mask = fast.observe(p)
            assert mask.dtype == np.int8 and obs.dtype == np.float32
            assert np.array_equal(obs, slow.observation_tensor(p))
            assert np.array_equal(mask, slow.legal_actions_mask(p).astype(np.int8))
            assert mask.any() == (p == player)
        action = int(rng.choice(slow.legal_actions()))
        player = fast.apply_and_roll(action, dice)
        slow.apply_action(action)
        while slow.is_chance_node():
            slow.apply_chance_uniform(uniforms.unit())


def test_apply_and_roll_refuses_an_illegal_action():
    game = dust1947.load_game("tactics", scenario="duel")
    state = game.new_initial_state()
    dice = dust1947.Dice(1)
    state.roll(dice)
    before = state.serialize()
    illegal = int(np.flatnonzero(state.legal_actions_mask() == 0)[0])
    with pytest.raises(ValueError):
        state.apply_and_roll(illegal, dice)
    assert state.serialize() == before
