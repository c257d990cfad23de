"""000 · Glossary: Re-attempt (and 002 · FAQs: Re-attempts and Dark runes)."""

from __future__ import annotations

from rules_kit import challenge, hero_card, origin, pool_ids, position, sections, trait

from calladventure.game import Game
from calladventure.values._effects import Bonus, Duration, GainXP, Reattempt, Target
from calladventure.values._state import AwaitCast, ChooseRecastDark, Window, WindowKind

CAST_ONE = ["slash", "slash", "diamond", "moon", "slash"]  # 1 + 1 + 0 + 2 + 1 = 5, a diamond and a moon


def _game(hand: tuple[str, ...] = ("Patience", "Try Again"), **hero: object) -> Game:
    cards = [
        origin("Novice"),
        challenge("Climb", 7, ["strength"]),
        trait("Plain"),
        hero_card("Patience", "before_attempt", Bonus(1)),
        hero_card("Try Again", "as_attempt", Reattempt(), target=Target.ATTEMPTING_HERO),
        hero_card("Wind", "main", GainXP(1), duration=Duration.ATTEMPT),
    ]
    return (
        position(cards, runes="stormlight")
        .hero(0, origin="Novice", xp=4, hand=list(hand), **hero)  # type: ignore[arg-type]
        .row(1, ["Climb", "Plain"])
        .game()
    )


def _first_cast_then_reattempt(game: Game) -> None:
    game.attempt("Climb", dark_runes=2)
    window = game.state.pending[-1]
    assert isinstance(window, Window) and window.kind is WindowKind.BEFORE
    game.play("Patience")  # nothing else to play: the window closes
    game.cast(*CAST_ONE)  # 5 + 1 against 7: it would fail
    window = game.state.pending[-1]
    assert isinstance(window, Window) and window.kind is WindowKind.AS
    game.play("Try Again")


def test_000_glossary_re_attempt_casts_again_keeping_dark_runes_and_bonuses() -> None:
    """000 · Glossary: Re-attempt: cast the runes again, keeping any effects; 002 · FAQs: bought Dark runes
    need not be bought again."""
    game = _game()
    _first_cast_then_reattempt(game)
    # The re-cast waits (AwaitCast) under the choice of buying more Dark runes (open question 8).
    assert isinstance(game.state.pending[-1], ChooseRecastDark)
    assert isinstance(game.state.pending[-2], AwaitCast)
    assert pool_ids(game) == ["core-white", "core-dark", "core-diamond", "dark", "dark"]
    assert game.state.players[0].xp == 4 - 2 + 1  # Dark runes paid once; the diamond's token
    assert "000/glossary-re-attempt" in sections(game.events)
    # 1 + 1 + 1 + 2 + 1 = 6, + 1 from Patience = 7: overcome only if the bonus was kept.
    game.cast("slash", "slash", "slash", "moon", "slash")
    assert game.state.players[0].story[0][0].card == game.card("Climb").id


def test_000_glossary_re_attempt_first_attempt_neither_success_nor_failure() -> None:
    """000 · Glossary: Re-attempt: "Until a re-attempt is resolved, the first attempt does not count"."""
    game = _game()
    _first_cast_then_reattempt(game)
    assert not any("fails" in e.text or "overcomes" in e.text for e in game.events)
    assert not game.state.turn.failed and game.state.attempt is not None


def test_000_glossary_re_attempt_first_cast_corruption_ignored_benefits_kept() -> None:
    """000 · Glossary: Re-attempt: a triangle or diamond of the first attempt is kept; "Ignore any Corruption
    gained from Dark runes during your first attempt"; the same result again gives the benefit again."""
    game = _game()
    start = game.state.players[0].level
    _first_cast_then_reattempt(game)
    assert game.state.players[0].level == start
    game.cast("slash", "slash", "diamond", "moon", "moon")  # 1 + 1 + 0 + 2 + 2 + 1 = 7
    p = game.state.players[0]
    assert p.level == start + 2  # the two moons of the re-attempt only (not the first cast's)
    assert p.xp == 4 - 2 + 1 + 1  # a diamond on each cast


