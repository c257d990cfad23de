"""A first game in a script: set up, look at the odds, attempt a challenge, undo, play to the end.

Run it with ``python examples/first_game.py``.
"""

from __future__ import annotations

from calladventure import CardType, Game
from calladventure.play.bots import GreedyBot, play_game


def main(seed: int = 7) -> Game:
    game = Game.new(players=2, seed=seed, names=("Ada", "Bo"))
    # Setup: each hero keeps one Origin, one Motivation and one Destiny (000 · Deal the Cards).
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    print(game)
    challenge = next(
        game.card(slot.card)
        for slot in game.state.row(1).slots
        if slot is not None and game.card(slot.card).type is CardType.CHALLENGE
    )
    for dark in range(3):
        odds = game.odds(challenge.name, "top", dark)  # print(odds) draws its whole table
        print(f"{challenge.name} (top) with {dark} Dark rune(s): {float(odds.p_success):.2%} to succeed")
    game.attempt(challenge.name, "top").cast()
    for event in game.last_events:
        print("  ", event)
    game.undo(len(game.history))  # back to the start of play... and all the way back to setup
    finished = play_game(game, [GreedyBot(seed), GreedyBot(seed + 1)])
    outcome = finished.outcome()
    assert outcome is not None
    for score in outcome.scores:
        print(f"{score.name}: {score.total}")
    return finished


if __name__ == "__main__":
    main()
