"""The OpenSpiel-shaped API of Dust Tactics (docs/python.md)."""

import math

import numpy as np
import pytest

import dust1947
from conftest import play_random


def test_load_game_and_sizes():
    g = dust1947.load_game("tactics", scenario="annihilation", edition="revised")
    assert g.num_players() == 2
    assert g.num_distinct_actions() == 18033
    assert g.observation_tensor_shape() == (17, 24, 16)
    assert len(dust1947.TacticsGame.observation_planes()) == 17
    assert g.scenario == "annihilation" and g.edition == "revised"
    assert dust1947.ACTION_ENCODING_VERSION == 2


def test_unknown_game_and_scenario_are_refused():
    with pytest.raises(ValueError, match="tactics"):
        dust1947.load_game("chess")
    with pytest.raises(ValueError, match="annihilation"):
        dust1947.load_game("tactics", scenario="no-such-scenario")


def test_action_encoding_known_answers():
    """Version 1 of the encoding, pinned: changing any of these needs a new version number."""
    g = dust1947.load_game("tactics", scenario="annihilation")
    layout = {name: (first, count) for name, first, count in g.action_layout()}
    assert layout["first"] == (0, 2)
    assert layout["activate"] == (2, 10)
    assert layout["plan"] == (28, 152)
    assert layout["move"] == (180, 384)
    assert layout["aim"] == (564, 16590)
    assert layout["escape"] == (17642, 384)
    assert layout["fire"] == (18026, 7)
    s = g.new_initial_state()
    assert s.string_to_action("first A") == 0
    assert s.string_to_action("first B") == 1
    assert s.string_to_action("activate u3") == 5
    assert s.string_to_action("plan sustained") == 28
    assert s.string_to_action("plan move attack") == 28 + 2 + 0 * 5 + 1
    assert s.string_to_action("react none") == 17154
    for a in [0, 1, 5, 30, 181, 600, 17154, 17642]:
        assert s.string_to_action(s.action_to_string(0, a)) == a


@pytest.mark.parametrize("scenario,edition", [
    ("annihilation", "revised"),
    ("annihilation", "battlefront"),
    ("supply-drop", None),
    ("encounter", None),
])
def test_random_playouts_keep_the_invariants(scenario, edition, rng):
    g = dust1947.load_game("tactics", scenario=scenario, edition=edition)
    n = g.num_distinct_actions()
    for _ in range(2):
        s = g.new_initial_state()
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            if s.is_chance_node():
                assert p == -1
                outcomes = s.chance_outcomes()
                assert math.isclose(sum(q for _, q in outcomes), 1.0, rel_tol=1e-9)
                assert all(q > 0 for _, q in outcomes)
                assert s.legal_actions() == [o for o, _ in outcomes]
                s.apply_action(rng.choices([o for o, _ in outcomes], [q for _, q in outcomes])[0])
            else:
                assert p in (0, 1)
                legal = s.legal_actions()
                assert legal == sorted(set(legal)) and legal and all(0 <= a < n for a in legal)
                mask = s.legal_actions_mask()
                assert mask.shape == (n,) and mask.sum() == len(legal) and all(mask[legal] == 1)
                assert s.legal_actions(1 - p) == []
                obs = s.observation_tensor(p)
                assert obs.dtype == np.float32 and obs.shape == g.observation_tensor_shape()
                assert obs[13].min() == 1.0 and s.observation_tensor(1 - p)[13].max() == 0.0
                # an illegal action is refused and changes nothing
                illegal = next(a for a in range(n) if mask[a] == 0)
                h = s.state_hash()
                with pytest.raises(ValueError):
                    s.apply_action(illegal)
                assert s.state_hash() == h
                s.apply_action(rng.choice(legal))
            steps += 1
            assert steps < 20000
        assert s.current_player() == -4
        r = s.returns()
        assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
        assert s.legal_actions() == []


def test_clone_is_independent(rng):
    g = dust1947.load_game("tactics")
    s = g.new_initial_state()
    while s.is_chance_node():  # (always the same outcome could tie the initiative forever)
        s.apply_action(rng.choice(s.legal_actions()))
    c = s.clone()
    before = c.history_decisions()
    s.apply_action(s.legal_actions()[0])
    assert c.history_decisions() == before != s.history_decisions()
    play_random(c, rng)
    assert c.is_terminal() and not s.is_terminal()


def test_serialize_round_trip(rng):
    g = dust1947.load_game("tactics", scenario="annihilation", edition="battlefront")
    s = g.new_initial_state()
    for _ in range(150):
        if s.is_terminal():
            break
        if s.is_chance_node():
            o = s.chance_outcomes()
            s.apply_action(rng.choices([a for a, _ in o], [p for _, p in o])[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    text = s.serialize()
    assert "format = 1" in text and 'edition = "battlefront"' in text and "rolls = [" in text
    back = dust1947.deserialize_state(text)
    assert back.state_hash() == s.state_hash()
    assert back.history_decisions() == s.history_decisions()
    assert back.legal_actions() == s.legal_actions()
    # a finished game too
    play_random(s, rng)
    assert dust1947.deserialize_state(s.serialize()).returns() == s.returns()


def test_plain_record_rolls_from_its_seed():
    """A record without `rolls` replays with the dice of its seed (docs/record-format.md)."""
    text = 'format = 1\nscenario = "annihilation"\nseed = 42\ndecisions = ["first A"]\n'
    s = dust1947.deserialize_state(text)
    assert s.history_decisions() == ["first A"]
    assert not s.is_chance_node()


def test_ai_action_is_legal(rng):
    g = dust1947.load_game("tactics")
    s = g.new_initial_state()
    while s.is_chance_node():
        s.apply_action(rng.choice(s.legal_actions()))
    for spec in ["random", "greedy"]:
        assert s.ai_action(spec, 3) in s.legal_actions()
