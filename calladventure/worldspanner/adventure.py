"""The table and its adventures (``003 · Adventure Basics`` … ``003 · Faction Relations``).

Everything is one frozen value, :class:`WorldspannerState`: two teams (White and Black), their
heroes, the adventure spaces, each team's challenge deck (draw pile and discard pile, as card
positions in the deck's composition), the seeded RNG, the active team and step, and the event
log. Every function here is pure: it returns a new state and leaves the one it was given as it
was, also when it raises.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum

import attrs

from ..values import rng
from ..values.sections import cite
from .deck import (
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    clamp_difference,
    default_deck,
    difference_label,
)
from .errors import AdventureNotAllowedError, DeckError, DeckExhaustedError, Refusal, TableSetupError
from .factions import FactionTable, default_factions
from .rules import EmptyDeck, WorldspannerRules


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


class HeroStatus(StrEnum):
    """Where a hero stands after its last adventure (``003 · Adventure Basics``)."""

    ACTIVE = "active"
    DISMISSED = "dismissed"
    BANISHED = "banished"


class AdventureKind(StrEnum):
    """A challenge (a card is drawn) or an adventure paid with money or cards (none is drawn)."""

    CHALLENGE = "challenge"
    PAID = "paid"


class Capture(StrEnum):
    """What capturing a faction adventure did to the space (``003 · Capturing a Faction Adventure``)."""

    NONE = "none"
    PLACED = "placed"
    REMOVED_ENEMY = "removed enemy marker"
    ALREADY_OURS = "already ours"


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
class ChallengeResult:
    """A challenge: two ratings, their clamped difference, the card and its face (``003 · Challenges``)."""

    team: Team
    hero_rating: int
    opposing_rating: int
    difference: int
    card: ChallengeCard
    face: ChallengeFace

    def __str__(self) -> str:
        return (
            f"{self.hero_rating} vs {self.opposing_rating}: {difference_label(self.difference)}, "
            f"card {self.card.id!r} → {self.face.label}"
        )


@attrs.frozen
class AdventureResult:
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

    def __rich__(self) -> object:
        from .display import result_rich

        return result_rich(self)

    def _repr_html_(self) -> str:
        from .display import result_html

        return result_html(self)


@attrs.frozen
class WorldspannerState:
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

    def __rich__(self) -> object:
        from .display import state_rich

        return state_rich(self)

    def _repr_html_(self) -> str:
        from .display import state_html

        return state_html(self)


# ----------------------------------------------------------------------------- helpers


def _log(state: WorldspannerState, section: str, text: str) -> WorldspannerState:
    return attrs.evolve(state, log=(*state.log, Event(section, text)))


def _with_deck(state: WorldspannerState, deck: TeamDeck) -> WorldspannerState:
    if deck.team is Team.WHITE:
        return attrs.evolve(state, white=deck)
    return attrs.evolve(state, black=deck)


def _with_hero(state: WorldspannerState, hero: Hero) -> WorldspannerState:
    return attrs.evolve(state, heroes=tuple(hero if h.id == hero.id else h for h in state.heroes))


def _with_space(state: WorldspannerState, space: Space) -> WorldspannerState:
    return attrs.evolve(state, spaces=tuple(space if s.id == space.id else s for s in state.spaces))


def _signed(n: int) -> str:
    return f"{n:+d}"


# ----------------------------------------------------------------------------- setting up


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
    return _log(
        state,
        "003/challenges",
        f"White shuffles its challenge deck ({len(deck)} cards, {deck.id!r}) and Black its own "
        f"({len(black)} cards, {black.id!r}). {active.label} is active, {step.label} step.",
    )


def place_hero(state: WorldspannerState, hero_id: str, space_id: str) -> WorldspannerState:
    """Stand a hero on a space (scenario set-up or movement; moving is not part of 003)."""
    hero = state.hero(hero_id)
    space = state.space(space_id)
    state = _with_hero(state, attrs.evolve(hero, space=space.id, status=HeroStatus.ACTIVE))
    plaque = f" (gold plaque: {space.plaque.name})" if space.plaque else ""
    return _log(state, "003/adventure-basics", f"{hero.label} stands on {space.label}{plaque}.")


def adjacent_enemies(state: WorldspannerState, hero_id: str) -> tuple[str, ...]:
    """Enemy heroes next to the hero's space: they do not prevent adventuring (``003 · Adventure Basics``)."""
    hero = state.hero(hero_id)
    if hero.space is None:
        return ()
    near = set(state.space(hero.space).adjacent) | {s.id for s in state.spaces if hero.space in s.adjacent}
    return tuple(h.id for h in state.heroes if h.team is not hero.team and h.space in near)


# ----------------------------------------------------------------------------- the deck


