"""Helpers for the rules tests: tiny inline card sets with exact numbers, positions, assertions.

Cards are built in Python (``trait``, ``challenge``, ``ally`` …) and gathered into a registered
set with :func:`make_set`; each set gets a fresh id so tests never see each other's cards. The
numbers on these cards are test fixtures, not the printed cards'.
"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pytest

from calladventure.game import Game
from calladventure.play.position import Position, card_set, misplaced
from calladventure.values._cards import Card, CardSet, CardType, Path
from calladventure.values._effects import (
    Duration,
    Effect,
    Play,
    Power,
    Requirement,
    ScoreRule,
    Target,
    Timing,
    Trigger,
)
from calladventure.values._events import Event
from calladventure.values._icons import Icon
from calladventure.values._illegal import IllegalActionError

_SET_IDS = itertools.count(1)
ORIGINAL = "original"


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def icons(*names: Icon | str) -> tuple[Icon, ...]:
    return tuple(Icon(n) for n in names)


def path(
    *icon_names: Icon | str,
    label: str = "",
    triumph: int = 0,
    tragedy: int = 0,
    xp: int = 0,
    plus_one: bool = False,
    powers: Sequence[Power] = (),
) -> Path:
    """One path: its icons, points, Experience reward and "+1" icon."""
    return Path(label, icons(*icon_names), triumph, tragedy, xp, plus_one, tuple(powers))


def _card(name: str, ctype: CardType, source: str, **fields: Any) -> Card:
    return Card(id=fields.pop("id", slug(name)), name=name, type=ctype, set="", source=source, **fields)


def origin(name: str, *icon_names: Icon | str, triumph: int = 0, source: str = ORIGINAL, **kw: Any) -> Card:
    return _card(name, CardType.ORIGIN, source, paths=(path(*icon_names, label=name, triumph=triumph),), **kw)


def motivation(
    name: str, *icon_names: Icon | str, start_virtue: int = 0, source: str = ORIGINAL, **kw: Any
) -> Card:
    return _card(
        name,
        CardType.MOTIVATION,
        source,
        paths=(path(*icon_names, label=name),),
        start_virtue=start_virtue,
        **kw,
    )


def destiny(
    name: str, *icon_names: Icon | str, scoring: Sequence[ScoreRule] = (), source: str = ORIGINAL, **kw: Any
) -> Card:
    return _card(
        name, CardType.DESTINY, source, paths=(path(*icon_names, label=name),), scoring=tuple(scoring), **kw
    )


def trait(
    name: str,
    *icon_names: Icon | str,
    act: int = 1,
    triumph: int = 0,
    tragedy: int = 0,
    xp: int = 0,
    requires: Requirement | None = None,
    cost_xp: int = 0,
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    p = path(*icon_names, label=name, triumph=triumph, tragedy=tragedy, xp=xp)
    return _card(name, CardType.TRAIT, source, act=act, paths=(p,), requires=requires, cost_xp=cost_xp, **kw)


def challenge(
    name: str,
    difficulty: int,
    abilities: Sequence[Icon | str],
    top: Path | None = None,
    bottom: Path | None = None,
    *,
    act: int = 1,
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    return _card(
        name,
        CardType.CHALLENGE,
        source,
        act=act,
        difficulty=difficulty,
        abilities=icons(*abilities),
        paths=(top or path(label="top"), bottom or path(label="bottom")),
        **kw,
    )


def ally(
    name: str,
    *icon_names: Icon | str,
    act: int = 1,
    triumph: int = 0,
    powers: Sequence[Power] = (),
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    return _card(
        name,
        CardType.ALLY,
        source,
        act=act,
        paths=(path(*icon_names, label=name, triumph=triumph),),
        powers=tuple(powers),
        **kw,
    )


def adversary(
    name: str,
    difficulty: int,
    abilities: Sequence[Icon | str],
    the_path: Path | None = None,
    *,
    act: int = 3,
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    """An Adversary: a challenge with one path (000 · Glossary: Adversary)."""
    return _card(
        name,
        CardType.ADVERSARY,
        source,
        act=act,
        difficulty=difficulty,
        abilities=icons(*abilities),
        paths=(the_path or path(label=name),),
        **kw,
    )


def _hand(
    ctype: CardType,
    name: str,
    timing: Timing | str,
    effects: Sequence[Effect],
    target: Target | str,
    duration: Duration | str,
    source: str,
    **kw: Any,
) -> Card:
    play = Play(Timing(timing), tuple(effects), Target(target), Duration(duration))
    return _card(name, ctype, source, play=play, **kw)


def hero_card(
    name: str,
    timing: Timing | str,
    *effects: Effect,
    target: Target | str = Target.SELF,
    duration: Duration | str = Duration.ATTEMPT,
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    """A Hero card: when it is played, on whom, and what it does."""
    return _hand(CardType.HERO, name, timing, effects, target, duration, source, **kw)


def antihero_card(
    name: str,
    timing: Timing | str,
    *effects: Effect,
    target: Target | str = Target.SELF,
    duration: Duration | str = Duration.ATTEMPT,
    source: str = ORIGINAL,
    **kw: Any,
) -> Card:
    """An Antihero card: when it is played, on whom, and what it does."""
    return _hand(CardType.ANTIHERO, name, timing, effects, target, duration, source, **kw)


def power(trigger: Trigger | str, *effects: Effect, **kw: Any) -> Power:
    return Power(Trigger(trigger), tuple(effects), **kw)


def make_set(*cards: Card | Iterable[Card], set_id: str | None = None) -> CardSet:
    """A registered inline card set with a fresh id (``t1``, ``t2`` …)."""
    flat: list[Card] = []
    for c in cards:
        flat.extend([c] if isinstance(c, Card) else c)
    return card_set(set_id or f"t{next(_SET_IDS)}", flat)


def filler_names(act: int, n: int = 3, prefix: str = "Filler") -> list[str]:
    """The names of the first ``n`` :func:`fillers` of an Act (to place them under a Character card)."""
    return [f"{prefix} {act}-{i}" for i in range(n)]


def fillers(act: int, n: int, prefix: str = "Filler") -> list[Card]:
    """``n`` plain traits of an Act (deck padding with nothing on them)."""
    return [trait(name, act=act) for name in filler_names(act, n, prefix)]


def position(*cards: Card | Iterable[Card], players: int = 2, seed: int = 0, **config: Any) -> Position:
    """A Position on one inline set made of ``cards``."""
    return Position(players=players, seed=seed, sets=(make_set(*cards),), **config)


# ----------------------------------------------------------------------------- assertions


def sections(events: Iterable[Event]) -> list[str]:
    return [e.section for e in events]


def assert_illegal(game: Game, act: Callable[[Game], object], *words: str) -> IllegalActionError:
    """``act(game)`` raises IllegalActionError whose message has ``words`` and the game is unchanged."""
    before = game.state
    history = game.history
    with pytest.raises(IllegalActionError) as info:
        act(game)
    message = str(info.value).casefold()
    for w in words:
        assert w.casefold() in message, f"{w!r} not in {str(info.value)!r}"
    assert game.state == before
    assert game.history == history
    return info.value


def assert_one_place(game: Game) -> None:
    """Every card of the game's sets is in exactly one place."""
    assert misplaced(game.ctx, game.state) == {}


def pool_ids(game: Game) -> list[str]:
    from calladventure.rules import attempt_pool

    att = game.state.attempt
    assert att is not None
    return [r.id for r in attempt_pool(game.ctx, game.state, att)]


# The test modules of this folder import these helpers as ``rules_kit`` (a stable name, whatever
# name pytest gives this conftest module).
if __name__ in sys.modules:
    sys.modules.setdefault("rules_kit", sys.modules[__name__])
