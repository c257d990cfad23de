"""The project's own icon glyphs, drawn as SVG shapes: no font is needed to show an icon.

Each icon printed on the cards (000 · Ability Runes; 000 · Story Icons; 000 · Hero and Antihero
Cards) is declared once with its glyph (``values._icons.CORE_DESIGNS``; a box's icons bring
theirs, ``IconDeclaration``): its picture is a few SVG elements in a 24 × 24 box, drawn in
``currentColor`` so it follows the page's text colour. :func:`icon_svg` places one inside a
larger SVG picture;
:func:`icon_html` is a small inline ``<svg>`` for HTML (the chips of the notebook pictures), so
a stock browser with no symbol font never shows a box where an icon should be. The rune marks
(moon, triangles, diamond) have shapes too (:data:`MARKS`).
"""

from __future__ import annotations

import functools
import html
import re

from ..values._icons import CORE_DESIGNS, Icon, declared_icons

__all__ = ["ICONS", "MARKS", "icon_html", "icon_svg", "mark_html", "mark_svg", "svg_glyphs"]

_S = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
_F = 'fill="currentColor"'

#: Each core icon's shapes, in a 24 × 24 box: its declaration's (``values._icons.CORE_DESIGNS``).
ICONS: dict[Icon, str] = {icon: design.svg for icon, design in CORE_DESIGNS.items()}

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
    """The icon's shapes: its declaration's (the core's or a box's), else a circle with its initial."""
    design = icon.design
    return design.svg if design is not None and design.svg else _fallback(icon.value)


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
    """Every glyph character the words use (the core's :data:`~calladventure.values._icons.CORE_DESIGNS`,
    the ``declared`` box icons', the rune marks) as inline SVG, and the pattern that finds a tag
    region to keep as it is (a whole <style> or <title>, or any tag) or a glyph to draw."""
    svg_of = {
        **{
            d.glyph: icon_html(i)
            for i in (*CORE_DESIGNS, *declared)
            if (d := i.design) is not None and d.glyph
        },
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
