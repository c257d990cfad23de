"""The ``calladventure`` command line: demo games, odds, card data and rules options.

Every command is a function registered on :data:`app` (sub-groups such as ``cards`` are their
own Typer apps), so new commands slot in beside these. Errors the user can cause
(:class:`~calladventure.errors.CallAdventureError`, a ``ValueError``, or an unreadable file)
are printed as one line on standard error with exit status 1, never as a traceback.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path as FsPath
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .cards import Card, CardSet, CardType
from .errors import CallAdventureError, CardDataError


def _examples(*commands: str) -> str:
    """A help epilog listing example commands, kept unwrapped (click's ``\\b`` marker)."""
    return "\b\nExamples:\n" + "\n".join(f"  {c}" for c in commands)


EXAMPLES = _examples(
    "calladventure demo --seed 7",
    "calladventure demo --players 4 --bots greedy,random --json",
    "calladventure odds --ability strength=3 --dark 2 --difficulty 6",
    "calladventure cards list --type challenge",
    'calladventure cards show "Wild Boar Hunt"',
    "calladventure cards validate cards/core",
    "calladventure rules",
)

app = typer.Typer(
    name="calladventure",
    help="A typed engine for the board game Call to Adventure: play, simulate and inspect games.",
    epilog=EXAMPLES,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
cards_app = typer.Typer(
    help="List, show and validate card data (bundled sets or your own files).",
    epilog=_examples(
        "calladventure cards list --set core --type trait",
        "calladventure cards show core/wild-boar",
        "calladventure cards validate my-set/ extra.toml",
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(cards_app, name="cards")


# ----------------------------------------------------------------------------- shared helpers


def _out() -> Console:
    return Console(highlight=False)


def _fail(message: str) -> NoReturn:
    """Print one line on standard error and exit with status 1."""
    one_line = " ".join(str(message).split())
    typer.echo(f"error: {one_line}", err=True)
    raise typer.Exit(1)


@contextmanager
def _friendly() -> Iterator[None]:
    """Turn the errors a user can cause into one clear line and exit status 1."""
    try:
        yield
    except (CallAdventureError, ValueError) as exc:
        _fail(str(exc))
    except OSError as exc:
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        _fail(f"{where}{exc.strerror or exc}")


def _echo_json(doc: Any) -> None:
    typer.echo(json.dumps(doc, indent=2, ensure_ascii=False))


# ----------------------------------------------------------------------------- demo


@app.command(
    epilog=_examples(
        "calladventure demo --seed 7",
        "calladventure demo --players 2 --bots greedy,random --json",
    )
)
def demo(
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots: same seed, same game.")] = 7,
    players: Annotated[int, typer.Option(min=1, max=4, help="Number of heroes (1 to 4).")] = 3,
    bots: Annotated[
        str, typer.Option(help="Comma-separated bots per seat (greedy, random), repeated to fill the seats.")
    ] = "greedy,random,greedy",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the seed, actions, events and final scores as JSON.")
    ] = False,
) -> None:
    """Play a seeded game between bots and print it as an annotated log, citing the rules."""
    from rich.console import Console as RichConsole

    from .bots import play_game
    from .demo import demo_record, new_demo_game, run_demo

    with _friendly():
        if as_json:
            game, seats = new_demo_game(seed, players, bots)
            play_game(game, seats)
            _echo_json(demo_record(game, bots, seed))
        else:
            run_demo(seed=seed, players=players, bots=bots, out=RichConsole(highlight=False))


# ----------------------------------------------------------------------------- odds


def _core_count(core: str) -> int:
    word = core.strip().lower()
    if word in ("core", "all", "yes"):
        return 3
    if word in ("none", "no"):
        return 0
    if word.isdigit() and 0 <= int(word) <= 3:
        return int(word)
    raise CallAdventureError(f"--core must be 'core' (all three core runes), 'none' or 0-3, not {core!r}")


def _abilities(specs: list[str]) -> list[tuple[Any, int]]:
    from .icons import ABILITIES, Icon

    out: list[tuple[Icon, int]] = []
    names = [a.value for a in ABILITIES]
    for spec in specs:
        name, sep, count = spec.partition("=")
        name = name.strip().lower()
        if name not in names:
            raise CallAdventureError(f"--ability {spec!r}: {name!r} is not an ability; choose from {names}")
        try:
            n = int(count) if sep else 1
        except ValueError:
            raise CallAdventureError(f"--ability {spec!r}: write ability=ICONS, e.g. strength=3") from None
        if n < 0:
            raise CallAdventureError(f"--ability {spec!r}: the number of icons cannot be negative")
        out.append((Icon(name), n))
    if len(out) > 2:
        raise CallAdventureError(
            "a challenge lists at most two relevant abilities (000 · Attempt a Challenge)"
        )
    return out


@app.command(
    epilog=_examples(
        "calladventure odds --ability strength=3 --dark 2 --difficulty 6",
        "calladventure odds --ability wisdom=2 --ability charisma=1 --difficulty 5 --bonus 1 --runes stormlight",
        "calladventure odds --core none --dark 3 --difficulty 4 --json",
    )
)
def odds(
    difficulty: Annotated[int, typer.Option(help="Successes needed (the challenge's difficulty).")],
    core: Annotated[
        str, typer.Option(help="Core runes cast: 'core' (all three), 'none', or a number 0-3.")
    ] = "core",
    ability: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ABILITY=ICONS",
            help="A relevant ability and its icons, e.g. strength=3 (one rune per icon, at most 3); "
            "repeat for a second ability.",
        ),
    ] = None,
    dark: Annotated[int, typer.Option(min=0, help="Dark runes added to the cast.")] = 0,
    bonus: Annotated[int, typer.Option(help="Automatic successes (+N from cards).")] = 0,
    runes: Annotated[str, typer.Option(help="Rune set: core or stormlight.")] = "core",
    as_json: Annotated[bool, typer.Option("--json", help="Print the odds as JSON.")] = False,
) -> None:
    """Exact odds of an attempt: the distribution of successes and the chance to succeed."""
    from .carddata import bundled_runes, data_root
    from .odds import EFFECTS, attempt_odds

    with _friendly():
        known = sorted(p.stem for p in (data_root() / "runes").glob("*.toml"))
        if runes.strip().lower() not in known:
            raise CallAdventureError(f"unknown rune set {runes!r}; bundled rune sets: {', '.join(known)}")
        rune_set = bundled_runes(runes.strip().lower())
        pool = list(rune_set.core[: _core_count(core)])
        for icon, n in _abilities(ability or []):
            pool.extend(rune_set.ability_runes(icon, n))
        pool.extend([rune_set.dark] * dark)
        if not pool:
            raise CallAdventureError("the pool is empty: add core, ability or Dark runes")
        result = attempt_odds(pool, difficulty, bonus)
        if as_json:
            _echo_json(
                {
                    "runes": [r.id for r in pool],
                    "rune_set": rune_set.id,
                    "difficulty": difficulty,
                    "bonus": bonus,
                    "p_success": result.probability,
                    "p_success_exact": str(result.p_success),
                    "mean": float(result.mean),
                    "min": result.min,
                    "max": result.max,
                    "distribution": {str(t): float(p) for t, p in result.distribution.items()},
                    "expected": {e.value: float(result.expected(e)) for e in EFFECTS},
                }
            )
            return
        console = _out()
        console.print(
            Text(
                f"{len(pool)} runes ({' '.join(r.id for r in pool)}) from the {rune_set.id} set, "
                f"bonus {bonus:+d}, difficulty {difficulty}"
            )
        )
        console.print(result)
        console.print(
            Text(f"P(success) = {result.probability * 100:.2f}% (exactly {result.p_success})", style="bold")
        )


# ----------------------------------------------------------------------------- cards


def _load_sets(set_id: str | None) -> list[CardSet]:
    from .carddata import bundled_set, bundled_sets

    if set_id is not None:
        return [bundled_set(set_id)]
    return [bundled_set(s) for s in bundled_sets()]


def _card_type(name: str | None) -> CardType | None:
    if name is None:
        return None
    try:
        return CardType(name.strip().lower())
    except ValueError:
        raise CallAdventureError(
            f"unknown card type {name!r}; choose from {[t.value for t in CardType]}"
        ) from None


@cards_app.command("list")
def cards_list(
    set_id: Annotated[str | None, typer.Option("--set", help="Only this bundled set (e.g. core).")] = None,
    card_type: Annotated[
        str | None, typer.Option("--type", help="Only this type: challenge, trait, ally, origin, hero …")
    ] = None,
) -> None:
    """List the cards of the bundled sets."""
    with _friendly():
        wanted = _card_type(card_type)
        sets = _load_sets(set_id)
        cards = [c for s in sets for c in s.cards if wanted is None or c.type is wanted]
        table = Table(title=f"{len(cards)} cards", title_justify="left")
        for column in ("Id", "Name", "Type", "Act", "Diff.", "Abilities"):
            table.add_column(column)
        for c in cards:
            table.add_row(
                c.id,
                c.name,
                c.type.value,
                str(c.act or ""),
                "" if c.difficulty is None else str(c.difficulty),
                " ".join(a.value for a in c.abilities),
            )
        _out().print(table)


def _find_card(name: str, set_id: str | None) -> Card:
    cards = [c for s in _load_sets(set_id) for c in s.cards]
    key = name.strip().casefold()
    exact = [c for c in cards if c.id.casefold() == key or c.name.casefold() == key]
    if not exact:
        exact = [c for c in cards if c.id.casefold().endswith("/" + key)]
    if len(exact) >= 1:
        return exact[0]
    names = sorted({c.name for c in cards})
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(n) for n in close)}?" if close else ""
    raise CallAdventureError(f"no card named {name!r}{hint}")


