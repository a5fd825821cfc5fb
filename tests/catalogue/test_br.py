"""Brazil catalogue entries (``br.yaml``) and their named check through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine
from engine_plugins.catalogue.checks.br import br_cpf

from .conftest import catalogue_engine, hits, values
from .evasion import full_width
from .expectations import assert_no_bypass, sole_hit

# --- CPF ------------------------------------------------------------------------------

#: python-stdnum's example CPF (its br.cpf docstring and tests).
CPF = "390.533.447-05"


@pytest.mark.parametrize(
    ("text", "number", "rule_id"),
    [
        ("CPF: 390.533.447-05", "390.533.447-05", "br.cpf"),
        ("inscrito no CPF sob o nº 390.533.447-05, residente em", "390.533.447-05", "br.cpf"),
        ("Documento 390.533.447-05 anexado ao processo.", "390.533.447-05", "br.cpf"),
        ("CPF 39053344705", "39053344705", "br.cpf_bare"),
        ("Número do CPF: 390533447-05", "390533447-05", "br.cpf_bare"),
        ("Cadastro de Pessoas Físicas 390 533 447 05", "390 533 447 05", "br.cpf_bare"),
        ("C.P.F. 390.533.447.05", "390.533.447.05", "br.cpf_bare"),
        ("CPF:39053344705", "39053344705", "br.cpf_bare"),  # a label's colon
        # Two mod-11 check digits (1 in 100 random numbers pass): no context word needed
        ("| 2 | 39053344705 | ok |", "39053344705", "br.cpf_bare"),
        ("Aqui está: 390533447-05.", "390533447-05", "br.cpf_bare"),
        ("465.458.889-28/39053344705", "39053344705", "br.cpf_bare"),  # after a slash
    ],
)
def test_cpf(builtin: Engine, text: str, number: str, rule_id: str) -> None:
    """A CPF is BR_CPF, FATAL, LGPD, written 000.000.000-00 or bare, with or without "CPF"."""
    assert sole_hit(builtin, text, number) == (rule_id, "BR_CPF", "FATAL", "LGPD")


@pytest.mark.parametrize(
    "text",
    [
        "CPF: 231.002.999-00",  # python-stdnum's invalid example
        "CPF: 390.533.447-06",  # check digit changed
        "CPF: 390.533.477-05",  # a digit changed
        "CPF: 390.533.447-5",  # one check digit short
        "CPF: 111.111.111-11",  # eleven equal digits: a placeholder, never issued
        "CPF: 000.000.000-00",
        "Pedido 39053344706 enviado.",  # bare digits whose second check digit is wrong
        "CPF do cliente; telefone (11) 98765-4321",  # a phone number
        "CPF pendente. Ligue +55 390533447 05",  # an international phone number's digits
    ],
)
def test_not_cpf(builtin: Engine, text: str) -> None:
    """Invalid checks, repeated digits, phones: no BR_CPF."""
    assert values(builtin, text, "BR_CPF") == []


def test_cpf_no_bypass(builtin: Engine) -> None:
    """A list number before a CPF, or two CPFs side by side, hide nothing."""
    other = "111.444.777-35"  # the worked example of many check-digit tutorials (valid)
    assert_no_bypass(builtin, "CPFs:", CPF, other, "BR_CPF")
    assert_no_bypass(builtin, "CPFs:", "39053344705", "11144477735", "BR_CPF")


def test_cpf_evasion(builtin: Engine) -> None:
    """Full-width digits or a soft hyphen inside a CPF still make a BR_CPF."""
    assert values(builtin, f"CPF {full_width(CPF)}", "BR_CPF") == [full_width(CPF)]
    assert values(builtin, "CPF 390.533\u00ad.447-05", "BR_CPF") == ["390.533\u00ad.447-05"]


def test_br_cpf_check() -> None:
    """The named check: python-stdnum's check digits, and not one digit eleven times."""
    assert br_cpf("390.533.447-05")
    assert br_cpf("39053344705")
    assert not br_cpf("390.533.447-06")
    assert not br_cpf("222.222.222-22")
    assert not br_cpf("3905334470")


