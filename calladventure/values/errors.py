"""Typed errors raised by calladventure.

Every error a user can cause is a subclass of :class:`CallAdventureError`, itself a
:class:`ValueError`, so ``except ValueError`` catches them all.
"""

from __future__ import annotations

from collections.abc import Sequence


class CallAdventureError(ValueError):
    """Base class of every error calladventure raises for bad input."""


class IllegalActionError(CallAdventureError):
    """An action that the rules do not allow in this position.

    ``reason`` says why; ``legal`` lists (as text) what could be done instead. The game
    that raised it is left exactly as it was.
    """

    def __init__(self, action: object, reason: str, legal: Sequence[str] = (), section: str | None = None):
        self.action = action
        self.reason = reason
        self.legal = tuple(legal)
        self.section = section
        msg = f"illegal action {action}: {reason}"
        if section:
            msg += f" [{section}]"
        if self.legal:
            shown = ", ".join(self.legal[:12])
            more = f" (+{len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            msg += f". Legal now: {shown}{more}"
        super().__init__(msg)


class AmbiguousActionError(IllegalActionError):
    """A textual action that matches more than one legal action."""


class UnknownCardError(CallAdventureError, KeyError):
    """A card id or name that no loaded card set contains (also a KeyError, for mapping lookups)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown card"


class CardDataError(CallAdventureError):
    """A card file that does not validate: names the file, the card and the field."""

    def __init__(self, file: str, card: str | None, field: str | None, problem: str):
        self.file = file
        self.card = card
        self.field = field
        self.problem = problem
        where = file
        if card:
            where += f", card {card!r}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {problem}")


class SaveFormatError(CallAdventureError):
    """A save file or scenario that cannot be read (wrong version, bad JSON, mismatch)."""


class RulesOptionError(CallAdventureError):
    """An unknown rules option or value."""


__all__ = [
    "AmbiguousActionError",
    "CallAdventureError",
    "CardDataError",
    "IllegalActionError",
    "RulesOptionError",
    "SaveFormatError",
    "UnknownCardError",
]
