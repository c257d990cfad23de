"""``calladventure demo``: a seeded game between bots, printed as an annotated log citing the rules."""

from __future__ import annotations

from typing import Annotated

import typer

from ..values._kinds import Mode
from ._choices import BOTS, split_list
from ._common import (
    CORE_SETS,
    AsJson,
    Bots,
    Lang,
    ModeOption,
    Players,
    Quest,
    Seed,
    Sets,
    console,
    echo_json,
    examples,
    friendly,
)

__all__ = ["DEMO_BOTS", "DEMO_EXAMPLES", "demo"]

DEMO_EXAMPLES = examples(
    "calladventure demo --seed 7",
    "calladventure demo --seed 7 --summary",
    "calladventure demo --players 2 --bots greedy,random --json",
    "calladventure demo --players 1 --sets stormlight --mode solo --quest 'Radiants United'",
    "calladventure demo --players 2 --sets core,notw",
    "calladventure demo --lang fr --summary",
)


#: The bots of ``demo`` by default.
DEMO_BOTS = ["greedy,random,greedy"]


def demo(
    seed: Seed = 7,
    players: Players = 3,
    bots: Bots = DEMO_BOTS,
    as_json: AsJson = False,
    summary: Annotated[
        bool, typer.Option("--summary", help="A short log: what each turn achieved, then the scores.")
    ] = False,
    sets: Sets = CORE_SETS,
    mode: ModeOption = Mode.COMPETITIVE,
    quest: Quest = None,
    lang: Lang = "en",
) -> None:
    """Play a seeded game between bots and print it as an annotated log, citing the rules."""

    from ..data import bundled_sets
    from ..play.bots import play_game
    from ..present import demo_record, new_demo_game, run_demo

    with friendly(as_json, lang):
        bot_list = split_list(bots, "--bots", BOTS)
        set_list = tuple(split_list(sets, "--sets", bundled_sets()))
        if as_json:
            game, seats = new_demo_game(seed, players, bot_list, sets=set_list, mode=mode, quest=quest)
            play_game(game, seats)
            echo_json(demo_record(game, bot_list, seed))
        else:
            out = console()
            run_demo(
                seed=seed, players=players, bots=bot_list, out=out, sets=set_list, mode=mode, quest=quest,
                summary=summary, lang=lang,
            )  # fmt: skip
