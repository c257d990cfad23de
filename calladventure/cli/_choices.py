"""The values the command-line options take: their choices, list parsing and shell completion.

Options that name several things (``--seats``, ``--bots``, ``--sets``) take a comma-separated
list, may be repeated (``--seats human --seats greedy``), and are checked against their
choices with a one-line error naming them. Completion (``calladventure --install-completion``)
offers the values too: card names, set ids, bots, modes, quests, rules options and save files.
Names the engine defines are repeated here so that ``--help`` loads no engine; a test checks
they agree with it. The completions load card data only when asked.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..values._errors import CallAdventureError

__all__ = [
    "BOTS",
    "LANGS",
    "SEATS",
    "complete_bots",
    "complete_card_names",
    "complete_files",
    "complete_quests",
    "complete_rules",
    "complete_seats",
    "complete_sets",
    "complete_toml",
    "files_like",
    "split_list",
]

#: The bots (``calladventure.play.bots.BOTS``) and the seat kinds (a bot, or a human at the prompt).
BOTS: tuple[str, ...] = ("greedy", "random", "search")
SEATS: tuple[str, ...] = ("human", *BOTS)
#: The languages of the pictures and prompts (``calladventure.present.LANGUAGES``).
LANGS: tuple[str, ...] = ("en", "fr")


def split_list(values: Iterable[str] | None, option: str, choices: Sequence[str] | None = None) -> list[str]:
    """Repeated and comma-separated values as one list, each checked against ``choices``."""
    items = [item.strip() for value in values or () for item in value.split(",") if item.strip()]
    if not items:
        hint = f": choose from {', '.join(choices)}" if choices else ""
        raise CallAdventureError(f"{option} is empty{hint}")
    if choices is not None:
        items = [i.lower() for i in items]
        bad = [i for i in items if i not in choices]
        if bad:
            raise CallAdventureError(f"{option}: unknown {bad[0]!r}; choose from {', '.join(choices)}")
    return items


def _listed(incomplete: str, choices: Iterable[str]) -> list[str]:
    """Completions of the last item of a comma-separated list."""
    head, comma, last = incomplete.rpartition(",")
    prefix = head + comma
    return [prefix + c for c in choices if c.startswith(last.lower())]


def complete_seats(incomplete: str) -> list[str]:
    """``--seats``: human or a bot, comma-separated."""
    return _listed(incomplete, SEATS)


def complete_bots(incomplete: str) -> list[str]:
    """``--bots``: the bots, comma-separated."""
    return _listed(incomplete, BOTS)


def complete_sets(incomplete: str) -> list[str]:
    """``--sets`` / ``--set``: the bundled card sets."""
    from ..data import bundled_sets

    return _listed(incomplete, bundled_sets())


def _cards(kind: str | None = None) -> list[tuple[str, str]]:
    from ..data import bundled_set, bundled_sets

    return [
        (c.name, c.id) for s in bundled_sets() for c in bundled_set(s).cards if kind in (None, c.type.value)
    ]


def complete_card_names(incomplete: str) -> list[str]:
    """A card's name or id: names that start with (then contain) what is typed, case-blind."""
    key = incomplete.casefold()
    found = dict.fromkeys(n for n, i in _cards() if n.casefold().startswith(key) or i.startswith(key))
    found.update(dict.fromkeys(n for n, _i in _cards() if key in n.casefold()))
    return list(found)


def complete_quests(incomplete: str) -> list[str]:
    """``--quest``: the Adversary Quests of the bundled sets (000 · The Adversary Quests)."""
    key = incomplete.casefold()
    return [n for n, _i in _cards("quest") if n.casefold().startswith(key)]


def complete_rules(incomplete: str) -> list[str]:
    """``--rule``: ``OPTION=VALUE`` for every rules option and its values."""
    from ..values._options import Rules

    pairs = [f"{name}={value}" for name, values in Rules.options().items() for value in values]
    return [p for p in pairs if p.startswith(incomplete)]


def complete_files(incomplete: str) -> list[str]:
    """Save (.json) and scenario (.toml) files, and folders, whose path starts with what is typed."""
    return files_like(incomplete, (".json", ".toml"))


def complete_toml(incomplete: str) -> list[str]:
    """TOML files (score cards, scenarios) and folders whose path starts with what is typed."""
    return files_like(incomplete, (".toml",))


def files_like(incomplete: str, suffixes: Sequence[str]) -> list[str]:
    """Files with one of ``suffixes``, and folders, whose path starts with ``incomplete``."""
    folder, _, stem = incomplete.rpartition("/")
    base = Path(folder or ".")
    if not base.is_dir():
        return []
    out = []
    for path in sorted(base.iterdir()):
        if not path.name.startswith(stem) or path.name.startswith("."):
            continue
        if path.is_dir() or path.suffix.lower() in suffixes:
            shown = f"{folder}/{path.name}" if folder else path.name
            out.append(shown + ("/" if path.is_dir() else ""))
    return out
