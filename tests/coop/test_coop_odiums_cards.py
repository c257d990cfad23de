"""000 · Playing Odium's Cards, 000 · Odium's Deck, 000 · FAQs: Odium's cards take effect.

Table cards from ``coop_kit.table_cards``: Squire (Strength, Wisdom) attempts Wall (difficulty 2,
Strength/Constitution), casting the three Stormlight core runes and one Strength rune.
"""

from __future__ import annotations

from coop_kit import coop_game, table_position

from calladventure.expansions.odium import coop_position, odium_of, with_odium
from calladventure.game import Game
from calladventure.game._library import DEFAULT
from calladventure.rules import attempt_math
from calladventure.values._state import evolve

DARK = ("slash", "dark-triangle", "slash", "slash")  # 3 successes and a dark triangle
PLAIN = ("slash", "slash", "slash", "slash")  # 4 successes, no triangle


def _game(deck: list[str], hand2: tuple[str, ...] = ("Take Shelter",), **options: object) -> Game:
    """P1 (Squire) to move; P2 holds Take Shelter by default, so the "as any hero attempts" window waits for P2."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire", motivation="Duty", destiny="Plain Fate")
        .hero(1, origin="Scribe", motivation="Calling", destiny="Quiet Fate", hand=list(hand2))
        .row(1, ["Bridge", "Wall", "Tower", "Brave"])
        .deck(1, ["Filler 1-0", "Filler 1-1", "Filler 1-2"])
        .antihero_deck(["Grim Bargain"])
    )
    if options:
        pos = pos.options(**options)
    return coop_game(pos, quest="Radiants United", deck=deck)


def names(game: Game, ids: tuple[str, ...]) -> list[str]:
    return [game.ctx.db[c].name for c in ids]


def test_000_playing_odiums_cards_a_dark_triangle_reveals_his_top_card_before_the_attempt_resolves() -> None:
    game = _game(["The Everstorm", "Ravages of War"])
    game.attempt("Wall", "top").cast(*DARK)
    od = odium_of(game.state)
    assert od is not None and names(game, od.revealed) == ["The Everstorm"]
    assert names(game, od.deck) == ["Ravages of War", "Embrace the Thrill"]
    att = game.state.attempt
    assert att is not None and attempt_math(game.ctx, game.state, att).difficulty == 4  # 2 + The Everstorm
    assert names(game, game.state.players[0].hand) == ["Grim Bargain"]  # the dark triangle draws "as usual"
    game.resolve()
    assert game.state.players[0].story[0] == ()  # 3 against 4: failed
    assert game.state.players[0].xp == 4
    assert "000/playing-odiums-cards" in [e.section for e in game.events]


def test_000_playing_odiums_cards_no_dark_triangle_no_card() -> None:
    game = _game(["The Everstorm"])
    game.attempt("Wall", "top").cast("white-triangle", "slash", "diamond", "sword")
    od = odium_of(game.state)
    assert od is not None and od.revealed == () and len(od.deck) == 3


def test_000_playing_odiums_cards_option_light_and_dark_needs_both_triangles() -> None:
    """Open question 6: the rules video's reading, a light and a dark triangle in the same cast."""
    game = _game(["The Everstorm"], odium_reveal="light_and_dark")
    game.attempt("Wall", "top").cast(*DARK)
    assert odium_of(game.state) is not None and odium_of(game.state).revealed == ()
    game = _game(["The Everstorm"], odium_reveal="light_and_dark")
    game.attempt("Wall", "top").cast("white-triangle", "dark-triangle", "slash", "sword")
    assert odium_of(game.state) is not None and len(odium_of(game.state).revealed) == 1


def test_000_faqs_odiums_cards_take_effect_other_players_answer_with_their_cards() -> None:
    """ "Players may respond with any number of card effects (such as using Take Shelter to ignore The Everstorm)"."""
    game = _game(["The Everstorm"])
    game.attempt("Wall", "top").cast(*DARK)
    assert game.to_move == 1  # P2 may answer in the "as any hero attempts" window
    game.play("Take Shelter", 0)
    game.resolve()
    assert [t.card for t in game.state.players[0].story[0]] == [game.card("Wall").id]  # 3 + 2 against 4


def test_000_odiums_deck_revealed_cards_are_discarded_at_the_end_of_the_turn() -> None:
    game = _game(["The Everstorm"])
    game.attempt("Wall", "top").cast(*DARK).resolve()
    everstorm = game.card("The Everstorm").id
    game.end_turn()
    od = odium_of(game.state)
    assert od is not None and od.revealed == () and od.discard == (everstorm,)
    assert all(e.source != everstorm for e in game.state.effects)
    assert "000/odiums-deck" in [e.section for e in game.last_events]


def test_000_odiums_deck_runs_out_and_is_reshuffled() -> None:
    """ "When the special deck runs out of cards, shuffle them together and replenish the deck"."""
    pos = table_position(1).hero(0, origin="Squire", motivation="Duty", destiny="Plain Fate").row(1, ["Wall"])
    state = coop_position(pos.build(), DEFAULT, mode="solo", quest="Radiants United")
    od = odium_of(state)
    assert od is not None
    state = with_odium(state, evolve(od, deck=(), discard=od.deck))
    game = Game.from_state(state)
    game.attempt("Wall", "top").cast(*DARK)
    od = odium_of(game.state)
    assert od is not None and len(od.revealed) == 1 and len(od.deck) == 2 and od.discard == ()
    assert "shuffled into a new deck" in "\n".join(e.text for e in game.events)


def test_000_faqs_odiums_cards_take_effect_cards_with_no_effect_are_still_played() -> None:
    """ "Cards from Odium's deck are played even if they have no effect (such as Ravages of War, when a hero has no Allies)"."""
    game = _game(["Ravages of War"])
    game.attempt("Wall", "top").cast(*DARK)
    od = odium_of(game.state)
    assert od is not None and names(game, od.revealed) == ["Ravages of War"]
    assert "has no Ally to sacrifice" in "\n".join(e.text for e in game.events)
    game.resolve().end_turn()
    assert names(game, odium_of(game.state).discard) == ["Ravages of War"]  # type: ignore[union-attr]


def test_000_special_rules_embrace_the_thrill_is_ignored_on_a_radiant_path() -> None:
    """ "If a card's effect does not apply (such as Embrace the Thrill while facing a Radiant path), ignore it"."""
    game = _game(["Embrace the Thrill"])
    game.attempt("Bridge", "top").cast(*DARK)  # Bridge's top path shows a Radiant icon
    att = game.state.attempt
    assert att is not None and len(att.cast) == 4 and att.dark_free == 0
    assert "no Dark runes on a Radiant path" in "\n".join(e.text for e in game.events)


def test_000_playing_odiums_cards_a_dark_rune_added_after_the_cast_is_cast_at_once() -> None:
    game = _game(["Embrace the Thrill"])
    game.attempt("Wall", "top").cast(*DARK)
    assert game.is_chance and [len(c.faces or ()) for c, _p in game.chance_outcomes()] == [1, 1]
    game.cast("moon")  # the revealed card's Dark rune: a cast of its own, the next step
    att = game.state.attempt
    assert att is not None and att.dark_free == 1 and len(att.cast) == 5 and att.cast[-1] == ("dark", 0)
    assert str(game.history[-1]) == "cast 0" and att.moon_levels == 1  # the moon gave Corruption as it showed
