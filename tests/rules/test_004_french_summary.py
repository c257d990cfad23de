"""004 · the French summary of the core rules (*Appel à l'Aventure*), cross-checked against the engine.

004 restates 001 in French: the choice of a turn (a trait OR a challenge), where gained cards go by
Act, the steps of a challenge, the other actions, the end of a turn and of an Act, and the seven
scoring items of the end of the game in 001's order. Each test checks what the summary says, in
its own section's name.
"""

from __future__ import annotations

import pytest
from rules_kit import (
    ally,
    antihero_card,
    assert_illegal,
    challenge,
    destiny,
    filler_names,
    fillers,
    hero_card,
    motivation,
    origin,
    path,
    pool_ids,
    position,
    power,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.rules._story import effective_icons, icon_counts
from calladventure.values._actions import AttemptChallenge, GainTrait, Journey, PlayCard, UsePower
from calladventure.values._cards import Card, CardType, Side
from calladventure.values._effects import (
    Bonus,
    Compare,
    Duration,
    GainXP,
    LoseXP,
    PerIcon,
    PointsKind,
    Requirement,
    Target,
)
from calladventure.values._icons import Icon
from calladventure.values._state import ChooseCharacter, Phase, Tucked

ACT1 = filler_names(1)
ACT2 = filler_names(2)


def _cards() -> list[Card]:
    return [
        origin("Novice"),
        origin("Brute", "strength"),
        origin("Bard", triumph=1),
        origin("Smith's Child", powers=(power("activated", GainXP(1)),)),
        motivation("Drive"),
        motivation("Duty"),
        motivation("Wanderlust"),
        destiny("Judge of Men", "justice", scoring=(PerIcon((Icon.JUSTICE,), points=2),)),
        destiny("Dark Lord", scoring=(Compare(PointsKind.TRAGEDY, 5),)),
        destiny("Open Fate"),
        destiny("Third Fate"),
        trait("Plain"),
        trait("Strong", "strength"),
        trait("Honest", "justice"),
        trait("Grim", tragedy=1),
        trait("Knight", "justice", requires=Requirement(icons={Icon.STRENGTH: 2})),
        challenge("Three", 3, ["strength", "wisdom"]),
        challenge("Four", 4, ["strength", "wisdom"]),
        challenge(
            "Duel",
            2,
            ["strength"],
            top=path("justice", label="Spare him", triumph=1),
            bottom=path("villainy", label="Finish him", tragedy=2, plus_one=True),
        ),
        challenge("Ford", 2, ["constitution"]),
        ally("Squire", "royalty"),
        *fillers(1, 4),
        trait("Court Life", act=2),
        *fillers(2, 4),
        trait("Legend", "justice", act=3),
        *fillers(3, 4),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Windfall", "before_attempt", GainXP(1)),
        hero_card("Valor", "main", Bonus(1), duration=Duration.TURN),
        hero_card("Helping Hand", "as_attempt", Bonus(1), target=Target.ATTEMPTING_HERO),
        antihero_card("Sneer", "main", GainXP(1)),
        antihero_card("Tax", "before_attempt", LoseXP(1), target=Target.ANY_HERO),
    ]


def _pos(row: list[object] | None = None, **hero: object) -> Position:
    hero.setdefault("origin", "Novice")
    return (
        position(_cards())
        .hero(0, **hero)  # type: ignore[arg-type]
        .row(1, row or ["Plain", "Strong", "Three", "Duel"])  # type: ignore[arg-type]
        .hero_deck(top=["Hope"])
    )


def _names(game: Game, ids: tuple[str, ...] | list[str]) -> list[str]:
    return [game.ctx.db[c].name for c in ids]


def _story(game: Game, seat: int = 0) -> list[list[str]]:
    return [[game.ctx.db[t.card].name for t in under] for under in game.state.players[seat].story]


def _choices(game: Game) -> tuple[set[str], set[str]]:
    """(traits that may be gained, challenges that may be attempted) now."""
    db = game.ctx.db
    legal = list(game.legal_actions)
    return (
        {db[a.card].name for a in legal if isinstance(a, GainTrait)},
        {db[a.card].name for a in legal if isinstance(a, AttemptChallenge)},
    )


def _lines(game: Game, seat: int = 0) -> dict[str, tuple[int, int]]:
    return {x.label.split(" (")[0].split(":")[0]: (x.triumph, x.tragedy) for x in game.score()[seat].lines}


def _other(game: Game, seat: int = 0) -> dict[str, int]:
    """Each line's Destiny points that are neither Triumph nor Tragedy (000 · Rules Overview)."""
    return {x.label.split(" (")[0].split(":")[0]: x.other for x in game.score()[seat].lines}


# ============================================================================ Comment jouer, Les cartes


def test_004_comment_jouer_origin_motivation_destiny_and_one_hero_card() -> None:
    """004 · Comment jouer: each player selects an Origin, a Motivation and a Destiny (only the Destiny stays
    face down to the others) and is dealt one Hero card."""
    game = Game.new(players=3, seed=4)
    kinds = []
    while game.state.phase is Phase.SETUP or game.state.pending:  # choices, then any Act I Ally to place
        top = game.state.pending[-1]
        if isinstance(top, ChooseCharacter):
            kinds.append((top.seat, top.kind))
        game.push(game.legal_actions[0])
    assert kinds == [(seat, kind) for seat in range(3) for kind in ("origin", "motivation", "destiny")]
    db = game.ctx.db
    for p in game.state.players:
        assert [db[c].type for c in p.characters] == [CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY]
        assert not p.destiny_revealed
        assert [db[c].type for c in p.hand] == [CardType.HERO]


def test_004_les_cartes_destiny_face_down_until_the_end_then_its_bonus_points() -> None:
    """004 · Les cartes: the Destiny sits face down at the right, known only to its owner, and brings bonus
    points; the Origin (left) and Motivation (middle) are face up."""
    game = (
        position(_cards())
        .hero(0, origin="Brute", motivation="Drive", destiny="Judge of Men", story=[["Honest"]])
        .hero(1, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]])
        .reveal(2, 3)
        .row(3, ["Filler 3-2"])
        .turn(1)
        .game()
    )
    p = game.state.players[0]
    assert not p.destiny_revealed
    assert effective_icons(game.ctx, game.state, 0)[Icon.STRENGTH] == 1  # the face-up Origin counts
    assert icon_counts(game.ctx, p)[Icon.JUSTICE] == 1  # Honest only: the Destiny's icon is hidden
    game.gain("Filler 3-2").end_turn().end_turn()
    assert game.over and game.state.players[0].destiny_revealed
    assert icon_counts(game.ctx, game.state.players[0])[Icon.JUSTICE] == 2
    assert _lines(game)["Destiny"] == (4, 0)  # 2 points for each of the two Justice icons


