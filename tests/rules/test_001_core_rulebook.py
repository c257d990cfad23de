"""001 · the core rulebook, section by section: the same rules as 000 in the core game, checked again in 001's words.

001 covers Components, Object of the Game, Setup (Deal the Cards, Reveal your Character),
Game Play (Gain a Trait), Reading the Runes (Core, Dark and Ability Runes), Other Card Effects,
Hero And Antihero Cards, Ending your Turn, Ending an Act and End of the Game. Its icons were
lost in transcription; where a sentence depends on one, the test names what 000 fills in.
"""

from __future__ import annotations

from collections import Counter

import pytest
from invariants import check_invariants
from rules_kit import (
    antihero_card,
    assert_illegal,
    assert_one_place,
    challenge,
    destiny,
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
from calladventure.game._library import get_set
from calladventure.play.position import Position
from calladventure.rules._story import effective_icons, icon_counts
from calladventure.values._actions import (
    AttemptChallenge,
    CastRunes,
    ChooseDeck,
    GainTrait,
    Journey,
    PlayCard,
    UsePower,
)
from calladventure.values._cards import Card, CardType, Side
from calladventure.values._effects import Bonus, Duration, GainXP, PerIcon, Requirement, Timing
from calladventure.values._icons import ABILITIES, Icon
from calladventure.values._options import Rules
from calladventure.values._runes import Draw
from calladventure.values._state import ChooseCharacter, ChooseDraw, Phase, Tucked

# ============================================================================ shared cards


def _cards() -> list[Card]:
    """A small box: Characters with known icons, traits and challenges of each Act, Hero/Antihero cards."""
    return [
        origin("Novice"),
        origin("Brute", "strength"),
        origin("Squire", "strength", "constitution"),
        origin("Bard", triumph=1),
        motivation("Drive"),
        motivation("Wanderlust", "dexterity"),
        motivation("Duty"),
        destiny("Hidden Fate", "wisdom", "wisdom", "wisdom"),
        destiny("Judge of Men", scoring=(PerIcon((Icon.JUSTICE,)),)),
        destiny("Open Fate"),
        trait("Plain"),
        trait("Strong", "strength"),
        trait("Stronger", "strength"),
        trait("Strongest", "strength"),
        trait("Mighty", "strength", "strength"),
        trait("Knight", "justice", requires=Requirement(icons={Icon.STRENGTH: 2})),
        trait("Kind", "virtue"),
        trait("Cruel", "corruption"),
        trait("Blessed", "hero"),
        trait("Cursed", "antihero"),
        trait("Honest", "justice", triumph=2),
        challenge("Step", 0, ["wisdom"]),
        challenge("Two", 2, ["strength", "constitution"]),
        challenge("Three", 3, ["strength", "constitution"]),
        challenge("Five", 5, ["strength", "constitution"]),
        challenge("Nine", 9, ["wisdom"]),
        challenge(
            "Duel",
            2,
            ["strength"],
            top=path("justice", label="Spare him", triumph=1),
            bottom=path("villainy", label="Finish him", tragedy=3, plus_one=True),
        ),
        *fillers(1, 4),
        trait("Court Life", "royalty", act=2),
        trait("War Camp", act=2),
        *fillers(2, 4),
        trait("Legend", "justice", act=3),
        *fillers(3, 4),
        hero_card("Rally", "main", GainXP(1)),
        hero_card("Hope", "main", GainXP(1)),
        hero_card("Valor", "main", Bonus(1), duration=Duration.TURN),
        hero_card("Windfall", "before_attempt", GainXP(1)),
        antihero_card("Sneer", "main", GainXP(1)),
        antihero_card("Spite", "main", GainXP(1)),
    ]


def _pos(row: list[str] | None = None, *, players: int = 2, seed: int = 0, **hero: object) -> Position:
    hero.setdefault("origin", "Novice")
    hero.setdefault("motivation", "Drive")
    return (
        position(_cards(), players=players, seed=seed)
        .hero(0, **hero)  # type: ignore[arg-type]
        .row(1, row or ["Plain", "Strong", "Two", "Three"])
        .hero_deck(top=["Hope"])
        .antihero_deck(top=["Spite"])
    )


def _names(game: Game, ids: tuple[str, ...] | list[str]) -> list[str]:
    return [game.ctx.db[c].name for c in ids]


def _story(game: Game, seat: int = 0) -> list[list[str]]:
    return [[game.ctx.db[t.card].name for t in under] for under in game.state.players[seat].story]


def _choices(game: Game) -> set[str]:
    """The names of the traits the seat may gain and the challenges it may attempt now."""
    return {
        game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, GainTrait | AttemptChallenge)
    }


