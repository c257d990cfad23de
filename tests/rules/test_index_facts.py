"""INDEX · facts from public sources: Runes, Corruption track, Scoring seen in fan score cards.

The rules index (``INDEX``, the rule texts' own) gathers what reviews, fan tools and the 000 probability table say beyond
the rule texts; the bundled rune sets, the bundled track and the scoring must agree with them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from rules_kit import antihero_card, challenge, hero_card, origin, position, trait

from calladventure.data._cards import bundled_runes, bundled_track
from calladventure.play.position import Position
from calladventure.rules._odds import cast_distribution
from calladventure.values._actions import AttemptChallenge, PlayCard
from calladventure.values._cards import Card
from calladventure.values._effects import GainXP
from calladventure.values._icons import ABILITIES
from calladventure.values._runes import Rune, RuneKind

RUNE_SETS = ("core", "stormlight")


def _successes(rune: Rune) -> list[int]:
    return sorted(f.successes for f in rune.faces)


# ============================================================================ Runes


@pytest.mark.parametrize("runes", RUNE_SETS)
def test_index_runes_core_box_faces(runes: str) -> None:
    """INDEX · Runes: every rune has two faces; each core rune has exactly one slash face; Dark and ordinary
    Ability runes show {2, 1}; the special three-dot rune shows {2, 0 + its bonus}."""
    rs = bundled_runes(runes)
    assert len(rs.core) == 3
    for rune in rs.all_runes():
        assert len(rune.faces) == 2
    for rune in rs.core:
        slashes = [f for f in rune.faces if f.name == "slash"]
        assert len(slashes) == 1 and slashes[0].successes == 1, rune.id
        other = next(f for f in rune.faces if f.name != "slash")
        assert other.successes == 0, rune.id
    assert _successes(rs.dark) == [1, 2]
    for ability in ABILITIES:
        first, second, special = rs.ability[ability]
        assert _successes(first) == _successes(second) == [1, 2], ability
        assert special.kind is RuneKind.SPECIAL and _successes(special) == [0, 2], ability
        blank = next(f for f in special.faces if f.successes == 0)
        assert (blank.xp == 1) != (blank.draw is not None), f"{special.id}: 0 plus one bonus"


@pytest.mark.parametrize("runes", RUNE_SETS)
def test_index_runes_the_000_probability_table(runes: str) -> None:
    """INDEX · Runes: the 000 table: core runes alone min 0, average 1.5, max 3; each added Dark or ordinary
    Ability rune adds min 1, average 1.5, max 2; a special rune 0 or 2 (average 1)."""
    rs = bundled_runes(runes)
    core = cast_distribution(rs.core)
    assert (core.low, core.mean, core.high) == (0, Fraction(3, 2), 3)
    for extra in (rs.dark, rs.ability[ABILITIES[0]][0], rs.ability[ABILITIES[3]][1]):
        for n in (1, 2, 3):
            dist = cast_distribution((*rs.core, *[extra] * n))
            assert (dist.low, dist.mean, dist.high) == (n, Fraction(3, 2) * (n + 1), 3 + 2 * n), (extra.id, n)
    special = cast_distribution((rs.ability[ABILITIES[0]][2],))
    assert (special.low, special.mean, special.high) == (0, 1, 2)


def test_index_runes_dark_rune_moon_and_slash() -> None:
    """INDEX · Runes: Dark runes: moon (2 successes and one Corruption) or slash (1)."""
    for runes in RUNE_SETS:
        dark = bundled_runes(runes).dark
        faces = {f.name: (f.successes, f.corruption) for f in dark.faces}
        assert faces == {"moon": (2, 1), "slash": (1, 0)}
    game = _pos(xp=1).game().attempt("Climb", dark_runes=1, faces=["blank", "blank", "slash", "moon"])
    assert game.state.players[0].story[0]  # 0 + 0 + 1 + 2 = 3: overcome
    assert game.state.players[0].level == game.ctx.track.start + 1


# ============================================================================ Corruption track


def _cards() -> list[Card]:
    return [
        origin("Novice"),
        challenge("Climb", 3, ["strength"]),
        trait("Cruel", "corruption"),
        trait("Plain"),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Hope", "main", GainXP(1)),
        antihero_card("Sneer", "main", GainXP(1)),
        antihero_card("Spite", "main", GainXP(1)),
    ]


def _pos(**hero: object) -> Position:
    hero.setdefault("origin", "Novice")
    return position(_cards()).hero(0, **hero).row(1, ["Climb", "Cruel", "Plain"])  # type: ignore[arg-type]


def test_index_corruption_track_start_third_level_neutral_two_triumph() -> None:
    """INDEX · Corruption track: the marker starts on the third level from the top, neutral (Hero and Antihero
    cards both playable); one review says the start shows 2 Triumph."""
    track = bundled_track("core")
    assert track.start == 2
    start = track.at(track.start)
    assert start.hero and start.antihero and start.dark_runes
    assert (start.triumph, start.tragedy) == (2, 0)
    game = _pos(hand=["Rally", "Sneer"]).game()
    assert game.state.players[0].level == track.start
    plays = {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, PlayCard)}
    assert plays == {"Rally", "Sneer"}
    line = next(x for x in game.score()[0].lines if x.label.startswith("Corruption track"))
    assert (line.triumph, line.tragedy) == (2, 0)


def test_index_corruption_track_four_corruption_at_most_lowest_minus_four_no_dark_runes() -> None:
    """INDEX · Corruption track: at most four Corruption below the start; the lowest level costs 4 Triumph and
    allows no Dark runes."""
    track = bundled_track("core")
    assert track.lowest - track.start == 4
    lowest = track.at(track.lowest)
    assert (lowest.triumph, lowest.tragedy, lowest.dark_runes) == (-4, 0, False)
    assert all(lv.dark_runes for lv in track.levels[: track.lowest])
    game = _pos(corruption=4, xp=3).game()
    assert {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge)} == {0}
    line = next(x for x in game.score()[0].lines if x.label.startswith("Corruption track"))
    assert (line.triumph, line.tragedy) == (-4, 0)
    game.gain("Cruel")  # a fifth Corruption: the marker stays on the lowest level
    assert game.state.players[0].level == track.lowest
    with pytest.raises(ValueError, match="off the track"):
        _pos(corruption=5).build()


# ============================================================================ Scoring seen in fan score cards


def _score(pos: Position) -> dict[str, tuple[int, int]]:
    game = pos.game()
    return {x.label.split(" (")[0].split(":")[0]: (x.triumph, x.tragedy) for x in game.score()[0].lines}


def _other(pos: Position) -> dict[str, int]:
    """Each line's Destiny points that are neither Triumph nor Tragedy (000 · Rules Overview)."""
    return {x.label.split(" (")[0].split(":")[0]: x.other for x in pos.game().score()[0].lines}


