"""Prefilters derived from plain ``regex`` rules: they find every match, and run in Hyperscan.

The invariant (plugins.md, "Prefilters"): every match of a rule's pattern
contains a match of its derived prefilter starting at most ``lead`` into it.
It is checked three ways on random texts built from the patterns' own
matches, near-misses and characters that only Unicode rules admit (other
scripts' digits, the Kelvin sign, the long s): on the prefilter itself as the
``regex`` module reads it, on Hyperscan's hits over the scan bytes, and end
to end (a compiled pack's scan equals a whole-text search of each pattern).
"""

from __future__ import annotations

import functools
from pathlib import Path

import regex
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.anchors import AnchorScanner, accelerable, scan_bytes
from engine_core.licensing.context import CommunityLicense
from engine_core.matching import RegexMatcher
from engine_core.packs.playbook import parse_playbook
from engine_core.prefilter_derivation import (
    DerivedPrefilter,
    barrier_characters,
    derive_prefilter,
    late_start_width,
    left_guard,
)

#: (pattern, flags, a pattern generating its matches or near-misses for the test texts).
PATTERNS: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (r"ORD-[0-9]{6}", (), r"ORD-[0-9]{5,7}"),
    (r"\b[A-Z]{3}-[0-9]{4}\b", (), r"[A-Z]{2,4}-[0-9]{3,5}"),
    (r"(?<![\w-])INV-\d{4}-\d{5}(?![\w-])", (), r"-?INV-[0-9\u0661]{4}-[0-9]{4,6}"),
    (r"\d{3}-\d{2}-\d{4}", (), r"[0-9\u0661\u0967]{3}-[0-9\u0661]{2}-[0-9]{3,4}"),
    (
        r"\b(?:invoice|receipt|refund)\s*(?:no|number|#)\s*[:.]?\s*\d{5,8}\b",
        ("IGNORECASE",),
        r"(?:[Ii\u0130\u0131]nvoice|receipt|re[Ff]und|RECE\u0130PT)"
        r"[ \t]?(?:no|NUMBER|#)[:.]? ?[0-9]{4,9}",
    ),
    (
        r"secret[_-]?key\s*[:=]\s*[A-Za-z0-9]{16,40}",
        ("IGNORECASE",),
        r"(?:[sS\u017f]ecret|SECRET)[_-]?[kK\u212a]ey ?[:=] ?[A-Za-z0-9\u212a]{15,20}",
    ),
    (r"[^\s@]+@[a-z]+\.(?:com|org)", (), r"[a-z.]{1,5}@[a-z]{1,4}\.(?:com|org|co)"),
    (r"(?:ab|cd)+efg", (), r"(?:ab|cd){1,3}ef?g"),
    (r"tok_[a-f0-9]{8}", (), r"tok_[a-f0-9]{7,9}"),
    (r"\bPO\d{8}\b", (), r"PO[0-9\u0661]{7,9}"),
    (r"\d{4}[ -]?\d{4}", ("ASCII",), r"[0-9\u0661]{4}[ -]?[0-9]{4}"),
    (r"k[0-9]{2}s[a-z]{3}", ("IGNORECASE",), r"[kK\u212a][0-9]{2}[sS\u017f][a-zA-Z\u212a]{3}"),
    (r"(?i:ab)C[0-9]{2}-x", (), r"[aA][bB][cC][0-9]{2}-[xX]"),
    (r"x{2,}[0-9]yz", (), r"x{1,4}[0-9]y?z"),
    (r"(?:[A-Z]{2}\d{2}|\d{3}[A-Z])-\d{2}", (), r"(?:[A-Z]{2}[0-9]{2}|[0-9]{3}[A-Z])-[0-9]{1,3}"),
    (r"ORD \- [0-9]{3}  # an order", ("VERBOSE",), r"ORD-[0-9]{2,4}"),
    (r"(a)\1bcd", (), r"a{1,3}bcd"),
    (r"USD ?\d{1,3}(?:,\d{3})*\.\d{2}", (), r"USD ?[0-9]{1,3}(?:,[0-9]{3}){0,2}\.[0-9]{2}"),
    (r"\b\d{1,3}(?:\.\d{1,3}){3}\b", (), r"[0-9]{1,3}(?:\.[0-9]{1,3}){2,3}"),
    (r"(?<=pin: )[0-9]{4}\b", (), r"pin: [0-9]{3,5}"),
    (r"[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,4}", (), r"[A-Z]{2}[0-9]{2}(?: ?[A-Z0-9]{4}){1,4}"),
    (
        r"[0-9](?<![+.].)(?<![^\W\u4E00-\u9FFF].)(?<![0-9]:.)[0-9]{5}",
        (),
        r"[+.:a\u4E00x]?[0-9\u0661]{5,7}",
    ),
    (r"(?i)[^\W\d_]{2}-\d{3}", (), r"[a-zA-Z\u212a\u017f\u00e9]{2}-[0-9]{3}"),
    (r"ticket\s+#\d+", (), r"ticket[ \t\n]{1,2}#[0-9\u0661]{1,3}"),
    # The catalogue's openings, which give a guard (the character before a match).
    (r"[0-9](?<![\w.-].)[0-9]{5}(?![\w])", (), r"[a-z\u00e9\u0416.-]?[0-9\u0661]{5,7}"),
    (
        r"(?:[2-6]|1(?=80))(?<![\w+./].)[0-9]{3}",
        (),
        r"[+./a\u00e9]?(?:[2-6]|1[08])[0-9]{2,4}",
    ),
    (
        r"(?:H(?<![\w-].)R[ ]?[0-9]|[0-9](?<![\w.].))[0-9]{4}",
        ("IGNORECASE",),
        r"[xX\u00e9.-]?(?:[hH]?[rR] ?)?[0-9]{4,6}",
    ),
    (r"(?!19)\b[0-9]{4}\b", (), r"[a-z\u00e9_\u0416]?[0-9]{3,5}"),
    # A look-behind of a negated class (the phone rule's: a CJK character or + may touch).
    (
        r"[+(0-9](?<![^\W\u4E00-\u9FFF+].)[0-9]{3}",
        (),
        r"[a-z\u00e9\u4e2d_+.-]?[+(0-9][0-9]{3,4}",
    ),
    (r"[0-9](?<![^\Wk].)[0-9]{4}", ("IGNORECASE",), r"[kK\u212aa\u00e9-]?[0-9]{4,6}"),
    # Unbounded, and its prefilter's matches ending at one place start at several: the
    # leftmost may fail the look-behind where a later one holds (abxyz_token_1).
    (r"(?<!ab)[a-z]{1,3}_token_[0-9]+", (), r"(?:ab|b)?[a-z]{1,4}_token_[0-9]{1,3}"),
)

