"""A deterministic corpus with ground truth for detection-quality tests and benchmarks.

Records are short texts in five locales (en_US, en_GB, de_DE, fr_FR, en_IN):
filler sentences from Faker, realistic sentences embedding personal values
with their exact spans and categories, and hard negatives that a detector must
leave alone (Luhn-invalid card-like numbers, SSNs in invalid ranges, order
numbers, dates, times, version strings, prices, tracking codes, ISBNs, zip
codes on their own). A share of the records (40% by default) hold no value.

Values are built here rather than taken from Faker's providers, whose phone
numbers, Aadhaar numbers and some IBANs are not valid: checksums are computed
with python-stdnum, so every value is one a real document could hold.
Everything derives from one seed: the same arguments give the same corpus.
"""

from __future__ import annotations

import ipaddress
import random
from collections.abc import Callable
from dataclasses import dataclass

from faker import Faker
from stdnum import iban as stdnum_iban
from stdnum import luhn, verhoeff
from stdnum.us import ssn as stdnum_ssn

__all__ = [
    "CATEGORIES",
    "LOCALES",
    "Record",
    "Value",
    "generate",
    "mostly_clean_text",
    "sized_text",
]

LOCALES = ("en_US", "en_GB", "de_DE", "fr_FR", "en_IN")
CATEGORIES = (
    "EMAIL",
    "PHONE",
    "CREDIT_CARD",
    "US_SSN",
    "UK_NINO",
    "IN_AADHAAR",
    "IBAN",
    "IP_ADDRESS",
    "POSTAL_ADDRESS",
)


@dataclass(frozen=True)
class Value:
    """One personal value in a record: where it is and what it is."""

    start: int
    end: int
    category: str


@dataclass(frozen=True)
class Record:
    """A text and the ground truth of the values it holds (empty for a clean record)."""

    text: str
    values: tuple[Value, ...]
    locale: str


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(count))


# --- value generators: one per category, each returns the value's text -------------


def _email(rng: random.Random, fake: Faker) -> str:
    user = fake.user_name().replace(" ", "")
    choice = rng.random()
    if choice < 0.3:
        return f"{user}@{fake.free_email_domain()}"
    if choice < 0.6:
        first = fake.first_name().lower().replace(" ", "")
        last = fake.last_name().lower().replace(" ", "")
        return f"{first}.{last}@{fake.domain_name()}"
    if choice < 0.8:
        return f"{user}+{rng.choice(['news', 'work', 'x1'])}@mail.{fake.domain_name()}"
    return fake.company_email()


def _us_number(rng: random.Random) -> tuple[str, str, str]:
    area = str(rng.randint(2, 9)) + _digits(rng, 2)
    exchange = str(rng.randint(2, 9)) + _digits(rng, 2)
    return area, exchange, _digits(rng, 4)


def _phone(rng: random.Random, locale: str) -> str:
    if locale == "en_US":
        a, e, n = _us_number(rng)
        return rng.choice(
            [
                f"({a}) {e}-{n}",
                f"{a}-{e}-{n}",
                f"{a}.{e}.{n}",
                f"+1 {a} {e} {n}",
                f"+1-{a}-{e}-{n}",
                f"+1 ({a}) {e}-{n}",
                f"1-{a}-{e}-{n}",
            ]
        )
    if locale == "en_GB":
        return rng.choice(
            [
                f"020 7{_digits(rng, 3)} {_digits(rng, 4)}",
                f"0161 {_digits(rng, 3)} {_digits(rng, 4)}",
                f"07{rng.randint(100, 999)} {_digits(rng, 6)}",
                f"+44 20 7{_digits(rng, 3)} {_digits(rng, 4)}",
                f"+44 7{rng.randint(100, 999)} {_digits(rng, 6)}",
                f"+44 (0)20 7{_digits(rng, 3)} {_digits(rng, 4)}",
                f"(0117) {_digits(rng, 3)} {_digits(rng, 4)}",
            ]
        )
    if locale == "de_DE":
        return rng.choice(
            [
                f"030 {rng.randint(1, 9)}{_digits(rng, 7)}",
                f"089 {rng.randint(1, 9)}{_digits(rng, 6)}",
                f"0171 {rng.randint(1, 9)}{_digits(rng, 6)}",
                f"030/{rng.randint(1, 9)}{_digits(rng, 6)}",
                f"+49 30 {rng.randint(1, 9)}{_digits(rng, 7)}",
                f"+49 (0)89 {rng.randint(1, 9)}{_digits(rng, 6)}",
                f"+49 171 {rng.randint(1, 9)}{_digits(rng, 6)}",
            ]
        )
    if locale == "fr_FR":
        pairs = " ".join(_digits(rng, 2) for _ in range(4))
        lead = rng.choice("1234567")
        return rng.choice(
            [
                f"0{lead} {pairs}",
                f"0{lead}.{pairs.replace(' ', '.')}",
                f"+33 {lead} {pairs}",
                f"+33 (0){lead} {pairs}",
            ]
        )
    mobile = str(rng.randint(6, 9)) + _digits(rng, 4)
    rest = _digits(rng, 5)
    return rng.choice(
        [
            f"{mobile} {rest}",
            f"+91 {mobile} {rest}",
            f"+91-{mobile}-{rest}",
            f"+91{mobile}{rest}",
            f"022 2{_digits(rng, 3)} {_digits(rng, 4)}",
            f"011-2{_digits(rng, 7)}",
        ]
    )


