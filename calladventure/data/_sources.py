"""Where ids named in data are found: the bundled data folder, then folders the caller names.

A ``set.toml`` names its rune set and track by id (``runes = "core"``); a save or a scenario
names card sets by id. An id is only ever looked up as ``<folder>/<id>.toml`` (or
``<folder>/<id>/set.toml`` for a card set) in the bundled data or in a folder the caller
passed explicitly in a :class:`DataSources`; it is never joined onto a path as written, so an
absolute path, ``..`` or anything else that is not an id (:func:`~.limits.id_problem`) is
refused, and data cannot make the engine open (or probe) a file of its choosing. Bundled ids
come first: a caller's folder adds ids, it never replaces a bundled one.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path

import attrs

from ..values._errors import CallAdventureError, CardDataError
from ._files import data_root
from ._limits import id_problem, is_id

#: The kinds of data found by id, with the bundled sub-folder of each ("" is the data folder itself).
KINDS: dict[str, tuple[str, str]] = {
    "set": ("", "card set"),
    "runes": ("runes", "rune set"),
    "track": ("tracks", "Corruption track"),
}


def _paths(value: Iterable[Path | str] | Path | str) -> tuple[Path, ...]:
    if isinstance(value, Path | str):
        return (Path(value),)
    return tuple(Path(v) for v in value)


@attrs.frozen
class DataSources:
    """The folders where ids named in data are looked up, besides the bundled data (``bundled``).

    ``set_dirs`` hold card-set folders (``<dir>/<set id>/set.toml``), ``rune_dirs`` rune-set
    files (``<dir>/<id>.toml``), ``track_dirs`` track files. Nothing is global: pass one to
    the loaders that resolve ids (e.g. ``load_card_set(folder, sources=...)``).
    """

    set_dirs: tuple[Path, ...] = attrs.field(default=(), converter=_paths)
    rune_dirs: tuple[Path, ...] = attrs.field(default=(), converter=_paths)
    track_dirs: tuple[Path, ...] = attrs.field(default=(), converter=_paths)
    bundled: bool = True

    def folders(self, kind: str) -> list[Path]:
        """The folders searched for ids of ``kind`` (``set``, ``runes`` or ``track``), in order."""
        sub, _word = _kind(kind)
        own = {"set": self.set_dirs, "runes": self.rune_dirs, "track": self.track_dirs}[kind]
        bundled = [data_root() / sub if sub else data_root()] if self.bundled else []
        return [*bundled, *own]

    def known(self, kind: str) -> list[str]:
        """Every id of ``kind`` these sources hold, sorted."""
        ids: set[str] = set()
        for folder in self.folders(kind):
            if not folder.is_dir():
                continue
            found = folder.glob("*/set.toml") if kind == "set" else folder.glob("*.toml")
            ids.update(p.parent.name if kind == "set" else p.stem for p in found)
        return sorted(i for i in ids if is_id(i))

    def find(self, kind: str, ident: object) -> Path:
        """The file of ``ident`` (a ``set.toml`` for a card set); CardDataError if it is not an id or unknown."""
        _sub, word = _kind(kind)
        folders = self.folders(kind)
        where = str(folders[0]) if folders else f"{word} lookup"
        if not isinstance(ident, str):
            raise CardDataError(where, None, None, f"a {word} id is a string, not {ident!r:.60}")
        problem = id_problem(ident, f"a {word} id")
        if problem:
            raise CardDataError(where, None, None, problem)
        for folder in folders:
            candidate = folder / ident / "set.toml" if kind == "set" else folder / f"{ident}.toml"
            if candidate.is_file():
                return candidate
        known = ", ".join(self.known(kind)) or "none"
        raise CardDataError(where, None, None, f"no {word} {ident!r}; known: {known}")

    def is_bundled(self, path: Path) -> bool:
        """True if ``path`` is inside the bundled data folder."""
        try:
            path.resolve().relative_to(data_root().resolve())
        except ValueError:
            return False
        return True

    def rune_file(self, rune_id: object) -> Path:
        """The file of rune set ``rune_id``."""
        return self.find("runes", rune_id)

    def track_file(self, track_id: object) -> Path:
        """The file of track ``track_id``."""
        return self.find("track", track_id)

    def set_folder(self, set_id: object) -> Path:
        """The folder of card set ``set_id``."""
        return self.find("set", set_id).parent


def _kind(kind: str) -> tuple[str, str]:
    if kind not in KINDS:
        raise CallAdventureError(f"unknown kind of data {kind!r}; known: {sorted(KINDS)}")
    return KINDS[kind]


def bundled_sets() -> list[str]:
    """The ids of the card sets shipped with calladventure (the bundled folder is read once)."""
    return list(_bundled_sets())


@functools.cache
def _bundled_sets() -> tuple[str, ...]:
    return tuple(DataSources().known("set"))


__all__ = [
    "KINDS",
    "DataSources",
    "bundled_sets",
]
