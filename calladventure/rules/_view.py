"""What one seat may know: :func:`view` turns a state into a frozen :class:`View` for that seat.

The rules decide what is hidden, and only here. ``000 · Deal the Cards``: each hero's hand
"should remain hidden from other players", and so should its Destiny until it is revealed
(``000 · Reveal Your Character``; ``000 · FAQs: Revealing Destinies in Co-op``: "secret until
all players have chosen", face down until Act III or a card reveals it), and its kept Origin
and Motivation until every hero has kept (``000 · Deal the Cards``: "Each player keeps one of
each type of card, then" ``000 · Reveal Your Character``). ``000 · Prepare the
Story Decks``: the decks are shuffled and the Act II and III rows dealt face down; the
Character cards not dealt or not kept take no part and are never shown. The RNG (the next
rune faces, the next shuffle) and the seed are known to nobody.

A view keeps the state's shape: :attr:`View.state` is the game state with every card the
seat may not see replaced by a *placeholder*, ``"?"`` followed by the card's category
(``?hero``, ``?antihero``, ``?act2``, ``?destiny`` …: what its back shows), the RNG state 0
and the seed 0. So a deck keeps its size but not its order, another hero's hand shows how many
Hero and Antihero cards it holds and in which order they were drawn, a face-down Destiny is
``?destiny``. An expansion hides its own zones through :meth:`Expansion.redact` (an Adversary's deck).
The view also holds the seat's legal actions (when it is to move), the event log with other
seats' secrets dropped (:attr:`Event.secret`: the card a seat drew, the Destiny it kept) and
the history of actions as the seat saw them (another hero's kept Character cards are not named).
:mod:`.determinize` fills the placeholders back in, uniformly over the unseen cards.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from fractions import Fraction

import attrs

from ..values._actions import Action
from ..values._events import Event
from ..values._reprs import Drawable
from ..values._state import Choice, ChooseCharacter, Ext, GameState, Pending, Player, Row, Slot, evolve
from ._characters import KEPT_FACE_DOWN, characters_revealed
from ._context import Context
from ._determinize import fill
from ._hidden import CHARACTER_TYPES, category_of, hidden, is_hidden, placeholders
from ._legal import legal_actions, to_move
from ._setup import playable_cards


def _player(p: Player, hide: Callable[[str], str], revealed: bool) -> Player:
    """Another hero as a seat sees it: hand and unkept dealt cards as card backs, the Destiny face down.

    Until every hero has kept (``revealed``: 000 · Reveal Your Character) its kept Origin and
    Motivation are face down too, and left out of its dealt cards (each card in one place).
    """
    kept = {p.origin, p.motivation}
    if revealed:
        dealt = tuple(c if c in kept else hide(c) for c in p.dealt)
        origin, motivation = p.origin, p.motivation
    else:
        dealt = tuple(hide(c) for c in p.dealt if c not in kept)
        origin, motivation = (None if c is None else hide(c) for c in (p.origin, p.motivation))
    return evolve(
        p,
        origin=origin,
        motivation=motivation,
        hand=tuple(hide(c) for c in p.hand),
        dealt=dealt,
        destiny=p.destiny if p.destiny is None or p.destiny_revealed else hide(p.destiny),
    )


def _row(row: Row, hide: Callable[[str], str]) -> Row:
    """A row as everyone sees it: its deck as card backs; a face-down row's cards too (000 · Prepare the Story Decks)."""
    slots = row.slots
    if not row.revealed:
        slots = tuple(None if s is None else Slot(hide(s.card), s.ally and hide(s.ally)) for s in slots)
    return evolve(row, deck=tuple(hide(c) for c in row.deck), slots=slots)


def _pending(item: Pending, seat: int | None) -> Pending:
    """A pending decision as ``seat`` sees it: another hero's forced discard does not list its hand
    (000 · Deal the Cards: hands stay hidden); the number of cards to discard is public."""
    if isinstance(item, Choice) and item.kind == "discard" and item.seat != seat:
        return evolve(item, options=())
    return item


def redact(ctx: Context, state: GameState, seat: int | None, seen: Iterable[str] = ()) -> GameState:
    """``state`` as ``seat`` sees it (None: a spectator): hidden cards as placeholders, no RNG, no seed.

    ``seen``: cards the seat has seen that the state no longer shows it (its own unkept
    Character cards, now out of the game: 000 · Deal the Cards).
    """

    def hide(card_id: str) -> str:
        return hidden(category_of(ctx, state, card_id))

    playable = playable_cards(ctx)
    revealed = characters_revealed(state)
    known = set(seen)
    public: list[str] = []
    backs: list[str] = []
    for c in state.removed:
        secret = c in playable and c not in known and ctx.db[c].type in CHARACTER_TYPES
        (backs if secret else public).append(hide(c) if secret else c)
    out = evolve(
        state,
        config=evolve(state.config, seed=0),
        players=tuple(p if p.seat == seat else _player(p, hide, revealed) for p in state.players),
        rows=tuple(_row(r, hide) for r in state.rows),
        hero_deck=tuple(hide(c) for c in state.hero_deck),
        antihero_deck=tuple(hide(c) for c in state.antihero_deck),
        rng=0,
        removed=(*public, *sorted(backs)),
        pending=tuple(_pending(p, seat) for p in state.pending),
    )
    for ext in ctx.expansions:
        out = ext.redact(ctx, out, seat)
    return out


