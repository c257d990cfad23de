"""Save files: a game as versioned JSON, written so that any process can load it, and checked before it is played.

A save (``format = "calladventure.save/2"``) holds the configuration, the content hash of every
card set it uses (and the cards of each set not bundled with the package, so a fresh process
can load a game started from a scenario or a user's set), the start position when the game
began from an exact position, every action in notation (casts with their faces) and a digest of
the final state.

Loading checks everything before anything is played (:func:`read_save`): the file is bounded
JSON structured strictly (:mod:`calladventure.data._save_files`, the JSON Schema beside it for
editors); every card set is found by id (bundled, the caller's library, or embedded; never a
path) and must have the recorded content hash; a start position must be one a game can be in
(:func:`calladventure.rules._consistency.position_problems`: every card in one place, seats,
levels, rows and indexes in range, the configuration matching the position), whether or not
the save has a digest. Then the actions replay, each checked by the rules, and the final digest
must match. Every problem is a :class:`~calladventure.SaveFileError` naming the file
and the field path. Format ``/1`` was never written by a release (it came before card-set
hashes): such a save is refused, naming the file and the format.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from os import PathLike
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any

from ..data._cards import cards_from_tables
from ..data._embed import set_tables
from ..data._problems import join_field
from ..data._save_files import SetRecord, parse_json, read_json, save_document, structure_part
from ..data._saves import dump_state, set_digest, state_digest
from ..data._sources import bundled_sets
from ..rules._cast import added_dark, cast_pool, pending_cast
from ..rules._consistency import position_problems
from ..rules._context import Library
from ..values._actions import Action, CastRunes
from ..values._cards import CardSet
from ..values._errors import CallAdventureError, DataProblem, SaveFileError
from ..values._icons import Icon, provisional_icons
from ..values._illegal import IllegalActionError
from ..values._runes import Rune
from ..values._state import Config, GameState

if TYPE_CHECKING:
    from ._game import Game

#: The format tag of the save files this version writes, and the only one it reads.
SAVE_FORMAT = "calladventure.save/2"
#: The format of pre-release saves (no card-set hashes), refused with a message of its own.
PRE_RELEASE_FORMAT = "calladventure.save/1"

__all__ = [
    "PRE_RELEASE_FORMAT",
    "SAVE_FORMAT",
    "dumps",
    "read_save",
    "save_document_of",
    "save_of_path",
    "save_of_text",
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


def save_of_path(path: str | PathLike[str]) -> tuple[Any, str]:
    """(the parsed document, the file name messages use) of a save file (``Game.load``); another type is a TypeError."""
    if not isinstance(path, str | PathLike):
        raise TypeError(f"Game.load reads a file path (str or Path), not {type(path).__name__}: {path!r:.40}")
    if isinstance(path, str) and path.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        raise SaveFileError(
            "<save>", None, f"Game.load reads a file path; this is JSON text ({path[:20]!r}…): use Game.loads"
        )
    return read_json(FsPath(path)), str(path)


def save_of_text(text: str) -> tuple[Any, str]:
    """(the parsed document, the name messages use) of a save's JSON text (``Game.loads``); another type is a TypeError."""
    if not isinstance(text, str):
        raise TypeError(
            f"Game.loads reads a save's JSON text (a str), not {type(text).__name__}: {text!r:.40}"
        )
    return parse_json(text.removeprefix("\ufeff"), "<save text>"), "<save text>"


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
    if (
        records is None
    ):  # a save that records no card sets (written by hand): its final digest checks the cards
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


def read_save(cls: type[Game], doc: Any, file: str, *, record_events: bool, library: Library) -> Game:
    """A game from a save's document (read by :func:`save_of_path` or :func:`save_of_text`): checked, then replayed
    (see the module docstring); ``file``: its name in the messages. The story icons its embedded
    sets add count only if the whole save is accepted, its digest included (000 · Story Icons)."""
    with provisional_icons():
        return _checked_game(cls, doc, file, record_events=record_events, library=library)


