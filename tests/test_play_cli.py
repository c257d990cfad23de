"""``calladventure play`` driven end to end through a pseudo-terminal, as a player would type at it.

The game runs as a real process on a pty (``pty.fork``): the test waits for each prompt, types bad
input, a choice, undo, a save and quit, and checks what the terminal shows and the exit status.
"""

from __future__ import annotations

import os
import re
import select
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from calladventure import Game

pty = pytest.importorskip("pty")
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\r")
ROOT = Path(__file__).resolve().parents[1]


class Terminal:
    """A child process on a pty: read what it shows, type lines at it."""

    def __init__(self, pid: int, fd: int):
        self.pid = pid
        self.fd = fd
        self.seen = ""  # everything shown so far, without colours
        self.mark = 0  # what has already been matched

    def read_until(self, pattern: str, timeout: float = 60.0) -> str:
        """Wait until ``pattern`` shows after the last match; return the text shown up to it."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            m = regex.search(self.seen, self.mark)
            if m is not None:
                text = self.seen[self.mark : m.end()]
                self.mark = m.end()
                return text
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(
                    f"timed out waiting for {pattern!r}; the screen ends with:\n{self.seen[-3000:]}"
                )
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the game ended before {pattern!r} showed:\n{self.seen[-3000:]}")
                self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))

    def type(self, line: str) -> None:
        os.write(self.fd, (line + "\n").encode())

    def exit_status(self, timeout: float = 30.0) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                while select.select([self.fd], [], [], 0.1)[0]:
                    chunk = os.read(self.fd, 65536)
                    if not chunk:
                        break
                    self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
        raise AssertionError("the game did not exit")


@contextmanager
def terminal(*args: str, cwd: Path, prompt: str = "basic") -> Iterator[Terminal]:
    """``calladventure play`` on a pty; ``prompt``: "basic" (input, as piped input gets) or "toolkit"
    (prompt_toolkit, as a terminal gets; it redraws the line, so wait for what the game prints)."""
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "140", "LINES": "50", "TERM": "xterm"}
    env["CALLADVENTURE_PROMPT"] = prompt
    env["PROMPT_TOOLKIT_NO_CPR"] = "1"  # nobody answers the cursor-position query on this pty
    pid, fd = pty.fork()
    if pid == 0:  # the child: the game, its stdin and stdout on the pty
        os.chdir(cwd)
        os.execvpe(sys.executable, [sys.executable, "-m", "calladventure", "play", *args], env)
    term = Terminal(pid, fd)
    try:
        yield term
    finally:
        try:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


PROMPT = r"P1> "


def test_play_in_a_terminal_bad_input_a_choice_undo_save_and_quit(tmp_path: Path) -> None:
    with terminal("--seats", "human,greedy", "--seed", "3", cwd=tmp_path) as t:
        screen = t.read_until(PROMPT)
        assert "P1 human, P2 greedy" in screen
        assert "Waiting for P1 to keep one of the dealt Origin cards" in screen
        origins = re.findall(r"^\s*\d+\. keep (.+?)\s*$", screen, flags=re.M)
        assert len(origins) == 2, screen

        t.type("dance a jig")  # not a number, not a command, not an action
        shown = t.read_until(PROMPT)
        assert "error: illegal action dance a jig: not a known action" in shown
        assert "Traceback" not in shown

        t.type("7")
        assert "error: there is no action 7: choose 1 to 2" in t.read_until(PROMPT)

        t.type("1")  # keep the first Origin
        shown = t.read_until(PROMPT)
        assert "keeps an Origin" in shown  # face down until every hero has kept (000 · Reveal Your Character)
        assert "Waiting for P1 to keep one of the dealt Motivation cards" in shown

        t.type("u")  # take it back: the Origin choice again
        shown = t.read_until(PROMPT)
        assert f"undone: keep {origins[0]}" in shown
        assert "Waiting for P1 to keep one of the dealt Origin cards" in shown

        t.type("u")  # nothing left to undo
        assert "error: nothing to undo" in t.read_until(PROMPT)

        for choice in ("2", "1", "1"):  # the other Origin, then a Motivation and a Destiny
            t.type(choice)
            shown = t.read_until(PROMPT)
        assert "keeps an Origin" in t.seen
        # P2 (greedy) chose by itself; now P1's first turn shows the exact odds of every attempt.
        assert "P2: keeps" in t.seen
        assert "main action" in shown
        assert re.search(r"attempt .+ top\s+\(\d+\.\d\d% to succeed\)", shown), shown

        t.type("o")
        assert "Exact odds (000 · Rune Probability)" in t.read_until(PROMPT)

        t.type("s my-game.json")
        assert "saved the game: my-game.json" in t.read_until(PROMPT)
        t.type("s here.toml")
        assert "saved this position as a scenario: here.toml" in t.read_until(PROMPT)

        t.type("q")
        t.read_until("bye")
        assert t.exit_status() == 0

    saved = Game.load(tmp_path / "my-game.json")
    assert len(saved.history) == 6  # three keeps for each hero
    from calladventure.play.scenario import Scenario

    result = Scenario.load(tmp_path / "here.toml").run()
    assert result.ok and result.game.state == saved.state


def test_play_to_the_end_with_a_bot_and_load_a_saved_game(tmp_path: Path) -> None:
    game = Game.new(players=2, seed=11)
    game.save(tmp_path / "start.json")
    with terminal("--seats", "greedy,random", "--seed", "11", cwd=tmp_path) as t:
        screen = t.read_until(r"game over> ", timeout=120)
        assert "Winner" in screen
        t.type("u")  # no human seat: nothing of ours to undo
        assert "error: nothing to undo" in t.read_until(r"game over> ")
        t.type("l start.json")  # the bots play the loaded game to its end, then ask again
        shown = t.read_until(r"game over> ", timeout=120)
        assert "loaded start.json: 0 actions" in shown and "Winner" in shown
        t.type("q")
        t.read_until("bye")
        assert t.exit_status() == 0


def test_play_end_of_input_quits_cleanly(tmp_path: Path) -> None:
    with terminal("--seats", "human", "--players", "1", cwd=tmp_path) as t:
        t.read_until(PROMPT)
        os.write(t.fd, b"\x04")  # Ctrl-D: end of input
        t.read_until("bye")
        assert t.exit_status() == 0


# ----------------------------------------------------------------------------- odd input, interruptions


def test_play_a_whole_game_at_the_prompt_toolkit_prompt_with_auto_pass(tmp_path: Path) -> None:
    """000 · Each Turn: a human seat plays a whole game against a bot; with auto-pass (the default)
    it is asked only for real decisions, sees a compact status line at each, and its casts are made.
    Under full stops (every seat asked at every priority point) auto-pass is what passes the
    windows where P1 has nothing to play."""
    args = ("--seats", "human,greedy", "--seed", "5", "--rule", "stops=every_seat")
    with terminal(*args, cwd=tmp_path, prompt="toolkit") as t:
        prompts = 0
        while True:
            status = t.read_until(r"Waiting for|The game is over", timeout=120)
            shown = t.read_until(r"(P1>|game over>)", timeout=120)
            if "game over>" in shown:
                break
            assert re.search(r"Turn \d+ · P\d's turn · step \d+\s+P1: Act", status), status
            prompts += 1
            assert prompts < 80, "the game should end within 80 decisions"
            t.type("1")
        assert "Winner" in t.seen and "Traceback" not in t.seen
        assert "P1 passes: nothing to play in this window" in t.seen  # a window where P1 had nothing
        assert "P1 casts the runes" in t.seen  # its casts are made for it
        assert not re.search(r"cast \d( \d)+", t.seen)  # faces by name, never the notation
        t.type("q")
        t.read_until("bye")
        assert t.exit_status() == 0


def test_play_ctrl_c_offers_to_save_then_quits(tmp_path: Path) -> None:
    with terminal("--seats", "human,greedy", "--seed", "3", cwd=tmp_path) as t:
        t.read_until(PROMPT)
        t.type("1")
        t.read_until(PROMPT)
        # Ctrl-C. A SIGINT that lands just before input() blocks can wait for the next key (a race
        # of Python's readline, not of the game): press it again, as a player would, until it shows.
        for attempt in range(10):
            os.write(t.fd, b"\x03")
            try:
                t.read_until(r"Save the game first\?.*\n.*save as> ", timeout=3)
                break
            except AssertionError:
                if attempt == 9:
                    raise
        t.type("interrupted")
        shown = t.read_until("bye")
        assert "saved the game: interrupted.json" in shown
        assert t.exit_status() == 0
    assert len(Game.load(tmp_path / "interrupted.json").history) >= 1


def test_play_odd_input_keeps_the_game(tmp_path: Path) -> None:
    """Non-ASCII digits, a corrupt save and a bad scenario are one line each; the game goes on."""
    (tmp_path / "bad.json").write_text('{"format": "calladventure.save/1", "config": {}}', encoding="utf-8")
    (tmp_path / "bad.toml").write_text("this is not [toml", encoding="utf-8")
    with terminal("--seats", "human,greedy", "--seed", "3", cwd=tmp_path) as t:
        t.read_until(PROMPT)
        for line, needle in (
            ("²", "error: illegal action ²"),
            ("١", "error: illegal action ١"),
            ("l bad.json", "error: "),
            ("l bad.toml", "error: "),
            ("l missing.json", "error: "),
            ("s", "error: write s FILE"),
        ):
            t.type(line)
            shown = t.read_until(PROMPT)
            assert needle in shown and "Traceback" not in shown, shown
        t.type("s kept")
        assert "saved the game: kept.json" in t.read_until(PROMPT)
        t.type("q")
        t.read_until("bye")
        assert t.exit_status() == 0
    assert Game.load(tmp_path / "kept.json").history == ()
