"""Whether a state is one a game can be in: the checks a saved or built position must pass.

A state that comes from outside the engine (a save's start position, a checkpoint) is checked
before anything is played on it: :func:`position_problems` lists every (field path, problem)
of it, the path written as in the saved JSON (``players[1].level``, ``rows[0].slots[4]``), so
nothing later fails with an ``IndexError`` on a seat, level, row or index that does not exist.

What is checked, with the rule each comes from:

* the configuration matches the position: as many heroes as ``config.players``, seat numbers
  in order (``000 · Setting Up the Game``), three rows of four cards, five with four players
  (``000 · Prepare the Story Decks``);
* every card of the sets is in exactly one place (``000 · Deal the Cards``; :mod:`.zones`), and
  each place holds the kind of card it can: Character cards in their places, Hero and Antihero
  cards in hands and their decks, story cards of an Act in its row, deck and discard, Allies
  only under challenges of a face-up row (``000 · Allies``), at most three cards under each
  Character card, only cards of the hero's Act or later (``000 · FAQs: Act II cards before
  finishing Act I``);
* every seat named anywhere exists; every track level is on the track (``000 · Glossary:
  Corruption``); Experience is not negative; an attempt names the card in its slot; pending
  casts and windows belong to an attempt; what an expansion keeps belongs to an expansion in
  play (and each expansion checks its own part: :meth:`Expansion.position_problems`).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..values._cards import CardType
from ..values._effects import COUNT_RANGE
from ..values._state import (
    Attempt,
    AwaitCast,
    ChooseCharacter,
    ChooseDraw,
    ChooseRecastDark,
    Decision,
    GameState,
    Phase,
    PlaceAlly,
    Window,
    WindowKind,
)
from ._cast import DARK_DETAIL
from ._context import Context
from ._expansion import Expansion
from ._zones import misplaced

__all__ = ["MAX_SHOWN", "position_problems", "row_width"]

#: Problems listed at most (a broken file would otherwise list every card).
MAX_SHOWN = 50

_KINDS = ("origin", "motivation", "destiny")
_STORY = (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)
_TUCKABLE = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY)
_CHARACTER_TYPES = (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)


def row_width(players: int) -> int:
    """Cards in each Act's row: four, five with four players (000 · Prepare the Story Decks)."""
    return 5 if players == 4 else 4


def position_problems(ctx: Context, state: GameState) -> list[tuple[str, str]]:
    """Every (field path, problem) that makes ``state`` impossible for ``ctx``'s configuration (at most :data:`MAX_SHOWN`)."""
    out: list[tuple[str, str]] = []
    for item in _problems(ctx, state):
        out.append(item)
        if len(out) >= MAX_SHOWN:
            break
    return out


