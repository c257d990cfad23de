"""A seeded demo game between bots, printed as an annotated log (or recorded as plain data).

Every line of the log is an engine event with the rule section it applies (000 · Rules
Overview); before each attempt the exact odds are shown (000 · Rune Probability), and at the
end each hero's itemised score and the winners (000 · Ending the Game). The same seed gives
the same text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..play.bots import Bot, make_bots
from ..values._actions import Action, AttemptChallenge, CastRunes
from ..values._events import Event
from ..values._score import Score
from ..values._sections import cite
from ._action_words import phrase_text
from ._i18n import event_text, percent, t, tn
from ._rich_game import score_rich
from ._rich_log import LogLine
from ._table_model import attempt_model, declared_odds
from ._viewmodel import scores_model

__all__ = [
    "DEFAULT_BOTS",
    "bot_names",
    "demo_record",
    "event_line",
    "new_demo_game",
    "run_demo",
    "score_table",
]

DEFAULT_BOTS = "greedy,random,greedy"

#: Events that open a turn: the log prints them as a header (000 · Each Turn).
_TURN_SECTION = "000/each-turn"


def bot_names(spec: str | Sequence[str], players: int) -> list[str]:
    """The bot name of each seat, the list repeated to fill the seats (as :func:`make_bots` does)."""
    names = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec) if s.strip()]
    return [names[i % len(names)] for i in range(players)] if names else []


def new_demo_game(
    seed: int,
    players: int,
    bots: str | Sequence[str],
    *,
    sets: Sequence[str] = ("core",),
    mode: str = "competitive",
    quest: str | None = None,
) -> tuple[Game, list[Bot]]:
    """A new seeded game on the bundled cards and its bots (bot ``i`` seeded ``seed * 100 + i``).

    ``mode`` "solo" or "coop" plays against the set's Adversary (000 · Facing Odium: Solo and
    Co-op Play), under ``quest`` if given.
    """
    seats = make_bots(bots, players, seed)
    return Game.new(players=players, seed=seed, sets=tuple(sets), mode=mode, quest=quest), seats


def _current_odds(game: Game) -> float | None:
    """P(success) of the attempt under way, with the cards played so far, before its cast."""
    attempt = attempt_model(game)
    return None if attempt is None or attempt.odds is None else attempt.odds.probability


def event_line(event: Event, labels: Sequence[str], *, lang: str = "en") -> LogLine:
    """One event as a line of the log: who, what, and the rule it applies, never broken across lines.

    The citation is the rule's one citation (:func:`~calladventure.values.cite`); the text is in ``lang``.
    """
    who = f"{labels[event.seat]}: " if event.seat is not None else ""
    line = Text("  ")
    line.append(who, style="bold")
    line.append(event_text(event.text, lang))
    return LogLine(line, cite(event.section))


def score_summary(score: Score, who: str, lang: str = "en") -> str:
    """``who: 46 points (30 Triumph + 7 Tragedy + 9 Other)``: every part, so the parts sum to the total (000 · Rules Overview)."""
    parts = ((score.triumph, "Triumph"), (score.tragedy, "Tragedy"), (score.other, "Other"))
    shown = " + ".join(f"{n} {t(lang, word)}" for n, word in parts)
    return f"{t(lang, '{who}: {n} points', who=who, n=score.total)} ({shown})"


def score_table(score: Score, label: str | None = None) -> Table:
    """One hero's itemised score as a rich table: each line, its points and its rule section."""
    title = score_summary(score, label or score.name)
    table = Table(title=title, title_justify="left", show_footer=True)
    table.add_column("Score line", footer="Total")
    table.add_column("Triumph", justify="right", footer=str(score.triumph))
    table.add_column("Tragedy", justify="right", footer=str(score.tragedy))
    table.add_column("Other", justify="right", footer=str(score.other))
    table.add_column("Rule", style="dim", footer=str(score.total))
    for line in score.lines:
        table.add_row(line.label, str(line.triumph), str(line.tragedy), str(line.other), cite(line.section))
    return table


