"""Solo and co-op play against an Adversary, as an expansion: how it plugs into the rules.

In play in a co-op or solo game (``Config.mode``). ``000 · Facing Odium: Solo and Co-op Play``:
the Adversary is set up beside the table; its quest's triggers fire for every hero (``000 ·
The Adversary Quests``); the core runes reveal its cards (``000 · Playing Odium's Cards``),
which are discarded at the end of the turn; heroes beginning Act III may pledge loyalty
(Contest of Champions); after the final turns the heroes face it (``000 · Facing Odium``), and
a hero who defeats Odium scores 9 Triumph and a Radiant icon (``000 · Winning the Solo or
Co-op Game``). ``000 · Expanding Your Adventure``: with combined sets, a card that targets
"you" may target any hero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, ClassVar

import attrs

from ...rules.context import Context
from ...rules.expansion import Expansion, ScoreExtras
from ...rules.hidden import hidden
from ...values.actions import Action
from ...values.cards import Card, CardSet
from ...values.effects import Effect, Trigger
from ...values.events import Log
from ...values.icons import ABILITIES, Icon
from ...values.runes import Rune
from ...values.score import ScoreLine
from ...values.state import AwaitCast, Config, Decision, GameState, Mode
from . import facing, loyalty, quests, reveal
from .actions import DeclareLoyalty, FaceOdium
from .cards import ODIUM_TRIUMPH, deck_cards
from .outcome import defeated_odium, why_illegal
from .places import odium_places, odium_problems
from .setup import setup
from .state import KEY, OdiumState, facing_now, odium_of, with_odium
from .tokens import AdversaryTokens


class Adversary(Expansion):
    """Odium (000), or the core game's Adversary (INDEX · Core solo / co-op), against the heroes."""

    id: ClassVar[str] = KEY
    actions: ClassVar[tuple[type[Action], ...]] = (FaceOdium, DeclareLoyalty)
    state_types: ClassVar[dict[str, Any]] = {KEY: OdiumState}
    atoms: ClassVar[tuple[type[Effect], ...]] = (AdversaryTokens,)

    def in_play(self, config: Config, sets: Sequence[CardSet]) -> bool:
        return config.mode is not Mode.COMPETITIVE

    def setup(self, ctx: Context, state: GameState, log: Log) -> GameState:
        return setup(ctx, state, log)

    def takes_over(self, ctx: Context, state: GameState) -> list[Action] | None:
        return facing.facing_actions(ctx, state) if facing_now(state) else None

    def decision_actions(self, ctx: Context, state: GameState, decision: Decision) -> list[Action]:
        return [DeclareLoyalty(True), DeclareLoyalty(False)]

    def apply(self, ctx: Context, state: GameState, action: Action, log: Log) -> GameState:
        if isinstance(action, FaceOdium):
            return facing.face(ctx, state, action, log)
        assert isinstance(action, DeclareLoyalty)
        return loyalty.declare(ctx, state, action, log)

    def refusal(self, ctx: Context, state: GameState, action: Action) -> str | None:
        top = state.pending[-1] if state.pending else None
        if isinstance(top, Decision) and top.source == KEY:
            return (
                "the game is waiting for a declaration of loyalty to Odium, or not "
                f"(000 · FAQs: Loyalty to Odium in Contest of Champions) by P{top.seat + 1}"
            )
        if isinstance(action, FaceOdium | DeclareLoyalty):
            return why_illegal(ctx, state, action)
        if facing_now(state):
            return "the heroes face the Adversary: face it, play a card, or end the turn (000 · Facing Odium)"
        return None

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
            ids = ctx.memo[key] = frozenset(deck_cards(ctx, ctx.db[od.adversary]))
        return KEY if card.id in ids else None

    def action_space(self, ctx: Context) -> Iterable[Action]:
        """Every way to face the Adversary, and the two answers to loyalty (000 · Facing Odium)."""
        pairs = [FaceOdium(pair) for pair in combinations(ABILITIES, 2)]
        return [*pairs, *(FaceOdium((), k) for k in range(4)), DeclareLoyalty(True), DeclareLoyalty(False)]

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


__all__ = ["Adversary"]
