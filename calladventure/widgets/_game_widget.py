"""The game widget: play a game in a notebook with buttons, an attempt panel with live odds,
undo / redo, a timeline over the history, bot seats, the event log, a legend of the pictures
(``_legend.py``), save and load.

Every picture is an ``HTML`` widget whose ``value`` is updated in place, and the action buttons
are replaced only when the legal actions change, so nothing is rebuilt and nothing flickers.
The seat to move chooses among the legal actions (000 · Each Turn); a bot seat plays by itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..play.bots import Bot
from ..present import (
    action_words,
    attempt_html,
    events_html,
    rows_html,
    scores_html,
    status_html,
    stories_html,
)
from ..present._i18n import check_lang, t
from ..values._actions import ACTION_TAGS, Action, AttemptChallenge
from ..values._illegal import IllegalActionError
from ._attempt_panel import AttemptPanel, Attempts
from ._common import Reporter, action_label, button, heading, message_html, pane
from ._legend import Legend
from ._seats import auto_pass, bot_action

__all__ = ["GameWidget"]

_VIEW_TO_MOVE = -1  # "view as": the seat to move
_VIEW_ALL = -2  # "view as": everyone, hands revealed


class GameWidget:
    """Play a game in a notebook: legal actions as buttons, an attempt panel with live odds,
    undo / redo, a timeline over the history, bot seats, the event log, a legend, save and load.

    ``bots`` maps seats to :class:`~calladventure.play.bots.Bot` players (or is a list with ``None`` for
    human seats). With ``autoplay`` the bots play on by themselves after every human action; with
    ``auto_pass`` (the "wait for own turn" box) a human seat passes the timing windows of other
    heroes' actions and attempts without being asked.
    Every method that changes the game (:meth:`push`, :meth:`undo`, :meth:`redo`, :meth:`goto`,
    :meth:`bot_step`, :meth:`play_on`, :meth:`save`, :meth:`load`) shows an error in the widget
    instead of raising it, and returns whether it worked. The attempt panel is
    ``attempt_controls`` (an :class:`~calladventure.widgets._attempt_panel.AttemptPanel`); its parts
    are also ``challenge``, ``path``, ``dark``, ``odds_view`` and ``attempt_button`` here.
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
        auto_pass: bool = False,
        lang: str = "en",
        hot_seat: bool = False,
    ):
        self.lang = check_lang(lang)
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
        self._syncing = False
        self._report = Reporter()
        self.hot_seat = hot_seat  # a "pass the device" screen between human seats
        self._facing: int | None = None  # the human seat the widget was last shown to
        self._build(viewer, reveal, autoplay, save_path, auto_pass)
        self._arrange()
        if autoplay:
            self._play_bots()
        self.refresh()

    # ------------------------------------------------------------------ the parts

    def _build(
        self, viewer: int | None, reveal: bool, autoplay: bool, save_path: str, auto_pass: bool = False
    ) -> None:
        """The panes, the controls and the entry fields (wired and laid out by :meth:`_arrange`)."""
        cfg = self.game.config
        self.status, self.attempt_view = pane("ca-w-status"), pane("ca-w-attempt-view")
        self.board, self.stories = pane("ca-w-board"), pane("ca-w-stories")
        self.log, self.scores = pane("ca-w-log"), pane("ca-w-scores")
        self.message = self._report.message
        self.legend = Legend()

        self.undo_button = button(
            t(self.lang, "undo"), "ca-w-undo", "undo the last action (your last move, with autoplay)"
        )
        self.redo_button = button(t(self.lang, "redo"), "ca-w-redo", "redo the action undone last")
        self.timeline = w.IntSlider(
            value=0, min=0, max=0, description="step", continuous_update=False, layout=w.Layout(width="320px")
        )
        self.timeline.add_class("ca-w-timeline")
        self.bot_button = button(
            t(self.lang, "bot move"), "ca-w-bot", "the seat to move's bot plays one action"
        )
        self.play_on_button = button(
            t(self.lang, "bots play on"), "ca-w-play-on", "bots play until a human seat is to move"
        )
        self.autoplay = w.Checkbox(value=autoplay, description="autoplay bots", indent=False)
        self.autoplay.layout.width = "auto"
        self.auto_pass = w.Checkbox(value=auto_pass, description="wait for own turn", indent=False)
        self.auto_pass.layout.width = "auto"
        self.auto_pass.tooltip = "pass the timing windows of other heroes' actions for the human seats"
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
        self.attempt_controls = AttemptPanel(lambda: self.game)
        self.challenge = self.attempt_controls.challenge
        self.path = self.attempt_controls.path
        self.dark = self.attempt_controls.dark
        self.odds_view = self.attempt_controls.odds_view
        self.attempt_button = self.attempt_controls.attempt_button
        self.attempt_panel = self.attempt_controls.widget
        self.notation = w.Text(placeholder="an action in notation, e.g. end", layout=w.Layout(width="260px"))
        self.notation.add_class("ca-w-notation")
        self.do_button = button(t(self.lang, "do"), "ca-w-do", "play the action typed on the left")
        self.file_path = w.Text(value=save_path, description="file", layout=w.Layout(width="260px"))
        self.save_button = button(t(self.lang, "save"), "ca-w-save", "save the game (versioned JSON)")
        self.load_button = button(t(self.lang, "load"), "ca-w-load", "load a saved game")

    def _arrange(self) -> None:
        """Each control wired to what it does; the controls and the log laid out left, the table right."""
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.timeline.observe(self._on_timeline, names="value")
        self.bot_button.on_click(lambda _b: self.bot_step())
        self.play_on_button.on_click(lambda _b: self.play_on())
        self.view_as.observe(lambda _c: self.refresh(), names="value")
        self.attempt_button.on_click(lambda _b: self.push(self.chosen_attempt()))
        self.do_button.on_click(lambda _b: self.push(self.notation.value))
        self.save_button.on_click(lambda _b: self.save())
        self.load_button.on_click(lambda _b: self.load())

        row = w.Layout(flex_flow="row wrap", align_items="center")
        left = w.VBox(
            [
                w.HBox([self.undo_button, self.redo_button, self.timeline], layout=row),
                w.HBox(
                    [self.bot_button, self.play_on_button, self.autoplay, self.auto_pass, self.view_as],
                    layout=row,
                ),
                heading(t(self.lang, "Legal actions")),
                self.action_box,
                self.attempt_panel,
                w.HBox([self.notation, self.do_button], layout=row),
                self.attempt_view,
                heading(t(self.lang, "Event log (newest last)")),
                self.log,
                w.HBox([self.file_path, self.save_button, self.load_button], layout=row),
            ],
            layout=w.Layout(flex="1 1 380px", min_width="340px", padding="0 8px 0 0"),
        )
        right = w.VBox(
            [
                self.scores,
                heading(t(self.lang, "The table")),
                self.board,
                heading(t(self.lang, "Stories")),
                self.stories,
                self.legend.widget,
            ],
            layout=w.Layout(flex="2 1 560px", min_width="400px"),
        )
        self._main = w.Box([left, right], layout=w.Layout(flex_flow="row wrap"))
        self.pass_note = w.HTML()
        self.pass_button = button(
            t(self.lang, "show my view"), "ca-w-pass", "the hero to move has the device now"
        )
        self.pass_button.on_click(lambda _b: self.take_device())
        self.cover = w.VBox([self.pass_note, self.pass_button])
        self.cover.add_class("ca-w-cover")
        self.widget = w.VBox([self.status, self.message, self._main])
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
        return self.attempt_controls.chosen()

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
            before = self.game.state
            self.game.push(chosen)
            done = self.game.history[-1]
            if self._future and self._future[-1] == done:
                self._future.pop()
            else:
                self._future.clear()
            text = f"step {len(self.game.history)}: {action_words(self.game, done, before, lang=self.lang)}"
            self._auto_pass()
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

    def _play_bots(self) -> int:
        """The bots play while one of them is to move; returns how many actions they played."""
        played = 0
        while not self.game.over and self.game.to_move in self.bots and played < self.max_bot_steps:
            self.game.push(bot_action(self.game, self.bots))
            played += 1 + self._auto_pass()
        if played:
            self._future.clear()
        return played

    def _auto_pass(self) -> int:
        """With auto-pass on, a human seat passes the other heroes' windows: how many passes it made."""
        return auto_pass(self.game, self.bots, self.max_bot_steps) if self.auto_pass.value else 0

    def bot_step(self) -> bool:
        """The bot of the seat to move plays one action (a cast, when the runes are due)."""

        def run() -> None:
            before = self.game.state
            self.game.push(bot_action(self.game, self.bots))
            self._future.clear()
            words = action_words(self.game, self.game.history[-1], before, lang=self.lang)
            self._report.show(f"bot played: {words}", "ok")

        ok = self._report.guard(run)
        self.refresh()
        return ok

    def play_on(self) -> bool:
        """The bots play until a human seat is to move or the game ends."""

        def run() -> None:
            if not self.game.over and self.game.to_move not in self.bots:
                bot_action(self.game, self.bots)  # raises: says which seat has no bot
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

    def covered(self) -> bool:
        """Hot seat: whether the screen waits for the device to pass to the human seat to move."""
        seat = self.game.to_move
        return self.hot_seat and not self.game.over and seat not in self.bots and seat != self._facing

    def take_device(self) -> None:
        """Hot seat: the hero to move has the device; show its view."""
        self._facing = self.game.to_move
        self.refresh()

    def refresh(self) -> None:
        """Update every picture in place from the game (call it after changing ``game`` yourself).

        The header goes last: once it shows the new step, every other part has been sent. In hot-seat
        play a "pass the device" screen covers the table until the next human seat asks for its view.
        """
        game = self.game
        if self.covered():
            name = game.config.name(game.to_move or 0)
            self.pass_note.value = message_html("info", t(self.lang, "Pass the device to {who}.", who=name))
            self.widget.children = (self.status, self.message, self.cover)
            self.status.value = status_html(game, viewer=game.to_move)
            return
        self.widget.children = (self.status, self.message, self._main)
        viewer, reveal = self._viewer()
        self._sync_actions()
        self._sync_controls()
        self.attempt_view.value = attempt_html(game)
        recent = game.events[-self.events :] if self.events else []
        self.log.value = events_html(recent, game.config, self.lang) if recent else ""
        self.scores.value = scores_html(game.score(), lang=self.lang) if game.over else ""
        self.board.value = rows_html(game)
        self.stories.value = stories_html(game, viewer=viewer, reveal=reveal)
        self.legend.show(game)
        self.status.value = status_html(game, viewer=viewer, reveal=reveal)

    def _sync_actions(self) -> None:
        legal = tuple(self.game.legal_actions)
        labels = tuple(
            action_label(self.game, a, self.lang) for a in legal if not isinstance(a, AttemptChallenge)
        )
        if (legal, labels) == self._shown:
            return
        self._shown = (legal, labels)
        attempts: Attempts = {}
        buttons = []
        for action in legal:
            if isinstance(action, AttemptChallenge):
                attempts.setdefault((action.card, action.side), []).append(action.dark)
                continue
            tag = ACTION_TAGS.get(type(action), "action")
            made = button(action_label(self.game, action, self.lang), "ca-action", str(action))
            made.add_class(f"ca-action-{tag}")
            made.on_click(lambda _b, a=action: self.push(a))
            buttons.append(made)
        if not legal:
            buttons.append(w.HTML(message_html("info", "No actions: the game is over.")))
        self.action_box.children = tuple(buttons)
        self.attempt_controls.offer(attempts)

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
