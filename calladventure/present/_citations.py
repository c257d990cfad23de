"""The short explanation behind each citation ("why?").

Every door cites a rule by the one citation of ``values/_sections.py`` (:func:`~calladventure.values.cite`:
the Stormlight rulebook's section, ``000``, with the core rulebook's, ``001``, as its alias).
:func:`rule_note` gives a section's citation, a paraphrase in the project's own words
(``rule_notes.toml``, shipped in the package: never the rulebook's text) and where to look it up.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import attrs

from ..values._sections import RULE_FILES, SECTIONS, Section, alias, canonical, cite

__all__ = ["RuleNote", "rule_note"]


@attrs.frozen
class RuleNote:
    """A section explained: its citation, a paraphrase in the project's words, where to read it."""

    section: str
    citation: str
    text: str
    where: str  # "Call to Adventure core game rulebook, heading “Attempt a Challenge”"


@cache
def _notes() -> dict[str, dict[str, str]]:
    data = (
        resources.files(__package__ or "calladventure.present").joinpath("rule_notes.toml").read_text("utf-8")
    )
    notes: dict[str, dict[str, str]] = tomllib.loads(data)["notes"]
    return notes


def rule_note(section_id: str, lang: str = "en") -> RuleNote:
    """The explanation of a rule (a generic one, pointing to the heading, when none is written).

    It explains the rule's canonical section (``canonical`` in ``values/_sections.py``) under its
    one citation, and says where both books that state it (its ``alias``) do.
    """
    main = canonical(section_id)
    entry = _notes().get(main, {})
    text = entry.get(lang) or entry.get("en", "")
    if not text:
        text = "Voir la règle sous ce titre." if lang == "fr" else "See the rule under this heading."
    books = [main] if (other := alias(main, lang)) is None else [main, other]
    where = "; ".join(_where(SECTIONS[b], lang) for b in books)
    return RuleNote(main, cite(main, lang), text, where)


def _where(sec: Section, lang: str) -> str:
    book = RULE_FILES.get(sec.file, sec.file)
    return f"{book}, rubrique « {sec.title} »" if lang == "fr" else f"{book}, under the heading “{sec.title}”"
