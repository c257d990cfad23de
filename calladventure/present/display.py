"""Pictures of a game: rich renderables and self-contained HTML for cards, Stories, rows, casts and scores.

Every HTML view is one ``<div class="ca-root …">`` with its own scoped ``<style>``: no
scripts, fonts, images or other network assets. Text is escaped; everything inherits the
page's colour (``currentColor``, translucent backgrounds), and the few coloured badges set
both background and text colour, so the views read the same in light and dark notebook
themes. Rich views build ``Text`` values (never markup strings), so card names are shown as
written. A game is shown as the seat to move sees it: other seats' hands and unrevealed
Destinies stay hidden unless ``reveal=True`` (000 · Deal the Cards).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import rules as engine
from ..rules.context import Context
from ..rules.odds import attempt_odds
from ..rules.scoring import Score, winners
from ..rules.story import icon_counts, visible_paths
from ..values.actions import Action, AttemptChallenge, CastRunes
from ..values.cards import Card, CardType, Path, Side
from ..values.effects import Bonus, Difficulty, Requirement, TempIcon
from ..values.events import Event
from ..values.icons import ABILITIES, GLYPHS, NAME_ICONS, STORY_ICONS, Icon
from ..values.runes import Cast, CastRune, Draw, Rune, RuneKind
from ..values.sections import cite
from ..values.state import (
    ActiveEffect,
    Attempt,
    AwaitCast,
    ChooseCharacter,
    ChooseDraw,
    ChooseRecastDark,
    Config,
    Decision,
    GameState,
    Phase,
    PlaceAlly,
    Player,
    Window,
    WindowKind,
)

if TYPE_CHECKING:
    from ..game.game import Game

# ============================================================================ shared words

#: A small labelled mark: (kind, text, tooltip). ``kind`` picks the HTML class and the rich style.
Chip = tuple[str, str, str]

_ROMAN = {1: "I", 2: "II", 3: "III", 4: "—"}
_MARKS: dict[Icon, str] = {
    Icon.VIRTUE: "Virtue: move one level up the Corruption track when gained",
    Icon.CORRUPTION: "Corruption: move one level down the Corruption track when gained",
    Icon.HERO: "Hero triangle: draw a Hero card when gained",
    Icon.ANTIHERO: "Antihero triangle: draw an Antihero card when gained",
}
_RICH_STYLE: dict[str, str] = {
    "tri": "bold black on yellow",
    "tra": "bold white on purple4",
    "xp": "bold cyan",
    "diff": "bold",
    "plus": "bold red",
    "hero": "bold white on blue",
    "anti": "bold white on dark_red",
    "dark": "bold white on purple4",
    "ok": "green",
    "no": "dim strike",
    "ic": "",
    "ab": "bold",
    "tag": "dim",
    "win": "bold white on green4",
    "lose": "bold white on red3",
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
    if icon.is_name:
        return f"{name}: Name icon"
    return name


def _glyph(icon: Icon) -> str:
    return GLYPHS.get(icon, icon.value[:1].upper())


def _who(config: Config, seat: int | None) -> str:
    """A seat's name, with its P-number when the name is the player's own."""
    if seat is None:
        return "—"
    name = config.name(seat)
    return name if name == f"P{seat + 1}" else f"{name} (P{seat + 1})"


def _card_kind(card: Card) -> str:
    kind = card.type.value.capitalize()
    if card.act is not None:
        kind += f" · Act {_ROMAN.get(card.act, str(card.act))}"
    return kind


def _points_chips(triumph: int, tragedy: int) -> list[Chip]:
    out: list[Chip] = []
    if triumph:
        out.append(("tri", f"{triumph} Triumph", "Triumph points at the end of the game"))
    if tragedy:
        out.append(
            ("tra", f"{tragedy} Tragedy", "Tragedy points at the end of the game (they add to the score too)")
        )
    return out


def _icon_chips(icons: Iterable[Icon]) -> list[Chip]:
    return [("ic", _glyph(i), icon_title(i)) for i in icons]


def path_chips(path: Path) -> list[Chip]:
    """A path's marks: icons, the "+1" difficulty icon, Experience, Triumph and Tragedy (000 · Glossary: Path)."""
    chips = _icon_chips(path.icons)
    if path.plus_one:
        chips.append(("plus", "+1", '"+1" icon: this path is one harder (000 · Attempt a Challenge)'))
    if path.xp:
        chips.append(("xp", f"+{path.xp} XP", "gain this much Experience when the path is gained"))
    return chips + _points_chips(path.triumph, path.tragedy)


def _requirement_text(req: Requirement | None) -> str:
    if req is None or req.empty:
        return ""
    bits = [f"{n} {_glyph(i)} {i.value}" for i, n in req.icons.items()]
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
        chips.append(("ab", f"{_glyph(ab)} {ab.value.capitalize()}", f"relevant ability: {icon_title(ab)}"))
    if card.cost_xp:
        chips.append(
            ("xp", f"costs {card.cost_xp} XP", "Experience paid to gain this trait (000 · Gain a Trait)")
        )
    req = _requirement_text(card.requires)
    if req:
        chips.append(("tag", req, "prerequisite (000 · Gain a Trait)"))
    if card.play is not None:
        chips.append(("tag", f"timing: {card.play.timing.value.replace('_', ' ')}", "when it may be played"))
    return chips


def _effect_text(ae: ActiveEffect, ctx: Context) -> str:
    eff = ae.effect
    src = ctx.db[ae.source].name if ae.source in ctx.db else ae.source
    if isinstance(eff, Bonus):
        what = f"{eff.amount:+d} to attempts"
    elif isinstance(eff, Difficulty):
        what = f"{eff.amount:+d} difficulty"
    elif isinstance(eff, TempIcon):
        what = f"+{eff.count} {eff.icon.value} icon"
    else:
        what = type(eff).__name__
    wait = ", from the next turn" if ae.waiting else ""
    return f"{src}: {what} ({ae.duration.value}{wait})"


# ============================================================================ the game's words


def waiting_for(game: Game) -> str:
    """What the game waits for now, and whose decision it is (000 · FAQs: Card timing)."""
    state = game.state
    cfg = state.config
    if state.phase is Phase.OVER:
        return "nothing: the game is over"
    if state.pending:
        top = state.pending[-1]
        if isinstance(top, ChooseCharacter):
            return f"{_who(cfg, top.seat)} to keep one of the dealt {top.kind.capitalize()} cards"
        if isinstance(top, PlaceAlly):
            name = game.ctx.db[top.ally].name
            return f"{_who(cfg, top.seat)} to tuck the Ally {name} under a challenge of Act {_ROMAN[top.act]}"
        if isinstance(top, ChooseDraw):
            return f"{_who(cfg, top.seat)} to choose the Hero or Antihero deck for a draw"
        if isinstance(top, AwaitCast):
            return f"the runes to be cast for {_who(cfg, top.seat)}'s attempt"
        if isinstance(top, ChooseRecastDark):
            return (
                f"{_who(cfg, top.seat)} to buy more Dark runes before the re-attempt casts (dark 0 for none)"
            )
        if isinstance(top, Decision):
            return (
                f"{_who(cfg, top.seat)} to pledge loyalty to Odium as Act III begins, or stay with the heroes"
            )
        if isinstance(top, Window):
            when = (
                "before the runes are cast"
                if top.kind is WindowKind.BEFORE
                else "after the cast, before it resolves"
            )
            later = [_who(cfg, s) for s in top.order[1:]]
            then = f" (then {', '.join(later)})" if later else ""
            return f"timing window {when}: {_who(cfg, top.order[0])} may play a card or pass{then}"
    return f"{_who(cfg, state.turn.seat)}'s main action: gain a trait, attempt a challenge, journey, or end the turn"


def last_cast(game: Game) -> tuple[Cast, Attempt] | None:
    """The latest rune cast of the current turn with its attempt (000 · Reading the Runes)."""
    ctx, state = game.ctx, game.state
    att = state.attempt
    if att is not None and att.cast:
        return Cast(
            tuple(CastRune(r, r.faces[f]) for r, f in ((ctx.rune_by_id[i], f) for i, f in att.cast))
        ), att
    history = game.history
    for i in range(len(history) - 1, -1, -1):
        before = game.state_at(i)
        if before.turn.number != state.turn.number:
            return None
        action = history[i]
        if isinstance(action, CastRunes) and action.faces is not None and before.attempt is not None:
            pool = engine.attempt_pool(ctx, before, before.attempt)
            runes = tuple(CastRune(r, r.faces[f]) for r, f in zip(pool, action.faces, strict=True))
            return Cast(runes), before.attempt
    return None


