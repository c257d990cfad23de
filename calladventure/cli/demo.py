"""``calladventure demo``: a seeded game between bots, printed as an annotated log citing the rules."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import echo_json, examples, friendly

__all__ = ["DEMO_EXAMPLES", "demo"]

DEMO_EXAMPLES = examples(
    "calladventure demo --seed 7",
    "calladventure demo --players 2 --bots greedy,random --json",
    "calladventure demo --players 1 --sets stormlight --mode solo --quest 'Radiants United'",
    "calladventure demo --players 2 --sets core,notw",
)


def demo(
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots: same seed, same game.")] = 7,
    players: Annotated[int, typer.Option(min=1, max=4, help="Number of heroes (1 to 4).")] = 3,
    bots: Annotated[
        str, typer.Option(help="Comma-separated bots per seat (greedy, random), repeated to fill the seats.")
    ] = "greedy,random,greedy",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the seed, actions, events and final scores as JSON.")
    ] = False,
    sets: Annotated[
        str, typer.Option(help="Comma-separated card sets (e.g. core, stormlight, core,notw).")
    ] = "core",
    mode: Annotated[
        str,
        typer.Option(help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium)."),
    ] = "competitive",
    quest: Annotated[
        str | None, typer.Option(help="The Adversary Quest of a solo or co-op game (name or id).")
    ] = None,
) -> None:
    """Play a seeded game between bots and print it as an annotated log, citing the rules."""
    from rich.console import Console as RichConsole

    from ..play.bots import play_game
    from ..present.demo import demo_record, new_demo_game, run_demo

    set_list = tuple(s.strip() for s in sets.split(",") if s.strip())
    with friendly():
        if as_json:
            game, seats = new_demo_game(seed, players, bots, sets=set_list, mode=mode, quest=quest)
            play_game(game, seats)
            echo_json(demo_record(game, bots, seed))
        else:
            run_demo(
                seed=seed,
                players=players,
                bots=bots,
                out=RichConsole(highlight=False),
                sets=set_list,
                mode=mode,
                quest=quest,
            )
