"""Shared builders for the Worldspanner (003) tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from calladventure.worldspanner import (
    FACES,
    AdventureKind,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    Hero,
    Plaque,
    Space,
    Step,
    Team,
    WorldspannerRules,
    WorldspannerState,
    new_table,
)


def uniform_card(face: ChallengeFace) -> ChallengeCard:
    """A test card that shows the same face at every difference (id: the face's name)."""
    return ChallengeCard(face.value, (face,) * 13)


def probe_deck() -> ChallengeDeck:
    """Three uniform cards per face (15 cards), so a stacked card forces any result."""
    return ChallengeDeck.of(((uniform_card(f), 3) for f in FACES), "probe")


def table(
    *,
    seed: int = 7,
    deck: ChallengeDeck | None = None,
    rules: WorldspannerRules | None = None,
    step: Step = Step.ADVENTURE,
    extra_heroes: Sequence[Hero] = (),
) -> WorldspannerState:
    """A small table: two White heroes and a Black one, a faction key space, a plain space, a paid space."""
    heroes = [
        Hero("ayla", Team.WHITE, "warriors", {"aim": 6, "might": 4}, name="Ayla", space="range"),
        Hero("corin", Team.WHITE, "commoners", {"aim": 6}, name="Corin", space="well"),
        Hero("bram", Team.BLACK, "icons", {"aim": 6}, name="Bram", space="yard"),
        *extra_heroes,
    ]
    spaces = [
        Space(
            "range",
            "Bastion Archery Range",
            key="warriors",
            plaque=Plaque("Archery Trial", rating="aim", opposing=5),
            adjacent=("yard",),
        ),
        Space("well", "Old Well", plaque=Plaque("Fish out the Ring", rating="aim", opposing=5)),
        Space("yard", "Training Yard"),
        Space(
            "theatre",
            "Celestial Stage",
            key="icons",
            plaque=Plaque("Buy a Premiere", kind=AdventureKind.PAID, cost="3 gold"),
        ),
        Space("vale", "Vale Fair", key="commoners", plaque=Plaque("Fair Contest", rating="aim", opposing=5)),
        Space(
            "lostlight",
            "Lostlight Archive",
            key="adventurers",
            plaque=Plaque("Map Room", rating="aim", opposing=5),
        ),
    ]
    return new_table(heroes, spaces, seed=seed, deck=deck, rules=rules, step=step)


@pytest.fixture
def make_table() -> Callable[..., WorldspannerState]:
    """The :func:`table` builder."""
    return table


@pytest.fixture
def probe() -> ChallengeDeck:
    """The probe deck."""
    return probe_deck()


@pytest.fixture
def probe_table() -> WorldspannerState:
    """The small table played with the probe deck."""
    return table(deck=probe_deck())
