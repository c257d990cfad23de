"""The decisions an action leaves pending: an Ally to place, a deck to draw from, a cast, more Dark runes.

``000 · Allies``: the active hero tucks a revealed Ally under a challenge. ``000 · Hero and
Antihero Cards``: a draw of either kind picks its deck. ``000 · Reading the Runes``: the runes
of an attempt are cast (a chance step: ``cast`` samples, ``cast 0 1 1`` forces the faces).
``000 · Dark Runes``: before a re-attempt's cast, more Dark runes may be bought (open question 8).
A box's own decision is a ``Decision`` value its declaration answers (``Expansion.decision_kinds``).

This module declares these action kinds (``ally``, ``draw``, ``cast``, ``dark``) and the
decisions they answer (:mod:`.kinds`); the Character cards, forced choices and timing windows
are :mod:`.characters`', :mod:`.choices`' and :mod:`.priority`'s.
"""

from __future__ import annotations

from ..values._actions import Action, BuyDark, CastRunes, ChooseDeck, PlaceAllyUnder
from ..values._events import Log
from ..values._options import DarkLimit
from ..values._runes import Draw
from ..values._state import (
    AwaitCast,
    ChooseDraw,
    ChooseRecastDark,
    Decision,
    GameState,
    PlaceAlly,
    evolve,
)
from ._attempts import recast_dark_allowed
from ._cast import cast, cast_drawn, cast_pool
from ._context import Context
from ._effects import gain_xp
from ._kinds import ActionKind, DecisionKind, Phrase, card_name, phrase, plural_phrase, top_of
from ._plays import interned
from ._table import ally_targets, draw_hand_card, log_event, place_ally

_NOTHING = "nothing is waiting for that decision now"
_MAX_DARK = 3  # 000 · Dark Runes: at most three
_MAX_SLOTS = 5  # 000 · Prepare the Story Decks: five cards a row with four players
_ACTS = (1, 2, 3)  # 000 · Prepare the Story Decks: one row per Act


def _waiting(ctx: Context, words: str, seat: int) -> str:
    return f"the game is waiting for {words} by {ctx.config.name(seat)}"


# ============================================================================ an Ally to place (000 · Allies)

_ALLY_WAITING = "an Ally to be placed under a challenge (000 · Allies)"


def _allies(ctx: Context, state: GameState, seat: int) -> list[PlaceAllyUnder]:
    """Each challenge the revealed Ally may go under (its own row's written without the row)."""
    top = top_of(state, PlaceAlly)
    return [
        interned(ctx, PlaceAllyUnder, i, None if act == top.act else act)
        for act, i in ally_targets(ctx, state, top.act)
    ]


