"""Datasets with planted personal data for the batch tests, and the checks on output bytes.

Every planted value is one the built-in pack detects. Each generated record
carries at most one of them, chosen by its index, so the expected counts per
file and category are known from the construction alone.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: ``make_sealed(**license_fields) -> (pack path, license path)`` (the conftest fixture).
SealedFactory = Callable[..., tuple[Path, Path]]

#: Planted values by category, and whether the built-in pack blocks on them.
PLANTED: dict[str, tuple[str, ...]] = {
    "EMAIL": ("jane.doe@example.com", "j.smith+news@mail.example.org"),
    "CREDIT_CARD": ("4111111111111111", "5500 0000 0000 0004"),
    "IBAN": ("GB82WEST12345698765432",),
    "US_SSN": ("536-22-1234",),
    "PHONE": ("+44 20 7946 0958",),
}
FATAL = frozenset({"CREDIT_CARD", "US_SSN"})
#: Every planted value, as the bytes no output may contain.
PLANTED_BYTES = tuple(value.encode("utf-8") for values in PLANTED.values() for value in values)
#: The local part and domain of each e-mail too: a half-redacted address is a leak.
FRAGMENT_BYTES = (b"jane.doe", b"j.smith", b"WEST1234569", b"7946 0958")

_WORDS = [
    "the",
    "nightly",
    "export",
    "finished",
    "and",
    "the",
    "queue",
    "drained",
    "while",
    "support",
    "reviewed",
    "the",
    "ticket",
    "about",
    "shipping",
    "delays",
    "for",
    "the",
    "blue",
    "widget",
    "order",
    "and",
    "the",
    "invoice",
    "was",
    "resent",
]

#: The plan of planted values: record index modulo len(PLAN) -> (category, value) or None.
PLAN: tuple[tuple[str, str] | None, ...] = (
    None,
    ("EMAIL", PLANTED["EMAIL"][0]),
    None,
    ("IBAN", PLANTED["IBAN"][0]),
    ("CREDIT_CARD", PLANTED["CREDIT_CARD"][0]),
    None,
    ("PHONE", PLANTED["PHONE"][0]),
    ("EMAIL", PLANTED["EMAIL"][1]),
    None,
    ("US_SSN", PLANTED["US_SSN"][0]),
    ("CREDIT_CARD", PLANTED["CREDIT_CARD"][1]),
    None,
)


@dataclass
class Expected:
    """What a scan of a generated file must report."""

    records: int = 0
    findings: int = 0
    blocked: int = 0
    categories: Counter[str] = field(default_factory=Counter)

    def add(self, planted: tuple[str, str] | None) -> None:
        self.records += 1
        if planted is not None:
            category = planted[0]
            self.findings += 1
            self.categories[category] += 1
            if category in FATAL:
                self.blocked += 1

    def check(self, counts: dict[str, Any]) -> None:
        """Assert a report's counts (a file's or the total) match."""
        assert counts["records"] == self.records
        assert counts["records_with_findings"] == self.findings
        assert counts["blocked"] == self.blocked
        assert counts["withheld"] == 0
        assert counts["categories"] == dict(sorted(self.categories.items()))


def words(index: int, count: int = 8) -> str:
    """Clean filler text that differs from record to record."""
    return " ".join(_WORDS[(index * 7 + step) % len(_WORDS)] for step in range(count))


def message(index: int) -> tuple[str, tuple[str, str] | None]:
    """A record's free text, with its planted value (if any) in the middle."""
    planted = PLAN[index % len(PLAN)]
    if planted is None:
        return f"{words(index)} item {index}", None
    return f"{words(index)} contact {planted[1]} about it", planted


def write_text(path: Path, records: int) -> Expected:
    """One record per line; every fifth line ends with CRLF, the last has no line break."""
    expected = Expected()
    lines = []
    for index in range(records):
        text, planted = message(index)
        expected.add(planted)
        last = index == records - 1
        lines.append(text + ("" if last else "\r\n" if index % 5 == 4 else "\n"))
    path.write_bytes("".join(lines).encode("utf-8"))
    return expected


