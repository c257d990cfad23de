"""The Odium box's fast copies of its own values, each declared once (docs/design.md § Speed without shortcuts).

Made by the core's generator (``values/_copies.py``: each names the fields it changes, taken as
arguments); the box's copies of the core's values are declared there too. The Adversary's part
changes on many pushes of a co-op game (000 · Playing Odium's Cards).
"""

from __future__ import annotations

from ...values._copies import replacer
from ._state import OdiumState

# ---- OdiumState ---------------------------------------------------------------------------------

#: A copy of ``odium`` as a card is revealed: its deck, discard pile and revealed cards changed.
odium_with_deck_discard_revealed = replacer(OdiumState, "deck", "discard", "revealed")
#: A copy of ``odium`` as the turn ends: its revealed cards and discard pile changed.
odium_with_revealed_discard = replacer(OdiumState, "revealed", "discard")
#: A copy of ``odium`` with its tokens and the tokens gained and lost changed.
odium_with_tokens_gained_lost = replacer(OdiumState, "tokens", "gained", "lost")
