"""The one protocol through which a box plugs into the rules: :class:`Expansion`.

The rules core (this package) names no box. Everything a box adds to the game (the bundled
ones in ``calladventure.expansions``, or a user's own) is a subclass of
:class:`Expansion` that overrides the hooks it needs; every hook has a do-nothing default, so a
box that only adds a story icon and one action declares its action kind and overrides one method
(see ``tests/test_toy_expansion.py``). The expansions in play are chosen from the game's
configuration (:meth:`Expansion.in_play`) when its :class:`~calladventure.rules._context.Context`
is built, and the rules call each hook at the one point of the turn it names.

What an expansion keeps of its own lives in the state's ``ext`` values under its ``id`` (the
game's in ``GameState.ext``, a hero's in ``Player.ext``, once-per-turn marks in ``Turn.marks``),
its actions and decisions are declared (``action_kinds``, ``decision_kinds``: :mod:`.kinds`),
its decisions are ``Decision(seat, source=id, kind=...)`` pending entries, its casts
``AwaitCast(seat, source=id, detail=...)``, and its attempts ``Attempt(against=id)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from ..values._atoms import Effect
from ..values._cards import Card, CardSet, Path
from ..values._effects import Power, Trigger
from ..values._errors import AtomError, RulesOptionError
from ..values._events import Log
from ..values._icons import Icon
from ..values._options import RulesOption
from ..values._runes import Rune
from ..values._score import ScoreLine
from ..values._state import AwaitCast, Config, GameState, Player
from ._atom_rules import box_atoms_problem
from ._front_hooks import (
    BoxOutcome,
    Column,
    FacadeAction,
    FacadeQuery,
    HeroWords,
    Picture,
    PictureLine,
    PositionTable,
    ResultColumn,
    ScenarioCheck,
    ScenarioStep,
)
from ._kinds import ActionKind, DecisionKind

if TYPE_CHECKING:
    from ._context import Context
    from ._odds import Odds


@attrs.frozen
class Shortcut:
    """A path gained without casting (an expansion's rule says so).

    ``section`` and ``text``: the event announcing it (``text`` may use ``{card}`` and ``{side}``);
    ``how``: the words of its success line; ``no_dark``: why no Dark runes may be bought for it.
    """

    section: str
    text: str
    how: str
    no_dark: str


@attrs.frozen
class ScoreExtras:
    """What a box adds to a hero's score: lines before the story icon sets, lines after, extra icons for the sets."""

    before_sets: tuple[ScoreLine, ...] = ()
    after_sets: tuple[ScoreLine, ...] = ()
    icons: tuple[tuple[Icon, int], ...] = ()


class Expansion:
    """A box's rules. Subclass it and override the hooks the box needs; ``id`` names it in states and saves.

    Hooks are called in the order of ``Context.expansions``; each returns the new state (or a
    value the rules combine). None of them may mutate anything.
    """

    #: The key of this box in ``ext`` values, ``Decision.source``, ``AwaitCast.source``, ``Attempt.against``.
    id: ClassVar[str] = ""
    #: The kinds of action this box adds (their verbs join the game's notation; :mod:`.kinds`), in
    #: the order of their entries in the action-id table.
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = ()
    #: The kinds of decision this box adds: its own ``Decision`` values, or a stage of the turn.
    decision_kinds: ClassVar[tuple[DecisionKind, ...]] = ()
    #: The types of what this box keeps in ``ext`` values, by key (for saves): game, hero.
    state_types: ClassVar[Mapping[str, Any]] = {}
    #: The effect atoms this box adds to the card vocabulary, each declared once in the box's own
    #: module: its value with ``values.atoms.atom(tag, box=id)``, its behaviour with ``rules.atom_rules.atom_rule``.
    atoms: ClassVar[tuple[type[Effect], ...]] = ()
    #: The rules options this box declares in its own module (``values.options.rules_option(name, …, box=id)``),
    #: read with ``config.rules.option(…)``.
    options: ClassVar[tuple[RulesOption[Any], ...]] = ()
    #: The icons this box brings, each declared once in the box's own module
    #: (``Icon.declare(IconDeclaration(value, kind, glyph, svg, section))``), in the order declared.
    icons: ClassVar[tuple[Icon, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A box's atoms, options and icons are checked as its class is made: each is its own (atoms: and has its behaviour)."""
        super().__init_subclass__(**kwargs)
        problem = box_atoms_problem(cls.id, cls.atoms)
        if problem:
            raise AtomError(f"{cls.__qualname__}: {problem}")
        foreign = [o.name for o in cls.options if o.box != cls.id]
        if foreign:
            raise RulesOptionError(
                f"{cls.__qualname__}: the options {foreign} are not declared with box={cls.id!r}"
            )
        undeclared = [i.value for i in cls.icons if i.declaration is None]
        if undeclared:
            raise ValueError(
                f"{cls.__qualname__}: the icons {undeclared} are not declared by a box (IconDeclaration)"
            )

    # ----------------------------------------------------------------- in play?

    def in_play(self, config: Config, sets: Sequence[CardSet]) -> bool:
        """Whether this box's rules apply to a game with this configuration and these card sets.

        Asked once per configuration apart from its seed and heroes' names (the library keeps the
        answer), so it may not depend on them.
        """
        return True

    # ----------------------------------------------------------------- setup (000 · Setting Up the Game)

    def setup(self, ctx: Context, state: GameState, log: Log) -> GameState:
        """After the decks are built and dealt, before the deal is announced."""
        return state

    # ----------------------------------------------------------------- the turn (000 · Each Turn)

    def end_turn(self, ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
        """At the end of a turn, after refills; True when the box decided what comes next."""
        return state, False

    def act_begins(self, ctx: Context, state: GameState, seat: int, act: int, log: Log) -> GameState:
        """When a hero begins Act ``act`` (2 or 3) by completing the previous one (000 · Ending An Act)."""
        return state

    def on_trigger(self, ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
        """After a hero's own powers with this trigger have acted (e.g. quest cards for every hero)."""
        return state

    def corruption_ignored(
        self, ctx: Context, state: GameState, seat: int, levels: int, log: Log
    ) -> GameState:
        """Corruption a hero gained is ignored after all (000 · Glossary: Re-attempt): take back what it set off."""
        return state

    # ----------------------------------------------------------------- cards and powers

    def self_cards_target_any(self, ctx: Context, state: GameState) -> bool:
        """Whether cards that say "you" may be played on any hero (000 · Expanding Your Adventure)."""
        return False

    def powers(
        self, ctx: Context, player: Player, found: Iterable[tuple[Card, int, Power]]
    ) -> Iterator[tuple[Card, int, Power]]:
        """The hero's activated powers as this box sees them (it may add or hide some).

        What it adds must be printed powers of cards the hero holds (its Character cards, its
        Story, its Allies): the timing windows skip a seat none of whose held cards has a power
        of the window's timing before asking for its powers (:func:`rules.windows.may_act`). What
        it sees may depend on the hero's Story only (its Character cards, the Destiny face up or
        down, the Story, the Allies): the answer is kept once per Story.
        """
        yield from found

    def power_used(self, ctx: Context, state: GameState, seat: int, card: Card, log: Log) -> GameState:
        """After a hero uses an activated power of ``card``, before its effects."""
        return state

    # ----------------------------------------------------------------- attempts and casts

    def shortcut(self, ctx: Context, state: GameState, seat: int, path: Path) -> Shortcut | None:
        """Whether the hero gains this path without casting (then no Dark runes, no windows)."""
        return None

    def after_cast(
        self, ctx: Context, state: GameState, pool: Sequence[Rune], faces: Sequence[int], log: Log
    ) -> GameState:
        """After the runes of an attempt are cast and what their faces give is applied (a "draw either" once drawn)."""
        return state

    def other_cast(
        self,
        ctx: Context,
        state: GameState,
        cast: AwaitCast,
        pool: Sequence[Rune],
        faces: Sequence[int],
        log: Log,
    ) -> GameState:
        """After another box's cast (``cast.source`` is not this box), before that box resolves it."""
        return state

    def cast_pool(self, ctx: Context, state: GameState, cast: AwaitCast) -> tuple[Rune, ...]:
        """The runes of one of this box's casts (``AwaitCast.source == id``)."""
        raise NotImplementedError

    def resolve_cast(
        self,
        ctx: Context,
        state: GameState,
        cast: AwaitCast,
        pool: Sequence[Rune],
        faces: Sequence[int],
        log: Log,
    ) -> GameState:
        """Resolve one of this box's casts, its faces read (the RNG already advanced)."""
        raise NotImplementedError

    def resolve_attempt(self, ctx: Context, state: GameState, log: Log) -> GameState:
        """Resolve one of this box's attempts (``Attempt.against == id``) once its windows close."""
        raise NotImplementedError

    # ----------------------------------------------------------------- hidden information (rules/_view.py)

    def redact(self, ctx: Context, state: GameState, seat: int | None) -> GameState:
        """The state with what this box hides from ``seat`` (None: a spectator) as placeholders.

        Replace each hidden card id by ``calladventure.rules._view.hidden(category)`` (a deck's
        order, say); the sampler (``rules/_determinize.py``) fills placeholders back in.
        """
        return state

    def hidden_category(self, ctx: Context, state: GameState, card: Card) -> str | None:
        """The placeholder category of a card this box keeps in a hidden zone of its own (None: the core's)."""
        return None

    # ----------------------------------------------------------------- cards and checks (000 · Deal the Cards)

    def card_places(self, ctx: Context, state: GameState) -> Iterable[tuple[str, str]]:
        """(card id, place) of every card this box keeps beside the table (its deck, its quest …)."""
        return ()

    def position_problems(self, ctx: Context, state: GameState) -> Iterable[tuple[str, str]]:
        """(field path, problem) of what this box keeps in a state that cannot be (a seat that does not exist …)."""
        return ()

    # ----------------------------------------------------------------- the end (000 · Ending the Game)

    def score_lines(self, ctx: Context, state: GameState, seat: int) -> ScoreExtras:
        """What this box adds to a hero's score (000 · Ending the Game)."""
        return ScoreExtras()

    # ----------------------------------------------------------------- the game and play layers (what a box adds above the rules)

    #: The helpers this box adds to the ``Game`` facade, by name (``game.face(...)``, ``game.name_odds(...)``).
    facade: ClassVar[Mapping[str, FacadeAction | FacadeQuery]] = {}
    #: The columns this box adds to the observation tensor's game block, in order.
    columns: ClassVar[tuple[Column, ...]] = ()
    #: The columns this box adds to a results table, in order.
    result_columns: ClassVar[tuple[ResultColumn, ...]] = ()
    #: The ``expect`` keys this box adds to scenario steps, with their checks.
    scenario_checks: ClassVar[Mapping[str, ScenarioCheck]] = {}
    #: What this box keeps of each hero that positions, score cards and scenario files give as words.
    hero_words: ClassVar[tuple[HeroWords, ...]] = ()
    #: The tables this box adds to a scenario file's position, with their schema and start step.
    position_tables: ClassVar[tuple[PositionTable, ...]] = ()
    #: The action keys this box adds to scenario steps (each a helper of the ``Game`` facade).
    scenario_steps: ClassVar[Mapping[str, ScenarioStep]] = {}

    def score_card(self, ctx: Context, state: GameState, entries: Sequence[Mapping[str, Any]]) -> GameState:
        """A score card's finished one-hero-per-seat ``state`` with what this box reads off it (``play/_scorecard.py``).

        ``entries[seat]``: each hero's entries by field; the state may change its configuration
        (a rules option the card is scored under). A ValueError says which entry cannot be.
        """
        return state

    def outcome(self, ctx: Context, state: GameState, totals: Sequence[int]) -> BoxOutcome | None:
        """Who won a finished game, when this box decides it (None: the core's highest score)."""
        return None

    def pending_odds(self, ctx: Context, state: GameState) -> Odds | None:
        """The exact odds of one of this box's casts waiting to happen (None: none waits)."""
        return None

    def hidden_deal(self, ctx: Context, state: GameState, take: Callable[[str, str], str]) -> GameState:
        """The state with this box's face-down cards dealt anew: ``take(category, card)`` gives each one's replacement."""
        return state

    # ----------------------------------------------------------------- pictures (presentation draws them)

    def table_pictures(self, ctx: Context, state: GameState) -> Iterable[Picture]:
        """The panels this box adds to a picture of the table, as plain values.

        ``state`` is what the picture's viewer may see (``rules.view.redact``: hidden cards are
        placeholders), so a picture cannot show a secret.
        """
        return ()

    def hero_lines(self, ctx: Context, state: GameState, seat: int) -> Iterable[PictureLine]:
        """The lines this box adds to the picture of ``seat``'s Story (``state``: as the viewer sees it)."""
        return ()


__all__ = [
    "Expansion",
    "ScoreExtras",
    "Shortcut",
]
