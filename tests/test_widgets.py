"""The Jupyter widgets, driven headless: buttons are clicked with ``.click()`` and both the game
and the rendered HTML are checked. Errors must show in the widget, never escape it.

The rules the widgets lean on: the legal actions of the seat to move (000 · Each Turn), an
attempt's path and Dark runes with their exact odds (000 · Attempt a Challenge; 000 · Dark Runes;
000 · Rune Probability), hidden hands (000 · Deal the Cards), itemised scores (000 · Ending the Game).
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from calladventure import Game, Icon, attempt_odds
from calladventure.data._cards import bundled_runes
from calladventure.play.bots import GreedyBot, RandomBot
from calladventure.play.position import Position
from calladventure.present import (
    EventLog,
    Hand,
    Rows,
    Track,
    attempt_html,
    hand_html,
    rows_html,
    stories_html,
    track_html,
)
from calladventure.values._actions import AttemptChallenge, EndTurn, Keep
from calladventure.values._cards import Side
from calladventure.values._state import Phase
from calladventure.widgets import GameWidget, OddsExplorer, ScenarioStepper, Step, action_label

WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def new_game(seed: int = 7) -> Game:
    return Game.new(players=2, seed=seed, names=("Ada", "Bo"))


def played_setup(seed: int = 7) -> Game:
    game = new_game(seed)
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_actions[0])
    return game


def step_shown(widget: GameWidget) -> int:
    found = re.search(r"<span>step (\d+)</span>", widget.status.value)
    assert found, widget.status.value
    return int(found.group(1))


# ----------------------------------------------------------------------------- the game widget


def test_buttons_are_the_legal_actions_and_clicking_one_plays_it() -> None:
    widget = GameWidget(new_game())
    game = widget.game
    assert sorted(widget.action_buttons) == sorted(game.legal_actions.describe())
    tinker = game.card("Tinker").id
    widget.action_buttons["keep Tinker"].click()
    assert game.history == (Keep(tinker),)
    assert widget.error is None and "keep Tinker" in widget.note
    assert step_shown(widget) == 1
    # The next decision's buttons replace the old ones: the Motivations now.
    assert "keep Tinker" not in widget.action_buttons
    assert sorted(widget.action_buttons) == sorted(game.legal_actions.describe())
    assert all(
        "ca-action" in b._dom_classes and "ca-action-keep" in b._dom_classes
        for b in widget.action_buttons.values()
    )


def test_parts_update_in_place_and_buttons_stay_while_the_legal_actions_do() -> None:
    widget = GameWidget(played_setup())
    parts = (widget.status, widget.board, widget.stories, widget.log, widget.action_box)
    buttons = widget.action_box.children
    widget.view_as.value = 1  # a new view of the same position: the same legal actions
    assert widget.action_box.children is buttons
    status_before = widget.status.value
    widget.push(EndTurn())
    assert (widget.status, widget.board, widget.stories, widget.log, widget.action_box) == parts
    assert widget.status.value != status_before
    assert widget.action_box.children is not buttons


def test_attempt_panel_shows_live_odds_and_declares_the_attempt() -> None:
    widget = GameWidget(played_setup())
    game = widget.game
    legal = [a for a in game.legal_actions if isinstance(a, AttemptChallenge)]
    assert widget.attempt_panel.layout.display == "flex"
    card = legal[0].card
    widget.challenge.value = card
    widget.path.value = Side.TOP
    top_dark = max(a.dark for a in legal if a.card == card and a.side is Side.TOP)
    assert widget.dark.max == top_dark
    for dark in (0, 1):
        widget.dark.value = dark
        odds = game.odds(card, "top", dark)
        assert f"<b>{float(odds.p_success) * 100:.1f}%</b> to overcome" in widget.odds_view.value
        assert "<svg" in widget.odds_view.value
    assert widget.attempt_button.description.startswith(f"attempt {game.card(card).name} (top) with 1 Dark")
    widget.attempt_button.click()
    att = game.state.attempt
    assert att is not None and (att.card, att.side, att.dark_bought) == (card, Side.TOP, 1)
    assert widget.attempt_view.value == attempt_html(game) and "Rune pool" in widget.attempt_view.value
    assert widget.attempt_panel.layout.display == "none"  # no attempt can be declared now


def test_path_choice_offers_only_the_legal_paths_and_dark_runes() -> None:
    """000 · Dark Runes: never more Dark runes than the hero's Experience."""
    state = (
        Position(players=2, seed=1)
        .hero(0, origin="Farmer", xp=1)
        .row(1, ["Brave", "Wild Boar Hunt", "Find a Lost Child", "Thieves' Guild"])
        .build()
    )
    widget = GameWidget(Game.from_state(state))
    widget.challenge.value = widget.game.card("Wild Boar Hunt").id
    assert [side for _label, side in widget.path.options] == [Side.TOP, Side.BOTTOM]
    widget.path.value = Side.BOTTOM
    assert (widget.dark.min, widget.dark.max) == (0, 1)


