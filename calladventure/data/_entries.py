"""One ``[[cards]]`` table of a card file: its fields, the range of every number, and the format's rules.

:class:`CardEntry` is the table as written; :data:`CARD_RULES` bounds every number and string
of it (and of the effect atoms it uses, each as its declaration says: ``values.atoms.atom``), and :func:`entry_problems` checks what types
alone cannot: a challenge has two paths, only Destinies score, a hook is registered and given
the parameters it declares (``docs/cards.md``). :func:`entry_cards` turns a valid entry into
its cards (``set/id``, then ``#2``, ``#3`` … for copies).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

from ..values import _effects as fx
from ..values._atoms import ATOM_BOUNDS
from ..values._cards import Card, CardType, Path
from ..values._errors import CardDataError, DataProblem, HookError
from ..values._hooks import hook_spec
from ..values._icons import ABILITIES, Icon
from ..values._sections import SECTIONS
from ._limits import MAX_COPIES
from ._problems import shown
from ._structure import ID, PROSE, Bounds, Rule, rule_problems, strict_converter


@attrs.frozen
class CardEntry:
    """One ``[[cards]]`` table as written in a file (before ids are made global)."""

    id: str
    name: str
    type: CardType
    source: str
    named_in: str | None = None
    act: int | None = None
    text: str = ""
    difficulty: int | None = None
    abilities: tuple[Icon, ...] = ()
    paths: tuple[Path, ...] = ()
    requires: fx.Requirement | None = None
    cost_xp: int = 0
    powers: tuple[fx.Power, ...] = ()
    play: fx.Play | None = None
    scoring: tuple[fx.ScoreRule, ...] = ()
    start_virtue: int = 0
    first_game_remove: bool = False
    tags: tuple[str, ...] = ()
    copies: int = 1
    # A character card's own icons and points are written at the top level for convenience.
    icons: tuple[Icon, ...] = ()
    triumph: int = 0
    tragedy: int = 0


POINTS = Bounds(0, 20)
"""Triumph or Tragedy printed on a card or path."""
LEVELS = Bounds(0, 10)
"""Levels above or below the track's starting level."""
SCORE = Bounds(1, 20)
"""The points of a scoring rule."""
ICON_COUNT = Bounds(1, 20)
"""How many of an icon a requirement or scoring rule asks for."""


class WithAtomBounds(Mapping[tuple[type, str], Rule]):
    """``rules``, and the range of every registered effect atom's numbers (``values.atoms.atom``'s ``bounds``).

    Read when asked, so an atom a box registers after this table is made is bounded too.
    """

    def __init__(self, rules: Mapping[tuple[type, str], Rule]) -> None:
        self._rules = dict(rules)
        self._atoms: dict[tuple[int, int], Bounds] = {}

    def get(self, key: tuple[type, str], default: Rule | None = None) -> Rule | None:  # type: ignore[override]
        rule = self._rules.get(key)
        if rule is not None:
            return rule
        bounds = ATOM_BOUNDS.get(key)
        if bounds is None:
            return default
        rule = self._atoms.get(bounds)
        if rule is None:
            rule = self._atoms[bounds] = Bounds(*bounds)
        return rule

    def __getitem__(self, key: tuple[type, str]) -> Rule:
        rule = self.get(key)
        if rule is None:
            raise KeyError(key)
        return rule

    def __contains__(self, key: object) -> bool:
        return key in self._rules or key in ATOM_BOUNDS

    def __iter__(self) -> Iterator[tuple[type, str]]:
        yield from self._rules
        yield from (key for key in list(ATOM_BOUNDS) if key not in self._rules)

    def __len__(self) -> int:
        return len(self._rules) + sum(1 for key in ATOM_BOUNDS if key not in self._rules)


