"""Saves validated before they are played: every defect of a trusted save, each refused.

A save is bounded JSON structured strictly; a start position is checked for consistency with or
without a digest (``000 · Deal the Cards``: every card in one place; seats, levels, rows and
indexes in range; the config matching the position); card sets are ids with recorded content
hashes, embedded when not bundled so that a fresh process loads them; every error is a
``SaveFileError`` naming the file and the field; saves of format ``/2`` written by earlier
engines keep loading, and pre-release ``/1`` saves are refused.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from calladventure import Game, Library
from calladventure.data import _limits as L
from calladventure.data._save_schema import SCHEMA_FILE, schema_text
from calladventure.game._library import DEFAULT
from calladventure.play.position import Position, card_set
from calladventure.play.scenario import Scenario
from calladventure.rules import attempt_pool
from calladventure.rules._cast import added_dark, pending_cast
from calladventure.values._actions import AttemptChallenge, CastRunes
from calladventure.values._cards import Card, CardType
from calladventure.values._cards import Path as CardPath
from calladventure.values._errors import (
    SaveFileError,
    SaveFormatError,
)
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import GameState

ROOT = Path(__file__).resolve().parents[1]
OLD = ROOT / "tests" / "data" / "saves"
SCENARIOS = ROOT / "examples" / "scenarios"


def _game(steps: int = 40, players: int = 2, seed: int = 3) -> Game:
    """A game from an exact position (its save holds the start state), ``steps`` random actions in."""
    game = Game.from_state(Game.new(players=players, seed=seed).state)
    rnd = random.Random(seed)
    for _ in range(steps):
        game.push(rnd.choice(list(game.legal_actions)))
    return game


def _doc(game: Game, *, digest: bool = False) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(game.save())
    if not digest:
        doc.pop("digest")
    return doc


def _refused(doc: Any, *fields: str, tmp: Path | None = None) -> SaveFileError:
    """Loading ``doc`` raises one SaveFileError naming the file and each of ``fields``."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    source: Any = text
    if tmp is not None:
        path = tmp / "broken.json"
        path.write_text(text, encoding="utf-8")
        source = path
    with pytest.raises(SaveFileError) as info:
        Game.load(source) if tmp is not None else Game.loads(source)
    err = info.value
    assert isinstance(err, SaveFormatError) and isinstance(err, ValueError)
    name = str(source) if tmp is not None else "<save text>"
    assert str(err).startswith(name), str(err)
    found = {p.field for p in err.problems}
    for field in fields:
        assert any(f is not None and f.startswith(field) for f in found), (field, str(err))
    return err


# ----------------------------------------------------------------------------- positions without a digest


def test_000_deal_the_cards_a_save_without_digest_with_a_card_in_two_places_is_refused(
    tmp_path: Path,
) -> None:
    doc = _doc(_game())
    doc["start"]["removed"].append(doc["start"]["hero_deck"][0])
    err = _refused(doc, "start.cards", tmp=tmp_path)
    assert "2 places" in str(err)


def test_000_deal_the_cards_a_save_with_a_card_in_no_place_is_refused() -> None:
    doc = _doc(_game())
    doc["start"]["hero_deck"].pop()
    assert "in no place" in str(_refused(doc, "start.cards"))


def test_000_setting_up_the_game_a_three_player_config_with_two_heroes_is_refused() -> None:
    doc = _doc(_game())
    doc["config"]["players"] = 3
    doc["start"]["config"]["players"] = 3
    _refused(doc, "start.players")
    doc = _doc(_game())
    doc["config"]["players"] = 3  # the config alone differs from the position's
    _refused(doc, "start.config")


def test_000_prepare_the_story_decks_an_act_iii_card_in_an_act_i_slot_is_refused() -> None:
    doc = _doc(_game())
    rows = doc["start"]["rows"]
    i = next(i for i, s in enumerate(rows[0]["slots"]) if s is not None)
    old = rows[0]["slots"][i]["card"]
    rows[0]["slots"][i]["card"] = rows[2]["deck"].pop(0)
    rows[2]["deck"].append(old)
    assert "Act 1 story card" in str(_refused(doc, f"start.rows[0].slots[{i}]"))


