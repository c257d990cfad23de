"""The rules as functions of the game state: setup, whose decision it is, legal actions, apply.

Each function takes a :class:`~calladventure.context.Context` (the cards, runes and track)
and a :class:`~calladventure.state.GameState` and returns a new state; nothing is mutated.
``log`` collects :class:`~calladventure.events.Event` values, each citing its rule section;
pass ``None`` to skip building them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import attrs

from ..values import rng
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
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.cards import Card, CardType, Path, Side
from ..values.effects import (
    AdversaryTokens,
    Bonus,
    CancelCorruption,
    DarkRunes,
    Difficulty,
    DrawCards,
    Duration,
    Effect,
    GainCorruption,
    GainVirtue,
    GainXP,
    Hook,
    LoseXP,
    Reattempt,
    SacrificeAlly,
    Target,
    TempIcon,
    Timing,
    Trigger,
    When,
)
from ..values.errors import IllegalActionError
from ..values.events import Log
from ..values.hooks import HOOKS
from ..values.icons import Icon
from ..values.options import DarkLimit, JourneyScope, Refill, SpecialDraw
from ..values.runes import Draw, Rune, RuneKind
from ..values.state import (
    ActiveEffect,
    Attempt,
    AwaitCast,
    ChooseCharacter,
    ChooseDraw,
    ChooseLoyalty,
    ChooseRecastDark,
    Config,
    GameState,
    HeldAlly,
    Pending,
    Phase,
    PlaceAlly,
    Player,
    Row,
    Tucked,
    Turn,
    Window,
    WindowKind,
)
from ..values.state import evolve as _evolve
from .context import Context, context_for
from .odds import Odds, attempt_odds
from .story import card_ids, effective_icons, meets, power_of, powers, triggered
from .table import (
    ally_targets,
    discard_slot,
    draw_hand_card,
    fill_slot,
    find_on_table,
    log_event,
    place_ally,
    reveal_row,
    set_player,
    set_row,
    take_from_slot,
)

_A = TypeVar("_A")
_END = EndTurn()
_PASS = Pass()
_CAST = CastRunes()
_KINDS = ("origin", "motivation", "destiny")


# ============================================================================ setup


def new_game(config: Config, log: Log = None) -> GameState:
    """Set up a game (000 · Setting Up the Game; 001 · Setup)."""
    if not 1 <= config.players <= 4:
        raise IllegalActionError("setup", f"Call to Adventure seats 1 to 4 players, not {config.players}")
    ctx = context_for(config)
    rules = config.rules
    r = rng.seed_state(config.seed)
    from ..expansions import odium as _odium

    aside = frozenset(naming.set_aside(ctx).removed)  # 002 · Preparing the Game

    def usable(card: Card) -> bool:
        if card.id in aside:
            return False
        if card.type is CardType.QUEST or _odium.excluded(config, card):
            return False  # co-op cards wait beside the table; 000 · FAQs: Competitive, Co-op and Solo play
        # 001 · Prepare the Story Decks: a first game leaves out Allies, Adversaries and related cards.
        return not (
            rules.first_game and (card.first_game_remove or card.type in (CardType.ALLY, CardType.ADVERSARY))
        )

    removed: list[str] = [c.id for c in ctx.db.values() if not usable(c)]
    per_type = 1 if rules.first_game else 2
    decks: dict[CardType, tuple[str, ...]] = {}
    for ctype in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY, CardType.HERO, CardType.ANTIHERO):
        ids = sorted(c.id for c in ctx.db.values() if c.type is ctype and usable(c))
        decks[ctype], r = rng.shuffled(r, ids)
    for ctype in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY):
        if len(decks[ctype]) < per_type * config.players:
            raise IllegalActionError(
                "setup",
                f"the card sets have {len(decks[ctype])} {ctype.value} cards: too few for {config.players}",
            )
    players: list[Player] = []
    hero = decks[CardType.HERO]
    undealt: list[str] = []
    for seat in range(config.players):
        dealt: list[str] = []
        for ctype in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY):
            deck = decks[ctype]
            dealt += deck[:per_type]
            decks[ctype] = deck[per_type:]
        hand = hero[:1]
        hero = hero[1:]
        players.append(Player(seat=seat, dealt=tuple(dealt), hand=hand, xp=3, level=ctx.track.start))
    for ctype in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY):
        undealt.extend(decks[ctype])  # 000 · Deal the Cards: Character cards not dealt take no part
    # Story rows (000 · Prepare the Story Decks): 4 cards per Act, 5 with four players.
    width = 5 if config.players == 4 else 4
    rows: list[Row] = []
    for act in (1, 2, 3):
        ids = sorted(
            c.id
            for c in ctx.db.values()
            if c.act == act
            and c.type in (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)
            and usable(c)
        )
        deck, r = rng.shuffled(r, ids)
        rows.append(Row(act=act, revealed=False, slots=(None,) * width, deck=deck))
    state = GameState(
        config=config,
        players=tuple(players),
        rows=tuple(rows),
        hero_deck=hero,
        antihero_deck=decks[CardType.ANTIHERO],
        rng=r,
        turn=Turn(seat=0),
        removed=tuple(sorted(removed + undealt)),
    )
    state = _odium.setup(ctx, state, log)  # 000 · Facing Odium: Solo and Co-op Play: Set Up
    if log is not None:
        log_event(
            log, state, "000/deal-the-cards", f"{config.players} heroes are dealt their Character cards"
        )
        naming.log_set_aside(ctx, state, log)
    for act in (1, 2, 3):
        for i in range(width):
            state = fill_slot(ctx, state, act, i, 0, log)
    state = reveal_row(ctx, state, 1, 0, log)
    # Character choices come first (000 · Setting Up the Game: deal, reveal, then the story decks);
    # the pending stack is processed from its end, so Allies revealed in Act I wait below them.
    choices = [ChooseCharacter(seat, kind) for seat in range(config.players) for kind in _KINDS]
    state = _evolve(state, pending=state.pending + tuple(reversed(choices)))
    return _settle(ctx, state, log)


# ============================================================================ queries


def to_move(state: GameState) -> int | None:
    """The seat whose decision it is (None once the game is over; chance steps belong to the attempting seat)."""
    if state.phase is Phase.OVER:
        return None
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, Window):
            return top.order[0]
        return top.seat
    return state.turn.seat


def is_chance(state: GameState) -> bool:
    """Whether the next step is a rune cast (a chance step, hard-parts #2)."""
    return bool(state.pending) and isinstance(state.pending[-1], AwaitCast)


def current_path(ctx: Context, attempt: Attempt) -> Path:
    return ctx.db[attempt.card].path(attempt.side)


def can_play_level(ctx: Context, player: Player, card: Card) -> bool:
    """Whether the hero's track position allows this Hero/Antihero card (000 · Hero and Antihero Cards)."""
    level = ctx.track.at(player.level)
    return level.hero if card.type is CardType.HERO else level.antihero


def dark_runes_allowed(ctx: Context, state: GameState, seat: int, path: Path) -> int:
    """How many Dark runes the hero may still buy for an attempt on ``path`` (000 · Dark Runes)."""
    player = state.players[seat]
    if Icon.RADIANT in path.icons:  # 000 · Special Rules: no Dark runes on a Radiant path
        return 0
    if not ctx.track.at(player.level).dark_runes:
        return 0
    used = state.turn.dark_bought if ctx.config.rules.dark_limit is DarkLimit.PER_TURN else 0
    return max(0, min(ctx.config.rules.dark_runes_per_turn - used, player.xp))


def recast_dark_allowed(ctx: Context, state: GameState, att: Attempt) -> int:
    """How many more Dark runes a hero may buy before a re-attempt's cast (000 · Dark Runes; open question 8).

    ``dark_limit = "per_turn"``: the three a turn count every rune bought this turn, the first
    cast's included; ``"per_attempt"``: each cast may have up to three bought for it.
    Never on a Radiant path, against Odium, or at the lowest Corruption level.
    """
    if att.act == 0 or att.abilities:  # facing the Adversary: its own rules (000 · Facing Odium)
        return 0
    path = ctx.db[att.card].path(att.side)
    player = state.players[att.seat]
    if Icon.RADIANT in path.icons or not ctx.track.at(player.level).dark_runes:
        return 0
    limit = ctx.config.rules.dark_runes_per_turn
    if ctx.config.rules.dark_limit is DarkLimit.PER_TURN:
        left = limit - state.turn.dark_bought
    else:
        left = limit - att.dark_recast
    return max(0, min(left, player.xp))


def _attemptable(ctx: Context, state: GameState, seat: int) -> list[tuple[int, int, Card]]:
    """Table cards the hero may attempt or gain: revealed rows, not an Act already completed."""
    player = state.players[seat]
    out: list[tuple[int, int, Card]] = []
    if player.act > 3:
        return out
    for row in state.rows:
        if not row.revealed or row.act < player.act:  # 000 · FAQs: Act II cards before finishing Act I
            continue
        for i, slot in enumerate(row.slots):
            if slot is not None:
                out.append((row.act, i, ctx.db[slot.card]))
    return out


def _trait_ok(ctx: Context, state: GameState, seat: int, card: Card) -> bool:
    turn = state.turn
    if card.type is not CardType.TRAIT or turn.gained:
        return False
    req = card.requires
    if turn.attempted and not (req is not None and req.after_failing and turn.failed):
        return False
    return state.players[seat].xp >= card.cost_xp and meets(ctx, state, seat, req)


def main_options(ctx: Context, state: GameState, seat: int) -> tuple[list[GainTrait], list[AttemptChallenge]]:
    """The traits the active hero may gain and the attempts it may declare (000 · Each Turn)."""
    traits: list[GainTrait] = []
    attempts: list[AttemptChallenge] = []
    turn = state.turn
    can_attempt = not turn.attempted and not turn.gained
    can_gain = not turn.gained
    if not can_attempt and not (can_gain and turn.failed):
        return traits, attempts
    dark = -1  # the Dark runes allowed on a non-Radiant path, computed once
    for _act, _i, card in _attemptable(ctx, state, seat):
        ctype = card.type
        if ctype is CardType.TRAIT:
            if _trait_ok(ctx, state, seat, card):
                traits.append(_interned(GainTrait, card.id))
        elif can_attempt and (ctype is CardType.CHALLENGE or ctype is CardType.ADVERSARY):
            if dark < 0:
                dark = dark_runes_allowed(ctx, state, seat, Path())
            attempts.extend(_attempt_actions(card, dark))
    if attempts and state.players[seat].names:  # 002 · FAQs: Gaining a Name path: no cast, no Dark runes
        db = ctx.db
        attempts = [
            a
            for a in attempts
            if not (a.dark and naming.learned_name_on(state, seat, db[a.card].path(a.side)))
        ]
    return traits, attempts


_INTERNED: dict[tuple[object, ...], Any] = {}


def _interned(cls: type[_A], *args: Any) -> _A:
    """Actions are immutable values: build each one once and reuse it (hard-parts #9)."""
    key = (cls, *args)
    action: _A | None = _INTERNED.get(key)
    if action is None:
        if len(_INTERNED) > 50_000:
            _INTERNED.clear()
        action = _INTERNED[key] = cls(*args)
    return action


def _attempt_actions(card: Card, dark: int) -> tuple[AttemptChallenge, ...]:
    """The declarations of an attempt on each path with 0..dark Dark runes (none on a Radiant path)."""
    key = ("attempts", card.id, dark)
    actions: tuple[AttemptChallenge, ...] | None = _INTERNED.get(key)
    if actions is None:
        out: list[AttemptChallenge] = []
        for side in card.sides:
            top = 0 if Icon.RADIANT in card.path(side).icons else dark
            out.extend(AttemptChallenge(card.id, side, k) for k in range(top + 1))
        actions = _INTERNED[key] = tuple(out)
    return actions


def _hand_playable(ctx: Context, state: GameState, seat: int, timings: tuple[Timing, ...]) -> list[PlayCard]:
    """Hero/Antihero cards a seat may play now, one action per legal target."""
    player = state.players[seat]
    out: list[PlayCard] = []
    attempt = state.attempt
    window = state.pending[-1] if state.pending and isinstance(state.pending[-1], Window) else None
    for cid in dict.fromkeys(player.hand):
        card = ctx.db[cid]
        play = card.play
        if play is None or play.timing not in timings or not can_play_level(ctx, player, card):
            continue
        if any(isinstance(e, Reattempt) for e in play.effects) and (
            window is None or window.kind is not WindowKind.AS
        ):
            continue
        if any(isinstance(e, DarkRunes) for e in play.effects) and (
            window is None or window.kind is not WindowKind.BEFORE
        ):
            continue
        # With combined sets, a co-op card that targets "you" may target any hero (000 · Expanding Your Adventure).
        if play.target is Target.SELF and not (state.odium is not None and len(ctx.config.sets) > 1):
            targets: Iterable[int] = (seat,)
        elif play.target is Target.ATTEMPTING_HERO:
            if attempt is None:
                continue
            targets = (attempt.seat,)
        else:
            targets = range(len(state.players))
        out.extend(_interned(PlayCard, cid, t) for t in targets)
    return out


def _usable_powers(ctx: Context, state: GameState, seat: int, windows: tuple[Timing, ...]) -> list[UsePower]:
    """Activated powers the seat may use now (001 · Other Card Effects; 002 · FAQs: Reveal this Destiny)."""
    player = state.players[seat]
    out: list[UsePower] = []
    for card, index, power in naming.with_reveal_powers(ctx, player, powers(ctx, player)):
        if power.trigger is not Trigger.ACTIVATED or power.window not in windows:
            continue
        key = f"{card.id}:{index}"
        if power.once_per_turn and key in state.turn.used_powers:
            continue
        if player.xp < power.cost_xp or not meets(ctx, state, seat, power.requires):
            continue
        if any(isinstance(e, Reattempt | DarkRunes) for e in power.effects) and state.attempt is None:
            continue
        out.append(_interned(UsePower, card.id, index))
    return out


def _window_options(ctx: Context, state: GameState, seat: int, window: Window) -> list[Action]:
    timings = (
        (Timing.BEFORE_ATTEMPT, Timing.ANY_TIME)
        if window.kind is WindowKind.BEFORE
        else (Timing.AS_ATTEMPT, Timing.ANY_TIME)
    )
    opts: list[Action] = list(_hand_playable(ctx, state, seat, timings))
    attempt = state.attempt
    if attempt is not None and attempt.seat == seat:
        opts.extend(_usable_powers(ctx, state, seat, timings))
    return opts


def _window_has_options(ctx: Context, state: GameState, seat: int, window: Window) -> bool:
    """A cheap pre-check of :func:`_window_options` (hard-parts #9: most seats have nothing to play)."""
    timing = Timing.BEFORE_ATTEMPT if window.kind is WindowKind.BEFORE else Timing.AS_ATTEMPT
    player = state.players[seat]
    db = ctx.db
    for cid in player.hand:
        play = db[cid].play
        if play is not None and (play.timing is timing or play.timing is Timing.ANY_TIME):
            break
    else:
        attempting = state.attempt is not None and state.attempt.seat == seat
        has = ctx.with_powers
        if not attempting or not any(c in has for c in card_ids(player)):
            return False
    return bool(_window_options(ctx, state, seat, window))


def legal_actions(ctx: Context, state: GameState) -> list[Action]:
    """Every action legal now, for the seat :func:`to_move` names."""
    if state.phase is Phase.OVER:
        return []
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, ChooseCharacter):
            player = state.players[top.seat]
            ctype = CardType(top.kind)
            return [Keep(c) for c in player.dealt if ctx.db[c].type is ctype]
        if isinstance(top, PlaceAlly):
            return [PlaceAllyUnder(i) for i in ally_targets(ctx, state, top.act)]
        if isinstance(top, ChooseDraw):
            return [ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO)]
        if isinstance(top, AwaitCast):
            return [_CAST]
        if isinstance(top, ChooseRecastDark):
            att = state.attempt
            more = recast_dark_allowed(ctx, state, att) if att is not None else 0
            return [_interned(BuyDark, k) for k in range(more + 1)]
        if isinstance(top, ChooseLoyalty):
            return [DeclareLoyalty(True), DeclareLoyalty(False)]
        return [*_window_options(ctx, state, top.order[0], top), _PASS]
    if state.odium is not None and state.odium.stage == "facing":
        from ..expansions.odium import facing_actions

        return facing_actions(ctx, state)  # 000 · Facing Odium
    seat = state.turn.seat
    turn = state.turn
    traits, attempts = main_options(ctx, state, seat)
    out: list[Action] = [*traits, *attempts]
    if turn.failed:  # 002 · Naming: once per turn, after failing a challenge
        out.extend(_interned(AttemptName, n) for n in naming.name_options(ctx, state, seat))
    if not turn.journeyed and not turn.attempted and not turn.gained and state.players[seat].xp >= 1:
        out.extend(_interned(Journey, c.id) for _a, _i, c in _journey_cards(ctx, state, seat))
    if not turn.attempted and not turn.gained and not turn.free_discard and not traits and not attempts:
        out.extend(FreeDiscard(c.id) for _a, _i, c in _journey_cards(ctx, state, seat))
    out.extend(_hand_playable(ctx, state, seat, (Timing.MAIN, Timing.ANY_TIME)))
    out.extend(_usable_powers(ctx, state, seat, (Timing.MAIN, Timing.ANY_TIME)))
    out.append(_END)
    return out


