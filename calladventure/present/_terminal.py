"""What the terminal game shows at each decision: a status line, and the numbered choices in words.

The status line is one line per hero (Act, Story cards, Experience, hand, Corruption level)
plus the summary of each panel the boxes in play add (the Adversary's tokens in co-op:
``Picture.status``), so the state of the game is always in sight without reprinting the table
(000 · Each Turn). The choices are the legal actions
in the player's words (:mod:`.action_words`); an attempt shows its exact chance and each
Dark-rune variant its Experience cost and Corruption risk (000 · Rune Probability;
000 · Dark Runes).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..game import Game
from ..values._actions import Action, AttemptChallenge, Pass, PlayCard
from ..values._state import PlaceAlly, Window
from ._action_words import action_words, card_name, dark_cost_words, phrase_text
from ._i18n import label_text, percent, t, tn
from ._odds_model import corruption_risk
from ._table_model import declared_odds
from ._viewmodel import seen_state, table_pictures
from ._words import ROMAN

__all__ = ["Choice", "ally_slots_line", "choices", "nothing_to_play", "status_lines"]


@attrs.frozen
class Choice:
    """One numbered choice: the action, its words, and what it costs or promises (odds, Dark runes)."""

    action: Action
    text: str
    detail: str = ""
    variant: bool = False  # a Dark-rune variant of the attempt listed just above


def choices(game: Game, lang: str = "en") -> list[Choice]:
    """The legal actions of the seat to move, in words; attempts with their odds and Dark-rune costs."""
    state, ctx = game.state, game.ctx
    seat = game.to_move
    out: list[Choice] = []
    for action in game.legal_actions:
        if not isinstance(action, AttemptChallenge):
            out.append(Choice(action, action_words(game, action, you=seat, lang=lang)))
            continue
        odds = declared_odds(game, action)
        chance = t(lang, "({p} to succeed)", p=percent(odds.p_success, lang, 2))
        if not action.dark:
            label = ctx.db[action.card].path(action.side).label
            text = action_words(game, action, you=seat, lang=lang)
            out.append(
                Choice(action, f"{text}   {chance}", t(lang, "path: {label}", label=label) if label else "")
            )
            continue
        xp = state.players[state.turn.seat].xp
        cost = dark_cost_words(action.dark, xp, corruption_risk(odds), lang)
        more = tn(lang, "with {n} Dark rune", "with {n} Dark runes", action.dark)
        out.append(Choice(action, f"  … {more}   {chance}", cost, variant=True))
    return out


def nothing_to_play(game: Game) -> bool:
    """Whether the seat to move may only pass in a timing window, for this attempt.

    Either passing is its only choice, or the window is another hero's attempt and every card
    it could play there would be played on itself, not on that attempt (it can wait for its own
    turn) (000 · FAQs: Card timing).
    """
    state = game.state
    if not state.pending or not isinstance(state.pending[-1], Window):
        return False
    legal = game.legal_list()
    if all(isinstance(a, Pass) for a in legal):
        return True
    att = state.attempt
    me = game.to_move
    if att is None or me is None or att.seat == me:
        return False
    return all(isinstance(a, Pass) or (isinstance(a, PlayCard) and a.target == me) for a in legal)


def ally_slots_line(game: Game, lang: str = "en") -> str:
    """The row an Ally is to go under, its slots numbered as the actions name them (000 · Allies)."""
    top = game.state.pending[-1] if game.state.pending else None
    if not isinstance(top, PlaceAlly):
        return ""
    row = game.state.row(top.act)
    slots = [
        t(lang, "slot {n}: {card}", n=i, card=card_name(game, s.card))
        for i, s in enumerate(row.slots)
        if s is not None
    ]
    head = t(lang, "Act {act} row", act=ROMAN[top.act])
    return f"{head} — " + " · ".join(slots)


def _hero_line(game: Game, seat: int, kinds: Sequence[str], lang: str) -> str:
    state, ctx = game.state, game.ctx
    p = state.players[seat]
    act = t(lang, "finished") if p.act > 3 else t(lang, "Act {act}", act=ROMAN[p.act])
    level = ctx.track.at(p.level)
    bits = [
        act,
        t(lang, "Story {n}/9", n=len(p.story_cards())),
        tn(lang, "{n} Experience", "{n} Experience", p.xp),
        tn(lang, "{n} card in hand", "{n} cards in hand", len(p.hand)),
        t(lang, "Corruption: {level}", level=label_text(level.label, lang) if level.label else str(p.level)),
    ]
    if p.allies:
        bits.append(tn(lang, "{n} Ally", "{n} Allies", len(p.allies)))
    kind = kinds[seat] if seat < len(kinds) else ""
    who = game.config.name(seat) + (f" ({t(lang, kind)})" if kind and kind != "human" else "")
    return f"{who}: " + ", ".join(bits)


def status_lines(game: Game, kinds: Sequence[str] = (), lang: str = "en") -> list[str]:
    """The compact status: the turn, one line per hero, the boxes' panels summed up, the attempt under way."""
    state = game.state
    lines = [
        t(
            lang,
            "Turn {n} · {who}'s turn · step {step}",
            n=state.turn.number,
            who=game.config.name(state.turn.seat),
            step=len(game.history),
        )
    ]
    lines += [f"  {_hero_line(game, s, kinds, lang)}" for s in range(len(state.players))]
    for picture in table_pictures(game, seen_state(game, None, False)):
        if picture.status:
            lines.append("  " + " · ".join(phrase_text(game, p, lang=lang) for p in picture.status))
    att = state.attempt
    if att is not None and att.card in game.ctx.db and (game.is_chance or state.pending):
        try:
            p = game.odds().p_success
        except ValueError:
            p = None
        if p is not None:
            lines.append(
                "  "
                + t(
                    lang,
                    "{who} attempts {card}: {p} to succeed with what is played so far",
                    who=game.config.name(att.seat),
                    card=card_name(game, att.card),
                    p=percent(p, lang, 2),
                )
            )
    return lines