def test_an_illegal_action_is_shown_in_the_widget_and_changes_nothing() -> None:
    widget = GameWidget(played_setup())
    state = widget.game.state
    assert widget.push("journey Nowhere") is False
    assert widget.game.state == state
    assert widget.error is not None and widget.error.startswith("Illegal action journey Nowhere")
    assert "ca-msg-error" in widget.message.value and escape("journey Nowhere") in widget.message.value
    widget.notation.value = "end"
    widget.do_button.click()
    assert widget.error is None and widget.game.history[-1] == EndTurn()


def test_undo_redo_and_the_timeline_reach_any_earlier_state() -> None:
    widget = GameWidget(new_game())
    for _ in range(8):
        next(iter(widget.action_buttons.values())).click()
    game = widget.game
    states = [game.state_at(i) for i in range(9)]
    assert widget.timeline.max == 8 and widget.timeline.value == 8

    widget.undo_button.click()
    assert game.state == states[7] and len(widget.future) == 1 and not widget.redo_button.disabled
    widget.timeline.value = 2  # drag the timeline back
    assert game.state == states[2] and len(widget.future) == 6 and widget.timeline.max == 8
    assert step_shown(widget) == 2
    widget.redo_button.click()
    assert game.state == states[3]
    widget.timeline.value = 8
    assert game.state == states[8] and widget.future == () and widget.redo_button.disabled

    # Playing the action that was undone keeps the rest of the future; another action drops it.
    widget.goto(5)
    widget.push(widget.future[0])
    assert len(widget.future) == 2 and game.state == states[6]
    other = next(a for a in game.legal_actions if a != widget.future[0])
    widget.push(other)
    assert widget.future == () and widget.timeline.max == 7


def test_undo_at_the_start_is_an_error_shown_in_the_widget() -> None:
    widget = GameWidget(new_game())
    assert widget.undo_button.disabled
    assert widget.undo() is False and widget.error is not None and "nothing to undo" in widget.error
    assert widget.goto(5) is False and "step 0 to step 0" in (widget.error or "")


def test_bot_seats_play_on_until_a_human_is_to_move() -> None:
    widget = GameWidget(played_setup(), bots={1: GreedyBot(1)}, autoplay=True)
    game = widget.game
    assert game.to_move == 0 and widget.bot_button.disabled  # Ada is human
    turn = game.state.turn.number
    widget.action_buttons["end"].click()
    assert game.to_move == 0 and game.state.turn.number == turn + 2  # Bo played his whole turn
    assert "then the bots played" in widget.note
    # With autoplay, undo takes back your move and the bot's answer together.
    widget.undo_button.click()
    assert game.state.turn.number == turn and game.to_move == 0
    widget.redo_button.click()
    assert game.state.turn.number == turn + 2


def test_bot_move_without_a_bot_is_refused_in_the_widget() -> None:
    widget = GameWidget(played_setup(), bots=[None, RandomBot(2)])
    assert widget.bot_step() is False and "has no bot" in (widget.error or "")
    assert widget.play_on() is False


