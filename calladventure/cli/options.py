"""Rules options on the command line: ``calladventure rules`` lists them, ``--rule OPTION=VALUE`` sets one.

The options are the points the rule texts leave open (:class:`~calladventure.values.options.Rules`).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from ..values.errors import CallAdventureError
from .common import console, echo_json, examples

__all__ = ["RULES_EXAMPLES", "option_description", "rule_options", "rules"]

RULES_EXAMPLES = examples("calladventure rules", "calladventure rules --json")


#: What the options that are not a list of named readings are for (the others' enums say it).
_ABOUT = {
    "first_game": "Leave out the cards the core rulebook suggests removing in a first game (001 · Prepare the Story Decks).",
    "dark_runes_per_turn": "How many Dark runes a hero may buy in a turn (000 · Dark Runes).",
    "adversary_goal": "The core Adversary's Experience goal, per hero (open question 11).",
    "mode_exclusions": "Leave out the Destinies the FAQ excludes by mode (000 · FAQs: Competitive, Co-op and Solo play).",
    "name_pairs": "The pair of abilities that helps each Name attempt (open question 9).",
}


def option_description(name: str) -> str:
    """What a rules option decides, in one line (the open question or rule it settles)."""
    from ..values.options import Rules

    if name in _ABOUT:
        return _ABOUT[name]
    doc = type(getattr(Rules(), name)).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def rules(
    as_json: Annotated[bool, typer.Option("--json", help="Print the options as JSON.")] = False,
) -> None:
    """List the rules options (points the rule texts leave open) with their defaults, choices and what each decides."""
    from ..values.options import Rules

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
    table.add_column("Option", no_wrap=True)
    table.add_column("Default", no_wrap=True)
    table.add_column("Choices", overflow="fold")
    table.add_column("What it decides")
    for name, values in options.items():
        table.add_row(name, values[0], ", ".join(values), option_description(name))
    console().print(table)


def rule_options(specs: list[str]) -> dict[str, Any]:
    """``OPTION=VALUE`` specs as keyword arguments of :class:`Rules` (true/false and integers parsed).

    An unknown option or value raises a :class:`CallAdventureError` naming the valid choices.
    """
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
        elif text.lstrip("-").isascii() and text.lstrip("-").isdigit():
            parsed = int(text)
        out[name] = parsed
    Rules().replace(**out)  # unknown options or values fail here, in one line
    return out