#: The events a summary keeps: what each turn achieved (000 · Each Turn; 000 · Ending An Act).
_HEADLINES = ("overcomes ", "fails ", "gains ", "completes Act", "learns ", "faces ", "the game ends")


def _attempt_line(game: Game, seat: int, action: AttemptChallenge, lang: str) -> tuple[str, float]:
    declared = declared_odds(game, action).probability
    card = game.ctx.db[action.card]
    side = t(lang, action.side.value)
    dark = (", " + tn(lang, "{n} Dark rune", "{n} Dark runes", action.dark)) if action.dark else ""
    who = game.config.name(seat)
    words = t(
        lang,
        "{who} attempts {card} ({side}{dark}): {p} to succeed",
        who=who,
        card=card.name,
        side=side,
        dark=dark,
        p=percent(declared, lang, 0),
    )
    return "  " + words, declared


def run_demo(
    seed: int = 7,
    players: int = 3,
    bots: str | Sequence[str] = DEFAULT_BOTS,
    out: Console | None = None,
    *,
    sets: Sequence[str] = ("core",),
    mode: str = "competitive",
    quest: str | None = None,
    summary: bool = False,
    lang: str = "en",
) -> Game:
    """Play a seeded game between bots and print it as an annotated log; return the finished game.

    ``summary`` prints only what each turn achieved (attempts and their results, traits gained,
    Acts completed) and the final scores; ``lang`` is the language of the log ("en" or "fr").
    Each rule is cited by its one citation (:func:`~calladventure.values.cite`).
    """
    console = out if out is not None else Console()
    game, seats = new_demo_game(seed, players, bots, sets=sets, mode=mode, quest=quest)
    labels = [game.config.name(i) for i in range(players)]
    log = _DemoLog(console, labels, bot_names(bots, players), lang, summary)
    log.opening(game, seed)
    declared: float | None = None
    while not game.over:
        seat = game.to_move
        assert seat is not None
        action: Action
        if game.is_chance:
            action = CastRunes()
            log.odds_now(game, declared)
        else:
            action = seats[seat].choose(game)
        if isinstance(action, AttemptChallenge):
            line, declared = _attempt_line(game, seat, action, lang)
            log.attempt(line)
        game.push(action)
        log.events(game)
    _final(console, game, log.kinds, labels, lang, summary)
    return game


class _DemoLog:
    """The demo's log as it is printed: the title and setup, the attempts, each step's events under its turn's header.

    A ``summary`` prints only the headline events (attempts and their results, traits gained,
    Acts completed), each with its turn's number.
    """

    def __init__(
        self,
        console: Console,
        labels: Sequence[str],
        kinds: Sequence[str],
        lang: str,
        summary: bool,
    ) -> None:
        self.console, self.labels, self.kinds = console, labels, kinds
        self.lang, self.summary = lang, summary

    def opening(self, game: Game, seed: int) -> None:
        """The title (seed, heroes and their bots), then the setup's events."""
        lang, labels, kinds = self.lang, self.labels, self.kinds
        cast_label = ", ".join(f"{labels[i]} {t(lang, kinds[i])}" for i in range(len(labels)))
        title = t(
            lang,
            "Call to Adventure: demo game, seed {seed}, {n} heroes ({cast})",
            seed=seed,
            n=len(labels),
            cast=cast_label,
        )
        self.console.print(Text(title, style="bold"))
        if not self.summary:
            self.console.print(Rule(t(lang, "Setup"), align="left"))
            for event in game.events:
                self.console.print(event_line(event, labels, lang=lang))

    def odds_now(self, game: Game, declared: float | None) -> None:
        """Before a cast: the odds again, when the cards played since the attempt was declared changed them."""
        now = _current_odds(game)
        if not self.summary and now is not None and declared is not None and abs(now - declared) > 1e-9:
            words = t(self.lang, "with the cards played: now {p} to succeed", p=percent(now, self.lang, 0))
            self.console.print(Text("  " + words, style="italic"))

    def attempt(self, line: str) -> None:
        if not self.summary:
            self.console.print(Text(line, style="cyan"))

    def events(self, game: Game) -> None:
        """The last step's events: a turn's opening as a header (000 · Each Turn), the others as log lines."""
        lang, labels = self.lang, self.labels
        for event in game.last_events:
            if event.section == _TURN_SECTION and event.seat is not None:
                if not self.summary:
                    who = event.seat
                    head = t(
                        lang,
                        "Turn {n} · {who} ({kind})",
                        n=game.state.turn.number,
                        who=labels[who],
                        kind=t(lang, self.kinds[who]),
                    )
                    self.console.print(Rule(f"{head}  [{cite(event.section)}]", align="left"))
                continue
            if self.summary and event.text.startswith(_HEADLINES):
                self.console.print(_summary_line(game, event, labels, lang))
            elif not self.summary:
                self.console.print(event_line(event, labels, lang=lang))


