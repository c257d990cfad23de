"""Setting cards aside: a card set may list cards of the other sets in play to leave out (002 · Preparing the Game).

``002 · Preparing the Game`` lists core cards to set aside when that box is played;
any set file may carry such a list (``set_aside`` in ``set.toml``: ``"Act I: Mentor"`` is the
name Mentor among the Act I cards). A set alone sets nothing aside; listed names that no
other set in play has are reported, never an error (open question 10).
"""

from __future__ import annotations

import attrs

from ..values._cards import Card, CardType, name_key
from ..values._events import Log
from ..values._state import GameState
from ._context import Context
from ._table import log_event

_GROUPS: dict[str, tuple[CardType | None, int | None]] = {
    "origin": (CardType.ORIGIN, None),
    "motivation": (CardType.MOTIVATION, None),
    "destiny": (CardType.DESTINY, None),
    "act i": (None, 1),
    "act ii": (None, 2),
    "act iii": (None, 3),
    "hero": (CardType.HERO, None),
    "antihero": (CardType.ANTIHERO, None),
    "adversary quest": (CardType.QUEST, None),
}


@attrs.frozen
class SetAsideEntry:
    """One card a set asks to set aside: ``"Act I: Mentor"`` is the name Mentor in the Act I decks."""

    name: str
    group: str = ""
    listed_by: str = ""

    @classmethod
    def parse(cls, text: str, listed_by: str = "") -> SetAsideEntry:
        group, sep, name = text.partition(":")
        if sep and group.strip().casefold() in _GROUPS:
            return cls(name.strip(), group.strip(), listed_by)
        return cls(text.strip(), "", listed_by)

    def matches(self, card: Card) -> bool:
        """Same name (case and spacing aside, as the resolver reads names) and, if the entry has a group, that type or Act."""
        if name_key(card.name) != name_key(self.name):
            return False
        if not self.group:
            return True
        ctype, act = _GROUPS[self.group.casefold()]
        if act is not None:
            return card.type.is_story and card.act == act
        return card.type is ctype

    def __str__(self) -> str:
        return f"{self.group}: {self.name}" if self.group else self.name


@attrs.frozen
class SetAside:
    """What the set-aside lists of a game's sets did: the card ids removed, the entries not found."""

    removed: tuple[str, ...] = ()
    missing: tuple[SetAsideEntry, ...] = ()
    entries: tuple[SetAsideEntry, ...] = ()


def set_aside(ctx: Context) -> SetAside:
    """Apply each set's ``set_aside`` list to the other sets in play, by name (002 · Preparing the Game).

    A set alone sets nothing aside. Entries that no other set in play contains are reported
    in ``missing``, never an error: the lists name cards of one printing (open question 10).
    """
    hit = ctx.memo.get("set_aside")
    if isinstance(hit, SetAside):
        return hit
    removed: list[str] = []
    missing: list[SetAsideEntry] = []
    entries: list[SetAsideEntry] = []
    for listing in ctx.sets:
        others = [c for s in ctx.sets if s.id != listing.id for c in s.cards]
        if not listing.set_aside or not others:
            continue
        for text in listing.set_aside:
            entry = SetAsideEntry.parse(text, listing.id)
            entries.append(entry)
            found = [c.id for c in others if entry.matches(c)]
            if found:
                removed.extend(c for c in found if c not in removed)
            else:
                missing.append(entry)
    result = SetAside(tuple(sorted(removed)), tuple(missing), tuple(entries))
    ctx.remember("set_aside", result)
    return result


#: The most names a setup event lists; a longer list is counted, and ``Game.set_aside`` holds it.
_LISTED = 5


def log_set_aside(ctx: Context, state: GameState, log: Log) -> None:
    """Events for setup: the cards set aside, and the listed cards not in this game's sets (a long list counted)."""
    if log is None:
        return
    aside = set_aside(ctx)
    if not aside.entries:
        return
    removed = [ctx.db[c].name for c in aside.removed]
    if len(removed) <= _LISTED:
        text = f"cards set aside from the other sets: {', '.join(removed) or 'none'}"
    else:
        text = f"{len(removed)} cards set aside from the other sets (Game.set_aside.removed lists them)"
    log_event(log, state, "002/preparing-the-game", text)
    if aside.missing:
        text = f"{len(aside.missing)} listed card(s) are not in this game's sets"
        if len(aside.missing) <= _LISTED:
            text += ": " + "; ".join(str(e) for e in aside.missing)
        else:
            text += " (Game.set_aside.missing lists them)"
        log_event(log, state, "002/preparing-the-game", text)


__all__ = ["SetAside", "SetAsideEntry", "log_set_aside", "set_aside"]