def public_action(before: GameState, action: Action, seat: int | None) -> str:
    """An action as ``seat`` saw it: another hero's kept Character card is not named (000 · Deal the
    Cards: each keeps, then the Origins and Motivations are revealed together)."""
    top = before.pending[-1] if before.pending else None
    actor = to_move(before)
    who = f"{before.config.name(actor)}: " if actor is not None else ""
    if isinstance(top, ChooseCharacter) and top.seat != seat:
        return f"{who}keep {KEPT_FACE_DOWN[top.kind]}"
    return f"{who}{action}"


def to_data(value: object) -> object:
    """A JSON-ready picture of a value: attrs values as dicts (with their class), tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [to_data(v) for v in value]
    if isinstance(value, Ext):
        return {k: to_data(v) for k, v in value.items}
    if isinstance(value, dict):
        return {str(k): to_data(v) for k, v in value.items()}
    if attrs.has(type(value)):
        data: dict[str, object] = {"": type(value).__name__}
        for field in attrs.fields(type(value)):  # type: ignore[arg-type]
            if field.eq is not False:
                data[field.name] = to_data(getattr(value, field.name))
        return data
    return str(value)


@attrs.frozen
class View(Drawable):
    """Exactly what ``seat`` may know now (None: a spectator, who sees no hand and no Destiny).

    ``state``: the game state with hidden cards as placeholders (:func:`hidden`), no RNG and no
    seed; ``to_move``: whose decision it is; ``legal``: the seat's legal actions when it is to
    move (else empty); ``log``: the events, other seats' secrets dropped; ``history``: the
    actions so far as the seat saw them (``"P2: keep a Destiny (face down)"``). ``ctx``, the
    context of the view's configuration (seed 0), is not part of the value.
    """

    seat: int | None
    state: GameState
    to_move: int | None
    legal: tuple[Action, ...] = ()
    log: tuple[Event, ...] = ()
    history: tuple[str, ...] = ()
    ctx: Context | None = attrs.field(default=None, eq=False, repr=False)

    def __repr__(self) -> str:
        """A short summary (``print(view)`` draws the table): whose view, the turn, who moves, what it holds."""
        who = "a spectator" if self.seat is None else f"P{self.seat + 1}"
        mover = "nobody" if self.to_move is None else f"P{self.to_move + 1}"
        s = self.state
        return (
            f"<View of {who}: turn {s.turn.number} {s.phase.value}, to move {mover}, "
            f"{len(self.legal)} legal actions, {len(self.log)} events>"
        )

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def over(self) -> bool:
        return self.state.over

    def hand(self, seat: int) -> tuple[str, ...]:
        """A hero's hand: card ids for the seat itself, placeholders (``?hero``, ``?antihero``) for the others."""
        return self.state.players[seat].hand

    def destiny(self, seat: int) -> str | None:
        """A hero's Destiny if this seat may see it (its own, or revealed), else None."""
        card = self.state.players[seat].destiny
        return None if card is None or is_hidden(card) else card

    def hidden_counts(self) -> Counter[str]:
        """How many hidden cards of each category the view holds (what a sample fills in)."""
        return Counter(p[1:] for p in placeholders(self.state))

    def sample_state(self, rng: random.Random) -> GameState:
        """A full state consistent with this view, hidden cards drawn uniformly with ``rng`` (:mod:`.determinize`)."""
        if self.ctx is None:
            raise ValueError(
                "this view has no context: use rules.determinize.sample_state(ctx, view.state, rng)"
            )
        return fill(self.ctx, self.state, rng)

    def observation(self) -> dict[str, object]:
        """The view now, as JSON-ready data: the state, whose move it is, the legal actions."""
        return {
            "seat": self.seat,
            "to_move": self.to_move,
            "state": to_data(self.state),
            "legal": [str(a) for a in self.legal],
        }

    def observation_string(self) -> str:
        """:meth:`observation` as compact JSON (keys sorted): equal strings, equal views of now."""
        return json.dumps(self.observation(), sort_keys=True, separators=(",", ":"))

    def information_state_string(self) -> str:
        """The observation plus the history as this seat saw it: what it may know of the whole game."""
        data = {**self.observation(), "history": list(self.history)}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


def view(
    ctx: Context,
    state: GameState,
    seat: int | None,
    *,
    events: Sequence[Event] = (),
    history: Sequence[tuple[GameState, Action]] = (),
    seen: Iterable[str] = (),
) -> View:
    """``seat``'s view of ``state`` (None: a spectator's), with the log and history seen from that seat.

    ``history``: (state before, action) pairs of the game so far; ``seen``: cards the seat has
    seen that the state no longer shows it (see :func:`redact`).
    """
    mover = to_move(state)
    public_ctx = ctx.library.context(evolve(ctx.config, seed=0)) if ctx.library is not None else ctx
    return View(
        seat=seat,
        state=redact(ctx, state, seat, seen),
        to_move=mover,
        legal=tuple(legal_actions(ctx, state)) if seat is not None and mover == seat else (),
        log=tuple(e if e.seat == seat and seat is not None else e.public() for e in events),
        history=tuple(public_action(before, action, seat) for before, action in history),
        ctx=public_ctx,
    )


__all__ = ["View", "public_action", "redact", "to_data", "view"]
