"""The steps of a scenario file: ``[[steps]]``, each an action and what to expect after it.

A step's action is notation (``do``) or one fluent key (``cast``, ``pass``, ``draw`` …,
:data:`ACTION_KEYS`); its ``expect`` table names what must hold afterwards and its
``expect_illegal`` table says the action must be refused (``docs/scenarios.md``). These are
values only: :mod:`.running` plays a step and :mod:`.checks` checks its expectations.
"""

from __future__ import annotations

import re
from typing import Any, NewType

import attrs

#: A whole number in a table of the file (strict: not a string, not a boolean).
Whole = NewType("Whole", int)
#: true or false in a table of the file.
Flag = NewType("Flag", bool)

__all__ = [
    "ACTION_KEYS",
    "TUCKED",
    "UNDER",
    "Expect",
    "ExpectIllegal",
    "Flag",
    "Step",
    "Whole",
]


@attrs.frozen
class ExpectIllegal:
    """``expect_illegal``: the step's action is refused, with a reason containing these words."""

    reason_contains: tuple[str, ...] = ()
    section: str | None = None


@attrs.frozen
class Expect:
    """``expect``: what must hold after the step (only the keys given are checked; seats are ``"P1"`` …).

    ``boxes``: the keys the file gives that are not the core's, for the boxes to check: their
    ``Expansion.scenario_checks`` (the Adversary's ``heroes_win`` …) and their words of each
    hero, ``{ P1 = [...] }`` (``Expansion.hero_words``: the Names ``learned``).
    """

    xp: dict[str, Whole] | None = None
    level: dict[str, Whole] | None = None
    virtue: dict[str, Whole] | None = None
    corruption: dict[str, Whole] | None = None
    act: dict[str, Whole] | None = None
    story_count: dict[str, Whole] | None = None
    story: dict[str, tuple[tuple[str, ...], ...]] | None = None
    tucked: tuple[str, ...] | None = None
    allies: dict[str, tuple[str, ...]] | None = None
    hand: dict[str, tuple[str, ...]] | None = None
    played: dict[str, tuple[str, ...]] | None = None
    icons: dict[str, dict[str, Whole]] | None = None
    destiny_revealed: dict[str, Flag] | None = None
    event: tuple[str, ...] | None = None
    no_event: tuple[str, ...] | None = None
    event_text: tuple[str, ...] | None = None
    legal_contains: tuple[str, ...] | None = None
    legal_excludes: tuple[str, ...] | None = None
    odds: float | str | None = None
    difficulty: int | None = None
    bonus: int | None = None
    pool: tuple[str, ...] | None = None
    row: dict[str, tuple[str, ...]] | None = None
    revealed: tuple[int, ...] | None = None
    score_total: dict[str, Whole] | None = None
    score_line: dict[str, dict[str, Whole]] | None = None
    winners: tuple[str, ...] | None = None
    over: bool | None = None
    to_move: str | None = None
    active: str | None = None
    boxes: dict[str, Any] = attrs.Factory(dict)


#: The keys of a step that are the core's actions (at most one per step, a box's keys included:
#: ``Expansion.scenario_steps``).
ACTION_KEYS = (
    "do",
    "cast",
    "pass",
    "resolve",
    "draw",
    "keep",
    "gain",
    "journey",
    "play",
    "use",
    "ally",
    "end",
    "face",
    "pledge",
)


@attrs.frozen
class Step:
    """``[[steps]]``: one action (notation in ``do``, or one fluent key) and what to expect after it.

    A step with no action only checks its ``expect``. ``cast`` is a list of faces (names or
    0/1, one per rune in pool order) or ``"random"``; ``pass = true`` passes the open timing
    window for every seat; ``resolve = true`` passes every window until the attempt resolves;
    ``play`` takes ``on = "P2"`` for its target. ``boxes``: the keys the file gives that are not
    the core's, each a box's action (``Expansion.scenario_steps``: ``name = "wind"`` attempts a Name).
    """

    do: str | None = None
    cast: tuple[str, ...] | None = None
    pass_: bool = False
    resolve: bool = False
    draw: str | None = None
    keep: str | None = None
    gain: str | None = None
    journey: str | None = None
    play: str | None = None
    on: str | None = None
    use: str | None = None
    ally: str | None = None
    end: bool = False
    face: tuple[str, ...] | None = None
    pledge: bool | None = None
    note: str = ""
    expect: Expect | None = None
    expect_illegal: ExpectIllegal | None = None
    boxes: dict[str, Any] = attrs.Factory(dict)

    def action_keys(self) -> list[str]:
        """The action keys this step uses."""
        out = []
        for key in ACTION_KEYS:
            value = getattr(self, "pass_" if key == "pass" else key)
            if value not in (None, False) or (key == "pledge" and value is False):
                out.append(key)
        return out + list(self.boxes)

    def describe(self) -> str:
        """What the step does, in words (for messages and logs)."""
        keys = self.action_keys()
        if not keys:
            return "check"
        key = keys[0]
        if key == "do":
            return str(self.do)
        if key == "cast":
            faces = self.cast or ()
            return "cast " + ("(random)" if faces == ("random",) else " ".join(faces))
        if key == "pass":
            return "pass (every seat in the window)"
        if key == "resolve":
            return "pass every window until the attempt resolves"
        if key == "end":
            return "end the turn"
        if key == "face":
            return "face " + " ".join(self.face or ())
        if key == "pledge":
            return "pledge loyalty" if self.pledge else "stay loyal to the heroes"
        if key == "play":
            return f"play {self.play}" + (f" on {self.on}" if self.on else "")
        if key == "ally":
            return f"tuck the Ally under {self.ally}"
        if key == "draw":
            return f"draw from the {self.draw} deck"
        return f"{key} {self.boxes[key] if key in self.boxes else getattr(self, key)}"


#: ``expect.tucked``: ``"P1: Card (bottom) under the Origin"`` (the seat and the side may be left out).
TUCKED = re.compile(
    r"(?:(?P<who>[^:]+):\s*)?(?P<card>.+?)(?:\s+\((?P<side>top|bottom)\))?\s+under\s+(?:the\s+)?(?P<under>origin|motivation|destiny)",
    re.I,
)
#: The Character cards a Story's cards are tucked under, in order.
UNDER = ("origin", "motivation", "destiny")