NOISE = st.text(
    alphabet="0123456789 -_.:@#$,/\nORDINVabcdefgkosxyzKS\u212a\u017f\u0130\u0131\u0661\u00e9?",
    max_size=12,
)


def _derived(pattern: str, flags: tuple[str, ...]) -> DerivedPrefilter:
    derived = derive_prefilter(pattern, flags)
    assert derived is not None, pattern
    return derived


def _texts(generator: str) -> st.SearchStrategy[str]:
    piece = st.one_of(st.from_regex(generator, fullmatch=True), NOISE)
    return st.lists(piece, max_size=8).map("".join)


def _flag_bits(flags: tuple[str, ...]) -> int:
    bits = 0
    for name in flags:
        bits |= getattr(regex, name)
    return bits


def _matches(pattern: str, flags: tuple[str, ...], text: str) -> list[tuple[int, int]]:
    """Every match the engine could meet: the leftmost-first match at each start."""
    compiled = regex.compile(pattern, _flag_bits(flags))
    return [m.span() for m in compiled.finditer(text, overlapped=True) if m.end() > m.start()]


def _contains_prefilter(derived: DerivedPrefilter, text: str, span: tuple[int, int]) -> bool:
    start, end = span
    prefilter = regex.compile(derived.source)
    last = end - 1 if derived.lead is None else min(end - 1, start + derived.lead)
    return any(prefilter.match(text, at, end) is not None for at in range(start, last + 1))


@functools.cache
def _anchor_scanner(source: str) -> AnchorScanner:
    scanner = AnchorScanner.build([source])
    assert scanner is not None
    return scanner


@functools.cache
def _every_character(start: int = 0) -> str:
    return "".join(chr(code) for code in range(start, 0x110000) if not 0xD800 <= code < 0xE000)


