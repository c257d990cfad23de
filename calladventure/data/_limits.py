"""The bounds of every data file: sizes, nesting, counts and string lengths, and the id syntax.

A file beyond one of these limits is refused with a :class:`~calladventure.CardDataError`
that names the limit, so loading any file is bounded work. Each limit is documented in
``docs/cards.md`` ("Limits") and listed in :data:`LIMITS` (which the card-format reference
prints). The numbers are project choices, well above what the bundled data uses.
"""

from __future__ import annotations

import re

MAX_FILE_BYTES = 1 << 20
"""Bytes in one data file (1 MiB; the largest bundled file is about 12 KiB)."""

MAX_NESTING = 24
"""Tables and arrays inside one another (the bundled files nest at most 11 deep)."""

MAX_FILES_PER_SET = 64
"""Card files in one card-set folder (``set.toml`` aside)."""

MAX_CARDS_PER_FILE = 500
"""``[[cards]]`` entries in one card file (or cards in one deck file)."""

MAX_CARDS_PER_SET = 2000
"""Cards in one card set, counting every copy."""

MAX_COPIES = 20
"""``copies`` of one card entry."""

MAX_ARRAY_LENGTH = 256
"""Items in any other array, or keys in any other table."""

MAX_ID_LENGTH = 64
"""Characters in an id (card, set, rune set, track, rune, deck card, faction)."""

MAX_STRING_LENGTH = 200
"""Characters in a name, label, tag or any other short string."""

MAX_TEXT_LENGTH = 4000
"""Characters in a ``text`` or ``notes`` string (rules text, provenance notes)."""

MAX_PROBLEMS = 200
"""Problems collected from one load; beyond this they are only counted."""

MAX_SAVE_BYTES = 8 << 20
"""Bytes in one save file (8 MiB; a whole game with its start position is about 100 KiB)."""

MAX_SAVE_NESTING = 32
"""Arrays and objects inside one another in a save (a saved state nests about 12 deep)."""

MAX_SAVE_ACTIONS = 10_000
"""Actions in one save (a random four-hero game takes well under 3,000)."""

MAX_SAVE_ITEMS = 10_000
"""Items in any array of a save, or keys in any object (decks, card lists, actions)."""

MAX_SAVE_SETS = 16
"""Card sets one save names (and may embed)."""

#: Every limit: (constant name, value, what it bounds).
LIMITS: tuple[tuple[str, int, str], ...] = (
    ("MAX_FILE_BYTES", MAX_FILE_BYTES, "bytes in one data file"),
    ("MAX_NESTING", MAX_NESTING, "tables and arrays inside one another"),
    ("MAX_FILES_PER_SET", MAX_FILES_PER_SET, "card files in one card-set folder"),
    ("MAX_CARDS_PER_FILE", MAX_CARDS_PER_FILE, "`[[cards]]` entries in one card or deck file"),
    ("MAX_CARDS_PER_SET", MAX_CARDS_PER_SET, "cards in one card set, copies included"),
    ("MAX_COPIES", MAX_COPIES, "`copies` of one card entry"),
    ("MAX_ARRAY_LENGTH", MAX_ARRAY_LENGTH, "items in any other array, or keys in any other table"),
    ("MAX_ID_LENGTH", MAX_ID_LENGTH, "characters in an id"),
    ("MAX_STRING_LENGTH", MAX_STRING_LENGTH, "characters in a name, label, tag or other short string"),
    ("MAX_TEXT_LENGTH", MAX_TEXT_LENGTH, "characters in a `text` or `notes` string"),
    ("MAX_PROBLEMS", MAX_PROBLEMS, "problems collected from one load (the rest are counted)"),
)

#: The limits of save files (``docs/reproducibility.md``): (constant name, value, what it bounds).
SAVE_LIMITS: tuple[tuple[str, int, str], ...] = (
    ("MAX_SAVE_BYTES", MAX_SAVE_BYTES, "bytes in one save file"),
    ("MAX_SAVE_NESTING", MAX_SAVE_NESTING, "arrays and objects inside one another in a save"),
    ("MAX_SAVE_ACTIONS", MAX_SAVE_ACTIONS, "actions in one save"),
    ("MAX_SAVE_ITEMS", MAX_SAVE_ITEMS, "items in any array of a save, or keys in any object"),
    ("MAX_SAVE_SETS", MAX_SAVE_SETS, "card sets one save names"),
)

ID_SYNTAX = "lowercase ASCII letters, digits, '-' and '_', starting with a letter or digit"
"""The id syntax in words (for messages and docs)."""

_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


def id_problem(value: str, what: str = "an id") -> str | None:
    """What is wrong with ``value`` as an id, or None: ids name things, never paths.

    Absolute paths, ``..``, ``/``, spaces and non-ASCII letters are all refused.
    """
    if not value:
        return f"{what} cannot be empty ({ID_SYNTAX})"
    if len(value) > MAX_ID_LENGTH:
        return f"{what} is {len(value)} characters long; at most {MAX_ID_LENGTH}"
    if _ID.fullmatch(value):
        return None
    if "/" in value or "\\" in value or value.startswith(".") or ".." in value:
        return f"{value!r} is a path, not {what}: ids name bundled or given data, never files ({ID_SYNTAX})"
    return f"{value!r} is not {what}: use {ID_SYNTAX}"


def is_id(value: object) -> bool:
    """True if ``value`` is a string with the id syntax."""
    return isinstance(value, str) and len(value) <= MAX_ID_LENGTH and _ID.fullmatch(value) is not None


__all__ = [
    "ID_SYNTAX",
    "LIMITS",
    "MAX_ARRAY_LENGTH",
    "MAX_CARDS_PER_FILE",
    "MAX_CARDS_PER_SET",
    "MAX_COPIES",
    "MAX_FILES_PER_SET",
    "MAX_FILE_BYTES",
    "MAX_ID_LENGTH",
    "MAX_NESTING",
    "MAX_PROBLEMS",
    "MAX_SAVE_ACTIONS",
    "MAX_SAVE_BYTES",
    "MAX_SAVE_ITEMS",
    "MAX_SAVE_NESTING",
    "MAX_SAVE_SETS",
    "MAX_STRING_LENGTH",
    "MAX_TEXT_LENGTH",
    "SAVE_LIMITS",
    "id_problem",
    "is_id",
]
