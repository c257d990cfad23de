"""The :class:`Scenario` facade: a scenario file's values with the methods that read, play and write it.

Each method hands its work to the module that holds it: :mod:`.reading` (TOML into checked
values), :mod:`.start` (the game the steps start from), :mod:`.running` (the steps and their
checks), :mod:`.export` (a live game as a scenario) and :mod:`.convert` / :mod:`.writing`
(back to TOML text).

Many scenario files at once (``calladventure scenario run`` / ``check`` and the test suite):
:func:`scenario_files` takes a folder for its ``*.toml`` files, in name order; :func:`run_files`
reports a file that does not load, it does not raise.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path as FsPath
from typing import Any, TypeAlias

import attrs

from ...data._sources import DataSources
from ...game import Game
from ...rules import Library
from ...values._options import Rules
from ...values._state import GameState
from ..position import Position
from ._convert import scenario_doc
from ._export import scenario_from_game
from ._reading import read_document, read_file, read_text, rules_of
from ._results import ScenarioResult
from ._running import run_scenario
from ._schema import ScenarioData, ScenarioError
from ._start import position_of, register_cards, scenario_library, start_game, start_state
from ._writing import dumps_toml

__all__ = ["Scenario", "ScenarioPaths", "run_files", "scenario_files"]


@attrs.frozen
class Scenario(ScenarioData):
    """A rules question as data: an exact position (or a new game), steps and expectations.

    Read one with :meth:`load` (a file) or :meth:`loads` (TOML text); play it with :meth:`run`;
    write one with :meth:`to_toml`. ``file`` is where it was read from (for messages).
    """

    # ------------------------------------------------------------------ reading

    @classmethod
    def load(
        cls, path: str | FsPath, *, library: Library | None = None, sources: DataSources | None = None
    ) -> Scenario:
        """Read and check a scenario file; :class:`ScenarioError` names the file, step and field of every problem.

        Its games start from ``library`` (the package's default one if not given) plus its inline
        cards; the card sets, rune sets and tracks it names are ids, looked up in the bundled data
        and the folders of ``sources`` (never as paths).
        """
        return attrs.evolve(
            read_file(cls, path, sources=sources, library=library), library=library, sources=sources
        )

    @classmethod
    def loads(
        cls,
        text: str,
        *,
        file: str = "<string>",
        library: Library | None = None,
        sources: DataSources | None = None,
    ) -> Scenario:
        """Read a scenario from TOML text."""
        return attrs.evolve(
            read_text(cls, text, file=file, sources=sources, library=library),
            library=library,
            sources=sources,
        )

    @classmethod
    def from_dict(
        cls, doc: Mapping[str, Any], *, file: str = "<scenario>", default_set: str = "scenario"
    ) -> Scenario:
        """Structure a parsed TOML document into a checked :class:`Scenario`."""
        return read_document(cls, doc, file=file, default_set=default_set)

    # ------------------------------------------------------------------ setting up

    def rules(self) -> Rules:
        """The rules options of ``[game] rules`` (each checked by :meth:`Rules.replace`)."""
        return rules_of(self)

    def register_cards(self) -> tuple[str, ...]:
        """The game's card-set ids (the inline ``[[cards]]`` form a set of the scenario's own library)."""
        return register_cards(self)

    def game_library(self) -> Library:
        """The scenario's own library: its ``library`` (or the default one) plus its inline card set."""
        return scenario_library(self)

    def position(self) -> Position:
        """The :class:`~calladventure.Position` of the file's heroes, rows, decks and turn."""
        return position_of(self)

    def start_state(self) -> GameState:
        """The state the steps start from (a built position; a co-op one with ``[game] mode``)."""
        return start_state(self)

    def start(self, *, record_events: bool = True) -> Game:
        """The game the steps are played on: the exact position, or a newly dealt game (``new = true``)."""
        return start_game(self, record_events=record_events)

    # ------------------------------------------------------------------ running

    def run(self) -> ScenarioResult:
        """Play the steps, checking each one's expectations; stop at the first failure."""
        return run_scenario(self)

    def check(self) -> ScenarioResult:
        """Run and raise :class:`ScenarioFailed` if an expectation fails."""
        return self.run().raise_for_failure()

    # ------------------------------------------------------------------ writing

    @classmethod
    def from_game(cls, game: Game, *, question: str = "", answer: str = "", title: str = "") -> Scenario:
        """This game's current position as a scenario that rebuilds it ("give me this position as a file").

        The latest start-of-turn position is written as heroes, rows, decks (in their exact
        order), turn and RNG state, and the actions since then as steps; a game that never
        reached one (still dealing) is written as ``new = true`` plus every action. The
        result is checked: replaying it gives the same state, or :class:`ScenarioError`.
        """
        return scenario_from_game(cls, game, question=question, answer=answer, title=title)

    def to_dict(self) -> dict[str, Any]:
        """The scenario as a TOML-ready document (defaults left out)."""
        return scenario_doc(self)

    def to_toml(self) -> str:
        """The scenario as TOML text (:meth:`load` reads it back)."""
        return dumps_toml(self.to_dict())

    def save(self, path: str | FsPath) -> str:
        """Write :meth:`to_toml` to ``path``; return the text."""
        text = self.to_toml()
        FsPath(path).write_text(text, encoding="utf-8")
        return text


ScenarioPaths: TypeAlias = Iterable[str | FsPath]


def scenario_files(paths: ScenarioPaths) -> list[FsPath]:
    """The scenario files named: files as given, folders as their ``*.toml`` files (sorted)."""
    out: list[FsPath] = []
    for p in paths:
        path = FsPath(p)
        if path.is_dir():
            out.extend(sorted(path.glob("*.toml")))
        else:
            out.append(path)
    return out


def run_files(paths: ScenarioPaths) -> Iterator[tuple[FsPath, ScenarioResult | ScenarioError]]:
    """Run each scenario file: its result, or the :class:`ScenarioError` that stopped it loading."""
    for path in scenario_files(paths):
        try:
            yield path, Scenario.load(path).run()
        except ScenarioError as exc:
            yield path, exc
