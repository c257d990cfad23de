"""Capturing a faction adventure: the victory markers on the map (``003 · Capturing a Faction Adventure``)."""

from __future__ import annotations

from enum import StrEnum

import attrs

from ._state import WorldspannerState, logged, with_space
from ._teams import Team

__all__ = ["Capture", "capture"]


class Capture(StrEnum):
    """What capturing a faction adventure did to the space (``003 · Capturing a Faction Adventure``)."""

    NONE = "none"
    PLACED = "placed"
    REMOVED_ENEMY = "removed enemy marker"
    ALREADY_OURS = "already ours"


def capture(state: WorldspannerState, team: Team, space_id: str) -> tuple[WorldspannerState, Capture]:
    """Capture a faction adventure space for ``team`` (``003 · Capturing a Faction Adventure``).

    No marker: place ``team``'s. The enemy's marker: remove it and place none. Already
    ``team``'s: nothing. A space holds at most one marker.
    """
    space = state.space(space_id)
    if space.marker is None:
        outcome, new, text = Capture.PLACED, team, f"{team.label} places its victory marker on {space.label}."
    elif space.marker is team:
        outcome, new, text = (
            Capture.ALREADY_OURS,
            team,
            f"{space.label} already carries {team.label}'s marker.",
        )
    else:
        outcome, new = Capture.REMOVED_ENEMY, None
        text = (
            f"{team.label} removes {space.marker.label}'s victory marker from {space.label} and places none."
        )
    state = with_space(state, attrs.evolve(space, marker=new))
    return logged(state, "003/capturing-a-faction-adventure", text), outcome