def _before_cast(state: GameState) -> bool:
    return any(isinstance(p, AwaitCast) for p in state.pending)


def grouped_actions(game: Game) -> list[str]:
    """The legal actions with card names; an attempt's Dark-rune choices are folded into one line."""
    darks: dict[tuple[str, Side], list[int]] = {}
    order: list[Action | tuple[str, Side]] = []
    for a in game.legal_actions:
        if isinstance(a, AttemptChallenge):
            key = (a.card, a.side)
            if key not in darks:
                darks[key] = []
                order.append(key)
            darks[key].append(a.dark)
        else:
            order.append(a)
    out: list[str] = []
    for item in order:
        if isinstance(item, tuple):
            text = game.describe(AttemptChallenge(item[0], item[1], 0))
            top = max(darks[item])
            out.append(text + (f" dark=0…{top}" if top else ""))
        else:
            out.append(game.describe(item))
    return out


def _seen_as(game: Game, viewer: int, reveal: bool) -> str:
    if game.over:
        return "game over: every card revealed"
    return "every card revealed (teaching view)" if reveal else f"as {_who(game.config, viewer)} sees it"


def _viewer(game: Game, viewer: int | None) -> int:
    if viewer is not None:
        return viewer
    seat = game.to_move
    return game.state.turn.seat if seat is None else seat


def _rune_title(rune: Rune) -> str:
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
    kind = {
        RuneKind.CORE: "core",
        RuneKind.DARK: "dark",
        RuneKind.ABILITY: "ability",
        RuneKind.SPECIAL: "special",
    }
    return kind[cr.rune.kind], face.name, marks, f"{cr.rune.id} landed on {face.name}: " + "; ".join(bits)


# ============================================================================ HTML

_CSS = """
.ca-root{font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:inherit;text-align:left}
.ca-root *{box-sizing:border-box}
.ca-root .ca-box{border:1px solid rgba(127,127,127,.45);border-radius:8px;padding:6px 8px;background:rgba(127,127,127,.07);margin:4px 0}
.ca-root .ca-sec{font-weight:700;font-size:12px;letter-spacing:.04em;text-transform:uppercase;opacity:.75;margin:8px 0 3px}
.ca-root .ca-muted{opacity:.7}
.ca-root .ca-small{font-size:11px}
.ca-root .ca-flex{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
.ca-root .ca-chip{display:inline-block;border-radius:999px;padding:0 6px;margin:1px 2px 1px 0;font-size:11px;line-height:17px;white-space:nowrap;background:rgba(127,127,127,.16);vertical-align:middle}
.ca-root .ca-ic{background:none;padding:0 1px;font-size:14px;cursor:help}
.ca-root .ca-ab{border:1px solid rgba(127,127,127,.5);background:none}
.ca-root .ca-tri{background:#fcd34d;color:#1f2937;font-weight:600}
.ca-root .ca-tra{background:#6b21a8;color:#fff;font-weight:600}
.ca-root .ca-xp{background:rgba(14,165,233,.22);font-weight:600}
.ca-root .ca-diff{background:rgba(127,127,127,.3);font-weight:700}
.ca-root .ca-plus{background:#b91c1c;color:#fff;font-weight:700}
.ca-root .ca-hero{background:#1d4ed8;color:#fff}
.ca-root .ca-anti{background:#7f1d1d;color:#fff}
.ca-root .ca-dark{background:#312e81;color:#fff}
.ca-root .ca-win{background:#15803d;color:#fff;font-weight:700}
.ca-root .ca-lose{background:#b91c1c;color:#fff;font-weight:700}
.ca-root .ca-tag{opacity:.85}
.ca-root .ca-ok{background:rgba(34,197,94,.25)}
.ca-root .ca-no{opacity:.45;text-decoration:line-through}
.ca-root .ca-card{flex:1 1 220px;max-width:330px;min-width:0;border:1px solid rgba(127,127,127,.5);border-radius:8px;padding:5px 7px;background:rgba(127,127,127,.06)}
.ca-root .ca-card.ca-hl{border:2px solid #d97706;box-shadow:0 0 0 2px rgba(217,119,6,.25)}
.ca-root .ca-name{font-weight:700}
.ca-root .ca-kind{font-size:11px;opacity:.7}
.ca-root .ca-path{border-top:1px dashed rgba(127,127,127,.4);margin-top:3px;padding-top:2px}
.ca-root .ca-side{font-size:10px;text-transform:uppercase;letter-spacing:.05em;opacity:.65;margin-right:3px}
.ca-root .ca-text{font-size:11px;opacity:.8;font-style:italic;margin-top:2px}
.ca-root .ca-ally{margin-top:3px;padding:2px 4px;border-radius:5px;background:rgba(34,197,94,.14);font-size:11px}
.ca-root .ca-back{width:74px;height:96px;border-radius:8px;border:1px solid rgba(127,127,127,.5);display:flex;align-items:center;justify-content:center;font-weight:700;opacity:.8;background:repeating-linear-gradient(45deg,rgba(127,127,127,.16) 0 6px,rgba(127,127,127,.05) 6px 12px)}
.ca-root .ca-empty{flex:1 1 220px;max-width:330px;min-height:60px;border:1px dashed rgba(127,127,127,.5);border-radius:8px;display:flex;align-items:center;justify-content:center;opacity:.6}
.ca-root .ca-rowh{font-weight:700;margin:6px 0 2px}
.ca-root .ca-head{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline;padding:6px 10px;border-radius:8px;background:rgba(127,127,127,.13)}
.ca-root .ca-title{font-size:16px;font-weight:800}
.ca-root .ca-wait{flex-basis:100%;font-size:13px}
.ca-root .ca-tabs{display:grid;grid-template-columns:repeat(auto-fill,minmax(600px,1fr));gap:8px}
.ca-root .ca-tab{border:1px solid rgba(127,127,127,.45);border-radius:10px;padding:6px 8px;background:rgba(127,127,127,.05)}
.ca-root .ca-tab.ca-act{border:2px solid #d97706}
.ca-root .ca-tabh{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin-bottom:4px}
.ca-root .ca-tabh .ca-name{font-size:15px}
.ca-root .ca-story{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
.ca-root .ca-char{border:1px solid rgba(127,127,127,.45);border-radius:7px;padding:4px 6px;background:rgba(127,127,127,.07);min-height:40px}
.ca-root .ca-char.ca-now{border-color:#d97706}
.ca-root .ca-hidden{background:repeating-linear-gradient(45deg,rgba(127,127,127,.16) 0 6px,rgba(127,127,127,.05) 6px 12px)}
.ca-root .ca-tuck{border-top:1px dashed rgba(127,127,127,.4);margin-top:3px;padding-top:2px;font-size:12px}
.ca-root .ca-track{display:grid;grid-auto-flow:column;grid-auto-columns:1fr;gap:3px;margin-top:5px;font-size:11px}
.ca-root .ca-lvl{border:1px solid rgba(127,127,127,.35);border-radius:6px;padding:2px 3px;text-align:center}
.ca-root .ca-lvl.ca-here{border:2px solid #d97706;background:rgba(217,119,6,.14);font-weight:700}
.ca-root .ca-lvlname{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ca-root .ca-lvl .ca-chip{margin:1px 1px;padding:0 4px}
.ca-root .ca-mk{color:#d97706;font-size:12px}
.ca-root .ca-line{margin-top:3px}
.ca-root .ca-grid{display:grid;gap:1px 10px;align-items:baseline}
.ca-root .ca-num{text-align:right;font-variant-numeric:tabular-nums}
.ca-root .ca-rune{display:inline-flex;flex-direction:column;align-items:center;min-width:48px;padding:2px 7px;margin:2px;border-radius:10px;border:1px solid rgba(127,127,127,.5);background:rgba(127,127,127,.12);font-size:11px;line-height:1.25}
.ca-root .ca-rune b{font-size:14px}
.ca-root .ca-rune.ca-r-dark{background:#312e81;color:#fff;border-color:#312e81}
.ca-root .ca-rune.ca-r-ability{background:rgba(14,165,233,.2)}
.ca-root .ca-rune.ca-r-special{background:rgba(14,165,233,.2);border-style:dashed;border-width:2px}
.ca-root .ca-bar{height:8px;border-radius:4px;background:rgba(127,127,127,.25);overflow:hidden;width:160px;display:inline-block;vertical-align:middle}
.ca-root .ca-bar > span{display:block;height:100%;background:#16a34a}
.ca-root .ca-cols{display:grid;grid-template-columns:minmax(0,1.3fr) minmax(0,1fr);gap:8px}
.ca-root .ca-act-list{columns:2 220px;column-gap:14px;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:11.5px}
.ca-root .ca-act-list div{break-inside:avoid}
.ca-root .ca-ev{display:grid;grid-template-columns:auto auto 1fr auto;gap:1px 8px;font-size:12px}
.ca-root .ca-cite{font-size:10.5px;opacity:.65;white-space:nowrap}
.ca-root .ca-legend{font-size:11px;opacity:.85;display:flex;flex-wrap:wrap;gap:2px 12px}
"""


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _root(body: str, kind: str) -> str:
    """One root ``div`` with the scoped style; ``kind`` becomes a ``ca-`` class."""
    return f'<div class="ca-root ca-{kind}"><style>{_CSS}</style>{body}</div>'


