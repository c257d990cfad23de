"""The game a scenario starts from: its inline card set, its exact position, or a newly dealt game.

Every scenario plays in its own library (:func:`scenario_library`): the caller's (the
package's default one if none is given) plus the scenario's inline ``[[cards]]``, with the
card sets, rune sets and tracks it names looked up in the bundled data and the folders the
caller passed (``sources``). Nothing a scenario file says is registered process-wide, so two
scenarios in one process never see each other's cards. :func:`position_of` turns ``[[heroes]]``, ``[[rows]]``, ``[decks]`` and ``[turn]`` into a
:class:`~calladventure.play.position.Position`; :func:`start_state` builds it (with learned
Names and a co-op or solo Adversary, by the boxes' hooks); :func:`start_game` is the :class:`~calladventure.Game`
the steps are played on. A position the rules refuse is a :class:`~.schema.ScenarioError`.
"""

from __future__ import annotations

import attrs

from ...game import Game
from ...game._library import DEFAULT
from ...rules import Library
from ...rules._front_hooks import hero_words
from ...values._cards import Card, CardSet
from ...values._errors import CallAdventureError
from ...values._state import GameState, evolve
from ..position import Position
from ._convert import scenario_cards
from ._reading import rules_of, seat
from ._results import reason_of
from ._schema import ScenarioData, ScenarioError

__all__ = [
    "inline_cards",
    "position_of",
    "register_cards",
    "scenario_library",
    "start_game",
    "start_state",
]


def register_cards(scn: ScenarioData) -> tuple[str, ...]:
    """The game's card-set ids: ``[game] sets``, plus the inline ``[[cards]]``' set (in the scenario's own library)."""
    g = scn.game
    sets = tuple(g.sets) if g.sets is not None else ()
    if not scn.cards:
        return sets or ("core",)
    set_id = g.card_set or "scenario"
    if set_id in sets:
        return sets
    return (*sets, set_id)


def scenario_library(scn: ScenarioData, library: Library | None = None) -> Library:
    """The scenario's own library: ``library`` (or the default one) with the scenario's sources and inline cards."""
    base = library or scn.library or DEFAULT
    if scn.sources is not None:
        base = base.derive(sources=scn.sources)
    if not scn.cards:
        return base
    set_id = scn.game.card_set or "scenario"
    made = CardSet(id=set_id, name=scn.title or set_id, cards=tuple(inline_cards(scn, set_id)))
    try:
        return base.derive([made])
    except CallAdventureError as exc:
        raise ScenarioError(scn.file, "[game]", "card_set", reason_of(exc)) from None


def inline_cards(scn: ScenarioData, set_id: str) -> list[Card]:
    """The cards of the inline ``[[cards]]`` tables (card-file format; ``id`` and ``source`` may be left out).

    Read as strictly as a card file (:func:`calladventure.data.cards_from_tables`): every problem
    of every entry at once, each naming the entry and the field.
    """
    return scenario_cards(list(scn.cards), set_id, scn.file)


def position_of(scn: ScenarioData, library: Library | None = None) -> Position:
    """The :class:`~calladventure.play.position.Position` of the file's heroes, rows, decks and turn."""
    g = scn.game
    sets = register_cards(scn)
    pos = Position(
        library=library or scenario_library(scn),
        players=g.players,
        seed=g.seed,
        sets=sets,
        rules=rules_of(scn),
        runes=g.runes,
        track=g.track,
        names=g.names,
    )
    for i, hero in enumerate(scn.heroes):
        at = seat(scn, hero.player, f"[[heroes]] entry {i + 1}", "player") if hero.player else i
        pos = pos.hero(
            at,
            origin=hero.origin,
            motivation=hero.motivation,
            destiny=hero.destiny,
            destiny_revealed=hero.destiny_revealed,
            story=[[(c.card, c.path) for c in under] for under in hero.story],
            allies=[(a.card, a.sacrificed) for a in hero.allies],
            hand=hero.hand,
            played=hero.played,
            xp=hero.xp,
            virtue=hero.virtue,
            corruption=hero.corruption,
            level=hero.level,
        )
    for row in scn.rows:
        cards = None
        if row.cards is not None:
            cards = [
                None if s.card is None else (s.card if s.ally is None else (s.card, s.ally))
                for s in row.cards
            ]
        pos = pos.row(row.act, cards, revealed=row.revealed, top=row.top, discard=row.discard)
    d = scn.decks
    pos = pos.hero_deck(d.hero, d.hero_discard).antihero_deck(d.antihero, d.antihero_discard)
    if scn.turn is not None:
        t = scn.turn
        pos = pos.turn(seat(scn, t.player, "[turn]", "player"), t.number)
        if t.final_turns is not None:
            closed = seat(scn, t.closed_by, "[turn]", "closed_by") if t.closed_by else pos.seat
            pos = pos.ending(closed, [seat(scn, r, "[turn]", "final_turns") for r in t.final_turns])
    return pos


def start_state(scn: ScenarioData, library: Library | None = None) -> GameState:
    """The state the steps start from (a built position; a co-op one with ``[game] mode``).

    What the boxes keep is set up by their hooks (``Expansion.hero_words``: 002 · Naming, the
    heroes' learned Names; ``Expansion.position_tables``: the boxes' tables, such as the co-op
    and solo Adversary of Stormlight's rulebook, 000 · Facing Odium).
    """
    lib = library or scenario_library(scn)
    try:
        state = _boxes_start(scn, lib, position_of(scn, lib).build())
        if scn.game.rng is not None:
            state = evolve(state, rng=scn.game.rng)
    except ScenarioError:
        raise
    except CallAdventureError as exc:
        raise ScenarioError(scn.file, "the position", None, reason_of(exc)) from None
    return state


def _boxes_start(scn: ScenarioData, lib: Library, state: GameState) -> GameState:
    """The built position with what the boxes keep, as the file says it: heroes' words, then the boxes' tables."""
    for i, hero in enumerate(scn.heroes):
        at = seat(scn, hero.player, "", "player") if hero.player and hero.boxes else i
        for key, given in hero.boxes.items():
            players = list(state.players)
            for words in hero_words(lib.expansions, key):
                players[at] = words.give(players[at], [w.casefold() for w in given])
            state = evolve(state, players=tuple(players))
    game = scn.game.box_entries()
    for box in lib.expansions:
        for table in box.position_tables:
            entry = scn.boxes.get(table.name)
            entries = attrs.asdict(entry, recurse=False) if entry is not None else {}
            where = f"[{table.name}]"

            def seat_of(ref: str, field: str, where: str = where) -> int:
                return seat(scn, ref, where, field)

            state = table.start(lib, state, game, entries, seat_of)
    return state


def start_game(scn: ScenarioData, *, record_events: bool = True) -> Game:
    """The game the steps are played on: the exact position, or a newly dealt game (``new = true``).

    000 · Setting Up the Game: a new game is dealt by the rules from ``[game]``.
    """
    g = scn.game
    lib = scenario_library(scn)
    if not g.new:
        return Game.from_state(start_state(scn, lib), record_events=record_events, library=lib)
    try:
        return Game.new(
            players=g.players,
            seed=g.seed,
            sets=register_cards(scn),
            names=g.names,
            rules=rules_of(scn),
            runes=g.runes,
            track=g.track,
            record_events=record_events,
            mode=g.mode,
            quest=g.quest,
            adversary=g.adversary,
            library=lib,
        )
    except CallAdventureError as exc:
        raise ScenarioError(scn.file, "[game]", None, reason_of(exc)) from None