def test_bots_play_a_whole_game_and_the_scores_are_shown() -> None:
    widget = GameWidget(new_game(3), bots=[GreedyBot(1), RandomBot(2)])
    widget.bot_button.click()
    assert len(widget.game.history) == 1 and widget.error is None
    widget.play_on_button.click()
    assert widget.game.over and widget.error is None
    outcome = widget.game.outcome()
    assert outcome is not None
    winner = outcome.scores[outcome.winners[0]]
    assert f"Winner: {escape(winner.name)}" in widget.scores.value
    assert "No actions: the game is over" in widget.action_box.children[0].value
    assert widget.play_on_button.disabled and widget.bot_button.disabled


def test_save_and_load_and_a_bad_file_is_shown(tmp_path: Path) -> None:
    widget = GameWidget(played_setup())
    widget.push(EndTurn())
    target = tmp_path / "saved.json"
    widget.file_path.value = str(target)
    widget.save_button.click()
    assert json.loads(target.read_text())["actions"][-1] == "end"
    assert "saved" in widget.note

    other = GameWidget(new_game())
    other.file_path.value = str(target)
    other.load_button.click()
    assert other.game.state == widget.game.state and other.error is None

    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    before = other.game
    assert other.load(str(bad)) is False
    assert other.game is before
    assert other.error is not None and other.error.startswith("Could not load the save")
    assert "ca-msg-error" in other.message.value
    assert other.load(str(tmp_path / "missing.json")) is False and "cannot read" in (other.error or "")


def test_view_as_hides_other_hands_and_reveal_shows_them() -> None:
    """000 · Deal the Cards: a hero's hand is hidden from the other heroes."""
    game = played_setup()
    widget = GameWidget(game)
    bo_cards = [game.card(c).name for c in game.state.players[1].hand]
    ada_cards = {game.card(c).name for c in game.state.players[0].hand}
    secret = next(name for name in bo_cards if name not in ada_cards)
    assert escape(secret) not in widget.stories.value  # Ada is to move: Bo's hand is hidden
    widget.view_as.value = -2  # everyone
    assert escape(secret) in widget.stories.value
    assert widget.stories.value == stories_html(game, reveal=True)


def test_widgets_display_as_ipywidgets_views() -> None:
    for widget in (GameWidget(new_game()), OddsExplorer(), ScenarioStepper(new_game(), [])):
        bundle = widget._repr_mimebundle_()
        assert WIDGET_MIME in bundle
        assert bundle[WIDGET_MIME]["model_id"] == widget.widget.model_id


def test_action_labels_name_the_cards() -> None:
    game = played_setup()
    for action in game.legal_actions:
        label = action_label(game, action)
        card = getattr(action, "card", None)
        if isinstance(card, str):
            assert game.card(card).name in label and card not in label


# ----------------------------------------------------------------------------- the odds explorer


def test_odds_explorer_computes_the_chosen_pool_exactly() -> None:
    """000 · Ability Runes: one rune per icon, the special rune third; 000 · Dark Runes."""
    explorer = OddsExplorer(difficulty=5)
    runes = bundled_runes("core")
    assert explorer.pool == runes.core and explorer.odds.difficulty == 5
    explorer.set(dark=2, strength=3, bonus=1)
    expected = (*runes.core, *runes.ability[Icon.STRENGTH], runes.dark, runes.dark)
    assert explorer.pool == expected
    odds = attempt_odds(expected, 5, 1)
    assert explorer.odds == odds
    assert f"<b>{float(odds.p_success) * 100:.2f}%</b> to reach 5" in explorer.summary.value
    assert explorer.chart.value == odds._repr_html_()
    explorer.abilities[Icon.WISDOM].value = 1
    explorer.abilities[Icon.CHARISMA].value = 1
    assert "at most two abilities" in explorer.summary.value


