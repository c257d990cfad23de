"""SVG pictures that survive: the table, a hero's tableau, a rune cast and an odds chart.

A saved notebook, a docs page or a GitHub preview that strips HTML still shows an SVG image.
Every picture is drawn from the view-model (:mod:`.viewmodel`, :mod:`.heroes`,
:mod:`.table_model`, :mod:`.odds_model`), in ``currentColor`` on a transparent background, its
icons as SVG shapes (:mod:`.svg_icons`): no font is needed for them, only for plain Latin text.
The odds chart has axes and each bar's value (000 · Rune Probability).
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..rules import Odds, Picture, PictureLine
from ..values._cards import Card, Path
from ..values._runes import Cast, Draw
from ._heroes import TableauModel
from ._odds_model import OddsModel, odds_model, percent
from ._svg_icons import icon_svg, mark_svg
from ._table_model import RowModel
from ._viewmodel import GameModel
from ._words import ROMAN

__all__ = ["SVG_NS", "cast_svg", "game_svg", "odds_chart_svg", "standalone", "svg_doc", "tableau_svg"]

_FONT = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif"
_CARD_W, _CARD_H = 180, 96


def _t(
    x: float,
    y: float,
    text: object,
    size: float = 11,
    *,
    weight: str = "normal",
    anchor: str = "start",
    opacity: float = 1,
) -> str:
    fade = f' opacity="{opacity:g}"' if opacity < 1 else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" font-weight="{weight}" text-anchor="{anchor}"'
        f' fill="currentColor"{fade}>{html.escape(str(text))}</text>'
    )


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


#: The SVG namespace, which an SVG *file* (an image of its own) must declare; inline SVG in HTML needs none.
SVG_NS = "http://www.w3.org/2000/svg"


def standalone(svg: str) -> str:
    """An inline SVG picture as an image of its own (``_repr_svg_``, a file): with its namespace."""
    return svg if " xmlns=" in svg.split(">", 1)[0] else svg.replace("<svg ", f'<svg xmlns="{SVG_NS}" ', 1)


def svg_doc(body: Iterable[str], width: float, height: float, label: str) -> str:
    """An SVG picture of ``width`` × ``height`` pixels with an accessible label (inline: see :func:`standalone`)."""
    name = html.escape(label, quote=True)
    return (
        f'<svg width="{width:g}" height="{height:g}" viewBox="0 0 {width:g} {height:g}"'
        f' role="img" aria-label="{name}" style="{_FONT};color:currentColor"><title>{name}</title>{"".join(body)}</svg>'
    )


# ---------------------------------------------------------------------------- odds


def odds_chart_svg(odds: Odds | OddsModel, *, titled: bool = True) -> str:
    """The odds as a bar chart with axes: one bar per total with its chance above it, the totals
    that succeed green, the difficulty marked (000 · Rune Probability). ``titled=False`` leaves
    out the title line (with P(success)), for a picture that states the chance beside it."""
    m = odds if isinstance(odds, OddsModel) else odds_model(odds)
    bar, gap, chart_h, top, left = 26, 6, 130, 48, 44
    width = max(340, left + len(m.rows) * (bar + gap) + 16)
    height = top + chart_h + 40
    peak = max((float(r.p_equal) for r in m.rows), default=1.0) or 1.0
    parts = (
        [_t(left, 16, f"{m.title}: P(success) {percent(m.p_success)}", 12, weight="bold")] if titled else []
    )
    base = top + chart_h
    for frac in (0, 0.5, 1):  # the y axis: the chance of one total, in percent
        y = base - chart_h * frac
        parts.append(
            f'<line x1="{left - 4}" y1="{y:g}" x2="{width - 12}" y2="{y:g}" stroke="currentColor" stroke-opacity=".18"/>'
        )
        parts.append(_t(left - 7, y + 4, percent(peak * frac, digits=0), 10, anchor="end", opacity=0.7))
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{base}" stroke="currentColor" stroke-opacity=".6"/>'
    )
    parts.append(
        f'<line x1="{left}" y1="{base}" x2="{width - 12}" y2="{base}" stroke="currentColor" stroke-opacity=".6"/>'
    )
    for i, row in enumerate(m.rows):
        p = float(row.p_equal)
        h = max(1.0, chart_h * p / peak) if row.count else 0.0
        x = left + gap + i * (bar + gap)
        fill = "#2f9e44" if row.win else "#8c8c8c"
        parts.append(
            f'<rect x="{x}" y="{base - h:g}" width="{bar}" height="{h:g}" fill="{fill}">'
            f"<title>{row.total}: {percent(row.p_equal)} (at least {row.total}: {percent(row.p_at_least)})</title></rect>"
        )
        label = f"{p * 100:.0f}" if p >= 0.1 else f"{p * 100:.1f}"
        parts.append(_t(x + bar / 2, base - h - 4, label, 9, anchor="middle"))
        parts.append(_t(x + bar / 2, base + 14, row.total, 11, anchor="middle"))
    parts.append(
        _t(
            left + (width - left) / 2,
            base + 30,
            "total successes (bars: % chance of each total)",
            10,
            anchor="middle",
            opacity=0.75,
        )
    )
    cut = m.difficulty - m.low
    if 0 <= cut <= len(m.rows):
        cx = left + gap / 2 + cut * (bar + gap)
        parts.append(
            f'<line x1="{cx:g}" y1="{top - 20}" x2="{cx:g}" y2="{base}" stroke="currentColor" stroke-dasharray="4 3"/>'
        )
        parts.append(_t(cx + 3, top - 22, f"{m.difficulty} or more succeeds", 10))
    return svg_doc(parts, width, height, f"{m.title}: P(success) {percent(m.p_success)}")


# ---------------------------------------------------------------------------- casts

_DRAW_MARK = {Draw.HERO: "hero", Draw.ANTIHERO: "antihero", Draw.CHOICE: "choice"}


def cast_svg(cast: Cast) -> str:
    """A rune cast: each rune with the face it landed on, its successes and marks (000 · Reading the Runes)."""
    w, h, gap = 74, 56, 6
    parts = []
    for i, cr in enumerate(cast.runes):
        x = 4 + i * (w + gap)
        dark = cr.rune.kind.value == "dark"
        fill = "#312e81" if dark else "none"
        colour = ' style="color:#fff"' if dark else ""
        parts.append(
            f'<g{colour}><rect x="{x}" y="4" width="{w}" height="{h}" rx="12" fill="{fill}" stroke="currentColor" stroke-opacity=".5"/>'
        )
        parts.append(_t(x + w / 2, 20, _cut(cr.face.name, 12), 10, anchor="middle", opacity=0.85))
        parts.append(_t(x + w / 2, 42, cr.face.successes, 17, weight="bold", anchor="middle"))
        marks = (
            (["moon"] if cr.face.corruption else [])
            + ([_DRAW_MARK[cr.face.draw]] if cr.face.draw else [])
            + (["xp"] if cr.face.xp else [])
        )
        for j, mark in enumerate(marks):
            parts.append(mark_svg(mark, x + w - 16 - j * 13, 44, 11))
        parts.append(f"<title>{html.escape(cr.rune.id)} landed on {html.escape(cr.face.name)}</title></g>")
    width = 8 + len(cast.runes) * (w + gap)
    parts.append(
        _t(
            6,
            h + 24,
            f"= {cast.successes} success" + ("" if cast.successes == 1 else "es"),
            12,
            weight="bold",
        )
    )
    return svg_doc(parts, max(width, 140), h + 32, f"cast: {', '.join(cast.faces())} = {cast.successes}")


# ---------------------------------------------------------------------------- cards, the table, the tableaux


def _path_line(path: Path, x: float, y: float) -> str:
    parts = [_t(x, y, _cut(path.label, 20), 10, opacity=0.85)]
    ix = x + min(len(path.label), 20) * 5.4 + 4
    for icon in path.icons[:6]:
        parts.append(icon_svg(icon, ix, y - 10, 12))
        ix += 13
    points = " ".join(
        p
        for p in (
            f"{path.triumph}T" if path.triumph else "",
            f"{path.tragedy}G" if path.tragedy else "",
            f"+{path.xp}XP" if path.xp else "",
        )
        if p
    )
    if points:
        parts.append(_t(ix + 2, y, points, 10, weight="bold"))
    return "".join(parts)


def _card(card: Card, x: float, y: float, note: str = "", ally: Card | None = None) -> str:
    parts = [
        f'<rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="8" fill="currentColor" fill-opacity=".05" stroke="currentColor" stroke-opacity=".45"/>'
    ]
    parts.append(_t(x + 7, y + 15, _cut(card.name, 26), 11.5, weight="bold"))
    head = card.type.value + (f" · Act {ROMAN.get(card.act, card.act)}" if card.act else "")
    if card.difficulty is not None:
        head += f" · difficulty {card.difficulty}"
    parts.append(_t(x + 7, y + 28, head, 9.5, opacity=0.7))
    for i, ability in enumerate(card.abilities[:2]):
        parts.append(icon_svg(ability, x + _CARD_W - 36 + i * 15, y + 18, 13))
    for i, path in enumerate(card.paths[:2]):
        parts.append(_path_line(path, x + 7, y + 46 + i * 16))
    if ally is not None:
        parts.append(_t(x + 7, y + 82, _cut(f"Ally under it: {ally.name} (+1)", 32), 9.5, opacity=0.8))
    elif note:
        parts.append(_t(x + 7, y + 82, _cut(note, 32), 9.5, weight="bold"))
    return "".join(parts)


def _rows(rows: tuple[RowModel, ...], y: float) -> tuple[list[str], float, float]:
    parts: list[str] = []
    width = 0.0
    for row in rows:
        parts.append(
            _t(8, y + 12, f"Act {row.roman}  (deck {row.deck} · discard {row.discard})", 11, weight="bold")
        )
        y += 18
        if not row.revealed:
            parts.append(_t(8, y + 12, f"face down: {row.filled} cards", 10, opacity=0.7))
            y += 22
            continue
        for i, slot in enumerate(row.slots):
            x = 8 + i * (_CARD_W + 8)
            width = max(width, x + _CARD_W + 8)
            if slot is None:
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="8" fill="none" stroke="currentColor" stroke-dasharray="4 3" stroke-opacity=".5"/>'
                )
                continue
            note = f"attempted by {slot.attempted_by}" if slot.attempted_by else ""
            parts.append(_card(slot.card, x, y, note, slot.ally))
        y += _CARD_H + 10
    return parts, y, width


def _box_line(line: PictureLine, x: float, y: float) -> list[str]:
    """A line a box adds (to a Story, to the table): its icons, then its label and value."""
    parts = [icon_svg(icon, x + i * 14, y, 12) for i, icon in enumerate(line.icons)]
    parts.append(_t(x + 14 * len(line.icons) + 2, y + 10, _cut(f"{line.label}: {line.value}", 90), 10))
    return parts


def _pictures(pictures: tuple[Picture, ...], y: float) -> tuple[list[str], float]:
    """The panels the boxes in play add to the table: each one's title, then its lines."""
    parts: list[str] = []
    for picture in pictures:
        parts.append(_t(8, y + 12, picture.title, 11, weight="bold"))
        y += 18
        for line in picture.lines:
            parts += _box_line(line, 8, y)
            y += 15
        y += 4
    return parts, y


