"""The terminal console: everything it prints is shown through :func:`calladventure.values._printable.printable`.

Rich markup in data is never parsed (views build ``Text``), but rich passes control characters
through: a name holding ``ESC[2J`` would clear the screen. :class:`TerminalConsole` marks them
visibly in every segment it renders, keeping rich's own control codes (styles, cursor moves).
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from ..values._printable import printable

__all__ = ["TerminalConsole", "plain_text"]


class TerminalConsole(Console):
    """A rich console whose printed text goes through ``printable`` (its own control codes kept)."""

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and not segment.text.isprintable():
                yield Segment(printable(segment.text), segment.style)
            else:
                yield segment


def plain_text(renderable: RenderableType, width: int = 100) -> str:
    """A rich picture as plain text ``width`` columns wide, control characters marked: what ``print`` shows."""
    out = TerminalConsole(
        width=width, color_system=None, force_terminal=False, record=True, file=io.StringIO()
    )
    out.print(renderable)
    return out.export_text()
