"""Score-card files: the heroes of a game played at the table, in a small TOML file.

::

    sets = ["core"]                 # the bundled card sets the game used
    [rules]                         # rules options, as `calladventure rules` lists them
    icon_sets = "cap_at_four"

    [[heroes]]                      # one table per hero: the Story by card names…
    name = "Ada"
    origin = "Caravan Guard"
    motivation = "Bound by Honor"
    destiny = "One With Nature"
    story = [["Brave", "Wild Boar Hunt (bottom)"], ["Devout"], []]
    played = ["Brave Charge"]
    experience = 2
    corruption = 1                  # levels below the start (or level = "Corruption 1")

    [[heroes]]                      # …or by counts
    name = "Bo"
    destiny = "Wise Master"
    triumph = 7
    tragedy = 3
    icons = { arcana = 3, justice = 2 }
    heroes_played = 2
    names = ["wind"]

A key that is not a :class:`~calladventure.play._scorecard.ScoreSheet` field, a value of the
wrong kind, ``level`` and ``corruption`` both given, or any entry the scoring refuses, is a
:class:`~calladventure.play._scorecard.ScoreCardError` naming the file and the entry
(``my-score.toml: Ada: experience cannot be negative (got -2)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from ..data import read_toml
from ..values._score import Score
from ._scorecard import MAX_NAME, ScoreCardError, ScoreSheet, score_sheets

__all__ = ["SCORE_FORMAT", "ScoreCard", "score_card_file", "score_card_of"]

#: The optional format tag of a score-card file.
SCORE_FORMAT = "calladventure.score/1"

_FIELDS = {f.name: f for f in attrs.fields(ScoreSheet)}
_TEXT_LISTS = ("allies", "played", "names")
_TOP = ("format", "sets", "rules", "heroes")


@attrs.frozen
class ScoreCard:
    """A whole score card: the sets, the rules options and each hero's sheet."""

    sheets: tuple[ScoreSheet, ...]
    sets: tuple[str, ...] = ("core",)
    rules: tuple[tuple[str, Any], ...] = ()


def _texts(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScoreCardError(f"{where} must be a list of card names (strings)")
    return tuple(value)


def _sheet(doc: object, index: int) -> ScoreSheet:
    if not isinstance(doc, Mapping):
        raise ScoreCardError(f"heroes[{index}] must be a table of fields")
    name = doc.get("name")
    shown = isinstance(name, str) and name.isprintable() and len(name) <= MAX_NAME
    where = f"heroes[{index}] ({name})" if shown else f"heroes[{index}]"
    if "level" in doc and "corruption" in doc:
        raise ScoreCardError(f"{where}: give level or corruption, not both (they say the same)")
    unknown = sorted(set(doc) - set(_FIELDS))
    if unknown:
        raise ScoreCardError(f"{where}: unknown field {unknown[0]!r}; the fields are {', '.join(_FIELDS)}")
    values: dict[str, Any] = {}
    for key, value in doc.items():
        if key == "story":
            if not isinstance(value, list) or len(value) > 3:
                raise ScoreCardError(
                    f"{where}: story is up to three lists (under the Origin, Motivation, Destiny)"
                )
            values[key] = tuple(_texts(under, f"{where}: story[{i}]") for i, under in enumerate(value))
        elif key == "icons":
            if not isinstance(value, Mapping):
                raise ScoreCardError(f"{where}: icons is a table, e.g. icons = {{ arcana = 3, justice = 2 }}")
            values[key] = tuple(value.items())
        elif key in _TEXT_LISTS:
            values[key] = _texts(value, f"{where}: {key}")
        elif key == "defeated_odium":
            if not isinstance(value, bool):
                raise ScoreCardError(f"{where}: defeated_odium is true or false")
            values[key] = value
        elif key in ("name", "origin", "motivation", "destiny", "level"):
            if not isinstance(value, str):
                raise ScoreCardError(f"{where}: {key} is a text, not {value!r}")
            values[key] = value
        else:
            values[key] = value  # counts: checked when scored (whole numbers, not negative)
    values.setdefault("name", f"P{index + 1}")
    return ScoreSheet(**values)


def score_card_of(doc: Mapping[str, Any]) -> ScoreCard:
    """A score card from a parsed TOML document (see the module's docstring)."""
    unknown = sorted(set(doc) - set(_TOP))
    if unknown:
        raise ScoreCardError(f"unknown key {unknown[0]!r}; a score card has {', '.join(_TOP)}")
    if doc.get("format", SCORE_FORMAT) != SCORE_FORMAT:
        raise ScoreCardError(f"format must be {SCORE_FORMAT!r}")
    sets = doc.get("sets", ["core"])
    if not isinstance(sets, list) or not sets or not all(isinstance(s, str) for s in sets):
        raise ScoreCardError("sets must be a list of card-set ids, e.g. sets = ['core']")
    rules = doc.get("rules", {})
    if not isinstance(rules, Mapping):
        raise ScoreCardError("[rules] must be a table of rules options")
    heroes = doc.get("heroes")
    if not isinstance(heroes, list) or not heroes:
        raise ScoreCardError("a score card lists its heroes as [[heroes]] tables")
    return ScoreCard(tuple(_sheet(h, i) for i, h in enumerate(heroes)), tuple(sets), tuple(rules.items()))


def score_card_file(path: str | Path) -> tuple[ScoreCard, tuple[Score, ...]]:
    """A score card from a TOML file (bounded and checked like every data file) and its heroes' scores.

    Every refusal names the file.
    """
    doc = read_toml(path)  # its problems name the file already
    try:
        card = score_card_of(doc)
        return card, score_sheets(card.sheets, card.sets, dict(card.rules))
    except ScoreCardError as exc:
        raise ScoreCardError(f"{path}: {exc}") from None