_CARD_PREFIXES = (
    ("4", 16),
    ("4", 13),
    ("4", 19),
    ("51", 16),
    ("55", 16),
    ("2221", 16),
    ("2720", 16),
    ("34", 15),
    ("37", 15),
    ("6011", 16),
    ("65", 16),
    ("3528", 16),
    ("36", 14),
)


def card_number(rng: random.Random, *, valid: bool = True) -> str:
    """Return a card-number-like digit string whose Luhn check passes (or fails)."""
    prefix, length = rng.choice(_CARD_PREFIXES)
    body = prefix + _digits(rng, length - len(prefix) - 1)
    check = luhn.calc_check_digit(body)
    if not valid:
        check = str((int(check) + rng.randint(1, 9)) % 10)
    return body + check


def _group(digits: str, sizes: tuple[int, ...], separator: str) -> str:
    parts = []
    position = 0
    for size in sizes:
        parts.append(digits[position : position + size])
        position += size
    if position < len(digits):
        parts.append(digits[position:])
    return separator.join(parts)


def _card_format(rng: random.Random, digits: str) -> str:
    style = rng.random()
    if style < 0.3 or len(digits) == 13:
        return digits
    separator = " " if style < 0.75 else "-"
    if len(digits) == 15:
        return _group(digits, (4, 6, 5), separator)
    if len(digits) == 14:
        return _group(digits, (4, 6, 4), separator)
    return _group(digits, (4, 4, 4, 4), separator)


def _credit_card(rng: random.Random, _locale: str) -> str:
    return _card_format(rng, card_number(rng))


def _ssn(rng: random.Random, _locale: str) -> str:
    while True:
        area = rng.choice([rng.randint(1, 665), rng.randint(667, 899)])
        number = f"{area:03d}{rng.randint(1, 99):02d}{rng.randint(1, 9999):04d}"
        if stdnum_ssn.is_valid(number):
            break
    separator = "-" if rng.random() < 0.85 else " "
    return _group(number, (3, 2), separator)


_NINO_FIRST = "ABCEGHJKLMNOPRSTWXYZ"
_NINO_SECOND = "ABCEGHJKLMNPRSTWXYZ"
_NINO_BANNED = {"BG", "GB", "KN", "NK", "NT", "TN", "ZZ"}


def _nino(rng: random.Random, _locale: str) -> str:
    prefix = "BG"
    while prefix in _NINO_BANNED:
        prefix = rng.choice(_NINO_FIRST) + rng.choice(_NINO_SECOND)
    digits = _digits(rng, 6)
    suffix = rng.choice("ABCD")
    if rng.random() < 0.5:
        return f"{prefix}{digits}{suffix}"
    return f"{prefix} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"


def aadhaar_number(rng: random.Random) -> str:
    """Return a 12-digit number that is a valid Aadhaar number (Verhoeff)."""
    while True:
        body = str(rng.randint(2, 9)) + _digits(rng, 10)
        number = body + verhoeff.calc_check_digit(body)
        if number != number[::-1]:
            return number


def _aadhaar(rng: random.Random, _locale: str) -> str:
    number = aadhaar_number(rng)
    return _group(number, (4, 4), " ") if rng.random() < 0.6 else number


