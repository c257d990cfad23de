"""Solo and co-op play against an Adversary: Odium, or the core game's Adversary.

``000 · Facing Odium: Solo and Co-op Play``: the Adversary and one Adversary Quest on the
table, Odium's deck of Antihero cards, his Experience tokens; a dark triangle reveals and
applies his top card before the attempt resolves (``000 · Playing Odium's Cards``), the card
is discarded at the end of the turn (``000 · Odium's Deck``); after the final turns every
hero faces him with two abilities and no Dark runes (``000 · Facing Odium``); the heroes win
if all who face him succeed and he has no tokens left (``000 · Winning the Solo or Co-op
Game``). ``INDEX · Core solo / co-op``: the core game's Adversary is a story Adversary card
with its own quest and Rise of the Adversary, a skull deck revealed on the draw-card symbol,
and an Experience goal. Quest triggers are in :mod:`calladventure.quests`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from ..rules import engine
from ..rules.context import Context, context_for
from ..rules.odds import Odds
from ..rules.table import fill_slot, log_event, set_player, set_row
from ..values import rng
from ..values.actions import Action, DeclareLoyalty, EndTurn, FaceOdium
from ..values.cards import Card, CardType, Side
from ..values.effects import Bonus, Difficulty, Duration, TempIcon, Timing, Trigger
from ..values.errors import IllegalActionError
from ..values.events import Log
from ..values.icons import ABILITIES, Icon
from ..values.options import OdiumFacing, OdiumReveal, OdiumReward, OdiumTokens
from ..values.runes import Draw, Face, Rune, RuneKind
from ..values.state import (
    ActiveEffect,
    Attempt,
    AwaitCast,
    ChooseLoyalty,
    Config,
    FaceResult,
    GameState,
    Mode,
    OdiumState,
    Phase,
    Turn,
    Window,
    WindowKind,
    evolve,
)

#: Odium's special deck (000 · Odium's Deck), used when no Antihero card carries the ``odium`` tag.
ODIUM_DECK_NAMES = (
    "Broken Oath",
    "Embrace the Thrill",
    "Ravages of War",
    "The Everstorm",
    "Unmade Influence",
)
#: The core Adversary's deck, the skull-marked Antihero cards (INDEX · Core solo / co-op).
SKULL_DECK_NAMES = (
    "Cruel Betrayal",
    "Dark Lord's Champion",
    "Harsh Lesson",
    "Instill Fear",
    "Tap into Darkness",
    "Sabotage",
)
#: Destinies left out by mode (000 · FAQs: Competitive, Co-op and Solo play; 000 · Glossary: Solo).
NOT_IN_SOLO = ("Stoneward", "Bondsmith")
NOT_IN_COMPETITIVE = ("Stoneward",)
#: The Triumph a hero gains for defeating Odium, with one Radiant icon (000 · Winning the Solo or Co-op Game).
ODIUM_TRIUMPH = 9


# ============================================================================ which cards


def is_coop(config: Config) -> bool:
    """A co-op or solo game, played against an Adversary (000 · Facing Odium: Solo and Co-op Play)."""
    return config.mode is not Mode.COMPETITIVE


def excluded(config: Config, card: Card) -> bool:
    """Whether a Destiny is left out in this mode (000 · FAQs: Competitive, Co-op and Solo play; option ``mode_exclusions``)."""
    if card.type is not CardType.DESTINY or not config.rules.mode_exclusions:
        return False
    if config.mode is Mode.SOLO:
        return "not_solo" in card.tags or card.name in NOT_IN_SOLO
    if config.mode is Mode.COMPETITIVE:
        return "not_competitive" in card.tags or card.name in NOT_IN_COMPETITIVE
    return False


def short_id(card_id: str) -> str:
    """A card id without its set: ``"stormlight/odium"`` → ``"odium"``."""
    return card_id.rsplit("/", 1)[-1]


def is_odium_style(card: Card) -> bool:
    """Odium and his like: a co-op Adversary card set beside the table (a ``quest`` card tagged ``adversary``)."""
    return card.type is CardType.QUEST and "adversary" in card.tags


def adversaries(ctx: Context) -> list[Card]:
    """Every Adversary a co-op game can face: Odium-style cards first, then story Adversaries that have a quest."""
    odium = sorted((c for c in ctx.db.values() if is_odium_style(c)), key=lambda c: c.id)
    story = sorted(
        (c for c in ctx.db.values() if c.type is CardType.ADVERSARY and quests_for(ctx, c.id)),
        key=lambda c: c.id,
    )
    return odium + story


def quests_for(ctx: Context, adversary: str) -> list[Card]:
    """The Adversary Quests of an Adversary: quest cards tagged ``quest`` and ``for:<its id>``."""
    tag = f"for:{short_id(adversary)}"
    return sorted(
        (c for c in ctx.db.values() if c.type is CardType.QUEST and "quest" in c.tags and tag in c.tags),
        key=lambda c: c.id,
    )


def deck_cards(ctx: Context, adversary: Card) -> list[str]:
    """The Antihero cards of the Adversary's deck: tagged ``odium`` / ``skull``, or named in the rule texts."""
    tag, names = ("odium", ODIUM_DECK_NAMES) if is_odium_style(adversary) else ("skull", SKULL_DECK_NAMES)
    return sorted(
        c.id for c in ctx.db.values() if c.type is CardType.ANTIHERO and (tag in c.tags or c.name in names)
    )


