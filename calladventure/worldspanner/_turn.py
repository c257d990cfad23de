"""Walking a turn: step after step, then the other team (``INDEX · Worldspanner Factions (003)``)."""

from __future__ import annotations

import attrs

from ._eligibility import adventurers
from ._state import WorldspannerState, logged, with_hero
from ._teams import STEPS, Step, Team

__all__ = ["advance_step"]


def advance_step(state: WorldspannerState) -> WorldspannerState:
    """Go to the next step; after Reinforce the other team becomes active at its Free step.

    Entering a team's Free step ends its heroes' Boosts (``INDEX · Worldspanner Factions (003)``).
    """
    i = STEPS.index(state.step)
    if i + 1 < len(STEPS):
        state = attrs.evolve(state, step=STEPS[i + 1])
    else:
        team = state.active.other
        state = attrs.evolve(
            state, active=team, step=Step.FREE, round=state.round + (1 if team is Team.WHITE else 0)
        )
    if state.step is Step.FREE:
        for h in state.heroes:
            if h.team is state.active and h.boosted:
                state = with_hero(state, attrs.evolve(h, boosted=False))
                state = logged(
                    state, "INDEX/worldspanner-factions-003", f"{h.label}'s Boost ends at its Free step."
                )
    if state.step is Step.ADVENTURE:
        ready = adventurers(state)
        who = ", ".join(ready) if ready else "nobody"
        state = logged(
            state,
            "003/adventure-basics",
            f"{state.active.label}'s Adventure step: may adventure (voluntarily): {who}.",
        )
    return state
