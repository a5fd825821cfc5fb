"""United Kingdom and Germany.

Sources: National Insurance numbers from HMRC's National Insurance Manual
NIM39110 (prefix letters: first not D F I Q U V, second not D F I O Q U V;
BG GB KN NK NT TN ZZ never allocated; suffix A-D); NHS numbers from
``stdnum.gb.nhs`` (NHS Data Dictionary, modulus 11); passport numbers from HM
Passport Office (nine digits); driving licence numbers from the DVLA layout
(surname, decade, month (+5 for women), day, year, initials, a digit, two check
letters; the check letters' algorithm is not published, so any letters);
postcodes from the Royal Mail Programmers' Guide / BS 7666 (the six outward and
inward shapes and their letter restrictions); vehicle registrations from the
DVLA 2001 scheme (area letters, age identifier, three letters, no I or Q).
Steuer-ID and Steuernummer from ``stdnum.de.idnr`` and ``stdnum.de.stnr``
(regional layouts); Personalausweis and Reisepass document numbers from ICAO
Doc 9303 part 3 (7-3-1 check digit) and the BMI specimen layout (letters
C F G H J K L M N P R T V W X Y Z and digits); the Rentenversicherungsnummer
from the VKVV section 2 (area number of the annex, birth date, initial, serial,
check digit with weights 2 1 2 5 7 1 2 1 2 1 2 1 over the letter as two
digits); the Krankenversichertennummer from the GKV-Spitzenverband KVNR
guideline (letter as two digits, weights 1 2 alternating, digit sums, modulo
10); VAT numbers from ``stdnum.de.vat``.
"""

from __future__ import annotations

import random

from stdnum.de import idnr, stnr, vat
from stdnum.gb import nhs
from stdnum.iso7064 import mod_11_10

from .build import DIGITS, UPPER, chars, digits, group, near_miss, safe, until
from .model import Spec
from .names import LAST
from .values_intl import birth_date

# --- United Kingdom -------------------------------------------------------------------------

_NINO_FIRST = "".join(c for c in UPPER if c not in "DFIQUV")
_NINO_SECOND = "".join(c for c in UPPER if c not in "DFIOQUV")
_NINO_BARRED = frozenset(("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"))


def nino_valid(text: str) -> bool:
    """HMRC NIM39110: allowed prefix letters, six digits, suffix A-D."""
    value = text.replace(" ", "").upper()
    return (
        len(value) == 9
        and value[0] in _NINO_FIRST
        and value[1] in _NINO_SECOND
        and value[:2] not in _NINO_BARRED
        and value[2:8].isdigit()
        and value[8] in "ABCD"
    )


def _nino(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        return r.choice(_NINO_FIRST) + r.choice(_NINO_SECOND) + digits(r, 6) + r.choice("ABCD")

    value = until(rng, candidate, nino_valid)
    return group(value, (2, 2, 2, 2, 1), " ") if rng.random() < 0.6 else value


def nino_invalid(rng: random.Random) -> str:
    """A NINO-shaped string with a barred prefix, a disallowed letter or suffix."""
    value = _nino(rng).replace(" ", "")
    broken = rng.random()
    if broken < 0.35:
        value = rng.choice(tuple(_NINO_BARRED)) + value[2:]
    elif broken < 0.7:
        value = rng.choice("DFIQUV") + value[1:]
    else:
        value = value[:8] + rng.choice("EFGXYZ")
    return group(value, (2, 2, 2, 2, 1), " ")


_NINO_CONTEXT = ("National Insurance", "NI number", "NINO", "NI No")
_NINO_SENTENCES = (
    "My National Insurance number is {v}.",
    "NI number: {v}",
    "Please quote NINO {v} on the P45.",
)


def _nhs(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 10, "4679"), safe(nhs.is_valid))
    return group(value, (3, 3, 4), rng.choice((" ", " ", "-", ""))) if rng.random() < 0.8 else value


def nhs_invalid(rng: random.Random) -> str:
    """An NHS number whose modulus-11 check fails."""
    value = until(rng, lambda r: digits(r, 10, "4679"), lambda v: not nhs.is_valid(v))
    return group(value, (3, 3, 4), " ")


_NHS_CONTEXT = ("NHS number", "NHS No", "NHS")
_NHS_SENTENCES = (
    "My NHS number is {v}.",
    "Patient NHS No: {v}",
    "Please add NHS number {v} to the referral.",
)


