"""Results tables on disk: CSV (always) and Parquet (with pyarrow), and the journal of a running study.

Both formats keep the schema of :data:`~calladventure.play.simulate._rows.SCHEMA`, and both are
read through :mod:`~calladventure.play.simulate._schema`, a chunk at a time: a file with other
columns, a cell outside its column's type or range, a row of another study or a game not whole
is refused, every problem at once, by :class:`~calladventure.play.simulate._errors.ResultsFileError`.
The size of a file is bounded before it is read (:data:`MAX_TABLE_BYTES`, :data:`MAX_TABLE_ROWS`,
:data:`MAX_LINE_CHARS`). A finished file is written whole, to a temporary name first and then
renamed, so it is never half-written. While a study runs, each finished batch of games is
appended to a journal, ``FILE.partial.csv``: the table's columns and a ``digest`` of each row,
so a row edited by hand or copied from another journal is refused. Only a torn final line (the
run died mid-write) is dropped, and cut off before the journal grows.
"""

from __future__ import annotations

import csv
import hashlib
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from ...data._problems import shown
from ._errors import MissingExtraError, SimulationError
from ._rows import COLUMNS, SCHEMA, Row, Value
from ._schema import BadCell, Games, parse_cell

__all__ = [
    "CHUNK_ROWS",
    "FORMATS",
    "MAX_LINE_CHARS",
    "MAX_TABLE_BYTES",
    "MAX_TABLE_ROWS",
    "Journal",
    "format_of",
    "partial_path",
    "read_rows",
    "read_study",
    "row_digest",
    "to_pandas",
    "write_rows",
]

#: The file formats of a results table, by suffix.
FORMATS: tuple[str, ...] = (".csv", ".parquet")

MAX_TABLE_BYTES = 1 << 30
"""Bytes in one results table or journal (1 GiB; 100,000 four-hero games take about 200 MB)."""
MAX_TABLE_ROWS = 4_000_000
"""Rows in one results table or journal (a study of the most games, four heroes each)."""
MAX_LINE_CHARS = 32_768
"""Characters in one line of a CSV table (a row takes about 450; each text cell is bounded too)."""
CHUNK_ROWS = 10_000
"""Rows a Parquet table is read in at a time (a CSV table is read a line at a time)."""

_NAMES: tuple[str, ...] = tuple(name for name, _ in COLUMNS)
_JOURNAL: tuple[str, ...] = (*_NAMES, "digest")
_PARQUET_MAGIC = b"PAR1"


