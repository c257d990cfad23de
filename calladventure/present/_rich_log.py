"""Rich (terminal) pictures of logs: the event log with rule citations, and a scenario's steps and checks.

Every event cites the rule section it applies; a scenario result shows each step's events
and the checks of what the rules answered (docs/scenarios.md).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from ..play.scenario import ScenarioResult
from ..values._events import Event, Events
from ..values._sections import cite
from ..values._state import Config
from ._viewmodel import EventRow, event_rows


class LogLine:
    """One line of a log, ``text  [citation]``, whose citation is never broken across lines.

    When the line does not fit, the text wraps and the citation goes at the end of its last line
    if it fits there, else on a line of its own (aligned to the right), always whole.
    """

    def __init__(self, text: Text, citation: str, indent: int = 2) -> None:
        self.text = text
        self.citation = citation
        self.indent = indent

    @property
    def plain(self) -> str:
        """The line as plain text, on one line."""
        return f"{self.text.plain}  [{self.citation}]"

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        cite = Text(f"[{self.citation}]", style="dim")
        whole = self.text.copy()
        whole.append("  ")
        whole.append_text(cite)
        if whole.cell_len <= width:
            yield whole
            return
        lines = self.text.wrap(console, width, overflow="fold")
        last = lines[-1]
        if last.cell_len + 2 + cite.cell_len <= width:
            last.append("  ")
            last.append_text(cite)
        else:
            lines.append(Text(" " * max(self.indent, width - cite.cell_len)) + cite)
        yield from lines


def events_table(rows: Sequence[EventRow]) -> Table:
    """The event log as a table: step, who, what, rule."""
    table = Table(show_header=True, box=None, padding=(0, 1))
    table.add_column("#", justify="right", style="dim")
    table.add_column("who", style="bold")
    table.add_column("what")
    table.add_column("rule", style="dim")
    for ev in rows:
        table.add_row(Text(str(ev.step)), Text(ev.who), Text(ev.text), Text(ev.citation))
    return table


def events_rich(events: Sequence[Event], config: Config | None = None) -> Table:
    """The event log with each event's rule citation."""
    return events_table(event_rows(events, config))


def events_text(events: Events, width: int = 100) -> str:
    """The event log as plain text, one line per event with its rule (what ``print(game.events)`` shows)."""
    labels = (
        [events.config.name(i) for i in range(events.config.players)] if events.config is not None else []
    )
    out = Console(width=width, color_system=None, force_terminal=False, record=True, file=io.StringIO())
    for ev in events:
        who = (
            f"{labels[ev.seat]}: "
            if ev.seat is not None and ev.seat < len(labels)
            else ("" if ev.seat is None else f"P{ev.seat + 1}: ")
        )
        out.print(LogLine(Text(f"step {ev.step} · {who}{ev.text}"), cite(ev.section), indent=4))
    return out.export_text()


def scenario_rich(result: ScenarioResult) -> Group:
    """A scenario's question and answer, each step's events (with rules) and checks, and the verdict."""
    sc = result.scenario
    head = Text(sc.title or sc.file, style="bold")
    if sc.question:
        head.append(f"\nQ: {sc.question}")
    if sc.answer:
        head.append(f"\nA: {sc.answer}", style="italic")
    table = Table(show_header=True, box=None, padding=(0, 1))
    for col in ("#", "step", "events (rule)", "checks"):
        table.add_column(col, overflow="fold")  # a long id in a check is folded, never cut
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


__all__ = [
    "LogLine",
    "events_rich",
    "events_table",
    "events_text",
    "scenario_rich",
]
