"""A refused file changes nothing in the process: the story icons it adds (``000 · Story Icons``)
count only once every check of the file has passed."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from calladventure import Game, Library
from calladventure.data import load_card_set
from calladventure.expansions import BUNDLED
from calladventure.values._errors import CardDataError, SaveFileError
from calladventure.values._icons import Icon

LANTERNS = Path(__file__).parent / "data" / "lanterns"


def _forged_save() -> str:
    """A Lanterns game's save with 5,000 more ``new_icons`` and a digest that does not match."""
    lanterns = load_card_set(LANTERNS)
    game = Game.new(players=2, seed=4, sets=("core", "lanterns"), library=Library(BUNDLED, [lanterns]))
    rnd = random.Random(4)
    for _ in range(20):
        game.push(rnd.choice(list(game.legal_actions)))
    doc = json.loads(game.save())
    doc["sets"]["lanterns"]["new_icons"] += [f"forged{i}" for i in range(5000)]
    doc["digest"] = "0" * len(doc["digest"])
    return json.dumps(doc)


def _set_using_a_forged_icon(tmp_path: Path) -> Path:
    """The Lanterns set with no ``new_icons`` of its own, whose cards show ``forged7``: refused."""
    folder = tmp_path / "glimmer"
    shutil.copytree(LANTERNS, folder)
    toml = (folder / "set.toml").read_text(encoding="utf-8")
    toml = toml.replace('new_icons = ["lantern"]', "new_icons = []")
    (folder / "set.toml").write_text(toml.replace('story_icons = ["lantern"]', "story_icons = []"))
    cards = (folder / "cards.toml").read_text(encoding="utf-8")
    (folder / "cards.toml").write_text(cards.replace('"lantern"', '"forged7"'), encoding="utf-8")
    return folder


def test_refused_save_declares_no_icons(tmp_path: Path) -> None:
    """000 · Story Icons: a save refused for its digest leaves the known icons as they were."""
    text = _forged_save()
    folder = _set_using_a_forged_icon(tmp_path)
    with pytest.raises(CardDataError, match="forged7"):
        load_card_set(folder)
    known = dict(Icon._value2member_map_)
    with pytest.raises(SaveFileError, match="digest"):
        Game.loads(text)
    assert dict(Icon._value2member_map_) == known
    with pytest.raises(ValueError, match="forged7"):
        Icon("forged7")
    with pytest.raises(CardDataError, match="forged7"):
        load_card_set(folder)  # still refused: the refused save declared nothing


def test_refused_card_set_declares_no_icons(tmp_path: Path) -> None:
    """000 · Story Icons: a card set refused for any problem leaves its ``new_icons`` undeclared."""
    folder = tmp_path / "broken"
    shutil.copytree(LANTERNS, folder)
    toml = (folder / "set.toml").read_text(encoding="utf-8")
    (folder / "set.toml").write_text(toml.replace('["lantern"]', '["gleam"]'), encoding="utf-8")
    (folder / "cards.toml").write_text('format = "calladventure.cards/1"\nbad = 1\n', encoding="utf-8")
    known = dict(Icon._value2member_map_)
    with pytest.raises(CardDataError):
        load_card_set(folder)
    assert dict(Icon._value2member_map_) == known
