"""The HTML of the table: the Act rows, each hero's Story and Corruption track, and hands.

Drawn from the view-model (:mod:`.viewmodel`, :mod:`.heroes`): what a seat may not see is
not in the values, so it cannot leak into the page (000 · Deal the Cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..rules import PictureLine
from ..values._sections import cite
from ._heroes import (
    CharacterModel,
    HandModel,
    TableauModel,
    TrackModel,
    hand_model,
    tableau_model,
    track_model,
)
from ._html_cards import card_frag, chip_html, chips_html, esc, root
from ._table_model import RowModel, rows_model
from ._viewmodel import tableaux_model, viewer_of
from ._words import ROMAN, act_name, glyph, hand_chip, icon_title, path_chips, points_chips

# ---------------------------------------------------------------------------- the table rows


def rows_frag(rows: Sequence[RowModel]) -> str:
    """Each Act's row: its cards, or card backs while face down, with deck and discard counts."""
    out = []
    for row in rows:
        counts = f"deck {row.deck} · discard {row.discard}"
        act = row.roman
        if not row.revealed:
            backs = "".join(
                f'<div class="ca-back" title="face-down Act {act} card">{act}</div>'
                for _ in range(row.filled)
            )
            out.append(
                f'<div class="ca-rowh">Act {act} <span class="ca-muted ca-small">face down: {row.filled} cards '
                f"(revealed when a hero first completes Act {ROMAN[row.act - 1]}) · {counts}</span></div>"
                f'<div class="ca-flex">{backs}</div>'
            )
            continue
        cards = []
        for slot in row.slots:
            if slot is None:
                cards.append('<div class="ca-empty">empty slot</div>')
                continue
            note = ""
            if slot.attempted_by is not None and slot.side is not None:
                note = f"being attempted by {slot.attempted_by} ({slot.side.value})"
            cards.append(
                card_frag(slot.card, ally=slot.ally, note=note, highlight=slot.attempted_by is not None)
            )
        out.append(
            f'<div class="ca-rowh">Act {act} <span class="ca-muted ca-small">{counts}</span></div>'
            f'<div class="ca-flex">{"".join(cards)}</div>'
        )
    return "".join(out)


def rows_html(game: Game) -> str:
    """The table: each Act's row, face-down rows as card backs, with deck and discard counts (000 · Prepare the Story Decks)."""
    return root(rows_frag(rows_model(game)), "rows")


# ---------------------------------------------------------------------------- the Corruption track


def track_frag(track: TrackModel) -> str:
    """The Corruption track as a horizontal strip: each level's allowances and points, the marker on one."""
    cells = []
    for i, level in enumerate(track.levels):
        here = i == track.marker
        allow = "".join(
            f'<span class="ca-chip ca-{"ok" if ok else "no"}" title="{tip} {"allowed" if ok else "not allowed"} here">'
            f"{word}</span>"
            for ok, word, tip in (
                (level.hero, "H", "Hero cards"),
                (level.antihero, "A", "Antihero cards"),
                (level.dark_runes, "D", "Dark runes"),
            )
        )
        pts = chips_html(points_chips(level.triumph, level.tragedy)) or '<span class="ca-muted">0</span>'
        start = " (start)" if i == track.start and "start" not in level.label.lower() else ""
        mark = '<span class="ca-mk" title="this hero\'s marker">◆ </span>' if here else ""
        cls = "ca-lvl ca-here" if here else "ca-lvl"
        cells.append(
            f'<div class="{cls}"><div class="ca-lvlname">{mark}{esc(level.label or str(i))}{start}</div>'
            f"<div>{allow}</div><div>{pts}</div></div>"
        )
    return (
        '<div class="ca-track" title="Corruption track (000 · Glossary: Corruption): H / A / D = Hero cards, '
        f'Antihero cards, Dark runes allowed; the points are scored at the end">{"".join(cells)}</div>'
    )


