"""A live game's position as the tables of a scenario file: ``[game]``, ``[[heroes]]`` … and the boxes' tables.

Only a start-of-turn position (:func:`is_clean`) can be written exactly: nothing pending, no
attempt under way, only whole-game effects. Cards are written by name where the name is one
card's only, else by id (:func:`card_ref`); the cards of a set not bundled with the package are
written as ``[[cards]]`` tables of the card-file format (:func:`card_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...data import bundled_sets
from ...rules import Context
from ...rules._front_hooks import offered
from ...values._cards import Card, Side
from ...values._options import Rules
from ...values._state import Config, GameState, Mode, Phase, Player, Row, Turn
from ._convert import card_table_data
from ._schema import plain

__all__ = ["card_ref", "card_table", "config_table", "is_clean", "position_doc", "unbundled_sets"]


def is_clean(ctx: Context, state: GameState) -> bool:
    """A start-of-turn position that a scenario's sections can say exactly (the boxes' tables too)."""
    return (
        state.phase is Phase.PLAY
        and not state.pending
        and state.attempt is None
        and state.turn == Turn(seat=state.turn.seat, number=state.turn.number)
        and all(e.duration.value == "game" and not e.waiting for e in state.effects)
        and all(table.clean(state) for box in offered(ctx) for table in box.position_tables)
    )


def card_ref(ctx: Context, cid: str) -> str:
    """A card's name when it names one card only, else its id."""
    name = ctx.db[cid].name
    return name if len(ctx.db.named(name)) == 1 else cid


def unbundled_sets(sets: Sequence[str]) -> list[str]:
    """The card sets of ``sets`` that are not bundled with the package (written inline)."""
    bundled = set(bundled_sets())
    return [s for s in sets if s not in bundled]


def card_table(card: Card) -> dict[str, Any]:
    """A card as a ``[[cards]]`` table of the card-file format (defaults left out)."""
    raw = card_table_data(card)
    out: dict[str, Any] = {
        "id": card.id.rsplit("/", 1)[-1],
        "name": card.name,
        "type": card.type.value,
        "source": card.source,
    }
    tags = [t for t in card.tags if not t.startswith("named_in:")]
    named = [t.split(":", 1)[1] for t in card.tags if t.startswith("named_in:")]
    if named:
        out["named_in"] = named[0]
    for key in (
        "act",
        "text",
        "difficulty",
        "abilities",
        "requires",
        "cost_xp",
        "powers",
        "play",
        "scoring",
        "start_virtue",
        "first_game_remove",
    ):
        value = raw[key]
        if value not in (None, "", 0, False, [], ()):
            out[key] = _prune(value)
    if tags:
        out["tags"] = tags
    if card.type.is_character:
        path = card.paths[0]
        if path.icons:
            out["icons"] = [i.value for i in path.icons]
        if path.triumph:
            out["triumph"] = path.triumph
        if path.tragedy:
            out["tragedy"] = path.tragedy
    else:
        out["paths"] = [_prune(p) for p in raw["paths"]]
    return out


def _prune(value: Any) -> Any:
    """Drop empty and default-looking values from unstructured card data (the loader restores them)."""
    if isinstance(value, dict):
        return {k: _prune(v) for k, v in value.items() if v not in (None, "", [], (), {}) and v is not False}
    if isinstance(value, list | tuple):
        return [_prune(v) for v in value]
    return value


def config_table(
    cfg: Config, inline: str | None, *, ref: Callable[[str], str], keep_sets: bool = False
) -> dict[str, Any]:
    """The ``[game]`` table of a configuration: players, seed, sets, names, rules options, mode.

    ``ref`` writes a card (the quest, the adversary); ``keep_sets`` keeps ``sets`` even when the
    inline card set is the only one.
    """
    game: dict[str, Any] = {"players": cfg.players, "seed": cfg.seed}
    if list(cfg.sets) != ["core"]:
        game["sets"] = list(cfg.sets)
    if inline is not None:
        game["card_set"] = inline
        if not keep_sets and all(s == inline for s in cfg.sets):
            game.pop("sets", None)
    if cfg.names:
        game["names"] = list(cfg.names)
    default = Rules().by_name()
    rules = {name: plain(value) for name, value in cfg.rules.by_name().items() if value != default[name]}
    if rules:
        game["rules"] = rules
    if cfg.mode is not Mode.COMPETITIVE:
        game["mode"] = cfg.mode.value
        if cfg.adversary is not None:
            game["adversary"] = ref(cfg.adversary)
        if cfg.quest is not None:
            game["quest"] = ref(cfg.quest)
    return game


