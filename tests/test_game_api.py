"""The fluent ``Game`` API: creation, legal actions and notation, undo, copies, events, saves, odds, scores."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from invariants import card_locations

from calladventure import rules
from calladventure.data._saves import dump_state, load_state
from calladventure.game import Game
from calladventure.game._library import get_set, register_set
from calladventure.values._actions import (
    Action,
    AttemptChallenge,
    CastRunes,
    EndTurn,
    GainTrait,
    Journey,
    Keep,
    Pass,
)
from calladventure.values._cards import CardType
from calladventure.values._errors import SaveFormatError
from calladventure.values._illegal import AmbiguousActionError, IllegalActionError
from calladventure.values._sections import SECTIONS
from calladventure.values._state import Attempt, GameState, Phase, Window


def to_play(game: Game) -> Game:
    """Make the setup choices (first option each time) until the first hero's first free decision."""
    while game.state.phase is Phase.SETUP or game.state.pending:
        game.push(game.legal_actions[0])
    return game


def first_turn_with(*kinds: type) -> Game:
    """The first hero's first turn in the first seeded 2-player game where actions of these kinds are legal."""
    for seed in range(100):
        game = to_play(Game.new(players=2, seed=seed))
        if all(of_type(game, kind) for kind in kinds):
            return game
    raise AssertionError(f"no seed gives a first turn with {kinds}")


def random_game(players: int, seed: int, steps: int | None = None) -> Game:
    """A game played by a seeded uniform chooser, to the end or for ``steps`` actions."""
    game = Game.new(players=players, seed=seed)
    rnd = random.Random(seed)
    while not game.over and (steps is None or len(game.history) < steps):
        game.push(rnd.choice(list(game.legal_actions)))
    return game


def of_type(game: Game, kind: type) -> list[Action]:
    return [a for a in game.legal_actions if isinstance(a, kind)]


# ----------------------------------------------------------------------------- creation


def test_new_game_is_seeded_and_starts_with_the_character_choices() -> None:
    game = Game.new(players=3, seed=42)
    assert game.config.players == 3 and game.config.seed == 42 and game.config.sets == ("core",)
    assert game.to_move == 0 and not game.over and not game.is_chance
    assert game.history == ()
    legal = list(game.legal_actions)
    assert legal and all(isinstance(a, Keep) for a in legal)
    assert {a.card for a in legal} <= set(game.state.players[0].dealt)  # type: ignore[attr-defined]
    assert Game.new(players=3, seed=42).state == game.state
    assert Game.new(players=3, seed=43).state != game.state


@pytest.mark.parametrize("players", [0, 5])
def test_new_game_refuses_a_player_count_outside_one_to_four(players: int) -> None:
    with pytest.raises(IllegalActionError, match="1 to 4"):
        Game.new(players=players)


# ----------------------------------------------------------------------------- legal actions and notation


def test_legal_actions_print_in_notation_with_card_names_and_answer_in() -> None:
    game = Game.new(players=2, seed=3)
    legal = game.legal_actions
    first = legal[0]
    assert isinstance(first, Keep)
    name = game.card(first.card).name
    assert repr(legal).startswith(f"<LegalActions ({len(legal)}): ")
    assert f"keep {name}" in repr(legal)
    assert first in legal
    assert str(first) in legal  # ids
    assert f"keep {name}" in legal  # names
    assert f"  KEEP   {name.upper()} " in legal  # case and spacing do not matter
    assert "keep Nobody At All" not in legal
    assert "fly to the moon" not in legal
    assert Keep("core/no-such-card") not in legal
    assert str(EndTurn()) not in legal  # a real action, but not legal during setup


def test_push_accepts_notation_and_is_fluent() -> None:
    game = Game.new(players=1, seed=8)
    kept = []
    for _ in range(3):
        action = game.legal_actions[-1]
        assert isinstance(action, Keep)
        kept.append(action.card)
        assert game.push(game.describe(action)) is game
    player = game.state.players[0]
    assert (player.origin, player.motivation, player.destiny) == tuple(kept)
    assert game.history == tuple(Keep(c) for c in kept)


