"""002 · Naming: when a Name may be attempted, its cast, its bonus, learning it, Name tokens."""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import ONE, THREE, fail, naming_position, with_names
from rules_kit import assert_illegal, challenge, hero_card, position, sections, trait

from calladventure import rules
from calladventure.expansions import naming
from calladventure.expansions.naming import FIRE, IRON, WIND, AttemptName, names_of
from calladventure.game import Game
from calladventure.values._actions import CastRunes
from calladventure.values._effects import Bonus, Duration, Power, Trigger, When
from calladventure.values._errors import RulesOptionError
from calladventure.values._icons import Icon
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import AwaitCast, ChooseDraw


def _names(game: Game) -> list[Icon]:
    return [a.name for a in game.legal_actions if isinstance(a, AttemptName)]


def test_002_naming_a_name_is_attempted_only_after_failing_a_challenge() -> None:
    """002 · Naming: "if you fail a challenge, you may attempt a Name" — not before, not after a success."""
    game = naming_position().game()
    assert _names(game) == []
    assert_illegal(game, lambda g: g.push("name wind"), "only after failing a challenge")

    fail(game)
    assert _names(game) == [WIND, FIRE, IRON]

    won = naming_position(row=("Bystander", "Windy Cliff", "Old Forge", "Hopeless")).game()
    won.attempt("Windy Cliff", faces=THREE).resolve()  # 3 successes against 5: fails
    assert _names(won) == [WIND, FIRE, IRON]
    easy = challenge("Easy", 1, ["wisdom"])
    ok = naming_position(easy, row=("Easy", "Windy Cliff", "Old Forge", "Hopeless")).game()
    ok.attempt("Easy", faces=ONE).resolve()
    assert ok.state.turn.gained and _names(ok) == []


def test_002_naming_once_per_turn() -> None:
    """002 · Naming: "Once per turn" — one Name attempt a turn, whatever its result."""
    again = challenge("Hopeless Again", 9, ["wisdom"])
    game = fail(naming_position(again).deck(1, ["Hopeless Again"]).game())
    game.attempt_name("wind", faces=ONE)
    assert naming.KEY in game.state.turn.marks and _names(game) == []
    assert_illegal(game, lambda g: g.push("name fire"), "once per turn")
    game.end_turn()  # P2's turn, then P1 again: a new turn, a new chance after a new failure
    game.end_turn()
    assert game.to_move == 0 and _names(game) == []
    fail(game, "Hopeless Again")
    assert _names(game) == [WIND, FIRE, IRON]


def test_002_naming_each_name_is_learned_only_once() -> None:
    """002 · Naming: "You may learn each Name only once"; a known Name is never offered again."""
    game = fail(with_names(naming_position().game(), 0, WIND))
    assert _names(game) == [FIRE, IRON]
    assert_illegal(game, lambda g: g.push(AttemptName(WIND)), "already knows the name of the wind")


def test_002_naming_four_or_more_learns_the_name() -> None:
    """002 · Naming: "If the result of your attempt is 4 or higher, you learn that Name"."""
    game = fail(naming_position().game())  # the Smith shows Strength and Constitution: +1 for Iron
    game.attempt_name("iron", faces=THREE)  # 3 + 1 = 4
    assert names_of(game.state.players[0]) == (IRON,)
    assert "002/naming" in sections(game.last_events)
    assert any("learns the Name of Iron (4 vs 4)" in e.text for e in game.last_events)

    game = fail(naming_position().game())
    game.attempt_name("iron", faces=("slash", "slash", "dual-triangle"))  # 2 + 1 = 3
    assert names_of(game.state.players[0]) == ()

    game = fail(naming_position().game())
    game.attempt_name("wind", faces=THREE)  # no bonus for the Wind: 3 is not enough
    assert names_of(game.state.players[0]) == ()
    assert any("fails to learn the Name of the Wind (3 vs 4)" in e.text for e in game.last_events)
    assert game.state.players[0].xp == 4  # +1 for the failed challenge only: a Name attempt gives none


