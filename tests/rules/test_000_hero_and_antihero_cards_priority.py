"""000 · Hero and Antihero Cards: priority that passes round the table, and cards with no timing at any time.

"Most Hero and Antihero cards specify when they can be played. Otherwise, they can be played at
any time. These cards' effects can even interrupt other players' actions. Resolve these effects
in reverse order, starting with the last card played" (000; 001 · Hero And Antihero Cards says
the same). After any card or power is played every seat may answer again, from the next seat;
a window closes only when every seat has passed in succession.
"""

from __future__ import annotations

import pytest
from rules_kit import antihero_card, assert_illegal, challenge, hero_card, origin, position, sections, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.values._actions import EndTurn, Pass, PlayCard
from calladventure.values._effects import Bonus, Difficulty, GainXP, LoseXP, Target
from calladventure.values._state import AwaitCast, Window, WindowKind


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        origin("Third"),
        challenge("Climb", 3, ["strength"]),
        trait("Plain"),
        trait("Meadow"),
        hero_card("Steady", "before_attempt", Bonus(1)),
        hero_card("Second Steady", "before_attempt", Bonus(1)),
        antihero_card("Trip", "before_attempt", Difficulty(1), target=Target.ATTEMPTING_HERO),
        antihero_card("Snag", "before_attempt", Difficulty(1), target=Target.ATTEMPTING_HERO),
        antihero_card("Jeer", "any_time", LoseXP(1), target=Target.ANY_HERO),
        hero_card("Gift", "any_time", GainXP(1), target=Target.ANY_HERO),
        hero_card("Rally", "main", GainXP(2)),
    ]


def _pos(*hands: tuple[str, ...], players: int = 2) -> Position:
    pos = position(_cards(), players=players)
    for seat, name in enumerate(("Novice", "Other", "Third")[:players]):
        hand = list(hands[seat]) if seat < len(hands) else []
        pos = pos.hero(seat, origin=name, hand=hand)
    return pos.row(1, ["Climb", "Plain", "Meadow"])


def _window(game: Game) -> Window:
    top = game.state.pending[-1]
    assert isinstance(top, Window)
    return top


def _difficulty(game: Game) -> int:
    att = game.state.attempt
    assert att is not None
    return attempt_math(game.ctx, game.state, att).difficulty


def test_000_hero_and_antihero_cards_after_an_answer_the_attempting_hero_may_answer_again() -> None:
    """P1 attempts; P2 answers with a card that raises the difficulty; P1 may still answer before the cast."""
    game = _pos(("Steady",), ("Trip",)).game()
    game.attempt("Climb")
    assert game.to_move == 0 and _window(game).kind is WindowKind.BEFORE
    game.pass_()
    assert game.to_move == 1
    game.play("Trip")
    assert game.to_move == 0  # priority came back: P1 may answer P2's card
    assert {str(a) for a in game.legal_actions} >= {"pass"}
    assert any(isinstance(a, PlayCard) and game.ctx.db[a.card].name == "Steady" for a in game.legal_actions)
    game.play("Steady")
    # Both wait on the stack until every seat has passed in succession; P2 has nothing more: skipped.
    assert isinstance(game.state.pending[-1], AwaitCast)
    resolved = [e.text for e in game.last_events if "takes effect" in e.text]
    assert resolved == ["Steady takes effect on P1", "Trip takes effect on P1"]  # last played first
    assert any("the stack resolves, last played first: Steady, Trip" in e.text for e in game.last_events)
    assert "000/hero-and-antihero-cards" in sections(game.last_events)


def test_000_hero_and_antihero_cards_window_closes_only_when_every_seat_passes_in_succession() -> None:
    """Three heroes: each play gives every seat, from the next one on, the chance to answer again."""
    game = _pos(("Steady", "Second Steady"), ("Trip",), ("Snag",), players=3).game()
    game.attempt("Climb")
    assert _window(game).order == (0, 1, 2)
    game.pass_()  # P1
    game.play("Trip")  # P2: now P3, then P1, then P2 again
    assert _window(game).order[:2] == (2, 0)
    game.pass_()  # P3
    assert game.to_move == 0
    game.play("Steady")  # P1 answers: P2 (nothing left: skipped), P3, P1
    assert game.to_move == 2
    game.play("Snag")
    assert game.to_move == 0  # P1 again, after P3's card
    assert len(_window(game).stack) == 3
    game.pass_()
    assert isinstance(game.state.pending[-1], AwaitCast)  # P2 and P3 have nothing: every seat has passed
    assert _difficulty(game) == 3 + 2
    resolved = [e.text.split(" takes")[0] for e in game.last_events if "takes effect" in e.text]
    assert resolved == ["Snag", "Steady", "Trip"]


