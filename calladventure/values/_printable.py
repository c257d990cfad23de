"""Text read from data, made safe for a terminal: control characters are shown, never obeyed.

A player's name in a save, a hero's name on a score card, a card's name in a card file: any of
them may hold control characters (an escape sequence such as ``ESC[2J`` clears the screen).
:func:`printable` shows each as a visible mark instead (``ESC`` as ``␛``, the other C0
characters and DEL as their Unicode control pictures, C1 characters as ``�``), keeping only the
line breaks and tabs that lay text out; :func:`controls` lists the ones a text holds, for the
files that refuse them.
"""

from __future__ import annotations

__all__ = ["controls", "printable"]

#: Each control character's visible mark: C0 and DEL by their control pictures (U+2400 …), C1 as U+FFFD.
_MARKS = {
    **{code: chr(0x2400 + code) for code in range(0x20) if chr(code) not in "\n\t"},
    0x7F: "\u2421",
    **dict.fromkeys(range(0x80, 0xA0), "\ufffd"),
}


def _text(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise TypeError(f"{what}() takes a str, not {type(text).__name__}")
    return text


def printable(text: str) -> str:
    """``text`` with every control character but line breaks and tabs shown as a visible mark."""
    return _text(text, "printable").translate(_MARKS)


def controls(text: str) -> tuple[str, ...]:
    """The control characters in ``text`` that :func:`printable` marks, each once, in order (as ``\\x1b``)."""
    found = dict.fromkeys(c for c in _text(text, "controls") if ord(c) in _MARKS)
    return tuple(f"\\x{ord(c):02x}" for c in found)
