"""What every widget shares: message lines, headings, buttons, error text and button labels.

An illegal action, a bad save file or any other error is shown in a widget's message line
(:class:`Reporter`), never lost in a log; :func:`error_text` puts it in words, with the legal
alternatives and the rule cited when the error names them.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..present import action_words
from ..values._actions import Action, PlaceAllyUnder
from ..values._errors import CallAdventureError, SaveFormatError
from ..values._illegal import IllegalActionError
from ..values._sections import cite
from ..values._state import PlaceAlly

__all__ = ["TONES", "Reporter", "action_label", "button", "error_text", "heading", "message_html", "pane"]

#: The message tones: (border colour, background tint) of ``error``, ``ok`` and ``info`` lines.
TONES = {
    "error": ("#dc2626", "rgba(220,38,38,.13)"),
    "ok": ("#16a34a", "rgba(22,163,74,.13)"),
    "info": ("rgba(127,127,127,.6)", "rgba(127,127,127,.1)"),
}


def message_html(tone: str, text: str, detail: str = "") -> str:
    """A message line that reads in light and dark themes (inherited text colour, tinted background)."""
    border, background = TONES[tone]
    more = (
        f'<div style="font-size:11.5px;opacity:.8;margin-top:2px">{html.escape(detail)}</div>'
        if detail
        else ""
    )
    return (
        f'<div class="ca-root ca-msg ca-msg-{tone}" style="font:13px/1.4 system-ui,sans-serif;color:inherit;'
        f'border-left:4px solid {border};background:{background};border-radius:4px;padding:4px 8px;margin:2px 0">'
        f"{html.escape(text)}{more}</div>"
    )


def heading(text: str) -> Any:
    """A small upper-case heading over a part of a widget."""
    return w.HTML(
        f'<div style="font:700 12px system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;'
        f'opacity:.75;margin:6px 0 0">{html.escape(text)}</div>'
    )


def pane(css: str) -> Any:
    """An empty HTML pane with the CSS class ``css`` (the pictures are filled in on refresh)."""
    html = w.HTML()
    html.add_class(css)
    return html


def button(description: str, css: str, tooltip: str = "", *, style: str = "") -> Any:
    """A button sized to its words, with a CSS class (``css``) that tests and pages find it by."""
    made = w.Button(
        description=description, tooltip=tooltip or description, layout=w.Layout(width="auto", margin="2px")
    )
    if style:
        made.button_style = style
    made.add_class(css)
    return made


def error_text(exc: BaseException) -> tuple[str, str]:
    """What went wrong, in words, and the detail (legal alternatives, the rule cited)."""
    if isinstance(exc, IllegalActionError):
        detail = ""
        if exc.section:
            detail = f"Rule: {cite(exc.section)}. "
        if exc.legal:
            shown = ", ".join(exc.legal[:10]) + (
                f" (+{len(exc.legal) - 10} more)" if len(exc.legal) > 10 else ""
            )
            detail += f"Legal now: {shown}"
        return f"Illegal action {exc.action}: {exc.reason}", detail
    if isinstance(exc, SaveFormatError):
        return f"Could not load the save: {exc}", ""
    if isinstance(exc, CallAdventureError):
        return str(exc), ""
    if isinstance(exc, OSError):
        return f"File error: {exc}", ""
    return f"Unexpected {type(exc).__name__}: {exc}", "This is a bug in calladventure; please report it."


def action_label(game: Game, action: Action, lang: str = "en") -> str:
    """A button's words for an action: its notation with card names; an Ally placement names the
    challenge; in another language than English, the player's words of ``present.action_words``."""
    if lang != "en":
        return action_words(game, action, lang=lang)
    if isinstance(action, PlaceAllyUnder):
        top = game.state.pending[-1] if game.state.pending else None
        if isinstance(top, PlaceAlly):
            slot = game.state.row(top.act).slots[action.slot]
            if slot is not None:
                return f"tuck {game.ctx.db[top.ally].name} under {game.ctx.db[slot.card].name}"
    return game.describe(action)


class Reporter:
    """The message line of a widget: the last error (``error``) or note (``note``)."""

    def __init__(self) -> None:
        self.message = w.HTML("")
        self.message.add_class("ca-w-message")
        self.error: str | None = None
        self.note: str = ""

    def show_error(self, exc: BaseException) -> None:
        """Show ``exc`` as an error line (and remember its words as ``error``)."""
        text, detail = error_text(exc)
        self.error = text
        self.message.value = message_html("error", text, detail)

    def show(self, text: str, tone: str = "info") -> None:
        """Show a note (no error); an empty text clears the line."""
        self.error = None
        self.note = text
        self.message.value = message_html(tone, text) if text else ""

    def guard(self, run: Callable[[], object]) -> bool:
        """Run ``run``; any exception is shown in the message line instead of being raised."""
        try:
            run()
        except Exception as exc:  # a UI callback: show everything, lose nothing
            self.show_error(exc)
            return False
        return True
