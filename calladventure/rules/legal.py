"""Whose decision it is, every legal action now, and why any other action is not legal.

``000 · Each Turn``: the active hero may journey, then gain a trait or attempt a challenge,
play cards and use powers, and end its turn; pending decisions (a Character to keep, an
Ally to place, a deck to draw from, a timing window, a cast, a forced choice, an expansion's
decision) come first: the seat they belong to decides (in a window, the seat priority has
reached: ``000 · Hero and Antihero Cards``). The candidates are filtered by the checks of :mod:`calladventure.rules.refusals`, and
:func:`why_illegal` explains a refused action with the same checks.
"""

from __future__ import annotations

from typing import TypeVar

from ..values.actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    Choose,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.cards import Card, CardType, Path
from ..values.effects import Timing
from ..values.errors import IllegalActionError
from ..values.icons import Icon
from ..values.options import DarkLimit, JourneyScope
from ..values.runes import Draw
from ..values.state import (
    AwaitCast,
    Choice,
    ChooseCharacter,
    ChooseDraw,
    ChooseRecastDark,
    Decision,
    GameState,
    Phase,
    PlaceAlly,
    Row,
    Window,
)
from .attempts import dark_runes_allowed, recast_dark_allowed, shortcut
from .cast import cast_pool
from .characters import character_options
from .choices import CHOICE_WORDS, choice_actions, choice_refusal
from .context import Context
from .plays import hand_playable, interned, per_card, usable_powers
from .refusals import (
    attempt_refusal,
    discard_refusal,
    gain_refusal,
    journey_refusal,
    play_refusal,
    power_refusal,
    window_where,
)
from .table import ally_targets
from .windows import TIMINGS, window_options

_C = TypeVar("_C", Journey, FreeDiscard)

_END = EndTurn()
_PASS = Pass()
_CAST = CastRunes()
_DECKS = (ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO))
_MAIN = (Timing.MAIN, Timing.ANY_TIME)
# enum members read on hot paths, kept as module constants (design § 9: a read from the class is a hook call)
_OVER, _CURRENT_ACT, _RADIANT, _TRAIT = Phase.OVER, JourneyScope.CURRENT_ACT, Icon.RADIANT, CardType.TRAIT
_PLAIN_PATH = Path()  # a path with no icons: the Dark runes allowed on any non-Radiant path


def to_move(state: GameState) -> int | None:
    """The seat whose decision it is (None once the game is over; chance steps belong to the casting seat)."""
    if state.phase is _OVER:
        return None
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, Window):
            return top.order[0] if top.order else state.turn.seat
        return top.seat
    return state.turn.seat


def is_chance(state: GameState) -> bool:
    """Whether the next step is a rune cast (a chance step, hard-parts #2)."""
    return bool(state.pending) and isinstance(state.pending[-1], AwaitCast)


def _open_rows(state: GameState, act: int) -> list[Row]:
    """The rows a hero in ``act`` may attempt or gain from: revealed, not of an Act already completed."""
    if act > 3:
        return []
    # 000 · FAQs: Act II cards before finishing Act I
    rows = []
    for row in state.rows:  # a loop, not a comprehension: no frame of its own (it is asked at each listing)
        if row.revealed and row.act >= act:
            rows.append(row)
    return rows


def attemptable(ctx: Context, state: GameState, seat: int) -> list[tuple[int, int, Card]]:
    """Table cards the hero may attempt or gain: revealed rows, not an Act already completed.

    000 · FAQs: Act II cards before finishing Act I.
    """
    db = ctx.db
    return [
        (row.act, i, db[slot.card])
        for row in _open_rows(state, state.players[seat].act)
        for i, slot in enumerate(row.slots)
        if slot is not None
    ]


def _journey_rows(ctx: Context, state: GameState, seat: int) -> list[Row]:
    """The rows whose visible cards a journey may discard (001 · Other Actions; option journey_scope)."""
    current = min(state.players[seat].act, 3) if ctx.config.rules.journey_scope is _CURRENT_ACT else 0
    rows = []
    for row in state.rows:  # a loop, not a comprehension (see _open_rows)
        if row.revealed and (not current or row.act == current):
            rows.append(row)
    return rows


