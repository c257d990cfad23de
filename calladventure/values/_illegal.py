"""The refusals of the rules as errors: an illegal action, an ambiguous one, a bad setup.

An illegal action cites the rule that refuses it (``values/_sections.cite``), so these errors
sit above the section registry; the other typed errors (``_errors``) sit below it, since the
registry raises one of them for an unknown section.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._errors import CallAdventureError
from ._sections import cite


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
            msg += f" [{cite(section)}]"
        if self.legal:
            shown = ", ".join(self.legal[:12])
            more = f" (+{len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
            msg += f"{'' if msg.endswith(('.', '?', '!')) else '.'} Legal now: {shown}{more}"
        super().__init__(msg)


class AmbiguousActionError(IllegalActionError):
    """A textual action that matches more than one legal action."""


class GameSetupError(IllegalActionError):
    """A new game asked for with a bad argument: players, seed, card sets or mode (000 · Setting Up the Game).

    An :class:`IllegalActionError` (of the action "setup") for the code that catches those, whose
    message is the reason alone.
    """

    def __init__(self, reason: str) -> None:
        super().__init__("setup", reason)
        self.args = (reason,)

    def __str__(self) -> str:
        return self.reason


__all__ = ["AmbiguousActionError", "GameSetupError", "IllegalActionError"]
