"""The Jupyter front end (ipywidgets): the game stepper, the odds explorer, the scenario stepper."""

from .views import Check, GameWidget, OddsExplorer, ScenarioStepper, Step, action_label

__all__ = ["Check", "GameWidget", "OddsExplorer", "ScenarioStepper", "Step", "action_label"]
