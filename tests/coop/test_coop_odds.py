"""000 · Rune Probability for co-op: exact odds of facing Odium (two abilities, all their runes, no
Dark runes) and of Radiant paths (no Dark runes), checked against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from coop_kit import coop_game, table_position
from rules_kit import assert_illegal

from calladventure.expansions.odium import facing_attempt, facing_odds, path_odds
from calladventure.game import Game
from calladventure.rules import attempt_math, attempt_pool
from calladventure.values._icons import Icon
from calladventure.values._runes import Rune

DONE = [
    ["Brave", "Wise", "Filler 1-0"],
    ["Filler 2-0", "Filler 2-1", "Filler 2-2"],
    ["Filler 3-0", "Filler 3-1", "Filler 3-2"],
]


def brute(pool: tuple[Rune, ...], difficulty: int, bonus: int) -> Fraction:
    wins = sum(
        1
        for faces in itertools.product((0, 1), repeat=len(pool))
        if sum(r.faces[f].successes for r, f in zip(pool, faces, strict=True)) + bonus >= difficulty
    )
    return Fraction(wins, 2 ** len(pool))


def _facing() -> Game:
    pos = (
        table_position(2)
        .hero(0, origin="Squire", story=DONE)
        .hero(1, origin="Scribe")
        .reveal(2, 3)
        .turn(1)
        .ending(0, ())
    )
    return coop_game(pos, quest="Oaths in the Storm", tokens=4).end_turn()


@pytest.mark.parametrize(
    "pair",
    [(Icon.STRENGTH, Icon.WISDOM), (Icon.STRENGTH, Icon.CHARISMA), (Icon.DEXTERITY, Icon.CONSTITUTION)],
)
def test_000_facing_odium_exact_odds_two_abilities_no_dark_runes(pair: tuple[Icon, Icon]) -> None:
    game = _facing()
    odds = facing_odds(game.ctx, game.state, 0, pair, dark=2)
    att = facing_attempt(game.ctx, game.state, 0, pair)
    pool = attempt_pool(game.ctx, game.state, att)
    math = attempt_math(game.ctx, game.state, att)
    assert "dark" not in [r.id for r in pool]  # a Radiant path: the two Dark runes asked for are not cast
    assert math.difficulty == 9 and math.bonus == 1  # Oaths in the Storm: +1 on Radiant paths
    assert odds.p_success == brute(pool, 9, 1)
    assert odds.runes == 3 + sum(
        min(3, n) for n in (2 if a in (Icon.STRENGTH, Icon.WISDOM) else 0 for a in pair)
    )


def test_000_facing_odium_odds_from_the_game() -> None:
    game = _facing()
    assert (
        game.face_odds("wisdom", "strength").p_success
        == facing_odds(game.ctx, game.state, 0, (Icon.STRENGTH, Icon.WISDOM)).p_success
    )
    assert_illegal(game, lambda g: g.face_odds("wisdom", "wisdom"), "two different abilities")


def test_000_special_rules_exact_odds_of_a_radiant_path_have_no_dark_runes() -> None:
    game = table_position(2).hero(0, origin="Squire").row(1, ["Bridge", "Wall"]).game()
    bridge = game.card("Bridge").id
    radiant = path_odds(game.ctx, game.state, 0, bridge, "top", dark=3)
    plain = path_odds(game.ctx, game.state, 0, bridge, "top", dark=0)
    assert radiant.runes == plain.runes == 4 and radiant.p_success == plain.p_success
    bottom = path_odds(game.ctx, game.state, 0, bridge, "bottom", dark=2)
    assert bottom.runes == 6
    pool = tuple(r for r in game.ctx.runes.core) + game.ctx.runes.ability_runes(Icon.STRENGTH, 1)
    assert radiant.p_success == brute(pool, 3, 0)
    assert bottom.p_success == brute((*pool, game.ctx.runes.dark, game.ctx.runes.dark), 3, 0)
    assert game.odds("Bridge", "top", dark_runes=3).p_success == radiant.p_success
