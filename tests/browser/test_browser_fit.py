"""The pictures fit a notebook 900 and 1,300 px wide: Voilà
serves a notebook with the game widget, the scenario stepper, the score card and a game's own
picture (``game`` in a cell), and headless Chromium (Debian's ``/usr/bin/chromium``) checks, with
JavaScript in the page, that no element of the pictures (every ``.ca-root``) overflows its box:
its content is no wider than the box (``scrollWidth <= clientWidth + 1``, text cut with an
ellipsis aside) and its rectangle lies inside its parent's. The Corruption track of each hero
(000 · Glossary: Corruption) is the part that used to spill out, with the second hero clipped.

Screenshots, for each width W of 900 and 1300: ``artifacts/browser-fit-game-widget-W.png``,
``artifacts/browser-fit-scenario-stepper-W.png``, ``artifacts/browser-fit-score-card-W.png`` and
``artifacts/browser-fit-notebook-picture-W.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from test_browser_voila import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, _require_browser, serve_notebook

pytestmark = pytest.mark.browser

WIDTHS = (900, 1300)
SCENARIO = ROOT / "examples" / "scenarios" / "000-play-example-gaining-a-trait.toml"
#: What is shot and checked: a name for the screenshot and the element that holds the picture.
PARTS = {
    "game-widget": ".ca-game-widget",
    "scenario-stepper": ".ca-scenario-stepper",
    "score-card": ".ca-score-card",
    "notebook-picture": ".jp-OutputArea-output > .ca-root.ca-game, .output_html > .ca-root.ca-game",
}

#: Every element inside the pictures' roots under ``selector`` whose content overflows its box or
#: whose box leaves its parent's (the root's own box must lie inside the page).
OVERFLOWS_JS = r"""
(selector) => {
  const bad = [];
  const name = (el) => el.tagName.toLowerCase()
    + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  const page = document.documentElement.clientWidth;
  for (const holder of document.querySelectorAll(selector)) {
    const roots = holder.matches('.ca-root') ? [holder] : [...holder.querySelectorAll('.ca-root')];
    for (const top of roots) {
      const box = top.getBoundingClientRect();
      if (box.right > page + 1) bad.push(`${name(top)} ends at ${Math.round(box.right)}px on a ${page}px page`);
      for (const el of top.querySelectorAll('*')) {
        if (el.closest('svg, style') && el.tagName.toLowerCase() !== 'svg') continue;
        if (!el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        if (style.display === 'inline') continue;
        const scrolls = ['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        if (!scrolls && el.scrollWidth > el.clientWidth + 1)
          bad.push(`${name(el)}: content ${el.scrollWidth}px in a ${el.clientWidth}px box (${el.innerText.slice(0, 50)})`);
        const parent = el.parentElement, r = el.getBoundingClientRect(), q = parent.getBoundingClientRect();
        if (r.right > q.right + 1 || r.left < q.left - 1)
          bad.push(`${name(el)} (${Math.round(r.left)}-${Math.round(r.right)}px) outside ${name(parent)} (${Math.round(q.left)}-${Math.round(q.right)}px)`);
      }
    }
  }
  return bad;
}
"""


def _notebook(path: Path) -> Path:
    cells = [
        new_code_cell(
            "from calladventure import Game\n"
            "from calladventure.play.bots import GreedyBot\n"
            "from calladventure.widgets import GameWidget, ScenarioStepper, ScoreCard\n"
            'game = Game.new(players=2, seed=7, names=("Ada", "Bo"))\n'
            "bot = GreedyBot(1)\n"
            "for _ in range(60):  # well into the game: both heroes' Stories and tracks filled\n"
            "    game.push(game.chance_outcomes()[0][0] if game.is_chance else bot.choose(game))\n"
            "GameWidget(game.copy(), bots={1: GreedyBot(2)}, reveal=True)"
        ),
        new_code_cell(
            f"stepper = ScenarioStepper.from_scenario({str(SCENARIO)!r})\nstepper.run_all()\nstepper"
        ),
        new_code_cell(
            'card = ScoreCard(["core"], heroes=2)\n'
            'card.set(0, name="Ada", origin="Caravan Guard", motivation="Bound by Honor", destiny="One With Nature",\n'
            '         under_origin=["Brave", "Wild Boar Hunt (bottom)"], under_motivation=["Devout"],\n'
            '         played=["Brave Charge"], experience=2, corruption=1)\n'
            'card.set(1, name="Bo", mode="counts", triumph=7, tragedy=3, icons={"arcana": 3, "justice": 2},\n'
            '         heroes_played=2, destiny="Wise Master")\n'
            "card"
        ),
        new_code_cell("game"),
    ]
    nbformat.write(
        new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}}),
        path,
    )
    return path


def _shoot(page: Any, width: int) -> list[str]:
    page.set_viewport_size({"width": width, "height": 1200})
    page.wait_for_timeout(800)  # the widgets lay themselves out again
    problems = []
    for part, selector in PARTS.items():
        found = page.locator(selector).first
        found.scroll_into_view_if_needed()
        found.screenshot(path=str(ARTIFACTS / f"browser-fit-{part}-{width}.png"))
        problems += [f"{part} at {width}px: {p}" for p in page.evaluate(OVERFLOWS_JS, selector)]
    return problems


def test_the_pictures_fit_a_notebook_900_and_1300_px_wide(tmp_path: Path) -> None:
    _require_browser()  # skipped (or failed, with CALLADVENTURE_REQUIRE_BROWSER) without Chromium, Voilà, Playwright
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with serve_notebook(_notebook(tmp_path / "fit.ipynb"), tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": WIDTHS[0], "height": 1200})
            page.route(
                "**/*",
                lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
            )
            page.goto(url, timeout=60_000)
            for selector in PARTS.values():
                page.wait_for_selector(selector, timeout=120_000)
            page.wait_for_selector(".ca-game-widget .ca-track", timeout=60_000)
            problems = [p for width in WIDTHS for p in _shoot(page, width)]
        finally:
            browser.close()
    assert not problems, "\n".join(problems[:80])
    for width in WIDTHS:
        for part in PARTS:
            shot = ARTIFACTS / f"browser-fit-{part}-{width}.png"
            assert shot.stat().st_size > 5_000, shot
