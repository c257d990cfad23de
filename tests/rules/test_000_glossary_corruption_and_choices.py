"""000 · Glossary: Corruption and Sacrifice, 000 · Allies, 000 · FAQs: Card-draw result during a challenge.

The moon moves the track when it shows; cards may add Dark runes after the cast; every forced
choice is the choice of the hero who makes it (which Ally to sacrifice, which card to discard,
which challenge holds a revealed Ally); face-down Allies still count for the cards that look at
them.
"""

from __future__ import annotations

import pytest
from rules_kit import (
    ally,
    antihero_card,
    challenge,
    destiny,
    filler_names,
    fillers,
    hero_card,
    origin,
    path,
    position,
    trait,
)

from calladventure.play.position import Position
from calladventure.rules import attempt_pool
from calladventure.values._actions import Choose, PlaceAllyUnder, PlayCard
from calladventure.values._effects import (
    Bonus,
    DarkRunes,
    DiscardCard,
    DrawCards,
    GainXP,
    PerCard,
    Power,
    SacrificeAlly,
    Target,
    Trigger,
)
from calladventure.values._runes import Draw
from calladventure.values._state import Choice, PlaceAlly, Window, WindowKind


def _cards() -> list:
    return [
        origin("Novice"),
        origin("Other"),
        destiny("Spymaster", scoring=(PerCard("ally", 2, face_down=True),)),
        destiny("Host", scoring=(PerCard("ally", 2),)),
        challenge("Climb", 3, ["strength"]),
        challenge("Radiant Climb", 3, ["strength"], top=path("radiant"), bottom=path("villainy")),
        challenge("Far Climb", 3, ["strength"], act=2),
        trait("Plain"),
        trait("Far Plain", act=2),
        ally("Sister", powers=(Power(Trigger.ON_SACRIFICE, (GainXP(2),)),)),
        ally("Brother"),
        ally("Scout", act=2),
        hero_card("Shine", "as_attempt", Bonus(1)),
        antihero_card("Thrill", "any_time", DarkRunes(1), target=Target.ATTEMPTING_HERO),
        antihero_card("Ravage", "main", SacrificeAlly(), target=Target.ANY_HERO),
        antihero_card("Loot", "any_time", DrawCards(Draw.HERO, 1), DiscardCard(1)),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Faith", "main", GainXP(1)),
        *fillers(1, 3),
    ]


def _pos(**hero: object) -> Position:
    return (
        position(_cards())
        .hero(0, origin="Novice", **hero)  # type: ignore[arg-type]
        .hero(1, origin="Other")
        .row(1, ["Climb", "Radiant Climb", "Plain"])
        .hero_deck(top=["Hope"])
    )


# ----------------------------------------------------------------------------- the moon, at the cast


def test_000_glossary_corruption_the_moon_moves_the_track_when_it_shows() -> None:
    """ "When a Dark rune shows a moon … move one level down": at the cast, before the attempt resolves."""
    game = _pos(xp=3, hand=["Shine"]).game()  # a card to play after the cast keeps the attempt open
    start = game.state.players[0].level
    game.attempt("Climb", dark_runes=1, faces=["blank", "blank", "slash", "moon"])
    assert isinstance(game.state.pending[-1], Window) and game.state.attempt is not None
    assert game.state.players[0].level == start + 1  # before the attempt resolves
    assert "000/glossary-corruption" in {e.section for e in game.last_events}


def test_000_hero_and_antihero_cards_a_hero_who_falls_past_the_hero_level_cannot_play_one_as_it_attempts() -> (
    None
):
    """The track position decides what may be played: a hero the moons take past the Hero-card level may not
    play a Hero card in the "as any hero attempts" window."""
    game = _pos(xp=3, hand=["Shine"]).game()
    track = game.ctx.track
    down = next(i for i in range(track.start, track.lowest + 1) if not track.at(i).hero)
    moons = down - track.start
    faces = ["blank", "blank", "slash"] + ["moon"] * moons
    game.attempt("Climb", dark_runes=moons, faces=faces)
    assert game.state.players[0].level == down
    assert not [a for a in game.legal_actions if isinstance(a, PlayCard)]  # resolved: no Shine was offered


# ----------------------------------------------------------------------------- runes added after the cast


def test_000_faqs_card_draw_result_during_a_challenge_a_dark_rune_added_after_the_cast() -> None:
    """ "Embrace the Thrill … can be played before the challenge is resolved": the rune is cast at once."""
    game = _pos(hand=["Thrill"]).game()
    game.attempt("Climb", faces=["blank", "blank", "slash"])  # 1 against 3
    assert isinstance(game.state.pending[-1], Window) and game.state.pending[-1].kind is WindowKind.AS
    game.play("Thrill")
    assert game.state.turn.dark_added == 1 and game.is_chance  # cast at once: the next step
    game.cast()
    events = [e.text for e in game.events]
    assert any("the added Dark rune(s) show" in t for t in events)


def test_000_special_rules_a_dark_rune_added_after_the_cast_is_ignored_on_a_radiant_path() -> None:
    game = _pos(hand=["Thrill"]).game()
    game.attempt("Radiant Climb", "top", faces=["blank", "blank", "slash"])
    game.play("Thrill")
    assert any("no Dark runes on a Radiant path" in e.text for e in game.last_events)
    assert game.state.turn.dark_added == 0


