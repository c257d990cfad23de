"""The bundled original core card set (``cards/core``) and the card-file format's error messages.

The set is data authored for this project: every number and power is original (``source =
"original"``), and the few official card names it uses carry ``named_in`` = the rule section
or INDEX.md entry that names them (001 · Prepare the Story Decks, 002 · Preparing the Game,
INDEX · Components, INDEX · Core solo / co-op).
"""

from __future__ import annotations

import copy
import pickle
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from calladventure.data._cards import bundled_set, load_card_file, load_card_set
from calladventure.values import _effects as fx
from calladventure.values._cards import Card, CardDB, CardSet, CardType
from calladventure.values._errors import CardDataError, UnknownCardError
from calladventure.values._icons import ABILITIES, Icon
from calladventure.values._sections import SECTIONS

CORE = Path(__file__).resolve().parent.parent / "cards" / "core"
CORE_STORY_ICONS = (Icon.DIVINITY, Icon.JUSTICE, Icon.ARCANA, Icon.ROYALTY, Icon.VILLAINY, Icon.NATURE)


def _names(text: str) -> set[str]:
    """Names separated by semicolons (line breaks are just layout)."""
    return {" ".join(n.split()) for n in text.split(";") if n.strip()}


# Official card names, by the section that names them. Only these may appear, and only with
# the matching `named_in` tag.
OFFICIAL_NAMES: dict[str, set[str]] = {
    "INDEX/components": _names(
        """
        Hunter; Apprentice; Merchant; Performer; Farmer; Pickpocket; Bound by Honor; Thrill
        Seeker; Thirst for Knowledge; Lone Wanderer; Vow of Vengeance; One With Nature; Wise
        Master; Hand of Fate; Force of Darkness; Mighty Villain; Brave; Find a Lost Child;
        Thieves' Guild
        """
    ),
    "001/prepare-the-story-decks": _names(
        """
        Noble; Sole Survivor; Vow of Vengeance; Heir to the Throne; Master of Whispers; Cruel
        Betrayal
        """
    ),
    "INDEX/core-solo-co-op": _names(
        """
        Cruel Betrayal; Dark Lord's Champion; Harsh Lesson; Instill Fear; Tap into Darkness;
        Sabotage; Rise of the Adversary
        """
    ),
    "002/preparing-the-game": _names(
        """
        Blood of the Dragon; High Arcanist; Intrepid Explorer; One With Nature; Adventurous;
        Animal Companion; Armed Robbery; Cruel Winter; Dangerous Artifact; Magical Test; Mentor;
        Missing Person; Raging Inferno; Restless Spirit; The Academy; Thieves' Guild; Daring
        Heist; Desert Caravan; Distant Lands; Enlightened; Naval Battle; Perilous Dungeon;
        Savage Beast; Sidekick; Street Gang; Trench Warfare; The Crime Lord; The Dark Rider; The
        Mad Cultist; The Warlock; The Wolf; Ancient Evil; Army of the Dead; Assassins' Guild;
        Crypt of Horrors; Dark Colossus; Dark Revelation; Demon Horde; Divine Calling; Dragon's
        Hoard; Force of Nature; Into the Abyss; Queen's Chambers; Rogue Elemental; Supernatural;
        Sword of Darkness; Trial of the Magi; Witch's Den; The Demon; The High Priest; The
        Sorceress; The Warlord; Crime Wave; Demon's Curse; Doomsday Cult; Hunted by the Rider;
        Madness of the Sorceress; Night of the Wolf; High Priest's Inquisition; War for the
        Throne; Warlock's Blight
        """
    ),
}
# Cards of the other boxes that the rule texts name (000, 002): never in the core set.
OTHER_BOX_NAMES = _names(
    """
    Warrior; Trained by a Master; Edgedancer; Officer; Lighteyes; Darkeyes; Face a Shardbearer;
    On the Run; Betrothed; Healer; Parshendi; Peasant; The Nightwatcher; Nightwatcher's Boon;
    Say the Words; Embrace the Thrill; Honorblade; Take Shelter; Voidlight; Stormlight; Chasm
    Duty; Haunted Past; Redemption Seeker; Unmade Influence; Act of Wrath; Stubborn Obstacle;
    Sister; Brother; True Love; Child; Mastermind; Truthwatcher; Willshaper; Skybreaker;
    Stoneward; Bondsmith; Broken Oath; Ravages of War; The Everstorm; Radiants United; The True
    Desolation; Contest of Champions; Odium; Bind With Iron; Command the Flame; Command the
    Flames; Call the Wind; Comrade in Arms; Parting of Ways; Kingkiller; Namer; Re'lar; Prodigy;
    Broken; Rags to Riches; Loyal Friends; Inner Strength; Fae; Dangerous Truth
    """
)

