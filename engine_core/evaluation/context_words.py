"""A text's context words, found once for every rule of a pack that has some."""

from __future__ import annotations

import operator
import threading
from collections.abc import Iterable, Sequence
from typing import Any

import ahocorasick
import regex

from ..anchors import COMPILE_THREAD
from ..anchors import HYPERSCAN as _hyperscan
from .context import (
    CASE_EXCEPTION_CHARS,
    REMARK_AFTER_WORD,
    REPLY_AFTER_WORD,
    all_words,
    asks_after,
    camel_joined,
    caseless,
    exceptions_folded,
    folded_words,
    heads_field_names,
    may_open_remark,
    remarked_after,
)
from .rules import CompiledRule

__all__ = ["ContextWords", "NearbyWords", "WordSpan", "caseless", "word_owners"]

_DIGIT = regex.compile("[0-9]")

#: Where a context word is in a text, and the indexes of the rules that list it.
WordSpan = tuple[int, int, frozenset[int]]
_END = operator.itemgetter(1)


def word_owners(
    rules: Iterable[CompiledRule], *, required: bool = True
) -> dict[str, frozenset[int]]:
    """Return each word of the context-required ``rules`` (``required=False``: of every rule
    with context words), folded like the scanned text and lower-cased (:func:`caseless`),
    with the indexes of the rules that list it."""
    owners: dict[str, set[int]] = {}
    for rule in rules:
        if rule.context is None or (required and not rule.context.required):
            continue
        for word in folded_words(all_words(rule.declaration.options)):
            owners.setdefault(caseless(word), set()).add(rule.index)
    return {word: frozenset(indexes) for word, indexes in owners.items()}


def field_heads(rules: Iterable[CompiledRule]) -> frozenset[str]:
    """Return the words (as :func:`word_owners` writes them) of the context-required
    ``rules`` that also begin field names (``context_field_head``,
    :func:`~engine_core.evaluation.context.heads_field_names`)."""
    heading = [rule for rule in rules if rule.context is not None and rule.context.field_head]
    return frozenset(word for word in word_owners(heading) if heads_field_names(word))


def _automaton(owners: dict[str, frozenset[int]]) -> Any:
    """Return an Aho-Corasick automaton finding each word (its value: its owners), or None."""
    if not owners:
        return None
    automaton = ahocorasick.Automaton()
    for word, indexes in owners.items():
        automaton.add_word(word, indexes)
    automaton.make_automaton()
    return automaton


