"""Action kinds and decision kinds: each kind of action, and each kind of decision, declared once.

An :class:`ActionKind` holds everything the engine and its tools need of one kind of action
(``journey``, ``attempt``, a box's own …): the rule section it applies, its candidates now (a
fast listing that every legal action of the kind is among), its refusal (None when an action is
legal, else the rule and the reason), how it applies, its entries of the action-id table, its
words for a player, and its column of the history tensor. A :class:`DecisionKind` holds what one
kind of decision needs: the pending value it waits on (or none: the main phase, or a box's stage
of the turn), whose decision it is, its answers in the order they are listed, what the game
is waiting for, and its column of the observation tensor.

Everything else loops over these declarations: :mod:`.legal` lists the legal actions (the
candidates whose refusal is None), explains a refused action and checks one, :mod:`.apply`
applies, :mod:`.action_ids` numbers them; the observation encoding, the words of the front ends
and the greedy bot look kinds up by class and decisions by pending value. A box registers its
own through ``Expansion.action_kinds`` and ``Expansion.decision_kinds``; :class:`KindTable`
holds the declarations of the core and of the boxes in play (docs/design.md: How to add an action).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from ..values._actions import Action
from ..values._cards import Card
from ..values._errors import LibraryError
from ..values._events import Log
from ..values._illegal import IllegalActionError
from ..values._state import Decision, GameState

if TYPE_CHECKING:
    from ._context import Context

A = TypeVar("A", bound=Action)


# ============================================================================ words


@attrs.frozen
class SeatWords:
    """A seat in a phrase: the front end names it as its reader sees it ("yourself", or the hero's name)."""

    seat: int


@attrs.frozen
class Phrase:
    """Words for a player: an English message (its gettext msgid) with ``{named}`` fields.

    ``plural``: the plural form, when the message depends on the count ``n`` (given as ``{n}``).
    Presentation translates the message and each field that is a phrase (``present/_action_words.py``).
    """

    text: str
    fields: tuple[tuple[str, Field], ...] = ()
    plural: str = ""
    n: int = 0


#: What a phrase's field may be: kept text (a card's name), a number, a phrase translated in turn, a seat.
Field = str | int | Phrase | SeatWords


def phrase(text: str, **fields: Field) -> Phrase:
    """A phrase (the message is marked for the catalogs: ``scripts/i18n.py`` reads ``phrase`` and ``plural_phrase``)."""
    return Phrase(text, tuple(fields.items()))


def plural_phrase(singular: str, plural: str, n: int, **fields: Field) -> Phrase:
    """A phrase with a singular and a plural form, chosen by ``n``."""
    return Phrase(singular, tuple(fields.items()), plural, n)


_P = TypeVar("_P")


def top_of(state: GameState, kind: type[_P]) -> _P:
    """The decision waiting, which must be a ``kind`` (the action answers it): IllegalActionError otherwise."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(top, kind):
        raise IllegalActionError("apply", f"no {kind.__name__} decision is pending")
    return top


def card_name(ctx: Context, card_id: str) -> str:
    """A card's name in a phrase (its id when the game does not know it)."""
    card = ctx.db.get(card_id)
    return card.name if card is not None else card_id


# ============================================================================ the declarations

Candidates = Callable[["Context", GameState, int], Sequence[A]]
Refusal = Callable[["Context", GameState, int, A], "str | None"]
Applies = Callable[["Context", GameState, A, Log], GameState]
Chance = Callable[["Context", GameState, A, Log], "tuple[GameState, A]"]
Space = Callable[["Context"], Iterable[A]]
CardSpace = Callable[["Context", Card], Iterable[A]]
Wording = Callable[["Context", GameState, A], "Phrase | tuple[Phrase, ...]"]


def _none(ctx: Context) -> tuple[()]:
    return ()


def _no_card(ctx: Context, card: Card) -> tuple[()]:
    return ()


#: When a bot weighs a box's actions: before anything else listed, or instead of ending the turn.
FIRST, INSTEAD_OF_ENDING = "first", "instead of ending"


@attrs.frozen
class BotValue:
    """What a simple bot needs of a box's action kind (``play/bots/_greedy.py``): its worth, and when it weighs it.

    ``value(ctx, state, seat, action)``: the action's worth now; the bot takes the best of the
    listed actions of the kind. ``when``: :data:`FIRST`, before any other choice; or
    :data:`INSTEAD_OF_ENDING`, when ending the turn is the best other choice. ``ties``: ties are
    broken by the bot's random numbers (a tiny jitter for each action weighed).
    """

    value: Callable[[Context, GameState, int, Any], float]
    when: str = FIRST
    ties: bool = True


@attrs.frozen(eq=False)
class ActionKind(Generic[A]):
    """One kind of action, declared once: what the rules and the tools need of it.

    * ``action``, ``section``: its value class (fields, notation: ``values/_actions.py``) and the
      rule section it applies.
    * ``candidates(ctx, state, seat)``: a fast listing for the seat to move, asked only when the
      kind answers the decision now; every legal action of the kind is among them, in listing
      order. A kind whose candidates never change gives the tuple of them instead of a function.
    * ``refusal(ctx, state, seat, action)``: None when the action is legal, else why not, citing
      the rule. It is asked when the kind answers the decision now and, with nothing pending, to
      explain an action of another decision. The legal actions are the candidates whose refusal
      is None; ``exact`` says the candidates are exactly those (the listing then skips the
      refusals), which the random-play invariant checks for every action of the action-id table
      (``tests/invariants.py``).
    * ``apply(ctx, state, action, log)``: the new state (legality already checked). A chance step
      also says how it went: ``chance(ctx, state, action, log)`` returns the state and the action
      as it happened (a cast with its faces).
    * ``space(ctx)``, ``card_space(ctx, card)``: its entries of the action-id table, those that
      name no card and those of one card (:mod:`.action_ids`).
    * ``words``, ``undo``: the phrase(s) a player reads for an action, and for taking it back
      (None: the notation, with card names).
    * ``history``: its column in the history block of the information-state tensor (None: not counted).
    * ``explains``: its refusal explains it whatever is pending (else the decision waiting says
      what it waits for).
    * ``joins``: the names of decisions declared elsewhere that it answers too (a box's kind
      joining the main phase), listed where those decisions say (``DecisionKind.joins_at``).
    * ``bot``: what a simple bot needs to weigh an action of a box's kind (:class:`BotValue`;
      the core's kinds are weighed by the bots themselves).
    """

    action: type[A]
    section: str
    candidates: Candidates[A] | tuple[A, ...]
    refusal: Refusal[A]
    apply: Applies[A]
    exact: bool = False
    chance: Chance[A] | None = None
    space: Space[A] = _none
    card_space: CardSpace[A] = _no_card
    words: Wording[A] | None = None
    undo: Wording[A] | None = None
    history: int | None = None
    explains: bool = False
    joins: tuple[str, ...] = ()
    bot: BotValue | None = None

    @property
    def verb(self) -> str:
        """The first word of the kind's notation."""
        return self.action.verbs[0]

    def legal(self, ctx: Context, state: GameState, seat: int) -> Sequence[A]:
        """The legal actions of this kind now: its candidates whose refusal is None."""
        candidates = self.candidates
        found = candidates if isinstance(candidates, tuple) else candidates(ctx, state, seat)
        if self.exact or not found:
            return found
        refusal = self.refusal
        return [a for a in found if refusal(ctx, state, seat, a) is None]


#: What a decision says of an action that does not answer it (never None).
Other = Callable[["Context", GameState, int, Action, "ActionKind[Any] | None"], str]
#: Whether a decision takes an answering kind now: None, or why not.
Admits = Callable[["Context", GameState, int, ActionKind[Any]], "str | None"]


@attrs.frozen(eq=False)
class DecisionKind:
    """One kind of decision, declared once: the pending value it waits on, its answers, its words.

    * ``name``, ``section``: how bots and the table name it, and the rule section it applies.
    * ``pending``: the pending value class (``values/_state.py``). None for a stage of the turn
      with nothing pending: the main phase, or a box's stage, which runs when ``during(state)``.
      A box's own decisions are ``Decision`` values, named by ``source`` (the box's id) and
      ``key`` (``Decision.kind``).
    * ``mover(state, top)``: whose decision it is (None: the pending value's seat, or the active
      hero with nothing pending; :meth:`seat` asks).
    * ``answers``: its action kinds, in listing order; kinds declared elsewhere that join it are
      listed from ``joins_at`` (None: at the end).
    * ``waiting``: what the game waits for, in a refusal's words ("… by P2" follows); ``other``:
      the refusal of an action that does not answer it instead (by default the waiting words).
    * ``admits(ctx, state, seat, kind)``: whether an answering kind may answer now (a stage that
      restricts its answers), None or why not.
    * ``lists``: how this decision lists some of its answers when it knows a quicker way than the
      kind's own candidates (the same actions: the main phase's cards are those of its timings).
    * ``column``: its column of the pending one-hot of the observation tensor (an int, or a
      function of the pending value), counted among the core's columns of the game block (the
      boxes' columns sit apart: ``game/_encoding.py``); ``chance``: its answer is a chance step (a rune cast).
    """

    name: str
    section: str
    answers: tuple[ActionKind[Any], ...]
    pending: type | None = None
    source: str = ""
    key: str = ""
    during: Callable[[GameState], bool] | None = None
    mover: Callable[[GameState, Any], int] | None = None
    waiting: str = ""
    other: Other | None = None
    admits: Admits | None = None
    lists: Mapping[ActionKind[Any], Candidates[Any]] = attrs.field(factory=dict)
    joins_at: int | None = None
    column: int | Callable[[Any], int] = 3
    chance: bool = False

    def seat(self, state: GameState, top: Any) -> int:
        """Whose decision it is, in ``state`` with the pending value ``top`` (None for a stage of the turn)."""
        if self.mover is not None:
            return self.mover(state, top)
        return state.turn.seat if top is None else int(top.seat)

    def column_of(self, top: Any) -> int:
        """Its column of the observation tensor's pending one-hot, for the pending value ``top``."""
        column = self.column
        return column if isinstance(column, int) else column(top)

    def refuse_other(
        self, ctx: Context, state: GameState, seat: int, action: Action, kind: ActionKind[Any] | None
    ) -> str:
        """Why an action that does not answer this decision is not legal now."""
        if self.other is not None:
            return self.other(ctx, state, seat, action, kind)
        return f"the game is waiting for {self.waiting} by {ctx.config.name(seat)}"


def explained_by_kind(
    ctx: Context, state: GameState, seat: int, action: Action, kind: ActionKind[Any] | None
) -> str:
    """With nothing pending, an action of another decision explains itself (its kind's refusal)."""
    if kind is None:
        return "not a legal action now"
    return kind.refusal(ctx, state, seat, action) or "not a legal action now"


# ============================================================================ the table

#: What the listing loop (:func:`~.legal.legal_actions`) calls for an answering kind: a function of
#: (ctx, state, seat) giving its legal actions now.
Lister = Callable[["Context", GameState, int], Sequence[Any]]


def _constant(found: tuple[Any, ...]) -> Lister:
    def listed(ctx: Context, state: GameState, seat: int) -> tuple[Any, ...]:
        return found

    return listed


def _lister(decision: DecisionKind, kind: ActionKind[Any]) -> Lister:
    """How ``decision`` lists ``kind``'s legal actions: :meth:`ActionKind.legal`, or, for a kind whose
    candidates are ``exact``, its candidates' function itself (the decision's quicker one, if it has one)."""
    candidates = decision.lists.get(kind, kind.candidates)
    if not kind.exact:
        if candidates is kind.candidates:
            return kind.legal
        refusal = kind.refusal
        return lambda ctx, state, seat: [
            a
            for a in (candidates if isinstance(candidates, tuple) else candidates(ctx, state, seat))
            if refusal(ctx, state, seat, a) is None
        ]
    return _constant(candidates) if isinstance(candidates, tuple) else candidates


@attrs.frozen(eq=False)
class KindTable:
    """The action and decision kinds of the core and of the boxes in play, looked up by class.

    ``groups``: the action kinds in id-table order, the core's first, then each box's in play;
    ``offered``: the kinds of boxes offered but not in play, by action class (their refusals
    still explain their actions); ``listing``: each decision's answers, joining kinds included;
    ``plans``: for each answer the :data:`Lister` the listing loop calls.
    """

    groups: tuple[tuple[ActionKind[Any], ...], ...]
    by_class: Mapping[type, ActionKind[Any]]
    offered: Mapping[type, ActionKind[Any]]
    by_pending: Mapping[type, DecisionKind]
    by_key: Mapping[tuple[str, str], DecisionKind]
    stages: tuple[DecisionKind, ...]
    main: DecisionKind
    listing: Mapping[DecisionKind, tuple[ActionKind[Any], ...]]
    answering: Mapping[DecisionKind, frozenset[ActionKind[Any]]]
    plans: Mapping[DecisionKind, tuple[Lister, ...]]

    @property
    def actions(self) -> tuple[ActionKind[Any], ...]:
        """Every action kind in play, in id-table order."""
        return tuple(k for group in self.groups for k in group)

    @property
    def decisions(self) -> tuple[DecisionKind, ...]:
        """Every decision kind in play."""
        return tuple(self.listing)

    def kind_of(self, action: Action) -> ActionKind[Any] | None:
        """The kind of ``action`` (a subclass's is its nearest declared class's), or None."""
        cls = type(action)
        found = self.by_class.get(cls)
        if found is None:
            for base in cls.__mro__[1:]:
                found = self.by_class.get(base) or self.offered.get(base)
                if found is not None:
                    break
            else:
                found = self.offered.get(cls)
        return found

    def decision(self, state: GameState) -> tuple[DecisionKind, Any]:
        """The decision the game waits for now and its pending value (None for a stage of the turn)."""
        pending = state.pending
        if pending:
            top = pending[-1]
            found = self.by_pending[type(top)]
            if type(top) is Decision:
                found = self.by_key.get((top.source, top.kind), found)
            return found, top
        for stage in self.stages:
            if stage.during(state):  # type: ignore[misc]  # a stage has its test
                return stage, None
        return self.main, None

    def decisions_answered(self, kind: ActionKind[Any]) -> tuple[DecisionKind, ...]:
        """The decisions ``kind`` answers."""
        return tuple(d for d, kinds in self.answering.items() if kind in kinds)


def build_table(
    core: tuple[Sequence[ActionKind[Any]], Sequence[DecisionKind]],
    boxes: Sequence[tuple[Sequence[ActionKind[Any]], Sequence[DecisionKind]]],
    offered: Iterable[ActionKind[Any]] = (),
) -> KindTable:
    """The table of the core's kinds and the boxes' (in play order); LibraryError on a clash."""
    groups = (tuple(core[0]), *(tuple(kinds) for kinds, _d in boxes))
    by_class: dict[type, ActionKind[Any]] = {}
    for kind in (k for group in groups for k in group):
        if kind.action in by_class:
            raise LibraryError(f"two action kinds declare {kind.action.__name__}")
        by_class[kind.action] = kind
    decisions = [*core[1], *(d for _k, ds in boxes for d in ds)]
    by_pending: dict[type, DecisionKind] = {}
    by_key: dict[tuple[str, str], DecisionKind] = {}
    stages: list[DecisionKind] = []
    main: DecisionKind | None = None
    names: dict[str, DecisionKind] = {}
    for d in decisions:
        if d.name in names:
            raise LibraryError(f"two decision kinds are named {d.name!r}")
        names[d.name] = d
        if d.pending is Decision and d.source:
            by_key[(d.source, d.key)] = d
        elif d.pending is not None:
            by_pending[d.pending] = d
        elif d.during is not None:
            stages.append(d)
        else:
            main = d
    if main is None:
        raise LibraryError("no decision kind is the main phase")
    listing = {d: _answers(d, by_class.values()) for d in decisions}
    for kind in by_class.values():
        unknown = [n for n in kind.joins if n not in names]
        if unknown:
            raise LibraryError(f"{kind.action.__name__} joins decisions nobody declares: {unknown}")
    return KindTable(
        groups=groups,
        by_class=by_class,
        offered={k.action: k for k in offered if k.action not in by_class},
        by_pending=by_pending,
        by_key=by_key,
        stages=tuple(stages),
        main=main,
        listing=listing,
        answering={d: frozenset(kinds) for d, kinds in listing.items()},
        plans={d: tuple(_lister(d, k) for k in kinds) for d, kinds in listing.items()},
    )


def _answers(decision: DecisionKind, kinds: Iterable[ActionKind[Any]]) -> tuple[ActionKind[Any], ...]:
    """A decision's answers in listing order: its own, with the kinds that join it from ``joins_at``."""
    joining = tuple(k for k in kinds if decision.name in k.joins)
    own = decision.answers
    at = len(own) if decision.joins_at is None else decision.joins_at
    return (*own[:at], *joining, *own[at:])


__all__ = [
    "FIRST",
    "INSTEAD_OF_ENDING",
    "ActionKind",
    "Admits",
    "BotValue",
    "DecisionKind",
    "Field",
    "KindTable",
    "Lister",
    "Other",
    "Phrase",
    "SeatWords",
    "build_table",
    "card_name",
    "explained_by_kind",
    "phrase",
    "plural_phrase",
    "top_of",
]
