"""The ``calladventure`` command line: play, demo games, scenarios, explanations, odds, card data, rules options.

Every command is a function registered on :data:`app` (sub-groups such as ``cards`` and
``scenario`` are their own Typer apps), so new commands slot in beside these. Every command that
reports has ``--json``. Errors the user can cause (:class:`~calladventure.errors.CallAdventureError`,
a ``ValueError``, or an unreadable file) are printed as one line on standard error with exit
status 1, never as a traceback. ``calladventure play`` is an interactive game in the terminal
(000 · Each Turn); ``calladventure scenario run`` plays scenario files (docs/scenarios.md).
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

from ..values.cards import Card, CardSet, CardType
from ..values.errors import CallAdventureError, CardDataError


def _examples(*commands: str) -> str:
    """A help epilog listing example commands, kept unwrapped (click's ``\\b`` marker)."""
    return "\b\nExamples:\n" + "\n".join(f"  {c}" for c in commands)


EXAMPLES = _examples(
    "calladventure play --seats human,greedy",
    "calladventure scenario check examples/scenarios",
    "calladventure explain examples/scenarios/000-faqs-card-timing.toml",
    "calladventure replay my-game.json --all",
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
    add_completion=True,
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
        "calladventure demo --players 1 --sets stormlight --mode solo --quest 'Radiants United'",
        "calladventure demo --players 2 --sets core,notw",
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
    sets: Annotated[
        str, typer.Option(help="Comma-separated card sets (e.g. core, stormlight, core,notw).")
    ] = "core",
    mode: Annotated[
        str,
        typer.Option(help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium)."),
    ] = "competitive",
    quest: Annotated[
        str | None, typer.Option(help="The Adversary Quest of a solo or co-op game (name or id).")
    ] = None,
) -> None:
    """Play a seeded game between bots and print it as an annotated log, citing the rules."""
    from rich.console import Console as RichConsole

    from ..play.bots import play_game
    from ..present.demo import demo_record, new_demo_game, run_demo

    set_list = tuple(s.strip() for s in sets.split(",") if s.strip())
    with _friendly():
        if as_json:
            game, seats = new_demo_game(seed, players, bots, sets=set_list, mode=mode, quest=quest)
            play_game(game, seats)
            _echo_json(demo_record(game, bots, seed))
        else:
            run_demo(
                seed=seed,
                players=players,
                bots=bots,
                out=RichConsole(highlight=False),
                sets=set_list,
                mode=mode,
                quest=quest,
            )


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
    from ..values.icons import ABILITIES, Icon

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
    from ..data.cards import bundled_runes, data_root
    from ..rules.odds import EFFECTS, attempt_odds

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
    from ..data.cards import bundled_set, bundled_sets

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


def _card_json(card: Card) -> dict[str, Any]:
    from ..data.cards import CONVERTER

    doc: dict[str, Any] = CONVERTER.unstructure(card)
    return doc


@cards_app.command(
    "list",
    epilog=_examples(
        "calladventure cards list --set core --type challenge",
        "calladventure cards list --type hero --json",
    ),
)
def cards_list(
    set_id: Annotated[str | None, typer.Option("--set", help="Only this bundled set (e.g. core).")] = None,
    card_type: Annotated[
        str | None, typer.Option("--type", help="Only this type: challenge, trait, ally, origin, hero …")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the cards as JSON (every field).")] = False,
) -> None:
    """List the cards of the bundled sets."""
    with _friendly():
        wanted = _card_type(card_type)
        sets = _load_sets(set_id)
        cards = [c for s in sets for c in s.cards if wanted is None or c.type is wanted]
        if as_json:
            _echo_json([_card_json(c) for c in cards])
            return
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
        from ..present.display import card_rich

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
    epilog=_examples(
        'calladventure cards show "Wild Boar Hunt"',
        "calladventure cards show core/wild-boar --json",
    ),
)
def cards_show(
    name: Annotated[
        str, typer.Argument(help="A card's name or id (e.g. 'Wild Boar Hunt' or core/wild-boar).")
    ],
    set_id: Annotated[str | None, typer.Option("--set", help="Only look in this bundled set.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the card as JSON (every field).")] = False,
) -> None:
    """Show one card: paths, icons, points, powers and source."""
    with _friendly():
        card = _find_card(name, set_id)
        if as_json:
            _echo_json(_card_json(card))
            return
        _out().print(_card_view(card))


def _validate_path(path: FsPath) -> str:
    """Load a card-set folder or a card / rune / track file; return a summary or raise CardDataError."""
    from ..data.cards import (
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


@cards_app.command(
    "validate",
    epilog=_examples(
        "calladventure cards validate cards/core",
        "calladventure cards validate my-set/ extra.toml --json",
    ),
)
def cards_validate(
    paths: Annotated[list[FsPath], typer.Argument(help="Card-set folders or card, rune or track files.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one {path, ok, message} entry per path as JSON.")
    ] = False,
) -> None:
    """Check card data: print OK with counts, or the file, card and field of the first problem (exit 1)."""
    failed = False
    report: list[dict[str, Any]] = []
    for path in paths:
        try:
            message = _validate_path(path)
            ok = True
        except (CallAdventureError, ValueError) as exc:
            message, ok = " ".join(str(exc).split()), False
        except OSError as exc:
            message, ok = f"{path}: {exc.strerror or exc}", False
        failed = failed or not ok
        report.append({"path": str(path), "ok": ok, "message": message})
        if not as_json:
            if ok:
                typer.echo(message)
            else:
                typer.echo(f"error: {message}", err=True)
    if as_json:
        _echo_json(report)
    if failed:
        raise typer.Exit(1)


# ----------------------------------------------------------------------------- rules


@app.command(epilog=_examples("calladventure rules", "calladventure rules --json"))
def rules(
    as_json: Annotated[bool, typer.Option("--json", help="Print the options as JSON.")] = False,
) -> None:
    """List the rules options (points the rule texts leave open) with their defaults and choices."""
    from ..values.options import Rules

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


# ----------------------------------------------------------------------------- scenarios

scenario_app = typer.Typer(
    help="Run and check scenario files: rules questions answered by the engine (docs/scenarios.md).",
    epilog=_examples(
        "calladventure scenario run examples/scenarios/000-faqs-card-timing.toml",
        "calladventure scenario check examples/scenarios",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md",
    ),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(scenario_app, name="scenario")

_FILES_HELP = "Scenario files (.toml), or folders of them."


def _scenario_results(files: list[FsPath]) -> list[tuple[FsPath, Any]]:
    from ..play.scenario import run_files, scenario_files

    found = scenario_files(files)
    missing = [p for p in files if not p.exists()]
    if missing:
        raise CallAdventureError(f"{missing[0]}: no such file or folder")
    if not found:
        raise CallAdventureError(f"no scenario files (*.toml) in {', '.join(str(f) for f in files)}")
    return list(run_files(found))


@scenario_app.command(
    "run",
    epilog=_examples(
        "calladventure scenario run examples/scenarios/000-faqs-card-timing.toml",
        "calladventure scenario run examples/scenarios --json",
    ),
)
def scenario_run(
    files: Annotated[list[FsPath], typer.Argument(help=_FILES_HELP)],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print each scenario's steps, events, checks and failure as JSON.")
    ] = False,
) -> None:
    """Play scenarios step by step: each step's events (with their rules) and checks; exit 1 if one fails."""
    from ..play.scenario import ScenarioError

    with _friendly():
        results = _scenario_results(files)
    failed = 0
    docs: list[Any] = []
    console = _out()
    for path, result in results:
        if isinstance(result, ScenarioError):
            failed += 1
            docs.append({"file": str(path), "ok": False, "error": str(result)})
            if not as_json:
                typer.echo(f"error: {' '.join(str(result).split())}", err=True)
            continue
        failed += not result.ok
        if as_json:
            docs.append(result.to_dict())
            continue
        console.print(result)
        if not result.ok:
            typer.echo(f"FAIL {result.failure}", err=True)
    if as_json:
        _echo_json(docs)
    else:
        console.print(Text(f"{len(results) - failed} passed, {failed} failed", style="bold"))
    if failed:
        raise typer.Exit(1)


@scenario_app.command(
    "check",
    epilog=_examples(
        "calladventure scenario check examples/scenarios",
        "calladventure scenario check a.toml b.toml --json",
    ),
)
def scenario_check(
    files: Annotated[list[FsPath], typer.Argument(help=_FILES_HELP)],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print {file, ok, steps, checks, failure} per file.")
    ] = False,
) -> None:
    """Check scenarios quietly: one line per file and exit status 1 if any fails (for CI)."""
    from ..play.scenario import ScenarioError

    with _friendly():
        results = _scenario_results(files)
    failed = 0
    docs: list[dict[str, Any]] = []
    for path, result in results:
        if isinstance(result, ScenarioError):
            failed += 1
            line, entry = f"FAIL {result}", {"file": str(path), "ok": False, "failure": str(result)}
        elif result.ok:
            line = f"ok   {path} ({len(result.steps)} steps, {result.checks} checks)"
            entry = {"file": str(path), "ok": True, "steps": len(result.steps), "checks": result.checks}
        else:
            failed += 1
            line = f"FAIL {result.failure}"
            entry = {"file": str(path), "ok": False, "failure": str(result.failure)}
        docs.append(entry)
        if not as_json:
            typer.echo(" ".join(line.split()) if line.startswith("FAIL") else line)
    if as_json:
        _echo_json(docs)
    else:
        typer.echo(f"{len(results) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


@scenario_app.command(
    "questions",
    epilog=_examples(
        "calladventure scenario questions examples/scenarios",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md",
        "calladventure scenario questions examples/scenarios --output docs/rules-questions.md --check",
    ),
)
def scenario_questions(
    files: Annotated[list[FsPath], typer.Argument(help=_FILES_HELP)],
    output: Annotated[
        FsPath | None, typer.Option(help="Write the page to this file instead of printing it.")
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Do not write: exit 1 if --output differs from the page.")
    ] = False,
) -> None:
    """Build the "rules questions" page (Markdown) from scenario files: each question, answer, rules and file."""
    from ..play.scenario import questions_page

    with _friendly():
        page = questions_page(files, base=FsPath.cwd())
        if output is None:
            typer.echo(page, nl=False)
            return
        if check:
            current = output.read_text(encoding="utf-8") if output.exists() else ""
            if current != page:
                _fail(f"{output} is out of date: run without --check to rewrite it")
            typer.echo(f"{output} is up to date")
            return
        output.write_text(page, encoding="utf-8")
        typer.echo(f"wrote {output}")


# ----------------------------------------------------------------------------- games from files


def _game_from_file(path: FsPath) -> tuple[Any, Any]:
    """A saved game (JSON) or a scenario (TOML, played): (game, scenario result or None)."""
    from ..game.game import Game
    from ..play.scenario import Scenario

    if path.suffix.lower() == ".toml":
        result = Scenario.load(path).run()
        return result.game, result
    if not path.exists():
        raise CallAdventureError(f"{path}: no such file")
    return Game.load(path), None


def _steps_of(game: Any) -> list[dict[str, Any]]:
    """Each action of a game with the events it caused (step 0: the setup)."""
    by_step: dict[int, list[Any]] = {}
    for e in game.events:
        by_step.setdefault(e.step, []).append(e)
    out = []
    for i in range(len(game.history) + 1):
        action = "setup" if i == 0 else game.describe(game.history[i - 1])
        seat = None if i == 0 else _actor(game, i - 1)
        out.append({"step": i, "seat": seat, "action": action, "events": by_step.get(i, [])})
    return out


def _scenario_steps(game: Any, result: Any) -> list[dict[str, Any]]:
    """A scenario's steps with the events each caused (step 0: the setup of a newly dealt game)."""
    setup = [e for e in game.events if e.step == 0]
    out = [{"step": 0, "seat": None, "action": "setup", "note": "", "events": setup}]
    for s in result.steps:
        out.append(
            {"step": s.index, "seat": None, "action": s.action, "note": s.note, "events": list(s.events)}
        )
    return out


def _actor(game: Any, index: int) -> int | None:
    """The seat that took the action at ``index`` of the history (the attempting seat for a cast)."""
    from ..rules import engine

    who: int | None = engine.to_move(game.state_at(index))
    return who


def _event_json(e: Any) -> dict[str, Any]:
    return {"step": e.step, "seat": e.seat, "section": e.section, "citation": e.citation, "text": e.text}


def _print_step(console: Console, game: Any, item: dict[str, Any]) -> None:
    from ..present.demo import event_line

    who = "" if item["seat"] is None else f"{game.config.name(item['seat'])}: "
    console.print(Text(f"step {item['step']} · {who}{item['action']}", style="bold"))
    if item.get("note"):
        console.print(Text(f"  ({item['note']})", style="italic"))
    labels = [game.config.name(i) for i in range(len(game.state.players))]
    for e in item["events"]:
        console.print(event_line(e, labels))


@app.command(
    epilog=_examples(
        "calladventure explain my-game.json",
        "calladventure explain examples/scenarios/000-faqs-card-timing.toml --step 3",
        "calladventure explain my-game.json --json",
    )
)
def explain(
    file: Annotated[FsPath, typer.Argument(help="A saved game (.json) or a scenario (.toml).")],
    step: Annotated[int | None, typer.Option(help="Only this step (0 is the setup).")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the steps and their events as JSON.")
    ] = False,
) -> None:
    """The event log of a saved game or scenario: each action and the events it caused, each with its rule."""
    with _friendly():
        game, result = _game_from_file(file)
        steps = _steps_of(game) if result is None else _scenario_steps(game, result)
        if step is not None:
            if not 0 <= step < len(steps):
                raise CallAdventureError(f"--step must be between 0 and {len(steps) - 1}")
            steps = [steps[step]]
    if as_json:
        doc: dict[str, Any] = {
            "file": str(file),
            "steps": [{**s, "events": [_event_json(e) for e in s["events"]]} for s in steps],
        }
        if result is not None:
            sc = result.scenario
            doc.update(question=sc.question, answer=sc.answer, sections=list(sc.sections), ok=result.ok)
            doc["failure"] = None if result.ok else str(result.failure)
        _echo_json(doc)
    else:
        console = _out()
        if result is not None:
            sc = result.scenario
            if sc.title:
                console.print(Text(sc.title, style="bold"))
            if sc.question:
                console.print(Text(f"Q: {sc.question}"))
            if sc.answer:
                console.print(Text(f"A: {sc.answer}", style="italic"))
        for item in steps:
            _print_step(console, game, item)
    if result is not None and not result.ok:
        _fail(str(result.failure))


def _interactive() -> bool:
    """Whether standard input is a terminal (replay then asks at a prompt)."""
    import sys

    return sys.stdin.isatty()


def _replay_view(game: Any, step: int) -> Any:
    from ..present.display import game_rich

    view = game.copy()
    view.undo_to(step)
    return game_rich(view, reveal=True)


@app.command(
    epilog=_examples(
        "calladventure replay my-game.json",
        "calladventure replay my-game.json --all",
        "calladventure replay my-game.json --step 12",
        "calladventure replay my-game.json --json",
    )
)
def replay(
    file: Annotated[
        FsPath, typer.Argument(help="A saved game (.json, from 'play' or Game.save) or a scenario (.toml).")
    ],
    step: Annotated[
        int | None, typer.Option(help="Show the whole table after this many actions, then stop.")
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Print every step at once (no prompt).")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print every action and its events as JSON.")
    ] = False,
) -> None:
    """Step through a saved game: Enter or n next, b back, g N go to step N, v view the table, q quit."""
    with _friendly():
        game, _result = _game_from_file(file)
        steps = _steps_of(game)
        if step is not None and not 0 <= step < len(steps):
            raise CallAdventureError(f"--step must be between 0 and {len(steps) - 1}")
    console = _out()
    if as_json:
        _echo_json([{**s, "events": [_event_json(e) for e in s["events"]]} for s in steps])
        return
    if step is not None:
        console.print(_replay_view(game, step))
        return
    if show_all or not _interactive():
        for item in steps:
            _print_step(console, game, item)
        return
    at = 0
    _print_step(console, game, steps[0])
    while True:
        try:
            line = input(f"replay {at}/{len(steps) - 1}> ").strip().lower()
        except EOFError:
            return
        if line in ("", "n"):
            if at + 1 >= len(steps):
                typer.echo("that was the last step (b back, g N, q quit)")
                continue
            at += 1
            _print_step(console, game, steps[at])
        elif line == "b":
            at = max(0, at - 1)
            _print_step(console, game, steps[at])
        elif line.startswith("g"):
            target = line[1:].strip()
            if not target.isdigit() or not 0 <= int(target) < len(steps):
                typer.echo(f"error: write g N with N from 0 to {len(steps) - 1}")
                continue
            at = int(target)
            _print_step(console, game, steps[at])
        elif line == "v":
            console.print(_replay_view(game, at))
        elif line == "q":
            return
        else:
            typer.echo("error: n (or Enter) next, b back, g N go to step N, v view the table, q quit")


# ----------------------------------------------------------------------------- play

PLAY_HELP = """\b
At your prompt, type:
  N         the number of a legal action (or the action itself, e.g. "gain Brave")
  u         undo your last decision (and the bots' moves after it)
  s FILE    save: FILE.json is a save, FILE.toml a scenario of this position
  l FILE    load a save (.json) or a scenario (.toml, its steps played)
  o         the exact odds of every attempt open to you now
  t         the whole table again
  q         quit
"""


@app.command(
    help="Play an interactive game in the terminal, with any mix of human and bot seats.\n\n" + PLAY_HELP,
    epilog=_examples(
        "calladventure play",
        "calladventure play --seats human,greedy,random --seed 3",
        "calladventure play --seats human,human --rule icon_sets=cap_at_four",
        "calladventure play --seats human,greedy --sets stormlight --mode coop",
        "calladventure play --load my-game.json",
        "calladventure play --load examples/scenarios/000-play-example-ending-act-i.toml --seats human,human",
    ),
)
def play(
    seats: Annotated[
        str, typer.Option(help="Comma-separated seats: human, greedy or random (repeated to fill --players).")
    ] = "human,greedy",
    players: Annotated[
        int | None, typer.Option(min=1, max=4, help="Number of heroes (default: one per --seats entry).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots.")] = 7,
    sets: Annotated[str, typer.Option(help="Comma-separated card sets (e.g. core or stormlight).")] = "core",
    rule: Annotated[
        list[str] | None,
        typer.Option(metavar="OPTION=VALUE", help="A rules option (see 'calladventure rules')."),
    ] = None,
    load: Annotated[
        FsPath | None, typer.Option(help="Start from a save (.json) or a scenario (.toml, its steps played).")
    ] = None,
    reveal: Annotated[bool, typer.Option(help="Show every hand and Destiny (a teaching view).")] = False,
    mode: Annotated[
        str,
        typer.Option(help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium)."),
    ] = "competitive",
    quest: Annotated[
        str | None, typer.Option(help="The Adversary Quest of a solo or co-op game (name or id).")
    ] = None,
) -> None:
    from ..game.game import Game

    with _friendly():
        kinds = _seat_kinds(seats)
        if load is not None:
            game, _result = _game_from_file(load)
        else:
            n = players if players is not None else len(kinds)
            options = _rule_options(rule or [])
            game = Game.new(
                players=n,
                seed=seed,
                sets=[s.strip() for s in sets.split(",") if s.strip()],
                mode=mode,
                quest=quest,
                **options,
            )
        session = PlaySession(game, kinds, seed=seed, console=_out(), reveal=reveal)
    session.run()


def _seat_kinds(spec: str) -> list[str]:
    from ..play.bots import BOTS

    kinds = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if not kinds:
        raise CallAdventureError("--seats needs at least one seat: human, greedy or random")
    for kind in kinds:
        if kind != "human" and kind not in BOTS:
            raise CallAdventureError(f"unknown seat {kind!r}; choose from {['human', *sorted(BOTS)]}")
    return kinds


def _rule_options(specs: list[str]) -> dict[str, Any]:
    from ..values.options import Rules

    out: dict[str, Any] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep:
            raise CallAdventureError(f"--rule {spec!r}: write OPTION=VALUE, e.g. icon_sets=cap_at_four")
        name = name.strip()
        text = value.strip()
        parsed: Any = text
        if text.lower() in ("true", "false"):
            parsed = text.lower() == "true"
        elif text.lstrip("-").isdigit():
            parsed = int(text)
        out[name] = parsed
    Rules().replace(**out)  # unknown options or values fail here, in one line
    return out


class PlaySession:
    """An interactive game: human seats answer a prompt, bot seats move by themselves (000 · Each Turn).

    Each human decision shows the table, the hero's tableau, the events since the last one and the
    numbered legal actions, with the exact odds of every attempt (000 · Rune Probability).
    Bad input prints one line and asks again; the game is never lost by a typo.
    """

    def __init__(
        self,
        game: Any,
        kinds: list[str],
        *,
        seed: int = 0,
        console: Console | None = None,
        reveal: bool = False,
        read: Any = None,
    ) -> None:
        self.game = game
        self.console = console or Console(highlight=False)
        self.reveal = reveal
        self.read = read or input
        self.seed = seed
        self._set_kinds(kinds)
        self.seen = len(game.events)

    def _set_kinds(self, kinds: list[str]) -> None:
        from ..play.bots import make_bots

        n = len(self.game.state.players)
        self.kinds = [kinds[i % len(kinds)] for i in range(n)]
        bots = [k if k != "human" else "random" for k in self.kinds]
        self.bots = make_bots(bots, n, self.seed)

    def human(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] == "human"

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the user quits (or input ends)."""
        self.say(
            f"Call to Adventure: {len(self.kinds)} heroes ("
            + ", ".join(f"{self.game.config.name(i)} {k}" for i, k in enumerate(self.kinds))
            + "). Type ? for help.",
            "bold",
        )
        shown = -1
        while True:
            game = self.game
            seat = game.to_move
            if not game.over and not self.human(seat):
                self.bot_move()
                continue
            if shown != len(game.history) or game.over:
                self.show()
                shown = len(game.history)
            prompt = "game over> " if game.over else f"{game.config.name(seat)}> "
            try:
                line = self.read(prompt)
            except (EOFError, KeyboardInterrupt):
                self.say("\nbye")
                return
            if not self.handle(line.strip()):
                return

    def bot_move(self) -> None:
        from ..values.actions import AttemptChallenge, CastRunes

        game = self.game
        seat = game.to_move
        assert seat is not None
        action = CastRunes() if game.is_chance else self.bots[seat].choose(game)
        odds = ""
        if isinstance(action, AttemptChallenge):
            p = game.odds(action.card, action.side.value, action.dark).probability
            odds = f" ({p * 100:.1f}% to succeed)"
        if not isinstance(action, CastRunes):
            self.say(f"{game.config.name(seat)} ({self.kinds[seat]}): {game.describe(action)}{odds}", "cyan")
        game.push(action)
        self.flush_events()

    def flush_events(self) -> None:
        from ..present.demo import event_line

        events = self.game.events
        labels = [self.game.config.name(i) for i in range(len(self.game.state.players))]
        for e in events[self.seen :]:
            self.console.print(event_line(e, labels))
        self.seen = len(events)

    # ------------------------------------------------------------------ showing

    def show(self) -> None:
        from rich.panel import Panel

        from ..present.display import rows_rich, scores_rich, tableau_rich, waiting_for

        game = self.game
        self.flush_events()
        if game.over:
            self.console.print(scores_rich(game.score()))
            self.say("The game is over: u undo, s FILE save, l FILE load, q quit.", "bold")
            return
        seat = game.to_move
        assert seat is not None
        self.console.print(Panel(rows_rich(game), title="The table", title_align="left"))
        for other in range(len(game.state.players)):
            if other != seat:
                self.say(self.summary(other), "dim")
        self.console.print(tableau_rich(game, seat, reveal=True))
        if self.reveal:
            for other in range(len(game.state.players)):
                if other != seat:
                    self.console.print(tableau_rich(game, other, reveal=True))
        self.say(f"Waiting for {waiting_for(game)}", "bold")
        if game.state.attempt is not None and (game.is_chance or game.state.pending):
            try:
                p = game.odds().probability
                self.say(
                    f"The attempt under way: {p * 100:.2f}% to succeed with what is played so far", "yellow"
                )
            except CallAdventureError:
                pass
        for i, text in enumerate(self.numbered(), 1):
            self.say(f"{i:>3}. {text}")

    def summary(self, seat: int) -> str:
        p = self.game.state.players[seat]
        act = "finished" if p.act > 3 else f"Act {p.act}"
        kind = self.kinds[seat]
        return f"{self.game.config.name(seat)} ({kind}): {act}, {len(p.story_cards())} Story cards, {len(p.allies)} Allies, {p.xp} XP, {len(p.hand)} in hand"

    def numbered(self) -> list[str]:
        """The legal actions in words; every attempt with its exact chance of success."""
        from ..values.actions import AttemptChallenge

        game = self.game
        out = []
        for action in game.legal_actions:
            text = game.describe(action)
            if isinstance(action, AttemptChallenge):
                p = game.odds(action.card, action.side.value, action.dark).probability
                text += f"   ({p * 100:.2f}% to succeed)"
            out.append(text)
        return out

    def odds_table(self) -> None:
        from ..values.actions import AttemptChallenge

        game = self.game
        table = Table(title="Exact odds (000 · Rune Probability)", title_justify="left")
        for col in ("Attempt", "Runes", "Difficulty", "P(success)"):
            table.add_column(col)
        rows = 0
        if game.state.attempt is not None:
            odds = game.odds()
            table.add_row("the attempt under way", str(odds.runes), "", f"{odds.probability * 100:.2f}%")
            rows += 1
        for action in game.legal_actions:
            if isinstance(action, AttemptChallenge):
                odds = game.odds(action.card, action.side.value, action.dark)
                card = game.ctx.db[action.card]
                table.add_row(
                    game.describe(action),
                    str(odds.runes),
                    str(card.difficulty),
                    f"{odds.probability * 100:.2f}%",
                )
                rows += 1
        if rows:
            self.console.print(table)
        else:
            self.say("No attempt is open to you now.")

    # ------------------------------------------------------------------ input

    def error(self, message: str) -> None:
        self.console.print(Text("error: " + " ".join(message.split()), style="red"))

    def handle(self, line: str) -> bool:
        """Act on one line of input; False to quit. Bad input prints one line and changes nothing."""
        game = self.game
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if line == "":
                self.error("type the number of an action, or ? for help")
            elif word in ("q", "quit", "exit"):
                self.say("bye")
                return False
            elif word in ("?", "h", "help"):
                self.console.print(Text(PLAY_HELP.replace("\b\n", "")))
            elif word == "u":
                self.undo()
            elif word == "s":
                self.save(rest.strip())
            elif word == "l":
                self.load(rest.strip())
            elif word == "o":
                self.odds_table()
            elif word == "t":
                from ..present.display import game_rich

                self.console.print(game_rich(game, reveal=self.reveal))
            elif game.over:
                self.error("the game is over: u undo, s FILE save, l FILE load, q quit")
            elif line.isdigit():
                legal = game.legal_actions
                n = int(line)
                if not 1 <= n <= len(legal):
                    self.error(f"there is no action {n}: choose 1 to {len(legal)}")
                else:
                    game.push(legal[n - 1])
            else:
                game.push(game.parse(line))
        except CallAdventureError as exc:
            self.error(str(exc))
        except OSError as exc:
            self.error(f"{exc.filename or ''}: {exc.strerror or exc}")
        return True

    def undo(self) -> None:
        """Take back the last human decision and everything after it (000 · Each Turn)."""
        game = self.game
        history = game.history
        for i in range(len(history) - 1, -1, -1):
            before = game.state_at(i)
            from ..rules import engine

            if self.human(engine.to_move(before)) and not engine.is_chance(before):
                taken = [game.describe(a) for a in history[i:]]
                game.undo_to(i)
                self.seen = min(self.seen, len(game.events))
                self.say(f"undone: {'; '.join(taken)}", "yellow")
                return
        self.error("nothing to undo: no decision of yours yet")

    def save(self, name: str) -> None:
        if not name:
            self.error("write s FILE (FILE.json: a save; FILE.toml: a scenario of this position)")
            return
        path = FsPath(name)
        if path.suffix.lower() == ".toml":
            from ..play.scenario import Scenario

            Scenario.from_game(
                self.game, title=f"saved from calladventure play at step {len(self.game.history)}"
            ).save(path)
            self.say(f"saved this position as a scenario: {path}", "green")
        else:
            self.game.save(path)
            self.say(f"saved the game: {path}", "green")

    def load(self, name: str) -> None:
        if not name:
            self.error("write l FILE (a save .json or a scenario .toml)")
            return
        game, result = _game_from_file(FsPath(name))
        if result is not None and not result.ok:
            self.error(f"the scenario does not run: {result.failure}")
            return
        self.game = game
        self._set_kinds(self.kinds)
        self.seen = max(0, len(game.events) - 8)
        self.say(f"loaded {name}: {len(game.history)} actions", "green")


def main() -> None:
    """The ``calladventure`` console script."""
    app(prog_name="calladventure")


__all__ = [
    "EXAMPLES",
    "PLAY_HELP",
    "PlaySession",
    "app",
    "cards_app",
    "cards_list",
    "cards_show",
    "cards_validate",
    "demo",
    "explain",
    "main",
    "odds",
    "play",
    "replay",
    "rules",
    "scenario_app",
    "scenario_check",
    "scenario_questions",
    "scenario_run",
]
