"""``calladventure odds``: the exact odds of an attempt (000 · Rune Probability; 000 · Attempt a Challenge)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.text import Text

from ..values._errors import CallAdventureError
from ._choices import complete_sets
from ._common import AsJson, console, echo_json, examples, friendly

__all__ = ["HYPOTHETICAL", "MAX_ABILITY_RUNES", "MAX_DARK_RUNES", "ODDS_EXAMPLES", "odds"]

#: The most runes of one ability a cast holds (000 · Ability Runes: up to a maximum of three).
MAX_ABILITY_RUNES = 3
#: The most Dark runes a hero may buy in a turn (000 · Dark Runes), the ``dark_runes_per_turn`` default.
MAX_DARK_RUNES = 3
#: What a cast asked for here does not check: there is no hero (``game.odds`` checks them).
HYPOTHETICAL = (
    "a hypothetical cast: no hero's Experience (one per Dark rune) or Corruption level "
    "(none at the lowest) is checked; game.odds() checks them"
)

ODDS_EXAMPLES = examples(
    "calladventure odds --ability strength=3 --dark 2 --difficulty 6",
    "calladventure odds --ability wisdom=2 --ability charisma=1 --difficulty 5 --bonus 1 --runes stormlight",
    "calladventure odds --core none --dark 3 --difficulty 4 --json",
)


def _core_count(core: str) -> int:
    word = core.strip().lower()
    if word in ("core", "all", "yes"):
        return 3
    if word in ("none", "no"):
        return 0
    if word.isascii() and word.isdigit() and 0 <= int(word) <= 3:
        return int(word)
    raise CallAdventureError(f"--core must be 'core' (all three core runes), 'none' or 0-3, not {core!r}")


def _abilities(specs: list[str]) -> list[tuple[Any, int]]:
    from ..values._icons import ABILITIES, Icon

    out: list[tuple[Icon, int]] = []
    names = [a.value for a in ABILITIES]
    for spec in specs:
        name, sep, count = spec.partition("=")
        name = name.strip().lower()
        if name not in names:
            raise CallAdventureError(f"--ability {spec!r}: {name!r} is not an ability; choose from {names}")
        count = count.strip()
        if sep and not (count.isascii() and count.lstrip("-").isdigit()):
            raise CallAdventureError(f"--ability {spec!r}: write ability=ICONS, e.g. strength=3")
        n = int(count) if sep else 1
        if n < 0:
            raise CallAdventureError(f"--ability {spec!r}: the number of icons cannot be negative")
        if n > MAX_ABILITY_RUNES:
            raise CallAdventureError(
                f"--ability {spec!r}: at most {MAX_ABILITY_RUNES} runes of one ability are cast, "
                f"whatever the icons (000 · Ability Runes); write {name}=0 to {MAX_ABILITY_RUNES}"
            )
        out.append((Icon(name), n))
    if len(out) > 2:
        raise CallAdventureError(
            "a challenge lists at most two relevant abilities (000 · Attempt a Challenge)"
        )
    return out


def odds(
    difficulty: Annotated[
        int,
        typer.Option(min=0, metavar="N", help="Successes needed (the challenge's difficulty, 0 or more)."),
    ],
    core: Annotated[
        str,
        typer.Option(
            metavar="core|none|0-3", help="Core runes cast: 'core' (all three), 'none', or a number 0-3."
        ),
    ] = "core",
    ability: Annotated[
        list[str] | None,
        typer.Option(
            metavar="ABILITY=ICONS",
            help="A relevant ability and its icons, e.g. strength=3 (one rune per icon, at most 3); "
            "repeat for a second ability.",
        ),
    ] = None,
    dark: Annotated[
        int, typer.Option(min=0, metavar="N", help="Dark runes added to the cast (0 to 3: three a turn).")
    ] = 0,
    bonus: Annotated[int, typer.Option(metavar="N", help="Automatic successes (+N from cards).")] = 0,
    runes: Annotated[
        str, typer.Option(metavar="SET", autocompletion=complete_sets, help="Rune set: core or stormlight.")
    ] = "core",
    as_json: AsJson = False,
) -> None:
    """Exact odds of an attempt: the distribution of successes and the chance to succeed."""
    from ..present._i18n import percent
    from ..rules import attempt_odds

    with friendly(as_json):
        rune_set, pool = _pool(runes, core, ability or [], dark)
        result = attempt_odds(pool, difficulty, bonus)
        if as_json:
            echo_json(_odds_json(result, rune_set, pool, difficulty, bonus))
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
            Text(
                f"P(success) = {percent(result.probability, digits=2)} (exactly {result.p_success})",
                style="bold",
            )
        )
        out.print(Text(f"Note: {HYPOTHETICAL}.", style="dim"))


def _pool(runes: str, core: str, ability: list[str], dark: int) -> tuple[Any, list[Any]]:
    """The rune set named ``runes`` and the pool cast from it (000 · Attempt a Challenge), each option checked."""
    from ..data import bundled_runes, data_root

    if dark > MAX_DARK_RUNES:
        raise CallAdventureError(
            f"--dark {dark}: a hero buys at most {MAX_DARK_RUNES} Dark runes a turn (000 · Dark Runes)"
        )
    known = sorted(p.stem for p in (data_root() / "runes").glob("*.toml"))
    if runes.strip().lower() not in known:
        raise CallAdventureError(f"unknown rune set {runes!r}; bundled rune sets: {', '.join(known)}")
    rune_set = bundled_runes(runes.strip().lower())
    pool = list(rune_set.core[: _core_count(core)])
    for icon, n in _abilities(ability):
        pool.extend(rune_set.ability_runes(icon, n))
    pool.extend([rune_set.dark] * dark)
    if not pool:
        raise CallAdventureError("the pool is empty: add core, ability or Dark runes")
    return rune_set, pool


def _odds_json(result: Any, rune_set: Any, pool: list[Any], difficulty: int, bonus: int) -> dict[str, Any]:
    """The odds of ``odds --json``: the pool, the chance to succeed, the distribution and expected effects."""
    from ..rules import EFFECTS

    return {
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
        "unchecked": HYPOTHETICAL,
    }