def test_000_glossary_re_attempt_failure_after_re_attempt() -> None:
    game = _game()
    _first_cast_then_reattempt(game)
    game.cast("slash", "slash", "diamond", "slash", "slash")  # 4 + 1 against 7
    p = game.state.players[0]
    assert p.story[0] == ()
    assert p.xp == 4 - 2 + 1 + 1 + 1  # two diamonds and the failure's token
    assert game.state.turn.failed


def test_000_glossary_re_attempt_only_as_the_attempt_is_made() -> None:
    """A re-attempt card is played "as any hero attempts": not before the runes are cast, nor on its own."""
    game = _game()
    assert not any(getattr(a, "card", None) == game.card("Try Again").id for a in game.legal_actions)
    game.attempt("Climb")
    window = game.state.pending[-1]
    assert isinstance(window, Window) and window.kind is WindowKind.BEFORE
    assert not any(getattr(a, "card", None) == game.card("Try Again").id for a in game.legal_actions)


def _game_with_option(dark_limit: str, xp: int = 6) -> Game:
    cards = [
        origin("Novice"),
        challenge("Climb", 7, ["strength"]),
        trait("Plain"),
        hero_card("Try Again", "as_attempt", Reattempt(), target=Target.ATTEMPTING_HERO),
    ]
    return (
        position(cards, runes="stormlight")
        .options(dark_limit=dark_limit)
        .hero(0, origin="Novice", xp=xp, hand=["Try Again"])
        .row(1, ["Climb", "Plain"])
        .game()
    )


def test_000_dark_runes_before_a_re_attempt_per_turn_counts_the_first_cast() -> None:
    """000 · Dark Runes: "up to three times per turn" (open question 8, default ``per_turn``): two Dark
    runes bought for the first cast leave one more to buy before the re-attempt's cast."""
    game = _game_with_option("per_turn")
    game.attempt("Climb", dark_runes=2).cast("slash", "slash", "slash", "slash", "slash")  # 5 vs 7
    game.play("Try Again")
    assert isinstance(game.state.pending[-1], ChooseRecastDark)
    assert [str(a) for a in game.legal_actions] == ["dark 0", "dark 1"]
    before = game.state
    try:
        game.push("dark 2")
    except ValueError as error:
        assert "at most 1 more Dark rune" in str(error)
    assert game.state == before
    game.buy_dark(1)
    assert game.state.players[0].xp == 6 - 2 - 1
    assert pool_ids(game).count("dark") == 3  # the two kept, and the one bought now
    assert "000/dark-runes" in sections(game.last_events)
    assert isinstance(game.state.pending[-1], AwaitCast) and [str(a) for a in game.legal_actions] == ["cast"]


def test_000_dark_runes_before_a_re_attempt_per_attempt_counts_each_cast() -> None:
    """Open question 8 under ``dark_limit = "per_attempt"``: each cast may have three bought for it."""
    game = _game_with_option("per_attempt")
    game.attempt("Climb", dark_runes=2).cast("slash", "slash", "slash", "slash", "slash")
    game.play("Try Again")
    assert [str(a) for a in game.legal_actions] == ["dark 0", "dark 1", "dark 2", "dark 3"]
    game.buy_dark(3)
    assert pool_ids(game).count("dark") == 5
    assert game.state.players[0].xp == 6 - 2 - 3
    # Five Dark runes on the re-attempt; only their moons count (000 · Glossary: Re-attempt).
    game.cast("slash", "slash", "slash", "moon", "slash", "slash", "slash", "slash")
    assert game.state.players[0].story[0][0].card == game.card("Climb").id


def test_000_dark_runes_are_not_bought_outside_a_re_attempt() -> None:
    """Outside a re-attempt, Dark runes are bought only when the attempt is declared (000 · Dark Runes)."""
    game = _game_with_option("per_turn")
    game.attempt("Climb")
    assert not any(str(a).startswith("dark") for a in game.legal_actions)
    before = game.state
    try:
        game.buy_dark(1)
    except ValueError as error:
        assert "bought when an attempt is declared" in str(error)
    else:  # pragma: no cover - the push must fail
        raise AssertionError("buying a Dark rune outside a re-attempt was accepted")
    assert game.state == before
