"""The core's ``values``, ``data`` and ``rules`` packages, and the scenario format, name no box (docs/design.md, "How a box plugs in").

What belongs to a box is read from the bundled boxes' own declarations
(``calladventure.expansions.BUNDLED``: each ``Expansion``'s id, module, rules options, ``ext``
keys and effect atoms) and from the card data beyond the core set (the cards of the bundled
sets the core set does not have). The core's code may name none of them: no identifier, and no
string outside a docstring. Docstrings and comments cite the rule texts, whose section titles
name cards and Odium (``000 · Facing Odium``); ``values/_sections.py`` registers those titles.

The scenario format (``play/scenario/``) takes what the boxes add to a file from their
declarations too: beside the words above, it may not name a box's table, its words of a hero,
its step helpers and their choices, or its ``expect`` keys (:func:`_scenario_words`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

import pytest

from calladventure.data import bundled_set, bundled_sets
from calladventure.expansions import BUNDLED
from calladventure.values._atoms import EFFECT_TAGS

PACKAGE = Path(__file__).resolve().parents[1] / "calladventure"
CORE = ("values", "data", "rules")
#: The registry of the rule texts' section titles: titles such as "Facing Odium" name the texts, not a box.
CITATIONS = PACKAGE / "values" / "_sections.py"


def _box_words() -> set[str]:
    """Box ids, option names and their enum types, ext keys, atom tags and classes, box packages."""
    words: set[str] = set()
    for box in BUNDLED:
        words |= {box.id, type(box).__module__.split(".")[2], *box.state_types}
        for option in box.options:
            words.add(option.name)
            if isinstance(option.default, StrEnum):
                words.add(type(option.default).__name__)
        for atom in box.atoms:
            words |= {EFFECT_TAGS[atom], atom.__name__}
    return words


def _box_card_names() -> set[str]:
    core = {c.name for c in bundled_set("core").cards}
    return {c.name for s in bundled_sets() if s != "core" for c in bundled_set(s).cards} - core


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _code_names(path: Path) -> Iterator[tuple[int, str, str]]:
    """``(line, kind, text)`` for every identifier, imported module and non-docstring string of a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, "name", node.id
        elif isinstance(node, ast.Attribute):
            yield line, "name", node.attr
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            yield line, "name", node.name
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, "name", node.arg
        elif isinstance(node, ast.alias):
            yield line, "name", node.asname or node.name
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield line, "module", node.module
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield line, "string", node.value


def _mentions(path: Path, words: set[str], cards: set[str]) -> list[str]:
    word = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, sorted(words))) + r")(?![A-Za-z0-9])")
    card = re.compile(r"\b(" + "|".join(map(re.escape, sorted(cards, key=len, reverse=True))) + r")\b")
    found = []
    for line, kind, text in _code_names(path):
        if kind == "name":
            hits = [w for w in re.split(r"_|(?<=[a-z])(?=[A-Z])", text) if w.lower() in words] + (
                [text] if text in words else []
            )
        elif kind == "module":
            hits = [p for p in text.split(".") if p in words]
        else:
            hits = [m.group() for m in word.finditer(text)] + [m.group() for m in card.finditer(text)]
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {kind} {text!r:.70} names {h!r}" for h in hits]
    return found


WORDS = _box_words()
CARDS = _box_card_names()
CORE_FILES = sorted(
    f
    for pkg in CORE
    for f in (PACKAGE / pkg).rglob("*.py")
    if f != CITATIONS and "__pycache__" not in f.parts
)


def _scenario_words() -> set[str]:
    """The box words, and what the boxes add to a scenario file: tables, hero words, step helpers, choices, checks."""
    words = set(WORDS)
    for box in BUNDLED:
        words |= {t.name for t in box.position_tables} | set(box.scenario_checks)
        for hero in box.hero_words:
            words |= {hero.entry, *hero.choices.words}
        for step in box.scenario_steps.values():
            words |= {step.helper, *step.choices.words}
    return words


SCENARIO_WORDS = _scenario_words()
SCENARIO_FILES = sorted((PACKAGE / "play" / "scenario").glob("*.py"))


def test_the_box_names_are_read_from_the_bundled_boxes_declarations() -> None:
    """The lists are the boxes' own, not a hand list: the Odium and Naming boxes' options, keys and atoms."""
    assert {"odium", "naming", "odium_tokens", "name_pairs", "adversary_tokens", "NamingRule"} <= WORDS
    assert {"Stoneward", "Bondsmith"} <= CARDS
    assert {"learned", "wind", "iron", "attempt_name", "heroes_win"} <= SCENARIO_WORDS


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_scenario_format_names_no_box(path: Path) -> None:
    """``play/scenario/`` reads, checks, plays and writes what a box adds through its declarations only."""
    assert _mentions(path, SCENARIO_WORDS, CARDS) == []


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_core_names_no_box(path: Path) -> None:
    assert _mentions(path, WORDS, CARDS) == []


def test_the_check_finds_a_box_named_in_code() -> None:
    """The same check over the boxes' own modules finds their names: it is no check that cannot fail."""
    odium = _mentions(PACKAGE / "expansions" / "odium" / "_options.py", WORDS, CARDS)
    assert any("odium_tokens" in m for m in odium) and any("string" in m for m in odium)
    naming = _mentions(PACKAGE / "expansions" / "naming" / "_names.py", WORDS, CARDS)
    assert any("'NAMING'" in m or "naming" in m for m in naming)
    declared = _mentions(PACKAGE / "expansions" / "naming" / "_expansion.py", SCENARIO_WORDS, CARDS)
    assert any("'learned'" in m for m in declared) and any("'attempt_name'" in m for m in declared)
