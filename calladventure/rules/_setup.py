"""Setting up a game: decks, the deal, the story rows (000 · Setting Up the Game; 001 · Setup).

``000 · Deal the Cards``: two Origin, two Motivation and two Destiny cards to each hero (one of
each in a first game), one Hero card each; the Character cards not dealt take no part.
``000 · Prepare the Story Decks``: each Act's deck is shuffled and four cards (five with four
players) dealt face down to its row; Act I's row is revealed. ``001 · Prepare the Story
Decks``: a first game leaves out Allies, Adversaries and the cards marked for it. A set may
set aside cards of the other sets (``002 · Preparing the Game``); expansions may add to the
setup (``Expansion.setup``).

``000 · FAQs: Competitive, Co-op and Solo play`` and ``000 · Glossary: Solo``: some Destinies
are not used in every mode (:func:`excluded`). Their cards say so with the tags ``not_solo`` /
``not_competitive`` (the card data of the box that prints them); option ``mode_exclusions``
turns the rule off.
"""

from __future__ import annotations

from ..values import _rng as rng
from ..values._cards import Card, CardType
from ..values._events import Log
from ..values._illegal import IllegalActionError
from ..values._state import ChooseCharacter, Config, GameState, Mode, Player, Row, Turn, evolve
from ._context import Context
from ._flow import settle
from ._set_aside import log_set_aside, set_aside
from ._table import fill_slot, log_event, reveal_row

_KINDS = ("origin", "motivation", "destiny")
_CHARACTERS = (CardType.ORIGIN, CardType.MOTIVATION, CardType.DESTINY)
_STORY = (CardType.TRAIT, CardType.CHALLENGE, CardType.ALLY, CardType.ADVERSARY)


def excluded(config: Config, card: Card) -> bool:
    """Whether a Destiny is left out in this mode (000 · FAQs: Competitive, Co-op and Solo play; option ``mode_exclusions``)."""
    if card.type is not CardType.DESTINY or not config.rules.mode_exclusions:
        return False
    if config.mode is Mode.SOLO:
        return "not_solo" in card.tags
    if config.mode is Mode.COMPETITIVE:
        return "not_competitive" in card.tags
    return False


def playable_cards(ctx: Context) -> frozenset[str]:
    """The cards that take part in a game of ``ctx``: dealt, or shuffled into a deck (cached per context).

    Not those set aside (``002 · Preparing the Game``), left out by an expansion or the mode
    (``000 · FAQs: Competitive, Co-op and Solo play``), quest cards, or a first game's
    left-out cards (``001 · Prepare the Story Decks``). The rest are public: they take no part.
    """
    config = ctx.config
    key = ("playable_cards", evolve(config, seed=0))  # the memo is shared by configurations of these sets
    cached: frozenset[str] | None = ctx.memo.get(key)
    if cached is not None:
        return cached
    rules = config.rules
    aside = frozenset(set_aside(ctx).removed)

    def usable(card: Card) -> bool:
        if card.id in aside or card.type is CardType.QUEST:
            return False  # quest cards wait beside the table (000 · FAQs: Competitive, Co-op and Solo play)
        if excluded(config, card):
            return False  # 000 · FAQs: Competitive, Co-op and Solo play
        # 001 · Prepare the Story Decks: a first game leaves out Allies, Adversaries and related cards.
        return not (
            rules.first_game and (card.first_game_remove or card.type in (CardType.ALLY, CardType.ADVERSARY))
        )

    found = frozenset(c.id for c in ctx.db.values() if usable(c))
    ctx.remember(key, found)
    return found


