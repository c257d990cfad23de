"""Study specs, per-game seeds and the rows of one game (calladventure.play.simulate: spec, rows)."""

from __future__ import annotations

import pytest

from calladventure import Game, RulesOptionError, UnknownCardError
from calladventure.play.bots import UnknownBotError, make_bots, play_game
from calladventure.play.simulate import (
    COLUMNS,
    SCORE_CATEGORIES,
    SimulationError,
    StudySpec,
    derive_seed,
    parse_options,
    play_chunk,
    play_one,
    score_columns,
)


def test_a_game_seed_depends_on_the_base_seed_and_index_only() -> None:
    assert derive_seed(0, 0) == derive_seed(0, 0)
    seeds = {derive_seed(base, i) for base in range(3) for i in range(500)}
    assert len(seeds) == 1500  # no two games of these studies share a seed
    assert all(0 <= s < 2**53 for s in seeds)
    assert derive_seed(1, 0) == 4647210531186830  # pinned: a change would silently change every study
    with pytest.raises(SimulationError):
        derive_seed(0, -1)


def test_a_spec_keeps_only_the_options_that_change_the_rules() -> None:
    spec = StudySpec(players=3, bots="Greedy, random", options={"icon_sets": "doubling", "first_game": True})
    assert spec.options == (("first_game", True),)
    assert spec.seat_bots(0) == ("greedy", "random", "greedy")
    assert StudySpec.from_key(spec.key()) == spec
    assert spec.key() == StudySpec(players=3, bots=["greedy", "random"], options=[("first_game", True)]).key()
    assert spec.options_text() == "first_game=True"
    assert spec.describe() == "3 heroes (greedy, random, greedy) · core · competitive · first_game=True"
    assert StudySpec().options_text() == ""


def test_rotated_bots_play_every_seat() -> None:
    spec = StudySpec(players=3, bots="greedy,random,random", rotate=True)
    assert [spec.seat_bots(i) for i in range(3)] == [
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    ]


def test_differences_name_each_setting_that_differs() -> None:
    a = StudySpec(players=2, bots="random")
    b = StudySpec(players=2, bots="greedy", options={"icon_sets": "cap_at_four"})
    assert a.differences(b) == [
        ("bots", "random,random", "greedy,greedy"),
        ("icon_sets", "doubling", "cap_at_four"),
    ]
    assert a.differences(StudySpec(players=2, bots="random,random")) == []


def test_rule_options_parse_from_text() -> None:
    assert parse_options(["icon_sets=cap_at_four", "first_game=true", "adversary_goal=6"]) == {
        "icon_sets": "cap_at_four",
        "first_game": True,
        "adversary_goal": 6,
    }
    with pytest.raises(SimulationError, match="OPTION=VALUE"):
        parse_options(["icon_sets"])
    with pytest.raises(RulesOptionError, match="cap_at_four"):
        parse_options(["icon_sets=sometimes"])


@pytest.mark.parametrize(
    ("spec", "error", "names"),
    [
        (lambda: StudySpec(players=5), SimulationError, "1 to 4"),
        (lambda: StudySpec(mode="team"), SimulationError, "competitive"),
        (lambda: StudySpec(bots="genius"), UnknownBotError, "greedy"),
        (lambda: StudySpec(bots=""), SimulationError, "greedy"),
        (lambda: StudySpec(sets="nowhere"), SimulationError, "core"),
        (lambda: StudySpec(max_steps=0), SimulationError, "max_steps"),
        (lambda: StudySpec(options={"icon_sets": "x"}), RulesOptionError, "doubling"),
        (
            lambda: StudySpec(sets="stormlight", mode="coop", quest="No Such Quest"),
            UnknownCardError,
            "No Such",
        ),
    ],
)
def test_a_bad_spec_fails_at_once_with_a_typed_error_naming_the_choices(
    spec: object, error: type[Exception], names: str
) -> None:
    with pytest.raises((error, ValueError)) as info:
        spec().check()  # type: ignore[operator]
    assert isinstance(info.value, ValueError)
    assert names in str(info.value)


def test_rows_of_a_game_are_the_game_played_on_its_own() -> None:
    """Game i is Game.new(seed) with make_bots(bots, players, seed): calladventure demo --seed replays it."""
    spec = StudySpec(players=2, bots="greedy,random")
    rows = play_one(spec, 5, 7)
    seed = derive_seed(5, 7)
    game = play_game(Game.new(players=2, seed=seed), make_bots("greedy,random", 2, seed))
    outcome = game.outcome()
    assert outcome is not None
    assert [r["total"] for r in rows] == [s.total for s in outcome.scores]
    assert [r["won"] for r in rows] == [s in outcome.winners for s in range(2)]
    assert rows[0]["winners"] == ";".join(map(str, outcome.winners))
    assert rows[0]["turns"] == game.state.turn.number and rows[0]["actions"] == len(game.history)
    assert [r["origin"] for r in rows] == [game.ctx.db[p.origin].name for p in game.state.players if p.origin]
    assert [r["bot"] for r in rows] == ["greedy", "random"]
    assert all(set(r) == {name for name, _ in COLUMNS} for r in rows)
    assert all(r["status"] == "ok" and r["heroes_win"] is None and r["quest"] is None for r in rows)


def test_score_columns_add_up_to_the_score() -> None:
    game = play_game(Game.new(players=3, seed=4), make_bots("greedy", 3, 4))
    for score in game.score():
        cols = score_columns(score)
        # Triumph, Tragedy and the Destiny points that are neither (changed on purpose: 000 · Rules Overview)
        assert cols["total"] == score.total == cols["triumph"] + cols["tragedy"] + cols["other"]
        assert sum(cols[f"points_{c}"] for c in SCORE_CATEGORIES) == score.total
        assert cols["points_other"] == 0  # every line of the score sheet has its category
        destiny = next(line for line in score.lines if line.label.startswith("Destiny:"))
        assert cols["points_destiny"] == destiny.points


def test_a_co_op_game_records_its_quest_outcome_and_tokens() -> None:
    spec = StudySpec(players=2, bots="greedy", sets="stormlight", mode="coop")
    rows = play_one(spec, 0, 1)
    head = rows[0]
    assert head["status"] == "ok" and head["quest"] and head["adversary"] == "Odium"
    assert isinstance(head["heroes_win"], bool) and isinstance(head["odium_tokens"], int)
    assert head["coop_reason"]
    assert all(r["heroes_win"] == head["heroes_win"] for r in rows)


def test_a_game_that_raises_is_one_error_row_with_its_seed() -> None:
    rows = play_one(StudySpec(players=2, max_steps=5), 0, 3)
    assert len(rows) == 1
    (row,) = rows
    assert row["status"] == "error" and row["seed"] == derive_seed(0, 3) and row["index"] == 3
    assert row["error"] == "RuntimeError: the game did not end within 5 actions"
    assert row["seat"] is None and row["total"] is None


def test_a_chunk_is_its_games_played_one_by_one() -> None:
    spec = StudySpec(players=2)
    chunk = play_chunk(spec, 2, (4, 1))
    assert list(chunk.rows) == play_one(spec, 2, 4) + play_one(spec, 2, 1)
    assert chunk.indices == (4, 1) and chunk.cpu_seconds > 0
