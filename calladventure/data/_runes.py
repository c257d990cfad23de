"""Loading rune-set files (``cards/runes/*.toml``) and Corruption-track files (``cards/tracks/*.toml``).

A rune set has three core runes, the Dark rune and three runes per ability (``000 · Core
Runes``, ``000 · Dark Runes``, ``000 · Ability Runes``); a track has its levels from the top
down and a starting level (``001 · Reveal your Character``). Every number has a range
(:data:`RUNE_RULES`, :data:`TRACK_RULES`) and every problem of a file is reported at once.
Bundled ones are found by id (:func:`bundled_runes`, :func:`bundled_track`), never by path.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from ..values._errors import CardDataError
from ..values._icons import ABILITIES, Icon
from ..values._runes import Draw, Face, Rune, RuneKind, RuneSet
from ..values._track import Level, Track
from ._files import read_toml
from ._problems import Problems
from ._sources import DataSources
from ._structure import ID, PROSE, Bounds, Rule, strict_converter, structure

RUNES_FORMAT = "calladventure.runes/1"
TRACK_FORMAT = "calladventure.track/1"

MAX_TRACK_LEVELS = 12
"""Levels of a Corruption track (the bundled one has seven; at least two)."""


@attrs.frozen
class FaceEntry:
    """One face of a rune as written: its name and what it adds when it lands face up."""

    name: str
    successes: int = 0
    draw: Draw | None = None
    xp: int = 0
    corruption: int = 0


@attrs.frozen
class RuneEntry:
    """One rune as written: its id and its two equally likely faces (000 · Reading the Runes)."""

    id: str
    faces: tuple[FaceEntry, FaceEntry]


@attrs.frozen
class RuneFile:
    """A rune-set file as written (``format = "calladventure.runes/1"``)."""

    format: str
    id: str
    core: tuple[RuneEntry, ...]
    dark: RuneEntry
    ability: dict[Icon, tuple[RuneEntry, RuneEntry, RuneEntry]]
    source: str = "original"
    notes: str = ""


RUNE_RULES: dict[tuple[type, str], Rule] = {
    (RuneFile, "id"): ID,
    (RuneFile, "notes"): PROSE,
    (RuneEntry, "id"): ID,
    (FaceEntry, "successes"): Bounds(0, 5),
    (FaceEntry, "xp"): Bounds(0, 3),
    (FaceEntry, "corruption"): Bounds(0, 3),
}
"""The rule of every number, id and text of a rune-set file."""


@attrs.frozen
class TrackFile:
    """A Corruption-track file as written (``format = "calladventure.track/1"``)."""

    format: str
    id: str
    levels: tuple[Level, ...]
    start: int = 2
    source: str = "original"
    notes: str = ""


TRACK_RULES: dict[tuple[type, str], Rule] = {
    (TrackFile, "id"): ID,
    (TrackFile, "notes"): PROSE,
    (TrackFile, "start"): Bounds(0, MAX_TRACK_LEVELS - 1),
    (Level, "triumph"): Bounds(-20, 20),
    (Level, "tragedy"): Bounds(-20, 20),
}
"""The rule of every number, id and text of a track file."""

_RUNES = strict_converter(RUNE_RULES)
_TRACKS = strict_converter(TRACK_RULES)


def _face(f: FaceEntry) -> Face:
    return Face(f.name, f.successes, f.draw, f.xp, f.corruption)


def _rune(r: RuneEntry, kind: RuneKind, ability: Icon | None = None) -> Rune:
    return Rune(r.id, kind, (_face(r.faces[0]), _face(r.faces[1])), ability)


def load_rune_set(path: Path | str) -> RuneSet:
    """Load a rune-set file: three core runes, the Dark rune, and three runes per ability."""
    path = Path(path)
    file = str(path)
    rf = structure(read_toml(path), RuneFile, file=file, converter=_RUNES)
    problems = Problems()
    if rf.format != RUNES_FORMAT:
        problems.add(file, None, "format", f"expected {RUNES_FORMAT!r}, not {rf.format!r}")
    if len(rf.core) != 3:
        problems.add(file, None, "core", "a rune set has exactly three core runes (000 · Core Runes)")
    missing = [a.value for a in ABILITIES if a not in rf.ability]
    if missing:
        problems.add(file, None, "ability", f"missing abilities {missing}")
    for icon in rf.ability:
        if icon not in ABILITIES:
            problems.add(
                file, None, f"ability.{icon.value}", f"{icon.value!r} is not an ability (000 · Ability Runes)"
            )
    entries = [*rf.core, rf.dark, *(r for runes in rf.ability.values() for r in runes)]
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            problems.add(file, entry.id, "id", "two runes of this set share this id")
        seen.add(entry.id)
    problems.raise_if_any()
    ability = {
        ab: (
            _rune(r1, RuneKind.ABILITY, ab),
            _rune(r2, RuneKind.ABILITY, ab),
            _rune(r3, RuneKind.SPECIAL, ab),
        )
        for ab, (r1, r2, r3) in rf.ability.items()
    }
    return RuneSet(
        id=rf.id,
        core=tuple(_rune(r, RuneKind.CORE) for r in rf.core),
        dark=_rune(rf.dark, RuneKind.DARK),
        ability=ability,
        source=rf.source,
    )


def load_track(path: Path | str) -> Track:
    """Load a Corruption track file (``001 · Reveal your Character``: the marker starts on ``start``)."""
    path = Path(path)
    file = str(path)
    tf = structure(read_toml(path), TrackFile, file=file, converter=_TRACKS)
    problems = Problems()
    if tf.format != TRACK_FORMAT:
        problems.add(file, None, "format", f"expected {TRACK_FORMAT!r}, not {tf.format!r}")
    if not 2 <= len(tf.levels) <= MAX_TRACK_LEVELS:
        problems.add(
            file, None, "levels", f"a track has 2 to {MAX_TRACK_LEVELS} levels, not {len(tf.levels)}"
        )
    if not 0 <= tf.start < len(tf.levels):
        problems.add(file, None, "start", f"must index one of the {len(tf.levels)} levels")
    problems.raise_if_any()
    return Track(tf.id, tf.levels, tf.start, tf.source)


def _by_id(file: Path, ident: str, loaded_id: str) -> None:
    if loaded_id != ident:
        raise CardDataError(
            str(file),
            None,
            "id",
            f"the file {file.name} is looked up as {ident!r} but says id = {loaded_id!r}",
        )


def load_runes_by_id(rune_id: str, sources: DataSources | None = None) -> RuneSet:
    """The rune set ``rune_id`` from the bundled data or the caller's ``rune_dirs`` (never a path)."""
    src = sources or DataSources()
    file = src.rune_file(rune_id)
    if src.is_bundled(file):
        return bundled_runes(file.stem)
    runes = load_rune_set(file)
    _by_id(file, rune_id, runes.id)
    return runes


