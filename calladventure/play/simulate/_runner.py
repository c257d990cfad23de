"""``simulate``: play the games of a study on any executor, keep every finished game, resume the rest.

The games are split into small batches (:class:`~calladventure.play.simulate._rows.Chunk`), each a
task for the executor; a batch's rows depend only on the spec, the base seed and the game
indices, so the split changes nothing but speed. With ``out``, each finished batch is appended
to ``FILE.partial.csv`` at once; when the run completes, the whole table is written to ``FILE``
(sorted, CSV or Parquet) and the journal removed. An interrupted run (Ctrl-C, a worker killed,
a cluster lost) leaves the journal, and ``resume=True`` plays only the games it lacks.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import attrs

from ...data._problems import shown
from ._errors import SimulationError, SimulationIncomplete
from ._files import Journal, format_of, partial_path, read_study, write_rows
from ._results import Results, complete_games
from ._rows import MAX_GAMES, Chunk, Row, play_chunk
from ._spec import StudySpec

__all__ = ["Progress", "check_out", "default_chunk_size", "simulate"]


@attrs.frozen
class Progress:
    """How far a study has come: games done (``resumed`` of them by earlier runs) out of ``total``."""

    done: int
    total: int
    failed: int
    elapsed: float
    resumed: int = 0

    @property
    def rate(self) -> float:
        """Games per second of this run (0 before the first batch)."""
        played = self.done - self.resumed
        return played / self.elapsed if self.elapsed > 0 and played > 0 else 0.0


def default_chunk_size(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker, 1 to 50 games each (short tasks, cheap dispatch)."""
    return max(1, min(50, math.ceil(games / (4 * max(1, workers)))))


def _spec_of(spec: StudySpec | None, fields: dict[str, Any]) -> StudySpec:
    if spec is not None and fields:
        raise SimulationError(f"give a StudySpec or its fields, not both (got spec and {sorted(fields)})")
    if spec is not None:
        return spec.check()
    names = {f.name for f in attrs.fields(StudySpec)}
    given = {k: v for k, v in fields.items() if k in names}
    options = {k: v for k, v in fields.items() if k not in names}
    if options:
        given["options"] = {**dict(given.get("options", ())), **options}
    return StudySpec(**given).check()


def check_out(out: str | Path | None, *, resume: bool = False, overwrite: bool = False) -> list[Path]:
    """Check a results file can be written as asked, before any game is played; the files found.

    ``out`` must end in ``.csv`` or ``.parquet`` and its folder must exist. If it (or its
    journal) exists already, ``resume`` or ``overwrite`` must say what to do with it: nothing is
    ever replaced unasked. ``resume`` needs an ``out``.
    """
    if out is None:
        if resume:
            raise SimulationError("resume needs the results file of the run to complete (out=...)")
        return []
    path = Path(out)
    format_of(path)
    if not path.parent.exists():
        raise SimulationError(f"{path}: the folder {path.parent} does not exist")
    found = [p for p in (path, partial_path(path)) if p.exists()]
    if found and not resume and not overwrite:
        raise SimulationError(
            f"{found[0]} already exists: resume it (resume=True, --resume), replace it "
            "(overwrite=True, --overwrite) or choose another file"
        )
    return found


def _prepare(out: str | Path | None, resume: bool, overwrite: bool) -> tuple[Path | None, list[Path]]:
    found = check_out(out, resume=resume, overwrite=overwrite)
    if out is None:
        return None, []
    if found and not resume:
        for p in found:
            p.unlink()
        found = []
    return Path(out), found


def simulate(
    spec: StudySpec | None = None,
    games: int = 100,
    *,
    seed: int = 0,
    executor: Executor | None = None,
    jobs: int | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[Progress], None] | None = None,
    **fields: Any,
) -> Results:
    """Play ``games`` games of a study and return their rows as :class:`Results`.

    The study is ``spec``, or a :class:`StudySpec` built from ``fields`` (``players``, ``bots``,
    ``sets``, ``mode``, ``quest``, ``rotate``, ``max_steps``, and any rules option such as
    ``icon_sets="cap_at_four"``). Game ``i`` uses the seed ``derive_seed(seed, i)``.

    ``executor`` is any :class:`concurrent.futures.Executor` (a Dask ``Client.get_executor()``,
    a :class:`~calladventure.play.simulate._backends.RayExecutor` …); it is used, never shut
    down. Without one, a process pool of ``jobs`` workers (default: one per CPU) is started
    and stopped; ``jobs=1`` plays in this process. ``out`` is a ``.csv`` or ``.parquet`` file;
    ``resume=True`` completes the run that wrote it (the same study and seed), playing only
    the missing games; ``overwrite=True`` replaces it. ``progress`` is called with a
    :class:`Progress` after every batch.

    A game that raises is a failure row (its seed, the error), never a lost game. If some
    games never come back (a worker died), the rest are kept and :class:`SimulationIncomplete`
    is raised, naming the missing games; resume then plays just those.
    """
    study = _spec_of(spec, fields)
    _check_counts(games, seed, jobs, chunk_size)
    path, found = _prepare(out, resume, overwrite)
    existing = read_study(found, study.key(), seed, games)
    have = {int(r["index"] or 0) for r in existing}
    todo = [i for i in range(games) if i not in have]
    workers = jobs or os.cpu_count() or 1
    size = chunk_size or default_chunk_size(len(todo), workers)
    batches = [tuple(todo[i : i + size]) for i in range(0, len(todo), size)]
    journal = Journal(partial_path(path)) if path is not None else None
    run = _Run(games, existing, have, journal, progress)
    _play(study, seed, batches, executor, workers, run)
    return _finish(run, existing, len(todo), path)


