"""Loading and validating card files, rune sets and Corruption tracks (TOML, read safely).

The format is documented in ``docs/cards.md``. Files are parsed with :mod:`tomllib` (which
never executes anything) and structured with cattrs into frozen values; any problem raises
:class:`~calladventure.errors.CardDataError` naming the file, the card and the field.

Layout of a card-set folder (``cards/<set>/``): ``set.toml`` (the set's metadata) and any
number of other ``*.toml`` files, each with ``format = "calladventure.cards/1"`` and a list
of ``[[cards]]``. Rune sets live in ``cards/runes/*.toml``, tracks in ``cards/tracks/*.toml``.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterable, Mapping
from enum import Enum
from importlib import resources
from pathlib import Path as FsPath
from typing import Any

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.v import format_exception

from ..values import effects as fx
from ..values.cards import Card, CardSet, CardType, Path
from ..values.errors import CardDataError
from ..values.icons import ABILITIES, Icon
from ..values.runes import Draw, Face, Rune, RuneKind, RuneSet
from ..values.sections import SECTIONS
from ..values.track import Level, Track

CARDS_FORMAT = "calladventure.cards/1"
SET_FORMAT = "calladventure.set/1"
RUNES_FORMAT = "calladventure.runes/1"
TRACK_FORMAT = "calladventure.track/1"


# ----------------------------------------------------------------------------- where data lives


def data_root() -> FsPath:
    """The folder holding the bundled data: inside the installed package, or the repo's ``cards/``."""
    packaged = resources.files("calladventure") / "_cards"
    if packaged.is_dir():
        return FsPath(str(packaged))
    repo = FsPath(__file__).resolve().parents[2] / "cards"
    if repo.is_dir():
        return repo
    raise FileNotFoundError("calladventure's bundled card data is missing (no _cards in the package)")


def bundled_sets() -> list[str]:
    """The ids of the card sets shipped with calladventure."""
    root = data_root()
    return sorted(p.parent.name for p in root.glob("*/set.toml"))


# ----------------------------------------------------------------------------- the converter


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)

    def tagged(kinds: Mapping[str, type], what: str) -> Any:
        def structure(value: Any, _type: Any) -> Any:
            if not isinstance(value, Mapping):
                raise ValueError(f"a {what} must be a table with a 'kind' key, not {value!r}")
            kind = value.get("kind")
            if not isinstance(kind, str) or kind not in kinds:
                raise ValueError(f"unknown {what} kind {kind!r}; known: {sorted(kinds)}")
            body = {k: v for k, v in value.items() if k != "kind"}
            return conv.structure(body, kinds[kind])

        return structure

    def int_or_str(value: Any, _type: Any) -> int | str:
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ValueError(f"a hook parameter must be a whole number or a string, not {value!r}")
        return value

    conv.register_structure_hook(int | str, int_or_str)
    conv.register_structure_hook(fx.Effect, tagged(fx.EFFECT_KINDS, "effect"))
    conv.register_structure_hook(fx.ScoreRule, tagged(fx.SCORE_KINDS, "scoring rule"))

    def unstructure_tagged(tags: Mapping[type, str]) -> Any:
        def unstructure(value: Any) -> Any:
            body = conv.unstructure(value, unstructure_as=type(value))
            return {"kind": tags[type(value)], **body}

        return unstructure

    conv.register_unstructure_hook(fx.Effect, unstructure_tagged(fx.EFFECT_TAGS))
    conv.register_unstructure_hook(fx.ScoreRule, unstructure_tagged(fx.SCORE_TAGS))
    return conv


CONVERTER = _make_converter()


