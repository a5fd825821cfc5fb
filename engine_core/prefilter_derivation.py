"""Prefilters derived from a rule's own pattern, for rules that declare none.

A rule without a prefilter is searched over the whole of every text; with one,
the engine finds every prefilter of a pack in one Hyperscan pass and runs the
rule only around the hits (plugins.md, "Prefilters"). :func:`derive_prefilter`
builds a prefilter from the pattern: a regular expression every match of the
pattern contains, and the lead (how far into a match it starts) when bounded.

Why a derived prefilter loses nothing. Python's own parser (``re._parser``)
gives the pattern as a sequence of items. An item is *translated* to an
expression whose language contains the item's: a literal or a class to a class
admitting at least the same characters, a bounded repetition, group or
alternation to the same construct over translated parts, a zero-width
assertion (look-around, ``\\b``, ``^``) to nothing. The part of a match that a
run of consecutive items matched is therefore a match of the concatenation of
their translations, and it starts at most the sum of the longest widths of the
items before the run into the match. Inside a group, an alternation (one
prefilter per branch, joined) or a repetition of at least one copy (its first
copy) the same holds one level down. Anything else ends a run: an unbounded
repetition keeps only its required copies at each end of the runs around it,
and a back-reference, a conditional or a class too wide to help keeps nothing.
When the parser does not know the pattern the way the ``regex`` module reads
it (syntax only ``regex`` knows, a warning such as a possible nested set, a
``{`` that ``regex`` may read as a fuzzy constraint, flags such as FULLCASE),
no prefilter is derived: the rule is scanned whole, as before.

Characters are written as printable ASCII only, without ``\\d``-style escapes
or ``(?`` constructs, so a derived prefilter means the same to the ``regex``
module on the text and to Hyperscan on its scan bytes (see
``engine_core/anchors.py``: each character outside Latin-1 is scanned as
``?``). A class that admits a character outside printable ASCII (``\\d`` admits
other scripts' digits; under IGNORECASE ``k`` admits the Kelvin sign) is
written negated, leaving out only printable characters it cannot match and
never ``?``. Each derived prefilter is compiled by Hyperscan once (where it is
installed) and a candidate it refuses is not used.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import math
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import regex

from .anchors import HYPERSCAN as _hyperscan
from .matching import REGEX_FLAGS

__all__ = [
    "DerivedPrefilter",
    "barrier_characters",
    "derive_prefilter",
    "first_characters",
    "late_start_width",
    "left_guard",
    "match_characters",
]

_parser: Any = importlib.import_module("re._parser")
_constants: Any = importlib.import_module("re._constants")


@dataclass(frozen=True)
class DerivedPrefilter:
    """A prefilter every match of a pattern contains, and its lead (None: not bounded)."""

    source: str
    lead: int | None


#: Playbook flags the derivation understands, as ``re`` flags (others: no prefilter).
_FLAGS = {name: re.RegexFlag[name] for name in REGEX_FLAGS if name in re.RegexFlag.__members__}

_PRINTABLE = frozenset(chr(code) for code in range(0x20, 0x7F))
_DIGITS = frozenset("0123456789")
_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
#: Characters escaped inside a class (and never left out of a negated one).
_CLASS_SPECIAL = frozenset("\\]^-[")
#: Under IGNORECASE (without ASCII) these letters also match a character outside ASCII
#: (the Kelvin sign, the long s, the dotted capital I); a test checks this against ``regex``.
_WIDE_CASE_LETTERS = frozenset("iksIKS")
#: Characters outside ASCII that match an ASCII letter under IGNORECASE (same test).
_FOLDS_TO_ASCII = {0x130: "iI", 0x131: "iI", 0x17F: "sS", 0x212A: "kK"}

#: A class admitting more printable characters than this is too wide to help.
_MAX_CLASS = 40
#: Longest repetition written into a prefilter; more copies end the run.
_REPEAT_CAP = 64
#: Widest range of copies written as one repetition (Hyperscan refuses wide ones with
#: start of match, and they cost it time); a wider one keeps its required copies.
_REPEAT_SPREAD = 16
#: Longest match of a prefilter (windows are sized from it).
_MAX_WIDTH = 128
#: A prefilter must carry at least this much information (bits; a literal is ~6.6).
_MIN_BITS = 12.0
#: A prefilter without negated classes (which Hyperscan runs in a second pass) and at
#: least this much information is preferred to any with negated classes.
_STRONG_BITS = 18.0
#: Information lost per class member outside printable ASCII (for scoring only).
_OTHER_WEIGHT = 8


class _Unsure(Exception):
    """The pattern holds something the derivation cannot vouch for."""


@dataclass(frozen=True)
class _Scope:
    ignorecase: bool
    ascii: bool


@dataclass(frozen=True)
class _Piece:
    """The translation of an item or a sequence: its source and what it is worth."""

    source: str
    bits: float
    longest: int
    negated: bool
    #: True when a quantifier may follow the source as it stands.
    atom: bool


_EMPTY = _Piece("", 0.0, 0, False, False)


@dataclass(frozen=True)
class _Candidate:
    """A prefilter every match contains, starting at most ``lead`` into the match."""

    source: str
    lead: int | None
    bits: float
    negated: bool


@dataclass(frozen=True)
class _Item:
    """What one item of a sequence offers to the runs and candidates around it."""

    #: Its translation, or None when it ends a run.
    piece: _Piece | None
    #: For a repetition too long to write: its required copies (ends a run, starts the next).
    copies: _Piece | None
    #: How far the last required copies may start from the item's start (None: unbounded).
    copies_offset: int | None
    candidates: tuple[_Candidate, ...]
    #: Longest width of the item (None: unbounded).
    longest: int | None


def _shift(candidates: Iterable[_Candidate], offset: int | None) -> list[_Candidate]:
    return [
        _Candidate(
            c.source,
            None if offset is None or c.lead is None else offset + c.lead,
            c.bits,
            c.negated,
        )
        for c in candidates
    ]


def _class_source(members: Iterable[str]) -> str:
    """Return a positive class admitting exactly ``members`` (printable ASCII)."""
    chars = sorted(members)
    if len(chars) == 1 and chars[0].isalnum():
        return chars[0]
    plain = [char for char in chars if char not in _CLASS_SPECIAL]
    # Escaped specials go last, so an escaped backslash is never followed by a letter.
    special = "".join("\\" + char for char in chars if char in _CLASS_SPECIAL)
    return f"[{_ranges(plain)}{special}]"


def _ranges(chars: Sequence[str]) -> str:
    """Return ``chars`` (sorted, none special in a class) as class ranges."""
    parts: list[str] = []
    index = 0
    while index < len(chars):
        end = index
        while end + 1 < len(chars) and ord(chars[end + 1]) == ord(chars[end]) + 1:
            end += 1
        if end - index >= 2:
            parts.append(f"{chars[index]}-{chars[end]}")
        else:
            parts.extend(chars[index : end + 1])
        index = end + 1
    return "".join(parts)


def _set_piece(members: frozenset[str], other: bool) -> _Piece | None:
    """Return the translation of a class admitting ``members`` (and more when ``other``)."""
    if not other:
        if not members:
            return None
        bits = math.log2(len(_PRINTABLE) / len(members))
        return _Piece(_class_source(members), bits, 1, False, True)
    if len(members) > _MAX_CLASS:
        return None
    # Negated: leave out only printable characters it cannot match, never ``?`` (what
    # Hyperscan sees for a character outside Latin-1) nor a character special in a class.
    left_out = sorted(_PRINTABLE - members - _CLASS_SPECIAL - {"?"})
    if not left_out:
        return None
    bits = math.log2(len(_PRINTABLE) / (len(members) + _OTHER_WEIGHT))
    return _Piece(f"[^{_ranges(left_out)}]", max(bits, 0.0), 1, True, True)


def _category(code: Any, scope: _Scope) -> tuple[frozenset[str], bool]:
    """Return the printable members of a ``\\d``-style category and whether it admits more."""
    table: dict[Any, tuple[frozenset[str], bool]] = {
        _constants.CATEGORY_DIGIT: (_DIGITS, not scope.ascii),
        _constants.CATEGORY_NOT_DIGIT: (_PRINTABLE - _DIGITS, True),
        _constants.CATEGORY_SPACE: (frozenset(" "), True),
        _constants.CATEGORY_NOT_SPACE: (_PRINTABLE - {" "}, True),
        _constants.CATEGORY_WORD: (_WORD, not scope.ascii),
        _constants.CATEGORY_NOT_WORD: (_PRINTABLE - _WORD, True),
    }
    if code not in table:
        raise _Unsure
    return table[code]


def _fold(members: set[str], codes: range, scope: _Scope) -> bool:
    """Add the IGNORECASE variants of ``codes`` to ``members``; True when one is not printable."""
    other = False
    for char in map(chr, range(codes.start, min(codes.stop, 0x80))):
        if char.isalpha():
            members.update((char.lower(), char.upper()))
            other = other or (char in _WIDE_CASE_LETTERS and not scope.ascii)
    for code, letters in _FOLDS_TO_ASCII.items():
        if code in codes:
            members.update(letters)
    return other


def _members(op: Any, value: Any, scope: _Scope, fold: bool) -> tuple[set[str], bool]:
    """Return the printable members of one class item and whether it admits more.

    With ``fold`` (a positive class) the members are a superset of the truth;
    without (inside a negated class) a subset, so the complement stays wide enough.
    """
    if op is _constants.CATEGORY:
        members, other = _category(value, scope)
        return set(members), other
    if op is _constants.LITERAL:
        low = high = value
    elif op is _constants.RANGE:
        low, high = value
    else:
        raise _Unsure
    codes = range(low, high + 1)
    found = {chr(code) for code in range(max(low, 0x20), min(high, 0x7E) + 1)}
    other = low < 0x20 or high > 0x7E
    if fold and scope.ignorecase:
        other = _fold(found, codes, scope) or other
    return found, other


def _charset(op: Any, value: Any, scope: _Scope) -> _Piece | None:
    """Return the translation of a one-character item (literal, class, ``.``)."""
    if op is _constants.LITERAL:
        members, other = _members(op, value, scope, True)
        return _set_piece(frozenset(members), other)
    if op is _constants.NOT_LITERAL:
        return _set_piece(_PRINTABLE - {chr(value)}, True)
    if op is _constants.ANY:
        return None
    negate = bool(value) and value[0][0] is _constants.NEGATE
    found: set[str] = set()
    other = False
    for item_op, item_value in value[1:] if negate else value:
        item_members, item_other = _members(item_op, item_value, scope, not negate)
        found |= item_members
        other = other or item_other
    if negate:
        return _set_piece(_PRINTABLE - found, True)
    return _set_piece(frozenset(found), other)


def _quantified(piece: _Piece, low: int, high: int) -> _Piece:
    """Return ``piece`` repeated ``low`` to ``high`` times."""
    if not piece.source or high == 0:
        return _EMPTY
    if (low, high) == (1, 1):
        return piece
    body = piece.source if piece.atom else f"(?:{piece.source})"
    suffix = "?" if (low, high) == (0, 1) else f"{{{low}}}" if low == high else f"{{{low},{high}}}"
    return _Piece(body + suffix, piece.bits * low, piece.longest * high, piece.negated, True)


def _longest(op: Any, value: Any, state: Any) -> int | None:
    longest = int(_parser.SubPattern(state, [(op, value)]).getwidth()[1])
    return None if longest >= _constants.MAXREPEAT else longest


def _joined(pieces: Sequence[_Piece]) -> _Piece:
    """Return the concatenation of ``pieces``."""
    present = [piece for piece in pieces if piece.source]
    if len(present) == 1:
        return present[0]
    return _Piece(
        "".join(piece.source for piece in present),
        sum(piece.bits for piece in present),
        sum(piece.longest for piece in present),
        any(piece.negated for piece in present),
        False,
    )


def _alternation(pieces: Sequence[_Piece]) -> _Piece:
    """Return the alternation of ``pieces`` (each a branch)."""
    penalty = math.log2(len(pieces))
    return _Piece(
        "(?:" + "|".join(piece.source for piece in pieces) + ")",
        max(0.0, min(piece.bits for piece in pieces) - penalty),
        max(piece.longest for piece in pieces),
        any(piece.negated for piece in pieces),
        True,
    )


def _branch_candidates(
    branches: Sequence[tuple[_Piece | None, list[_Candidate]]],
) -> list[_Candidate]:
    """Return prefilters of an alternation: one candidate per branch, joined."""
    joined: list[_Candidate] = []
    for positive_only in (True, False):
        chosen = [_best(candidates, positive_only) for _, candidates in branches]
        if any(candidate is None for candidate in chosen):
            continue
        picks = [candidate for candidate in chosen if candidate is not None]
        leads = [candidate.lead for candidate in picks]
        joined.append(
            _Candidate(
                "(?:" + "|".join(candidate.source for candidate in picks) + ")",
                None if None in leads else max(lead for lead in leads if lead is not None),
                max(0.0, min(candidate.bits for candidate in picks) - math.log2(len(picks))),
                any(candidate.negated for candidate in picks),
            )
        )
    return joined


def _check_braces(items: Any) -> None:
    """Raise _Unsure at a ``{`` outside a class: ``regex`` may read it as a fuzzy constraint,
    which changes what (and how much) the item before it matches."""
    for value in items:
        if isinstance(value, _parser.SubPattern):
            _check_braces(value.data)
        elif isinstance(value, (list, tuple)):
            if len(value) == 2 and value[0] is _constants.IN:
                continue
            if len(value) == 2 and value[0] is _constants.LITERAL and value[1] == ord("{"):
                raise _Unsure
            _check_braces(value)


def _inner_scope(scope: _Scope, added: int, removed: int) -> _Scope:
    """Return the scope inside a group that sets flags ``added`` and clears ``removed``."""
    return _Scope(
        (scope.ignorecase or bool(added & re.IGNORECASE)) and not removed & re.IGNORECASE,
        (scope.ascii or bool(added & re.ASCII)) and not added & re.UNICODE,
    )


def _item(op: Any, value: Any, scope: _Scope, state: Any) -> _Item:
    """Translate one parsed item."""
    longest = _longest(op, value, state)
    if op in (_constants.LITERAL, _constants.NOT_LITERAL, _constants.ANY, _constants.IN):
        return _Item(_charset(op, value, scope), None, None, (), longest)
    if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):
        return _Item(_EMPTY, None, None, (), 0)
    if op in (_constants.SUBPATTERN, _constants.ATOMIC_GROUP):
        if op is _constants.SUBPATTERN:
            _group, added, removed, body = value
            scope = _inner_scope(scope, added, removed)
        else:
            body = value
        piece, candidates = _sequence(body.data, scope, state)
        return _Item(piece, None, None, tuple(candidates), longest)
    if op is _constants.BRANCH:
        branches = [_sequence(branch.data, scope, state) for branch in value[1]]
        pieces = [piece for piece, _ in branches]
        whole = None
        if all(piece is not None for piece in pieces):
            whole = _alternation([piece for piece in pieces if piece is not None])
        return _Item(whole, None, None, tuple(_branch_candidates(branches)), longest)
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        low, high, body = value
        piece, candidates = _sequence(body.data, scope, state)
        inner = tuple(candidates) if low >= 1 else ()
        if piece is None:
            return _Item(None, None, None, inner, longest)
        bounded = high < _constants.MAXREPEAT
        fits = high <= _REPEAT_CAP and high - low <= _REPEAT_SPREAD
        if bounded and fits and piece.longest * high <= _MAX_WIDTH:
            return _Item(_quantified(piece, low, high), None, None, inner, longest)
        copies = None
        offset = None
        if low >= 1 and piece.longest * low <= _MAX_WIDTH:
            copies = _quantified(piece, low, low)
            if bounded:
                offset = (high - low) * piece.longest
        return _Item(None, copies, offset, inner, longest)
    # Back-references, conditionals and anything newer: no translation.
    return _Item(None, None, None, (), longest)


def _run_candidates(run: Sequence[tuple[_Piece, int | None]]) -> list[_Candidate]:
    """Return the candidates of a run: all of it, and each part without negated classes."""
    found: list[_Candidate] = []
    parts = [list(run)]
    current: list[tuple[_Piece, int | None]] = []
    for entry in run:
        if entry[0].negated:
            parts.append(current)
            current = []
        else:
            current.append(entry)
    parts.append(current)
    for part in parts:
        # Optional items at either end require nothing.
        while part and part[0][0].bits == 0:
            part = part[1:]
        while part and part[-1][0].bits == 0:
            part = part[:-1]
        if part:
            piece = _joined([entry[0] for entry in part])
            found.append(_Candidate(piece.source, part[0][1], piece.bits, piece.negated))
    return found


def _sequence(
    items: Sequence[tuple[Any, Any]], scope: _Scope, state: Any
) -> tuple[_Piece | None, list[_Candidate]]:
    """Return the translation of a sequence (None: not every item has one) and its candidates.

    Candidates' leads count from the sequence's start.
    """
    candidates: list[_Candidate] = []
    run: list[tuple[_Piece, int | None]] = []
    run_width = 0
    pieces: list[_Piece] | None = []
    offset: int | None = 0

    def close() -> None:
        nonlocal run, run_width
        candidates.extend(_run_candidates(run))
        run, run_width = [], 0

    for op, value in items:
        item = _item(op, value, scope, state)
        candidates.extend(_shift(item.candidates, offset))
        if item.piece is not None:
            if run_width + item.piece.longest > _MAX_WIDTH:
                close()
            run.append((item.piece, offset))
            run_width += item.piece.longest
            if pieces is not None:
                pieces.append(item.piece)
        else:
            pieces = None
            if item.copies is not None:
                if run_width + item.copies.longest <= _MAX_WIDTH:
                    run.append((item.copies, offset))
                close()
                start = (
                    None
                    if offset is None or item.copies_offset is None
                    else offset + item.copies_offset
                )
                run, run_width = [(item.copies, start)], item.copies.longest
            else:
                close()
        offset = None if offset is None or item.longest is None else offset + item.longest
    close()
    whole = _joined(pieces) if pieces is not None else None
    if whole is not None and whole.longest > _MAX_WIDTH:
        whole = None
    return whole, candidates


def _rank(candidate: _Candidate) -> tuple[int, float, int]:
    strong = not candidate.negated and candidate.bits >= _STRONG_BITS
    lead = candidate.lead if candidate.lead is not None else _MAX_WIDTH * 64
    return (0 if strong else 1, -candidate.bits, lead)


def _ordered(candidates: Iterable[_Candidate], positive_only: bool = False) -> list[_Candidate]:
    usable = [
        candidate
        for candidate in candidates
        if candidate.bits >= _MIN_BITS and not (positive_only and candidate.negated)
    ]
    return sorted(usable, key=_rank)


def _best(candidates: Iterable[_Candidate], positive_only: bool) -> _Candidate | None:
    ordered = _ordered(candidates, positive_only)
    return ordered[0] if ordered else None


@functools.lru_cache(maxsize=1024)
def _hyperscan_accepts(source: str) -> bool:
    """True when Hyperscan compiles ``source`` as the anchor scanner does (or is absent)."""
    if _hyperscan is None:  # pragma: no cover - depends on the platform
        return True
    database = _hyperscan.Database(mode=_hyperscan.HS_MODE_BLOCK)
    try:
        database.compile(
            expressions=[source.encode("ascii")],
            ids=[0],
            flags=[_hyperscan.HS_FLAG_SOM_LEFTMOST],
        )
    except _hyperscan.error:
        return False
    return True


def _parsed(pattern: str, flag_names: tuple[str, ...]) -> tuple[Any, _Scope] | None:
    """Return the pattern as Python's parser reads it and its scope, or None when unsure."""
    flags = 0
    for name in flag_names:
        if name.upper() not in _FLAGS:
            return None
        flags |= _FLAGS[name.upper()]
    if regex.DEFAULT_VERSION != regex.VERSION0:
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            parsed = _parser.parse(pattern, flags)
        _check_braces(parsed.data)
    except (_Unsure, Exception):  # syntax only ``regex`` knows, a warning, parser changes
        return None
    scope = _Scope(bool(parsed.state.flags & re.IGNORECASE), bool(parsed.state.flags & re.ASCII))
    return parsed, scope


@functools.lru_cache(maxsize=1024)
def _derive(pattern: str, flag_names: tuple[str, ...]) -> DerivedPrefilter | None:
    read = _parsed(pattern, flag_names)
    if read is None:
        return None
    parsed, scope = read
    try:
        piece, candidates = _sequence(parsed.data, scope, parsed.state)
    except (_Unsure, Exception):  # a construct the translation does not know
        return None
    if piece is not None:
        candidates.append(_Candidate(piece.source, 0, piece.bits, piece.negated))
    for candidate in _ordered(candidates):
        if _hyperscan_accepts(candidate.source):
            return DerivedPrefilter(candidate.source, candidate.lead)
    return None


#: Characters a guard class never leaves out: ``?`` stands for every character outside
#: Latin-1 in the scan bytes, and the others would need escapes Hyperscan's path refuses.
_GUARD_KEEP = _CLASS_SPECIAL | {"?"}


def _one_char_members(item: tuple[Any, Any], scope: _Scope, fold: bool) -> tuple[set[str], bool]:
    """Return the printable members of a one-character item and whether it admits more.

    A negated class gives the printable characters it surely matches (none that any of
    its parts could match, case variants included), and admits more.
    """
    op, value = item
    if op is _constants.IN:
        if value and value[0][0] is _constants.NEGATE:
            excluded: set[str] = set()
            for item_op, item_value in value[1:]:
                excluded |= _members(item_op, item_value, scope, True)[0]
            return set(_PRINTABLE) - excluded, True
        found: set[str] = set()
        other = False
        for item_op, item_value in value:
            members, more = _members(item_op, item_value, scope, fold)
            found |= members
            other = other or more
        return found, other
    if op in (_constants.LITERAL, _constants.CATEGORY):
        return _members(op, value, scope, fold)
    if op is _constants.ANY:  # every character but a newline (all of them with DOTALL)
        return set(_PRINTABLE), True
    raise _Unsure


#: Categories whose every member is a word character.
_WORD_CATEGORIES = frozenset({_constants.CATEGORY_WORD, _constants.CATEGORY_DIGIT})


def _word_only(item: tuple[Any, Any], scope: _Scope) -> bool:
    """True when the first character ``item`` matches is always a word character."""
    op, value = item
    if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
        low, _high, body = value
        return low >= 1 and bool(body.data) and _word_only(body.data[0], scope)
    if op is _constants.SUBPATTERN:
        body = value[3]
        return bool(body.data) and _word_only(body.data[0], scope)
    parts = value if op is _constants.IN else [item]
    for part_op, part_value in parts:
        if part_op is _constants.CATEGORY:
            if part_value not in _WORD_CATEGORIES:
                return False
            continue
        members, other = _members(part_op, part_value, scope, True)
        if other or not members <= _WORD:
            return False
    return True


def _first_chars(items: Sequence[tuple[Any, Any]], scope: _Scope) -> tuple[set[str], bool]:
    """Return the printable characters a match of ``items`` may start with, and whether more.

    Raise _Unsure when the sequence may match empty or holds something not understood.
    """
    for op, value in items:
        if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):
            continue
        if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
            if value[0] < 1:
                raise _Unsure
            return _first_chars(value[2].data, scope)
        if op is _constants.SUBPATTERN:
            if value[1] or value[2]:  # flags changed inside the group
                raise _Unsure
            return _first_chars(value[3].data, scope)
        if op is _constants.BRANCH:
            found: set[str] = set()
            other = False
            for branch in value[1]:
                members, more = _first_chars(branch.data, scope)
                found |= members
                other = other or more
            return found, other
        return _one_char_members((op, value), scope, True)
    raise _Unsure


