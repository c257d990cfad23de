"""000 · FAQs, as tests of the engine (the Stormlight-style set where it names the card):
Card timing; Lighteyes, Darkeyes and The Nightwatcher; Path-specific bonuses; More than three
Corruption; Act II cards before finishing Act I; Hero and Antihero cards on myself; Revealing
Destinies in Co-op. (Odium's cards that have no effect: ``test_coop_odiums_cards.py``.)"""

from __future__ import annotations

import pytest
from coop_kit import coop_game, table_position
from rules_kit import assert_illegal

from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules import attempt_math, dark_runes_allowed
from calladventure.rules._story import icon_counts
from calladventure.values._actions import AttemptChallenge, PlayCard
from calladventure.values._cards import Side
from calladventure.values._icons import Icon
from calladventure.values._illegal import IllegalActionError
from calladventure.values._state import WindowKind


def storm(players: int = 2) -> Position:
    return Position(players=players, sets=("stormlight",))


def math_of(game: Game, card: str, side: str) -> tuple[int, int]:
    game.push(AttemptChallenge(game.card(card).id, Side(side)))
    att = game.state.attempt
    assert att is not None
    m = attempt_math(game.ctx, game.state, att)
    return m.difficulty, m.bonus


def test_000_faqs_card_timing_before_as_and_any_time() -> None:
    """ "before any hero attempts": before the cast, on any hero's turn; "as any hero attempts": after the cast; no timing: any time."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire", motivation="Duty", destiny="Plain Fate")
        .hero(
            1,
            origin="Scribe",
            motivation="Calling",
            destiny="Quiet Fate",
            hand=["Steady Hand", "Second Wind", "Take Shelter"],
        )
        .row(1, ["Bridge", "Wall"])
    )
    game = pos.game()
    game.attempt("Wall", "top")
    top = game.state.pending[-1]
    assert game.to_move == 1 and getattr(top, "kind", None) is WindowKind.BEFORE
    before = {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, PlayCard)}
    # On another hero's turn, before the cast. Steady Hand and Second Wind say "you" (before / as *you*
    # attempt): they help only their owner's own attempt (changed on purpose: they used to be offered here).
    assert before == {"Take Shelter"}
    with pytest.raises(IllegalActionError, match="you attempt"):
        game.push(PlayCard(game.card("Steady Hand").id, 0))
    game.pass_().cast("slash", "slash", "slash", "slash")
    after = {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, PlayCard)}
    assert after == {"Take Shelter"}  # no timing: any time
    assert "Steady Hand" not in after


def _padding(act: int) -> list[str]:
    """Stormlight challenges of an Act (story and deck padding: no Ally to place)."""
    ctx = storm().context()
    return sorted(c.name for c in ctx.db.values() if c.type.value == "challenge" and c.act == act)


@pytest.mark.parametrize(("trait", "bonus"), [("Lighteyes", 1), ("Darkeyes", 2), ("Nightwatcher's Boon", 2)])
def test_000_faqs_lighteyes_darkeyes_and_the_nightwatcher_a_bonus_on_the_next_turn_only(
    trait: str, bonus: int
) -> None:
    """ "A one-time bonus to a challenge attempt on your next turn … If the bonus is not used on your next turn, it is lost"."""
    act = 2 if trait == "Nightwatcher's Boon" else 1
    pad = _padding(act)
    pos = storm().hero(0, origin="Warrior", xp=3)
    if act == 2:
        pos = pos.hero(0, story=[_padding(1)[:3]]).reveal(2)
    pos = pos.row(act, [trait]).deck(act, pad[3:6])
    game = pos.game()
    game.gain(trait)
    waiting = [e for e in game.state.effects if e.target == 0]
    assert [(e.effect.amount, e.waiting) for e in waiting] == [(bonus, True)]  # type: ignore[union-attr]
    game.end_turn()
    assert [e.waiting for e in game.state.effects if e.target == 0] == [True]  # not on another hero's turn
    game.end_turn()  # P1's next turn: the bonus applies now …
    assert [e.waiting for e in game.state.effects if e.target == 0] == [False]
    game.end_turn()  # … and, unused, it is lost
    assert [e for e in game.state.effects if e.target == 0] == []


def test_000_faqs_path_specific_bonuses_healer_peasant_parshendi() -> None:
    """ "They may only apply that bonus if they take that specific path"."""
    row = ["Storm Shelter", "Monastery Lessons", "Tax Collectors"]
    healer = storm().hero(0, origin="Healer").row(1, row)
    assert math_of(healer.game(), "Storm Shelter", "top")[1] == 1  # a Divinity path
    assert math_of(healer.game(), "Storm Shelter", "bottom")[1] == 0
    peasant = storm().hero(0, origin="Peasant").row(1, row)
    assert math_of(peasant.game(), "Storm Shelter", "top")[1] == 1  # a Virtue path
    assert math_of(peasant.game(), "Storm Shelter", "bottom")[1] == 0
    parshendi = storm().hero(0, origin="Parshendi").row(1, row)
    assert math_of(parshendi.game(), "Monastery Lessons", "bottom")[1] == 1  # Arcana
    assert math_of(parshendi.game(), "Monastery Lessons", "top")[1] == 0
    assert math_of(parshendi.game(), "Tax Collectors", "bottom")[0] == 3  # Royalty: 1 harder
    assert math_of(parshendi.game(), "Tax Collectors", "top")[0] == 2


def test_000_faqs_more_than_three_corruption_at_most_four_and_no_dark_runes() -> None:
    game = (
        table_position(2)
        .hero(0, origin="Squire", corruption=4, hand=["Dark Whisper"])
        .row(1, ["Wall"])
        .game()
    )
    assert dark_runes_allowed(game.ctx, game.state, 0, game.card("Wall").paths[0]) == 0
    assert not [a for a in game.legal_actions if isinstance(a, AttemptChallenge) and a.dark]
    game.play("Dark Whisper", 0)
    assert game.ctx.track.corruption(game.state.players[0].level) == 4
    game = (
        table_position(2)
        .hero(0, origin="Squire", corruption=4)
        .hero(1, hand=["Vow"])
        .row(1, ["Wall"])
        .turn(1)
        .game()
    )
    game.play("Vow", 0)  # gaining Virtue (here from another hero's card) moves back up
    assert game.ctx.track.corruption(game.state.players[0].level) == 3


def test_000_faqs_act_ii_cards_before_finishing_act_i() -> None:
    """Act II cards may be taken with two cards under the Origin (they go under the Origin); no going back."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire", story=[["Brave", "Wise"]])
        .hero(1, origin="Scribe", story=[["Oathbound", "Filler 1-0", "Filler 1-1"]])
        .row(1, ["Wall", "Filler 1-2"])
        .row(2, ["Filler 2-0", "Filler 2-1"], revealed=True)
    )
    game = pos.game()
    game.gain("Filler 2-0")
    assert [game.ctx.db[t.card].name for t in game.state.players[0].story[0]] == [
        "Brave",
        "Wise",
        "Filler 2-0",
    ]
    game.end_turn()
    assert_illegal(game, lambda g: g.gain("Filler 1-2"), "no going back")


