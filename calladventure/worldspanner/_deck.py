"""Challenge cards and challenge decks (``003 · Challenges``, ``003 · Reading the Challenge card``).

A challenge card prints one face (Amaze, Pass, Squeak, Fail or Fopp) for each difference
from −6 to +6 between the hero's rating and the opposing rating. A deck is a list of such
cards. The real deck's size and faces are not public (``INDEX`` open question 12), so the
composition is data: ``cards/worldspanner/default-deck.toml`` ships a documented default,
and :func:`load_deck` reads any other file in the same format (``docs/worldspanner.md``).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path

import attrs

from ..data import ID, PROSE, Bounds, Problems, Rule, read_toml, strict_converter
from ..data._limits import MAX_CARDS_PER_FILE, MAX_COPIES
from ..values._reprs import Drawable
from ._errors import DeckError, DifferenceError
from ._toml import entry_name, source_problem, structure_into, worldspanner_data

DECK_FORMAT = "calladventure.worldspanner._deck/1"

MAX_DIFFERENCE = 6
"""``003 · Reading the Challenge card``: the difference cannot be greater than 6 or less than −6."""

DIFFERENCES: tuple[int, ...] = tuple(range(-MAX_DIFFERENCE, MAX_DIFFERENCE + 1))
"""The thirteen differences a challenge card gives a face for, −6 … +6, in the order cards list them."""


class ChallengeFace(StrEnum):
    """The five results printed on a challenge card, best first (``003 · Reading the Challenge card``)."""

    AMAZE = "amaze"
    PASS = "pass"
    SQUEAK = "squeak"
    FAIL = "fail"
    FOPP = "fopp"

    @property
    def rank(self) -> int:
        """4 for Amaze down to 0 for Fopp: a higher rank is a better result."""
        return len(FACES) - 1 - FACES.index(self)

    @property
    def succeeded(self) -> bool:
        """Amaze and Pass succeed; the others are the common results (``003 · Common Adventure Results``)."""
        return self in (ChallengeFace.AMAZE, ChallengeFace.PASS)

    @property
    def mirror(self) -> ChallengeFace:
        """The face at the same distance from Squeak on the other side: Amaze ↔ Fopp, Pass ↔ Fail."""
        return FACES[len(FACES) - 1 - FACES.index(self)]

    @property
    def label(self) -> str:
        """The face's printed name: ``"Amaze"``, ``"Pass"``, ``"Squeak"``, ``"Fail"``, ``"Fopp"``."""
        return self.value.capitalize()


FACES: tuple[ChallengeFace, ...] = tuple(ChallengeFace)
"""The faces from best (Amaze) to worst (Fopp)."""


def clamp_difference(hero_rating: int, opposing_rating: int) -> int:
    """Hero minus opposing rating, held within −6 … +6 (``003 · Reading the Challenge card``)."""
    return max(-MAX_DIFFERENCE, min(MAX_DIFFERENCE, hero_rating - opposing_rating))


def difference_label(difference: int) -> str:
    """``"Better By 2"``, ``"Worse By 3"`` or ``"Even"`` (``003 · Reading the Challenge card``)."""
    if difference > 0:
        return f"Better By {difference}"
    if difference < 0:
        return f"Worse By {-difference}"
    return "Even"


def _check_difference(difference: int) -> None:
    if isinstance(difference, bool) or not isinstance(difference, int) or abs(difference) > MAX_DIFFERENCE:
        raise DifferenceError(
            f"{difference!r} is not a difference a card shows (−6 … +6); "
            "use clamp_difference(hero, opposing) "
            "(003 · Reading the Challenge card)"
        )


