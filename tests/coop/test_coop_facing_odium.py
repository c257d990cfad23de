"""000 · Facing Odium, 000 · Winning the Solo or Co-op Game, 000 · Ending the Game (co-op).

P1 (Squire + Brave + Wise: two Strength and two Wisdom icons) closed the game; P2 (Scribe: one
Intelligence, one Charisma) takes the last final turn. Odium's difficulty is 9 (000's example).
"""

from __future__ import annotations

from typing import Any

import pytest
from coop_kit import coop_game, table_position
from rules_kit import assert_illegal, pool_ids

from calladventure.expansions.odium import CoopResult, FaceOdium, coop_position, odium_of
from calladventure.game import Game
from calladventure.game._library import DEFAULT
from calladventure.values._actions import EndTurn, Journey
from calladventure.values._icons import Icon
from calladventure.values._state import Mode

DONE = [
    ["Brave", "Wise", "Filler 1-0"],
    ["Filler 2-0", "Filler 2-1", "Filler 2-2"],
    ["Filler 3-0", "Filler 3-1", "Filler 3-2"],
]
ALL_STRENGTH_AND_WISDOM = ("slash", "slash", "slash", "sword", "sword", "eye", "eye")  # 11
P2_BEST = ("slash", "slash", "slash", "wand", "crown")  # 7


def _game(tokens: int = 3, p1_hand: tuple[str, ...] = (), players: int = 2, **options: Any) -> Game:
    pos = table_position(players).hero(
        0, origin="Squire", motivation="Duty", destiny="Plain Fate", story=DONE, hand=list(p1_hand)
    )
    pos = pos.hero(1, origin="Scribe", motivation="Calling", destiny="Quiet Fate").reveal(2, 3)
    pos = pos.turn(1).ending(0, ())
    if options:
        pos = pos.options(**options)
    return coop_game(pos, quest="Radiants United", tokens=tokens)


def facing(game: Game) -> Game:
    """End P2's final turn: the heroes now face Odium."""
    return game.end_turn()


def test_000_facing_odium_you_may_not_attempt_him_until_after_your_last_turn() -> None:
    game = _game()
    assert not any(isinstance(a, FaceOdium) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.face("strength", "wisdom"), "after the final turns")
    facing(game)
    od = odium_of(game.state)
    assert od is not None and od.stage == "facing"
    assert game.to_move == 0  # the hero who closed the game (nine Story cards) faces first
    legal = list(game.legal_actions)
    assert sum(isinstance(a, FaceOdium) for a in legal) == 15  # two of six abilities
    assert EndTurn() not in legal  # "they must face Odium"
    assert not any(isinstance(a, Journey) for a in legal)
    assert "000/facing-odium" in [e.section for e in game.last_events]


def test_000_facing_odium_choose_two_abilities_and_cast_all_your_runes_of_that_type() -> None:
    game = facing(_game(p1_hand=("Steady Hand",)))  # Steady Hand keeps the window open
    game.face("wisdom", "strength")
    assert pool_ids(game) == [
        "core-white",
        "core-dark",
        "core-diamond",
        "strength-1",
        "strength-2",
        "wisdom-1",
        "wisdom-2",
    ]
    assert game.state.attempt is not None and game.state.attempt.abilities == (Icon.STRENGTH, Icon.WISDOM)


def test_000_facing_odium_no_dark_runes_because_it_is_a_radiant_path() -> None:
    game = facing(_game(p1_hand=("Grim Bargain",)))
    assert_illegal(game, lambda g: g.push(FaceOdium((Icon.STRENGTH, Icon.WISDOM), 1)), "no Dark runes")
    game.face("strength", "wisdom")
    game.play("Grim Bargain", 0)  # an effect that would add a Dark rune is ignored (000 · Special Rules)
    assert "no Dark runes on a Radiant path" in "\n".join(e.text for e in game.events)
    assert "dark" not in pool_ids(game)