def test_000_hero_and_antihero_cards_legal_actions_say_whose_decision_it_is() -> None:
    """The seat priority has reached decides; the others' actions are refused, saying who is to decide."""
    game = _pos(("Steady",), ("Trip",)).game()
    game.attempt("Climb").pass_()
    assert game.to_move == 1
    assert all(not isinstance(a, PlayCard) or game.ctx.db[a.card].name == "Trip" for a in game.legal_actions)
    assert_illegal(game, lambda g: g.push(PlayCard(g.card("Steady").id, 0)), "not in the hand of p2")


def test_000_hero_and_antihero_cards_any_time_cards_answer_a_trait_gained() -> None:
    """ "Can even interrupt other players' actions": after P1 gains a trait, P2 may play a card with no timing."""
    game = _pos((), ("Jeer",)).game()
    game.gain("Plain")
    window = _window(game)
    assert window.kind is WindowKind.ANY and game.to_move == 1
    assert {str(a) for a in game.legal_actions} >= {"pass"}
    game.push(PlayCard(game.card("Jeer").id, 0))
    assert game.state.players[0].xp == 3 - 1
    assert not game.state.pending and game.to_move == 0  # back to P1's turn


def test_000_hero_and_antihero_cards_any_time_cards_answer_a_card_and_resolve_first() -> None:
    """P1 plays a card on its turn; P2 answers with one of no timing: P2's resolves first (reverse order)."""
    game = _pos(("Rally",), ("Jeer",)).game()
    game.push(PlayCard(game.card("Rally").id, 0))
    assert _window(game).stack and game.to_move == 1
    assert game.state.players[0].xp == 3  # Rally waits on the stack
    game.push(PlayCard(game.card("Jeer").id, 0))
    texts = [e.text for e in game.last_events if "takes effect" in e.text]
    assert texts == ["Jeer takes effect on P1", "Rally takes effect on P1"]
    assert game.state.players[0].xp == 3 - 1 + 2


def test_000_hero_and_antihero_cards_any_time_cards_answer_the_end_of_the_turn() -> None:
    """After P1 declares the end of its turn, P2 may still play; the turn ends when every seat has passed."""
    game = _pos((), ("Gift",)).game()
    game.push(EndTurn())
    assert _window(game).kind is WindowKind.END and game.to_move == 1 and game.state.turn.seat == 0
    game.push(Pass())
    assert game.state.turn.seat == 1 and not game.state.pending


def test_000_hero_and_antihero_cards_no_window_when_no_other_seat_can_answer() -> None:
    """A seat with nothing it may play is skipped: with no card of no timing elsewhere, nothing waits."""
    game = _pos((), ("Trip",)).game()
    game.gain("Plain")
    assert not game.state.pending and game.to_move == 0
    game.push(EndTurn())
    assert game.state.turn.seat == 1


def test_000_hero_and_antihero_cards_full_stops_ask_every_seat() -> None:
    """Option ``stops = "every_seat"``: every seat is asked at every priority point, even with nothing to play."""
    game = _pos((), ("Trip",)).options(stops="every_seat").game()
    game.gain("Plain")
    assert _window(game).kind is WindowKind.ANY and game.to_move == 1
    assert [str(a) for a in game.legal_actions] == ["pass"]
    game.push(Pass())
    assert game.to_move == 0 and not game.state.pending


@pytest.mark.parametrize("stops", ["skip_empty", "every_seat"])
def test_000_hero_and_antihero_cards_fluent_helpers_pass_the_others_answers(stops: str) -> None:
    """``game.gain(...).end_turn()``: the helpers pass the other seats' open answers, as ``cast`` does."""
    game = _pos((), ("Gift",)).options(stops=stops).game()
    game.gain("Plain").end_turn()
    assert game.state.turn.seat == 1 and game.state.players[1].hand  # P2 kept its card


def test_000_hero_and_antihero_cards_any_time_cards_answer_a_journey_and_a_power() -> None:
    """A journey and a power used are actions of the active hero too: priority points for the others."""
    from calladventure.values._actions import UsePower
    from calladventure.values._effects import Power, Trigger

    cards = [*_cards(), origin("Tinker", powers=(Power(Trigger.ACTIVATED, (GainXP(1),)),))]
    game = (
        position(cards)
        .hero(0, origin="Tinker", xp=3)
        .hero(1, origin="Other", hand=["Jeer"])
        .row(1, ["Climb", "Plain", "Meadow"])
        .game()
    )
    game.push(UsePower(game.card("Tinker").id))
    assert _window(game).kind is WindowKind.ANY and game.to_move == 1
    game.push(Pass())
    game.journey("Meadow")
    assert _window(game).kind is WindowKind.ANY and game.to_move == 1
