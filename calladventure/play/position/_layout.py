"""Laying a position out: every card of the game's sets in exactly one place.

:func:`lay_out` places what the position gives (each seat, each Act row, the tops and discard
piles of the decks), deals the Character cards left out, and puts every other card where it
belongs: story cards in their Act deck, Hero and Antihero cards in their deck, unchosen
Character cards and the cards of no deck out of the game (``000 · Deal the Cards``,
``000 · Prepare the Story Decks``). The result is the start of a turn, in phase PLAY.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from ...rules import Context
from ...values import _rng as rng
from ...values._cards import CardType
from ...values._options import AllyRows
from ...values._state import GameState, Phase, Player, Row, Slot, Turn
from ._placement import Placement
from ._seats import seat_player
from ._specs import HAND_TYPES, TABLE_TYPES, HeroSpec, PositionError, RowSpec

__all__ = ["lay_out"]

#: A slot still to deal from its Act deck.
_DEAL = "deal"


def lay_out(
    ctx: Context,
    heroes: Sequence[HeroSpec],
    rows: Sequence[RowSpec],
    *,
    seed: int,
    turn: Turn,
    hero_top: Sequence[str] = (),
    hero_discard: Sequence[str] = (),
    antihero_top: Sequence[str] = (),
    antihero_discard: Sequence[str] = (),
    closed_by: int | None = None,
    final_turns: Sequence[int] | None = None,
) -> GameState:
    """The :class:`GameState` of one spec per seat and one per Act row (Acts 1, 2, 3), checked."""
    placed = Placement(ctx)
    players = [seat_player(placed, seat, spec) for seat, spec in enumerate(heroes)]
    revealed = _face_up(rows, players)
    width = 5 if len(heroes) == 4 else 4
    slots, tops, discards = _place_rows(placed, rows, width, revealed, len(heroes))
    hero_ids = _place(placed, hero_top, "the top of the Hero deck", CardType.HERO)
    anti_ids = _place(placed, antihero_top, "the top of the Antihero deck", CardType.ANTIHERO)
    hero_used = _place(placed, hero_discard, "the Hero discard pile", CardType.HERO)
    anti_used = _place(placed, antihero_discard, "the Antihero discard pile", CardType.ANTIHERO)
    r = _deal_characters(placed, players, rng.seed_state(seed))
    for i, p in enumerate(players):
        if p.destiny_revealed and p.destiny is None:
            raise PositionError(f"P{i + 1}: the Destiny is revealed but there is none")
        hs = heroes[i]
        if hs.level is None and hs.virtue is None and p.motivation is not None:
            start_virtue = ctx.db[p.motivation].start_virtue  # 000 · Reveal Your Character
            players[i] = attrs.evolve(p, level=ctx.track.clamp(ctx.track.start - start_virtue))
    removed, shuffled, r = _the_rest(placed, r)
    dealt = tuple(
        _dealt_row(
            placed, act, slots[act - 1], tops[act - 1], discards[act - 1], shuffled[act], revealed[act - 1]
        )
        for act in (1, 2, 3)
    )
    closed, last = _ending(tuple(players), turn.seat, closed_by, final_turns)
    return GameState(
        config=ctx.config,
        players=tuple(players),
        rows=dealt,
        hero_deck=hero_ids + tuple(shuffled[CardType.HERO]),
        antihero_deck=anti_ids + tuple(shuffled[CardType.ANTIHERO]),
        rng=r,
        turn=turn,
        phase=Phase.PLAY,
        hero_discard=hero_used,
        antihero_discard=anti_used,
        final_turns=last,
        closed_by=closed,
        removed=tuple(sorted(removed)),
    )


def _face_up(rows: Sequence[RowSpec], players: Sequence[Player]) -> list[bool]:
    """Whether each Act row is face up: Act 1 always, a later one only once a hero has completed the Act before."""
    revealed = [bool(rows[a - 1].revealed) if rows[a - 1].revealed is not None else a == 1 for a in (1, 2, 3)]
    if not revealed[0]:
        raise PositionError("the Act 1 row is face up once play begins (000 · Prepare the Story Decks)")
    for act in (2, 3):
        if revealed[act - 1] and not any(p.act > act - 1 for p in players):
            raise PositionError(
                f"the Act {act} row is face up only once a hero has completed Act {act - 1} "
                "(000 · Ending An Act)"
            )
    return revealed


def _place_rows(
    placed: Placement, rows: Sequence[RowSpec], width: int, revealed: Sequence[bool], seats: int
) -> tuple[list[list[Slot | str | None]], list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Each Act row's slots (:data:`_DEAL` marks a slot to deal from the deck), the top of its deck and its discard pile."""
    slots: list[list[Slot | str | None]] = []
    tops: list[tuple[str, ...]] = []
    discards: list[tuple[str, ...]] = []
    for act in (1, 2, 3):
        spec = rows[act - 1]
        slots.append(_row_slots(placed, act, spec, width, revealed[act - 1], seats))
        tops.append(_place(placed, spec.top, f"the top of the Act {act} deck", *TABLE_TYPES))
        discards.append(_place(placed, spec.discard, f"the Act {act} discard pile", *TABLE_TYPES))
        for cid in tops[-1] + discards[-1]:
            placed.check_act(placed.ctx.db[cid], act, f"the Act {act} deck")
    return slots, tops, discards


