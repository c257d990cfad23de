"""The widgets teach (issue 26, "Pictures and words"): the banner says actions in words, the
score card reports a mistyped name inline with the card-name resolver's suggestion.

The rules behind them: the cast of the runes (000 · Reading the Runes), scoring a finished game
(000 · Ending the Game).
"""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from calladventure import Game
from calladventure.play.bots import RandomBot
from calladventure.values._actions import CastRunes
from calladventure.widgets import GameWidget, ScoreCard


def _to_the_first_cast(widget: GameWidget) -> None:
    while not (widget.game.history and isinstance(widget.game.history[-1], CastRunes)):
        assert widget.push(widget.game.legal_actions[0]), widget.error


def test_000_reading_the_runes_the_banner_names_the_faces_cast_not_their_indexes() -> None:
    widget = GameWidget(Game.new(players=2, seed=3))
    _to_the_first_cast(widget)
    assert widget.note.startswith(f"step {len(widget.game.history)}: cast: "), widget.note
    faces = widget.note.split("cast: ", 1)[1].split(", ")
    assert faces and all(face.isalpha() for face in faces), widget.note


def test_000_reading_the_runes_a_bots_cast_is_shown_in_words() -> None:
    widget = GameWidget(Game.new(players=2, seed=3), bots={0: RandomBot(1), 1: RandomBot(2)})
    notes = []
    while len(notes) < 40:
        assert widget.bot_step(), widget.error
        notes.append(widget.note)
    casts = [n for n in notes if n.startswith("bot played: cast")]
    assert casts and all(n.startswith("bot played: cast: ") for n in casts), casts
    assert not any(any(ch.isdigit() for ch in n) for n in casts), casts


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ({"destiny": "Wise Mastr"}, "no Destiny named 'Wise Mastr'; did you mean 'Wise Master'?"),
        ({"origin": "Farmr"}, "no Origin named 'Farmr'; did you mean 'Farmer'?"),
        (
            {"origin": "Farmer", "under_origin": ["Bravee"]},
            "no trait or challenge named 'Bravee'; did you mean 'Brave'?",
        ),
        ({"origin": "Farmer", "allies": ["Loyal Hund"]}, "did you mean 'Loyal Hound'?"),
    ],
)
def test_000_ending_the_game_a_mistyped_card_on_the_score_card_is_reported_inline(
    entry: dict[str, object], said: str
) -> None:
    card = ScoreCard(["core"], heroes=1)
    card.set(0, **entry)  # neither raises nor drops the text
    assert card.error is not None and said in card.error, card.error
    assert said.replace("'", "&#x27;") in card.message.value or said in card.message.value
    assert card.scores == ()


def test_000_ending_the_game_the_browser_keeps_a_mistyped_name_for_the_score_card_to_report() -> None:
    """A Combobox with ``ensure_option`` clears text that is no option in the browser, silently."""
    form = ScoreCard(["core"], heroes=1).forms[0]
    assert not any(box.ensure_option for box in (form.origin, form.motivation, form.destiny))
    assert not any(tags.allowed_tags for tags in (*form.under, form.allies, form.played))