def _card_view(card: Card) -> Any:
    try:
        from .display import card_rich

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


@cards_app.command("show")
def cards_show(
    name: Annotated[
        str, typer.Argument(help="A card's name or id (e.g. 'Wild Boar Hunt' or core/wild-boar).")
    ],
    set_id: Annotated[str | None, typer.Option("--set", help="Only look in this bundled set.")] = None,
) -> None:
    """Show one card: paths, icons, points, powers and source."""
    with _friendly():
        card = _find_card(name, set_id)
        _out().print(_card_view(card))


def _validate_path(path: FsPath) -> str:
    """Load a card-set folder or a card / rune / track file; return a summary or raise CardDataError."""
    from .carddata import (
        CARDS_FORMAT,
        RUNES_FORMAT,
        SET_FORMAT,
        TRACK_FORMAT,
        load_card_file,
        load_card_set,
        load_rune_set,
        load_track,
    )

    if path.is_dir():
        card_set = load_card_set(path)
        counts = Counter(c.type.value for c in card_set.cards)
        detail = ", ".join(f"{n} {t}" for t, n in sorted(counts.items()))
        return f"OK {path}: set {card_set.id!r}, {len(card_set.cards)} cards in {len(card_set.files)} files ({detail})"
    if not path.exists():
        raise CardDataError(str(path), None, None, "no such file or folder")
    try:
        with path.open("rb") as fh:
            doc = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(str(path), None, None, f"not valid TOML: {exc}") from None
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