def test_fluent_helpers_take_card_names() -> None:
    game = to_play(Game.new(players=2, seed=3))
    xp = game.state.players[0].xp
    journey = of_type(game, Journey)[0]
    assert isinstance(journey, Journey)
    game.journey(game.card(journey.card).name)
    assert game.history[-1] == journey
    assert game.state.players[0].xp == xp - 1

    def best_faces(action: AttemptChallenge) -> tuple[list[int], bool]:
        """The highest-scoring face of each rune, and whether they overcome the challenge."""
        hypothetical = _attempt_of(game, action)
        pool = rules.attempt_pool(game.ctx, game.state, hypothetical)
        math = rules.attempt_math(game.ctx, game.state, hypothetical)
        best = [max(range(len(r.faces)), key=lambda f, r=r: r.faces[f].successes) for r in pool]
        total = sum(r.faces[f].successes for r, f in zip(pool, best, strict=True)) + math.bonus
        return best, total >= math.difficulty

    attempts = [a for a in of_type(game, AttemptChallenge) if isinstance(a, AttemptChallenge)]
    attempt = next(a for a in attempts if best_faces(a)[1])
    best, _ = best_faces(attempt)
    pool = rules.attempt_pool(game.ctx, game.state, _attempt_of(game, attempt))
    # Forced faces by name: the best face of every rune overcomes the challenge.
    names = [r.faces[f].name for r, f in zip(pool, best, strict=True)]
    game.attempt(game.card(attempt.card).name, attempt.side.value, attempt.dark, faces=names)
    while game.state.attempt is not None:
        game.push(Pass() if Pass() in game.legal_actions else game.legal_actions[0])
    assert attempt.card in [t.card for t in game.state.players[0].story_cards()]
    assert CastRunes(tuple(best)) in game.history
    game.end_turn()
    assert game.state.turn.seat == 1


def test_parse_names_the_reason_for_an_illegal_action_and_what_is_legal() -> None:
    game = Game.new(players=2, seed=3)
    with pytest.raises(IllegalActionError) as info:
        game.parse("end")
    assert "Character card" in info.value.reason
    assert info.value.legal and all(text.startswith("keep ") for text in info.value.legal)
    assert "Legal now: keep" in str(info.value)
    with pytest.raises(IllegalActionError, match="not a known action"):
        game.parse("fly to the moon")
    with pytest.raises(IllegalActionError, match="empty action"):
        game.parse("   ")
    game = first_turn_with(GainTrait, AttemptChallenge)
    trait = next(a for a in of_type(game, GainTrait))
    challenge = next(a for a in of_type(game, AttemptChallenge))
    assert isinstance(trait, GainTrait) and isinstance(challenge, AttemptChallenge)
    with pytest.raises(IllegalActionError, match="not a trait"):
        game.parse(f"gain {challenge.card}")
    with pytest.raises(IllegalActionError, match="only challenges are attempted"):
        game.parse(f"attempt {game.card(trait.card).name} top")
    with pytest.raises(IllegalActionError, match="at most"):
        game.parse(f"attempt {challenge.card} top dark=4")
    game.push(of_type(game, Journey)[0])
    other = of_type(game, GainTrait) + of_type(game, AttemptChallenge)
    card = other[0].card  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="journey at most once a turn"):
        game.parse(f"journey {card}")


def test_parse_reports_an_ambiguous_name() -> None:
    core = get_set("core")
    twins = tuple(attrs.evolve(c, name="Twin") if c.type is CardType.ORIGIN else c for c in core.cards)
    register_set(attrs.evolve(core, id="api-test-twins", cards=twins))
    game = Game.new(players=1, seed=1, sets=("api-test-twins",))
    origins = [a for a in game.legal_actions if isinstance(a, Keep)]
    assert len(origins) == 2 and all(game.card(a.card).name == "Twin" for a in origins)
    with pytest.raises(AmbiguousActionError) as info:
        game.parse("keep Twin")
    assert len(info.value.legal) == 2
    assert game.parse(str(origins[1])) == origins[1]  # the id still names one card


