"""The pictures: rich and HTML views of a game show the right facts and keep the secrets.

A game is shown as the seat to move sees it (000 · Deal the Cards: Destinies stay hidden
until 000 · Ending the Game); scores are itemised (000 · Ending the Game); casts show each
rune's face (000 · Reading the Runes).
"""

from __future__ import annotations

import io
import random
import re
from html import escape

import attrs
import pytest
from rich.console import Console

import calladventure.present as display
from calladventure import rules
from calladventure.expansions.naming import WIND
from calladventure.expansions.odium import odium_of
from calladventure.game import Game
from calladventure.game._library import register_set
from calladventure.values._actions import AttemptChallenge, CastRunes, EndTurn
from calladventure.values._cards import Card, CardSet, CardType, Path
from calladventure.values._icons import Icon
from calladventure.values._sections import cite
from calladventure.values._state import HeldAlly, Phase, Slot, Window, WindowKind

NAMES = ("Ada", "Bram", "Cyrus")


def rich_text(renderable: object) -> str:
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def name_span(name: str) -> str:
    """How the HTML writes a card's name: in a ``ca-name`` span, escaped."""
    return f'class="ca-name">{escape(name)}</span>'


def finish_setup(game: Game) -> Game:
    while game.state.phase is Phase.SETUP:
        game.push(game.legal_actions[0])
    return game


@attrs.frozen
class Played:
    """One random game played to the end, with the steps worth looking at."""

    game: Game
    window: int  # a timing window before the cast is open
    as_window: int  # the runes are cast, the as-attempt window is open
    resolved: int  # a cast has just resolved its attempt


def _play(seed: int) -> Played | None:
    game = Game.new(players=3, seed=seed, names=NAMES)
    rnd = random.Random(seed)
    while not game.over and len(game.history) < 3000:
        game.push(rnd.choice(list(game.legal_actions)))
    if not game.over:
        return None
    window = as_window = resolved = None
    for i in range(len(game.history) + 1):
        state = game.state_at(i)
        top = state.pending[-1] if state.pending else None
        if window is None and isinstance(top, Window) and top.kind is WindowKind.BEFORE:
            window = i
        if as_window is None and isinstance(top, Window) and top.kind is WindowKind.AS:
            as_window = i
        if resolved is None and i and isinstance(game.history[i - 1], CastRunes) and state.attempt is None:
            resolved = i
    if window is None or as_window is None or resolved is None:
        return None
    return Played(game, window, as_window, resolved)


@pytest.fixture(scope="module")
def played() -> Played:
    for seed in range(1, 40):
        found = _play(seed)
        if found is not None:
            return found
    raise AssertionError("no seed reached a before-attempt window, an as-attempt window and a resolved cast")


def at(played: Played, step: int) -> Game:
    return played.game.copy().undo_to(step)


# ---------------------------------------------------------------------------- the start


def test_start_shows_the_revealed_row_and_hides_face_down_rows() -> None:
    game = Game.new(players=3, seed=11, names=NAMES)
    page = display.game_html(game)
    text = rich_text(game)
    state = game.state
    shown = [game.ctx.db[s.card].name for s in state.row(1).slots if s is not None]
    assert shown
    for name in shown:
        assert name_span(name) in page
        assert name in text
    for act in (2, 3):
        row = state.row(act)
        assert not row.revealed
        for slot in row.slots:
            assert slot is not None
            name = game.ctx.db[slot.card].name
            if name not in shown:
                assert name_span(name) not in page
        assert f"face down: {len(row.slots)} cards" in page
        assert f"face down: {len(row.slots)} cards" in text


def test_start_names_the_seat_to_move_and_its_decision() -> None:
    game = Game.new(players=3, seed=11, names=NAMES)
    assert game.to_move == 0
    page = display.game_html(game)
    text = rich_text(game)
    for out in (page, text):
        assert "Ada (P1) to keep one of the dealt Origin cards" in out
        assert "to move Ada (P1)" in re.sub(r"<[^>]+>", "", out)
    # The seat to move sees its own dealt cards; the others' stay hidden.
    mine = [game.ctx.db[c].name for c in game.state.players[0].dealt]
    theirs = [game.ctx.db[c].name for c in game.state.players[1].dealt]
    assert all(escape(n) in page for n in mine)
    assert not any(escape(n) in page for n in theirs if n not in mine)


