"""Card behaviour written in Python, registered by name, for what the effect vocabulary cannot say.

A card file names a hook (``{ kind = "hook", name = "..." }``); the name must be registered
here or by the user with :func:`hook` before the file is loaded. Card data never names a
module or code to run: only names from this registry (DEVELOPERS.md: loading data never
executes code).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

HookFn = Callable[..., Any]

HOOKS: dict[str, HookFn] = {}


def hook(name: str) -> Callable[[HookFn], HookFn]:
    """Register ``fn`` as the hook ``name``. The function receives ``(ctx, **params)``."""

    def register(fn: HookFn) -> HookFn:
        if name in HOOKS and HOOKS[name] is not fn:
            raise ValueError(f"hook {name!r} is already registered")
        HOOKS[name] = fn
        return fn

    return register


@hook("steal_xp")
def _steal_xp(
    *, ctx: Any, state: Any, source: str, owner: int, target: int, log: Any, amount: int = 1
) -> Any:
    """The target loses up to ``amount`` Experience and the card's owner gains what was lost.

    An example of a behaviour the vocabulary cannot say in one atom (one card, two heroes).
    """
    from ..rules.table import set_player
    from .events import Event

    taken = min(amount, state.players[target].xp)
    if taken == 0 or target == owner:
        return state
    state = set_player(state, target, xp=state.players[target].xp - taken)
    state = set_player(state, owner, xp=state.players[owner].xp + taken)
    if log is not None:
        name = ctx.db[source].name
        log.append(
            Event(0, "001/other-card-effects", f"{name}: takes {taken} Experience from P{target + 1}", owner)
        )
    return state


__all__ = [
    "HOOKS",
    "HookFn",
    "hook",
]
