"""Why the active hero may not gain, attempt, journey or discard: the main phase's checks, written once.

Each refusal returns None when the action is allowed, or a sentence citing the rule that
forbids it; they are the ``refusal`` of the main phase's action kinds (:mod:`.main_phase`).
The checks that do not depend on the card (a journey's turn, the free discard's turn) and the
rows a journey reaches (option ``journey_scope``) are functions of their own, which the kinds'
candidates ask too, so listing and refusing read one rule.
"""

from __future__ import annotations

from ..values._actions import AttemptChallenge, FreeDiscard, Journey
from ..values._cards import Card, CardType
from ..values._members import CARD_TYPE_TRAIT, JOURNEY_SCOPE_CURRENT_ACT
from ..values._state import GameState
from ._attempts import dark_runes_allowed, shortcut
from ._context import Context
from ._story import meets
from ._table import find_on_table


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

    ``listed``: the card comes from a row the hero may take from (revealed, not of a completed Act)
    in a turn that has gained nothing yet, so the table, Act and one-a-turn checks already hold.
    """
    if not listed:
        why = table_refusal(ctx, state, card.id) or _story_refusal(ctx, state, seat, card)
        if why:
            return why
    turn = state.turn
    if card.type is not CARD_TYPE_TRAIT:
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


def journey_act(ctx: Context, state: GameState, seat: int) -> int:
    """The Act whose cards a journey or the free discard may discard; 0: any revealed row's.

    000 · Glossary: Journey; option ``journey_scope``: with ``current_act``, only the hero's current Act.
    """
    return (
        min(state.players[seat].act, 3) if ctx.config.rules.journey_scope is JOURNEY_SCOPE_CURRENT_ACT else 0
    )


def journey_turn_refusal(state: GameState, seat: int) -> str | None:
    """Whether the turn still allows a journey, whatever the card (000 · Journey)."""
    turn = state.turn
    if turn.journeyed:
        return "journey at most once a turn (000 · Journey)"
    if turn.attempted or turn.gained:
        return "journey comes before gaining a trait or facing a challenge (000 · Journey)"
    if state.players[seat].xp < 1:
        return "a journey costs one Experience (000 · Journey)"
    return None


def journey_refusal(
    ctx: Context, state: GameState, seat: int, action: Journey, *, on_table: bool = False
) -> str | None:
    """A journey (000 · Journey; 000 · Glossary: Journey; option ``journey_scope``)."""
    why = (None if on_table else table_refusal(ctx, state, action.card)) or journey_turn_refusal(state, seat)
    if why:
        return why
    current = journey_act(ctx, state, seat)
    card = ctx.db[action.card]
    if current and card.act != current:
        return (
            f"with journey_scope = current_act a journey discards a card of the hero's current Act "
            f"(Act {current}), not of Act {card.act} (000 · Glossary: Journey)"
        )
    return None


def discard_turn_refusal(state: GameState, has_option: bool) -> str | None:
    """Whether the turn allows the free discard, whatever the card (001 · Attempt a Challenge).

    ``has_option``: the hero may gain a trait or attempt a challenge now (a valid option).
    """
    turn = state.turn
    if turn.attempted or turn.gained or turn.free_discard or has_option:
        return "the free discard is only for a turn with no valid option (001 · Attempt a Challenge)"
    return None


def discard_refusal(
    ctx: Context,
    state: GameState,
    seat: int,
    action: FreeDiscard,
    has_option: bool,
    *,
    on_table: bool = False,
) -> str | None:
    """The free discard of a turn with no valid option (001 · Attempt a Challenge)."""
    why = (None if on_table else table_refusal(ctx, state, action.card)) or discard_turn_refusal(
        state, has_option
    )
    if why:
        return why
    current = journey_act(ctx, state, seat)
    if current and ctx.db[action.card].act != current:
        return "with journey_scope = current_act only the hero's current Act may be discarded (000 · Glossary: Journey)"
    return None


__all__ = [
    "attempt_refusal",
    "discard_refusal",
    "discard_turn_refusal",
    "gain_refusal",
    "journey_act",
    "journey_refusal",
    "journey_turn_refusal",
    "table_refusal",
]
