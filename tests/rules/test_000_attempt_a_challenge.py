"""000 · Attempt a Challenge, Ability Runes, Dark Runes, Special Rules, Glossary: Ability Rune / Difficulty."""

from __future__ import annotations

import pytest
from rules_kit import (
    assert_illegal,
    assert_one_place,
    challenge,
    hero_card,
    origin,
    path,
    pool_ids,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.rules._story import icon_counts
from calladventure.values._actions import AttemptChallenge
from calladventure.values._cards import Side
from calladventure.values._effects import DarkRunes
from calladventure.values._icons import Icon

CORE = ["core-1", "core-2", "core-3"]


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Brute", "strength", "strength"),
        trait("Strong", "strength"),
        trait("Stronger", "strength"),
        trait("Strongest", "strength"),
        trait("Wise", "wisdom"),
        trait("Nimble", "dexterity"),
        trait("Clever", "intelligence"),
        challenge(
            "Bridge",
            2,
            ["strength", "dexterity"],
            top=path("justice", label="Hold the bridge", triumph=2),
            bottom=path("villainy", label="Burn the bridge", tragedy=3, plus_one=True),
        ),
        challenge("Wall", 3, ["strength", "dexterity"]),
        challenge("Tower", 4, ["wisdom"]),
        challenge(
            "Oath",
            3,
            ["charisma"],
            top=path("radiant", label="Speak the Ideal"),
            bottom=path(label="Stay silent"),
        ),
        trait("Plain"),
        trait("Plainer"),
        trait("Plainest"),
    ]


def _pos(row: list[str] | None = None, **hero: object) -> Position:
    hero.setdefault("origin", "Novice")
    return (
        position(_cards())
        .hero(0, **hero)  # type: ignore[arg-type]
        .row(1, row or ["Bridge", "Wall", "Tower", "Oath"])
        .deck(1, ["Plain", "Plainer", "Plainest"])
    )


def _name(game: Game, act: int, slot: int) -> str | None:
    s = game.state.row(act).slots[slot]
    return None if s is None else game.ctx.db[s.card].name


def test_000_attempt_a_challenge_success_equals_the_difficulty() -> None:
    """000 · Attempt a Challenge: "If the result equals or exceeds the difficulty, you overcome the challenge"."""
    game = _pos().game()
    game.attempt("Bridge", "top", faces=["slash", "blank", "slash"])  # 2 against 2
    p = game.state.players[0]
    assert p.story[0] and p.story[0][0].card == game.card("Bridge").id
    assert "000/attempt-a-challenge" in sections(game.last_events)
    assert any("overcomes" in e.text for e in game.last_events)
    assert _name(game, 1, 0) == "Plain"  # replaced from the Act deck
    assert_one_place(game)


def test_000_attempt_a_challenge_one_short_fails_discards_and_gives_experience() -> None:
    """000 · Attempt a Challenge: "If you fail a challenge, discard it from the table and gain an Experience"."""
    game = _pos(xp=2).game()
    game.attempt("Wall", "top", faces=["slash", "blank", "slash"])  # 2 against 3
    p = game.state.players[0]
    assert p.story == ((), (), ())
    assert p.xp == 3
    assert [game.ctx.db[c].name for c in game.state.row(1).discard] == ["Wall"]
    assert _name(game, 1, 1) == "Plain"
    assert game.state.turn.failed
    assert any("fails" in e.text for e in game.last_events)
    assert_one_place(game)


def test_000_attempt_a_challenge_gained_with_the_declared_path_showing() -> None:
    """000 · Attempt a Challenge: "with the top or bottom of the new card showing (depending on which path)"."""
    game = _pos().game()
    game.attempt("Bridge", "bottom", faces=["slash", "slash", "slash"])  # 3 against 2 + 1
    p = game.state.players[0]
    assert p.story[0][0].side is Side.BOTTOM
    icons = icon_counts(game.ctx, p)
    assert icons[Icon.VILLAINY] == 1 and icons[Icon.JUSTICE] == 0
    story = game.score()[0].lines[0]
    assert (story.triumph, story.tragedy) == (0, 3)


def test_000_attempt_a_challenge_plus_one_path_raises_the_difficulty() -> None:
    """000 · Attempt a Challenge: "If a path has a +1 icon, the difficulty is increased by 1"."""
    top = _pos().game().attempt("Bridge", "top", faces=["slash", "blank", "slash"])
    assert top.state.players[0].story[0]  # 2 against 2: overcome
    bottom = _pos().game().attempt("Bridge", "bottom")
    att = bottom.state.attempt
    assert att is not None
    math = attempt_math(bottom.ctx, bottom.state, att)
    assert math.difficulty == 3
    assert ('"+1" path icon', 1, "difficulty") in math.parts
    bottom.cast("slash", "blank", "slash")  # 2 against 3
    assert bottom.state.players[0].story[0] == ()


def test_000_attempt_a_challenge_always_the_three_core_runes() -> None:
    """000 · Attempt a Challenge: "You can always cast the three core runes"."""
    game = _pos().game().attempt("Bridge")
    assert pool_ids(game) == CORE


def test_000_ability_runes_one_rune_per_relevant_icon() -> None:
    """000 · Ability Runes: "For each relevant icon you have, cast one rune of that type"; an ability the
    challenge does not list adds nothing."""
    game = _pos(origin="Brute", story=[["Wise"]]).game().attempt("Wall")
    assert pool_ids(game) == [*CORE, "strength-1", "strength-2"]
    game = _pos(origin="Brute", story=[["Wise"]]).game().attempt("Tower")
    assert pool_ids(game) == [*CORE, "wisdom-1"]