def _journey_cards(ctx: Context, state: GameState, seat: int) -> list[tuple[int, int, Card]]:
    """Visible table cards a journey may discard (001 · Other Actions; option journey_scope)."""
    player = state.players[seat]
    out = []
    for row in state.rows:
        if not row.revealed:
            continue
        if ctx.config.rules.journey_scope is JourneyScope.CURRENT_ACT and row.act != min(player.act, 3):
            continue
        for i, slot in enumerate(row.slots):
            if slot is not None:
                out.append((row.act, i, ctx.db[slot.card]))
    return out


# ============================================================================ attempts


def attempt_pool(ctx: Context, state: GameState, attempt: Attempt) -> tuple[Rune, ...]:
    """The runes cast for an attempt (000 · Attempt a Challenge; 000 · Glossary: Ability Rune).

    The three core runes; one rune per icon of each relevant ability (at most three, the
    special rune third), of at most two relevant abilities; the Dark runes bought or added,
    none on a Radiant path.
    """
    card = ctx.db[attempt.card]
    icons = effective_icons(ctx, state, attempt.seat)
    pool: list[Rune] = list(ctx.runes.core)
    for ability in (attempt.abilities or card.abilities)[:2]:  # facing Odium: the two chosen abilities
        pool.extend(ctx.runes.ability_runes(ability, icons[ability]))
    path = card.path(attempt.side)
    if Icon.RADIANT not in path.icons:
        pool.extend([ctx.runes.dark] * (attempt.dark_bought + attempt.dark_free))
    return tuple(pool)