def _ally_refused(ctx: Context, state: GameState, seat: int, action: PlaceAllyUnder) -> str | None:
    """Under a challenge with no Ally yet (:func:`~.table.ally_targets`); its own row's written without the row."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, PlaceAlly):
        return _NOTHING
    where = (top.act if action.act is None else action.act, action.slot)
    if action.act != top.act and where in ally_targets(ctx, state, top.act):
        return None
    return _waiting(ctx, _ALLY_WAITING, top.seat)


def _place(ctx: Context, state: GameState, action: PlaceAllyUnder, log: Log) -> GameState:
    ally = top_of(state, PlaceAlly)
    where = (action.act or ally.act, action.slot)
    return place_ally(ctx, state, ally, where, log, pending=state.pending[:-1])


def _ally_space(ctx: Context) -> list[PlaceAllyUnder]:
    """Each slot of the Ally's own row, then the same slots of each Act's row (option ``ally_rows``)."""
    own = [PlaceAllyUnder(i) for i in range(_MAX_SLOTS)]
    return own + [PlaceAllyUnder(i, act) for act in _ACTS for i in range(_MAX_SLOTS)]


def _ally_words(ctx: Context, state: GameState, action: PlaceAllyUnder) -> Phrase:
    top = state.pending[-1] if state.pending else None
    if isinstance(top, PlaceAlly):
        slots = state.row(top.act).slots
        slot = slots[action.slot] if action.slot < len(slots) else None
        if slot is not None:
            ally, card = card_name(ctx, top.ally), card_name(ctx, slot.card)
            return phrase("tuck {ally} under {card} (slot {slot})", ally=ally, card=card, slot=action.slot)
    return phrase("tuck the Ally under the challenge in slot {slot}", slot=action.slot)


PLACE_ALLY: ActionKind[PlaceAllyUnder] = ActionKind(
    PlaceAllyUnder,
    "000/allies",
    candidates=_allies,
    refusal=_ally_refused,
    apply=_place,
    exact=True,
    space=_ally_space,
    words=_ally_words,
)

ALLY = DecisionKind("ally", "000/allies", (PLACE_ALLY,), pending=PlaceAlly, waiting=_ALLY_WAITING, column=5)


# ============================================================================ a deck to draw from

_DECKS = (ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO))


def _deck_refused(ctx: Context, state: GameState, seat: int, action: ChooseDeck) -> str | None:
    return None if state.pending and isinstance(state.pending[-1], ChooseDraw) else _NOTHING


def _draw(ctx: Context, state: GameState, action: ChooseDeck, log: Log) -> GameState:
    draw = top_of(state, ChooseDraw)
    state = draw_hand_card(ctx, state, draw.seat, action.deck, log, pending=state.pending[:-1])
    return cast_drawn(ctx, state, log) if draw.closes_cast else state


def _deck_words(ctx: Context, state: GameState, action: ChooseDeck) -> Phrase:
    if action.deck is Draw.HERO:
        return phrase("draw from the Hero deck")
    return phrase("draw from the Antihero deck")


CHOOSE_DECK: ActionKind[ChooseDeck] = ActionKind(
    ChooseDeck,
    "000/hero-and-antihero-cards",
    candidates=_DECKS,
    refusal=_deck_refused,
    apply=_draw,
    exact=True,
    space=lambda ctx: (ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO)),
    words=_deck_words,
)

DRAW = DecisionKind(
    "draw",
    "000/hero-and-antihero-cards",
    (CHOOSE_DECK,),
    pending=ChooseDraw,
    waiting="the choice of deck for a card draw",
    column=6,
)


# ============================================================================ the cast (000 · Reading the Runes)

_CASTS = (CastRunes(),)


def _cast_refused(ctx: Context, state: GameState, seat: int, action: CastRunes) -> str | None:
    """A cast is due; forced faces give one face (0 or 1) for each rune of its pool."""
    if not state.pending or not isinstance(state.pending[-1], AwaitCast):
        return _NOTHING
    if action.faces is None:
        return None
    pool = cast_pool(ctx, state) or ()
    if len(action.faces) != len(pool) or any(f not in (0, 1) for f in action.faces):
        return f"this cast has {len(pool)} runes ({', '.join(r.id for r in pool)}); give one face (0 or 1) for each"
    return None


def _cast(ctx: Context, state: GameState, action: CastRunes, log: Log) -> tuple[GameState, CastRunes]:
    return cast(ctx, state, action.faces, log)


def _cast_words(ctx: Context, state: GameState, action: CastRunes) -> Phrase:
    pool = cast_pool(ctx, state)
    if action.faces is None or pool is None:
        return phrase("cast the runes")
    faces = ", ".join(rune.faces[f].name for rune, f in zip(pool, action.faces, strict=False))
    return phrase("cast: {faces}", faces=faces)


CAST_RUNES: ActionKind[CastRunes] = ActionKind(
    CastRunes,
    "000/reading-the-runes",
    candidates=_CASTS,
    refusal=_cast_refused,
    exact=True,
    apply=lambda ctx, state, action, log: _cast(ctx, state, action, log)[0],
    chance=_cast,
    words=_cast_words,
    history=9,
)

CAST = DecisionKind(
    "cast",
    "000/reading-the-runes",
    (CAST_RUNES,),
    pending=AwaitCast,
    waiting="the runes to be cast",
    column=9,
    chance=True,
)


# ============================================================================ Dark runes before a re-cast (000 · Dark Runes)


def _recast_dark(ctx: Context, state: GameState) -> int:
    att = state.attempt
    return recast_dark_allowed(ctx, state, att) if att is not None else 0


def _buys(ctx: Context, state: GameState, seat: int) -> list[BuyDark]:
    return [interned(ctx, BuyDark, k) for k in range(_recast_dark(ctx, state) + 1)]


def _buy_refused(ctx: Context, state: GameState, seat: int, action: BuyDark) -> str | None:
    """Dark runes are bought as an attempt is declared, or before a re-attempt's cast, within the limit."""
    att = state.attempt
    if att is None or not state.pending or not isinstance(state.pending[-1], ChooseRecastDark):
        return (
            "Dark runes are bought when an attempt is declared (attempt … dark=N), or before a "
            "re-attempt's cast (000 · Dark Runes)"
        )
    more = recast_dark_allowed(ctx, state, att)
    if 0 <= action.count <= more:
        return None
    scope = "this turn" if ctx.config.rules.dark_limit is DarkLimit.PER_TURN else "for this cast"
    return (
        f"at most {more} more Dark rune(s) now: three {scope} (dark_limit option), "
        "one Experience each, none at the lowest Corruption level or on a Radiant path (000 · Dark Runes)"
    )


