"""000 · Radiant Icons, 000 · Special Rules, 000 · Glossary: Radiant / Act (Radiant Destinies)."""

from __future__ import annotations

from coop_kit import table_position
from rules_kit import assert_illegal

from calladventure.game import Game
from calladventure.rules import attempt_math
from calladventure.rules._story import effective_icons, icon_counts
from calladventure.values._actions import AttemptChallenge
from calladventure.values._cards import Side
from calladventure.values._icons import Icon


def _game(
    story: list[list[str]], hand: tuple[str, ...] = (), destiny: str = "Windrunner", revealed: bool = True
) -> Game:
    pos = (
        table_position(2)
        .hero(
            0,
            origin="Squire",
            motivation="Duty",
            destiny=destiny,
            destiny_revealed=revealed,
            story=story,
            hand=list(hand),
        )
        .row(1, ["Bridge", "Wall", "Tower"])
    )
    return pos.game()


def set_points(game: Game, seat: int = 0) -> int:
    return next(line.points for line in game.score()[seat].lines if line.label.startswith("Story icon sets"))


def windrunner_bonus(game: Game) -> int:
    game.attempt("Wall", "top")
    att = game.state.attempt
    assert att is not None
    return sum(
        n
        for what, n, kind in attempt_math(game.ctx, game.state, att).parts
        if what == "Windrunner" and kind == "bonus"
    )


def test_000_radiant_icons_score_in_sets_like_every_story_icon() -> None:
    game = _game([["Oathbound", "Twice Sworn"]])  # three Radiant icons, plus Windrunner's: four
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 4
    assert set_points(game) == 8  # a set of four: 8 (one Justice icon alone scores nothing)


def test_000_radiant_icons_unlock_a_threshold() -> None:
    """Windrunner: +1 "if you have three Radiant icons" (a fixture with that threshold)."""
    assert windrunner_bonus(_game([["Oathbound"]])) == 0  # two Radiant icons
    assert windrunner_bonus(_game([["Twice Sworn"]])) == 1  # three


def test_000_radiant_icons_temporary_icons_count_for_thresholds_not_for_scoring() -> None:
    """ "Other cards give you temporary Radiant icons ("until end of turn") which allow you to meet these thresholds"."""
    game = _game([["Oathbound"]], hand=("Stormlight",))
    points = set_points(game)
    game.play("Stormlight", 0)
    assert effective_icons(game.ctx, game.state, 0)[Icon.RADIANT] == 3
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 2
    assert set_points(game) == points
    assert windrunner_bonus(game) == 1
    game = _game([["Oathbound"]], hand=("Stormlight",))
    game.play("Stormlight", 0).end_turn()
    assert effective_icons(game.ctx, game.state, 0)[Icon.RADIANT] == 2  # gone at the end of the turn


def test_000_special_rules_no_dark_runes_on_a_radiant_path() -> None:
    game = _game([[]])
    legal = [
        a for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.card == game.card("Bridge").id
    ]
    assert {a.dark for a in legal if a.side is Side.TOP} == {0}  # the Radiant path
    assert {a.dark for a in legal if a.side is Side.BOTTOM} == {0, 1, 2, 3}
    assert_illegal(game, lambda g: g.attempt("Bridge", "top", dark_runes=1), "Radiant path")


def test_000_special_rules_an_effect_that_would_add_a_dark_rune_is_ignored() -> None:
    game = _game([[]], hand=("Grim Bargain",))
    game.attempt("Bridge", "top")
    game.play("Grim Bargain", 0)
    att = game.state.attempt
    assert att is not None and att.dark_free == 0
    assert "000/special-rules" in [e.section for e in game.events]


def test_000_special_rules_a_radiant_destiny_is_revealed_as_its_owner_begins_act_iii() -> None:
    for destiny, shown in (("Windrunner", True), ("Plain Fate", False)):
        pos = (
            table_position(2)
            .hero(
                0,
                origin="Squire",
                motivation="Duty",
                destiny=destiny,
                story=[["Brave", "Wise", "Filler 1-0"], ["Filler 2-0", "Filler 2-1"]],
            )
            .row(2, ["Filler 2-2"], revealed=True)
        )
        game = pos.game()
        assert not game.state.players[0].destiny_revealed
        game.gain("Filler 2-2")
        assert game.state.players[0].destiny_revealed is shown
