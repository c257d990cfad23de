"""The Jupyter front end (ipywidgets): the game stepper, the odds explorer, the scenario stepper, the score card.

Needs ipywidgets (``pip install ".[jupyter]"``). Each widget is a plain object that
shows itself in a notebook (``_repr_mimebundle_``); ``.widget`` is its ipywidgets box. Every
picture in it is an ``HTML`` widget whose ``value`` is updated in place, and the action buttons
are replaced only when the legal actions change, so nothing is rebuilt and nothing flickers.
An illegal action, a bad save file or any other error is shown in the widget's message line,
never lost in a log. The pictures are those of :mod:`calladventure.present` (inline HTML only).

:mod:`~calladventure.widgets._game_widget` (with its
:mod:`~calladventure.widgets._attempt_panel`), :mod:`~calladventure.widgets._odds_explorer` and
:mod:`~calladventure.widgets._scenario_stepper` and :mod:`~calladventure.widgets._score_card` hold one widget each;
:mod:`~calladventure.widgets._common` what they share.
"""

try:
    import ipywidgets  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # pragma: no cover - only without the optional extra
    raise ImportError(
        'calladventure.widgets needs ipywidgets: pip install ".[jupyter]" in the calladventure checkout'
    ) from exc

from ._common import action_label
from ._game_widget import GameWidget
from ._odds_explorer import OddsExplorer
from ._scenario_stepper import Check, ScenarioStepper, Step
from ._score_card import ScoreCard

__all__ = ["Check", "GameWidget", "OddsExplorer", "ScenarioStepper", "ScoreCard", "Step", "action_label"]