@attrs.frozen
class ChallengeCard(Drawable):
    """One challenge card: a face for each difference −6 … +6, and optionally a Dome range.

    ``faces[0]`` is the face at −6 and ``faces[12]`` the face at +6 (``003 · Reading the
    Challenge card``). ``dome`` lists the Dome numbers printed on the card, used by the full
    game to place dismissed heroes (``INDEX · Worldspanner Factions (003)``); it is data only.
    """

    id: str
    faces: tuple[ChallengeFace, ...]
    dome: tuple[int, ...] | None = None

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise DeckError(None, "id", "a challenge card needs a non-empty id")
        if len(self.faces) != len(DIFFERENCES):
            raise DeckError(
                self.id,
                "faces",
                f"a card gives a face for each of the {len(DIFFERENCES)} differences −6 … +6, "
                f"not {len(self.faces)}",
            )
        for i, face in enumerate(self.faces):
            if not isinstance(face, ChallengeFace):
                raise DeckError(self.id, f"faces[{i}]", f"{face!r} is not a ChallengeFace")
        if self.dome is not None:
            if not self.dome:
                raise DeckError(self.id, "dome", "a Dome range lists at least one Dome (or leave it out)")
            for i, dome in enumerate(self.dome):
                if isinstance(dome, bool) or not isinstance(dome, int) or dome < 1:
                    raise DeckError(
                        self.id, f"dome[{i}]", f"a Dome number is a whole number ≥ 1, not {dome!r}"
                    )
            if len(set(self.dome)) != len(self.dome):
                raise DeckError(self.id, "dome", f"Dome numbers repeat in {list(self.dome)}")

    @classmethod
    def from_names(
        cls, card_id: str, names: Sequence[str], dome: Sequence[int] | None = None
    ) -> ChallengeCard:
        """A card from face names (``"pass"``, ``"Fopp"`` …) listed from −6 to +6."""
        faces = []
        for i, name in enumerate(names):
            try:
                faces.append(ChallengeFace(str(name).lower()))
            except ValueError:
                known = ", ".join(f.value for f in FACES)
                raise DeckError(card_id, f"faces[{i}]", f"{name!r} is not a face (one of {known})") from None
        return cls(card_id, tuple(faces), None if dome is None else tuple(dome))

    def face(self, difference: int) -> ChallengeFace:
        """The face printed next to ``difference`` (−6 … +6) (``003 · Reading the Challenge card``)."""
        _check_difference(difference)
        return self.faces[difference + MAX_DIFFERENCE]

    def read(self, hero_rating: int, opposing_rating: int) -> ChallengeFace:
        """The face for two ratings: their difference, clamped to −6 … +6, read off this card."""
        return self.face(clamp_difference(hero_rating, opposing_rating))

    @property
    def is_monotone(self) -> bool:
        """True if a better difference never gives a worse face on this card."""
        return all(a.rank <= b.rank for a, b in zip(self.faces, self.faces[1:], strict=False))

    def __str__(self) -> str:
        return self.id


