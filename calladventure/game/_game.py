"""``Game``: the one obvious entry point. A fluent, typed wrapper around the immutable state.

    >>> from calladventure import Game
    >>> g = Game.new(players=2, seed=7)
    >>> g.to_move
    0

A ``Game`` is one class built on :class:`~calladventure.game._core.GameCore` (its states, history,
legal actions, notation and outcome): the fluent helpers (:mod:`calladventure.game._fluent`) and
the agent interface (:mod:`calladventure.game._agent`) each extend that core, and ``Game`` adds
how a game is made, its odds, saves and replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from pathlib import Path as FsPath
from typing import Any

import attrs

from .. import rules
from ..rules import new_game as setup_state
from ..rules._context import Library
from ..rules._hidden import placeholders
from ..rules._odds import Odds
from ..values._actions import Action
from ..values._cards import Side
from ..values._events import Event
from ..values._illegal import GameSetupError, IllegalActionError
from ..values._options import Rules
from ..values._reprs import Drawable, draw
from ..values._sections import cite
from ..values._state import Config, GameState, Mode, Phase
from ._agent import AgentAPI
from ._arguments import check_dark_runes, checked_new, odds_side, odds_target
from ._fluent import Fluent
from ._library import DEFAULT
from ._saves import SAVE_FORMAT, dumps, read_save, save_document_of, save_of_path, save_of_text


class Game(Fluent, AgentAPI, Drawable):
    """A game of Call to Adventure: its state, its history, the fluent API to play it, and its views.

    The state, history, legal actions and notation come from :class:`~calladventure.game._core.GameCore`;
    the one-call helpers (``attempt``, ``cast`` …) from :class:`~calladventure.game._fluent.Fluent`;
    ``view(seat)`` / ``spectator_view()`` and the agent interface (``current_player``,
    ``legal_action_ids()``, ``apply_action(id)``, ``returns()`` …) from :class:`~calladventure.game._agent.AgentAPI`.
    """

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        players: int = 2,
        seed: int = 0,
        *,
        sets: Sequence[str] = ("core",),
        names: Sequence[str] = (),
        rules: Rules | None = None,
        runes: str | None = None,
        track: str | None = None,
        record_events: bool = True,
        mode: Mode | str = Mode.COMPETITIVE,
        quest: str | None = None,
        adversary: str | None = None,
        library: Library | None = None,
        **options: Any,
    ) -> Game:
        """Set up a new seeded game on the given card sets (bundled ``"core"`` by default).

        ``mode`` is ``"competitive"``, ``"coop"`` or ``"solo"``; a co-op or solo game faces an
        Adversary (``adversary``, by name or id: Odium if a set has him) under an Adversary Quest
        (``quest``, by name or id) (000 · Facing Odium: Solo and Co-op Play).
        """
        lib = library or DEFAULT
        players, seed, sets, mode = checked_new(lib, players, seed, sets, mode)
        for word, value in (("adversary", adversary), ("quest", quest)):
            if value is not None and mode is Mode.COMPETITIVE:  # only heroes facing Odium together or alone
                raise GameSetupError(
                    f"{word}={value!r} is for a co-op or solo game, not a competitive one ({cite('000/facing-odium')}): "
                    f"pass mode='coop' or mode='solo', or leave out {word}"
                )
        rules_ = (rules or Rules()).replace(**options) if options else (rules or Rules())
        first = lib.get_set(sets[0])
        config = Config(
            players=players,
            sets=tuple(sets),
            rules=rules_,
            seed=seed,
            names=tuple(names),
            runes=runes or first.runes or "core",
            track=track or first.track or "core",
            mode=mode,
        )
        if quest is not None or adversary is not None:
            ctx = lib.context(config)
            config = attrs.evolve(
                config,
                quest=ctx.resolve(quest).id if quest is not None else None,
                adversary=ctx.resolve(adversary).id if adversary is not None else None,
            )
        events: list[Event] | None = [] if record_events else None
        state = setup_state(lib.context(config), events)
        game = cls(state, record_events=record_events, library=lib)
        game._events[0] = events or []
        return game

    @classmethod
    def from_state(
        cls, state: GameState, *, record_events: bool = True, library: Library | None = None
    ) -> Game:
        """A game that starts from an exact position (a scenario, a test, a loaded save).

        A seat's view (``game.view(seat).state``: the cards it may not see are placeholders such as
        ``"?hero"``, 000 · Deal the Cards) is not a position: a GameSetupError says what to use instead.
        """
        if not isinstance(state, GameState):
            raise TypeError(f"Game.from_state takes a GameState, not {type(state).__name__}")
        hidden = placeholders(state)
        if hidden:
            raise GameSetupError(
                f"this state is a seat's view ({len(hidden)} hidden cards such as {hidden[0]!r}), not a full "
                "state: start from the game's own state (game.state), or from a full state the view allows "
                "(Game.from_state(view.sample_state(random.Random(seed))))"
            )
        return cls(state, record_events=record_events, start=state, library=library)

    # ------------------------------------------------------------------ odds

    def odds(self, name: str | Action | None = None, path: str | Side = "top", dark_runes: int = 0) -> Odds:
        """Exact odds of an attempt: the one under way, or a hypothetical one by the seat to move.

        ``name`` is a challenge on the table (name or id) or an attempt taken from
        :attr:`legal_actions` (its path and Dark runes are used). ``dark_runes`` is checked
        against the rules and the hero: at most three a turn, one Experience each, none at the
        lowest Corruption level (000 · Dark Runes); a Radiant path casts none (000 · Special Rules).
        """
        state = self.state
        name, side_asked, dark = odds_target(name, path, dark_runes, self.describe)
        if name is None:
            for box in self.ctx.expansions:  # a box's cast waiting to happen (002 · Naming: a Name)
                waiting = box.pending_odds(self.ctx, state)
                if waiting is not None:
                    return waiting
            att = state.attempt
            if att is None:
                raise IllegalActionError("odds", "no attempt is under way; name a challenge")
        else:
            seat = self.to_move if self.to_move is not None else 0
            card = self.ctx.db[self.table_card(name)]
            side = odds_side(card, side_asked)
            att = rules.table_attempt(
                state, seat, card.id, side, check_dark_runes(self.ctx, state, seat, dark)
            )
        return rules.attempt_odds_of(self.ctx, state, att)

    @property
    def set_aside(self) -> rules.SetAside:
        """The cards the game's sets set aside, and the listed names none of its sets has (002 · Preparing the Game)."""
        return rules.set_aside(self.ctx)

    # ------------------------------------------------------------------ save, load, replay

    @property
    def from_position(self) -> bool:
        """True when the game began from an exact position (saved whole), not from ``Game.new``."""
        return self._from_position

    def save(self, path: str | FsPath | None = None) -> str:
        """The game as versioned JSON (config, card-set hashes and embedded sets, start position if custom, actions, digest).

        Any process can load what this writes (:mod:`calladventure.game._saves`).
        """
        text = dumps(save_document_of(self))
        if path is not None:
            FsPath(path).write_text(text, encoding="utf-8")
        return text

    @classmethod
    def load(
        cls, path: str | PathLike[str], *, record_events: bool = True, library: Library | None = None
    ) -> Game:
        """Load a save file (what :meth:`save` wrote to ``path``), as ``json.load`` reads a file: checked,
        replayed, its digest compared. For the JSON text itself, :meth:`loads`.

        Every problem is a :class:`~calladventure.SaveFileError` naming the file and the field; a
        path of another type is a ``TypeError``.
        """
        doc, file = save_of_path(path)
        return read_save(cls, doc, file, record_events=record_events, library=library or DEFAULT)

    @classmethod
    def loads(cls, text: str, *, record_events: bool = True, library: Library | None = None) -> Game:
        """Load a save from its JSON text (what :meth:`save` returns), as ``json.loads`` reads text;
        checked as :meth:`load` checks a file."""
        doc, file = save_of_text(text)
        return read_save(cls, doc, file, record_events=record_events, library=library or DEFAULT)

    @classmethod
    def new_from_config(
        cls, config: Config, *, record_events: bool = True, library: Library | None = None
    ) -> Game:
        """A newly dealt game of a configuration (what ``Game.new`` builds from its arguments)."""
        lib = library or DEFAULT
        events: list[Event] | None = [] if record_events else None
        game = cls(setup_state(lib.context(config), events), record_events=record_events, library=lib)
        game._events[0] = events or []
        return game

    def replay(self) -> Game:
        """A fresh game replayed from this game's start and actions (a determinism check)."""
        if self._from_position:
            other = Game.from_state(self._states[0], record_events=self._record, library=self.library)
        else:
            other = Game(setup_state(self.ctx, None), record_events=self._record, library=self.library)
        for a in self._actions:
            other.push(a)
        return other

    # ------------------------------------------------------------------ display

    def __str__(self) -> str:
        """The table as text (as the seat to move sees it): ``print(game)`` shows the game."""
        picture = draw("text", self)
        return repr(self) if picture is None else str(picture)

    def __repr__(self) -> str:
        s = self.state
        if s.phase is Phase.OVER:
            return f"<Game over after {len(self._actions)} actions: {self.outcome()}>"
        who = self.to_move
        return (
            f"<Game {len(s.players)}p seed={s.config.seed} step={len(self._actions)} "
            f"turn={s.turn.number} phase={s.phase.value} to_move=P{(who or 0) + 1}>"
        )


__all__ = ["SAVE_FORMAT", "Game"]
