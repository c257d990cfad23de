"""The odds explorer: choose runes, a bonus and a difficulty; see the exact distribution of the cast.

The cast is that of an attempt (000 · Attempt a Challenge): the core runes, ability runes per
icon and Dark runes (000 · Ability Runes; 000 · Dark Runes); the odds are exact
(000 · Rune Probability).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..data import bundled_runes
from ..rules import Odds, attempt_odds
from ..values._icons import ABILITIES, Icon
from ..values._runes import Rune, RuneSet
from ._common import Reporter, heading

__all__ = ["OddsExplorer"]


class OddsExplorer:
    """Choose runes, a bonus and a difficulty; see the exact distribution of the cast update
    (000 · Rune Probability; 000 · Attempt a Challenge).

    An attempt casts the three core runes, one ability rune per matching icon (at most three per
    ability, the special rune third, at most two abilities per challenge) and the Dark runes
    bought (000 · Ability Runes; 000 · Dark Runes). ``runes`` is a rune set or a bundled one's id.
    """

    def __init__(
        self,
        runes: RuneSet | str = "core",
        *,
        difficulty: int = 3,
        bonus: int = 0,
        dark: int = 0,
        abilities: Mapping[Icon | str, int] | None = None,
        core: bool = True,
    ):
        self.runes = bundled_runes(runes) if isinstance(runes, str) else runes
        self._report = Reporter()
        self.message = self._report.message
        self.difficulty = w.IntSlider(value=difficulty, min=0, max=15, description="difficulty")
        self.bonus = w.IntSlider(value=bonus, min=-5, max=8, description="bonus")
        self.dark = w.IntSlider(value=dark, min=0, max=6, description="Dark runes")
        self.core = w.Checkbox(value=core, description="the 3 core runes", indent=False)
        given = {Icon(k): v for k, v in (abilities or {}).items()}
        self.abilities = {
            ab: w.IntSlider(value=given.get(ab, 0), min=0, max=3, description=ab.value) for ab in ABILITIES
        }
        self.summary = w.HTML()
        self.summary.add_class("ca-w-odds-summary")
        self.chart = w.HTML()
        self.chart.add_class("ca-w-odds")
        for control in (self.difficulty, self.bonus, self.dark, self.core, *self.abilities.values()):
            control.observe(lambda _c: self.update(), names="value")
        controls = w.VBox([self.difficulty, self.bonus, self.dark, self.core])
        ability_box = w.VBox([heading("ability runes (icons in the Story)"), *self.abilities.values()])
        self.widget = w.VBox(
            [
                w.Box([controls, ability_box], layout=w.Layout(flex_flow="row wrap", grid_gap="12px")),
                self.message,
                self.summary,
                self.chart,
            ]
        )
        self.widget.add_class("ca-odds-explorer")
        self.update()

    @property
    def pool(self) -> tuple[Rune, ...]:
        """The runes cast: core, ability runes per icon count, then the Dark runes."""
        pool: list[Rune] = list(self.runes.core) if self.core.value else []
        for ab, slider in self.abilities.items():
            pool.extend(self.runes.ability_runes(ab, int(slider.value)))
        pool.extend([self.runes.dark] * int(self.dark.value))
        return tuple(pool)

    @property
    def odds(self) -> Odds:
        """The exact odds of the chosen cast against the chosen difficulty."""
        return attempt_odds(self.pool, int(self.difficulty.value), int(self.bonus.value))

    def set(
        self,
        *,
        difficulty: int | None = None,
        bonus: int | None = None,
        dark: int | None = None,
        core: bool | None = None,
        **abilities: int,
    ) -> OddsExplorer:
        """Move the controls from code (``set(difficulty=4, strength=2)``); the picture follows."""
        for control, value in (
            (self.difficulty, difficulty),
            (self.bonus, bonus),
            (self.dark, dark),
            (self.core, core),
        ):
            if value is not None:
                control.value = value
        for name, count in abilities.items():
            self.abilities[Icon(name)].value = count
        return self

    def update(self) -> None:
        """Recompute the distribution and update the picture in place."""

        def run() -> None:
            pool = self.pool
            odds = self.odds
            used = [ab.value for ab, s in self.abilities.items() if s.value]
            warn = (
                f" · note: a challenge names at most two abilities, here {len(used)}" if len(used) > 2 else ""
            )
            names = " ".join(r.id for r in pool) or "no runes"
            self.summary.value = (
                '<div style="font:13px system-ui,sans-serif">'
                f"<b>{float(odds.p_success) * 100:.2f}%</b> to reach {odds.difficulty} "
                f"({odds.runes} runes, bonus {odds.bonus:+d}; mean {float(odds.mean):.2f}, "
                f"range {odds.min}–{odds.max}){html.escape(warn)}"
                f'<div style="font-size:11.5px;opacity:.75">pool: {html.escape(names)}</div></div>'
            )
            self.chart.value = odds._repr_html_()
            self._report.show("")

        self._report.guard(run)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return f"<OddsExplorer {self.odds!r}>"
