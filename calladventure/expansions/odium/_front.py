"""What the Adversary adds above the rules: its outcome, facade helpers, tensor columns, table columns and checks.

``000 · Winning the Solo or Co-op Game``: the heroes win or lose together, and the best Destiny
among the winning side wins. ``000 · Facing Odium``: ``game.face(...)``, ``game.face_odds(...)``
and ``game.pledge()`` (Contest of Champions) are its helpers on the ``Game`` facade; the
observation tensor sees its tokens and the size of its deck; a results table gets its quest,
its name, who won and its tokens left; a scenario may expect its tokens and who won.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ...rules._context import Context
from ...rules._front_hooks import BoxOutcome, Column, FacadeAction, FacadeQuery, ResultColumn, ScenarioCheck
from ...rules._kinds import phrase
from ...rules._odds import Odds
from ...values._icons import ABILITIES, Icon
from ...values._illegal import IllegalActionError
from ...values._state import GameState, evolve
from ._actions import DeclareLoyalty, FaceOdium
from ._outcome import CoopResult, coop_result, facing_odds, winning_seats
from ._state import odium_of, with_odium


def box_outcome(ctx: Context, state: GameState, totals: Sequence[int]) -> BoxOutcome | None:
    """Who won a finished co-op or solo game: the heroes or the Adversary, then the best Destiny of the winning side."""
    result = coop_result(ctx, state)
    if result is None:
        return None
    won = tuple((s in result.loyalists) != result.heroes_win for s in range(len(totals)))
    verdict = phrase("The heroes win") if result.heroes_win else phrase("The Adversary wins")
    section = "000/winning-the-solo-or-co-op-game"
    return BoxOutcome(result, winning_seats(result, totals), won, verdict, result.reason, section)


# ============================================================================ the Game facade


def abilities_of(abilities: Sequence[str | Icon]) -> tuple[Icon, ...]:
    """Two abilities by name, in the order of the rules' list (000 · Facing Odium); IllegalActionError if one is none."""
    try:
        return tuple(sorted((Icon(a) for a in abilities), key=ABILITIES.index))
    except ValueError:
        names = ", ".join(a.value for a in ABILITIES)
        raise IllegalActionError(
            f"face {' '.join(map(str, abilities))}", f"the abilities are {names}"
        ) from None


def _face(*abilities: str | Icon, dark_runes: int = 0) -> FaceOdium:
    return FaceOdium(abilities_of(abilities), dark_runes)


def _pledge(loyal: bool = True) -> DeclareLoyalty:
    return DeclareLoyalty(loyal)


def _face_odds(
    ctx: Context, state: GameState, seat: int, *abilities: str | Icon, dark_runes: int = 0
) -> Odds:
    return facing_odds(ctx, state, seat, abilities_of(abilities), dark_runes)


FACADE: dict[str, FacadeAction | FacadeQuery] = {
    "face": FacadeAction(
        _face,
        "Face the Adversary at the end of a co-op game: two abilities against Odium (000 · Facing Odium).",
    ),
    "pledge": FacadeAction(
        _pledge,
        "Pledge loyalty to Odium as Act III begins (or not, with ``False``) (000 · FAQs: Loyalty to Odium).",
        own=False,
    ),
    "face_odds": FacadeQuery(
        _face_odds,
        "Exact odds of facing the Adversary with these abilities (000 · Facing Odium: no Dark runes against Odium).",
    ),
}


# ============================================================================ tensors, tables, checks


def _columns(ctx: Context, state: GameState) -> tuple[float, float]:
    od = odium_of(state)
    return (0.0, 0.0) if od is None else (od.tokens / 40, len(od.deck) / 20)


COLUMNS = (Column("the Adversary's tokens / 40 and deck size / 20", 2, _columns),)


def _coop(outcome: BoxOutcome | None) -> CoopResult | None:
    return outcome.result if outcome is not None and isinstance(outcome.result, CoopResult) else None


def _card(which: str) -> Callable[[Context, GameState, BoxOutcome | None], int | str | bool | None]:
    def name(ctx: Context, state: GameState, outcome: BoxOutcome | None) -> str | None:
        od = odium_of(state)
        card = getattr(od, which) if od is not None and _coop(outcome) is not None else None
        return None if card is None else ctx.db[card].name

    return name


def _result(which: str) -> Callable[[Context, GameState, BoxOutcome | None], int | str | bool | None]:
    def value(ctx: Context, state: GameState, outcome: BoxOutcome | None) -> int | str | bool | None:
        result = _coop(outcome)
        return None if result is None or odium_of(state) is None else getattr(result, which)

    return value


RESULT_COLUMNS = (
    ResultColumn("quest", str, _card("quest")),
    ResultColumn("adversary", str, _card("adversary")),
    ResultColumn("heroes_win", bool, _result("heroes_win")),
    ResultColumn("coop_reason", str, _result("reason")),
    ResultColumn("odium_tokens", int, _result("tokens")),
)


def _tokens(
    ctx: Context, state: GameState, outcome: BoxOutcome | None, want: Any
) -> Iterator[tuple[str, object, bool]]:
    od = odium_of(state)
    tokens = od.tokens if od is not None else None
    yield "the Adversary's tokens", tokens, tokens == want


def _heroes_win(
    ctx: Context, state: GameState, outcome: BoxOutcome | None, want: Any
) -> Iterator[tuple[str, object, bool]]:
    """A co-op outcome (000 · Winning the Solo or Co-op Game)."""
    coop = _coop(outcome)
    got: object = "no co-op outcome yet" if coop is None else f"{coop.heroes_win} ({coop.reason})"
    yield "the heroes win", got, coop is not None and coop.heroes_win == want


SCENARIO_CHECKS: dict[str, ScenarioCheck] = {"odium_tokens": _tokens, "heroes_win": _heroes_win}


def hidden_deal(ctx: Context, state: GameState, take: Callable[[str, str], str]) -> GameState:
    """The Adversary's deck dealt anew (000 · Odium's Deck: face down)."""
    od = odium_of(state)
    if od is None:
        return state
    return with_odium(state, evolve(od, deck=tuple(take("adversary deck", c) for c in od.deck)))


__all__ = [
    "COLUMNS",
    "FACADE",
    "RESULT_COLUMNS",
    "SCENARIO_CHECKS",
    "abilities_of",
    "box_outcome",
    "hidden_deal",
]