def _keep_all(game: Game) -> None:
    while game.state.phase is Phase.SETUP:
        assert isinstance(game.state.pending[-1], ChooseCharacter)
        game.push(game.legal_actions[0])


def _line(game: Game, start: str, seat: int = 0) -> tuple[int, int]:
    line = next(x for x in game.score()[seat].lines if x.label.startswith(start))
    return line.triumph, line.tragedy


# ============================================================================ Components, Object of the Game


def test_001_components_bundled_core_set_against_the_box_list() -> None:
    """001 · Components: 45 Character, 91 Story and 44 Hero & Antihero cards and 24 runes. The bundled set is
    original (a documented difference in the Story and Hero/Antihero counts); it has the same 45 Characters
    and all that four players need."""
    core = get_set("core")
    kinds = Counter(c.type for c in core.cards)
    assert kinds[CardType.ORIGIN] == kinds[CardType.MOTIVATION] == kinds[CardType.DESTINY] == 15
    assert kinds[CardType.ORIGIN] + kinds[CardType.MOTIVATION] + kinds[CardType.DESTINY] == 45
    assert core.source == "original"  # not a transcription of the box: its counts may differ
    # Four players: a row of five per Act and a card to replace a taken one (001 · Attempt a Challenge), one
    # Hero card each; their six Character cards each are dealt below (001 · Deal the Cards).
    for act in (1, 2, 3):
        story = [c for c in core.cards if c.act == act and c.type.is_story]
        assert len(story) > 5, f"Act {act}"
    assert kinds[CardType.HERO] >= 4 and kinds[CardType.ANTIHERO] >= 1
    # 24 rune stones: 3 core, 3 for each of the six abilities, 3 Dark (one Dark rune, cast up to three times).
    runes = _pos().context().runes
    assert len(runes.core) == 3
    assert [len(runes.ability[a]) for a in ABILITIES] == [3] * 6
    assert len(runes.core) + 3 * len(ABILITIES) + Rules().dark_runes_per_turn == 24
    game = Game.new(players=4, seed=3)
    assert all(len(p.dealt) == 6 and len(p.hand) == 1 for p in game.state.players)
    _keep_all_with_allies(game)
    assert [len(r.slots) for r in game.state.rows] == [5, 5, 5]
    check_invariants(game.ctx, game.state)


def _keep_all_with_allies(game: Game) -> None:
    """Finish setup: keep the first offered Character cards, place any Ally revealed in Act I."""
    while game.state.phase is Phase.SETUP or game.state.pending:
        game.push(game.legal_actions[0])


def test_001_object_of_the_game_destiny_is_triumph_plus_tragedy_plus_experience() -> None:
    """001 · Object of the Game: "Triumph + Tragedy + Experience = Destiny"; at the end of the third Act the
    highest Destiny score wins."""
    act1, act2 = ["Filler 1-0", "Filler 1-1", "Filler 1-2"], ["Filler 2-0", "Filler 2-1", "Filler 2-2"]
    game = (
        position(_cards())
        .hero(
            0, origin="Novice", destiny="Judge of Men", story=[act1, act2, ["Filler 3-0", "Filler 3-1"]], xp=0
        )
        .hero(1, origin="Bard", destiny="Hidden Fate", story=[["Honest", ("Duel", "bottom")]], xp=4)
        .reveal(2, 3)
        .row(3, ["Filler 3-2"])
        .game()
    )
    game.gain("Filler 3-2").end_turn().end_turn()  # P1 closes the third Act, P2 takes a final turn
    assert game.over
    out = game.outcome()
    assert out is not None
    for score in out.scores:
        experience = next(x for x in score.lines if x.label == "Unspent Experience")
        assert experience.points == game.state.players[score.seat].xp
        assert (
            score.total == score.triumph + score.tragedy + score.other
        )  # Destiny points neither Triumph nor Tragedy (000 · Rules Overview): changed on purpose
        assert experience.other == experience.points
    p2 = out.scores[1]
    # Bard 1 + Honest 2 + Duel 3 Tragedy + 4 Experience + the track's start (2 Triumph) + a justice/villainy
    # pair: none (one of each).
    start = game.ctx.track.at(game.ctx.track.start)
    assert p2.total == 1 + 2 + 3 + 4 + start.triumph + start.tragedy
    assert out.winners == (1,) and p2.total > out.scores[0].total


