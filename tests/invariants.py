"""Invariants every reachable game state must satisfy, shared by the random-play and other tests.

``card_locations`` counts where every card is; ``check_invariants`` raises ``AssertionError``
(with a message naming the broken rule) when a state is impossible: a card lost or
duplicated, negative Experience, a marker off the track, four cards under a Character card,
an Act going backwards, a row turned face down again, a game that outlives its final turns, a
card played twice or waiting on two stacks, a window left open past its turn (``check_windows``);
``check_play`` checks that a played card had a legal target by its own words;
``check_listed_iff_no_refusal`` checks that legality is derived: every action of the action table
is listed exactly when its kind's refusal is None (docs/design.md: How to add an action).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

from calladventure.expansions.naming import KEY as NAMING
from calladventure.expansions.odium import odium_of
from calladventure.game import Game
from calladventure.rules._action_ids import ActionTable, action_table
from calladventure.rules._cast import chance_outcomes
from calladventure.rules._context import Context
from calladventure.rules._kinds import ActionKind
from calladventure.rules._legal import is_chance, refusal
from calladventure.rules._zones import conserved, misplaced
from calladventure.values._actions import Action, CastRunes, PlayCard
from calladventure.values._cards import CardType
from calladventure.values._effects import Target, Timing
from calladventure.values._state import (
    AwaitCast,
    ChooseCharacter,
    GameState,
    Phase,
    PlaceAlly,
    Window,
    WindowKind,
)

_STORY = (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)
_TUCKABLE = (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY)
_KINDS = ("origin", "motivation", "destiny")


def card_places(game_or_state: Game | GameState) -> dict[str, list[str]]:
    """Every place each card is in (a card in two places is listed twice)."""
    state = game_or_state.state if isinstance(game_or_state, Game) else game_or_state
    places: dict[str, list[str]] = {}

    def put(card: str, where: str) -> None:
        places.setdefault(card, []).append(where)

    for p in state.players:
        seat = f"P{p.seat + 1}"
        kept = set(p.characters)
        # ``dealt`` still lists the kept Origin and Motivation until the Destiny is chosen.
        for c in p.dealt:
            if c not in kept:
                put(c, f"{seat} dealt")
        for kind in _KINDS:
            card = getattr(p, kind)
            if card is not None:
                put(card, f"{seat} {kind}")
        for k, under in enumerate(p.story):
            for t in under:
                put(t.card, f"{seat} under {_KINDS[k]}")
        for a in p.allies:
            put(a.card, f"{seat} allies")
        for c in p.hand:
            put(c, f"{seat} hand")
        for c in p.played:
            put(c, f"{seat} played")
    for row in state.rows:
        for i, slot in enumerate(row.slots):
            if slot is not None:
                put(slot.card, f"act {row.act} slot {i}")
                if slot.ally is not None:
                    put(slot.ally, f"act {row.act} slot {i} ally")
        for c in row.deck:
            put(c, f"act {row.act} deck")
        for c in row.discard:
            put(c, f"act {row.act} discard")
    for c in state.hero_deck:
        put(c, "hero deck")
    for c in state.hero_discard:
        put(c, "hero discard")
    for c in state.antihero_deck:
        put(c, "antihero deck")
    for c in state.antihero_discard:
        put(c, "antihero discard")
    for c in state.removed:
        put(c, "removed")
    for pending in state.pending:
        if isinstance(pending, PlaceAlly):
            put(pending.ally, "ally waiting to be placed")
    for c, where in _odium_cards(state):
        put(c, where)
    return places


def _odium_cards(state: GameState) -> list[tuple[str, str]]:
    """The co-op cards beside the table: the Adversary, its quest cards, its deck, discard and revealed cards."""
    od = odium_of(state)
    if od is None:
        return []
    out = [(od.adversary, "the Adversary"), *((c, "co-op rule card") for c in od.rules)]
    out += [(c, "Adversary deck") for c in od.deck]
    out += [(c, "Adversary discard") for c in od.discard]
    out += [(c, "revealed by the Adversary") for c in od.revealed]
    return out


def _all_cards(state: GameState) -> list[str]:
    """Every card id in every place, once per place (the fast form of :func:`card_places`)."""
    out: list[str] = []
    for p in state.players:
        kept = p.characters
        out += [c for c in p.dealt if c not in kept]
        out += kept
        for under in p.story:
            out += [t.card for t in under]
        out += [a.card for a in p.allies]
        out += p.hand
        out += p.played
    for row in state.rows:
        for slot in row.slots:
            if slot is not None:
                out.append(slot.card)
                if slot.ally is not None:
                    out.append(slot.ally)
        out += row.deck
        out += row.discard
    out += state.hero_deck
    out += state.hero_discard
    out += state.antihero_deck
    out += state.antihero_discard
    out += state.removed
    out += [x.ally for x in state.pending if isinstance(x, PlaceAlly)]
    out += [c for c, _where in _odium_cards(state)]
    return out


def card_locations(game_or_state: Game | GameState) -> Counter[str]:
    """How many places each card is in; every card of the configured sets should count exactly 1."""
    state = game_or_state.state if isinstance(game_or_state, Game) else game_or_state
    return Counter(_all_cards(state))


def check_cards(ctx: Context, state: GameState) -> None:
    """Every card of the configured sets is in exactly one place, and no other card is anywhere."""
    cards = _all_cards(state)
    # The engine's own conservation check (calladventure.rules._zones) agrees with this one.
    assert conserved(ctx, state) == (len(cards) == len(ctx.db) and set(cards) == set(ctx.db)), (
        f"turn {state.turn.number}: the engine's card check disagrees: {dict(misplaced(ctx, state))}"
    )
    if len(cards) == len(ctx.db) and set(cards) == set(ctx.db):
        return
    places = card_places(state)
    missing = sorted(set(ctx.db) - set(places))
    unknown = sorted(set(places) - set(ctx.db))
    doubled = {c: w for c, w in places.items() if len(w) > 1}
    turn = f"turn {state.turn.number}"
    assert not missing, f"{turn}: cards in no place: {missing[:8]}"
    assert not unknown, f"{turn}: cards not in the sets: {unknown[:8]}"
    assert not doubled, f"{turn}: cards in several places: {dict(list(doubled.items())[:5])}"
    raise AssertionError(f"{turn}: card places do not add up")  # pragma: no cover


_INDEX: dict[int, tuple[object, dict[object, frozenset[str]]]] = {}


def _index(ctx: Context) -> dict[object, frozenset[str]]:
    """Card ids by type and by act, computed once per card database."""
    hit = _INDEX.get(id(ctx.db))
    if hit is not None and hit[0] is ctx.db:
        return hit[1]
    index: dict[object, frozenset[str]] = {}
    for t in CardType:
        index[t] = frozenset(c.id for c in ctx.db.values() if c.type is t)
    for act in (1, 2, 3):
        index[act] = frozenset(c.id for c in ctx.db.values() if c.act == act)
    _INDEX[id(ctx.db)] = (ctx.db, index)
    return index


def check_invariants(ctx: Context, state: GameState, previous: GameState | None = None) -> None:
    """Raise AssertionError unless ``state`` (reached from ``previous``, if given) is a possible game state."""
    check_cards(ctx, state)
    db = ctx.db
    index = _index(ctx)
    n = len(state.players)
    at = f"turn {state.turn.number}"
    assert state.config.players == n, f"{at}: {n} players for a {state.config.players}-player config"
    assert 0 <= state.turn.seat < n, f"{at}: turn seat {state.turn.seat}"

    for p in state.players:
        who = f"{at} P{p.seat + 1}"
        assert p.xp >= 0, f"{who}: Experience {p.xp} < 0"
        assert 0 <= p.level <= ctx.track.lowest, f"{who}: track level {p.level} off the track"
        for kind in _KINDS:
            card = getattr(p, kind)
            assert card is None or db[card].type is CardType(kind), f"{who}: {card} is not a {kind}"
        for k, under in enumerate(p.story):
            assert len(under) <= 3, f"{who}: {len(under)} cards under the {_KINDS[k]}"
            # Cards go under the Character of the hero's current Act, which fills up in order.
            if k and under:
                assert len(p.story[k - 1]) == 3, (
                    f"{who}: cards under the {_KINDS[k]} before Act {k} is complete"
                )
            for t in under:
                card = db[t.card]
                assert card.type in _TUCKABLE, f"{who}: a {card.type.value} ({t.card}) is tucked in the Story"
                assert t.side in card.sides, f"{who}: {t.card} shows a path it does not have"
                # A hero in Act a only takes cards of rows a and later (000 · FAQs: Act II cards ...).
                assert card.act is not None and card.act >= k + 1, (
                    f"{who}: Act {card.act} card {t.card} under the {_KINDS[k]}"
                )
        for a in p.allies:
            assert db[a.card].type is CardType.ALLY, f"{who}: {a.card} held as an Ally"
        for c in (*p.hand, *p.played):
            assert db[c].type.is_hand, f"{who}: {c} in hand or played is not a Hero/Antihero card"
        if state.phase is not Phase.SETUP:
            assert not p.dealt, f"{who}: dealt cards left after setup"
            assert None not in (p.origin, p.motivation, p.destiny), (
                f"{who}: a Character card missing after setup"
            )

    for row in state.rows:
        where = f"{at} act {row.act}"
        for i, slot in enumerate(row.slots):
            if slot is None:
                continue
            card = db[slot.card]
            assert card.type in _STORY and card.act == row.act, (
                f"{where} slot {i}: {slot.card} does not belong here"
            )
            if row.revealed:
                assert card.type is not CardType.ALLY, f"{where} slot {i}: a revealed Ally left in a slot"
            if slot.ally is not None:
                assert row.revealed, f"{where} slot {i}: an Ally under a face-down card"
                assert db[slot.ally].type is CardType.ALLY, (
                    f"{where} slot {i}: {slot.ally} under a card is no Ally"
                )
                assert card.type is CardType.CHALLENGE, f"{where} slot {i}: an Ally under a {card.type.value}"
        strays = set(row.deck + row.discard) - index[row.act]
        assert not strays, f"{where}: cards of other Acts in this row's deck or discard: {sorted(strays)}"
    assert state.phase is Phase.SETUP or state.rows[0].revealed, f"{at}: Act I row face down in play"
    for act in (2, 3):
        if state.row(act).revealed:
            # 000 · Ending An Act: a row is revealed once some hero has completed the Act before it.
            assert any(p.act > act - 1 for p in state.players), f"{at}: Act {act} revealed too early"

    strays = set(state.hero_deck + state.hero_discard) - index[CardType.HERO]
    assert not strays, f"{at}: not Hero cards in the Hero deck or discard: {sorted(strays)}"
    strays = set(state.antihero_deck + state.antihero_discard) - index[CardType.ANTIHERO]
    assert not strays, f"{at}: not Antihero cards in the Antihero deck or discard: {sorted(strays)}"

    att = state.attempt
    if any(
        (isinstance(x, Window) and x.kind in (WindowKind.BEFORE, WindowKind.AS))
        or (isinstance(x, AwaitCast) and x.source != NAMING)
        for x in state.pending
    ):
        assert att is not None, f"{at}: an attempt's timing window or cast with no attempt under way"
    for x in state.pending:
        if (
            isinstance(x, AwaitCast) and x.source == NAMING
        ):  # 002 · Naming: a Name cast is no challenge attempt
            assert att is None and x.seat == state.turn.seat and NAMING in state.turn.marks, (
                f"{at}: a stray Name cast"
            )
    if att is not None and att.act == 0:
        # 000 · Facing Odium: an attempt against the Adversary, only once the heroes face it.
        od = odium_of(state)
        assert od is not None and od.stage == "facing" and att.card == od.adversary, f"{at}: a stray attempt"
        assert att.seat == state.turn.seat, f"{at}: an attempt by a seat whose turn it is not"
    elif att is not None:
        slot = state.row(att.act).slots[att.slot]
        assert slot is not None and slot.card == att.card, f"{at}: the attempted card left its slot"
        assert att.seat == state.turn.seat, f"{at}: an attempt by a seat whose turn it is not"
    check_windows(ctx, state)
    check_odium(ctx, state)
    if state.phase is Phase.SETUP:
        # Allies revealed in the Act I row wait under the Character choices.
        assert all(isinstance(x, ChooseCharacter | PlaceAlly) for x in state.pending), (
            f"{at}: setup waits for {state.pending}"
        )
    if state.phase is Phase.OVER:
        assert not state.pending and att is None, f"{at}: the game is over with decisions pending"
        assert all(p.destiny_revealed for p in state.players), f"{at}: a Destiny hidden at the end"
    if state.final_turns is not None:
        # 000 · Ending the Game: it ends when a hero has three cards under the Destiny.
        assert state.closed_by is not None and state.players[state.closed_by].act == 4, (
            f"{at}: final turns without a hero having finished Act III"
        )
        assert len(state.final_turns) < n and state.closed_by not in state.final_turns
    else:
        assert all(p.act <= 3 for p in state.players), f"{at}: a hero finished Act III but the game goes on"
    if ctx.config.rules.dark_limit.value == "per_turn":
        assert state.turn.dark_bought <= ctx.config.rules.dark_runes_per_turn, f"{at}: too many Dark runes"
        if ctx.config.rules.card_dark_runes.value == "within_limit":  # a card's free runes count too
            counted = state.turn.dark_bought + state.turn.dark_added
            assert counted <= ctx.config.rules.dark_runes_per_turn, f"{at}: {counted} Dark runes this turn"
    for e in state.effects:
        assert 0 <= e.target < n and 0 <= e.owner < n, f"{at}: effect {e} on a seat that does not exist"

    if previous is not None:
        check_transition(state, previous)


def check_windows(ctx: Context, state: GameState) -> None:
    """Timing windows (000 · Hero and Antihero Cards): each stacked card was played once, by its seat, and waits
    on one stack only; a window whose round is over never waits for a decision of its own."""
    at = f"turn {state.turn.number}"
    n = len(state.players)
    stacked: list[str] = []
    windows = [x for x in state.pending if isinstance(x, Window)]
    for w in windows:
        assert len(set(w.order)) == len(w.order) and all(0 <= s < n for s in w.order), (
            f"{at}: window order {w.order}"
        )
        for seat, card, target in w.stack:
            assert card in state.players[seat].played, (
                f"{at}: {card} waits on a stack but P{seat + 1} did not play it"
            )
            assert 0 <= target < n, f"{at}: {card} targets seat {target}"
            stacked.append(card)
    assert len(set(stacked)) == len(stacked), f"{at}: a card waits on a stack twice: {stacked}"
    if windows and windows[-1] is state.pending[-1]:
        top = windows[-1]
        assert top.order and not top.closing, f"{at}: a window with its round over is left waiting: {top}"
    played = [c for p in state.players for c in p.played]
    assert len(set(played)) == len(played), f"{at}: a card was played twice"


def check_play(ctx: Context, previous: GameState, action: PlayCard, seat: int) -> None:
    """A played card had a legal target by its own words (000 · Hero and Antihero Cards; 000 · FAQs: Card timing).

    Checked from the words, independently of the engine's own target code.
    """
    play = ctx.db[action.card].play
    assert play is not None, f"{action.card} has no play"
    att = previous.attempt
    n = len(previous.players)
    assert 0 <= action.target < n, f"{action} targets no seat"
    you_any = any(e.self_cards_target_any(ctx, previous) for e in ctx.expansions)
    if play.target is Target.ATTEMPTING_HERO:
        assert att is not None and action.target == att.seat, (
            f'{action}: "that hero" is not the one attempting'
        )
    elif play.target is Target.YOUR_TURN:
        assert previous.turn.seat == seat, (
            f'{action}: an "on your turn" card on P{previous.turn.seat + 1}\'s turn'
        )
        assert you_any or action.target == seat, f'{action}: a "you" card on another hero'
    elif play.target is Target.SELF:
        if play.timing in (Timing.BEFORE_ATTEMPT, Timing.AS_ATTEMPT):
            assert att is not None, f'{action}: a "you attempt" card with no attempt'
            assert att.seat == seat or (you_any and action.target == att.seat), (
                f'{action}: a "you attempt" card on P{att.seat + 1}\'s attempt'
            )
        else:
            assert you_any or action.target == seat, f'{action}: a "you" card on another hero'


def check_transition(state: GameState, previous: GameState) -> None:
    """What can only go one way from one state to the next."""
    at = f"turn {state.turn.number}"
    if state.turn.number != previous.turn.number:
        # Every window of a turn closes within it (000 · Hero and Antihero Cards).
        assert not any(isinstance(x, Window) for x in state.pending), f"{at}: a window outlived its turn"
    assert state.config == previous.config, f"{at}: the configuration changed"
    order = (Phase.SETUP, Phase.PLAY, Phase.OVER)
    assert order.index(state.phase) >= order.index(previous.phase), f"{at}: phase went back"
    for p, q in zip(state.players, previous.players, strict=True):
        who = f"{at} P{p.seat + 1}"
        assert p.act >= q.act, f"{who}: Act went back from {q.act} to {p.act}"
        for k in range(3):
            assert p.story[k][: len(q.story[k])] == q.story[k], f"{who}: a Story card left the Story"
        assert p.played[: len(q.played)] == q.played, f"{who}: a played card came back"
        assert not (q.destiny_revealed and not p.destiny_revealed), f"{who}: the Destiny was hidden again"
        assert len(p.allies) >= len(q.allies), f"{who}: an Ally left the Story"
        for a, b in zip(p.allies, q.allies, strict=False):
            assert a.card == b.card and (a.sacrificed or not b.sacrificed), (
                f"{who}: a sacrificed Ally came back"
            )
    for row, old in zip(state.rows, previous.rows, strict=True):
        assert row.revealed or not old.revealed, f"{at}: the Act {row.act} row was turned face down"
    if previous.final_turns is not None:
        assert state.final_turns is not None and state.closed_by == previous.closed_by, (
            f"{at}: the game stopped ending"
        )
        assert len(state.final_turns) <= len(previous.final_turns), f"{at}: final turns were added"
    assert state.turn.number >= previous.turn.number, f"{at}: turn number went back"
    if odium_of(state) is not None and odium_of(previous) is not None:
        od, old = odium_of(state), odium_of(previous)
        if state.turn.number != previous.turn.number:
            # 000 · Odium's Deck: every revealed card is discarded by the end of its turn.
            assert not od.revealed, f"{at}: Odium's revealed cards outlived their turn: {od.revealed}"
        assert set(old.loyalists) <= set(od.loyalists), f"{at}: a loyalist changed sides"
        assert od.faced[: len(old.faced)] == old.faced, f"{at}: a facing result changed"
        assert not (old.stage == "facing" and od.stage != "facing"), f"{at}: the facing stage ended"


def check_odium(ctx: Context, state: GameState) -> None:
    """The Adversary of a co-op or solo game (000 · Facing Odium: Solo and Co-op Play)."""
    od = odium_of(state)
    at = f"turn {state.turn.number}"
    if od is None:
        assert state.config.mode.value == "competitive", (
            f"{at}: a {state.config.mode.value} game without an Adversary"
        )
        return
    n = len(state.players)
    assert state.config.mode.value != "competitive", f"{at}: an Adversary in a competitive game"
    assert od.tokens >= 0, f"{at}: Odium's tokens went below zero ({od.tokens})"
    for c in (*od.deck, *od.discard, *od.revealed):
        assert ctx.db[c].type is CardType.ANTIHERO, f"{at}: {c} in the Adversary's deck is no Antihero card"
    assert all(0 <= s < n for s in od.loyalists) and len(set(od.loyalists)) == len(od.loyalists)
    assert len({r.seat for r in od.faced}) == len(od.faced), f"{at}: a hero faced the Adversary twice"
    assert not (set(od.loyalists) & {r.seat for r in od.faced}), f"{at}: a loyalist faced Odium"
    if od.stage == "facing":
        assert state.final_turns == (), f"{at}: facing the Adversary before the final turns are over"
        assert all(p.act == 4 or p.seat != state.closed_by for p in state.players)
    else:
        assert not od.faced and od.stage == "play", f"{at}: faced before the facing stage"
    if state.phase is Phase.OVER:
        assert not od.revealed, f"{at}: the game ended with Odium's cards revealed"
        heroes = {s for s in range(n) if s not in od.loyalists}
        faced = {r.seat for r in od.faced}
        assert od.overrun or faced == heroes, f"{at}: the game ended before every hero faced the Adversary"


# ----------------------------------------------------------------------------- listed ⇔ no refusal

#: Each action table's actions by kind (worked out once per table).
_BY_KIND: dict[ActionTable, dict[ActionKind[object], list[Action]]] = {}


def _table_by_kind(ctx: Context, table: ActionTable) -> dict[ActionKind[object], list[Action]]:
    found = _BY_KIND.get(table)
    if found is None:
        found = _BY_KIND[table] = {}
        for action in table:
            kind = ctx.kinds.kind_of(action)
            assert kind is not None, f"{action} in the action table has no kind"
            found.setdefault(kind, []).append(action)
    return found


def check_listed_iff_no_refusal(
    ctx: Context,
    state: GameState,
    legal: list[Action],
    rnd: random.Random | None = None,
    *,
    full: bool = False,
    sample: int = 6,
) -> int:
    """Legality is derived: an action of the action table is listed exactly when its kind's refusal is None.

    ``full``: every action of the table; else every listed action, ``sample`` actions of each kind
    that answers the decision now, and ``sample`` of the whole table (drawn with ``rnd``). At a
    chance step the sampled cast and forced outcomes are legal and no table action is. Returns
    how many actions were checked.
    """
    if state.phase is Phase.OVER:
        assert not legal
        return 0
    at = f"turn {state.turn.number}"
    table = action_table(ctx)
    rnd = rnd or random.Random(0)
    listed = set(legal)
    checked = 0
    if is_chance(state):
        assert legal == [CastRunes()], f"{at}: a chance step lists {legal}"
        for cast, _p in [(CastRunes(), 1), *islice(chance_outcomes(ctx, state), sample)]:
            why = refusal(ctx, state, cast)
            assert why is None, f"{at}: the cast {cast} is refused: {why}"
            checked += 1
    else:
        for action in legal:
            assert action in table.ids, f"{at}: {action} is listed but has no action id"
            why = refusal(ctx, state, action)
            assert why is None, f"{at}: {action} is listed but its refusal says {why!r}"
            checked += 1
    if full:
        pool: list[Action] = list(table)
    else:
        decision, _top = ctx.kinds.decision(state)
        by_kind = _table_by_kind(ctx, table)
        pool = []
        for kind in ctx.kinds.listing[decision]:
            mine = by_kind.get(kind, [])
            pool += rnd.sample(mine, min(sample, len(mine)))
        pool += rnd.sample(list(table), min(sample, len(table)))
    for action in pool:
        why = refusal(ctx, state, action)
        assert (why is None) == (action in listed), (
            f"{at}: {action} is {'listed' if action in listed else 'not listed'} but its refusal is {why!r}"
        )
        checked += 1
    return checked
