"""United States values.

Sources: SSN and ITIN validity from ``stdnum.us.ssn`` / ``stdnum.us.itin``
(SSA: area 000, 666 and 900-999, group 00 and serial 0000 are never issued;
IRS: ITIN 9XX with group 50-65, 70-88, 90-92, 94-99); ABA routing numbers from
``stdnum.us.rtn`` (3-7-1 weighted check); NPI from CMS, "Requirements for the
National Provider Identifier check digit" (Luhn over the prefix 80840 and the
first nine digits); MBI from CMS, "Understanding the Medicare Beneficiary
Identifier format" (11 characters, positions C A AN N A AN N A A N N, letters
without S L O I B Z); passport book numbers from the Department of State (nine
digits, or a letter and eight digits since the 2021 Next Generation passport);
driver's licence formats from the issuing states' DMVs (as collected in the
AAMVA DL/ID card design standard annex); street addresses from USPS
Publication 28.
"""

from __future__ import annotations

import random

from stdnum import luhn
from stdnum.us import itin, rtn, ssn

from .build import DIGITS, UPPER, chars, digits, group, safe, until
from .model import Spec
from .names import LAST
from .usps import CITIES, DIRECTIONALS, SUFFIXES, UNITS

# --- SSN / ITIN -----------------------------------------------------------------------------

_SSN_CONTEXT = ("SSN", "social security", "SS#")
_SSN_SENTENCES = (
    "My SSN is {v}, please keep it private.",
    "Social Security number: {v}",
    "SSN {v} was used on the loan application.",
    "Employee record — SS# {v}",
)


def _ssn_digits(rng: random.Random) -> str:
    return until(rng, lambda r: digits(r, 9), safe(ssn.is_valid))


def _ssn_dashed(rng: random.Random) -> str:
    number = _ssn_digits(rng)
    return group(number, (3, 2, 4), "-" if rng.random() < 0.85 else " ")


def _ssn_bare(rng: random.Random) -> str:
    return _ssn_digits(rng)


def ssn_written_valid(text: str) -> bool:
    """A valid SSN written with separators (3-2-4): the spelling that needs no context."""
    # stdnum accepts the dashed spelling; the spaced one is the same number.
    return (
        len(text) == 11
        and text[3] in "- "
        and text[6] == text[3]
        and bool(ssn.is_valid(text.replace(" ", "-")))
    )


def ssn_bare_valid(text: str) -> bool:
    """A valid SSN as nine bare digits (needs context)."""
    return text.isdigit() and bool(ssn.is_valid(text))


def ssn_invalid(rng: random.Random) -> str:
    """An SSN the SSA never issues: area 000 or 666, group 00 or serial 0000."""
    area, grp, serial = digits(rng, 3, "12345678"), digits(rng, 2), digits(rng, 4)
    broken = rng.choice(("area0", "area666", "group", "serial"))
    if broken == "area0":
        area = "000"
    elif broken == "area666":
        area = "666"
    elif broken == "group":
        grp = "00"
    else:
        serial = "0000"
    return f"{area}-{grp}-{serial}"


_ITIN_CONTEXT = ("ITIN", "taxpayer identification")
_ITIN_SENTENCES = (
    "My ITIN is {v}.",
    "Individual Taxpayer Identification Number: {v}",
    "Please file under ITIN {v} this year.",
)
# stdnum.us.itin's groups (70-88, 90-92, 94-99). The IRS added 50-65 in 2011; stdnum does not
# accept those, so the corpus neither uses them as values nor as hard negatives.
_ITIN_GROUPS = (*range(70, 89), 90, 91, 92, *range(94, 100))


def _itin(rng: random.Random) -> str:
    number = f"9{digits(rng, 2)}{rng.choice(_ITIN_GROUPS):02d}{digits(rng, 4)}"
    return group(number, (3, 2, 4), "-")


def itin_invalid(rng: random.Random) -> str:
    """A 9XX number whose group the IRS does not use for ITINs (and no SSN starts with 9)."""
    return f"9{digits(rng, 2)}-{rng.choice((0, 10, 22, 35, 48, 89, 93)):02d}-{digits(rng, 4)}"


# --- passport, driver's licence, bank account, routing, NPI, MBI ---------------------------

_PASSPORT_CONTEXT = ("passport", "US passport", "U.S. passport")
_PASSPORT_SENTENCES = (
    "US passport number {v}, expires 2031.",
    "U.S. Passport No.: {v}",
    "Her US passport ({v}) was renewed last spring.",
)


