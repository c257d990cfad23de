"""Jupyter widgets: play a game with buttons, explore the odds of a cast, step through a scenario.

Needs ipywidgets (``pip install "calladventure[jupyter]"``). Each widget is a plain object that
shows itself in a notebook (``_repr_mimebundle_``); ``.widget`` is its ipywidgets box. Every
picture in it is an ``HTML`` widget whose ``value`` is updated in place, and the action buttons
are replaced only when the legal actions change, so nothing is rebuilt and nothing flickers.
An illegal action, a bad save file or any other error is shown in the widget's message line,
never lost in a log. The pictures are those of :mod:`calladventure.display` (inline HTML only).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

import attrs

try:
    import ipywidgets as w  # type: ignore[import-untyped]
except ImportError as exc:  # pragma: no cover - only without the optional extra
    raise ImportError('calladventure.widgets needs ipywidgets: pip install "calladventure[jupyter]"') from exc

from ..data.cards import bundled_runes
from ..game.game import Game
from ..play.bots import Bot
from ..present.display import (
    attempt_html,
    events_html,
    game_html,
    rows_html,
    scores_html,
    status_html,
    stories_html,
)
from ..rules.odds import Odds, attempt_odds
from ..values.actions import ACTION_TAGS, Action, AttemptChallenge, CastRunes, PlaceAllyUnder
from ..values.cards import Side
from ..values.errors import CallAdventureError, IllegalActionError, SaveFormatError
from ..values.events import Event
from ..values.icons import ABILITIES, Icon
from ..values.runes import Rune, RuneSet
from ..values.sections import cite
from ..values.state import GameState, PlaceAlly

if TYPE_CHECKING:
    from ..play.scenario import Scenario

__all__ = ["Check", "GameWidget", "OddsExplorer", "ScenarioStepper", "Step", "action_label"]

# ============================================================================ shared pieces

_TONES = {
    "error": ("#dc2626", "rgba(220,38,38,.13)"),
    "ok": ("#16a34a", "rgba(22,163,74,.13)"),
    "info": ("rgba(127,127,127,.6)", "rgba(127,127,127,.1)"),
}


def _message(tone: str, text: str, detail: str = "") -> str:
    """A message line that reads in light and dark themes (inherited text colour, tinted background)."""
    border, background = _TONES[tone]
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


def _heading(text: str) -> Any:
    return w.HTML(
        f'<div style="font:700 12px system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;'
        f'opacity:.75;margin:6px 0 0">{html.escape(text)}</div>'
    )


def _button(description: str, css: str, tooltip: str = "", *, style: str = "") -> Any:
    button = w.Button(
        description=description, tooltip=tooltip or description, layout=w.Layout(width="auto", margin="2px")
    )
    if style:
        button.button_style = style
    button.add_class(css)
    return button


def _error_text(exc: BaseException) -> tuple[str, str]:
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


def action_label(game: Game, action: Action) -> str:
    """A button's words for an action: its notation with card names; an Ally placement names the challenge."""
    if isinstance(action, PlaceAllyUnder):
        top = game.state.pending[-1] if game.state.pending else None
        if isinstance(top, PlaceAlly):
            slot = game.state.row(top.act).slots[action.slot]
            if slot is not None:
                return f"tuck {game.ctx.db[top.ally].name} under {game.ctx.db[slot.card].name}"
    return game.describe(action)


class _Reporter:
    """The message line of a widget: the last error (``error``) or note (``note``)."""

    def __init__(self) -> None:
        self.message = w.HTML("")
        self.message.add_class("ca-w-message")
        self.error: str | None = None
        self.note: str = ""

    def show_error(self, exc: BaseException) -> None:
        text, detail = _error_text(exc)
        self.error = text
        self.message.value = _message("error", text, detail)

    def show(self, text: str, tone: str = "info") -> None:
        self.error = None
        self.note = text
        self.message.value = _message(tone, text) if text else ""

    def guard(self, run: Callable[[], object]) -> bool:
        """Run ``run``; any exception is shown in the message line instead of being raised."""
        try:
            run()
        except Exception as exc:  # a UI callback: show everything, lose nothing
            self.show_error(exc)
            return False
        return True


# ============================================================================ the game widget

_VIEW_TO_MOVE = -1
_VIEW_ALL = -2


