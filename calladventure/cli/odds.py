"""``calladventure odds``: the exact odds of an attempt (000 · Rune Probability; 000 · Attempt a Challenge)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .common import console, echo_json, examples, friendly

__all__ = ["ODDS_EXAMPLES", "odds"]

ODDS_EXAMPLES = examples(
    "calladventure odds --ability strength=3 --dark 2 --difficulty 6",
    "calladventure odds --ability wisdom=2 --ability charisma=1 --difficulty 5 --bonus 1 --runes stormlight",
    "calladventure odds --core none --dark 3 --difficulty 4 --json",
)


def _core_count(core: str) -> int:
    from ..values.errors import CallAdventureError

    word = core.strip().lower()
    if word in ("core", "all", "yes"):
        return 3
    if word in ("none", "no"):
        return 0
    if word.isdigit() and 0 <= int(word) <= 3:
        return int(word)
    raise CallAdventureError(f"--core must be 'core' (all three core runes), 'none' or 0-3, not {core!r}")


def _abilities(specs: list[str]) -> list[tuple[Any, int]]:
    from ..values.errors import CallAdventureError
    from ..values.icons import ABILITIES, Icon

    out: list[tuple[Icon, int]] = []
    names = [a.value for a in ABILITIES]
    for spec in specs:
        name, sep, count = spec.partition("=")
        name = name.strip().lower()
        if name not in names:
            raise CallAdventureError(f"--ability {spec!r}: {name!r} is not an ability; choose from {names}")
        try:
            n = int(count) if sep else 1
        except ValueError:
            raise CallAdventureError(f"--ability {spec!r}: write ability=ICONS, e.g. strength=3") from None
        if n < 0:
            raise CallAdventureError(f"--ability {spec!r}: the number of icons cannot be negative")
        out.append((Icon(name), n))
    if len(out) > 2:
        raise CallAdventureError(
            "a challenge lists at most two relevant abilities (000 · Attempt a Challenge)"
        )
    return out


def odds(
    difficulty: Annotated[int, typer.Option(help="Successes needed (the challenge's difficulty).")],
    core: Annotated[
        str, typer.Option(help="Core runes cast: 'core' (all three), 'none', or a number 0-3.")
    ] = "core",
    ability: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ABILITY=ICONS",
            help="A relevant ability and its icons, e.g. strength=3 (one rune per icon, at most 3); "
            "repeat for a second ability.",
        ),
    ] = None,
    dark: Annotated[int, typer.Option(min=0, help="Dark runes added to the cast.")] = 0,
    bonus: Annotated[int, typer.Option(help="Automatic successes (+N from cards).")] = 0,
    runes: Annotated[str, typer.Option(help="Rune set: core or stormlight.")] = "core",
    as_json: Annotated[bool, typer.Option("--json", help="Print the odds as JSON.")] = False,
) -> None:
    """Exact odds of an attempt: the distribution of successes and the chance to succeed."""
    from rich.text import Text

    from ..data import bundled_runes, data_root
    from ..rules import EFFECTS, attempt_odds
    from ..values.errors import CallAdventureError

    with friendly():
        known = sorted(p.stem for p in (data_root() / "runes").glob("*.toml"))
        if runes.strip().lower() not in known:
            raise CallAdventureError(f"unknown rune set {runes!r}; bundled rune sets: {', '.join(known)}")
        rune_set = bundled_runes(runes.strip().lower())
        pool = list(rune_set.core[: _core_count(core)])
        for icon, n in _abilities(ability or []):
            pool.extend(rune_set.ability_runes(icon, n))
        pool.extend([rune_set.dark] * dark)
        if not pool:
            raise CallAdventureError("the pool is empty: add core, ability or Dark runes")
        result = attempt_odds(pool, difficulty, bonus)
        if as_json:
            echo_json(
                {
                    "runes": [r.id for r in pool],
                    "rune_set": rune_set.id,
                    "difficulty": difficulty,
                    "bonus": bonus,
                    "p_success": result.probability,
                    "p_success_exact": str(result.p_success),
                    "mean": float(result.mean),
                    "min": result.min,
                    "max": result.max,
                    "distribution": {str(t): float(p) for t, p in result.distribution.items()},
                    "expected": {e.value: float(result.expected(e)) for e in EFFECTS},
                }
            )
            return
        out = console()
        out.print(
            Text(
                f"{len(pool)} runes ({' '.join(r.id for r in pool)}) from the {rune_set.id} set, "
                f"bonus {bonus:+d}, difficulty {difficulty}"
            )
        )
        out.print(result)
        out.print(
            Text(f"P(success) = {result.probability * 100:.2f}% (exactly {result.p_success})", style="bold")
        )