def _chip_html(chip: Chip) -> str:
    kind, text, title = chip
    return f'<span class="ca-chip ca-{kind}" title="{_e(title)}">{_e(text)}</span>'


def _chips_html(chips: Iterable[Chip]) -> str:
    return "".join(_chip_html(c) for c in chips)


def _path_html(card: Card, path: Path, side: Side | None) -> str:
    label = "" if path.label in ("", card.name) else path.label
    head = f'<span class="ca-side">{_e(side.value)}</span>' if side is not None else ""
    lbl = f"<span>{_e(label)}</span> " if label else ""
    powers = "".join(f'<div class="ca-text">{_e(p.text)}</div>' for p in path.powers if p.text)
    return f'<div class="ca-path">{head}{lbl}{_chips_html(path_chips(path))}{powers}</div>'


def _card_frag(card: Card, *, ally: Card | None = None, note: str = "", highlight: bool = False) -> str:
    cls = "ca-card ca-hl" if highlight else "ca-card"
    parts = [
        f'<div class="{cls}" data-card="{_e(card.id)}">',
        f'<div><span class="ca-name">{_e(card.name)}</span> <span class="ca-kind">{_e(_card_kind(card))}</span></div>',
    ]
    chips = card_chips(card)
    if chips:
        parts.append(f"<div>{_chips_html(chips)}</div>")
    two = len(card.paths) == 2
    for side, path in zip(card.sides, card.paths, strict=False):
        parts.append(_path_html(card, path, side if two else None))
    if card.text:
        parts.append(f'<div class="ca-text">{_e(card.text)}</div>')
    if ally is not None:
        parts.append(
            f'<div class="ca-ally" title="An Ally under a challenge adds 1 to its difficulty; '
            f'overcome the challenge to gain the Ally too (000 · Allies)">Ally under it: '
            f"<b>{_e(ally.name)}</b> (+1 difficulty) {_chips_html(path_chips(ally.paths[0]))}</div>"
        )
    if note:
        parts.append(f'<div class="ca-small"><b>{_e(note)}</b></div>')
    parts.append("</div>")
    return "".join(parts)


def card_html(card: Card) -> str:
    """One card: kind, difficulty, relevant abilities, both paths, text (000 · Traits and Challenges)."""
    return _root(_card_frag(card), "card")


# ---------------------------------------------------------------------------- scores


def _score_frag(score: Score, *, win: bool = False) -> str:
    rows = []
    for line in score.lines:
        rows.append(
            f"<div>{_e(line.label)}</div>"
            f'<div class="ca-num">{line.triumph or ""}</div><div class="ca-num">{line.tragedy or ""}</div>'
            f'<div class="ca-cite">{_e(cite(line.section))}</div>'
        )
    total = (
        f"<div><b>Total {score.total}</b></div><div class='ca-num'><b>{score.triumph}</b></div>"
        f"<div class='ca-num'><b>{score.tragedy}</b></div><div></div>"
    )
    badge = ' <span class="ca-chip ca-win">winner</span>' if win else ""
    return (
        f'<div class="ca-box"><div><span class="ca-name">{_e(score.name)}</span>: '
        f"<b>{score.total}</b> points{badge}</div>"
        f'<div class="ca-grid" style="grid-template-columns:1fr auto auto auto">'
        f'<div class="ca-muted">line</div><div class="ca-muted ca-num">Triumph</div>'
        f'<div class="ca-muted ca-num">Tragedy</div><div class="ca-muted">rule</div>'
        + "".join(rows)
        + total
        + "</div></div>"
    )


def score_html(score: Score) -> str:
    """An itemised score, each line citing its rule (000 · Ending the Game)."""
    return _root(_score_frag(score), "score")


def scores_html(scores: Sequence[Score]) -> str:
    """Every hero's itemised score side by side, the winners marked (000 · Ending the Game)."""
    return _root(_scores_frag(scores), "scores")


def _scores_frag(scores: Sequence[Score]) -> str:
    if not scores:
        return ""
    best = set(winners(tuple(scores)))
    cells = "".join(
        f'<div style="flex:1;min-width:300px">{_score_frag(s, win=s.seat in best)}</div>' for s in scores
    )
    names = " and ".join(scores[w].name for w in sorted(best))
    head = f'<div class="ca-title">Winner: {_e(names)} with {scores[min(best)].total} points</div>'
    return head + f'<div class="ca-flex">{cells}</div>'


# ---------------------------------------------------------------------------- the table rows


def rows_html(game: Game) -> str:
    """The table: each Act's row, face-down rows as card backs, with deck and discard counts (000 · Prepare the Story Decks)."""
    return _root(_rows_frag(game), "rows")


def _rows_frag(game: Game) -> str:
    ctx, state = game.ctx, game.state
    att = state.attempt
    out = []
    for row in state.rows:
        filled = sum(1 for s in row.slots if s is not None)
        counts = f"deck {len(row.deck)} · discard {len(row.discard)}"
        if not row.revealed:
            backs = "".join(
                f'<div class="ca-back" title="face-down Act {_ROMAN[row.act]} card">{_ROMAN[row.act]}</div>'
                for _ in range(filled)
            )
            out.append(
                f'<div class="ca-rowh">Act {_ROMAN[row.act]} <span class="ca-muted ca-small">face down: {filled} cards '
                f"(revealed when a hero first completes Act {_ROMAN[row.act - 1]}) · {counts}</span></div>"
                f'<div class="ca-flex">{backs}</div>'
            )
            continue
        cards = []
        for i, slot in enumerate(row.slots):
            if slot is None:
                cards.append('<div class="ca-empty">empty slot</div>')
                continue
            card = ctx.db[slot.card]
            ally = ctx.db[slot.ally] if slot.ally is not None else None
            hl = att is not None and att.act == row.act and att.slot == i
            note = (
                f"being attempted by {_who(state.config, att.seat)} ({att.side.value})" if hl and att else ""
            )
            cards.append(_card_frag(card, ally=ally, note=note, highlight=hl))
        out.append(
            f'<div class="ca-rowh">Act {_ROMAN[row.act]} <span class="ca-muted ca-small">{counts}</span></div>'
            f'<div class="ca-flex">{"".join(cards)}</div>'
        )
    return "".join(out)


# ---------------------------------------------------------------------------- a hero's Story


