"""The table as one frozen value: seeded determinism, set-up checks, the rules options (003 · Challenges)."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from calladventure.values._errors import RulesOptionError
from calladventure.values._sections import SECTIONS
from calladventure.worldspanner import (
    FACES,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    DeckError,
    DeckExhaustedError,
    EmptyDeck,
    Hero,
    HeroStatus,
    Plaque,
    Space,
    Step,
    TableSetupError,
    Team,
    WorldspannerRules,
    WorldspannerState,
    adventure,
    challenge,
    draw_card,
    new_table,
    place_hero,
    reshuffle,
    stack_deck,
)

Maker = Callable[..., WorldspannerState]


def play(state: WorldspannerState, rounds: int = 30) -> WorldspannerState:
    """Alternate bare challenges between the teams, then one adventure (a deterministic script)."""
    for i in range(rounds):
        state, _ = challenge(state, Team.WHITE if i % 2 else Team.BLACK, i % 9, 4)
    state, _ = adventure(state, "corin")
    return state


def test_003_challenges_same_seed_same_game(make_table: Maker) -> None:
    one, two = play(make_table(seed=42)), play(make_table(seed=42))
    assert one == two
    assert one.log == two.log
    assert play(make_table(seed=43)).white.discard != one.white.discard


def test_003_challenges_the_global_random_module_is_not_used(make_table: Maker) -> None:
    random.seed(1)
    one = play(make_table(seed=5))
    random.seed(2)
    random.random()
    two = play(make_table(seed=5))
    assert one == two


def test_003_challenges_each_team_shuffles_its_own_deck(make_table: Maker) -> None:
    state = make_table(seed=9)
    assert sorted(state.white.draw) == sorted(state.black.draw) == list(range(20))
    assert state.white.draw != state.black.draw
    assert state.white.draw != tuple(range(20))


def test_the_state_is_frozen_and_functions_do_not_change_their_input(make_table: Maker) -> None:
    state = make_table()
    snapshot = attrs.evolve(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.step = Step.FREE  # type: ignore[misc]
    after, _ = adventure(state, "corin")
    assert state == snapshot
    assert after != state
    assert after.heroes[0] is state.heroes[0]  # untouched parts are shared, not copied


def test_003_challenges_the_rng_lives_in_the_state(make_table: Maker) -> None:
    state = make_table()
    for _ in range(20):
        state, _ = draw_card(state, Team.WHITE)
    before = state.rng
    state, _ = draw_card(state, Team.WHITE)  # empty: reshuffles with the state's RNG
    assert state.rng != before
    assert state.white.reshuffles == 1
    assert len(state.white.draw) == 19 and len(state.white.discard) == 1
    assert state.log[-1].section == "003/challenges"
    assert "does not say what happens when a deck runs out" in state.log[-1].text


def test_003_challenges_empty_deck_error_option_changes_nothing_until_reshuffled(make_table: Maker) -> None:
    state = make_table(rules=WorldspannerRules(empty_deck=EmptyDeck.ERROR))
    for _ in range(20):
        state, _ = draw_card(state, Team.WHITE)
    with pytest.raises(DeckExhaustedError, match="empty_deck='error'"):
        adventure(state, "corin")
    assert state.hero("corin").space == "well"
    state = reshuffle(state, Team.WHITE)
    assert len(state.white.draw) == 20
    state, result = adventure(state, "corin")
    assert result.face is not None


def test_rules_options_are_checked() -> None:
    assert WorldspannerRules() == WorldspannerRules(empty_deck="reshuffle", dismissal_draws=False)
    assert WorldspannerRules(empty_deck="error").empty_deck is EmptyDeck.ERROR
    with pytest.raises(RulesOptionError, match="empty_deck"):
        WorldspannerRules(empty_deck="shrug")
    with pytest.raises(RulesOptionError, match="dismissal_draws"):
        WorldspannerRules(dismissal_draws="yes")


def test_dismissal_draws_option_places_with_a_card_from_the_right_deck(make_table: Maker) -> None:
    domed = ChallengeDeck.of(
        [(ChallengeCard(f.value, (f,) * 13, dome=(i + 1, i + 2)), 3) for i, f in enumerate(FACES)], "domed"
    )
    state = make_table(deck=domed, rules=WorldspannerRules(dismissal_draws=True))
    state = stack_deck(state, Team.WHITE, ["pass", "fail"])
    state, dismissed = adventure(state, "corin")
    assert dismissed.fate is HeroStatus.DISMISSED
    assert dismissed.placement_card is not None and dismissed.placement_card.id == "fail"
    assert len(state.white.discard) == 2 and state.black.discard == ()
    assert "Dome (range: 4–5)" in state.log[-1].text
    state = stack_deck(state, Team.WHITE, ["fopp"])
    state, banished = adventure(state, "ayla")
    assert banished.fate is HeroStatus.BANISHED
    assert len(state.black.discard) == 1  # the enemy places a banished hero
    assert state.log[-1].text.startswith("Black turns card")


def test_stacking_a_card_that_is_not_in_the_draw_pile_is_an_error(make_table: Maker) -> None:
    state = make_table()
    with pytest.raises(DeckError, match="no copy of this card is left"):
        stack_deck(state, Team.WHITE, ["golden", "golden"])
    stacked = stack_deck(state, Team.WHITE, ["golden", "even"])
    assert [c.id for c in stacked.white.remaining[:2]] == ["golden", "even"]
    assert sorted(stacked.white.draw) == sorted(state.white.draw)


@pytest.mark.parametrize(
    ("heroes", "spaces", "words"),
    [
        ([Hero("a", Team.WHITE, "warriors", {}), Hero("a", Team.BLACK, "icons", {})], [], "two heros"),
        ([Hero("a", Team.WHITE, "pirates", {})], [], "unknown home faction"),
        ([Hero("a", Team.WHITE, "warriors", {}, space="moon")], [], "unknown space"),
        ([], [Space("s", key="atlantis")], "not a faction key"),
        ([], [Space("s", adjacent=("t",))], "adjacent space"),
        ([], [Space("s"), Space("s")], "two spaces"),
    ],
)
def test_table_setup_errors_say_why(heroes: list[Hero], spaces: list[Space], words: str) -> None:
    with pytest.raises(TableSetupError, match=words):
        new_table(heroes, spaces, seed=1)


def test_plaques_are_checked() -> None:
    with pytest.raises(TableSetupError, match="names the hero rating"):
        Plaque("Nameless Trial")
    with pytest.raises(TableSetupError, match="tests no rating"):
        Plaque("Bribe", kind="paid", rating="aim")


def test_unknown_ids_are_typed_errors(make_table: Maker) -> None:
    state = make_table()
    with pytest.raises(TableSetupError, match="no hero"):
        place_hero(state, "ghost", "well")
    with pytest.raises(TableSetupError, match="no space"):
        place_hero(state, "ayla", "moon")


def test_every_event_cites_a_known_section(make_table: Maker) -> None:
    state = play(make_table(seed=3), rounds=45)
    assert state.log
    assert all(e.section in SECTIONS for e in state.log)
    assert all(str(e).startswith("[") for e in state.log)


def test_hero_ratings_are_frozen_and_case_insensitive() -> None:
    hero = Hero("h", Team.WHITE, "warriors", {"Aim": 6, "might": 3})
    assert hero.ratings == (("aim", 6), ("might", 3))
    assert hero.rating("AIM") == 6
    assert hero.rating("guile") is None
    assert isinstance(hash(hero), int)
    assert ChallengeFace("pass") is ChallengeFace.PASS


def test_003_challenges_a_public_view_shows_pile_sizes_not_the_cards(make_table: Maker) -> None:
    from calladventure.worldspanner._state import HIDDEN_CARD, public_view

    state = make_table()
    for _ in range(3):
        state, _card = draw_card(state, Team.WHITE)
    shown = public_view(state)
    for real, seen in ((state.white, shown.white), (state.black, shown.black)):
        assert len(seen.draw) == len(real.draw) and len(seen.discard) == len(real.discard) == len(
            seen.discard
        )
        assert set(seen.draw) | set(seen.discard) <= {HIDDEN_CARD}
    assert len(shown.white.discard) == 3 and shown.rng == 0 and shown.log == state.log
    other = attrs.evolve(
        state, white=attrs.evolve(state.white, draw=tuple(reversed(state.white.draw))), rng=5
    )
    assert public_view(other) == shown  # a different order, the same view
