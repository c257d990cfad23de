"""The table: story rows and decks, Hero and Antihero decks, drawing and refilling, Allies.

Sources: ``000 · Prepare the Story Decks`` (rows of four, or five for four players),
``000 · Attempt a Challenge`` (a taken or discarded card is replaced from its Act deck),
``000 · Allies`` (a revealed Ally goes under any available challenge of the active player's
choice, or is discarded), ``000 · Hero and Antihero Cards`` (drawing).
"""

from __future__ import annotations

from typing import Any

from ..values import _rng as rng
from ..values._cards import CardType
from ..values._copies import (
    new_event,
    new_slot,
    player_with_hand,
    row_with_deck_discard,
    row_with_deck_slots,
    row_with_discard,
    row_with_slots,
    row_with_slots_discard,
    state_with_pending,
    state_with_players,
    state_with_rng,
    state_with_rows,
    state_with_rows_pending,
    state_with_rows_players_turn,
)
from ..values._events import Log
from ..values._members import ALLY_ROWS_ANY_ROW, CARD_TYPE_ALLY, CARD_TYPE_CHALLENGE, DRAW_HERO
from ..values._runes import Draw
from ..values._state import GameState, Pending, PlaceAlly, Player, Row, Slot, Turn, evolve
from ._context import Context


def log_event(
    log: Log, state: GameState, section: str, text: str, seat: int | None = None, *, secret: str = ""
) -> None:
    """Append an event if anyone is listening; ``secret``: what only ``seat`` may read (``Event.secret``)."""
    if log is not None:
        who = "" if seat is None else state.config.name(seat)  # the seat as the game names it
        log.append(new_event(0, section, text, seat, secret, who))  # step 0 until the game stamps it


def rows_with(state: GameState, row: Row) -> tuple[Row, ...]:
    """The table's rows with ``row`` in its Act's place (for one copy of the state that changes more)."""
    rows = list(state.rows)
    rows[row.act - 1] = row
    return tuple(rows)


def set_row(state: GameState, row: Row) -> GameState:
    return state_with_rows(state, rows_with(state, row))


def players_with(state: GameState, seat: int, **changes: Any) -> tuple[Player, ...]:
    """The heroes with ``changes`` made to ``seat``'s (for one copy of the state that changes more)."""
    return players_putting(state, seat, evolve(state.players[seat], **changes))


def players_putting(state: GameState, seat: int, player: Player) -> tuple[Player, ...]:
    """The heroes with ``player`` in ``seat``'s place (:func:`rows_with`'s twin for the heroes)."""
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def set_player(state: GameState, seat: int, **changes: Any) -> GameState:
    return state_with_players(state, players_with(state, seat, **changes))


def draw_top(
    state: GameState, deck: tuple[str, ...], discard: tuple[str, ...]
) -> tuple[GameState, str | None, tuple[str, ...], tuple[str, ...], bool]:
    """Take the top card of a deck, shuffling the discard pile into a new deck when it is empty.

    The one draw routine of every deck (Act decks, Hero and Antihero decks, an Adversary's
    deck: 000 · Attempt a Challenge, 000 · Hero and Antihero Cards, and any expansion's deck).
    Returns (state with the RNG advanced if it shuffled, the card or None when both are empty,
    the deck left, the discard pile left, whether it shuffled).
    """
    shuffled = False
    if not deck:
        if not discard:
            return state, None, (), (), False
        deck, r = rng.shuffled(state.rng, discard)
        discard = ()
        state = state_with_rng(state, r)
        shuffled = True
    return state, deck[0], deck[1:], discard, shuffled


def draw_story(ctx: Context, state: GameState, act: int, log: Log) -> tuple[GameState, str | None]:
    """Take the top card of an Act deck; reshuffle its discard pile when the deck runs out."""
    row = state.row(act)
    state, card, deck, discard, shuffled = draw_top(state, row.deck, row.discard)
    if log is not None:
        if card is None:
            log_event(log, state, "000/attempt-a-challenge", f"the Act {act} deck and discard are empty")
        elif shuffled:
            log_event(
                log,
                state,
                "000/attempt-a-challenge",
                f"the Act {act} discard pile is shuffled into a new deck",
            )
    if card is None:
        return state, None
    return set_row(state, row_with_deck_discard(row, deck, discard)), card


