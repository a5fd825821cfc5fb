"""Named checks of the international catalogue entries (``intl.yaml``).

Each check takes a candidate's text and answers whether it is a value of its
kind. Checksums come from python-stdnum wherever it has them (Luhn, mod 97-10,
Base58Check, the Bech32 polymod); what is written here is only what no
library decides: which card numbers the networks assign, the Bech32m
constant, Ethereum's mixed-case checksum, and what a date of birth looks like.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

import regex
from Crypto.Hash import keccak
from stdnum import bitcoin, imei, luhn, mac

from ..cldr_months import fold
from ..month_names import MONTH_NAMES

__all__ = [
    "CHECKS",
    "bitcoin_address",
    "card_number",
    "crypto_wallet",
    "date_of_birth",
    "ethereum_address",
    "imei_number",
    "mac_address",
]

_SEPARATORS = str.maketrans("", "", " -.\u00a0")


def _digits(value: str) -> str:
    """Return ``value`` without spaces, dashes and dots, or "" when anything else is left."""
    digits = value.translate(_SEPARATORS)
    return digits if digits.isascii() and digits.isdigit() else ""


# --- payment cards ------------------------------------------------------------------

#: Issuer identification number ranges the card networks assign, with the lengths
#: each issues: (lowest prefix, highest prefix, lengths); prefixes of one range have
#: the same number of digits. Sources: ISO/IEC 7812-1 (the IIN) and the networks'
#: tables as gathered at https://en.wikipedia.org/wiki/Payment_card_number (IIN ranges):
#: Visa 4 (13, 16, 19); Mastercard 51-55 and 2221-2720 (16); American Express 34, 37
#: (15); Discover 6011, 644-649, 65, 622126-622925 (16-19); JCB 3528-3589 (16-19), the
#: JCB ranges Discover's acceptance tables list (3088-3094, 3096-3102, 3112-3120,
#: 3158-3159, 3337-3349: 16) and the 15-digit 1800 and 2131; UnionPay 62 and 81
#: (16-19); China T-Union 31 (19); Diners Club International 36, 300-305, 3095, 38-39
#: (14, 16-19: no network issues 15 digits there, which IMEIs have); Maestro 5018,
#: 5020, 5038, 5893, 6304, 6759, 6761-6763 and Maestro UK 676770, 676774 (the networks
#: allow 12-19; 16-19 kept: shorter Maestro numbers are rare, and 13-digit ones collide
#: with South African identity numbers); Mir 2200-2204 (16-19); RuPay 60, 65, 81, 82,
#: 508, 353, 356 (16); Verve 506099-506198, 650002-650027, 507865-507964 (16, 18, 19);
#: Troy 9792 (16); Dankort 5019 (16); BORICA 2205 (16); InterPayment 636 (16-19);
#: InstaPayment 637-639 (16); UkrCard 604001-604200 (16-19); LankaPay 357111 (16);
#: UzCard 8600 (16); Humo 9860 (16); Napas 9704 (16, 19); GPN 1946, 50, 56, 58, 60-63
#: (16, 18, 19); and the discontinued Laser (6304, 6706, 6709, 6771: 16-19), Solo (6334,
#: 6767) and Switch (4903, 4905, 4911, 4936, 564182, 633110, 6333, 6759) ranges (16, 18,
#: 19), whose numbers still appear in records. UATP (1, 15 digits) is left out: airline
#: accounts, not payment cards. JCB's 35 block beyond 3528-3589 is kept at 16-19 digits:
#: card generators (Faker, for one) use all of it, and no other Luhn-checked identifier
#: of that length starts with 35.
_16_TO_19 = frozenset(range(16, 20))
_DINERS = frozenset({14, 16, 17, 18, 19})
_16_18_19 = frozenset({16, 18, 19})
_16 = frozenset({16})
CARD_RANGES: tuple[tuple[str, str, frozenset[int]], ...] = (
    ("4", "4", frozenset({13, 16, 19})),
    ("51", "55", _16),
    ("2221", "2720", _16),
    ("34", "34", frozenset({15})),
    ("37", "37", frozenset({15})),
    ("6011", "6011", _16_TO_19),
    ("644", "649", _16_TO_19),
    ("65", "65", _16_TO_19),
    ("3500", "3599", _16_TO_19),
    ("3088", "3094", _16),
    ("3096", "3102", _16),
    ("3112", "3120", _16),
    ("3158", "3159", _16),
    ("3337", "3349", _16),
    ("1800", "1800", frozenset({15})),
    ("2131", "2131", frozenset({15})),
    ("62", "62", _16_TO_19),
    ("81", "81", _16_TO_19),
    ("82", "82", _16),
    ("31", "31", frozenset({19})),
    ("36", "36", _DINERS),
    ("300", "305", _DINERS),
    ("3095", "3095", _DINERS),
    ("38", "39", _DINERS),
    ("5018", "5018", _16_TO_19),
    ("5020", "5020", _16_TO_19),
    ("5038", "5038", _16_TO_19),
    ("5893", "5893", _16_TO_19),
    ("6304", "6304", _16_TO_19),
    ("6759", "6759", _16_TO_19),
    ("6761", "6763", _16_TO_19),
    ("2200", "2204", _16_TO_19),
    ("60", "60", _16_18_19),
    ("508", "508", _16),
    ("506099", "506198", _16_18_19),
    ("507865", "507964", _16_18_19),
    ("650002", "650027", _16_18_19),
    ("9792", "9792", _16),
    ("5019", "5019", _16),
    ("2205", "2205", _16),
    ("636", "636", _16_TO_19),
    ("637", "639", _16),
    ("604001", "604200", _16_TO_19),
    ("8600", "8600", _16),
    ("9860", "9860", _16),
    ("9704", "9704", frozenset({16, 19})),
    ("1946", "1946", _16_18_19),
    ("50", "50", _16_18_19),
    ("56", "56", _16_18_19),
    ("58", "58", _16_18_19),
    ("61", "63", _16_18_19),
    ("6706", "6706", _16_TO_19),
    ("6709", "6709", _16_TO_19),
    ("6771", "6771", _16_TO_19),
    ("6334", "6334", _16_18_19),
    ("6767", "6767", _16_18_19),
    ("564182", "564182", _16_18_19),
    ("633110", "633110", _16_18_19),
    ("6333", "6333", _16_18_19),
)


def card_issued(digits: str) -> bool:
    """True when a card network assigns numbers of this prefix and length."""
    length = len(digits)
    for low, high, lengths in CARD_RANGES:
        if length in lengths and low <= digits[: len(low)] <= high:
            return True
    return False


def card_number(value: str) -> bool:
    """A payment card number: an assigned issuer prefix and length, and the Luhn check."""
    digits = _digits(value)
    return 13 <= len(digits) <= 19 and card_issued(digits) and luhn.is_valid(digits)


# --- devices ------------------------------------------------------------------------

_MAC_NOT_A_DEVICE = frozenset({"00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff"})


def mac_address(value: str) -> bool:
    """A MAC address (IEEE EUI-48): six hex octets, ``:``/``-`` separated or Cisco-dotted.

    python-stdnum validates the shape; the manufacturer is not required to
    be registered (locally administered and unregistered addresses are still
    a device's). The null and broadcast addresses name no device, and six
    groups of decimal digits are more often a serial or a date than a MAC, unless
    their first three name a registered manufacturer (VMware's 00:50:56).
    """
    if value.count(".") == 2:
        hex_digits = value.replace(".", "")
        value = ":".join(hex_digits[index : index + 2] for index in range(0, 12, 2))
    if not mac.is_valid(value, validate_manufacturer=False):
        return False
    compact = mac.compact(value)
    if compact in _MAC_NOT_A_DEVICE:
        return False
    return not compact.replace(":", "").isdigit() or mac.is_valid(value, validate_manufacturer=True)


def imei_number(value: str) -> bool:
    """A 15-digit IMEI with its Luhn check digit (python-stdnum).

    The 14-digit form (no check digit) and the 16-digit IMEISV carry no
    checksum: any number of that length would pass, so they are not accepted.
    """
    return len(imei.compact(value)) == 15 and imei.is_valid(value)


# --- crypto-currency addresses ------------------------------------------------------

#: BIP-173 (Bech32, witness version 0) and BIP-350 (Bech32m, versions 1-16) checksum constants.
_BECH32_CONSTANT = 1
_BECH32M_CONSTANT = 0x2BC830A3
_BECH32_ALPHABET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech32_address(address: str) -> bool:
    """A Bitcoin segwit address (BIP-173 Bech32 for v0, BIP-350 Bech32m for v1-v16).

    The polymod comes from python-stdnum; the version rules are the BIPs':
    one case throughout, the ``bc`` prefix, a version 0-16, a 2-40 byte witness
    program (20 or 32 bytes for version 0), and the constant of the version.
    """
    if address != address.lower() and address != address.upper():
        return False
    address = address.lower()
    hrp, _, data_part = address.rpartition("1")
    if hrp != "bc" or not 6 < len(data_part) <= 87:
        return False
    if any(character not in _BECH32_ALPHABET for character in data_part):
        return False
    data = [_BECH32_ALPHABET.index(character) for character in data_part]
    expanded = [ord(character) >> 5 for character in hrp] + [0]
    expanded += [ord(character) & 31 for character in hrp]
    constant = bitcoin.bech32_checksum(expanded + data)
    version = data[0]
    if constant != (_BECH32_CONSTANT if version == 0 else _BECH32M_CONSTANT) or version > 16:
        return False
    try:
        program = bitcoin.b32decode(data[1:-6])
    except Exception:  # padding bits left over: not a program
        return False
    if version == 0:
        return len(program) in (20, 32)
    return 2 <= len(program) <= 40


def bitcoin_address(value: str) -> bool:
    """A Bitcoin address: Base58Check P2PKH/P2SH (python-stdnum) or Bech32/Bech32m segwit."""
    if value[:3].lower() == "bc1":
        return _bech32_address(value)
    return value[:1] in "13" and bool(bitcoin.is_valid(value))


def _keccak256_hex(text: str) -> str:
    return keccak.new(digest_bits=256, data=text.encode("ascii")).hexdigest()


def ethereum_address(value: str) -> bool:
    """An Ethereum address: ``0x`` and 40 hex digits, EIP-55 checksummed when mixed-case.

    EIP-55: a letter of the address is upper case exactly when the matching
    hex digit of Keccak-256(lower-case address) is 8 or more. All-lower and
    all-upper addresses carry no checksum and are accepted as they are.
    """
    if len(value) != 42 or value[:2] != "0x":
        return False
    address = value[2:]
    if not all(character in "0123456789abcdefABCDEF" for character in address):
        return False
    if address == address.lower() or address == address.upper():
        return True
    digest = _keccak256_hex(address.lower())
    return all(
        character.isupper() == (int(nibble, 16) >= 8)
        for character, nibble in zip(address, digest[:40], strict=True)
        if character.isalpha()
    )


def crypto_wallet(value: str) -> bool:
    """A Bitcoin or Ethereum address (see :func:`bitcoin_address`, :func:`ethereum_address`)."""
    if value[:2] == "0x":
        return ethereum_address(value)
    return bitcoin_address(value)


# --- dates of birth -----------------------------------------------------------------

#: Written forms of month names that CLDR does not list: Slovenian genitives as dates
#: decline them (``9. junija 1972``), Croatian ``studenog``, German ``Maerz`` without its
#: umlaut, Spanish ``setiembre`` (keys folded as :data:`MONTH_NAMES`'s).
_MORE_MONTH_NAMES: dict[str, tuple[int, ...]] = {
    "januarja": (1,),
    "februarja": (2,),
    "maerz": (3,),
    "junija": (6,),
    "julija": (7,),
    "avgusta": (8,),
    "setiembre": (9,),
    "studenog": (11,),
}
#: The Hebrew preposition a date glues to its month (``20 בנובמבר 1985``: in November).
_HEBREW_IN = "\u05d1"


def _months_named(name: str) -> tuple[int, ...]:
    """Return the months ``name`` names in a context language (none: no month name)."""
    key = fold(name)
    months = MONTH_NAMES.get(key) or _MORE_MONTH_NAMES.get(key)
    if months is None and key.startswith(_HEBREW_IN):
        months = MONTH_NAMES.get(key[1:])
    return months or ()


_NUMERIC_DATE = regex.compile(r"([0-9]{1,4})([./-])([0-9]{1,2})\2([0-9]{1,4})")
_DAY = r"(?P<day>[0-9]{1,2})(?:st|nd|rd|th|er|º|°)?\.?"
_MONTH = r"(?P<month>[^\W\d_]{3,12})\.?"
_YEAR = r"(?P<year>[0-9]{4})"
_TEXT_DATES = tuple(
    regex.compile(pattern, regex.IGNORECASE)
    for pattern in (
        rf"{_DAY}[ -]{{1,2}}(?:de[ ]|of[ ])?{_MONTH}[ ,-]{{1,2}}(?:de[ ]|del[ ])?{_YEAR}",
        rf"{_MONTH}[ ]{{1,2}}{_DAY},?[ ]{{1,2}}{_YEAR}",
        # Lithuanian, year first: 2004 m. rugpjūčio 27 d.
        rf"{_YEAR}[ ]m\.[ ]{_MONTH}[ ]{_DAY}(?:[ ]d\.?)?",
        # An airline record's day, month abbreviation and two-digit year: 07NOV62.
        r"(?P<day>[0-9]{2})(?P<month>[A-Za-z]{3})(?P<year>[0-9]{2})",
    )
)
#: The Japanese calendar's eras since 1912 and the day each began: its first year (元年) is
#: that day's Gregorian year (昭和23年8月16日 is 16 August 1948), and an earlier day of that
#: year belongs to the era before.
_ERA_STARTS = {
    "大正": datetime.date(1912, 7, 30),
    "昭和": datetime.date(1926, 12, 25),
    "平成": datetime.date(1989, 1, 8),
    "令和": datetime.date(2019, 5, 1),
}
_JAPANESE_ERA_DATE = regex.compile(
    rf"(?P<era>{'|'.join(_ERA_STARTS)})[ ]?(?P<year>元|[0-9]{{1,2}})[ ]?年"
    r"[ ]?(?P<month>[0-9]{1,2})[ ]?月[ ]?(?P<day>[0-9]{1,2})[ ]?日"
)
#: Dates written with spaces after their dots, day first (``7. 1. 1965``, Czech, Slovak,
#: German) or year first (``1965. 01. 07.``, Hungarian), and in Chinese, Japanese or
#: Korean (``1977年5月30日``, ``1988년 6월 30일``).
_SPACED_AND_CJK_DATES = tuple(
    regex.compile(pattern)
    for pattern in (
        r"(?P<day>[0-9]{1,2})\.[ ]?(?P<month>[0-9]{1,2})\.[ ]?(?P<year>[0-9]{4})",
        r"(?P<year>[0-9]{4})\.[ ](?P<month>[0-9]{1,2})\.[ ](?P<day>[0-9]{1,2})\.?",
        # One space between the parts, day first or year first (a form's boxes, or thin
        # spaces folded): 17 03 1989, 2001 09 19.
        r"(?P<day>[0-9]{1,2})[ ](?P<month>[0-9]{1,2})[ ](?P<year>[0-9]{4})",
        r"(?P<year>[0-9]{4})[ ](?P<month>[0-9]{1,2})[ ](?P<day>[0-9]{1,2})",
        # Day and month with a slash, then the year after a space (Swedish, Norwegian:
        # 15/4 1958) or a dash (Danish: 14/11-1949).
        r"(?P<day>[0-9]{1,2})/(?P<month>[0-9]{1,2})[ -](?P<year>[0-9]{4})",
        # ISO 8601's basic format, as a vCard's BDAY or a record's field writes it; and
        # with a two-digit year, as EDIFACT's DTM+329 does by default.
        r"(?P<year>[0-9]{4})(?P<month>[0-9]{2})(?P<day>[0-9]{2})",
        r"(?P<year>[0-9]{2})(?P<month>[0-9]{2})(?P<day>[0-9]{2})",
        r"(?P<year>[0-9]{4})[ ]?年[ ]?(?P<month>[0-9]{1,2})[ ]?月[ ]?(?P<day>[0-9]{1,2})[ ]?日",
        r"(?P<year>[0-9]{4})[ ]?년[ ]?(?P<month>[0-9]{1,2})[ ]?월[ ]?(?P<day>[0-9]{1,2})[ ]?일",
    )
)
#: The year's abbreviated word after a date (Polish 14.03.1985 r., and its Cyrillic
#: counterpart in Bulgarian and Russian), or the full stop closing a Hungarian one
#: (1944.10.27.).
_YEAR_WORD = regex.compile(r"(?:[ ](?:r|\u0433)|(?<=^[0-9]{4}\.[0-9]{1,2}\.[0-9]{1,2}))\.$")
#: The Thai solar calendar counts years from 543 BC (B.E. 2528 is 1985): a four-digit
#: year from 2443 (1900) on, past this year, is read as one.
_BUDDHIST_ERA = 543
#: The earliest year of birth accepted.
_EARLIEST_YEAR = 1900


def _plausible_birth(year: int, month: int, day: int) -> bool:
    """True when year-month-day is a calendar date from 1900 up to today."""
    try:
        date = datetime.date(year, month, day)
    except ValueError:
        return False
    return datetime.date(_EARLIEST_YEAR, 1, 1) <= date <= datetime.date.today()


def _full_year(year: str) -> int:
    """The year of a 2- or 4-digit year; two digits are this century up to this year, and
    four past this year are a Thai Buddhist-era year (:data:`_BUDDHIST_ERA`)."""
    if len(year) == 4:
        number = int(year)
        if number > datetime.date.today().year and number - _BUDDHIST_ERA >= _EARLIEST_YEAR:
            return number - _BUDDHIST_ERA
        return number
    this_century = datetime.date.today().year // 100 * 100
    full = this_century + int(year)
    return full if full <= datetime.date.today().year else full - 100


def numeric_dates(value: str) -> list[datetime.date]:
    """Return the calendar dates a numeric date can be read as: year-month-day,
    day-month-year or month-day-year, with one of ``/ - .`` throughout and a two- or
    four-digit year (none when it is no such date)."""
    numeric = _NUMERIC_DATE.fullmatch(value)
    if numeric is None:
        return []
    first, _, second, last = numeric.groups()
    if len(first) == 4:
        readings = [(_full_year(first), int(second), int(last))] if len(last) <= 2 else []
    elif len(first) > 2 or len(last) not in (2, 4):
        readings = []
    else:
        year = _full_year(last)
        readings = [(year, int(second), int(first)), (year, int(first), int(second))]
    dates: list[datetime.date] = []
    for year, month, day in readings:
        try:
            dates.append(datetime.date(year, month, day))
        except ValueError:
            continue
    return dates


def date_of_birth(value: str) -> bool:
    """A date a person can have been born on, written in a common format.

    Numeric: year-month-day, day-month-year or month-day-year with one of
    ``/ - .`` throughout (two- or four-digit year, or a Thai Buddhist-era year:
    ``14/03/2528``), or with spaces after the dots (``14. 3. 1985``, ``1985. 03. 14.``) or
    between the parts (``14 03 1985``, ``1985 03 14``), or Nordic (``15/4 1958``,
    ``14/11-1949``), the year's abbreviated word after it (Polish ``r.``, Bulgarian's);
    written: ``14 March 1985``, ``March 14, 1985``, ``14th of March 1985``,
    ``14-Mar-1985``, ``14. März 1985``, ``14 de marzo de 1985`` and the like, with the
    month names CLDR gives every context language, declined as dates write them
    (``8. kolovoza 1981``, ``14 października 1985``, ``11 Νοεμβρίου 1975``,
    ``4 ноември 1965``, ``20 בנובמבר 1985``, ``13 มกราคม 2539`` in the Buddhist era),
    accents optional, and Lithuanian's ``2004 m. rugpjūčio 27 d.``; and ``1985年3月14日``,
    ``1985년 3월 14일`` and the Japanese era's ``昭和60年3月14日`` (``平成元年``: its first year);
    compact, as records write it: ``19850314``, ``850314`` and ``14MAR85``.
    The date must exist and lie between 1900 and today.
    """
    value = _YEAR_WORD.sub("", value.strip())
    if _NUMERIC_DATE.fullmatch(value) is not None:
        earliest = datetime.date(_EARLIEST_YEAR, 1, 1)
        return any(earliest <= date <= datetime.date.today() for date in numeric_dates(value))
    for pattern in _SPACED_AND_CJK_DATES:
        spaced = pattern.fullmatch(value)
        if spaced is not None:
            return _plausible_birth(
                _full_year(spaced["year"]), int(spaced["month"]), int(spaced["day"])
            )
    era = _JAPANESE_ERA_DATE.fullmatch(value)
    if era is not None:
        began = _ERA_STARTS[era["era"]]
        year = began.year - 1 + (1 if era["year"] == "元" else int(era["year"]))
        month, day = int(era["month"]), int(era["day"])
        return _plausible_birth(year, month, day) and datetime.date(year, month, day) >= began
    for pattern in _TEXT_DATES:
        written = pattern.fullmatch(value)
        if written is not None:
            year, day = _full_year(written["year"]), int(written["day"])
            return any(
                _plausible_birth(year, month, day) for month in _months_named(written["month"])
            )
    return False


CHECKS: dict[str, Callable[[str], bool]] = {
    "card_number": card_number,
    "mac_address": mac_address,
    "imei": imei_number,
    "bitcoin_address": bitcoin_address,
    "ethereum_address": ethereum_address,
    "crypto_wallet": crypto_wallet,
    "date_of_birth": date_of_birth,
}
