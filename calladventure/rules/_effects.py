"""Effects: applying an effect atom, triggers, the track, and the forced choices effects ask.

``001 · Other Card Effects`` and ``000 · Hero and Antihero Cards``: a played card or a power
applies its effect atoms (``calladventure.values._effects``) from a source card, owned by one
seat, to a target seat, for a duration. :func:`apply_effect` calls the atom's declared behaviour
(:func:`calladventure.rules._atom_rules.atom_rule`: the core's in :mod:`calladventure.rules._atoms`,
a box's in its module) with one :class:`~calladventure.rules._atom_rules.EffectCall`; it returns
the new state. A box's atom does nothing in a game where the box is not in play (e.g. an
Adversary's tokens in a competitive game).

Moving on the Corruption track (:func:`move_track`) fires the ``on_virtue`` /
``on_corruption`` triggers once per level (000 · FAQs: Whenever a hero gains Corruption), so
triggers (:func:`fire`) live here too: effects and triggers call each other. A Dark rune's moon
moves the track when it shows (:func:`moon_corruption`; 000 · Glossary: Corruption). A forced
sacrifice or discard is the choice of the hero who makes it (:func:`ask_sacrifice`,
:func:`ask_discard`: a :class:`~calladventure.values._state.Choice`).
"""

from __future__ import annotations

from ..values._cards import CardType
from ..values._copies import (
    attempt_with_moon_levels,
    player_with_level,
    player_with_xp,
    state_with_attempt,
    state_with_players,
    state_with_turn,
    turn_with_used_powers,
)
from ..values._effects import Duration, Effect, Trigger, When
from ..values._events import Log
from ..values._members import (
    DRAW_CHOICE,
    MOON_CORRUPTION_AT_CAST,
    TARGET_ANY_HERO,
    TRIGGER_ON_CORRUPTION,
    TRIGGER_ON_VIRTUE,
)
from ..values._runes import Draw
from ..values._state import Choice, ChooseDraw, GameState, HeldAlly, Player, evolve
from ._atom_rules import ATOM_RULES, EffectCall
from ._context import Context
from ._story import triggered
from ._table import draw_hand_card, log_event, players_putting, set_player


def describe(eff: Effect) -> str:
    """A short English description of an effect atom (its declared words)."""
    rule = ATOM_RULES.get(eff.__class__)
    return rule.words(eff) if rule is not None else type(eff).__name__


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
    """Apply one effect atom from ``source`` (owned by ``owner``) to ``target`` (001 · Other Card Effects).

    Its declared behaviour acts (:data:`~calladventure.rules._atom_rules.ATOM_RULES`); a box's atom
    only where the box is in play (an Adversary's tokens do nothing in a competitive game).
    """
    rule = ATOM_RULES.get(eff.__class__)
    if rule is None or (rule.box and ctx.expansion(rule.box) is None):
        return state
    return rule.apply(EffectCall(ctx, state, eff, source, owner, target, duration, log))


# ----------------------------------------------------------------------------- descriptions


def when_text(when: When) -> str:
    """`` on strength challenges, Act 2`` … for an attempt filter (empty when it always applies)."""
    bits = []
    if when.abilities:
        bits.append("/".join(a.value for a in when.abilities) + " challenges")
    if when.path_icons:
        bits.append("paths with " + "/".join(i.value for i in when.path_icons))
    if when.acts:
        bits.append("Act " + "/".join(str(a) for a in when.acts))
    return (" on " + ", ".join(bits)) if bits else ""


# ----------------------------------------------------------------------------- Experience and the track


def gain_xp(state: GameState, seat: int, n: int) -> GameState:
    """Gain ``n`` Experience (or lose ``-n``), never below zero (000 · Glossary: Experience)."""
    return state_with_players(state, players_gaining_xp(state, seat, n))


def players_gaining_xp(state: GameState, seat: int, n: int) -> tuple[Player, ...]:
    """The heroes once ``seat`` gains ``n`` Experience: :func:`gain_xp`'s change, for a copy that changes more."""
    player = state.players[seat]
    return players_putting(state, seat, player_with_xp(player, max(0, player.xp + n)))


