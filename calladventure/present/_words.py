"""The words of the pictures, shared by the rich and HTML renderers: chips, titles, glyphs, seat names.

Nothing here asks the rules anything: these are plain functions of values (a card, a path, a
rune face, the table's config), so the terminal and the notebook say the same thing in the
same words.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules import PictureLine
from ..values._cards import Card, CardType, Path
from ..values._effects import Requirement
from ..values._icons import GLYPHS, Icon, declared_icons
from ..values._runes import CastRune, Draw, Rune, RuneKind
from ..values._state import Config

#: A small labelled mark: (kind, text, tooltip). ``kind`` picks the HTML class and the rich style.
Chip = tuple[str, str, str]

#: The Acts in Roman numerals, as the cards print them (4: a hero who has finished Act III).
ROMAN = {1: "I", 2: "II", 3: "III", 4: "—"}

#: The css / style kind of each kind of rune (000 · Ability Runes; 000 · Dark Runes).
RUNE_KINDS: dict[RuneKind, str] = {
    RuneKind.CORE: "core",
    RuneKind.DARK: "dark",
    RuneKind.ABILITY: "ability",
    RuneKind.SPECIAL: "special",
}

_MARKS: dict[Icon, str] = {
    Icon.VIRTUE: "Virtue: move one level up the Corruption track when gained",
    Icon.CORRUPTION: "Corruption: move one level down the Corruption track when gained",
    Icon.HERO: "Hero triangle: draw a Hero card when gained",
    Icon.ANTIHERO: "Antihero triangle: draw an Antihero card when gained",
}


def icon_title(icon: Icon) -> str:
    """What an icon is, in words, for tooltips and legends (000 · Story Icons; 000 · Ability Runes)."""
    name = icon.value.capitalize()
    if icon in _MARKS:
        return _MARKS[icon]
    if icon is Icon.RADIANT:
        return "Radiant: a story icon; no Dark runes on a path that shows it (000 · Special Rules)"
    if icon.is_ability:
        return f"{name}: ability icon (one {name} rune per icon when a challenge lists it)"
    if icon.is_story:
        return f"{name}: story icon (sets of matching icons score at the end)"
    declared = icon.declaration
    if declared is not None:  # a box's own kind of icon (002 · Naming: a Name icon)
        return f"{name}: {declared.kind.capitalize()} icon"
    return name


def glyph(icon: Icon) -> str:
    """The one-character mark of an icon: its declaration's (the core's or a box's), else its initial."""
    design = icon.design
    return design.glyph if design is not None else icon.value[:1].upper()


def legend_icons() -> tuple[Icon, ...]:
    """Every icon with a glyph, as a legend lists them: the core's, then the boxes' (in the order declared)."""
    return (*GLYPHS, *declared_icons())


def who(config: Config, seat: int | None) -> str:
    """A seat's name, with its P-number when the name is the player's own."""
    if seat is None:
        return "—"
    name = config.name(seat)
    return name if name == f"P{seat + 1}" else f"{name} (P{seat + 1})"


def act_name(act: int) -> str:
    """An Act in words: "Act II", or "finished" past Act III (000 · Ending An Act)."""
    return "finished" if act > 3 else f"Act {ROMAN[act]}"


def card_kind(card: Card) -> str:
    """A card's kind and Act: "Challenge · Act II" (000 · Traits and Challenges)."""
    kind = card.type.value.capitalize()
    if card.act is not None:
        kind += f" · Act {ROMAN.get(card.act, str(card.act))}"
    return kind


def points_chips(triumph: int, tragedy: int) -> list[Chip]:
    """Triumph and Tragedy points as chips, the zeros left out (000 · Ending the Game)."""
    out: list[Chip] = []
    if triumph:
        out.append(("tri", f"{triumph} Triumph", "Triumph points at the end of the game"))
    if tragedy:
        out.append(
            ("tra", f"{tragedy} Tragedy", "Tragedy points at the end of the game (they add to the score too)")
        )
    return out


def icon_chips(icons: Iterable[Icon]) -> list[Chip]:
    """One glyph chip per icon, its meaning as the tooltip."""
    return [("ic", glyph(i), icon_title(i)) for i in icons]