class ContextWords:
    """Which context-required rules have none of their words anywhere in a text, and
    where the words of every rule with context words are (a label names a value written
    apart for a rule whose words only confirm it too: docs/architecture.md, "Anti-evasion").

    One pass over the text finds every word of every context-required rule (a
    Hyperscan literal database when Hyperscan is installed and it has compiled, else an
    Aho-Corasick automaton over the lower-cased text); a rule none of whose words occur
    cannot report a value, so the scan skips it (docs/architecture.md, "Context"). The words
    are folded like the scanned text and lower-cased (:func:`caseless`). Hyperscan
    matches them without regard to case in the text's own UTF-8 (no lower-cased copy)
    and checks their ASCII word boundaries; a text holding a character whose case
    ``IGNORECASE`` treats unlike Unicode's folding (:data:`CASE_EXCEPTION_CHARS`) has
    those written as ``IGNORECASE`` reads them first. The automaton finds plain
    substrings. Each is a superset of the rule's own search.

    :meth:`locate` also says where each word is, from the same database: it reports
    every occurrence. It compiles on a thread of its own (about seven seconds for the
    built-in pack's four thousand words: each word's ASCII boundaries cost Hyperscan
    more than the literal), so a pack is ready without waiting for it; until it exists,
    the automaton says which rules have a word, :meth:`locate` says where nothing is
    and the scan reads whole texts.
    """

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        self._required: dict[int, tuple[str, ...]] = {
            rule.index: all_words(rule.declaration.options)
            for rule in rules
            if rule.context is not None and rule.context.required
        }
        #: The indexes of the context-required rules.
        self.required = frozenset(self._required)
        # The words of context-required rules first: the automaton that says which of those
        # rules have a word reads them alone (the others' words only say where labels are).
        owners = dict(
            sorted(
                word_owners(rules, required=False).items(),
                key=lambda item: item[1].isdisjoint(self.required),
            )
        )
        required_words = sum(not indexes.isdisjoint(self.required) for indexes in owners.values())
        self._owners: tuple[frozenset[int], ...] = tuple(owners.values())
        #: The owner sets holding a context-required rule.
        self._required_owners = frozenset(
            indexes for indexes in self._owners if not indexes.isdisjoint(self.required)
        )
        #: Each word's length in characters, by its identifier.
        self._lengths = tuple(map(len, owners))
        words = list(owners)
        heads = field_heads(rules)
        #: The identifiers of the words that may also begin a field name, in the order of
        #: their second expressions (:func:`_literal_database`).
        self._heads = tuple(identifier for identifier, word in enumerate(words) if word in heads)
        self._local = threading.local()
        self._automaton: Any = (
            _automaton(dict(list(owners.items())[:required_words])) if required_words else None
        )
        #: The database reporting every occurrence of each word, once compiled.
        self._positions: Any = None
        self._located = threading.Event()
        if owners and _hyperscan is not None:
            threading.Thread(
                target=self._compile_positions,
                args=(words, self._heads),
                name=f"{COMPILE_THREAD}context-words",
                daemon=True,
            ).start()
        else:
            self._located.set()

    def _compile_positions(self, words: list[str], heads: tuple[int, ...]) -> None:
        """Compile the database of every occurrence (on a thread of its own)."""
        try:
            self._positions = _literal_database(words, heads)
        finally:
            self._located.set()

    def wait_located(self, timeout: float | None = None) -> bool:
        """Wait until :meth:`locate` can say where words are (or never will); True when so."""
        return self._located.wait(timeout)

    def _scratch(self, database: Any) -> Any:
        """Return this thread's Hyperscan scratch for ``database`` (never shared)."""
        scratches = getattr(self._local, "scratches", None)
        if scratches is None:
            scratches = self._local.scratches = {}
        scratch = scratches.get(id(database))
        if scratch is None:
            scratch = scratches[id(database)] = _hyperscan.Scratch(database)
        return scratch

    def _ends(
        self, database: Any, text: str, utf8: bytes | None = None
    ) -> tuple[bytes, list[tuple[int, int]]]:
        """Return the UTF-8 ``database`` read and ``(identifier, end)`` of every word it
        finds in ``text`` (ends in bytes): in the text itself (``utf8``: its
        :func:`_utf8`, when the caller has it), or, when the text holds a case exception,
        in a copy with those written as ``IGNORECASE`` reads them (the other characters
        keep their case: a camel-case field name its capitals)."""
        data = _utf8(text) if utf8 is None else utf8
        ends = self._scan(database, data)
        if ends is None:
            data = _utf8(exceptions_folded(text))
            ends = self._scan(database, data)
            assert ends is not None  # the copy holds no case exception
        return data, ends

    def _scan(self, database: Any, data: bytes) -> list[tuple[int, int]] | None:
        """Return ``(identifier, end)`` of every word ``database`` finds in ``data``, or
        None when it holds a case exception."""
        words = len(self._owners)
        exceptions = words + len(CASE_EXCEPTION_CHARS)
        heads = self._heads
        ends: list[tuple[int, int]] = []
        append = ends.append

        def on_match(identifier: int, _begin: int, end: int, *_: object) -> bool | None:
            if identifier < words:
                append((identifier, end))
            elif identifier < exceptions:
                return True  # a case exception: stop the scan
            else:  # a word beginning a field name: the match ends after its underscore
                append((heads[identifier - exceptions], end - 1))
            return None

        try:
            database.scan(data, match_event_handler=on_match, scratch=self._scratch(database))
        except _hyperscan.ScanTerminated:
            return None
        return ends

    def _owning(self, ends: list[tuple[int, int]]) -> set[int]:
        """Return the indexes of the context-required rules owning a word found
        (``(identifier, end)``)."""
        met: set[int] = set()
        for identifier in {identifier for identifier, _ in ends}:
            met |= self._owners[identifier]
        return met & self.required

    def _met(self, text: str) -> set[int]:
        """Return the indexes of the required rules with a word in ``text``."""
        met: set[int] = set()
        positions = self._positions
        if positions is not None:
            met = self._owning(self._ends(positions, text)[1])
        elif self._automaton is not None:
            required = self.required
            for _, indexes in self._automaton.iter(caseless(text)):
                met |= indexes & required
                if len(met) == len(required):
                    break
        return met

    def unmet(self, text: str) -> frozenset[int]:
        """Return the indexes of the context-required rules with no context word in ``text``
        (the scanned text: already normalized)."""
        if not self._required:
            return frozenset()
        return self.required - self._met(text)

    def locate(
        self, text: str, utf8: bytes | None = None
    ) -> tuple[frozenset[int], list[WordSpan] | None]:
        """Return what :meth:`unmet` returns, and where each word of every rule with
        context words is: ``(start, end, owners)`` in ``text``, in order of their ends
        (None: not known yet, or without Hyperscan; ``utf8``: the text as :func:`_utf8`
        encodes it, when the caller has it).

        The places are a superset of where each rule's own word search matches, so
        a value of a context-required rule lies within the rule's window of one of
        them (docs/architecture.md, "Context").
        """
        positions = self._positions
        if positions is None:
            return self.unmet(text), None
        if not self._required and _DIGIT.search(text) is None:
            # The words then only name values written apart, which hold a digit.
            return frozenset(), []
        data, ends = self._ends(positions, text, utf8)
        owners, lengths = self._owners, self._lengths
        met = self._owning(ends)
        # Case folding and lower-casing keep every character's place; the database
        # counts UTF-8 bytes.
        ends.sort(key=_END)
        places = (
            [end for _, end in ends] if len(data) == len(text) else _characters_before(data, ends)
        )
        spans = [
            (place - lengths[identifier], place, owners[identifier])
            for (identifier, _), place in zip(ends, places, strict=True)
        ]
        return self.required - met, spans

    def of_required(self, words: list[WordSpan] | None) -> list[WordSpan] | None:
        """Return the ``words`` (:meth:`locate`'s) that a context-required rule lists: those
        a scan near words, and a table's header, look for."""
        if words is None:
            return None
        required = self._required_owners
        return [word for word in words if word[2] in required]


