"""Streaming over compiled packs (block and redact rules) and plugin rule types."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from streaming_support import (
    assert_no_split,
    assert_no_value_released,
    chunkings,
    expected,
    lookaheads,
    pieces,
    run_stream,
    texts,
)

from engine_core import Engine
from engine_core.errors import StreamBlockedError
from engine_core.licensing.context import CommunityLicense
from engine_core.matching import Matcher
from engine_core.model import RuleDeclaration
from engine_core.packs.playbook import parse_playbook
from engine_core.plugins import get_registries, hookimpl, make_plugin_manager, use_plugin_manager
from engine_core.registries import RuleType

#: Rules chosen for what can go wrong in a stream: a validated pattern whose
#: rejected candidates hide values (``1 4111 ...``), optional suffixes, a long
#: optional tail, look-behind, overlapping rules, and tests of the text's end.
PLAYBOOK = r"""
pack_id: test.streaming
actions:
  block: block_payment
  redact: scrub
rules:
  - id: card
    type: luhn_checksum
    action: block
    law: PCI-DSS
    pattern: '(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])'
  - id: zip
    pattern: '\b\d{5}(?:-\d{4})?\b'
  - id: order-id
    pattern: 'ORD-\d{6}'
  - id: address
    category: street
    pattern: '\d+ Main St(?:reet)?(?:, [A-Za-z ]{1,40}, [A-Z]{2} \d{5})?'
  - id: pin
    pattern: '(?<=pin: )\d{4}\b'
  - id: key
    pattern: 'key-[a-z]+'
  - id: token
    pattern: '[a-z]+-token'
  - id: code
    pattern: '(?<!\S)code\d+(?!\S)'
"""

PACK_VALUES = (
    "4111 1111 1111 1111",
    "4111-1111-1111-1111",
    "1 4111 1111 1111 1111",
    "1 4111111111111111",
    "12345",
    "12345-6789",
    "ORD-123456",
    "12 Main St",
    "12 Main Street, Some Long City Name, IL 62704",
    "pin: 1234",
    "key-abc",
    "abc-token",
    "key-abc-token",
    "code12",
)
PACK_WORDS = st.sampled_from(
    ("1", "12", "4111", "1111", "ORD-", "ORD-12", "Main", "St", ", IL", "pin:", "key-", "-token")
)


@pytest.fixture(scope="module")
def pack_engine() -> Engine:
    return Engine.for_pack(parse_playbook(PLAYBOOK), CommunityLicense())


pack_texts = texts(st.one_of(st.sampled_from(PACK_VALUES), PACK_WORDS), max_parts=20)


@example(  # the second card only a verbatim occurrence of the first: no cut inside it
    text="the the the 4111 1111 1111 1111 4111 1111 1111 1111-the 4111 1111 1111 1111 ",
    sizes=[1],
    lookahead=16,
)
@given(text=pack_texts, sizes=chunkings, lookahead=lookaheads)
def test_compiled_pack_redacts_block_rules_when_not_blocking(
    pack_engine: Engine, text: str, sizes: list[int], lookahead: int
) -> None:
    """block_on_fatal false: a block rule's value is redacted and every invariant holds."""
    session = pack_engine.stream_session(lookahead_chars=lookahead, block_on_fatal=False)
    run = run_stream(session, pieces(text, sizes))
    exp = expected(pack_engine.compiled_pack, text)
    assert run.blocked is None
    assert run.text == exp.output
    result = pack_engine.evaluate(text)
    if not exp.fatal:  # no block rule fired: evaluate's clean_text is the same text
        assert run.text == result.remedy.clean_text
    assert_no_split(run.released, exp.tokens)
    assert_no_value_released(text, exp, run.released)


