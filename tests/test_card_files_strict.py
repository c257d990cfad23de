"""Card, set, rune and track files are validated strictly, bounded, and report every problem at once.

One test per card-file defect once found (card files coerced, not validated; no bounds; paths
from data trusted): each failed before the data layer was hardened.
The card format is ``docs/cards.md``; the rules it applies cite ``000 · Attempt a Challenge``
(two paths, one or two abilities) and ``001 · Other Card Effects`` (hooks).
"""

from __future__ import annotations

import time
from pathlib import Path

import attrs
import pytest

from calladventure import hook
from calladventure.data import (
    CARD_RULES,
    RUNE_RULES,
    SET_RULES,
    TRACK_RULES,
    Bounds,
    DataSources,
    bundled_runes,
    bundled_set,
    bundled_track,
    data_root,
    load_card_file,
    load_card_set,
    load_rune_set,
    load_track,
    read_toml,
)
from calladventure.data import _limits as L
from calladventure.values._errors import MAX_PROBLEMS_SHOWN, CallAdventureError, CardDataError, HookError
from calladventure.values._hooks import HOOK_SPECS, HOOKS, int_param, str_param

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "cards" / "core"
HEADER = 'format = "calladventure.cards/1"\n'


def trait(cid: str = "brave", extra: str = "", path: str = 'icons = ["strength"]') -> str:
    return (
        f'\n[[cards]]\nid = "{cid}"\nname = "Brave {cid}"\ntype = "trait"\nact = 1\nsource = "original"\n'
        f"{extra}\n[[cards.paths]]\n{path}\n"
    )


def challenge(cid: str = "hill", extra: str = "", top: str = "", bottom: str = "") -> str:
    return (
        f'\n[[cards]]\nid = "{cid}"\nname = "Hill {cid}"\ntype = "challenge"\nact = 1\nsource = "original"\n'
        f'difficulty = 3\nabilities = ["strength"]\n{extra}\n'
        f'[[cards.paths]]\nicons = ["strength"]\ntriumph = 1\n{top}\n'
        f'[[cards.paths]]\nicons = ["dexterity"]\ntragedy = 1\n{bottom}\n'
    )


def hero(effects: str) -> str:
    return (
        '\n[[cards]]\nid = "trick"\nname = "Trick"\ntype = "antihero"\nsource = "original"\n'
        f'[cards.play]\ntiming = "main"\ntarget = "any_hero"\neffects = [{effects}]\n'
    )


def write(tmp_path: Path, body: str, name: str = "cards.toml", header: str = HEADER) -> Path:
    path = tmp_path / name
    path.write_text(header + body, encoding="utf-8")
    return path


def error_of(path: Path) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        load_card_file(path, "test")
    err = info.value
    assert err.file == str(path) and str(path) in str(err)
    assert all(p.file == str(path) for p in err.problems)
    return err


def fields(err: CardDataError) -> set[str | None]:
    return {p.field for p in err.problems}


# ----------------------------------------------------------------------------- no coercion


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        (challenge(top='plus_one = "false"'), "paths[0].plus_one", "true or false"),
        (trait(extra="tags = 3"), "tags", "expected a list"),
        (trait().replace('name = "Brave brave"', "name = {a = 1}"), "name", "expected a string"),
        (challenge().replace("difficulty = 3", 'difficulty = "3"'), "difficulty", "whole number"),
        (challenge().replace("difficulty = 3", "difficulty = 3.9"), "difficulty", "whole number"),
        (challenge().replace("difficulty = 3", "difficulty = true"), "difficulty", "whole number"),
        (challenge().replace("act = 1", "act = 1979-05-27"), "act", "whole number"),
        (trait(extra='first_game_remove = "yes"'), "first_game_remove", "true or false"),
        (trait(extra='abilities = "strength"'), "abilities", "expected a list"),
        (trait(path='icons = ["strength"]\nxp = "1"'), "paths[0].xp", "whole number"),
    ],
)
def test_values_are_never_coerced(tmp_path: Path, body: str, field: str, words: str) -> None:
    err = error_of(write(tmp_path, body))
    assert field in fields(err), err
    assert any(words in p.problem for p in err.problems if p.field == field), err