def _utf8(text: str) -> bytes:
    """Return ``text`` as UTF-8, a lone surrogate as ``?`` (Hyperscan's UTF-8 mode reads
    valid UTF-8 only): one character for one, so places in characters are kept."""
    return text.encode("utf-8", "replace")


def _characters_before(data: bytes, ends: list[tuple[int, int]]) -> list[int]:
    """Return, for each of the sorted byte offsets ``ends`` (character boundaries of the
    UTF-8 ``data``), how many characters come before it."""
    places: list[int] = []
    characters = previous = 0
    for _, end in ends:
        characters += len(data[previous:end].decode("utf-8"))
        previous = end
        places.append(characters)
    return places


class NearbyWords:
    """Which of some context-required rules have a word of theirs near a range of a text.

    A value of such a rule counts only with a word within the rule's window of it
    (:meth:`~engine_core.evaluation.context.Context.distance`), so a scan window none
    of whose rules' words lies within that reach yields nothing that counts: the
    rules sharing a prefilter (phones in every language) are asked once per window,
    by one automaton over all their words, instead of one search each. Plain
    substrings of the lower-cased text: a superset of each rule's own word search.
    """

    def __init__(self, rules: Iterable[CompiledRule]) -> None:
        required = [rule for rule in rules if rule.context is not None and rule.context.required]
        #: The rules asked about: those with required context.
        self.indexes = frozenset(rule.index for rule in required)
        self._reach = max((rule.context.window for rule in required if rule.context), default=0)
        owners = word_owners(required)
        self._automaton: Any = _automaton(owners)
        self._longest = max(map(len, owners), default=0)

    def near(self, text: str, start: int, stop: int) -> set[int]:
        """Return the rules asked about with a word within their reach of ``text[start:stop]``."""
        met: set[int] = set()
        if self._automaton is None:
            return met
        low = max(0, start - self._reach)
        for _, indexes in self._automaton.iter(caseless(text[low : stop + self._reach])):
            met |= indexes
        # A question's word names the value opening its reply, further back: those of the
        # words before the reach that end a question's line followed by a time; and a label
        # the value after a remark in brackets or a leader: those one follows.
        questions = max(0, low - REPLY_AFTER_WORD - self._longest)
        lines = text.find("\n", questions, stop) != -1
        remarks = max(0, start - REMARK_AFTER_WORD - self._longest)
        if not lines and not may_open_remark(text, remarks, low + 5):
            return met  # no remark or leader: nothing further back counts
        far = questions if lines else remarks
        if far < low:
            # To the longest word past the reach's start: a word may cross it.
            for last, indexes in self._automaton.iter(caseless(text[far : low + self._longest])):
                end = far + last + 1
                if not indexes <= met and (
                    (lines and asks_after(text, end))
                    or (end + REMARK_AFTER_WORD > start and remarked_after(text, end))
                ):
                    met |= indexes
        return met