# ---------------------------------------------------------------------------- secrets


def test_000_deal_the_cards_destiny_hidden_from_other_seats() -> None:
    game = finish_setup(Game.new(players=3, seed=4, names=NAMES))
    player = game.state.players[0]
    assert player.destiny is not None and not player.destiny_revealed
    destiny = game.ctx.db[player.destiny].name
    assert escape(destiny) not in display.game_html(game, viewer=1)
    assert destiny not in rich_text(display.GameView(game, viewer=1))
    assert escape(destiny) not in display.tableau_html(game, 0)
    assert escape(destiny) in display.game_html(game, viewer=0)
    assert escape(destiny) in display.game_html(game, reveal=True)
    assert destiny in rich_text(display.game_rich(game, reveal=True))
    assert escape(destiny) in display.tableau_html(game, 0, reveal=True)


def test_hands_show_a_count_to_other_seats_and_names_when_revealed() -> None:
    game = finish_setup(Game.new(players=3, seed=4, names=NAMES))
    hand = game.state.players[2].hand
    assert hand
    hidden = display.tableau_html(game, 2)
    shown = display.tableau_html(game, 2, reveal=True)
    count = f"Hand: {len(hand)} card{'' if len(hand) == 1 else 's'} (hidden)"
    assert count in hidden
    assert f"Hand ({len(hand)})" in shown
    for cid in hand:
        name = game.ctx.db[cid].name
        assert f">{escape(name)}</span>" not in hidden
        assert f">{escape(name)}</span>" in shown


# ---------------------------------------------------------------------------- a hero's Story


def test_tableau_shows_experience_track_level_and_marker(played: Played) -> None:
    game = at(played, played.window)
    ctx = game.ctx
    for seat, player in enumerate(game.state.players):
        label = ctx.track.at(player.level).label
        page = display.tableau_html(game, seat)
        assert f"{player.xp} XP</span>" in page
        assert f"track: <b>{escape(label)}</b>" in page
        here = re.findall(r'class="ca-lvl ca-here"><div class="ca-lvlname">(.*?)</div>', page)
        assert len(here) == 1 and escape(label) in here[0]
        text = rich_text(display.tableau_rich(game, seat))
        assert f"{player.xp} XP · track: {label}" in text
        assert f"◆ {label}" in text


def test_tableau_shows_tucked_cards_with_their_visible_path(played: Played) -> None:
    game = played.game
    ctx = game.ctx
    checked = 0
    for seat, player in enumerate(game.state.players):
        page = display.tableau_html(game, seat, reveal=True)
        text = rich_text(display.tableau_rich(game, seat, reveal=True))
        for tucked in player.story_cards():
            card = ctx.db[tucked.card]
            path = card.path(tucked.side)
            assert f"<b>{escape(card.name)}</b>" in page
            if path.label != card.name:
                assert f"— {escape(path.label)}</span>" in page
                assert path.label.split()[0] in text
            checked += 1
    assert checked >= 9


def test_000_glossary_sacrifice_ally_is_greyed(played: Played) -> None:
    game = at(played, played.window)
    ally = next(c for c in game.ctx.db.values() if c.type is CardType.ALLY)
    state = game.state
    player = attrs.evolve(state.players[1], allies=(HeldAlly(ally.id, sacrificed=True),))
    state = attrs.evolve(state, players=(state.players[0], player, *state.players[2:]))
    view = Game.from_state(state)
    page = display.tableau_html(view, 1)
    assert re.search(r'<span class="ca-no"[^>]*>' + re.escape(escape(ally.name)) + "</span>", page)
    assert f"{ally.name} (sacrificed)" in rich_text(display.tableau_rich(view, 1))
    alive = attrs.evolve(player, allies=(HeldAlly(ally.id),))
    view2 = Game.from_state(attrs.evolve(state, players=(state.players[0], alive, *state.players[2:])))
    assert "ca-no" not in display.tableau_html(view2, 1).split("Allies:")[1].split("</div>")[0]