def test_000_setting_up_the_game_seats_levels_rows_and_indexes_out_of_range_are_refused() -> None:
    base = _doc(_game())
    cases: list[tuple[str, Any]] = [
        ("start.effects[0].target", lambda s: s["effects"].append(
            {"effect": {"kind": "bonus", "amount": 1}, "source": "", "owner": 0, "target": 9, "duration": "game"})),
        ("start.turn.seat", lambda s: s["turn"].__setitem__("seat", 3)),
        ("start.players[0].level", lambda s: s["players"][0].__setitem__("level", 9)),
        ("start.rows[1].slots", lambda s: s["rows"][1]["slots"].append(None)),
        ("start.rows", lambda s: s["rows"].pop()),
        ("start.turn.refill[0]", lambda s: s["turn"].__setitem__("refill", [[1, 4]])),
        ("start.final_turns[0]", lambda s: s.update(final_turns=[2], closed_by=0)),
        ("start.pending[", lambda s: s["pending"].append({"type": "ChooseDraw", "seat": 2, "count": 1})),
    ]  # fmt: skip
    for field, change in cases:
        doc = copy.deepcopy(base)
        change(doc["start"])
        _refused(doc, field)


def test_a_broken_save_never_reaches_the_rules_missing_config_start_yes_and_deep_nesting() -> None:
    doc = _doc(_game(), digest=True)
    del doc["config"]
    assert "'config' is missing" in str(_refused(doc, "config"))
    doc = _doc(_game(), digest=True)
    doc["start"] = "yes"
    _refused(doc, "start")
    deep = '{"format": "calladventure.save/2", "config": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert "MAX_SAVE_NESTING" in str(_refused(deep))
    _refused("[" * 10 + "]" * 10)  # JSON, but no object


def test_every_problem_of_the_structure_is_reported_at_once_each_with_its_field() -> None:
    doc = _doc(_game())
    doc["config"]["seed"] = "3"
    doc["config"]["players"] = True
    doc["start"]["players"][1]["xp"] = -4
    err = _refused(doc, "config.seed", "config.players")
    assert len(err.problems) >= 2 and "whole number" in str(err)


def test_no_coercion_strings_booleans_and_floats_are_not_numbers() -> None:
    for field, value in (("seed", "3"), ("seed", 3.0), ("players", True), ("players", "2")):
        doc = _doc(_game(), digest=True)
        doc["config"][field] = value
        _refused(doc, f"config.{field}")
    doc = _doc(_game(), digest=True)
    doc["config"]["rules"]["first_game"] = "no"
    _refused(doc, "config.rules.first_game")


# ----------------------------------------------------------------------------- paths, sets and limits


def test_paths_from_a_save_are_refused_only_ids_are_looked_up(tmp_path: Path) -> None:
    for key, value in (
        ("runes", "/etc/passwd"),
        ("track", "../../cards/tracks/core"),
        ("runes", "core.toml"),
    ):
        doc = _doc(_game(), digest=True)
        doc["config"][key] = value
        doc["start"]["config"][key] = value
        assert "not an id" in str(_refused(doc, f"config.{key}")) or "path" in str(_refused(doc))
    doc = _doc(_game(), digest=True)
    doc["config"]["sets"] = ["../core"]
    _refused(doc, "config.sets[0]")


def test_a_save_records_the_content_hash_of_every_card_set_and_checks_it() -> None:
    doc = _doc(_game(), digest=True)
    assert doc["format"] == "calladventure.save/2"
    assert doc["sets"] == {"core": {"digest": DEFAULT.set_digest("core")}}
    doc["sets"]["core"]["digest"] = "0" * 24
    assert "not the one the save was made with" in str(_refused(doc, "sets.core.digest"))