def _track_frag(ctx: Context, player: Player) -> str:
    """The Corruption track as a horizontal strip: each level's allowances and points, the marker on one."""
    cells = []
    for i, level in enumerate(ctx.track.levels):
        here = i == player.level
        allow = "".join(
            f'<span class="ca-chip ca-{"ok" if ok else "no"}" title="{tip} {"allowed" if ok else "not allowed"} here">'
            f"{word}</span>"
            for ok, word, tip in (
                (level.hero, "H", "Hero cards"),
                (level.antihero, "A", "Antihero cards"),
                (level.dark_runes, "D", "Dark runes"),
            )
        )
        pts = _chips_html(_points_chips(level.triumph, level.tragedy)) or '<span class="ca-muted">0</span>'
        start = " (start)" if i == ctx.track.start and "start" not in level.label.lower() else ""
        mark = '<span class="ca-mk" title="this hero\'s marker">◆ </span>' if here else ""
        cls = "ca-lvl ca-here" if here else "ca-lvl"
        cells.append(
            f'<div class="{cls}"><div class="ca-lvlname">{mark}{_e(level.label or str(i))}{start}</div>'
            f"<div>{allow}</div><div>{pts}</div></div>"
        )
    return (
        '<div class="ca-track" title="Corruption track (000 · Glossary: Corruption): H / A / D = Hero cards, '
        f'Antihero cards, Dark runes allowed; the points are scored at the end">{"".join(cells)}</div>'
    )


def _to_choose(ctx: Context, player: Player) -> str:
    """The dealt Character cards not kept yet, by kind (000 · Deal the Cards)."""
    left = [ctx.db[c] for c in player.dealt if c not in player.characters]
    kinds = dict.fromkeys(c.type for c in left)
    return "; ".join(
        f"{k.value.capitalize()}: " + ", ".join(c.name for c in left if c.type is k) for k in kinds
    )


def _story_points(ctx: Context, player: Player, show_destiny: bool) -> tuple[int, int]:
    tri = tra = 0
    for _card, path in visible_paths(ctx, player, include_destiny=show_destiny):
        tri += path.triumph
        tra += path.tragedy
    return tri, tra


def _tableau_frag(game: Game, seat: int, *, secrets: bool, own: bool = False) -> str:
    ctx, state = game.ctx, game.state
    cfg = state.config
    player = state.players[seat]
    show_destiny = player.destiny_revealed or secrets
    tri, tra = _story_points(ctx, player, player.destiny_revealed or (secrets and state.over))
    flags = []
    if seat == state.turn.seat and not state.over:
        flags.append('<span class="ca-chip ca-hero" title="whose turn it is">active</span>')
    if game.to_move == seat and not state.over:
        flags.append('<span class="ca-chip ca-win" title="whose decision the game waits for">to move</span>')
    act = "finished" if player.act > 3 else f"Act {_ROMAN[player.act]}"
    level = ctx.track.at(player.level)
    head = (
        f'<div class="ca-tabh"><span class="ca-name">{_e(_who(cfg, seat))}</span>{"".join(flags)}'
        f'<span title="the Act this hero is in (000 · Ending An Act)">{act}</span>'
        f'<span class="ca-chip ca-xp" title="Experience tokens: spend on Dark runes, journeys, traits; 1 point each at the end">'
        f"{player.xp} XP</span>"
        f'<span title="Corruption track level">track: <b>{_e(level.label)}</b></span>'
        f'<span title="Triumph and Tragedy showing in the Story now">Story: {_chips_html(_points_chips(tri, tra)) or "0 points"}</span>'
        "</div>"
    )
    cols = []
    kinds = (("Origin", player.origin), ("Motivation", player.motivation), ("Destiny", player.destiny))
    for idx, (kind, cid) in enumerate(kinds):
        now = player.act == idx + 1
        cls = "ca-char ca-now" if now else "ca-char"
        if cid is None:
            body = f'<div class="ca-muted">{kind}: not chosen yet</div>'
        elif kind == "Destiny" and not show_destiny:
            cls += " ca-hidden"
            body = f'<div class="ca-muted" title="hidden until the end of the game">{kind}: face down</div>'
        else:
            card = ctx.db[cid]
            hidden = kind == "Destiny" and not player.destiny_revealed
            tag = " (hidden from the others)" if hidden and own else " (not yet revealed)" if hidden else ""
            body = (
                f'<div><span class="ca-kind">{kind}{_e(tag)}</span><br><span class="ca-name">{_e(card.name)}</span> '
                f"{_chips_html(path_chips(card.paths[0]))}</div>"
                + (f'<div class="ca-text">{_e(card.text)}</div>' if card.text else "")
            )
        tucks = []
        for t in player.story[idx]:
            tc = ctx.db[t.card]
            path = tc.path(t.side)
            label = "" if path.label == tc.name else f' <span class="ca-muted">— {_e(path.label)}</span>'
            tucks.append(
                f'<div class="ca-tuck"><b>{_e(tc.name)}</b>{label} {_chips_html(path_chips(path))}</div>'
            )
        count = f'<div class="ca-small ca-muted">{len(player.story[idx])}/3 under it</div>'
        cols.append(f'<div class="{cls}">{body}{"".join(tucks)}{count}</div>')
    lines = []
    if player.allies:
        allies = []
        for ally in player.allies:
            card = ctx.db[ally.card]
            if ally.sacrificed:
                allies.append(
                    f'<span class="ca-no" title="sacrificed: face down, no longer counts (000 · Glossary: Sacrifice)">{_e(card.name)}</span>'
                )
            else:
                allies.append(f"<b>{_e(card.name)}</b> {_chips_html(path_chips(card.paths[0]))}")
        lines.append(f'<div class="ca-line">Allies: {" · ".join(allies)}</div>')
    choices = _to_choose(ctx, player)
    if choices and secrets:
        lines.append(f'<div class="ca-line">To choose from: {_e(choices)}</div>')
    elif choices:
        left = sum(1 for c in player.dealt if c not in player.characters)
        lines.append(
            f'<div class="ca-line">Dealt: {left} Character cards still to choose from (hidden)</div>'
        )
    if secrets:
        hand = " ".join(
            _chip_html(
                ("hero" if ctx.db[c].type is CardType.HERO else "anti", ctx.db[c].name, ctx.db[c].text)
            )
            for c in player.hand
        )
        lines.append(
            f'<div class="ca-line">Hand ({len(player.hand)}): {hand or "<span class=ca-muted>empty</span>"}</div>'
        )
    else:
        lines.append(
            f'<div class="ca-line">Hand: {len(player.hand)} card{"" if len(player.hand) == 1 else "s"} (hidden)</div>'
        )
    if player.played:
        played = " ".join(
            _chip_html(
                ("hero" if ctx.db[c].type is CardType.HERO else "anti", ctx.db[c].name, ctx.db[c].text)
            )
            for c in player.played
        )
        lines.append(f'<div class="ca-line">Played: {played}</div>')
    icons = icon_counts(ctx, player, include_destiny=player.destiny_revealed or (secrets and state.over))
    shown = [i for i in (*ABILITIES, *STORY_ICONS, *NAME_ICONS) if icons[i]]
    if shown:
        ic = " ".join(
            f'<span title="{_e(icon_title(i))}"><span class="ca-ic">{_e(_glyph(i))}</span>×{icons[i]}</span>'
            for i in shown
        )
        lines.append(f'<div class="ca-line" title="icons in the Story">Icons: {ic}</div>')
    if player.names:
        learned = ", ".join(f"{_glyph(n)} {n.value.title()}" for n in player.names)
        lines.append(
            f'<div class="ca-line" title="Name tokens: 3 points each (002 · Naming)">Names learned: {_e(learned)}</div>'
        )
    effects = [ae for ae in state.effects if ae.target == seat]
    if effects:
        lines.append(
            f'<div class="ca-line">In play: {_e("; ".join(_effect_text(ae, ctx) for ae in effects))}</div>'
        )
    cls = "ca-tab ca-act" if seat == state.turn.seat and not state.over else "ca-tab"
    return (
        f'<div class="{cls}">{head}<div class="ca-story">{"".join(cols)}</div>{"".join(lines)}'
        f"{_track_frag(ctx, player)}</div>"
    )


def tableau_html(game: Game, seat: int, *, reveal: bool = False) -> str:
    """A hero's Story: Character cards, tucked cards, Allies, hand, Experience, track (000 · Glossary: Story)."""
    return _root(_tableau_frag(game, seat, secrets=reveal), "tableau")


# ---------------------------------------------------------------------------- casts, attempts, events


