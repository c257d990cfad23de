"""000 · Reading the Runes: Core Runes, Dark Runes, Ability Runes (each face's value and effect)."""

from __future__ import annotations

from rules_kit import antihero_card, challenge, hero_card, origin, pool_ids, position, sections, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import ChooseDeck
from calladventure.values._effects import Bonus, GainXP
from calladventure.values._runes import Draw
from calladventure.values._state import ChooseDraw, Window


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Brute", "strength", "strength"),
        origin("Thief", "dexterity", "dexterity"),
        trait("Strong", "strength"),
        trait("Nimble", "dexterity"),
        challenge("Two", 2, ["strength", "dexterity"]),
        challenge("Three", 3, ["strength", "dexterity"]),
        challenge("Five", 5, ["strength", "dexterity"]),
        challenge("Seven", 7, ["strength", "dexterity"]),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Faith", "main", GainXP(1)),
        antihero_card("Spite", "main", GainXP(1)),
        antihero_card("Malice", "main", GainXP(1)),
        hero_card("Steady", "as_attempt", Bonus(1)),
    ]


def _pos(origin_name: str = "Novice", **kw: object) -> Position:
    return (
        position(_cards(), **kw)
        .hero(0, origin=origin_name, xp=3)
        .row(1, ["Two", "Three", "Five", "Seven"])
        .hero_deck(top=["Hope", "Faith"])
        .antihero_deck(top=["Spite", "Malice"])
    )


def _hand(game: Game, seat: int = 0) -> list[str]:
    return [game.ctx.db[c].name for c in game.state.players[seat].hand]


def _overcame(game: Game, name: str) -> bool:
    return any(t.card == game.card(name).id for t in game.state.players[0].story[0])


def test_000_core_runes_slash_adds_one_blank_adds_zero() -> None:
    """000 · Core Runes: "Slash: Add 1 success"; "Blank: Add 0"."""
    assert _overcame(_pos().game().attempt("Two", faces=["slash", "blank", "slash"]), "Two")
    assert not _overcame(_pos().game().attempt("Three", faces=["slash", "blank", "slash"]), "Three")
    assert _overcame(_pos().game().attempt("Three", faces=["slash", "slash", "slash"]), "Three")


def test_000_core_runes_dual_triangle_draws_a_hero_or_antihero_card_of_your_choice() -> None:
    """000 · Core Runes: "Dual triangle: Draw a Hero OR Antihero card"; the symbol adds 0."""
    game = _pos().game().attempt("Three", faces=["slash", "slash", "dual-triangle"])
    top = game.state.pending[-1]
    assert isinstance(top, ChooseDraw) and top.seat == 0 and game.to_move == 0
    assert set(game.legal_actions) == {ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO)}
    game.draw("antihero")
    assert _hand(game) == ["Spite"]
    assert not _overcame(game, "Three")  # 2 against 3: the triangle added nothing
    assert game.state.players[0].xp == 4  # the failure's Experience


def test_000_core_runes_white_and_dark_triangles_draw_hero_and_antihero_cards() -> None:
    """000 · Core Runes (Stormlight runes): white triangle draws a Hero card, dark triangle an Antihero card."""
    game = _pos(runes="stormlight").game().attempt("Two")
    assert pool_ids(game) == ["core-white", "core-dark", "core-diamond"]
    game.cast("white-triangle", "dark-triangle", "slash")
    assert _hand(game) == ["Hope", "Spite"]
    assert "000/hero-and-antihero-cards" in sections(game.last_events)
    assert not _overcame(game, "Two")  # 1 against 2


def test_000_core_runes_diamond_gains_an_experience_token() -> None:
    """000 · Core Runes: "Diamond: Gain an Experience Token"."""
    game = _pos(runes="stormlight").game().attempt("Two", faces=["slash", "slash", "diamond"])
    assert _overcame(game, "Two")
    assert game.state.players[0].xp == 4
    assert "000/core-runes" in sections(game.last_events)


