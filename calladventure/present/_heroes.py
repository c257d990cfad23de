"""The view-model of the heroes: each one's Story, Corruption track and hand, as one seat may see them.

Plain frozen values built once from a game (:func:`tableau_model`, :func:`track_model`,
:func:`hand_model`); the renderers only lay them out. What a seat may not see is never put
in the value: another hero's hand is a count, an unrevealed Destiny is "face down", the
Character cards still to choose from are a count (000 · Deal the Cards).
"""

from __future__ import annotations

import attrs

from ..game import Game
from ..rules import Context, PictureLine, icon_counts, is_hidden, redact, visible_paths
from ..values._cards import Card, Path
from ..values._effects import Bonus, Difficulty, TempIcon
from ..values._icons import ABILITIES, STORY_ICONS, Icon, declared_icons
from ..values._reprs import Drawable
from ..values._state import ActiveEffect, GameState, Player
from ..values._track import Level
from ._words import who


@attrs.frozen
class TrackModel(Drawable):
    """A hero's place on the Corruption track: every level, the marker, the start (000 · Glossary: Corruption)."""

    name: str  # the hero, as the table names it
    levels: tuple[Level, ...]
    marker: int
    start: int

    @property
    def level(self) -> Level:
        """The level the marker is on."""
        return self.levels[self.marker]


@attrs.frozen
class CharacterModel:
    """One Character card of a Story and the cards tucked under it (000 · Glossary: Story).

    ``card`` is None when it is not chosen yet or lies ``face_down`` (a Destiny the viewer may
    not see); ``tag`` says who else may see an unrevealed Destiny the viewer sees.
    """

    kind: str  # "Origin", "Motivation" or "Destiny"
    card: Card | None
    face_down: bool
    tag: str
    now: bool  # the hero is in this Act
    tucked: tuple[tuple[Card, Path], ...]


@attrs.frozen
class TableauModel(Drawable):
    """One hero's Story, tokens, hand and track, as the viewer may see them (000 · Glossary: Story)."""

    seat: int
    name: str
    act: int
    active: bool  # the turn is this hero's
    to_move: bool  # the game waits for this hero's decision
    over: bool  # the game is over
    secrets: bool  # the viewer sees this hero's hand and dealt cards
    xp: int
    triumph: int  # the points showing in the Story now
    tragedy: int
    characters: tuple[CharacterModel, ...]
    allies: tuple[tuple[Card, bool], ...]  # (Ally, sacrificed)
    choices: str  # the dealt Character cards still to choose from, when the viewer may see them
    choices_left: int
    hand: tuple[Card, ...]  # empty unless ``secrets``
    hand_size: int
    played: tuple[Card, ...]
    icons: tuple[tuple[Icon, int], ...]  # the icons showing, abilities first
    box_lines: tuple[PictureLine, ...]  # what the boxes in play add (the Names learned: 002 · Naming …)
    effects: tuple[str, ...]  # effects in play on this hero, in words
    track: TrackModel


@attrs.frozen
class HandModel(Drawable):
    """A hero's hand: its cards when shown, else only how many (000 · Hero and Antihero Cards)."""

    name: str
    shown: bool
    size: int
    cards: tuple[Card, ...]  # empty unless ``shown``


def track_model(game: Game, seat: int) -> TrackModel:
    """Where ``seat``'s marker stands on the game's Corruption track (000 · Glossary: Corruption)."""
    track = game.ctx.track
    return TrackModel(who(game.config, seat), track.levels, game.state.players[seat].level, track.start)


def hand_model(game: Game, seat: int, *, reveal: bool = False) -> HandModel:
    """``seat``'s hand, its cards only when ``reveal`` (000 · Hero and Antihero Cards)."""
    hand = game.state.players[seat].hand
    cards = tuple(game.ctx.db[c] for c in hand) if reveal else ()
    return HandModel(who(game.config, seat), reveal, len(hand), cards)


def effect_text(ae: ActiveEffect, ctx: Context) -> str:
    """An effect in play in words: its source, what it does, how long it lasts (000 · Glossary: Duration)."""
    eff = ae.effect
    src = ctx.db[ae.source].name if ae.source in ctx.db else ae.source
    if isinstance(eff, Bonus):
        what = f"{eff.amount:+d} to attempts"
    elif isinstance(eff, Difficulty):
        what = f"{eff.amount:+d} difficulty"
    elif isinstance(eff, TempIcon):
        what = f"+{eff.count} {eff.icon.value} icon"
    else:
        what = type(eff).__name__
    wait = ", from the next turn" if ae.waiting else ""
    return f"{src}: {what} ({ae.duration.value}{wait})"