def _buy(ctx: Context, state: GameState, action: BuyDark, log: Log) -> GameState:
    """Before a re-attempt's cast, buy more Dark runes, or none (000 · Dark Runes; open question 8)."""
    att = state.attempt
    assert att is not None
    seat = att.seat
    state = evolve(state, pending=state.pending[:-1])
    if action.count == 0:
        if log is not None:
            log_event(log, state, "000/dark-runes", "buys no more Dark runes for the re-attempt", seat)
        return state
    state = gain_xp(state, seat, -action.count)
    att = evolve(att, dark_bought=att.dark_bought + action.count, dark_recast=att.dark_recast + action.count)
    turn = evolve(state.turn, dark_bought=state.turn.dark_bought + action.count)
    state = evolve(state, attempt=att, turn=turn)
    if log is not None:
        log_event(
            log,
            state,
            "000/dark-runes",
            f"spends {action.count} Experience on Dark runes for the re-attempt",
            seat,
        )
    return state


def _buy_words(ctx: Context, state: GameState, action: BuyDark) -> Phrase:
    if not action.count:
        return phrase("no more Dark runes: cast")
    return plural_phrase("buy {n} more Dark rune", "buy {n} more Dark runes", action.count)


BUY_DARK: ActionKind[BuyDark] = ActionKind(
    BuyDark,
    "000/dark-runes",
    candidates=_buys,
    refusal=_buy_refused,
    apply=_buy,
    space=lambda ctx: [BuyDark(k) for k in range(_MAX_DARK + 1)],
    words=_buy_words,
    explains=True,
)

RECAST = DecisionKind(
    "recast",
    "000/dark-runes",
    (BUY_DARK,),
    pending=ChooseRecastDark,
    waiting="the Dark runes bought before the re-attempt casts (dark 0, dark 1 …; 000 · Dark Runes)",
    column=11,
)


# ============================================================================ a box's decision


def _undeclared(ctx: Context, state: GameState, seat: int, action: Action, kind: object) -> str:
    top = state.pending[-1]
    assert isinstance(top, Decision)
    return f"the game is waiting for a decision ({top.kind}) by {ctx.config.name(seat)}"


#: A box's decision that no box in play declares (``Expansion.decision_kinds`` answers the others).
BOX_DECISION = DecisionKind("decision", "000/each-turn", (), pending=Decision, other=_undeclared, column=10)


__all__ = [
    "ALLY",
    "BOX_DECISION",
    "BUY_DARK",
    "CAST",
    "CAST_RUNES",
    "CHOOSE_DECK",
    "DRAW",
    "PLACE_ALLY",
    "RECAST",
]
