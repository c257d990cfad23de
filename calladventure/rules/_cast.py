"""The one cast of runes: challenge attempts, Dark runes added after a cast, and every expansion's casts.

Chance is an action (docs/design.md, "Chance as actions"): the pending
:class:`~calladventure.values._state.AwaitCast` says whose cast it is; ``cast`` draws one 64-bit value from the game's RNG and gives every rune
of the pool a face from it (``cast 0 1 1`` forces the faces but uses up the same draw, so a
history of casts with faces replays exactly). Every rune has two equally likely faces
(``000 · Reading the Runes``), so the outcomes of a pending cast are its 2ⁿ face tuples, each
with probability 2⁻ⁿ (:func:`chance_outcomes`).

A challenge cast (``000 · Attempt a Challenge``) applies what its faces give at once
(a moon's Corruption, ``000 · Glossary: Corruption``, option ``moon_corruption``; Experience;
the draw-card symbol draws, ``000 · Hero and Antihero Cards``) and opens the "as any hero
attempts" window (a re-attempt gives back the Corruption of the cast before it as it takes
effect: ``000 · Glossary: Re-attempt``). The boxes see the cast (``Expansion.after_cast``) once
its draws are drawn, a "draw either" after the hero has chosen its deck: a box that reveals a
card of its own on the cast (an Adversary's) does so after the hero has drawn "as usual". Dark
runes a card adds after that cast are cast in a cast of their own (:func:`dark_cast`, ``000 ·
FAQs: Card-draw result during a challenge``): they join the attempt's cast and their moons give
Corruption as they show. An expansion's cast
(``AwaitCast.source``) is resolved by it, after the other expansions have seen it
(``Expansion.other_cast``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction

from ..values import _rng as rng
from ..values._actions import CastRunes
from ..values._copies import (
    attempt_after_cast,
    attempt_with_cast,
    new_choose_draw,
    state_with_players_pending,
    state_with_rng_attempt_pending,
    state_with_rng_attempt_pending_players,
    state_with_rng_pending,
)
from ..values._events import Event, Log
from ..values._illegal import IllegalActionError
from ..values._members import (
    DRAW_CHOICE,
    MOON_CORRUPTION_AT_CAST,
    RUNE_KIND_SPECIAL,
    SPECIAL_DRAW_CHOICE,
    WINDOW_KIND_AS,
)
from ..values._runes import Draw, Face, Rune
from ..values._state import Attempt, AwaitCast, GameState, Pending
from ._attempts import attempt_pool
from ._context import Context
from ._effects import moon_corruption, players_gaining_xp
from ._table import draw_hand_card, log_event
from ._windows import after_attempt_window, nobody_asked, window_for


def pending_cast(state: GameState) -> AwaitCast | None:
    """The cast due now, if the next step is one."""
    top = state.pending[-1] if state.pending else None
    return top if isinstance(top, AwaitCast) else None


#: The ``detail`` of a pending cast of Dark runes added after the attempt's cast: ``dark <count>``.
DARK_DETAIL = "dark"


def dark_cast(seat: int, count: int) -> AwaitCast:
    """The pending cast of ``count`` Dark runes a card added to ``seat``'s attempt after its cast.

    ``000 · FAQs: Card-draw result during a challenge``: Dark runes added before the attempt
    resolves are cast at once and join the cast; their cast is the next step, a chance node
    like any cast (the history records its faces, a scenario may force them, ``cast 1 0``).
    """
    return AwaitCast(seat, "", f"{DARK_DETAIL} {count}")


def added_dark(cast: AwaitCast) -> int:
    """How many added Dark runes ``cast`` casts (:func:`dark_cast`); 0 for an attempt's own cast or a box's."""
    if cast.source or not cast.detail:
        return 0
    word, _, count = cast.detail.partition(" ")
    if word != DARK_DETAIL or not count.isdigit():
        raise IllegalActionError("cast", f"{cast.detail!r} is not a cast of the core (dark <count>)")
    return int(count)


def cast_pool(ctx: Context, state: GameState) -> tuple[Rune, ...] | None:
    """The runes of the cast due (or of the attempt under way), or None."""
    top = pending_cast(state)
    if top is not None and top.source:
        ext = ctx.expansion(top.source)
        if ext is None:
            raise IllegalActionError("cast", f"the cast belongs to {top.source!r}, which is not in play")
        return ext.cast_pool(ctx, state, top)
    if top is not None and top.detail:
        return (ctx.runes.dark,) * added_dark(top)
    att = state.attempt
    return attempt_pool(ctx, state, att) if att is not None else None


def chance_outcomes(ctx: Context, state: GameState) -> Iterator[tuple[CastRunes, Fraction]]:
    """Every outcome of the cast due, with its probability (they sum to 1); nothing when no cast is due."""
    if pending_cast(state) is None:
        return
    pool = cast_pool(ctx, state) or ()
    n = len(pool)
    p = Fraction(1, 2**n)
    for bits in range(2**n):
        yield CastRunes(tuple((bits >> i) & 1 for i in range(n))), p


#: The cast of ``n`` runes (the action as done, with its faces) for each value of their ``n`` bits,
#: by ``n``: built as they come up (pools of up to :data:`_KEPT_RUNES` runes; actions are immutable).
_CASTS: dict[int, dict[int, CastRunes]] = {}
_KEPT_RUNES = 12


def _cast_of(value: int, n: int) -> CastRunes:
    """The cast a 64-bit draw gives ``n`` runes: the i-th rune shows face ``(value >> i) & 1``."""
    if n > _KEPT_RUNES:
        return CastRunes(tuple([(value >> i) & 1 for i in range(n)]))
    bits = value & ((1 << n) - 1)
    table = _CASTS.get(n)
    if table is None:
        table = _CASTS[n] = {}
    done = table.get(bits)
    if done is None:
        done = table[bits] = CastRunes(tuple([(bits >> i) & 1 for i in range(n)]))
    return done


def cast(
    ctx: Context, state: GameState, forced: tuple[int, ...] | None, log: Log
) -> tuple[GameState, CastRunes]:
    """Cast the pool of the cast due (or use the forced faces) and apply what follows at once."""
    top = pending_cast(state)
    if top is None:
        raise IllegalActionError("cast", "no cast is due")
    source = top.source
    if source or top.detail:
        pool = cast_pool(ctx, state) or ()
    else:
        att = state.attempt
        pool = attempt_pool(ctx, state, att) if att is not None else ()
    # One 64-bit draw gives every rune its face (a pool is far below 64 runes); a forced cast uses
    # up the same draw, so replaying the history (whose casts carry their faces) reproduces the RNG.
    value, r = rng.next_u64(state.rng)
    done = CastRunes(tuple(forced)) if forced is not None else _cast_of(value, len(pool))
    faces = done.faces
    assert faces is not None
    if len(faces) != len(pool):
        raise IllegalActionError(done, f"this cast has {len(pool)} runes; give one face for each")
    if source:
        ext = ctx.expansion(top.source)
        assert ext is not None  # cast_pool has checked
        state = state_with_rng_pending(state, r, state.pending[:-1])
        for (
            other
        ) in ctx.expansions:  # e.g. an Adversary's card revealed by a Name cast (option name_cast_reveals)
            if other is not ext:
                state = other.other_cast(ctx, state, top, pool, faces, log)
        return ext.resolve_cast(ctx, state, top, pool, faces, log), done
    if top.detail:
        return _added_dark(ctx, state, r, top.seat, pool, faces, log), done
    return _challenge_cast(ctx, state, r, pool, faces, log), done


def _added_dark(
    ctx: Context,
    state: GameState,
    r: int,
    seat: int,
    pool: tuple[Rune, ...],
    faces: tuple[int, ...],
    log: Log,
) -> GameState:
    """Dark runes added after the cast join it, then their moons give Corruption (000 · FAQs: Card-draw result
    during a challenge; 000 · Glossary: Corruption, option ``moon_corruption``)."""
    att = state.attempt
    if att is None or att.seat != seat:
        raise IllegalActionError("cast", "the added Dark runes belong to an attempt no longer under way")
    extra = tuple([(rune.id, f) for rune, f in zip(pool, faces, strict=True)])
    state = state_with_rng_attempt_pending(
        state, r, attempt_with_cast(att, att.cast + extra), state.pending[:-1]
    )
    shown = [rune.faces[f] for rune, f in zip(pool, faces, strict=True)]
    if log is not None:
        names = " ".join(face.name for face in shown)
        log_event(log, state, "000/dark-runes", f"the added Dark rune(s) show {names}", seat)
    return moon_corruption(ctx, state, seat, sum([face.corruption for face in shown]), log)


def _read_faces(
    ctx: Context, seat: int, pool: tuple[Rune, ...], faces: tuple[int, ...], logging: bool
) -> tuple[tuple[tuple[str, int], ...], int, int, list[Draw], list[Draw | None], list[Pending]]:
    """One pass over a challenge cast's faces (000 · Reading the Runes): what was cast, the Experience
    and moons they give, the decks they draw from, each face's deck (with a log) and the "draw
    either" choices they queue (000 · Hero and Antihero Cards), in face order.

    The decks drawn from leave out "draw either"; a special rune's deck is as option special_draw says.
    """
    cast_ids: list[tuple[str, int]] = []
    drawn: list[Draw] = []
    decks: list[Draw | None] = []
    choices: list[Pending] = []
    xp = moons = 0
    special = ctx.config.rules.special_draw
    for rune, f in zip(pool, faces, strict=True):
        face = rune.faces[f]
        cast_ids.append((rune.id, f))
        moons += face.corruption
        xp += face.xp
        deck = face.draw
        if deck is not None:
            if rune.kind is RUNE_KIND_SPECIAL and special is not SPECIAL_DRAW_CHOICE:
                deck = Draw(special.value)
            if deck is DRAW_CHOICE:
                # The pending stack is answered from its end: the first choice is the last drawn.
                choices.append(new_choose_draw(seat, 1, not choices))
            else:
                drawn.append(deck)
        if logging:
            decks.append(deck)
    return tuple(cast_ids), xp, moons, drawn, decks, choices


def _logged_cast(
    log: list[Event], state: GameState, pool: tuple[Rune, ...], faces: tuple[int, ...], att: Attempt
) -> list[Face]:
    """Log the cast's faces and successes (000 · Reading the Runes); the faces shown, in order."""
    shown = [rune.faces[f] for rune, f in zip(pool, faces, strict=True)]
    names = " ".join(f"{rune.id}:{face.name}" for rune, face in zip(pool, shown, strict=True))
    total = sum([face.successes for face in shown])
    which = "re-attempt" if att.casts > 1 else "cast"
    noun = "success" if total == 1 else "successes"
    log_event(log, state, "000/reading-the-runes", f"{which}: {names} = {total} {noun}", att.seat)
    return shown