def test_an_unknown_card_is_an_illegal_action_not_a_crash() -> None:
    game = to_play(Game.new(players=2, seed=3))
    before = game.state
    for action in (AttemptChallenge("core/no-such-card"), GainTrait("core/no-such-card"), Journey("nowhere")):
        with pytest.raises(IllegalActionError, match="no card"):
            game.push(action)
    assert game.state is before
    assert "attempt No Such Card top" not in game.legal_actions


# ----------------------------------------------------------------------------- undo, timeline, copies


def test_pop_undo_undo_to_and_state_at_walk_the_timeline() -> None:
    game = random_game(3, 5, steps=40)
    states = [game.state_at(i) for i in range(41)]
    assert states[-1] is game.state
    history = game.history
    assert game.pop() == history[-1]
    assert game.state == states[39] and game.history == history[:-1]
    game.undo(4)
    assert game.state == states[35] and len(game.history) == 35
    game.undo_to(10)
    assert game.state == states[10] and game.history == history[:10]
    for action in history[10:]:
        game.push(action)
    assert game.state == states[40]  # the recorded history (casts with their faces) redoes the same game
    game.undo_to(0)
    assert game.state == Game.new(players=3, seed=5).state and game.history == ()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.pop()
    with pytest.raises(IllegalActionError):
        game.undo(1)
    with pytest.raises(IllegalActionError):
        game.undo_to(1)


def test_copy_is_independent_of_the_original() -> None:
    game = random_game(2, 9, steps=30)
    state, history = game.state, game.history
    other = game.copy()
    assert other.state == state and other.history == history
    other.push(other.legal_actions[0])
    other.push(other.legal_actions[-1])
    assert game.state is state and game.history == history
    game.undo(5)
    assert other.history[:30] == history and len(other.history) == 32
    assert other.state_at(30) == state


def test_history_records_casts_with_their_faces() -> None:
    game = random_game(2, 4, steps=120)
    casts = [a for a in game.history if isinstance(a, CastRunes)]
    assert casts, "no attempt in 120 steps"
    assert all(a.faces is not None and set(a.faces) <= {0, 1} for a in casts)
    assert all(str(a).startswith("cast ") for a in casts)


# ----------------------------------------------------------------------------- events


def test_every_event_cites_a_rule_section_that_exists() -> None:
    game = random_game(4, 2)
    assert game.over and game.events
    unknown = {e.section for e in game.events} - set(SECTIONS)
    assert not unknown
    assert all(e.citation.startswith(e.section.split("/")[0] + " · ") for e in game.events)


def test_last_events_are_those_of_the_last_action() -> None:
    game = to_play(Game.new(players=2, seed=3))
    before = len(game.events)
    game.push(of_type(game, Journey)[0])
    assert "000/journey" in [e.section for e in game.last_events]
    assert game.events[before:] == game.last_events
    game.push(EndTurn())
    sections = [e.section for e in game.last_events]
    assert "000/ending-your-turn" in sections and "000/each-turn" in sections
    game.pop()
    assert "000/journey" in [e.section for e in game.last_events]


# ----------------------------------------------------------------------------- saves


def test_save_and_load_a_file_round_trip(tmp_path: Path) -> None:
    game = random_game(3, 21, steps=150)
    path = tmp_path / "game.json"
    text = game.save(path)
    assert path.read_text(encoding="utf-8") == text
    for loaded in (Game.load(path), Game.load(str(path)), Game.loads(text)):
        assert loaded.state == game.state and loaded.history == game.history
    loaded.push(loaded.legal_actions[0])  # a loaded game goes on
    finished = random_game(2, 21)
    assert Game.loads(finished.save()).outcome() == finished.outcome()


def _doc(game: Game) -> dict[str, object]:
    doc = json.loads(game.save())
    assert isinstance(doc, dict)
    return doc


