"""An independent quality corpus for the detector catalogue (docs/architecture.md, the
detector catalogue).

Written from the published formats of the identifiers, without sight of the
detection rules, so that it measures them rather than mirrors them.

API
    ``generate(count=10_000, seed=DEFAULT_SEED, slice=None, categories=None)`` returns
    ``Record(text, values, locale, slice, decoys)``; ``values`` and ``decoys`` are
    ``Value(start, end, category, kind)`` spans into ``text``. The same arguments
    always give the same records. ``slice`` picks one slice or several (then the
    count is shared by their usual proportions); ``categories`` restricts the values
    to some categories (hard negatives stay: they are negatives for everyone).
    ``score(records, detect)`` gives ``{slice: {category: Counts}}`` with an
    ``"all"`` slice, span-level (a value counts as found only when detections of
    its category cover all of it).

Slices (default share of ``count``)
    ``plain`` (12%)   values whose category needs no context, in sentences that
                      name nothing (international phone formats only);
    ``context`` (24%) one to four values, each in a sentence of its own language
                      with a context word within 40 characters (every category);
    ``multi`` (18%)   form-like records of six to ten values of one language
                      family;
    ``evasion`` (13%) full-width and mathematical digits, zero-width and other
                      format characters inside the value, list numbers and
                      quantities before it (``1 4111...``, ``3x 4111...``), table
                      cells, two values joined by one space or separator, and the
                      same value repeated later without context (every occurrence
                      is a value); each span covers the whole original text,
                      inserted characters included;
    ``clean`` (33%)   no value at all: hard negatives (see ``negatives``) between
                      filler sentences.

Categories are those of the catalogue table (``CATEGORIES``; ``DEFAULT`` and
``CONTEXT_REQUIRED`` mark the table's (d) and (c)). Choice is balanced: the
least-used category leads the next record and companions are the least-used of
the same language family, so each category gets about the same number of
values (about 180 or more at the default size; ``SECRET`` about seven times as many,
spread over its ~100 kinds).

Sources, per group (details in each module's docstring)
    international  phonenumbers metadata; ISO/IEC 7812 issuer prefixes and Luhn;
                   the SWIFT ISO 13616 IBAN registry as python-stdnum ships it;
                   3GPP TS 23.003 (IMEI); Base58Check, BIP-173, BIP-350, EIP-55.
    United States  stdnum.us (ssn, itin, rtn); CMS (NPI check digit, MBI format);
                   Department of State passports; state DMV licence layouts;
                   USPS Publication 28 (street suffixes, unit designators).
    UK, Germany    HMRC NIM39110 (NINO); stdnum.gb.nhs; DVLA licence layout and
                   2001 registrations; Royal Mail postcodes; stdnum.de (idnr, stnr,
                   vat); ICAO 9303 check digits; VKVV section 2
                   (Rentenversicherungsnummer); GKV KVNR guideline.
    Europe         python-stdnum for every national identifier it has.
    India, APAC    python-stdnum (aadhaar, pan, epic, gstin, tfn, abn, acn, uen,
                   rrn, jp.in_, cn.ric, th.pin, my.nric, id.nik, pk.cnic, nz.ird);
                   ICA/FormSG NRIC/FIN check letters; Services Australia Medicare.
    Americas, MEA  python-stdnum (ca.sin, br, mx, ar, cl, co, tr, il, za);
                   Canada Post postal codes; DHA and NIMC formats.
    secrets        the providers' published token formats (prefix, alphabet,
                   length, checksum: GitHub/npm CRC32, age bech32), RFC 7468 PEM
                   keys drawn from the seed, RFC 7519 JWTs, driver URIs.

No value is ambiguous by the design's own rules (``ambiguity``): a record is
drawn again while one of its values validates for, or has the format of, another
category whose context word is at least as near as its own (or, without context
of its own, another context-free category); a word both list names neither
(``passport`` alone leaves a 9-digit number US or UK; ``UK passport`` settles it);
a clean record is drawn again while one of its hard negatives could be taken that
way. Values that validate for two
categories still appear where their own context settles it (a South African ID
that is also a 13-digit Visa number, next to "ID number"): that is the "one
value, one category" rule at work.

Ground-truth conventions: a connection string's or an assignment's value is
the password or secret itself (what must not leak), a PEM block is the whole
block from ``-----BEGIN`` to the closing ``-----``, a street address runs from
the house number to the ZIP code when one is written.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..corpus import Counts, Detection
from .catalogue import CATEGORIES as CATALOGUE
from .catalogue import CONTEXT_REQUIRED, DEFAULT, NAMES, Category
from .generator import SHARES
from .generator import generate as _generate
from .model import SLICES, Record, Value
from .scoring import score

__all__ = [
    "CATALOGUE",
    "CATEGORIES",
    "CONTEXT_REQUIRED",
    "DEFAULT",
    "DEFAULT_COUNT",
    "DEFAULT_SEED",
    "SHARES",
    "SLICES",
    "Category",
    "Counts",
    "Detection",
    "Record",
    "Value",
    "generate",
    "score",
]

CATEGORIES: tuple[str, ...] = NAMES
DEFAULT_COUNT = 10_000
DEFAULT_SEED = 20250611


def generate(
    count: int = DEFAULT_COUNT,
    seed: int = DEFAULT_SEED,
    slice: str | Iterable[str] | None = None,
    categories: Iterable[str] | None = None,
) -> list[Record]:
    """``count`` records with ground truth, deterministic from ``seed`` (see the module doc)."""
    if count < 0:
        raise ValueError("count must be zero or more")
    return _generate(count, seed, slice, categories)
