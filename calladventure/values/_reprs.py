"""How values draw themselves, without knowing how: presentation plugs its renderers in here.

Cards, casts, events, scores, odds and the game have rich (terminal) and HTML (notebook)
pictures, and those pictures belong to the presentation layer, which sits far above the
values. So a value's ``__rich__`` / ``_repr_html_`` only asks :func:`draw`, and the package's
top level installs the renderer (:func:`install`) that the presentation layer provides. Until
one is installed, values print as their plain ``repr``. This is the one process-wide setting
of the values layer, like IPython's display formatters: it maps a type to a picture, and no
data file can change it (docs/design.md, "Process-wide state").
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Literal

Kind = Literal["rich", "html", "svg", "text"]
Renderer = Callable[[Kind, object], Any]

_renderer: list[Renderer] = []


def install(renderer: Renderer) -> None:
    """Use ``renderer(kind, value)`` to draw values; it returns None for a type it does not draw."""
    _renderer[:] = [renderer]


def draw(kind: Kind, value: object) -> Any:
    """The picture of ``value`` of this kind, or None when no renderer draws it."""
    return _renderer[0](kind, value) if _renderer else None


class Drawable:
    """A value with pictures drawn by the presentation layer: text (``__str__``, what ``print``
    shows), rich (``__rich__``), HTML (``_repr_html_``) and, for the types that have one, SVG
    (``_repr_svg_``): an image that a saved notebook or a page without HTML still shows. A type
    whose ``str`` is a word or a sentence (a card's name, an event's sentence) defines its own."""

    __slots__ = ()

    def __str__(self) -> str:
        picture = draw("text", self)
        return repr(self) if picture is None else str(picture)

    def __rich__(self) -> object:
        picture = draw("rich", self)
        return repr(self) if picture is None else picture

    def _repr_html_(self) -> str:
        picture = draw("html", self)
        return f"<pre>{html.escape(repr(self))}</pre>" if picture is None else str(picture)

    def _repr_svg_(self) -> str | None:
        picture = draw("svg", self)
        return None if picture is None else str(picture)


__all__ = ["Drawable", "Kind", "Renderer", "draw", "install"]
