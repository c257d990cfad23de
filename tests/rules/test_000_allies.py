"""000 · Allies, 000 · Glossary: Ally, 000 · Glossary: Sacrifice."""

from __future__ import annotations

from rules_kit import (
    ally,
    antihero_card,
    assert_one_place,
    challenge,
    origin,
    path,
    position,
    power,
    sections,
    trait,
)

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.rules._story import icon_counts
from calladventure.values._actions import PlaceAllyUnder
from calladventure.values._effects import GainVirtue, GainXP, SacrificeAlly, Target
from calladventure.values._icons import Icon
from calladventure.values._state import HeldAlly, PlaceAlly


def _cards() -> list:
    return [
        origin("Novice", "justice"),
        trait("Brave"),
        trait("Bold"),
        trait("Scout"),
        trait("Calm"),
        trait("Quiet"),
        challenge("Ford", 2, ["wisdom"], bottom=path(plus_one=True)),
        challenge("Bridge", 2, ["wisdom"]),
        challenge("Gate", 2, ["wisdom"]),
        ally("Betrothed", "charisma", triumph=2, powers=[power("on_sacrifice", GainVirtue(1))]),
        ally("Sister", "justice", triumph=1, powers=[power("activated", GainXP(2), sacrifice=True)]),
        antihero_card("Ravages", "main", SacrificeAlly(), target=Target.ANY_HERO),
    ]


def _pos(row: list, top: list[str] | None = None) -> Position:
    return position(_cards()).hero(0, origin="Novice").hero(1, origin=None).row(1, row).deck(1, top or [])


def _slots(game: Game) -> list[tuple[str, str | None]]:
    db = game.ctx.db
    return [
        (db[s.card].name, db[s.ally].name if s.ally else None)
        for s in game.state.row(1).slots
        if s is not None
    ]


def test_000_allies_revealed_ally_goes_under_a_challenge_the_active_player_chooses() -> None:
    """000 · Allies: "the active player tucks it under any available challenge (Reveal another card to fill
    the empty slot)"."""
    game = _pos(["Brave", "Ford", "Bridge", "Gate"], ["Betrothed", "Bold"]).turn(1).game()
    game.gain("Brave")
    top = game.state.pending[-1]
    assert isinstance(top, PlaceAlly) and top.seat == 1 and game.to_move == 1
    assert set(game.legal_actions) == {PlaceAllyUnder(1), PlaceAllyUnder(2), PlaceAllyUnder(3)}
    game.place_ally("Bridge")
    assert _slots(game) == [("Bold", None), ("Ford", None), ("Bridge", "Betrothed"), ("Gate", None)]
    assert "000/allies" in sections(game.last_events)
    assert_one_place(game)


def test_000_allies_one_available_challenge_takes_it_without_a_decision() -> None:
    game = _pos(["Brave", "Ford", "Bold", "Scout"], ["Betrothed", "Calm"]).game()
    game.gain("Brave")
    assert not game.state.pending
    assert _slots(game) == [("Calm", None), ("Ford", "Betrothed"), ("Bold", None), ("Scout", None)]


def test_000_allies_a_challenge_holds_only_one_ally() -> None:
    """000 · Allies: "A challenge may hold only one Ally"."""
    game = _pos(["Brave", ("Ford", "Sister"), "Bridge", "Scout"], ["Betrothed", "Calm"]).game()
    game.gain("Brave")
    assert not game.state.pending
    assert _slots(game) == [("Calm", None), ("Ford", "Sister"), ("Bridge", "Betrothed"), ("Scout", None)]


def test_000_allies_no_valid_challenge_discards_the_ally() -> None:
    """000 · Allies: "Allies can't be assigned to Traits … If there is no valid challenge … discard the Ally"."""
    game = _pos(["Brave", "Bold", "Scout", "Calm"], ["Betrothed", "Quiet"]).game()
    game.gain("Brave")
    assert [game.ctx.db[c].name for c in game.state.row(1).discard] == ["Betrothed"]
    assert _slots(game)[0] == ("Quiet", None)
    assert any("discarded" in e.text for e in game.last_events)
    assert_one_place(game)


def test_000_allies_add_one_difficulty_to_both_paths() -> None:
    """000 · Allies: "An Ally adds +1 difficulty to both paths of a challenge"."""
    for side, difficulty in (("top", 3), ("bottom", 4)):
        game = _pos([("Ford", "Betrothed"), "Bridge"]).game().attempt("Ford", side)
        assert game.state.attempt is not None
        math = attempt_math(game.ctx, game.state, game.state.attempt)
        assert math.difficulty == difficulty
        assert ("Ally Betrothed", 1, "difficulty") in math.parts
    game = _pos([("Ford", "Betrothed"), "Bridge"]).game().attempt("Ford", faces=["slash", "blank", "slash"])
    assert game.state.players[0].story[0] == ()  # 2 against 2 + 1


def test_000_allies_gained_with_the_challenge_that_holds_it() -> None:
    """000 · Allies: "When you overcome a challenge that holds an Ally, place the Ally … It is now part of your Story"."""
    game = _pos([("Ford", "Betrothed"), "Bridge"]).game().attempt("Ford", faces=["slash", "slash", "slash"])
    p = game.state.players[0]
    assert p.allies == (HeldAlly(game.card("Betrothed").id),)
    assert icon_counts(game.ctx, p)[Icon.CHARISMA] == 1
    assert game.score()[0].lines[0].triumph == 2
    assert any("gains the Ally Betrothed" in e.text for e in game.last_events)
    assert_one_place(game)


def test_000_allies_failed_challenge_discards_its_ally_too() -> None:
    game = _pos([("Ford", "Betrothed"), "Bridge"]).game().attempt("Ford", faces=["slash", "blank", "slash"])
    assert [game.ctx.db[c].name for c in game.state.row(1).discard] == ["Ford", "Betrothed"]
    assert game.state.players[0].allies == ()


def test_000_glossary_sacrifice_turns_the_ally_face_down_and_its_icons_leave_the_story() -> None:
    """000 · Glossary: Sacrifice: "turn the Ally's card face-down. Its icons are no longer part of your story"."""
    game = _pos(["Brave"]).hero(0, origin="Novice", allies=["Sister"], xp=1).game()
    before = game.score()[0]
    assert icon_counts(game.ctx, game.state.players[0])[Icon.JUSTICE] == 2  # Novice and Sister: a pair
    assert {line.label: line.points for line in before.lines}["Story icon sets (2 justice)"] == 2
    game.use("Sister")
    p = game.state.players[0]
    assert p.allies == (HeldAlly(game.card("Sister").id, sacrificed=True),)
    assert p.xp == 3
    assert icon_counts(game.ctx, p)[Icon.JUSTICE] == 1
    after = game.score()[0]
    assert after.lines[0].triumph == before.lines[0].triumph - 1
    assert sum(line.points for line in after.lines if line.label.startswith("Story icon sets")) == 0
    assert "000/glossary-sacrifice" in sections(game.last_events)
    assert_one_place(game)


def test_000_glossary_sacrifice_forced_sacrifice_still_gives_the_benefit() -> None:
    """000 · Glossary: Sacrifice: "You may gain this benefit even if you were forced to sacrifice the Ally"."""
    game = (
        _pos(["Brave"])
        .hero(0, origin="Novice", allies=["Betrothed"])
        .hero(1, hand=["Ravages"])
        .turn(1)
        .game()
    )
    level = game.state.players[0].level
    game.play("Ravages", target=0)
    p = game.state.players[0]
    assert p.allies[0].sacrificed
    assert p.level == level - 1  # Betrothed's Virtue