def _summary_line(game: Game, event: Event, labels: Sequence[str], lang: str) -> LogLine:
    line = event_line(event, labels, lang=lang)
    line.text = Text(t(lang, "turn {n} ", n=game.state.turn.number), style="dim") + line.text
    return line


def _final(
    console: Console,
    game: Game,
    kinds: Sequence[str],
    labels: Sequence[str],
    lang: str,
    summary: bool,
) -> None:
    """The final scores (itemised, or one line each in a summary), then the winners (000 · Ending the Game)."""
    console.print(Rule(t(lang, "Final scores"), align="left"))
    final = game.score()
    won = scores_model(final).winners
    for score in final:
        if summary:
            console.print(Text("  " + score_summary(score, labels[score.seat], lang)))
        else:
            console.print(score_rich(score, win=score.seat in won, lang=lang))
    outcome = game.outcome()
    box = outcome.box if outcome is not None else None
    if box is not None:  # 000 · Winning the Solo or Co-op Game: the box's verdict (the team's) first
        verdict = phrase_text(game, box.verdict, lang=lang)
        team = cite(box.section)
        reason = t(lang, "{verdict}: {reason}", verdict=verdict, reason=event_text(box.reason, lang))
        console.print(LogLine(Text(reason, style="bold"), team, indent=0))
        won = box.winners
        if not won:
            return
    names = ", ".join(f"{labels[w]} ({t(lang, kinds[w])})" for w in won)
    best = final[won[0]].total
    if box is not None:
        label = t(lang, "Highest Destiny") if len(won) == 1 else t(lang, "Highest Destiny (shared)")
        line = Text(t(lang, "{label}: {who} with {n} points", label=label, who=names, n=best))
        console.print(LogLine(line, team, indent=0))
        return
    if len(won) == 1:
        words = t(lang, "Winner: {who} with {n} points", who=names, n=best)
    else:
        words = t(lang, "Winners (a shared win): {who} with {n} points", who=names, n=best)
    line = Text(words, style="bold")
    console.print(LogLine(line, cite("000/ending-the-game"), indent=0))


def demo_record(game: Game, bots: str | Sequence[str], seed: int) -> dict[str, Any]:
    """A finished demo game as plain data: seed, bots, actions in notation, events, scores, winners."""
    players = len(game.state.players)
    kinds = bot_names(bots, players)
    final = game.score()
    return {
        "seed": seed,
        "players": players,
        "bots": kinds,
        "actions": [str(a) for a in game.history],
        "events": [
            {"step": e.step, "seat": e.seat, "section": e.section, "citation": e.citation, "text": e.text}
            for e in game.events
        ],
        "scores": [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": kinds[s.seat],
                "total": s.total,
                "triumph": s.triumph,
                "tragedy": s.tragedy,
                "other": s.other,
                "lines": [
                    {
                        "label": line.label,
                        "triumph": line.triumph,
                        "tragedy": line.tragedy,
                        "other": line.other,
                        "section": line.section,
                    }
                    for line in s.lines
                ],
            }
            for s in final
        ],
        "winners": list(scores_model(final).winners),
    }
