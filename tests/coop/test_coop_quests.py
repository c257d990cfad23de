"""000 · The Adversary Quests, 000 · FAQs: Whenever a hero gains Corruption, 000 · FAQs: Whenever a
Radiant icon is added, 000 · Radiant Icons (temporary icons) — the quest triggers and lasting effects."""

from __future__ import annotations

import pytest
from coop_kit import coop_game, inline_set, table_position
from rules_kit import destiny, fillers, motivation, origin, trait

from calladventure.expansions.odium import odium_of
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.rules._story import effective_icons, icon_counts
from calladventure.values._icons import Icon


def tokens(game: Game) -> int:
    od = odium_of(game.state)
    assert od is not None
    return od.tokens


def _game(quest: str = "Radiants United", n: int = 10, **hero: object) -> Game:
    hero.setdefault("origin", "Squire")
    hero.setdefault("motivation", "Duty")
    hero.setdefault("destiny", "Plain Fate")
    pos = (
        table_position(2)
        .hero(0, **hero)  # type: ignore[arg-type]
        .row(1, ["Bridge", "Wall", "Oathbound", "Twice Sworn"])
        .deck(1, ["Filler 1-0", "Filler 1-1", "Filler 1-2", "Filler 1-3"])
    )
    return coop_game(pos, quest=quest, tokens=n)


def test_000_faqs_whenever_a_hero_gains_corruption_once_per_corruption() -> None:
    """ "This effect can be triggered more than once per turn, such as when multiple Dark runes produce a Corruption result"."""
    game = _game()
    game.attempt("Wall", "top", dark_runes=2).cast("slash", "slash", "slash", "sword", "moon", "moon")
    assert game.ctx.track.corruption(game.state.players[0].level) == 2
    assert tokens(game) == 12
    assert odium_of(game.state) is not None and odium_of(game.state).gained == 2
    assert [e.section for e in game.events].count("000/faqs-whenever-a-hero-gains-corruption") == 2


def test_000_faqs_whenever_a_hero_gains_corruption_counts_any_hero() -> None:
    game = _game(hand=["Dark Whisper"])
    game.play("Dark Whisper", 1)  # on another hero
    assert game.ctx.track.corruption(game.state.players[1].level) == 1
    assert tokens(game) == 11


def test_000_faqs_more_than_three_corruption_no_corruption_gained_no_token() -> None:
    game = _game(hand=["Dark Whisper"], corruption=4)
    game.play("Dark Whisper", 0)
    assert game.ctx.track.corruption(game.state.players[0].level) == 4
    assert tokens(game) == 10


def test_000_faqs_whenever_a_hero_gains_corruption_not_by_effects_in_place_at_the_start() -> None:
    """ "This ability is not triggered by effects in place at the beginning of the game (Haunted Past or Redemption Seeker)"."""
    cards = [
        origin("Squire", "strength", "wisdom"),
        origin("Scribe", "intelligence", "charisma"),
        motivation("Haunted", start_virtue=-1),
        motivation("Hunted", start_virtue=-1),
        destiny("Plain Fate"),
        destiny("Quiet Fate"),
        trait("Brave", "strength"),
        *fillers(1, 8),
        *fillers(2, 5),
        *fillers(3, 5),
    ]
    card_set = inline_set(cards)
    game = Game.new(players=1, seed=2, sets=(card_set.id,), mode="solo", runes="stormlight")
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    assert game.ctx.track.corruption(game.state.players[0].level) == 1
    assert tokens(game) == 5
    assert odium_of(game.state) is not None and odium_of(game.state).gained == 0


def test_000_faqs_whenever_a_radiant_icon_is_added_gaining_a_trait() -> None:
    game = _game()
    game.gain("Oathbound")
    assert tokens(game) == 9
    assert "000/faqs-whenever-a-radiant-icon-is-added" in [e.section for e in game.last_events]


def test_000_faqs_whenever_a_radiant_icon_is_added_once_per_icon() -> None:
    game = _game()
    game.gain("Twice Sworn")  # a path showing two Radiant icons
    assert tokens(game) == 8


def test_000_faqs_whenever_a_radiant_icon_is_added_gaining_an_ally_and_a_radiant_path() -> None:
    pos = (
        table_position(2)
        .hero(0, origin="Squire", motivation="Duty", destiny="Plain Fate")
        .row(1, [("Bridge", "Spren"), "Wall"])
        .deck(1, ["Filler 1-0", "Filler 1-1"])
    )
    game = coop_game(pos, quest="Radiants United", tokens=10)
    # Bridge (3) + Spren (+1): 4 successes on the Radiant top path; Spren shows a Radiant icon too.
    game.attempt("Bridge", "top").cast("slash", "slash", "slash", "sword")
    assert [a.card for a in game.state.players[0].allies] == [game.card("Spren").id]
    assert tokens(game) == 8


