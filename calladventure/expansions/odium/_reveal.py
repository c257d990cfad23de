"""Odium's cards: revealed by the runes, applied to the attempting hero, discarded at the end of the turn.

``000 · Playing Odium's Cards``: a dark triangle on the core runes reveals Odium's top card once
the hero has drawn "as usual" (a "draw either" chosen and drawn: the rules call ``after_cast``
then); it takes effect at once on the attempting hero, then every seat may answer in the "as
any hero attempts" window (option ``odium_reveal``: or only a light and a dark triangle
together, open question 6). ``000 · Odium's Deck``: discarded at the end of the turn; the discard pile is
shuffled into a new deck when it runs out. ``INDEX · Core solo / co-op``: the core Adversary's
skull deck is revealed on any draw-card symbol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...rules._context import Context
from ...rules._effects import apply_effect
from ...rules._table import draw_top, log_event
from ...values._copies import state_with_effects_ext
from ...values._events import Log
from ...values._members import (
    DRAW_ANTIHERO,
    DRAW_CHOICE,
    DRAW_HERO,
    DURATION_ATTEMPT,
    DURATION_TURN,
    RUNE_KIND_CORE,
)
from ...values._runes import Draw, Face, Rune, RuneKind
from ...values._state import AwaitCast, GameState
from ._cards import is_odium_style
from ._copies import odium_with_deck_discard_revealed, odium_with_revealed_discard
from ._options import NAME_CAST_REVEALS, ODIUM_REVEAL, OdiumReveal
from ._state import KEY, OdiumState, odium_of, with_odium


def reveals(ctx: Context, state: GameState, faces: Iterable[Face]) -> bool:
    """Whether a cast's core-rune faces make the Adversary reveal a card.

    Odium: a dark triangle (000 · Playing Odium's Cards), or, with ``odium_reveal =
    "light_and_dark"``, a light and a dark triangle together (open question 6); a dual triangle
    shows both. The core Adversary: any draw-card symbol (INDEX · Core solo / co-op).
    """
    od = odium_of(state)
    if od is None:
        return False
    return _draws_reveal(ctx, od, [f.draw for f in faces if f.draw is not None])


def _draws_reveal(ctx: Context, od: OdiumState, draws: list[Draw]) -> bool:
    """:func:`reveals` from the card-draw symbols of the core runes' faces."""
    if not draws:
        return False
    if not is_odium_style(ctx.db[od.adversary]):
        return True
    dark = DRAW_ANTIHERO in draws or DRAW_CHOICE in draws
    if ctx.config.rules.option(ODIUM_REVEAL) is OdiumReveal.DARK_TRIANGLE:
        return dark
    return dark and (DRAW_HERO in draws or DRAW_CHOICE in draws)


def after_cast(
    ctx: Context, state: GameState, pool: Sequence[Rune], faces: Sequence[int], log: Log
) -> GameState:
    """After a cast (a re-attempt too: 000 · Glossary: Re-attempt), reveal the Adversary's card if the core runes say so."""
    od = odium_of(state)
    if od is None:
        return state
    draws = []
    for rune, f in zip(pool, faces, strict=True):
        if rune.kind is RUNE_KIND_CORE:
            draw = rune.faces[f].draw
            if draw is not None:
                draws.append(draw)
    if not draws or not _draws_reveal(ctx, od, draws):
        return state
    att = state.attempt
    assert att is not None
    return reveal(ctx, state, att.seat, log)


def reveal(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """Reveal the top card of the Adversary's deck and apply it to the attempting hero, before the attempt resolves.

    ``000 · Playing Odium's Cards``: the card takes effect at once; every seat may then answer
    in the "as any hero attempts" window. A card whose effect does not apply is still played
    (``000 · FAQs: Odium's cards take effect``). When the deck runs out, the discard pile is
    shuffled into a new deck (``000 · Odium's Deck``). Its effects end with the turn at the latest.
    """
    od = odium_of(state)
    assert od is not None
    state, cid, deck, discard, shuffled = draw_top(state, od.deck, od.discard)
    if cid is None:
        if log is not None:
            log_event(
                log,
                state,
                "000/odiums-deck",
                "the Adversary's deck and discard pile are empty: no card",
                seat,
            )
        return state
    if shuffled and log is not None:
        log_event(
            log, state, "000/odiums-deck", "the Adversary's discard pile is shuffled into a new deck", seat
        )
    state = with_odium(state, odium_with_deck_discard_revealed(od, deck, discard, (*od.revealed, cid)))
    card = ctx.db[cid]
    if log is not None:
        log_event(
            log,
            state,
            "000/playing-odiums-cards",
            f"{ctx.db[od.adversary].name} reveals {card.name}: it takes effect on P{seat + 1} before the attempt resolves",
            seat,
        )
    play = card.play
    if play is None:
        return state
    duration = play.duration if play.duration in (DURATION_ATTEMPT, DURATION_TURN) else DURATION_TURN
    # Dark runes added after the cast are cast at once and join it, as a player's card's would be
    # (the rules' dark_runes handler: 000 · Playing Odium's Cards).
    for eff in play.effects:
        state = apply_effect(ctx, state, eff, cid, seat, seat, duration, log)
    return state


def other_cast(
    ctx: Context, state: GameState, cast: AwaitCast, pool: Sequence[Rune], faces: Sequence[int], log: Log
) -> GameState:
    """Another box's cast of the core runes (a Name attempt's) reveals a card only with option ``name_cast_reveals``.

    Open: ``000 · Playing Odium's Cards`` says "whenever you cast the core rune stones"; ``002 ·
    Naming`` says the omen result draws nothing in a Name attempt, which is no challenge. By
    default it reveals nothing.
    """
    if not ctx.config.rules.option(NAME_CAST_REVEALS):
        return state
    core = [rune.faces[f] for rune, f in zip(pool, faces, strict=True) if rune.kind is RuneKind.CORE]
    if not reveals(ctx, state, core):
        return state
    return reveal(ctx, state, cast.seat, log)


def discard_revealed(ctx: Context, state: GameState, log: Log) -> GameState:
    """End of turn: the Adversary's revealed cards are discarded and their effects end (000 · Odium's Deck)."""
    od = odium_of(state)
    if od is None or not od.revealed:
        return state
    revealed = od.revealed
    gone = set(revealed)
    effects = tuple(e for e in state.effects if e.source not in gone)
    od = odium_with_revealed_discard(od, (), (*od.discard, *revealed))
    state = state_with_effects_ext(state, effects, state.ext.set(KEY, od))  # one copy for both
    if log is not None:
        names = ", ".join(ctx.db[c].name for c in revealed)
        log_event(log, state, "000/odiums-deck", f"end of turn: {names} discarded, its effects end")
    return state


__all__ = ["after_cast", "discard_revealed", "other_cast", "reveal", "reveals"]
