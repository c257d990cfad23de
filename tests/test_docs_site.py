"""The documentation site: its generated pages are current, complete and honest, and its examples run.

``scripts/gen_docs.py`` generates the rules, command-line and card-format references; these tests
fail when a committed page differs from a fresh run (run ``python scripts/gen_docs.py``), when a
rule section or a command is missing, when a CLI example in the docs does not run, or when a page
or a module is left out of the site. ``tests/test_docs.py`` runs the Python examples.
"""

from __future__ import annotations

import importlib.util
import pkgutil
import re
import shlex
import subprocess
import sys
import warnings
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _load_gen_docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "scripts" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_docs"] = module
    spec.loader.exec_module(module)
    return module


gen = _load_gen_docs()


@pytest.fixture(scope="module")
def rules_map() -> object:
    return gen.RulesMap.collect()


# ----------------------------------------------------------------------------- generated pages


@pytest.mark.parametrize("page", sorted(gen.GENERATED))
def test_generated_page_is_up_to_date(page: str) -> None:
    path = DOCS / page
    assert path.is_file(), f"docs/{page} is missing: run `python scripts/gen_docs.py`"
    fresh = gen.GENERATED[page]()
    if path.read_text(encoding="utf-8") != fresh:
        pytest.fail(f"docs/{page} is out of date: run `python scripts/gen_docs.py`")


def test_rules_reference_has_an_entry_for_every_section() -> None:
    from calladventure.values._sections import SECTIONS

    text = (DOCS / "reference" / "rules.md").read_text(encoding="utf-8")
    missing = [sid for sid in SECTIONS if f"{{#{gen.anchor(sid)}}}" not in text or f"`{sid}`" not in text]
    assert not missing, f"sections missing from the rules reference: {missing}"
    assert len({gen.anchor(sid) for sid in SECTIONS}) == len(SECTIONS), "two sections share an anchor"


def test_rules_reference_names_the_sections_no_test_covers(rules_map: object) -> None:
    from calladventure.values._sections import SECTIONS

    text = (DOCS / "reference" / "rules.md").read_text(encoding="utf-8")
    entries = dict(re.findall(r"^`([^`]+)` · (.+)$", text, flags=re.M))
    uncovered = rules_map.uncovered()  # type: ignore[attr-defined]
    for sid in SECTIONS:
        says_uncovered = "not yet covered by a test" in entries.get(sid, "")
        assert says_uncovered == (sid in uncovered), sid
    if uncovered:
        warnings.warn(
            f"{len(uncovered)} rule sections are not yet covered by a test: {', '.join(uncovered)}",
            stacklevel=1,
        )


def test_rules_map_finds_engine_citations(rules_map: object) -> None:
    engine = rules_map.engine  # type: ignore[attr-defined]
    cited = {(c.file, c.name) for c in engine["000/attempt-a-challenge"]}
    assert any(file.startswith("calladventure/rules/") and name for file, name in cited), cited


def test_tests_count_by_name_or_code_and_never_by_docstring_or_helper(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_example.py").write_text(
        '''"""Module docstring: 000 · Allies (a description, not a test)."""

CASES = ["000/dark-runes"]


def helper():
    return "000/core-runes"


def test_000_journey_costs_one():
    assert True


def test_odds_cite_in_code():
    section = "000 · Glossary: Re-attempt"
    assert section


class TestGroup:
    def test_002_naming_learns_a_name(self):
        assert True
''',
        encoding="utf-8",
    )
    found = gen.tests_citing(gen.SectionMatcher.build(), root=tmp_path)
    names = {sid: {c.name for c in cites} for sid, cites in found.items()}
    assert names == {
        "000/journey": {"test_000_journey_costs_one"},
        "000/glossary-re-attempt": {"test_odds_cite_in_code"},
        "000/dark-runes": {""},
        "002/naming": {"TestGroup.test_002_naming_learns_a_name"},
    }


def test_section_of_test_name_takes_the_longest_slug() -> None:
    assert gen.section_of_test_name("test_000_journey_once_per_turn") == "000/journey"
    assert gen.section_of_test_name("test_000_journey") == "000/journey"
    assert gen.section_of_test_name("test_000_glossary_story_icons_count") == "000/glossary-story-icons"
    assert gen.section_of_test_name("test_000_glossary_story_is_tucked") == "000/glossary-story"
    assert gen.section_of_test_name("test_000_journeyman_is_no_section") is None
    assert gen.section_of_test_name("test_odds_are_exact") is None


