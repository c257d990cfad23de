"""Determinisation: a full state consistent with a view, hidden cards drawn uniformly over the unseen ones.

A search bot that plans on the true state cheats (it reads hands and deck order). It plans
instead on states *sampled* from its view: every placeholder of the view's state
(:mod:`.hidden`) gets an unseen card of its category, uniformly at random (each category's
unseen cards are shuffled and dealt to its placeholders in order), and the RNG state is a fresh
random 64-bit value, so the next rune faces and shuffles are unknown too (``000 · Reading the
Runes``). The unseen cards of a category are the cards of the game's sets of that category
that the view shows nowhere: every card of a game is in exactly one place, so their number is
the number of placeholders (:func:`fill` checks it).

What a sample does not use: the order in which cards once seen went back into a deck (a
reshuffled discard pile is treated like any unseen card), and what a seat's choices say about
its hand (a seat that passes in a window may hold nothing playable). The samples are uniform
over the cards the view does not show, as OpenSpiel's resampling of an information state is.
"""

from __future__ import annotations

import random
from collections import Counter

from ..values._errors import CallAdventureError
from ..values._state import Choice, GameState, Pending, evolve
from ._context import Context
from ._hidden import category_of, is_hidden, map_cards, placeholders, strings_in


class InconsistentViewError(CallAdventureError):
    """A view whose placeholders do not match the unseen cards of the game's sets (a card lost or shown twice)."""


def unseen(ctx: Context, state: GameState) -> dict[str, list[str]]:
    """The cards of each category that ``state`` (a view's) shows nowhere, in card-database order."""
    shown = set(strings_in(state))
    out: dict[str, list[str]] = {}
    for cid in ctx.db:
        if cid not in shown:
            out.setdefault(category_of(ctx, state, cid), []).append(cid)
    return out


def _refill(state: GameState, item: Pending) -> Pending:
    """A forced discard its view left without options (another hero's hand): the filled hand's cards."""
    if isinstance(item, Choice) and item.kind == "discard" and not item.options:
        return evolve(item, options=tuple(dict.fromkeys(state.players[item.seat].hand)))
    return item


def fill(ctx: Context, state: GameState, rng: random.Random | None = None) -> GameState:
    """``state`` (a view's) with each placeholder replaced by an unseen card of its category.

    With ``rng`` the cards are shuffled first (a uniform sample) and the RNG state drawn from
    it; without, they are dealt in card-database order and the RNG state is 0 (a canonical
    filling). Raises :class:`InconsistentViewError` when the counts do not match.
    """
    pools = unseen(ctx, state)
    wanted = Counter(p[1:] for p in placeholders(state))
    for category in sorted(set(wanted) | {c for c, cards in pools.items() if cards}):
        have = len(pools.get(category, ()))
        if wanted[category] != have:
            raise InconsistentViewError(
                f"the view hides {wanted[category]} {category} card(s) but {have} are unseen: "
                "every card of the game's sets must be in exactly one place"
            )
    if rng is not None:
        for cards in pools.values():
            rng.shuffle(cards)
    queues = {category: iter(cards) for category, cards in pools.items()}

    def deal(text: str) -> str:
        return next(queues[text[1:]]) if is_hidden(text) else text

    out = map_cards(state, deal)
    return evolve(
        out,
        pending=tuple(_refill(out, p) for p in out.pending),
        removed=tuple(sorted(out.removed)),
        rng=rng.getrandbits(64) if rng is not None else 0,
    )


def sample_state(ctx: Context, state: GameState, rng: random.Random) -> GameState:
    """A full state consistent with a view's ``state``, drawn with the caller's seeded ``rng`` (:func:`fill`)."""
    return fill(ctx, state, rng)


__all__ = ["InconsistentViewError", "fill", "sample_state", "unseen"]
