"""Setting up the table: :func:`new_table`, standing heroes on spaces, the enemies next to a hero.

``003 · Challenges`` (each team shuffles its own deck), ``003 · Adventure Basics`` (heroes on the
spaces of the map).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..values import _rng as rng
from ._deck import ChallengeDeck, default_deck
from ._errors import TableSetupError
from ._factions import FactionTable, default_factions
from ._pieces import Hero, HeroStatus, Space
from ._rules import WorldspannerRules
from ._state import TeamDeck, WorldspannerState, logged, with_hero
from ._teams import Step, Team

__all__ = ["adjacent_enemies", "new_table", "place_hero"]


def new_table(
    heroes: Sequence[Hero],
    spaces: Sequence[Space],
    *,
    seed: int,
    deck: ChallengeDeck | None = None,
    black_deck: ChallengeDeck | None = None,
    factions: FactionTable | None = None,
    rules: WorldspannerRules | None = None,
    active: Team = Team.WHITE,
    step: Step = Step.ADVENTURE,
) -> WorldspannerState:
    """A table ready to play: each team shuffles its own challenge deck (``003 · Challenges``).

    ``deck`` is both teams' composition (the bundled default if None); ``black_deck`` gives
    Black a different one. The game starts at ``active``'s ``step`` (the Adventure step by default).
    """
    deck = deck or default_deck()
    factions = factions or default_factions()
    hero_ids = [h.id for h in heroes]
    space_ids = [s.id for s in spaces]
    for ids, what in ((hero_ids, "hero"), (space_ids, "space")):
        for i in ids:
            if ids.count(i) > 1:
                raise TableSetupError(f"two {what}s have the id {i!r}")
    for h in heroes:
        if h.home not in factions:
            raise TableSetupError(f"hero {h.id!r}: unknown home faction {h.home!r}; known: {factions.ids()}")
        if h.space is not None and h.space not in space_ids:
            raise TableSetupError(f"hero {h.id!r} stands on unknown space {h.space!r}")
    for s in spaces:
        if s.key is not None and s.key not in factions:
            raise TableSetupError(f"space {s.id!r}: {s.key!r} is not a faction key; known: {factions.ids()}")
        for n in s.adjacent:
            if n not in space_ids:
                raise TableSetupError(f"space {s.id!r}: adjacent space {n!r} does not exist")
    state_rng = rng.seed_state(seed)
    white_draw, state_rng = rng.shuffled(state_rng, range(len(deck)))
    black = black_deck or deck
    black_draw, state_rng = rng.shuffled(state_rng, range(len(black)))
    state = WorldspannerState(
        heroes=tuple(heroes),
        spaces=tuple(spaces),
        white=TeamDeck(Team.WHITE, deck, white_draw),
        black=TeamDeck(Team.BLACK, black, black_draw),
        factions=factions,
        rules=rules or WorldspannerRules(),
        active=active,
        step=step,
        rng=state_rng,
    )
    return logged(
        state,
        "003/challenges",
        f"White shuffles its challenge deck ({len(deck)} cards, {deck.id!r}) and Black its own "
        f"({len(black)} cards, {black.id!r}). {active.label} is active, {step.label} step.",
    )


def place_hero(state: WorldspannerState, hero_id: str, space_id: str) -> WorldspannerState:
    """Stand a hero on a space (scenario set-up or movement; moving is not part of 003)."""
    hero = state.hero(hero_id)
    space = state.space(space_id)
    state = with_hero(state, attrs.evolve(hero, space=space.id, status=HeroStatus.ACTIVE))
    plaque = f" (gold plaque: {space.plaque.name})" if space.plaque else ""
    return logged(state, "003/adventure-basics", f"{hero.label} stands on {space.label}{plaque}.")


def adjacent_enemies(state: WorldspannerState, hero_id: str) -> tuple[str, ...]:
    """Enemy heroes next to the hero's space: they do not prevent adventuring (``003 · Adventure Basics``)."""
    hero = state.hero(hero_id)
    if hero.space is None:
        return ()
    near = set(state.space(hero.space).adjacent) | {s.id for s in state.spaces if hero.space in s.adjacent}
    return tuple(h.id for h in state.heroes if h.team is not hero.team and h.space in near)