def _tableau(t: TableauModel, x: float, y: float) -> tuple[list[str], float]:
    act = "finished" if t.act > 3 else f"Act {ROMAN[t.act]}"
    parts = [
        _t(
            x,
            y + 14,
            f"{t.name} · {act} · {t.xp} Experience · {t.triumph} Triumph + {t.tragedy} Tragedy showing",
            12,
            weight="bold",
        )
    ]
    ix = x
    for icon, n in t.icons:
        parts.append(icon_svg(icon, ix, y + 22, 14))
        parts.append(_t(ix + 16, y + 34, f"×{n}", 10))
        ix += 40
    y += 44
    for i, ch in enumerate(t.characters):
        cx = x + i * (_CARD_W + 8)
        if ch.card is None:
            label = "face down" if ch.face_down else "not chosen yet"
            parts.append(
                f'<rect x="{cx}" y="{y}" width="{_CARD_W}" height="{_CARD_H}" rx="8" fill="currentColor" fill-opacity=".08" stroke="currentColor" stroke-opacity=".45"/>'
            )
            parts.append(_t(cx + 7, y + 15, f"{ch.kind}: {label}", 11, weight="bold"))
        else:
            parts.append(_card(ch.card, cx, y, ch.kind + ch.tag))
        for j, (card, path) in enumerate(ch.tucked):
            ty = y + _CARD_H + 4 + j * 18
            parts.append(
                f'<rect x="{cx}" y="{ty}" width="{_CARD_W}" height="16" rx="4" fill="currentColor" fill-opacity=".06"/>'
            )
            parts.append(_t(cx + 5, ty + 12, _cut(card.name, 16), 9.5, weight="bold"))
            parts.append(_path_line(_bare(path), cx + 92, ty + 12))
    depth = max((len(ch.tucked) for ch in t.characters), default=0)
    y += _CARD_H + 8 + depth * 18
    if t.allies:
        names = ", ".join(a.name + (" (sacrificed)" if dead else "") for a, dead in t.allies)
        parts.append(_t(x, y + 10, _cut(f"Allies: {names}", 90), 10))
        y += 16
    for line in t.box_lines:
        parts += _box_line(line, x, y)
        y += 16
    return parts, y + 8


