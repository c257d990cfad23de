"""Rich (terminal) pictures of an attempt: the pool, difficulty and bonus, live odds, the cast and verdict.

Also the odds table of any :class:`~calladventure.rules._odds.Odds`, with bars and the success
region highlighted (000 · Rune Probability).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..rules import Odds
from ..values._runes import Cast
from ._odds_model import OddsModel, odds_model, percent
from ._rich_cards import RICH_STYLE, path_text, text
from ._table_model import AttemptModel, CastModel
from ._words import rune_chip


def cast_rich(cast: Cast) -> Text:
    """A rune cast: each rune's face and successes; moon, triangle and diamond marked (000 · Reading the Runes)."""
    out = Text()
    for cr in cast.runes:
        kind, face, marks, _tip = rune_chip(cr)
        style = (
            "bold white on purple4"
            if kind == "dark"
            else "bold cyan"
            if kind in ("ability", "special")
            else "bold"
        )
        out.append(f"[{cr.rune.id}: {face} {cr.face.successes}{(' ' + marks) if marks else ''}]", style=style)
        out.append(" ")
    out.append(f"= {cast.successes} successes", style="bold")
    return out


def attempt_group(attempt: AttemptModel | None, cast: CastModel | None) -> Group | None:
    """The attempt under way and the last cast of the turn, or None when there is neither (000 · Attempt a Challenge)."""
    lines: list[RenderableType] = []
    if attempt is not None:
        a = attempt
        line = Text(f"{a.name} attempts ")
        line.append(a.card.name, style="bold")
        line.append(f", {a.side.value} path ")
        line.append_text(path_text(a.card, a.path, None))
        lines.append(line)
        diff = " + ".join(f"{amt} {what}" for what, amt in a.difficulty_parts)
        lines.append(text(f"Difficulty {a.difficulty} ({diff}) · bonus {a.bonus:+d}"))
        lines.append(text("Rune pool: " + " ".join(r.id for r in a.pool)))
        if a.odds is not None:
            odds = a.odds
            lines.append(
                text(
                    f"Chance to overcome: {percent(odds.p_success, digits=1)} (mean {float(odds.mean):.2f}, range {odds.min}–{odds.max})",
                    "bold",
                )
            )
    if cast is not None:
        head = Text("Cast: " if cast.current else "Last cast this turn: ", style="bold")
        head.append(f"({cast.card.name}) ")
        head.append_text(cast_rich(cast.cast))
        lines.append(head)
        if cast.total is not None:
            ok = cast.overcomes
            verdict = Text(
                f"Total {cast.total} ({cast.cast.successes} successes {cast.bonus:+d} bonus) vs difficulty {cast.difficulty}: "
            )
            verdict.append(" overcomes " if ok else " fails ", style=RICH_STYLE["win" if ok else "lose"])
            verdict.append(" unless a card played now changes it", style="dim")
            lines.append(verdict)
    return Group(*lines) if lines else None


_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(fraction: float, width: int) -> str:
    """A horizontal bar of ``fraction`` × ``width`` cells, in eighths of a cell."""
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    if eighths == 0 and fraction > 0:
        eighths = 1
    full, part = divmod(eighths, 8)
    return "█" * full + (_EIGHTHS[part] if part else "")


def odds_rich(odds: Odds | OddsModel) -> Group:
    """A table of totals with bars, the success region highlighted, and the side effects (000 · Rune Probability)."""
    m = odds if isinstance(odds, OddsModel) else odds_model(odds)
    table = Table(
        title=f"Odds: {m.title}",
        caption=f"P(success) = {percent(m.p_success)} · mean {float(m.mean):.2f}",
    )
    table.add_column("Total", justify="right")
    table.add_column("P(=)", justify="right")
    table.add_column("P(≥)", justify="right")
    table.add_column("", no_wrap=True)
    for row in m.rows:
        table.add_row(
            f"{row.total}{' ✓' if row.win else ''}",
            percent(row.p_equal),
            percent(row.p_at_least),
            Text(bar(row.count / m.peak if m.peak else 0.0, 24), style="green" if row.win else "grey50"),
            style="bold green" if row.win else "",
        )
    effects = Table(title="Side effects", show_edge=False)
    effects.add_column("Effect")
    effects.add_column("Expected", justify="right")
    effects.add_column("P(≥1)", justify="right")
    for e in m.effects:
        effects.add_row(e.label, f"{float(e.expected):.3f}", percent(e.p_some))
    return Group(table, effects)


__all__ = [
    "attempt_group",
    "bar",
    "cast_rich",
    "odds_rich",
]
