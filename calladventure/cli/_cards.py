"""``calladventure cards``: list, show and validate card data (bundled sets or your own files).

Card files are read by :mod:`calladventure.data` (docs/reference/card-format.md); a problem is reported
with its file, card and field.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from ..values._errors import CallAdventureError, CardDataError
from ..values._kinds import CardType
from ..values._printable import printable

if TYPE_CHECKING:
    from ..values._cards import Card, CardSet
from ._choices import complete_card_names, complete_sets
from ._common import (
    CONTEXT,
    AsJson,
    GuardedGroup,
    PlainCommand,
    console,
    echo_json,
    examples,
    fit_columns,
    friendly,
)

__all__ = ["cards_app", "cards_list", "cards_show", "cards_validate"]

cards_app = typer.Typer(
    cls=GuardedGroup,
    context_settings=CONTEXT,
    help="List, show and validate card data (bundled sets or your own files).",
    epilog=examples(
        "calladventure cards list --set core --type trait",
        "calladventure cards show core/wild-boar",
        "calladventure cards validate my-set/ extra.toml",
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _load_sets(set_id: str | None) -> list[CardSet]:
    from ..data import bundled_set, bundled_sets

    known = bundled_sets()
    if set_id is not None:
        if set_id.strip().lower() not in known:
            raise CallAdventureError(f"unknown card set {set_id!r}; choose from {', '.join(known)}")
        return [bundled_set(set_id.strip().lower())]
    return [bundled_set(s) for s in known]


def _card_type(name: str | None) -> CardType | None:
    if name is None:
        return None
    try:
        return CardType(name.strip().lower())
    except ValueError:
        raise CallAdventureError(
            f"unknown card type {name!r}; choose from {[t.value for t in CardType]}"
        ) from None


def _card_json(card: Card) -> dict[str, Any]:
    from ..data import CONVERTER

    doc: dict[str, Any] = CONVERTER.unstructure(card)
    return doc


@cards_app.command(
    "list",
    cls=PlainCommand,
    epilog=examples(
        "calladventure cards list --set core --type challenge",
        "calladventure cards list --type hero --json",
    ),
)
def cards_list(
    set_id: Annotated[
        str | None,
        typer.Option(
            "--set", metavar="SET", autocompletion=complete_sets, help="Only this bundled set (e.g. core)."
        ),
    ] = None,
    card_type: Annotated[
        str | None,
        typer.Option(
            "--type",
            metavar="TYPE",
            autocompletion=lambda incomplete: [t.value for t in CardType if t.value.startswith(incomplete)],
            help="Only this type: " + ", ".join(t.value for t in CardType) + ".",
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """List the cards of the bundled sets (ids in full: 'cards show' takes them)."""
    with friendly(as_json):
        wanted = _card_type(card_type)
        sets = _load_sets(set_id)
        cards = [c for s in sets for c in s.cards if wanted is None or c.type is wanted]
        if as_json:
            echo_json([_card_json(c) for c in cards])
            return
        out = console()
        out.print(fit_columns(_cards_table(cards), out.width, drop=_least_needed(cards, wanted is not None)))


def _least_needed(cards: list[Card], one_type: bool) -> list[str]:
    """The columns of ``cards list`` a narrow terminal drops, in order: empty ones, then the least needed.

    With one type listed its column says the same on every row: it goes first, then the Act.
    """
    empty = [
        h
        for h, blank in (
            ("Diff.", all(c.difficulty is None for c in cards)),
            ("Abilities", all(not c.abilities for c in cards)),
        )
        if blank
    ]
    order = ["Type", "Act", "Diff.", "Abilities"] if one_type else ["Abilities", "Diff.", "Act", "Type"]
    return empty + [h for h in order if h not in empty]


def _cards_table(cards: list[Card]) -> Table:
    """One row a card: its id whole (``cards show`` takes it), its name wrapped, type, Act, difficulty and abilities."""
    table = Table(title=f"{len(cards)} cards", title_justify="left")
    table.add_column("Id", no_wrap=True, min_width=max((len(c.id) for c in cards), default=2))
    table.add_column("Name", min_width=14)
    table.add_column("Type", no_wrap=True, min_width=max((len(c.type.value) for c in cards), default=4))
    table.add_column("Act", no_wrap=True)
    table.add_column("Diff.", no_wrap=True)
    table.add_column("Abilities", min_width=9)
    for c in cards:
        table.add_row(
            c.id,
            c.name,
            c.type.value,
            str(c.act or ""),
            "" if c.difficulty is None else str(c.difficulty),
            " ".join(a.value for a in c.abilities),
        )
    return table


def _find_card(name: str, set_id: str | None) -> Card:
    """A card by id or name (the engine's resolver); else by its id without the set, or the words of its name ("wild boar")."""
    from ..game._library import DEFAULT
    from ..values._cards import name_key
    from ..values._errors import AmbiguousCardError, UnknownCardError
    from ..values._state import Config

    ctx = DEFAULT.context(Config(players=2, sets=tuple(s.id for s in _load_sets(set_id))))
    try:
        return ctx.resolve(name)
    except AmbiguousCardError:
        raise
    except UnknownCardError as exc:
        unknown = exc
    key = name_key(name)
    for found in (  # a search, when the text names no card: the one card these words pick out
        [c for c in ctx.db.values() if c.id.endswith("/" + key)],
        [c for c in ctx.db.values() if all(w in name_key(c.name) for w in key.split())],
    ):
        names = sorted({c.name for c in found})
        if len(names) == 1:
            return found[0]
        if len(names) > 1:
            more = f" (+{len(names) - 8} more)" if len(names) > 8 else ""
            shown = ", ".join(repr(n) for n in names[:8]) + more
            raise CallAdventureError(
                f"{name!r} names several cards: {shown}; give more of the name, or the id"
            )
    if unknown.suggestions:
        raise unknown
    raise CallAdventureError(f"{unknown}; 'calladventure cards list' lists them")


def _card_view(card: Card) -> Any:
    try:
        from ..present import card_rich

        return card_rich(card)
    except ImportError:
        pass
    table = Table(title=f"{card.name} ({card.type.value})", title_justify="left", show_header=False)
    table.add_column("Field", style="bold")
    table.add_column("Value")
    table.add_row("id", card.id)
    if card.act is not None:
        table.add_row("act", str(card.act))
    if card.difficulty is not None:
        table.add_row("difficulty", str(card.difficulty))
    if card.abilities:
        table.add_row("abilities", ", ".join(a.value for a in card.abilities))
    if card.text:
        table.add_row("text", card.text)
    for side, path in zip(card.sides, card.paths, strict=False):
        bits = [", ".join(i.value for i in path.icons) or "no icons"]
        if path.triumph:
            bits.append(f"{path.triumph} Triumph")
        if path.tragedy:
            bits.append(f"{path.tragedy} Tragedy")
        if path.xp:
            bits.append(f"{path.xp} Experience")
        if path.plus_one:
            bits.append('"+1" difficulty')
        table.add_row(f"path {side.value}", f"{path.label}: {'; '.join(bits)}")
    if card.cost_xp:
        table.add_row("cost", f"{card.cost_xp} Experience")
    if card.play is not None:
        table.add_row("play", f"{card.play.timing.value}, target {card.play.target.value}")
    table.add_row("source", card.source)
    return table


@cards_app.command(
    "show",
    cls=PlainCommand,
    epilog=examples(
        'calladventure cards show "Wild Boar Hunt"',
        "calladventure cards show core/wild-boar --json",
    ),
)
def cards_show(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME",
            autocompletion=complete_card_names,
            help="A card's name, id or words of its name (e.g. 'Wild Boar Hunt', core/wild-boar, 'wild boar').",
        ),
    ],
    set_id: Annotated[
        str | None,
        typer.Option(
            "--set", metavar="SET", autocompletion=complete_sets, help="Only look in this bundled set."
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Show one card: paths, icons, points, powers and source."""
    with friendly(as_json):
        card = _find_card(name, set_id)
        if as_json:
            echo_json(_card_json(card))
            return
        console().print(_card_view(card))


def _validate_path(path: FsPath) -> str:
    """Load a card-set folder or a card / rune / track file; return a summary or raise CardDataError."""
    from ..data import (
        CARDS_FORMAT,
        RUNES_FORMAT,
        SET_FORMAT,
        TRACK_FORMAT,
        load_card_file,
        load_card_set,
        load_rune_set,
        load_track,
        read_toml,
    )

    if path.is_dir():
        card_set = load_card_set(path)
        counts = Counter(c.type.value for c in card_set.cards)
        detail = ", ".join(f"{n} {t}" for t, n in sorted(counts.items()))
        return f"OK {path}: set {card_set.id!r}, {len(card_set.cards)} cards in {len(card_set.files)} files ({detail})"
    if not path.exists():
        raise CardDataError(str(path), None, None, "no such file or folder")
    doc = read_toml(path)  # bounded: size, nesting, encoding (docs/cards.md, "Limits")
    fmt = doc.get("format")
    if fmt == SET_FORMAT:
        return _validate_path(path.parent)
    if fmt == RUNES_FORMAT:
        rune_set = load_rune_set(path)
        return f"OK {path}: rune set {rune_set.id!r}, {len(list(rune_set.all_runes()))} runes"
    if fmt == TRACK_FORMAT:
        track = load_track(path)
        return f"OK {path}: Corruption track {track.id!r}, {len(track.levels)} levels"
    if fmt != CARDS_FORMAT:
        raise CardDataError(
            str(path),
            None,
            "format",
            f"expected one of {[CARDS_FORMAT, SET_FORMAT, RUNES_FORMAT, TRACK_FORMAT]}",
        )
    cards = load_card_file(path, path.parent.name or "check")
    counts = Counter(c.type.value for c in cards)
    detail = ", ".join(f"{n} {t}" for t, n in sorted(counts.items()))
    return f"OK {path}: {len(cards)} cards ({detail})"


@cards_app.command(
    "validate",
    cls=PlainCommand,
    epilog=examples(
        "calladventure cards validate cards/core",
        "calladventure cards validate my-set/ extra.toml --json",
    ),
)
def cards_validate(
    paths: Annotated[
        list[FsPath],
        typer.Argument(metavar="PATH", help="Card-set folders or card, rune or track files (one or more)."),
    ],
    as_json: AsJson = False,
) -> None:
    """Check card data: print OK with counts, or the file, card and field of every problem (exit 1)."""
    failed = False
    report: list[dict[str, Any]] = []
    for path in paths:
        try:
            message = _validate_path(path)
            ok = True
        except CallAdventureError as exc:
            message, ok = " ".join(str(exc).split()), False
        except OSError as exc:
            message, ok = f"{path}: {exc.strerror or exc}", False
        failed = failed or not ok
        report.append({"path": str(path), "ok": ok, "message": message})
        if not as_json:
            if ok:
                typer.echo(printable(message))
            else:
                typer.echo(f"error: {printable(message)}", err=True)
    if as_json:
        echo_json(report)
    if failed:
        raise typer.Exit(1)