def path_chips(path: Path) -> list[Chip]:
    """A path's marks: icons, the "+1" difficulty icon, Experience, Triumph and Tragedy (000 · Glossary: Path)."""
    chips = icon_chips(path.icons)
    if path.plus_one:
        chips.append(("plus", "+1", '"+1" icon: this path is one harder (000 · Attempt a Challenge)'))
    if path.xp:
        chips.append(("xp", f"+{path.xp} XP", "gain this much Experience when the path is gained"))
    return chips + points_chips(path.triumph, path.tragedy)


def requirement_text(req: Requirement | None) -> str:
    """A trait's prerequisite in words, or ``""`` (000 · Gain a Trait)."""
    if req is None or req.empty:
        return ""
    bits = [f"{n} {glyph(i)} {i.value}" for i, n in req.icons.items()]
    if req.virtue_at_least is not None:
        bits.append(f"{req.virtue_at_least}+ Virtue")
    if req.corruption_at_least is not None:
        bits.append(f"{req.corruption_at_least}+ Corruption")
    if req.after_failing:
        bits.append("after failing this turn")
    return "needs " + ", ".join(bits)


def card_chips(card: Card) -> list[Chip]:
    """A card's header marks: difficulty, relevant abilities, trait cost and prerequisite."""
    chips: list[Chip] = []
    if card.difficulty is not None:
        chips.append(("diff", f"difficulty {card.difficulty}", "successes needed to overcome it"))
    for ab in card.abilities[:2]:
        chips.append(("ab", f"{glyph(ab)} {ab.value.capitalize()}", f"relevant ability: {icon_title(ab)}"))
    if card.cost_xp:
        chips.append(
            ("xp", f"costs {card.cost_xp} XP", "Experience paid to gain this trait (000 · Gain a Trait)")
        )
    req = requirement_text(card.requires)
    if req:
        chips.append(("tag", req, "prerequisite (000 · Gain a Trait)"))
    if card.play is not None:
        chips.append(("tag", f"timing: {card.play.timing.value.replace('_', ' ')}", "when it may be played"))
    return chips


def hand_chip(card: Card, tooltip: str) -> Chip:
    """A Hero or Antihero card in a hand, coloured by its deck (000 · Hero and Antihero Cards)."""
    return ("hero" if card.type is CardType.HERO else "anti", card.name, tooltip)


def rune_title(rune: Rune) -> str:
    """A rune's id, kind and both faces, for tooltips (000 · Reading the Runes)."""
    faces = " | ".join(f"{f.name} ({f.successes})" for f in rune.faces)
    kind = {
        RuneKind.CORE: "core rune",
        RuneKind.DARK: "Dark rune (a moon adds 2 and 1 Corruption)",
        RuneKind.ABILITY: f"{rune.ability.value if rune.ability else ''} ability rune",
        RuneKind.SPECIAL: f"{rune.ability.value if rune.ability else ''} special rune",
    }[rune.kind]
    return f"{rune.id}: {kind}; faces {faces}"


def rune_chip(cr: CastRune) -> tuple[str, str, str, str]:
    """(css kind, face text, marks, tooltip) of one cast rune: moon, triangle and diamond marked."""
    face = cr.face
    marks = ""
    bits = [f"{face.successes} success" + ("" if face.successes == 1 else "es")]
    if face.corruption:
        marks += "☾"
        bits.append(f"moon: {face.corruption} Corruption")
    if face.draw is not None:
        marks += {Draw.HERO: "△", Draw.ANTIHERO: "▽", Draw.CHOICE: "▲"}[face.draw]
        bits.append(
            f"triangle: draw a {'Hero or Antihero' if face.draw is Draw.CHOICE else face.draw.value.capitalize()} card"
        )
    if face.xp:
        marks += "◆"
        bits.append(f"diamond: {face.xp} Experience")
    return (
        RUNE_KINDS[cr.rune.kind],
        face.name,
        marks,
        f"{cr.rune.id} landed on {face.name}: " + "; ".join(bits),
    )


def line_value(line: PictureLine) -> str:
    """A box's picture line's value, after the glyphs of its icons."""
    marks = " ".join(glyph(i) for i in line.icons)
    return f"{marks} {line.value}" if marks else line.value


__all__ = [
    "ROMAN",
    "RUNE_KINDS",
    "Chip",
    "act_name",
    "card_chips",
    "card_kind",
    "glyph",
    "hand_chip",
    "icon_chips",
    "icon_title",
    "legend_icons",
    "line_value",
    "path_chips",
    "points_chips",
    "requirement_text",
    "rune_chip",
    "rune_title",
    "who",
]
