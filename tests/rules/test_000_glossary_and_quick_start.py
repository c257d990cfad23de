"""000 · Glossary (Act, Antihero Card, Attempt, Challenge, Character cards, Hero, Hero Card, Path, Special Rune,
Story, Story Icons) and 000 · Quick Start Guide: the concrete claims of each entry, checked on the engine."""

from __future__ import annotations

from collections import Counter

import pytest
from rules_kit import (
    adversary,
    ally,
    antihero_card,
    assert_illegal,
    challenge,
    destiny,
    filler_names,
    fillers,
    hero_card,
    make_set,
    motivation,
    origin,
    path,
    pool_ids,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position, PositionError
from calladventure.rules._story import icon_counts
from calladventure.values._actions import AttemptChallenge, CastRunes, Journey, PlayCard
from calladventure.values._cards import Card, CardType, Side
from calladventure.values._effects import GainXP, Target
from calladventure.values._icons import ABILITIES, STORY_ICONS, Icon
from calladventure.values._runes import RuneKind
from calladventure.values._state import AwaitCast, ChooseCharacter, HeldAlly, Phase

ACT1 = filler_names(1)
ACT2 = filler_names(2)


def _cards() -> list[Card]:
    return [
        origin("Novice"),
        origin("Brute", "strength"),
        origin("Scholar", "intelligence", "wisdom"),
        motivation("Drive"),
        motivation("Faith", "divinity"),
        motivation("Duty"),
        destiny("Hidden Fate", "justice"),
        destiny("Knight Radiant", "radiant"),
        destiny("Third Fate"),
        trait("Plain"),
        trait("Strong", "strength"),
        trait("Mighty", "strength", "strength"),
        trait("Honest", "justice"),
        trait("Blessed", "hero"),
        trait("Cursed", "antihero"),
        challenge("Climb", 3, ["strength", "dexterity"]),
        challenge("Riddle", 3, ["intelligence", "wisdom"]),
        challenge(
            "Duel",
            2,
            ["strength"],
            top=path("justice", label="Spare him"),
            bottom=path("villainy", "strength", label="Finish him"),
        ),
        challenge("Storm", 1, ["strength"], top=path("radiant", label="Swear the Ideal"), bottom=path()),
        challenge("Ford", 0, ["constitution"]),
        adversary("Warlord", 2, ["strength"], path("villainy", label="Defeat him"), act=1),
        ally("Squire", "royalty"),
        *fillers(1, 4),
        *fillers(2, 4),
        *fillers(3, 4),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Gift", "main", GainXP(1), target=Target.ANY_HERO),
        antihero_card("Spite", "main", GainXP(1)),
    ]


def _pos(
    row: list[object] | None = None, *, players: int = 2, runes: str | None = None, **hero: object
) -> Position:
    hero.setdefault("origin", "Novice")
    hero.setdefault("motivation", "Drive")
    return (
        position(_cards(), players=players, runes=runes)
        .hero(0, **hero)  # type: ignore[arg-type]
        .row(1, row or ["Plain", "Climb", "Duel", "Blessed"])  # type: ignore[arg-type]
        .hero_deck(top=["Hope"])
        .antihero_deck(top=["Spite"])
    )


def _names(game: Game, ids: tuple[str, ...] | list[str]) -> list[str]:
    return [game.ctx.db[c].name for c in ids]


def _story(game: Game, seat: int = 0) -> list[list[str]]:
    return [[game.ctx.db[t.card].name for t in under] for under in game.state.players[seat].story]


def _plays(game: Game) -> set[tuple[str, int]]:
    return {(game.ctx.db[a.card].name, a.target) for a in game.legal_actions if isinstance(a, PlayCard)}


def _box(seats: int) -> str:
    """Two Characters of each type and a Hero card per seat, and six cards per Act (for Game.new)."""
    cards: list[Card] = []
    for i in range(2 * seats):
        cards += [origin(f"Origin {i}"), motivation(f"Motivation {i}"), destiny(f"Destiny {i}")]
    cards += [hero_card(f"Hero {i}", "main", GainXP(1)) for i in range(seats + 1)]
    for act in (1, 2, 3):
        cards += fillers(act, 6)
    return make_set(cards).id


def _set_up(players: int, seed: int = 1) -> Game:
    game = Game.new(players=players, seed=seed, sets=(_box(players),))
    while game.state.phase is Phase.SETUP:
        assert isinstance(game.state.pending[-1], ChooseCharacter)
        game.push(game.legal_actions[0])
    return game


# ============================================================================ Glossary


@pytest.mark.parametrize(("players", "width"), [(1, 4), (2, 4), (3, 4), (4, 5)])
def test_000_glossary_act_three_acts_four_act_i_cards_five_for_four_players(players: int, width: int) -> None:
    """000 · Glossary: Act: the game has three Acts; at the start four Act I cards are revealed (five in a
    four-player game)."""
    game = _set_up(players)
    assert [r.act for r in game.state.rows] == [1, 2, 3]
    assert [r.revealed for r in game.state.rows] == [True, False, False]
    assert len([s for s in game.state.row(1).slots if s is not None]) == width
    assert {game.ctx.db[s.card].act for s in game.state.row(1).slots if s is not None} == {1}


def test_000_glossary_act_radiant_destiny_revealed_as_act_iii_begins() -> None:
    """000 · Glossary: Act: "If you have a Radiant Destiny, you may reveal it when you begin Act III"."""
    game = (
        _pos(["Plain"], destiny="Knight Radiant", story=[ACT1, ["Filler 2-0", "Filler 2-1"]])
        .reveal(2)
        .row(2, ["Filler 2-2"])
        .game()
    )
    assert not game.state.players[0].destiny_revealed
    game.gain("Filler 2-2")
    assert game.state.players[0].act == 3 and game.state.players[0].destiny_revealed
    assert "000/special-rules" in sections(game.last_events)


def test_000_glossary_antihero_card_dark_triangle_on_a_card_or_a_rune_draws_one() -> None:
    """000 · Glossary: Antihero Card: gaining a card with a dark triangle, or casting a dark triangle, draws an
    Antihero card."""
    game = _pos(["Cursed", "Plain"]).game().gain("Cursed")
    assert _names(game, game.state.players[0].hand) == ["Spite"]
    game = _pos(["Climb"], runes="stormlight").game().attempt("Climb")
    assert pool_ids(game) == ["core-white", "core-dark", "core-diamond"]
    game.cast("slash", "dark-triangle", "slash")
    assert _names(game, game.state.players[0].hand) == ["Spite"]
    assert "000/hero-and-antihero-cards" in sections(game.last_events)


def test_000_glossary_hero_card_white_triangle_on_a_card_or_a_rune_draws_one() -> None:
    """000 · Glossary: Hero Card: gaining a card with a white triangle, or casting a white triangle, draws a Hero
    card."""
    game = _pos().game().gain("Blessed")
    assert _names(game, game.state.players[0].hand) == ["Hope"]
    game = _pos(["Climb"], runes="stormlight").game().attempt("Climb")
    game.cast("white-triangle", "slash", "slash")
    assert _names(game, game.state.players[0].hand) == ["Hope"]


@pytest.mark.parametrize("level", range(7))
def test_000_glossary_hero_card_and_antihero_card_only_where_the_track_shows_their_symbol(level: int) -> None:
    """000 · Glossary: Hero Card / Antihero Card: a Hero card is played only where the track shows the Hero
    symbol or the dual symbol; an Antihero card only where it shows the Antihero symbol or the dual one."""
    game = _pos(hand=["Hope", "Spite"], level=level).hero_deck(top=[]).antihero_deck(top=[]).game()
    shown = game.ctx.track.at(level)
    assert (("Hope", 0) in _plays(game)) is shown.hero
    assert (("Spite", 0) in _plays(game)) is shown.antihero


def test_000_glossary_attempt_announce_the_path_then_cast_the_relevant_runes() -> None:
    """000 · Glossary: Attempt: announce the path you take, then cast the relevant runes to see if you
    succeed."""
    game = _pos(origin="Scholar", story=[["Strong"]]).game().attempt("Duel", "bottom")
    att = game.state.attempt
    assert att is not None and att.side is Side.BOTTOM and att.cast == ()  # declared, not yet cast
    assert isinstance(game.state.pending[-1], AwaitCast)
    assert list(game.legal_actions) == [CastRunes()]  # the path cannot change now
    assert pool_ids(game) == ["core-1", "core-2", "core-3", "strength-1"]  # not Scholar's Wisdom
    game.cast("slash", "blank", "slash", "slash")
    assert game.state.players[0].story[0][-1].side is Side.BOTTOM


def test_000_glossary_challenge_overcome_adds_it_to_the_story() -> None:
    """000 · Glossary: Challenge: overcoming challenges is the main way to advance; a success adds the card to
    your Story, a failure does not."""
    won = _pos().game().attempt("Climb", faces=["slash", "slash", "slash"])
    assert _story(won)[0] == ["Climb"]
    lost = _pos().game().attempt("Climb", faces=["slash", "blank", "slash"])
    assert _story(lost)[0] == [] and "Climb" in _names(lost, lost.state.row(1).discard)


def test_000_glossary_character_cards_origin_motivation_destiny() -> None:
    """000 · Glossary: Character cards: there are three types, Origin, Motivation and Destiny."""
    assert {t for t in CardType if t.is_character} == {CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY}
    game = _set_up(3)
    db = game.ctx.db
    for p in game.state.players:
        assert [db[c].type for c in p.characters] == [CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY]
    with pytest.raises(PositionError, match="not origin"):
        _pos(origin="Plain").build()


def test_000_glossary_hero_any_hero_includes_your_own() -> None:
    """000 · Glossary: Hero: cards that refer to "any hero" mean any character, your own included."""
    game = _pos(hand=["Gift", "Hope"], players=3).hero_deck(top=[]).game()
    assert {t for n, t in _plays(game) if n == "Gift"} == {0, 1, 2}
    assert {t for n, t in _plays(game) if n == "Hope"} == {0}  # a card for "you" only
    game.play("Gift", target=0)
    assert game.state.players[0].xp == 4


def test_000_glossary_path_two_on_a_challenge_one_on_traits_and_adversaries() -> None:
    """000 · Glossary: Path: a challenge has a top and a bottom path, traits and Adversaries only one; a success
    places the card with the declared path showing."""
    game = _pos(["Plain", "Duel", "Warlord", "Honest"]).game()
    db = game.ctx.db
    assert game.card("Duel").sides == (Side.TOP, Side.BOTTOM)
    assert game.card("Plain").sides == game.card("Warlord").sides == (Side.TOP,)
    attempts = {(db[a.card].name, a.side) for a in game.legal_actions if isinstance(a, AttemptChallenge)}
    assert attempts == {("Duel", Side.TOP), ("Duel", Side.BOTTOM), ("Warlord", Side.TOP)}
    assert_illegal(game, lambda g: g.attempt("Warlord", "bottom"), "has no bottom path")
    game.attempt("Duel", "bottom", faces=["slash", "blank", "slash"])
    p = game.state.players[0]
    assert p.story[0][0].side is Side.BOTTOM
    icons = icon_counts(game.ctx, p)
    assert icons[Icon.VILLAINY] == 1 and icons[Icon.JUSTICE] == 0  # only the path that shows


def test_000_glossary_path_allies_are_not_paths() -> None:
    """000 · Glossary: Path: Allies are not tucked under Character cards and do not count as paths."""
    game = _pos([("Climb", "Squire"), "Plain"], origin="Brute", story=[["Filler 1-0"]]).game()
    game.attempt("Climb", faces=["slash", "slash", "slash", "slash"])  # difficulty 3 + 1 for the Ally
    p = game.state.players[0]
    assert _story(game)[0] == ["Filler 1-0", "Climb"]  # two paths under the Origin, not three
    assert p.allies == (HeldAlly(game.card("Squire").id),)
    assert p.act == 1


def test_000_glossary_special_rune_only_with_three_icons() -> None:
    """000 · Glossary: Special Rune: each ability's third rune, marked with three dots, is cast once you have your
    third icon in that ability, and not before."""
    for runes in ("core", "stormlight"):
        rs = _pos(runes=runes).context().runes
        for ability in ABILITIES:
            kinds = [r.kind for r in rs.ability[ability]]
            assert kinds == [RuneKind.ABILITY, RuneKind.ABILITY, RuneKind.SPECIAL], (runes, ability)
    two = _pos(["Climb"], origin="Brute", story=[["Strong"]]).game().attempt("Climb")
    assert pool_ids(two)[3:] == ["strength-1", "strength-2"]
    three = _pos(["Climb"], origin="Brute", story=[["Mighty"]]).game()
    # Without Dark runes Climb is attempted one way per path: no choice to leave the special rune out.
    climb = three.card("Climb").id
    plain = [
        a for a in three.legal_actions if isinstance(a, AttemptChallenge) and a.card == climb and not a.dark
    ]
    assert [a.side for a in plain] == [Side.TOP, Side.BOTTOM]
    three.attempt("Climb")
    assert pool_ids(three)[3:] == ["strength-1", "strength-2", "strength-special"]


def test_000_glossary_story_character_cards_visible_paths_and_allies() -> None:
    """000 · Glossary: Story: the Origin, the Motivation, the Destiny once revealed, the visible paths of gained
    Story cards and the gained Allies; not the Corruption track, nor Hero or Antihero cards."""
    pos = _pos(
        ["Plain"],
        motivation="Faith",
        destiny="Hidden Fate",
        story=[["Strong", ("Duel", "bottom")]],
        allies=["Squire"],
        hand=["Gift"],
        played=["Spite"],
        corruption=2,
    ).antihero_deck(top=[])
    game = pos.game()
    icons = icon_counts(game.ctx, game.state.players[0])
    expected = Counter({Icon.DIVINITY: 1, Icon.STRENGTH: 2, Icon.VILLAINY: 1, Icon.ROYALTY: 1})
    assert icons == expected  # no Justice: the Destiny is face down and Duel shows its bottom path
    revealed = pos.hero(0, destiny_revealed=True).game()
    assert icon_counts(revealed.ctx, revealed.state.players[0]) == expected + Counter({Icon.JUSTICE: 1})
    sacrificed = pos.hero(0, allies=[("Squire", True)]).game()
    assert icon_counts(sacrificed.ctx, sacrificed.state.players[0])[Icon.ROYALTY] == 0


def test_000_glossary_story_icons_sets_score_destiny_points() -> None:
    """000 · Glossary: Story Icons: sets of story icons are worth Destiny points at the end of the game; ability
    icons are not story icons."""
    assert not set(STORY_ICONS) & set(ABILITIES)

    def sets(game: Game) -> int:
        return next(
            x.other for x in game.score()[0].lines if x.section == "000/story-icons"
        )  # Destiny points neither Triumph nor Tragedy (000 · Rules Overview): changed on purpose

    plain = "Third Fate"
    assert sets(_pos(["Plain"], destiny=plain, story=[["Honest"]]).game()) == 0  # one icon: no set
    assert sets(_pos(["Plain"], destiny=plain, story=[["Honest", ("Duel", "top")]]).game()) == 2  # a pair
    assert sets(_pos(["Plain"], destiny=plain, origin="Brute", story=[["Mighty"]]).game()) == 0  # an ability
    # The hidden Destiny's Justice icon counts at the end of the game: with Honest it makes a pair.
    assert sets(_pos(["Plain"], destiny="Hidden Fate", story=[["Honest"]]).game()) == 2


# ============================================================================ Quick Start Guide


def test_000_quick_start_guide_set_up() -> None:
    """000 · Quick Start Guide: deal each player 2 Origin, 2 Motivation and 2 Destiny cards, 1 Hero card and
    three Experience; reveal the chosen Origin and Motivation, the Destiny hidden; prepare the Story decks."""
    game = Game.new(players=3, seed=6, sets=(_box(3),))
    db = game.ctx.db
    for p in game.state.players:
        assert Counter(db[c].type for c in p.dealt) == {
            CardType.ORIGIN: 2,
            CardType.MOTIVATION: 2,
            CardType.DESTINY: 2,
        }
        assert [db[c].type for c in p.hand] == [CardType.HERO] and p.xp == 3
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_actions[0])
    for p in game.state.players:
        assert p.origin and p.motivation and p.destiny and not p.destiny_revealed
    assert [r.revealed for r in game.state.rows] == [True, False, False]
    assert all(r.deck for r in game.state.rows)