# Ranges the set is designed to (per act for Story cards).
CHALLENGE_DIFFICULTY = {1: (2, 4), 2: (4, 6), 3: (6, 9)}
CHALLENGE_POINTS = {1: (1, 2), 2: (2, 3), 3: (3, 5)}
HEROIC = {Icon.HERO, Icon.VIRTUE}
DARK = {Icon.ANTIHERO, Icon.CORRUPTION}


@pytest.fixture(scope="module")
def core() -> CardSet:
    return load_card_set(CORE)


def of(cs: CardSet, t: CardType, act: int | None = None) -> list[Card]:
    return [c for c in cs.cards if c.type is t and (act is None or c.act == act)]


def all_powers(card: Card) -> list[fx.Power]:
    return [*card.powers, *(p for path in card.paths for p in path.powers)]


def all_effects(card: Card) -> Iterator[fx.Effect]:
    for power in all_powers(card):
        yield from power.effects
    if card.play:
        yield from card.play.effects


def named_in(card: Card) -> str | None:
    tags = [t.removeprefix("named_in:") for t in card.tags if t.startswith("named_in:")]
    return tags[0] if tags else None


def path_points(card: Card) -> list[int]:
    return [p.triumph + p.tragedy for p in card.paths]


# ----------------------------------------------------------------------------- loading and counts


def test_core_set_loads_with_its_metadata(core: CardSet) -> None:
    assert core.id == "core"
    assert set(core.story_icons) == set(CORE_STORY_ICONS)
    assert len(core.cards) == len({c.id for c in core.cards})
    assert not (CORE / "_example.toml").exists()
    assert {Path(f).name for f in core.files} == {
        "origins.toml",
        "motivations.toml",
        "destinies.toml",
        "act1.toml",
        "act2.toml",
        "act3.toml",
        "hero.toml",
        "antihero.toml",
        "adversary_mode.toml",
    }


def test_bundled_lookup_finds_the_same_set(core: CardSet) -> None:
    assert [c.id for c in bundled_set("core").cards] == [c.id for c in core.cards]


def test_character_and_hand_card_counts(core: CardSet) -> None:
    counts = Counter(c.type for c in core.cards)
    assert counts[CardType.ORIGIN] == 15
    assert counts[CardType.MOTIVATION] == 15
    assert counts[CardType.DESTINY] == 15
    assert counts[CardType.HERO] == 20
    assert counts[CardType.ANTIHERO] == 23  # with the two skull cards of adversary_mode.toml
    assert counts[CardType.QUEST] == 5  # four Adversary Quests and Rise of the Adversary


@pytest.mark.parametrize("act", [1, 2, 3])
def test_story_deck_sizes(core: CardSet, act: int) -> None:
    story = [c for c in core.cards if c.type.is_story and c.act == act]
    assert 26 <= len(story) <= 30
    assert len(of(core, CardType.TRAIT, act)) >= 6
    assert len(of(core, CardType.CHALLENGE, act)) >= 12
    allies, adversaries = len(of(core, CardType.ALLY, act)), len(of(core, CardType.ADVERSARY, act))
    assert (3 <= allies <= 5) if act in (1, 2) else allies == 0
    assert (1 <= adversaries <= 3) if act in (2, 3) else adversaries == 0


