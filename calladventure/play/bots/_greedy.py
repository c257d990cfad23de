"""The greedy bot: the action with the best immediate expected value, simple and fast.

Its valuation (what a path, a Destiny or an attempt is worth, and which effects help or hurt an
attempt) is in :mod:`.evaluation` and :mod:`.appraisal`; this module holds the decisions
(``000 · Attempt a Challenge``, ``000 · Dark Runes``, ``000 · Allies``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import groupby
from typing import Any, TypeVar

from ...game import Game
from ...rules import Context, attempt_odds_of, attempt_pool, icon_counts
from ...rules import Effect as OddsEffect
from ...rules._attempts import attempt_numbers
from ...rules._kinds import FIRST, INSTEAD_OF_ENDING, KindTable
from ...rules._odds import success_chance
from ...values._actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    Choose,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ...values._cards import Card, CardType, Path, Side
from ...values._effects import Bonus, Difficulty, GainCorruption, Reattempt, Trigger
from ...values._icons import Icon
from ...values._runes import Draw
from ...values._state import (
    Attempt,
    GameState,
    WindowKind,
    evolve,
)
from ._appraisal import Appraisal, attempt_values, path_value
from ._evaluation import TEMPO, destiny_fit, helps_attempt, hurts_attempt, only_helps, power_helps, pure_gain
from ._seeding import position_rng

__all__ = ["GreedyBot"]

_A = TypeVar("_A", bound=Action)


class _Kinds:
    """The legal actions sorted by class in one pass, each kind in legal order (as ``isinstance`` filters would be)."""

    __slots__ = ("_exact", "_kinds", "_legal")

    def __init__(self, table: KindTable, legal: list[Action]) -> None:
        kinds: dict[type[Action], list[Action]] = {}
        for cls, run in groupby(legal, type):  # the listing keeps each kind together: a few runs
            found = kinds.get(cls)
            if found is not None:
                found.extend(run)
            else:
                kinds[cls] = list(run)
        self._kinds = kinds
        self._legal = legal
        declared = table.by_class
        self._exact = all(cls in declared for cls in kinds)  # else an unknown class may subclass a known one

    def of(self, cls: type[_A]) -> Sequence[_A]:
        """The legal actions that are instances of ``cls``, in legal order."""
        if self._exact:
            return self._kinds.get(cls, ())  # type: ignore[return-value]
        return [a for a in self._legal if isinstance(a, cls)]


class GreedyBot:
    """Takes the action with the best immediate expected value; simple and fast.

    An attempt is worth P(success) × the path's value (Triumph, Tragedy, icons, Experience,
    the Corruption-track move, what the Destiny rewards) plus one Experience on failure,
    minus the Dark runes' Experience and expected Corruption (000 · Attempt a Challenge;
    000 · Dark Runes). It plays Hero/Antihero cards that help its own attempts or hinder an
    opponent's, keeps the Character cards that fit the table, and puts Allies under the
    challenge it wants least (000 · Allies).
    """

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng = random.Random(seed)  # drawn afresh for each decision: position_rng(seed, state)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game) -> Action:
        """The legal action worth most now, by the kind of decision pending."""
        legal = game.legal_list()
        if len(legal) == 1:
            return legal[0]
        state = game.state
        self._rng = position_rng(self.seed, state)  # the tie-breaks: a function of the seed and the position
        ctx = game.ctx
        seat = game.to_move
        assert seat is not None
        decision, top = ctx.kinds.decision(state)
        by_decision = _BY_DECISION.get(decision.name)
        if by_decision is not None:
            return by_decision(self, ctx, state, seat, top, legal)
        kinds = _Kinds(ctx.kinds, legal)
        first = self._box_choice(ctx, state, seat, kinds, FIRST)  # facing the Adversary, loyalty …
        if first is not None:
            return first
        return self._main(ctx, state, seat, kinds)

    def _box_choice(
        self, ctx: Context, state: GameState, seat: int, kinds: _Kinds, when: str
    ) -> Action | None:
        """The best listed action of a box's kinds the bot weighs ``when`` (``ActionKind.bot``), if any is listed."""
        for kind in ctx.kinds.actions:
            bot = kind.bot
            if bot is None or bot.when != when:
                continue
            found: Sequence[Action] = kinds.of(kind.action)
            if found:
                jitter = self._jitter if bot.ties else lambda: 0.0
                return max(found, key=lambda a: bot.value(ctx, state, seat, a) + jitter())
        return None

    def _buy(self, ctx: Context, state: GameState, seat: int, top: object, legal: list[Action]) -> Action:
        buys = [a for a in legal if isinstance(a, BuyDark)]
        return max(buys, key=lambda a: self._recast_value(ctx, state, a.count))

    def _recast_value(self, ctx: Context, state: GameState, count: int) -> float:
        """More Dark runes before a re-attempt (000 · Dark Runes): the gain in P(success) against their cost."""
        att = state.attempt
        assert att is not None
        odds = attempt_odds_of(ctx, state, evolve(att, dark_bought=att.dark_bought + count))
        corruption = odds.cast.expected_float(OddsEffect.CORRUPTION)
        return 4.0 * odds.probability - 0.5 * count - 0.6 * corruption + self._jitter()

    # ------------------------------------------------------------------ valuation

    def path_value(self, ctx: Context, state: GameState, seat: int, card: Card, path: Path) -> float:
        """What gaining ``path`` is worth to this hero now, in (approximate) end-of-game points."""
        return path_value(ctx, state, seat, card, path)

    def attempt_values(
        self, ctx: Context, state: GameState, seat: int, attempts: Sequence[AttemptChallenge]
    ) -> dict[AttemptChallenge, tuple[float, float]]:
        """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge)."""
        return attempt_values(ctx, state, seat, attempts)

    # ------------------------------------------------------------------ decisions

    def _jitter(self) -> float:
        return self._rng.random() * 1e-6

    def _main(self, ctx: Context, state: GameState, seat: int, kinds: _Kinds) -> Action:
        plays = [a for a in kinds.of(PlayCard) if a.target == seat]
        for pc in plays:
            play = ctx.db[pc.card].play
            if play is not None and pure_gain(play.effects):
                return pc
        attempts = kinds.of(AttemptChallenge)
        traits = kinds.of(GainTrait)
        best: Action = EndTurn()
        best_value = 0.0
        if traits or attempts:
            appraisal = Appraisal(ctx, state, seat)
            jitter = self._rng.random
            for t in traits:
                card = ctx.db[t.card]
                v = appraisal.side_value(card, Side.TOP) + TEMPO - card.cost_xp
                v += jitter() * 1e-6
                if v > best_value:
                    best, best_value = t, v
            if attempts:
                chosen, best_value = appraisal.best(attempts, jitter, best_value)
                if chosen is not None:
                    best = chosen
        if isinstance(best, AttemptChallenge):
            card = ctx.db[best.card]
            path = card.path(best.side)
            for pc in plays:  # a "main" card whose bonus lasts the turn: play it before attempting
                play = ctx.db[pc.card].play
                bonus = play is not None and any(isinstance(e, Bonus) for e in play.effects)
                if play is not None and bonus and only_helps(play.effects, card, path):
                    return pc
            for act in kinds.of(UsePower):
                if power_helps(ctx, state, seat, act, card, path, True):
                    return act
        if isinstance(best, EndTurn):
            instead = self._box_choice(ctx, state, seat, kinds, INSTEAD_OF_ENDING)  # 002 · Naming: a free try
            if instead is not None:
                return instead
            discards = kinds.of(FreeDiscard)
            if discards:
                return discards[self._rng.randrange(len(discards))]
        return best

    def _window(self, ctx: Context, state: GameState, seat: int, window: Any, legal: list[Action]) -> Action:
        att = state.attempt
        if att is None:
            return Pass()
        card = ctx.db[att.card]
        path = card.path(att.side)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        played = any(s == seat for s, _card, _target in window.stack)
        if att.seat == seat:
            difficulty, bonus = attempt_numbers(ctx, state, att)
            if window.kind is WindowKind.BEFORE:
                if played or success_chance(attempt_pool(ctx, state, att), difficulty, bonus) >= 0.9:
                    return Pass()
                for pc in plays:
                    play = ctx.db[pc.card].play
                    if pc.target == seat and play is not None and only_helps(play.effects, card, path):
                        return pc
                for act in legal:
                    if isinstance(act, UsePower) and power_helps(ctx, state, seat, act, card, path, False):
                        return act
                return Pass()
            # As the attempt resolves: re-attempt a failing cast (000 · Glossary: Re-attempt).
            faces = [ctx.rune_by_id[rid].faces[f] for rid, f in att.cast]
            total = sum(f.successes for f in faces) + bonus
            if total >= difficulty or att.reattempt or played:
                return Pass()
            for a in plays:
                play = ctx.db[a.card].play
                if a.target != seat or play is None:
                    continue
                kinds = {type(e) for e in play.effects}
                if Reattempt in kinds and GainCorruption not in kinds:
                    return a
            return Pass()
        # Someone else's attempt: hinder it with a card that raises its difficulty.
        if window.kind is WindowKind.BEFORE and not played:
            for a in plays:
                play = ctx.db[a.card].play
                if a.target != att.seat or play is None:
                    continue
                effects = play.effects
                raises = any(isinstance(e, Difficulty) and hurts_attempt(e, card, path) for e in effects)
                if raises and not any(helps_attempt(e, card, path) for e in effects):
                    return a
        return Pass()

    def _keep(self, ctx: Context, state: GameState, seat: int, top: object, legal: list[Action]) -> Action:
        player = state.players[seat]
        keeps = [a for a in legal if isinstance(a, Keep)]
        if not keeps:
            return legal[0]
        # The abilities of the challenges in the revealed rows (what the table asks for).
        asked: Counter[Icon] = Counter()
        for row in state.rows:
            if row.revealed:
                for slot in row.slots:
                    if slot is not None:
                        c = ctx.db[slot.card]
                        if c.type is CardType.CHALLENGE or c.type is CardType.ADVERSARY:
                            asked.update(c.abilities[:2])
        have = icon_counts(ctx, player, include_destiny=True)

        def fit(a: Keep) -> float:
            card = ctx.db[a.card]
            if card.type is CardType.DESTINY:
                return destiny_fit(ctx, player, card, have) + self._jitter()
            path = card.paths[0] if card.paths else Path()
            score = float(path.triumph + path.tragedy) + 0.3 * len(card.powers)
            for icon in path.icons:
                score += asked[icon] * 0.5 if icon.is_ability else 0.5
            return score + self._jitter()

        return max(keeps, key=fit)

    def _place_ally(self, ctx: Context, state: GameState, seat: int, pa: Any, legal: list[Action]) -> Action:
        """Put the Ally under the challenge this hero is least likely to want (000 · Allies)."""
        options = [a for a in legal if isinstance(a, PlaceAllyUnder)]
        if not options:
            return legal[0]
        appraisal = Appraisal(ctx, state, seat)

        def want(a: PlaceAllyUnder) -> float:
            act = a.act or pa.act  # any available challenge, in any revealed row (000 · Allies)
            slot = state.row(act).slots[a.slot]
            assert slot is not None
            card = ctx.db[slot.card]
            best = 0.0
            for side in card.sides:
                att = Attempt(seat=seat, card=card.id, act=act, slot=a.slot, side=side)
                p = success_chance(attempt_pool(ctx, state, att), *attempt_numbers(ctx, state, att))
                best = max(best, p * appraisal.side_value(card, side))
            return best + self._jitter()

        return min(options, key=want)

    def _choice(self, ctx: Context, state: GameState, seat: int, top: Any, legal: list[Action]) -> Action:
        """A forced choice: sacrifice an Ally that gives something when sacrificed, discard a card it
        cannot play, help itself (000 · Glossary: Sacrifice)."""
        options = [a for a in legal if isinstance(a, Choose)]
        if not options:
            return legal[0]
        level = ctx.track.at(state.players[seat].level)

        def worth(a: Choose) -> float:
            card = ctx.db.get(a.option)
            if top.kind == "target":
                return 1.0 if a.option == f"P{seat + 1}" else 0.0
            if card is None:
                return 0.0
            if top.kind == "sacrifice":
                gives = any(p.trigger is Trigger.ON_SACRIFICE for p in card.powers)
                return (2.0 if gives else 0.0) - card.paths[0].triumph - len(card.powers)
            playable = level.hero if card.type is CardType.HERO else level.antihero
            return 0.0 if playable else 1.0

        return max(options, key=lambda a: worth(a) + self._jitter())

    def _draw(self, ctx: Context, state: GameState, seat: int, top: object, legal: list[Action]) -> Action:
        """Draw from a deck whose cards this hero may play now (000 · Hero and Antihero Cards)."""
        level = ctx.track.at(state.players[seat].level)
        deck = Draw.HERO if level.hero or not level.antihero else Draw.ANTIHERO
        choice = ChooseDeck(deck)
        return choice if choice in legal else legal[0]


#: What the bot does for each kind of decision pending (by its declared name); the stages of the
#: turn (the main phase, facing the Adversary) go by the kinds of the legal actions.
_BY_DECISION: dict[str, Callable[[GreedyBot, Context, GameState, int, Any, list[Action]], Action]] = {
    "character": GreedyBot._keep,
    "ally": GreedyBot._place_ally,
    "draw": GreedyBot._draw,
    "window": GreedyBot._window,
    "choice": GreedyBot._choice,
    "cast": lambda bot, ctx, state, seat, top, legal: CastRunes(),
    "recast": GreedyBot._buy,
}
