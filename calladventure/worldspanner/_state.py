"""The whole Worldspanner table as one frozen value, :class:`WorldspannerState`.

Two teams (White and Black), their heroes, the adventure spaces, each team's challenge deck
(:class:`TeamDeck`: draw pile and discard pile, as card positions in the deck's composition), the
seeded RNG, the active team and step, and the event log (:class:`Event`, each citing its rule
section). Every function of the package is pure: it returns a new state and leaves the one it
was given as it was, also when it raises. The ``with_*`` and :func:`logged` helpers here are
how they make the new state.
"""

from __future__ import annotations

import attrs

from ..values._reprs import Drawable
from ..values._sections import cite
from ._deck import ChallengeCard, ChallengeDeck
from ._errors import TableSetupError
from ._factions import FactionTable
from ._pieces import Hero, Space
from ._rules import WorldspannerRules
from ._teams import Step, Team

__all__ = [
    "HIDDEN_CARD",
    "Event",
    "TeamDeck",
    "WorldspannerState",
    "logged",
    "public_view",
    "with_deck",
    "with_hero",
    "with_space",
]

#: A card position in a view: a card of the pile that nobody may look at.
HIDDEN_CARD = -1


@attrs.frozen
class TeamDeck:
    """One team's challenge deck in play: positions in ``deck.cards`` still to draw (top first) and used.

    Nobody may look through the discard pile (``003 · Challenges``); it is kept, in the order the
    cards were turned, for the analysis tools of :mod:`.odds`.
    """

    team: Team
    deck: ChallengeDeck
    draw: tuple[int, ...]
    discard: tuple[int, ...] = ()
    reshuffles: int = 0

    def __repr__(self) -> str:
        return (
            f"<TeamDeck {self.team.value}: {len(self.draw)} to draw, {len(self.discard)} used, "
            f"{self.reshuffles} reshuffles, deck {self.deck.id!r}>"
        )

    @property
    def remaining(self) -> tuple[ChallengeCard, ...]:
        """The cards still in the draw pile, top first."""
        return tuple(self.deck.cards[i] for i in self.draw)

    @property
    def used(self) -> tuple[ChallengeCard, ...]:
        """The cards in the discard pile, oldest first."""
        return tuple(self.deck.cards[i] for i in self.discard)


@attrs.frozen
class Event:
    """One line of the log, citing the rule section it applies."""

    section: str
    text: str

    def __attrs_post_init__(self) -> None:
        cite(self.section)

    def __str__(self) -> str:
        return f"[{cite(self.section)}] {self.text}"


@attrs.frozen
class WorldspannerState(Drawable):
    """The whole table, one immutable value (see the module docstring)."""

    heroes: tuple[Hero, ...]
    spaces: tuple[Space, ...]
    white: TeamDeck
    black: TeamDeck
    factions: FactionTable
    rules: WorldspannerRules
    active: Team
    step: Step
    round: int = 1
    rng: int = 0
    log: tuple[Event, ...] = ()

    def hero(self, hero_id: str) -> Hero:
        """The hero with this id; TableSetupError naming the known ones if there is none."""
        for h in self.heroes:
            if h.id == hero_id:
                return h
        raise TableSetupError(f"no hero {hero_id!r}; heroes: {[h.id for h in self.heroes]}")

    def space(self, space_id: str) -> Space:
        """The space with this id; TableSetupError naming the known ones if there is none."""
        for s in self.spaces:
            if s.id == space_id:
                return s
        raise TableSetupError(f"no space {space_id!r}; spaces: {[s.id for s in self.spaces]}")

    def deck(self, team: Team) -> TeamDeck:
        """A team's own challenge deck (``003 · Challenges``)."""
        return self.white if team is Team.WHITE else self.black

    def __repr__(self) -> str:
        return (
            f"<WorldspannerState round {self.round}, {self.active.label} {self.step.label} step, "
            f"{len(self.heroes)} heroes, {len(self.spaces)} spaces, {self.white!r}, {self.black!r}, "
            f"{len(self.log)} events>"
        )

    def captured(self, team: Team) -> tuple[str, ...]:
        """The ids of the spaces carrying ``team``'s victory marker."""
        return tuple(s.id for s in self.spaces if s.marker is team)


def logged(state: WorldspannerState, section: str, text: str) -> WorldspannerState:
    """``state`` with one more log line, citing ``section``."""
    return attrs.evolve(state, log=(*state.log, Event(section, text)))


def with_deck(state: WorldspannerState, deck: TeamDeck) -> WorldspannerState:
    """``state`` with ``deck`` as its team's challenge deck."""
    if deck.team is Team.WHITE:
        return attrs.evolve(state, white=deck)
    return attrs.evolve(state, black=deck)


def with_hero(state: WorldspannerState, hero: Hero) -> WorldspannerState:
    """``state`` with ``hero`` in place of the hero with its id."""
    return attrs.evolve(state, heroes=tuple(hero if h.id == hero.id else h for h in state.heroes))


def with_space(state: WorldspannerState, space: Space) -> WorldspannerState:
    """``state`` with ``space`` in place of the space with its id."""
    return attrs.evolve(state, spaces=tuple(space if s.id == space.id else s for s in state.spaces))


def public_view(state: WorldspannerState) -> WorldspannerState:
    """What every player may know: both decks' piles keep their sizes, not their cards, and no RNG.

    ``003 · Challenges``: the draw pile is face down and nobody may look through the discard
    pile, so both are :data:`HIDDEN_CARD` positions here (``remaining`` and ``used`` mean nothing
    on a view); the log still tells each card as it was turned, as the table saw it.
    """

    def hide(deck: TeamDeck) -> TeamDeck:
        return attrs.evolve(
            deck, draw=(HIDDEN_CARD,) * len(deck.draw), discard=(HIDDEN_CARD,) * len(deck.discard)
        )

    return attrs.evolve(state, white=hide(state.white), black=hide(state.black), rng=0)
