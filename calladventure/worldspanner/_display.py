"""Rich and HTML views of the Worldspanner values (``003 · Reading the Challenge card``).

The HTML is inline (no scripts, fonts or other network assets). Coloured cells set both their
background and their text colour, and everything else inherits the page's colours, so the
views read the same in light and dark notebook themes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..values._sections import cite
from ._adventure import AdventureResult
from ._deck import DIFFERENCES, FACES, ChallengeCard, ChallengeDeck, ChallengeFace, difference_label
from ._factions import FactionTable
from ._odds import FaceOdds, OddsTable
from ._state import WorldspannerState

# Background and text colour of each face: text contrast ≥ 4.5 on its own background.
_COLOURS: dict[ChallengeFace, tuple[str, str]] = {
    ChallengeFace.AMAZE: ("#1d4ed8", "#ffffff"),
    ChallengeFace.PASS: ("#15803d", "#ffffff"),
    ChallengeFace.SQUEAK: ("#facc15", "#1f2937"),
    ChallengeFace.FAIL: ("#fb923c", "#1f2937"),
    ChallengeFace.FOPP: ("#b91c1c", "#ffffff"),
}
_RICH: dict[ChallengeFace, str] = {
    ChallengeFace.AMAZE: "bold white on blue",
    ChallengeFace.PASS: "bold white on green",
    ChallengeFace.SQUEAK: "bold black on yellow",
    ChallengeFace.FAIL: "bold black on dark_orange",
    ChallengeFace.FOPP: "bold white on red",
}
_SHORT: dict[ChallengeFace, str] = {
    ChallengeFace.AMAZE: "Am",
    ChallengeFace.PASS: "Pa",
    ChallengeFace.SQUEAK: "Sq",
    ChallengeFace.FAIL: "Fa",
    ChallengeFace.FOPP: "Fo",
}

_TABLE = 'style="border-collapse:collapse;margin:0.3em 0;font-size:0.9em"'
_CELL = "border:1px solid rgba(128,128,128,0.5);padding:2px 6px;text-align:center"
_HEAD = f"{_CELL};font-weight:bold"


def _face_cell(face: ChallengeFace, text: str | None = None) -> str:
    bg, fg = _COLOURS[face]
    shown = escape(text if text is not None else _SHORT[face])
    return f'<td style="{_CELL};background:{bg};color:{fg}" title="{face.label}">{shown}</td>'


def _diff_heads() -> str:
    return "".join(
        f'<th style="{_HEAD}">{d:+d}</th>' if d else f'<th style="{_HEAD}">0</th>' for d in DIFFERENCES
    )


def _legend_html() -> str:
    cells = "".join(_face_cell(f, f"{_SHORT[f]} = {f.label}") for f in FACES)
    return f"<table {_TABLE}><tr>{cells}</tr></table>"


def _caption(text: str) -> str:
    return f'<div style="font-weight:bold;margin-top:0.4em">{escape(text)}</div>'


# ----------------------------------------------------------------------------- cards and decks


def card_html(card: ChallengeCard) -> str:
    dome = f" · Dome {', '.join(map(str, card.dome))}" if card.dome else ""
    cells = "".join(_face_cell(f) for f in card.faces)
    return (
        f"<div>{_caption(f'Challenge card {card.id}{dome}')}"
        f"<table {_TABLE}><tr>{_diff_heads()}</tr><tr>{cells}</tr></table></div>"
    )


def card_rich(card: ChallengeCard) -> Table:
    dome = f" · Dome {', '.join(map(str, card.dome))}" if card.dome else ""
    table = Table(title=f"Challenge card {card.id}{dome}", show_lines=False)
    for d in DIFFERENCES:
        table.add_column(f"{d:+d}" if d else "0", justify="center")
    table.add_row(*(Text(_SHORT[f], style=_RICH[f]) for f in card.faces))
    return table


def deck_html(deck: ChallengeDeck) -> str:
    rows = []
    for card, copies in deck.kinds():
        cells = "".join(_face_cell(f) for f in card.faces)
        dome = ", ".join(map(str, card.dome)) if card.dome else ""
        rows.append(
            f'<tr><td style="{_CELL};text-align:left">{escape(card.id)}</td>'
            f'<td style="{_CELL}">×{copies}</td>'
            f'{cells}<td style="{_CELL}">{escape(dome)}</td></tr>'
        )
    head = (
        f'<tr><th style="{_HEAD}">card</th><th style="{_HEAD}">copies</th>{_diff_heads()}'
        f'<th style="{_HEAD}">Dome</th></tr>'
    )
    props = f"{len(deck)} cards; monotone: {'yes' if deck.is_monotone else 'no'}; "
    props += f"symmetric: {'yes' if deck.is_symmetric else 'no'}; source: {deck.source}"
    return (
        f"<div>{_caption(f'Challenge deck {deck.name} ({deck.id})')}<div>{escape(props)}</div>"
        f"<table {_TABLE}>{head}{''.join(rows)}</table>{_legend_html()}</div>"
    )


def deck_rich(deck: ChallengeDeck) -> Table:
    table = Table(title=f"Challenge deck {deck.name}: {len(deck)} cards", caption=f"source: {deck.source}")
    table.add_column("card")
    table.add_column("copies", justify="right")
    for d in DIFFERENCES:
        table.add_column(f"{d:+d}" if d else "0", justify="center")
    for card, copies in deck.kinds():
        table.add_row(card.id, f"×{copies}", *(Text(_SHORT[f], style=_RICH[f]) for f in card.faces))
    return table


# ----------------------------------------------------------------------------- odds


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.0f}" if n else "·"


def odds_html(table: OddsTable) -> str:
    head = "".join(
        f'<th style="{_HEAD}">{d:+d}</th>' if d else f'<th style="{_HEAD}">0</th>' for d in _diffs(table)
    )
    rows = []
    for face in FACES:
        cells = "".join(
            _face_cell(face, f"{row.count(face)}/{row.total}")
            if row.count(face)
            else f'<td style="{_CELL}">·</td>'
            for row in table.rows
        )
        rows.append(f'<tr><th style="{_HEAD};text-align:left">{face.label}</th>{cells}</tr>')
    return (
        f"<div>{_caption(table.title)}"
        f'<table {_TABLE}><tr><th style="{_HEAD}">difference</th>{head}</tr>{"".join(rows)}</table></div>'
    )


def _diffs(table: OddsTable) -> list[int]:
    return [row.difference for row in table.rows]


def odds_rich(table: OddsTable) -> Table:
    out = Table(title=table.title, caption="percent of the cards that could come next")
    out.add_column("face")
    for d in _diffs(table):
        out.add_column(f"{d:+d}" if d else "0", justify="center")
    for face in FACES:
        out.add_row(
            Text(_SHORT[face], style=_RICH[face]),
            *(_pct(row.count(face), row.total) for row in table.rows),
        )
    return out


# ----------------------------------------------------------------------------- factions


def factions_html(table: FactionTable) -> str:
    rows = "".join(
        f'<tr><td style="{_CELL};text-align:left">{escape(f.name)}</td>'
        f'<td style="{_CELL};text-align:left">{escape(f.key)}</td>'
        f'<td style="{_CELL};text-align:left">{escape(", ".join(table[o].name for o in f.opposing))}</td>'
        f'<td style="{_CELL}">{escape(f.source)}</td></tr>'
        for f in table.factions
    )
    head = "".join(
        f'<th style="{_HEAD}">{h}</th>' for h in ("faction", "key (+2 home)", "opposing (−2)", "source")
    )
    return f"<div>{_caption(f'Factions ({table.id})')}<table {_TABLE}><tr>{head}</tr>{rows}</table></div>"


def factions_rich(table: FactionTable) -> Table:
    out = Table(title=f"Factions ({table.id})")
    for h in ("faction", "key (+2 home)", "opposing (−2)", "source"):
        out.add_column(h)
    for f in table.factions:
        out.add_row(f.name, f.key, ", ".join(table[o].name for o in f.opposing), f.source)
    return out


# ----------------------------------------------------------------------------- results and the table


def _result_lines(result: AdventureResult) -> list[str]:
    lines = [f"{result.hero}: {result.plaque.name} on {result.space}"]
    if result.challenge is None:
        lines.append("Paid adventure: no challenge card, no faction modifier.")
    else:
        c = result.challenge
        mods = []
        if result.faction_modifier:
            mods.append(f"faction {result.faction_modifier:+d}")
        if result.boost:
            mods.append(f"Boost +{result.boost}")
        extra = f" ({', '.join(mods)})" if mods else ""
        lines.append(
            f"{result.plaque.rating.capitalize()} {c.hero_rating}{extra} vs {c.opposing_rating}: "
            f"{difference_label(c.difference)}; card {c.card.id!r}"
        )
    if result.gained_boost:
        lines.append("Gains a Boost.")
    if result.capture.value != "none":
        lines.append(f"Capture: {result.capture.value}.")
    lines.append(f"Hero {result.fate.value}.")
    return lines


def result_html(result: AdventureResult) -> str:
    face = result.face
    badge = _face_cell(face, face.label) if face is not None else f'<td style="{_CELL}">Paid</td>'
    body = "".join(f"<div>{escape(line)}</div>" for line in _result_lines(result))
    return f"<div><table {_TABLE}><tr>{badge}</tr></table>{body}</div>"


def result_rich(result: AdventureResult) -> Group:
    face = result.face
    badge = Text(f" {face.label} ", style=_RICH[face]) if face is not None else Text(" Paid ", style="bold")
    return Group(badge, *(Text(line) for line in _result_lines(result)))


def _hero_rows(state: WorldspannerState) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for h in state.heroes:
        ratings = ", ".join(f"{k.capitalize()} {v}" for k, v in h.ratings)
        rows.append(
            (
                h.label,
                h.team.label,
                state.factions[h.home].name,
                ratings,
                state.space(h.space).label if h.space else "—",
                h.status.value,
                "Boost" if h.boosted else "",
            )
        )
    return rows


_HERO_HEAD = ("hero", "team", "home", "ratings", "on", "status", "boost")
_SPACE_HEAD = ("space", "key", "plaque", "marker")
_DECK_HEAD = ("team", "draw pile", "discard pile", "reshuffles", "deck")


def _space_rows(state: WorldspannerState) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = []
    for s in state.spaces:
        key = state.factions[s.key].key if s.key else ""
        if s.plaque is None:
            plaque = ""
        elif s.plaque.kind.value == "paid":
            plaque = f"{s.plaque.name} (paid: {s.plaque.cost or 'money or cards'})"
        else:
            plaque = f"{s.plaque.name} ({s.plaque.rating.capitalize()} vs {s.plaque.opposing})"
        rows.append((s.label, key, plaque, s.marker.label if s.marker else ""))
    return rows


def _deck_rows(state: WorldspannerState) -> list[tuple[str, ...]]:
    return [
        (d.team.label, str(len(d.draw)), str(len(d.discard)), str(d.reshuffles), d.deck.id)
        for d in (state.white, state.black)
    ]


def _html_table(head: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    h = "".join(f'<th style="{_HEAD}">{escape(x)}</th>' for x in head)
    body = "".join(
        "<tr>" + "".join(f'<td style="{_CELL};text-align:left">{escape(x)}</td>' for x in row) + "</tr>"
        for row in rows
    )
    return f"<table {_TABLE}><tr>{h}</tr>{body}</table>"


def _title(state: WorldspannerState) -> str:
    return f"Worldspanner table — round {state.round}, {state.active.label} active, {state.step.label} step"


def state_html(state: WorldspannerState, events: int = 8) -> str:
    log = "".join(
        f"<li><span style='opacity:0.75'>[{escape(cite(e.section))}]</span> {escape(e.text)}</li>"
        for e in state.log[-events:]
    )
    return (
        f"<div>{_caption(_title(state))}"
        f"{_html_table(_HERO_HEAD, _hero_rows(state))}"
        f"{_html_table(_SPACE_HEAD, _space_rows(state))}"
        f"{_html_table(_DECK_HEAD, _deck_rows(state))}"
        f"<ul style='margin:0.3em 0;padding-left:1.2em'>{log}</ul></div>"
    )


def _rich_table(title: str, head: tuple[str, ...], rows: list[tuple[str, ...]]) -> Table:
    out = Table(title=title)
    for h in head:
        out.add_column(h)
    for row in rows:
        out.add_row(*row)
    return out


def state_rich(state: WorldspannerState, events: int = 8) -> Group:
    log = [Text(f"[{cite(e.section)}] {e.text}") for e in state.log[-events:]]
    return Group(
        Text(_title(state), style="bold"),
        _rich_table("Heroes", _HERO_HEAD, _hero_rows(state)),
        _rich_table("Spaces", _SPACE_HEAD, _space_rows(state)),
        _rich_table("Challenge decks", _DECK_HEAD, _deck_rows(state)),
        *log,
    )


_DRAW: dict[type, tuple[Any, Any]] = {
    ChallengeCard: (card_rich, card_html),
    ChallengeDeck: (deck_rich, deck_html),
    OddsTable: (odds_rich, odds_html),
    FactionTable: (factions_rich, factions_html),
    AdventureResult: (result_rich, result_html),
    WorldspannerState: (state_rich, state_html),
}


def render(kind: str, value: object) -> Any:
    """The ``kind`` picture ("rich" or "html") of a Worldspanner value, or None for other values."""
    if isinstance(value, FaceOdds):
        value = value.as_table()
    pair = _DRAW.get(type(value))
    if pair is None or kind not in ("rich", "html"):
        return None
    return pair[0](value) if kind == "rich" else pair[1](value)


__all__ = [
    "card_html",
    "card_rich",
    "deck_html",
    "deck_rich",
    "factions_html",
    "factions_rich",
    "odds_html",
    "odds_rich",
    "render",
    "result_html",
    "result_rich",
    "state_html",
    "state_rich",
]
