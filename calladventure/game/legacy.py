"""Saves written by calladventure 0.1, before expansions kept their parts in ``ext`` values.

They still load: their start positions are read in the old shape (:func:`upgrade_state`), and
their digests are checked in the old shape too (:func:`legacy_digest`). See :mod:`.saves` for
the save format itself.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..data.saves import dump_state
from ..expansions.naming import KEY as NAMING
from ..expansions.odium import KEY as ODIUM
from ..expansions.odium import LOYALTY
from ..rules.cast import added_dark, pending_cast
from ..values.actions import CastRunes, Choose, Pass
from ..values.errors import CallAdventureError, IllegalActionError
from ..values.state import GameState

_HOW_NAMED = "by a learned Name"
_MAX_EXTRA_PASSES = 16  # seats asked again before one recorded action (four seats, a few cards each)


def replay_actions(
    game: Any, actions: Sequence[str], push: Callable[[str], None], *, earlier: bool = False
) -> tuple[int, str] | None:
    """Push a save's actions in order; (index, reason) of the first that does not replay, else None.

    With ``earlier``, the actions are those of a save written before priority passed around the
    table. Earlier engines gave each seat one pass per timing window and asked every seat,
    whether or not it had anything to play; today a priority point asks only seats with
    something to play (option ``stops``) and asks every seat again after each card (000 · Hero
    and Antihero Cards). So a recorded ``pass`` that today's rules do not ask for is skipped,
    and a seat that today's rules ask again passes, as the earlier engine let it do by closing
    the window; a forced choice the earlier engine made by itself (which Ally to sacrifice,
    which card to discard: 000 · Glossary: Sacrifice) takes the first option, as it did. Every
    other action must replay as recorded.
    """
    for i, notation in enumerate(actions):
        try:
            push(notation)  # the common case, first and alone: a save's action replays as recorded
            continue
        except CallAdventureError as exc:
            reason = _reason(exc)
        if _after_dark_casts(game, notation, push):
            continue
        if not earlier:
            return i, reason
        if notation.strip() == "pass":
            continue  # today's rules did not ask this seat
        for _ in range(_MAX_EXTRA_PASSES - 1):
            if not _ask_again(game):
                return i, reason
            try:
                push(notation)
                break
            except CallAdventureError as exc:
                reason = _reason(exc)
        else:
            return i, "the earlier engine's timing windows cannot be matched" if _ask_again(game) else reason
    return None


def catch_up_dark_cast(game: Any) -> bool:
    """Push the cast of Dark runes added after a cast if it is due; False if it is not.

    Saves written before that cast was a step of its own (``rules.cast.dark_cast``) do not record
    it: their engine cast the added runes inside the card's effect, from the game's RNG as it then
    stood, which is as it stands now; so a plain ``cast`` draws the same faces (000 · FAQs:
    Card-draw result during a challenge).
    """
    top = pending_cast(game.state)
    if top is None or not added_dark(top):
        return False
    game.push(CastRunes())
    return True


def _after_dark_casts(game: Any, notation: str, push: Callable[[str], None]) -> bool:
    """Push the casts of added Dark runes a save does not record (:func:`catch_up_dark_cast`), then ``notation``."""
    while catch_up_dark_cast(game):
        try:
            push(notation)
            return True
        except CallAdventureError:
            continue
    return False


def _ask_again(game: Any) -> bool:
    """Push what today's rules ask for that an earlier engine did not; False if that is not it.

    A seat asked again passes (the earlier engine let it close the window); a forced choice the
    earlier engine made by itself takes the first option, as it did.
    """
    legal = game.legal_list()
    if Pass() in legal:
        game.push(Pass())
        return True
    if legal and all(isinstance(a, Choose) for a in legal):
        game.push(legal[0])
        return True
    return False


def _reason(exc: CallAdventureError) -> str:
    """What a refused action's error says of it (an illegal action's own reason)."""
    return exc.reason if isinstance(exc, IllegalActionError) else str(exc)


def upgrade_state(doc: Any) -> Any:
    """A saved state in the 0.1 shape (``odium``, ``names``, ``named``, ``ChooseLoyalty``) in today's shape."""
    if not isinstance(doc, dict) or "ext" in doc or "odium" not in doc:
        return doc
    doc = copy.deepcopy(doc)
    odium = doc.pop("odium")
    doc["ext"] = {ODIUM: odium} if odium is not None else {}
    for player in doc.get("players", []):
        if isinstance(player, dict) and "names" in player:
            names = player.pop("names")
            player["ext"] = {NAMING: names} if names else {}
    turn = doc.get("turn")
    if isinstance(turn, dict) and "named" in turn:
        turn["marks"] = [NAMING] if turn.pop("named") else []
    pending = doc.get("pending", [])
    for i, item in enumerate(pending):
        if not isinstance(item, dict):
            continue
        if item.get("type") == "AwaitCast" and "name" in item:
            name = item.pop("name")
            item.update(source=NAMING, detail=name) if name else item.update(source="", detail="")
        elif item.get("type") == "ChooseLoyalty":
            pending[i] = {"type": "Decision", "seat": item.get("seat"), "source": ODIUM, "kind": LOYALTY}
    attempt = doc.get("attempt")
    if isinstance(attempt, dict) and "named" in attempt:
        attempt["auto"] = _HOW_NAMED if attempt.pop("named") else ""
        attempt["against"] = ODIUM if attempt.get("act") == 0 else ""
    return doc


def _downgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """Today's saved state in the 0.1 shape (for checking the digests of old saves)."""
    doc = copy.deepcopy(doc)
    ext = doc.pop("ext", {})
    doc["odium"] = ext.get(ODIUM)
    for player in doc["players"]:
        player["names"] = player.pop("ext", {}).get(NAMING, [])
    doc["turn"]["named"] = NAMING in doc["turn"].pop("marks", [])
    pending = []
    for item in doc["pending"]:
        if item.get("type") == "AwaitCast":
            source, detail = item.pop("source", ""), item.pop("detail", "")
            item["name"] = detail if source == NAMING else None
        elif item.get("type") == "Decision" and item.get("source") == ODIUM:
            item = {"type": "ChooseLoyalty", "seat": item["seat"]}
        pending.append(item)
    doc["pending"] = pending
    if doc.get("attempt") is not None:
        attempt = doc["attempt"]
        attempt.pop("against", None)
        attempt["named"] = bool(attempt.pop("auto", ""))
    return doc


def legacy_digest(state: GameState, ext_types: dict[str, Any]) -> str:
    """The digest calladventure 0.1 would have written for this state."""
    doc = _downgrade(dump_state(state, ext_types))
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:24]


__all__ = ["catch_up_dark_cast", "legacy_digest", "replay_actions", "upgrade_state"]