def format_of(path: str | Path) -> str:
    """The format of a results file from its suffix (``".csv"`` or ``".parquet"``)."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise SimulationError(
            f"{path}: a results file ends in one of {list(FORMATS)}, not {suffix or 'nothing'!r}"
        )
    return suffix


def partial_path(path: str | Path) -> Path:
    """The journal of a study writing ``path``: ``path`` + ``.partial.csv``."""
    p = Path(path)
    return p.with_name(p.name + ".partial.csv")


def row_digest(cells: Sequence[str]) -> str:
    """The digest of a journal row's cells: it catches a row edited by hand or taken from another journal.

    Not a signature (anyone can recompute it): a journal is the working file of one's own run.
    """
    text = "\x1f".join(cells).encode("utf-8", "surrogatepass")
    return hashlib.blake2b(text, digest_size=8, person=b"ca.journal/1").hexdigest()


# ----------------------------------------------------------------------------- CSV


def _cell(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _cells(row: Row) -> list[str]:
    return [_cell(row.get(name)) for name in _NAMES]


class _Lines:
    """The lines of a text file, each at most :data:`MAX_LINE_CHARS` characters (else :class:`BadCell`).

    With ``drop_torn``, a final line without its newline (cut short as it was written) is not given.
    """

    def __init__(self, text: TextIO) -> None:
        self.text = text
        self.number = 0
        self.drop_torn = False
        self.torn = False
        self.header_ended = False

    def _read(self) -> str:
        line = self.text.readline(MAX_LINE_CHARS + 1)
        if len(line) > MAX_LINE_CHARS:
            raise BadCell(f"line {self.number + 1} is longer than {MAX_LINE_CHARS:,} characters")
        return line

    def __iter__(self) -> Iterator[str]:
        line = self._read()
        while line:
            self.number += 1
            self.header_ended = self.header_ended or line.endswith("\n")
            following = self._read()
            if not following and not line.endswith("\n") and self.drop_torn:
                self.torn = True
                return
            yield line
            line = following


def _read_csv(path: Path, games: Games) -> bool:
    """Read a CSV table or journal into ``games``; whether it is a journal."""
    file = str(path)
    with path.open("rb") as raw:
        if raw.read(4) == _PARQUET_MAGIC:
            games.problem(file, "this is a Parquet file, not CSV: name it .parquet")
            return False
    journal = False
    with path.open("r", encoding="utf-8", newline="") as text:
        lines = _Lines(text)
        reader = csv.reader(lines, strict=True)
        try:
            found = _header(next(reader, None), file, games)
            if found is None:
                return False
            journal = lines.drop_torn = found
            if journal and not lines.header_ended:
                games.problem(file, "line 1: the header does not end (a journal's header is written whole)")
            for record in reader:
                _record(record, reader.line_num, journal, file, games)
                if games.stopped or games.count > MAX_TABLE_ROWS:
                    break
        except UnicodeDecodeError as exc:
            games.problem(file, f"line {lines.number + 1}: not UTF-8 text ({exc.reason})")
        except csv.Error as exc:
            games.problem(file, f"line {lines.number}: not CSV ({exc})")
        except BadCell as exc:
            games.problem(file, str(exc))
    if games.count > MAX_TABLE_ROWS:
        games.problem(file, f"more than {MAX_TABLE_ROWS:,} rows")
    return journal


def _header(header: list[str] | None, file: str, games: Games) -> bool | None:
    """Check the header line: whether the file is a journal (its last column the digest), None if neither."""
    if header is None:
        games.problem(file, "empty: not a results table")
        return None
    if tuple(header) in (_NAMES, _JOURNAL):
        return tuple(header) == _JOURNAL
    missing = [n for n in _NAMES if n not in header][:10]
    extra = ", ".join(shown(n) for n in header[:200] if n not in _JOURNAL)[:300]
    said = (
        f"missing columns {missing}, unknown columns [{extra}]"
        if missing or extra
        else "columns out of order"
    )
    games.problem(file, f"line 1: not a calladventure results table: {said}")
    return None


def _record(record: list[str], line: int, journal: bool, file: str, games: Games) -> None:
    width = len(_JOURNAL) if journal else len(_NAMES)
    if len(record) != width:
        games.problem(file, f"line {line}: {len(record)} cells, a row has {width}")
        return
    if journal and record[-1] != row_digest(record[:-1]):
        games.problem(
            file, f"line {line}, column digest: does not match the row (edited, or from another journal)"
        )
        return
    row: Row = {}
    for column, cell in zip(SCHEMA, record, strict=False):
        try:
            row[column.name] = parse_cell(column, cell)
        except BadCell as exc:
            games.problem(file, f"line {line}, column {column.name}: {exc}")
            return
    games.add(row, file, f"line {line}")


def _write_csv(out: TextIO, rows: Iterable[Row], header: bool) -> None:
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(_NAMES)
    writer.writerows(_cells(row) for row in rows)


# ----------------------------------------------------------------------------- Parquet


def _arrow() -> tuple[Any, Any]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtraError("pyarrow", "Parquet files", "sim") from None
    return pa, pq


def _arrow_schema(pa: Any) -> Any:
    kinds = {int: pa.int64(), str: pa.string(), bool: pa.bool_()}
    return pa.schema([(name, kinds[kind]) for name, kind in COLUMNS])


def _read_parquet(path: Path, games: Games) -> None:
    """Read a Parquet table into ``games``, :data:`CHUNK_ROWS` rows at a time, after checking its schema."""
    pa, pq = _arrow()
    file = str(path)
    with path.open("rb") as raw:
        head = raw.read(4)
        raw.seek(max(0, path.stat().st_size - 4))
        tail = raw.read(4)
    if head != _PARQUET_MAGIC or tail != _PARQUET_MAGIC:
        said = (
            "it does not start with PAR1: a CSV table is named .csv"
            if head != _PARQUET_MAGIC
            else "it does not end with PAR1: cut short, or its end is damaged"
        )
        games.problem(file, f"not a Parquet file ({said})")
        return
    try:
        table = pq.ParquetFile(path)
        if not _parquet_shape(table, _arrow_schema(pa), file, games):
            return
        number = 1
        for batch in table.iter_batches(batch_size=CHUNK_ROWS):
            for row in batch.to_pylist():
                games.add(row, file, f"row {number}")
                number += 1
            if games.stopped:
                return
    except (
        pa.ArrowException,
        OSError,
        ValueError,
        IndexError,
    ) as exc:  # a damaged page, footer or dictionary
        games.problem(file, f"not a readable Parquet file ({type(exc).__name__}: {str(exc)[:200]})")


def _parquet_shape(table: Any, schema: Any, file: str, games: Games) -> bool:
    """Whether a Parquet file's columns, types and sizes (from its footer) are a results table's."""
    found = table.schema_arrow
    if found.names != schema.names:
        missing = [n for n in schema.names if n not in found.names]
        extra = [n[:40] for n in found.names if n not in schema.names][:10]
        games.problem(
            file, f"not a calladventure results table: missing columns {missing}, unknown columns {extra}"
        )
        return False
    for want in schema:
        got = found.field(want.name).type
        if got != want.type:
            games.problem(file, f"column {want.name}: {got} values, a results table stores {want.type}")
    meta = table.metadata
    rows = meta.num_rows
    size = sum(meta.row_group(i).total_byte_size for i in range(meta.num_row_groups))
    if rows > MAX_TABLE_ROWS or size > MAX_TABLE_BYTES:
        games.problem(
            file,
            f"{rows:,} rows of {size:,} bytes (at most {MAX_TABLE_ROWS:,} rows, {MAX_TABLE_BYTES:,} bytes)",
        )
    return not games.problems


# ----------------------------------------------------------------------------- whole files


def _read_into(path: Path, games: Games) -> bool:
    """Read one file into ``games`` (its size bounded first); whether it is a journal."""
    if not path.is_file():
        raise SimulationError(f"{path}: no such results file")
    size = path.stat().st_size
    if size > MAX_TABLE_BYTES:
        games.problem(str(path), f"{size:,} bytes: a results table holds at most {MAX_TABLE_BYTES:,}")
        return False
    if format_of(path) == ".parquet":
        _read_parquet(path, games)
        return False
    return _read_csv(path, games)


def read_rows(path: str | Path) -> list[Row]:
    """The rows of a results file (CSV or Parquet, by suffix) or a journal, checked against the schema.

    A table must hold whole games, each once; a journal may end in a game cut short (left out).
    Raises :class:`~calladventure.play.simulate._errors.ResultsFileError` listing every problem.
    """
    games = Games()
    journal = _read_into(Path(path), games)
    return games.finish(whole=not journal)


def read_study(paths: Sequence[Path], key: str, seed: int, count: int) -> list[Row]:
    """The complete games of the study (``key``, ``seed``, ``count`` games) in a results file and its journal.

    Every row must be of this study (else :class:`SimulationError` at once) and of a game
    ``0 … count - 1``; a game found in both files must be the same. An empty journal holds none.
    """
    games = Games((key, seed, count))
    for path in paths:
        if not (path.name.endswith(".partial.csv") and path.stat().st_size == 0):
            _read_into(path, games)
    return games.finish(whole=False)


def write_rows(path: str | Path, rows: Sequence[Row]) -> Path:
    """Write a whole results file (CSV or Parquet, by suffix), replacing it only once complete."""
    p = Path(path)
    fmt = format_of(p)
    tmp = p.with_name(p.name + ".tmp")
    if fmt == ".parquet":
        pa, pq = _arrow()
        clean = [{name: row.get(name) for name in _NAMES} for row in rows]
        pq.write_table(pa.Table.from_pylist(clean, schema=_arrow_schema(pa)), tmp)
    else:
        with tmp.open("w", encoding="utf-8", newline="") as out:
            _write_csv(out, rows, header=True)
    os.replace(tmp, p)
    return p


class Journal:
    """An append-only CSV of the games finished so far (``FILE.partial.csv``), flushed per batch.

    Opened only once :func:`read_study` has accepted it: a torn final line is cut off first.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        new = not self.path.exists() or self.path.stat().st_size == 0
        if not new:
            self._trim_torn_tail()
        self._out = self.path.open("a", encoding="utf-8", newline="")
        self._writer = csv.writer(self._out, lineterminator="\n")
        if new:
            self._writer.writerow(_JOURNAL)
            self._out.flush()

    def _trim_torn_tail(self) -> None:
        size = self.path.stat().st_size
        window = min(size, 4 * MAX_LINE_CHARS + 4)  # a line of MAX_LINE_CHARS characters, up to 4 bytes each
        with self.path.open("r+b") as f:
            f.seek(size - window)
            tail = f.read(window)
            if tail.endswith(b"\n"):
                return
            cut = tail.rfind(b"\n")
            if cut < 0:
                raise SimulationError(f"{self.path}: its last line is longer than a row: not cut off")
            f.truncate(size - window + cut + 1)

    def append(self, rows: Iterable[Row]) -> None:
        """Add finished games' rows, each with its digest, and flush them to the operating system."""
        for row in rows:
            cells = _cells(row)
            self._writer.writerow([*cells, row_digest(cells)])
        self._out.flush()

    def close(self) -> None:
        self._out.close()

    def remove(self) -> None:
        """Close and delete the journal (once its rows are in the finished file)."""
        self.close()
        self.path.unlink(missing_ok=True)


def to_pandas(rows: Sequence[Row], columns: Sequence[tuple[str, type]] = COLUMNS) -> Any:
    """A pandas DataFrame of rows, with nullable integer, boolean and string columns."""
    try:
        import pandas as pd
    except ImportError:
        raise MissingExtraError("pandas", "DataFrames", "sim") from None
    dtypes = {int: "Int64", bool: "boolean", str: "string"}
    names = [name for name, _ in columns]
    frame = pd.DataFrame.from_records([{n: row.get(n) for n in names} for row in rows], columns=names)
    return frame.astype({name: dtypes[kind] for name, kind in columns})
