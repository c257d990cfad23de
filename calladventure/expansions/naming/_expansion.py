"""The Name of the Wind (002) as an expansion: how Naming plugs into the rules.

In play when the option ``naming`` is on, or (``auto``) when a card of the game's sets shows a
Name icon, or when a Destiny has "reveal this Destiny" abilities. It adds the ``name`` action
after a failed challenge (002 · Naming), its cast, the paths gained by a learned Name
(002 · FAQs: Gaining a Name path), the reveal abilities (002 · FAQs: Reveal this Destiny) and
the Name tokens' points (3 each, after the story icon sets: 002 · Naming).

"Reveal this Destiny" abilities (002 · FAQs: Reveal this Destiny): a Destiny tagged
``reveal_once`` has one-time abilities usable at any time while it is face down; using one turns
the Destiny face up, which marks it used (:func:`with_reveal_powers`, :func:`reveal_destiny`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar

from ...rules._context import Context
from ...rules._expansion import Expansion, ScoreExtras, Shortcut
from ...rules._front_hooks import Choices, FacadeAction, FacadeQuery, HeroWords, PictureLine, ScenarioStep
from ...rules._kinds import ActionKind
from ...rules._odds import Odds
from ...rules._table import log_event, set_player
from ...values._cards import Card, CardSet, Path
from ...values._effects import Power, Trigger
from ...values._events import Log
from ...values._icons import Icon
from ...values._options import RulesOption
from ...values._runes import Rune
from ...values._score import ScoreLine
from ...values._state import AwaitCast, Config, GameState, Player
from . import _attempt as attempt
from ._icons import ICONS, NAME_ICONS
from ._names import (
    KEY,
    NAME_TOKEN_POINTS,
    REVEAL_TAG,
    AttemptName,
    learned_name_on,
    name_of,
    name_words,
    names_of,
    title,
    with_names,
)
from ._options import NAMING, OPTIONS, NamingRule


def with_reveal_powers(
    ctx: Context, player: Player, found: Iterable[tuple[Card, int, Power]]
) -> Iterator[tuple[Card, int, Power]]:
    """The hero's powers plus a hidden ``reveal_once`` Destiny's abilities, usable until it is face up."""
    destiny = player.destiny
    card = ctx.db[destiny] if destiny is not None else None
    if card is None or REVEAL_TAG not in card.tags:
        yield from found
        return
    for item in found:
        if not (item[0] is card and item[2].trigger is Trigger.ACTIVATED):
            yield item
    if not player.destiny_revealed:
        for i, power in enumerate(card.powers):
            if power.trigger is Trigger.ACTIVATED:
                yield card, i, power


def reveal_destiny(ctx: Context, state: GameState, seat: int, card: Card, log: Log) -> GameState:
    """Using a ``reveal_once`` Destiny's ability turns it face up for the rest of the game."""
    player = state.players[seat]
    if card.id != player.destiny or REVEAL_TAG not in card.tags or player.destiny_revealed:
        return state
    state = set_player(state, seat, destiny_revealed=True)
    log_event(
        log, state, "002/faqs-reveal-this-destiny", f"reveals {card.name} to use its one-time ability", seat
    )
    return state


def _attempt_name(name: str | Icon) -> AttemptName:
    return AttemptName(name_of(name))


def _name_odds(ctx: Context, state: GameState, seat: int, name: str | Icon) -> Odds:
    return attempt.name_odds(ctx, state, seat, name_of(name))


#: The Names a scenario file may give (002 · Naming).
NAME_CHOICES = Choices(tuple(i.value for i in NAME_ICONS), "a Name", "002 · Naming")

#: Its helpers on the ``Game`` facade (002 · Naming).
FACADE: dict[str, FacadeAction | FacadeQuery] = {
    "attempt_name": FacadeAction(
        _attempt_name,
        'Attempt a Name ("wind", "fire", "iron") after failing a challenge; with ``faces``, cast them too (002 · Naming).',
        casts=True,
    ),
    "name_odds": FacadeQuery(
        _name_odds,
        'Exact odds of a Name attempt ("wind", "fire", "iron") by ``seat`` (default: the seat to move) now (002 · Naming).',
    ),
}


