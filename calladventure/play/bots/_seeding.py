"""Each bot's tie-break RNG, derived from its seed and the position: a bot's choice is a pure function of both.

A bot that kept one :class:`random.Random` for the whole game chose differently on the same
position depending on how many draws came before (asked twice, or after an undo). Here each
decision starts a fresh RNG seeded from BLAKE2b of the bot's seed and the position's public
facts (the turn, the phase, the pending decisions, the rows, each hero's table and counts): what
every seat sees (``000 · Deal the Cards``), so the same digest comes from the game's state and
from any seat's view of it, and no hidden card or future cast (``000 · Reading the Runes``) is read.
"""

from __future__ import annotations

import hashlib
import random

from ...values._state import GameState

__all__ = ["position_rng"]


def position_rng(seed: int, state: GameState) -> random.Random:
    """A fresh RNG for ``seed`` at ``state``: the same seed and position always give the same draws."""
    rows = [
        (r.act, r.revealed, len(r.deck), len(r.discard), [s and (s.card, s.ally) for s in r.slots])
        for r in state.rows
    ]
    heroes = [
        (p.xp, p.level, len(p.hand), p.story, [a.card for a in p.allies], p.played, p.destiny_revealed)
        for p in state.players
    ]
    decks = (len(state.hero_deck), len(state.antihero_deck), state.hero_discard, state.antihero_discard)
    pending = [type(p).__name__ for p in state.pending]
    attempt = None if state.attempt is None else (state.attempt.card, state.attempt.side.value)
    key = f"calladventure.bot/1:{seed}:{state.turn!r}:{state.phase.value}:{pending}:{attempt}:{rows}:{heroes}:{decks}"
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))
