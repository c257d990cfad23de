"""Reading a data file safely: bounded size and nesting, UTF-8 (a BOM is fine), TOML that never runs code.

:func:`read_toml` is the one way the data layer (and Worldspanner's loaders) reads a TOML file.
Every problem is a :class:`~calladventure.CardDataError` naming the file: a file too
big (:data:`~.limits.MAX_FILE_BYTES`), bytes that are not UTF-8 (with the line and column),
text that is not TOML, or tables and arrays nested deeper than :data:`~.limits.MAX_NESTING`
(checked before the parser recurses, so no ``RecursionError`` ever escapes).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from ..values._errors import CardDataError
from ._limits import MAX_FILE_BYTES, MAX_NESTING


def data_root() -> Path:
    """The folder holding the bundled data: inside the installed package, or the repo's ``cards/``."""
    packaged = resources.files("calladventure") / "_cards"
    if packaged.is_dir():
        return Path(str(packaged))
    repo = Path(__file__).resolve().parents[2] / "cards"
    if repo.is_dir():
        return repo
    raise FileNotFoundError("calladventure's bundled card data is missing (no _cards in the package)")


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; a CardDataError naming the file otherwise."""
    file = str(path)
    try:
        if not path.is_file():
            problem = "no such file" if not path.exists() else "not a regular file"
            raise CardDataError(file, None, None, f"cannot read: {problem}")
        size = path.stat().st_size
        if size > limit:
            raise CardDataError(
                file, None, None, f"the file is {size} bytes; at most {limit} (MAX_FILE_BYTES)"
            )
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise CardDataError(file, None, None, f"cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise CardDataError(file, None, None, f"the file is over {limit} bytes (MAX_FILE_BYTES)")
    return data


def decode_text(data: bytes, file: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); invalid bytes are reported with line and column."""
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = start + exc.start
        line = data.count(b"\n", 0, offset) + 1
        column = offset - data.rfind(b"\n", 0, offset)  # 1-based, counted in bytes
        raise CardDataError(
            file,
            None,
            None,
            f"not UTF-8 text: byte 0x{data[offset]:02x} at line {line}, column {column} "
            f"(byte {offset}) cannot be decoded; save the file as UTF-8",
        ) from None


# Tokens that matter for nesting: strings (skipped whole), comments, brackets, braces.
_TOKENS = re.compile(
    r'"""(?:[^\\]|\\[\s\S])*?"""(?:""?)?'  # multi-line basic string (may end with one or two quotes)
    r"|'''[\s\S]*?'''(?:''?)?"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\.)*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[\[\]{}]"
)


def nesting_depth(text: str, stop: int = MAX_NESTING) -> int:
    """The deepest nesting of inline arrays and tables in TOML ``text`` (stops counting past ``stop``).

    Strings and comments are skipped, so brackets inside them do not count. Text the scan
    cannot follow (an unterminated string) is left for the TOML parser to report.
    """
    return bracket_depth(text, _TOKENS, stop)


def bracket_depth(text: str, tokens: re.Pattern[str], stop: int) -> int:
    """The deepest nesting of ``[``/``{`` among the matches of ``tokens`` in ``text`` (stops past ``stop``).

    ``tokens`` matches the brackets and whatever the format skips (its strings, its comments).
    """
    depth = deepest = 0
    for m in tokens.finditer(text):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    return deepest
        elif token in ("]", "}"):
            depth = max(0, depth - 1)
    return deepest


#: Types of a parsed document's leaves (JSON's scalars, most of TOML's): nothing nests in them.
_LEAVES = frozenset({str, int, float, bool, type(None)})


def document_depth(doc: object, stop: int = MAX_NESTING) -> int:
    """The nesting depth of a parsed document (the top-level table is 1), counted without recursion.

    A table or array of leaves only (a save's actions) is passed over by the types of its items.
    """
    deepest = 0
    stack: list[tuple[object, int]] = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Iterable[object] = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > stop:
            return deepest
        if _LEAVES.issuperset(map(type, children)):
            continue
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """Parse TOML text (``tomllib`` never executes anything), bounded in nesting."""
    if nesting_depth(text) > MAX_NESTING:
        raise CardDataError(
            file, None, None, f"arrays or tables nested more than {MAX_NESTING} deep (MAX_NESTING)"
        )
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(file, None, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise CardDataError(
            file, None, None, f"arrays or tables nested more than {MAX_NESTING} deep"
        ) from None
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise CardDataError(file, None, None, f"not valid TOML: {exc}") from None
    if document_depth(doc) > MAX_NESTING:
        raise CardDataError(file, None, None, f"tables nested more than {MAX_NESTING} deep (MAX_NESTING)")
    return doc


def read_toml(path: Path | str) -> dict[str, Any]:
    """Read and parse a TOML data file; any problem is a CardDataError naming the file."""
    path = Path(path)
    file = str(path)
    return parse_toml(decode_text(read_bytes(path), file), file)


__all__ = [
    "data_root",
    "decode_text",
    "document_depth",
    "nesting_depth",
    "parse_toml",
    "read_bytes",
    "read_toml",
]
