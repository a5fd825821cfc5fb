"""Built-in rule types: ``regex`` and the checksum- or format-validated types.

A validated type finds candidates with the rule's pattern, strips the
separators (spaces, dashes, dots) and keeps a candidate only when its
checksum or number format passes. Checksums and national number formats come
from python-stdnum, phone numbers from phonenumbers; IP addresses are confirmed with the
standard library.
"""

from __future__ import annotations

import functools
import importlib
import ipaddress
from collections.abc import Callable

from stdnum import iban as stdnum_iban
from stdnum import verhoeff
from stdnum.in_ import aadhaar as stdnum_aadhaar
from stdnum.us import ssn as stdnum_ssn

from engine_core.evaluation.context import Context, all_words
from engine_core.matching import VALIDATOR_CACHE, RegexMatcher, Span
from engine_core.model import RuleDeclaration
from engine_core.options import Option
from engine_core.plugins import hookimpl
from engine_core.regex_rules import (
    PREFILTER_OPTIONS,
    regex_matcher,
    regex_rule_problems,
    validated_regex_type,
)
from engine_core.registries import RuleType

from .catalogue.checks import named_checks
from .phone_numbers import PhoneMatcher, PhoneValidator, unknown_regions

_SEPARATORS = str.maketrans("", "", " -.\u00a0")


def _compact(value: str) -> str:
    return value.translate(_SEPARATORS)


#: Luhn: each doubled digit replaced by the digit sum of its double (5 -> 10 -> 1).
_LUHN_DOUBLED = str.maketrans("0123456789", "0246813579")


def luhn_digits_valid(digits: str) -> bool:
    """True when ``digits`` (ASCII digits only) pass the Luhn check.

    The same answer as ``stdnum.luhn.is_valid`` (a test compares them), in a
    few C-level string operations: it runs on every card-like number of a text.
    """
    doubled = digits[-2::-2].translate(_LUHN_DOUBLED)
    total = sum(digits[-1::-2].encode("ascii")) + sum(doubled.encode("ascii"))
    return (total - 48 * len(digits)) % 10 == 0


def _ascii_digits(value: str) -> bool:
    return value.isascii() and value.isdigit()


def luhn_valid(value: str) -> bool:
    """True when the digits of ``value`` (separators removed) pass the Luhn check."""
    digits = _compact(value)
    return _ascii_digits(digits) and luhn_digits_valid(digits)


def verhoeff_valid(value: str) -> bool:
    """True when the digits of ``value`` (separators removed) pass the Verhoeff check."""
    digits = _compact(value)
    return digits.isdigit() and verhoeff.is_valid(digits)


def payment_card_valid(value: str) -> bool:
    """True when ``value`` has 13 to 19 digits (separators removed) that pass the Luhn check."""
    digits = _compact(value)
    return 13 <= len(digits) <= 19 and _ascii_digits(digits) and luhn_digits_valid(digits)


def us_ssn_valid(value: str) -> bool:
    """True when ``value`` is a US SSN that could be issued (area, group, serial, blocklist)."""
    digits = _compact(value)
    return len(digits) == 9 and digits.isdigit() and stdnum_ssn.is_valid(digits)


def aadhaar_valid(value: str) -> bool:
    """True when ``value`` is an India Aadhaar number (format and Verhoeff check digit)."""
    digits = _compact(value)
    return digits.isdigit() and stdnum_aadhaar.is_valid(digits)


#: The ranges reserved for documentation (RFC 5737, RFC 3849, RFC 9637): no host has one,
#: so an address in them identifies no one; manuals, configuration examples and tests
#: write them by design (docs/architecture.md, "Published examples").
DOCUMENTATION_NETWORKS = (
    ipaddress.ip_network("192.0.2.0/24"),
    ipaddress.ip_network("198.51.100.0/24"),
    ipaddress.ip_network("203.0.113.0/24"),
    ipaddress.ip_network("2001:db8::/32"),
    ipaddress.ip_network("3fff::/20"),
)


def ip_address_valid(value: str) -> bool:
    """True when ``value`` is an IPv4 or IPv6 address that can name a host: not the
    unspecified address, not a loopback address (127.0.0.1, ``::1``: every machine's
    own), nor one for documentation."""
    try:
        address = ipaddress.ip_address(value)
    except ValueError:
        return False
    if address.is_unspecified or address.is_loopback:
        return False
    return not any(address in network for network in DOCUMENTATION_NETWORKS)


#: A line break between an IBAN's groups stands for their space (a wrapped letter).
_LINE_BREAKS_AS_SPACES = str.maketrans("\r\n", "  ")


