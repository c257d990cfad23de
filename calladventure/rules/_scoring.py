"""End-of-game scoring, itemised line by line with the rule each line comes from.

``000 · Ending the Game`` and ``001 · End of the Game``: Destiny conditions; Triumph and
Tragedy visible in the Story; the Corruption-track modifier (not cumulative); one point per
unspent Experience; +1 Triumph per Hero card played and +1 Tragedy per Antihero card played;
story icon sets (``000 · Story Icons``: 2, 4, 8 … — see the ``icon_sets`` option). Each line
counts in its category (``000 · Rules Overview``: "Triumph + Tragedy + Experience = Destiny"):
Triumph, Tragedy, or Destiny points that are neither (``other``: the unspent Experience, "4
Destiny" in the ``000 · Ending the Game`` example, the story icon sets, "another 8 Destiny",
and an expansion's Name tokens); a Destiny rule comparing Triumph with Tragedy counts only
those two. The score is the sum of the three; the highest wins and ties share the win.
"""

from __future__ import annotations

from collections import Counter

from ..values._cards import CardType
from ..values._effects import Compare, IconsAtLeast, PerCard, PerIcon, PointsKind, ScoreRule, TrackPosition
from ..values._icons import Icon
from ..values._options import IconSets
from ..values._score import Score, ScoreLine
from ..values._state import GameState, Player
from ._context import Context
from ._expansion import Expansion
from ._story import icon_counts, visible_paths


def icon_set_points(count: int, mode: IconSets) -> int:
    """Points for a set of ``count`` matching story icons (000 · Story Icons; open question 1)."""
    if count < 2:
        return 0
    if mode is IconSets.CAP_AT_FOUR:
        count = min(count, 4)
    return int(2 ** (count - 1))


def _points(kind: PointsKind, n: int) -> tuple[int, int]:
    return (n, 0) if kind is PointsKind.TRIUMPH else (0, n)


def _card_count(ctx: Context, player: Player, what: str) -> int:
    if what == "hero_played":
        return sum(1 for c in player.played if ctx.db[c].type is CardType.HERO)
    if what == "antihero_played":
        return sum(1 for c in player.played if ctx.db[c].type is CardType.ANTIHERO)
    if what == "ally":
        return sum(1 for a in player.allies if not a.sacrificed)
    if what == "ally_any":  # face-down Allies too (000 · Glossary: Sacrifice: cards that look at them)
        return len(player.allies)
    tucked = [ctx.db[t.card].type for t in player.story_cards()]
    if what == "trait":
        return tucked.count(CardType.TRAIT)
    if what == "adversary":
        return tucked.count(CardType.ADVERSARY)
    return tucked.count(CardType.CHALLENGE) + tucked.count(CardType.ADVERSARY)


def destiny_rule_points(
    ctx: Context, player: Player, rule: ScoreRule, icons: Counter[Icon], before: tuple[int, int]
) -> tuple[int, int]:
    """Triumph and Tragedy one Destiny scoring rule gives this hero (``before``: the Triumph and Tragedy so far)."""
    if isinstance(rule, PerIcon):
        n = sum(icons[i] for i in rule.icons)
        if rule.cap is not None:
            n = min(n, rule.cap)
        return _points(rule.counts_as, n * rule.points)
    if isinstance(rule, IconsAtLeast):
        ok = all(icons[i] >= n for i, n in rule.icons.items())
        return _points(rule.counts_as, rule.points if ok else 0)
    if isinstance(rule, TrackPosition):
        ok = True
        if rule.virtue_at_least is not None:
            ok = ok and ctx.track.virtue(player.level) >= rule.virtue_at_least
        if rule.corruption_at_least is not None:
            ok = ok and ctx.track.corruption(player.level) >= rule.corruption_at_least
        return _points(rule.counts_as, rule.points if ok else 0)
    if isinstance(rule, PerCard):
        what = "ally_any" if rule.cards == "ally" and rule.face_down else rule.cards
        return _points(rule.counts_as, rule.points * _card_count(ctx, player, what))
    if isinstance(rule, Compare):
        tri, tra = before
        ok = tra > tri if rule.more is PointsKind.TRAGEDY else tri > tra
        return _points(rule.counts_as, rule.points if ok else 0)
    raise TypeError(f"unknown scoring rule {rule!r}")


