"""Per-seat views (rules/_view.py), determinisation (rules/_determinize.py) and the leak fuzzer (play/_leaks.py)."""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from invariants import check_invariants
from rich.console import Console

from calladventure import Game
from calladventure.expansions.odium import odium_of
from calladventure.play._leaks import MODES, fuzz, hidden_ids, scramble
from calladventure.present import game_html
from calladventure.present._rich_game import game_rich
from calladventure.rules import legal_actions
from calladventure.rules._determinize import InconsistentViewError, fill, unseen
from calladventure.rules._hidden import is_hidden, placeholders
from calladventure.rules._view import View, redact, to_data, view
from calladventure.values._errors import CallAdventureError
from calladventure.values._state import ChooseCharacter, Phase, evolve


def played(seed: int = 3, steps: int = 40, **config: object) -> Game:
    """A game played ``steps`` random actions in (casts as they come)."""
    game = Game.new(seed=seed, **config)  # type: ignore[arg-type]
    rnd = random.Random(seed)
    while not game.over and game.steps < steps:
        game.push("cast" if game.is_chance else rnd.choice(game.legal_list()))
    return game


def rich_text(value: object) -> str:
    console = Console(record=True, width=140)
    console.print(value)
    return console.export_text()


# ----------------------------------------------------------------------------- what a view holds


def test_000_deal_the_cards_a_view_shows_its_own_hand_and_destiny_and_hides_the_others() -> None:
    game = played(players=3, steps=60)
    me = game.view(0)
    for seat, p in enumerate(game.state.players):
        shown = me.state.players[seat]
        if seat == 0:
            assert shown.hand == p.hand and me.destiny(0) == p.destiny
        else:
            assert len(shown.hand) == len(p.hand) and all(is_hidden(c) for c in shown.hand)
            # the backs tell Hero from Antihero cards (000 · Hero and Antihero Cards), nothing more
            kinds = [game.ctx.db[c].type.value for c in p.hand]
            assert [c[1:] for c in shown.hand] == kinds
            assert me.destiny(seat) is None and shown.destiny == "?destiny"
    assert me.state.rng == 0 and me.state.config.seed == 0
    assert me.state != game.state


def test_000_prepare_the_story_decks_decks_keep_their_size_not_their_order() -> None:
    game = played(players=2, steps=30)
    seen = game.spectator_view().state
    assert len(seen.hero_deck) == len(game.state.hero_deck)
    assert set(seen.hero_deck) <= {"?hero"} and set(seen.antihero_deck) <= {"?antihero"}
    for real, shown in zip(game.state.rows, seen.rows, strict=True):
        assert len(shown.deck) == len(real.deck) and all(is_hidden(c) for c in shown.deck)
        if not real.revealed:  # the face-down rows of Acts II and III
            assert all(s is None or is_hidden(s.card) for s in shown.slots)
        else:
            assert shown.slots == real.slots


def test_000_deal_the_cards_unchosen_characters_are_known_only_to_their_seat() -> None:
    game = Game.new(players=2, seed=5)
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_list()[0])
    mine = set(game.state_at(0).players[0].dealt) - set(game.state.players[0].characters)
    assert mine <= set(game.view(0).state.removed)
    assert not mine & set(game.view(1).state.removed)
    assert not mine & set(game.spectator_view().state.removed)


def test_000_faqs_revealing_destinies_in_co_op_the_log_and_history_keep_a_destiny_secret() -> None:
    game = Game.new(players=2, seed=2)
    while game.state.phase is Phase.SETUP:
        top = game.state.pending[-1]
        game.push(game.legal_list()[0])
        if isinstance(top, ChooseCharacter) and top.kind == "destiny" and top.seat == 1:
            break
    destiny = game.ctx.db[game.state.players[1].destiny or ""].name
    theirs, mine = game.view(1), game.view(0)
    assert any(destiny in e.seen_by(1) for e in theirs.log)
    assert not any(destiny in e.seen_by(0) for e in mine.log)
    assert mine.history[-1] == "P2: keep a Destiny (face down)"
    assert game.state.players[1].destiny not in " ".join(mine.history)


def test_000_hero_and_antihero_cards_a_seat_reads_the_card_it_drew_the_others_do_not() -> None:
    game = played(players=2, steps=200)
    draws = [e for e in game.events if e.secret and e.text.startswith("draws")]
    assert draws, "a drawn card is named in its seat's log"
    e = draws[0]
    assert e.secret in e.seen_by(e.seat) and e.secret not in e.seen_by(1 - (e.seat or 0))
    assert e.secret not in str(e)  # the plain log stays public
    other = game.view(1 - (e.seat or 0))
    assert not any(ev.secret for ev in other.log if ev.seat == e.seat)


