"""The declarative effect vocabulary that card files use.

A card's behaviour is a list of *powers* (``Power``); a power has a trigger (activated,
static, on fail, on success …), a cost, an optional requirement, and a list of effect
atoms (``Bonus``, ``Difficulty``, ``GainXP`` …). Hero and Antihero cards have a ``Play``
(timing, target, effects). Destiny cards have scoring rules (``scoring.py`` applies them).
Anything the vocabulary cannot say is a ``Hook``: the name of a Python function registered
with :func:`calladventure.hook` (data never names a module to import: docs/design.md,
"Process-wide state").

Each effect atom is declared once, by :func:`~calladventure.values._atoms.atom` on its class: its ``kind`` tag, the range of
each whole-number field and the box it belongs to. The tag tables, the ranges card files are
checked against and the save schema are read from that registry; a box's atoms are declared in
its own module, never here.

Rule sources: ``001 · Other Card Effects``, ``000 · Hero and Antihero Cards``,
``000 · FAQs: Card timing``, ``000 · Glossary: Difficulty`` (a "+1" to a hero is one
automatic success; "+1 difficulty" is one more success needed).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

import attrs

from ._atoms import EFFECT_KINDS, EFFECT_TAGS, Effect, atom
from ._icons import Icon
from ._pickling import compact_pickle
from ._runes import Draw


class Duration(StrEnum):
    """How long an effect lasts once it is in play (docs/design.md, "Effects with lifetimes")."""

    ATTEMPT = "attempt"  # the target's current attempt, or its next one this turn
    TURN = "turn"  # until end of turn (000 · Ending Your Turn)
    NEXT_TURN = "next_turn"  # the owner's next turn only; lost if unused (000 · FAQs: Lighteyes …)
    GAME = "game"  # until the end of the game


class Timing(StrEnum):
    """When a Hero/Antihero card or an activated power may be used (000 · FAQs: Card timing)."""

    MAIN = "main"  # on your own turn, outside an attempt
    BEFORE_ATTEMPT = "before_attempt"  # on any hero's turn, before runes are cast
    AS_ATTEMPT = "as_attempt"  # after the runes are cast, before the attempt resolves
    ANY_TIME = "any_time"  # no timing printed: any of the above


class Target(StrEnum):
    """Whom a played card (or a power) affects: the card's own words (000 · Hero and Antihero Cards).

    ``self`` is "you": the owner's hero; with a "before"/"as" timing it means the owner's own
    attempt ("play this before you attempt", 000 · FAQs: Card-draw result during a challenge).
    ``your_turn`` is "on your turn" / "your attempts this turn": the owner, on its own turn only.
    ``any_hero`` is any hero, the owner included (000 · Glossary: Hero). ``attempting_hero`` is
    "that hero": the hero whose attempt is under way, on any hero's turn.
    """

    SELF = "self"
    ANY_HERO = "any_hero"  # any hero, your own included (000 · Glossary: Hero)
    ATTEMPTING_HERO = "attempting_hero"  # the hero whose attempt is under way
    YOUR_TURN = "your_turn"  # "on your turn", "your attempts this turn": the owner, on its own turn


class Trigger(StrEnum):
    """What makes a power of a Character, Story or Ally card act."""

    STATIC = "static"  # always on while the card is in the Story (and its requirement holds)
    ACTIVATED = "activated"  # the owner chooses to use it, paying its cost
    ON_GAIN = "on_gain"  # once, when the card joins the Story
    ON_FAIL = "on_fail"  # when the owner fails a challenge
    ON_SUCCESS = "on_success"  # when the owner overcomes a challenge
    ON_TURN_START = "on_turn_start"  # at the start of the owner's turn
    ON_SACRIFICE = "on_sacrifice"  # when this Ally is sacrificed (000 · Glossary: Sacrifice)
    # Whenever-triggers, once per event; on an Adversary Quest they fire for every hero
    # (000 · FAQs: Whenever a hero gains Corruption; Whenever a Radiant icon is added).
    ON_CORRUPTION = "on_corruption"  # the owner gains one Corruption (once per level down the track)
    ON_VIRTUE = "on_virtue"  # the owner gains one Virtue (once per level up the track)
    ON_RADIANT_ADDED = "on_radiant_added"  # a gained path or Ally adds a Radiant icon to the Story


class PointsKind(StrEnum):
    TRIUMPH = "triumph"
    TRAGEDY = "tragedy"


@attrs.frozen
class When:
    """A filter on attempts: which challenges and paths an effect applies to.

    Empty means every attempt. ``abilities``: the challenge lists one of them;
    ``path_icons``: the declared path shows one of them (``000 · FAQs: Path-specific
    bonuses``); ``acts``: the card belongs to one of these acts.
    """

    abilities: tuple[Icon, ...] = ()
    path_icons: tuple[Icon, ...] = ()
    acts: tuple[int, ...] = ()

    @property
    def always(self) -> bool:
        return not (self.abilities or self.path_icons or self.acts)


# ----------------------------------------------------------------------------- the core's effect atoms

#: A bonus or a change of difficulty (negative: the other way).
SUCCESS_RANGE = (-10, 10)
#: Experience gained or lost.
XP_RANGE = (1, 10)
#: Steps up or down the Corruption track (000 · FAQs: More than three Corruption).
STEP_RANGE = (1, 4)
#: Cards drawn, free Dark runes, temporary icons.
COUNT_RANGE = (1, 5)


@atom("bonus", bounds={"amount": SUCCESS_RANGE})
@attrs.frozen
class Bonus(Effect):
    """+amount successes to the target's attempts that match ``when``."""

    amount: int
    when: When = When()


