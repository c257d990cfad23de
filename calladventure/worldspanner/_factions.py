"""Factions, their keys, and the home / opposing modifiers (``003 · Faction Relations``).

Each hero has one home faction (+2 on that faction's key) and two opposing factions (−2 on
their keys). The table is data: ``cards/worldspanner/factions.toml``. Only the Steel Bastion
row is in the rule text; the keys come from ``INDEX · Worldspanner Factions (003)``; the other
opposition pairs are a documented project choice (``docs/worldspanner.md``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from ..data import ID, PROSE, Problems, Rule, read_toml, strict_converter
from ..data._limits import MAX_ARRAY_LENGTH
from ..values._errors import CardDataError
from ..values._reprs import Drawable
from ._errors import FactionError
from ._toml import entry_name, source_problem, structure_into, worldspanner_data

FACTIONS_FORMAT = "calladventure.worldspanner._factions/1"

HOME_BONUS = 2
"""``003 · Faction Relations``: +2 on the hero's home faction key."""

OPPOSING_PENALTY = -2
"""``003 · Faction Relations``: −2 on each of the hero's two opposing factions' keys."""


@attrs.frozen
class Faction:
    """A faction, the key (district) it is home to, and the two factions that oppose its heroes."""

    id: str
    name: str
    key: str
    opposing: tuple[str, ...]
    source: str = "original"

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class FactionTable(Drawable):
    """All factions of a game and who opposes whom (``003 · Faction Relations``).

    ``opposing`` is read from the hero's side: a hero whose home is ``f`` suffers −2 on the
    keys of the factions in ``table[f].opposing``.
    """

    id: str
    factions: tuple[Faction, ...]
    notes: str = ""

    def __attrs_post_init__(self) -> None:
        ids = [f.id for f in self.factions]
        if not self.factions:
            raise FactionError(None, "factions", "a faction table lists at least one faction")
        for f in self.factions:
            if ids.count(f.id) > 1:
                raise FactionError(f.id, "id", "two factions share this id")
            if [g.key for g in self.factions].count(f.key) > 1:
                raise FactionError(f.id, "key", f"two factions share the key {f.key!r}")
            if len(f.opposing) != 2 or len(set(f.opposing)) != 2:
                raise FactionError(
                    f.id,
                    "opposing",
                    f"a hero has two opposing factions (003 · Faction Relations), not {list(f.opposing)}",
                )
            for i, other in enumerate(f.opposing):
                if other == f.id:
                    raise FactionError(f.id, f"opposing[{i}]", "a faction cannot oppose its own heroes")
                if other not in ids:
                    raise FactionError(f.id, f"opposing[{i}]", f"unknown faction {other!r}; known: {ids}")

    def __repr__(self) -> str:
        return f"<FactionTable {self.id!r}: {', '.join(self.ids())}>"

    def __getitem__(self, faction_id: str) -> Faction:
        for f in self.factions:
            if f.id == faction_id:
                return f
        raise FactionError(faction_id, None, f"no such faction; known: {self.ids()}")

    def __contains__(self, faction_id: object) -> bool:
        return any(f.id == faction_id for f in self.factions)

    def ids(self) -> list[str]:
        return [f.id for f in self.factions]

    def modifier(self, home: str, key: str | None) -> int:
        """The faction modifier of a hero of ``home`` adventuring on ``key``'s key (None: no key).

        +2 at home, −2 on an opposing faction's key, 0 elsewhere (``003 · Faction Relations``).
        """
        hero_faction = self[home]
        if key is None:
            return 0
        self[key]
        if key == home:
            return HOME_BONUS
        if key in hero_faction.opposing:
            return OPPOSING_PENALTY
        return 0

    def distrusted_at(self, key: str) -> tuple[str, ...]:
        """The factions whose heroes suffer −2 on ``key``'s key (the Steel Bastion view of 003)."""
        self[key]
        return tuple(f.id for f in self.factions if key in f.opposing)

    @property
    def is_mutual(self) -> bool:
        """True if every opposition goes both ways (A opposes B exactly when B opposes A)."""
        return all(f.id in self[o].opposing for f in self.factions for o in f.opposing)


@attrs.frozen
class _FactionEntry:
    id: str
    name: str
    key: str
    opposing: tuple[str, ...]
    source: str = "original"


@attrs.frozen
class _Header:
    format: str
    id: str
    notes: str = ""


FACTION_RULES: dict[tuple[type, str], Rule] = {
    (_Header, "id"): ID,
    (_Header, "notes"): PROSE,
    (_FactionEntry, "id"): ID,
    (_FactionEntry, "opposing"): ID,
}
"""The rule of every id and text of a faction file."""

_CONVERTER = strict_converter(FACTION_RULES)


def load_factions(path: Path | str) -> FactionTable:
    """Load and validate a faction table; one CardDataError lists every problem (file, faction, field)."""
    path = Path(path)
    file = str(path)
    problems = Problems()
    doc = read_toml(path)
    raw = doc.pop("factions", None)
    header = structure_into(problems, file, None, doc, _Header, _CONVERTER)
    if header is not None and header.format != FACTIONS_FORMAT:
        problems.add(file, None, "format", f"expected {FACTIONS_FORMAT!r}, not {header.format!r}")
    if not isinstance(raw, list) or not raw:
        problems.add(file, None, "factions", "a faction file lists [[factions]] tables (at least one)")
        raw = []
    if len(raw) > MAX_ARRAY_LENGTH:
        problems.add(
            file, None, "factions", f"{len(raw)} factions; at most {MAX_ARRAY_LENGTH} (MAX_ARRAY_LENGTH)"
        )
        raw = []
    factions = []
    for position, item in enumerate(raw, start=1):
        entry = structure_into(problems, file, entry_name(item, position), item, _FactionEntry, _CONVERTER)
        if entry is None:
            continue
        if source_problem(entry.source):
            problems.add(file, entry.id, "source", str(source_problem(entry.source)))
        factions.append(Faction(entry.id, entry.name, entry.key, entry.opposing, entry.source))
    problems.raise_if_any()
    assert header is not None
    try:
        return FactionTable(header.id, tuple(factions), header.notes.strip())
    except FactionError as exc:
        raise CardDataError(file, exc.faction, exc.field, exc.problem) from None


@functools.cache
def default_factions() -> FactionTable:
    """The bundled faction table (``cards/worldspanner/factions.toml``)."""
    return load_factions(worldspanner_data("factions.toml"))


__all__ = [
    "FACTIONS_FORMAT",
    "FACTION_RULES",
    "HOME_BONUS",
    "OPPOSING_PENALTY",
    "Faction",
    "FactionTable",
    "default_factions",
    "load_factions",
]
