"""Balance-study plots (matplotlib, the ``sim`` extra): win rates with intervals, scores, length.

:func:`report_chart` draws a study's :class:`~calladventure.play.simulate._summary.Report` (and a
:class:`~calladventure.play.simulate._summary.Comparison`, if given) as one figure, wrapped in a
:class:`Chart` that saves to PNG, SVG or PDF and shows itself inline in Jupyter as SVG. No
pyplot and no GUI backend are used, so a chart draws the same on a server, in a test or in a
notebook. Error bars are the Wilson intervals of the report.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..play.simulate._errors import MissingExtraError, SimulationError
from ..play.simulate._summary import Comparison, Rate, Report

__all__ = ["CHART_FORMATS", "Chart", "check_chart_path", "report_chart"]

#: The file formats a chart saves to, by suffix.
CHART_FORMATS: tuple[str, ...] = (".png", ".svg", ".pdf")


def _figure_class() -> Any:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingExtraError("matplotlib", "plots", "sim") from None
    return Figure


def check_chart_path(path: str | Path) -> Path:
    """``path`` if a chart can be saved there (a known suffix, an existing folder), else ``SimulationError``."""
    p = Path(path)
    if p.suffix.lower() not in CHART_FORMATS:
        raise SimulationError(f"{path}: a chart is saved as one of {list(CHART_FORMATS)}, not {p.suffix!r}")
    if not p.parent.exists():
        raise SimulationError(f"{path}: the folder {p.parent} does not exist")
    return p


class Chart:
    """A matplotlib figure that saves by suffix and shows inline in Jupyter (``_repr_svg_``)."""

    def __init__(self, figure: Any):
        self.figure = figure

    def save(self, path: str | Path) -> Path:
        """Write the chart to ``path`` (``.png``, ``.svg`` or ``.pdf``)."""
        p = Path(path)
        if p.suffix.lower() not in CHART_FORMATS:
            raise SimulationError(
                f"{path}: a chart is saved as one of {list(CHART_FORMATS)}, not {p.suffix!r}"
            )
        self.figure.savefig(p, bbox_inches="tight", dpi=120)
        return p

    def svg(self) -> str:
        """The chart as SVG text."""
        out = io.StringIO()
        self.figure.savefig(out, format="svg", bbox_inches="tight")
        return out.getvalue()

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        return f"<Chart: {len(self.figure.axes)} panels>"


def _rates(ax: Any, rates: tuple[Rate, ...], title: str, *, horizontal: bool = False) -> None:
    labels = [r.group for r in rates]
    values = [r.rate.rate * 100 for r in rates]
    below = [(r.rate.rate - r.rate.low) * 100 for r in rates]
    above = [(r.rate.high - r.rate.rate) * 100 for r in rates]
    positions = list(range(len(rates)))
    if horizontal:
        ax.barh(positions, values, xerr=[below, above], color="#6b8fb3", capsize=3)
        ax.set_yticks(positions, labels, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("win rate (%)")
    else:
        ax.bar(positions, values, yerr=[below, above], color="#6b8fb3", capsize=4)
        ax.set_xticks(positions, labels, fontsize=8)
        ax.set_ylabel("win rate (%)")
    ax.set_title(title, fontsize=10, loc="left")


def _scores(ax: Any, report: Report) -> None:
    stats = [
        {
            "label": name,
            "med": s.median,
            "q1": s.q1,
            "q3": s.q3,
            "whislo": max(s.minimum, s.q1 - 1.5 * (s.q3 - s.q1)),  # Tukey's whiskers, within the data
            "whishi": min(s.maximum, s.q3 + 1.5 * (s.q3 - s.q1)),
            "mean": s.mean,
            "fliers": [],
        }
        for name, s in report.scores
    ]
    try:
        ax.bxp(stats, orientation="horizontal", showmeans=True)  # matplotlib >= 3.10
    except TypeError:
        ax.bxp(stats, vert=False, showmeans=True)
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=8)
    ax.set_xlabel("points per hero (box: quartiles; whiskers: 1.5 × the box, within the data; ▲ mean)")
    ax.set_title("Score by category", fontsize=10, loc="left")


def _length(ax: Any, report: Report) -> None:
    turns = [t for t, _ in report.length]
    counts = [n for _, n in report.length]
    ax.bar(turns, counts, width=0.9, color="#9bb38f")
    ax.set_xlabel("turns of every hero together")
    ax.set_ylabel("games")
    ax.set_title("Game length", fontsize=10, loc="left")


def _contrasts(ax: Any, comparison: Comparison, kind: str) -> None:
    items = [c for c in comparison.contrasts if c.difference.kind == kind]
    scale = 100.0 if kind == "proportion" else 1.0
    positions = list(range(len(items)))
    for y, c in zip(positions, items, strict=True):
        d = c.difference
        colour = "#b35c5c" if d.clear else "#6b8fb3"
        ax.errorbar(
            d.estimate * scale,
            y,
            xerr=[[(d.estimate - d.low) * scale], [(d.high - d.estimate) * scale]],
            fmt="o",
            color=colour,
            capsize=3,
        )
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(positions, [c.measure for c in items], fontsize=8)
    ax.invert_yaxis()
    unit = "percentage points" if kind == "proportion" else "points or turns"
    ax.set_xlabel(f"A − B ({unit}); red: the interval excludes 0")
    ax.set_title("Rates: A − B" if kind == "proportion" else "Means: A − B", fontsize=10, loc="left")


def report_chart(report: Report, comparison: Comparison | None = None, *, top: int = 10) -> Chart:
    """One figure of a study: win rate by seat and by Origin (the ``top`` best), the score by
    category, game length, the co-op win rate by Quest (in co-op studies) and, with a
    ``comparison``, each difference with its interval."""
    figure_class = _figure_class()
    panels: list[Any] = [
        lambda ax: _rates(ax, report.by_seat, "Win rate by seat"),
        lambda ax: _rates(ax, report.by_origin[:top], f"Win rate by Origin (top {top})", horizontal=True),
    ]
    if report.scores:
        panels.append(lambda ax: _scores(ax, report))
    if report.length:
        panels.append(lambda ax: _length(ax, report))
    if report.coop:
        panels.append(lambda ax: _rates(ax, report.coop, "Co-op: the heroes win, by Quest", horizontal=True))
    if comparison is not None:
        for kind in ("proportion", "mean"):
            if any(c.difference.kind == kind for c in comparison.contrasts):
                panels.append(lambda ax, kind=kind: _contrasts(ax, comparison, kind))
    rows = (len(panels) + 1) // 2
    figure = figure_class(figsize=(11, 3.4 * rows), layout="constrained")
    figure.suptitle(f"{report.title} ({report.games:,} games)", fontsize=11)
    axes = figure.subplots(rows, 2, squeeze=False)
    for i, draw in enumerate(panels):
        draw(axes[i // 2][i % 2])
    for j in range(len(panels), rows * 2):
        axes[j // 2][j % 2].set_visible(False)
    return Chart(figure)