def _hyperscan_covers(derived: DerivedPrefilter, text: str, span: tuple[int, int]) -> bool:
    scanner = _anchor_scanner(derived.source)
    hits = scanner.scan(text, 0, len(text)).get(derived.source, [])
    start, end = span
    limit = end if derived.lead is None else start + derived.lead
    return any(start < hit_end <= end and hit_start <= limit for hit_start, hit_end in hits)


@st.composite
def _case(draw: st.DrawFn) -> tuple[str, tuple[str, ...], str]:
    pattern, flags, generator = draw(st.sampled_from(PATTERNS))
    return pattern, flags, draw(_texts(generator))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_case())
def test_every_match_contains_its_derived_prefilter_within_the_lead(
    case: tuple[str, tuple[str, ...], str],
) -> None:
    pattern, flags, text = case
    derived = _derived(pattern, flags)
    for span in _matches(pattern, flags, text):
        assert _contains_prefilter(derived, text, span), (derived, span)
        assert _hyperscan_covers(derived, text, span), (derived, span)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_case())
def test_no_match_holds_a_barrier_character(case: tuple[str, tuple[str, ...], str]) -> None:
    """A scan window starts after the last barrier character before a hit: no match may
    hold one (docs/architecture.md, "Windows")."""
    pattern, flags, text = case
    barriers = barrier_characters(regex.compile(pattern, _flag_bits(flags)))
    for start, end in _matches(pattern, flags, text):
        assert not barriers & set(text[start:end]), (pattern, text[start:end])


def test_barrier_characters_are_the_printable_ones_no_match_holds() -> None:
    email = barrier_characters(
        regex.compile(r"(?<![\w.])[\w%+-][\w.%+'-]{0,63}@(?:[^\W_][\w-]{0,61}\.){1,8}[a-z]{2,}")
    )
    assert {" ", ":", "<", ">", ",", ";", "/", "("} <= email
    assert not {".", "@", "%", "+", "'", "-", "_", "a", "Z", "7"} & email
    # A negated class holds all but what its parts surely match; a lookaround holds nothing.
    assert barrier_characters(regex.compile(r"[^\W_]+(?=\.)")) == frozenset(
        char for char in map(chr, range(0x20, 0x7F)) if not char.isalnum()
    )
    # Any character at all: no barrier.
    assert barrier_characters(regex.compile(r"id.{1,5}")) == frozenset()
    assert barrier_characters(regex.compile(r"[^x]{3}")) == {"x"}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_case())
def test_the_character_before_every_match_is_in_the_guard(
    case: tuple[str, tuple[str, ...], str],
) -> None:
    """A guard holds the character before each match as the one-pass scanner reads it."""
    pattern, flags, text = case
    guard = left_guard(pattern, flags)
    if guard is None:
        return
    scanned = scan_bytes(text).data.decode("latin-1")
    for start, _ in _matches(pattern, flags, text):
        assert start == 0 or regex.fullmatch(guard, scanned[start - 1]), (guard, text, start)


def test_a_late_start_is_found_as_a_whole_text_search_finds_it() -> None:
    """The one pass reports each end with its leftmost start; an unbounded rule is also
    attempted from the later starts a prefilter match ending there may have."""
    playbook = (
        "pack_id: test.late\nrules:\n  - id: late\n    pattern: '(?<!ab)[a-z]{1,3}_token_[0-9]+'\n"
    )
    engine = Engine.for_pack(parse_playbook(playbook), CommunityLicense())
    text = "see abxyz_token_12 and ab xyz_token_3"
    assert [finding.spans for finding in engine.compiled_pack.scan(text)] == [((7, 18), (26, 37))]
    assert (
        engine.evaluate(text).remedy.clean_text == "see abx[REDACTED_LATE] and ab [REDACTED_LATE]"
    )


