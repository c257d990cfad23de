"""The languages of the pictures: gettext catalogs (English is the source; French from ``004``).

Every word a picture, the terminal game or a widget shows goes through :func:`t` (a message
with ``{named}`` fields, translated then filled in) or :func:`tn` (one of two forms by a
count). The catalogs are GNU gettext files shipped in the package
(``present/locale/<lang>/LC_MESSAGES/calladventure.po`` and the compiled ``.mo``), read with
the standard library, so a plain ``pip install`` needs nothing more; Babel (the ``i18n``
extra) extracts the messages and compiles the catalogs (``python scripts/i18n.py``).

The engine's events are English sentences; :func:`event_text` reads one back against the
catalog's event templates (``"gains {card}"``) and writes it in the chosen language, each
field translated too when the catalog knows it ("top" → "haut"), card names kept. A sentence
no template matches stays as the engine wrote it. The French words are those of the French
summary of the rules (``004 · Comment jouer``): Origine, Motivation, Destin, Triomphe,
Tragédie, Expérience, Défi, Trait, Voyage, runes Principales, Sombres et de Compétence, Acte,
échelle de Corruption.
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from importlib import resources
from typing import Any

from ..values._errors import CallAdventureError

__all__ = [
    "DOMAIN",
    "EVENT_TEMPLATES",
    "LABEL_TEMPLATES",
    "LANGUAGES",
    "N_",
    "WORDS",
    "check_lang",
    "event_text",
    "known",
    "label_text",
    "t",
    "tn",
    "translation",
]

#: The gettext domain of the catalogs.
DOMAIN = "calladventure"
#: The languages shipped: English (the source text) and French.
LANGUAGES: tuple[str, ...] = ("en", "fr")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now."""
    return message


#: The engine's event sentences, as templates (``{field}`` is any text): matched by :func:`event_text`.
EVENT_TEMPLATES: tuple[str, ...] = (
    N_("turn {n} begins"),
    N_("keeps an Origin"),
    N_("keeps a Motivation"),
    N_("keeps a Destiny (face down)"),
    N_("Origins and Motivations are revealed: {heroes}"),
    N_("{n} heroes are dealt their Character cards"),
    N_("1 hero is dealt their Character cards"),
    N_("{card} is dealt to Act {act}"),
    N_("the Act {act} row is revealed"),
    N_("gains {card}"),
    N_("attempts {card}, path {side} ({label})"),
    N_("spends {n} Experience on Dark runes"),
    N_("cast: {faces} = {n} successes"),
    N_("cast: {faces} = 1 success"),
    N_("re-attempt: {faces} = {n} successes"),
    N_("re-attempt: {faces} = 1 success"),
    N_("overcomes {card}: {total} vs difficulty {difficulty}{why}"),
    N_("fails {card}: {total} vs difficulty {difficulty}{why}; +1 Experience"),
    N_("tucks {card} ({side}) under the {character}"),
    N_("completes Act {act}"),
    N_("gains the Ally {card}"),
    N_("{card} is tucked under {other}"),
    N_("Ally {card} is revealed in Act {act}"),
    N_("{card}: gains {n} Experience"),
    N_("{face}: gains {n} Experience"),
    N_("{face}: draws a card ({deck})"),
    N_("draws a Hero card"),
    N_("draws an Antihero card"),
    N_("plays {card} on P{n}"),
    N_("{card} takes effect on P{n}"),
    N_("pays {n} Experience for {card}"),
    N_("journey: {card} is discarded"),
    N_("ends the turn: effects of this turn end"),
    N_("takes a final turn"),
    N_("the game ends: every Destiny is revealed and scored"),
    N_("gains {n} Corruption ({why})"),
    N_("gains {n} Virtue ({why})"),
    N_("sacrifices {card}: it is turned face down"),
    N_("the {kind} discard pile is reshuffled"),
    N_("the {kind} deck is empty: no card drawn"),
    N_("{card}: adds {n} Dark rune(s)"),
)

