"""The view-model of a game: what every picture shows, asked of the rules once, as plain frozen values.

:func:`game_model` builds a :class:`GameModel` from a :class:`~calladventure.game.Game` as one
seat sees it (``viewer``) or with every secret shown (``reveal=True``): the header, the
attempt under way with its rune pool, difficulty and bonus (and where each comes from) and
its exact odds, the last cast, the legal actions, the panels the boxes in play add (the
Adversary of a co-op game …: ``Expansion.table_pictures``), the table's rows, each hero's
tableau and track, the event log and, once the game is over, the scores. The table's
values (rows, attempt, cast) are built in :mod:`.table_model`, the heroes' in :mod:`.heroes`,
the odds' in :mod:`.odds_model`. The rich and HTML renderers (``rich_*`` and ``html_*`` modules) only lay these values out, so the
terminal and the notebook can never disagree about a number.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..game import Game
from ..rules import CHOICE_WORDS, WINDOW_WORDS, Picture, View, redact, winners
from ..values._actions import Action, AttemptChallenge
from ..values._cards import Side
from ..values._events import Event
from ..values._reprs import Drawable
from ..values._score import Score
from ..values._sections import cite
from ..values._state import (
    AwaitCast,
    Choice,
    ChooseCharacter,
    ChooseDraw,
    ChooseRecastDark,
    Config,
    Decision,
    GameState,
    Phase,
    PlaceAlly,
    Window,
)
from ._heroes import TableauModel, tableau_model
from ._i18n import event_text
from ._table_model import AttemptModel, CastModel, RowModel, attempt_and_cast, rows_model
from ._words import ROMAN, who

# ============================================================================ the values

#: What a picture of a game is drawn from: the game (``viewer`` / ``reveal``) or one seat's view.
Shown = Game | View


@attrs.frozen
class HeaderModel:
    """The game's header: seed, turn, phase, whose turn and move, and what the game waits for (000 · Each Turn)."""

    seed: int | str  # "hidden" in a seat's view (rules/_view.py)
    turn: int
    phase: str
    active: str
    to_move: str
    step: int
    final_turns: str | None  # the seats still to take a final turn, while the game is ending
    seen_as: str
    waiting: str


@attrs.frozen
class ActionsModel:
    """The legal actions of the seat to move, in words, an attempt's Dark-rune choices folded into one line."""

    who: str
    count: int
    lines: tuple[str, ...]


@attrs.frozen
class ScoresModel(Drawable):
    """Every hero's itemised score and the winners' seats (000 · Ending the Game)."""

    scores: tuple[Score, ...]
    winners: tuple[int, ...]


@attrs.frozen
class EventRow:
    """One event of the log: its step, who, what, the citation a reader sees and the section it names."""

    step: int
    who: str
    text: str
    citation: str
    section: str = ""


@attrs.frozen
class GameModel(Drawable):
    """Everything a picture of the game shows, as ``viewer`` may see it (000 · Deal the Cards)."""

    viewer: int
    header: HeaderModel
    scores: ScoresModel | None  # once the game is over
    attempt: AttemptModel | None
    cast: CastModel | None
    actions: ActionsModel
    pictures: tuple[Picture, ...]  # the panels of the boxes in play (the Adversary in co-op …)
    rows: tuple[RowModel, ...]
    tableaux: tuple[TableauModel, ...]
    events: tuple[EventRow, ...]


# ============================================================================ the game's words


def waiting_for(game: Game) -> str:
    """What the game waits for now, and whose decision it is (000 · FAQs: Card timing)."""
    state = game.state
    cfg = state.config
    if state.phase is Phase.OVER:
        return "nothing: the game is over"
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, ChooseCharacter):
            return f"{who(cfg, top.seat)} to keep one of the dealt {top.kind.capitalize()} cards"
        if isinstance(top, PlaceAlly):
            name = game.ctx.db[top.ally].name
            return f"{who(cfg, top.seat)} to tuck the Ally {name} under a challenge of Act {ROMAN[top.act]}"
        if isinstance(top, ChooseDraw):
            return f"{who(cfg, top.seat)} to choose the Hero or Antihero deck for a draw"
        if isinstance(top, AwaitCast):
            return f"the runes to be cast for {who(cfg, top.seat)}'s attempt"
        if isinstance(top, ChooseRecastDark):
            return (
                f"{who(cfg, top.seat)} to buy more Dark runes before the re-attempt casts (dark 0 for none)"
            )
        if isinstance(top, Decision):
            return (
                f"{who(cfg, top.seat)} to pledge loyalty to Odium as Act III begins, or stay with the heroes"
            )
        if isinstance(top, Choice):
            return f"{who(cfg, top.seat)} to choose {CHOICE_WORDS.get(top.kind, top.kind)}"
        if isinstance(top, Window) and top.order:
            later = [who(cfg, s) for s in top.order[1:]]
            then = f" (then {', '.join(later)})" if later else ""
            waiting = ", ".join(game.ctx.db[c].name for _s, c, _t in reversed(top.stack))
            stack = f"; on the stack, last played first: {waiting}" if waiting else ""
            return f"timing window {WINDOW_WORDS[top.kind]}: {who(cfg, top.order[0])} may play a card or pass{then}{stack}"
    return f"{who(cfg, state.turn.seat)}'s main action: gain a trait, attempt a challenge, journey, or end the turn"


