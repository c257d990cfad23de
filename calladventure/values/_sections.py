"""The registry of rule-text sections that code, events, tests, scenarios and docs cite.

A section is one of the rule texts the engine implements (the rulebooks ``000`` … ``004`` and the
rules index ``INDEX``, :data:`RULE_FILES`) plus a heading of that text; ``docs/reference/rules.md``
lists them all.
Everything in calladventure cites a section by its id, ``"<file>/<slug>"`` (for example
``"000/attempt-a-challenge"``), and every door shows a rule by its one citation, :func:`cite`
(``"000 · Attempt a Challenge (001)"``). Unknown ids
are an error, so a typo in a citation cannot go unnoticed; ``tests/test_sections.py`` proves
that every section is cited by at least one test.
"""

from __future__ import annotations

import re
import unicodedata

import attrs

from ._errors import UnknownSectionError

RULE_FILES: dict[str, str] = {
    "000": "Call to Adventure: The Stormlight Archive rulebook",
    "001": "Call to Adventure core game rulebook",
    "002": "Call to Adventure: The Name of the Wind rulebook",
    "003": "Worldspanner Factions, Adventure Basics",
    "004": "Appel à l'Aventure (French summary of the core rules)",
    "INDEX": "The rules index: facts from public sources and open questions",
}


@attrs.frozen
class Section:
    """One heading of one rule text."""

    file: str
    heading: str
    parent: str | None = None

    @property
    def id(self) -> str:
        return f"{self.file}/{slugify(self.heading)}"

    @property
    def title(self) -> str:
        """The heading as the text titles it, under its parent's: ``"Glossary: Corruption"``."""
        return f"{self.parent}: {self.heading}" if self.parent else self.heading

    def __str__(self) -> str:
        return f"{self.file} · {self.title}"