def test_000_quick_start_guide_play_proceeds_clockwise() -> None:
    """000 · Quick Start Guide: the first player begins and play proceeds clockwise around the table."""
    game = _set_up(4)
    order = []
    for _ in range(6):
        order.append(game.to_move)
        game.end_turn()
    assert order == [0, 1, 2, 3, 0, 1]


def test_000_quick_start_guide_a_trait_or_a_challenge_dark_runes_except_on_a_radiant_path() -> None:
    """000 · Quick Start Guide: every turn gain a trait OR attempt a challenge; a Dark rune for each Experience
    paid, except when facing a Radiant path."""
    game = _pos(["Plain", "Storm", "Climb"], xp=3).game()
    darks = {
        (game.ctx.db[a.card].name, a.side, a.dark)
        for a in game.legal_actions
        if isinstance(a, AttemptChallenge)
    }
    assert {d for n, s, d in darks if n == "Storm" and s is Side.TOP} == {0}  # the Radiant path
    assert {d for n, s, d in darks if n == "Storm" and s is Side.BOTTOM} == {0, 1, 2, 3}
    assert_illegal(game, lambda g: g.attempt("Storm", "top", dark_runes=1), "radiant path")
    game.attempt("Climb", dark_runes=2)
    assert game.state.players[0].xp == 1 and pool_ids(game)[-2:] == ["dark", "dark"]
    game.cast("slash", "slash", "slash", "slash", "slash")
    assert_illegal(game, lambda g: g.gain("Plain"), "at most one trait or challenge")


