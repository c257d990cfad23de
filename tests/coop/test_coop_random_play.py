"""Seeded random play of solo and four-hero co-op games under every Adversary Quest.

Every game is played by a uniform random chooser to its end, with ``check_invariants`` at every
step (the core engine's random-play invariants, plus the co-op ones: Odium's tokens never go below
zero, every card revealed by the Adversary is discarded by the end of its turn, every hero faces
the Adversary once). Each game ends with a win or a loss that ``outcome()`` explains; saves and
replays reproduce it. Quests: the Stormlight quests against Odium (solo only where the quest
allows it, 000 · Glossary: Solo) and the core game's Adversaries (INDEX · Core solo / co-op).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from invariants import check_invariants, check_listed_iff_no_refusal, check_play
from test_random_play import assert_rejected, unlisted_actions, window_stats

from calladventure import rules
from calladventure.expansions.odium import CoopResult, DeclareLoyalty, FaceOdium, odium_of, quests_for
from calladventure.game import Game
from calladventure.values._actions import Action, CastRunes, PlayCard
from calladventure.values._icons import Icon
from calladventure.values._state import Mode

MAX_STEPS = 4000
STORMLIGHT = {
    "Radiants United": ("solo", "coop"),
    "The True Desolation": ("solo", "coop"),
    "Contest of Champions": ("coop",),
    "Oaths in the Storm": ("coop",),
}
CORE = {
    "The Warlord's March": ("solo", "coop"),
    "The Witch's Curse": ("solo", "coop"),
    "The Pale Court": ("solo", "coop"),
    "The Hunger Below": ("solo", "coop"),
}
COOP_BAD: tuple[Action, ...] = (
    FaceOdium((Icon.STRENGTH, Icon.WISDOM)),
    FaceOdium((Icon.WISDOM, Icon.STRENGTH)),
    FaceOdium((Icon.STRENGTH, Icon.STRENGTH)),
    FaceOdium((Icon.STRENGTH, Icon.WISDOM), 1),
    FaceOdium((), 4),
    DeclareLoyalty(True),
    DeclareLoyalty(False),
)
RUNS = [("stormlight", q, m) for q, modes in STORMLIGHT.items() for m in modes]
RUNS += [("core", q, m) for q, modes in CORE.items() for m in modes]
GAMES = 6  # seeds per (set, quest, mode)


def play_checked(sets: str, quest: str, mode: str, seed: int, stats: Counter[str] | None = None) -> Game:
    players = 1 if mode == "solo" else 4
    game = Game.new(players=players, seed=seed, sets=(sets,), mode=mode, quest=quest, record_events=False)
    ctx = game.ctx
    chooser = random.Random(seed)
    sampler = random.Random(seed ^ 0x5EED)
    refusals = random.Random(seed ^ 0xDEC1DE)
    check_invariants(ctx, game.state)
    od = odium_of(game.state)
    assert od is not None and ctx.db[od.quest or ""].name == quest
    saw_facing = False
    while not game.over:
        state = game.state
        where = f"{sets} {quest} {mode} seed {seed} step {len(game.history)}"
        assert len(game.history) < MAX_STEPS, f"{where}: the game did not end"
        legal: list[Action] = list(game.legal_actions)
        assert legal, f"{where}: no legal action"
        # listed ⇔ no refusal: a sample of the action table at every step, all of it every 50 steps
        check_listed_iff_no_refusal(ctx, state, legal, refusals, full=len(game.history) % 50 == 0)
        if game.is_chance:
            assert legal == [CastRunes()], where
        notations = [str(a) for a in legal]
        assert len(set(notations)) == len(notations), f"{where}: two legal actions print alike"
        if len(game.history) % 5 == 0:
            # Every listed action applies to a possible state; constructed unlisted ones are rejected.
            for a in legal:
                after, _done = rules.apply(ctx, state, a, None)
                check_invariants(ctx, after, state)
            for bad in (*unlisted_actions(ctx, state, sampler), *COOP_BAD):
                if bad not in legal:
                    assert_rejected(game, bad)
        action = chooser.choice(legal)
        if isinstance(action, PlayCard):
            check_play(ctx, state, action, game.to_move or 0)
        if stats is not None:
            window_stats(stats, state, action, game.to_move)
        game.push(action)
        check_invariants(ctx, game.state, state)
        saw_facing = saw_facing or (
            odium_of(game.state) is not None and odium_of(game.state).stage == "facing"
        )
        if len(game.history) % 97 == 0:  # undo restores the state exactly
            done = game.pop()
            assert game.state == state, f"{where}: undo"
            game.push(done)
    out = game.outcome()
    assert out is not None and out.result(CoopResult) is not None
    od = odium_of(game.state)
    assert od is not None and od.tokens >= 0 and not od.revealed
    assert saw_facing or od.overrun, "the game ended without the heroes facing the Adversary"
    heroes = [s for s in range(players) if s not in od.loyalists]
    if out.result(CoopResult).heroes_win:
        assert all(any(r.seat == s and r.success for r in od.faced) for s in heroes)
        assert od.tokens == 0 or ctx.db[od.adversary].type.value == "adversary"
        best = max(out.scores[s].total for s in heroes)
        assert out.winners and all(out.scores[w].total == best for w in out.winners)
    else:
        assert set(out.winners) <= set(od.loyalists)
    assert out.result(CoopResult).reason
    assert Game.loads(game.save(), record_events=False).state == game.state, "save/load"
    assert game.replay().state == game.state, "replay"
    return game


@pytest.mark.parametrize(("sets", "quest", "mode"), RUNS, ids=[f"{s}-{q}-{m}" for s, q, m in RUNS])
def test_000_facing_odium_random_games_end_with_a_win_or_a_loss(sets: str, quest: str, mode: str) -> None:
    stats: Counter[str] = Counter()
    for i in range(GAMES):
        play_checked(sets, quest, mode, 7000 + 31 * i + len(quest), stats)
    # 000 · Playing Odium's Cards: "other players can play their cards to help you": answers on stacks.
    assert stats["answer on a stack"] > 0, stats
    if mode == "coop":
        assert stats["answer to another seat"] > 0, stats


def test_every_bundled_quest_is_played() -> None:
    stormlight = Game.new(players=2, seed=1, sets=("stormlight",)).ctx
    names = {q.name for q in quests_for(stormlight, "stormlight/odium")}
    assert names == set(STORMLIGHT)
    core = Game.new(players=2, seed=1).ctx
    core_names = {
        q.name
        for a in ("core/ashen-warlord", "core/hollow-witch", "core/pale-king", "core/devourer-below")
        for q in quests_for(core, a)
    }
    assert core_names == set(CORE)


def test_random_games_under_the_other_odium_options_end() -> None:
    for seed, options in enumerate(
        (
            {"odium_facing": "after_last_turn", "odium_reveal": "light_and_dark"},
            {"odium_tokens": "two_per_player", "odium_reward": "all_defeated"},
        )
    ):
        game = Game.new(players=2, seed=seed, sets=("stormlight",), mode=Mode.COOP, **options)
        chooser, refusals = random.Random(seed), random.Random(seed ^ 0xDEC1DE)
        while not game.over:
            previous = game.state
            legal = list(game.legal_actions)
            check_listed_iff_no_refusal(game.ctx, previous, legal, refusals, full=game.steps % 50 == 0)
            game.push(chooser.choice(legal))
            check_invariants(game.ctx, game.state, previous)
        assert game.outcome() is not None
        assert rules.to_move(game.state) is None
