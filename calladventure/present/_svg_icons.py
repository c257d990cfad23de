"""The project's own icon glyphs, drawn as SVG shapes: no font is needed to show an icon.

Each icon printed on the cards (000 · Ability Runes; 000 · Story Icons; 000 · Hero and Antihero
Cards; a box's icons bring theirs, ``IconDeclaration.svg``) is a few SVG elements in a 24 × 24
box, drawn in ``currentColor`` so it follows the page's text colour. :func:`icon_svg` places one inside a larger SVG picture;
:func:`icon_html` is a small inline ``<svg>`` for HTML (the chips of the notebook pictures), so
a stock browser with no symbol font never shows a box where an icon should be. The rune marks
(moon, triangles, diamond) have shapes too (:data:`MARKS`).
"""

from __future__ import annotations

import functools
import html
import re

from ..values._icons import GLYPHS, Icon, declared_icons

__all__ = ["ICONS", "MARKS", "icon_html", "icon_svg", "mark_html", "mark_svg", "svg_glyphs"]

_S = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
_F = 'fill="currentColor"'

#: Each icon's shapes, in a 24 × 24 box.
ICONS: dict[Icon, str] = {
    Icon.STRENGTH: f'<path {_S} d="M4 4L15 15M20 4L9 15M12 18l5-5M7 13l5 5M15 15l4 4M9 15l-4 4"/>',
    Icon.DEXTERITY: f'<path {_S} d="M3 21L20 4M13 4h7v7M3 21v-5M3 21h5M6 18l-3-3M6 18l3 3"/>',
    Icon.CONSTITUTION: f'<path {_F} d="M12 2l8 3v6c0 5.5-3.5 9.5-8 11-4.5-1.5-8-5.5-8-11V5z"/>',
    Icon.INTELLIGENCE: f'<path {_S} d="M2 5c3-1 7-1 10 1 3-2 7-2 10-1v14c-3-1-7-1-10 1-3-2-7-2-10-1zM12 6v14"/>',
    Icon.WISDOM: f'<path {_S} d="M1 12c4-7 18-7 22 0-4 7-18 7-22 0z"/><circle {_F} cx="12" cy="12" r="3.5"/>',
    Icon.CHARISMA: f'<path {_F} d="M12 21C-1 12 4 2 12 8c8-6 13 4 0 13z"/>',
    Icon.DIVINITY: f'<path {_F} d="M10 2h4v6h6v4h-6v10h-4V12H4V8h6z"/>',
    Icon.JUSTICE: f'<path {_S} d="M12 3v17M7 21h10M4 7h16M4 7l-3 7h6zM20 7l-3 7h6z"/>',
    Icon.ARCANA: f'<path {_S} d="M12 2l9 15H3zM12 22L3 7h18z"/>',
    Icon.ROYALTY: f'<path {_F} d="M2 17L4 6l5 5 3-8 3 8 5-5 2 11z"/><rect {_F} x="3" y="19" width="18" height="3"/>',
    Icon.VILLAINY: (
        f'<path {_F} fill-rule="evenodd" d="M12 2C6.5 2 3 6 3 10.5c0 3 1.5 5 4 6V21h10v-4.5c2.5-1 4-3 4-6C21 6 17.5 2 12 2z'
        'M8.5 8a2 2 0 1 0 0 4 2 2 0 1 0 0-4zM15.5 8a2 2 0 1 0 0 4 2 2 0 1 0 0-4z"/>'
    ),
    Icon.NATURE: f'<path {_F} d="M20 3C9 3 3 9 4 20c11 1 17-5 16-17z"/><path {_S} d="M4 20L13 11"/>',
    Icon.RADIANT: (
        f'<circle {_F} cx="12" cy="12" r="4"/>'
        f'<path {_S} d="M12 1v4M12 19v4M1 12h4M19 12h4M4.2 4.2l2.8 2.8M17 17l2.8 2.8M4.2 19.8L7 17M17 7l2.8-2.8"/>'
    ),
    Icon.VIRTUE: f'<path {_F} d="M12 3l10 17H2z"/>',
    Icon.CORRUPTION: f'<path {_F} d="M2 4h20L12 21z"/>',
    Icon.HERO: f'<path {_S} d="M12 3l10 17H2z"/>',
    Icon.ANTIHERO: f'<path {_S} d="M2 4h20L12 21z"/>',
}