def _check_counts(games: int, seed: int, jobs: int | None, chunk_size: int | None) -> None:
    if not 0 <= games <= MAX_GAMES:
        raise SimulationError(f"games must be 0 to {MAX_GAMES:,}, not {games}")
    if not -(2**63) <= seed < 2**63:
        raise SimulationError(f"the base seed must be a 64-bit number, not {shown(seed)}")
    if jobs is not None and jobs < 1:
        raise SimulationError(f"jobs must be at least 1, not {jobs}")
    if chunk_size is not None and chunk_size < 1:
        raise SimulationError(f"chunk_size must be at least 1 game, not {chunk_size}")


class _Run:
    """What a run of a study has gathered: the new rows (journalled as they come), the games lost, the time.

    Told after every batch (:meth:`report`): the games done, those done by earlier runs
    (``resumed``) and those that failed, as a :class:`Progress`.
    """

    def __init__(
        self,
        games: int,
        existing: list[Row],
        have: set[int],
        journal: Journal | None,
        progress: Callable[[Progress], None] | None,
    ) -> None:
        self.games, self.journal, self.progress = games, journal, progress
        self.start = time.perf_counter()
        self.new: list[Row] = []
        self.lost: list[int] = []
        self.causes: list[BaseException] = []
        self.cpu = 0.0
        self.played = 0
        self.failed = sum(1 for r in existing if r["status"] == "error")
        self.resumed = len({i for i in have if i < games})

    def record(self, chunk: Chunk) -> None:
        """A batch played: its rows kept (and journalled), its time and failures counted."""
        self.new.extend(chunk.rows)
        self.played += len(chunk.indices)
        if self.journal is not None:
            self.journal.append(chunk.rows)
        self.cpu += chunk.cpu_seconds
        self.failed += sum(1 for r in chunk.rows if r["status"] == "error")
        self.report()

    def lose(self, batch: tuple[int, ...], cause: BaseException) -> None:
        """A batch whose worker failed (not its games): its games are missing, resumable."""
        self.lost.extend(batch)
        self.causes.append(cause)

    def report(self) -> None:
        if self.progress is not None:
            done = self.resumed + self.played
            elapsed = time.perf_counter() - self.start
            self.progress(Progress(done, max(self.games, done), self.failed, elapsed, self.resumed))


def _play(
    study: StudySpec,
    seed: int,
    batches: list[tuple[int, ...]],
    executor: Executor | None,
    workers: int,
    run: _Run,
) -> None:
    """Play the batches: in this process, on the caller's executor, or on a process pool started and stopped here."""
    owned = ProcessPoolExecutor(max_workers=workers) if executor is None and workers > 1 and batches else None
    pool = executor or owned
    clean = False
    try:
        run.report()
        if pool is None:
            for batch in batches:
                run.record(play_chunk(study, seed, batch))
        else:
            _gather(pool, study, seed, batches, run)
        clean = True
    finally:
        if owned is not None:
            owned.shutdown(wait=clean, cancel_futures=True)
        if run.journal is not None:
            run.journal.close()


def _gather(pool: Executor, study: StudySpec, seed: int, batches: list[tuple[int, ...]], run: _Run) -> None:
    """Every batch submitted to the executor, each recorded as it comes back; any interruption cancels the rest."""
    futures: dict[Future[Chunk], tuple[int, ...]] = {
        pool.submit(play_chunk, study, seed, batch): batch for batch in batches
    }
    try:
        for future in as_completed(futures):
            try:
                chunk = future.result()
            except (Exception, CancelledError) as exc:  # the worker, not the game, failed
                run.lose(futures[future], exc)
                continue
            run.record(chunk)
    except BaseException:
        for future in futures:
            future.cancel()
        raise


def _finish(run: _Run, existing: list[Row], todo: int, path: Path | None) -> Results:
    """The results of the run: with every game back, written to ``path`` and the journal removed; else incomplete."""
    rows = complete_games(existing + run.new)
    results = Results(rows, cpu_seconds=run.cpu, wall_seconds=time.perf_counter() - run.start)
    if run.lost:
        where = f" and kept in {partial_path(path)}: run again with resume=True (--resume)" if path else ""
        cause = run.causes[0]
        raise SimulationIncomplete(
            f"{len(run.lost)} of {todo} games never came back ({type(cause).__name__}: {cause}); "
            f"{len(results)} games are finished{where}",
            results,
            sorted(run.lost),
        ) from cause
    if path is not None and run.journal is not None:
        write_rows(path, rows)
        run.journal.remove()
    return results
