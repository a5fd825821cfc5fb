"""The categories of the detector catalogue, as the design's table lists them.

Each entry: the group, whether the built-in pack turns it on (default) and
whether it counts only near a context word (context required). This is the
contract the corpus is written against, not a copy of any rule.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Category:
    """One catalogue category: its group and its two flags."""

    name: str
    group: str
    default: bool
    context_required: bool


def _group(group: str, entries: str) -> list[Category]:
    # entries: "NAME:flags" separated by spaces; flags among d (default), c (context).
    result = []
    for entry in entries.split():
        name, _, flags = entry.partition(":")
        result.append(Category(name, group, "d" in flags, "c" in flags))
    return result


CATEGORIES: tuple[Category, ...] = tuple(
    _group(
        "international",
        "EMAIL:d PHONE:d CREDIT_CARD:d IBAN:d IP_ADDRESS:d MAC_ADDRESS:d CRYPTO_WALLET:d "
        "IMEI:dc DATE_OF_BIRTH:dc URL:",
    )
    + _group(
        "us",
        "US_SSN:d US_ITIN:d US_PASSPORT:dc US_DRIVER_LICENSE:dc US_BANK_ACCOUNT:dc "
        "US_ABA_ROUTING:dc US_NPI:dc US_MBI:d POSTAL_ADDRESS:d",
    )
    + _group(
        "uk",
        "UK_NINO:d UK_NHS:dc UK_PASSPORT:dc UK_DRIVING_LICENCE:d UK_POSTCODE: "
        "UK_VEHICLE_REGISTRATION:",
    )
    + _group(
        "de",
        "DE_TAX_ID:dc DE_TAX_NUMBER:dc DE_ID_CARD:dc DE_PASSPORT:dc DE_SOCIAL_SECURITY:dc "
        "DE_HEALTH_INSURANCE:dc DE_VAT:",
    )
    + _group(
        "es_it_fr_pt",
        "ES_DNI:d ES_NIE:d ES_PASSPORT:dc IT_FISCAL_CODE:d IT_IDENTITY_CARD:dc IT_PASSPORT:dc "
        "IT_DRIVER_LICENSE:dc IT_VAT: FR_NIR:d FR_NIF:dc PT_CC:dc PT_NIF:dc",
    )
    + _group(
        "benelux_nordics_cee",
        "NL_BSN:dc BE_NATIONAL_NUMBER:d SE_PERSONNUMMER:d FI_HETU:d DK_CPR:dc "
        "NO_FODSELSNUMMER:dc IS_KENNITALA:dc PL_PESEL:dc CZ_BIRTH_NUMBER:dc RO_CNP:d BG_EGN:dc "
        "HR_OIB:dc EE_ISIKUKOOD:dc LT_ASMENS_KODAS:dc SI_EMSO:dc GR_AMKA:dc "
        "AT_SOCIAL_SECURITY:dc CH_AHV:d IE_PPS:dc",
    )
    + _group(
        "india",
        "IN_AADHAAR:d IN_PAN:d IN_PASSPORT:dc IN_VOTER_ID:dc IN_GSTIN: IN_VEHICLE_REGISTRATION:",
    )
    + _group(
        "asia_pacific",
        "AU_TFN:dc AU_MEDICARE:dc AU_ABN: AU_ACN: SG_NRIC_FIN:d SG_UEN: KR_RRN:d "
        "KR_PASSPORT:dc KR_DRIVER_LICENSE:dc JP_MY_NUMBER:dc CN_RESIDENT_ID:d TH_NATIONAL_ID:dc "
        "MY_NRIC:dc ID_NIK:dc PH_TIN:dc PH_UMID:dc PH_PASSPORT:dc PK_CNIC:dc NZ_IRD:dc",
    )
    + _group(
        "americas",
        "CA_SIN:dc CA_POSTAL_CODE: BR_CPF:d BR_CNPJ: MX_CURP:d MX_RFC:dc AR_DNI:dc CL_RUT:dc "
        "CO_NIT:dc",
    )
    + _group("middle_east_africa", "TR_NATIONAL_ID:dc IL_ID:dc ZA_ID:d ZA_PASSPORT:dc NG_NIN:dc")
    + _group("secrets", "SECRET:d")
)

BY_NAME: dict[str, Category] = {category.name: category for category in CATEGORIES}
NAMES: tuple[str, ...] = tuple(category.name for category in CATEGORIES)
DEFAULT: frozenset[str] = frozenset(c.name for c in CATEGORIES if c.default)
CONTEXT_REQUIRED: frozenset[str] = frozenset(c.name for c in CATEGORIES if c.context_required)
