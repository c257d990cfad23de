"""The tensors of a view: a fixed-length vector of floats per configuration, documented for learning agents.

``observation_tensor(ctx, view)`` encodes what one seat may know now (:class:`~calladventure.rules._view.View`);
every number is scaled and clipped to [0, 1]; seats are *relative* to the viewer (0 is the viewer, 1 the next seat clockwise …; a spectator
sees seat 0 as relative 0). The vector is three blocks, in this order:

1. **Cards** (``N × 32``, row-major, one row per card of the configuration in card-database
   order, the order of :func:`card_order`): a one-hot of where the card is, as the viewer sees it —
   column 0: not shown (hidden or out of sight); for relative seat ``r`` (0–3), columns
   ``1 + 6r …``: in hand, dealt and not kept, a Character card shown, in the Story, an Ally,
   played; column 25: in a revealed row; 26: an Ally under a table card; 27: an Act discard pile;
   28: the Hero or Antihero discard pile; 29: out of the game (shown); 30: waiting (a card on a
   window's stack, an Ally being placed); 31: shown anywhere else (an expansion's cards on the table).
2. **Seats** (``4 × 10``, relative seats 0–3): present, Experience / 10, track level /
   levels, Act / 4, hand size / 10, Hero cards in hand / 10, Antihero cards in hand / 10,
   Destiny revealed, is the active hero, is to move.
3. **Game** (``33`` + the boxes' columns): phase one-hot (setup, play, over); the decision pending one-hot (none,
   Character, Ally, draw, window before, window as, cast, expansion decision, re-cast Dark
   runes, and in the last three columns: window any-time, window end of turn, a forced choice);
   an attempt under way; its hero's relative seat one-hot (4); its Dark runes bought / 3,
   casts / 3, free Dark runes / 3; the Hero and Antihero decks' and the three Act decks'
   sizes / their cards; turn number / 50; the final turns have begun; mode one-hot
   (competitive, co-op, solo); then the columns each box of the library declares
   (``Expansion.columns``, zeros when the box is not in play: the Adversary's tokens / 40 and
   deck size / 20); the last three pending kinds above.

:func:`information_state_tensor` appends a summary of the public history: for each relative
seat, how many actions of each kind it has taken (:data:`HISTORY_KINDS`) / 20. The
information-state *string* (``View.information_state_string``) is exact; the tensor is a
fixed-size summary, as many OpenSpiel games' are.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules._context import Context
from ..rules._expansion import Expansion
from ..rules._front_hooks import Column
from ..rules._hidden import is_hidden, strings_in
from ..rules._legal import CORE_ACTION_KINDS
from ..rules._view import View
from ..values._cards import CardType
from ..values._state import GameState, Mode, Phase, PlaceAlly, Window

SEATS = 4
CARD_COLUMNS = 32
SEAT_FEATURES = 10
#: The core's columns of the game block (a decision kind's ``column`` counts them, boxes' columns aside).
CORE_GAME_FEATURES = 33
#: Where the boxes' columns sit in the game block: after the core's first 30, before its last three.
BOX_COLUMNS_AT = 30
#: The action kinds counted by the history block of :func:`information_state_tensor` (verbs), in the
#: order of their columns (each core kind declares its column: ``ActionKind.history``).
HISTORY_KINDS: tuple[str, ...] = tuple(
    k.verb
    for k in sorted((k for k in CORE_ACTION_KINDS if k.history is not None), key=lambda k: k.history or 0)
)


def card_order(ctx: Context) -> tuple[str, ...]:
    """The cards of the configuration, in the order of the card block's rows."""
    return tuple(ctx.db)


def box_columns(ctx: Context) -> tuple[tuple[Expansion, Column], ...]:
    """The columns the boxes of the configuration's library add to the game block, in order."""
    boxes = ctx.library.expansions if ctx.library is not None else ctx.expansions
    return tuple((box, column) for box in boxes for column in box.columns)


def game_features(ctx: Context) -> int:
    """The length of the game block: the core's columns and the boxes'."""
    return CORE_GAME_FEATURES + sum(column.size for _box, column in box_columns(ctx))


def observation_size(ctx: Context) -> int:
    """The length of :func:`observation_tensor` in this configuration."""
    return len(ctx.db) * CARD_COLUMNS + SEATS * SEAT_FEATURES + game_features(ctx)


def information_state_size(ctx: Context) -> int:
    """The length of :func:`information_state_tensor` in this configuration."""
    return observation_size(ctx) + SEATS * len(HISTORY_KINDS)


def _rel(view: View, seat: int) -> int:
    me = view.seat or 0
    return (seat - me) % len(view.state.players)


