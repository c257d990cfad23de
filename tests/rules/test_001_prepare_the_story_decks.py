"""001 · Prepare the Story Decks: the first-game option removes Allies, Adversaries and related cards."""

from __future__ import annotations

from invariants import check_invariants
from rules_kit import adversary, ally, destiny, fillers, hero_card, make_set, motivation, origin, trait

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._cards import CardType
from calladventure.values._effects import GainXP
from calladventure.values._state import Phase


def _set_id() -> str:
    cards = [
        *(c for i in range(4) for c in (origin(f"O{i}"), motivation(f"M{i}"), destiny(f"D{i}"))),
        motivation("Vow of Vengeance", first_game_remove=True, source="001/prepare-the-story-decks"),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Faith", "main", GainXP(1)),
        ally("Squire"),  # an Ally, not flagged: a first game removes it all the same
        ally("Hound", act=2),
        adversary("Tyrant", 6, ["strength"]),
        trait("Noble", first_game_remove=True, source="001/prepare-the-story-decks"),
        *fillers(1, 5),
        *fillers(2, 5),
        *fillers(3, 5),
    ]
    return make_set(cards).id


def test_001_prepare_the_story_decks_first_game_removes_allies_adversaries_and_related_cards() -> None:
    """001 · Prepare the Story Decks: "removing the Allies and Adversaries from the story decks (as well as
    their related cards …)" in a first game."""
    game = Game.new(players=2, seed=1, sets=(_set_id(),), first_game=True)
    db = game.ctx.db
    gone = {c for c in db if db[c].name in ("Squire", "Hound", "Tyrant", "Noble", "Vow of Vengeance")}
    assert gone <= set(game.state.removed)
    in_play = {s.card for r in game.state.rows for s in r.slots if s is not None}
    in_play |= {c for r in game.state.rows for c in r.deck}
    in_play |= {c for p in game.state.players for c in p.characters}
    assert not gone & in_play
    assert all(db[c].type not in (CardType.ALLY, CardType.ADVERSARY) for c in in_play)
    assert game.state.phase is Phase.PLAY
    check_invariants(game.ctx, game.state)


def test_001_prepare_the_story_decks_allies_stay_without_the_first_game_option() -> None:
    game = Game.new(players=2, seed=1, sets=(_set_id(),))
    db = game.ctx.db
    decks = {c for r in game.state.rows for c in r.deck} | {
        c for r in game.state.rows for s in r.slots if s is not None for c in (s.card, s.ally) if c
    }
    decks |= {p.ally for p in game.state.pending if hasattr(p, "ally")}  # type: ignore[union-attr]
    assert {db[c].name for c in decks} >= {"Squire", "Hound", "Tyrant", "Noble"}


def test_001_prepare_the_story_decks_first_game_position_has_no_allies() -> None:
    """A Position with the first-game option leaves the removed cards out of the decks too."""
    state = Position(players=2, sets=(_set_id(),)).options(first_game=True).build()
    game = Game.from_state(state)
    db = game.ctx.db
    assert {db[c].name for c in state.removed} >= {"Squire", "Hound", "Tyrant", "Noble"}
    assert all(db[c].type is not CardType.ALLY for r in state.rows for c in r.deck)
    check_invariants(game.ctx, state)