def track_html(game: Game, seat: int) -> str:
    """The Corruption track with a hero's marker, each level's allowances and points (000 · Glossary: Corruption)."""
    track = track_model(game, seat)
    head = f"<div><b>{esc(track.name)}</b> on the Corruption track: <b>{esc(track.level.label)}</b></div>"
    return root(head + track_frag(track), "track")


# ---------------------------------------------------------------------------- a hero's Story


def _character_frag(ch: CharacterModel) -> str:
    cls = "ca-char ca-now" if ch.now else "ca-char"
    if ch.face_down:
        cls += " ca-hidden"
        body = f'<div class="ca-muted" title="hidden until the end of the game">{ch.kind}: face down</div>'
    elif ch.card is None:
        body = f'<div class="ca-muted">{ch.kind}: not chosen yet</div>'
    else:
        card = ch.card
        body = (
            f'<div><span class="ca-kind">{ch.kind}{esc(ch.tag)}</span><br><span class="ca-name">{esc(card.name)}</span> '
            f"{chips_html(path_chips(card.paths[0]))}</div>"
            + (f'<div class="ca-text">{esc(card.text)}</div>' if card.text else "")
        )
    tucks = []
    for tc, path in ch.tucked:
        label = "" if path.label == tc.name else f' <span class="ca-muted">— {esc(path.label)}</span>'
        tucks.append(
            f'<div class="ca-tuck"><b>{esc(tc.name)}</b>{label} {chips_html(path_chips(path))}</div>'
        )
    count = f'<div class="ca-small ca-muted">{len(ch.tucked)}/3 under it</div>'
    return f'<div class="{cls}">{body}{"".join(tucks)}{count}</div>'


def _lines_frag(t: TableauModel) -> list[str]:
    lines = []
    if t.allies:
        allies = []
        for card, sacrificed in t.allies:
            if sacrificed:
                allies.append(
                    f'<span class="ca-no" title="sacrificed: face down, no longer counts (000 · Glossary: Sacrifice)">{esc(card.name)}</span>'
                )
            else:
                allies.append(f"<b>{esc(card.name)}</b> {chips_html(path_chips(card.paths[0]))}")
        lines.append(f'<div class="ca-line">Allies: {" · ".join(allies)}</div>')
    if t.choices_left and t.secrets:
        lines.append(f'<div class="ca-line">To choose from: {esc(t.choices)}</div>')
    elif t.choices_left:
        lines.append(
            f'<div class="ca-line">Dealt: {t.choices_left} Character cards still to choose from (hidden)</div>'
        )
    if t.secrets:
        hand = " ".join(chip_html(hand_chip(c, c.text)) for c in t.hand)
        lines.append(
            f'<div class="ca-line">Hand ({t.hand_size}): {hand or "<span class=ca-muted>empty</span>"}</div>'
        )
    else:
        lines.append(
            f'<div class="ca-line">Hand: {t.hand_size} card{"" if t.hand_size == 1 else "s"} (hidden)</div>'
        )
    if t.played:
        played = " ".join(chip_html(hand_chip(c, c.text)) for c in t.played)
        lines.append(f'<div class="ca-line">Played: {played}</div>')
    if t.icons:
        ic = " ".join(
            f'<span title="{esc(icon_title(i))}"><span class="ca-ic">{esc(glyph(i))}</span>×{n}</span>'
            for i, n in t.icons
        )
        lines.append(f'<div class="ca-line" title="icons in the Story">Icons: {ic}</div>')
    lines += [_box_line(line) for line in t.box_lines]
    if t.effects:
        lines.append(f'<div class="ca-line">In play: {esc("; ".join(t.effects))}</div>')
    return lines