def _cast_frag(cast: Cast) -> str:
    out = []
    for cr in cast.runes:
        kind, face, marks, tip = rune_chip(cr)
        out.append(
            f'<span class="ca-rune ca-r-{kind}" title="{_e(tip)}"><span>{_e(face)}</span>'
            f"<b>{cr.face.successes}{(' ' + marks) if marks else ''}</b></span>"
        )
    return f'<div class="ca-flex" style="gap:0">{"".join(out)}</div><div>= <b>{cast.successes}</b> successes</div>'


def cast_html(cast: Cast) -> str:
    """A rune cast: each rune's face and successes; ☾ moon, △▽▲ triangles, ◆ diamond (000 · Reading the Runes)."""
    return _root(_cast_frag(cast), "cast")


def _pool_frag(pool: Sequence[Rune]) -> str:
    out = []
    for rune in pool:
        kind = {
            RuneKind.CORE: "core",
            RuneKind.DARK: "dark",
            RuneKind.ABILITY: "ability",
            RuneKind.SPECIAL: "special",
        }[rune.kind]
        faces = " | ".join(f.name for f in rune.faces)
        out.append(
            f'<span class="ca-rune ca-r-{kind}" title="{_e(_rune_title(rune))}"><span>{_e(rune.id)}</span><span class="ca-small">{_e(faces)}</span></span>'
        )
    return f'<div class="ca-flex" style="gap:0">{"".join(out)}</div>'


def _attempt_frag(game: Game) -> str:
    ctx, state = game.ctx, game.state
    att = state.attempt
    parts: list[str] = []
    if att is not None:
        card = ctx.db[att.card]
        path = card.path(att.side)
        math = engine.attempt_math(ctx, state, att)
        pool = engine.attempt_pool(ctx, state, att)
        label = f" — {path.label}" if path.label and path.label != card.name else ""
        parts.append(
            f'<div><b>{_e(_who(state.config, att.seat))}</b> attempts <span class="ca-name">{_e(card.name)}</span>, '
            f"{_e(att.side.value)} path{_e(label)} {_chips_html(path_chips(path))}</div>"
        )
        diff = " + ".join(f"{amt} {what}" for what, amt, k in math.parts if k == "difficulty")
        bonus = " + ".join(f"{amt} {what}" for what, amt, k in math.parts if k == "bonus")
        parts.append(
            f'<div class="ca-line">Difficulty <b>{math.difficulty}</b> <span class="ca-muted ca-small">({_e(diff)})</span>'
            f" · bonus <b>{math.bonus:+d}</b>"
            + (f' <span class="ca-muted ca-small">({_e(bonus)})</span>' if bonus else "")
            + (f" · Dark runes {att.dark_bought + att.dark_free}" if att.dark_bought + att.dark_free else "")
            + "</div>"
        )
        parts.append(f'<div class="ca-line">Rune pool ({len(pool)}):</div>{_pool_frag(pool)}')
        if _before_cast(state):
            odds = attempt_odds(pool, math.difficulty, math.bonus)
            p = float(odds.p_success)
            parts.append(
                f'<div class="ca-line" title="exact odds over every face of every rune (000 · Rune Probability)">'
                f'Chance to overcome: <b>{p * 100:.1f}%</b> <span class="ca-bar"><span style="width:{p * 100:.1f}%"></span></span>'
                f' <span class="ca-muted ca-small">mean {float(odds.mean):.2f} · range {odds.min}–{odds.max}</span></div>'
            )
    found = last_cast(game)
    if found is not None:
        cast, catt = found
        head = "Cast" if att is not None and att.cast else "Last cast this turn"
        cname = ctx.db[catt.card].name
        parts.append(f'<div class="ca-line">{head} ({_e(cname)}):</div>{_cast_frag(cast)}')
        if att is not None and att.cast:
            math = engine.attempt_math(ctx, state, att)
            total = cast.successes + math.bonus
            ok = total >= math.difficulty
            verdict = _chip_html(
                ("win" if ok else "lose", "overcomes" if ok else "fails", "unless a card changes it")
            )
            parts.append(
                f"<div>Total <b>{total}</b> ({cast.successes} successes {math.bonus:+d} bonus) vs difficulty "
                f"<b>{math.difficulty}</b>: {verdict} <span class='ca-muted'>unless a card played now changes it</span></div>"
            )
    return "".join(parts)


def _events_frag(events: Sequence[Event], config: Config | None) -> str:
    cells = []
    for ev in events:
        who = (
            _who(config, ev.seat)
            if config is not None and ev.seat is not None
            else (f"P{ev.seat + 1}" if ev.seat is not None else "")
        )
        cells.append(
            f'<div class="ca-muted ca-num">{ev.step}</div><div><b>{_e(who)}</b></div>'
            f'<div>{_e(ev.text)}</div><div class="ca-cite">{_e(ev.citation)}</div>'
        )
    return f'<div class="ca-ev">{"".join(cells)}</div>'


def events_html(events: Sequence[Event], config: Config | None = None) -> str:
    """The event log: step, seat, what happened, and the rule section cited."""
    return _root(_events_frag(events, config), "events")


def legend_html() -> str:
    """What every icon glyph means."""
    return _root(_legend_frag(), "legend")


def _legend_frag() -> str:
    items = [f'<span title="{_e(icon_title(i))}">{_e(_glyph(i))} {_e(i.value)}</span>' for i in GLYPHS]
    extra = [
        '<span><span class="ca-chip ca-plus">+1</span> harder path</span>',
        "<span>track: H/A/D = Hero cards / Antihero cards / Dark runes allowed</span>",
        "<span>runes: ☾ moon (Corruption) · △▽▲ draw Hero / Antihero / either · ◆ Experience</span>",
    ]
    return f'<div class="ca-legend">{"".join(items + extra)}</div>'


def _head_frag(game: Game, me: int, reveal: bool) -> str:
    """The game's header: seed, turn, phase, whose move, step and what the game waits for."""
    state = game.state
    cfg = state.config
    who = _who(cfg, game.to_move) if game.to_move is not None else "—"
    return (
        '<div class="ca-head"><span class="ca-title">Call to Adventure</span>'
        f"<span>seed <b>{cfg.seed}</b></span><span>turn <b>{state.turn.number}</b></span>"
        f"<span>phase <b>{_e(state.phase.value)}</b></span>"
        f"<span>active <b>{_e(_who(cfg, state.turn.seat))}</b></span><span>to move <b>{_e(who)}</b></span>"
        f"<span>step {len(game.history)}</span>"
        + (
            f"<span>final turns: {_e(', '.join(_who(cfg, s) for s in state.final_turns) or 'this is the last')}</span>"
            if state.final_turns is not None and not state.over
            else ""
        )
        + f'<span class="ca-muted">{_e(_seen_as(game, me, reveal))}</span>'
        f'<div class="ca-wait">Waiting for: <b>{_e(waiting_for(game))}</b></div></div>'
    )


def game_html(game: Game, *, reveal: bool = False, viewer: int | None = None, events: int = 12) -> str:
    """The whole game as the seat to move (or ``viewer``) sees it; ``reveal=True`` shows every secret."""
    state = game.state
    cfg = state.config
    me = _viewer(game, viewer)
    who = _who(cfg, game.to_move) if game.to_move is not None else "—"
    body = [_head_frag(game, me, reveal)]
    if state.over:
        body.append(f'<div class="ca-sec">Final scores</div>{_scores_frag(game.score())}')
    attempt = _attempt_frag(game)
    actions = grouped_actions(game)
    left = (
        f'<div class="ca-box"><div class="ca-sec" style="margin-top:0">Attempt</div>{attempt}</div>'
        if attempt
        else ""
    )
    right = ""
    if actions:
        shown = actions[:60]
        more = f'<div class="ca-muted">… and {len(actions) - 60} more</div>' if len(actions) > 60 else ""
        items = "".join(f"<div>{_e(a)}</div>" for a in shown)
        right = (
            f'<div class="ca-box"><div class="ca-sec" style="margin-top:0">Legal actions for {_e(who)} ({len(game.legal_actions)})</div>'
            f'<div class="ca-act-list">{items}</div>{more}</div>'
        )
    if left or right:
        body.append(f'<div class="ca-cols">{left or "<div></div>"}{right}</div>' if left else right)
    if state.odium is not None:
        body.append(f'<div class="ca-sec">The Adversary</div>{_odium_frag(game)}')
    body.append(f'<div class="ca-sec">The table</div>{_rows_frag(game)}')
    tabs = "".join(
        _tableau_frag(game, s, secrets=reveal or s == me or state.over, own=s == me and not reveal)
        for s in range(len(state.players))
    )
    body.append(f'<div class="ca-sec">Stories</div><div class="ca-tabs">{tabs}</div>')
    recent = game.events[-events:] if events else []
    if recent:
        body.append(f'<div class="ca-sec">Last events</div>{_events_frag(recent, cfg)}')
    body.append(f'<div class="ca-sec">Legend</div>{_legend_frag()}')
    return _root("".join(body), "game")