def test_odds_explorer_sliders_update_the_picture_in_place() -> None:
    explorer = OddsExplorer()
    chart = explorer.chart
    before = chart.value
    explorer.difficulty.value = 1
    assert explorer.chart is chart and chart.value != before
    assert "≥ 1" not in chart.value or "P(success) 100.00%" not in chart.value  # a real change
    assert "87.50%" in explorer.summary.value  # P(at least one slash among the core runes) = 7/8


# ----------------------------------------------------------------------------- the scenario stepper


def _scenario_start() -> Game:
    return (
        Position(players=2, seed=1, names=("Ada", "Bo"))
        .hero(0, origin="Farmer", xp=4)
        .row(1, ["Brave", ("Wild Boar Hunt", "Loyal Hound"), "Find a Lost Child", "Thieves' Guild"])
        .deck(1, ["Gentle Soul", "Devout"])
        .game()
    )


def test_scenario_stepper_plays_and_checks_each_step() -> None:
    """000 · Allies: an Ally under a challenge adds 1 to its difficulty and is gained with it."""
    stepper = ScenarioStepper(
        _scenario_start(),
        [
            ("Attempt the Boar Hunt", "attempt Wild Boar Hunt top", lambda g: g.odds().difficulty == 4),
            ("Cast 5 successes", lambda g: g.cast("slash", "slash", "slash", "arrow"), "overcomes"),
            Step("Resolve", lambda g: g.resolve(), lambda g: len(g.state.players[0].allies) == 1),
            Step("No second challenge", "attempt Find a Lost Child top", "at most one", illegal=True),
        ],
        title="Hound",
    )
    assert stepper.index == 0 and "step 0 of 4" in stepper.header.value
    stepper.next_button.click()
    assert stepper.index == 1 and stepper.checks[0].ok and stepper.game.state.attempt is not None
    stepper.next_button.click()
    assert "overcomes Wild Boar Hunt" in stepper.checks[1].detail
    # the step's events, cited from the core rulebook in a core-only game (001 before 000)
    assert "000 · Attempt a Challenge (001)" in stepper.step_events.value
    after_cast = stepper.game.state
    stepper.run_button.click()
    assert stepper.passed and stepper.next_button.disabled
    assert stepper.header.value.count("✓") == 4 and "4 check(s) passed" in stepper.header.value
    assert "refused: " in stepper.checks[3].detail

    stepper.back_button.click()
    stepper.back_button.click()
    assert stepper.index == 2 and stepper.game.state == after_cast
    stepper.reset_button.click()
    assert stepper.index == 0 and stepper.game.state == stepper.start.state


def test_scenario_stepper_reports_a_failed_expectation_and_an_unexpected_error() -> None:
    stepper = ScenarioStepper(
        _scenario_start(),
        [
            ("Attempt", "attempt Wild Boar Hunt top", "this text is in no event"),
            ("A cast with too many faces", lambda g: g.cast(0, 0, 0, 0, 0), None),
            Step("An action the rules allow", "cast", None, illegal=True),
        ],
    )
    first = stepper.next()
    assert first is not None and not first.ok and "expected 'this text is in no event'" in first.detail
    assert "ca-msg-error" in stepper.message.value and "✗" in stepper.header.value
    state = stepper.game.state
    second = stepper.next()
    assert second is not None and not second.ok and "this cast has 4 runes" in second.detail
    assert stepper.game.state == state  # the failed step left the game as it was
    third = stepper.next()
    assert third is not None and not third.ok and "refuse" in third.detail
    assert stepper.next() is None and not stepper.passed


def test_scenario_stepper_back_at_the_start_is_shown_not_raised() -> None:
    stepper = ScenarioStepper(_scenario_start().state, [("end", "end")])
    assert stepper.back() is False and "no step" in (stepper._report.error or "")


# ----------------------------------------------------------------------------- the added displays