def test_004_les_cartes_hero_and_antihero_cards_take_effect_in_reverse_order() -> None:
    """004 · Les cartes: Hero and Antihero cards may interrupt others' actions and take effect in the reverse of
    the order in which they were played. P1 (no Experience) plays Windfall (+1), P2 answers with Tax (−1):
    Tax resolves first (0 stays 0), then Windfall, leaving 1; in play order it would be 0."""
    game = _pos(hand=["Windfall"], xp=0).hero(1, hand=["Tax"]).game()
    game.attempt("Three")
    game.play("Windfall")
    assert game.to_move == 1  # P2 may interrupt P1's attempt
    game.play("Tax", target=0)
    assert game.state.players[0].xp == 1
    resolved = [e.text for e in game.last_events if "takes effect" in e.text]
    assert resolved == ["Tax takes effect on P1", "Windfall takes effect on P1"]


def test_004_les_cartes_a_trait_has_one_path() -> None:
    """004 · Les cartes: "Un trait n'a qu'un chemin": a trait is gained with its one path showing, never
    attempted."""
    game = _pos().game()
    plain = game.card("Plain")
    assert plain.type is CardType.TRAIT and plain.sides == (Side.TOP,)
    assert_illegal(game, lambda g: g.push(AttemptChallenge(plain.id)), "only challenges are attempted")
    game.gain("Plain")
    assert game.state.players[0].story[0] == (Tucked(plain.id, Side.TOP),)


