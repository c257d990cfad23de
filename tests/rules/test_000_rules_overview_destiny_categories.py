"""000 · Rules Overview: "Triumph + Tragedy + Experience = Destiny", and 000 · Ending the Game by category.

The Destiny score has three parts: Triumph, Tragedy, and Destiny points that are neither (the
unspent Experience, "4 Destiny" in the ``000 · Ending the Game`` example; story icon sets,
"another 8 Destiny"; Name tokens, "worth 3", ``002 · Naming``). ``Score.triumph`` and
``Score.tragedy`` are the two categories; ``Score.other`` the rest; a Destiny that compares
Triumph with Tragedy counts only those two.
"""

from __future__ import annotations

from rules_kit import challenge, destiny, origin, path, position, trait

from calladventure.values._effects import Compare, PointsKind


def _pos(xp: int, destiny_name: str = "Dark Lord"):  # type: ignore[no-untyped-def]
    cards = [
        origin("Bard", triumph=1),
        destiny("Dark Lord", scoring=(Compare(PointsKind.TRAGEDY, 5),)),
        destiny("Bright Lord", scoring=(Compare(PointsKind.TRIUMPH, 5),)),
        challenge("Duel", 2, ["strength"], top=path(triumph=1), bottom=path(tragedy=4)),
        trait("Honest", "justice"),
        trait("Fair", "justice"),
    ]
    return (
        position(cards, players=1)
        .hero(0, origin="Bard", destiny=destiny_name, xp=xp, story=[[("Duel", "bottom"), "Honest", "Fair"]])
        .row(1, [])
    )


def test_000_rules_overview_experience_and_icon_sets_are_neither_triumph_nor_tragedy() -> None:
    score = _pos(xp=6).game().score()[0]
    by_label = {line.label.split(" (")[0].split(":")[0]: line for line in score.lines}
    xp = by_label["Unspent Experience"]
    sets = by_label["Story icon sets"]
    assert (xp.triumph, xp.tragedy, xp.other) == (0, 0, 6)
    assert (sets.triumph, sets.tragedy, sets.other) == (0, 0, 2)  # a pair of Justice icons
    assert score.other == 6 + 2
    assert score.total == score.triumph + score.tragedy + score.other


def test_000_ending_the_game_a_destiny_comparing_triumph_and_tragedy_counts_only_those() -> None:
    """Tragedy 4 against Triumph 1 + the track's start: with 6 unspent Experience booked as Triumph the
    Dark Lord would miss its 5; counted as Destiny, the comparison is Triumph against Tragedy only."""
    game = _pos(xp=6).game()
    score = game.score()[0]
    start = game.ctx.track.at(game.ctx.track.start)
    triumph = 1 + start.triumph  # Bard, the track's start
    tragedy = 4 + start.tragedy  # Duel's bottom path
    dark = next(line for line in score.lines if line.label.startswith("Destiny"))
    assert (dark.triumph, dark.other) == ((5, 0) if tragedy > triumph else (0, 0))
    assert score.triumph == triumph + dark.triumph and score.tragedy == tragedy
    bright = _pos(xp=6, destiny_name="Bright Lord").game().score()[0]
    line = next(line for line in bright.lines if line.label.startswith("Destiny"))
    assert line.triumph == (
        5 if triumph > tragedy else 0
    )  # the 6 Experience do not make Triumph exceed Tragedy
