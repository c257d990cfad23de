"""Hidden cards as placeholders: what a card's back shows, and walking the card ids of a state.

A view (:mod:`.view`) replaces every card a seat may not see by a placeholder, ``"?"`` and the
card's *category*: what its back shows at the table (``000 · Hero and Antihero Cards``: Hero
and Antihero cards have their own backs; ``000 · Prepare the Story Decks``: each Act has its
own deck; ``000 · Deal the Cards``: Origin, Motivation and Destiny cards). An expansion may
give the cards of a zone of its own a category of their own (:meth:`Expansion.hidden_category`).
:func:`map_cards` walks every string of a state (attrs values, tuples, ``Ext`` values), so the
view, the sampler and the leak tests find card ids wherever a box keeps them.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

import attrs

from ..values._cards import CardType
from ..values._state import Config, Ext, GameState, evolve
from ._context import Context

_T = TypeVar("_T")

#: The first character of a placeholder: no card id starts with it.
HIDDEN = "?"
CHARACTER_TYPES = (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)
_HAND = (CardType.HERO, CardType.ANTIHERO)


def hidden(category: str) -> str:
    """The placeholder of a hidden card of ``category`` (``hidden("hero") == "?hero"``)."""
    return HIDDEN + category


def is_hidden(card: str) -> bool:
    """Whether ``card`` is a placeholder, not a card id."""
    return card.startswith(HIDDEN)


def category_of(ctx: Context, state: GameState, card_id: str) -> str:
    """What a hidden card's back shows: an expansion's own category, else its type (and Act, for story cards)."""
    card = ctx.db[card_id]
    for ext in ctx.expansions:
        found = ext.hidden_category(ctx, state, card)
        if found is not None:
            return found
    if card.type in CHARACTER_TYPES or card.type in _HAND:
        return card.type.value
    return f"act{card.act}" if card.act else card.type.value


def map_cards(value: _T, fn: Callable[[str], str]) -> _T:
    """``value`` with every string inside it passed through ``fn`` (attrs values, tuples, ``Ext``; not ``Config``).

    ``fn`` returns its argument for strings it leaves alone; unchanged parts are shared.
    """
    if isinstance(value, str):
        return value if isinstance(value, Enum) else fn(value)  # type: ignore[return-value]
    if isinstance(value, tuple):
        new = tuple(map_cards(v, fn) for v in value)
        same = all(a is b for a, b in zip(new, value, strict=True))
        return value if same else new  # type: ignore[return-value]
    if isinstance(value, Ext):
        items = map_cards(value.items, fn)
        return value if items is value.items else Ext(items)  # type: ignore[return-value]
    if isinstance(value, Config | Enum) or not attrs.has(type(value)):
        return value
    changes: dict[str, Any] = {}
    for field in attrs.fields(type(value)):  # type: ignore[arg-type]
        old = getattr(value, field.name)
        new_value = map_cards(old, fn)
        if new_value is not old:
            changes[field.name] = new_value
    return evolve(value, **changes) if changes else value


def strings_in(value: object) -> list[str]:
    """Every string inside ``value``, with repeats, in the order :func:`map_cards` walks them."""
    found: list[str] = []

    def note(text: str) -> str:
        found.append(text)
        return text

    map_cards(value, note)
    return found


def placeholders(value: object) -> list[str]:
    """Every placeholder inside ``value``, with repeats, in walking order."""
    return [s for s in strings_in(value) if is_hidden(s)]


__all__ = [
    "CHARACTER_TYPES",
    "HIDDEN",
    "category_of",
    "hidden",
    "is_hidden",
    "map_cards",
    "placeholders",
    "strings_in",
]
