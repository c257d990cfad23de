"""A study's journal and results tables are read like saves: one declared schema, every problem at once.

One test per defect these files had (``simulate --resume`` trusting its journal, ``report``
crashing on hostile files and accepting impossible rows), each named after it; and a
journal forged in every way, refused by ``--resume``, after which a clean resume gives exactly the
results of a clean run.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from calladventure.cli import _simulate as cli
from calladventure.play.simulate import Progress, Results, SimulationError, StudySpec, partial_path, simulate
from calladventure.play.simulate._errors import ResultsFileError
from calladventure.play.simulate._files import row_digest

SPEC = StudySpec(players=2, bots="random")
GAMES = 40


def _stop_after(games: int) -> Callable[[Progress], None]:
    def stop(p: Progress) -> None:
        if p.done >= games:
            raise KeyboardInterrupt

    return stop


def _interrupted(out: Path, games: int = GAMES, stop: int = GAMES // 2) -> Path:
    """A study of ``games`` games interrupted after ``stop``: its journal."""
    with pytest.raises(KeyboardInterrupt):
        simulate(SPEC, games, seed=9, jobs=1, chunk_size=4, out=out, progress=_stop_after(stop))
    return partial_path(out)


def _records(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))


def _write(path: Path, records: list[list[str]]) -> None:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    path.write_text(out.getvalue(), encoding="utf-8")


def _forge(journal: Path, line: int, resign: bool = True, **cells: str) -> None:
    """Change cells of one line of a journal (2: the first row); with ``resign``, recompute its digest."""
    records = _records(journal)
    header = records[0]
    record = records[line - 1]
    for name, value in cells.items():
        record[header.index(name)] = value
    if resign:
        record[-1] = row_digest(record[:-1])
    _write(journal, records)


@pytest.fixture(scope="module")
def clean() -> Results:
    return simulate(SPEC, GAMES, seed=9, jobs=1)


def _resume(out: Path, games: int = GAMES) -> Results:
    return simulate(SPEC, games, seed=9, jobs=1, out=out, resume=True)


# ----------------------------------------------------------------------------- defect 2: --resume


def test_resume_refuses_a_forged_total(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    _forge(journal, 2, resign=False, total="999")
    with pytest.raises(ResultsFileError, match=r"s.csv.partial.csv: line 2, column digest: does not match"):
        _resume(tmp_path / "s.csv")
    _forge(journal, 2, total="999")  # even with the digest made again: total is triumph + tragedy + other
    forged = journal.read_bytes()
    with pytest.raises(
        ResultsFileError, match=r"line 2, column total: 999 is not triumph \+ tragedy \+ other"
    ):
        _resume(tmp_path / "s.csv")
    assert journal.read_bytes() == forged  # a refused journal is left as it is


def test_resume_refuses_forged_winners(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    records = _records(journal)
    won = records[1][records[0].index("won")]
    _forge(journal, 2, won="false" if won == "true" else "true")
    with pytest.raises(ResultsFileError, match=r"line 2, column won: .*, but the winners are"):
        _resume(tmp_path / "s.csv")


def test_resume_refuses_a_forged_error_row(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    records = _records(journal)
    header = records[0]
    error = ["" for _ in header]
    for name in ("index", "seed", "base_seed", "spec", "sets", "mode", "options", "players"):
        error[header.index(name)] = records[1][header.index(name)]
    error[header.index("status")] = "error"
    error[header.index("error")] = "RuntimeError: forged"
    error[-1] = "0" * 16
    records[1:3] = [error]
    _write(journal, records)
    with pytest.raises(ResultsFileError, match="line 2, column digest: does not match"):
        _resume(tmp_path / "s.csv")


def test_resume_refuses_a_changed_seed(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    _forge(journal, 2, seed="12345")
    with pytest.raises(
        ResultsFileError, match="line 2, column seed: 12345 is not the seed of game 0 of base seed 9"
    ):
        _resume(tmp_path / "s.csv")


@pytest.mark.parametrize(
    ("index", "says"), [("1000", "game 1000 is not one of this study's 40"), ("-3", "-3 is outside 0")]
)
def test_resume_refuses_games_outside_the_study(tmp_path: Path, index: str, says: str) -> None:
    from calladventure.play.simulate import derive_seed

    journal = _interrupted(tmp_path / "s.csv")
    seed = str(derive_seed(9, int(index))) if not index.startswith("-") else "1"
    for line in (2, 3):  # the whole game moved, its digests made again
        _forge(journal, line, index=index, seed=seed)
    with pytest.raises(ResultsFileError, match=f"line 2(, column index)?: {says}"):
        _resume(tmp_path / "s.csv")


def test_resume_refuses_a_spec_of_a_billion_players(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    spec = json.loads(_records(journal)[1][3])
    spec["players"] = 1e9
    _forge(journal, 2, spec=json.dumps(spec))
    with pytest.raises(ResultsFileError, match="line 2, column spec: not a study spec: players out of range"):
        _resume(tmp_path / "s.csv")


def test_resume_never_empties_a_journal_without_a_newline(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    journal = partial_path(out)
    journal.write_bytes(b"x" * 3000)
    with pytest.raises(ResultsFileError, match="not a calladventure results table"):
        _resume(out)
    assert journal.read_bytes() == b"x" * 3000
    header = _records(_interrupted(tmp_path / "t.csv"))[0]
    journal.write_text(",".join(header), encoding="utf-8")  # a header alone, cut before its newline
    with pytest.raises(ResultsFileError, match="the header does not end"):
        _resume(out)
    assert journal.read_text(encoding="utf-8") == ",".join(header)


def _forgeries(journal: Path) -> list[tuple[str, Callable[[], None]]]:
    """Each way of forging a journal: a total, the winners, an error row, a seed, an index, the spec …"""
    return [
        ("total", lambda: _forge(journal, 2, resign=False, total="999")),
        ("total, signed again", lambda: _forge(journal, 2, total="999", triumph="999")),
        ("winners", lambda: _forge(journal, 2, resign=False, winners="0;1")),
        ("error row", lambda: _forge(journal, 2, resign=False, status="error", error="x")),
        ("seed", lambda: _forge(journal, 2, seed="7")),
        ("index +1000", lambda: _forge(journal, 2, index="1000")),
        ("negative index", lambda: _forge(journal, 2, index="-1")),
        (
            "a billion players",
            lambda: _forge(journal, 2, spec=_records(journal)[1][3].replace('"players":2', '"players":1e9')),
        ),
        ("bot", lambda: _forge(journal, 2, bot="greedy")),
        ("players", lambda: _forge(journal, 2, players="3")),
        ("no newline", lambda: journal.write_bytes(b"y" * 3000)),
    ]


def _refused_then_clean(tmp_path: Path, games: int, clean: Results) -> None:
    out = tmp_path / "s.csv"
    journal = _interrupted(out, games, games // 2)
    original = journal.read_bytes()
    for what, forge in _forgeries(journal):
        journal.write_bytes(original)
        forge()
        forged = journal.read_bytes()
        try:
            results = _resume(out, games)
        except SimulationError as exc:
            assert str(journal) in str(exc), what
            assert journal.read_bytes() == forged, what  # refused: left as it was
        else:  # not refused: then nothing forged may have entered the results
            assert results.rows == clean.rows, what
            journal.write_bytes(original)
            out.unlink()
    journal.write_bytes(original)
    assert _resume(out, games).rows == clean.rows


def test_a_forged_journal_is_refused_and_resume_then_gives_a_clean_runs_results(
    tmp_path: Path, clean: Results
) -> None:
    _refused_then_clean(tmp_path, GAMES, clean)


@pytest.mark.slow
def test_a_forged_journal_of_ten_thousand_games_is_refused_and_resume_then_gives_a_clean_runs_results(
    tmp_path: Path,
) -> None:
    _refused_then_clean(tmp_path, 10_000, simulate(SPEC, 10_000, seed=9, jobs=2))


# ----------------------------------------------------------------------------- defects 5 and 6: report


def _table(tmp_path: Path) -> Path:
    out = tmp_path / "good.csv"
    if not out.exists():
        simulate(SPEC, 3, seed=1, jobs=1, out=out)
    return out


def _with_cell(path: Path, name: str, value: str, line: int = 2) -> str:
    records = _records(path)
    records[line - 1][records[0].index(name)] = value
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(records)
    return out.getvalue()


def _report(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli.app, ["report", str(path)], env={"COLUMNS": "200"})
    return result.exit_code, result.output


def _parquet(tmp_path: Path, column: str, values: Any) -> bytes:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    good = _table(tmp_path)
    table = pa.Table.from_pylist(Results.load(good).rows)
    i = table.column_names.index(column)
    target = tmp_path / "t.parquet"
    pq.write_table(table.set_column(i, column, values(pa, table.num_rows)), target)
    return target.read_bytes()


HOSTILE: dict[str, Callable[[Path], tuple[str, bytes]]] = {
    "invalid UTF-8": lambda p: ("t.csv", _table(p).read_bytes()[:50] + b"\xff" + _table(p).read_bytes()[50:]),
    "one byte": lambda p: ("t.csv", b"\xff"),
    "Parquet named .csv": lambda p: ("t.csv", _parquet(p, "total", lambda pa, n: pa.array([1] * n))),
    "CSV named .parquet": lambda p: ("t.parquet", _table(p).read_bytes()),
    "truncated Parquet": lambda p: ("t.parquet", _parquet(p, "total", lambda pa, n: pa.array([1] * n))[:300]),
    "footer garbage": lambda p: (
        "t.parquet",
        _parquet(p, "total", lambda pa, n: pa.array([1] * n))[:-12] + b"garbage!PAR1",
    ),
    "a total NaN (CSV)": lambda p: ("t.csv", _with_cell(_table(p), "total", "nan").encode()),
    "a total NaN (Parquet)": lambda p: (
        "t.parquet",
        _parquet(p, "total", lambda pa, n: pa.array([float("nan")] * n)),
    ),
    "a total 1.5": lambda p: ("t.parquet", _parquet(p, "total", lambda pa, n: pa.array([1.5] * n))),
    "a total a string": lambda p: ("t.parquet", _parquet(p, "total", lambda pa, n: pa.array(["7"] * n))),
    "a total uint64 max": lambda p: (
        "t.parquet",
        _parquet(p, "total", lambda pa, n: pa.array([2**64 - 1] * n, pa.uint64())),
    ),
    "a total a list": lambda p: ("t.parquet", _parquet(p, "total", lambda pa, n: pa.array([[1, 2]] * n))),
    "a one-line CSV beyond the field limit": lambda p: ("t.csv", b"a" * 200_000),
}


@pytest.mark.parametrize("what", list(HOSTILE))
def test_report_does_not_crash_on_a_hostile_file(tmp_path: Path, what: str) -> None:
    name, data = HOSTILE[what](tmp_path)
    target = tmp_path / name
    target.write_bytes(data)
    code, text = _report(target)
    assert code == 2, text
    assert text.startswith(f"error: {target}") and "unexpected" not in text and "Traceback" not in text


def test_report_escapes_rich_markup_in_a_cell(tmp_path: Path) -> None:
    target = tmp_path / "markup.csv"
    target.write_text(_with_cell(_table(tmp_path), "origin", "[/]"), encoding="utf-8")
    code, text = _report(target)
    assert code == 0, text
    assert "[/]" in text


IMPOSSIBLE = [
    ("seat", "99", "column seat: 99 is outside 0 to 3"),
    ("seat", "-1", "column seat: -1 is outside 0 to 3"),
    ("players", "0", "column players: 0 is outside 1 to 4"),
    ("players", "1000000000", "column players: 1000000000 is outside 1 to 4"),
    ("index", "-3", "column index: -3 is outside 0"),
    ("status", "exploded", "column status: 'exploded' is not one of ok, error"),
    ("total", "9" * 300, "column total: '9999"),
    ("total", "1_000", "column total: '1_000' is not a whole number"),
    ("total", " 7 ", "column total: ' 7 ' is not a whole number"),
    ("total", "\u0667", "column total: '\u0667' is not a whole number"),
    ("origin", "\x1b[2J", "column origin: '\\x1b[2J' holds a control character"),
]


@pytest.mark.parametrize(("column", "value", "says"), IMPOSSIBLE)
def test_report_refuses_impossible_rows(tmp_path: Path, column: str, value: str, says: str) -> None:
    target = tmp_path / "t.csv"
    target.write_text(_with_cell(_table(tmp_path), column, value), encoding="utf-8")
    code, text = _report(target)
    assert code == 2 and f"{target}: line 2, {says}" in text, text


def test_report_refuses_a_games_rows_twice_and_a_column_of_nulls(tmp_path: Path) -> None:
    good = _table(tmp_path)
    lines = good.read_text(encoding="utf-8").splitlines(keepends=True)
    twice = tmp_path / "twice.csv"
    twice.write_text("".join(lines + lines[1:3]), encoding="utf-8")
    code, text = _report(twice)
    assert code == 2 and "has this row twice" in text, text
    nulls = tmp_path / "nulls.parquet"
    nulls.write_bytes(_parquet(tmp_path, "total", lambda pa, n: pa.nulls(n)))
    code, text = _report(nulls)
    assert code == 2 and "column total: null values, a results table stores int64" in text, text


def test_every_problem_of_a_file_is_reported_at_once_one_a_line(tmp_path: Path) -> None:
    target = tmp_path / "t.csv"
    text = _with_cell(_table(tmp_path), "total", "x")
    target.write_text(text, encoding="utf-8")
    target.write_text(_with_cell(target, "seat", "9", line=3), encoding="utf-8")
    code, out = _report(target)
    assert code == 2
    assert out.splitlines() == [
        f"error: {target}: 2 problems:",
        "  line 2, column total: 'x' is not a whole number of at most 19 digits",
        "  line 3, column seat: 9 is outside 0 to 3",
    ]


def test_a_journal_of_a_running_study_reports(tmp_path: Path) -> None:
    journal = _interrupted(tmp_path / "s.csv")
    code, text = _report(journal)
    assert code == 0 and "20 games" in text, text
