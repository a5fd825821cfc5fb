"""Built-in rule types: ``regex`` and the checksum-validated types.

A checksum type finds candidates with the rule's pattern, strips the
separators (spaces, dashes, dots) and keeps a candidate only when its
checksum passes. Checksums come from python-stdnum.
"""

from __future__ import annotations

from collections.abc import Callable

from stdnum import iban as stdnum_iban
from stdnum import luhn, verhoeff

from engine_core.matching import RegexMatcher, pattern_problems
from engine_core.model import RuleDeclaration
from engine_core.plugins import hookimpl
from engine_core.registries import RuleType

_SEPARATORS = str.maketrans("", "", " -.\u00a0")


def _compact(value: str) -> str:
    return value.translate(_SEPARATORS)


def luhn_valid(value: str) -> bool:
    """True when the digits of ``value`` (separators removed) pass the Luhn check."""
    digits = _compact(value)
    return digits.isdigit() and luhn.is_valid(digits)


def verhoeff_valid(value: str) -> bool:
    """True when the digits of ``value`` (separators removed) pass the Verhoeff check."""
    digits = _compact(value)
    return digits.isdigit() and verhoeff.is_valid(digits)


def iban_valid(value: str) -> bool:
    """True when ``value`` is an IBAN whose mod-97 check and country format pass."""
    return bool(stdnum_iban.is_valid(value))


def _prefilter(rule: RuleDeclaration, default: str | None) -> str | None:
    value = rule.options.get("prefilter", default)
    return value if isinstance(value, str) and value else None


def _validate_pattern(rule: RuleDeclaration) -> list[str]:
    problems = pattern_problems(rule.id, rule.pattern, rule.flags)
    prefilter = rule.options.get("prefilter")
    if prefilter is not None:
        problems.extend(
            problem.replace("pattern:", "options.prefilter:")
            for problem in pattern_problems(rule.id, str(prefilter))
        )
    unknown = set(rule.options) - {"prefilter"}
    problems.extend(f"rule {rule.id!r}: options: unknown option {name!r}" for name in sorted(unknown))
    return problems


def _checksum_type(
    name: str, validator: Callable[[str], bool], description: str
) -> RuleType:
    def compile_rule(rule: RuleDeclaration) -> RegexMatcher:
        return RegexMatcher(
            rule.pattern,
            flags=rule.flags,
            validator=validator,
            prefilter=_prefilter(rule, r"\d"),
            rule_id=rule.id,
        )

    return RuleType(name=name, validate=_validate_pattern, compile=compile_rule, description=description)


def _compile_regex(rule: RuleDeclaration) -> RegexMatcher:
    return RegexMatcher(rule.pattern, flags=rule.flags, prefilter=_prefilter(rule, None), rule_id=rule.id)


REGEX = RuleType(
    name="regex",
    validate=_validate_pattern,
    compile=_compile_regex,
    description="A regular expression (the `regex` module); every whole match fires.",
)
LUHN = _checksum_type(
    "luhn_checksum", luhn_valid, "Pattern candidates whose digits pass the Luhn check."
)
VERHOEFF = _checksum_type(
    "verhoeff_checksum", verhoeff_valid, "Pattern candidates whose digits pass the Verhoeff check."
)
IBAN = _checksum_type("iban_checksum", iban_valid, "Pattern candidates that are valid IBANs (mod 97).")


@hookimpl
def engine_register_rule_types(register: Callable[[RuleType], None]) -> None:
    """Register the built-in rule types."""
    for rule_type in (REGEX, LUHN, VERHOEFF, IBAN):
        register(rule_type)
