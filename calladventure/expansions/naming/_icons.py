"""The icons of The Name of the Wind (002), each declared once here with its glyph and picture.

``002 · New Story Icon``: Music, a story icon, replaces Nature on the box's cards. ``002 ·
Naming``: the Name icons Wind, Fire and Iron (kind ``"name"``), which score no set. They join
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
    )
)
WIND = Icon.declare(
    IconDeclaration(
        "wind", "name", "≋", f'<path {_S} d="M2 7{_WAVE}M2 12{_WAVE}M2 17{_WAVE}"/>', "002 · Naming"
    )
)
FIRE = Icon.declare(
    IconDeclaration(
        "fire",
        "name",
        "♨",
        f'<path {_F} d="M12 2c2 5 7 7 7 13 0 4-3 7-7 7s-7-3-7-7c0-4 3-6 4-9 1 3 2 4 3 4 0-3-1-5 0-8z"/>',
        "002 · Naming",
    )
)
IRON = Icon.declare(
    IconDeclaration(
        "iron",
        "name",
        "⚒",
        f'<rect {_F} x="3" y="3" width="13" height="6" rx="1"/><path {_S} stroke-width="3" d="M9 9l8 12"/>',
        "002 · Naming",
    )
)
#: The three Names, in the order the rules list them (002 · Naming).
NAME_ICONS: tuple[Icon, ...] = (WIND, FIRE, IRON)
#: Every icon the box brings, in the order declared (``Naming.icons``).
ICONS: tuple[Icon, ...] = (MUSIC, *NAME_ICONS)

__all__ = ["FIRE", "ICONS", "IRON", "MUSIC", "NAME_ICONS", "WIND"]