def _own_set(set_id: str, text: str) -> Any:
    cards = [
        Card(id="o", name="Owl Origin", type=CardType.ORIGIN, set=set_id, source="original", paths=(CardPath(label="Owl Origin"),)),
        Card(id="m", name="Mouse Motive", type=CardType.MOTIVATION, set=set_id, source="original", paths=(CardPath(label="Mouse Motive"),)),
        Card(id="d", name="Deer Destiny", type=CardType.DESTINY, set=set_id, source="original", paths=(CardPath(label="Deer Destiny"),)),
        Card(id="t", name="Tale", type=CardType.TRAIT, set=set_id, source="original", act=1, text=text, paths=(CardPath(),)),
    ]  # fmt: skip
    return card_set(set_id, cards, register=False)


def test_a_set_that_is_not_bundled_is_embedded_and_a_changed_one_is_refused() -> None:
    mine = _own_set("hard17-own", "one")
    game = Position(players=1, sets=("core", mine)).game()
    doc = _doc(game, digest=True)
    record = doc["sets"]["hard17-own"]
    assert [c["id"] for c in record["cards"]] == ["o", "m", "d", "t"]
    assert not DEFAULT.has_set("hard17-own")  # nothing was registered process-wide
    assert Game.loads(json.dumps(doc)).state == game.state  # the default library, and the save's cards
    other = Library(DEFAULT.expansions, [_own_set("hard17-own", "two")])
    assert Game.loads(json.dumps(doc), library=other).state == game.state  # the save's own cards win
    record["cards"][3]["text"] = "changed"
    assert "recorded content hash" in str(_refused(doc, "sets.hard17-own.digest"))
    doc["sets"]["hard17-own"] = {"digest": record["digest"]}
    _refused(doc, "sets.hard17-own")


def test_the_save_limits_are_each_refused_with_their_name(tmp_path: Path) -> None:
    doc = _doc(_game(), digest=True)
    doc["actions"] = ["pass"] * (L.MAX_SAVE_ACTIONS + 1)
    assert "MAX_SAVE_ACTIONS" in str(_refused(doc, "actions"))
    doc = _doc(_game(), digest=True)
    doc["start"]["removed"] = doc["start"]["removed"] * 0 + ["x"] * (L.MAX_SAVE_ITEMS + 1)
    _refused(doc, "start.removed")
    big = tmp_path / "big.json"
    big.write_text(json.dumps(_doc(_game(), digest=True)) + " " * L.MAX_SAVE_BYTES, encoding="utf-8")
    with pytest.raises(SaveFileError, match="MAX_SAVE_BYTES") as info:
        Game.load(big)
    assert str(big) in str(info.value)
    doc = _doc(_game(), digest=True)
    doc["sets"] = {f"s{i}": {"digest": "x"} for i in range(L.MAX_SAVE_SETS + 1)}
    assert "MAX_SAVE_SETS" in str(_refused(doc, "sets"))


def test_a_save_file_with_a_bom_loads_and_invalid_utf8_names_the_file(tmp_path: Path) -> None:
    game = _game()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + game.save().encode())
    assert Game.load(path).state == game.state
    path.write_bytes(game.save().encode()[:50] + b"\xff" + game.save().encode()[50:])
    with pytest.raises(SaveFileError, match="not UTF-8") as info:
        Game.load(path)
    assert str(path) in str(info.value)


# ----------------------------------------------------------------------------- what the engine writes loads


def test_a_cast_of_booleans_is_refused_at_push_and_the_game_is_unchanged() -> None:
    game = Game.new(players=1, seed=2)
    while not game.is_chance:
        legal = game.legal_actions
        game.push(next((a for a in legal if isinstance(a, AttemptChallenge)), legal[0]))
    att = game.state.attempt
    assert att is not None
    n = len(attempt_pool(game.ctx, game.state, att))
    before = game.save()
    with pytest.raises(IllegalActionError, match="whole numbers"):
        game.push(CastRunes((True,) * n))
    assert game.save() == before
    game.push(CastRunes((1,) * n))
    assert Game.loads(game.save()).state == game.state


