"""Every ```python block in docs/ runs, file by file, in order, in one namespace per page.

The docs are written for newcomers; this keeps every example true to the code. The
Worldspanner page has its own, more specific test (tests/worldspanner/test_worldspanner_docs.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if p.name != "worldspanner.md")


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), flags=re.M | re.S)


def test_docs_have_pages_with_examples() -> None:
    names = {p.relative_to(DOCS).as_posix() for p in PAGES}
    assert {"getting-started.md", "rules/open-questions.md"} <= names
    assert len(python_blocks(DOCS / "getting-started.md")) >= 6


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(DOCS).as_posix())
def test_docs_page_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # examples that write files write them here
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for i, code in enumerate(python_blocks(page)):
        exec(compile(code, f"{page.name} block {i + 1}", "exec"), namespace)


def test_open_questions_page_names_every_rules_option() -> None:
    from calladventure import Rules

    text = (DOCS / "rules" / "open-questions.md").read_text(encoding="utf-8")
    for option, values in Rules.options().items():
        if option == "dark_runes_per_turn":
            continue
        assert f"`{option}" in text, option
        for value in values:
            if value not in ("True", "False"):
                assert value in text, (option, value)


def test_card_format_page_documents_the_whole_vocabulary() -> None:
    from calladventure.values import _effects as fx
    from calladventure.values._cards import CardType
    from calladventure.values._icons import Icon

    text = (DOCS / "cards.md").read_text(encoding="utf-8")
    words = set(re.findall(r"[a-z_]+", text))
    for vocabulary in (
        fx.EFFECT_KINDS,
        fx.SCORE_KINDS,
        [t.value for t in fx.Trigger],
        [t.value for t in fx.Timing],
        [t.value for t in fx.Target],
        [d.value for d in fx.Duration],
        [t.value for t in CardType if t is not CardType.QUEST],
        [i.value for i in Icon],
        fx.PER_CARD_KINDS,
    ):
        missing = [w for w in vocabulary if w not in words]
        assert not missing, missing


#: Every place a newcomer reads an install command: the docs, the README, the examples and the hints the code prints.
_INSTALL_TEXTS = ("README.md", "docs", "examples", "calladventure", "tests", "noxfile.py")
_PIP_INSTALL = re.compile(r"""pip install (?:-e )?(['"]?)([^\s'"`]+)\1""")


def _install_targets() -> list[tuple[str, str]]:
    found = []
    for place in _INSTALL_TEXTS:
        path = ROOT / place
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.suffix not in {".md", ".py", ".ipynb", ".toml"} or "reference/api" in str(file):
                continue
            for match in _PIP_INSTALL.finditer(file.read_text(encoding="utf-8")):
                found.append((str(file.relative_to(ROOT)), match.group(2)))
    return found


def test_every_install_command_installs_the_checkout_with_extras_that_exist() -> None:
    """``pip install ".[jupyter]"`` from a checkout: the package is on no index, so no command names it by name."""
    import tomllib

    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    targets = _install_targets()
    assert any(target == ".[jupyter]" for _, target in targets), "docs/jupyter.md teaches the jupyter extra"
    for where, target in targets:
        if not target.startswith((".", "calladventure")):
            continue  # a third-party package (pip install babel), not this one
        assert target.startswith("."), (
            f"{where}: {target!r} installs from an index; use '.[extra]' from the checkout"
        )
        named = re.fullmatch(r"\.(?:\[([\w,{}-]+)\])?", target)
        assert named, f"{where}: {target!r} is not '.' or '.[extra]'"
        for extra in filter(None, (named.group(1) or "").split(",")):
            assert extra == "{extra}" or extra in extras, (
                f"{where}: no extra {extra!r} (extras: {sorted(extras)})"
            )


def test_the_jupyter_extra_installs_what_docs_jupyter_md_runs() -> None:
    import tomllib

    jupyter = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"][
        "jupyter"
    ]
    names = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in jupyter}
    page = (ROOT / "docs" / "jupyter.md").read_text()
    for command, package in (("jupyter lab", "jupyterlab"), ("voila", "voila"), ("ipywidgets", "ipywidgets")):
        if command in page:
            assert package in names, f"docs/jupyter.md runs {command} but the jupyter extra lacks {package}"
