"""Spain, Italy, France, Portugal; Benelux, the Nordics, Central and Eastern Europe, Austria,
Switzerland, Ireland.

Every identifier here that python-stdnum has is drawn at random in its
published layout (birth date, region, serial) and kept only when the stdnum
module accepts it: es.dni, es.nie, it.codicefiscale, it.iva, fr.nir, fr.nif,
pt.cc, pt.nif, nl.bsn, be.nn, se.personnummer, fi.hetu, dk.cpr,
no.fodselsnummer, is_.kennitala, pl.pesel, cz.rc, ro.cnp, bg.egn, hr.oib,
ee.ik, lt.asmens, si.emso, gr.amka, at.vnr, ch.ssn, ie.pps. Formats without a
library: Spanish passports (Policía Nacional: three letters, six digits),
Italian identity cards (Ministero dell'Interno: CIE "CA00000AA", paper card two
letters and seven digits), Italian passports (two letters, seven digits) and
driving licences (two letters, seven digits, a letter).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from stdnum import ean, luhn
from stdnum.at import vnr
from stdnum.be import nn
from stdnum.bg import egn
from stdnum.ch import ssn as ahv
from stdnum.cz import rc
from stdnum.dk import cpr
from stdnum.ee import ik
from stdnum.es import dni, nie
from stdnum.fi import hetu
from stdnum.fr import nif as fr_nif
from stdnum.fr import nir
from stdnum.gr import amka
from stdnum.hr import oib
from stdnum.ie import pps
from stdnum.ie import vat as ie_vat
from stdnum.is_ import kennitala
from stdnum.iso7064 import mod_11_10
from stdnum.it import codicefiscale, iva
from stdnum.lt import asmens
from stdnum.nl import bsn
from stdnum.no import fodselsnummer
from stdnum.pl import pesel
from stdnum.pt import cc
from stdnum.pt import nif as pt_nif
from stdnum.ro import cnp
from stdnum.se import personnummer
from stdnum.si import emso

from .build import UPPER, chars, digits, safe, table_spec, until
from .model import Check, Make, Spec
from .values_intl import birth_date


def _sampled(candidate: Make, check: Check, *formats: Callable[[str], str]) -> Make:
    def make(rng: random.Random) -> str:
        value = until(rng, candidate, check)
        return rng.choice(formats)(value) if formats and rng.random() < 0.8 else value

    return make


def _dated(layout: Callable[[random.Random, int, int, int], str]) -> Make:
    """A candidate from ``layout(rng, year, month, day)`` with a plausible birth date."""

    def candidate(rng: random.Random) -> str:
        born = birth_date(rng)
        return layout(rng, born.year, born.month, born.day)

    return candidate


def _ident(value: str) -> str:
    return value


# --- Spain ----------------------------------------------------------------------------------


def _dni(rng: random.Random) -> str:
    number = digits(rng, 8)
    value = number + dni.calc_check_digit(number)
    style = rng.random()
    return value if style < 0.7 else f"{number}-{value[-1]}"


def _nie(rng: random.Random) -> str:
    number = rng.choice("XYZ") + digits(rng, 7)
    value = number + nie.calc_check_digit(number)
    return value if rng.random() < 0.7 else f"{value[0]}-{value[1:8]}-{value[8]}"


def _letter_invalid(make: Make, check: Check) -> Make:
    def invalid(rng: random.Random) -> str:
        value = make(rng)
        for _ in range(50):
            letter = rng.choice(UPPER)
            broken = value[:-1] + letter
            if not check(broken):
                return broken
        raise RuntimeError("no invalid letter")

    return invalid


# --- Italy ----------------------------------------------------------------------------------

_CF_MONTHS = "ABCDEHLMPRST"
_CF_PLACES = (
    "H501",
    "F205",
    "L219",
    "A662",
    "G273",
    "D612",
    "F839",
    "A944",
    "L736",
    "C351",
    "Z404",
    "Z110",
)
_CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"
_VOWELS = "AEIOU"


def _name_code(rng: random.Random) -> str:
    # Consonants first, then vowels, as the codice fiscale spells surnames and names.
    return chars(rng, _CONSONANTS, rng.choice((2, 3, 3))).ljust(3, rng.choice(_VOWELS))[:3]


def _codice_fiscale(rng: random.Random) -> str:
    born = birth_date(rng)
    day = born.day + (40 if rng.random() < 0.5 else 0)
    body = (
        _name_code(rng)
        + _name_code(rng)
        + f"{born.year % 100:02d}"
        + _CF_MONTHS[born.month - 1]
        + f"{day:02d}"
        + rng.choice(_CF_PLACES)
    )
    return body + codicefiscale.calc_check_digit(body)


def _it_vat(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        # Seven digits, the provincial office code (001-100), the Luhn check (stdnum.it.iva).
        body = digits(r, 7, "0123") + f"{r.randint(1, 100):03d}"
        return body + luhn.calc_check_digit(body)

    value = until(rng, candidate, safe(iva.is_valid))
    return value if rng.random() < 0.6 else "IT" + value


# --- France, Portugal -----------------------------------------------------------------------


def _nir_candidate(rng: random.Random, year: int, month: int, _day: int) -> str:
    department = f"{rng.randint(1, 95):02d}"
    body = (
        f"{rng.choice('12')}{year % 100:02d}{month:02d}{department}{digits(rng, 3)}{digits(rng, 3)}"
    )
    return body + nir.calc_check_digits(body)


def _fr_nif_candidate(rng: random.Random) -> str:
    body = digits(rng, 10, "0123")
    return body + fr_nif.calc_check_digits(body + "000")


def _pt_cc(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 9) + chars(r, UPPER, 2)
        return body + cc.calc_check_digit(body)

    value = until(rng, candidate, safe(cc.is_valid))
    return cc.format(value) if rng.random() < 0.8 else value


def _pt_nif(rng: random.Random) -> str:
    body = rng.choice("12356") + digits(rng, 7)
    return body + pt_nif.calc_check_digit(body)


# --- Benelux, Nordics, CEE ------------------------------------------------------------------


def _bsn_format(value: str) -> str:
    return (
        bsn.format(value)
        if random.Random(value).random() < 0.5
        else f"{value[:3]} {value[3:6]} {value[6:]}"
    )


def _be_nn_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    body = f"{year % 100:02d}{month:02d}{day:02d}{rng.randint(1, 997):03d}"
    base = int(("2" if year >= 2000 else "") + body)
    return body + f"{97 - base % 97:02d}"


def _se_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    return f"{year % 100:02d}{month:02d}{day:02d}{digits(rng, 4)}"


def _se_format(value: str) -> str:
    return personnummer.format(value)


_HETU_SIGNS = {1800: "+", 1900: "-", 2000: "A"}


def _hetu_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    sign = _HETU_SIGNS[year // 100 * 100]
    if sign == "-" and rng.random() < 0.15:
        sign = rng.choice("YXWVU")  # the 2023 additional century signs for the 1900s
    body = f"{day:02d}{month:02d}{year % 100:02d}"
    serial = f"{rng.randint(2, 899):03d}"
    check = "0123456789ABCDEFHJKLMNPRSTUVWXY"[int(body + serial) % 31]
    return f"{body}{sign}{serial}{check}"


def _dk_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    return f"{day:02d}{month:02d}{year % 100:02d}{digits(rng, 4)}"


def _no_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    # Individual number in the range of the birth century, then the two mod-11 check digits.
    low, high = (0, 499) if year < 2000 else (500, 999)
    body = f"{day:02d}{month:02d}{year % 100:02d}{rng.randint(low, high):03d}"
    body += fodselsnummer.calc_check_digit1(body)
    return body + fodselsnummer.calc_check_digit2(body)


def _is_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    return f"{day:02d}{month:02d}{year % 100:02d}{digits(rng, 3)}{'9' if year < 2000 else '0'}"


def _pesel_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    offset = 20 if year >= 2000 else 0
    return f"{year % 100:02d}{month + offset:02d}{day:02d}{digits(rng, 5)}"


def _rc_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    month += 50 if rng.random() < 0.5 else 0
    body = f"{year % 100:02d}{month:02d}{day:02d}{digits(rng, 3)}"
    return body + str(int(body) % 11 % 10)


def _cnp_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    sex = rng.choice("12") if year < 2000 else rng.choice("56")
    body = f"{sex}{year % 100:02d}{month:02d}{day:02d}{rng.randint(1, 46):02d}{digits(rng, 3)}"
    return body + cnp.calc_check_digit(body)


def _egn_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    month += 40 if year >= 2000 else 0
    body = f"{year % 100:02d}{month:02d}{day:02d}{digits(rng, 3)}"
    return body + egn.calc_check_digit(body)


def _ik_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    first = (
        ("1" if rng.random() < 0.5 else "2")
        if year < 1900
        else (rng.choice("34") if year < 2000 else rng.choice("56"))
    )
    body = f"{first}{year % 100:02d}{month:02d}{day:02d}{digits(rng, 3)}"
    return body + ik.calc_check_digit(body)


def _emso_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    body = f"{day:02d}{month:02d}{year % 1000:03d}50{rng.randint(0, 999):03d}"
    return body + emso.calc_check_digit(body)


def _amka_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    return f"{day:02d}{month:02d}{year % 100:02d}{digits(rng, 5)}"


def _vnr_candidate(rng: random.Random, year: int, month: int, day: int) -> str:
    serial = digits(rng, 3, "123456789")
    return (
        serial
        + vnr.calc_check_digit(serial + "0" + f"{day:02d}{month:02d}{year % 100:02d}")
        + (f"{day:02d}{month:02d}{year % 100:02d}")
    )


def _ahv(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = "756" + digits(r, 9)
        return body + ean.calc_check_digit(body)

    value = until(rng, candidate, safe(ahv.is_valid))
    return ahv.format(value) if rng.random() < 0.85 else value


def _pps(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 7)
        second = r.choice(("", "", "A", "H"))
        # PPS check letter: the Irish VAT check character (stdnum.ie.vat), 2013 form with A/H.
        return body + ie_vat.calc_check_digit(body + second) + second

    return until(rng, candidate, safe(pps.is_valid))


def _oib(rng: random.Random) -> str:
    body = digits(rng, 10, "123456789")
    return body + mod_11_10.calc_check_digit(body)


def _bsn(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 9, "1234567"), safe(bsn.is_valid))
    style = rng.random()
    if style < 0.5:
        return value
    if style < 0.8:
        return bsn.format(value)
    return f"{value[:3]} {value[3:6]} {value[6:]}"


def _spaced(sizes: tuple[int, ...], separator: str) -> Callable[[str], str]:
    def format_(value: str) -> str:
        parts, position = [], 0
        for size in sizes:
            parts.append(value[position : position + size])
            position += size
        return separator.join([*parts, value[position:]])

    return format_


# --- sentences ------------------------------------------------------------------------------

_T: dict[str, tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {
    # category: (kind, lang, context words, sentences)
    "ES_DNI": (
        "es_dni",
        "es",
        ("DNI", "NIF", "documento nacional de identidad"),
        ("Mi DNI es {v}.", "DNI: {v}", "Adjunto copia del documento nacional de identidad {v}."),
    ),
    "ES_NIE": (
        "es_nie",
        "es",
        ("NIE", "número de identidad de extranjero"),
        (
            "Mi NIE es {v}.",
            "NIE: {v} (tarjeta de residencia)",
            "Número de identidad de extranjero: {v}",
        ),
    ),
    "ES_PASSPORT": (
        "es_passport",
        "es",
        ("pasaporte",),
        ("Número de pasaporte: {v}", "Mi pasaporte español es el {v}."),
    ),
    "IT_FISCAL_CODE": (
        "it_fiscal_code",
        "it",
        ("codice fiscale", "C.F."),
        ("Il mio codice fiscale è {v}.", "C.F.: {v}", "Codice fiscale del titolare: {v}"),
    ),
    "IT_IDENTITY_CARD": (
        "it_identity_card",
        "it",
        ("carta d'identità", "carta di identità", "CIE"),
        (
            "Numero carta d'identità: {v}",
            "Allego la carta di identità n. {v}.",
            "CIE {v}, rilasciata dal Comune di Torino",
        ),
    ),
    "IT_PASSPORT": (
        "it_passport",
        "it",
        ("passaporto",),
        ("Numero di passaporto: {v}", "Il mio passaporto è il {v}."),
    ),
    "IT_DRIVER_LICENSE": (
        "it_driver_license",
        "it",
        ("patente", "patente di guida"),
        ("Patente di guida n. {v}", "Numero patente: {v}"),
    ),
    "IT_VAT": (
        "it_vat",
        "it",
        ("partita IVA", "P.IVA"),
        ("Partita IVA: {v}", "Fattura intestata a Rossi S.r.l., P.IVA {v}"),
    ),
    "FR_NIR": (
        "fr_nir",
        "fr",
        ("sécurité sociale", "NIR", "INSEE", "sécu"),
        (
            "Mon numéro de sécurité sociale est le {v}.",
            "N° de sécu : {v}",
            "NIR {v} (carte Vitale)",
        ),
    ),
    "FR_NIF": (
        "fr_nif",
        "fr",
        ("numéro fiscal", "SPI", "identification fiscale"),
        ("Numéro fiscal de référence : {v}", "Mon numéro SPI est le {v}."),
    ),
    "PT_CC": (
        "pt_cc",
        "pt",
        ("cartão de cidadão", "CC"),
        ("Número do cartão de cidadão: {v}", "CC n.º {v}"),
    ),
    "PT_NIF": (
        "pt_nif",
        "pt",
        ("NIF", "contribuinte", "identificação fiscal"),
        ("O meu NIF é {v}.", "Número de contribuinte: {v}", "NIF {v} para a fatura, por favor."),
    ),
    "NL_BSN": (
        "nl_bsn",
        "nl",
        ("BSN", "burgerservicenummer"),
        ("Mijn BSN is {v}.", "Burgerservicenummer: {v}", "BSN {v} staat op het loonstrookje."),
    ),
    "BE_NATIONAL_NUMBER": (
        "be_national_number",
        "nl",
        ("rijksregisternummer", "rijksregister"),
        ("Mijn rijksregisternummer is {v}.", "Rijksregisternummer: {v}"),
    ),
    "SE_PERSONNUMMER": (
        "se_personnummer",
        "sv",
        ("personnummer",),
        ("Mitt personnummer är {v}.", "Personnummer: {v}"),
    ),
    "FI_HETU": (
        "fi_hetu",
        "fi",
        ("henkilötunnus", "hetu"),
        ("Henkilötunnukseni on {v}.", "Henkilötunnus: {v}", "Hetu {v} puuttuu lomakkeesta."),
    ),
    "DK_CPR": (
        "dk_cpr",
        "da",
        ("CPR", "CPR-nummer", "personnummer"),
        ("Mit CPR-nummer er {v}.", "CPR: {v}", "Oplys venligst CPR-nr. {v} ved henvendelse."),
    ),
    "NO_FODSELSNUMMER": (
        "no_fodselsnummer",
        "no",
        ("fødselsnummer", "fødselsnummeret", "personnummer"),
        ("Fødselsnummeret mitt er {v}.", "Fødselsnummer: {v}"),
    ),
    "IS_KENNITALA": (
        "is_kennitala",
        "is",
        ("kennitala", "kennitalan", "kt"),
        ("Kennitala: {v}", "Kennitalan mín er {v}.", "kt. {v}"),
    ),
    "PL_PESEL": (
        "pl_pesel",
        "pl",
        ("PESEL",),
        ("Mój numer PESEL to {v}.", "PESEL: {v}", "Proszę podać PESEL {v} w formularzu."),
    ),
    "CZ_BIRTH_NUMBER": (
        "cz_birth_number",
        "cs",
        ("rodné číslo", "RČ"),
        ("Moje rodné číslo je {v}.", "Rodné číslo: {v}", "RČ {v}"),
    ),
    "RO_CNP": (
        "ro_cnp",
        "ro",
        ("CNP", "cod numeric personal"),
        ("CNP-ul meu este {v}.", "CNP: {v}", "Cod numeric personal {v}"),
    ),
    "BG_EGN": (
        "bg_egn",
        "bg",
        ("ЕГН", "единен граждански номер"),
        ("Моето ЕГН е {v}.", "ЕГН: {v}"),
    ),
    "HR_OIB": (
        "hr_oib",
        "hr",
        ("OIB", "osobni identifikacijski broj"),
        ("Moj OIB je {v}.", "OIB: {v}"),
    ),
    "EE_ISIKUKOOD": (
        "ee_isikukood",
        "et",
        ("isikukood",),
        ("Minu isikukood on {v}.", "Isikukood: {v}"),
    ),
    "LT_ASMENS_KODAS": (
        "lt_asmens_kodas",
        "lt",
        ("asmens kodas", "asmens kodą"),
        ("Mano asmens kodas yra {v}.", "Asmens kodas: {v}"),
    ),
    "SI_EMSO": (
        "si_emso",
        "sl",
        ("EMŠO", "EMSO", "enotna matična številka"),
        ("Moja EMŠO je {v}.", "EMŠO: {v}"),
    ),
    "GR_AMKA": ("gr_amka", "el", ("ΑΜΚΑ", "AMKA"), ("Ο ΑΜΚΑ μου είναι {v}.", "ΑΜΚΑ: {v}")),
    "AT_SOCIAL_SECURITY": (
        "at_social_security",
        "de_AT",
        ("Sozialversicherungsnummer", "SVNR", "Versicherungsnummer", "e-card"),
        (
            "Meine Sozialversicherungsnummer lautet {v}.",
            "SVNR: {v}",
            "Versicherungsnummer {v} (siehe e-card)",
        ),
    ),
    "CH_AHV": (
        "ch_ahv",
        "de_CH",
        ("AHV-Nummer", "AHV", "Sozialversicherungsnummer"),
        ("Meine AHV-Nummer ist {v}.", "AHV: {v}"),
    ),
    "IE_PPS": (
        "ie_pps",
        "en_IE",
        ("PPS number", "PPSN", "PPS"),
        ("My PPS number is {v}.", "PPSN: {v}", "Please quote your PPS {v} on the form."),
    ),
}

# Second-language sentences where the identifier is written in two languages.
_EXTRA: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "BE_NATIONAL_NUMBER": (
        "fr_BE",
        ("numéro national", "registre national", "NISS"),
        ("Mon numéro de registre national est le {v}.", "Numéro national : {v}", "NISS {v}"),
    ),
    "CH_AHV": ("fr_CH", ("numéro AVS", "AVS"), ("Mon numéro AVS est le {v}.", "AVS : {v}")),
    "ES_DNI": ("es", ("NIF",), ("NIF del cliente: {v}",)),
}


def _maker(category: str) -> tuple[Make, Check | None, bool]:
    """(make, check, checksum) for ``category``."""
    table: dict[str, tuple[Make, Check | None, bool]] = {
        "ES_DNI": (_dni, safe(dni.is_valid), True),
        "ES_NIE": (_nie, safe(nie.is_valid), True),
        "ES_PASSPORT": (lambda r: chars(r, UPPER, 3) + digits(r, 6), None, False),
        "IT_FISCAL_CODE": (_codice_fiscale, safe(codicefiscale.is_valid), True),
        "IT_IDENTITY_CARD": (
            lambda r: (
                (chars(r, UPPER, 2) + digits(r, 5) + chars(r, UPPER, 2))
                if r.random() < 0.6
                else (chars(r, UPPER, 2) + digits(r, 7))
            ),
            None,
            False,
        ),
        "IT_PASSPORT": (lambda r: chars(r, UPPER, 2) + digits(r, 7), None, False),
        "IT_DRIVER_LICENSE": (
            lambda r: chars(r, UPPER, 2) + digits(r, 7) + r.choice(UPPER),
            None,
            False,
        ),
        "IT_VAT": (_it_vat, safe(iva.is_valid), True),
        "FR_NIR": (
            _sampled(_dated(_nir_candidate), safe(nir.is_valid), nir.format),
            safe(nir.is_valid),
            True,
        ),
        "FR_NIF": (
            _sampled(_fr_nif_candidate, safe(fr_nif.is_valid), fr_nif.format),
            safe(fr_nif.is_valid),
            True,
        ),
        "PT_CC": (_pt_cc, safe(cc.is_valid), True),
        "PT_NIF": (_pt_nif, safe(pt_nif.is_valid), True),
        "NL_BSN": (_bsn, safe(bsn.is_valid), True),
        "BE_NATIONAL_NUMBER": (
            _sampled(_dated(_be_nn_candidate), safe(nn.is_valid), nn.format),
            safe(nn.is_valid),
            True,
        ),
        "SE_PERSONNUMMER": (
            _sampled(_dated(_se_candidate), safe(personnummer.is_valid), _se_format),
            safe(personnummer.is_valid),
            True,
        ),
        "FI_HETU": (
            _sampled(_dated(_hetu_candidate), safe(hetu.is_valid)),
            safe(hetu.is_valid),
            True,
        ),
        "DK_CPR": (
            _sampled(_dated(_dk_candidate), safe(cpr.is_valid), cpr.format),
            safe(cpr.is_valid),
            False,
        ),
        "NO_FODSELSNUMMER": (
            _sampled(_dated(_no_candidate), safe(fodselsnummer.is_valid), _spaced((6,), " ")),
            safe(fodselsnummer.is_valid),
            True,
        ),
        "IS_KENNITALA": (
            _sampled(_dated(_is_candidate), safe(kennitala.is_valid), kennitala.format),
            safe(kennitala.is_valid),
            True,
        ),
        "PL_PESEL": (
            _sampled(_dated(_pesel_candidate), safe(pesel.is_valid)),
            safe(pesel.is_valid),
            True,
        ),
        "CZ_BIRTH_NUMBER": (
            _sampled(_dated(_rc_candidate), safe(rc.is_valid), rc.format),
            safe(rc.is_valid),
            True,
        ),
        "RO_CNP": (_sampled(_dated(_cnp_candidate), safe(cnp.is_valid)), safe(cnp.is_valid), True),
        "BG_EGN": (_sampled(_dated(_egn_candidate), safe(egn.is_valid)), safe(egn.is_valid), True),
        "HR_OIB": (_oib, safe(oib.is_valid), True),
        "EE_ISIKUKOOD": (
            _sampled(_dated(_ik_candidate), safe(ik.is_valid)),
            safe(ik.is_valid),
            True,
        ),
        "LT_ASMENS_KODAS": (
            _sampled(_dated(_ik_candidate), safe(asmens.is_valid)),
            safe(asmens.is_valid),
            True,
        ),
        "SI_EMSO": (
            _sampled(_dated(_emso_candidate), safe(emso.is_valid)),
            safe(emso.is_valid),
            True,
        ),
        "GR_AMKA": (
            _sampled(_dated(_amka_candidate), safe(amka.is_valid)),
            safe(amka.is_valid),
            True,
        ),
        "AT_SOCIAL_SECURITY": (
            _sampled(_dated(_vnr_candidate), safe(vnr.is_valid), _spaced((4,), " ")),
            safe(vnr.is_valid),
            True,
        ),
        "CH_AHV": (_ahv, safe(ahv.is_valid), True),
        "IE_PPS": (_pps, safe(pps.is_valid), True),
    }
    return table[category]


def _letter_checked(category: str, make: Make, check: Check | None) -> Make | None:
    # Identifiers that end in a check letter get a wrong letter; the others a changed digit.
    if check is not None and category in ("ES_DNI", "ES_NIE", "IT_FISCAL_CODE", "IE_PPS"):
        return _letter_invalid(make, check)
    return None


def specs() -> list[Spec]:
    """Every spec of this module."""
    result = []
    for category, (kind, lang, context, sentences) in _T.items():
        make, check, checksum = _maker(category)
        invalid = _letter_checked(category, make, check)
        source = f"python-stdnum ({kind})"
        rows = [(kind, lang, context, sentences)]
        if category in _EXTRA:
            extra_lang, extra_context, extra_sentences = _EXTRA[category]
            rows.append((f"{kind}.{extra_lang}", extra_lang, extra_context, extra_sentences))
        for row_kind, row_lang, row_context, row_sentences in rows:
            result.append(
                table_spec(
                    category,
                    row_kind,
                    row_lang,
                    make,
                    check,
                    checksum,
                    row_context,
                    row_sentences,
                    invalid,
                    source,
                )
            )
    return result
