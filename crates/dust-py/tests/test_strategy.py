"""The strategy game (2 to 6 players) in the OpenSpiel shape: encoding, exact chance, returns,
serialization, and what a player may not see (strategy-premium-rules.md, "Setup" step 2: the
cards are dealt secretly; "The Initiative Step": each player chooses a card face down, then all
are revealed together)."""

import math
import random

import numpy as np
import pytest

import dust1947
from conftest import play_random


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_with_zero_sum_returns(players, rng):
    game = dust1947.load_game("strategy", players=players, round_limit=12)
    assert game.num_players() == players
    state = game.new_initial_state()
    assert state.is_chance_node(), "the game begins with the deal"
    play_random(state, rng)
    r = state.returns()
    assert len(r) == players and abs(sum(r)) < 1e-9
    assert state.current_player() == -4
    lo, hi = game.utility_range()
    assert all(lo <= x <= hi for x in r)


def test_the_encoding_is_fixed_and_versioned():
    assert dust1947.STRATEGY_ACTION_ENCODING_VERSION == 1
    sizes = set()
    for players in (2, 6):
        game = dust1947.load_game("strategy", players=players)
        layout = game.action_layout()
        assert layout[0] == ("card", 0, 45)
        assert sum(n for _, _, n in layout) == game.num_distinct_actions()
        sizes.add(game.num_distinct_actions())
    # The ids depend on the map (51 areas) and the deck (45 cards), not on the players.
    assert sizes == {22361}


def test_legal_actions_round_trip_through_their_text(rng):
    game = dust1947.load_game("strategy", players=3)
    state = game.new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        assert legal == sorted(legal)
        mask = state.legal_actions_mask()
        assert mask.sum() == len(legal) and all(mask[a] for a in legal)
        for a in legal:
            assert state.string_to_action(state.action_to_string(a)) == a
        other = (state.current_player() + 1) % 3
        assert state.legal_actions(other) == []
        state.apply_action(rng.choice(legal))
    while state.is_chance_node() or state.is_terminal():
        state = game.new_initial_state() if state.is_terminal() else state
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = state.serialize()
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    assert state.serialize() == before, "a refused action changes nothing"


def test_chance_outcomes_are_the_exact_distributions(rng):
    game = dust1947.load_game("strategy", players=2)
    state = game.new_initial_state()
    # The deal: a card uniform over the 45 of the deck.
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == list(range(45))
    assert all(p == pytest.approx(1 / 45) for _, p in outcomes)
    # A roll of n dice, each hitting on 2 faces of 6 ("Battle"): the binomial of n and 1/3.
    rolls = 0
    for _ in range(50):
        state = game.new_initial_state()
        while not state.is_terminal() and rolls < 5:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if "hits" in state.action_to_string(-1, outcomes[0][0]):
                    n = max(o for o, _ in outcomes)
                    for k, p in outcomes:
                        assert p == pytest.approx(math.comb(n, k) * (1 / 3) ** k * (2 / 3) ** (n - k))
                    rolls += 1
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
                o, p = zip(*outcomes)
                state.apply_action(rng.choices(o, p)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if rolls >= 5:
            break
    assert rolls >= 5


def deal(game, cards_of):
    """A state after the deal in which player p receives the cards `cards_of[p]`, in order.
    The order of the deal does not depend on the cards, so a copy tells who gets the next one."""
    state = game.new_initial_state()
    given = {p: 0 for p in cards_of}
    while state.is_chance_node() and state.round()[0] == 0 and len(state.hand(0)) + len(state.hand(1)) < 12:
        probe = state.clone()
        probe.apply_action(probe.chance_outcomes()[0][0])
        to = next(p for p in cards_of if len(probe.hand(p)) > len(state.hand(p)))
        state.apply_action(cards_of[to][given[to]])
        given[to] += 1
    return state


def test_a_player_never_sees_the_other_hands_or_face_down_cards():
    game = dust1947.load_game("strategy", players=2)
    # Player 0 gets cards 0-5 in both games; player 1 gets 6-11 in one and 20-25 in the other.
    a = deal(game, {0: list(range(6)), 1: list(range(6, 12))})
    b = deal(game, {0: list(range(6)), 1: list(range(20, 26))})
    assert a.hand(0) == b.hand(0) == list(range(6))
    assert a.hand(1) != b.hand(1)

    def same_view(x, y, p):
        return (x.information_state_string(p) == y.information_state_string(p)
                and x.observation_string(p) == y.observation_string(p)
                and np.array_equal(x.observation_tensor(p), y.observation_tensor(p)))

    assert same_view(a, b, 0), "player 0 cannot tell the two deals apart"
    assert not same_view(a, b, 1), "player 1 sees his own hand"
    # Setup step 2: each player chooses a card face down. Player 1 chooses a different card in
    # the two games; until the cards are revealed player 0 cannot tell which.
    steps = 0
    while not a.is_terminal() and steps < 4 and a.current_player() >= 0:
        p = a.current_player()
        assert b.current_player() == p
        if p == 0:
            a.apply_action(a.legal_actions()[0])
            b.apply_action(b.legal_actions()[0])
        else:
            a.apply_action(a.legal_actions()[0])
            b.apply_action(b.legal_actions()[-1])
        if "reveals" not in a.information_state_string(0):
            assert same_view(a, b, 0), f"after step {steps}, before the reveal"
        steps += 1
    # Once revealed, the chosen cards are public: the views differ.
    assert "reveals" in a.information_state_string(0)
    assert not same_view(a, b, 0)
    # Nothing a player reads names the chance seed: a state has none (the caller rolls).
    assert "seed" not in a.information_state_string(0) and "seed" not in a.observation_string(0)


def test_observation_layout_documents_the_vector():
    game = dust1947.load_game("strategy", players=4)
    layout = game.observation_layout()
    assert [n for n, _, _ in layout][:3] == ["areas", "seats", "revealed_cards"]
    assert layout[-1][1] + layout[-1][2] == game.observation_tensor_shape()[0]
    state = game.new_initial_state()
    obs = state.observation_tensor(2)
    assert obs.dtype == np.float32 and obs.shape == game.observation_tensor_shape()
    with pytest.raises(ValueError):
        state.observation_tensor(4)


def test_serialize_and_deserialize(rng):
    game = dust1947.load_game("strategy", players=3, round_limit=10)
    state = game.new_initial_state()
    for _ in range(700):
        if state.is_terminal():
            break
        if state.is_chance_node():
            o, p = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(o, p)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = state.serialize()
    again = dust1947.deserialize_state(text)
    assert isinstance(again, dust1947.StrategyState)
    assert again.state_hash() == state.state_hash()
    assert again.information_state_string(2) == state.information_state_string(2)
    assert again.get_game().round_limit() == 10
    with pytest.raises(ValueError):
        dust1947.deserialize_state(text.replace("players 3", "players 4"))


def test_built_in_players_choose_legal_actions():
    game = dust1947.load_game("strategy", players=3, round_limit=3)
    state = game.new_initial_state()
    rng = random.Random(3)
    seed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            o, p = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(o, p)[0])
        else:
            a = state.ai_action("heuristic", seed)
            assert a in state.legal_actions()
            state.apply_action(a)
            seed += 1
    with pytest.raises(ValueError):
        game.new_initial_state().ai_action("heuristic")  # the deal is pending
    with pytest.raises(ValueError):
        dust1947.load_game("strategy", players=7)
