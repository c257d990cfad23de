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