def test_character_and_hand_cards_have_no_act(core: CardSet) -> None:
    for c in core.cards:
        if c.type.is_character or c.type.is_hand:
            assert c.act is None, c.id


# ----------------------------------------------------------------------------- provenance


def test_every_card_has_a_valid_source(core: CardSet) -> None:
    for c in core.cards:
        assert c.source == "original" or c.source in SECTIONS, c.id
        tag = named_in(c)
        assert tag is None or tag in SECTIONS, c.id


def test_name_lists_are_read_whole() -> None:
    sizes = {k: len(v) for k, v in OFFICIAL_NAMES.items()}
    assert sizes == {
        "INDEX/components": 19,
        "001/prepare-the-story-decks": 6,
        "INDEX/core-solo-co-op": 7,
        "002/preparing-the-game": 61,
    }
    assert {"Thrill Seeker", "Cruel Betrayal", "Warlock's Blight"} <= set().union(*OFFICIAL_NAMES.values())
    assert {"Chasm Duty", "The True Desolation"} <= OTHER_BOX_NAMES
    assert set(OFFICIAL_NAMES) <= set(SECTIONS)


def test_official_names_carry_the_section_that_names_them(core: CardSet) -> None:
    every_official = set().union(*OFFICIAL_NAMES.values())
    for c in core.cards:
        tag = named_in(c)
        if c.name in every_official:
            assert tag is not None, f"{c.id}: official name {c.name!r} without named_in"
        if tag is not None:
            assert c.name in OFFICIAL_NAMES.get(tag, set()), f"{c.id}: {tag} does not name {c.name!r}"
            assert c.source == "original", f"{c.id}: an official name alone is no rule source"


def test_no_card_takes_a_name_from_another_box(core: CardSet) -> None:
    other = {n.casefold() for n in OTHER_BOX_NAMES}
    assert not [c.name for c in core.cards if c.name.casefold() in other]


def test_most_names_are_original(core: CardSet) -> None:
    tagged = [c for c in core.cards if named_in(c)]
    assert len(tagged) <= len(core.cards) // 5
    for t in CardType:
        cards = [c for c in core.cards if c.type is t]
        assert sum(1 for c in cards if named_in(c)) <= len(cards) // 2, t


def test_card_names_are_unique(core: CardSet) -> None:
    names = Counter(c.name.casefold() for c in core.cards)
    assert [n for n, k in names.items() if k > 1] == []


def test_cards_with_behaviour_explain_it_in_text(core: CardSet) -> None:
    for c in core.cards:
        if all_powers(c) or c.play or c.scoring or c.requires or c.cost_xp or c.start_virtue:
            assert c.text.strip(), f"{c.id} has behaviour but no text"


# ----------------------------------------------------------------------------- vocabulary coverage


def test_every_effect_kind_is_used_including_a_hook(core: CardSet) -> None:
    used = {fx.EFFECT_TAGS[type(e)] for c in core.cards for e in all_effects(c)}
    assert used == set(fx.EFFECT_KINDS)


def test_every_scoring_kind_and_per_card_kind_is_used(core: CardSet) -> None:
    rules = [r for c in core.cards for r in c.scoring]
    assert {fx.SCORE_TAGS[type(r)] for r in rules} == set(fx.SCORE_KINDS)
    assert {r.cards for r in rules if isinstance(r, fx.PerCard)} == set(fx.PER_CARD_KINDS)


def test_every_trigger_is_used(core: CardSet) -> None:
    # on_radiant_added belongs to the Stormlight quests: the core set has no Radiant icon.
    used = {p.trigger for c in core.cards for p in all_powers(c)}
    assert used == set(fx.Trigger) - {fx.Trigger.ON_RADIANT_ADDED}