class Naming(Expansion):
    """The Naming rule of The Name of the Wind (002 · Naming)."""

    id: ClassVar[str] = KEY
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = (attempt.NAME,)
    state_types: ClassVar[dict[str, Any]] = {KEY: tuple[Icon, ...]}
    options: ClassVar[tuple[RulesOption[Any], ...]] = OPTIONS
    icons = ICONS
    facade = FACADE
    #: 002 · Naming: the Names a hero has learned, by a position, a score card or a scenario file.
    hero_words = (HeroWords("names", "learned", "Names learned", with_names, name_words, NAME_CHOICES),)
    #: 002 · Naming: a scenario step's ``name = "wind"`` attempts a Name.
    scenario_steps: ClassVar[dict[str, ScenarioStep]] = {"name": ScenarioStep("attempt_name", NAME_CHOICES)}

    def in_play(self, config: Config, sets: Sequence[CardSet]) -> bool:
        cards = [c for s in sets for c in s.cards]
        reveals = any(REVEAL_TAG in c.tags for c in cards)
        if config.rules.option(NAMING) is NamingRule.ON:
            return True
        names = any(i in NAME_ICONS for c in cards for p in c.paths for i in p.icons)
        return reveals or (names and config.rules.option(NAMING) is NamingRule.AUTO)

    def powers(
        self, ctx: Context, player: Player, found: Iterable[tuple[Card, int, Power]]
    ) -> Iterator[tuple[Card, int, Power]]:
        return with_reveal_powers(ctx, player, found)

    def power_used(self, ctx: Context, state: GameState, seat: int, card: Card, log: Log) -> GameState:
        return reveal_destiny(ctx, state, seat, card, log)

    def shortcut(self, ctx: Context, state: GameState, seat: int, path: Path) -> Shortcut | None:
        known = learned_name_on(state, seat, path)
        if known is None:
            return None
        return Shortcut(
            "002/faqs-gaining-a-name-path",
            f"knows {title(known)}: gains {{card}} ({{side}}) without casting",
            "by a learned Name",
            "this hero knows the Name on that path: it is gained without casting, so no Dark runes (002 · Naming)",
        )

    def cast_pool(self, ctx: Context, state: GameState, cast: AwaitCast) -> tuple[Rune, ...]:
        return attempt.name_pool(ctx)

    def resolve_cast(
        self,
        ctx: Context,
        state: GameState,
        cast: AwaitCast,
        pool: Sequence[Rune],
        faces: Sequence[int],
        log: Log,
    ) -> GameState:
        return attempt.resolve(ctx, state, cast, pool, faces, log)

    def position_problems(self, ctx: Context, state: GameState) -> Iterable[tuple[str, str]]:
        """002 · Naming: a hero learns each of the three Names at most once; a Name cast is for a Name."""
        for i, item in enumerate(state.pending):
            if (
                isinstance(item, AwaitCast)
                and item.source == KEY
                and item.detail not in {n.value for n in NAME_ICONS}
            ):
                yield f"pending[{i}].detail", f"{item.detail!r:.40} is not a Name: wind, fire or iron"
        for p in state.players:
            names = names_of(p)
            wrong = [n for n in names if n not in NAME_ICONS]
            if wrong or len(set(names)) != len(names):
                yield (
                    f"players[{p.seat}].ext.{KEY}",
                    f"each Name is learned once, among {[n.value for n in NAME_ICONS]}; "
                    f"not {[getattr(n, 'value', n) for n in names]}",
                )

    def score_lines(self, ctx: Context, state: GameState, seat: int) -> ScoreExtras:
        names = names_of(state.players[seat])
        if not names:
            return ScoreExtras()
        tokens = ", ".join(n.value for n in names)  # 002 · Naming: each Name token is worth 3 at the end
        # "worth 3 at end of game": Destiny points that are neither Triumph nor Tragedy (000 · Rules Overview)
        line = ScoreLine(f"Name tokens ({tokens})", 0, 0, "002/naming", other=NAME_TOKEN_POINTS * len(names))
        return ScoreExtras(after_sets=(line,))

    def pending_odds(self, ctx: Context, state: GameState) -> Odds | None:
        """The Name cast waiting to happen (002 · Naming)."""
        return attempt.pending_odds(ctx, state)

    def hero_lines(self, ctx: Context, state: GameState, seat: int) -> Iterable[PictureLine]:
        """The Names the hero learned, each a Name token in front of it (002 · Naming)."""
        names = names_of(state.players[seat])
        if not names:
            return ()
        learned = ", ".join(n.value.title() for n in names)
        note = f"Name tokens: {NAME_TOKEN_POINTS} points each"
        return (PictureLine("Names learned", learned, names, note, "002/naming"),)


__all__ = ["Naming", "reveal_destiny", "with_reveal_powers"]
