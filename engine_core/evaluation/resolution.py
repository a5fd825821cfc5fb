"""From what each rule matched to what the pack reports (docs/architecture.md, "Context").

Three steps, in order: a context-required value without a context word does
not count; a value that several rules take is reported once, by the rule
whose context word is nearest (else the more severe, else the earlier
declared); and every verbatim occurrence of a reported value (six characters
or longer) is reported too, so a value detected once is redacted everywhere.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from collections.abc import Collection, Iterable, Sequence

from ..matching import Span
from ..model import SEVERITY_RANK
from .columns import CELL_END, Table, table_of
from .occurrences import LARGE_TEXT, occurrences
from .rules import CompiledRule, Finding

__all__ = ["MIN_PROPAGATED_CHARS", "propagate_verbatim", "resolve"]

#: Shorter values are not propagated: they would redact ordinary words and numbers.
MIN_PROPAGATED_CHARS = 6

_NO_CONTEXT = 1 << 30


def resolve(
    text: str,
    findings: Sequence[Finding],
    tables: Sequence[Table] = (),
    shown: Sequence[Finding] = (),
) -> list[Finding]:
    """Apply required context and report each value once (see the module docstring);
    ``tables``, sorted, name the values under their header cells
    (:mod:`~engine_core.evaluation.columns`); ``shown``: values in ``text`` reported
    before (a stream's released ones), which only show a country, as evaluate's own
    values of the same text would."""
    if not any(finding.rule.context is not None for finding in findings) and len(findings) < 2:
        return list(findings)
    starts = [table.body[0] for table in tables]
    claims: dict[Span, list[tuple[CompiledRule, int | None]]] = {}
    # Values whose only word near them counts where the text shows their rule's country.
    in_country: list[tuple[Span, CompiledRule, int]] = []
    # Values a header names only by a word that counts in their rule's country, whose rule
    # has its own word near them too: that word shows the country (a roster's nationality
    # cell "South African" beside a "passport number" column).
    named_by_own: set[tuple[int, Span]] = set()
    for finding in findings:
        rule = finding.rule
        context = rule.context
        if context is None:
            claim = (rule, None)
            for span in finding.spans:
                claims.setdefault(span, []).append(claim)
            continue
        for span in finding.spans:
            table = table_of(tables, starts, span) if tables else None
            if table is None:
                distance = context.distance(text, span[0], span[1])
            else:
                row = _row_reach(text, table, span)
                distance = context.distance(text, span[0], span[1], table.header, within=row)
                label = table.label(span, rule.index)
                if label is not None and rule.index in table.country_only:
                    if distance is None:  # the header's word counts where the row shows
                        in_country.append((span, rule, label))  # the rule's country
                        continue
                    named_by_own.add((rule.index, span))
                    distance = min(distance, label)
                elif label is not None and (distance is None or label < distance):
                    distance = label
            if distance is None and context.in_country:
                if table is None:
                    near = context.distance(text, span[0], span[1], in_country=True)
                else:
                    near = context.distance(
                        text, span[0], span[1], table.header, in_country=True, within=row
                    )
                if near is not None:
                    in_country.append((span, rule, near))
                    continue
            if context.required and distance is None:
                continue
            claims.setdefault(span, []).append((rule, distance))
    placed: frozenset[tuple[int, Span]] = (
        _placed(text, _with_shown(claims, shown), in_country) if in_country else frozenset()
    ) | named_by_own
    for span, rule, near in in_country:
        if (rule.index, span) in placed:
            claims.setdefault(span, []).append((rule, near))
        elif rule.context is not None and not rule.context.required:
            claims.setdefault(span, []).append((rule, None))
    winners: list[tuple[Span, CompiledRule, int | None]] = []
    for span, claimants in claims.items():
        if len(claimants) == 1:
            rule, distance = claimants[0]
        else:
            rule, distance = min(claimants, key=lambda claim: _claim_rank(claim, span, placed))
        winners.append((span, rule, distance))
    winners = _one_category_per_value(text, winners, placed)
    kept: dict[int, list[Span]] = {}
    for span, rule, _ in _contextual_overlaps_win(winners):
        kept.setdefault(rule.index, []).append(span)
    resolved: list[Finding] = []
    for finding in findings:
        spans = kept.get(finding.rule.index)
        if spans is not None:
            ordered = tuple(sorted(spans))
            # A finding whose every span stays is returned as it is (no copy).
            resolved.append(finding if ordered == finding.spans else Finding(finding.rule, ordered))
    return resolved


def _with_shown(
    claims: dict[Span, list[tuple[CompiledRule, int | None]]], shown: Sequence[Finding]
) -> dict[Span, list[tuple[CompiledRule, int | None]]]:
    """Return ``claims`` with the values reported before (``shown``) claimed by their rule."""
    if not shown:
        return claims
    joined = dict(claims)
    for finding in shown:
        for span in finding.spans:
            joined.setdefault(span, [(finding.rule, None)])
    return joined


def _row_reach(text: str, table: Table, span: Span) -> Span:
    """Return where words may name the value at ``span`` in a table's row: its row from
    its start up to the end of the cell after the value's own. A row's word cell names
    the cell after it (``passport,X1234567``) or the one before it (``| 72236644778 |
    T.C. Kimlik |``), never a cell further on nor a value in another row: a roster's
    ``E15843,KR,...,driver license,...`` names no employee number
    (docs/architecture.md, "Context")."""
    row_start = max(table.body[0], text.rfind("\n", 0, span[0]) + 1)
    body_end = table.body[1]
    own_end = CELL_END.search(text, span[1], body_end)
    if own_end is None:
        return (row_start, body_end)
    if own_end.group() == "\n":
        return (row_start, own_end.start())
    next_end = CELL_END.search(text, own_end.end(), body_end)
    return (row_start, body_end if next_end is None else next_end.start())


def _placed(
    text: str,
    claims: dict[Span, list[tuple[CompiledRule, int | None]]],
    in_country: list[tuple[Span, CompiledRule, int]],
) -> frozenset[tuple[int, Span]]:
    """Return the (rule index, span) of each value of ``in_country`` whose rule's country
    the text shows near it: another value lying within the rule's country window around
    it, of one of the rule's ``country_categories`` or with a match of its
    ``country_values``, or a match of its ``country_text`` (``country_names``) in that
    window. Only the window: a stream keeps as much of the text around a value as that
    (``Context.reach``; docs/architecture.md, "Context")."""
    placed: set[tuple[int, Span]] = set()
    # The other values by start: each window reads only those starting inside it.
    spans = sorted(claims)
    for (start, end), rule, _ in in_country:
        context = rule.context
        if context is None:
            continue
        low, high = start - context.country_window, end + context.country_window
        shown = context.country_text
        if shown is not None and shown.search(text, max(0, low), min(len(text), high)):
            placed.add((rule.index, (start, end)))
            continue
        for other in itertools.islice(spans, bisect.bisect_left(spans, (low,)), None):
            if other[0] >= high:
                break
            if other[1] > high or other == (start, end):
                continue
            value = text[other[0] : other[1]]
            if any(
                claimant.category in context.country_categories
                or (context.country_values is not None and context.country_values.search(value))
                for claimant, _ in claims[other]
            ):
                placed.add((rule.index, (start, end)))
                break
    return frozenset(placed)


def _claim_rank(
    claim: tuple[CompiledRule, int | None], span: Span, placed: frozenset[tuple[int, Span]]
) -> tuple[int, int, int, int]:
    """Nearest context word first, then a rule whose country the text shows near the value
    at ``span`` (``placed``), then the more severe rule, then the earlier declared."""
    rule, distance = claim
    return (
        _NO_CONTEXT if distance is None else distance,
        0 if (rule.index, span) in placed else 1,
        -SEVERITY_RANK[rule.severity],
        rule.index,
    )


def _one_category_per_value(
    text: str,
    winners: list[tuple[Span, CompiledRule, int | None]],
    placed: frozenset[tuple[int, Span]],
) -> list[tuple[Span, CompiledRule, int | None]]:
    """Give every occurrence of one value the rule that won its best-placed occurrence: an
    NHS number named once stays an NHS number where it is repeated without its label."""
    best: dict[str, tuple[tuple[int, int, int, int], CompiledRule, int | None]] = {}
    for span, rule, distance in winners:
        start, end = span
        if end - start >= MIN_PROPAGATED_CHARS:
            value = text[start:end]
            rank = _claim_rank((rule, distance), span, placed)
            known = best.get(value)
            if known is None or rank < known[0]:
                best[value] = (rank, rule, distance)
    return [
        (span, *best[value][1:])
        if (value := text[span[0] : span[1]]) in best
        else (span, rule, distance)
        for span, rule, distance in winners
    ]


def _contextual_overlaps_win(
    winners: list[tuple[Span, CompiledRule, int | None]],
) -> list[tuple[Span, CompiledRule, int | None]]:
    """Drop a value without context that overlaps a value of another category with
    context: the text names what the overlapping digits are (a card read across two
    labelled ID numbers). Of two overlapping values of one category, the longer stays:
    two rules read the same value, one of them only a part of it. Of two with context, a
    value inside another whose word is as near or nearer is a part of that one (the digits
    of a DVLA licence number, SHORT 805127 R99BM, are no US licence)."""
    ordered = sorted(winners, key=lambda item: item[0])
    dropped: set[int] = set()
    for position, (span, rule, distance) in enumerate(ordered):
        for later in range(position + 1, len(ordered)):
            other_span, other_rule, other_distance = ordered[later]
            if other_span[0] >= span[1]:
                break
            if rule.category == other_rule.category:
                shorter = later if other_span[1] - other_span[0] <= span[1] - span[0] else position
                dropped.add(shorter)
            elif distance is None and other_distance is not None:
                dropped.add(position)
            elif other_distance is None and distance is not None:
                dropped.add(later)
            elif distance is not None and other_distance is not None:
                if other_span[1] <= span[1] and other_distance >= distance:
                    dropped.add(later)  # the later value lies inside this one
                elif other_span[0] == span[0] and distance >= other_distance:
                    dropped.add(position)  # this value lies inside the later one
    return [item for position, item in enumerate(ordered) if position not in dropped]


#: At most this many values are counted in the text (each count reads it once); others are
#: searched for as ever, with :func:`~engine_core.evaluation.occurrences.occurrences`.
_COUNTED_VALUES = 8
#: In a large text, a value is counted when its rule found it once per this many characters.
_REPEATED = 128
#: A value that may overlap itself in more ways is searched for.
_OVERLAP_SEARCHES = 3
#: Fewer spans are counted by a plain loop, more by ``Counter`` (its loop is in C).
_FEW_SPANS = 32


def _tally(text: str, spans: Collection[Span]) -> dict[str, int]:
    """Return how many of ``spans`` hold each value."""
    if len(spans) >= _FEW_SPANS:
        return Counter(map(text.__getitem__, itertools.starmap(slice, spans)))
    tally: dict[str, int] = {}
    for start, end in spans:
        value = text[start:end]
        tally[value] = tally.get(value, 0) + 1
    return tally


def _values(
    findings: Iterable[Finding], tallies: Iterable[dict[str, int]]
) -> dict[str, CompiledRule]:
    """Return each value long enough to propagate, with the first rule that reported it."""
    values: dict[str, CompiledRule] = {}
    for finding, tally in zip(findings, tallies, strict=True):
        for value in tally:
            if len(value) >= MIN_PROPAGATED_CHARS:
                values.setdefault(value, finding.rule)
    return values


def _unfound(
    text: str,
    values: dict[str, CompiledRule],
    spans: dict[int, set[Span]],
    start: int,
    tallies: dict[int, dict[str, int]],
) -> list[str]:
    """Return the values some occurrence of which in ``text[start:]`` is not among their
    rule's ``spans`` (every other value's occurrences are all there already); ``tallies``
    holds, for some rules, how many of their spans (all from ``start``) hold each value.

    Only values their rule found (from ``start``) are counted: the others (a stream's
    values from earlier text) are searched for as ever.
    """
    found: dict[str, int] = {}
    for index in {rule.index for rule in values.values()}:
        tally = tallies.get(index)
        if tally is None:
            present: Collection[Span] = spans.get(index, ())
            if start:
                present = [span for span in present if span[0] >= start]
            tally = _tally(text, present)
        for value, count in tally.items():
            owner = values.get(value)
            if owner is not None and owner.index == index:
                found[value] = count
    # Each count reads the text: only the values found most often are counted.
    counted = sorted(found, key=found.__getitem__, reverse=True)[:_COUNTED_VALUES]
    if len(text) - start >= LARGE_TEXT:
        # A large text is searched in one quick pass: counting pays for repeated values only.
        counted = [value for value in counted if found[value] * _REPEATED >= len(text) - start]
    complete = {
        value
        for value in counted
        if not _overlaps_itself(text, value, start) and text.count(value, start) == found[value]
    }
    return [value for value in values if value not in complete]


def _overlaps_itself(text: str, value: str, start: int) -> bool:
    """True when two occurrences of ``value`` in ``text[start:]`` may overlap (then
    ``str.count``, which counts occurrences that do not, may count fewer than there are).

    Occurrences at ``p`` and ``p + d`` (``d`` shorter than the value) make ``value[d:]`` a
    prefix of it, and ``value + value[-d:]`` an occurrence at ``p``: when none of those
    occurs, no two occurrences overlap.
    """
    if not value:
        return True
    first = value[0]
    shift = value.find(first, 1)
    searches = 0
    while shift != -1:
        if value.startswith(value[shift:]):
            searches += 1
            if searches > _OVERLAP_SEARCHES or text.find(value + value[-shift:], start) != -1:
                return True
        shift = value.find(first, shift + 1)
    return False


def propagate_verbatim(
    text: str,
    findings: Sequence[Finding],
    known: dict[str, CompiledRule] | None = None,
    start: int = 0,
    settled: int | None = None,
    encoded: bytes | None = None,
) -> list[Finding]:
    """Add every occurrence in ``text[start:]`` of a reported value (and of ``known`` ones).

    With ``settled`` (a stream), only values that end by then are final enough to propagate;
    ``encoded`` is ``scan_bytes(text).data`` when the caller has it.
    """
    considered = (
        findings
        if settled is None
        else [
            Finding(finding.rule, tuple(span for span in finding.spans if span[1] <= settled))
            for finding in findings
        ]
    )
    tallies = [_tally(text, finding.spans) for finding in considered]
    values = _values(considered, tallies)
    if known:
        for value, rule in known.items():
            values.setdefault(value, rule)
    if not values:
        return list(findings)
    given = {finding.rule.index: finding.spans for finding in findings}
    spans: dict[int, set[Span]] = {index: set(found) for index, found in given.items()}
    rules = {finding.rule.index: finding.rule for finding in findings}
    # A rule's tally counts its distinct spans when none repeats and all are considered.
    counted = {
        finding.rule.index: tally
        for finding, tally in zip(findings, tallies, strict=True)
        if settled is None and not start
    }
    for index in [index for index in counted if len(spans[index]) != len(given[index])]:
        del counted[index]
    # Most occurrences are spans the rule found itself: only the others are added, and
    # only values with an occurrence their rule lacks are searched for.
    added: dict[int, list[Span]] = {}
    unfound = _unfound(text, values, spans, start, counted)
    for position, value in occurrences(text, unfound, start, encoded):
        rule = values[value]
        span = (position, position + len(value))
        present = spans.get(rule.index)
        if present is None:
            present = spans[rule.index] = set()
            rules[rule.index] = rule
        if span not in present:
            present.add(span)
            added.setdefault(rule.index, []).append(span)
    unchanged = {finding.rule.index: finding for finding in findings}
    result: list[Finding] = []
    for index in sorted(rules):
        present = spans[index]
        found = given.get(index, ())
        if len(found) + len(added.get(index, ())) != len(present):
            ordered = tuple(sorted(present))  # ``given`` repeats a span
        elif index in added:
            # Sorting spans that are mostly in order already is cheap.
            ordered = tuple(sorted([*found, *added[index]]))
        else:
            ordered = tuple(sorted(found))
            if ordered == found and unchanged[index].rule is rules[index]:
                result.append(unchanged[index])  # the same finding: no copy
                continue
        result.append(Finding(rules[index], ordered))
    return result