_CARD_RULES: dict[tuple[type, str], Rule] = {
    (CardEntry, "id"): ID,
    (CardEntry, "text"): PROSE,
    (CardEntry, "act"): Bounds(1, 3),
    (CardEntry, "difficulty"): Bounds(0, 30),
    (CardEntry, "cost_xp"): Bounds(0, 10),
    (CardEntry, "start_virtue"): Bounds(-2, 2),
    (CardEntry, "copies"): Bounds(1, MAX_COPIES),
    (CardEntry, "triumph"): POINTS,
    (CardEntry, "tragedy"): POINTS,
    (Path, "triumph"): POINTS,
    (Path, "tragedy"): POINTS,
    (Path, "xp"): Bounds(0, 10),
    (fx.Requirement, "icons"): ICON_COUNT,
    (fx.Requirement, "virtue_at_least"): LEVELS,
    (fx.Requirement, "corruption_at_least"): LEVELS,
    (fx.Power, "cost_xp"): Bounds(0, 10),
    (fx.Power, "text"): PROSE,
    (fx.Play, "text"): PROSE,
    (fx.When, "acts"): Bounds(1, 3),
    (fx.PerIcon, "points"): SCORE,
    (fx.PerIcon, "cap"): Bounds(1, 50),
    (fx.IconsAtLeast, "icons"): ICON_COUNT,
    (fx.IconsAtLeast, "points"): SCORE,
    (fx.TrackPosition, "points"): SCORE,
    (fx.TrackPosition, "virtue_at_least"): LEVELS,
    (fx.TrackPosition, "corruption_at_least"): LEVELS,
    (fx.PerCard, "points"): SCORE,
    (fx.Compare, "points"): SCORE,
}
#: The rule of every number (and every id and long text) of a card and its effects (an atom's: as it declares).
CARD_RULES: Mapping[tuple[type, str], Rule] = WithAtomBounds(_CARD_RULES)

CARD_CONVERTER = strict_converter(CARD_RULES)
"""The strict converter of card files."""


# ----------------------------------------------------------------------------- the format's rules


def _source_problem(field: str, value: str | None) -> tuple[str, str] | None:
    if value is None or value == "original" or value in SECTIONS:
        return None
    return field, (
        f"{shown(value)} is neither 'original' nor a rule section id (e.g. '000/allies'); "
        "see calladventure.SECTIONS"
    )


def _effects(entry: CardEntry) -> list[tuple[str, fx.Effect]]:
    out: list[tuple[str, fx.Effect]] = []
    for i, p in enumerate(entry.powers):
        out += [(f"powers[{i}].effects[{j}]", e) for j, e in enumerate(p.effects)]
    for k, path in enumerate(entry.paths):
        for i, p in enumerate(path.powers):
            out += [(f"paths[{k}].powers[{i}].effects[{j}]", e) for j, e in enumerate(p.effects)]
    if entry.play:
        out += [(f"play.effects[{j}]", e) for j, e in enumerate(entry.play.effects)]
    return out


def hook_problems(field: str, effect: fx.Hook) -> list[tuple[str, str]]:
    """A hook effect's problems: its name is registered and its params are what it declares."""
    try:
        spec = hook_spec(effect.name)
    except HookError as exc:
        return [(field, str(exc))]
    return [
        (f"{field}.params.{key}" if key else f"{field}.params", problem)
        for key, problem in spec.problems(effect.params)
    ]


