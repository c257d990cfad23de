"""Balance studies: play thousands of seeded games on any executor and tabulate them.

    >>> from calladventure.play.simulate import simulate
    >>> results = simulate(games=4, players=2, bots="random", seed=1, jobs=1)
    >>> len(results), len(results.heroes())
    (4, 8)

Game ``i`` of a study is fixed by its :class:`StudySpec`, the base seed and ``i`` alone
(:func:`derive_seed`), so the rows never depend on how the games were split among workers.
:func:`simulate` runs on a process pool by default, or on any
:class:`concurrent.futures.Executor` (Dask, Ray); :func:`summarize` and :func:`compare` give win
rates with Wilson intervals (:mod:`calladventure.play._stats`). docs/simulation.md is the guide.
"""

from __future__ import annotations

from ._backends import BACKENDS, RayExecutor, open_executor
from ._errors import MissingExtraError, SimulationError, SimulationIncomplete
from ._files import FORMATS, partial_path, read_rows, write_rows
from ._results import Results, complete_games
from ._rows import COLUMNS, SCORE_CATEGORIES, SCORE_COLUMNS, Chunk, Row, play_chunk, play_one, score_columns
from ._runner import Progress, check_out, default_chunk_size, simulate
from ._spec import MODES, StudySpec, derive_seed, parse_options
from ._summary import Comparison, Contrast, Failure, Rate, Report, compare, seat_label, summarize

__all__ = [
    "BACKENDS",
    "COLUMNS",
    "FORMATS",
    "MODES",
    "SCORE_CATEGORIES",
    "SCORE_COLUMNS",
    "Chunk",
    "Comparison",
    "Contrast",
    "Failure",
    "MissingExtraError",
    "Progress",
    "Rate",
    "RayExecutor",
    "Report",
    "Results",
    "Row",
    "SimulationError",
    "SimulationIncomplete",
    "StudySpec",
    "check_out",
    "compare",
    "complete_games",
    "default_chunk_size",
    "derive_seed",
    "open_executor",
    "parse_options",
    "partial_path",
    "play_chunk",
    "play_one",
    "read_rows",
    "score_columns",
    "seat_label",
    "simulate",
    "summarize",
    "write_rows",
]
