"""Make the pictures of docs/jupyter.md with headless Chromium: ``python tests/browser/doc_images.py``.

Static pictures (a Story in light and dark themes, the odds chart, a cast and a score) are the
HTML of :mod:`calladventure.present` in a plain page; the widget pictures are Voilà pages of
small seeded notebooks. Needs what ``nox -s browser`` installs, and ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import Page, Route, sync_playwright

from calladventure import Game
from calladventure.play.bots import GreedyBot, play_game
from calladventure.present import cast_html, last_cast, scores_html, tableau_html

ROOT = Path(__file__).resolve().parents[2]
IMAGES = ROOT / "docs" / "images"
CHROMIUM = os.environ.get("CALLADVENTURE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
THEMES = {
    "light": "background:#ffffff;color:#1f2937",
    "dark": "background:#1e1e1e;color:#e5e7eb",
}


def _page(body: str, theme: str) -> str:
    return (
        f'<!doctype html><html><head><meta charset="utf-8"></head>'
        f'<body style="{THEMES[theme]};margin:0;padding:12px;width:1000px">'
        f'<div id="shot" style="display:inline-block;width:100%">{body}</div></body></html>'
    )


def _static(page: Page, body: str, name: str, theme: str = "light") -> None:
    page.set_content(_page(body, theme))
    page.locator("#shot").screenshot(path=str(IMAGES / name))
    print("wrote", IMAGES / name)


def static_images(page: Page) -> None:
    game = Game.new(players=2, seed=7, names=("Ada", "Bo"))
    while game.state.phase.value == "setup":
        game.push(game.legal_actions[0])
    finished = play_game(game.copy(), [GreedyBot(1), GreedyBot(2)])
    for theme in ("light", "dark"):
        _static(page, tableau_html(finished, 0, reveal=True), f"jupyter-tableau-{theme}.png", theme)
    challenge = next(
        game.card(slot.card)
        for slot in game.state.row(1).slots
        if slot is not None and game.card(slot.card).difficulty is not None
    )
    _static(page, game.odds(challenge.name, "top", dark_runes=1)._repr_html_(), "jupyter-odds.png")
    game.attempt(challenge.name, "top", dark_runes=1).cast()
    found = last_cast(game)
    assert found is not None
    _static(page, cast_html(found[0]), "jupyter-cast.png")
    _static(page, scores_html(finished.score()), "jupyter-scores.png")


WIDGET_NOTEBOOKS = {
    "jupyter-game-widget.png": """
from calladventure import Game
from calladventure.play.bots import GreedyBot
from calladventure.widgets import GameWidget

game = Game.new(players=2, seed=7, names=("Ada", "Bo"))
while game.state.phase.value == "setup":
    game.push(game.legal_actions[0])
widget = GameWidget(game, bots={1: GreedyBot(1)}, autoplay=True)
widget.dark.value = 1
widget
""",
    "jupyter-odds-explorer.png": """
from calladventure.widgets import OddsExplorer

OddsExplorer(difficulty=5, dark=1, abilities={"strength": 2})
""",
    "jupyter-scenario.png": """
from calladventure.play.position import Position
from calladventure.widgets import ScenarioStepper, Step

game = (
    Position(players=2, seed=1, names=("Ada", "Bo"))
    .hero(0, origin="Farmer", xp=4)
    .row(1, ["Brave", ("Wild Boar Hunt", "Loyal Hound"), "Find a Lost Child", "Thieves' Guild"])
    .deck(1, ["Gentle Soul", "Devout"])
    .game()
)
stepper = ScenarioStepper(game, [
    Step("Ada attempts Wild Boar Hunt, the Hound under it", "attempt Wild Boar Hunt top", lambda g: g.odds().difficulty == 4),
    Step("The runes: slash, slash, slash and an arrow", lambda g: g.cast("slash", "slash", "slash", "arrow"), "overcomes"),
    Step("She gains the Hound too", lambda g: g.resolve(), lambda g: len(g.state.players[0].allies) == 1),
    Step("Another challenge the same turn is refused", "attempt Find a Lost Child top", "at most one", illegal=True),
], title="An Ally under a challenge")
stepper.next(); stepper.next()
stepper
""",
}

#: Pictures cut to one widget rather than the window.
CROP = {"jupyter-odds-explorer.png": ".ca-odds-explorer"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _local_only(url: str) -> Callable[[Route], None]:
    """A route handler that refuses every request off the local server (Voilà's template fonts)."""

    def handle(route: Route) -> None:
        if route.request.url.startswith(url):
            route.continue_()
        else:
            route.abort()

    return handle


def widget_images(page: Page, folder: Path) -> None:
    for name, code in WIDGET_NOTEBOOKS.items():
        path = folder / name.replace(".png", ".ipynb")
        book = new_notebook(cells=[new_code_cell(code.strip())])
        book.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        nbformat.write(book, path)
        port = _free_port()
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                str(path),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        url = f"http://127.0.0.1:{port}/"
        try:
            for _ in range(120):
                try:
                    with urllib.request.urlopen(url, timeout=5):
                        break
                except OSError:
                    time.sleep(0.5)
            page.route("**/*", _local_only(url))
            page.goto(url, timeout=60_000)
            page.wait_for_selector(".widget-box", timeout=90_000)
            page.wait_for_timeout(1500)
            if name in CROP:
                page.locator(CROP[name]).screenshot(path=str(IMAGES / name))
            else:
                page.screenshot(path=str(IMAGES / name))
            page.unroute("**/*")
            print("wrote", IMAGES / name)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 800})
            static_images(page)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            with tempfile.TemporaryDirectory() as folder:
                widget_images(page, Path(folder))
        finally:
            browser.close()


if __name__ == "__main__":
    main()
