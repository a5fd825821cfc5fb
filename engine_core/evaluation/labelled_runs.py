"""Values written apart right after their label (docs/architecture.md, "Anti-evasion").

A value written to slip past a filter keeps its label and loses its layout:
``PESEL: 7 1 0 5 1 8 3 3 8 0 4``, ``Fnr.: 24085`` and ``344680`` on the next
line, ``IdNr. = 6147 - 5908 - 266``, ``IBAN: BE96-7089-299-42-20-5``. Right
after a context word of a rule (one that needs its words, or one they only
confirm: the label is what names the value here), and the label's gap (or, in a
transcript, the rest of the question's line and the reply's speaker prefix), the run of
digit groups and single letters that follows, joined by spaces, dots,
dashes, slashes or one line break, is read without its separators: a
prefix of it, ending at a group's end, that the rule takes whole as its own
value (its pattern and check, after the same label) is that rule's value,
spanning the groups as written. A run that the rules already found a value
in is left to them.
"""

from __future__ import annotations

import bisect
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence

import regex

from ..matching import Span
from .context import REMARK_CHARS, caseless
from .context_words import WordSpan
from .rules import CompiledRule, Finding

__all__ = ["MAX_GROUPS", "LabelledRuns"]

#: What stands between a label and its value: spaces, ``:``, ``=``, ``#``, ``No.``'s dot,
#: a table's cell border (``| SV-Nummer | 4 0 7 9 ...``), quotes, brackets, back-ticks and
#: arrows (``TIN -> ``, ``DOB →``), a number's abbreviation after the word (``Passaporto
#: n.``, ``PESEL nr``) and a remark in brackets (``ITIN (from W-7):``, ``Aadhaar
#: (UIDAI)``), then, in a form laid out in columns, the spaces that pad the label's column
#: (``NRIC:            G624``).
_GAP_CHARACTERS = r"[\s.:\uff1a=#|\-\"'`\u201e\u201c\u201d\u00ab\u00bb<>\u2192(\[]{0,8}"
_NUMBER_ABBREVIATION = r"(?i:n|no|nr|nro|num|n\u00fam|n\u00ba|n\u00b0)\.?(?![^\W\d_])"
_REMARK = rf"\([^()\n]{{1,{REMARK_CHARS}}}\)"
_GAP = (
    f"{_GAP_CHARACTERS}(?:{_NUMBER_ABBREVIATION}{_GAP_CHARACTERS})?"
    f"(?:{_REMARK}{_GAP_CHARACTERS})?[ \\t]{{0,40}}"
)
#: Or, in a transcript, a question's label and its reply: the rest of the question's line
#: (no digit), then the reply's speaker prefix (``[00:00:17] Caller:``, ``12/03/2024, 10:01 -
#: Ann:``) and up to three words before the value (``okay so``, ``sorry, I mean``).
_REPLY = r"[^\d\n]{0,30}\n[^\n]{0,40}?:[ \t]{1,8}(?:[^\W\d_]{1,24},?[ \t]{1,4}){0,3}"
#: A group: letters and digits holding a digit, or one letter (``F 6 6 5 ...``).
_GROUP = r"(?:[0-9A-Za-z]*[0-9][0-9A-Za-z]*|[A-Za-z])"
#: Between groups: up to three spaces, dots, dashes, slashes, underscores or a table's cell
#: border (``|``), or one line break.
_SEPARATOR = r"(?:[ \t./_|\-\u2013\u2014]{1,3}|[ \t]*\r?\n[ \t]*)"
#: The most groups read after one label (a value written one character apart: 18 and a
#: check character at most).
MAX_GROUPS = 20
_GROUPS = regex.compile(_GROUP)


#: One token of letters and digits holding a small letter and a digit: an identifier
#: written in small letters (``pps_number: 9879254p``), read in capitals.
_SMALL_TOKEN = r"(?=[0-9A-Z]*[a-z])(?=[A-Za-z]*[0-9])[0-9A-Za-z]{4,24}(?![0-9A-Za-z])"  # noqa: S105


def _run(least: int, small: bool = False) -> regex.Pattern[str]:
    """Return the search for a label's gap (or a reply's prefix), then a run of at least
    ``least`` groups (its group 1), or (``small``) a :data:`_SMALL_TOKEN` (group 1 too)."""
    run = f"{_GROUP}(?:{_SEPARATOR}{_GROUP}){{{least - 1},{MAX_GROUPS - 1}}}"
    value = f"(?|({run})|({_SMALL_TOKEN}))" if small else f"({run})"
    return regex.compile(f"(?:{_REPLY}|{_GAP}){value}")


