"""``calladventure cards validate`` on broken and hostile files: every problem printed, one line per path.

The command reads every file through ``calladventure.data.read_toml``: a byte-order mark is
accepted, bad UTF-8 and deep nesting are reported with the file.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from calladventure.cli import app

HEADER = 'format = "calladventure.cards/1"\n'
TRAIT = '\n[[cards]]\nid = "{id}"\nname = "N {id}"\ntype = "trait"\nact = 1\nsource = "original"\n{extra}\n[[cards.paths]]\nicons = ["strength"]\n'


def _run(*args: str) -> object:
    return CliRunner().invoke(app, list(args))


def test_cards_validate_prints_every_problem_of_a_file(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    path.write_text(
        HEADER + TRAIT.format(id="one", extra='cost_xp = "2"') + TRAIT.format(id="two", extra="copies = 99"),
        encoding="utf-8",
    )
    result = _run("cards", "validate", str(path))
    assert result.exit_code == 1  # type: ignore[attr-defined]
    lines = result.stderr.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and "2 problems" in lines[0]
    assert "'one', field 'cost_xp'" in lines[0] and "'two', field 'copies'" in lines[0]


def test_cards_validate_of_a_set_names_each_file(tmp_path: Path) -> None:
    (tmp_path / "set.toml").write_text(
        'format = "calladventure.set/1"\n[set]\nid = "box"\nname = "Box"\nrunes = "../../etc/passwd"\n',
        encoding="utf-8",
    )
    (tmp_path / "a.toml").write_text(HEADER + TRAIT.format(id="Bad Id", extra=""), encoding="utf-8")
    result = _run("cards", "validate", str(tmp_path))
    line = result.stderr.strip()  # type: ignore[attr-defined]
    assert (
        "2 problems in 2 files" in line and "set.runes" in line and "is a path" in line and "a.toml" in line
    )


def test_cards_validate_accepts_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (HEADER + TRAIT.format(id="one", extra="")).encode())
    assert _run("cards", "validate", str(path)).exit_code == 0  # type: ignore[attr-defined]


def test_cards_validate_names_the_file_of_invalid_utf8_and_deep_nesting(tmp_path: Path) -> None:
    latin = tmp_path / "latin.toml"
    latin.write_bytes(
        HEADER.encode() + TRAIT.format(id="one", extra="").encode().replace(b"N one", b"N \xe9")
    )
    deep = tmp_path / "deep.toml"
    deep.write_text(HEADER + "x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    result = _run("cards", "validate", str(latin), str(deep))
    lines = result.stderr.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 2 and str(latin) in lines[0] and "UTF-8" in lines[0] and str(deep) in lines[1]
