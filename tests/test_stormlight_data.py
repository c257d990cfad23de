"""The bundled Stormlight-style card set (``cards/stormlight``).

The set follows 000 · Game Components (34 Character cards, 72 Story cards, 24 Hero and 24
Antihero cards) and 000 · Radiant Icons (ten Radiant Destinies with a threshold power). Every
number and power is original to this project; a card takes an official name only where a
section of 000 names it, records that section in ``named_in``, and behaves as that section
says (Lighteyes, Sister, Peasant, Stormlight, Odium's deck …). These tests check the counts,
that provenance, each stated behaviour (as data, and in play where the engine can show it),
the balance of the set, and that seeded random games on it alone end cleanly.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from invariants import check_invariants

from calladventure import rules
from calladventure.data._cards import bundled_runes, bundled_set, load_card_file, load_card_set
from calladventure.game import Game
from calladventure.play.position import Position
from calladventure.rules._scoring import destiny_rule_points
from calladventure.rules._story import icon_counts
from calladventure.values import _effects as fx
from calladventure.values._actions import AttemptChallenge, EndTurn, GainTrait, Keep, PlayCard, UsePower
from calladventure.values._cards import Card, CardSet, CardType, Side
from calladventure.values._icons import ABILITIES, Icon
from calladventure.values._sections import SECTIONS

FOLDER = Path(__file__).resolve().parent.parent / "cards" / "stormlight"
#: The files of this set written with it (quests.toml and odium.toml belong to the co-op engine).
FILES = (
    "origins.toml",
    "motivations.toml",
    "destinies.toml",
    "act1.toml",
    "act2.toml",
    "act3.toml",
    "hero.toml",
    "antihero.toml",
)
STORY_ICONS = (Icon.DIVINITY, Icon.JUSTICE, Icon.ARCANA, Icon.ROYALTY, Icon.VILLAINY, Icon.RADIANT)

# Every official name this set uses, with the 000 sections that name the card. A card with one
# of these names must cite one of its sections in `named_in`; no other card may have `named_in`.
TABLEAU = "000/play-example-story-tableau"
NAMED_ACT_I = "000/traits-and-challenges"
SACRIFICE = "000/glossary-sacrifice"
TIMING = "000/faqs-card-timing"
EYES = "000/faqs-lighteyes-darkeyes-and-the-nightwatcher"
PATHS = "000/faqs-path-specific-bonuses"
ON_MYSELF = "000/faqs-hero-and-antihero-cards-on-myself"
ODIUMS_DECK = "000/odiums-deck"
DESTINIES_CO_OP = "000/faqs-revealing-destinies-in-co-op"
MODES = {"000/faqs-competitive-co-op-and-solo-play", "000/glossary-solo"}
START_CORRUPTION = "000/faqs-whenever-a-hero-gains-corruption"
OFFICIAL: dict[str, set[str]] = {
    "Warrior": {TABLEAU},
    "Trained by a Master": {TABLEAU, "000/play-example-ending-act-i"},
    "Edgedancer": {TABLEAU},
    "Officer": {NAMED_ACT_I, "000/play-example-gaining-a-trait"},
    "Lighteyes": {NAMED_ACT_I, EYES},
    "Darkeyes": {EYES},
    "Nightwatcher's Boon": {EYES},
    "Face a Shardbearer": {NAMED_ACT_I},
    "On the Run": {NAMED_ACT_I},
    "Betrothed": {NAMED_ACT_I, SACRIFICE},
    "Sister": {SACRIFICE},
    "Brother": {SACRIFICE},
    "True Love": {SACRIFICE},
    "Child": {SACRIFICE},
    "Mastermind": {SACRIFICE, DESTINIES_CO_OP},
    "Truthwatcher": {SACRIFICE},
    "Healer": {PATHS},
    "Parshendi": {PATHS},
    "Peasant": {PATHS},
    "Say the Words": {TIMING, "000/faqs-card-draw-result-during-a-challenge"},
    "Honorblade": {TIMING},
    "Take Shelter": {TIMING, "000/faqs-odiums-cards-take-effect"},
    "Voidlight": {TIMING},
    "Stormlight": {TIMING, "000/radiant-icons"},
    "Chasm Duty": {TIMING},
    "Willshaper": {"000/faqs-more-than-three-rune-icons-in-one-ability"},
    "Skybreaker": {DESTINIES_CO_OP},
    "Stoneward": MODES,
    "Bondsmith": MODES,
    "Champion of Odium": {DESTINIES_CO_OP},
    "Haunted Past": {START_CORRUPTION},
    "Redemption Seeker": {START_CORRUPTION},
    "Act of Wrath": {ON_MYSELF},
    "Stubborn Obstacle": {ON_MYSELF},
    "Unmade Influence": {ON_MYSELF, ODIUMS_DECK},
    "Broken Oath": {ODIUMS_DECK},
    "Embrace the Thrill": {ODIUMS_DECK, TIMING, "000/special-rules"},
    "Ravages of War": {ODIUMS_DECK, "000/faqs-odiums-cards-take-effect"},
    "The Everstorm": {ODIUMS_DECK, "000/faqs-odiums-cards-take-effect"},
}
# 000 · Facing Odium: Odium's Deck: "Broken Oath, Embrace the Thrill, Ravages of War, The
# Everstorm (x2), and Unmade Influence" (five names, six cards).
ODIUM_DECK = {
    "Broken Oath": 1,
    "Embrace the Thrill": 1,
    "Ravages of War": 1,
    "The Everstorm": 2,
    "Unmade Influence": 1,
}
# Words that would borrow further names from the published novels (the four Radiant orders 000
# does not name, people, places, creatures and things of that world).
BORROWED = (
    "windrunner",
    "dustbringer",
    "lightweaver",
    "elsecaller",
    "kaladin",
    "shallan",
    "dalinar",
    "szeth",
    "adolin",
    "navani",
    "jasnah",
    "lift",
    "roshar",
    "alethi",
    "urithiru",
    "kholinar",
    "highstorm",
    "spren",
    "shardblade",
    "shardplate",
    "surgebind",
    "chasmfiend",
    "thunderclast",
    "herald",
    "bridge four",
    "shattered plains",
    "plateau",
    "highprince",
)
CHALLENGE_DIFFICULTY = {1: (2, 4), 2: (4, 6), 3: (6, 9)}
CHALLENGE_POINTS = {1: (1, 2), 2: (2, 3), 3: (3, 5)}
MAX_STEPS = 3000


# ----------------------------------------------------------------------------- helpers


@pytest.fixture(scope="module")
def stormlight() -> CardSet:
    return load_card_set(FOLDER)


@pytest.fixture(scope="module")
def cards() -> list[Card]:
    """The cards of this set's own files (not the co-op engine's quest and Odium files)."""
    return [c for name in FILES for c in load_card_file(FOLDER / name, "stormlight")]


def of(cards: list[Card], t: CardType, act: int | None = None) -> list[Card]:
    return [c for c in cards if c.type is t and (act is None or c.act == act)]


def named(cards: list[Card], name: str) -> Card:
    found = [c for c in cards if c.name == name]
    assert len(found) >= 1, f"no card named {name!r}"
    return found[0]


def all_powers(card: Card) -> list[fx.Power]:
    return [*card.powers, *(p for path in card.paths for p in path.powers)]


def all_effects(card: Card) -> list[fx.Effect]:
    out = [e for p in all_powers(card) for e in p.effects]
    return out + list(card.play.effects if card.play else ())


def named_in(card: Card) -> str | None:
    tags = [t.removeprefix("named_in:") for t in card.tags if t.startswith("named_in:")]
    return tags[0] if tags else None


def play(card: Card) -> fx.Play:
    assert card.play is not None, card.id
    return card.play


def radiant_threshold(card: Card) -> int:
    """The Radiant icons a power of the card needs (0: no Radiant threshold)."""
    needs = [p.requires.icons.get(Icon.RADIANT, 0) for p in card.powers if p.requires]
    return max(needs, default=0)


def new_position(players: int = 1) -> Position:
    return Position(players=players, seed=3, sets=("stormlight",), runes="stormlight")


def finish_attempt(game: Game) -> None:
    """Pass every window and cast, until the attempt under way resolves."""
    while game.state.attempt is not None:
        legal = list(game.legal_actions)
        passes = [a for a in legal if not isinstance(a, PlayCard | UsePower)]
        game.push(passes[0])


# ----------------------------------------------------------------------------- loading and counts


def test_000_game_components_the_set_loads_with_its_metadata(stormlight: CardSet) -> None:
    assert stormlight.id == "stormlight"
    assert (stormlight.runes, stormlight.track) == ("stormlight", "core")
    assert stormlight.story_icons == STORY_ICONS
    assert set(FILES) <= {Path(f).name for f in stormlight.files}
    assert len({c.id for c in stormlight.cards}) == len(stormlight.cards)
    assert [c.id for c in bundled_set("stormlight").cards] == [c.id for c in stormlight.cards]
    assert bundled_runes("stormlight").id == "stormlight"


def test_000_game_components_character_and_hand_card_counts(cards: list[Card]) -> None:
    counts = Counter(c.type for c in cards)
    assert counts[CardType.ORIGIN] == 12
    assert counts[CardType.MOTIVATION] == 10
    assert counts[CardType.DESTINY] == 12
    assert counts[CardType.HERO] == 24
    assert counts[CardType.ANTIHERO] == 24
    assert counts[CardType.ADVERSARY] == counts[CardType.QUEST] == 0
    for c in cards:
        if c.type.is_character or c.type.is_hand:
            assert c.act is None, c.id


@pytest.mark.parametrize(("act", "size"), [(1, 27), (2, 25), (3, 20)])
def test_000_game_components_story_decks(cards: list[Card], act: int, size: int) -> None:
    story = [c for c in cards if c.type.is_story and c.act == act]
    assert len(story) == size
    assert len(of(cards, CardType.CHALLENGE, act)) >= 15
    assert len(of(cards, CardType.TRAIT, act)) >= 5
    allies = of(cards, CardType.ALLY, act)
    assert (3 <= len(allies) <= 5) if act in (1, 2) else allies == []  # 000 · Allies: Acts I and II
    assert all(c.first_game_remove for c in allies)


# ----------------------------------------------------------------------------- provenance


def test_every_card_is_original_and_cites_only_real_sections(cards: list[Card]) -> None:
    for c in cards:
        assert c.source == "original", c.id
        tag = named_in(c)
        assert tag is None or tag in SECTIONS, c.id
    assert set().union(*OFFICIAL.values()) <= set(SECTIONS)


def test_official_names_carry_the_section_that_names_them_and_no_other_card_does(cards: list[Card]) -> None:
    for c in cards:
        tag = named_in(c)
        if c.name in OFFICIAL:
            assert tag in OFFICIAL[c.name], f"{c.id}: {c.name!r} must cite one of {sorted(OFFICIAL[c.name])}"
        else:
            assert tag is None, f"{c.id}: {c.name!r} is an original name, yet cites {tag}"
    assert {c.name for c in cards} >= set(OFFICIAL), "every card 000 names and describes is in the set"


def test_other_names_are_original_not_borrowed_from_the_novels(cards: list[Card]) -> None:
    for c in cards:
        if c.name in OFFICIAL:
            continue
        assert not [b for b in BORROWED if b in c.name.casefold()], c.id
    names = Counter(c.name for c in cards)
    assert [n for n, k in names.items() if k > 1] == ["The Everstorm"]
    assert sum(1 for c in cards if named_in(c)) <= len(cards) // 3


def test_cards_with_behaviour_explain_it_in_text(cards: list[Card]) -> None:
    for c in cards:
        if all_powers(c) or c.play or c.scoring or c.requires or c.cost_xp or c.start_virtue:
            assert c.text.strip(), f"{c.id} has behaviour but no text"


# ----------------------------------------------------------------------------- named cards, as 000 describes them


def test_000_play_example_story_tableau_adams_characters(cards: list[Card]) -> None:
    assert named(cards, "Warrior").type is CardType.ORIGIN
    assert named(cards, "Trained by a Master").type is CardType.MOTIVATION
    edgedancer = named(cards, "Edgedancer")
    assert edgedancer.type is CardType.DESTINY and edgedancer.radiant
    # 000 · Play Example: End of Game: "Adam's Destiny gives him 5 Triumph for ending the game with certain icons."
    assert [r.points for r in edgedancer.scoring if isinstance(r, fx.IconsAtLeast)] == [5]


def test_000_play_example_gaining_a_trait_officer_gives_a_strength_icon(cards: list[Card]) -> None:
    officer = named(cards, "Officer")
    assert officer.type is CardType.TRAIT and officer.act == 1
    assert Icon.STRENGTH in officer.paths[0].icons
    assert officer.requires is None and officer.cost_xp == 0  # Adam simply takes it on his first turn


def test_000_traits_and_challenges_named_act_one_cards(cards: list[Card]) -> None:
    for name, t in [
        ("Officer", CardType.TRAIT),
        ("Lighteyes", CardType.TRAIT),
        ("Face a Shardbearer", CardType.CHALLENGE),
        ("On the Run", CardType.CHALLENGE),
        ("Betrothed", CardType.ALLY),
    ]:
        card = named(cards, name)
        assert (card.type, card.act) == (t, 1), name


@pytest.mark.parametrize("name", ["Lighteyes", "Darkeyes", "Nightwatcher's Boon"])
def test_000_faqs_lighteyes_darkeyes_and_the_nightwatcher_bonus_on_the_next_turn(
    cards: list[Card], name: str
) -> None:
    card = named(cards, name)
    assert card.type is CardType.TRAIT
    gained = [p for p in all_powers(card) if p.trigger is fx.Trigger.ON_GAIN]
    assert len(gained) == 1 and gained[0].duration is fx.Duration.NEXT_TURN
    assert [type(e) for e in gained[0].effects] == [fx.Bonus]
    assert all(p.trigger is fx.Trigger.ON_GAIN for p in all_powers(card))


def test_000_faqs_lighteyes_bonus_applies_on_the_next_turn_only() -> None:
    game = (
        new_position()
        .hero(0, origin="Warrior", motivation="Trained by a Master", destiny="Edgedancer")
        .row(1, ["Lighteyes", "Storm Shelter", "Tax Collectors", "Stormwall Repairs"])
        .deck(1, ["Court Etiquette", "Shellback Hunt", "Gem Smugglers"])
        .turn(0)
        .game()
    )

    def lighteyes_bonus(challenge: str) -> int:
        game.push(AttemptChallenge(challenge, Side.TOP, 0))
        attempt = game.state.attempt
        assert attempt is not None
        math = rules.attempt_math(game.ctx, game.state, attempt)
        finish_attempt(game)
        return sum(n for what, n, kind in math.parts if what == "Lighteyes" and kind == "bonus")

    game.push(GainTrait("stormlight/lighteyes"))
    game.push(EndTurn())
    assert lighteyes_bonus("stormlight/storm-shelter") == 1  # the next turn (one player: the same hero)
    game.push(EndTurn())
    assert lighteyes_bonus("stormlight/tax-collectors") == 0  # unused or not, it is gone after that turn


@pytest.mark.parametrize("name", ["Betrothed", "Sister", "Brother", "True Love"])
def test_000_glossary_sacrifice_allies_with_a_benefit_when_sacrificed(cards: list[Card], name: str) -> None:
    card = named(cards, name)
    assert card.type is CardType.ALLY and card.act in (1, 2)
    benefit = [p for p in card.powers if p.trigger is fx.Trigger.ON_SACRIFICE]
    assert len(benefit) == 1 and benefit[0].effects
    assert [p for p in card.powers if p.sacrifice], "the card says you may sacrifice it"


def test_000_glossary_sacrifice_child_cannot_be_sacrificed_by_choice(cards: list[Card]) -> None:
    child = named(cards, "Child")
    assert child.type is CardType.ALLY
    assert not [p for p in child.powers if p.sacrifice]
    game = (
        new_position()
        .hero(
            0,
            origin="Warrior",
            motivation="Trained by a Master",
            destiny="Edgedancer",
            allies=["Child", "Betrothed"],
        )
        .game()
    )
    powers = {a.card for a in game.legal_actions if isinstance(a, UsePower)}
    assert "stormlight/betrothed" in powers and "stormlight/child" not in powers


def test_000_glossary_sacrifice_a_forced_sacrifice_still_gives_the_benefit() -> None:
    game = (
        new_position()
        .hero(
            0,
            origin="Warrior",
            motivation="Trained by a Master",
            destiny="Edgedancer",
            allies=["Sister"],
            hand=["Ravages of War"],
        )
        .hero_deck(top=["Stormlight"])
        .game()
    )
    level = game.state.players[0].level
    game.push(PlayCard("stormlight/ravages-of-war", 0))
    hero = game.state.players[0]
    assert hero.allies[0].sacrificed
    assert hero.level == level - 1  # Sister's benefit: one Virtue (one level up) …
    assert "stormlight/stormlight" in hero.hand  # … and a Hero card


@pytest.mark.parametrize(
    ("name", "icon"), [("Healer", Icon.DIVINITY), ("Parshendi", Icon.ARCANA), ("Peasant", Icon.VIRTUE)]
)
def test_000_faqs_path_specific_bonuses(cards: list[Card], name: str, icon: Icon) -> None:
    card = named(cards, name)
    assert card.type is CardType.ORIGIN
    bonuses = [e for p in card.powers for e in p.effects if isinstance(e, fx.Bonus | fx.Difficulty)]
    assert bonuses and all(e.when.path_icons for e in bonuses), "a bonus or penalty on specific paths only"
    assert any(isinstance(e, fx.Bonus) and icon in e.when.path_icons for e in bonuses)


def test_000_faqs_path_specific_bonuses_peasant_only_on_the_virtue_path() -> None:
    position = (
        new_position()
        .hero(0, origin="Peasant", motivation="Trained by a Master", destiny="Edgedancer")
        .row(1, ["Storm Shelter", "Tax Collectors", "Stormwall Repairs", "Officer"])
    )
    bonus = {}
    for side in (Side.TOP, Side.BOTTOM):  # top: "Gather the villagers inside" shows a Virtue icon
        game = position.game()
        game.push(AttemptChallenge("stormlight/storm-shelter", side, 0))
        attempt = game.state.attempt
        assert attempt is not None
        bonus[side] = rules.attempt_math(game.ctx, game.state, attempt).bonus
    assert bonus == {Side.TOP: 1, Side.BOTTOM: 0}


def test_000_faqs_card_timing_cards_without_a_printed_timing(cards: list[Card]) -> None:
    untimed = [
        "Say the Words",
        "Embrace the Thrill",
        "Honorblade",
        "Take Shelter",
        "Voidlight",
        "Stormlight",
        "Chasm Duty",
    ]
    for name in untimed:
        card = named(cards, name)
        assert card.type.is_hand and play(card).timing is fx.Timing.ANY_TIME, name
    assert named(cards, "Voidlight").type is CardType.ANTIHERO


def test_000_radiant_icons_stormlight_gives_a_radiant_icon_until_end_of_turn(cards: list[Card]) -> None:
    stormlight = play(named(cards, "Stormlight"))
    assert stormlight.duration is fx.Duration.TURN
    assert fx.TempIcon(Icon.RADIANT, 1) in stormlight.effects


def test_000_radiant_icons_a_temporary_icon_reaches_a_destiny_threshold() -> None:
    """Skybreaker (+2 on Justice paths from three Radiant icons) with two in the Story, then Stormlight."""
    position = (
        new_position()
        .hero(
            0,
            origin="Warrior",
            motivation="Trained by a Master",
            destiny="Skybreaker",
            destiny_revealed=True,
            story=[
                ["Officer", "Storm Shelter", "Tax Collectors"],
                ["Oathbound", "Battle-Hardened", "Forged Letters"],
            ],
            hand=["Stormlight"],
        )
        .reveal(2, 3)
        .row(3, ["Unseat the Tyrant", "Shattered Alliance", "Stormborn", "The Crown of Ash"])
    )

    def skybreaker(game: Game, side: Side) -> int:
        game.push(AttemptChallenge("stormlight/unseat-the-tyrant", side, 0))
        attempt = game.state.attempt
        assert attempt is not None
        parts = rules.attempt_math(game.ctx, game.state, attempt).parts
        return sum(n for what, n, kind in parts if what == "Skybreaker" and kind == "bonus")

    game = position.game()
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 2
    assert skybreaker(game, Side.TOP) == 0
    game = position.game()
    game.push(PlayCard("stormlight/stormlight", 0))
    assert icon_counts(game.ctx, game.state.players[0])[Icon.RADIANT] == 2  # never for scoring
    assert skybreaker(game, Side.TOP) == 2  # "Rally the people" shows a Justice icon
    game = position.game()
    game.push(PlayCard("stormlight/stormlight", 0))
    assert skybreaker(game, Side.BOTTOM) == 0  # the other path shows none


@pytest.mark.parametrize("name", ["Haunted Past", "Redemption Seeker"])
def test_000_faqs_whenever_a_hero_gains_corruption_motivations_that_start_lower(
    cards: list[Card], name: str
) -> None:
    card = named(cards, name)
    assert card.type is CardType.MOTIVATION and card.start_virtue == -1
    game = new_position().hero(0, origin="Warrior", motivation=name, destiny="Edgedancer").game()
    assert game.ctx.track.corruption(game.state.players[0].level) == 1


def test_000_faqs_more_than_three_rune_icons_willshaper_counts_a_fourth_wisdom(cards: list[Card]) -> None:
    willshaper = named(cards, "Willshaper")
    game = new_position().game()
    hero = game.state.players[0]

    def points(wisdom: int) -> int:
        icons = Counter({Icon.WISDOM: wisdom})
        return sum(sum(destiny_rule_points(game.ctx, hero, r, icons, (0, 0))) for r in willshaper.scoring)

    assert points(4) == points(3) + 1


def test_000_faqs_revealing_destinies_skybreaker_rewards_justice(cards: list[Card]) -> None:
    skybreaker = named(cards, "Skybreaker")
    game = new_position().game()
    hero = game.state.players[0]
    with_justice = sum(
        sum(destiny_rule_points(game.ctx, hero, r, Counter({Icon.JUSTICE: 2}), (0, 0)))
        for r in skybreaker.scoring
    )
    without = sum(sum(destiny_rule_points(game.ctx, hero, r, Counter(), (0, 0))) for r in skybreaker.scoring)
    assert with_justice > without
    assert any(
        Icon.JUSTICE in e.when.path_icons
        for p in skybreaker.powers
        for e in p.effects
        if isinstance(e, fx.Bonus)
    )


def test_000_faqs_competitive_co_op_and_solo_play_mode_tags(cards: list[Card]) -> None:
    tagged = {c.name: set(c.tags) & {"not_solo", "not_competitive"} for c in cards}
    assert tagged.pop("Stoneward") == {"not_solo", "not_competitive"}
    assert tagged.pop("Bondsmith") == {"not_solo"}
    assert not any(tagged.values())


def test_000_faqs_revealing_destinies_the_two_destinies_that_are_not_radiant(cards: list[Card]) -> None:
    others = {c.name for c in of(cards, CardType.DESTINY) if not c.radiant}
    assert others == {"Mastermind", "Champion of Odium"}
    champion = named(cards, "Champion of Odium")
    assert all(r.counts_as is fx.PointsKind.TRAGEDY for r in champion.scoring)


def test_000_faqs_hero_and_antihero_cards_on_myself(cards: list[Card]) -> None:
    unmade = play(named(cards, "Unmade Influence"))
    assert any(isinstance(e, fx.Bonus) and e.amount > 0 for e in unmade.effects)
    assert any(isinstance(e, fx.GainCorruption) for e in unmade.effects)  # "a darker path"
    wrath = play(named(cards, "Act of Wrath"))
    bonuses = [e for e in wrath.effects if isinstance(e, fx.Bonus)]
    assert bonuses and all(e.when.path_icons for e in bonuses)  # restricts the paths it helps on
    obstacle = play(named(cards, "Stubborn Obstacle"))
    assert any(isinstance(e, fx.Difficulty) and e.amount > 0 for e in obstacle.effects)
    assert any(isinstance(e, fx.GainXP | fx.DrawCards | fx.Bonus) for e in obstacle.effects)
    for p in (unmade, wrath, obstacle):  # each may be played on your own hero
        assert p.target in (fx.Target.ANY_HERO, fx.Target.ATTEMPTING_HERO, fx.Target.SELF)


# ----------------------------------------------------------------------------- Odium's deck


def test_000_odiums_deck_is_exactly_the_cards_000_lists(stormlight: CardSet, cards: list[Card]) -> None:
    odium = [c for c in stormlight.cards if "odium" in c.tags and c.type.is_hand]
    assert Counter(c.name for c in odium) == Counter(ODIUM_DECK)
    assert all(c.type is CardType.ANTIHERO for c in odium)
    assert [c for c in cards if "odium" in c.tags] == odium  # no other card of these files is Odium's
    assert [c.id for c in odium if c.name == "The Everstorm"] == [
        "stormlight/the-everstorm",
        "stormlight/the-everstorm#2",
    ]


def test_000_odiums_deck_cards_do_what_000_says(cards: list[Card]) -> None:
    assert any(isinstance(e, fx.DarkRunes) for e in all_effects(named(cards, "Embrace the Thrill")))
    assert any(isinstance(e, fx.SacrificeAlly) for e in all_effects(named(cards, "Ravages of War")))
    everstorm = play(named(cards, "The Everstorm"))
    harder = sum(e.amount for e in everstorm.effects if isinstance(e, fx.Difficulty))
    shelter = play(named(cards, "Take Shelter"))
    # 000 · FAQs: Odium's cards take effect: "using Take Shelter to ignore The Everstorm".
    assert 0 < harder <= sum(e.amount for e in shelter.effects if isinstance(e, fx.Bonus))
    assert shelter.target is fx.Target.ANY_HERO


# ----------------------------------------------------------------------------- Radiant Destinies and paths


def test_000_rules_overview_ten_radiant_destinies_with_a_threshold_power(cards: list[Card]) -> None:
    destinies = of(cards, CardType.DESTINY)
    radiant = [c for c in destinies if c.radiant]
    assert len(radiant) == 10
    for c in radiant:
        assert c.paths[0].icons.count(Icon.RADIANT) == 1, c.id
        assert radiant_threshold(c) >= 2, f"{c.id}: no power needing Radiant icons (000 · Radiant Icons)"
        assert all(p.requires and p.requires.icons.get(Icon.RADIANT) for p in c.powers), c.id
    assert {radiant_threshold(c) for c in radiant} == {2, 3}
    assert all(c.scoring for c in destinies)
    assert not [c for c in destinies if not c.radiant and c.powers]  # hidden until the end: nothing to act


def test_000_special_rules_no_radiant_path_carries_a_dark_rune_effect(cards: list[Card]) -> None:
    radiant_paths = 0
    for c in cards:
        if not c.type.is_story:
            continue
        for path in c.paths:
            if Icon.RADIANT not in path.icons:
                continue
            radiant_paths += 1
            powers = [*path.powers, *(c.powers if len(c.paths) == 1 else ())]
            assert not [e for p in powers for e in p.effects if isinstance(e, fx.DarkRunes)], c.id
            assert not {Icon.CORRUPTION, Icon.ANTIHERO, Icon.VILLAINY} & set(path.icons), c.id
    assert radiant_paths >= 15


def test_000_radiant_icons_appear_on_heroic_paths_in_every_act(cards: list[Card]) -> None:
    for act in (1, 2, 3):
        challenges = of(cards, CardType.CHALLENGE, act)
        radiant = [c for c in challenges if c.radiant]
        assert len(radiant) >= 4, act
        for c in radiant:
            assert Icon.RADIANT in c.paths[0].icons and Icon.RADIANT not in c.paths[1].icons, c.id
    assert [c for c in of(cards, CardType.TRAIT) if c.radiant], "Radiant traits"


# ----------------------------------------------------------------------------- balance


def test_every_origin_gives_two_abilities_and_each_ability_starts_on_four(cards: list[Card]) -> None:
    origins = of(cards, CardType.ORIGIN)
    for c in origins:
        assert len([i for i in c.paths[0].icons if i.is_ability]) == 2, c.id
    counts = Counter(i for c in origins for i in c.paths[0].icons if i.is_ability)
    assert counts == Counter({a: 4 for a in ABILITIES})


@pytest.mark.parametrize("act", [1, 2, 3])
def test_challenge_difficulty_and_rewards_grow_by_act(cards: list[Card], act: int) -> None:
    lo, hi = CHALLENGE_DIFFICULTY[act]
    plo, phi = CHALLENGE_POINTS[act]
    for c in of(cards, CardType.CHALLENGE, act):
        assert c.difficulty is not None and lo <= c.difficulty <= hi, c.id
        assert all(plo <= p.triumph + p.tragedy <= phi for p in c.paths), c.id
        assert len(c.abilities) == len(set(c.abilities)) and 1 <= len(c.abilities) <= 2, c.id
        plus = [p for p in c.paths if p.plus_one]
        assert len(plus) <= 1, c.id
        for p in plus:  # a "+1" path is harder and pays at least as much
            other = next(q for q in c.paths if q is not p)
            assert p.triumph + p.tragedy + len(p.icons) >= other.triumph + other.tragedy + len(other.icons), (
                c.id
            )


def test_challenges_offer_a_heroic_and_a_darker_path(cards: list[Card]) -> None:
    heroic, dark = {Icon.HERO, Icon.VIRTUE, Icon.RADIANT}, {Icon.ANTIHERO, Icon.CORRUPTION}
    for c in of(cards, CardType.CHALLENGE):
        assert heroic & set(c.paths[0].icons) and dark & set(c.paths[1].icons), c.id


def test_icons_are_spread_so_every_ability_and_story_icon_matters(cards: list[Card]) -> None:
    story = [c for c in cards if c.type.is_story]
    on_paths = Counter(i for c in story for p in c.paths for i in p.icons if i.is_ability)
    relevant = Counter(a for c in story for a in c.abilities)
    for counts in (on_paths, relevant):
        assert set(counts) == set(ABILITIES)
        assert min(counts.values()) >= 0.7 * max(counts.values()), counts
    icons = Counter(i for c in story for p in c.paths for i in p.icons if i.is_story)
    assert set(icons) == set(STORY_ICONS)  # no Nature: 000 · Story Icons lists Radiant instead
    assert min(icons.values()) >= 12 and min(icons.values()) >= 0.6 * max(icons.values()), icons


def test_the_effect_vocabulary_is_used_broadly(cards: list[Card]) -> None:
    used = {fx.EFFECT_TAGS[type(e)] for c in cards for e in all_effects(c)}
    assert used >= {
        "bonus",
        "difficulty",
        "gain_xp",
        "lose_xp",
        "draw",
        "virtue",
        "corruption",
        "dark_runes",
        "temp_icon",
        "reattempt",
        "cancel_corruption",
        "sacrifice_ally",
        "hook",
    }
    rules = [r for c in cards for r in c.scoring]
    assert {fx.SCORE_TAGS[type(r)] for r in rules} == set(fx.SCORE_KINDS)
    whens = [e.when for c in cards for e in all_effects(c) if isinstance(e, fx.Bonus | fx.Difficulty)]
    assert any(w.abilities for w in whens) and any(w.path_icons for w in whens) and any(w.acts for w in whens)
    plays = [play(c) for c in cards if c.type.is_hand]
    assert {p.timing for p in plays} == set(fx.Timing) and {p.duration for p in plays} == set(fx.Duration)
    reattempts = [
        c for c in of(cards, CardType.HERO) if any(isinstance(e, fx.Reattempt) for e in all_effects(c))
    ]
    assert len(reattempts) >= 3 and all(play(c).timing is fx.Timing.AS_ATTEMPT for c in reattempts)


def test_hero_cards_never_corrupt_and_antihero_cards_never_redeem(cards: list[Card]) -> None:
    for c in of(cards, CardType.HERO):
        assert not [
            e for e in all_effects(c) if isinstance(e, fx.GainCorruption | fx.DarkRunes | fx.SacrificeAlly)
        ], c.id
    for c in of(cards, CardType.ANTIHERO):
        assert not [e for e in all_effects(c) if isinstance(e, fx.GainVirtue | fx.CancelCorruption)], c.id
        for e in play(c).effects:
            if isinstance(e, fx.Difficulty) and e.amount > 0:
                assert play(c).target is fx.Target.ATTEMPTING_HERO, c.id


# ----------------------------------------------------------------------------- play


def play_random(players: int, seed: int) -> Game:
    """A seeded random game on the Stormlight set alone, every state checked.

    Also checked at every step: a Radiant path is never offered with Dark runes (000 · Special
    Rules), and a hero past Act II holding a Radiant Destiny has revealed it.
    """
    game = Game.new(players=players, seed=seed, sets=("stormlight",), runes="stormlight", record_events=False)
    ctx, chooser = game.ctx, random.Random(seed)
    check_invariants(ctx, game.state)
    while not game.over:
        assert len(game.history) < MAX_STEPS, f"{players}p seed {seed}: the game did not end"
        legal = list(game.legal_actions)
        assert legal, f"{players}p seed {seed}: no legal action"
        for a in legal:
            if isinstance(a, AttemptChallenge) and a.dark:
                assert Icon.RADIANT not in ctx.db[a.card].path(a.side).icons, a
        before = game.state
        game.push(chooser.choice(legal))
        check_invariants(ctx, game.state, before)
        for p in game.state.players:
            if p.act >= 3 and p.destiny is not None and ctx.db[p.destiny].radiant:
                assert p.destiny_revealed, (
                    f"{players}p seed {seed}: P{p.seat + 1} hides a Radiant Destiny in Act III"
                )
    return game


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_seeded_random_games_on_the_stormlight_set_end_cleanly(players: int) -> None:
    radiant_sets = 0
    for seed in range(12):
        game = play_random(players, 500 * players + seed)
        outcome = game.outcome()
        assert outcome is not None and len(outcome.scores) == players
        totals = [s.total for s in outcome.scores]
        assert outcome.winners == tuple(i for i, t in enumerate(totals) if t == max(totals))
        for p in game.state.players:
            radiant_sets += icon_counts(game.ctx, p, include_destiny=True)[Icon.RADIANT] >= 2
    assert radiant_sets >= 3, "Radiant icon sets should happen in play"


def test_every_stormlight_card_is_played_used_gained_or_kept() -> None:
    """Random players that prefer cards and powers reach every card of these files in 160 games."""
    played: set[str] = set()
    used: set[tuple[str, int]] = set()
    reached: set[str] = set()
    kept: set[str] = set()
    allies: set[str] = set()
    for seed in range(160):
        game = Game.new(players=4, seed=seed, sets=("stormlight",), runes="stormlight", record_events=False)
        ctx, state, rnd = game.ctx, game.state, random.Random(seed)
        while not state.over:
            legal = rules.legal_actions(ctx, state)
            eager = [a for a in legal if isinstance(a, PlayCard | UsePower)]
            action = rnd.choice(eager) if eager and rnd.random() < 0.8 else rnd.choice(legal)
            if isinstance(action, PlayCard):
                played.add(action.card.split("#")[0])
            elif isinstance(action, UsePower):
                used.add((action.card, action.index))
            elif isinstance(action, GainTrait | AttemptChallenge):
                reached.add(action.card)
            elif isinstance(action, Keep):
                kept.add(action.card)
            state, _ = rules.apply(ctx, state, action, None)
        for p in state.players:
            allies.update(a.card for a in p.allies)
    mine = [c for name in FILES for c in load_card_file(FOLDER / name, "stormlight") if "#" not in c.id]
    assert not {c.id for c in mine if c.type.is_hand} - played
    activated = {
        (c.id, i)
        for c in mine
        for i, p in enumerate(all_powers(c))
        if p.trigger is fx.Trigger.ACTIVATED and "not_competitive" not in c.tags
    }
    assert activated and not activated - used
    assert not {c.id for c in mine if c.type in (CardType.TRAIT, CardType.CHALLENGE)} - reached
    assert not {c.id for c in mine if c.type is CardType.ALLY} - allies
    # Stoneward may be left out of a competitive game (000 · FAQs: Competitive, Co-op and Solo play).
    assert not {c.id for c in mine if c.type.is_character and "not_competitive" not in c.tags} - kept
