"""The widgets teach: the banner says actions in words, the
score card reports a mistyped name inline with the card-name resolver's suggestion, the
scenario stepper reads as a lesson.

The rules behind them: the cast of the runes (000 · Reading the Runes), scoring a finished game
(000 · Ending the Game).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from calladventure import Game
from calladventure.play.bots import RandomBot
from calladventure.play.position import Position
from calladventure.play.scenario import Scenario
from calladventure.values._actions import CastRunes
from calladventure.values._sections import cite
from calladventure.widgets import GameWidget, ScenarioStepper, ScoreCard


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


# ----------------------------------------------------------------------------- the stepper as a lesson

SCENARIOS = Path(__file__).resolve().parents[1] / "examples" / "scenarios"


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def test_000_play_example_gaining_a_trait_the_stepper_reads_as_a_lesson() -> None:
    """The question, the rule it shows (cited once), each step in words and each check as a sentence."""
    path = SCENARIOS / "000-play-example-gaining-a-trait.toml"
    scenario = Scenario.load(path)
    stepper = ScenarioStepper.from_scenario(path)
    assert stepper.run_all()
    shown = " ".join(_text(stepper.header.value).split())
    assert f"The question: {scenario.question}" in shown
    assert f"The rule it shows: {cite(scenario.sections[0])}" in shown
    assert "played: gain Officer" in shown
    assert "the hero to move may now “gain Officer”" in shown
    assert "the refusal leaves the game as it was" in shown
    assert " = " not in shown and "True" not in shown, shown


def test_000_reading_the_runes_the_stepper_says_a_cast_in_words() -> None:
    start = (
        Position(players=2, seed=1)
        .hero(0, origin="Farmer", xp=4)
        .row(1, ["Brave", ("Wild Boar Hunt", "Loyal Hound"), "Find a Lost Child", "Thieves' Guild"])
        .game()
    )
    stepper = ScenarioStepper(
        start,
        [
            ("Attempt the Boar Hunt", "attempt Wild Boar Hunt top"),
            ("Cast", lambda g: g.cast("slash", "slash", "slash", "arrow")),
        ],
    )
    assert stepper.run_all()
    shown = _text(stepper.header.value)
    assert "played: cast: slash, slash, slash, arrow" in shown, shown


def test_every_check_of_the_example_scenarios_is_said_as_a_sentence() -> None:
    """Each check kind declares its sentence (``Check.says``); none reads as ``what = value``."""
    results = [Scenario.load(path).run() for path in sorted(SCENARIOS.glob("*.toml"))]
    checks = [c for result in results for step in result.steps for c in step.checks]
    assert len({c.what.split(" of ")[0] for c in checks}) > 10  # many kinds are seen
    unsaid = sorted({c.what for c in checks if not c.says})
    assert not unsaid, unsaid
    assert not [c.sentence for c in checks if " = " in c.sentence or "True" in c.sentence]


# ----------------------------------------------------------------------------- the legend


def test_the_game_widgets_legend_says_what_icons_the_track_and_colours_mean() -> None:
    from calladventure.present._legend import COLOURS
    from calladventure.present._svg_icons import icon_html
    from calladventure.present._words import icon_title
    from calladventure.values._icons import CORE_DESIGNS

    game = Game.new(players=2, seed=1)
    widget = GameWidget(game)
    assert widget.legend.widget in widget.widget.children[-1].children[1].children
    legend = widget.legend.view.value
    for icon in CORE_DESIGNS:  # each icon drawn as its picture, with what it means
        assert icon_html(icon) in legend and html.escape(icon_title(icon), quote=True) in legend
    track = game.ctx.track
    shown = _text(legend)
    assert f"{len(track.levels)} levels" in shown and track.levels[track.start].label in shown
    for kind, _sample, meaning in COLOURS:  # each colour drawn with the class the pictures use
        assert f'class="ca-chip ca-{kind}"' in legend and html.escape(meaning, quote=True) in legend
    assert "Name icons" not in shown and "Music" not in shown  # only the boxes in play
