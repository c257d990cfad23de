"""INDEX · Core solo / co-op: the core game's solo and co-op mode against an Adversary (open question 11),
with the bundled core set (``cards/core/adversary_mode.toml``)."""

from __future__ import annotations

from rules_kit import pool_ids

from calladventure.expansions.odium import (
    SKULL_DECK_NAMES,
    CoopResult,
    FaceOdium,
    coop_position,
    goal,
    odium_of,
)
from calladventure.game import Game
from calladventure.game._library import DEFAULT
from calladventure.play.position import Position
from calladventure.values._actions import AttemptChallenge, ChooseDeck
from calladventure.values._cards import CardType
from calladventure.values._runes import Draw
from calladventure.values._state import ChooseDraw


def test_index_core_solo_co_op_setup_the_adversary_its_quest_rise_and_the_skull_deck() -> None:
    for seed in range(4):
        game = Game.new(players=1, seed=seed, mode="solo")
        od = odium_of(game.state)
        assert od is not None
        adversary = game.ctx.db[od.adversary]
        assert adversary.type is CardType.ADVERSARY and adversary.act in (2, 3)
        everywhere = [*game.state.removed, *(c for row in game.state.rows for c in row.deck)]
        everywhere += [s.card for row in game.state.rows for s in row.slots if s is not None]
        assert od.adversary not in everywhere
        names = [game.ctx.db[c].name for c in od.rules]
        assert "Rise of the Adversary" in names
        quest = game.ctx.db[od.quest or ""]
        assert f"for:{od.adversary.split('/')[1]}" in quest.tags
        assert sorted(game.ctx.db[c].name for c in od.deck) == sorted(SKULL_DECK_NAMES)
        assert not set(od.deck) & set(game.state.antihero_deck)
        assert od.tokens == 0 and goal(game.ctx) == 5


def test_index_core_solo_co_op_pick_the_adversary() -> None:
    game = Game.new(players=3, seed=1, mode="coop", adversary="The Pale King")
    od = odium_of(game.state)
    assert od is not None and game.ctx.db[od.quest or ""].name == "The Pale Court"
    assert goal(game.ctx) == 15
    assert goal(Game.new(players=3, seed=1, mode="coop", adversary_goal=7).ctx) == 21


def _solo(**kw: object) -> Game:
    """A solo core game against The Devourer Below: a hero with no icon of the Act I challenge it faces."""
    ctx = Position(sets=("core",)).context()
    wall = sorted(
        (
            c
            for c in ctx.db.values()
            if c.type is CardType.CHALLENGE and c.act == 1 and c.difficulty and c.difficulty >= 2
        ),
        key=lambda c: c.id,
    )[0]
    origin = next(
        c
        for c in sorted(ctx.db.values(), key=lambda c: c.id)
        if c.type is CardType.ORIGIN and not set(c.paths[0].icons) & set(wall.abilities)
    )
    pads = [
        c.name for c in sorted(ctx.db.values(), key=lambda c: c.id) if c.type is CardType.TRAIT and c.act == 1
    ][:4]
    pos = (
        Position(players=1, sets=("core",), seed=3)
        .hero(0, origin=origin.name, hand=[])
        .row(1, [wall.name])
        .deck(1, pads)
    )
    goal_option = kw.pop("goal", None)
    if goal_option is not None:
        pos = pos.options(adversary_goal=goal_option)
    return Game.from_state(
        coop_position(pos.build(), DEFAULT, mode="solo", adversary="The Devourer Below", **kw)
    )  # type: ignore[arg-type]


def _attempt(game: Game) -> AttemptChallenge:
    return next(a for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.dark == 0)


def test_index_core_solo_co_op_the_draw_card_symbol_reveals_the_adversarys_card() -> None:
    """ "When the core runes show the draw-card symbol, draw as usual, then reveal and apply the Adversary deck's top card"."""
    game = _solo(deck=["Harsh Lesson"])
    game.push(_attempt(game))
    assert pool_ids(game) == ["core-1", "core-2", "core-3"]
    game.cast("slash", "slash", "dual-triangle")
    assert isinstance(game.state.pending[-1], ChooseDraw)  # the hero draws as usual
    game.push(ChooseDeck(Draw.HERO))
    od = odium_of(game.state)
    assert od is not None and [game.ctx.db[c].name for c in od.revealed] == ["Harsh Lesson"]
    game = _solo(deck=["Harsh Lesson"])
    game.push(_attempt(game)).cast("slash", "slash", "slash")
    assert odium_of(game.state) is not None and odium_of(game.state).revealed == ()


