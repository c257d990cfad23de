"""Hostile-input fuzzing of the data files: card files, card sets, rune sets, tracks, Worldspanner decks and factions.

    python scripts/fuzz_files.py                    # 5,000 files, seed 1
    python scripts/fuzz_files.py --count 20000 --seed 7 --time-limit 5
    python scripts/fuzz_files.py --kinds journal,table-csv,table-parquet   # a study's files
    python scripts/fuzz_files.py --kinds score-card                        # score cards

A study's journals and results tables are fuzzed by ``scripts/fuzz_study_files.py`` (the kinds
``journal``, ``table-csv`` and ``table-parquet``), score cards by ``scripts/fuzz_score_cards.py``
(the kind ``score-card``), with the same assertions and the peak memory printed (at most
``MAX_PEAK_MB``, else exit status 1).

Every file is a mutation of a bundled one: values of the wrong type, numbers out of range, ids
that are paths, unknown keys, deleted keys, duplicated entries and ids (``copies`` included),
deep nesting, huge strings, lists and files, a byte-order mark, invalid UTF-8, UTF-16, NUL
bytes, truncation and flipped bytes. Each is loaded by the loader of its format, and must
either load (and then be valid by an independent check of ids, ranges and hook parameters)
or raise exactly one :class:`~calladventure.CardDataError` whose message names the
file. Anything else is counted: a traceback (any other exception), a silent acceptance (a
file made invalid that loaded, or a loaded value that breaks a rule), a hang (past the time
limit), a file the loader wrote. The run prints one summary line::

    files tried: 5000, clear errors: 4100, tracebacks: 0, silent acceptances: 0, hangs: 0 (...)

and exits with status 1 if anything but loads and clear errors happened. ``tests/test_fuzz_files.py``
runs a bounded sample in the fast tests and a larger run in the slow ones. Only the standard
library and calladventure are needed.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import datetime
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from calladventure.data import (
    CARD_RULES,
    TRACK_RULES,
    CardEntry,
    data_root,
    is_id,
    load_card_file,
    load_card_set,
    load_rune_set,
    load_track,
    rule_problems,
)
from calladventure.data import _limits as L
from calladventure.data._structure import rule_problem
from calladventure.values import _effects as fx
from calladventure.values._cards import Card, CardSet
from calladventure.values._errors import CardDataError
from calladventure.values._hooks import hook_spec
from calladventure.values._icons import ABILITIES
from calladventure.values._runes import RuneSet
from calladventure.values._track import Track
from calladventure.worldspanner import ChallengeDeck, FactionTable, load_deck, load_factions
from calladventure.worldspanner._deck import MAX_DOME

INVALID, EITHER, VALID = "invalid", "either", "valid"
HOSTILE_IDS = (
    "../x",
    "/etc/passwd",
    "a b",
    "é",
    "Upper",
    "",
    "x" * 65,
    "a/b",
    "C:\\x",
    "a\x00b",
    "core.toml",
    "#2",
)


# ============================================================================ a small TOML writer


def _key(k: str) -> str:
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return (
            "nan" if v != v else ("inf" if v == float("inf") else "-inf" if v == float("-inf") else repr(v))
        )
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, datetime.date | datetime.time):
        return v.isoformat()
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)


def dumps(doc: dict[str, Any]) -> str:
    """TOML text for a document: scalars first, then ``[tables]`` and ``[[arrays of tables]]`` (inline inside)."""
    out = [f"{_key(k)} = {_value(v)}" for k, v in doc.items() if not _is_table(v) and not _is_table_array(v)]
    for k, v in doc.items():
        if _is_table(v):
            out += ["", f"[{_key(k)}]", *(f"{_key(a)} = {_value(b)}" for a, b in v.items())]
        elif _is_table_array(v):
            for item in v:
                out += ["", f"[[{_key(k)}]]", *(f"{_key(a)} = {_value(b)}" for a, b in item.items())]
    return "\n".join(out) + "\n"


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


# ============================================================================ the corpus


@dataclass(frozen=True)
class Base:
    """A bundled file to mutate: its format, where it lives, and the set folder it belongs to (set mode)."""

    kind: str  # cards, set, runes, track, deck, factions
    path: Path
    set_folder: Path | None = None


def bases(root: Path) -> list[Base]:
    out: list[Base] = []
    for set_toml in sorted(root.glob("*/set.toml")):
        folder = set_toml.parent
        out.append(Base("set", set_toml, folder))
        for f in sorted(folder.glob("*.toml")):
            if f.name != "set.toml":
                out.append(Base("cards", f))
                out.append(Base("set", f, folder))
    out += [Base("runes", f) for f in sorted((root / "runes").glob("*.toml"))]
    out += [Base("track", f) for f in sorted((root / "tracks").glob("*.toml"))]
    out.append(Base("deck", root / "worldspanner" / "default-deck.toml"))
    out.append(Base("factions", root / "worldspanner" / "factions.toml"))
    return out


Path_ = tuple[str | int, ...]


def _walk(doc: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _walk(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _walk(v, (*path, i))


def _set(doc: Any, path: Path_, value: Any) -> None:
    for part in path[:-1]:
        doc = doc[part]
    doc[path[-1]] = value


def _get(doc: Any, path: Path_) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _other_type(rng: random.Random, value: Any) -> Any:
    choices: list[Any] = ["3", 3, 3.9, True, {"a": 1}, [1, "x"], datetime.date(1979, 5, 27), float("nan")]
    if isinstance(value, bool):
        choices = ["false", 0, 1, "yes", [True]]
    elif isinstance(value, int):
        choices = [str(value), float(value), True, [value], {"v": value}]
    elif isinstance(value, str):
        choices = [1, True, [value], {"a": value}, datetime.date(2020, 1, 1), 2.5]
    elif isinstance(value, float):
        choices = [1, "1.0", True]
    return rng.choice(choices)


Mutation = Callable[[random.Random, dict[str, Any]], tuple[str, str] | None]  # -> (name, expectation)


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return rng.choice(items) if items else None


def m_wrong_type(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    leaves = [p for p, v in _walk(doc) if p and not isinstance(v, dict | list)]
    path = _pick(rng, leaves)
    if path is None:
        return None
    _set(doc, path, _other_type(rng, _get(doc, path)))
    return "wrong type", INVALID


def m_huge_number(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    ints = [p for p, v in _walk(doc) if isinstance(v, int) and not isinstance(v, bool)]
    path = _pick(rng, ints)
    if path is None:
        return None
    _set(doc, path, rng.choice([2**63 - 1, -(2**63), 10**23, -(10**6) - 1, 10**6 + 1, 10**4000]))
    return "huge number", INVALID


def m_negative(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    ints = [p for p, v in _walk(doc) if isinstance(v, int) and not isinstance(v, bool)]
    path = _pick(rng, ints)
    if path is None:
        return None
    _set(doc, path, rng.choice([-1, -2, -5, -21, 0, 21, 31, 100]))
    return "number at a boundary", EITHER


def m_bad_id(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    ids = [
        p
        for p, v in _walk(doc)
        if isinstance(v, str)
        and p
        and (p[-1] in ("id", "runes", "track") or (len(p) > 1 and p[-2] == "opposing"))
    ]
    path = _pick(rng, ids)
    if path is None:
        return None
    bad = rng.choice([*HOSTILE_IDS, str(data_root() / "runes" / "core.toml")])
    _set(doc, path, bad)
    return "id that is a path or not an id", INVALID


def m_unknown_key(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    table = _pick(rng, [p for p, v in _walk(doc) if isinstance(v, dict)])
    if table is None:
        return None
    _get(doc, table)["zz_unknown"] = rng.choice([1, "x", True])
    return "unknown key", INVALID


def m_delete_key(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    keys = [p for p, v in _walk(doc) if p and isinstance(p[-1], str)]
    path = _pick(rng, keys)
    if path is None:
        return None
    del _get(doc, path[:-1])[path[-1]]
    return "deleted key", EITHER


def m_duplicate_entry(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    for key in ("cards", "factions"):
        entries = doc.get(key)
        if isinstance(entries, list) and entries and all(isinstance(e, dict) and "id" in e for e in entries):
            entries.append(copy.deepcopy(rng.choice(entries)))
            return "duplicated entry", INVALID
    return None


def m_copies(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    entries = doc.get("cards")
    if not isinstance(entries, list) or not entries or not all(isinstance(e, dict) for e in entries):
        return None
    rng.choice(entries)["copies"] = rng.choice([10**8, 0, -1, L.MAX_COPIES + 1, 2**31])
    return "copies out of range", INVALID


def m_copy_id_collision(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    entries = doc.get("cards")
    if (
        not isinstance(entries, list)
        or len(entries) < 2
        or not all(isinstance(e, dict) and "id" in e for e in entries)
    ):
        return None
    a, b = rng.sample(entries, 2)
    if not isinstance(a.get("id"), str):
        return None
    a["copies"] = 2
    b["id"] = f"{a['id']}#2"
    return "id colliding with a copy", INVALID


def m_deep(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    leaves = [p for p, v in _walk(doc) if p and not isinstance(v, dict | list)]
    path = _pick(rng, leaves)
    if path is None:
        return None
    value: Any = _get(doc, path)
    for _ in range(rng.choice([L.MAX_NESTING + 1, 60, 150])):  # deeper: see byte_mutation
        value = [value] if rng.random() < 0.7 else {"a": value}
    _set(doc, path, value)
    return "deep nesting", INVALID


def m_huge_string(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    strings = [p for p, v in _walk(doc) if isinstance(v, str) and p]
    path = _pick(rng, strings)
    if path is None:
        return None
    _set(doc, path, rng.choice("xé✺") * rng.choice([L.MAX_TEXT_LENGTH + 1, 100_000]))
    return "huge string", INVALID


def m_huge_list(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    lists = [p for p, v in _walk(doc) if p and isinstance(v, list) and v and not isinstance(v[0], dict)]
    path = _pick(rng, lists)
    if path is None:
        return None
    first = _get(doc, path)[0]
    _set(doc, path, [first] * rng.choice([L.MAX_ARRAY_LENGTH + 1, 20_000]))
    return "huge list", INVALID


TREE_MUTATIONS: list[Mutation] = [
    m_wrong_type,
    m_wrong_type,
    m_huge_number,
    m_negative,
    m_negative,
    m_bad_id,
    m_unknown_key,
    m_delete_key,
    m_delete_key,
    m_duplicate_entry,
    m_copies,
    m_copy_id_collision,
    m_deep,
    m_huge_string,
    m_huge_list,
]


def invalid_utf8(rng: random.Random, data: bytes, at: int, samples: list[bytes]) -> bytes:
    """``data`` with one of ``samples`` (byte sequences that are not UTF-8) inserted at ``at``."""
    return data[:at] + rng.choice(samples) + data[at:]


def flipped_bytes(rng: random.Random, data: bytes) -> bytes:
    """``data`` with one to four bytes replaced by random ones."""
    flipped = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if flipped:
            i = rng.randrange(len(flipped))
            flipped[i] = rng.randrange(256)
    return bytes(flipped)


def byte_mutation(rng: random.Random, data: bytes) -> tuple[bytes, str, str]:
    """A mutation of the file's bytes: (new bytes, name, expectation)."""
    at = rng.randrange(len(data) + 1)
    choice = rng.randrange(10)
    if choice == 0:
        return b"\xef\xbb\xbf" + data, "byte-order mark", VALID
    if choice == 1:
        return data + b"\n# a comment [[ { \"'\n", "trailing comment", VALID
    if choice == 2:
        return (
            invalid_utf8(rng, data, at, [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe2\x82"]),
            "invalid UTF-8",
            INVALID,
        )
    if choice == 3:
        return data.decode("utf-8").encode("utf-16"), "UTF-16", INVALID
    if choice == 4:
        return data[:at] + b"\x00" + data[at:], "NUL byte", INVALID
    if choice == 5:
        return data + b"#" * (L.MAX_FILE_BYTES + 1), "huge file", INVALID
    if choice == 6:
        depth = rng.choice([L.MAX_NESTING + 1, 1000, 100_000])
        opener = rng.choice(["[", "{a = "])
        closer = "]" if opener == "[" else "}"
        return (
            data + f"\nzz_deep = {opener * depth}1{closer * depth}\n".encode(),
            "deep inline nesting",
            INVALID,
        )
    if choice == 7:
        return data[:at], "truncated", EITHER
    if choice == 8:
        return flipped_bytes(rng, data), "flipped bytes", EITHER
    return data + b"\n" + b"zz = 9" * 3 + b"\n", "garbage line", INVALID


# ============================================================================ the oracle


def _card_problems(cards: list[Card]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    entry_fields = ("act", "difficulty", "cost_xp", "start_virtue", "text")
    for card in cards:
        if card.id in seen:
            out.append(f"{card.id}: two cards share this id")
        seen.add(card.id)
        _set_id, _, local = card.id.partition("/")
        base, _, copy_no = local.partition("#")
        if not is_id(base) or (copy_no and not (copy_no.isdigit() and 2 <= int(copy_no) <= L.MAX_COPIES)):
            out.append(f"{card.id}: not an id")
        for name in entry_fields:
            problem = (
                rule_problem(getattr(card, name), CARD_RULES[CardEntry, name])
                if getattr(card, name) is not None
                else None
            )
            if problem:
                out.append(f"{card.id}.{name}: {problem}")
        out += [f"{card.id}.{f}: {p}" for f, p in rule_problems(card, CARD_RULES)]
        effects = [e for p in card.powers for e in p.effects] + [
            e for path in card.paths for p in path.powers for e in p.effects
        ]
        effects += list(card.play.effects) if card.play else []
        for e in effects:
            if isinstance(e, fx.Hook):
                out += [f"{card.id}: hook {e.name} {k}: {p}" for k, p in hook_spec(e.name).problems(e.params)]
    return out


def value_problems(value: Any) -> list[str]:
    """An independent check of a loaded value: ids, ranges, counts and hook parameters."""
    if isinstance(value, CardSet):
        extra = [] if is_id(value.id) and len(value.cards) <= L.MAX_CARDS_PER_SET else [f"set {value.id!r}"]
        return extra + _card_problems(list(value.cards))
    if isinstance(value, list):
        return _card_problems(value)
    if isinstance(value, RuneSet):
        out = (
            []
            if is_id(value.id) and len(value.core) == 3 and set(value.ability) == set(ABILITIES)
            else ["rune set shape"]
        )
        for rune in value.all_runes():
            out += [] if is_id(rune.id) else [f"rune id {rune.id!r}"]
            for face in rune.faces:
                if not (0 <= face.successes <= 5 and 0 <= face.xp <= 3 and 0 <= face.corruption <= 3):
                    out.append(f"{rune.id}: face {face.name} out of range")
        return out
    if isinstance(value, Track):
        out = [f"{f}: {p}" for f, p in rule_problems(value, TRACK_RULES)]
        return out + (
            []
            if is_id(value.id) and 2 <= len(value.levels) <= 12 and 0 <= value.start < len(value.levels)
            else ["track shape"]
        )
    if isinstance(value, ChallengeDeck):
        counts = Counter(c.id for c in value.cards)
        out = [f"deck card {i!r}" for i, n in counts.items() if not is_id(i) or n > L.MAX_COPIES]
        return out + [f"{c.id}: dome" for c in value.cards for d in (c.dome or ()) if not 1 <= d <= MAX_DOME]
    if isinstance(value, FactionTable):
        return [
            f"faction {f.id!r}"
            for f in value.factions
            if not is_id(f.id) or not all(is_id(o) for o in f.opposing)
        ]
    return [f"unexpected value {type(value).__name__}"]


# ============================================================================ running


class Hang(BaseException):
    """Raised by the alarm when a load runs past the time limit (a BaseException: no loader may catch it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if not hasattr(signal, "setitimer"):
        yield
        return

    def alarm(_signum: int, _frame: Any) -> None:
        raise Hang()

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def snapshot(*folders: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p): (p.stat().st_size, p.stat().st_mtime_ns)
        for f in folders
        for p in sorted(f.rglob("*"))
        if p.is_file()
    }


LOADERS: dict[str, Callable[[Path], Any]] = {
    "cards": lambda p: load_card_file(p, "fuzz"),
    "set": lambda p: load_card_set(p.parent),
    "runes": load_rune_set,
    "track": load_track,
    "deck": load_deck,
    "factions": load_factions,
}


@dataclass
class Report:
    tried: int = 0
    clear: int = 0
    loaded: int = 0
    tracebacks: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)
    hangs: list[str] = field(default_factory=list)
    wrong_refusals: list[str] = field(default_factory=list)
    writes: list[str] = field(default_factory=list)
    by_mutation: Counter[str] = field(default_factory=Counter)

    @property
    def ok(self) -> bool:
        return not (self.tracebacks or self.silent or self.hangs or self.wrong_refusals or self.writes)

    def line(self) -> str:
        return (
            f"files tried: {self.tried}, clear errors: {self.clear}, tracebacks: {len(self.tracebacks)}, "
            f"silent acceptances: {len(self.silent)}, hangs: {len(self.hangs)} "
            f"(loaded: {self.loaded}, valid files refused: {len(self.wrong_refusals)}, files written: {len(self.writes)})"
        )


def variant(rng: random.Random, base: Base) -> tuple[bytes, str, str]:
    """One hostile variant of ``base``: (bytes, mutation name, expectation)."""
    data = base.path.read_bytes()
    if rng.random() < 0.3:
        return byte_mutation(rng, data)
    for _ in range(8):
        doc = tomllib.loads(data.decode("utf-8"))
        result = rng.choice(TREE_MUTATIONS)(rng, doc)
        if result is not None:
            return dumps(doc).encode("utf-8"), *result
    return dumps(tomllib.loads(data.decode("utf-8"))).encode("utf-8"), "rewritten unchanged", VALID


def check_one(
    report: Report,
    label: str,
    target: Path,
    load: Callable[[], Any],
    expect: str,
    limit: float,
    watch: list[Path],
) -> None:
    report.tried += 1
    before = snapshot(*watch)
    start = time.perf_counter()
    try:
        with time_limit(limit):
            value = load()
    except Hang:
        report.hangs.append(f"{label}: over {limit} s")
        return
    except CardDataError as err:
        elapsed = time.perf_counter() - start
        if elapsed > limit:
            report.hangs.append(f"{label}: {elapsed:.1f} s")
        elif str(target) not in str(err):
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
        if snapshot(*watch) != before:
            report.writes.append(label)
    if time.perf_counter() - start > limit:
        report.hangs.append(f"{label}: loaded, but after the time limit")
    try:
        problems = value_problems(value)
    except Exception as exc:  # the loaded value cannot even be checked: it is not valid
        problems = [f"{type(exc).__name__}: {exc}"]
    if expect == INVALID or problems:
        report.silent.append(f"{label}: loaded ({'; '.join(problems[:3]) or 'made invalid'})")
    else:
        report.loaded += 1


def run(
    count: int, seed: int = 1, limit: float = 5.0, work: Path | None = None, kinds: tuple[str, ...] = ()
) -> Report:
    """Generate and load ``count`` hostile files; return the report (nothing outside ``work`` is written)."""
    rng = random.Random(seed)
    root = data_root()
    pool = [b for b in bases(root) if not kinds or b.kind in kinds]
    report = Report()
    with tempfile.TemporaryDirectory(prefix="calladventure-fuzz-") as tmp:
        work = Path(tmp) if work is None else work
        sets: dict[Path, Path] = {}
        for b in pool:
            if b.set_folder is not None and b.set_folder not in sets:
                sets[b.set_folder] = work / "sets" / b.set_folder.name
                shutil.copytree(b.set_folder, sets[b.set_folder])
        files = work / "files"
        files.mkdir(parents=True, exist_ok=True)
        for i in range(count):
            base = rng.choice(pool)
            data, name, expect = variant(rng, base)
            report.by_mutation[name] += 1
            if base.set_folder is not None:
                target = sets[base.set_folder] / base.path.name
                original = target.read_bytes()
                target.write_bytes(data)
                watch = [sets[base.set_folder], root]
            else:
                target = files / f"{i}-{base.path.name}"
                target.write_bytes(data)
                watch = [files, root]
            label = f"#{i} {base.kind} {base.path.parent.name}/{base.path.name} [{name}]"
            try:
                check_one(
                    report, label, target, lambda t=target, k=base.kind: LOADERS[k](t), expect, limit, watch
                )
            finally:
                if base.set_folder is not None:
                    target.write_bytes(original)
                else:
                    target.unlink()
    return report


def print_report(report: Report, started: float) -> int:
    """Print a run's summary line, its mutations and the first problems of each kind; the exit status."""
    print(report.line())
    print(
        f"in {time.perf_counter() - started:.0f} s; mutations: "
        + ", ".join(f"{k} {n}" for k, n in sorted(report.by_mutation.items()))
    )
    for title, items in (
        ("tracebacks", report.tracebacks),
        ("silent acceptances", report.silent),
        ("hangs", report.hangs),
        ("valid files refused", report.wrong_refusals),
        ("files written", report.writes),
    ):
        for item in items[:10]:
            print(f"{title}: {item}")
    return 0 if report.ok else 1


#: The peak memory a run over a study's files or score cards may reach (each file is read bounded).
MAX_PEAK_MB = 1024


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=5000, help="how many files to generate and load")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds one load may take")
    parser.add_argument(
        "--kinds",
        default="",
        help="only these formats (comma-separated): "
        + ", ".join(LOADERS)
        + ", or a study's files: journal, table-csv, table-parquet (scripts/fuzz_study_files.py),"
        + " or score-card alone (scripts/fuzz_score_cards.py)",
    )
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    started = time.perf_counter()
    other_kinds = tuple(k for k in kinds if k not in LOADERS)
    if other_kinds:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import fuzz_score_cards as score
        import fuzz_study_files as study

        module = score if other_kinds == score.KINDS else study
        report = module.run(args.count, args.seed, args.time_limit, kinds=other_kinds)
        status = print_report(report, started)
        peak = study.peak_memory_mb()
        print(f"peak memory: {peak:.0f} MB (at most {MAX_PEAK_MB} MB)")
        return status if peak <= MAX_PEAK_MB else 1
    report = run(args.count, args.seed, args.time_limit, kinds=kinds)
    return print_report(report, started)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
