"""The hostile corpus of saves and scenarios (``scripts/fuzz_saves.py``): every mutated file loads validly or is one clear error.

A bounded sample runs with the fast tests; the slow run tries 5,000 files. The harness is checked
too: a loader that accepts an inconsistent position, crashes, hangs or writes is caught.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fuzz = _load("fuzz_saves")


def test_a_bounded_sample_of_hostile_saves_and_scenarios_gives_only_loads_and_clear_errors() -> None:
    report = fuzz.run(200, seed=5)
    print(report.line())
    assert report.tried == 200 and report.clear > 120 and report.loaded > 5
    assert report.ok, report.tracebacks[:3] + report.silent[:3] + report.hangs[:3] + report.wrong_refusals[:3]
    assert "tracebacks: 0, silent acceptances: 0, hangs: 0" in report.line()


def test_the_save_mutations_of_positions_each_make_a_save_that_is_refused() -> None:
    import json
    import random

    from calladventure import Game
    from calladventure.values._errors import SaveFileError

    text = fuzz.base_saves()["coop-position"]
    for mutation in (fuzz.s_card_twice, fuzz.s_card_lost, fuzz.s_players, fuzz.s_seat, fuzz.s_level, fuzz.s_act,
                     fuzz.s_index, fuzz.s_path, fuzz.s_sets):  # fmt: skip
        doc = json.loads(text)
        assert mutation(random.Random(1), doc) is not None, mutation.__name__
        with pytest.raises(SaveFileError):
            Game.loads(json.dumps(doc))


def _with_loader(monkeypatch: pytest.MonkeyPatch, loader: Any, count: int = 30, limit: float = 5.0) -> Any:
    monkeypatch.setattr(fuzz, "load_save", loader)
    return fuzz.run(count, seed=2, limit=limit, kinds=("save",))


def test_the_harness_catches_a_loader_that_trusts_the_position(monkeypatch: pytest.MonkeyPatch) -> None:
    from calladventure import Game

    report = _with_loader(monkeypatch, lambda _path: Game.new(players=2, seed=1))
    assert report.silent and not report.tracebacks


def test_the_harness_catches_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(path: Path) -> Any:
        return [][int(path.stat().st_size > 0)]

    assert _with_loader(monkeypatch, crash).tracebacks


def test_the_harness_catches_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(_path: Path) -> Any:
        time.sleep(1)

    report = _with_loader(monkeypatch, slow, count=2, limit=0.05)
    assert len(report.hangs) == 2


def test_the_harness_catches_a_loader_that_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    from calladventure import Game

    def scribble(path: Path) -> Any:
        (path.parent / "scribble.txt").write_text("x", encoding="utf-8")
        return Game.load(path)

    assert _with_loader(monkeypatch, scribble).writes


@pytest.mark.slow
def test_five_thousand_hostile_saves_and_scenarios() -> None:
    report = fuzz.run(5000, seed=11)
    print(report.line())
    assert report.tried == 5000 and report.ok, report.line()
