"""The behaviour of each effect atom, declared once: :class:`AtomRule`, made by :func:`atom_rule`.

An effect atom's value is registered in the values layer (``values.atoms.atom``: its tag, box
and number ranges); what it does is declared here, once, beside its handler: the handler takes
one :class:`EffectCall` (``001 · Other Card Effects``: the effect, from a source card owned by one
seat, on a target seat, for a duration) and returns the new state; with it, the words the log
uses and what the bots' evaluation makes of the atom. :data:`ATOM_RULES` holds every declaration,
the core's (``rules/_atoms.py``) and each box's (its own module, listed in ``Expansion.atoms``);
:func:`calladventure.rules._effects.apply_effect`, ``rules.describe`` and ``play/bots/_evaluation.py``
read it. Every registered atom has exactly one behaviour: a second is refused, the core's are
checked as ``rules/_atoms.py`` imports and a box's as its ``Expansion`` subclass is made
(:func:`box_atoms_problem`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import attrs

from ..values._atoms import ATOMS, EFFECT_TAGS, Effect, unregister_atom
from ..values._cards import Card, Path
from ..values._effects import Duration
from ..values._errors import AtomError
from ..values._events import Log
from ..values._state import GameState

if TYPE_CHECKING:
    from ._context import Context

_E = TypeVar("_E", bound=Effect)
_Ec = TypeVar("_Ec", bound=Effect, covariant=True)


class EffectCall(NamedTuple, Generic[_Ec]):
    """One effect atom acting (001 · Other Card Effects): ``effect``, from the card ``source`` owned by
    ``owner``, on the hero ``target``, for ``duration``; its handler returns the new state."""

    ctx: Context
    state: GameState
    effect: _Ec
    source: str
    owner: int
    target: int
    duration: Duration
    log: Log


def never(effect: Any, card: Card, path: Path) -> bool:
    """The bots' default judgement of an atom: it neither helps nor hurts an attempt."""
    return False


@attrs.frozen
class AtomRule(Generic[_E]):
    """The behaviour of one effect atom, declared once (:func:`atom_rule`) beside its handler.

    ``apply``: what it does; ``words``: how the log says it. What the bots' evaluation makes of
    it: ``helps`` / ``hurts``, whether it makes the target's attempt on a card and path likelier
    to succeed / harder or costlier (000 · FAQs: Path-specific bonuses); ``gain``, it only ever
    helps its target outside an attempt (Experience, Virtue, cards); ``boost``, used before an
    attempt is declared it still counts for it (a lasting bonus or icon). ``box``: the box whose
    atom it is, which must be in play for it to act (empty: the core's).
    """

    atom: type[_E]
    apply: Callable[[EffectCall[_E]], GameState]
    words: Callable[[_E], str]
    helps: Callable[[_E, Card, Path], bool] = never
    hurts: Callable[[_E, Card, Path], bool] = never
    gain: bool = False
    boost: bool = False
    box: str = ""


#: The behaviour of every declared effect atom by its class: the core's (``rules/_atoms.py``), each box's.
ATOM_RULES: dict[type, AtomRule[Any]] = {}

_Handler = Callable[[EffectCall[_E]], GameState]


def atom_rule(
    atom: type[_E],
    *,
    words: Callable[[_E], str],
    helps: Callable[[_E, Card, Path], bool] = never,
    hurts: Callable[[_E, Card, Path], bool] = never,
    gain: bool = False,
    boost: bool = False,
) -> Callable[[_Handler[_E]], _Handler[_E]]:
    """Declare the behaviour of the registered effect atom ``atom``: a decorator on its handler (see :class:`AtomRule`).

    Refused (:class:`~calladventure.values._errors.AtomError`): an atom not registered as a value
    (``values.atoms.atom``), or one whose behaviour is already declared.
    """

    def declare(apply: _Handler[_E]) -> _Handler[_E]:
        tag = EFFECT_TAGS.get(atom)
        if tag is None:
            raise AtomError(f"{atom.__qualname__} is not a registered effect atom (values.atoms.atom)")
        if atom in ATOM_RULES:
            raise AtomError(
                f"the effect atom {tag!r} already has its behaviour ({ATOM_RULES[atom].apply.__qualname__})"
            )
        ATOM_RULES[atom] = AtomRule(atom, apply, words, helps, hurts, gain, boost, ATOMS[tag].box)
        return apply

    return declare


def atoms_without_rules(box: str = "") -> list[str]:
    """The tags of the registered atoms of ``box`` (empty: the core's) whose behaviour is not declared."""
    return [tag for tag, spec in ATOMS.items() if spec.box == box and spec.cls not in ATOM_RULES]


def box_atoms_problem(box: str, atoms: Sequence[type[Effect]]) -> str | None:
    """What is wrong with the atoms a box lists, or None: each is its own and has its behaviour, and none is left out."""
    for atom in atoms:
        tag = EFFECT_TAGS.get(atom)
        if tag is None:
            return f"{atom.__qualname__} is not a registered effect atom (values.atoms.atom)"
        owner = ATOMS[tag].box
        if owner != box:
            return f"the effect atom {tag!r} belongs to {f'the box {owner!r}' if owner else 'the core'}, not to {box!r}"
        if atom not in ATOM_RULES:
            return f"the effect atom {tag!r} has no behaviour: declare it with atom_rule"
    left_out = [tag for tag, spec in ATOMS.items() if box and spec.box == box and spec.cls not in atoms]
    if left_out:
        return f"the effect atoms {left_out} are registered for the box {box!r} but not listed in its atoms"
    return None


def withdraw_atom(atom: type[Effect]) -> None:
    """Take back an atom's registration and its behaviour (a test that declares an atom for a while)."""
    ATOM_RULES.pop(atom, None)
    tag = EFFECT_TAGS.get(atom)
    if tag is not None:
        unregister_atom(tag)


__all__ = [
    "ATOM_RULES",
    "AtomRule",
    "EffectCall",
    "atom_rule",
    "atoms_without_rules",
    "box_atoms_problem",
    "never",
    "withdraw_atom",
]