def test_000_the_adversary_quests_odium_never_goes_below_zero_tokens() -> None:
    game = _game(n=0)
    game.gain("Twice Sworn")
    assert tokens(game) == 0
    assert odium_of(game.state) is not None and odium_of(game.state).lost == 0
    assert "no token to lose" in "\n".join(e.text for e in game.last_events)


def test_000_radiant_icons_temporary_icons_do_not_trigger_a_radiant_icon_is_added() -> None:
    """Stormlight-like cards give a Radiant icon "until end of turn": thresholds yes, Odium's tokens no."""
    game = _game(hand=["Stormlight"])
    game.play("Stormlight", 0)
    assert effective_icons(game.ctx, game.state, 0)[Icon.RADIANT] == 1
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 0
    assert tokens(game) == 10


def test_000_faqs_whenever_a_radiant_icon_is_added_not_by_revealing_a_radiant_destiny() -> None:
    pos = (
        table_position(2)
        .hero(
            0,
            origin="Squire",
            motivation="Duty",
            destiny="Windrunner",
            story=[["Brave", "Wise", "Filler 1-0"], ["Filler 2-0", "Filler 2-1"]],
        )
        .row(1, ["Bridge", "Wall"])
        .row(2, ["Filler 2-2", "Filler 2-3"], revealed=True)
        .deck(2, ["Filler 2-4", "Filler 2-5"])
    )
    game = coop_game(pos, quest="Radiants United", tokens=10)
    game.gain("Filler 2-2")  # begins Act III: the Radiant Destiny is revealed (000 · Special Rules)
    assert game.state.players[0].destiny_revealed
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 1
    assert tokens(game) == 10


def test_000_the_adversary_quests_lasting_effects_the_true_desolation() -> None:
    pos = (
        table_position(2)
        .hero(
            0,
            origin="Squire",
            motivation="Duty",
            destiny="Plain Fate",
            story=[["Brave", "Wise", "Filler 1-0"], ["Filler 2-0", "Filler 2-1", "Filler 2-2"]],
        )
        .row(2, ["Filler 2-3"], revealed=True)
        .row(3, ["Storm Gate", "Filler 3-0"], revealed=True)
        .deck(3, ["Filler 3-1", "Filler 3-2"])
    )
    game = coop_game(pos, quest="The True Desolation", tokens=10)
    game.attempt("Storm Gate", "top")
    att = game.state.attempt
    assert att is not None
    math = attempt_math(game.ctx, game.state, att)
    assert math.difficulty == 6 and ("The True Desolation", 1, "difficulty") in math.parts
    game.cast("slash", "slash", "slash", "sword", "sword", "eye", "eye")  # 11 against 6: no token
    assert tokens(game) == 10
    # A failure gives Odium a token (this quest's "on_fail"): 5 against 6.
    game2 = coop_game(pos, quest="The True Desolation", tokens=10)
    game2.attempt("Storm Gate", "top").cast(
        "white-triangle", "slash", "diamond", "slash", "slash", "slash", "slash"
    )
    game2.resolve()
    assert game2.state.players[0].story[2] == ()
    assert tokens(game2) == 11


def test_000_the_adversary_quests_lasting_effects_oaths_in_the_storm() -> None:
    game = _game("Oaths in the Storm", hand=["Vow"])
    game.push("attempt " + game.card("Bridge").id + " top")
    att = game.state.attempt
    assert att is not None and attempt_math(game.ctx, game.state, att).bonus == 1  # a Radiant path
    game = _game("Oaths in the Storm", hand=["Vow"])
    game.push("attempt " + game.card("Bridge").id + " bottom")
    att = game.state.attempt
    assert att is not None and attempt_math(game.ctx, game.state, att).bonus == 0
    game = _game("Oaths in the Storm", hand=["Vow"])
    game.play("Vow", 0)  # gains a Virtue: Odium loses a token
    assert tokens(game) == 9


def test_000_the_adversary_quests_a_card_may_take_tokens_from_odium() -> None:
    game = _game(hand=["Rally"])
    game.play("Rally", 0)
    assert tokens(game) == 8


@pytest.mark.parametrize("card", ["Rally", "Dark Whisper"])
def test_000_the_adversary_quests_do_nothing_in_a_competitive_game(card: str) -> None:
    pos = Position(players=2, sets=table_position(2).sets, runes="stormlight").hero(
        0, origin="Squire", hand=[card]
    )
    game = pos.game()
    game.play(card, 0)
    assert odium_of(game.state) is None
