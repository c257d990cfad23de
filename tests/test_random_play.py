"""Random simulation tests (in the manner of OpenSpiel's RandomSimTest) on the bundled core set.

Seeded games with 1–4 heroes are played by a uniform random chooser. At every step the
state must satisfy ``invariants.check_invariants``; every listed legal action must apply;
constructed illegal actions must raise IllegalActionError and leave the game unchanged;
undo must restore the previous state exactly; saves, replays and re-runs must reproduce
the game; every game must end, and its winners must have the highest total. Legality is
derived: at every step each listed action's refusal is None, and a sample of the action table
(each kind answering the decision now, and the whole table) is listed exactly when its refusal
is None; every ``FULL_TABLE_EVERY`` steps the whole table is checked. The runs cover
timing windows with several plays, answers and interrupts: every window closes within its
turn, its stack empties, no card is played twice, every played card had a legal target.
"""

from __future__ import annotations

import random
import time
from collections import Counter

import attrs
import pytest
from invariants import check_invariants, check_listed_iff_no_refusal, check_play, check_transition

from calladventure import rules
from calladventure.game import Game
from calladventure.rules._context import Context
from calladventure.values._actions import (
    Action,
    AttemptChallenge,
    CastRunes,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from calladventure.values._cards import CardType, Side
from calladventure.values._illegal import IllegalActionError
from calladventure.values._runes import Draw
from calladventure.values._state import GameState, Window, WindowKind

MAX_STEPS = 3000  # every game must be over well before this many actions
FAST_GAMES = {1: 100, 2: 80, 3: 65, 4: 55}  # 300 fully checked games (long 4-player games are dearer)
SLOW_GAMES = 3000  # cheaper checks, ``-m slow``
SAVE_EVERY = 100  # save/load round trip every this many steps (and at the end)
PARSE_EVERY = 11  # notation round trip of every legal action every this many steps
REJECTS = 6  # constructed illegal actions tried per step
FULL_TABLE_EVERY = 50  # every action of the action table checked against its refusal every this many steps


def choose(rnd: random.Random, legal: list[Action]) -> Action:
    """The uniform random chooser (the only use of the chooser's RNG, so runs repeat exactly)."""
    return rnd.choice(legal)


def play(players: int, seed: int, *, record_events: bool = False) -> Game:
    """Play one game with the seeded chooser and no checks (for the determinism comparison)."""
    game = Game.new(players=players, seed=seed, record_events=record_events)
    rnd = random.Random(seed)
    while not game.over and len(game.history) < MAX_STEPS:
        game.push(choose(rnd, list(game.legal_actions)))
    return game


# ----------------------------------------------------------------------------- illegal actions


def _table(state: GameState) -> list[str]:
    return [s.card for row in state.rows for s in row.slots if s is not None]


def unlisted_actions(ctx: Context, state: GameState, rnd: random.Random) -> list[Action]:
    """Actions built to be (usually) illegal now; the caller skips any that happen to be listed."""
    db = ctx.db
    n = len(state.players)
    seat = rules.to_move(state)
    assert seat is not None
    player = state.players[seat]
    table = _table(state)
    off_table = [c for row in state.rows for c in (*row.deck, *row.discard)]
    off_table += [t.card for p in state.players for t in p.story_cards()]
    out: list[Action] = [Pass(), EndTurn(), ChooseDeck(Draw.HERO), PlaceAllyUnder(99), PlaceAllyUnder(-1)]
    challenges = [c for c in table if db[c].type in (CardType.CHALLENGE, CardType.ADVERSARY)]
    traits = [c for c in table if db[c].type is CardType.TRAIT]
    if challenges:
        c = rnd.choice(challenges)
        out += [GainTrait(c), AttemptChallenge(c, Side.TOP, 4), AttemptChallenge(c, Side.TOP, -1)]
        if Side.BOTTOM not in db[c].sides:
            out.append(AttemptChallenge(c, Side.BOTTOM))
    if traits:
        out.append(AttemptChallenge(rnd.choice(traits)))
    if table:
        c = rnd.choice(table)
        out += [Journey(c), FreeDiscard(c)]
    if off_table:
        c = rnd.choice(off_table)
        out += [AttemptChallenge(c), GainTrait(c), Journey(c)]
    in_hands = {c for p in state.players for c in p.hand}
    not_held = [c for c in (*state.hero_deck, *state.antihero_deck, *player.played) if c not in player.hand]
    if not_held:
        out.append(PlayCard(rnd.choice(not_held), seat))
    others = sorted(in_hands - set(player.hand))
    if others:
        out.append(PlayCard(rnd.choice(others), seat))
    if player.hand:
        out.append(PlayCard(player.hand[0], n))  # no such seat
    not_dealt = [c for p in state.players for c in p.characters if c not in player.dealt] + list(
        state.removed
    )
    if not_dealt:
        out.append(Keep(rnd.choice(not_dealt)))
    strangers = [c for p in state.players if p.seat != seat for c in p.characters]
    if strangers:
        out.append(UsePower(rnd.choice(strangers)))
    att = state.attempt
    if att is not None:
        size = len(rules.attempt_pool(ctx, state, att))
        out += [CastRunes((0,) * (size + 1)), CastRunes((0,) * (size - 1)), CastRunes((2,) * size)]
    else:
        out += [CastRunes(), CastRunes((0, 0, 0))]
    return out


def assert_rejected(game: Game, action: Action) -> None:
    """Pushing ``action`` raises IllegalActionError (with a reason) and changes nothing."""
    before = game.state
    history = game.history
    with pytest.raises(IllegalActionError) as info:
        game.push(action)
    assert info.value.reason, f"no reason given for rejecting {action}"
    assert game.state is before and game.state == before, f"rejected {action} changed the state"
    assert game.history == history


# ----------------------------------------------------------------------------- the checked game


def assert_outcome(game: Game) -> None:
    """``outcome()`` names exactly the seats with the highest total; score lines add up."""
    out = game.outcome()
    assert out is not None
    totals = [s.total for s in out.scores]
    assert [s.seat for s in out.scores] == list(range(len(game.state.players)))
    assert out.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))
    for s, p in zip(out.scores, game.state.players, strict=True):
        assert sum(line.points for line in s.lines) == s.total
        xp_lines = [line for line in s.lines if line.label == "Unspent Experience"]
        # Unspent Experience is Destiny, neither Triumph nor Tragedy (000 · Rules Overview; changed on purpose)
        assert [(line.triumph, line.tragedy, line.other) for line in xp_lines] == [(0, 0, p.xp)]
        assert s.total == s.triumph + s.tragedy + s.other


