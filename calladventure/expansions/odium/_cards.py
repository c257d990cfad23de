"""Which cards a co-op or solo game uses: its Adversaries, their quests and decks, the Destinies left out.

``000 · Facing Odium: Solo and Co-op Play``: Odium and one Adversary Quest beside the table,
his deck of Antihero cards (``000 · Odium's Deck``). ``000 · FAQs: Competitive, Co-op and Solo
play`` and ``000 · Glossary: Solo``: some Destinies are left out by mode. ``INDEX · Core solo /
co-op``: the core game's Adversary is a story Adversary with its own quest, Rise of the
Adversary, a skull deck and an Experience goal (open question 11: option ``adversary_goal``).
Card sets mark these cards with tags (``adversary``, ``quest``, ``for:<id>``, ``solo``,
``first``, ``rise``, ``odium``, ``skull``, ``not_solo``, ``not_competitive``).
"""

from __future__ import annotations

from ...rules._context import Context
from ...values._cards import Card, CardType
from ...values._members import CARD_TYPE_QUEST
from ...values._state import Config, Mode
from ._options import ADVERSARY_GOAL, ODIUM_TOKENS, OdiumTokens

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

#: The Triumph a hero gains for defeating Odium, with one Radiant icon (000 · Winning the Solo or Co-op Game).
ODIUM_TRIUMPH = 9


def is_coop(config: Config) -> bool:
    """A co-op or solo game, played against an Adversary (000 · Facing Odium: Solo and Co-op Play)."""
    return config.mode is not Mode.COMPETITIVE


def short_id(card_id: str) -> str:
    """A card id without its set: ``"stormlight/odium"`` → ``"odium"``."""
    return card_id.rsplit("/", 1)[-1]


def is_odium_style(card: Card) -> bool:
    """Odium and his like: a co-op Adversary card set beside the table (a ``quest`` card tagged ``adversary``)."""
    return card.type is CARD_TYPE_QUEST and "adversary" in card.tags


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
    return ctx.config.rules.option(ADVERSARY_GOAL) * ctx.config.players


def start_tokens(ctx: Context, adversary: Card) -> int:
    """Odium's starting tokens (open question 2: option ``odium_tokens``); the core Adversary starts with none."""
    if not is_odium_style(adversary):
        return 0
    per = 5 if ctx.config.rules.option(ODIUM_TOKENS) is OdiumTokens.FIVE_PER_PLAYER else 2
    return per * ctx.config.players


__all__ = [
    "ODIUM_DECK_NAMES",
    "ODIUM_TRIUMPH",
    "SKULL_DECK_NAMES",
    "adversaries",
    "deck_cards",
    "goal",
    "is_coop",
    "is_odium_style",
    "quests_for",
    "short_id",
    "start_tokens",
]
