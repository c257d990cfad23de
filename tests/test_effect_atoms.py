"""A new effect atom is one declaration: a toy box's atom, its value and its behaviour in this file.

The toy box "Embers" adds the effect atom ``ember`` (001 · Other Card Effects: the target gains
``amount`` ember tokens, kept in its ``ext``; each scores one Triumph). It is declared once, below:
its value class (``values.atoms.atom``: tag, box, the range of ``amount``) and its behaviour
(``rules.atom_rules.atom_rule``: handler, words, what bots make of it), and plugs in through its
``Expansion``. A toy card set uses it on a Hero card (``kind = "ember"``); seeded games play with it.
The registration is process-wide, like a hook's, so the fixture takes it back afterwards.

A tag or class that exists already is refused, and so is a second behaviour for an atom, a box
listing an atom that is not its own, or one without its behaviour (``000 · Hero and Antihero Cards``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

from calladventure import Game, Library, load_card_set
from calladventure.data._save_schema import save_schema
from calladventure.expansions import BUNDLED
from calladventure.expansions.odium import AdversaryTokens
from calladventure.play.bots import Bot, GreedyBot, RandomBot, play_game
from calladventure.play.bots._evaluation import pure_gain
from calladventure.rules import Context, EffectCall, Expansion, ScoreExtras, atom_rule, describe, set_player
from calladventure.rules._atom_rules import ATOM_RULES, atoms_without_rules, withdraw_atom
from calladventure.rules._table import log_event
from calladventure.values._atoms import EFFECT_KINDS, Effect, atom
from calladventure.values._cards import CardSet
from calladventure.values._effects import Bonus, GainXP
from calladventure.values._errors import AtomError, CardDataError
from calladventure.values._score import ScoreLine
from calladventure.values._state import Config, GameState

KEY = "embers"

SET_TOML = """format = "calladventure.set/1"
[set]
id = "embers"
name = "Embers (a toy box for the tests)"
runes = "core"
track = "core"
source = "original"
"""

CARDS_TOML = """format = "calladventure.cards/1"
[[cards]]
id = "kindle"
name = "Kindle"
type = "hero"
source = "original"
copies = 8
text = "Gain two ember tokens."
[cards.play]
timing = "main"
effects = [{ kind = "ember", amount = AMOUNT }]
"""


def _declare_embers() -> tuple[type[Effect], Expansion]:
    """The toy box: its effect atom, declared once (value and behaviour), and its Expansion."""

    @atom("ember", box=KEY, bounds={"amount": (1, 3)})
    @attrs.frozen
    class Ember(Effect):
        """The target gains ``amount`` ember tokens."""

        amount: int = 1

    @atom_rule(Ember, words=lambda e: f"gain {e.amount} ember token(s)", gain=True)
    def ember(call: EffectCall[Ember]) -> GameState:
        ctx, state, eff, source, _owner, target, _duration, log = call
        player = state.players[target]
        state = set_player(state, target, ext=player.ext.set(KEY, embers(player) + eff.amount))
        log_event(
            log,
            state,
            "001/other-card-effects",
            f"{ctx.db[source].name}: gains {eff.amount} ember(s)",
            target,
        )
        return state

    class Embers(Expansion):
        id: ClassVar[str] = KEY
        atoms: ClassVar[tuple[type[Effect], ...]] = (Ember,)
        state_types: ClassVar[dict[str, Any]] = {KEY: int}

        def in_play(self, config: Config, sets: list[CardSet]) -> bool:  # type: ignore[override]
            return KEY in config.sets

        def score_lines(self, ctx: Context, state: GameState, seat: int) -> ScoreExtras:
            n = embers(state.players[seat])
            return ScoreExtras(
                after_sets=(ScoreLine(f"Embers ({n})", n, 0, "000/ending-the-game"),) if n else ()
            )

    return Ember, Embers()


def embers(player: Any) -> int:
    count: int = player.ext.get(KEY, 0)
    return count


def _write_set(folder: Path, amount: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "set.toml").write_text(SET_TOML, encoding="utf-8")
    (folder / "cards.toml").write_text(CARDS_TOML.replace("AMOUNT", str(amount)), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[type[Effect], Library, Path]]:
    ember, box = _declare_embers()
    try:
        folder = tmp_path_factory.mktemp("embers")
        library = Library((*BUNDLED, box), [load_card_set(_write_set(folder / KEY, 2))])
        yield ember, library, folder
    finally:
        withdraw_atom(ember)
    assert "ember" not in EFFECT_KINDS and ember not in ATOM_RULES


def test_a_toy_atom_declared_once_plays_whole_seeded_games(toy: tuple[type[Effect], Library, Path]) -> None:
    _ember, library, _folder = toy
    lit = []
    for seed in range(12):
        game = Game.new(players=2, seed=seed, sets=("core", KEY), library=library)
        bots: list[Bot] = [RandomBot(seed), GreedyBot(seed + 1)]
        play_game(game, bots)
        assert game.over
        lit += [(game, p.seat) for p in game.state.players if embers(p)]
    assert lit, "no seeded game played a Kindle"
    game, seat = lit[0]
    assert any(line.label.startswith("Embers (") for line in game.score()[seat].lines)
    assert any(e.text == "Kindle: gains 2 ember(s)" and e.seat == seat for e in game.events)
    again = Game.loads(game.save(), library=library)
    assert again.history == game.history and again.state == game.state


def test_a_toy_atom_has_its_words_bounds_and_bots_judgement_from_its_declaration(
    toy: tuple[type[Effect], Library, Path], tmp_path: Path
) -> None:
    ember, _library, folder = toy
    effect = ember(2)  # type: ignore[call-arg]
    assert (
        describe(effect) == "gain 2 ember token(s)"
        and pure_gain([effect])
        and not pure_gain([effect, Bonus(1)])
    )
    card = next(iter(load_card_set(folder / KEY).cards))
    assert card.play is not None and card.play.effects == (effect,)
    with pytest.raises(CardDataError, match="out of range") as err:  # the declared range of amount: 1 … 3
        load_card_set(_write_set(tmp_path / KEY, 4))
    assert err.value.field == "play.effects[0].amount"
    schema = save_schema({}, boxes=[KEY])["$defs"]
    assert schema[f"{ember.__name__}_kind"]["properties"]["amount"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 3,
    }
    assert f"{AdversaryTokens.__name__}_kind" not in schema  # a box not asked for: its atoms are not in it


def test_a_box_registering_an_atom_that_exists_is_refused() -> None:
    for tag, why in (("gain_xp", "already registered"), ("adversary_tokens", "of the box 'odium'")):
        with pytest.raises(AtomError, match=why):

            @atom(tag, box="toy")
            @attrs.frozen
            class Again(Effect):
                amount: int = 1

    with pytest.raises(AtomError, match="already registered as the effect atom 'gain_xp'"):
        atom("gain_more", box="toy")(GainXP)
    with pytest.raises(AtomError, match="already has its behaviour"):
        atom_rule(GainXP, words=lambda e: "again")(lambda call: call.state)
    assert EFFECT_KINDS["gain_xp"] is GainXP and "gain_more" not in EFFECT_KINDS


def test_a_box_lists_only_its_own_atoms_each_with_its_behaviour() -> None:
    with pytest.raises(AtomError, match="belongs to the core"):

        class Thief(Expansion):
            id: ClassVar[str] = "thief"
            atoms: ClassVar[tuple[type[Effect], ...]] = (GainXP,)

    @atom("mute", box="mute")
    @attrs.frozen
    class Mute(Effect):
        pass

    try:
        with pytest.raises(AtomError, match="has no behaviour"):

            class Muted(Expansion):
                id: ClassVar[str] = "mute"
                atoms: ClassVar[tuple[type[Effect], ...]] = (Mute,)

        with pytest.raises(AtomError, match=r"\['mute'\] are registered for the box 'mute' but not listed"):

            class Silent(Expansion):
                id: ClassVar[str] = "mute"

    finally:
        withdraw_atom(Mute)
    assert atoms_without_rules() == []  # every atom of the core has its behaviour