def test_002_naming_core_runes_only() -> None:
    """002 · Naming: "Cast the core runes only. You may not add Dark runes … or any Ability runes"."""
    game = fail(naming_position().game())
    game.push(AttemptName(IRON))
    assert isinstance(game.state.pending[-1], AwaitCast) and game.state.pending[-1].detail == IRON.value
    assert game.state.attempt is None  # no challenge attempt: nothing else to add runes to
    pool = rules.cast_pool(game.ctx, game.state)
    assert pool == tuple(game.ctx.runes.core)
    assert [r.kind.value for r in pool] == ["core", "core", "core"]
    assert game.is_chance and game.legal_actions[0] == CastRunes()
    with pytest.raises(IllegalActionError, match="3 runes"):
        game.push(CastRunes((0, 0, 0, 0)))  # a fourth rune (an Ability or Dark rune) is refused
    with pytest.raises(IllegalActionError, match="3 runes"):
        game.cast("slash", "slash", "slash", "sword")


def test_002_naming_no_card_is_drawn_on_the_omen() -> None:
    """002 · Naming: "You do not draw a Hero or Antihero card on a result of the omen symbol"."""
    game = fail(naming_position().game())
    hand = game.state.players[0].hand
    game.attempt_name("iron", faces=("slash", "slash", "dual-triangle"))
    assert game.state.players[0].hand == hand
    assert not any(isinstance(p, ChooseDraw) for p in game.state.pending)
    assert any("draws no card" in e.text for e in game.last_events)
    assert game.to_move == 0 and not game.is_chance  # back in the main phase


def test_002_naming_the_ability_pair_gives_plus_one_only_once() -> None:
    """002 · Naming: the Name's pair of Ability icons gives +1, "only … once per attempt"."""
    brawn = [trait(f"Brawn {i}", "strength", "constitution") for i in range(2)]
    game = fail(naming_position(brawn).hero(0, story=[["Brawn 0", "Brawn 1"]]).game())
    math = naming.name_math(game.ctx, game.state, 0, IRON)  # three Strength and three Constitution icons
    assert (math.difficulty, math.bonus) == (4, 1)
    assert [p for p in math.parts if p[2] == "bonus"] == [("strength and constitution icons", 1, "bonus")]
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 0  # Wind's pair: dexterity + wisdom


def test_002_naming_each_name_icon_in_the_story_is_plus_one() -> None:
    """002 · Naming: "Each copy of the corresponding Name icon in your story gives you an additional +1"."""
    game = fail(naming_position(trait("Gust 1", "wind")).hero(0, story=[["Gust", "Gust 1"]]).game())
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 2
    assert naming.name_math(game.ctx, game.state, 0, FIRE).bonus == 0  # other Names' icons do not help
    game.attempt_name("wind", faces=("slash", "slash", "dual-triangle"))  # 2 + 2 = 4
    assert names_of(game.state.players[0]) == (WIND,)


def test_002_naming_only_cards_allowed_to_apply_help() -> None:
    """002 · Naming: only Bind With Iron, Command the Flame and Call the Wind (tag "naming") among
    Hero/Antihero cards apply; any other bonus to attempts does not (002 · FAQs: Comrade in Arms)."""
    wind_card = hero_card(
        "Gale Call", "any_time", Bonus(2, When(path_icons=(WIND,))), duration=Duration.TURN, tags=("naming",)
    )
    plain = hero_card("Rally", "any_time", Bonus(3), duration=Duration.TURN)
    tagged_wrong_name = hero_card(
        "Iron Call", "any_time", Bonus(2, When(path_icons=(IRON,))), duration=Duration.TURN, tags=("naming",)
    )
    game = fail(
        naming_position(wind_card, plain, tagged_wrong_name)
        .hero(0, hand=["Gale Call", "Rally", "Iron Call"])
        .game()
    )
    game.play("Gale Call").play("Rally").play("Iron Call")
    math = naming.name_math(game.ctx, game.state, 0, WIND)
    assert math.bonus == 2 and ("Gale Call", 2, "bonus") in math.parts
    assert naming.name_math(game.ctx, game.state, 0, IRON).bonus == 1 + 2  # pair + Iron Call
    assert naming.name_math(game.ctx, game.state, 0, FIRE).bonus == 0  # Rally never counts


