"""The leak fuzzer: pairs of states that differ only in what a seat cannot see must look the same to it.

``000 · Deal the Cards`` and ``000 · Prepare the Story Decks`` say what is secret; this module
says it again, independently of :mod:`calladventure.rules._view`, as a *scrambler*:
:func:`scramble` permutes every card a seat cannot see among the places it cannot see of the
same kind (other hands, face-down Destinies, other seats' unkept dealt cards and, until every
hero has kept, their kept Origins and Motivations, the decks, the face-down rows, the Character
cards out of the game, an Adversary's deck) and draws a new RNG state. :func:`fuzz` plays random games of every mode (:data:`MODES`) and, at random positions,
checks for each seat and for a spectator that

* the view of the state and of its scramble are equal, and so are the seat's legal actions
  and the pictures given to it (``pictures``: functions of (context, state, seat));
* the view, serialised, holds no id of a card the seat cannot see;
* the log and the history as the seat reads them name no such card.

Every failure is a :class:`Leak`; a test plants a leak and shows the fuzzer finding it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ..game import Game
from ..rules import Context, legal_actions
from ..rules._characters import characters_revealed
from ..rules._setup import playable_cards
from ..rules._view import View, to_data, view
from ..values._cards import CardType
from ..values._events import Event
from ..values._state import GameState, Player, Row, Slot, evolve

__all__ = ["MODES", "Leak", "ViewFn", "fuzz", "hidden_ids", "scramble"]

#: The view function under test: ``rules.view`` by default.
ViewFn = Callable[..., View]
#: A picture given to a seat: (context, state, seat) -> text.
Picture = Callable[[Context, GameState, int | None], str]

#: Every mode and box: competitive core, core with The Name of the Wind, Stormlight with four
#: seats, a first game, co-op and solo against Odium and against the core Adversary.
MODES: tuple[dict[str, Any], ...] = (
    {"players": 2},
    {"players": 3, "sets": ("core", "notw")},
    {"players": 4, "sets": ("stormlight",)},
    {"players": 2, "first_game": True},
    {"players": 2, "sets": ("stormlight",), "mode": "coop"},
    {"players": 1, "sets": ("stormlight",), "mode": "solo"},
    {"players": 3, "mode": "coop"},
    {"players": 1, "mode": "solo"},
)

_CHARACTERS = (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)


@attrs.frozen
class Leak:
    """One thing a seat could learn that it may not: where, and what differed."""

    mode: str
    seed: int
    step: int
    seat: int | None
    what: str

    def __str__(self) -> str:
        who = "a spectator" if self.seat is None else f"P{self.seat + 1}"
        return f"{self.mode} seed {self.seed} step {self.step}, {who}: {self.what}"


def _kind(ctx: Context, card: str) -> str:
    c = ctx.db[card]
    return c.type.value if c.type in _CHARACTERS or not c.act else f"act{c.act}"


def _walk(
    ctx: Context, state: GameState, seat: int | None, seen: Iterable[str], take: Callable[[str, str], str]
) -> GameState:
    """Pass every card ``seat`` cannot see through ``take(kind, card)``, in a fixed order; rebuild the state."""
    playable = playable_cards(ctx)
    known = set(seen)
    revealed = characters_revealed(state)  # 000 · Reveal Your Character: once every hero has kept

    def player(p: Player) -> Player:
        if p.seat == seat:
            return p
        kept = {p.origin, p.motivation}
        destiny = p.destiny
        if destiny is not None and not p.destiny_revealed:
            destiny = take("destiny", destiny)
        if revealed:
            shown = {c: c for c in kept}
        else:  # kept face down: a kept card and its entry among the dealt ones move together
            shown = {c: c if c is None else take(_kind(ctx, c), c) for c in (p.origin, p.motivation)}
        unkept = [take(_kind(ctx, c), c) for c in p.dealt if c not in kept]
        rest = iter(unkept)
        return evolve(
            p,
            origin=shown[p.origin],
            motivation=shown[p.motivation],
            hand=tuple(take(_kind(ctx, c), c) for c in p.hand),
            dealt=tuple(shown[c] if c in kept else next(rest) for c in p.dealt),
            destiny=destiny,
        )

    def row(r: Row) -> Row:
        slots = r.slots
        if not r.revealed:
            slots = tuple(None if s is None else Slot(take(f"act{r.act}", s.card), s.ally) for s in slots)
        return evolve(r, slots=slots, deck=tuple(take(f"act{r.act}", c) for c in r.deck))

    removed = tuple(
        take(_kind(ctx, c), c) if c in playable and c not in known and ctx.db[c].type in _CHARACTERS else c
        for c in state.removed
    )
    out = evolve(
        state,
        players=tuple(player(p) for p in state.players),
        rows=tuple(row(r) for r in state.rows),
        hero_deck=tuple(take("hero", c) for c in state.hero_deck),
        antihero_deck=tuple(take("antihero", c) for c in state.antihero_deck),
        removed=tuple(sorted(removed)),
    )
    for box in ctx.expansions:  # what a box keeps face down (000 · Odium's Deck)
        out = box.hidden_deal(ctx, out, take)
    return out


def hidden_ids(ctx: Context, state: GameState, seat: int | None, seen: Iterable[str] = ()) -> set[str]:
    """The cards ``seat`` cannot see (None: a spectator), by the scrambler's own account."""
    found: set[str] = set()

    def note(kind: str, card: str) -> str:
        found.add(card)
        return card

    _walk(ctx, state, seat, seen, note)
    return found