def _odium_lines(game: Game) -> list[tuple[str, str]]:
    """(label, text) lines describing the Adversary of a co-op or solo game (000 · Facing Odium)."""
    od = game.state.odium
    if od is None:
        return []
    db = game.ctx.db
    adversary = db[od.adversary]
    lines: list[tuple[str, str]] = [
        ("Adversary", f"{adversary.name} (difficulty {adversary.difficulty})"),
        (
            "Tokens",
            f"{od.tokens}  "
            + "●" * min(od.tokens, 40)
            + (f"  (+{od.gained} gained, −{od.lost} lost)" if od.gained or od.lost else ""),
        ),
    ]
    if od.quest is not None:
        quest = db[od.quest]
        lines.append(("Quest", f"{quest.name}: {quest.text}" if quest.text else quest.name))
    for extra in od.rules:
        if extra != od.quest:
            lines.append(("In play", db[extra].name))
    lines.append(("Deck", f"{len(od.deck)} card(s) left, {len(od.discard)} discarded"))
    if od.revealed:
        lines.append(("Revealed this turn", ", ".join(db[c].name for c in od.revealed)))
    if od.loyalists:
        lines.append(("Loyal to the Adversary", ", ".join(game.config.name(s) for s in od.loyalists)))
    if od.stage != "play":
        lines.append(("Stage", "the heroes face the Adversary"))
    for r in od.faced:
        verdict = "succeeds" if r.success else "fails"
        lines.append(
            (
                f"{game.config.name(r.seat)} faced it",
                f"{r.total} vs {r.difficulty}: {verdict}, {r.removed} token(s) removed",
            )
        )
    if od.overrun:
        lines.append(("Overrun", "the Adversary reached its Experience goal"))
    outcome = game.outcome()
    if outcome is not None and outcome.coop is not None:
        verdict = "the heroes win" if outcome.coop.heroes_win else "the Adversary wins"
        lines.append(("Result", f"{verdict}: {outcome.coop.reason}"))
    return lines


def _odium_frag(game: Game) -> str:
    rows = "".join(
        f'<div class="ca-line"><b>{_e(label)}</b>: {_e(text)}</div>' for label, text in _odium_lines(game)
    )
    return f'<div class="ca-box">{rows}</div>' if rows else ""


def odium_html(game: Game) -> str:
    """The Adversary of a co-op or solo game: tokens, quest, deck, revealed cards, results (000 · Facing Odium)."""
    frag = _odium_frag(game)
    return _root(frag, "odium") if frag else ""


# ---------------------------------------------------------------------------- pieces (the widgets update each in place)


def status_html(game: Game, *, viewer: int | None = None, reveal: bool = False) -> str:
    """The game's header alone: turn, whose move, step, and what the game waits for (000 · Each Turn)."""
    return _root(_head_frag(game, _viewer(game, viewer), reveal), "status")


def attempt_html(game: Game) -> str:
    """The attempt under way (pool, difficulty, live odds before the cast) and the last cast, or ``""``."""
    frag = _attempt_frag(game)
    return _root(frag, "attempt") if frag else ""


def stories_html(game: Game, *, viewer: int | None = None, reveal: bool = False) -> str:
    """Every hero's Story as ``viewer`` sees it (000 · Glossary: Story; 000 · Deal the Cards)."""
    me = _viewer(game, viewer)
    over = game.state.over
    tabs = "".join(
        _tableau_frag(game, s, secrets=reveal or s == me or over, own=s == me and not reveal)
        for s in range(len(game.state.players))
    )
    return _root(f'<div class="ca-tabs">{tabs}</div>', "stories")


def hand_html(game: Game, seat: int, *, reveal: bool = False) -> str:
    """A hero's hand: each card's name and text, or card backs when hidden (000 · Hero and Antihero Cards)."""
    ctx = game.ctx
    hand = game.state.players[seat].hand
    who = _e(_who(game.config, seat))
    if not reveal:
        backs = "".join('<div class="ca-back" title="a hidden Hero or Antihero card">?</div>' for _ in hand)
        body = f'<div class="ca-flex">{backs}</div>' if hand else '<span class="ca-muted">empty</span>'
        return _root(f"<div><b>{who}</b>: {len(hand)} card(s), hidden</div>{body}", "hand")
    cards = "".join(_card_frag(ctx.db[c]) for c in hand)
    body = f'<div class="ca-flex">{cards}</div>' if hand else '<span class="ca-muted">empty</span>'
    return _root(f"<div><b>{who}</b>'s hand ({len(hand)})</div>{body}", "hand")


def track_html(game: Game, seat: int) -> str:
    """The Corruption track with a hero's marker, each level's allowances and points (000 · Glossary: Corruption)."""
    player = game.state.players[seat]
    level = game.ctx.track.at(player.level)
    head = (
        f"<div><b>{_e(_who(game.config, seat))}</b> on the Corruption track: <b>{_e(level.label)}</b></div>"
    )
    return _root(head + _track_frag(game.ctx, player), "track")


# ============================================================================ rich


def _t(text: object, style: str = "") -> Text:
    return Text(str(text), style=style)


def _chips_text(chips: Iterable[Chip]) -> Text:
    out = Text()
    for kind, text, _tip in chips:
        if out:
            out.append(" ")
        style = _RICH_STYLE.get(kind, "")
        out.append(
            f" {text} " if kind in ("tri", "tra", "hero", "anti", "dark", "win", "lose") else text,
            style=style,
        )
    return out


def _path_text(card: Card, path: Path, side: Side | None) -> Text:
    out = Text()
    if side is not None:
        out.append(f"{side.value}: ", style="dim")
    if path.label and path.label != card.name:
        out.append(path.label + " ")
    out.append_text(_chips_text(path_chips(path)))
    return out


def _card_body(card: Card, ally: Card | None = None, note: str = "") -> Group:
    lines: list[RenderableType] = [_t(_card_kind(card), "dim")]
    chips = card_chips(card)
    if chips:
        lines.append(_chips_text(chips))
    two = len(card.paths) == 2
    for side, path in zip(card.sides, card.paths, strict=False):
        lines.append(_path_text(card, path, side if two else None))
    if card.text:
        lines.append(_t(card.text, "italic dim"))
    if ally is not None:
        line = Text("Ally under it: ", style="green")
        line.append(ally.name, style="bold green")
        line.append(" (+1 difficulty) ")
        line.append_text(_chips_text(path_chips(ally.paths[0])))
        lines.append(line)
    if note:
        lines.append(_t(note, "bold yellow"))
    return Group(*lines)


def card_rich(card: Card) -> Panel:
    """One card as a rich panel (000 · Traits and Challenges)."""
    return Panel(_card_body(card), title=_t(card.name, "bold"), title_align="left", expand=False, width=44)


def score_rich(score: Score, *, win: bool = False) -> Table:
    """An itemised score as a rich table, each line citing its rule (000 · Ending the Game)."""
    title = Text(f"{score.name}: {score.total} points")
    if win:
        title.append("  winner", style="bold green")
    table = Table(title=title, show_footer=True, title_justify="left")
    table.add_column("line", footer=_t(f"Total {score.total}", "bold"))
    table.add_column("Triumph", justify="right", footer=_t(score.triumph, "bold"))
    table.add_column("Tragedy", justify="right", footer=_t(score.tragedy, "bold"))
    table.add_column("rule", style="dim")
    for line in score.lines:
        table.add_row(_t(line.label), _t(line.triumph or ""), _t(line.tragedy or ""), _t(cite(line.section)))
    return table


