"""The Name of the Wind (002): Naming, Name tokens, learned Names, Destiny reveals, the set-aside list.

``002 · Naming``: once per turn, after failing a challenge, a hero may attempt a Name (Wind,
Fire or Iron). The attempt casts the core runes only (no Dark or Ability runes, and the omen
face draws no card) and learns the Name on a total of 4 or more. Its bonus: +1 once for the
Name's pair of Ability icons in the Story (a rules option: the text does not name the pairs),
+1 per matching Name icon in the Story, and the effects of the few cards allowed to help (tagged
``naming``: Bind With Iron, Command the Flame, Call the Wind, Kingkiller, Namer, Re'lar).
A learned Name gives a Name token (3 points at the end) and, for the rest of the game, the path
showing that Name's icon without casting (``002 · FAQs: Gaining a Name path``).

Also here: the "reveal this Destiny" one-time abilities (``002 · FAQs: Reveal this Destiny``)
and the list of cards a set asks to set aside (``002 · Preparing the Game``). The engine calls
these functions; they only read the state or return a new one.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import attrs

from ..rules.context import Context
from ..rules.odds import Odds, attempt_odds
from ..rules.story import card_ids, icon_counts, meets, powers
from ..rules.table import log_event, set_player
from ..values import rng
from ..values.actions import CastRunes
from ..values.cards import Card, CardType, Path
from ..values.effects import Bonus, Difficulty, Duration, Power, Trigger, When
from ..values.events import Log
from ..values.icons import NAME_ICONS, Icon
from ..values.options import NamingRule, name_pairs_of
from ..values.runes import Rune
from ..values.state import AwaitCast, GameState, Phase, Player, evolve

#: The total a Name attempt must reach (002 · Naming: "4 or higher").
NAME_DIFFICULTY = 4
#: Each Name token is worth 3 at the end of the game (002 · Naming).
NAME_TOKEN_POINTS = 3
#: A card whose effects may apply to a Name attempt (002 · FAQs: Comrade in Arms or Parting of Ways).
NAMING_TAG = "naming"
#: A Destiny whose activated powers are one-time "reveal this Destiny" abilities (002 · FAQs: Reveal this Destiny).
REVEAL_TAG = "reveal_once"
#: ``never_learn:<name>`` on a Character or Story card: its hero may never learn that Name (002 · FAQs: Fae Origin).
NEVER_LEARN = "never_learn:"

_TITLES = {Icon.WIND: "the Name of the Wind", Icon.FIRE: "the Name of Fire", Icon.IRON: "the Name of Iron"}


def title(name: Icon) -> str:
    """``"the Name of the Wind"``, ``"the Name of Fire"``, ``"the Name of Iron"`` (002 · Naming)."""
    return _TITLES[name]


def name_of(text: str | Icon) -> Icon:
    """A Name from ``"wind"``, ``"Name of the Wind"``, ``Icon.FIRE`` …; ValueError if it is none."""
    if isinstance(text, Icon) and text in NAME_ICONS:
        return text
    words = str(text).casefold().replace("the ", " ").replace("name of", " ").split()
    for name in NAME_ICONS:
        if words == [name.value]:
            return name
    raise ValueError(f"{text!r} is not a Name: the Names are wind, fire and iron (002 · Naming)")


# ============================================================================ is the rule in play


_SHOWS: dict[int, tuple[object, bool]] = {}


def _shows_names(ctx: Context) -> bool:
    """Whether any card of the game's sets shows a Name icon (computed once per card database)."""
    hit = _SHOWS.get(id(ctx.db))
    if hit is not None and hit[0] is ctx.db:
        return hit[1]
    found = any(icon in NAME_ICONS for card in ctx.db.values() for path in card.paths for icon in path.icons)
    _SHOWS[id(ctx.db)] = (ctx.db, found)
    return found


def naming_active(ctx: Context) -> bool:
    """Whether the Naming rule is in play: option ``naming``; ``auto`` means "a card shows a Name icon"."""
    mode = ctx.config.rules.naming
    if mode is NamingRule.AUTO:
        return _shows_names(ctx)
    return mode is NamingRule.ON


# ============================================================================ who may attempt what


