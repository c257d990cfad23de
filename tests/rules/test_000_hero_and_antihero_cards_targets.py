"""000 · Hero and Antihero Cards and 000 · FAQs: whom a card may be played on: its own words.

"When a card says it can affect 'any hero,' it means any hero including your own" (000 · Hero and
Antihero Cards; 000 · Glossary: Hero). A card that says "you" is its owner's: "You cannot use the
card if it says you must 'play this before you attempt a challenge'" on someone else's attempt
(000 · FAQs: Card-draw result during a challenge); "on your turn" is the owner's turn; "that
hero" is the hero attempting. With combined sets in co-op, "you" may be any hero (000 ·
Expanding Your Adventure).
"""

from __future__ import annotations

from rules_kit import antihero_card, assert_illegal, challenge, hero_card, origin, position, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import PlayCard
from calladventure.values._effects import Bonus, GainXP, Target


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        challenge("Climb", 3, ["strength"]),
        trait("Plain"),
        hero_card("Steady", "before_attempt", Bonus(1)),  # "before you attempt: +1"
        hero_card("Second Look", "as_attempt", Bonus(1)),  # "as you attempt: +1"
        hero_card("Another Look", "as_attempt", Bonus(1)),
        hero_card("Rally the Crowd", "before_attempt", Bonus(1), target=Target.ANY_HERO),
        antihero_card("Trip", "before_attempt", Bonus(-1), target=Target.ATTEMPTING_HERO),
        hero_card("Own Luck", "any_time", GainXP(1)),  # "at any time: you gain 1 Experience"
        hero_card("My Moment", "any_time", Bonus(1), target=Target.YOUR_TURN, duration="turn"),
        hero_card("Their Moment", "any_time", Bonus(1), target=Target.YOUR_TURN, duration="turn"),
    ]


def _pos(hand0: tuple[str, ...] = (), hand1: tuple[str, ...] = ()) -> Position:
    return (
        position(_cards())
        .hero(0, origin="Novice", hand=list(hand0))
        .hero(1, origin="Other", hand=list(hand1))
        .row(1, ["Climb", "Plain"])
    )


def _plays(game: Game) -> set[tuple[str, int]]:
    return {(game.ctx.db[a.card].name, a.target) for a in game.legal_actions if isinstance(a, PlayCard)}


def test_000_faqs_card_draw_result_during_a_challenge_you_cards_only_on_your_own_attempt() -> None:
    """A "before you attempt" card is not offered on another hero's attempt, and is refused quoting the FAQ."""
    game = _pos(hand1=("Steady", "Rally the Crowd")).game()
    game.attempt("Climb")
    assert game.to_move == 1
    assert _plays(game) == {("Rally the Crowd", 0), ("Rally the Crowd", 1)}
    refused = assert_illegal(game, lambda g: g.push(PlayCard(g.card("Steady").id, 1)), "you attempt")
    assert "play this before you attempt a challenge" in refused.reason
    assert_illegal(game, lambda g: g.push(PlayCard(g.card("Steady").id, 0)), "owner's own attempt")


def test_000_faqs_card_timing_as_you_attempt_only_in_the_owners_attempt() -> None:
    game = _pos(hand0=("Second Look",), hand1=("Another Look",)).game()
    game.attempt("Climb", faces=["blank", "blank", "slash"])
    assert game.to_move == 0 and _plays(game) == {("Second Look", 0)}
    game.pass_()
    assert game.state.players[0].story[0] == ()  # P2's "as you attempt" card was never offered: it resolved


def test_000_hero_and_antihero_cards_any_hero_means_any_hero_including_your_own() -> None:
    game = _pos(hand0=("Rally the Crowd",)).game()
    game.attempt("Climb")
    assert _plays(game) == {("Rally the Crowd", 0), ("Rally the Crowd", 1)}


def test_000_faqs_card_timing_that_hero_is_the_attempting_hero() -> None:
    game = _pos(hand1=("Trip",)).game()
    assert not _plays(game)
    game.attempt("Climb")
    assert _plays(game) == {("Trip", 0)}
    assert_illegal(game, lambda g: g.push(PlayCard(g.card("Trip").id, 1)), "that hero", "the one attempting")


def test_000_faqs_card_timing_a_you_card_with_no_timing_is_played_on_its_owner_at_any_time() -> None:
    """ "At any time: you gain 1 Experience": playable on another hero's turn, on its owner only."""
    game = _pos(hand1=("Own Luck",)).game()
    game.attempt("Climb")
    assert game.to_move == 1 and _plays(game) == {("Own Luck", 1)}
    assert_illegal(game, lambda g: g.push(PlayCard(g.card("Own Luck").id, 0)), 'says "you"', "any hero")


def test_000_faqs_card_timing_on_your_turn_cards_only_on_the_owners_turn() -> None:
    """A card for "your attempts this turn" is its owner's turn's: not offered on another hero's turn."""
    game = _pos(hand0=("My Moment",), hand1=("Their Moment",)).game()
    assert ("My Moment", 0) in _plays(game)
    game.attempt("Climb")
    assert game.to_move == 0 and ("My Moment", 0) in _plays(game)
    game.pass_()  # P2's card is for its own turn, and this is P1's: the window closes
    assert game.is_chance
    assert_illegal(game, lambda g: g.push("pass"), "runes to be cast")
    game = _pos(hand1=("Their Moment",)).game()
    game.gain("Plain")  # a priority point: P2 has nothing it may play now
    assert not game.state.pending


def test_000_expanding_your_adventure_a_before_you_attempt_card_helps_any_hero_in_combined_co_op() -> None:
    """Combined sets in co-op: "you" may be any hero, so a "before you attempt" card helps a teammate's attempt."""
    from calladventure.expansions.odium import coop_position
    from calladventure.game._library import DEFAULT
    from calladventure.values._actions import AttemptChallenge
    from calladventure.values._cards import CardType

    for sets, mode, expected in (
        (("stormlight", "core"), "coop", {0}),
        (("stormlight", "core"), "competitive", set()),
    ):
        state = Position(players=2, sets=sets).hero(1, hand=["Steady Hand"]).build()
        game = Game.from_state(coop_position(state, DEFAULT) if mode == "coop" else state)
        row = game.state.row(1)
        climb = next(
            s.card for s in row.slots if s is not None and game.ctx.db[s.card].type is CardType.CHALLENGE
        )
        game.push(AttemptChallenge(climb))
        steady = game.card("Steady Hand").id
        found = {a.target for a in game.legal_actions if isinstance(a, PlayCard) and a.card == steady}
        assert found == expected, (sets, mode)