_IBAN_BBAN: dict[str, Callable[[random.Random], str]] = {
    "DE": lambda rng: _digits(rng, 18),
    "GB": lambda rng: (
        "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + _digits(rng, 14)
    ),
    "NL": lambda rng: (
        "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(4)) + _digits(rng, 10)
    ),
    "BE": lambda rng: _digits(rng, 12),
    "AT": lambda rng: _digits(rng, 16),
    "CH": lambda rng: _digits(rng, 17),
}


def _iban(rng: random.Random, fake: Faker) -> str:
    if rng.random() < 0.4:
        number = fake.iban()
    else:
        country = rng.choice(sorted(_IBAN_BBAN))
        bban = _IBAN_BBAN[country](rng)
        number = country + stdnum_iban.calc_check_digits(country + "00" + bban) + bban
    if not stdnum_iban.is_valid(number):
        return _iban(rng, fake)
    if rng.random() < 0.5:
        return number
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


def _ip(rng: random.Random, fake: Faker) -> str:
    choice = rng.random()
    if choice < 0.55:
        return str(fake.ipv4())
    if choice < 0.7:
        return str(fake.ipv6())
    if choice < 0.95:
        groups = [f"{rng.randint(0, 0xFFFF):x}" for _ in range(8)]
        start = rng.randint(1, 6)
        for index in range(start, start + rng.randint(2, 3)):
            groups[index % 8] = "0"
        return ipaddress.IPv6Address(":".join(groups)).compressed
    return rng.choice(["2a02:8108::1", "fe80::1", "2001:4860:4860::8888"])


_SUFFIXES = (
    "Street",
    "St",
    "St.",
    "Avenue",
    "Ave",
    "Ave.",
    "Road",
    "Rd",
    "Boulevard",
    "Blvd",
    "Lane",
    "Ln",
    "Drive",
    "Dr",
    "Court",
    "Ct",
    "Way",
    "Place",
    "Pl",
    "Terrace",
    "Parkway",
    "Circle",
    "Highway",
    "Square",
    "Trail",
)
_TREES = ("Oak", "Maple", "Pine", "Cedar", "Elm", "Willow", "Birch", "Chestnut", "Walnut")