def test_a_sacrifice_of_no_is_not_true(tmp_path: Path) -> None:
    body = (
        '\n[[cards]]\nid = "pal"\nname = "Pal"\ntype = "ally"\nact = 1\nsource = "original"\n'
        '[[cards.paths]]\nicons = ["strength"]\ntriumph = 1\n'
        '[[cards.powers]]\ntrigger = "activated"\nsacrifice = "no"\n'
        'effects = [{ kind = "gain_xp", amount = 1 }]\n'
    )
    err = error_of(write(tmp_path, body))
    assert fields(err) == {"powers[0].sacrifice"}


# ----------------------------------------------------------------------------- ranges


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (trait(extra="cost_xp = -1"), "cost_xp"),
        (hero('{ kind = "draw", deck = "hero", count = -2 }'), "play.effects[0].count"),
        (hero('{ kind = "gain_xp", amount = -5 }'), "play.effects[0].amount"),
        (trait(path='icons = ["strength"]\nxp = -3'), "paths[0].xp"),
        (challenge(top="triumph = 9223372036854775807").replace("triumph = 1\n", "", 1), "paths[0].triumph"),
        (
            challenge(bottom="tragedy = -9223372036854775808").replace("tragedy = 1\n", "", 1),
            "paths[1].tragedy",
        ),
        (challenge().replace("difficulty = 3", "difficulty = 100000000000000000000000"), "difficulty"),
        (challenge().replace("act = 1", "act = 4"), "act"),
        (trait(extra="copies = 0"), "copies"),
        (trait(extra="copies = 21"), "copies"),
        (hero('{ kind = "corruption", amount = 9 }'), "play.effects[0].amount"),
        (hero('{ kind = "bonus", amount = 1, when = { acts = [0] } }'), "play.effects[0].when.acts[0]"),
        (trait(extra="requires = { icons = { strength = 0 } }"), "requires.icons.strength"),
    ],
)
def test_every_number_has_a_range(tmp_path: Path, body: str, field: str) -> None:
    err = error_of(write(tmp_path, body))
    assert field in fields(err), err
    assert any("out of range" in p.problem and "at least" in p.problem for p in err.problems), err


def test_a_huge_number_is_not_printed_whole(tmp_path: Path) -> None:
    body = challenge().replace("difficulty = 3", "difficulty = " + "9" * 4000)
    err = error_of(write(tmp_path, body))
    assert "4000-digit number" in str(err) and len(str(err)) < 1000


def test_every_number_of_every_file_format_has_a_documented_range() -> None:
    import typing

    rules = {**CARD_RULES, **SET_RULES, **RUNE_RULES, **TRACK_RULES}
    classes = {cls for cls, _ in rules}
    unbounded = []
    for cls in classes:
        hints = typing.get_type_hints(cls)
        for a in attrs.fields(cls):
            text = str(hints[a.name])
            if "int" in text.replace("Point", "") and not isinstance(rules.get((cls, a.name)), Bounds):
                unbounded.append(f"{cls.__name__}.{a.name}")
    assert unbounded == []


# ----------------------------------------------------------------------------- ids


@pytest.mark.parametrize(
    "bad", ["with space", "a/b", "../escape", "/abs", "café", "Upper", "", "x" * 65, "a#2"]
)
def test_card_ids_have_the_id_syntax(tmp_path: Path, bad: str) -> None:
    err = error_of(write(tmp_path, trait(cid=bad)))
    assert "id" in fields(err)


def _set_folder(tmp_path: Path, meta: str, *cards: tuple[str, str]) -> Path:
    folder = tmp_path / "box"
    folder.mkdir(exist_ok=True)
    (folder / "set.toml").write_text('format = "calladventure.set/1"\n[set]\n' + meta, encoding="utf-8")
    for name, body in cards:
        (folder / name).write_text(HEADER + body, encoding="utf-8")
    return folder


@pytest.mark.parametrize("bad", ["my/box", "../box", "My Box", "bóx"])
def test_set_ids_have_the_id_syntax(tmp_path: Path, bad: str) -> None:
    folder = _set_folder(tmp_path, f'id = "{bad}"\nname = "Mine"\n', ("a.toml", trait()))
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    assert (info.value.file, info.value.field) == (str(folder / "set.toml"), "set.id")


def test_copies_collide_with_an_id_of_another_file_of_the_set(tmp_path: Path) -> None:
    folder = _set_folder(
        tmp_path,
        'id = "box"\nname = "Mine"\n',
        ("a.toml", trait(extra="copies = 3")),
        ("b.toml", trait()),
    )
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    err = info.value
    assert (err.file, err.card, err.field) == (str(folder / "b.toml"), "brave", "id")
    assert "box/brave" in err.problem and "a.toml" in err.problem