#: Score lines, what the game waits for, and other labels with fields, read back like events (:func:`label_text`).
LABEL_TEMPLATES: tuple[str, ...] = (
    N_("Corruption track: {level}"),
    N_("Story icon sets ({sets})"),
    N_("Destiny: {card}"),
    N_("Name tokens ({names})"),
    N_(" ({n} cast {bits})"),
    N_("{who} to keep one of the dealt {kind} cards"),
    N_("{who} to tuck the Ally {card} under a challenge of Act {act}"),
    N_("{who} to choose the Hero or Antihero deck for a draw"),
    N_("the runes to be cast for {who}'s attempt"),
    N_("{who} to buy more Dark runes before the re-attempt casts (dark 0 for none)"),
    N_("{who} to pledge loyalty to Odium as Act III begins, or stay with the heroes"),
    N_("timing window before the runes are cast: {who} may play a card or pass{then}"),
    N_("timing window after the cast, before it resolves: {who} may play a card or pass{then}"),
    N_("{who}'s main action: gain a trait, attempt a challenge, journey, or end the turn"),
)

#: Words that reach the pictures as values (a path, a seat kind, a score line, a level): translated when met.
WORDS: tuple[str, ...] = (
    N_("top"),
    N_("bottom"),
    N_("hero"),
    N_("antihero"),
    N_("choice"),
    N_("human"),
    N_("greedy"),
    N_("random"),
    N_("Origin"),
    N_("Motivation"),
    N_("Destiny"),
    N_("Attempt"),
    N_("Runes"),
    N_("Difficulty"),
    N_("P(success)"),
    N_("Triumph and Tragedy in the Story"),
    N_("Unspent Experience"),
    N_("Hero cards played"),
    N_("Antihero cards played"),
    N_("Story icon sets"),
    N_("Defeated Odium (and one Radiant icon)"),
    N_("Start"),
    N_("Virtue 1"),
    N_("Virtue 2"),
    N_("Corruption 1"),
    N_("Corruption 2"),
    N_("Corruption 3"),
    N_("Corruption 4 (lowest)"),
    N_("nothing: the game is over"),
    N_("points"),
)


_FIELD = re.compile(r"\{(\w+)\}")


def check_lang(lang: str) -> str:
    """``lang`` if it is shipped; else a :class:`CallAdventureError` listing the languages."""
    if lang not in LANGUAGES:
        raise CallAdventureError(f"unknown language {lang!r}; choose from {', '.join(LANGUAGES)}")
    return lang


@cache
def translation(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` ("en": the source text itself)."""
    check_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    path = resources.files(__package__ or "calladventure.present") / "locale" / lang / "LC_MESSAGES"
    with (path / f"{DOMAIN}.mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)


def t(lang: str, message: str, **fields: Any) -> str:
    """``message`` in ``lang``, its ``{fields}`` filled in."""
    text = translation(lang).gettext(message)
    return text.format(**fields) if fields else text


def tn(lang: str, singular: str, plural: str, n: int, **fields: Any) -> str:
    """The singular or plural form of a message for the count ``n`` (given as ``{n}`` too)."""
    return translation(lang).ngettext(singular, plural, n).format(n=n, **fields)


def known(lang: str, message: str) -> bool:
    """Whether the catalog of ``lang`` translates ``message`` (always, in English)."""
    return lang == "en" or translation(lang).gettext(message) != message


@cache
def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.*?)" for i, p in enumerate(parts))
    return re.compile(f"^{regex}$", re.S)


@cache
def _most_specific_first(templates: tuple[str, ...]) -> tuple[str, ...]:
    """Templates with the most fixed text first, so a specific one wins over a general one."""
    return tuple(sorted(templates, key=lambda x: -len(_FIELD.sub("", x))))


def _read_back(text: str, templates: tuple[str, ...], lang: str) -> str:
    if lang == "en":
        return text
    for template in _most_specific_first(templates):
        match = _pattern(template).match(text)
        if match is None or not known(lang, template):
            continue
        fields = {k: _field(v, lang) for k, v in match.groupdict().items()}
        return t(lang, template, **fields)
    return t(lang, text) if known(lang, text) else text


def _field(value: str, lang: str) -> str:
    """A template's field in ``lang``: a known word or label translated, anything else (a card name) kept."""
    if not value:
        return value
    if known(lang, value):
        return t(lang, value)
    return _read_back(value, LABEL_TEMPLATES, lang) if "{" not in value else value


def event_text(text: str, lang: str = "en") -> str:
    """An engine event's sentence in ``lang`` (unchanged when no template matches it)."""
    return _read_back(text, EVENT_TEMPLATES, lang)


def label_text(text: str, lang: str = "en") -> str:
    """A score line's or a picture's label in ``lang`` (unchanged when the catalog does not know it)."""
    return _read_back(text, LABEL_TEMPLATES, lang)
