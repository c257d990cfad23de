"""French complete (004 · Comment jouer): no English message escapes a full demo game under ``lang="fr"``.

Every mode is played to its end by seeded bots through the demo printer (its log, attempts,
scores and verdict) and the event and score renderers. Every event the engine logs is read
back by a catalog template that has its French; the card-text templates carry only a card's
name and its own text. Every printed line, once the data (card names, card texts, path labels)
and the citations (they cite the English rulebooks by design) are taken out, has no English word.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from calladventure import Game
from calladventure.present._demo import run_demo
from calladventure.present._i18n import error_text, event_text, face_words, known, percent, template_of
from calladventure.present._viewmodel import event_rows
from calladventure.rules._set_aside import set_aside
from calladventure.values._illegal import IllegalActionError

#: (label, run_demo keyword arguments): core 2-4 players, solo and co-op against the Adversary
#: (the core's and the Stormlight box's), the Name of the Wind.
MODES = [
    ("core-2p", {"players": 2}),
    ("core-3p", {"players": 3}),
    ("core-4p", {"players": 4}),
    ("core-solo", {"players": 1, "mode": "solo"}),
    ("core-coop", {"players": 2, "mode": "coop"}),
    ("storm-solo", {"players": 1, "sets": ("stormlight",), "mode": "solo"}),
    ("storm-coop", {"players": 3, "sets": ("stormlight",), "mode": "coop"}),
    ("notw-2p", {"players": 2, "sets": ("core", "notw")}),
]

#: The templates whose fields are a card's name and the card's own text (data, kept in English).
CARD_TEXT = {"{card}: {text}", "uses {card}: {text}", "uses {card} on {who}: {text}"}

#: Words of English sentences and labels that no French line has.
ENGLISH = re.compile(
    r"\b(the|an|of|to|is|are|and|with|by|gains?|loses?|sets|level|Dark|success(es)?|turn|"
    r"wins?|winner|cast|draws?|tokens?|faces|attempts?|Experience|Destiny|Triumph|Tragedy|Other|Story|"
    r"track|Hero|Antihero|Ally|Act|challenge|path|difficulty|vs|now|more|Legal|illegal|slash|blank|"
    r"sword|shield|moon|heroes|Adversary|discarded|revealed|keeps|passed|stack)\b"
)


def _play(mode: dict[str, object], seed: int = 7) -> tuple[Game, list[str]]:
    out = io.StringIO()
    console = Console(file=out, width=2000, color_system=None)
    game = run_demo(seed=seed, bots="greedy,random", out=console, lang="fr", **mode)  # type: ignore[arg-type]
    return game, out.getvalue().splitlines()


@pytest.fixture(scope="module", params=MODES, ids=[label for label, _ in MODES])
def played(request: pytest.FixtureRequest) -> tuple[Game, list[str]]:
    return _play(request.param[1])


def _data(game: Game) -> list[str]:
    """What the cards say, kept as they give it: names, texts, powers' texts, path labels, listed names."""
    texts: set[str] = set()
    for card in game.ctx.db.values():
        texts.update([card.name, card.text, *(p.text for p in card.powers)])
        texts.update(path.label for path in card.paths)
    texts.update(entry.name for entry in set_aside(game.ctx).entries)
    return sorted((x for x in texts if x), key=len, reverse=True)


def _sentences(game: Game) -> Iterator[str]:
    yield from (event.text for event in game.events)
    outcome = game.outcome()
    if outcome is not None and outcome.box is not None:
        yield outcome.box.reason


def test_004_every_event_of_every_mode_is_read_by_a_template_with_its_french(
    played: tuple[Game, list[str]],
) -> None:
    game, _lines = played
    data = set(_data(game))
    for text in _sentences(game):
        found = template_of(text)
        assert found is not None, f"no template reads {text!r}"
        template, fields = found
        assert known("fr", template), f"no French for {template!r}"
        if template in CARD_TEXT:
            assert fields["card"] in data and fields["text"] in data, (template, text)


def test_004_no_english_word_escapes_the_demo_printer(played: tuple[Game, list[str]]) -> None:
    game, lines = played
    data = _data(game)
    for line in lines:
        rest = re.sub(r"\[\d{3} · [^\]]*\]|\b\d{3} · [^│]*", " ", line)  # citations: the English rulebooks
        for text in data:
            rest = rest.replace(text, " ")
        rest = re.sub(r"\bP\d\b|[-+]?\d+", " ", rest)
        assert not ENGLISH.search(rest), f"English in {line!r}: {ENGLISH.search(rest)}"


def test_004_the_event_renderer_writes_every_event_in_french(played: tuple[Game, list[str]]) -> None:
    game, _lines = played
    data = _data(game)
    for row in event_rows(game.events, game.config, lang="fr"):
        rest = row.text
        for text in data:
            rest = rest.replace(text, " ")
        rest = re.sub(r"[-+]?\d+", " ", rest)
        assert not ENGLISH.search(rest), f"English in {row.text!r}"


def test_004_numbers_in_french_format_decimal_comma_and_a_space_before_percent() -> None:
    assert percent(0, "fr") == "0,00 %"
    assert percent(0.98, "fr", 0) == "98 %"
    assert percent(0.125, "fr", 1) == "12,5 %"
    assert percent(0.98, "en", 0) == "98%" and percent(0, "en") == "0.00%"
    _game, lines = _play({"players": 2})
    odds = [x for x in lines if "de réussite" in x]
    assert odds and all(re.search(r"\d %", x) and not re.search(r"\d%", x) for x in odds), odds[:3]


def test_000_reading_the_runes_faces_in_words_in_both_languages() -> None:
    assert face_words(["core-1:slash", "strength-1:sword", "dark:moon"]) == "slash, sword, moon"
    assert face_words(["core-1:slash", "constitution-1:shield", "core-3:dual-triangle"], "fr") == (
        "barre, bouclier, triangle double"
    )
    text = "cast: core-1:slash core-2:blank core-3:slash dark:moon = 4 successes"
    assert event_text(text) == "cast: slash, blank, slash, moon = 4 successes"
    assert event_text(text, "fr") == "lancer : barre, vierge, barre, lune = 4 succès"


def test_004_an_illegal_action_reads_in_french_with_its_reason_and_what_is_legal() -> None:
    game = Game.new(players=2, seed=7)
    with pytest.raises(IllegalActionError) as caught:
        game.push("gain Bravee")
    text = error_text(caught.value, "fr")
    assert text.startswith("action interdite gain Bravee : aucune carte nommée 'Bravee'")
    assert "vouliez-vous dire 'Brave' ou 'Brave Charge' ?" in text and "Possibles maintenant : keep " in text
    assert error_text(caught.value, "en") == str(caught.value)
