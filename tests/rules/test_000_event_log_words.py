"""The words of the event log: counts agree with their nouns, and a total says where its bonus comes from.

Once the log said "1 heroes are dealt" and "= 1 successes", and a cast "= 7 successes" was
followed by "8 vs difficulty 7" without saying where the +1 came from.
"""

from __future__ import annotations

import re

from calladventure import Game
from calladventure.play.bots import GreedyBot, play_game
from calladventure.play.position import Position
from calladventure.rules import cast_pool
from calladventure.values._actions import AttemptChallenge


def test_000_deal_the_cards_one_hero_is_dealt_not_one_heroes() -> None:
    assert Game.new(players=1, seed=2).events[0].text == "1 hero is dealt their Character cards"
    assert Game.new(players=3, seed=2).events[0].text == "3 heroes are dealt their Character cards"


def test_000_reading_the_runes_a_cast_of_one_success_says_success() -> None:
    game = Position(players=2, seed=1).row(1, ["Wild Boar Hunt", "Find a Lost Child", "Brave"]).game()
    for action in [a for a in game.legal_actions if isinstance(a, AttemptChallenge) and not a.dark]:
        game.push(action)
        game.pass_window()
        pool = cast_pool(game.ctx, game.state)
        assert pool is not None
        if all(r.kind.value == "core" for r in pool):
            break
        game.undo_to(0)
    else:
        raise AssertionError("no attempt cast the core runes alone")
    faces = [
        next(i for i, f in enumerate(r.faces) if f.successes == (1 if n == 0 else 0))
        for n, r in enumerate(pool)
    ]
    game.cast(*faces)
    cast = next(e.text for e in game.events if e.text.startswith("cast: "))
    assert cast.endswith("= 1 success"), cast


def test_000_attempt_a_challenge_a_total_says_where_its_bonus_comes_from() -> None:
    """A cast "= 7 successes" and a bonus of +1 give "8 vs difficulty 7 (7 cast +1 Rally)"."""
    seen = 0
    for seed in range(12):
        game = play_game(Game.new(players=2, seed=seed), [GreedyBot(seed), GreedyBot(seed + 50)])
        for event in game.events:
            match = re.search(r": (\d+) vs difficulty \d+ \((\d+) cast ((?:[+-]\d+ [^+-]+?)+)\)", event.text)
            if match is None:
                continue
            total, cast, parts = int(match.group(1)), int(match.group(2)), match.group(3)
            bonus = sum(int(n) for n in re.findall(r"([+-]\d+) ", parts + " "))
            assert total == cast + bonus, event.text
            seen += 1
        for event in game.events:  # without a bonus, no parenthesis
            if re.search(r" vs difficulty \d+$", event.text):
                assert "cast" not in event.text
    assert seen >= 3, "the seeds should show a few attempts with a bonus"
