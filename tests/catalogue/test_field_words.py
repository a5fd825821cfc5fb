"""Abbreviations and field names that systems write for an identifier label it: found on
independently written records (a Norwegian export's ``fnr`` column, an Estonian form's
``IK``, a Swedish database's ``person_nr``). Values are python-stdnum's own examples."""

from __future__ import annotations

import pytest

from .conftest import catalogue_engine, values


@pytest.mark.parametrize(
    ("rule_id", "category", "text", "value"),
    [
        (
            "no.fodselsnummer",
            "NO_FODSELSNUMMER",
            "id\tfnr\tphone\n1\t15108695088\t-\n",
            "15108695088",
        ),
        ("no.fodselsnummer", "NO_FODSELSNUMMER", "Kan du oppgi f.nr. 15108695088?", "15108695088"),
        (
            "at.social_security",
            "AT_SOCIAL_SECURITY",
            "sozialversicherungsnr: 1237010180",
            "1237010180",
        ),
        ("ee.isikukood", "EE_ISIKUKOOD", "IK: 37605030299", "37605030299"),
        (
            "ee.isikukood",
            "EE_ISIKUKOOD",
            "POST /admin/users?page=1&ik=37605030299 HTTP/1.1",
            "37605030299",
        ),
        (
            "se.personnummer_plain",
            "SE_PERSONNUMMER",
            "Key (person_nr)=(8112289874) exists",
            "8112289874",
        ),
        ("au.acn", "AU_ACN", '{"acn_number": "004085616"}', "004085616"),
        ("us.ssn_bare", "US_SSN", "soc_sec_no = '536904399'", "536904399"),
        # An acronym written with its dots, as forms and letters write it.
        ("pt.nif", "PT_NIF", "N.I.F.: 501964843", "501964843"),
        ("pt.nif", "PT_NIF", "| Nome | N.I.F. |\n|---|---|\n| Ana | 501964843 |", "501964843"),
        ("nl.bsn", "NL_BSN", "B.S.N 111222333", "111222333"),
        # Field names of systems and APIs.
        ("de.tax_number", "DE_TAX_NUMBER", '{"st_nr": "181/815/08155"}', "181/815/08155"),
        ("pt.cc", "PT_CC", '{"numCC": "106846078ZY5"}', "106846078ZY5"),
        ("pt.cc", "PT_CC", "SET cartao_cidadao = '106846078ZY5'", "106846078ZY5"),
        ("th.national_id", "TH_NATIONAL_ID", '{"citizen_id": "3100600445635"}', "3100600445635"),
        ("pt.cc", "PT_CC", "numDocIdentificacao = 106846078 ZY5", "106846078 ZY5"),
        ("sg.nric_fin", "SG_NRIC_FIN", 'uinfin = "S1234567D"', "S1234567D"),  # MyInfo's name
        ("ar.dni", "AR_DNI", "<NroDocumento>20123456</NroDocumento>", "20123456"),
        ("ar.dni", "AR_DNI", "Nro. de documento: 20.123.456", "20.123.456"),
    ],
)
def test_an_abbreviation_or_field_name_labels_its_value(
    rule_id: str, category: str, text: str, value: str
) -> None:
    assert values(catalogue_engine(rule_id), text, category) == [value]


def _fhir_identifier(system: str, value: str) -> str:
    """A FHIR Patient's identifier, in the element order the specification gives."""
    return (
        '{"resourceType": "Patient", "identifier": [\n  {\n    "use": "official",\n'
        f'    "system": "{system}",\n    "value": "{value}"\n  }}\n]}}'
    )


@pytest.mark.parametrize(
    ("rule_id", "category", "system", "value"),
    [
        ("dk.cpr", "DK_CPR", "urn:oid:1.2.208.176.1.2", "2110625629"),
        ("pl.pesel", "PL_PESEL", "urn:oid:2.16.840.1.113883.3.4424.1.1.616", "44051401359"),
        ("nl.bsn", "NL_BSN", "urn:oid:2.16.840.1.113883.2.4.6.3", "111222333"),
        ("nl.bsn", "NL_BSN", "http://fhir.nl/fhir/NamingSystem/bsn", "111222333"),
        ("us.ssn_bare", "US_SSN", "urn:oid:2.16.840.1.113883.4.1", "536291847"),
        ("us.ssn_bare", "US_SSN", "http://hl7.org/fhir/sid/us-ssn", "536291847"),
        ("at.social_security", "AT_SOCIAL_SECURITY", "urn:oid:1.2.40.0.10.1.4.3.1", "1237010180"),
    ],
)
def test_a_fhir_identifiers_system_names_its_value(
    rule_id: str, category: str, system: str, value: str
) -> None:
    """A numbering system's published OID or URI, the line before, labels the value."""
    assert values(catalogue_engine(rule_id), _fhir_identifier(system, value), category) == [value]


def test_another_systems_identifier_is_not_named() -> None:
    text = _fhir_identifier("urn:oid:1.2.208.176.1.9", "2110625629")
    assert values(catalogue_engine("dk.cpr"), text, "DK_CPR") == []