def _uk_passport(rng: random.Random) -> str:
    return digits(rng, 9, "12345")


_UK_PASSPORT_CONTEXT = ("passport", "British passport", "UK passport")
_UK_PASSPORT_SENTENCES = (
    "UK passport number {v}, issued in Durham.",
    "British passport no. {v}",
    "HM Passport Office issued my UK passport, number {v}.",
)


def _uk_driving_licence(rng: random.Random) -> str:
    surname = "".join(c for c in rng.choice(LAST["en"]).upper() if c.isalpha())[:5].ljust(5, "9")
    born = birth_date(rng)
    month = born.month + (50 if rng.random() < 0.5 else 0)
    initials = rng.choice(UPPER) + (rng.choice(UPPER) if rng.random() < 0.6 else "9")
    value = (
        f"{surname}{str(born.year)[2]}{month:02d}{born.day:02d}{str(born.year)[3]}"
        f"{initials}{rng.choice('9998')}{chars(rng, UPPER, 2)}"
    )
    if rng.random() < 0.2:
        value += f" {rng.randint(1, 9):02d}"  # the issue number printed after a space
    return value


def uk_driving_licence_valid(text: str) -> bool:
    """DVLA layout: 5 surname characters, 6 birth digits, 2 initials, a digit, 2 check letters."""
    value = text.split(" ")[0]
    if len(value) != 16:
        return False
    month = int(value[6:8]) % 50 if value[6:8].isdigit() else 0
    return (
        all(c.isalpha() or c == "9" for c in value[:5])
        and value[5:11].isdigit()
        and 1 <= month <= 12
        and 1 <= int(value[8:10]) <= 31
        and all(c.isalpha() or c == "9" for c in value[11:13])
        and value[13].isdigit()
        and value[14:16].isalpha()
    )


_UK_DL_CONTEXT = ("driving licence", "licence number", "DVLA")
_UK_DL_SENTENCES = (
    "Driving licence number: {v}",
    "My DVLA licence number is {v}.",
    "Hire desk copied driving licence {v}.",
)

_POSTCODE_AREAS = (
    "SW",
    "EC",
    "WC",
    "M",
    "B",
    "LS",
    "G",
    "EH",
    "CF",
    "BT",
    "N",
    "E",
    "W",
    "NW",
    "SE",
    "L",
    "S",
    "NG",
    "BS",
    "OX",
    "CB",
    "DN",
    "CR",
    "YO",
    "PL",
)
_INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ"  # not C I K M O V


def _uk_postcode(rng: random.Random) -> str:
    area = rng.choice(_POSTCODE_AREAS)
    district = str(rng.randint(1, 9 if area in ("EC", "WC") else 29))
    if area in ("EC", "WC", "SW", "W") and rng.random() < 0.3:
        district = str(rng.randint(1, 2)) + rng.choice(
            "ABCDEFGHJKPSTUW" if len(area) == 1 else "ABEHMNPRVWXY"
        )
    return f"{area}{district} {rng.randint(0, 9)}{chars(rng, _INWARD_LETTERS, 2)}"


_POSTCODE_SENTENCES = (
    "Please deliver to the depot at {v}.",
    "The office postcode is {v}.",
    "Return address postcode: {v}",
)

_REG_LETTERS = "".join(c for c in UPPER if c not in "IQZ")


def _uk_registration(rng: random.Random) -> str:
    year = rng.randint(2, 24)
    age = year if rng.random() < 0.5 else year + 50
    random_part = "".join(rng.choice("".join(c for c in UPPER if c not in "IQ")) for _ in range(3))
    return f"{chars(rng, _REG_LETTERS, 2)}{age:02d} {random_part}"


_REG_SENTENCES = (
    "The van's registration is {v}.",
    "Parking fine issued to vehicle {v}.",
    "Number plate {v} was seen leaving at 9pm.",
)

# --- Germany --------------------------------------------------------------------------------


def _idnr_candidate(rng: random.Random) -> str:
    # BZSt layout: among the first ten digits exactly one repeats (twice or three times).
    repeated = rng.choice(DIGITS)
    times = rng.choice((2, 2, 3))
    others = rng.sample([d for d in DIGITS if d != repeated], 10 - times)
    body = [repeated] * times + others
    rng.shuffle(body)
    text = "".join(body)
    return text + mod_11_10.calc_check_digit(text)


