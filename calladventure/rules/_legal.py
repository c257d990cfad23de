"""Whose decision it is, every legal action now, and why any other action is not legal: loops over the kinds.

``000 · Each Turn``: the active hero may journey, then gain a trait or attempt a challenge,
play cards and use powers, and end its turn; pending decisions (a Character to keep, an
Ally to place, a deck to draw from, a timing window, a cast, a forced choice, a box's
decision) come first: the seat they belong to decides (in a window, the seat priority has
reached: ``000 · Hero and Antihero Cards``).

Each kind of action and each kind of decision is declared once (:mod:`.kinds`); this module
only loops over the declarations. The decision now is found by its pending value (or the stage
of the turn); the legal actions are its answers' candidates whose refusal is None
(:meth:`.ActionKind.legal`); :func:`refusal` asks the action's kind, or says what the decision
waits for; :func:`check` and :func:`why_illegal` use it. The core's declarations are listed
here, in the order of the action-id table; :func:`kind_table` adds the boxes'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..values._actions import Action
from ..values._illegal import IllegalActionError
from ..values._members import PHASE_OVER
from ..values._state import Decision, GameState
from ._characters import CHARACTER, KEEP
from ._choices import CHOICE, CHOOSE
from ._context import Context
from ._decisions import ALLY, BOX_DECISION, BUY_DARK, CAST, CAST_RUNES, CHOOSE_DECK, DRAW, PLACE_ALLY, RECAST
from ._expansion import Expansion
from ._kinds import ActionKind, DecisionKind, KindTable, build_table
from ._main_phase import ATTEMPT, END, FREE_DISCARD, GAIN, JOURNEY, MAIN
from ._priority import PASS, PLAY, USE, WINDOW

#: The core's action kinds, in the order of the action-id table (:mod:`.action_ids`): each kind's
#: entries that name no card come in this order, then each card's entries in this order.
CORE_ACTION_KINDS: tuple[ActionKind[Any], ...] = (
    KEEP,
    GAIN,
    ATTEMPT,
    JOURNEY,
    FREE_DISCARD,
    PLAY,
    USE,
    END,
    PASS,
    BUY_DARK,
    CHOOSE_DECK,
    PLACE_ALLY,
    CAST_RUNES,
    CHOOSE,
)
#: The core's decision kinds: the main phase, and one per pending value class.
CORE_DECISION_KINDS: tuple[DecisionKind, ...] = (
    MAIN,
    WINDOW,
    CHARACTER,
    ALLY,
    DRAW,
    CAST,
    RECAST,
    CHOICE,
    BOX_DECISION,
)

#: The core's decision of each pending value class (whose move and chance need no context).
_CORE_PENDING = {d.pending: d for d in CORE_DECISION_KINDS if d.pending is not None}
# read on every push, kept as a module constant (docs/design.md § Speed without shortcuts)


def kind_table(in_play: Sequence[Expansion], offered: Sequence[Expansion] = ()) -> KindTable:
    """The kinds of the core and of the boxes ``in_play``; ``offered`` boxes' actions still explain themselves."""
    boxes = [(e.action_kinds, e.decision_kinds) for e in in_play]
    others = [k for e in offered if e not in in_play for k in e.action_kinds]
    return build_table((CORE_ACTION_KINDS, CORE_DECISION_KINDS), boxes, others)


def to_move(state: GameState) -> int | None:
    """The seat whose decision it is (None once the game is over; chance steps belong to the casting seat)."""
    if state.phase is PHASE_OVER:
        return None
    if state.pending:
        top: Any = state.pending[-1]
        mover = _CORE_PENDING[type(top)].mover
        return top.seat if mover is None else mover(state, top)
    return state.turn.seat


def is_chance(state: GameState) -> bool:
    """Whether the next step is a rune cast (a chance step: docs/design.md, "Chance as actions")."""
    return bool(state.pending) and _CORE_PENDING[type(state.pending[-1])].chance


def legal_actions(ctx: Context, state: GameState) -> list[Action]:
    """Every action legal now, for the seat :func:`to_move` names: the answers of the decision now."""
    if state.phase is PHASE_OVER:
        return []
    table = ctx.kinds
    pending = state.pending
    if pending:  # KindTable.decision and DecisionKind.seat, written out: asked at every push
        top: Any = pending[-1]
        decision = table.by_pending[type(top)]
        if type(top) is Decision:
            decision = table.by_key.get((top.source, top.kind), decision)
        mover = decision.mover
        seat = top.seat if mover is None else mover(state, top)
    else:
        decision = table.decision(state)[0] if table.stages else table.main
        seat = state.turn.seat
    out: list[Action] = []
    if decision.admits is not None:  # a stage that restricts its answers: kind by kind
        for kind in table.listing[decision]:
            if decision.admits(ctx, state, seat, kind) is None:
                out.extend(kind.legal(ctx, state, seat))
        return out
    for listed in table.plans[decision]:  # each answer's ActionKind.legal (or its exact candidates)
        out += listed(ctx, state, seat)
    return out


def refusal(ctx: Context, state: GameState, action: Action) -> str | None:
    """Why ``action`` is not legal now, citing the rule; None when it is (its kind's refusal, derived).

    An action that answers the decision now is judged by its kind (after what the decision
    admits); any other is told what the game waits for (with nothing pending, an action of
    another decision explains itself).
    """
    if state.phase is PHASE_OVER:
        return "the game is over"
    table = ctx.kinds
    decision, top = table.decision(state)
    seat = decision.seat(state, top)
    kind = table.kind_of(action)
    if kind is not None and (kind.explains or kind in table.answering[decision]):
        if decision.admits is not None and kind in table.answering[decision]:
            why = decision.admits(ctx, state, seat, kind)
            if why is not None:
                return why
        return kind.refusal(ctx, state, seat, action)
    return decision.refuse_other(ctx, state, seat, action, kind)


def why_illegal(ctx: Context, state: GameState, action: Action) -> str:
    """A sentence saying why an action is not legal now, citing the rule where there is one."""
    return refusal(ctx, state, action) or "not a legal action now"


def check(ctx: Context, state: GameState, action: Action, legal: list[Action] | None = None) -> None:
    """Raise IllegalActionError (saying why, and what is legal) unless ``action`` is legal now.

    A chance step lists its sampled form (``cast``); an outcome its kind accepts is legal too
    (``cast 0 1 1``: forced faces, 000 · Reading the Runes).
    """
    legal = legal_actions(ctx, state) if legal is None else legal
    for a in legal:  # fast path: an action taken from the legal list itself
        if a is action:
            return
    kind = ctx.kinds.kind_of(action)
    if kind is not None and kind.chance is not None and legal and type(legal[0]) is kind.action:
        why = refusal(ctx, state, action)
        if why is not None:
            raise IllegalActionError(action, why, section=kind.section)
        return
    if action in legal:
        return
    raise IllegalActionError(action, why_illegal(ctx, state, action), [str(a) for a in legal])


__all__ = [
    "CORE_ACTION_KINDS",
    "CORE_DECISION_KINDS",
    "check",
    "is_chance",
    "kind_table",
    "legal_actions",
    "refusal",
    "to_move",
    "why_illegal",
]
