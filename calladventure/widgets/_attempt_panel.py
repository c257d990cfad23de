"""The attempt panel of the game widget: choose a challenge, a path and Dark runes; see the exact odds.

Only the attempts that are legal now are offered (000 · Attempt a Challenge); the odds shown are
those of the cast they make, Dark runes included (000 · Rune Probability; 000 · Dark Runes).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..present._action_words import dark_cost_words
from ..present._odds_model import corruption_risk
from ..present._svg import odds_chart_svg
from ..values._actions import AttemptChallenge
from ..values._cards import Side
from ..values._illegal import IllegalActionError
from ._common import button, error_text, heading, message_html

__all__ = ["AttemptPanel", "Attempts"]

#: The legal attempts: (challenge card id, path) → the numbers of Dark runes that may be bought.
Attempts = dict[tuple[str, Side], list[int]]


class AttemptPanel:
    """A challenge dropdown, a path toggle and a Dark-runes slider over the legal attempts, with
    the exact odds of the one chosen and the button that declares it (000 · Attempt a Challenge).

    ``game`` returns the game shown now (a widget may replace its game, e.g. on load). The
    panel hides itself (``widget``) when no attempt is legal.
    """

    def __init__(self, game: Callable[[], Game]) -> None:
        self._game = game
        self._attempts: Attempts = {}
        self._syncing = False
        self.challenge = w.Dropdown(description="challenge", layout=w.Layout(width="auto"))
        self.path = w.ToggleButtons(description="path", style={"button_width": "auto"})
        self.dark = w.IntSlider(value=0, min=0, max=0, description="Dark runes", continuous_update=True)
        self.odds_view = w.HTML()
        self.odds_view.add_class("ca-w-odds")
        self.attempt_button = button("attempt", "ca-w-attempt", "declare this attempt", style="primary")
        self.attempt_button.layout.align_self = "flex-start"
        self.widget = w.VBox(
            [
                heading("Attempt a challenge"),
                self.challenge,
                self.path,
                self.dark,
                self.odds_view,
                self.attempt_button,
            ],
            layout=w.Layout(border="1px solid rgba(127,127,127,.45)", padding="4px", margin="4px 0"),
        )
        self.challenge.observe(self._on_challenge, names="value")
        self.path.observe(self._on_path, names="value")
        self.dark.observe(lambda _c: self.update_odds(), names="value")

    def chosen(self) -> AttemptChallenge:
        """The attempt the panel describes now: challenge, path and Dark runes."""
        if self.challenge.value is None or self.path.value is None:
            raise IllegalActionError("attempt", "no challenge can be attempted now")
        return AttemptChallenge(self.challenge.value, self.path.value, int(self.dark.value))

    def offer(self, attempts: Attempts) -> None:
        """Offer these attempts, keeping the challenge and path chosen when they are still legal."""
        self._attempts = attempts
        self._syncing = True
        try:
            cards = list(dict.fromkeys(card for card, _side in attempts))
            options = [(self._game().ctx.db[c].name, c) for c in cards]
            keep = self.challenge.value if self.challenge.value in cards else (cards[0] if cards else None)
            self.challenge.options = options
            self.challenge.value = keep
            self._set_paths()
        finally:
            self._syncing = False
        self.widget.layout.display = "flex" if attempts else "none"
        self.update_odds()

    def _set_paths(self) -> None:
        card = self.challenge.value
        sides = [side for (c, side) in self._attempts if c == card]
        if card is None:
            self.path.options = []
            return
        db_card = self._game().ctx.db[card]
        keep = self.path.value if self.path.value in sides else sides[0]
        self.path.options = [(f"{s.value}: {db_card.path(s).label}", s) for s in sides]
        self.path.value = keep
        self._set_dark()

    def _set_dark(self) -> None:
        darks = self._attempts.get((self.challenge.value, self.path.value), [0])
        low, high = min(darks), max(darks)
        value = min(max(int(self.dark.value), low), high)
        if high >= self.dark.min:
            self.dark.max = high
            self.dark.min = low
        else:
            self.dark.min = low
            self.dark.max = high
        self.dark.value = value

    def _on_challenge(self, _change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self._set_paths()
        finally:
            self._syncing = False
        self.update_odds()

    def _on_path(self, _change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self._set_dark()
        finally:
            self._syncing = False
        self.update_odds()

    def update_odds(self) -> None:
        """Show the exact odds of the attempt chosen, and name it on the button (000 · Rune Probability)."""
        if self._syncing:
            return
        if not self._attempts or self.challenge.value is None or self.path.value is None:
            self.odds_view.value = ""
            return
        game = self._game()
        card = game.ctx.db[self.challenge.value]
        side: Side = self.path.value
        dark = int(self.dark.value)
        try:
            odds = game.odds(card.id, side.value, dark)
        except Exception as exc:  # the odds are a help: show why they are missing
            self.odds_view.value = message_html("error", *error_text(exc))
            return
        seat = game.to_move or 0
        xp = game.state.players[seat].xp
        cost = dark_cost_words(dark, xp, corruption_risk(odds)) if dark else f"{xp} Experience to spend"
        head = (
            f'<div class="ca-w-odds-head" style="font:13px system-ui,sans-serif">'
            f"<b>{html.escape(card.name)}</b> ({side.value}): P(success) "
            f"<b>{float(odds.p_success) * 100:.1f}%</b> to overcome · {html.escape(cost)}</div>"
        )
        # The chance is stated once, here; the chart shows each total's (000 · Rune Probability).
        self.odds_view.value = head + odds_chart_svg(odds, titled=False)
        runes = f" with {dark} Dark rune{'s' if dark > 1 else ''}" if dark else ""
        self.attempt_button.description = f"attempt {card.name} ({side.value}){runes}"
