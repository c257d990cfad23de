"""Saving and loading states and configurations as JSON-ready values, through cattrs.

Effects use the same ``kind`` tags as card files; pending decisions are tagged by
``type``. Loading never executes anything: it is ``json`` plus structuring into frozen
attrs classes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import cattrs
from cattrs.errors import ClassValidationError
from cattrs.strategies import configure_tagged_union

from ..values.effects import Effect, ScoreRule
from ..values.errors import SaveFormatError
from ..values.state import (
    AwaitCast,
    ChooseCharacter,
    ChooseDraw,
    ChooseLoyalty,
    ChooseRecastDark,
    Config,
    GameState,
    Pending,
    PlaceAlly,
    Window,
)
from .cards import CONVERTER as _CARD_CONVERTER


def _make() -> cattrs.Converter:
    conv = _CARD_CONVERTER.copy()
    # Converter.copy() drops structure hooks registered for union types: carry them over.
    for union in (Effect, ScoreRule, int | str):
        conv.register_structure_hook(union, _CARD_CONVERTER.get_structure_hook(union))
    configure_tagged_union(
        Pending,
        conv,
        tag_name="type",
        tag_generator=lambda cl: cl.__name__,
    )
    return conv


CONVERTER = _make()
# Pending members must be known by name for the tagged union:
_PENDING = (ChooseCharacter, PlaceAlly, ChooseDraw, Window, AwaitCast, ChooseLoyalty, ChooseRecastDark)


def dump_state(value: GameState | Config) -> Any:
    """A JSON-ready value of a state or a config."""
    return CONVERTER.unstructure(value)


def load_state(data: Any) -> GameState:
    try:
        return CONVERTER.structure(data, GameState)
    except (ClassValidationError, ValueError, TypeError, KeyError) as exc:
        msgs = cattrs.transform_error(exc) if isinstance(exc, ClassValidationError) else [str(exc)]
        raise SaveFormatError("saved state does not validate: " + "; ".join(msgs[:3])) from None


def load_config(data: Any) -> Config:
    try:
        return CONVERTER.structure(data, Config)
    except (ClassValidationError, ValueError, TypeError, KeyError) as exc:
        msgs = cattrs.transform_error(exc) if isinstance(exc, ClassValidationError) else [str(exc)]
        raise SaveFormatError("saved config does not validate: " + "; ".join(msgs[:3])) from None


def state_digest(state: GameState) -> str:
    """A digest of the whole state, to prove a save replays to the same position."""
    return hashlib.sha256(json.dumps(dump_state(state), sort_keys=True).encode()).hexdigest()[:24]


__all__ = [
    "CONVERTER",
    "dump_state",
    "load_config",
    "load_state",
    "state_digest",
]
