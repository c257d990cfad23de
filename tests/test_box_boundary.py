"""The core's ``values``, ``data`` and ``rules`` packages, and the scenario format, name no box (docs/design.md, "How a box plugs in").

What belongs to a box is read from the bundled boxes' own declarations
(``calladventure.expansions.BUNDLED``: each ``Expansion``'s id, module, rules options, ``ext``
keys, effect atoms and icons) and from the card data beyond the core set (the cards of the bundled
sets the core set does not have). The core's code may name none of them: no identifier, and no
string outside a docstring. Docstrings and comments cite the rule texts, whose section titles
name cards and Odium (``000 · Facing Odium``); ``values/_sections.py`` registers those titles.

The scenario format (``play/scenario/``) takes what the boxes add to a file from their
declarations too: beside the words above, it may not name a box's table, its words of a hero,
its step helpers and their choices, or its ``expect`` keys (:func:`_scenario_words`).

The boxes' icons are common words (the rules' ``fire`` fires triggers), so they are looked for
as an icon is named in code: a string, or an upper-case name (``Icon.FIRE``, ``MUSIC_GLYPH``);
the pictures (``present``) may not name them either, since a box brings its own glyphs and shapes.
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
from calladventure.rules import Expansion
from calladventure.values._atoms import EFFECT_TAGS
from calladventure.values._icons import Icon, IconDeclaration

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


def _box_icons() -> set[str]:
    """The values of the icons the bundled boxes declare (``Expansion.icons``)."""
    return {icon.value for box in BUNDLED for icon in box.icons}


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


def _icon_mentions(path: Path, icons: set[str]) -> list[str]:
    """Where a module names one of ``icons``: in a string, or as an upper-case part of a name.

    The strings of ``__all__`` are the module's names (``"fire"``, the rules' function), checked as names.
    """
    word = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, sorted(icons))) + r")(?![A-Za-z0-9])")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exported = {
        const.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
        for const in ast.walk(node.value)
        if isinstance(const, ast.Constant)
    }
    found = []
    for line, kind, text in _code_names(path):
        if kind == "name":
            hits = [w for w in text.split("_") if w.isupper() and w.lower() in icons]
        elif kind == "string" and text not in exported:
            hits = [m.group() for m in word.finditer(text)]
        else:
            hits = []
        found += [
            f"{path.relative_to(PACKAGE.parent)}:{line}: {kind} {text!r:.70} names icon {h!r}" for h in hits
        ]
    return found


WORDS = _box_words()
CARDS = _box_card_names()
ICONS = _box_icons()
CORE_FILES = sorted(
    f
    for pkg in CORE
    for f in (PACKAGE / pkg).rglob("*.py")
    if f != CITATIONS and "__pycache__" not in f.parts
)
PICTURE_FILES = sorted(f for f in (PACKAGE / "present").rglob("*.py") if "__pycache__" not in f.parts)


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


def test_the_box_icons_are_read_from_the_bundled_boxes_declarations() -> None:
    """Music (002 · New Story Icon) and the Name icons (002 · Naming), from ``Naming.icons``, not a hand list."""
    assert {"music", "wind", "fire", "iron"} == ICONS
    assert all(icon.declaration is not None for box in BUNDLED for icon in box.icons)


@pytest.mark.parametrize("path", CORE_FILES + PICTURE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_core_and_the_pictures_name_no_box_icon(path: Path) -> None:
    assert _icon_mentions(path, ICONS) == []


def test_the_icon_check_finds_an_icon_named_in_code() -> None:
    """Over the box's own modules the check finds its icons (``WIND`` in a name, ``"wind"`` in a string)."""
    names = _icon_mentions(PACKAGE / "expansions" / "naming" / "_names.py", ICONS)
    assert any("name 'WIND'" in m for m in names)
    declared = _icon_mentions(PACKAGE / "expansions" / "naming" / "_icons.py", ICONS)
    assert any("string 'wind'" in m for m in declared)
    assert _icon_mentions(PACKAGE / "rules" / "_effects.py", ICONS) == []  # ``fire`` the triggers is no icon


def test_the_core_icon_has_no_box_member() -> None:
    """The core's ``Icon`` lists only the core game's icons; the boxes' join it as they are declared."""
    assert not ICONS & {icon.value for icon in Icon}
    assert not ICONS & {name.lower() for name in Icon.__members__}
    assert Icon("wind").declaration is not None and Icon.NATURE.declaration is None


def test_an_icon_declared_again_with_another_kind_is_refused() -> None:
    """A box may not make a known icon something else: not a Name icon a story icon, nor a core icon a box's."""
    wind = Icon("wind")
    with pytest.raises(ValueError, match="'wind' is a name icon: it cannot be declared a story icon"):
        Icon.declare(IconDeclaration("wind", "story", "w", "", "002 · Naming"))
    with pytest.raises(ValueError, match="'nature' is a story icon: it cannot be declared a name icon"):
        Icon.declare(IconDeclaration("nature", "name", "n", "", "000 · Story Icons"))
    assert (
        Icon.declare(IconDeclaration("wind", "name", "w", "", "002 · Naming")) is wind
    )  # same kind: nothing changes
    assert wind.kind == "name" and wind.declaration is not None and wind.declaration.glyph == "≋"


def test_a_box_listing_an_icon_it_did_not_declare_is_refused() -> None:
    """``Expansion.icons`` lists icons declared with an ``IconDeclaration``, not the core's."""
    with pytest.raises(ValueError, match=r"the icons \['nature'\] are not declared by a box"):
        type("Thief", (Expansion,), {"id": "thief", "icons": (Icon.NATURE,)})