def scores_rich(scores: Sequence[Score]) -> Group:
    """Every hero's score, the winners named (000 · Ending the Game)."""
    best = set(winners(tuple(scores)))
    names = " and ".join(scores[w].name for w in sorted(best))
    head = _t(f"Winner: {names} with {scores[min(best)].total} points", "bold green")
    return Group(head, Columns([score_rich(s, win=s.seat in best) for s in scores]))


def rows_rich(game: Game) -> Group:
    """The table's rows as rich panels; face-down rows as backs with a count (000 · Prepare the Story Decks)."""
    ctx, state = game.ctx, game.state
    att = state.attempt
    out: list[RenderableType] = []
    for row in state.rows:
        filled = sum(1 for s in row.slots if s is not None)
        head = Text(f"Act {_ROMAN[row.act]}", style="bold")
        head.append(f"  deck {len(row.deck)} · discard {len(row.discard)}", style="dim")
        out.append(head)
        if not row.revealed:
            backs = Text(" ".join(f"[{_ROMAN[row.act]}]" for _ in range(filled)), style="dim")
            backs.append(f"  face down: {filled} cards")
            out.append(backs)
            continue
        panels: list[RenderableType] = []
        for i, slot in enumerate(row.slots):
            if slot is None:
                panels.append(Panel(_t("empty slot", "dim"), width=38))
                continue
            card = ctx.db[slot.card]
            ally = ctx.db[slot.ally] if slot.ally is not None else None
            hl = att is not None and att.act == row.act and att.slot == i
            note = f"being attempted by {_who(state.config, att.seat)}" if hl and att else ""
            panels.append(
                Panel(
                    _card_body(card, ally, note),
                    title=_t(card.name, "bold"),
                    title_align="left",
                    width=38,
                    border_style="yellow" if hl else "",
                )
            )
        out.append(Columns(panels))
    return Group(*out)


def _track_rich(ctx: Context, player: Player) -> Table:
    """The Corruption track as a horizontal strip: one column per level, the marker ◆ on one."""
    table = Table(box=None, padding=(0, 1), show_header=True, title_justify="left")
    allows: list[Text] = []
    points: list[Text] = []
    for i, level in enumerate(ctx.track.levels):
        here = i == player.level
        table.add_column(
            _t(("◆ " if here else "") + (level.label or str(i)), "bold yellow" if here else "dim"),
            justify="center",
        )
        allow = Text()
        for ok, word in ((level.hero, "H"), (level.antihero, "A"), (level.dark_runes, "D")):
            allow.append(word if ok else "·", style="green" if ok else "dim")
        allows.append(allow)
        points.append(_chips_text(_points_chips(level.triumph, level.tragedy)) or _t("0", "dim"))
    table.add_row(*allows)
    table.add_row(*points)
    return table


def _tableau_rich(game: Game, seat: int, *, secrets: bool, own: bool = False) -> Panel:
    ctx, state = game.ctx, game.state
    cfg = state.config
    player = state.players[seat]
    show_destiny = player.destiny_revealed or secrets
    story = Table(show_header=True, expand=True, padding=(0, 1))
    kinds = (("Origin", player.origin), ("Motivation", player.motivation), ("Destiny", player.destiny))
    cells: list[Text] = []
    for idx, (kind, cid) in enumerate(kinds):
        story.add_column(_t(kind + (" ◀ now" if player.act == idx + 1 else ""), "bold"), ratio=1)
        cell = Text()
        if cid is None:
            cell.append("not chosen yet", style="dim")
        elif kind == "Destiny" and not show_destiny:
            cell.append("face down", style="dim")
        else:
            card = ctx.db[cid]
            cell.append(card.name, style="bold")
            if kind == "Destiny" and not player.destiny_revealed:
                cell.append(" (hidden from the others)" if own else " (not yet revealed)", style="dim")
            chips = _chips_text(path_chips(card.paths[0]))
            if chips:
                cell.append(" ")
                cell.append_text(chips)
            if card.text:
                cell.append("\n" + card.text, style="italic dim")
        for t in player.story[idx]:
            tc = ctx.db[t.card]
            path = tc.path(t.side)
            cell.append("\n• ")
            cell.append(tc.name, style="bold")
            if path.label != tc.name:
                cell.append(f" — {path.label}", style="dim")
            cell.append(" ")
            cell.append_text(_chips_text(path_chips(path)))
        cell.append(f"\n{len(player.story[idx])}/3 under it", style="dim")
        cells.append(cell)
    story.add_row(*cells)
    info: list[RenderableType] = []
    tri, tra = _story_points(ctx, player, player.destiny_revealed or (secrets and state.over))
    level = ctx.track.at(player.level)
    head = Text()
    head.append(f"{player.xp} XP", style="bold cyan")
    head.append(f" · track: {level.label} · Story: ")
    head.append_text(_chips_text(_points_chips(tri, tra)) or _t("0 points"))
    info.append(head)
    if player.allies:
        line = Text("Allies: ")
        for ally in player.allies:
            card = ctx.db[ally.card]
            line.append(
                card.name + (" (sacrificed)" if ally.sacrificed else ""),
                style="dim strike" if ally.sacrificed else "bold",
            )
            line.append("  ")
        info.append(line)
    choices = _to_choose(ctx, player)
    if choices:
        info.append(
            _t(
                f"To choose from: {choices}"
                if secrets
                else "Dealt: Character cards still to choose from (hidden)"
            )
        )
    if secrets:
        line = Text(f"Hand ({len(player.hand)}): " + ("" if player.hand else "empty"))
        line.append_text(
            _chips_text(
                ("hero" if ctx.db[c].type is CardType.HERO else "anti", ctx.db[c].name, "")
                for c in player.hand
            )
        )
        info.append(line)
    else:
        info.append(_t(f"Hand: {len(player.hand)} card(s) (hidden)"))
    if player.played:
        line = Text("Played: ")
        line.append_text(
            _chips_text(
                ("hero" if ctx.db[c].type is CardType.HERO else "anti", ctx.db[c].name, "")
                for c in player.played
            )
        )
        info.append(line)
    icons = icon_counts(ctx, player, include_destiny=player.destiny_revealed or (secrets and state.over))
    shown = [i for i in (*ABILITIES, *STORY_ICONS, *NAME_ICONS) if icons[i]]
    if shown:
        info.append(_t("Icons: " + "  ".join(f"{_glyph(i)} {i.value}×{icons[i]}" for i in shown)))
    if player.names:
        info.append(_t("Names learned: " + ", ".join(f"{_glyph(n)} {n.value.title()}" for n in player.names)))
    for ae in state.effects:
        if ae.target == seat:
            info.append(_t("In play: " + _effect_text(ae, ctx), "yellow"))
    info.append(_t("Corruption track (H/A/D: Hero cards, Antihero cards, Dark runes allowed):", "dim"))
    info.append(_track_rich(ctx, player))
    grid = Group(story, *info)
    title = Text(_who(cfg, seat), style="bold")
    act = "finished" if player.act > 3 else f"Act {_ROMAN[player.act]}"
    title.append(f"  {act}", style="")
    if seat == state.turn.seat and not state.over:
        title.append("  active", style="bold yellow")
    if game.to_move == seat and not state.over:
        title.append("  to move", style="bold green")
    return Panel(
        grid, title=title, title_align="left", border_style="yellow" if seat == state.turn.seat else ""
    )


def tableau_rich(game: Game, seat: int, *, reveal: bool = False) -> Panel:
    """A hero's Story as a rich panel (000 · Glossary: Story)."""
    return _tableau_rich(game, seat, secrets=reveal)


def cast_rich(cast: Cast) -> Text:
    """A rune cast: each rune's face and successes; moon, triangle and diamond marked (000 · Reading the Runes)."""
    out = Text()
    for cr in cast.runes:
        kind, face, marks, _tip = rune_chip(cr)
        style = (
            "bold white on purple4"
            if kind == "dark"
            else "bold cyan"
            if kind in ("ability", "special")
            else "bold"
        )
        out.append(f"[{cr.rune.id}: {face} {cr.face.successes}{(' ' + marks) if marks else ''}]", style=style)
        out.append(" ")
    out.append(f"= {cast.successes} successes", style="bold")
    return out