# ---------------------------------------------------------------------------- attempts and casts


def test_000_faqs_card_timing_window_and_attempt_under_way(played: Played) -> None:
    game = at(played, played.window)
    state = game.state
    att = state.attempt
    assert att is not None
    card = game.ctx.db[att.card]
    seat = game.to_move
    assert seat is not None
    who = f"{NAMES[seat]} (P{seat + 1})"
    odds = f"{float(game.odds().p_success) * 100:.1f}%"
    math = rules.attempt_math(game.ctx, state, att)
    page = display.game_html(game)
    text = rich_text(game)
    for out in (page, text):
        assert "timing window before the runes are cast" in out
        assert f"{who} may play a card or pass" in out
        assert odds in out
    assert f'attempts <span class="ca-name">{escape(card.name)}</span>' in page
    assert f"Difficulty <b>{math.difficulty}</b>" in page
    assert f"Legal actions for {escape(who)} ({len(game.legal_actions)})" in page
    assert "being attempted by" in page


def test_000_reading_the_runes_cast_is_shown_with_its_total(played: Played) -> None:
    game = at(played, played.as_window)
    state = game.state
    att = state.attempt
    assert att is not None and att.cast
    faces = [game.ctx.runes.rune(r).faces[f] for r, f in att.cast]
    successes = sum(f.successes for f in faces)
    page = display.game_html(game)
    text = rich_text(game)
    assert f"= <b>{successes}</b> successes" in page
    assert f"= {successes} successes" in text
    badges = re.findall(r'<span class="ca-rune ca-r-\w+" title="[^"]*"><span>([^<]*)</span><b>', page)
    assert badges == [escape(f.name) for f in faces]
    assert "Chance to overcome" not in page  # odds belong before the cast
    math = rules.attempt_math(game.ctx, state, att)
    verdict = "overcomes" if successes + math.bonus >= math.difficulty else "fails"
    assert (
        f'vs difficulty <b>{math.difficulty}</b>: <span class="ca-chip ca-{"win" if verdict == "overcomes" else "lose"}"'
        in page
    )


def test_last_cast_stays_visible_after_the_attempt_resolves(played: Played) -> None:
    game = at(played, played.resolved)
    assert game.state.attempt is None
    cast = game.history[-1]
    assert isinstance(cast, CastRunes) and cast.faces is not None
    before = game.state_at(len(game.history) - 1)
    assert before.attempt is not None
    pool = rules.attempt_pool(game.ctx, before, before.attempt)
    successes = sum(r.faces[f].successes for r, f in zip(pool, cast.faces, strict=True))
    page = display.game_html(game)
    assert "Last cast this turn" in page
    assert f"= <b>{successes}</b> successes" in page
    assert f"= {successes} successes" in rich_text(game)
    while not game.over and game.state.turn.number == before.turn.number:
        legal = list(game.legal_actions)
        game.push(EndTurn() if EndTurn() in legal else legal[0])
    if not game.over:
        assert "Last cast this turn" not in display.game_html(game)


def test_cast_marks_moon_triangle_and_diamond() -> None:
    game = Game.new(players=2, seed=1)
    runes = game.ctx.runes
    from calladventure.values._runes import Cast, CastRune

    moon = CastRune(runes.dark, next(f for f in runes.dark.faces if f.corruption))
    tri = next(CastRune(r, f) for r in runes.core for f in r.faces if f.draw is not None)
    xp_rune = next(r for r in runes.all_runes() if any(f.xp for f in r.faces))
    diamond = CastRune(xp_rune, next(f for f in xp_rune.faces if f.xp))
    page = display.cast_html(Cast((moon, tri, diamond)))
    # The marks are SVG shapes now (no symbol font needed), not font glyphs.
    assert "ca-mark-moon" in page and "ca-icon-virtue" in page and "ca-mark-xp" in page
    assert page.count('class="ca-rune ca-r-dark"') == 1
    plain = display.cast_html(Cast((CastRune(runes.core[0], runes.core[0].faces[0]),)))
    assert "ca-mark-moon" not in plain and "ca-mark-xp" not in plain
    assert "☾" in rich_text(display.cast_rich(Cast((moon,))))