def test_one_file_refuses_an_entry_named_like_a_copy(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, trait(extra="copies = 2") + trait(cid="brave#2")))
    assert [p.card for p in err.problems] == ["brave#2"]


# ----------------------------------------------------------------------------- every problem at once


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    body = (
        challenge("one").replace("difficulty = 3", 'difficulty = "3"')
        + trait("two", extra="cost_xp = -1")
        + trait("three", path='icons = ["strenght"]')
        + trait("four", extra="colour = 'red'")
    )
    err = error_of(write(tmp_path, body))
    found = [(p.card, p.field) for p in err.problems]
    assert found == [
        ("one", "difficulty"),
        ("two", "cost_xp"),
        ("three", "paths[0].icons[0]"),
        ("four", "colour"),
    ]
    assert str(err).count("\n") == 4 and "4 problems" in str(err)


def test_every_problem_of_a_set_is_reported_with_its_file(tmp_path: Path) -> None:
    folder = _set_folder(
        tmp_path,
        'id = "box"\nname = "Mine"\nrunes = "nope"\n',
        ("a.toml", trait(extra="cost_xp = true")),
        ("b.toml", challenge(extra="copies = 99")),
    )
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    err = info.value
    assert [(Path(p.file).name, p.field) for p in err.problems] == [
        ("set.toml", "set.runes"),
        ("a.toml", "cost_xp"),
        ("b.toml", "copies"),
    ]
    assert err.files == tuple(str(folder / n) for n in ("set.toml", "a.toml", "b.toml"))
    assert "3 problems in 3 files" in str(err)


def test_the_message_lists_a_capped_number_of_problems_and_counts_the_rest(tmp_path: Path) -> None:
    body = "".join(trait(f"c{i}", extra="cost_xp = -1") for i in range(L.MAX_PROBLEMS + 30))
    err = error_of(write(tmp_path, body))
    assert len(err.problems) == L.MAX_PROBLEMS and err.omitted == 30
    shown = [line for line in str(err).splitlines() if line.startswith("  card")]
    assert len(shown) == MAX_PROBLEMS_SHOWN
    assert f"(+{L.MAX_PROBLEMS + 30 - MAX_PROBLEMS_SHOWN} more)" in str(err)


def test_a_card_data_error_is_a_typed_value_error() -> None:
    err = CardDataError("f.toml", "c", "x", "bad")
    assert isinstance(err, CallAdventureError) and isinstance(err, ValueError)
    assert str(err) == "f.toml, card 'c', field 'x': bad" and len(err.problems) == 1


# ----------------------------------------------------------------------------- hooks


def test_an_unknown_hook_parameter_is_refused_at_load(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, hero('{ kind = "hook", name = "steal_xp", params = { bogus = 1 } }')))
    assert fields(err) == {"play.effects[0].params.bogus"}
    assert "takes no parameter 'bogus'" in err.problem and "amount" in err.problem


@pytest.mark.parametrize(
    ("params", "words"),
    [
        ("{ amount = -3 }", "out of range"),
        ("{ amount = 11 }", "out of range"),
        ('{ amount = "2" }', "whole number"),
    ],
)
def test_steal_xp_parameters_are_checked_at_load(tmp_path: Path, params: str, words: str) -> None:
    err = error_of(write(tmp_path, hero(f'{{ kind = "hook", name = "steal_xp", params = {params} }}')))
    assert fields(err) == {"play.effects[0].params.amount"} and words in err.problem


def test_an_unknown_hook_names_the_registered_ones(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, hero('{ kind = "hook", name = "teleport" }')))
    assert fields(err) == {"play.effects[0]"} and "steal_xp" in err.problem


def test_steal_xp_refuses_a_negative_amount_when_called() -> None:
    from calladventure import Game

    game = Game.new(players=2, seed=1)
    state = game.state
    with pytest.raises(HookError, match="out of range"):
        HOOKS["steal_xp"](ctx=None, state=state, source="x", owner=0, target=1, log=None, amount=-2)
    assert [p.xp for p in state.players] == [p.xp for p in game.state.players]


