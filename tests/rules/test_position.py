"""The Position builder: exact positions, every card in one place, and clear errors for bad input."""

from __future__ import annotations

import pytest
from invariants import check_invariants
from rules_kit import (
    ally,
    antihero_card,
    assert_one_place,
    challenge,
    destiny,
    fillers,
    hero_card,
    make_set,
    motivation,
    origin,
    path,
    position,
    trait,
)

from calladventure.expansions.naming import IRON, WIND, names_of
from calladventure.game import Game
from calladventure.play.position import Position, PositionError, card_locations
from calladventure.values._cards import CardType, Side
from calladventure.values._effects import GainXP
from calladventure.values._errors import CallAdventureError, UnknownCardError
from calladventure.values._state import HeldAlly, Phase, Slot, Tucked


def _cards() -> list:
    return [
        origin("Warrior", "strength"),
        origin("Farmhand", "constitution"),
        motivation("Vengeance"),
        motivation("Duty", start_virtue=1),
        destiny("Warlord"),
        destiny("Sage"),
        trait("Officer", "strength"),
        trait("Lighteyes", "charisma"),
        trait("Scout", "dexterity"),
        challenge("Face a Shardbearer", 4, ["strength", "dexterity"], bottom=path(plus_one=True)),
        challenge("On the Run", 2, ["dexterity"]),
        challenge("Duel", 3, ["strength"]),
        ally("Betrothed", "charisma"),
        trait("Court Life", act=2),
        challenge("Battle", 4, ["strength"], act=2),
        trait("Legend", act=3),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Second Wind", "main", GainXP(2)),
        antihero_card("Sneer", "main", GainXP(1)),
        *fillers(1, 4),
        *fillers(2, 4),
        *fillers(3, 4),
    ]


def test_position_builds_the_exact_position_given() -> None:
    pos = (
        position(_cards(), players=2, seed=3)
        .hero(
            0,
            origin="Warrior",
            motivation="Vengeance",
            destiny="Warlord",
            destiny_revealed=True,
            story=[["Officer", ("Face a Shardbearer", "bottom")], [], []],
            allies=[("Betrothed", True)],
            hand=["Rally"],
            played=["Sneer"],
            xp=5,
            virtue=-2,
        )
        .row(1, ["Lighteyes", ("On the Run", "Filler 1-0"), None, "Duel"])
        .deck(1, ["Scout"])
        .hero_deck(top=["Second Wind"])
        .turn(1, number=7)
    )
    # The Ally is an Act 1 card: put it under the challenge of the same Act.
    with pytest.raises(PositionError, match="is a trait card, not ally"):
        pos.build()
    pos = pos.row(1, ["Lighteyes", "On the Run", None, "Duel"])
    state = pos.build()
    game = Game.from_state(state)
    p0 = state.players[0]
    db = game.ctx.db
    assert state.phase is Phase.PLAY
    assert (
        db[p0.origin or ""].name == "Warrior"
        and db[p0.destiny or ""].name == "Warlord"
        and p0.destiny_revealed
    )
    assert [db[t.card].name for t in p0.story[0]] == ["Officer", "Face a Shardbearer"]
    assert p0.story[0][1] == Tucked(game.card("Face a Shardbearer").id, Side.BOTTOM)
    assert p0.allies == (HeldAlly(game.card("Betrothed").id, True),)
    assert [db[c].name for c in p0.hand] == ["Rally"] and [db[c].name for c in p0.played] == ["Sneer"]
    assert p0.xp == 5 and p0.level == game.ctx.track.start + 2
    row = state.row(1)
    assert row.slots[2] is None and db[row.slots[0].card].name == "Lighteyes"  # type: ignore[union-attr]
    assert db[row.deck[0]].name == "Scout"
    assert db[state.hero_deck[0]].name == "Second Wind"
    assert state.turn.seat == 1 and state.turn.number == 7
    assert game.to_move == 1
    assert_one_place(game)


