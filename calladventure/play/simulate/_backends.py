"""Executors to run a study on: a process pool, a Dask cluster, a Ray cluster.

:func:`~calladventure.play.simulate._runner.simulate` takes any
:class:`concurrent.futures.Executor`, so a library user hands it the executor of a cluster they
already run (``distributed.Client(address).get_executor()``, or :class:`RayExecutor`). The
library owns no cluster: :func:`open_executor` only starts one for the command line, and stops
it afterwards. Dask and Ray are optional extras (``.[dask]``, ``.[ray]`` from a checkout),
imported only when chosen; the workers must have calladventure installed.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from ._errors import MissingExtraError, SimulationError

__all__ = ["BACKENDS", "RayExecutor", "open_executor"]

#: The backends of ``calladventure simulate --backend``.
BACKENDS: tuple[str, ...] = ("process", "dask", "ray")

T = TypeVar("T")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise MissingExtraError("ray", "the Ray backend", "ray") from None
    return ray


class RayExecutor(Executor):
    """A :class:`concurrent.futures.Executor` whose tasks run as Ray tasks.

    Connects to the Ray cluster at ``address`` (``"auto"``, ``"ray://host:10001"``), or starts a
    local one with ``num_cpus`` workers when no address is given and Ray is not running yet; a
    cluster it started is stopped by :meth:`shutdown`.
    """

    def __init__(self, address: str | None = None, num_cpus: int | None = None):
        ray = _ray()
        self._ray = ray
        self._owns = not ray.is_initialized()
        if self._owns:
            local = {"num_cpus": num_cpus} if address is None else {}
            ray.init(address=address, include_dashboard=False, log_to_driver=False, **local)
        self._remote: dict[Callable[..., Any], Any] = {}
        self._refs: list[Any] = []

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        ref = remote.remote(*args, **kwargs)
        self._refs.append(ref)
        future: Future[T] = ref.future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if cancel_futures:
            for ref in self._refs:
                with suppress(Exception):  # a finished task cannot be cancelled: nothing to do
                    self._ray.cancel(ref)
        self._refs.clear()
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise MissingExtraError("dask.distributed", "the Dask backend", "dask") from None
    return distributed


@contextmanager
def _dask(jobs: int | None, scheduler: str | None) -> Iterator[Executor]:
    distributed = _distributed()
    cluster = None
    if scheduler is None:
        cluster = distributed.LocalCluster(
            n_workers=jobs or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client = distributed.Client(cluster)
    else:
        client = distributed.Client(scheduler)
    try:
        yield client.get_executor(pure=False)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def open_executor(
    backend: str = "process", *, jobs: int | None = None, scheduler: str | None = None
) -> Iterator[Executor]:
    """An executor of ``backend`` (``"process"``, ``"dask"`` or ``"ray"``), shut down on leaving.

    ``jobs`` is the number of local worker processes (default: one per CPU). ``scheduler`` is
    the address of an existing Dask scheduler or Ray cluster to use instead of starting one.
    """
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; choose from {list(BACKENDS)}")
    if jobs is not None and jobs < 1:
        raise SimulationError(f"jobs must be at least 1, not {jobs}")
    if backend == "process":
        if scheduler is not None:
            raise SimulationError("a scheduler address needs --backend dask or ray, not process")
        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            yield pool
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    elif backend == "dask":
        with _dask(jobs, scheduler) as executor:
            yield executor
    else:
        ray_executor = RayExecutor(scheduler, jobs)
        try:
            yield ray_executor
        finally:
            ray_executor.shutdown(cancel_futures=True)