def test_a_spectator_sees_no_hand_and_a_view_of_a_bad_seat_is_a_typed_error() -> None:
    game = played(players=2, steps=20)
    spectator = game.spectator_view()
    assert spectator.spectator and spectator.legal == ()
    assert all(is_hidden(c) for p in spectator.state.players for c in p.hand)
    before = game.save()
    for bad in (2, -1, "0", "P3"):
        with pytest.raises(CallAdventureError, match=r"seats of this game are 0 \(P1\), 1 \(P2\)"):
            game.view(bad)
    with pytest.raises(TypeError, match="a seat is a number"):
        game.view(None)  # type: ignore[arg-type]
    assert game.save() == before


def test_a_view_lists_legal_actions_only_for_the_seat_to_move() -> None:
    game = played(players=2, steps=25)
    mover = game.to_move
    assert mover is not None
    assert list(game.view(mover).legal) == game.legal_list()
    assert game.view(1 - mover).legal == ()


def test_000_odiums_deck_is_face_down_in_every_view() -> None:
    game = played(players=2, steps=30, sets=("stormlight",), mode="coop")
    od = odium_of(game.view(0).state)
    assert od.deck and set(od.deck) == {"?odium"}
    assert len(od.deck) == len(odium_of(game.state).deck)


def test_views_draw_as_the_game_does_and_only_from_what_they_hold() -> None:
    game = played(players=2, steps=50)
    me = game.view(0)
    html, text = game_html(me), rich_text(me)
    assert "seed hidden" in text and "as P1 sees it" in text
    assert me._repr_html_() == html
    theirs = set(game.state.players[1].hand)
    for cid in theirs:
        assert game.ctx.db[cid].name not in text or any(
            game.ctx.db[c].name == game.ctx.db[cid].name for c in game.ctx.db if c not in theirs
        )
    assert "Hand (" in rich_text(game_rich(game.view(0)))


# ----------------------------------------------------------------------------- determinisation


@pytest.mark.parametrize("mode", MODES, ids=lambda m: ",".join(f"{k}={v}" for k, v in m.items()))
def test_samples_are_consistent_with_the_view_and_legal_to_continue(mode: dict[str, object]) -> None:
    for seed in range(2):
        game = played(seed=seed, steps=random.Random(seed).randrange(5, 150), **mode)
        rnd = random.Random(seed)
        for seat in [None, *range(len(game.state.players))]:
            v = game.spectator_view() if seat is None else game.view(seat)
            seen = game.state_at(0).players[seat].dealt if seat is not None else ()
            sample = v.sample_state(rnd)
            assert not placeholders(sample)
            assert view(game.ctx, sample, seat, seen=seen).state == v.state
            if v.legal:
                assert tuple(legal_actions(game.ctx, sample)) == v.legal
            check_invariants(game.ctx, sample)
            after = Game.from_state(sample, record_events=False)
            for _ in range(30):  # legal to continue
                if after.over:
                    break
                after.push("cast" if after.is_chance else rnd.choice(after.legal_list()))


def test_samples_draw_each_unseen_card_uniformly() -> None:
    game = played(players=2, steps=40)
    v = game.view(0)
    kind = v.state.players[1].hand[0][1:]
    pool = unseen(game.ctx, v.state)[kind]
    rnd = random.Random(1)
    trials = 3000
    counts = Counter(v.sample_state(rnd).players[1].hand[0] for _ in range(trials))
    assert set(counts) == set(pool)  # every unseen card of that back, and nothing else
    expected = trials / len(pool)
    assert all(abs(n - expected) < 5 * expected**0.5 for n in counts.values()), counts


def test_a_view_whose_cards_do_not_add_up_is_refused() -> None:
    game = played(players=2, steps=10)
    state = game.view(0).state
    broken = evolve(state, hero_deck=state.hero_deck[1:])  # a hidden card lost
    with pytest.raises(InconsistentViewError, match="hero"):
        fill(game.ctx, broken, random.Random(0))


# ----------------------------------------------------------------------------- the leak fuzzer


def _view_picture(ctx, state, seat):  # type: ignore[no-untyped-def]
    return game_html(view(ctx, state, seat))


def _game_picture(ctx, state, seat):  # type: ignore[no-untyped-def]
    if seat is None or state.over:
        return ""
    return game_html(Game.from_state(state, record_events=False), viewer=seat)