def _when_matches(when: When, card: Card, path: Path) -> bool:
    if when.abilities and not any(a in card.abilities for a in when.abilities):
        return False
    if when.path_icons and not any(i in path.icons for i in when.path_icons):
        return False
    return not (when.acts and card.act not in when.acts)


@attrs.frozen
class AttemptMath:
    """The numbers of an attempt: difficulty and bonus, each with where it comes from."""

    difficulty: int
    bonus: int
    parts: tuple[tuple[str, int, str], ...]  # (what, amount, "difficulty" | "bonus")


def attempt_math(ctx: Context, state: GameState, attempt: Attempt) -> AttemptMath:
    """Difficulty (card, "+1" path icon, Ally, effects) and bonus successes of an attempt."""
    card = ctx.db[attempt.card]
    if attempt.abilities:  # facing Odium: the chosen abilities are the attempt's (000 · Facing Odium)
        card = _evolve(card, abilities=attempt.abilities)
    path = card.path(attempt.side)
    assert card.difficulty is not None
    parts: list[tuple[str, int, str]] = [(f"{card.name} difficulty", card.difficulty, "difficulty")]
    diff = card.difficulty
    bonus = 0
    if path.plus_one:
        parts.append(('"+1" path icon', 1, "difficulty"))  # 000 · Attempt a Challenge
        diff += 1
    slot = state.row(attempt.act).slots[attempt.slot] if attempt.act else None
    if slot is not None and slot.ally is not None:
        parts.append((f"Ally {ctx.db[slot.ally].name}", 1, "difficulty"))  # 000 · Allies
        diff += 1
    player = state.players[attempt.seat]
    for src, _i, power in powers(ctx, player):
        if power.trigger is not Trigger.STATIC or not meets(ctx, state, attempt.seat, power.requires):
            continue
        for eff in power.effects:
            if isinstance(eff, Bonus) and _when_matches(eff.when, card, path):
                parts.append((src.name, eff.amount, "bonus"))
                bonus += eff.amount
            elif isinstance(eff, Difficulty) and _when_matches(eff.when, card, path):
                parts.append((src.name, eff.amount, "difficulty"))
                diff += eff.amount
    for ae in state.effects:
        if ae.target != attempt.seat or ae.waiting:
            continue
        eff = ae.effect
        if isinstance(eff, Bonus) and _when_matches(eff.when, card, path):
            parts.append((ctx.db[ae.source].name, eff.amount, "bonus"))
            bonus += eff.amount
        elif isinstance(eff, Difficulty) and _when_matches(eff.when, card, path):
            parts.append((ctx.db[ae.source].name, eff.amount, "difficulty"))
            diff += eff.amount
    return AttemptMath(max(0, diff), bonus, tuple(parts))


def attempt_odds_of(ctx: Context, state: GameState, attempt: Attempt) -> Odds:
    """Exact odds of an attempt, under way or hypothetical: its rune pool against its difficulty and bonus."""
    math = attempt_math(ctx, state, attempt)
    return attempt_odds(attempt_pool(ctx, state, attempt), math.difficulty, math.bonus)


def table_attempt(
    state: GameState, seat: int, card: str, side: Side | str = Side.TOP, dark: int = 0
) -> Attempt:
    """A hypothetical attempt by ``seat`` on a card of the table (for odds); ValueError if it is not there."""
    where = find_on_table(state, card)
    if where is None:
        raise IllegalActionError("odds", f"{card} is not on the table")
    return Attempt(seat=seat, card=card, act=where[0], slot=where[1], side=Side(side), dark_bought=dark)


# ============================================================================ effects


def _gain_xp(state: GameState, seat: int, n: int) -> GameState:
    return set_player(state, seat, xp=max(0, state.players[seat].xp + n))


def move_track(ctx: Context, state: GameState, seat: int, delta: int, log: Log, why: str) -> GameState:
    """Move a hero's marker: +n Virtue goes up, −n Corruption goes down, within the track.

    ``000 · FAQs: More than three Corruption``: never past the ends of the track.
    Corruption cancelled this turn (``CancelCorruption``) is used up first.
    """
    if delta < 0 and state.turn.seat == seat and state.turn.cancel_corruption:
        cancel = min(-delta, state.turn.cancel_corruption)
        delta += cancel
        state = _evolve(
            state, turn=_evolve(state.turn, cancel_corruption=state.turn.cancel_corruption - cancel)
        )
        if log is not None:
            log_event(log, state, "002/faqs-loyal-friends", f"{cancel} Corruption cancelled", seat)
    player = state.players[seat]
    new = ctx.track.clamp(player.level - delta)
    if new != player.level:
        word = "Virtue" if delta > 0 else "Corruption"
        if log is not None:
            moved = abs(new - player.level)
            stopped = f"; the end of the track stops it after {moved}" if moved != abs(delta) else ""
            log_event(
                log, state, "000/glossary-corruption", f"gains {abs(delta)} {word} ({why}){stopped}", seat
            )
        state = set_player(state, seat, level=new)
        # Once per level moved (000 · FAQs: Whenever a hero gains Corruption).
        trigger = Trigger.ON_VIRTUE if delta > 0 else Trigger.ON_CORRUPTION
        for _ in range(abs(new - player.level)):
            state = _fire(ctx, state, seat, trigger, log)
    elif delta and log is not None:
        log_event(
            log,
            state,
            "000/faqs-more-than-three-corruption",
            "the marker is already at the end of the track",
            seat,
        )
    return state


