"""The challenge deck as data: the default deck, deck and faction files (003, INDEX open question 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from calladventure.values._errors import CallAdventureError, CardDataError
from calladventure.worldspanner import (
    DIFFERENCES,
    FACES,
    ChallengeCard,
    ChallengeDeck,
    ChallengeFace,
    DeckError,
    FactionError,
    FactionTable,
    default_deck,
    default_factions,
    load_deck,
    load_factions,
)
from calladventure.worldspanner._factions import Faction

ROW = str(["fopp"] * 3 + ["fail"] * 3 + ["squeak"] + ["pass"] * 3 + ["amaze"] * 3).replace("'", '"')

GOOD = f"""
format = "calladventure.worldspanner._deck/1"
id = "tiny"
name = "Tiny deck"
source = "003/challenges"

[[cards]]
id = "steady"
copies = 2
faces = {ROW}
dome = [3, 4]

[[cards]]
id = "wrap"
faces = {ROW}
dome = [6, 1]
"""


def write(tmp_path: Path, text: str, name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ----------------------------------------------------------------------------- the default deck


def test_003_challenges_default_deck_is_documented_symmetric_and_monotone() -> None:
    deck = default_deck()
    assert len(deck) == 20
    assert [(c.id, n) for c, n in deck.kinds()] == [
        ("dire", 1),
        ("grim", 2),
        ("sour", 4),
        ("even", 6),
        ("fair", 4),
        ("bright", 2),
        ("golden", 1),
    ]
    assert deck.is_monotone
    assert deck.is_symmetric
    assert "open" in deck.notes and "question 12" in deck.notes
    for d in DIFFERENCES:
        assert sum(deck.counts(d).values()) == 20


def test_003_reading_the_challenge_card_default_deck_never_worse_for_a_better_difference() -> None:
    deck = default_deck()
    for card in deck.cards:
        ranks = [card.face(d).rank for d in DIFFERENCES]
        assert ranks == sorted(ranks), card.id
    # and the mix improves: the chance of success never falls as the difference grows
    success = [deck.counts(d)[ChallengeFace.AMAZE] + deck.counts(d)[ChallengeFace.PASS] for d in DIFFERENCES]
    assert success == sorted(success)
    assert success[0] == 0 and success[-1] == 20


def test_003_reading_the_challenge_card_a_non_monotone_card_is_detected() -> None:
    odd = ChallengeCard.from_names("odd", ["pass", *["fail"] * 12])
    assert not odd.is_monotone
    assert not ChallengeDeck.of([(odd, 1)]).is_monotone


# ----------------------------------------------------------------------------- deck files


def test_a_deck_file_loads_with_copies_and_dome_ranges(tmp_path: Path) -> None:
    deck = load_deck(write(tmp_path, GOOD))
    assert deck.id == "tiny" and deck.name == "Tiny deck"
    assert len(deck) == 3
    assert [c.id for c in deck.cards] == ["steady", "steady", "wrap"]
    assert deck.card("steady").dome == (3, 4)
    assert deck.card("wrap").dome == (6, 1)
    assert deck.card("steady").face(1) is ChallengeFace.PASS
    assert deck.source == "003/challenges"


def _card(body: str, card_id: str = "bad") -> str:
    return f'format = "calladventure.worldspanner._deck/1"\nid = "x"\n\n[[cards]]\nid = "{card_id}"\n{body}\n'


@pytest.mark.parametrize(
    ("text", "card", "field", "words"),
    [
        (_card('faces = ["pass", "pass"]'), "bad", "faces", "13 differences"),
        (_card(ROW.replace('"squeak"', '"meh"').join(["faces = ", ""])), "bad", "faces[6]", "not a face"),
        (_card(f"faces = {ROW}\ncopies = 0"), "bad", "copies", "at least 1"),
        (_card(f"faces = {ROW}\ndome = [0]"), "bad", "dome[0]", "≥ 1"),
        (_card(f"faces = {ROW}\ndome = [2, 2]"), "bad", "dome", "repeat"),
        (_card(f"faces = {ROW}\ndome = []"), "bad", "dome", "at least one"),
        (_card(f"faces = {ROW}\ncolour = 'red'"), "bad", "colour", "unknown key"),
        (_card('faces = "pass"'), "bad", "faces", "expected a list"),
        (_card(f"faces = {ROW}\ncopies = '2'"), "bad", "copies", "whole number"),
        (_card(f'faces = {ROW}\n\n[[cards]]\nid = "bad"\nfaces = {ROW}'), "bad", "id", "same id"),
        (_card(f"faces = {ROW}\n\n[[cards]]\nfaces = {ROW}"), "#2", "id", "missing"),
        (_card(f"faces = {ROW}").replace("deck/1", "deck/9"), None, "format", "expected"),
        (_card(f"faces = {ROW}") + 'source = "somewhere"\n', "bad", "source", "unknown key"),
        (
            'format = "calladventure.worldspanner._deck/1"\nid = "x"\nsource = "nowhere"\n',
            None,
            "source",
            "section",
        ),
        ('format = "calladventure.worldspanner._deck/1"\nid = "x"\n', None, "cards", "at least one"),
        ("format = [", None, None, "not valid TOML"),
    ],
)
def test_deck_file_errors_name_file_card_and_field(
    tmp_path: Path, text: str, card: str | None, field: str | None, words: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(CardDataError) as info:
        load_deck(path)
    err = info.value
    assert err.file == str(path)
    assert err.card == card
    assert err.field == field
    assert words in err.problem
    assert str(path) in str(err)
    assert isinstance(err, CallAdventureError)


def test_a_missing_deck_file_is_a_card_data_error(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="cannot read"):
        load_deck(tmp_path / "nope.toml")


def test_cards_built_in_python_are_validated() -> None:
    with pytest.raises(DeckError) as info:
        ChallengeCard("short", (ChallengeFace.PASS,) * 12)
    assert (info.value.card, info.value.field) == ("short", "faces")
    with pytest.raises(DeckError) as bad_name:
        ChallengeCard.from_names("named", ["pass"] * 12 + ["great"])
    assert bad_name.value.field == "faces[12]"
    with pytest.raises(DeckError):
        ChallengeDeck("empty", "Empty", ())
    one = ChallengeCard("same", (ChallengeFace.PASS,) * 13)
    other = ChallengeCard("same", (ChallengeFace.FAIL,) * 13)
    with pytest.raises(DeckError, match="share this id"):
        ChallengeDeck("clash", "Clash", (one, other))
    with pytest.raises(DeckError, match="at least once"):
        ChallengeDeck.of([(one, 0)])
    with pytest.raises(DeckError, match="no such card"):
        default_deck().card("joker")


def test_card_faces_cover_all_thirteen_differences() -> None:
    for card, _ in default_deck().kinds():
        assert len(card.faces) == len(DIFFERENCES) == 13
        assert {card.face(d) for d in DIFFERENCES} <= set(FACES)


# ----------------------------------------------------------------------------- faction files

FACTIONS = """
format = "calladventure.worldspanner._factions/1"
id = "three"