def _checked_game(cls: type[Game], doc: Any, file: str, *, record_events: bool, library: Library) -> Game:
    _check_format(doc, file)
    save = save_document(doc, file=file)
    config = save.config
    assert config is not None  # a required part
    lib = _library(config, save.sets, library, file)
    game = _start(cls, config, save.start, lib, file, record_events=record_events)
    _replay(game, save.actions, file)
    types = lib.state_types()
    if save.digest:
        while save.digest != state_digest(game.state, types) and _catch_up_dark_cast(game):
            pass  # it ends with Dark runes added after a cast, before their cast was a step of its own
    if save.digest and save.digest != state_digest(game.state, types):
        raise SaveFileError(
            file,
            "digest",
            "the replayed game does not match the saved digest (different card data or engine?)",
        )
    return game


def _check_format(doc: Any, file: str) -> None:
    """A save's format is :data:`SAVE_FORMAT`; a pre-release one is refused by name, anything else as not a save."""
    found = doc.get("format") if isinstance(doc, dict) else None
    if found == PRE_RELEASE_FORMAT:
        raise SaveFileError(
            file,
            "format",
            f"{PRE_RELEASE_FORMAT} was a pre-release format (before card-set hashes), not read by this "
            f"version: it reads {SAVE_FORMAT} saves only",
        )
    if found != SAVE_FORMAT:
        raise SaveFileError(
            file,
            "format",
            f"not a calladventure save (expected format {SAVE_FORMAT!r}, found {str(found)[:60]!r})",
        )


def _replay(game: Game, actions: Sequence[str], file: str) -> None:
    """Push the save's actions in order, each checked by the rules; the first that does not replay is named."""
    push = _SavedWords(game).replay
    for i, notation in enumerate(actions):
        try:
            push(notation)
        except CallAdventureError as exc:
            if _after_dark_casts(game, notation, push):
                continue
            reason = exc.reason if isinstance(exc, IllegalActionError) else str(exc)
            raise SaveFileError(
                file,
                f"actions[{i}]",
                f"action {i + 1} of the save ({notation[:60]!r}) does not replay: {reason}",
            ) from None


def _start(
    cls: type[Game], config: Config, start: Any, lib: Library, file: str, *, record_events: bool
) -> Game:
    """The game a save's actions replay on: its start position (checked for consistency), or a new deal."""
    try:
        ctx = lib.context(config)
    except CallAdventureError as err:
        raise SaveFileError(file, "config", str(err)) from None
    if start is None:
        try:
            return cls.new_from_config(config, record_events=record_events, library=lib)
        except CallAdventureError as err:
            raise SaveFileError(file, "config", f"no game can be set up from it: {err}") from None
    state = structure_part(start, GameState, file=file, field="start", ext_types=lib.state_types())
    if state.config != config:
        raise SaveFileError(
            file, "start.config", "the start position's configuration is not the save's config"
        )
    found = position_problems(ctx, state)
    if found:
        raise SaveFileError.of([DataProblem(file, None, f"start.{field}", p) for field, p in found])
    return cls.from_state(state, record_events=record_events, library=lib)


def _catch_up_dark_cast(game: Game) -> bool:
    """Push the cast of Dark runes added after a cast if it is due; False if it is not.

    Saves written before that cast was a step of its own do not record it: their engine cast the
    added runes inside the card's effect, from the game's RNG as it then stood, which is as it
    stands now; so a plain ``cast`` draws the same faces (000 · FAQs: Card-draw result during a
    challenge).
    """
    top = pending_cast(game.state)
    if top is None or not added_dark(top):
        return False
    game.push(CastRunes())
    return True


def _after_dark_casts(game: Game, notation: str, push: Any) -> bool:
    """Push the casts of added Dark runes a save does not record, then ``notation``; False if it still fails."""
    while _catch_up_dark_cast(game):
        try:
            push(notation)
            return True
        except CallAdventureError:
            continue
    return False


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