@given(text=pack_texts, sizes=chunkings, lookahead=lookaheads)
def test_compiled_pack_blocks_exactly_when_a_block_rule_fires(
    pack_engine: Engine, text: str, sizes: list[int], lookahead: int
) -> None:
    """block_on_fatal true: the stream blocks iff evaluate withholds the text."""
    result = pack_engine.evaluate(text)
    run = run_stream(pack_engine.stream_session(lookahead_chars=lookahead), pieces(text, sizes))
    exp = expected(pack_engine.compiled_pack, text)
    assert (run.blocked is not None) == result.blocked
    if run.blocked is None:
        assert run.text == result.remedy.clean_text
    else:
        assert (run.blocked.action, run.blocked.reason) == (result.action, result.reason)
        assert exp.output.startswith(run.text)
    assert_no_split(run.released, exp.tokens)
    assert_no_value_released(text, exp, run.released)


@pytest.mark.parametrize(
    "text",
    [
        "lead words 1 4111 1111 1111 1111 and then some more trailing words here",
        "lead words 1 4111111111111111 and then some more trailing words here",
        "lead words 12 Main St, Some Long City Name, IL 62704 and trailing words here",
        "lead words pin: 1234 then 12345-6789 then code12 and trailing words here",
        "lead words key-abc-token 4111 1111 1111 1111 and trailing words here",
    ],
)
def test_compiled_pack_at_every_two_piece_split(pack_engine: Engine, text: str) -> None:
    """A scan that ends at any position never releases a different text (smallest lookahead)."""
    exp = expected(pack_engine.compiled_pack, text)
    for split in range(1, len(text)):
        session = pack_engine.stream_session(lookahead_chars=16, block_on_fatal=False)
        run = run_stream(session, [text[:split], text[split:]])
        assert run.text == exp.output, f"split at {split}"


# --- plugin rule types that cannot tell growth ------------------------------------


class HeldKeywordMatcher(Matcher):
    """Whole-word keywords; says nothing about growth (optionally declares a window)."""

    can_tell_growth = False

    def __init__(self, words: list[str], growth_window: int | None = None) -> None:
        self.regex = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, words)) + r")(?!\w)")
        if growth_window is not None:
            self.growth_window = growth_window
        self.growth_calls = 0

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
        stop = len(text) if end is None else end
        return [match.span() for match in self.regex.finditer(text, start, stop)]

    def growing_start(self, text: str, start: int = 0) -> int | None:
        self.growth_calls += 1
        raise AssertionError("a matcher that cannot tell growth must not be asked")


def _rule_type(name: str, window: int | None) -> RuleType:
    def validate(rule: RuleDeclaration) -> list[str]:
        return [] if rule.pattern else [f"rule {rule.id!r}: pattern: needs keywords"]

    def compile_rule(rule: RuleDeclaration) -> HeldKeywordMatcher:
        return HeldKeywordMatcher(rule.pattern.split("|"), window)

    return RuleType(name=name, validate=validate, compile=compile_rule)


class HeldKeywordPlugin:
    """A third-party plugin registering the two test rule types."""

    @staticmethod
    @hookimpl
    def engine_register_rule_types(register: Callable[[RuleType], None]) -> None:
        register(_rule_type("held_keyword", None))
        register(_rule_type("windowed_keyword", 40))


PLUGIN_PLAYBOOK = """
pack_id: test.held
rules:
  - id: codename
    type: {type}
    pattern: 'bluebird|red falcon'
    action: {action}
  - id: email
    pattern: '[a-z]+@example[.]com'
"""


@pytest.fixture(scope="module")
def plugin_registries() -> Iterator[object]:
    manager = make_plugin_manager(autoload=False)
    manager.register(HeldKeywordPlugin, name="held_keyword_test")
    with use_plugin_manager(manager):
        yield get_registries(manager)


def _plugin_engine(registries: object, rule_type: str, action: str = "redact") -> Engine:
    playbook = PLUGIN_PLAYBOOK.format(type=rule_type, action=action)
    declaration = parse_playbook(playbook, registries)  # type: ignore[arg-type]
    return Engine.for_pack(declaration, CommunityLicense(), registries)  # type: ignore[arg-type]


PLUGIN_TEXT = (
    "the bluebird flies at dawn; write to ann@example.com about red falcon "
    "and then a long tail of plain words keeps the stream going for a while "
) * 3


