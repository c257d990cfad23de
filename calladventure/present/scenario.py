"""The pictures of a played scenario: its question and answer, each step's events and checks, the verdict.

A :class:`~calladventure.play.scenario.ScenarioResult` draws itself through
:mod:`calladventure.values.reprs`; :mod:`.reprs` sends it here. ``calladventure scenario run``
prints :func:`scenario_result_rich`; a notebook shows :func:`scenario_result_html`.
"""

from __future__ import annotations

import html

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..play.scenario import ScenarioResult

__all__ = ["scenario_result_html", "scenario_result_rich"]


def scenario_result_rich(result: ScenarioResult) -> Group:
    """The result as a rich group: the title, Q and A, a table of the steps, then PASS or FAIL."""
    sc = result.scenario
    head = Text(sc.title or sc.file, style="bold")
    if sc.question:
        head.append(f"\nQ: {sc.question}")
    if sc.answer:
        head.append(f"\nA: {sc.answer}", style="italic")
    table = Table(show_header=True, box=None, padding=(0, 1))
    for col in ("#", "step", "events (rule)", "checks"):
        table.add_column(col)
    for s in result.steps:
        events = Text("\n".join(f"{e.text} [{e.citation}]" for e in s.events))
        checks = Text(
            "\n".join(("✓ " if c.ok else "✗ ") + str(c) for c in s.checks),
            style="green" if s.ok else "red",
        )
        if s.error is not None:
            checks.append(f"✗ expected {s.error[0]}, got {s.error[1]}", style="red")
        table.add_row(str(s.index), Text(s.action), events, checks)
    verdict = Text(
        "PASS" if result.ok else f"FAIL {result.failure}", style="bold green" if result.ok else "bold red"
    )
    return Group(head, table, verdict)


def scenario_result_html(result: ScenarioResult) -> str:
    """The result as HTML: the title, Q and A, a table of the steps, then PASS or FAIL."""
    sc = result.scenario
    rows = []
    for s in result.steps:
        events = "<br>".join(html.escape(f"{e.text} [{e.citation}]") for e in s.events)
        checks = "<br>".join(("✓ " if c.ok else "✗ ") + html.escape(str(c)) for c in s.checks)
        if s.error is not None:
            checks += html.escape(f"✗ expected {s.error[0]}, got {s.error[1]}")
        rows.append(
            f"<tr><td>{s.index}</td><td>{html.escape(s.action)}</td><td>{events}</td><td>{checks}</td></tr>"
        )
    verdict = "PASS" if result.ok else html.escape(f"FAIL {result.failure}")
    return (
        f"<div><b>{html.escape(sc.title or sc.file)}</b><p>Q: {html.escape(sc.question)}<br>A: {html.escape(sc.answer)}</p>"
        f"<table><tr><th>#</th><th>step</th><th>events (rule)</th><th>checks</th></tr>{''.join(rows)}</table>"
        f"<p><b>{verdict}</b></p></div>"
    )