def test_000_facing_odium_each_success_above_his_difficulty_removes_a_token() -> None:
    """ "If his difficulty is 9 and a player's result is 12, remove three tokens"; Hero cards may be used."""
    game = facing(_game(tokens=5, p1_hand=("Steady Hand",)))
    game.face("strength", "wisdom")
    game.play("Steady Hand", 0)
    game.cast(*ALL_STRENGTH_AND_WISDOM).resolve()
    od = odium_of(game.state)
    assert od is not None and od.tokens == 2 and od.faced[0].total == 12 and od.faced[0].removed == 3
    assert od.faced[0].success and od.faced[0].difficulty == 9


def test_000_facing_odium_each_other_player_uses_their_next_turn() -> None:
    game = facing(_game(tokens=2))
    game.face("strength", "wisdom").cast(*ALL_STRENGTH_AND_WISDOM).resolve()
    assert game.to_move == 0 and EndTurn() in game.legal_actions  # faced: the turn may end
    assert not any(isinstance(a, FaceOdium) for a in game.legal_actions)
    game.end_turn()
    assert game.to_move == 1 and game.state.turn.seat == 1
    assert any(isinstance(a, FaceOdium) for a in game.legal_actions)


def _both_face(tokens: int, p2: tuple[str, ...], help_p2: bool = True, **options: Any) -> Game:
    game = facing(_game(tokens=tokens, p1_hand=("Take Shelter",) if help_p2 else (), **options))
    game.face("strength", "wisdom").cast(*ALL_STRENGTH_AND_WISDOM).resolve().end_turn()
    game.face("intelligence", "charisma")
    if help_p2:
        game.play("Take Shelter", 1)  # "other players can play their cards to help you"
    game.cast(*p2).resolve().end_turn()
    return game


def test_000_winning_the_solo_or_co_op_game_every_hero_succeeds_and_no_tokens_left() -> None:
    game = _both_face(tokens=2, p2=P2_BEST)  # P1: 11 vs 9 removes 2; P2: 7 + 2 = 9 vs 9
    assert game.over
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and out.result(CoopResult).heroes_win
    assert "the heroes win" in out.result(CoopResult).reason
    best = max(s.total for s in out.scores)
    assert out.winners and all(out.scores[w].total == best for w in out.winners)


def test_000_winning_the_solo_or_co_op_game_odium_wins_if_he_keeps_a_token() -> None:
    game = _both_face(tokens=3, p2=P2_BEST)
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and not out.result(CoopResult).heroes_win
    assert out.result(CoopResult).tokens == 1 and "keeps 1 token" in out.result(CoopResult).reason
    assert out.winners == ()


def test_000_winning_the_solo_or_co_op_game_odium_wins_if_any_hero_fails() -> None:
    game = _both_face(tokens=2, p2=("slash", "slash", "slash", "slash", "slash"))  # 5 + 2 = 7 vs 9
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and not out.result(CoopResult).heroes_win
    assert "P2 did not defeat Odium" in out.result(CoopResult).reason


def test_000_winning_the_solo_or_co_op_game_nine_triumph_and_a_radiant_icon_for_succeeding() -> None:
    """ "Any player who faced Odium gets a Radiant icon and 9 for succeeding" (option odium_reward = each_success)."""
    game = _both_face(tokens=3, p2=("slash", "slash", "slash", "slash", "slash"))  # P1 succeeds, P2 fails
    scores = game.outcome().scores  # type: ignore[union-attr]
    p1 = [line for line in scores[0].lines if line.label.startswith("Defeated Odium")]
    assert [(line.triumph, line.section) for line in p1] == [(9, "000/winning-the-solo-or-co-op-game")]
    assert not [line for line in scores[1].lines if line.label.startswith("Defeated Odium")]


