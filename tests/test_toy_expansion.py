"""A new box is a module plus data: a toy expansion plays a whole game without any edit to the rules core.

The toy box "Lanterns" (``tests/data/lanterns``) adds a story icon, ``lantern``, declared in its
``set.toml``, and its expansion module (below, in this test) adds one action: ``kindle``, once
per turn, pay one Experience to light a lantern token if the hero's Story shows a lantern; each
token scores one Triumph at the end. The action is one declaration (its value class and its
``ActionKind``, joining the main phase); its pictures are plain values (a panel of the table
summed up in the terminal's status, a line in each hero's Story) that every renderer draws; the
box plugs in through ``calladventure.rules.Expansion`` only, in a library of its own, so no
other game in the process sees it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from calladventure import Game, Icon, Library, load_card_set
from calladventure.expansions import BUNDLED
from calladventure.play.bots import RandomBot, play_game
from calladventure.present import game_html, game_model, status_lines
from calladventure.present.rich_game import game_text
from calladventure.rules import (
    ActionKind,
    Context,
    Expansion,
    Picture,
    PictureLine,
    ScoreExtras,
    icon_counts,
    plural_phrase,
    set_player,
)
from calladventure.values.actions import Action, Words
from calladventure.values.cards import CardSet
from calladventure.values.errors import IllegalActionError
from calladventure.values.events import Log
from calladventure.values.score import ScoreLine
from calladventure.values.state import Config, GameState, Player, evolve

DATA = Path(__file__).parent / "data" / "lanterns"
KEY = "lanterns"


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
    if player.xp < 1:
        return "kindling costs one Experience"
    if not icon_counts(ctx, player)[Icon("lantern")]:
        return "the Story shows no lantern"
    return None


def _kindle(ctx: Context, state: GameState, action: Kindle, log: Log) -> GameState:
    seat = state.turn.seat
    player = state.players[seat]
    state = set_player(state, seat, xp=player.xp - 1, ext=player.ext.set(KEY, tokens(player) + 1))
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


class Lanterns(Expansion):
    id: ClassVar[str] = KEY
    action_kinds: ClassVar[tuple[ActionKind[Any], ...]] = (KINDLE,)
    state_types: ClassVar[dict[str, Any]] = {KEY: int}

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
def library() -> Library:
    return Library((*BUNDLED, Lanterns()), [load_card_set(DATA)])


def _kindled_game(library: Library) -> Game:
    """A seeded random game in which someone kindles a lantern."""
    for seed in range(40):
        game = play_game(
            Game.new(players=2, seed=seed, sets=("core", KEY), library=library),
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
    game.push("kindle")
    assert tokens(game.state.players[game.state.turn.seat]) == 1
    with pytest.raises(IllegalActionError, match="once a turn"):
        game.push("kindle")
    assert game.pop() == Kindle() and game.save() == before


def test_a_toy_game_saves_and_loads_with_its_library(library: Library) -> None:
    game = _kindled_game(library)
    again = Game.load(game.save(), library=library)
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