def load_track_by_id(track_id: str, sources: DataSources | None = None) -> Track:
    """The track ``track_id`` from the bundled data or the caller's ``track_dirs`` (never a path)."""
    src = sources or DataSources()
    file = src.track_file(track_id)
    if src.is_bundled(file):
        return bundled_track(file.stem)
    track = load_track(file)
    _by_id(file, track_id, track.id)
    return track


@functools.cache
def bundled_runes(rune_id: str) -> RuneSet:
    """A bundled rune set by id (``cards/runes/<id>.toml``); an unknown id names the known ones."""
    file = DataSources().rune_file(rune_id)
    runes = load_rune_set(file)
    _by_id(file, rune_id, runes.id)
    return runes


@functools.cache
def bundled_track(track_id: str) -> Track:
    """A bundled Corruption track by id (``cards/tracks/<id>.toml``)."""
    file = DataSources().track_file(track_id)
    track = load_track(file)
    _by_id(file, track_id, track.id)
    return track


__all__ = [
    "MAX_TRACK_LEVELS",
    "RUNES_FORMAT",
    "RUNE_RULES",
    "TRACK_FORMAT",
    "TRACK_RULES",
    "FaceEntry",
    "RuneEntry",
    "RuneFile",
    "TrackFile",
    "bundled_runes",
    "bundled_track",
    "load_rune_set",
    "load_runes_by_id",
    "load_track",
    "load_track_by_id",
]