def _queue_draw(ctx: Context, state: GameState, seat: int, deck: Draw, log: Log) -> GameState:
    if deck is Draw.CHOICE:
        return _evolve(state, pending=(*state.pending, ChooseDraw(seat)))
    return draw_hand_card(ctx, state, seat, deck, log)


def apply_effect(
    ctx: Context,
    state: GameState,
    eff: Effect,
    source: str,
    owner: int,
    target: int,
    duration: Duration,
    log: Log,
) -> GameState:
    """Apply one effect atom from ``source`` (owned by ``owner``) to ``target``."""
    name = ctx.db[source].name
    if isinstance(eff, Bonus | Difficulty | TempIcon):
        waiting = duration is Duration.NEXT_TURN
        ae = ActiveEffect(eff, source, owner, target, duration, waiting)
        if log is not None:
            log_event(
                log,
                state,
                "000/hero-and-antihero-cards",
                f"{name}: {_describe(eff)} ({duration.value})",
                target,
            )
        return _evolve(state, effects=(*state.effects, ae))
    if isinstance(eff, GainXP):
        if log is not None:
            log_event(log, state, "001/other-card-effects", f"{name}: gains {eff.amount} Experience", target)
        return _gain_xp(state, target, eff.amount)
    if isinstance(eff, LoseXP):
        if log is not None:
            log_event(log, state, "001/other-card-effects", f"{name}: loses {eff.amount} Experience", target)
        return _gain_xp(state, target, -eff.amount)
    if isinstance(eff, DrawCards):
        for _ in range(eff.count):
            state = _queue_draw(ctx, state, target, eff.deck, log)
        return state
    if isinstance(eff, GainVirtue):
        return move_track(ctx, state, target, eff.amount, log, name)
    if isinstance(eff, GainCorruption):
        return move_track(ctx, state, target, -eff.amount, log, name)
    if isinstance(eff, DarkRunes):
        att = state.attempt
        if att is None or att.seat != target:
            return state
        if Icon.RADIANT in current_path(ctx, att).icons:
            if log is not None:
                log_event(
                    log,
                    state,
                    "000/special-rules",
                    f"{name}: no Dark runes on a Radiant path; ignored",
                    target,
                )
            return state
        if log is not None:
            log_event(log, state, "000/dark-runes", f"{name}: adds {eff.count} Dark rune(s)", target)
        return _evolve(state, attempt=_evolve(att, dark_free=att.dark_free + eff.count))
    if isinstance(eff, Reattempt):
        att = state.attempt
        if att is None or att.seat != target:
            return state
        if log is not None:
            log_event(
                log, state, "000/glossary-re-attempt", f"{name}: the attempt will be cast again", target
            )
        return _evolve(state, attempt=_evolve(att, reattempt=True))
    if isinstance(eff, CancelCorruption):
        if state.turn.seat != target:
            return state
        return _evolve(
            state, turn=_evolve(state.turn, cancel_corruption=state.turn.cancel_corruption + eff.amount)
        )
    if isinstance(eff, SacrificeAlly):
        return sacrifice_first_ally(ctx, state, target, log)
    if isinstance(eff, AdversaryTokens):
        from ..expansions.odium import change_tokens

        return change_tokens(ctx, state, eff.amount, source, log)
    if isinstance(eff, Hook):
        fn = HOOKS[eff.name]
        result = fn(ctx=ctx, state=state, source=source, owner=owner, target=target, log=log, **eff.params)
        assert isinstance(result, GameState)
        return result
    raise TypeError(f"unknown effect {eff!r}")


def _describe(eff: Effect) -> str:
    if isinstance(eff, Bonus):
        return f"{eff.amount:+d} to attempts" + _when_text(eff.when)
    if isinstance(eff, Difficulty):
        return f"{eff.amount:+d} difficulty" + _when_text(eff.when)
    if isinstance(eff, TempIcon):
        return f"+{eff.count} {eff.icon.value} icon until end of turn"
    return type(eff).__name__


def _when_text(when: When) -> str:
    bits = []
    if when.abilities:
        bits.append("/".join(a.value for a in when.abilities) + " challenges")
    if when.path_icons:
        bits.append("paths with " + "/".join(i.value for i in when.path_icons))
    if when.acts:
        bits.append("Act " + "/".join(str(a) for a in when.acts))
    return (" on " + ", ".join(bits)) if bits else ""