class GameWidget:
    """Play a game in a notebook: legal actions as buttons, an attempt panel with live odds,
    undo / redo, a timeline over the history, bot seats, the event log, save and load.

    ``bots`` maps seats to :class:`~calladventure.bots.Bot` players (or is a list with ``None`` for
    human seats). With ``autoplay`` the bots play on by themselves after every human action.
    Every method that changes the game (:meth:`push`, :meth:`undo`, :meth:`redo`, :meth:`goto`,
    :meth:`bot_step`, :meth:`play_on`, :meth:`save`, :meth:`load`) shows an error in the widget
    instead of raising it, and returns whether it worked.
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        bots: Mapping[int, Bot] | Sequence[Bot | None] | None = None,
        autoplay: bool = False,
        viewer: int | None = None,
        reveal: bool = False,
        events: int = 14,
        save_path: str = "game.json",
        max_bot_steps: int = 5000,
    ):
        self.game = game if game is not None else Game.new(players=2, seed=0)
        if bots is None:
            self.bots: dict[int, Bot] = {}
        elif isinstance(bots, Mapping):
            self.bots = dict(bots)
        else:
            self.bots = {seat: bot for seat, bot in enumerate(bots) if bot is not None}
        self.events = events
        self.max_bot_steps = max_bot_steps
        self._future: list[Action] = []  # undone actions, the next one to redo last
        self._shown: tuple[tuple[Action, ...], tuple[str, ...]] | None = None  # the actions and words shown
        self._attempts: dict[tuple[str, Side], list[int]] = {}
        self._syncing = False
        self._report = _Reporter()
        self._build(viewer, reveal, autoplay, save_path)
        if autoplay:
            self._play_bots()
        self.refresh()

    # ------------------------------------------------------------------ the parts

    def _build(self, viewer: int | None, reveal: bool, autoplay: bool, save_path: str) -> None:
        cfg = self.game.config
        self.status = w.HTML()
        self.status.add_class("ca-w-status")
        self.message = self._report.message
        self.attempt_view = w.HTML()
        self.attempt_view.add_class("ca-w-attempt-view")
        self.board = w.HTML()
        self.board.add_class("ca-w-board")
        self.stories = w.HTML()
        self.stories.add_class("ca-w-stories")
        self.log = w.HTML()
        self.log.add_class("ca-w-log")
        self.scores = w.HTML()
        self.scores.add_class("ca-w-scores")

        self.undo_button = _button(
            "undo", "ca-w-undo", "undo the last action (your last move, with autoplay)"
        )
        self.redo_button = _button("redo", "ca-w-redo", "redo the action undone last")
        self.timeline = w.IntSlider(
            value=0, min=0, max=0, description="step", continuous_update=False, layout=w.Layout(width="320px")
        )
        self.timeline.add_class("ca-w-timeline")
        self.bot_button = _button("bot move", "ca-w-bot", "the seat to move's bot plays one action")
        self.play_on_button = _button(
            "bots play on", "ca-w-play-on", "bots play until a human seat is to move"
        )
        self.autoplay = w.Checkbox(value=autoplay, description="autoplay bots", indent=False)
        self.autoplay.layout.width = "auto"
        seats = [
            (f"{cfg.name(s)} (P{s + 1})" if cfg.name(s) != f"P{s + 1}" else f"P{s + 1}", s)
            for s in range(cfg.players)
        ]
        self.view_as = w.Dropdown(
            options=[("seat to move", _VIEW_TO_MOVE), *seats, ("everyone (reveal)", _VIEW_ALL)],
            value=_VIEW_ALL if reveal else (_VIEW_TO_MOVE if viewer is None else viewer),
            description="view as",
            layout=w.Layout(width="240px"),
        )

        self.action_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self.action_box.add_class("ca-w-actions")
        self.challenge = w.Dropdown(description="challenge", layout=w.Layout(width="auto"))
        self.path = w.ToggleButtons(description="path", style={"button_width": "auto"})
        self.dark = w.IntSlider(value=0, min=0, max=0, description="Dark runes", continuous_update=True)
        self.odds_view = w.HTML()
        self.odds_view.add_class("ca-w-odds")
        self.attempt_button = _button("attempt", "ca-w-attempt", "declare this attempt", style="primary")
        self.attempt_button.layout.align_self = "flex-start"
        self.attempt_panel = w.VBox(
            [
                _heading("Attempt a challenge"),
                self.challenge,
                self.path,
                self.dark,
                self.odds_view,
                self.attempt_button,
            ],
            layout=w.Layout(border="1px solid rgba(127,127,127,.45)", padding="4px", margin="4px 0"),
        )
        self.notation = w.Text(placeholder="an action in notation, e.g. end", layout=w.Layout(width="260px"))
        self.notation.add_class("ca-w-notation")
        self.do_button = _button("do", "ca-w-do", "play the action typed on the left")
        self.file_path = w.Text(value=save_path, description="file", layout=w.Layout(width="260px"))
        self.save_button = _button("save", "ca-w-save", "save the game (versioned JSON)")
        self.load_button = _button("load", "ca-w-load", "load a saved game")

        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.timeline.observe(self._on_timeline, names="value")
        self.bot_button.on_click(lambda _b: self.bot_step())
        self.play_on_button.on_click(lambda _b: self.play_on())
        self.view_as.observe(lambda _c: self.refresh(), names="value")
        self.challenge.observe(self._on_challenge, names="value")
        self.path.observe(self._on_path, names="value")
        self.dark.observe(lambda _c: self._update_odds(), names="value")
        self.attempt_button.on_click(lambda _b: self.push(self.chosen_attempt()))
        self.do_button.on_click(lambda _b: self.push(self.notation.value))
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())

        row = w.Layout(flex_flow="row wrap", align_items="center")
        left = w.VBox(
            [
                w.HBox([self.undo_button, self.redo_button, self.timeline], layout=row),
                w.HBox([self.bot_button, self.play_on_button, self.autoplay, self.view_as], layout=row),
                _heading("Legal actions"),
                self.action_box,
                self.attempt_panel,
                w.HBox([self.notation, self.do_button], layout=row),
                self.attempt_view,
                _heading("Event log (newest last)"),
                self.log,
                w.HBox([self.file_path, self.save_button, self.load_button], layout=row),
            ],
            layout=w.Layout(flex="1 1 380px", min_width="340px", padding="0 8px 0 0"),
        )
        right = w.VBox(
            [self.scores, _heading("The table"), self.board, _heading("Stories"), self.stories],
            layout=w.Layout(flex="2 1 560px", min_width="400px"),
        )
        self.widget = w.VBox(
            [self.status, self.message, w.Box([left, right], layout=w.Layout(flex_flow="row wrap"))]
        )
        self.widget.add_class("ca-game-widget")

    # ------------------------------------------------------------------ reading the widget

    @property
    def error(self) -> str | None:
        """The error shown now (None when the last thing done worked)."""
        return self._report.error

    @property
    def note(self) -> str:
        """The last note shown (what was played, saved or loaded)."""
        return self._report.note

    @property
    def action_buttons(self) -> dict[str, Any]:
        """The legal-action buttons shown now, by their words (attempts are in the attempt panel)."""
        return {b.description: b for b in self.action_box.children}

    @property
    def future(self) -> tuple[Action, ...]:
        """The actions that :meth:`redo` would play, next first."""
        return tuple(reversed(self._future))

    def chosen_attempt(self) -> AttemptChallenge:
        """The attempt the panel describes now: challenge, path and Dark runes."""
        if self.challenge.value is None or self.path.value is None:
            raise IllegalActionError("attempt", "no challenge can be attempted now")
        return AttemptChallenge(self.challenge.value, self.path.value, int(self.dark.value))

    def _viewer(self) -> tuple[int | None, bool]:
        value = self.view_as.value
        if value == _VIEW_ALL:
            return None, True
        return (None if value == _VIEW_TO_MOVE else int(value)), False

    # ------------------------------------------------------------------ changing the game

    def push(self, action: Action | str) -> bool:
        """Play an action (or its notation) for the seat to move; with autoplay, the bots answer."""

        def run() -> None:
            chosen = self.game.parse(action) if isinstance(action, str) else action
            label = action_label(self.game, chosen)
            self.game.push(chosen)
            done = self.game.history[-1]
            if self._future and self._future[-1] == done:
                self._future.pop()
            else:
                self._future.clear()
            if isinstance(done, CastRunes):
                label = self.game.describe(done)
            text = f"step {len(self.game.history)}: {label}"
            bots = self._play_bots() if self.autoplay.value else 0
            self._report.show(text + (f"; then the bots played {bots} action(s)" if bots else ""), "ok")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def undo(self) -> bool:
        """Undo the last action; with autoplay, also the bots' actions since your last move."""

        def run() -> None:
            self._undo_one()
            while self.autoplay.value and self.game.history and self.game.to_move in self.bots:
                self._undo_one()
            self._report.show(f"back to step {len(self.game.history)}")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def _undo_one(self) -> None:
        if not self.game.history:
            raise IllegalActionError("undo", "nothing to undo: this is the start of the game")
        self._future.append(self.game.pop())

    def redo(self) -> bool:
        """Play again the action undone last; with autoplay, also the bots' actions after it."""

        def run() -> None:
            self._redo_one()
            while self.autoplay.value and self._future and self.game.to_move in self.bots:
                self._redo_one()
            self._report.show(f"forward to step {len(self.game.history)}")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def _redo_one(self) -> None:
        if not self._future:
            raise IllegalActionError("redo", "nothing to redo")
        self.game.push(self._future[-1])
        self._future.pop()

    def goto(self, step: int) -> bool:
        """Go to the state after ``step`` actions, anywhere on the timeline (undone actions stay redoable)."""

        def run() -> None:
            total = len(self.game.history) + len(self._future)
            if not 0 <= step <= total:
                raise IllegalActionError("goto", f"the timeline runs from step 0 to step {total}")
            while len(self.game.history) > step:
                self._undo_one()
            while len(self.game.history) < step:
                self._redo_one()
            self._report.show(f"at step {step} of {total}")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def _on_timeline(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.goto(int(change["new"]))

    def _bot_action(self) -> Action:
        if self.game.over:
            raise IllegalActionError("bot move", "the game is over")
        seat = self.game.to_move
        assert seat is not None
        bot = self.bots.get(seat)
        if bot is None:
            name = self.game.config.name(seat)
            raise IllegalActionError(
                "bot move", f"{name} (P{seat + 1}) has no bot: choose an action with the buttons"
            )
        return CastRunes() if self.game.is_chance else bot.choose(self.game)

    def _play_bots(self) -> int:
        """The bots play while one of them is to move; returns how many actions they played."""
        played = 0
        while not self.game.over and self.game.to_move in self.bots and played < self.max_bot_steps:
            self.game.push(self._bot_action())
            played += 1
        if played:
            self._future.clear()
        return played

    def bot_step(self) -> bool:
        """The bot of the seat to move plays one action (a cast, when the runes are due)."""

        def run() -> None:
            action = self._bot_action()
            self.game.push(action)
            self._future.clear()
            self._report.show(f"bot played: {self.game.describe(self.game.history[-1])}", "ok")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def play_on(self) -> bool:
        """The bots play until a human seat is to move or the game ends."""

        def run() -> None:
            if not self.game.over and self.game.to_move not in self.bots:
                self._bot_action()  # raises: says which seat has no bot
            played = self._play_bots()
            where = (
                "the game is over"
                if self.game.over
                else f"{self.game.config.name(self.game.to_move or 0)} to move"
            )
            self._report.show(f"the bots played {played} action(s); {where}", "ok")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def save(self, path: str | None = None) -> bool:
        """Save the game (:meth:`Game.save`) to ``path`` or the file box's path."""
        target = path if path is not None else str(self.file_path.value)

        def run() -> None:
            self.game.save(target)
            self._report.show(f"saved {len(self.game.history)} actions to {target}", "ok")

        return self._report.guard(run)

    def load(self, path: str | None = None) -> bool:
        """Load a saved game from ``path`` or the file box's path; a bad file is shown, the game kept."""
        source = path if path is not None else str(self.file_path.value)

        def run() -> None:
            self.game = Game.load(source)
            self._future.clear()
            self._report.show(f"loaded {source}: {len(self.game.history)} actions", "ok")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    # ------------------------------------------------------------------ showing

    def refresh(self) -> None:
        """Update every picture in place from the game (call it after changing ``game`` yourself).

        The header goes last: once it shows the new step, every other part has been sent.
        """
        game = self.game
        viewer, reveal = self._viewer()
        self._sync_actions()
        self._sync_controls()
        self.attempt_view.value = attempt_html(game)
        recent = game.events[-self.events :] if self.events else []
        self.log.value = events_html(recent, game.config) if recent else ""
        self.scores.value = scores_html(game.score()) if game.over else ""
        self.board.value = rows_html(game)
        self.stories.value = stories_html(game, viewer=viewer, reveal=reveal)
        self.status.value = status_html(game, viewer=viewer, reveal=reveal)

    def _sync_actions(self) -> None:
        legal = tuple(self.game.legal_actions)
        labels = tuple(action_label(self.game, a) for a in legal if not isinstance(a, AttemptChallenge))
        if (legal, labels) == self._shown:
            return
        self._shown = (legal, labels)
        attempts: dict[tuple[str, Side], list[int]] = {}
        buttons = []
        for action in legal:
            if isinstance(action, AttemptChallenge):
                attempts.setdefault((action.card, action.side), []).append(action.dark)
                continue
            tag = ACTION_TAGS.get(type(action), "action")
            button = _button(action_label(self.game, action), "ca-action", str(action))
            button.add_class(f"ca-action-{tag}")
            button.on_click(lambda _b, a=action: self.push(a))
            buttons.append(button)
        if not legal:
            buttons.append(w.HTML(_message("info", "No actions: the game is over.")))
        self.action_box.children = tuple(buttons)
        self._attempts = attempts
        self._syncing = True
        try:
            cards = list(dict.fromkeys(card for card, _side in attempts))
            options = [(self.game.ctx.db[c].name, c) for c in cards]
            keep = self.challenge.value if self.challenge.value in cards else (cards[0] if cards else None)
            self.challenge.options = options
            self.challenge.value = keep
            self._set_paths()
        finally:
            self._syncing = False
        self.attempt_panel.layout.display = "flex" if attempts else "none"
        self._update_odds()

    def _set_paths(self) -> None:
        card = self.challenge.value
        sides = [side for (c, side) in self._attempts if c == card]
        if card is None:
            self.path.options = []
            return
        db_card = self.game.ctx.db[card]
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
        self._update_odds()

    def _on_path(self, _change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self._set_dark()
        finally:
            self._syncing = False
        self._update_odds()

    def _update_odds(self) -> None:
        if self._syncing:
            return
        if not self._attempts or self.challenge.value is None or self.path.value is None:
            self.odds_view.value = ""
            return
        card = self.game.ctx.db[self.challenge.value]
        side: Side = self.path.value
        dark = int(self.dark.value)
        try:
            odds = self.game.odds(card.id, side.value, dark)
        except Exception as exc:  # the odds are a help: show why they are missing
            self.odds_view.value = _message("error", *_error_text(exc))
            return
        seat = self.game.to_move or 0
        xp = self.game.state.players[seat].xp
        cost = f" · Dark runes cost {dark} of {xp} Experience" if dark else f" · {xp} Experience to spend"
        head = (
            f'<div class="ca-w-odds-head" style="font:13px system-ui,sans-serif">'
            f"<b>{html.escape(card.name)}</b> ({side.value}): "
            f"<b>{float(odds.p_success) * 100:.1f}%</b> to overcome{html.escape(cost)}</div>"
        )
        self.odds_view.value = head + odds._repr_html_()
        runes = f" with {dark} Dark rune{'s' if dark > 1 else ''}" if dark else ""
        self.attempt_button.description = f"attempt {card.name} ({side.value}){runes}"

    def _sync_controls(self) -> None:
        game = self.game
        step = len(game.history)
        total = step + len(self._future)
        self._syncing = True
        try:
            if total >= self.timeline.value:
                self.timeline.max = total
                self.timeline.value = step
            else:
                self.timeline.value = step
                self.timeline.max = total
        finally:
            self._syncing = False
        self.undo_button.disabled = step == 0
        self.redo_button.disabled = not self._future
        bot_to_move = not game.over and game.to_move in self.bots
        self.bot_button.disabled = not bot_to_move
        self.play_on_button.disabled = not bot_to_move

    # ------------------------------------------------------------------ notebook display

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return f"<GameWidget {self.game!r} bots={sorted(self.bots)}>"


# ============================================================================ the odds explorer


class OddsExplorer:
    """Choose runes, a bonus and a difficulty; see the exact distribution of the cast update
    (000 · Rune Probability; 000 · Attempt a Challenge).

    An attempt casts the three core runes, one ability rune per matching icon (at most three per
    ability, the special rune third, at most two abilities per challenge) and the Dark runes
    bought (000 · Ability Runes; 000 · Dark Runes). ``runes`` is a rune set or a bundled one's id.
    """

    def __init__(
        self,
        runes: RuneSet | str = "core",
        *,
        difficulty: int = 3,
        bonus: int = 0,
        dark: int = 0,
        abilities: Mapping[Icon | str, int] | None = None,
        core: bool = True,
    ):
        self.runes = bundled_runes(runes) if isinstance(runes, str) else runes
        self._report = _Reporter()
        self.message = self._report.message
        self.difficulty = w.IntSlider(value=difficulty, min=0, max=15, description="difficulty")
        self.bonus = w.IntSlider(value=bonus, min=-5, max=8, description="bonus")
        self.dark = w.IntSlider(value=dark, min=0, max=6, description="Dark runes")
        self.core = w.Checkbox(value=core, description="the 3 core runes", indent=False)
        given = {Icon(k): v for k, v in (abilities or {}).items()}
        self.abilities = {
            ab: w.IntSlider(value=given.get(ab, 0), min=0, max=3, description=ab.value) for ab in ABILITIES
        }
        self.summary = w.HTML()
        self.summary.add_class("ca-w-odds-summary")
        self.chart = w.HTML()
        self.chart.add_class("ca-w-odds")
        for control in (self.difficulty, self.bonus, self.dark, self.core, *self.abilities.values()):
            control.observe(lambda _c: self.update(), names="value")
        controls = w.VBox([self.difficulty, self.bonus, self.dark, self.core])
        ability_box = w.VBox([_heading("ability runes (icons in the Story)"), *self.abilities.values()])
        self.widget = w.VBox(
            [
                w.Box([controls, ability_box], layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
                self.message,
                self.summary,
                self.chart,
            ]
        )
        self.widget.add_class("ca-odds-explorer")
        self.update()

    @property
    def pool(self) -> tuple[Rune, ...]:
        """The runes cast: core, ability runes per icon count, then the Dark runes."""
        pool: list[Rune] = list(self.runes.core) if self.core.value else []
        for ab, slider in self.abilities.items():
            pool.extend(self.runes.ability_runes(ab, int(slider.value)))
        pool.extend([self.runes.dark] * int(self.dark.value))
        return tuple(pool)

    @property
    def odds(self) -> Odds:
        """The exact odds of the chosen cast against the chosen difficulty."""
        return attempt_odds(self.pool, int(self.difficulty.value), int(self.bonus.value))

    def set(
        self,
        *,
        difficulty: int | None = None,
        bonus: int | None = None,
        dark: int | None = None,
        core: bool | None = None,
        **abilities: int,
    ) -> OddsExplorer:
        """Move the controls from code (``set(difficulty=4, strength=2)``); the picture follows."""
        for control, value in (
            (self.difficulty, difficulty),
            (self.bonus, bonus),
            (self.dark, dark),
            (self.core, core),
        ):
            if value is not None:
                control.value = value
        for name, count in abilities.items():
            self.abilities[Icon(name)].value = count
        return self

    def update(self) -> None:
        """Recompute the distribution and update the picture in place."""

        def run() -> None:
            pool = self.pool
            odds = self.odds
            used = [ab.value for ab, s in self.abilities.items() if s.value]
            warn = (
                f" · note: a challenge names at most two abilities, here {len(used)}" if len(used) > 2 else ""
            )
            names = " ".join(r.id for r in pool) or "no runes"
            self.summary.value = (
                '<div style="font:13px system-ui,sans-serif">'
                f"<b>{float(odds.p_success) * 100:.2f}%</b> to reach {odds.difficulty} "
                f"({odds.runes} runes, bonus {odds.bonus:+d}; mean {float(odds.mean):.2f}, "
                f"range {odds.min}–{odds.max}){html.escape(warn)}"
                f'<div style="font-size:11.5px;opacity:.75">pool: {html.escape(names)}</div></div>'
            )
            self.chart.value = odds._repr_html_()
            self._report.show("")

        self._report.guard(run)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return f"<OddsExplorer {self.odds!r}>"


# ============================================================================ the scenario stepper

#: What a step does: an action, its notation, or a function of the game (several actions).
StepAction = Action | str | Callable[[Game], object] | None
#: What should then be true: a text found in the step's events (or the refusal's reason), or a test.
Expectation = str | Callable[[Game], object] | None


@attrs.frozen
class Step:
    """One step of a scenario: what happens, the action that does it, and what should then be true.

    With ``illegal=True`` the action must be refused (a rules question answered "no"); the
    expectation is then looked for in the refusal's reason. A text expectation is looked for,
    case-blind, in the step's events and their rule citations. An action function that returns
    a :class:`Check` decides the step itself (how a scenario file's steps are checked).
    """

    description: str
    action: StepAction = None
    expect: Expectation = None
    illegal: bool = False


@attrs.frozen
class Check:
    """Whether a step's expectation held, and what was seen."""

    ok: bool
    detail: str


def _as_step(item: Step | tuple[Any, ...]) -> Step:
    return item if isinstance(item, Step) else Step(*item)


def _check(step: Step, game: Game, seen: Iterable[str]) -> Check:
    expect = step.expect
    texts = list(seen)
    if expect is None:
        return Check(True, texts[-1] if texts else "done")
    if isinstance(expect, str):
        hits = [t for t in texts if expect.casefold() in t.casefold()]
        if hits:
            return Check(True, hits[0])
        return Check(False, f"expected {expect!r}; saw: " + (" | ".join(texts[-4:]) or "nothing"))
    try:
        ok = bool(expect(game))
    except Exception as exc:  # an expectation that cannot be evaluated is a failed one
        return Check(False, f"the expectation raised {type(exc).__name__}: {exc}")
    name = getattr(expect, "__name__", "<lambda>")
    name = "the expectation" if name == "<lambda>" else name
    return Check(ok, f"{name} {'holds' if ok else 'does not hold'}")


class ScenarioStepper:
    """Walk through a scenario: a start position and steps, each with what should then be true.

    ``steps`` are :class:`Step` values or ``(description, action[, expect[, illegal]])`` tuples.
    Next plays one step and checks it; Back undoes it; Run all plays every step left. The
    position, the step's events (with their rule citations) and each check's result are shown.
    """

    def __init__(
        self,
        start: Game | GameState,
        steps: Sequence[Step | tuple[Any, ...]],
        *,
        title: str = "Scenario",
        reveal: bool = True,
    ):
        self.start = Game.from_state(start) if isinstance(start, GameState) else start.copy()
        self.game = self.start.copy()
        self.steps = tuple(_as_step(s) for s in steps)
        self.title = title
        self.reveal = reveal
        self._done: list[tuple[int, Check]] = []  # (history length before the step, its check)
        self._report = _Reporter()
        self.message = self._report.message
        self.header = w.HTML()
        self.header.add_class("ca-w-scenario")
        self.view = w.HTML()
        self.view.add_class("ca-w-game")
        self.step_events = w.HTML()
        self.step_events.add_class("ca-w-log")
        self.reset_button = _button("reset", "ca-w-reset", "back to the start")
        self.back_button = _button("back", "ca-w-back", "undo the last step")
        self.next_button = _button("next", "ca-w-next", "play the next step and check it", style="primary")
        self.run_button = _button("run all", "ca-w-run-all", "play every step left")
        self.reset_button.on_click(lambda _b: self.reset())
        self.back_button.on_click(lambda _b: self.back())
        self.next_button.on_click(lambda _b: self.next())
        self.run_button.on_click(lambda _b: self.run_all())
        buttons = w.HBox([self.reset_button, self.back_button, self.next_button, self.run_button])
        self.widget = w.VBox(
            [self.header, buttons, self.message, _heading("This step's events"), self.step_events, self.view]
        )
        self.widget.add_class("ca-scenario-stepper")
        self.refresh()

    @classmethod
    def from_scenario(cls, scenario: Scenario | str | FsPath, *, reveal: bool = True) -> ScenarioStepper:
        """Step through a scenario file (:mod:`calladventure.scenario`), checking each step as
        :meth:`Scenario.run <calladventure.scenario.Scenario.run>` does; a file that cannot be
        read raises :class:`~calladventure.scenario.ScenarioError` naming the file and field."""
        from ..play.scenario import Scenario, run_step

        scn = scenario if isinstance(scenario, Scenario) else Scenario.load(scenario)

        def player(index: int, step: Any) -> Callable[[Game], Check]:
            def play(game: Game) -> Check:
                result = run_step(scn, game, index, step)
                failure = result.failure(scn.file)
                if failure is not None:
                    return Check(False, f"expected {failure.expected}, got {failure.actual}{failure.detail}")
                return Check(True, "; ".join(str(c) for c in result.checks) or "done")

            return play

        steps = [
            Step(step.describe() + (f" ({step.note})" if step.note else ""), player(i, step))
            for i, step in enumerate(scn.steps, 1)
        ]
        title = scn.title or FsPath(scn.file).stem
        if scn.question:
            title += f": {scn.question}"
        return cls(scn.start(), steps, title=title, reveal=reveal)

    @property
    def index(self) -> int:
        """How many steps have been played."""
        return len(self._done)

    @property
    def checks(self) -> tuple[Check, ...]:
        """The check of every step played so far."""
        return tuple(c for _n, c in self._done)

    @property
    def passed(self) -> bool:
        """Every step has been played and every expectation held."""
        return self.index == len(self.steps) and all(c.ok for c in self.checks)

    def next(self) -> Check | None:
        """Play the next step and check its expectation (None when every step is done)."""
        if self.index >= len(self.steps):
            self._report.show("every step has been played")
            self.refresh()
            return None
        step = self.steps[self.index]
        before = len(self.game.history)
        decided: object = None
        try:
            if callable(step.action):
                decided = step.action(self.game)
            elif step.action is not None:
                self.game.push(step.action)
        except Exception as exc:
            self.game.undo_to(before)
            if step.illegal and isinstance(exc, IllegalActionError):
                check = _check(step, self.game, [exc.reason])
                check = Check(check.ok, f"refused: {exc.reason}" if check.ok else check.detail)
            else:
                text, _detail = _error_text(exc)
                check = Check(False, text)
        else:
            if isinstance(decided, Check):
                check = decided
            elif step.illegal:
                check = Check(False, "expected the rules to refuse this action, but it was played")
            else:
                seen = [f"{e.text} [{e.citation}]" for e in self.game.events if e.step > before]
                check = _check(step, self.game, seen)
        self._done.append((before, check))
        if check.ok:
            self._report.show(f"step {self.index}: ✓ {check.detail}", "ok")
        else:
            self._report.message.value = _message("error", f"step {self.index}: ✗ {check.detail}")
            self._report.error = check.detail
        self.refresh()
        return check

    def back(self) -> bool:
        """Undo the last step played."""
        if not self._done:
            self._report.show_error(IllegalActionError("back", "no step has been played yet"))
            return False
        before = self._done.pop()[0]
        self.game.undo_to(before)
        self._report.show(f"back before step {self.index + 1}")
        self.refresh()
        return True

    def reset(self) -> None:
        """Back to the start position."""
        self.game = self.start.copy()
        self._done.clear()
        self._report.show("")
        self.refresh()

    def run_all(self) -> bool:
        """Play every step left; True when every expectation held."""
        while self.index < len(self.steps):
            self.next()
        return self.passed

    def refresh(self) -> None:
        """Update the step list, the events and the position in place."""
        items = []
        for i, step in enumerate(self.steps):
            if i < self.index:
                check = self._done[i][1]
                mark = "✓" if check.ok else "✗"
                colour = "#16a34a" if check.ok else "#dc2626"
                detail = f'<div style="font-size:11.5px;opacity:.8">{html.escape(check.detail)}</div>'
                items.append(
                    f'<li><b style="color:{colour}">{mark}</b> {html.escape(step.description)}{detail}</li>'
                )
            elif i == self.index:
                items.append(f"<li><b>▶ {html.escape(step.description)}</b> <i>(next)</i></li>")
            else:
                items.append(f'<li style="opacity:.65">{html.escape(step.description)}</li>')
        done = sum(1 for c in self.checks if c.ok)
        self.header.value = (
            '<div class="ca-root" style="font:13px/1.4 system-ui,sans-serif;color:inherit">'
            f'<div style="font-size:16px;font-weight:800">{html.escape(self.title)}</div>'
            f"<div>step {self.index} of {len(self.steps)} · {done} check(s) passed</div>"
            f'<ol style="margin:4px 0 4px 18px;padding:0">{"".join(items)}</ol></div>'
        )
        before = self._done[-1][0] if self._done else -1
        events: list[Event] = [e for e in self.game.events if e.step > before] if self._done else []
        self.step_events.value = events_html(events, self.game.config) if events else ""
        self.view.value = game_html(self.game, reveal=self.reveal, events=0)
        self.back_button.disabled = not self._done
        self.next_button.disabled = self.index >= len(self.steps)
        self.run_button.disabled = self.index >= len(self.steps)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return f"<ScenarioStepper {self.title!r}: step {self.index} of {len(self.steps)}>"
