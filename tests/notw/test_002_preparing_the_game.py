"""002 · Preparing the Game (the set-aside list), 002 · Components and 002 · New Story Icon."""

from __future__ import annotations

from collections import Counter

import pytest
from invariants import check_invariants
from rules_kit import challenge, destiny, motivation, origin, position, trait

from calladventure.data._cards import bundled_set
from calladventure.expansions import naming
from calladventure.expansions.naming import MUSIC, NAME_ICONS
from calladventure.game import Game
from calladventure.game._library import context_for, register_set
from calladventure.play.position import card_set
from calladventure.rules._scoring import icon_set_points
from calladventure.values._cards import CardSet, CardType
from calladventure.values._icons import Icon
from calladventure.values._state import Config

NOTW = bundled_set("notw")


def test_002_preparing_the_game_the_list_by_type_and_act() -> None:
    """002 · Preparing the Game: 4 Destinies, 12 Act I, 15 Act II and 21 Act III cards, 9 Adversary Quests."""
    groups = Counter(naming.SetAsideEntry.parse(text).group for text in NOTW.set_aside)
    assert groups == {"Destiny": 4, "Act I": 12, "Act II": 15, "Act III": 21, "Adversary Quest": 9}
    entries = {str(naming.SetAsideEntry.parse(t)) for t in NOTW.set_aside}
    assert {"Act I: Thieves' Guild", "Act II: Trench Warfare", "Destiny: One With Nature"} <= entries


def test_002_preparing_the_game_listed_core_cards_are_set_aside() -> None:
    """002 · Preparing the Game: "set aside the following cards from the core game" — by name."""
    game = Game.new(players=4, seed=1, sets=("core", "notw"))
    guild, nature = game.card("Thieves' Guild").id, game.card("One With Nature").id
    assert game.set_aside.removed == tuple(sorted((guild, nature)))
    assert guild in game.state.removed and nature in game.state.removed
    for p in game.state.players:
        assert nature not in p.dealt
    for row in game.state.row(1), game.state.row(2), game.state.row(3):
        assert guild not in row.deck and guild not in [s.card for s in row.slots if s is not None]
    assert "002/preparing-the-game" in [e.section for e in game.events]
    check_invariants(game.ctx, game.state)


def test_002_preparing_the_game_cards_not_in_the_sets_are_reported_not_an_error() -> None:
    """002 · Preparing the Game (open question 10): listed cards the user's sets lack are reported."""
    game = Game.new(players=2, seed=1, sets=("core", "notw"))
    missing = [str(e) for e in game.set_aside.missing]
    assert len(missing) == 61 - 2
    assert "Act II: Trench Warfare" in missing and "Adversary Quest: Crime Wave" in missing
    assert "Act I: Thieves' Guild" not in missing
    report = [e.text for e in game.events if e.section == "002/preparing-the-game"]
    assert "59 listed card(s) are not in this game's sets (Game.set_aside.missing lists them)" in report


def test_002_preparing_the_game_one_setup_event_counts_a_long_list_of_missing_cards() -> None:
    """002 · Preparing the Game: 59 listed names missing from the sets are counted, not listed in one event."""
    game = Game.new(players=2, seed=1, sets=("core", "notw"))
    report = [e.text for e in game.events if e.section == "002/preparing-the-game"]
    assert max(len(t) for t in report) < 100  # one sentence, not a wall of 59 names
    named = "cards set aside from the other sets: One With Nature, Thieves' Guild"  # a short list is named
    assert named in report


def test_002_preparing_the_game_matches_name_and_group() -> None:
    """002 · Preparing the Game: an entry names a card of one type or Act; the case of letters aside."""
    card_set(
        "mybox",
        [
            trait("Mentor", act=1),
            trait("MENTOR", act=2, id="mentor-two"),
            challenge("The Wolf", 5, ["strength"], act=2),
            destiny("High Arcanist"),
            trait("Armed Robbery", act=2),  # listed under Act I: not this card
        ],
    )
    listed = (
        "Act I: Mentor",
        "Act II: The Wolf",
        "Destiny: High Arcanist",
        "Act I: Armed Robbery",
        "Sidekick",
    )
    register_set(CardSet(id="lister", name="lister", cards=(), set_aside=listed))
    ctx = context_for(Config(players=1, sets=("mybox", "lister")))
    aside = naming.set_aside(ctx)
    assert aside.removed == ("mybox/high-arcanist", "mybox/mentor", "mybox/the-wolf")
    assert [str(e) for e in aside.missing] == ["Act I: Armed Robbery", "Sidekick"]
    assert naming.SetAsideEntry.parse("Sidekick").group == ""