def _is_lookahead(item: tuple[Any, Any]) -> bool:
    return item[0] in (_constants.ASSERT, _constants.ASSERT_NOT) and item[1][0] == 1


def _forbidden_before(items: Sequence[tuple[Any, Any]], scope: _Scope) -> set[str]:
    """Return printable characters that never precede a match of the sequence ``items``.

    Openings that say so (after any look-aheads): a look-behind of one class
    (``(?<![\\w.-])``); a word boundary before a word character; a one-character item
    followed by two-character look-behinds whose second class holds every character
    the item matches (``[0-9](?<![\\w.].)``, or ``[0-9](?<![+.].)(?<![^\\W\\u4E00-\\u9FFF].)``:
    the characters any of them refuses; other look-arounds among them refuse more, never
    less); a group, or an alternation each of whose branches opens so (the characters
    every branch refuses).
    """
    items = list(items)
    while items and _is_lookahead(items[0]):
        items = items[1:]
    if not items:
        return set()
    first, second = items[0], items[1] if len(items) > 1 else None
    op, value = first
    if op is _constants.ASSERT_NOT and value[0] == -1 and len(value[1]) == 1:
        return _one_char_members(value[1][0], scope, False)[0]
    if op is _constants.AT and value is _constants.AT_BOUNDARY and second is not None:
        return set(_WORD) if _word_only(second, scope) else set()
    if (
        second is not None
        and second[0] in (_constants.ASSERT, _constants.ASSERT_NOT)
        and _parser.SubPattern(_parser.State(), [first]).getwidth() == (1, 1)
    ):
        chars, other = _first_chars([first], scope)
        refused_before: set[str] = set()
        for assertion, (direction, body_items) in itertools.takewhile(
            lambda item: item[0] in (_constants.ASSERT, _constants.ASSERT_NOT), items[1:]
        ):
            if assertion is not _constants.ASSERT_NOT or direction != -1 or len(body_items) != 2:
                continue  # it refuses more, or something else: never less
            body = list(body_items)
            allowed, _ = _one_char_members(body[1], scope, False)
            if not other and chars and chars <= allowed:
                refused_before |= _one_char_members(body[0], scope, False)[0]
        if refused_before:
            return refused_before
    if op is _constants.SUBPATTERN and not value[1] and not value[2]:
        return _forbidden_before(value[3].data, scope)
    if op is _constants.BRANCH:
        refused = [_forbidden_before(branch.data, scope) for branch in value[1]]
        return set.intersection(*refused) if refused else set()
    return set()


