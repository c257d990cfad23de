"""Hostile-input fuzzing of a study's files: journals, and results tables in CSV and Parquet.

    python scripts/fuzz_files.py --kinds journal --count 5000
    python scripts/fuzz_files.py --kinds table-csv,table-parquet --count 5000

The kinds ``journal``, ``table-csv`` and ``table-parquet`` of ``scripts/fuzz_files.py`` live here.
Each file is a mutation of a real study's (a journal of an interrupted run, its finished table):
a cell made another type, out of range, a huge number, NaN, ``1_000``, other scripts' digits,
markup or an escape; a row deleted, repeated or taken from another study; a column dropped or
renamed; a Parquet column of another type; and the byte mutations (truncation, flipped bytes,
invalid UTF-8, a byte-order mark, NUL, a one-line file of megabytes, the other format's bytes).
Each is read by the reader ``--resume`` or ``report`` uses, and must either be accepted (a journal:
only rows of the clean run; a table: rows that pass an independent check) or raise one
:class:`~calladventure.play.simulate.SimulationError` naming the file. Anything else is counted,
as in ``fuzz_files.py``: a traceback, a silent acceptance, a hang, a file written; the peak memory
of the process is printed.
"""

from __future__ import annotations

import contextlib
import csv
import io
import random
import resource
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fuzz_files import Hang, Report, snapshot, time_limit

from calladventure.play.simulate import (
    Progress,
    SimulationError,
    StudySpec,
    derive_seed,
    partial_path,
    read_rows,
    simulate,
)
from calladventure.play.simulate._files import read_study

KINDS = ("journal", "table-csv", "table-parquet")
SPEC = StudySpec(players=2, bots="greedy,random", max_steps=140)  # some games fail: error rows too
SEED, GAMES = 3, 12
HOSTILE_CELLS = (
    "", "nan", "NaN", "1.5", "-1", "99", "1e9", "9" * 300, "1_000", " 7 ", "\u0667", "true", "[/]",
    "\x1b[2J", "x" * 5000, str(2**64 - 1), "-0", "exploded", "error", "ok", "0;0", "5", "None",
)  # fmt: skip


class Study:
    """The clean files of one small study: its journal (interrupted half way), CSV and Parquet tables."""

    def __init__(self, work: Path) -> None:
        work.mkdir()
        out = work / "base.csv"

        def stop(p: Progress) -> None:
            if p.done >= GAMES // 2:
                raise KeyboardInterrupt

        with contextlib.suppress(KeyboardInterrupt):
            simulate(SPEC, GAMES, seed=SEED, jobs=1, chunk_size=2, out=out, progress=stop)
        self.journal = partial_path(out).read_bytes()
        results = simulate(SPEC, GAMES, seed=SEED, jobs=1)
        self.rows = results.rows
        self.csv = results.save(work / "base-table.csv").read_bytes()
        self.parquet = results.save(work / "base-table.parquet").read_bytes()
        self.clean = {_key(r) for r in self.rows}
        partial_path(out).unlink()


def _key(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted(row.items()))


# ----------------------------------------------------------------------------- mutations


def _records(data: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))


def _csv(records: list[list[str]]) -> bytes:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    return out.getvalue().encode("utf-8")


def m_cell(rng: random.Random, records: list[list[str]]) -> str:
    line = rng.randrange(1, len(records))
    column = rng.randrange(len(records[0]))
    value = (
        rng.choice(HOSTILE_CELLS) if rng.random() < 0.8 else records[rng.randrange(1, len(records))][column]
    )
    records[line][column] = value
    return f"cell {records[0][column]}"


def m_row(rng: random.Random, records: list[list[str]]) -> str:
    line = rng.randrange(1, len(records))
    what = rng.choice(["delete", "repeat", "swap", "other study"])
    if what == "delete":
        del records[line]
    elif what == "repeat":
        records.insert(rng.randrange(1, len(records) + 1), list(records[line]))
    elif what == "swap":
        other = rng.randrange(1, len(records))
        records[line], records[other] = records[other], records[line]
    else:
        row = list(records[line])
        i = records[0].index("base_seed")
        row[i] = str(int(row[i]) + 1)
        records.append(row)
    return f"row {what}"


def m_column(rng: random.Random, records: list[list[str]]) -> str:
    column = rng.randrange(len(records[0]))
    what = rng.choice(["drop", "rename", "move"])
    for record in records:
        if column >= len(record):
            continue
        cell = record.pop(column)
        if what == "rename" and record is records[0]:
            record.insert(column, cell + "_x")
        elif what == "rename":
            record.insert(column, cell)
        elif what == "move":
            record.append(cell)
    return f"column {what}"


def byte_mutation(rng: random.Random, data: bytes, other: bytes) -> tuple[bytes, str]:
    what = rng.choice(
        ["truncate", "flip", "invalid utf-8", "bom", "nul", "huge line", "one byte", "empty", "other format"]
    )
    at = rng.randrange(max(1, len(data)))
    if what == "truncate":
        return data[:at], what
    if what == "flip":
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(out))
            out[i] = rng.randrange(256)
        return bytes(out), what
    if what == "invalid utf-8":
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80"]) + data[at:], what
    if what == "bom":
        return b"\xef\xbb\xbf" + data, what
    if what == "nul":
        return data[:at] + b"\x00" + data[at:], what
    if what == "huge line":
        return data[:at] + b"a" * rng.choice([40_000, 1 << 20, 20 << 20]) + data[at:], what
    if what == "one byte":
        return bytes([rng.randrange(256)]), what
    if what == "empty":
        return b"", what
    return other, what


