"""Card behaviour written in Python, registered by name, for what the effect vocabulary cannot say.

A card file names a hook (``{ kind = "hook", name = "...", params = { ... } }``); the name
must be registered with :func:`hook` before the file is loaded: the package's own hooks by the
rules layer (``steal_xp``: ``calladventure.rules._atoms``), a user's by their code. Card data never
names a module or code to run: only names from this registry
(docs/design.md § Process-wide state). This module is the registry and its checks only; what a hook does is its function's.

Each hook declares the parameters a card may give it (:class:`HookParam`: a whole number in
a range, or a string), so a card naming a hook with an unknown, missing or ill-typed
parameter is refused when its file loads (:meth:`HookSpec.problems`), never in the middle of
a game. ``hook(name)`` without ``params`` declares the function's own keyword parameters
(beyond the standard ``ctx, state, source, owner, target, log``) from their annotations or
defaults, whole numbers within :data:`DEFAULT_INT_BOUNDS`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import attrs
from attrs import evolve

from ._errors import HookError

HookFn = Callable[..., Any]

#: The keyword arguments the engine passes to every hook (``000 · Hero and Antihero Cards``:
#: a played card's effects act for its owner on its target).
STANDARD_ARGS = ("ctx", "state", "source", "owner", "target", "log")

#: The range of a whole-number parameter a hook does not declare a range for.
DEFAULT_INT_BOUNDS = (-100, 100)

#: The longest string a hook parameter may be.
MAX_PARAM_LENGTH = 200


@attrs.frozen
class HookParam:
    """One parameter a card may pass to a hook: a whole number within ``lo … hi``, or a string.

    ``kind`` is ``"int"`` or ``"str"``; a string parameter may list its ``choices``. A
    ``required`` parameter must be given by every card naming the hook; the others have the
    function's ``default``.
    """

    kind: str = "int"
    lo: int = DEFAULT_INT_BOUNDS[0]
    hi: int = DEFAULT_INT_BOUNDS[1]
    choices: tuple[str, ...] = ()
    required: bool = True
    default: object = None

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value`` for this parameter, or None."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"must be a whole number from {self.lo} to {self.hi}, not {_shown(value)}"
            if not self.lo <= value <= self.hi:
                return f"{_shown(value)} is out of range: must be at least {self.lo} and at most {self.hi}"
            return None
        if not isinstance(value, str):
            return f"must be a string, not {_shown(value)}"
        if len(value) > MAX_PARAM_LENGTH:
            return f"is {len(value)} characters long; at most {MAX_PARAM_LENGTH}"
        if self.choices and value not in self.choices:
            return f"{value!r} is not one of {list(self.choices)}"
        return None

    def __str__(self) -> str:
        if self.kind == "int":
            text = f"whole number {self.lo} … {self.hi}"
        else:
            text = f"one of {list(self.choices)}" if self.choices else "string"
        return text if self.required else f"{text}, default {self.default!r}"


def int_param(lo: int, hi: int) -> HookParam:
    """A whole-number parameter within ``lo … hi`` (its default comes from the function)."""
    if lo > hi:
        raise HookError(f"a hook parameter's range {lo} … {hi} is empty")
    return HookParam("int", lo, hi)


def str_param(*choices: str) -> HookParam:
    """A string parameter, limited to ``choices`` if any are given."""
    return HookParam("str", choices=tuple(choices))


@attrs.frozen
class HookSpec:
    """A registered hook: its function and the parameters a card may pass it."""

    name: str
    fn: HookFn
    params: Mapping[str, HookParam]
    open: bool = False  # the function takes **kwargs: other parameter names are accepted too

    def problems(self, params: Mapping[str, object]) -> list[tuple[str | None, str]]:
        """Every problem of a card's ``params`` for this hook: ``(parameter or None, problem)``."""
        out: list[tuple[str | None, str]] = []
        for key, value in params.items():
            spec = self.params.get(key)
            if spec is None:
                if not self.open:
                    out.append((key, f"hook {self.name!r} takes no parameter {key!r}; it takes {self}"))
                elif isinstance(value, bool) or not isinstance(value, int | str):
                    out.append((key, f"must be a whole number or a string, not {_shown(value)}"))
                continue
            problem = spec.problem(value)
            if problem:
                out.append((key, problem))
        for key, spec in self.params.items():
            if spec.required and key not in params:
                out.append((key, f"hook {self.name!r} needs the parameter {key!r} ({spec})"))
        return out

    def check(self, params: Mapping[str, object]) -> None:
        """Raise :class:`HookError` if ``params`` are not what this hook takes."""
        problems = self.problems(params)
        if problems:
            raise HookError("; ".join(f"{k}: {p}" if k else p for k, p in problems))

    def __str__(self) -> str:
        inner = ", ".join(f"{k}: {p}" for k, p in self.params.items())
        return f"{self.name}({inner})"