@pytest.mark.parametrize("xp", [0, 1, 7])
def test_index_scoring_seen_in_fan_score_cards_unspent_experience_one_each(xp: int) -> None:
    """INDEX · Scoring seen in fan score cards: each unspent Experience token is worth 1 point."""
    # Neither Triumph nor Tragedy: Destiny (000 · Rules Overview; changed on purpose)
    assert (
        _score(_pos(xp=xp))["Unspent Experience"] == (0, 0)
        and _other(_pos(xp=xp))["Unspent Experience"] == xp
    )


def test_index_scoring_seen_in_fan_score_cards_hero_and_antihero_cards_one_each() -> None:
    """INDEX · Scoring seen in fan score cards: each played Hero card and each played Antihero card is worth 1
    point; cards still in hand are worth nothing."""
    lines = _score(_pos(played=["Rally", "Hope", "Sneer"], hand=["Spite"]))
    assert lines["Hero cards played"] == (2, 0)
    assert lines["Antihero cards played"] == (0, 1)


def _icons(n: int) -> list[Card]:
    return [origin("Judge", *["justice"] * n), challenge("Climb", 3, ["strength"])]


@pytest.mark.parametrize(
    ("count", "doubling", "capped"),
    [(1, 0, 0), (2, 2, 2), (3, 4, 4), (4, 8, 8), (5, 16, 8), (6, 32, 8)],
)
def test_index_scoring_seen_in_fan_score_cards_icon_sets_two_four_eight(
    count: int, doubling: int, capped: int
) -> None:
    """INDEX · Scoring seen in fan score cards: story icon sets score 2 / 4 / 8 and no more past four (option
    ``icon_sets="cap_at_four"``; by default 000's "and so on, doubling", open question 1)."""
    pos = position(_icons(count)).hero(0, origin="Judge")
    assert _score(pos)["Story icon sets"] == (
        0,
        0,
    )  # Destiny, neither Triumph nor Tragedy (changed on purpose)
    assert _other(pos)["Story icon sets"] == doubling
    assert _other(pos.options(icon_sets="cap_at_four"))["Story icon sets"] == capped


def test_index_scoring_seen_in_fan_score_cards_name_icons_three_each() -> None:
    """INDEX · Scoring seen in fan score cards: with The Name of the Wind each Name is worth 3."""
    assert "Name tokens" not in _score(_pos())
    assert _score(_pos(names=["wind"]))["Name tokens"] == (0, 0)  # Destiny, neither (changed on purpose)
    assert _other(_pos(names=["wind"]))["Name tokens"] == 3
    assert _other(_pos(names=["wind", "iron"]))["Name tokens"] == 6


def test_index_scoring_seen_in_fan_score_cards_total_is_the_sum() -> None:
    """INDEX · Scoring seen in fan score cards: the card's items add up to the Destiny score."""
    game = _pos(xp=2, played=["Rally", "Sneer"]).game()
    score = game.score()[0]
    assert score.total == sum(x.points for x in score.lines) == 2 + 1 + 1 + 2  # + the start's 2
    assert score.total == score.triumph + score.tragedy + score.other
