"""Every write to a context's memo goes through ``Context.remember``, so its bound holds (rules/context.py)."""

from __future__ import annotations

import re
from pathlib import Path

from calladventure import Game
from calladventure.rules import context

PACKAGE = Path(context.__file__).resolve().parents[1]
_WRITE = re.compile(r"\.memo\[[^\]\n]*\]\s*=(?!=)|\.memo\.(setdefault|update)\(")


def test_no_module_writes_the_memo_but_remember() -> None:
    writes = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in PACKAGE.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _WRITE.search(line)
    ]
    assert writes == []


def test_remember_empties_a_full_memo_first() -> None:
    ctx = Game.new(seed=1, players=2).ctx
    ctx.memo.clear()
    for i in range(context.MEMO_BOUND):
        ctx.memo[("filler", i)] = i
    assert ctx.remember("kept", 7) == 7
    assert ctx.memo == {"kept": 7}
