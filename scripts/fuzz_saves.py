"""Hostile-input fuzzing of save files and scenario files (the sibling of ``scripts/fuzz_files.py``).

    python scripts/fuzz_saves.py                    # 3,000 files, seed 1
    python scripts/fuzz_saves.py --count 20000 --seed 7 --kinds save

Every file is a mutation of a real one: saves the engine writes (a finished game, a co-op game
and a Naming game from exact positions, a game started from a scenario with its cards embedded)
and the example scenarios. Mutations: values of the wrong type, numbers out of range, ids that
are paths (``../core``, absolute paths of files that exist), unknown and deleted keys, deep
nesting, huge strings, lists and files, too many actions or steps, inconsistent positions (a card
in two places or in none, a seat, level, slot or index that does not exist, a player count that
is not the config's, an Act III card in an Act I slot), a byte-order mark, invalid UTF-8,
UTF-16, NUL bytes, truncation and flipped bytes. A save is loaded with ``Game.load``; a scenario
is loaded and run (``Scenario.load(path).run()``; a failed expectation is a result, not an
error). Each must either load (and then pass an independent check: every card in one place, a
position a game can be in) or raise exactly one ``CallAdventureError`` whose message names the
file. Anything else is counted: a traceback, a silent acceptance, a hang past the time limit, a
file written. The run prints one summary line::

    files tried: 3000, clear errors: 2500, tracebacks: 0, silent acceptances: 0, hangs: 0 (...)

and exits with status 1 if anything but loads and clear errors happened.
``tests/test_fuzz_saves.py`` runs a bounded sample in the fast tests and a larger run in the slow ones.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_files as ff

from calladventure import Game
from calladventure.data import _limits as L
from calladventure.data import data_root
from calladventure.play.position import misplaced
from calladventure.play.scenario import Scenario
from calladventure.play.scenario._convert import MAX_STEPS
from calladventure.rules._consistency import position_problems
from calladventure.values._errors import CallAdventureError

INVALID, EITHER, VALID = ff.INVALID, ff.EITHER, ff.VALID
ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "examples" / "scenarios"


# ============================================================================ the corpus


def _finished(game: Game, seed: int, steps: int | None = None) -> Game:
    rnd = random.Random(seed)
    n = 0
    while not game.over and (steps is None or n < steps):
        game.push(rnd.choice(list(game.legal_actions)))
        n += 1
    return game


def base_saves() -> dict[str, str]:
    """Saves the engine writes, by name: the bases the save mutations start from."""
    out: dict[str, str] = {}
    out["competitive"] = _finished(Game.new(players=2, seed=3, record_events=False), 3).save()
    coop = _finished(
        Game.new(players=3, seed=4, sets=("stormlight",), mode="coop", record_events=False), 4, 80
    )
    out["coop-position"] = _finished(Game.from_state(coop.state, record_events=False), 5, 60).save()
    notw = _finished(Game.new(players=2, seed=6, sets=("core", "notw"), record_events=False), 6, 90)
    out["naming-position"] = _finished(Game.from_state(notw.state, record_events=False), 7, 40).save()
    scn = Scenario.load(SCENARIOS / "000-faqs-odiums-cards-take-effect.toml").run().game
    out["scenario"] = scn.save()
    return out


def base_scenarios() -> list[Path]:
    return sorted(SCENARIOS.glob("*.toml"))


# ============================================================================ save-specific mutations

Mutation = Callable[[random.Random, dict[str, Any]], tuple[str, str] | None]


def _start(doc: dict[str, Any]) -> dict[str, Any] | None:
    start = doc.get("start")
    if isinstance(start, dict):
        doc.pop("digest", None)  # a save without a digest is checked all the same
        return start
    return None


def s_card_twice(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None or not start["rows"][0]["deck"]:
        return None
    start[rng.choice(["removed", "hero_discard", "antihero_deck"])].append(start["rows"][0]["deck"][0])
    return "a card in two places", INVALID


def s_card_lost(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None or not start["hero_deck"]:
        return None
    start["hero_deck"].pop(rng.randrange(len(start["hero_deck"])))
    return "a card in no place", INVALID


def s_players(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None:
        return None
    n = len(start["players"])
    other = rng.choice([k for k in (1, 2, 3, 4) if k != n])
    doc["config"]["players"] = other
    start["config"]["players"] = other
    return "player count not the config's", INVALID


def s_seat(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None:
        return None
    n = len(start["players"])
    bad = rng.choice([n, 3 if n < 4 else 9, 9, -1])
    where = rng.choice(["turn", "effect", "final", "pending"])
    if where == "turn":
        start["turn"]["seat"] = bad
    elif where == "effect":
        start["effects"].append(
            {
                "effect": {"kind": "bonus", "amount": 1},
                "source": "",
                "owner": 0,
                "target": bad,
                "duration": "game",
            }
        )
    elif where == "final":
        start["final_turns"] = [bad]
        start["closed_by"] = 0
    else:
        start["pending"].append({"type": "ChooseDraw", "seat": bad, "count": 1})
    return "a seat that does not exist", INVALID


def s_level(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None:
        return None
    start["players"][0]["level"] = rng.choice([7, 11, 12, -1, 99])
    return "a level off the track", INVALID


def s_act(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None:
        return None
    rows = start["rows"]
    slots = [i for i, s in enumerate(rows[0]["slots"]) if s is not None]
    if not slots or not rows[2]["deck"]:
        return None
    i = rng.choice(slots)
    old = rows[0]["slots"][i]["card"]
    rows[0]["slots"][i]["card"] = rows[2]["deck"].pop(0)
    rows[2]["deck"].append(old)
    return "an Act III card in an Act I slot", INVALID


def s_index(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    start = _start(doc)
    if start is None:
        return None
    choice = rng.randrange(3)
    if choice == 0:
        start["rows"][1]["slots"].append(None)
    elif choice == 1:
        start["rows"].append(copy.deepcopy(start["rows"][0]))
    else:
        start["turn"]["refill"] = [[1, 7]]
    return "a row, slot or index out of range", INVALID


def s_path(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    key = rng.choice(["sets", "runes", "track"])
    bad = rng.choice([*ff.HOSTILE_IDS, str(data_root() / "runes" / "core.toml"), "../cards/core", "nope"])
    if key == "sets":
        doc["config"]["sets"] = [bad]
    else:
        doc["config"][key] = bad
    if isinstance(doc.get("start"), dict):
        doc["start"]["config"] = copy.deepcopy(doc["config"])
    return "a card set, rune set or track that is a path or unknown", INVALID


def s_actions(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    choice = rng.randrange(3)
    if choice == 0:
        doc["actions"] = ["pass"] * (L.MAX_SAVE_ACTIONS + 1)
    elif choice == 1 and doc.get("actions"):
        doc["actions"][rng.randrange(len(doc["actions"]))] = rng.choice(
            ["cast " + "1 " * 5000, "attempt ../../etc/passwd top", "²", "play core/x 99", "cast True True"]
        )
    else:
        doc["actions"] = doc.get("actions", []) + ["end"] * rng.choice([1, 50])
    return "actions that do not replay or are too many", INVALID


def s_sets(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    sets = doc.get("sets")
    if not isinstance(sets, dict) or not sets:
        return None
    set_id = rng.choice(sorted(sets))
    record = sets[set_id]
    choice = rng.randrange(3)
    if choice == 0:
        record["digest"] = "0" * 24
    elif choice == 1 and isinstance(record.get("cards"), list) and record["cards"]:
        record["cards"][0]["difficulty"] = rng.choice(["3", 10**23, True, -1])
    else:
        sets[set_id] = {"digest": record["digest"], "cards": [{"id": "x", "name": "X", "type": "trait"}]}
    return "a card set whose content does not match", INVALID


def s_format(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    doc["format"] = rng.choice(["calladventure.save/9", 2, None, "calladventure.scenario/1"])
    return "wrong format", INVALID


def m_huge_number(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    """A number far out of range (seeds and RNG states are 64-bit, so they are left alone)."""
    ints = [
        p
        for p, v in ff._walk(doc)
        if isinstance(v, int) and not isinstance(v, bool) and p and p[-1] not in ("seed", "rng")
    ]
    path = ff._pick(rng, ints)
    if path is None:
        return None
    ff._set(doc, path, rng.choice([2**63 - 1, -(2**63), 10**23, -(10**6) - 1, 10**6 + 1, 10**4000]))
    return "huge number", INVALID


TREE_MUTATIONS: list[Mutation] = [m_huge_number if m is ff.m_huge_number else m for m in ff.TREE_MUTATIONS]


def m_save_huge_list(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    """A list longer than any array of a save may be (``MAX_SAVE_ITEMS``, or ``MAX_SAVE_ACTIONS``)."""
    lists = [p for p, v in ff._walk(doc) if p and isinstance(v, list) and v and not isinstance(v[0], dict)]
    path = ff._pick(rng, lists)
    if path is None:
        return None
    first = ff._get(doc, path)[0]
    ff._set(doc, path, [first] * rng.choice([L.MAX_SAVE_ITEMS + 1, 20_000]))
    return "huge list", INVALID


SAVE_MUTATIONS: list[Mutation] = [
    *(m_save_huge_list if m is ff.m_huge_list else m for m in TREE_MUTATIONS),
    s_card_twice,
    s_card_lost,
    s_players,
    s_seat,
    s_seat,
    s_level,
    s_act,
    s_index,
    s_path,
    s_path,
    s_actions,
    s_sets,
    s_format,
]


# ============================================================================ scenario-specific mutations


def c_path(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    game = doc.setdefault("game", {})
    key = rng.choice(["sets", "runes", "track", "card_set"])
    bad = rng.choice([*ff.HOSTILE_IDS, str(data_root() / "runes" / "core.toml"), "../cards/core"])
    if key == "card_set" and not doc.get("cards"):
        key = "runes"
    game[key] = [bad] if key == "sets" else bad
    return "a card set, rune set or track that is a path", INVALID


def c_steps(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    steps = doc.get("steps") or [{"end": True}]
    doc["steps"] = (steps * (MAX_STEPS // len(steps) + 2))[: MAX_STEPS + 1]
    return "too many steps", INVALID


def c_bundled_id(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    if not doc.get("cards"):
        return None
    doc.setdefault("game", {})["card_set"] = rng.choice(["core", "stormlight", "notw"])
    return "inline cards under a bundled set id", INVALID


def c_wrong_type(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    """A value of another type; a scenario accepts a few alternatives (a string for a list of one, a face's index)."""
    leaves = [p for p, v in ff._walk(doc) if p and not isinstance(v, dict | list)]
    path = ff._pick(rng, leaves)
    if path is None:
        return None
    old = ff._get(doc, path)
    new = ff._other_type(rng, old)
    ff._set(doc, path, new)
    alternative = (
        (new == [old])
        or (len(path) > 1 and path[-2] == "cast" and new in (0, 1))
        or (
            path[-1] == "odds"
            and isinstance(new, int | float)
            and not isinstance(new, bool)
            and 0 <= new <= 1
        )
    )
    return "wrong type", EITHER if alternative else INVALID


def c_unknown_key(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str] | None:
    """An unknown key; in ``expect.score_line`` the keys are score lines' labels, so any key is a label."""
    tables = [p for p, v in ff._walk(doc) if isinstance(v, dict)]
    table = ff._pick(rng, tables)
    if table is None:
        return None
    ff._get(doc, table)["zz_unknown"] = rng.choice([1, "x", True])
    free = "score_line" in table[:-1]
    return "unknown key", EITHER if free else INVALID


_SCENARIO_SWAPS: dict[Any, Mutation] = {ff.m_wrong_type: c_wrong_type, ff.m_unknown_key: c_unknown_key}
SCENARIO_MUTATIONS: list[Mutation] = [_SCENARIO_SWAPS.get(m, m) for m in TREE_MUTATIONS] + [
    c_path,
    c_path,
    c_steps,
    c_bundled_id,
]


# ============================================================================ bytes


def json_bytes_mutation(rng: random.Random, data: bytes) -> tuple[bytes, str, str]:
    at = rng.randrange(len(data) + 1)
    choice = rng.randrange(9)
    if choice == 0:
        return b"\xef\xbb\xbf" + data, "byte-order mark", VALID
    if choice == 1:
        return (
            ff.invalid_utf8(rng, data, at, [b"\xff", b"\xc3\x28", b"\xed\xa0\x80"]),
            "invalid UTF-8",
            INVALID,
        )
    if choice == 2:
        return data.decode("utf-8").encode("utf-16"), "UTF-16", INVALID
    if choice == 3:
        return data + b" " * (L.MAX_SAVE_BYTES + 1), "huge file", INVALID
    if choice == 4:
        depth = rng.choice([L.MAX_SAVE_NESTING + 1, 1000, 200_000])
        return (
            b'{"format": "calladventure.save/2", "config": ' + b"[" * depth + b"]" * depth + b"}",
            "deep nesting",
            INVALID,
        )
    if choice == 5:
        return data[:at], "truncated", EITHER
    if choice == 6:
        return ff.flipped_bytes(rng, data), "flipped bytes", EITHER
    if choice == 7:
        return data.replace(b'"seed": ', b'"seed": NaN, "x": ', 1), "NaN", INVALID
    return data[:at] + b"\x00" + data[at:], "NUL byte", EITHER


# ============================================================================ the oracle and the loaders


def check_game(game: Game) -> list[str]:
    """An independent check of a loaded game: every card in one place, positions a game can be in."""
    out: list[str] = []
    for state in (game.state_at(0), game.state):
        bad = misplaced(game.ctx, state)
        if bad:
            out.append(f"cards misplaced: {dict(list(bad.items())[:3])}")
        out += [f"{f}: {p}" for f, p in position_problems(game.ctx, state)]
    return out


def load_save(path: Path) -> Any:
    return Game.load(path, record_events=False)


def load_scenario(path: Path) -> Any:
    return Scenario.load(path).run()


def value_problems(value: Any) -> list[str]:
    game = value if isinstance(value, Game) else value.game
    return check_game(game)


def check_one(report: ff.Report, label: str, target: Path, load: Callable[[], Any], expect: str, limit: float,
              watch: list[Path]) -> None:  # fmt: skip
    report.tried += 1
    before = ff.snapshot(*watch)
    start = time.perf_counter()
    try:
        with ff.time_limit(limit):
            value = load()
    except ff.Hang:
        report.hangs.append(f"{label}: over {limit} s")
        return
    except CallAdventureError as err:
        text = str(err)
        if time.perf_counter() - start > limit:
            report.hangs.append(f"{label}: refused after the time limit")
        elif str(target) not in text:
            report.tracebacks.append(f"{label}: the error does not name {target}: {text[:200]}")
        elif expect == VALID:
            report.wrong_refusals.append(f"{label}: {text[:300]}")
        else:
            report.clear += 1
        return
    except BaseException as exc:  # anything else is a traceback a user would see
        report.tracebacks.append(f"{label}: {type(exc).__name__}: {str(exc)[:200]}")
        return
    finally:
        if ff.snapshot(*watch) != before:
            report.writes.append(label)
    if time.perf_counter() - start > limit:
        report.hangs.append(f"{label}: loaded, but after the time limit")
    try:
        problems = value_problems(value)
    except Exception as exc:
        problems = [f"{type(exc).__name__}: {exc}"]
    if expect == INVALID or problems:
        report.silent.append(f"{label}: loaded ({'; '.join(problems[:3]) or 'made invalid'})")
    else:
        report.loaded += 1


def _tree_variant(
    rng: random.Random, doc: dict[str, Any], mutations: list[Mutation]
) -> tuple[dict[str, Any], str, str]:
    for _ in range(8):
        mutated = copy.deepcopy(doc)
        result = rng.choice(mutations)(rng, mutated)
        if result is not None:
            return mutated, *result
    return copy.deepcopy(doc), "unchanged", VALID


def save_variant(rng: random.Random, text: str) -> tuple[bytes, str, str]:
    data = text.encode("utf-8")
    if rng.random() < 0.25:
        return json_bytes_mutation(rng, data)
    doc, name, expect = _tree_variant(rng, json.loads(text), SAVE_MUTATIONS)
    try:
        out = json.dumps(doc, ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        out = json.dumps({"format": "calladventure.save/2", "config": None})
        name, expect = f"{name} (unwritable)", INVALID
    return out.encode("utf-8", "surrogatepass"), name, expect


def scenario_variant(rng: random.Random, path: Path) -> tuple[bytes, str, str]:
    data = path.read_bytes()
    if rng.random() < 0.25:
        return ff.byte_mutation(rng, data)
    doc, name, expect = _tree_variant(rng, tomllib.loads(data.decode("utf-8")), SCENARIO_MUTATIONS)
    try:
        return ff.dumps(doc).encode("utf-8", "surrogatepass"), name, expect
    except (RecursionError, TypeError):
        return (
            b'format = "calladventure.scenario/1"\n[game]\nplayers = "x"\n',
            f"{name} (unwritable)",
            INVALID,
        )


def run(count: int, seed: int = 1, limit: float = 5.0, kinds: tuple[str, ...] = ()) -> ff.Report:
    """Generate and load ``count`` hostile saves and scenarios; nothing outside a temporary folder is written."""
    rng = random.Random(seed)
    saves = base_saves() if not kinds or "save" in kinds else {}
    scenarios = base_scenarios() if not kinds or "scenario" in kinds else []
    report = ff.Report()
    with tempfile.TemporaryDirectory(prefix="calladventure-fuzz-saves-") as tmp:
        work = Path(tmp)
        watch = [work, data_root(), SCENARIOS]
        for i in range(count):
            if saves and (not scenarios or rng.random() < 0.5):
                name = rng.choice(sorted(saves))
                data, mutation, expect = save_variant(rng, saves[name])
                target = work / f"{i}-{name}.json"
                load: Callable[[Path], Any] = load_save
                label = f"#{i} save {name} [{mutation}]"
            else:
                base = rng.choice(scenarios)
                data, mutation, expect = scenario_variant(rng, base)
                target = work / f"{i}-{base.name}"
                load = load_scenario
                label = f"#{i} scenario {base.name} [{mutation}]"
            report.by_mutation[mutation] += 1
            target.write_bytes(data)
            watch_now = [*watch]
            try:
                check_one(report, label, target, lambda t=target, f=load: f(t), expect, limit, watch_now)
            finally:
                target.unlink()
    return report


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=3000, help="how many files to generate and load")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=5.0, help="seconds one load may take")
    parser.add_argument("--kinds", default="", help="only these formats (comma-separated): save, scenario")
    args = parser.parse_args(argv)
    kinds = tuple(k for k in args.kinds.split(",") if k)
    started = time.perf_counter()
    report = run(args.count, args.seed, args.time_limit, kinds)
    return ff.print_report(report, started)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
