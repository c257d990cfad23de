"""002 · FAQs: each ruling of The Name of the Wind rulebook, on the bundled core and notw cards."""

from __future__ import annotations

from rules_kit import assert_illegal, sections

from calladventure import rules
from calladventure.expansions import naming
from calladventure.expansions.naming import FIRE, IRON, WIND, AttemptName
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules._story import effective_icons
from calladventure.values._actions import AttemptChallenge, GainTrait, PlayCard, UsePower
from calladventure.values._cards import CardType, Side
from calladventure.values._icons import Icon
from calladventure.values._state import Attempt, AwaitCast, Window, WindowKind

FAIL = ["blank", "blank", "slash"]  # one success from the core runes


def _fail(game: Game) -> Game:
    """Attempt Admissions Interview's top path (5) and fail it: one success, plus 1 per ability rune."""
    game.attempt("Admissions Interview", "top")
    pool = rules.cast_pool(game.ctx, game.state) or ()
    return game.cast(*FAIL, *["slash"] * (len(pool) - 3)).resolve()


def _pos(**hero: object) -> Position:
    """Two heroes on core + notw; P1 as given, Act I row with a challenge P1 cannot overcome."""
    spec: dict[str, object] = {
        "origin": "Street Orphan",
        "motivation": "Answers at Any Cost",
        "destiny": "Namer",
    }
    spec.update(hero)
    return (
        Position(players=2, seed=4, sets=("core", "notw"))
        .hero(0, **spec)  # type: ignore[arg-type]
        .hero(1, origin="Child of the Road", motivation="Thirst for Knowledge", destiny="Famed Musician")
        .row(1, ["Admissions Interview", "Storm at Sea", "Lost in the Woods", "Broken"])
        .deck(1, ["Gentle Soul", "Eager Spirit"])  # known refills: no Ally to place
    )


def _id(game: Game, name: str) -> str:
    return game.card(name).id


def test_002_faqs_re_attempts_and_dark_runes() -> None:
    """002 · FAQs: Re-attempts and Dark runes: the Dark runes bought are kept for the re-attempt
    without buying them again; a special rune's result is gained at once; the first cast's
    Corruption is not gained (the moon moved the track at the cast; the re-attempt gives it back).
    One moon only: two would take the hero past the Hero-card level, and Lucky Break could not be
    played (000 · Glossary: Corruption; changed on purpose with the moon's Corruption at the cast)."""
    game = (
        _pos(story=[["Broken", "Hardy"]], hand=["Lucky Break"], xp=3)
        .row(1, ["Storm at Sea", "Admissions Interview", "Lost in the Woods", "Perfect Pitch"])
        .game()
    )
    start_level = game.state.players[0].level
    game.attempt("Storm at Sea", "top", dark_runes=2)
    assert game.state.players[0].xp == 1
    pool = [r.id for r in rules.cast_pool(game.ctx, game.state) or ()]
    assert pool.count("dark") == 2 and "constitution-special" in pool  # three Constitution icons
    first = ["slash", "blank", "slash", "slash", "slash", "special-xp", "moon", "slash"]
    game.cast(*first)
    assert game.state.players[0].xp == 2  # the special rune's Experience, at once
    assert game.state.players[0].level == start_level + 1  # the moon, at once
    assert isinstance(game.state.pending[-1], Window) and game.state.pending[-1].kind is WindowKind.AS
    game.play("Lucky Break").pass_window()  # re-attempt
    if not isinstance(game.state.pending[-1], AwaitCast):
        game.push("dark 0")  # no more Dark runes bought before the re-cast (open question 8)
    assert isinstance(game.state.pending[-1], AwaitCast)
    again = [r.id for r in rules.cast_pool(game.ctx, game.state) or ()]
    assert again == pool  # the same Dark runes, not bought again
    assert game.state.players[0].xp == 2
    game.cast("slash", "slash", "slash", "slash", "slash", "shield", "slash", "slash").resolve()
    assert game.state.players[0].level == start_level  # the first cast's moon is ignored
    assert game.state.players[0].story[0][-1].card == _id(game, "Storm at Sea")