@attrs.frozen
class CardEntry:
    """One ``[[cards]]`` table as written in a file (before ids are made global)."""

    id: str
    name: str
    type: CardType
    source: str
    named_in: str | None = None
    act: int | None = None
    text: str = ""
    difficulty: int | None = None
    abilities: tuple[Icon, ...] = ()
    paths: tuple[Path, ...] = ()
    requires: fx.Requirement | None = None
    cost_xp: int = 0
    powers: tuple[fx.Power, ...] = ()
    play: fx.Play | None = None
    scoring: tuple[fx.ScoreRule, ...] = ()
    start_virtue: int = 0
    first_game_remove: bool = False
    tags: tuple[str, ...] = ()
    copies: int = 1
    # A character card's own icons and points are written at the top level for convenience.
    icons: tuple[Icon, ...] = ()
    triumph: int = 0
    tragedy: int = 0


def _format_leaf(exc: BaseException, type_: Any) -> str:
    """A readable message for one failing value (names the allowed values where there is a list)."""
    if isinstance(type_, type) and issubclass(type_, Enum) and isinstance(exc, ValueError):
        allowed = ", ".join(str(m.value) for m in type_)
        return f"{exc}; allowed: {allowed}"
    if isinstance(exc, ValueError) and type_ in (fx.Effect, fx.ScoreRule, int | str):
        return str(exc)
    if isinstance(exc, KeyError):
        return f"required field {exc} is missing"
    return format_exception(exc, type_)


def _messages(exc: BaseException) -> list[str]:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        return cattrs.transform_error(exc, path="", format_exception=_format_leaf)
    return []


def _field_of(exc: BaseException) -> str:
    """The field path of a cattrs error, e.g. ``paths[0].icons[1]``."""
    msgs = _messages(exc)
    if msgs and " @ " in msgs[0]:
        return msgs[0].rsplit(" @ ", 1)[1].lstrip(".") or "(card)"
    return "(card)"


def _problem_of(exc: BaseException) -> str:
    msgs = _messages(exc)
    if msgs:
        return "; ".join(m.rsplit(" @ ", 1)[0] for m in msgs[:3])
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unknown keys {sorted(exc.extra_fields)}"
    return str(exc)


