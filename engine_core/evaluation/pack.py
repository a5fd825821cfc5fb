"""A compiled pack: a validated declaration, its compiled rules, their scanner and its actions."""

from __future__ import annotations

from collections.abc import Sequence

from .. import deadline
from ..constants import DEFAULT_ACTIONS
from ..matching import DEFAULT_MATCH_TIMEOUT_S, Span
from ..model import PackDeclaration, RuleDeclaration
from ..normalization import NormalizedView, normalized_view
from ..plugins import PluginRegistries
from .columns import Columns, Table, in_view, may_hold_insert
from .context_words import ContextWords, WordSpan
from .labelled_runs import LabelledRuns
from .resolution import propagate_verbatim, resolve
from .rules import CompiledRule, Finding, compile_rules
from .scanning import NEAR_WORDS_FROM, STREAM_NEAR_WORDS_FROM, Scanner, StreamCandidates
from .segments import may_hold_segments
from .verdict import Verdict, decide

__all__ = ["CompiledPack"]


class CompiledPack:
    """A validated declaration with every rule (its own and imported ones) compiled.

    ``rules`` are the declarations the pack runs, in order: the declaration's
    own and those its ``codons``/``hard_rules`` import (see
    :func:`engine_core.packs.playbook.effective_rules`).
    """

    def __init__(
        self,
        declaration: PackDeclaration,
        rules: Sequence[RuleDeclaration],
        registries: PluginRegistries,
        *,
        match_timeout_s: float = DEFAULT_MATCH_TIMEOUT_S,
    ) -> None:
        self.declaration = declaration
        self.pack_id = declaration.pack_id
        self.actions = {**DEFAULT_ACTIONS, **declaration.actions}
        self.allow_action = declaration.default_action or self.actions["allow"]
        self.rules: tuple[CompiledRule, ...] = compile_rules(rules, registries, match_timeout_s)
        self._scanner = Scanner(self.rules, match_timeout_s)
        self._context_words = ContextWords(self.rules)
        #: The reader of tables whose header cells name context-required rules.
        self.columns = Columns(self.rules)
        #: Values written apart right after their label.
        self.labelled = LabelledRuns(self.rules)

    def wait_background(self, timeout: float | None = None) -> bool:
        """Wait until the databases compiled on threads of their own exist (a scan needs
        none of them, but is faster with them); True when they do, or never will."""
        return self._scanner.wait_joined(timeout) and self._context_words.wait_located(timeout)

    def context_word_places(self, text: str) -> list[WordSpan] | None:
        """Return where the context-required rules' words are in ``text`` (found in its
        normalized view: a superset of each rule's own word search), or None while that is
        not known."""
        view = normalized_view(text)
        words = self._context_words.locate(text if view is None else view.text)[1]
        return _in_original(self._context_words.of_required(words), view)

    @property
    def can_tell_growth(self) -> bool:
        """True when every rule can say where a growing match starts."""
        return all(rule.matcher.can_tell_growth for rule in self.rules)

    def scan(
        self, text: str, start: int = 0, end: int | None = None, encoded: bytes | None = None
    ) -> list[Finding]:
        """Return, in rule order, every span each rule's matcher finds in ``text[start:end]``.

        The raw matches, before context and before normalization: what windowed
        scanning must reproduce exactly. ``encoded`` is ``scan_bytes(text).data``.
        """
        return self._scanner.find(text, start, end, encoded)

    @property
    def one_pass_rules(self) -> frozenset[int]:
        """The indexes of the rules whose prefilter the one pass searches."""
        return self._scanner.served

    def locate_words(self, text: str) -> tuple[frozenset[int], list[WordSpan] | None]:
        """Return the context-required rules with no word in ``text``, and where the words
        are (None while not known): one pass that a stream's scan shares."""
        return self._context_words.locate(text)

    def stream_candidates(
        self,
        text: str,
        start: int,
        located: tuple[frozenset[int], list[WordSpan] | None],
        skippable: frozenset[int] = frozenset(),
        skipped_reach: int | None = None,
    ) -> StreamCandidates:
        """Return what a stream's scan of ``text[start:]`` needs from the one prefilter pass
        (``located``: :meth:`locate_words` of ``text``); rules in ``skippable`` are not run
        when they need context words ``text`` lacks, and their prefilters are searched only
        in the last ``skipped_reach`` characters (when given) where no other rule needs them."""
        if not skippable:
            return self._scanner.stream_candidates(text, start, frozenset(), skipped_reach)
        unmet, words = located
        if len(text) - start < STREAM_NEAR_WORDS_FROM:
            words = None  # a short scan reads its whole text
        else:
            words = self._context_words.of_required(words)
        return self._scanner.stream_candidates(text, start, unmet & skippable, skipped_reach, words)

    def find(
        self, text: str, encoded: bytes | None = None, *, propagate: bool = True
    ) -> list[Finding]:
        """Return, in rule order, what the pack reports in ``text``: matches on its
        normalized view, context applied, each value once, every occurrence of it
        (``propagate`` false: only the occurrences the rules find themselves)."""
        ends_by = deadline.current()
        # The text as UTF-8, encoded once for the fold's check and the context words' pass
        # (an ASCII text's scan bytes are its UTF-8).
        if text.isascii():
            utf8 = encoded
        else:
            utf8 = text.encode("utf-8", "replace") if len(text) >= NEAR_WORDS_FROM else None
        view = normalized_view(text, utf8)
        scanned = text if view is None else view.text
        # A long text's context-only rules may be searched near their words alone; a text of
        # several lines may hold a table, whose header lines hold words.
        lines = self.columns.active and "\n" in text
        # Where the words are: for the scan near them, a table's header cells, and the labels
        # of values written apart (located in one pass; None while that database compiles).
        skip, words = self._context_words.locate(scanned, utf8 if view is None else None)
        required_words = self._context_words.of_required(words)
        # Values under a table's header cells (none where no context-required rule has a
        # word in the text: no header cell can name one); one line is a table's only as an
        # SQL INSERT, looked for only then. A record segment's fields are named by their
        # place, whatever words the text holds.
        columns = None
        segmented = self.columns.active and may_hold_segments(text, utf8)
        if segmented or (
            self.columns.active
            and skip != self._context_words.required
            and (lines or may_hold_insert(text))
        ):
            columns = self.columns.read(
                text, words=_in_original(required_words, view), segments=segmented
            )
            if view is not None:
                columns = in_view(columns, view)
        found = self._scanner.find(
            scanned,
            0,
            None,
            encoded if view is None else None,
            skip,
            contextual=True,
            words=required_words if len(scanned) >= NEAR_WORDS_FROM else None,
        )
        if self.labelled.wanted(skip):
            found = with_spans(
                found,
                self.labelled.values(scanned, words, skip, found),
                self.rules,
            )
        tables: Sequence[Table] = ()
        if columns is not None:
            found, tables = columns.applied(found, self.rules)
        findings = resolve(scanned, found, tables)
        if view is not None:
            findings = [
                Finding(
                    finding.rule,
                    tuple(view.original_span(start, end) for start, end in finding.spans),
                )
                for finding in findings
            ]
        deadline.check(ends_by)
        return propagate_verbatim(text, findings, encoded=encoded) if propagate else findings

    def with_labelled(
        self,
        text: str,
        start: int,
        findings: Sequence[Finding],
        final: bool,
        located: tuple[frozenset[int], list[WordSpan] | None],
    ) -> tuple[list[Finding], int | None]:
        """Return a stream scan's ``findings`` in ``text`` (from ``start``) with the values
        written apart after their labels, and where a run after a label that more text
        could extend begins (None: none, or ``final``; ``located``: :meth:`locate_words`)."""
        skip, words = located
        if not self.labelled.wanted(skip):
            return list(findings), None
        values = self.labelled.values(text, words, skip, findings, start)
        hold = None if final else self.labelled.growing_start(text, words, skip, start)
        return with_spans(findings, values, self.rules), hold

    def growing_start(self, text: str, start: int = 0) -> int | None:
        """Return the earliest start of a match any rule could still grow, or None."""
        positions = [rule.matcher.growing_start(text, start) for rule in self.rules]
        return min((position for position in positions if position is not None), default=None)

    def decide(self, text: str, encoded: bytes | None = None) -> Verdict:
        """Evaluate ``text`` and return the verdict (no timing or license fields)."""
        findings = self.find(text, encoded=encoded)
        deadline.check(deadline.current())
        return decide(text, findings, self.actions, self.allow_action)


def with_spans(
    findings: Sequence[Finding], more: dict[int, list[Span]], rules: Sequence[CompiledRule]
) -> list[Finding]:
    """Return ``findings`` in rule order with the spans of ``more`` (by rule index) added."""
    if not more:
        return list(findings)
    spans = {finding.rule.index: list(finding.spans) for finding in findings}
    for index, added in more.items():
        spans.setdefault(index, []).extend(added)
    return [Finding(rules[index], tuple(sorted(spans[index]))) for index in sorted(spans)]


def _in_original(
    words: list[WordSpan] | None, view: NormalizedView | None
) -> list[WordSpan] | None:
    """Return ``words`` (places in ``view``) as places in the original text."""
    if words is None or view is None:
        return words
    return [(*view.original_span(start, end), owners) for start, end, owners in words]