# --- CNPJ -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        # python-stdnum's br.cnpj docstring and its list of numbers found online
        ("CNPJ 16.727.230/0001-97", "16.727.230/0001-97"),
        ("Fornecedor inscrito no CNPJ sob o nº 11.017.153/0002-49.", "11.017.153/0002-49"),
        ("Empresa 07.195.358/0001-66, Rua Augusta", "07.195.358/0001-66"),
        ("CNPJ: 16.727.230.0001-97", "16.727.230.0001-97"),
        ("CNPJ: 61882613000194", "61882613000194"),
        ("CNPJ alfanumérico 12.ABC.345/01DE-35", "12.ABC.345/01DE-35"),  # from July 2026
        ("CNPJ 12ABC34501DE35", "12ABC34501DE35"),
        ("Protocolo 61882613000194", "61882613000194"),  # two check digits: no context needed
    ],
)
def test_cnpj(text: str, number: str) -> None:
    """A CNPJ is BR_CNPJ, FATAL, when the entries are imported, formatted or bare."""
    engine = catalogue_engine("br.cnpj", "br.cnpj_bare")
    assert sole_hit(engine, text, number)[1:] == ("BR_CNPJ", "FATAL", "LGPD")


@pytest.mark.parametrize(
    "text",
    [
        "CNPJ 16.727.230/0001-98",  # python-stdnum's invalid example
        "CNPJ 16.727.230/0001-9",  # one check digit short
        "Protocolo 61882613000195",  # bare digits whose second check digit is wrong
        "Nota fiscal 2024/0001-97",
        "CNPJ pendente; código ABCDEFGHIJKL35",  # an uppercase code, check digits wrong
    ],
)
def test_not_cnpj(text: str) -> None:
    """Invalid check digits, short numbers: no BR_CNPJ."""
    assert values(catalogue_engine("br.cnpj", "br.cnpj_bare"), text, "BR_CNPJ") == []


def test_cnpj_is_not_default(builtin: Engine) -> None:
    """The built-in pack leaves company numbers alone; a glob imports every Brazil entry."""
    assert values(builtin, "CNPJ 16.727.230/0001-97", "BR_CNPJ") == []
    found = hits(catalogue_engine("br.*"), f"CNPJ 16.727.230/0001-97, CPF {CPF}")
    assert [(hit.category, hit.value) for hit in found] == [
        ("BR_CNPJ", "16.727.230/0001-97"),
        ("BR_CPF", CPF),
    ]


#: A CNPJ (its two mod-11 check digits by python-stdnum) that is also a Luhn-valid
#: 14-digit number with a Diners Club International prefix (38): valid for both categories.
CNPJ_AND_DINERS = "38000011000144"


@pytest.mark.parametrize(
    ("text", "value", "category"),
    [
        # Written in the CNPJ's own punctuation: the card rule does not read that form.
        ("Empresa 38.000.011/0001-44, Rua Augusta", "38.000.011/0001-44", "BR_CNPJ"),
        # Bare, with a CNPJ word before or after it: the context names it.
        (f"CNPJ: {CNPJ_AND_DINERS}", CNPJ_AND_DINERS, "BR_CNPJ"),
        (f"A loja está inscrita no CNPJ sob o nº {CNPJ_AND_DINERS}.", CNPJ_AND_DINERS, "BR_CNPJ"),
        (f"{CNPJ_AND_DINERS} é o CNPJ da loja", CNPJ_AND_DINERS, "BR_CNPJ"),
        # A Diners number written as a card, or with card words, stays a card.
        ("Diners Club 3800 001100 0144", "3800 001100 0144", "CREDIT_CARD"),
        (f"Cartão Diners {CNPJ_AND_DINERS}", CNPJ_AND_DINERS, "CREDIT_CARD"),
        (
            f"Pague com o cartão {CNPJ_AND_DINERS}; CNPJ 16.727.230/0001-97",
            CNPJ_AND_DINERS,
            "CREDIT_CARD",
        ),
        # Neither form nor words: a card's issuer prefix and length beat a bare checksum.
        (f"Aqui: {CNPJ_AND_DINERS}", CNPJ_AND_DINERS, "CREDIT_CARD"),
    ],
)
def test_cnpj_or_diners_card(text: str, value: str, category: str) -> None:
    """A value valid as a CNPJ and as a card is reported once, in the category its form or
    its context words name; with neither, the card's issuer prefix decides."""
    engine = catalogue_engine("credit_card", "br.cnpj", "br.cnpj_bare")
    found = [(hit.category, hit.value) for hit in hits(engine, text) if hit.value == value]
    assert found == [(category, value)]