def fill_slot(ctx: Context, state: GameState, act: int, index: int, chooser: int, log: Log) -> GameState:
    """Fill an empty slot from its Act deck; a revealed Ally waits for the chooser to place it.

    Face-down rows are filled without looking: their Allies are placed when the row is
    revealed (:func:`reveal_row`). The common case (the top card is no Ally and the deck is not
    empty) changes the row once.
    """
    row = state.rows[act - 1]
    if row.deck:
        card = row.deck[0]
        if not (row.revealed and ctx.db[card].type is CARD_TYPE_ALLY):
            slots = list(row.slots)
            slots[index] = new_slot(card, None)
            if row.revealed and log is not None:
                log_event(log, state, "000/attempt-a-challenge", f"{ctx.db[card].name} is dealt to Act {act}")
            rows = list(state.rows)  # set_row's change, made here without its two calls (hot: every refill)
            rows[act - 1] = row_with_deck_slots(row, row.deck[1:], tuple(slots))
            return state_with_rows(state, tuple(rows))
    while True:
        state, drawn = draw_story(ctx, state, act, log)
        if drawn is None:
            return state
        row = state.row(act)
        if row.revealed and ctx.db[drawn].type is CARD_TYPE_ALLY:
            if log is not None:
                log_event(
                    log, state, "000/allies", f"Ally {ctx.db[drawn].name} is revealed in Act {act}", chooser
                )
            state = state_with_pending(state, (*state.pending, PlaceAlly(chooser, drawn, act)))
            continue
        slots = list(row.slots)
        slots[index] = new_slot(drawn, None)
        if row.revealed and log is not None:
            log_event(log, state, "000/attempt-a-challenge", f"{ctx.db[drawn].name} is dealt to Act {act}")
        return set_row(state, row_with_slots(row, tuple(slots)))


def reveal_row(ctx: Context, state: GameState, act: int, chooser: int, log: Log) -> GameState:
    """Turn an Act's row face up; Allies in it are placed by ``chooser`` and their slots refilled."""
    row = evolve(state.row(act), revealed=True)
    state = set_row(state, row)
    if log is not None:
        log_event(log, state, "000/ending-an-act", f"the Act {act} row is revealed", chooser)
    for i, slot in enumerate(row.slots):
        if slot is not None and ctx.db[slot.card].type is CardType.ALLY:
            if log is not None:
                log_event(
                    log,
                    state,
                    "000/allies",
                    f"Ally {ctx.db[slot.card].name} is revealed in Act {act}",
                    chooser,
                )
            cur = state.row(act)
            slots = list(cur.slots)
            slots[i] = None
            state = set_row(state, evolve(cur, slots=tuple(slots)))
            state = evolve(state, pending=(*state.pending, PlaceAlly(chooser, slot.card, act)))
            state = fill_slot(ctx, state, act, i, chooser, log)
    return state


def ally_targets(ctx: Context, state: GameState, act: int) -> list[tuple[int, int]]:
    """(act, slot) of the challenges with no Ally yet that a revealed Ally may go under (000 · Allies).

    "The active player tucks it under any available challenge": any revealed row's (option
    ``ally_rows = "any_row"``), the Ally's own row first; with ``"own_row"`` only its own row's.
    """
    rows = [state.row(act)]
    if ctx.config.rules.ally_rows is ALLY_ROWS_ANY_ROW:
        rows += [r for r in state.rows if r.act != act and r.revealed]
    return [
        (row.act, i)
        for row in rows
        for i, s in enumerate(row.slots)
        if s is not None and s.ally is None and ctx.db[s.card].type is CARD_TYPE_CHALLENGE
    ]


def place_ally(
    ctx: Context,
    state: GameState,
    pa: PlaceAlly,
    where: tuple[int, int] | None,
    log: Log,
    *,
    pending: tuple[Pending, ...] | None = None,
) -> GameState:
    """Tuck the Ally under the challenge at ``where`` (act, slot), or discard it when ``where`` is None.

    A discarded Ally goes to the discard pile of the row it was revealed in. ``pending``: the
    decisions waiting afterwards, when the caller changes them too (one copy of the state).
    """
    name = ctx.db[pa.ally].name
    pending = state.pending if pending is None else pending
    if where is None:
        row = state.row(pa.act)
        if log is not None:
            log_event(log, state, "000/allies", f"no challenge can hold {name}: it is discarded", pa.seat)
        return evolve(
            state, rows=rows_with(state, evolve(row, discard=(*row.discard, pa.ally))), pending=pending
        )
    act, slot = where
    row = state.row(act)
    target = row.slots[slot]
    assert target is not None
    slots = list(row.slots)
    slots[slot] = new_slot(target.card, pa.ally)
    if log is not None:
        elsewhere = f" in Act {act}" if act != pa.act else ""
        log_event(
            log, state, "000/allies", f"{name} is tucked under {ctx.db[target.card].name}{elsewhere}", pa.seat
        )
    return state_with_rows_pending(state, rows_with(state, row_with_slots(row, tuple(slots))), pending)