@cards_app.command("validate")
def cards_validate(
    paths: Annotated[list[FsPath], typer.Argument(help="Card-set folders or card, rune or track files.")],
) -> None:
    """Check card data: print OK with counts, or the file, card and field of the first problem (exit 1)."""
    failed = False
    for path in paths:
        try:
            typer.echo(_validate_path(path))
        except (CallAdventureError, ValueError) as exc:
            failed = True
            typer.echo(f"error: {' '.join(str(exc).split())}", err=True)
        except OSError as exc:
            failed = True
            typer.echo(f"error: {path}: {exc.strerror or exc}", err=True)
    if failed:
        raise typer.Exit(1)


# ----------------------------------------------------------------------------- rules


@app.command()
def rules(
    as_json: Annotated[bool, typer.Option("--json", help="Print the options as JSON.")] = False,
) -> None:
    """List the rules options (points the rule texts leave open) with their defaults and choices."""
    from .options import Rules

    options = Rules.options()
    if as_json:
        _echo_json(
            {name: {"default": values[0], "choices": list(values)} for name, values in options.items()}
        )
        return
    table = Table(title="Rules options (the first choice is the default)", title_justify="left")
    table.add_column("Option")
    table.add_column("Default")
    table.add_column("Choices")
    for name, values in options.items():
        table.add_row(name, values[0], ", ".join(values))
    _out().print(table)


def main() -> None:
    """The ``calladventure`` console script."""
    app(prog_name="calladventure")
