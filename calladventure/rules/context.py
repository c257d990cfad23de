"""The static side of a game: its cards, runes and track, derived from its :class:`Config`.

Nothing here changes during a game, so it is not part of the state; it is rebuilt (and
cached) from the configuration, which is.
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from ..data.cards import bundled_runes, bundled_set, bundled_track
from ..values.cards import Card, CardDB, CardSet
from ..values.runes import Rune, RuneSet
from ..values.state import Config
from ..values.track import Track


@attrs.frozen
class Context:
    """Cards by id, the rune set and the Corruption track of one configuration."""

    config: Config
    db: CardDB
    runes: RuneSet
    track: Track
    sets: tuple[CardSet, ...]
    with_powers: frozenset[str] = frozenset()
    rune_by_id: dict[str, Rune] = attrs.Factory(dict)

    def card(self, card_id: str) -> Card:
        return self.db[card_id]


_EXTRA_SETS: dict[str, CardSet] = {}


def register_set(card_set: CardSet) -> None:
    """Make a user's card set (loaded with ``load_card_set``) usable by id in a Config."""
    _EXTRA_SETS[card_set.id] = card_set
    context_for.cache_clear()
    from .engine import _INTERNED

    _INTERNED.clear()  # cached actions may name cards of a set registered before under this id
    _static.cache_clear()


def get_set(set_id: str) -> CardSet:
    if set_id in _EXTRA_SETS:
        return _EXTRA_SETS[set_id]
    return bundled_set(set_id)


@functools.lru_cache(maxsize=16)
def _static(sets_ids: tuple[str, ...], runes: str, track: str) -> tuple[Any, ...]:
    sets = tuple(get_set(s) for s in sets_ids)
    db = CardDB(c for s in sets for c in s.cards)
    with_powers = frozenset(c.id for c in db.values() if c.powers or any(p.powers for p in c.paths))
    return db, bundled_runes(runes), bundled_track(track), sets, with_powers


@functools.lru_cache(maxsize=256)
def context_for(config: Config) -> Context:
    """The (cached) context of a configuration; the card data is shared between configurations."""
    db, runes, track, sets, with_powers = _static(config.sets, config.runes, config.track)
    return Context(config, db, runes, track, sets, with_powers, {r.id: r for r in runes.all_runes()})


__all__ = [
    "Context",
    "context_for",
    "get_set",
    "register_set",
]