def rows_taking(state: GameState, act: int, index: int) -> tuple[tuple[Row, ...], Slot]:
    """The table's rows once a card (and its Ally) leaves a slot, and that slot (for one copy of the state)."""
    rows = list(state.rows)  # rows_with's change, made here without its call (hot: every gain)
    row = rows[act - 1]
    slot = row.slots[index]
    assert slot is not None
    slots = list(row.slots)
    slots[index] = None
    rows[act - 1] = row_with_slots(row, tuple(slots))
    return tuple(rows), slot


def discard_slot(
    ctx: Context,
    state: GameState,
    act: int,
    index: int,
    *,
    players: tuple[Player, ...] | None = None,
    turn: Turn | None = None,
) -> GameState:
    """Discard a table card and the Ally under it, each to its own Act's discard pile (000 · Journey).

    ``players``, ``turn``: the heroes and the turn, when the caller changes them too (one copy of the state).
    """
    rows_list = list(state.rows)  # rows_with's change, made here without its call (hot: every discard)
    row = rows_list[act - 1]
    slot = row.slots[index]
    assert slot is not None
    slots = list(row.slots)
    slots[index] = None
    rows_list[act - 1] = row_with_slots_discard(row, tuple(slots), (*row.discard, slot.card))
    rows = tuple(rows_list)
    if players is None and turn is None:
        state = state_with_rows(state, rows)
    else:
        players = state.players if players is None else players
        state = state_with_rows_players_turn(state, rows, players, state.turn if turn is None else turn)
    if slot.ally is not None:
        home = ctx.db[slot.ally].act or act
        other = state.row(home)
        state = set_row(state, row_with_discard(other, (*other.discard, slot.ally)))
    return state


def find_on_table(state: GameState, card: str) -> tuple[int, int] | None:
    """(act, slot) of a card in a row, or None."""
    for row in state.rows:
        for i, s in enumerate(row.slots):
            if s is not None and s.card == card:
                return row.act, i
    return None


def draw_hand_card(
    ctx: Context,
    state: GameState,
    seat: int,
    deck: Draw,
    log: Log,
    *,
    pending: tuple[Pending, ...] | None = None,
) -> GameState:
    """Draw a Hero or Antihero card into a seat's hand; reshuffle the discard pile if needed.

    ``pending``: the decisions waiting once the card is drawn, when the caller changes them too
    (one copy of the state for both).
    """
    hero = deck is DRAW_HERO
    kind = "Hero" if hero else "Antihero"
    if hero:
        state, card, rest, discard, shuffled = draw_top(state, state.hero_deck, state.hero_discard)
    else:
        state, card, rest, discard, shuffled = draw_top(state, state.antihero_deck, state.antihero_discard)
    if card is None:
        if log is not None:
            log_event(
                log, state, "000/hero-and-antihero-cards", f"the {kind} deck is empty: no card drawn", seat
            )
        return state if pending is None else state_with_pending(state, pending)
    if shuffled and log is not None:
        log_event(log, state, "000/hero-and-antihero-cards", f"the {kind} discard pile is reshuffled", seat)
    if log is not None:
        log_event(
            log,
            state,
            "000/hero-and-antihero-cards",
            f"draws {'a' if hero else 'an'} {kind} card",
            seat,
            secret=ctx.db[card].name,
        )
    player = state.players[seat]
    players = players_putting(state, seat, player_with_hand(player, (*player.hand, card)))
    pending = state.pending if pending is None else pending
    if hero:
        return evolve(state, hero_deck=rest, hero_discard=discard, players=players, pending=pending)
    return evolve(state, antihero_deck=rest, antihero_discard=discard, players=players, pending=pending)


__all__ = [
    "ally_targets",
    "discard_slot",
    "draw_hand_card",
    "draw_story",
    "draw_top",
    "fill_slot",
    "find_on_table",
    "log_event",
    "place_ally",
    "players_putting",
    "players_with",
    "reveal_row",
    "rows_taking",
    "rows_with",
    "set_player",
    "set_row",
]
