"""Stable integer ids for actions: one table per configuration, built from the card database.

Agents in the field's conventions (OpenSpiel, PettingZoo) choose among integers ``0 … N-1``
with a mask of the legal ones. The table lists every action that can ever be legal in a game of
a configuration, in a fixed order, so an id means the same action in every game of it. Each
action kind declares its entries (:mod:`.kinds`: ``space``, the entries that name no card, and
``card_space``, those of one card), and the table lists them kind by kind, in the order of the
core's kinds (:data:`~.legal.CORE_ACTION_KINDS`):

1. the entries that name no card: ``end``, ``pass``, ``dark 0`` … ``dark 3`` (000 · Dark Runes:
   at most three), ``draw hero``, ``draw antihero``, ``ally slot 0`` … ``ally slot 4`` and the
   same slots of each Act's row (``ally act 1 slot 0`` …, option ``ally_rows``) (000 · Allies),
   ``choose Pn`` for each seat (the hero a power helps);
2. then, for each card in card-database order (the order of the set files): ``keep`` for a
   Character card (000 · Deal the Cards); ``gain`` for a trait (000 · Gain a Trait);
   ``attempt`` on each path with 0–3 Dark runes for a challenge or Adversary (000 · Attempt a
   Challenge); ``journey`` and ``discard`` for a story card (000 · Journey); ``play … on Pn``
   for each seat for a Hero or Antihero card (000 · Hero and Antihero Cards); ``use`` for each
   of its powers, on its owner and on each seat (001 · Other Card Effects); ``choose`` the card
   (a forced choice: the Ally to sacrifice, the card to discard: 000 · Glossary: Sacrifice);
3. then each box's kinds (``Expansion.action_kinds``), the same way, in the order the boxes
   are in play.

So the ids depend on the card sets, the number of seats and the expansions in play, not on the
seed or the rules options that do not change the cards. Chance outcomes are not in the table:
at a chance node the outcome id of a cast is its faces read as bits (rune ``i``'s face is bit
``i``), as OpenSpiel's chance actions are numbered apart (:func:`cast_id`, :func:`cast_of`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from ..values._actions import Action, CastRunes
from ..values._illegal import IllegalActionError
from ..values._state import evolve
from ._context import Context


@attrs.frozen(eq=False)
class ActionTable(Sequence[Action]):
    """Every action of a configuration in id order: ``table[i]`` is the action of id ``i``."""

    actions: tuple[Action, ...]
    ids: dict[Action, int]

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, i: int) -> Action:  # type: ignore[override]
        return self.actions[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def id_of(self, action: Action) -> int:
        """The id of ``action``; raises IllegalActionError when no game of this configuration has it."""
        found = self.ids.get(action)
        if found is None:
            raise IllegalActionError(action, "it has no action id in this configuration")
        return found

    def action(self, action_id: object) -> Action:
        """The action of ``action_id``; IllegalActionError giving the valid range otherwise."""
        if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < len(self):
            raise IllegalActionError(
                repr(action_id), f"an action id is an integer from 0 to {len(self) - 1} in this configuration"
            )
        return self.actions[action_id]


def action_table(ctx: Context) -> ActionTable:
    """The action table of ``ctx``'s configuration (built once, cached in the context)."""
    key = ("action-table", evolve(ctx.config, seed=0), tuple(e.id for e in ctx.expansions))
    table: ActionTable | None = ctx.memo.get(key)
    if table is not None:
        return table
    out: list[Action] = []
    cards = tuple(ctx.db.values())
    for kinds in ctx.kinds.groups:  # the core's kinds, then each box's in play
        for kind in kinds:
            out.extend(kind.space(ctx))
        for card in cards:
            for kind in kinds:
                out.extend(kind.card_space(ctx, card))
    ids: dict[Action, int] = {}
    for i, action in enumerate(out):
        ids.setdefault(action, i)
    table = ctx.remember(key, ActionTable(tuple(out), ids))
    return table


def cast_id(faces: Sequence[int]) -> int:
    """The chance-outcome id of a cast: its faces as bits (rune ``i``'s face is bit ``i``)."""
    return sum(f << i for i, f in enumerate(faces))


def cast_of(outcome: int, runes: int) -> CastRunes:
    """The cast of chance-outcome id ``outcome`` for a pool of ``runes`` runes (000 · Reading the Runes)."""
    if not isinstance(outcome, int) or not 0 <= outcome < 2**runes:
        raise IllegalActionError(
            repr(outcome), f"this cast of {runes} runes has chance outcomes 0 to {2**runes - 1}"
        )
    return CastRunes(tuple((outcome >> i) & 1 for i in range(runes)))


__all__ = ["ActionTable", "action_table", "cast_id", "cast_of"]