def test_every_timing_target_and_duration_is_used(core: CardSet) -> None:
    plays = [c.play for c in core.cards if c.play]
    windows = {p.window for c in core.cards for p in all_powers(c) if p.trigger is fx.Trigger.ACTIVATED}
    assert {p.timing for p in plays} == set(fx.Timing)
    assert windows >= {fx.Timing.MAIN, fx.Timing.BEFORE_ATTEMPT, fx.Timing.AS_ATTEMPT}
    assert {p.target for p in plays} == set(fx.Target)
    durations = {p.duration for p in plays} | {p.duration for c in core.cards for p in all_powers(c)}
    assert durations == set(fx.Duration)


def test_requirement_kinds_are_all_used(core: CardSet) -> None:
    reqs = [r for c in core.cards for r in [c.requires, *(p.requires for p in all_powers(c))] if r]
    assert any(r.icons for r in reqs)
    assert any(r.virtue_at_least for r in reqs)
    assert any(r.corruption_at_least for r in reqs)
    traits_after_failing = [
        c for c in core.cards if c.type is CardType.TRAIT and c.requires and c.requires.after_failing
    ]
    assert 1 <= len(traits_after_failing) <= 4
    assert any(c.cost_xp for c in core.cards if c.type is CardType.TRAIT)


def test_some_story_paths_have_powers(core: CardSet) -> None:
    path_powers = [p for c in core.cards if c.type.is_story for path in c.paths for p in path.powers]
    assert len(path_powers) >= 3
    assert any(e.when.path_icons for p in path_powers for e in p.effects if isinstance(e, fx.Bonus))


# ----------------------------------------------------------------------------- character cards


def test_every_origin_gives_exactly_two_ability_icons(core: CardSet) -> None:
    for c in of(core, CardType.ORIGIN):
        abilities = [i for i in c.paths[0].icons if i.is_ability]
        assert len(abilities) == 2, c.id


def test_origins_start_every_ability_equally(core: CardSet) -> None:
    counts = Counter(i for c in of(core, CardType.ORIGIN) for i in c.paths[0].icons if i.is_ability)
    assert set(counts) == set(ABILITIES)
    assert max(counts.values()) - min(counts.values()) <= 1


def test_most_origins_give_a_way_to_gain_experience(core: CardSet) -> None:
    origins = of(core, CardType.ORIGIN)
    gain = [c for c in origins if any(isinstance(e, fx.GainXP) for e in all_effects(c))]
    assert len(gain) >= 10


def test_most_motivations_spend_experience(core: CardSet) -> None:
    motivations = of(core, CardType.MOTIVATION)
    spend = [
        c for c in motivations if any(p.cost_xp >= 1 for p in c.powers if p.trigger is fx.Trigger.ACTIVATED)
    ]
    assert len(spend) >= 10
    starts = Counter(c.start_virtue for c in motivations)
    assert set(starts) <= {-1, 0, 1}
    assert starts[1] >= 1 and starts[-1] >= 1


def test_destinies_score_and_some_show_a_story_icon(core: CardSet) -> None:
    destinies = of(core, CardType.DESTINY)
    assert all(c.scoring for c in destinies)
    assert sum(1 for c in destinies if any(i.is_story for i in c.paths[0].icons)) >= 2


def test_character_cards_have_no_story_fields(core: CardSet) -> None:
    for c in core.cards:
        if c.type.is_character:
            assert c.difficulty is None and not c.abilities and c.play is None, c.id


# ----------------------------------------------------------------------------- story cards


def test_challenges_have_two_paths_and_one_or_two_abilities(core: CardSet) -> None:
    for c in of(core, CardType.CHALLENGE):
        assert len(c.paths) == 2, c.id
        assert 1 <= len(c.abilities) <= 2, c.id
        assert all(a in ABILITIES for a in c.abilities), c.id
        assert len(set(c.abilities)) == len(c.abilities), c.id


