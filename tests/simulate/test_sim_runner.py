"""simulate(): the same rows however the games are split; files, resume, failures and lost workers."""

from __future__ import annotations

import builtins
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import calladventure
from calladventure.play.simulate import (
    Progress,
    Results,
    SimulationError,
    SimulationIncomplete,
    StudySpec,
    derive_seed,
    partial_path,
    read_rows,
    simulate,
)

SPEC = StudySpec(players=2, bots="random")


@pytest.fixture(scope="module")
def reference() -> Results:
    """Twenty games played in this process, one at a time: what every other split must give."""
    return simulate(SPEC, 20, seed=9, jobs=1, chunk_size=1)


def test_the_split_never_changes_the_rows(reference: Results) -> None:
    assert len(reference) == 20 and len(reference.heroes()) == 40
    assert simulate(SPEC, 20, seed=9, jobs=2, chunk_size=3).rows == reference.rows
    with ThreadPoolExecutor(3) as pool:
        assert simulate(SPEC, 20, seed=9, executor=pool, chunk_size=7).rows == reference.rows
    assert [r["seed"] for r in reference.games()] == [derive_seed(9, i) for i in range(20)]


def test_fields_or_a_spec_and_the_package_level_name(reference: Results) -> None:
    assert calladventure.simulate is simulate
    rows = calladventure.simulate(games=5, players=2, bots="random", seed=9, jobs=1).rows
    assert rows == [r for r in reference.rows if int(r["index"]) < 5]
    assert simulate(games=1, players=2, jobs=1, icon_sets="cap_at_four").spec.options == (
        ("icon_sets", "cap_at_four"),
    )
    with pytest.raises(SimulationError, match="not both"):
        simulate(SPEC, 1, players=3)
    with pytest.raises(SimulationError, match="0 to 1,000,000"):
        simulate(SPEC, -1)
    with pytest.raises(SimulationError, match="jobs must be at least 1, not 0"):
        simulate(SPEC, 2, jobs=0)
    with pytest.raises(SimulationError, match="chunk_size must be at least 1 game, not 0"):
        simulate(SPEC, 2, chunk_size=0)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_a_results_file_reads_back_exactly(reference: Results, tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"study{suffix}"
    results = simulate(SPEC, 20, seed=9, jobs=1, out=out)
    assert results.rows == reference.rows
    assert Results.load(out).rows == reference.rows
    assert not partial_path(out).exists()  # the journal is gone once the file is complete


def test_an_existing_file_is_never_replaced_unasked(tmp_path: Path) -> None:
    out = tmp_path / "study.csv"
    simulate(SPEC, 3, jobs=1, out=out)
    before = out.read_bytes()
    with pytest.raises(SimulationError, match="resume"):
        simulate(SPEC, 3, jobs=1, out=out, seed=1)
    assert out.read_bytes() == before
    simulate(SPEC, 2, jobs=1, out=out, seed=1, overwrite=True)
    assert len(Results.load(out)) == 2
    with pytest.raises(SimulationError, match=r"\.parquet"):
        simulate(SPEC, 1, jobs=1, out=tmp_path / "study.txt")
    with pytest.raises(SimulationError, match="does not exist"):
        simulate(SPEC, 1, jobs=1, out=tmp_path / "nowhere" / "study.csv")
    with pytest.raises(SimulationError, match="out="):
        simulate(SPEC, 1, jobs=1, resume=True)


def test_resume_plays_only_the_missing_games(reference: Results, tmp_path: Path) -> None:
    out = tmp_path / "study.csv"
    simulate(SPEC, 8, seed=9, jobs=1, out=out)
    seen: list[Progress] = []
    results = simulate(SPEC, 20, seed=9, jobs=1, out=out, resume=True, progress=seen.append)
    assert results.rows == reference.rows
    assert seen[0].done == seen[0].resumed == 8 and seen[-1].done == seen[-1].total == 20
    assert seen[-1].rate > 0


def test_resume_refuses_another_study(tmp_path: Path) -> None:
    out = tmp_path / "study.csv"
    simulate(SPEC, 2, seed=9, jobs=1, out=out)
    with pytest.raises(SimulationError, match="icon_sets doubling there, cap_at_four here"):
        simulate(games=4, players=2, seed=9, jobs=1, out=out, resume=True, icon_sets="cap_at_four")
    with pytest.raises(SimulationError, match="seed 9 there, 10 here"):
        simulate(SPEC, 4, seed=10, jobs=1, out=out, resume=True)


def test_a_game_that_raises_is_recorded_never_dropped(tmp_path: Path) -> None:
    spec = StudySpec(players=2, bots="random", max_steps=140)  # random games take 100 to 250 actions
    out = tmp_path / "study.csv"
    results = simulate(spec, 12, seed=2, jobs=2, chunk_size=2, out=out)
    failures = results.failures()
    assert 0 < len(failures) < 12 and len(results) == 12
    for row in failures:
        assert row["seed"] == derive_seed(2, int(row["index"]))
        assert row["error"] == "RuntimeError: the game did not end within 140 actions"
    assert Results.load(out).failures() == failures
    again = simulate(spec, 12, seed=2, jobs=1, out=out, resume=True)  # a failure is a result: not replayed
    assert again.rows == results.rows


def test_an_interrupted_run_keeps_its_games_and_resume_completes_it(
    reference: Results, tmp_path: Path
) -> None:
    out = tmp_path / "study.parquet"

    def interrupt(p: Progress) -> None:
        if p.done >= 6:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(SPEC, 20, seed=9, jobs=1, chunk_size=3, out=out, progress=interrupt)
    assert not out.exists()
    kept = read_rows(partial_path(out))
    assert len({r["index"] for r in kept}) == 6
    assert simulate(SPEC, 20, seed=9, jobs=1, out=out, resume=True).rows == reference.rows


def test_a_torn_last_line_of_the_journal_is_played_again(reference: Results, tmp_path: Path) -> None:
    out = tmp_path / "study.csv"
    journal = partial_path(out)
    with pytest.raises(KeyboardInterrupt):
        simulate(SPEC, 20, seed=9, jobs=1, chunk_size=4, out=out, progress=_stop_after(8))
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text[: len(text) - 25], encoding="utf-8")  # the process died mid-write
    assert simulate(SPEC, 20, seed=9, jobs=1, out=out, resume=True).rows == reference.rows


