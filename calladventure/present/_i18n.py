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
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

from ..values._errors import CallAdventureError
from ..values._illegal import GameSetupError, IllegalActionError
from ..values._sections import cite
from ._templates import (
    ERROR_TEMPLATES,
    EVENT_TEMPLATES,
    FACE_WORDS,
    FIELD_PATTERNS,
    LABEL_TEMPLATES,
    N_,
    WORDS,
)

__all__ = [
    "DOMAIN",
    "ERROR_TEMPLATES",
    "EVENT_TEMPLATES",
    "LABEL_TEMPLATES",
    "LANGUAGES",
    "N_",
    "WORDS",
    "check_lang",
    "error_text",
    "event_text",
    "face_word",
    "face_words",
    "known",
    "label_text",
    "number",
    "percent",
    "t",
    "template_of",
    "tn",
    "translation",
]

#: The gettext domain of the catalogs.
DOMAIN = "calladventure"
#: The languages shipped: English (the source text) and French.
LANGUAGES: tuple[str, ...] = ("en", "fr")


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
    regex = "".join(
        re.escape(p) if i % 2 == 0 else f"(?P<{p}>{FIELD_PATTERNS.get(p, '.*?')})"
        for i, p in enumerate(parts)
    )
    return re.compile(f"^{regex}$", re.S)


@cache
def _most_specific_first(templates: tuple[str, ...]) -> tuple[str, ...]:
    """Templates with the most fixed text first, so a specific one wins over a general one."""
    return tuple(sorted(templates, key=lambda x: -len(_FIELD.sub("", x))))


def template_of(text: str, templates: tuple[str, ...] = EVENT_TEMPLATES) -> tuple[str, dict[str, str]] | None:
    """The most specific template ``text`` is written by, and its fields; None when no template matches."""
    for template in _most_specific_first(templates):
        match = _pattern(template).match(text)
        if match is not None:
            return template, match.groupdict()
    return None


def _read_back(text: str, templates: tuple[str, ...], lang: str) -> str:
    for template in _most_specific_first(templates):
        match = _pattern(template).match(text)
        if match is None or not known(lang, template):
            continue
        fields = {k: _field(k, v, lang) for k, v in match.groupdict().items()}
        return t(lang, template, **fields)
    return t(lang, text) if known(lang, text) else text


def _field(name: str, value: str, lang: str) -> str:
    """A template's field in ``lang``: rune faces in words, a known word, label or list of words
    translated, anything else (a card's name or text) kept."""
    if name == "names":  # the closest names: 'Brave' or 'Brave Charge'
        return t(lang, " or ").join(value.split(" or "))
    if (
        name == "cards" and "; " in value
    ):  # the listed cards of 002 · Preparing the Game: "Destiny: …; Act I: …"
        return "; ".join(_field(name, part, lang) for part in value.split("; "))
    if name == "faces":
        return face_words(value.split(), lang)
    if value in FACE_WORDS:
        return face_word(value, lang)
    if not value or lang == "en":
        return value
    if known(lang, value):
        return t(lang, value)
    for sep, joiner in (("/", "/"), (" and ", t(lang, " and "))):
        parts = value.split(sep)
        if len(parts) > 1 and all(p in WORDS or known(lang, p) for p in parts):
            return joiner.join(t(lang, p) for p in parts)
    return _read_back(value, LABEL_TEMPLATES, lang) if "{" not in value else value


def face_word(face: str, lang: str = "en") -> str:
    """A rune face in words ("slash", "épée"), from its name in the rune data (000 · Reading the Runes)."""
    return t(lang, FACE_WORDS[face]) if face in FACE_WORDS else face


def face_words(faces: Sequence[str], lang: str = "en") -> str:
    """Faces in words, comma-separated; a face may be given as ``rune-id:face`` (the log's notation)."""
    return ", ".join(face_word(f.rpartition(":")[2], lang) for f in faces)


def number(x: float, lang: str = "en", digits: int = 0) -> str:
    """A number for a picture: ``digits`` decimals, with a decimal comma in French (``0,25``)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def percent(p: float | Fraction, lang: str = "en", digits: int = 2) -> str:
    """A probability (0 to 1) as a percentage for a picture: ``98.00%``; in French ``98,00 %``, ``0,00 %``."""
    text = number(float(p) * 100, lang, digits)
    return f"{text} %" if lang == "fr" else f"{text}%"


def event_text(text: str, lang: str = "en") -> str:
    """An engine event's sentence in ``lang``, its rune faces in words (unchanged when no template matches it)."""
    return _read_back(text, EVENT_TEMPLATES, lang)


def label_text(text: str, lang: str = "en") -> str:
    """A score line's or a picture's label in ``lang`` (unchanged when the catalog does not know it)."""
    return text if lang == "en" else _read_back(text, LABEL_TEMPLATES, lang)


def error_text(error: BaseException, lang: str = "en") -> str:
    """An error's message in ``lang``, for the doors a player meets (the terminal game, the CLI).

    The fixed parts are translated (:data:`ERROR_TEMPLATES`), the values they name kept: an
    :class:`~calladventure.values.IllegalActionError` is written again from its fields (the
    action, its reason, the rule cited, what is legal now), any other error read back whole.
    """
    if lang == "en" or not isinstance(error, CallAdventureError):
        return str(error)
    if not isinstance(error, IllegalActionError) or isinstance(error, GameSetupError):
        return _read_back(str(error), ERROR_TEMPLATES, lang)
    reason = _read_back(error.reason, ERROR_TEMPLATES, lang)
    text = t(lang, "illegal action {action}: {reason}", action=error.action, reason=reason)
    if error.section:
        text += f" [{cite(error.section)}]"
    if error.legal:
        more = t(lang, " (+{n} more)", n=len(error.legal) - 12) if len(error.legal) > 12 else ""
        legal = t(lang, "Legal now: {legal}", legal=", ".join(error.legal[:12]))
        text += f"{'' if text.endswith(('.', '?', '!')) else '.'} {legal}{more}"
    return text
