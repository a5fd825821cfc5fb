"""Shared facts and assertions of the India and Asia-Pacific catalogue tests.

``ENTRIES`` lists each entry's contract (category, law, default, context
required) with one valid value and one invalid variant; the country test
modules add their published examples and hard negatives.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from engine_core import Engine

from .conftest import catalogue_engine, hits

#: The catalogue files this group owns.
FILES = ("in", "au", "sg", "nz", "kr", "jp", "cn", "th", "my", "id", "pk", "ph")


@dataclass(frozen=True)
class Entry:
    """What one catalogue entry promises, with a value it takes and one it refuses."""

    id: str
    category: str
    law: str
    default: bool
    context_required: bool
    valid: str
    invalid: str


ENTRIES = (
    Entry("in.pan", "IN_PAN", "DPDP", True, False, "ACUPA7085R", "ACUPA0000R"),
    Entry("in.passport", "IN_PASSPORT", "DPDP", True, True, "J8369854", "J836985"),
    Entry("in.voter_id", "IN_VOTER_ID", "DPDP", True, True, "WKH1186253", "WKH1186263"),
    Entry("in.gstin", "IN_GSTIN", "DPDP", False, False, "27AAPFU0939F1ZV", "27AAPFU0939F1ZO"),
    Entry(
        "in.vehicle_registration",
        "IN_VEHICLE_REGISTRATION",
        "DPDP",
        False,
        False,
        "MH 12 AB 1234",
        "XY 12 AB 1234",
    ),
    Entry("au.tfn", "AU_TFN", "AU-PRIVACY-ACT", True, True, "123 456 782", "123 456 783"),
    Entry(
        "au.medicare", "AU_MEDICARE", "AU-PRIVACY-ACT", True, True, "2123 45670 1", "2123 45671 1"
    ),
    Entry("au.abn", "AU_ABN", "AU-PRIVACY-ACT", False, False, "51 824 753 556", "51 824 753 557"),
    Entry("au.acn", "AU_ACN", "AU-PRIVACY-ACT", False, True, "004 085 616", "004 085 617"),
    Entry("sg.nric_fin", "SG_NRIC_FIN", "SG-PDPA", True, False, "S1234567D", "S1234567A"),
    Entry("sg.uen", "SG_UEN", "SG-PDPA", False, False, "197401143C", "197401143D"),
    Entry("nz.ird", "NZ_IRD", "NZ-PRIVACY-ACT", True, True, "49-091-850", "136-410-133"),
    Entry("kr.rrn", "KR_RRN", "PIPA", True, False, "971013-9019902", "971013-9019903"),
    Entry("kr.rrn_bare", "KR_RRN", "PIPA", True, True, "9710139019902", "9710139019903"),
    Entry("kr.passport", "KR_PASSPORT", "PIPA", True, True, "M123A4567", "M123A456"),
    Entry(
        "kr.driver_license",
        "KR_DRIVER_LICENSE",
        "PIPA",
        True,
        True,
        "11-12-345678-90",
        "27-12-345678-90",
    ),
    Entry("jp.my_number", "JP_MY_NUMBER", "APPI", True, True, "6214 9832 0257", "6214 9832 0258"),
    Entry(
        "cn.resident_id",
        "CN_RESIDENT_ID",
        "PIPL",
        True,
        False,
        "11010519491231002X",
        "110105194912310021",
    ),
    Entry(
        "th.national_id", "TH_NATIONAL_ID", "TH-PDPA", True, True, "3100600445635", "3100600445636"
    ),
    Entry("my.nric", "MY_NRIC", "MY-PDPA", True, True, "770305-02-1234", "771305-02-1234"),
    Entry("id.nik", "ID_NIK", "ID-PDP", True, True, "3171011708450001", "9971011708450001"),
    Entry("pk.cnic", "PK_CNIC", "PK-PECA", True, True, "34201-0891231-8", "34201-0891231-0"),
    Entry("ph.tin", "PH_TIN", "PH-DPA", True, True, "123-456-789-000", "123-456-78"),
    Entry("ph.umid", "PH_UMID", "PH-DPA", True, True, "0028-1215160-9", "0028-121516-9"),
    Entry("ph.passport", "PH_PASSPORT", "PH-DPA", True, True, "P1234567A", "P123456A"),
)
BY_ID = {entry.id: entry for entry in ENTRIES}

#: A number plate names a vehicle, not a person's document: WARNING, as contact data is.
WARNING_CATEGORIES = {"IN_VEHICLE_REGISTRATION"}


def severity(category: str) -> str:
    """The severity results carry for ``category``."""
    return "WARNING" if category in WARNING_CATEGORIES else "FATAL"


@cache
def catalogue_file_entries() -> tuple[dict[str, Any], ...]:
    """The raw entries of this group's catalogue files (the original in_aadhaar excluded)."""
    folder = files("engine_plugins.catalogue")
    found: list[dict[str, Any]] = []
    for name in FILES:
        text = folder.joinpath(f"{name}.yaml").read_text(encoding="utf-8")
        found.extend(entry for entry in yaml.safe_load(text) if entry["id"] in BY_ID)
    return tuple(found)


def context_words(entry_id: str) -> list[str]:
    """The context words an entry declares."""
    (raw,) = (entry for entry in catalogue_file_entries() if entry["id"] == entry_id)
    return list(raw["options"].get("context", []))


def engine_for(entry: Entry) -> Engine:
    """The entry alone, imported by id into a playbook."""
    return catalogue_engine(entry.id)


def assert_found(engine: Engine, text: str, value: str, category: str) -> None:
    """``value`` (its first occurrence) is reported whole as ``category``, with the
    category's severity and law, and no other category takes any part of it."""
    start = text.index(value)
    span = (start, start + len(value))
    entry = next(entry for entry in ENTRIES if entry.category == category)
    overlapping = [
        (hit.category, hit.severity, hit.law, hit.span)
        for hit in hits(engine, text)
        if hit.span[0] < span[1] and span[0] < hit.span[1]
    ]
    assert overlapping == [(category, severity(category), entry.law, span)], text


def assert_absent(engine: Engine, text: str, category: str) -> None:
    """No value of ``category`` is reported in ``text``."""
    assert [hit.value for hit in hits(engine, text) if hit.category == category] == [], text
