"""Bounded work and one typed error family.

Odds of a cast beyond any real attempt are refused with the limit in the message, fast; every
refusal a public call can provoke is a ``CallAdventureError`` (a ``ValueError``) naming the value
and the valid choices, and the game is left byte-identical.
"""

from __future__ import annotations

import time

import pytest

from calladventure import Game, Rules
from calladventure.data import bundled_runes
from calladventure.expansions.naming import name_of
from calladventure.rules._distribution import MAX_CAST_RUNES, cast_distribution
from calladventure.rules._odds import attempt_odds
from calladventure.values._actions import MAX_DIGITS, AttemptChallenge, ChooseDeck, PlayCard, UsePower
from calladventure.values._cards import CardType, Side
from calladventure.values._errors import (
    CallAdventureError,
    LimitError,
    RulesOptionError,
    UnknownSectionError,
    UnknownValueError,
)
from calladventure.values._icons import Icon
from calladventure.values._illegal import IllegalActionError
from calladventure.values._runes import Draw
from calladventure.values._sections import section
from calladventure.values._state import Mode


def _playing() -> Game:
    game = Game.new(players=2, seed=1)
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    return game


def _challenge(game: Game) -> str:
    return next(
        s.card
        for row in game.state.rows
        for s in row.slots
        if s is not None and game.ctx.db[s.card].type is CardType.CHALLENGE
    )


def test_000_rune_probability_odds_beyond_any_real_attempt_are_refused_fast_with_the_limit() -> None:
    runes = bundled_runes("core")
    pool = [*runes.core, *([runes.dark] * (MAX_CAST_RUNES - 3))]
    assert cast_distribution(pool).size == MAX_CAST_RUNES  # the limit itself is fine
    too_many = [*pool, runes.dark]
    for call in (lambda: cast_distribution(too_many), lambda: attempt_odds(too_many, 5)):
        with pytest.raises(LimitError, match="MAX_CAST_RUNES"):
            call()
    game = _playing()
    card = _challenge(game)
    before = game.save()
    start = time.process_time()
    for dark in (2000, 10**6, 10**12):  # the game's own check comes first: the Dark runes allowed now
        with pytest.raises(CallAdventureError, match="at most 3 now"):
            game.odds(card, dark_runes=dark)
    assert time.process_time() - start < 2  # refused before any work (was over a minute)
    assert game.save() == before


def test_rules_options_are_typed_and_ranged() -> None:
    for name, value in (("first_game", "yes"), ("dark_runes_per_turn", 10**9), ("dark_runes_per_turn", True),
                        ("adversary_goal", 0), ("name_pairs", 3), ("icon_sets", "tripling")):  # fmt: skip
        with pytest.raises(RulesOptionError, match=name):
            Rules().replace(**{name: value})
    assert Rules().replace(dark_runes_per_turn=2).dark_runes_per_turn == 2


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Side("sideways"), ["'sideways' is not a side", "top, bottom"]),
        (lambda: Draw("sideways"), ["not a draw", "hero, antihero"]),
        (lambda: Icon("glitter"), ["not an icon", "strength"]),
        (lambda: Mode("versus"), ["not a mode", "competitive, coop, solo"]),
        (lambda: CardType("joker"), ["not a cardtype", "origin"]),
        (lambda: name_of("water"), ["not a Name", "wind, fire and iron"]),
    ],
)
def test_a_bad_side_deck_icon_mode_or_name_is_a_typed_error_naming_the_choices(
    make: object, words: list[str]
) -> None:
    with pytest.raises(UnknownValueError) as info:
        make()  # type: ignore[operator]
    assert isinstance(info.value, CallAdventureError) and isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value)


def test_the_fluent_api_refuses_a_bad_side_deck_or_name_with_a_typed_error() -> None:
    game = _playing()
    card = _challenge(game)
    before = game.save()
    with pytest.raises(CallAdventureError, match=r"'sideways' is not a path of .*choose from 'top'"):
        game.odds(card, path="sideways")
    with pytest.raises(CallAdventureError, match="not a Name"):
        game.name_odds("water")
    assert game.save() == before


@pytest.mark.parametrize(
    "action",
    [
        AttemptChallenge(5),
        AttemptChallenge("x", "top"),
        PlayCard("x", True),
        ChooseDeck("hero"),
        UsePower("x", 1.5),
    ],  # type: ignore[arg-type]
    ids=repr,
)
def test_an_action_object_with_wrong_field_types_is_refused_not_crashed_on(action: object) -> None:
    game = _playing()
    before = game.save()
    with pytest.raises(IllegalActionError, match="must be") as info:
        game.push(action)  # type: ignore[arg-type]
    assert "Legal now" in str(info.value)
    assert game.save() == before


def test_other_refusals_reachable_from_public_calls_are_typed() -> None:
    with pytest.raises(CallAdventureError, match="duplicate card id"):
        Game.new(players=2, seed=1, sets=("core", "core"))
    game = _playing()
    with pytest.raises(IllegalActionError, match="from 0 to"):
        game.state_at(10**6)
    with pytest.raises(UnknownSectionError) as info:
        section("000/no-such-section")
    assert isinstance(info.value, KeyError) and isinstance(info.value, CallAdventureError)
    trait = next(c for c in game.ctx.db.values() if c.type is CardType.TRAIT)
    with pytest.raises(CallAdventureError, match="only one path"):
        trait.path("bottom")


def test_the_notation_reader_bounds_a_numbers_digits_before_converting_it() -> None:
    game = Game.new(players=2, seed=1)
    before = game.save()
    for text in (
        "cast " + "1" * 5000,
        "cast 0 " + "9" * 10,
        "dark " + "1" * 4000,
        "use Farmer #" + "7" * 300,
    ):
        with pytest.raises(
            IllegalActionError, match=f"a number in an action has at most {MAX_DIGITS} digits"
        ) as e:
            game.push(text)
        assert len(str(e.value)) < 200  # the text shortened
    assert game.save() == before