def test_hand_track_and_event_log_displays() -> None:
    """000 · Deal the Cards (hidden hands); 000 · Glossary: Corruption (the track)."""
    game = played_setup()
    names = [game.card(c).name for c in game.state.players[1].hand]
    hidden = Hand(game, 1)._repr_html_()
    assert hidden == hand_html(game, 1) and "hidden" in hidden
    assert not any(escape(n) in hidden for n in names)
    shown = Hand(game, 1, reveal=True)._repr_html_()
    assert all(escape(n) in shown for n in names)
    track = Track(game, 0)._repr_html_()
    level = game.ctx.track.at(game.state.players[0].level).label
    assert track == track_html(game, 0) and f"<b>{escape(level)}</b>" in track and "ca-here" in track
    log = EventLog(game.events, game.config)._repr_html_()
    assert "000 · Deal the Cards (001)" in log  # the rule, with the core rulebook as alias
    rows = Rows(game)._repr_html_()
    assert rows == rows_html(game)
    assert all(escape(game.card(s.card).name) in rows for s in game.state.row(1).slots if s is not None)


def test_widget_and_display_html_uses_no_network_assets() -> None:
    widget = GameWidget(played_setup())
    widget.dark.value = 1
    pieces = [
        widget.status.value,
        widget.board.value,
        widget.stories.value,
        widget.log.value,
        widget.odds_view.value,
        widget.message.value,
        OddsExplorer().chart.value,
    ]
    for piece in pieces:
        assert not re.search(r"https?://|<script|<img|<link|@import|url\(", piece), piece[:200]


def _scenario_file() -> Path:
    files = sorted((Path(__file__).resolve().parents[1] / "examples" / "scenarios").glob("*.toml"))
    if not files:
        pytest.skip("no scenario files in examples/scenarios yet")
    return files[0]


def test_scenario_stepper_steps_through_a_scenario_file_as_the_scenario_runs() -> None:
    from calladventure.play.scenario import Scenario

    path = _scenario_file()
    scenario = Scenario.load(path)
    expected = scenario.run()  # stops at the first failing step; the stepper can go on
    stepper = ScenarioStepper.from_scenario(path)
    assert len(stepper.steps) == len(scenario.steps) and stepper.game.state == scenario.start().state
    assert stepper.run_all() is expected.ok
    assert [c.ok for c in stepper.checks[: len(expected.steps)]] == [r.ok for r in expected.steps]
    first = expected.steps[0]
    if first.ok and first.checks:  # the stepper says what the scenario checked
        assert first.checks[0].sentence in stepper.checks[0].detail
    if expected.ok:
        assert stepper.game.state == expected.game.state


def test_scenario_stepper_shows_where_a_scenario_file_fails(tmp_path: Path) -> None:
    from calladventure.play.scenario import Scenario

    path = _scenario_file()
    broken = tmp_path / "broken-copy.toml"
    wrong = '\n[[steps]]\nend = true\nexpect_illegal = { reason_contains = "this cannot be the reason" }\n'
    broken.write_text(path.read_text(encoding="utf-8") + wrong, encoding="utf-8")
    expected = Scenario.load(broken).run()
    assert not expected.ok and expected.failure is not None
    stepper = ScenarioStepper.from_scenario(broken)
    assert stepper.run_all() is False
    assert not stepper.checks[expected.failure.step - 1].ok
    assert expected.failure.expected in stepper.checks[expected.failure.step - 1].detail
    assert "✗" in stepper.header.value


def test_000_hero_and_antihero_cards_the_event_log_shows_a_windows_stack_resolving_last_first() -> None:
    """The widget's event log shows the plays of a window and their reverse-order resolution."""
    from pathlib import Path

    from calladventure.play.scenario import Scenario

    root = Path(__file__).resolve().parents[1]
    path = (
        root / "examples" / "scenarios" / "000-hero-and-antihero-cards-priority-passes-round-the-table.toml"
    )
    widget = GameWidget(Scenario.load(path).run().raise_for_failure().game)
    log = widget.log.value
    assert "plays Loose Stones on P1" in log and "(on the stack: 2 card(s))" in log
    assert log.index("last played first: Steady Aim, Loose Stones") < log.index("Loose Stones takes effect")
