"""The game widget in a real browser: Voilà serves examples/game_widget.ipynb on localhost and
headless Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright) plays a full turn with
the buttons: an illegal action typed in is shown in the page, then Ada attempts a challenge,
casts, finishes her turn, and the bot's turn follows (000 · Each Turn).

Run it with ``nox -s browser`` (installs Voilà and Playwright; needs ``apt-get install chromium``).
The browser is never downloaded: Playwright launches the system Chromium. A screenshot is saved
as ``artifacts/browser-turn.png``, and every character of the page is checked to have a glyph in
the stock fonts (:func:`missing_glyphs`): the icons are SVG shapes, none falls back to a box. Without Chromium, Voilà or Playwright the test is skipped, unless
``CALLADVENTURE_REQUIRE_BROWSER=1`` (as in the nox session), when it fails instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "examples" / "game_widget.ipynb"
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("CALLADVENTURE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = pytest.mark.browser


def _missing() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium)"
    for module in ("voila", "playwright"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install '.[browser]')"
    return None


def _require_browser() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CALLADVENTURE_REQUIRE_BROWSER"):
        pytest.fail(f"the browser test must run here, but {reason}")
    pytest.skip(reason)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def serve_notebook(notebook: Path, tmp_path: Path) -> Iterator[str]:
    """Voilà serving ``notebook`` on a free localhost port, stopped (with its kernel) after."""
    _require_browser()
    port = _free_port()
    log = (tmp_path / "voila.log").open("w")
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            str(notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
        ],
        cwd=tmp_path,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,  # its own process group: the kernel is stopped with it
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"Voilà exited ({proc.returncode}):\n{(tmp_path / 'voila.log').read_text()[-3000:]}"
                )
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not answer on {url}:\n{(tmp_path / 'voila.log').read_text()[-3000:]}")
            time.sleep(0.5)
        yield url
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


@pytest.fixture
def voila_url(tmp_path: Path) -> Iterator[str]:
    """Voilà serving the widget notebook on a free localhost port, stopped (with its kernel) after."""
    with serve_notebook(NOTEBOOK, tmp_path) as url:
        yield url


#: Every non-ASCII character of the page's text drawn on a canvas in its element's font: one that
#: draws nothing, or draws exactly what an unassigned code point draws (the box), has no glyph.
MISSING_GLYPHS_JS = r"""
() => {
  const seen = new Map();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!el || el.closest('style, script, title') || !el.getClientRects().length) continue;
    const font = getComputedStyle(el).font;
    for (const ch of node.textContent) {
      if (ch.codePointAt(0) > 0x7e && !/\s/.test(ch)) seen.set(ch + '\u0000' + font, [ch, font]);
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = 80; canvas.height = 80;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const draw = (ch, font) => {
    ctx.clearRect(0, 0, 80, 80);
    ctx.font = font.replace(/[\d.]+px/, '48px');
    ctx.fillText(ch, 8, 60);
    return ctx.getImageData(0, 0, 80, 80).data.join(',');
  };
  const missing = [];
  for (const [ch, font] of seen.values()) {
    const box = draw('\u{10FFFD}', font);
    const blank = draw('', font);
    const picture = draw(ch, font);
    if (picture === box || picture === blank) missing.push(ch + ' U+' + ch.codePointAt(0).toString(16) + ' in ' + font);
  }
  return [missing, seen.size];
}
"""


def missing_glyphs(page: Any) -> tuple[list[str], int]:
    """The characters of the page that fall back to a box, and how many characters were checked."""
    missing, checked = page.evaluate(MISSING_GLYPHS_JS)
    return list(missing), int(checked)


def _status(page: Any) -> dict[str, str]:
    text = " ".join(page.inner_text(".ca-w-status").split())
    turn = re.search(r"turn (\d+)", text)
    step = re.search(r"step (\d+)", text)
    to_move = re.search(r"to move (\S+)", text)
    assert turn and step and to_move, text
    return {"text": text, "turn": turn.group(1), "step": step.group(1), "to_move": to_move.group(1)}


def _buttons(page: Any) -> list[str]:
    texts: list[str] = page.locator(".ca-w-actions button").all_inner_texts()
    return texts


def _click_and_wait(page: Any, selector: str) -> None:
    """Click a widget button, wait until the game's header shows a different state (the widget
    updates its header last), then until the action buttons have settled, and check no error."""
    before = page.inner_text(".ca-w-status")
    page.locator(selector).first.click()
    page.wait_for_function(
        "old => { const el = document.querySelector('.ca-w-status'); return el && el.innerText !== old; }",
        arg=before,
        timeout=30_000,
    )
    shown = _buttons(page)
    for _ in range(50):
        page.wait_for_timeout(150)
        now = _buttons(page)
        if now == shown:
            break
        shown = now
    assert page.locator(".ca-msg-error").count() == 0, page.inner_text(".ca-w-message")


#: What to click, in order of preference, to finish Ada's turn once her attempt is declared.
_TURN_BUTTONS = (
    ".ca-action-cast",
    ".ca-action-draw",
    ".ca-action-ally",
    ".ca-action-pass",
    ".ca-action-end",
)


def test_browser_plays_a_full_turn_with_the_widget(voila_url: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "browser-turn.png"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            # Nothing leaves the machine: requests off localhost (Voilà's template fonts) are refused.
            page.route(
                "**/*",
                lambda route: route.continue_() if route.request.url.startswith(voila_url) else route.abort(),
            )
            page.goto(voila_url, timeout=60_000)
            page.wait_for_selector(".ca-w-status", timeout=90_000)
            page.wait_for_selector(".ca-action", timeout=30_000)
            start = _status(page)
            assert start["to_move"] == "Ada" and "phase play" in start["text"], start

            # An illegal action typed in is shown in the widget, and the game is unchanged.
            page.locator(".ca-w-notation input").fill("journey Nowhere")
            page.locator(".ca-w-do").click()
            error = page.wait_for_selector(".ca-msg-error", timeout=30_000)
            assert "Illegal action journey Nowhere" in error.inner_text()
            assert _status(page)["step"] == start["step"]

            # The attempt panel shows the live odds, then declares the attempt.
            odds = page.inner_text(".ca-w-odds")
            assert "to overcome" in odds and "P(success)" in odds
            _click_and_wait(page, ".ca-w-attempt")
            expect(page.locator(".ca-w-log")).to_contain_text("attempts")
            expect(page.locator(".ca-w-attempt-view")).to_contain_text("Rune pool")

            # Cast, choose, pass and end until the bot has played its turn and Ada is to move again.
            for _ in range(30):
                now = _status(page)
                if int(now["turn"]) > int(start["turn"]) + 1 and now["to_move"] == "Ada":
                    break
                choice = next((sel for sel in _TURN_BUTTONS if page.locator(sel).count()), None)
                assert choice is not None, f"no button to finish the turn: {now['text']}"
                _click_and_wait(page, choice)
            end = _status(page)
            assert int(end["turn"]) == int(start["turn"]) + 2 and end["to_move"] == "Ada", end
            assert int(end["step"]) > int(start["step"]) + 3
            expect(page.locator(".ca-w-log")).to_contain_text(f"turn {end['turn']} begins")
            expect(page.locator(".ca-w-message")).to_contain_text("the bots played")
            expect(page.locator(".ca-w-timeline")).to_contain_text(end["step"])
            page.set_viewport_size({"width": 1400, "height": 2400})  # Voilà scrolls inside the page
            page.wait_for_timeout(300)
            page.screenshot(path=str(shot), full_page=True)
            missing, checked = missing_glyphs(page)  # every icon shows, none as a box
            assert checked >= 3 and not missing, f"characters drawn as a box: {missing}"
        finally:
            browser.close()
    assert shot.stat().st_size > 10_000
