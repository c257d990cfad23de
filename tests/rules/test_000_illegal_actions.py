"""Illegal actions: each raises IllegalActionError saying why (citing the rule), and the game is unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rules_kit import (
    adversary,
    antihero_card,
    assert_illegal,
    challenge,
    destiny,
    fillers,
    hero_card,
    make_set,
    motivation,
    origin,
    position,
    power,
    trait,
)

from calladventure.game import Game
from calladventure.values._actions import (
    AttemptChallenge,
    CastRunes,
    ChooseDeck,
    EndTurn,
    GainTrait,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from calladventure.values._cards import Side
from calladventure.values._effects import Difficulty, GainXP, Target
from calladventure.values._runes import Draw

Act = Callable[[Game], object]


def _cards() -> list:
    return [
        origin("Novice", powers=[power("activated", GainXP(1), cost_xp=2)]),
        origin("Other"),
        destiny("Fate"),
        destiny("Doom"),
        motivation("Drive"),
        motivation("Duty"),
        trait("Brave"),
        trait("Bold"),
        challenge("Ford", 2, ["strength"]),
        challenge("Wall", 9, ["strength"]),
        *fillers(1, 3),
        trait("Court Life", act=2),
        *fillers(2, 3),
        adversary("Tyrant", 8, ["strength"]),
        *fillers(3, 3),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Windfall", "before_attempt", GainXP(1)),
        antihero_card("Trip", "before_attempt", Difficulty(1), target=Target.ATTEMPTING_HERO),
    ]


def _game(**hero: object) -> Game:
    hero.setdefault("origin", "Novice")
    return (
        position(_cards())
        .hero(0, **hero)  # type: ignore[arg-type]
        .hero(1, origin="Other", hand=["Trip"])
        .row(1, ["Brave", "Ford", "Wall", "Bold"])
        .row(2, ["Court Life"])
        .game()
    )


def _quiet(**hero: object) -> Game:
    """No one holds a card: an attempt goes straight to the cast."""
    hero.setdefault("origin", "Novice")
    return position(_cards()).hero(0, **hero).row(1, ["Brave", "Ford", "Wall", "Bold"]).game()  # type: ignore[arg-type]


def _id(game: Game, name: str) -> str:
    return game.card(name).id


def _failed(game: Game) -> Game:
    return game.attempt("Wall", faces=["blank", "blank", "slash"])


def _in_window(game: Game) -> Game:
    return game.attempt("Ford")  # P2 holds Trip: the "before" window waits for P2


EACH_TURN: list[tuple[str, Callable[[], Game], Act, tuple[str, ...]]] = [
    (
        "gain-a-challenge",
        _game,
        lambda g: g.push(GainTrait(_id(g, "Ford"))),
        ("is a challenge, not a trait",),
    ),
    ("attempt-a-trait", _game, lambda g: g.push(AttemptChallenge(_id(g, "Brave"))), ("only challenges",)),
    (
        "face-down-row",
        _game,
        lambda g: g.push(GainTrait(_id(g, "Court Life"))),
        ("act 2 row has not been revealed",),
    ),
    (
        "second-main-action",
        lambda: _game().gain("Brave"),
        lambda g: g.gain("Bold"),
        ("at most one trait or challenge",),
    ),
    ("second-attempt", lambda: _failed(_game()), lambda g: g.attempt("Ford"), ("one attempt per turn",)),
    (
        "journey-twice",
        lambda: _game().journey("Brave"),
        lambda g: g.journey("Bold"),
        ("at most once a turn",),
    ),
    ("journey-late", lambda: _game().gain("Brave"), lambda g: g.journey("Bold"), ("journey comes before",)),
    ("journey-no-xp", lambda: _game(xp=0), lambda g: g.journey("Brave"), ("costs one experience",)),
    ("free-discard", _game, lambda g: g.discard("Brave"), ("no valid option",)),
    (
        "power-cost",
        lambda: _game(xp=1),
        lambda g: g.push(UsePower(_id(g, "Novice"))),
        ("cannot be used now",),
    ),
    (
        "end-in-window",
        lambda: _in_window(_game()),
        lambda g: g.push(EndTurn()),
        ("waiting for", "timing window"),
    ),
    ("pass-outside-window", _game, lambda g: g.push(Pass()), ("nothing is waiting",)),
    ("ally-not-waiting", _game, lambda g: g.push(PlaceAllyUnder(1)), ("nothing is waiting",)),
    ("draw-not-waiting", _game, lambda g: g.push(ChooseDeck(Draw.HERO)), ("nothing is waiting",)),
    ("text-unknown", _game, lambda g: g.push("fly away"), ("not a known action",)),
]


@pytest.mark.parametrize(("setup", "act", "words"), [c[1:] for c in EACH_TURN], ids=[c[0] for c in EACH_TURN])
def test_000_each_turn_illegal_actions_say_why_and_change_nothing(
    setup: Callable[[], Game], act: Act, words: tuple[str, ...]
) -> None:
    """000 · Each Turn: what a hero may do on a turn; anything else is refused with the reason."""
    assert_illegal(setup(), act, *words)


ATTEMPTS: list[tuple[str, Callable[[], Game], Act, tuple[str, ...]]] = [
    (
        "no-such-path",
        _game,
        lambda g: g.push(AttemptChallenge(_id(g, "Brave"), Side.BOTTOM)),
        ("only challenges",),
    ),
    ("dark-negative", _game, lambda g: g.push(AttemptChallenge(_id(g, "Ford"), Side.TOP, -1)), ("negative",)),
    ("dark-four", lambda: _game(xp=9), lambda g: g.attempt("Ford", dark_runes=4), ("at most 3 dark rune",)),
    ("dark-unpaid", lambda: _game(xp=1), lambda g: g.attempt("Ford", dark_runes=2), ("at most 1 dark rune",)),
    (
        "dark-lowest",
        lambda: _game(xp=5, corruption=4),
        lambda g: g.attempt("Ford", dark_runes=1),
        ("lowest",),
    ),
    (
        "cast-count",
        lambda: _quiet().attempt("Wall"),
        lambda g: g.push(CastRunes((0, 0))),
        ("this cast has 3 runes",),
    ),
    (
        "cast-face",
        lambda: _quiet().attempt("Wall"),
        lambda g: g.cast("slash", "slash", "blank"),
        ("has no face 'blank'",),
    ),
    ("cast-nothing", _game, lambda g: g.push(CastRunes((0, 0, 0))), ("nothing is waiting",)),
    ("cast-in-window", lambda: _in_window(_game()), lambda g: g.push(CastRunes()), ("waiting for",)),
]


@pytest.mark.parametrize(("setup", "act", "words"), [c[1:] for c in ATTEMPTS], ids=[c[0] for c in ATTEMPTS])
def test_000_attempt_a_challenge_illegal_actions_say_why_and_change_nothing(
    setup: Callable[[], Game], act: Act, words: tuple[str, ...]
) -> None:
    """000 · Attempt a Challenge and 000 · Reading the Runes: a wrong declaration or cast is refused."""
    assert_illegal(setup(), act, *words)


CARDS: list[tuple[str, Callable[[], Game], Act, tuple[str, ...]]] = [
    ("not-in-hand", _game, lambda g: g.push(PlayCard(_id(g, "Rally"), 0)), ("not in the hand",)),
    (
        "level",
        lambda: _game(hand=["Rally"], corruption=4),
        lambda g: g.play("Rally"),
        ("forbids hero cards",),
    ),
    ("timing", lambda: _game(hand=["Windfall"]), lambda g: g.play("Windfall"), ("timing is before_attempt",)),
    (
        "window-timing",
        lambda: _in_window(_game(hand=["Rally"])),
        lambda g: g.push(PlayCard(_id(g, "Trip"), 1)),
        ("cannot be played now on p2",),
    ),
    (
        "window-other-hand",
        lambda: _in_window(_game(hand=["Rally"])),
        lambda g: g.push(PlayCard(_id(g, "Rally"), 0)),
        ("not in the hand of p2",),
    ),
]


@pytest.mark.parametrize(("setup", "act", "words"), [c[1:] for c in CARDS], ids=[c[0] for c in CARDS])
def test_000_hero_and_antihero_cards_illegal_plays_say_why_and_change_nothing(
    setup: Callable[[], Game], act: Act, words: tuple[str, ...]
) -> None:
    """000 · Hero and Antihero Cards and 000 · FAQs: Card timing: a card out of its time or level is refused."""
    assert_illegal(setup(), act, *words)


def test_000_deal_the_cards_keep_only_a_dealt_card() -> None:
    """000 · Deal the Cards: each player keeps one of the cards dealt to them."""
    more = [c for i in range(2) for c in (origin(f"O{i}"), motivation(f"M{i}"), destiny(f"D{i}"))]
    game = Game.new(players=2, seed=0, sets=(make_set(_cards(), more).id,))
    other = next(c for c in game.state.players[1].dealt if game.ctx.db[c].type.value == "origin")
    assert_illegal(game, lambda g: g.push(Keep(other)), "waiting for a character card")


def test_000_ending_the_game_no_action_after_the_end() -> None:
    """000 · Ending the Game: once the game is over, nothing more can be played."""
    game = (
        position(_cards(), players=1)
        .hero(
            0,
            story=[
                ["Brave", "Bold", "Filler 1-0"],
                ["Court Life", "Filler 2-0", "Filler 2-1"],
                ["Filler 3-0", "Filler 3-1"],
            ],
        )
        .row(1, ["Ford"])
        .reveal(2, 3)
        .row(3, ["Filler 3-2"])
        .game()
    )
    game.gain("Filler 3-2").end_turn()
    assert game.over
    assert_illegal(game, lambda g: g.push(EndTurn()), "the game is over")


def test_000_reading_the_runes_wrong_faces_in_a_window_change_nothing() -> None:
    """A cast with the wrong number of faces, asked while a "before" window is open, leaves the game as it
    was: Game.cast passes the window first, then refuses the faces, and takes the passes back."""
    assert_illegal(_in_window(_game()), lambda g: g.cast("slash", "slash"), "this cast has 3 runes")
