"""The month names a written date of birth may use, generated from Unicode CLDR (Babel).

``python -m engine_plugins.catalogue.cldr_months`` (``make month-names``) rewrites
``month_names.py`` from the CLDR data Babel ships: each month's wide and
abbreviated names, in the format (declined: ``14 października``, ``11 Νοεμβρίου``) and
stand-alone forms, of every language the catalogue's context words are written in. A
test fails when the file drifts from CLDR. Babel is needed here only (the ``dev`` extra):
the engine reads the generated table.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LANGUAGES", "cldr_names", "fold", "month_names", "render"]

#: The languages of the catalogue's countries and context words (CLDR locale ids).
LANGUAGES = (
    "en",
    "de",
    "de_AT",
    "fr",
    "es",
    "it",
    "pt",
    "pt_PT",
    "nl",
    "sv",
    "fi",
    "da",
    "nb",
    "nn",
    "is",
    "pl",
    "cs",
    "sk",
    "sl",
    "hr",
    "ro",
    "tr",
    "et",
    "lt",
    "hu",
    "el",
    "bg",
    "he",
    "th",
    "id",
    "ms",
    "fil",
)

TARGET = Path(__file__).with_name("month_names.py")


def fold(name: str) -> str:
    """Return ``name`` as the table keys it: case folded, without its marks (accents,
    Thai vowel signs) or a final dot."""
    # Turkish capitals write KASIM for a month with a dotless i: both fold to i.
    decomposed = unicodedata.normalize("NFD", name.casefold().rstrip(".").replace("\u0131", "i"))
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn")


def cldr_names() -> Iterator[tuple[str, int]]:
    """Yield each month name of :data:`LANGUAGES` as CLDR writes it, with its month.

    Names shorter than three letters or holding a digit or a dot (``1月``, ``ม.ค.``)
    are left out: a written date's pattern never takes them.
    """
    from babel import Locale  # the dev extra: only this generator reads CLDR

    for language in LANGUAGES:
        locale = Locale.parse(language)
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in locale.months[context][width].items():
                    key = fold(name)
                    if len(key) >= 3 and key.isalpha():
                        yield name, number


def month_names() -> dict[str, tuple[int, ...]]:
    """Return each folded month name of :data:`LANGUAGES` with the months it names."""
    months: dict[str, set[int]] = {}
    for name, number in cldr_names():
        months.setdefault(fold(name), set()).add(number)
    return {key: tuple(sorted(numbers)) for key, numbers in sorted(months.items())}


def render() -> str:
    """Return the source of ``month_names.py``."""
    from babel import __version__ as babel_version

    lines = [
        "# ruff: noqa: RUF001 - Greek and Cyrillic month names, not lookalikes of Latin ones",
        '"""Month names of the context languages, from Unicode CLDR (generated; do not edit).',
        "",
        "Written by ``python -m engine_plugins.catalogue.cldr_months`` from Babel "
        f"{babel_version}'s",
        "CLDR data: keys folded by ``cldr_months.fold``, values the months each names.",
        '"""',
        "",
        "MONTH_NAMES: dict[str, tuple[int, ...]] = {",
    ]
    # Double quotes and the characters themselves, as ruff formats the file.
    lines += [
        f"    {json.dumps(key, ensure_ascii=False)}: {numbers!r},"
        for key, numbers in month_names().items()
    ]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Rewrite the generated table (or the path given); return 0."""
    target = Path(argv[0]) if argv else TARGET
    target.write_text(render(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