def read_toml(path: FsPath) -> dict[str, Any]:
    """Parse a TOML file (``tomllib`` never executes anything); any problem is a CardDataError naming the file."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(str(path), None, None, f"not valid TOML: {exc}") from None
    except OSError as exc:
        raise CardDataError(str(path), None, None, f"cannot read: {exc.strerror}") from None


def _check_source(file: str, card: str, field: str, value: str | None) -> None:
    if value is None or value == "original":
        return
    if value not in SECTIONS:
        raise CardDataError(
            file,
            card,
            field,
            f"{value!r} is neither 'original' nor a rule section id (e.g. '000/allies'); "
            "see calladventure.sections.SECTIONS",
        )


def validate_entry(file: str, entry: CardEntry) -> None:
    """Checks that the types alone cannot make (rules of the card format, docs/cards.md)."""
    t = entry.type
    where = entry.id

    def bad(field: str, problem: str) -> CardDataError:
        return CardDataError(file, where, field, problem)

    _check_source(file, where, "source", entry.source)
    _check_source(file, where, "named_in", entry.named_in)
    if entry.copies < 1:
        raise bad("copies", "must be at least 1")
    if t in (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY) and entry.act not in (
        1,
        2,
        3,
    ):
        raise bad("act", f"a {t.value} card needs act = 1, 2 or 3")
    if t is CardType.CHALLENGE:
        if entry.difficulty is None or entry.difficulty < 0:
            raise bad("difficulty", "a challenge needs a difficulty ≥ 0")
        if len(entry.paths) != 2:
            raise bad("paths", f"a challenge has two paths (top and bottom), not {len(entry.paths)}")
        if not 1 <= len(entry.abilities) <= 2:
            raise bad(
                "abilities", "a challenge lists one or two relevant abilities (000 · Attempt a Challenge)"
            )
    if t is CardType.ADVERSARY:
        if entry.difficulty is None:
            raise bad("difficulty", "an adversary needs a difficulty")
        if len(entry.paths) != 1:
            raise bad("paths", "an adversary has one path (000 · Glossary: Adversary)")
    if t in (CardType.TRAIT, CardType.ALLY) and len(entry.paths) != 1:
        raise bad("paths", f"a {t.value} has exactly one path (000 · Gain a Trait)")
    if t not in (CardType.CHALLENGE, CardType.ADVERSARY, CardType.QUEST) and entry.difficulty is not None:
        raise bad("difficulty", f"a {t.value} has no difficulty")
    if t is CardType.QUEST and len(entry.paths) > 1:
        raise bad("paths", "a quest card (an Adversary Quest or a co-op Adversary) has at most one path")
    if t is CardType.QUEST and entry.act is not None:
        raise bad("act", "a quest card is set beside the table, never in an Act deck")
    for ab in entry.abilities:
        if ab not in ABILITIES:
            raise bad("abilities", f"{ab.value!r} is not an ability (one of {[a.value for a in ABILITIES]})")
    if t.is_hand and entry.play is None:
        raise bad("play", f"a {t.value} card needs a [cards.play] table (timing, effects)")
    if not t.is_hand and entry.play is not None:
        raise bad("play", "only Hero and Antihero cards have a play table")
    if entry.scoring and t is not CardType.DESTINY:
        raise bad("scoring", "only Destiny cards have scoring rules")
    for i, rule in enumerate(entry.scoring):
        if isinstance(rule, fx.PerCard) and rule.cards not in fx.PER_CARD_KINDS:
            raise bad(f"scoring[{i}].cards", f"must be one of {list(fx.PER_CARD_KINDS)}")
    if t.is_character and entry.paths:
        raise bad(
            "paths", "a Character card has no paths: write its icons, triumph and powers at the top level"
        )
    if not t.is_character and (entry.icons or entry.triumph or entry.tragedy):
        raise bad("icons", "only Character cards write icons/triumph/tragedy at the top level; use a path")
    if entry.start_virtue and t is not CardType.MOTIVATION:
        raise bad("start_virtue", "only a Motivation may change the starting Corruption level")
    from ..values.hooks import HOOKS

    all_effects: list[tuple[str, fx.Effect]] = []
    for i, p in enumerate(entry.powers):
        all_effects += [(f"powers[{i}].effects[{j}]", e) for j, e in enumerate(p.effects)]
    for k, path in enumerate(entry.paths):
        for i, p in enumerate(path.powers):
            all_effects += [(f"paths[{k}].powers[{i}].effects[{j}]", e) for j, e in enumerate(p.effects)]
    if entry.play:
        all_effects += [(f"play.effects[{j}]", e) for j, e in enumerate(entry.play.effects)]
    for field, eff in all_effects:
        if isinstance(eff, fx.Hook) and eff.name not in HOOKS:
            raise bad(field, f"unknown hook {eff.name!r}; registered hooks: {sorted(HOOKS)}")


def entry_cards(set_id: str, file: str, entry: CardEntry) -> list[Card]:
    """The cards of one validated entry: its global id ``set/id``, and ``#2``, ``#3`` … for copies."""
    paths = entry.paths
    if entry.type.is_character:
        paths = (Path(label=entry.name, icons=entry.icons, triumph=entry.triumph, tragedy=entry.tragedy),)
    base = Card(
        id=f"{set_id}/{entry.id}",
        name=entry.name,
        type=entry.type,
        set=set_id,
        source=entry.source,
        act=entry.act,
        text=entry.text,
        difficulty=entry.difficulty,
        abilities=entry.abilities,
        paths=paths,
        requires=entry.requires,
        cost_xp=entry.cost_xp,
        powers=entry.powers,
        play=entry.play,
        scoring=entry.scoring,
        start_virtue=entry.start_virtue,
        first_game_remove=entry.first_game_remove,
        tags=entry.tags + ((f"named_in:{entry.named_in}",) if entry.named_in else ()),
    )
    out = [base]
    for copy in range(2, entry.copies + 1):
        out.append(attrs.evolve(base, id=f"{base.id}#{copy}"))
    return out


