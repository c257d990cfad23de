"""Computer players: a uniform random bot, a greedy bot, and :func:`play_game` to drive a game.

A bot is anything with ``choose(game) -> Action`` (the :class:`Bot` protocol). Bots keep their
own seeded :class:`random.Random` instance, so a game between bots is repeatable from its
seed and the bots' seeds; the game's own RNG (rune casts, shuffles) lives in its state
(000 · Reading the Runes).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from ..expansions.naming import name_odds
from ..expansions.odium import facing_odds
from ..game.game import Game
from ..rules import engine
from ..rules.context import Context
from ..rules.odds import Effect as OddsEffect
from ..rules.odds import attempt_odds
from ..rules.scoring import icon_set_points
from ..rules.story import icon_counts
from ..values.actions import (
    Action,
    AttemptChallenge,
    AttemptName,
    BuyDark,
    CastRunes,
    ChooseDeck,
    DeclareLoyalty,
    EndTurn,
    FaceOdium,
    FreeDiscard,
    GainTrait,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.cards import Card, CardType, Path, Side
from ..values.effects import (
    Bonus,
    CancelCorruption,
    Compare,
    DarkRunes,
    Difficulty,
    DrawCards,
    Effect,
    GainCorruption,
    GainVirtue,
    GainXP,
    IconsAtLeast,
    LoseXP,
    PerCard,
    PerIcon,
    Reattempt,
    SacrificeAlly,
    TempIcon,
    TrackPosition,
    When,
)
from ..values.errors import CallAdventureError
from ..values.icons import Icon
from ..values.runes import Draw, Rune
from ..values.state import (
    Attempt,
    ChooseCharacter,
    ChooseDraw,
    GameState,
    PlaceAlly,
    Player,
    Window,
    WindowKind,
    evolve,
)

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "UnknownBotError", "make_bots", "play_game"]


class UnknownBotError(CallAdventureError):
    """A bot name that is not one of :data:`BOTS`."""


@runtime_checkable
class Bot(Protocol):
    """A player: given the game, return one of ``game.legal_actions``."""

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, with its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


# ----------------------------------------------------------------------------- greedy valuation

#: What a success is worth beyond its points: one card closer to the end of the Story.
_TEMPO = 1.0
#: Expected value of a drawn Hero/Antihero card: one point once played (000 · Ending the Game).
_CARD = 0.8
#: An ability icon: one more rune on later attempts (000 · Ability Runes).
_ABILITY = 0.6
#: A story icon that does not complete a set yet (000 · Story Icons).
_STORY_SEED = 0.7

_HARMFUL = (Difficulty, LoseXP, GainCorruption, SacrificeAlly)


def _when_ok(when: When, card: Card, path: Path) -> bool:
    """Whether an attempt on ``card``/``path`` matches an effect's filter.

    000 · FAQs: Path-specific bonuses.
    """
    if when.abilities and not any(a in card.abilities for a in when.abilities):
        return False
    if when.path_icons and not any(i in path.icons for i in when.path_icons):
        return False
    return not (when.acts and card.act not in when.acts)


def _helps_attempt(eff: Effect, card: Card, path: Path) -> bool:
    """An effect that makes the target's attempt on this path more likely to succeed."""
    if isinstance(eff, Bonus):
        return eff.amount > 0 and _when_ok(eff.when, card, path)
    if isinstance(eff, Difficulty):
        return eff.amount < 0 and _when_ok(eff.when, card, path)
    if isinstance(eff, DarkRunes):
        return Icon.RADIANT not in path.icons
    if isinstance(eff, TempIcon):
        return eff.icon in card.abilities[:2]
    return False


def _hurts_attempt(eff: Effect, card: Card, path: Path) -> bool:
    if isinstance(eff, Difficulty):
        return eff.amount > 0 and _when_ok(eff.when, card, path)
    return isinstance(eff, LoseXP | GainCorruption | SacrificeAlly)