def reshuffle(state: WorldspannerState, team: Team) -> WorldspannerState:
    """Shuffle ``team``'s discard pile and put it under its draw pile (choice: ``docs/worldspanner.md``)."""
    deck = state.deck(team)
    if not deck.discard:
        return state
    cards, next_rng = rng.shuffled(state.rng, deck.discard)
    new = attrs.evolve(deck, draw=deck.draw + cards, discard=(), reshuffles=deck.reshuffles + 1)
    state = attrs.evolve(_with_deck(state, new), rng=next_rng)
    return _log(
        state,
        "003/challenges",
        f"{team.label} shuffles its {len(cards)} used challenge cards into a new draw pile "
        "(the rule text does not say what happens when a deck runs out; project choice).",
    )


def draw_card(state: WorldspannerState, team: Team) -> tuple[WorldspannerState, ChallengeCard]:
    """Turn the top card of ``team``'s own deck and put it on its discard pile (``003 · Challenges``).

    An empty draw pile follows ``rules.empty_deck``: reshuffle the discard pile, or raise
    DeckExhaustedError with nothing changed.
    """
    deck = state.deck(team)
    if not deck.draw:
        if state.rules.empty_deck is EmptyDeck.ERROR:
            raise DeckExhaustedError(team.value)
        state = reshuffle(state, team)
        deck = state.deck(team)
    top, *rest = deck.draw
    state = _with_deck(state, attrs.evolve(deck, draw=tuple(rest), discard=(*deck.discard, top)))
    return state, deck.deck.cards[top]


def stack_deck(state: WorldspannerState, team: Team, card_ids: Sequence[str]) -> WorldspannerState:
    """Put the named cards, in this order, on top of ``team``'s draw pile (tests and scenarios).

    Each id takes the first copy still in the draw pile; the other cards keep their order.
    """
    deck = state.deck(team)
    rest = list(deck.draw)
    top: list[int] = []
    for card_id in card_ids:
        found = next((i for i in rest if deck.deck.cards[i].id == card_id), None)
        if found is None:
            raise DeckError(card_id, None, f"no copy of this card is left in {team.label}'s draw pile")
        rest.remove(found)
        top.append(found)
    state = _with_deck(state, attrs.evolve(deck, draw=(*top, *rest)))
    return _log(
        state, "003/challenges", f"{team.label}'s deck is stacked: next {', '.join(card_ids)} (scenario)."
    )


def challenge(
    state: WorldspannerState, team: Team, hero_rating: int, opposing_rating: int, what: str = "Challenge"
) -> tuple[WorldspannerState, ChallengeResult]:
    """Compare two ratings and read the face at their clamped difference on ``team``'s next card.

    ``003 · Challenges``, ``003 · Reading the Challenge card``.
    """
    difference = clamp_difference(hero_rating, opposing_rating)
    state, card = draw_card(state, team)
    face = card.face(difference)
    result = ChallengeResult(team, hero_rating, opposing_rating, difference, card, face)
    clamped = "" if difference == hero_rating - opposing_rating else " (clamped to ±6)"
    state = _log(
        state,
        "003/reading-the-challenge-card",
        f"{what}: {hero_rating} vs {opposing_rating}, {difference_label(difference)}{clamped}; "
        f"{team.label} turns card {card.id!r}: {face.label}.",
    )
    return state, result


# ----------------------------------------------------------------------------- adventures


def _refusal(state: WorldspannerState, hero_id: str) -> tuple[Refusal, str] | None:
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
    refusal = _refusal(state, hero_id)
    return None if refusal is None else refusal[0]


def adventurers(state: WorldspannerState) -> tuple[str, ...]:
    """The heroes that may adventure now; each may also choose not to (``003 · Adventure Basics``)."""
    return tuple(h.id for h in state.heroes if _refusal(state, h.id) is None)


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
    state = _with_space(state, attrs.evolve(space, marker=new))
    return _log(state, "003/capturing-a-faction-adventure", text), outcome