def _us_passport(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return digits(rng, 9, "123456789")
    return rng.choice(UPPER) + digits(rng, 8)


# state -> writer of its licence number
def _dl_ca(r: random.Random) -> str:
    return r.choice(UPPER) + digits(r, 7)


def _dl_fl(r: random.Random) -> str:
    return group(r.choice(UPPER) + digits(r, 12), (4, 3, 2, 3, 1), "-")


def _dl_il(r: random.Random) -> str:
    return group(r.choice(UPPER) + digits(r, 11), (4, 4, 4), "-")


def _dl_nj(r: random.Random) -> str:
    return group(r.choice(UPPER) + digits(r, 14), (5, 5, 5), " ")


def _dl_wa(r: random.Random) -> str:
    return "WDL" + chars(r, UPPER + DIGITS, 9)


_DL_FORMATS = {
    "California": _dl_ca,
    "New York": lambda r: group(digits(r, 9), (3, 3, 3), " "),
    "Florida": _dl_fl,
    "Texas": lambda r: digits(r, 8),
    "Illinois": _dl_il,
    "Pennsylvania": lambda r: group(digits(r, 8), (2, 3, 3), " "),
    "Washington": _dl_wa,
    "New Jersey": _dl_nj,
    "Ohio": lambda r: chars(r, UPPER, 2) + digits(r, 6),
    "Massachusetts": lambda r: "S" + digits(r, 8),
}


def _dl_spec_sentences() -> tuple[str, ...]:
    return tuple(
        f"{state} driver's license {{v}}, class C." if i % 2 else f"Driver license ({state}): {{v}}"
        for i, state in enumerate(_DL_FORMATS)
    )


_DL_CONTEXT = ("driver's license", "driver license", "DL")


def _dl_maker(state: str):  # type: ignore[no-untyped-def]
    return _DL_FORMATS[state]


_ACCOUNT_CONTEXT = ("account number", "checking account", "savings account", "acct")
_ACCOUNT_SENTENCES = (
    "Direct deposit to checking account {v}, please.",
    "Bank account number: {v}",
    "Acct # {v} at First National.",
)


def _bank_account(rng: random.Random) -> str:
    return digits(rng, rng.randint(8, 17), "123456789")


_ROUTING_CONTEXT = ("routing number", "ABA", "routing")
_ROUTING_SENTENCES = (
    "Routing number {v}, account ending 4412.",
    "ABA: {v}",
    "Use routing {v} for the wire.",
)
_ROUTING_HEADS = (*range(1, 13), *range(21, 33), *range(61, 73), 80)


def _routing(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = f"{r.choice(_ROUTING_HEADS):02d}{digits(r, 6)}"
        return body + rtn.calc_check_digit(body)

    return until(rng, candidate, safe(rtn.is_valid))


def routing_invalid(rng: random.Random) -> str:
    """A routing number with one digit changed (the 3-7-1 check fails)."""
    number = _routing(rng)
    return number[:-1] + str((int(number[-1]) + rng.randint(1, 9)) % 10)


_NPI_CONTEXT = ("NPI", "National Provider Identifier")
_NPI_SENTENCES = (
    "Referring physician NPI: {v}",
    "The clinic's NPI is {v}.",
    "National Provider Identifier {v} (Dr. Evans)",
)


def npi_valid(text: str) -> bool:
    """CMS: Luhn over 80840 followed by the ten digits."""
    return len(text) == 10 and text.isdigit() and text[0] in "12" and luhn.is_valid("80840" + text)


def _npi(rng: random.Random) -> str:
    body = digits(rng, 9, "12")
    return body + luhn.calc_check_digit("80840" + body)


def npi_invalid(rng: random.Random) -> str:
    """An NPI whose check digit is wrong."""
    number = _npi(rng)
    return number[:-1] + str((int(number[-1]) + rng.randint(1, 9)) % 10)


_MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY"  # A-Z without S, L, O, I, B, Z (CMS)
_MBI_CONTEXT = ("MBI", "Medicare")
_MBI_SENTENCES = (
    "Medicare Beneficiary Identifier: {v}",
    "My new Medicare card shows {v}.",
    "MBI {v} — claim resubmitted.",
)


def _mbi(rng: random.Random) -> str:
    alnum = _MBI_LETTERS + DIGITS
    text = (
        rng.choice("123456789")
        + rng.choice(_MBI_LETTERS)
        + rng.choice(alnum)
        + rng.choice(DIGITS)
        + rng.choice(_MBI_LETTERS)
        + rng.choice(alnum)
        + rng.choice(DIGITS)
        + rng.choice(_MBI_LETTERS)
        + rng.choice(_MBI_LETTERS)
        + rng.choice(DIGITS)
        + rng.choice(DIGITS)
    )
    return group(text, (4, 3, 4), "-") if rng.random() < 0.3 else text


def mbi_valid(text: str) -> bool:
    """The CMS positional format (dashes allowed between 4-3-4)."""
    value = text.replace("-", "")
    if len(value) != 11:
        return False
    classes = "CAXNAXNAANN"
    for character, kind in zip(value, classes, strict=True):
        ok = {
            "C": character in "123456789",
            "A": character in _MBI_LETTERS,
            "X": character in _MBI_LETTERS or character.isdigit(),
            "N": character.isdigit(),
        }[kind]
        if not ok:
            return False
    return True


def mbi_invalid(rng: random.Random) -> str:
    """An MBI-shaped string using a letter CMS excludes (S, L, O, I, B, Z) or starting with 0."""
    value = _mbi(rng).replace("-", "")
    barred = rng.choice("SLOIBZ")
    value = "0" + value[1:] if rng.random() < 0.5 else value[0] + barred + value[2:]
    return value


# --- street addresses -----------------------------------------------------------------------

_STREET_NAMES = (
    "Maple",
    "Oak",
    "Cedar",
    "Elm",
    "Walnut",
    "Washington",
    "Lincoln",
    "Jefferson",
    "Madison",
    "Franklin",
    "Highland",
    "Sunset",
    "Ridgeview",
    "Willow",
    "Hickory",
    "Magnolia",
    "Chestnut",
    "Martin Luther King Jr",
    "Old Mill",
    "Deer Run",
    "Fox Hollow",
    "Johnson",
    "Prospect",
    "Cherry Blossom",
    "Kingsley",
    "Silver Lake",
    "Wildwood",
    "Aspen",
    "Bayview",
    "Laurel",
)
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "7th", "12th", "21st", "42nd", "53rd", "101st")


def _suffix_word(rng: random.Random, primary: str) -> str:
    standard, spellings = SUFFIXES[primary]
    style = rng.random()
    if style < 0.45:
        word = primary
    elif style < 0.85:
        word = standard
    else:
        word = rng.choice(spellings)
    word = word.title() if rng.random() < 0.85 else word
    if word != primary.title() and word.isalpha() and rng.random() < 0.25:
        word += "."
    return word


def _directional(rng: random.Random) -> str:
    name = rng.choice(tuple(DIRECTIONALS))
    return name.title() if rng.random() < 0.3 else DIRECTIONALS[name]


# Publication 28 C2: these designators take no secondary range number.
_UNITS_WITHOUT_NUMBER = frozenset(
    ("BASEMENT", "FRONT", "LOBBY", "LOWER", "OFFICE", "PENTHOUSE", "REAR", "SIDE", "UPPER")
)


def street_address(rng: random.Random, primary: str | None = None) -> str:
    """A USPS Publication 28 street address, with optional directionals, unit and city line."""
    primary = primary or rng.choice(tuple(SUFFIXES))
    parts = [
        str(rng.choice((rng.randint(1, 99), rng.randint(100, 9999), rng.randint(10000, 99999))))
    ]
    if rng.random() < 0.2:
        parts.append(_directional(rng))
    name = rng.choice(_ORDINALS) if rng.random() < 0.15 else rng.choice(_STREET_NAMES + LAST["en"])
    parts += [name, _suffix_word(rng, primary)]
    if rng.random() < 0.1:
        parts.append(DIRECTIONALS[rng.choice(tuple(DIRECTIONALS))])
    text = " ".join(parts)
    if rng.random() < 0.35:
        unit = rng.choice(tuple(UNITS))
        designator = rng.choice((unit.title(), UNITS[unit].title(), UNITS[unit], "#"))
        number = str(rng.randint(1, 40)) + (rng.choice(UPPER[:6]) if rng.random() < 0.2 else "")
        if designator == "#":
            secondary = f"#{number}"
        elif unit in _UNITS_WITHOUT_NUMBER:
            secondary = designator
        else:
            secondary = f"{designator} {number}"
        text += (", " if rng.random() < 0.6 else " ") + secondary
    if rng.random() < 0.6:
        city, state, zip3 = rng.choice(CITIES)
        zip_code = zip3 + digits(rng, 2)
        if rng.random() < 0.3:
            zip_code += "-" + digits(rng, 4)
        text += f", {city}, {state} {zip_code}"
    return text


_SUFFIX_WORDS = frozenset(s for _, spellings in SUFFIXES.values() for s in spellings)


def address_valid(text: str) -> bool:
    """A house number, at least one name word, then a Publication 28 street suffix."""
    words = text.replace(",", " ").replace(".", " ").split()
    if len(words) < 3 or not words[0].isdigit():
        return False
    return any(word.upper() in _SUFFIX_WORDS for word in words[2:])


_ADDRESS_CONTEXT = ("address", "live at", "ship to", "mail")
_ADDRESS_SENTENCES = (
    "Please ship the order to {v}.",
    "My mailing address is {v}.",
    "We live at {v} since May.",
    "Billing address: {v}",
)


def _address_maker(primaries: tuple[str, ...]):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        return street_address(rng, rng.choice(primaries))

    return make


def specs() -> list[Spec]:
    """Every United States value spec."""
    result = [
        Spec(
            "US_SSN",
            "us_ssn.dashed",
            "en",
            _ssn_dashed,
            _SSN_SENTENCES,
            _SSN_CONTEXT,
            check=ssn_written_valid,
            checksum=True,
            invalid=ssn_invalid,
            source="stdnum.us.ssn (SSA)",
        ),
        Spec(
            "US_SSN",
            "us_ssn.bare",
            "en",
            _ssn_bare,
            _SSN_SENTENCES,
            _SSN_CONTEXT,
            check=ssn_bare_valid,
            checksum=True,
            invalid=ssn_invalid,
            plain=False,
            needs_context=True,
            source="stdnum.us.ssn (SSA)",
        ),
        Spec(
            "US_ITIN",
            "us_itin",
            "en",
            _itin,
            _ITIN_SENTENCES,
            _ITIN_CONTEXT,
            check=safe(itin.is_valid),
            checksum=True,
            invalid=itin_invalid,
            source="stdnum.us.itin (IRS)",
        ),
        Spec(
            "US_PASSPORT",
            "us_passport",
            "en",
            _us_passport,
            _PASSPORT_SENTENCES,
            _PASSPORT_CONTEXT,
            source="U.S. Department of State passport book numbers",
        ),
        Spec(
            "US_BANK_ACCOUNT",
            "us_bank_account",
            "en",
            _bank_account,
            _ACCOUNT_SENTENCES,
            _ACCOUNT_CONTEXT,
            source="ABA: 8-17 digit account numbers",
        ),
        Spec(
            "US_ABA_ROUTING",
            "us_aba_routing",
            "en",
            _routing,
            _ROUTING_SENTENCES,
            _ROUTING_CONTEXT,
            check=safe(rtn.is_valid),
            checksum=True,
            invalid=routing_invalid,
            source="stdnum.us.rtn (ABA)",
        ),
        Spec(
            "US_NPI",
            "us_npi",
            "en",
            _npi,
            _NPI_SENTENCES,
            _NPI_CONTEXT,
            check=npi_valid,
            checksum=True,
            invalid=npi_invalid,
            source="CMS NPI check digit",
        ),
        Spec(
            "US_MBI",
            "us_mbi",
            "en",
            _mbi,
            _MBI_SENTENCES,
            _MBI_CONTEXT,
            check=mbi_valid,
            checksum=True,
            invalid=mbi_invalid,
            source="CMS MBI format",
        ),
    ]
    for state in _DL_FORMATS:
        sentences = tuple(s for s in _dl_spec_sentences() if state in s)
        result.append(
            Spec(
                "US_DRIVER_LICENSE",
                f"us_driver_license.{state.lower().replace(' ', '_')}",
                "en",
                _dl_maker(state),
                sentences,
                _DL_CONTEXT,
                source=f"{state} DMV licence format",
            )
        )
    primaries = tuple(SUFFIXES)
    # Eight address specs, each drawing from an eighth of the suffixes, so every suffix appears.
    for index in range(8):
        result.append(
            Spec(
                "POSTAL_ADDRESS",
                f"us_address.{index}",
                "en",
                _address_maker(primaries[index::8]),
                _ADDRESS_SENTENCES,
                _ADDRESS_CONTEXT,
                check=address_valid,
                source="USPS Publication 28",
            )
        )
    return result


# Number-and-suffix phrases whose words between are not a street name (not addresses).
NOT_ADDRESSES = (
    "I walked 5 miles along the river trail yesterday.",
    "The 4 of us met at the Plaza for lunch.",
    "We booked 2 nights at the Lodge in March.",
    "Gate 7 is next to the Station entrance.",
    "Take exit 42 toward the Bridge and keep left.",
    "Chapter 12 describes the Loop in detail.",
    "Add 3 more chairs to the Court booking.",
    "There were 20 people waiting at the Terminal and the Park.",
    "He scored 2 goals before the Crossing was closed.",
    "Version 3 of the Gateway firmware ships today.",
)
