"""What the European catalogue entries cost: the nine original detectors alone, then with them.

Two packs import catalogue entries as codons: the nine original detectors, and
those plus every default entry of a European country. Rows: evaluate p50 on
1 KB of prose (clean, and with three values) and the raw scan throughput
(``CompiledPack.scan``: prefilters, windows, checks) of the 10 MB mostly-clean
text, best of several scans. Context, one category per value and NFKC folding
come after the scan and are measured by ``bench_evaluate`` for the whole pack. Each
pack is measured once the databases it compiles in the background exist.
"""

from __future__ import annotations

from engine_core import Engine
from engine_core.licensing.context import CommunityLicense
from engine_core.packs.playbook import parse_playbook
from engine_plugins.catalogue import catalogue_entries
from tests.quality.corpus import mostly_clean_text, sized_text

from .bench_evaluate import BIG, THROUGHPUT_RUNS, _percentiles, _timed

NINE = ("email", "phone", "credit_card", "iban", "ipv4", "ipv6", "us_ssn", "uk_nino")
NINE += ("in_aadhaar", "postal_address")
#: The countries of the European groups of the catalogue (ISO 3166-1 alpha-2).
EUROPE = frozenset(
    {"AT", "BE", "BG", "CH", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR"}
    | {"HR", "IE", "IS", "IT", "LT", "NL", "NO", "PL", "PT", "RO", "SE", "SI"}
)


def _pack(codons: list[str]) -> Engine:
    listed = ", ".join(f'"{codon}"' for codon in codons)
    declaration = parse_playbook(f"pack_id: bench.catalogue\ncodons: [{listed}]\n")
    engine = Engine.for_pack(declaration, CommunityLicense())
    engine.compiled_pack.wait_background()  # measure the steady state
    return engine


def run() -> list[dict[str, object]]:
    """Return p50 and scan-throughput rows for the nine detectors, without and with Europe."""
    entries = catalogue_entries()
    europe = [entry.id for entry in entries if entry.default and entry.country in EUROPE]
    big = mostly_clean_text(BIG)
    megabytes = len(big.encode("utf-8")) / 1e6
    rows: list[dict[str, object]] = []
    for label, codons in (("nine", list(NINE)), ("nine + Europe", [*NINE, *europe])):
        engine = _pack(codons)
        rules = len(engine.compiled_pack.rules)
        for values in (0, 3):
            p50, _ = _percentiles(engine, sized_text(1024, values=values), 2000)
            content = "clean" if values == 0 else "3 values"
            rows.append(
                {
                    "group": "catalogue europe",
                    "name": f"p50 1 KB {content}, {label} ({rules} rules)",
                    "value": p50,
                    "unit": "us",
                }
            )
        best = min(_timed(engine.compiled_pack.scan, big) for _ in range(THROUGHPUT_RUNS))
        rows.append(
            {
                "group": "catalogue europe",
                "name": f"scan 10 MB mostly clean, {label} ({rules} rules)",
                "value": megabytes / best,
                "unit": "MB/s",
            }
        )
    return rows
