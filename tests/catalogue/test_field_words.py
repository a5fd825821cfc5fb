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
