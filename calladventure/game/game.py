"""``Game``: the one obvious entry point. A fluent, typed wrapper around the immutable state.

    >>> from calladventure import Game
    >>> g = Game.new(players=2, seed=7)
    >>> g.to_move
    0

A ``Game`` keeps the list of states it went through, so :meth:`Game.pop` (undo) is just
dropping the last one: no copies are ever made. Every action is checked first; an illegal
one raises :class:`~calladventure.errors.IllegalActionError` (a ``ValueError``) saying why and
what is legal instead, and leaves the game exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path as FsPath
from typing import TYPE_CHECKING, Any, overload

import attrs

from ..expansions import naming
from ..rules import engine
from ..rules.context import Context, context_for
from ..rules.scoring import Score, scores, winners
from ..values.actions import (
    Action,
    AttemptChallenge,
    AttemptName,
    BuyDark,
    CastRunes,
    ChooseDeck,
    DeclareLoyalty,
    EndTurn,
    FaceOdium,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values.cards import Card, Side
from ..values.errors import AmbiguousActionError, IllegalActionError, SaveFormatError, UnknownCardError
from ..values.events import Event
from ..values.icons import ABILITIES, Icon
from ..values.options import Rules
from ..values.reprs import Drawable
from ..values.runes import Draw, face_index
from ..values.state import Config, GameState, Mode, Phase

if TYPE_CHECKING:
    from ..expansions.odium import CoopResult
    from ..rules.odds import Odds

SAVE_FORMAT = "calladventure.save/1"


@attrs.frozen
class Outcome:
    """The end of a game: each hero's score and the winning seats (ties share the win).

    In a co-op or solo game ``coop`` says whether the heroes beat the Adversary, and why;
    ``winners`` are then the best Destiny among the winning side (000 · Winning the Solo or
    Co-op Game), possibly nobody when the Adversary wins.
    """

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    coop: CoopResult | None = None

    def __repr__(self) -> str:
        side = ""
        if self.coop is not None:
            side = "heroes win; " if self.coop.heroes_win else "the Adversary wins; "
        if not self.winners:
            return f"<Outcome {side}no winning hero>"
        names = ", ".join(self.scores[w].name for w in self.winners)
        return f"<Outcome {side}winners: {names} with {self.scores[self.winners[0]].total}>"


class LegalActions(Sequence[Action]):
    """The legal actions now: a sequence that prints in notation and answers ``in``."""

    def __init__(self, game: Game, actions: list[Action]):
        self._game = game
        self._actions = actions

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._actions[i]

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                self._game.parse(item)
            except (IllegalActionError, UnknownCardError):
                return False
            return True
        return item in self._actions

    def describe(self) -> list[str]:
        """Each action in readable notation (card names instead of ids)."""
        return [self._game.describe(a) for a in self._actions]

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self)}): {', '.join(self.describe())}>"


class Game(Drawable):
    """A game of Call to Adventure: its state, its history, and the fluent API to play it."""

    def __init__(self, state: GameState, *, record_events: bool = True, start: GameState | None = None):
        self._states: list[GameState] = [state]
        self._actions: list[Action] = []
        self._events: list[list[Event]] = [[]]
        self._record = record_events
        self._legal_cache: tuple[int, list[Action]] | None = None
        self._from_position = start is not None
        self.ctx: Context = context_for(state.config)

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
        **options: Any,
    ) -> Game:
        """Set up a new seeded game on the given card sets (bundled ``"core"`` by default).

        ``mode`` is ``"competitive"``, ``"coop"`` or ``"solo"``; a co-op or solo game faces an
        Adversary (``adversary``, by name or id: Odium if a set has him) under an Adversary Quest
        (``quest``, by name or id) (000 · Facing Odium: Solo and Co-op Play).
        """
        from ..rules.context import get_set

        rules = (rules or Rules()).replace(**options) if options else (rules or Rules())
        first = get_set(sets[0])
        config = Config(
            players=players,
            sets=tuple(sets),
            rules=rules,
            seed=seed,
            names=tuple(names),
            runes=runes or first.runes or "core",
            track=track or first.track or "core",
            mode=Mode(mode),
        )
        if quest is not None or adversary is not None:
            db = context_for(config).db

            def ref(name: str) -> str:
                if name in db:
                    return name
                found = db.named(name)
                if len(found) != 1:
                    raise UnknownCardError(f"no single card named {name!r} in sets {list(sets)}")
                return found[0].id

            config = attrs.evolve(
                config,
                quest=ref(quest) if quest is not None else None,
                adversary=ref(adversary) if adversary is not None else None,
            )
        events: list[Event] | None = [] if record_events else None
        state = engine.new_game(config, events)
        game = cls(state, record_events=record_events)
        game._events[0] = events or []
        return game

    @classmethod
    def from_state(cls, state: GameState, *, record_events: bool = True) -> Game:
        """A game that starts from an exact position (a scenario, a test, a loaded save)."""
        return cls(state, record_events=record_events, start=state)

    # ------------------------------------------------------------------ state access

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def config(self) -> Config:
        return self.state.config

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None when the game is over."""
        return engine.to_move(self.state)

    @property
    def is_chance(self) -> bool:
        """True when the next step is a rune cast (push ``cast`` or call :meth:`cast`)."""
        return engine.is_chance(self.state)

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions pushed so far, as they happened (casts with their faces)."""
        return tuple(self._actions)

    @property
    def events(self) -> list[Event]:
        """Every event so far, each citing the rule section it applies."""
        return [e for step in self._events for e in step]

    @property
    def last_events(self) -> list[Event]:
        """The events of the last action: "why did that happen?"."""
        return list(self._events[-1])

    def _legal(self) -> list[Action]:
        state = self.state
        if self._legal_cache is None or self._legal_cache[0] != id(state):
            self._legal_cache = (id(state), engine.legal_actions(self.ctx, state))
        return self._legal_cache[1]

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self, self._legal())

    def card(self, name_or_id: str) -> Card:
        """A card by id or by (unique) name."""
        if name_or_id in self.ctx.db:
            return self.ctx.db[name_or_id]
        found = self.ctx.db.named(name_or_id)
        if len(found) == 1:
            return found[0]
        if not found:
            raise UnknownCardError(f"no card named {name_or_id!r} in sets {list(self.config.sets)}")
        return found[0]

    # ------------------------------------------------------------------ pushing actions

    def push(self, action: Action | str) -> Game:
        """Apply a legal action (or its notation); raise IllegalActionError otherwise."""
        if isinstance(action, str):
            action = self.parse(action)
        engine.check(self.ctx, self.state, action, self._legal())
        events: list[Event] | None = [] if self._record else None
        new, done = engine.apply(self.ctx, self.state, action, events)
        step = len(self._actions) + 1
        self._states.append(new)
        self._actions.append(done)
        self._events.append([attrs.evolve(e, step=step) for e in events] if events else [])
        return self

    apply = push

    def pop(self) -> Action:
        """Undo the last action and return it."""
        if not self._actions:
            raise IllegalActionError("undo", "nothing to undo")
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    def undo(self, steps: int = 1) -> Game:
        """Undo ``steps`` actions."""
        if steps > len(self._actions):
            raise IllegalActionError("undo", f"only {len(self._actions)} action(s) to undo")
        for _ in range(steps):
            self.pop()
        return self

    def undo_to(self, step: int) -> Game:
        """Go back to the state after ``step`` actions (0 is the start)."""
        if not 0 <= step <= len(self._actions):
            raise IllegalActionError("undo", f"step must be between 0 and {len(self._actions)}")
        return self.undo(len(self._actions) - step)

    def state_at(self, step: int) -> GameState:
        """The state after ``step`` actions (a timeline over the history)."""
        return self._states[step]

    def copy(self) -> Game:
        """An independent game with the same history (states are shared: they are immutable)."""
        other = Game.__new__(Game)
        other._states = list(self._states)
        other._actions = list(self._actions)
        other._events = [list(e) for e in self._events]
        other._record = self._record
        other._legal_cache = None
        other._from_position = self._from_position
        other.ctx = self.ctx
        return other

    # ------------------------------------------------------------------ fluent helpers

    def _table_card(self, name: str) -> str:
        if name in self.ctx.db:
            return name
        for row in self.state.rows:
            for slot in row.slots:
                if slot is not None and self.ctx.db[slot.card].name.casefold() == name.casefold():
                    return slot.card
        raise UnknownCardError(f"no card named {name!r} is on the table")

    def keep(self, name: str) -> Game:
        """Keep a dealt Character card."""
        seat = self.to_move
        dealt = self.state.players[seat].dealt if seat is not None else ()
        for cid in dealt:
            if cid == name or self.ctx.db[cid].name.casefold() == name.casefold():
                return self.push(Keep(cid))
        raise IllegalActionError(
            Keep(name), f"{name!r} is not among the seat's dealt cards", [str(a) for a in self._legal()]
        )

    def gain(self, name: str) -> Game:
        """Gain a trait from the table."""
        return self.push(GainTrait(self._table_card(name)))

    def attempt(
        self,
        name: str,
        path: str | Side = "top",
        dark_runes: int = 0,
        *,
        faces: Sequence[int | str] | None = None,
    ) -> Game:
        """Declare an attempt; with ``faces``, also pass the empty windows and cast those faces."""
        mark = len(self._actions)
        self.push(AttemptChallenge(self._table_card(name), Side(path), dark_runes))
        if faces is not None:
            try:
                self.cast(*faces)
            except IllegalActionError:
                self.undo_to(mark)  # all or nothing
                raise
        return self

    def pass_window(self) -> Game:
        """Pass for every seat still to decide in the open timing window (nobody plays a card)."""
        from ..values.state import Window

        pending = self.state.pending
        if not pending or not isinstance(pending[-1], Window):
            raise IllegalActionError(Pass(), "no timing window is open")
        depth = len(pending)
        while len(self.state.pending) == depth and isinstance(self.state.pending[-1], Window):
            self.push(Pass())
        return self

    def resolve(self, *, draw: str | Draw | None = None) -> Game:
        """Pass every open timing window until the attempt under way resolves.

        With ``draw`` ("hero" or "antihero"), a "draw either" result met on the way is drawn from
        that deck (000 · Hero and Antihero Cards); without it, such a choice stops here for you.
        """
        from ..values.state import ChooseDraw, Window

        while self.state.pending:
            top = self.state.pending[-1]
            if isinstance(top, Window):
                self.push(Pass())
            elif isinstance(top, ChooseDraw) and draw is not None:
                self.push(ChooseDeck(Draw(draw)))
            else:
                break
        return self

    def cast(self, *faces: int | str) -> Game:
        """Cast the runes: random from the game's RNG, or forced faces (index or face name per rune).

        An open "before any hero attempts" window is passed first, for every seat still to decide
        (000 · FAQs: Card timing), and before a re-attempt no more Dark runes are bought
        (``dark 0``); use :meth:`pass_`, :meth:`play` and :meth:`buy_dark` to decide otherwise.
        """
        mark = len(self._actions)
        try:
            return self._cast(faces)
        except IllegalActionError:
            self.undo_to(mark)  # all or nothing: the passes are taken back too
            raise

    def _cast(self, faces: tuple[int | str, ...]) -> Game:
        from ..values.state import ChooseRecastDark, Window, WindowKind

        while (
            self.state.pending
            and isinstance(self.state.pending[-1], Window)
            and self.state.pending[-1].kind is WindowKind.BEFORE
        ):
            self.push(Pass())
        if self.state.pending and isinstance(self.state.pending[-1], ChooseRecastDark):
            self.push(BuyDark(0))  # no more Dark runes for the re-attempt: use buy_dark(n) first for some
        if not faces:
            return self.push(CastRunes())
        pool = engine.cast_pool(self.ctx, self.state)
        if pool is None:
            raise IllegalActionError(CastRunes(), "no attempt is under way")
        if len(faces) != len(pool):
            raise IllegalActionError(
                CastRunes(),
                f"this cast has {len(pool)} runes ({', '.join(r.id for r in pool)}); got {len(faces)} faces",
            )
        try:
            idx = tuple(face_index(r, f) for r, f in zip(pool, faces, strict=True))
        except ValueError as exc:
            raise IllegalActionError(CastRunes(), str(exc), section="000/reading-the-runes") from None
        return self.push(CastRunes(idx))

    def attempt_name(self, name: str | Icon, *, faces: Sequence[int | str] | None = None) -> Game:
        """Attempt a Name ("wind", "fire", "iron") after failing a challenge; with ``faces``, cast them too (002 · Naming)."""
        try:
            icon = naming.name_of(name)
        except ValueError as exc:
            raise IllegalActionError(f"name {name}", str(exc), self.legal_actions.describe()) from None
        self.push(AttemptName(icon))
        if faces is not None:
            self.cast(*faces)
        return self

    def buy_dark(self, count: int = 1) -> Game:
        """Before a re-attempt's cast, buy ``count`` more Dark runes (000 · Dark Runes; option dark_limit)."""
        return self.push(BuyDark(count))

    def journey(self, name: str) -> Game:
        return self.push(Journey(self._table_card(name)))

    def discard(self, name: str) -> Game:
        return self.push(FreeDiscard(self._table_card(name)))

    def play(self, name: str, target: int | None = None) -> Game:
        """Play a Hero or Antihero card from the hand of the seat to move."""
        seat = self.to_move
        if seat is None:
            raise IllegalActionError(PlayCard(name, 0), "the game is over")
        hand = self.state.players[seat].hand
        cid = next((c for c in hand if c == name or self.ctx.db[c].name.casefold() == name.casefold()), None)
        if cid is None:
            raise IllegalActionError(
                PlayCard(name, seat), f"{name!r} is not in P{seat + 1}'s hand", self.legal_actions.describe()
            )
        if target is None:
            att = self.state.attempt
            options = [a for a in self._legal() if isinstance(a, PlayCard) and a.card == cid]
            target = att.seat if att is not None and any(a.target == att.seat for a in options) else seat
        return self.push(PlayCard(cid, target))

    def use(self, name: str, index: int = 0) -> Game:
        return self.push(UsePower(self.card(name).id, index))

    def pass_(self) -> Game:
        return self.push(Pass())

    def place_ally(self, slot_or_card: int | str) -> Game:
        if isinstance(slot_or_card, str):
            cid = self._table_card(slot_or_card)
            for row in self.state.rows:
                for i, s in enumerate(row.slots):
                    if s is not None and s.card == cid:
                        return self.push(PlaceAllyUnder(i))
        assert isinstance(slot_or_card, int)
        return self.push(PlaceAllyUnder(slot_or_card))

    def draw(self, deck: str | Draw) -> Game:
        return self.push(ChooseDeck(Draw(deck)))

    def end_turn(self) -> Game:
        return self.push(EndTurn())

    def face(self, *abilities: str | Icon, dark_runes: int = 0) -> Game:
        """Face the Adversary at the end of a co-op game: two abilities against Odium (000 · Facing Odium)."""
        icons = tuple(sorted((Icon(a) for a in abilities), key=ABILITIES.index))
        return self.push(FaceOdium(icons, dark_runes))

    def pledge(self, loyal: bool = True) -> Game:
        """Pledge loyalty to Odium as Act III begins (or not, with ``False``) (000 · FAQs: Loyalty to Odium)."""
        return self.push(DeclareLoyalty(loyal))

    def face_odds(self, *abilities: str | Icon, dark_runes: int = 0, seat: int | None = None) -> Any:
        """Exact odds of facing the Adversary with these abilities (000 · Facing Odium: no Dark runes against Odium)."""
        from ..expansions.odium import facing_odds

        who = seat if seat is not None else (self.to_move if self.to_move is not None else 0)
        icons = tuple(sorted((Icon(a) for a in abilities), key=ABILITIES.index))
        return facing_odds(self.ctx, self.state, who, icons, dark_runes)

    # ------------------------------------------------------------------ notation

    def describe(self, action: Action) -> str:
        """An action in notation with card names (``attempt Wild Boar Hunt top dark=1``)."""
        text = str(action)
        card = getattr(action, "card", None)
        if isinstance(card, str) and card in self.ctx.db:
            text = text.replace(card, self.ctx.db[card].name)
        return text

    def parse(self, text: str) -> Action:
        """Read an action's notation (ids or card names) and return the legal action it names."""
        norm = " ".join(text.strip().split()).casefold()
        if not norm:
            raise IllegalActionError(text, "empty action")
        if norm.startswith("cast"):
            parts = norm.split()[1:]
            if not parts:
                return CastRunes()
            pool = engine.cast_pool(self.ctx, self.state)
            if pool is None:
                raise IllegalActionError(
                    text, "no attempt is under way: nothing to cast", [str(a) for a in self._legal()]
                )
            if len(parts) != len(pool):
                raise IllegalActionError(text, f"this cast has {len(pool)} runes; give {len(pool)} faces")
            try:
                return CastRunes(
                    tuple(
                        face_index(r, int(p) if p.isdigit() else p) for r, p in zip(pool, parts, strict=True)
                    )
                )
            except ValueError as exc:
                raise IllegalActionError(text, str(exc)) from None
        legal = self._legal()
        matches = [a for a in legal if norm in (str(a).casefold(), self.describe(a).casefold())]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousActionError(
                text, "matches several legal actions", [self.describe(a) for a in matches]
            )
        # Not legal: build the action if we can, so the error can say why.
        action = self._parse_structure(norm)
        reason = (
            engine.why_illegal(self.ctx, self.state, action) if action is not None else "not a known action"
        )
        raise IllegalActionError(text, reason, self.legal_actions.describe())

    def _parse_structure(self, norm: str) -> Action | None:
        verb, _, rest = norm.partition(" ")

        def card_id(name: str) -> str:
            name = name.strip()
            if name in self.ctx.db:
                return name
            found = self.ctx.db.named(name)
            return found[0].id if found else name

        if verb == "end":
            return EndTurn()
        if verb == "dark":
            try:
                return BuyDark(int(rest or "1"))
            except ValueError:
                return None
        if verb in ("pledge", "stay"):
            return DeclareLoyalty(verb == "pledge")
        if verb == "face":
            words = rest.split()
            dark = 0
            if words and words[-1].startswith("dark="):
                try:
                    dark = int(words.pop()[5:])
                except ValueError:
                    return None
            try:
                icons = tuple(sorted((Icon(w) for w in words), key=ABILITIES.index))
            except ValueError:
                return None
            return FaceOdium(icons, dark)
        if verb == "pass":
            return Pass()
        if verb == "name":
            try:
                return AttemptName(naming.name_of(rest))
            except ValueError:
                return None
        if verb == "gain":
            return GainTrait(card_id(rest))
        if verb == "journey":
            return Journey(card_id(rest))
        if verb == "discard":
            return FreeDiscard(card_id(rest))
        if verb == "keep":
            return Keep(card_id(rest))
        if verb == "attempt":
            words = rest.split()
            dark = 0
            side = Side.TOP
            if words and words[-1].startswith("dark="):
                try:
                    dark = int(words.pop()[5:])
                except ValueError:
                    return None
            if words and words[-1] in ("top", "bottom"):
                side = Side(words.pop())
            return AttemptChallenge(card_id(" ".join(words)), side, dark)
        if verb == "play":
            name, _, target = rest.rpartition(" on p")
            if not name:
                name, target = rest, "1"
            try:
                return PlayCard(card_id(name), int(target) - 1)
            except ValueError:
                return None
        return None

    # ------------------------------------------------------------------ odds, score, outcome

    def odds(self, name: str | None = None, path: str = "top", dark_runes: int = 0) -> Any:
        """Exact odds of an attempt: the one under way, or a hypothetical one by the seat to move."""

        state = self.state
        if name is None:
            named = naming.pending_odds(self.ctx, state)  # 002 · Naming: the Name cast waiting to happen
            if named is not None:
                return named
            att = state.attempt
            if att is None:
                raise IllegalActionError("odds", "no attempt is under way; name a challenge")
        else:
            seat = self.to_move if self.to_move is not None else 0
            att = engine.table_attempt(state, seat, self._table_card(name), path, dark_runes)
        return engine.attempt_odds_of(self.ctx, state, att)

    def name_odds(self, name: str | Icon, seat: int | None = None) -> Odds:
        """Exact odds of a Name attempt ("wind", "fire", "iron") by ``seat`` (default: the seat to move) now (002 · Naming)."""
        who = seat if seat is not None else (self.to_move if self.to_move is not None else 0)
        return naming.name_odds(self.ctx, self.state, who, naming.name_of(name))

    @property
    def set_aside(self) -> naming.SetAside:
        """The cards the game's sets set aside, and the listed names none of its sets has (002 · Preparing the Game)."""
        return naming.set_aside(self.ctx)

    def score(self) -> tuple[Score, ...]:
        """Each hero's itemised score (as it would stand if the game ended now)."""
        return scores(self.ctx, self.state)

    def outcome(self) -> Outcome | None:
        """The final scores and winners once the game is over, else None."""
        if not self.over:
            return None
        s = self.score()
        if self.state.odium is not None:
            from ..expansions.odium import coop_result, winning_seats

            result = coop_result(self.ctx, self.state)
            assert result is not None
            return Outcome(s, winning_seats(result, [x.total for x in s]), result)
        return Outcome(s, winners(s))

    # ------------------------------------------------------------------ save, load, replay

    def save(self, path: str | FsPath | None = None) -> str:
        """The game as versioned JSON (config, start position if custom, actions, final digest)."""
        from ..data.saves import dump_state, state_digest

        doc: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "config": dump_state(self._states[0].config),
            "start": dump_state(self._states[0]) if self._from_position else None,
            "actions": [str(a) for a in self._actions],
            "digest": state_digest(self.state),
        }
        text = json.dumps(doc, indent=1, ensure_ascii=False)
        if path is not None:
            FsPath(path).write_text(text, encoding="utf-8")
        return text

    @classmethod
    def load(cls, source: str | FsPath, *, record_events: bool = True) -> Game:
        """Load a save (JSON text or a file path): replays its actions and checks the digest."""
        from ..data.saves import load_config, load_state, state_digest

        text = str(source)
        if not text.lstrip().startswith("{"):
            try:
                text = FsPath(source).read_text(encoding="utf-8")
            except OSError as exc:
                raise SaveFormatError(f"cannot read save file {source}: {exc.strerror}") from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveFormatError(f"save is not valid JSON: {exc}") from None
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise SaveFormatError(f"not a calladventure save (expected format {SAVE_FORMAT!r})")
        if doc.get("start") is not None:
            game = cls.from_state(load_state(doc["start"]), record_events=record_events)
        else:
            config = load_config(doc["config"])
            events: list[Event] | None = [] if record_events else None
            game = cls(engine.new_game(config, events), record_events=record_events)
            game._events[0] = events or []
        for i, notation in enumerate(doc.get("actions", [])):
            try:
                game.push(notation)
            except IllegalActionError as exc:
                raise SaveFormatError(
                    f"action {i + 1} of the save ({notation!r}) does not replay: {exc.reason}"
                ) from None
        if doc.get("digest") and doc["digest"] != state_digest(game.state):
            raise SaveFormatError(
                "the replayed game does not match the saved digest (different card data or engine?)"
            )
        return game

    def replay(self) -> Game:
        """A fresh game replayed from this game's start and actions (a determinism check)."""
        if self._from_position:
            other = Game.from_state(self._states[0], record_events=self._record)
        else:
            other = Game(engine.new_game(self._states[0].config, None), record_events=self._record)
        for a in self._actions:
            other.push(a)
        return other

    # ------------------------------------------------------------------ display

    def __repr__(self) -> str:
        s = self.state
        if s.phase is Phase.OVER:
            out = self.outcome()
            return f"<Game over after {len(self._actions)} actions: {out}>"
        who = self.to_move
        return (
            f"<Game {len(s.players)}p seed={s.config.seed} step={len(self._actions)} "
            f"turn={s.turn.number} phase={s.phase.value} to_move=P{(who or 0) + 1}>"
        )


__all__ = [
    "SAVE_FORMAT",
    "Game",
    "LegalActions",
    "Outcome",
]