def test_000_playing_odiums_cards_the_hero_chooses_its_deck_and_draws_before_the_adversarys_card() -> None:
    """ "Draw a Hero or Antihero card for yourself, as usual. Reveal the top card …": on a dual
    triangle the hero chooses its deck without knowing the Adversary's card, draws, then the card
    is revealed and applied."""
    game = _solo(deck=["Harsh Lesson"])
    game.push(_attempt(game)).cast("slash", "slash", "dual-triangle")
    od = odium_of(game.state)
    assert od is not None and od.revealed == () and game.ctx.db[od.deck[0]].name == "Harsh Lesson"
    assert isinstance(game.state.pending[-1], ChooseDraw) and game.state.pending[-1].seat == 0
    view = game.view(0)
    assert "Harsh Lesson" not in str(view.log)
    game.push(ChooseDeck(Draw.ANTIHERO))
    assert len(game.state.players[0].hand) == 1
    od = odium_of(game.state)
    assert od is not None and [game.ctx.db[c].name for c in od.revealed] == ["Harsh Lesson"]
    texts = [e.text for e in game.events]
    revealed = next(i for i, e in enumerate(game.events) if e.section == "000/playing-odiums-cards")
    assert texts.index("draws an Antihero card") < revealed


def _fail_and_end(game: Game) -> Game:
    game.push(_attempt(game)).cast("blank", "blank", "slash").resolve()  # 1 success: a failure
    assert game.state.players[0].story[0] == ()
    return game.end_turn()


def test_index_core_solo_co_op_the_adversary_wins_on_reaching_its_experience_goal() -> None:
    """Rise of the Adversary: a failed challenge gives it 1 Experience; 5 per hero is the default goal."""
    game = _fail_and_end(_solo(tokens=4))
    assert game.over and odium_of(game.state) is not None and odium_of(game.state).tokens == 5
    out = game.outcome()
    assert (
        out is not None
        and out.result(CoopResult) is not None
        and not out.result(CoopResult).heroes_win
        and out.result(CoopResult).overrun
    )
    assert "Experience goal" in out.result(CoopResult).reason and out.winners == ()


def test_index_core_solo_co_op_option_adversary_goal() -> None:
    game = _fail_and_end(_solo(tokens=4, goal=6))
    assert not game.over and odium_of(game.state) is not None and odium_of(game.state).tokens == 5


def test_index_core_solo_co_op_facing_the_adversary_with_its_own_abilities_and_dark_runes() -> None:
    ctx = Position(sets=("core",)).context()
    by_act = {
        a: [
            c.name
            for c in sorted(ctx.db.values(), key=lambda c: c.id)
            if c.type is CardType.CHALLENGE and c.act == a
        ]
        for a in (1, 2, 3)
    }
    story = [by_act[1][:3], by_act[2][:3], by_act[3][:3]]
    pos = Position(players=1, sets=("core",)).hero(0, story=story, xp=3).reveal(2, 3).ending(0, ())
    game = Game.from_state(
        coop_position(pos.build(), DEFAULT, mode="solo", adversary="The Devourer Below", tokens=2)
    )
    game.end_turn()
    faces = [a for a in game.legal_actions if isinstance(a, FaceOdium)]
    assert faces == [FaceOdium((), k) for k in range(4)]
    game.push(FaceOdium((), 1))
    ids = pool_ids(game)
    assert ids[:3] == ["core-1", "core-2", "core-3"] and ids[-1] == "dark"
    assert all(i.split("-")[0] in ("core", "strength", "wisdom", "dark") for i in ids)  # its own abilities
    game.cast(*([0] * len(ids))).resolve()
    od = odium_of(game.state)
    assert od is not None and od.faced[0].success and od.faced[0].removed == 0
    game.end_turn()
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None and out.result(CoopResult).heroes_win
    assert not [line for line in out.scores[0].lines if line.label.startswith("Defeated Odium")]
