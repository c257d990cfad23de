"""Rich (terminal) pictures of cards and chips, and the styles every rich view shares.

Rich views build ``Text`` values (never markup strings), so card names are shown as written.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ..values._cards import Card, Path, Side
from ._words import Chip, card_chips, card_kind, path_chips

#: The rich style of each chip kind (the HTML views use the kind as a css class).
RICH_STYLE: dict[str, str] = {
    "tri": "bold black on yellow",
    "tra": "bold white on purple4",
    "xp": "bold cyan",
    "diff": "bold",
    "plus": "bold red",
    "hero": "bold white on blue",
    "anti": "bold white on dark_red",
    "dark": "bold white on purple4",
    "ok": "green",
    "no": "dim strike",
    "ic": "",
    "ab": "bold",
    "tag": "dim",
    "win": "bold white on green4",
    "lose": "bold white on red3",
}

#: Chip kinds drawn as padded badges.
_BADGES = ("tri", "tra", "hero", "anti", "dark", "win", "lose")


def text(value: object, style: str = "") -> Text:
    """``value`` as plain rich text (no markup parsed)."""
    return Text(str(value), style=style)


def chips_text(chips: Iterable[Chip]) -> Text:
    """Chips as one line of styled text."""
    out = Text()
    for kind, label, _tip in chips:
        if out:
            out.append(" ")
        out.append(f" {label} " if kind in _BADGES else label, style=RICH_STYLE.get(kind, ""))
    return out


def path_text(card: Card, path: Path, side: Side | None) -> Text:
    """One path of a card: its side, label and marks (000 · Glossary: Path)."""
    out = Text()
    if side is not None:
        out.append(f"{side.value}: ", style="dim")
    if path.label and path.label != card.name:
        out.append(path.label + " ")
    out.append_text(chips_text(path_chips(path)))
    return out


def card_body(card: Card, ally: Card | None = None, note: str = "") -> Group:
    """A card's lines: kind, marks, paths, text, the Ally under it and a note (000 · Allies)."""
    lines: list[RenderableType] = [text(card_kind(card), "dim")]
    chips = card_chips(card)
    if chips:
        lines.append(chips_text(chips))
    two = len(card.paths) == 2
    for side, path in zip(card.sides, card.paths, strict=False):
        lines.append(path_text(card, path, side if two else None))
    if card.text:
        lines.append(text(card.text, "italic dim"))
    if ally is not None:
        line = Text("Ally under it: ", style="green")
        line.append(ally.name, style="bold green")
        line.append(" (+1 difficulty) ")
        line.append_text(chips_text(path_chips(ally.paths[0])))
        lines.append(line)
    if note:
        lines.append(text(note, "bold yellow"))
    return Group(*lines)


def card_rich(card: Card) -> Panel:
    """One card as a rich panel (000 · Traits and Challenges)."""
    return Panel(card_body(card), title=text(card.name, "bold"), title_align="left", expand=False, width=44)


__all__ = [
    "RICH_STYLE",
    "card_body",
    "card_rich",
    "chips_text",
    "path_text",
    "text",
]
