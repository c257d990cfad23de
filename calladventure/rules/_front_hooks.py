"""What a box gives the layers above the rules, as values: pictures, facade helpers, columns, scenario tables.

The hooks of :class:`~calladventure.rules._expansion.Expansion` for the ``Game`` facade, the
tensors, the pictures and the tools return these values; ``game/``, ``play/`` and ``present/``
loop over the boxes' values and name no box (docs/design.md, "How a box plugs in").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from ..values._actions import Action
from ..values._icons import Icon
from ..values._state import GameState, Player
from ._kinds import Phrase

if TYPE_CHECKING:
    from ._context import Context, Library
    from ._expansion import Expansion


# ============================================================================ pictures


@attrs.frozen
class PictureLine:
    """One line a box adds to a picture: a label and its value in words, the icons drawn before the value.

    A hero's line (:meth:`Expansion.hero_lines`) may say what it means (``note``, a reader's
    hover text) and the rule it shows (``section``).
    """

    label: str
    value: str
    icons: tuple[Icon, ...] = ()
    note: str = ""
    section: str = ""


@attrs.frozen
class Picture:
    """A panel a box adds to the picture of the table: its title, the rule it shows, its lines.

    ``status``: its one-line summary in the terminal game's status, as phrases a front end
    translates (joined by " · "; empty: the panel is not summed up there).
    """

    title: str
    section: str
    lines: tuple[PictureLine, ...]
    status: tuple[Phrase, ...] = ()


# ============================================================================ the game and play layers
#
# The values of the hooks ``Expansion`` has for the layers above the rules (the ``Game`` facade,
# the tensors, the tools): ``game/`` and ``play/`` loop over the boxes and name none.


@attrs.frozen
class BoxOutcome:
    """How a box says a game ended (000 · Winning the Solo or Co-op Game, for the Adversary).

    ``result``: the box's own value (read it with ``Outcome.result(kind)``); ``winners``: the
    seats that win; ``won``: for each seat, whether its side won; ``verdict``: the side that won,
    as a phrase a front end translates ("The heroes win"); ``reason``: why; ``section``: the rule
    that decides it (a front end cites it).
    """

    result: object
    winners: tuple[int, ...]
    won: tuple[bool, ...]
    verdict: Phrase
    reason: str
    section: str


@attrs.frozen
class FacadeAction:
    """A helper of the ``Game`` facade that pushes one of the box's actions, all or nothing.

    ``build(*args, **kwargs)`` makes the action (a ValueError says why the arguments are wrong);
    ``own``: the active hero's own action (the others' open "any time" answers are passed first);
    ``casts``: the helper takes ``faces=[...]`` and casts them after the action.
    """

    build: Callable[..., Action]
    doc: str
    own: bool = True
    casts: bool = False


@attrs.frozen
class FacadeQuery:
    """A helper of the ``Game`` facade that answers a question: ``ask(ctx, state, seat, *args, **kwargs)``.

    The facade passes the game's context and state, and ``seat=`` (default: the seat to move, else 0).
    """

    ask: Callable[..., Any]
    doc: str


@attrs.frozen
class Column:
    """Columns a box adds to the game block of the observation tensor (``game/_encoding.py``).

    ``name`` documents them; ``values(ctx, state)`` gives ``size`` numbers (each clipped to
    [0, 1]); a game where the box is not in play has zeros there.
    """

    name: str
    size: int
    values: Callable[[Context, GameState], Sequence[float]]


@attrs.frozen
class ResultColumn:
    """A column a box adds to the table of simulated games (``play/simulate/_rows.py``): its name, type and value.

    ``value(ctx, state, outcome)`` is asked once the game is over (``outcome``: the box's own, or None).
    """

    name: str
    type: type
    value: Callable[[Context, GameState, BoxOutcome | None], int | str | bool | None]


@attrs.frozen
class HeroWords:
    """Something a box keeps of each hero (``Player.ext``) that tools give as words (the Names learned).

    ``field``: its name in a position's hero and a score card (``names``); ``entry``: in a
    scenario's ``[[heroes]]`` and ``expect`` tables (``learned``); ``what``: its words in a check;
    ``give(player, words)``: the hero with it (a ValueError says why the words cannot be);
    ``words(player)``: what a hero has, as words (empty: nothing); ``choices``: what a file may give.
    """

    field: str
    entry: str
    what: str
    give: Callable[[Player, Sequence[str]], Player]
    words: Callable[[Player], tuple[str, ...]]
    choices: Choices


@attrs.frozen
class Choices:
    """The words a box's scenario key takes: ``words``, what ``one`` is, the ``section`` saying so."""

    words: tuple[str, ...]
    one: str
    section: str

    def problem(self, word: str) -> str | None:
        """Why a file's ``word`` is none of the words, case aside (None: it is one), with the words."""
        if word.casefold() in self.words:
            return None
        return f"{word!r:.60} is not {self.one}: one of {list(self.words)} ({self.section})"


@attrs.frozen
class PositionTable:
    """A table a box adds to a scenario file's position (``play/scenario``), with its schema.

    ``name``: its key; ``entry``: the attrs class it is read into (strictly, as the core's
    tables), ``bounds`` the range of each whole number, by field; ``check(game, entry, seat)``:
    what the types cannot tell, as (field or None, problem) pairs. ``clean(state)``: whether
    what the box keeps can be said exactly (nothing under way); ``write(ctx, state, ref)``: the
    table of a clean state (None: the box keeps nothing; ``ref`` names a card as the file does);
    ``start(library, state, game, table, seat)``: the built position as the box sets it up,
    ``table`` the entries (empty when the file has none). ``game``: the ``[game]`` entries
    ``mode``, ``quest``, ``adversary``; ``seat(ref, field)``: the seat ``"P1"`` or a name is.
    """

    name: str
    entry: type
    clean: Callable[[GameState], bool]
    write: Callable[[Context, GameState, Callable[[str], str]], dict[str, Any] | None]
    start: Callable[
        [Library, GameState, Mapping[str, Any], Mapping[str, Any], Callable[[str, str], int]], GameState
    ]
    check: Callable[[Mapping[str, Any], Any, Callable[[str, str], int]], Iterable[tuple[str | None, str]]]
    bounds: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)


@attrs.frozen
class ScenarioStep:
    """An action key a box adds to scenario steps: its ``Game`` facade ``helper``, given the step's value."""

    helper: str
    choices: Choices


def offered(ctx: Context) -> tuple[Expansion, ...]:
    """Every box the context's library offers (in play or not): what a tool reading a file may meet."""
    return ctx.library.expansions if ctx.library is not None else ctx.expansions


def hero_words(boxes: Iterable[Expansion], key: str) -> Iterator[HeroWords]:
    """The :class:`HeroWords` of these boxes named ``key`` (as their ``field`` or their ``entry``)."""
    for box in boxes:
        yield from (w for w in box.hero_words if key in (w.field, w.entry))


#: A box's scenario ``expect`` check: (ctx, state, outcome or None, wanted) -> (what, got, holds) rows.
ScenarioCheck = Callable[["Context", GameState, "BoxOutcome | None", Any], Iterable[tuple[str, object, bool]]]

__all__ = [
    "BoxOutcome",
    "Choices",
    "Column",
    "FacadeAction",
    "FacadeQuery",
    "HeroWords",
    "Picture",
    "PictureLine",
    "PositionTable",
    "ResultColumn",
    "ScenarioCheck",
    "ScenarioStep",
    "hero_words",
    "offered",
]