def _dealt_row(
    placed: Placement,
    act: int,
    slots: list[Slot | str | None],
    top: tuple[str, ...],
    discard: tuple[str, ...],
    pool: list[str],
    face_up: bool,
) -> Row:
    """An Act row: the slots left to deal dealt from the shuffled ``pool`` first, then its deck (the top given, the rest)."""
    dealt = tuple(_deal_row(placed, slots, pool, face_up))  # takes the cards dealt out of the pool
    return Row(act=act, revealed=face_up, slots=dealt, deck=top + tuple(pool), discard=discard)


def _place(placed: Placement, refs: Sequence[str], where: str, *types: CardType) -> tuple[str, ...]:
    """The ids of the cards ``refs`` names, placed at ``where`` (each of one of ``types``)."""
    return tuple(placed.take(c, where, types).id for c in refs)


def _deal_characters(placed: Placement, players: list[Player], r: int) -> int:
    """Character cards not given are dealt from the rest, seeded (000 · Deal the Cards)."""
    ctx = placed.ctx
    for kind, ctype in (
        ("origin", CardType.ORIGIN),
        ("motivation", CardType.MOTIVATION),
        ("destiny", CardType.DESTINY),
    ):
        free = sorted(c.id for c in ctx.db.values() if c.type is ctype and c.id not in placed.where)
        free = [c for c in free if not placed.out_of_game(ctx.db[c])]
        deck, r = rng.shuffled(r, free)
        left = list(deck)
        for i, p in enumerate(players):
            if getattr(p, kind) is None and left:
                cid = left.pop(0)
                placed.where[cid] = f"P{i + 1}'s {kind.title()}"
                change: dict[str, Any] = {kind: cid}
                players[i] = attrs.evolve(p, **change)
    return r


def _the_rest(placed: Placement, r: int) -> tuple[list[str], dict[object, list[str]], int]:
    """Everything not placed goes where it belongs: the removed cards, and each deck shuffled.

    000 · Prepare the Story Decks; 001 · Prepare the Story Decks (a first game).
    """
    ctx = placed.ctx
    removed: list[str] = []
    pools: dict[object, list[str]] = {1: [], 2: [], 3: [], CardType.HERO: [], CardType.ANTIHERO: []}
    for cid in sorted(ctx.db):
        if cid in placed.where:
            continue
        card = ctx.db[cid]
        if placed.out_of_game(card) or card.type.is_character:
            removed.append(cid)
        elif card.type.is_story:
            if card.act not in (1, 2, 3):
                raise PositionError(
                    f"{card.name} ({cid}) is a {card.type.value} card with no Act (1, 2 or 3)"
                )
            pools[card.act].append(cid)
        elif card.type in HAND_TYPES:
            pools[card.type].append(cid)
        else:
            removed.append(cid)
    shuffled: dict[object, list[str]] = {}
    for key, ids in pools.items():
        deck, r = rng.shuffled(r, ids)
        shuffled[key] = list(deck)
    return removed, shuffled, r


