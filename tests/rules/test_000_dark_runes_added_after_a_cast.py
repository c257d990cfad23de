"""000 · Dark Runes and 000 · FAQs: Card-draw result during a challenge: Dark runes added after the cast.

"Embrace the Thrill … can be played before the challenge is resolved": a card's free Dark runes
added after the attempt's cast are cast at once and join it. Their cast is a chance node of its
own: the next step is ``cast``, which a scenario may force (``cast 1 0``), whose outcomes
``chance_outcomes()`` lists exactly, which the history records with its faces, and which a save
replays. A plain cast draws the faces as the card's effect used to (one 64-bit draw from the
game's RNG, bit ``i`` for rune ``i``), and saves written before that cast was a step of its own
still load (``tests/data/saves/v2``, written by the engine before it).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from rules_kit import antihero_card, challenge, hero_card, origin, position, power, trait

from calladventure import Game
from calladventure.play.position import Position
from calladventure.rules import pending_cast
from calladventure.rules._cast import added_dark
from calladventure.rules._consistency import position_problems
from calladventure.values import _rng as rng
from calladventure.values._actions import CastRunes
from calladventure.values._effects import Bonus, DarkRunes, Target, Timing
from calladventure.values._state import AwaitCast, GameState, Window, WindowKind, evolve

V2 = Path(__file__).resolve().parents[1] / "data" / "saves" / "v2"
MOON, SLASH = "moon", "slash"  # the Dark rune's faces (cards/runes/core.toml: moon is face 0)


def _pos(rival: tuple[str, ...] = (), **hero: object) -> Position:
    focus = (  # "spend nothing: add Dark runes to your attempt", as it is cast: one rune, or two
        power("activated", DarkRunes(1), window=Timing.AS_ATTEMPT),
        power("activated", DarkRunes(2), window=Timing.AS_ATTEMPT),
    )
    return (
        position(
            origin("Novice", powers=focus),
            origin("Other"),
            challenge("Climb", 3, ["strength"]),
            trait("Plain"),
            hero_card("Shine", "as_attempt", Bonus(1)),
            antihero_card("Thrill", "any_time", DarkRunes(1), target=Target.ATTEMPTING_HERO),
        )
        .hero(0, origin="Novice", **hero)  # type: ignore[arg-type]
        .hero(1, origin="Other", hand=list(rival))
        .row(1, ["Climb", "Plain"])
    )


def _after_the_cast(runes: int = 1, **options: object) -> Game:
    """P1 attempts Climb, then adds ``runes`` Dark runes with its power; it still holds Shine, so the window waits."""
    game = _pos(hand=["Shine"]).options(**options).game()
    game.attempt("Climb", faces=["blank", "blank", "slash"])
    assert isinstance(game.state.pending[-1], Window) and game.state.pending[-1].kind is WindowKind.AS
    game.use("Novice", runes - 1)
    return game


def _is_dark_cast(state: GameState) -> bool:
    cast = pending_cast(state)
    return cast is not None and added_dark(cast) > 0


def test_000_faqs_card_draw_result_during_a_challenge_the_added_runes_are_a_cast_of_their_own() -> None:
    game = _after_the_cast()
    att = game.state.attempt
    assert att is not None and att.dark_free == 1 and len(att.cast) == 3  # added, not cast yet
    assert game.is_chance and game.legal_list() == [CastRunes()]
    below = game.state.pending[-2]
    assert _is_dark_cast(game.state) and isinstance(below, Window) and below.kind is WindowKind.AS  # it waits
    game.cast(MOON)
    att = game.state.attempt
    assert att is not None and att.cast[-1] == ("dark", 0) and str(game.history[-1]) == "cast 0"
    assert any(e.text == "the added Dark rune(s) show moon" for e in game.last_events)
    assert game.to_move == 0  # the "as any hero attempts" window goes on


def test_000_faqs_card_draw_result_during_a_challenge_embrace_the_thrill_then_its_cast() -> None:
    """A played card's runes: it resolves as the window closes, its runes are cast next, then the attempt resolves."""
    game = _pos(rival=("Thrill",)).game()
    game.attempt("Climb", faces=["blank", "blank", "slash"])
    game.pass_()  # P1 keeps its power
    game.play("Thrill")  # P2, on P1's attempt
    game.pass_()  # P1 again: every seat has passed, and Thrill resolves
    assert _is_dark_cast(game.state) and game.state.attempt is not None
    game.cast(MOON)
    texts = [e.text for e in game.last_events]
    assert (
        texts[0] == "the added Dark rune(s) show moon" and texts[1] == "gains 1 Corruption (Dark rune moon)"
    )
    assert game.state.attempt is None and any(t.startswith("overcomes Climb") for t in texts)


