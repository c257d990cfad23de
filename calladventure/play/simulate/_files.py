"""Results tables on disk: CSV (always) and Parquet (with pyarrow), and the journal of a running study.

Both formats keep the schema of :data:`~calladventure.play.simulate._rows.COLUMNS`: a file with
other columns is refused, and every cell reads back as the type it was written with (an empty
CSV cell is ``None``). A finished file is written whole, to a temporary name first and then
renamed, so it is never half-written. While a study runs, each finished batch of games is
appended to a journal, ``FILE.partial.csv``, so an interrupted run loses nothing; resuming reads
the file and the journal together.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from ._errors import MissingExtraError, SimulationError
from ._rows import COLUMNS, Row, Value

__all__ = ["FORMATS", "Journal", "format_of", "partial_path", "read_rows", "to_pandas", "write_rows"]

#: The file formats of a results table, by suffix.
FORMATS: tuple[str, ...] = (".csv", ".parquet")

_NAMES: tuple[str, ...] = tuple(name for name, _ in COLUMNS)
_TYPES: dict[str, type] = dict(COLUMNS)


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


# ----------------------------------------------------------------------------- CSV cells


def _cell(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse(text: str, kind: type) -> Value:
    if text == "":
        return None
    if kind is bool:
        if text not in ("true", "false"):
            raise ValueError(f"not true or false: {text!r}")
        return text == "true"
    if kind is int:
        return int(text)
    return text


def _check_header(header: Sequence[str], where: str) -> None:
    if tuple(header) != _NAMES:
        missing = [n for n in _NAMES if n not in header]
        extra = [n for n in header if n not in _NAMES]
        raise SimulationError(
            f"{where} is not a calladventure results table: missing columns {missing}, unknown columns {extra}"
        )


def _read_csv(path: Path, *, tolerate_torn_tail: bool = False) -> list[Row]:
    text = path.read_text(encoding="utf-8")
    if tolerate_torn_tail and text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]  # the last line was cut short by an interruption
    records = list(csv.reader(io.StringIO(text, newline="")))
    if not records:
        if tolerate_torn_tail:
            return []
        raise SimulationError(f"{path} is empty: not a results table")
    _check_header(records[0], str(path))
    rows: list[Row] = []
    for number, record in enumerate(records[1:], start=2):
        if len(record) != len(_NAMES):
            raise SimulationError(f"{path}, line {number}: {len(record)} cells, a row has {len(_NAMES)}")
        row: Row = {}
        for name, cell in zip(_NAMES, record, strict=True):
            try:
                row[name] = _parse(cell, _TYPES[name])
            except ValueError:
                raise SimulationError(
                    f"{path}, line {number}: column {name} cannot be {cell!r} (a {_TYPES[name].__name__})"
                ) from None
        rows.append(row)
    return rows


def _write_csv(out: TextIO, rows: Iterable[Row], header: bool) -> None:
    writer = csv.writer(out, lineterminator="\n")
    if header:
        writer.writerow(_NAMES)
    writer.writerows([_cell(row.get(name)) for name in _NAMES] for row in rows)


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


def _read_parquet(path: Path) -> list[Row]:
    pa, pq = _arrow()
    table = pq.read_table(path)
    _check_header(table.column_names, str(path))
    rows: list[Row] = table.cast(_arrow_schema(pa)).to_pylist()
    return rows


# ----------------------------------------------------------------------------- whole files


def read_rows(path: str | Path, *, tolerate_torn_tail: bool = False) -> list[Row]:
    """The rows of a results file (CSV or Parquet, by suffix), each cell typed as in the schema."""
    p = Path(path)
    fmt = format_of(p)
    if not p.is_file():
        raise SimulationError(f"{p}: no such results file")
    if fmt == ".parquet":
        return _read_parquet(p)
    return _read_csv(p, tolerate_torn_tail=tolerate_torn_tail)


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
    """An append-only CSV of the games finished so far (``FILE.partial.csv``), flushed per batch."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        new = not self.path.exists() or self.path.stat().st_size == 0
        if not new:
            _read_csv(self.path, tolerate_torn_tail=True)  # refuse a file that is not a journal
            self._trim_torn_tail()
        self._out = self.path.open("a", encoding="utf-8", newline="")
        if new:
            _write_csv(self._out, [], header=True)
            self._out.flush()

    def _trim_torn_tail(self) -> None:
        data = self.path.read_bytes()
        if data and not data.endswith(b"\n"):
            with self.path.open("r+b") as f:
                f.truncate(data.rfind(b"\n") + 1)

    def append(self, rows: Iterable[Row]) -> None:
        """Add finished games' rows and flush them to the operating system."""
        _write_csv(self._out, rows, header=False)
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
