"""``calladventure demo``: a seeded game between bots, printed as an annotated log citing the rules."""

from __future__ import annotations

from typing import Annotated, Literal

import typer

from ..values._kinds import Mode
from ._choices import BOTS, complete_bots, complete_quests, complete_sets, split_list
from ._common import echo_json, examples, friendly

__all__ = ["DEMO_EXAMPLES", "demo"]

DEMO_EXAMPLES = examples(
    "calladventure demo --seed 7",
    "calladventure demo --seed 7 --summary",
    "calladventure demo --players 2 --bots greedy,random --json",
    "calladventure demo --players 1 --sets stormlight --mode solo --quest 'Radiants United'",
    "calladventure demo --players 2 --sets core,notw",
    "calladventure demo --lang fr --summary",
)


def demo(
    seed: Annotated[
        int, typer.Option(metavar="N", help="Seed of the game and of the bots: same seed, same game.")
    ] = 7,
    players: Annotated[int, typer.Option(min=1, max=4, metavar="N", help="Number of heroes (1 to 4).")] = 3,
    bots: Annotated[
        list[str] | None,
        typer.Option(
            metavar="BOT[,BOT…]",
            autocompletion=complete_bots,
            help="Bots per seat (greedy, random), comma-separated or repeated, repeated to fill the seats. "
            "[default: greedy,random,greedy]",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the seed, actions, events and final scores as JSON.")
    ] = False,
    summary: Annotated[
        bool, typer.Option("--summary", help="A short log: what each turn achieved, then the scores.")
    ] = False,
    sets: Annotated[
        list[str] | None,
        typer.Option(
            metavar="SET[,SET…]",
            autocompletion=complete_sets,
            help="Card sets, comma-separated or repeated (core, stormlight, notw). [default: core]",
        ),
    ] = None,
    mode: Annotated[
        Mode,
        typer.Option(help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium)."),
    ] = Mode.COMPETITIVE,
    quest: Annotated[
        str | None,
        typer.Option(
            metavar="QUEST",
            autocompletion=complete_quests,
            help="The Adversary Quest of a solo or co-op game (name or id).",
        ),
    ] = None,
    lang: Annotated[Literal["en", "fr"], typer.Option(help="Language of the log.")] = "en",
) -> None:
    """Play a seeded game between bots and print it as an annotated log, citing the rules."""
    from rich.console import Console as RichConsole

    from ..data import bundled_sets
    from ..play.bots import play_game
    from ..present import demo_record, new_demo_game, run_demo

    with friendly(as_json):
        bot_list = split_list(bots if bots is not None else ["greedy,random,greedy"], "--bots", BOTS)
        set_list = tuple(split_list(sets if sets is not None else ["core"], "--sets", bundled_sets()))
        if as_json:
            game, seats = new_demo_game(seed, players, bot_list, sets=set_list, mode=mode, quest=quest)
            play_game(game, seats)
            echo_json(demo_record(game, bot_list, seed))
        else:
            out = RichConsole(highlight=False)
            run_demo(
                seed=seed, players=players, bots=bot_list, out=out, sets=set_list, mode=mode, quest=quest,
                summary=summary, lang=lang,
            )  # fmt: skip