def journey_cards(ctx: Context, state: GameState, seat: int) -> list[tuple[int, int, Card]]:
    """Visible table cards a journey may discard (001 · Other Actions; option journey_scope)."""
    db = ctx.db
    return [
        (row.act, i, db[slot.card])
        for row in _journey_rows(ctx, state, seat)
        for i, slot in enumerate(row.slots)
        if slot is not None
    ]


def _on_visible(ctx: Context, state: GameState, seat: int, cls: type[_C], out: list[Action]) -> None:
    """One action of ``cls`` on each visible table card a journey may discard, added to ``out``.

    001 · Other Actions; option journey_scope. Each action is built once per context (hard-parts #9).
    """
    table = per_card(ctx, cls)
    for row in _journey_rows(ctx, state, seat):
        for slot in row.slots:
            if slot is not None:
                action = table.get(slot.card)
                if action is None:
                    action = table[slot.card] = cls(slot.card)
                out.append(action)


def _attempt_candidates(
    ctx: Context, card: Card, dark: int, table: dict[str, tuple[AttemptChallenge, ...]]
) -> tuple[AttemptChallenge, ...]:
    """An attempt on each path with 0..dark Dark runes (none on a Radiant path, 000 · Special Rules).

    ``table``: the candidates already worked out for ``dark``, by card id.
    """
    actions = table.get(card.id)
    if actions is None:
        out: list[AttemptChallenge] = []
        for side in card.sides:
            top = 0 if _RADIANT in card.path(side).icons else dark
            out.extend(AttemptChallenge(card.id, side, k) for k in range(top + 1))
        actions = table[card.id] = tuple(out)
    return actions


#: What :func:`main_options` reads of a card on the table, by card id, kept per context (hard-parts #9):
#: the card, whether it is a trait (then its gain action) or a challenge to attempt.
_Entry = tuple[Card, GainTrait | None, bool]


def _main_entry(ctx: Context, entries: dict[str, _Entry], cid: str) -> _Entry:
    """The entry of :data:`_Entry` for card ``cid``, worked out the first time it is asked for."""
    card = ctx.db[cid]
    ctype = card.type
    gain = GainTrait(cid) if ctype is _TRAIT else None
    entry = entries[cid] = (card, gain, ctype is CardType.CHALLENGE or ctype is CardType.ADVERSARY)
    return entry


def main_options(ctx: Context, state: GameState, seat: int) -> tuple[list[GainTrait], list[AttemptChallenge]]:
    """The traits the active hero may gain and the attempts it may declare (000 · Each Turn)."""
    traits: list[GainTrait] = []
    attempts: list[AttemptChallenge] = []
    turn = state.turn
    if turn.gained or (turn.attempted and not turn.failed):
        return traits, attempts
    dark = -1  # the Dark runes allowed on a non-Radiant path, computed once
    table: dict[str, tuple[AttemptChallenge, ...]] = {}
    boxes: bool | None = None  # whether a box may offer a shortcut, asked once
    entries: dict[str, _Entry] | None = ctx.memo.get("main-entries")
    if entries is None:
        entries = ctx.memo["main-entries"] = {}
    attempted = turn.attempted
    for row in _open_rows(state, state.players[seat].act):
        for slot in row.slots:
            if slot is None:
                continue
            cid = slot.card
            entry = entries.get(cid) or _main_entry(ctx, entries, cid)
            card, gain, challenge = entry
            if gain is not None:
                if gain_refusal(ctx, state, seat, card, True) is None:
                    traits.append(gain)
            elif challenge and not attempted:
                if dark < 0:
                    dark = dark_runes_allowed(ctx, state, seat, _PLAIN_PATH)
                    table = ctx.memo.get(("attempts", dark)) or ctx.memo.setdefault(("attempts", dark), {})
                candidates = table.get(cid) or _attempt_candidates(ctx, card, dark, table)
                if dark:
                    if boxes is None:
                        boxes = bool(ctx.expansions) and ctx.boxes_override("shortcut")
                    if boxes and any(shortcut(ctx, state, seat, card.path(side)) for side in card.sides):
                        # 002 · FAQs: Gaining a Name path: no Dark runes on a path gained without casting.
                        candidates = tuple(
                            a
                            for a in candidates
                            if not a.dark or shortcut(ctx, state, seat, card.path(a.side)) is None
                        )
                attempts.extend(candidates)
    return traits, attempts


