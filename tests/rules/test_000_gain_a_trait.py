"""000 · Gain a Trait, 000 · Glossary: Trait, 002 · FAQs: One Challenge or Trait per turn."""

from __future__ import annotations

from rules_kit import assert_illegal, assert_one_place, challenge, origin, position, sections, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules._story import icon_counts
from calladventure.values._actions import GainTrait
from calladventure.values._cards import Side
from calladventure.values._effects import Requirement
from calladventure.values._icons import Icon
from calladventure.values._state import Tucked


def _cards() -> list:
    return [
        origin("Farmhand", "constitution"),
        origin("Soldier", "strength"),
        trait("Officer", "strength", "royalty", triumph=1),
        trait("Knight", "justice", requires=Requirement(icons={Icon.STRENGTH: 2})),
        trait("Rich", "charisma", cost_xp=2),
        trait("Broken", "villainy", requires=Requirement(after_failing=True), tragedy=1),
        trait("Scarred", requires=Requirement(after_failing=True)),
        trait("Plain"),
        trait("Plainer"),
        trait("Court Life", "royalty", act=2),
        challenge("Wall", 9, ["wisdom"]),
        challenge("Step", 0, ["wisdom"]),
    ]


def _pos(row: list[str], **hero: object) -> Position:
    return position(_cards()).hero(0, origin="Farmhand", **hero).row(1, row)  # type: ignore[arg-type]


def _traits(game: Game) -> set[str]:
    return {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, GainTrait)}


def test_000_gain_a_trait_tucked_under_the_current_character_top_visible() -> None:
    """000 · Gain a Trait: the trait goes under your current Story card with its top visible; its icons and
    rewards become part of your Story."""
    game = _pos(["Officer", "Plain", "Plainer", "Wall"]).game()
    before = icon_counts(game.ctx, game.state.players[0])
    game.gain("Officer")
    p = game.state.players[0]
    assert p.story == ((Tucked(game.card("Officer").id, Side.TOP),), (), ())
    after = icon_counts(game.ctx, p)
    assert after[Icon.STRENGTH] == before[Icon.STRENGTH] + 1
    assert after[Icon.ROYALTY] == before[Icon.ROYALTY] + 1
    story_line = game.score()[0].lines[0]
    assert story_line.triumph == 1
    assert "000/gain-a-trait" in sections(game.last_events)
    assert any("under the Origin" in e.text for e in game.last_events)
    assert_one_place(game)


def test_000_gain_a_trait_in_act_ii_goes_under_the_motivation() -> None:
    """000 · Gain a Trait: "Act II cards go under your Motivation"."""
    game = _pos(["Plain"], story=[["Officer", "Knight", "Rich"]]).reveal(2).row(2, ["Court Life"]).game()
    game.gain("Court Life")
    p = game.state.players[0]
    assert [t.card for t in p.story[1]] == [game.card("Court Life").id]
    assert any("under the Motivation" in e.text for e in game.last_events)


def test_000_gain_a_trait_prerequisite_must_be_met() -> None:
    """000 · Gain a Trait: "Some traits have specific prerequisites stated on the card"."""
    game = _pos(["Knight", "Plain", "Plainer", "Wall"], story=[["Officer"]]).game()  # one Strength icon
    assert "Knight" not in _traits(game)
    assert_illegal(game, lambda g: g.gain("Knight"), "does not meet knight's prerequisite")
    game = _pos(["Knight", "Plain", "Plainer", "Wall"], story=[["Officer"]]).hero(0, origin="Soldier").game()
    assert "Knight" in _traits(game)  # Soldier + Officer: two Strength icons
    game.gain("Knight")


def test_000_glossary_trait_experience_cost() -> None:
    """000 · Glossary: Trait: "Some cannot be gained unless you pay an Experience cost"."""
    game = _pos(["Rich", "Plain", "Plainer", "Wall"], xp=1).game()
    assert "Rich" not in _traits(game)
    assert_illegal(game, lambda g: g.gain("Rich"), "costs 2 experience", "has 1")
    game = _pos(["Rich", "Plain", "Plainer", "Wall"], xp=3).game()
    game.gain("Rich")
    assert game.state.players[0].xp == 1
    assert "000/glossary-trait" in sections(game.last_events)


def test_002_faqs_one_challenge_or_trait_per_turn_after_failing() -> None:
    """002 · FAQs: traits gained "if you fail a Challenge" — only after a failure this turn, and never two
    cards in one turn."""
    game = _pos(["Broken", "Scarred", "Plain", "Wall"]).game()
    assert _traits(game) == {"Plain"}  # no failure yet
    assert_illegal(game, lambda g: g.gain("Broken"), "prerequisite")
    game.attempt("Wall", faces=["slash", "slash", "slash"])  # 3 against 9: fails
    assert game.state.turn.failed
    assert _traits(game) == {
        "Broken",
        "Scarred",
    }  # the ordinary trait is not: the attempt was the main action
    game.gain("Broken")
    assert _traits(game) == set()
    assert_illegal(game, lambda g: g.gain("Scarred"), "at most one trait or challenge a turn", "002")


def test_002_faqs_one_challenge_or_trait_per_turn_no_failure_trait_after_a_success() -> None:
    game = _pos(["Broken", "Step", "Plain", "Plainer"]).game()
    game.attempt("Step", faces=["blank", "blank", "slash"])  # difficulty 0: overcome
    assert game.state.turn.gained
    assert _traits(game) == set()
    assert_illegal(game, lambda g: g.gain("Broken"), "at most one trait or challenge a turn")


def test_000_gain_a_trait_after_failing_only_in_the_turn_of_the_failure() -> None:
    game = _pos(["Broken", "Scarred", "Plain", "Wall"]).game()
    game.attempt("Wall", faces=["slash", "slash", "slash"])
    game.end_turn().end_turn()
    assert "Broken" not in _traits(game)