def _postal(rng: random.Random, fake_us: Faker) -> str:
    number = str(rng.randint(1, 99999)) if rng.random() < 0.8 else str(rng.randint(1, 999))
    kind = rng.random()
    if kind < 0.4:
        name = fake_us.last_name()
    elif kind < 0.6:
        name = rng.choice(_TREES)
    elif kind < 0.75:
        ordinal = rng.randint(1, 99)
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(ordinal % 10 if ordinal // 10 != 1 else 0, "th")
        name = f"{ordinal}{suffix}"
    elif kind < 0.9:
        name = f"{rng.choice(['N', 'S', 'E', 'W', 'North', 'West'])} {fake_us.last_name()}"
    else:
        name = f"{fake_us.first_name()} {fake_us.last_name()}"
    address = f"{number} {name} {rng.choice(_SUFFIXES)}"
    if rng.random() < 0.3:
        unit = rng.choice(["Apt.", "Apt", "Suite", "Unit", "#"])
        address += f", {unit} {rng.randint(1, 999)}{rng.choice(['', '', 'B'])}"
    if rng.random() < 0.4:
        address += f", {fake_us.city()}, {fake_us.state_abbr()} {fake_us.zipcode()}"
    return address


# --- sentences ----------------------------------------------------------------------

_TEMPLATES: dict[str, tuple[str, ...]] = {
    "EMAIL": (
        "Please reply to {v} before the end of the week.",
        "Contact: {v}",
        "I have forwarded the invoice to {v}, let me know if it arrives.",
        "Her new address is {v}.",
        "Send the logs to <{v}> please.",
    ),
    "PHONE": (
        "You can reach me on {v} after 6pm.",
        "Call our office at {v}.",
        "Phone: {v}",
        "His mobile number is {v}, but he rarely answers.",
        "Ring {v} (ask for reception) if the door is locked.",
    ),
    "CREDIT_CARD": (
        "Please charge the card {v} for the renewal.",
        "Card number: {v}, expiry 04/27.",
        "My card is {v} and the CVV is on the back.",
        "Refund it to {v}.",
    ),
    "US_SSN": (
        "My SSN is {v}.",
        "Social Security Number: {v}",
        "The form lists {v} as the applicant's SSN.",
    ),
    "UK_NINO": (
        "My National Insurance number is {v}.",
        "NI number: {v}",
        "Payroll has {v} on file for her.",
    ),
    "IN_AADHAAR": (
        "My Aadhaar number is {v}.",
        "Aadhaar: {v}",
        "Please update the KYC record with Aadhaar {v} today.",
    ),
    "IBAN": (
        "Please wire the deposit to IBAN {v}.",
        "IBAN: {v}",
        "Transfer the balance to {v} by Friday.",
    ),
    "IP_ADDRESS": (
        "The request came from {v} at midnight.",
        "Blocked host {v} after repeated failures.",
        "Login from IP {v} was flagged.",
        "Server address: {v}",
    ),
    "POSTAL_ADDRESS": (
        "Please ship the parcel to {v}.",
        "Our new office is at {v}.",
        "Address: {v}",
        "She moved to {v} last spring.",
    ),
}

_COUNTRY_LOCALE = {
    "US_SSN": "en_US",
    "UK_NINO": "en_GB",
    "IN_AADHAAR": "en_IN",
    "POSTAL_ADDRESS": "en_US",
}


def _hard_negative(rng: random.Random, fake: Faker) -> str:
    """Return a sentence holding a number that looks like, but is not, a personal value."""
    kind = rng.randrange(14)
    if kind == 0:
        number = _card_format(rng, card_number(rng, valid=False))
        return f"Reference {number} was rejected."
    if kind == 1:
        area = rng.choice(["000", "666", str(rng.randint(900, 999))])
        bad = rng.choice(
            [
                f"{area}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}",
                f"{rng.randint(1, 665):03d}-00-{rng.randint(1, 9999):04d}",
                f"{rng.randint(1, 665):03d}-{rng.randint(1, 99):02d}-0000",
            ]
        )
        return f"Test value {bad} is not a real SSN."
    if kind == 2:
        return rng.choice(
            [
                f"Order #{rng.randint(10000, 9999999)} has shipped.",
                f"Your order number is ORD-{rng.randint(2019, 2025)}-{_digits(rng, 6)}.",
                f"PO {rng.randint(4500000000, 4599999999)} was approved.",
                f"Ticket INC{_digits(rng, 7)} is resolved.",
            ]
        )
    if kind == 3:
        date = fake.date_object()
        return rng.choice(
            [
                f"The meeting is on {date.isoformat()}.",
                f"Invoice dated {date:%d/%m/%Y} is overdue.",
                f"Lieferung am {date:%d.%m.%Y} um {rng.randint(7, 18)}:{_digits(rng, 2)} Uhr.",
                f"Due {date:%m-%d-%Y}.",
            ]
        )
    if kind == 4:
        return rng.choice(
            [
                f"The call starts at {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}.",
                f"Uptime {rng.randint(0, 23):02d}:{rng.randint(0, 5)}{rng.randint(0, 9)}:"
                f"{rng.randint(0, 59):02d}.",
            ]
        )
    if kind == 5:
        major, minor, patch = rng.randint(0, 12), rng.randint(0, 30), rng.randint(0, 40)
        return rng.choice(
            [
                f"Upgrade to version {major}.{minor}.{patch} first.",
                f"Fixed in v{major}.{minor}.{patch}-rc{rng.randint(1, 4)}.",
                f"Tested with Python 3.{rng.randint(8, 13)}.{rng.randint(0, 12)}.",
            ]
        )
    if kind == 6:
        return rng.choice(
            [
                f"The total is ${rng.randint(1, 99)},{_digits(rng, 3)}.{_digits(rng, 2)}.",
                f"It costs €{rng.randint(1, 999)}.{rng.randint(0, 99):02d} per month.",
                f"Budget: USD {rng.randint(1, 999)},{_digits(rng, 3)},{_digits(rng, 3)}.",
            ]
        )
    if kind == 7:
        return rng.choice(
            [
                f"Tracking code 1Z{_digits(rng, 3)}AA{_digits(rng, 10)}.",
                f"USPS tracking 9400 1{_digits(rng, 3)} {_digits(rng, 4)} {_digits(rng, 4)} "
                f"{_digits(rng, 4)} {_digits(rng, 2)}.",
                f"Parcel TBA{_digits(rng, 12)} is out for delivery.",
            ]
        )
    if kind == 8:
        body = "978" + _digits(rng, 9)
        isbn13 = body + str(
            (10 - sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(body)) % 10) % 10
        )
        return rng.choice(
            [
                f"ISBN {isbn13[:3]}-{isbn13[3]}-{isbn13[4:6]}-{isbn13[6:12]}-{isbn13[12]}.",
                f"See ISBN {isbn13} for details.",
            ]
        )
    if kind == 9:
        return rng.choice(
            [
                f"The zip code is {rng.randint(10000, 99999)}.",
                f"Use ZIP {rng.randint(10000, 99999)}-{rng.randint(1000, 9999)} for the form.",
                f"Postcode {fake.postcode()} only.",
            ]
        )
    if kind == 10:
        return rng.choice(
            [
                f"We hired {rng.randint(2, 400)} people in {rng.randint(1990, 2025)}.",
                f"Chapter {rng.randint(1, 40)}, page {rng.randint(1, 900)}.",
                f"Revenue grew {rng.randint(1, 99)}.{rng.randint(0, 9)}% "
                f"to {rng.randint(1, 999)} million.",
            ]
        )
    if kind == 11:
        return f"Coordinates {rng.uniform(-90, 90):.4f}, {rng.uniform(-180, 180):.4f}."
    if kind == 12:
        return f"Serial number SN-{_digits(rng, 4)}-{_digits(rng, 4)}-{_digits(rng, 4)}."
    return f"Batch {rng.randint(1, 9)}.{rng.randint(0, 9)}.{rng.randint(0, 99)} passed QA."


