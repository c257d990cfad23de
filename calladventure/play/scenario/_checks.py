"""A step's expectations checked against the game: one :class:`~.results.Check` per thing expected.

:func:`expect_checks` checks an ``expect`` table: each key given has one small check function,
looked up by key in :data:`EXPECT_CHECKS` (in the order the results are listed);
:func:`illegal_checks` checks how an action was refused (``expect_illegal``). Cards are named
by name or id, case and spacing aside (:meth:`~calladventure.rules.Context.refers_to`, the
resolver's reading); seats are written ``"P1"`` … (or the players' names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any

from ...game import Game
from ...rules import Context, attempt_math, cast_pool, icon_counts
from ...rules._attempts import AttemptMath
from ...rules._front_hooks import HeroWords, offered
from ...values._cards import Side, name_key
from ...values._errors import CallAdventureError
from ...values._events import Event
from ...values._icons import Icon
from ...values._illegal import IllegalActionError
from ...values._score import Score
from ...values._sections import cite
from ...values._state import Player
from ._results import Check, reason_of
from ._schema import ScenarioData, seat_of
from ._steps import TUCKED, UNDER, Expect, ExpectIllegal

__all__ = ["EXPECT_CHECKS", "expect_checks", "illegal_checks", "odds_check"]


def illegal_checks(want: ExpectIllegal, exc: CallAdventureError, reason: str) -> Iterator[Check]:
    """How an action was refused: the reason's words, and the rule section it cites."""
    for words in want.reason_contains:
        ok = words.casefold() in reason.casefold()
        yield Check(
            "the reason for refusing contains", words, reason, ok, "the reason for refusing says {expected}"
        )
    if want.section is not None:
        section = exc.section if isinstance(exc, IllegalActionError) else None
        ok = section == want.section or cite(want.section).casefold() in reason.casefold()
        yield Check(
            "the refusal cites",
            cite(want.section),
            cite(section) if section else reason,
            ok,
            "the refusal cites the rule {expected}",
        )


class After:
    """The game after a step, as the checks ask it: seats by reference, the numbers worked out once."""

    def __init__(self, scn: ScenarioData, game: Game, events: Sequence[Event]) -> None:
        self.scn, self.game, self.events = scn, game, events
        self.ctx: Context = game.ctx
        self.state = game.state

    def seat(self, ref: str) -> int:
        return seat_of(ref, self.scn.game.players, self.scn.game.names)

    def player(self, ref: str) -> Player:
        return self.state.players[self.seat(ref)]

    def name(self, card_id: str) -> str:
        return self.ctx.db[card_id].name

    @cached_property
    def legal(self) -> list[str]:
        return self.game.legal_actions.describe()

    @cached_property
    def score(self) -> tuple[Score, ...]:
        return self.game.score()

    @cached_property
    def math(self) -> AttemptMath | None:
        att = self.state.attempt
        return None if att is None else attempt_math(self.ctx, self.state, att)


def _same_words(expected: Sequence[str], shown: Sequence[str]) -> bool:
    """Whether the words expected are those shown, in order, case and spacing aside."""
    return len(expected) == len(shown) and all(
        name_key(e) == name_key(s) for e, s in zip(expected, shown, strict=True)
    )


def _per_seat(
    what: str, actual: Callable[[After, int], object], says: str = "{ref}'s {what} is {expected}"
) -> Callable[[After, Any], Iterator[Check]]:
    """The check of a ``{seat: value}`` key: ``actual`` of each seat named; ``says`` its sentence (``{ref}`` the seat)."""

    def check(after: After, want: Mapping[str, object]) -> Iterator[Check]:
        for ref, wanted in want.items():
            got = actual(after, after.seat(ref))
            sentence = says.replace("{ref}", ref).replace("{what}", what)
            yield Check(f"{what} of {ref}", wanted, got, got == wanted, sentence)

    return check


def _per_player(
    what: str, read: Callable[[Context, Player], object], says: str = "{ref}'s {what} is {expected}"
) -> Callable[[After, Any], Iterator[Check]]:
    """The check of a ``{seat: value}`` key read off each seat's player (and the context's track)."""
    return _per_seat(what, lambda after, seat: read(after.ctx, after.state.players[seat]), says)


def _tucked_name(after: After, card_id: str, side: Side) -> str:
    return after.name(card_id) + (" (bottom)" if side is Side.BOTTOM else "")