def _sorted_decks(
    ctx: Context,
) -> tuple[tuple[str, ...], dict[CardType, tuple[str, ...]], tuple[tuple[str, ...], ...]]:
    """The cards left out, and each deck's cards in id order before its shuffle (cached per context).

    The Character, Hero and Antihero decks, then the three Acts' story decks (000 · Prepare the
    Story Decks), of the cards :func:`playable_cards` lets in.
    """
    key = ("sorted_decks", evolve(ctx.config, seed=0))
    cached: tuple[tuple[str, ...], dict[CardType, tuple[str, ...]], tuple[tuple[str, ...], ...]] | None = (
        ctx.memo.get(key)
    )
    if cached is not None:
        return cached
    playable = playable_cards(ctx)
    cards = ctx.db.values()
    removed = tuple(c.id for c in cards if c.id not in playable)
    by_type = {
        ctype: tuple(sorted(c.id for c in cards if c.type is ctype and c.id in playable))
        for ctype in (*_CHARACTERS, CardType.HERO, CardType.ANTIHERO)
    }
    by_act = tuple(
        tuple(sorted(c.id for c in cards if c.act == act and c.type in _STORY and c.id in playable))
        for act in (1, 2, 3)
    )
    found = ctx.remember(key, (removed, by_type, by_act))
    return found


def _deal(ctx: Context, decks: dict[CardType, tuple[str, ...]], per_type: int) -> tuple[Player, ...]:
    """Each hero's Character cards and Hero card (000 · Deal the Cards), taken off the shuffled ``decks``."""
    config = ctx.config
    for ctype in _CHARACTERS:
        if len(decks[ctype]) < per_type * config.players:
            raise IllegalActionError(
                "setup",
                f"the card sets have {len(decks[ctype])} {ctype.value} cards: too few for {config.players}",
            )
    players: list[Player] = []
    for seat in range(config.players):
        dealt: list[str] = []
        for ctype in _CHARACTERS:
            dealt += decks[ctype][:per_type]
            decks[ctype] = decks[ctype][per_type:]
        hero = decks[CardType.HERO]
        players.append(Player(seat=seat, dealt=tuple(dealt), hand=hero[:1], xp=3, level=ctx.track.start))
        decks[CardType.HERO] = hero[1:]
    return tuple(players)


def new_game(ctx: Context, log: Log = None) -> GameState:
    """Set up a game of ``ctx.config`` (000 · Setting Up the Game; 001 · Setup)."""
    config: Config = ctx.config
    if not 1 <= config.players <= 4:
        raise IllegalActionError("setup", f"Call to Adventure seats 1 to 4 players, not {config.players}")
    r = rng.seed_state(config.seed)
    removed, by_type, by_act = _sorted_decks(ctx)
    decks: dict[CardType, tuple[str, ...]] = {}
    for ctype, ids in by_type.items():
        decks[ctype], r = rng.shuffled(r, ids)
    players = _deal(ctx, decks, 1 if config.rules.first_game else 2)
    undealt = [c for ctype in _CHARACTERS for c in decks[ctype]]  # 000 · Deal the Cards: they take no part
    width = 5 if config.players == 4 else 4  # 000 · Prepare the Story Decks
    rows: list[Row] = []
    for act, ids in zip((1, 2, 3), by_act, strict=True):
        deck, r = rng.shuffled(r, ids)
        rows.append(Row(act=act, revealed=False, slots=(None,) * width, deck=deck))
    state = GameState(
        config=config,
        players=players,
        rows=tuple(rows),
        hero_deck=decks[CardType.HERO],
        antihero_deck=decks[CardType.ANTIHERO],
        rng=r,
        turn=Turn(seat=0),
        removed=tuple(sorted([*removed, *undealt])),
    )
    for ext in ctx.expansions:
        state = ext.setup(ctx, state, log)
    if log is not None:
        log_event(
            log,
            state,
            "000/deal-the-cards",
            ("1 hero is dealt" if config.players == 1 else f"{config.players} heroes are dealt")
            + " their Character cards",
        )
        log_set_aside(ctx, state, log)  # 002 · Preparing the Game
    for act in (1, 2, 3):
        for i in range(width):
            state = fill_slot(ctx, state, act, i, 0, log)
    state = reveal_row(ctx, state, 1, 0, log)
    # Character choices come first (000 · Setting Up the Game: deal, reveal, then the story decks);
    # the pending stack is processed from its end, so Allies revealed in Act I wait below them.
    choices = [ChooseCharacter(seat, kind) for seat in range(config.players) for kind in _KINDS]
    state = evolve(state, pending=state.pending + tuple(reversed(choices)))
    return settle(ctx, state, log)


__all__ = ["excluded", "new_game", "playable_cards"]
