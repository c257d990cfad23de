"""The scenario stepper and the score card in a real browser, with screenshots, and no glyph drawn as a box.

Voilà serves a small seeded notebook (the card-timing scenario in a stepper, a two-hero score
card) and headless Chromium (Debian's ``/usr/bin/chromium``, its stock fonts) steps the scenario,
opens a rule's explanation and checks every character on the page has a glyph in the page's
fonts: the icons are SVG shapes, and the few symbols left in text (✓, ▶, ·) are drawn on a canvas
and compared with the "missing glyph" box. The screenshots go to ``artifacts/``:

* ``artifacts/browser-scenario-stepper.png``: the stepper after two steps (an attempt), the step's events
  with their citations, the position below;
* ``artifacts/browser-score-card.png``: the score card of two heroes (one by card names, one by
  counts), every line with its rule, one rule opened to its explanation;
* ``artifacts/browser-turn.png`` (``test_browser_voila.py``): the game widget after a full turn.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook
from test_browser_voila import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    _require_browser,
    missing_glyphs,
    serve_notebook,
)

pytestmark = pytest.mark.browser

SCENARIO = ROOT / "examples" / "scenarios" / "000-faqs-card-timing.toml"


def _notebook(path: Path) -> Path:
    cells = [
        new_code_cell(
            "from calladventure.widgets import ScenarioStepper, ScoreCard\n"
            f"stepper = ScenarioStepper.from_scenario({str(SCENARIO)!r})\n"
            "stepper"
        ),
        new_code_cell(
            'card = ScoreCard(["core"], heroes=2)\n'
            'card.set(0, name="Ada", origin="Caravan Guard", motivation="Bound by Honor", destiny="One With Nature",\n'
            '         under_origin=["Brave", "Wild Boar Hunt (bottom)"], under_motivation=["Devout"],\n'
            '         played=["Brave Charge"], experience=2, corruption=1)\n'
            'card.set(1, name="Bo", mode="counts", triumph=7, tragedy=3, icons={"arcana": 3, "justice": 2},\n'
            '         heroes_played=2, destiny="Wise Master", names=["wind"])\n'
            "card"
        ),
    ]
    nbformat.write(
        new_notebook(cells=cells, metadata={"kernelspec": {"name": "python3", "display_name": "Python 3"}}),
        path,
    )
    return path


def test_browser_scenario_stepper_and_score_card_with_screenshots_and_no_missing_glyph(
    tmp_path: Path,
) -> None:
    _require_browser()  # skipped (or failed, with CALLADVENTURE_REQUIRE_BROWSER) without Chromium, Voilà, Playwright
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with serve_notebook(_notebook(tmp_path / "companion.ipynb"), tmp_path) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 1000})
            page.route(
                "**/*",
                lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
            )
            page.goto(url, timeout=60_000)
            page.wait_for_selector(".ca-scenario-stepper .ca-w-next", timeout=90_000)
            page.wait_for_selector(".ca-w-score-card .ca-title", timeout=60_000)

            # The stepper opens at step 0; Next plays a step (the second: an attempt) and shows its events, cited.
            header = page.locator(".ca-w-scenario")
            expect(header).to_contain_text("step 0 of")
            page.locator(".ca-scenario-stepper .ca-w-next").click()
            expect(header).to_contain_text("step 1 of")
            page.locator(".ca-scenario-stepper .ca-w-next").click()
            expect(header).to_contain_text("step 2 of")
            expect(page.locator(".ca-scenario-stepper .ca-w-message")).to_contain_text("✓")
            expect(page.locator(".ca-scenario-stepper .ca-w-log")).to_contain_text("Attempt a Challenge")
            page.wait_for_timeout(300)
            page.locator(".ca-scenario-stepper").screenshot(
                path=str(ARTIFACTS / "browser-scenario-stepper.png")
            )

            # The score card: two heroes, the winner, every line with its rule; a rule opens its why.
            card = page.locator(".ca-w-score-card")
            expect(card).to_contain_text("Winner: Bo with 23 points")
            expect(card).to_contain_text("Story icon sets (2 justice, 3 arcana)")
            why = card.locator("details.ca-why summary").first
            why.click()
            expect(card.locator("details.ca-why[open] .ca-why-text").first).to_contain_text(
                "under the heading"
            )
            page.wait_for_timeout(300)
            page.locator(".ca-score-card").screenshot(path=str(ARTIFACTS / "browser-score-card.png"))

            missing, checked = missing_glyphs(page)
            assert checked >= 3, "the check should see the page's symbols"
            assert not missing, f"characters drawn as a box: {missing}"
            assert page.locator(".ca-scenario-stepper svg.ca-svgi").count() > 0  # the icons, as shapes
        finally:
            browser.close()
    for name in ("browser-scenario-stepper.png", "browser-score-card.png"):
        assert (ARTIFACTS / name).stat().st_size > 10_000, name


def test_the_glyph_check_catches_a_box(tmp_path: Path) -> None:
    """The check itself: a character no stock font has (a private-use one) is reported; ⚔ in SVG is not text."""
    _require_browser()
    from playwright.sync_api import sync_playwright

    from calladventure.present._svg_icons import icon_html
    from calladventure.values._icons import Icon

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page()
            page.set_content(f"<p>ok ✓ · {icon_html(Icon.CONSTITUTION)} \ue000</p>")
            missing, checked = missing_glyphs(page)
            assert checked == 3 and len(missing) == 1 and "U+e000" in missing[0], missing
        finally:
            browser.close()