def grouped_actions(game: Game, actions: Sequence[Action] | None = None) -> list[str]:
    """The legal actions (or ``actions``) with card names; an attempt's Dark-rune choices folded into one line."""
    darks: dict[tuple[str, Side], list[int]] = {}
    order: list[Action | tuple[str, Side]] = []
    for a in game.legal_actions if actions is None else actions:
        if isinstance(a, AttemptChallenge):
            key = (a.card, a.side)
            if key not in darks:
                darks[key] = []
                order.append(key)
            darks[key].append(a.dark)
        else:
            order.append(a)
    out: list[str] = []
    for item in order:
        if isinstance(item, tuple):
            text = game.describe(AttemptChallenge(item[0], item[1], 0))
            top = max(darks[item])
            out.append(text + (f" dark=0…{top}" if top else ""))
        else:
            out.append(game.describe(item))
    return out


def viewer_of(game: Game, viewer: int | None) -> int:
    """The seat a picture is drawn for: ``viewer``, else the seat to move, else the active seat."""
    if viewer is not None:
        return viewer
    seat = game.to_move
    return game.state.turn.seat if seat is None else seat


def seen_as(game: Game, viewer: int, reveal: bool) -> str:
    """Whose view a picture is, in words (000 · Deal the Cards)."""
    if game.over:
        return "game over: every card revealed"
    return "every card revealed (teaching view)" if reveal else f"as {who(game.config, viewer)} sees it"


# ============================================================================ the builders


def header_model(game: Game, viewer: int, reveal: bool) -> HeaderModel:
    """The header of a picture drawn for ``viewer`` (000 · Each Turn)."""
    state = game.state
    cfg = state.config
    final = None
    if state.final_turns is not None and not state.over:
        final = ", ".join(who(cfg, s) for s in state.final_turns) or "this is the last"
    return HeaderModel(
        seed=cfg.seed,
        turn=state.turn.number,
        phase=state.phase.value,
        active=who(cfg, state.turn.seat),
        to_move=who(cfg, game.to_move),
        step=len(game.history),
        final_turns=final,
        seen_as=seen_as(game, viewer, reveal),
        waiting=waiting_for(game),
    )


def actions_model(game: Game) -> ActionsModel:
    """The legal actions of the seat to move, grouped (000 · Each Turn)."""
    return ActionsModel(who(game.config, game.to_move), len(game.legal_actions), tuple(grouped_actions(game)))


def scores_model(scores: Sequence[Score]) -> ScoresModel:
    """The scores with their winners (000 · Ending the Game)."""
    return ScoresModel(tuple(scores), tuple(winners(tuple(scores))) if scores else ())


def event_rows(
    events: Sequence[Event], config: Config | None = None, lang: str = "en"
) -> tuple[EventRow, ...]:
    """The event log, each seat named as ``config`` names it (else P1, P2 …), in ``lang``.

    Each rule is cited by its one citation (:func:`~calladventure.values.cite`).
    """
    out = []
    for ev in events:
        if ev.seat is None:
            name = ""
        elif config is not None:
            name = who(config, ev.seat)
        else:
            name = f"P{ev.seat + 1}"
        out.append(EventRow(ev.step, name, event_text(ev.text, lang), cite(ev.section), ev.section))
    return tuple(out)


def seen_state(game: Game, viewer: int | None, reveal: bool) -> GameState:
    """The state ``viewer`` (None: a spectator) may see, every card shown when ``reveal`` or once the game is over."""
    state = game.state
    return state if reveal or state.over else redact(game.ctx, state, viewer)


def table_pictures(game: Game, shown: GameState) -> tuple[Picture, ...]:
    """The panels the boxes in play add to the table's picture, drawn from ``shown`` (:func:`seen_state`)."""
    return tuple(p for box in game.ctx.expansions for p in box.table_pictures(game.ctx, shown))


