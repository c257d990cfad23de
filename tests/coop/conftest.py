"""Helpers for the co-op and solo tests: the rules kit of ``tests/rules``, and co-op positions.

The rules kit (inline card sets with exact numbers: ``trait``, ``challenge``, ``hero_card`` …)
is loaded from ``tests/rules/conftest.py`` under the name ``rules_kit``; this module adds
co-op helpers and is importable as ``coop_kit``.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from calladventure.data._cards import load_card_file
from calladventure.expansions.odium import coop_position
from calladventure.game import Game
from calladventure.game._library import DEFAULT, register_set
from calladventure.play.position import Position
from calladventure.values._cards import Card, CardSet

_HERE = Path(__file__).resolve().parent
_ROOT = _HERE.parents[1]
if "rules_kit" not in sys.modules:
    _spec = importlib.util.spec_from_file_location("rules_kit", _HERE.parent / "rules" / "conftest.py")
    assert _spec is not None and _spec.loader is not None
    _module = importlib.util.module_from_spec(_spec)
    sys.modules["rules_kit"] = _module
    _spec.loader.exec_module(_module)

import rules_kit  # noqa: E402

STORMLIGHT = _ROOT / "cards" / "stormlight"


def odium_cards(set_id: str) -> list[Card]:
    """Odium and the four Adversary Quests, read from the bundled files, for an inline set ``set_id``."""
    cards: list[Card] = []
    for name in ("odium.toml", "quests.toml"):
        cards.extend(load_card_file(STORMLIGHT / name, set_id))
    return cards


def inline_set(*cards: Card | Iterable[Card], with_odium: bool = True) -> CardSet:
    """A registered inline set of ``cards`` plus (by default) Odium and his quests."""
    flat: list[Card] = []
    for c in cards:
        flat.extend([c] if isinstance(c, Card) else c)
    made = rules_kit.make_set(flat)
    if with_odium:
        extra = odium_cards(made.id)
        made = CardSet(id=made.id, name=made.name, cards=made.cards + tuple(extra))
        register_set(made)
    return made


def coop_game(
    position: Position,
    *,
    mode: str = "coop",
    quest: str | None = None,
    adversary: str | None = None,
    tokens: int | None = None,
    deck: Sequence[str] | None = None,
    **kw: Any,
) -> Game:
    """A Game from a Position turned co-op (or solo): see :func:`calladventure.expansions.odium.coop_position`."""
    state = coop_position(
        position.build(), DEFAULT, mode=mode, quest=quest, adversary=adversary, tokens=tokens, deck=deck, **kw
    )
    return Game.from_state(state)


def table_cards() -> list[Card]:
    """A small Stormlight-like table with exact numbers (test fixtures, not printed cards).

    Squire shows Strength and Wisdom, Scribe Intelligence and Charisma; Windrunner is a Radiant
    Destiny that gives +1 with three Radiant icons; Bridge's top path is a Radiant path; Odium's
    deck is The Everstorm (+2 difficulty), Ravages of War (sacrifice an Ally) and Embrace the
    Thrill (a Dark rune).
    """
    from calladventure.expansions.odium import AdversaryTokens
    from calladventure.values._effects import (
        Bonus,
        DarkRunes,
        Difficulty,
        GainCorruption,
        GainVirtue,
        Reattempt,
        Requirement,
        SacrificeAlly,
        TempIcon,
    )
    from calladventure.values._icons import Icon

    k = rules_kit
    return [
        k.origin("Squire", "strength", "wisdom"),
        k.origin("Scribe", "intelligence", "charisma"),
        k.origin("Farmhand", "constitution", "dexterity"),
        k.motivation("Duty"),
        k.motivation("Calling"),
        k.motivation("Haunted", start_virtue=-1),
        k.destiny(
            "Windrunner",
            "radiant",
            powers=(k.power("static", Bonus(1), requires=Requirement(icons={Icon.RADIANT: 3})),),
        ),
        k.destiny("Plain Fate"),
        k.destiny("Quiet Fate"),
        k.trait("Oathbound", "radiant", "justice"),
        k.trait("Twice Sworn", "radiant", "radiant"),
        k.trait("Brave", "strength"),
        k.trait("Wise", "wisdom"),
        k.challenge(
            "Bridge",
            3,
            ["strength", "dexterity"],
            top=k.path("radiant", label="Hold"),
            bottom=k.path("villainy", label="Burn"),
        ),
        k.challenge("Wall", 2, ["strength", "constitution"]),
        k.challenge("Tower", 4, ["wisdom", "intelligence"]),
        k.challenge("Storm Gate", 5, ["strength", "wisdom"], act=3),
        k.ally("Spren", "radiant"),
        k.antihero_card(
            "The Everstorm", "as_attempt", Difficulty(2), target="attempting_hero", tags=("odium",)
        ),
        k.antihero_card("Ravages of War", "main", SacrificeAlly(), target="any_hero", tags=("odium",)),
        k.antihero_card(
            "Embrace the Thrill", "any_time", DarkRunes(1), target="attempting_hero", tags=("odium",)
        ),
        k.antihero_card("Grim Bargain", "before_attempt", DarkRunes(1), target="self"),
        k.hero_card("Take Shelter", "any_time", Bonus(2), target="any_hero"),
        k.hero_card("Stormlight", "any_time", TempIcon(Icon.RADIANT), target="self", duration="turn"),
        k.hero_card("Steady Hand", "before_attempt", Bonus(1), target="self"),
        k.hero_card("Vow", "main", GainVirtue(1), target="any_hero"),
        k.hero_card("Second Wind", "as_attempt", Reattempt(), target="self"),
        k.hero_card("Rally", "main", AdversaryTokens(-2), target="self"),
        k.antihero_card("Dark Whisper", "main", GainCorruption(1), target="any_hero"),
        *k.fillers(1, 6),
        *k.fillers(2, 6),
        *k.fillers(3, 6),
    ]


def table_position(players: int = 2, **kw: Any) -> Position:
    """A Position on :func:`table_cards` plus Odium and his quests, with the Stormlight runes."""
    return Position(players=players, sets=(inline_set(table_cards()),), runes="stormlight", **kw)


def events_text(game: Game) -> str:
    return "\n".join(str(e) for e in game.events)


sys.modules.setdefault("coop_kit", sys.modules[__name__])
