"""000 · Ending An Act, 000 · FAQs: Act II cards before finishing Act I, 000 · Special Rules (Radiant Destiny)."""

from __future__ import annotations

from rules_kit import (
    assert_illegal,
    assert_one_place,
    challenge,
    destiny,
    fillers,
    origin,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import AttemptChallenge, GainTrait


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        destiny("Knight Radiant", "radiant"),
        destiny("Merchant Prince"),
        trait("First"),
        trait("Second"),
        trait("Third"),
        trait("Fourth"),
        trait("Fifth"),
        challenge("Ford", 0, ["strength"]),
        *fillers(1, 4),
        trait("Court Life", act=2),
        trait("Battle Scars", act=2),
        trait("War Camp", act=2),
        trait("Siege", act=2),
        trait("Parley", act=2),
        *fillers(2, 4),
        trait("Legend", act=3),
        *fillers(3, 4),
    ]


def _names(game: Game, act: int) -> list[str]:
    return [game.ctx.db[s.card].name for s in game.state.row(act).slots if s is not None]


def _gainable(game: Game) -> set[str]:
    return {
        game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, GainTrait | AttemptChallenge)
    }


def _pos() -> Position:
    return (
        position(_cards())
        .hero(0, origin="Novice", destiny="Merchant Prince", story=[["First", "Second"]])
        .hero(1, origin="Other", destiny="Knight Radiant")
        .row(1, ["Third", "Fourth", "Fifth", "Ford"])
        .row(2, ["Court Life", "Battle Scars", "War Camp", "Siege"])
    )


def test_000_ending_an_act_three_cards_end_the_act() -> None:
    """000 · Ending An Act: "When you have gained at least three trait or challenge cards, you must end your
    current Act. You may no longer gain traits or face challenges from that Act"."""
    game = _pos().game().gain("Third")
    p = game.state.players[0]
    assert p.act == 2
    assert "000/ending-an-act" in sections(game.last_events)
    assert any("completes Act 1" in e.text for e in game.last_events)
    game.end_turn().end_turn()  # P1's next turn: Act II is revealed
    assert not {"Fourth", "Fifth", "Ford"} & _gainable(game)
    assert {"Court Life", "Battle Scars", "War Camp", "Siege"} <= _gainable(game)
    assert_illegal(game, lambda g: g.gain("Fourth"), "completed act 1", "no going back")


def test_000_ending_an_act_first_to_finish_reveals_the_next_row_at_the_start_of_their_next_turn() -> None:
    """000 · Ending An Act: "At the start of your turn, if you are the first player to have three cards under
    your current Character card, reveal the next row of cards"."""
    game = _pos().game().gain("Third")
    assert not game.state.row(2).revealed
    game.end_turn()  # P2's turn: still face down
    assert game.to_move == 1 and not game.state.row(2).revealed
    assert not {"Court Life"} & _gainable(game)
    game.end_turn()  # P1's next turn
    assert game.to_move == 0 and game.state.row(2).revealed
    assert _names(game, 2) == ["Court Life", "Battle Scars", "War Camp", "Siege"]
    assert any(
        "Act 2 row is revealed" in e.text and e.section == "000/ending-an-act" for e in game.last_events
    )
    assert not game.state.row(3).revealed
    assert_one_place(game)


def test_000_ending_an_act_cards_of_the_next_act_go_under_the_motivation() -> None:
    """000 · Gain a Trait: "Act II cards go under your Motivation"."""
    game = _pos().game().gain("Third").end_turn().end_turn().gain("Court Life")
    p = game.state.players[0]
    assert [game.ctx.db[t.card].name for t in p.story[1]] == ["Court Life"]


def test_000_faqs_act_ii_cards_before_finishing_act_i_go_under_the_current_card() -> None:
    """000 · FAQs: "As soon as any cards are revealed, all players may access them … you would tuck that Act II
    challenge under your Origin"."""
    game = _pos().hero(1, origin="Other", story=[["Filler 1-0", "Filler 1-1"]]).game()
    game.gain("Third").end_turn().end_turn().end_turn()  # P2's turn, Act II now face up
    assert game.to_move == 1 and game.state.row(2).revealed
    assert {"Court Life", "Ford"} <= _gainable(game)
    game.gain("Court Life")
    p = game.state.players[1]
    assert [game.ctx.db[t.card].name for t in p.story[0]] == ["Filler 1-0", "Filler 1-1", "Court Life"]
    assert p.act == 2


def test_000_faqs_act_ii_cards_before_finishing_act_i_only_forward() -> None:
    """000 · FAQs: "you can only move forward": an Act I card never goes under the Motivation."""
    game = (
        position(_cards())
        .hero(0, origin="Novice", story=[["First", "Second", "Third"]])
        .row(1, ["Fourth", "Fifth", "Ford"])
        .reveal(2)
        .game()
    )
    assert _gainable(game) & {"Fourth", "Fifth", "Ford"} == set()
    assert_illegal(game, lambda g: g.attempt("Ford"), "no going back")


def test_000_special_rules_radiant_destiny_revealed_as_act_iii_begins() -> None:
    """000 · Special Rules: "As you begin Act III, if you have a Radiant Destiny card …, reveal it"."""
    act2 = ["Court Life", "Battle Scars"]
    game = (
        position(_cards())
        .hero(0, origin="Novice", destiny="Knight Radiant", story=[["First", "Second", "Third"], act2])
        .hero(
            1,
            origin="Other",
            destiny="Merchant Prince",
            story=[["Fourth", "Fifth", "Ford"], ["Siege", "Parley"]],
        )
        .reveal(2)
        .row(2, ["War Camp", "Filler 2-0"])
        .game()
    )
    assert not game.state.players[0].destiny_revealed
    game.gain("War Camp")
    assert game.state.players[0].destiny_revealed
    assert "000/special-rules" in sections(game.last_events)
    game.end_turn().gain("Filler 2-0")  # P2 begins Act III too, with a Destiny that is not Radiant
    assert game.state.players[1].act == 3 and not game.state.players[1].destiny_revealed
