"""The translation catalogs: extract the messages with Babel, check each catalog, compile the ``.mo`` files.

    python scripts/i18n.py            # report missing and unused messages, compile every .po to .mo
    python scripts/i18n.py --update   # also add the missing messages to each .po (untranslated)
    python scripts/i18n.py --check    # exit 1 if a message is missing or a .mo is out of date

Needs Babel (``pip install "calladventure[i18n]"``). The messages are the first text argument of
``t(lang, …)``, ``tn(lang, …, …)`` (two forms), ``self.tr(…)``, ``N_(…)`` and the rules' ``phrase(…)``, ``plural_phrase(…, …)`` in the package; the
catalogs are ``calladventure/present/locale/<lang>/LC_MESSAGES/calladventure.po``. The compiled
``.mo`` files are committed, so the package needs no Babel at run time.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "calladventure"
LOCALE = PACKAGE / "present" / "locale"
DOMAIN = "calladventure"
KEYWORDS = {"t": (2,), "tn": (2, 3), "tr": (1,), "N_": (1,), "phrase": (1,), "plural_phrase": (1, 2)}


def messages() -> dict[str, str | None]:
    """Every message of the package: msgid → its plural form (None for a singular message)."""
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
        else:
            found.setdefault(message, None)
    return found


def catalogs() -> list[Path]:
    """The ``.po`` file of every shipped language."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of a catalog."""
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--update", action="store_true", help="add missing messages to each .po")
    parser.add_argument("--check", action="store_true", help="exit 1 if anything is missing or stale")
    args = parser.parse_args()
    wanted = messages()
    problems = 0
    for po in catalogs():
        with po.open("rb") as handle:
            catalog = read_po(handle)
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        missing = [m for m in wanted if m not in have]
        untranslated = [
            m.id for m in catalog if m.id and not (m.string if isinstance(m.string, str) else all(m.string))
        ]
        unused = sorted(have - set(wanted))
        for text in missing:
            print(f"{po.parent.parent.name}: missing {text!r}")
        for text in untranslated:
            print(f"{po.parent.parent.name}: untranslated {text!r}")
        for text in unused:
            print(f"{po.parent.parent.name}: unused {text!r}")
        problems += len(missing) + len(untranslated)
        if args.update and missing:
            for text in missing:
                plural = wanted[text]
                catalog.add((text, plural) if plural else text, ("", "") if plural else "")
            with po.open("wb") as handle:
                write_po(handle, catalog, width=110, sort_output=False)
        mo = po.with_suffix(".mo")
        data = compiled(catalog)
        if args.check:
            if not mo.exists() or mo.read_bytes() != data:
                print(f"{mo} is out of date: run python scripts/i18n.py")
                problems += 1
        else:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(ROOT)}")
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
