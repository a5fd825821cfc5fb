"""The normalized view a text is matched on: NFKC folding, format characters skipped.

Full-width and other compatibility forms count as their plain forms (U+FF14,
full-width four, is ``4``), a decimal digit of any script as its value (Arabic-Indic
``٤``, Devanagari ``४`` and Thai ``๔`` are ``4``), the dashes and the minus sign as ``-``, and
Unicode format characters (category Cf: zero-width space and joiner, soft
hyphen, bidi marks) are skipped, as are Markdown's ``**`` around a short part of a
value (``19**5304**07-5145``); Greek and Cyrillic letters that look like
a Latin letter and touch one count as it (``IBAN`` written with a Greek
iota is ``IBAN``), so a value or a label written to slip past a filter is
still found. A line break or tab written as a JSON or C escape (``\\n``,
``\\r``, ``\\t``: an LLM API's logged prompt) is read as a space and that
character, so a label or a value after it starts a line as it would
unescaped. A percent-encoded letter, digit or value punctuation reads as
that character and an encoded space as nothing (``%2B44%207911%20123456``),
and so does a JSON ``\\uXXXX`` escape, which also reads as a character outside
ASCII (``n\\u00e9 le``).
Every span found in the view maps back to the original text,
and the whole original span is
redacted (docs/architecture.md, "Anti-evasion"). A pure-ASCII text without
escapes needs no view. Folding is per character (an escape's two characters
become two), which keeps the mapping exact.
"""

from __future__ import annotations

import bisect
import re
import threading
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .anchors import HYPERSCAN

__all__ = ["NormalizedView", "normalized_view", "outside_ascii"]

#: Code points whose fold is examined: the planes that hold assigned characters
#: (0-2) and the tag characters of plane 14 (format characters).
_RANGES = ((0x80, 0x30000), (0xE0000, 0xE1000))

#: Dashes written for a hyphen (U+2010 to U+2015, the minus sign, the small and full-width
#: hyphen-minus): a value's groups joined by any of them are joined by ``-``.
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"