def forbidden(ctx: Context, player: Player) -> tuple[tuple[Icon, Card], ...]:
    """The Names this hero may never learn, each with the card that says so (002 · FAQs: Fae Origin)."""
    out: list[tuple[Icon, Card]] = []
    for cid in card_ids(player):
        card = ctx.db[cid]
        for name in NAME_ICONS:
            if NEVER_LEARN + name.value in card.tags:
                out.append((name, card))
    return tuple(out)


def name_options(ctx: Context, state: GameState, seat: int) -> tuple[Icon, ...]:
    """The Names the hero may attempt now: once per turn, after a failure, each Name once (002 · Naming)."""
    turn = state.turn
    if state.phase is not Phase.PLAY or state.pending or turn.seat != seat or not turn.failed or turn.named:
        return ()
    if not naming_active(ctx):
        return ()
    player = state.players[seat]
    banned = {name for name, _card in forbidden(ctx, player)}
    return tuple(n for n in NAME_ICONS if n not in player.names and n not in banned)


def why_not(ctx: Context, state: GameState, name: Icon) -> str:
    """Why the active hero may not attempt ``name`` now, citing the rule."""
    if name not in NAME_ICONS:
        return f"{name.value} is not a Name: the Names are wind, fire and iron (002 · Naming)"
    if not naming_active(ctx):
        return "the Naming rule is not in play: no card of this game's sets shows a Name icon (option naming; 002 · Naming)"
    seat = state.turn.seat
    player = state.players[seat]
    if state.turn.named:
        return "a Name may be attempted only once per turn (002 · Naming)"
    if not state.turn.failed:
        return "a Name may be attempted only after failing a challenge this turn (002 · Naming)"
    if name in player.names:
        return f"this hero already knows {title(name)}: each Name is learned once (002 · Naming)"
    for banned, card in forbidden(ctx, player):
        if banned is name:
            return f"{card.name}: this hero may never learn {title(name)} (002 · FAQs: Fae Origin)"
    return "a Name cannot be attempted now (002 · Naming)"


# ============================================================================ the attempt's numbers


@attrs.frozen
class NameMath:
    """The numbers of a Name attempt: difficulty and bonus, each with where it comes from."""

    name: Icon
    difficulty: int
    bonus: int
    parts: tuple[tuple[str, int, str], ...]  # (what, amount, "difficulty" | "bonus")


def name_pool(ctx: Context) -> tuple[Rune, ...]:
    """The runes of a Name attempt: the core runes only, no Dark or Ability runes (002 · Naming)."""
    return tuple(ctx.runes.core)


def _applies(when: When, name: Icon, pair: tuple[Icon, Icon], act: int) -> bool:
    """A filter read for a Name attempt: the Name is the "path icon", its pair the "abilities"."""
    if when.path_icons and name not in when.path_icons:
        return False
    if when.abilities and not any(a in pair for a in when.abilities):
        return False
    return not (when.acts and act not in when.acts)


def name_math(ctx: Context, state: GameState, seat: int, name: Icon) -> NameMath:
    """Difficulty (4) and bonus of a Name attempt (002 · Naming).

    The bonus: +1 once if the Story shows both icons of the Name's Ability pair (Story icons
    only: temporary icons do not count, 002 · FAQs: Inner Strength); +1 per icon of that Name
    in the Story; the static powers and effects in play of cards tagged ``naming`` only
    (002 · FAQs: Comrade in Arms or Parting of Ways).
    """
    player = state.players[seat]
    pair = name_pairs_of(ctx.config.rules.name_pairs)[name]
    parts: list[tuple[str, int, str]] = [(title(name), NAME_DIFFICULTY, "difficulty")]
    diff, bonus = NAME_DIFFICULTY, 0
    icons = icon_counts(ctx, player)
    if icons[pair[0]] and icons[pair[1]]:
        parts.append((f"{pair[0].value} and {pair[1].value} icons", 1, "bonus"))
        bonus += 1
    if icons[name]:
        parts.append((f"{name.value} icons in the Story", icons[name], "bonus"))
        bonus += icons[name]
    act = min(player.act, 3)
    found: list[tuple[str, Bonus | Difficulty]] = []
    for src, _i, power in powers(ctx, player):
        if (
            power.trigger is Trigger.STATIC
            and NAMING_TAG in src.tags
            and meets(ctx, state, seat, power.requires)
        ):
            found.extend((src.name, e) for e in power.effects if isinstance(e, Bonus | Difficulty))
    for ae in state.effects:
        if ae.target == seat and not ae.waiting and isinstance(ae.effect, Bonus | Difficulty):
            src = ctx.db[ae.source]
            if NAMING_TAG in src.tags:
                found.append((src.name, ae.effect))
    for what, eff in found:
        if not _applies(eff.when, name, pair, act):
            continue
        if isinstance(eff, Bonus):
            parts.append((what, eff.amount, "bonus"))
            bonus += eff.amount
        else:
            parts.append((what, eff.amount, "difficulty"))
            diff += eff.amount
    return NameMath(name, max(0, diff), bonus, tuple(parts))


