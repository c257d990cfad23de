"""The fluent helpers of :class:`~calladventure.game.Game`: one call per thing a player does.

``game.attempt("Wild Boar Hunt", "top", dark_runes=1, faces=[...])``, ``game.cast(...)``,
``game.play("Rally")``, ``game.face("strength", "wisdom")`` … Each looks its cards up by
name, pushes one or more actions, and is **all or nothing**: if any step is refused (or
anything else goes wrong), every step it pushed is taken back and the error raised, so the
game is left exactly as it was, byte for byte in its save.

A helper for one of the active hero's own actions (``gain``, ``attempt``, ``journey``,
``discard``, ``attempt_name``, ``face``, ``end_turn``) first passes an open "any time" window for
the other seats (they play nothing), as :meth:`Fluent.cast` passes an open "before" window;
``end_turn`` also passes the end-of-turn window. To answer with a card, play it first
(:meth:`Fluent.play` plays for the seat to move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Self

from ..rules import cast_pool, table_names, whereabouts
from ..rules._expansion import Expansion
from ..rules._front_hooks import FacadeAction, FacadeQuery
from ..values._actions import (
    Action,
    AttemptChallenge,
    BuyDark,
    CastRunes,
    Choose,
    ChooseDeck,
    EndTurn,
    FreeDiscard,
    GainTrait,
    Journey,
    Keep,
    Pass,
    PlaceAllyUnder,
    PlayCard,
    UsePower,
)
from ..values._cards import Card, Side
from ..values._errors import AmbiguousCardError, UnknownCardError
from ..values._illegal import IllegalActionError
from ..values._runes import Draw, face_index
from ..values._state import Choice, ChooseDraw, ChooseRecastDark, PlaceAlly, Window, WindowKind
from ._core import GameCore


class Fluent(GameCore):
    """The helpers, built on the core's state, ``push`` and ``undo_to``."""

    # ------------------------------------------------------------------ all or nothing

    def _atomic(self, steps: Callable[[], Any]) -> Self:
        """Run ``steps``; if any fails, take back everything they pushed, then raise."""
        mark = self.steps
        try:
            steps()
        except BaseException:
            self.undo_to(mark)
            raise
        return self

    def _answers_passed(self, kinds: tuple[WindowKind, ...] = (WindowKind.ANY,)) -> None:
        """Pass the open windows of these kinds for every seat still to answer (nobody plays a card)."""
        while self.state.pending and isinstance(self.state.pending[-1], Window):
            if self.state.pending[-1].kind not in kinds:
                return
            self.push(Pass())

    def _own(self, action: Callable[[], Action]) -> Self:
        """One action of the active hero, after the others' open "any time" answers are passed."""

        def steps() -> None:
            self._answers_passed()
            self.push(action())

        return self._atomic(steps)

    # ------------------------------------------------------------------ the boxes' helpers

    def _boxes(self) -> tuple[Expansion, ...]:
        """The boxes whose helpers the facade offers: every box of the game's library."""
        ctx = self.__dict__.get("ctx")
        return () if ctx is None else ctx.library.expansions if ctx.library is not None else ctx.expansions

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *(name for box in self._boxes() for name in box.facade)})

    def __getattr__(self, name: str) -> Callable[..., Any]:
        """A helper a box adds to the facade (``Expansion.facade``): ``game.face(...)``, ``game.name_odds(...)`` …"""
        for box in self._boxes():
            helper = box.facade.get(name)
            if isinstance(helper, FacadeAction):
                return self._box_action(name, helper)
            if isinstance(helper, FacadeQuery):
                return self._box_query(helper)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _box_action(self, name: str, helper: FacadeAction) -> Callable[..., Fluent]:
        def pushed(*args: Any, faces: Sequence[int | str] | None = None, **kwargs: Any) -> Fluent:
            try:
                action = helper.build(*args, **kwargs)
            except ValueError as exc:
                words = " ".join(map(str, (name, *args)))
                raise IllegalActionError(words, str(exc), self.describe_all()) from None

            def steps() -> None:
                if helper.own:
                    self._answers_passed()
                self.push(action)
                if faces is not None and helper.casts:
                    self._cast(tuple(faces))

            return self._atomic(steps)

        pushed.__name__, pushed.__doc__ = name, helper.doc
        return pushed

    def _box_query(self, helper: FacadeQuery) -> Callable[..., Any]:
        def asked(*args: Any, seat: int | str | None = None, **kwargs: Any) -> Any:
            who = self._seat(seat) if seat is not None else (self.to_move if self.to_move is not None else 0)
            return helper.ask(self.ctx, self.state, who, *args, **kwargs)

        asked.__doc__ = helper.doc
        return asked

    # ------------------------------------------------------------------ finding cards

    def card(self, name_or_id: str) -> Card:
        """A card by id or by its name (:meth:`Context.resolve`: an ambiguous name raises, listing the cards)."""
        return self.ctx.resolve(name_or_id)

    def table_card(self, name: str) -> str:
        """The id of a card on the table, by id or name; a card elsewhere is refused saying where it is."""
        ids = [slot.card for row in self.state.rows for slot in row.slots if slot is not None]
        return self._found(name, ids, "on the table")

    def _found(self, name: str, ids: Sequence[str], where: str) -> str:
        """The id of the card ``name`` among ``ids`` (:meth:`Context.resolve`); a card the game has
        elsewhere is refused saying where it is, as the seat to move may know (:func:`rules.whereabouts`),
        and what is on the table."""
        try:
            return self.ctx.resolve(name, among=ids, where=where).id
        except AmbiguousCardError:
            raise
        except UnknownCardError as exc:
            if not exc.elsewhere:
                raise
            place = whereabouts(self.ctx, self.state, self.to_move, exc.elsewhere)
            table = ", ".join(table_names(self.ctx, self.state)) or "nothing"
            raise UnknownCardError(
                f"{exc}: it is {place}; on the table: {table}",
                text=exc.text,
                suggestions=exc.suggestions,
                elsewhere=exc.elsewhere,
            ) from None

    def _seat_card(self, name: str, zone: str) -> str:
        """The id of a card of the seat to move (``zone``: "hand" or "dealt"), by id or name."""
        seat = self.to_move
        if seat is None:
            raise IllegalActionError(name, "the game is over")
        player = self.state.players[seat]
        ids, where = (
            (player.hand, f"in {self.state.config.name(seat)}'s hand")
            if zone == "hand"
            else (player.dealt, f"among the cards dealt to {self.state.config.name(seat)}")
        )
        return self._found(name, ids, where)

    # ------------------------------------------------------------------ the helpers

    def keep(self, name: str) -> Self:
        """Keep a dealt Character card."""
        return self.push(Keep(self._seat_card(name, "dealt")))

    def gain(self, name: str) -> Self:
        """Gain a trait from the table."""
        return self._own(lambda: GainTrait(self.table_card(name)))

    def attempt(
        self,
        name: str,
        path: str | Side = "top",
        dark_runes: int = 0,
        *,
        faces: Sequence[int | str] | None = None,
    ) -> Self:
        """Declare an attempt; with ``faces``, also pass the empty windows and cast those faces."""

        def steps() -> None:
            self._answers_passed()
            self.push(AttemptChallenge(self.table_card(name), _side(path), dark_runes))
            if faces is not None:
                self._cast(tuple(faces))

        return self._atomic(steps)

    def pass_window(self) -> Self:
        """Pass for every seat still to decide in the open timing window (nobody plays a card)."""
        pending = self.state.pending
        if not pending or not isinstance(pending[-1], Window):
            raise IllegalActionError(Pass(), "no timing window is open")
        depth = len(pending)

        def steps() -> None:
            while len(self.state.pending) == depth and isinstance(self.state.pending[-1], Window):
                self.push(Pass())

        return self._atomic(steps)

    def resolve(self, *, draw: str | Draw | None = None) -> Self:
        """Pass every open timing window until the attempt under way resolves.

        With ``draw`` ("hero" or "antihero"), a "draw either" result met on the way is drawn from
        that deck (000 · Hero and Antihero Cards); without it, such a choice stops here for you.
        """

        def steps() -> None:
            while self.state.pending:
                top = self.state.pending[-1]
                if isinstance(top, Window):
                    self.push(Pass())
                elif isinstance(top, ChooseDraw) and draw is not None:
                    self.push(ChooseDeck(Draw(draw)))
                else:
                    break

        return self._atomic(steps)

    def cast(self, *faces: int | str) -> Self:
        """Cast the runes: random from the game's RNG, or forced faces (index or face name per rune).

        An open "before any hero attempts" window is passed first, for every seat still to decide
        (000 · FAQs: Card timing), and before a re-attempt no more Dark runes are bought
        (``dark 0``); use :meth:`pass_`, :meth:`play` and :meth:`buy_dark` to decide otherwise.
        """
        return self._atomic(lambda: self._cast(faces))

    def _cast(self, faces: tuple[int | str, ...]) -> None:
        while (
            self.state.pending
            and isinstance(self.state.pending[-1], Window)
            and self.state.pending[-1].kind is WindowKind.BEFORE
        ):
            self.push(Pass())
        if self.state.pending and isinstance(self.state.pending[-1], ChooseRecastDark):
            self.push(BuyDark(0))  # no more Dark runes for the re-attempt: use buy_dark(n) first for some
        if not faces:
            self.push(CastRunes())
            return
        pool = cast_pool(self.ctx, self.state)
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
        self.push(CastRunes(idx))

    def buy_dark(self, count: int = 1) -> Self:
        """Before a re-attempt's cast, buy ``count`` more Dark runes (000 · Dark Runes; option dark_limit)."""
        return self.push(BuyDark(count))

    def journey(self, name: str) -> Self:
        """Spend one Experience to discard and replace a table card (000 · Journey)."""
        return self._own(lambda: Journey(self.table_card(name)))

    def discard(self, name: str) -> Self:
        """With no valid option, discard a table card for free (001 · Attempt a Challenge)."""
        return self._own(lambda: FreeDiscard(self.table_card(name)))

    def play(self, name: str, target: int | str | None = None) -> Self:
        """Play a Hero or Antihero card from the hand of the seat to move.

        ``target``: a seat (a number, ``"P2"`` or a hero's name). Without it: on the attempting hero
        if the card may target it, else on the seat itself, else on the one hero the card may
        target (000 · Hero and Antihero Cards).
        """
        cid = self._seat_card(name, "hand")
        seat = self.to_move
        assert seat is not None  # a seat has a hand
        if target is not None:
            return self.push(PlayCard(cid, self._seat(target)))
        att = self.state.attempt
        options = [a.target for a in self.legal_list() if isinstance(a, PlayCard) and a.card == cid]
        preferred = [t for t in (att.seat if att is not None else None, seat) if t in options]
        return self.push(
            PlayCard(cid, preferred[0] if preferred else options[0] if len(options) == 1 else seat)
        )

    def use(self, name: str, index: int = 0, target: int | str | None = None) -> Self:
        """Use an activated power of a card in the Story (001 · Other Card Effects); ``target``: the hero it helps (a seat)."""
        card = self.card(name).id
        seat = self.to_move
        helped = None if target is None else self._seat(target)
        if helped is not None and helped == seat:
            helped = None
        if helped is None:
            options = [a for a in self.legal_list() if isinstance(a, UsePower) and a.card == card]
            if options and all(a.target is not None for a in options) and len(options) == 1:
                helped = options[0].target  # a power that helps the attempting hero, used by another seat
        return self.push(UsePower(card, index, helped))

    def choose(self, option: str | int) -> Self:
        """Answer a forced choice: the Ally to sacrifice or card to discard (by name), or a hero (a seat number or "P2")."""
        top = self.state.pending[-1] if self.state.pending else None
        if isinstance(option, int):
            return self.push(Choose(f"P{option + 1}"))
        if isinstance(top, Choice):
            cards = [o for o in top.options if o in self.ctx.db]
            for o in top.options:
                if o not in cards and o.casefold() == option.strip().casefold():
                    return self.push(Choose(o))
            if cards:
                return self.push(Choose(self.ctx.resolve(option, among=cards, where="among the choices").id))
        return self.push(f"choose {option}")

    def pass_(self) -> Self:
        """Play nothing (more) in the open timing window."""
        return self.push(Pass())

    def place_ally(self, slot_or_card: int | str, act: int | None = None) -> Self:
        """Tuck the revealed Ally under a challenge: its slot number (and row), or the challenge's name (000 · Allies)."""
        top = self.state.pending[-1] if self.state.pending else None
        home = top.act if isinstance(top, PlaceAlly) else None
        if isinstance(slot_or_card, str):
            cid = self.table_card(slot_or_card)
            for row in self.state.rows:
                for i, s in enumerate(row.slots):
                    if s is not None and s.card == cid:
                        return self.push(PlaceAllyUnder(i, None if row.act == home else row.act))
        if not isinstance(slot_or_card, int):
            raise IllegalActionError(f"ally {slot_or_card!r}", "give a slot number or a challenge's name")
        return self.push(PlaceAllyUnder(slot_or_card, None if act == home else act))

    def draw(self, deck: str | Draw) -> Self:
        """Choose the deck of a "draw either" result: "hero" or "antihero" (000 · Hero and Antihero Cards)."""
        if deck not in (Draw.HERO, Draw.ANTIHERO, "hero", "antihero"):
            raise IllegalActionError(f"draw {deck}", "draw from 'hero' or 'antihero'", self.describe_all())
        return self.push(ChooseDeck(Draw(deck)))

    def end_turn(self) -> Self:
        """End the turn (000 · Ending Your Turn): the others' open answers and end-of-turn window are passed."""

        def steps() -> None:
            self._answers_passed()
            depth = len(self.state.pending)
            self.push(EndTurn())
            while (
                len(self.state.pending) == depth + 1
                and isinstance(self.state.pending[-1], Window)
                and self.state.pending[-1].kind is WindowKind.END
            ):
                self.push(Pass())

        return self._atomic(steps)


def _side(path: str | Side) -> Side:
    try:
        return Side(path)
    except ValueError:
        raise IllegalActionError(f"path {path!r}", "a path is 'top' or 'bottom'") from None


__all__ = ["Fluent"]
