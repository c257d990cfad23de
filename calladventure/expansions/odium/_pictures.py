"""The Adversary in a picture of the game: its panel and its status line (000 · Facing Odium).

The panel shows the Adversary and its difficulty, its tokens, its quest and the other co-op
cards in play, its deck, the cards it revealed this turn, the heroes loyal to it, the heroes'
results against it and, once the game is over, who won (000 · Winning the Solo or Co-op Game).
"""

from __future__ import annotations

from ...rules._context import Context
from ...rules._front_hooks import Picture, PictureLine
from ...rules._kinds import phrase, plural_phrase
from ...values._state import GameState
from ._outcome import coop_result
from ._state import OdiumState, odium_of

#: The most token marks a line draws.
MARKS = 40


def _tokens(od: OdiumState) -> str:
    changes = f"  (+{od.gained} gained, −{od.lost} lost)" if od.gained or od.lost else ""
    return f"{od.tokens}  " + "●" * min(od.tokens, MARKS) + changes


def _lines(ctx: Context, state: GameState, od: OdiumState) -> list[PictureLine]:
    db, name = ctx.db, state.config.name
    adversary = db[od.adversary]
    lines = [
        PictureLine("Adversary", f"{adversary.name} (difficulty {adversary.difficulty})"),
        PictureLine("Tokens", _tokens(od)),
    ]
    if od.quest is not None:
        quest = db[od.quest]
        lines.append(PictureLine("Quest", f"{quest.name}: {quest.text}" if quest.text else quest.name))
    lines += [PictureLine("In play", db[extra].name) for extra in od.rules if extra != od.quest]
    lines.append(PictureLine("Deck", f"{len(od.deck)} card(s) left, {len(od.discard)} discarded"))
    if od.revealed:
        lines.append(PictureLine("Revealed this turn", ", ".join(db[c].name for c in od.revealed)))
    if od.loyalists:
        lines.append(PictureLine("Loyal to the Adversary", ", ".join(name(s) for s in od.loyalists)))
    if od.stage != "play":
        lines.append(PictureLine("Stage", "the heroes face the Adversary"))
    for r in od.faced:
        verdict = "succeeds" if r.success else "fails"
        text = f"{r.total} vs {r.difficulty}: {verdict}, {r.removed} token(s) removed"
        lines.append(PictureLine(f"{name(r.seat)} faced it", text))
    if od.overrun:
        lines.append(PictureLine("Overrun", "the Adversary reached its Experience goal"))
    result = coop_result(ctx, state)
    if result is not None:
        verdict = "the heroes win" if result.heroes_win else "the Adversary wins"
        lines.append(PictureLine("Result", f"{verdict}: {result.reason}"))
    return lines


def adversary_picture(ctx: Context, state: GameState) -> Picture | None:
    """The Adversary's panel of a co-op or solo game, None in a competitive one (000 · Facing Odium)."""
    od = odium_of(state)
    if od is None:
        return None
    name = ctx.db[od.adversary].name
    status = [plural_phrase("{who}: {n} token", "{who}: {n} tokens", od.tokens, who=name)]
    if od.quest is not None:
        status.append(phrase("quest: {card}", card=ctx.db[od.quest].name))
    lines = _lines(ctx, state, od)
    return Picture("The Adversary", "000/facing-odium", tuple(lines), tuple(status))


__all__ = ["adversary_picture"]
