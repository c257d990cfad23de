"""The actions of a co-op game: facing the Adversary, and declaring loyalty to Odium.

``000 · Facing Odium``: after the final turns every hero faces the Adversary. ``000 · FAQs:
Loyalty to Odium in Contest of Champions``: a hero beginning Act III may pledge loyalty.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ...values._actions import Action, Words
from ...values._icons import ABILITIES, Icon


@attrs.frozen
class FaceOdium(Action):
    """Face the Adversary at the end of the game (000 · Facing Odium).

    Against Odium, ``abilities`` are the two abilities chosen (all their runes are cast, no
    Dark runes); against the core game's Adversary they are empty (its own abilities are
    used) and ``dark`` Dark runes may be bought.
    """

    verbs: ClassVar[tuple[str, ...]] = ("face",)
    abilities: tuple[Icon, ...] = ()
    dark: int = 0

    def __str__(self) -> str:
        words = ["face", *(a.value for a in self.abilities)]
        if self.dark:
            words.append(f"dark={self.dark}")
        return " ".join(words)

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        parts = rest.split()
        dark = 0
        if parts and parts[-1].startswith("dark="):
            try:
                dark = int(parts.pop()[5:])
            except ValueError:
                return None
        try:
            icons = tuple(sorted((Icon(w) for w in parts), key=ABILITIES.index))
        except ValueError:
            return None
        return cls(icons, dark)


@attrs.frozen
class DeclareLoyalty(Action):
    """Pledge loyalty to Odium as Act III begins, or not (000 · FAQs: Loyalty to Odium in Contest of Champions)."""

    verbs: ClassVar[tuple[str, ...]] = ("pledge", "stay")
    pledge: bool

    def __str__(self) -> str:
        return "pledge" if self.pledge else "stay"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return None if rest else cls(verb == "pledge")


__all__ = ["DeclareLoyalty", "FaceOdium"]