def test_000_faqs_hero_and_antihero_cards_on_myself_any_hero_includes_your_own() -> None:
    game = table_position(3).hero(0, origin="Squire", hand=["Dark Whisper", "Vow"]).row(1, ["Wall"]).game()
    targets = {(game.ctx.db[a.card].name, a.target) for a in game.legal_actions if isinstance(a, PlayCard)}
    assert targets == {(n, s) for n in ("Dark Whisper", "Vow") for s in (0, 1, 2)}


def test_000_faqs_revealing_destinies_in_co_op_the_destiny_stays_secret_until_revealed() -> None:
    """A face-down Destiny is not part of the Story: its icons and powers wait until it is revealed."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire", destiny="Windrunner", story=[["Twice Sworn", "Oathbound"]])
        .row(1, ["Wall"])
    )
    game = coop_game(pos, quest="Radiants United")
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 3
    game.attempt("Wall", "top")
    att = game.state.attempt
    assert att is not None
    assert not [p for p in attempt_math(game.ctx, game.state, att).parts if p[0] == "Windrunner"]
    revealed = coop_game(pos.hero(0, destiny_revealed=True), quest="Radiants United")
    assert icon_counts(revealed.ctx, revealed.state.players[0])[Icon.RADIANT] == 4
    # The end of the game reveals every Destiny for scoring (000 · Ending the Game).
    score = game.score()[0]
    assert any(line.label == "Destiny: Windrunner" for line in score.lines)
