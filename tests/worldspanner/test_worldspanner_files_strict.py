"""Worldspanner deck and faction files are read like card files: strictly, bounded, every problem at once.

``003 · Challenges`` and ``003 · Reading the Challenge card`` (a deck of cards, thirteen faces
each), ``003 · Faction Relations`` (two opposing factions): the rules the loaders apply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from calladventure.data import data_root
from calladventure.data._limits import MAX_COPIES
from calladventure.values._errors import CardDataError
from calladventure.worldspanner import load_deck, load_factions

ROW = str(["fopp"] * 3 + ["fail"] * 3 + ["squeak"] + ["pass"] * 3 + ["amaze"] * 3).replace("'", '"')
HEAD = 'format = "calladventure.worldspanner._deck/1"\nid = "x"\n'


def deck(tmp_path: Path, *cards: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(HEAD + "".join(f"\n[[cards]]\n{c}\n" for c in cards), encoding="utf-8")
    return path


def problems(path: Path, loader: object = load_deck) -> list[tuple[str | None, str | None, str]]:
    with pytest.raises(CardDataError) as info:
        loader(path)  # type: ignore[operator]
    assert all(p.file == str(path) for p in info.value.problems)
    return [(p.card, p.field, p.problem) for p in info.value.problems]


def test_003_challenges_deck_values_are_not_coerced_and_all_reported(tmp_path: Path) -> None:
    path = deck(
        tmp_path,
        f'id = "a"\nfaces = {ROW}\ncopies = true',
        f'id = "b b"\nfaces = {ROW}',
        f'id = "c"\nfaces = {ROW}\ncopies = {MAX_COPIES + 1}',
        f'id = "d"\nfaces = {ROW}\ndome = [100]',
    )
    found = problems(path)
    assert [(card, field) for card, field, _ in found] == [
        ("a", "copies"),
        ("b b", "id"),
        ("c", "copies"),
        ("d", "dome[0]"),
    ]
    assert "whole number" in found[0][2] and "out of range" in found[2][2]


def test_003_challenges_a_deck_file_with_a_bom_loads(tmp_path: Path) -> None:
    text = (data_root() / "worldspanner" / "default-deck.toml").read_bytes()
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + text)
    assert len(load_deck(path)) == 20


def test_003_challenges_a_deeply_nested_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(HEAD + "x = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    assert "deep" in problems(path)[0][2]


def test_003_faction_relations_faction_ids_are_ids(tmp_path: Path) -> None:
    text = (data_root() / "worldspanner" / "factions.toml").read_text(encoding="utf-8")
    path = tmp_path / "f.toml"
    path.write_text(text.replace('id = "warriors"', 'id = "../warriors"'), encoding="utf-8")
    assert ("../warriors", "id") in [(c, f) for c, f, _ in problems(path, load_factions)]
