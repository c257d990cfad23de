"""Data loading: card, set, rune, track and save files into values (docs/design.md, docs/cards.md).

Every file is read by :func:`read_toml` (bounded in size and nesting, UTF-8, never executes
anything) and structured strictly (:func:`structure`); every problem of a file is reported at
once in one :class:`~calladventure.CardDataError`. Ids named in data are looked up in
the bundled data or in folders the caller passes (:class:`DataSources`), never as paths. The
limits are in :mod:`calladventure.data._limits`.
"""

from __future__ import annotations

from ._cards import (
    CARDS_FORMAT,
    SET_FORMAT,
    SET_RULES,
    SetTable,
    all_cards,
    bundled_set,
    cards_from_tables,
    load_card_file,
    load_card_set,
)
from ._entries import (
    CARD_CONVERTER,
    CARD_RULES,
    CardEntry,
    entry_cards,
    entry_problems,
    hook_problems,
    validate_entry,
)
from ._files import data_root, parse_toml, read_toml
from ._limits import LIMITS, id_problem, is_id
from ._problems import Problems, explain, problems_of
from ._runes import (
    RUNE_RULES,
    RUNES_FORMAT,
    TRACK_FORMAT,
    TRACK_RULES,
    bundled_runes,
    bundled_track,
    load_rune_set,
    load_runes_by_id,
    load_track,
    load_track_by_id,
)
from ._saves import (
    dump_state,
    load_config,
    load_state,
    set_digest,
    state_digest,
)
from ._sources import DataSources, bundled_sets
from ._structure import (
    CONVERTER,
    ID,
    PROSE,
    Bounds,
    Converter,
    FieldRules,
    Rule,
    Text,
    rule_problems,
    strict_converter,
    structure,
)

__all__ = [
    "CARDS_FORMAT",
    "CARD_CONVERTER",
    "CARD_RULES",
    "CONVERTER",
    "ID",
    "LIMITS",
    "PROSE",
    "RUNES_FORMAT",
    "RUNE_RULES",
    "SET_FORMAT",
    "SET_RULES",
    "TRACK_FORMAT",
    "TRACK_RULES",
    "Bounds",
    "CardEntry",
    "Converter",
    "DataSources",
    "FieldRules",
    "Problems",
    "Rule",
    "SetTable",
    "Text",
    "all_cards",
    "bundled_runes",
    "bundled_set",
    "bundled_sets",
    "bundled_track",
    "cards_from_tables",
    "data_root",
    "dump_state",
    "entry_cards",
    "entry_problems",
    "explain",
    "hook_problems",
    "id_problem",
    "is_id",
    "load_card_file",
    "load_card_set",
    "load_config",
    "load_rune_set",
    "load_runes_by_id",
    "load_state",
    "load_track",
    "load_track_by_id",
    "parse_toml",
    "problems_of",
    "read_toml",
    "rule_problems",
    "set_digest",
    "state_digest",
    "strict_converter",
    "structure",
    "validate_entry",
]