def test_load_rejects_broken_or_foreign_or_tampered_saves(tmp_path: Path) -> None:
    game = random_game(2, 13, steps=60)
    text = game.save()
    with pytest.raises(SaveFormatError, match="not valid JSON"):
        Game.loads(text[:-10])
    doc = _doc(game)
    doc["format"] = "calladventure.save/999"
    with pytest.raises(SaveFormatError, match="not a calladventure save"):
        Game.loads(json.dumps(doc))
    with pytest.raises(SaveFormatError, match="not a calladventure save"):
        Game.loads(json.dumps({"actions": []}))
    doc = _doc(game)
    actions = doc["actions"]
    assert isinstance(actions, list)
    actions[20] = "attempt core/no-such-card top"
    with pytest.raises(SaveFormatError, match="action 21"):
        Game.loads(json.dumps(doc))
    doc = _doc(game)
    doc["digest"] = "0" * 24
    with pytest.raises(SaveFormatError, match="digest"):
        Game.loads(json.dumps(doc))
    doc = _doc(game)
    doc["actions"] = doc["actions"][:-1]  # type: ignore[index]
    with pytest.raises(SaveFormatError, match="digest"):  # a shortened game is another position
        Game.loads(json.dumps(doc))
    with pytest.raises(SaveFormatError, match="cannot read"):
        Game.load(tmp_path / "missing.json")


# ----------------------------------------------------------------------------- odds


def _attempt_of(game: Game, action: AttemptChallenge) -> Attempt:
    where = rules.find_on_table(game.state, action.card)
    assert where is not None and game.to_move is not None
    return Attempt(game.to_move, action.card, where[0], where[1], action.side, dark_bought=action.dark)


def _brute_force(game: Game, action: AttemptChallenge) -> tuple[Fraction, int]:
    """Push the attempt on a copy, then every face combination of its pool; count the tucks."""
    seat = game.to_move
    assert seat is not None
    base = game.copy().push(action)
    while not base.is_chance:
        base.push(Pass())
    assert base.state.attempt is not None
    size = len(rules.attempt_pool(base.ctx, base.state, base.state.attempt))
    wins = 0
    for faces in itertools.product((0, 1), repeat=size):
        trial = base.copy().push(CastRunes(faces))
        while trial.state.attempt is not None:  # pass every window; take any draw
            trial.push(Pass() if Pass() in trial.legal_actions else trial.legal_actions[0])
        wins += action.card in [t.card for t in trial.state.players[seat].story_cards()]
    return Fraction(wins, 2**size), size


def test_odds_of_a_hypothetical_attempt_match_a_brute_force_over_forced_casts() -> None:
    picker = random.Random(99)
    checked: list[tuple[AttemptChallenge, int, bool]] = []  # (attempt, runes, modified difficulty or bonus)
    for seed in range(60):
        game = Game.new(players=2, seed=seed, record_events=False)
        rnd = random.Random(seed)
        while not game.over:
            state = game.state
            fresh = not state.pending and not state.turn.attempted and not state.turn.gained
            if fresh and state.phase is Phase.PLAY and state.turn.number % 3 == 0:
                options = []
                for action in of_type(game, AttemptChallenge):
                    assert isinstance(action, AttemptChallenge)
                    att = _attempt_of(game, action)
                    if len(rules.attempt_pool(game.ctx, state, att)) > 10:
                        continue
                    odds = game.odds(game.card(action.card).name, action.side.value, action.dark)
                    if 0 < odds.p_success < 1:
                        options.append((action, att, odds))
                if options:
                    action, att, odds = picker.choice(options)
                    expected, size = _brute_force(game, action)
                    assert odds.p_success == expected, (
                        f"seed {seed} {action}: {odds} vs brute force {expected}"
                    )
                    assert 0.0 <= float(odds) <= 1.0 and odds.runes == size
                    checked.append((action, size, len(rules.attempt_math(game.ctx, state, att).parts) > 1))
            game.push(rnd.choice(list(game.legal_actions)))
        covered = sum(a.dark > 0 for a, _n, _m in checked) >= 3 and sum(m for _a, _n, m in checked) >= 3
        if len(checked) >= 16 and covered:  # enough attempts, of every kind below
            break
    assert len(checked) >= 16
    assert sum(a.dark > 0 for a, _n, _m in checked) >= 3  # Dark runes bought
    assert sum(m for _a, _n, m in checked) >= 3  # an Ally, a "+1" path or a bonus
    assert max(n for _a, n, _m in checked) >= 7  # ability runes in the pool