def _stop_after(games: int) -> Any:
    def stop(p: Progress) -> None:
        if p.done >= games:
            raise KeyboardInterrupt

    return stop


def test_a_killed_worker_loses_no_finished_game_and_resume_completes_the_run(tmp_path: Path) -> None:
    spec = StudySpec(players=2, bots="greedy")
    out = tmp_path / "study.csv"
    killed: list[int] = []

    def kill_a_worker(p: Progress) -> None:
        if p.done >= 2 and not killed:
            worker = multiprocessing.active_children()[0]
            assert worker.pid is not None
            os.kill(worker.pid, signal.SIGKILL)
            killed.append(worker.pid)

    with pytest.raises(SimulationIncomplete) as info:
        simulate(spec, 40, seed=4, jobs=2, chunk_size=1, out=out, progress=kill_a_worker)
    lost = info.value
    assert killed and lost.missing and "resume" in str(lost)
    finished = lost.results.indices()
    assert len(finished) >= 2 and finished.isdisjoint(lost.missing)
    assert finished | set(lost.missing) == set(range(40))
    assert {int(r["index"]) for r in read_rows(partial_path(out))} == finished  # kept on disk
    done = simulate(spec, 40, seed=4, jobs=2, out=out, resume=True)
    assert done.rows == simulate(spec, 40, seed=4, jobs=2).rows


def test_a_process_pool_of_the_caller_is_used_and_left_running(reference: Results) -> None:
    with ProcessPoolExecutor(2) as pool:
        assert simulate(SPEC, 20, seed=9, executor=pool).rows == reference.rows
        assert pool.submit(int, "3").result() == 3


def test_tables_and_dataframes(reference: Results) -> None:
    games = reference.games()
    assert len(games) == 20 and "seat" not in games[0]
    frame = reference.to_pandas()
    assert len(frame) == 40
    assert str(frame["total"].dtype) == "Int64" and str(frame["won"].dtype) == "boolean"
    assert frame.groupby("seat")["won"].mean().between(0, 1).all()
    assert len(reference.to_pandas("games")) == 20
    with pytest.raises(SimulationError, match="heroes"):
        reference.to_pandas("seats")
    assert repr(reference) == "<Results 20 games (0 failed): 2 heroes (random, random) · core · competitive>"


def test_without_pandas_or_pyarrow_csv_still_works(
    reference: Results, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def no_extras(name: str, *args: Any, **kwargs: Any) -> Any:
        if name.split(".")[0] in ("pandas", "pyarrow"):
            raise ImportError(f"no module named {name}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_extras)
    out = tmp_path / "study.csv"
    simulate(SPEC, 20, seed=9, jobs=1, out=out)
    assert Results.load(out).rows == reference.rows
    with pytest.raises(SimulationError, match=r"pip install '\.\[sim\]' in the calladventure checkout"):
        reference.to_pandas()
    with pytest.raises(SimulationError, match="pyarrow"):
        reference.save(tmp_path / "study.parquet")


def test_a_file_that_is_not_a_results_table_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "other.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(SimulationError, match="missing columns"):
        Results.load(bad)
    good = tmp_path / "good.csv"
    simulate(SPEC, 1, jobs=1, out=good)
    good.write_text(good.read_text(encoding="utf-8").replace(",ok,", ",ok-ish,").replace(",2,ok", ",x,ok"))
    with pytest.raises(SimulationError, match="line 2, column players"):
        Results.load(good)