def iban_valid(value: str) -> bool:
    """True when ``value`` is an IBAN by ISO 13616: country, its length and format, mod 97.

    National check digits inside the BBAN are not checked (``check_country=False``):
    ISO 13616 does not define them, and a mistyped one is still somebody's account.
    A line break between groups counts as their space.
    """
    return bool(stdnum_iban.is_valid(value.translate(_LINE_BREAKS_AS_SPACES), check_country=False))


#: An IBAN candidate's answer, remembered as every validator's is (engine_core.matching):
#: account numbers repeat in logs and tables, and python-stdnum's check costs ~30 us.
_iban_valid_remembered = functools.lru_cache(maxsize=VALIDATOR_CACHE)(iban_valid)


def _number_type(name: str, validator: Callable[[str], bool], description: str) -> RuleType:
    """A validator-backed rule type for numbers: rules without a prefilter look for a digit."""
    return validated_regex_type(name, validator, description, default_prefilter=r"\d")


REGEX = validated_regex_type(
    "regex",
    None,
    "A regular expression (the `regex` module); every whole match fires.",
)
LUHN = _number_type(
    "luhn_checksum", luhn_valid, "Pattern candidates whose digits pass the Luhn check."
)
VERHOEFF = _number_type(
    "verhoeff_checksum", verhoeff_valid, "Pattern candidates whose digits pass the Verhoeff check."
)


class IbanMatcher(RegexMatcher):
    """IBAN candidates; one followed by a word that looks like a group is retried without it.

    A grouped IBAN followed by, say, `` USPS`` or `` EUR`` makes the pattern take
    the word as a last group; the candidate is retried without its last one or
    two space-separated groups. Spans still start where a pattern match starts
    and end inside it, so the engine may run this matcher in windows.
    """

    window_safe = True
    max_trimmed_groups = 2

    def find(self, text: str, start: int = 0, end: int | None = None) -> list[Span]:
        """Return the spans of valid IBANs, trimming a trailing non-IBAN group if needed."""
        spans: list[Span] = []
        for span_start, span_end in super().find(text, start, end):
            value = text[span_start:span_end]
            for _ in range(self.max_trimmed_groups + 1):
                if _iban_valid_remembered(value):
                    spans.append((span_start, span_start + len(value)))
                    break
                cut = max(value.rfind(" "), value.rfind("-"), value.rfind("\n"))
                if cut <= 0:
                    break
                value = value[:cut].rstrip("\r")  # a CRLF's carriage return is no part
        return spans


IBAN = validated_regex_type(
    "iban_checksum",
    None,
    "Pattern candidates that are valid IBANs by ISO 13616 (country, length, mod 97; "
    "python-stdnum); a trailing word taken as a last group is dropped.",
    default_prefilter=r"\d",
    matcher_class=IbanMatcher,
)
PAYMENT_CARD = _number_type(
    "payment_card",
    payment_card_valid,
    "Pattern candidates with 13 to 19 digits that pass the Luhn check.",
)
US_SSN = _number_type(
    "us_ssn", us_ssn_valid, "Pattern candidates that are issuable US SSNs (python-stdnum)."
)
AADHAAR = _number_type(
    "in_aadhaar",
    aadhaar_valid,
    "Pattern candidates that are India Aadhaar numbers (Verhoeff, python-stdnum).",
)
IP_ADDRESS = _number_type(
    "ip_address",
    ip_address_valid,
    "Pattern candidates that parse as IPv4 or IPv6 addresses of a host"
    " (not loopback, unspecified or documentation ones).",
)


def _phone_problems(rule: RuleDeclaration) -> list[str]:
    problems = regex_rule_problems(rule)
    for name in ("regions", "plan_regions", "label_regions"):
        unknown = unknown_regions(rule.options.get(name) or ())
        if unknown:
            problems.append(
                f"rule {rule.id!r}: options.{name}: no phone numbering metadata for "
                f"{', '.join(map(repr, unknown))} (ISO 3166-1 alpha-2 codes, upper case)"
            )
    if rule.options.get("label_regions") and not rule.options.get("context_required"):
        problems.append(
            f"rule {rule.id!r}: options.label_regions needs context_required: true "
            "(a label is one of the rule's context words)"
        )
    return problems


