"""Rich and HTML views of the Worldspanner values (003 · Reading the Challenge card)."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.console import Console

from calladventure.worldspanner import (
    FACES,
    Team,
    WorldspannerState,
    adventure,
    default_deck,
    default_factions,
    odds_table,
    remaining_table,
    stack_deck,
)
from calladventure.worldspanner._display import _COLOURS

Maker = Callable[..., WorldspannerState]


def rendered(value: object, width: int = 160) -> str:
    console = Console(record=True, width=width, color_system=None)
    console.print(value)
    return console.export_text()


def self_contained(html: str) -> bool:
    return not re.search(r"<script|<link|https?://|@import|url\(", html)


def test_state_html_shows_teams_heroes_spaces_decks_and_cited_events(make_table: Maker) -> None:
    state = stack_deck(make_table(), Team.WHITE, ["even"])
    state, _ = adventure(state, "ayla")
    html = state._repr_html_()
    for text in (
        "White active",
        "Adventure step",
        "Ayla",
        "Warriors",
        "Bastion Archery Range",
        "Steel Bastion",
    ):
        assert text in html
    assert "Archery Trial (Aim vs 5)" in html
    assert "dismissed" in html
    assert "003 · Capturing a Faction Adventure" in html
    assert ">19<" in html and ">1<" in html  # White's draw pile and discard pile
    assert self_contained(html)


def test_state_rich_shows_the_same(make_table: Maker) -> None:
    state, _ = adventure(make_table(), "corin")
    text = rendered(state)
    assert "Worldspanner table" in text and "Corin" in text and "Old Well" in text
    assert "003 · Reading the Challenge card" in text


def test_result_views_name_the_face_and_the_modifiers(make_table: Maker) -> None:
    state = stack_deck(make_table(), Team.WHITE, ["even"])
    _, result = adventure(state, "ayla")
    html = result._repr_html_()
    assert "Pass" in html and "faction +2" in html and "Better By 3" in html and "Capture: placed" in html
    assert self_contained(html)
    assert "Pass" in rendered(result)
    assert str(result).startswith("ayla on range: 8 vs 5")


def test_deck_views_list_every_card_and_its_faces() -> None:
    deck = default_deck()
    html = deck._repr_html_()
    for card, copies in deck.kinds():
        assert f">{card.id}<" in html and f"×{copies}" in html
    assert "monotone: yes" in html and "symmetric: yes" in html
    assert all(f'title="{f.label}"' in html for f in FACES)
    assert self_contained(html)
    text = rendered(deck)
    assert "golden" in text and "+6" in text
    card_html = deck.card("even")._repr_html_()
    assert card_html.count("<td") == 13
    assert "even" in rendered(deck.card("even"))


def test_odds_views_give_exact_counts(make_table: Maker) -> None:
    html = odds_table(default_deck())._repr_html_()
    assert "12/20" in html and "19/20" in html
    assert self_contained(html)
    text = rendered(odds_table(default_deck()))
    assert "95" in text and "60" in text
    state = make_table()
    left = remaining_table(state, Team.BLACK)
    assert "20 cards left of 20" in left._repr_html_()
    assert "Better By 1" in left.at(1)._repr_html_()


def test_faction_views_show_keys_and_oppositions() -> None:
    html = default_factions()._repr_html_()
    assert "Steel Bastion" in html and "Adventurers, Icons" in html and "003/faction-relations" in html
    assert "Lostlight Society" in rendered(default_factions())


def test_face_colours_set_both_background_and_text_for_light_and_dark_themes() -> None:
    def luminance(hex_colour: str) -> float:
        r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for face in FACES:
        bg, fg = _COLOURS[face]
        hi, lo = sorted((luminance(bg), luminance(fg)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, face
    html = default_deck().card("even")._repr_html_()
    assert all(("background:" in cell and ";color:" in cell) for cell in re.findall(r"<td [^>]*>", html))


def test_plain_reprs_are_short_summaries(make_table: Maker) -> None:
    state = make_table()
    assert repr(state) == (
        "<WorldspannerState round 1, White Adventure step, 3 heroes, 6 spaces, "
        "<TeamDeck white: 20 to draw, 0 used, 0 reshuffles, deck 'default'>, "
        "<TeamDeck black: 20 to draw, 0 used, 0 reshuffles, deck 'default'>, 1 events>"
    )
    assert repr(default_deck()) == "<ChallengeDeck 'default': 20 cards, 7 kinds>"
    assert repr(default_factions()).startswith("<FactionTable 'default': warriors, icons")
