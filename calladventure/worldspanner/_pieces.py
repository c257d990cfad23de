"""What stands on the map: heroes, the spaces and their gold adventure plaques (``003 · Adventure Basics``).

A :class:`Hero` has a team, a home faction, numbered ratings and a :class:`HeroStatus`; a
:class:`Space` may carry a faction key, a :class:`Plaque` (the adventure attempted there) and a
team's victory marker.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

import attrs

from ._errors import TableSetupError
from ._teams import Team

__all__ = ["AdventureKind", "Hero", "HeroStatus", "Plaque", "Space"]


class HeroStatus(StrEnum):
    """Where a hero stands after its last adventure (``003 · Adventure Basics``)."""

    ACTIVE = "active"
    DISMISSED = "dismissed"
    BANISHED = "banished"


class AdventureKind(StrEnum):
    """A challenge (a card is drawn) or an adventure paid with money or cards (none is drawn)."""

    CHALLENGE = "challenge"
    PAID = "paid"


def _ratings(value: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    items = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((str(k).lower(), int(v)) for k, v in items))


@attrs.frozen
class Hero:
    """A hero: team, home faction, numbered ratings (e.g. ``{"aim": 6}``), where it stands, Boost."""

    id: str
    team: Team
    home: str
    ratings: tuple[tuple[str, int], ...] = attrs.field(converter=_ratings)
    name: str = ""
    space: str | None = None
    status: HeroStatus = HeroStatus.ACTIVE
    boosted: bool = False

    @property
    def label(self) -> str:
        return self.name or self.id

    def rating(self, name: str) -> int | None:
        """The printed rating called ``name`` (case-insensitive), or None if the hero has none."""
        return dict(self.ratings).get(name.lower())


@attrs.frozen
class Plaque:
    """A gold adventure plaque: the adventure that can be attempted on its space.

    A challenge compares the hero's ``rating`` with ``opposing`` and draws a card
    (``003 · Challenges``); a paid adventure spends ``cost`` (money or cards) and draws none
    (``003 · Faction Relations``). ``captures``: on a faction key, an Amaze or a Pass (or paying)
    captures the space (``003 · Capturing a Faction Adventure``).
    """

    name: str
    kind: AdventureKind = attrs.field(default=AdventureKind.CHALLENGE, converter=AdventureKind)
    rating: str = ""
    opposing: int = 0
    cost: str = ""
    captures: bool = True

    def __attrs_post_init__(self) -> None:
        if self.kind is AdventureKind.CHALLENGE and not self.rating:
            raise TableSetupError(
                f"plaque {self.name!r}: a challenge names the hero rating it tests (rating=...)"
            )
        if self.kind is AdventureKind.PAID and self.rating:
            raise TableSetupError(
                f"plaque {self.name!r}: a paid adventure tests no rating (003 · Faction Relations)"
            )


@attrs.frozen
class Space:
    """A map space: optional faction key, optional gold plaque, the victory marker on it, its neighbours."""

    id: str
    name: str = ""
    key: str | None = None
    plaque: Plaque | None = None
    marker: Team | None = None
    adjacent: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return self.name or self.id