def scramble(
    ctx: Context, state: GameState, seat: int | None, rng: random.Random, seen: Iterable[str] = ()
) -> GameState:
    """``state`` with what ``seat`` cannot see permuted within each kind, and a new RNG state."""
    seen = tuple(seen)
    pools: dict[str, list[str]] = {}

    def collect(kind: str, card: str) -> str:
        pools.setdefault(kind, []).append(card)
        return card

    _walk(ctx, state, seat, seen, collect)
    for cards in pools.values():
        rng.shuffle(cards)
    queues = {k: iter(v) for k, v in pools.items()}
    out = _walk(ctx, state, seat, seen, lambda kind, card: next(queues[kind]))
    return evolve(out, rng=rng.getrandbits(64))


def _diff(a: object, b: object, path: str = "") -> str:
    """Where two JSON-ready values first differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            found = _diff(a.get(k), b.get(k), f"{path}.{k}")
            if found:
                return found
        return ""
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _diff(x, y, f"{path}[{i}]")
            if found:
                return found
        return ""
    return "" if a == b else f"{path or 'value'}: {str(a)[:80]} != {str(b)[:80]}"


def _words_of(ctx: Context, card: str) -> Iterable[str]:
    """The words printed on a card that an event may quote: its name, text, path labels, powers' texts."""
    c = ctx.db[card]
    yield c.name
    yield c.text
    for path in c.paths:
        yield path.label
        yield from (p.text for p in path.powers)
    yield from (p.text for p in c.powers)
    if c.play is not None:
        yield from (p.text for p in getattr(c.play, "powers", ()))


def _names(ctx: Context, secret: set[str]) -> tuple[list[str], list[re.Pattern[str]]]:
    """The words the seat can see on cards (longest first), and patterns of secret cards' names that none shares."""
    shown_cards = [c for c in ctx.db if c not in secret]
    shown = {w for c in shown_cards for w in _words_of(ctx, c) if w}
    names = {ctx.db[c].name for c in secret} - {ctx.db[c].name for c in shown_cards}
    patterns = [re.compile(rf"(?<!\w){re.escape(n)}(?!\w)") for n in sorted(names) if len(n) >= 4]
    return sorted(shown, key=len, reverse=True), patterns


def _names_secret(line: str, shown: list[str], patterns: list[re.Pattern[str]]) -> bool:
    """Whether ``line`` names a secret card once the words of cards the seat can see are struck out."""
    if not any(p.search(line) for p in patterns):
        return False
    for words in shown:
        if words in line:
            line = line.replace(words, "\u220e")
    return any(p.search(line) for p in patterns)