def position_doc(ctx: Context, state: GameState, inline: str | None) -> dict[str, Any]:
    """The sections of a scenario that rebuild a clean ``state`` exactly."""
    doc: dict[str, Any] = {
        "game": _game_table(ctx, state, inline),
        "heroes": [_hero_table(ctx, p) for p in state.players],
        "rows": [_row_table(ctx, row) for row in state.rows],
        "decks": _decks_table(ctx, state),
        "turn": _turn_table(state),
    }
    for box in offered(ctx):
        for table in box.position_tables:
            written = table.write(ctx, state, lambda cid: card_ref(ctx, cid))
            if written is not None:
                doc[table.name] = written
    return doc


def _refs(ctx: Context, ids: Iterable[str]) -> list[str]:
    return [card_ref(ctx, c) for c in ids]


def _game_table(ctx: Context, state: GameState, inline: str | None) -> dict[str, Any]:
    """``[game]``: the configuration, the rune set and track when not the first set's, and the RNG's state."""
    cfg = state.config
    game = config_table(cfg, inline, ref=lambda cid: card_ref(ctx, cid))
    first = ctx.sets[0]
    if cfg.runes != (first.runes or "core"):
        game["runes"] = cfg.runes
    if cfg.track != (first.track or "core"):
        game["track"] = cfg.track
    game["rng"] = state.rng
    return game


def _hero_table(ctx: Context, p: Player) -> dict[str, Any]:
    """A ``[[heroes]]`` table: Character cards, Story, Allies, hand, cards played, Experience, level, the boxes' words."""
    hero: dict[str, Any] = {}
    for kind in ("origin", "motivation", "destiny"):
        cid = getattr(p, kind)
        if cid is not None:
            hero[kind] = card_ref(ctx, cid)
    if p.destiny_revealed:
        hero["destiny_revealed"] = True
    story = [
        [
            card_ref(ctx, t.card) if t.side is Side.TOP else {"card": card_ref(ctx, t.card), "path": "bottom"}
            for t in under
        ]
        for under in p.story
    ]
    while story and not story[-1]:
        story.pop()
    if story:
        hero["story"] = story
    if p.allies:
        hero["allies"] = [
            card_ref(ctx, a.card) if not a.sacrificed else {"card": card_ref(ctx, a.card), "sacrificed": True}
            for a in p.allies
        ]
    if p.hand:
        hero["hand"] = _refs(ctx, p.hand)
    if p.played:
        hero["played"] = _refs(ctx, p.played)
    hero["xp"] = p.xp
    hero["level"] = p.level
    for words in (w for box in offered(ctx) for w in box.hero_words):
        if words.words(p):
            hero[words.entry] = list(words.words(p))
    return hero


def _row_table(ctx: Context, row: Row) -> dict[str, Any]:
    """A ``[[rows]]`` table: its slots (a challenge with its Ally, ``""`` for an empty one), its deck and discard."""
    cards: list[Any] = []
    for slot in row.slots:
        if slot is None:
            cards.append("")
        elif slot.ally is None:
            cards.append(card_ref(ctx, slot.card))
        else:
            cards.append({"card": card_ref(ctx, slot.card), "ally": card_ref(ctx, slot.ally)})
    entry: dict[str, Any] = {
        "act": row.act,
        "revealed": row.revealed,
        "cards": cards,
        "top": _refs(ctx, row.deck),
    }
    if row.discard:
        entry["discard"] = _refs(ctx, row.discard)
    return entry


def _decks_table(ctx: Context, state: GameState) -> dict[str, Any]:
    decks: dict[str, Any] = {"hero": _refs(ctx, state.hero_deck), "antihero": _refs(ctx, state.antihero_deck)}
    if state.hero_discard:
        decks["hero_discard"] = _refs(ctx, state.hero_discard)
    if state.antihero_discard:
        decks["antihero_discard"] = _refs(ctx, state.antihero_discard)
    return decks


def _turn_table(state: GameState) -> dict[str, Any]:
    """``[turn]``: the active seat and the turn's number; the final turns left once a hero has closed the game."""
    turn: dict[str, Any] = {"player": f"P{state.turn.seat + 1}", "number": state.turn.number}
    if state.final_turns is not None:
        turn["closed_by"] = f"P{(state.closed_by or 0) + 1}"
        turn["final_turns"] = [f"P{s + 1}" for s in state.final_turns]
    return turn