# ============================================================================ A chaque tour, Gagner un Trait


def test_004_a_chaque_tour_a_trait_or_a_challenge_plus_other_actions() -> None:
    """004 · A chaque tour: on your turn you may gain a Trait OR face a Challenge, and also spend Experience and
    play Hero or Antihero cards."""
    game = _pos(hand=["Rally"]).game()
    traits, challenges = _choices(game)
    assert traits == {"Plain", "Strong"} and challenges == {"Three", "Duel"}
    assert any(isinstance(a, Journey) for a in game.legal_actions)  # spending Experience
    assert any(isinstance(a, PlayCard) for a in game.legal_actions)
    game.attempt("Three", faces=["slash", "blank", "slash"])  # fails: the turn's choice is spent
    assert _choices(game) == (set(), set())
    assert_illegal(game, lambda g: g.gain("Plain"), "gain a trait or attempt a challenge")
    game.play("Rally")  # a Hero card is still allowed
    game = _pos().game().gain("Plain")
    assert _choices(game) == (set(), set())


@pytest.mark.parametrize(("act", "under"), [(1, "Origin"), (2, "Motivation"), (3, "Destiny")])
def test_004_gagner_un_trait_act_i_origin_act_ii_motivation_act_iii_destiny(act: int, under: str) -> None:
    """004 · Gagner un Trait: Act I cards go under the Origin, Act II under the Motivation, Act III under the
    Destiny, top visible; its runes, Story icons and rewards join the Story."""
    story = [ACT1, ACT2][: act - 1]
    gained = {1: "Honest", 2: "Court Life", 3: "Legend"}[act]
    pos = _pos(["Honest", "Plain"], story=story)
    if act > 1:
        pos = pos.reveal(*range(2, act + 1)).row(act, [gained])
    game = pos.game().gain(gained)
    p = game.state.players[0]
    assert p.story[act - 1][-1] == Tucked(game.card(gained).id, Side.TOP)
    assert any(f"under the {under}" in e.text for e in game.last_events)
    justice = icon_counts(game.ctx, p)[Icon.JUSTICE]
    assert justice == (1 if gained in ("Honest", "Legend") else 0)


def test_004_gagner_un_trait_conditions_on_the_card() -> None:
    """004 · Gagner un Trait: to take a trait "vous devez simplement remplir les conditions indiquées sur la
    carte"."""
    game = _pos(["Knight", "Plain"], origin="Brute").game()
    assert "Knight" not in _choices(game)[0]
    assert_illegal(game, lambda g: g.gain("Knight"), "prerequisite")
    game = _pos(["Knight", "Plain"], origin="Brute", story=[["Strong"]]).game()
    game.gain("Knight")
    assert _story(game)[0] == ["Strong", "Knight"]


# ============================================================================ Tenter un Defi


def test_004_tenter_un_defi_difficulty_on_the_card_plus_one_path() -> None:
    """004 · Tenter un Defi, steps 1-2: the difficulty is the number on the card; declare the top or bottom path,
    and a path with the +1 icon is one harder."""
    game = _pos().game().attempt("Duel", "top")
    att = game.state.attempt
    assert att is not None and att.side is Side.TOP
    assert attempt_math(game.ctx, game.state, att).difficulty == game.card("Duel").difficulty == 2
    game = _pos().game().attempt("Duel", "bottom")
    att = game.state.attempt
    assert att is not None and att.side is Side.BOTTOM
    assert attempt_math(game.ctx, game.state, att).difficulty == 3


def test_004_tenter_un_defi_gather_core_ability_and_dark_runes() -> None:
    """004 · Tenter un Defi, step 3: always the three core runes, one Ability rune per relevant icon of the
    Story, and Dark runes for Experience tokens."""
    game = _pos(["Three", "Plain"], origin="Brute", story=[["Strong", "Honest"]], xp=3).game()
    game.attempt("Three", dark_runes=2)
    assert pool_ids(game) == ["core-1", "core-2", "core-3", "strength-1", "strength-2", "dark", "dark"]
    assert game.state.players[0].xp == 1
    game = _pos(["Ford"], origin="Brute").game().attempt("Ford")
    assert pool_ids(game) == ["core-1", "core-2", "core-3"]  # Strength is not listed on Ford