def test_user_hooks_declare_their_parameters(tmp_path: Path) -> None:
    @hook("test_strict_gain", params={"amount": int_param(1, 3), "deck": str_param("hero", "antihero")})
    def gain(
        *,
        ctx: object,
        state: object,
        source: str,
        owner: int,
        target: int,
        log: object,
        amount: int,
        deck: str = "hero",
    ) -> object:
        return state

    @hook("test_inferred")
    def inferred(
        *, ctx: object, state: object, source: str, owner: int, target: int, log: object, count: int = 1
    ) -> object:
        return state

    try:
        spec = HOOK_SPECS["test_strict_gain"]
        assert spec.problems({"amount": 2}) == []
        assert [k for k, _ in spec.problems({})] == ["amount"]
        assert [k for k, _ in spec.problems({"amount": 4, "deck": "other"})] == ["amount", "deck"]
        assert HOOK_SPECS["test_inferred"].problems({"count": 2}) == []
        assert [k for k, _ in HOOK_SPECS["test_inferred"].problems({"count": "2", "x": 1})] == ["count", "x"]
        err = error_of(
            write(
                tmp_path,
                hero('{ kind = "hook", name = "test_strict_gain", params = { amount = 1, deck = "x" } }'),
            )
        )
        assert fields(err) == {"play.effects[0].params.deck"}
    finally:
        for name in ("test_strict_gain", "test_inferred"):
            HOOKS.pop(name, None)
            HOOK_SPECS.pop(name, None)


def test_a_hook_declaring_a_parameter_its_function_lacks_is_refused() -> None:
    with pytest.raises(HookError, match="does not take"):

        @hook("test_broken", params={"amount": int_param(1, 2)})
        def broken(
            *, ctx: object, state: object, source: str, owner: int, target: int, log: object
        ) -> object:
            return state

    assert "test_broken" not in HOOKS


# ----------------------------------------------------------------------------- encodings and reading


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + (CORE / "act1.toml").read_bytes())
    assert len(load_card_file(path, "core")) == len(load_card_file(CORE / "act1.toml", "core"))


def test_invalid_utf8_is_reported_with_the_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(HEADER.encode() + trait().encode().replace(b"Brave", b"Br\xe9ve"))
    err = error_of(path)
    assert err.problem.startswith("not UTF-8 text: byte 0xe9 at line 5, column 11")


@pytest.mark.parametrize(
    "nest", ["x = " + "[" * 3000 + "]" * 3000, "x = " + "{a = " * 3000 + "1" + "}" * 3000]
)
def test_deep_nesting_is_a_clear_error_not_a_recursion_error(tmp_path: Path, nest: str) -> None:
    err = error_of(write(tmp_path, nest))
    assert f"more than {L.MAX_NESTING} deep" in err.problem


def test_deep_dotted_keys_are_a_clear_error(tmp_path: Path) -> None:
    err = error_of(write(tmp_path, "a." * 200 + "b = 1\n"))
    assert "MAX_NESTING" in err.problem


def test_brackets_inside_strings_and_comments_do_not_count_as_nesting(tmp_path: Path) -> None:
    noisy = trait(extra='text = """' + "[" * 100 + '"""  # ' + "{" * 100)
    assert len(load_card_file(write(tmp_path, noisy), "t")) == 1


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = write(tmp_path, trait() + "#" * L.MAX_FILE_BYTES)
    assert "MAX_FILE_BYTES" in error_of(path).problem


def test_a_device_or_folder_is_not_read(tmp_path: Path) -> None:
    for target in (Path("/dev/zero"), tmp_path):
        with pytest.raises(CardDataError, match="not a regular file"):
            read_toml(target)


# ----------------------------------------------------------------------------- bounded work


def test_a_hundred_million_copies_are_refused_at_once(tmp_path: Path) -> None:
    start = time.perf_counter()
    err = error_of(write(tmp_path, trait(extra="copies = 100000000")))
    assert time.perf_counter() - start < 1 and fields(err) == {"copies"}


def test_too_many_cards_in_one_file(tmp_path: Path) -> None:
    body = "".join(trait(f"c{i}") for i in range(L.MAX_CARDS_PER_FILE + 1))
    assert "MAX_CARDS_PER_FILE" in error_of(write(tmp_path, body)).problem


