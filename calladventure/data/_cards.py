"""Loading card files and card-set folders (TOML, read safely, validated strictly).

The format is documented in ``docs/cards.md``. Files are read by :func:`~.files.read_toml`
(bounded, UTF-8, never executes anything) and structured strictly into frozen values; every
problem of a file (or of a whole set) is reported at once in one
:class:`~calladventure.CardDataError`, each problem naming the file, the card and the field.

Layout of a card-set folder (``cards/<set>/``): ``set.toml`` (the set's metadata) and any
number of other ``*.toml`` files, each with ``format = "calladventure.cards/1"`` and a list
of ``[[cards]]``. The rune set and track a ``set.toml`` names are ids, looked up in the
bundled data or the folders of a :class:`~.sources.DataSources` (never as paths). Card ids are
unique across the whole set, copies (``…#2``) included.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path as FsPath

import attrs

from ..values._cards import Card, CardSet
from ..values._errors import CardDataError
from ..values._icons import Icon, provisional_icons
from ..values._vocabulary import ensure as ensure_vocabulary
from ._entries import CARD_CONVERTER, CardEntry, entry_cards, entry_problems, validate_entry
from ._files import data_root, read_toml
from ._limits import MAX_CARDS_PER_FILE, MAX_CARDS_PER_SET, MAX_FILES_PER_SET, MAX_ID_LENGTH, is_id
from ._problems import Problems, shown
from ._runes import (
    RUNES_FORMAT,
    TRACK_FORMAT,
    bundled_runes,
    bundled_track,
    load_rune_set,
    load_runes_by_id,
    load_track,
    load_track_by_id,
)
from ._sources import DataSources, bundled_sets
from ._structure import CONVERTER, ID, Rule, strict_converter, structure

CARDS_FORMAT = "calladventure.cards/1"
SET_FORMAT = "calladventure.set/1"


def _label(item: object, position: int) -> str:
    """How a problem names a card: its id or name if it has a short string one, else ``#<position>``."""
    if isinstance(item, Mapping):
        for key in ("id", "name"):
            value = item.get(key)
            if isinstance(value, str) and value.strip():
                return value if len(value) <= MAX_ID_LENGTH else value[: MAX_ID_LENGTH - 1] + "…"
    return f"#{position}"


def _card_file(path: FsPath, set_id: str, problems: Problems, taken: dict[str, str]) -> list[Card]:
    """The cards of one file; its problems go to ``problems``; ``taken`` maps ids already used to their file."""
    file = str(path)
    with problems.collecting():
        doc = read_toml(path)
        if doc.get("format") != CARDS_FORMAT:
            problems.add(
                file, None, "format", f"expected format = {CARDS_FORMAT!r}, got {shown(doc.get('format'))}"
            )
        extra = sorted(set(doc) - {"format", "cards"})
        if extra:
            problems.add(
                file,
                None,
                None,
                f"unknown top-level keys {[shown(k) for k in extra[:10]]}; known: format, cards",
            )
        raw = doc.get("cards", [])
        if not isinstance(raw, list):
            problems.add(file, None, "cards", "must be an array of tables ([[cards]])")
            return []
        if len(raw) > MAX_CARDS_PER_FILE:
            problems.add(
                file,
                None,
                "cards",
                f"{len(raw)} cards; at most {MAX_CARDS_PER_FILE} per file (MAX_CARDS_PER_FILE)",
            )
            return []
        return _tables(raw, set_id, file, problems, taken, _label)
    return []


def _tables(
    raw: list[object],
    set_id: str,
    file: str,
    problems: Problems,
    taken: dict[str, str],
    label: Callable[[object, int], str],
) -> list[Card]:
    ensure_vocabulary()  # the package's hooks and bundled boxes' atoms, which card files may name
    out: list[Card] = []
    seen_entries: set[str] = set()
    for i, item in enumerate(raw):
        name = label(item, i + 1)
        try:
            entry = structure(item, CardEntry, file=file, card=name, converter=CARD_CONVERTER)
        except CardDataError as err:
            problems.extend(err.problems, err.omitted)
            continue
        if entry.id in seen_entries:
            problems.add(file, name, "id", "duplicate id in this file")
            continue
        seen_entries.add(entry.id)
        found = entry_problems(file, entry)
        if found:
            problems.extend([attrs.evolve(p, card=name) for p in found])
            continue
        for card in entry_cards(set_id, file, entry):
            if card.id in taken:
                where = "in this file" if taken[card.id] == file else f"in {taken[card.id]}"
                problems.add(file, name, "id", f"{card.id!r} is already defined {where}")
                continue
            taken[card.id] = file
            out.append(card)
    return out


def cards_from_tables(
    raw: list[object],
    set_id: str,
    *,
    file: str,
    label: Callable[[object, int], str] | None = None,
) -> list[Card]:
    """The cards of ``[[cards]]`` tables already parsed (a scenario's, a save's), validated like a card file.

    One CardDataError lists every problem, each naming ``file``, the card (``label(table, position)``,
    by default its id or name) and the field.
    """
    if len(raw) > MAX_CARDS_PER_FILE:
        raise CardDataError(
            file, None, "cards", f"{len(raw)} cards; at most {MAX_CARDS_PER_FILE} (MAX_CARDS_PER_FILE)"
        )
    problems = Problems()
    cards = _tables(raw, set_id, file, problems, {}, label or _label)
    if len(cards) > MAX_CARDS_PER_SET:
        problems.add(file, None, "cards", f"over {MAX_CARDS_PER_SET} cards (MAX_CARDS_PER_SET)")
    problems.raise_if_any()
    return cards


def load_card_file(path: FsPath | str, set_id: str) -> list[Card]:
    """Load one ``*.toml`` card file of a set; one CardDataError lists every problem of the file."""
    problems = Problems()
    cards = _card_file(FsPath(path), set_id, problems, {})
    problems.raise_if_any()
    return cards


