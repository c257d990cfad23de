"""The static side of a game: its cards, runes, track and expansions, derived from its :class:`Config`.

Nothing here changes during a game, so it is not part of the state. A :class:`Library` (the
card sets it knows beyond the bundled ones, and the expansions it offers) builds, and caches,
the :class:`Context` of each configuration; the expansions in play are those whose
:meth:`~calladventure.rules._expansion.Expansion.in_play` accepts the configuration.

The package's default library (``calladventure.game._library``) offers the bundled boxes; a
caller that wants its own card sets kept apart (a scenario, a position, a loaded save) derives a
library from it (:meth:`Library.derive`) instead of registering sets process-wide; card sets,
rune sets and tracks named by id are looked up in the bundled data and the folders the library
was given (``sources``), never as paths.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from ..data._cards import bundled_set, bundled_sets, load_card_set
from ..data._runes import load_runes_by_id, load_track_by_id
from ..data._saves import set_digest
from ..data._sources import DataSources
from ..values._actions import CORE_ACTIONS, Notation
from ..values._cards import Card, CardDB, CardSet, name_key
from ..values._effects import Target, Timing
from ..values._errors import AmbiguousCardError, CardDataError, LibraryError, UnknownCardError
from ..values._icons import STORY_ICONS, Icon
from ..values._runes import Rune, RuneSet
from ..values._state import Config, evolve
from ..values._track import Track
from ._expansion import Expansion
from ._kinds import KindTable

#: How many entries a context's memo holds before it is emptied (a cache of values, never state).
MEMO_BOUND = 50_000
#: How many entries one of the memo's tables (:meth:`Context.table`) holds before it is emptied.
TABLE_BOUND = 256

_V = TypeVar("_V")


@attrs.frozen(eq=False)
class Context:
    """Cards by id, the rune set, the Corruption track and the expansions in play of one configuration.

    ``memo`` is a cache of derived immutable values (legal-action tuples, counts), shared by
    every game of this configuration; it never holds state. ``kinds``: the action and decision
    kinds of the core and of the boxes in play (:mod:`.kinds`). ``with_powers``: the cards with
    powers; ``helpers``: by timing, those with a power another hero's turn may use (it helps "that
    hero" or "any hero"); ``any_time``: the Hero and Antihero cards with no printed timing.
    """

    config: Config
    db: CardDB
    runes: RuneSet
    track: Track
    sets: tuple[CardSet, ...]
    kinds: KindTable
    with_powers: frozenset[str] = frozenset()
    helpers: Mapping[Timing, frozenset[str]] = attrs.Factory(dict)
    any_time: frozenset[str] = frozenset()
    rune_by_id: dict[str, Rune] = attrs.Factory(dict)
    expansions: tuple[Expansion, ...] = ()
    notation: Notation = attrs.Factory(Notation)
    story_icons: tuple[Icon, ...] = STORY_ICONS
    library: Library | None = None
    memo: dict[Any, Any] = attrs.Factory(dict)

    def card(self, card_id: str) -> Card:
        return self.db[card_id]

    def expansion(self, expansion_id: str) -> Expansion | None:
        """The expansion in play with this id, or None."""
        for ext in self.expansions:
            if ext.id == expansion_id:
                return ext
        return None

    def remember(self, key: Any, value: _V) -> _V:
        """Keep ``value`` in the memo under ``key`` and return it; a full memo is emptied first (bounded)."""
        memo = self.memo
        if len(memo) >= MEMO_BOUND:
            memo.clear()
        memo[key] = value
        return value

    def table(self, name: str) -> dict[Any, Any]:
        """The memo's table ``name``: a cache of the values one rule derives, kept apart in the memo.

        A rule keeps there what it works out for values that come and go with the games (a Story,
        a hand), so only the recent ones stay: write to it with :meth:`keep`, which empties a
        full table first (at most :data:`TABLE_BOUND` entries).
        """
        found: dict[Any, Any] | None = self.memo.get(name)
        if found is None:
            found = self.remember(name, {})
        return found

    @staticmethod
    def keep(table: dict[Any, Any], key: Any, value: _V) -> _V:
        """Keep ``value`` under ``key`` in a :meth:`table` and return it; a full table is emptied first (bounded)."""
        if len(table) >= TABLE_BOUND:
            table.clear()
        table[key] = value
        return value

    def boxes_override(self, hook: str) -> bool:
        """Whether a box in play overrides the :class:`Expansion` hook ``hook`` (worked out once per set of boxes).

        Lets a rule skip asking the boxes when none of them changes what it asks about. The memo
        is shared by configurations with other boxes in play, so the answer is kept per set of boxes.
        """
        key = ("boxes-override", hook, self.expansions)
        found: bool | None = self.memo.get(key)
        if found is None:
            default = getattr(Expansion, hook)
            found = self.remember(
                key, any(getattr(type(ext), hook) is not default for ext in self.expansions)
            )
        return found

    def resolve(self, text: str, *, among: Iterable[str] | None = None, where: str = "where asked") -> Card:
        """The one card that ``text`` names: an id, or a name (case and spacing aside), optionally among some ids.

        The only place that turns text into a card: the fluent helpers, the notation's card
        words, co-op positions, positions and scenario files all ask it. ``among`` says where
        to look (the cards on the table, a hand, a deck), in its order; ``where`` says it in
        words for the errors ("on the table"). Copies of one card (ids ``…#2``) are one card:
        the first of them (where asked) is taken.

        Raises :class:`UnknownCardError` for a name no card has (suggesting the closest names)
        or a card that is not where asked ("Wild Boar Hunt is not on the table"), and
        :class:`AmbiguousCardError` for a name several different cards share, listing them.
        """
        pool = None if among is None else {cid: i for i, cid in enumerate(dict.fromkeys(among))}
        db = self.db
        word = text.strip()
        found = [db[word]] if word in db else db.named(word)
        if not found:
            close = _closest(self, word, pool)
            raise UnknownCardError(
                f"no card named {word!r} in sets {list(self.config.sets)}{_did_you_mean(word, close)}",
                text=word,
                suggestions=close,
            )
        if pool is not None:
            here = sorted((c for c in found if c.id in pool), key=lambda c: pool[c.id])
            if not here:
                close = _closest(self, word, pool, only_pool=True)
                raise UnknownCardError(
                    f"{found[0].name} is not {where}{_did_you_mean(word, close)}",
                    text=word,
                    suggestions=close,
                    elsewhere=[c.id for c in found],
                )
            found = here
        if len({_copy_of(c.id) for c in found}) > 1:
            named = ", ".join(f"{c.name} ({c.id})" for c in found)
            place = "" if pool is None else f" {where}"
            raise AmbiguousCardError(
                f"{word!r} names {len(found)} different cards{place}: {named}; give the id",
                text=word,
                candidates=[(c.name, c.id) for c in found],
            )
        return found[0]

    def refers_to(self, text: str, card_id: str) -> bool:
        """Whether ``text`` names the card ``card_id`` as :meth:`resolve` reads it: its id, or its name (case and spacing aside)."""
        word = text.strip()
        return word == card_id or name_key(word) == name_key(self.db[card_id].name)


def _copy_of(card_id: str) -> str:
    """The id the copies of one card share (``core/brave#2`` → ``core/brave``)."""
    return card_id.partition("#")[0]


def _closest(
    ctx: Context, word: str, pool: Mapping[str, int] | None, *, only_pool: bool = False
) -> list[str]:
    """The names closest to ``word``: of the cards where asked first, then (unless ``only_pool``) of every card."""
    places: list[Iterable[str]] = [] if pool is None else [pool]
    if pool is None or not only_pool:
        places.append(ctx.db)
    key = name_key(word)
    for ids in places:
        names = {name_key(ctx.db[cid].name): ctx.db[cid].name for cid in ids if cid in ctx.db}
        names.pop(key, None)  # the name asked for is no suggestion
        close = difflib.get_close_matches(key, sorted(names), n=3, cutoff=0.6)
        if close:
            return [names[k] for k in close]
    return []


def _did_you_mean(word: str, close: Sequence[str]) -> str:
    return f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else ""


def _helps_others(card: Card, timing: Timing) -> bool:
    """Whether a card has an activated power of this timing usable on another hero's turn ("that hero", "any hero")."""
    return timing is not Timing.MAIN and any(
        p.window is timing and p.target in (Target.ATTEMPTING_HERO, Target.ANY_HERO)
        for p in (*card.powers, *(q for path in card.paths for q in path.powers))
    )


class Library:
    """The card sets and expansions a program can play with, and the contexts it has built.

    ``sets``: card sets by id beyond the bundled ones (a bundled id cannot be replaced);
    ``expansions``: every box it offers (which ones are in play depends on each game's
    configuration); ``parent``: a library whose sets this one also knows; ``sources``: the
    folders (beside the bundled data) where card sets, rune sets and tracks named by id in a
    configuration are looked up (:class:`~calladventure.data.DataSources`: ids, never paths).
    """

    def __init__(
        self,
        expansions: Sequence[Expansion] = (),
        sets: Iterable[CardSet] = (),
        *,
        parent: Library | None = None,
        sources: DataSources | None = None,
    ) -> None:
        self.parent = parent
        self.expansions: tuple[Expansion, ...] = (
            tuple(expansions) if expansions else parent.expansions if parent else ()
        )
        self.sources: DataSources = sources or (parent.sources if parent else DataSources())
        ids = [e.id for e in self.expansions]
        if len(set(ids)) != len(ids):
            raise LibraryError(f"two expansions share an id: {ids}")
        self._sets: dict[str, CardSet] = {}
        self._found: dict[str, CardSet] = {}
        self._digests: dict[str, tuple[CardSet, str]] = {}
        self._contexts: dict[Config, Context] = {}
        self._static: dict[tuple[tuple[str, ...], str, str], dict[str, Any]] = {}
        self._in_play: dict[Config, tuple[Expansion, ...]] = {}
        self._kinds: dict[tuple[Expansion, ...], KindTable] = {}
        for card_set in sets:
            self.register(card_set)

    # ----------------------------------------------------------------- card sets

    def register(self, card_set: CardSet) -> None:
        """Make a card set usable by id in this library's configurations (replacing one of the same id)."""
        if not isinstance(card_set, CardSet):
            raise LibraryError(f"register takes a CardSet, not {type(card_set).__name__}")
        if card_set.id in bundled_sets():
            raise LibraryError(f"{card_set.id!r} is a bundled card set: give your set another id")
        self._sets[card_set.id] = card_set
        self._contexts.clear()
        self._static.clear()
        self._in_play.clear()

    def derive(
        self,
        sets: Iterable[CardSet] = (),
        expansions: Sequence[Expansion] = (),
        *,
        sources: DataSources | None = None,
    ) -> Library:
        """A library that knows this one's sets plus ``sets`` (and ``expansions`` / ``sources`` instead, if given).

        What the derived library registers stays in it: the parent never sees it.
        """
        return Library(expansions or self.expansions, sets, parent=self, sources=sources or self.sources)

    def own_sets(self) -> tuple[str, ...]:
        """The ids of the sets registered in this library itself (not its parent's, not bundled)."""
        return tuple(self._sets)

    def has_set(self, set_id: str) -> bool:
        """Whether :meth:`get_set` finds ``set_id``."""
        try:
            self.get_set(set_id)
        except (LibraryError, CardDataError):
            return False
        return True

    def known_sets(self) -> list[str]:
        """Every card-set id this library offers: registered, its parent's, bundled and in its sources' folders."""
        ids = set(self._sets) | set(self.sources.known("set"))
        if self.parent is not None:
            ids |= set(self.parent.known_sets())
        return sorted(ids)

    def get_set(self, set_id: str) -> CardSet:
        """A card set by id: this library's, its parent's, a bundled one, or one in its sources' folders."""
        if not isinstance(set_id, str):
            raise LibraryError(f"a card set id is a string, not {set_id!r:.60}")
        if set_id in self._sets:
            return self._sets[set_id]
        if self.parent is not None:
            try:
                return self.parent.get_set(set_id)
            except LibraryError:
                pass
        elif set_id in bundled_sets():
            return bundled_set(set_id)
        if set_id not in self._found:
            try:
                folder = self.sources.set_folder(set_id)
            except CardDataError:
                raise LibraryError(
                    f"no card set {set_id!r}; known: {', '.join(self.known_sets()) or 'none'}"
                ) from None
            self._found[set_id] = load_card_set(folder, sources=self.sources)
        return self._found[set_id]

    def set_digest(self, set_id: str) -> str:
        """The content hash of card set ``set_id`` (its cards and metadata), as saves record it."""
        if self.parent is not None and set_id not in self._sets and set_id not in self._found:
            try:
                return self.parent.set_digest(set_id)  # the parent's set: hashed (and cached) there
            except LibraryError:
                pass
        card_set = self.get_set(set_id)
        cached = self._digests.get(set_id)
        if cached is None or cached[0] is not card_set:
            cached = self._digests[set_id] = (card_set, set_digest(card_set))
        return cached[1]

    # ----------------------------------------------------------------- contexts

    def context(self, config: Config) -> Context:
        """The (cached) context of a configuration."""
        ctx = self._contexts.get(config)
        if ctx is None:
            if len(self._contexts) > 256:
                self._contexts.clear()
            ctx = self._contexts[config] = self._build(config)
        return ctx

    def _shared(self, config: Config) -> dict[str, Any]:
        """What every configuration with these card sets, runes and track shares (built once)."""
        key = (config.sets, config.runes, config.track)
        part = self._static.get(key)
        if part is None:
            sets = tuple(self.get_set(s) for s in config.sets)
            db = CardDB(c for s in sets for c in s.cards)
            runes = load_runes_by_id(config.runes, self.sources)
            # 000 · Story Icons: the core's, the offered boxes' (in the order declared), then the sets' own
            icons = [*STORY_ICONS, *(i for box in self.expansions for i in box.icons if i.is_story)]
            for s in sets:
                icons.extend(i for i in s.story_icons if i not in icons)
            part = self._static[key] = {
                "db": db,
                "runes": runes,
                "track": load_track_by_id(config.track, self.sources),
                "sets": sets,
                "with_powers": frozenset(
                    c.id for c in db.values() if c.powers or any(p.powers for p in c.paths)
                ),
                "helpers": {t: frozenset(c.id for c in db.values() if _helps_others(c, t)) for t in Timing},
                "any_time": frozenset(
                    c.id for c in db.values() if c.play is not None and c.play.timing is Timing.ANY_TIME
                ),
                "rune_by_id": {r.id: r for r in runes.all_runes()},
                "notation": self.notation(),
                "story_icons": tuple(icons),
                "memo": {},
            }
        return part

    def _build(self, config: Config) -> Context:
        part = self._shared(config)
        # Which boxes are in play does not depend on the seed or the heroes' names: asked once.
        key = evolve(config, seed=0, names=())
        in_play = self._in_play.get(key)
        if in_play is None:
            if len(self._in_play) > 256:
                self._in_play.clear()
            in_play = self._in_play[key] = tuple(
                e for e in self.expansions if e.in_play(config, part["sets"])
            )
        kinds = self._kinds.get(in_play)
        if kinds is None:
            # at call time: the kinds' declarations import the rules that import this module
            from ._legal import kind_table

            kinds = self._kinds[in_play] = kind_table(in_play, self.expansions)
        return Context(config=config, expansions=in_play, library=self, kinds=kinds, **part)

    def notation(self) -> Notation:
        """The notation of every action this library's boxes can add (a box not in play still reads its own)."""
        return Notation((*CORE_ACTIONS, *(k.action for e in self.expansions for k in e.action_kinds)))

    def state_types(self) -> dict[str, Any]:
        """What each offered expansion keeps in ``ext`` values, by key (for saves)."""
        out: dict[str, Any] = {}
        for ext in self.expansions:
            out.update(ext.state_types)
        return out


__all__ = ["MEMO_BOUND", "Context", "Library"]
