"""Helpers for rule types built on a regular expression: the standard options, their
validation, and a validator-backed rule type in one call.

The built-in rule types are made with these helpers, and a third party's rule
type gets them the same way (docs/architecture.md, "The rule-type contract";
``plugins.md`` has a complete example).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .matching import RegexMatcher, pattern_problems
from .model import RuleDeclaration
from .options import Option
from .prefilter_derivation import derive_prefilter, first_characters, left_guard
from .registries import RuleType

__all__ = [
    "PREFILTER_OPTIONS",
    "regex_matcher",
    "regex_rule_problems",
    "validated_regex_type",
]

#: The options every regex-backed rule accepts (see plugins.md, "Prefilters").
PREFILTER_OPTIONS: tuple[Option, ...] = (
    Option(
        "prefilter",
        str,
        "A regular expression every match contains; texts without it skip the rule.",
    ),
    Option(
        "prefilter_lead",
        int,
        "How far into a match its prefilter match may start, at most (0: at its start).",
        minimum=0,
    ),
    Option(
        "prefilter_anchor",
        str,
        "The one pass's own form of the prefilter, led by the character before the match "
        "(or the text's start): a stricter guard before some alternatives. Lead 0 only.",
    ),
)


def regex_rule_problems(rule: RuleDeclaration) -> list[str]:
    """Return the problems of a regex-backed rule: its pattern, flags, prefilter and lead."""
    problems = pattern_problems(rule.id, rule.pattern, rule.flags)
    prefilter = rule.options.get("prefilter")
    if isinstance(prefilter, str):
        problems.extend(
            problem.replace("pattern:", "options.prefilter:")
            for problem in pattern_problems(rule.id, prefilter)
        )
    if "prefilter_lead" in rule.options and prefilter is None:
        problems.append(
            f"rule {rule.id!r}: options.prefilter_lead: needs options.prefilter "
            "(the lead is measured to its match)"
        )
    anchor = rule.options.get("prefilter_anchor")
    if isinstance(anchor, str):
        problems.extend(
            problem.replace("pattern:", "options.prefilter_anchor:")
            for problem in pattern_problems(rule.id, anchor)
        )
        if prefilter is None or rule.options.get("prefilter_lead") != 0:
            problems.append(
                f"rule {rule.id!r}: options.prefilter_anchor: needs options.prefilter with "
                "options.prefilter_lead 0 (the anchor starts just before the match)"
            )
    return problems


def regex_matcher(
    rule: RuleDeclaration,
    *,
    validator: Callable[[str], bool] | None = None,
    default_prefilter: str | None = None,
    matcher_class: type[RegexMatcher] = RegexMatcher,
) -> RegexMatcher:
    """Return the matcher of a valid regex-backed rule, its options applied.

    A rule with no prefilter (declared or the type's default) gets one derived
    from its pattern when that is sure (plugins.md, "Prefilters"), unless the
    matcher class finds spans its own way.
    """
    prefilter = rule.options.get("prefilter", default_prefilter)
    lead = rule.options.get("prefilter_lead")
    if prefilter is None and matcher_class.find is RegexMatcher.find:
        derived = derive_prefilter(rule.pattern, rule.flags)
        if derived is not None:
            prefilter, lead = derived.source, derived.lead
    # A guard says which characters precede a match: only sound when every span
    # starts where a pattern match starts (docs/architecture.md, "Prefilters").
    guard = left_guard(rule.pattern, rule.flags) if matcher_class.window_safe else None
    return matcher_class(
        rule.pattern,
        flags=rule.flags,
        validator=validator,
        prefilter=prefilter or None,
        prefilter_lead=lead,
        prefilter_guard=guard if lead == 0 else None,
        prefilter_anchor=rule.options.get("prefilter_anchor"),
        starts_with=first_characters(rule.pattern, rule.flags),
        rule_id=rule.id,
    )


def validated_regex_type(
    name: str,
    validator: Callable[[str], bool] | None,
    description: str,
    *,
    default_prefilter: str | None = None,
    matcher_class: type[RegexMatcher] = RegexMatcher,
    options: Sequence[Option] = (),
) -> RuleType:
    """Return a rule type whose pattern finds candidates and ``validator`` keeps the real ones.

    ``default_prefilter`` applies to rules that declare no ``prefilter``
    option (``r"\\d"`` for numbers); ``options`` adds to :data:`PREFILTER_OPTIONS`.
    """

    def compile_rule(rule: RuleDeclaration) -> RegexMatcher:
        return regex_matcher(
            rule,
            validator=validator,
            default_prefilter=default_prefilter,
            matcher_class=matcher_class,
        )

    return RuleType(
        name=name,
        validate=regex_rule_problems,
        compile=compile_rule,
        description=description,
        options=(*PREFILTER_OPTIONS, *options),
    )
