"""The icons of The Name of the Wind (002), each declared once here with its glyph and picture.

``002 · New Story Icon``: Music, a story icon, replaces Nature on the box's cards. ``002 ·
Naming``: the Name icons Wind, Fire and Iron (kind ``"name"``), which score no set. Each picture
draws the symbol its glyph is (``IconDeclaration.symbol``: Fire's ♨ is hot springs). They join
the icon vocabulary as this module imports (:meth:`~calladventure.values._icons.Icon.declare`),
before any card file naming them is read (``values/_vocabulary.py``).
"""

from __future__ import annotations

from ...values._icons import STORY, Icon, IconDeclaration

_S = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'
_F = 'fill="currentColor"'
_WAVE = "c3-3 5 3 8 0s5 3 8 0 4 0 4 0"

MUSIC = Icon.declare(
    IconDeclaration(
        "music",
        STORY,
        "♪",
        f'<circle {_F} cx="7" cy="18" r="3.5"/><path {_S} d="M10 18V4l8 3"/>',
        "002 · New Story Icon",
        "eighth note",
    )
)
WIND = Icon.declare(
    IconDeclaration(
        "wind",
        "name",
        "≋",
        f'<path {_S} d="M2 7{_WAVE}M2 12{_WAVE}M2 17{_WAVE}"/>',
        "002 · Naming",
        "triple tilde",
    )
)
FIRE = Icon.declare(
    IconDeclaration(
        "fire",
        "name",
        "♨",
        f'<path {_S} d="M3 15c0 4 4 7 9 7s9-3 9-7M7 13c-2-2 2-4 0-6s2-4 0-5M12 13c-2-2 2-4 0-6s2-4 0-5'
        'M17 13c-2-2 2-4 0-6s2-4 0-5"/>',
        "002 · Naming",
        "hot springs",
    )
)
IRON = Icon.declare(
    IconDeclaration(
        "iron",
        "name",
        "⚒",
        f'<rect {_F} x="3" y="3" width="13" height="6" rx="1"/><path {_S} stroke-width="3" d="M9 9l8 12"/>',
        "002 · Naming",
        "hammer",
    )
)
#: The three Names, in the order the rules list them (002 · Naming).
NAME_ICONS: tuple[Icon, ...] = (WIND, FIRE, IRON)
#: Every icon the box brings, in the order declared (``Naming.icons``).
ICONS: tuple[Icon, ...] = (MUSIC, *NAME_ICONS)

__all__ = ["FIRE", "ICONS", "IRON", "MUSIC", "NAME_ICONS", "WIND"]