@atom("difficulty", bounds={"amount": SUCCESS_RANGE})
@attrs.frozen
class Difficulty(Effect):
    """+amount difficulty (or −amount) to the target's attempts that match ``when``."""

    amount: int
    when: When = When()


@atom("gain_xp", bounds={"amount": XP_RANGE})
@attrs.frozen
class GainXP(Effect):
    """The target gains Experience tokens."""

    amount: int = 1


@atom("lose_xp", bounds={"amount": XP_RANGE})
@attrs.frozen
class LoseXP(Effect):
    """The target loses Experience tokens (never below zero)."""

    amount: int = 1


@atom("draw", bounds={"count": COUNT_RANGE})
@attrs.frozen
class DrawCards(Effect):
    """The target draws Hero, Antihero, or (its choice) either cards."""

    deck: Draw
    count: int = 1


@atom("virtue", bounds={"amount": STEP_RANGE})
@attrs.frozen
class GainVirtue(Effect):
    """The target moves up the Corruption track (000 · Glossary: Corruption)."""

    amount: int = 1


@atom("corruption", bounds={"amount": STEP_RANGE})
@attrs.frozen
class GainCorruption(Effect):
    """The target moves down the Corruption track (000 · Glossary: Corruption)."""

    amount: int = 1


@atom("dark_runes", bounds={"count": COUNT_RANGE})
@attrs.frozen
class DarkRunes(Effect):
    """Free Dark runes added to the current attempt; ignored on a Radiant path (000 · Special Rules)."""

    count: int = 1


@atom("temp_icon", bounds={"count": COUNT_RANGE})
@attrs.frozen
class TempIcon(Effect):
    """Icons that count for thresholds and runes until end of turn, never for scoring (000 · Radiant Icons)."""

    icon: Icon
    count: int = 1


@atom("reattempt")
@attrs.frozen
class Reattempt(Effect):
    """Cast the runes again for the current attempt (000 · Glossary: Re-attempt)."""


@atom("cancel_corruption", bounds={"amount": STEP_RANGE})
@attrs.frozen
class CancelCorruption(Effect):
    """Cancel Corruption the target would gain this turn (002 · FAQs: Loyal Friends)."""

    amount: int = 1


@atom("sacrifice_ally")
@attrs.frozen
class SacrificeAlly(Effect):
    """The target must sacrifice one of its Allies, its choice of which (000 · Glossary: Sacrifice)."""


@atom("discard_card")
@attrs.frozen
class DiscardCard(Effect):
    """The target discards ``count`` Hero or Antihero cards from its hand, its choice of which."""

    count: int = 1


@atom("hook")
@attrs.frozen
class Hook(Effect):
    """A behaviour written in Python and registered by name (see :func:`calladventure.hook`)."""

    name: str
    params: dict[str, int | str] = attrs.Factory(dict)


# ----------------------------------------------------------------------------- requirements


@attrs.frozen
class Requirement:
    """A condition on a hero: icons in the Story, a position on the Corruption track, a failure.

    ``virtue_at_least`` / ``corruption_at_least`` count levels above / below the starting
    level of the track. ``after_failing``: only in a turn in which the hero failed a
    challenge (002 · FAQs: One Challenge or Trait per turn).
    """

    icons: dict[Icon, int] = attrs.Factory(dict)
    virtue_at_least: int | None = None
    corruption_at_least: int | None = None
    after_failing: bool = False

    @property
    def empty(self) -> bool:
        return not (
            self.icons
            or self.virtue_at_least is not None
            or self.corruption_at_least is not None
            or self.after_failing
        )