def events_rich(events: Sequence[Event], config: Config | None = None) -> Table:
    """The event log with each event's rule citation."""
    table = Table(show_header=True, box=None, padding=(0, 1))
    table.add_column("#", justify="right", style="dim")
    table.add_column("who", style="bold")
    table.add_column("what")
    table.add_column("rule", style="dim")
    for ev in events:
        who = (
            _who(config, ev.seat)
            if config is not None and ev.seat is not None
            else (f"P{ev.seat + 1}" if ev.seat is not None else "")
        )
        table.add_row(_t(ev.step), _t(who), _t(ev.text), _t(ev.citation))
    return table


def _attempt_rich(game: Game) -> Group | None:
    ctx, state = game.ctx, game.state
    att = state.attempt
    lines: list[RenderableType] = []
    if att is not None:
        card = ctx.db[att.card]
        path = card.path(att.side)
        math = engine.attempt_math(ctx, state, att)
        pool = engine.attempt_pool(ctx, state, att)
        line = Text(f"{_who(state.config, att.seat)} attempts ")
        line.append(card.name, style="bold")
        line.append(f", {att.side.value} path ")
        line.append_text(_path_text(card, path, None))
        lines.append(line)
        diff = " + ".join(f"{amt} {what}" for what, amt, k in math.parts if k == "difficulty")
        lines.append(_t(f"Difficulty {math.difficulty} ({diff}) · bonus {math.bonus:+d}"))
        lines.append(_t("Rune pool: " + " ".join(r.id for r in pool)))
        if _before_cast(state):
            odds = attempt_odds(pool, math.difficulty, math.bonus)
            lines.append(
                _t(
                    f"Chance to overcome: {float(odds.p_success) * 100:.1f}% (mean {float(odds.mean):.2f}, range {odds.min}–{odds.max})",
                    "bold",
                )
            )
    found = last_cast(game)
    if found is not None:
        cast, catt = found
        head = Text("Cast: " if att is not None and att.cast else "Last cast this turn: ", style="bold")
        head.append(f"({ctx.db[catt.card].name}) ")
        head.append_text(cast_rich(cast))
        lines.append(head)
        if att is not None and att.cast:
            math = engine.attempt_math(ctx, state, att)
            total = cast.successes + math.bonus
            ok = total >= math.difficulty
            verdict = Text(
                f"Total {total} ({cast.successes} successes {math.bonus:+d} bonus) vs difficulty {math.difficulty}: "
            )
            verdict.append(" overcomes " if ok else " fails ", style=_RICH_STYLE["win" if ok else "lose"])
            verdict.append(" unless a card played now changes it", style="dim")
            lines.append(verdict)
    return Group(*lines) if lines else None


def _legend_rich() -> Text:
    out = Text("Legend: ", style="dim")
    out.append("  ".join(f"{_glyph(i)} {i.value}" for i in GLYPHS), style="dim")
    out.append(
        "  ·  +1 harder path  ·  H/A/D Hero/Antihero cards, Dark runes allowed  ·  ☾ moon △▽▲ draw ◆ XP",
        style="dim",
    )
    return out


def game_rich(game: Game, *, reveal: bool = False, viewer: int | None = None, events: int = 12) -> Group:
    """The whole game as rich renderables, as the seat to move (or ``viewer``) sees it."""
    state = game.state
    cfg = state.config
    me = _viewer(game, viewer)
    who = _who(cfg, game.to_move) if game.to_move is not None else "—"
    head = Text("Call to Adventure", style="bold")
    head.append(
        f"  seed {cfg.seed} · turn {state.turn.number} · phase {state.phase.value} · active {_who(cfg, state.turn.seat)}"
        f" · to move {who} · step {len(game.history)}"
    )
    if state.final_turns is not None and not state.over:
        head.append(
            f" · final turns: {', '.join(_who(cfg, s) for s in state.final_turns) or 'this is the last'}"
        )
    head.append("\n" + _seen_as(game, me, reveal), style="dim")
    head.append("\nWaiting for: ")
    head.append(waiting_for(game), style="bold")
    parts: list[RenderableType] = [Panel(head)]
    if state.over:
        parts.append(scores_rich(game.score()))
    attempt = _attempt_rich(game)
    if attempt is not None:
        parts.append(Panel(attempt, title="Attempt", title_align="left"))
    actions = grouped_actions(game)
    if actions:
        shown = actions[:60] + ([f"… and {len(actions) - 60} more"] if len(actions) > 60 else [])
        parts.append(
            Panel(
                Columns([_t(a) for a in shown], column_first=True),
                title=_t(f"Legal actions for {who} ({len(game.legal_actions)})"),
                title_align="left",
            )
        )
    if game.state.odium is not None:
        parts.append(Panel(odium_rich(game), title="The Adversary", title_align="left"))
    parts.append(Panel(rows_rich(game), title="The table", title_align="left"))
    for s in range(len(state.players)):
        parts.append(
            _tableau_rich(game, s, secrets=reveal or s == me or state.over, own=s == me and not reveal)
        )
    recent = game.events[-events:] if events else []
    if recent:
        parts.append(Panel(events_rich(recent, cfg), title="Last events", title_align="left"))
    parts.append(_legend_rich())
    return Group(*parts)


# ============================================================================ view helpers


@attrs.frozen(eq=False)
class Tableau:
    """One hero's Story for notebooks and terminals: ``display(Tableau(game, 0, reveal=True))``."""

    game: Game
    seat: int
    reveal: bool = False

    def __repr__(self) -> str:
        return f"<Tableau {self.game.config.name(self.seat)}>"

    def __rich__(self) -> Panel:
        return tableau_rich(self.game, self.seat, reveal=self.reveal)

    def _repr_html_(self) -> str:
        return tableau_html(self.game, self.seat, reveal=self.reveal)


@attrs.frozen(eq=False)
class GameView:
    """A game as one seat sees it (``viewer``), or with every secret shown (``reveal=True``)."""

    game: Game
    viewer: int | None = None
    reveal: bool = False

    def __repr__(self) -> str:
        return f"<GameView as {'everyone' if self.reveal else self.viewer}>"

    def __rich__(self) -> Group:
        return game_rich(self.game, reveal=self.reveal, viewer=self.viewer)

    def _repr_html_(self) -> str:
        return game_html(self.game, reveal=self.reveal, viewer=self.viewer)


@attrs.frozen(eq=False)
class Hand:
    """A hero's hand for notebooks: hidden (card backs) unless ``reveal=True``."""

    game: Game
    seat: int
    reveal: bool = False

    def _repr_html_(self) -> str:
        return hand_html(self.game, self.seat, reveal=self.reveal)


@attrs.frozen(eq=False)
class Rows:
    """The table's rows for notebooks and terminals (000 · Prepare the Story Decks)."""

    game: Game

    def __rich__(self) -> Group:
        return rows_rich(self.game)

    def _repr_html_(self) -> str:
        return rows_html(self.game)


@attrs.frozen(eq=False)
class Track:
    """A hero's place on the Corruption track, for notebooks (000 · Glossary: Corruption)."""

    game: Game
    seat: int

    def _repr_html_(self) -> str:
        return track_html(self.game, self.seat)


@attrs.frozen(eq=False)
class EventLog:
    """Events with their rule citations, for notebooks: ``EventLog(game.events[-10:], game.config)``."""

    events: Sequence[Event]
    config: Config | None = None

    def __rich__(self) -> Table:
        return events_rich(self.events, self.config)

    def _repr_html_(self) -> str:
        return events_html(self.events, self.config)


__all__ = [
    "Chip",
    "EventLog",
    "GameView",
    "Hand",
    "Rows",
    "Tableau",
    "Track",
    "attempt_html",
    "card_chips",
    "card_html",
    "card_rich",
    "cast_html",
    "cast_rich",
    "events_html",
    "events_rich",
    "game_html",
    "game_rich",
    "grouped_actions",
    "hand_html",
    "icon_title",
    "last_cast",
    "legend_html",
    "path_chips",
    "rows_html",
    "rows_rich",
    "rune_chip",
    "score_html",
    "score_rich",
    "scores_html",
    "scores_rich",
    "status_html",
    "stories_html",
    "tableau_html",
    "tableau_rich",
    "track_html",
    "waiting_for",
]


def odium_rich(game: Game) -> Table:
    """The Adversary of a co-op or solo game, for the terminal (000 · Facing Odium)."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    for label, text in _odium_lines(game):
        table.add_row(label, text)
    return table
