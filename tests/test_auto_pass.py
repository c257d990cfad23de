"""The front ends' auto-pass toggle: the terminal game's ``a`` and the widget's "auto-pass" box.

Cards with no printed timing open a priority point after every action of the active hero
(000 · Hero and Antihero Cards); with auto-pass on, a human seat passes the windows of other
heroes' actions without being asked, and still decides in its own attempt.
"""

from __future__ import annotations

import io
import itertools

import pytest
from rich.console import Console

from calladventure.cli._session import PlaySession
from calladventure.game import Game
from calladventure.play.position import Position, card_set
from calladventure.values._cards import Card, CardType, Path
from calladventure.values._effects import GainXP, Play, Target, Timing
from calladventure.values._state import Window

_IDS = itertools.count(1)


def _game() -> Game:
    n = next(_IDS)
    sid = f"autopass{n}"

    def card(name: str, ctype: CardType, **kw: object) -> Card:
        return Card(
            id=f"{sid}/{name.lower().replace(' ', '-')}",
            name=name,
            type=ctype,
            set=sid,
            source="original",
            **kw,
        )  # type: ignore[arg-type]

    cards = [
        card("Novice", CardType.ORIGIN, paths=(Path("Novice"),)),
        card("Rival", CardType.ORIGIN, paths=(Path("Rival"),)),
        card("Quiet Meadow", CardType.TRAIT, act=1, paths=(Path("meadow"),)),
        card("Calm Pond", CardType.TRAIT, act=1, paths=(Path("pond"),)),
        card("Gift", CardType.HERO, play=Play(Timing.ANY_TIME, (GainXP(1),), Target.ANY_HERO)),
    ]
    pos = Position(players=2, sets=(card_set(sid, cards),))
    pos = (
        pos.hero(0, origin="Novice")
        .hero(1, origin="Rival", hand=["Gift"])
        .row(1, ["Quiet Meadow", "Calm Pond"])
    )
    return pos.game()


@pytest.mark.parametrize("auto", [False, True])
def test_the_terminal_games_auto_pass_toggle(auto: bool) -> None:
    game = _game()
    lines = iter([*(["w"] if auto else []), "gain Quiet Meadow", "q"])
    buf = io.StringIO()
    session = PlaySession(
        game, ["human", "human"], console=Console(file=buf, width=200), read=lambda _p: next(lines)
    )
    session.run()
    text = buf.getvalue()
    top = game.state.pending[-1] if game.state.pending else None
    if auto:
        assert "waiting for your own turn is on" in text and "P2 passes (waiting for their own turn)" in text
        assert top is None and game.to_move == 0  # P2 passed for itself: back to P1
    else:
        assert isinstance(top, Window) and game.to_move == 1  # P2 is asked


def test_the_widgets_auto_pass_box() -> None:
    from calladventure.widgets import GameWidget

    widget = GameWidget(_game())
    widget.push("gain Quiet Meadow")
    assert widget.game.to_move == 1  # the box is off: P2 is asked
    widget.undo()
    widget.auto_pass.value = True
    widget.push("gain Quiet Meadow")
    assert widget.game.to_move == 0 and not widget.game.state.pending
    assert str(widget.game.history[-1]) == "pass"
