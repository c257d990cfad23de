"""000 · Solo/Co-op versus Competitive Play ("most Hero cards can be played on any hero, allowing your group to
function as a team"), 000 · FAQs: Whenever a hero gains Corruption (at the moon), 000 · Playing Odium's
Cards (the players' cards too) — the interaction rules in a co-op game, on the bundled Stormlight cards."""

from __future__ import annotations

from coop_kit import coop_game, table_position

from calladventure.expansions.odium import coop_position, odium_of
from calladventure.game import Game
from calladventure.game._library import DEFAULT
from calladventure.play.position import Position
from calladventure.rules import attempt_math
from calladventure.values._actions import AttemptChallenge, Choose, UsePower
from calladventure.values._cards import CardType
from calladventure.values._state import Choice


def _tokens(game: Game) -> int:
    od = odium_of(game.state)
    assert od is not None
    return od.tokens


def _storm(players: int = 2) -> Position:
    return Position(players=players, sets=("stormlight",))


def _challenge_on_table(game: Game) -> str:
    row = game.state.row(1)
    return next(s.card for s in row.slots if s is not None and game.ctx.db[s.card].type is CardType.CHALLENGE)


def test_000_solo_co_op_versus_competitive_play_stoneward_helps_a_teammates_attempt() -> None:
    """Stoneward's power (bundled card): "before any hero attempts a challenge, spend 1 Experience: that hero
    gets +1" — used by its owner on a teammate's attempt, on the teammate's turn."""
    pos = _storm().hero(1, destiny="Stoneward", destiny_revealed=True, xp=3)
    state = coop_position(pos.build(), DEFAULT)
    game = Game.from_state(state)
    stoneward = game.card("Stoneward").id
    radiant = game.ctx.db[stoneward].powers[0].requires
    assert radiant is not None and radiant.icons
    # Give P2 the Radiant icons the power needs: temporary ones are enough for thresholds (000 · Radiant Icons).
    from calladventure.values._effects import Duration, TempIcon
    from calladventure.values._icons import Icon
    from calladventure.values._state import ActiveEffect, evolve

    icon = ActiveEffect(TempIcon(Icon.RADIANT, 2), stoneward, 1, 1, Duration.GAME)
    game = Game.from_state(evolve(game.state, effects=(*game.state.effects, icon)))
    climb = _challenge_on_table(game)
    game.push(AttemptChallenge(climb))
    att = game.state.attempt
    assert att is not None
    before = attempt_math(game.ctx, game.state, att).bonus
    while game.to_move != 1:
        game.pass_()
    use = UsePower(stoneward, 0, 0)
    assert use in list(game.legal_actions)
    game.push(use)
    assert game.state.players[1].xp == 2
    while game.state.pending and not game.is_chance:
        game.pass_()
    att = game.state.attempt
    assert att is not None and attempt_math(game.ctx, game.state, att).bonus == before + 1


def test_000_solo_co_op_versus_competitive_play_bondsmith_chooses_the_hero_it_helps() -> None:
    """Bondsmith (bundled card): at the start of its turn, its owner chooses which hero draws the Hero card."""
    pos = _storm().hero(1, destiny="Bondsmith", destiny_revealed=True)
    state = coop_position(pos.build(), DEFAULT)
    from calladventure.values._effects import Duration, TempIcon
    from calladventure.values._icons import Icon
    from calladventure.values._state import ActiveEffect, evolve

    game = Game.from_state(state)
    bondsmith = game.card("Bondsmith").id
    icon = ActiveEffect(TempIcon(Icon.RADIANT, 3), bondsmith, 1, 1, Duration.GAME)
    game = Game.from_state(evolve(game.state, effects=(*game.state.effects, icon)))
    hand0 = len(game.state.players[0].hand)
    game.end_turn()  # P2's turn begins: Bondsmith asks whom to help
    top = game.state.pending[-1]
    assert isinstance(top, Choice) and top.kind == "target" and game.to_move == 1
    assert set(top.options) == {"P1", "P2"}
    game.push(Choose("P1"))
    assert len(game.state.players[0].hand) == hand0 + 1


def test_000_faqs_whenever_a_hero_gains_corruption_fires_when_the_moon_shows() -> None:
    """Radiants United: "whenever a hero gains Corruption, Odium gains 1 token" — at the cast, before the
    attempt resolves, since the moon moves the track when it shows (000 · Glossary: Corruption)."""
    pos = table_position(2).hero(0, origin="Squire", hand=["Steady Hand"]).row(1, ["Wall", "Bridge"])
    game = coop_game(pos, quest="Radiants United", tokens=10)
    game.attempt("Wall", "top", dark_runes=1)
    game.cast("slash", "slash", "slash", "slash", "moon")  # no dark triangle: nothing revealed
    assert _tokens(game) == 11
    texts = [e.text for e in game.events]
    quest = next(i for i, t in enumerate(texts) if t.startswith("Radiants United"))
    assert quest < next(i for i, t in enumerate(texts) if t.startswith("overcomes Wall"))


def test_000_playing_odiums_cards_a_players_embrace_the_thrill_after_the_cast() -> None:
    """A player's own Embrace the Thrill (no timing) after the cast: its Dark rune is cast at once, as Odium's."""
    pos = (
        table_position(2)
        .hero(0, origin="Squire")
        .hero(1, origin="Scribe", hand=["Embrace the Thrill"])
        .row(1, ["Wall", "Bridge"])
    )
    game = coop_game(pos, deck=[])
    game.attempt("Wall", "top")
    game.cast("slash", "slash", "slash", "slash")
    assert game.to_move == 1
    game.play("Embrace the Thrill")
    assert game.is_chance  # its Dark rune is cast next: a step of its own, as the rune Odium's card adds
    game.cast()
    assert any("the added Dark rune(s) show" in e.text for e in game.events)
