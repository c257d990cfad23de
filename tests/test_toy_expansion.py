"""A new box is a module plus data: a toy expansion plays a whole game without any edit to the rules core.

The toy box "Lanterns" (``tests/data/lanterns``) adds a story icon, ``lantern``, declared in its
``set.toml``, and its expansion module (below, in this test) adds one action: ``kindle``, once
per turn, pay Experience (one, or its rules option ``lantern_cost``) to light a lantern token if
the hero's Story shows a lantern; each token scores one Triumph at the end. The action is one
declaration (its value class and its ``ActionKind``, joining the main phase), and so is the
option (a ``RulesOption``, registered while these tests run); the box plugs in through
``calladventure.rules.Expansion`` only, in a library of its own, so no other game in the process sees it.
Above the rules it brings a score line, helpers on the ``Game`` facade (``game.kindle()``), a
column of the observation tensor (the lanterns lit / 10) and a scenario ``expect`` key
(``lanterns_lit``), each declared on the box and proven in a played game; its pictures are plain
values (a panel of the table summed up in the terminal's status, a line in each hero's Story)
that every renderer draws. In a scenario file it brings a table of its own, ``[lanterns]``
(the tokens each seat has lit: its entry type, bounds and check), and its words of each hero,
``lantern_colours`` (in ``[[heroes]]`` and ``expect``, with the colours it allows): a position
file using them reads, runs, passes and is written back, and each is checked by the box's
declaration alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from calladventure import Game, Icon, Library, Rules, load_card_set
from calladventure.expansions import BUNDLED
from calladventure.game._encoding import BOX_COLUMNS_AT, CARD_COLUMNS, SEAT_FEATURES, SEATS, box_columns
from calladventure.play.bots import RandomBot, play_game
from calladventure.play.scenario import Scenario, ScenarioError
from calladventure.present import game_html, game_model, status_lines
from calladventure.present._rich_game import game_text
from calladventure.rules import (
    ActionKind,
    BoxOutcome,
    Choices,
    Column,
    Context,
    Expansion,
    FacadeAction,
    FacadeQuery,
    HeroWords,
    Picture,
    PictureLine,
    PositionTable,
    ScenarioCheck,
    ScoreExtras,
    icon_counts,
    plural_phrase,
    set_player,
)
from calladventure.values._actions import Action, Words
from calladventure.values._cards import CardSet
from calladventure.values._errors import RulesOptionError
from calladventure.values._events import Log
from calladventure.values._illegal import IllegalActionError
from calladventure.values._options import RulesOption, register_option, rules_option, withdraw_option
from calladventure.values._score import ScoreLine
from calladventure.values._state import Config, GameState, Mode, Player, evolve

DATA = Path(__file__).parent / "data" / "lanterns"
KEY = "lanterns"

#: The toy box's rules option: what a lantern costs (an option of the box, declared with it).
LANTERN_COST = RulesOption(
    "lantern_cost", 1, "The Experience a lantern token costs", "000 · Each Turn", box=KEY, bounds=(1, 3)
)


@attrs.frozen
class Kindle(Action):
    """Light a lantern token: one Experience, once a turn, with a lantern in the Story."""

    verbs: ClassVar[tuple[str, ...]] = ("kindle",)

    def __str__(self) -> str:
        return "kindle"

    @classmethod
    def read(cls, verb: str, rest: str, words: Words) -> Action | None:
        return None if rest else cls()


def tokens(player: Player) -> int:
    count: int = player.ext.get(KEY, 0)
    return count


def _may(ctx: Context, state: GameState, seat: int) -> str | None:
    player = state.players[seat]
    if KEY in state.turn.marks:
        return "a lantern is kindled once a turn"
    if player.xp < ctx.config.rules.option(LANTERN_COST):
        return "kindling costs Experience the hero does not have"
    if not icon_counts(ctx, player)[Icon("lantern")]:
        return "the Story shows no lantern"
    return None


def _kindle(ctx: Context, state: GameState, action: Kindle, log: Log) -> GameState:
    seat = state.turn.seat
    player = state.players[seat]
    cost = ctx.config.rules.option(LANTERN_COST)
    state = set_player(state, seat, xp=player.xp - cost, ext=player.ext.set(KEY, tokens(player) + 1))
    return evolve(state, turn=evolve(state.turn, marks=(*state.turn.marks, KEY)))


KINDLE: ActionKind[Kindle] = ActionKind(
    Kindle,
    "000/each-turn",
    candidates=lambda ctx, state, seat: (Kindle(),),
    refusal=lambda ctx, state, seat, action: _may(ctx, state, state.turn.seat),
    apply=_kindle,
    space=lambda ctx: (Kindle(),),
    joins=("main",),
)


def lit(state: GameState) -> int:
    return sum(tokens(p) for p in state.players)


def _lit_check(
    ctx: Context, state: GameState, outcome: BoxOutcome | None, want: Any
) -> Iterator[tuple[str, object, bool]]:
    yield "lantern tokens lit", lit(state), lit(state) == want


#: The toy box's words of each hero: the colours of its lanterns (a scenario's ``lantern_colours``).
COLOURS = "lantern_colours"


def colours(player: Player) -> tuple[str, ...]:
    found: tuple[str, ...] = player.ext.get(COLOURS, ())
    return found


def with_colours(player: Player, words: Sequence[str]) -> Player:
    return evolve(player, ext=player.ext.set(COLOURS, tuple(words) or None))


@attrs.frozen
class LanternsEntry:
    """``[lanterns]``: the tokens each seat has lit, ``{ P1 = 2 }``."""

    tokens: dict[str, int] = attrs.Factory(dict)


def _table_check(game: Any, entry: LanternsEntry, seat: Any) -> Iterator[tuple[str | None, str]]:
    for ref in entry.tokens:
        seat(ref, "tokens")
    if game["mode"] is not Mode.COMPETITIVE and entry.tokens:
        yield "tokens", "lanterns are lit in a competitive game only"


def _table_write(ctx: Context, state: GameState, ref: Any) -> dict[str, Any] | None:
    lit_by = {f"P{p.seat + 1}": tokens(p) for p in state.players if tokens(p)}
    return {"tokens": lit_by} if lit_by else None


def _table_start(library: Any, state: GameState, game: Any, table: Any, seat: Any) -> GameState:
    for ref, n in table.get("tokens", {}).items():
        at = seat(ref, "tokens")
        state = set_player(state, at, ext=state.players[at].ext.set(KEY, n))
    return state


LANTERNS_TABLE = PositionTable(
    KEY,
    LanternsEntry,
    clean=lambda state: True,
    write=_table_write,
    start=_table_start,
    check=_table_check,
    bounds={"tokens": (0, 9)},
)


class Lanterns(Expansion):
    id: ClassVar[str] = KEY
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = (KINDLE,)
    state_types: ClassVar[dict[str, Any]] = {KEY: int, COLOURS: tuple[str, ...]}
    position_tables: ClassVar[tuple[PositionTable, ...]] = (LANTERNS_TABLE,)
    hero_words: ClassVar[tuple[HeroWords, ...]] = (
        HeroWords(
            "lantern_colours",
            COLOURS,
            "lantern colours",
            with_colours,
            colours,
            Choices(("red", "green", "blue"), "a lantern colour", "000 · Each Turn"),
        ),
    )
    options: ClassVar[tuple[RulesOption[Any], ...]] = (LANTERN_COST,)
    columns: ClassVar[tuple[Column, ...]] = (
        Column("lanterns lit / 10", 1, lambda ctx, state: (lit(state) / 10,)),
    )
    scenario_checks: ClassVar[dict[str, ScenarioCheck]] = {"lanterns_lit": _lit_check}
    facade: ClassVar[dict[str, FacadeAction | FacadeQuery]] = {
        "kindle": FacadeAction(Kindle, "Light a lantern token."),
        "lit": FacadeQuery(
            lambda ctx, state, seat: tokens(state.players[seat]), "The seat's lantern tokens."
        ),
    }

    def in_play(self, config: Config, sets: Sequence[CardSet]) -> bool:
        return KEY in config.sets

    def score_lines(self, ctx: Context, state: GameState, seat: int) -> ScoreExtras:
        n = tokens(state.players[seat])
        return ScoreExtras(
            after_sets=(ScoreLine(f"Lantern tokens ({n})", n, 0, "000/ending-the-game"),) if n else ()
        )

    def table_pictures(self, ctx: Context, state: GameState) -> Iterable[Picture]:
        lit = sum(tokens(p) for p in state.players)
        status = (plural_phrase("{n} lantern lit", "{n} lanterns lit", lit),)
        yield Picture("Lanterns", "000/each-turn", (PictureLine("Lit", f"{lit} lantern token(s)"),), status)

    def hero_lines(self, ctx: Context, state: GameState, seat: int) -> Iterable[PictureLine]:
        n = tokens(state.players[seat])
        return (PictureLine("Lanterns kindled", str(n), note="one Triumph each"),) if n else ()


@pytest.fixture(scope="module")
def library() -> Iterator[Library]:
    register_option(LANTERN_COST)  # taken back after these tests: no other test sees the toy option
    yield Library((*BUNDLED, Lanterns()), [load_card_set(DATA)])
    withdraw_option(LANTERN_COST)


def _kindled_game(library: Library, **options: Any) -> Game:
    """A seeded random game in which someone kindles a lantern."""
    for seed in range(40):
        game = play_game(
            Game.new(players=2, seed=seed, sets=("core", KEY), library=library, **options),
            [RandomBot(seed), RandomBot(seed + 1)],
        )
        if any(isinstance(a, Kindle) for a in game.history):
            return game
    raise AssertionError("no random game kindled a lantern")


def test_a_toy_box_plays_a_whole_game_with_its_icon_and_its_action(library: Library) -> None:
    game = _kindled_game(library)
    assert game.over
    lit = [p for p in game.state.players if tokens(p)]
    assert lit, "someone lit a lantern token"
    seat = lit[0].seat
    score = game.score()[seat]
    assert "Lantern tokens" in " ".join(line.label for line in score.lines)
    # the new icon is a story icon: a set of lanterns scores (000 · Story Icons)
    assert Icon("lantern").is_story and Icon("lantern") in game.ctx.story_icons


def test_the_toy_box_pictures_show_in_the_terminal_and_the_notebook(library: Library) -> None:
    """The box's panel, status line and hero line are drawn by the rich, terminal, HTML and SVG renderers."""
    game = _kindled_game(library)
    lit = sum(tokens(p) for p in game.state.players)
    seat = next(p.seat for p in game.state.players if tokens(p))
    hero = f"Lanterns kindled: {tokens(game.state.players[seat])}"
    text = game_text(game, width=140)
    assert "Lanterns" in text and f"{lit} lantern token(s)" in text and hero in text
    assert f"  {lit} lanterns lit" in status_lines(game) or f"  {lit} lantern lit" in status_lines(game)
    page = game_html(game)
    assert '<div class="ca-sec">Lanterns</div>' in page and f"<b>Lit</b>: {lit} lantern token(s)" in page
    assert f'title="one Triumph each">{hero}</div>' in page
    svg = game._repr_svg_()
    assert ">Lanterns</text>" in svg and f"Lit: {lit} lantern token(s)" in svg and hero in svg
    plain = play_game(Game.new(players=2, seed=1, library=library), [RandomBot(1), RandomBot(2)])
    assert "Lanterns" not in game_text(plain, width=140) and "Lanterns" not in game_html(plain)


