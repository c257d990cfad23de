"""The outcome of a co-op or solo game, the hero's reward, the odds of facing the Adversary, why not.

``000 · Winning the Solo or Co-op Game``: the heroes win if every hero who faces the Adversary
succeeds and Odium has no tokens left; the best Destiny among the winning side wins the game.
A hero who defeats Odium scores 9 Triumph and one Radiant icon (option ``odium_reward``).
``INDEX · Core solo / co-op``: the core Adversary wins on reaching its Experience goal.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...rules._attempts import attempt_odds_of, table_attempt
from ...rules._context import Context
from ...rules._odds import Odds
from ...values._actions import Action
from ...values._cards import Side
from ...values._icons import Icon
from ...values._illegal import IllegalActionError
from ...values._state import Attempt, GameState, Phase
from ._actions import DeclareLoyalty, FaceOdium
from ._cards import is_odium_style
from ._options import ODIUM_REWARD, OdiumReward
from ._state import KEY, FaceResult, facing_now, has_faced, odium_of


@attrs.frozen
class CoopResult:
    """Who won a co-op or solo game, and why (000 · Winning the Solo or Co-op Game)."""

    heroes_win: bool
    reason: str
    tokens: int
    faced: tuple[FaceResult, ...]
    loyalists: tuple[int, ...] = ()
    overrun: bool = False


def coop_result(ctx: Context, state: GameState) -> CoopResult | None:
    """The co-op outcome once the game is over (None in a competitive game or before the end)."""
    od = odium_of(state)
    if od is None or state.phase is not Phase.OVER:
        return None
    card = ctx.db[od.adversary]
    name = card.name
    heroes = [s for s in range(len(state.players)) if s not in od.loyalists]
    failed = [r.seat for r in od.faced if not r.success]
    missing = [s for s in heroes if not has_faced(od, s)]
    if od.overrun:
        return CoopResult(
            False,
            f"{name} reached its Experience goal: the Adversary wins",
            od.tokens,
            od.faced,
            od.loyalists,
            True,
        )
    if not heroes:
        return CoopResult(False, f"no hero faced {name}: {name} wins", od.tokens, od.faced, od.loyalists)
    if failed or missing:
        who = ", ".join(f"P{s + 1}" for s in (*failed, *missing))
        return CoopResult(
            False, f"{who} did not defeat {name}: {name} wins", od.tokens, od.faced, od.loyalists
        )
    if is_odium_style(card) and od.tokens > 0:
        return CoopResult(
            False,
            f"every hero defeated {name}, but he keeps {od.tokens} token(s): {name} wins",
            od.tokens,
            od.faced,
            od.loyalists,
        )
    return CoopResult(
        True,
        f"every hero defeated {name}"
        + (" and he has no tokens left" if is_odium_style(card) else "")
        + ": the heroes win",
        od.tokens,
        od.faced,
        od.loyalists,
    )


def winning_seats(result: CoopResult, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats that win: the best Destiny among the heroes if they win; else the best loyalist, or nobody."""
    n = len(totals)
    side = [s for s in range(n) if s not in result.loyalists] if result.heroes_win else list(result.loyalists)
    if not side:
        return ()
    best = max(totals[s] for s in side)
    return tuple(s for s in side if totals[s] == best)


def defeated_odium(ctx: Context, state: GameState, seat: int) -> bool:
    """Whether this hero scores 9 Triumph and a Radiant icon for defeating Odium (option ``odium_reward``)."""
    od = odium_of(state)
    if od is None or not is_odium_style(ctx.db[od.adversary]):
        return False
    won = any(r.seat == seat and r.success for r in od.faced)
    if ctx.config.rules.option(ODIUM_REWARD) is OdiumReward.EACH_SUCCESS:
        return won
    if state.phase is not Phase.OVER:
        return False
    result = coop_result(ctx, state)
    return result is not None and result.heroes_win and seat not in od.loyalists


def facing_attempt(
    ctx: Context, state: GameState, seat: int, abilities: Sequence[Icon] = (), dark: int = 0
) -> Attempt:
    """A hypothetical attempt of ``seat`` against the Adversary (for odds)."""
    od = odium_of(state)
    if od is None:
        raise IllegalActionError("odds", "no Adversary in a competitive game", section="000/facing-odium")
    card = ctx.db[od.adversary]
    if is_odium_style(card) and (len(abilities) != 2 or abilities[0] == abilities[1]):
        raise IllegalActionError(
            "odds", "facing Odium takes two different abilities", section="000/facing-odium"
        )
    return Attempt(
        against=KEY,
        seat=seat,
        card=card.id,
        act=0,
        slot=0,
        side=Side.TOP,
        dark_bought=dark,
        abilities=tuple(abilities),
    )


def facing_odds(
    ctx: Context, state: GameState, seat: int, abilities: Sequence[Icon] = (), dark: int = 0
) -> Odds:
    """Exact odds of facing the Adversary: the core runes and every rune of the two abilities, no Dark runes against Odium."""
    return attempt_odds_of(ctx, state, facing_attempt(ctx, state, seat, abilities, dark))


def path_odds(
    ctx: Context, state: GameState, seat: int, card_id: str, side: Side | str = Side.TOP, dark: int = 0
) -> Odds:
    """Exact odds of an attempt on a table path; a Radiant path casts no Dark runes (000 · Special Rules)."""
    return attempt_odds_of(ctx, state, table_attempt(state, seat, card_id, side, dark))


def why_illegal(ctx: Context, state: GameState, action: Action) -> str:
    """Why a co-op action is not legal now."""
    if isinstance(action, DeclareLoyalty):
        return "loyalty to Odium is declared only as a hero begins Act III under Contest of Champions (000 · FAQs: Loyalty to Odium in Contest of Champions)"
    od = odium_of(state)
    if od is None:
        return "there is no Adversary in a competitive game (000 · Facing Odium: Solo and Co-op Play)"
    if not facing_now(state):
        return "the heroes face the Adversary only after the final turns (000 · Facing Odium)"
    if has_faced(od, state.turn.seat):
        return "this hero has already faced the Adversary"
    assert isinstance(action, FaceOdium)
    if is_odium_style(ctx.db[od.adversary]):
        if action.dark:
            return "no Dark runes against Odium: facing him is a Radiant path (000 · Facing Odium)"
        return "choose two different abilities (000 · Facing Odium)"
    return "at most the Dark runes this hero may buy (000 · Dark Runes)"


__all__ = [
    "CoopResult",
    "coop_result",
    "defeated_odium",
    "facing_attempt",
    "facing_odds",
    "path_odds",
    "why_illegal",
    "winning_seats",
]