def _cast_draws(
    ctx: Context,
    state: GameState,
    seat: int,
    drawn: list[Draw],
    shown: list[Face],
    decks: list[Draw | None],
    log: Log,
) -> GameState:
    """The cards the faces draw (000 · Hero and Antihero Cards); with a log, each face's gain and draw told."""
    if log is None:
        for drawn_from in drawn:
            state = draw_hand_card(ctx, state, seat, drawn_from, log)
        return state
    for face, deck in zip(shown, decks, strict=True):
        if face.xp:
            log_event(log, state, "000/core-runes", f"{face.name}: gains {face.xp} Experience", seat)
        if deck is not None:
            log_event(
                log,
                state,
                "000/hero-and-antihero-cards",
                f"{face.name}: draws a card ({deck.value})",
                seat,
            )
            if deck is not DRAW_CHOICE:
                state = draw_hand_card(ctx, state, seat, deck, log)
    return state


def _challenge_cast(
    ctx: Context, state: GameState, r: int, pool: tuple[Rune, ...], faces: tuple[int, ...], log: Log
) -> GameState:
    """The cast of the attempt under way (000 · Attempt a Challenge; 000 · Reading the Runes).

    Neither the Experience nor the "draw either" choices the faces give read or change what their
    draws do, so they join one copy of the state.
    """
    att = state.attempt
    if att is None:
        raise IllegalActionError("cast", "no attempt is under way")
    seat = att.seat
    cast_ids, xp, moons, drawn, decks, choices = _read_faces(ctx, seat, pool, faces, log is not None)
    att = attempt_after_cast(att, cast_ids, att.casts + 1, False, 0, 0)
    # The "as any hero attempts" window opens now, under any draw choices the faces queue,
    # so drawn cards can be played in it (000 · FAQs: Card-draw result during a challenge).
    window = window_for(state, WINDOW_KIND_AS, seat)
    pending = (*state.pending[:-1], window)
    shown = _logged_cast(log, state, pool, faces, att) if log is not None else []
    # 000 · Glossary: Corruption: "When a Dark rune shows a moon … move one level down" (option
    # moon_corruption): the moons act first, then what the faces give.
    if moons and ctx.config.rules.moon_corruption is MOON_CORRUPTION_AT_CAST:
        state = state_with_rng_attempt_pending(state, r, att, pending)
        state = moon_corruption(ctx, state, seat, moons, log)
        if xp or choices:
            players = players_gaining_xp(state, seat, xp) if xp else state.players
            state = state_with_players_pending(state, players, (*state.pending, *choices))
    else:
        players = players_gaining_xp(state, seat, xp) if xp else state.players
        state = state_with_rng_attempt_pending_players(state, r, att, (*pending, *choices), players)
    state = _cast_draws(ctx, state, seat, drawn, shown, decks, log)
    if choices:
        # The hero draws "as usual" first: the boxes see the cast once the last "draw either" is
        # drawn (:func:`cast_drawn`).
        return state
    state = _boxes_see_cast(ctx, state, pool, faces, log)
    if state.pending and state.pending[-1] is window and nobody_asked(ctx, state):
        # Nobody may play now: the window is taken away and the attempt goes on as when it closes.
        state = after_attempt_window(ctx, state, log, state.pending[:-1])
    return state


def _boxes_see_cast(
    ctx: Context, state: GameState, pool: Sequence[Rune], faces: Sequence[int], log: Log
) -> GameState:
    """Every box sees the attempt's cast, what its faces give applied (``Expansion.after_cast``)."""
    for ext in ctx.expansions:
        state = ext.after_cast(ctx, state, pool, faces, log)
    return state


def cast_drawn(ctx: Context, state: GameState, log: Log) -> GameState:
    """The cast's last "draw either" is drawn: now the boxes see the attempt's cast (``Expansion.after_cast``)."""
    att = state.attempt
    if att is None:
        return state
    pool = [ctx.rune_by_id[rune] for rune, _ in att.cast]
    return _boxes_see_cast(ctx, state, pool, [face for _, face in att.cast], log)


__all__ = [
    "DARK_DETAIL",
    "added_dark",
    "cast",
    "cast_drawn",
    "cast_pool",
    "chance_outcomes",
    "dark_cast",
    "pending_cast",
]
