"""Save files: a game as versioned JSON, written so that any process can load it, and checked before it is played.

A save (``format = "calladventure.save/2"``) holds the configuration, the content hash of every
card set it uses (and the cards of each set not bundled with the package, so a fresh process
can load a game started from a scenario or a user's set), the start position when the game
began from an exact position, every action in notation (casts with their faces) and a digest of
the final state.

Loading checks everything before anything is played (:func:`read_save`): the file is bounded
JSON structured strictly (:mod:`calladventure.data.save_files`, the JSON Schema beside it for
editors); every card set is found by id (bundled, the caller's library, or embedded; never a
path) and must have the recorded content hash; a start position must be one a game can be in
(:func:`calladventure.rules.consistency.position_problems`: every card in one place, seats,
levels, rows and indexes in range, the configuration matching the position), whether or not
the save has a digest. Then the actions replay, each checked by the rules, and the final digest
must match. Every problem is a :class:`~calladventure.errors.SaveFileError` naming the file
and the field path. Saves of format ``/1`` (and calladventure 0.1's older shape,
:mod:`.legacy`) still load: their actions replay under today's rules, the passes and forced
choices of the earlier timing windows adjusted (:func:`.legacy.replay_actions`); an action
today's rules refuse is reported like any other; their digest, written by an engine whose
timing rules differed, is not compared.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from ..data.cards import cards_from_tables
from ..data.embed import set_tables
from ..data.problems import join_field
from ..data.save_files import SetRecord, parse_json, read_json, save_document, structure_part
from ..data.saves import dump_state, set_digest, state_digest
from ..data.sources import bundled_sets
from ..rules.cast import cast_pool
from ..rules.consistency import position_problems
from ..rules.context import Library
from ..values.actions import Action
from ..values.cards import CardSet
from ..values.errors import CallAdventureError, DataProblem, SaveFileError
from ..values.icons import Icon
from ..values.runes import Rune
from ..values.state import Config, GameState
from .legacy import catch_up_dark_cast, legacy_digest, replay_actions, upgrade_state

if TYPE_CHECKING:
    from .game import Game

#: The format tag of the save files this version writes.
SAVE_FORMAT = "calladventure.save/2"
#: Every format tag this version reads (``/1``: without card-set hashes).
SAVE_FORMATS = ("calladventure.save/1", SAVE_FORMAT)

__all__ = [
    "SAVE_FORMAT",
    "SAVE_FORMATS",
    "dumps",
    "legacy_digest",
    "read_save",
    "save_document_of",
    "upgrade_state",
]


def save_document_of(game: Game) -> dict[str, Any]:
    """The save of a game as a JSON-ready document."""
    lib = game.library
    types = lib.state_types()
    start = game.state_at(0)
    sets: dict[str, Any] = {}
    for set_id in start.config.sets:
        record: dict[str, Any] = {"digest": lib.set_digest(set_id)}
        if set_id not in bundled_sets():
            tables = set_tables(lib.get_set(set_id))
            if tables is not None:
                record.update(tables)
        sets[set_id] = record
    return {
        "format": SAVE_FORMAT,
        "config": dump_state(start.config),
        "sets": sets,
        "start": dump_state(start, types) if game.from_position else None,
        "actions": [str(a) for a in game.history],
        "digest": state_digest(game.state, types),
    }


def _source(source: str | FsPath) -> tuple[Any, str]:
    """(the parsed document, the file name messages use) of JSON text or a file path."""
    if isinstance(source, str) and source.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        return parse_json(source.removeprefix("\ufeff"), "<save text>"), "<save text>"
    if not isinstance(source, str | FsPath):
        raise SaveFileError(
            "<save>", None, f"a save is JSON text or a file path, not {type(source).__name__}"
        )
    return read_json(FsPath(source)), str(source)


def _embedded(set_id: str, record: SetRecord, file: str) -> CardSet:
    at = f"sets.{set_id}"
    if record.cards is None:
        raise SaveFileError(file, at, f"no card set {set_id!r} here, and the save does not embed its cards")
    try:
        for name in record.new_icons:  # a set may add story icons, as its set.toml would (new_icons)
            Icon.declare(name)
        cards = cards_from_tables(list(record.cards), set_id, file=file)
        icons = tuple(Icon(i) for i in record.story_icons)
    except ValueError as err:
        problems = getattr(err, "problems", None) or [DataProblem(file, None, None, str(err))]
        raise SaveFileError.of(
            [DataProblem(file, p.card, join_field(f"{at}.cards", p.field), p.problem) for p in problems]
        ) from None
    return CardSet(
        id=set_id,
        name=record.name or set_id,
        cards=tuple(cards),
        runes=record.runes,
        track=record.track,
        story_icons=icons,
        set_aside=record.set_aside,
        source=record.source,
    )


def _library(config: Config, records: dict[str, SetRecord] | None, lib: Library, file: str) -> Library:
    """``lib``, or a library derived from it with the save's embedded sets; every set's hash checked."""
    if records is None:  # a save written before card-set hashes: its final digest still checks it
        return lib
    problems: list[DataProblem] = []
    own: list[CardSet] = []
    for set_id in config.sets:
        at = f"sets.{set_id}"
        record = records.get(set_id)
        if record is None:
            problems.append(
                DataProblem(file, None, "sets", f"the save does not record the card set {set_id!r}")
            )
            continue
        if set_id in bundled_sets() and record.cards is not None:
            problems.append(
                DataProblem(file, None, f"{at}.cards", f"{set_id!r} is bundled: a save never embeds it")
            )
            continue
        try:
            if lib.has_set(set_id) and lib.set_digest(set_id) == record.digest:
                continue
            if set_id in bundled_sets():
                problems.append(
                    DataProblem(
                        file,
                        None,
                        f"{at}.digest",
                        f"the bundled card set {set_id!r} is not the one the save was made with "
                        f"(content hash {lib.set_digest(set_id)}, the save's {record.digest})",
                    )
                )
                continue
            made = _embedded(set_id, record, file)
        except SaveFileError as err:
            problems.extend(err.problems)
            continue
        if set_digest(made) != record.digest:
            problems.append(
                DataProblem(
                    file, None, f"{at}.digest", "the embedded cards do not have the recorded content hash"
                )
            )
            continue
        own.append(made)
    extra = sorted(set(records) - set(config.sets))
    if extra:
        problems.append(DataProblem(file, None, "sets", f"card sets {extra} are not in config.sets"))
    if problems:
        raise SaveFileError.of(problems)
    return lib.derive(own) if own else lib


def read_save(cls: type[Game], source: str | FsPath, *, record_events: bool, library: Library) -> Game:
    """A game from a save (JSON text or a file path): checked, then replayed (see the module docstring)."""
    doc, file = _source(source)
    if not isinstance(doc, dict) or doc.get("format") not in SAVE_FORMATS:
        found = doc.get("format") if isinstance(doc, dict) else None
        raise SaveFileError(
            file,
            "format",
            f"not a calladventure save (expected format {SAVE_FORMAT!r}, found {str(found)[:60]!r})",
        )
    save = save_document(doc, file=file)
    assert save.config is not None
    lib = _library(save.config, save.sets, library, file)
    types = lib.state_types()
    try:
        ctx = lib.context(save.config)
    except CallAdventureError as err:
        raise SaveFileError(file, "config", str(err)) from None
    if save.start is not None:
        try:
            raw = upgrade_state(save.start)
        except (TypeError, AttributeError, KeyError, ValueError):
            raw = save.start  # not the 0.1 shape after all: structuring says what is wrong
        state = structure_part(raw, GameState, file=file, field="start", ext_types=types)
        if state.config != save.config:
            raise SaveFileError(
                file, "start.config", "the start position's configuration is not the save's config"
            )
        found = position_problems(ctx, state)
        if found:
            raise SaveFileError.of([DataProblem(file, None, f"start.{field}", p) for field, p in found])
        game = cls.from_state(state, record_events=record_events, library=lib)
    else:
        try:
            game = cls.new_from_config(save.config, record_events=record_events, library=lib)
        except CallAdventureError as err:
            raise SaveFileError(file, "config", f"no game can be set up from it: {err}") from None
    push = _SavedWords(game).replay
    failed = replay_actions(game, save.actions, push)
    if failed is not None and save.format != SAVE_FORMAT:  # an earlier engine's priority points
        game.undo_to(0)
        failed = replay_actions(game, save.actions, push, earlier=True)
    if failed is not None:
        i, reason = failed
        raise SaveFileError(
            file,
            f"actions[{i}]",
            f"action {i + 1} of the save ({save.actions[i][:60]!r}) does not replay: {reason}",
        )
    if save.format == SAVE_FORMAT and save.digest:
        while not _digest_matches(save.digest, game.state, types) and catch_up_dark_cast(game):
            pass  # it ends with Dark runes added after a cast, before their cast was a step of its own
    if save.format == SAVE_FORMAT and save.digest and not _digest_matches(save.digest, game.state, types):
        raise SaveFileError(
            file,
            "digest",
            "the replayed game does not match the saved digest (different card data or engine?)",
        )
    return game


def _digest_matches(digest: str, state: GameState, types: dict[str, Any]) -> bool:
    """Whether a save's digest is that of ``state`` (or the one calladventure 0.1 wrote)."""
    return digest in (state_digest(state, types), legacy_digest(state, types))


