"""The HTML of cards and chips, and the scoped style every HTML view carries.

Every HTML view is one ``<div class="ca-root …">`` with its own scoped ``<style>``: no
scripts, fonts, images or other network assets. Text is escaped; everything inherits the
page's colour (``currentColor``, translucent backgrounds), and the few coloured badges set
both background and text colour, so the views read the same in light and dark notebook
themes.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from ..values._cards import Card, Path, Side
from ._svg_icons import svg_glyphs
from ._words import Chip, card_chips, card_kind, path_chips

#: The style of every HTML view, scoped under ``.ca-root``.
CSS = """
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
.ca-root .ca-tabs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(600px,100%),1fr));gap:8px}
.ca-root .ca-tab{border:1px solid rgba(127,127,127,.45);border-radius:10px;padding:6px 8px;background:rgba(127,127,127,.05)}
.ca-root .ca-tab.ca-act{border:2px solid #d97706}
.ca-root .ca-tabh{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin-bottom:4px}
.ca-root .ca-tabh .ca-name{font-size:15px}
.ca-root .ca-story{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:6px}
.ca-root .ca-char{border:1px solid rgba(127,127,127,.45);border-radius:7px;padding:4px 6px;background:rgba(127,127,127,.07);min-height:40px}
.ca-root .ca-char.ca-now{border-color:#d97706}
.ca-root .ca-hidden{background:repeating-linear-gradient(45deg,rgba(127,127,127,.16) 0 6px,rgba(127,127,127,.05) 6px 12px)}
.ca-root .ca-tuck{border-top:1px dashed rgba(127,127,127,.4);margin-top:3px;padding-top:2px;font-size:12px}
.ca-root .ca-track{display:grid;grid-template-columns:repeat(auto-fit,minmax(84px,1fr));gap:3px;margin-top:5px;font-size:11px}
.ca-root .ca-lvl{min-width:0;border:1px solid rgba(127,127,127,.35);border-radius:6px;padding:2px 3px;text-align:center}
.ca-root .ca-lvl.ca-here{border:2px solid #d97706;background:rgba(217,119,6,.14);font-weight:700}
.ca-root .ca-lvlname{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ca-root .ca-lvl .ca-chip{margin:1px 1px;padding:0 4px;white-space:normal}
.ca-root .ca-mk{color:#d97706;font-size:12px}
.ca-root .ca-line{margin-top:3px}
.ca-root .ca-grid{display:grid;gap:1px 10px;align-items:baseline}
.ca-root .ca-grid .ca-cite{white-space:normal;overflow-wrap:anywhere}
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
.ca-root .ca-why{display:inline-block}
.ca-root .ca-why summary{cursor:pointer;list-style:none;text-decoration:underline dotted}
.ca-root .ca-why summary::-webkit-details-marker{display:none}
.ca-root .ca-why[open]{display:block}
.ca-root .ca-why-text{font-size:11.5px;max-width:460px;white-space:normal;padding:3px 6px;margin:2px 0;border-left:3px solid rgba(127,127,127,.5);background:rgba(127,127,127,.08)}
.ca-root .ca-svgi{display:inline-block;width:1.15em;height:1.15em;vertical-align:-0.2em}
.ca-root .ca-legend{font-size:11px;opacity:.85;display:flex;flex-wrap:wrap;gap:2px 12px}
.ca-root .ca-legend-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(260px,100%),1fr));gap:2px 12px;font-size:12px}
"""


def esc(value: object) -> str:
    """``value`` as escaped HTML text (quotes too, for attributes)."""
    return html.escape(str(value), quote=True)


def root(body: str, kind: str) -> str:
    """One root ``div`` with the scoped style; ``kind`` becomes a ``ca-`` class.

    Icon glyphs in the text become inline SVG shapes (:func:`.svg_icons.svg_glyphs`): no symbol
    font is needed, so no icon shows as a box in a stock browser.
    """
    return f'<div class="ca-root ca-{kind}"><style>{CSS}</style>{svg_glyphs(body)}</div>'


def chip_html(chip: Chip) -> str:
    """One chip: a small labelled mark with its tooltip."""
    kind, text, title = chip
    return f'<span class="ca-chip ca-{kind}" title="{esc(title)}">{esc(text)}</span>'


def chips_html(chips: Iterable[Chip]) -> str:
    """Chips side by side."""
    return "".join(chip_html(c) for c in chips)


def path_html(card: Card, path: Path, side: Side | None) -> str:
    """One path of a card: its label, marks and powers (000 · Glossary: Path)."""
    label = "" if path.label in ("", card.name) else path.label
    head = f'<span class="ca-side">{esc(side.value)}</span>' if side is not None else ""
    lbl = f"<span>{esc(label)}</span> " if label else ""
    powers = "".join(f'<div class="ca-text">{esc(p.text)}</div>' for p in path.powers if p.text)
    return f'<div class="ca-path">{head}{lbl}{chips_html(path_chips(path))}{powers}</div>'


def card_frag(card: Card, *, ally: Card | None = None, note: str = "", highlight: bool = False) -> str:
    """A card's box: name, kind, marks, paths, text, the Ally under it and a note (000 · Allies)."""
    cls = "ca-card ca-hl" if highlight else "ca-card"
    parts = [
        f'<div class="{cls}" data-card="{esc(card.id)}">',
        f'<div><span class="ca-name">{esc(card.name)}</span> <span class="ca-kind">{esc(card_kind(card))}</span></div>',
    ]
    chips = card_chips(card)
    if chips:
        parts.append(f"<div>{chips_html(chips)}</div>")
    two = len(card.paths) == 2
    for side, path in zip(card.sides, card.paths, strict=False):
        parts.append(path_html(card, path, side if two else None))
    if card.text:
        parts.append(f'<div class="ca-text">{esc(card.text)}</div>')
    if ally is not None:
        parts.append(
            f'<div class="ca-ally" title="An Ally under a challenge adds 1 to its difficulty; '
            f'overcome the challenge to gain the Ally too (000 · Allies)">Ally under it: '
            f"<b>{esc(ally.name)}</b> (+1 difficulty) {chips_html(path_chips(ally.paths[0]))}</div>"
        )
    if note:
        parts.append(f'<div class="ca-small"><b>{esc(note)}</b></div>')
    parts.append("</div>")
    return "".join(parts)


def card_html(card: Card) -> str:
    """One card: kind, difficulty, relevant abilities, both paths, text (000 · Traits and Challenges)."""
    return root(card_frag(card), "card")


__all__ = [
    "CSS",
    "card_frag",
    "card_html",
    "chip_html",
    "chips_html",
    "esc",
    "path_html",
    "root",
]