# ============================================================================ Setup


def test_001_setup_decks_shuffled_then_each_player_creates_a_character() -> None:
    """001 · Setup: "shuffle the decks, and prepare the play space. During setup, each player begins creating
    a Character"; then the first turn begins."""
    a, b, a_again = Game.new(players=3, seed=1), Game.new(players=3, seed=2), Game.new(players=3, seed=1)
    assert a.state == a_again.state  # the shuffle comes from the seed alone
    assert [r.deck for r in a.state.rows] != [r.deck for r in b.state.rows]
    assert a.state.hero_deck != b.state.hero_deck
    state = a.state
    assert len(state.rows) == 3 and all(r.deck for r in state.rows)  # three Story decks
    assert state.hero_deck and state.antihero_deck
    assert state.phase is Phase.SETUP and isinstance(state.pending[-1], ChooseCharacter)
    assert a.to_move == 0
    _keep_all_with_allies(a)
    assert a.state.phase is Phase.PLAY and a.to_move == 0 and a.state.turn.number == 1
    assert all(len(p.characters) == 3 for p in a.state.players)


def test_001_deal_the_cards_six_characters_one_hero_card_three_experience() -> None:
    """001 · Deal the Cards: two Origins, two Motivations and two Destinies each, keep one of each and remove the
    rest; one Hero card as the hidden starting hand; three Experience tokens."""
    game = Game.new(players=4, seed=8)
    db = game.ctx.db
    dealt = {p.seat: p.dealt for p in game.state.players}
    for p in game.state.players:
        assert Counter(db[c].type for c in p.dealt) == {
            CardType.ORIGIN: 2,
            CardType.MOTIVATION: 2,
            CardType.DESTINY: 2,
        }
        assert [db[c].type for c in p.hand] == [CardType.HERO]
        assert p.xp == 3
    assert len({c for d in dealt.values() for c in d}) == 24  # nobody shares a card
    _keep_all(game)
    for p in game.state.players:
        kept = set(p.characters)
        assert len(kept) == 3 and kept <= set(dealt[p.seat])
        assert set(dealt[p.seat]) - kept <= set(game.state.removed)
    assert "000/deal-the-cards" in sections(game.events)


def test_001_reveal_your_character_origin_and_motivation_face_up_destiny_face_down() -> None:
    """001 · Reveal your Character: the Origin and Motivation are face up, the Destiny face down; the Story
    tells how many Ability runes you have."""
    game = _pos(["Two"], origin="Squire", motivation="Wanderlust", destiny="Hidden Fate").game()
    player = game.state.players[0]
    assert not player.destiny_revealed
    icons = effective_icons(game.ctx, game.state, 0)
    assert (icons[Icon.STRENGTH], icons[Icon.CONSTITUTION], icons[Icon.DEXTERITY]) == (1, 1, 1)
    assert icons[Icon.WISDOM] == 0  # the hidden Destiny's three Wisdom icons are not in play yet
    game.attempt("Two")
    assert pool_ids(game) == ["core-1", "core-2", "core-3", "strength-1", "constitution-1"]


def test_001_reveal_your_character_marker_on_the_third_level_corruption_down_virtue_up() -> None:
    """001 · Reveal your Character: the Hero marker starts on the third level (neutral); a Corruption icon moves
    it down one level, a Virtue icon up one; the position affects the final score."""
    game = _pos(["Kind", "Cruel", "Plain", "Two"]).game()
    track = game.ctx.track
    assert game.state.players[0].level == track.start == 2  # third from the top
    assert track.at(track.start).hero and track.at(track.start).antihero  # neutral
    down = _pos(["Kind", "Cruel", "Plain", "Two"]).game().gain("Cruel")
    assert down.state.players[0].level == 3
    up = _pos(["Kind", "Cruel", "Plain", "Two"]).game().gain("Kind")
    assert up.state.players[0].level == 1
    for g in (down, up):
        level = track.at(g.state.players[0].level)
        assert _line(g, "Corruption track") == (level.triumph, level.tragedy)
    assert _line(down, "Corruption track") != _line(up, "Corruption track")