def test_a_prefilter_says_whether_its_matches_may_start_late() -> None:
    assert late_start_width("ORD-[0-9]{6}") is None  # one width: one start per end
    assert late_start_width("[0-9]{6,13}", "[^+.0-:A-Z_a-z]") is None  # the guard refuses all
    assert late_start_width("[0-9]{6,13}") == 6
    assert late_start_width("[a-z]{1,3}[_]token", "[^0-9]") == 7  # the guard admits letters
    # Spelled out: no alternative ends another, or one ends another after a guard character.
    assert (
        late_start_width("(?:[Oo][Rr][Dd][Ee][Rr]|[Pp][Ee][Rr][Mm]|[Cc][Aa][Rr][Gg][Oo])") is None
    )
    assert late_start_width("(?:ab|b)x") == 2
    assert late_start_width("(?:ab|b)x", "[^a]") is None


def test_openings_that_give_a_guard() -> None:
    assert left_guard(r"(?<![\w.-])[0-9]{4}") == "[^.0-9A-Z_a-z]"
    assert left_guard(r"\b\d{4}") == "[^0-9A-Z_a-z]"
    assert left_guard(r"[0-9](?<![\w+./].)[0-9]{3}") == "[^+.-9A-Z_a-z]"  # "." to "9" is one range
    assert left_guard(r"(?!00)(?:AB|[0-9](?<![0-9].))[0-9]") is None  # a branch without one
    assert left_guard(r"\b[^x]{3}") is None  # may start with a character that is no word
    assert left_guard(r"[0-9]{4}") is None
    # A negated class refuses what none of its parts could match (case variants included).
    assert left_guard(r"[+(0-9](?<![^\W\u4E00-\u9FFF+].)[0-9]{3}") == "[^0-9A-Z_a-z]"
    assert left_guard(r"[0-9](?<![^\Wk].)[0-9]{4}", ("IGNORECASE",)) == "[^0-9A-JL-Z_a-jl-z]"
    # Look-behinds one after another: what any of them refuses (a card touching CJK).
    assert left_guard(r"[0-9](?<![+.].)(?<![^\W\u4E00-\u9FFF].)[0-9]{3}") == "[^+.0-9A-Z_a-z]"
    assert left_guard(r"[0-9](?<![+.].)(?=[0-9])(?<![a-z].)[0-9]") == "[^+.a-z]"
    assert left_guard(r"[0-9](?<![+.].)(?<![0-9]:.)[0-9]") == "[^+.]"  # a longer one refuses more


def _playbook() -> str:
    lines = ["pack_id: test.derived", "rules:"]
    for index, (pattern, flags, _) in enumerate(PATTERNS):
        quoted = pattern.replace("'", "''")
        lines += [f"  - id: rule_{index}", f"    pattern: '{quoted}'"]
        if flags:
            lines.append(f"    flags: [{', '.join(flags)}]")
    return "\n".join(lines) + "\n"


_ENGINE = Engine.for_pack(parse_playbook(_playbook()), CommunityLicense())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(["see abxyz_token_12"])  # a later start of the prefilter holds the match
@given(st.lists(st.sampled_from(PATTERNS).flatmap(lambda case: _texts(case[2])), max_size=4))
def test_a_pack_of_plain_rules_finds_what_a_whole_text_search_finds(pieces: list[str]) -> None:
    text = " ".join(pieces)
    found = {
        finding.rule.rule_id: list(finding.spans) for finding in _ENGINE.compiled_pack.scan(text)
    }
    for index, (pattern, flags, _) in enumerate(PATTERNS):
        compiled = regex.compile(pattern, _flag_bits(flags))
        expected = [m.span() for m in compiled.finditer(text) if m.end() > m.start()]
        assert found.get(f"rule_{index}", []) == expected, pattern


def test_plain_rules_get_a_prefilter_hyperscan_takes() -> None:
    for rule in _ENGINE.compiled_pack.rules:
        prefilter = rule.matcher.prefilter
        assert prefilter is not None, rule.rule_id
        assert accelerable(prefilter), prefilter
    scanner = AnchorScanner.build(
        [rule.matcher.prefilter or "" for rule in _ENGINE.compiled_pack.rules]
    )
    assert scanner is not None
    assert len(scanner.sources) == len(PATTERNS)


