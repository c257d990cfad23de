"""After an adventure: the hero is dismissed or banished, may gain a Boost, may capture the space.

``003 · Adventure Basics`` (a hero that adventured leaves its space), ``003 · Common Adventure
Results`` (Squeak: a Boost; Fail: dismissed; Fopp: banished), ``003 · Capturing a Faction
Adventure`` (success on a faction key), and the optional placement draw of
``INDEX · Worldspanner Factions (003)``.
"""

from __future__ import annotations

import attrs

from ._capture import Capture, capture
from ._challenges import draw_card
from ._deck import ChallengeCard, ChallengeFace
from ._pieces import Hero, HeroStatus, Plaque, Space
from ._state import WorldspannerState, logged, with_hero

__all__ = ["dome_placement", "leave_space"]


def leave_space(
    state: WorldspannerState, hero: Hero, space: Space, plaque: Plaque, face: ChallengeFace | None
) -> tuple[WorldspannerState, Hero, bool, Capture]:
    """The hero leaves ``space`` after adventuring there; ``face`` is None for a paid adventure.

    Returns the new state, the hero as it is now (off the map, dismissed or banished, its
    Boost), whether it gained a Boost (one at a time), and what it did to the space.
    """
    gained_boost = False
    captured = Capture.NONE
    if face is None or face.succeeded:
        fate = HeroStatus.DISMISSED
        if plaque.captures and space.key is not None:
            state, captured = capture(state, hero.team, space.id)
        state = logged(state, "003/adventure-basics", f"{hero.label} is dismissed after the adventure.")
    elif face is ChallengeFace.SQUEAK:
        fate = HeroStatus.DISMISSED
        gained_boost = not hero.boosted
        got = "gains a Boost" if gained_boost else "already has a Boost (one at a time)"
        state = logged(state, "003/common-adventure-results", f"Squeak: {hero.label} {got} and is dismissed.")
    elif face is ChallengeFace.FAIL:
        fate = HeroStatus.DISMISSED
        state = logged(state, "003/common-adventure-results", f"Fail: {hero.label} is dismissed.")
    else:
        fate = HeroStatus.BANISHED
        state = logged(state, "003/common-adventure-results", f"Fopp: {hero.label} is banished.")
    hero = attrs.evolve(hero, space=None, status=fate, boosted=hero.boosted or gained_boost)
    return with_hero(state, hero), hero, gained_boost, captured


def dome_placement(state: WorldspannerState, hero: Hero) -> tuple[WorldspannerState, ChallengeCard | None]:
    """With ``rules.dismissal_draws``, a card places the hero in a Dome (``INDEX · Worldspanner Factions (003)``).

    A dismissed hero's own team turns the card, a banished hero's enemy; without the option no
    card is drawn (None).
    """
    if not state.rules.dismissal_draws:
        return state, None
    placer = hero.team if hero.status is HeroStatus.DISMISSED else hero.team.other
    state, placement = draw_card(state, placer)
    dome = "–".join(map(str, placement.dome)) if placement.dome else "none printed"
    state = logged(
        state,
        "INDEX/worldspanner-factions-003",
        f"{placer.label} turns card {placement.id!r} to place {hero.label} in a Dome (range: {dome}).",
    )
    return state, placement
