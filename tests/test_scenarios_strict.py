"""Scenario files through the data layer, and no process-wide state a file can change.

A scenario plays in its own library: its inline cards never replace a bundled set nor reach
another scenario; its card sets, rune sets and tracks are ids, looked up in the bundled data and
the folders the caller passes; it is read strictly (no coercion, ranges, bounded steps and sizes)
and every problem of the file is reported at once, with the step and the field.
"""

from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pytest

from calladventure import Game, Library
from calladventure.data import DataSources, data_root
from calladventure.data import _limits as L
from calladventure.game._library import DEFAULT
from calladventure.play.position import Position, card_set
from calladventure.play.scenario import Scenario, ScenarioError
from calladventure.play.scenario._convert import MAX_STEPS
from calladventure.values._cards import Card, CardType
from calladventure.values._cards import Path as CardPath
from calladventure.values._errors import LibraryError, SaveFileError

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "examples" / "scenarios"

SMALL = """
format = "calladventure.scenario/1"
question = "q"
answer = "a"
sections = ["000/attempt-a-challenge"]

[game]
players = 1
seed = 3
CARD_SET

[[heroes]]
origin = "Novice"

[[rows]]
act = 1
cards = ["High Wall", "Meadow"]

[[cards]]
name = "Novice"
type = "origin"

[[cards]]
name = "Meadow"
type = "trait"
act = 1
paths = [{ icons = ["nature"], triumph = TRIUMPH }]

[[cards]]
name = "High Wall"
type = "challenge"
act = 1
difficulty = 5
abilities = ["strength"]
paths = [{ label = "Climb" }, { label = "Go round" }]

[[steps]]
do = "attempt High Wall top"
expect = { odds = 0.0 }
"""


def _text(card_set: str = "", triumph: int = 1) -> str:
    return SMALL.replace("CARD_SET", card_set).replace("TRIUMPH", str(triumph))


# ----------------------------------------------------------------------------- no process-wide state


def test_a_scenario_naming_a_bundled_set_id_breaks_nothing_else() -> None:
    """It used to replace the bundled core set: afterwards ``Game.new()`` failed ("too few origins")."""
    before = Game.new(players=2, seed=1).save()
    with pytest.raises(ScenarioError, match="bundled") as info:
        Scenario.loads(_text('card_set = "core"'), file="evil.toml").run()
    assert str(info.value).startswith("evil.toml, [game], field 'card_set'")
    assert Game.new(players=2, seed=1).save() == before
    assert len(DEFAULT.get_set("core").cards) > 100
    assert Game.loads(before).state == Game.new(players=2, seed=1).state


def test_two_scenarios_with_the_same_set_id_do_not_see_each_other() -> None:
    """Scenarios without a ``card_set`` share the id "scenario": loading B must not change a game of A."""
    a = Scenario.loads(_text(triumph=1), file="a.toml").run().game
    saved = a.save()
    b = Scenario.loads(_text(triumph=5), file="b.toml").run().game
    assert a.config.sets == b.config.sets == ("scenario",)
    meadow = {g.ctx.db[c].paths[0].triumph for g in (a, b) for c in g.ctx.db if c.endswith("meadow")}
    assert meadow == {1, 5}
    assert not DEFAULT.has_set("scenario")
    again = Game.loads(saved)  # after B: A's cards came with the save, and its hash is checked
    assert again.state == a.state
    assert again.ctx.db["scenario/meadow"].paths[0].triumph == 1
    doc = json.loads(saved)
    doc["sets"]["scenario"]["cards"][1]["paths"][0]["triumph"] = 5
    with pytest.raises(SaveFileError, match="content hash"):
        Game.loads(json.dumps(doc))


def _own(set_id: str) -> list[Card]:
    return [Card(id="o", name="Solo Origin", type=CardType.ORIGIN, set=set_id, source="original",
                 paths=(CardPath(label="Solo Origin"),))]  # fmt: skip


