"""Why an action may not be taken: one check per action kind, used to list *and* to refuse.

Each function returns None when the action is allowed, or a sentence citing the rule that
forbids it. :mod:`calladventure.rules.legal` lists the legal actions by running these same
checks over the candidates, and explains an illegal action by running the check for it, so
what is legal and why something is not come from one place.
"""

from __future__ import annotations

from ..values.actions import AttemptChallenge, FreeDiscard, Journey, PlayCard, UsePower
from ..values.cards import Card, CardType
from ..values.effects import Timing
from ..values.options import JourneyScope
from ..values.state import GameState, Window
from .attempts import can_play_level, dark_runes_allowed, shortcut
from .context import Context
from .plays import hand_playable, hero_powers, usable_powers
from .story import meets
from .table import find_on_table
from .targets import power_refusal_reason, power_targets, target_refusal

# enum members read on hot paths, kept as module constants (design § 9: a read from the class is a hook call)
_TRAIT = CardType.TRAIT


def table_refusal(ctx: Context, state: GameState, card_id: str) -> str | None:
    """The card must be visible on the table (000 · Prepare the Story Decks; 000 · Ending An Act)."""
    card = ctx.db.get(card_id)
    if card is None:
        return f"no card {card_id!r}"
    where = find_on_table(state, card.id)
    if where is None:
        return f"{card.name} is not on the table"
    if not state.row(where[0]).revealed:
        return f"the Act {where[0]} row has not been revealed (000 · Ending An Act)"
    return None


def _story_refusal(ctx: Context, state: GameState, seat: int, card: Card) -> str | None:
    """What gaining and attempting share: an open Act, not an earlier one, one card a turn."""
    player = state.players[seat]
    if player.act > 3:
        return "this hero's final Act is closed (000 · Ending the Game)"
    if card.act is not None and card.act < player.act:
        return f"this hero has completed Act {card.act}: no going back (000 · FAQs: Act II cards before finishing Act I)"
    if state.turn.gained:
        return (
            "a hero gains at most one trait or challenge a turn (002 · FAQs: One Challenge or Trait per turn)"
        )
    return None


def gain_refusal(ctx: Context, state: GameState, seat: int, card: Card, listed: bool = False) -> str | None:
    """Gaining a trait (000 · Gain a Trait; 002 · FAQs: One Challenge or Trait per turn).

    ``listed``: the card comes from :func:`~calladventure.rules.legal.attemptable` in a turn that
    has gained nothing yet, so the table, Act and one-a-turn checks already hold. (Positional, not
    keyword-only: the listing passes it at each trait on the table, and a call with a keyword is slower.)
    """
    if not listed:
        why = table_refusal(ctx, state, card.id) or _story_refusal(ctx, state, seat, card)
        if why:
            return why
    turn = state.turn
    if card.type is not _TRAIT:
        return f"{card.name} is a {card.type.value}, not a trait: attempt it instead"
    req = card.requires
    if turn.attempted and not (req is not None and req.after_failing and turn.failed):
        return "this turn's main action was an attempt: gain a trait OR attempt a challenge (000 · Each Turn)"
    if state.players[seat].xp < card.cost_xp:
        return f"{card.name} costs {card.cost_xp} Experience; this hero has {state.players[seat].xp}"
    if req is not None and not meets(ctx, state, seat, req):
        return f"this hero does not meet {card.name}'s prerequisite (000 · Gain a Trait)"
    return None


def attempt_refusal(
    ctx: Context, state: GameState, seat: int, action: AttemptChallenge, *, on_table: bool = False
) -> str | None:
    """Declaring an attempt (000 · Attempt a Challenge; 000 · Dark Runes; 000 · Special Rules)."""
    why = None if on_table else table_refusal(ctx, state, action.card)
    card = ctx.db.get(action.card)
    if why or card is None:
        return why or f"no card {action.card!r}"
    why = _story_refusal(ctx, state, seat, card)
    if why:
        return why
    if card.type not in (CardType.CHALLENGE, CardType.ADVERSARY):
        return f"{card.name} is a {card.type.value}: only challenges are attempted"
    if state.turn.attempted:
        return "one attempt per turn (000 · Each Turn)"
    if action.side not in card.sides:
        return f"{card.name} has no {action.side.value} path"
    if action.dark < 0:
        return "the number of Dark runes cannot be negative"
    path = card.path(action.side)
    if action.dark:
        found = shortcut(ctx, state, seat, path)
        if found is not None:
            return found.no_dark
        allowed = dark_runes_allowed(ctx, state, seat, path)
        if action.dark > allowed:
            return (
                f"at most {allowed} Dark rune(s) now: three a turn, one Experience each, none at the lowest Corruption "
                "level or on a Radiant path (000 · Dark Runes; 000 · Special Rules)"
            )
    return None