def goal(ctx: Context) -> int:
    """The core Adversary's Experience goal: ``adversary_goal`` per hero (open question 11)."""
    return ctx.config.rules.adversary_goal * ctx.config.players


def start_tokens(ctx: Context, adversary: Card) -> int:
    """Odium's starting tokens (open question 2: option ``odium_tokens``); the core Adversary starts with none."""
    if not is_odium_style(adversary):
        return 0
    per = 5 if ctx.config.rules.odium_tokens is OdiumTokens.FIVE_PER_PLAYER else 2
    return per * ctx.config.players


# ============================================================================ setup


def _resolve(ctx: Context, ref: str | None, what: str) -> Card | None:
    if ref is None:
        return None
    if ref in ctx.db:
        return ctx.db[ref]
    named = ctx.db.named(ref)
    if len(named) == 1:
        return named[0]
    raise IllegalActionError("setup", f"no single card named or with id {ref!r} for the {what}")


def choose(ctx: Context, state: GameState) -> tuple[Card, Card, tuple[Card, ...], GameState]:
    """The Adversary, the Adversary Quest and the other co-op rule cards of this game (checked).

    Defaults: Odium if a set has him, else a seeded choice among the story Adversaries that
    have a quest; the quest tagged ``first`` (000 · The Adversary Quests recommends Radiants
    United first), else the first quest that suits the mode.
    """
    config = state.config
    solo = config.mode is Mode.SOLO
    adversary = _resolve(ctx, config.adversary, "Adversary")
    quest = _resolve(ctx, config.quest, "Adversary Quest")
    if quest is not None and ("quest" not in quest.tags or quest.type is not CardType.QUEST):
        raise IllegalActionError(
            "setup", f"{quest.name} is not an Adversary Quest", section="000/the-adversary-quests"
        )
    options = adversaries(ctx)
    if adversary is None and quest is not None:
        adversary = next((a for a in options if f"for:{short_id(a.id)}" in quest.tags), None)
    if adversary is None:
        if not options:
            raise IllegalActionError(
                "setup",
                f"the card sets {list(config.sets)} have no Adversary with an Adversary Quest for a {config.mode.value} game",
                section="000/facing-odium-solo-and-co-op-play",
            )
        odium = [a for a in options if is_odium_style(a)]
        if odium:
            adversary = odium[0]
        else:
            picked, r = rng.choice(state.rng, options)
            adversary = picked
            state = evolve(state, rng=r)
    if not (is_odium_style(adversary) or adversary.type is CardType.ADVERSARY):
        raise IllegalActionError(
            "setup", f"{adversary.name} is not an Adversary", section="000/glossary-adversary"
        )
    fits = [q for q in quests_for(ctx, adversary.id) if not solo or "solo" in q.tags]
    if quest is None:
        if not fits:
            raise IllegalActionError(
                "setup",
                f"{adversary.name} has no Adversary Quest for a {config.mode.value} game",
                section="000/glossary-solo",
            )
        quest = next((q for q in fits if "first" in q.tags), fits[0])
    if f"for:{short_id(adversary.id)}" not in quest.tags:
        raise IllegalActionError(
            "setup", f"{quest.name} is not a quest of {adversary.name}", section="000/the-adversary-quests"
        )
    if solo and "solo" not in quest.tags:
        raise IllegalActionError(
            "setup", f"{quest.name} is not compatible with Solo play", section="000/glossary-solo"
        )
    rise: tuple[Card, ...] = ()
    if not is_odium_style(adversary):
        rise = tuple(
            sorted(
                (
                    c
                    for c in ctx.db.values()
                    if c.type is CardType.QUEST and "rise" in c.tags and c.set == adversary.set
                ),
                key=lambda c: c.id,
            )
        )
    return adversary, quest, rise, state