#: Greek and Cyrillic letters whose look is one Latin letter's (Unicode TR39, confusables.txt:
#: those whose prototype is an ASCII letter). A run of them that touches a Latin letter is
#: read as Latin (a word disguised by swapping some letters); a word in Greek or Cyrillic
#: script alone stays as written.
LOOKALIKES = {
    unicodedata.lookup(name): latin
    for name, latin in (
        ("CYRILLIC CAPITAL LETTER A", "A"),
        ("CYRILLIC CAPITAL LETTER VE", "B"),
        ("CYRILLIC CAPITAL LETTER ES", "C"),
        ("CYRILLIC CAPITAL LETTER IE", "E"),
        ("CYRILLIC CAPITAL LETTER EN", "H"),
        ("CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I", "I"),
        ("CYRILLIC CAPITAL LETTER JE", "J"),
        ("CYRILLIC CAPITAL LETTER KA", "K"),
        ("CYRILLIC CAPITAL LETTER EM", "M"),
        ("CYRILLIC CAPITAL LETTER O", "O"),
        ("CYRILLIC CAPITAL LETTER ER", "P"),
        ("CYRILLIC CAPITAL LETTER DZE", "S"),
        ("CYRILLIC CAPITAL LETTER TE", "T"),
        ("CYRILLIC CAPITAL LETTER HA", "X"),
        ("CYRILLIC CAPITAL LETTER U", "Y"),
        ("CYRILLIC CAPITAL LETTER STRAIGHT U", "Y"),
        ("CYRILLIC CAPITAL LETTER QA", "Q"),
        ("CYRILLIC CAPITAL LETTER WE", "W"),
        ("CYRILLIC SMALL LETTER A", "a"),
        ("CYRILLIC SMALL LETTER ES", "c"),
        ("CYRILLIC SMALL LETTER IE", "e"),
        ("CYRILLIC SMALL LETTER SHHA", "h"),
        ("CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I", "i"),
        ("CYRILLIC SMALL LETTER JE", "j"),
        ("CYRILLIC SMALL LETTER O", "o"),
        ("CYRILLIC SMALL LETTER ER", "p"),
        ("CYRILLIC SMALL LETTER DZE", "s"),
        ("CYRILLIC SMALL LETTER HA", "x"),
        ("CYRILLIC SMALL LETTER U", "y"),
        ("CYRILLIC SMALL LETTER KOMI DE", "d"),
        ("CYRILLIC SMALL LETTER QA", "q"),
        ("CYRILLIC SMALL LETTER WE", "w"),
        ("CYRILLIC SMALL LETTER PALOCHKA", "l"),
        ("GREEK CAPITAL LETTER ALPHA", "A"),
        ("GREEK CAPITAL LETTER BETA", "B"),
        ("GREEK CAPITAL LETTER EPSILON", "E"),
        ("GREEK CAPITAL LETTER ZETA", "Z"),
        ("GREEK CAPITAL LETTER ETA", "H"),
        ("GREEK CAPITAL LETTER IOTA", "I"),
        ("GREEK CAPITAL LETTER KAPPA", "K"),
        ("GREEK CAPITAL LETTER MU", "M"),
        ("GREEK CAPITAL LETTER NU", "N"),
        ("GREEK CAPITAL LETTER OMICRON", "O"),
        ("GREEK CAPITAL LETTER RHO", "P"),
        ("GREEK CAPITAL LETTER TAU", "T"),
        ("GREEK CAPITAL LETTER UPSILON", "Y"),
        ("GREEK CAPITAL LETTER CHI", "X"),
        ("GREEK SMALL LETTER ALPHA", "a"),
        ("GREEK SMALL LETTER IOTA", "i"),
        ("GREEK SMALL LETTER OMICRON", "o"),
        ("GREEK SMALL LETTER NU", "v"),
        ("GREEK SMALL LETTER RHO", "p"),
    )
}
_LOOKALIKE_CLASS = "".join(sorted(LOOKALIKES))
#: Where a lookalike touches a Latin letter (``re``: a plain class search is its fast case),
#: but an escape's letter (a JSON string's ``\\n`` before a Cyrillic word: a line break).
_GLUED = re.compile(f"(?<!\\\\)[A-Za-z][{_LOOKALIKE_CLASS}]|[{_LOOKALIKE_CLASS}][A-Za-z]")
_ANY_LOOKALIKE = re.compile(f"[{_LOOKALIKE_CLASS}]")
#: The same joins in UTF-8 bytes, a superset (every lookalike is two bytes, led by
#: 0xCE-0xD4), for Hyperscan: it reads byte patterns some fifty times as fast as the same
#: in UTF-8 mode.
_GLUED_BYTES = (rb"[A-Za-z][\xCE-\xD4]", rb"[\xCE-\xD4][\x80-\xBF][A-Za-z]")

#: A line break or tab written as an escape (not one whose backslash is itself escaped):
#: its backslash reads as a space, its letter as the character it stands for.
_ESCAPE = re.compile(r"(?<!\\)\\([nrt])")
_ESCAPED = {"n": "\n", "r": "\r", "t": "\t"}

#: Markdown's strong emphasis around a part of a value (``19**5304**07-5145``, ``+57 **321**
#: 1707566``): a short run of letters and digits holding a digit, no space inside, so that
#: a stream (which cuts only at a space, never within its lookahead) sees both markers.
_EMPHASIS = re.compile(r"(?<!\*)\*\*(?=[0-9A-Za-z]{0,11}[0-9])[0-9A-Za-z]{1,12}\*\*(?!\*)")

#: An HTML numeric character reference (``&#53;``, ``&#x35;``): read as the character it
#: stands for when that is an ASCII letter or digit (``972.&#57;9&#57;.612-10``), as a
#: browser shows it; no space inside, so a stream sees it whole.
_REFERENCE = re.compile(r"&#(?:([0-9]{1,7})|[xX]([0-9A-Fa-f]{1,6}));")