# ============================================================================ Game Play, Gain a Trait


def test_001_game_play_gain_a_trait_or_face_a_challenge_and_other_actions() -> None:
    """001 · Game Play: "On your turn, you may gain a Trait or face a Challenge"; you may also spend Experience
    and play Hero or Antihero cards."""
    game = _pos(hand=["Rally"]).game()
    legal = list(game.legal_actions)
    assert {"Plain", "Strong", "Two", "Three"} == _choices(game)
    assert any(isinstance(a, Journey) for a in legal) and any(isinstance(a, PlayCard) for a in legal)
    game.gain("Plain")
    assert _choices(game) == set()  # the trait was the turn's one gain
    assert_illegal(game, lambda g: g.attempt("Two"), "at most one trait or challenge a turn")
    assert any(isinstance(a, PlayCard) for a in game.legal_actions)  # other actions remain
    game.play("Rally")
    assert game.state.players[0].xp == 4
    game = _pos().game().attempt("Three", faces=["slash", "slash", "slash"])
    assert _choices(game) == set()
    assert_illegal(game, lambda g: g.gain("Plain"), "at most one trait or challenge")


def test_001_gain_a_trait_prerequisite_must_be_met() -> None:
    """001 · Gain a Trait: "To gain a trait card, you must simply meet any prerequisite listed on the card"."""
    row = ["Knight", "Plain", "Two", "Three"]
    game = _pos(row, origin="Brute").game()  # one Strength icon; Knight asks for two
    assert "Knight" not in _choices(game)
    assert_illegal(game, lambda g: g.gain("Knight"), "prerequisite")
    game = _pos(row, origin="Brute", story=[["Strong"]]).game()
    assert "Knight" in _choices(game)
    game.gain("Knight")
    assert _story(game)[0] == ["Strong", "Knight"]


@pytest.mark.parametrize(
    ("story", "gained", "under"),
    [
        ([], "Plain", 0),
        ([["Strong", "Stronger", "Strongest"]], "Court Life", 1),
        ([["Strong", "Stronger", "Strongest"], ["War Camp", "Filler 2-0", "Filler 2-1"]], "Legend", 2),
    ],
)
def test_001_gain_a_trait_under_the_current_storyline_card_top_visible(
    story: list[list[str]], gained: str, under: int
) -> None:
    """001 · Gain a Trait: Act I cards go under the Origin, Act II under the Motivation, Act III under the
    Destiny; the top stays visible and its icons and rewards join the Story. A trait has one path."""
    pos = _pos(["Plain"], story=story)
    act = under + 1
    if act > 1:
        pos = pos.reveal(*range(2, act + 1)).row(act, [gained])
    game = pos.game()
    card = game.card(gained)
    assert card.sides == (Side.TOP,)  # one path
    before = icon_counts(game.ctx, game.state.players[0])
    game.gain(gained)
    player = game.state.players[0]
    assert player.story[under][-1] == Tucked(card.id, Side.TOP)
    after = icon_counts(game.ctx, player)
    for icon in card.paths[0].icons:
        assert after[icon] == before[icon] + card.paths[0].icons.count(icon)
    assert any(("Origin", "Motivation", "Destiny")[under] in e.text for e in game.last_events)


# ============================================================================ Reading the Runes


def test_001_reading_the_runes_each_rune_lands_on_one_of_its_two_sides() -> None:
    """001 · Reading the Runes: to "cast the runes" is to throw them and see which side of each lands face up:
    the element of chance, drawn from the game's seeded RNG."""
    seen: dict[str, Counter[int]] = {}
    for seed in range(64):
        game = _pos(["Two"], origin="Squire", seed=seed).game().attempt("Two").cast()
        cast = game.history[-1]
        assert isinstance(cast, CastRunes) and cast.faces is not None
        ids = ["core-1", "core-2", "core-3", "strength-1", "constitution-1"]
        assert len(cast.faces) == len(ids) and set(cast.faces) <= {0, 1}
        for rid, face in zip(ids, cast.faces, strict=True):
            seen.setdefault(rid, Counter())[face] += 1
        assert game.replay().state == game.state  # the same seed casts the same faces
    for rid, faces in seen.items():
        assert faces[0] >= 16 and faces[1] >= 16, (rid, faces)  # both sides come up, roughly as often
    game = _pos(["Two"]).game().attempt("Two")
    assert_illegal(game, lambda g: g.push(CastRunes((0, 2, 0))), "one face (0 or 1) for each")