def _story(after: After, want: Mapping[str, Sequence[Sequence[str]]]) -> Iterator[Check]:
    for ref, want_story in want.items():
        got = tuple(
            tuple(_tucked_name(after, t.card, t.side) for t in under) for under in after.player(ref).story
        )
        padded = tuple(tuple(u) for u in want_story) + ((),) * (3 - len(want_story))
        ok = len(padded) == 3 and all(_same_words(w, a) for w, a in zip(padded, got, strict=True))
        yield Check(
            f"Story of {ref} (under Origin, Motivation, Destiny)",
            padded,
            got,
            ok,
            f"under {ref}'s Origin, Motivation and Destiny lie {{expected}}",
        )


def _tucked(after: After, want: Sequence[str]) -> Iterator[Check]:
    for text in want:
        m = TUCKED.fullmatch(text.strip())
        assert m is not None  # checked on load
        s = after.seat(m["who"].strip()) if m["who"] else after.state.turn.seat
        side = Side(m["side"].lower()) if m["side"] else None
        under = after.state.players[s].story[UNDER.index(m["under"].lower())]
        ok = any(after.ctx.refers_to(m["card"], t.card) and side in (None, t.side) for t in under)
        shown = [_tucked_name(after, t.card, t.side) for t in under]
        under_what = f"P{s + 1}'s cards under the {m['under'].capitalize()}"
        yield Check(f"{under_what} include", m["card"], shown, ok, f"{under_what} include {{expected}}")


def _allies(after: After, want: Mapping[str, Sequence[str]]) -> Iterator[Check]:
    """The Allies in order, each by id or as shown (``"Name (sacrificed)"``)."""
    for ref, want_cards in want.items():
        allies = after.player(ref).allies
        shown = [after.name(a.card) + (" (sacrificed)" if a.sacrificed else "") for a in allies]
        ok = len(want_cards) == len(allies) and all(
            w == a.card or name_key(w) == name_key(s)
            for w, a, s in zip(want_cards, allies, shown, strict=True)
        )
        yield Check(
            f"Allies of {ref}", tuple(want_cards), tuple(shown), ok, f"{ref}'s Allies are {{expected}}"
        )


def _cards(what: str, zone: Callable[[Player], Sequence[str]]) -> Callable[[After, Any], Iterator[Check]]:
    """The check of a ``{seat: [cards]}`` key whose order does not matter (a hand, the cards played)."""

    def check(after: After, want: Mapping[str, Sequence[str]]) -> Iterator[Check]:
        for ref, want_cards in want.items():
            ids = zone(after.player(ref))
            shown = [after.name(c) for c in ids]
            wanted = sorted(name_key(after.name(w) if w in after.ctx.db else w) for w in want_cards)
            ok = wanted == sorted(name_key(n) for n in shown)
            yield Check(
                f"{what} of {ref}", tuple(want_cards), tuple(shown), ok, f"{ref}'s {what}: {{expected}}"
            )

    return check


def _icons(after: After, want: Mapping[str, Mapping[str, int]]) -> Iterator[Check]:
    for ref, wanted in want.items():
        counts = icon_counts(after.ctx, after.player(ref))
        for icon, n in wanted.items():
            got = counts[Icon(icon)]
            yield Check(
                f"{icon} icons in {ref}'s Story",
                n,
                got,
                got == n,
                f"{ref}'s Story shows {{expected}} {icon} icon(s)",
            )


def _citations(after: After) -> list[str]:
    """The rules the step's events cite, each by its one citation, in order, once each."""
    return list(dict.fromkeys(cite(e.section) for e in after.events))


def _event(after: After, want: Sequence[str]) -> Iterator[Check]:
    cited = {e.section for e in after.events}
    for sid in want:
        yield Check(
            "an event of this step cites",
            cite(sid),
            _citations(after),
            sid in cited,
            "this step applies the rule {expected}",
        )


def _no_event(after: After, want: Sequence[str]) -> Iterator[Check]:
    cited = {e.section for e in after.events}
    for sid in want:
        yield Check(
            "no event of this step cites",
            cite(sid),
            _citations(after),
            sid not in cited,
            "this step does not apply the rule {expected}",
        )


def _event_text(after: After, want: Sequence[str]) -> Iterator[Check]:
    texts = [e.text for e in after.events]
    for words in want:
        ok = any(words.casefold() in t.casefold() for t in texts)
        yield Check("an event of this step says", words, texts, ok, "the game says {expected}")


def _legal_contains(after: After, want: Sequence[str]) -> Iterator[Check]:
    for words in want:
        ok = any(words.casefold() in a.casefold() for a in after.legal)
        yield Check("a legal action contains", words, after.legal, ok, "the hero to move may now {expected}")