def test_002_faqs_comrade_in_arms_or_parting_of_ways() -> None:
    """002 · FAQs: Comrade in Arms or Parting of Ways give no bonus to a Name attempt; Call the Wind does."""
    game = _pos(hand=["Comrade in Arms", "Parting of Ways", "Call the Wind"], allies=["Loyal Friends"]).game()
    _fail(game)
    game.play("Comrade in Arms").play("Parting of Ways").play("Call the Wind")
    math = naming.name_math(game.ctx, game.state, 0, WIND)
    assert math.bonus == 2 and [p[0] for p in math.parts if p[2] == "bonus"] == ["Call the Wind"]
    where = rules.find_on_table(game.state, _id(game, "Lost in the Woods"))
    assert where is not None
    on_a_wind_path = Attempt(0, _id(game, "Lost in the Woods"), where[0], where[1], Side.TOP)
    assert (
        rules.attempt_math(game.ctx, game.state, on_a_wind_path).bonus == 1 + 2 + 2
    )  # challenges: all three


def test_002_faqs_one_challenge_or_trait_per_turn() -> None:
    """002 · FAQs: One Challenge or Trait per turn: Broken or Rags to Riches after a failure, not both."""
    game = (
        _pos()
        .hero(1, story=[["Brave", "Hardy", "Devout"]])  # P2 has finished Act I: the Act II row is up
        .row(2, ["Rags to Riches", "Duel of Wits", "Ear for Music", "Iron Will"])
        .reveal(2)
        .game()
    )
    assert GainTrait(_id(game, "Broken")) not in game.legal_actions  # only after a failure
    _fail(game)
    traits = {a.card for a in game.legal_actions if isinstance(a, GainTrait)}
    assert traits == {_id(game, "Broken"), _id(game, "Rags to Riches")}
    game.gain("Broken")
    assert not [a for a in game.legal_actions if isinstance(a, GainTrait)]
    assert_illegal(game, lambda g: g.gain("Rags to Riches"), "at most one trait or challenge a turn")
    assert AttemptName(WIND) in game.legal_actions  # the Name attempt is still there


def test_002_faqs_reveal_this_destiny() -> None:
    """002 · FAQs: Reveal this Destiny: a one-time ability used at any time; the Destiny is turned
    face up to mark it, and stays visible to the end of the game."""
    game = _pos(destiny="Prodigy").game()
    prodigy = _id(game, "Prodigy")
    assert not game.state.players[0].destiny_revealed
    assert UsePower(prodigy) in game.legal_actions
    game.use("Prodigy")
    assert game.state.players[0].destiny_revealed
    assert "002/faqs-reveal-this-destiny" in sections(game.last_events)
    assert UsePower(prodigy) not in game.legal_actions
    game.attempt("Storm at Sea", "top")
    assert rules.attempt_math(game.ctx, game.state, game.state.attempt).bonus == 2  # Prodigy: +2
    game.cast("slash", "slash", "slash", "shield").resolve()
    while not game.over and game.state.turn.number < 5:
        assert game.state.players[0].destiny_revealed
        assert UsePower(prodigy) not in game.legal_actions
        game.end_turn()


def test_002_faqs_reveal_this_destiny_at_any_time_also_in_a_window() -> None:
    """002 · FAQs: Reveal this Destiny: "at any time", so also before one's own cast."""
    game = _pos(destiny="Prodigy").game()
    game.attempt("Storm at Sea", "top")
    top = game.state.pending[-1]
    assert isinstance(top, Window) and top.kind is WindowKind.BEFORE and game.to_move == 0
    assert UsePower(_id(game, "Prodigy")) in game.legal_actions


def test_002_faqs_reveal_this_destiny_kingkiller_and_namer_help_name_attempts_prodigy_does_not() -> None:
    """002 · FAQs: Comrade in Arms or Parting of Ways: the Kingkiller and Namer Destinies can affect
    Name attempts; Prodigy's ability (not on that list) cannot."""
    results = {}
    for fate in ("Kingkiller", "Namer", "Prodigy"):
        game = _pos(destiny=fate).game()
        _fail(game)
        game.use(fate)
        math = naming.name_math(game.ctx, game.state, 0, FIRE)
        results[fate] = (math.difficulty, math.bonus)
    assert results == {"Kingkiller": (3, 0), "Namer": (4, 2), "Prodigy": (4, 0)}


def test_002_faqs_loyal_friends() -> None:
    """002 · FAQs: Loyal Friends cancels one Corruption: after two Dark moons the hero still moves one
    level down the track."""
    levels = {}
    for use in (False, True):
        game = _pos(allies=["Loyal Friends"], xp=3).game()
        start = game.state.players[0].level
        game.attempt("Storm at Sea", "top", dark_runes=2)
        game.cast("slash", "slash", "slash", "shield", "moon", "moon")
        assert game.to_move == 0 and UsePower(_id(game, "Loyal Friends")) in game.legal_actions
        if use:
            game.use("Loyal Friends")
        game.resolve()
        levels[use] = game.state.players[0].level - start
    assert levels == {False: 2, True: 1}


