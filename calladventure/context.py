"""The static side of a game: its cards, runes and track, derived from its :class:`Config`.

Nothing here changes during a game, so it is not part of the state; it is rebuilt (and
cached) from the configuration, which is.
"""

from __future__ import annotations

import functools

import attrs

from .cards import Card, CardDB, CardSet
from .carddata import bundled_runes, bundled_set, bundled_track
from .corruption import Track
from .runes import RuneSet
from .state import Config


@attrs.frozen
class Context:
    """Cards by id, the rune set and the Corruption track of one configuration."""

    config: Config
    db: CardDB
    runes: RuneSet
    track: Track
    sets: tuple[CardSet, ...]

    def card(self, card_id: str) -> Card:
        return self.db[card_id]


_EXTRA_SETS: dict[str, CardSet] = {}


def register_set(card_set: CardSet) -> None:
    """Make a user's card set (loaded with ``load_card_set``) usable by id in a Config."""
    _EXTRA_SETS[card_set.id] = card_set
    context_for.cache_clear()


def get_set(set_id: str) -> CardSet:
    if set_id in _EXTRA_SETS:
        return _EXTRA_SETS[set_id]
    return bundled_set(set_id)


@functools.lru_cache(maxsize=64)
def context_for(config: Config) -> Context:
    sets = tuple(get_set(s) for s in config.sets)
    db = CardDB(c for s in sets for c in s.cards)
    return Context(config, db, bundled_runes(config.runes), bundled_track(config.track), sets)