def _de_tax_id(rng: random.Random) -> str:
    value = until(rng, _idnr_candidate, safe(idnr.is_valid))
    style = rng.random()
    if style < 0.5:
        return value
    return group(value, (2, 3, 3, 3), " ")


def de_tax_id_invalid(rng: random.Random) -> str:
    """Eleven digits that fail the IdNr check (ISO 7064 mod 11,10 and digit counts)."""
    return until(rng, lambda r: digits(r, 11, "123456789"), lambda v: not idnr.is_valid(v))


_DE_TAX_ID_CONTEXT = ("Steuer-ID", "Steueridentifikationsnummer", "Identifikationsnummer", "IdNr")
_DE_TAX_ID_SENTENCES = (
    "Meine Steuer-ID lautet {v}.",
    "Steueridentifikationsnummer: {v}",
    "Bitte tragen Sie die Identifikationsnummer {v} in die Lohnabrechnung ein.",
    "IdNr {v} (siehe Schreiben des BZSt)",
)

_STNR_REGIONS = (
    "Bayern",
    "Baden-Württemberg",
    "Hessen",
    "Nordrhein-Westfalen",
    "Berlin",
    "Sachsen",
    "Niedersachsen",
    "Hamburg",
)


def _de_tax_number(rng: random.Random) -> str:
    region = rng.choice(_STNR_REGIONS)

    def candidate(r: random.Random) -> str:
        lengths = {
            "Bayern": (3, 3, 5),
            "Nordrhein-Westfalen": (3, 4, 4),
            "Hessen": (3, 3, 5),
            "Sachsen": (3, 3, 5),
        }
        parts = lengths.get(region, (2, 3, 5))
        first = "0" if region == "Hessen" else ("2" if region == "Sachsen" else "")
        number = first + digits(r, sum(parts) - len(first), "123456789" if not first else DIGITS)
        return group(number, parts, "/")

    return until(rng, candidate, lambda v: bool(stnr.is_valid(v, region)))


_DE_TAX_NUMBER_CONTEXT = ("Steuernummer", "St.-Nr.", "StNr")
_DE_TAX_NUMBER_SENTENCES = (
    "Steuernummer: {v} (Finanzamt München)",
    "Unsere Steuernummer lautet {v}.",
    "St.-Nr. {v}",
)

_DOC_LETTERS = "CFGHJKLMNPRTVWXYZ"
_DOC_ALPHABET = DIGITS + _DOC_LETTERS


def icao_check(text: str) -> str:
    """ICAO 9303 check digit: values 0-9, A=10..Z=35, weights 7 3 1, modulo 10."""
    values = [int(c) if c.isdigit() else ord(c) - 55 for c in text]
    return str(sum(v * w for v, w in zip(values, (7, 3, 1) * 4, strict=False)) % 10)


def _de_document(first: str):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        value = rng.choice(first) + chars(rng, _DOC_ALPHABET, 8)
        return value + icao_check(value) if rng.random() < 0.4 else value

    return make


def de_document_valid(text: str) -> bool:
    """Nine characters of the document alphabet, optionally followed by the ICAO check digit."""
    if len(text) not in (9, 10) or any(c not in _DOC_ALPHABET for c in text[:9]):
        return False
    return len(text) == 9 or icao_check(text[:9]) == text[9]


def de_document_invalid(rng: random.Random) -> str:
    """A document number with a wrong ICAO check digit."""
    value = rng.choice("LMNPRTVWXY") + chars(rng, _DOC_ALPHABET, 8)
    return value + str((int(icao_check(value)) + rng.randint(1, 9)) % 10)


_DE_ID_CONTEXT = (
    "Personalausweis",
    "Personalausweises",
    "Ausweisnummer",
    "Personalausweisnummer",
    "Ausweis",
)
_DE_ID_SENTENCES = (
    "Personalausweisnummer: {v}",
    "Die Nummer meines Personalausweises ist {v}.",
    "Ausweis-Nr. {v}, gültig bis 2030.",
)
_DE_PASSPORT_CONTEXT = ("Reisepass", "Passnummer", "Reisepassnummer")
_DE_PASSPORT_SENTENCES = (
    "Reisepassnummer: {v}",
    "Mein Reisepass hat die Nummer {v}.",
    "Passnummer {v} (Reisepass, ausgestellt in Köln)",
)

