"""000 · Setting Up the Game: Deal the Cards, Reveal Your Character, Prepare the Story Decks."""

from __future__ import annotations

from collections import Counter

import pytest
from invariants import check_invariants
from rules_kit import (
    adversary,
    ally,
    assert_one_place,
    challenge,
    destiny,
    fillers,
    hero_card,
    make_set,
    motivation,
    origin,
    sections,
)

from calladventure.game import Game
from calladventure.values._actions import Keep, PlaceAllyUnder
from calladventure.values._cards import Card, CardType
from calladventure.values._effects import GainXP
from calladventure.values._state import ChooseCharacter, Phase, PlaceAlly


def _box(seats: int = 4, *, extra: list[Card] | None = None) -> str:
    """Two Characters of each type per seat, a Hero card per seat, and six cards per Act."""
    cards: list[Card] = []
    for i in range(2 * seats):
        cards += [origin(f"Origin {i}"), motivation(f"Motivation {i}"), destiny(f"Destiny {i}")]
    cards += [hero_card(f"Hero {i}", "main", GainXP(1)) for i in range(seats + 1)]
    for act in (1, 2, 3):
        cards += fillers(act, 6)
    return make_set(cards, extra or []).id


def _keep_all(game: Game) -> None:
    """Every seat keeps the first dealt card of each type it is asked for."""
    while game.state.phase is Phase.SETUP:
        top = game.state.pending[-1]
        assert isinstance(top, ChooseCharacter)
        game.push(game.legal_actions[0])


def test_000_deal_the_cards_two_of_each_character_type_one_kept() -> None:
    """000 · Deal the Cards: two Origins, Motivations and Destinies each; keep one of each, remove the rest."""
    game = Game.new(players=2, seed=5, sets=(_box(2),))
    db = game.ctx.db
    for p in game.state.players:
        kinds = Counter(db[c].type for c in p.dealt)
        assert kinds == {CardType.ORIGIN: 2, CardType.MOTIVATION: 2, CardType.DESTINY: 2}
    assert not set(game.state.players[0].dealt) & set(game.state.players[1].dealt)
    assert "000/deal-the-cards" in sections(game.events)
    # P1 chooses first, between its two Origins.
    assert game.to_move == 0
    assert sorted(a.card for a in game.legal_actions if isinstance(a, Keep)) == sorted(
        c for c in game.state.players[0].dealt if db[c].type is CardType.ORIGIN
    )
    dealt = {p.seat: p.dealt for p in game.state.players}
    _keep_all(game)
    state = game.state
    assert state.phase is Phase.PLAY and game.to_move == 0
    for p in state.players:
        assert p.dealt == ()
        assert [db[c].type for c in p.characters] == [CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY]
        unkept = set(dealt[p.seat]) - set(p.characters)
        assert len(unkept) == 3 and unkept <= set(state.removed)
    check_invariants(game.ctx, state)


def test_000_deal_the_cards_first_game_deals_one_of_each() -> None:
    """000 · Deal the Cards: a first game deals one Character card of each type, kept without a choice."""
    game = Game.new(players=3, seed=2, sets=(_box(3),), first_game=True)
    assert game.state.phase is Phase.PLAY
    for p in game.state.players:
        assert None not in (p.origin, p.motivation, p.destiny)
    assert_one_place(game)


def test_000_deal_the_cards_one_hero_card_and_three_experience() -> None:
    """000 · Deal the Cards: one Hero card as the starting hand, and three Experience tokens."""
    game = Game.new(players=4, seed=9, sets=(_box(4),))
    for p in game.state.players:
        assert len(p.hand) == 1 and game.ctx.db[p.hand[0]].type is CardType.HERO
        assert p.xp == 3
    hands = [p.hand[0] for p in game.state.players]
    assert len(set(hands)) == 4
    assert not set(hands) & set(game.state.hero_deck)


def test_000_reveal_your_character_marker_on_the_third_level() -> None:
    """000 · Reveal Your Character: the hero marker starts on the third level of the track."""
    game = Game.new(players=2, seed=1, sets=(_box(2),))
    _keep_all(game)
    assert game.ctx.track.start == 2
    assert [p.level for p in game.state.players] == [2, 2]
    level = game.ctx.track.at(2)
    assert level.hero and level.antihero  # 000 · Hero and Antihero Cards: players begin able to play both


@pytest.mark.parametrize(("keep", "level"), [("Redemption", 1), ("Haunted", 3), ("Plain", 2)])
def test_000_reveal_your_character_motivation_sets_the_start(keep: str, level: int) -> None:
    """000 · Reveal Your Character: "unless your Motivation card specifies a different starting level"."""
    cards = [
        origin("Farmer"),
        origin("Miner"),
        destiny("Sage"),
        destiny("Hermit"),
        motivation("Redemption", start_virtue=1),
        motivation("Haunted", start_virtue=-1),
        motivation("Plain"),
        *fillers(1, 4),
        *fillers(2, 4),
        *fillers(3, 4),
        hero_card("Hope", "main", GainXP(1)),
    ]
    set_id = make_set(cards).id
    # One hero is dealt two of the three Motivations: take the first seed that deals ``keep``.
    for seed in range(50):
        game = Game.new(players=1, seed=seed, sets=(set_id,))
        if keep in {game.ctx.db[c].name for c in game.state.players[0].dealt}:
            break
    while game.state.phase is Phase.SETUP:
        top = game.state.pending[-1]
        assert isinstance(top, ChooseCharacter)
        if top.kind == "motivation":
            game.keep(keep)
        else:
            game.push(game.legal_actions[0])
    assert game.ctx.db[game.state.players[0].motivation or ""].name == keep
    assert game.state.players[0].level == level