def _legal_excludes(after: After, want: Sequence[str]) -> Iterator[Check]:
    for words in want:
        ok = not any(words.casefold() in a.casefold() for a in after.legal)
        yield Check("no legal action contains", words, after.legal, ok, "the hero to move may not {expected}")


def _attempt_number(what: str, field: str) -> Callable[[After, int], Iterator[Check]]:
    """The check of a number of the attempt under way (000 · Attempt a Challenge)."""

    def check(after: After, want: int) -> Iterator[Check]:
        math = after.math
        got: object = "no attempt under way" if math is None else getattr(math, field)
        yield Check(
            f"{what} of the attempt",
            want,
            got,
            math is not None and got == want,
            f"the attempt's {what} is {{expected}}",
        )

    return check


def _pool(after: After, want: Sequence[str]) -> Iterator[Check]:
    pool = cast_pool(after.ctx, after.state)
    got = tuple(r.id for r in pool) if pool is not None else ()
    yield Check("runes of the cast", tuple(want), got, got == tuple(want), "the runes cast are {expected}")


def _row(after: After, want: Mapping[str, Sequence[str]]) -> Iterator[Check]:
    """Each row's slots as shown (``"Challenge + Ally"``, ``""`` for an empty slot); trailing empty slots may be left out."""
    for act, want_row in want.items():
        shown = tuple(
            "" if s is None else after.name(s.card) + (f" + {after.name(s.ally)}" if s.ally else "")
            for s in after.state.row(int(act)).slots
        )
        padded = tuple(want_row) + ("",) * (len(shown) - len(want_row))
        yield Check(
            f"the Act {act} row",
            padded,
            shown,
            _same_words(padded, shown),
            f"the Act {act} row shows {{expected}}",
        )


def _revealed(after: After, want: Sequence[int]) -> Iterator[Check]:
    got = tuple(r.act for r in after.state.rows if r.revealed)
    yield Check(
        "rows face up",
        tuple(sorted(want)),
        got,
        got == tuple(sorted(want)),
        "the rows of Acts {expected} are face up",
    )


def _score_line(after: After, want: Mapping[str, Mapping[str, int]]) -> Iterator[Check]:
    """Score lines by the start of their label (000 · Ending the Game)."""
    for ref, lines in want.items():
        sc = after.score[after.seat(ref)]
        for label, points in lines.items():
            found = [ln for ln in sc.lines if ln.label.casefold().startswith(label.casefold())]
            got: object = found[0].points if found else [ln.label for ln in sc.lines]
            yield Check(
                f"score line {label!r} of {ref}",
                points,
                got,
                bool(found) and got == points,
                f"{ref} scores {{expected}} for {label}",
            )


def _over(after: After, want: bool) -> Iterator[Check]:
    yield Check(
        "the game is over",
        want,
        after.game.over,
        after.game.over == want,
        "the game is over" if want else "the game goes on",
    )


def _winners(after: After, want: Sequence[str]) -> Iterator[Check]:
    outcome = after.game.outcome()
    seats = tuple(sorted(after.seat(r) for r in want))
    got: object = "the game is not over" if outcome is None else tuple(f"P{w + 1}" for w in outcome.winners)
    ok = outcome is not None and tuple(sorted(outcome.winners)) == seats
    yield Check(
        "winners",
        tuple(f"P{w + 1}" for w in seats),
        got,
        ok,
        "the winners: " + " and ".join(f"P{w + 1}" for w in seats),
    )


def _to_move(after: After, want: str) -> Iterator[Check]:
    who, seat = after.game.to_move, after.seat(want)
    got = "nobody (game over)" if who is None else f"P{who + 1}"
    yield Check("seat to move", f"P{seat + 1}", got, who == seat, f"P{seat + 1} is to move")


def _active(after: After, want: str) -> Iterator[Check]:
    seat, active = after.seat(want), after.state.turn.seat
    yield Check("active seat", f"P{seat + 1}", f"P{active + 1}", active == seat, f"it is P{seat + 1}'s turn")


def _odds(after: After, want: float | str) -> Iterator[Check]:
    yield odds_check(after.game, want)