def test_too_many_cards_in_one_set(tmp_path: Path) -> None:
    per_file = "".join(
        trait(f"c{i}", extra=f"copies = {L.MAX_COPIES}")
        for i in range(L.MAX_CARDS_PER_SET // L.MAX_COPIES + 1)
    )
    folder = _set_folder(tmp_path, 'id = "box"\nname = "Mine"\n', ("a.toml", per_file))
    with pytest.raises(CardDataError, match="MAX_CARDS_PER_SET"):
        load_card_set(folder)


def test_too_many_files_in_one_set(tmp_path: Path) -> None:
    folder = _set_folder(
        tmp_path, 'id = "box"\nname = "Mine"\n', *((f"f{i}.toml", "") for i in range(L.MAX_FILES_PER_SET + 1))
    )
    with pytest.raises(CardDataError, match="MAX_FILES_PER_SET"):
        load_card_set(folder)


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (trait(extra="tags = [" + ", ".join(['"t"'] * (L.MAX_ARRAY_LENGTH + 1)) + "]"), "MAX_ARRAY_LENGTH"),
        (trait(cid="x" * (L.MAX_ID_LENGTH + 1)), f"at most {L.MAX_ID_LENGTH}"),
        (
            trait().replace('name = "Brave brave"', f'name = "{"n" * (L.MAX_STRING_LENGTH + 1)}"'),
            f"at most {L.MAX_STRING_LENGTH}",
        ),
        (trait(extra=f'text = "{"t" * (L.MAX_TEXT_LENGTH + 1)}"'), f"at most {L.MAX_TEXT_LENGTH}"),
    ],
)
def test_array_and_string_lengths_are_bounded(tmp_path: Path, body: str, words: str) -> None:
    assert any(words in p.problem for p in error_of(write(tmp_path, body)).problems)


def test_the_limits_are_documented_in_the_card_page() -> None:
    page = (ROOT / "docs" / "cards.md").read_text(encoding="utf-8")
    for name, value, _what in L.LIMITS:
        assert f"| `{name}` | {value:,}" in page, name
    assert "`MAX_PROBLEMS_SHOWN`" in page and str(MAX_PROBLEMS_SHOWN) in page


# ----------------------------------------------------------------------------- paths from data


@pytest.mark.parametrize("bad", ["/etc/passwd", "../runes/core", "core/../core", "runes/core", "C:\\x"])
def test_set_runes_and_track_are_ids_never_paths(tmp_path: Path, bad: str) -> None:
    for field in ("runes", "track"):
        folder = _set_folder(
            tmp_path,
            f'id = "box"\nname = "Mine"\n{field} = {bad!r}\n'.replace("'", '"').replace("\\", "\\\\"),
            ("a.toml", trait()),
        )
        with pytest.raises(CardDataError) as info:
            load_card_set(folder)
        assert (info.value.file, info.value.field) == (str(folder / "set.toml"), f"set.{field}")


def test_unknown_runes_and_track_ids_are_refused_naming_the_known_ones(tmp_path: Path) -> None:
    folder = _set_folder(
        tmp_path, 'id = "box"\nname = "Mine"\nrunes = "nope"\ntrack = "none"\n', ("a.toml", trait())
    )
    with pytest.raises(CardDataError) as info:
        load_card_set(folder)
    problems = {p.field: p.problem for p in info.value.problems}
    assert "known: core, stormlight" in problems["set.runes"] and "known: core" in problems["set.track"]


def test_runes_and_tracks_come_from_folders_the_caller_passes(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    runes = (data_root() / "runes" / "core.toml").read_text(encoding="utf-8")
    (mine / "house.toml").write_text(runes.replace('id = "core"', 'id = "house"', 1), encoding="utf-8")
    folder = _set_folder(tmp_path, 'id = "box"\nname = "Mine"\nrunes = "house"\n', ("a.toml", trait()))
    with pytest.raises(CardDataError):
        load_card_set(folder)  # not bundled, and no folder given
    assert load_card_set(folder, sources=DataSources(rune_dirs=[mine])).runes == "house"
    (mine / "core.toml").write_text("not even toml", encoding="utf-8")
    assert DataSources(rune_dirs=[mine]).rune_file("core") == data_root() / "runes" / "core.toml"


def test_card_sets_are_found_by_id_in_given_folders_after_the_bundled_ones(tmp_path: Path) -> None:
    folder = _set_folder(tmp_path, 'id = "box"\nname = "Mine"\n', ("a.toml", trait()))
    sources = DataSources(set_dirs=[tmp_path])
    assert sources.set_folder("box") == folder and "box" in sources.known("set")
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "set.toml").write_text("broken", encoding="utf-8")
    assert sources.set_folder("core") == data_root() / "core"
    with pytest.raises(CardDataError, match="is a path"):
        sources.set_folder("../box")