def _take_out(ctx: Context, state: GameState, card: str) -> GameState:
    """Take a co-op card from where setup left it: out of the game, an Act deck or discard pile, or
    a table slot (which is then refilled from its Act deck, 000 · Attempt a Challenge)."""
    if card in state.removed:
        removed = list(state.removed)
        removed.remove(card)
        return evolve(state, removed=tuple(removed))
    for row in state.rows:
        if card in row.deck or card in row.discard:
            row = evolve(
                row,
                deck=tuple(c for c in row.deck if c != card),
                discard=tuple(c for c in row.discard if c != card),
            )
            return set_row(state, row)
    for row in state.rows:
        for i, slot in enumerate(row.slots):
            if slot is not None and slot.card == card and slot.ally is None:
                slots = list(row.slots)
                slots[i] = None
                state = set_row(state, evolve(row, slots=tuple(slots)))
                return fill_slot(ctx, state, row.act, i, state.turn.seat, None)
    raise IllegalActionError("setup", f"{card} is in play: it cannot also be the Adversary or a quest")


def setup(ctx: Context, state: GameState, log: Log) -> GameState:
    """Set up the Adversary of a co-op or solo game (000 · Facing Odium: Solo and Co-op Play: Set Up).

    Odium (or the core Adversary) and the chosen Adversary Quest go on the table; the Antihero
    cards of the Adversary's deck leave the Antihero deck and are shuffled; the Adversary gets
    its starting tokens; the quest's static powers last the whole game for every hero.
    A competitive game is returned unchanged.
    """
    config = state.config
    if not is_coop(config):
        return state
    n = config.players
    if config.mode is Mode.SOLO and n != 1:
        raise IllegalActionError("setup", f"a solo game has one hero, not {n}", section="000/glossary-solo")
    if config.mode is Mode.COOP and n < 2:
        raise IllegalActionError(
            "setup", "a co-op game needs two to four heroes: use mode='solo'", section="000/glossary-co-op"
        )
    adversary, quest, rise, state = choose(ctx, state)
    for card in (adversary, quest, *rise):
        state = _take_out(ctx, state, card.id)
    wanted = set(deck_cards(ctx, adversary))
    present = sorted(c for c in (*state.antihero_deck, *state.antihero_discard) if c in wanted)
    deck, r = rng.shuffled(state.rng, present)
    state = evolve(
        state,
        rng=r,
        antihero_deck=tuple(c for c in state.antihero_deck if c not in wanted),
        antihero_discard=tuple(c for c in state.antihero_discard if c not in wanted),
    )
    rules = tuple(c.id for c in (quest, *rise))
    od = OdiumState(adversary.id, quest.id, rules, start_tokens(ctx, adversary), deck)
    effects = list(state.effects)
    for cid in rules:
        for power in ctx.db[cid].powers:
            if power.trigger is not Trigger.STATIC:
                continue
            for eff in power.effects:
                if isinstance(eff, Bonus | Difficulty | TempIcon):
                    effects.extend(ActiveEffect(eff, cid, seat, seat, Duration.GAME) for seat in range(n))
    state = evolve(state, odium=od, effects=tuple(effects))
    if log is not None:
        log_event(
            log,
            state,
            "000/facing-odium-solo-and-co-op-play",
            f"{config.mode.value} game against {adversary.name} under the quest {quest.name}: "
            f"{od.tokens} Experience tokens, a deck of {len(deck)} Antihero cards",
        )
    return state


