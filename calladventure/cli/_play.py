"""``calladventure play``: an interactive game in the terminal, human and bot seats (000 · Each Turn)."""

from __future__ import annotations

from pathlib import Path as FsPath
from typing import Annotated

import typer

from ..values._kinds import Mode
from ._choices import SEATS, complete_files, complete_seats, split_list
from ._common import CORE_SETS, Lang, ModeOption, Quest, RuleSpecs, Seed, Sets, console, examples, friendly
from ._options import rule_options
from ._saves import game_from_file
from ._session import PLAY_HELP, PlaySession

__all__ = ["PLAY_COMMAND_HELP", "PLAY_EXAMPLES", "PLAY_SEATS", "play", "seat_kinds"]

PLAY_COMMAND_HELP = (
    "Play an interactive game in the terminal, with any mix of human and bot seats.\n\n\b\n" + PLAY_HELP
)
PLAY_EXAMPLES = examples(
    "calladventure play",
    "calladventure play --seats human,greedy,random --seed 3",
    "calladventure play --seats human --seats human --rule icon_sets=cap_at_four",
    "calladventure play --seats human,human --hot-seat",
    "calladventure play --seats human,greedy --sets stormlight --mode coop",
    "calladventure play --load my-game.json",
    "calladventure play --load examples/scenarios/000-play-example-ending-act-i.toml --seats human,human",
    "calladventure play --lang fr",
)


#: The seats of ``play`` by default.
PLAY_SEATS = ["human,greedy"]

# The options only ``play`` takes (those it shares with other commands are in .common).
_Seats = Annotated[
    list[str],
    typer.Option(
        metavar="SEAT[,SEAT…]",
        autocompletion=complete_seats,
        help="Seats: human, greedy, random or search, comma-separated or repeated (repeated to fill --players).",
    ),
]
_SeatPlayers = Annotated[
    int | None,
    typer.Option(min=1, max=4, metavar="N", help="Number of heroes, 1 to 4 (default: one per seat)."),
]
_Load = Annotated[
    FsPath | None,
    typer.Option(
        metavar="FILE",
        autocompletion=complete_files,
        help="Start from a save (.json) or a scenario (.toml, its steps played).",
    ),
]
_Reveal = Annotated[bool, typer.Option(help="Show every hand and Destiny (a teaching view).")]
_HotSeat = Annotated[
    bool, typer.Option(help="Clear the screen between human seats: pass the device to the next hero.")
]
_AutoPass = Annotated[
    bool,
    typer.Option(
        help="Pass by yourself where you have nothing to play in a timing window, and cast forced casts "
        "('a' at the prompt toggles it)."
    ),
]


def play(
    seats: _Seats = PLAY_SEATS,
    players: _SeatPlayers = None,
    seed: Seed = 7,
    sets: Sets = CORE_SETS,
    rule: RuleSpecs = None,
    load: _Load = None,
    reveal: _Reveal = False,
    hot_seat: _HotSeat = False,
    mode: ModeOption = Mode.COMPETITIVE,
    quest: Quest = None,
    auto_pass: _AutoPass = True,
    lang: Lang = "en",
) -> None:
    """Start a game (new, or from ``--load``) and play it at the prompt (see :class:`PlaySession`).

    The command's help is :data:`PLAY_COMMAND_HELP`, given where it is registered.
    """
    from ..data import bundled_sets
    from ..game import Game

    with friendly(lang=lang):
        kinds = seat_kinds(seats)
        set_ids = split_list(sets, "--sets", bundled_sets())
        if load is not None:
            game, _result = game_from_file(load)
        else:
            n = players if players is not None else len(kinds)
            options = rule_options(rule or [])
            game = Game.new(players=n, seed=seed, sets=set_ids, mode=mode, quest=quest, **options)
        session = PlaySession(
            game,
            kinds,
            seed=seed,
            console=console(),
            reveal=reveal,
            auto_pass=auto_pass,
            lang=lang,
            hot_seat=hot_seat,
        )
    session.run()


def seat_kinds(spec: str | list[str]) -> list[str]:
    """``--seats`` as a list of seat kinds (human or a bot's name); anything else is refused, naming the choices."""
    return split_list([spec] if isinstance(spec, str) else spec, "--seats", SEATS)