def move_track(ctx: Context, state: GameState, seat: int, delta: int, log: Log, why: str) -> GameState:
    """Move a hero's marker: +n Virtue goes up, −n Corruption goes down, within the track.

    ``000 · FAQs: More than three Corruption``: never past the ends of the track.
    Corruption cancelled this turn (``CancelCorruption``) is used up first.
    """
    if delta < 0 and state.turn.seat == seat and state.turn.cancel_corruption:
        cancel = min(-delta, state.turn.cancel_corruption)
        delta += cancel
        state = evolve(
            state, turn=evolve(state.turn, cancel_corruption=state.turn.cancel_corruption - cancel)
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
        state = state_with_players(state, players_putting(state, seat, player_with_level(player, new)))
        # Once per level moved (000 · FAQs: Whenever a hero gains Corruption).
        trigger = TRIGGER_ON_VIRTUE if delta > 0 else TRIGGER_ON_CORRUPTION
        for _ in range(abs(new - player.level)):
            state = fire(ctx, state, seat, trigger, log)
    elif delta and log is not None:
        log_event(
            log,
            state,
            "000/faqs-more-than-three-corruption",
            "the marker is already at the end of the track",
            seat,
        )
    return state


def give_back_corruption(
    ctx: Context, state: GameState, seat: int, levels: int, log: Log, section: str, why: str
) -> GameState:
    """Move a hero back up ``levels`` the Corruption its attempt's moons gave: ignored, not Virtue gained.

    ``000 · Glossary: Re-attempt``: "Ignore any Corruption gained from Dark runes during your first
    attempt"; ``002 · FAQs: Loyal Friends``: a cancelled Corruption. No Virtue trigger fires; the
    expansions take back what the Corruption set off when the moon showed
    (``Expansion.corruption_ignored``: a quest's "whenever a hero gains Corruption").
    """
    if levels <= 0:
        return state
    player = state.players[seat]
    state = set_player(state, seat, level=ctx.track.clamp(player.level - levels))
    att = state.attempt
    if att is not None and att.seat == seat:
        state = evolve(state, attempt=evolve(att, moon_levels=max(0, att.moon_levels - levels)))
    if log is not None:
        log_event(log, state, section, f"{why}: the marker moves back up {levels}", seat)
    for ext in ctx.expansions:
        state = ext.corruption_ignored(ctx, state, seat, levels, log)
    return state


def moon_corruption(ctx: Context, state: GameState, seat: int, moons: int, log: Log) -> GameState:
    """The moons a cast shows move the track now (000 · Glossary: Corruption; option ``moon_corruption``).

    The levels moved are kept on the attempt, so a re-attempt or a cancelling card can give them
    back; with ``moon_corruption = "at_resolution"`` nothing moves here (the attempt's resolution
    counts the final cast's moons).
    """
    if moons <= 0 or ctx.config.rules.moon_corruption is not MOON_CORRUPTION_AT_CAST:
        return state
    before = state.players[seat].level
    state = move_track(ctx, state, seat, -moons, log, "Dark rune moon")
    moved = state.players[seat].level - before
    att = state.attempt
    if moved and att is not None and att.seat == seat:
        state = state_with_attempt(state, attempt_with_moon_levels(att, att.moon_levels + moved))
    return state


def queue_draw(ctx: Context, state: GameState, seat: int, deck: Draw, log: Log) -> GameState:
    """Draw a card now, or ask the seat which deck for a "draw either" (000 · Hero and Antihero Cards)."""
    if deck is DRAW_CHOICE:
        return evolve(state, pending=(*state.pending, ChooseDraw(seat)))
    return draw_hand_card(ctx, state, seat, deck, log)


# ----------------------------------------------------------------------------- triggers


def fire(ctx: Context, state: GameState, seat: int, trigger: Trigger, log: Log) -> GameState:
    """Run the hero's powers with this trigger (once per turn where the power says so), then the expansions'."""
    for card, index, power in triggered(ctx, state, seat, trigger):
        key = f"{card.id}:{index}"
        if power.once_per_turn and key in state.turn.used_powers:
            continue
        if power.cost_xp > state.players[seat].xp:
            continue
        if power.once_per_turn:
            state = state_with_turn(state, turn_with_used_powers(state.turn, (*state.turn.used_powers, key)))
        if power.cost_xp:
            state = gain_xp(state, seat, -power.cost_xp)
        if log is not None:
            log_event(
                log,
                state,
                "001/other-card-effects",
                f"{card.name}: {power.text or card.text or trigger.value}",
                seat,
            )
        if power.target is TARGET_ANY_HERO and len(state.players) > 1:
            # A power that may help another hero: its owner chooses whom (e.g. Bondsmith in co-op).
            options = tuple(f"P{(seat + k) % len(state.players) + 1}" for k in range(len(state.players)))
            state = evolve(state, pending=(*state.pending, Choice(seat, "target", card.id, options, index)))
            continue
        for eff in power.effects:
            state = apply_effect(ctx, state, eff, card.id, seat, seat, power.duration, log)
    for ext in ctx.expansions:
        state = ext.on_trigger(ctx, state, seat, trigger, log)
    return state


# ----------------------------------------------------------------------------- Allies


def sacrifice_ally(ctx: Context, state: GameState, seat: int, index: int, log: Log) -> GameState:
    """Turn one of the hero's Allies face down; its on-sacrifice powers act (000 · Glossary: Sacrifice)."""
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


def sacrifice_first_ally(ctx: Context, state: GameState, seat: int, log: Log) -> GameState:
    """Turn the hero's first unsacrificed Ally face down (000 · Glossary: Sacrifice)."""
    for i, ally in enumerate(state.players[seat].allies):
        if not ally.sacrificed:
            return sacrifice_ally(ctx, state, seat, i, log)
    if log is not None:
        log_event(log, state, "000/glossary-sacrifice", "has no Ally to sacrifice", seat)
    return state


def ask_sacrifice(ctx: Context, state: GameState, seat: int, source: str, log: Log) -> GameState:
    """A forced sacrifice: the hero chooses which of its Allies to turn face down (000 · Glossary: Sacrifice).

    With one Ally there is nothing to choose; with none, nothing happens (a card with no effect
    is still played).
    """
    allies = tuple(dict.fromkeys(a.card for a in state.players[seat].allies if not a.sacrificed))
    if len(allies) <= 1:
        return sacrifice_first_ally(ctx, state, seat, log)
    if log is not None:
        log_event(
            log, state, "000/glossary-sacrifice", f"{ctx.db[source].name}: chooses an Ally to sacrifice", seat
        )
    return evolve(state, pending=(*state.pending, Choice(seat, "sacrifice", source, allies)))


def discard_from_hand(ctx: Context, state: GameState, seat: int, card: str, log: Log) -> GameState:
    """A card leaves the hand for its deck's discard pile (000 · Hero and Antihero Cards)."""
    player = state.players[seat]
    hand = list(player.hand)
    hand.remove(card)
    state = set_player(state, seat, hand=tuple(hand))
    if ctx.db[card].type is CardType.HERO:
        state = evolve(state, hero_discard=(*state.hero_discard, card))
    else:
        state = evolve(state, antihero_discard=(*state.antihero_discard, card))
    if log is not None:
        log_event(
            log, state, "000/hero-and-antihero-cards", f"discards {ctx.db[card].name} from the hand", seat
        )
    return state


def ask_discard(ctx: Context, state: GameState, seat: int, source: str, count: int, log: Log) -> GameState:
    """A forced discard: the hero chooses which card of its hand goes (one choice per card)."""
    hand = tuple(dict.fromkeys(state.players[seat].hand))
    if count <= 0 or not hand:
        if log is not None and count > 0:
            log_event(log, state, "000/hero-and-antihero-cards", "has no card in hand to discard", seat)
        return state
    if len(hand) == 1:
        state = discard_from_hand(ctx, state, seat, hand[0], log)
        return ask_discard(ctx, state, seat, source, count - 1, log)
    return evolve(state, pending=(*state.pending, Choice(seat, "discard", source, hand, count=count)))


__all__ = [
    "apply_effect",
    "ask_discard",
    "ask_sacrifice",
    "describe",
    "discard_from_hand",
    "fire",
    "gain_xp",
    "give_back_corruption",
    "moon_corruption",
    "move_track",
    "players_gaining_xp",
    "queue_draw",
    "sacrifice_ally",
    "sacrifice_first_ally",
    "when_text",
]