def test_000_ending_the_game_option_all_defeated_rewards_everyone_only_when_the_heroes_win() -> None:
    """000 · Ending the Game: "if everyone defeated Odium, all players add 9 Triumph and a Radiant icon"."""
    lost = _both_face(tokens=3, p2=P2_BEST, odium_reward="all_defeated")
    won = _both_face(tokens=2, p2=P2_BEST, odium_reward="all_defeated")
    for game, count in ((lost, 0), (won, 2)):
        scores = game.outcome().scores  # type: ignore[union-attr]
        assert (
            sum(line.triumph for s in scores for line in s.lines if line.label.startswith("Defeated Odium"))
            == 9 * count
        )


def test_000_winning_the_solo_or_co_op_game_the_radiant_icon_scores_in_the_radiant_set() -> None:
    pos = table_position(1).hero(
        0,
        origin="Squire",
        motivation="Duty",
        destiny="Plain Fate",
        story=[["Brave", "Wise", "Oathbound"], DONE[1], DONE[2]],
    )
    pos = pos.reveal(2, 3).ending(0, ())
    game = Game.from_state(
        coop_position(pos.build(), DEFAULT, mode=Mode.SOLO, quest="Radiants United", tokens=0)
    )
    before = {line.label.split(" (")[0]: line.points for line in game.score()[0].lines}["Story icon sets"]
    game.end_turn().face("strength", "wisdom").cast(
        "slash", "slash", "slash", "sword", "slash", "eye", "eye"
    ).resolve()
    assert odium_of(game.state) is not None and odium_of(game.state).faced[0].total == 10
    game.end_turn()
    assert game.over  # solo: the one hero faces right after closing the game, then the game ends
    lines = {line.label.split(" (")[0]: line.points for line in game.outcome().scores[0].lines}  # type: ignore[union-attr]
    assert before == 0 and lines["Story icon sets"] == 2  # Oathbound's Radiant icon and Odium's make a pair
    assert game.outcome().result(CoopResult).heroes_win  # type: ignore[union-attr]


def test_000_facing_odium_option_after_last_turn_gives_no_turn_of_their_own() -> None:
    """Open question 7, the other reading: the heroes face him one after another, with no turn of their own."""
    game = facing(_game(tokens=2, p1_hand=("Take Shelter",), odium_facing="after_last_turn"))
    legal = list(game.legal_actions)
    assert all(isinstance(a, FaceOdium) for a in legal) and len(legal) == 15
    game.face("strength", "wisdom").cast(*ALL_STRENGTH_AND_WISDOM).resolve()
    assert game.to_move == 1 and game.state.turn.seat == 1  # straight on to P2, no end of turn
    game.face("intelligence", "charisma").cast(*P2_BEST).resolve()
    assert game.over and game.outcome().result(CoopResult) is not None  # type: ignore[union-attr]


@pytest.mark.parametrize(("closer", "order"), [(0, [0, 1, 2]), (1, [1, 2, 0]), (2, [2, 0, 1])])
def test_000_facing_odium_the_hero_with_nine_story_cards_first_then_clockwise(
    closer: int, order: list[int]
) -> None:
    pos = table_position(3)
    for seat, (origin, motivation, destiny) in enumerate(
        [
            ("Squire", "Duty", "Plain Fate"),
            ("Scribe", "Calling", "Quiet Fate"),
            ("Farmhand", "Haunted", "Windrunner"),
        ]
    ):
        story = DONE if seat == closer else []
        pos = pos.hero(seat, origin=origin, motivation=motivation, destiny=destiny, story=story)
    last = (closer + 2) % 3
    pos = pos.reveal(2, 3).turn(last).ending(closer, ())
    game = Game.from_state(coop_position(pos.build(), DEFAULT, quest="Radiants United"))
    game.end_turn()
    seen = []
    while not game.over:
        seen.append(game.to_move)
        game.push(game.legal_actions[0])  # face …, then the cast, then end the turn
        game.resolve()
        if EndTurn() in game.legal_actions:
            game.end_turn()
    faced = [r.seat for r in odium_of(game.state).faced]  # type: ignore[union-attr]
    assert faced == order
