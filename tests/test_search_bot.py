"""The search bot: it plays only from its view, legally and deterministically (its strength is in benchmarks/)."""

from __future__ import annotations

from typing import Any

import pytest

from calladventure import Game
from calladventure.play.bots import BOTS, GreedyBot, SearchBot, make_bots
from calladventure.play.simulate import StudySpec
from calladventure.rules._view import View


class ViewOnly:
    """A game as the bot may see it: whose move it is and that seat's view; the state raises."""

    def __init__(self, game: Game) -> None:
        self._game = game

    @property
    def to_move(self) -> int | None:
        return self._game.to_move

    def view(self, seat: int) -> View:
        return self._game.view(seat)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the search bot read game.{name}")


def _play(seed: int) -> Game:
    game = Game.new(players=2, seed=seed, record_events=False)
    bots: list[Any] = [SearchBot(seed, samples=1, attempts=2, time_limit=None), GreedyBot(seed)]
    while not game.over:
        if game.is_chance:
            game.push("cast")
            continue
        seat = game.to_move
        assert seat is not None
        chosen = bots[seat].choose(ViewOnly(game) if seat == 0 else game)
        assert chosen in game.legal_actions
        game.push(chosen)
    return game


def test_the_search_bot_plays_a_whole_game_from_its_view_only_and_deterministically() -> None:
    first, second = _play(11), _play(11)
    assert first.over and first.history == second.history


def test_the_search_bot_is_a_bot_by_name_for_studies() -> None:
    assert BOTS["search"] is SearchBot
    bots = make_bots("search,greedy", 2, seed=3)
    assert isinstance(bots[0], SearchBot) and isinstance(bots[1], GreedyBot)
    StudySpec(players=2, bots="search,greedy").check()
    with pytest.raises(ValueError, match="at least 1"):
        SearchBot(samples=0)


def test_the_search_bot_keeps_to_its_time_budget() -> None:
    game = Game.new(players=2, seed=4, record_events=False)
    bot = SearchBot(4, samples=50, time_limit=0.05)  # 50 worlds would take far longer
    while game.steps < 12:
        if game.is_chance:
            game.push("cast")
        else:
            game.push(bot.choose(game) if game.to_move == 0 else game.legal_list()[0])
    # 50 worlds take about a second a decision; within the budget a decision takes about 0.1 s. The
    # mean, not the slowest decision: one decision may also pay for a full garbage collection of
    # the whole test session's objects (CPU time, but not the bot's).
    assert bot.decisions and bot.cpu_seconds / bot.decisions < 0.3