#: A label's gap, then a run of two groups or more, or one token in small letters (one
#: search per located word).
_RUN = _run(2, small=True)
#: A label's gap and a run of one group or more (in a stream a second may still arrive).
_OPEN_RUN = _run(1)
#: What may follow a run's end that more text could still extend: nothing, or the start of
#: a separator.
_OPEN_TAIL = regex.compile(r"[ \t./_|\-\u2013\u2014]{0,3}(?:[ \t]*\r?\n?[ \t]*)?\Z")
_DIGIT = regex.compile("[0-9]")
#: How far after its label a run begins at most: the longest gap (8, a number's abbreviation
#: and 8, a remark and 8, 40 spaces) or reply prefix (30, a line break, 40, a colon, 8 spaces
#: and three words of 24 with a comma and 4 spaces).
_GAP_REACH = max(8 + 5 + 8 + (REMARK_CHARS + 2) + 8 + 40, 30 + 1 + 40 + 1 + 8 + 3 * 29)
#: How far after its label a run's first digit lies at most: the gap, then 19 groups of one
#: letter, each with its separator of up to three characters.
_DIGIT_REACH = _GAP_REACH + 19 * 4 + 1
#: What no run holds, searched backwards: a character neither a group nor a separator has,
#: or a word of two letters or more without a digit (a group of letters is one letter).
_NOT_IN_A_RUN = regex.compile(
    r"(?r)[^0-9A-Za-z \t\r\n./_|\-\u2013\u2014]|(?<![0-9A-Za-z])[A-Za-z]{2,}(?![0-9A-Za-z])"
)
#: A capital letter alone after a run's digits: its check letter (``I`` and ``A`` are words;
#: a group of one letter may also be a word's first, ``PAN`` or ``E-Mail`` on the next line).
_CHECK_LETTER = regex.compile(r"[B-HJ-Z](?![^\W_]|-[^\W\d_])")
#: A run written apart: a space, a line break, a tab, a long dash or an underscore between
#: two groups (no format joins its groups with an underscore).
_WRITTEN_APART = regex.compile("[\\s_|\u2013\u2014]")
#: Separators of a run joined without spaces: from this many on (four groups or more), a
#: regrouping (``73.1124.3951.4``) no identifier's own format writes.
_REGROUPED_FROM = 3
_JOINT = regex.compile(r"[./\-\u2013\u2014]+")


def _apart(run: str) -> bool:
    """True when a run's groups are written apart: :data:`_WRITTEN_APART`, or regrouped."""
    return _WRITTEN_APART.search(run) is not None or len(_JOINT.findall(run)) >= _REGROUPED_FROM


#: Where one value written apart ends and the next begins: a dash or slash with spaces
#: around it (within a value, a spaced dash only groups digits: ``6147 - 5908 - 266``).
_BETWEEN_VALUES = regex.compile(r"[ \t]+[/\-\u2013\u2014][ \t]+")
#: A table's cell border: a value may go on in the next cell (``3760125 | 8411``, split to
#: slip past a filter), or end with its own.
_CELL_BORDER = regex.compile(r"[ \t]*\|[ \t]*")

_WORD_END = operator.itemgetter(1)


def _end_then_start(place: tuple[Span, set[int]]) -> tuple[int, int]:
    """Order a word's place (with its rules) as located words are: by end, then start."""
    return place[0][1], place[0][0]


#: The longest value read joined, in characters.
_LONGEST = 24