# ---------------------------------------------------------------------------- the end


def test_000_ending_the_game_scores_and_winner(played: Played) -> None:
    game = played.game
    assert game.over
    scores = game.score()
    outcome = game.outcome()
    assert outcome is not None
    page = display.game_html(game)
    text = rich_text(game)
    names = " and ".join(scores[w].name for w in outcome.winners)
    assert f"Winner: {escape(names)} with {scores[outcome.winners[0]].total} points" in page
    assert f"Winner: {names} with" in text
    for s in scores:
        assert f"<b>Total {s.total}</b>" in page
        assert f"Total {s.total}" in text
        assert f"{s.name}: {s.total} points" in text
    assert page.count('class="ca-chip ca-win">winner</span>') == len(outcome.winners)
    assert "nothing: the game is over" in page


def test_score_html_lists_every_line_with_its_rule(played: Played) -> None:
    score = played.game.score()[0]
    page = display.score_html(score)
    for line in score.lines:
        assert escape(line.label) in page
    assert page.count("000 · Ending the Game") == sum(
        1 for ln in score.lines if ln.section == "000/ending-the-game"
    )
    text = rich_text(score)
    assert f"Total {score.total}" in text and str(score.triumph) in text


def test_events_show_their_citations(played: Played) -> None:
    game = at(played, played.window)
    events = game.events[-10:]
    page = display.events_html(events, game.config)
    text = rich_text(display.events_rich(events, game.config))
    for ev in events:
        shown = cite(ev.section)  # the rule's one citation
        assert escape(ev.text) in page
        assert escape(shown) in page
        assert shown in text


# ---------------------------------------------------------------------------- HTML hygiene


@pytest.fixture(scope="module")
def nasty() -> Game:
    """A game whose table shows a card (and a hero) with markup in its name."""
    card = Card(
        id="display-test/boar",
        name="<b>Bold</b> [red]Boar[/red]",
        type=CardType.CHALLENGE,
        set="display-test",
        source="original",
        act=1,
        difficulty=2,
        abilities=(Icon.STRENGTH,),
        paths=(
            Path(label="<script>alert(1)</script>", icons=(Icon.STRENGTH,), triumph=1),
            Path(label='Say "hi" & leave', tragedy=1),
        ),
        text="<img src=x onerror=alert(1)>",
    )
    register_set(CardSet(id="display-test", name="<i>set</i>", cards=(card,)))
    game = Game.new(players=2, seed=3, sets=("core", "display-test"), names=("<i>Ann</i>", "Bo"))
    state = game.state
    row = state.row(1)
    row = attrs.evolve(
        row, slots=(Slot(card.id), *row.slots[1:]), deck=tuple(c for c in row.deck if c != card.id)
    )
    return Game.from_state(attrs.evolve(state, rows=(row, *state.rows[1:])))


def test_html_escapes_card_and_hero_names(nasty: Game) -> None:
    card = nasty.card("display-test/boar")
    for page in (display.game_html(nasty), display.rows_html(nasty), display.card_html(card)):
        assert "<b>Bold</b>" not in page
        assert "<script>" not in page
        assert "<img" not in page
        assert escape(card.name) in page
        assert escape("<script>alert(1)</script>") in page
    assert "<i>Ann</i>" not in display.game_html(nasty)
    assert escape("<i>Ann</i>") in display.game_html(nasty)


def test_rich_shows_markup_in_names_literally(nasty: Game) -> None:
    text = rich_text(nasty)
    assert "<b>Bold</b> [red]Boar[/red]" in text
    assert "<i>Ann</i>" in text
    assert "[red]Boar[/red]" in rich_text(nasty.card("display-test/boar"))