@pytest.mark.parametrize("act", [1, 2, 3])
def test_challenge_difficulty_and_rewards_grow_by_act(core: CardSet, act: int) -> None:
    lo, hi = CHALLENGE_DIFFICULTY[act]
    plo, phi = CHALLENGE_POINTS[act]
    for c in of(core, CardType.CHALLENGE, act):
        assert c.difficulty is not None and lo <= c.difficulty <= hi, c.id
        assert all(plo <= pts <= phi for pts in path_points(c)), c.id


def test_challenges_mostly_offer_a_heroic_and_a_darker_path(core: CardSet) -> None:
    challenges = of(core, CardType.CHALLENGE)
    both = [
        c
        for c in challenges
        if any(HEROIC & set(p.icons) for p in c.paths) and any(DARK & set(p.icons) for p in c.paths)
    ]
    assert len(both) >= 0.9 * len(challenges)
    assert sum(1 for c in challenges if any(p.plus_one for p in c.paths)) >= len(challenges) // 4


def test_plus_one_paths_pay_at_least_the_other_path(core: CardSet) -> None:
    for c in of(core, CardType.CHALLENGE):
        plus = [p for p in c.paths if p.plus_one]
        plain = [p for p in c.paths if not p.plus_one]
        assert len(plus) <= 1, c.id
        for p in plus:
            reward = p.triumph + p.tragedy + len(p.icons)
            assert all(reward >= q.triumph + q.tragedy + len(q.icons) for q in plain), c.id


def test_traits_and_allies_have_one_path(core: CardSet) -> None:
    for c in of(core, CardType.TRAIT) + of(core, CardType.ALLY) + of(core, CardType.ADVERSARY):
        assert len(c.paths) == 1, c.id


def test_allies_only_in_acts_one_and_two(core: CardSet) -> None:
    assert {c.act for c in of(core, CardType.ALLY)} == {1, 2}


def test_adversaries_only_in_acts_two_and_three(core: CardSet) -> None:
    assert {c.act for c in of(core, CardType.ADVERSARY)} == {2, 3}


def test_allies_and_adversaries_are_removed_in_a_first_game(core: CardSet) -> None:
    for c in of(core, CardType.ALLY) + of(core, CardType.ADVERSARY):
        assert c.first_game_remove, c.id


def test_adversaries_are_harder_and_richer_than_their_acts_challenges(core: CardSet) -> None:
    for c in of(core, CardType.ADVERSARY):
        assert c.act is not None and c.difficulty is not None
        challenges = of(core, CardType.CHALLENGE, c.act)
        assert 1 <= len(c.abilities) <= 2 and all(a in ABILITIES for a in c.abilities), c.id
        assert c.difficulty >= max(ch.difficulty or 0 for ch in challenges), c.id
        assert path_points(c)[0] > max(max(path_points(ch)) for ch in challenges), c.id


def test_allies_have_icons_and_points_and_some_can_be_sacrificed(core: CardSet) -> None:
    allies = of(core, CardType.ALLY)
    for c in allies:
        assert c.paths[0].icons and path_points(c)[0] > 0, c.id
    assert any(p.sacrifice for c in allies for p in c.powers)
    assert any(p.trigger is fx.Trigger.ON_SACRIFICE for c in allies for p in c.powers)
    assert all(not p.sacrifice for c in core.cards if c.type is not CardType.ALLY for p in all_powers(c))


def test_first_game_still_deals_four_players(core: CardSet) -> None:
    kept = [c for c in core.cards if not c.first_game_remove]
    for t in (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY):
        assert sum(1 for c in kept if c.type is t) >= 8, t
    for act in (1, 2, 3):
        assert sum(1 for c in kept if c.type.is_story and c.act == act) >= 20
    assert not [c for c in kept if c.type in (CardType.ALLY, CardType.ADVERSARY)]
    betrayal = [c for c in core.cards if c.name == "Cruel Betrayal"]
    assert len(betrayal) == 1 and betrayal[0].type is CardType.ANTIHERO and betrayal[0].first_game_remove
    assert any(isinstance(e, fx.SacrificeAlly) for e in all_effects(betrayal[0]))


