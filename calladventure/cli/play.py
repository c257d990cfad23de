"""``calladventure play``: an interactive game in the terminal, human and bot seats (000 · Each Turn)."""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Annotated

import typer

from .common import console, examples, friendly
from .options import rule_options
from .saves import game_from_file
from .session import PLAY_HELP, PlaySession

__all__ = ["PLAY_COMMAND_HELP", "PLAY_EXAMPLES", "play", "seat_kinds"]

PLAY_COMMAND_HELP = (
    "Play an interactive game in the terminal, with any mix of human and bot seats.\n\n" + PLAY_HELP
)
PLAY_EXAMPLES = examples(
    "calladventure play",
    "calladventure play --seats human,greedy,random --seed 3",
    "calladventure play --seats human,human --rule icon_sets=cap_at_four",
    "calladventure play --seats human,greedy --sets stormlight --mode coop",
    "calladventure play --load my-game.json",
    "calladventure play --load examples/scenarios/000-play-example-ending-act-i.toml --seats human,human",
)


def play(
    seats: Annotated[
        str, typer.Option(help="Comma-separated seats: human, greedy or random (repeated to fill --players).")
    ] = "human,greedy",
    players: Annotated[
        int | None, typer.Option(min=1, max=4, help="Number of heroes (default: one per --seats entry).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game and of the bots.")] = 7,
    sets: Annotated[str, typer.Option(help="Comma-separated card sets (e.g. core or stormlight).")] = "core",
    rule: Annotated[
        list[str] | None,
        typer.Option(metavar="OPTION=VALUE", help="A rules option (see 'calladventure rules')."),
    ] = None,
    load: Annotated[
        FsPath | None, typer.Option(help="Start from a save (.json) or a scenario (.toml, its steps played).")
    ] = None,
    reveal: Annotated[bool, typer.Option(help="Show every hand and Destiny (a teaching view).")] = False,
    mode: Annotated[
        str,
        typer.Option(help="competitive, or solo / coop against the set's Adversary (000 · Facing Odium)."),
    ] = "competitive",
    quest: Annotated[
        str | None, typer.Option(help="The Adversary Quest of a solo or co-op game (name or id).")
    ] = None,
) -> None:
    """Start a game (new, or from ``--load``) and play it at the prompt (see :class:`PlaySession`).

    The command's help is :data:`PLAY_COMMAND_HELP`, given where it is registered.
    """
    from ..game import Game

    with friendly():
        kinds = seat_kinds(seats)
        if load is not None:
            game, _result = game_from_file(load)
        else:
            n = players if players is not None else len(kinds)
            options = rule_options(rule or [])
            game = Game.new(
                players=n,
                seed=seed,
                sets=[s.strip() for s in sets.split(",") if s.strip()],
                mode=mode,
                quest=quest,
                **options,
            )
        session = PlaySession(game, kinds, seed=seed, console=console(), reveal=reveal)
    session.run()


def seat_kinds(spec: str) -> list[str]:
    """``--seats`` as a list of seat kinds: human or a bot's name; anything else is refused."""
    from ..play.bots import BOTS
    from ..values.errors import CallAdventureError

    kinds = [s.strip().lower() for s in spec.split(",") if s.strip()]
    if not kinds:
        raise CallAdventureError("--seats needs at least one seat: human, greedy or random")
    for kind in kinds:
        if kind != "human" and kind not in BOTS:
            raise CallAdventureError(f"unknown seat {kind!r}; choose from {['human', *sorted(BOTS)]}")
    return kinds
