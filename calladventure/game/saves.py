"""Save files: a game as versioned JSON (its configuration, start position, actions and a digest).

A save holds the configuration, the start position when the game began from an exact
position, every action in notation (casts with their faces) and a digest of the final state.
Loading replays the actions and checks the digest, so a save that loads is the same game.

Saves written before expansions kept their parts in ``ext`` values (calladventure 0.1) still
load: their start positions are read in the old shape (:func:`upgrade_state`), and their
digests are checked in the old shape too (:func:`legacy_digest`).
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

from ..data.saves import dump_state
from ..expansions.naming import KEY as NAMING
from ..expansions.odium import KEY as ODIUM
from ..expansions.odium import LOYALTY
from ..values.errors import SaveFormatError
from ..values.state import GameState

#: The format tag of save files.
SAVE_FORMAT = "calladventure.save/1"

_HOW_NAMED = "by a learned Name"


def read_save(source: str | Path) -> dict[str, Any]:
    """A save's JSON (text, or a file's path), checked field by field before anything is replayed.

    A save needs ``format``; ``actions``, a list of action notations; and ``config`` (an object)
    unless it has a ``start`` position. Anything else missing or of the wrong kind is a
    :class:`~calladventure.values.errors.SaveFormatError` naming the field.
    """
    text = str(source)
    if not text.lstrip().startswith("{"):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise SaveFormatError(f"cannot read save file {source}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise SaveFormatError(f"save file {source} is not UTF-8 text") from None
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SaveFormatError(f"save is not valid JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveFormatError(f"not a calladventure save (expected format {SAVE_FORMAT!r})")
    if doc.get("start") is None and not isinstance(doc.get("config"), dict):
        what = "has no 'config'" if "config" not in doc else "has a 'config' that is not an object"
        raise SaveFormatError(f"the save {what}: it cannot be replayed")
    actions = doc.get("actions")
    if "actions" not in doc:
        raise SaveFormatError("the save has no 'actions' (the list of moves to replay, [] for none)")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveFormatError("the save's 'actions' must be a list of action notations (strings)")
    if not isinstance(doc.get("digest", ""), str | None):
        raise SaveFormatError("the save's 'digest' must be a string")
    return doc


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


__all__ = ["SAVE_FORMAT", "legacy_digest", "read_save", "upgrade_state"]
