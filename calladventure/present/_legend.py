"""The legend of the pictures: what each icon, the Corruption track and each colour mean.

Built from the declarations, so it cannot drift from what the pictures draw: every icon from its
declaration (its glyph, drawn as its picture, and what it is: ``values._icons``), the track from
the game's track (its levels, 000 · Glossary: Corruption), the colours from the chip kinds the
pictures use (:data:`COLOURS`, drawn with the same CSS classes).
"""

from __future__ import annotations

from ..game import Game
from ..values._icons import ABILITY, CORE_DESIGNS, MARK, STORY, Icon
from ..values._sections import cite
from ._html_cards import chip_html, esc, root
from ._words import Chip, glyph, icon_title

__all__ = ["COLOURS", "legend_panel_html"]

#: What each colour of the pictures' chips means: its kind (its CSS class), a sample, the meaning.
COLOURS: tuple[Chip, ...] = (
    (
        "tri",
        "Triumph",
        f"Triumph points, shown on a path and scored at the end ({cite('000/ending-the-game')})",
    ),
    ("tra", "Tragedy", "Tragedy points, shown on a path and scored at the end too"),
    ("xp", "XP", "Experience: gained on a path, paid for a trait or a Dark rune"),
    ("diff", "difficulty", f"the successes a challenge needs ({cite('000/attempt-a-challenge')})"),
    ("plus", "+1", "a path one harder than the challenge"),
    ("ab", "ability", "an ability the challenge lists: its runes join the cast"),
    ("hero", "Hero", "a Hero card, and the hero whose turn it is"),
    ("anti", "Antihero", "an Antihero card"),
    ("dark", "Dark", f"a Dark rune ({cite('000/dark-runes')})"),
    ("win", "to move", "whose decision the game waits for, and the winner"),
    ("ok", "H", "allowed at that level of the track"),
    ("no", "D", "not allowed at that level"),
)
#: The kinds of icons, in the order the legend lists them, with their headings.
_KINDS = ((ABILITY, "Ability icons"), (STORY, "Story icons"), (MARK, "Marks of paths"))


def _icons_frag(icons: tuple[Icon, ...]) -> str:
    groups: dict[str, list[str]] = {}
    for icon in icons:
        item = f'<div title="{esc(icon.value)}">{esc(glyph(icon))} {esc(icon_title(icon))}</div>'
        groups.setdefault(icon.kind, []).append(item)
    headings = dict(_KINDS)
    order = [k for k, _h in _KINDS] + sorted(groups.keys() - headings.keys())
    return "".join(
        f'<div class="ca-sec">{esc(headings.get(kind, f"{kind.capitalize()} icons"))}</div>'
        f'<div class="ca-legend-list">{"".join(groups[kind])}</div>'
        for kind in order
        if kind in groups
    )


def _track_frag(game: Game) -> str:
    track = game.ctx.track
    names = [level.label or str(i) for i, level in enumerate(track.levels)]
    return (
        f'<div class="ca-sec">The Corruption track ({esc(cite("000/glossary-corruption"))})</div>'
        f"<div>{len(names)} levels, from {esc(names[0])} at the top to {esc(names[-1])}; every hero starts at "
        f"{esc(names[track.start])}. Virtue moves a hero up, Corruption down. Each level says whether Hero "
        "cards (H), Antihero cards (A) and Dark runes (D) may be used there, and the points it scores at "
        "the end; ◆ and the orange outline mark the hero's level.</div>"
    )


def _colours_frag() -> str:
    items = "".join(f"<div>{chip_html(chip)} {esc(chip[2])}</div>" for chip in COLOURS)
    runes = (
        "<div>runes: ☾ moon (1 Corruption) · △ ▽ ▲ draw a Hero / Antihero / either card · ◆ Experience</div>"
    )
    return f'<div class="ca-sec">Colours and rune marks</div><div class="ca-legend-list">{items}{runes}</div>'


def legend_panel_html(game: Game) -> str:
    """The legend of ``game``'s pictures: the icons of its boxes in play and the core's, its
    Corruption track and the colours."""
    icons = (*CORE_DESIGNS, *(i for box in game.ctx.expansions for i in box.icons))
    return root(_icons_frag(icons) + _track_frag(game) + _colours_frag(), "legend-panel")