def _cards(ctx: Context, view: View) -> list[float]:
    state = view.state
    where: dict[str, int] = {}

    def put(cards: Sequence[str | None], column: int) -> None:
        for c in cards:
            if c is not None and not is_hidden(c):
                where.setdefault(c, column)

    for p in state.players:
        base = 1 + 6 * _rel(view, p.seat)
        put(p.hand, base)
        put([c for c in p.dealt if c not in p.characters], base + 1)
        put(p.characters, base + 2)
        put([t.card for t in p.story_cards()], base + 3)
        put([a.card for a in p.allies], base + 4)
        put(p.played, base + 5)
    for row in state.rows:
        put([s.card for s in row.slots if s is not None], 25)
        put([s.ally for s in row.slots if s is not None], 26)
        put(row.discard, 27)
    put((*state.hero_discard, *state.antihero_discard), 28)
    put(state.removed, 29)
    for pending in state.pending:
        if isinstance(pending, Window):
            put([card for _seat, card, _target in pending.stack], 30)
        elif isinstance(pending, PlaceAlly):
            put([pending.ally], 30)
    shown = {s for s in strings_in(state) if s in ctx.db}
    out = [0.0] * (len(ctx.db) * CARD_COLUMNS)
    for i, cid in enumerate(ctx.db):
        column = where.get(cid, 31 if cid in shown else 0)
        out[i * CARD_COLUMNS + column] = 1.0
    return out


def _seats(ctx: Context, view: View) -> list[float]:
    state = view.state
    out = [0.0] * (SEATS * SEAT_FEATURES)
    levels = max(1, len(ctx.track.levels))
    for p in state.players:
        r = _rel(view, p.seat)
        hero = sum(1 for c in p.hand if c == "?hero" or (c in ctx.db and ctx.db[c].type is CardType.HERO))
        row = [
            1.0,
            p.xp / 10,
            p.level / levels,
            p.act / 4,
            len(p.hand) / 10,
            hero / 10,
            (len(p.hand) - hero) / 10,
            float(p.destiny_revealed),
            float(state.turn.seat == p.seat),
            float(view.to_move == p.seat),
        ]
        out[r * SEAT_FEATURES : (r + 1) * SEAT_FEATURES] = row
    return out


def _pending_column(ctx: Context, state: GameState) -> int:
    """The game block's column of the decision pending (each decision kind declares it; 3: none)."""
    decision, top = ctx.kinds.decision(state)
    return decision.column_of(top)


def _game(ctx: Context, view: View) -> list[float]:
    state = view.state
    out = [0.0] * CORE_GAME_FEATURES
    out[(Phase.SETUP, Phase.PLAY, Phase.OVER).index(state.phase)] = 1.0
    out[_pending_column(ctx, state)] = 1.0
    att = state.attempt
    if att is not None:
        out[12] = 1.0
        out[13 + _rel(view, att.seat)] = 1.0
        out[17] = att.dark_bought / 3
        out[18] = att.casts / 3
        out[19] = att.dark_free / 3
    hero = max(1, sum(1 for c in ctx.db.values() if c.type is CardType.HERO))
    anti = max(1, sum(1 for c in ctx.db.values() if c.type is CardType.ANTIHERO))
    out[20] = len(state.hero_deck) / hero
    out[21] = len(state.antihero_deck) / anti
    for row in state.rows:
        out[21 + row.act] = len(row.deck) / max(1, sum(1 for c in ctx.db.values() if c.act == row.act))
    out[25] = state.turn.number / 50
    out[26] = float(state.final_turns is not None)
    out[27 + (Mode.COMPETITIVE, Mode.COOP, Mode.SOLO).index(state.config.mode)] = 1.0
    boxes: list[float] = []
    for box, column in box_columns(ctx):
        in_play = box in ctx.expansions
        boxes.extend(column.values(ctx, state) if in_play else [0.0] * column.size)
    return [*out[:BOX_COLUMNS_AT], *boxes, *out[BOX_COLUMNS_AT:]]


def _clip(values: list[float]) -> list[float]:
    return [0.0 if v < 0 else 1.0 if v > 1 else v for v in values]


def observation_tensor(ctx: Context, view: View) -> list[float]:
    """The view now as ``observation_size(ctx)`` floats in [0, 1] (the encoding in this module's docstring)."""
    return [*_cards(ctx, view), *_clip(_seats(ctx, view)), *_clip(_game(ctx, view))]


def information_state_tensor(ctx: Context, view: View) -> list[float]:
    """The observation tensor and, per relative seat, the count of each action kind it took / 20."""
    counts = [0.0] * (SEATS * len(HISTORY_KINDS))
    n = len(view.state.players)
    me = view.seat or 0
    for line in view.history:
        who, _, text = line.partition(": ")
        if not who.startswith("P") or not who[1:].isdigit():
            continue
        verb = text.split(" ", 1)[0]
        if verb in HISTORY_KINDS:
            r = (int(who[1:]) - 1 - me) % n
            counts[r * len(HISTORY_KINDS) + HISTORY_KINDS.index(verb)] += 1 / 20
    return [*observation_tensor(ctx, view), *_clip(counts)]


__all__ = [
    "BOX_COLUMNS_AT",
    "CARD_COLUMNS",
    "CORE_GAME_FEATURES",
    "HISTORY_KINDS",
    "SEATS",
    "SEAT_FEATURES",
    "box_columns",
    "card_order",
    "game_features",
    "information_state_size",
    "information_state_tensor",
    "observation_size",
    "observation_tensor",
]