# ----------------------------------------------------------------------------- powers and plays


@attrs.frozen
class Power:
    """An ability printed on a Character, Story or Ally card (001 · Other Card Effects)."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    text: str = ""
    cost_xp: int = 0
    sacrifice: bool = False  # cost: sacrifice this Ally
    once_per_turn: bool = True
    window: Timing = Timing.MAIN  # when an activated power may be used
    duration: Duration = Duration.TURN  # how long its Bonus / Difficulty effects last
    requires: Requirement | None = None
    target: Target = Target.SELF  # whom its effects help: "you", or another hero (e.g. a teammate)


@attrs.frozen
class Play:
    """How a Hero or Antihero card is played: its timing, target, effects and their lifetime."""

    timing: Timing
    effects: tuple[Effect, ...]
    target: Target = Target.SELF
    duration: Duration = Duration.ATTEMPT
    text: str = ""


# ----------------------------------------------------------------------------- destiny scoring


@attrs.frozen
class PerIcon:
    """``points`` for each of these icons in the Story (at most ``cap`` icons count, if set)."""

    icons: tuple[Icon, ...]
    points: int = 1
    counts_as: PointsKind = PointsKind.TRIUMPH
    cap: int | None = None


@attrs.frozen
class IconsAtLeast:
    """``points`` once if the Story shows at least these icons."""

    icons: dict[Icon, int]
    points: int
    counts_as: PointsKind = PointsKind.TRIUMPH


@attrs.frozen
class TrackPosition:
    """``points`` if the hero ends at least this far up (virtue) or down (corruption) the track."""

    points: int
    virtue_at_least: int | None = None
    corruption_at_least: int | None = None
    counts_as: PointsKind = PointsKind.TRIUMPH


@attrs.frozen
class PerCard:
    """``points`` for each card of a kind: ``hero_played``, ``antihero_played``, ``ally``,
    ``trait``, ``challenge`` (challenges and adversaries) or ``adversary``.

    ``face_down``: with ``ally``, face-down (sacrificed) Allies count too: a card that refers to
    them (000 · Glossary: Sacrifice: "Mastermind and Truthwatcher may interact with face-down Allies").
    """

    cards: str
    points: int = 1
    counts_as: PointsKind = PointsKind.TRIUMPH
    face_down: bool = False


@attrs.frozen
class Compare:
    """``points`` if Tragedy exceeds Triumph (``more = "tragedy"``) or the reverse, before this card."""

    more: PointsKind
    points: int
    counts_as: PointsKind = PointsKind.TRIUMPH


ScoreRule: TypeAlias = PerIcon | IconsAtLeast | TrackPosition | PerCard | Compare

SCORE_KINDS: dict[str, type] = {
    "per_icon": PerIcon,
    "icons_at_least": IconsAtLeast,
    "track": TrackPosition,
    "per_card": PerCard,
    "compare": Compare,
}
SCORE_TAGS: dict[type, str] = {v: k for k, v in SCORE_KINDS.items()}
PER_CARD_KINDS = ("hero_played", "antihero_played", "ally", "trait", "challenge", "adversary")

# An effect's filter is part of a position, which pickles compactly (values/_pickling.py); each atom is
# made so as it registers (atom).
compact_pickle(When)

__all__ = [
    "COUNT_RANGE",
    "EFFECT_KINDS",
    "EFFECT_TAGS",
    "PER_CARD_KINDS",
    "SCORE_KINDS",
    "SCORE_TAGS",
    "STEP_RANGE",
    "SUCCESS_RANGE",
    "XP_RANGE",
    "Bonus",
    "CancelCorruption",
    "Compare",
    "DarkRunes",
    "Difficulty",
    "DiscardCard",
    "DrawCards",
    "Duration",
    "Effect",
    "GainCorruption",
    "GainVirtue",
    "GainXP",
    "Hook",
    "IconsAtLeast",
    "LoseXP",
    "PerCard",
    "PerIcon",
    "Play",
    "PointsKind",
    "Power",
    "Reattempt",
    "Requirement",
    "SacrificeAlly",
    "ScoreRule",
    "Target",
    "TempIcon",
    "Timing",
    "TrackPosition",
    "Trigger",
    "When",
]