def test_001_core_runes_three_runes_every_challenge_add_one_add_zero_add_zero_and_draw() -> None:
    """001 · Core Runes: the three core runes are cast in every challenge; their results are "Add 1", "Add 0",
    and "Add 0 and draw a Hero or Antihero card"."""
    runes = _pos().context().runes
    results = {(f.successes, f.draw, f.xp, f.corruption) for r in runes.core for f in r.faces}
    assert results == {(1, None, 0, 0), (0, None, 0, 0), (0, Draw.CHOICE, 0, 0)}
    game = _pos(["Nine"]).game().attempt("Nine")  # no Wisdom icon: the core runes alone
    assert pool_ids(game) == ["core-1", "core-2", "core-3"]
    three = _pos(["Three"]).game().attempt("Three", faces=["slash", "slash", "slash"])
    assert _story(three)[0] == ["Three"]  # 1 + 1 + 1
    two = _pos(["Three"]).game().attempt("Three", faces=["slash", "blank", "slash"])
    assert _story(two)[0] == []  # 1 + 0 + 1
    draw = _pos(["Two"]).game().attempt("Two", faces=["slash", "slash", "dual-triangle"])
    assert isinstance(draw.state.pending[-1], ChooseDraw)
    assert set(draw.legal_actions) == {ChooseDeck(Draw.HERO), ChooseDeck(Draw.ANTIHERO)}
    draw.draw("antihero")
    assert _names(draw, draw.state.players[0].hand) == ["Spite"]
    assert _story(draw)[0] == ["Two"]  # 1 + 1 + 0


def test_001_dark_runes_up_to_three_times_per_turn() -> None:
    """001 · Dark Runes: "Up to three times per turn (before you attempt a challenge), you may spend [one
    Experience] to add a Dark rune"."""
    game = _pos(["Five"], xp=5).game()
    darks = {a.dark for a in game.legal_actions if isinstance(a, AttemptChallenge)}
    assert darks == {0, 1, 2, 3}
    assert_illegal(game, lambda g: g.attempt("Five", dark_runes=4), "at most 3 dark rune")
    game.attempt("Five", dark_runes=3)
    assert game.state.players[0].xp == 2
    assert pool_ids(game) == ["core-1", "core-2", "core-3", "dark", "dark", "dark"]
    poor = _pos(["Five"], xp=2).game()
    assert max(a.dark for a in poor.legal_actions if isinstance(a, AttemptChallenge)) == 2


def test_001_dark_runes_moon_adds_two_and_one_corruption_slash_adds_one() -> None:
    """001 · Dark Runes: one face adds 2 and moves the Corruption track down by one; the other adds 1."""
    moon = _pos(["Five"]).game().attempt("Five", dark_runes=1, faces=["slash", "slash", "slash", "moon"])
    assert _story(moon)[0] == ["Five"]  # 1 + 1 + 1 + 2
    assert moon.state.players[0].level == moon.ctx.track.start + 1
    slash = _pos(["Five"]).game().attempt("Five", dark_runes=1, faces=["slash", "slash", "slash", "slash"])
    assert _story(slash)[0] == []  # 1 + 1 + 1 + 1 = 4 against 5
    assert slash.state.players[0].level == slash.ctx.track.start


@pytest.mark.parametrize(
    ("origin_name", "story", "icons", "runes"),
    [
        ("Novice", [], 0, []),
        ("Brute", [], 1, ["strength-1"]),
        ("Brute", ["Strong"], 2, ["strength-1", "strength-2"]),
        ("Brute", ["Mighty"], 3, ["strength-1", "strength-2", "strength-special"]),
        ("Brute", ["Mighty", "Strong"], 4, ["strength-1", "strength-2", "strength-special"]),
    ],
)
def test_001_ability_runes_one_per_icon_up_to_three_special_from_the_third(
    origin_name: str, story: list[str], icons: int, runes: list[str]
) -> None:
    """001 · Ability Runes: one rune per relevant icon, "up to a maximum of three"; the special three-dot rune
    only once you gain your third icon in that Ability."""
    game = _pos(["Two"], origin=origin_name, story=[story]).game()
    assert icon_counts(game.ctx, game.state.players[0])[Icon.STRENGTH] == icons
    game.attempt("Two")
    assert pool_ids(game) == ["core-1", "core-2", "core-3", *runes]