def name_odds(ctx: Context, state: GameState, seat: int, name: Icon) -> Odds:
    """The exact odds of the hero's attempt at ``name`` now (002 · Naming; 000 · Rune Probability).

    The cast's side effects play no part: the omen face draws no card in a Name attempt.
    """
    math = name_math(ctx, state, seat, name)
    return attempt_odds(name_pool(ctx), math.difficulty, math.bonus)


def pending_name(state: GameState) -> AwaitCast | None:
    """The Name cast waiting to happen, if the next step is one."""
    top = state.pending[-1] if state.pending else None
    if isinstance(top, AwaitCast) and top.name is not None:
        return top
    return None


def pending_odds(ctx: Context, state: GameState) -> Odds | None:
    """The exact odds of the Name cast waiting to happen, or None."""
    top = pending_name(state)
    if top is None or top.name is None:
        return None
    return name_odds(ctx, state, top.seat, top.name)


# ============================================================================ the attempt


def begin(ctx: Context, state: GameState, name: Icon, log: Log) -> GameState:
    """Declare a Name attempt: it uses the turn's Name attempt, and the cast is due (002 · Naming)."""
    seat = state.turn.seat
    state = evolve(
        state, turn=evolve(state.turn, named=True), pending=(*state.pending, AwaitCast(seat, name))
    )
    if log is not None:
        math = name_math(ctx, state, seat, name)
        log_event(
            log,
            state,
            "002/naming",
            f"attempts to learn {title(name)}: core runes only, bonus {math.bonus:+d}, needs {math.difficulty}",
            seat,
        )
    return state


def cast(
    ctx: Context, state: GameState, forced: tuple[int, ...] | None, log: Log
) -> tuple[GameState, CastRunes]:
    """Cast the core runes for the pending Name attempt and resolve it at once (002 · Naming).

    Four or more (successes plus bonus) learns the Name: a Name token. The omen face draws
    no card. Effects of ``naming`` cards that last one attempt are used up.
    """
    top = pending_name(state)
    assert top is not None and top.name is not None
    seat, name = top.seat, top.name
    pool = name_pool(ctx)
    value, r = rng.next_u64(state.rng)  # the same single draw as a challenge cast (engine._cast)
    if forced is None:
        forced = tuple((value >> i) & 1 for i in range(len(pool)))
    faces = [rune.faces[f] for rune, f in zip(pool, forced, strict=True)]
    successes = sum(f.successes for f in faces)
    math = name_math(ctx, state, seat, name)
    total = successes + math.bonus
    state = evolve(state, rng=r, pending=state.pending[:-1])
    if log is not None:
        shown = " ".join(f"{rune.id}:{face.name}" for rune, face in zip(pool, faces, strict=True))
        log_event(log, state, "002/naming", f"Name cast: {shown} = {successes} successes", seat)
        if any(f.draw is not None for f in faces):
            log_event(log, state, "002/naming", "the omen result draws no card in a Name attempt", seat)
    xp = sum(f.xp for f in faces)
    if xp:
        state = set_player(state, seat, xp=state.players[seat].xp + xp)
    used = tuple(
        e
        for e in state.effects
        if not (e.target == seat and e.duration is Duration.ATTEMPT and NAMING_TAG in ctx.db[e.source].tags)
    )
    if len(used) != len(state.effects):
        state = evolve(state, effects=used)
    if total >= math.difficulty:
        player = state.players[seat]
        state = set_player(state, seat, names=(*player.names, name))
        log_event(
            log,
            state,
            "002/naming",
            f"learns {title(name)} ({total} vs {math.difficulty}): a Name token, worth {NAME_TOKEN_POINTS}",
            seat,
        )
    else:
        log_event(
            log, state, "002/naming", f"fails to learn {title(name)} ({total} vs {math.difficulty})", seat
        )
    return state, CastRunes(tuple(forced))