@functools.lru_cache(maxsize=1024)
def _guard(pattern: str, flag_names: tuple[str, ...]) -> str | None:
    read = _parsed(pattern, flag_names)
    if read is None:
        return None
    parsed, scope = read
    try:
        forbidden = _forbidden_before(list(parsed.data), scope) - _GUARD_KEEP
    except (_Unsure, Exception):  # a construct the reading does not know
        return None
    if not forbidden:
        return None
    return f"[^{_ranges(sorted(forbidden))}]"


def left_guard(pattern: str, flags: Iterable[str] = ()) -> str | None:
    """Return a class holding the character before every match of ``pattern``, or None.

    Only characters the pattern's opening look-behind or word boundary surely
    refuses are left out of the class (never ``?`` nor a character special in a
    class), so on the scan bytes a prefilter starting at a match's start may be
    led by ``(?:^|<class>)`` and still find every match (docs/architecture.md,
    "Prefilters").
    """
    return _guard(pattern, tuple(flags))


def derive_prefilter(pattern: str, flags: Iterable[str] = ()) -> DerivedPrefilter | None:
    """Return a prefilter every match of ``pattern`` contains, or None when none is sure.

    ``flags`` are playbook flag names. See the module docstring for why it is safe.
    """
    return _derive(pattern, tuple(flags))


