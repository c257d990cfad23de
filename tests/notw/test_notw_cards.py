"""The bundled The Name of the Wind card set: names, provenance, the tags the Naming rule reads."""

from __future__ import annotations

from collections import Counter

from calladventure.data._cards import bundled_set
from calladventure.expansions.naming import NAME_ICONS, NAMING_TAG, NEVER_LEARN, REVEAL_TAG
from calladventure.values._cards import Card, CardType
from calladventure.values._icons import Icon
from calladventure.values._sections import SECTIONS

NOTW = bundled_set("notw")
CORE = bundled_set("core")

# The cards 002 names outside its set-aside list, with their type and the section that names them.
NAMED: dict[str, tuple[CardType, str]] = {
    "Fae": (CardType.ORIGIN, "002/faqs-fae-origin"),
    "Kingkiller": (CardType.DESTINY, "002/faqs-reveal-this-destiny"),
    "Namer": (CardType.DESTINY, "002/faqs-reveal-this-destiny"),
    "Prodigy": (CardType.DESTINY, "002/faqs-reveal-this-destiny"),
    "Re'lar": (CardType.TRAIT, "002/faqs-comrade-in-arms-or-parting-of-ways"),
    "Broken": (CardType.TRAIT, "002/faqs-one-challenge-or-trait-per-turn"),
    "Rags to Riches": (CardType.TRAIT, "002/faqs-one-challenge-or-trait-per-turn"),
    "Loyal Friends": (CardType.ALLY, "002/faqs-loyal-friends"),
    "Bind With Iron": (CardType.HERO, "002/naming"),
    "Command the Flame": (CardType.HERO, "002/naming"),
    "Call the Wind": (CardType.HERO, "002/naming"),
    "Comrade in Arms": (CardType.HERO, "002/faqs-comrade-in-arms-or-parting-of-ways"),
    "Inner Strength": (CardType.HERO, "002/faqs-inner-strength"),
    "Parting of Ways": (CardType.ANTIHERO, "002/faqs-comrade-in-arms-or-parting-of-ways"),
    "Dangerous Truth": (CardType.ANTIHERO, "002/faqs-dangerous-truth"),
}


def _named_in(card: Card) -> str | None:
    tags = [t.removeprefix("named_in:") for t in card.tags if t.startswith("named_in:")]
    return tags[0] if tags else None


def test_002_faqs_every_card_the_text_names_is_in_the_set() -> None:
    """002 · FAQs and 002 · Naming name these cards; each is bundled with its type and citation."""
    by_name = {c.name: c for c in NOTW.cards}
    for name, (ctype, section) in NAMED.items():
        card = by_name[name]
        assert card.type is ctype, name
        assert _named_in(card) == section, name
        assert card.source == "original", name  # the name is official, the numbers are not
    others = [c.name for c in NOTW.cards if _named_in(c)]
    assert sorted(others) == sorted(NAMED)


def test_002_naming_only_the_named_cards_may_apply_to_name_attempts() -> None:
    """002 · Naming and 002 · FAQs: Comrade in Arms or Parting of Ways list every card that may help."""
    tagged = sorted(c.name for c in NOTW.cards if NAMING_TAG in c.tags)
    assert tagged == sorted(
        ["Bind With Iron", "Command the Flame", "Call the Wind", "Kingkiller", "Namer", "Re'lar"]
    )
    assert not [c.name for c in CORE.cards if NAMING_TAG in c.tags]
    assert sorted(c.name for c in NOTW.cards if REVEAL_TAG in c.tags) == ["Kingkiller", "Namer", "Prodigy"]
    assert [(c.name, t) for c in NOTW.cards for t in c.tags if t.startswith(NEVER_LEARN)] == [
        ("Fae", "never_learn:iron")
    ]


def test_002_new_cards_new_adventures_every_card_is_original_and_explained() -> None:
    """002 · New Cards, New Adventures: the cards follow the core rules; their behaviour is in their text."""
    for c in NOTW.cards:
        assert c.source == "original" or c.source in SECTIONS, c.id
        if c.powers or c.play or c.scoring or c.requires or c.cost_xp or any(p.powers for p in c.paths):
            assert c.text.strip(), c.id
        if c.type.is_hand:
            effects = c.play.effects if c.play else ()
            kinds = {type(e).__name__ for e in effects}
            assert not (c.type is CardType.HERO and "GainCorruption" in kinds), c.id
            assert not (c.type is CardType.ANTIHERO and "GainVirtue" in kinds), c.id
    names = Counter(c.name.casefold() for c in (*NOTW.cards, *CORE.cards))
    assert [n for n, k in names.items() if k > 1] == []


def test_002_preparing_the_game_no_bundled_card_takes_a_set_aside_name() -> None:
    """002 · Preparing the Game: the expansion replaces those cards; none of its own bears their names."""
    listed = {text.partition(": ")[2].casefold() for text in NOTW.set_aside}
    assert not [c.name for c in NOTW.cards if c.name.casefold() in listed]


def test_002_components_challenges_and_adversaries_follow_the_core_ranges() -> None:
    """000 · Attempt a Challenge: two paths and one or two abilities; difficulty grows by Act."""
    ranges = {1: (2, 4), 2: (4, 6), 3: (6, 8)}
    for c in NOTW.cards:
        if c.type is CardType.CHALLENGE:
            assert c.act is not None and c.difficulty is not None
            low, high = ranges[c.act]
            assert low <= c.difficulty <= high and len(c.paths) == 2 and 1 <= len(c.abilities) <= 2, c.id
        if c.type is CardType.ADVERSARY:  # a known Name would gain it without a cast: none shows one
            assert c.act in (2, 3) and c.first_game_remove, c.id
            assert not [i for i in c.paths[0].icons if i in NAME_ICONS], c.id


def test_002_components_adversary_quests_name_their_adversary() -> None:
    """002 · Components: five Adversary Quests, each for one of the set's Adversaries."""
    quests = [c for c in NOTW.cards if c.type is CardType.QUEST]
    adversaries = {c.id for c in NOTW.cards if c.type is CardType.ADVERSARY}
    linked = [t.removeprefix("adversary:") for q in quests for t in q.tags if t.startswith("adversary:")]
    assert len(quests) == 5 and sorted(linked) == sorted(adversaries)
    assert all(q.text and q.source == "original" and q.act is None for q in quests)


def test_002_naming_name_icons_sit_on_story_paths() -> None:
    """002 · Naming: Name icons are earned on Story cards' paths; each Name appears several times."""
    shown = Counter(
        i for c in NOTW.cards if c.type.is_story for p in c.paths for i in p.icons if i in NAME_ICONS
    )
    assert all(shown[name] >= 5 for name in NAME_ICONS), shown
    assert not [
        c.id
        for c in NOTW.cards
        if c.type.is_character and any(i in NAME_ICONS for p in c.paths for i in p.icons)
    ]
    assert Icon.NATURE not in {i for c in NOTW.cards for p in c.paths for i in p.icons}