#: The marks of rune faces (000 · Reading the Runes): moon (Corruption), draws, diamond (Experience).
MARKS: dict[str, str] = {
    "moon": f'<path {_F} d="M15 2a10 10 0 1 0 7 17A8 8 0 0 1 15 2z"/>',
    "hero": ICONS[Icon.HERO],
    "antihero": ICONS[Icon.ANTIHERO],
    "choice": ICONS[Icon.VIRTUE],
    "xp": f'<path {_F} d="M12 2l9 10-9 10-9-10z"/>',
}


def _fallback(name: str) -> str:
    """A declared icon without a shape of its own: a circle with its initial (Latin letters are in every font)."""
    letter = html.escape(name[:1].upper())
    return (
        f'<circle {_S} cx="12" cy="12" r="10"/>'
        f'<text x="12" y="16.5" text-anchor="middle" font-size="13" font-family="sans-serif" {_F}>{letter}</text>'
    )


def _shapes(icon: Icon) -> str:
    """The icon's shapes: the core's, a box's declared ones, else a circle with its initial."""
    declared = icon.declaration
    return ICONS.get(icon) or (
        declared.svg if declared is not None and declared.svg else _fallback(icon.value)
    )


def icon_svg(icon: Icon, x: float, y: float, size: float = 16) -> str:
    """An icon placed at (x, y) inside an SVG picture, ``size`` pixels wide, with its name as a tooltip."""
    body = _shapes(icon)
    scale = size / 24
    title = html.escape(icon.value.capitalize())
    return (
        f'<g class="ca-icon ca-icon-{icon.value}" transform="translate({x:g} {y:g}) scale({scale:g})">'
        f"<title>{title}</title>{body}</g>"
    )


def mark_svg(mark: str, x: float, y: float, size: float = 12) -> str:
    """A rune face's mark (``"moon"``, ``"hero"``, ``"antihero"``, ``"choice"``, ``"xp"``) inside an SVG picture."""
    return f'<g class="ca-mark ca-mark-{mark}" transform="translate({x:g} {y:g}) scale({size / 24:g})">{MARKS[mark]}</g>'


def icon_html(icon: Icon, title: str = "") -> str:
    """An icon as a small inline ``<svg>`` for HTML, sized to the text around it, with a tooltip."""
    body = _shapes(icon)
    tip = html.escape(title or icon.value.capitalize(), quote=True)
    return (
        f'<svg class="ca-svgi ca-icon-{icon.value}" viewBox="0 0 24 24" role="img" aria-label="{tip}">'
        f"<title>{tip}</title>{body}</svg>"
    )


def mark_html(mark: str, title: str = "") -> str:
    """A rune face's mark as a small inline ``<svg>`` for HTML."""
    tip = html.escape(title or mark, quote=True)
    return f'<svg class="ca-svgi ca-mark-{mark}" viewBox="0 0 24 24" role="img" aria-label="{tip}">{MARKS[mark]}</svg>'


@functools.cache
def _glyph_table(declared: tuple[Icon, ...]) -> tuple[dict[str, str], re.Pattern[str]]:
    """Every glyph character the words use (the core's :data:`~calladventure.values._icons.GLYPHS`,
    the ``declared`` box icons', the rune marks) as inline SVG, and the pattern that finds a tag
    region to keep as it is (a whole <style> or <title>, or any tag) or a glyph to draw."""
    svg_of = {
        **{glyph: icon_html(icon) for icon, glyph in GLYPHS.items()},
        **{d.glyph: icon_html(i) for i in declared if (d := i.declaration) is not None and d.glyph},
        "☾": mark_html("moon", "moon: Corruption"),
        "◆": mark_html("xp", "diamond"),
    }
    glyphs = "|".join(re.escape(g) for g in svg_of)
    return svg_of, re.compile(rf"(<style\b.*?</style>|<title\b.*?</title>|<[^>]*>)|({glyphs})", re.S)


def svg_glyphs(markup: str) -> str:
    """``markup`` (HTML) with every icon glyph in its text drawn as an inline SVG shape instead.

    Only text between tags changes: attributes (tooltips), ``<style>`` and ``<title>`` keep their
    characters. So a picture needs no symbol font, and no icon falls back to a box.
    """
    svg_of, token = _glyph_table(declared_icons())
    return token.sub(lambda match: match.group(1) or svg_of[match.group(2)], markup)