def to_choose(ctx: Context, player: Player) -> str:
    """The dealt Character cards not kept yet, by kind (000 · Deal the Cards)."""
    left = [ctx.db[c] for c in player.dealt if c not in player.characters]
    kinds = dict.fromkeys(c.type for c in left)
    return "; ".join(
        f"{k.value.capitalize()}: " + ", ".join(c.name for c in left if c.type is k) for k in kinds
    )


def story_points(ctx: Context, player: Player, show_destiny: bool) -> tuple[int, int]:
    """The Triumph and Tragedy showing in a Story, the Destiny's only if shown (000 · Ending the Game)."""
    tri = tra = 0
    for _card, path in visible_paths(ctx, player, include_destiny=show_destiny):
        tri += path.triumph
        tra += path.tragedy
    return tri, tra


def _characters(ctx: Context, player: Player, *, secrets: bool, own: bool) -> tuple[CharacterModel, ...]:
    show_destiny = player.destiny_revealed or secrets
    out = []
    kinds = (("Origin", player.origin), ("Motivation", player.motivation), ("Destiny", player.destiny))
    for idx, (kind, cid) in enumerate(kinds):
        face_down = cid is not None and (is_hidden(cid) or (kind == "Destiny" and not show_destiny))
        card = None if cid is None or face_down else ctx.db[cid]
        hidden = card is not None and kind == "Destiny" and not player.destiny_revealed
        tag = (" (hidden from the others)" if own else " (not yet revealed)") if hidden else ""
        tucked = tuple((ctx.db[t.card], ctx.db[t.card].path(t.side)) for t in player.story[idx])
        out.append(CharacterModel(kind, card, face_down, tag, player.act == idx + 1, tucked))
    return tuple(out)


def hero_lines(game: Game, seat: int, shown: GameState) -> tuple[PictureLine, ...]:
    """The lines the boxes in play add to ``seat``'s Story, drawn from the state the viewer sees."""
    return tuple(line for box in game.ctx.expansions for line in box.hero_lines(game.ctx, shown, seat))


def _shown_icons() -> tuple[Icon, ...]:
    """The icons a tableau counts, in order: abilities, story icons (the core's, then the boxes'),
    then the boxes' icons of their own kinds (002 · Naming: the Name icons)."""
    declared = declared_icons()
    return (
        *ABILITIES,
        *STORY_ICONS,
        *(i for i in declared if i.is_story),
        *(i for i in declared if not i.is_story),
    )


def tableau_model(
    game: Game, seat: int, *, secrets: bool, own: bool = False, shown: GameState | None = None
) -> TableauModel:
    """``seat``'s Story as a viewer sees it: ``secrets`` shows the hand and dealt cards, ``own``
    marks the viewer's own unrevealed Destiny (000 · Glossary: Story; 000 · Deal the Cards).

    ``shown``: the state the viewer sees, the boxes' lines are drawn from (default: the game's
    with ``secrets``, else a spectator's).
    """
    ctx, state = game.ctx, game.state
    if shown is None:
        shown = state if secrets else redact(ctx, state, None)
    player = state.players[seat] if secrets else shown.players[seat]  # another's, as the viewer sees it
    with_destiny = player.destiny_revealed or (secrets and state.over)
    tri, tra = story_points(ctx, player, with_destiny)
    counts = icon_counts(ctx, player, include_destiny=with_destiny)
    left = sum(1 for c in player.dealt if c not in player.characters)
    return TableauModel(
        seat=seat,
        name=who(state.config, seat),
        act=player.act,
        active=seat == state.turn.seat,
        to_move=game.to_move == seat,
        over=state.over,
        secrets=secrets,
        xp=player.xp,
        triumph=tri,
        tragedy=tra,
        characters=_characters(ctx, player, secrets=secrets, own=own),
        allies=tuple((ctx.db[a.card], a.sacrificed) for a in player.allies),
        choices=to_choose(ctx, player) if secrets else "",
        choices_left=left,
        hand=tuple(ctx.db[c] for c in player.hand) if secrets else (),
        hand_size=len(player.hand),
        played=tuple(ctx.db[c] for c in player.played),
        icons=tuple((i, counts[i]) for i in _shown_icons() if counts[i]),
        box_lines=hero_lines(game, seat, shown),
        effects=tuple(effect_text(ae, ctx) for ae in state.effects if ae.target == seat),
        track=track_model(game, seat),
    )


__all__ = [
    "CharacterModel",
    "HandModel",
    "TableauModel",
    "TrackModel",
    "effect_text",
    "hand_model",
    "hero_lines",
    "story_points",
    "tableau_model",
    "to_choose",
    "track_model",
]
