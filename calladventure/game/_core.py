"""The core of :class:`~calladventure.game.Game`: its states, history, legal actions, notation and outcome.

A game keeps the list of states it went through, so :meth:`GameCore.pop` (undo) is just
dropping the last one: no copies are ever made. Every action is checked first; an illegal
one raises :class:`~calladventure.values._errors.IllegalActionError` (a ``ValueError``) saying
why and what is legal instead, and leaves the game exactly as it was. :class:`GameCore` is
the class the fluent helpers (:mod:`calladventure.game._fluent`) and the agent interface
(:mod:`calladventure.game._agent`) build on; :class:`~calladventure.game.Game` is them all.

The end of a game is a value, :class:`Outcome`: each hero's score and the winners (000 · Ending
the Game). A box may decide who won (``Expansion.outcome``): in a co-op or solo game the heroes
win or lose together against the Adversary, and the best Destiny among the winning side wins
(000 · Winning the Solo or Co-op Game).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Self, TypeVar, overload

import attrs

from .. import rules
from ..rules._context import Context, Library
from ..rules._front_hooks import BoxOutcome
from ..values._actions import Action, CastRunes, field_problem, safe_str
from ..values._errors import UnknownCardError
from ..values._events import Event, Events, stamped
from ..values._illegal import AmbiguousActionError, IllegalActionError
from ..values._score import Score
from ..values._state import Config, GameState, Phase
from ._arguments import read_seat
from ._library import DEFAULT
from ._words import GameWords

# Enum members read on every push, kept as module constants (docs/design.md § Speed without shortcuts:
# on Python 3.11 a member read from its class goes through the enum metaclass's hook)
_OVER = Phase.OVER
_NO_EVENTS: tuple[Event, ...] = ()


_R = TypeVar("_R")


@attrs.frozen
class Outcome:
    """The end of a game: each hero's score and the winning seats (ties share the win).

    ``box``: the word of the box that decided the end, if one did (in a co-op or solo game,
    whether the heroes beat the Adversary, and why); ``winners`` are then the best Destiny
    among the winning side (000 · Winning the Solo or Co-op Game), possibly nobody.
    Read the box's own result with :meth:`result`: ``outcome.result(CoopResult)``.
    """

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    box: BoxOutcome | None = None

    def result(self, kind: type[_R]) -> _R | None:
        """The deciding box's own result if it is a ``kind`` (``CoopResult`` of the Adversary), else None."""
        found = self.box.result if self.box is not None else None
        return found if isinstance(found, kind) else None

    def __repr__(self) -> str:
        side = ""
        if self.box is not None:  # the verdict is a sentence's head ("The heroes win"); here mid-sentence
            text = self.box.verdict.text
            side = f"{text[:1].lower()}{text[1:]}; "
        if not self.winners:
            return f"<Outcome {side}no winning hero>"
        names = ", ".join(self.scores[w].name for w in self.winners)
        return f"<Outcome {side}winners: {names} with {self.scores[self.winners[0]].total}>"


class LegalActions(Sequence[Action]):
    """The legal actions now: a sequence that prints in notation and answers ``in``."""

    def __init__(self, game: GameCore, actions: list[Action]):
        self._game = game
        self._actions = actions

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._actions[i]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                self._game.parse(item)
            except (IllegalActionError, UnknownCardError):
                return False
            return True
        return item in self._actions

    def describe(self) -> list[str]:
        """Each action in readable notation (card names instead of ids)."""
        return [self._game.describe(a) for a in self._actions]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.describe())}>"