def test_positions_keep_their_inline_sets_in_their_own_library() -> None:
    a = card_set("hard17-pos", _own("hard17-pos"), register=False)
    pos = Position(players=1, sets=("core", a))
    game = pos.game()
    assert "hard17-pos/o" in game.ctx.db and not DEFAULT.has_set("hard17-pos")
    assert game.library is pos.game_library() and game.library.parent is DEFAULT


def test_a_derived_library_keeps_what_it_registers() -> None:
    child = DEFAULT.derive([card_set("hard17-child", _own("hard17-child"), register=False)])
    assert child.has_set("hard17-child") and not DEFAULT.has_set("hard17-child")
    assert child.get_set("core") is DEFAULT.get_set("core")
    with pytest.raises(LibraryError, match="bundled"):
        child.register(card_set("core", _own("core"), register=False))
    with pytest.raises(LibraryError, match=r"known: .*core"):
        child.get_set("no-such-set")


def test_card_sets_rune_sets_and_tracks_are_found_by_id_in_the_folders_the_caller_gives(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "sets"
    shutil.copytree(data_root() / "core", folder / "mycore")
    text = (folder / "mycore" / "set.toml").read_text(encoding="utf-8")
    (folder / "mycore" / "set.toml").write_text(
        text.replace('id = "core"', 'id = "mycore"'), encoding="utf-8"
    )
    assert "mycore" not in DEFAULT.known_sets()
    lib = DEFAULT.derive(sources=DataSources(set_dirs=[folder]))
    game = Game.new(players=2, seed=1, sets=("mycore",), library=lib)
    assert game.config.sets == ("mycore",) and not DEFAULT.has_set("mycore")
    scenario = _text().replace("seed = 3", 'seed = 3\nsets = ["mycore"]')
    with pytest.raises(ScenarioError, match="no card set 'mycore'"):
        Scenario.loads(scenario).run()
    assert Scenario.loads(scenario, sources=DataSources(set_dirs=[folder])).run().ok
    # A save of it loads where the same folder is given (its cards are embedded too).
    assert Game.loads(game.save()).state == game.state


@pytest.mark.parametrize("key", ["sets", "runes", "track"])
@pytest.mark.parametrize("value", ["../core", "/etc/passwd", str(ROOT / "cards" / "runes" / "core.toml")])
def test_paths_in_a_scenario_are_refused_never_opened(key: str, value: str) -> None:
    entry = json.dumps([value] if key == "sets" else value)
    text = _text().replace("seed = 3", f"seed = 3\n{key} = {entry}")
    with pytest.raises(ScenarioError, match=r"path|not an id") as info:
        Scenario.loads(text, file="p.toml")
    assert str(info.value).startswith("p.toml, [game], field")


# ----------------------------------------------------------------------------- read strictly, all at once


def test_the_scenario_reader_imports_no_cattrs() -> None:
    for path in (ROOT / "calladventure" / "play" / "scenario").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [n for n in names if n.split(".")[0] == "cattrs"], path.name
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "calladventure.play.scenario._convert -> cattrs" not in pyproject


def test_every_problem_of_a_scenario_is_reported_at_once_with_step_and_field() -> None:
    text = (
        _text()
        .replace("expect = { odds = 0.0 }", 'expect = { odds = 0.0, xp = { P1 = "four" } }')
        .replace("seed = 3", 'seed = "3"')
        .replace("difficulty = 5", 'difficulty = "5"')
    )
    with pytest.raises(ScenarioError) as info:
        Scenario.loads(text, file="many.toml")
    where = {(p.where, p.field) for p in info.value.problems}
    assert ("[game]", "seed") in where and ("step 1", "expect.xp.P1") in where
    assert any(w and w.startswith("[[cards]] entry 3") for w, _f in where), where
    assert "3 more problem" in str(info.value) or "more problems" in str(info.value)


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("triumph = 1", 'triumph = "1"', "paths[0].triumph"),
        ("triumph = 1", "triumph = true", "paths[0].triumph"),
        ("triumph = 1", "triumph = 1.5", "paths[0].triumph"),
        ("triumph = 1", "triumph = 99", "paths[0].triumph"),
        ('type = "trait"', 'type = "trait"\nfirst_game_remove = "no"', "first_game_remove"),
        ("seed = 3", "seed = 3\nnew = 1", "new"),
    ],
)
def test_no_coercion_in_scenarios_strings_booleans_and_floats_are_refused(
    old: str, new: str, field: str
) -> None:
    text = _text().replace(old, new)
    assert text != _text()
    with pytest.raises(ScenarioError) as info:
        Scenario.loads(text)
    assert any(p.field == field for p in info.value.problems), str(info.value)


