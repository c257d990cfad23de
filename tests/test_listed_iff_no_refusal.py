"""Legality is derived from the declarations, and the invariant that says so is not vacuous.

Each action kind declares its candidates and its refusal (``calladventure.rules._kinds``); the
legal list is the candidates whose refusal is None (a kind whose candidates are ``exact`` skips
the refusals). ``invariants.check_listed_iff_no_refusal``, run by the random-play tests in every
mode, checks that every action of the action table is listed exactly when its refusal is None.
Here a disagreement is planted in one declaration at a time, and the invariant catches it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from invariants import check_listed_iff_no_refusal

from calladventure.expansions import BUNDLED
from calladventure.game import Game
from calladventure.rules import Library
from calladventure.rules._kinds import ActionKind
from calladventure.rules._legal import CORE_ACTION_KINDS, refusal
from calladventure.rules._main_phase import GAIN, JOURNEY
from calladventure.rules._priority import PASS
from calladventure.values._actions import GainTrait


@contextmanager
def planted(kind: ActionKind[Any], **fields: Callable[..., Any]) -> Iterator[None]:
    """Change fields of one (frozen) declaration for the duration of a test, then put them back."""
    before = {name: getattr(kind, name) for name in fields}
    try:
        for name, value in fields.items():
            object.__setattr__(kind, name, value)
        yield
    finally:
        for name, value in before.items():
            object.__setattr__(kind, name, value)


def _first_disagreement(players: int = 3, seed: int = 7) -> str:
    """Play a seeded random game checking the whole action table at every step; the first failure's message.

    The game is played in a library of its own, whose kind table is built now (from the planted declarations).
    """
    game = Game.new(players=players, seed=seed, record_events=False, library=Library(BUNDLED))
    chooser = random.Random(seed)
    while not game.over:
        legal = list(game.legal_actions)
        try:
            check_listed_iff_no_refusal(game.ctx, game.state, legal, full=True)
        except AssertionError as failure:
            return str(failure)
        game.push(chooser.choice(legal))
    return ""


def test_the_real_declarations_agree_over_a_whole_game() -> None:
    assert _first_disagreement() == ""


def test_a_refusal_that_allows_too_much_is_caught() -> None:
    """A journey refusal that forgets its rules: journeys not listed are said to be legal."""
    with planted(JOURNEY, refusal=lambda ctx, state, seat, action: None):
        found = _first_disagreement()
    assert "journey" in found and "is not listed but its refusal is None" in found, found


def test_candidates_that_miss_a_legal_action_are_caught() -> None:
    """A window whose ``pass`` is never a candidate, while its refusal says it is legal."""
    with planted(PASS, candidates=lambda ctx, state, seat: ()):
        found = _first_disagreement()
    assert "pass is not listed but its refusal is None" in found, found


def test_exact_candidates_that_list_too_much_are_caught() -> None:
    """``exact`` candidates skip the refusals: a trait listed that the rules refuse is caught."""

    def every_trait(ctx: Any, state: Any, seat: int) -> list[GainTrait]:
        table = [s.card for row in state.rows if row.revealed for s in row.slots if s is not None]
        return [GainTrait(c) for c in table if ctx.db[c].type.value == "trait"]

    with planted(GAIN, candidates=every_trait):
        found = _first_disagreement()
    assert "gain" in found and "is listed but its refusal says" in found, found


def test_every_core_kind_has_entries_in_the_action_table_or_is_a_chance_step() -> None:
    game = Game.new(players=2, seed=1)
    kinds = {game.ctx.kinds.kind_of(a) for a in game.action_table}
    assert {k for k in CORE_ACTION_KINDS if k.chance is None} <= kinds
    assert all(k.chance is None for k in kinds)  # a cast's outcomes are numbered apart


def test_a_legal_action_has_no_refusal_and_an_illegal_one_cites_its_rule() -> None:
    game = Game.new(players=2, seed=1)
    while game.state.pending:
        game.push(game.legal_actions[0])
    state = game.state
    for action in game.legal_actions:
        assert refusal(game.ctx, state, action) is None
    assert refusal(game.ctx, state, game.parse("end")) is None
    why = refusal(game.ctx, state, GainTrait("core/no-such-card"))
    assert why == "no card 'core/no-such-card'"
