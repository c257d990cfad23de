"""Reading the Worldspanner data files through the data layer's strict structuring.

Shared by :mod:`.deck` and :mod:`.factions`: files are read by :func:`calladventure.data.read_toml`
(bounded, UTF-8, never executes anything) and structured by :func:`calladventure.data._structure`,
so every problem becomes a :class:`~calladventure.values.DataProblem` naming the file, the card
(or entry) and the field, all reported at once in one CardDataError.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

from ..data import Converter, Problems, data_root, structure
from ..data._limits import MAX_ID_LENGTH
from ..values._errors import CardDataError
from ..values._sections import SECTIONS

T = TypeVar("T")


def worldspanner_data(name: str) -> Path:
    """The path of a bundled data file in ``cards/worldspanner/``."""
    return data_root() / "worldspanner" / name


def structure_into(
    problems: Problems, file: str, entry: str | None, value: object, cls: type[T], converter: Converter
) -> T | None:
    """Structure ``value`` as ``cls``; on failure add its problems and return None."""
    try:
        return structure(value, cls, file=file, card=entry, converter=converter)
    except CardDataError as err:
        problems.extend(err.problems, err.omitted)
        return None


def entry_name(raw: object, position: int) -> str:
    """How to name an entry in an error: its id if it has a short string one, else ``#<position>``."""
    if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) and raw["id"]:
        name = str(raw["id"])
        return name if len(name) <= MAX_ID_LENGTH else name[: MAX_ID_LENGTH - 1] + "…"
    return f"#{position}"


def source_problem(value: str) -> str | None:
    """A ``source`` must be ``"original"`` or a rule-section id of :data:`calladventure.SECTIONS`."""
    if value != "original" and value not in SECTIONS:
        return f"{value!r} is neither 'original' nor a rule section id (e.g. '003/challenges')"
    return None


__all__ = [
    "entry_name",
    "source_problem",
    "structure_into",
    "worldspanner_data",
]