def _deal_row(
    placed: Placement, slots: list[Slot | str | None], pool: list[str], revealed: bool
) -> list[Slot | None]:
    """The row's slots, those left to deal dealt from ``pool`` (which loses them; 000 · Allies)."""
    out: list[Slot | None] = []
    for s in slots:
        if s != _DEAL:
            assert not isinstance(s, str)
            out.append(s)
            continue
        # A face-up row holds no loose Ally: Allies dealt to it stay in the deck.
        pick = next((c for c in pool if not (revealed and placed.ctx.db[c].type is CardType.ALLY)), None)
        if pick is not None:
            pool.remove(pick)
        out.append(Slot(pick) if pick is not None else None)
    return out


def _row_slots(
    placed: Placement, act: int, spec: RowSpec, width: int, revealed: bool, players: int
) -> list[Slot | str | None]:
    """The slots an Act row's spec gives, checked; the rest marked to deal (000 · Allies)."""
    cards = spec.cards if spec.cards is not None else ()
    if len(cards) > width:
        raise PositionError(
            f"the Act {act} row has {width} slots with {players} player(s), not {len(cards)} "
            "(000 · Prepare the Story Decks)"
        )
    out: list[Slot | str | None] = []
    for i, item in enumerate(cards):
        where = f"the Act {act} row, slot {i}"
        if item is None:
            out.append(None)
            continue
        ref, ally_ref = (item, None) if isinstance(item, str) else item
        card = placed.take(ref, where, TABLE_TYPES)
        placed.check_act(card, act, where)
        if card.type is CardType.ALLY and revealed:
            raise PositionError(
                f"{where}: an Ally is not left alone in a face-up row; tuck it under a challenge with "
                "(challenge, ally) (000 · Allies)"
            )
        ally_id = None
        if ally_ref is not None and not revealed:
            raise PositionError(
                f"{where}: Allies are tucked under challenges when a row is revealed; "
                f"the Act {act} row is face down (000 · Allies)"
            )
        if ally_ref is not None:
            if card.type is not CardType.CHALLENGE:
                raise PositionError(
                    f"{where}: {card.name} is a {card.type.value}; only a challenge holds an Ally (000 · Allies)"
                )
            ally = placed.take(ally_ref, f"under {card.name} in the Act {act} row", (CardType.ALLY,))
            if placed.ctx.config.rules.ally_rows is AllyRows.OWN_ROW:  # "any available challenge" by default
                placed.check_act(ally, act, where)
            ally_id = ally.id
        out.append(Slot(card.id, ally_id))
    out.extend([_DEAL] * (width - len(cards)))
    return out


def _ending(
    players: tuple[Player, ...], seat: int, closed_by: int | None, final_turns: Sequence[int] | None
) -> tuple[int | None, tuple[int, ...] | None]:
    """Who closed the game and who still takes a final turn (000 · Ending the Game)."""
    done = [p.seat for p in players if p.act > 3]
    if final_turns is not None:
        if closed_by not in done:
            raise PositionError(
                f"P{(closed_by or 0) + 1} closed the game but has fewer than three cards under the Destiny"
            )
        return closed_by, tuple(final_turns)
    if not done:
        return None, None
    if seat in done:
        n = len(players)
        return seat, tuple((seat + k) % n for k in range(1, n))
    raise PositionError(
        f"P{done[0] + 1} has three cards under the Destiny: say who still takes a final turn with "
        ".ending(closed_by, final_turns) (000 · Ending the Game)"
    )
