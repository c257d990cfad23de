"""The "rules questions" page (``docs/rules-questions.md``): every scenario's question and answer.

Scenarios are grouped by the rule text their first section cites (the FAQs and play examples
of each rulebook, the open questions of the rules index, ``INDEX``); each entry gives the
question, the answer, the rules options, the steps and the file. The test suite runs every
scenario, so each answer on the page is what the engine really does.
"""

from __future__ import annotations

from pathlib import Path as FsPath

from ...values._sections import RULE_FILES, cite
from ._facade import Scenario, ScenarioPaths, scenario_files
from ._schema import plain

__all__ = ["questions_page"]


def _book(file: str) -> str:
    """A rule text's title as the topics name it (``values/_sections.py`` registers the titles)."""
    return f"{RULE_FILES[file].removeprefix('Call to Adventure: ')} ({file})"


_TOPICS = (
    ("000/faqs-", f"FAQs of {_book('000')}"),
    ("002/faqs-", f"FAQs of {_book('002')}"),
    ("000/play-example-", f"Play examples of {_book('000')}"),
    ("002/play-example-", f"Play examples of {_book('002')}"),
    ("INDEX/what-the-texts-leave-open", "Open questions: the same position under each rules option"),
)
_OTHER = "Other rules questions"


def _topic(scn: Scenario) -> str:
    for prefix, topic in _TOPICS:
        if any(s.startswith(prefix) for s in scn.sections[:1]):
            return topic
    for prefix, topic in _TOPICS:
        if any(s.startswith(prefix) for s in scn.sections):
            return topic
    return _OTHER


def questions_page(paths: ScenarioPaths, *, base: str | FsPath | None = None) -> str:
    """The "rules questions" page (Markdown): every scenario's question and answer, with its rules and file.

    Each answer was checked by running the scenario; ``base`` makes the file names relative.
    """
    entries: dict[str, list[tuple[FsPath, Scenario]]] = {}
    for path in scenario_files(paths):
        scn = Scenario.load(path)
        entries.setdefault(_topic(scn), []).append((path, scn))
    lines = [
        "# Rules questions, answered by the engine",
        "",
        "<!-- Generated from examples/scenarios/ by `calladventure scenario questions examples/scenarios "
        "--output docs/rules-questions.md`: do not edit by hand. -->",
        "",
        "Each question below is a scenario file: an exact position, the steps a player would take, and what",
        "the engine must do. The test suite runs every one, so each answer is what the engine really does.",
        "Run one yourself with `calladventure scenario run FILE`, or see its event log, each event with its",
        "rule, with `calladventure explain FILE`. The file format is described in [Scenarios](scenarios.md).",
    ]
    order = [t for _, t in _TOPICS] + [_OTHER]
    for topic in order:
        items = entries.get(topic)
        if not items:
            continue
        lines += ["", f"## {topic}", ""]
        for path, scn in sorted(items, key=lambda item: item[0].name):
            shown = path
            if base is not None:
                try:
                    shown = path.resolve().relative_to(FsPath(base).resolve())
                except ValueError:
                    shown = path
            lines.append(f"### {scn.title or scn.question}")
            lines.append("")
            if scn.title and scn.question:
                lines += [f"**Question.** {scn.question}", ""]
            lines += [f"**Answer.** {scn.answer}", ""]
            rules = scn.game.rules
            if rules:
                opts = ", ".join(f"`{k} = {plain(v)}`" for k, v in rules.items())
                lines += [f"Rules options: {opts}.", ""]
            lines.append("Steps:")
            lines.append("")
            for i, step in enumerate(scn.steps, 1):
                what = "check" if not step.action_keys() else f"`{step.describe()}`"
                if step.expect_illegal is not None:
                    what += " is refused"
                lines.append(f"{i}. {what}" + (f": {step.note}" if step.note else ""))
            lines.append("")
            cites = ", ".join(dict.fromkeys(cite(s) for s in scn.sections))  # one citation per rule
            lines += [f"Rules: {cites}. Scenario: `{shown.as_posix()}` ({len(scn.steps)} steps).", ""]
    return "\n".join(lines).rstrip() + "\n"
