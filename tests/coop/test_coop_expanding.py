"""000 · Expanding Your Adventure: a game built from several card sets (and co-op with the base game)."""

from __future__ import annotations

import itertools

from rules_kit import challenge, destiny, fillers, motivation, origin, path, trait

from calladventure.expansions.odium import odium_of
from calladventure.game import Game
from calladventure.play.position import Position, card_set
from calladventure.values._actions import PlayCard
from calladventure.values._cards import CardType

_IDS = itertools.count(1)


def test_000_expanding_your_adventure_a_co_op_game_on_both_boxes_faces_odium() -> None:
    """ "The special rules for facing Odium supersede the Solo and Co-op rules in the original core set"."""
    game = Game.new(players=2, seed=4, sets=("stormlight", "core"), mode="coop")
    od = odium_of(game.state)
    assert od is not None and game.ctx.db[od.adversary].name == "Odium"
    assert {game.ctx.db[c].set for c in od.deck} == {"stormlight"} and len(od.deck) == 6
    skull = game.card("Sabotage").id
    assert skull in game.state.antihero_deck  # the core skull cards stay ordinary Antihero cards
    story_adversaries = [c.id for c in game.ctx.db.values() if c.type is CardType.ADVERSARY]
    in_decks = {c for row in game.state.rows for c in row.deck} | {
        s.card for row in game.state.rows for s in row.slots if s
    }
    assert (
        story_adversaries and set(story_adversaries) <= in_decks
    )  # the core Adversaries stay in the story decks
    core_quests = {c.id for c in game.ctx.db.values() if c.type is CardType.QUEST and c.set == "core"}
    assert core_quests <= set(game.state.removed)


def test_000_expanding_your_adventure_each_sets_runes_the_first_set_decides() -> None:
    assert Game.new(players=2, seed=1, sets=("stormlight", "core")).config.runes == "stormlight"
    assert Game.new(players=2, seed=1, sets=("core", "stormlight")).config.runes == "core"


def test_000_expanding_your_adventure_every_sets_story_icons_score() -> None:
    n = next(_IDS)
    nature = card_set(
        f"exp-a{n}",
        [
            origin("Ranger", "strength", "wisdom"),
            motivation("Wander"),
            destiny("Wild Fate"),
            trait("Forager", "nature"),
            trait("Tracker", "nature"),
            *fillers(1, 4, "A"),
            *fillers(2, 4, "A"),
            *fillers(3, 4, "A"),
        ],
        story_icons=("nature",),
    )
    radiant = card_set(
        f"exp-b{n}",
        [
            trait("Sworn", "radiant"),
            challenge("Oath", 3, ["wisdom"], top=path("radiant"), bottom=path("villainy"), act=2),
            *fillers(2, 4, "B"),
            *fillers(1, 4, "B"),
        ],
        story_icons=("radiant",),
    )
    pos = Position(players=1, sets=(nature, radiant)).hero(
        0, story=[["Forager", "Tracker", "Sworn"], [("Oath", "top")]]
    )
    game = pos.game()
    line = next(line for line in game.score()[0].lines if line.label.startswith("Story icon sets"))
    assert line.points == 4 and "2 nature" in line.label and "2 radiant" in line.label


def _targets(game: Game, name: str) -> set[int]:
    cid = game.card(name).id
    return {a.target for a in game.legal_actions if isinstance(a, PlayCard) and a.card == cid}


def test_000_expanding_your_adventure_cards_that_target_you_target_any_hero_in_co_op() -> None:
    """ "If you play with combined sets, keep in mind that any Hero or Antihero card that targets "you" can be used to target any hero"."""

    def game(sets: tuple[str, ...], mode: str, card: str) -> Game:
        pos = Position(players=2, sets=sets).hero(0, hand=[card])
        state = pos.build()
        if mode == "coop":
            from calladventure.expansions.odium import coop_position
            from calladventure.game._library import DEFAULT

            state = coop_position(state, DEFAULT)
        return Game.from_state(state)

    assert _targets(game(("stormlight", "core"), "coop", "Windfall"), "Windfall") == {0, 1}
    assert _targets(game(("stormlight", "core"), "competitive", "Windfall"), "Windfall") == {0}
    assert _targets(game(("stormlight",), "coop", "Stormlight"), "Stormlight") == {0}