#: A percent-encoded character (RFC 3986, section 2.1: ``%2B``, ``%20``), as a URL's query
#: string or a logged form body writes a value (``phone=%2B44%207911%20123456``). Those that
#: stand for a letter, a digit or one of :data:`_PERCENT_READ` read as that character, and a
#: space as nothing (a value's groups may be written without it, and a token stays one token:
#: a password holding ``%20`` is still redacted whole); the characters that give a URI its
#: parts (``@``, ``:``, ``/``: a connection string's encoded password) are left as written.
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_PERCENT_READ = frozenset("+-._()")
#: In a form body (``application/x-www-form-urlencoded``), ``+`` is a space: between two
#: digits of a token holding an escape read through (``phone=%2B49+30+12345678``, as
#: Python's ``urlencode`` writes a number) it reads as nothing, like an encoded space. Only
#: there: a ``+`` of a token without escapes may be a base64 secret's own character.
_TOKEN = re.compile(r"\S+")
_FORM_SPACE = re.compile(r"(?<=[0-9])\+(?=[0-9])")

#: A ``\\uXXXX`` escape (not one whose backslash is itself escaped), as a JSON text writes a
#: character: Python's ``json.dumps`` every non-ASCII one (``n\\u00famero de tel\\u00e9fono``),
#: .NET's ``System.Text.Json`` a ``+`` (``\\u002B14155552671``). One that stands for a letter
#: or digit of any script, one of :data:`_PERCENT_READ`, or another character outside ASCII
#: reads as that character, folded; a space as nothing (as :data:`_PERCENT`'s).
_UNICODE_ESCAPE = re.compile(r"(?<!\\)\\u([0-9A-Fa-f]{4})")
#: A character's UTF-8 bytes each escaped as if it were a Latin-1 character: a lead byte,
#: then one to three continuation bytes (``num\\u00c3\\u00a9ro`` for ``numéro``), as
#: Facebook's "Download Your Information" JSON writes every character outside ASCII. The
#: run reads as the character it encodes, where the bytes are valid UTF-8.
_DOUBLE_ENCODED = re.compile(r"(?<!\\)\\u00[c-fC-F][0-9A-Fa-f](?:\\u00[89abAB][0-9A-Fa-f]){1,3}")

#: A quoted-printable soft line break (RFC 2045, section 6.7: ``=`` ending an encoded line
#: the decoder joins to the next) inside a number (``NIN: 5821=\n5023706``): skipped. Only
#: after a digit: ``IBAN=\nDE89...`` may be a field and its value on the next line.
_SOFT_BREAK = re.compile(r"(?<=[0-9])=\r?\n(?=[ ]?[0-9A-Za-z])")

_lock = threading.Lock()
_table: dict[int, str | None] | None = None


def _fold_table() -> dict[int, str | None]:
    """Return the per-character fold, as a ``str.translate`` table (built on first use)."""
    global _table
    with _lock:
        if _table is None:
            table: dict[int, str | None] = {}
            for low, high in _RANGES:
                for point in range(low, high):
                    if 0xD800 <= point < 0xE000:
                        continue  # surrogates stay as they are
                    char = chr(point)
                    category = unicodedata.category(char)
                    if category == "Cf":
                        table[point] = None
                    elif char in _DASHES:
                        table[point] = "-"
                    elif category != "Cn":
                        folded = unicodedata.normalize("NFKC", char)
                        if folded != char:
                            table[point] = folded
                        elif category == "Nd":
                            # A decimal digit of any script counts as its value.
                            table[point] = str(unicodedata.decimal(char))
            _table = table
        return _table


_folding_lock = threading.Lock()
#: Two Hyperscan databases, compiled on first use (about 14 ms): one (UTF-8) matching every
#: character the fold changes, one every Greek or Cyrillic letter touching a Latin one
#: (:data:`_GLUED_BYTES`); None until then, or without Hyperscan.
_folding: tuple[Any, Any] | None = None
_folding_scratch = threading.local()


