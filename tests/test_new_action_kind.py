"""A new action kind, and a decision kind, added in test-only code: one declaration each, one file, no edit elsewhere.

The toy box "Resting" below adds ``rest``: once a turn, before its main action, a hero with no
Experience rests and takes one; then it dreams, a decision of its own (``Decision(seat,
"resting", "dream")``) answered by ``dream keep`` or ``dream forget``. Each action is its value
class (fields, notation) and its :class:`~calladventure.rules._kinds.ActionKind` (candidates,
refusal, application, action-id entries, words); the decision is one
:class:`~calladventure.rules._kinds.DecisionKind`. The box registers them through its
``Expansion`` in a library of its own (docs/design.md: How to add an action), and whole seeded
games are played with them, every step checked.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import attrs
import pytest
from invariants import check_invariants, check_listed_iff_no_refusal

from calladventure import Game, Library
from calladventure.expansions import BUNDLED
from calladventure.present._action_words import action_words
from calladventure.rules import ActionKind, Context, DecisionKind, Expansion, Phrase, set_player
from calladventure.rules._kinds import phrase
from calladventure.values._actions import Action, Words
from calladventure.values._events import Log
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import Decision, GameState, evolve

KEY = "resting"
DREAM_KIND = "dream"

# ============================================================================ rest


@attrs.frozen
class Rest(Action):
    """Rest: a hero with no Experience takes one, once a turn, before its main action."""

    verbs: ClassVar[tuple[str, ...]] = ("rest",)

    def __str__(self) -> str:
        return "rest"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return None if rest else cls()


def _rest_refusal(ctx: Context, state: GameState, seat: int, action: Rest) -> str | None:
    turn, player = state.turn, state.players[seat]
    if turn.attempted or turn.gained:
        return "a hero rests before its main action (000 · Each Turn)"
    if KEY in turn.marks:
        return "a hero rests once a turn"
    if player.xp:
        return f"only a hero with no Experience rests; P{seat + 1} has {player.xp}"
    return None


def _rest(ctx: Context, state: GameState, action: Rest, log: Log) -> GameState:
    seat = state.turn.seat
    state = set_player(state, seat, xp=state.players[seat].xp + 1)
    turn = evolve(state.turn, marks=(*state.turn.marks, KEY))
    return evolve(state, turn=turn, pending=(*state.pending, Decision(seat, KEY, DREAM_KIND)))


REST: ActionKind[Rest] = ActionKind(
    Rest,
    "000/each-turn",
    candidates=lambda ctx, state, seat: (Rest(),),
    refusal=_rest_refusal,
    apply=_rest,
    space=lambda ctx: (Rest(),),
    words=lambda ctx, state, action: phrase("rest and take one Experience"),
    joins=("main",),
)

# ============================================================================ dream: the decision after a rest


@attrs.frozen
class Dream(Action):
    """Remember the dream, or forget it."""

    verbs: ClassVar[tuple[str, ...]] = ("dream",)
    keep: bool

    def __str__(self) -> str:
        return "dream keep" if self.keep else "dream forget"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return cls(rest == "keep") if rest in ("keep", "forget") else None


def _dreaming(state: GameState) -> bool:
    top = state.pending[-1] if state.pending else None
    return isinstance(top, Decision) and top.source == KEY and top.kind == DREAM_KIND


def _dream(ctx: Context, state: GameState, action: Dream, log: Log) -> GameState:
    return evolve(state, pending=state.pending[:-1])


DREAM: ActionKind[Dream] = ActionKind(
    Dream,
    "000/each-turn",
    candidates=lambda ctx, state, seat: (Dream(True), Dream(False)),
    refusal=lambda ctx, state, seat, action: None if _dreaming(state) else "nobody is dreaming",
    apply=_dream,
    space=lambda ctx: (Dream(True), Dream(False)),
)

DREAMING = DecisionKind(
    "dream",
    "000/each-turn",
    (DREAM,),
    pending=Decision,
    source=KEY,
    key=DREAM_KIND,
    waiting="a dream to be kept or forgotten",
    column=10,
)


class Resting(Expansion):
    id: ClassVar[str] = KEY
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = (REST, DREAM)
    decision_kinds: ClassVar[tuple[DecisionKind, ...]] = (DREAMING,)


# ============================================================================ the tests


@pytest.fixture(scope="module")
def library() -> Library:
    return Library((*BUNDLED, Resting()))


def _play(library: Library, players: int, seed: int, **options: Any) -> tuple[Game, int]:
    """A seeded random game with every step checked; returns it and how many times someone rested."""
    game = Game.new(players=players, seed=seed, library=library, **options)
    ctx = game.ctx
    chooser, refusals = random.Random(seed), random.Random(seed ^ 0xDEC1DE)
    rests = 0
    check_invariants(ctx, game.state)
    while not game.over:
        assert game.steps < 3000
        state = game.state
        legal = list(game.legal_actions)
        check_listed_iff_no_refusal(ctx, state, legal, refusals, full=game.steps % 25 == 0)
        action = chooser.choice(legal)
        game.push(action)
        check_invariants(ctx, game.state, state)
        if isinstance(action, Rest):
            rests += 1
            assert game.state.players[state.turn.seat].xp == 1
            assert game.to_move == state.turn.seat and isinstance(game.state.pending[-1], Decision)
    return game, rests


@pytest.mark.parametrize(
    ("players", "mode"), [(1, "competitive"), (2, "competitive"), (3, "coop"), (4, "competitive")]
)
def test_a_new_action_kind_plays_whole_seeded_games(library: Library, players: int, mode: str) -> None:
    rested = 0
    for seed in range(4):
        sets = ("stormlight",) if mode == "coop" else ("core",)
        game, rests = _play(library, players, 40 + seed, sets=sets, mode=mode)
        rested += rests
        assert game.outcome() is not None
        again = Game.loads(game.save(), library=library, record_events=False)
        assert again.history == game.history and again.state == game.state
        assert game.replay().state == game.state
    assert rested, "nobody rested in these games"


def test_the_new_kinds_are_in_the_notation_the_action_table_and_the_words(library: Library) -> None:
    game = Game.new(players=2, seed=3, library=library)
    table = game.action_table
    assert [str(a) for a in table[-3:]] == ["rest", "dream keep", "dream forget"]  # a box's entries come last
    assert {"rest", "dream"} <= set(game.ctx.notation.verbs)
    assert action_words(game, Rest()) == "rest and take one Experience"
    assert action_words(game, Dream(True)) == "dream keep"  # no words declared: the notation
    assert isinstance(REST.words(game.ctx, game.state, Rest()), Phrase)  # type: ignore[misc]
    plain = Game.new(players=2, seed=3)
    assert "rest" not in plain.ctx.notation.verbs and len(plain.action_table) == len(table) - 3


def test_the_new_decision_waits_for_its_answer_and_explains_a_refusal(library: Library) -> None:
    game = Game.new(players=2, seed=5, library=library)
    chooser = random.Random(5)
    while not game.over and Rest() not in game.legal_actions:
        game.push(chooser.choice(game.legal_list()))
    assert not game.over, "no rest came up"
    seat = game.to_move
    assert seat is not None
    game.push("rest")
    with pytest.raises(
        IllegalActionError, match=rf"waiting for a dream to be kept or forgotten by P{seat + 1}"
    ):
        game.push("end")
    assert game.observation_tensor(seat)[-35 + 10] == 1.0  # the pending column the decision declares
    game.push("dream keep")
    with pytest.raises(IllegalActionError, match="a hero rests once a turn"):
        game.push("rest")
    with pytest.raises(IllegalActionError, match="nobody is dreaming"):
        game.push("dream forget")
