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
from ..values.actions import Action, AttemptChallenge, CastRunes
from ..values.events import Event
from ..values.score import Score
from ..values.sections import cite
from .rich_game import score_rich
from .table_model import attempt_model, declared_odds
from .viewmodel import scores_model

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


def _percent(p: float) -> str:
    return f"{p * 100:.0f}%"


def _current_odds(game: Game) -> float | None:
    """P(success) of the attempt under way, with the cards played so far, before its cast."""
    attempt = attempt_model(game)
    return None if attempt is None or attempt.odds is None else attempt.odds.probability


def event_line(event: Event, labels: Sequence[str]) -> Text:
    """One event as a line of the log: who, what, and the rule section it applies (dimmed)."""
    who = f"{labels[event.seat]}: " if event.seat is not None else ""
    line = Text("  ")
    line.append(who, style="bold")
    line.append(event.text)
    line.append(f"  [{event.citation}]", style="dim")
    return line


def score_table(score: Score, label: str | None = None) -> Table:
    """One hero's itemised score as a rich table: each line, its points and its rule section."""
    title = (
        f"{label or score.name}: {score.total} points ({score.triumph} Triumph + {score.tragedy} Tragedy"
        f" + {score.other} other)"
    )
    table = Table(title=title, title_justify="left", show_footer=True)
    table.add_column("Score line", footer="Total")
    table.add_column("Triumph", justify="right", footer=str(score.triumph))
    table.add_column("Tragedy", justify="right", footer=str(score.tragedy))
    table.add_column("Other", justify="right", footer=str(score.other))
    table.add_column("Rule", style="dim", footer=str(score.total))
    for line in score.lines:
        table.add_row(line.label, str(line.triumph), str(line.tragedy), str(line.other), cite(line.section))
    return table


def run_demo(
    seed: int = 7,
    players: int = 3,
    bots: str | Sequence[str] = DEFAULT_BOTS,
    out: Console | None = None,
    *,
    sets: Sequence[str] = ("core",),
    mode: str = "competitive",
    quest: str | None = None,
) -> Game:
    """Play a seeded game between bots and print it as an annotated log; return the finished game."""
    console = out if out is not None else Console()
    game, seats = new_demo_game(seed, players, bots, sets=sets, mode=mode, quest=quest)
    kinds = bot_names(bots, players)
    labels = [game.config.name(i) for i in range(players)]
    cast_label = ", ".join(f"{labels[i]} {kinds[i]}" for i in range(players))
    console.print(
        Text(f"Call to Adventure: demo game, seed {seed}, {players} heroes ({cast_label})", style="bold")
    )
    console.print(Rule("Setup", align="left"))
    for event in game.events:
        console.print(event_line(event, labels))
    declared: float | None = None
    while not game.over:
        seat = game.to_move
        assert seat is not None
        action: Action
        if game.is_chance:
            action = CastRunes()
            now = _current_odds(game)
            if now is not None and declared is not None and abs(now - declared) > 1e-9:
                console.print(
                    Text(f"  with the cards played: now {_percent(now)} to succeed", style="italic")
                )
        else:
            action = seats[seat].choose(game)
        if isinstance(action, AttemptChallenge):
            declared = declared_odds(game, action).probability
            card = game.ctx.db[action.card]
            dark = f", {action.dark} Dark rune{'s' if action.dark > 1 else ''}" if action.dark else ""
            console.print(
                Text(
                    f"  {labels[seat]} attempts {card.name} ({action.side.value}{dark}): "
                    f"{_percent(declared)} to succeed",
                    style="cyan",
                )
            )
        game.push(action)
        for event in game.last_events:
            if event.section == _TURN_SECTION and event.seat is not None:
                who = event.seat
                title = f"Turn {game.state.turn.number} · {labels[who]} ({kinds[who]})  [{event.citation}]"
                console.print(Rule(title, align="left"))
                continue
            console.print(event_line(event, labels))
    console.print(Rule("Final scores", align="left"))
    final = game.score()
    won = scores_model(final).winners
    for score in final:
        console.print(score_rich(score, win=score.seat in won))
    outcome = game.outcome()
    coop = outcome.coop if outcome is not None else None
    if coop is not None:  # 000 · Winning the Solo or Co-op Game: the team against the Adversary first
        verdict = "The heroes win" if coop.heroes_win else "The Adversary wins"
        console.print(
            Text(f"{verdict}: {coop.reason}  [{cite('000/winning-the-solo-or-co-op-game')}]", style="bold")
        )
        won = tuple(outcome.winners) if outcome is not None else won
        if not won:
            return game
    names = ", ".join(f"{labels[w]} ({kinds[w]})" for w in won)
    best = final[won[0]].total
    if coop is not None:
        label = "Highest Destiny" if len(won) == 1 else "Highest Destiny (shared)"
        console.print(
            Text(f"{label}: {names} with {best} points  [{cite('000/winning-the-solo-or-co-op-game')}]")
        )
    elif len(won) == 1:
        console.print(
            Text(f"Winner: {names} with {best} points  [{cite('000/ending-the-game')}]", style="bold")
        )
    else:
        console.print(
            Text(
                f"Winners (a shared win): {names} with {best} points  [{cite('000/ending-the-game')}]",
                style="bold",
            )
        )
    return game


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