def test_004_tenter_un_defi_card_effects_applied_before_the_result() -> None:
    """004 · Tenter un Defi, step 4: card effects such as Hero or Antihero cards apply to the attempt."""
    game = _pos().hero(1, hand=["Helping Hand"]).game()
    game.attempt("Three").cast("slash", "blank", "slash")  # 2 against 3
    assert game.to_move == 1
    game.play("Helping Hand")
    assert _story(game)[0] == ["Three"]


@pytest.mark.parametrize(
    ("side", "faces", "gained"),
    [
        ("top", ["slash", "slash", "dual-triangle"], True),  # 2 = 2
        ("top", ["slash", "blank", "dual-triangle"], False),  # 1 < 2
        ("bottom", ["slash", "slash", "slash"], True),  # 3 = 2 + 1
        ("bottom", ["slash", "slash", "dual-triangle"], False),  # 2 < 3
    ],
)
def test_004_tenter_un_defi_equal_or_more_overcomes_with_the_path_showing(
    side: str, faces: list[str], gained: bool
) -> None:
    """004 · Tenter un Defi, step 5: a result equal to or above the difficulty overcomes the challenge; the card
    goes under the current Character card with the chosen path showing."""
    game = _pos().game().attempt("Duel", side, faces=faces).resolve(draw="hero")
    tucked = game.state.players[0].story[0]
    if gained:
        assert tucked == (Tucked(game.card("Duel").id, Side(side)),)
        assert "000/attempt-a-challenge" in sections(game.events)
    else:
        assert tucked == ()


# ============================================================================ Lire les Runes, Les Autres Actions


def test_004_lire_les_runes_three_core_runes_each_challenge_dark_runes_for_experience() -> None:
    """004 · Lire les Runes: the three core runes are cast in every challenge; Dark runes are added in exchange
    for Experience points, one each."""
    for name in ("Three", "Duel"):
        game = _pos().game().attempt(name)
        assert pool_ids(game)[:3] == ["core-1", "core-2", "core-3"]
    game = _pos(xp=1).game()
    assert {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge)} == {0, 1}
    game.attempt("Three", dark_runes=1)
    assert pool_ids(game) == ["core-1", "core-2", "core-3", "dark"] and game.state.players[0].xp == 0


def test_004_les_autres_actions_journey_once_per_turn_and_the_ally_goes_too() -> None:
    """004 · Les Autres Actions: "Voyage": once per turn spend Experience to discard a table card and replace it
    from the same deck; a discarded challenge takes its Ally with it."""
    game = _pos([("Ford", "Squire"), "Plain", "Three", "Duel"], xp=2).deck(1, ["Filler 1-0"]).game()
    game.journey("Ford")
    row = game.state.row(1)
    assert _names(game, row.discard) == ["Ford", "Squire"]
    slot = row.slots[0]
    assert slot is not None and game.ctx.db[slot.card].name == "Filler 1-0" and slot.ally is None
    assert game.state.players[0].xp == 1
    assert not any(isinstance(a, Journey) for a in game.legal_actions)
    assert_illegal(game, lambda g: g.journey("Plain"), "once a turn")


def test_004_les_autres_actions_as_many_as_available() -> None:
    """004 · Les Autres Actions: use another card effect, play Hero or Antihero cards: as many of these actions
    as you have available, beside the trait or challenge."""
    game = _pos(origin="Smith's Child", hand=["Rally", "Sneer"], xp=1).game()
    game.use("Smith's Child").play("Rally").play("Sneer").journey("Plain").gain("Strong")
    p = game.state.players[0]
    assert p.xp == 1 + 1 + 1 + 1 - 1
    assert _names(game, p.played) == ["Rally", "Sneer"]
    assert _story(game)[0] == ["Strong"]
    assert UsePower(game.card("Smith's Child").id) not in game.legal_actions  # its own limit: once a turn


# ============================================================================ Finir votre Tour, Finir un Acte