def scoring_expansions(ctx: Context, state: GameState) -> tuple[Expansion, ...]:
    """The expansions that score: those in play, and any other whose part is in the state (e.g. Names given)."""
    keys = {k for k, _v in state.ext.items} | {k for p in state.players for k, _v in p.ext.items}
    offered = ctx.library.expansions if ctx.library is not None else ()
    return (*ctx.expansions, *(e for e in offered if e not in ctx.expansions and e.id in keys))


def score_player(ctx: Context, state: GameState, seat: int) -> Score:
    """The itemised score of one hero, as at the end of the game (Destiny counted as revealed)."""
    player = state.players[seat]
    lines: list[ScoreLine] = []
    tri = tra = 0
    for card, path in visible_paths(ctx, player, include_destiny=True):
        tri += path.triumph
        tra += path.tragedy
        del card
    lines.append(ScoreLine("Triumph and Tragedy in the Story", tri, tra, "000/ending-the-game"))
    level = ctx.track.at(player.level)
    lines.append(
        ScoreLine(
            f"Corruption track: {level.label or player.level}",
            level.triumph,
            level.tragedy,
            "000/ending-the-game",
        )
    )
    lines.append(ScoreLine("Unspent Experience", 0, 0, "000/ending-the-game", other=player.xp))
    heroes = _card_count(ctx, player, "hero_played")
    antiheroes = _card_count(ctx, player, "antihero_played")
    lines.append(ScoreLine("Hero cards played", heroes, 0, "000/ending-the-game"))
    lines.append(ScoreLine("Antihero cards played", 0, antiheroes, "000/ending-the-game"))
    icons: Counter[Icon] = Counter(icon_counts(ctx, player, include_destiny=True))
    after: list[ScoreLine] = []
    for ext in scoring_expansions(ctx, state):
        extra = ext.score_lines(ctx, state, seat)
        lines.extend(extra.before_sets)
        after.extend(extra.after_sets)
        icons.update(dict(extra.icons))
    set_pts = 0
    parts = []
    for icon in ctx.story_icons:
        pts = icon_set_points(icons[icon], ctx.config.rules.icon_sets)
        if pts:
            set_pts += pts
            parts.append(f"{icons[icon]} {icon.value}")
    label = "Story icon sets" + (f" ({', '.join(parts)})" if parts else "")
    lines.append(ScoreLine(label, 0, 0, "000/story-icons", other=set_pts))
    lines.extend(after)
    if player.destiny is not None:
        destiny = ctx.db[player.destiny]
        before = (sum(line.triumph for line in lines), sum(line.tragedy for line in lines))
        d_tri = d_tra = 0
        for rule in destiny.scoring:
            a, b = destiny_rule_points(ctx, player, rule, icons, before)
            d_tri += a
            d_tra += b
        lines.append(ScoreLine(f"Destiny: {destiny.name}", d_tri, d_tra, "000/ending-the-game"))
    return Score(seat, ctx.config.name(seat), tuple(lines))


def scores(ctx: Context, state: GameState) -> tuple[Score, ...]:
    return tuple(score_player(ctx, state, s) for s in range(len(state.players)))


def winners(all_scores: tuple[Score, ...]) -> tuple[int, ...]:
    """Seats with the highest total: ties share the win (000 · Ending the Game)."""
    best = max(s.total for s in all_scores)
    return tuple(s.seat for s in all_scores if s.total == best)


__all__ = [
    "Score",
    "ScoreLine",
    "destiny_rule_points",
    "icon_set_points",
    "score_player",
    "scores",
    "scoring_expansions",
    "winners",
]