class _Generator:
    """Seeded Faker instances and the per-category value makers."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.fakers: dict[str, Faker] = {}
        for index, locale in enumerate(LOCALES):
            fake = Faker(locale)
            fake.seed_instance(seed * 31 + index)
            self.fakers[locale] = fake

    def value(self, category: str, locale: str) -> str:
        rng = self.rng
        fake = self.fakers[_COUNTRY_LOCALE.get(category, locale)]
        if category == "EMAIL":
            return _email(rng, fake)
        if category == "PHONE":
            return _phone(rng, locale)
        if category == "CREDIT_CARD":
            return _credit_card(rng, locale)
        if category == "US_SSN":
            return _ssn(rng, locale)
        if category == "UK_NINO":
            return _nino(rng, locale)
        if category == "IN_AADHAAR":
            return _aadhaar(rng, locale)
        if category == "IBAN":
            return _iban(rng, fake)
        if category == "IP_ADDRESS":
            return _ip(rng, fake)
        return _postal(rng, self.fakers["en_US"])

    def filler(self, locale: str) -> str:
        return str(self.fakers[locale].sentence(nb_words=self.rng.randint(6, 16)))

    def record(self, clean: bool) -> Record:
        rng = self.rng
        locale = rng.choice(LOCALES)
        pieces: list[str] = []
        values: list[Value] = []
        length = 0

        def add(sentence: str) -> None:
            nonlocal length
            if pieces:
                pieces.append(" ")
                length += 1
            pieces.append(sentence)
            length += len(sentence)

        slots = rng.randint(1, 3)
        if clean:
            plan = ["filler"] * rng.randint(1, 3) + ["negative"] * rng.randint(1, 2)
        else:
            plan = ["filler"] * rng.randint(0, 2) + ["value"] * slots
            plan += ["negative"] * (1 if rng.random() < 0.5 else 0)
        rng.shuffle(plan)
        for kind in plan:
            if kind == "filler":
                add(self.filler(locale))
            elif kind == "negative":
                add(_hard_negative(rng, self.fakers[locale]))
            else:
                category = rng.choice(CATEGORIES)
                value = self.value(category, locale)
                template = rng.choice(_TEMPLATES[category])
                before, _, after = template.partition("{v}")
                start = length + (1 if pieces else 0) + len(before)
                add(before + value + after)
                values.append(Value(start, start + len(value), category))
        return Record("".join(pieces), tuple(values), locale)


def generate(count: int, seed: int = 20240517, clean_share: float = 0.4) -> list[Record]:
    """Return ``count`` records; ``clean_share`` of them hold no personal value."""
    generator = _Generator(seed)
    return [generator.record(generator.rng.random() < clean_share) for _ in range(count)]


def sized_text(size: int, values: int = 0, seed: int = 7) -> str:
    """Return prose of exactly ``size`` characters holding ``values`` personal values."""
    generator = _Generator(seed)
    sentences: list[str] = []
    for index in range(values):
        category = CATEGORIES[index % len(CATEGORIES)]
        value = generator.value(category, "en_US")
        sentences.append(generator.rng.choice(_TEMPLATES[category]).replace("{v}", value))
    body = " ".join(sentences)
    filler: list[str] = []
    while len(body) + sum(len(s) + 1 for s in filler) < size:
        filler.append(generator.filler("en_US"))
    text = " ".join(filler)
    head = text[: max(0, size - len(body) - 1)]
    middle = len(head) // 2
    cut = head.rfind(" ", 0, middle) + 1
    return (head[:cut] + body + " " + head[cut:])[:size] if body else head[:size]


def _ordinary_number(rng: random.Random, sentence: str) -> str:
    """Return ``sentence`` with an everyday number (year, count, percentage, time) added."""
    number = rng.choice(
        [
            f"in {rng.randint(1950, 2025)}",
            f"{rng.randint(2, 500)} times",
            f"about {rng.randint(1, 99)}%",
            f"at {rng.randint(1, 12)}:{rng.randint(0, 59):02d}",
            f"for ${rng.randint(1, 999)}",
            f"on page {rng.randint(1, 400)}",
        ]
    )
    return f"{sentence[:-1]} {number}."


def mostly_clean_text(size: int, seed: int = 11, values_per_mb: int = 20) -> str:
    """Return about ``size`` characters of prose with occasional numbers and a few values.

    About one sentence in twelve carries a number: mostly everyday ones (a year,
    a count, a percentage, a time) and one in three a longer one (date, price,
    version, order number, tracking code...); ``values_per_mb`` personal values
    per million characters are spread through it.
    """
    generator = _Generator(seed)
    rng = generator.rng
    pieces: list[str] = []
    length = 0
    value_every = max(1, 1_000_000 // max(1, values_per_mb))
    next_value = value_every // 2
    while length < size:
        locale = LOCALES[0] if rng.random() < 0.6 else rng.choice(LOCALES)
        roll = rng.random()
        if length >= next_value:
            category = rng.choice(CATEGORIES)
            value = generator.value(category, locale)
            sentence = rng.choice(_TEMPLATES[category]).replace("{v}", value)
            next_value += value_every
        elif roll < 0.04:
            sentence = _hard_negative(rng, generator.fakers[locale])
        elif roll < 0.12:
            sentence = _ordinary_number(rng, generator.filler(locale))
        else:
            sentence = generator.filler(locale)
        pieces.append(sentence)
        length += len(sentence) + 1
        if rng.random() < 0.15:
            pieces.append("\n\n")
    return " ".join(pieces)[:size]


# --- scoring ------------------------------------------------------------------------

Detection = tuple[int, int, str]


@dataclass
class Counts:
    """Per-category tallies: detections that hit a value, false alarms, missed values."""

    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0
    values: int = 0

    @property
    def precision(self) -> float:
        """Share of detections that overlap a value of their category (1.0 when none)."""
        flagged = self.true_positives + self.false_positives
        return self.true_positives / flagged if flagged else 1.0

    @property
    def recall(self) -> float:
        """Share of values wholly covered by detections of their category (1.0 when none)."""
        return (self.values - self.false_negatives) / self.values if self.values else 1.0


def _covered(start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    position = start
    for span_start, span_end in sorted(spans):
        if span_start > position:
            break
        position = max(position, span_end)
        if position >= end:
            return True
    return position >= end


def score(
    records: list[Record],
    detect: Callable[[str], list[Detection]],
    misses: list[tuple[Record, str]] | None = None,
) -> dict[str, Counts]:
    """Score ``detect`` on ``records``, span level.

    A value counts as found (recall) only when detections of its category cover
    every character of it, so a partial detection that would leak part of a
    value is a miss. A detection counts as correct (precision) when it overlaps
    a value of its category; any other detection is a false positive, including
    one inside a value of another category. Misses and false alarms are added
    to ``misses`` (record, description) when a list is given.
    """
    counts = {category: Counts() for category in CATEGORIES}
    for record in records:
        detections = detect(record.text)
        for value in record.values:
            tally = counts[value.category]
            tally.values += 1
            spans = [(s, e) for s, e, c in detections if c == value.category]
            if not _covered(value.start, value.end, spans):
                tally.false_negatives += 1
                if misses is not None:
                    misses.append((record, f"missed {value.category} {value.start}:{value.end}"))
        for start, end, category in detections:
            tally = counts.setdefault(category, Counts())
            hit = any(
                v.category == category and start < v.end and v.start < end for v in record.values
            )
            if hit:
                tally.true_positives += 1
            else:
                tally.false_positives += 1
                if misses is not None:
                    misses.append((record, f"false {category} {start}:{end}"))
    return counts
