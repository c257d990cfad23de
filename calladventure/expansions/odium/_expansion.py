"""Solo and co-op play against an Adversary, as an expansion: how it plugs into the rules.

In play in a co-op or solo game (``Config.mode``). ``000 · Facing Odium: Solo and Co-op Play``:
the Adversary is set up beside the table; its quest's triggers fire for every hero (``000 ·
The Adversary Quests``); the core runes reveal its cards (``000 · Playing Odium's Cards``),
which are discarded at the end of the turn; heroes beginning Act III may pledge loyalty
(Contest of Champions); after the final turns the heroes face it (``000 · Facing Odium``), and
a hero who defeats Odium scores 9 Triumph and a Radiant icon (``000 · Winning the Solo or
Co-op Game``). ``000 · Expanding Your Adventure``: with combined sets, a card that targets
"you" may target any hero.

Its action kinds (facing the Adversary, declaring loyalty) and decision kinds (the facing stage,
the loyalty decision) are declared here (``calladventure.rules._kinds``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

import attrs

from ...rules._context import Context
from ...rules._expansion import Expansion, ScoreExtras
from ...rules._front_hooks import BoxOutcome, Picture
from ...rules._hidden import hidden
from ...rules._kinds import ActionKind, BotValue, DecisionKind
from ...rules._main_phase import END
from ...rules._priority import PLAY, USE
from ...values._actions import Action
from ...values._cards import Card, CardSet
from ...values._effects import Effect, Trigger
from ...values._events import Log
from ...values._icons import ABILITIES, Icon
from ...values._options import RulesOption
from ...values._runes import Rune
from ...values._score import ScoreLine
from ...values._state import AwaitCast, Config, Decision, GameState, Mode
from . import _facing as facing
from . import _front as front
from . import _loyalty as loyalty
from . import _position as position
from . import _quests as quests
from . import _reveal as reveal
from ._actions import DeclareLoyalty, FaceOdium
from ._cards import ODIUM_TRIUMPH, deck_cards
from ._options import ODIUM_FACING, OPTIONS, OdiumFacing
from ._outcome import defeated_odium, facing_odds, why_illegal
from ._pictures import adversary_picture
from ._places import odium_places, odium_problems
from ._setup import setup
from ._state import KEY, OdiumState, facing_now, has_faced, odium_of, with_odium
from ._tokens import AdversaryTokens

# ============================================================================ facing the Adversary (000 · Facing Odium)


def _faces(ctx: Context, state: GameState, seat: int) -> list[FaceOdium]:
    od = odium_of(state)
    return [] if od is None or has_faced(od, seat) else facing.facing_options(ctx, state, seat)


def _face_refused(ctx: Context, state: GameState, seat: int, action: FaceOdium) -> str | None:
    if facing_now(state) and action in _faces(ctx, state, seat):
        return None
    return why_illegal(ctx, state, action)


def _face_space(ctx: Context) -> list[FaceOdium]:
    """Every way to face the Adversary: two abilities of six, or 0–3 Dark runes (000 · Facing Odium)."""
    return [*(FaceOdium(pair) for pair in combinations(ABILITIES, 2)), *(FaceOdium((), k) for k in range(4))]


def _facing_value(ctx: Context, state: GameState, seat: int, action: FaceOdium) -> float:
    """Facing the Adversary, for a bot (000 · Facing Odium): above all succeed, then remove tokens."""
    odds = facing_odds(ctx, state, seat, action.abilities, action.dark)
    return 10.0 * float(odds.p_success) + float(odds.mean)


FACE: ActionKind[FaceOdium] = ActionKind(
    FaceOdium,
    "000/facing-odium",
    candidates=_faces,
    refusal=_face_refused,
    apply=facing.face,
    exact=True,
    space=_face_space,
    bot=BotValue(_facing_value),
)

_FACING = "the heroes face the Adversary: face it, play a card, or end the turn (000 · Facing Odium)"


def _facing_admits(ctx: Context, state: GameState, seat: int, kind: ActionKind[Any]) -> str | None:
    """In a facing turn of its own the hero faces once, plays cards and powers, then ends the turn (option ``odium_facing``)."""
    if kind is FACE:
        return None
    od = odium_of(state)
    if ctx.config.rules.option(ODIUM_FACING) is not OdiumFacing.OWN_TURN or (
        kind is END and (od is None or not has_faced(od, seat))
    ):
        return _FACING
    return None


def _facing_other(
    ctx: Context, state: GameState, seat: int, action: Action, kind: ActionKind[Any] | None
) -> str:
    """A box's action explains itself; the core's wait for the facing turn to end."""
    if kind is not None and kind not in ctx.kinds.groups[0]:
        return kind.refusal(ctx, state, seat, action) or "not a legal action now"
    return _FACING


#: The end of a co-op game: each hero faces the Adversary (000 · Facing Odium).
FACING = DecisionKind(
    "facing",
    "000/facing-odium",
    (FACE, PLAY, USE, END),
    during=facing_now,
    admits=_facing_admits,
    other=_facing_other,
)


# ============================================================================ loyalty (Contest of Champions)

_LOYALTIES = (DeclareLoyalty(True), DeclareLoyalty(False))


def _loyalty_refused(ctx: Context, state: GameState, seat: int, action: DeclareLoyalty) -> str | None:
    top = state.pending[-1] if state.pending else None
    if isinstance(top, Decision) and top.source == KEY and top.kind == loyalty.LOYALTY:
        return None
    return why_illegal(ctx, state, action)


LOYALTY: ActionKind[DeclareLoyalty] = ActionKind(
    DeclareLoyalty,
    "000/faqs-loyalty-to-odium-in-contest-of-champions",
    candidates=_LOYALTIES,
    refusal=_loyalty_refused,
    apply=loyalty.declare,
    space=lambda ctx: _LOYALTIES,
    bot=BotValue(lambda ctx, state, seat, action: 0.0 if action.pledge else 1.0, ties=False),  # stay a hero
)

#: A hero beginning Act III under Contest of Champions pledges loyalty to Odium, or not.
LOYALTY_DECISION = DecisionKind(
    "loyalty",
    "000/faqs-loyalty-to-odium-in-contest-of-champions",
    (LOYALTY,),
    pending=Decision,
    source=KEY,
    key=loyalty.LOYALTY,
    waiting="a declaration of loyalty to Odium, or not (000 · FAQs: Loyalty to Odium in Contest of Champions)",
    column=10,
)


class Adversary(Expansion):
    """Odium (000), or the core game's Adversary (INDEX · Core solo / co-op), against the heroes."""

    id: ClassVar[str] = KEY
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = (FACE, LOYALTY)
    decision_kinds: ClassVar[tuple[DecisionKind, ...]] = (FACING, LOYALTY_DECISION)
    state_types: ClassVar[dict[str, Any]] = {KEY: OdiumState}
    options: ClassVar[tuple[RulesOption[Any], ...]] = OPTIONS
    atoms: ClassVar[tuple[type[Effect], ...]] = (AdversaryTokens,)
    facade = front.FACADE
    columns = front.COLUMNS
    result_columns = front.RESULT_COLUMNS
    scenario_checks = front.SCENARIO_CHECKS
    position_tables = (position.ODIUM_TABLE,)

    def in_play(self, config: Config, sets: Sequence[CardSet]) -> bool:
        return config.mode is not Mode.COMPETITIVE

    def setup(self, ctx: Context, state: GameState, log: Log) -> GameState:
        return setup(ctx, state, log)

    def end_turn(self, ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
        return facing.end_turn(ctx, state, log)

    def act_begins(self, ctx: Context, state: GameState, seat: int, act: int, log: Log) -> GameState:
        return loyalty.begin_act_three(ctx, state, seat, log) if act == 3 else state

    def on_trigger(self, ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
        return quests.fire(ctx, state, seat, trigger, log)

    def corruption_ignored(
        self, ctx: Context, state: GameState, seat: int, levels: int, log: Log
    ) -> GameState:
        return quests.take_back(ctx, state, seat, levels, log)

    def self_cards_target_any(self, ctx: Context, state: GameState) -> bool:
        return len(ctx.config.sets) > 1

    def after_cast(
        self, ctx: Context, state: GameState, pool: Sequence[Rune], faces: Sequence[int], log: Log
    ) -> GameState:
        return reveal.after_cast(ctx, state, pool, faces, log)

    def other_cast(
        self,
        ctx: Context,
        state: GameState,
        cast: AwaitCast,
        pool: Sequence[Rune],
        faces: Sequence[int],
        log: Log,
    ) -> GameState:
        return reveal.other_cast(ctx, state, cast, pool, faces, log)

    def resolve_attempt(self, ctx: Context, state: GameState, log: Log) -> GameState:
        return facing.resolve_facing(ctx, state, log)

    # ----------------------------------------------------------------- hidden information

    def redact(self, ctx: Context, state: GameState, seat: int | None) -> GameState:
        """The Adversary's deck is face down: its size shows, not its order (000 · Odium's Deck)."""
        od = odium_of(state)
        if od is None or not od.deck:
            return state
        return with_odium(state, attrs.evolve(od, deck=tuple(hidden(KEY) for _ in od.deck)))

    def hidden_category(self, ctx: Context, state: GameState, card: Card) -> str | None:
        """The Adversary's deck cards have a deck of their own (000 · Facing Odium: Solo and Co-op Play: Set Up)."""
        od = odium_of(state)
        if od is None:
            return None
        key = ("odium-deck", od.adversary)
        ids: frozenset[str] | None = ctx.memo.get(key)
        if ids is None:
            ids = ctx.remember(key, frozenset(deck_cards(ctx, ctx.db[od.adversary])))
        return KEY if card.id in ids else None

    def card_places(self, ctx: Context, state: GameState) -> Iterable[tuple[str, str]]:
        return odium_places(ctx, state)

    def position_problems(self, ctx: Context, state: GameState) -> Iterable[tuple[str, str]]:
        return odium_problems(ctx, state)

    def score_lines(self, ctx: Context, state: GameState, seat: int) -> ScoreExtras:
        if not defeated_odium(ctx, state, seat):
            return ScoreExtras()
        # 000 · Winning the Solo or Co-op Game: 9 Triumph and one Radiant icon.
        line = ScoreLine(
            "Defeated Odium (and one Radiant icon)", ODIUM_TRIUMPH, 0, "000/winning-the-solo-or-co-op-game"
        )
        return ScoreExtras(before_sets=(line,), icons=((Icon.RADIANT, 1),))

    # ----------------------------------------------------------------- above the rules (front.py)

    def outcome(self, ctx: Context, state: GameState, totals: Sequence[int]) -> BoxOutcome | None:
        return front.box_outcome(ctx, state, totals)

    def score_card(self, ctx: Context, state: GameState, entries: Sequence[Mapping[str, Any]]) -> GameState:
        return position.score_card(ctx, state, entries)

    def hidden_deal(self, ctx: Context, state: GameState, take: Callable[[str, str], str]) -> GameState:
        return front.hidden_deal(ctx, state, take)

    def table_pictures(self, ctx: Context, state: GameState) -> Iterable[Picture]:
        """The Adversary's panel: tokens, quest, deck, revealed cards, results (000 · Facing Odium)."""
        picture = adversary_picture(ctx, state)
        return () if picture is None else (picture,)


__all__ = ["FACE", "FACING", "LOYALTY", "LOYALTY_DECISION", "Adversary"]
