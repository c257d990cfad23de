"""Rules tests for Worldspanner Factions (003), named after its sections."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from calladventure.values._errors import CallAdventureError
from calladventure.values._illegal import IllegalActionError
from calladventure.worldspanner import (
    FACES,
    STEPS,
    AdventureNotAllowedError,
    Capture,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    DifferenceError,
    Hero,
    HeroStatus,
    Refusal,
    Step,
    Team,
    WorldspannerState,
    advance_step,
    adventure,
    adventurers,
    can_adventure,
    capture,
    challenge,
    clamp_difference,
    default_deck,
    default_factions,
    difference_label,
    place_hero,
    stack_deck,
)

Maker = Callable[..., WorldspannerState]


def forced(state: WorldspannerState, face: ChallengeFace, team: Team = Team.WHITE) -> WorldspannerState:
    """Stack the probe deck so that ``team``'s next card shows ``face``."""
    return stack_deck(state, team, [face.value])


def advance_to(state: WorldspannerState, team: Team, step: Step) -> WorldspannerState:
    """Walk the turn until ``team``'s ``step``."""
    while (state.active, state.step) != (team, step):
        state = advance_step(state)
    return state


def sections_cited(state: WorldspannerState) -> set[str]:
    return {e.section for e in state.log}


# ----------------------------------------------------------------------------- 003 · Adventure Basics


def test_003_adventure_basics_needs_a_gold_adventure_plaque(probe_table: WorldspannerState) -> None:
    state = place_hero(probe_table, "ayla", "yard")
    with pytest.raises(AdventureNotAllowedError) as info:
        adventure(state, "ayla")
    assert info.value.refusal is Refusal.NO_PLAQUE
    assert "no gold adventure plaque" in str(info.value)
    assert info.value.section == "003/adventure-basics"


@pytest.mark.parametrize("step", [s for s in STEPS if s is not Step.ADVENTURE])
def test_003_adventure_basics_only_during_the_adventure_step(make_table: Maker, step: Step) -> None:
    state = make_table(step=step)
    with pytest.raises(AdventureNotAllowedError) as info:
        adventure(state, "corin")
    assert info.value.refusal is Refusal.WRONG_STEP
    assert step.label in str(info.value)


def test_003_adventure_basics_only_for_the_active_team(probe_table: WorldspannerState) -> None:
    state = place_hero(probe_table, "bram", "well")
    assert state.active is Team.WHITE
    with pytest.raises(AdventureNotAllowedError) as info:
        adventure(state, "bram")
    assert info.value.refusal is Refusal.WRONG_TEAM
    assert "only the active team (White)" in str(info.value)
    # The same hero may adventure on its own team's turn.
    state = advance_to(state, Team.BLACK, Step.ADVENTURE)
    _, result = adventure(forced(state, ChallengeFace.PASS, Team.BLACK), "bram")
    assert result.face is ChallengeFace.PASS


@pytest.mark.parametrize(
    ("setup", "refusal"),
    [
        (lambda s: s, Refusal.UNKNOWN_HERO),
        (lambda s: place_hero(s, "ayla", "yard"), Refusal.NO_PLAQUE),
        (lambda s: attrs.evolve(s, step=Step.MELEE), Refusal.WRONG_STEP),
        (lambda s: attrs.evolve(s, active=Team.BLACK), Refusal.WRONG_TEAM),
        (lambda s: adventure(forced(s, ChallengeFace.FAIL), "ayla")[0], Refusal.NOT_ON_A_SPACE),
    ],
)
def test_003_adventure_basics_refusals_are_typed_and_leave_the_state_unchanged(
    probe_table: WorldspannerState,
    setup: Callable[[WorldspannerState], WorldspannerState],
    refusal: Refusal,
) -> None:
    state = setup(probe_table)
    hero = "nobody" if refusal is Refusal.UNKNOWN_HERO else "ayla"
    before = attrs.evolve(state)
    with pytest.raises(AdventureNotAllowedError) as info:
        adventure(state, hero)
    err = info.value
    assert isinstance(err, IllegalActionError | CallAdventureError | ValueError)
    assert err.refusal is refusal
    assert err.reason and err.reason in str(err)
    assert state == before
    assert can_adventure(state, hero) is refusal


def test_003_adventure_basics_a_rating_the_hero_lacks_is_refused(make_table: Maker) -> None:
    state = make_table(extra_heroes=[Hero("mute", Team.WHITE, "lords", {"might": 3}, space="vale")])
    with pytest.raises(AdventureNotAllowedError) as info:
        adventure(state, "mute")
    assert info.value.refusal is Refusal.NO_RATING


