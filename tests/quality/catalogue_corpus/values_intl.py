"""International values: e-mail, phone, payment card, IBAN, IP and MAC address, crypto wallet,
IMEI, date of birth, URL.

Sources: phone numbers from ``phonenumbers`` (libphonenumber's metadata: example
numbers per region, varied and kept when ``is_valid_number`` accepts them); card
issuer prefixes and lengths as the networks assign them (ISO/IEC 7812 issuer
identification numbers; Visa 4; Mastercard 51-55 and 2221-2720; American Express
34, 37; Discover 6011, 644-649, 65; JCB 3528-3589; UnionPay 62; Diners Club 36,
300-305, and for validation 3095 and 38-39; Maestro 5018, 5020, 5038, 5893,
6304, 6759, 6761-6763) with the Luhn check from ``stdnum.luhn``; IBAN structures
and lengths from the SWIFT ISO 13616 registry as ``stdnum.iban`` ships it, check
digits ISO 7064 mod 97-10; IMEI from 3GPP TS 23.003 (TAC, serial, Luhn;
``stdnum.imei``); Bitcoin base58check (Bitcoin wiki "Base58Check encoding") and
bech32/bech32m (BIP-173, BIP-350), validated by ``stdnum.bitcoin``; Ethereum
mixed-case checksum from EIP-55 (Keccak-256 from pycryptodome).
"""

from __future__ import annotations

import datetime
import hashlib
import ipaddress
import random
import re

import phonenumbers
from Crypto.Hash import keccak
from stdnum import bitcoin, iban, imei, luhn, numdb

from .build import (
    BECH32,
    BECH32M,
    HEX,
    bech32,
    bech32_expand,
    chars,
    digits,
    five_bit_groups,
    group,
    safe,
    until,
)
from .languages import LOCALES
from .model import Spec
from .names import ascii_fold, domain, first_name, last_name

# --- e-mail ---------------------------------------------------------------------------------

_EMAIL_SENTENCES = {
    "en": (
        "You can reach me at {v} any time.",
        "Please send the signed copy to {v}.",
        "Contact: {v}",
    ),
    "de": ("Sie erreichen mich unter {v}.", "Bitte schicken Sie die Unterlagen an {v}."),
    "fr": ("Vous pouvez m'écrire à {v}.", "Merci d'envoyer le document à {v}."),
    "es": ("Puede escribirme a {v}.", "Envíe la copia firmada a {v}."),
    "it": ("Potete scrivermi a {v}.", "Inviate il modulo a {v}."),
    "pt": ("Pode escrever-me para {v}.", "Envie o documento para {v}."),
    "nl": ("U kunt mij mailen op {v}.", "Stuur het formulier naar {v}."),
    "sv": ("Du når mig på {v}.",),
    "pl": ("Proszę pisać na adres {v}.",),
}


def _email_maker(lang: str):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        first = ascii_fold(first_name(rng, lang))
        last = ascii_fold(last_name(rng, lang))
        local = rng.choice(
            (
                f"{first}.{last}",
                f"{first}{last}",
                f"{first[0]}.{last}",
                f"{first}_{last}{rng.randint(1, 99)}",
                f"{first}.{last}+{rng.choice(('news', 'work', 'shop'))}",
                f"{last}{rng.randint(1960, 2005)}",
            )
        )
        return f"{local}@{domain(rng, lang)}"

    return make


# --- phone ----------------------------------------------------------------------------------

PHONE_REGIONS: dict[str, str] = {
    "US": "en",
    "GB": "en_GB",
    "DE": "de",
    "AT": "de",
    "CH": "de",
    "FR": "fr",
    "ES": "es",
    "IT": "it",
    "PT": "pt",
    "NL": "nl",
    "BE": "nl",
    "SE": "sv",
    "FI": "fi",
    "DK": "da",
    "NO": "no",
    "IS": "is",
    "PL": "pl",
    "CZ": "cs",
    "GR": "el",
    "RO": "ro",
    "IE": "en_GB",
    "IN": "en",
    "AU": "en",
    "SG": "en",
    "JP": "ja",
    "KR": "ko",
    "CN": "zh",
    "BR": "pt_BR",
    "MX": "es_MX",
    "CA": "en",
    "TR": "tr",
    "IL": "he",
    "ZA": "en",
    "NG": "en",
}