def test_position_puts_every_unplaced_card_in_its_deck() -> None:
    state = position(_cards(), players=2).hero(0, origin="Warrior").build()
    game = Game.from_state(state)
    db = game.ctx.db
    places = card_locations(state)
    assert all(len(where) == 1 for where in places.values())
    assert set(places) == set(db)
    for row in state.rows:
        for cid in row.deck:
            assert db[cid].act == row.act
    assert all(db[c].type is CardType.HERO for c in state.hero_deck)
    assert all(db[c].type is CardType.ANTIHERO for c in state.antihero_deck)
    # Unspecified Character cards are dealt from the rest; the others are out of the game.
    for p in state.players:
        assert None not in (p.origin, p.motivation, p.destiny)
    assert {db[c].type for c in state.removed} <= {CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY}
    check_invariants(game.ctx, state)


def test_position_default_track_level_follows_the_motivation() -> None:
    """000 · Reveal Your Character: the third level unless the Motivation says otherwise."""
    state = position(_cards()).hero(0, motivation="Duty").hero(1, motivation="Vengeance").build()
    start = Game.from_state(state).ctx.track.start
    assert state.players[0].level == start - 1
    assert state.players[1].level == start


def test_position_track_as_virtue_corruption_or_level() -> None:
    pos = position(_cards())
    start = pos.context().track.start
    assert pos.hero(0, virtue=1).build().players[0].level == start - 1
    assert pos.hero(0, corruption=3).build().players[0].level == start + 3
    assert pos.hero(0, level=0).build().players[0].level == 0
    with pytest.raises(PositionError, match="one of virtue, corruption or level"):
        pos.hero(0, virtue=1, level=2)
    with pytest.raises(PositionError, match="off the track"):
        pos.hero(0, corruption=9).build()


def test_position_rows_are_five_wide_with_four_players() -> None:
    """000 · Prepare the Story Decks: five cards per Act with four players."""
    cards = [*_cards(), *fillers(1, 6, "More"), *fillers(2, 6, "More"), *fillers(3, 6, "More")]
    cards += [origin(f"O{i}") for i in range(4)] + [motivation(f"M{i}") for i in range(4)]
    state = position(cards, players=4).build()
    assert [len(r.slots) for r in state.rows] == [5, 5, 5]
    with pytest.raises(PositionError, match="5 slots"):
        position(cards, players=4).row(1, ["Officer"] * 6).build()


def test_position_game_plays_from_the_position() -> None:
    game = position(_cards()).hero(0, origin="Warrior", xp=3).row(1, ["Officer", "On the Run"]).game()
    game.gain("Officer")
    assert game.state.players[0].story[0][0].card == game.card("Officer").id
    game.end_turn()
    assert game.to_move == 1
    assert_one_place(game)


def test_position_inline_set_registered_and_core_cards_by_name() -> None:
    extra = make_set(trait("Exactly Three", "strength", triumph=3))
    state = Position(players=2, seed=1, sets=("core", extra)).row(1, ["Exactly Three"]).build()
    game = Game.from_state(state)
    assert game.ctx.db[state.row(1).slots[0].card].name == "Exactly Three"  # type: ignore[union-attr]
    assert len(game.ctx.db) > 100  # the core set is there too
    assert_one_place(game)


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda p: p.hero(0, origin="Nobody"), "no card named"),
        (lambda p: p.hero(0, origin="Warior"), "did you mean 'Warrior'"),
        (lambda p: p.hero(0, origin="Warrior").hero(1, origin="Warrior"), "placed twice"),
        (lambda p: p.hero(0, story=[["Officer"]]).row(1, ["Officer"]), "placed twice"),
        (lambda p: p.hero(0, story=[["Officer", "Lighteyes", "Scout", "Duel"]]), "at most three"),
        (lambda p: p.hero(0, story=[["Officer"], ["Court Life"]]), "only once three are under the origin"),
        (lambda p: p.hero(0, story=[["Officer", "Lighteyes", "Scout"], ["Duel"]]), "never goes back"),
        (lambda p: p.hero(0, origin="Vengeance"), "is a motivation card, not origin"),
        (lambda p: p.hero(0, story=[[("Officer", "bottom")]]), "has no bottom path"),
        (lambda p: p.hero(0, story=[[("Officer", "sideways")]]), "'top' or 'bottom'"),
        (lambda p: p.hero(0, allies=["Officer"]), "not ally"),
        (lambda p: p.hero(0, hand=["Officer"]), "not hero or antihero"),
        (lambda p: p.hero(0, xp=-1), "cannot be negative"),
        (lambda p: p.row(1, [("Officer", "Betrothed")]), "only a challenge holds an ally"),
        (lambda p: p.row(1, ["Betrothed"]), "not left alone in a face-up row"),
        (lambda p: p.row(1, ["Court Life"]), "belongs to the act 2 deck"),
        (lambda p: p.row(2, revealed=True), "only once a hero has completed act 1"),
        (lambda p: p.row(1, revealed=False), "act 1 row is face up"),
        (lambda p: p.deck(2, ["Officer"]), "belongs to the act 1 deck"),
        (lambda p: p.hero_deck(top=["Sneer"]), "not hero"),
        (lambda p: p.turn(2), "seat 2 does not exist"),
        (lambda p: p.hero(5), "seat 5 does not exist"),
        (lambda p: p.row(4), "acts 1, 2 and 3"),
        (lambda p: p.options(icon_sets="never"), "cannot be 'never'"),
    ],
)
def test_position_rejects_bad_input_with_a_clear_error(build, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CallAdventureError) as info:
        build(position(_cards())).build()
    assert words.casefold() in str(info.value).casefold()