def coop_position(
    state: GameState,
    *,
    mode: Mode | str = Mode.COOP,
    quest: str | None = None,
    adversary: str | None = None,
    tokens: int | None = None,
    deck: Sequence[str] | None = None,
    loyalists: Sequence[int] = (),
) -> GameState:
    """Turn a built position (``Position(...).build()``) into a co-op or solo position.

    ``quest`` / ``adversary`` by name or id; ``tokens`` replaces the starting tokens; ``deck``
    names the top of the Adversary's deck, first revealed first.
    """
    config = evolve(state.config, mode=Mode(mode))
    ctx = context_for(config)
    q = _resolve(ctx, quest, "Adversary Quest")
    a = _resolve(ctx, adversary, "Adversary")
    config = evolve(config, quest=q.id if q else None, adversary=a.id if a else None)
    ctx = context_for(config)
    state = setup(ctx, evolve(state, config=config), None)
    od = state.odium
    assert od is not None
    if tokens is not None:
        od = evolve(od, tokens=tokens)
    if deck is not None:
        top: list[str] = []
        rest = list(od.deck)
        for ref in deck:
            cid = next((c for c in rest if c == ref or ctx.db[c].name.casefold() == ref.casefold()), None)
            if cid is None:
                raise IllegalActionError("setup", f"{ref!r} is not in the Adversary's deck")
            rest.remove(cid)
            top.append(cid)
        od = evolve(od, deck=(*top, *rest))
    if loyalists:
        od = evolve(od, loyalists=tuple(loyalists))
    return evolve(state, odium=od)


# ============================================================================ tokens


def change_tokens(ctx: Context, state: GameState, amount: int, source: str, log: Log) -> GameState:
    """The Adversary gains (or loses) Experience tokens, never below zero (000 · The Adversary Quests)."""
    od = state.odium
    if od is None or amount == 0:
        return state
    new = max(0, od.tokens + amount)
    delta = new - od.tokens
    if delta == 0:
        if log is not None:
            log_event(
                log,
                state,
                "000/the-adversary-quests",
                f"{ctx.db[source].name}: the Adversary has no token to lose",
            )
        return state
    od = evolve(od, tokens=new, gained=od.gained + max(0, delta), lost=od.lost + max(0, -delta))
    state = evolve(state, odium=od)
    if log is not None:
        name = ctx.db[od.adversary].name
        verb = "gains" if delta > 0 else "loses"
        log_event(
            log,
            state,
            "000/the-adversary-quests",
            f"{ctx.db[source].name}: {name} {verb} {abs(delta)} token(s), now {new}",
        )
    return state


# ============================================================================ Odium's cards


def reveals(ctx: Context, state: GameState, faces: Iterable[Face]) -> bool:
    """Whether a cast's core-rune faces make the Adversary reveal a card.

    Odium: a dark triangle (000 · Playing Odium's Cards), or, with ``odium_reveal =
    "light_and_dark"``, a light and a dark triangle together (open question 6); a dual triangle
    shows both. The core Adversary: any draw-card symbol (INDEX · Core solo / co-op).
    """
    od = state.odium
    if od is None:
        return False
    draws = [f.draw for f in faces if f.draw is not None]
    if not is_odium_style(ctx.db[od.adversary]):
        return bool(draws)
    dark = any(d is Draw.ANTIHERO or d is Draw.CHOICE for d in draws)
    if ctx.config.rules.odium_reveal is OdiumReveal.DARK_TRIANGLE:
        return dark
    light = any(d is Draw.HERO or d is Draw.CHOICE for d in draws)
    return dark and light