def _chars(items: Sequence[tuple[Any, Any]], scope: _Scope) -> tuple[set[str], bool]:
    """Return the printable characters a match of ``items`` may hold, and whether more."""
    found: set[str] = set()
    other = False
    for op, value in items:
        if op in (_constants.AT, _constants.ASSERT, _constants.ASSERT_NOT):
            continue
        if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
            members, more = _chars(value[2].data, scope)
        elif op is _constants.SUBPATTERN:
            members, more = _chars(value[3].data, _inner_scope(scope, value[1], value[2]))
        elif op is _constants.BRANCH:
            members, more = set(), False
            for branch in value[1]:
                branch_members, branch_more = _chars(branch.data, scope)
                members |= branch_members
                more = more or branch_more
        elif op is _constants.IN and value and value[0][0] is _constants.NEGATE:
            # All but what its parts surely match (a subset: no case variants added).
            excluded: set[str] = set()
            for item_op, item_value in value[1:]:
                excluded |= _members(item_op, item_value, scope, False)[0]
            members, more = set(_PRINTABLE) - excluded, True
        elif op is _constants.NOT_LITERAL:
            members, more = set(_PRINTABLE) - {chr(value)}, True
        else:
            members, more = _one_char_members((op, value), scope, True)
        found |= members
        other = other or more
    return found, other