#: The check of each ``expect`` key, in the order the results are listed. Virtue and Corruption
#: are read from the track, the difficulty and bonus of an attempt are the rules' own (000 ·
#: Attempt a Challenge), icons are those of the Story (000 · Story Icons), the score is the
#: rules' scoring (000 · Ending the Game).
EXPECT_CHECKS: dict[str, Callable[[After, Any], Iterator[Check]]] = {
    "xp": _per_player("Experience", lambda _, p: p.xp),
    "level": _per_player("track level", lambda _, p: p.level),
    "virtue": _per_player("Virtue", lambda ctx, p: ctx.track.virtue(p.level)),
    "corruption": _per_player("Corruption", lambda ctx, p: ctx.track.corruption(p.level)),
    "act": _per_player("Act", lambda _, p: p.act),
    "story_count": _per_player(
        "cards in the Story", lambda _, p: len(p.story_cards()), "{ref} has {expected} card(s) in the Story"
    ),
    "destiny_revealed": _per_player(
        "Destiny revealed", lambda _, p: p.destiny_revealed, "{ref}'s Destiny is revealed: {expected}"
    ),
    "story": _story,
    "tucked": _tucked,
    "allies": _allies,
    "hand": _cards("hand", lambda p: p.hand),
    "played": _cards("played cards", lambda p: p.played),
    "icons": _icons,
    "event": _event,
    "no_event": _no_event,
    "event_text": _event_text,
    "legal_contains": _legal_contains,
    "legal_excludes": _legal_excludes,
    "odds": _odds,
    "difficulty": _attempt_number("difficulty", "difficulty"),
    "bonus": _attempt_number("bonus", "bonus"),
    "pool": _pool,
    "row": _row,
    "revealed": _revealed,
    "score_total": _per_seat("score", lambda after, seat: after.score[seat].total),
    "score_line": _score_line,
    "over": _over,
    "winners": _winners,
    "to_move": _to_move,
    "active": _active,
}


def expect_checks(scn: ScenarioData, game: Game, ex: Expect, events: Sequence[Event]) -> list[Check]:
    """The checks of ``ex`` after a step whose events are ``events``: those of each key given (:data:`EXPECT_CHECKS`)."""
    after = After(scn, game, events)
    return [
        *(
            check
            for key, checks in EXPECT_CHECKS.items()
            if (want := getattr(ex, key)) is not None
            for check in checks(after, want)
        ),
        *_box_checks(after, ex.boxes),
    ]


def _hero_words(after: After, words: HeroWords, want: Mapping[str, Sequence[str]]) -> Iterator[Check]:
    """What a box keeps of each hero as words (``Expansion.hero_words``: 002 · Naming, the Names learned)."""
    for ref, want_words in want.items():
        got = tuple(sorted(words.words(after.player(ref))))
        wanted = tuple(sorted(w.casefold() for w in want_words))
        yield Check(
            f"{words.what} by {ref}", wanted, got, got == wanted, f"{words.what} by {ref}: {{expected}}"
        )


def _box_checks(after: After, wanted: Mapping[str, Any]) -> Iterator[Check]:
    """The keys of the boxes: their words of heroes (any box offered), the checks of the boxes in
    play (``Expansion.scenario_checks``); a key none of them checks fails."""
    if not wanted:
        return
    checked: set[str] = set()
    for words in (w for box in offered(after.ctx) for w in box.hero_words):
        if words.entry in wanted and words.entry not in checked:
            checked.add(words.entry)
            yield from _hero_words(after, words, wanted[words.entry])
    outcome = after.game.outcome()
    box_outcome = outcome.box if outcome is not None else None
    for box in after.ctx.expansions:
        for key, check in box.scenario_checks.items():
            if key in wanted and key not in checked:
                checked.add(key)
                for what, got, ok in check(after.ctx, after.state, box_outcome, wanted[key]):
                    yield Check(what, wanted[key], got, ok, f"{what}: {{expected}}")
    for key in sorted(wanted.keys() - checked):
        yield Check(
            f"expect key {key!r}",
            "a key the core or a box in play checks",
            "none checks it",
            False,
            f"the key {key!r} is one the core or a box in play checks",
        )


_CHANCE = "the attempt succeeds with a chance of {expected}"


def odds_check(game: Game, want: float | str) -> Check:
    """The chance of success of the pending attempt: exact for a fraction, to 4 decimals for a number."""
    try:
        p = game.odds().p_success
    except CallAdventureError as exc:
        return Check("chance of success", want, f"no odds: {reason_of(exc)}", False, _CHANCE)
    if isinstance(want, str):
        return Check("chance of success", Fraction(want), p, p == Fraction(want), _CHANCE)
    return Check("chance of success", want, p, abs(float(p) - want) <= 0.00005, _CHANCE)