def _box_line(line: PictureLine) -> str:
    """A line a box adds to a Story, its meaning and rule as its tooltip."""
    rule = f"({cite(line.section)})" if line.section else ""
    tip = " ".join(x for x in (line.note, rule) if x)
    icons = "".join(
        f'<span title="{esc(icon_title(i))}"><span class="ca-ic">{esc(glyph(i))}</span></span> '
        for i in line.icons
    )
    return f'<div class="ca-line" title="{esc(tip)}">{esc(line.label)}: {icons}{esc(line.value)}</div>'


def tableau_frag(t: TableauModel) -> str:
    """One hero's Story box: header tokens, the three Character cards, then hand, icons, track."""
    flags = []
    if t.active and not t.over:
        flags.append('<span class="ca-chip ca-hero" title="whose turn it is">active</span>')
    if t.to_move and not t.over:
        flags.append('<span class="ca-chip ca-win" title="whose decision the game waits for">to move</span>')
    head = (
        f'<div class="ca-tabh"><span class="ca-name">{esc(t.name)}</span>{"".join(flags)}'
        f'<span title="the Act this hero is in (000 · Ending An Act)">{act_name(t.act)}</span>'
        f'<span class="ca-chip ca-xp" title="Experience tokens: spend on Dark runes, journeys, traits; 1 point each at the end">'
        f"{t.xp} XP</span>"
        f'<span title="Corruption track level">track: <b>{esc(t.track.level.label)}</b></span>'
        f'<span title="Triumph and Tragedy showing in the Story now">Story: {chips_html(points_chips(t.triumph, t.tragedy)) or "0 points"}</span>'
        "</div>"
    )
    cols = "".join(_character_frag(ch) for ch in t.characters)
    cls = "ca-tab ca-act" if t.active and not t.over else "ca-tab"
    return (
        f'<div class="{cls}">{head}<div class="ca-story">{cols}</div>{"".join(_lines_frag(t))}'
        f"{track_frag(t.track)}</div>"
    )


def stories_frag(tableaux: Sequence[TableauModel]) -> str:
    """Every hero's Story box, side by side."""
    return f'<div class="ca-tabs">{"".join(tableau_frag(t) for t in tableaux)}</div>'


def tableau_html(game: Game, seat: int, *, reveal: bool = False) -> str:
    """A hero's Story: Character cards, tucked cards, Allies, hand, Experience, track (000 · Glossary: Story)."""
    return root(tableau_frag(tableau_model(game, seat, secrets=reveal)), "tableau")


def stories_html(game: Game, *, viewer: int | None = None, reveal: bool = False) -> str:
    """Every hero's Story as ``viewer`` sees it (000 · Glossary: Story; 000 · Deal the Cards)."""
    return root(stories_frag(tableaux_model(game, viewer_of(game, viewer), reveal)), "stories")


# ---------------------------------------------------------------------------- hands


def hand_frag(hand: HandModel) -> str:
    """A hand: each card, or card backs when hidden."""
    name = esc(hand.name)
    if not hand.shown:
        backs = "".join(
            '<div class="ca-back" title="a hidden Hero or Antihero card">?</div>' for _ in range(hand.size)
        )
        body = f'<div class="ca-flex">{backs}</div>' if hand.size else '<span class="ca-muted">empty</span>'
        return f"<div><b>{name}</b>: {hand.size} card(s), hidden</div>{body}"
    cards = "".join(card_frag(c) for c in hand.cards)
    body = f'<div class="ca-flex">{cards}</div>' if hand.size else '<span class="ca-muted">empty</span>'
    return f"<div><b>{name}</b>'s hand ({hand.size})</div>{body}"


def hand_html(game: Game, seat: int, *, reveal: bool = False) -> str:
    """A hero's hand: each card's name and text, or card backs when hidden (000 · Hero and Antihero Cards)."""
    return root(hand_frag(hand_model(game, seat, reveal=reveal)), "hand")


__all__ = [
    "hand_frag",
    "hand_html",
    "rows_frag",
    "rows_html",
    "stories_frag",
    "stories_html",
    "tableau_frag",
    "tableau_html",
    "track_frag",
    "track_html",
]