@attrs.frozen
class SetTable:
    """The ``[set]`` table of a ``set.toml``: the set's id and name, its rune set and track (ids), its story icons."""

    id: str
    name: str
    runes: str | None = None
    track: str | None = None
    story_icons: tuple[Icon, ...] = ()
    set_aside: tuple[str, ...] = ()
    source: str = "original"
    new_icons: tuple[str, ...] = ()


SET_RULES: dict[tuple[type, str], Rule] = {
    (SetTable, "id"): ID,
    (SetTable, "runes"): ID,
    (SetTable, "track"): ID,
    (SetTable, "new_icons"): ID,
}
"""The rule of every id of a ``set.toml``."""

_SETS = strict_converter(SET_RULES)


def _set_table(path: FsPath, problems: Problems, sources: DataSources) -> SetTable | None:
    file = str(path)
    with problems.collecting():
        doc = read_toml(path)
        if doc.get("format") != SET_FORMAT:
            problems.add(
                file, None, "format", f"expected format = {SET_FORMAT!r}, got {shown(doc.get('format'))}"
            )
        extra = sorted(set(doc) - {"format", "set"})
        if extra:
            problems.add(
                file,
                None,
                None,
                f"unknown top-level keys {[shown(k) for k in extra[:10]]}; known: format, set",
            )
        table = doc.get("set", {})
        new = table.get("new_icons", ()) if isinstance(table, dict) else ()
        for i, name in enumerate(new if isinstance(new, list) else ()):
            try:  # a set may add story icons; they must exist before its cards are read
                Icon.declare(name) if isinstance(name, str) else None
            except ValueError as exc:
                problems.add(file, None, f"set.new_icons[{i}]", str(exc))
        meta = structure(table, SetTable, file=file, field="set", converter=_SETS)
        for i, icon in enumerate(meta.story_icons):
            if not icon.is_story:
                problems.add(file, None, f"set.story_icons[{i}]", f"{icon.value!r} is not a story icon")
        for field, ident, load in (
            ("runes", meta.runes, load_runes_by_id),
            ("track", meta.track, load_track_by_id),
        ):
            if ident is None:
                continue
            try:
                sources.find(field, ident)
            except CardDataError as err:  # not an id, or no such file: the set's own problem
                problems.add(file, None, f"set.{field}", err.problem)
                continue
            with problems.collecting():  # the named file's own problems
                load(ident, sources)
        return meta
    return None


def load_card_set(folder: FsPath | str, *, sources: DataSources | None = None) -> CardSet:
    """Load a card-set folder (``set.toml`` plus card files) into a :class:`CardSet`.

    ``sources`` says where the rune set and track that ``set.toml`` names are looked up (the
    bundled data by default). Every problem of every file is reported in one CardDataError.
    """
    with provisional_icons():  # its new icons count only if the whole set is accepted
        return _card_set(FsPath(folder), sources or DataSources())


def _card_set(folder: FsPath, src: DataSources) -> CardSet:
    problems = Problems()
    if folder.is_file():  # the error names the file given, not a set.toml inside it
        hint = f" (its folder is {folder.parent})" if folder.name == "set.toml" else ""
        problems.add(str(folder), None, None, f"a card set is a folder holding a set.toml, not a file{hint}")
        problems.raise_if_any()
    meta = _set_table(folder / "set.toml", problems, src)
    set_id = meta.id if meta else (folder.name if is_id(folder.name) else "set")
    files = sorted(p for p in folder.glob("*.toml") if p.name != "set.toml") if folder.is_dir() else []
    if len(files) > MAX_FILES_PER_SET:
        problems.add(
            str(folder),
            None,
            None,
            f"{len(files)} card files; at most {MAX_FILES_PER_SET} (MAX_FILES_PER_SET)",
        )
        files = []
    cards: list[Card] = []
    taken: dict[str, str] = {}
    for f in files:
        cards += _card_file(f, set_id, problems, taken)
        if len(cards) > MAX_CARDS_PER_SET:
            problems.add(
                str(f), None, "cards", f"the set has over {MAX_CARDS_PER_SET} cards (MAX_CARDS_PER_SET)"
            )
            break
    problems.raise_if_any()
    assert meta is not None  # a missing or broken set.toml is a problem above
    return CardSet(
        id=meta.id,
        name=meta.name,
        cards=tuple(cards),
        runes=meta.runes,
        track=meta.track,
        story_icons=meta.story_icons,
        set_aside=meta.set_aside,
        source=meta.source,
        files=tuple(str(f) for f in files),
    )


@functools.cache
def bundled_set(set_id: str) -> CardSet:
    """A bundled card set by id (cached: card values are immutable); an unknown id names the bundled ones."""
    src = DataSources()
    try:
        folder = src.set_folder(set_id)
    except CardDataError as err:
        raise CardDataError(str(data_root()), None, None, err.problem) from None
    return load_card_set(folder, sources=src)


def all_cards(sets: Iterable[CardSet]) -> list[Card]:
    """Every card of ``sets``, in order."""
    return [c for s in sets for c in s.cards]


__all__ = [
    "CARDS_FORMAT",
    "CONVERTER",
    "RUNES_FORMAT",
    "SET_FORMAT",
    "SET_RULES",
    "TRACK_FORMAT",
    "CardEntry",
    "SetTable",
    "all_cards",
    "bundled_runes",
    "bundled_set",
    "bundled_sets",
    "bundled_track",
    "cards_from_tables",
    "data_root",
    "entry_cards",
    "load_card_file",
    "load_card_set",
    "load_rune_set",
    "load_track",
    "read_toml",
    "validate_entry",
]
