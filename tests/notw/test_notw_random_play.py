"""Seeded random play on the core set with The Name of the Wind: every invariant of the core
random-play tests at every step (``tests/test_random_play.py``), plus the Naming rule's own:
no Name is learned twice or by a hero who may never learn it, Names are never lost, a Name cast
is the three core runes, and a path gained through a learned Name never casts runes.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from invariants import check_invariants, check_listed_iff_no_refusal, check_play
from test_random_play import (
    MAX_STEPS,
    assert_outcome,
    assert_rejected,
    check_final_turns,
    unlisted_actions,
    window_stats,
)

from calladventure import rules
from calladventure.expansions import naming
from calladventure.expansions.naming import NAME_ICONS, AttemptName, names_of
from calladventure.game import Game
from calladventure.rules._context import Context
from calladventure.values._actions import Action, AttemptChallenge, CastRunes, PlayCard
from calladventure.values._icons import Icon
from calladventure.values._state import AwaitCast, GameState

SETS = ("core", "notw")
GAMES = {1: 10, 2: 12, 3: 12, 4: 10}


def choose(rnd: random.Random, legal: list[Action], state: GameState) -> Action:
    """A random chooser that often takes a Name attempt or a path of a learned Name when it can."""
    names = [a for a in legal if isinstance(a, AttemptName)]
    if names and rnd.random() < 0.7:
        return rnd.choice(names)
    known = names_of(state.players[state.turn.seat])
    if known and rnd.random() < 0.6:
        by_name = [
            a
            for a in legal
            if isinstance(a, AttemptChallenge)
            and set(_NAME_PATHS.get(a.card, {}).get(a.side.value, ())) & set(known)
        ]
        if by_name:
            return rnd.choice(by_name)
    return rnd.choice(legal)


_NAME_PATHS: dict[str, dict[str, tuple[Icon, ...]]] = {}


def _index_name_paths(ctx: Context) -> None:
    for card in ctx.db.values():
        for side, path in zip(("top", "bottom"), card.paths, strict=False):
            shown = tuple(i for i in path.icons if i in NAME_ICONS)
            if shown:
                _NAME_PATHS.setdefault(card.id, {})[side] = shown


def check_names(ctx: Context, state: GameState, previous: GameState | None) -> None:
    """The Naming rule's invariants (002 · Naming; 002 · FAQs: Fae Origin)."""
    for p in state.players:
        who = f"turn {state.turn.number} P{p.seat + 1}"
        assert len(set(names_of(p))) == len(names_of(p)), f"{who}: a Name learned twice: {names_of(p)}"
        assert set(names_of(p)) <= set(NAME_ICONS), f"{who}: not Names: {names_of(p)}"
        banned = {name for name, _card in naming.forbidden(ctx, p)}
        assert not banned & set(names_of(p)), f"{who}: learned a Name it may never learn"
        if previous is not None:
            old = names_of(previous.players[p.seat])
            assert names_of(p)[: len(old)] == old, f"{who}: a Name was lost or reordered"
            assert len(names_of(p)) <= len(old) + 1, f"{who}: two Names in one step"
    if (
        previous is not None
        and state.turn.seat == previous.turn.seat
        and state.turn.number == previous.turn.number
    ):
        assert not (naming.KEY in previous.turn.marks and naming.KEY not in state.turn.marks), (
            "a turn's Name attempt was forgotten"
        )


