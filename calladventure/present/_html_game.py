"""The HTML of a whole game, and of its header, scores, event log, boxes' panels and legend.

:func:`game_frag` lays out one :class:`~.viewmodel.GameModel`; the other pieces are the
parts the notebook widget updates in place (000 · Each Turn; 000 · Ending the Game).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..rules import Picture
from ..values._score import Score
from ..values._sections import cite
from ._html_attempt import attempt_frag
from ._html_cards import esc, root
from ._html_log import events_frag, why_frag
from ._html_table import rows_frag, stories_frag
from ._i18n import label_text, t
from ._viewmodel import (
    GameModel,
    HeaderModel,
    ScoresModel,
    Shown,
    game_model,
    header_model,
    scores_model,
    seen_state,
    table_pictures,
    viewer_of,
)
from ._words import glyph, icon_title, legend_icons, line_value

# ---------------------------------------------------------------------------- scores


def score_frag(score: Score, *, win: bool = False, lang: str = "en") -> str:
    """One hero's itemised score box, each line citing its rule (click it for why)."""
    rows = []
    for line in score.lines:
        rows.append(
            f"<div>{esc(label_text(line.label, lang))}</div>"
            f'<div class="ca-num">{line.triumph or ""}</div><div class="ca-num">{line.tragedy or ""}</div>'
            f'<div class="ca-num">{line.other or ""}</div>'
            f"<div>{why_frag(line.section, cite(line.section), lang)}</div>"
        )
    total = (
        f"<div><b>{esc(t(lang, 'Total {n}', n=score.total))}</b></div><div class='ca-num'><b>{score.triumph}</b></div>"
        f"<div class='ca-num'><b>{score.tragedy}</b></div><div class='ca-num'><b>{score.other}</b></div><div></div>"
    )
    badge = f' <span class="ca-chip ca-win">{esc(t(lang, "winner"))}</span>' if win else ""
    other_tip = esc(t(lang, "Destiny points that are neither Triumph nor Tragedy"))
    return (
        f'<div class="ca-box"><div><span class="ca-name">{esc(score.name)}</span>: '
        f"<b>{score.total}</b> {esc(t(lang, 'points'))}{badge}</div>"
        f'<div class="ca-grid" style="grid-template-columns:minmax(0,1.4fr) auto auto auto minmax(0,1fr)">'
        f'<div class="ca-muted">{esc(t(lang, "line"))}</div><div class="ca-muted ca-num">{esc(t(lang, "Triumph"))}</div>'
        f'<div class="ca-muted ca-num">{esc(t(lang, "Tragedy"))}</div>'
        f'<div class="ca-muted ca-num" title="{other_tip}">'
        f"{esc(t(lang, 'Other'))}</div>"
        f'<div class="ca-muted">{esc(t(lang, "rule"))}</div>' + "".join(rows) + total + "</div></div>"
    )


def score_html(score: Score, *, lang: str = "en") -> str:
    """An itemised score, each line citing its rule (000 · Ending the Game)."""
    return root(score_frag(score, lang=lang), "score")


def scores_frag(model: ScoresModel, *, lang: str = "en") -> str:
    """Every hero's score box side by side under the winners' names, or ``""`` with no scores."""
    scores = model.scores
    if not scores:
        return ""
    best = set(model.winners)
    cells = "".join(
        f'<div style="flex:1;min-width:300px">{score_frag(s, win=s.seat in best, lang=lang)}</div>'
        for s in scores
    )
    names = t(lang, " and ").join(scores[w].name for w in sorted(best))
    winner = t(lang, "Winner: {who} with {n} points", who=names, n=scores[min(best)].total)
    return f'<div class="ca-title">{esc(winner)}</div><div class="ca-flex">{cells}</div>'


def scores_html(scores: Sequence[Score], *, lang: str = "en") -> str:
    """Every hero's itemised score side by side, the winners marked (000 · Ending the Game)."""
    return root(scores_frag(scores_model(scores), lang=lang), "scores")


# ---------------------------------------------------------------------------- legend, header, boxes' panels


def legend_frag() -> str:
    """What every glyph and mark means."""
    items = [
        f'<span title="{esc(icon_title(i))}">{esc(glyph(i))} {esc(i.value)}</span>' for i in legend_icons()
    ]
    extra = [
        '<span><span class="ca-chip ca-plus">+1</span> harder path</span>',
        "<span>track: H/A/D = Hero cards / Antihero cards / Dark runes allowed</span>",
        "<span>runes: ☾ moon (Corruption) · △▽▲ draw Hero / Antihero / either · ◆ Experience</span>",
    ]
    return f'<div class="ca-legend">{"".join(items + extra)}</div>'