def test_scenario_limits_steps_size_and_nesting_are_refused_with_their_names(tmp_path: Path) -> None:
    steps = "\n[[steps]]\nend = true\n" * (MAX_STEPS + 1)
    with pytest.raises(ScenarioError, match="MAX_STEPS"):
        Scenario.loads(_text() + steps)
    big = tmp_path / "big.toml"
    big.write_text(_text() + "#" * L.MAX_FILE_BYTES, encoding="utf-8")
    with pytest.raises(ScenarioError, match="MAX_FILE_BYTES") as info:
        Scenario.load(big)
    assert str(info.value).startswith(str(big))
    deep = _text() + "\nzz = " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(ScenarioError, match="nested"):
        Scenario.loads(deep)


def test_scenario_reads_as_many_steps_as_docs_scenarios_md_promises() -> None:
    """The doc states ``MAX_STEPS``, and a file of exactly that many steps is read (the array limit aside)."""
    doc = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    assert f"`MAX_STEPS` ({MAX_STEPS:,}) steps" in doc
    steps = '\n[[steps]]\nnote = "a check"\n' * (MAX_STEPS - 1)
    assert len(Scenario.loads(_text() + steps).steps) == MAX_STEPS
    with pytest.raises(ScenarioError, match="MAX_STEPS"):
        Scenario.loads(_text() + steps + '\n[[steps]]\nnote = "one too many"\n')


@pytest.mark.parametrize("key", ["pass", "resolve", "end"])
def test_scenario_step_with_pass_false_is_refused_not_a_no_op_step(key: str) -> None:
    """000 · Hero and Antihero Cards: ``pass = false`` would pass no window; it names the file, step and field."""
    with pytest.raises(ScenarioError, match="must be true when given") as info:
        Scenario.loads(_text() + f"\n[[steps]]\n{key} = false\n", file="steps.toml")
    assert [(p.where, p.field) for p in info.value.problems] == [("step 2", key)]
    assert str(info.value).startswith("steps.toml")


def test_a_scenario_with_a_bom_loads_and_invalid_utf8_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + _text().encode())
    assert Scenario.load(path).run().ok
    path.write_bytes(_text().encode()[:40] + b"\xff" + _text().encode()[40:])
    with pytest.raises(ScenarioError, match="not UTF-8") as info:
        Scenario.load(path)
    assert str(info.value).startswith(str(path))


def test_an_inline_card_is_validated_like_a_card_file_hook_parameters_included() -> None:
    bad = _text().replace(
        'paths = [{ label = "Climb" }, { label = "Go round" }]',
        'paths = [{ label = "Climb" }, { label = "Go round" }]\n'
        'powers = [{ trigger = "on_gain", effects = [{ kind = "hook", name = "steal_xp", params = { bogus = 1 } }] }]',
    )
    with pytest.raises(ScenarioError, match="bogus") as info:
        Scenario.loads(bad, file="hook.toml")
    assert info.value.where == "[[cards]] entry 3 (High Wall)"


def test_a_library_that_loads_a_save_is_the_callers_own(tmp_path: Path) -> None:
    mine = Library(DEFAULT.expansions)
    game = Game.new(players=2, seed=3, library=mine)
    assert Game.loads(game.save(), library=mine).library is mine
