"""Prefilters and leads of the international, US and UK entries hold on their own examples.

The engine runs each rule only in windows around its prefilter's hits; a
prefilter that misses a value, or a lead shorter than the distance from a
value's start to its prefilter hit, would lose values silently. The windowed
scan must equal a whole-text scan of every rule, value by value and all at once.
"""

from __future__ import annotations

from engine_core import Engine
from engine_core.anchors import accelerable
from engine_core.evaluation import CompiledPack
from engine_core.packs.catalogue import catalogue_rules

from .conftest import catalogue_engine
from .test_intl import PUBLISHED_CARDS, PUBLISHED_WALLETS
from .test_us import ADDRESSES

OTHER_VALUES = [
    "IMEI 49-015420-323751-8",
    "DOB: 14th of March 1985",
    "Geburtsdatum 14. März 1985",
    "fecha de nacimiento: 14 de marzo de 1985",
    "data urodzenia: 14 października 1985, doğum tarihi 14 Şubat 1985",
    "born March 14, 1985",
    "Datum narození: 7. 1. 1965, 14.03. 1985 and 1965. 01. 07.",
    "生年月日 1977年5月30日生まれ, 생년월일: 1988년 6월 30일, 1990年 1月 2日",
    "DOB 1985-03-14 and 03/14/85",
    "MAC d050.9984.a2a0 and D0-50-99-84-A2-A0",
    "SSN 536904399, ITIN 912-90-3456",
    "passport A12345678, UK passport 925076473",
    "driver license W426-545-30-761-0, DL WDLABCD456DG",
    "account number 12345678901, routing 021000021, NPI 1234567893, MBI 1EG4-TE5-MK73",
    "NHS 943 476 5919, licence MORGA 657054 SM9IJ",
    "PSC 1234, Box 12345, APO AE 09204 and PO Box 42",
    "https://example.com/a?b=1 www.example.org SW1A 1AA BD51 SMR",
    "ES68 2100 0418 0002 0005 1332 4111 1111 1111 1111, 1 5555-5555-5555-4444",
    # E-mail windows start after the last character no address holds before the @.
    "<jane.o'neil+news@mail.example.co.uk>, mailto:ops@example.org;x@y",
    "From: a@b.cc (Ann) to:" + "x" * 70 + "@example.com and " + "y" * 63 + "@example.com",
    "user:pass@host.example.com https://u:p@example.org/ name_1@ex-ample.io, é@exä.de",
]


def _texts() -> list[str]:
    pieces = [
        *PUBLISHED_CARDS.values(),
        *PUBLISHED_WALLETS,
        *(f"ship to {address}." for address in ADDRESSES),
        *OTHER_VALUES,
    ]
    return [f"lead words {piece} trailing words" for piece in pieces] + [" ".join(pieces)]


def _assert_windows_exact(pack: CompiledPack, texts: list[str]) -> None:
    for text in texts:
        whole = [
            (rule.rule_id, tuple(sorted(spans)))
            for rule in pack.rules
            if (spans := rule.matcher.find(text))
        ]
        windowed = [(finding.rule.rule_id, finding.spans) for finding in pack.scan(text)]
        assert windowed == whole, text


def test_windows_equal_whole_scans_for_the_builtin_pack(builtin: Engine) -> None:
    """The default entries find the same spans in windows as in whole-text scans."""
    _assert_windows_exact(builtin.compiled_pack, _texts())


def test_windows_equal_whole_scans_for_the_other_entries() -> None:
    """So do the entries outside the built-in pack (URL, postcode, vehicle registration)."""
    engine = catalogue_engine("intl.url", "gb.postcode", "gb.vehicle_registration")
    _assert_windows_exact(engine.compiled_pack, _texts())


def test_every_prefilter_runs_in_the_one_hyperscan_pass(builtin: Engine) -> None:
    """A prefilter Hyperscan cannot take (a character outside ASCII, an escape) is searched
    alone with ``regex``: on the 10 MB benchmark text that cost one rule 500 ms."""
    refused = [
        rule.id
        for rule in catalogue_rules(builtin.registries).values()
        if (prefilter := rule.options.get("prefilter")) and not accelerable(prefilter)
    ]
    assert refused == []
