"""The score card widget: score a game played at the table, in a notebook (000 · Ending the Game).

One tab per hero: the Story by card names (Origin, Motivation and Destiny offered from the bundled sets,
the cards under each Character card, Allies, Hero and Antihero cards played) or by counts
(Triumph and Tragedy showing, story icons, cards played); then the Destiny, unspent Experience,
the Corruption level, Name tokens and Odium. The itemised scores follow every change, each
line with its rule (click it for why), through the rules' own scoring
(:mod:`calladventure.play._scorecard`). A bad or impossible entry is shown in the message line,
a mistyped name with the card-name resolver's "did you mean" (no control refuses or drops text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import ipywidgets as w  # type: ignore[import-untyped]

from ..data import bundled_set
from ..play._scorecard import ScoreSheet, score_sheets
from ..present._i18n import N_, check_lang, t
from ..present._scorecard import score_card_html
from ..values._cards import CardType
from ..values._icons import STORY_ICONS, declared_icons
from ..values._score import Score
from ._common import Reporter, button, heading

__all__ = ["UNDER", "HeroForm", "ScoreCard"]

#: The headings of the three lists of cards under the Character cards.
UNDER = (N_("under the Origin"), N_("under the Motivation"), N_("under the Destiny"))


def _names(sets: Sequence[str], *types: CardType) -> list[str]:
    return sorted({c.name for s in sets for c in bundled_set(s).cards if c.type in types})


def _cards_input() -> Any:
    """A list of card names that takes any text: a name no card has is reported in the message
    line by the scoring (the card-name resolver's "did you mean"), not refused by the control."""
    return w.TagsInput(allow_duplicates=False, placeholder="card names")


class HeroForm:
    """One hero's entries: the Story by cards or by counts, and what every score card asks."""

    def __init__(self, seat: int, sets: Sequence[str], on_change: Any, lang: str = "en") -> None:
        self.name = w.Text(value=f"P{seat + 1}", description="hero")
        self.mode = w.ToggleButtons(options=[("by cards", "cards"), ("by counts", "counts")], value="cards")
        self.origin = w.Combobox(
            options=_names(sets, CardType.ORIGIN), description="Origin", ensure_option=False
        )
        self.motivation = w.Combobox(
            options=_names(sets, CardType.MOTIVATION), description="Motivation", ensure_option=False
        )
        self.under = [_cards_input() for _ in range(3)]
        self.allies = _cards_input()
        self.played = _cards_input()
        self.triumph = w.BoundedIntText(min=0, max=200, description="Triumph")
        self.tragedy = w.BoundedIntText(min=0, max=200, description="Tragedy")
        self.icons = {
            i.value: w.BoundedIntText(min=0, max=30, description=i.value, layout=w.Layout(width="170px"))
            for i in (*STORY_ICONS, *(i for i in declared_icons() if i.is_story))
        }
        self.heroes_played = w.BoundedIntText(min=0, max=18, description="Hero cards")
        self.antiheroes_played = w.BoundedIntText(min=0, max=18, description="Antihero cards")
        self.destiny = w.Combobox(
            options=_names(sets, CardType.DESTINY), description="Destiny", ensure_option=False
        )
        self.experience = w.BoundedIntText(min=0, max=99, description="Experience")
        self.corruption = w.IntSlider(
            value=0, min=-2, max=4, description="Corruption", tooltip="levels below the start"
        )
        self.names = w.TagsInput(  # the Name icons the boxes declare (002 · Naming)
            allowed_tags=[i.value for i in declared_icons() if i.kind == "name"], allow_duplicates=False
        )
        self.odium = w.Checkbox(value=False, description="defeated Odium", indent=False)
        self.by_cards = w.VBox([self.origin, self.motivation, *(w.VBox([heading(t(lang, k)), u]) for k, u in zip(UNDER, self.under, strict=True)),
                                heading(t(lang, "Allies")), self.allies, heading(t(lang, "Hero and Antihero cards played")), self.played])  # fmt: skip
        self.by_counts = w.VBox([self.triumph, self.tragedy, heading(t(lang, "story icons")), w.Box(list(self.icons.values()), layout=w.Layout(flex_flow="row wrap")), self.heroes_played, self.antiheroes_played])  # fmt: skip
        self.by_counts.layout.display = "none"
        always = w.VBox(
            [
                self.destiny,
                self.experience,
                self.corruption,
                heading(t(lang, "Name tokens")),
                self.names,
                self.odium,
            ]
        )
        self.widget = w.VBox(
            [self.name, self.mode, self.by_cards, self.by_counts, heading(t(lang, "every hero")), always]
        )
        for control in self.controls():
            control.observe(lambda _c: on_change(), names="value")
        self.mode.observe(lambda _c: self._show_mode(), names="value")

    def controls(self) -> list[Any]:
        """Every input of the form."""
        return [
            self.name, self.mode, self.origin, self.motivation, *self.under, self.allies, self.played,
            self.triumph, self.tragedy, *self.icons.values(), self.heroes_played, self.antiheroes_played,
            self.destiny, self.experience, self.corruption, self.names, self.odium,
        ]  # fmt: skip

    def _show_mode(self) -> None:
        counts = self.mode.value == "counts"
        self.by_cards.layout.display = "none" if counts else "flex"
        self.by_counts.layout.display = "flex" if counts else "none"

    def sheet(self) -> ScoreSheet:
        """What the form says, as a :class:`ScoreSheet`."""
        common = ScoreSheet(
            name=self.name.value.strip() or "Hero",
            destiny=self.destiny.value or None,
            experience=int(self.experience.value),
            corruption=int(self.corruption.value),
            names=tuple(self.names.value),
            defeated_odium=bool(self.odium.value),
        )
        if self.mode.value == "counts":
            icons = tuple((k, int(v.value)) for k, v in self.icons.items() if v.value)
            return attrs.evolve(common, triumph=int(self.triumph.value), tragedy=int(self.tragedy.value), icons=icons,
                                heroes_played=int(self.heroes_played.value), antiheroes_played=int(self.antiheroes_played.value))  # fmt: skip
        return attrs.evolve(common, origin=self.origin.value or None, motivation=self.motivation.value or None,
                            story=tuple(tuple(u.value) for u in self.under), allies=tuple(self.allies.value), played=tuple(self.played.value))  # fmt: skip


class ScoreCard:
    """Score a game played at the table: one tab per hero, the itemised scores below (000 · Ending the Game).

    ``sets``: the bundled card sets the game used; ``heroes``: how many tabs to start with (1 to 4);
    ``lang``: "en" or "fr". :meth:`set` fills a hero's form from code; :attr:`scores` are the
    scores shown (empty while an entry is refused, the refusal in :attr:`error`).
    """

    def __init__(self, sets: Sequence[str] = ("core",), *, heroes: int = 2, lang: str = "en") -> None:
        self.sets = tuple(sets)
        self.lang = check_lang(lang)
        self._report = Reporter()
        self.message = self._report.message
        self.scores: tuple[Score, ...] = ()
        self.forms: list[HeroForm] = []
        self.tabs = w.Tab()
        self.add_button = button(
            t(lang, "add a hero"), "ca-w-add-hero", t(lang, "a tab for one more hero (up to four)")
        )
        self.add_button.on_click(lambda _b: self.add_hero())
        self.view = w.HTML()
        self.view.add_class("ca-w-score-card")
        self.widget = w.VBox(
            [heading(t(lang, "Score card")), self.tabs, self.add_button, self.message, self.view]
        )
        self.widget.add_class("ca-score-card")
        for _ in range(max(1, min(heroes, 4))):
            self.add_hero(update=False)
        self.update()

    @property
    def error(self) -> str | None:
        """The refusal shown now (None when every entry is valid)."""
        return self._report.error

    def add_hero(self, *, update: bool = True) -> HeroForm | None:
        """One more hero's tab (at most four)."""
        if len(self.forms) >= 4:
            self._report.show("a game has at most four heroes")
            return None
        form = HeroForm(len(self.forms), self.sets, self.update, self.lang)
        self.forms.append(form)
        self.tabs.children = tuple(f.widget for f in self.forms)
        for i, f in enumerate(self.forms):
            self.tabs.set_title(i, f.name.value)
        self.add_button.disabled = len(self.forms) >= 4
        if update:
            self.update()
        return form

    def set(self, seat: int, **values: Any) -> ScoreCard:
        """Fill hero ``seat``'s form from code: ``set(0, origin="Farmer", under_origin=["Brave"], experience=2)``."""
        form = self.forms[seat]
        for key, value in values.items():
            if key.startswith("under_"):
                form.under[("under_origin", "under_motivation", "under_destiny").index(key)].value = list(
                    value
                )
            elif key == "icons":
                for name, n in dict(value).items():
                    form.icons[name].value = n
            else:
                control = getattr(form, key)
                control.value = list(value) if isinstance(control, w.TagsInput) else value
        self.update()
        return self

    def update(self) -> None:
        """Score every hero from the forms and show it; a refused entry is shown, the last scores cleared."""
        for i, f in enumerate(self.forms):
            self.tabs.set_title(i, f.name.value or f"P{i + 1}")

        def run() -> None:
            self.scores = ()
            self.scores = score_sheets([f.sheet() for f in self.forms], self.sets)
            self.view.value = score_card_html(self.scores, self.lang)
            self._report.show("")

        if not self._report.guard(run):
            self.view.value = ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.widget._repr_mimebundle_(**kwargs)
        return bundle

    def __repr__(self) -> str:
        return (
            f"<ScoreCard {len(self.forms)} heroes: {', '.join(f'{s.name} {s.total}' for s in self.scores)}>"
        )