# ----------------------------------------------------------------------------- balance of icons


def test_ability_icons_are_spread_evenly(core: CardSet) -> None:
    story = [c for c in core.cards if c.type.is_story]
    on_paths = Counter(i for c in story for p in c.paths for i in p.icons if i.is_ability)
    relevant = Counter(a for c in story for a in c.abilities)
    for counts in (on_paths, relevant):
        assert set(counts) == set(ABILITIES)
        assert min(counts.values()) >= 0.7 * max(counts.values()), counts


def test_story_icons_are_spread_so_sets_happen(core: CardSet) -> None:
    counts = Counter(i for c in core.cards if c.type.is_story for p in c.paths for i in p.icons if i.is_story)
    assert set(counts) == set(CORE_STORY_ICONS)
    assert min(counts.values()) >= 10
    assert min(counts.values()) >= 0.6 * max(counts.values()), counts


# ----------------------------------------------------------------------------- hero and antihero cards


def test_hand_cards_play_sensibly(core: CardSet) -> None:
    for c in of(core, CardType.HERO) + of(core, CardType.ANTIHERO):
        assert c.play is not None and c.play.effects, c.id
        for e in c.play.effects:
            if isinstance(e, fx.Reattempt):
                assert c.play.timing is fx.Timing.AS_ATTEMPT, c.id
            if isinstance(e, fx.DarkRunes):
                assert c.play.timing is fx.Timing.BEFORE_ATTEMPT, c.id
            if isinstance(e, fx.Difficulty) and e.amount > 0:
                assert c.play.target is fx.Target.ATTEMPTING_HERO, c.id


def test_hero_cards_never_corrupt_and_antihero_cards_never_redeem(core: CardSet) -> None:
    dark = (fx.GainCorruption, fx.DarkRunes, fx.SacrificeAlly, fx.LoseXP)
    for c in of(core, CardType.HERO):
        assert not [e for e in all_effects(c) if isinstance(e, dark)], c.id
    for c in of(core, CardType.ANTIHERO):
        assert not [e for e in all_effects(c) if isinstance(e, fx.GainVirtue | fx.CancelCorruption)], c.id
    assert sum(1 for c in of(core, CardType.HERO) for e in all_effects(c) if isinstance(e, fx.Reattempt)) >= 2


# ----------------------------------------------------------------------------- format errors

HEADER = 'format = "calladventure.cards/1"\n'

CHALLENGE = """
[[cards]]
id = "{id}"
name = "Broken Example"
type = "challenge"
act = 1
source = "{source}"
difficulty = 3
abilities = ["strength"]
[[cards.paths]]
label = "Top"
icons = [{top}]
triumph = 1
{bottom}
"""
BOTTOM = """[[cards.paths]]
label = "Bottom"
icons = ["dexterity"]
tragedy = 1
"""


def write(tmp_path: Path, body: str, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def challenge(cid: str, top: str = '"strength"', bottom: str = BOTTOM, source: str = "original") -> str:
    return CHALLENGE.format(id=cid, top=top, bottom=bottom, source=source)


def load_error(path: Path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load_card_file(path, "test")
    return info.value


def test_a_good_file_loads(tmp_path: Path) -> None:
    cards = load_card_file(write(tmp_path, challenge("fine")), "test")
    assert [c.id for c in cards] == ["test/fine"]


def test_misspelt_icon_names_file_card_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, challenge("typo-icon", top='"strength", "justise"'))
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "typo-icon", "paths[0].icons[1]")
    assert str(path) in str(err) and "'typo-icon'" in str(err) and "paths[0].icons[1]" in str(err)


def test_challenge_with_one_path_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, challenge("lonely", bottom=""))
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "lonely", "paths")
    assert "two paths" in str(err) and str(path) in str(err)


