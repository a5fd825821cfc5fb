"""Helpers for the streaming tests: values derived from the live pack, texts, chunkings.

Values are not a fixed list: a corpus of candidate identifiers (many formats
per category) is run through the live built-in pack and every whole value it
detects is kept, together with checksum-valid numbers generated here and
strings generated from each regex rule's own pattern. When the pack grows a
rule, the coverage test names any rule none of these values reaches.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import pytest
from hypothesis import assume, currently_in_test_context
from hypothesis import strategies as st
from stdnum import iban, luhn, verhoeff

from engine_core import Engine, StreamChunk
from engine_core.errors import StreamBlockedError
from engine_core.evaluation import CompiledPack
from engine_core.evaluation.verdict import merge, redact
from engine_core.streaming import StreamSession

#: Candidate values, several formats per category of the built-in pack. Only
#: those the live pack detects as a whole are used.
CANDIDATES: tuple[str, ...] = (
    # e-mail
    "jane.doe@example.com",
    "a.b+tag@mail.example.co.uk",
    "x_y-z@sub.domain.org",
    "0@0.AA",
    "jane.doe%40example.com",  # as a URL's query writes it
    "jane.doe [at] example [dot] com",  # spelled out to slip past a filter
    "jane(at)example.com",
    "harry dot patel at sky dot com",  # its @ and dots as bare words
    "juan.perez arroba gmail punto com",
    "jane @ gmail . com",
    # phones, international and national formats
    "+1 415 555 0132",
    "+1-415-555-0132",
    "(415) 555-0132",
    "415-555-0132",
    "+44 20 7946 0958",
    "+44 7700 900123",
    "020 7946 0958",
    "07700 900123",
    "+91 98765 43210",
    "098765 43210",
    "+49 30 901820",
    "030 901820",
    "+33 1 42 68 53 00",
    "01 42 68 53 00",
    # payment cards
    "4111 1111 1111 1111",
    "4111-1111-1111-1111",
    "4111111111111111",
    "5500 0000 0000 0004",
    "378282246310005",
    "4012888888881881",
    # US SSN
    "123-45-6789",
    "078-05-1120",
    "219-09-9999",
    # UK NINO
    "AB 12 34 56 C",
    "AB123456C",
    "QQ 12 34 56 A",
    # India Aadhaar (Verhoeff-valid)
    "2341 2341 2346",
    "4991 1866 5246",
    # IBAN
    "DE89 3704 0044 0532 0130 00",
    "DE89370400440532013000",
    "GB82 WEST 1234 5698 7654 32",
    "GB82WEST12345698765432",
    "FR14 2004 1010 0505 0001 3M02 606",
    # IP addresses
    "192.168.1.20",
    "10.0.0.1",
    "81.2.69.142",
    "2a02:26f0::ff00:42:8329",
    "2a00:1450:4001:0829:0000:0000:0000:200e",
    "fe80::1",
    # postal street addresses
    "221B Baker Street",
    "10 Downing Street",
    "1600 Pennsylvania Avenue NW",
    "742 Evergreen Terrace",
    "350 Fifth Avenue, New York, NY 10118",
    "12 Main St, Springfield, IL 62704",
    "4 Privet Drive",
    "48 Willow Glen, Apt 4B",
    "PO Box 1234, Austin, TX 78701",
    "PSC 1234, Box 12345, APO AE 09204",
    # device, wallet and health identifiers that need no context
    "D0-50-99-84-A2-A0",
    "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "MORGA657054SM9IJ",
    "1EG4-TE5-MK73",
    # India PAN, Singapore NRIC/FIN, Korean RRN, Chinese resident ID (python-stdnum, ICA)
    "ACUPA7085R",
    "S1234567D",
    "971013-9019902",
    "11010519491231002X",
    # Americas, Middle East and Africa: formats strong enough to need no context
    "390.533.447-05",
    "HEGG560427MVZRRL04",
    "7503305044089",
)

#: Values that count only next to a context word: (word, value). The word is written
#: before the value in the sentence that checks the value is detected whole.
CONTEXT_CANDIDATES: tuple[tuple[str, str], ...] = (
    ("IMEI", "490154203237518"),
    ("DOB", "14/03/1985"),
    ("NHS number", "943 476 5919"),
    ("UK passport", "925076473"),
    ("SSN", "536904399"),
    ("ITIN", "912-90-3456"),
    ("passport", "A12345678"),
    ("driver's license", "D1234567"),
    ("account number", "12345678901"),
    ("routing number", "021000021"),
    ("NPI", "1234567893"),
    # Americas, Middle East and Africa
    ("SIN", "123-456-782"),
    ("CPF", "39053344705"),
    ("RFC", "GODE561231GR8"),
    ("DNI", "20.123.456"),
    ("RUT", "76086428-5"),
    ("NIT", "900.206.480-2"),
    ("T.C. Kimlik No", "17291716060"),
    ("ת.ז.", "039337423"),
    ("ID number", "7503305044006"),
    ("paspoort", "A12345678"),
    ("NIN", "12345678901"),
)

#: Words between values, with near-misses that look like the start of a value.
WORDS: tuple[str, ...] = (
    "the",
    "call",
    "me",
    "at",
    "card",
    "number",
    "IBAN",
    "SSN",
    "ref",
    "x",
    "ok",
    "Street",
    "St",
    "Avenue",
    "NY",
    "12",
    "4111",
    "123-45",
    "555",
    "+1",
    "+44",
    "AB",
    "DE89",
    "192.168",
    "::",
    "mail@",
    "@example",
    "example.com",
    "[REDACTED",
    "-",
    "ünïcode",
    "日本",
)
SEPARATORS: tuple[str, ...] = (" ", " ", " ", "  ", "\n", "\t", ", ", ". ", "; ", "-", "/", "")

_ASCII_VALUE_CHARS = st.characters(min_codepoint=32, max_codepoint=126)
_RE_FLAGS = {
    "IGNORECASE": re.IGNORECASE,
    "MULTILINE": re.MULTILINE,
    "DOTALL": re.DOTALL,
    "VERBOSE": re.VERBOSE,
    "ASCII": re.ASCII,
    "UNICODE": re.UNICODE,
}


def _neutral(value: str, context: str = "") -> str:
    return f"note {context} {value} end" if context else f"note {value} end"


def detects_whole(engine: Engine, value: str, context: str = "") -> bool:
    """True when ``value`` in a neutral sentence (after ``context``) is detected exactly, once."""
    text = _neutral(value, context)
    start = text.index(value)
    spans = [
        span
        for finding in engine.compiled_pack.find(text)
        for span in finding.spans
        if span[0] < start + len(value) and span[1] > start
    ]
    return bool(spans) and all(span == (start, start + len(value)) for span in spans)


def rules_detecting(engine: Engine, value: str, context: str = "") -> list[str]:
    """Return the ids of the rules that detect ``value`` in a neutral sentence."""
    return [finding.rule.rule_id for finding in engine.compiled_pack.find(_neutral(value, context))]


def _catalogue_examples() -> list[str]:
    """One example of each catalogue entry whose tests publish examples without context."""
    from random import Random

    from tests.catalogue.detection_support import european_values
    from tests.catalogue.secret_examples import SPECS

    return [
        spec.makers[0](Random(1)) for spec in SPECS.values() if not spec.context and spec.makers
    ] + european_values()


def _generated(seed: int = 7) -> list[str]:
    """Checksum-valid cards, Aadhaar numbers and IBANs in several layouts."""
    rng = random.Random(seed)
    values: list[str] = []
    for prefix, length in (("4", 16), ("51", 16), ("37", 15), ("6011", 16)):
        body = prefix + "".join(rng.choice("0123456789") for _ in range(length - len(prefix) - 1))
        digits = body + luhn.calc_check_digit(body)
        values.append(digits)
        values.append(" ".join(digits[i : i + 4] for i in range(0, len(digits), 4)))
        values.append("-".join(digits[i : i + 4] for i in range(0, len(digits), 4)))
    for _ in range(3):
        body = rng.choice("23456789") + "".join(rng.choice("0123456789") for _ in range(10))
        digits = body + verhoeff.calc_check_digit(body)
        values.append(digits)
        values.append(" ".join(digits[i : i + 4] for i in range(0, 12, 4)))
    for country, bban in (("NL", "ABNA0417164300"), ("ES", "21000418450200051332")):
        check = iban.calc_check_digits(country + "00" + bban)
        number = country + check + bban
        values.append(number)
        values.append(iban.format(number))
    return values


@dataclass
class ValuePool:
    """Values the live pack detects, by rule id."""

    values: list[str]
    by_rule: dict[str, list[str]] = field(default_factory=dict)


@cache
def value_pool() -> ValuePool:
    """Return the candidate and generated values the live built-in pack detects whole."""
    engine = Engine()
    pool = ValuePool([])
    for value in (*CANDIDATES, *_generated(), *_catalogue_examples()):
        if detects_whole(engine, value) and value not in pool.values:
            pool.values.append(value)
            for rule_id in rules_detecting(engine, value):
                pool.by_rule.setdefault(rule_id, []).append(value)
    for context, value in CONTEXT_CANDIDATES:  # a stream of it alone shows no context word
        if detects_whole(engine, value, context):
            for rule_id in rules_detecting(engine, value, context):
                pool.by_rule.setdefault(rule_id, []).append(f"{context} {value}")
    return pool


def _pattern_strategy(
    engine: Engine, pattern: re.Pattern[str], fallback: Sequence[str]
) -> st.SearchStrategy[str]:
    """Strings generated from a rule's pattern; one the pack does not detect whole is
    replaced by a pool value (so no example is filtered away)."""
    generated = st.from_regex(pattern, fullmatch=True, alphabet=_ASCII_VALUE_CHARS)
    return st.tuples(generated, st.sampled_from(fallback)).map(
        lambda pair: pair[0] if len(pair[0]) <= 80 and detects_whole(engine, pair[0]) else pair[1]
    )


@cache
def values_strategy() -> st.SearchStrategy[str]:
    """Detected values of every category: pool values and values from the regex rules."""
    engine = Engine()
    pool = value_pool().values
    branches: list[st.SearchStrategy[str]] = [st.sampled_from(pool)]
    for rule in engine.compiled_pack.rules:
        declaration = rule.declaration
        if declaration.type != "regex":
            continue
        try:  # hypothesis generates from `re` syntax only; skip what it cannot
            flags = 0
            for name in declaration.flags:
                flags |= _RE_FLAGS[name.upper()]
            strategy = _pattern_strategy(engine, re.compile(declaration.pattern, flags), pool)
            strategy.validate()
        except Exception:  # an unsupported pattern just adds no branch
            continue
        branches.append(strategy)
    return st.one_of(branches)


def texts(
    values: st.SearchStrategy[str] | None = None, max_parts: int = 24
) -> st.SearchStrategy[str]:
    """Random texts of words, separators and detected values."""
    part = st.one_of(
        st.sampled_from(WORDS),
        st.sampled_from(SEPARATORS),
        values if values is not None else values_strategy(),
        st.text(alphabet=" \nabc1-@.", max_size=6),
    )
    return st.lists(st.tuples(part, st.sampled_from(SEPARATORS)), max_size=max_parts).map(
        lambda parts: "".join(word + sep for word, sep in parts)
    )


#: Chunk-size sequences (cycled): one character at a time, or random sizes.
chunkings = st.one_of(
    st.just([1]),
    st.lists(st.integers(1, 3), min_size=1, max_size=6),
    st.lists(st.integers(1, 90), min_size=1, max_size=8),
)
lookaheads = st.integers(16, 64)


def pieces(text: str, sizes: Sequence[int]) -> list[str]:
    """Cut ``text`` into pieces whose sizes cycle through ``sizes``."""
    out: list[str] = []
    position = 0
    index = 0
    while position < len(text):
        size = sizes[index % len(sizes)]
        out.append(text[position : position + size])
        position += size
        index += 1
    return out


@dataclass
class StreamRun:
    """What a session released for a text pushed in pieces."""

    chunks: list[StreamChunk]
    blocked: StreamChunk | None
    session: StreamSession

    @property
    def released(self) -> list[str]:
        """Texts of the released (not blocked) chunks."""
        return [chunk.text for chunk in self.chunks if not chunk.blocked]

    @property
    def text(self) -> str:
        """Everything released, concatenated."""
        return "".join(self.released)


def run_stream(
    session: StreamSession, parts: Sequence[str], *, check_refusals: bool = True
) -> StreamRun:
    """Push ``parts`` then flush, stopping at a block (whose refusals are checked)."""
    chunks: list[StreamChunk] = []
    calls: list[Callable[[], list[StreamChunk]]] = [
        (lambda part=part: session.push(part)) for part in parts
    ]
    calls.append(session.flush)
    for call in calls:
        got = call()
        assert all(not chunk.blocked for chunk in got[:-1]), "a blocked chunk must come last"
        assert all(chunk.text or chunk.blocked for chunk in got), "no empty released chunk"
        chunks.extend(got)
        if got and got[-1].blocked:
            blocked = got[-1]
            assert blocked.text == ""
            assert blocked.action.startswith("block")
            if check_refusals:
                for refused in (lambda: session.push("more text "), session.flush):
                    with pytest.raises(StreamBlockedError) as caught:
                        refused()
                    assert (caught.value.action, caught.value.reason) == (
                        blocked.action,
                        blocked.reason,
                    )
            return StreamRun(chunks, blocked, session)
    assert session.state == "completed"
    return StreamRun(chunks, None, session)


def assert_streams_as_evaluated(engine: Engine, text: str, size: int, value: str) -> None:
    """Stream ``text`` in pieces of ``size`` characters: it releases evaluate's clean text,
    without ``value``, no value released and no token split."""
    pieces = [text[at : at + size] for at in range(0, len(text), size)]
    run = run_stream(engine.stream_session(block_on_fatal=False), pieces)
    assert run.blocked is None
    assert run.text == engine.evaluate(text).remedy.clean_text
    assert value not in run.text
    exp = expected(engine.compiled_pack, text)
    assert_no_value_released(text, exp, run.released)
    assert_no_split(run.released, exp.tokens)


@dataclass
class Expected:
    """The full-text view of a text: every value and the output with each value replaced."""

    output: str
    values: list[tuple[int, int]]
    tokens: list[tuple[int, int]]
    fatal: bool

    def value_texts(self, text: str) -> set[str]:
        """The distinct detected values."""
        return {text[start:end] for start, end in self.values}


def propagated_backwards(compiled: CompiledPack, text: str) -> bool:
    """True when evaluation redacts an occurrence of a value that comes before any
    occurrence the rules find themselves: the one case a stream, which cannot see
    ahead, releases differently (docs/architecture.md, "Streaming")."""
    first: dict[str, int] = {}
    for finding in compiled.find(text, propagate=False):
        for start, end in finding.spans:
            first[text[start:end]] = min(first.get(text[start:end], start), start)
    return any(
        start < first.get(text[start:end], start)
        for finding in compiled.find(text)
        for start, end in finding.spans
    )


def expected(compiled: CompiledPack, text: str) -> Expected:
    """Return the redact-everything output of ``text`` with the output span of each token.

    Texts where evaluation propagates a value backwards are assumed away (see
    :func:`propagated_backwards`); ``test_no_bypass`` checks that case on its own.
    """
    if currently_in_test_context():
        assume(not propagated_backwards(compiled, text))
    findings = compiled.find(text)
    merged = merge(findings)
    tokens: list[tuple[int, int]] = []
    out_position = 0
    previous = 0
    for start, end, rule in merged:
        out_position += start - previous
        token = rule.remedy.replace(text[start:end], rule.category)
        tokens.append((out_position, out_position + len(token)))
        out_position += len(token)
        previous = end
    values = [span for finding in findings for span in finding.spans]
    fatal = any(finding.rule.severity == "FATAL" for finding in findings)
    return Expected(redact(text, merged), values, tokens, fatal)


def boundaries(released: Sequence[str]) -> list[int]:
    """Output offsets between consecutive released chunks."""
    offsets: list[int] = []
    position = 0
    for piece in released[:-1]:
        position += len(piece)
        offsets.append(position)
    return offsets


def assert_no_split(released: Sequence[str], tokens: Sequence[tuple[int, int]]) -> None:
    """No boundary between released chunks falls strictly inside a redaction token."""
    for boundary in boundaries(released):
        for start, end in tokens:
            assert not start < boundary < end, "a redaction token was split across chunks"


def assert_no_value_released(text: str, exp: Expected, released: Sequence[str]) -> None:
    """No released chunk contains a detected value (unless clean output has it anyway)."""
    leaked = [
        value
        for value in exp.value_texts(text)
        if value not in exp.output and any(value in piece for piece in released)
    ]
    assert not leaked, f"{len(leaked)} detected value(s) appeared in released text"