def csv_variant(rng: random.Random, data: bytes, other: bytes) -> tuple[bytes, str]:
    if rng.random() < 0.3:
        return byte_mutation(rng, data, other)
    records = _records(data)
    name = rng.choice([m_cell, m_cell, m_cell, m_row, m_column])(rng, records)
    return _csv(records), name


def parquet_variant(rng: random.Random, study: Study, work: Path) -> tuple[bytes, str]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    if rng.random() < 0.4:
        return byte_mutation(rng, study.parquet, study.csv)
    table = pq.read_table(pa.BufferReader(study.parquet))
    i = rng.randrange(table.num_columns)
    name, n = table.column_names[i], table.num_rows
    kinds: list[tuple[str, Callable[[], Any]]] = [
        ("nan", lambda: pa.array([float("nan")] * n)),
        ("fraction", lambda: pa.array([1.5] * n)),
        ("uint64 max", lambda: pa.array([2**64 - 1] * n, pa.uint64())),
        ("list", lambda: pa.array([[1, 2]] * n)),
        ("nulls", lambda: pa.nulls(n)),
        ("string", lambda: pa.array([rng.choice(HOSTILE_CELLS)] * n)),
        ("int", lambda: pa.array([rng.choice([-1, 99, 10**18, 0, 5])] * n, pa.int64())),
        ("bool", lambda: pa.array([rng.random() < 0.5] * n)),
    ]
    what, make = rng.choice(kinds)
    if what == "string" and table.schema.field(i).type == pa.string():  # one cell, keeping the type
        values = table.column(i).to_pylist()
        values[rng.randrange(n)] = rng.choice(HOSTILE_CELLS)
        column = pa.array(values, pa.string())
    else:
        column = make()
    target = work / "variant.parquet"
    pq.write_table(table.set_column(i, name, column), target)
    return target.read_bytes(), f"parquet column {what}"


# ----------------------------------------------------------------------------- checking


def _valid_table(rows: list[dict[str, Any]]) -> list[str]:
    """An independent check of accepted rows: types, ranges, seeds, and every game whole."""
    problems: list[str] = []
    seats: dict[int, list[int]] = {}
    for row in rows:
        if row["status"] not in ("ok", "error") or row["seed"] != derive_seed(row["base_seed"], row["index"]):
            problems.append(f"row of game {row['index']}: status or seed")
        for value in row.values():
            if isinstance(value, str) and (not value.isprintable() or len(value) > 2000):
                problems.append(f"text {value[:20]!r}")
            if isinstance(value, float) or (isinstance(value, int) and abs(value) > 2**63):
                problems.append(f"number {value!r}")
        seats.setdefault(row["index"], []).append(-1 if row["status"] == "error" else row["seat"])
    for index, found in seats.items():
        if found != [-1] and sorted(found) != list(range(SPEC.players)):
            problems.append(f"game {index} seats {found}")
    return problems


def _load(kind: str, target: Path) -> list[dict[str, Any]]:
    if kind == "journal":
        return read_study([target], SPEC.key(), SEED, GAMES)
    return read_rows(target)


def check_one(report: Report, label: str, kind: str, target: Path, study: Study, limit: float) -> None:
    report.tried += 1
    before = snapshot(target.parent)
    try:
        with time_limit(limit):
            rows = _load(kind, target)
    except Hang:
        report.hangs.append(f"{label}: over {limit} s")
        return
    except SimulationError as err:
        if str(target) not in str(err):
            report.tracebacks.append(f"{label}: the error does not name {target}: {str(err)[:200]}")
        else:
            report.clear += 1
        return
    except BaseException as exc:  # anything else is a traceback a user would see
        report.tracebacks.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
        return
    finally:
        if snapshot(target.parent) != before:
            report.writes.append(label)
    if kind == "journal":
        problems = [
            f"row of game {r['index']} not the clean run's" for r in rows if _key(r) not in study.clean
        ]
    else:
        problems = _valid_table(rows)
    if problems:
        report.silent.append(f"{label}: accepted ({'; '.join(problems[:3])})")
    else:
        report.loaded += 1


def run(count: int, seed: int = 1, limit: float = 5.0, kinds: tuple[str, ...] = KINDS) -> Report:
    """Generate and read ``count`` hostile study files of ``kinds``; the report."""
    rng = random.Random(seed)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="calladventure-fuzz-study-") as tmp:
        work = Path(tmp)
        study = Study(work / "base")
        files = work / "files"
        files.mkdir()
        for i in range(count):
            kind = rng.choice(kinds)
            if kind == "journal":
                data, name = csv_variant(rng, study.journal, study.parquet)
                target = files / f"{i}.csv.partial.csv"
            elif kind == "table-csv":
                data, name = csv_variant(rng, study.csv, study.parquet)
                target = files / f"{i}.csv"
            else:
                data, name = parquet_variant(rng, study, work)
                target = files / f"{i}.parquet"
            report.by_mutation[name] += 1
            target.write_bytes(data)
            try:
                check_one(report, f"#{i} {kind} [{name}]", kind, target, study, limit)
            finally:
                target.unlink()
    return report


def peak_memory_mb() -> float:
    """The peak resident memory of this process so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


__all__ = ["KINDS", "peak_memory_mb", "run"]
