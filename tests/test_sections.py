"""The rule-section registry (``calladventure.values._sections``) is complete, checked and fully tested.

* every section of ``SECTIONS`` is checked by at least one test of ``tests/``: a test named after it
  (``test_000_journey_…`` for ``000/journey``) or citing it in its code, by the same rule as the
  generated rules reference (``scripts/gen_docs.py``: ``tests_citing``, ``section_of_test_name``);
* ``cite`` refuses an unknown id;
* every section id written in the package source or in the bundled data files (a card's ``source``
  or ``named_in``, a rune set's or track's ``source``) is in the registry.

This file never names a section itself, so it cannot cover one by accident.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from calladventure.values._sections import (
    CORE_EQUIVALENTS,
    RULE_FILES,
    SECTIONS,
    canonical,
    cite,
    section,
    slugify,
)

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"
CARDS = ROOT / "cards"

#: A section id as code writes it: a rule file, a slash, a slug. A slug ending in "-" is a prefix.
SECTION_ID = re.compile(r"(?<![\w/])(?:" + "|".join(RULE_FILES) + r")/[a-z0-9][a-z0-9-]*")


def _load_gen_docs() -> ModuleType:
    if "gen_docs" in sys.modules:
        return sys.modules["gen_docs"]
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "scripts" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_docs"] = module
    spec.loader.exec_module(module)
    return module


gen = _load_gen_docs()


def _slug_name(sid: str) -> str:
    """The test-name prefix of a section: ``test_`` + file + ``_`` + slug with underscores."""
    file, slug = sid.split("/", 1)
    return f"test_{file.lower()}_{slug.replace('-', '_')}"


# ============================================================================ every section is tested


def test_every_section_is_checked_by_a_test() -> None:
    """Each section of the registry is named by a test function or cited in a test's code."""
    covered = gen.tests_citing(gen.SectionMatcher.build(), ROOT)
    uncovered = [sid for sid in SECTIONS if not covered.get(sid)]
    assert not uncovered, (
        f"{len(uncovered)} rule section(s) have no test naming or citing them: "
        + ", ".join(f"{sid} ({cite(sid)})" for sid in uncovered)
        + ". Name a test after the section (test_<file>_<slug with underscores>_...) or cite its id."
    )


def test_every_section_has_a_test_name_that_names_it() -> None:
    """The naming rule finds each section from its own test-name prefix, the longest slug winning
    (``…_story_icons_…`` names the Story Icons entry, not the Story one)."""
    for sid in SECTIONS:
        name = _slug_name(sid)
        assert gen.section_of_test_name(name) == sid
        assert gen.section_of_test_name(name + "_any_words_after") == sid
    assert gen.section_of_test_name("test_999_nothing_here") is None
    for sid in SECTIONS:  # a prefix glued to more letters is another name, not this section's
        assert gen.section_of_test_name(_slug_name(sid) + "x") != sid


def test_the_coverage_check_sees_a_missing_test(tmp_path: Path) -> None:
    """The coverage rule is not vacuous: in a repository with one test, only that test's section is covered,
    whether it is named after the section or cites it."""
    named, cited = list(SECTIONS)[3], list(SECTIONS)[-2]
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_one.py").write_text(
        f"def {_slug_name(named)}_works():\n    pass\n\n\ndef test_other():\n    assert {cited!r}\n",
        encoding="utf-8",
    )
    covered = gen.tests_citing(gen.SectionMatcher.build(), tmp_path)
    assert {sid for sid, where in covered.items() if where} == {named, cited}


# ============================================================================ the registry


def test_cite_shows_a_known_section_and_refuses_an_unknown_one() -> None:
    """``cite`` gives a known id's one citation and raises, naming the file's ids, on an unknown one."""
    for sid, sec in SECTIONS.items():
        assert cite(sid).startswith(str(SECTIONS[canonical(sid)]))
        assert cite(sid) == cite(canonical(sid))
        assert sid in CORE_EQUIVALENTS or sid.startswith("001/") or cite(sid) == str(sec)
    with pytest.raises(KeyError, match="unknown rule section") as info:
        cite("000/no-such-section")
    assert "known in that file" in str(info.value)
    with pytest.raises(KeyError, match="unknown rule section"):
        section("999/anything")
    with pytest.raises(KeyError):
        cite("")


def test_section_ids_are_file_and_slug() -> None:
    """Every id is ``<rule file>/<slug>``, lower-case, and each rule file has sections."""
    for sid, sec in SECTIONS.items():
        file, slug = sid.split("/", 1)
        assert file == sec.file and file in RULE_FILES
        assert slug == slugify(slug) and slug.endswith(slugify(sec.heading))
    assert {sec.file for sec in SECTIONS.values()} == set(RULE_FILES)


# ============================================================================ every id cited in the package exists


def _unknown(tokens: Iterator[tuple[str, str]]) -> list[str]:
    """The ``where: id`` of each token that is neither a known id nor the prefix of one."""
    bad = []
    for where, token in tokens:
        if token.endswith("-"):  # a prefix (a group of FAQs, say): some section must start with it
            if not any(sid.startswith(token) for sid in SECTIONS):
                bad.append(f"{where}: {token}")
        elif token not in SECTIONS:
            bad.append(f"{where}: {token}")
    return bad


def _package_tokens() -> Iterator[tuple[str, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in SECTION_ID.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            yield f"{path.relative_to(ROOT).as_posix()}:{line}", m.group(0)


def test_every_section_id_in_the_package_source_exists() -> None:
    """Each ``000/…``-style id written in ``calladventure/**/*.py`` (code, comments, docstrings) is registered."""
    tokens = list(_package_tokens())
    assert len(tokens) > 50  # the package cites sections all over: the scan does see them
    bad = _unknown(iter(tokens))
    assert not bad, "unknown rule sections cited in the package: " + "; ".join(bad)


def _data_values(node: Any, where: str) -> Iterator[tuple[str, str]]:
    """Every ``source`` and ``named_in`` value in a parsed TOML document, with where it is."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("source", "named_in") and isinstance(value, str):
                yield f"{where} {node.get('id', '')} {key}".strip(), value
            else:
                yield from _data_values(value, where)
    elif isinstance(node, list):
        for item in node:
            yield from _data_values(item, where)


def test_every_section_id_in_the_card_data_exists() -> None:
    """Each card's ``source`` and ``named_in``, and each set's, rune set's and track's ``source``, is
    "original" or a registered section id."""
    files = sorted(CARDS.rglob("*.toml"))
    assert files
    values = []
    for path in files:
        with path.open("rb") as fh:
            doc = tomllib.load(fh)
        values += list(_data_values(doc, path.relative_to(ROOT).as_posix()))
    cited = [(where, v) for where, v in values if v != "original"]
    assert cited  # some data cites the rule texts: the scan does see it
    bad = [f"{where}: {v!r}" for where, v in cited if v not in SECTIONS]
    assert not bad, "unknown rule sections in the card data: " + "; ".join(bad)
