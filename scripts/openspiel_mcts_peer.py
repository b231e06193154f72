"""OpenSpiel's C++ MCTS bot on backgammon: simulations per second (issue 21's peer figure).

One simulation of OpenSpiel's MCTSBot is one descent of the tree plus one random rollout to the
end of the game (RandomRolloutEvaluator, n_rollouts=1); backgammon is a chance game, as Dust
Tactics is. Run by scripts/mcts-peer.sh, which prints it beside Dust 1947's own MCTS figures of
the same run; needs `pip install open_spiel` (in a venv: target/venv).
"""

import sys
import time

import pyspiel


def rate(simulations: int, seconds: float, seed: int = 1) -> tuple[float, int]:
    game = pyspiel.load_game("backgammon")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 1.4, simulations, 1000, False, seed, False)
    state = game.new_initial_state()
    done, steps, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[steps % len(outcomes)][0])
        else:
            state.apply_action(bot.step(state))
            done += simulations
        steps += 1
    return done / (time.perf_counter() - start), steps


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    sims = 1000
    r, steps = rate(sims, seconds)
    print(
        f"openspiel MCTSBot, backgammon (one thread, {sims} simulations a decision, one random "
        f"rollout to the end each): {r:.0f} simulations/s over {steps} steps"
    )


if __name__ == "__main__":
    main()