def test_000_dark_runes_moon_two_successes_and_one_corruption_when_it_shows() -> None:
    """000 · Dark Runes: "Moon: Add 2 … and move your Corruption track down by one"; 000 · Glossary:
    Corruption: "When a Dark rune shows a moon … move one level down" — at the cast, before the attempt
    resolves (changed on purpose: it used to wait for the resolution, now option moon_corruption)."""
    game = _pos().hero(0, origin="Novice", xp=3, hand=["Steady"]).game()
    start = game.state.players[0].level
    game.attempt("Five", dark_runes=1, faces=["slash", "slash", "slash", "moon"])
    assert isinstance(game.state.pending[-1], Window)  # "as any hero attempts": not resolved yet
    assert game.state.players[0].level == start + 1
    assert "000/glossary-corruption" in sections(game.last_events)
    game.pass_()
    assert _overcame(game, "Five")  # 3 + 2 against 5
    assert game.state.players[0].level == start + 1


def test_000_dark_runes_moon_corruption_at_resolution_with_the_option() -> None:
    """Option moon_corruption = "at_resolution": the 0.1 reading, the moon's Corruption when the attempt resolves."""
    game = (
        _pos().hero(0, origin="Novice", xp=3, hand=["Steady"]).options(moon_corruption="at_resolution").game()
    )
    start = game.state.players[0].level
    game.attempt("Five", dark_runes=1, faces=["slash", "slash", "slash", "moon"])
    assert game.state.players[0].level == start
    game.pass_()
    assert _overcame(game, "Five") and game.state.players[0].level == start + 1


def test_000_dark_runes_slash_adds_one_without_corruption() -> None:
    """000 · Dark Runes: "Slash (Dark rune): Add 1 success … no Penalty"."""
    game = _pos().game()
    start = game.state.players[0].level
    game.attempt("Five", dark_runes=1, faces=["slash", "slash", "slash", "slash"])
    assert not _overcame(game, "Five")  # 4 against 5
    assert game.state.players[0].level == start


def test_000_ability_runes_symbol_adds_two_slash_adds_one() -> None:
    """000 · Ability Runes: "Add 2 (sword) or 1 (slash) to a Strength challenge"."""
    four = _pos("Brute").game().attempt("Five", faces=["blank", "blank", "slash", "sword", "slash"])
    assert not _overcame(four, "Five")  # 0 + 0 + 1 + 2 + 1 = 4
    five = _pos("Brute").game().attempt("Five", faces=["blank", "blank", "slash", "sword", "sword"])
    assert _overcame(five, "Five")  # 0 + 0 + 1 + 2 + 2 = 5


def test_000_ability_runes_strength_special_rune_adds_zero_and_gains_an_experience() -> None:
    """000 · Ability Runes: Strength special rune: "Add 2 …, or add 0 and immediately gain one Experience"."""
    pos = _pos("Brute").hero(0, origin="Brute", story=[["Strong"]], xp=3)
    bonus = pos.game().attempt("Seven", faces=["slash", "blank", "slash", "sword", "sword", "special-xp"])
    assert not _overcame(bonus, "Seven")  # 1 + 0 + 1 + 2 + 2 + 0 = 6
    assert bonus.state.players[0].xp == 3 + 1 + 1  # the special rune's token and the failure's
    two = pos.game().attempt("Seven", faces=["slash", "blank", "slash", "sword", "sword", "sword"])
    assert _overcame(two, "Seven")  # 1 + 0 + 1 + 2 + 2 + 2 = 8
    assert two.state.players[0].xp == 3


def test_000_ability_runes_dexterity_special_rune_draws_a_card() -> None:
    """000 · Ability Runes: Dexterity special rune: "add 0 and immediately draw one card" (the deck is the
    player's choice by default: ``special_draw``)."""
    pos = _pos("Thief").hero(0, origin="Thief", story=[["Nimble"]])
    faces = ["slash", "slash", "slash", "arrow", "arrow", "special-draw"]
    game = pos.game().attempt("Seven", faces=faces)
    assert isinstance(game.state.pending[-1], ChooseDraw)
    game.draw("hero")
    assert _hand(game) == ["Hope"]
    game = pos.options(special_draw="antihero").game().attempt("Seven", faces=faces)
    assert _hand(game) == ["Spite"]
    assert not game.state.pending
