"""Fingerprint seeded games in every mode, so two trees can be shown to play the same games.

Each game is set up from a configuration (a card-set combination, a mode, a player count, an
Adversary Quest, one rules option changed) and a seed, played by a seeded uniform random
chooser (and, for some, by ``GreedyBot``), and reduced to one SHA-256 digest of what a player
could see of it: every action in the history, every event (step, section, text, seat, secret),
the itemised scores, the outcome, the save text and the action table. Only public names are
used (``calladventure.Game``, ``calladventure.play.bots``), so the script runs on any checkout.

Run from a checkout's root::

    python scripts/same_games.py --out /tmp/this.jsonl            # this tree
    python scripts/same_games.py --tree /path/to/peer --out /tmp/peer.jsonl
    python scripts/same_games.py --compare /tmp/peer.jsonl /tmp/this.jsonl

``--compare`` prints the games whose digests differ (and, for each, whether Dark runes were
added to an attempt after its cast, the one change of play the declarations issue allows).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

MAX_STEPS = 3000

#: (label, Game.new keyword arguments) for every mode, player count and box combination.
BASE: list[tuple[str, dict[str, Any]]] = [
    *((f"core-{p}p", {"players": p}) for p in (1, 2, 3, 4)),
    *((f"core-coop-{p}p", {"players": p, "mode": "coop"}) for p in (2, 3, 4)),
    ("core-solo", {"players": 1, "mode": "solo"}),
    *((f"storm-{p}p", {"players": p, "sets": ("stormlight",)}) for p in (2, 3, 4)),
    *(
        (f"storm-coop-{p}p-{q[:6]}", {"players": p, "sets": ("stormlight",), "mode": "coop", "quest": q})
        for p in (2, 3, 4)
        for q in ("Radiants United", "Contest of Champions", "Oaths in the Storm")
    ),
    *(
        (f"storm-solo-{q[:6]}", {"players": 1, "sets": ("stormlight",), "mode": "solo", "quest": q})
        for q in ("Radiants United", "The True Desolation")
    ),
    ("storm-core-3p", {"players": 3, "sets": ("stormlight", "core")}),
    *((f"notw-{p}p", {"players": p, "sets": ("core", "notw")}) for p in (1, 2, 3, 4)),
]

#: The configuration each rules option is varied on (the one where it matters).
OPTION_BASE = {
    "odium_tokens": "storm-coop-2p-Radian",
    "odium_reveal": "storm-coop-2p-Radian",
    "odium_facing": "storm-coop-2p-Radian",
    "odium_reward": "storm-coop-2p-Radian",
    "mode_exclusions": "storm-coop-2p-Radian",
    "naming": "notw-2p",
    "name_cast_reveals": "notw-2p",
    "special_draw": "core-coop-2p",
}


def configurations(games: int) -> list[tuple[str, dict[str, Any], int]]:
    """(label, keyword arguments, seed count) of every configuration played."""
    from calladventure import Rules

    base = dict(BASE)
    out = [(label, kw, games) for label, kw in BASE]
    defaults = Rules()
    for name, values in Rules.options().items():
        for value in values[1:]:
            on = OPTION_BASE.get(name, "core-3p")
            try:
                changed = defaults.replace(**{name: value})
            except Exception:  # a value that only reads as text
                continue
            out.append((f"{on}+{name}={value}", {**base[on], "rules": changed}, max(4, games // 2)))
    return out


def _event_rows(game: Any) -> list[list[Any]]:
    return [[e.step, e.section, e.text, e.seat, e.secret] for e in game.events]


def fingerprint(label: str, kw: dict[str, Any], seed: int, bot: str) -> dict[str, Any]:
    """Play one game and reduce it to a digest (with what a comparison needs to explain a difference)."""
    import random

    from calladventure import Game
    from calladventure.play.bots import GreedyBot

    game = Game.new(seed=seed, **kw)
    chooser = random.Random(seed)
    greedy = [GreedyBot(seed + s) for s in range(game.config.players)] if bot == "greedy" else None
    while not game.over and game.steps < MAX_STEPS:
        if game.is_chance:  # chance is the game's own RNG: the chooser's stream does not see it
            game.push("cast")
        elif greedy is not None:
            game.push(greedy[game.to_move].choose(game))
        else:
            game.push(chooser.choice(list(game.legal_actions)))
    digest = hashlib.sha256()
    history = [str(a) for a in game.history]
    events = _event_rows(game)
    scores = [[s.name, s.total, [[line.label, line.points] for line in s.lines]] for s in game.score()]
    outcome = repr(game.outcome())
    table = [str(a) for a in game.action_table]
    parts = {
        "history": history,
        "events": events,
        "scores": scores,
        "outcome": outcome,
        "save": game.save(),
        "table": hashlib.sha256("\n".join(table).encode()).hexdigest(),
    }
    part_digests = {}
    for key, value in parts.items():
        blob = json.dumps(value, sort_keys=True, default=str).encode()
        part_digests[key] = hashlib.sha256(blob).hexdigest()[:16]
        digest.update(blob)
    dark_after_cast = any("the added Dark rune(s) show" in e[2] for e in events)
    return {
        "key": f"{label}/{bot}/{seed}",
        "digest": digest.hexdigest(),
        "parts": part_digests,
        "steps": game.steps,
        "dark_after_cast": dark_after_cast,
    }


def _run(job: tuple[str, dict[str, Any], int, str]) -> dict[str, Any]:
    try:
        return fingerprint(*job)
    except Exception as exc:  # a configuration this tree cannot play is a difference too
        return {"key": f"{job[0]}/{job[3]}/{job[2]}", "digest": f"error: {type(exc).__name__}: {exc}"}


def play_all(games: int, greedy_games: int, jobs: int) -> list[dict[str, Any]]:
    work = []
    for label, kw, count in configurations(games):
        work += [(label, kw, seed, "random") for seed in range(count)]
        if "+" not in label:
            work += [(label, kw, seed, "greedy") for seed in range(greedy_games)]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_run, work, chunksize=4))


def compare(old_path: Path, new_path: Path) -> int:
    old = {r["key"]: r for r in map(json.loads, old_path.read_text().splitlines())}
    new = {r["key"]: r for r in map(json.loads, new_path.read_text().splitlines())}
    differ = [k for k in old if k in new and old[k]["digest"] != new[k]["digest"]]
    missing = sorted(set(old) ^ set(new))
    for key in differ:
        parts = [
            p for p in old[key].get("parts", {}) if old[key]["parts"][p] != new[key].get("parts", {}).get(p)
        ]
        dark = old[key].get("dark_after_cast") or new[key].get("dark_after_cast")
        print(
            f"differs: {key}  parts={','.join(parts) or '?'}  dark_after_cast={dark}  {new[key]['digest'][:60]}"
        )
    for key in missing:
        print(f"only in one: {key}")
    same = len(old) - len(differ) - len(set(old) - set(new))
    print(
        f"{same} same, {len(differ)} differ ({sum(1 for k in differ if old[k].get('dark_after_cast'))} with Dark runes added after a cast), {len(missing)} unmatched"
    )
    return 1 if differ or missing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="random-play seeds per configuration")
    parser.add_argument("--greedy", type=int, default=5, help="GreedyBot seeds per base configuration")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, help="write one JSON line per game here")
    parser.add_argument("--tree", type=Path, help="play with the calladventure of this checkout")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("OLD", "NEW"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.tree is not None:
        env = {**os.environ, "PYTHONPATH": str(args.tree.resolve())}
        rest = [a for a in (argv or sys.argv[1:])]
        i = rest.index("--tree")
        del rest[i : i + 2]
        return subprocess.run(
            [sys.executable, __file__, *rest], env=env, cwd=args.tree, check=False
        ).returncode
    rows = play_all(args.games, args.greedy, args.jobs)
    text = "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows)
    if args.out:
        args.out.write_text(text)
    errors = [r for r in rows if str(r["digest"]).startswith("error")]
    print(f"{len(rows)} games fingerprinted ({len(errors)} errors)")
    for r in errors[:10]:
        print(" ", r["key"], r["digest"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