def check_final_turns(state: GameState, closing: int | None) -> int | None:
    """Once a hero finishes Act III, every other hero has one final turn (000 · Ending the Game)."""
    if state.final_turns is None:
        return None
    closing = state.turn.number if closing is None else closing
    assert state.turn.number <= closing + len(state.players) - 1, (
        f"turn {state.turn.number}: too many final turns"
    )
    return closing


def window_stats(stats: Counter[str], state: GameState, action: Action, seat: int | None) -> None:
    """Count what a step does in a timing window: a card answering a card on the stack, another seat's
    answer, an interrupt of the active hero's action (000 · Hero and Antihero Cards)."""
    top = state.pending[-1] if state.pending else None
    if not isinstance(action, PlayCard) or not isinstance(top, Window):
        return
    stats["play in a window"] += 1
    if top.stack:
        stats["answer on a stack"] += 1
        if top.stack[-1][0] != seat:
            stats["answer to another seat"] += 1
    if top.kind in (WindowKind.ANY, WindowKind.END):
        stats["interrupt of an action"] += 1


def play_checked(players: int, seed: int, stats: Counter[str] | None = None) -> Game:
    """One game with every check at every step (see the module docstring)."""
    game = Game.new(players=players, seed=seed)
    ctx = game.ctx
    chooser = random.Random(seed)
    sampler = random.Random(seed ^ 0x5EED)
    refusals = random.Random(seed ^ 0xDEC1DE)
    check_invariants(ctx, game.state)
    assert game.outcome() is None
    closing: int | None = None
    while not game.over:
        state = game.state
        step = len(game.history)
        where = f"{players}p seed {seed} step {step}"
        assert len(game.history) < MAX_STEPS, f"{where}: the game did not end"
        assert game.to_move is not None and 0 <= game.to_move < players, where
        assert game.outcome() is None, where
        legal = list(game.legal_actions)
        assert legal, f"{where}: no legal action before the end"
        checked = check_listed_iff_no_refusal(ctx, state, legal, refusals, full=step % FULL_TABLE_EVERY == 0)
        if stats is not None:
            stats["refusals checked"] += checked
        if game.is_chance:
            assert legal == [CastRunes()], f"{where}: a chance step lists {legal}"
        else:
            assert CastRunes() not in legal, f"{where}: a cast outside a chance step"
        notations = [str(a) for a in legal]
        assert len(set(notations)) == len(notations), f"{where}: two legal actions print alike: {notations}"
        if step % PARSE_EVERY == 0:
            for a, text in zip(legal, notations, strict=True):
                assert game.parse(text) == a, f"{where}: {text!r} does not parse back"
                assert text in game.legal_actions
        # Every listed action applies, to a state that is still possible.
        for a in legal:
            after, _done = rules.apply(ctx, state, a, None)
            check_invariants(ctx, after, state)
        # Constructed unlisted actions are rejected without a trace.
        unlisted = [a for a in unlisted_actions(ctx, state, sampler) if a not in legal]
        for bad in sampler.sample(unlisted, min(REJECTS, len(unlisted))):
            assert_rejected(game, bad)
        action = choose(chooser, legal)
        if isinstance(action, PlayCard):
            check_play(ctx, state, action, game.to_move or 0)
        if stats is not None:
            window_stats(stats, state, action, game.to_move)
        game.push(action)
        new = game.state
        check_invariants(ctx, new, state)
        closing = check_final_turns(new, closing)
        assert game.last_events or isinstance(action, Pass), f"{where}: {action} left no event"
        # Undo restores the previous state exactly; pushing the recorded action redoes it.
        done = game.pop()
        assert game.state == state and len(game.history) == step, f"{where}: undo of {action} did not restore"
        if isinstance(action, CastRunes):
            pool = rules.attempt_pool(ctx, state, state.attempt)  # type: ignore[arg-type]
            assert isinstance(done, CastRunes) and done.faces is not None and len(done.faces) == len(pool)
        else:
            assert done == action
        game.push(done)
        assert game.state == new, f"{where}: redoing {done} gave another state"
        if len(game.history) % SAVE_EVERY == 0:
            assert Game.loads(game.save(), record_events=False).state == game.state, f"{where}: save/load"
    assert game.to_move is None and len(game.legal_actions) == 0
    assert Game.loads(game.save(), record_events=False).state == game.state, "save/load at the end"
    assert game.replay().state == game.state, "replay from seed and actions"
    again = play(players, seed)
    assert again.history == game.history and again.state == game.state, "the same seed and choices differ"
    assert_outcome(game)
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(players: int) -> None:
    stats: Counter[str] = Counter()
    for i in range(FAST_GAMES[players]):
        play_checked(players, 1000 * players + i, stats)
    # The runs cover windows with several plays and, with other heroes, answers and interrupts.
    assert stats["answer on a stack"] > 10, stats
    assert stats["refusals checked"] > 10_000, stats
    if players > 1:
        assert stats["answer to another seat"] > 10 and stats["interrupt of an action"] > 5, stats


