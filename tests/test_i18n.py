"""The French rendering (004): catalogs complete and compiled, fields kept, the log and the scores in French.

The catalogs are gettext files in the package; ``scripts/i18n.py`` extracts the messages with
Babel and compiles the ``.mo`` files, which are committed (a plain ``pip install`` needs no Babel).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from calladventure import Game
from calladventure.play.bots import GreedyBot, play_game
from calladventure.present._i18n import EVENT_TEMPLATES, LANGUAGES, event_text, label_text, t, tn, translation
from calladventure.values._errors import CallAdventureError

ROOT = Path(__file__).resolve().parents[1]
FIELD = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def i18n_script():  # type: ignore[no-untyped-def]
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import i18n

        yield i18n
    finally:
        sys.path.remove(str(ROOT / "scripts"))


def test_004_every_message_has_a_french_translation_keeping_its_fields(i18n_script) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    (po,) = [p for p in i18n_script.catalogs() if p.parent.parent.name == "fr"]
    with po.open("rb") as handle:
        catalog = read_po(handle)
    have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
    missing = [m for m in i18n_script.messages() if m not in have]
    assert not missing, f"messages missing from the French catalog: {missing}"
    for message in have.values():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"untranslated: {ids[0]!r}"
        for text in strings:
            assert set(FIELD.findall(text)) <= set(FIELD.findall(ids[-1])) | {"n"}, (ids[0], text)
            assert set(FIELD.findall(ids[0])) <= set(FIELD.findall(text)) | {"n"}, (ids[0], text)


def test_004_the_compiled_catalogs_are_up_to_date(i18n_script) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    for po in i18n_script.catalogs():
        with po.open("rb") as handle:
            catalog = read_po(handle)
        assert po.with_suffix(".mo").read_bytes() == i18n_script.compiled(catalog), (
            f"run python scripts/i18n.py ({po})"
        )


def test_004_a_game_log_reads_in_french() -> None:
    game = play_game(Game.new(players=2, seed=5), [GreedyBot(1), GreedyBot(2)])
    texts = [e.text for e in game.events]
    french = [event_text(x, "fr") for x in texts]
    changed = sum(1 for a, b in zip(texts, french, strict=True) if a != b)
    assert changed / len(texts) > 0.8, [x for x, y in zip(texts, french, strict=True) if x == y][:10]
    assert any(x.startswith("relève le Défi") for x in french) or any(
        x.startswith("échoue au Défi") for x in french
    )
    assert (
        event_text("tucks Brave (top) under the Origin", "fr") == "place Brave (haut) sous sa carte Origine"
    )


def test_004_score_lines_and_counts_read_in_french() -> None:
    assert label_text("Corruption track: Start", "fr") == "Échelle de Corruption : Départ"
    assert label_text("Unspent Experience", "fr") == "Expérience non dépensée"
    assert (
        tn("fr", "{n} Ally", "{n} Allies", 1) == "1 Allié"
        and tn("fr", "{n} Ally", "{n} Allies", 2) == "2 Alliés"
    )
    assert t("fr", "Triumph") == "Triomphe" and t("fr", "Tragedy") == "Tragédie"
    assert event_text("a sentence no template knows", "fr") == "a sentence no template knows"


def test_every_event_template_is_a_distinct_pattern() -> None:
    assert len(set(EVENT_TEMPLATES)) == len(EVENT_TEMPLATES)
    assert all(t("fr", x) != x for x in EVENT_TEMPLATES), "every event template has its French"


def test_an_unknown_language_names_the_languages() -> None:
    with pytest.raises(CallAdventureError, match="choose from en, fr"):
        translation("de")
    assert LANGUAGES == ("en", "fr")