def tableaux_model(
    game: Game, viewer: int, reveal: bool, shown: GameState | None = None
) -> tuple[TableauModel, ...]:
    """Every hero's tableau as ``viewer`` sees it: the viewer's own secrets, everyone's at the end.

    ``shown``: the state ``viewer`` sees (default :func:`seen_state`), the boxes' lines are drawn from.
    """
    over = game.state.over
    shown = seen_state(game, viewer, reveal) if shown is None else shown
    return tuple(
        tableau_model(
            game, s, secrets=reveal or s == viewer or over, own=s == viewer and not reveal, shown=shown
        )
        for s in range(len(game.state.players))
    )


def view_model(view: View, *, events: int = 12) -> GameModel:
    """A seat's :class:`~calladventure.rules._view.View` as a picture: only what the view holds.

    The picture is drawn from the view alone (its state with hidden cards as placeholders, its
    legal actions, its log), so it cannot show what the seat may not know (000 · Deal the Cards).
    """
    if view.ctx is None or view.ctx.library is None:
        raise ValueError("a view drawn as a picture needs its context (Game.view gives one)")
    # A picture of the view itself (placeholders and all), which Game.from_state refuses to play from.
    game = Game(view.state, record_events=False, start=view.state, library=view.ctx.library)
    state, cfg = view.state, view.state.config
    me = -1 if view.seat is None else view.seat
    final = None
    if state.final_turns is not None and not state.over:
        final = ", ".join(who(cfg, s) for s in state.final_turns) or "this is the last"
    seen = "as a spectator sees it" if view.seat is None else f"as {who(cfg, view.seat)} sees it"
    header = HeaderModel(
        seed="hidden",
        turn=state.turn.number,
        phase=state.phase.value,
        active=who(cfg, state.turn.seat),
        to_move=who(cfg, view.to_move),
        step=len(view.history),
        final_turns=final,
        seen_as=seen + (" (game over)" if state.over else ""),
        waiting=waiting_for(game),
    )
    attempt, cast = attempt_and_cast(game)
    lines = tuple(grouped_actions(game, view.legal))
    shown = view.log[-events:] if events else ()
    return GameModel(
        viewer=me,
        header=header,
        scores=scores_model(game.score()) if state.over else None,
        attempt=attempt,
        cast=cast,
        actions=ActionsModel(who(cfg, view.to_move), len(view.legal), lines),
        pictures=table_pictures(game, state),
        rows=rows_model(game),
        tableaux=tuple(
            tableau_model(game, s, secrets=s == me, own=s == me and not state.over, shown=state)
            for s in range(len(state.players))
        ),
        events=tuple(
            EventRow(
                ev.step, who(cfg, ev.seat) if ev.seat is not None else "", ev.seen_by(view.seat), ev.citation
            )
            for ev in shown
        ),
    )


def game_model(
    game: Shown, *, viewer: int | None = None, reveal: bool = False, events: int = 12
) -> GameModel:
    """The whole game as ``viewer`` (default: the seat to move) sees it, with the last ``events`` events.

    Given a :class:`~calladventure.rules._view.View` (``game.view(seat)``), the picture is that
    view's (:func:`view_model`): ``viewer`` and ``reveal`` do not apply.
    """
    if isinstance(game, View):
        return view_model(game, events=events)
    state = game.state
    me = viewer_of(game, viewer)
    shown = seen_state(game, me, reveal)
    attempt, cast = attempt_and_cast(game)
    return GameModel(
        viewer=me,
        header=header_model(game, me, reveal),
        scores=scores_model(game.score()) if state.over else None,
        attempt=attempt,
        cast=cast,
        # Another seat's legal actions would show its hand: only the teaching view lists them.
        actions=actions_model(game)
        if reveal or me == game.to_move
        else ActionsModel(who(state.config, game.to_move), 0, ()),
        pictures=table_pictures(game, shown),
        rows=rows_model(game),
        tableaux=tableaux_model(game, me, reveal, shown),
        events=event_rows(game.events[-events:] if events else [], state.config),
    )


__all__ = [
    "ActionsModel",
    "EventRow",
    "GameModel",
    "HeaderModel",
    "ScoresModel",
    "Shown",
    "View",
    "actions_model",
    "event_rows",
    "game_model",
    "grouped_actions",
    "header_model",
    "scores_model",
    "seen_as",
    "seen_state",
    "table_pictures",
    "tableaux_model",
    "view_model",
    "viewer_of",
    "waiting_for",
]