def play_checked(players: int, seed: int, stats: Counter[str]) -> Game:
    """One game on core + notw with every check at every step."""
    game = Game.new(players=players, seed=seed, sets=SETS)
    ctx = game.ctx
    _index_name_paths(ctx)
    chooser = random.Random(seed)
    sampler = random.Random(seed ^ 0x5EED)
    refusals = random.Random(seed ^ 0xDEC1DE)
    check_invariants(ctx, game.state)
    check_names(ctx, game.state, None)
    closing: int | None = None
    while not game.over:
        state = game.state
        step = len(game.history)
        where = f"{players}p seed {seed} step {step}"
        assert step < MAX_STEPS, f"{where}: the game did not end"
        legal = list(game.legal_actions)
        assert legal, f"{where}: no legal action before the end"
        assert (legal == [CastRunes()]) == game.is_chance, f"{where}: {legal}"
        # listed ⇔ no refusal: a sample of the action table at every step, all of it every 50 steps
        stats["refusals checked"] += check_listed_iff_no_refusal(
            ctx, state, legal, refusals, full=step % 50 == 0
        )
        for a in legal:
            after, _done = rules.apply(ctx, state, a, None)
            check_invariants(ctx, after, state)
            check_names(ctx, after, state)
        unlisted = [a for a in unlisted_actions(ctx, state, sampler) if a not in legal]
        unlisted += [AttemptName(n) for n in (*NAME_ICONS, Icon.STRENGTH) if AttemptName(n) not in legal]
        if naming.pending_name(state) is not None:  # a Name cast: three faces of 0 or 1 are legal
            unlisted = [a for a in unlisted if not isinstance(a, CastRunes)]
            unlisted += [CastRunes((0, 0, 0, 0)), CastRunes((0, 2, 0)), CastRunes((1,))]
        for bad in sampler.sample(unlisted, min(4, len(unlisted))):
            assert_rejected(game, bad)
        action = choose(chooser, legal, state)
        if isinstance(action, PlayCard):
            check_play(ctx, state, action, game.to_move or 0)
        window_stats(stats, state, action, game.to_move)
        seat = state.turn.seat
        game.push(action)
        new = game.state
        check_invariants(ctx, new, state)
        check_names(ctx, new, state)
        closing = check_final_turns(new, closing)
        found = [e.section for e in game.last_events]
        if isinstance(action, AttemptName):
            stats["name attempts"] += 1
            top = new.pending[-1]
            assert (
                isinstance(top, AwaitCast)
                and top.source == naming.KEY
                and top.detail == action.name.value
                and new.attempt is None
            ), where
            assert rules.cast_pool(ctx, new) == tuple(ctx.runes.core), where
        if isinstance(action, CastRunes) and naming.pending_name(state) is not None:
            done = game.history[-1]
            assert isinstance(done, CastRunes) and done.faces is not None and len(done.faces) == 3, where
            stats["names learned"] += len(names_of(new.players[seat])) - len(names_of(state.players[seat]))
        if isinstance(action, AttemptChallenge):
            path = ctx.db[action.card].path(action.side)
            known = naming.learned_name_on(state, seat, path)
            assert (known is not None) == ("002/faqs-gaining-a-name-path" in found), where
            if known is not None:  # 002 · FAQs: Gaining a Name path: never a cast
                stats["paths gained by a Name"] += 1
                assert "000/reading-the-runes" not in found, where
                assert new.attempt is None and not any(isinstance(p, AwaitCast) for p in new.pending), where
                assert action.dark == 0 and new.players[seat].xp >= state.players[seat].xp, where
                placed = [t for under in new.players[seat].story for t in under]
                assert placed[-1].card == action.card and placed[-1].side is action.side, where
        done = game.pop()
        assert game.state == state, f"{where}: undo of {action} did not restore"
        game.push(done)
        assert game.state == new, f"{where}: redoing {done} gave another state"
    assert Game.loads(game.save(), record_events=False).state == game.state, "save/load at the end"
    assert game.replay().state == game.state, "replay from seed and actions"
    assert_outcome(game)
    for score, p in zip(game.outcome().scores, game.state.players, strict=True):  # type: ignore[union-attr]
        tokens = [ln for ln in score.lines if ln.section == "002/naming"]
        assert sum(ln.points for ln in tokens) == naming.NAME_TOKEN_POINTS * len(names_of(p))
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_002_naming_random_games_with_the_expansion_keep_every_invariant(players: int) -> None:
    """002 · FAQs: Mixing core and expansion cards: random games on both sets end well, checked at each step."""
    stats: Counter[str] = Counter()
    for i in range(GAMES[players]):
        play_checked(players, 7000 + 100 * players + i, stats)
    assert stats["name attempts"] > GAMES[players], stats
    assert stats["names learned"] > 0 and stats["paths gained by a Name"] > 0, stats
    assert stats["answer on a stack"] > 0, stats  # windows with several plays


def test_002_naming_uniform_random_games_end_and_replay() -> None:
    """002 · Naming in uniformly random games (no preference for Names): they end, save and replay."""
    for seed in range(6):
        game = Game.new(players=1 + seed % 4, seed=seed, sets=SETS, record_events=False)
        chooser = random.Random(seed)
        while not game.over:
            assert len(game.history) < MAX_STEPS
            previous = game.state
            game.push(chooser.choice(list(game.legal_actions)))
            check_invariants(game.ctx, game.state, previous)
            check_names(game.ctx, game.state, previous)
        assert Game.loads(game.save(), record_events=False).state == game.state
