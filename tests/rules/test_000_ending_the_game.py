"""000 · Ending the Game, 000 · Story Icons (sets of matching icons; option ``icon_sets``)."""

from __future__ import annotations

import pytest
from invariants import check_invariants
from rules_kit import (
    antihero_card,
    destiny,
    filler_names,
    fillers,
    hero_card,
    motivation,
    origin,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._effects import GainXP
from calladventure.values._state import Phase

ACT1 = filler_names(1)
ACT2 = filler_names(2)


def _cards(judge_icons: int = 0) -> list:
    return [
        origin("Novice"),
        origin("Judge", *["justice"] * judge_icons),
        origin("Other"),
        origin("Third"),
        motivation("Drive"),
        motivation("Duty"),
        motivation("Honor"),
        destiny("Hidden Fate"),
        destiny("Open Fate"),
        destiny("Third Fate"),
        *fillers(1, 6),
        *fillers(2, 6),
        *fillers(3, 6),
        trait("Last Step", act=3),
        hero_card("Rally", "main", GainXP(1)),
        antihero_card("Sneer", "main", GainXP(1)),
    ]


def _closing(players: int) -> Position:
    """P2 (seat 1) has eight Story cards and the ninth on the table; it is P2's turn."""
    return (
        position(_cards(), players=players)
        .hero(1, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]], destiny="Hidden Fate")
        .row(1, ["Filler 1-3", "Filler 1-4"])
        .reveal(2, 3)
        .row(3, ["Last Step", "Filler 3-2"])
        .turn(1)
    )


def test_000_ending_the_game_each_other_player_takes_one_final_turn() -> None:
    """000 · Ending the Game: "When one player has gained three cards under their Destiny card, their final Act
    is closed. All other players may take one final turn"."""
    game = _closing(3).game()
    game.gain("Last Step")
    assert game.state.final_turns == (2, 0) and game.state.closed_by == 1
    assert "000/ending-the-game" in sections(game.last_events)
    game.end_turn()
    assert game.to_move == 2 and not game.over
    game.end_turn()
    assert game.to_move == 0 and not game.over
    game.gain("Filler 1-3")  # a final turn is a whole turn
    game.end_turn()
    assert game.over and game.state.phase is Phase.OVER
    assert game.to_move is None and list(game.legal_actions) == []
    assert game.outcome() is not None
    check_invariants(game.ctx, game.state)


def test_000_ending_the_game_destinies_are_revealed() -> None:
    """000 · Ending the Game: "At end of game, reveal any unrevealed Destiny cards"."""
    game = _closing(2).game()
    assert not any(p.destiny_revealed for p in game.state.players)
    game.gain("Last Step").end_turn().end_turn()
    assert game.over
    assert all(p.destiny_revealed for p in game.state.players)


def test_000_ending_the_game_solo_ends_after_the_closing_turn() -> None:
    game = (
        position(_cards(), players=1)
        .hero(0, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]])
        .reveal(2, 3)
        .row(3, ["Last Step"])
        .game()
    )
    game.gain("Last Step")
    assert game.state.final_turns == ()
    game.end_turn()
    assert game.over


def test_000_ending_the_game_itemised_score() -> None:
    """000 · Ending the Game: the score lines, each with the rule it comes from."""
    game = position(_cards()).hero(0, origin="Novice", xp=5, played=["Rally", "Sneer"], corruption=1).game()
    score = game.score()[0]
    labels = [line.label.split(" (")[0].split(":")[0] for line in score.lines]
    assert labels == [
        "Triumph and Tragedy in the Story",
        "Corruption track",
        "Unspent Experience",
        "Hero cards played",
        "Antihero cards played",
        "Story icon sets",
        "Destiny",
    ]
    values = {
        line.label.split(":")[0].split(" (")[0]: (line.triumph, line.tragedy, line.other)
        for line in score.lines
    }
    track = game.ctx.track.at(3)
    assert values["Corruption track"] == (track.triumph, track.tragedy, 0)
    assert values["Unspent Experience"] == (
        0,
        0,
        5,
    )  # Destiny points neither Triumph nor Tragedy (000 · Rules Overview): changed on purpose
    assert values["Hero cards played"] == (1, 0, 0) and values["Antihero cards played"] == (0, 1, 0)
    assert score.total == sum(line.triumph + line.tragedy + line.other for line in score.lines)
    assert {line.section for line in score.lines} == {"000/ending-the-game", "000/story-icons"}


@pytest.mark.parametrize(("count", "points"), [(1, 0), (2, 2), (3, 4), (4, 8), (5, 16), (6, 32)])
def test_000_story_icons_sets_double(count: int, points: int) -> None:
    """000 · Story Icons: "A pair … = 2, Three … = 4, Four … = 8 (and so on, doubling)"; one icon alone is worth
    nothing."""
    game = position(_cards(count)).hero(0, origin="Judge").game()
    line = next(x for x in game.score()[0].lines if x.section == "000/story-icons")
    assert (
        line.other == points and line.triumph == 0
    )  # Destiny points neither Triumph nor Tragedy (000 · Rules Overview): changed on purpose


@pytest.mark.parametrize(("count", "points"), [(3, 4), (4, 8), (5, 8), (6, 8)])
def test_000_story_icons_sets_capped_at_eight_with_the_option(count: int, points: int) -> None:
    """Option ``icon_sets="cap_at_four"`` (002 · New Story Icon: "four … = 8"): no more than 8 a set."""
    game = position(_cards(count)).options(icon_sets="cap_at_four").hero(0, origin="Judge").game()
    line = next(x for x in game.score()[0].lines if x.section == "000/story-icons")
    assert line.other == points


def _tie(xp1: int) -> Game:
    return (
        position(_cards(), players=2)
        .hero(0, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]], xp=0)
        .hero(1, xp=xp1)
        .reveal(2, 3)
        .row(3, ["Last Step"])
        .game()
    )


def test_000_ending_the_game_ties_share_the_win() -> None:
    """000 · Ending the Game: "Victory is awarded to the player(s) with the highest Destiny score"."""
    game = _tie(0).gain("Last Step").end_turn().end_turn()
    out = game.outcome()
    assert out is not None and out.winners == (0, 1)
    assert out.scores[0].total == out.scores[1].total
    game = _tie(1).gain("Last Step").end_turn().end_turn()
    out = game.outcome()
    assert out is not None and out.winners == (1,)