def test_002_faqs_inner_strength() -> None:
    """002 · FAQs: Inner Strength is only usable "before you attempt a challenge", not a Name attempt,
    and the icon it gives never qualifies the Name's Ability pair."""
    game = _pos(origin="Smith's Child", hand=["Inner Strength"]).game()  # Strength and Intelligence
    inner = _id(game, "Inner Strength")
    assert not [a for a in game.legal_actions if isinstance(a, PlayCard) and a.card == inner]
    game.attempt("Admissions Interview", "top")
    game.play("Inner Strength")  # before the cast: one more Constitution icon this turn
    game.cast("blank", "blank", "slash", "slash").resolve()  # fails: 2 against 5
    assert game.state.turn.failed
    assert AttemptName(IRON) in game.legal_actions
    assert effective_icons(game.ctx, game.state, 0)[Icon.CONSTITUTION] == 1
    math = naming.name_math(game.ctx, game.state, 0, IRON)  # Iron: Strength + Constitution
    assert math.bonus == 0


def test_002_faqs_fae_origin() -> None:
    """002 · FAQs: Fae Origin: never learns the Name of Iron, but may gain Iron paths, and a Destiny
    like Namer scores them."""
    game = _pos(origin="Fae").game()
    _fail(game)
    assert [a.name for a in game.legal_actions if isinstance(a, AttemptName)] == [WIND, FIRE]
    assert_illegal(game, lambda g: g.push("name iron"), "Fae", "never learn the Name of Iron")

    game = (
        _pos(origin="Fae")
        .row(1, ["Street Fight in the Rain", "Storm at Sea", "Busking for Coppers", "Broken"])
        .game()
    )
    fight = _id(game, "Street Fight in the Rain")
    assert AttemptChallenge(fight, Side.TOP, 0) in game.legal_actions
    game.attempt("Street Fight in the Rain", "top", faces=["slash", "slash", "slash"]).resolve()  # 3 vs 3
    assert game.state.players[0].story[0][-1].card == fight
    namer = [ln for ln in game.score()[0].lines if ln.label == "Destiny: Namer"]
    assert namer and namer[0].triumph == 2  # one Iron icon, 2 Triumph each


def test_002_faqs_dangerous_truth() -> None:
    """002 · FAQs: Dangerous Truth: the hero "must attempt the path you declared"."""
    game = _pos().hero(1, hand=["Dangerous Truth"]).game()
    storm = _id(game, "Storm at Sea")
    game.attempt("Storm at Sea", "top")
    assert game.to_move == 0  # P1 could reveal Namer first: it passes; then P2 may answer before the cast
    game.pass_()
    assert game.to_move == 1
    game.play("Dangerous Truth")
    # Priority passes round again: P1 may answer Dangerous Truth (its Namer) before it takes effect
    # (000 · Hero and Antihero Cards; changed on purpose: a window used to give each seat one pass).
    assert game.to_move == 0
    game.pass_()
    att = game.state.attempt
    assert att is not None and (att.card, att.side) == (storm, Side.TOP)
    assert rules.attempt_math(game.ctx, game.state, att).difficulty == 3 + 2
    assert game.is_chance and not [a for a in game.legal_actions if isinstance(a, AttemptChallenge)]
    assert_illegal(game, lambda g: g.push(AttemptChallenge(storm, Side.BOTTOM)), "runes to be cast")
    assert_illegal(game, lambda g: g.push(AttemptChallenge(_id(g, "Lost in the Woods"))), "runes to be cast")


def test_002_faqs_mixing_core_and_expansion_cards() -> None:
    """002 · FAQs: Mixing core and expansion cards: the decks hold both sets' cards."""
    game = Game.new(players=3, seed=8, sets=("core", "notw"))
    for act in (1, 2, 3):
        row = game.state.row(act)
        ids = [s.card for s in row.slots if s is not None] + list(row.deck)
        assert {i.split("/")[0] for i in ids} == {"core", "notw"}
    hands = (
        game.state.hero_deck + game.state.antihero_deck + tuple(c for p in game.state.players for c in p.hand)
    )
    assert {c.split("/")[0] for c in hands} == {"core", "notw"}
    assert all(game.ctx.db[c].type in (CardType.HERO, CardType.ANTIHERO) for c in hands)
