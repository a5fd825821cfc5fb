"""Phone numbers validated with ``phonenumbers`` (libphonenumber's metadata).

A number written with ``+`` and a country code is validated for that country. A
number written in a national format carries no country: a rule names the
regions whose national formats it takes (``regions``: the number must be in a
range libphonenumber knows as allocated; ``plan_regions``: fitting the
country's numbering plan, its general number pattern and lengths, is enough).
The catalogue's context-free ``phone`` rule takes a few countries' national
formats; the context rules take a language's countries, chosen by the phone
words of that language near the number (docs/architecture.md, "Context").
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import ahocorasick
import phonenumbers
import regex
from phonenumbers import NumberParseException, PhoneMetadata, PhoneNumber

from engine_core.evaluation.context import (
    LEADER_GAP,
    REMARK_AFTER_WORD,
    REPLY_AFTER_WORD,
    TYPED_VALUE_GAP,
    Context,
    asks_after,
    folded_words,
    opens_reply,
    remarked_after,
)
from engine_core.evaluation.context_words import caseless
from engine_core.matching import VALIDATOR_CACHE, RegexMatcher, Span

from .catalogue.checks.intl import numeric_dates

__all__ = ["PhoneMatcher", "PhoneValidator", "unknown_regions"]

#: Longest digit run a phone number has: E.164's 15 and a trunk prefix.
_MAX_DIGITS = 17
_MIN_DIGITS = 5


def unknown_regions(regions: Iterable[str]) -> list[str]:
    """Return the region codes that libphonenumber has no metadata for."""
    return [region for region in regions if region not in phonenumbers.SUPPORTED_REGIONS]


@dataclass(frozen=True)
class _Region:
    code: str
    country_code: int
    #: National significant number lengths, and the trunk prefix a national format may start with.
    lengths: frozenset[int]
    trunk: str
    plan: re.Pattern[str]
    #: The digits, less a leading trunk prefix, are the national number (no other rewriting
    #: when parsing), so the plan can rule a candidate out before libphonenumber parses it.
    plain_parsing: bool
    #: Otherwise, when parsing only strips what these match at the start (no transform
    #: rule), the national number is still the digits less at most those (see
    #: :func:`_national_options`): the national prefix for parsing (a trunk or carrier
    #: prefix), and the international prefix followed by the country's own code.
    parsing_prefix: re.Pattern[str] | None = None
    international_prefix: re.Pattern[str] | None = None


@cache
def _region(code: str) -> _Region:
    metadata = PhoneMetadata.metadata_for_region(code)
    assert metadata is not None  # validated: unknown_regions
    general = metadata.general_desc
    assert general is not None  # every region's metadata has its general description
    _compile_metadata_patterns(code)
    return _Region(
        code=code,
        country_code=int(metadata.country_code or 0),
        lengths=frozenset(general.possible_length or ()),
        trunk=metadata.national_prefix or "",
        plan=re.compile(general.national_number_pattern or "(?!)"),
        plain_parsing=metadata.national_prefix_for_parsing in (None, metadata.national_prefix)
        and not metadata.national_prefix_transform_rule,
        parsing_prefix=None
        if metadata.national_prefix_transform_rule or not metadata.national_prefix_for_parsing
        else re.compile(metadata.national_prefix_for_parsing),
        international_prefix=re.compile(metadata.international_prefix)
        if metadata.international_prefix
        else None,
    )


# libphonenumber compiles a region's patterns when a number first needs them, and keeps
# them only in the re module's bounded cache; kept for good (where the installed release
# can), a pack's rules compile them once, when the pack compiles.
if hasattr(phonenumbers, "enable_pattern_cache"):
    phonenumbers.enable_pattern_cache()


def _compile_metadata_patterns(code: str) -> None:
    """Have libphonenumber compile the patterns it reads to parse, validate and format a
    number of region ``code``, by doing so with the region's example number: at compile
    time, so a pack's first decision does not spend its budget compiling them
    (docs/architecture.md, "Budget")."""
    example = phonenumbers.example_number(code)
    if example is None:
        return
    national = phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.NATIONAL)
    phonenumbers.is_valid_number(phonenumbers.parse(national, code))


def _national_options(digits: str, region: _Region) -> set[str]:
    """Return every national number libphonenumber can read in ``digits`` for ``region``
    when its parsing strips prefixes and rewrites nothing (``region.parsing_prefix``).

    Parsing a number written without ``+`` reads it as written, or (when it starts with
    the country's code, or with the international prefix and that code) without those;
    then it strips a match of the national prefix for parsing, or does not.
    """
    assert region.parsing_prefix is not None
    code = str(region.country_code)
    written = {digits}
    if digits.startswith(code):
        written.add(digits[len(code) :])
    international = region.international_prefix
    if international is not None and (dialled := international.match(digits)) is not None:
        rest = digits[dialled.end() :]
        if rest.startswith(code):
            written.add(rest[len(code) :])
    options = set(written)
    for number in written:
        prefix = region.parsing_prefix.match(number)
        if prefix is not None:
            options.add(number[prefix.end() :])
    return options


@functools.lru_cache(maxsize=VALIDATOR_CACHE)
def _parsed(value: str, region: str | None) -> PhoneNumber | None:
    """Return ``value`` parsed as a number of ``region`` (None: after ``+``), or None when
    libphonenumber reads no number in it; remembered, since the phone rules of several
    languages ask about the same candidates (libphonenumber's parse costs ~25 us)."""
    try:
        return phonenumbers.parse(value, region)
    except NumberParseException:
        return None


@functools.lru_cache(maxsize=VALIDATOR_CACHE)
def _allocated(value: str, region: str | None) -> bool:
    """True when ``value``, parsed as :func:`_parsed` does, is a valid (allocated) number."""
    number = _parsed(value, region)
    return number is not None and phonenumbers.is_valid_number(number)


def _fits_plan(number: PhoneNumber, region: _Region) -> bool:
    """True when the number has a length and shape its country's numbering plan allows."""
    national = phonenumbers.national_significant_number(number)
    return len(national) in region.lengths and region.plan.fullmatch(national) is not None


class PhoneValidator:
    """Whether a candidate is a phone number of the rule's regions (or any, after ``+``)."""

    def __init__(
        self,
        regions: Iterable[str] = (),
        plan_regions: Iterable[str] = (),
        *,
        grouped: bool = False,
        international_plan: bool = False,
    ) -> None:
        strict = [_region(code) for code in regions]
        planned = [_region(code) for code in plan_regions]
        self._regions: tuple[tuple[_Region, bool], ...] = (
            *((region, True) for region in planned),
            *((region, False) for region in strict if region not in planned),
        )
        #: Country calling codes whose numbers fit their plan, written with + too.
        self._plan_countries = frozenset(region.country_code for region in planned)
        #: Every +CC number that fits its country's plan counts (a context rule's).
        self._international_plan = international_plan
        #: National formats must group their digits as the country writes them.
        self._grouped = grouped

    def __call__(self, value: str) -> bool:
        """True when ``value`` is a phone number (see the module docstring)."""
        digits = sum(map(str.isdigit, value))
        if not _MIN_DIGITS <= digits <= _MAX_DIGITS or not value.isascii():
            return False
        if value.lstrip("(").startswith("+"):
            return self._international(value)
        if any(self._national(value, digits, region, plan) for region, plan in self._regions):
            return True
        # A national reading first: some international prefixes are also area codes
        # (Singapore's 020 and 022 are Dublin's and Lagos's).
        dialled = self._dialled_abroad(value) if self._international_plan else None
        return dialled is not None and _allocated(dialled, None)

    def _dialled_abroad(self, value: str) -> str | None:
        """Return ``value`` as ``+`` and the number it dials when it starts with the
        international prefix of one of the rule's regions (0040 712 141 625, 011 44 20 ...),
        else None. Such a number is another country's; it must be allocated, as a plan
        alone is no proof where no ``+`` was written."""
        number = "".join(_DIGIT_GROUPS.findall(value))
        for region, _ in self._regions:
            prefix = region.international_prefix
            dialled = prefix.match(number) if prefix is not None else None
            if dialled is not None and dialled.end() < len(number) and number[dialled.end()] != "0":
                return "+" + number[dialled.end() :]
        return None

    def _international(self, value: str) -> bool:
        number = _parsed(value, None)
        if number is None:
            return False
        if _allocated(value, None):
            return True
        country = number.country_code
        planned = self._international_plan or country in self._plan_countries
        if country is None or not planned:
            return False
        main = phonenumbers.region_code_for_country_code(country)
        return main in phonenumbers.SUPPORTED_REGIONS and _fits_plan(number, _region(main))

    def _national(self, value: str, digits: int, region: _Region, plan: bool) -> bool:
        # Cheap first: the digit count must be a length of the region (with its trunk prefix),
        # where parsing strips the trunk alone; a prefix for parsing may strip more (a carrier
        # code), and a transform rule rewrite the rest (Argentina's 011 15-2347-3716: the
        # mobile 15 goes, a 9 comes): those are read below, or by libphonenumber.
        trunk = (
            len(region.trunk) if region.trunk and value.lstrip("(").startswith(region.trunk) else 0
        )
        if (
            region.plain_parsing
            and digits - trunk not in region.lengths
            and digits not in region.lengths
        ):
            return False
        if region.plain_parsing or region.parsing_prefix is not None:
            national = "".join(_DIGIT_GROUPS.findall(value))
            readings = (
                {national, national[trunk:]}
                if region.plain_parsing
                else _national_options(national, region)
            )
            if not any(
                region.plan.fullmatch(option)
                for option in readings
                if len(option) in region.lengths
            ):
                return False  # no number it can be read as fits the plan: no parse needed
        number = _parsed(value, region.code)
        if number is None:
            return False
        if number.country_code != region.country_code:
            return False  # an international prefix (00, 011) named another country
        # Plan first: it is a cheap pattern, and every valid number fits its plan.
        if not ((plan and _fits_plan(number, region)) or _allocated(value, region.code)):
            return False
        return not self._grouped or _grouped_as_written(
            value, number, region.trunk, region.parsing_prefix
        )


_DIGIT_GROUPS = re.compile(r"[0-9]+")


def _group_ends(groups: list[str], shift: int = 0) -> set[int]:
    """Return the digit positions where ``groups`` end, but the last (``shift`` digits on)."""
    ends: set[int] = set()
    position = shift
    for group in groups[:-1]:
        position += len(group)
        ends.add(position)
    return ends


def _grouped_as_written(
    value: str, number: PhoneNumber, trunk: str, parsing_prefix: re.Pattern[str] | None = None
) -> bool:
    """True when ``value`` groups its digits as the country's national format does (the
    last groups may be written joined: ``011-23456789`` for ``011 2345 6789``, and the
    last group split in two of three digits or more: ``07700 900 123`` for
    ``07700 900123``); the trunk prefix may be left out, or written as another prefix the
    country's parsing strips (``parsing_prefix``: Lithuania's former 8, ``8 612 34567``
    for ``(0-612) 34567``)."""
    formatted = _DIGIT_GROUPS.findall(
        phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    )
    written = _DIGIT_GROUPS.findall(value)
    expected, got = "".join(formatted), "".join(written)
    other = (
        parsing_prefix.match(got)
        if trunk and parsing_prefix is not None and got != expected
        else None
    )
    if other is not None and other.end() and trunk + got[other.end() :] == expected:
        if len(written) == 1:
            written = [expected]
        elif written[0] == other.group():
            written = [trunk, *written[1:]]
        got = "".join(written)
    if got == expected:
        shift = 0
    elif trunk and expected == trunk + got:
        shift = len(trunk)  # the trunk prefix left out: 98765 43210 for 098765 43210
    elif trunk and got == trunk + expected and written[0] == trunk:
        written, shift = written[1:], 0  # written with it where the format has none: 1-415-...
    else:
        return False
    ends = sorted(_group_ends(written, shift))
    expected_ends = sorted(_group_ends(formatted))
    if ends == expected_ends[: len(ends)]:
        return True
    # One more end than the format, inside its last group: three digits from either side,
    # or a group of four read as two pairs (312 341 15 30 for 312 341 1530).
    last_start = expected_ends[-1] if expected_ends else 0
    head, tail = ends[-1] - last_start, len(expected) - ends[-1]
    return ends[:-1] == expected_ends and (
        min(head, tail) >= _MIN_SPLIT_GROUP or head == tail == _PAIR
    )


#: The shortest part of a format's last group written split in two (07700 900 123).
_MIN_SPLIT_GROUP = 3
#: A pair: a last group of four digits is also written as two of them (15 30).
_PAIR = 2


_GROUP = re.compile(r"[0-9]+")
#: A label's colon and the padding of an aligned column before a value, or a typed value's
#: type and its value's key (see ``TYPED_VALUE_GAP``), read backwards.
_PADDED_LABEL_GAP = regex.compile(rf"[ \t]*[:=][ \t]*|{TYPED_VALUE_GAP}", regex.REVERSE)
#: What stands between a label and its value: a bracketed qualifier, a colon or a period
#: and padding ("Phone: ", "Mobile (ES):   ", "Tel. "), a key's quotes ('phone': '), an
#: XML element's start tag's end (<Telephone>), or a form's leader ("Phone ........
#: 090-4294-6083"), searched back from the value.
_LABEL_GAP = regex.compile(
    # The leader first: the other alternative matches its last characters too.
    rf"[ \t]{{0,4}}{LEADER_GAP}|{TYPED_VALUE_GAP}"
    r"|(?:[ \t]*\([^()\n]{1,16}\))?[\"']?[ \t]*[:=.#>]?[ \t]*[\"']?",
    regex.REVERSE,
)
#: A label naming another kind of number right before a candidate (a serial, an order, an
#: invoice, a booking, a ticket, a model...): the number is that, whatever phone word is
#: near (``fax queue 6; serial 21609-34607``), in the languages of the phone rules; its
#: last one to three words, lower case, a number word after them left out.
_OTHER_KIND_LABELS = frozenset(
    {
        *("serial", "s/n", "sn", "serie", "série", "serienummer", "seriennummer", "seriennr"),
        *("n de serie", "nº de serie", "n° de série", "no de série", "numero di serie"),
        *("serijski broj", "numer seryjny", "order", "bestellnummer", "bestellnr", "pedido"),
        *("commande", "ordine", "bestelling", "zamówienie", "objednávka", "invoice"),
        *("rechnungsnummer", "rechnungsnr", "factura", "facture", "fattura", "factuur"),
        *("faktura", "booking", "booking ref", "reservation", "reserva", "réservation"),
        *("prenotazione", "buchungsnummer", "localizador", "ticket", "model"),
        *("modell", "modelo", "modèle", "modello", "part", "sku", "article", "artikel"),
        *("artikelnummer", "tracking", "sendungsnummer", "rma", "ref", "reference"),
        *("referenz", "referencia", "référence", "riferimento", "table", "pin"),
    }
)
#: The last words of the labels of several words.
_OTHER_KIND_LAST_WORDS = frozenset(
    label.split()[-1] for label in _OTHER_KIND_LABELS if " " in label
)
#: A number's word after such a label (``Order no.``, ``Part number``, ``Ticket #``).
#: (Its ``#`` and full stops are stripped with the gap before the words are read.)
_NUMBER_WORDS = frozenset({"no", "nr", "n°", "nº", "number", "num"})
#: How far back from a candidate the label is read.
_OTHER_KIND_REACH = 40
#: What a phone match and its look-aheads are made of (see PhoneMatcher.growing_start).
_PHONE_CHARACTERS = "0123456789 .:,/()+-"
#: Fewest digits of each of two numbers joined together (national numbers of Iceland).
_MIN_JOINED = 7
#: A list number or a quantity before a phone number: one or two digits (not a trunk
#: prefix's 0) and a space.
_LEADING_COUNT = 2
#: The years of a timestamp (29/04/2025, 21.02.2024, 2024-02-21), never a phone number.
_TIMESTAMP_YEARS = range(1900, 2100)


def _is_date(value: str) -> bool:
    """True when ``value`` is a calendar date with a four-digit year from 1900 to 2099,
    day or year first, one separator twice: a chat's or a log's timestamp."""
    four_digit_year = value[:4].isdigit() or value[-4:].isdigit()
    return four_digit_year and any(date.year in _TIMESTAMP_YEARS for date in numeric_dates(value))


#: A run of what phone matches are made of, from a character one may start with: every
#: match lies inside one (see PhoneMatcher.candidates_in_window).
_RUN = regex.compile(f"[(+0-9][{re.escape(_PHONE_CHARACTERS)}]*")
#: A character no phone number holds, searched backwards (one C search, whatever the run).
_LAST_NOT_IN_A_NUMBER = regex.compile(f"[^{re.escape(_PHONE_CHARACTERS)}]", regex.REVERSE)


def _sync_point(text: str, position: int) -> int:
    """Return the position just after the last character before ``position`` that no
    phone number holds (0 when there is none)."""
    found = _LAST_NOT_IN_A_NUMBER.search(text, 0, position)
    return 0 if found is None else found.end()


class _Occurrences:
    """Where a rule's context words occur around a range, found once for all its candidates.

    ``maybe_near`` is true whenever ``Context.distance`` could find a word for a
    candidate: a word it would find overlaps the candidate's window, and so does
    the occurrence a single search of the whole range met there (it is that word
    or one overlapping it), and that occurrence is not inside the candidate.
    """

    def __init__(
        self, context: Context, text: str, start: int, stop: int, asked: Sequence[Span] = ()
    ) -> None:
        self.window = context.window
        low, high = max(0, start - context.window), min(len(text), stop + context.window)
        #: The words found once: each candidate's distance reads its own from them.
        self.found = context.found_in(text, low, high)
        spans = context.spans(text, low, high) if self.found is None else self.found.spans
        self.starts = [span[0] for span in spans]
        self.ends = [span[1] for span in spans]
        #: Where the words of questions end (before the range: Context.question_words; in
        #: it, those asks_after tells): a reply's value up to REPLY_AFTER_WORD after one
        #: may count; and the words a remark in brackets follows (Context.remarked_words,
        #: remarked_after), whose value lies nearer than that.
        self.asked = sorted(
            [end for _, end in asked]
            + [end for end in self.ends if asks_after(text, end) or remarked_after(text, end)]
        )

    def ranges(self, text: str, start: int, stop: int, longest: int) -> list[tuple[int, int]]:
        """Return the parts of ``[start, stop)`` where a match near a word may start.

        A match with a word within the window starts at most the window plus its longest
        length from the word. Each part begins just after a character no phone number
        holds, or at ``start``: a left-to-right scan of the whole range can have no match
        across it, so a scan from there meets the same matches (spans unchanged).
        """
        reach = self.window + longest
        near = [
            (max(start, word_start - reach), min(stop, word_end + reach))
            for word_start, word_end in zip(self.starts, self.ends, strict=True)
        ]
        near += [(max(start, end), min(stop, end + REPLY_AFTER_WORD)) for end in self.asked]
        parts: list[tuple[int, int]] = []
        for low, high in sorted(near) if self.asked else near:
            if low >= high:
                continue
            low = max(start, _sync_point(text, low))
            if parts and low <= parts[-1][1]:
                parts[-1] = (parts[-1][0], max(parts[-1][1], high))
            else:
                parts.append((low, high))
        return parts

    def maybe_near(self, begin: int, finish: int) -> bool:
        """False only when no context word can lie within the window around ``[begin, finish)``."""
        if any(end <= begin < end + REPLY_AFTER_WORD for end in self.asked):
            return True  # a question's word: the reply's value may count
        low, high = begin - self.window, finish + self.window
        index = bisect.bisect_left(self.ends, low + 1)  # the first occurrence ending after low
        while index < len(self.starts) and self.starts[index] < high:
            if not (self.starts[index] >= begin and self.ends[index] <= finish):
                return True
            index += 1
        return False


def _numbers_at(
    numbers: Callable[[str], tuple[Span, ...]], text: str, begin: int, finish: int
) -> Iterator[Span]:
    """Yield the spans in ``text`` of the phone numbers ``numbers`` finds in the candidate
    ``text[begin:finish]``."""
    return ((begin + first, begin + last) for first, last in numbers(text[begin:finish]))


def _word_before(context: Context, text: str, begin: int, gap: regex.Pattern[str]) -> bool:
    """True when a context word ends where ``gap`` (a REVERSE pattern: what may stand
    between a label and its value) begins, searched back from ``begin``."""
    found = gap.match(text, max(0, begin - max(context.window, REMARK_AFTER_WORD)), begin)
    if found is None:
        return False
    word_end = found.start()
    words = context.spans(text, max(0, word_end - context.window), word_end)
    return any(end == word_end for _, end in words)


def _other_kind(text: str, begin: int) -> bool:
    """True when a label naming another kind of number stands right before ``begin``
    (:data:`_OTHER_KIND_LABELS`); a number written with ``+`` is a phone whatever it follows."""
    if text.startswith("+", begin):
        return False
    before = text[max(0, begin - _OTHER_KIND_REACH) : begin].rstrip(" \t:=#.")
    if not before or not (before[-1].isalpha() or before[-1] in "°º"):
        return False  # no word right before it
    head, _, last = before.lower().replace("\t", " ").replace("\n", " ").rpartition(" ")
    if last in _NUMBER_WORDS:
        head, _, last = head.rstrip(" \t:=#.").rpartition(" ")
    if last in _OTHER_KIND_LABELS:
        return True
    if last not in _OTHER_KIND_LAST_WORDS:
        return False  # the common case: a word ending no label
    words = [*head.split()[-2:], last]
    return " ".join(words[-2:]) in _OTHER_KIND_LABELS or " ".join(words) in _OTHER_KIND_LABELS


def _remembered_numbers(valid: Callable[[str], bool]) -> Callable[[str], tuple[Span, ...]]:
    """Return :meth:`PhoneMatcher._numbers` of a whole candidate for ``valid``, remembered."""

    def split(value: str) -> tuple[Span, ...]:
        return tuple(PhoneMatcher._numbers(value, 0, len(value), valid))

    return functools.lru_cache(maxsize=VALIDATOR_CACHE)(split)


class PhoneMatcher(RegexMatcher):
    """Phone candidates, split only where a phone number's digit groups allow it.

    A candidate that fails is tried without a leading list number or quantity
    (``1 58 920 28 51``) and as two numbers joined by a separator neither uses
    (``38 23 55 77/38 40 06 38``); never as an
    arbitrary shorter piece, which would find a phone number inside a longer
    identifier's digit groups (an IMEI, a card). Spans start at a pattern match
    or at a later group inside it and end inside it, as the base class's pieces do.
    """

    window_safe = True
    #: A phone number's grouping is part of its check: joined groups say nothing.
    joins_groups = False
    #: The rule's required context words: a candidate with none near it is not validated
    #: (the engine would drop it; libphonenumber's parse is the costly part).
    required_context: Context | None = None
    #: With required context, a candidate written as one run of digits counts only with a
    #: context word within this many characters of it, the word included (a label): a run
    #: has no grouping to check. None: such candidates do not count. Rules without required
    #: context read runs as their pattern says (the same in :meth:`candidates_in_window`).
    label_window: int | None = None
    #: The numbers of the rule's label regions in a candidate: they count right after a
    #: label (see :meth:`_labelled_numbers`): an English "Phone:" in a multinational export
    #: labels every country's numbers. Set by :meth:`label_regions`.
    _label_numbers: Callable[[str], tuple[Span, ...]] | None = None

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the spans of the phone numbers in ``text[start:end]``."""
        stop = len(text) if end is None else end
        return self._find(text, start, stop, self._words_around(text, start, stop))

    def _words_around(self, text: str, start: int, stop: int) -> _Occurrences | None:
        """Return where the required context words are around ``text[start:stop]``, or None
        when the rule has none or no word lies near enough for a match there to count."""
        context = self.required_context
        if context is None:
            return None
        asked = [*context.question_words(text, start), *context.remarked_words(text, start)]
        if not asked and not self._word_in_reach(text, start, stop):
            return None
        return _Occurrences(context, text, start, stop, asked)

    def _find(self, text: str, start: int, stop: int, words: _Occurrences | None) -> list[Span]:
        """:meth:`find` given :meth:`_words_around` the range."""
        numbers = self._numbers_of()
        context = self.required_context
        spans: list[Span] = []
        if context is not None and words is None:
            return spans  # no match here could have its context word: nothing to scan
        bounds = self.window_bounds()
        ranges = (
            [(start, stop)]
            if words is None or bounds is None
            else words.ranges(text, start, stop, bounds[0])
        )
        try:
            for low, high in ranges:
                for begin, finish in self._matches(text, low, stop, high):
                    if _other_kind(text, begin):
                        continue
                    if context is not None and words is not None:
                        if not words.maybe_near(begin, finish):
                            continue  # no word anywhere near: the exact search finds none
                        near = context.distance(text, begin, finish, found=words.found)
                        if near is None:
                            continue
                        # A run of digits needs its label, or a question's word naming the
                        # reply it opens (a label's distance: not above 0).
                        if (
                            text[begin:finish].isdigit()
                            and not self._labelled(text, begin, finish)
                            and (near > 0 or not opens_reply(text, begin))
                        ):
                            continue
                    found = list(_numbers_at(numbers, text, begin, finish))
                    if found != [(begin, finish)] and self._label_numbers is not None:
                        # A label region's number written whole beats a piece of it read
                        # as one of the rule's own (Phone: 40 81 33 27 is Norway's, not
                        # 81 33 27 after a list number).
                        labelled = self._labelled_numbers(text, begin, finish)
                        if not found or (begin, finish) in labelled:
                            found = labelled
                    spans.extend(found)
        except TimeoutError:
            raise self.timed_out() from None
        return spans

    def _labelled_numbers(self, text: str, begin: int, finish: int) -> list[Span]:
        """Return the numbers of the label regions in a candidate right after a label: a
        context word, then only a bracketed qualifier, a colon and padding ("Phone: ",
        "Mobile (ES):   ", a "phone" column's cell). A word further off names what a
        sentence is about as often ("Ring til mig på 38 23 55 7", "units to the phone")."""
        context, numbers = self.required_context, self._label_numbers
        if context is None or numbers is None or not _word_before(context, text, begin, _LABEL_GAP):
            return []
        return list(_numbers_at(numbers, text, begin, finish))

    def _labelled(self, text: str, begin: int, finish: int) -> bool:
        """True when a context word lies within :attr:`label_window` of ``[begin, finish)``
        on its line (a run of digits: see :attr:`label_window`; a CSV header's "telefon"
        names a column, not the identifier that opens the next line)."""
        context, window = self.required_context, self.label_window
        if context is None or window is None:
            return False
        low, high = max(0, begin - window), min(len(text), finish + window)
        for start, end in context.spans(text, low, high):
            if end <= begin and "\n" not in text[end:begin]:
                return True
            if start >= finish and "\n" not in text[finish:start]:
                return True
        # A label in an aligned column: its colon, then padding up to the value
        # ("CQ-Patient Phone Number:                   3037611680"), or a typed value's
        # type ({"type": "phone", "text": "064542663"}); or a label right before it,
        # however long ("skriv til mig på 34297457").
        return _word_before(context, text, begin, _PADDED_LABEL_GAP) or _word_before(
            context, text, begin, _LABEL_GAP
        )

    def _matches(self, text: str, low: int, stop: int, high: int) -> Iterator[Span]:
        """Yield the non-empty pattern matches in ``text[low:stop]`` that start before ``high``
        (each search within the timeout: a finditer's clock would count the validation
        done between its matches too)."""
        for match in self._resumed_matches(text, low, stop, high):
            begin, finish = match.span()
            if begin >= high:
                return
            if finish > begin:
                yield begin, finish

    def candidates_in_window(
        self, text: str, start: int, stop: int, last: int, limit: int | None = None
    ) -> tuple[list[Span], list[Span]]:
        """Return (values, pattern matches and values) in a window, starting before ``last``:
        without required context :meth:`find` validates every pattern match in turn, so one
        pass gives both."""
        context = self.required_context
        if context is not None:
            # The values need a word nearby; the candidates, which a stream never cuts
            # inside, are the runs of phone characters (every pattern match lies in one:
            # one C search instead of the pattern at each digit) that can hold a value.
            # One search for the words serves the values and the runs.
            words = self._words_around(text, start, stop)
            found = [span for span in self._find(text, start, stop, words) if span[0] < last]
            runs = self._worded_runs(text, start, stop, last, limit, words)
            return found, sorted({*found, *runs})
        numbers = self._numbers_of()
        values: list[Span] = []
        spans: list[Span] = []
        try:
            for begin, finish in self._matches(text, start, stop, last):
                spans.append((begin, finish))
                if _other_kind(text, begin):
                    continue  # as find does
                values.extend(
                    span for span in _numbers_at(numbers, text, begin, finish) if span[0] < last
                )
        except TimeoutError:
            raise self.timed_out() from None
        return values, sorted({*values, *spans})

    def _worded_runs(
        self,
        text: str,
        start: int,
        stop: int,
        last: int,
        limit: int | None,
        words: _Occurrences | None,
    ) -> Iterator[Span]:
        """Yield the runs of phone characters in ``text[start:stop]`` starting before ``last``
        that can hold a value of this context-required rule.

        A value counts with a word lying within the context window around it, so a run
        holding one starts by the window after such a word's start and ends from the
        window before its end: the runs from just after a character no phone number holds
        before a word's reach (no run crosses that point) to the end of its reach. A word
        may still arrive after the end of the text (``limit``): runs ending within the
        window of it count too. No other run can ever hold a value, so a cut may cross it.
        ``words``: :meth:`_words_around` the range (None: no word near it).
        """
        context = self.required_context
        assert context is not None
        parts = [] if words is None else words.ranges(text, start, stop, 0)
        arriving = (len(text) if limit is None else limit) - context.window
        if arriving < stop:
            parts.append((max(start, _sync_point(text, max(start, arriving))), stop))
        for low, high in parts:
            for match in _RUN.finditer(text, low, stop):
                begin = match.start()
                if begin >= high or begin >= last:
                    break
                yield match.span()

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return where the trailing run of phone characters begins, or None.

        A phone match consists of digits, separators, parentheses and ``+``, and its
        look-aheads read only such characters (or test the one after them): a match that
        more text could change lies in the run of those characters at the end of the text.
        """
        run = len(text.rstrip(_PHONE_CHARACTERS))
        return None if run == len(text) else max(start, run)

    def require_context(self, context: Context, words: Iterable[str]) -> None:
        """Validate only candidates with one of ``words`` (the rule's context) nearby."""
        self.required_context = context
        self._words = tuple({caseless(word) for word in folded_words(words)})
        # One pass over a range finds whether any word is in it.
        self._finder: Any = None
        if self._words:
            self._finder = ahocorasick.Automaton()
            for word in self._words:
                self._finder.add_word(word, word)
            self._finder.make_automaton()
        bounds = self.window_bounds()
        self._reach = context.window + (bounds[0] if bounds is not None else 1 << 20)

    def _word_in_reach(self, text: str, start: int, stop: int) -> bool:
        """True when a context word may lie near a match in the range (plain substrings: a
        superset of the word-boundary search, cheaper than the pattern)."""
        if self._finder is None:
            return False
        nearby = caseless(text[max(0, start - self._reach) : stop + self._reach])
        return next(self._finder.iter(nearby), None) is not None

    def label_regions(self, validator: Callable[[str], bool]) -> None:
        """Count the numbers ``validator`` accepts beside a label (see :attr:`_label_numbers`)."""
        self._label_numbers = _remembered_numbers(validator)

    def _numbers_of(self) -> Callable[[str], tuple[Span, ...]]:
        """Return the phone numbers in a candidate (spans in it), remembered per candidate:
        they depend on the candidate's text alone, and numbers repeat in logs and tables."""
        numbers: Callable[[str], tuple[Span, ...]] | None = getattr(self, "_numbers_cache", None)
        if numbers is None:
            assert self.validator is not None
            numbers = self._numbers_cache = _remembered_numbers(self.validator)
        return numbers

    @staticmethod
    def _numbers(text: str, begin: int, finish: int, valid: Callable[[str], bool]) -> list[Span]:
        if _is_date(text[begin:finish]):
            return []
        if valid(text[begin:finish]):
            return [(begin, finish)]

        def digits(value: str) -> int:
            return sum(map(str.isdigit, value))

        groups = [group.span() for group in _GROUP.finditer(text, begin, finish)]
        if len(groups) < 2:
            return []
        first_end, second_start = groups[0][1], groups[1][0]
        if (
            groups[0][0] == begin  # a count, not a country code after +
            and first_end - begin <= _LEADING_COUNT
            and text[begin] != "0"  # a trunk prefix (06 54 27 84, cut short), not a count
            and text[first_end:second_start] == " "
            and valid(text[second_start:finish])
        ):
            return [(second_start, finish)]
        for (_, left_end), (right_start, _) in itertools.pairwise(groups):
            joiner = text[left_end:right_start]
            if min(digits(text[begin:left_end]), digits(text[right_start:finish])) < _MIN_JOINED:
                continue  # two whole numbers have seven digits each at least
            if joiner in text[begin:left_end] or joiner in text[right_start:finish]:
                continue  # the number's own separator: one longer number, not two
            if valid(text[begin:left_end]) and valid(text[right_start:finish]):
                return [(begin, left_end), (right_start, finish)]
        return []
