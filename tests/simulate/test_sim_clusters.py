"""simulate() on real clusters: a Dask LocalCluster of two worker processes, and Ray.

The library owns no cluster: the test starts one and hands simulate() its executor, as a user
with a cluster would; the rows must equal those of the default process pool, game for game.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from calladventure.play.simulate import RayExecutor, Results, StudySpec, open_executor, simulate

SPEC = StudySpec(players=2, bots="random")
GAMES = 24


@pytest.fixture(scope="module")
def process_rows() -> list[dict[str, object]]:
    return simulate(SPEC, GAMES, seed=5, jobs=2).rows


def test_dask_local_cluster_gives_the_process_pool_rows(
    process_rows: list[dict[str, object]], tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        out = tmp_path / "dask.parquet"
        results = simulate(SPEC, GAMES, seed=5, executor=client.get_executor(), chunk_size=4, out=out)
        pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert results.rows == process_rows
    assert Results.load(out).rows == process_rows
    assert len(pids) == 2 and results.cpu_seconds > 0


def test_the_dask_backend_of_the_command_line(process_rows: list[dict[str, object]]) -> None:
    pytest.importorskip("distributed")
    with open_executor("dask", jobs=2) as executor:
        assert simulate(SPEC, GAMES, seed=5, executor=executor).rows == process_rows


@pytest.mark.slow
def test_ray_gives_the_process_pool_rows(
    process_rows: list[dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("ray", reason="the ray extra is not installed (pip install '.[ray]')")
    # A loaded 2-core machine starts a local Ray node slowly: give its raylet two minutes, not Ray's default.
    monkeypatch.setenv("RAY_raylet_start_wait_time_s", "120")
    try:
        executor = RayExecutor(num_cpus=2)
    except Exception as exc:  # Ray's start-up failure is a bare Exception; anything else is a real failure
        if "timed out during startup" not in str(exc):
            raise
        pytest.skip(f"a local Ray node could not start on this machine within 120 s: {str(exc)[:120]}")
    try:
        assert simulate(SPEC, GAMES, seed=5, executor=executor, chunk_size=6).rows == process_rows
    finally:
        executor.shutdown(cancel_futures=True)
