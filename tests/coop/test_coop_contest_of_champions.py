"""000 · FAQs: Loyalty to Odium in Contest of Champions."""

from __future__ import annotations

from coop_kit import table_position
from rules_kit import assert_illegal

from calladventure.expansions.odium import CoopResult, DeclareLoyalty, coop_position, odium_of
from calladventure.game import Game
from calladventure.game._library import DEFAULT

DONE = [
    ["Brave", "Wise", "Filler 1-0"],
    ["Filler 2-0", "Filler 2-1", "Filler 2-2"],
    ["Filler 3-0", "Filler 3-1", "Filler 3-2"],
]
WIN = ("slash", "slash", "slash", "sword", "sword", "eye", "eye")  # 11 against 9: two tokens
LOSE = ("slash", "slash", "slash", "slash", "slash", "slash", "slash")  # 7 against 9


def _act_two(quest: str = "Contest of Champions") -> Game:
    pos = (
        table_position(2)
        .hero(
            0,
            origin="Squire",
            motivation="Duty",
            destiny="Plain Fate",
            story=[DONE[0], ["Filler 2-0", "Filler 2-1"]],
            xp=1,
        )
        .hero(1, origin="Scribe", motivation="Calling", destiny="Quiet Fate")
        .row(2, ["Filler 2-2", "Filler 2-3"], revealed=True)
        .deck(2, ["Filler 2-4"])
    )
    return Game.from_state(coop_position(pos.build(), DEFAULT, quest=quest, tokens=7))


def test_000_faqs_loyalty_to_odium_is_declared_as_you_begin_act_iii() -> None:
    game = _act_two()
    assert_illegal(game, lambda g: g.pledge(), "begins Act III")
    game.gain("Filler 2-2")  # the third card under the Motivation: Act III begins
    assert list(game.legal_actions) == [DeclareLoyalty(True), DeclareLoyalty(False)]
    assert game.to_move == 0
    assert Game.loads(game.save()).state == game.state  # the pending declaration saves and replays


def test_000_faqs_loyalty_to_odium_you_immediately_take_his_tokens() -> None:
    game = _act_two()
    game.gain("Filler 2-2").pledge()
    od = odium_of(game.state)
    assert od is not None and od.loyalists == (0,) and od.tokens == 0
    assert game.state.players[0].xp == 1 + 7
    assert "000/faqs-loyalty-to-odium-in-contest-of-champions" in [e.section for e in game.last_events]


def test_000_faqs_loyalty_to_odium_staying_loyal_to_the_heroes() -> None:
    game = _act_two()
    game.gain("Filler 2-2").pledge(False)
    od = odium_of(game.state)
    assert od is not None and od.loyalists == () and od.tokens == 7 and game.state.players[0].xp == 1


def test_000_faqs_loyalty_to_odium_only_under_contest_of_champions() -> None:
    game = _act_two("Radiants United")
    game.gain("Filler 2-2")
    assert not any(isinstance(a, DeclareLoyalty) for a in game.legal_actions)


def _end(players: int, loyalists: list[int], tokens: int) -> Game:
    """P(last) closed the game with two Strength and two Wisdom icons; the loyalists do not face Odium."""
    closer = players - 1
    pos = table_position(players)
    kit = [
        ("Scribe", "Calling", "Quiet Fate"),
        ("Farmhand", "Haunted", "Windrunner"),
        ("Squire", "Duty", "Plain Fate"),
    ]
    for seat in range(players):
        origin, motivation, destiny = kit[seat - players + 3]
        pos = pos.hero(
            seat,
            origin=origin,
            motivation=motivation,
            destiny=destiny,
            story=DONE if seat == closer else [],
            xp=3 * seat,
        )
    pos = pos.reveal(2, 3).turn(closer - 1).ending(closer, ())
    state = coop_position(
        pos.build(), DEFAULT, quest="Contest of Champions", tokens=tokens, loyalists=loyalists
    )
    return Game.from_state(state).end_turn()


def test_000_faqs_loyalty_to_odium_loyalists_do_not_face_him_and_lose_if_he_is_defeated() -> None:
    game = _end(2, [0], tokens=2)
    assert game.to_move == 1  # only the hero who stayed faces Odium
    game.face("strength", "wisdom").cast(*WIN).resolve().end_turn()
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and out.result(CoopResult).heroes_win
    assert out.winners == (1,)
    assert [r.seat for r in odium_of(game.state).faced] == [1]  # type: ignore[union-attr]


def test_000_faqs_loyalty_to_odium_the_loyalist_wins_if_any_hero_fails() -> None:
    game = _end(2, [0], tokens=0)
    game.face("strength", "wisdom").cast(*LOSE).resolve().end_turn()
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and not out.result(CoopResult).heroes_win
    assert out.winners == (0,)


def test_000_faqs_loyalty_to_odium_the_loyalist_wins_if_odium_keeps_a_token() -> None:
    game = _end(2, [0], tokens=3)
    game.face("strength", "wisdom").cast(*WIN).resolve().end_turn()
    out = game.outcome()
    assert (
        out is not None
        and out.result(CoopResult) is not None
        and not out.result(CoopResult).heroes_win
        and out.result(CoopResult).tokens == 1
    )
    assert out.winners == (0,)


def test_000_faqs_loyalty_to_odium_of_several_loyalists_the_highest_destiny_wins() -> None:
    game = _end(3, [0, 1], tokens=3)  # Experience 0 and 3: P2 has the higher score
    game.face("strength", "wisdom").cast(*LOSE).resolve().end_turn()
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and not out.result(CoopResult).heroes_win
    totals = [s.total for s in out.scores]
    assert totals[1] > totals[0] and out.winners == (1,)