class GameCore:
    """A game's states and history: the legal actions, pushing and undoing them, their notation, the outcome."""

    def __init__(
        self,
        state: GameState,
        *,
        record_events: bool = True,
        start: GameState | None = None,
        library: Library | None = None,
    ):
        self._states: list[GameState] = [state]
        self._actions: list[Action] = []
        self._events: list[Sequence[Event]] = [[]]
        self._record = record_events
        # The legal actions of the state ``_legal_of`` (the state itself is kept: an id could be
        # reused after undo); two attributes, not a pair, so that a hit is one identity test.
        self._legal_of: GameState | None = None
        self._legal: list[Action] = []
        self._from_position = start is not None
        self.library: Library = library or DEFAULT
        self.ctx: Context = self.library.context(state.config)

    # ------------------------------------------------------------------ state access

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def config(self) -> Config:
        return self.state.config

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return rules.to_move(self._states[-1])  # the list read directly: asked before every push

    @property
    def is_chance(self) -> bool:
        """True when the next step is a rune cast (push ``cast`` or call :meth:`cast`)."""
        return rules.is_chance(self._states[-1])  # the list read directly: asked before every push

    def chance_outcomes(self) -> list[tuple[CastRunes, Fraction]]:
        """The outcomes of the cast due, each with its probability (empty when no cast is due)."""
        return list(rules.chance_outcomes(self.ctx, self.state))

    @property
    def over(self) -> bool:
        return self._states[-1].phase is _OVER

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions pushed so far, as they happened (casts with their faces)."""
        return tuple(self._actions)

    @property
    def steps(self) -> int:
        """How many actions have been pushed."""
        return len(self._actions)

    @property
    def events(self) -> Events:
        """Every event so far, each citing the rule section it applies (a list that prints as a log)."""
        return Events((e for step in self._events for e in step), self.config)

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action: "why did that happen?"."""
        return list(self._events[-1])

    def legal_list(self) -> list[Action]:
        """The legal actions now, as a plain (cached) list."""
        state = self._states[-1]
        if self._legal_of is not state:
            self._legal = rules.legal_actions(self.ctx, state)
            self._legal_of = state
        return self._legal

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self, self.legal_list())

    def describe_all(self) -> list[str]:
        return self.legal_actions.describe()

    def _seat(self, seat: object) -> int:
        """The seat that ``seat`` names (a number, ``"P1"`` or a hero's name): :func:`read_seat`."""
        return read_seat(self.config, seat)

    # ------------------------------------------------------------------ pushing actions

    def push(self, action: Action | str) -> Self:
        """Apply a legal action (or its notation); raise IllegalActionError otherwise (TypeError for neither)."""
        parsed = False
        if not isinstance(action, Action | str):
            raise TypeError(
                f"push takes an action or its notation (a str), not {type(action).__name__}: {action!r:.40}"
            )
        if isinstance(action, str):
            action = self.parse(action)  # the notation's reader gives each field its type
            parsed = True
        state = self._states[-1]
        legal = self.legal_list()  # cached: a bot has just listed this state
        for listed in legal:  # an action taken from the legal list itself (a bot's choice) is legal
            if listed is action:
                break
        else:
            problem = None if parsed else field_problem(action)
            if problem is not None:  # wrong field types are refused before they are recorded
                raise IllegalActionError(safe_str(action), problem, self.describe_all())
            self._check(state, action, legal)
        if self._record:
            events: list[Event] = []
            new, done = rules.apply(self.ctx, state, action, events)
            step = len(self._actions) + 1
            events = stamped(events, step) if events else events
            self._events.append(events)
        else:
            new, done = rules.apply(self.ctx, state, action, None)
            # No events: one shared empty tuple, not a new list kept with every step (fewer objects
            # for the garbage collector to look at: the history keeps them all).
            self._events.append(_NO_EVENTS)
        self._states.append(new)
        self._actions.append(done)
        return self

    apply = push

    def _check(self, state: GameState, action: Action, legal: list[Action]) -> None:
        """The rules' check of ``action``; its refusal told with card names, as the notation reads."""
        try:
            rules.check(self.ctx, state, action, legal)
        except IllegalActionError as refused:
            if type(refused) is not IllegalActionError:
                raise
            raise IllegalActionError(
                self.describe(action),
                refused.reason,
                [self.describe(a) for a in legal] if refused.legal else (),
                refused.section,
            ) from None

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._actions:
            raise IllegalActionError("undo", "nothing to undo")
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    def undo(self, steps: int = 1) -> Self:
        """Undo ``steps`` actions (at least one)."""
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise IllegalActionError("undo", f"undo takes a number of steps of at least 1, not {steps!r}")
        if steps > len(self._actions):
            raise IllegalActionError("undo", f"only {len(self._actions)} action(s) to undo")
        for _ in range(steps):
            self.pop()
        return self

    def undo_to(self, step: int) -> Self:
        """Go back to the state after ``step`` actions (0 is the start)."""
        if not 0 <= step <= len(self._actions):
            raise IllegalActionError("undo", f"step must be between 0 and {len(self._actions)}")
        for _ in range(len(self._actions) - step):
            self.pop()
        return self

    def state_at(self, step: int) -> GameState:
        """The state after ``step`` actions (a timeline over the history): 0 … the number of actions."""
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= len(self._actions):
            raise IllegalActionError(
                "state_at", f"step is a whole number from 0 to {len(self._actions)}, not {step!r:.40}"
            )
        return self._states[step]

    def copy(self) -> Self:
        """An independent game with the same history (states are shared: they are immutable)."""
        other = type(self).__new__(type(self))
        other._states = list(self._states)
        other._actions = list(self._actions)
        other._events = [list(e) for e in self._events]
        other._record = self._record
        other._legal_of = None
        other._legal = []
        other._from_position = self._from_position
        other.library = self.library
        other.ctx = self.ctx
        return other

    # ------------------------------------------------------------------ notation

    def describe(self, action: Action) -> str:
        """An action in notation with card names (``attempt Wild Boar Hunt top dark=1``)."""
        text = str(action)
        card = getattr(action, "card", None) or getattr(action, "option", None)  # a choice may name a card
        if isinstance(card, str) and card in self.ctx.db:
            text = text.replace(card, self.ctx.db[card].name)
        return text

    def parse(self, text: str) -> Action:
        """Read an action's notation (ids or card names) and return the legal action it names."""
        norm = " ".join(text.strip().split()).casefold()
        if not norm:
            raise IllegalActionError(text, "empty action")
        words = GameWords(self.ctx, self.state, text)
        if norm.startswith("cast"):
            action = self.ctx.notation.read(norm, words)
            if action is None:
                raise IllegalActionError(text, self._cast_problem(norm), self.describe_all())
            return action
        legal = self.legal_list()
        matches = [a for a in legal if norm in self._written(a)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousActionError(
                text, "matches several legal actions", [self.describe(a) for a in matches]
            )
        action = self.ctx.notation.read(norm, words)  # not legal: read it so the error can say why
        if action is not None and action in legal:
            return legal[legal.index(action)]
        verbs = ", ".join(self.ctx.notation.verbs)
        reason = (
            rules.why_illegal(self.ctx, self.state, action)
            if action is not None
            else f"not a known action (the verbs are {verbs})"
        )  # a card word that names no card: the resolver's error, with the closest names
        raise IllegalActionError(text, str(words.unknown or reason), self.describe_all()) from words.unknown

    def _written(self, action: Action) -> tuple[str, str]:
        """How ``action`` may be written: its notation and its description, casefolded (kept per action)."""
        key = ("written", action)
        found: tuple[str, str] | None = self.ctx.memo.get(key)
        if found is None:
            found = self.ctx.remember(key, (str(action).casefold(), self.describe(action).casefold()))
        return found

    def _cast_problem(self, norm: str) -> str:
        pool = rules.cast_pool(self.ctx, self.state)
        if pool is None:
            return "no attempt is under way: nothing to cast"
        parts = norm.split()[1:]
        if len(parts) != len(pool):
            return f"this cast has {len(pool)} runes; give {len(pool)} faces"
        names = "; ".join(f"{r.id}: {' or '.join(f.name for f in r.faces)}" for r in pool)
        return f"each face is 0, 1 or its name ({names})"

    def score(self) -> tuple[Score, ...]:
        """Each hero's itemised score (as it would stand if the game ended now)."""
        return rules.scores(self.ctx, self.state)

    def outcome(self) -> Outcome | None:
        """The final scores and winners once the game is over, else None."""
        if not self.over:
            return None
        s = self.score()
        totals = [x.total for x in s]
        for box in self.ctx.expansions:  # a box deciding the end (000 · Winning the Solo or Co-op Game)
            decided = box.outcome(self.ctx, self.state, totals)
            if decided is not None:
                return Outcome(s, decided.winners, decided)
        return Outcome(s, rules.winners(s))


__all__ = ["GameCore", "LegalActions", "Outcome"]
