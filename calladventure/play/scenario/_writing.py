"""Writing a scenario document as TOML text (the file :func:`~.reading.read_file` reads back).

Top-level keys first, then ``[game]``, ``[[heroes]]``, ``[[rows]]``, ``[decks]``, ``[turn]``,
the boxes' tables (any other table of the document, in its order), ``[[cards]]`` and
``[[steps]]``, each value on one line (lists longer than a line are broken one item a line).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

__all__ = ["dumps_toml"]

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_FIRST = ("game", "heroes", "rows", "decks", "turn")
_LAST = ("cards", "steps")


def _key(k: str) -> str:
    return k if _BARE.fullmatch(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any, indent: str = "") -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list | tuple):
        items = [_value(x, indent + "  ") for x in v]
        one = "[" + ", ".join(items) + "]"
        if len(one) <= 100 and "\n" not in one:
            return one
        return "[\n" + "".join(f"{indent}  {x},\n" for x in items) + f"{indent}]"
    raise TypeError(f"cannot write {v!r} as TOML")


def _body(table: Mapping[str, Any]) -> list[str]:
    return [f"{_key(k)} = {_value(v)}" for k, v in table.items()]


def dumps_toml(doc: Mapping[str, Any]) -> str:
    """A scenario document as TOML text: top-level keys, then ``[game]``, ``[[heroes]]`` … ``[[steps]]``."""
    boxes = [k for k, v in doc.items() if isinstance(v, dict) and k not in (*_FIRST, *_LAST)]
    lines = [f"{_key(k)} = {_value(v)}" for k, v in doc.items() if k not in (*_FIRST, *boxes, *_LAST)]
    for name in (*_FIRST, *boxes, *_LAST):
        if name not in doc:
            continue
        value = doc[name]
        if isinstance(value, dict):
            lines += ["", f"[{name}]", *_body(value)]
        else:
            for item in value:
                lines += ["", f"[[{name}]]", *_body(item)]
    return "\n".join(lines) + "\n"
