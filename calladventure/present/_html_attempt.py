"""The HTML of an attempt: the rune pool, difficulty and bonus, live odds, the cast and its verdict.

Also the odds chart of any :class:`~calladventure.rules._odds.Odds`: an inline SVG bar chart,
neutral colours and ``currentColor`` text (000 · Rune Probability).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..game import Game
from ..rules import Odds
from ..values._runes import Cast, Rune
from ._html_cards import chip_html, chips_html, esc, root
from ._odds_model import OddsModel, odds_model, percent
from ._svg import odds_chart_svg
from ._table_model import AttemptModel, CastModel, attempt_and_cast
from ._words import RUNE_KINDS, path_chips, rune_chip, rune_title

# ---------------------------------------------------------------------------- casts and pools


def cast_frag(cast: Cast) -> str:
    """Each cast rune as a small badge: its face, successes and marks."""
    out = []
    for cr in cast.runes:
        kind, face, marks, tip = rune_chip(cr)
        out.append(
            f'<span class="ca-rune ca-r-{kind}" title="{esc(tip)}"><span>{esc(face)}</span>'
            f"<b>{cr.face.successes}{(' ' + marks) if marks else ''}</b></span>"
        )
    return f'<div class="ca-flex" style="gap:0">{"".join(out)}</div><div>= <b>{cast.successes}</b> successes</div>'


def cast_html(cast: Cast) -> str:
    """A rune cast: each rune's face and successes; ☾ moon, △▽▲ triangles, ◆ diamond (000 · Reading the Runes)."""
    return root(cast_frag(cast), "cast")


def pool_frag(pool: Sequence[Rune]) -> str:
    """The runes to be cast, each with its id and faces (000 · Attempt a Challenge)."""
    out = []
    for rune in pool:
        faces = " | ".join(f.name for f in rune.faces)
        out.append(
            f'<span class="ca-rune ca-r-{RUNE_KINDS[rune.kind]}" title="{esc(rune_title(rune))}"><span>{esc(rune.id)}</span><span class="ca-small">{esc(faces)}</span></span>'
        )
    return f'<div class="ca-flex" style="gap:0">{"".join(out)}</div>'


# ---------------------------------------------------------------------------- the attempt


def _attempt_lines(a: AttemptModel) -> list[str]:
    label = f" — {a.path.label}" if a.path.label and a.path.label != a.card.name else ""
    parts = [
        f'<div><b>{esc(a.name)}</b> attempts <span class="ca-name">{esc(a.card.name)}</span>, '
        f"{esc(a.side.value)} path{esc(label)} {chips_html(path_chips(a.path))}</div>"
    ]
    diff = " + ".join(f"{amt} {what}" for what, amt in a.difficulty_parts)
    bonus = " + ".join(f"{amt} {what}" for what, amt in a.bonus_parts)
    parts.append(
        f'<div class="ca-line">Difficulty <b>{a.difficulty}</b> <span class="ca-muted ca-small">({esc(diff)})</span>'
        f" · bonus <b>{a.bonus:+d}</b>"
        + (f' <span class="ca-muted ca-small">({esc(bonus)})</span>' if bonus else "")
        + (f" · Dark runes {a.dark}" if a.dark else "")
        + "</div>"
    )
    parts.append(f'<div class="ca-line">Rune pool ({len(a.pool)}):</div>{pool_frag(a.pool)}')
    if a.odds is not None:
        odds = a.odds
        p = float(odds.p_success)
        parts.append(
            f'<div class="ca-line" title="exact odds over every face of every rune (000 · Rune Probability)">'
            f'Chance to overcome: <b>{percent(p, digits=1)}</b> <span class="ca-bar"><span style="width:{p * 100:.1f}%"></span></span>'
            f' <span class="ca-muted ca-small">mean {float(odds.mean):.2f} · range {odds.min}–{odds.max}</span></div>'
        )
    return parts


def _cast_lines(c: CastModel) -> list[str]:
    head = "Cast" if c.current else "Last cast this turn"
    parts = [f'<div class="ca-line">{head} ({esc(c.card.name)}):</div>{cast_frag(c.cast)}']
    if c.total is not None:
        ok = c.overcomes
        verdict = chip_html(
            ("win" if ok else "lose", "overcomes" if ok else "fails", "unless a card changes it")
        )
        parts.append(
            f"<div>Total <b>{c.total}</b> ({c.cast.successes} successes {c.bonus:+d} bonus) vs difficulty "
            f"<b>{c.difficulty}</b>: {verdict} <span class='ca-muted'>unless a card played now changes it</span></div>"
        )
    return parts


def attempt_frag(attempt: AttemptModel | None, cast: CastModel | None) -> str:
    """The attempt under way and the last cast of the turn, or ``""`` when there is neither."""
    parts = _attempt_lines(attempt) if attempt is not None else []
    if cast is not None:
        parts += _cast_lines(cast)
    return "".join(parts)


def attempt_html(game: Game) -> str:
    """The attempt under way (pool, difficulty, live odds before the cast) and the last cast, or ``""``."""
    frag = attempt_frag(*attempt_and_cast(game))
    return root(frag, "attempt") if frag else ""


# ---------------------------------------------------------------------------- odds


def odds_svg(odds: Odds | OddsModel) -> str:
    """The odds as an inline SVG bar chart with axes and each bar's chance (:func:`.svg.odds_chart_svg`)."""
    return odds_chart_svg(odds)


def odds_html(odds: Odds | OddsModel) -> str:
    """The odds chart with its caption and the expected side effects, theme-following (000 · Rune Probability)."""
    m = odds if isinstance(odds, OddsModel) else odds_model(odds)
    rows = "".join(
        f"<tr><td>{e.label}</td><td style='text-align:right'>{float(e.expected):.3f}</td></tr>"
        for e in m.effects
    )
    caption = (
        f"<div><b>{html.escape(m.title)}</b>: P(success) <b>{percent(m.p_success)}</b>, "
        f"mean {float(m.mean):.2f}, range {m.low}–{m.high} (green bars succeed)</div>"
    )
    return (
        '<div style="color: inherit">'
        + odds_svg(m)
        + caption
        + f"<table><tr><th>Side effect</th><th>Expected</th></tr>{rows}</table></div>"
    )


__all__ = [
    "attempt_frag",
    "attempt_html",
    "cast_frag",
    "cast_html",
    "odds_html",
    "odds_svg",
    "pool_frag",
]