def journey_refusal(
    ctx: Context, state: GameState, seat: int, action: Journey, *, on_table: bool = False
) -> str | None:
    """A journey (000 · Journey; 000 · Glossary: Journey; option ``journey_scope``)."""
    why = None if on_table else table_refusal(ctx, state, action.card)
    if why:
        return why
    turn, player = state.turn, state.players[seat]
    if turn.journeyed:
        return "journey at most once a turn (000 · Journey)"
    if turn.attempted or turn.gained:
        return "journey comes before gaining a trait or facing a challenge (000 · Journey)"
    if player.xp < 1:
        return "a journey costs one Experience (000 · Journey)"
    card = ctx.db[action.card]
    if ctx.config.rules.journey_scope is JourneyScope.CURRENT_ACT and card.act != min(player.act, 3):
        return (
            f"with journey_scope = current_act a journey discards a card of the hero's current Act "
            f"(Act {min(player.act, 3)}), not of Act {card.act} (000 · Glossary: Journey)"
        )
    return None


def discard_refusal(
    ctx: Context,
    state: GameState,
    seat: int,
    action: FreeDiscard,
    *,
    has_option: bool,
    on_table: bool = False,
) -> str | None:
    """The free discard of a turn with no valid option (001 · Attempt a Challenge)."""
    why = None if on_table else table_refusal(ctx, state, action.card)
    if why:
        return why
    turn = state.turn
    if turn.attempted or turn.gained or turn.free_discard or has_option:
        return "the free discard is only for a turn with no valid option (001 · Attempt a Challenge)"
    if ctx.config.rules.journey_scope is JourneyScope.CURRENT_ACT and ctx.db[action.card].act != min(
        state.players[seat].act, 3
    ):
        return "with journey_scope = current_act only the hero's current Act may be discarded (000 · Glossary: Journey)"
    return None


def play_refusal(
    ctx: Context, state: GameState, seat: int, action: PlayCard, timings: tuple[Timing, ...], where: str
) -> str | None:
    """Playing a Hero or Antihero card now (000 · Hero and Antihero Cards; 000 · FAQs: Card timing)."""
    player = state.players[seat]
    card = ctx.db.get(action.card)
    if card is None or card.id not in player.hand:
        return f"{action.card!r} is not in the hand of P{seat + 1}, the seat to play or pass"
    if not can_play_level(ctx, player, card):
        return f"P{seat + 1}'s Corruption track position forbids {card.type.value} cards (000 · Hero and Antihero Cards)"
    options = [a for a in hand_playable(ctx, state, seat, timings) if a.card == card.id]
    if any(a.target == action.target for a in options):
        return None
    timing = card.play.timing.value if card.play else "?"
    now = f"{card.name} cannot be played now on P{action.target + 1}"
    said = None
    if card.play is not None and card.play.timing in timings:
        said = target_refusal(ctx, state, seat, card, action.target)
    if options:
        targets = ", ".join(f"P{a.target + 1}" for a in options)
        reason = f"; {said}" if said else " (000 · Hero and Antihero Cards)"
        return f"{now}: it may target {targets}{reason}"
    if said:
        return f"{now}: {said}"
    if card.play is not None and card.play.timing in timings:
        return f"{now}: its effect needs an attempt under way at the right moment (000 · FAQs: Card timing)"
    return f"{now}: its timing is {timing} and this is {where} (000 · FAQs: Card timing)"


def power_refusal(
    ctx: Context, state: GameState, seat: int, action: UsePower, timings: tuple[Timing, ...]
) -> str | None:
    """Using an activated power now (001 · Other Card Effects)."""
    if action in usable_powers(ctx, state, seat, timings):
        return None
    card = ctx.db.get(action.card)
    if card is not None:
        for c, index, power in hero_powers(ctx, state.players[seat]):
            if (
                c is card
                and index == action.index
                and power.window in timings
                and not power_targets(ctx, state, seat, power)
            ):
                return power_refusal_reason(ctx, state, seat, power)
    return "that power cannot be used now (cost, once per turn, timing, requirement or target) (001 · Other Card Effects)"


def window_where(window: Window) -> str:
    """The window, in a refusal's words."""
    return f"the {window.kind.value} window"


__all__ = [
    "attempt_refusal",
    "discard_refusal",
    "gain_refusal",
    "journey_refusal",
    "play_refusal",
    "power_refusal",
    "table_refusal",
    "window_where",
]