def test_003_adventure_basics_adventuring_is_voluntary(probe_table: WorldspannerState) -> None:
    state = attrs.evolve(probe_table, step=Step.MELEE)
    state = advance_step(state)
    assert state.step is Step.ADVENTURE
    assert set(adventurers(state)) == {"ayla", "corin"}
    assert "may adventure (voluntarily)" in state.log[-1].text
    # Nobody adventures: the step ends, the heroes still stand on their plaques, nothing is drawn.
    state = advance_step(state)
    assert state.step is Step.REINFORCE
    assert state.hero("ayla").space == "range"
    assert state.hero("ayla").status is HeroStatus.ACTIVE
    assert state.white.discard == ()
    assert state.space("range").marker is None


def test_003_adventure_basics_adjacent_enemies_do_not_prevent_adventuring(
    probe_table: WorldspannerState,
) -> None:
    state = probe_table
    assert state.hero("bram").space in state.space("range").adjacent
    assert can_adventure(state, "ayla") is None
    state, result = adventure(forced(state, ChallengeFace.PASS), "ayla")
    assert result.face is ChallengeFace.PASS
    assert any("Adjacent enemies (bram) do not prevent it" in e.text for e in state.log)


@pytest.mark.parametrize("face", FACES)
def test_003_adventure_basics_after_every_adventure_the_hero_is_dismissed_or_banished(
    probe_table: WorldspannerState, face: ChallengeFace
) -> None:
    state, result = adventure(forced(probe_table, face), "corin")
    hero = state.hero("corin")
    expected = HeroStatus.BANISHED if face is ChallengeFace.FOPP else HeroStatus.DISMISSED
    assert result.fate is expected
    assert hero.status is expected
    assert hero.space is None
    assert can_adventure(state, "corin") is Refusal.NOT_ON_A_SPACE


def test_003_adventure_basics_a_paid_adventure_also_dismisses(probe_table: WorldspannerState) -> None:
    state = place_hero(probe_table, "corin", "theatre")
    state, result = adventure(state, "corin")
    assert result.challenge is None
    assert result.fate is HeroStatus.DISMISSED
    assert state.hero("corin").space is None


# ----------------------------------------------------------------------------- 003 · Challenges


def test_003_challenges_each_team_turns_cards_from_its_own_deck(probe_table: WorldspannerState) -> None:
    state, _ = adventure(forced(probe_table, ChallengeFace.PASS), "corin")
    assert len(state.white.discard) == 1
    assert state.black == probe_table.black
    state, result = challenge(state, Team.BLACK, 3, 3)
    assert len(state.black.discard) == 1
    assert len(state.white.discard) == 1
    assert result.team is Team.BLACK


def test_003_challenges_used_cards_go_to_the_discard_pile(make_table: Maker) -> None:
    state = make_table()
    top = state.white.draw[0]
    state, result = challenge(state, Team.WHITE, 6, 5)
    assert state.white.discard == (top,)
    assert top not in state.white.draw
    assert result.card == state.white.deck.cards[top]
    assert len(state.white.draw) + len(state.white.discard) == len(default_deck())


def test_003_challenges_the_deck_flattens_the_luck_over_a_full_pass(make_table: Maker) -> None:
    """Drawn through once, the faces at every difference come out exactly in the deck's proportions."""
    deck = default_deck()
    for seed in range(5):
        state = make_table(seed=seed)
        cards = []
        for _ in range(len(deck)):
            state, result = challenge(state, Team.WHITE, 0, 0)
            cards.append(result.card)
        assert state.white.draw == ()
        for d in range(-6, 7):
            drawn = {f: sum(1 for c in cards if c.face(d) is f) for f in FACES}
            assert drawn == deck.counts(d), (seed, d)


def test_003_challenges_two_teams_see_the_same_proportions(make_table: Maker) -> None:
    state = make_table(seed=3)
    faces: dict[Team, list[ChallengeFace]] = {Team.WHITE: [], Team.BLACK: []}
    for _ in range(len(default_deck())):
        for team in Team:
            state, result = challenge(state, team, 5, 5)
            faces[team].append(result.face)
    assert sorted(faces[Team.WHITE]) == sorted(faces[Team.BLACK])
    assert faces[Team.WHITE] != faces[Team.BLACK]  # same proportions, each team's own order
    assert state.white.draw == () and state.black.draw == ()


