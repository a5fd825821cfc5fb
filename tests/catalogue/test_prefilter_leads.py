"""Every catalogue entry's declared ``prefilter_lead`` holds for the longest matches its own
pattern allows, not only for the examples written beside it (docs/architecture.md,
"Prefilters"): scan windows start that far before each prefilter hit, and a stream holds
back that far, so a lead too short loses values at a window's edge and releases them
from a stream.

Each pattern is parsed (``re``'s parser, as ``scan_bounds`` does) and written out as
witnesses: every repeat at its most (capped), each alternation's longest branch, each
character class by a member chosen in one of several orders (digits, letters or
punctuation first, so a prefilter of one kind is met as late as the pattern allows).
Each match of the pattern in a witness must hold a prefilter match starting at most the
lead into it.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import regex

from engine_core import Engine
from engine_core.anchors import accelerable, scan_bytes
from engine_core.evaluation.rules import CompiledRule
from engine_core.matching import RegexMatcher, scan_bounds
from engine_plugins.catalogue.month_names import MONTH_NAMES

parser: Any = importlib.import_module("re._parser")
constants: Any = importlib.import_module("re._constants")

#: The most times a repeat is written, in turn (a repeat with no upper bound: a lead past
#: the largest is unbounded); a smaller cap writes witnesses that a pattern's own limits
#: (a look-ahead on the length, say) still match.
CAPS = (300, 64, 24, 8)
#: Orders in which a character class's member is chosen: the first the class holds.
ORDERS = (
    "0123456789aAbBzZ._-+%/ :#@=",
    "aAbBzZ0123456789._-+%/ :#@=",
    "._-+%/ :#@=aA0123456789bBzZ",
    "zZbBaA9876543210=@#: /%+-_.",
)
_CATEGORIES = {
    "CATEGORY_DIGIT": "0123456789",
    "CATEGORY_WORD": "0123456789aAbBzZ_",
    "CATEGORY_SPACE": " ",
    "CATEGORY_NOT_DIGIT": "aAbBzZ._-+%/ :#@=",
    "CATEGORY_NOT_WORD": "._-+%/ :#@=",
    "CATEGORY_NOT_SPACE": "0123456789aAbBzZ._-+%/:#@=",
}


class _Unsupported(Exception):
    """A construct the witnesses do not write (a back-reference's condition, say)."""


def _members(items: list[tuple[Any, Any]]) -> tuple[set[str], bool]:
    """Return some members of a parsed character class and whether it is negated."""
    members: set[str] = set()
    negated = False
    for op, value in items:
        name = str(op)
        if name == "NEGATE":
            negated = True
        elif name == "LITERAL":
            members.add(chr(value))
        elif name == "RANGE":
            low, high = value
            members.update(chr(code) for code in range(low, min(high, low + 400) + 1))
        elif name == "CATEGORY":
            members.update(_CATEGORIES.get(str(value), ""))
        else:
            raise _Unsupported(name)
    return members, negated


def _character(members: set[str], negated: bool, order: str) -> str:
    """Return the class's member that comes first in ``order`` (any member otherwise)."""
    for char in order:
        if (char in members) != negated:
            return char
    if negated:
        raise _Unsupported("a negated class holding every preferred character")
    return min(members)


def _written(items: Any, order: str, cap: int, groups: dict[int, str]) -> str:
    """Return a string the parsed ``items`` match, every repeat at its most (``cap`` at most)."""
    out: list[str] = []
    for op, value in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(value))
        elif name == "NOT_LITERAL":
            out.append(_character({chr(value)}, True, order))
        elif name == "ANY":
            out.append(_character({"\n"}, True, order))
        elif name == "IN":
            out.append(_character(*_members(value), order))
        elif name in {"MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"}:
            low, high, body = value
            count = max(low, min(high, cap))
            out.append("".join(_written(body.data, order, cap, groups) for _ in range(count)))
        elif name == "SUBPATTERN":
            group, _, _, body = value
            written = _written(body.data, order, cap, groups)
            if group is not None:
                groups[group] = written
            out.append(written)
        elif name == "ATOMIC_GROUP":
            out.append(_written(value.data, order, cap, groups))
        elif name == "BRANCH":
            branches = [_written(branch.data, order, cap, dict(groups)) for branch in value[1]]
            out.append(max(branches, key=len))
        elif name == "GROUPREF":
            out.append(groups.get(value, ""))
        elif name in {"AT", "ASSERT", "ASSERT_NOT"}:
            continue
        else:
            raise _Unsupported(name)
    return "".join(out)


