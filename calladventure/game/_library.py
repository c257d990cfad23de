"""The package's default library: the bundled boxes, and the card sets a program registers.

``calladventure.rules._context.Library`` is a value a caller may own (a scenario builds its own);
this module holds the default one, the only process-wide set of card sets. Only the caller's
code changes it (:func:`register_set`); a bundled set id cannot be replaced, and no data file
registers anything (docs/design.md, "Process-wide state").
"""

from __future__ import annotations

from ..expansions import BUNDLED
from ..rules._context import Context, Library
from ..values._cards import CardSet
from ..values._state import Config

#: The default library: every bundled expansion, and the card sets registered with :func:`register_set`.
DEFAULT = Library(BUNDLED)


def context_for(config: Config, library: Library | None = None) -> Context:
    """The (cached) context of a configuration in the default library (or ``library``)."""
    return (library or DEFAULT).context(config)


def register_set(card_set: CardSet) -> None:
    """Make a user's card set (loaded with ``load_card_set``) usable by id in the default library."""
    DEFAULT.register(card_set)


def get_set(set_id: str) -> CardSet:
    """A card set by id: a registered one, or a bundled one."""
    return DEFAULT.get_set(set_id)


__all__ = ["DEFAULT", "context_for", "get_set", "register_set"]