[[factions]]
id = "a"
name = "A"
key = "Key A"
opposing = ["b", "c"]

[[factions]]
id = "b"
name = "B"
key = "Key B"
opposing = ["a", "c"]

[[factions]]
id = "c"
name = "C"
key = "Key C"
opposing = {c_opposing}
"""


def test_003_faction_relations_a_faction_file_loads(tmp_path: Path) -> None:
    table = load_factions(write(tmp_path, FACTIONS.format(c_opposing='["a", "b"]'), "f.toml"))
    assert table.ids() == ["a", "b", "c"]
    assert table.modifier("a", "a") == 2
    assert table.modifier("a", "b") == -2
    assert table.is_mutual


@pytest.mark.parametrize(
    ("c_opposing", "field", "words"),
    [
        ('["a"]', "opposing", "two opposing factions"),
        ('["a", "a"]', "opposing", "two opposing factions"),
        ('["a", "zed"]', "opposing[1]", "unknown faction"),
        ('["c", "a"]', "opposing[0]", "own heroes"),
        ('"a"', "opposing", "expected a list"),
    ],
)
def test_003_faction_relations_faction_file_errors_name_file_faction_and_field(
    tmp_path: Path, c_opposing: str, field: str, words: str
) -> None:
    path = write(tmp_path, FACTIONS.format(c_opposing=c_opposing), "f.toml")
    with pytest.raises(CardDataError) as info:
        load_factions(path)
    assert (info.value.file, info.value.card, info.value.field) == (str(path), "c", field)
    assert words in info.value.problem


def test_003_faction_relations_the_table_is_data_and_checked() -> None:
    table = default_factions()
    assert len(table.factions) == 9
    assert table["warriors"].source == "003/faction-relations"
    assert all(f.source == "original" for f in table.factions if f.id != "warriors")
    with pytest.raises(FactionError):
        table["pirates"]
    with pytest.raises(FactionError, match="share the key"):
        FactionTable("dup", (Faction("a", "A", "K", ("b", "c")), Faction("b", "B", "K", ("a", "c"))))