def test_section_matcher_reads_ids_and_display_forms_longest_first() -> None:
    matcher = gen.SectionMatcher.build()
    text = "See 000 · Glossary: Hero Card, then 000/journey and 000 · Facing Odium: Solo and Co-op Play."
    assert [sid for sid, _ in matcher.find(text)] == [
        "000/glossary-hero-card",
        "000/journey",
        "000/facing-odium-solo-and-co-op-play",
    ]
    assert [sid for sid, _ in matcher.find("(001 · Reveal your\n    Character)")] == [
        "001/reveal-your-character"
    ]
    assert list(matcher.find("000/journey-map and x000/journey")) == []


def test_cli_reference_shows_every_command() -> None:
    text = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    for path, _command, _ctx in gen.cli_commands():
        assert f"## `{' '.join(path)}`" in text, path
        assert gen.cli_help(path).splitlines()[0] in text, path


def test_card_format_reference_lists_every_field_and_kind() -> None:
    import attrs

    from calladventure.values import _effects as fx

    text = (DOCS / "reference" / "card-format.md").read_text(encoding="utf-8")
    for _anchor, _title, cls, _where in gen._attrs_classes():
        for field in attrs.fields(cls):
            assert f"| `{field.name}` |" in text, (cls.__name__, field.name)
    for kinds in (fx.EFFECT_KINDS, fx.SCORE_KINDS):
        for kind, cls in kinds.items():
            assert f"### `{kind}`" in text, kind
            for field in attrs.fields(cls):
                assert f"| `{field.name}` |" in text, (kind, field.name)


# ----------------------------------------------------------------------------- CLI examples


def _console_examples() -> list[tuple[str, int, str]]:
    """(page, line number, command) of every ``calladventure`` command in a console block."""
    out: list[tuple[str, int, str]] = []
    pages = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
    for page in pages:
        lines = page.read_text(encoding="utf-8").splitlines()
        in_console = False
        for number, line in enumerate(lines, start=1):
            stripped = line.strip()
            if stripped.startswith("```"):
                in_console = not in_console and stripped[3:].strip() in ("console", "bash", "shell", "sh")
                continue
            command = stripped.removeprefix("$ ").strip()
            if in_console and (
                command.startswith("calladventure ") or command.startswith("python -m calladventure ")
            ):
                out.append((page.relative_to(ROOT).as_posix(), number, command))
    return out


EXAMPLES = _console_examples()


def _run_cli(command: str) -> tuple[int, str]:
    from calladventure.cli import app

    words = shlex.split(command, comments=True)
    words = words[3:] if words[:3] == ["python", "-m", "calladventure"] else words[1:]
    result = CliRunner().invoke(app, words, prog_name="calladventure")
    return result.exit_code, result.output


def test_docs_have_cli_examples() -> None:
    assert len(EXAMPLES) >= 3, EXAMPLES
    assert any(page.startswith("docs/") for page, _, _ in EXAMPLES)


@pytest.mark.parametrize(("page", "line", "command"), EXAMPLES, ids=[f"{p}:{n}" for p, n, _ in EXAMPLES])
def test_cli_example_in_the_docs_runs(
    page: str, line: int, command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)  # examples name files of the repository (cards/core …)
    code, output = _run_cli(command)
    if re.search(r"#\s*fails\b", command):
        assert code != 0, f"{page}:{line}: `{command}` is marked as failing but exited 0"
    else:
        assert code == 0, f"{page}:{line}: `{command}` exited {code}:\n{output}"


def _help_examples() -> list[str]:
    examples = []
    for path, _command, _ctx in gen.cli_commands():
        help_text = gen.cli_help(path)
        if "Examples:" in help_text:
            block = help_text.split("Examples:", 1)[1]
            examples += [ln.strip() for ln in block.splitlines() if ln.strip().startswith("calladventure ")]
    return sorted(set(examples))


