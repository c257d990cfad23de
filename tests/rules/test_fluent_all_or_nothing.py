"""The fluent helpers of ``Game`` are all or nothing: a helper that pushes several steps either applies all
of them, or leaves the game exactly as it was, byte for byte in its save (``calladventure.game._fluent``).

Each case builds a position where a helper's early steps are legal (passing a window, declaring an
attempt, a Name attempt) and a later one is refused.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rules_kit import antihero_card, challenge, hero_card, origin, position, trait

from calladventure.game import Game
from calladventure.values._effects import Bonus, Difficulty, GainXP, LoseXP, Target
from calladventure.values._errors import CallAdventureError


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        challenge("Climb", 3, ["strength"]),
        trait("Plain"),
        trait("Meadow"),
        antihero_card("Trip", "before_attempt", Difficulty(1), target=Target.ATTEMPTING_HERO),
        hero_card("Gift", "any_time", GainXP(1), target=Target.ANY_HERO),
        antihero_card("Jeer", "any_time", LoseXP(1), target=Target.ANY_HERO),
        hero_card("Steady", "before_attempt", Bonus(1)),
    ]


def _game(**options: str) -> Game:
    return (
        position(_cards())
        .hero(0, origin="Novice", hand=["Steady"])
        .hero(1, origin="Other", hand=["Trip", "Gift", "Jeer"])
        .row(1, ["Climb", "Plain", "Meadow"])
        .options(**options)
        .game()
    )


CASES: list[tuple[str, Callable[[Game], object], Callable[[Game], object]]] = [
    # (name, how to reach the position, the helper call that fails part-way)
    ("attempt-faces", lambda g: None, lambda g: g.attempt("Climb", faces=["slash", "slash"])),
    ("cast-faces", lambda g: g.attempt("Climb"), lambda g: g.cast("slash", "slash", "slash", "slash")),
    ("cast-face-name", lambda g: g.attempt("Climb"), lambda g: g.cast("slash", "nope", "slash")),
    ("gain-after-answers", lambda g: g.journey("Meadow"), lambda g: g.gain("Climb")),
    ("attempt-after-answers", lambda g: g.gain("Plain"), lambda g: g.attempt("Climb")),
    ("journey-after-answers", lambda g: g.gain("Plain"), lambda g: g.journey("Nowhere")),
    ("discard-after-answers", lambda g: g.gain("Plain"), lambda g: g.discard("Meadow")),
]


@pytest.mark.parametrize(("reach", "act"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_fluent_helpers_apply_all_or_nothing(
    reach: Callable[[Game], object], act: Callable[[Game], object]
) -> None:
    game = _game(stops="every_seat")  # every seat is asked: the helpers really push several steps
    reach(game)
    before, steps, state = game.save(), game.steps, game.state
    with pytest.raises(CallAdventureError):
        act(game)
    assert game.save() == before and game.steps == steps and game.state is state


def test_fluent_attempt_name_with_a_wrong_number_of_faces_leaves_no_name_attempt() -> None:
    """``attempt_name(..., faces=...)`` with too few faces: the Name attempt is taken back too (002 · Naming)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "notw"))
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "notw_kit", Path(__file__).resolve().parents[1] / "notw" / "conftest.py"
    )
    assert spec is not None and spec.loader is not None
    kit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(kit)
    game = kit.fail(kit.naming_position().game())
    before, steps = game.save(), game.steps
    for faces in (["slash", "slash"], ["slash", "slash", "slash", "slash"], ["slash", "slash", "nope"]):
        with pytest.raises(CallAdventureError):
            game.attempt_name("wind", faces=faces)
        assert game.save() == before and game.steps == steps and not game.state.pending
    game.attempt_name("wind", faces=["slash", "slash", "slash"])  # and a right one is applied whole
    assert game.steps == steps + 2