def test_001_ability_runes_irrelevant_icons_add_nothing() -> None:
    """001 · Ability Runes: only icons of an Ability the challenge lists add runes."""
    other = _pos(["Nine"], origin="Squire", motivation="Wanderlust").game().attempt("Nine")
    assert pool_ids(other) == ["core-1", "core-2", "core-3"]  # Nine lists only Wisdom


# ============================================================================ Other Card Effects


def _powers_cards() -> list[Card]:
    return [
        origin(
            "Smith's Child",
            powers=(power("activated", GainXP(1), text="Gain 1 Experience."),),
        ),
        motivation(
            "Ambition",
            powers=(
                power(
                    "activated",
                    Bonus(1),
                    cost_xp=1,
                    window=Timing.BEFORE_ATTEMPT,
                    duration=Duration.ATTEMPT,
                    text="Pay 1 Experience: +1 to this attempt.",
                ),
            ),
        ),
        challenge("Climb", 3, ["strength"]),
        trait("Plain"),
    ]


def test_001_other_card_effects_an_origin_gains_experience_once_per_turn() -> None:
    """001 · Other Card Effects: cards have effects you may activate during your turn, with their costs on the
    card; "Many Origins provide a way to gain Experience Tokens"."""
    game = position(_powers_cards()).hero(0, origin="Smith's Child", motivation="Ambition", xp=3).game()
    use = UsePower(game.card("Smith's Child").id)
    assert use in game.legal_actions
    game.use("Smith's Child")
    assert game.state.players[0].xp == 4
    assert "001/other-card-effects" in sections(game.last_events)
    assert use not in game.legal_actions  # once per turn
    assert_illegal(game, lambda g: g.push(use), "001 · other card effects")


def test_001_other_card_effects_a_motivation_spends_experience_for_an_advantage() -> None:
    """001 · Other Card Effects: "Many Motivations provide a way to spend Experience to gain an advantage"."""
    pos = position(_powers_cards()).hero(0, origin="Smith's Child", motivation="Ambition", xp=1)
    game = pos.game().attempt("Climb")
    assert game.to_move == 0 and UsePower(game.card("Ambition").id) in game.legal_actions
    game.use("Ambition")
    assert game.state.players[0].xp == 0
    game.cast("slash", "blank", "slash")  # 2 + 1 against 3
    assert _story(game)[0] == ["Climb"]
    without = pos.game().attempt("Climb", faces=["slash", "blank", "slash"])
    assert _story(without)[0] == []
    broke = pos.hero(0, xp=0).game().attempt("Climb")
    assert UsePower(broke.card("Ambition").id) not in broke.legal_actions  # the cost must be paid


def test_001_other_card_effects_bundled_origins_gain_and_motivations_spend_experience() -> None:
    """001 · Other Card Effects: in the bundled core set most Origins gain Experience and most Motivations spend
    it."""
    core = get_set("core").cards
    origins = [c for c in core if c.type is CardType.ORIGIN]
    motivations = [c for c in core if c.type is CardType.MOTIVATION]
    gain = [c for c in origins if any(isinstance(e, GainXP) for p in c.powers for e in p.effects)]
    spend = [c for c in motivations if any(p.cost_xp > 0 for p in c.powers)]
    assert 2 * len(gain) > len(origins) and 2 * len(spend) > len(motivations)


# ============================================================================ Hero And Antihero Cards


def test_001_hero_and_antihero_cards_drawn_for_triangles_either_on_a_choice_result() -> None:
    """001 · Hero And Antihero Cards: a path with the Hero triangle draws a Hero card, one with the Antihero
    triangle an Antihero card; on the either-card result you choose which to draw."""
    hero = _pos(["Blessed", "Cursed", "Two", "Plain"]).game().gain("Blessed")
    assert _names(hero, hero.state.players[0].hand) == ["Hope"]
    anti = _pos(["Blessed", "Cursed", "Two", "Plain"]).game().gain("Cursed")
    assert _names(anti, anti.state.players[0].hand) == ["Spite"]
    either = _pos(["Blessed", "Cursed", "Two", "Plain"]).game()
    either.attempt("Two", faces=["slash", "blank", "dual-triangle"])
    assert isinstance(either.state.pending[-1], ChooseDraw)
    either.draw("hero")
    assert _names(either, either.state.players[0].hand) == ["Hope"]


