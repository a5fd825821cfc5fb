"""Every verbatim occurrence of a reported value is reported, overlapping ones too."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.evaluation.resolution import MIN_PROPAGATED_CHARS, propagate_verbatim
from engine_core.evaluation.rules import CompiledRule, Finding

RULES = Engine().compiled_pack.rules[:3]


def _expected(text: str, findings: list[Finding], start: int) -> dict[int, set[tuple[int, int]]]:
    """Each rule's spans, and every occurrence from ``start`` of each value of six characters
    or more, given to the first rule that reported it."""
    spans = {finding.rule.index: set(finding.spans) for finding in findings}
    owners: dict[str, CompiledRule] = {}
    for finding in findings:
        for begin, end in finding.spans:
            if end - begin >= MIN_PROPAGATED_CHARS:
                owners.setdefault(text[begin:end], finding.rule)
    for value, rule in owners.items():
        for position in range(start, len(text)):
            if text.startswith(value, position):
                spans[rule.index].add((position, position + len(value)))
    return spans


@st.composite
def _cases(draw: st.DrawFn) -> tuple[str, list[Finding], int]:
    text = draw(st.text(st.sampled_from("ab.1 "), max_size=60))
    findings = []
    for rule in draw(
        st.lists(st.sampled_from(RULES), unique_by=lambda rule: rule.index, max_size=3)
    ):
        spans = set()
        for _ in range(draw(st.integers(0, 3))):
            if len(text) < 2:
                break
            begin = draw(st.integers(0, len(text) - 2))
            spans.add((begin, draw(st.integers(begin + 1, min(len(text), begin + 12)))))
        findings.append(Finding(rule, tuple(sorted(spans))))
    findings.sort(key=lambda finding: finding.rule.index)
    return text, findings, draw(st.integers(0, len(text)))


@settings(max_examples=400, deadline=None)
@given(case=_cases())
def test_every_occurrence_of_a_value_is_reported(case: tuple[str, list[Finding], int]) -> None:
    """Repeated, overlapping (``1.1.1.1.1``) and already found occurrences alike."""
    text, findings, start = case
    reported = {
        finding.rule.index: set(finding.spans)
        for finding in propagate_verbatim(text, findings, start=start)
    }
    assert reported == _expected(text, findings, start)


def test_a_value_repeated_inside_itself_is_reported_at_every_start() -> None:
    text = "1.1.1.1.1.1 and 1.1.1.1"
    finding = Finding(RULES[0], ((16, 23),))
    (result,) = propagate_verbatim(text, [finding])
    assert result.spans == ((0, 7), (2, 9), (4, 11), (16, 23))