def _pure_gain(effects: Iterable[Effect]) -> bool:
    """Effects that only ever help their target outside an attempt (Experience, Virtue, cards)."""
    effects = tuple(effects)
    good = GainXP | GainVirtue | DrawCards | CancelCorruption
    return bool(effects) and all(isinstance(e, good) for e in effects)


def _only_helps(effects: Iterable[Effect], card: Card, path: Path) -> bool:
    """Effects that help an attempt on this path and never hurt it."""
    effects = tuple(effects)
    return any(_helps_attempt(e, card, path) for e in effects) and not any(
        _hurts_attempt(e, card, path) for e in effects
    )


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
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    # ------------------------------------------------------------------ entry point

    def choose(self, game: Game) -> Action:
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        state = game.state
        ctx = game.ctx
        seat = game.to_move
        assert seat is not None
        top = state.pending[-1] if state.pending else None
        if isinstance(top, ChooseCharacter):
            return self._keep(ctx, state, seat, legal)
        if isinstance(top, PlaceAlly):
            return self._place_ally(ctx, state, seat, top, legal)
        if isinstance(top, ChooseDraw):
            return self._draw(ctx, state, seat, legal)
        if isinstance(top, Window):
            return self._window(ctx, state, seat, top, legal)
        if any(isinstance(a, CastRunes) for a in legal):
            return CastRunes()
        buys = [a for a in legal if isinstance(a, BuyDark)]
        if buys:
            return max(buys, key=lambda a: self._recast_value(ctx, state, a.count))
        if any(isinstance(a, DeclareLoyalty) for a in legal):
            return DeclareLoyalty(False)  # the greedy hero stays with the heroes
        faces = [a for a in legal if isinstance(a, FaceOdium)]
        if faces:
            return max(faces, key=lambda a: self._facing_value(ctx, state, seat, a))
        return self._main(ctx, state, seat, legal)

    def _recast_value(self, ctx: Context, state: GameState, count: int) -> float:
        """More Dark runes before a re-attempt (000 · Dark Runes): the gain in P(success) against their cost."""
        att = state.attempt
        assert att is not None
        odds = engine.attempt_odds_of(ctx, state, evolve(att, dark_bought=att.dark_bought + count))
        corruption = float(odds.expected(OddsEffect.CORRUPTION))
        return 4.0 * float(odds.p_success) - 0.5 * count - 0.6 * corruption + self._jitter()

    def _facing_value(self, ctx: Context, state: GameState, seat: int, action: FaceOdium) -> float:
        """Facing the Adversary (000 · Facing Odium): above all succeed, then remove tokens."""
        odds = facing_odds(ctx, state, seat, action.abilities, action.dark)
        return 10.0 * float(odds.p_success) + float(odds.mean) + self._jitter()

    # ------------------------------------------------------------------ valuation

    def path_value(self, ctx: Context, state: GameState, seat: int, card: Card, path: Path) -> float:
        """What gaining ``path`` is worth to this hero now, in (approximate) end-of-game points."""
        player = state.players[seat]
        value = float(path.triumph + path.tragedy + path.xp)
        icons = Counter(icon_counts(ctx, player, include_destiny=True))  # a copy: it is changed below
        mode = ctx.config.rules.icon_sets
        wanted = self._destiny_wants(ctx, player)
        moved = 0
        for icon in path.icons:
            if icon.is_story:
                n = icons[icon]
                marginal = icon_set_points(n + 1, mode) - icon_set_points(n, mode)
                value += max(_STORY_SEED, float(marginal))
                icons[icon] += 1
            elif icon.is_ability:
                value += _ABILITY
            elif icon is Icon.HERO or icon is Icon.ANTIHERO:
                value += _CARD
            elif icon is Icon.VIRTUE:
                moved -= 1
            elif icon is Icon.CORRUPTION:
                moved += 1
            value += wanted[icon]
        if moved:
            value += self._track_delta(ctx, player, moved)
        return value

    def _track_delta(self, ctx: Context, player: Player, down: float) -> float:
        """Change in track points (and Destiny track goals) when the marker moves ``down`` levels."""
        track = ctx.track
        old = track.at(player.level)
        new_level = track.clamp(player.level + round(down))
        new = track.at(new_level)
        delta = float((new.triumph + new.tragedy) - (old.triumph + old.tragedy))
        if player.destiny is not None:
            for rule in ctx.db[player.destiny].scoring:
                if isinstance(rule, TrackPosition):
                    before = self._track_goal(ctx, player.level, rule)
                    after = self._track_goal(ctx, new_level, rule)
                    delta += (after - before) * rule.points * 0.5
        if down > 0 and not new.hero and old.hero:
            delta -= 0.5  # Hero cards in hand may become unplayable (000 · Hero and Antihero Cards)
        return delta

    @staticmethod
    def _track_goal(ctx: Context, level: int, rule: TrackPosition) -> float:
        ok = True
        if rule.virtue_at_least is not None:
            ok = ok and ctx.track.virtue(level) >= rule.virtue_at_least
        if rule.corruption_at_least is not None:
            ok = ok and ctx.track.corruption(level) >= rule.corruption_at_least
        return 1.0 if ok else 0.0

    @staticmethod
    def _destiny_wants(ctx: Context, player: Player) -> defaultdict[Icon, float]:
        """Extra value per icon that the hero's (hidden) Destiny scores."""
        wanted: defaultdict[Icon, float] = defaultdict(float)
        if player.destiny is None:
            return wanted
        have = icon_counts(ctx, player, include_destiny=True)
        for rule in ctx.db[player.destiny].scoring:
            if isinstance(rule, PerIcon):
                if rule.cap is None or sum(have[i] for i in rule.icons) < rule.cap:
                    for icon in rule.icons:
                        wanted[icon] += rule.points
            elif isinstance(rule, IconsAtLeast):
                for icon, n in rule.icons.items():
                    if have[icon] < n:
                        wanted[icon] += rule.points / max(1, n)
        return wanted

    def _attempt(self, seat: int, state: GameState, card: str, side: Side, dark: int) -> Attempt:
        where = engine.find_on_table(state, card)
        assert where is not None
        return Attempt(seat=seat, card=card, act=where[0], slot=where[1], side=side, dark_bought=dark)

    def attempt_values(
        self, ctx: Context, state: GameState, seat: int, attempts: Sequence[AttemptChallenge]
    ) -> dict[AttemptChallenge, tuple[float, float]]:
        """(P(success), expected value) of each declared attempt (000 · Attempt a Challenge)."""
        out: dict[AttemptChallenge, tuple[float, float]] = {}
        base: dict[tuple[str, Side], tuple[tuple[Rune, ...], int, int, float]] = {}
        dark_rune = ctx.runes.dark
        for a in attempts:
            key = (a.card, a.side)
            if key not in base:
                att = self._attempt(seat, state, a.card, a.side, 0)
                pool = engine.attempt_pool(ctx, state, att)
                math = engine.attempt_math(ctx, state, att)
                card = ctx.db[a.card]
                value = self.path_value(ctx, state, seat, card, card.path(a.side)) + _TEMPO
                base[key] = (pool, math.difficulty, math.bonus, value)
            pool, difficulty, bonus, value = base[key]
            runes = (*pool, *(dark_rune,) * a.dark)
            odds = attempt_odds(runes, difficulty, bonus)
            p = odds.probability
            corruption = float(odds.expected(OddsEffect.CORRUPTION)) if a.dark else 0.0
            ev = p * value + (1.0 - p) * 1.0 - a.dark - 0.6 * corruption
            out[a] = (p, ev)
        return out

    # ------------------------------------------------------------------ decisions

    def _jitter(self) -> float:
        return self._rng.random() * 1e-6

    def _main(self, ctx: Context, state: GameState, seat: int, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, PlayCard) and a.target == seat]
        for pc in plays:
            play = ctx.db[pc.card].play
            if play is not None and _pure_gain(play.effects):
                return pc
        attempts = [a for a in legal if isinstance(a, AttemptChallenge)]
        traits = [a for a in legal if isinstance(a, GainTrait)]
        best: Action = EndTurn()
        best_value = 0.0
        for t in traits:
            card = ctx.db[t.card]
            v = self.path_value(ctx, state, seat, card, card.paths[0]) + _TEMPO - card.cost_xp
            v += self._jitter()
            if v > best_value:
                best, best_value = t, v
        if attempts:
            for ac, (_p, ev) in self.attempt_values(ctx, state, seat, attempts).items():
                ev += self._jitter()
                if ev > best_value:
                    best, best_value = ac, ev
        if isinstance(best, AttemptChallenge):
            card = ctx.db[best.card]
            path = card.path(best.side)
            for pc in plays:  # a "main" card whose bonus lasts the turn: play it before attempting
                play = ctx.db[pc.card].play
                bonus = play is not None and any(isinstance(e, Bonus) for e in play.effects)
                if play is not None and bonus and _only_helps(play.effects, card, path):
                    return pc
            for act in legal:
                if isinstance(act, UsePower) and self._power_helps(ctx, state, seat, act, card, path, True):
                    return act
        if isinstance(best, EndTurn):
            names = [a for a in legal if isinstance(a, AttemptName)]
            if names:  # a free try after a failure (002 · Naming): take the Name with the best odds
                return max(
                    names, key=lambda a: float(name_odds(ctx, state, seat, a.name).p_success) + self._jitter()
                )
            discards = [a for a in legal if isinstance(a, FreeDiscard)]
            if discards:
                return discards[self._rng.randrange(len(discards))]
        return best

    @staticmethod
    def _power_helps(
        ctx: Context, state: GameState, seat: int, action: UsePower, card: Card, path: Path, main: bool
    ) -> bool:
        source = ctx.db[action.card]
        powers = (*source.powers, *(p for pth in source.paths for p in pth.powers))
        if action.index >= len(powers):
            return False
        power = powers[action.index]
        if power.sacrifice or power.cost_xp > 1 or state.players[seat].xp <= power.cost_xp:
            return False
        effects = power.effects
        if main and not any(isinstance(e, Bonus | TempIcon) for e in effects):
            return False
        return _only_helps(effects, card, path)

    def _window(
        self, ctx: Context, state: GameState, seat: int, window: Window, legal: list[Action]
    ) -> Action:
        att = state.attempt
        if att is None:
            return Pass()
        card = ctx.db[att.card]
        path = card.path(att.side)
        plays = [a for a in legal if isinstance(a, PlayCard)]
        played = any(s == seat for s, _card, _target in window.stack)
        if att.seat == seat:
            pool = engine.attempt_pool(ctx, state, att)
            math = engine.attempt_math(ctx, state, att)
            if window.kind is WindowKind.BEFORE:
                if played or attempt_odds(pool, math.difficulty, math.bonus).probability >= 0.9:
                    return Pass()
                for pc in plays:
                    play = ctx.db[pc.card].play
                    if pc.target == seat and play is not None and _only_helps(play.effects, card, path):
                        return pc
                for act in legal:
                    if isinstance(act, UsePower) and self._power_helps(
                        ctx, state, seat, act, card, path, False
                    ):
                        return act
                return Pass()
            # As the attempt resolves: re-attempt a failing cast (000 · Glossary: Re-attempt).
            faces = [ctx.rune_by_id[rid].faces[f] for rid, f in att.cast]
            total = sum(f.successes for f in faces) + math.bonus
            if total >= math.difficulty or att.reattempt or played:
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
                raises = any(isinstance(e, Difficulty) and _hurts_attempt(e, card, path) for e in effects)
                if raises and not any(_helps_attempt(e, card, path) for e in effects):
                    return a
        return Pass()

    def _keep(self, ctx: Context, state: GameState, seat: int, legal: list[Action]) -> Action:
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
                return self._destiny_fit(ctx, player, card, have) + self._jitter()
            path = card.paths[0] if card.paths else Path()
            score = float(path.triumph + path.tragedy) + 0.3 * len(card.powers)
            for icon in path.icons:
                score += asked[icon] * 0.5 if icon.is_ability else 0.5
            return score + self._jitter()

        return max(keeps, key=fit)

    @staticmethod
    def _destiny_fit(ctx: Context, player: Player, card: Card, have: Counter[Icon]) -> float:
        """A rough estimate of what a Destiny would score for this hero (000 · Ending the Game)."""
        fit = 0.0
        typical = {"hero_played": 2, "antihero_played": 2, "ally": 1, "trait": 3, "challenge": 5}
        for rule in card.scoring:
            if isinstance(rule, PerIcon):
                n = sum(have[i] for i in rule.icons) + 2
                fit += rule.points * (min(n, rule.cap) if rule.cap is not None else n)
            elif isinstance(rule, IconsAtLeast):
                missing = sum(max(0, n - have[i]) for i, n in rule.icons.items())
                fit += rule.points * max(0.0, 1.0 - missing / 4)
            elif isinstance(rule, TrackPosition | Compare):
                fit += rule.points * 0.4
            elif isinstance(rule, PerCard):
                fit += rule.points * typical.get(rule.cards, 1)
        return fit

    def _place_ally(
        self, ctx: Context, state: GameState, seat: int, pa: PlaceAlly, legal: list[Action]
    ) -> Action:
        """Put the Ally under the challenge this hero is least likely to want (000 · Allies)."""
        options = [a for a in legal if isinstance(a, PlaceAllyUnder)]
        if not options:
            return legal[0]
        row = state.row(pa.act)

        def want(a: PlaceAllyUnder) -> float:
            slot = row.slots[a.slot]
            assert slot is not None
            card = ctx.db[slot.card]
            best = 0.0
            for side in card.sides:
                att = Attempt(seat=seat, card=card.id, act=pa.act, slot=a.slot, side=side)
                p = engine.attempt_odds_of(ctx, state, att).probability
                best = max(best, p * self.path_value(ctx, state, seat, card, card.path(side)))
            return best + self._jitter()

        return min(options, key=want)

    def _draw(self, ctx: Context, state: GameState, seat: int, legal: list[Action]) -> Action:
        """Draw from a deck whose cards this hero may play now (000 · Hero and Antihero Cards)."""
        level = ctx.track.at(state.players[seat].level)
        deck = Draw.HERO if level.hero or not level.antihero else Draw.ANTIHERO
        choice = ChooseDeck(deck)
        return choice if choice in legal else legal[0]