HOOKS: dict[str, HookFn] = {}
"""Every registered hook function by name (the engine calls ``HOOKS[name](ctx=…, …, **params)``)."""

HOOK_SPECS: dict[str, HookSpec] = {}
"""Every registered hook's :class:`HookSpec` by name."""


def _shown(value: object) -> str:
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def _spec_of(name: str, fn: HookFn, declared: Mapping[str, HookParam]) -> HookSpec:
    try:
        signature = inspect.signature(fn)
    except (TypeError, ValueError):
        return HookSpec(name, fn, dict(declared), open=not declared)
    kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in signature.parameters.values())
    accepted = {
        n: p
        for n, p in signature.parameters.items()
        if p.kind in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    }
    missing = [a for a in STANDARD_ARGS if a not in accepted and not kwargs]
    if missing:
        raise HookError(
            f"hook {name!r} must accept the keyword arguments {list(STANDARD_ARGS)}; missing {missing}"
        )
    params: dict[str, HookParam] = {}
    for key, spec in declared.items():
        if key in STANDARD_ARGS:
            raise HookError(f"hook {name!r}: {key!r} is passed by the engine, not by a card")
        if key not in accepted and not kwargs:
            raise HookError(f"hook {name!r} declares {key!r}, which its function does not take")
        default = accepted[key].default if key in accepted else inspect.Parameter.empty
        if default is not inspect.Parameter.empty:
            spec = evolve(spec, required=False, default=default)
        params[key] = spec
    for key, p in accepted.items():
        if key in STANDARD_ARGS or key in params:
            continue
        required = p.default is inspect.Parameter.empty
        annotation = str(p.annotation)
        kind = "str" if annotation in ("str", "<class 'str'>") or isinstance(p.default, str) else "int"
        params[key] = HookParam(kind, required=required, default=None if required else p.default)
    return HookSpec(name, fn, params, open=kwargs and not declared)


def hook(name: str, params: Mapping[str, HookParam] | None = None) -> Callable[[HookFn], HookFn]:
    """Register ``fn`` as the hook ``name``. The function receives ``(ctx, state, source, owner, target, log, **params)``.

    ``params`` declares what a card may pass (``{"amount": int_param(1, 10)}``); defaults come
    from the function's signature. Without ``params``, the function's own keyword parameters
    are declared from their annotations or defaults.
    """

    def register(fn: HookFn) -> HookFn:
        if name in HOOKS and HOOKS[name] is not fn:
            raise HookError(f"hook {name!r} is already registered")
        spec = _spec_of(name, fn, params or {})
        HOOKS[name] = fn
        HOOK_SPECS[name] = spec
        return fn

    return register


def hook_spec(name: str) -> HookSpec:
    """The :class:`HookSpec` of a registered hook; :class:`HookError` naming the registered ones if unknown."""
    spec = HOOK_SPECS.get(name)
    if spec is None:
        if name in HOOKS:  # put straight into HOOKS: nothing declared, so anything int | str goes
            return HookSpec(name, HOOKS[name], {}, open=True)
        raise HookError(f"unknown hook {name!r}; registered hooks: {sorted(HOOKS)}")
    return spec


__all__ = [
    "DEFAULT_INT_BOUNDS",
    "HOOKS",
    "HOOK_SPECS",
    "MAX_PARAM_LENGTH",
    "STANDARD_ARGS",
    "HookFn",
    "HookParam",
    "HookSpec",
    "hook",
    "hook_spec",
    "int_param",
    "str_param",
]
