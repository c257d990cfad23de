"""Hot-seat play: the screen of the seat to move shows its view, with a "pass the device" screen between seats."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import Console

from calladventure import Game
from calladventure.cli._session import PlaySession


def _script(lines: list[str]) -> tuple[Iterator[str], list[str]]:
    prompts: list[str] = []
    it = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(it)

    return read, prompts  # type: ignore[return-value]


def test_the_terminal_passes_the_device_between_human_seats_and_shows_each_its_view() -> None:
    game = Game.new(players=2, seed=4)
    console = Console(record=True, width=130, color_system=None)
    # P1 takes the device, keeps its three Character cards; then P2 takes it and looks at the table.
    read, prompts = _script(["", "1", "1", "1", "", "t", "r", "q"])
    PlaySession(game, ["human", "human"], console=console, read=read, hot_seat=True).run()
    text = console.export_text()
    assert "Pass the device to P1" in text and "Pass the device to P2" in text
    after = text[text.index("Pass the device to P2") :]
    assert "as P2 sees it" in after  # the "t" picture is P2's view
    assert "every hand and Destiny shown" in after
    p1_destiny = game.ctx.db[game.state.players[0].destiny or ""].name
    shown_to_p2 = after[: after.index("every hand and Destiny shown")]
    assert p1_destiny not in shown_to_p2 or any(
        game.ctx.db[c].name == p1_destiny for c in game.ctx.db if c != game.state.players[0].destiny
    )
    assert prompts.count("") == 2


def test_without_hot_seat_there_is_no_pass_screen() -> None:
    game = Game.new(players=2, seed=4)
    console = Console(record=True, width=130, color_system=None)
    read, prompts = _script(["1", "q"])
    PlaySession(game, ["human", "human"], console=console, read=read).run()
    assert "Pass the device" not in console.export_text() and "" not in prompts


def test_the_widget_covers_the_table_until_the_next_human_seat_takes_the_device() -> None:
    from calladventure.widgets import GameWidget

    game = Game.new(players=2, seed=1)
    widget = GameWidget(game, hot_seat=True)
    assert widget.covered() and widget.widget.children[-1] is widget.cover
    assert "Pass the device to P1" in widget.pass_note.value
    widget.take_device()
    assert not widget.covered() and widget.widget.children[-1] is not widget.cover
    while game.to_move == 0:
        widget.push(game.legal_list()[0])
    assert widget.covered() and "P2" in widget.pass_note.value
    assert not GameWidget(Game.new(players=2, seed=1)).covered()