def test_required_literals_and_classes_become_the_prefilter() -> None:
    assert derive_prefilter(r"(?<![\w-])ORD-[0-9]{6}(?![\w-])") == DerivedPrefilter(
        r"ORD[\-][0-9]{6}", 0
    )
    assert derive_prefilter(r"\b[A-Z]{3}-[0-9]{4}\b") == DerivedPrefilter(
        r"[A-Z]{3}[\-][0-9]{4}", 0
    )
    # A literal after a variable-width part: the lead is that part's longest width.
    assert derive_prefilter(r"[a-z]{1,3}_token_[0-9]{2}") == DerivedPrefilter(
        r"[a-z]{1,3}[_]token[_][0-9]{2}", 0
    )
    assert derive_prefilter(r"\d{2,4}@corp\.example") == DerivedPrefilter("[@]corp[.]example", 4)


def test_ignorecase_carries_over_to_the_prefilter() -> None:
    derived = _derived(r"order-ref", ("IGNORECASE",))
    assert regex.search(derived.source, "ORDER-REF") is not None
    assert regex.search(derived.source, "Order-Ref") is not None
    inline = _derived(r"(?i)order-ref", ())
    assert regex.search(inline.source, "oRdEr-rEf") is not None


def test_every_letter_that_folds_outside_ascii_is_still_found() -> None:
    """Under IGNORECASE some letters match a character outside ASCII (the Kelvin sign for
    k): a rule spelled with any letter finds a text spelled with any of its case variants."""
    every_character = _every_character(0x80)
    letters = "abcdefghijklmnopqrstuvwxyz"
    variants = {
        letter: regex.findall(letter, every_character, regex.IGNORECASE) for letter in letters
    }
    assert {letter for letter, found in variants.items() if found} <= set("iks")
    playbook = "pack_id: test.fold\nrules:\n" + "".join(
        f"  - id: {letter}\n    pattern: 'x{letter * 4}y'\n    flags: [IGNORECASE]\n"
        for letter in letters
    )
    engine = Engine.for_pack(parse_playbook(playbook), CommunityLicense())
    for letter, found in variants.items():
        for variant in (*found, letter.upper()):
            text = f"id X{variant * 4}Y end"
            fired = {f.rule.rule_id for f in engine.compiled_pack.scan(text)}
            assert letter in fired, (letter, variant)


def test_categories_admit_every_character_they_match() -> None:
    """``\\d``, ``\\w``, ``\\s`` and their negations: a prefilter admits every character the
    ``regex`` module matches with them (sampled outside ASCII), in Hyperscan and in ``regex``."""
    # Every character below U+0800, and a sample of the rest.
    characters = _every_character()
    universe = characters[:0x800] + characters[0x800::211]
    for category in (r"\d", r"\D", r"\s", r"\S", r"\w", r"\W"):
        for flags in ((), ("ASCII",)):
            pattern = f"QZ{category}{{3}}"
            derived = derive_prefilter(pattern, flags)
            if derived is None:
                continue
            for char in regex.findall(category, universe, _flag_bits(flags)):
                text = f"QZ{char * 3}"
                (span,) = _matches(pattern, flags, text)
                assert _contains_prefilter(derived, text, span), (category, char)
                assert _hyperscan_covers(derived, text, span), (category, char)


def test_patterns_the_parser_cannot_vouch_for_get_no_prefilter() -> None:
    # Fuzzy matching, POSIX classes and possessive Unicode properties are `regex` syntax.
    assert derive_prefilter(r"(?:invoice){e<=1}") is None
    assert derive_prefilter(r"[[:alpha:]]{4}-code") is None
    assert derive_prefilter(r"\p{Lu}{2}-code") is None
    assert derive_prefilter(r"secret", ("FULLCASE", "IGNORECASE")) is None
    # Nothing required that would help: no prefilter rather than a useless one.
    assert derive_prefilter(r"\d+") is None
    assert derive_prefilter(r".{3,9}x") is None
    assert derive_prefilter(r"[a-z]-") is None


def test_a_declared_prefilter_wins_over_a_derived_one() -> None:
    playbook = (
        "pack_id: test.declared\nrules:\n"
        "  - id: order\n    pattern: 'ORD-[0-9]{6}'\n    options: {prefilter: 'ORD-'}\n"
        "  - id: derived\n    pattern: 'INV-[0-9]{6}'\n"
    )
    engine = Engine.for_pack(parse_playbook(playbook), CommunityLicense())
    order, derived = engine.compiled_pack.rules
    assert (order.matcher.prefilter, order.matcher.prefilter_lead) == ("ORD-", None)
    assert (derived.matcher.prefilter, derived.matcher.prefilter_lead) == (r"INV[\-][0-9]{6}", 0)


