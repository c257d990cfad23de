"""Rules options on the command line: ``calladventure rules`` lists them, ``--rule OPTION=VALUE`` sets one.

The options are the points the rule texts leave open (:class:`~calladventure.values.options.Rules`).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .common import console, echo_json, examples

__all__ = ["RULES_EXAMPLES", "rule_options", "rules"]

RULES_EXAMPLES = examples("calladventure rules", "calladventure rules --json")


def rules(
    as_json: Annotated[bool, typer.Option("--json", help="Print the options as JSON.")] = False,
) -> None:
    """List the rules options (points the rule texts leave open) with their defaults and choices."""
    from rich.table import Table

    from ..values.options import Rules

    options = Rules.options()
    if as_json:
        echo_json({name: {"default": values[0], "choices": list(values)} for name, values in options.items()})
        return
    table = Table(title="Rules options (the first choice is the default)", title_justify="left")
    table.add_column("Option")
    table.add_column("Default")
    table.add_column("Choices")
    for name, values in options.items():
        table.add_row(name, values[0], ", ".join(values))
    console().print(table)


def rule_options(specs: list[str]) -> dict[str, Any]:
    """``OPTION=VALUE`` specs as keyword arguments of :class:`Rules` (true/false and integers parsed).

    An unknown option or value raises a :class:`CallAdventureError` naming the valid choices.
    """
    from ..values.errors import CallAdventureError
    from ..values.options import Rules

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
        elif text.lstrip("-").isdigit():
            parsed = int(text)
        out[name] = parsed
    Rules().replace(**out)  # unknown options or values fail here, in one line
    return out