def _bare(path: Path) -> Path:
    """A tucked card's path without its label (the card's name is shown beside it)."""
    return Path("", path.icons, path.triumph, path.tragedy, path.xp)


def tableau_svg(t: TableauModel) -> str:
    """One hero's tableau: Character cards, the cards tucked under each, icons, Allies (000 · Glossary: Story)."""
    parts, height = _tableau(t, 8, 4)
    return svg_doc(parts, 3 * (_CARD_W + 8) + 16, height, f"{t.name}'s Story")


def game_svg(m: GameModel) -> str:
    """The table as the viewer sees it: the header, the boxes' panels, the Act rows and every hero's tableau."""
    h = m.header
    parts = [
        _t(8, 18, f"Turn {h.turn} · {h.active}'s turn · {h.seen_as}", 13, weight="bold"),
        _t(8, 34, h.waiting, 10.5, opacity=0.8),
    ]
    boxes, y = _pictures(m.pictures, 44)
    rows, y, width = _rows(m.rows, y)
    parts += boxes + rows
    for tab in m.tableaux:
        more, y = _tableau(tab, 8, y + 6)
        parts += more
    width = max(width, 3 * (_CARD_W + 8) + 16)
    parts.append(
        _t(
            8,
            y + 10,
            "T Triumph · G Tragedy · XP Experience · icons: hover for their names",
            9.5,
            opacity=0.7,
        )
    )
    return svg_doc(parts, width, y + 18, f"the game, turn {h.turn}")