def _format_problems(entry: CardEntry) -> Iterator[tuple[str, str]]:
    """The card format's rules (docs/cards.md), in the order a reader checks them."""
    t = entry.type
    if not entry.name.strip():
        yield "name", f"a card needs a name, not {entry.name!r}"
    for item in (_source_problem("source", entry.source), _source_problem("named_in", entry.named_in)):
        if item:
            yield item
    if t.is_story and entry.act not in (1, 2, 3):
        yield "act", f"a {t.value} card needs act = 1, 2 or 3"
    if t is CardType.CHALLENGE:
        if entry.difficulty is None or entry.difficulty < 0:
            yield "difficulty", "a challenge needs a difficulty ≥ 0"
        if len(entry.paths) != 2:
            yield "paths", f"a challenge has two paths (top and bottom), not {len(entry.paths)}"
        if not 1 <= len(entry.abilities) <= 2:
            yield "abilities", "a challenge lists one or two relevant abilities (000 · Attempt a Challenge)"
    if t is CardType.ADVERSARY:
        if entry.difficulty is None:
            yield "difficulty", "an adversary needs a difficulty"
        if len(entry.paths) != 1:
            yield "paths", "an adversary has one path (000 · Glossary: Adversary)"
    if t in (CardType.TRAIT, CardType.ALLY) and len(entry.paths) != 1:
        yield "paths", f"a {t.value} has exactly one path (000 · Gain a Trait)"
    if t not in (CardType.CHALLENGE, CardType.ADVERSARY, CardType.QUEST) and entry.difficulty is not None:
        yield "difficulty", f"a {t.value} has no difficulty"
    if t is CardType.QUEST and len(entry.paths) > 1:
        yield "paths", "a quest card (an Adversary Quest or a co-op Adversary) has at most one path"
    if t is CardType.QUEST and entry.act is not None:
        yield "act", "a quest card is set beside the table, never in an Act deck"
    for ab in entry.abilities:
        if ab not in ABILITIES:
            yield "abilities", f"{ab.value!r} is not an ability (one of {[a.value for a in ABILITIES]})"
    if len(set(entry.abilities)) != len(entry.abilities):
        yield "abilities", "an ability is listed twice"
    if t.is_hand and entry.play is None:
        yield "play", f"a {t.value} card needs a [cards.play] table (timing, effects)"
    if not t.is_hand and entry.play is not None:
        yield "play", "only Hero and Antihero cards have a play table"
    if entry.scoring and t is not CardType.DESTINY:
        yield "scoring", "only Destiny cards have scoring rules"
    for i, rule in enumerate(entry.scoring):
        if isinstance(rule, fx.PerCard) and rule.cards not in fx.PER_CARD_KINDS:
            yield f"scoring[{i}].cards", f"must be one of {list(fx.PER_CARD_KINDS)}"
    if t.is_character and entry.paths:
        yield "paths", "a Character card has no paths: write its icons, triumph and powers at the top level"
    if not t.is_character and (entry.icons or entry.triumph or entry.tragedy):
        yield "icons", "only Character cards write icons/triumph/tragedy at the top level; use a path"
    if entry.start_virtue and t is not CardType.MOTIVATION:
        yield "start_virtue", "only a Motivation may change the starting Corruption level"
    for field, eff in _effects(entry):
        if isinstance(eff, fx.Hook):
            yield from hook_problems(field, eff)


def entry_problems(file: str, entry: CardEntry) -> list[DataProblem]:
    """Every problem of a structured entry: its numbers' ranges, ids and texts, and the format's rules."""
    found = rule_problems(entry, CARD_RULES) + list(_format_problems(entry))
    return [DataProblem(file, entry.id, field, problem) for field, problem in found]


def validate_entry(file: str, entry: CardEntry) -> None:
    """Raise one CardDataError listing every problem of ``entry`` (see :func:`entry_problems`)."""
    problems = entry_problems(file, entry)
    if problems:
        raise CardDataError.of(problems)


def entry_cards(set_id: str, file: str, entry: CardEntry) -> list[Card]:
    """The cards of one validated entry: its global id ``set/id``, and ``#2``, ``#3`` … for copies."""
    if not 1 <= entry.copies <= MAX_COPIES:
        raise CardDataError(
            file, entry.id, "copies", f"must be at least 1 and at most {MAX_COPIES} (MAX_COPIES)"
        )
    paths = entry.paths
    if entry.type.is_character:
        paths = (Path(label=entry.name, icons=entry.icons, triumph=entry.triumph, tragedy=entry.tragedy),)
    base = Card(
        id=f"{set_id}/{entry.id}",
        name=entry.name,
        type=entry.type,
        set=set_id,
        source=entry.source,
        act=entry.act,
        text=entry.text,
        difficulty=entry.difficulty,
        abilities=entry.abilities,
        paths=paths,
        requires=entry.requires,
        cost_xp=entry.cost_xp,
        powers=entry.powers,
        play=entry.play,
        scoring=entry.scoring,
        start_virtue=entry.start_virtue,
        first_game_remove=entry.first_game_remove,
        tags=entry.tags + ((f"named_in:{entry.named_in}",) if entry.named_in else ()),
    )
    out = [base]
    for copy in range(2, entry.copies + 1):
        out.append(attrs.evolve(base, id=f"{base.id}#{copy}"))
    return out


__all__ = [
    "CARD_CONVERTER",
    "CARD_RULES",
    "ICON_COUNT",
    "LEVELS",
    "POINTS",
    "SCORE",
    "CardEntry",
    "WithAtomBounds",
    "entry_cards",
    "entry_problems",
    "hook_problems",
    "validate_entry",
]
