"""The JSON Schema of save files, written from the same types and rules the loader structures with.

``calladventure/data/save.schema.json`` (committed beside this module) is :func:`save_schema`
for the bundled expansions' ``ext`` types and effect atoms (the atoms' tags, fields and ranges
read from their declarations: ``values.atoms.atom``); point an editor at it (``"$schema"``) to check a save
as you type. The loader itself does not use the schema: it structures strictly
(:mod:`.save_files`), which checks the same types, ranges and required fields, and then what a
schema cannot say (every card in one place, seats that exist …). A test keeps the committed file
current (``python scripts/gen_save_schema.py`` rewrites it).
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..values import _effects as fx
from ..values._atoms import ATOMS
from ..values._icons import Icon, declared_icons
from ..values._options import Rules
from ..values._state import Ext, GameState, Pending
from ._limits import ID_SYNTAX, MAX_SAVE_ACTIONS, MAX_SAVE_ITEMS, MAX_STRING_LENGTH
from ._save_files import SAVE_RULES, SetRecord
from ._structure import MAX_MAGNITUDE, Bounds, Rule, Text

__all__ = ["SCHEMA_FILE", "save_schema", "schema_text"]

#: Where the committed schema lives.
SCHEMA_FILE = Path(__file__).with_name("save.schema.json")

_ID_PATTERN = "^[a-z0-9][a-z0-9_-]*$"


class _Writer:
    def __init__(self, ext_types: Mapping[str, Any], boxes: Collection[str] | None) -> None:
        self.defs: dict[str, Any] = {}
        self.ext_types = dict(sorted(ext_types.items()))
        self.boxes = boxes
        self.atoms = {
            tag: spec.cls
            for tag, spec in sorted(ATOMS.items())
            if boxes is None or not spec.box or spec.box in boxes
        }

    def leaf(self, t: Any, rule: Rule | None) -> dict[str, Any]:
        if isinstance(rule, Bounds) and t is int:
            return {"type": "integer", "minimum": rule.lo, "maximum": rule.hi}
        if isinstance(rule, Text) and t is str:
            out: dict[str, Any] = {"type": "string", "maxLength": rule.max_length}
            if rule.id:
                out.update(pattern=_ID_PATTERN, description=ID_SYNTAX)
            return out
        return self.of(t, rule)

    def of(self, t: Any, rule: Rule | None = None) -> dict[str, Any]:
        origin = typing.get_origin(t)
        args = typing.get_args(t)
        if t is Any:
            return {}
        if t is type(None):
            return {"type": "null"}
        if t is bool:
            return {"type": "boolean"}
        if t is int:
            lo, hi = (rule.lo, rule.hi) if isinstance(rule, Bounds) else (-MAX_MAGNITUDE, MAX_MAGNITUDE)
            return {"type": "integer", "minimum": lo, "maximum": hi}
        if t is str:
            return self.leaf(str, rule if isinstance(rule, Text) else Text(MAX_STRING_LENGTH))
        if hasattr(t, "__supertype__"):  # a NewType
            return self.of(t.__supertype__, rule)
        if t == Pending:
            return {"oneOf": [self.ref(c, tag=("type", c.__name__)) for c in typing.get_args(Pending)]}
        if t is fx.Effect:
            return {"oneOf": [self.ref(c, tag=("kind", k)) for k, c in self.atoms.items()]}
        if t is fx.ScoreRule:
            return {"oneOf": [self.ref(c, tag=("kind", k)) for k, c in sorted(fx.SCORE_KINDS.items())]}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.of(a, rule) for a in args]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "maxItems": MAX_SAVE_ITEMS, "items": self.leaf(args[0], rule)}
            return {
                "type": "array",
                "prefixItems": [self.of(a) for a in args],
                "minItems": len(args),
                "maxItems": len(args),
            }
        if origin is dict:
            return {"type": "object", "additionalProperties": self.leaf(args[1], rule)}
        if t is Icon:  # the core's icons, then those the boxes declare (in the order declared)
            return {"enum": [*(m.value for m in Icon), *(i.value for i in declared_icons())]}
        if isinstance(t, type) and issubclass(t, enum.Enum):
            return {"enum": [m.value for m in t]}
        if t is Rules:
            return self.rules()
        if t is Ext:
            return {
                "type": "object",
                "properties": {k: self.of(v) for k, v in self.ext_types.items()},
                "additionalProperties": False,
            }
        if attrs.has(t):
            return self.ref(t)
        return {}

    def rules(self) -> dict[str, Any]:
        """The rules options by their flat names, each as its declaration says (the core's and the boxes')."""
        props: dict[str, Any] = {}
        for option in Rules.declared():
            if self.boxes is not None and option.box and option.box not in self.boxes:
                continue
            kind = type(option.default)
            bounds = Bounds(*option.bounds) if option.bounds else None
            props[option.name] = self.of(kind, bounds)
        self.defs["Rules"] = {
            "type": "object",
            "title": "Rules",
            "description": (Rules.__doc__ or "").strip().split("\n")[0],
            "properties": props,
            "required": [],
            "additionalProperties": False,
        }
        return {"$ref": "#/$defs/Rules"}

    def ref(self, cls: type, tag: tuple[str, str] | None = None) -> dict[str, Any]:
        name = cls.__name__ if tag is None else f"{cls.__name__}_{tag[0]}"
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: classes may refer to themselves
            hints = typing.get_type_hints(cls)
            props: dict[str, Any] = {}
            required: list[str] = []
            if tag is not None:
                props[tag[0]] = {"const": tag[1]}
                required.append(tag[0])
            for a in attrs.fields(cls):
                rule = next((SAVE_RULES[c, a.name] for c in cls.__mro__ if (c, a.name) in SAVE_RULES), None)
                props[a.name] = self.leaf(hints[a.name], rule)
                if a.default is attrs.NOTHING:
                    required.append(a.name)
            self.defs[name] = {
                "type": "object",
                "title": cls.__name__,
                "description": (cls.__doc__ or "").strip().split("\n")[0],
                "properties": props,
                "required": required,
                "additionalProperties": False,
            }
        return {"$ref": f"#/$defs/{name}"}


def save_schema(ext_types: Mapping[str, Any], boxes: Collection[str] | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a save whose expansions keep ``ext_types``.

    Its effects are the registered effect atoms: the core's and those of ``boxes`` (None: every box's).
    """
    from ..values._state import Config

    w = _Writer(ext_types, boxes)
    config = w.of(Config)
    state = w.of(GameState)
    record = w.of(SetRecord)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "calladventure save",
        "description": "A saved game: docs/reproducibility.md. Written from calladventure.data._save_files.",
        "type": "object",
        "properties": {
            "format": {"enum": ["calladventure.save/2"]},
            "config": config,
            "sets": {"type": "object", "additionalProperties": record},
            "start": {"anyOf": [state, {"type": "null"}]},
            "actions": {
                "type": "array",
                "maxItems": MAX_SAVE_ACTIONS,
                "items": {"type": "string", "maxLength": MAX_STRING_LENGTH},
            },
            "digest": {"anyOf": [{"type": "string", "maxLength": MAX_STRING_LENGTH}, {"type": "null"}]},
        },
        "required": ["format", "config", "actions"],
        "additionalProperties": False,
        "$defs": dict(sorted(w.defs.items())),
    }


def schema_text(ext_types: Mapping[str, Any], boxes: Collection[str] | None = None) -> str:
    """:func:`save_schema` as the text of the committed file."""
    return json.dumps(save_schema(ext_types, boxes), indent=1, ensure_ascii=False, sort_keys=False) + "\n"