# ----------------------------------------------------------------------------- driving a game

#: The bots by name, for the command line and the demo.
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bots(spec: str | Sequence[str], players: int, seed: int = 0) -> list[Bot]:
    """Bots from names (``"greedy,random"``), repeated to fill ``players`` seats.

    Bot ``i`` gets the seed ``seed * 100 + i``, so a game's seed fixes its bots too.
    """
    names = [s.strip().lower() for s in (spec.split(",") if isinstance(spec, str) else spec) if s.strip()]
    if not names:
        raise UnknownBotError(f"no bots given; choose from {sorted(BOTS)}")
    for name in names:
        if name not in BOTS:
            raise UnknownBotError(f"unknown bot {name!r}; choose from {sorted(BOTS)}")
    return [BOTS[names[i % len(names)]](seed * 100 + i) for i in range(players)]


def play_game(game: Game, bots: Sequence[Bot], *, max_steps: int = 100_000) -> Game:
    """Play ``game`` to its end: each seat's bot chooses, chance steps are cast (000 · Reading the Runes).

    Raises ``ValueError`` if the number of bots is not the number of seats, and
    ``RuntimeError`` if the game has not ended after ``max_steps`` actions.
    """
    players = len(game.state.players)
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, got {len(bots)}")
    cast = CastRunes()
    for _ in range(max_steps):
        if game.over:
            return game
        if game.is_chance:
            game.push(cast)
            continue
        seat = game.to_move
        assert seat is not None
        game.push(bots[seat].choose(game))
    if game.over:
        return game
    raise RuntimeError(f"the game did not end within {max_steps} actions")
