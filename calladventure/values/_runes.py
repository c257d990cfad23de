"""Rune stones: their faces, the pool for an attempt, and a cast.

Each rune has two equally likely faces (``000 · Reading the Runes``). What is printed on
each face is data, per box (``cards/runes/*.toml``), because the texts do not say which
non-slash face is on which core rune (``INDEX`` open question 3).

Face values (``000 · Rules Overview``, ``000 · Core Runes``, ``000 · Dark Runes``,
``000 · Ability Runes``): a slash adds 1; an ability symbol or a Dark rune's moon adds 2;
every other face adds 0. Triangles draw Hero / Antihero / either cards, a diamond gives one
Experience, a moon also gives one Corruption, a special rune's blank-with-bonus gives one
Experience or draws one card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

import attrs

from ._errors import unknown_value
from ._icons import ABILITIES, Icon
from ._reprs import Drawable


class RuneKind(StrEnum):
    """The families of rune stones (``000 · Reading the Runes``)."""

    CORE = "core"
    DARK = "dark"
    ABILITY = "ability"
    SPECIAL = "special"


class Draw(StrEnum):
    """Which deck a face (or a path) makes the hero draw from."""

    @classmethod
    def _missing_(cls, value: object) -> Draw:
        raise unknown_value(cls, value)

    HERO = "hero"
    ANTIHERO = "antihero"
    CHOICE = "choice"


@attrs.frozen(cache_hash=True)  # hashed for every cached cast distribution
class Face:
    """One face of a rune stone and what it does when it lands face up."""

    name: str
    successes: int = 0
    draw: Draw | None = None
    xp: int = 0
    corruption: int = 0

    @property
    def omen(self) -> bool:
        """A face with a card-draw symbol (the "omen" result of ``002 · Naming``)."""
        return self.draw is not None

    def __str__(self) -> str:
        return self.name


@attrs.frozen(cache_hash=True)
class Rune:
    """A rune stone: an id, its family, the ability it belongs to, and its two faces."""

    id: str
    kind: RuneKind
    faces: tuple[Face, Face]
    ability: Icon | None = None

    def __str__(self) -> str:
        return self.id


@attrs.frozen
class RuneSet:
    """All the rune stones of one box: three core, the Dark rune, and each ability's runes."""

    id: str
    core: tuple[Rune, ...]
    dark: Rune
    ability: dict[Icon, tuple[Rune, Rune, Rune]]
    source: str = "original"

    def ability_runes(self, ability: Icon, icons: int) -> tuple[Rune, ...]:
        """The runes cast for ``icons`` icons of one ability: at most three, the special last.

        ``000 · Ability Runes``: one rune per icon, at most three, and the third must be the
        special rune (only available with three or more icons).
        """
        return self.ability[ability][: min(icons, 3)]

    def rune(self, rune_id: str) -> Rune:
        for r in self.all_runes():
            if r.id == rune_id:
                return r
        raise KeyError(rune_id)

    def all_runes(self) -> Iterable[Rune]:
        yield from self.core
        yield self.dark
        for ab in ABILITIES:
            yield from self.ability[ab]


@attrs.frozen
class CastRune:
    """One rune of a cast and the face it landed on."""

    rune: Rune
    face: Face

    def __str__(self) -> str:
        return f"{self.rune.id}={self.face.name}"


@attrs.frozen
class Cast(Drawable):
    """The result of casting a pool of runes: each rune with its face, and the totals."""

    runes: tuple[CastRune, ...]

    @property
    def successes(self) -> int:
        return sum(r.face.successes for r in self.runes)

    @property
    def xp(self) -> int:
        return sum(r.face.xp for r in self.runes)

    @property
    def corruption(self) -> int:
        return sum(r.face.corruption for r in self.runes)

    def draws(self) -> tuple[Draw, ...]:
        return tuple(r.face.draw for r in self.runes if r.face.draw is not None)

    def faces(self) -> tuple[str, ...]:
        return tuple(r.face.name for r in self.runes)

    def __str__(self) -> str:
        return " ".join(str(r) for r in self.runes) + f" → {self.successes}"


def cast_from_bits(pool: Sequence[Rune], bits: Sequence[int]) -> Cast:
    """Build a cast from face indices (0 or 1 per rune, in pool order)."""
    if len(bits) != len(pool):
        raise ValueError(f"a cast of {len(pool)} runes needs {len(pool)} faces, got {len(bits)}")
    return Cast(tuple(CastRune(r, r.faces[b]) for r, b in zip(pool, bits, strict=True)))


def face_index(rune: Rune, face: str | int) -> int:
    """The index (0 or 1) of a face given by index or by name; ``ValueError`` if unknown."""
    if isinstance(face, int):
        if face in (0, 1):
            return face
        raise ValueError(f"rune {rune.id} has faces 0 and 1, not {face}")
    names = [f.name for f in rune.faces]
    if face in names:
        return names.index(face)
    raise ValueError(f"rune {rune.id} has no face {face!r}; its faces are {names}")


__all__ = [
    "Cast",
    "CastRune",
    "Draw",
    "Face",
    "Rune",
    "RuneKind",
    "RuneSet",
    "cast_from_bits",
    "face_index",
]
