"""000 · Hero and Antihero Cards, 000 · FAQs: Card timing / Hero and Antihero cards on myself."""

from __future__ import annotations

import pytest
from rules_kit import (
    antihero_card,
    assert_illegal,
    challenge,
    hero_card,
    origin,
    path,
    position,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.values._actions import PlayCard
from calladventure.values._effects import Bonus, Difficulty, GainXP, LoseXP, Target
from calladventure.values._state import AwaitCast, Window, WindowKind


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        challenge(
            "Duel",
            2,
            ["strength"],
            top=path("hero", "antihero", label="Spare him"),
            bottom=path("antihero", label="Finish him"),
        ),
        challenge("Climb", 3, ["strength"]),
        trait("Blessed", "hero"),
        trait("Plain"),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Windfall", "before_attempt", GainXP(1)),
        hero_card("Helping Hand", "as_attempt", Bonus(1), target=Target.ATTEMPTING_HERO),
        hero_card("Gift", "any_time", GainXP(1), target=Target.ANY_HERO),
        hero_card("Hope", "main", GainXP(1)),
        antihero_card("Sneer", "main", GainXP(1)),
        antihero_card("Trip", "before_attempt", Difficulty(1), target=Target.ATTEMPTING_HERO),
        antihero_card("Tax", "before_attempt", LoseXP(1), target=Target.ANY_HERO),
        antihero_card("Spite", "main", GainXP(1)),
    ]


def _pos(hand0: tuple[str, ...] = (), hand1: tuple[str, ...] = (), xp0: int = 3) -> Position:
    return (
        position(_cards())
        .hero(0, origin="Novice", hand=list(hand0), xp=xp0)
        .hero(1, origin="Other", hand=list(hand1))
        .row(1, ["Duel", "Climb", "Blessed", "Plain"])
        .hero_deck(top=["Hope"])
        .antihero_deck(top=["Spite"])
    )


def _names(game: Game, cards: tuple[str, ...]) -> list[str]:
    return [game.ctx.db[c].name for c in cards]


def _plays(game: Game) -> set[tuple[str, int]]:
    return {(game.ctx.db[a.card].name, a.target) for a in game.legal_actions if isinstance(a, PlayCard)}


def test_000_hero_and_antihero_cards_drawn_when_a_path_shows_triangles() -> None:
    """000 · Hero and Antihero Cards: "acquire a Path with a white triangle, immediately draw a Hero card";
    a dark triangle draws an Antihero card."""
    game = _pos().game().attempt("Duel", "top", faces=["slash", "slash", "slash"])
    assert _names(game, game.state.players[0].hand) == ["Hope", "Spite"]
    game = _pos().game().gain("Blessed")
    assert _names(game, game.state.players[0].hand) == ["Hope"]
    assert "000/hero-and-antihero-cards" in sections(game.last_events)


@pytest.mark.parametrize("level", range(7))
def test_000_hero_and_antihero_cards_playable_by_track_position(level: int) -> None:
    """000 · Hero and Antihero Cards: "Your position on the Corruption track indicates whether you can play
    Hero cards, Antihero cards, or both"."""
    pos = _pos(("Rally", "Sneer"))
    track = pos.context().track
    assert track.lowest == 6  # the bundled track: two levels of Virtue, the start, four of Corruption
    game = pos.hero(0, level=level).game()
    allowed = track.at(level)
    assert (("Rally", 0) in _plays(game)) is allowed.hero
    assert (("Sneer", 0) in _plays(game)) is allowed.antihero
    if not allowed.hero:
        assert_illegal(game, lambda g: g.push(PlayCard(g.card("Rally").id, 0)), "forbids hero cards")


def test_000_hero_and_antihero_cards_both_playable_at_the_start() -> None:
    """000 · Hero and Antihero Cards: "In general, players begin the game able to play both"."""
    game = _pos(("Rally", "Sneer")).game()
    assert {("Rally", 0), ("Sneer", 0)} <= _plays(game)


def test_000_faqs_card_timing_before_any_hero_attempts_on_another_heros_turn() -> None:
    """000 · FAQs: Card timing: "before any hero attempts" cards are played on any hero's turn, before the cast."""
    game = _pos(hand1=("Trip",)).game()
    assert ("Trip", 0) not in _plays(game)  # not outside an attempt
    game.attempt("Climb")
    window = game.state.pending[-1]
    assert isinstance(window, Window) and window.kind is WindowKind.BEFORE
    assert game.to_move == 1  # P1 has nothing to play: P2 decides
    assert _plays(game) == {("Trip", 0)}
    game.play("Trip")
    assert isinstance(game.state.pending[-1], AwaitCast)
    assert game.state.attempt is not None
    assert attempt_math(game.ctx, game.state, game.state.attempt).difficulty == 4
    game.cast("slash", "slash", "slash")  # 3 against 3 + 1
    assert game.state.players[0].story[0] == ()


