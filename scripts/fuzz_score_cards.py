"""Hostile-input fuzzing of score cards (``calladventure score --file``): the kind ``score-card``.

    python scripts/fuzz_files.py --kinds score-card --count 5000

Each file is a mutation of ``examples/score-card.toml``: the tree mutations of ``fuzz_files.py``
(values of the wrong type, huge and boundary numbers, ids that are paths, unknown and deleted
keys, repeated heroes, deep nesting, huge strings and lists) and score-card ones (a count of
``10**7``, ``1e8``, ``2**63 - 1``, a negative or fractional count, ``level`` beside ``corruption``,
an ability counted as a story icon, an escape or a 5,000-character name, no heroes, 40 heroes),
and the byte mutations. Each is read by the reader ``score --file`` uses
(:func:`calladventure.play._score_file.score_card_file`) and must either be accepted (then every
score passes an independent check: whole totals within what a box can hold, names of one line of at most
``MAX_NAME`` characters without control characters) or raise one clear error
(:class:`~calladventure.CardDataError` or ``ScoreCardError``) naming the file. Anything else is
counted as in ``fuzz_files.py``: a traceback, a silent acceptance, a hang, a file written; the
peak memory of the process is printed by ``fuzz_files.py``.
"""

from __future__ import annotations

import random
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any

from fuzz_files import (
    EITHER,
    INVALID,
    TREE_MUTATIONS,
    VALID,
    Hang,
    Report,
    byte_mutation,
    dumps,
    snapshot,
    time_limit,
)

from calladventure.play._score_file import score_card_file
from calladventure.play._scorecard import MAX_NAME, MOST, ScoreCardError
from calladventure.values._errors import CardDataError
from calladventure.values._score import Score

KINDS = ("score-card",)
BASE = Path(__file__).resolve().parent.parent / "examples" / "score-card.toml"
#: The most bits a hero's total can have: a set of every icon a box can hold scores 2 ** (n - 1)
#: (000 · Story Icons), and every other count adds far less than doubling it.
MOST_BITS = MOST["icons"] + 16


def _hero(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    return rng.choice(doc["heroes"])  # type: ignore[no-any-return]


def m_score_card(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str]:
    """A mutation only a score card has: (name, expectation)."""
    choice = rng.randrange(9)
    bo = doc["heroes"][1]
    if choice == 0:
        bo["icons"]["arcana"] = rng.choice([10**7, 10**8, 2**63 - 1, 10**400])
        return "huge icon count", INVALID
    if choice == 1:
        bo[rng.choice(["triumph", "tragedy", "heroes_played"])] = rng.choice([-1, 1.5, float("nan"), 10**9])
        return "impossible count", INVALID
    if choice == 2:
        doc["heroes"][0]["level"] = "Corruption 1"
        return "level and corruption", INVALID
    if choice == 3:
        bo["icons"] = {rng.choice(["strength", "wisdom", "virtue", "hero"]): 3}
        return "not a story icon", INVALID
    if choice == 4:
        _hero(rng, doc)["name"] = rng.choice(["\x1b[2J", "A\x07da", "x" * 5000, "", "Ada\nBo"])
        return "hostile name", INVALID
    if choice == 5:
        doc["heroes"] = rng.choice([[], [doc["heroes"][1]] * 40])
        return "hero count", INVALID
    if choice == 6:
        doc["sets"] = rng.choice([["../cards/core"], [], ["nosuchset"], "core"])
        return "bad sets", INVALID
    if choice == 7:
        doc["rules"] = {rng.choice(["icon_sets", "nosuchoption"]): rng.choice(["nosuchvalue", 3, True])}
        return "bad rules option", INVALID
    bo["icons"] = {"arcana": rng.randint(0, 12), "justice": rng.randint(0, 12)}
    return "plausible icons", VALID


def variant(rng: random.Random) -> tuple[bytes, str, str]:
    """One hostile score card: (bytes, mutation name, expectation)."""
    data = BASE.read_bytes()
    if rng.random() < 0.25:
        return byte_mutation(rng, data)
    doc = tomllib.loads(data.decode("utf-8"))
    if rng.random() < 0.5:
        name, expect = m_score_card(rng, doc)
        return dumps(doc).encode("utf-8"), name, expect
    for _ in range(8):
        result = rng.choice(TREE_MUTATIONS)(rng, doc)
        if result is not None:
            name, expect = result
            return dumps(doc).encode("utf-8"), name, EITHER if expect == INVALID else expect
    return dumps(doc).encode("utf-8"), "rewritten unchanged", VALID


def score_problems(scores: tuple[Score, ...]) -> list[str]:
    """What is wrong with accepted scores, checked independently of the reader."""
    out: list[str] = []
    for score in scores:
        if not isinstance(score.total, int) or score.total.bit_length() > MOST_BITS:
            out.append(f"{score.name[:20]!r}: total {score.total!r:.40} is beyond what a box can hold")
        if not 0 < len(score.name) <= MAX_NAME or not score.name.isprintable():  # a newline is not printable
            out.append(
                f"name {score.name[:20]!r} is empty, over {MAX_NAME} characters or has control characters"
            )
    return out


def check_one(report: Report, label: str, target: Path, expect: str, limit: float) -> None:
    report.tried += 1
    before = snapshot(target.parent)
    start = time.perf_counter()
    try:
        with time_limit(limit):
            _card, scores = score_card_file(target)
    except Hang:
        report.hangs.append(f"{label}: over {limit} s")
        return
    except (CardDataError, ScoreCardError) as err:
        if str(target) not in str(err) or "unexpected" in str(err):
            report.tracebacks.append(f"{label}: the error does not name {target}: {str(err)[:200]}")
        elif expect == VALID:
            report.wrong_refusals.append(f"{label}: {str(err)[:300]}")
        else:
            report.clear += 1
        return
    except BaseException as exc:  # anything else is a traceback a user would see
        report.tracebacks.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
        return
    finally:
        if snapshot(target.parent) != before:
            report.writes.append(label)
    if time.perf_counter() - start > limit:
        report.hangs.append(f"{label}: loaded, but after the time limit")
    problems = score_problems(scores)
    if expect == INVALID or problems:
        report.silent.append(f"{label}: accepted ({'; '.join(problems[:3]) or 'made invalid'})")
    else:
        report.loaded += 1


def run(count: int, seed: int = 1, limit: float = 5.0, kinds: tuple[str, ...] = KINDS) -> Report:
    """Generate and read ``count`` hostile score cards; the report (``kinds``: only ``score-card``)."""
    assert kinds == KINDS, kinds
    rng = random.Random(seed)
    report = Report()
    with tempfile.TemporaryDirectory(prefix="calladventure-fuzz-score-") as tmp:
        for i in range(count):
            data, name, expect = variant(rng)
            report.by_mutation[name] += 1
            target = Path(tmp) / f"{i}.toml"
            target.write_bytes(data)
            try:
                check_one(report, f"#{i} score-card [{name}]", target, expect, limit)
            finally:
                target.unlink()
    return report


__all__ = ["KINDS", "run", "score_problems"]