_PHONE_CONTEXT = {
    "en": ("phone", "call", "mobile", "tel"),
    "en_GB": ("phone", "ring", "mobile", "tel"),
    "de": ("Telefon", "Tel", "Handy", "anrufen", "Mobil"),
    "fr": ("téléphone", "tél", "portable", "appeler"),
    "es": ("teléfono", "móvil", "llamar", "tel"),
    "es_MX": ("teléfono", "celular", "tel"),
    "it": ("telefono", "cellulare", "tel"),
    "pt": ("telefone", "telemóvel", "tel"),
    "pt_BR": ("telefone", "celular", "tel"),
    "nl": ("telefoon", "mobiel", "bellen", "tel"),
    "sv": ("telefon", "mobil", "ring"),
    "fi": ("puhelin", "puh", "soita"),
    "da": ("telefon", "mobil", "tlf", "ring"),
    "no": ("telefon", "mobil", "tlf", "ring"),
    "is": ("sími", "farsími"),
    "pl": ("telefon", "tel", "komórka", "zadzwoń"),
    "cs": ("telefon", "tel", "mobil", "zavolejte"),
    "el": ("τηλέφωνο", "κινητό", "τηλ"),
    "ro": ("telefon", "mobil", "tel"),
    "ja": ("電話", "携帯", "TEL"),
    "ko": ("전화", "휴대폰", "연락처"),
    "zh": ("电话", "手机", "联系"),
    "tr": ("telefon", "cep", "tel"),
    "he": ("טלפון", "נייד", "טל"),
}
_PHONE_SENTENCES = {
    "en": ("Call me on {v} after six.", "Mobile: {v}", "My phone number is {v}."),
    "en_GB": ("Ring me on {v} after six.", "Mobile: {v}", "My phone number is {v}."),
    "de": ("Rufen Sie mich unter {v} an.", "Tel.: {v}", "Meine Handynummer ist {v}."),
    "fr": ("Appelez-moi au {v}.", "Tél. : {v}", "Mon numéro de portable est le {v}."),
    "es": ("Llámeme al {v}.", "Teléfono: {v}", "Mi móvil es el {v}."),
    "es_MX": ("Llámame al {v}.", "Celular: {v}", "Mi teléfono es {v}."),
    "it": ("Mi chiami al {v}.", "Tel.: {v}", "Il mio cellulare è {v}."),
    "pt": ("Ligue-me para o {v}.", "Telemóvel: {v}", "O meu telefone é {v}."),
    "pt_BR": ("Me liga no {v}.", "Celular: {v}", "Meu telefone é {v}."),
    "nl": ("Bel me op {v}.", "Tel.: {v}", "Mijn mobiel is {v}."),
    "sv": ("Ring mig på {v}.", "Telefon: {v}", "Mitt mobilnummer är {v}."),
    "fi": ("Soita minulle numeroon {v}.", "Puh. {v}", "Puhelin: {v}"),
    "da": ("Ring til mig på {v}.", "Tlf.: {v}", "Mit mobilnummer er {v}."),
    "no": ("Ring meg på {v}.", "Tlf.: {v}", "Mobilnummeret mitt er {v}."),
    "is": ("Sími: {v}", "Farsími {v}"),
    "pl": ("Proszę zadzwonić pod {v}.", "Tel.: {v}", "Mój numer komórki to {v}."),
    "cs": ("Zavolejte mi na {v}.", "Tel.: {v}", "Můj mobil je {v}."),
    "el": ("Τηλέφωνο: {v}", "Το κινητό μου είναι {v}."),
    "ro": ("Sunați-mă la {v}.", "Tel.: {v}", "Numărul meu de mobil este {v}."),
    "ja": ("電話番号：{v}", "携帯 {v} までご連絡ください。"),
    "ko": ("전화번호: {v}", "휴대폰 {v}로 연락 주세요."),
    "zh": ("电话：{v}", "请拨打手机 {v} 联系我。"),
    "tr": ("Telefon: {v}", "Cep telefonum {v}."),
    "he": ("טלפון: {v}", "הנייד שלי {v}."),
}

_PHONE_TYPES = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE)


def phone_number(rng: random.Random, region: str) -> phonenumbers.PhoneNumber:
    """A valid number of ``region``: its example number with the subscriber digits varied."""
    example = phonenumbers.example_number_for_type(region, rng.choice(_PHONE_TYPES))
    national = phonenumbers.national_significant_number(example)

    def valid(text: str) -> bool:
        number = phonenumbers.parse(f"+{example.country_code}{text}")
        return bool(phonenumbers.is_valid_number(number))

    # Keep as few leading digits of the example as validity allows (area or mobile prefix).
    for keep in range(1, len(national) - 3):
        for _ in range(60):
            text = national[:keep] + digits(rng, len(national) - keep)
            if valid(text):
                return phonenumbers.parse(f"+{example.country_code}{text}")
    text = national
    return phonenumbers.parse(f"+{example.country_code}{text}")


def _phone_maker(region: str, international: bool):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        number = phone_number(rng, region)
        if international:
            style = rng.choice(
                (phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.E164)
            )
            return phonenumbers.format_number(number, style)
        text = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
        if region in ("US", "CA") and rng.random() < 0.4:
            # The other common NANP spelling: 212-555-0123.
            nsn = str(number.national_number)
            text = f"{nsn[:3]}-{nsn[3:6]}-{nsn[6:]}"
        return text

    return make


