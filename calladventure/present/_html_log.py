"""The HTML of logs: the event log with rule citations, and a scenario's steps and checks.

Every event cites the rule section it applies; a scenario result shows each step's events
and the checks of what the rules answered (docs/scenarios.md).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..play.scenario import ScenarioResult
from ..values._events import Event
from ..values._state import Config
from ._citations import rule_note
from ._html_cards import esc, root
from ._viewmodel import EventRow, event_rows


def why_frag(section: str, citation: str, lang: str = "en") -> str:
    """A citation that opens, when clicked, a short explanation of its rule and where to read it.

    A ``<details>`` element: no script, so it works in saved notebooks and static pages too.
    """
    if not section:
        return f'<span class="ca-cite">{esc(citation)}</span>'
    note = rule_note(section, lang)
    return (
        f'<details class="ca-why"><summary class="ca-cite" title="why? click for the rule">{esc(citation)}</summary>'
        f'<div class="ca-why-text">{esc(note.text)} <span class="ca-muted">{esc(note.where)}</span></div></details>'
    )


def events_frag(rows: Sequence[EventRow], lang: str = "en") -> str:
    """The event log as a grid: step, who, what, and the rule (click it for why)."""
    cells = [
        f'<div class="ca-muted ca-num">{ev.step}</div><div><b>{esc(ev.who)}</b></div>'
        f"<div>{esc(ev.text)}</div><div>{why_frag(ev.section, ev.citation, lang)}</div>"
        for ev in rows
    ]
    return f'<div class="ca-ev">{"".join(cells)}</div>'


def events_html(events: Sequence[Event], config: Config | None = None, lang: str = "en") -> str:
    """The event log: step, seat, what happened, and the rule section cited (click it for why)."""
    return root(events_frag(event_rows(events, config, lang), lang), "events")


def scenario_html(result: ScenarioResult) -> str:
    """A scenario's question and answer, each step's events (with rules) and checks, and the verdict."""
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


__all__ = [
    "events_frag",
    "events_html",
    "scenario_html",
    "why_frag",
]