def test_the_examples_of_plugins_md_are_what_the_derivation_gives() -> None:
    text = (Path(__file__).parents[2] / "plugins.md").read_text(encoding="utf-8")
    section = text.split("**Derived prefilters.**")[1].split("\n\n")[1]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert len(rows) == 4
    for row in rows:
        pattern, source, lead = (cell.strip() for cell in row.strip("|").split(" | "))
        derived = _derived(pattern.strip("`").replace("\\|", "|"), ())
        assert derived.source == source.strip("`").replace("\\|", "|")
        assert str(derived.lead) == lead or (derived.lead is None and lead.startswith("none"))


def _digit_sum_is_even(candidate: str) -> bool:
    return sum(int(char) for char in candidate if char.isdigit()) % 2 == 0


#: Unbounded patterns with a known lead, with and without a check that splits candidates.
NEAR_CASES = (
    RegexMatcher(r"(?<![0-9])[0-9][0-9 -]*[0-9](?![0-9])", prefilter="[0-9]", prefilter_lead=0),
    RegexMatcher(
        r"(?<![0-9])[0-9][0-9 -]*[0-9](?![0-9])",
        validator=_digit_sum_is_even,
        prefilter="[0-9]",
        prefilter_lead=0,
    ),
    RegexMatcher(r"ab? ?#\d+", prefilter="#", prefilter_lead=3),
    RegexMatcher(r"(?:x|yz)?#[a-z]*", prefilter="#", prefilter_lead=2),
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(NEAR_CASES),
    st.text(alphabet="0123456789 -#abxyz\n", max_size=60),
)
def test_attempts_near_hits_find_what_a_whole_range_scan_finds(
    matcher: RegexMatcher, text: str
) -> None:
    """Unbounded rules are attempted only near prefilter hits, with the same spans."""
    assert matcher.prefilter is not None
    assert matcher.prefilter_lead is not None
    hits = [match.start() for match in regex.finditer(matcher.prefilter, text, overlapped=True)]
    near = matcher.find_near(text, hits, matcher.prefilter_lead, 0, len(text))
    assert near == matcher.find(text), text


#: Unbounded patterns with a known lead, some with zero-width tests of the end.
GROWTH_CASES = (
    *NEAR_CASES,
    RegexMatcher(r"\b(?:case|ab)\s*(?:no|#)\s*\d{2,4}\b", prefilter="case|ab", prefilter_lead=0),
    RegexMatcher(r"x?#\s*[a-z]+(?![a-z])", prefilter="#", prefilter_lead=1),
    RegexMatcher(r"#[a-z]+[0-9]", prefilter="#", prefilter_lead=0),
)


@settings(max_examples=300, deadline=None)
@example(GROWTH_CASES[-3], "x ab #1234")  # \b at the end: "a" or a space would change it
@example(GROWTH_CASES[-1], "#abcdefghijk")  # a long attempt with no match yet
@given(
    st.sampled_from(GROWTH_CASES),
    st.text(alphabet="0123456789 -#abcesnoxyz\n", max_size=60),
)
def test_growth_asked_near_hits_is_never_later_than_a_whole_search(
    matcher: RegexMatcher, text: str
) -> None:
    """A stream asks where a match may grow only near prefilter hits and in the tail a
    prefilter match the end cuts could start in: never later than a whole search says."""
    assert matcher.prefilter is not None
    lead = matcher.prefilter_lead
    assert lead is not None
    hits = [match.start() for match in regex.finditer(matcher.prefilter, text, overlapped=True)]
    # The longest prefilter match of these cases is 4 characters (plus one of guard).
    cut = max(0, len(text) - 5 - lead - 1)
    spans = [match.span() for match in matcher.pattern.finditer(text)]
    tail = next((begin for begin, end in spans if begin < cut < end), cut)
    starts = sorted({x for hit in hits for x in range(hit - lead, hit + 2) if 0 <= x < tail})
    near = matcher.growing_start_near(text, starts, tail, 0)
    whole = matcher.growing_start(text, 0)
    assert (len(text) if near is None else near) <= (len(text) if whole is None else whole), text
