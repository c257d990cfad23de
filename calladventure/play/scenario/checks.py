"""A step's expectations checked against the game: one :class:`~.results.Check` per thing expected.

:func:`expect_checks` checks an ``expect`` table (only the keys given); :func:`illegal_checks`
checks how an action was refused (``expect_illegal``). Cards are compared by name or id, case
aside; seats are written ``"P1"`` … (or the players' names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...expansions.naming import names_of
from ...expansions.odium import odium_of
from ...game import Game
from ...rules import Context, attempt_math, cast_pool, icon_counts
from ...values.cards import Side
from ...values.errors import CallAdventureError, IllegalActionError
from ...values.events import Event
from ...values.icons import Icon
from ...values.sections import cite
from .results import Check, reason_of
from .schema import ScenarioData, seat_of
from .steps import TUCKED, UNDER, Expect, ExpectIllegal

__all__ = ["expect_checks", "illegal_checks", "odds_check"]


def illegal_checks(want: ExpectIllegal, exc: CallAdventureError, reason: str) -> Iterator[Check]:
    """How an action was refused: the reason's words, and the rule section it cites."""
    for words in want.reason_contains:
        ok = words.casefold() in reason.casefold()
        yield Check("the reason for refusing contains", words, reason, ok)
    if want.section is not None:
        section = exc.section if isinstance(exc, IllegalActionError) else None
        ok = section == want.section or cite(want.section).casefold() in reason.casefold()
        yield Check("the refusal cites", want.section, section or reason, ok)


def _name(ctx: Context, cid: str) -> str:
    return ctx.db[cid].name


def _same_card(ctx: Context, ref: str, cid: str) -> bool:
    return ref == cid or ctx.db[cid].name.casefold() == ref.casefold()


def _names_match(expected: Sequence[str], actual_ids: Sequence[str], shown: Sequence[str]) -> bool:
    if len(expected) != len(actual_ids):
        return False
    return all(
        e.casefold() == s.casefold() or e == cid
        for e, cid, s in zip(expected, actual_ids, shown, strict=True)
    )


