"""The Americas, the Middle East and Africa.

From python-stdnum: ca.sin, br.cpf, br.cnpj, mx.curp, mx.rfc (with its check
digits), ar.dni, cl.rut, co.nit, tr.tckimlik, il.idnr, za.idnr. Formats
without a library: Canadian postal codes (Canada Post: A9A 9A9, no D F I O Q U,
no W or Z first), South African passports (DHA: a letter and eight digits),
Nigerian National Identification Numbers (NIMC: eleven digits, no published
check digit).
"""

from __future__ import annotations

import random

from stdnum.ar import dni as ar_dni
from stdnum.br import cnpj, cpf
from stdnum.ca import sin
from stdnum.cl import rut
from stdnum.co import nit
from stdnum.il import idnr as il_id
from stdnum.mx import curp, rfc
from stdnum.tr import tckimlik
from stdnum.za import idnr as za_id

from .build import UPPER, chars, digits, safe, table_spec, until
from .model import Check, Make, Spec
from .values_intl import birth_date


def _sin(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 9, "1234567"), safe(sin.is_valid))
    style = rng.random()
    if style < 0.5:
        return sin.format(value)
    if style < 0.75:
        return f"{value[:3]}-{value[3:6]}-{value[6:]}"
    return value


_POSTAL_LETTERS = "ABCEGHJKLMNPRSTVWXYZ"


def _ca_postal(rng: random.Random) -> str:
    first = rng.choice("ABCEGHJKLMNPRSTVXY")
    outward = f"{first}{rng.randint(0, 9)}{rng.choice(_POSTAL_LETTERS)}"
    return f"{outward} {rng.randint(0, 9)}{rng.choice(_POSTAL_LETTERS)}{rng.randint(0, 9)}"


def _cpf(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 9)
        return body + cpf._calc_check_digits(body)  # stdnum's own two check digits

    value = until(rng, candidate, safe(cpf.is_valid))
    return cpf.format(value) if rng.random() < 0.75 else value