def _folding_database() -> tuple[Any, Any] | None:
    """Return the databases matching any character the fold changes and any Greek or
    Cyrillic letter touching a Latin one (None without Hyperscan)."""
    global _folding
    if HYPERSCAN is None:
        return None
    with _folding_lock:
        if _folding is None:
            points = sorted(_fold_table())
            runs: list[tuple[int, int]] = []
            for point in points:
                if runs and runs[-1][1] == point - 1:
                    runs[-1] = (runs[-1][0], point)
                else:
                    runs.append((point, point))
            members = "".join(
                f"\\x{{{low:x}}}" if low == high else f"\\x{{{low:x}}}-\\x{{{high:x}}}"
                for low, high in runs
            )
            folding = HYPERSCAN.Database(mode=HYPERSCAN.HS_MODE_BLOCK)
            folding.compile(
                expressions=[f"[{members}]".encode("ascii")],
                ids=[0],
                flags=[HYPERSCAN.HS_FLAG_UTF8 | HYPERSCAN.HS_FLAG_SINGLEMATCH],
            )
            # A database of its own: beside a UTF-8 expression, Hyperscan reads these byte
            # patterns some fifty times as slowly.
            glued = HYPERSCAN.Database(mode=HYPERSCAN.HS_MODE_BLOCK)
            glued.compile(
                expressions=list(_GLUED_BYTES),
                ids=list(range(len(_GLUED_BYTES))),
                flags=[HYPERSCAN.HS_FLAG_SINGLEMATCH] * len(_GLUED_BYTES),
            )
            _folding = (folding, glued)
        return _folding


def _stop(*_: object) -> bool:
    return True  # the first match answers the question: stop the scan


def _folds_any(utf8: bytes) -> tuple[bool, bool]:
    """Return whether the UTF-8 text (a lone surrogate as ``?``) holds a character the fold
    changes, and whether a Greek or Cyrillic letter touches a Latin one there (a Hyperscan
    pass each, stopped at the first match; both True without Hyperscan, so the caller
    looks itself)."""
    databases = _folding_database()
    if databases is None:
        return True, True
    scratches = getattr(_folding_scratch, "scratches", None)
    if scratches is None:
        scratches = _folding_scratch.scratches = tuple(map(HYPERSCAN.Scratch, databases))
    folds, glued = (
        _matches(database, scratch, utf8)
        for database, scratch in zip(databases, scratches, strict=True)
    )
    return folds, glued


def _matches(database: Any, scratch: Any, data: bytes) -> bool:
    """True when ``database`` matches anywhere in ``data`` (its scan stops at the first)."""
    try:
        database.scan(data, match_event_handler=_stop, scratch=scratch)
    except HYPERSCAN.ScanTerminated:
        return True
    return False


