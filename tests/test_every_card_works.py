"""Every card of the bundled core set works in the engine .

Seeded random games with a player that prefers playing cards and using powers must, between
them, play every Hero and Antihero card, use every activated power, gain or attempt every
trait, challenge and adversary, win every Ally, and keep every Character card — each without
an error, with every action checked against the legal list. The sets of cards that were
never reached must be empty.
"""

from __future__ import annotations

import random

from calladventure import Game, rules
from calladventure.values._actions import AttemptChallenge, GainTrait, Keep, PlayCard, UsePower
from calladventure.values._cards import CardType
from calladventure.values._effects import Trigger


def _base(card_id: str) -> str:
    return card_id.split("#")[0]


def test_every_core_card_is_played_used_gained_or_kept() -> None:
    played: set[str] = set()
    used: set[tuple[str, int]] = set()
    reached: set[str] = set()
    kept: set[str] = set()
    allies: set[str] = set()
    db = None
    for seed in range(160):
        game = Game.new(players=4, seed=seed, record_events=False)
        ctx, state, rnd = game.ctx, game.state, random.Random(seed)
        db = ctx.db
        while not state.over:
            legal = rules.legal_actions(ctx, state)
            eager = [a for a in legal if isinstance(a, PlayCard | UsePower)]
            action = rnd.choice(eager) if eager and rnd.random() < 0.8 else rnd.choice(legal)
            if isinstance(action, PlayCard):
                played.add(_base(action.card))
            elif isinstance(action, UsePower):
                used.add((_base(action.card), action.index))
            elif isinstance(action, GainTrait | AttemptChallenge):
                reached.add(_base(action.card))
            elif isinstance(action, Keep):
                kept.add(action.card)
            rules.check(ctx, state, action, legal)
            state, _ = rules.apply(ctx, state, action, None)
        for player in state.players:
            allies.update(_base(a.card) for a in player.allies)
    assert db is not None
    cards = [c for c in db.values() if "#" not in c.id]
    assert not {c.id for c in cards if c.type.is_hand} - played
    activated = set()
    for c in cards:  # indices as the engine numbers them: card powers, then the visible path's
        activated |= {(c.id, i) for i, p in enumerate(c.powers) if p.trigger is Trigger.ACTIVATED}
        for path in c.paths:
            activated |= {
                (c.id, len(c.powers) + j) for j, p in enumerate(path.powers) if p.trigger is Trigger.ACTIVATED
            }
    assert activated, "the core set has activated powers"
    assert not activated - used
    story = {c.id for c in cards if c.type in (CardType.TRAIT, CardType.CHALLENGE, CardType.ADVERSARY)}
    assert not story - reached
    assert not {c.id for c in cards if c.type is CardType.ALLY} - allies
    assert not {c.id for c in cards if c.type.is_character} - kept