def test_001_hero_and_antihero_cards_track_position_decides_which_may_be_played() -> None:
    """001 · Hero And Antihero Cards: "You begin the game able to play both"; a position showing only the Hero
    icon allows Hero cards but not Antihero cards."""
    pos = _pos(hand=["Rally", "Sneer"])
    track = pos.context().track

    def playable(game: Game) -> set[str]:
        return {game.ctx.db[a.card].name for a in game.legal_actions if isinstance(a, PlayCard)}

    assert playable(pos.game()) == {"Rally", "Sneer"}
    hero_only = [i for i, lv in enumerate(track.levels) if lv.hero and not lv.antihero]
    assert hero_only, "the bundled track has a Hero-only level above the start"
    game = pos.hero(0, level=hero_only[0]).game()
    assert playable(game) == {"Rally"}
    assert_illegal(game, lambda g: g.push(PlayCard(g.card("Sneer").id, 0)), "forbids antihero cards")


def test_001_hero_and_antihero_cards_placed_face_up_and_scored_at_the_end() -> None:
    """001 · Hero And Antihero Cards: a card that took effect is placed face up beside the tableau; at the end
    its Triumph or Tragedy value is added to the score."""
    game = _pos(hand=["Rally", "Sneer", "Valor"]).game()
    game.play("Rally").play("Sneer")
    player = game.state.players[0]
    assert _names(game, player.played) == ["Rally", "Sneer"]
    assert _names(game, player.hand) == ["Valor"]
    assert _line(game, "Hero cards played") == (1, 0)
    assert _line(game, "Antihero cards played") == (0, 1)


# ============================================================================ Ending your Turn, Ending an Act


def test_001_ending_your_turn_card_effects_end_and_play_passes() -> None:
    """001 · Ending your Turn: play passes to the next player; at the "End of Turn" the effects of Hero,
    Antihero and other cards end."""
    game = _pos(hand=["Valor"]).game().play("Valor")
    assert [game.ctx.db[e.source].name for e in game.state.effects] == ["Valor"]
    game.end_turn()
    assert game.state.effects == ()
    assert game.to_move == 1 and game.state.turn.number == 2
    assert "000/ending-your-turn" in sections(game.last_events)


def test_001_ending_your_turn_claimed_cards_replaced_with_the_refill_option() -> None:
    """001 · Ending your Turn: "draw a new card to replace any you claimed from the board that turn" (option
    ``refill="end_of_turn"``; by default 001 · Attempt a Challenge replaces a card at once)."""
    pos = _pos(["Plain", "Strong", "Two", "Three"]).deck(1, ["Filler 1-0"])
    later = pos.options(refill="end_of_turn").game().gain("Plain")
    assert later.state.row(1).slots[0] is None
    later.end_turn()
    slot = later.state.row(1).slots[0]
    assert slot is not None and later.ctx.db[slot.card].name == "Filler 1-0"
    now = pos.game().gain("Plain")
    slot = now.state.row(1).slots[0]
    assert slot is not None and now.ctx.db[slot.card].name == "Filler 1-0"
    assert_one_place(later)


def _act_pos() -> Position:
    return (
        _pos(["Plain", "Strong", "Two", "Three"], story=[["Filler 1-0", "Filler 1-1"]])
        .hero(1, origin="Brute", story=[["Filler 1-2"]])
        .row(2, ["Court Life", "War Camp"])
    )


def test_001_ending_an_act_three_cards_close_it() -> None:
    """001 · Ending an Act: with three trait or challenge cards under your current card you must end that Act
    and may no longer gain traits or face challenges from it."""
    game = _act_pos().game().gain("Plain")
    assert game.state.players[0].act == 2
    assert any("completes Act 1" in e.text for e in game.last_events)
    game.end_turn().end_turn()
    assert not {"Strong", "Two", "Three"} & _choices(game)
    assert {"Court Life", "War Camp"} <= _choices(game)
    assert_illegal(game, lambda g: g.gain("Strong"), "no going back")


def test_001_ending_an_act_first_with_three_reveals_the_next_row_at_the_start_of_their_turn() -> None:
    """001 · Ending an Act: "At the start of your turn, if you are the first player to have three cards from one
    Act, reveal the next row of cards"."""
    game = _act_pos().game().gain("Plain")
    assert not game.state.row(2).revealed
    game.end_turn()
    assert game.to_move == 1 and not game.state.row(2).revealed
    game.end_turn()
    assert game.to_move == 0 and game.state.row(2).revealed and not game.state.row(3).revealed
    assert "000/ending-an-act" in sections(game.last_events)


