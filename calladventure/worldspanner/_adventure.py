"""An adventure, from the plaque to the result (``003 · Adventure Basics`` … ``003 · Faction Relations``).

:func:`adventure` checks the hero may adventure (:mod:`.eligibility`), pays or resolves the
challenge with the faction modifier and the Boost (:mod:`.challenges`), and sends the hero off
the map (:mod:`.dismissal`); :class:`AdventureResult` says what happened.
"""

from __future__ import annotations

import attrs

from ..values._reprs import Drawable
from ._capture import Capture
from ._challenges import ChallengeResult, challenge
from ._deck import ChallengeCard, ChallengeFace
from ._dismissal import dome_placement, leave_space
from ._eligibility import adventurers, refusal
from ._errors import AdventureNotAllowedError
from ._pieces import AdventureKind, Hero, HeroStatus, Plaque, Space
from ._state import WorldspannerState, logged
from ._table import adjacent_enemies

__all__ = ["AdventureResult", "adventure"]


@attrs.frozen
class AdventureResult(Drawable):
    """What one adventure did (``003 · Adventure Basics``, ``003 · Common Adventure Results``)."""

    hero: str
    space: str
    plaque: Plaque
    challenge: ChallengeResult | None
    base_rating: int | None
    faction_modifier: int
    boost: int
    fate: HeroStatus
    gained_boost: bool
    capture: Capture
    placement_card: ChallengeCard | None = None

    @property
    def face(self) -> ChallengeFace | None:
        """The face of the challenge card, or None for a paid adventure."""
        return None if self.challenge is None else self.challenge.face

    @property
    def succeeded(self) -> bool:
        """An Amaze or a Pass, or a paid adventure."""
        return self.challenge is None or self.challenge.face.succeeded

    def __str__(self) -> str:
        what = "paid" if self.challenge is None else str(self.challenge)
        extra = f", capture: {self.capture.value}" if self.capture is not Capture.NONE else ""
        boost = ", gains a Boost" if self.gained_boost else ""
        return f"{self.hero} on {self.space}: {what}{boost}, {self.fate.value}{extra}"


def _signed(n: int) -> str:
    return f"{n:+d}"


def adventure(state: WorldspannerState, hero_id: str) -> tuple[WorldspannerState, AdventureResult]:
    """The hero adventures on the plaque it stands on; afterwards it is dismissed or banished.

    Refused (AdventureNotAllowedError, nothing changed) outside the Adventure step, for the
    inactive team, or off a gold plaque (``003 · Adventure Basics``). A challenge adds the
    faction modifier and Boost to the hero's rating (``003 · Faction Relations``); Squeak, Fail
    and Fopp have the common results (``003 · Common Adventure Results``); success on a faction
    key captures it (``003 · Capturing a Faction Adventure``).
    """
    refused = refusal(state, hero_id)
    if refused is not None:
        raise AdventureNotAllowedError(hero_id, refused[0], refused[1], adventurers(state))
    hero = state.hero(hero_id)
    assert hero.space is not None
    space = state.space(hero.space)
    plaque = space.plaque
    assert plaque is not None

    enemies = adjacent_enemies(state, hero_id)
    near = f" Adjacent enemies ({', '.join(enemies)}) do not prevent it." if enemies else ""
    state = logged(
        state, "003/adventure-basics", f"{hero.label} adventures: {plaque.name} on {space.label}.{near}"
    )

    state, result_challenge, base, modifier, boost = _face_plaque(state, hero, space, plaque)
    face = None if result_challenge is None else result_challenge.face
    state, hero, gained_boost, captured = leave_space(state, hero, space, plaque, face)
    state, placement = dome_placement(state, hero)

    return state, AdventureResult(
        hero=hero.id,
        space=space.id,
        plaque=plaque,
        challenge=result_challenge,
        base_rating=base,
        faction_modifier=modifier,
        boost=boost,
        fate=hero.status,
        gained_boost=gained_boost,
        capture=captured,
        placement_card=placement,
    )


def _modifiers(state: WorldspannerState, hero: Hero, space: Space) -> tuple[WorldspannerState, int, int]:
    """The faction modifier of the space's key (``003 · Faction Relations``) and the hero's Boost
    (``INDEX · Worldspanner Factions (003)``), each logged when it applies."""
    modifier = state.factions.modifier(hero.home, space.key)
    if modifier and space.key is not None:
        key = state.factions[space.key]
        home = state.factions[hero.home].name
        why = (
            f"home to {hero.label}'s faction"
            if modifier > 0
            else f"{key.name}, who oppose {hero.label}'s faction"
        )
        state = logged(
            state,
            "003/faction-relations",
            f"{key.key} is {why} ({home}): {_signed(modifier)} on this challenge.",
        )
    boost = 0
    if hero.boosted:
        boost = 1
        state = logged(state, "INDEX/worldspanner-factions-003", f"{hero.label}'s Boost: +1 to its ratings.")
    return state, modifier, boost


def _face_plaque(
    state: WorldspannerState, hero: Hero, space: Space, plaque: Plaque
) -> tuple[WorldspannerState, ChallengeResult | None, int | None, int, int]:
    """A paid plaque is paid (no challenge card); any other is a challenge of the hero's rating with the
    faction modifier and Boost (``003 · Faction Relations``): (state, the challenge, rating, modifier, Boost)."""
    if plaque.kind is AdventureKind.PAID:
        paid = f" with {plaque.cost}" if plaque.cost else ""
        state = logged(
            state,
            "003/faction-relations",
            f"{hero.label} pays{paid}: no challenge card, so no home bonus or opposing penalty.",
        )
        return state, None, None, 0, 0
    base = hero.rating(plaque.rating)
    assert base is not None
    state, modifier, boost = _modifiers(state, hero, space)
    shown = f"{base}{_signed(modifier + boost)}" if modifier + boost else str(base)
    what = f"{hero.label}'s {plaque.rating.capitalize()} {shown}"
    state, result = challenge(state, hero.team, base + modifier + boost, plaque.opposing, what=what)
    return state, result, base, modifier, boost
