"""A live game's position as the tables of a scenario file: ``[game]``, ``[[heroes]]`` … ``[odium]``.

Only a start-of-turn position (:func:`is_clean`) can be written exactly: nothing pending, no
attempt under way, only whole-game effects. Cards are written by name where the name is one
card's only, else by id (:func:`card_ref`); the cards of a set not bundled with the package are
written as ``[[cards]]`` tables of the card-file format (:func:`card_table`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ...data import bundled_sets
from ...expansions.naming import names_of
from ...expansions.odium import odium_of
from ...rules import Context
from ...values.cards import Card, Side
from ...values.options import Rules
from ...values.state import Config, GameState, Mode, Phase, Turn
from .convert import card_table_data
from .schema import plain

__all__ = ["card_ref", "card_table", "config_table", "is_clean", "position_doc", "unbundled_sets"]


def is_clean(state: GameState) -> bool:
    """A start-of-turn position that a scenario's sections can say exactly."""
    od = odium_of(state)
    return (
        state.phase is Phase.PLAY
        and not state.pending
        and state.attempt is None
        and state.turn == Turn(seat=state.turn.seat, number=state.turn.number)
        and all(e.duration.value == "game" and not e.waiting for e in state.effects)
        and (
            od is None
            or (not od.revealed and od.stage == "play" and not od.facing and not od.faced and not od.overrun)
        )
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
    rules = {
        f.name: plain(getattr(cfg.rules, f.name))
        for f in attrs.fields(Rules)
        if getattr(cfg.rules, f.name) != f.default
    }
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
    cfg = state.config
    game = config_table(cfg, inline, ref=lambda cid: card_ref(ctx, cid))
    first = ctx.sets[0]
    if cfg.runes != (first.runes or "core"):
        game["runes"] = cfg.runes
    if cfg.track != (first.track or "core"):
        game["track"] = cfg.track
    game["rng"] = state.rng
    doc: dict[str, Any] = {"game": game}

    def refs(ids: Iterable[str]) -> list[str]:
        return [card_ref(ctx, c) for c in ids]

    heroes = []
    for p in state.players:
        hero: dict[str, Any] = {}
        for kind in ("origin", "motivation", "destiny"):
            cid = getattr(p, kind)
            if cid is not None:
                hero[kind] = card_ref(ctx, cid)
        if p.destiny_revealed:
            hero["destiny_revealed"] = True
        story = [
            [
                card_ref(ctx, t.card)
                if t.side is Side.TOP
                else {"card": card_ref(ctx, t.card), "path": "bottom"}
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
                card_ref(ctx, a.card)
                if not a.sacrificed
                else {"card": card_ref(ctx, a.card), "sacrificed": True}
                for a in p.allies
            ]
        if p.hand:
            hero["hand"] = refs(p.hand)
        if p.played:
            hero["played"] = refs(p.played)
        hero["xp"] = p.xp
        hero["level"] = p.level
        if names_of(p):
            hero["learned"] = [n.value for n in names_of(p)]
        heroes.append(hero)
    doc["heroes"] = heroes
    rows = []
    for row in state.rows:
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
            "top": refs(row.deck),
        }
        if row.discard:
            entry["discard"] = refs(row.discard)
        rows.append(entry)
    doc["rows"] = rows
    decks: dict[str, Any] = {"hero": refs(state.hero_deck), "antihero": refs(state.antihero_deck)}
    if state.hero_discard:
        decks["hero_discard"] = refs(state.hero_discard)
    if state.antihero_discard:
        decks["antihero_discard"] = refs(state.antihero_discard)
    doc["decks"] = decks
    turn: dict[str, Any] = {"player": f"P{state.turn.seat + 1}", "number": state.turn.number}
    if state.final_turns is not None:
        turn["closed_by"] = f"P{(state.closed_by or 0) + 1}"
        turn["final_turns"] = [f"P{s + 1}" for s in state.final_turns]
    doc["turn"] = turn
    od = odium_of(state)
    if od is not None:
        odium: dict[str, Any] = {"tokens": od.tokens, "deck": refs(od.deck)}
        if od.discard:
            odium["discard"] = refs(od.discard)
        if od.loyalists:
            odium["loyalists"] = [f"P{s + 1}" for s in od.loyalists]
        if od.gained:
            odium["gained"] = od.gained
        if od.lost:
            odium["lost"] = od.lost
        doc["odium"] = odium
    return doc