def test_the_same_seed_and_choices_give_the_same_game_and_another_seed_another() -> None:
    a, b, c = play(3, 11), play(3, 11), play(3, 12)
    assert a.history == b.history and a.state == b.state
    assert a.state.rows != c.state.rows  # the seed really shuffles the decks


RULES_VARIANTS = [
    {"refill": "end_of_turn"},
    {"journey_scope": "current_act"},
    {"dark_limit": "per_attempt"},
    {"first_game": True},
    {"special_draw": "antihero"},
    {"icon_sets": "cap_at_four"},
    {"stops": "every_seat"},
    {"ally_rows": "own_row"},
    {"moon_corruption": "at_resolution"},
    {"card_dark_runes": "within_limit"},
]


@pytest.mark.parametrize("options", RULES_VARIANTS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_games_under_each_rules_option_keep_the_invariants(options: dict[str, object]) -> None:
    for i in range(16):
        players, seed = 1 + i % 4, 500 + i
        game = Game.new(players=players, seed=seed, record_events=False, **options)
        chooser, refusals = random.Random(seed), random.Random(seed ^ 0xDEC1DE)
        check_invariants(game.ctx, game.state)
        while not game.over:
            assert len(game.history) < MAX_STEPS, f"{options} {players}p seed {seed}: the game did not end"
            previous = game.state
            legal = list(game.legal_actions)
            full = game.steps % FULL_TABLE_EVERY == 0
            check_listed_iff_no_refusal(game.ctx, previous, legal, refusals, full=full)
            game.push(choose(chooser, legal))
            check_invariants(game.ctx, game.state, previous)
        assert_outcome(game)
        assert Game.loads(game.save(), record_events=False).state == game.state


@pytest.mark.slow
def test_many_random_games_end_with_consistent_cards_and_winners() -> None:
    """≥ 2,000 games without event recording: invariants at every step, an end, a fair outcome."""
    start = time.perf_counter()
    lengths: list[int] = []
    for i in range(SLOW_GAMES):
        players = 1 + i % 4
        seed = 100_000 + i
        game = Game.new(players=players, seed=seed, record_events=False)
        ctx = game.ctx
        chooser = random.Random(seed)
        check_invariants(ctx, game.state)
        closing: int | None = None
        while not game.over:
            assert len(game.history) < MAX_STEPS, f"{players}p seed {seed}: the game did not end"
            previous = game.state
            action = choose(chooser, list(game.legal_actions))
            if isinstance(action, PlayCard):
                check_play(ctx, previous, action, game.to_move or 0)
            game.push(action)
            check_invariants(ctx, game.state, previous)
            closing = check_final_turns(game.state, closing)
        assert_outcome(game)
        lengths.append(len(game.history))
    elapsed = time.perf_counter() - start
    assert len(lengths) == SLOW_GAMES and max(lengths) < MAX_STEPS
    print(f"{SLOW_GAMES} games in {elapsed:.1f}s, longest {max(lengths)} steps")


def test_the_invariant_checker_catches_impossible_states() -> None:
    """The checker is not vacuous: each kind of corruption of a real state is caught."""
    game = play(3, 77)
    ctx = game.ctx
    half = len(game.history) // 2
    mid = game.state_at(half)
    check_invariants(ctx, mid, game.state_at(half - 1))
    p0 = mid.players[0]
    row = mid.rows[0]
    broken = {
        "in no place": attrs.evolve(mid, hero_deck=mid.hero_deck[1:]),
        "several places": attrs.evolve(mid, removed=(*mid.removed, (row.deck + row.discard)[0])),
        "Experience": attrs.evolve(mid, players=(attrs.evolve(p0, xp=-1), *mid.players[1:])),
        "off the track": attrs.evolve(
            mid, players=(attrs.evolve(p0, level=ctx.track.lowest + 1), *mid.players[1:])
        ),
    }
    for message, state in broken.items():
        with pytest.raises(AssertionError, match=message):
            check_invariants(ctx, state)
    end = game.state
    hidden = attrs.evolve(end, rows=(end.rows[0], attrs.evolve(end.rows[1], revealed=False), end.rows[2]))
    with pytest.raises(AssertionError, match="face down"):
        check_transition(hidden, end)
    seat = next(p.seat for p in end.players if p.act > 1)
    players = list(end.players)
    players[seat] = attrs.evolve(players[seat], story=((), (), ()))
    with pytest.raises(AssertionError, match="Act went back"):
        check_transition(attrs.evolve(end, players=tuple(players)), end)
