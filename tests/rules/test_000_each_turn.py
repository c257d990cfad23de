"""000 · Each Turn, Journey, Ending Your Turn; the free discard of 000/001 · Attempt a Challenge."""

from __future__ import annotations

from rules_kit import (
    ally,
    assert_illegal,
    assert_one_place,
    challenge,
    hero_card,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import AttemptChallenge, FreeDiscard, GainTrait, Journey
from calladventure.values._effects import Bonus, Duration, Requirement
from calladventure.values._icons import Icon

STRONG = Requirement(icons={Icon.STRENGTH: 2})


def _cards() -> list:
    return [
        trait("Brave"),
        trait("Bold"),
        trait("Scout"),
        trait("Calm"),
        challenge("Easy", 1, ["wisdom"]),
        challenge("Hard", 6, ["wisdom"]),
        ally("Betrothed"),
        *(trait(f"Knight {i}", requires=STRONG) for i in range(5)),
        hero_card("Focus", "main", Bonus(2), duration=Duration.TURN),
        hero_card("Blessing", "main", Bonus(1), duration=Duration.GAME),
    ]


def _pos() -> Position:
    return position(_cards()).row(1, ["Brave", "Easy", "Bold", "Hard"]).deck(1, ["Scout", "Calm"])


def _slot(game: Game, act: int, index: int) -> str | None:
    slot = game.state.row(act).slots[index]
    return None if slot is None else game.ctx.db[slot.card].name


def test_000_each_turn_gain_a_trait_or_attempt_a_challenge_not_both() -> None:
    """000 · Each Turn: "you may gain a trait or face a challenge" — one or the other."""
    game = _pos().game()
    game.gain("Brave")
    legal = list(game.legal_actions)
    assert not any(isinstance(a, AttemptChallenge | GainTrait) for a in legal)
    assert_illegal(game, lambda g: g.attempt("Easy"), "at most one trait or challenge a turn")

    game = _pos().game()
    game.attempt("Hard", faces=["blank", "blank", "slash"])  # 1 success against 6: fails
    assert not any(isinstance(a, GainTrait) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.gain("Bold"), "gain a trait or attempt a challenge")


def test_000_each_turn_play_passes_clockwise() -> None:
    """000 · Ending Your Turn: play passes to the next player in clockwise order."""
    game = Position(players=3, sets=_pos().sets).game()
    assert game.to_move == 0
    for seat in (1, 2, 0):
        game.end_turn()
        assert game.to_move == seat
    assert game.state.turn.number == 4


def test_000_journey_costs_one_experience_and_replaces_the_card() -> None:
    """000 · Journey: spend an Experience token to discard one Story card and replace it from the same deck."""
    game = _pos().hero(0, xp=3).game()
    game.journey("Brave")
    assert game.state.players[0].xp == 2
    assert game.ctx.db[game.state.row(1).discard[-1]].name == "Brave"
    assert _slot(game, 1, 0) == "Scout"
    assert "000/journey" in sections(game.last_events)
    assert_one_place(game)


def test_000_journey_once_per_turn() -> None:
    """000 · Journey: "once per turn"."""
    game = _pos().hero(0, xp=3).game()
    game.journey("Brave")
    assert not any(isinstance(a, Journey) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.journey("Bold"), "at most once a turn")
    game.end_turn().end_turn()  # a new turn: journey again
    game.journey("Bold")
    assert game.state.players[0].xp == 1


def test_000_journey_before_gaining_a_trait_or_facing_a_challenge() -> None:
    """000 · Journey: "Before gaining a trait or facing a challenge"."""
    game = _pos().hero(0, xp=3).game()
    game.gain("Brave")
    assert not any(isinstance(a, Journey) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.journey("Bold"), "journey comes before")


def test_000_journey_needs_an_experience_token() -> None:
    game = _pos().hero(0, xp=0).game()
    assert not any(isinstance(a, Journey) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.journey("Brave"), "costs one experience")


def test_000_journey_discards_the_ally_under_the_challenge() -> None:
    """000 · Journey: "If you discard a challenge that holds an Ally, the Ally is also discarded"."""
    game = (
        position(_cards()).row(1, ["Brave", ("Easy", "Betrothed"), "Bold", "Hard"]).deck(1, ["Scout"]).game()
    )
    game.journey("Easy")
    names = [game.ctx.db[c].name for c in game.state.row(1).discard]
    assert names == ["Easy", "Betrothed"]
    assert game.state.row(1).slots[1] is not None and game.state.row(1).slots[1].ally is None  # type: ignore[union-attr]
    assert_one_place(game)


def test_000_attempt_a_challenge_free_discard_only_with_no_valid_option() -> None:
    """000 · Attempt a Challenge: with no valid option (traits whose prerequisites you lack), you may discard
    and replace one visible card — without paying the journey's Experience (001 · Attempt a Challenge)."""
    knights = [f"Knight {i}" for i in range(4)]
    game = position(_cards()).hero(0, xp=2).row(1, knights).deck(1, ["Brave"]).game()
    discards = [a for a in game.legal_actions if isinstance(a, FreeDiscard)]
    assert len(discards) == 4
    game.discard("Knight 2")
    assert game.state.players[0].xp == 2  # free
    assert _slot(game, 1, 2) == "Brave"
    assert "001/attempt-a-challenge" in sections(game.last_events)
    assert not any(isinstance(a, FreeDiscard) for a in game.legal_actions)
    game.gain("Brave")  # the replacement is a valid option: the turn goes on
    assert game.state.players[0].story[0][0].card == game.card("Brave").id


def test_000_attempt_a_challenge_no_free_discard_with_a_valid_option() -> None:
    game = _pos().game()
    assert not any(isinstance(a, FreeDiscard) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.discard("Brave"), "only for a turn with no valid option")


def test_000_ending_your_turn_ends_this_turns_card_effects() -> None:
    """000 · Ending Your Turn: "end any card effects you played this turn" (a whole-game effect stays)."""
    game = _pos().hero(0, hand=["Focus", "Blessing"]).game()
    game.play("Focus").play("Blessing")
    assert {game.ctx.db[e.source].name for e in game.state.effects} == {"Focus", "Blessing"}
    game.end_turn()
    assert [game.ctx.db[e.source].name for e in game.state.effects] == ["Blessing"]
    assert "000/ending-your-turn" in sections(game.last_events)


def test_000_attempt_a_challenge_taken_card_replaced_at_once() -> None:
    """000 · Attempt a Challenge: "Whenever you gain or discard a card from the table, replace it"."""
    game = _pos().game()
    game.gain("Brave")
    assert _slot(game, 1, 0) == "Scout"


def test_000_ending_your_turn_replaces_taken_cards_with_the_refill_option() -> None:
    """000 · Ending Your Turn: "Replace any Story cards you took from the table during this turn"
    (option ``refill="end_of_turn"``)."""
    game = _pos().options(refill="end_of_turn").game()
    game.gain("Brave")
    assert game.state.row(1).slots[0] is None
    game.end_turn()
    assert _slot(game, 1, 0) == "Scout"
    assert_one_place(game)


def test_000_glossary_journey_current_act_only_with_the_option() -> None:
    """000 · Glossary: Journey: "discard and replace one Story card in the current act" (option
    ``journey_scope="current_act"``; by default any revealed card, 001 · Other Actions)."""
    cards = [*_cards(), trait("Court Life", act=2), trait("Camp", act=2)]
    base = (
        position(cards)
        .hero(0, xp=2)
        .hero(1, story=[["Knight 0", "Knight 1", "Knight 2"]])
        .row(1, ["Brave", "Easy"])
        .reveal(2)
        .row(2, ["Court Life"])
    )
    journeys = {a.card for a in base.game().legal_actions if isinstance(a, Journey)}
    game = base.game()
    assert game.card("Court Life").id in journeys
    scoped = base.options(journey_scope="current_act").game()
    journeys = {a.card for a in scoped.legal_actions if isinstance(a, Journey)}
    assert scoped.card("Court Life").id not in journeys and scoped.card("Brave").id in journeys
