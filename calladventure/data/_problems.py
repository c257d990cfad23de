"""The data layer's one cattrs error formatter, and the list of problems a load collects.

:func:`explain` walks a cattrs structuring error (``ClassValidationError``,
``IterableValidationError`` and their leaves) into ``(field path, problem)`` pairs, the path
written as a card-file reader would (``paths[0].icons[1]``, ``set.runes``); :func:`problems_of`
makes them :class:`~calladventure.values.DataProblem`\\ s naming the file and the card.
:class:`Problems` gathers the problems of a whole file (or set) so that one
:class:`~calladventure.CardDataError` reports them all, bounded by
:data:`~.limits.MAX_PROBLEMS`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import attrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError

from ..values._errors import CardDataError, DataProblem
from ._limits import MAX_PROBLEMS


def shown(value: object) -> str:
    """A value as a message shows it: its repr, cut short (a huge number is not printed whole)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**24:
        return f"a {len(str(abs(value)))}-digit number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]{1,60}")


def field_path(parts: tuple[str | int, ...]) -> str:
    """``("paths", 0, "icons", 1)`` → ``paths[0].icons[1]`` (odd keys are quoted and cut short)."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _PLAIN_KEY.fullmatch(part):
            out += f".{part}"
        else:
            out += f"[{shown(part)}]"
    return out.lstrip(".")


def _leaves(
    exc: BaseException, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], BaseException]]:
    if isinstance(exc, ClassValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            yield from _leaves(sub, (*path, note.name))
        for sub in without:
            yield path, sub
    elif isinstance(exc, IterableValidationError):
        with_notes_i, without_i = exc.group_exceptions()
        for sub, inote in with_notes_i:
            yield from _leaves(sub, (*path, inote.index))
        for sub in without_i:
            yield path, sub
    else:
        yield path, exc


def explain(exc: BaseException) -> list[tuple[str | None, str]]:
    """Every (field path, problem) of a structuring error, in the order cattrs found them."""
    out: list[tuple[str | None, str]] = []
    for path, leaf in _leaves(exc, ()):
        if isinstance(leaf, ForbiddenExtraKeysError):
            known = ", ".join(a.name for a in attrs.fields(leaf.cl)) if attrs.has(leaf.cl) else ""
            for key in sorted(leaf.extra_fields):
                out.append((field_path((*path, key)), f"unknown key {shown(key)}; known keys: {known}"))
        elif isinstance(leaf, KeyError):
            name = path[-1] if path else "?"
            out.append((field_path(path) or None, f"the required field {name!r} is missing"))
        elif isinstance(leaf, ValueError):
            out.append((field_path(path) or None, str(leaf)))
        else:
            out.append(
                (field_path(path) or None, f"invalid value ({type(leaf).__name__}: {shown(str(leaf))})")
            )
    return out


def join_field(prefix: str | None, field: str | None) -> str | None:
    """``set`` + ``runes`` → ``set.runes``; ``paths[0]`` + ``[1]`` → ``paths[0][1]``."""
    if not prefix:
        return field
    if not field:
        return prefix
    return prefix + field if field.startswith("[") else f"{prefix}.{field}"


def problems_of(
    exc: BaseException, *, file: str, card: str | None = None, field: str | None = None
) -> list[DataProblem]:
    """The problems of a structuring error, each naming ``file``, ``card`` and the field (under ``field``)."""
    return [DataProblem(file, card, join_field(field, f), p) for f, p in explain(exc)]


class Problems:
    """The problems found while loading, in order: at most :data:`~.limits.MAX_PROBLEMS` kept, the rest counted."""

    def __init__(self) -> None:
        self.items: list[DataProblem] = []
        self.omitted = 0

    def add(self, file: str, card: str | None, field: str | None, problem: str) -> None:
        self.extend([DataProblem(file, card, field, problem)])

    def extend(self, problems: list[DataProblem] | tuple[DataProblem, ...], omitted: int = 0) -> None:
        room = max(0, MAX_PROBLEMS - len(self.items))
        self.items.extend(problems[:room])
        self.omitted += omitted + max(0, len(problems) - room)

    @contextlib.contextmanager
    def collecting(self) -> Iterator[None]:
        """Add the problems of a CardDataError raised inside the block instead of raising it."""
        try:
            yield
        except CardDataError as err:
            self.extend(err.problems, err.omitted)

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        """Raise one CardDataError listing every problem, if there are any."""
        if self.items:
            raise CardDataError.of(self.items, self.omitted)


__all__ = [
    "Problems",
    "explain",
    "field_path",
    "join_field",
    "problems_of",
    "shown",
]