def test_000_dark_runes_card_dark_runes_within_the_limit_with_the_option() -> None:
    """Option ``card_dark_runes = "within_limit"``: a card's free Dark rune past three a turn is lost."""
    game = _pos(xp=4, hand=["Thrill"]).options(card_dark_runes="within_limit").game()
    game.attempt("Climb", dark_runes=3)
    game.play("Thrill")
    att = game.state.attempt
    assert att is not None and att.dark_free == 0
    assert any("past three this turn are lost" in e.text for e in game.last_events)
    extra = _pos(xp=4, hand=["Thrill"]).game()  # by default the card's rune comes on top
    extra.attempt("Climb", dark_runes=3)
    extra.play("Thrill")
    assert [r.id for r in attempt_pool(extra.ctx, extra.state, extra.state.attempt)].count("dark") == 4  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- forced choices


def test_000_glossary_sacrifice_the_hero_who_sacrifices_chooses_the_ally() -> None:
    """A forced sacrifice (Ravages of War) is a decision of the hero who sacrifices: which Ally goes face down."""
    game = (
        position(_cards())
        .hero(0, origin="Novice", hand=["Ravage"])
        .hero(1, origin="Other", allies=["Sister", "Brother"])
        .row(1, ["Climb", "Plain"])
        .game()
    )
    game.push(PlayCard(game.card("Ravage").id, 1))
    top = game.state.pending[-1]
    assert isinstance(top, Choice) and top.kind == "sacrifice" and game.to_move == 1
    assert {game.ctx.db[a.option].name for a in game.legal_actions if isinstance(a, Choose)} == {
        "Sister",
        "Brother",
    }
    game.choose("Sister")
    allies = game.state.players[1].allies
    assert [(game.ctx.db[a.card].name, a.sacrificed) for a in allies] == [
        ("Sister", True),
        ("Brother", False),
    ]
    assert game.state.players[1].xp == 3 + 2  # Sister's benefit, even when forced (000 · Glossary: Sacrifice)


def test_000_glossary_sacrifice_with_one_ally_there_is_no_choice() -> None:
    game = (
        position(_cards())
        .hero(0, origin="Novice", hand=["Ravage"])
        .hero(1, origin="Other", allies=["Brother"])
    )
    game = game.row(1, ["Climb", "Plain"]).game()
    game.push(PlayCard(game.card("Ravage").id, 1))
    assert not game.state.pending and game.state.players[1].allies[0].sacrificed


def test_000_hero_and_antihero_cards_a_forced_discard_is_the_discarding_heros_choice() -> None:
    game = _pos(hand=["Loot", "Faith"]).game()
    game.play("Loot")
    top = game.state.pending[-1]
    assert isinstance(top, Choice) and top.kind == "discard"
    assert {game.ctx.db[o].name for o in top.options} == {"Faith", "Hope"}
    game.push(Choose(game.card("Faith").id))
    assert [game.ctx.db[c].name for c in game.state.players[0].hand] == ["Hope"]
    assert game.state.hero_discard[-1] == game.card("Faith").id


@pytest.mark.parametrize(("rows", "expected"), [("any_row", 2), ("own_row", 0)])
def test_000_allies_an_ally_with_no_challenge_in_its_row_may_go_to_another_row(
    rows: str, expected: int
) -> None:
    """An Ally revealed in a row without a challenge: any available challenge of another row holds it; with
    option ``ally_rows = "own_row"`` it is discarded."""
    game = (
        position(_cards())
        .hero(0, origin="Novice", xp=3, story=[filler_names(1)])
        .hero(1, origin="Other")
        .reveal(2)
        .row(1, ["Climb", "Radiant Climb"])
        .row(2, ["Far Plain"])
        .deck(2, ["Scout", "Far Climb"])
        .options(ally_rows=rows)
        .game()
    )
    game.journey("Far Plain")  # the Act II slot is refilled: Scout is revealed, then Far Climb fills the slot
    top = game.state.pending[-1] if game.state.pending else None
    options = [a for a in game.legal_actions if isinstance(a, PlaceAllyUnder)]
    if expected:
        assert isinstance(top, PlaceAlly) and len(options) == 3
        assert PlaceAllyUnder(0, 1) in options  # "ally act 1 slot 0": under Climb, in the Act I row
        game.push(PlaceAllyUnder(0, 1))
        assert game.state.row(1).slots[0].ally == game.card("Scout").id  # type: ignore[union-attr]
    else:
        assert {a.act for a in options} <= {None}


# ----------------------------------------------------------------------------- face-down Allies


def test_000_glossary_sacrifice_face_down_allies_count_for_cards_that_look_at_them() -> None:
    """ "Some cards (such as Mastermind and Truthwatcher) may interact with face-down Allies"."""
    spy = _pos(destiny="Spymaster", allies=[("Sister", True), "Brother"]).game()
    host = _pos(destiny="Host", allies=[("Sister", True), "Brother"]).game()
    assert next(ln for ln in spy.score()[0].lines if ln.label.startswith("Destiny")).triumph == 4
    assert next(ln for ln in host.score()[0].lines if ln.label.startswith("Destiny")).triumph == 2