def _problems(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    n = len(state.players)
    if state.config != ctx.config:
        yield "config", "the position's configuration is not the game's"
    if n != ctx.config.players:
        yield "players", f"{n} heroes for a {ctx.config.players}-player configuration"
        return
    if not 1 <= n <= 4:
        yield "players", f"Call to Adventure seats 1 to 4 players, not {n}"
        return
    for i, p in enumerate(state.players):
        if p.seat != i:
            yield f"players[{i}].seat", f"seat {p.seat} in place {i}: seats are numbered 0 … {n - 1} in order"
    if len(state.rows) != 3 or [r.act for r in state.rows] != [1, 2, 3]:
        yield "rows", f"three rows, for Acts 1, 2 and 3, not {[r.act for r in state.rows]}"
        return
    yield from _cards(ctx, state)
    yield from _players(ctx, state)
    yield from _rows(ctx, state)
    yield from _seats(state)
    yield from _decisions(ctx, state)
    for key, _value in state.ext.items:
        if not any(key in e.state_types for e in ctx.expansions):
            yield (
                f"ext.{key}",
                f"no expansion in play keeps {key!r} (in play: {[e.id for e in ctx.expansions]})",
            )
    for i, p in enumerate(state.players):
        for key, _value in p.ext.items:
            if not any(key in e.state_types for e in ctx.expansions):
                yield f"players[{i}].ext.{key}", f"no expansion in play keeps {key!r}"
    for ext in ctx.expansions:
        yield from ext.position_problems(ctx, state)


def _cards(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    for card, places in sorted(misplaced(ctx, state).items()):
        if not places:
            yield "cards", f"{card!r} is in no place (every card of the sets is in exactly one)"
        elif card not in ctx.db:
            yield "cards", f"{card!r} is not a card of the sets {list(ctx.config.sets)} (in {places[0]})"
        else:
            yield "cards", f"{card!r} is in {len(places)} places: {', '.join(places)}"


def _type_of(ctx: Context, card: str) -> CardType | None:
    found = ctx.db.get(card)
    return None if found is None else found.type


def _players(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    lowest = ctx.track.lowest
    for i, p in enumerate(state.players):
        at = f"players[{i}]"
        if not 0 <= p.level <= lowest:
            yield f"{at}.level", f"level {p.level} is off the track (0 … {lowest}, 0 the top)"
        if p.xp < 0:
            yield f"{at}.xp", f"{p.xp} Experience: it is never negative"
        for kind, ctype in zip(_KINDS, _CHARACTER_TYPES, strict=True):
            card = getattr(p, kind)
            if card is not None and _type_of(ctx, card) not in (ctype, None):
                yield f"{at}.{kind}", f"{card!r} is not a {kind} card"
        if len(p.story) != 3:
            yield f"{at}.story", "three lists: the cards under the Origin, Motivation and Destiny"
            continue
        for k, under in enumerate(p.story):
            if len(under) > 3:
                yield f"{at}.story[{k}]", f"{len(under)} cards under one Character card; at most 3"
            if k and under and len(p.story[k - 1]) < 3:
                yield f"{at}.story[{k}]", f"cards under the {_KINDS[k]} before Act {k} is complete"
            for j, t in enumerate(under):
                card = ctx.db.get(t.card)
                if card is None:
                    continue
                if card.type not in _TUCKABLE:
                    yield f"{at}.story[{k}][{j}]", f"a {card.type.value} ({t.card}) is not tucked in a Story"
                elif t.side not in card.sides:
                    yield f"{at}.story[{k}][{j}].side", f"{t.card} has no {t.side.value} path"
                elif card.act is not None and card.act < k + 1:
                    yield f"{at}.story[{k}][{j}]", f"an Act {card.act} card under the {_KINDS[k]}"
        for j, a in enumerate(p.allies):
            if _type_of(ctx, a.card) not in (CardType.ALLY, None):
                yield f"{at}.allies[{j}]", f"{a.card!r} is not an Ally"
        for field in ("hand", "played"):
            for j, c in enumerate(getattr(p, field)):
                held_type = _type_of(ctx, c)
                if held_type is not None and not held_type.is_hand:
                    yield f"{at}.{field}[{j}]", f"{c!r} is not a Hero or Antihero card"


def _rows(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    width = row_width(len(state.players))
    for r, row in enumerate(state.rows):
        at = f"rows[{r}]"
        if len(row.slots) != width:
            yield f"{at}.slots", f"{len(row.slots)} slots; a row has {width} with {len(state.players)} heroes"
        for i, slot in enumerate(row.slots):
            if slot is None:
                continue
            card = ctx.db.get(slot.card)
            if card is not None and (card.type not in _STORY or card.act != row.act):
                yield f"{at}.slots[{i}]", f"{slot.card!r} is not an Act {row.act} story card"
            elif card is not None and row.revealed and card.type is CardType.ALLY:
                yield f"{at}.slots[{i}]", "an Ally left in a face-up row (000 · Allies)"
            if slot.ally is not None:
                if not row.revealed:
                    yield f"{at}.slots[{i}].ally", "an Ally under a face-down card"
                if _type_of(ctx, slot.ally) not in (CardType.ALLY, None):
                    yield f"{at}.slots[{i}].ally", f"{slot.ally!r} is not an Ally"
                if card is not None and card.type is not CardType.CHALLENGE:
                    yield f"{at}.slots[{i}].ally", "an Ally is only tucked under a challenge (000 · Allies)"
        for field in ("deck", "discard"):
            for j, c in enumerate(getattr(row, field)):
                card = ctx.db.get(c)
                if card is not None and (card.type not in _STORY or card.act != row.act):
                    yield f"{at}.{field}[{j}]", f"{c!r} is not an Act {row.act} story card"
    for field, kind in (
        ("hero_deck", CardType.HERO),
        ("hero_discard", CardType.HERO),
        ("antihero_deck", CardType.ANTIHERO),
        ("antihero_discard", CardType.ANTIHERO),
    ):
        for j, c in enumerate(getattr(state, field)):
            if _type_of(ctx, c) not in (kind, None):
                yield f"{field}[{j}]", f"{c!r} is not a {kind.value} card"


def _seats(state: GameState) -> Iterator[tuple[str, str]]:
    n = len(state.players)

    def bad(seat: int | None) -> bool:
        return seat is not None and not 0 <= seat < n

    where = f"a seat of a {n}-player game (0 … {n - 1})"
    if bad(state.turn.seat):
        yield "turn.seat", f"{state.turn.seat} is not {where}"
    if state.turn.number < 1:
        yield "turn.number", f"turns are numbered from 1, not {state.turn.number}"
    for field in ("marks", "refill"):  # a power without a once-a-turn limit may be used again
        items = getattr(state.turn, field)
        if len(set(items)) != len(items):
            yield f"turn.{field}", f"each is listed once a turn, not {len(items)} times for {len(set(items))}"
    if bad(state.closed_by):
        yield "closed_by", f"{state.closed_by} is not {where}"
    for i, seat in enumerate(state.final_turns or ()):
        if bad(seat):
            yield f"final_turns[{i}]", f"{seat} is not {where}"
    if state.attempt is not None and bad(state.attempt.seat):
        yield "attempt.seat", f"{state.attempt.seat} is not {where}"
    for i, e in enumerate(state.effects):
        for field in ("owner", "target"):
            if bad(getattr(e, field)):
                yield f"effects[{i}].{field}", f"{getattr(e, field)} is not {where}"
    for i, item in enumerate(state.pending):
        if bad(getattr(item, "seat", None)):
            yield f"pending[{i}].seat", f"{getattr(item, 'seat', None)} is not {where}"
        if isinstance(item, Window):
            if len(set(item.order)) != len(item.order):
                yield f"pending[{i}].order", f"a seat decides once in a window, not {list(item.order)[:8]}"
            for j, seat in enumerate(item.order):
                if bad(seat):
                    yield f"pending[{i}].order[{j}]", f"{seat} is not {where}"
            for j, (seat, _card, target) in enumerate(item.stack):
                if bad(seat) or bad(target):
                    yield f"pending[{i}].stack[{j}]", f"seats {seat} and {target}: each must be {where}"


def _handles(ctx: Context, source: str, hook: str) -> bool:
    """Whether the expansion ``source`` is in play and overrides ``hook`` (its casts, decisions or attempts)."""
    ext = ctx.expansion(source)
    return ext is not None and getattr(type(ext), hook) is not getattr(Expansion, hook)


def _dark_cast_problem(cast: AwaitCast, att: Attempt | None) -> str | None:
    """What is wrong with a core cast's ``detail``: only Dark runes added after an attempt's cast have one."""
    word, _, count = cast.detail.partition(" ")
    if word != DARK_DETAIL or not count.isdigit() or not 1 <= int(count) <= COUNT_RANGE[1]:
        return f"{cast.detail!r:.40} is not a cast of added Dark runes (dark 1 … dark {COUNT_RANGE[1]})"
    if att is not None and (att.seat != cast.seat or not att.cast):
        return "added Dark runes are cast for the attempting hero, after the attempt's cast"
    return None


def _decisions(ctx: Context, state: GameState) -> Iterator[tuple[str, str]]:
    ids = {e.id for e in ctx.expansions}
    att = state.attempt
    if state.phase is Phase.OVER and (state.pending or att is not None):
        yield "pending", "the game is over: nothing can be pending and no attempt under way"
    for i, item in enumerate(state.pending):
        at = f"pending[{i}]"
        of_attempt = (  # the any-time and end-of-turn windows follow actions, not attempts (000 · FAQs)
            isinstance(item, ChooseRecastDark)
            or (isinstance(item, Window) and item.kind in (WindowKind.BEFORE, WindowKind.AS))
            or (isinstance(item, AwaitCast) and not item.source)
        )
        if of_attempt and att is None:
            yield at, f"a {type(item).__name__} with no attempt under way"
        if isinstance(item, AwaitCast) and not item.source and item.detail:
            problem = _dark_cast_problem(item, att)
            if problem:
                yield f"{at}.detail", problem
        if isinstance(item, AwaitCast) and item.source and not _handles(ctx, item.source, "cast_pool"):
            yield (
                f"{at}.source",
                f"no expansion in play has cast_pool for {item.source!r} (in play: {sorted(ids)})",
            )
        if isinstance(item, Decision) and (item.source, item.kind) not in ctx.kinds.by_key:
            yield (
                f"{at}.source",
                f"no expansion in play declares the decision {item.kind!r} of {item.source!r} (in play: {sorted(ids)})",
            )
        if isinstance(item, PlaceAlly) and item.act not in (1, 2, 3):
            yield f"{at}.act", f"there are Acts 1, 2 and 3, not {item.act}"
        if isinstance(item, ChooseCharacter) and item.kind not in _KINDS:
            yield f"{at}.kind", f"{item.kind!r} is not one of {list(_KINDS)}"
        if isinstance(item, ChooseDraw) and not 1 <= item.count <= 5:
            yield f"{at}.count", f"draws 1 … 5 cards, not {item.count}"
        if state.phase is Phase.SETUP and not isinstance(item, ChooseCharacter | PlaceAlly):
            yield at, "setup waits only for Character choices and Allies to place"
    for j, (act, slot) in enumerate(state.turn.refill):
        if act not in (1, 2, 3) or not 0 <= slot < len(state.row(act).slots):
            yield f"turn.refill[{j}]", f"(Act {act}, slot {slot}) is not a slot of the table"
    if att is None:
        return
    if att.against:
        if not _handles(ctx, att.against, "resolve_attempt"):
            yield "attempt.against", f"no expansion in play resolves attempts against {att.against!r}"
    elif att.act not in (1, 2, 3):
        yield "attempt.act", f"there are Acts 1, 2 and 3, not {att.act}"
    else:
        row = state.row(att.act)
        if not 0 <= att.slot < len(row.slots):
            yield (
                "attempt.slot",
                f"slot {att.slot} is not in the Act {att.act} row (0 … {len(row.slots) - 1})",
            )
        else:
            held = row.slots[att.slot]
            if held is None or held.card != att.card:
                yield "attempt.card", f"{att.card!r} is not in Act {att.act} slot {att.slot}"
    for j, (rune, face) in enumerate(att.cast):
        if rune not in ctx.rune_by_id or face not in (0, 1):
            yield f"attempt.cast[{j}]", f"({rune!r}, {face}) is not a face of a rune of the game"