#: Most strings a prefilter's language is spelled out as, to tell late starts exactly.
_MAX_SPELLED = 256
#: Stands for every character outside printable ASCII a position may hold.
_OTHER = "\x00"


def _spelled(items: Sequence[tuple[Any, Any]], scope: _Scope) -> list[tuple[frozenset[str], ...]]:
    """Return every match of ``items`` as a tuple of the characters each of its positions
    may hold (printable ones, and _OTHER for the rest); raise _Unsure when the language
    is infinite or has more than _MAX_SPELLED such strings."""
    strings: list[tuple[frozenset[str], ...]] = [()]
    for op, value in items:
        if op in (_constants.MAX_REPEAT, _constants.MIN_REPEAT, _constants.POSSESSIVE_REPEAT):
            low, high, body = value
            if high > _REPEAT_CAP:
                raise _Unsure
            inner = _spelled(body.data, scope)
            options: list[tuple[frozenset[str], ...]] = []
            for count in range(low, high + 1):
                copies: list[tuple[frozenset[str], ...]] = [()]
                for _ in range(count):
                    copies = [left + right for left in copies for right in inner]
                    if len(copies) > _MAX_SPELLED:
                        raise _Unsure
                options += copies
        elif op is _constants.SUBPATTERN:
            options = _spelled(value[3].data, _inner_scope(scope, value[1], value[2]))
        elif op is _constants.BRANCH:
            options = [string for branch in value[1] for string in _spelled(branch.data, scope)]
        else:
            members, more = _one_char_members((op, value), scope, True)
            options = [(frozenset(members | ({_OTHER} if more else set())),)]
        strings = [left + right for left in strings for right in options]
        if len(strings) > _MAX_SPELLED:
            raise _Unsure
    return strings


