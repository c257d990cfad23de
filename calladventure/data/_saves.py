"""Saving states and configurations as JSON-ready values (and loading them strictly), and their digests.

Effects use the same ``kind`` tags as card files; pending decisions are tagged by ``type``;
what expansions keep (``Ext`` values) is a table by key, structured with the types the
expansions declare (``ext_types``). Loading never executes anything: it is ``json`` plus
structuring into frozen attrs classes.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from ..values._cards import CardSet
from ..values._effects import ScoreRule
from ..values._options import Rules
from ..values._state import Config, Ext, GameState, Pending
from ._cards import CONVERTER as _CARD_CONVERTER
from ._save_files import structure_part


@functools.lru_cache(maxsize=16)
def _converter(ext_types: tuple[tuple[str, Any], ...]) -> cattrs.Converter:
    conv = _CARD_CONVERTER.copy()
    # Converter.copy() drops structure hooks registered for union types: carry them over.
    for union in (ScoreRule, int | str):
        conv.register_structure_hook(union, _CARD_CONVERTER.get_structure_hook(union))
    configure_tagged_union(Pending, conv, tag_name="type", tag_generator=lambda cl: cl.__name__)
    types = dict(ext_types)

    def dump_ext(ext: Ext) -> dict[str, Any]:
        return {key: conv.unstructure(value) for key, value in ext.items}

    def load_ext(data: Any, _cls: Any) -> Ext:
        if not isinstance(data, Mapping):
            raise TypeError(f"an ext value is a table of expansion parts, not {type(data).__name__}")
        items = []
        for key, value in data.items():
            if key not in types:
                raise ValueError(f"no expansion keeps {key!r} (known: {sorted(types)})")
            items.append((key, conv.structure(value, types[key])))
        return Ext(tuple(sorted(items, key=lambda kv: kv[0])))

    conv.register_unstructure_hook(Ext, dump_ext)
    conv.register_unstructure_hook(Rules, lambda rules: conv.unstructure(rules.by_name()))
    conv.register_structure_hook(Ext, load_ext)
    return conv


def _key(ext_types: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((ext_types or {}).items(), key=lambda kv: kv[0]))


def dump_state(value: GameState | Config, ext_types: Mapping[str, Any] | None = None) -> Any:
    """A JSON-ready value of a state or a config."""
    return _converter(_key(ext_types)).unstructure(value)


def load_state(data: Any, ext_types: Mapping[str, Any] | None = None) -> GameState:
    """A state from its JSON-ready value, structured strictly; a SaveFileError lists every problem."""
    return structure_part(data, GameState, file="<state>", field=None, ext_types=ext_types)


def load_config(data: Any) -> Config:
    """A configuration from its JSON-ready value, structured strictly; a SaveFileError lists every problem."""
    return structure_part(data, Config, file="<config>", field=None)


def set_content(card_set: CardSet) -> dict[str, Any]:
    """What a card set's content hash covers: its id, metadata and every card (not where it was read from)."""
    return {
        "id": card_set.id,
        "name": card_set.name,
        "runes": card_set.runes,
        "track": card_set.track,
        "story_icons": [i.value for i in card_set.story_icons],
        "set_aside": list(card_set.set_aside),
        "source": card_set.source,
        "cards": [_CARD_CONVERTER.unstructure(c) for c in card_set.cards],
    }


def set_digest(card_set: CardSet) -> str:
    """The content hash of a card set, as a save records it: the same cards give the same hash anywhere."""
    text = json.dumps(set_content(card_set), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def state_digest(state: GameState, ext_types: Mapping[str, Any] | None = None) -> str:
    """A digest of the whole state, to prove a save replays to the same position."""
    return hashlib.sha256(json.dumps(dump_state(state, ext_types), sort_keys=True).encode()).hexdigest()[:24]


__all__ = ["dump_state", "load_config", "load_state", "set_content", "set_digest", "state_digest"]
