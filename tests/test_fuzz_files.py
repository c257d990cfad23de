"""The hostile-input corpus (``scripts/fuzz_files.py``): every mutated data file loads validly or is one clear error.

A bounded sample runs with the fast tests; the slow run tries 5,000 files. The harness itself is
checked too: a loader that coerces, crashes, hangs or writes is caught (each category can fail).
"""

from __future__ import annotations

import importlib.util
import sys
import time
import tomllib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load_fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_files", ROOT / "scripts" / "fuzz_files.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_files"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()


def test_the_writer_round_trips_every_bundled_file() -> None:
    for base in fuzz.bases(fuzz.data_root()):
        doc = tomllib.loads(base.path.read_text(encoding="utf-8"))
        assert tomllib.loads(fuzz.dumps(doc)) == doc, base.path


def test_a_bounded_sample_of_hostile_files_gives_only_loads_and_clear_errors() -> None:
    report = fuzz.run(250, seed=5)
    print(report.line())
    assert report.tried == 250 and report.clear > 150 and report.loaded > 10
    assert report.ok, report.tracebacks[:3] + report.silent[:3] + report.hangs[:3] + report.wrong_refusals[:3]
    assert "tracebacks: 0, silent acceptances: 0, hangs: 0" in report.line()


def _run_with(monkeypatch: pytest.MonkeyPatch, loader: Any, limit: float = 5.0) -> Any:
    monkeypatch.setitem(fuzz.LOADERS, "track", loader)
    return fuzz.run(40, seed=2, limit=limit, kinds=("track",))


def test_the_harness_catches_a_loader_that_coerces(monkeypatch: pytest.MonkeyPatch) -> None:
    from calladventure.data import bundled_track

    report = _run_with(monkeypatch, lambda _path: bundled_track("core"))
    assert report.silent and not report.tracebacks


def test_the_harness_catches_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(path: Path) -> Any:
        return tomllib.loads(path.read_text(encoding="utf-8"))["levels"][99]

    report = _run_with(monkeypatch, crash)
    assert report.tracebacks and not report.ok


def test_the_harness_catches_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    def slow(_path: Path) -> Any:
        time.sleep(1)

    monkeypatch.setitem(fuzz.LOADERS, "track", slow)
    report = fuzz.run(2, seed=2, limit=0.05, kinds=("track",))
    assert len(report.hangs) == 2


def test_the_harness_catches_a_loader_that_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    from calladventure.data import load_track

    def scribble(path: Path) -> Any:
        (path.parent / "scribble.txt").write_text("x", encoding="utf-8")
        return load_track(path)

    report = _run_with(monkeypatch, scribble)
    assert report.writes


@pytest.mark.slow
def test_five_thousand_hostile_files() -> None:
    report = fuzz.run(5000, seed=11)
    print(report.line())
    assert report.tried == 5000 and report.ok, report.line()


def _load_study_fuzz() -> ModuleType:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import fuzz_study_files
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return fuzz_study_files


@pytest.mark.parametrize("kind", ["journal", "table-csv", "table-parquet"])
def test_a_bounded_sample_of_hostile_study_files_gives_only_clear_errors_or_clean_rows(kind: str) -> None:
    if kind == "table-parquet":
        pytest.importorskip("pyarrow")
    report = _load_study_fuzz().run(120, seed=3, kinds=(kind,))
    print(report.line())
    assert report.tried == 120 and report.clear > 60
    assert report.ok, report.tracebacks[:3] + report.silent[:3] + report.hangs[:3] + report.writes[:3]


@pytest.mark.slow
def test_five_thousand_hostile_study_files_give_only_clear_errors_or_clean_rows() -> None:
    report = _load_study_fuzz().run(5000, seed=1)
    assert report.ok and report.tried == 5000, report.line()


def test_the_study_harness_catches_a_reader_that_accepts_a_forged_row(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    study = _load_study_fuzz()
    monkeypatch.setattr(study, "_load", lambda kind, target: [{"index": 0, "status": "ok", "total": 999}])
    report = study.run(10, seed=1, kinds=("journal",))
    assert len(report.silent) == 10 and not report.ok


def test_a_bounded_sample_of_hostile_score_cards_gives_only_loads_and_clear_errors() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    import fuzz_score_cards

    report = fuzz_score_cards.run(300, seed=4)
    assert report.tried == 300 and report.clear > 150 and report.loaded > 20
    assert report.ok, report.tracebacks[:3] + report.silent[:3] + report.hangs[:3] + report.wrong_refusals[:3]
