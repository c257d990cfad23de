"""002 · Play Example: Gaining a Name Icon and 002 · FAQs: Gaining a Name path, on the bundled cards.

The example's card is the bundled "Storm at Sea": its top path, "Navigate to Safety", shows an
Intelligence icon and a Wind icon; its bottom path, "Ship's Only Survivor", no Name icon.
"""

from __future__ import annotations

from conftest import with_names
from rules_kit import assert_illegal, sections

from calladventure import rules
from calladventure.expansions import naming
from calladventure.expansions.naming import NAME_ICONS, WIND, names_of
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.values._actions import AttemptChallenge
from calladventure.values._cards import Side
from calladventure.values._icons import Icon
from calladventure.values._state import AwaitCast


def _example(xp: int = 3) -> Position:
    """P1 (Street Orphan: Dexterity and Constitution) faces Storm at Sea; P2 holds Dangerous Truth."""
    return (
        Position(players=2, seed=2, sets=("core", "notw"))
        .hero(0, origin="Street Orphan", motivation="Answers at Any Cost", destiny="Namer", xp=xp)
        .hero(1, origin="Fae", motivation="Bound by Honor", destiny="Prodigy", hand=["Dangerous Truth"])
        .row(1, ["Storm at Sea", "Lost in the Woods", "Busking for Coppers", "Perfect Pitch"])
    )


def _cast_all(game: Game, face: int) -> Game:
    """Cast every rune of the pool on the same face index, then let the attempt resolve."""
    pool = rules.cast_pool(game.ctx, game.state)
    assert pool is not None
    return game.cast(*[face] * len(pool)).resolve()


def test_002_play_example_gaining_a_name_icon_top_path_helps_later_name_attempts() -> None:
    """002 · Play Example: the top path "grants you one Intelligence icon and one Wind icon. Each Wind
    icon in your Story gives you +1 to any future attempts to learn the Name of the Wind"."""
    game = _example().game()
    card = game.card("Storm at Sea")
    top, bottom = card.paths
    assert (top.label, bottom.label) == ("Navigate to Safety", "Ship's Only Survivor")
    assert top.count(Icon.INTELLIGENCE) == 1 and top.count(WIND) == 1
    assert not any(icon in NAME_ICONS for icon in bottom.icons)
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 0
    game.attempt("Storm at Sea", "top")
    assert any(isinstance(p, AwaitCast) for p in game.state.pending)  # without the Name: face it as normal
    _cast_all(game, 0)
    assert game.state.players[0].story[0][-1].card == card.id
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 1


def test_002_play_example_gaining_a_name_icon_other_path_gets_no_help() -> None:
    """002 · Play Example: on "Ship's Only Survivor", "any Name icons you have will not help this
    attempt, and you do not gain a Name icon for overcoming this path"."""
    game = (
        _example().hero(0, story=[["Sure-Footed"]]).game()
    )  # a Wind icon in the Story (Act III trait: any Act)
    game.attempt("Storm at Sea", "bottom")
    assert rules.attempt_math(game.ctx, game.state, game.state.attempt).bonus == 0
    _cast_all(game, 0)
    assert game.state.players[0].story[0][-1].side is Side.BOTTOM
    assert naming.name_math(game.ctx, game.state, 0, WIND).bonus == 1  # still only Sure-Footed's


def test_002_play_example_gaining_a_name_icon_known_name_gains_the_card_without_casting() -> None:
    """002 · Play Example: with the Name of the Wind, "you do not attempt the Challenge. You simply gain
    the card, adding it to your Story with that path revealed" — no cast, no timing window."""
    game = with_names(_example().game(), 0, WIND)
    storm = game.card("Storm at Sea").id
    xp = game.state.players[0].xp
    game.attempt("Storm at Sea", "top")
    state = game.state
    assert state.attempt is None and not state.pending  # P2's Dangerous Truth never had a window
    assert state.players[0].story[0][-1].card == storm and state.players[0].story[0][-1].side is Side.TOP
    assert state.turn.attempted and state.turn.gained and not state.turn.failed
    assert state.players[1].hand == (game.card("Dangerous Truth").id,)
    found = sections(game.last_events)
    assert "002/faqs-gaining-a-name-path" in found and "000/reading-the-runes" not in found
    assert any(e.text == "overcomes Storm at Sea: by a learned Name" for e in game.last_events)
    assert state.players[0].xp == xp
    assert storm not in [s.card for s in state.row(1).slots if s is not None]


def test_002_faqs_gaining_a_name_path_only_that_path() -> None:
    """002 · FAQs: Gaining a Name path: "You may only gain the path with the corresponding Name icon";
    the other path is attempted as usual, and the Name path takes no Dark runes (nothing is cast)."""
    game = with_names(_example().game(), 0, WIND)
    storm = game.card("Storm at Sea").id
    legal = [a for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.card == storm]
    assert AttemptChallenge(storm, Side.TOP, 0) in legal
    assert not [a for a in legal if a.side is Side.TOP and a.dark]
    assert AttemptChallenge(storm, Side.BOTTOM, 1) in legal
    assert_illegal(game, lambda g: g.push(AttemptChallenge(storm, Side.TOP, 1)), "no dark runes")
    game.attempt("Storm at Sea", "bottom")
    assert game.state.attempt is not None and not game.state.attempt.auto
    assert any(isinstance(p, AwaitCast) for p in game.state.pending)


def test_002_naming_a_learned_name_applies_for_the_rest_of_the_game() -> None:
    """002 · Naming: "For the rest of the game, when you would attempt a path of that type, you
    automatically succeed" — a Name learned after a failure, used on a later turn."""
    game = (
        _example()
        .hero(0, story=[["Sure-Footed"]])  # one Wind icon: +1 to the Name of the Wind
        .row(1, ["Admissions Interview", "Lost in the Woods", "Storm at Sea", "Perfect Pitch"])
        .game()
    )
    game.attempt("Admissions Interview", "top", faces=["blank", "blank", "slash"]).resolve()
    game.attempt_name("wind", faces=["slash", "slash", "slash"])  # 3 + 1 = 4
    assert names_of(game.state.players[0]) == (WIND,)
    game.end_turn().end_turn()
    assert game.to_move == 0
    game.attempt("Lost in the Woods", "top")
    assert game.state.attempt is None and game.state.players[0].story[0][-1].side is Side.TOP
    assert "002/faqs-gaining-a-name-path" in sections(game.last_events)