class LabelledRuns:
    """The rules of a pack with context words, and the values their labels name apart."""

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        self._rules = {
            rule.index: rule
            for rule in rules
            if rule.context is not None and rule.matcher.joins_groups
        }
        #: The rules whose words a text may lack without their being skipped.
        self._always = frozenset(
            index
            for index, rule in self._rules.items()
            if rule.context is not None and not rule.context.required
        )

    def wanted(self, skip: frozenset[int]) -> bool:
        """True when a rule not in ``skip`` (context-required rules with no word in the
        text) may have a value written apart."""
        return bool(self._always) or not skip.issuperset(self._rules)

    def values(
        self,
        text: str,
        words: Sequence[WordSpan] | None,
        skip: frozenset[int],
        found: Sequence[Finding],
        start: int = 0,
    ) -> dict[int, list[Span]]:
        """Return, per rule index, the values in ``text`` from ``start`` written apart after
        a label (``words``: the located context words, None to look for each rule's own;
        ``skip``: rules with no word in the text; ``found``: the rules' own matches, those
        that may count leaving their runs to them: :func:`_counting`)."""
        values: dict[int, list[Span]] = {}
        taken: _Taken | None = None  # sorted once a run is met (most texts hold none)
        for label_start, first, run, index in self._runs(text, words, skip):
            if run.start(1) < start:
                continue
            if taken is None:
                taken = _Taken(_counting(text, found))
            groups = [group.span() for group in _GROUPS.finditer(text, run.start(1), run.end())]
            if taken.overlaps(run.span(1)):
                groups = _before_taken(text, groups, taken)
                if not groups:
                    continue
            spans = _values(self._rules[index], text, label_start, first, groups)
            if spans:
                values.setdefault(index, []).extend(spans)
                for span in spans:
                    taken.add(span)
        return values

    def growing_start(
        self, text: str, words: Sequence[WordSpan] | None, skip: frozenset[int], start: int = 0
    ) -> int | None:
        """Return where the earliest run from ``start`` after a label begins that more text
        could extend (its last group, or a separator after it, reaches the end of ``text``),
        or None: a stream holds text from there."""
        # A run reaching the end holds nothing a run cannot: it begins after the last such
        # thing, so its label ends at most the longest gap before that.
        foreign = _NOT_IN_A_RUN.search(text, start)
        last_label = max(start, 0 if foreign is None else foreign.end() - _GAP_REACH)
        growing = [
            run.start(1)
            for _, _, run, _ in self._runs(text, words, skip, open_ended=True, from_end=last_label)
            if run.start(1) >= start and _OPEN_TAIL.match(text, run.end()) is not None
        ]
        return min(growing, default=None)

    def _runs(
        self,
        text: str,
        words: Sequence[WordSpan] | None,
        skip: frozenset[int],
        open_ended: bool = False,
        from_end: int = 0,
    ) -> Iterable[tuple[int, int, regex.Match[str], int]]:
        """Yield ``(label start, run start, match, rule index)`` for each run of groups (the
        match's group 1, after the label's gap) right after a word of a rule not skipped
        (``open_ended``: one group is a run too, as a second may still arrive; ``from_end``:
        only after words ending there or later)."""
        runs = _OPEN_RUN if open_ended else _RUN
        digit = _DIGIT.search
        for word_start, word_end, owners in self._labels(text, words, skip, from_end):
            reach = word_end + _DIGIT_REACH
            # Most words: no digit near enough for a run's (one C search); in a stream, only
            # once that reach has arrived (a digit may still come).
            if digit(text, word_end, reach) is None and (not open_ended or reach <= len(text)):
                continue
            run = runs.match(text, word_end)
            if run is None:
                continue
            # Groups joined by dots, dashes or slashes alone are a layout the rules' own
            # formats judge (201.234.56); one token counts in small letters.
            value = run.group(1)
            if not open_ended and not _apart(value) and _JOINT.search(value) is not None:
                continue
            for index in sorted(owners - skip):
                rule = self._rules.get(index)
                # The located words are a superset of each rule's own: it must find this one.
                if rule is not None and rule.context is not None:
                    word = rule.context.match(text, word_start)
                    if word is not None and word.end() == word_end:
                        yield word_start, run.start(1), run, index

    def _labels(
        self,
        text: str,
        words: Sequence[WordSpan] | None,
        skip: frozenset[int],
        from_end: int = 0,
    ) -> Iterable[WordSpan]:
        """Yield the context words of the rules not skipped, as located or looked for, that
        end at ``from_end`` or later, in order of their ends.

        Looked for (until the located words' database compiles), each rule's words are
        found wherever they start, overlapping ones too, and with every rule listing them,
        as located: the same labels in the same order, so the answers do not depend on
        when a text comes.
        """
        if words is not None:
            yield from words[bisect.bisect_left(words, from_end, key=_WORD_END) :]
            return
        owners: dict[Span, set[int]] = {}
        folded = caseless(text)
        for index, rule in self._rules.items():
            if index in skip or rule.context is None:
                continue
            for span in rule.context.every_span(text, folded):
                if span[1] >= from_end:
                    owners.setdefault(span, set()).add(index)
        for (word_start, word_end), indexes in sorted(owners.items(), key=_end_then_start):
            yield word_start, word_end, frozenset(indexes)