@dataclass(frozen=True)
class NormalizedView:
    """A text as matched (``text``) and how its positions map to the original's."""

    text: str
    original_length: int
    #: For each character that became other than one character, in order: its position in
    #: the view, its position in the original, and how many view characters it became (0:
    #: skipped). One replaced by one moves no position, and is not recorded.
    _view_starts: tuple[int, ...]
    _origins: tuple[int, ...]
    _widths: tuple[int, ...]
    #: For the first character of a reference that reads as one character (``&#53;``),
    #: where the reference ends: a span ending with that character ends there too.
    _through: Mapping[int, int] = field(default_factory=dict)

    def original_index(self, position: int) -> int:
        """Return the original index of the view character at ``position``."""
        # The last change at or before the position; skipped characters at it came first.
        index = bisect.bisect_right(self._view_starts, position) - 1
        if index < 0:
            return position
        start, origin, width = self._view_starts[index], self._origins[index], self._widths[index]
        if position < start + width:
            return origin  # inside what one original character became
        return origin + 1 + (position - start - width)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Return the original span of the view span ``[start, end)`` (``end > start``)."""
        last = self.original_index(end - 1)
        return self.original_index(start), self._through.get(last, last + 1)

    def view_index(self, original: int) -> int:
        """Return the view position of the original index ``original`` (its first character)."""
        index = bisect.bisect_right(self._origins, original) - 1
        if index < 0:
            return original
        start, origin, width = self._view_starts[index], self._origins[index], self._widths[index]
        if original == origin:
            return start
        return start + width + (original - origin - 1)


#: Runs of characters outside ASCII: only they can fold.
_NON_ASCII = re.compile(r"[^\x00-\x7f]+")
#: Runs of ASCII characters: removing them leaves the others (long runs: a fast C loop).
_ASCII = re.compile(r"[\x00-\x7f]+")


def outside_ascii(text: str) -> str:
    """Return the characters of ``text`` outside ASCII, in order (one C pass)."""
    return _ASCII.sub("", text)


#: From this many characters on, a run outside ASCII is first checked for an uneven fold
#: as a whole (one C pass); a shorter one is read character by character at once.
_LONG_RUN = 32
_uneven_lock = threading.Lock()
#: The characters the fold makes into other than one character (a format character into
#: none, a ligature into two), as a ``str.translate`` table deleting them; once built.
_uneven: dict[int, None] | None = None


def _uneven_folds() -> dict[int, None]:
    """Return the table deleting each character the fold makes into none or several (built
    on first use)."""
    global _uneven
    with _uneven_lock:
        if _uneven is None:
            _uneven = {
                point: None for point, folded in _fold_table().items() if len(folded or "") != 1
            }
        return _uneven


def _uneven_positions(text: str, table: dict[int, str | None], outside: str) -> list[int] | None:
    """Return None when the fold changes no character of ``text`` (``outside``:
    :func:`outside_ascii` of it), else the positions of those it makes into none or
    several, in order: the others fold one for one, which moves no position."""
    if outside.translate(table) == outside:
        return None  # the common case, decided by two C passes without a loop per run
    uneven = _uneven_folds()
    if len(outside.translate(uneven)) == len(outside):
        return []  # every change one for one (full-width forms, dashes): a C pass says so
    positions: list[int] = []
    for run in _NON_ASCII.finditer(text):
        chunk = run.group()
        if len(chunk) > _LONG_RUN and len(chunk.translate(uneven)) == len(chunk):
            continue  # a long run without one (CJK text's full-width forms)
        first = run.start()
        positions.extend(first + offset for offset, char in enumerate(chunk) if ord(char) in uneven)
    return positions


def _disguised(text: str) -> dict[int, str]:
    """Return, by position, the Latin letter each lookalike touching a Latin letter (and each
    in a run of them touching one) is read as (``DOB`` written with a Cyrillic O)."""
    letters: dict[int, str] = {}
    position = 0
    # Each search from the character after the last join found: joins may share a letter.
    while (glued := _GLUED.search(text, position)) is not None:
        position = glued.start() + 1
        # The run of lookalikes on the side of the join that holds one.
        index = glued.start() + (0 if text[glued.start()] in LOOKALIKES else 1)
        step = 1 if index > glued.start() else -1
        while 0 <= index < len(text) and text[index] in LOOKALIKES and index not in letters:
            letters[index] = LOOKALIKES[text[index]]
            index += step
    return letters


def _escapes(text: str) -> dict[int, str]:
    """Return, by position, what each character of an escaped line break or tab reads as."""
    if "\\" not in text:
        return {}  # the common case: one C search
    replaced: dict[int, str] = {}
    for escape in _ESCAPE.finditer(text):
        replaced[escape.start()] = " "
        replaced[escape.start() + 1] = _ESCAPED[escape.group(1)]
    return replaced


def _references(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """Return, by position, what each character of a numeric character reference to an ASCII
    letter or digit reads as (its ``&`` as that character, the rest as nothing), and for each
    such ``&``, where its reference ends."""
    if "&" not in text or "&#" not in text:
        return {}, {}  # the common case: one memchr (a search for two characters is slower)
    replaced: dict[int, str] = {}
    through: dict[int, int] = {}
    for reference in _REFERENCE.finditer(text):
        decimal, hexadecimal = reference.groups()
        code = int(decimal) if decimal is not None else int(hexadecimal, 16)
        if code < 128 and chr(code).isalnum():
            start, end = reference.span()
            replaced[start] = chr(code)
            replaced.update(dict.fromkeys(range(start + 1, end), ""))
            through[start] = end
    return replaced, through


def _percent_escapes(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """Return, by position, what each character of a percent-encoded character reads as
    (:data:`_PERCENT`; see :func:`_read_escapes`), a form body's ``+`` between digits
    among them, and for each ``%`` read as a character, where its escape ends."""
    if "%" not in text:
        return {}, {}  # the common case: one memchr
    replaced, through = _read_escapes(_PERCENT.finditer(text), beyond_ascii=False)
    if replaced and "+" in text:
        replaced.update(dict.fromkeys(_form_spaces(text, list(replaced)), ""))
    return replaced, through


def _unicode_escapes(text: str) -> tuple[dict[int, str], dict[int, int]]:
    """Return, by position, what each character of a ``\\uXXXX`` escape reads as
    (:data:`_UNICODE_ESCAPE`; see :func:`_read_escapes`), and for each backslash read as a
    character, where its escape ends."""
    if "\\" not in text or "\\u" not in text:
        return {}, {}  # the common case: one memchr (a search for two characters is slower)
    replaced, through = _read_escapes(_UNICODE_ESCAPE.finditer(text), beyond_ascii=True)
    for run in _DOUBLE_ENCODED.finditer(text) if "\\u00" in text else ():
        start, end = run.span()
        encoded = bytes(int(text[at + 2 : at + 6], 16) for at in range(start, end, 6))
        try:
            char = _escaped(ord(encoded.decode("utf-8")), beyond_ascii=True)
        except UnicodeDecodeError:
            continue
        if char is None:
            continue
        replaced.update(dict.fromkeys(range(start, end), ""))
        for at in range(start, end, 6):
            through.pop(at, None)
        if char:
            replaced[start] = char
            through[start] = end
    return replaced, through


def _read_escapes(
    escapes: Iterable[re.Match[str]], *, beyond_ascii: bool
) -> tuple[dict[int, str], dict[int, int]]:
    """Return, by position, what each character of the ``escapes`` (their code point in hex,
    group 1; in order) reads as: the first as the character the escape stands for
    (:func:`_escaped`), the rest as nothing; and for each first read as a character, where
    its escape ends. An escape that stands for no such character is left out."""
    replaced: dict[int, str] = {}
    through: dict[int, int] = {}
    for escape in escapes:
        char = _escaped(int(escape.group(1), 16), beyond_ascii)
        if char is None:
            continue
        start, end = escape.span()
        replaced.update(dict.fromkeys(range(start, end), ""))
        if char:
            replaced[start] = char
            through[start] = end
    return replaced, through


def _escaped(code: int, beyond_ascii: bool) -> str | None:
    """Return what an escape of ``code`` reads as: a letter, a digit or one of
    :data:`_PERCENT_READ` as itself, a space as nothing, and (``beyond_ascii``) a character
    outside ASCII as its fold; None for any other (it stays as written)."""
    char = chr(code)
    if char == " ":
        return ""
    if code < 128:
        return char if char.isalnum() or char in _PERCENT_READ else None
    if not beyond_ascii or 0xD800 <= code < 0xE000 or unicodedata.category(char) == "Cc":
        return None  # a byte of a UTF-8 sequence, half of a surrogate pair, a control
    return _fold_table().get(code, char) or ""


def _form_spaces(text: str, read: list[int]) -> list[int]:
    """Return the positions of each ``+`` between two digits in a token holding one of the
    sorted positions ``read`` (:data:`_FORM_SPACE`). Each token is read once, and the
    search back for its start stops at the last token's end: linear in the text."""
    pluses: list[int] = []
    covered = 0  # the end of the last token read
    for position in read:
        if position < covered:
            continue
        before = max(text.rfind(space, covered, position) for space in " \t\n\r\f\v")
        token = _TOKEN.match(text, max(before + 1, covered))
        if token is None:  # another kind of space at the escape's token's start
            continue
        pluses.extend(plus.start() for plus in _FORM_SPACE.finditer(text, *token.span()))
        covered = token.end()
    return pluses