def _edge(char: str) -> bytes:
    """``\\b`` where a word's edge is an ASCII letter, digit or underscore, else nothing."""
    return b"\\b" if char.isascii() and (char.isalnum() or char == "_") else b""


def _head(word: str) -> bytes:
    """Return the pattern of a word's first character and the edge before it: :func:`_edge`,
    and at a letter or digit an underscore before it (``patient_dob``: a superset for every
    word), and for a :func:`~engine_core.evaluation.context.camel_joined` word its capital
    after a small letter, matched with case (``patientDob``; only those words: each such
    head adds to the database's compile time, about a millisecond). A match may start
    before the word: where a word starts is counted back from its end."""
    first = word[0]
    edge = _edge(first)
    if not edge or first == "_":
        return edge + _code_points(first)
    head = b"(?:\\b|_)" + _code_points(first)
    if first.isalpha() and camel_joined(word):
        head = b"(?:" + head + b"|(?-i:[a-z]" + first.upper().encode() + b"))"
    return head


def _code_points(text: str) -> bytes:
    """Return ``text`` as a Hyperscan UTF-8 pattern of its code points, one by one."""
    return "".join(f"\\x{{{ord(char):x}}}" for char in text).encode()


def _literal_database(words: list[str], heads: Sequence[int] = ()) -> Any:
    """Return a Hyperscan database finding every occurrence of each word, without regard
    to case, in UTF-8; or None.

    An ASCII edge asks for an ASCII word boundary (Hyperscan's ``\\b``): "tel" is not
    found inside "hotel"; a word may also start after an underscore or as a capital
    after a small letter (a field name's last part: :func:`_head`). A non-ASCII
    neighbour counts as a boundary, so the search stays a superset of the rule's own
    (Unicode) word-boundary search. Each character of :data:`CASE_EXCEPTION_CHARS` is
    found too, as it is (identifiers after the words'). The words of ``heads`` (their
    indexes) may also begin a field name (``nif_cliente``, ``passportNo``): each is found a
    second time followed by an underscore or a capital, wherever it starts (a
    superset; identifiers after the exceptions', in the order of ``heads``; the match ends
    one byte after the word).
    """
    # Read once: a database compiled on its own thread must not see the module change.
    hyperscan = _hyperscan
    if hyperscan is None:
        return None
    database = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
    exceptions = len(words)
    first_head = exceptions + len(CASE_EXCEPTION_CHARS)
    expressions = [_head(word) + _code_points(word[1:]) + _edge(word[-1]) for word in words]
    expressions += [_code_points(char) for char in CASE_EXCEPTION_CHARS]
    expressions += [_code_points(words[index]) + b"(?:_|(?-i:[A-Z]))" for index in heads]
    caseless_utf8 = hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_CASELESS
    try:
        database.compile(
            expressions=expressions,
            ids=[
                *range(len(words)),
                *range(exceptions, first_head),
                *range(first_head, first_head + len(heads)),
            ],
            flags=[caseless_utf8] * len(words)
            + [hyperscan.HS_FLAG_UTF8 | hyperscan.HS_FLAG_SINGLEMATCH] * len(CASE_EXCEPTION_CHARS)
            + [caseless_utf8] * len(heads),
        )
    except hyperscan.error:  # pragma: no cover - literals always compile
        return None
    return database
