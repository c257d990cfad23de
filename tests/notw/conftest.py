"""Helpers for The Name of the Wind tests: the rules kit of ``tests/rules`` plus Naming positions.

``rules_kit`` (``tests/rules/conftest.py``) builds inline card sets with exact numbers; it is
loaded here under that name when the rules folder has not loaded it yet, so both folders share
one module (and one counter of set ids).
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path

if "rules_kit" not in sys.modules:
    _spec = importlib.util.spec_from_file_location(
        "rules_kit", Path(__file__).parents[1] / "rules" / "conftest.py"
    )
    assert _spec is not None and _spec.loader is not None
    _kit = importlib.util.module_from_spec(_spec)
    sys.modules["rules_kit"] = _kit
    _spec.loader.exec_module(_kit)

from rules_kit import challenge, destiny, motivation, origin, path, position, trait

from calladventure.expansions.naming import with_names as learn
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules._table import set_player
from calladventure.values._cards import Card
from calladventure.values._icons import Icon

#: Core faces with one success and no card draw (core-3's other face is the omen).
ONE = ("blank", "blank", "slash")
#: Core faces with three successes, the most a Name cast can show.
THREE = ("slash", "slash", "slash")


def base_cards() -> list[Card]:
    """A small inline set: a Smith (Strength + Constitution: the Iron pair), a hopeless challenge
    to fail, Name-icon challenges, and fillers. Its Name icons put the Naming rule in play."""
    return [
        origin("Smith", "strength", "constitution"),
        origin("Scribe", "intelligence"),
        motivation("Curious"),
        motivation("Restless"),
        destiny("Plain Fate"),
        destiny("Other Fate"),
        challenge("Hopeless", 9, ["wisdom"], path("wisdom", label="endure"), path("wisdom", label="give up")),
        challenge(
            "Windy Cliff",
            5,
            ["dexterity"],
            path("dexterity", "wind", label="Ride the gusts", triumph=1),
            path("dexterity", label="Climb down", tragedy=1),
        ),
        challenge(
            "Old Forge",
            5,
            ["strength"],
            path("strength", "iron", label="Temper the blade", triumph=1),
            path("strength", "fire", label="Stoke the furnace", tragedy=1),
        ),
        trait("Gust", "wind"),
        trait("Ember", "fire"),
        trait("Ingot", "iron"),
        trait("Bystander"),
        trait("Onlooker"),
    ]


def naming_position(
    *extra: Card | Sequence[Card],
    row: Sequence[str] = ("Hopeless", "Windy Cliff", "Old Forge", "Bystander"),
    players: int = 2,
    **config: object,
) -> Position:
    """P1 is the Smith (Iron pair), on turn, with the given Act I row."""
    cards: list[Card] = base_cards()
    for item in extra:
        cards.extend([item] if isinstance(item, Card) else item)
    return (
        position(cards, players=players, **config)
        .hero(0, origin="Smith", motivation="Curious", destiny="Plain Fate", xp=3)
        .row(1, list(row))
    )


def with_names(game: Game, seat: int, *names: Icon) -> Game:
    """The same position with these Names already learned by ``seat`` (a fresh game from it)."""
    state = set_player(game.state, seat, ext=learn(game.state.players[seat], names).ext)
    return Game.from_state(state)


def fail(game: Game, name: str = "Hopeless") -> Game:
    """Attempt a challenge with no ability runes and fail it (one success against 9)."""
    return game.attempt(name, faces=ONE).resolve()