class _SavedWords:
    """A save's replay into one game: its card words (``values.actions.Words``: a save writes card
    ids, never names) and the push of each saved action (:meth:`replay`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    card = staticmethod(str.strip)  # the text itself (without a frame of its own: str's own method)

    def cast_pool(self) -> Sequence[Rune] | None:
        return cast_pool(self.game.ctx, self.game.state)

    def replay(self, notation: str) -> None:
        """Push one of the save's actions: read as the notation the engine writes (ids), else parsed as a user's text.

        Reading the engine's own notation directly skips matching the text against every legal
        action's printed forms, so a save loads at nearly the speed its actions are pushed. What a
        notation reads as is the same in every game of a context (a cast's faces are written as
        indexes, which read the same whatever the pool): it is kept in the context's memo of values,
        as the listed action it matched (pushed as it is, so the push finds it listed and does not
        check it again). The rules still check the action against the game: a kept cast is checked
        like any cast, and so is an action another game listed as another object of the same value.
        """
        game = self.game
        key = ("saved notation", notation)
        action: Action | None = game.ctx.memo.get(key)
        if action is not None:
            game.push(action)  # as it was kept: found listed by identity, else checked as any action
            return
        action = game.ctx.notation.read(notation, self)  # it normalises the text
        if action is None or str(action) != notation:
            game.push(notation)  # not the engine's own notation: parsed as a user's text
            return
        kind = type(action)
        for listed in game.legal_list():  # a value just read is no listed object: the one equal to it
            if type(listed) is kind and listed == action:
                action = listed
                break
        game.ctx.remember(key, action)
        # The listed action; else a cast with its faces, or an illegal one (refused, with why).
        game.push(action)


def dumps(doc: dict[str, Any]) -> str:
    """A save document as the JSON text :meth:`Game.save` writes."""
    return json.dumps(doc, indent=1, ensure_ascii=False)
