"""Card sets written in Python, for positions that need cards of their own.

:func:`card_set` gives each card its set and an id under the set, and registers the set so a
:class:`~calladventure.play.position.Position` (or a game) can use it (``000 · Deal the Cards``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from ...game._library import register_set
from ...values._cards import Card, CardSet
from ._specs import PositionError

__all__ = ["card_set"]


def card_set(
    set_id: str, cards: Iterable[Card], *, name: str = "", register: bool = True, **meta: Any
) -> CardSet:
    """A :class:`CardSet` made in Python: each card's ``set`` and id prefix become ``set_id``.

    Cards may be written with a short id (``"officer"``); they become ``"<set_id>/officer"``.
    Registered in the default library with :func:`calladventure.game.register_set` unless
    ``register=False`` (the caller's code chooses: no data file registers anything). A
    :class:`~calladventure.play.position.Position` given the set itself needs no registration:
    it plays in a library of its own.
    """
    out: list[Card] = []
    seen: set[str] = set()
    for card in cards:
        cid = f"{set_id}/{card.id.rsplit('/', 1)[-1]}"
        if cid in seen:
            raise PositionError(
                f"card set {set_id!r}: two cards with id {cid!r} (give copies ids like 'name#2')"
            )
        seen.add(cid)
        out.append(attrs.evolve(card, id=cid, set=set_id))
    result = CardSet(id=set_id, name=name or set_id, cards=tuple(out), **meta)
    if register:
        register_set(result)
    return result