def test_the_leak_fuzzer_finds_no_leak_in_any_mode() -> None:
    """Every mode: views, legal actions and pictures do not change with what a seat cannot see."""
    leaks = fuzz(MODES, games=2, seed=7, pictures=(_view_picture, _game_picture), picture_every=6)
    assert not leaks, "\n".join(str(x) for x in leaks[:10])


def _leaky(kind: str):  # type: ignore[no-untyped-def]
    """A view function with one planted leak."""

    def leak(ctx, state, seat, **kw):  # type: ignore[no-untyped-def]
        honest = view(ctx, state, seat, **kw)
        other = 1 if seat == 0 else 0
        if kind == "hand":  # another seat's hand, in the clear
            players = list(honest.state.players)
            players[other] = evolve(players[other], hand=state.players[other].hand)
            return attrs.evolve(honest, state=evolve(honest.state, players=tuple(players)))
        if kind == "rng":  # the RNG state: the next rune faces
            return attrs.evolve(honest, state=evolve(honest.state, rng=state.rng))
        if kind == "deck":  # the deck order
            return attrs.evolve(honest, state=evolve(honest.state, hero_deck=state.hero_deck))
        if kind == "kept":  # another seat's kept Origin, before every hero has kept
            players = list(honest.state.players)
            players[other] = evolve(players[other], origin=state.players[other].origin)
            return attrs.evolve(honest, state=evolve(honest.state, players=tuple(players)))
        if kind == "log":  # every seat reads every secret
            log = tuple(attrs.evolve(e, text=f"{e.text} {e.secret}", secret="") for e in kw.get("events", ()))
            return attrs.evolve(honest, log=log)
        raise AssertionError(kind)

    return leak


@pytest.mark.parametrize("kind", ["hand", "rng", "deck", "log"])
def test_the_leak_fuzzer_fails_on_a_planted_leak(kind: str) -> None:
    leaks = fuzz(MODES[:1], games=1, seed=3, view_fn=_leaky(kind))
    assert leaks, f"a planted {kind} leak went unnoticed"
    assert all("P" in str(x) or "spectator" in str(x) for x in leaks)


def test_000_reveal_your_character_the_leak_fuzzer_finds_a_kept_origin_shown_before_every_hero_keeps() -> (
    None
):
    leaks = fuzz(MODES[:1], games=1, seed=3, every=1, max_steps=8, view_fn=_leaky("kept"))
    assert leaks and all(x.step < 6 for x in leaks), "a kept Origin shown during the keeping went unnoticed"


def test_the_scrambler_changes_only_what_the_seat_cannot_see() -> None:
    game = played(players=3, steps=70)
    ctx, state = game.ctx, game.state
    seen = game.state_at(0).players[0].dealt  # its own unkept Character cards
    other = scramble(ctx, state, 0, random.Random(4), seen)
    assert (
        other != state and other.players[0] == state.players[0] and other.rows[0].slots == state.rows[0].slots
    )
    secret = hidden_ids(ctx, state, 0, seen)
    assert secret == hidden_ids(ctx, other, 0, seen)
    assert not secret & set(json.dumps(to_data(game.view(0))).replace('"', " ").split())
    assert isinstance(game.view(0), View) and redact(ctx, state, 0, seen) == redact(ctx, other, 0, seen)


def test_000_deal_the_cards_another_heros_forced_discard_does_not_show_its_hand() -> None:
    """A forced discard (000 · Hero and Antihero Cards) is the discarding hero's choice among its
    hand: the other seats see that it must discard, not which cards it may discard; a sample
    deals that hero a hand and offers exactly its cards."""
    from calladventure.play.position import Position
    from calladventure.values._actions import Choose
    from calladventure.values._state import Choice

    db = Game.new(players=2, seed=1).ctx.db
    hand = [c.name for c in db.values() if c.type.value == "hero"][:2]
    game = Position(players=2).hero(1, hand=hand).game()
    secret = tuple(game.state.players[1].hand)
    source = game.state.players[0].origin  # a public card asks P2 to discard one of its two cards
    assert source is not None
    choice = Choice(1, "discard", source, secret)
    game = Game.from_state(evolve(game.state, pending=(*game.state.pending, choice)), record_events=False)
    theirs = game.view(0)
    assert isinstance(theirs.state.pending[-1], Choice) and theirs.state.pending[-1].options == ()
    assert not any(cid in theirs.observation_string() for cid in secret)
    mine = game.view(1)
    assert {a.option for a in mine.legal if isinstance(a, Choose)} == set(secret)
    sample = theirs.sample_state(random.Random(4))
    top = sample.pending[-1]
    assert isinstance(top, Choice) and set(top.options) == set(sample.players[1].hand)
    assert {a.option for a in legal_actions(game.ctx, sample)} == set(sample.players[1].hand)