def test_examples_in_the_cli_help_are_valid_usage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each example the CLI's own help shows parses (click's usage errors print "Usage:").

    Some name files of the reader's own (``my-set/``), so they may fail for want of the file: a
    one-line error with exit status 2 (a user's error) or 1 (a failed check).
    """
    monkeypatch.chdir(ROOT)
    examples = _help_examples()
    assert examples
    for command in examples:
        code, output = _run_cli(command)
        assert code in (0, 1, 2), f"`{command}` exited {code}:\n{output}"
        assert "Usage:" not in output, f"`{command}` is not valid usage:\n{output}"
        if code:
            assert output.strip(), f"`{command}` failed without saying why"


# ----------------------------------------------------------------------------- the site


def _nav_pages() -> set[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = text.split("\nnav:", 1)[1]
    return set(re.findall(r"^\s*-\s(?:.*[\s:])?([\w./-]+\.md)\s*$", nav, flags=re.M))


def test_every_page_is_in_the_nav_and_every_nav_entry_exists() -> None:
    pages = {p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md")}
    nav = _nav_pages()
    assert not pages - nav, f"pages left out of the nav in mkdocs.yml: {sorted(pages - nav)}"
    assert not nav - pages, f"nav entries with no page: {sorted(nav - pages)}"


def test_site_config_is_strict_and_offline() -> None:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^strict: true$", text, flags=re.M)
    assert re.search(r"^\s+font: false", text, flags=re.M)
    assert "scripts/gen_docs.py" in text


def test_every_module_has_an_api_page() -> None:
    import calladventure

    directives = "\n".join(p.read_text(encoding="utf-8") for p in (DOCS / "reference" / "api").glob("*.md"))
    documented = set(re.findall(r"^::: (calladventure(?:\.\w+)*)$", directives, flags=re.M))

    def covered(name: str) -> bool:  # the module, or a package above it, has a directive
        parts = name.split(".")
        return any(".".join(parts[:k]) in documented for k in range(2, len(parts) + 1))

    modules = {
        m.name
        for m in pkgutil.walk_packages(calladventure.__path__, "calladventure.")
        if not m.ispkg
        and not any(part.startswith("_") for part in m.name.split(".")[1:])
        and not m.name.startswith("calladventure.cli")  # the CLI has its own generated reference
    }
    missing = sorted(m for m in modules if not covered(m))
    assert not missing, f"modules without an API page: {missing}"


def test_tutorial_pictures_are_drawn_from_its_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    text = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    markers = gen.PICTURE.findall(text)
    assert len(markers) >= 5
    markdown, pictures = gen.render_pictures(text, "tutorial.md")
    assert len(pictures) == len(markers)
    assert all(picture.lstrip().startswith("<") and len(picture) > 200 for picture in pictures)
    assert sum('class="ca-root' in picture for picture in pictures) >= 4  # calladventure.present's views
    assert not gen.PICTURE.search(markdown)
    assert all(gen._TOKEN.format(i) in markdown for i in range(len(pictures)))


def test_render_pictures_names_the_page_of_a_failing_picture() -> None:
    page = "```python\nx = 1\n```\n\n<!-- picture: no_such_name -->\n"
    with pytest.raises(NameError) as info:
        gen.render_pictures(page, "broken.md")
    assert "broken.md: the picture at line 5" in " ".join(info.value.__notes__)


# ----------------------------------------------------------------------------- reproducibility claims

_PLAY = """
from calladventure import Game
from calladventure.play.bots import GreedyBot, RandomBot, play_game
from calladventure.data._saves import state_digest
game = play_game(Game.new(players=3, seed=11), [GreedyBot(1), RandomBot(2), GreedyBot(3)])
print(state_digest(game.state), len(game.history))
"""


def test_a_game_does_not_depend_on_the_hash_seed() -> None:
    """docs/reproducibility.md: nothing depends on PYTHONHASHSEED."""
    outputs = set()
    for hash_seed in ("1", "2"):
        env = {"PYTHONHASHSEED": hash_seed, "PATH": ""}
        done = subprocess.run(
            [sys.executable, "-c", _PLAY], env=env, cwd=ROOT, capture_output=True, text=True, check=True
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1, outputs


def test_sphinx_roles_in_api_pages_show_as_plain_code() -> None:
    html = "see :class:<code>~calladventure.game.Game</code> and :meth:<code>Game.pop</code>"
    assert gen.plain_roles(html) == "see <code>Game</code> and <code>Game.pop</code>"