# ------------------------------------------------------------------ 003 · Reading the Challenge card


def test_003_reading_the_challenge_card_worked_example_aim_6_vs_5_passes() -> None:
    example = default_deck().card("even")
    assert clamp_difference(6, 5) == 1
    assert example.face(1) is ChallengeFace.PASS
    assert example.read(6, 5) is ChallengeFace.PASS


def test_003_reading_the_challenge_card_worked_example_as_an_adventure(make_table: Maker) -> None:
    state = stack_deck(make_table(), Team.WHITE, ["even"])
    state, result = adventure(state, "corin")  # Corin: Aim 6, on a space with no faction key
    assert result.challenge is not None
    assert (result.challenge.hero_rating, result.challenge.opposing_rating) == (6, 5)
    assert result.challenge.difference == 1
    assert result.face is ChallengeFace.PASS
    assert "Better By 1" in " ".join(e.text for e in state.log)


_EDGES = ChallengeCard.from_names("edges", ["fopp", *["squeak"] * 11, "amaze"])  # only ±6 differ


@pytest.mark.parametrize(
    ("hero", "opposing", "expected", "face"),
    [
        (20, 2, 6, ChallengeFace.AMAZE),
        (9, 3, 6, ChallengeFace.AMAZE),
        (2, 20, -6, ChallengeFace.FOPP),
        (3, 9, -6, ChallengeFace.FOPP),
        (4, 9, -5, ChallengeFace.SQUEAK),
        (8, 3, 5, ChallengeFace.SQUEAK),
    ],
)
def test_003_reading_the_challenge_card_difference_is_held_within_six(
    make_table: Maker, hero: int, opposing: int, expected: int, face: ChallengeFace
) -> None:
    assert clamp_difference(hero, opposing) == expected
    assert _EDGES.read(hero, opposing) is face
    state = make_table(deck=ChallengeDeck.of([(_EDGES, 1)]))
    state, result = challenge(state, Team.WHITE, hero, opposing)
    assert (result.difference, result.face) == (expected, face)
    assert ("clamped to ±6" in state.log[-1].text) is (abs(hero - opposing) > 6)
    with pytest.raises(DifferenceError):
        _EDGES.face(7)


def test_003_reading_the_challenge_card_better_by_and_worse_by() -> None:
    assert difference_label(3) == "Better By 3"
    assert difference_label(-2) == "Worse By 2"
    assert difference_label(0) == "Even"


def test_003_reading_the_challenge_card_five_faces_best_to_worst() -> None:
    assert [f.label for f in FACES] == ["Amaze", "Pass", "Squeak", "Fail", "Fopp"]
    assert [f.rank for f in FACES] == [4, 3, 2, 1, 0]
    assert [f.succeeded for f in FACES] == [True, True, False, False, False]


# ----------------------------------------------------------------------------- 003 · Common Adventure Results


@pytest.mark.parametrize("hero_id", ["ayla", "corin"])  # on a faction key, and on a space without one
def test_003_common_adventure_results_squeak_gives_a_boost_and_dismisses(
    probe_table: WorldspannerState, hero_id: str
) -> None:
    state, result = adventure(forced(probe_table, ChallengeFace.SQUEAK), hero_id)
    hero = state.hero(hero_id)
    assert result.gained_boost and hero.boosted
    assert hero.status is HeroStatus.DISMISSED
    assert result.capture is Capture.NONE
    assert state.log[-1].section == "003/common-adventure-results"


@pytest.mark.parametrize("hero_id", ["ayla", "corin"])
def test_003_common_adventure_results_fail_dismisses(probe_table: WorldspannerState, hero_id: str) -> None:
    state, result = adventure(forced(probe_table, ChallengeFace.FAIL), hero_id)
    assert result.fate is HeroStatus.DISMISSED
    assert not state.hero(hero_id).boosted
    assert result.capture is Capture.NONE
    assert state.space("range").marker is None


@pytest.mark.parametrize("hero_id", ["ayla", "corin"])
def test_003_common_adventure_results_fopp_banishes(probe_table: WorldspannerState, hero_id: str) -> None:
    state, result = adventure(forced(probe_table, ChallengeFace.FOPP), hero_id)
    assert result.fate is HeroStatus.BANISHED
    assert state.hero(hero_id).status is HeroStatus.BANISHED
    assert result.capture is Capture.NONE


