"""The agent interface: stable action ids, chance nodes, returns, tensors, PettingZoo and Gymnasium adapters."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from calladventure import Game
from calladventure.game._agent import CHANCE, TERMINAL
from calladventure.game._encoding import observation_size
from calladventure.play._leaks import MODES
from calladventure.rules import cast_pool, chance_outcomes
from calladventure.rules._action_ids import action_table, cast_id
from calladventure.values._actions import CastRunes
from calladventure.values._errors import UnknownValueError
from calladventure.values._illegal import IllegalActionError

pettingzoo = pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")


def test_action_ids_are_the_same_in_every_game_of_a_configuration() -> None:
    a, b = Game.new(players=3, seed=1), Game.new(players=3, seed=99)
    assert list(a.action_table) == list(b.action_table)
    assert a.num_distinct_actions() == len(action_table(a.ctx)) > 500
    assert a.action_to_string(0) == "end" and a.action_to_string(1) == "pass"


@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()))
def test_every_legal_action_has_an_id_and_apply_action_plays_it(mode: dict[str, object]) -> None:
    game = Game.new(seed=4, record_events=False, **mode)  # type: ignore[arg-type]
    twin = Game.new(seed=4, record_events=False, **mode)  # type: ignore[arg-type]
    rnd = random.Random(4)
    while not game.over and game.steps < 250:
        ids = game.legal_action_ids()
        assert ids == sorted(set(ids)) and ids
        if game.current_player == CHANCE:
            assert len(ids) == 2 ** len(game.chance_outcomes()[0][0].faces or ())
            twin.push("cast")
            game.apply_action(cast_id(twin.history[-1].faces or ()))
        else:
            assert game.current_player == game.to_move
            mask = game.legal_actions_mask()
            assert [i for i, m in enumerate(mask) if m] == ids
            assert {game.action_table[i] for i in ids} == set(game.legal_list())
            pick = rnd.choice(ids)
            game.apply_action(pick)
            twin.push(game.action_table[pick])
        assert game.state == twin.state
    if game.over:
        assert game.current_player == TERMINAL and game.legal_action_ids() == []


def _to_cast(game: Game, rnd: random.Random) -> Game:
    while not game.is_chance_node():
        game.push(rnd.choice(game.legal_list()))
    return game


def test_000_reading_the_runes_chance_outcomes_sum_to_one_and_agree_with_the_exact_odds() -> None:
    rnd = random.Random(2)
    checked = 0
    for seed in range(20):
        game = _to_cast(Game.new(players=2, seed=seed), rnd)
        if game.state.attempt is None or game.state.attempt.against:
            continue
        pairs = game.chance_outcome_ids()
        assert sum(p for _i, p in pairs) == pytest.approx(1.0)
        assert [i for i, _p in pairs] == game.legal_action_ids()
        exact = list(chance_outcomes(game.ctx, game.state))
        assert sum(p for _c, p in exact) == 1
        odds = game.odds()
        pool = cast_pool(game.ctx, game.state) or ()
        need = odds.difficulty - odds.bonus
        wins = sum(
            (
                p
                for c, p in exact
                if sum(r.faces[f].successes for r, f in zip(pool, c.faces or (), strict=True)) >= need
            ),
            Fraction(0),
        )
        assert wins == odds.p_success
        checked += 1
    assert checked >= 5


def test_a_bad_action_id_is_refused_like_push_and_changes_nothing() -> None:
    game = Game.new(players=2, seed=3)
    before = game.save()
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in game.legal_action_ids())
    for bad in (-1, game.num_distinct_actions(), 10**9, True, "3", 2.5, None):
        with pytest.raises(IllegalActionError, match="action id is an integer from 0"):
            game.apply_action(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="Legal now") as raised:
        game.apply_action(illegal)
    with pytest.raises(IllegalActionError) as pushed:
        game.push(game.action_table[illegal])
    assert str(raised.value) == str(pushed.value)
    _to_cast(game, random.Random(1))
    n = len(game.chance_outcome_ids())
    with pytest.raises(IllegalActionError, match=f"chance outcomes 0 to {n - 1}"):
        game.apply_action(n)
    assert game.history != () and Game.loads(before).save() == before


def test_returns_are_zero_sum_shares_or_one_side_against_the_adversary() -> None:
    game = Game.new(players=3, seed=8, record_events=False)
    rnd = random.Random(8)
    assert game.returns() == [0.0, 0.0, 0.0]
    while not game.over:
        game.push("cast" if game.is_chance else rnd.choice(game.legal_list()))
    r = game.returns()
    assert sum(r) == pytest.approx(0.0) and max(r) > 0
    assert [s for s in range(3) if r[s] > 0] == list(game.outcome().winners)  # type: ignore[union-attr]
    coop = Game.new(players=2, seed=8, sets=("stormlight",), mode="coop", record_events=False)
    while not coop.over:
        coop.push("cast" if coop.is_chance else rnd.choice(coop.legal_list()))
    assert coop.returns() in ([1.0, 1.0], [-1.0, -1.0]) or set(coop.returns()) == {1.0, -1.0}


def test_observations_are_fixed_length_scaled_and_per_seat() -> None:
    game = Game.new(players=2, seed=6)
    rnd = random.Random(6)
    size = game.observation_tensor_size()
    assert size == observation_size(game.ctx)
    while game.steps < 60:
        game.push("cast" if game.is_chance else rnd.choice(game.legal_list()))
        for seat in (0, 1):
            obs = game.observation_tensor(seat)
            assert len(obs) == size and min(obs) >= 0.0 and max(obs) <= 1.0
            assert len(game.information_state_tensor(seat)) == game.information_state_tensor_size()
    assert game.observation_tensor(0) != game.observation_tensor(1)
    data = json.loads(game.information_state_string(0))
    assert data["seat"] == 0 and data["history"][0].startswith("P1: keep")
    assert json.loads(game.observation_string(1))["state"]["rng"] == 0


def test_pettingzoo_api_test_passes_in_competitive_and_co_op_play() -> None:
    from pettingzoo.test import api_test

    from calladventure.play.agents._pettingzoo_env import env

    api_test(env(players=2), num_cycles=300)
    api_test(env(players=2, sets=("stormlight",), mode="coop"), num_cycles=300)


def test_pettingzoo_agents_observe_only_their_view_and_see_a_mask_when_to_move() -> None:
    from calladventure.play.agents._pettingzoo_env import env

    e = env(players=2)
    e.reset(seed=5)
    agent = e.agent_selection
    seat = int(agent.split("_")[1])
    obs = e.observe(agent)
    assert obs["action_mask"].sum() == len(e.game.legal_action_ids())
    assert obs["observation"].tolist() == pytest.approx(e.game.observation_tensor(seat))
    other = e.possible_agents[1 - seat]
    assert e.observe(other)["action_mask"].sum() == 0
    illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
    before = e.game.save()
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    assert e.game.save() == before


def test_the_gymnasium_solo_environment_plays_a_whole_game_against_odium() -> None:
    from gymnasium.utils.env_checker import check_env

    from calladventure.play.agents._gym_env import SoloEnv

    check_env(SoloEnv(on_illegal="penalize"), skip_render_check=True)
    env = SoloEnv()
    obs, _info = env.reset(seed=3)
    rnd = random.Random(3)
    done, reward = False, 0.0
    while not done:
        legal = obs["action_mask"].nonzero()[0]
        obs, reward, done, truncated, _ = env.step(int(rnd.choice(list(legal))))
        assert not truncated
    assert reward in (1.0, -1.0) and env.game.over
    bad = SoloEnv()
    bad.reset(seed=1)
    with pytest.raises(IllegalActionError):
        bad.step(bad.action_space.n - 1)
    assert isinstance(CastRunes(), CastRunes)


_NOT_IDS = (None, True, np.bool_(False), float("nan"), 1048.7, 3.0, "1048", "3", np.float64(3.0))


def test_pettingzoo_step_and_observe_refuse_non_integers_and_unknown_agents_typed_and_change_nothing() -> (
    None
):
    from calladventure.play.agents._pettingzoo_env import env

    e = env(players=2)
    e.reset(seed=5)
    before, agent = e.game.save(), e.agent_selection
    for bad in _NOT_IDS:
        with pytest.raises(TypeError, match="an action id is an integer, not"):
            e.step(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="action id is an integer from 0"):
        e.step(np.int64(e.game.num_distinct_actions()))
    for unknown in ("player_9", "Player_0", ""):
        with pytest.raises(UnknownValueError, match="the agents are player_0, player_1"):
            e.observe(unknown)
        with pytest.raises(UnknownValueError):
            e.action_space(unknown)
    with pytest.raises(UnknownValueError, match="did you mean 'player_"):
        e.observe("player_9")
    with pytest.raises(TypeError, match="an agent is a str"):
        e.observe(0)  # type: ignore[arg-type]
    assert e.game.save() == before and e.agent_selection == agent
    e.step(np.int64(e.game.legal_action_ids()[0]))  # a NumPy integer is an integer
    assert e.game.save() != before


def test_gymnasium_step_and_apply_action_refuse_non_integers_typed_and_change_nothing() -> None:
    from calladventure.play.agents._gym_env import SoloEnv

    for on_illegal in ("raise", "penalize"):
        solo = SoloEnv(on_illegal=on_illegal)
        solo.reset(seed=1)
        before = solo.game.save()
        for bad in _NOT_IDS:
            with pytest.raises(TypeError, match="an action id is an integer, not"):
                solo.step(bad)  # type: ignore[arg-type]
        assert solo.game.save() == before
    game = Game.new(players=2, seed=3)
    before = game.save()
    for bad in _NOT_IDS:
        with pytest.raises(IllegalActionError, match="action id is an integer from 0"):
            game.apply_action(bad)  # type: ignore[arg-type]
    assert game.save() == before


def test_solo_env_refuses_a_bad_on_illegal_typed() -> None:
    """000 · Glossary: Solo: the environment's mode word is checked at its door like an agent's name."""
    pytest.importorskip("gymnasium")
    from calladventure.play.agents._gym_env import SoloEnv
    from calladventure.values._errors import UnknownValueError

    with pytest.raises(
        UnknownValueError, match=r"'penalise'.*'raise' or 'penalize'.*did you mean 'penalize'"
    ):
        SoloEnv(on_illegal="penalise")
    with pytest.raises(TypeError, match="on_illegal is a str"):
        SoloEnv(on_illegal=None)  # type: ignore[arg-type]
