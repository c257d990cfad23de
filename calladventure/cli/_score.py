"""``calladventure score``: the score card of a game played at the table (000 · Ending the Game).

From a small TOML file (``--file``, the format of :mod:`calladventure.play._score_file`) or by
questions at the prompt: each hero's Story by card names from the bundled sets, or by counts,
then Experience, cards played, Corruption level, Name tokens and Odium. Every answer is checked
at once (an unknown card, a negative count, a fourth card under a Character is asked again);
the itemised scores, each line with its rule, come from the rules' own scoring.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path as FsPath
from typing import Annotated, Any

import typer

from ..values._errors import CallAdventureError
from ._choices import complete_toml
from ._common import AsJson, Lang, console, echo_json, examples, fail, friendly

__all__ = ["SCORE_EXAMPLES", "ask_sheets", "score"]

SCORE_EXAMPLES = examples(
    "calladventure score",
    "calladventure score --file my-score.toml",
    "calladventure score --file my-score.toml --json",
    "calladventure score --file my-score.toml --lang fr",
)

Ask = Callable[[str], str]


def _ask(read: Ask, question: str, default: str = "") -> str:
    shown = f"{question} [{default}]: " if default else f"{question}: "
    answer = read(shown).strip()
    return answer or default


def _names(text: str) -> tuple[str, ...]:
    return tuple(n.strip() for n in text.split(",") if n.strip())


def _number(text: str) -> int:
    body = text.strip().lstrip("-")
    if not (body.isascii() and body.isdigit()):
        raise CallAdventureError(f"{text!r} is not a whole number")
    return int(text.strip())


#: The questions of one hero: (field, question, default, how to read the answer), by cards or by counts.
_BY_CARDS: tuple[tuple[str, str, str, Callable[[str], Any]], ...] = (
    ("origin", "  Origin", "", str),
    ("motivation", "  Motivation", "", str),
    ("story", "  Cards under the Origin, comma-separated ('Name (bottom)' for a bottom path)", "", _names),
    ("story", "  Cards under the Motivation", "", _names),
    ("story", "  Cards under the Destiny", "", _names),
    ("allies", "  Allies", "", _names),
    ("played", "  Hero and Antihero cards played", "", _names),
)
_BY_COUNTS: tuple[tuple[str, str, str, Callable[[str], Any]], ...] = (
    ("triumph", "  Triumph showing in the Story (not the Destiny card's own)", "0", _number),
    ("tragedy", "  Tragedy showing in the Story", "0", _number),
    (
        "icons",
        "  Story icons, e.g. arcana=3, justice=2",
        "",
        lambda s: tuple((k.strip(), _number(v)) for k, _, v in (p.partition("=") for p in _names(s))),
    ),
    ("heroes_played", "  Hero cards played", "0", _number),
    ("antiheroes_played", "  Antihero cards played", "0", _number),
)
_ALWAYS: tuple[tuple[str, str, str, Callable[[str], Any]], ...] = (
    ("destiny", "  Destiny", "", str),
    ("experience", "  Unspent Experience", "0", _number),
    ("corruption", "  Corruption: levels below the start (negative: above it)", "0", _number),
    ("names", "  Name tokens (wind, fire, iron)", "", _names),
    ("defeated_odium", "  Defeated Odium? (y/n)", "n", lambda s: s.lower().startswith(("y", "o"))),
)


def ask_sheets(read: Ask, out: Callable[[str], None]) -> tuple[list[Any], tuple[str, ...]]:
    """Ask for the sets and each hero's sheet; every answer is checked by scoring it at once."""
    import attrs

    from ..play._scorecard import ScoreSheet, score_sheets

    sets: tuple[str, ...] = ()
    while not sets:
        sets = _names(_ask(read, "Card sets, comma-separated", "core"))
        try:
            score_sheets([ScoreSheet()], sets)
        except CallAdventureError as exc:
            out(f"error: {exc}")
            sets = ()
    count = 0
    while not 1 <= count <= 4:
        try:
            count = _number(_ask(read, "How many heroes (1 to 4)", "1"))
        except CallAdventureError as exc:
            out(f"error: {exc}")
    sheets = []
    for seat in range(count):
        sheet = ScoreSheet(name=_ask(read, f"Hero {seat + 1}: name", f"P{seat + 1}"))
        by_counts = _ask(read, "  Story by card names (c) or by counts (n)", "c").lower().startswith("n")
        story: list[tuple[str, ...]] = []
        for field, question, default, parse in (*(_BY_COUNTS if by_counts else _BY_CARDS), *_ALWAYS):
            while True:
                try:
                    value = parse(_ask(read, question, default))
                    if field == "story":
                        trial = attrs.evolve(sheet, story=(*story, value))
                    else:
                        trial = attrs.evolve(sheet, **{field: value or getattr(ScoreSheet(), field)})
                    score_sheets([trial], sets)
                except CallAdventureError as exc:
                    out(f"error: {' '.join(str(exc).split())}")
                    continue
                if field == "story":
                    story.append(value)
                sheet = trial
                break
        sheets.append(sheet)
    return sheets, sets


def score(
    file: Annotated[
        FsPath | None,
        typer.Option(
            "--file",
            metavar="FILE",
            autocompletion=complete_toml,
            help="A score-card file (TOML); without it, the questions are asked at the prompt.",
        ),
    ] = None,
    as_json: AsJson = False,
    lang: Lang = "en",
) -> None:
    """Score a game played at the table: each hero's itemised score by category, each line with its rule."""
    from ..play._score_file import score_card_file
    from ..play._scorecard import score_sheets
    from ..present import scores_rich
    from ..present._scorecard import score_json

    with friendly(as_json):
        if file is not None:
            card, scores = score_card_file(file)
            sets = card.sets
        else:
            try:
                sheets, sets = ask_sheets(input, typer.echo)
            except (EOFError, KeyboardInterrupt):
                typer.echo("")
                fail("the score card was left unfinished: answer every question, or give --file FILE")
            scores = score_sheets(sheets, sets)
        if as_json:
            echo_json(score_json(scores))
            return
        console().print(scores_rich(scores, lang=lang))