def test_003_common_adventure_results_a_boost_is_held_once_at_a_time(probe_table: WorldspannerState) -> None:
    state = probe_table
    state, first = adventure(forced(state, ChallengeFace.SQUEAK), "corin")
    state = place_hero(state, "corin", "well")
    state, second = adventure(forced(state, ChallengeFace.SQUEAK), "corin")
    assert first.gained_boost and not second.gained_boost
    assert state.hero("corin").boosted is True
    assert "already has a Boost" in state.log[-1].text


# ------------------------------------------------------------------ 003 · Capturing a Faction Adventure


def test_003_capturing_a_faction_adventure_no_marker_places_yours(probe_table: WorldspannerState) -> None:
    state, result = adventure(forced(probe_table, ChallengeFace.PASS), "ayla")
    assert result.capture is Capture.PLACED
    assert state.space("range").marker is Team.WHITE
    assert state.captured(Team.WHITE) == ("range",)


def test_003_capturing_a_faction_adventure_enemy_marker_is_removed_and_none_placed(
    probe_table: WorldspannerState,
) -> None:
    state = attrs.evolve(
        probe_table, spaces=tuple(attrs.evolve(s, marker=Team.BLACK) for s in probe_table.spaces)
    )
    state, result = adventure(forced(state, ChallengeFace.AMAZE), "ayla")
    assert result.capture is Capture.REMOVED_ENEMY
    assert state.space("range").marker is None


def test_003_capturing_a_faction_adventure_your_own_marker_stays(probe_table: WorldspannerState) -> None:
    state, first = capture(probe_table, Team.WHITE, "range")
    state, again = capture(state, Team.WHITE, "range")
    assert (first, again) == (Capture.PLACED, Capture.ALREADY_OURS)
    assert state.space("range").marker is Team.WHITE


def test_003_capturing_a_faction_adventure_one_marker_per_space(probe_table: WorldspannerState) -> None:
    state = probe_table
    sequence = [(Team.WHITE, Team.WHITE), (Team.BLACK, None), (Team.BLACK, Team.BLACK), (Team.WHITE, None)]
    for team, marker in sequence:
        state, _ = capture(state, team, "range")
        assert state.space("range").marker is marker
    assert all(isinstance(s.marker, Team | None) for s in state.spaces)


def test_003_capturing_a_faction_adventure_only_on_a_faction_key(probe_table: WorldspannerState) -> None:
    state, result = adventure(forced(probe_table, ChallengeFace.AMAZE), "corin")  # the well has no key
    assert result.succeeded
    assert result.capture is Capture.NONE
    assert state.space("well").marker is None


def test_003_capturing_a_faction_adventure_a_paid_adventure_captures(probe_table: WorldspannerState) -> None:
    state = place_hero(probe_table, "corin", "theatre")
    state, result = adventure(state, "corin")
    assert result.capture is Capture.PLACED
    assert state.space("theatre").marker is Team.WHITE


# ----------------------------------------------------------------------------- 003 · Faction Relations

# A card that tells the differences −1, 0 and +1 apart (and −3 … +3 from each other).
_RULER = ChallengeCard.from_names(
    "ruler", ["fopp"] * 4 + ["fail", "fail", "squeak", "pass", "pass"] + ["amaze"] * 4
)


def _ruler_table(make_table: Maker) -> WorldspannerState:
    return make_table(deck=ChallengeDeck.of([(_RULER, 3)]))


def test_003_faction_relations_home_key_gives_plus_two(make_table: Maker) -> None:
    state = _ruler_table(make_table)
    state, result = adventure(state, "ayla")  # Warriors, on Steel Bastion: Aim 6 + 2 vs 5
    assert result.faction_modifier == 2
    assert result.challenge is not None and result.challenge.difference == 3
    assert any(e.section == "003/faction-relations" and "+2" in e.text for e in state.log)


def test_003_faction_relations_steel_bastion_distrusts_adventurers_and_icons(make_table: Maker) -> None:
    factions = default_factions()
    assert factions["warriors"].key == "Steel Bastion"
    assert set(factions.distrusted_at("warriors")) == {"adventurers", "icons"}
    assert factions.modifier("adventurers", "warriors") == -2
    assert factions.modifier("icons", "warriors") == -2
    scout = Hero("sela", Team.WHITE, "adventurers", {"aim": 6}, space="range")
    state = make_table(deck=ChallengeDeck.of([(_RULER, 2)]), extra_heroes=[scout])
    state, result = adventure(state, "sela")  # Aim 6 − 2 vs 5: Worse By 1
    assert result.faction_modifier == -2
    assert result.challenge is not None and result.challenge.difference == -1
    assert result.face is ChallengeFace.FAIL