def _phone_check(region: str):  # type: ignore[no-untyped-def]
    def check(text: str) -> bool:
        return bool(phonenumbers.is_valid_number(phonenumbers.parse(text, region)))

    return safe(check)


# --- payment cards --------------------------------------------------------------------------

# network -> (prefix ranges as (low, high) of equal length, lengths)
CARD_NETWORKS: dict[str, tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = {
    "visa": (((4, 4),), (16, 16, 16, 13, 19)),
    "mastercard": (((51, 55), (2221, 2720)), (16,)),
    "amex": (((34, 34), (37, 37)), (15,)),
    "discover": (((6011, 6011), (644, 649), (65, 65)), (16, 19)),
    "jcb": (((3528, 3589),), (16, 19)),
    "unionpay": (((62, 62),), (16, 19)),
    "diners": (((36, 36), (300, 305)), (14,)),
    # Validation only (not drawn): the Diners Club International ranges Discover's acceptance
    # tables add; PayPal's published test numbers include the 14-digit 38520000023237.
    "diners_discover": (((3095, 3095), (38, 39)), (14, 16, 17, 18, 19)),
    "maestro": (
        (
            (5018, 5018),
            (5020, 5020),
            (5038, 5038),
            (5893, 5893),
            (6304, 6304),
            (6759, 6759),
            (6761, 6763),
        ),
        (16, 19),
    ),
}


def card_network(number: str) -> str | None:
    """The network whose assigned prefix and length ``number`` (digits only) has, if any."""
    for network, (ranges, lengths) in CARD_NETWORKS.items():
        if len(number) not in lengths:
            continue
        for low, high in ranges:
            width = len(str(low))
            if low <= int(number[:width]) <= high:
                return network
    return None


def card_valid(text: str) -> bool:
    """Luhn-valid and with a prefix and length a card network assigns."""
    number = "".join(c for c in text if c.isdigit())
    return bool(luhn.is_valid(number)) and card_network(number) is not None


def card_digits(rng: random.Random, network: str) -> str:
    """A Luhn-valid card number of ``network``."""
    ranges, lengths = CARD_NETWORKS[network]
    low, high = rng.choice(ranges)
    prefix = str(rng.randint(low, high))
    length = rng.choice(lengths)
    body = prefix + digits(rng, length - len(prefix) - 1)
    return body + luhn.calc_check_digit(body)


def card_format(rng: random.Random, number: str) -> str:
    """``number`` written as people write it: grouped by spaces or dashes, or compact."""
    if len(number) == 15:
        sizes: tuple[int, ...] = (4, 6, 5)
    elif len(number) == 14:
        sizes = (4, 6, 4)
    else:
        sizes = (4, 4, 4, 4)
    style = rng.random()
    if style < 0.45:
        return group(number, sizes, " ")
    if style < 0.7:
        return group(number, sizes, "-")
    return number


def _card(rng: random.Random) -> str:
    network = rng.choice(
        (
            "visa",
            "visa",
            "visa",
            "mastercard",
            "mastercard",
            "amex",
            "discover",
            "jcb",
            "unionpay",
            "diners",
            "maestro",
        )
    )
    return card_format(rng, card_digits(rng, network))


def card_invalid(rng: random.Random) -> str:
    """A card-like number no network issues: Luhn broken, or Luhn-valid without a network prefix."""
    if rng.random() < 0.6:
        number = card_digits(rng, rng.choice(("visa", "mastercard", "amex")))
        last = str((int(number[-1]) + rng.randint(1, 9)) % 10)
        number = number[:-1] + last
    else:
        body = rng.choice("19") + digits(rng, 14)
        number = body + luhn.calc_check_digit(body)
    return card_format(rng, number)


_CARD_SENTENCES = {
    "en": ("Please charge my card {v} for the order.", "Card number: {v}", "I paid with {v}."),
    "de": ("Bitte belasten Sie meine Kreditkarte {v}.", "Kartennummer: {v}"),
    "fr": ("Vous pouvez débiter ma carte {v}.", "Numéro de carte : {v}"),
    "es": ("Cargue el importe a mi tarjeta {v}.", "Número de tarjeta: {v}"),
    "it": ("Addebitate la carta {v}.", "Numero carta: {v}"),
    "pt": ("Pode cobrar no cartão {v}.", "Número do cartão: {v}"),
    "nl": ("Schrijf het bedrag af van kaart {v}.", "Kaartnummer: {v}"),
    "sv": ("Dra beloppet från kortet {v}.",),
    "pl": ("Proszę obciążyć kartę {v}.",),
    "ja": ("カード番号：{v}",),
}

# --- IBAN -----------------------------------------------------------------------------------

_IBAN_DB = numdb.get("iban")
IBAN_STRUCTURES: dict[str, str] = {}
for _line in open(numdb.__file__.replace("numdb.py", "iban.dat"), encoding="utf-8"):  # noqa: SIM115
    if _line[:2].isalpha() and "bban=" in _line:
        IBAN_STRUCTURES[_line[:2]] = _line.split('bban="', 1)[1].split('"', 1)[0]

IBAN_LANGS: dict[str, str] = {
    "DE": "de",
    "AT": "de",
    "CH": "de",
    "LI": "de",
    "FR": "fr",
    "LU": "fr",
    "MC": "fr",
    "ES": "es",
    "IT": "it",
    "SM": "it",
    "PT": "pt",
    "BR": "pt_BR",
    "NL": "nl",
    "BE": "nl",
    "GB": "en_GB",
    "IE": "en_GB",
    "SE": "sv",
    "FI": "fi",
    "DK": "da",
    "NO": "no",
    "IS": "is",
    "PL": "pl",
    "CZ": "cs",
    "RO": "ro",
    "BG": "bg",
    "HR": "hr",
    "EE": "et",
    "LT": "lt",
    "SI": "sl",
    "GR": "el",
    "TR": "tr",
    "IL": "he",
}
_BBAN_ALPHABETS = {
    "n": "0123456789",
    "a": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "c": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
}


def _bban(rng: random.Random, structure: str) -> str:
    parts, number = [], ""
    for character in structure:
        if character.isdigit():
            number += character
        elif character == "!":
            continue
        else:
            parts.append(chars(rng, _BBAN_ALPHABETS[character], int(number)))
            number = ""
    return "".join(parts)


def iban_compact(rng: random.Random, country: str, national_check: bool | None = None) -> str:
    """An ISO 13616-valid IBAN of ``country``; ``national_check`` True/False forces the country's
    own BBAN check (where stdnum has one) to pass or fail, None leaves it to chance."""

    def candidate(r: random.Random) -> str:
        bban = _bban(r, IBAN_STRUCTURES[country])
        return country + iban.calc_check_digits(country + "00" + bban) + bban

    def fits(value: str) -> bool:
        if not iban.is_valid(value, check_country=False):
            return False
        if national_check is None:
            return True
        return bool(iban.is_valid(value)) == national_check

    return until(rng, candidate, fits, tries=20000)


def iban_format(rng: random.Random, compact: str) -> str:
    """The printed form (groups of four) most of the time, else compact."""
    return iban.format(compact) if rng.random() < 0.7 else compact


def iban_valid(text: str) -> bool:
    """ISO 13616: known country, its length and structure, mod 97 (national checks not asked)."""
    return bool(iban.is_valid(text, check_country=False))


def _iban_maker(country: str, national_check: bool | None):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        return iban_format(rng, iban_compact(rng, country, national_check))

    return make


def iban_invalid(rng: random.Random) -> str:
    """An IBAN with a wrong mod-97 check (one digit changed) or the wrong length for its country."""
    country = rng.choice(("DE", "FR", "ES", "IT", "NL", "GB", "BE", "AT"))
    compact = iban_compact(rng, country)
    if rng.random() < 0.7:
        while iban_valid(compact):
            position = rng.randrange(4, len(compact))
            if compact[position].isdigit():
                compact = (
                    compact[:position]
                    + str((int(compact[position]) + 1) % 10)
                    + compact[position + 1 :]
                )
    else:
        compact = compact[:-1]
    return iban_format(rng, compact)


_IBAN_SENTENCES = {
    "en": ("Please transfer the deposit to {v}.", "Account for the refund: {v}"),
    "en_GB": ("Please transfer the deposit to {v}.", "Refund to account {v}, thanks."),
    "de": ("Bitte überweisen Sie den Betrag auf {v}.", "Bankverbindung: {v}"),
    "fr": ("Merci de virer le montant sur le compte {v}.", "Coordonnées bancaires : {v}"),
    "es": ("Haga la transferencia a la cuenta {v}.", "Cuenta para el reembolso: {v}"),
    "it": ("Effettuate il bonifico sul conto {v}.", "Coordinate bancarie: {v}"),
    "pt": ("Faça a transferência para a conta {v}.", "Dados bancários: {v}"),
    "pt_BR": ("Faça a transferência para a conta {v}.",),
    "nl": ("Maak het bedrag over naar {v}.", "Rekeningnummer voor terugbetaling: {v}"),
    "sv": ("Betala till konto {v}.",),
    "fi": ("Maksa tilille {v}.",),
    "da": ("Overfør beløbet til konto {v}.",),
    "no": ("Overfør beløpet til konto {v}.",),
    "is": ("Leggið inn á reikning {v}.",),
    "pl": ("Proszę przelać kwotę na konto {v}.",),
    "cs": ("Částku prosím pošlete na účet {v}.",),
    "ro": ("Vă rog să virați suma în contul {v}.",),
    "bg": ("Моля, преведете сумата по сметка {v}.",),
    "hr": ("Molim uplatu na račun {v}.",),
    "et": ("Palun kandke summa kontole {v}.",),
    "lt": ("Prašome pervesti sumą į sąskaitą {v}.",),
    "sl": ("Prosim, nakažite znesek na račun {v}.",),
    "el": ("Παρακαλώ καταθέστε το ποσό στον λογαριασμό {v}.",),
    "tr": ("Lütfen tutarı {v} hesabına gönderin.",),
    "he": ("נא להעביר את הסכום לחשבון {v}.",),
}

# --- IP and MAC addresses -------------------------------------------------------------------


def _ipv4(rng: random.Random) -> str:
    first = rng.choice([*range(1, 127), *range(128, 224)])
    if rng.random() < 0.2:
        return rng.choice(("10.{}.{}.{}", "192.168.{}.{}", "172.16.{}.{}")).format(
            *(rng.randint(0, 254) for _ in range(3))
        )
    return f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"


def _ipv6(rng: random.Random) -> str:
    head = rng.choice((0x2001, 0x2A00, 0x2A02, 0x2600, 0x2604, 0x2A01, 0xFE80))
    groups = [head] + [rng.randint(0, 0xFFFF) for _ in range(7)]
    if rng.random() < 0.5:
        for position in rng.sample(range(2, 7), 2):
            groups[position] = 0
    address = ipaddress.IPv6Address(":".join(f"{g:x}" for g in groups))
    return address.exploded if rng.random() < 0.2 else address.compressed


def _ip(rng: random.Random) -> str:
    return _ipv4(rng) if rng.random() < 0.65 else _ipv6(rng)


#: Reserved for documentation by RFC 5737, RFC 3849 and RFC 9637: addresses of no one.
_DOCUMENTATION = tuple(
    ipaddress.ip_network(network)
    for network in (
        "192.0.2.0/24",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "2001:db8::/32",
        "3fff::/20",
    )
)


def ip_valid(text: str) -> bool:
    """A valid IPv4 or IPv6 address (Python's ipaddress) outside the documentation ranges."""
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return False
    return not any(address in network for network in _DOCUMENTATION)


_IP_SENTENCES = {
    "en": ("The login came from {v} at 03:12.", "Blocked address {v} after five failures."),
    "de": ("Der Zugriff kam von {v}.", "Die Adresse {v} wurde gesperrt."),
    "fr": ("La connexion venait de {v}.",),
    "es": ("El acceso se hizo desde {v}.",),
    "it": ("L'accesso è arrivato da {v}.",),
    "nl": ("De login kwam van {v}.",),
}


def _mac(rng: random.Random) -> str:
    octets = [rng.randint(0, 255) for _ in range(6)]
    octets[0] &= 0xFE  # unicast
    text = "".join(f"{o:02x}" for o in octets)
    if rng.random() < 0.5:
        text = text.upper()
    style = rng.random()
    if style < 0.5:
        return ":".join(text[i : i + 2] for i in range(0, 12, 2))
    if style < 0.85:
        return "-".join(text[i : i + 2] for i in range(0, 12, 2))
    return ".".join(text[i : i + 4] for i in range(0, 12, 4))


_MAC_SENTENCES = {
    "en": ("Whitelist the device with MAC {v}.", "Adapter {v} lost its lease."),
    "de": ("Bitte das Gerät mit der MAC-Adresse {v} freischalten.",),
    "fr": ("L'appareil {v} n'obtient pas d'adresse.",),
    "es": ("Autorice el equipo con dirección MAC {v}.",),
}

# --- crypto wallets -------------------------------------------------------------------------

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _b58check(payload: bytes) -> str:
    # Base58Check: payload + first four bytes of double SHA-256, base 58, leading zero bytes as '1'.
    data = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    number = int.from_bytes(data, "big")
    text = ""
    while number:
        number, remainder = divmod(number, 58)
        text = _B58[remainder] + text
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + text


def _bech32(version: int, program: bytes) -> str:
    # BIP-173 (version 0, constant 1) and BIP-350 (version 1 and up, bech32m).
    return bech32("bc", [version, *five_bit_groups(program)], 1 if version == 0 else BECH32M)


def eip55(address: bytes) -> str:
    """The EIP-55 mixed-case checksum spelling of a 20-byte address."""
    lower = address.hex()
    digest = keccak.new(digest_bits=256, data=lower.encode()).hexdigest()
    return "0x" + "".join(
        c.upper() if int(h, 16) >= 8 else c for c, h in zip(lower, digest[:40], strict=True)
    )


def eip55_valid(text: str) -> bool:
    """All-lower, all-upper, or a mixed case that matches EIP-55."""
    if len(text) != 42 or not text.startswith("0x"):
        return False
    body = text[2:]
    if any(c not in "0123456789abcdefABCDEF" for c in body):
        return False
    if body == body.lower() or body == body.upper():
        return True
    return eip55(bytes.fromhex(body)) == text


def _wallet(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.2:
        return _b58check(b"\x00" + rng.randbytes(20))
    if kind < 0.3:
        return _b58check(b"\x05" + rng.randbytes(20))
    if kind < 0.45:
        return _bech32(0, rng.randbytes(20))
    if kind < 0.5:
        return _bech32(0, rng.randbytes(32))
    if kind < 0.6:
        return _bech32(1, rng.randbytes(32))
    address = rng.randbytes(20)
    return eip55(address) if rng.random() < 0.75 else "0x" + address.hex()


def wallet_valid(text: str) -> bool:
    """A Bitcoin address stdnum accepts, or an Ethereum address (EIP-55 when mixed-case)."""
    if text.startswith("0x"):
        return eip55_valid(text)
    if text.startswith("bc1p"):
        # Taproot (witness version 1) uses bech32m (BIP-350), which stdnum.bitcoin predates.
        data = [BECH32.find(c) for c in text[3:]]
        return -1 not in data and bitcoin.bech32_checksum(bech32_expand("bc") + data) == BECH32M
    return bool(bitcoin.is_valid(text))


def wallet_invalid(rng: random.Random) -> str:
    """An address with a broken checksum: a base58 character changed, or an EIP-55 case flipped."""
    if rng.random() < 0.5:
        address = eip55(rng.randbytes(20))
        letters = [i for i, c in enumerate(address) if i > 1 and c.isalpha()]
        position = rng.choice(letters)
        return address[:position] + address[position].swapcase() + address[position + 1 :]
    address = _b58check(b"\x00" + rng.randbytes(20))
    while bitcoin.is_valid(address):
        position = rng.randrange(1, len(address))
        address = address[:position] + rng.choice(_B58) + address[position + 1 :]
    return address


_WALLET_SENTENCES = {
    "en": ("Send the payment to wallet {v}.", "My BTC address is {v}", "ETH: {v}"),
    "de": ("Bitte an die Wallet {v} senden.", "Meine Bitcoin-Adresse: {v}"),
    "fr": ("Envoyez les fonds au portefeuille {v}.",),
    "es": ("Envía el pago a la billetera {v}.",),
}

# --- IMEI -----------------------------------------------------------------------------------

# Reporting-body prefixes of real type allocation codes (GSMA): 35, 86, 01, 99, 49.
_TAC_HEADS = ("35", "35", "86", "01", "99", "49")


def _imei_digits(rng: random.Random) -> str:
    body = rng.choice(_TAC_HEADS) + digits(rng, 12)
    return body + luhn.calc_check_digit(body)


def imei_format(rng: random.Random, number: str) -> str:
    """An IMEI printed compact, as AA-BBBBBB-CCCCCC-D, or with spaces."""
    style = rng.random()
    if style < 0.6:
        return number
    separator = "-" if style < 0.85 else " "
    return group(number, (2, 6, 6, 1), separator)


def _imei(rng: random.Random) -> str:
    return imei_format(rng, _imei_digits(rng))


def imei_invalid(rng: random.Random) -> str:
    """An IMEI whose Luhn check digit is wrong."""
    number = _imei_digits(rng)
    number = number[:-1] + str((int(number[-1]) + rng.randint(1, 9)) % 10)
    return imei_format(rng, number)


IMEI_CONTEXT = ("IMEI",)
_IMEI_SENTENCES = {
    "en": ("The stolen phone's IMEI is {v}.", "IMEI: {v}", "Device IMEI {v} is blocked."),
    "de": ("Die IMEI des gestohlenen Handys lautet {v}.", "IMEI-Nummer: {v}"),
    "fr": ("Le numéro IMEI du téléphone volé est {v}.", "IMEI : {v}"),
    "es": ("El IMEI del móvil robado es {v}.",),
    "it": ("Il codice IMEI del telefono è {v}.",),
    "pt": ("O IMEI do telemóvel é {v}.",),
}

# --- date of birth --------------------------------------------------------------------------

_MONTHS = {
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    "de": (
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ),
    "fr": (
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    "es": (
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ),
}


def birth_date(rng: random.Random) -> datetime.date:
    """A plausible birth date between 1935 and 2006."""
    start = datetime.date(1935, 1, 1).toordinal()
    return datetime.date.fromordinal(rng.randint(start, datetime.date(2006, 12, 31).toordinal()))


def _date_maker(lang: str):  # type: ignore[no-untyped-def]
    def make(rng: random.Random) -> str:
        d = birth_date(rng)
        choice = rng.random()
        if choice < 0.2:
            return d.isoformat()
        if lang == "en":
            if choice < 0.6:
                return f"{d.month:02d}/{d.day:02d}/{d.year}"
            return f"{_MONTHS['en'][d.month - 1]} {d.day}, {d.year}"
        if lang == "en_GB":
            if choice < 0.6:
                return f"{d.day:02d}/{d.month:02d}/{d.year}"
            return f"{d.day} {_MONTHS['en'][d.month - 1]} {d.year}"
        if lang == "de":
            if choice < 0.7:
                return f"{d.day:02d}.{d.month:02d}.{d.year}"
            return f"{d.day}. {_MONTHS['de'][d.month - 1]} {d.year}"
        if lang in ("fr", "es") and choice >= 0.7:
            joiner = " de " if lang == "es" else " "
            return f"{d.day}{joiner}{_MONTHS[lang][d.month - 1]}{joiner}{d.year}"
        separator = "-" if lang == "nl" else "/"
        return f"{d.day:02d}{separator}{d.month:02d}{separator}{d.year}"

    return make


_MONTH_NUMBERS = {
    name.lower(): index + 1 for names in _MONTHS.values() for index, name in enumerate(names)
}
_NUMERIC_ORDERS = {"-": ("ymd", "dmy"), ".": ("dmy",), "/": ("mdy", "dmy")}


def _is_date(year: int, month: int, day: int) -> bool:
    try:
        datetime.date(year, month, day)
    except ValueError:
        return False
    return 1900 < year < 2030


def date_valid(text: str) -> bool:
    """A real calendar date in one of the written forms: ISO, D.M.Y, M/D/Y or D/M/Y, D-M-Y,
    or with the month's name (English, German, French, Spanish)."""
    words = text.replace(",", " ").replace(".", " ").replace(" de ", " ").split()
    named = [w for w in words if w.lower() in _MONTH_NUMBERS]
    if named:
        numbers = [int(w) for w in words if w.isdigit()]
        year = max(numbers, default=0)
        day = min(numbers, default=0)
        return len(numbers) == 2 and _is_date(year, _MONTH_NUMBERS[named[0].lower()], day)
    for separator, orders in _NUMERIC_ORDERS.items():
        parts = text.split(separator)
        if len(parts) == 3 and all(p.isdigit() for p in parts):
            for order in orders:
                fields = dict(zip(order, (int(p) for p in parts), strict=True))
                if _is_date(fields["y"], fields["m"], fields["d"]):
                    return True
    return False


_DOB_CONTEXT = {
    "en": ("date of birth", "DOB", "born", "birthday"),
    "en_GB": ("date of birth", "DOB", "born"),
    "de": ("Geburtsdatum", "geboren", "Geburtstag"),
    "fr": ("date de naissance", "né", "née"),
    "es": ("fecha de nacimiento", "nacido", "nacida", "nació"),
    "it": ("data di nascita", "nato", "nata"),
    "pt": ("data de nascimento", "nascido", "nascida", "nasceu"),
    "nl": ("geboortedatum", "geboren"),
}
_DOB_SENTENCES = {
    "en": ("Date of birth: {v}", "He was born on {v} in Ohio.", "DOB {v}, see attached ID."),
    "en_GB": ("Date of birth: {v}", "She was born on {v} in Leeds."),
    "de": ("Geburtsdatum: {v}", "Ich bin am {v} in Bremen geboren."),
    "fr": ("Date de naissance : {v}", "Elle est née le {v} à Lyon."),
    "es": ("Fecha de nacimiento: {v}", "Nació el {v} en Sevilla."),
    "it": ("Data di nascita: {v}", "È nato il {v} a Torino."),
    "pt": ("Data de nascimento: {v}", "Nasceu em {v} no Porto."),
    "nl": ("Geboortedatum: {v}", "Hij is geboren op {v} in Utrecht."),
}

# --- URL ------------------------------------------------------------------------------------

_URL_WORDS = ("docs", "shop", "portal", "news", "blog", "app", "help", "status")
_URL_HOSTS = (
    "northwind.io",
    "beispiel-shop.de",
    "acme-corp.com",
    "boutique-lyon.fr",
    "tienda.es",
    "negozio.it",
    "loja.pt",
    "winkel.nl",
)


def _url(rng: random.Random) -> str:
    host = rng.choice(_URL_HOSTS)
    if rng.random() < 0.5:
        host = f"{rng.choice(_URL_WORDS)}.{host}"
    path = "/".join(
        rng.choice(("en", "products", "item", "2024", "checkout", "faq", "a", "v2"))
        for _ in range(rng.randint(1, 3))
    )
    query = f"?id={rng.randint(10, 99999)}&ref={chars(rng, HEX, 6)}" if rng.random() < 0.4 else ""
    scheme = rng.choice(("https://", "https://", "http://", "https://www."))
    return f"{scheme}{host}/{path}{query}"


_URL = re.compile(r"^[a-z][a-z0-9+.-]*://[^/\s?#]+\.[^/\s?#]+([/?#]\S*)?$")
_EMAIL = re.compile(r"^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$")
_MAC = re.compile(
    r"^([0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\2[0-9A-Fa-f]{2}){4}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})$"
)


def url_valid(text: str) -> bool:
    """RFC 3986: a scheme, "://" and a dotted host, then an optional path, query or fragment."""
    return bool(_URL.match(text))


def email_valid(text: str) -> bool:
    """An RFC 5322 addr-spec of the common (dot-atom) kind."""
    return bool(_EMAIL.match(text))


def mac_valid(text: str) -> bool:
    """Six hex pairs joined by ':' or '-', or three hex quads joined by '.'."""
    return bool(_MAC.match(text))


_URL_SENTENCES = {
    "en": ("The details are at {v} if you need them.", "Link: {v}"),
    "de": ("Die Details stehen unter {v}.",),
    "fr": ("Les détails sont sur {v}.",),
    "es": ("Los detalles están en {v}.",),
}


# --- specs ----------------------------------------------------------------------------------


def _per_lang(category: str, kind: str, sentences: dict[str, tuple[str, ...]], **options):  # type: ignore[no-untyped-def]
    return [
        Spec(category=category, kind=f"{kind}.{lang}", lang=lang, sentences=s, **options)
        for lang, s in sentences.items()
    ]


def specs() -> list[Spec]:
    """Every international value spec."""
    result: list[Spec] = []
    for lang, sentences in _EMAIL_SENTENCES.items():
        result.append(
            Spec(
                "EMAIL",
                f"email.{lang}",
                lang,
                _email_maker(lang),
                sentences,
                check=email_valid,
                source="RFC 5322 addr-spec",
            )
        )
    for region, lang in PHONE_REGIONS.items():
        sentences = _PHONE_SENTENCES[lang]
        context = _PHONE_CONTEXT[lang]
        check = _phone_check(region)
        result.append(
            Spec(
                "PHONE",
                f"phone.{region}.international",
                lang,
                _phone_maker(region, True),
                sentences,
                context,
                check=check,
                source="phonenumbers",
            )
        )
        result.append(
            Spec(
                "PHONE",
                f"phone.{region}.national",
                lang,
                _phone_maker(region, False),
                sentences,
                context,
                check=check,
                source="phonenumbers",
                plain=False,
            )
        )
    result += _per_lang(
        "CREDIT_CARD",
        "card",
        _CARD_SENTENCES,
        make=_card,
        check=card_valid,
        checksum=True,
        invalid=card_invalid,
        source="ISO/IEC 7812, Luhn",
    )
    for country in sorted(IBAN_STRUCTURES):
        lang = IBAN_LANGS.get(country, "en")
        result.append(
            Spec(
                "IBAN",
                f"iban.{country}",
                lang,
                _iban_maker(country, None),
                _IBAN_SENTENCES[lang],
                check=iban_valid,
                checksum=True,
                invalid=iban_invalid,
                source="ISO 13616 registry (stdnum.iban)",
            )
        )
    for country in ("ES", "BE", "NO"):
        # A mistyped national check digit is still somebody's account (ISO 13616 only).
        lang = IBAN_LANGS[country]
        result.append(
            Spec(
                "IBAN",
                f"iban.{country}.national_check_off",
                lang,
                _iban_maker(country, False),
                _IBAN_SENTENCES[lang],
                check=iban_valid,
                checksum=True,
                source="ISO 13616 registry (stdnum.iban)",
            )
        )
    result += _per_lang(
        "IP_ADDRESS", "ip", _IP_SENTENCES, make=_ip, check=ip_valid, source="RFC 791, RFC 4291/5952"
    )
    result += _per_lang(
        "MAC_ADDRESS", "mac", _MAC_SENTENCES, make=_mac, check=mac_valid, source="IEEE 802 MAC-48"
    )
    result += _per_lang(
        "CRYPTO_WALLET",
        "wallet",
        _WALLET_SENTENCES,
        make=_wallet,
        check=wallet_valid,
        checksum=True,
        invalid=wallet_invalid,
        source="Base58Check, BIP-173, BIP-350, EIP-55",
    )
    result += _per_lang(
        "IMEI",
        "imei",
        _IMEI_SENTENCES,
        make=_imei,
        context=IMEI_CONTEXT,
        check=safe(imei.is_valid),
        checksum=True,
        invalid=imei_invalid,
        source="3GPP TS 23.003 (stdnum.imei)",
    )
    for lang, sentences in _DOB_SENTENCES.items():
        result.append(
            Spec(
                "DATE_OF_BIRTH",
                f"dob.{lang}",
                lang,
                _date_maker(lang),
                sentences,
                _DOB_CONTEXT[lang],
                check=date_valid,
                source="ISO 8601 and national forms",
            )
        )
    result += _per_lang("URL", "url", _URL_SENTENCES, make=_url, check=url_valid, source="RFC 3986")
    return result


def locale_of(lang: str) -> str:
    """The record locale for ``lang``."""
    return LOCALES[lang]