def slugify(text: str) -> str:
    """Lower-case ASCII slug of a heading: ``"Re-attempt"`` → ``"re-attempt"``, ``"Tenter un Défi"`` → ``"tenter-un-defi"``."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _s(file: str, *headings: str, parent: str | None = None) -> list[Section]:
    return [Section(file, h, parent) for h in headings]


_ALL: list[Section] = [
    # 000: The Stormlight Archive rulebook.
    *_s(
        "000",
        "Rules Overview",
        "Setting Up the Game",
        "Deal the Cards",
        "Reveal Your Character",
        "Prepare the Story Decks",
        "Traits and Challenges",
        "Each Turn",
        "Gain a Trait",
        "Attempt a Challenge",
        "Hero and Antihero Cards",
        "Reading the Runes",
        "Core Runes",
        "Dark Runes",
        "Ability Runes",
        "Allies",
        "Journey",
        "Ending Your Turn",
        "Ending An Act",
        "Story Icons",
        "Radiant Icons",
        "Special Rules",
        "Ending the Game",
        "Facing Odium: Solo and Co-op Play",
        "Odium's Deck",
        "Solo/Co-op versus Competitive Play",
        "Facing Odium",
        "The Adversary Quests",
        "Playing Odium's Cards",
        "Winning the Solo or Co-op Game",
        "Rune Probability",
        "Expanding Your Adventure",
        "Game Components",
        "Quick Start Guide",
    ),
    *_s(
        "000",
        "Story Tableau",
        "Gaining a Trait",
        "Ending Act I",
        "End of Game",
        parent="Play Example",
    ),
    *_s(
        "000",
        "Ability Rune",
        "Act",
        "Adversary",
        "Adversary Quest",
        "Ally",
        "Antihero Card",
        "Attempt",
        "Challenge",
        "Character cards",
        "Co-op",
        "Corruption",
        "Difficulty",
        "Hero",
        "Hero Card",
        "Journey",
        "Path",
        "Radiant",
        "Re-attempt",
        "Sacrifice",
        "Solo",
        "Special Rune",
        "Story",
        "Story Icons",
        "Trait",
        parent="Glossary",
    ),
    *_s(
        "000",
        "More than three rune icons in one ability",
        "Card timing",
        "Card-draw result during a challenge",
        "More than three Corruption",
        "Act II cards before finishing Act I",
        "Path-specific bonuses",
        "Lighteyes, Darkeyes and The Nightwatcher",
        "Revealing Destinies in Co-op",
        "Odium's cards take effect",
        "Whenever a hero gains Corruption",
        "Whenever a Radiant icon is added",
        "Hero and Antihero cards on myself",
        "Loyalty to Odium in Contest of Champions",
        "Competitive, Co-op and Solo play",
        parent="FAQs",
    ),
    # 001: the core rulebook.
    *_s(
        "001",
        "Components",
        "Object of the Game",
        "Setup",
        "Deal the Cards",
        "Reveal your Character",
        "Prepare the Story Decks",
        "Game Play",
        "Gain a Trait",
        "Attempt a Challenge",
        "Reading the Runes",
        "Core Runes",
        "Dark Runes",
        "Ability Runes",
        "Other Actions",
        "Other Card Effects",
        "Hero And Antihero Cards",
        "Ending your Turn",
        "Ending an Act",
        "End of the Game",
    ),
    # 002: The Name of the Wind.
    *_s(
        "002",
        "Objective",
        "Components",
        "Preparing the Game",
        "New Story Icon",
        "Naming",
        "Play Example: Gaining a Name Icon",
        "New Cards, New Adventures",
    ),
    *_s(
        "002",
        "Re-attempts and Dark runes",
        "Mixing core and expansion cards",
        "Comrade in Arms or Parting of Ways",
        "Gaining a Name path",
        "One Challenge or Trait per turn",
        "Reveal this Destiny",
        "Loyal Friends",
        "Inner Strength",
        "Fae Origin",
        "Dangerous Truth",
        parent="FAQs",
    ),
    # 003: Worldspanner Factions.
    *_s(
        "003",
        "Adventure Basics",
        "Challenges",
        "Reading the Challenge card",
        "Common Adventure Results",
        "Capturing a Faction Adventure",
        "Faction Relations",
    ),
    # 004: French summary.
    *_s(
        "004",
        "Comment jouer",
        "Les cartes",
        "À chaque tour",
        "Gagner un Trait",
        "Tenter un Défi",
        "Lire les Runes",
        "Les Autres Actions",
        "Finir votre Tour",
        "Finir un Acte",
        "Fin de la Partie",
    ),
    # INDEX.md: facts from public sources and the open questions.
    *_s(
        "INDEX",
        "Components",
        "Runes",
        "Corruption track",
        "Scoring seen in fan score cards",
        "Core solo / co-op",
        "Stormlight co-op",
        "Worldspanner Factions (003)",
        "What the texts leave open",
    ),
]

SECTIONS: dict[str, Section] = {}
for _sec in _ALL:
    _key = _sec.id if _sec.parent is None else f"{_sec.file}/{slugify(_sec.parent)}-{slugify(_sec.heading)}"
    if _key in SECTIONS:
        raise RuntimeError(f"duplicate section id {_key}")
    SECTIONS[_key] = _sec


def section(section_id: str) -> Section:
    """Look up a section by id; raise ``UnknownSectionError`` (a KeyError) naming close matches if it is unknown."""
    try:
        return SECTIONS[section_id]
    except (KeyError, TypeError):
        prefix = section_id.split("/")[0] if isinstance(section_id, str) else ""
        close = [k for k in SECTIONS if k.split("/")[0] == prefix]
        raise UnknownSectionError(
            f"unknown rule section {section_id!r:.60}; known in that file: {close[:20]}"
        ) from None


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

#: The 000 section of each 001 section that states the rule of one (its first, where several do).
_STORMLIGHT_EQUIVALENTS: dict[str, str] = {}
for _full, _core in CORE_EQUIVALENTS.items():
    _STORMLIGHT_EQUIVALENTS.setdefault(_core, _full)


def canonical(section_id: str) -> str:
    """The section a rule is cited by: the Stormlight rulebook's (000, the most complete text)
    where it states the rule of a core section (001), else the section itself; checks it exists."""
    section(section_id)
    return _STORMLIGHT_EQUIVALENTS.get(section_id, section_id)


def alias(section_id: str) -> str | None:
    """The core rulebook's section (001) stating the rule too, or None where only the canonical one does."""
    return CORE_EQUIVALENTS.get(canonical(section_id))


def cite(section_id: str) -> str:
    """The one citation of a rule, the same wherever and in whatever language it is shown.

    Its canonical section (:func:`canonical`) titled as its text titles it, with its :func:`alias`:
    ``"000 · Each Turn (001 · Game Play)"``, only the file where the heading has the same words
    (``"000 · Ending An Act (001)"``: 001 titles it "Ending an Act"), ``"000 · Story Icons"``
    where only 000 states the rule.
    """
    sec, other = SECTIONS[canonical(section_id)], alias(section_id)
    if other is None:
        return str(sec)
    also = SECTIONS[other]
    return f"{sec} ({also.file if also.title.casefold() == sec.title.casefold() else also})"


__all__ = [
    "CORE_EQUIVALENTS",
    "RULE_FILES",
    "SECTIONS",
    "Section",
    "alias",
    "canonical",
    "cite",
    "section",
    "slugify",
]