# VKVV annex area numbers.
_SV_AREAS = (
    "02",
    "03",
    "04",
    *(f"{n:02d}" for n in range(8, 22)),
    "23",
    "24",
    "25",
    "26",
    "28",
    "29",
    "38",
    "39",
    "40",
    *(
        str(40 + n)
        for n in (
            2,
            3,
            4,
            8,
            9,
            10,
            11,
            12,
            13,
            14,
            15,
            16,
            17,
            18,
            19,
            20,
            21,
            23,
            24,
            25,
            26,
            28,
            29,
        )
    ),
    "80",
    "81",
    "82",
    "89",
)


def sv_check(first_eleven: str) -> str:
    """VKVV section 2(6): the check digit of a Rentenversicherungsnummer."""
    number = first_eleven[:8] + f"{ord(first_eleven[8].upper()) - 64:02d}" + first_eleven[9:11]
    total = 0
    for character, weight in zip(number, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True):
        product = int(character) * weight
        total += product // 10 + product % 10
    return str(total % 10)


def _de_social_security(rng: random.Random) -> str:
    born = birth_date(rng)
    initial = rng.choice(LAST["de"])[0].upper().replace("Ü", "U")
    serial = rng.randint(0, 99)
    body = f"{rng.choice(_SV_AREAS)}{born:%d%m%y}{initial}{serial:02d}"
    value = body + sv_check(body)
    if rng.random() < 0.5:
        return f"{value[:2]} {value[2:8]} {value[8]} {value[9:]}"
    return value


def de_social_security_valid(text: str) -> bool:
    """Area number of the annex, a birth date, a letter, serial, VKVV check digit."""
    value = text.replace(" ", "")
    return (
        len(value) == 12
        and value[:8].isdigit()
        and value[8].isalpha()
        and value[9:].isdigit()
        and value[:2] in _SV_AREAS
        and sv_check(value[:11]) == value[11]
    )


def de_social_security_invalid(rng: random.Random) -> str:
    """A Rentenversicherungsnummer with the wrong check digit."""
    value = _de_social_security(rng).replace(" ", "")
    return value[:11] + str((int(value[11]) + rng.randint(1, 9)) % 10)


_DE_SV_CONTEXT = (
    "Sozialversicherungsnummer",
    "Rentenversicherungsnummer",
    "Versicherungsnummer",
    "SV-Nummer",
)
_DE_SV_SENTENCES = (
    "Sozialversicherungsnummer: {v}",
    "Meine Rentenversicherungsnummer lautet {v}.",
    "SV-Nummer {v} bitte an die Lohnbuchhaltung.",
)


def kvnr_check(first_nine: str) -> str:
    """The KVNR check digit: letter as two digits, weights 1 2 alternating, digit sums, mod 10."""
    number = f"{ord(first_nine[0].upper()) - 64:02d}" + first_nine[1:]
    total = 0
    for index, character in enumerate(number):
        product = int(character) * (1 if index % 2 == 0 else 2)
        total += product // 10 + product % 10
    return str(total % 10)


def _de_health(rng: random.Random) -> str:
    body = rng.choice(UPPER) + digits(rng, 8)
    return body + kvnr_check(body)


def de_health_valid(text: str) -> bool:
    """A letter, eight digits and the KVNR check digit."""
    return (
        len(text) == 10
        and text[0].isalpha()
        and text[1:].isdigit()
        and kvnr_check(text[:9]) == text[9]
    )


def de_health_invalid(rng: random.Random) -> str:
    """A KVNR with the wrong check digit."""
    value = _de_health(rng)
    return value[:9] + str((int(value[9]) + rng.randint(1, 9)) % 10)


_DE_HEALTH_CONTEXT = ("Krankenversichertennummer", "Versichertennummer", "Krankenkasse", "KVNR")
_DE_HEALTH_SENTENCES = (
    "Krankenversichertennummer: {v}",
    "Meine Versichertennummer bei der Krankenkasse ist {v}.",
    "KVNR {v} (Techniker Krankenkasse)",
)


def _de_vat(rng: random.Random) -> str:
    value = until(rng, lambda r: "DE" + digits(r, 9, "123456789"), safe(vat.is_valid))
    return value if rng.random() < 0.8 else f"DE {value[2:]}"