def _all_pages(played: Played) -> list[str]:
    game = at(played, played.window)
    pages = [
        display.game_html(game),
        display.game_html(game, reveal=True),
        display.game_html(at(played, played.as_window)),
        display.game_html(played.game),
        display.rows_html(game),
        display.tableau_html(game, 0, reveal=True),
        display.events_html(game.events),
        display.legend_html(),
        display.scores_html(played.game.score()),
        display.score_html(played.game.score()[0]),
    ]
    pages += [display.card_html(c) for c in game.ctx.db.values()]
    return pages


def test_html_has_no_network_assets(played: Played) -> None:
    for page in _all_pages(played):
        assert "http://" not in page and "https://" not in page
        assert "<script" not in page and "<link" not in page and "<img" not in page and "url(" not in page


def test_html_is_one_scoped_root(played: Played) -> None:
    for page in _all_pages(played):
        assert re.match(r'<div class="ca-root ca-[a-z]+"><style>', page)
        assert page.endswith("</div>")
        assert page.count("<style>") == 1
        style = page.split("<style>")[1].split("</style>")[0]
        selectors = [rule.split("{")[0].strip() for rule in style.split("}") if "{" in rule]
        assert selectors
        for sel in selectors:
            assert all(part.strip().startswith(".ca-root") for part in sel.split(",")), sel
        assert page.count("<div") == page.count("</div>")


def test_legal_actions_fold_dark_rune_choices(played: Played) -> None:
    # The first point of the played game where an attempt with Dark runes is offered (a bounded search:
    # ending turns alone never ends a game).
    step = next(
        i
        for i in range(played.resolved, len(played.game.history) + 1)
        if any(isinstance(a, AttemptChallenge) and a.dark for a in at(played, i).legal_actions)
    )
    game = at(played, step)
    lines = display.grouped_actions(game)
    attempts = [a for a in game.legal_actions if isinstance(a, AttemptChallenge)]
    assert len(attempts) > len({(a.card, a.side) for a in attempts})
    assert sum(1 for ln in lines if ln.startswith("attempt")) == len({(a.card, a.side) for a in attempts})
    assert any("dark=0…" in ln for ln in lines)
    others = [game.describe(a) for a in game.legal_actions if not isinstance(a, AttemptChallenge)]
    assert [ln for ln in lines if not ln.startswith("attempt")] == others


def test_002_naming_learned_names_show_on_the_tableau() -> None:
    """A learned Name is a token in front of the hero (002 · Naming): the tableau shows it."""
    from rich.console import Console

    from calladventure import Game
    from calladventure.expansions.naming import with_names
    from calladventure.present import tableau_html, tableau_rich
    from calladventure.rules._table import set_player

    game = Game.new(players=2, seed=3, sets=("core", "notw"))
    assert "Names learned" not in tableau_html(game, 0, reveal=True)
    learned = Game.from_state(set_player(game.state, 0, ext=with_names(game.state.players[0], [WIND]).ext))
    assert "Names learned" in tableau_html(learned, 0, reveal=True) and "Wind" in tableau_html(
        learned, 0, reveal=True
    )
    console = Console(record=True, width=120)
    console.print(tableau_rich(learned, 0, reveal=True))
    assert "Names learned" in console.export_text()


def test_000_facing_odium_the_adversary_is_shown_in_co_op() -> None:
    """In co-op the picture shows Odium: its tokens, quest and deck (000 · Facing Odium: Solo and Co-op Play)."""
    from rich.console import Console

    from calladventure import Game
    from calladventure.present import game_html, game_rich, pictures_html

    game = Game.new(players=2, seed=4, sets=("stormlight",), mode="coop", quest="Radiants United")
    od = odium_of(game.state)
    assert od is not None
    page = game_html(game)
    assert "The Adversary" in page and f"Tokens</b>: {od.tokens}" in page and "Radiants United" in page
    assert f"{len(od.deck)} card(s) left" in pictures_html(game)
    console = Console(record=True, width=140)
    console.print(game_rich(game))
    assert "Odium (difficulty" in console.export_text()
    competitive = Game.new(players=2, seed=4)
    assert pictures_html(competitive) == "" and "The Adversary" not in game_html(competitive)