def test_001_ending_an_act_any_revealed_act_but_three_under_the_current_card_first() -> None:
    """001 · Ending an Act: all players may gain Story cards from any revealed Act, but must still place three
    cards under the current Character card before filling the next."""
    game = _act_pos().game().gain("Plain").end_turn().end_turn().end_turn()  # P2, one card under its Origin
    assert game.to_move == 1 and {"Court Life", "Strong"} <= _choices(game)
    game.gain("Court Life")
    assert _story(game, 1) == [["Filler 1-2", "Court Life"], [], []]
    assert game.state.players[1].act == 1


# ============================================================================ End of the Game


def _closing(players: int = 3) -> Position:
    """P2 (seat 1) has eight Story cards and the ninth on the table; it is P2's turn."""
    act1, act2 = ["Filler 1-0", "Filler 1-1", "Filler 1-2"], ["Filler 2-0", "Filler 2-1", "Filler 2-2"]
    return (
        position(_cards(), players=players)
        .hero(1, story=[act1, act2, ["Filler 3-0", "Filler 3-1"]], destiny="Hidden Fate")
        .row(1, ["Plain", "Strong"])
        .reveal(2, 3)
        .row(3, ["Legend", "Filler 3-2"])
        .turn(1)
    )


def test_001_end_of_the_game_three_under_the_destiny_each_other_player_one_final_turn() -> None:
    """001 · End of the Game: three cards under your Destiny close your final Act; each other player may take
    one final turn; then every Destiny is revealed and scored."""
    game = _closing().game().gain("Legend")
    assert game.state.closed_by == 1 and game.state.final_turns == (2, 0)
    game.end_turn()
    assert game.to_move == 2 and not game.over
    game.end_turn()
    assert game.to_move == 0 and not game.over
    game.gain("Plain").end_turn()  # a final turn is a whole turn
    assert game.over and game.to_move is None
    assert all(p.destiny_revealed for p in game.state.players)
    check_invariants(game.ctx, game.state)


def test_001_end_of_the_game_score_lines() -> None:
    """001 · End of the Game: visible Triumph and Tragedy, Story icons, one point per unspent Experience, each
    Hero and Antihero card played worth 1 regardless of Corruption, the track position (not cumulative), and
    finally the Destiny card's requirements."""
    track = _pos().context().track
    level = next(i for i, lv in enumerate(track.levels) if not lv.hero and lv.dark_runes)
    game = (
        position(_cards())
        .hero(
            0,
            origin="Bard",
            destiny="Judge of Men",
            story=[["Honest", ("Duel", "bottom"), "Filler 1-0"]],
            xp=4,
            played=["Rally", "Sneer"],
            level=level,
        )
        .game()
    )
    assert not track.at(level).hero  # Hero cards can no longer be played here, yet the played one scores
    score = game.score()[0]
    lines = {line.label.split(" (")[0].split(":")[0]: (line.triumph, line.tragedy) for line in score.lines}
    other = {line.label.split(" (")[0].split(":")[0]: line.other for line in score.lines}
    assert lines["Triumph and Tragedy in the Story"] == (1 + 2, 3)  # Bard, Honest; Duel's bottom path
    assert (
        lines["Story icon sets"] == (0, 0) and other["Story icon sets"] == 0
    )  # justice and villainy: no pair
    assert (
        lines["Unspent Experience"] == (0, 0) and other["Unspent Experience"] == 4
    )  # Destiny points neither Triumph nor Tragedy (000 · Rules Overview): changed on purpose
    assert lines["Hero cards played"] == (1, 0) and lines["Antihero cards played"] == (0, 1)
    here = track.at(level)
    assert lines["Corruption track"] == (here.triumph, here.tragedy)
    passed = [track.at(i) for i in range(track.start, level + 1)]
    assert (here.triumph, here.tragedy) != (sum(x.triumph for x in passed), sum(x.tragedy for x in passed))
    assert lines["Destiny"] == (1, 0)  # one Justice icon, 1 point each
    assert score.lines[-1].label.startswith("Destiny")  # "Finally"
    assert score.total == 3 + 3 + 4 + 1 + 1 + here.triumph + here.tragedy + 1
