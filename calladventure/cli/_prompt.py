"""Reading a line at the terminal game's prompt: history and completion of the action notation.

On a terminal the prompt is prompt_toolkit's (line editing, history with the arrow keys, Tab
completion of the commands and of the legal actions' notation). Without a terminal (piped
input), without prompt_toolkit, or with ``CALLADVENTURE_PROMPT=basic``, it is Python's
``input`` (with GNU readline's history and Tab completion where the platform has it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

__all__ = ["Reader", "make_reader"]

#: Reads one line after showing the prompt; raises EOFError at end of input, KeyboardInterrupt on Ctrl-C.
Reader = Callable[[str], str]


def _wanted() -> bool:
    """Whether prompt_toolkit should read: both ends on a terminal and not asked for the basic prompt."""
    if os.environ.get("CALLADVENTURE_PROMPT", "").lower() == "basic":
        return False
    return sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM", "") != "dumb"


def _toolkit(words: Callable[[], Iterable[str]]) -> Reader | None:
    try:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import Completer, Completion
        from prompt_toolkit.history import InMemoryHistory
    except ImportError:
        return None

    class _Words(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            typed = document.text_before_cursor.lstrip().casefold()
            for word in words():
                if word.casefold().startswith(typed) and word.casefold() != typed:
                    yield Completion(word, start_position=-len(document.text_before_cursor.lstrip()))

    session: PromptSession[str] = PromptSession(
        history=InMemoryHistory(), completer=_Words(), complete_while_typing=False
    )

    def read(prompt: str) -> str:
        text: str = session.prompt(prompt)
        return text

    return read


def _basic(words: Callable[[], Iterable[str]]) -> Reader:
    try:
        import readline
    except ImportError:  # pragma: no cover - platforms without GNU readline
        return input
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        if state == 0:  # no delimiters: ``text`` is the whole line typed so far
            matches[:] = [w for w in words() if w.casefold().startswith(text.casefold())]
        return matches[state] if state < len(matches) else None

    if sys.stdin.isatty():
        readline.set_completer(complete)
        readline.set_completer_delims("")
        readline.parse_and_bind("tab: complete")
    return input


def make_reader(words: Callable[[], Iterable[str]]) -> Reader:
    """The best line reader here; ``words()`` gives what Tab may complete at each prompt."""
    if _wanted():
        reader = _toolkit(words)
        if reader is not None:
            return reader
    return _basic(words)