def test_a_box_draws_its_pictures_from_what_the_viewer_may_see(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pictures hooks are given the state as the viewer sees it: no other hero's hand (000 · Deal the Cards)."""
    seen: list[GameState] = []

    def table_pictures(self: Lanterns, ctx: Context, state: GameState) -> Iterable[Picture]:
        seen.append(state)
        return ()

    monkeypatch.setattr(Lanterns, "table_pictures", table_pictures)
    game = Game.new(players=2, seed=3, sets=("core", KEY), library=library)
    while not game.state.players[1].hand:
        game.push(RandomBot(1).choose(game))
    game_model(game, viewer=0)
    game_model(game, viewer=0, reveal=True)
    game_model(game.view(0))
    mine, revealed, view = seen
    assert mine.players[0].hand == game.state.players[0].hand == revealed.players[0].hand
    assert revealed.players[1].hand == game.state.players[1].hand
    assert all(c.startswith("?") for c in (*mine.players[1].hand, *view.players[1].hand))


def test_the_toy_action_is_legal_only_when_its_box_says_and_explains_a_refusal(library: Library) -> None:
    game = Game.new(players=2, seed=3, sets=("core", KEY), library=library)
    while not game.over and "kindle" not in [str(a) for a in game.legal_actions]:
        game.push(RandomBot(1).choose(game))
    assert not game.over
    before = game.save()
    game.kindle()  # the box's helper on the Game facade
    assert tokens(game.state.players[game.state.turn.seat]) == 1 == game.lit(seat=game.state.turn.seat)
    assert "kindle" in dir(game) and "kindle" not in dir(Game.new(players=2, seed=1))
    with pytest.raises(IllegalActionError, match="once a turn"):
        game.kindle()
    with pytest.raises(IllegalActionError, match="once a turn"):
        game.push("kindle")
    assert game.pop() == Kindle() and game.save() == before


def test_a_toy_game_saves_and_loads_with_its_library(library: Library) -> None:
    game = _kindled_game(library)
    again = Game.loads(game.save(), library=library)
    assert again.history == game.history and again.state == game.state


def test_the_toy_box_stays_in_its_own_library(library: Library) -> None:
    """Other games of the process neither see the set nor the action (no process-wide registration)."""
    with pytest.raises(ValueError, match="lanterns"):
        Game.new(players=2, seed=1, sets=("core", KEY))
    plain = Game.new(players=2, seed=1)
    assert "kindle" not in plain.ctx.notation.verbs


def test_the_rules_ask_a_box_only_for_the_hooks_it_overrides(library: Library) -> None:
    """A context knows which hooks its boxes in play override, per set of boxes (the memo is shared)."""
    toy = Game.new(players=2, seed=1, sets=("core", KEY), library=library).ctx
    plain = Game.new(players=2, seed=1, library=library).ctx
    assert toy.expansions and not plain.expansions
    assert toy.boxes_override("score_lines") and toy.boxes_override("in_play")
    assert not toy.boxes_override("shortcut") and not toy.boxes_override("powers")
    assert not plain.boxes_override("score_lines")
    coop = Game.new(players=2, seed=1, sets=("stormlight",), mode="coop").ctx
    duel = Game.new(players=3, seed=1, sets=("stormlight",)).ctx
    assert coop.memo is duel.memo and coop.expansions and not duel.expansions  # one memo, two sets of boxes
    assert coop.boxes_override("end_turn") and not duel.boxes_override("end_turn")


def _column_at(game: Game) -> int:
    """Where the toy box's column sits in the observation tensor (after the Adversary's, in box order)."""
    before = 0
    for box, column in box_columns(game.ctx):
        if isinstance(box, Lanterns):
            break
        before += column.size
    return len(game.ctx.db) * CARD_COLUMNS + SEATS * SEAT_FEATURES + BOX_COLUMNS_AT + before


def test_the_toy_box_adds_a_column_to_the_observation_tensor(library: Library) -> None:
    game = _kindled_game(library)
    plain = Library(BUNDLED, [load_card_set(DATA)])  # the same cards, no toy box
    without = Game.new(players=2, seed=1, sets=("core", KEY), library=plain)
    assert game.observation_tensor_size() == without.observation_tensor_size() + 1
    at = _column_at(game)
    for seat in range(2):
        assert game.observation_tensor(seat)[at] == pytest.approx(lit(game.state) / 10) and lit(game.state)
    fresh = Game.new(players=2, seed=1, sets=("core", KEY), library=library)
    assert fresh.observation_tensor(0)[at] == 0.0


def _scenario(library: Library, game: Game, expect: dict[str, Any]) -> Scenario:
    """The kindled game's actions up to its first kindling as a scenario's steps, expecting ``expect`` after it."""
    upto = next(i for i, a in enumerate(game.history) if isinstance(a, Kindle))
    steps = "".join(f"[[steps]]\ndo = {json.dumps(str(a))}\n\n" for a in game.history[:upto])
    wanted = ", ".join(f"{k} = {json.dumps(v)}" for k, v in expect.items())
    seed = game.config.seed
    head = f'format = "calladventure.scenario/1"\n\n[game]\nnew = true\nplayers = 2\nseed = {seed}\nsets = ["core", "{KEY}"]\n\n'
    last = f'[[steps]]\ndo = "kindle"\nexpect = {{ {wanted} }}\n'
    return Scenario.loads(head + steps + last, library=library)


def test_the_toy_box_checks_its_own_scenario_expectation(library: Library) -> None:
    game = _kindled_game(library)
    passed = _scenario(library, game, {"lanterns_lit": 1}).run()
    assert passed.ok, passed.failure
    assert any(c.what == "lantern tokens lit" for s in passed.steps for c in s.checks)
    failed = _scenario(library, game, {"lanterns_lit": 2}).run()
    assert failed.failure is not None and "lantern tokens lit" in str(failed.failure)
    with pytest.raises(ScenarioError, match="lanterns_unlit"):  # a key no box of the library checks
        _scenario(library, game, {"lanterns_unlit": 1})
    without = Library(BUNDLED, [load_card_set(DATA)])  # the cards without the box: not its key either
    with pytest.raises(ScenarioError, match="lanterns_lit"):
        _scenario(without, game, {"lanterns_lit": 1})


def test_the_toy_box_brings_its_rules_option_by_its_flat_name(library: Library) -> None:
    """The toy option is listed, set by name, checked against its declaration and saved like a core one."""
    assert Rules.options()["lantern_cost"] == ("1",)
    assert next(o for o in Rules.declared() if o.name == "lantern_cost").box == KEY
    dear = Rules().replace(lantern_cost=3)
    assert dear.option(LANTERN_COST) == 3 and Rules().option(LANTERN_COST) == 1
    assert dear != Rules() and Rules().replace(lantern_cost=1) == Rules()  # the default is no change
    with pytest.raises(RulesOptionError, match="lantern_cost is a whole number from 1 to 3"):
        Rules().replace(lantern_cost=4)
    with pytest.raises(RulesOptionError, match="closest is 'lantern_cost'"):
        Rules().replace(lantern_cots=2)
    game = Game.new(players=2, seed=1, sets=("core", KEY), library=library, rules=dear)
    assert Game.loads(game.save(), library=library).config.rules == dear


def test_the_toy_option_changes_what_kindling_costs_in_a_played_game(library: Library) -> None:
    """With ``lantern_cost = 2`` every kindle of a random game spends two Experience, not one."""
    for cost in (1, 2):
        game = _kindled_game(library, lantern_cost=cost)
        replay = Game.new(
            players=2, seed=game.config.seed, sets=("core", KEY), library=library, lantern_cost=cost
        )
        for action in game.history:
            before = replay.state.players[replay.state.turn.seat].xp
            replay.push(action)
            if isinstance(action, Kindle):
                assert before - replay.state.players[replay.state.turn.seat].xp == cost
                break
        else:
            raise AssertionError("the game kindled no lantern")


def test_a_box_cannot_declare_an_option_already_declared() -> None:
    """A core option's name, or another box's, is refused at registration."""
    with pytest.raises(RulesOptionError, match="declared already, by the core game"):
        rules_option("icon_sets", 1, meaning="toy", settles="000 · Each Turn", box=KEY)
    with pytest.raises(RulesOptionError, match="declared already, by box 'odium'"):
        rules_option("odium_tokens", 1, meaning="toy", settles="000 · Each Turn", box=KEY)


def test_a_box_options_follow_its_first_in_declaration_order() -> None:
    """Only a box's first option names where its block goes; the next ones follow it, in order."""
    box = "toy_order"  # a box of its own: the toy box's option may be registered while this runs
    first = rules_option("lantern_a", 1, meaning="toy", settles="000 · Each Turn", box=box, after="refill")
    second = rules_option("lantern_b", 1, meaning="toy", settles="000 · Each Turn", box=box)
    try:
        names = list(Rules().by_name())
        at = names.index("refill")
        assert names[at + 1 : at + 3] == ["lantern_a", "lantern_b"]
    finally:
        withdraw_option(second)
        withdraw_option(first)
    assert "lantern_a" not in Rules().by_name()


# ----------------------------------------------------------------------------- a scenario file of the toy box

POSITION = """\
format = "calladventure.scenario/1"

[game]
players = 2
seed = 1
sets = ["core", "lanterns"]

[[heroes]]
story = [["Lamp 1-0"]]
xp = 3
lantern_colours = ["red", "blue"]

[[heroes]]

[turn]
player = "P1"

[lanterns]
tokens = { P1 = 2 }

[[steps]]
expect = { lanterns_lit = 2, lantern_colours = { P1 = ["blue", "red"], P2 = [] } }

[[steps]]
do = "kindle"
expect = { lanterns_lit = 3, xp = { P1 = 2 }, score_line = { P1 = { "Lantern tokens (3)" = 3 } } }
"""


def test_a_scenario_file_uses_the_toy_box_table_its_words_and_its_check(library: Library) -> None:
    """The box's table and words set the position up; its check and a score line of its own pass."""
    scenario = Scenario.loads(POSITION, library=library)
    assert scenario.boxes == {KEY: LanternsEntry({"P1": 2})}
    result = scenario.run()
    assert result.ok, result.failure
    checked = [c.what for s in result.steps for c in s.checks]
    assert "lantern tokens lit" in checked and "lantern colours by P1" in checked
    assert (
        colours(result.game.state.players[0]) == ("red", "blue") and tokens(result.game.state.players[0]) == 3
    )
    wrong = Scenario.loads(POSITION.replace("lanterns_lit = 3", "lanterns_lit = 4"), library=library).run()
    assert wrong.failure is not None and "lantern tokens lit" in str(wrong.failure)
    mixed = POSITION.replace('P1 = ["blue", "red"]', 'P1 = ["red"]')
    assert "lantern colours by P1" in str(Scenario.loads(mixed, library=library).run().failure)


def test_the_toy_box_writes_its_table_and_words_back(library: Library) -> None:
    """A live game of the toy box written as a scenario keeps its table and its words, and reads back the same."""
    game = Scenario.loads(POSITION, library=library).run().game
    text = Scenario.from_game(game).to_toml()
    assert "[lanterns]" in text and 'lantern_colours = ["red", "blue"]' in text
    again = Scenario.loads(text, library=library)
    assert again.boxes == {KEY: LanternsEntry({"P1": 2})}  # the turn's start, then its kindling as a step
    assert [s.do for s in again.steps] == ["kindle"] and again.run().game.state == game.state


@pytest.mark.parametrize(
    ("old", "new", "where", "words"),
    [
        ("tokens = { P1 = 2 }", "tokens = { P1 = 12 }", "[lanterns]", "at most 9"),  # its bounds
        ("tokens = { P1 = 2 }", "tokens = { P5 = 2 }", "[lanterns]", "'P5' is not a seat"),  # its check
        ("tokens = { P1 = 2 }", "tokns = { P1 = 2 }", "[lanterns]", "known keys: tokens"),  # its entry type
        (
            '["red", "blue"]',
            '["red", "mauve"]',
            "[[heroes]] entry 1",
            "not a lantern colour: one of ['red', 'green', 'blue']",
        ),
        (
            'lantern_colours = ["red", "blue"]',
            'lantern_colour = ["red"]',
            "[[heroes]] entry 1",
            "known keys: player",
        ),
        ("P2 = []", 'P2 = ["gold"]', "step 1", "not a lantern colour"),
        ("seed = 1", 'seed = 1\nmode = "coop"', "[lanterns]", "competitive game only"),
    ],
)
def test_the_toy_box_declarations_check_what_a_file_gives_them(
    library: Library, old: str, new: str, where: str, words: str
) -> None:
    assert old in POSITION
    with pytest.raises(ScenarioError) as info:
        Scenario.loads(POSITION.replace(old, new), library=library)
    assert any(p.where == where and words in p.problem for p in info.value.problems), info.value


def test_without_the_toy_box_its_table_and_words_are_unknown() -> None:
    """The cards alone (a library without the box) do not make its table or its words part of the format."""
    without = Library(BUNDLED, [load_card_set(DATA)])
    with pytest.raises(ScenarioError) as info:
        Scenario.loads(POSITION, library=without)
    problems = [p.problem for p in info.value.problems]
    assert any("unknown top-level keys" in p and "lanterns" in p for p in problems), problems
    assert any("unknown key 'lantern_colours'" in p for p in problems), problems
