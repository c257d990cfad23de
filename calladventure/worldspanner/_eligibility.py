"""Who may adventure now, and why not (``003 · Adventure Basics``).

Only the active team adventures, only in the Adventure step, only a hero standing on a gold
plaque (with the rating a challenge tests). A refusal is a :class:`~.errors.Refusal` and a reason.
"""

from __future__ import annotations

from ._errors import Refusal, TableSetupError
from ._pieces import AdventureKind
from ._state import WorldspannerState
from ._teams import Step

__all__ = ["adventurers", "can_adventure", "refusal"]


def refusal(state: WorldspannerState, hero_id: str) -> tuple[Refusal, str] | None:
    """None if the hero may adventure now, else the refusal and why (``003 · Adventure Basics``)."""
    try:
        hero = state.hero(hero_id)
    except TableSetupError as exc:
        return Refusal.UNKNOWN_HERO, str(exc)
    if hero.team is not state.active:
        return Refusal.WRONG_TEAM, (
            f"{hero.label} is on the {hero.team.label} team; "
            f"only the active team ({state.active.label}) adventures"
        )
    if state.step is not Step.ADVENTURE:
        return (
            Refusal.WRONG_STEP,
            f"adventures are resolved in the Adventure step only, not the {state.step.label} step",
        )
    if hero.space is None:
        return (
            Refusal.NOT_ON_A_SPACE,
            f"{hero.label} is not standing on a space (status: {hero.status.value})",
        )
    space = state.space(hero.space)
    if space.plaque is None:
        return Refusal.NO_PLAQUE, f"{space.label} has no gold adventure plaque"
    if space.plaque.kind is AdventureKind.CHALLENGE and hero.rating(space.plaque.rating) is None:
        return (
            Refusal.NO_RATING,
            f"{hero.label} has no {space.plaque.rating!r} rating for {space.plaque.name}",
        )
    return None


def can_adventure(state: WorldspannerState, hero_id: str) -> Refusal | None:
    """None if the hero may adventure now, else why not (``003 · Adventure Basics``)."""
    why = refusal(state, hero_id)
    return None if why is None else why[0]


def adventurers(state: WorldspannerState) -> tuple[str, ...]:
    """The heroes that may adventure now; each may also choose not to (``003 · Adventure Basics``)."""
    return tuple(h.id for h in state.heroes if refusal(state, h.id) is None)