def test_000_faqs_card_timing_as_any_hero_attempts_after_the_cast() -> None:
    """000 · FAQs: Card timing: "as any hero attempts" cards modify an attempt after the runes are cast."""
    game = _pos(hand1=("Helping Hand",)).game()
    game.attempt("Climb")
    assert isinstance(game.state.pending[-1], AwaitCast)  # nobody can play before the cast
    game.cast("slash", "blank", "slash")  # 2 against 3
    window = game.state.pending[-1]
    assert isinstance(window, Window) and window.kind is WindowKind.AS and game.to_move == 1
    game.play("Helping Hand")
    assert game.state.players[0].story[0][0].card == game.card("Climb").id


def test_000_faqs_card_timing_main_and_before_cards_outside_their_window() -> None:
    """A card for "your turn" is not played inside an attempt; a "before any hero attempts" card is not
    played outside one."""
    game = _pos(hand0=("Rally", "Windfall")).game()
    assert ("Rally", 0) in _plays(game) and ("Windfall", 0) not in _plays(game)
    assert_illegal(game, lambda g: g.play("Windfall"), "cannot be played now", "before_attempt")
    game.attempt("Climb")
    assert _plays(game) == {("Windfall", 0)}
    assert_illegal(game, lambda g: g.play("Rally"), "rally cannot be played now", "its timing is main")


def test_000_faqs_card_timing_no_timing_means_any_time() -> None:
    """000 · FAQs: Card timing: "If timing is not specified, you may play the card at any time"."""
    game = _pos(hand1=("Gift",)).game()
    game.attempt("Climb")
    assert game.to_move == 1 and ("Gift", 1) in _plays(game)
    game.pass_()
    game.cast("slash", "blank", "slash")
    assert game.to_move == 1 and ("Gift", 0) in _plays(game)


def test_000_faqs_hero_and_antihero_cards_on_myself() -> None:
    """000 · FAQs: "Hero and Antihero cards that specify 'any hero' can target your hero"."""
    game = _pos(hand0=("Gift",)).game()
    assert {("Gift", 0), ("Gift", 1)} <= _plays(game)


def test_000_hero_and_antihero_cards_resolve_in_reverse_order() -> None:
    """000 · Hero and Antihero Cards: "Resolve these effects in reverse order, starting with the last card
    played". P1 (no Experience) plays Windfall (+1), then P2 plays Tax (−1) on P1: Tax resolves first
    (0 stays 0), then Windfall (1). In play order it would end at 0."""
    game = _pos(hand0=("Windfall",), hand1=("Tax",), xp0=0).game()
    game.attempt("Climb")
    game.play("Windfall")
    assert game.to_move == 1
    game.play("Tax", target=0)
    assert isinstance(game.state.pending[-1], AwaitCast)
    assert game.state.players[0].xp == 1
    resolved = [e.text for e in game.last_events if "takes effect" in e.text]
    assert resolved == ["Tax takes effect on P1", "Windfall takes effect on P1"]


def test_000_hero_and_antihero_cards_played_cards_kept_and_scored() -> None:
    """000 · Hero and Antihero Cards: played cards stay beside the Story; each Hero card is worth 1 Triumph and
    each Antihero card 1 Tragedy (000 · Ending the Game); cards in hand score nothing."""
    game = _pos(hand0=("Windfall", "Rally"), hand1=("Tax", "Sneer"), xp0=0).game()
    game.attempt("Climb")
    game.play("Windfall").play("Tax", target=0)
    p0, p1 = game.state.players
    assert _names(game, p0.played) == ["Windfall"] and _names(game, p1.played) == ["Tax"]
    s0 = {line.label: (line.triumph, line.tragedy) for line in game.score()[0].lines}
    s1 = {line.label: (line.triumph, line.tragedy) for line in game.score()[1].lines}
    assert s0["Hero cards played"] == (1, 0) and s0["Antihero cards played"] == (0, 0)
    assert s1["Hero cards played"] == (0, 0) and s1["Antihero cards played"] == (0, 1)


def test_000_faqs_card_draw_result_during_a_challenge_card_playable_before_resolution() -> None:
    """000 · FAQs: Card-draw result during a challenge: the drawn card may be played before the challenge is
    resolved if it has no "before you attempt" restriction."""
    words = hero_card(
        "Say the Words", "any_time", Bonus(1), target=Target.ANY_HERO, source="000/faqs-card-timing"
    )
    game = (
        position([*_cards(), words])
        .hero(0, origin="Novice")
        .row(1, ["Climb"])
        .hero_deck(top=["Say the Words"])
        .game()
    )
    game.attempt("Climb", faces=["slash", "slash", "dual-triangle"])  # 2 against 3, and a draw
    game.draw("hero")
    assert game.to_move == 0 and ("Say the Words", 0) in _plays(game)
    game.play("Say the Words", target=0)
    assert game.state.players[0].story[0][0].card == game.card("Climb").id


def test_000_faqs_card_draw_result_before_attempt_card_not_playable() -> None:
    """000 · FAQs: Card-draw result during a challenge: a card to play "before" an attempt cannot be used."""
    game = _pos().hero_deck(top=["Windfall"]).game()
    game.attempt("Climb", faces=["slash", "slash", "dual-triangle"])
    game.draw("hero")
    assert game.state.players[0].story[0] == ()  # resolved at once: nothing could be played
    assert [game.ctx.db[c].name for c in game.state.players[0].hand] == ["Windfall"]