def expect_checks(scn: ScenarioData, game: Game, ex: Expect, events: Sequence[Event]) -> list[Check]:
    """The checks of ``ex`` after a step whose events are ``events`` (only the keys given are checked).

    The numbers are the rules' own: Virtue and Corruption read from the track, the difficulty
    and bonus of an attempt (000 · Attempt a Challenge), icons in the Story (000 · Story Icons),
    the score (000 · Ending the Game) and a co-op outcome (000 · Winning the Solo or Co-op Game).
    """
    ctx, state = game.ctx, game.state
    g = scn.game
    out: list[Check] = []

    def seat(ref: str) -> int:
        return seat_of(ref, g.players, g.names)

    def per_seat(key: str, value: Mapping[str, Any] | None, actual: Callable[[int], Any], what: str) -> None:
        for ref, want in (value or {}).items():
            got = actual(seat(ref))
            out.append(Check(f"{what} of {ref}", want, got, got == want))

    def player(s: int) -> Any:
        return state.players[s]

    per_seat("xp", ex.xp, lambda s: player(s).xp, "Experience")
    per_seat("level", ex.level, lambda s: player(s).level, "track level")
    per_seat("virtue", ex.virtue, lambda s: ctx.track.virtue(player(s).level), "Virtue")
    per_seat("corruption", ex.corruption, lambda s: ctx.track.corruption(player(s).level), "Corruption")
    per_seat("act", ex.act, lambda s: player(s).act, "Act")
    per_seat("story_count", ex.story_count, lambda s: len(player(s).story_cards()), "cards in the Story")
    per_seat(
        "destiny_revealed", ex.destiny_revealed, lambda s: player(s).destiny_revealed, "Destiny revealed"
    )

    def shown_story(s: int) -> tuple[tuple[str, ...], ...]:
        return tuple(
            tuple(_name(ctx, t.card) + (" (bottom)" if t.side is Side.BOTTOM else "") for t in under)
            for under in player(s).story
        )

    for ref, want_story in (ex.story or {}).items():
        got_story = shown_story(seat(ref))
        padded = tuple(tuple(u) for u in want_story) + ((),) * (3 - len(want_story))
        ok = len(padded) == 3 and all(
            len(w) == len(a) and all(x.casefold() == y.casefold() for x, y in zip(w, a, strict=True))
            for w, a in zip(padded, got_story, strict=True)
        )
        out.append(Check(f"Story of {ref} (under Origin, Motivation, Destiny)", padded, got_story, ok))
    for text in ex.tucked or ():
        m = TUCKED.fullmatch(text.strip())
        assert m is not None  # checked on load
        s = seat(m["who"].strip()) if m["who"] else state.turn.seat
        index = UNDER.index(m["under"].lower())
        side = Side(m["side"].lower()) if m["side"] else None
        under = player(s).story[index]
        ok = any(_same_card(ctx, m["card"], t.card) and (side is None or t.side is side) for t in under)
        under_names = [_name(ctx, t.card) + (" (bottom)" if t.side is Side.BOTTOM else "") for t in under]
        what_under = f"P{s + 1}'s cards under the {m['under'].capitalize()} include"
        out.append(Check(what_under, m["card"], under_names, ok))
    for key, value, what in (
        ("allies", ex.allies, "Allies"),
        ("hand", ex.hand, "hand"),
        ("played", ex.played, "played cards"),
    ):
        for ref, want_cards in (value or {}).items():
            p = player(seat(ref))
            if key == "allies":
                ids = [a.card for a in p.allies]
                shown = [_name(ctx, a.card) + (" (sacrificed)" if a.sacrificed else "") for a in p.allies]
                ok = _names_match(want_cards, ids, shown)
            else:
                ids = list(p.hand if key == "hand" else p.played)
                shown = [_name(ctx, c) for c in ids]
                ok = sorted(w.casefold() for w in want_cards) == sorted(n.casefold() for n in shown)
            out.append(Check(f"{what} of {ref}", tuple(want_cards), tuple(shown), ok))
    for ref, want_names in (ex.learned or {}).items():
        got_names = tuple(sorted(n.value for n in names_of(player(seat(ref)))))
        wanted_names = tuple(sorted(w.casefold() for w in want_names))
        out.append(Check(f"Names learned by {ref}", wanted_names, got_names, got_names == wanted_names))
    if ex.icons:
        for ref, wanted in ex.icons.items():
            counts = icon_counts(ctx, player(seat(ref)))
            for icon, n in wanted.items():
                got_n = counts[Icon(icon)]
                out.append(Check(f"{icon} icons in {ref}'s Story", n, got_n, got_n == n))
    cited = [e.section for e in events]
    for sid in ex.event or ():
        out.append(Check("an event of this step cites", sid, sorted(set(cited)), sid in cited))
    for sid in ex.no_event or ():
        out.append(Check("no event of this step cites", sid, sorted(set(cited)), sid not in cited))
    texts = [e.text for e in events]
    for words in ex.event_text or ():
        ok = any(words.casefold() in t.casefold() for t in texts)
        out.append(Check("an event of this step says", words, texts, ok))
    if ex.legal_contains or ex.legal_excludes:
        legal = game.legal_actions.describe()
        for words in ex.legal_contains or ():
            out.append(
                Check(
                    "a legal action contains",
                    words,
                    legal,
                    any(words.casefold() in a.casefold() for a in legal),
                )
            )
        for words in ex.legal_excludes or ():
            out.append(
                Check(
                    "no legal action contains",
                    words,
                    legal,
                    not any(words.casefold() in a.casefold() for a in legal),
                )
            )
    if ex.odds is not None:
        out.append(odds_check(game, ex.odds))
    if ex.difficulty is not None or ex.bonus is not None:
        att = state.attempt
        if att is None:
            out.append(Check("an attempt under way", True, False, False))
        else:
            math = attempt_math(ctx, state, att)
            if ex.difficulty is not None:
                out.append(
                    Check(
                        "difficulty of the attempt",
                        ex.difficulty,
                        math.difficulty,
                        math.difficulty == ex.difficulty,
                    )
                )
            if ex.bonus is not None:
                out.append(Check("bonus of the attempt", ex.bonus, math.bonus, math.bonus == ex.bonus))
    if ex.pool is not None:
        pool = cast_pool(ctx, state)
        got_pool = tuple(r.id for r in pool) if pool is not None else ()
        out.append(Check("runes of the cast", tuple(ex.pool), got_pool, got_pool == tuple(ex.pool)))
    for act, want_row in (ex.row or {}).items():
        row = state.row(int(act))
        shown_row = tuple(
            "" if s is None else _name(ctx, s.card) + (f" + {_name(ctx, s.ally)}" if s.ally else "")
            for s in row.slots
        )
        padded_row = tuple(want_row) + ("",) * (len(shown_row) - len(want_row))  # trailing empty slots
        ok = len(padded_row) == len(shown_row) and all(
            w.casefold() == a.casefold() for w, a in zip(padded_row, shown_row, strict=True)
        )
        out.append(Check(f"the Act {act} row", padded_row, shown_row, ok))
    if ex.revealed is not None:
        got_rows = tuple(r.act for r in state.rows if r.revealed)
        out.append(
            Check(
                "rows face up", tuple(sorted(ex.revealed)), got_rows, got_rows == tuple(sorted(ex.revealed))
            )
        )
    if ex.score_total or ex.score_line:
        final = game.score()
        per_seat("score_total", ex.score_total, lambda s: final[s].total, "score")
        for ref, lines in (ex.score_line or {}).items():
            sc = final[seat(ref)]
            for label, points in lines.items():
                found = [ln for ln in sc.lines if ln.label.casefold().startswith(label.casefold())]
                got_pts = found[0].points if found else None
                shown_l = found[0].label if found else [ln.label for ln in sc.lines]
                out.append(
                    Check(
                        f"score line {label!r} of {ref}",
                        points,
                        got_pts if found else shown_l,
                        got_pts == points,
                    )
                )
    if ex.over is not None:
        out.append(Check("the game is over", ex.over, game.over, game.over == ex.over))
    if ex.winners is not None:
        outcome = game.outcome()
        want_w = tuple(sorted(seat(r) for r in ex.winners))
        got_w: object = (
            "the game is not over" if outcome is None else tuple(f"P{w + 1}" for w in outcome.winners)
        )
        ok = outcome is not None and tuple(sorted(outcome.winners)) == want_w
        out.append(Check("winners", tuple(f"P{w + 1}" for w in want_w), got_w, ok))
    if ex.to_move is not None:
        who = game.to_move
        got_m = "nobody (game over)" if who is None else f"P{who + 1}"
        out.append(Check("seat to move", f"P{seat(ex.to_move) + 1}", got_m, who == seat(ex.to_move)))
    if ex.active is not None:
        out.append(
            Check(
                "active seat",
                f"P{seat(ex.active) + 1}",
                f"P{state.turn.seat + 1}",
                state.turn.seat == seat(ex.active),
            )
        )
    if ex.odium_tokens is not None:
        od = odium_of(state)
        tokens = od.tokens if od is not None else None
        out.append(Check("the Adversary's tokens", ex.odium_tokens, tokens, tokens == ex.odium_tokens))
    if ex.heroes_win is not None:
        outcome = game.outcome()
        coop = outcome.coop if outcome is not None else None
        got_c: object = "no co-op outcome yet" if coop is None else f"{coop.heroes_win} ({coop.reason})"
        ok = coop is not None and coop.heroes_win == ex.heroes_win
        out.append(Check("the heroes win", ex.heroes_win, got_c, ok))
    return out


def odds_check(game: Game, want: float | str) -> Check:
    """The chance of success of the pending attempt: exact for a fraction, to 4 decimals for a number."""
    try:
        p = game.odds().p_success
    except CallAdventureError as exc:
        return Check("chance of success", want, f"no odds: {reason_of(exc)}", False)
    if isinstance(want, str):
        return Check("chance of success", Fraction(want), p, p == Fraction(want))
    return Check("chance of success", want, p, abs(float(p) - want) <= 0.00005)