def jsonl_record(index: int) -> tuple[dict[str, Any], tuple[str, str] | None]:
    text, planted = message(index)
    return {
        "id": index,
        "user": {"name": f"Zoë {index}", "tags": ["vip" if index % 3 else "new", "été"]},
        "message": text,
        "score": index / 4,
        "active": index % 2 == 0,
        "note": None,
    }, planted


def write_jsonl(path: Path, records: int) -> Expected:
    """Nested objects, arrays, numbers, booleans, null and non-ASCII; a blank line in between."""
    expected = Expected()
    lines = []
    for index in range(records):
        record, planted = jsonl_record(index)
        expected.add(planted)
        lines.append(json.dumps(record, ensure_ascii=False))
        if index == records // 2:
            lines.append("")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return expected


CSV_HEADER = ["id", "name", "comment", "amount"]


def csv_row(index: int) -> tuple[list[str], tuple[str, str] | None]:
    text, planted = message(index)
    if index % 4 == 1:
        text = f'{text}, "quoted"\nand a second line'
    return [str(index), f"Zoë {index}", text, f"{index}.50"], planted


def write_csv(path: Path, records: int) -> Expected:
    """A header, quoted fields with commas, quotes and line breaks, CRLF endings, a BOM."""
    expected = Expected()
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for index in range(records):
        row, planted = csv_row(index)
        expected.add(planted)
        writer.writerow(row)
    path.write_bytes(b"\xef\xbb\xbf" + buffer.getvalue().encode("utf-8"))
    return expected


def parquet_table(records: int) -> tuple[Any, Expected]:
    import pyarrow as pa

    expected = Expected()
    messages, tags, meta = [], [], []
    for index in range(records):
        text, planted = message(index)
        expected.add(planted)
        messages.append(None if planted is None and index % 7 == 0 else text)
        tags.append(["a", words(index, 2)] if index % 2 else [])
        meta.append({"source": f"node-{index % 3}", "weight": index})
    table = pa.table(
        {
            "id": pa.array(range(records), pa.int64()),
            "message": pa.array(messages, pa.string()),
            "level": pa.array(
                ["info" if i % 3 else "warning" for i in range(records)]
            ).dictionary_encode(),
            "tags": pa.array(tags, pa.list_(pa.string())),
            "meta": pa.array(meta),
            "amount": pa.array([i * 1.5 for i in range(records)], pa.float64()),
        },
        metadata={b"origin": b"batch-tests"},
    )
    return table, expected


def write_parquet(path: Path, records: int, row_group_size: int = 64) -> Expected:
    """Strings, a dictionary column, a list and a struct column, numbers and nulls; uncompressed
    (so that the byte checks can see any value that leaked)."""
    import pyarrow.parquet as pq

    table, expected = parquet_table(records)
    pq.write_table(table, path, compression="none", row_group_size=row_group_size)
    return expected


def write_dataset(folder: Path, records: int = 120) -> dict[str, Expected]:
    """A folder with one file of each format; returns the expected counts by relative path."""
    (folder / "logs").mkdir(parents=True)
    (folder / "exports").mkdir()
    return {
        "logs/app.log": write_text(folder / "logs" / "app.log", records),
        "exports/users.jsonl": write_jsonl(folder / "exports" / "users.jsonl", records),
        "exports/users.csv": write_csv(folder / "exports" / "users.csv", records),
        "lake.parquet": write_parquet(folder / "lake.parquet", records),
    }


def assert_no_planted(*places: Path) -> None:
    """No planted value (nor a telling fragment of one) in any byte of these files or folders."""
    files = [
        path for place in places for path in ([place] if place.is_file() else place.rglob("*"))
    ]
    assert files
    for path in files:
        if path.is_file():
            data = path.read_bytes()
            for value in PLANTED_BYTES + FRAGMENT_BYTES:
                assert value not in data, f"{value!r} leaked into {path}"


def tree_bytes(folder: Path) -> dict[str, bytes]:
    """Every file under a folder by relative path, as bytes (to compare two scans)."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