def load_card_file(path: FsPath, set_id: str) -> list[Card]:
    """Load one ``*.toml`` card file of a set; raise CardDataError on the first problem."""
    file = str(path)
    doc = read_toml(path)
    if doc.get("format") != CARDS_FORMAT:
        raise CardDataError(
            file, None, "format", f"expected format = {CARDS_FORMAT!r}, got {doc.get('format')!r}"
        )
    extra = set(doc) - {"format", "cards"}
    if extra:
        raise CardDataError(file, None, None, f"unknown top-level keys {sorted(extra)}")
    raw = doc.get("cards", [])
    if not isinstance(raw, list):
        raise CardDataError(file, None, "cards", "must be an array of tables ([[cards]])")
    out: list[Card] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        label = (
            str(item.get("id") or item.get("name") or f"#{i + 1}") if isinstance(item, dict) else f"#{i + 1}"
        )
        try:
            entry = CONVERTER.structure(item, CardEntry)
        except (
            ClassValidationError,
            IterableValidationError,
            ForbiddenExtraKeysError,
            ValueError,
            TypeError,
        ) as exc:
            raise CardDataError(file, label, _field_of(exc), _problem_of(exc)) from None
        if entry.id in seen:
            raise CardDataError(file, label, "id", "duplicate id in this file")
        seen.add(entry.id)
        validate_entry(file, entry)
        out.extend(entry_cards(set_id, file, entry))
    return out


@attrs.frozen
class _SetMeta:
    id: str
    name: str
    runes: str | None = None
    track: str | None = None
    story_icons: tuple[Icon, ...] = ()
    set_aside: tuple[str, ...] = ()
    source: str = "original"


def load_card_set(folder: FsPath | str) -> CardSet:
    """Load a card-set folder (``set.toml`` plus card files) into a :class:`CardSet`."""
    folder = FsPath(folder)
    meta_path = folder / "set.toml"
    doc = read_toml(meta_path)
    if doc.get("format") != SET_FORMAT:
        raise CardDataError(str(meta_path), None, "format", f"expected format = {SET_FORMAT!r}")
    try:
        meta = CONVERTER.structure(doc.get("set", {}), _SetMeta)
    except (ClassValidationError, ForbiddenExtraKeysError, ValueError, TypeError) as exc:
        raise CardDataError(str(meta_path), None, "set." + _field_of(exc), _problem_of(exc)) from None
    cards: list[Card] = []
    files = sorted(p for p in folder.glob("*.toml") if p.name != "set.toml")
    ids: dict[str, str] = {}
    for f in files:
        for card in load_card_file(f, meta.id):
            if card.id in ids:
                raise CardDataError(str(f), card.id, "id", f"already defined in {ids[card.id]}")
            ids[card.id] = str(f)
            cards.append(card)
    return CardSet(
        id=meta.id,
        name=meta.name,
        cards=tuple(cards),
        runes=meta.runes,
        track=meta.track,
        story_icons=meta.story_icons,
        set_aside=meta.set_aside,
        source=meta.source,
        files=tuple(str(f) for f in files),
    )


@functools.cache
def bundled_set(set_id: str) -> CardSet:
    """A bundled card set by id (cached: card values are immutable)."""
    folder = data_root() / set_id
    if not (folder / "set.toml").is_file():
        raise CardDataError(
            str(folder), None, None, f"no bundled card set {set_id!r}; bundled: {bundled_sets()}"
        )
    return load_card_set(folder)


# ----------------------------------------------------------------------------- runes and tracks


@attrs.frozen
class _FaceEntry:
    name: str
    successes: int = 0
    draw: Draw | None = None
    xp: int = 0
    corruption: int = 0


@attrs.frozen
class _RuneEntry:
    id: str
    faces: tuple[_FaceEntry, _FaceEntry]


@attrs.frozen
class _RuneFile:
    format: str
    id: str
    core: tuple[_RuneEntry, ...]
    dark: _RuneEntry
    ability: dict[Icon, tuple[_RuneEntry, _RuneEntry, _RuneEntry]]
    source: str = "original"
    notes: str = ""