def sacrifice_first_ally(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """Turn the hero's first unsacrificed Ally face down (000 · Glossary: Sacrifice)."""
    player = state.players[seat]
    for i, ally in enumerate(player.allies):
        if not ally.sacrificed:
            return sacrifice_ally(ctx, state, seat, i, log)
    if log is not None:
        log_event(log, state, "000/glossary-sacrifice", "has no Ally to sacrifice", seat)
    return state


def sacrifice_ally(ctx: Context, state: GameState, seat: int, index: int, log: Log) -> GameState:
    player = state.players[seat]
    ally = player.allies[index]
    allies = list(player.allies)
    allies[index] = HeldAlly(ally.card, True)
    state = set_player(state, seat, allies=tuple(allies))
    card = ctx.db[ally.card]
    if log is not None:
        log_event(
            log, state, "000/glossary-sacrifice", f"sacrifices {card.name}: it is turned face down", seat
        )
    for power in card.powers:
        if power.trigger is Trigger.ON_SACRIFICE:
            for eff in power.effects:
                state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    return state


def _fire(ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
    """Run the hero's powers with this trigger (once per turn where the power says so)."""
    for card, index, power in triggered(ctx, state, seat, trigger):
        key = f"{card.id}:{index}"
        if power.once_per_turn and key in state.turn.used_powers:
            continue
        if power.cost_xp > state.players[seat].xp:
            continue
        if power.once_per_turn:
            state = _evolve(state, turn=_evolve(state.turn, used_powers=(*state.turn.used_powers, key)))
        if power.cost_xp:
            state = _gain_xp(state, seat, -power.cost_xp)
        if log is not None:
            log_event(
                log,
                state,
                "001/other-card-effects",
                f"{card.name}: {power.text or card.text or trigger.value}",
                seat,
            )
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    if state.odium is not None:  # the Adversary Quest's triggers fire for every hero
        from ..expansions.quests import fire

        state = fire(ctx, state, seat, trigger, log)
    return state


# ============================================================================ gaining cards


def _gain_path_rewards(
    ctx: Context, state: GameState, seat: int, card: Card, path: Path, log: Log
) -> GameState:
    """What gaining a path does at once: Virtue/Corruption, draws, Experience, on-gain powers."""
    for icon in path.icons:
        if icon is Icon.VIRTUE:
            state = move_track(ctx, state, seat, 1, log, card.name)
        elif icon is Icon.CORRUPTION:
            state = move_track(ctx, state, seat, -1, log, card.name)
    for deck in path.draws:
        state = _queue_draw(ctx, state, seat, deck, log)
    if path.xp:
        if log is not None:
            log_event(log, state, "000/attempt-a-challenge", f"{card.name}: gains {path.xp} Experience", seat)
        state = _gain_xp(state, seat, path.xp)
    for power in (*card.powers, *path.powers):
        if power.trigger is Trigger.ON_GAIN:
            for eff in power.effects:
                state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    for _ in range(path.count(Icon.RADIANT)):  # 000 · FAQs: Whenever a Radiant icon is added
        state = _fire(ctx, state, seat, Trigger.ON_RADIANT_ADDED, log)
    return state


def _tuck(ctx: Context, state: GameState, seat: int, card: Card, side: Side, log: Log) -> GameState:
    """Place a gained card under the current Character card (000 · Gain a Trait; 000 · Ending An Act)."""
    player = state.players[seat]
    act_before = player.act
    index = act_before - 1
    story = list(player.story)
    story[index] = (*story[index], Tucked(card.id, side))
    state = set_player(state, seat, story=tuple(story))
    under = ("Origin", "Motivation", "Destiny")[index]
    if log is not None:
        section = "000/gain-a-trait" if card.type is CardType.TRAIT else "000/attempt-a-challenge"
        log_event(log, state, section, f"tucks {card.name} ({side.value}) under the {under}", seat)
    state = _gain_path_rewards(ctx, state, seat, card, card.path(side), log)
    player = state.players[seat]
    if player.act != act_before:
        if log is not None:
            log_event(log, state, "000/ending-an-act", f"completes Act {act_before}", seat)
        if (
            player.act == 3
            and player.destiny
            and not player.destiny_revealed
            and ctx.db[player.destiny].radiant
        ):
            state = set_player(state, seat, destiny_revealed=True)
            if log is not None:
                log_event(
                    log, state, "000/special-rules", "begins Act III: reveals the Radiant Destiny", seat
                )
        if player.act == 3 and state.odium is not None:  # Contest of Champions: loyalty to Odium?
            from ..expansions.odium import begin_act_three

            state = begin_act_three(ctx, state, seat, log)
        if player.act == 4 and state.final_turns is None:
            n = len(state.players)
            others = tuple((seat + k) % n for k in range(1, n))
            state = _evolve(state, final_turns=others, closed_by=seat)
            if log is not None:
                log_event(
                    log,
                    state,
                    "000/ending-the-game",
                    "has three cards under the Destiny: every other hero takes a final turn",
                    seat,
                )
    return state


def _after_take(ctx: Context, state: GameState, act: int, index: int, log: Log) -> GameState:
    """Replace a table card now, or at end of turn (option ``refill``)."""
    if ctx.config.rules.refill is Refill.IMMEDIATE:
        return fill_slot(ctx, state, act, index, state.turn.seat, log)
    return _evolve(state, turn=_evolve(state.turn, refill=(*state.turn.refill, (act, index))))


def _resolve_attempt(ctx: Context, state: GameState, log: Log) -> GameState:
    """Success gains the card with the path showing; failure discards it and gives one Experience."""
    att = state.attempt
    assert att is not None
    if att.act == 0:  # an attempt against the Adversary at the end of a co-op game
        from ..expansions.odium import resolve_facing

        return resolve_facing(ctx, state, log)
    seat = att.seat
    card = ctx.db[att.card]
    # The runes actually cast: an icon gained after the cast must not change the pool read here.
    faces = [ctx.rune_by_id[rid].faces[f] for rid, f in att.cast]
    successes = sum(f.successes for f in faces)
    math = attempt_math(ctx, state, att)
    total = successes + math.bonus
    corruption = sum(f.corruption for f in faces)
    won = att.named or total >= math.difficulty  # 002 · Naming: a learned Name succeeds without casting
    effects = state.effects
    if any(e.target == seat and e.duration is Duration.ATTEMPT for e in effects):
        effects = tuple(e for e in effects if not (e.target == seat and e.duration is Duration.ATTEMPT))
    turn = _evolve(state.turn, gained=True) if won else _evolve(state.turn, failed=True)
    state = _evolve(state, attempt=None, effects=effects, turn=turn)
    if corruption:  # only the final cast's moons count (000 · Glossary: Re-attempt)
        state = move_track(ctx, state, seat, -corruption, log, "Dark rune moon")
    if won:
        if log is not None:
            how = "by a learned Name" if att.named else f"{total} vs difficulty {math.difficulty}"
            log_event(log, state, "000/attempt-a-challenge", f"overcomes {card.name}: {how}", seat)
        state, slot = take_from_slot(state, att.act, att.slot)
        state = _tuck(ctx, state, seat, card, att.side, log)
        if slot.ally is not None:
            ally = ctx.db[slot.ally]
            player = state.players[seat]
            state = set_player(state, seat, allies=(*player.allies, HeldAlly(ally.id)))
            if log is not None:
                log_event(log, state, "000/allies", f"gains the Ally {ally.name}", seat)
            state = _gain_path_rewards(ctx, state, seat, ally, ally.paths[0], log)
        state = _fire(ctx, state, seat, Trigger.ON_SUCCESS, log)
    else:
        if log is not None:
            log_event(
                log,
                state,
                "000/attempt-a-challenge",
                f"fails {card.name}: {total} vs difficulty {math.difficulty}; +1 Experience",
                seat,
            )
        state = discard_slot(state, att.act, att.slot)
        state = _gain_xp(state, seat, 1)
        state = _fire(ctx, state, seat, Trigger.ON_FAIL, log)
    return _after_take(ctx, state, att.act, att.slot, log)


def _cast(
    ctx: Context, state: GameState, forced: tuple[int, ...] | None, log: Log
) -> tuple[GameState, CastRunes]:
    """Cast the pool (or use the forced faces) and apply what the faces give at once."""
    att = state.attempt
    assert att is not None
    pool = attempt_pool(ctx, state, att)
    # A forced cast uses up the same draws as a random one, so replaying the history (whose casts
    # carry their faces) reproduces the RNG state exactly.
    value, r = rng.next_u64(state.rng)  # one 64-bit draw gives every rune its face (a pool is far below 64)
    if forced is None:
        forced = tuple((value >> i) & 1 for i in range(len(pool)))
    cast = tuple((rune.id, f) for rune, f in zip(pool, forced, strict=True))
    att = _evolve(att, cast=cast, casts=att.casts + 1, reattempt=False, dark_recast=0)
    # The "as any hero attempts" window opens now, under any draw choices the faces queue,
    # so drawn cards can be played in it (000 · FAQs: Card-draw result during a challenge).
    n = len(state.players)
    window = Window(WindowKind.AS, tuple((att.seat + k) % n for k in range(n)))
    state = _evolve(state, rng=r, attempt=att, pending=(*state.pending[:-1], window))
    seat = att.seat
    if log is not None:
        shown = " ".join(f"{rune.id}:{rune.faces[f].name}" for rune, f in zip(pool, forced, strict=True))
        total = sum(rune.faces[f].successes for rune, f in zip(pool, forced, strict=True))
        which = "re-attempt" if att.casts > 1 else "cast"
        log_event(log, state, "000/reading-the-runes", f"{which}: {shown} = {total} successes", seat)
    special = ctx.config.rules.special_draw
    for rune, f in zip(pool, forced, strict=True):
        face = rune.faces[f]
        if face.xp:
            if log is not None:
                log_event(log, state, "000/core-runes", f"{face.name}: gains {face.xp} Experience", seat)
            state = _gain_xp(state, seat, face.xp)
        if face.draw is not None:
            deck = face.draw
            if rune.kind is RuneKind.SPECIAL and special is not SpecialDraw.CHOICE:
                deck = Draw(special.value)
            if log is not None:
                log_event(
                    log,
                    state,
                    "000/hero-and-antihero-cards",
                    f"{face.name}: draws a card ({deck.value})",
                    seat,
                )
            state = _queue_draw(ctx, state, seat, deck, log)
    if state.odium is not None:  # 000 · Playing Odium's Cards: a dark triangle reveals his top card
        from ..expansions.odium import after_cast

        state = after_cast(ctx, state, pool, forced, log)
    return state, CastRunes(forced)


def _begin_attempt(ctx: Context, state: GameState, action: AttemptChallenge, log: Log) -> GameState:
    seat = state.turn.seat
    where = find_on_table(state, action.card)
    assert where is not None
    act, index = where
    card = ctx.db[action.card]
    known = naming.learned_name_on(state, seat, card.path(action.side))
    if known is not None:  # 002 · FAQs: Gaining a Name path: that path only, no cast, no windows
        att = Attempt(seat=seat, card=action.card, act=act, slot=index, side=action.side, named=True)
        state = _evolve(state, attempt=att, turn=_evolve(state.turn, attempted=True))
        log_event(
            log,
            state,
            "002/faqs-gaining-a-name-path",
            f"knows {naming.title(known)}: gains {card.name} ({action.side.value}) without casting",
            seat,
        )
        return _resolve_attempt(ctx, state, log)
    if action.dark:
        state = _gain_xp(state, seat, -action.dark)
        if log is not None:
            log_event(log, state, "000/dark-runes", f"spends {action.dark} Experience on Dark runes", seat)
    att = Attempt(seat=seat, card=action.card, act=act, slot=index, side=action.side, dark_bought=action.dark)
    turn = _evolve(state.turn, attempted=True, dark_bought=state.turn.dark_bought + action.dark)
    # The cast waits under the "before any hero attempts" window (000 · FAQs: Card timing).
    n = len(state.players)
    window = Window(WindowKind.BEFORE, tuple((seat + k) % n for k in range(n)))
    state = _evolve(state, attempt=att, turn=turn, pending=(*state.pending, AwaitCast(seat), window))
    if log is not None:
        path = card.path(action.side)
        log_event(
            log,
            state,
            "000/attempt-a-challenge",
            f"attempts {card.name}, path {action.side.value} ({path.label})",
            seat,
        )
    return _trim_window(ctx, state)


def _trim_window(ctx: Context, state: GameState) -> GameState:
    """Skip seats that have nothing to play; an emptied window is then closed by _settle."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    order = window.order
    k = 0
    while k < len(order) and not _window_has_options(ctx, state, order[k], window):
        k += 1
    if k == 0:
        return state
    return _evolve(state, pending=(*state.pending[:-1], _evolve(window, order=order[k:])))


def _close_window(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve the cards played in the window, last played first (000 · Hero and Antihero Cards)."""
    window = state.pending[-1]
    assert isinstance(window, Window)
    state = _evolve(state, pending=state.pending[:-1])
    for seat, cid, target in reversed(window.stack):
        state = _resolve_card(ctx, state, seat, cid, target, log)
    if window.kind is WindowKind.AS:
        att = state.attempt
        if att is not None and att.reattempt:
            pending: tuple[Pending, ...] = (*state.pending, AwaitCast(att.seat))
            if recast_dark_allowed(ctx, state, att):  # more Dark runes may be bought first (open question 8)
                pending = (*pending, ChooseRecastDark(att.seat))
            return _evolve(state, pending=pending)
        return _resolve_attempt(ctx, state, log)
    return state


def _resolve_card(ctx: Context, state: GameState, seat: int, cid: str, target: int, log: Log) -> GameState:
    card = ctx.db[cid]
    play = card.play
    assert play is not None
    if log is not None:
        log_event(
            log, state, "000/hero-and-antihero-cards", f"{card.name} takes effect on P{target + 1}", seat
        )
    for eff in play.effects:
        state = apply_effect(ctx, state, eff, cid, seat, target, play.duration, log)
    return state


def _play_card(ctx: Context, state: GameState, action: PlayCard, log: Log) -> GameState:
    """Move the card from hand to played; in a window it waits on the stack, otherwise it resolves."""
    seat = to_move(state)
    assert seat is not None
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(action.card)
    players = list(state.players)
    players[seat] = _evolve(player, hand=tuple(hand), played=(*player.played, action.card))
    card = ctx.db[action.card]
    if state.pending and isinstance(state.pending[-1], Window):
        # In a window the card waits on its stack (000 · Hero and Antihero Cards: reverse order).
        window = state.pending[-1]
        window = _evolve(window, stack=(*window.stack, (seat, action.card, action.target)))
        state = _evolve(state, players=tuple(players), pending=(*state.pending[:-1], window))
        if log is not None:
            log_event(
                log, state, "000/hero-and-antihero-cards", f"plays {card.name} on P{action.target + 1}", seat
            )
        return _trim_window(ctx, state)
    state = _evolve(state, players=tuple(players))
    if log is not None:
        log_event(
            log, state, "000/hero-and-antihero-cards", f"plays {card.name} on P{action.target + 1}", seat
        )
    return _resolve_card(ctx, state, seat, action.card, action.target, log)


def _use_power(ctx: Context, state: GameState, action: UsePower, log: Log) -> GameState:
    seat = to_move(state)
    assert seat is not None
    player = state.players[seat]
    card = ctx.db[action.card]
    side_path = None
    for t in player.story_cards():
        if t.card == card.id:
            side_path = card.path(t.side)
    power = power_of(ctx, card, action.index, side_path)
    state = naming.reveal_destiny(ctx, state, seat, card, log)  # 002 · FAQs: Reveal this Destiny
    key = f"{card.id}:{action.index}"
    state = _evolve(state, turn=_evolve(state.turn, used_powers=(*state.turn.used_powers, key)))
    if power.cost_xp:
        state = _gain_xp(state, seat, -power.cost_xp)
    if log is not None:
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"uses {card.name}: {power.text or card.text or 'its power'}",
            seat,
        )
    if power.sacrifice:
        for i, ally in enumerate(state.players[seat].allies):
            if ally.card == card.id and not ally.sacrificed:
                state = sacrifice_ally(ctx, state, seat, i, log)
                break
    for eff in power.effects:
        state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    if state.pending and isinstance(state.pending[-1], Window):
        state = _trim_window(ctx, state)
    return state


# ============================================================================ turns


def _start_turn(ctx: Context, state: GameState, seat: int, number: int, log: Log) -> GameState:
    effects = state.effects
    if any(e.waiting and e.target == seat for e in effects):
        effects = tuple(_evolve(e, waiting=False) if e.waiting and e.target == seat else e for e in effects)
    state = _evolve(state, turn=Turn(seat=seat, number=number), effects=effects)
    if log is not None:
        log_event(log, state, "000/each-turn", f"turn {number} begins", seat)
    player = state.players[seat]
    for act in (1, 2):
        if player.act > act and not state.row(act + 1).revealed:
            # 000 · Ending An Act: the first to finish an Act reveals the next row at the start of their turn.
            state = reveal_row(ctx, state, act + 1, seat, log)
    return _fire(ctx, state, seat, Trigger.ON_TURN_START, log)


def _end_turn(ctx: Context, state: GameState, log: Log) -> GameState:
    seat = state.turn.seat
    if log is not None:
        log_event(log, state, "000/ending-your-turn", "ends the turn: effects of this turn end", seat)
    if state.effects:
        keep = tuple(e for e in state.effects if e.duration is Duration.GAME or e.waiting)
        if len(keep) != len(state.effects):
            state = _evolve(state, effects=keep)
    for act, index in state.turn.refill:
        state = fill_slot(ctx, state, act, index, seat, log)
    if state.odium is not None:  # Odium's cards are discarded; facing him ends a co-op game
        from ..expansions.odium import end_turn

        state, decided = end_turn(ctx, state, log)
        if decided:
            return state
    n = len(state.players)
    if state.final_turns is not None:
        if not state.final_turns:
            return _game_over(ctx, state, log)
        nxt, rest = state.final_turns[0], state.final_turns[1:]
        state = _evolve(state, final_turns=rest)
        if log is not None:
            log_event(log, state, "000/ending-the-game", "takes a final turn", nxt)
        return _start_turn(ctx, state, nxt, state.turn.number + 1, log)
    return _start_turn(ctx, state, (seat + 1) % n, state.turn.number + 1, log)


def _game_over(ctx: Context, state: GameState, log: Log) -> GameState:
    players = tuple(_evolve(p, destiny_revealed=True) for p in state.players)
    state = _evolve(state, players=players, phase=Phase.OVER, pending=())
    if log is not None:
        log_event(log, state, "000/ending-the-game", "the game ends: every Destiny is revealed and scored")
    return state


# ============================================================================ apply


def _settle(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve what needs no decision: empty windows, Allies with fewer than two places, setup's end."""
    while True:
        if state.pending:
            top = state.pending[-1]
            if isinstance(top, Window):
                state = _trim_window(ctx, state)
                if not state.pending[-1].order:  # type: ignore[union-attr]
                    state = _close_window(ctx, state, log)
                    continue
                return state
            if isinstance(top, PlaceAlly):
                targets = ally_targets(ctx, state, top.act)
                if len(targets) <= 1:
                    state = _evolve(state, pending=state.pending[:-1])
                    state = place_ally(ctx, state, top, targets[0] if targets else None, log)
                    continue
            if isinstance(top, ChooseCharacter):
                options = [c for c in state.players[top.seat].dealt if ctx.db[c].type is CardType(top.kind)]
                if len(options) == 1:
                    state = _keep(ctx, _evolve(state, pending=state.pending[:-1]), top, options[0], log)
                    continue
            return state
        if state.phase is Phase.SETUP:
            state = _evolve(state, phase=Phase.PLAY)
            return _start_turn(ctx, state, 0, 1, log)
        return state


def _keep(ctx: Context, state: GameState, choice: ChooseCharacter, card_id: str, log: Log) -> GameState:
    card = ctx.db[card_id]
    player = state.players[choice.seat]
    changes: dict[str, object] = {choice.kind: card_id}
    if choice.kind == "motivation" and card.start_virtue:
        changes["level"] = ctx.track.clamp(ctx.track.start - card.start_virtue)
        if log is not None:
            log_event(
                log,
                state,
                "000/reveal-your-character",
                f"{card.name} sets the starting track level",
                choice.seat,
            )
    if choice.kind == "destiny":
        gone = tuple(c for c in player.dealt if c not in (player.origin, player.motivation, card_id))
        changes["dealt"] = ()
        state = _evolve(state, removed=tuple(sorted(state.removed + gone)))
    state = set_player(state, choice.seat, **changes)
    shown = card.name if choice.kind != "destiny" else "a Destiny (face down)"
    if log is not None:
        log_event(log, state, "000/deal-the-cards", f"keeps {shown}", choice.seat)
    if choice.kind != "destiny":  # a face-up Character card joins the Story now
        for power in card.powers:
            if power.trigger is Trigger.ON_GAIN:
                for eff in power.effects:
                    state = apply_effect(
                        ctx, state, eff, card.id, choice.seat, choice.seat, power.duration, log
                    )
    return state


def apply(ctx: Context, state: GameState, action: Action, log: Log = None) -> tuple[GameState, Action]:
    """Apply a legal action (not checked here: see :func:`check`) and return the new state.

    Also returns the action as it happened: a ``cast`` becomes ``cast`` with its faces, so
    the history alone replays the game.
    """
    done: Action = action
    if isinstance(action, CastRunes):
        if naming.pending_name(state) is not None:  # 002 · Naming: the cast of a Name attempt
            state, done = naming.cast(ctx, state, action.faces, log)
        else:
            state, done = _cast(ctx, state, action.faces, log)
    elif isinstance(action, BuyDark):
        att = state.attempt
        assert att is not None
        seat = att.seat
        state = _evolve(state, pending=state.pending[:-1])
        if action.count == 0:
            if log is not None:
                log_event(log, state, "000/dark-runes", "buys no more Dark runes for the re-attempt", seat)
            return _settle(ctx, state, log), done
        state = _gain_xp(state, seat, -action.count)
        att = _evolve(
            att, dark_bought=att.dark_bought + action.count, dark_recast=att.dark_recast + action.count
        )
        turn = _evolve(state.turn, dark_bought=state.turn.dark_bought + action.count)
        state = _evolve(state, attempt=att, turn=turn)
        if log is not None:
            log_event(
                log,
                state,
                "000/dark-runes",
                f"spends {action.count} Experience on Dark runes for the re-attempt",
                seat,
            )
    elif isinstance(action, Pass):
        window = state.pending[-1]
        assert isinstance(window, Window)
        window = _evolve(window, order=window.order[1:])
        state = _evolve(state, pending=(*state.pending[:-1], window))
    elif isinstance(action, PlayCard):
        state = _play_card(ctx, state, action, log)
    elif isinstance(action, UsePower):
        state = _use_power(ctx, state, action, log)
    elif isinstance(action, Keep):
        top = state.pending[-1]
        assert isinstance(top, ChooseCharacter)
        state = _keep(ctx, _evolve(state, pending=state.pending[:-1]), top, action.card, log)
    elif isinstance(action, PlaceAllyUnder):
        top = state.pending[-1]
        assert isinstance(top, PlaceAlly)
        state = place_ally(ctx, _evolve(state, pending=state.pending[:-1]), top, action.slot, log)
    elif isinstance(action, ChooseDeck):
        top = state.pending[-1]
        assert isinstance(top, ChooseDraw)
        state = draw_hand_card(ctx, _evolve(state, pending=state.pending[:-1]), top.seat, action.deck, log)
    elif isinstance(action, GainTrait):
        seat = state.turn.seat
        card = ctx.db[action.card]
        where = find_on_table(state, action.card)
        assert where is not None
        if card.cost_xp:
            state = _gain_xp(state, seat, -card.cost_xp)
            if log is not None:
                log_event(
                    log, state, "000/glossary-trait", f"pays {card.cost_xp} Experience for {card.name}", seat
                )
        state, _slot = take_from_slot(state, *where)
        state = _evolve(state, turn=_evolve(state.turn, gained=True))
        state = _tuck(ctx, state, seat, card, Side.TOP, log)
        state = _after_take(ctx, state, where[0], where[1], log)
    elif isinstance(action, AttemptChallenge):
        state = _begin_attempt(ctx, state, action, log)
    elif isinstance(action, AttemptName):
        state = naming.begin(ctx, state, action.name, log)
    elif isinstance(action, Journey | FreeDiscard):
        seat = state.turn.seat
        where = find_on_table(state, action.card)
        assert where is not None
        if isinstance(action, Journey):
            state = _gain_xp(state, seat, -1)
            state = _evolve(state, turn=_evolve(state.turn, journeyed=True))
            section, what = "000/journey", "journeys"
        else:
            state = _evolve(state, turn=_evolve(state.turn, free_discard=True))
            section, what = "001/attempt-a-challenge", "has no valid option and discards"
        if log is not None:
            log_event(log, state, section, f"{what}: {ctx.db[action.card].name} is discarded", seat)
        state = discard_slot(state, *where)
        state = fill_slot(ctx, state, where[0], where[1], seat, log)
    elif isinstance(action, EndTurn):
        state = _end_turn(ctx, state, log)
    elif isinstance(action, FaceOdium):
        from ..expansions.odium import face

        state = face(ctx, state, action, log)
    elif isinstance(action, DeclareLoyalty):
        from ..expansions.odium import declare

        state = declare(ctx, state, action, log)
    else:  # pragma: no cover - every Action type is handled above
        raise TypeError(f"unknown action {action!r}")
    return _settle(ctx, state, log), done


def check(ctx: Context, state: GameState, action: Action, legal: list[Action] | None = None) -> None:
    """Raise IllegalActionError (saying why, and what is legal) unless ``action`` is legal now."""
    legal = legal_actions(ctx, state) if legal is None else legal
    for a in legal:  # fast path: an action taken from the legal list itself
        if a is action:
            return
    if isinstance(action, CastRunes) and CastRunes() in legal:
        if action.faces is not None:
            pool = cast_pool(ctx, state)
            assert pool is not None
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


def cast_pool(ctx: Context, state: GameState) -> tuple[Rune, ...] | None:
    """The runes of the cast due now: the attempt's pool, or a Name attempt's core runes (002 · Naming)."""
    if naming.pending_name(state) is not None:
        return naming.name_pool(ctx)
    att = state.attempt
    return attempt_pool(ctx, state, att) if att is not None else None


def why_illegal(ctx: Context, state: GameState, action: Action) -> str:
    """A sentence saying why an action is not legal now, citing the rule where there is one."""
    if state.phase is Phase.OVER:
        return "the game is over"
    if isinstance(action, BuyDark):
        att = state.attempt
        pending = state.pending[-1] if state.pending else None
        if att is None or not isinstance(pending, ChooseRecastDark):
            return (
                "Dark runes are bought when an attempt is declared (attempt … dark=N), or before a "
                "re-attempt's cast (000 · Dark Runes)"
            )
        more = recast_dark_allowed(ctx, state, att)
        scope = "this turn" if ctx.config.rules.dark_limit is DarkLimit.PER_TURN else "for this cast"
        return (
            f"at most {more} more Dark rune(s) now: three {scope} (dark_limit option), one Experience "
            "each, none at the lowest Corruption level or on a Radiant path (000 · Dark Runes)"
        )
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, Window) and isinstance(action, PlayCard):
            # 000 · FAQs: Card timing: say why this card cannot be played in this window.
            mover = to_move(state) or 0
            played = ctx.db.get(action.card)
            if played is None or played.id not in state.players[mover].hand:
                return f"{action.card!r} is not in the hand of P{mover + 1}, the seat to play or pass"
            if not can_play_level(ctx, state.players[mover], played):
                return f"P{mover + 1}'s Corruption track position forbids {played.type.value} cards (000 · Hero and Antihero Cards)"
            timing = played.play.timing.value if played.play else "?"
            return (
                f"{played.name} cannot be played now on P{action.target + 1}: its timing is {timing} and this is "
                f"the {top.kind.value} window (000 · FAQs: Card timing)"
            )
        waiting = {
            ChooseCharacter: "a Character card to be kept",
            PlaceAlly: "an Ally to be placed under a challenge (000 · Allies)",
            ChooseDraw: "the choice of deck for a card draw",
            AwaitCast: "the runes to be cast",
            Window: "a seat to play a card or pass in a timing window (000 · FAQs: Card timing)",
            ChooseLoyalty: "a declaration of loyalty to Odium, or not (000 · FAQs: Loyalty to Odium in Contest of Champions)",
            ChooseRecastDark: "the Dark runes bought before the re-attempt casts (dark 0, dark 1 …; 000 · Dark Runes)",
        }[type(top)]
        return f"the game is waiting for {waiting} by P{(to_move(state) or 0) + 1}"
    if isinstance(action, FaceOdium | DeclareLoyalty):
        from ..expansions.odium import why_illegal as why_not

        return why_not(ctx, state, action)
    if state.odium is not None and state.odium.stage == "facing":
        return "the heroes face the Adversary: face it, play a card, or end the turn (000 · Facing Odium)"
    seat = state.turn.seat
    player = state.players[seat]
    turn = state.turn
    card_id = getattr(action, "card", None)
    card = ctx.db.get(card_id) if isinstance(card_id, str) else None
    if isinstance(action, GainTrait | AttemptChallenge | Journey | FreeDiscard):
        if card is None:
            return f"no card {card_id!r}"
        where = find_on_table(state, card.id)
        if where is None:
            return f"{card.name} is not on the table"
        if not state.row(where[0]).revealed:
            return f"the Act {where[0]} row has not been revealed (000 · Ending An Act)"
    if isinstance(action, GainTrait | AttemptChallenge):
        assert card is not None
        if player.act > 3:
            return "this hero's final Act is closed (000 · Ending the Game)"
        if card.act is not None and card.act < player.act:
            return f"this hero has completed Act {card.act}: no going back (000 · FAQs: Act II cards before finishing Act I)"
        if turn.gained:
            return "a hero gains at most one trait or challenge a turn (002 · FAQs: One Challenge or Trait per turn)"
    if isinstance(action, GainTrait):
        assert card is not None
        if card.type is not CardType.TRAIT:
            return f"{card.name} is a {card.type.value}, not a trait: attempt it instead"
        if turn.attempted:
            return "this turn's main action was an attempt: gain a trait OR attempt a challenge (000 · Each Turn)"
        if player.xp < card.cost_xp:
            return f"{card.name} costs {card.cost_xp} Experience; this hero has {player.xp}"
        return f"this hero does not meet {card.name}'s prerequisite (000 · Gain a Trait)"
    if isinstance(action, AttemptChallenge):
        assert card is not None
        if card.type not in (CardType.CHALLENGE, CardType.ADVERSARY):
            return f"{card.name} is a {card.type.value}: only challenges are attempted"
        if turn.attempted:
            return "one attempt per turn (000 · Each Turn)"
        if action.side not in card.sides:
            return f"{card.name} has no {action.side.value} path"
        if action.dark and naming.learned_name_on(state, seat, card.path(action.side)):
            return "this hero knows the Name on that path: it is gained without casting, so no Dark runes (002 · Naming)"
        allowed = dark_runes_allowed(ctx, state, seat, card.path(action.side))
        if action.dark > allowed:
            return (
                f"at most {allowed} Dark rune(s) now: three a turn, one Experience each, none at the lowest Corruption "
                "level or on a Radiant path (000 · Dark Runes; 000 · Special Rules)"
            )
        if action.dark < 0:
            return "the number of Dark runes cannot be negative"
    if isinstance(action, Journey):
        if turn.journeyed:
            return "journey at most once a turn (000 · Journey)"
        if turn.attempted or turn.gained:
            return "journey comes before gaining a trait or facing a challenge (000 · Journey)"
        if player.xp < 1:
            return "a journey costs one Experience (000 · Journey)"
        if ctx.config.rules.journey_scope is JourneyScope.CURRENT_ACT and card is not None:
            return (
                f"with journey_scope = current_act a journey discards a card of the hero's current Act "
                f"(Act {min(player.act, 3)}), not of Act {card.act} (000 · Glossary: Journey)"
            )
    if isinstance(action, FreeDiscard):
        return "the free discard is only for a turn with no valid option (001 · Attempt a Challenge)"
    if isinstance(action, PlayCard):
        if card is None or (card.id not in player.hand and all(card.id not in p.hand for p in state.players)):
            return f"{card_id!r} is not in the hand of the seat to move"
        if not can_play_level(ctx, state.players[seat], card):
            return f"this hero's Corruption track position forbids {card.type.value} cards (000 · Hero and Antihero Cards)"
        return f"{card.name} cannot be played now: its timing is {card.play.timing.value if card.play else '?'} (000 · FAQs: Card timing)"
    if isinstance(action, UsePower):
        return "that power cannot be used now (cost, once per turn, timing or requirement) (001 · Other Card Effects)"
    if isinstance(action, AttemptName):
        return naming.why_not(ctx, state, action.name)
    if isinstance(action, Keep | PlaceAllyUnder | ChooseDeck | Pass | CastRunes):
        return "nothing is waiting for that decision now"
    return "not a legal action now"


__all__ = [
    "AttemptMath",
    "apply",
    "apply_effect",
    "attempt_math",
    "attempt_odds_of",
    "attempt_pool",
    "can_play_level",
    "cast_pool",
    "check",
    "current_path",
    "dark_runes_allowed",
    "find_on_table",
    "is_chance",
    "legal_actions",
    "main_options",
    "move_track",
    "new_game",
    "recast_dark_allowed",
    "sacrifice_ally",
    "sacrifice_first_ally",
    "set_row",
    "table_attempt",
    "to_move",
    "why_illegal",
]

# Temporary (removed by the expansion protocol): the Naming rule is still called from here.
from ..expansions import naming  # noqa: E402