def legend_html() -> str:
    """What every icon glyph means."""
    return root(legend_frag(), "legend")


def head_frag(h: HeaderModel) -> str:
    """The game's header: seed, turn, phase, whose move, step and what the game waits for."""
    return (
        '<div class="ca-head"><span class="ca-title">Call to Adventure</span>'
        f"<span>seed <b>{h.seed}</b></span><span>turn <b>{h.turn}</b></span>"
        f"<span>phase <b>{esc(h.phase)}</b></span>"
        f"<span>active <b>{esc(h.active)}</b></span><span>to move <b>{esc(h.to_move)}</b></span>"
        f"<span>step {h.step}</span>"
        + (f"<span>final turns: {esc(h.final_turns)}</span>" if h.final_turns is not None else "")
        + f'<span class="ca-muted">{esc(h.seen_as)}</span>'
        f'<div class="ca-wait">Waiting for: <b>{esc(h.waiting)}</b></div></div>'
    )


def status_html(game: Game, *, viewer: int | None = None, reveal: bool = False) -> str:
    """The game's header alone: turn, whose move, step, and what the game waits for (000 · Each Turn)."""
    return root(head_frag(header_model(game, viewer_of(game, viewer), reveal)), "status")


def picture_frag(picture: Picture) -> str:
    """A box's panel (the Adversary of a co-op game …): its title, then its lines in a box."""
    rows = "".join(
        f'<div class="ca-line"><b>{esc(line.label)}</b>: {esc(line_value(line))}</div>'
        for line in picture.lines
    )
    return f'<div class="ca-sec">{esc(picture.title)}</div><div class="ca-box">{rows}</div>'


def pictures_html(game: Game, *, viewer: int | None = None, reveal: bool = False) -> str:
    """The panels the boxes in play add to the table, as ``viewer`` sees it; ``""`` when there are none."""
    pictures = table_pictures(game, seen_state(game, viewer_of(game, viewer), reveal))
    return root("".join(picture_frag(p) for p in pictures), "pictures") if pictures else ""


# ---------------------------------------------------------------------------- the whole game


def game_frag(m: GameModel) -> str:
    """The whole game: header, scores, attempt and legal actions, boxes' panels, table, Stories, log, legend."""
    body = [head_frag(m.header)]
    if m.scores is not None:
        body.append(f'<div class="ca-sec">Final scores</div>{scores_frag(m.scores)}')
    attempt = attempt_frag(m.attempt, m.cast)
    left = (
        f'<div class="ca-box"><div class="ca-sec" style="margin-top:0">Attempt</div>{attempt}</div>'
        if attempt
        else ""
    )
    right = ""
    actions = m.actions.lines
    if actions:
        more = f'<div class="ca-muted">… and {len(actions) - 60} more</div>' if len(actions) > 60 else ""
        items = "".join(f"<div>{esc(a)}</div>" for a in actions[:60])
        right = (
            f'<div class="ca-box"><div class="ca-sec" style="margin-top:0">Legal actions for {esc(m.actions.who)} ({m.actions.count})</div>'
            f'<div class="ca-act-list">{items}</div>{more}</div>'
        )
    if left or right:
        body.append(f'<div class="ca-cols">{left or "<div></div>"}{right}</div>' if left else right)
    body.extend(picture_frag(p) for p in m.pictures)
    body.append(f'<div class="ca-sec">The table</div>{rows_frag(m.rows)}')
    body.append(f'<div class="ca-sec">Stories</div>{stories_frag(m.tableaux)}')
    if m.events:
        body.append(f'<div class="ca-sec">Last events</div>{events_frag(m.events)}')
    body.append(f'<div class="ca-sec">Legend</div>{legend_frag()}')
    return "".join(body)


def game_html(game: Shown, *, reveal: bool = False, viewer: int | None = None, events: int = 12) -> str:
    """The whole game as the seat to move (or ``viewer``) sees it; ``reveal=True`` shows every secret."""
    return root(game_frag(game_model(game, viewer=viewer, reveal=reveal, events=events)), "game")


__all__ = [
    "game_frag",
    "game_html",
    "head_frag",
    "legend_frag",
    "legend_html",
    "picture_frag",
    "pictures_html",
    "score_frag",
    "score_html",
    "scores_frag",
    "scores_html",
    "status_html",
]
