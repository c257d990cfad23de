"""The terminal game of ``calladventure play``: human seats answer a prompt, bot seats move by themselves.

:class:`PlaySession` shows the table and the numbered legal actions with their exact odds, reads
one line at a time and never loses the game to a typo (000 · Each Turn; 000 · Rune Probability).
"""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from .saves import game_from_file

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["PLAY_HELP", "PlaySession"]

PLAY_HELP = """\b
At your prompt, type:
  N         the number of a legal action (or the action itself, e.g. "gain Brave")
  u         undo your last decision (and the bots' moves after it)
  s FILE    save: FILE.json is a save, FILE.toml a scenario of this position
  l FILE    load a save (.json) or a scenario (.toml, its steps played)
  o         the exact odds of every attempt open to you now
  t         the whole table again
  q         quit
"""


class PlaySession:
    """An interactive game: human seats answer a prompt, bot seats move by themselves (000 · Each Turn).

    Each human decision shows the table, the hero's tableau, the events since the last one and the
    numbered legal actions, with the exact odds of every attempt (000 · Rune Probability).
    Bad input prints one line and asks again; the game is never lost by a typo.
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
    ) -> None:
        from rich.console import Console

        self.game = game
        self.console = console or Console(highlight=False)
        self.reveal = reveal
        self.read = read or input
        self.seed = seed
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

    def say(self, text: str, style: str = "") -> None:
        """Print one line of plain text (no markup) in ``style``."""
        from rich.text import Text

        self.console.print(Text(text, style=style))

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the user quits (or input ends)."""
        self.say(
            f"Call to Adventure: {len(self.kinds)} heroes ("
            + ", ".join(f"{self.game.config.name(i)} {k}" for i, k in enumerate(self.kinds))
            + "). Type ? for help.",
            "bold",
        )
        shown = -1
        while True:
            game = self.game
            seat = game.to_move
            if not game.over and not self.human(seat):
                self.bot_move()
                continue
            if shown != len(game.history) or game.over:
                self.show()
                shown = len(game.history)
            prompt = "game over> " if game.over else f"{game.config.name(seat)}> "
            try:
                line = self.read(prompt)
            except (EOFError, KeyboardInterrupt):
                self.say("\nbye")
                return
            if not self.handle(line.strip()):
                return

    def bot_move(self) -> None:
        """The bot of the seat to move plays one action (the cast, when the runes are due)."""
        from ..values.actions import AttemptChallenge, CastRunes

        game = self.game
        seat = game.to_move
        assert seat is not None
        action = CastRunes() if game.is_chance else self.bots[seat].choose(game)
        odds = ""
        if isinstance(action, AttemptChallenge):
            p = game.odds(action.card, action.side.value, action.dark).probability
            odds = f" ({p * 100:.1f}% to succeed)"
        if not isinstance(action, CastRunes):
            self.say(f"{game.config.name(seat)} ({self.kinds[seat]}): {game.describe(action)}{odds}", "cyan")
        game.push(action)
        self.flush_events()

    def flush_events(self) -> None:
        """Print the events logged since the last call, each with its rule."""
        from ..present.demo import event_line

        events = self.game.events
        labels = [self.game.config.name(i) for i in range(len(self.game.state.players))]
        for e in events[self.seen :]:
            self.console.print(event_line(e, labels))
        self.seen = len(events)

    # ------------------------------------------------------------------ showing

    def show(self) -> None:
        """Show the position to the human seat to move, then its numbered legal actions."""
        from rich.panel import Panel

        from ..present import rows_rich, scores_rich, tableau_rich, waiting_for
        from ..values.errors import CallAdventureError

        game = self.game
        self.flush_events()
        if game.over:
            self.console.print(scores_rich(game.score()))
            self.say("The game is over: u undo, s FILE save, l FILE load, q quit.", "bold")
            return
        seat = game.to_move
        assert seat is not None
        self.console.print(Panel(rows_rich(game), title="The table", title_align="left"))
        for other in range(len(game.state.players)):
            if other != seat:
                self.say(self.summary(other), "dim")
        self.console.print(tableau_rich(game, seat, reveal=True))
        if self.reveal:
            for other in range(len(game.state.players)):
                if other != seat:
                    self.console.print(tableau_rich(game, other, reveal=True))
        self.say(f"Waiting for {waiting_for(game)}", "bold")
        if game.state.attempt is not None and (game.is_chance or game.state.pending):
            try:
                p = game.odds().probability
                self.say(
                    f"The attempt under way: {p * 100:.2f}% to succeed with what is played so far", "yellow"
                )
            except CallAdventureError:
                pass
        for i, text in enumerate(self.numbered(), 1):
            self.say(f"{i:>3}. {text}")

    def summary(self, seat: int) -> str:
        """One line about another hero: Act, Story cards, Allies, Experience, hand."""
        p = self.game.state.players[seat]
        act = "finished" if p.act > 3 else f"Act {p.act}"
        kind = self.kinds[seat]
        return f"{self.game.config.name(seat)} ({kind}): {act}, {len(p.story_cards())} Story cards, {len(p.allies)} Allies, {p.xp} XP, {len(p.hand)} in hand"

    def numbered(self) -> list[str]:
        """The legal actions in words; every attempt with its exact chance of success."""
        from ..values.actions import AttemptChallenge

        game = self.game
        out = []
        for action in game.legal_actions:
            text = game.describe(action)
            if isinstance(action, AttemptChallenge):
                p = game.odds(action.card, action.side.value, action.dark).probability
                text += f"   ({p * 100:.2f}% to succeed)"
            out.append(text)
        return out

    def odds_table(self) -> None:
        """Print the exact odds of every attempt open now (000 · Rune Probability)."""
        from rich.table import Table

        from ..values.actions import AttemptChallenge

        game = self.game
        table = Table(title="Exact odds (000 · Rune Probability)", title_justify="left")
        for col in ("Attempt", "Runes", "Difficulty", "P(success)"):
            table.add_column(col)
        rows = 0
        if game.state.attempt is not None:
            odds = game.odds()
            table.add_row("the attempt under way", str(odds.runes), "", f"{odds.probability * 100:.2f}%")
            rows += 1
        for action in game.legal_actions:
            if isinstance(action, AttemptChallenge):
                odds = game.odds(action.card, action.side.value, action.dark)
                card = game.ctx.db[action.card]
                table.add_row(
                    game.describe(action),
                    str(odds.runes),
                    str(card.difficulty),
                    f"{odds.probability * 100:.2f}%",
                )
                rows += 1
        if rows:
            self.console.print(table)
        else:
            self.say("No attempt is open to you now.")

    # ------------------------------------------------------------------ input

    def error(self, message: str) -> None:
        """Print one red line ``error: …``."""
        from rich.text import Text

        self.console.print(Text("error: " + " ".join(message.split()), style="red"))

    def handle(self, line: str) -> bool:
        """Act on one line of input; False to quit. Bad input prints one line and changes nothing."""
        from rich.text import Text

        from ..values.errors import CallAdventureError

        game = self.game
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if line == "":
                self.error("type the number of an action, or ? for help")
            elif word in ("q", "quit", "exit"):
                self.say("bye")
                return False
            elif word in ("?", "h", "help"):
                self.console.print(Text(PLAY_HELP.replace("\b\n", "")))
            elif word == "u":
                self.undo()
            elif word == "s":
                self.save(rest.strip())
            elif word == "l":
                self.load(rest.strip())
            elif word == "o":
                self.odds_table()
            elif word == "t":
                from ..present import game_rich

                self.console.print(game_rich(game, reveal=self.reveal))
            elif game.over:
                self.error("the game is over: u undo, s FILE save, l FILE load, q quit")
            elif line.isdigit():
                legal = game.legal_actions
                n = int(line)
                if not 1 <= n <= len(legal):
                    self.error(f"there is no action {n}: choose 1 to {len(legal)}")
                else:
                    game.push(legal[n - 1])
            else:
                game.push(game.parse(line))
        except CallAdventureError as exc:
            self.error(str(exc))
        except OSError as exc:
            self.error(f"{exc.filename or ''}: {exc.strerror or exc}")
        return True

    def undo(self) -> None:
        """Take back the last human decision and everything after it (000 · Each Turn)."""
        from ..rules import is_chance, to_move

        game = self.game
        history = game.history
        for i in range(len(history) - 1, -1, -1):
            before = game.state_at(i)
            if self.human(to_move(before)) and not is_chance(before):
                taken = [game.describe(a) for a in history[i:]]
                game.undo_to(i)
                self.seen = min(self.seen, len(game.events))
                self.say(f"undone: {'; '.join(taken)}", "yellow")
                return
        self.error("nothing to undo: no decision of yours yet")

    def save(self, name: str) -> None:
        """Save the game (``.json``) or this position as a scenario (``.toml``)."""
        if not name:
            self.error("write s FILE (FILE.json: a save; FILE.toml: a scenario of this position)")
            return
        path = FsPath(name)
        if path.suffix.lower() == ".toml":
            from ..play.scenario import Scenario

            Scenario.from_game(
                self.game, title=f"saved from calladventure play at step {len(self.game.history)}"
            ).save(path)
            self.say(f"saved this position as a scenario: {path}", "green")
        else:
            self.game.save(path)
            self.say(f"saved the game: {path}", "green")

    def load(self, name: str) -> None:
        """Load a save or a scenario (its steps played); one that fails to run is refused."""
        if not name:
            self.error("write l FILE (a save .json or a scenario .toml)")
            return
        game, result = game_from_file(FsPath(name))
        if result is not None and not result.ok:
            self.error(f"the scenario does not run: {result.failure}")
            return
        self.game = game
        self._set_kinds(self.kinds)
        self.seen = max(0, len(game.events) - 8)
        self.say(f"loaded {name}: {len(game.history)} actions", "green")
