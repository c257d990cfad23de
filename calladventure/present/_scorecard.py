"""The pictures of a score card (a game scored at the table): JSON, and HTML for the ScoreCard widget.

The scores are :class:`~calladventure.values._score.Score` values from the rules' own scoring
(:mod:`calladventure.play._scorecard`); these functions only lay them out, line by line, each
with its rule, generic over whatever lines the rules return (000 · Ending the Game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..values._score import Score
from ..values._sections import cite
from ._html_cards import root
from ._html_game import scores_frag
from ._i18n import label_text
from ._viewmodel import scores_model

__all__ = ["score_card_html", "score_json"]


def score_json(scores: Sequence[Score], lang: str = "en") -> dict[str, Any]:
    """The scores as plain data: each hero's lines (label, Triumph, Tragedy, rule), totals and the winners."""
    return {
        "heroes": [
            {
                "name": s.name,
                "total": s.total,
                "triumph": s.triumph,
                "tragedy": s.tragedy,
                "lines": [
                    {
                        "label": label_text(line.label, lang),
                        "triumph": line.triumph,
                        "tragedy": line.tragedy,
                        "section": line.section,
                        "rule": cite(line.section),
                    }
                    for line in s.lines
                ],
            }
            for s in scores
        ],
        "winners": [scores[w].name for w in scores_model(scores).winners],
    }


def score_card_html(scores: Sequence[Score], lang: str = "en") -> str:
    """Every hero's itemised score side by side, the winners named; each rule opens its explanation."""
    return root(scores_frag(scores_model(scores), lang=lang), "scores")
