"""Which rulebook a picture cites, and the short explanation behind each citation ("why?").

The engine's events cite the most complete text, the Stormlight rulebook (``000``). A reader of a
core-only game has the core rulebook (``001``), so :func:`preferred` cites ``001`` where it
states the same rule and ``000`` where only it does; a French reader gets the French summary
(``004``) where it states the rule. :func:`rule_note` gives a section's title, a paraphrase in
the project's own words (``rule_notes.toml``, shipped in the package: never the rulebook's
text) and where to look it up.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources

import attrs

from ..values._sections import RULE_FILES, SECTIONS, section

__all__ = ["CORE_EQUIVALENTS", "FRENCH_EQUIVALENTS", "RuleNote", "cite_for", "preferred", "rule_note"]

#: Sections of 000 whose rule the core rulebook (001) states too, under its own heading.
CORE_EQUIVALENTS: dict[str, str] = {
    "000/setting-up-the-game": "001/setup",
    "000/deal-the-cards": "001/deal-the-cards",
    "000/reveal-your-character": "001/reveal-your-character",
    "000/glossary-corruption": "001/reveal-your-character",
    "000/prepare-the-story-decks": "001/prepare-the-story-decks",
    "000/each-turn": "001/game-play",
    "000/gain-a-trait": "001/gain-a-trait",
    "000/attempt-a-challenge": "001/attempt-a-challenge",
    "000/reading-the-runes": "001/reading-the-runes",
    "000/core-runes": "001/core-runes",
    "000/dark-runes": "001/dark-runes",
    "000/ability-runes": "001/ability-runes",
    "000/journey": "001/other-actions",
    "000/hero-and-antihero-cards": "001/hero-and-antihero-cards",
    "000/ending-your-turn": "001/ending-your-turn",
    "000/ending-an-act": "001/ending-an-act",
    "000/ending-the-game": "001/end-of-the-game",
}

#: Sections of 000 and 001 whose rule the French summary (004) states, under its own heading.
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

#: Card sets whose rules only the Stormlight rulebook (000) has in full.
_STORMLIGHT = "stormlight"


def preferred(section_id: str, sets: Sequence[str] | None = None, lang: str = "en") -> str:
    """The section to cite for a reader of a game on ``sets``, in ``lang``.

    A game without the Stormlight box cites the core rulebook (001) where it states the rule;
    in French, the French summary (004) where it states the rule. Anything else (and any
    section when ``sets`` is None: the engine's own citation) is unchanged.
    """
    out = section_id
    core = CORE_EQUIVALENTS.get(section_id)
    if core is not None and ((sets is not None and _STORMLIGHT not in sets) or lang == "fr"):
        out = core
    if lang == "fr":
        out = FRENCH_EQUIVALENTS.get(out, out)
    return out


def cite_for(section_id: str, sets: Sequence[str] | None = None, lang: str = "en") -> str:
    """The citation a reader sees: ``"001 · Attempt a Challenge"`` (see :func:`preferred`)."""
    return str(section(preferred(section_id, sets, lang)))


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
    """The explanation of a section (a generic one, pointing to the heading, when none is written)."""
    sec = SECTIONS.get(section_id) or section(section_id)
    entry = _notes().get(section_id, {})
    text = entry.get(lang) or entry.get("en", "")
    if not text:
        text = "Voir la règle sous ce titre." if lang == "fr" else "See the rule under this heading."
    book = RULE_FILES.get(sec.file, sec.file)
    heading = f"{sec.parent}: {sec.heading}" if sec.parent else sec.heading
    where = f"{book}, rubrique « {heading} »" if lang == "fr" else f"{book}, under the heading “{heading}”"
    return RuleNote(section_id, str(sec), text, where)