def test_position_unknown_card_is_an_unknown_card_error() -> None:
    with pytest.raises(UnknownCardError):
        position(_cards()).hero(0, hand=["Excalibur"]).build()


def test_position_copies_of_a_card_by_name_are_placed_once_each() -> None:
    twins = [trait("Twin", id="twin"), trait("Twin", id="twin#2")]
    state = position(twins, fillers(1, 3)).row(1, ["Twin", "Twin"]).build()
    assert {state.row(1).slots[0], state.row(1).slots[1]} == {
        Slot(state.config.sets[0] + "/twin"),
        Slot(state.config.sets[0] + "/twin#2"),
    }
    with pytest.raises(PositionError, match="placed twice"):
        position(twins).row(1, ["Twin", "Twin", "Twin"]).build()


def test_position_ending_needs_the_final_turns_when_another_seat_closed() -> None:
    """000 · Ending the Game: a hero with three cards under the Destiny leaves one final turn to the others."""
    story = [
        [f"Filler 1-{i}" for i in range(3)],
        ["Court Life", "Battle", "Filler 2-0"],
        ["Legend", "Filler 3-0", "Filler 3-1"],
    ]
    pos = position(_cards(), players=3).hero(1, story=story)
    with pytest.raises(PositionError, match="final turn"):
        pos.turn(0).build()
    state = pos.turn(1).build()
    assert state.closed_by == 1 and state.final_turns == (2, 0)
    state = pos.turn(2).ending(1, [0]).build()
    assert state.final_turns == (0,)


def test_position_is_a_frozen_value() -> None:
    base = position(_cards())
    changed = base.hero(0, xp=9)
    assert base.hero_spec(0).xp == 3 and changed.hero_spec(0).xp == 9
    assert base.build() == base.build()


def test_position_game_saves_and_loads_from_its_start() -> None:
    game = position(_cards()).hero(0, origin="Warrior").row(1, ["Officer", "On the Run"]).game()
    game.gain("Officer").end_turn()
    again = Game.loads(game.save())
    assert again.state == game.state
    assert again.state_at(0) == game.state_at(0)


def test_002_naming_position_with_learned_names() -> None:
    """A position can say which Names a hero has learned (002 · Naming); a Name is learned once."""
    import pytest

    from calladventure import Position, PositionError

    state = Position(players=2, seed=4, sets=("core", "notw")).hero(0, names=["wind", "iron"]).build()
    assert names_of(state.players[0]) == (WIND, IRON)
    assert names_of(state.players[1]) == ()
    with pytest.raises(PositionError, match="learned once"):
        Position(players=2, seed=4, sets=("core", "notw")).hero(0, names=["wind", "wind"])
    with pytest.raises(PositionError, match="learned once"):
        Position(players=2, seed=4, sets=("core", "notw")).hero(0, names=["water"])