def test_004_finir_votre_tour_card_effects_end_taken_cards_replaced_next_player() -> None:
    """004 · Finir votre Tour: at the "Fin du Tour" every Hero, Antihero and other card effect ends, new cards
    replace those taken from the table this turn, and play passes to the next player."""
    pos = _pos(hand=["Valor"]).deck(1, ["Filler 1-0"]).options(refill="end_of_turn")
    game = pos.game().play("Valor").gain("Plain")
    assert len(game.state.effects) == 1 and game.state.row(1).slots[0] is None
    game.end_turn()
    assert game.state.effects == ()
    slot = game.state.row(1).slots[0]
    assert slot is not None and game.ctx.db[slot.card].name == "Filler 1-0"
    assert game.to_move == 1


def test_004_finir_un_acte_three_cards_close_the_act_and_the_first_reveals_the_next_row() -> None:
    """004 · Finir un Acte: three trait or challenge cards under the current Act end it (no more cards from it);
    at the start of their turn the first player with three cards from an Act reveals the next row."""
    game = _pos(story=[["Filler 1-0", "Filler 1-1"]]).row(2, ["Court Life"]).game().gain("Plain")
    assert game.state.players[0].act == 2
    game.end_turn()
    assert not game.state.row(2).revealed
    game.end_turn()
    assert game.to_move == 0 and game.state.row(2).revealed
    traits, challenges = _choices(game)
    assert "Court Life" in traits and not ({"Strong"} & traits) and not challenges
    assert_illegal(game, lambda g: g.gain("Strong"), "no going back")


def test_004_finir_un_acte_any_revealed_act_but_three_under_the_current_card() -> None:
    """004 · Finir un Acte: every player may take cards of any revealed Act, but still places three under the
    current Character card before the next one."""
    game = (
        _pos(story=[["Filler 1-0", "Filler 1-1"]])
        .hero(1, story=[["Filler 1-2"]])
        .row(2, ["Court Life"])
        .game()
        .gain("Plain")
    )
    game.end_turn().end_turn().end_turn()  # Act II is face up; P2's turn
    assert game.to_move == 1 and "Court Life" in _choices(game)[0]
    game.gain("Court Life")
    assert _story(game, 1) == [["Filler 1-2", "Court Life"], [], []]


# ============================================================================ Fin de la Partie

#: The scoring items of 001 · End of the Game and 004 · Fin de la Partie (numbered 1 to 7), in their
#: order, in our words, each with the score line of the engine that counts it.
SCORING_001 = (
    ("Triumph and Tragedy visible under the Character cards", "Triumph and Tragedy in the Story"),
    ("points from Story icons", "Story icon sets"),
    ("one point per unspent Experience token", "Unspent Experience"),
    ("each Hero card played, whatever the Corruption", "Hero cards played"),
    ("each Antihero card played, whatever the Corruption", "Antihero cards played"),
    ("the position on the Corruption track, not cumulative", "Corruption track"),
    ("finally, the Destiny card's requirements", "Destiny"),
)
SCORING_004 = (
    (
        "1",
        "points de Triomphe et Tragédie visibles sous les cartes Personnage",
        "Triumph and Tragedy in the Story",
    ),
    ("2", "points des icônes Histoire", "Story icon sets"),
    ("3", "un point par jeton Expérience non dépensé", "Unspent Experience"),
    ("4", "chaque carte Héros jouée, quel que soit le niveau de Corruption", "Hero cards played"),
    ("5", "chaque carte Anti-Héros jouée, quel que soit le niveau de Corruption", "Antihero cards played"),
    ("6", "la position sur l'échelle de Corruption, non cumulative", "Corruption track"),
    ("7", "enfin, les points de la carte Destin selon ses exigences", "Destiny"),
)


def _dark_lord(level: int, played: list[str]) -> Game:
    return (
        position(_cards())
        .hero(0, origin="Bard", destiny="Dark Lord", story=[["Grim"]], xp=0, played=played, level=level)
        .game()
    )


