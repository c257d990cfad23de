"""000 · Glossary: Corruption, 000 · FAQs: More than three Corruption, 000 · Dark Runes (the track's bottom)."""

from __future__ import annotations

import pytest
from rules_kit import antihero_card, challenge, hero_card, origin, path, position, sections, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import AttemptChallenge, PlayCard
from calladventure.values._effects import GainXP
from calladventure.values._track import Track


def _cards() -> list:
    return [
        origin("Novice"),
        trait("Kind", "virtue"),
        trait("Cruel", "corruption"),
        trait("Very Cruel", "corruption", "corruption"),
        challenge("Raid", 1, ["strength"], top=path("virtue"), bottom=path("corruption", "corruption")),
        hero_card("Rally", "main", GainXP(1)),
        antihero_card("Sneer", "main", GainXP(1)),
    ]


def _pos(**hero: object) -> Position:
    hero.setdefault("origin", "Novice")
    return position(_cards()).hero(0, **hero).row(1, ["Kind", "Cruel", "Very Cruel", "Raid"])  # type: ignore[arg-type]


def _track() -> Track:
    return _pos().context().track


def test_000_glossary_corruption_start_on_the_third_level() -> None:
    """000 · Glossary: Corruption: "Players begin the game at the third level of the Corruption track"."""
    track = _track()
    assert track.start == 2
    assert _pos().build().players[0].level == 2
    assert track.virtue(2) == 0 and track.corruption(2) == 0


def test_000_glossary_corruption_virtue_moves_up_corruption_moves_down() -> None:
    """000 · Glossary: Corruption: "gain Virtue" moves one level up, "gain Corruption" one level down."""
    game = _pos().game().gain("Kind")
    assert game.state.players[0].level == 1
    assert "000/glossary-corruption" in sections(game.last_events)
    game = _pos().game().gain("Very Cruel")
    assert game.state.players[0].level == 4
    game = _pos().game().attempt("Raid", "bottom", faces=["slash", "slash", "slash"])
    assert game.state.players[0].level == 4


def test_000_faqs_more_than_three_corruption_at_most_four() -> None:
    """000 · FAQs: "You cannot gain more than four Corruption"; Virtue moves the marker back up."""
    track = _track()
    assert track.lowest - track.start == 4
    game = _pos(corruption=4).game().gain("Cruel")
    assert game.state.players[0].level == track.lowest
    assert "000/faqs-more-than-three-corruption" in sections(game.last_events)
    game = _pos(corruption=4).game().gain("Kind")
    assert game.state.players[0].level == track.lowest - 1


def test_000_glossary_corruption_virtue_clamped_at_the_top() -> None:
    game = _pos(level=0).game().gain("Kind")
    assert game.state.players[0].level == 0


@pytest.mark.parametrize("level", range(7))
def test_000_glossary_corruption_track_decides_hero_antihero_cards_and_dark_runes(level: int) -> None:
    """000 · Reveal Your Character: the track "dictates whether you can play Hero or Antihero cards or cast
    Dark runes"."""
    track = _track()
    assert track.lowest == 6
    game = _pos(level=level, xp=5, hand=["Rally", "Sneer"]).game()
    plays = {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, PlayCard)}
    dark = max(a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge))
    at = track.at(level)
    assert ("Rally" in plays) is at.hero
    assert ("Sneer" in plays) is at.antihero
    assert (dark == 3) is at.dark_runes and (dark == 0) is (not at.dark_runes)


def test_000_dark_runes_corruption_takes_hero_cards_away_and_the_lowest_level_dark_runes() -> None:
    """000 · Dark Runes: "As you gain Corruption, you lose the ability to play Hero cards. At the lowest level
    … you lose 4 Triumph points and may no longer spend Experience to cast Dark runes"."""
    track = _track()
    below = [track.at(i) for i in range(track.start, track.lowest + 1)]
    assert below[0].hero and not below[-1].hero
    assert [lv.hero for lv in below] == sorted(
        (lv.hero for lv in below), reverse=True
    )  # lost, never regained
    assert [lv.dark_runes for lv in below] == [True] * (len(below) - 1) + [False]
    assert track.at(track.lowest).triumph == -4


@pytest.mark.parametrize("level", range(7))
def test_000_ending_the_game_corruption_track_modifier_not_cumulative(level: int) -> None:
    """000 · Ending the Game: "Add the Triumph or Tragedy modifier from your final position on the Corruption
    track (Corruption track points are not cumulative)"."""
    game = _pos(level=level, xp=0).game()
    line = next(x for x in game.score()[0].lines if x.label.startswith("Corruption track"))
    at = game.ctx.track.at(level)
    assert (line.triumph, line.tragedy) == (at.triumph, at.tragedy)
    assert line.section == "000/ending-the-game"


def test_000_dark_runes_lowest_level_loses_four_triumph() -> None:
    game = _pos(corruption=4, xp=0).game()
    total_at_lowest = game.score()[0].total
    line = next(x for x in game.score()[0].lines if x.label.startswith("Corruption track"))
    assert line.triumph == -4
    start = _pos(xp=0).game().score()[0].total
    assert total_at_lowest == start - game.ctx.track.at(2).triumph - 4


def test_000_glossary_corruption_virtue_and_corruption_cancel_out() -> None:
    """000 · Glossary: Corruption: the marker is one position: two Virtue and two Corruption leave it at the start."""
    game: Game = _pos(virtue=2).game()
    game.gain("Very Cruel")
    assert game.ctx.track.virtue(game.state.players[0].level) == 0
