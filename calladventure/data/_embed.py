"""Card sets inside other files: a set written as ``[[cards]]`` tables of the card-file format, and read back.

A save embeds every card set it uses that is not bundled with the package (a scenario's inline
cards, a user's set), so that a fresh process can load it; a scenario written from a game does
the same. :func:`set_tables` writes a set's cards as card-file tables (copies folded back into
``copies``) and returns None for a set the card-file format cannot say exactly (a set made in
Python with a card no file could hold): such a set is only referenced, by id and content hash.
:func:`cards_of_tables` reads tables back as strictly as a card file (every problem at once).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..values._cards import Card, CardSet
from ..values._icons import STORY_ICONS
from ._cards import cards_from_tables
from ._entries import CardEntry
from ._structure import CONVERTER

__all__ = ["card_tables", "entry_table", "set_tables"]

_COPY = re.compile(r"(.+)#(\d+)")
_DEFAULTS = {a.name: a.default for a in attrs.fields(CardEntry)}


def entry_table(card: Card, local_id: str) -> dict[str, Any]:
    """One card as a ``[[cards]]`` table (fields at their defaults left out)."""
    raw: dict[str, Any] = CONVERTER.unstructure(card)
    named = [t.split(":", 1)[1] for t in card.tags if t.startswith("named_in:")]
    table: dict[str, Any] = {
        "id": local_id,
        "name": card.name,
        "type": card.type.value,
        "source": card.source,
        "named_in": named[0] if named else None,
        "act": card.act,
        "text": card.text,
        "difficulty": card.difficulty,
        "abilities": raw["abilities"],
        "requires": raw["requires"],
        "cost_xp": card.cost_xp,
        "powers": raw["powers"],
        "play": raw["play"],
        "scoring": raw["scoring"],
        "start_virtue": card.start_virtue,
        "first_game_remove": card.first_game_remove,
        "tags": [t for t in card.tags if not t.startswith("named_in:")],
    }
    if card.type.is_character and card.paths:
        path = raw["paths"][0]
        table.update(icons=path["icons"], triumph=path["triumph"], tragedy=path["tragedy"])
    else:
        table["paths"] = raw["paths"]
    return {k: v for k, v in table.items() if v != _default(k)}


def _default(key: str) -> Any:
    value = _DEFAULTS.get(key)
    if isinstance(value, tuple):
        return list(value)
    return value


def card_tables(card_set: CardSet) -> list[dict[str, Any]] | None:
    """The set's cards as card-file tables (``copies`` for ``#2`` … ids), or None when the format cannot say them exactly."""
    tables: list[dict[str, Any]] = []
    by_id: dict[str, dict[str, Any]] = {}
    prefix = f"{card_set.id}/"
    for card in card_set.cards:
        if not card.id.startswith(prefix) or card.set != card_set.id:
            return None
        local = card.id[len(prefix) :]
        m = _COPY.fullmatch(local)
        if m and m.group(1) in by_id and int(m.group(2)) == by_id[m.group(1)].get("copies", 1) + 1:
            base = by_id[m.group(1)]
            base["copies"] = base.get("copies", 1) + 1
            continue
        table = entry_table(card, local)
        by_id[local] = table
        tables.append(table)
    try:
        again = cards_from_tables(list(tables), card_set.id, file="<embedded>")
    except ValueError:
        return None
    return tables if tuple(again) == card_set.cards else None


def set_tables(card_set: CardSet) -> dict[str, Any] | None:
    """The set's metadata and cards as a save embeds them, or None when the format cannot say the cards exactly."""
    tables = card_tables(card_set)
    if tables is None:
        return None
    used = {i for c in card_set.cards for p in c.paths for i in p.icons} | set(card_set.story_icons)
    # the story icons a card set declares by name (a box's icons are declared by its module)
    new_icons = sorted(i.value for i in used if i.is_story and i not in STORY_ICONS and i.declaration is None)
    return {
        "new_icons": new_icons,
        "name": card_set.name,
        "runes": card_set.runes,
        "track": card_set.track,
        "story_icons": [i.value for i in card_set.story_icons],
        "set_aside": list(card_set.set_aside),
        "source": card_set.source,
        "cards": tables,
    }