def test_004_fin_de_la_partie_scoring_order_matches_001() -> None:
    """004 · Fin de la Partie: the seven scoring items, numbered, are 001 · End of the Game's items in the same
    order; each is one line of the engine's score, and the Destiny comes last, after all the others."""
    assert [engine for _n, _fr, engine in SCORING_004] == [engine for _en, engine in SCORING_001]
    assert [n for n, _fr, _e in SCORING_004] == [str(i) for i in range(1, 8)]
    game = _dark_lord(2, ["Rally", "Sneer"])
    labels = [x.label.split(" (")[0].split(":")[0] for x in game.score()[0].lines]
    assert sorted(labels) == sorted(engine for _en, engine in SCORING_001)  # each item once, nothing else
    assert labels[-1] == "Destiny"
    # Dark Lord: 5 if Tragedy beats Triumph over everything before it. Bard 1 Triumph, Grim 1 Tragedy; the
    # track (item 6) and the Hero and Antihero cards (items 4, 5) decide it: they count before the Destiny.
    track = game.ctx.track
    outcomes = set()
    for level, lv in enumerate(track.levels):
        for played in ([], ["Sneer"], ["Rally"], ["Rally", "Sneer"]):
            triumph = 1 + played.count("Rally") + lv.triumph
            tragedy = 1 + played.count("Sneer") + lv.tragedy
            expected = (5, 0) if tragedy > triumph else (0, 0)
            assert _lines(_dark_lord(level, played))["Destiny"] == expected, (level, played)
            outcomes.add(expected)
    assert outcomes == {(0, 0), (5, 0)}
    one_down = next(i for i, lv in enumerate(track.levels) if (lv.triumph, lv.tragedy) == (0, 1))
    assert _lines(_dark_lord(one_down, ["Rally"]))["Destiny"] == (0, 0)  # 2 against 2
    assert _lines(_dark_lord(one_down, ["Rally", "Sneer"]))["Destiny"] == (5, 0)  # the Antihero card tips it


@pytest.mark.parametrize("level", range(7))
def test_004_fin_de_la_partie_hero_and_antihero_cards_one_point_whatever_the_corruption(level: int) -> None:
    """004 · Fin de la Partie, items 4 and 5: each Hero card played is worth 1 Triumph, each Antihero card 1
    Tragedy, "quelque soit votre niveau de Corruption"."""
    game = _pos(played=["Rally", "Valor", "Sneer"], level=level).game()
    lines = _lines(game)
    assert lines["Hero cards played"] == (2, 0) and lines["Antihero cards played"] == (0, 1)
    assert lines["Unspent Experience"] == (0, 0) and _other(game)["Unspent Experience"] == 3  # item 3


def test_004_fin_de_la_partie_story_icons_and_unspent_experience() -> None:
    """004 · Fin de la Partie, items 2 and 3: points for Story icons, one point per unspent Experience token."""
    game = _pos(["Plain"], story=[["Honest", ("Duel", "top")]], xp=5).game()
    lines = _lines(game)
    # Destiny points, neither Triumph nor Tragedy (000 · Rules Overview; changed on purpose)
    assert (
        lines["Story icon sets"] == (0, 0) and _other(game)["Story icon sets"] == 2
    )  # a pair of Justice icons
    assert lines["Unspent Experience"] == (0, 0) and _other(game)["Unspent Experience"] == 5
    assert lines["Triumph and Tragedy in the Story"] == (1, 0)  # item 1: Duel's top path


def test_004_fin_de_la_partie_three_under_the_destiny_each_other_player_one_last_turn() -> None:
    """004 · Fin de la Partie: three cards under your Destiny close your final Act; each other player plays one
    last turn; then every Destiny is revealed."""
    game = (
        position(_cards(), players=3)
        .hero(1, story=[ACT1, ACT2, ["Filler 3-0", "Filler 3-1"]])
        .reveal(2, 3)
        .row(3, ["Filler 3-2"])
        .turn(1)
        .game()
    )
    game.gain("Filler 3-2")
    assert game.state.final_turns == (2, 0)
    game.end_turn()
    assert game.to_move == 2 and not game.over
    game.end_turn()
    assert game.to_move == 0 and not game.over
    game.end_turn()
    assert game.over and all(p.destiny_revealed for p in game.state.players)