def _face(f: _FaceEntry) -> Face:
    return Face(f.name, f.successes, f.draw, f.xp, f.corruption)


def load_rune_set(path: FsPath | str) -> RuneSet:
    """Load a rune-set file: three core runes, the Dark rune, and three runes per ability."""
    path = FsPath(path)
    doc = read_toml(path)
    try:
        rf = CONVERTER.structure(doc, _RuneFile)
    except (ClassValidationError, ForbiddenExtraKeysError, ValueError, TypeError) as exc:
        raise CardDataError(str(path), None, _field_of(exc), _problem_of(exc)) from None
    if rf.format != RUNES_FORMAT:
        raise CardDataError(str(path), None, "format", f"expected {RUNES_FORMAT!r}")
    if len(rf.core) != 3:
        raise CardDataError(
            str(path), None, "core", "a rune set has exactly three core runes (000 · Core Runes)"
        )
    missing = [a.value for a in ABILITIES if a not in rf.ability]
    if missing:
        raise CardDataError(str(path), None, "ability", f"missing abilities {missing}")
    ability: dict[Icon, tuple[Rune, Rune, Rune]] = {}
    for ab, (r1, r2, r3) in rf.ability.items():
        ability[ab] = (
            Rune(r1.id, RuneKind.ABILITY, (_face(r1.faces[0]), _face(r1.faces[1])), ab),
            Rune(r2.id, RuneKind.ABILITY, (_face(r2.faces[0]), _face(r2.faces[1])), ab),
            Rune(r3.id, RuneKind.SPECIAL, (_face(r3.faces[0]), _face(r3.faces[1])), ab),
        )
    return RuneSet(
        id=rf.id,
        core=tuple(Rune(r.id, RuneKind.CORE, (_face(r.faces[0]), _face(r.faces[1]))) for r in rf.core),
        dark=Rune(rf.dark.id, RuneKind.DARK, (_face(rf.dark.faces[0]), _face(rf.dark.faces[1]))),
        ability=ability,
        source=rf.source,
    )


@attrs.frozen
class _TrackFile:
    format: str
    id: str
    levels: tuple[Level, ...]
    start: int = 2
    source: str = "original"
    notes: str = ""


def load_track(path: FsPath | str) -> Track:
    """Load a Corruption track file."""
    path = FsPath(path)
    doc = read_toml(path)
    try:
        tf = CONVERTER.structure(doc, _TrackFile)
    except (ClassValidationError, ForbiddenExtraKeysError, ValueError, TypeError) as exc:
        raise CardDataError(str(path), None, _field_of(exc), _problem_of(exc)) from None
    if tf.format != TRACK_FORMAT:
        raise CardDataError(str(path), None, "format", f"expected {TRACK_FORMAT!r}")
    if not 0 <= tf.start < len(tf.levels):
        raise CardDataError(str(path), None, "start", f"must index one of the {len(tf.levels)} levels")
    return Track(tf.id, tf.levels, tf.start, tf.source)


@functools.cache
def bundled_runes(rune_id: str) -> RuneSet:
    return load_rune_set(data_root() / "runes" / f"{rune_id}.toml")


@functools.cache
def bundled_track(track_id: str) -> Track:
    return load_track(data_root() / "tracks" / f"{track_id}.toml")


def all_cards(sets: Iterable[CardSet]) -> list[Card]:
    return [c for s in sets for c in s.cards]


__all__ = [
    "CARDS_FORMAT",
    "CONVERTER",
    "RUNES_FORMAT",
    "SET_FORMAT",
    "TRACK_FORMAT",
    "CardEntry",
    "all_cards",
    "bundled_runes",
    "bundled_set",
    "bundled_sets",
    "bundled_track",
    "data_root",
    "entry_cards",
    "load_card_file",
    "load_card_set",
    "load_rune_set",
    "load_track",
    "read_toml",
    "validate_entry",
]
