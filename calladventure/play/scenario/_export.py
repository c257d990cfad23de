"""A point of a live game as a scenario that rebuilds it ("give me this position as a file").

:func:`scenario_from_game` writes the latest start-of-turn position (:mod:`.position_doc`)
and the actions since then as steps (:func:`step_tables`); a game that never reached one
(still dealing) is written as ``new = true`` plus every action. Every candidate is checked
by reading it back from its TOML text and replaying it: the result rebuilds the same state,
or :class:`~.schema.ScenarioError` says why it cannot.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any, TypeVar

import attrs

from ...game import Game
from ...rules import cast_pool
from ...values._actions import Action, CastRunes
from ...values._errors import CallAdventureError
from ...values._state import GameState
from ._position_doc import card_table, config_table, is_clean, position_doc, unbundled_sets
from ._reading import read_document
from ._running import run_scenario
from ._schema import SCENARIO_FORMAT, ScenarioData, ScenarioError
from ._writing import dumps_toml

__all__ = ["roundtrip", "scenario_from_game", "step_tables", "verify"]

S = TypeVar("S", bound=ScenarioData)


def step_tables(game: Game, start: int) -> list[dict[str, Any]]:
    """The actions from ``start`` on as steps: notation with card names (ids where a name is ambiguous).

    A cast is written by its faces' names when each rune's two faces differ, else by face index.
    """
    steps: list[dict[str, Any]] = []
    for i in range(start, len(game.history)):
        action: Action = game.history[i]
        before = game.state_at(i)
        if isinstance(action, CastRunes) and action.faces is not None:
            pool = cast_pool(game.ctx, before)
            assert pool is not None
            if all(r.faces[0].name != r.faces[1].name for r in pool):
                steps.append({"cast": [r.faces[f].name for r, f in zip(pool, action.faces, strict=True)]})
            else:
                steps.append({"cast": list(action.faces)})
            continue
        probe = Game.from_state(before, record_events=False, library=game.library)
        text = game.describe(action)
        try:
            same = probe.parse(text) == action
        except CallAdventureError:
            same = False
        steps.append({"do": text if same else str(action)})
    return steps


def scenario_from_game(
    cls: type[S], game: Game, *, question: str = "", answer: str = "", title: str = ""
) -> S:
    """This game's current position as a ``cls`` that rebuilds it (see the module's docstring)."""
    ctx = game.ctx
    extra = unbundled_sets(game.config.sets)
    if len(extra) > 1:
        raise ScenarioError(
            "<game>", None, "sets", f"a scenario holds one inline card set; this game uses {extra}"
        )
    inline = extra[0] if extra else None
    head: dict[str, Any] = {"format": SCENARIO_FORMAT}
    if title:
        head["title"] = title
    if question:
        head["question"] = question
    if answer:
        head["answer"] = answer
    cards = [card_table(c) for s in ctx.sets if s.id == inline for c in s.cards]
    candidates: list[int] = []
    for i in range(len(game.history), -1, -1):
        if is_clean(ctx, game.state_at(i)):
            candidates.append(i)
            break
    started_new = json.loads(game.save())["start"] is None
    if 0 not in candidates and not started_new:
        candidates.append(0)
    tried: list[str] = []
    for i in candidates:
        state = game.state_at(i)
        if i == 0 and not started_new and not is_clean(ctx, state):
            tried.append("the game's start position is not a start-of-turn position")
            continue
        doc = {**head, **position_doc(ctx, state, inline), "steps": step_tables(game, i)}
        if cards:
            doc["cards"] = cards
        problem = verify(cls, doc, game)
        if problem is None:
            found = read_document(
                cls, roundtrip(doc), file="<game>", default_set=inline or "scenario", library=game.library
            )
            return attrs.evolve(found, library=game.library)
        tried.append(problem)
    if started_new:
        new = {"new": True, **config_table(game.state_at(0).config, inline, ref=str, keep_sets=True)}
        doc = {**head, "game": new, "steps": step_tables(game, 0)}
        if cards:
            doc["cards"] = cards
        problem = verify(cls, doc, game)
        if problem is None:
            found = read_document(
                cls, roundtrip(doc), file="<game>", default_set=inline or "scenario", library=game.library
            )
            return attrs.evolve(found, library=game.library)
        tried.append(problem)
    raise ScenarioError(
        "<game>", None, None, "this position cannot be written as a scenario: " + "; ".join(tried)
    )


def roundtrip(doc: dict[str, Any]) -> dict[str, Any]:
    """``doc`` written as TOML text and read back (what a file of it would hold)."""
    return tomllib.loads(dumps_toml(doc))


def verify(cls: type[ScenarioData], doc: dict[str, Any], game: Game) -> str | None:
    """None if the scenario ``doc`` replays to the game's state, else what differs."""
    try:
        scn = read_document(
            cls,
            roundtrip(doc),
            file="<game>",
            default_set=doc["game"].get("card_set", "scenario"),
            library=game.library,
        )
        scn = attrs.evolve(scn, library=game.library)
        result = run_scenario(scn)
    except CallAdventureError as exc:
        return f"it does not rebuild ({exc})"
    if not result.ok:
        return f"it does not replay ({result.failure})"
    if result.game.state != game.state:
        a, b = result.game.state, game.state
        diff = [f.name for f in attrs.fields(GameState) if getattr(a, f.name) != getattr(b, f.name)]
        return f"the rebuilt state differs in {diff}"
    return None
