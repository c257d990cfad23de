"""The terminal game of ``calladventure play``: human seats answer a prompt, bot seats move by themselves.

:class:`PlaySession` shows, at each decision, the events since the last one, a compact status
line and the numbered legal actions in the player's words, with the exact odds of every attempt
and the cost of Dark runes (000 · Each Turn; 000 · Rune Probability; 000 · Dark Runes). Where a
seat has nothing to play in a timing window it passes by itself, and its forced casts are made
for it (``a`` toggles this). It reads one line at a time and never loses the game: a typo, a
bad file, even an unexpected error is one line, and Ctrl-C offers to save first.
"""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..values._errors import CallAdventureError
from ..values._printable import printable
from ._common import N_
from ._common import console as terminal_console
from ._prompt import make_reader
from ._saves import game_from_file

__all__ = ["PLAY_HELP", "PlaySession", "save_path"]

PLAY_HELP = N_("""At your prompt, type:
  N         the number of a legal action (or the action itself, e.g. "gain Brave"; Tab completes)
  u         undo your last decision (and the bots' moves after it)
  s FILE    save: FILE.json is a save (.json is added), FILE.toml a scenario of this position
  l FILE    load a save (.json) or a scenario (.toml, its steps played)
  o         the exact odds of every attempt open to you now
  t         the whole table, as your seat sees it
  r         reveal every hand and Destiny, or hide them again (teaching)
  a         auto-pass on or off (pass where you have nothing to play, cast forced casts)
  w         wait for your own turn on or off (pass every window of other heroes' actions)
  q         quit (Ctrl-C offers to save first)
""")

_COMMANDS = ("?", "a", "l ", "o", "q", "r", "s ", "t", "u", "w")


def save_path(name: str) -> FsPath:
    """Where ``s NAME`` saves: ``NAME.json`` unless the name ends in ``.json`` or ``.toml``."""
    path = FsPath(name)
    return path if path.suffix.lower() in (".json", ".toml") else path.with_name(path.name + ".json")


