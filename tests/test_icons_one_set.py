"""One icon set for the terminal and the HTML: each icon
(000 · Ability Runes; 000 · Story Icons; 000 · Hero and Antihero Cards; a box's, 002 · Naming)
is declared once with its glyph and its picture, both of one symbol, and no two look alike.
"""

from __future__ import annotations

import unicodedata

import pytest

from calladventure.present._svg_icons import icon_html, svg_glyphs
from calladventure.present._words import glyph
from calladventure.values._icons import CORE_DESIGNS, GLYPHS, Icon, IconDeclaration, declared_icons

ICONS = (*CORE_DESIGNS, *declared_icons())


def _design(icon: Icon) -> IconDeclaration:
    design = icon.design
    assert design is not None, f"{icon.value} has no declaration"
    return design


@pytest.mark.parametrize("icon", ICONS, ids=lambda i: i.value)
def test_an_icons_terminal_glyph_and_html_picture_come_from_one_declaration(icon: Icon) -> None:
    design = _design(icon)
    assert glyph(icon) == design.glyph and GLYPHS.get(icon, design.glyph) == design.glyph
    assert design.svg and design.svg in icon_html(icon)
    # the glyph in a picture's words is drawn as this icon's picture
    assert svg_glyphs(f"<b>{design.glyph}</b>") == f"<b>{icon_html(icon)}</b>"


@pytest.mark.parametrize("icon", ICONS, ids=lambda i: i.value)
def test_an_icons_glyph_is_the_symbol_its_picture_draws(icon: Icon) -> None:
    design = _design(icon)
    assert design.symbol, f"{icon.value} declares no symbol"
    assert design.symbol.upper() in unicodedata.name(design.glyph), (design.glyph, design.symbol)


def test_000_ability_runes_charisma_is_a_heart_in_text_and_in_pictures() -> None:
    design = _design(Icon.CHARISMA)
    assert design.symbol == "heart" and "HEART" in unicodedata.name(design.glyph)


def test_every_icon_glyph_is_distinct_at_a_glance() -> None:
    """Distinct glyphs and symbols; no glyph's Unicode name holds another icon's symbol (♛ and ♔ were both chess pieces)."""
    designs = [_design(i) for i in ICONS]
    assert len({d.glyph for d in designs}) == len(designs)
    assert len({d.symbol for d in designs}) == len(designs)
    for d in designs:
        names = [unicodedata.name(o.glyph) for o in designs if o is not d]
        assert not [n for n in names if d.symbol.upper() in n], d.symbol
    chess = [d.glyph for d in designs if "CHESS" in unicodedata.name(d.glyph)]
    assert len(chess) <= 1, chess