def _compile_phone(rule: RuleDeclaration) -> RegexMatcher:
    validator = PhoneValidator(
        rule.options.get("regions") or (),
        rule.options.get("plan_regions") or (),
        grouped=bool(rule.options.get("grouped", False)),
        international_plan=bool(rule.options.get("international_plan", False)),
    )
    matcher = regex_matcher(
        rule, validator=validator, default_prefilter=r"\d", matcher_class=PhoneMatcher
    )
    assert isinstance(matcher, PhoneMatcher)
    context = Context.from_options(rule.options)
    if context is not None and context.required:
        matcher.require_context(context, all_words(rule.options))
        matcher.label_window = rule.options.get("label_window")
        label_regions = rule.options.get("label_regions")
        if label_regions:
            grouped = bool(rule.options.get("grouped", False))
            matcher.label_regions(PhoneValidator(label_regions, grouped=grouped))
    return matcher


PHONE_NUMBER = RuleType(
    name="phone_number",
    validate=_phone_problems,
    compile=_compile_phone,
    description="Pattern candidates that are phone numbers by libphonenumber (phonenumbers): "
    "after + for their country code, else in a national format of the rule's regions.",
    options=(
        *PREFILTER_OPTIONS,
        Option(
            "regions",
            list,
            "Regions (ISO 3166-1 alpha-2) whose national formats count, when libphonenumber "
            "knows the number as allocated.",
        ),
        Option(
            "plan_regions",
            list,
            "Regions whose national formats count when they fit the country's numbering plan "
            "(its number pattern and lengths); +CC numbers of their countries too.",
        ),
        Option(
            "grouped",
            bool,
            "National formats must group their digits as the country writes them.",
            default=False,
        ),
        Option(
            "label_window",
            int,
            "With required context: a national number written as one run of digits counts "
            "when a context word lies within this many characters of it, the word included "
            "(a label: 'Telefon 04089806769'); without this option such runs do not count.",
            minimum=1,
        ),
        Option(
            "label_regions",
            list,
            "With required context: regions whose national numbers count only right after a "
            "label (a context word, then at most a bracketed qualifier, a colon and padding: "
            "'Phone: ', 'Mobile (ES): ', or a column header naming it), when libphonenumber "
            "knows them as allocated: an English 'Phone:' in a multinational export labels "
            "every country's numbers.",
        ),
        Option(
            "international_plan",
            bool,
            "+CC numbers of any country count when they fit its numbering plan (for rules "
            "that need a context word); else they must be allocated numbers.",
            default=False,
        ),
    ),
)


def _stdnum_check(module_name: str) -> Callable[[str], bool] | None:
    """Return python-stdnum's ``is_valid`` of ``module_name`` (``de.idnr``), or None."""
    if not all(part.isidentifier() for part in module_name.split(".")):
        return None
    try:
        module = importlib.import_module(f"stdnum.{module_name}")
    except ImportError:
        return None
    is_valid = getattr(module, "is_valid", None)
    return is_valid if callable(is_valid) else None


def resolve_check(name: str) -> Callable[[str], bool] | None:
    """Return the check a ``checked`` rule names: ``stdnum:<module>`` or a catalogue check."""
    if name.startswith("stdnum:"):
        return _stdnum_check(name.removeprefix("stdnum:"))
    return named_checks().get(name)


def _checked_problems(rule: RuleDeclaration) -> list[str]:
    problems = regex_rule_problems(rule)
    name = rule.options.get("check")
    if not isinstance(name, str):
        problems.append(f"rule {rule.id!r}: options.check: required (stdnum:<module> or a name)")
    elif resolve_check(name) is None:
        problems.append(f"rule {rule.id!r}: options.check: no check named {name!r}")
    return problems


def _compile_checked(rule: RuleDeclaration) -> RegexMatcher:
    check = resolve_check(rule.options["check"])
    assert check is not None  # validated

    def valid(value: str) -> bool:
        try:
            return bool(check(value))
        except Exception:  # a library that raises on odd input: not a value
            return False

    return regex_matcher(rule, validator=valid, default_prefilter=r"\d")


CHECKED = RuleType(
    name="checked",
    validate=_checked_problems,
    compile=_compile_checked,
    description="Pattern candidates that a named check accepts: python-stdnum's "
    "(check: stdnum:<module>) or one of the catalogue's own.",
    options=(
        *PREFILTER_OPTIONS,
        Option("check", str, "stdnum:<module> (python-stdnum's is_valid) or a named check."),
    ),
)


@hookimpl
def engine_register_rule_types(register: Callable[[RuleType], None]) -> None:
    """Register the built-in rule types."""
    for rule_type in (
        REGEX,
        LUHN,
        VERHOEFF,
        IBAN,
        PAYMENT_CARD,
        US_SSN,
        AADHAAR,
        IP_ADDRESS,
        PHONE_NUMBER,
        CHECKED,
    ):
        register(rule_type)