def test_unknown_effect_kind_names_the_effect(tmp_path: Path) -> None:
    body = """
[[cards]]
id = "odd-power"
name = "Odd Power"
type = "hero"
source = "original"
[cards.play]
timing = "main"
effects = [{ kind = "gain_xp", amount = 1 }, { kind = "teleport", amount = 1 }]
"""
    path = write(tmp_path, body)
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "odd-power", "play.effects[1]")
    assert str(path) in str(err) and "'odd-power'" in str(err) and "play.effects[1]" in str(err)


def test_bad_source_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, challenge("made-up", source="the rulebook"))
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "made-up", "source")
    assert "'the rulebook'" in str(err)


def test_bad_named_in_is_rejected(tmp_path: Path) -> None:
    tagged = 'source = "original"\nnamed_in = "INDEX/rumours"'
    body = challenge("wrong-tag").replace('source = "original"', tagged)
    path = write(tmp_path, body)
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "wrong-tag", "named_in")


def test_non_ability_listed_as_challenge_ability(tmp_path: Path) -> None:
    path = write(tmp_path, challenge("wrong-ability").replace('["strength"]', '["strength", "royalty"]', 1))
    err = load_error(path)
    assert (err.file, err.card, err.field) == (str(path), "wrong-ability", "abilities")
    assert "'royalty' is not an ability" in str(err)


def test_unknown_trigger_and_unknown_per_card_kind(tmp_path: Path) -> None:
    body = """
[[cards]]
id = "whim"
name = "Whim"
type = "origin"
source = "original"
icons = ["strength", "wisdom"]
[[cards.powers]]
trigger = "on_whim"
effects = [{ kind = "gain_xp", amount = 1 }]
"""
    err = load_error(write(tmp_path, body, "trigger.toml"))
    assert (err.card, err.field) == ("whim", "powers[0].trigger")
    body = """
[[cards]]
id = "dragons"
name = "Dragons"
type = "destiny"
source = "original"
scoring = [{ kind = "per_card", cards = "dragon", points = 2 }]
"""
    err = load_error(write(tmp_path, body, "scoring.toml"))
    assert (err.card, err.field) == ("dragons", "scoring[0].cards")


def test_invalid_toml_names_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, '[[cards]]\nid = "unterminated\n')
    err = load_error(path)
    assert err.file == str(path) and err.card is None
    assert "not valid TOML" in str(err) and str(path) in str(err)


def test_set_folder_reports_the_broken_file(tmp_path: Path) -> None:
    (tmp_path / "set.toml").write_text((CORE / "set.toml").read_text(encoding="utf-8"), encoding="utf-8")
    write(tmp_path, challenge("fine"), "good.toml")
    bad = write(tmp_path, challenge("typo-icon", top='"strenght"'), "bad.toml")
    with pytest.raises(CardDataError) as info:
        load_card_set(tmp_path)
    err = info.value
    assert (err.file, err.card, err.field) == (str(bad), "typo-icon", "paths[0].icons[0]")


def test_the_card_database_is_a_read_only_lookup_that_names_an_unknown_id() -> None:
    cards = bundled_set("core").cards
    db = CardDB(cards)
    first = cards[0]
    assert db[first.id] is first and first.id in db and len(db) == len(cards)
    assert db.get("no-such-card") is None and db.named(first.name.upper()) == [first]
    with pytest.raises(UnknownCardError, match="no-such-card"):
        db["no-such-card"]
    for change in (
        lambda: db.__setitem__(first.id, first),
        lambda: db.pop(first.id),
        lambda: db.update({}),
        lambda: db.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert len(db) == len(cards)
    again = pickle.loads(pickle.dumps(db))
    assert isinstance(again, CardDB) and again == db and again.named(first.name) == [first]
    assert copy.deepcopy(db) == db
    with pytest.raises(ValueError, match="duplicate card id"):
        CardDB([first, first])
