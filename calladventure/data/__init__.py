"""Data loading: card, rune, track and save files into values (docs/design.md)."""

from __future__ import annotations

from .cards import (
    CARDS_FORMAT,
    CONVERTER,
    RUNES_FORMAT,
    SET_FORMAT,
    TRACK_FORMAT,
    CardEntry,
    all_cards,
    bundled_runes,
    bundled_set,
    bundled_sets,
    bundled_track,
    data_root,
    entry_cards,
    load_card_file,
    load_card_set,
    load_rune_set,
    load_track,
    read_toml,
    validate_entry,
)
from .saves import (
    dump_state,
    load_config,
    load_state,
    state_digest,
)

__all__ = [
    "CARDS_FORMAT",
    "CONVERTER",
    "RUNES_FORMAT",
    "SET_FORMAT",
    "TRACK_FORMAT",
    "CardEntry",
    "all_cards",
    "bundled_runes",
    "bundled_set",
    "bundled_sets",
    "bundled_track",
    "data_root",
    "dump_state",
    "entry_cards",
    "load_card_file",
    "load_card_set",
    "load_config",
    "load_rune_set",
    "load_state",
    "load_track",
    "read_toml",
    "state_digest",
    "validate_entry",
]