def _witnesses(pattern: regex.Pattern[str]) -> Iterator[str]:
    """Yield the witnesses of a pattern (none when ``re``'s parser cannot read it)."""
    kept = regex.IGNORECASE | regex.MULTILINE | regex.DOTALL | regex.VERBOSE | regex.ASCII
    flags = int(pattern.flags) & kept
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = parser.parse(pattern.pattern, flags)
    except Exception:  # syntax only the regex module knows
        return
    for cap in CAPS:
        for order in ORDERS:
            try:
                yield _written(parsed.data, order, cap, {})
            except _Unsupported:
                return


def _declared(engine: Engine) -> list[CompiledRule]:
    """The rules of ``engine`` with a declared lead and a prefilter."""
    return [
        rule
        for rule in engine.compiled_pack.rules
        if isinstance(rule.matcher, RegexMatcher)
        and rule.matcher.prefilter is not None
        and rule.matcher.prefilter_lead is not None
    ]


@pytest.fixture(scope="module")
def everything(codon_engine: Callable[..., Engine]) -> Engine:
    """An engine of every catalogue entry, default or not."""
    return codon_engine("*")


#: Rules whose pattern takes any word where its check takes only some (the witnesses' words
#: are none of them): each is checked with every word it takes instead, below.
WORDS_CHECKED = {"intl.date_of_birth": "any word of letters for a month's name"}


def _needed(rule: CompiledRule, texts: Iterator[str] | list[str]) -> tuple[int, int]:
    """Return how far into a match of ``rule`` in ``texts`` its prefilter's first match
    starts at most (a match without one: its length), and how many matches there were."""
    matcher = rule.matcher
    assert isinstance(matcher, RegexMatcher)
    prefilter = regex.compile(str(matcher.prefilter))
    fast = accelerable(str(matcher.prefilter))
    needed = -1
    checked = 0
    for text in texts:
        # The one pass reads an accelerated prefilter in the scan's bytes, one a character.
        read = scan_bytes(text).data.decode("latin-1") if fast else text
        for match in matcher.pattern.finditer(text):
            start, end = match.span()
            if end == start:
                continue
            checked += 1
            hit = prefilter.search(read, start, end)
            needed = max(needed, end - start if hit is None else hit.start() - start)
    return needed, checked


def test_every_declared_lead_holds_for_the_longest_matches(everything: Engine) -> None:
    """Each match of a witness holds a prefilter match at most the declared lead into it."""
    rules = [rule for rule in _declared(everything) if rule.rule_id not in WORDS_CHECKED]
    short: list[tuple[str, int, int]] = []
    checked = 0
    for rule in rules:
        lead = rule.matcher.prefilter_lead
        assert lead is not None
        needed, matches = _needed(rule, _witnesses(rule.matcher.pattern))
        checked += matches
        if needed > lead:
            short.append((rule.rule_id, lead, needed))
    assert checked > 2 * len(rules)  # most patterns are written and matched
    assert short == [], "declared prefilter_lead shorter than a match needs (id, lead, needed)"


@pytest.mark.parametrize(
    "layout", ["14 {} 1985", "14. {} 1985", "{} 14, 1985", "14-{}-1985", "1st of {} 1985"]
)
def test_the_date_of_birth_lead_holds_for_every_month_name(everything: Engine, layout: str) -> None:
    """Every CLDR month name the date rule takes, in small letters and capitalized, in the
    layouts dates are written in, holds a prefilter match within the lead."""
    (rule,) = [rule for rule in _declared(everything) if rule.rule_id == "intl.date_of_birth"]
    texts = [layout.format(form) for name in MONTH_NAMES for form in (name, name.capitalize())]
    needed, checked = _needed(rule, texts)
    assert checked >= len(texts) // 2
    assert needed <= (rule.matcher.prefilter_lead or 0)


def test_every_prefilter_has_a_longest_match(everything: Engine) -> None:
    """A stream looks for a prefilter match that the end of the text cuts as far back as
    the prefilter's longest match: an unbounded one (``[a-z]*``) has it search the whole
    pending text on every push (streams of dense records fell from 0.59 to 0.43 of
    evaluate's speed with one such prefilter)."""
    unbounded = [
        rule.rule_id
        for rule in everything.compiled_pack.rules
        if isinstance(rule.matcher, RegexMatcher)
        and rule.matcher.prefilter is not None
        and scan_bounds(regex.compile(str(rule.matcher.prefilter))) is None
    ]
    assert unbounded == []