def test_rule_that_cannot_tell_growth_holds_everything_until_flush(
    plugin_registries: object,
) -> None:
    engine = _plugin_engine(plugin_registries, "held_keyword")
    session = engine.stream_session(lookahead_chars=16)
    for character in PLUGIN_TEXT:
        assert session.push(character) == []
    chunks = session.flush()
    assert "".join(chunk.text for chunk in chunks) == engine.evaluate(PLUGIN_TEXT).remedy.clean_text
    matcher = engine.compiled_pack.rules[0].matcher
    assert isinstance(matcher, HeldKeywordMatcher)
    assert matcher.growth_calls == 0


def test_rule_that_cannot_tell_growth_blocks_at_flush(plugin_registries: object) -> None:
    engine = _plugin_engine(plugin_registries, "held_keyword", action="block")
    session = engine.stream_session()
    assert session.push(PLUGIN_TEXT) == []
    (blocked,) = session.flush()
    result = engine.evaluate(PLUGIN_TEXT)
    assert blocked.blocked
    assert (blocked.action, blocked.reason) == (result.action, result.reason)
    with pytest.raises(StreamBlockedError):
        session.flush()


@given(sizes=chunkings, lookahead=lookaheads)
def test_rule_with_a_declared_window_releases_early_and_correctly(
    plugin_registries: object, sizes: list[int], lookahead: int
) -> None:
    engine = _plugin_engine(plugin_registries, "windowed_keyword")
    session = engine.stream_session(lookahead_chars=lookahead)
    early: list[str] = []
    for piece in pieces(PLUGIN_TEXT, sizes):
        early.extend(chunk.text for chunk in session.push(piece))
    released = "".join(early) + "".join(chunk.text for chunk in session.flush())
    assert released == engine.evaluate(PLUGIN_TEXT).remedy.clean_text
    # A fast stream lags at most half of what it received (SCAN_WAIT_SHARE), plus what the
    # lookahead and the rule's window hold back.
    assert len("".join(early)) > len(PLUGIN_TEXT) // 3


def test_sample_keyword_plugin_streams(plugin_registries: object) -> None:
    """The sample third-party plugin (tests/plugins) can tell growth and streams correctly."""
    keywords = pytest.importorskip("engine_pack_keywords")
    manager = make_plugin_manager(autoload=False)
    manager.register(keywords, name="engine_pack_keywords_test")
    registries = get_registries(manager)
    playbook = """
pack_id: test.keywords
rules:
  - id: codenames
    type: keyword_list
    pattern: 'bluebird|red falcon'
    action: mask
"""
    engine = Engine.for_pack(parse_playbook(playbook, registries), CommunityLicense(), registries)
    for size in (1, 3, 17):
        session = engine.stream_session(lookahead_chars=16)
        run = run_stream(session, pieces(PLUGIN_TEXT, [size]))
        assert run.text == engine.evaluate(PLUGIN_TEXT).remedy.clean_text


def test_held_back_stream_still_blocks_early_on_a_fatal_value(plugin_registries: object) -> None:
    """A rule that cannot tell growth holds text back, yet a card blocks before flush."""
    playbook = PLUGIN_PLAYBOOK.format(type="held_keyword", action="redact") + (
        "  - id: card\n"
        "    type: luhn_checksum\n"
        "    action: block\n"
        "    pattern: '(?<![0-9-])(?:[0-9][ -]?){12,18}[0-9](?![0-9-])'\n"
    )
    registries = plugin_registries
    declaration = parse_playbook(playbook, registries)  # type: ignore[arg-type]
    engine = Engine.for_pack(declaration, CommunityLicense(), registries)  # type: ignore[arg-type]
    text = "card 4111 1111 1111 1111 then " + PLUGIN_TEXT * 2
    session = engine.stream_session()
    chunks = []
    for character in text:
        chunks.extend(session.push(character))
        if session.blocked:
            break
    assert session.blocked
    assert [chunk.blocked for chunk in chunks] == [True]
    assert session.received_chars < len(text) // 2
