"""References in code and docs resolve inside the repository.

Every file the code, docs, notebooks and tests cite by path (``calladventure/rules/_cast.py``, a
package-relative ``rules/_windows.py``, ``docs/scenarios.md``, a page's ``../design.md``) exists;
every section of the design page they cite (``docs/design.md § Chance as actions``) is one of
its headings; and nothing cites what the repository does not hold: numbered "hard parts",
issues by number, a developers' guide kept elsewhere, design sections by number, the folder the
rule texts come from. Every tracked text file is read, tests and generated pages included.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"
DESIGN = ROOT / "docs" / "design.md"

#: The kinds of file read (and ``.ci/run``); the data of the tests (saves, fixtures) is not prose.
SUFFIXES = {".py", ".md", ".ipynb", ".toml", ".json", ".yml", ".yaml", ".cfg", ".txt"}
#: Where a cited path may start: a folder of the repository, or of the package.
TOP = {"calladventure", "docs", "tests", "scripts", "benchmarks", "examples", "cards", ".ci"} | {
    p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_")
}
DOC_FOLDERS = [ROOT / "docs", *(p for p in (ROOT / "docs").rglob("*") if p.is_dir())]
PATH = re.compile(
    r"(?<![\w./:@-])((?:\.\.?/)*(?:[\w.-]+/)+[\w.-]+\.(?:py|md|toml|json|ipynb|csv|yml|yaml|txt|cfg|svg|png))\b"
)
#: Citations of what the repository does not hold, each with what it is.
FORBIDDEN = [
    (
        re.compile(r"hard[- ]parts?\s*(?:#|§|no\.?)?\s*\d", re.I),
        "a numbered hard part (cite the design page's heading)",
    ),
    (re.compile(r"\bissues?\s+#?\d+", re.I), "an issue by number"),
    (re.compile(r"DEVELOPERS\.md"), "a developers' guide outside the repository"),
    (re.compile(r"design(?:\.md)?`*\s*§\s*\d"), "a design section by number (cite its heading)"),
    (re.compile(r"shared[/]rules"), "the rule texts' folder, outside the repository"),
]
#: A citation of a section of the design page, by its heading: after a section sign, or quoted after a comma.
DESIGN_SECTION = re.compile(r"design\.md`*(?:\s*§\s*|,\s*\")")


def _files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paths = [ROOT / name for name in listed.splitlines()]
    return [
        p
        for p in paths
        if p.is_file()
        and (p.suffix in SUFFIXES or p.relative_to(ROOT).as_posix() == ".ci/run")
        and not p.relative_to(ROOT).as_posix().startswith("tests/data/")
    ]


def _headings() -> list[str]:
    """The design page's headings, without their numbers (``### 2. Chance as actions`` → ``Chance as actions``)."""
    found = re.findall(r"^#+\s+(?:\d+\.\s+)?(.+?)\s*$", DESIGN.read_text(encoding="utf-8"), flags=re.M)
    return sorted(found, key=len, reverse=True)


def _path_resolves(path: str, cited_in: Path) -> bool:
    first = path.split("/", 1)[0]
    if first not in TOP and not path.startswith("."):
        return True  # not a path of the repository: a user's file in an example (my-studies/three.csv)
    bases = (ROOT, PACKAGE, cited_in.parent, *DOC_FOLDERS)  # a page's links are relative to the docs
    return any((base / path).exists() for base in bases)


def reference_problems(files: list[Path] | None = None) -> list[str]:
    """Every reference of ``files`` (every tracked text file) that does not resolve, as ``file:line: what``."""
    headings = _headings()
    problems = []
    for file in _files() if files is None else files:
        where = file.relative_to(ROOT).as_posix()
        for number, line in enumerate(file.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            problems += [f"{where}:{number}: {what}" for what in _line_problems(line, file, headings)]
    return problems


def _line_problems(line: str, file: Path, headings: list[str]) -> list[str]:
    found = [f"{m.group(0)!r}: {what}" for pattern, what in FORBIDDEN for m in pattern.finditer(line)]
    found += [
        f"{m.group(1)!r}: no such file" for m in PATH.finditer(line) if not _path_resolves(m.group(1), file)
    ]
    for m in DESIGN_SECTION.finditer(line):
        rest = line[m.end() :]
        if not any(rest.startswith(h) for h in headings):
            found.append(f"{rest[:40]!r}: not a heading of docs/design.md")
    return found


def test_the_checks_find_each_kind_of_reference_that_does_not_resolve() -> None:
    """A sample page (``tests/data/references``) with one of each: each is found, and nothing that resolves."""
    sample = ROOT / "tests" / "data" / "references" / "cites-what-is-not-there.md"
    found = reference_problems([sample])
    kinds = [what for _, what in FORBIDDEN] + ["no such file", "not a heading of docs/design.md"]
    assert all(any(p.endswith(kind) for p in found) for kind in kinds), found
    assert len(found) == 7, found  # the last two lines resolve
    assert all(":3:" in p or ":4:" in p or ":5:" in p for p in found), found


def test_every_reference_in_code_and_docs_resolves_inside_the_repository() -> None:
    problems = reference_problems()
    assert not problems, f"{len(problems)} references do not resolve:\n" + "\n".join(problems)