def adventure(state: WorldspannerState, hero_id: str) -> tuple[WorldspannerState, AdventureResult]:
    """The hero adventures on the plaque it stands on; afterwards it is dismissed or banished.

    Refused (AdventureNotAllowedError, nothing changed) outside the Adventure step, for the
    inactive team, or off a gold plaque (``003 · Adventure Basics``). A challenge adds the
    faction modifier and Boost to the hero's rating (``003 · Faction Relations``); Squeak, Fail
    and Fopp have the common results (``003 · Common Adventure Results``); success on a faction
    key captures it (``003 · Capturing a Faction Adventure``).
    """
    refusal = _refusal(state, hero_id)
    if refusal is not None:
        raise AdventureNotAllowedError(hero_id, refusal[0], refusal[1], adventurers(state))
    hero = state.hero(hero_id)
    assert hero.space is not None
    space = state.space(hero.space)
    plaque = space.plaque
    assert plaque is not None
    team = hero.team

    enemies = adjacent_enemies(state, hero_id)
    near = f" Adjacent enemies ({', '.join(enemies)}) do not prevent it." if enemies else ""
    state = _log(
        state, "003/adventure-basics", f"{hero.label} adventures: {plaque.name} on {space.label}.{near}"
    )

    result_challenge: ChallengeResult | None = None
    base: int | None = None
    modifier = 0
    boost = 0
    if plaque.kind is AdventureKind.PAID:
        paid = f" with {plaque.cost}" if plaque.cost else ""
        state = _log(
            state,
            "003/faction-relations",
            f"{hero.label} pays{paid}: no challenge card, so no home bonus or opposing penalty.",
        )
    else:
        base = hero.rating(plaque.rating)
        assert base is not None
        modifier = state.factions.modifier(hero.home, space.key)
        if modifier and space.key is not None:
            key = state.factions[space.key]
            home = state.factions[hero.home].name
            why = (
                f"home to {hero.label}'s faction"
                if modifier > 0
                else f"{key.name}, who oppose {hero.label}'s faction"
            )
            state = _log(
                state,
                "003/faction-relations",
                f"{key.key} is {why} ({home}): {_signed(modifier)} on this challenge.",
            )
        if hero.boosted:
            boost = 1
            state = _log(
                state, "INDEX/worldspanner-factions-003", f"{hero.label}'s Boost: +1 to its ratings."
            )
        rating_name = plaque.rating.capitalize()
        shown = f"{base}{_signed(modifier + boost)}" if modifier + boost else str(base)
        state, result_challenge = challenge(
            state,
            team,
            base + modifier + boost,
            plaque.opposing,
            what=f"{hero.label}'s {rating_name} {shown}",
        )

    face = None if result_challenge is None else result_challenge.face
    gained_boost = False
    captured = Capture.NONE
    if face is None or face.succeeded:
        fate = HeroStatus.DISMISSED
        if plaque.captures and space.key is not None:
            state, captured = capture(state, team, space.id)
        state = _log(state, "003/adventure-basics", f"{hero.label} is dismissed after the adventure.")
    elif face is ChallengeFace.SQUEAK:
        fate = HeroStatus.DISMISSED
        gained_boost = not hero.boosted
        got = "gains a Boost" if gained_boost else "already has a Boost (one at a time)"
        state = _log(state, "003/common-adventure-results", f"Squeak: {hero.label} {got} and is dismissed.")
    elif face is ChallengeFace.FAIL:
        fate = HeroStatus.DISMISSED
        state = _log(state, "003/common-adventure-results", f"Fail: {hero.label} is dismissed.")
    else:
        fate = HeroStatus.BANISHED
        state = _log(state, "003/common-adventure-results", f"Fopp: {hero.label} is banished.")

    hero = attrs.evolve(hero, space=None, status=fate, boosted=hero.boosted or gained_boost)
    state = _with_hero(state, hero)

    placement: ChallengeCard | None = None
    if state.rules.dismissal_draws:
        placer = team if fate is HeroStatus.DISMISSED else team.other
        state, placement = draw_card(state, placer)
        dome = "–".join(map(str, placement.dome)) if placement.dome else "none printed"
        state = _log(
            state,
            "INDEX/worldspanner-factions-003",
            f"{placer.label} turns card {placement.id!r} to place {hero.label} in a Dome (range: {dome}).",
        )

    return state, AdventureResult(
        hero=hero.id,
        space=space.id,
        plaque=plaque,
        challenge=result_challenge,
        base_rating=base,
        faction_modifier=modifier,
        boost=boost,
        fate=fate,
        gained_boost=gained_boost,
        capture=captured,
        placement_card=placement,
    )


# ----------------------------------------------------------------------------- the turn


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
                state = _with_hero(state, attrs.evolve(h, boosted=False))
                state = _log(
                    state, "INDEX/worldspanner-factions-003", f"{h.label}'s Boost ends at its Free step."
                )
    if state.step is Step.ADVENTURE:
        ready = adventurers(state)
        who = ", ".join(ready) if ready else "nobody"
        state = _log(
            state,
            "003/adventure-basics",
            f"{state.active.label}'s Adventure step: may adventure (voluntarily): {who}.",
        )
    return state


__all__ = [
    "STEPS",
    "AdventureKind",
    "AdventureResult",
    "Capture",
    "ChallengeResult",
    "Event",
    "Hero",
    "HeroStatus",
    "Plaque",
    "Space",
    "Step",
    "Team",
    "TeamDeck",
    "WorldspannerState",
    "adjacent_enemies",
    "advance_step",
    "adventure",
    "adventurers",
    "can_adventure",
    "capture",
    "challenge",
    "draw_card",
    "new_table",
    "place_hero",
    "reshuffle",
    "stack_deck",
]
