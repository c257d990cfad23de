"""The two teams and the steps of a team's turn (``003 · Challenges``, ``003 · Adventure Basics``)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["STEPS", "Step", "Team"]


class Team(StrEnum):
    """The two teams (``003 · Challenges``: each has its own challenge deck)."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> Team:
        return Team.BLACK if self is Team.WHITE else Team.WHITE

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Step(StrEnum):
    """The steps of a team's turn, in order, as the public online rules name them.

    Only the Adventure step has rules here (``003 · Adventure Basics``); the Free step ends a
    Boost (``INDEX · Worldspanner Factions (003)``). The others are named so a turn can be walked.
    """

    FREE = "free"
    ACTION = "action"
    REACTION = "reaction"
    MELEE = "melee"
    ADVENTURE = "adventure"
    REINFORCE = "reinforce"

    @property
    def label(self) -> str:
        return self.value.capitalize()


STEPS: tuple[Step, ...] = tuple(Step)