def learned_name_on(state: GameState, seat: int, path: Path) -> Icon | None:
    """The learned Name whose icon this path shows, if any: the path is gained without casting.

    ``002 · Naming``: "when you would attempt a path of that type, you automatically succeed";
    only that path (``002 · FAQs: Gaining a Name path``).
    """
    names = state.players[seat].names
    if names:
        for icon in path.icons:
            if icon in names:
                return icon
    return None


# ============================================================================ reveal this Destiny


def with_reveal_powers(
    ctx: Context, player: Player, found: Iterable[tuple[Card, int, Power]]
) -> Iterator[tuple[Card, int, Power]]:
    """The hero's powers plus a hidden ``reveal_once`` Destiny's abilities, usable until it is face up.

    ``002 · FAQs: Reveal this Destiny``: a one-time ability usable at any time; the Destiny is
    turned face up to mark it used, so a face-up Destiny offers it no more.
    """
    destiny = player.destiny
    card = ctx.db[destiny] if destiny is not None else None
    if card is None or REVEAL_TAG not in card.tags:
        yield from found
        return
    for item in found:
        if not (item[0] is card and item[2].trigger is Trigger.ACTIVATED):
            yield item
    if not player.destiny_revealed:
        for i, power in enumerate(card.powers):
            if power.trigger is Trigger.ACTIVATED:
                yield card, i, power


def reveal_destiny(ctx: Context, state: GameState, seat: int, card: Card, log: Log) -> GameState:
    """Using a ``reveal_once`` Destiny's ability turns it face up for the rest of the game."""
    player = state.players[seat]
    if card.id != player.destiny or REVEAL_TAG not in card.tags or player.destiny_revealed:
        return state
    state = set_player(state, seat, destiny_revealed=True)
    log_event(
        log, state, "002/faqs-reveal-this-destiny", f"reveals {card.name} to use its one-time ability", seat
    )
    return state


# ============================================================================ set aside (002 · Preparing the Game)

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
        """Same name (case aside) and, if the entry has a group, that type or Act."""
        if card.name.casefold() != self.name.casefold():
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


_ASIDE: dict[int, tuple[object, SetAside]] = {}


def set_aside(ctx: Context) -> SetAside:
    """Apply each set's ``set_aside`` list to the other sets in play, by name (002 · Preparing the Game).

    A set alone sets nothing aside. Entries that no other set in play contains are reported
    in ``missing``, never an error: the lists name cards of one printing (open question 10).
    """
    hit = _ASIDE.get(id(ctx.db))
    if hit is not None and hit[0] is ctx.db:
        return hit[1]
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
    _ASIDE[id(ctx.db)] = (ctx.db, result)
    return result


def log_set_aside(ctx: Context, state: GameState, log: Log) -> None:
    """Events for setup: the cards set aside, and the listed cards not in this game's sets."""
    if log is None:
        return
    aside = set_aside(ctx)
    if not aside.entries:
        return
    names = ", ".join(ctx.db[c].name for c in aside.removed) or "none"
    log_event(log, state, "002/preparing-the-game", f"cards set aside from the other sets: {names}")
    if aside.missing:
        log_event(
            log,
            state,
            "002/preparing-the-game",
            f"{len(aside.missing)} listed card(s) are not in this game's sets: "
            + "; ".join(str(e) for e in aside.missing),
        )


__all__ = [
    "NAME_DIFFICULTY",
    "NAME_TOKEN_POINTS",
    "NAMING_TAG",
    "NEVER_LEARN",
    "REVEAL_TAG",
    "NameMath",
    "SetAside",
    "SetAsideEntry",
    "begin",
    "cast",
    "forbidden",
    "learned_name_on",
    "log_set_aside",
    "name_math",
    "name_odds",
    "name_of",
    "name_options",
    "name_pool",
    "naming_active",
    "pending_name",
    "pending_odds",
    "reveal_destiny",
    "set_aside",
    "title",
    "why_not",
]