def _counting(text: str, found: Sequence[Finding]) -> Iterator[Span]:
    """Yield the spans of ``found`` that may count as values: a match of a rule that needs
    its words counts only with one within its window (resolution drops the others), so
    it takes no run after another rule's label. Otherwise whether the rule ran at all,
    a word of it anywhere in the text (or, until the words' database compiles, a
    substring: "tin" in "ITIN"), would decide whether a label names its value. A rule
    whose words count where the text shows its country keeps every match."""
    for finding in found:
        context = finding.rule.context
        if context is None or not context.required or context.in_country:
            yield from finding.spans
            continue
        for start, end in finding.spans:
            if context.distance(text, start, end) is not None:
                yield start, end


def _before_taken(text: str, groups: list[Span], taken: _Taken) -> list[Span]:
    """Return the groups of a run that a value the rules found themselves overlaps, up to
    a cell border or a spaced dash or slash before that value (another value after it:
    ``4 4 2 5 3 2 2 3 0 5 3|81201422368``); none when no such boundary precedes it (the
    run is the rules' to judge: ``44051401359 4 4``)."""
    for count, group in enumerate(groups):
        if taken.overlaps(group):
            between = (groups[count - 1][1], group[0]) if count else None
            if between is not None and (
                _CELL_BORDER.fullmatch(text, *between) or _BETWEEN_VALUES.fullmatch(text, *between)
            ):
                return groups[:count]
            return []
    return groups


def _values(
    rule: CompiledRule, text: str, label: int, first: int, groups: list[Span]
) -> list[Span]:
    """Return the span of the longest run of ``groups`` (two or more) that ``rule`` takes
    whole, joined, after its label ``text[label:first]`` (and of a second value joined to
    it), or an empty list.

    A run ends before a group of letters only (``... 0 4 a bit later``): a value is
    never the head of longer digits, nor of a value ending in a check letter (``3174 5120
    Z``: a Spanish DNI, no 8-digit id). Or it ends at a spaced dash or slash when the
    groups after it are one value of the rule too (``98.5502.89.64 -- 98.5502.89.64``, an en
    dash): two values joined, as a repeated value is written. Or at a table's cell border.
    """
    prefix = text[label:first]

    def takes(begin: int, end: int) -> bool:
        """True when the rule takes ``groups[begin:end]`` joined as one value."""
        value = "".join(text[group_start:group_end] for group_start, group_end in groups[begin:end])
        if len(value) > _LONGEST:
            return False
        # Identifiers are written in capitals: small ones read as such (one for one: ASCII).
        probe = prefix + value.upper()
        return (len(prefix), len(probe)) in rule.matcher.find(probe, 0, len(probe))

    last = len(groups)
    # One group is a run only in small letters (see LabelledRuns._runs).
    for count in range(last, 1 if last > 1 else 0, -1):
        second: list[Span] = []
        if count < last:
            between = (groups[count - 1][1], groups[count][0])
            if _BETWEEN_VALUES.fullmatch(text, *between):
                if not takes(count, last):
                    continue
                second = [(groups[count][0], groups[-1][1])]
            elif _CELL_BORDER.fullmatch(text, *between) is None and (
                _DIGIT.search(text, *groups[count]) is not None
                or _CHECK_LETTER.match(text, groups[count][0]) is not None
            ):
                continue
        if takes(0, count):
            return [(groups[0][0], groups[count - 1][1]), *second]
    return []


class _Taken:
    """Spans already reported, asked whether one overlaps a range in logarithmic time."""

    def __init__(self, spans: Iterable[Span]) -> None:
        ordered = sorted(spans)
        self._starts = [begin for begin, _ in ordered]
        # The furthest end among the spans up to each one (they may overlap each other).
        self._reach = list(itertools.accumulate((end for _, end in ordered), max))
        self._added: list[Span] = []

    def overlaps(self, span: Span) -> bool:
        """True when a span taken overlaps ``span``."""
        before = bisect.bisect_left(self._starts, span[1])  # the spans starting before its end
        if before and self._reach[before - 1] > span[0]:
            return True
        return any(begin < span[1] and end > span[0] for begin, end in self._added)

    def add(self, span: Span) -> None:
        """Take ``span`` too (a few per text: looked through in turn)."""
        self._added.append(span)