_DE_VAT_SENTENCES = (
    "USt-IdNr.: {v}",
    "Umsatzsteuer-Identifikationsnummer {v}",
    "Rechnung an Müller GmbH, {v}",
)


def specs() -> list[Spec]:
    """Every United Kingdom and Germany value spec."""
    return [
        Spec(
            "UK_NINO",
            "uk_nino",
            "en_GB",
            _nino,
            _NINO_SENTENCES,
            _NINO_CONTEXT,
            check=nino_valid,
            checksum=True,
            invalid=nino_invalid,
            source="HMRC NIM39110",
        ),
        Spec(
            "UK_NHS",
            "uk_nhs",
            "en_GB",
            _nhs,
            _NHS_SENTENCES,
            _NHS_CONTEXT,
            check=safe(nhs.is_valid),
            checksum=True,
            invalid=nhs_invalid,
            source="stdnum.gb.nhs",
        ),
        Spec(
            "UK_PASSPORT",
            "uk_passport",
            "en_GB",
            _uk_passport,
            _UK_PASSPORT_SENTENCES,
            _UK_PASSPORT_CONTEXT,
            source="HM Passport Office",
        ),
        Spec(
            "UK_DRIVING_LICENCE",
            "uk_driving_licence",
            "en_GB",
            _uk_driving_licence,
            _UK_DL_SENTENCES,
            _UK_DL_CONTEXT,
            check=uk_driving_licence_valid,
            source="DVLA driving licence number layout",
        ),
        Spec(
            "UK_POSTCODE",
            "uk_postcode",
            "en_GB",
            _uk_postcode,
            _POSTCODE_SENTENCES,
            ("postcode",),
            source="Royal Mail PAF / BS 7666",
        ),
        Spec(
            "UK_VEHICLE_REGISTRATION",
            "uk_vehicle_registration",
            "en_GB",
            _uk_registration,
            _REG_SENTENCES,
            ("registration", "vehicle", "number plate"),
            source="DVLA 2001 registration scheme",
        ),
        Spec(
            "DE_TAX_ID",
            "de_tax_id",
            "de",
            _de_tax_id,
            _DE_TAX_ID_SENTENCES,
            _DE_TAX_ID_CONTEXT,
            check=safe(idnr.is_valid),
            checksum=True,
            invalid=de_tax_id_invalid,
            source="stdnum.de.idnr",
        ),
        Spec(
            "DE_TAX_NUMBER",
            "de_tax_number",
            "de",
            _de_tax_number,
            _DE_TAX_NUMBER_SENTENCES,
            _DE_TAX_NUMBER_CONTEXT,
            check=safe(stnr.is_valid),
            source="stdnum.de.stnr",
        ),
        Spec(
            "DE_ID_CARD",
            "de_id_card",
            "de",
            _de_document("LMNPRTVWXY"),
            _DE_ID_SENTENCES,
            _DE_ID_CONTEXT,
            check=de_document_valid,
            invalid=de_document_invalid,
            source="ICAO 9303, BMI specimen",
        ),
        Spec(
            "DE_PASSPORT",
            "de_passport",
            "de",
            _de_document("CFGHJK"),
            _DE_PASSPORT_SENTENCES,
            _DE_PASSPORT_CONTEXT,
            check=de_document_valid,
            invalid=de_document_invalid,
            source="ICAO 9303, BMI specimen",
        ),
        Spec(
            "DE_SOCIAL_SECURITY",
            "de_social_security",
            "de",
            _de_social_security,
            _DE_SV_SENTENCES,
            _DE_SV_CONTEXT,
            check=de_social_security_valid,
            checksum=True,
            invalid=de_social_security_invalid,
            source="VKVV section 2",
        ),
        Spec(
            "DE_HEALTH_INSURANCE",
            "de_health_insurance",
            "de",
            _de_health,
            _DE_HEALTH_SENTENCES,
            _DE_HEALTH_CONTEXT,
            check=de_health_valid,
            checksum=True,
            invalid=de_health_invalid,
            source="GKV-Spitzenverband KVNR",
        ),
        Spec(
            "DE_VAT",
            "de_vat",
            "de",
            _de_vat,
            _DE_VAT_SENTENCES,
            ("USt-IdNr",),
            check=safe(vat.is_valid),
            checksum=True,
            invalid=lambda rng: near_miss(rng, _de_vat, safe(vat.is_valid)),
            source="stdnum.de.vat",
        ),
    ]