@pytest.mark.parametrize(("players", "width"), [(1, 4), (2, 4), (3, 4), (4, 5)])
def test_000_prepare_the_story_decks_four_cards_per_act_five_with_four_players(
    players: int, width: int
) -> None:
    """000 · Prepare the Story Decks: four cards per Act for 1-3 players, five for four players."""
    game = Game.new(players=players, seed=3, sets=(_box(4),))
    assert [len(r.slots) for r in game.state.rows] == [width] * 3
    assert all(s is not None for r in game.state.rows for s in r.slots)
    assert [len(r.deck) for r in game.state.rows] == [6 - width] * 3


def test_000_prepare_the_story_decks_only_act_i_face_up() -> None:
    """000 · Prepare the Story Decks: "turn the Act I cards face-up and begin the game"."""
    game = Game.new(players=2, seed=4, sets=(_box(2),))
    assert [r.revealed for r in game.state.rows] == [True, False, False]
    _keep_all(game)
    assert [r.revealed for r in game.state.rows] == [True, False, False]
    assert "000/ending-an-act" in sections(game.events)  # the Act I row is revealed, citing its rule


def test_000_glossary_ally_revealed_during_setup_first_player_places_it() -> None:
    """000 · Glossary: Ally: an Ally revealed during setup is placed by the first player."""
    cards = [
        *(c for i in range(6) for c in (origin(f"O{i}"), motivation(f"M{i}"), destiny(f"D{i}"))),
        challenge("Ford", 2, ["strength"]),
        challenge("Bridge", 2, ["strength"]),
        challenge("Gate", 2, ["strength"]),
        ally("Squire"),
        ally("Page"),
        *fillers(2, 4),
        *fillers(3, 4),
    ]
    game = Game.new(players=3, seed=11, sets=(make_set(cards).id,))
    # The Allies wait under the Character choices; then P1 (seat 0) places them.
    assert any(isinstance(p, PlaceAlly) for p in game.state.pending)
    while isinstance(game.state.pending[-1], ChooseCharacter):
        game.push(game.legal_actions[0])
    top = game.state.pending[-1]
    assert isinstance(top, PlaceAlly) and top.seat == 0
    assert game.to_move == 0
    while game.state.pending and isinstance(game.state.pending[-1], PlaceAlly):
        targets = [a for a in game.legal_actions if isinstance(a, PlaceAllyUnder)]
        assert len(targets) >= 2
        game.push(targets[-1])
    row = game.state.row(1)
    allies = [s.ally for s in row.slots if s is not None and s.ally is not None]
    assert {game.ctx.db[a].name for a in allies} == {"Squire", "Page"}
    assert all(s is None or game.ctx.db[s.card].type is not CardType.ALLY for s in row.slots)
    assert "000/allies" in sections(game.events)
    assert game.state.phase is Phase.PLAY
    check_invariants(game.ctx, game.state)


@pytest.mark.parametrize("seed", range(6))
def test_000_setting_up_the_game_every_card_in_exactly_one_place(seed: int) -> None:
    """000 · Setting Up the Game: after setup every card is in one place (kept, removed, a deck or a row)."""
    extra = [ally("Hound"), adversary("Tyrant", 6, ["strength"])]
    game = Game.new(players=2 + seed % 3, seed=seed, sets=(_box(4, extra=extra),))
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_actions[0])
    check_invariants(game.ctx, game.state)


def test_000_reveal_your_character_after_every_hero_keeps() -> None:
    """000 · Deal the Cards: "Each player keeps one of each type of card, then" 000 · Reveal Your
    Character: the Origins and Motivations go face up together, once the last hero has kept."""
    game = Game.new(players=2, seed=3, sets=(_box(2),))
    for _ in range(3):  # P1 keeps its Origin, Motivation and Destiny
        game.push(game.legal_actions[0])
    top = game.state.pending[-1]
    assert isinstance(top, ChooseCharacter) and top.seat == 1
    first = game.state.players[0]
    kept = [game.ctx.db[c].name for c in (first.origin, first.motivation) if c is not None]
    assert len(kept) == 2
    for seen in (game.view(1), game.spectator_view()):  # P2, still choosing, sees nothing of P1's choice
        p1 = seen.state.players[0]
        assert p1.origin == "?origin" and p1.motivation == "?motivation"
        words = seen.information_state_string() + " ".join(e.seen_by(seen.seat) for e in seen.log)
        assert not [name for name in kept if name in words]
    assert game.view(0).state.players[0].origin == first.origin  # P1 sees its own
    assert "000/reveal-your-character" not in sections(game.events)
    _keep_all(game)
    reveals = [i for i, e in enumerate(game.events) if e.section == "000/reveal-your-character"]
    assert len(reveals) == 1
    keeps = [i for i, e in enumerate(game.events) if e.section == "000/deal-the-cards" and e.seat is not None]
    assert len(keeps) == 6 and max(keeps) < reveals[0]
    assert all(name in game.events[reveals[0]].text for name in kept)
    assert game.view(1).state.players[0].origin == first.origin
