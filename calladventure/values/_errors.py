"""Typed errors raised by calladventure.

Every error a user can cause is a subclass of :class:`CallAdventureError`, itself a
:class:`ValueError`, so ``except ValueError`` catches them all.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

import attrs


class CallAdventureError(ValueError):
    """Base class of every error calladventure raises for bad input."""


class UnknownCardError(CallAdventureError, KeyError):
    """A card id or name that names no card where it was looked for (also a KeyError, for mapping lookups).

    ``text`` is what was asked for; ``suggestions`` the closest card names (the message asks
    "did you mean …?"); ``elsewhere`` the ids of the cards it names that are not where it was
    looked for (empty when no card of the game has that name or id). Raised by
    :meth:`calladventure.rules.Context.resolve`, the one place that turns text into a card.
    """

    def __init__(
        self,
        message: str = "unknown card",
        *,
        text: str | None = None,
        suggestions: Sequence[str] = (),
        elsewhere: Sequence[str] = (),
    ) -> None:
        super().__init__(message)
        self.text = text
        self.suggestions = tuple(suggestions)
        self.elsewhere = tuple(elsewhere)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"

    def at(self, place: str) -> UnknownCardError:
        """This error (same class and details) with ``place`` before its message: ``"[odium] discard: …"``."""
        located = copy.copy(self)
        located.args = (f"{place}: {self}",)
        return located


class AmbiguousCardError(UnknownCardError):
    """A name that several different cards share where it was looked for.

    ``candidates`` lists them as (name, id) pairs, and so does the message: give the id, or say
    where to look (copies of one card, ``…#2``, are not ambiguous: the first is taken).
    """

    def __init__(self, message: str, *, text: str | None = None, candidates: Sequence[tuple[str, str]] = ()):
        super().__init__(message, text=text)
        self.candidates = tuple(candidates)


#: How many problems a :class:`CardDataError`'s message lists; the rest are counted ("+3 more").
MAX_PROBLEMS_SHOWN = 20


@attrs.frozen
class DataProblem:
    """One problem of a data file: the file, the card (or entry) and the field, and what is wrong."""

    file: str
    card: str | None
    field: str | None
    problem: str

    def where(self, *, with_file: bool = True) -> str:
        """``file, card 'x', field 'y'`` (the parts that are known)."""
        parts = [self.file] if with_file else []
        if self.card:
            parts.append(f"card {self.card!r}")
        if self.field:
            parts.append(f"field {self.field!r}")
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"{self.where()}: {self.problem}"


class CardDataError(CallAdventureError):
    """A data file (cards, set, runes, track, deck, factions) that does not validate.

    ``problems`` lists every problem found (each with file, card and field); ``file``, ``card``,
    ``field`` and ``problem`` are those of the first. The message lists them all, up to
    :data:`MAX_PROBLEMS_SHOWN` (then says how many more); ``omitted`` counts problems that were
    not even collected because a file had too many.
    """

    def __init__(
        self,
        file: str,
        card: str | None,
        field: str | None,
        problem: str,
        *,
        problems: Sequence[DataProblem] = (),
        omitted: int = 0,
    ):
        first = DataProblem(file, card, field, problem)
        self.problems: tuple[DataProblem, ...] = tuple(problems) or (first,)
        self.omitted = omitted
        self.file = file
        self.card = card
        self.field = field
        self.problem = problem
        super().__init__(_message(self.problems, omitted))

    @classmethod
    def of(cls, problems: Sequence[DataProblem], omitted: int = 0) -> CardDataError:
        """One error for several problems (at least one), named after the first."""
        if not problems:
            raise ValueError("CardDataError.of needs at least one problem")
        first = problems[0]
        return cls(first.file, first.card, first.field, first.problem, problems=problems, omitted=omitted)

    @property
    def files(self) -> tuple[str, ...]:
        """The files with problems, in the order they were found."""
        return tuple(dict.fromkeys(p.file for p in self.problems))


def _message(problems: Sequence[DataProblem], omitted: int) -> str:
    total = len(problems) + omitted
    if total == 1:
        return str(problems[0])
    files = list(dict.fromkeys(p.file for p in problems))
    one_file = len(files) == 1
    head = f"{files[0]}: {total} problems" if one_file else f"{total} problems in {len(files)} files"
    lines = []
    for p in problems[:MAX_PROBLEMS_SHOWN]:
        where = p.where(with_file=not one_file)
        lines.append(f"  {where}: {p.problem}" if where else f"  {p.problem}")
    hidden = total - min(len(problems), MAX_PROBLEMS_SHOWN)
    if hidden:
        lines.append(f"  (+{hidden} more)")
    return head + ":\n" + "\n".join(lines)


class HookError(CallAdventureError):
    """A hook registered wrongly, or given parameters it does not take (see :mod:`calladventure.values._hooks`)."""


class AtomError(CallAdventureError):
    """An effect atom declared wrongly: a tag or class already registered, a behaviour missing or twice
    (see :func:`calladventure.values._atoms.atom`)."""


class SaveFormatError(CallAdventureError):
    """A save file or scenario that cannot be read (wrong version, bad JSON, mismatch)."""


class SaveFileError(SaveFormatError):
    """A save that does not validate: ``problems`` lists every problem found, each naming the file
    and the field path (``start.players[1].level``, ``actions[12]``); ``file``, ``field`` and
    ``problem`` are the first one's."""

    def __init__(self, file: str, field: str | None, problem: str, *, problems: Sequence[DataProblem] = ()):
        self.problems: tuple[DataProblem, ...] = tuple(problems) or (DataProblem(file, None, field, problem),)
        self.file = file
        self.field = field
        self.problem = problem
        super().__init__(_message(self.problems, 0))

    @classmethod
    def of(cls, problems: Sequence[DataProblem]) -> SaveFileError:
        """One error for several problems (at least one), named after the first."""
        first = problems[0]
        return cls(first.file, first.field, first.problem, problems=problems)


class RulesOptionError(CallAdventureError):
    """An unknown rules option or value."""


class UnknownSectionError(CallAdventureError, KeyError):
    """A rule-section id that the rule texts do not have (also a KeyError, for mapping lookups)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown rule section"


class UnknownValueError(CallAdventureError):
    """A word that is not one of an enumeration's values (a side, a deck, an icon, a mode …); names the valid ones."""


def unknown_value(cls: type, value: object, known: Iterable[object] | None = None) -> UnknownValueError:
    """The error of ``cls(value)`` for a value that is not one of ``cls``'s (an enum's ``_missing_`` raises it).

    ``known``: the values to list (default: the enum's members).
    """
    listed: Iterable[object] = cls if known is None else known  # type: ignore[assignment]
    values = [str(getattr(m, "value", m)) for m in listed]
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    name = cls.__name__.lower()
    article = "an" if name[0] in "aeiou" else "a"
    return UnknownValueError(f"{shown} is not {article} {name}; choose one of {', '.join(values)}")


class LimitError(CallAdventureError):
    """Work beyond one of the documented limits (an odds pool larger than any attempt can have …); the message names the limit."""


class LibraryError(CallAdventureError):
    """A card set a library cannot offer: an unknown id (the message lists the known ones), or a
    bundled id given to another set (bundled sets cannot be replaced)."""


__all__ = [
    "MAX_PROBLEMS_SHOWN",
    "AmbiguousCardError",
    "AtomError",
    "CallAdventureError",
    "CardDataError",
    "DataProblem",
    "HookError",
    "LibraryError",
    "LimitError",
    "RulesOptionError",
    "SaveFileError",
    "SaveFormatError",
    "UnknownCardError",
    "UnknownSectionError",
    "UnknownValueError",
    "unknown_value",
]
