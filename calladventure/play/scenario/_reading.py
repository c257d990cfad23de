"""Reading a scenario file: TOML (read by the data layer, bounded, never executing anything) into checked values.

:func:`read_file` and :func:`read_text` parse the TOML; :func:`read_document` checks the
format and the top-level keys, structures the rest (:mod:`.convert`) and then checks what the
types alone cannot (:func:`check_scenario`): seats, rule sections, icons, one action per step,
the rules options; what the file gives the boxes is checked by their declarations
(:mod:`.box_keys`). Every problem is a :class:`~.schema.ScenarioError` naming the file,
the step (or section) and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path as FsPath
from typing import Any, TypeVar

import attrs

from ...data._files import parse_toml, read_toml
from ...data._limits import MAX_FILE_BYTES
from ...data._problems import shown
from ...data._sources import DataSources
from ...game._library import DEFAULT
from ...rules._context import Library
from ...values._errors import CallAdventureError, CardDataError
from ...values._icons import Icon, declared_icons
from ...values._options import Rules
from ...values._sections import SECTIONS
from ._box_keys import box_problems, position_tables
from ._convert import scenario_cards, structure_scenario
from ._schema import (
    SCENARIO_FORMAT,
    TOP_KEYS,
    DecksEntry,
    ScenarioData,
    ScenarioError,
    ScenarioProblem,
    seat_of,
    slug,
)
from ._steps import TUCKED, Step

__all__ = ["check_scenario", "read_document", "read_file", "read_text", "rules_of", "seat"]

S = TypeVar("S", bound=ScenarioData)

# ============================================================================ reading


def read_file(
    cls: type[S], path: str | FsPath, *, sources: DataSources | None = None, library: Library | None = None
) -> S:
    """Read and check a scenario file; :class:`ScenarioError` names the file, step and field of every problem.

    The file is read as every data file is (:func:`calladventure.data.read_toml`): at most
    ``MAX_FILE_BYTES``, UTF-8 (a byte-order mark is fine), nested at most ``MAX_NESTING`` deep.
    """
    file = str(path)
    try:
        doc = read_toml(FsPath(path))
    except CardDataError as err:
        raise ScenarioError(file, None, err.field, err.problem) from None
    stem = FsPath(path).stem
    return read_document(cls, doc, file=file, default_set=f"scenario-{slug(stem)[:40]}", library=library)


def read_text(
    cls: type[S],
    text: str,
    *,
    file: str = "<string>",
    sources: DataSources | None = None,
    library: Library | None = None,
) -> S:
    """Read a scenario from TOML text (bounded like a file)."""
    if not isinstance(text, str):
        raise ScenarioError(file, None, None, f"a scenario is TOML text, not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError(file, None, None, f"the text is over {MAX_FILE_BYTES} bytes (MAX_FILE_BYTES)")
    try:
        doc = parse_toml(text.removeprefix("\ufeff"), file)
    except CardDataError as err:
        raise ScenarioError(file, None, err.field, err.problem) from None
    return read_document(cls, doc, file=file, library=library)


def read_document(
    cls: type[S],
    doc: Mapping[str, Any],
    *,
    file: str = "<scenario>",
    default_set: str = "scenario",
    library: Library | None = None,
) -> S:
    """Structure a parsed TOML document into a checked ``cls``; one :class:`ScenarioError` lists every problem.

    Inline ``[[cards]]`` are read as a card file is (strictly); they form the card set
    ``[game] card_set``, or ``default_set`` when the file names none. A table, a hero's, a
    step's or an ``expect`` key that is not the core's must be one a box of ``library`` (the
    default one if not given) declares, and is checked by its declaration.
    """
    if not isinstance(doc, Mapping):
        raise ScenarioError(file, None, None, f"a scenario is a table, not {type(doc).__name__}")
    problems: list[ScenarioProblem] = []
    fmt = doc.get("format")
    if fmt != SCENARIO_FORMAT:
        raise ScenarioError(file, None, "format", f"expected format = {SCENARIO_FORMAT!r}, got {shown(fmt)}")
    boxes = (library or DEFAULT).expansions
    known = [*TOP_KEYS, *position_tables(boxes)]
    extra = sorted(str(k) for k in set(doc) - set(known))
    if extra:
        problems.append(
            ScenarioProblem(
                None, None, f"unknown top-level keys {[shown(k) for k in extra[:10]]}; known: {known}"
            )
        )
    body = {k: v for k, v in doc.items() if k in known}
    cards = body.pop("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, dict) for c in cards):
        problems.append(ScenarioProblem(None, "cards", "must be an array of tables ([[cards]])"))
        cards = []
    out: S | None = None
    try:
        out = structure_scenario(cls, body, file, boxes)
        problems.extend(box_problems(out, boxes))
    except ScenarioError as err:
        problems.extend(err.problems)
    set_id = (out.game.card_set if out is not None else None) or default_set
    if cards:
        try:
            scenario_cards(cards, set_id, file)
        except ScenarioError as err:
            problems.extend(err.problems)
    if problems or out is None:
        raise ScenarioError.of(file, problems)
    game = out.game if out.game.card_set or not cards else attrs.evolve(out.game, card_set=default_set)
    out = attrs.evolve(out, cards=tuple(cards), file=file, game=game)
    check_scenario(out)
    return out


# ============================================================================ checking


def rules_of(scn: ScenarioData) -> Rules:
    """The rules options of ``[game] rules`` (each checked by :meth:`Rules.replace`)."""
    return Rules().replace(**scn.game.rules)


def seat(scn: ScenarioData, ref: str, where: str | None, field: str) -> int:
    """The seat ``ref`` names (``"P1"`` … or a player's name); :class:`ScenarioError` at ``where``/``field``."""
    try:
        return seat_of(ref, scn.game.players, scn.game.names)
    except ValueError as exc:
        raise ScenarioError(scn.file, where, field, str(exc)) from None


def check_scenario(scn: ScenarioData) -> None:
    """What the types alone cannot check: seats, sections, icons, one action per step, rules options.

    000 · Setting Up the Game: one to four players.
    """
    _check_game(scn)
    _check_position(scn)
    for i, step in enumerate(scn.steps, 1):
        _check_step(scn, i, step)


def _check_game(scn: ScenarioData) -> None:
    """``[game]`` and the sections cited: the players, the rules options, a new deal or an exact position."""
    g = scn.game
    if not 1 <= g.players <= 4:
        raise ScenarioError(
            scn.file, "[game]", "players", f"Call to Adventure seats 1 to 4 players, not {g.players}"
        )
    for i, sid in enumerate(scn.sections):
        if sid not in SECTIONS:
            problem = f"unknown rule section {sid!r} (see calladventure.SECTIONS)"
            raise ScenarioError(scn.file, None, f"sections[{i}]", problem)
    try:
        rules_of(scn)
    except CallAdventureError as exc:
        raise ScenarioError(scn.file, "[game]", "rules", str(exc)) from None
    positional = bool(
        scn.heroes
        or scn.rows
        or scn.turn
        or scn.boxes
        or attrs.asdict(scn.decks) != attrs.asdict(DecksEntry())
    )
    if g.new and positional:
        raise ScenarioError(
            scn.file,
            "[game]",
            "new",
            "a new game is dealt by the rules: it takes no [[heroes]], [[rows]], [decks], [turn] or a box's table",
        )


def _check_position(scn: ScenarioData) -> None:
    """The position's seats, Stories and Acts, as far as they can be checked before a game is built."""
    if len(scn.heroes) > scn.game.players:
        raise ScenarioError(
            scn.file, None, "heroes", f"{len(scn.heroes)} [[heroes]] for {scn.game.players} players"
        )
    for i, hero in enumerate(scn.heroes):
        where = f"[[heroes]] entry {i + 1}"
        if hero.player is not None:
            seat(scn, hero.player, where, "player")
        if len(hero.story) > 3:
            problem = "three lists at most: the cards under the Origin, Motivation and Destiny"
            raise ScenarioError(scn.file, where, "story", problem)
    for i, row in enumerate(scn.rows):
        if row.act not in (1, 2, 3):
            raise ScenarioError(
                scn.file, f"[[rows]] entry {i + 1}", "act", f"there are Acts 1, 2 and 3, not {row.act}"
            )
    if scn.turn is not None:
        seat(scn, scn.turn.player, "[turn]", "player")
        if scn.turn.closed_by is not None:
            seat(scn, scn.turn.closed_by, "[turn]", "closed_by")
        for ref in scn.turn.final_turns or ():
            seat(scn, ref, "[turn]", "final_turns")


#: The keys of ``expect`` that are tables keyed by seat.
_PER_SEAT = ("xp", "level", "virtue", "corruption", "act", "story_count", "story", "allies", "hand", "played",
             "icons", "destiny_revealed", "score_total", "score_line")  # fmt: skip


def _check_step(scn: ScenarioData, i: int, step: Step) -> None:
    """One step: one action at most, its target, faces, deck, sections and seats."""
    where = f"step {i}"

    def error(field: str | None, problem: str) -> ScenarioError:
        return ScenarioError(scn.file, where, field, problem)

    keys = step.action_keys()
    if len(keys) > 1:
        raise error(None, f"one action per step, not {keys}")
    if step.expect_illegal is not None and not keys:
        raise error("expect_illegal", "expect_illegal needs an action to refuse")
    if step.on is not None:
        if step.play is None:
            raise error("on", "'on' is the target of a 'play' step")
        seat(scn, step.on, where, "on")
    if step.face is not None:
        for a in step.face:
            _icon(scn, a, where, "face")
    if step.draw is not None and step.draw not in ("hero", "antihero"):
        raise error("draw", f"draw from 'hero' or 'antihero', not {step.draw!r}")
    if step.expect_illegal is not None and step.expect_illegal.section is not None:
        _section(scn, step.expect_illegal.section, where, "expect_illegal.section")
    ex = step.expect
    if ex is None:
        return
    for key in _PER_SEAT:
        value = getattr(ex, key)
        for ref in value or {}:
            seat(scn, ref, where, f"expect.{key}")
    for key in ("winners",):
        for ref in getattr(ex, key) or ():
            seat(scn, ref, where, f"expect.{key}")
    for key in ("to_move", "active"):
        ref = getattr(ex, key)
        if ref is not None:
            seat(scn, ref, where, f"expect.{key}")
    for key in ("event", "no_event"):
        for sid in getattr(ex, key) or ():
            _section(scn, sid, where, f"expect.{key}")
    for seat_icons in (ex.icons or {}).values():
        for icon in seat_icons:
            _icon(scn, icon, where, "expect.icons")
    for act in ex.row or {}:
        if act not in ("1", "2", "3"):
            raise error("expect.row", f"rows are keyed 1, 2 or 3 (the Act), not {act!r}")
    for text in ex.tucked or ():
        if TUCKED.fullmatch(text.strip()) is None:
            raise error(
                "expect.tucked", f'write "P1: Card under the Origin" (or Motivation, Destiny), not {text!r}'
            )


def _section(scn: ScenarioData, sid: str, where: str, field: str) -> None:
    if sid not in SECTIONS:
        raise ScenarioError(
            scn.file, where, field, f"unknown rule section {sid!r} (see calladventure.SECTIONS)"
        )


def _icon(scn: ScenarioData, name: str, where: str, field: str) -> Icon:
    try:
        return Icon(name)
    except ValueError:
        raise ScenarioError(
            scn.file,
            where,
            field,
            f"{name!r} is not an icon; icons: {[i.value for i in (*Icon, *declared_icons())]}",
        ) from None