def after_cast(
    ctx: Context, state: GameState, pool: Sequence[Rune], faces: Sequence[int], log: Log
) -> GameState:
    """After a cast (a re-attempt too: 000 · Glossary: Re-attempt), reveal the Adversary's card if the core runes say so."""
    core = [rune.faces[f] for rune, f in zip(pool, faces, strict=True) if rune.kind is RuneKind.CORE]
    if not reveals(ctx, state, core):
        return state
    att = state.attempt
    assert att is not None
    return reveal(ctx, state, att.seat, log)


def reveal(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """Reveal the top card of the Adversary's deck and apply it to the attempting hero, before the attempt resolves.

    ``000 · Playing Odium's Cards``: the card takes effect at once; every seat may then answer
    in the "as any hero attempts" window. A card whose effect does not apply is still played
    (``000 · FAQs: Odium's cards take effect``). When the deck runs out, the discard pile is
    shuffled into a new deck (``000 · Odium's Deck``). Its effects end with the turn at the latest.
    """
    od = state.odium
    assert od is not None
    deck, discard = od.deck, od.discard
    if not deck:
        if not discard:
            if log is not None:
                log_event(
                    log,
                    state,
                    "000/odiums-deck",
                    "the Adversary's deck and discard pile are empty: no card",
                    seat,
                )
            return state
        deck, r = rng.shuffled(state.rng, discard)
        discard = ()
        state = evolve(state, rng=r)
        if log is not None:
            log_event(
                log,
                state,
                "000/odiums-deck",
                "the Adversary's discard pile is shuffled into a new deck",
                seat,
            )
    cid, deck = deck[0], deck[1:]
    state = evolve(state, odium=evolve(od, deck=deck, discard=discard, revealed=(*od.revealed, cid)))
    card = ctx.db[cid]
    if log is not None:
        log_event(
            log,
            state,
            "000/playing-odiums-cards",
            f"{ctx.db[od.adversary].name} reveals {card.name}: it takes effect on P{seat + 1} before the attempt resolves",
            seat,
        )
    play = card.play
    if play is None:
        return state
    duration = play.duration if play.duration in (Duration.ATTEMPT, Duration.TURN) else Duration.TURN
    att = state.attempt
    dark_before = att.dark_free if att is not None else 0
    for eff in play.effects:
        state = engine.apply_effect(ctx, state, eff, cid, seat, seat, duration, log)
    att = state.attempt
    if att is not None and att.dark_free > dark_before and att.cast:
        # Dark runes added after the cast are cast at once and join it (000 · Playing Odium's Cards).
        added = att.dark_free - dark_before
        value, r = rng.next_u64(state.rng)
        extra = tuple((ctx.runes.dark.id, (value >> i) & 1) for i in range(added))
        state = evolve(state, rng=r, attempt=evolve(att, cast=att.cast + extra))
        if log is not None:
            shown = " ".join(ctx.runes.dark.faces[f].name for _r, f in extra)
            log_event(log, state, "000/dark-runes", f"{card.name}: the added Dark rune(s) show {shown}", seat)
    return state


def discard_revealed(ctx: Context, state: GameState, log: Log) -> GameState:
    """End of turn: the Adversary's revealed cards are discarded and their effects end (000 · Odium's Deck)."""
    od = state.odium
    if od is None or not od.revealed:
        return state
    gone = set(od.revealed)
    effects = tuple(e for e in state.effects if e.source not in gone)
    state = evolve(state, effects=effects, odium=evolve(od, revealed=(), discard=(*od.discard, *od.revealed)))
    if log is not None:
        names = ", ".join(ctx.db[c].name for c in od.revealed)
        log_event(log, state, "000/odiums-deck", f"end of turn: {names} discarded, its effects end")
    return state


# ============================================================================ Contest of Champions


def begin_act_three(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """As a hero begins Act III under a loyalty quest, it declares loyalty to Odium or not."""
    od = state.odium
    if od is None or od.quest is None or "loyalty" not in ctx.db[od.quest].tags or seat in od.loyalists:
        return state
    if state.config.mode is not Mode.COOP:
        return state
    if log is not None:
        log_event(
            log,
            state,
            "000/faqs-loyalty-to-odium-in-contest-of-champions",
            "begins Act III: pledge loyalty to Odium?",
            seat,
        )
    return evolve(state, pending=(*state.pending, ChooseLoyalty(seat)))


def declare(ctx: Context, state: GameState, action: DeclareLoyalty, log: Log) -> GameState:
    """Pledge: take Odium's tokens as Experience and side with him; or stay with the heroes."""
    top = state.pending[-1]
    assert isinstance(top, ChooseLoyalty)
    state = evolve(state, pending=state.pending[:-1])
    od = state.odium
    assert od is not None
    seat = top.seat
    if not action.pledge:
        if log is not None:
            log_event(
                log, state, "000/faqs-loyalty-to-odium-in-contest-of-champions", "stays with the heroes", seat
            )
        return state
    taken = od.tokens
    state = evolve(state, odium=evolve(od, loyalists=(*od.loyalists, seat), tokens=0, lost=od.lost + taken))
    state = set_player(state, seat, xp=state.players[seat].xp + taken)
    if log is not None:
        log_event(
            log,
            state,
            "000/faqs-loyalty-to-odium-in-contest-of-champions",
            f"pledges loyalty to Odium and takes his {taken} token(s) as Experience; will not face him",
            seat,
        )
    return state


# ============================================================================ facing the Adversary


def has_faced(od: OdiumState, seat: int) -> bool:
    return any(r.seat == seat for r in od.faced)


def facing_options(ctx: Context, state: GameState, seat: int) -> list[FaceOdium]:
    """The ways to face the Adversary: two abilities of six against Odium; Dark runes against the core Adversary."""
    od = state.odium
    assert od is not None
    card = ctx.db[od.adversary]
    if is_odium_style(card):
        return [FaceOdium(pair) for pair in combinations(ABILITIES, 2)]
    allowed = engine.dark_runes_allowed(ctx, state, seat, card.path(Side.TOP))
    return [FaceOdium((), k) for k in range(allowed + 1)]


def facing_actions(ctx: Context, state: GameState) -> list[Action]:
    """Legal actions in a facing turn: face the Adversary once, play cards and powers, then end the turn."""
    od = state.odium
    assert od is not None
    seat = state.turn.seat
    out: list[Action] = []
    faced = has_faced(od, seat)
    if not faced:
        out.extend(facing_options(ctx, state, seat))
    if ctx.config.rules.odium_facing is OdiumFacing.OWN_TURN:
        out.extend(engine._hand_playable(ctx, state, seat, (Timing.MAIN, Timing.ANY_TIME)))
        out.extend(engine._usable_powers(ctx, state, seat, (Timing.MAIN, Timing.ANY_TIME)))
        if faced:
            out.append(EndTurn())
    return out


def facing_now(state: GameState) -> bool:
    """Whether the heroes are facing the Adversary (the end of a co-op game)."""
    return state.odium is not None and state.odium.stage == "facing"


def face(ctx: Context, state: GameState, action: FaceOdium, log: Log) -> GameState:
    """Declare the attempt against the Adversary: windows for cards, then the cast (000 · Facing Odium)."""
    od = state.odium
    assert od is not None
    seat = state.turn.seat
    card = ctx.db[od.adversary]
    if action.dark:
        state = set_player(state, seat, xp=state.players[seat].xp - action.dark)
    att = Attempt(
        seat=seat,
        card=card.id,
        act=0,
        slot=0,
        side=Side.TOP,
        dark_bought=action.dark,
        abilities=tuple(action.abilities),
    )
    turn = evolve(state.turn, attempted=True, dark_bought=state.turn.dark_bought + action.dark)
    state = evolve(state, attempt=att, turn=turn)
    if log is not None:
        how = (
            " and ".join(a.value.capitalize() for a in action.abilities)
            if action.abilities
            else "/".join(a.value.capitalize() for a in card.abilities)
        )
        log_event(log, state, "000/facing-odium", f"faces {card.name} with {how}", seat)
    # The cast waits under the "before any hero attempts" window (000 · FAQs: Card timing).
    n = len(state.players)
    window = Window(WindowKind.BEFORE, tuple((seat + k) % n for k in range(n)))
    state = evolve(state, pending=(*state.pending, AwaitCast(seat), window))
    return engine._trim_window(ctx, state)


def resolve_facing(ctx: Context, state: GameState, log: Log) -> GameState:
    """Resolve an attempt against the Adversary: success, and one token removed per success above its difficulty."""
    att = state.attempt
    od = state.odium
    assert att is not None and od is not None
    seat = att.seat
    card = ctx.db[att.card]
    faces = [ctx.rune_by_id[rid].faces[f] for rid, f in att.cast]
    math = engine.attempt_math(ctx, state, att)
    total = sum(f.successes for f in faces) + math.bonus
    corruption = sum(f.corruption for f in faces)
    state = evolve(
        state,
        attempt=None,
        effects=tuple(e for e in state.effects if not (e.target == seat and e.duration is Duration.ATTEMPT)),
    )
    if corruption:
        state = engine.move_track(ctx, state, seat, -corruption, log, "Dark rune moon")
    od = state.odium
    assert od is not None
    success = total >= math.difficulty
    removed = 0
    if success and is_odium_style(card):
        removed = min(od.tokens, total - math.difficulty)
    result = FaceResult(seat, att.abilities, total, math.difficulty, success, removed)
    od = evolve(od, tokens=od.tokens - removed, lost=od.lost + removed, faced=(*od.faced, result))
    state = evolve(state, odium=od)
    if log is not None:
        word = "defeats" if success else "fails against"
        extra = f"; {removed} token(s) removed, {od.tokens} left" if is_odium_style(card) else ""
        log_event(
            log,
            state,
            "000/facing-odium",
            f"{word} {card.name}: {total} vs difficulty {math.difficulty}{extra}",
            seat,
        )
    if ctx.config.rules.odium_facing is OdiumFacing.AFTER_LAST_TURN:
        return next_facer(ctx, discard_revealed(ctx, state, log), log)
    return state


def begin_facing(ctx: Context, state: GameState, log: Log) -> GameState:
    """After the final turns, the heroes face the Adversary, the hero who closed the game first (000 · Facing Odium)."""
    od = state.odium
    assert od is not None
    n = len(state.players)
    start = state.closed_by if state.closed_by is not None else state.turn.seat
    order = tuple(s for s in ((start + k) % n for k in range(n)) if s not in od.loyalists)
    state = evolve(state, odium=evolve(od, stage="facing", facing=order))
    if log is not None:
        who = ", ".join(f"P{s + 1}" for s in order) or "no hero"
        log_event(
            log,
            state,
            "000/facing-odium",
            f"the final turns are over: {who} face {ctx.db[od.adversary].name}",
        )
    return next_facer(ctx, state, log)


def next_facer(ctx: Context, state: GameState, log: Log) -> GameState:
    """Start the next hero's attempt against the Adversary, or end the game when every hero has faced it."""
    od = state.odium
    assert od is not None
    if not od.facing:
        return finish(ctx, state, log)
    seat, rest = od.facing[0], od.facing[1:]
    state = evolve(state, odium=evolve(od, facing=rest))
    number = state.turn.number + 1
    if ctx.config.rules.odium_facing is OdiumFacing.OWN_TURN:
        if log is not None:
            log_event(log, state, "000/facing-odium", "uses this turn to face the Adversary", seat)
        return engine._start_turn(ctx, state, seat, number, log)
    # option "after_last_turn": no turn of its own; this turn's effects end first (000 · Ending Your Turn).
    effects = tuple(e for e in state.effects if e.duration is Duration.GAME or e.waiting)
    state = evolve(state, turn=Turn(seat=seat, number=number), effects=effects)
    if log is not None:
        log_event(log, state, "000/facing-odium", "faces the Adversary", seat)
    return state


def finish(ctx: Context, state: GameState, log: Log) -> GameState:
    """The end of a co-op or solo game: revealed cards discarded, then scoring (000 · Winning the Solo or Co-op Game)."""
    state = discard_revealed(ctx, state, log)
    state = engine._game_over(ctx, state, log)
    if log is not None:
        result = coop_result(ctx, state)
        if result is not None:
            log_event(log, state, "000/winning-the-solo-or-co-op-game", result.reason)
    return state


def end_turn(ctx: Context, state: GameState, log: Log) -> tuple[GameState, bool]:
    """The co-op part of the end of a turn; True when it decided what comes next (facing, or the end)."""
    state = discard_revealed(ctx, state, log)
    od = state.odium
    assert od is not None
    card = ctx.db[od.adversary]
    if not is_odium_style(card) and od.tokens >= goal(ctx):
        state = evolve(state, odium=evolve(od, overrun=True))
        if log is not None:
            log_event(
                log,
                state,
                "INDEX/core-solo-co-op",
                f"{card.name} reaches its Experience goal ({od.tokens} of {goal(ctx)}): the Adversary wins",
            )
        return finish(ctx, state, log), True
    if od.stage == "facing":
        return next_facer(ctx, state, log), True
    if state.final_turns is not None and not state.final_turns:
        return begin_facing(ctx, state, log), True
    return state, False


# ============================================================================ the outcome


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
    od = state.odium
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
    od = state.odium
    if od is None or not is_odium_style(ctx.db[od.adversary]):
        return False
    won = any(r.seat == seat and r.success for r in od.faced)
    if ctx.config.rules.odium_reward is OdiumReward.EACH_SUCCESS:
        return won
    if state.phase is not Phase.OVER:
        return False
    result = coop_result(ctx, state)
    return result is not None and result.heroes_win and seat not in od.loyalists


# ============================================================================ odds


def facing_attempt(
    ctx: Context, state: GameState, seat: int, abilities: Sequence[Icon] = (), dark: int = 0
) -> Attempt:
    """A hypothetical attempt of ``seat`` against the Adversary (for odds)."""
    od = state.odium
    if od is None:
        raise IllegalActionError("odds", "no Adversary in a competitive game", section="000/facing-odium")
    card = ctx.db[od.adversary]
    if is_odium_style(card) and (len(abilities) != 2 or abilities[0] == abilities[1]):
        raise IllegalActionError(
            "odds", "facing Odium takes two different abilities", section="000/facing-odium"
        )
    return Attempt(
        seat=seat, card=card.id, act=0, slot=0, side=Side.TOP, dark_bought=dark, abilities=tuple(abilities)
    )


def facing_odds(
    ctx: Context, state: GameState, seat: int, abilities: Sequence[Icon] = (), dark: int = 0
) -> Odds:
    """Exact odds of facing the Adversary: the core runes and every rune of the two abilities, no Dark runes against Odium."""
    return engine.attempt_odds_of(ctx, state, facing_attempt(ctx, state, seat, abilities, dark))


def path_odds(
    ctx: Context, state: GameState, seat: int, card_id: str, side: Side | str = Side.TOP, dark: int = 0
) -> Odds:
    """Exact odds of an attempt on a table path; a Radiant path casts no Dark runes (000 · Special Rules)."""
    return engine.attempt_odds_of(ctx, state, engine.table_attempt(state, seat, card_id, side, dark))


def why_illegal(ctx: Context, state: GameState, action: Action) -> str:
    """Why a co-op action is not legal now."""
    if isinstance(action, DeclareLoyalty):
        return "loyalty to Odium is declared only as a hero begins Act III under Contest of Champions (000 · FAQs: Loyalty to Odium in Contest of Champions)"
    od = state.odium
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
    "NOT_IN_COMPETITIVE",
    "NOT_IN_SOLO",
    "ODIUM_DECK_NAMES",
    "SKULL_DECK_NAMES",
    "CoopResult",
    "adversaries",
    "coop_position",
    "coop_result",
    "deck_cards",
    "facing_odds",
    "path_odds",
    "quests_for",
    "setup",
]
