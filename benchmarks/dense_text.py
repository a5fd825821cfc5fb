"""Generated dense records for the speed benchmarks (issue "Speed where the values are").

Records of about 90 characters, one per line, shaped like an order or event
log: order ids, dates, ISO timestamps, prices and quantities everywhere, and
in one record of ten a personal value that a real document could hold: a
valid e-mail address, a Luhn-valid card number with a real issuer prefix, an
IBAN with correct check digits, a phone number or a US SSN that could be
issued. Everything derives from one seed.
"""

from __future__ import annotations

import random

from stdnum import iban as stdnum_iban

from tests.quality.corpus import card_number

__all__ = ["dense_records"]

_IBAN_BBAN = {"DE": 18, "FR": 23, "NL": 10, "BE": 12, "AT": 16, "CH": 17, "ES": 20}
_NAMES = ("jane", "john", "maria", "li", "ahmed", "olga", "pierre", "sara", "tom", "ana")
_SURNAMES = ("doe", "smith", "garcia", "chen", "khan", "ivanova", "martin", "berg")
_DOMAINS = ("example.com", "mail.example.org", "corp.example.net", "example.co.uk")
_STATUSES = ("ok", "shipped", "pending", "paid", "returned", "hold")
_CURRENCIES = ("EUR", "USD", "GBP", "CHF")


def _digits(rng: random.Random, count: int) -> str:
    return "".join(rng.choices("0123456789", k=count))


def _date(rng: random.Random) -> str:
    year, month, day = rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice(
        (f"{year}-{month:02d}-{day:02d}", f"{day:02d}/{month:02d}/{year}", f"{day}.{month}.{year}")
    )


def _timestamp(rng: random.Random) -> str:
    stamp = (
        f"{rng.randint(2019, 2025)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        f"T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    )
    return stamp + rng.choice(("Z", f".{_digits(rng, 3)}Z", "+02:00", "-05:00"))


def _price(rng: random.Random) -> str:
    amount = f"{rng.randint(1, 2999)}.{rng.randint(0, 99):02d}"
    return rng.choice((f"{amount} {rng.choice(_CURRENCIES)}", f"${amount}", f"EUR {amount}"))


def _order_id(rng: random.Random) -> str:
    return rng.choice(
        (
            f"ORD-{_digits(rng, 6)}",
            f"#{rng.randint(10000, 99999)}",
            f"PO{_digits(rng, 8)}",
            f"INV-{rng.randint(2019, 2025)}-{_digits(rng, 5)}",
            _digits(rng, 10),
        )
    )


def _card(rng: random.Random) -> str:
    number = card_number(rng)
    if len(number) == 16 and rng.random() < 0.5:
        return " ".join(number[i : i + 4] for i in range(0, 16, 4))
    return number


def _iban(rng: random.Random) -> str:
    country = rng.choice(sorted(_IBAN_BBAN))
    bban = _digits(rng, _IBAN_BBAN[country])
    number = country + stdnum_iban.calc_check_digits(country + "00" + bban) + bban
    if not stdnum_iban.is_valid(number):  # national check digits (ES, FR, BE...) failed
        return _iban(rng)
    if rng.random() < 0.5:
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4))
    return number


def _phone(rng: random.Random) -> str:
    area, exchange, line = rng.randint(201, 989), rng.randint(200, 989), _digits(rng, 4)
    return rng.choice(
        (
            f"({area}) {exchange}-{line}",
            f"+1 {area} {exchange} {line}",
            f"+44 20 7{_digits(rng, 3)} {_digits(rng, 4)}",
            f"+49 30 {rng.randint(1, 9)}{_digits(rng, 7)}",
        )
    )


def _ssn(rng: random.Random) -> str:
    area = rng.choice((rng.randint(1, 665), rng.randint(667, 899)))
    return f"{area:03d}-{rng.randint(1, 99):02d}-{rng.randint(1, 9999):04d}"


def _email(rng: random.Random) -> str:
    name = f"{rng.choice(_NAMES)}.{rng.choice(_SURNAMES)}{rng.randint(1, 99)}"
    return f"{name}@{rng.choice(_DOMAINS)}"


_VALUES = (
    ("email", _email),
    ("card", _card),
    ("iban", _iban),
    ("phone", _phone),
    ("ssn", _ssn),
)


def _clean_record(rng: random.Random) -> str:
    return f"{_clean_fields(rng)} {rng.choice(_STATUSES)} wh{rng.randint(1, 40)}"


def _clean_fields(rng: random.Random) -> str:
    shape = rng.randrange(4)
    if shape == 0:
        return (
            f"{_timestamp(rng)} order {_order_id(rng)} qty {rng.randint(1, 40)} "
            f"price {_price(rng)} ship {_date(rng)}"
        )
    if shape == 1:
        return (
            f"{_date(rng)} {_order_id(rng)} sku {_digits(rng, 5)}-{_digits(rng, 2)} "
            f"x{rng.randint(1, 12)} {_price(rng)} {rng.choice(_STATUSES)} {_timestamp(rng)}"
        )
    if shape == 2:
        return (
            f"{_timestamp(rng)} invoice {_order_id(rng)} total {_price(rng)} "
            f"items {rng.randint(1, 9)} weight {rng.randint(1, 999)} g {_date(rng)}"
        )
    return (
        f"batch {_digits(rng, 4)} {_order_id(rng)} {_order_id(rng)} "
        f"{rng.randint(1, 500)} pcs at {_price(rng)} due {_date(rng)} "
        f"v{rng.randint(1, 9)}.{rng.randint(0, 20)}"
    )


def _value_record(rng: random.Random) -> str:
    kind, make = rng.choice(_VALUES)
    return (
        f"{_timestamp(rng)} order {_order_id(rng)} {kind} {make(rng)} "
        f"total {_price(rng)} qty {rng.randint(1, 9)} {rng.choice(_STATUSES)}"
    )


def dense_records(size: int, seed: int = 12) -> str:
    """Return ``size`` characters of dense records (about 90 each, a value in one of ten)."""
    rng = random.Random(seed)
    records: list[str] = []
    length = 0
    while length < size:
        record = _value_record(rng) if rng.random() < 0.1 else _clean_record(rng)
        records.append(record)
        length += len(record) + 1
    return "\n".join(records)[:size]