def test_000_quick_start_guide_journey_pays_to_replace_a_table_card() -> None:
    """000 · Quick Start Guide: "Journey: Pay to discard and replace one Story card on the table"."""
    game = _pos(["Plain", "Climb"], xp=1).deck(1, ["Filler 1-3"]).game()
    assert Journey(game.card("Climb").id) in game.legal_actions
    game.journey("Climb")
    assert game.state.players[0].xp == 0
    assert _names(game, game.state.row(1).discard) == ["Climb"]
    slot = game.state.row(1).slots[1]
    assert slot is not None and game.ctx.db[slot.card].name == "Filler 1-3"


def test_000_quick_start_guide_casting_the_runes_six_abilities() -> None:
    """000 · Quick Start Guide: a rune icon in your Story lets you cast that kind of rune on challenges of that
    type; the six abilities are Strength, Dexterity, Constitution, Intelligence, Wisdom and Charisma."""
    names = ["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"]
    assert [a.value for a in ABILITIES] == names
    assert set(_pos().context().runes.ability) == set(ABILITIES)
    riddle = _pos(["Riddle"], origin="Scholar").game().attempt("Riddle")
    assert pool_ids(riddle)[3:] == ["intelligence-1", "wisdom-1"]
    climb = _pos(["Climb"], origin="Scholar").game().attempt("Climb")
    assert pool_ids(climb) == ["core-1", "core-2", "core-3"]


def test_000_quick_start_guide_ending_an_act_and_the_game() -> None:
    """000 · Quick Start Guide: three Story cards under a Character card end that Act, and the first to end it
    reveals the next row at the start of their next turn; when any player has three cards under their Destiny,
    each other player takes one final turn."""
    game = _pos(["Plain"], story=[["Filler 1-0", "Filler 1-1"]]).row(2, ["Filler 2-0"]).game().gain("Plain")
    assert game.state.players[0].act == 2 and not game.state.row(2).revealed
    game.end_turn().end_turn()
    assert game.state.row(2).revealed
    closing = (
        position(_cards(), players=3)
        .hero(2, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]])
        .reveal(2, 3)
        .row(3, ["Filler 3-2"])
        .turn(2)
        .game()
    )
    closing.gain("Filler 3-2")
    assert closing.state.final_turns == (0, 1)
    closing.end_turn().end_turn()
    assert not closing.over and closing.to_move == 1
    closing.end_turn()
    assert closing.over
    out = closing.outcome()
    assert out is not None and all(
        out.scores[w].total == max(s.total for s in out.scores) for w in out.winners
    )