def test_003_faction_relations_two_opposing_keys_each(make_table: Maker) -> None:
    factions = default_factions()
    for f in factions.factions:
        assert len(f.opposing) == 2
        penalised = [k.id for k in factions.factions if factions.modifier(f.id, k.id) == -2]
        assert sorted(penalised) == sorted(f.opposing)
        assert factions.modifier(f.id, f.id) == 2
    assert factions.is_mutual
    state = _ruler_table(make_table)
    state = place_hero(state, "ayla", "lostlight")  # Warriors on the Adventurers' key
    _, result = adventure(state, "ayla")
    assert result.faction_modifier == -2


def test_003_faction_relations_neutral_keys_and_no_key_give_nothing(make_table: Maker) -> None:
    state = _ruler_table(make_table)
    state, on_no_key = adventure(state, "corin")  # the well: no key
    assert on_no_key.faction_modifier == 0
    state = place_hero(state, "ayla", "vale")  # Warriors on the Commoners' key: neither home nor opposing
    _, neutral = adventure(state, "ayla")
    assert neutral.faction_modifier == 0
    assert neutral.challenge is not None and neutral.challenge.difference == 1


def test_003_faction_relations_paid_adventures_get_no_modifier(make_table: Maker) -> None:
    state = make_table()
    state = place_hero(state, "bram", "theatre")  # an Icon on its own home key
    state = attrs.evolve(state, active=Team.BLACK)
    before = state.black
    state, result = adventure(state, "bram")
    assert result.challenge is None
    assert result.faction_modifier == 0
    assert state.black == before  # no challenge card was drawn
    assert any(e.section == "003/faction-relations" and "no challenge card" in e.text for e in state.log)


def test_003_faction_relations_keys_follow_the_index() -> None:
    keys = {f.id: f.key for f in default_factions().factions}
    assert keys == {
        "lords": "Crown District",
        "warriors": "Steel Bastion",
        "defenders": "Watchman Keep",
        "villains": "Dreadmark",
        "icons": "Celestial Theatre",
        "outcasts": "Smugglers Den",
        "exemplars": "Hope Hospice",
        "adventurers": "Lostlight Society",
        "commoners": "Green Vale",
    }


# ---------------------------------------------------------------- Boost (INDEX · Worldspanner Factions (003))


def test_index_worldspanner_boost_adds_one_to_the_heros_ratings(make_table: Maker) -> None:
    boosted = Hero("dara", Team.WHITE, "commoners", {"aim": 5}, space="well", boosted=True)
    state = make_table(deck=ChallengeDeck.of([(_RULER, 2)]), extra_heroes=[boosted])
    state, result = adventure(state, "dara")  # Aim 5 + Boost 1 vs 5
    assert result.boost == 1
    assert result.challenge is not None and result.challenge.difference == 1
    assert result.face is ChallengeFace.PASS


def test_index_worldspanner_boost_ends_at_the_heros_next_free_step(probe_table: WorldspannerState) -> None:
    state, _ = adventure(forced(probe_table, ChallengeFace.SQUEAK), "corin")
    assert state.hero("corin").boosted
    state = advance_step(state)  # White's Reinforce step
    state = advance_step(state)  # Black's Free step: White's Boosts stay
    assert (state.active, state.step) == (Team.BLACK, Step.FREE)
    assert state.hero("corin").boosted
    state = advance_to(state, Team.WHITE, Step.FREE)
    assert not state.hero("corin").boosted
    assert state.round == 2
    assert state.log[-1].section == "INDEX/worldspanner-factions-003"


def test_every_003_section_is_cited_by_a_played_adventure(probe_table: WorldspannerState) -> None:
    state = probe_table
    state, _ = adventure(forced(state, ChallengeFace.SQUEAK), "ayla")
    state, _ = adventure(forced(state, ChallengeFace.PASS), "corin")
    assert sections_cited(state) >= {
        "003/adventure-basics",
        "003/challenges",
        "003/reading-the-challenge-card",
        "003/common-adventure-results",
        "003/faction-relations",
    }
    state = place_hero(state, "ayla", "range")
    state, _ = adventure(forced(state, ChallengeFace.PASS), "ayla")
    assert "003/capturing-a-faction-adventure" in sections_cited(state)