def _pending_actions(ctx: Context, state: GameState) -> list[Action]:
    top = state.pending[-1]
    if isinstance(top, Window):  # the commonest pending decision
        return [*window_options(ctx, state, top.order[0], top), _PASS]
    if isinstance(top, ChooseCharacter):
        return [interned(ctx, Keep, c) for c in character_options(ctx, state, top)]
    if isinstance(top, PlaceAlly):
        return [
            interned(ctx, PlaceAllyUnder, i, None if act == top.act else act)
            for act, i in ally_targets(ctx, state, top.act)
        ]
    if isinstance(top, Choice):
        return list(choice_actions(top))
    if isinstance(top, ChooseDraw):
        return list(_DECKS)
    if isinstance(top, AwaitCast):
        return [_CAST]
    if isinstance(top, ChooseRecastDark):
        att = state.attempt
        more = recast_dark_allowed(ctx, state, att) if att is not None else 0
        return [interned(ctx, BuyDark, k) for k in range(more + 1)]
    ext = ctx.expansion(top.source)  # what is left: a box's decision
    return ext.decision_actions(ctx, state, top) if ext is not None else []


def legal_actions(ctx: Context, state: GameState) -> list[Action]:
    """Every action legal now, for the seat :func:`to_move` names."""
    if state.phase is _OVER:
        return []
    if state.pending:
        return _pending_actions(ctx, state)
    for ext in ctx.expansions:
        taken = ext.takes_over(ctx, state)
        if taken is not None:
            return taken
    seat = state.turn.seat
    turn = state.turn
    traits, attempts = main_options(ctx, state, seat)
    out: list[Action] = [*traits, *attempts]
    for ext in ctx.expansions:
        out.extend(ext.main_actions(ctx, state, seat))
    if not turn.journeyed and not turn.attempted and not turn.gained and state.players[seat].xp >= 1:
        _on_visible(ctx, state, seat, Journey, out)
    if not turn.attempted and not turn.gained and not turn.free_discard and not traits and not attempts:
        _on_visible(ctx, state, seat, FreeDiscard, out)
    out.extend(hand_playable(ctx, state, seat, _MAIN))
    out.extend(usable_powers(ctx, state, seat, _MAIN))
    out.append(_END)
    return out


def check(ctx: Context, state: GameState, action: Action, legal: list[Action] | None = None) -> None:
    """Raise IllegalActionError (saying why, and what is legal) unless ``action`` is legal now."""
    legal = legal_actions(ctx, state) if legal is None else legal
    for a in legal:  # fast path: an action taken from the legal list itself
        if a is action:
            return
    if isinstance(action, CastRunes) and _CAST in legal:
        if action.faces is not None:
            pool = cast_pool(ctx, state) or ()
            if len(action.faces) != len(pool) or any(f not in (0, 1) for f in action.faces):
                raise IllegalActionError(
                    action,
                    f"this cast has {len(pool)} runes ({', '.join(r.id for r in pool)}); give one face (0 or 1) for each",
                    section="000/reading-the-runes",
                )
        return
    if action in legal:
        return
    raise IllegalActionError(action, why_illegal(ctx, state, action), [str(a) for a in legal])