def _soft_breaks(text: str) -> dict[int, str]:
    """Return the positions of each quoted-printable soft line break inside a number
    (:data:`_SOFT_BREAK`), each skipped."""
    if "=" not in text or ("=\n" not in text and "=\r\n" not in text):
        return {}  # the common case: one memchr (a search for two characters is slower)
    return {
        index: ""
        for soft in _SOFT_BREAK.finditer(text)
        for index in range(soft.start(), soft.end())
    }


#: Superscript digits right after a letter or a closing bracket: a footnote's mark
#: (``Steuer-ID¹``, ``SV-Nummer²`` in a header), no part of the word or of a value.
_FOOTNOTE_MARK = re.compile("(?:(?<=[^\\W\\d_])|(?<=[)]))[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]+")
_SUPERSCRIPT_DIGIT = re.compile("[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]")


def _footnote_marks(text: str, outside: str) -> dict[int, str]:
    """Return the positions of each footnote's mark (:data:`_FOOTNOTE_MARK`), each skipped
    (``outside``: :func:`outside_ascii` of ``text``, where a superscript digit would be)."""
    if _SUPERSCRIPT_DIGIT.search(outside) is None:
        return {}
    return {
        index: ""
        for mark in _FOOTNOTE_MARK.finditer(text)
        for index in range(mark.start(), mark.end())
    }


