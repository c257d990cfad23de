"""Reading the Worldspanner data files (TOML, read safely) with strict cattrs structuring.

Shared by :mod:`.deck` and :mod:`.factions`: every problem becomes a
:class:`~calladventure.errors.CardDataError` naming the file, the card (or entry) and the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.v import format_exception

from ..data.cards import data_root
from ..values.errors import CardDataError
from ..values.sections import SECTIONS

T = TypeVar("T")


def worldspanner_data(name: str) -> Path:
    """The path of a bundled data file in ``cards/worldspanner/``."""
    return data_root() / "worldspanner" / name


def _strict_str(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, not {value!r}")
    return value


def _strict_int(value: Any, _type: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def _is_tuple(t: Any) -> bool:
    return getattr(t, "__origin__", None) is tuple


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(int, _strict_int)
    base = cattrs.Converter(forbid_extra_keys=True)
    base.register_structure_hook(str, _strict_str)
    base.register_structure_hook(int, _strict_int)

    def strict_tuple(value: Any, t: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise ValueError(f"expected a list, not {value!r}")
        return base.structure(value, t)

    conv.register_structure_hook_func(_is_tuple, strict_tuple)
    return conv


CONVERTER = _make_converter()

_AT = re.compile(r"^(?P<msg>.*) @ \$\.?(?P<path>.*)$")
_EXTRA = re.compile(r"extra fields found \((?P<names>[^)]*)\)")


def _format(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ValueError) and not isinstance(exc, ClassValidationError | IterableValidationError):
        return str(exc)
    return format_exception(exc, type_)


def explain(exc: BaseException) -> tuple[str | None, str]:
    """The field path and the problem of a cattrs structuring error."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        messages = cattrs.transform_error(exc, format_exception=_format)
        first = messages[0] if messages else str(exc)
        m = _AT.match(first)
        msg, path = (m["msg"], m["path"]) if m else (first, "")
        extra = _EXTRA.search(msg)
        if extra:
            names = extra["names"]
            return (f"{path}.{names}" if path else names), f"unknown key(s) {names}"
        return (path or None), msg
    if isinstance(exc, ForbiddenExtraKeysError):
        names = ", ".join(sorted(exc.extra_fields))
        return names, f"unknown key(s) {names}"
    return None, str(exc)


def structure(file: str, entry: str | None, value: Any, cls: type[T]) -> T:
    """Structure ``value`` as ``cls``, turning any failure into a CardDataError."""
    try:
        return CONVERTER.structure(value, cls)
    except (
        ClassValidationError,
        IterableValidationError,
        ForbiddenExtraKeysError,
        ValueError,
        TypeError,
    ) as exc:
        field, problem = explain(exc)
        raise CardDataError(file, entry, field, problem) from None


def entry_name(raw: object, position: int) -> str:
    """How to name an entry in an error: its id if it has a string one, else ``#<position>``."""
    if isinstance(raw, Mapping) and isinstance(raw.get("id"), str) and raw["id"]:
        return str(raw["id"])
    return f"#{position}"


def check_source(file: str, entry: str | None, value: str) -> None:
    """A ``source`` must be ``"original"`` or a rule-section id of :mod:`calladventure.sections`."""
    if value != "original" and value not in SECTIONS:
        raise CardDataError(
            file,
            entry,
            "source",
            f"{value!r} is neither 'original' nor a rule section id (e.g. '003/challenges')",
        )


__all__ = [
    "CONVERTER",
    "check_source",
    "entry_name",
    "explain",
    "structure",
    "worldspanner_data",
]
