"""Setting up a co-op or solo game (000 · Facing Odium: Solo and Co-op Play: Set Up).

The Adversary (Odium, or the core game's Adversary: INDEX · Core solo / co-op) and an
Adversary Quest go beside the table; the Adversary's deck is taken out of the Antihero deck;
the Adversary gets its starting tokens (open question 2: option ``odium_tokens``).
"""

from __future__ import annotations

from ...rules._context import Context
from ...rules._table import fill_slot, log_event, set_row
from ...values import _rng as rng
from ...values._cards import Card, CardType
from ...values._effects import Bonus, Difficulty, Duration, TempIcon, Trigger
from ...values._events import Log
from ...values._illegal import IllegalActionError
from ...values._state import ActiveEffect, GameState, Mode, evolve
from ._cards import adversaries, deck_cards, is_coop, is_odium_style, quests_for, short_id, start_tokens
from ._state import OdiumState, with_odium


def choose(ctx: Context, state: GameState) -> tuple[Card, Card, tuple[Card, ...], GameState]:
    """The Adversary, the Adversary Quest and the other co-op rule cards of this game (checked).

    Defaults: Odium if a set has him, else a seeded choice among the story Adversaries that
    have a quest; the quest tagged ``first`` (000 · The Adversary Quests recommends Radiants
    United first), else the first quest that suits the mode.
    """
    config = state.config
    solo = config.mode is Mode.SOLO
    adversary = ctx.resolve(config.adversary) if config.adversary is not None else None
    quest = ctx.resolve(config.quest) if config.quest is not None else None
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
    return adversary, quest, _rise_cards(ctx, adversary), state


def _rise_cards(ctx: Context, adversary: Card) -> tuple[Card, ...]:
    """The rule cards a story Adversary brings from its set (tagged ``rise``, by id); none for Odium."""
    if is_odium_style(adversary):
        return ()
    rise = (
        c for c in ctx.db.values() if c.type is CardType.QUEST and "rise" in c.tags and c.set == adversary.set
    )
    return tuple(sorted(rise, key=lambda c: c.id))


def take_out(ctx: Context, state: GameState, card: str) -> GameState:
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
        state = take_out(ctx, state, card.id)
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
    state = evolve(with_odium(state, od), effects=tuple(effects))
    if log is not None:
        log_event(
            log,
            state,
            "000/facing-odium-solo-and-co-op-play",
            f"{config.mode.value} game against {adversary.name} under the quest {quest.name}: "
            f"{od.tokens} Experience tokens, a deck of {len(deck)} Antihero cards",
        )
    return state


__all__ = ["choose", "setup", "take_out"]