def test_000_ability_runes_special_rune_only_as_the_third() -> None:
    """000 · Ability Runes: "your third rune stone must be the special rune stone marked with three dots"."""
    game = _pos(origin="Brute", story=[["Strong"]]).game().attempt("Wall")
    assert pool_ids(game) == [*CORE, "strength-1", "strength-2", "strength-special"]


def test_000_faqs_more_than_three_rune_icons_in_one_ability() -> None:
    """000 · FAQs: more than three icons are allowed, but at most three runes per ability are cast."""
    game = _pos(origin="Brute", story=[["Strong", "Stronger"]]).game()
    assert icon_counts(game.ctx, game.state.players[0])[Icon.STRENGTH] == 4
    game.attempt("Wall")
    assert pool_ids(game) == [*CORE, "strength-1", "strength-2", "strength-special"]


def test_000_ability_runes_two_relevant_abilities_both_cast() -> None:
    game = _pos(origin="Brute", story=[["Nimble"]]).game().attempt("Wall")
    assert pool_ids(game) == [*CORE, "strength-1", "strength-2", "dexterity-1"]


def test_000_glossary_ability_rune_no_more_than_two_relevant_types() -> None:
    """000 · Glossary: Ability Rune: "you may use no more than two types of runes that are relevant"."""
    three = challenge("Trial of Three", 5, ["strength", "dexterity", "intelligence"])
    game = (
        position([*_cards(), three])
        .hero(0, origin="Brute", story=[["Nimble", "Clever"]])
        .row(1, ["Trial of Three"])
        .game()
        .attempt("Trial of Three")
    )
    kinds = {rid.split("-")[0] for rid in pool_ids(game)} - {"core"}
    assert len(kinds) == 2


def test_000_dark_runes_bought_with_experience() -> None:
    """000 · Dark Runes: "spend an Experience token to add a Dark rune stone to your pool"."""
    game = _pos(xp=3).game().attempt("Wall", dark_runes=2)
    assert game.state.players[0].xp == 1
    assert pool_ids(game) == [*CORE, "dark", "dark"]
    assert "000/dark-runes" in sections(game.last_events)


def test_000_dark_runes_up_to_three_times_per_turn() -> None:
    """000 · Dark Runes: "this may be done up to three times per turn"."""
    game = _pos(xp=6).game()
    dark = {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.side is Side.TOP}
    assert dark == {0, 1, 2, 3}
    assert_illegal(game, lambda g: g.attempt("Wall", dark_runes=4), "at most 3 dark rune")


def test_000_dark_runes_one_experience_each() -> None:
    game = _pos(xp=2).game()
    assert_illegal(
        game, lambda g: g.attempt("Wall", dark_runes=3), "at most 2 dark rune", "one experience each"
    )


def test_000_dark_runes_none_at_the_lowest_corruption_level() -> None:
    """000 · Dark Runes: "At the lowest level of Corruption, you … may no longer spend Experience to cast Dark runes"."""
    pos = _pos(xp=5)
    lowest = pos.context().track.lowest
    game = pos.hero(0, level=lowest).game()
    assert {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge)} == {0}
    assert_illegal(game, lambda g: g.attempt("Wall", dark_runes=1), "lowest corruption level")
    game = pos.hero(0, level=lowest - 1).game()
    assert 3 in {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge)}


def test_000_special_rules_no_dark_runes_on_a_radiant_path() -> None:
    """000 · Special Rules: "When attempting a Radiant path, you may not use Dark runes"."""
    game = _pos(xp=5).game()
    oath = game.card("Oath").id
    dark = {
        (a.side, a.dark) for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.card == oath
    }
    assert {d for s, d in dark if s is Side.TOP} == {0}
    assert {d for s, d in dark if s is Side.BOTTOM} == {0, 1, 2, 3}
    assert_illegal(game, lambda g: g.attempt("Oath", "top", dark_runes=1), "radiant path")


@pytest.mark.parametrize(
    ("faces", "overcome"), [(["slash", "blank", "slash"], True), (["slash", "blank", "dual-triangle"], False)]
)
def test_000_glossary_difficulty_successes_needed(faces: list[str], overcome: bool) -> None:
    """000 · Glossary: Difficulty: the number of successes required."""
    game = _pos().game().attempt("Bridge", "top")
    game.cast(*faces)
    while game.state.pending:  # a dual triangle asks which deck to draw from
        game.draw("hero")
    assert bool(game.state.players[0].story[0]) is overcome


def test_000_special_rules_dark_runes_added_by_a_card_ignored_on_a_radiant_path() -> None:
    """000 · Special Rules: "If an effect … would add a Dark rune to the challenge, ignore it" (Radiant path);
    on another path the card's Dark rune joins the pool without costing Experience."""
    thrill = hero_card("Embrace the Thrill", "before_attempt", DarkRunes(1), source="000/special-rules")
    for side, pool in (("top", CORE), ("bottom", [*CORE, "dark"])):
        game = (
            position([*_cards(), thrill])
            .hero(0, origin="Novice", xp=3, hand=["Embrace the Thrill"])
            .row(1, ["Oath"])
            .game()
            .attempt("Oath", side)
        )
        game.play("Embrace the Thrill")
        assert pool_ids(game) == pool
        assert game.state.players[0].xp == 3
        if side == "top":
            assert "000/special-rules" in sections(game.last_events)