def test_002_naming_a_static_power_helps_only_on_a_naming_card() -> None:
    """002 · FAQs: Comrade in Arms or Parting of Ways: the Re'lar trait may affect Name attempts;
    "other effects that affect your Challenge attempts do not"."""
    helps = Power(Trigger.STATIC, (Bonus(1, When(path_icons=(WIND, FIRE, IRON))),))
    relar = trait("Scholar Rank", "wisdom", tags=("naming",), powers=(helps,))
    lucky = trait("Lucky", "dexterity", powers=(Power(Trigger.STATIC, (Bonus(2),)),))
    game = naming_position(relar, lucky).hero(0, story=[["Scholar Rank", "Lucky"]]).game()
    math = naming.name_math(game.ctx, game.state, 0, FIRE)  # no Fire pair, no Fire icon
    assert math.bonus == 1 and ("Scholar Rank", 1, "bonus") in math.parts
    assert not any(what == "Lucky" for what, _n, _k in math.parts)
    game.attempt("Windy Cliff", "bottom")  # a challenge: Lucky's +2 counts, Scholar Rank's needs a Name icon
    assert rules.attempt_math(game.ctx, game.state, game.state.attempt).bonus == 2


def test_002_naming_a_name_token_scores_three() -> None:
    """002 · Naming: "Each Name token you gain is worth 3 at end of game"."""
    game = naming_position().game()
    before = game.score()[0].total
    known = with_names(game, 0, WIND, IRON)
    line = [ln for ln in known.score()[0].lines if ln.section == "002/naming"]
    # Destiny points that are neither Triumph nor Tragedy (000 · Rules Overview; changed on purpose)
    assert [(ln.label, ln.triumph, ln.tragedy, ln.other) for ln in line] == [
        ("Name tokens (wind, iron)", 0, 0, 6)
    ]
    assert known.score()[0].total == before + 6
    assert not [ln for ln in game.score()[0].lines if ln.section == "002/naming"]


def test_002_naming_the_rule_comes_with_name_icons_or_the_option() -> None:
    """002 · Naming is the expansion's rule: in play when the game's cards show Name icons (option ``naming``)."""
    plain = [challenge("Hopeless", 9, ["wisdom"]), trait("A"), trait("B"), trait("C")]
    game = position(plain).row(1, ["Hopeless", "A", "B", "C"]).game()
    game.attempt("Hopeless", faces=ONE).resolve()
    assert _names(game) == []
    assert_illegal(game, lambda g: g.push(AttemptName(WIND)), "naming rule is not in play")
    forced = position(plain).row(1, ["Hopeless", "A", "B", "C"]).options(naming="on").game()
    forced.attempt("Hopeless", faces=ONE).resolve()
    assert _names(forced) == [WIND, FIRE, IRON]
    off = naming_position().options(naming="off").game()
    assert _names(fail(off)) == []
    core = Game.new(players=2, seed=3)
    assert not naming.naming_active(core.ctx)
    assert naming.naming_active(Game.new(players=2, seed=3, sets=("core", "notw")).ctx)