def _check(
    ctx: Context,
    state: GameState,
    seat: int | None,
    seen: Sequence[str],
    rng: random.Random,
    view_fn: ViewFn,
    pictures: Sequence[Picture],
) -> list[str]:
    problems: list[str] = []
    other = scramble(ctx, state, seat, rng, seen)
    mine, theirs = view_fn(ctx, state, seat, seen=seen), view_fn(ctx, other, seat, seen=seen)
    if mine != theirs:
        problems.append("the view changes with what it cannot see: " + _diff(to_data(mine), to_data(theirs)))
    if seat is not None and mine.to_move == seat:
        a = [str(x) for x in legal_actions(ctx, state)]
        b = [str(x) for x in legal_actions(ctx, other)]
        if a != b:
            problems.append(f"the legal actions change with what it cannot see: {a[:5]} != {b[:5]}")
    secret = hidden_ids(ctx, state, seat, seen)
    text = json.dumps(to_data(mine))
    found = sorted(c for c in secret if f'"{c}"' in text)
    if found:
        problems.append(f"the serialised view holds hidden card ids: {found[:5]}")
    for picture in pictures:
        if picture(ctx, state, seat) != picture(ctx, other, seat):
            problems.append(
                f"the picture {getattr(picture, '__name__', picture)!r} changes with what it cannot see"
            )
    return problems


def _step_check(
    ctx: Context, before: GameState, game: Game, seat: int | None, seen: Sequence[str], view_fn: ViewFn
) -> list[str]:
    """The last step's events and action as ``seat`` reads them name no card it could not see before or after."""
    state = game.state
    secret = hidden_ids(ctx, state, seat, seen) & hidden_ids(ctx, before, seat, seen)
    if not secret:
        return []
    seen_view = view_fn(
        ctx, state, seat, events=game.last_events, history=[(before, game.history[-1])], seen=seen
    )
    problems = []
    words = set(" ".join(seen_view.history).split())
    if words & secret:
        problems.append(f"the history names hidden cards: {sorted(words & secret)[:3]}")
    shown, patterns = _names(ctx, secret)
    for ev in seen_view.log:
        line = ev.seen_by(seat) if isinstance(ev, Event) else str(ev)
        if _names_secret(line, shown, patterns):
            problems.append(f"the log names a hidden card: {line!r}")
    return problems


def fuzz(
    modes: Sequence[dict[str, Any]] = MODES,
    *,
    games: int = 2,
    seed: int = 0,
    every: int = 5,
    view_fn: ViewFn = view,
    pictures: Sequence[Picture] = (),
    picture_every: int = 4,
    max_steps: int = 400,
) -> list[Leak]:
    """Random games of each mode; every ``every`` steps (on average) check each seat and a spectator.

    ``pictures`` are checked at one checked position in ``picture_every``. Returns every leak found.
    """
    leaks: list[Leak] = []
    for m, mode in enumerate(modes):
        label = ",".join(f"{k}={v}" for k, v in mode.items())
        for g in range(games):
            game_seed = seed * 1000 + m * 50 + g
            rnd = random.Random(game_seed)
            game = Game.new(seed=game_seed, **mode)
            ctx = game.ctx
            seats: list[int | None] = [None, *range(len(game.state.players))]
            dealt = {s: game.state.players[s].dealt for s in range(len(game.state.players))}
            checked = 0
            while not game.over and game.steps < max_steps:
                before = game.state
                legal = game.legal_list()
                game.push("cast" if game.is_chance else rnd.choice(legal))
                for s in seats:
                    seen = dealt[s] if s is not None else ()
                    for what in _step_check(ctx, before, game, s, seen, view_fn):
                        leaks.append(Leak(label, game_seed, game.steps, s, what))
                if rnd.random() * every >= 1:
                    continue
                checked += 1
                pics = pictures if checked % picture_every == 0 else ()
                for s in seats:
                    seen = dealt[s] if s is not None else ()
                    for what in _check(ctx, game.state, s, seen, rnd, view_fn, pics):
                        leaks.append(Leak(label, game_seed, game.steps, s, what))
    return leaks