def _cnpj(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        body = digits(r, 8) + "0001"
        return body + cnpj.calc_check_digits(body)

    value = until(rng, candidate, safe(cnpj.is_valid))
    return cnpj.format(value) if rng.random() < 0.8 else value


_CURP_STATES = (
    "AS",
    "BC",
    "CH",
    "CL",
    "CM",
    "DF",
    "GR",
    "GT",
    "JC",
    "MC",
    "MN",
    "NL",
    "OC",
    "PL",
    "QT",
    "SL",
    "SP",
    "SR",
    "TS",
    "VZ",
    "YN",
    "ZS",
    "NE",
)
_CONSONANTS = "BCDFGHJKLMNPQRSTVWXZ"


def _curp(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        homoclave = r.choice("0123456789") if born.year < 2000 else r.choice(UPPER)
        body = (
            r.choice(_CONSONANTS)
            + r.choice("AEIOU")
            + chars(r, UPPER, 2)
            + f"{born:%y%m%d}"
            + r.choice("HM")
            + r.choice(_CURP_STATES)
            + chars(r, _CONSONANTS, 3)
            + homoclave
        )
        return body + curp.calc_check_digit(body)

    return until(rng, candidate, safe(curp.is_valid))


def _rfc_valid(text: str) -> bool:
    return bool(rfc.is_valid(text, validate_check_digits=True))


def _rfc(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        body = (
            r.choice(_CONSONANTS)
            + r.choice("AEIOU")
            + chars(r, UPPER, 2)
            + f"{born:%y%m%d}"
            + r.choice("123456789ABCDEFGHJKLMNPRSTUV")
            + r.choice("123456789ABCDEFGHJKLMNPRSTUVWXYZ")
        )
        return body + rfc.calc_check_digit(body)

    return until(rng, candidate, safe(_rfc_valid))


def _ar_dni(rng: random.Random) -> str:
    value = digits(rng, rng.choice((7, 8, 8, 8)), "123456789")
    return ar_dni.format(value) if rng.random() < 0.7 else value


def _rut(rng: random.Random) -> str:
    body = str(rng.randint(5_000_000, 26_000_000))
    value = body + rut.calc_check_digit(body)
    return rut.format(value) if rng.random() < 0.8 else f"{body}-{value[-1]}"


def _nit(rng: random.Random) -> str:
    body = digits(rng, 9, "89")
    value = body + nit.calc_check_digit(body)
    return nit.format(value) if rng.random() < 0.7 else f"{body}-{value[-1]}"


def _tckimlik(rng: random.Random) -> str:
    body = digits(rng, 9, "123456789")
    return body + tckimlik.calc_check_digits(body)


def _il_id(rng: random.Random) -> str:
    value = until(rng, lambda r: digits(r, 9), safe(il_id.is_valid))
    return value if rng.random() < 0.7 else f"{value[:8]}-{value[8]}"


def _za_id(rng: random.Random) -> str:
    def candidate(r: random.Random) -> str:
        born = birth_date(r)
        return f"{born:%y%m%d}{digits(r, 4)}{r.choice('01')}8{r.randint(0, 9)}"

    value = until(rng, candidate, safe(za_id.is_valid))
    return za_id.format(value) if rng.random() < 0.3 else value


_T: dict[str, tuple[str, str, Make, Check | None, bool, tuple[str, ...], tuple[str, ...]]] = {
    "CA_SIN": (
        "ca_sin",
        "en",
        _sin,
        safe(sin.is_valid),
        True,
        ("SIN", "social insurance number"),
        ("My SIN is {v}.", "Social Insurance Number: {v}", "SIN {v} for the T4 slip."),
    ),
    "CA_POSTAL_CODE": (
        "ca_postal_code",
        "en",
        _ca_postal,
        None,
        False,
        ("postal code",),
        ("Ship to Ottawa, ON {v}.", "Postal code: {v}"),
    ),
    "BR_CPF": (
        "br_cpf",
        "pt_BR",
        _cpf,
        safe(cpf.is_valid),
        True,
        ("CPF",),
        ("Meu CPF é {v}.", "CPF: {v}", "Informe o CPF {v} na nota fiscal."),
    ),
    "BR_CNPJ": (
        "br_cnpj",
        "pt_BR",
        _cnpj,
        safe(cnpj.is_valid),
        True,
        ("CNPJ",),
        ("CNPJ: {v}", "Empresa Silva Ltda., CNPJ {v}"),
    ),
    "MX_CURP": (
        "mx_curp",
        "es_MX",
        _curp,
        safe(curp.is_valid),
        True,
        ("CURP",),
        ("Mi CURP es {v}.", "CURP: {v}"),
    ),
    "MX_RFC": (
        "mx_rfc",
        "es_MX",
        _rfc,
        _rfc_valid,
        True,
        ("RFC",),
        ("RFC: {v}", "Mi RFC con homoclave es {v}."),
    ),
    "AR_DNI": (
        "ar_dni",
        "es_AR",
        _ar_dni,
        safe(ar_dni.is_valid),
        False,
        ("DNI",),
        ("DNI: {v}", "Mi DNI es {v}.", "Documento (DNI) n.º {v}"),
    ),
    "CL_RUT": (
        "cl_rut",
        "es_CL",
        _rut,
        safe(rut.is_valid),
        True,
        ("RUT", "RUN"),
        ("RUT: {v}", "Mi RUT es {v}."),
    ),
    "CO_NIT": (
        "co_nit",
        "es_CO",
        _nit,
        safe(nit.is_valid),
        True,
        ("NIT",),
        ("NIT: {v}", "Factura a nombre de Gómez S.A.S., NIT {v}"),
    ),
    "TR_NATIONAL_ID": (
        "tr_national_id",
        "tr",
        _tckimlik,
        safe(tckimlik.is_valid),
        True,
        ("T.C. Kimlik", "kimlik numarası", "TCKN", "TC Kimlik No"),
        ("T.C. Kimlik No: {v}", "T.C. kimlik numaram {v}.", "TCKN {v}"),
    ),
    "IL_ID": (
        "il_id",
        "he",
        _il_id,
        safe(il_id.is_valid),
        True,
        ("תעודת זהות", "ת.ז", "מספר זהות"),
        ("מספר תעודת זהות: {v}", "ת.ז. {v}", "מספר זהות {v}"),
    ),
    "ZA_ID": (
        "za_id",
        "en",
        _za_id,
        safe(za_id.is_valid),
        True,
        ("ID number", "identity number"),
        ("My ID number is {v}.", "SA ID: {v}", "Identity number {v} (Home Affairs)"),
    ),
    "ZA_PASSPORT": (
        "za_passport",
        "en",
        lambda r: r.choice("AMTD") + digits(r, 8),
        None,
        False,
        ("passport", "South African passport"),
        ("South African passport number {v}", "Passport no. {v} (South African passport)"),
    ),
    "NG_NIN": (
        "ng_nin",
        "en",
        lambda r: digits(r, 11, "123456789"),
        None,
        False,
        ("NIN", "National Identification Number"),
        ("My NIN is {v}.", "National Identification Number: {v}", "NIN {v} (NIMC slip)"),
    ),
}


def specs() -> list[Spec]:
    """Every Americas, Middle East and Africa value spec."""
    result = [
        table_spec(category, kind, lang, make, check, checksum, context, sentences)
        for category, (kind, lang, make, check, checksum, context, sentences) in _T.items()
    ]
    # Canada's French half.
    result.append(
        table_spec(
            "CA_SIN",
            "ca_sin.fr_CA",
            "fr_CA",
            _sin,
            safe(sin.is_valid),
            True,
            ("assurance sociale", "NAS"),
            ("Mon numéro d'assurance sociale est le {v}.", "NAS : {v}"),
            source="ca_sin",
        )
    )
    return result