def _emphasis(text: str) -> dict[int, str]:
    """Return the positions of the markers of each strong emphasis inside a value
    (:data:`_EMPHASIS`), each skipped."""
    if "*" not in text or "**" not in text:
        return {}  # the common case: one memchr (a search for two characters is slower)
    skipped: dict[int, str] = {}
    for marked in _EMPHASIS.finditer(text):
        start, end = marked.span()
        for index in (start, start + 1, end - 2, end - 1):
            skipped[index] = ""
    return skipped


def normalized_view(text: str, utf8: bytes | None = None) -> NormalizedView | None:
    """Return the normalized view of ``text``, or None when matching may use the text itself
    (``utf8``: the text as UTF-8, a lone surrogate as ``?``, when the caller has it)."""
    # Escapes, references, soft breaks and emphasis markers are ASCII characters the fold
    # keeps: apart from its changes, and from one another.
    referenced, through = _references(text)
    decoded, decoded_through = _percent_escapes(text)
    unescaped, unescaped_through = _unicode_escapes(text)
    through |= decoded_through | unescaped_through
    marked = (
        _escapes(text) | referenced | decoded | unescaped | _soft_breaks(text) | _emphasis(text)
    )
    if text.isascii():
        return _view(text, marked, through) if marked else None
    table = _fold_table()
    if utf8 is not None:
        # Most non-ASCII text: one pass over bytes the caller encoded anyway says no.
        folds, glued = _folds_any(utf8)
        if not folds and not glued and not marked:
            return None
        outside = outside_ascii(text) if folds else ""
        uneven = _uneven_positions(text, table, outside) if folds else None
        footnotes = _footnote_marks(text, outside)  # superscripts fold: only then
        disguised = _disguised(text) if glued else {}
    else:
        outside = outside_ascii(text)
        uneven = _uneven_positions(text, table, outside)
        footnotes = _footnote_marks(text, outside)
        disguised = _disguised(text) if _ANY_LOOKALIKE.search(outside) is not None else {}
    if uneven is None and not disguised and not marked and not footnotes:
        return None
    # A lookalike or a marked character (an escape's, a reference's, a soft break's, an
    # emphasis marker) is no character the fold changes: the sets of positions are apart.
    # A footnote's mark is one it folds one for one (never recorded): skipped instead.
    replaced = {index: table[ord(text[index])] or "" for index in uneven or ()}
    replaced.update(footnotes)
    replaced.update(disguised)
    replaced.update(marked)
    return _view(text, replaced, through, table if uneven is not None else None)


def _view(
    text: str,
    replaced: dict[int, str],
    through: Mapping[int, int],
    fold: dict[int, str | None] | None = None,
) -> NormalizedView:
    """Return the view of ``text`` with the character at each position of ``replaced``
    replaced by what it maps it to (nothing: skipped; ``through``: see NormalizedView),
    and each other character by its ``fold`` (one for one, by ``str.translate``).

    Only a character that became other than one character is recorded: one replaced by
    one moves no position, so the mapping before it holds after it too."""
    view_starts: list[int] = []
    origins: list[int] = []
    widths: list[int] = []
    pieces: list[str] = []
    position = 0  # in the original
    view_length = 0
    for index in sorted(replaced):
        between = text[position:index]
        pieces.append(between if fold is None else between.translate(fold))
        view_length += index - position
        folded = replaced[index]
        pieces.append(folded)
        if len(folded) != 1:
            view_starts.append(view_length)
            origins.append(index)
            widths.append(len(folded))
        view_length += len(folded)
        position = index + 1
    pieces.append(text[position:] if fold is None else text[position:].translate(fold))
    return NormalizedView(
        "".join(pieces), len(text), tuple(view_starts), tuple(origins), tuple(widths), through
    )
