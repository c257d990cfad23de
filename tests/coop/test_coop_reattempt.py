"""000 · Glossary: Re-attempt and 002 · FAQs: Re-attempts and Dark runes, in a co-op game."""

from __future__ import annotations

from coop_kit import coop_game, table_position

from calladventure.expansions.odium import odium_of
from calladventure.game import Game

FIRST = ("white-triangle", "dark-triangle", "diamond", "slash", "moon")  # 1 + 2 = 3 successes, a moon
AGAIN = ("slash", "dark-triangle", "diamond", "sword", "slash")  # 1 + 2 + 1 = 4 successes, no moon


def _game() -> Game:
    pos = (
        table_position(2)
        .hero(
            0, origin="Squire", motivation="Duty", destiny="Plain Fate", hand=["Steady Hand", "Second Wind"]
        )
        .hero(1, origin="Scribe", motivation="Calling", destiny="Quiet Fate")
        .row(1, ["Bridge", "Wall", "Tower", "Brave"])
        .deck(1, ["Filler 1-0", "Filler 1-1"])
        .hero_deck(["Vow"])
        .antihero_deck(["Dark Whisper", "Grim Bargain"])
    )
    game = coop_game(pos, quest="Radiants United", tokens=10, deck=["Ravages of War", "The Everstorm"])
    game.attempt("Wall", "top", dark_runes=1)
    game.play("Steady Hand", 0)  # +1 to this attempt, before the runes are cast
    game.cast(*FIRST)
    game.play("Second Wind", 0)  # re-attempt: cast the runes again
    game.resolve()
    if not game.is_chance:  # no more Dark runes bought before the re-cast (open question 8)
        game.push("dark 0")
    return game


def test_000_glossary_re_attempt_the_first_attempt_is_neither_success_nor_failure() -> None:
    game = _game()
    state = game.state
    assert game.is_chance and state.attempt is not None and state.attempt.casts == 1
    assert state.row(1).slots[1] is not None and state.row(1).slots[1].card == game.card("Wall").id
    assert not state.turn.failed and not state.turn.gained
    assert state.players[0].story[0] == ()


def test_000_glossary_re_attempt_triangle_and_diamond_benefits_are_kept_at_once() -> None:
    game = _game()
    p = game.state.players[0]
    assert p.xp == 3 - 1 + 1  # one Dark rune bought, one diamond
    assert [game.ctx.db[c].name for c in p.hand] == ["Vow", "Dark Whisper"]


def test_002_faqs_re_attempts_and_dark_runes_are_kept_without_paying_again() -> None:
    game = _game()
    att = game.state.attempt
    assert att is not None and att.dark_bought == 1
    game.cast(*AGAIN).resolve()
    assert game.state.players[0].xp == 3 - 1 + 1 + 1  # the diamond again, and no second payment
    assert game.state.turn.dark_bought == 1


def test_000_glossary_re_attempt_played_effects_carry_over_and_the_same_result_repeats() -> None:
    game = _game()
    game.cast(*AGAIN).resolve()
    p = game.state.players[0]
    # 4 successes + Steady Hand's +1 = 5 against Wall 2 + The Everstorm 2: overcome.
    assert [t.card for t in p.story[0]] == [game.card("Wall").id]
    assert [game.ctx.db[c].name for c in p.hand] == [
        "Vow",
        "Dark Whisper",
        "Grim Bargain",
    ]  # a second Antihero draw


def test_000_glossary_re_attempt_corruption_from_the_first_casts_dark_runes_is_ignored() -> None:
    game = _game()
    level = game.state.players[0].level
    game.cast(*AGAIN).resolve()
    assert game.state.players[0].level == level
    od = odium_of(game.state)
    assert od is not None and od.tokens == 10  # no Corruption gained, so no token for Odium


def test_000_glossary_re_attempt_a_dark_triangle_on_the_re_attempt_reveals_a_new_odium_card() -> None:
    """ "In a Co-op or Solo game, if the result of a re-attempt includes a dark triangle, reveal a new Antihero card"."""
    game = _game()
    od = odium_of(game.state)
    assert od is not None and [game.ctx.db[c].name for c in od.revealed] == ["Ravages of War"]
    game.cast(*AGAIN)
    od = odium_of(game.state)
    assert od is not None and [game.ctx.db[c].name for c in od.revealed] == [
        "Ravages of War",
        "The Everstorm",
    ]
    game.resolve().end_turn()
    assert odium_of(game.state) is not None and len(odium_of(game.state).discard) == 2