def _starts_late(strings: list[tuple[frozenset[str], ...]], admitted: frozenset[str]) -> bool:
    """True when a spelled string may end a longer one that a guard character fits inside."""
    for longer in strings:
        for shorter in strings:
            offset = len(longer) - len(shorter)
            if offset <= 0 or not longer[offset - 1] & admitted:
                continue
            if all(a & b for a, b in zip(longer[offset:], shorter, strict=True)):
                return True
    return False


@functools.lru_cache(maxsize=1024)
def late_start_width(source: str, guard: str | None = None) -> int | None:
    """Return the shortest match of the prefilter ``source`` when its matches that end at
    one place may start at several (None: at one only, as far as can be told otherwise).

    A fixed-width prefilter starts where it ends less its width. One led by ``guard``
    (:func:`left_guard`) starts where it ends less its width too when the guard refuses
    every character the prefilter's matches hold: no later start has a guard character
    before it. Any other may: the one pass reports each end with its leftmost start only,
    so a caller needing every start tries each up to the end less this width.
    """
    read = _parsed(source, ())
    if read is None:
        return 0
    parsed, scope = read
    low, high = parsed.getwidth()
    if low == high:
        return None
    admitted = frozenset(
        char for char in _PRINTABLE if guard is None or regex.fullmatch(guard, char)
    ) | {_OTHER}  # a guard is a negated class: it admits what it does not name
    try:
        spelled: list[tuple[frozenset[str], ...]] | None = _spelled(parsed.data, scope)
    except (_Unsure, Exception):  # infinite, or too many strings: judged by characters
        spelled = None
    if spelled is not None:
        # A finite language: a later start is a shorter string matching the end of a longer
        # one, with a character the guard admits before it.
        return int(low) if _starts_late(spelled, admitted) else None
    if guard is not None:
        refused = regex.compile(guard)
        try:
            held, more = _chars(parsed.data, scope)
        except (_Unsure, Exception):  # a construct the reading does not know
            held, more = set(), True
        if not more and held and not any(refused.fullmatch(char) for char in held):
            return None
    return int(low)


