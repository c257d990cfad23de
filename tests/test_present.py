"""The presentation layer: one view-model asks the rules for the numbers, renderers only lay them out.

The view-model keeps what a seat may not see out of its values (000 · Deal the Cards); its
attempt numbers are the rules' (000 · Attempt a Challenge; 000 · Rune Probability); every
value with a picture draws through ``calladventure.present``; and nothing below the
presentation layer imports ``rich`` (docs/design.md).
"""

from __future__ import annotations

import ast
import io
import random
from pathlib import Path

import pytest
from rich.console import Console

import calladventure
import calladventure.present as present
from calladventure import Game
from calladventure.data._cards import bundled_runes
from calladventure.play.scenario import Scenario
from calladventure.present._reprs import render
from calladventure.rules import attempt_math, attempt_odds, cast_pool
from calladventure.values._actions import AttemptChallenge
from calladventure.values._runes import Cast, CastRune
from calladventure.values._state import AwaitCast, Phase, Window, WindowKind

PACKAGE = Path(calladventure.__file__).parent
BELOW_PRESENT = ("values", "data", "rules", "expansions", "game", "play", "worldspanner")
#: The view-model modules: the only ones of ``present`` that may ask the rules for numbers (or, for
#: ``action_words``, for an action kind's words).
VIEW_MODEL = {"_viewmodel", "_table_model", "_heroes", "_odds_model", "_action_words"}


def imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """(level, module, names) of every import in a file, inside functions too."""
    out: list[tuple[int, str, list[str]]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((0, alias.name, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.append((node.level, node.module or "", [a.name for a in node.names]))
    return out


def rich_text(renderable: object) -> str:
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def finish_setup(game: Game) -> Game:
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_actions[0])
    return game


def attempt_states() -> tuple[Game, Game]:
    """A game waiting for an attempt's cast, and one in the as-attempt window after a cast."""
    for seed in range(1, 60):
        game = Game.new(players=3, seed=seed)
        rnd = random.Random(seed)
        before = after = None
        while not game.over and len(game.history) < 2000 and (before is None or after is None):
            top = game.state.pending[-1] if game.state.pending else None
            if before is None and isinstance(top, AwaitCast) and game.state.attempt is not None:
                before = game.copy()
            if after is None and isinstance(top, Window) and top.kind is WindowKind.AS:
                after = game.copy()
            game.push(rnd.choice(list(game.legal_actions)))
        if before is not None and after is not None:
            return before, after
    raise AssertionError("no seed reached an attempt before and after its cast")


# ---------------------------------------------------------------------------- the layers


@pytest.mark.parametrize("layer", BELOW_PRESENT)
def test_nothing_below_present_imports_a_front_end_library(layer: str) -> None:
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        if path == PACKAGE / "worldspanner" / "_display.py":  # Worldspanner's own pictures
            continue
        for level, module, _names in imports(path):
            top = module.split(".")[0]
            assert level or top not in {"rich", "ipywidgets", "typer"}, f"{path.name} imports {module}"


def test_only_the_view_model_asks_the_rules() -> None:
    """Renderers import value types from the rules, never a function that computes a number."""
    for path in sorted((PACKAGE / "present").glob("*.py")):
        for level, module, names in imports(path):
            if level != 2 or not module.startswith("rules"):
                continue
            assert module == "rules", f"{path.name} reaches into calladventure.{module}"
            if path.stem not in VIEW_MODEL:
                assert set(names) <= {"Odds", "Score", "Picture", "PictureLine"}, (
                    f"{path.name} asks the rules: {names}"
                )


# ---------------------------------------------------------------------------- values draw through present


def test_every_value_with_a_picture_draws_through_present() -> None:
    game = Game.new(players=2, seed=5)
    runes = bundled_runes("core")
    odds = attempt_odds(runes.core, 2)
    result = Scenario.load(
        next(iter(sorted((PACKAGE.parent / "examples" / "scenarios").glob("*.toml"))))
    ).run()
    cast = Cast(tuple(CastRune(r, r.faces[0]) for r in runes.core))
    for value in (
        game,
        game.ctx.db[next(iter(game.ctx.db))],
        cast,
        game.events[0],
        game.score()[0],
        odds,
        result,
    ):
        assert not isinstance(value.__rich__(), str), type(value)  # a renderable, not the repr fallback
        page = value._repr_html_()
        assert not page.startswith("<pre>") and len(page) > 40, type(value)
    assert str(render("svg", odds)).startswith("<svg") and str(render("svg", game)).startswith("<svg")
    assert "P(success)" in rich_text(odds) and "<svg" in odds._repr_html_()
    assert "PASS" in rich_text(result) or "FAIL" in rich_text(result)


def test_the_game_model_draws_the_same_picture_as_the_game() -> None:
    game = finish_setup(Game.new(players=3, seed=4))
    for viewer in range(3):
        model = present.game_model(game, viewer=viewer)
        assert model._repr_html_() == present.game_html(game, viewer=viewer)
        assert rich_text(model) == rich_text(present.game_rich(game, viewer=viewer))
    t = present.tableau_model(game, 1, secrets=True)
    assert t._repr_html_() == present.tableau_html(game, 1, reveal=True)
    assert rich_text(t) == rich_text(present.tableau_rich(game, 1, reveal=True))
    odds = attempt_odds(bundled_runes("core").core, 3)
    m = present.odds_model(odds)
    assert m._repr_html_() == odds._repr_html_() and rich_text(m) == rich_text(odds)


# ---------------------------------------------------------------------------- secrets stay out of the values


def test_000_deal_the_cards_the_view_model_holds_no_other_seats_secrets() -> None:
    start = Game.new(players=3, seed=11)
    model = present.game_model(start, viewer=0)
    other = model.tableaux[1]
    assert other.choices == "" and other.choices_left == len(start.state.players[1].dealt)
    assert model.tableaux[0].choices  # the viewer sees the cards it is dealt
    for row in model.rows:
        if not row.revealed:
            assert row.slots == () and row.filled == len(start.state.row(row.act).slots)

    game = finish_setup(Game.new(players=3, seed=4))
    player = game.state.players[0]
    assert player.destiny is not None and not player.destiny_revealed and player.hand
    theirs = present.game_model(game, viewer=1).tableaux[0]
    assert theirs.hand == () and theirs.hand_size == len(player.hand)
    destiny = theirs.characters[2]
    assert destiny.card is None and destiny.face_down
    mine = present.game_model(game, viewer=0).tableaux[0]
    assert mine.characters[2].card is not None and mine.characters[2].card.id == player.destiny
    assert mine.characters[2].tag == " (hidden from the others)"
    assert [c.id for c in mine.hand] == list(player.hand)
    taught = present.game_model(game, viewer=1, reveal=True).tableaux[0]
    assert taught.characters[2].tag == " (not yet revealed)"
    assert present.hand_model(game, 0).cards == () and present.hand_model(game, 0, reveal=True).cards


# ---------------------------------------------------------------------------- the numbers are the rules'


def test_000_attempt_a_challenge_the_view_model_numbers_are_the_rules() -> None:
    before, after = attempt_states()
    state = before.state
    att = state.attempt
    assert att is not None
    model = present.game_model(before)
    a = model.attempt
    assert a is not None
    math = attempt_math(before.ctx, state, att)
    assert (a.difficulty, a.bonus) == (math.difficulty, math.bonus)
    assert sum(n for _w, n in a.difficulty_parts) == a.difficulty
    assert sum(n for _w, n in a.bonus_parts) == a.bonus
    pool = cast_pool(before.ctx, state)
    assert pool is not None and a.pool == pool
    assert a.odds is not None and a.odds.p_success == before.odds().p_success
    assert model.cast is None or not model.cast.current

    b = present.game_model(after)
    assert b.attempt is not None and b.attempt.odds is None  # the odds are shown before the cast only
    c = b.cast
    assert c is not None and c.current and c.total == c.cast.successes + b.attempt.bonus
    assert c.overcomes == (c.total >= b.attempt.difficulty)


def test_000_rune_probability_declared_odds_are_the_games() -> None:
    game = finish_setup(Game.new(players=2, seed=7))
    attempts = [a for a in game.legal_actions if isinstance(a, AttemptChallenge)]
    assert attempts
    for action in attempts:
        odds = present.declared_odds(game, action)
        assert odds.p_success == game.odds(action.card, action.side.value, action.dark).p_success


def test_000_rune_probability_the_odds_model_sums_to_one() -> None:
    odds = attempt_odds(bundled_runes("core").core, 3, 1)
    m = present.odds_model(odds)
    assert sum(r.p_equal for r in m.rows) == 1
    assert m.rows[0].p_at_least == 1 and m.rows[-1].p_at_least == m.rows[-1].p_equal
    assert [r.total for r in m.rows] == list(range(odds.min, odds.max + 1))
    assert sum(r.p_at_least for r in m.rows if r.total == odds.difficulty) == odds.p_success
    assert {r.win for r in m.rows if r.total >= 3} == {True} and not any(r.win for r in m.rows if r.total < 3)
