"""The arguments of the :class:`~calladventure.game.Game` facade, checked before anything changes.

Each bad argument is a typed error (a :class:`~calladventure.values._errors.CallAdventureError`,
so a ``ValueError``) that names the value and the valid choices: the players and seed of a new
game (000 · Setting Up the Game), its card sets and mode, the path and Dark runes of a
hypothetical attempt's odds (000 · Attempt a Challenge; 000 · Dark Runes).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence

from ..data import bundled_sets
from ..rules._context import Context, Library
from ..values._actions import Action, AttemptChallenge
from ..values._cards import Card, Side
from ..values._errors import CallAdventureError, UnknownValueError
from ..values._illegal import GameSetupError, IllegalActionError
from ..values._options import DarkLimit
from ..values._rng import check_seed
from ..values._state import Config, GameState, Mode

__all__ = ["check_dark_runes", "checked_new", "odds_side", "odds_target", "read_seat"]


def checked_new(
    lib: Library, players: object, seed: object, sets: object, mode: object
) -> tuple[int, int, tuple[str, ...], Mode]:
    """The arguments of :meth:`Game.new`, checked: each bad one is a typed error naming it and the choices."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise GameSetupError(
            f"players must be 1, 2, 3 or 4 (Call to Adventure seats 1 to 4 heroes), not {players!r}"
        )
    check_seed(seed)
    known = bundled_sets()
    if isinstance(sets, str) or not isinstance(sets, Sequence) or not all(isinstance(s, str) for s in sets):
        raise GameSetupError(
            f"sets must be a list of card-set ids such as ['core'] or ['stormlight'], not {sets!r}"
        )
    if not sets:
        raise GameSetupError(
            f"sets is empty: name at least one card set, e.g. ['core'] (bundled: {', '.join(known)})"
        )
    for set_id in sets:
        try:
            lib.get_set(set_id)
        except CallAdventureError:
            raise GameSetupError(
                f"unknown card set {set_id!r}; choose from {', '.join(known)} (or a set you registered)"
            ) from None
    try:
        if not isinstance(mode, str):
            raise ValueError(mode)
        chosen = Mode(mode)
    except ValueError:
        raise GameSetupError(
            f"unknown mode {mode!r}; choose from {', '.join(m.value for m in Mode)}"
        ) from None
    assert isinstance(seed, int)
    return players, seed, tuple(sets), chosen


def read_seat(config: Config, seat: object) -> int:
    """The seat ``seat`` names: its number (0-based), its label ``"P1"`` or its hero's name (case aside).

    The one reader of seats for the facade (``view``, ``observation_string``, a card's target …);
    another type is a ``TypeError``, a seat the game does not have an :class:`UnknownValueError`
    naming the seats and, for a word, the closest one (000 · Setting Up the Game).
    """
    if isinstance(seat, bool) or not isinstance(seat, int | str):
        raise TypeError(f"a seat is a number, 'P1' or a hero's name, not {type(seat).__name__}: {seat!r:.40}")
    n = config.players
    words = {f"P{i + 1}": i for i in range(n)} | {config.name(i): i for i in range(n)}
    if isinstance(seat, int) and 0 <= seat < n:
        return seat
    close: list[str] = []
    if isinstance(seat, str):
        word = " ".join(seat.split()).casefold()
        for label, i in words.items():
            if label.casefold() == word:
                return i
        close = difflib.get_close_matches(word, [w.casefold() for w in words], n=1, cutoff=0.5)
    labels = [" or ".join(dict.fromkeys((config.name(i), f"P{i + 1}"))) for i in range(n)]
    seats = ", ".join(f"{i} ({label})" for i, label in enumerate(labels))
    hint = "".join(f"; did you mean {w!r}?" for w in words if close and w.casefold() == close[0])
    raise UnknownValueError(f"no seat {seat!r}: the seats of this game are {seats}{hint}")


def odds_target(
    name: object, path: object, dark: object, describe: Callable[[Action], str]
) -> tuple[str | None, object, object]:
    """What :meth:`Game.odds` was asked about: a challenge, path and Dark runes (an attempt from
    ``legal_actions`` gives all three); any other action is refused, in its words."""
    if isinstance(name, AttemptChallenge):
        return name.card, name.side, name.dark
    if isinstance(name, Action):
        raise IllegalActionError(
            "odds", f"{describe(name)!r} is not an attempt: give a challenge or an attempt"
        )
    if name is not None and not isinstance(name, str):
        raise IllegalActionError("odds", f"give a challenge's name or an attempt, not {name!r}")
    return name, path, dark


def odds_side(card: Card, path: object) -> Side:
    """The path asked for in :meth:`Game.odds`, or an error listing the card's paths."""
    choices = ", ".join(f"{s.value!r} ({card.path(s).label or card.name})" for s in card.sides)
    try:
        if not isinstance(path, str):
            raise ValueError(path)
        side = Side(path)
    except ValueError:
        raise IllegalActionError(
            "odds", f"path {path!r} is not a path of {card.name}; choose from {choices}"
        ) from None
    if side not in card.sides:
        raise IllegalActionError("odds", f"{card.name} has no {side.value} path; choose from {choices}")
    return side


def check_dark_runes(ctx: Context, state: GameState, seat: int, dark: object) -> int:
    """Dark runes asked for in :meth:`Game.odds`: a whole number within the rules' limit and the hero's means."""
    if isinstance(dark, bool) or not isinstance(dark, int):
        raise IllegalActionError("odds", f"dark_runes must be a whole number, not {dark!r}")
    if dark < 0:
        raise IllegalActionError(
            "odds", f"dark_runes cannot be negative (got {dark})", section="000/dark-runes"
        )
    if not dark:
        return 0
    player = state.players[seat]
    if not ctx.track.at(player.level).dark_runes:
        raise IllegalActionError(
            "odds", f"no Dark runes at {ctx.config.name(seat)}'s Corruption level", section="000/dark-runes"
        )
    used = (
        state.turn.dark_bought
        if state.turn.seat == seat and ctx.config.rules.dark_limit is DarkLimit.PER_TURN
        else 0
    )
    per_turn = ctx.config.rules.dark_runes_per_turn - used
    limit = max(0, min(per_turn, player.xp))
    if dark > limit:
        raise IllegalActionError(
            "odds",
            f"dark_runes={dark}: at most {limit} now ({per_turn} more this turn, one Experience each, "
            f"and {ctx.config.name(seat)} has {player.xp} Experience)",
            section="000/dark-runes",
        )
    return dark