class PlaySession:
    """An interactive game: human seats answer a prompt, bot seats move by themselves (000 · Each Turn).

    Bad input prints one line and asks again; the game is never lost by a typo. ``read`` reads a
    line after a prompt (by default prompt_toolkit on a terminal, else ``input``); ``auto_pass``
    lets a human seat pass where it has nothing to play and make its forced casts; ``wait``
    (off by default, ``w``) passes every timing window of another hero's action or attempt for it
    (000 · Hero and Antihero Cards: playing there is allowed, never required).
    """

    def __init__(
        self,
        game: Any,
        kinds: list[str],
        *,
        seed: int = 0,
        console: Console | None = None,
        reveal: bool = False,
        read: Any = None,
        auto_pass: bool = True,
        lang: str = "en",
        wait: bool = False,
        hot_seat: bool = False,
    ) -> None:
        self.game = game
        self.console = console or terminal_console()
        self.reveal = reveal
        self.hot_seat = hot_seat  # a "pass the device" screen between human seats
        self.facing: int | None = None  # the human seat the screen was last shown to
        self.read = read or make_reader(self.completions)
        self.seed = seed
        self.auto_pass = auto_pass
        self.wait = wait
        self.lang = lang
        self._set_kinds(kinds)
        self.seen = len(game.events)

    def _set_kinds(self, kinds: list[str]) -> None:
        """Repeat ``kinds`` over the seats; every seat gets a bot (a human seat's is unused)."""
        from ..play.bots import make_bots

        n = len(self.game.state.players)
        self.kinds = [kinds[i % len(kinds)] for i in range(n)]
        bots = [k if k != "human" else "random" for k in self.kinds]
        self.bots = make_bots(bots, n, self.seed)

    def human(self, seat: int | None) -> bool:
        """Whether ``seat`` is played at the prompt (not by a bot)."""
        return seat is not None and self.kinds[seat] == "human"

    def tr(self, message: str, **fields: Any) -> str:
        """``message`` in the session's language."""
        from ..present import t

        return t(self.lang, message, **fields)

    def say(self, text: str, style: str = "") -> None:
        """Print one line of plain text (no markup) in ``style``."""
        self.console.print(Text(text, style=style))

    def completions(self) -> list[str]:
        """What Tab completes now: the commands and the legal actions' notation (with card names)."""
        game = self.game
        return [*_COMMANDS, *([] if game.over else game.legal_actions.describe())]

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the user quits (or input ends); Ctrl-C offers to save first."""
        cast = ", ".join(f"{self.game.config.name(i)} {self.tr(k)}" for i, k in enumerate(self.kinds))
        self.say(
            self.tr("Call to Adventure: {n} heroes ({cast}). Type ? for help.", n=len(self.kinds), cast=cast),
            "bold",
        )
        shown = -1
        while True:
            try:
                game = self.game
                if not game.over and not self.human(game.to_move):
                    self.bot_move()
                    continue
                if not game.over and (self.auto_pass or self.wait) and self.automatic():
                    continue
                seat = game.to_move
                if self.hot_seat and not game.over and seat != self.facing and not self.pass_device(seat):
                    return
                if shown != len(game.history) or game.over:
                    self.show()
                    shown = len(game.history)
                prompt = (
                    self.tr("game over> ") if game.over else f"{printable(game.config.name(game.to_move))}> "
                )
                line = self.read(prompt)
            except EOFError:
                self.say("\n" + self.tr("bye"))
                return
            except KeyboardInterrupt:
                self.interrupted()
                return
            if not self.handle(line.strip()):
                return

    def interrupted(self) -> None:
        """Ctrl-C: offer to save the game, then quit."""
        self.say(
            "\n"
            + self.tr(
                "Interrupted. Save the game first? Type a file name, or press Enter to quit without saving."
            ),
            "yellow",
        )
        try:
            name = self.read(self.tr("save as> ")).strip()
        except (EOFError, KeyboardInterrupt):
            name = ""
        if name:
            self.handle(f"s {name}")
        self.say(self.tr("bye"))

    def asks(self, game: Any) -> bool:
        """Whether ``game``'s next step is a real decision of a human seat (not one auto-pass takes)."""
        from ..present._terminal import nothing_to_play
        from ..values._actions import CastRunes

        if game.over or not self.human(game.to_move):
            return False
        if self.waits(game):
            return False
        if not self.auto_pass:
            return not game.is_chance
        forced_cast = game.is_chance and game.legal_list() == [CastRunes()]
        return not forced_cast and not game.is_chance and not nothing_to_play(game)

    def waits(self, game: Any) -> bool:
        """With ``wait`` on: whether the human seat to move is in a timing window of another hero's
        action or attempt, which it passes without being asked (000 · Hero and Antihero Cards)."""
        from ..values._state import Window

        state = game.state
        top = state.pending[-1] if state.pending else None
        if not self.wait or game.over or not self.human(game.to_move) or not isinstance(top, Window):
            return False
        att = state.attempt
        return att is None or att.seat != game.to_move

    def automatic(self) -> bool:
        """With auto-pass on: pass where the seat has nothing to play, make its forced cast; True if it did."""
        from ..present._action_words import card_name
        from ..values._actions import CastRunes, Pass

        game = self.game
        name = game.config.name(game.to_move)
        if self.waits(game):
            self.say(self.tr("{who} passes (waiting for their own turn)", who=name), "dim")
            game.push(Pass())
        elif not self.auto_pass:
            return False
        elif game.is_chance and game.legal_list() == [CastRunes()]:
            att = game.state.attempt
            what = card_name(game, att.card) if att is not None and att.card in game.ctx.db else ""
            at = " (" + what + ")" if what else ""
            self.say(self.tr("{who} casts the runes{at}", who=name, at=at), "dim")
            game.push(CastRunes())
        elif not self.asks(game) and not game.is_chance:
            self.say(
                self.tr("{who} passes: nothing to play in this window (a: ask me anyway)", who=name), "dim"
            )
            game.push(Pass())
        else:
            return False
        self.flush_events()
        return True

    def pass_device(self, seat: int | None) -> bool:
        """Hot seat: clear the screen and wait for the next human seat (False when input ends)."""
        assert seat is not None
        if sum(1 for k in self.kinds if k == "human") > 1:
            self.console.clear()
            self.say(
                self.tr("Pass the device to {who}, then press Enter.", who=self.game.config.name(seat)),
                "bold",
            )
            try:
                self.read("")
            except (EOFError, KeyboardInterrupt):
                self.say("\n" + self.tr("bye"))
                return False
        self.facing = seat
        self.seen = len(self.game.events)  # the log so far was read by the seat before
        return True

    def picture(self) -> Any:
        """The whole table as the seat to move sees it (its view), or everything with ``reveal``."""
        from ..present import game_rich

        game = self.game
        if self.reveal or game.over or game.to_move is None:
            return game_rich(game, reveal=self.reveal)
        return game_rich(game.view(game.to_move))

    def bot_move(self) -> None:
        """The bot of the seat to move plays one action (the cast, when the runes are due)."""
        from ..present import action_words, declared_odds, percent
        from ..values._actions import AttemptChallenge, CastRunes, Keep

        game = self.game
        seat = game.to_move
        assert seat is not None
        action = CastRunes() if game.is_chance else self.bots[seat].choose(game)
        odds = ""
        if isinstance(action, AttemptChallenge):
            p = declared_odds(game, action).probability
            chance = percent(p, self.lang, 1)
            odds = " " + self.tr("({p} to succeed)", p=chance)
        if not isinstance(
            action, CastRunes | Keep
        ):  # a kept Destiny is secret: its event says only "a Destiny"
            words = action_words(game, action, lang=self.lang)
            self.say(f"{game.config.name(seat)} ({self.tr(self.kinds[seat])}): {words}{odds}", "cyan")
        game.push(action)
        self.flush_events()

    def flush_events(self) -> None:
        """Print the events logged since the last call, each with its rule."""
        from ..present import event_line

        events = self.game.events
        labels = [self.game.config.name(i) for i in range(len(self.game.state.players))]
        for e in events[self.seen :]:
            self.console.print(event_line(e, labels, lang=self.lang))
        self.seen = len(events)

    # ------------------------------------------------------------------ showing

    def show(self) -> None:
        """Show the decision: new events, the status line, what the game waits for, the numbered choices."""
        from ..present import choices, scores_rich, status_lines, tableau_rich, waiting_for
        from ..present._i18n import label_text
        from ..present._terminal import ally_slots_line

        game = self.game
        self.flush_events()
        if game.over:
            self.console.print(scores_rich(game.score(), lang=self.lang))
            self.say(self.tr("The game is over: u undo, s FILE save, l FILE load, q quit."), "bold")
            return
        for i, line in enumerate(status_lines(game, self.kinds, self.lang)):
            self.say(line, "bold" if i == 0 else "dim")
        if self.reveal:
            for other in range(len(game.state.players)):
                self.console.print(tableau_rich(game, other, reveal=True))
        slots = ally_slots_line(game, self.lang)
        if slots:
            self.say(slots)
        self.say(self.tr("Waiting for {what}", what=label_text(waiting_for(game), self.lang)), "bold")
        for i, choice in enumerate(choices(game, self.lang), 1):
            self.say(f"{i:>3}. {choice.text}" + (f"  {choice.detail}" if choice.detail else ""))

    def odds_table(self) -> None:
        """Print the exact odds of every attempt open now (000 · Rune Probability)."""
        from ..present import action_words, declared_odds, percent
        from ..values._actions import AttemptChallenge

        game = self.game
        table = Table(title=self.tr("Exact odds (000 · Rune Probability)"), title_justify="left")
        for col in ("Attempt", "Runes", "Difficulty", "P(success)"):
            table.add_column(self.tr(col))
        rows = 0
        if game.state.attempt is not None:
            odds = game.odds()
            table.add_row(
                self.tr("the attempt under way"),
                str(odds.runes),
                str(odds.difficulty),
                percent(odds.probability, self.lang, 2),
            )
            rows += 1
        for action in game.legal_actions:
            if isinstance(action, AttemptChallenge):
                odds = declared_odds(game, action)
                words = action_words(game, action, lang=self.lang)
                table.add_row(
                    words, str(odds.runes), str(odds.difficulty), percent(odds.probability, self.lang, 2)
                )
                rows += 1
        if rows:
            self.console.print(table)
        else:
            self.say(self.tr("No attempt is open to you now."))

    # ------------------------------------------------------------------ input

    def error(self, message: str) -> None:
        """Print one red line ``error: …``."""
        self.console.print(Text(self.tr("error: ") + " ".join(message.split()), style="red"))

    def handle(self, line: str) -> bool:
        """Act on one line of input; False to quit. Bad input prints one line and changes nothing."""
        game = self.game
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if line == "":
                self.error(self.tr("type the number of an action, or ? for help"))
            elif word in ("q", "quit", "exit"):
                self.say(self.tr("bye"))
                return False
            elif word in ("?", "h", "help"):
                self.console.print(Text(self.tr(PLAY_HELP)))
            elif word == "u":
                self.undo()
            elif word == "s":
                self.save(rest.strip())
            elif word == "l":
                self.load(rest.strip())
            elif word == "o":
                self.odds_table()
            elif word == "t":
                self.console.print(self.picture())
            elif word == "r":
                self.reveal = not self.reveal
                self.say(
                    self.tr("every hand and Destiny shown (teaching view)")
                    if self.reveal
                    else self.tr("secrets hidden again")
                )
            elif word == "a":
                self.auto_pass = not self.auto_pass
                self.say(
                    self.tr("auto-pass is on") if self.auto_pass else self.tr("auto-pass is off"), "yellow"
                )
            elif word == "w":
                self.wait = not self.wait
                self.say(
                    self.tr("waiting for your own turn is on") if self.wait else self.tr("waiting is off"),
                    "yellow",
                )
            elif game.over:
                self.error(self.tr("the game is over: u undo, s FILE save, l FILE load, q quit"))
            elif line.isascii() and line.isdigit():  # "²".isdigit() is True: only ASCII digits are numbers
                self.choose(int(line))
            else:
                game.push(game.parse(line))
        except (CallAdventureError, OSError) as exc:
            self.error(self.refusal(exc))
        except Exception as exc:  # never lose the game: report, keep playing
            self.error(
                self.tr(
                    "unexpected {kind}: {text} (the game is kept; please report this)",
                    kind=type(exc).__name__,
                    text=str(exc),
                )
            )
        return True

    def refusal(self, exc: CallAdventureError | OSError) -> str:
        """What the player is told of a refused line, in the session's language (a file: its name and why)."""
        from ..present._i18n import error_text

        if isinstance(exc, OSError):
            return f"{exc.filename or ''}: {exc.strerror or exc}"
        return error_text(exc, self.lang)

    def choose(self, n: int) -> None:
        """Play the ``n``-th action listed (1-based)."""
        legal = self.game.legal_actions
        if not 1 <= n <= len(legal):
            self.error(self.tr("there is no action {n}: choose 1 to {last}", n=n, last=len(legal)))
        else:
            self.game.push(legal[n - 1])

    def undo(self) -> None:
        """Take back the last human decision and everything after it (000 · Each Turn)."""
        from ..present import undo_words

        game = self.game
        history = game.history
        for i in range(len(history) - 1, -1, -1):
            before = game.copy().undo_to(i)
            if self.asks(before):
                words = undo_words(game, history[i], before.state, self.lang)
                later = len(history) - i - 1
                game.undo_to(i)
                self.seen = min(self.seen, len(game.events))
                more = self.tr(" (and {n} later step(s))", n=later) if later else ""
                self.say(self.tr("undone: {what}", what=words) + more, "yellow")
                return
        self.error(self.tr("nothing to undo: no decision of yours yet"))

    def save(self, name: str) -> None:
        """Save the game (``.json``, added when missing) or this position as a scenario (``.toml``)."""
        if not name:
            self.error(self.tr("write s FILE (FILE.json: a save; FILE.toml: a scenario of this position)"))
            return
        if FsPath(name).name in ("", ".", ".."):  # a folder, not a file name: nothing to add .json to
            self.error(self.tr("write s FILE (FILE.json: a save; FILE.toml: a scenario of this position)"))
            return
        path = save_path(name)
        if path.suffix.lower() == ".toml":
            from ..play.scenario import Scenario

            Scenario.from_game(
                self.game, title=f"saved from calladventure play at step {len(self.game.history)}"
            ).save(path)
            self.say(self.tr("saved this position as a scenario: {path}", path=path), "green")
        else:
            self.game.save(path)
            self.say(self.tr("saved the game: {path}", path=path), "green")

    def load(self, name: str) -> None:
        """Load a save or a scenario (its steps played); one that fails to load or run is refused, the game kept."""
        if not name:
            self.error(self.tr("write l FILE (a save .json or a scenario .toml)"))
            return
        game, result = game_from_file(FsPath(name))
        if result is not None and not result.ok:
            self.error(self.tr("the scenario does not run: {why}", why=result.failure))
            return
        self.game = game
        self._set_kinds(self.kinds)
        self.seen = max(0, len(game.events) - 8)
        self.say(self.tr("loaded {name}: {n} actions", name=name, n=len(game.history)), "green")