@attrs.frozen
class ChallengeDeck(Drawable):
    """The composition of a challenge deck: every physical card, copies repeated (``003 · Challenges``).

    Each team has a deck of its own; this value is what both are made of. Cards with the same
    id are copies and must be identical.
    """

    id: str
    name: str
    cards: tuple[ChallengeCard, ...]
    source: str = "original"
    notes: str = ""

    def __attrs_post_init__(self) -> None:
        if not self.cards:
            raise DeckError(None, "cards", f"deck {self.id!r} has no cards")
        seen: dict[str, ChallengeCard] = {}
        for card in self.cards:
            if not isinstance(card, ChallengeCard):
                raise DeckError(None, "cards", f"{card!r} is not a ChallengeCard")
            first = seen.setdefault(card.id, card)
            if first != card:
                raise DeckError(card.id, "id", "two different cards share this id (copies must be identical)")

    @classmethod
    def of(
        cls, cards: Iterable[tuple[ChallengeCard, int]], deck_id: str = "custom", name: str = ""
    ) -> ChallengeDeck:
        """A deck from ``(card, copies)`` pairs."""
        physical: list[ChallengeCard] = []
        for card, copies in cards:
            if copies < 1:
                raise DeckError(card.id, "copies", f"a card is in the deck at least once, not {copies} times")
            physical.extend([card] * copies)
        return cls(deck_id, name or deck_id, tuple(physical))

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<ChallengeDeck {self.id!r}: {len(self.cards)} cards, {len(self.kinds())} kinds>"

    def kinds(self) -> tuple[tuple[ChallengeCard, int], ...]:
        """Each distinct card once, with its number of copies, in first-seen order."""
        counts = Counter(c.id for c in self.cards)
        firsts = {c.id: c for c in reversed(self.cards)}
        return tuple((firsts[i], n) for i, n in counts.items())

    def card(self, card_id: str) -> ChallengeCard:
        """The card with this id; a DeckError if there is none."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise DeckError(card_id, None, f"deck {self.id!r} has no such card")

    def counts(self, difference: int) -> dict[ChallengeFace, int]:
        """How many cards of the deck show each face at ``difference`` (every face, zeros included)."""
        return face_counts(self.cards, difference)

    @property
    def is_monotone(self) -> bool:
        """True if every card is monotone: a better difference never gives a worse face."""
        return all(c.is_monotone for c, _ in self.kinds())

    @property
    def is_symmetric(self) -> bool:
        """True if the odds at +d mirror those at −d (Amaze ↔ Fopp, Pass ↔ Fail, Squeak ↔ Squeak)."""
        return all(self.counts(d)[f] == self.counts(-d)[f.mirror] for d in DIFFERENCES for f in FACES)


def face_counts(cards: Iterable[ChallengeCard], difference: int) -> dict[ChallengeFace, int]:
    """How many of ``cards`` show each face at ``difference`` (every face, zeros included)."""
    _check_difference(difference)
    counts = dict.fromkeys(FACES, 0)
    for card in cards:
        counts[card.face(difference)] += 1
    return counts


# ----------------------------------------------------------------------------- the deck file


@attrs.frozen
class _CardEntry:
    id: str
    faces: tuple[str, ...]
    copies: int = 1
    dome: tuple[int, ...] | None = None


@attrs.frozen
class _DeckHeader:
    format: str
    id: str
    name: str = ""
    source: str = "original"
    notes: str = ""


MAX_DOME = 99
"""The highest Dome number a deck file may print on a card (a project bound; the real ranges are unknown)."""

DECK_RULES: dict[tuple[type, str], Rule] = {
    (_DeckHeader, "id"): ID,
    (_DeckHeader, "notes"): PROSE,
    (_CardEntry, "id"): ID,
    (_CardEntry, "copies"): Bounds(1, MAX_COPIES),
}
"""The rule of every id, text and number of a deck file (Dome numbers: 1 … :data:`MAX_DOME`)."""

_CONVERTER = strict_converter(DECK_RULES)


def load_deck(path: Path | str) -> ChallengeDeck:
    """Load and validate a deck file; one CardDataError lists every problem (file, card and field)."""
    path = Path(path)
    file = str(path)
    problems = Problems()
    doc = read_toml(path)
    raw_cards = doc.pop("cards", None)
    header = structure_into(problems, file, None, doc, _DeckHeader, _CONVERTER)
    if header is not None:
        if header.format != DECK_FORMAT:
            problems.add(file, None, "format", f"expected {DECK_FORMAT!r}, not {header.format!r}")
        if source_problem(header.source):
            problems.add(file, None, "source", str(source_problem(header.source)))
    if not isinstance(raw_cards, list) or not raw_cards:
        problems.add(file, None, "cards", "a deck file lists its cards as [[cards]] tables (at least one)")
        raw_cards = []
    if len(raw_cards) > MAX_CARDS_PER_FILE:
        problems.add(
            file, None, "cards", f"{len(raw_cards)} cards; at most {MAX_CARDS_PER_FILE} (MAX_CARDS_PER_FILE)"
        )
        raw_cards = []
    kinds: list[tuple[ChallengeCard, int]] = []
    seen: set[str] = set()
    for position, raw in enumerate(raw_cards, start=1):
        name = entry_name(raw, position)
        entry = structure_into(problems, file, name, raw, _CardEntry, _CONVERTER)
        if entry is None:
            continue
        if entry.id in seen:
            problems.add(file, entry.id, "id", "another card of this file has the same id (use copies)")
            continue
        seen.add(entry.id)
        high = [i for i, dome in enumerate(entry.dome or ()) if dome > MAX_DOME]
        if high:
            problems.add(
                file, entry.id, f"dome[{high[0]}]", f"a Dome number is a whole number ≥ 1 and ≤ {MAX_DOME}"
            )
            continue
        try:
            card = ChallengeCard.from_names(entry.id, entry.faces, entry.dome)
        except DeckError as exc:
            problems.add(file, exc.card or entry.id, exc.field, exc.problem)
            continue
        kinds.append((card, entry.copies))
    problems.raise_if_any()
    assert header is not None
    physical = tuple(card for card, copies in kinds for _ in range(copies))
    return ChallengeDeck(header.id, header.name or header.id, physical, header.source, header.notes.strip())


@functools.cache
def default_deck() -> ChallengeDeck:
    """The bundled default deck (``cards/worldspanner/default-deck.toml``; see ``docs/worldspanner.md``)."""
    return load_deck(worldspanner_data("default-deck.toml"))


__all__ = [
    "DECK_FORMAT",
    "DECK_RULES",
    "DIFFERENCES",
    "FACES",
    "MAX_DIFFERENCE",
    "MAX_DOME",
    "ChallengeCard",
    "ChallengeDeck",
    "ChallengeFace",
    "clamp_difference",
    "default_deck",
    "difference_label",
    "face_counts",
    "load_deck",
]