def test_a_game_started_from_a_scenario_saves_and_loads_in_a_fresh_process(tmp_path: Path) -> None:
    """``calladventure play --load SCENARIO`` then ``s out.json``: the save reloads in a new process."""
    game = Scenario.load(SCENARIOS / "000-faqs-odiums-cards-take-effect.toml").run().game
    path = tmp_path / "out.json"
    game.save(path)
    code = (
        "import sys; from calladventure import Game; g = Game.load(sys.argv[1]); "
        "print(g.steps, g.config.sets[0])"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [str(game.steps), game.config.sets[0]]


def _dark_cast_due(state: GameState) -> bool:
    cast = pending_cast(state)
    return cast is not None and added_dark(cast) > 0


#: Saves of format /2 written by the engine at commit f3068f4 (competitive, co-op, co-op from a
#: position): they load exactly, digest checked, in every later version.
WRITTEN_BEFORE = sorted(OLD.glob("v2-*.json"))


@pytest.mark.parametrize("path", WRITTEN_BEFORE, ids=lambda p: p.stem)
def test_saves_of_format_2_written_by_an_earlier_engine_load_exactly(path: Path) -> None:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "calladventure.save/2" and doc["digest"]
    game = Game.load(path)
    # Dark runes added after a cast were cast inside the card's effect then: today their cast is a step.
    dark_casts = {i for i in range(len(game.history)) if _dark_cast_due(game.state_at(i))}
    assert [str(a) for i, a in enumerate(game.history) if i not in dark_casts] == doc["actions"]
    assert game.state_at(0) != game.state
    again = json.loads(game.save())
    if not dark_casts:
        assert again == doc  # written again exactly as it was
    else:  # written again with the added Dark runes' casts as steps of their own, and loading the same
        assert {k: v for k, v in again.items() if k not in ("actions", "digest")} == {
            k: v for k, v in doc.items() if k not in ("actions", "digest")
        }
        assert Game.loads(game.save()).state == game.state


def test_a_pre_release_save_of_format_1_is_refused_naming_the_file_and_the_format() -> None:
    """Format /1 was never written by a release: refused, not read without its digest checked."""
    path = OLD / "v1-coop-from-position.json"
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "calladventure.save/1"
    with pytest.raises(SaveFileError, match=r"calladventure\.save/1 was a pre-release format") as err:
        Game.load(path)
    assert (err.value.file, err.value.field) == (str(path), "format")
    assert str(path) in str(err.value) and "calladventure.save/2" in str(err.value)


def test_a_save_relabelled_format_1_is_refused_not_loaded_without_its_digest() -> None:
    doc = json.loads(WRITTEN_BEFORE[0].read_text(encoding="utf-8"))
    doc["digest"] = "0" * 24  # a digest that does not match: loading /2 refuses it ...
    with pytest.raises(SaveFileError, match="does not match the saved digest"):
        Game.loads(json.dumps(doc))
    doc["format"] = "calladventure.save/1"  # ... and relabelling the save /1 does not skip the check
    with pytest.raises(SaveFileError, match="pre-release format"):
        Game.loads(json.dumps(doc))


def test_a_save_refuses_a_replay_that_does_not_match_exactly() -> None:
    """A save's actions replay exactly as recorded: a save missing one of its passes is refused."""
    doc = json.loads((OLD / "v2-competitive.json").read_text(encoding="utf-8"))
    assert "pass" in doc["actions"]
    doc["actions"].remove("pass")
    with pytest.raises(SaveFileError, match="does not replay"):
        Game.loads(json.dumps(doc))


def test_every_example_scenario_game_saves_and_loads() -> None:
    for path in sorted(SCENARIOS.glob("*.toml")):
        game = Scenario.load(path).run().game
        assert Game.loads(game.save()).state == game.state, path.name


# ----------------------------------------------------------------------------- the schema


def test_the_committed_json_schema_is_current() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(DEFAULT.state_types()), (
        "run `python scripts/gen_save_schema.py`"
    )


def test_saves_the_engine_writes_validate_against_the_schema_and_broken_ones_do_not() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    coop = Game.from_state(Game.new(players=3, seed=2, sets=("stormlight",), mode="coop").state)
    rnd = random.Random(2)
    while not coop.over:
        coop.push(rnd.choice(list(coop.legal_actions)))
    scenario = Scenario.load(SCENARIOS / "000-faqs-odiums-cards-take-effect.toml").run().game
    for game in (_game(), coop, scenario):
        doc = json.loads(game.save())
        assert list(validator.iter_errors(doc)) == []
        doc["start"] = doc["start"] or {}
        doc["config"]["players"] = "2"
        assert list(validator.iter_errors(doc))


def test_a_save_error_is_a_typed_error_for_any_source() -> None:
    with pytest.raises(TypeError, match="reads a file path"):
        Game.load(12)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reads a save's JSON text"):
        Game.loads(Path("game.json"))  # type: ignore[arg-type]
    with pytest.raises(SaveFileError, match="not a calladventure save"):
        Game.loads(json.dumps({"format": "calladventure.scenario/1"}))


def test_explain_and_replay_of_a_save_with_an_out_of_range_level_report_one_line_not_a_traceback(
    tmp_path: Path,
) -> None:
    """They gave ``IndexError`` tracebacks: the save is refused before any picture is drawn."""
    from typer.testing import CliRunner

    from calladventure.cli import app

    doc = _doc(_game())
    doc["start"]["players"][1]["level"] = 9
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for command in ("explain", "replay"):
        result = CliRunner().invoke(app, [command, str(path)], input="q\n")
        assert result.exit_code != 0 and "Traceback" not in result.output
        assert f"{path}, field 'start.players[1].level'" in result.output


def test_a_set_with_a_new_story_icon_is_embedded_with_it_and_loads_in_a_fresh_process(tmp_path: Path) -> None:
    from calladventure.data import load_card_set
    from calladventure.expansions import BUNDLED

    lanterns = load_card_set(ROOT / "tests" / "data" / "lanterns")
    game = Game.new(players=2, seed=4, sets=("core", lanterns.id), library=Library(BUNDLED, [lanterns]))
    rnd = random.Random(4)
    for _ in range(60):
        game.push(rnd.choice(list(game.legal_actions)))
    path = tmp_path / "lanterns.json"
    game.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["sets"][lanterns.id]["new_icons"] == ["lantern"]
    code = "import sys; from calladventure import Game; print(Game.load(sys.argv[1]).steps)"
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "60"


def _random_game(seed: int, players: int = 2) -> Game:
    game = Game.new(players=players, seed=seed, record_events=False)
    rnd = random.Random(seed)
    while not game.over:
        game.push(rnd.choice(game.legal_list()))
    return game


def test_notations_kept_from_an_earlier_save_are_still_checked_against_each_game() -> None:
    """What a notation reads as is kept across loads; whether it is legal is decided in each game."""
    first, second = _random_game(0), _random_game(1)
    assert Game.loads(first.save()).state == first.state  # its notations are now kept
    again = Game.loads(first.save())  # read from what was kept: the same game
    assert again.history == first.history and again.state == first.state
    assert Game.loads(second.save()).state == second.state
    kept = {str(a) for a in first.history if not str(a).startswith("cast")}
    doc = json.loads(second.save())
    replay = Game.new_from_config(second.config, record_events=False)
    foreign: list[str] = []
    while replay.steps < len(second.history):  # the first step where a kept notation is illegal
        foreign = sorted(kept - {str(a) for a in replay.legal_list()})
        if foreign:
            break
        replay.push(second.history[replay.steps])
    assert foreign, "no step of the second game refuses a notation of the first"
    i = replay.steps
    doc["actions"][i] = foreign[0]
    with pytest.raises(SaveFileError) as err:
        Game.loads(json.dumps(doc))
    assert f"actions[{i}]" in str(err.value) and foreign[0][:20] in str(err.value)