def match_characters(pattern: regex.Pattern[str]) -> frozenset[str] | None:
    """Return the characters a match of ``pattern`` may hold when they are all printable
    ASCII (None: it may hold others, or the reading is unsure).

    Lookarounds read but do not consume, so they add nothing: a character outside the
    set cannot lie inside any match, and no match spans a place where one stands.
    """
    names = tuple(
        name for name, bit in REGEX_FLAGS.items() if pattern.flags & bit and name != "UNICODE"
    )
    read = _parsed(pattern.pattern, names)
    if read is None:
        return None
    parsed, scope = read
    try:
        held, more = _chars(parsed.data, scope)
    except (_Unsure, Exception):  # a construct the reading does not know
        return None
    return None if more else frozenset(held)


def barrier_characters(pattern: regex.Pattern[str]) -> frozenset[str]:
    """Return the printable ASCII characters no match of ``pattern`` holds (empty when
    unsure): no match spans a place where one stands, whatever else its matches hold."""
    names = tuple(
        name for name, bit in REGEX_FLAGS.items() if pattern.flags & bit and name != "UNICODE"
    )
    read = _parsed(pattern.pattern, names)
    if read is None:
        return frozenset()
    parsed, scope = read
    try:
        held, _ = _chars(parsed.data, scope)
    except (_Unsure, Exception):  # a construct the reading does not know
        return frozenset()
    return _PRINTABLE - held


def first_characters(pattern: str, flags: Iterable[str] = ()) -> frozenset[str] | None:
    """Return the characters every match of ``pattern`` starts with, when they are all
    printable ASCII and no match is empty (None otherwise, or when unsure)."""
    read = _parsed(pattern, tuple(flags))
    if read is None:
        return None
    parsed, scope = read
    try:
        chars, more = _first_chars(parsed.data, scope)
    except (_Unsure, Exception):  # may match empty, or a construct the reading does not know
        return None
    return None if more or not chars else frozenset(chars)
