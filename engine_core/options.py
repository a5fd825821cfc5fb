"""Typed rule options: what a rule type declares it accepts, and how values are checked.

A playbook's YAML gives every scalar as text and a sealed pack's JSON gives
typed values; either way a rule type receives its options typed as it
declared them, and an unknown or misspelt option is a listed problem
(docs/architecture.md, "The rule-type contract").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["CONTEXT_OPTIONS", "Option", "typed_options"]

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_KINDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list of strings",
}


@dataclass(frozen=True)
class Option:
    """One option a rule type accepts under a rule's ``options:``.

    ``kind`` is ``bool``, ``int``, ``float``, ``str`` or ``list`` (a list of
    strings); ``minimum`` bounds numbers; ``default`` documents what the rule
    type assumes when a rule leaves the option out (it is not stored in packs).
    """

    name: str
    kind: type
    description: str = ""
    default: Any = None
    minimum: float | None = None

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise TypeError(f"option {self.name!r}: kind must be bool, int, float, str or list")

    def coerce(self, value: Any) -> Any:
        """Return ``value`` as this option's kind; raise ValueError saying what is expected."""
        result = self._convert(value)
        if self.minimum is not None and isinstance(result, int | float) and result < self.minimum:
            raise ValueError(f"must be at least {self.minimum:g}, got {value!r}")
        return result

    def _convert(self, value: Any) -> Any:
        expected = f"must be {_KINDS[self.kind]}, got {value!r}"
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE + _FALSE:
                return value.strip().lower() in _TRUE
            raise ValueError(expected)
        if self.kind is list:
            items = [value] if isinstance(value, str) else value
            if isinstance(items, list) and all(isinstance(item, str) for item in items):
                return list(items)
            raise ValueError(expected)
        if self.kind is str:
            if isinstance(value, str):
                return value
            raise ValueError(expected)
        if isinstance(value, bool):
            raise ValueError(expected)
        return self._number(value, expected)

    def _number(self, value: Any, expected: str) -> int | float:
        try:
            number = float(value) if isinstance(value, str | int | float) else math.nan
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise ValueError(expected)
        if self.kind is int:
            if not number.is_integer() or (isinstance(value, str) and "." in value):
                raise ValueError(expected)
            return int(number)
        return number


def typed_options(
    rule_id: str, options: Mapping[str, Any], declared: Sequence[Option]
) -> tuple[dict[str, Any], list[str]]:
    """Return a rule's options typed as ``declared`` (absent ones left out) and every problem."""
    known = {option.name: option for option in declared}
    problems = [
        f"rule {rule_id!r}: options: unknown option {name!r}"
        + (f" (known: {', '.join(known)})" if known else " (this rule type takes none)")
        for name in options
        if name not in known
    ]
    typed: dict[str, Any] = {}
    for option in declared:
        if option.name not in options:
            continue
        try:
            typed[option.name] = option.coerce(options[option.name])
        except ValueError as exc:
            problems.append(f"rule {rule_id!r}: options.{option.name}: {exc}")
    return typed, problems


#: Options every rule accepts, whatever its type: context words near a value
#: (docs/architecture.md, "Context"). The core applies them, not the rule type.
CONTEXT_OPTIONS: tuple[Option, ...] = (
    Option(
        "context",
        list,
        "Words (case-insensitive, on word boundaries) that name what the value is; a "
        "phrase also matches as a field name (date_of_birth, date-of-birth, dateOfBirth), "
        "and a word of three characters or more as a field name's last part (patient_dob, "
        "patientDob). "
        "With context_required, a table's header cell holding one names its whole column.",
    ),
    Option(
        "context_window",
        int,
        "Characters before and after a value searched for a context word.",
        default=40,
        minimum=1,
    ),
    Option(
        "context_required",
        bool,
        "True: a value counts only with a context word within the window.",
        default=False,
    ),
    Option(
        "context_except",
        list,
        "Phrases holding a context word that do not name the value (birthday party, "
        "birthday card): a word inside one of them is no context.",
    ),
    Option(
        "context_label",
        list,
        "Words that name the value only as its label, right before it with nothing but "
        "spaces and : . # = - or quotes between (born 17 April 1963): words everyday prose "
        "uses otherwise, so they count nowhere else.",
    ),
    Option(
        "context_in_country",
        list,
        "Words that name the value only where the text shows the rule's country: another "
        "value within the context window that country_categories or country_values name "
        "(passport names a South African passport number beside a South African ID "
        "number). At an equal distance such a rule wins over a rule whose country the text "
        "does not show.",
    ),
    Option(
        "country_categories",
        list,
        "For context_in_country: categories whose values show the rule's country (ZA_ID).",
    ),
    Option(
        "country_values",
        list,
        "For context_in_country: regular expressions searched in every other value near "
        "the rule's; a hit shows the rule's country (^[+]27 for a South African phone "
        "number, [.]za$ for an e-mail address).",
    ),
    Option(
        "country_names",
        list,
        "For context_in_country: the country's codes and names as texts write them, case "
        'and all (NO, NOR, Norway); one quoted as a field\'s value ("nationality": '
        '"NOR") or after a country, nationality or citizenship key (country=NO, '
        "Nationality: Norway) within the country window shows the rule's country.",
    ),
    Option(
        "country_window",
        int,
        "For context_in_country: characters before and after a value within which what "
        "shows the rule's country counts (default: the context window, and at least 100: a "
        "record's country field and its number lie a few lines apart in pretty-printed "
        "JSON).",
        minimum=1,
    ),
    Option(
        "country_text",
        list,
        "For context_in_country: regular expressions searched in the text within the "
        "context window around the value; a match shows the rule's country (\\p{Hangul} "
        "for Korea's script).",
    ),
    Option(
        "context_field_head",
        bool,
        "True: a context word of three letters or digits or more also labels as a field "
        "name's first part before an underscore (nif_cliente, oib_klijenta), where a part "
        "after the word says whose value it is; for values a check digit confirms (false: "
        "only as its last part).",
        default=False,
    ),
)