_WAITING = {
    ChooseCharacter: "a Character card to be kept",
    PlaceAlly: "an Ally to be placed under a challenge (000 · Allies)",
    ChooseDraw: "the choice of deck for a card draw",
    AwaitCast: "the runes to be cast",
    Window: "a seat to play a card or pass in a timing window (000 · FAQs: Card timing)",
    ChooseRecastDark: "the Dark runes bought before the re-attempt casts (dark 0, dark 1 …; 000 · Dark Runes)",
}


def why_illegal(ctx: Context, state: GameState, action: Action) -> str:
    """A sentence saying why an action is not legal now, citing the rule where there is one."""
    if state.phase is _OVER:
        return "the game is over"
    mover = to_move(state) or 0
    if isinstance(action, BuyDark):
        att = state.attempt
        if att is None or not state.pending or not isinstance(state.pending[-1], ChooseRecastDark):
            return (
                "Dark runes are bought when an attempt is declared (attempt … dark=N), or before a "
                "re-attempt's cast (000 · Dark Runes)"
            )
        scope = "this turn" if ctx.config.rules.dark_limit is DarkLimit.PER_TURN else "for this cast"
        return (
            f"at most {recast_dark_allowed(ctx, state, att)} more Dark rune(s) now: three {scope} (dark_limit option), "
            "one Experience each, none at the lowest Corruption level or on a Radiant path (000 · Dark Runes)"
        )
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, Window) and isinstance(action, PlayCard):
            return (
                play_refusal(ctx, state, mover, action, TIMINGS[top.kind], window_where(top))
                or "not a legal action now"
            )
        if isinstance(top, Window) and isinstance(action, UsePower):
            return power_refusal(ctx, state, mover, action, TIMINGS[top.kind]) or "not a legal action now"
        if isinstance(top, Choice):
            if isinstance(action, Choose):
                return choice_refusal(ctx, top, action)
            return f"the game is waiting for P{mover + 1} to choose {CHOICE_WORDS.get(top.kind, top.kind)}"
        if isinstance(top, Decision):
            ext = ctx.expansion(top.source)
            said = ext.refusal(ctx, state, action) if ext is not None else None
            return said or f"the game is waiting for a decision ({top.kind}) by P{mover + 1}"
        return f"the game is waiting for {_WAITING[type(top)]} by P{mover + 1}"
    offered = ctx.library.expansions if ctx.library is not None else ctx.expansions
    for ext in (*ctx.expansions, *(e for e in offered if e not in ctx.expansions)):
        if isinstance(action, ext.actions):  # a box not in play explains why too
            return ext.refusal(ctx, state, action) or "not a legal action now"
    for ext in ctx.expansions:
        if ext.takes_over(ctx, state) is not None:
            return ext.refusal(ctx, state, action) or "not a legal action now"
    seat = state.turn.seat
    why: str | None = None
    if isinstance(action, GainTrait):
        card = ctx.db.get(action.card)
        why = gain_refusal(ctx, state, seat, card) if card is not None else f"no card {action.card!r}"
    elif isinstance(action, AttemptChallenge):
        why = attempt_refusal(ctx, state, seat, action)
    elif isinstance(action, Journey):
        why = journey_refusal(ctx, state, seat, action)
    elif isinstance(action, FreeDiscard):
        traits, attempts = main_options(ctx, state, seat)
        why = discard_refusal(ctx, state, seat, action, has_option=bool(traits or attempts))
    elif isinstance(action, PlayCard):
        why = play_refusal(ctx, state, seat, action, _MAIN, "the main phase of the turn")
    elif isinstance(action, UsePower):
        why = power_refusal(ctx, state, seat, action, _MAIN)
    elif isinstance(action, Keep | PlaceAllyUnder | ChooseDeck | Pass | CastRunes | Choose):
        why = "nothing is waiting for that decision now"
    return why or "not a legal action now"


__all__ = [
    "attemptable",
    "check",
    "is_chance",
    "journey_cards",
    "legal_actions",
    "main_options",
    "to_move",
    "why_illegal",
]