def test_odds_of_the_attempt_under_way_and_without_one() -> None:
    game = to_play(Game.new(players=2, seed=3))
    with pytest.raises(IllegalActionError, match="no attempt"):
        game.odds()
    action = next(a for a in of_type(game, AttemptChallenge) if a.dark == 2)  # type: ignore[attr-defined]
    assert isinstance(action, AttemptChallenge)
    hypothetical = game.odds(action.card, action.side.value, 2)
    game.push(action)
    assert game.odds().p_success == hypothetical.p_success
    assert game.odds().runes == len(rules.attempt_pool(game.ctx, game.state, game.state.attempt))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- scores and outcome


def _check_scores(game: Game) -> None:
    for score, player in zip(game.score(), game.state.players, strict=True):
        # Triumph + Tragedy + the Destiny points that are neither (000 · Rules Overview; changed on purpose)
        total = score.triumph + score.tragedy + score.other
        assert score.total == sum(line.points for line in score.lines) == total
        assert all(line.section in SECTIONS for line in score.lines)
        lines = {line.label: line for line in score.lines}
        xp = lines["Unspent Experience"]
        assert (xp.triumph, xp.tragedy, xp.other) == (0, 0, player.xp)
        heroes = sum(game.card(c).type is CardType.HERO for c in player.played)
        assert lines["Hero cards played"].triumph == heroes


def test_score_lines_add_up_and_outcome_waits_for_the_end() -> None:
    game = Game.new(players=3, seed=17)
    rnd = random.Random(17)
    while not game.over:
        assert game.outcome() is None
        if len(game.history) % 25 == 0:
            _check_scores(game)
        game.push(rnd.choice(list(game.legal_actions)))
    _check_scores(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.scores == game.score()
    best = max(s.total for s in outcome.scores)
    assert outcome.winners == tuple(s.seat for s in outcome.scores if s.total == best)
    assert game.to_move is None and len(game.legal_actions) == 0
    assert "winners" in repr(outcome)


def test_card_locations_count_every_card_once_through_a_game() -> None:
    game = random_game(4, 31)
    for i in range(0, len(game.history) + 1, 10):
        counts = card_locations(game.state_at(i))
        assert set(counts) == set(game.ctx.db) and set(counts.values()) == {1}


def test_from_state_starts_a_game_at_a_position_that_saves_and_replays() -> None:
    source = random_game(2, 6, steps=50)
    game = Game.from_state(source.state)
    assert game.state == source.state and game.history == ()
    rnd = random.Random(6)
    for _ in range(30):
        game.push(rnd.choice(list(game.legal_actions)))
    assert Game.loads(game.save()).state == game.state
    assert game.replay().state == game.state
    assert isinstance(game.state_at(0), GameState) and game.state_at(0) == source.state


def test_a_position_with_effects_and_an_open_window_saves_and_loads() -> None:
    found = None
    for seed in range(40):
        game = Game.new(players=3, seed=seed, record_events=False)
        rnd = random.Random(seed)
        while not game.over and found is None:
            state = game.state
            if state.effects and any(isinstance(p, Window) for p in state.pending):
                found = state
            game.push(rnd.choice(list(game.legal_actions)))
        if found is not None:
            break
    assert found is not None, "no position with an effect in play during a timing window"
    assert load_state(json.loads(json.dumps(dump_state(found)))) == found
    game = Game.from_state(found)
    assert Game.loads(game.save()).state == found
    rnd = random.Random(1)
    for _ in range(10):
        if game.over:
            break
        game.push(rnd.choice(list(game.legal_actions)))
    assert Game.loads(game.save()).state == game.state


def test_the_legal_list_after_an_undo_and_another_action_is_the_new_states() -> None:
    """The cached legal list belongs to one state value, never to another one after an undo."""
    chooser = random.Random(4)
    game = Game.new(players=3, seed=4, record_events=False)
    checked = 0
    while not game.over and game.steps < 200:
        legal = game.legal_list()
        if len(legal) >= 2:
            game.push(legal[0]).legal_list()
            game.pop()
            game.push(legal[1])
            assert game.legal_list() == rules.legal_actions(game.ctx, game.state)
            game.pop()
            checked += 1
        game.push(chooser.choice(game.legal_list()))
    assert checked > 50