def test_000_dark_runes_the_added_runes_outcomes_are_listed_exactly_and_sum_to_one() -> None:
    for runes in (1, 2):
        outcomes = _after_the_cast(runes).chance_outcomes()
        assert len(outcomes) == 2**runes and sum(p for _c, p in outcomes) == 1
        assert {p for _c, p in outcomes} == {Fraction(1, 2**runes)}
        assert sorted(c.faces or () for c, _p in outcomes) == sorted(
            tuple((bits >> i) & 1 for i in range(runes)) for bits in range(2**runes)
        )


def test_000_faqs_card_draw_result_during_a_challenge_a_scenario_forces_the_added_faces() -> None:
    """``cast 1 0`` forces two added Dark runes: a slash (one success) and a moon (one Corruption, at the cast)."""
    game = _after_the_cast(2)
    level = game.state.players[0].level
    game.push("cast 1 0")
    att = game.state.attempt
    assert att is not None and att.cast[-2:] == (("dark", 1), ("dark", 0))
    assert game.state.players[0].level == level + 1 and att.moon_levels == 1  # 000 · Glossary: Corruption
    assert str(game.history[-1]) == "cast 1 0" and not game.is_chance


def test_000_dark_runes_an_added_moon_gives_corruption_per_the_moon_corruption_option() -> None:
    at_cast = _after_the_cast()
    level = at_cast.state.players[0].level
    at_cast.cast(MOON)
    assert at_cast.state.players[0].level == level + 1
    at_resolution = _after_the_cast(moon_corruption="at_resolution")
    at_resolution.cast(MOON)
    att = at_resolution.state.attempt
    assert at_resolution.state.players[0].level == level and att is not None and att.moon_levels == 0


def test_000_dark_runes_a_plain_cast_of_the_added_runes_draws_as_the_card_did() -> None:
    """One 64-bit draw from the game's RNG, rune ``i`` showing bit ``i``: the draw the card's effect made."""
    game = _after_the_cast(2)
    value, after = rng.next_u64(game.state.rng)
    game.cast()
    assert game.history[-1] == CastRunes(((value >> 0) & 1, (value >> 1) & 1))
    assert game.state.rng == after


def test_000_faqs_card_draw_result_during_a_challenge_the_added_cast_replays_and_saves_exactly() -> None:
    game = _after_the_cast(2)
    game.cast(SLASH, MOON)
    game.pass_()
    assert game.state.attempt is None  # resolved
    again = Game.loads(game.save())
    assert again.history == game.history and again.state == game.state
    assert [str(a) for a in again.history].count("cast 1 0") == 1
    waiting = _after_the_cast(2)
    stopped = Game.loads(waiting.save())  # saved while the added cast waits: loads waiting for it
    assert _is_dark_cast(stopped.state) and stopped.state == waiting.state


def test_000_dark_runes_a_position_with_a_bad_added_cast_is_refused() -> None:
    game = _after_the_cast()
    state = game.state
    top = len(state.pending) - 1
    for detail, words in (("dark 9", "not a cast of added Dark runes"), ("thrill", "not a cast")):
        bad = evolve(state, pending=(*state.pending[:-1], AwaitCast(0, "", detail)))
        assert any(f == f"pending[{top}].detail" and words in p for f, p in position_problems(game.ctx, bad))
    other = evolve(
        state, pending=(*state.pending[:-1], AwaitCast(1, "", "dark 1"))
    )  # not the attempting hero
    assert any("attempting hero" in p for _f, p in position_problems(game.ctx, other))
    assert not position_problems(game.ctx, state)


@pytest.mark.parametrize("name", ["v2-dark-after-cast", "v2-dark-after-cast-ends-there"])
def test_000_faqs_card_draw_result_during_a_challenge_saves_from_before_the_recorded_cast_load(
    name: str,
) -> None:
    """Saves the engine wrote when the added runes were cast inside the card's effect (no ``cast`` step).

    Each loads: where the game waits for the added runes' cast and the save goes on without one,
    a plain cast is pushed (the same draw the card made), and the final digest still matches.
    ``…-ends-there`` stops right after the runes were added, so its last cast is caught up at the end.
    """
    path = V2 / f"{name}.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "calladventure.save/2"
    game = Game.load(path)
    caught_up = [i for i in range(len(game.history)) if _is_dark_cast(game.state_at(i))]
    assert caught_up and len(game.history) == len(doc["actions"]) + len(caught_up)
    assert [str(a) for i, a in enumerate(game.history) if i not in caught_up] == doc["actions"]
    again = Game.loads(game.save())  # saved again: the casts are recorded now
    assert again.history == game.history and again.state == game.state
