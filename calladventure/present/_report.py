"""Balance-study reports as rich tables: win rates with their intervals, scores, length, co-op, comparisons.

The numbers come from :func:`calladventure.play.simulate._summary.summarize` and
:func:`~calladventure.play.simulate._summary.compare`; this module only lays them out. Every rate
is shown with its Wilson interval: the range of true rates the games are consistent with at the
report's confidence (95% unless asked otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..play._stats import Proportion, Spread
from ..play.simulate._summary import Comparison, Rate, Report
from ._i18n import percent

__all__ = ["comparison_rich", "rates_table", "report_rich"]


def _pct(x: float) -> str:
    return percent(x, digits=1)


def _interval(p: Proportion) -> str:
    return f"[{_pct(p.low)}, {_pct(p.high)}]" if p.trials else "-"


def _conf(confidence: float) -> str:
    return f"{confidence * 100:g}%"


def rates_table(title: str, group: str, rates: Sequence[Rate], *, overall: Proportion | None = None) -> Table:
    """A table of win rates: group, games, wins, rate, interval (and an ``all`` row if given)."""
    conf = _conf(rates[0].rate.confidence if rates else overall.confidence if overall else 0.95)
    table = Table(title=title, title_justify="left", title_style="bold")
    table.add_column(group)
    for name in ("Games", "Wins", "Win rate", f"{conf} interval"):
        table.add_column(name, justify="right")
    for r in rates:
        p = r.rate
        table.add_row(
            Text(r.group),
            f"{p.trials:,}",
            f"{p.successes:,}",
            _pct(p.rate) if p.trials else "-",
            _interval(p),
        )
    if overall is not None:
        table.add_section()
        table.add_row(
            Text("every hero", style="dim"),
            f"{overall.trials:,}",
            f"{overall.successes:,}",
            _pct(overall.rate) if overall.trials else "-",
            _interval(overall),
        )
    return table


def _spread_row(label: str, s: Spread) -> list[str]:
    return [
        label,
        f"{s.mean:.2f}",
        f"[{s.low:.2f}, {s.high:.2f}]",
        f"{s.sd:.2f}",
        f"{s.minimum:g}",
        f"{s.q1:g}",
        f"{s.median:g}",
        f"{s.q3:g}",
        f"{s.maximum:g}",
    ]


def _spread_table(title: str, first: str, rows: Sequence[tuple[str, Spread]]) -> Table:
    conf = _conf(rows[0][1].confidence) if rows else "95%"
    # Nine columns fit 80 characters with one space between cells (shared padding), none cut:
    # the measures and numbers stay whole, the interval wraps after its comma.
    table = Table(title=title, title_justify="left", title_style="bold", collapse_padding=True)
    table.add_column(first, no_wrap=True)
    table.add_column("Mean", justify="right", no_wrap=True)
    table.add_column(f"{conf} interval", justify="right", min_width=8)
    for name in ("SD", "Min", "Q1", "Median", "Q3", "Max"):
        table.add_column(name, justify="right", no_wrap=True)
    for label, s in rows:
        table.add_row(*_spread_row(label, s))
    return table


def report_rich(report: Report, *, top: int | None = None) -> Group:
    """Every table of a study's report; ``top`` keeps only the first rows of the Character tables."""
    conf = _conf(report.confidence)
    parts: list[RenderableType] = [
        Text(report.title, style="bold"),
        Text(
            f"{report.games:,} games, {report.failed:,} failed. Win rates with {conf} Wilson intervals; "
            "tied heroes share the win (000 · Ending the Game).",
            style="dim",
        ),
        rates_table("Win rate by seat", "Seat", report.by_seat, overall=report.overall),
        rates_table("Win rate by bot", "Bot", report.by_bot),
    ]
    for title, name, rates in (
        ("Win rate by Origin", "Origin", report.by_origin),
        ("Win rate by Motivation", "Motivation", report.by_motivation),
        ("Win rate by Destiny", "Destiny", report.by_destiny),
    ):
        parts.append(rates_table(title, name, rates[:top] if top else rates))
    if report.scores:
        parts.append(_spread_table("Score by category (points per hero)", "Category", report.scores))
    if report.turns is not None:
        lengths = [("turns", report.turns)]
        parts.append(_spread_table("Game length (turns of every hero together)", "Measure", lengths))
    if report.coop:
        parts.append(
            rates_table(
                "Co-op: the heroes win, by Adversary Quest (000 · Winning the Solo or Co-op Game)",
                "Quest",
                report.coop,
            )
        )
    if report.odium_tokens is not None:
        parts.append(
            _spread_table("The Adversary's tokens at the end", "Measure", [("tokens", report.odium_tokens)])
        )
    if report.failures:
        table = Table(
            title=f"Failed games ({len(report.failures)})", title_justify="left", title_style="bold red"
        )
        for name in ("Game", "Seed", "Error"):
            table.add_column(name)
        for f in report.failures[:20]:
            table.add_row(str(f.index), str(f.seed), Text(f.error))  # data, never markup
        if len(report.failures) > 20:
            table.add_row("…", "", f"and {len(report.failures) - 20} more")
        parts.append(table)
    return Group(*parts)


def comparison_rich(comparison: Comparison) -> Group:
    """Two studies side by side: what differs, each measure in both, and the difference's interval."""
    conf = _conf(comparison.confidence)
    parts: list[RenderableType] = [
        Text(f"A: {comparison.a}", style="bold"),
        Text(f"B: {comparison.b}", style="bold"),
    ]
    if comparison.differs:
        said = "; ".join(f"{what}: {a} (A) vs {b} (B)" for what, a, b in comparison.differs)
        parts.append(Text(f"They differ in {said}.", style="" if comparison.one_difference else "yellow"))
        if not comparison.one_difference:
            parts.append(
                Text("More than one setting differs: a difference cannot be put down to one.", style="yellow")
            )
    else:
        parts.append(Text("The two studies have the same settings.", style="yellow"))
    how = (
        "paired: game i of A against game i of B, played from the same seed"
        if comparison.paired
        else "independent samples"
    )
    table = Table(
        title=f"A − B with {conf} intervals, {how} (✓: the interval excludes 0)",
        title_justify="left",
        title_style="bold",
    )
    table.add_column("Measure")
    for name in ("A", "B", "A − B", "Clear"):
        table.add_column(name, justify="right")
    for c in comparison.contrasts:
        table.add_row(Text(c.measure), c.a, c.b, str(c.difference), "✓" if c.difference.clear else "")
    parts.append(table)
    return Group(*parts)