def test_002_preparing_the_game_a_set_alone_sets_nothing_aside() -> None:
    """002 · Preparing the Game sets aside cards "from the core game": with no other set, nothing."""
    ctx = context_for(Config(players=1, sets=("notw",)))
    assert naming.set_aside(ctx) == naming.SetAside()
    assert naming.set_aside(context_for(Config(players=2))) == naming.SetAside()  # core alone: no list


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_002_preparing_the_game_core_and_notw_seat_one_to_four(players: int) -> None:
    """002 · Objective: the expansion plays on the core game for 1-4 heroes; every card in one place."""
    game = Game.new(players=players, seed=players, sets=("core", "notw"))
    check_invariants(game.ctx, game.state)
    quests = [c.id for c in game.ctx.db.values() if c.type is CardType.QUEST and c.set == "notw"]
    assert len(quests) == 5 and set(quests) <= set(game.state.removed)


def test_002_components_the_sets_counts() -> None:
    """002 · Components: 9 Character cards (3 Origin, 1 Motivation, 5 Destiny), 53 Story cards
    (12 / 20 / 21), 8 Hero and 8 Antihero cards, 5 Adversary Quests."""
    kinds = Counter(c.type for c in NOTW.cards)
    assert (kinds[CardType.ORIGIN], kinds[CardType.MOTIVATION], kinds[CardType.DESTINY]) == (3, 1, 5)
    assert (kinds[CardType.HERO], kinds[CardType.ANTIHERO], kinds[CardType.QUEST]) == (8, 8, 5)
    acts = Counter(c.act for c in NOTW.cards if c.type.is_story)
    assert acts == {1: 12, 2: 20, 3: 21}


def test_002_components_too_few_characters_to_play_alone() -> None:
    """000 · Deal the Cards with 002 · Components: one Motivation cannot deal two to each hero."""
    with pytest.raises(ValueError, match="motivation"):
        Game.new(players=1, seed=1, sets=("notw",))
    alone = Game.new(players=1, seed=1, sets=("notw",), first_game=True)  # one of each type
    hero = alone.state.players[0]
    assert alone.state.phase.value == "play" and None not in (hero.origin, hero.motivation, hero.destiny)
    check_invariants(alone.ctx, alone.state)


def test_002_new_story_icon_music_replaces_nature() -> None:
    """002 · New Story Icon: "the Nature story icon is not available. Instead, players may earn the Music icon"."""
    assert NOTW.story_icons == (
        Icon.DIVINITY,
        Icon.JUSTICE,
        MUSIC,
        Icon.ARCANA,
        Icon.ROYALTY,
        Icon.VILLAINY,
    )
    shown = Counter(i for c in NOTW.cards for p in c.paths for i in p.icons)
    assert shown[Icon.NATURE] == 0 and shown[MUSIC] >= 10
    story = [i for i in shown if i.is_story]
    assert set(story) <= set(NOTW.story_icons)


@pytest.mark.parametrize(
    ("count", "doubling", "cap"), [(1, 0, 0), (2, 2, 2), (3, 4, 4), (4, 8, 8), (5, 16, 8)]
)
def test_002_new_story_icon_music_sets_score_the_same_way(count: int, doubling: int, cap: int) -> None:
    """002 · New Story Icon: two Music = 2, three = 4, four "+" = 8; past four, the ``icon_sets`` option."""
    cards = [
        origin("Busker", "music"),
        motivation("Song"),
        destiny("Fate"),
        *(trait(f"Tune {i}", "music", act=1 + i // 3) for i in range(4)),
        challenge("Anything", 3, ["wisdom"]),
    ]
    story = [[f"Tune {i}" for i in range(min(count - 1, 3))], [f"Tune {i}" for i in range(3, count - 1)]]
    for mode, points in (("doubling", doubling), ("cap_at_four", cap)):
        game = (
            position(cards, players=1)
            .hero(0, origin="Busker", motivation="Song", destiny="Fate", story=story)
            .options(icon_sets=mode)
            .game()
        )
        line = next(ln for ln in game.score()[0].lines if ln.label.startswith("Story icon sets"))
        # 002: "= 2 Destiny": neither Triumph nor Tragedy (changed on purpose: they used to count as Triumph)
        assert line.triumph == 0 and line.other == points == icon_set_points(
            count, game.config.rules.icon_sets
        )


def test_002_components_name_icons_on_every_act() -> None:
    """002 · Naming: Wind, Fire and Iron icons appear on paths in each Act, so every Name can be earned."""
    for act in (1, 2, 3):
        shown = {i for c in NOTW.cards if c.act == act for p in c.paths for i in p.icons}
        assert set(NAME_ICONS) <= shown, act
