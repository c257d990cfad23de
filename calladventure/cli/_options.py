"""Rules options on the command line: ``calladventure rules`` lists them, ``--rule OPTION=VALUE`` sets one.

The options are the points the rule texts leave open (:class:`~calladventure.values._options.Rules`).
"""

from __future__ import annotations

from typing import Any

from rich.table import Table

from ..values._errors import CallAdventureError
from ._common import AsJson, console, echo_json, examples, fit_columns

__all__ = ["RULES_EXAMPLES", "option_description", "rule_options", "rules"]

RULES_EXAMPLES = examples("calladventure rules", "calladventure rules --json")


def option_description(name: str) -> str:
    """What a rules option decides, in one line (the open question or rule it settles), from its declaration."""
    from ..values._options import Rules

    return next((o.description for o in Rules.declared() if o.name == name), "")


def rules(
    as_json: AsJson = False,
) -> None:
    """List the rules options (points the rule texts leave open) with their defaults, choices and what each decides."""
    from ..values._options import Rules

    options = Rules.options()
    if as_json:
        echo_json(
            {
                name: {"default": values[0], "choices": list(values), "description": option_description(name)}
                for name, values in options.items()
            }
        )
        return
    table = Table(title="Rules options (the first choice is the default)", title_justify="left")
    table.add_column("Option", no_wrap=True, min_width=max(map(len, options)))  # whole: --rule takes it
    table.add_column("Default", overflow="fold", min_width=12, max_width=16)
    table.add_column("Choices", overflow="fold", min_width=16)
    table.add_column("What it decides", min_width=24)
    for name, values in options.items():
        table.add_row(name, values[0], ", ".join(values), option_description(name))
    out = console()
    out.print(fit_columns(table, out.width, drop=["Default"]))  # the first of the choices


def rule_options(specs: list[str]) -> dict[str, Any]:
    """``OPTION=VALUE`` specs as keyword arguments of :class:`Rules` (true/false and integers parsed).

    An unknown option or value raises a :class:`CallAdventureError` naming the valid choices.
    """
    from ..values._options import Rules

    out: dict[str, Any] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep:
            raise CallAdventureError(f"--rule {spec!r}: write OPTION=VALUE, e.g. icon_sets=cap_at_four")
        name = name.strip()
        text = value.strip()
        parsed: Any = text
        if text.lower() in ("true", "false"):
            parsed = text.lower() == "true"
        elif text.lstrip("-").isascii() and text.lstrip("-").isdigit():
            parsed = int(text)
        out[name] = parsed
    Rules().replace(**out)  # unknown options or values fail here, in one line
    return out
