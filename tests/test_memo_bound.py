"""Every write to a context's memo goes through ``Context.remember``, so its bound holds (rules/_context.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from calladventure import Game
from calladventure.rules import _context as context

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


def test_a_table_of_the_memo_is_emptied_when_full() -> None:
    ctx = Game.new(seed=1, players=2).ctx
    table = ctx.table("a test's table")
    assert ctx.table("a test's table") is table
    assert ctx.memo["a test's table"] is table
    for i in range(context.TABLE_BOUND):
        ctx.keep(table, i, str(i))
    assert len(table) == context.TABLE_BOUND
    assert ctx.keep(table, "kept", 7) == 7
    assert table == {"kept": 7}


def test_stories_and_hands_are_kept_in_bounded_tables() -> None:
    """A whole game keeps at most TABLE_BOUND Stories and hands (rules/_story.py, rules/_plays.py)."""
    game = Game.new(seed=3, players=4, record_events=False)
    chooser = random.Random(3)
    while not game.over:
        game.push(chooser.choice(game.legal_list()))
    for name in ("shown", "candidates"):
        assert 0 < len(game.ctx.table(name)) <= context.TABLE_BOUND
    assert not any(
        isinstance(key, tuple) and key[:1] in (("shown",), ("candidates",)) for key in game.ctx.memo
    )
