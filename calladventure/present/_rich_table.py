"""Rich (terminal) pictures of the table: the Act rows, each hero's Story and Corruption track.

Drawn from the view-model (:mod:`.viewmodel`, :mod:`.heroes`): what a seat may not see is
not in the values (000 · Deal the Cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..game import Game
from ._heroes import CharacterModel, TableauModel, TrackModel, tableau_model
from ._rich_cards import card_body, chips_text, text
from ._table_model import RowModel, rows_model
from ._words import act_name, glyph, hand_chip, line_value, path_chips, points_chips

# ---------------------------------------------------------------------------- the table rows


def rows_group(rows: Sequence[RowModel]) -> Group:
    """Each Act's row as card panels, or backs with a count while face down."""
    out: list[RenderableType] = []
    for row in rows:
        head = Text(f"Act {row.roman}", style="bold")
        head.append(f"  deck {row.deck} · discard {row.discard}", style="dim")
        out.append(head)
        if not row.revealed:
            backs = Text(" ".join(f"[{row.roman}]" for _ in range(row.filled)), style="dim")
            backs.append(f"  face down: {row.filled} cards")
            out.append(backs)
            continue
        panels: list[RenderableType] = []
        for slot in row.slots:
            if slot is None:
                panels.append(Panel(text("empty slot", "dim"), width=38))
                continue
            hl = slot.attempted_by is not None
            note = f"being attempted by {slot.attempted_by}" if hl else ""
            panels.append(
                Panel(
                    card_body(slot.card, slot.ally, note),
                    title=text(slot.card.name, "bold"),
                    title_align="left",
                    width=38,
                    border_style="yellow" if hl else "",
                )
            )
        out.append(Columns(panels))
    return Group(*out)


def rows_rich(game: Game) -> Group:
    """The table's rows as rich panels; face-down rows as backs with a count (000 · Prepare the Story Decks)."""
    return rows_group(rows_model(game))


# ---------------------------------------------------------------------------- the Corruption track


def track_rich(track: TrackModel) -> Table:
    """The Corruption track as a horizontal strip: one column per level, the marker ◆ on one."""
    table = Table(box=None, padding=(0, 1), show_header=True, title_justify="left")
    allows: list[Text] = []
    points: list[Text] = []
    for i, level in enumerate(track.levels):
        here = i == track.marker
        table.add_column(
            text(("◆ " if here else "") + (level.label or str(i)), "bold yellow" if here else "dim"),
            justify="center",
        )
        allow = Text()
        for ok, word in ((level.hero, "H"), (level.antihero, "A"), (level.dark_runes, "D")):
            allow.append(word if ok else "·", style="green" if ok else "dim")
        allows.append(allow)
        points.append(chips_text(points_chips(level.triumph, level.tragedy)) or text("0", "dim"))
    table.add_row(*allows)
    table.add_row(*points)
    return table


# ---------------------------------------------------------------------------- a hero's Story


def _character_cell(ch: CharacterModel) -> Text:
    cell = Text()
    if ch.face_down:
        cell.append("face down", style="dim")
    elif ch.card is None:
        cell.append("not chosen yet", style="dim")
    else:
        card = ch.card
        cell.append(card.name, style="bold")
        if ch.tag:
            cell.append(ch.tag, style="dim")
        chips = chips_text(path_chips(card.paths[0]))
        if chips:
            cell.append(" ")
            cell.append_text(chips)
        if card.text:
            cell.append("\n" + card.text, style="italic dim")
    for tc, path in ch.tucked:
        cell.append("\n• ")
        cell.append(tc.name, style="bold")
        if path.label != tc.name:
            cell.append(f" — {path.label}", style="dim")
        cell.append(" ")
        cell.append_text(chips_text(path_chips(path)))
    cell.append(f"\n{len(ch.tucked)}/3 under it", style="dim")
    return cell


def _info(t: TableauModel) -> list[RenderableType]:
    info: list[RenderableType] = []
    head = Text()
    head.append(f"{t.xp} XP", style="bold cyan")
    head.append(f" · track: {t.track.level.label} · Story: ")
    head.append_text(chips_text(points_chips(t.triumph, t.tragedy)) or text("0 points"))
    info.append(head)
    if t.allies:
        line = Text("Allies: ")
        for card, sacrificed in t.allies:
            line.append(
                card.name + (" (sacrificed)" if sacrificed else ""),
                style="dim strike" if sacrificed else "bold",
            )
            line.append("  ")
        info.append(line)
    if t.choices_left:
        info.append(
            text(
                f"To choose from: {t.choices}"
                if t.secrets
                else "Dealt: Character cards still to choose from (hidden)"
            )
        )
    if t.secrets:
        line = Text(f"Hand ({t.hand_size}): " + ("" if t.hand_size else "empty"))
        line.append_text(chips_text(hand_chip(c, "") for c in t.hand))
        info.append(line)
    else:
        info.append(text(f"Hand: {t.hand_size} card(s) (hidden)"))
    if t.played:
        line = Text("Played: ")
        line.append_text(chips_text(hand_chip(c, "") for c in t.played))
        info.append(line)
    if t.icons:
        info.append(text("Icons: " + "  ".join(f"{glyph(i)} {i.value}×{n}" for i, n in t.icons)))
    info += [text(f"{line.label}: {line_value(line)}") for line in t.box_lines]
    for effect in t.effects:
        info.append(text("In play: " + effect, "yellow"))
    info.append(text("Corruption track (H/A/D: Hero cards, Antihero cards, Dark runes allowed):", "dim"))
    info.append(track_rich(t.track))
    return info


def tableau_panel(t: TableauModel) -> Panel:
    """One hero's Story as a panel: the three Character cards, tokens, hand, icons and track."""
    story = Table(show_header=True, expand=True, padding=(0, 1))
    for ch in t.characters:
        story.add_column(text(ch.kind + (" ◀ now" if ch.now else ""), "bold"), ratio=1)
    story.add_row(*(_character_cell(ch) for ch in t.characters))
    title = Text(t.name, style="bold")
    title.append(f"  {act_name(t.act)}", style="")
    if t.active and not t.over:
        title.append("  active", style="bold yellow")
    if t.to_move and not t.over:
        title.append("  to move", style="bold green")
    return Panel(
        Group(story, *_info(t)), title=title, title_align="left", border_style="yellow" if t.active else ""
    )


def tableau_rich(game: Game, seat: int, *, reveal: bool = False) -> Panel:
    """A hero's Story as a rich panel (000 · Glossary: Story)."""
    return tableau_panel(tableau_model(game, seat, secrets=reveal))


__all__ = [
    "rows_group",
    "rows_rich",
    "tableau_panel",
    "tableau_rich",
    "track_rich",
]
