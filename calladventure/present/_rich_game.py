"""Rich (terminal) pictures of a whole game, and of its scores, event log, boxes' panels and legend.

:func:`game_group` lays out one :class:`~.viewmodel.GameModel` (000 · Each Turn; 000 · Ending the Game).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..rules import Picture
from ..values._score import Score
from ..values._sections import cite
from ._i18n import label_text, t
from ._rich_attempt import attempt_group
from ._rich_log import events_table
from ._rich_table import rows_group, tableau_panel
from ._viewmodel import (
    GameModel,
    HeaderModel,
    ScoresModel,
    Shown,
    game_model,
    scores_model,
    seen_state,
    table_pictures,
    viewer_of,
)
from ._words import glyph, legend_icons, line_value

# ---------------------------------------------------------------------------- scores


def score_rich(score: Score, *, win: bool = False, lang: str = "en") -> Table:
    """An itemised score as a rich table, each line citing its rule (000 · Ending the Game), in ``lang``."""
    title = Text(t(lang, "{who}: {n} points", who=score.name, n=score.total))
    if win:
        title.append("  " + t(lang, "winner"), style="bold green")
    table = Table(title=title, show_footer=True, title_justify="left")
    table.add_column(t(lang, "line"), footer=Text(t(lang, "Total {n}", n=score.total), style="bold"))
    table.add_column(t(lang, "Triumph"), justify="right", footer=Text(str(score.triumph), style="bold"))
    table.add_column(t(lang, "Tragedy"), justify="right", footer=Text(str(score.tragedy), style="bold"))
    # Destiny points that are neither Triumph nor Tragedy: Experience, icon sets (000 · Rules Overview)
    table.add_column(t(lang, "Other"), justify="right", footer=Text(str(score.other), style="bold"))
    table.add_column(t(lang, "rule"), style="dim", overflow="fold")  # wraps at 80 columns, never cut
    for line in score.lines:
        table.add_row(
            Text(label_text(line.label, lang)),
            Text(str(line.triumph or "")),
            Text(str(line.tragedy or "")),
            Text(str(line.other or "")),
            Text(cite(line.section)),
        )
    return table


def scores_group(model: ScoresModel, *, lang: str = "en") -> Group:
    """Every hero's score table under the winners' names."""
    scores = model.scores
    best = set(model.winners)
    names = t(lang, " and ").join(scores[w].name for w in sorted(best))
    head = Text(
        t(lang, "Winner: {who} with {n} points", who=names, n=scores[min(best)].total), style="bold green"
    )
    tables = [score_rich(s, win=s.seat in best, lang=lang) for s in scores]
    return Group(head, Columns(tables))


def scores_rich(scores: Sequence[Score], *, lang: str = "en") -> Group:
    """Every hero's score, the winners named (000 · Ending the Game)."""
    return scores_group(scores_model(scores), lang=lang)


# ---------------------------------------------------------------------------- legend, header, boxes' panels


def legend_rich() -> Text:
    """What every glyph and mark means."""
    out = Text("Legend: ", style="dim")
    out.append("  ".join(f"{glyph(i)} {i.value}" for i in legend_icons()), style="dim")
    out.append(
        "  ·  +1 harder path  ·  H/A/D Hero/Antihero cards, Dark runes allowed  ·  ☾ moon △▽▲ draw ◆ XP",
        style="dim",
    )
    return out


def head_text(h: HeaderModel) -> Text:
    """The game's header: seed, turn, phase, whose move, step and what the game waits for."""
    head = Text("Call to Adventure", style="bold")
    head.append(
        f"  seed {h.seed} · turn {h.turn} · phase {h.phase} · active {h.active}"
        f" · to move {h.to_move} · step {h.step}"
    )
    if h.final_turns is not None:
        head.append(f" · final turns: {h.final_turns}")
    head.append("\n" + h.seen_as, style="dim")
    head.append("\nWaiting for: ")
    head.append(h.waiting, style="bold")
    return head


def picture_panel(picture: Picture) -> Panel:
    """A box's panel (the Adversary of a co-op game …): its lines as a two-column table under its title."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for line in picture.lines:
        table.add_row(line.label, line_value(line))
    return Panel(table, title=picture.title, title_align="left")


def pictures_rich(game: Game, *, viewer: int | None = None, reveal: bool = False) -> Group:
    """The panels the boxes in play add to the table, as ``viewer`` (default: the seat to move) sees it."""
    shown = seen_state(game, viewer_of(game, viewer), reveal)
    return Group(*(picture_panel(p) for p in table_pictures(game, shown)))


# ---------------------------------------------------------------------------- the whole game


def game_group(m: GameModel) -> Group:
    """The whole game: header, scores, attempt, legal actions, boxes' panels, table, Stories, log, legend."""
    parts: list[RenderableType] = [Panel(head_text(m.header))]
    if m.scores is not None:
        parts.append(scores_group(m.scores))
    attempt = attempt_group(m.attempt, m.cast)
    if attempt is not None:
        parts.append(Panel(attempt, title="Attempt", title_align="left"))
    actions = m.actions.lines
    if actions:
        shown = [*actions[:60], *([f"… and {len(actions) - 60} more"] if len(actions) > 60 else [])]
        parts.append(
            Panel(
                Columns([Text(a) for a in shown], column_first=True),
                title=Text(f"Legal actions for {m.actions.who} ({m.actions.count})"),
                title_align="left",
            )
        )
    parts.extend(picture_panel(p) for p in m.pictures)
    parts.append(Panel(rows_group(m.rows), title="The table", title_align="left"))
    parts.extend(tableau_panel(t) for t in m.tableaux)
    if m.events:
        parts.append(Panel(events_table(m.events), title="Last events", title_align="left"))
    parts.append(legend_rich())
    return Group(*parts)


def game_rich(game: Shown, *, reveal: bool = False, viewer: int | None = None, events: int = 12) -> Group:
    """The whole game as rich renderables, as the seat to move (or ``viewer``) sees it."""
    return game_group(game_model(game, viewer=viewer, reveal=reveal, events=events))


__all__ = [
    "game_group",
    "game_rich",
    "game_text",
    "head_text",
    "legend_rich",
    "picture_panel",
    "pictures_rich",
    "score_rich",
    "scores_group",
    "scores_rich",
]


def game_text(game: Game, width: int = 100) -> str:
    """The table as plain text, what ``print(game)`` shows (as the seat to move sees it)."""
    out = Console(width=width, color_system=None, force_terminal=False, record=True, file=io.StringIO())
    out.print(game_rich(game))
    return out.export_text()
