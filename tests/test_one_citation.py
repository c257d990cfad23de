"""One citation per rule: every door shows a rule the same way (values/_sections.py ``cite``).

A rule is cited by its canonical section (the Stormlight rulebook's, 000, where it states the
rule) as its text titles it, with the core rulebook's (001) as its alias; these tests walk every
event of seeded demo games in every mode through every door (``str``, ``repr``, rich, HTML,
JSON) and check one citation per event, and check each seam where two doors cited one event
differently (000 · Each Turn, 000 · Ending An Act, 000 · Gain a Trait, 000 · Hero and Antihero Cards).
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from calladventure.cli import app
from calladventure.cli._session import PlaySession
from calladventure.game import Game
from calladventure.play.scenario import Scenario
from calladventure.present import event_line, events_html, events_rich, run_demo, scenario_html, scenario_rich
from calladventure.present._demo import demo_record
from calladventure.values._events import Event, Events
from calladventure.values._illegal import IllegalActionError
from calladventure.values._sections import SECTIONS, cite

ROOT = Path(__file__).resolve().parents[1]

#: Where a citation starts: a rule text's file and the " · " before its heading.
CITED = re.compile(r"\b(?:00[0-4]|INDEX) · ")

#: The demo games walked: (sets, mode, players), every mode and every bundled box.
GAMES = [
    (("core",), "competitive", 2),
    (("core",), "coop", 2),
    (("core",), "solo", 1),
    (("core", "notw"), "competitive", 3),
    (("stormlight",), "competitive", 2),
    (("stormlight",), "coop", 2),
    (("stormlight",), "solo", 1),
]


def _text(renderable: object, width: int = 400) -> str:
    out = Console(record=True, width=width, color_system=None, file=io.StringIO())
    out.print(renderable)
    return out.export_text()


def _plain(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", re.sub(r"<(style|title)\b.*?</\1>", "", page, flags=re.S)))


def _citations(text: str, expected: str) -> list[str]:
    """The citations ``text`` shows: ``expected`` each time it appears, and whatever else looks like one."""
    found = [expected] * text.count(expected)
    rest = text.replace(expected, "")
    return found + [rest[m.start() : m.start() + 60] for m in CITED.finditer(rest)]


def _demo(sets: tuple[str, ...], mode: str, players: int) -> tuple[Game, str]:
    out = Console(record=True, width=400, color_system=None, file=io.StringIO())
    game = run_demo(seed=3, players=players, bots="greedy", out=out, sets=sets, mode=mode)
    return game, out.export_text()


def _one_of_each(events: Events) -> Iterator[Event]:
    """An event of each kind (each section, each text's first words) the game logged."""
    seen: set[tuple[str, str]] = set()
    for ev in events:
        kind = (ev.section, " ".join(ev.text.split()[:2]))
        if kind not in seen:
            seen.add(kind)
            yield ev


@pytest.mark.parametrize(("sets", "mode", "players"), GAMES)
def test_every_event_shows_one_citation_at_every_door(sets: tuple[str, ...], mode: str, players: int) -> None:
    game, demo = _demo(sets, mode, players)
    record = demo_record(game, "greedy", 3)
    labels = [game.config.name(i) for i in range(players)]
    for i, ev in enumerate(game.events):
        assert record["events"][i]["citation"] == ev.citation == cite(ev.section)
    for ev in _one_of_each(game.events):
        want = cite(ev.section)
        doors = {
            "str": str(ev),
            "repr": repr(Events([ev], game.config)),
            "rich": _text(ev),
            "rich log": _text(events_rich([ev], game.config)),
            "demo line": event_line(ev, labels).plain,
            "html": _plain(ev._repr_html_()),
            "html log": _plain(events_html([ev], game.config)),
            "json": json.dumps(record["events"][game.events.index(ev)], ensure_ascii=False),
        }
        for door, text in doors.items():
            assert _citations(text, want)[:1] == [want], (door, text)
            assert set(_citations(text, want)) == {want}, (door, text)
    shown = set(re.findall(r"\[((?:00[0-4]|INDEX) · [^\]]*)\]", demo))
    assert shown and shown <= {cite(s) for s in SECTIONS}, shown - {cite(s) for s in SECTIONS}


# ---------------------------------------------------------------------------- the seams, each by its rule


def _played(steps: int = 60) -> Game:
    game = Game.new(players=2, seed=7)
    while not game.over and len(game.events) < steps:
        game.push(game.legal_actions[0])
    return game


def test_000_each_turn_one_event_and_the_log_print_the_same_citation() -> None:
    game = _played()
    while not game.over and game.events[-1].section != "000/each-turn":  # up to a turn's start
        game.push(game.legal_actions[0])
    last = game.events[-1]
    assert last.section == "000/each-turn"
    one, log = str(last), str(game.events).strip().splitlines()[-1]
    assert "[000 · Each Turn (001 · Game Play)]" in one
    assert "[000 · Each Turn (001 · Game Play)]" in log


def test_000_ending_an_act_the_log_repr_and_the_demo_cite_it_alike() -> None:
    game, demo = _demo(("core",), "competitive", 2)
    at = next(i for i, e in enumerate(game.events) if e.section == "000/ending-an-act")
    shown = repr(Events(game.events[: at + 1], game.config))
    assert shown.endswith("[000 · Ending An Act (001)]>")
    assert "[000 · Ending An Act (001)]" in demo
    assert "001 · Ending an Act" not in demo and "001 · Ending an Act" not in shown


def test_000_each_turn_plays_prompt_log_and_t_table_cite_the_same_book() -> None:
    game = _played(40)
    before = len(game.events)
    out = Console(record=True, width=240, color_system=None)
    feed = iter(["1", "end", "t", "q"])  # actions (their events in the prompt log), then the table
    PlaySession(game, ["human", "human"], console=out, read=lambda _p: next(feed)).run()
    text = out.export_text()
    new = game.events[before:]
    assert {"000/allies", "000/ending-your-turn", "000/each-turn"} <= {e.section for e in new}
    for ev in new:
        assert text.count(cite(ev.section)) >= 2, cite(ev.section)  # in the log and in the table
    assert "[001 · " not in text and "001 · Game Play" not in text.replace("(001 · Game Play)", "")


def test_000_gain_a_trait_the_scenario_check_cites_the_rule_as_its_event_does() -> None:
    path = ROOT / "examples" / "scenarios" / "000-play-example-gaining-a-trait.toml"
    result = Scenario.load(path).run()
    step = next(s for s in result.steps if any(c.what == "an event of this step cites" for c in s.checks))
    check = next(c for c in step.checks if c.what == "an event of this step cites")
    assert check.ok and str(check) == "an event of this step cites = '000 · Gain a Trait (001)'"
    for page in (_plain(scenario_html(result)), _text(scenario_rich(result))):
        assert "000/gain-a-trait" not in page and "001 · Gain a Trait" not in page
        assert page.count("000 · Gain a Trait (001)") >= 2  # the event and the check


def test_000_hero_and_antihero_cards_explain_cites_it_as_its_note_does() -> None:
    scenario = ROOT / "examples" / "scenarios" / "000-faqs-card-timing.toml"
    out = CliRunner().invoke(app, ["explain", str(scenario), "--step", "3"], env={"COLUMNS": "200"}).stdout
    assert "(000 · Hero and Antihero Cards)" in out  # the scenario's note
    assert "[000 · Hero and Antihero Cards (001)]" in out  # the events
    assert "Hero And Antihero" not in out


def test_000_hero_and_antihero_cards_an_illegal_action_cites_the_rule_not_its_id() -> None:
    err = IllegalActionError("play Steady Aim", "not now", section="000/hero-and-antihero-cards")
    assert "[000 · Hero and Antihero Cards (001)]" in str(err)
    assert "000/hero-and-antihero-cards" not in str(err) and err.section == "000/hero-and-antihero-cards"


def test_000_each_turn_a_french_demo_cites_every_rule_as_the_english_one_does() -> None:
    out = Console(record=True, width=400, color_system=None, file=io.StringIO())
    game = run_demo(seed=3, players=2, bots="greedy", out=out, lang="fr")
    shown = set(re.findall(r"\[((?:00[0-4]|INDEX) · [^\]]*)\]", out.export_text()))
    assert "000 · Each Turn (001 · Game Play)" in shown
    assert shown <= {cite(e.section) for e in game.events} | {cite("000/ending-the-game")}