def test_a_file_found_by_id_must_carry_that_id(tmp_path: Path) -> None:
    runes = (data_root() / "runes" / "core.toml").read_text(encoding="utf-8")
    (tmp_path / "other.toml").write_text(runes, encoding="utf-8")
    from calladventure.data import load_runes_by_id

    with pytest.raises(CardDataError, match="says id = 'core'"):
        load_runes_by_id("other", DataSources(rune_dirs=[tmp_path]))


@pytest.mark.parametrize("bad", ["../cards/core", "/etc", "core/..", "nope", ""])
def test_bundled_lookups_take_ids_only(bad: str) -> None:
    for lookup in (bundled_set, bundled_runes, bundled_track):
        with pytest.raises(CardDataError):
            lookup(bad)


# ----------------------------------------------------------------------------- runes and tracks


def test_rune_files_are_strict_and_report_every_problem(tmp_path: Path) -> None:
    text = (data_root() / "runes" / "core.toml").read_text(encoding="utf-8")
    text = text.replace("successes = 2", 'successes = "2"', 1).replace('id = "core-2"', 'id = "core-1"', 1)
    text += '\n[[ability.nature]]\nid = "n1"\nfaces = [{ name = "a" }, { name = "b" }]\n'
    path = tmp_path / "runes.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_rune_set(path)
    assert any("successes" in (p.field or "") and "whole number" in p.problem for p in info.value.problems)
    path.write_text(
        text.replace('successes = "2"', "successes = 2").replace("[[ability.nature]]", "[[ability.wisdom]]"),
        encoding="utf-8",
    )
    with pytest.raises(CardDataError) as info:
        load_rune_set(path)
    assert any(p.field == "ability.wisdom" for p in info.value.problems)


def test_track_files_are_bounded(tmp_path: Path) -> None:
    text = (data_root() / "tracks" / "core.toml").read_text(encoding="utf-8")
    path = tmp_path / "track.toml"
    path.write_text(text.replace("start = 2", "start = -1"), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_track(path)
    assert info.value.field == "start"
    path.write_text(text.replace("start = 2", "start = 2.0"), encoding="utf-8")
    with pytest.raises(CardDataError, match="whole number"):
        load_track(path)


def test_a_track_has_at_most_max_track_levels(tmp_path: Path) -> None:
    from calladventure.data._runes import MAX_TRACK_LEVELS

    doc = read_toml(data_root() / "tracks" / "core.toml")
    level = "[[levels]]\nhero = true\nantihero = true\n"
    text = f'format = "{doc["format"]}"\nid = "long"\nstart = 2\n' + level * (MAX_TRACK_LEVELS + 1)
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_track(path)
    assert info.value.field == "levels" and f"2 to {MAX_TRACK_LEVELS} levels" in info.value.problem
    path.write_text(text.replace(level * (MAX_TRACK_LEVELS + 1), level * MAX_TRACK_LEVELS), encoding="utf-8")
    assert len(load_track(path).levels) == MAX_TRACK_LEVELS


def test_every_bundled_file_still_loads() -> None:
    for set_id in ("core", "notw", "stormlight"):
        assert bundled_set(set_id).cards
    for runes in ("core", "stormlight"):
        assert len(list(bundled_runes(runes).all_runes())) == 22
    assert bundled_track("core").levels


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_card_name_is_refused_with_file_field_and_value(tmp_path: Path, name: str) -> None:
    err = error_of(write(tmp_path, trait().replace('name = "Brave brave"', f'name = "{name}"')))
    assert [(p.file, p.card, p.field) for p in err.problems] == [
        (str(tmp_path / "cards.toml"), "brave", "name")
    ]
    assert f"a card needs a name, not {name!r}" in str(err)


@pytest.mark.parametrize("name", ["set_only.toml", "set.toml"])
def test_a_card_set_given_as_a_file_is_refused_naming_that_file(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_text('format = "calladventure.set/1"\n[set]\nid = "a"\nname = "A"\n', encoding="utf-8")
    with pytest.raises(
        CardDataError, match=r"a card set is a folder holding a set\.toml, not a file"
    ) as info:
        load_card_set(path)
    assert [p.file for p in info.value.problems] == [str(path)]