def test_002_naming_notation_undo_save_and_load() -> None:
    """002 · Naming: a Name attempt is an action (``name iron``) and its cast a chance step that replays."""
    game = fail(naming_position().game())
    before = game.state
    game.push("name iron")
    assert str(game.history[-1]) == "name iron"
    game.push("cast slash slash slash")
    assert game.history[-1] == CastRunes((0, 0, 0))
    assert names_of(game.state.players[0]) == (IRON,)
    again = Game.loads(game.save())
    assert again.state == game.state
    game.undo(2)
    assert game.state == before
    with pytest.raises(IllegalActionError, match="not a Name"):
        game.attempt_name("earth")
    assert_illegal(game, lambda g: g.push("name strength"), "not a known action")


def test_002_naming_odds_of_the_pending_name_attempt() -> None:
    """002 · Naming with 000 · Rune Probability: the exact odds of the Name cast waiting to happen."""
    game = fail(naming_position().game())
    assert game.name_odds("Name of Iron").p_success == Fraction(1, 8)  # 3 core runes all slash, +1
    assert game.name_odds("wind").p_success == 0  # three successes at most, no bonus
    game.push(AttemptName(IRON))
    odds = game.odds()
    assert (odds.runes, odds.bonus, odds.difficulty) == (3, 1, 4)
    assert odds.p_success == Fraction(1, 8)
    assert naming.pending_odds(game.ctx, game.state) == odds


def test_002_naming_random_cast_uses_the_game_rng() -> None:
    """002 · Naming: an unforced Name cast draws from the game's seeded RNG, so replays repeat it."""
    game = fail(naming_position(seed=5).game())
    game.push(AttemptName(IRON)).cast()
    faces = game.history[-1]
    assert isinstance(faces, CastRunes) and faces.faces is not None and len(faces.faces) == 3
    assert game.replay().state == game.state


def test_002_naming_challenge_paths_unaffected_by_name_icons_in_the_story() -> None:
    """002 · Play Example: Gaining a Name Icon: Name icons "will not help" a challenge attempt."""
    game = (
        naming_position(row=("Windy Cliff", "Hopeless", "Old Forge", "Bystander"))
        .hero(0, story=[["Gust"]])
        .game()
    )
    game.attempt("Windy Cliff", "top")
    assert rules.attempt_math(game.ctx, game.state, game.state.attempt).bonus == 0


def test_002_naming_paths_name_cards_use_path_icon_filters() -> None:
    """002 · Naming: a card that helps the Name of the Wind also helps paths showing Wind (its ``when``)."""
    wind_card = hero_card(
        "Gale Call", "any_time", Bonus(2, When(path_icons=(WIND,))), duration=Duration.TURN, tags=("naming",)
    )
    game = (
        naming_position(wind_card, row=("Windy Cliff", "Hopeless", "Old Forge", "Bystander"))
        .hero(0, hand=["Gale Call"])
        .game()
    )
    game.play("Gale Call")
    game.attempt("Windy Cliff", "top")
    assert rules.attempt_math(game.ctx, game.state, game.state.attempt).bonus == 2


def test_002_naming_cast_pool_is_none_without_a_cast_due() -> None:
    """000 · Reading the Runes: no cast is due in the main phase; ``cast`` says so."""
    game = naming_position().game()
    assert rules.cast_pool(game.ctx, game.state) is None
    with pytest.raises(IllegalActionError, match="no attempt"):
        game.cast("slash", "slash", "slash")


def test_002_naming_the_ability_pairs_are_a_rules_option() -> None:
    """002 · Naming does not name each Name's Ability pair (open question 9): option ``name_pairs``."""
    pairs = "wind=strength+constitution,fire=intelligence+charisma,iron=dexterity+wisdom"
    game = naming_position().options(name_pairs=pairs).game()
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 1  # the Smith now has the Wind pair
    assert naming.name_math(game.ctx, game.state, 0, IRON).bonus == 0
    for bad in (
        "wind=strength",
        "wind=strength+strength,fire=intelligence+charisma,iron=dexterity+wisdom",
        "wind=strength+constitution,fire=intelligence+charisma",
    ):
        with pytest.raises(RulesOptionError):
            Game.new(players=2, seed=1, sets=("core", "notw"), name_pairs=bad)
