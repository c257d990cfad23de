"""The short explanation behind each citation ("why?").

Every door cites a rule by the one citation of ``values/_sections.py`` (:func:`~calladventure.values.cite`:
the Stormlight rulebook's section, ``000``, with the core rulebook's, ``001``, as its alias).
:func:`rule_note` gives a section's citation, a paraphrase in the project's own words
(``rule_notes.toml``, shipped in the package: never the rulebook's text) and where to look it up,
in French also under the French summary's (``004``) heading.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

import attrs

from ..values._sections import RULE_FILES, SECTIONS, Section, alias, canonical, cite

__all__ = ["FRENCH_EQUIVALENTS", "RuleNote", "rule_note"]

#: Sections of 001 whose rule the French summary (004) states, under its own heading.
FRENCH_EQUIVALENTS: dict[str, str] = {
    "001/deal-the-cards": "004/comment-jouer",
    "001/reveal-your-character": "004/les-cartes",
    "001/game-play": "004/a-chaque-tour",
    "001/gain-a-trait": "004/gagner-un-trait",
    "001/attempt-a-challenge": "004/tenter-un-defi",
    "001/reading-the-runes": "004/lire-les-runes",
    "001/core-runes": "004/lire-les-runes",
    "001/dark-runes": "004/lire-les-runes",
    "001/other-actions": "004/les-autres-actions",
    "001/hero-and-antihero-cards": "004/les-cartes",
    "001/ending-your-turn": "004/finir-votre-tour",
    "001/ending-an-act": "004/finir-un-acte",
    "001/end-of-the-game": "004/fin-de-la-partie",
}


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
    one citation, and says where the books that state it do (its ``alias``; in French the
    French summary's heading too, where it states the rule).
    """
    main = canonical(section_id)
    entry = _notes().get(main, {})
    text = entry.get(lang) or entry.get("en", "")
    if not text:
        text = "Voir la règle sous ce titre." if lang == "fr" else "See the rule under this heading."
    books = [main] if (core := alias(main)) is None else [main, core]
    if lang == "fr" and core in FRENCH_EQUIVALENTS:
        books.append(FRENCH_EQUIVALENTS[core])
    where = "; ".join(_where(SECTIONS[b], lang) for b in books)
    return RuleNote(main, cite(main), text, where)


def _where(sec: Section, lang: str) -> str:
    book = RULE_FILES.get(sec.file, sec.file)
    return f"{book}, rubrique « {sec.title} »" if lang == "fr" else f"{book}, under the heading “{sec.title}”"
