"""Every format round-trips: same structure and record count, clean text kept, values gone."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from batch_support import (
    CSV_HEADER,
    PLAN,
    Expected,
    SealedFactory,
    assert_no_planted,
    csv_row,
    jsonl_record,
    message,
    parquet_table,
    write_csv,
    write_jsonl,
    write_parquet,
    write_text,
)

from engine_core import Engine
from engine_core.batch import BLOCKED, PackPayload, scan

RECORDS = 60


def _clean(text: str) -> str:
    return Engine().evaluate(text).remedy.clean_text


def _expected_text(index: int, withhold: bool = True) -> str:
    text, planted = message(index)
    if planted is None:
        return text
    if withhold and planted[0] in ("CREDIT_CARD", "US_SSN"):
        return BLOCKED
    return _clean(text)


def test_dataset_counts_and_nothing_planted_in_the_output_or_the_report(
    dataset: tuple[Path, dict[str, Expected]], tmp_path: Path
) -> None:
    folder, expected = dataset
    out, report_path = tmp_path / "out", tmp_path / "report.json"
    result = scan([folder], out, workers=1, report=report_path)
    assert result.ok
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == sorted(
        expected
    )
    report = json.loads(report_path.read_text(encoding="utf-8"))
    files = {entry["path"]: entry for entry in report["files"]}
    assert sorted(files) == sorted(expected)
    total = Expected()
    for path, wanted in expected.items():
        wanted.check(files[path])
        assert files[path]["error"] is None
        total.records += wanted.records
        total.findings += wanted.findings
        total.blocked += wanted.blocked
        total.categories.update(wanted.categories)
    total.check(report["total"])
    assert report["total"]["files"] == 4
    assert report["total"]["failed_files"] == 0
    assert_no_planted(out, report_path)


def test_text_lines_keep_their_endings_and_clean_text(tmp_path: Path) -> None:
    source = tmp_path / "app.log"
    write_text(source, RECORDS)
    scan([source], tmp_path / "out", workers=1)
    lines = (tmp_path / "out" / "app.log").read_bytes().split(b"\n")
    assert len(lines) == RECORDS
    for index, line in enumerate(lines):
        ending = b"\r" if index % 5 == 4 and index < RECORDS - 1 else b""
        assert line == _expected_text(index).encode("utf-8") + ending


def test_jsonl_structure_and_clean_values_are_kept(tmp_path: Path) -> None:
    source = tmp_path / "users.jsonl"
    write_jsonl(source, RECORDS)
    original = source.read_text(encoding="utf-8").split("\n")
    scan([source], tmp_path / "out", workers=1)
    copied = (tmp_path / "out" / "users.jsonl").read_text(encoding="utf-8").split("\n")
    assert len(copied) == len(original)
    assert copied[RECORDS // 2 + 1] == ""  # the blank line stays
    values = [json.loads(line) for line in copied if line]
    assert len(values) == RECORDS
    for index, value in enumerate(values):
        record, planted = jsonl_record(index)
        if planted is None:
            assert (
                copied[index + (index > RECORDS // 2)] == original[index + (index > RECORDS // 2)]
            )
            assert value == record
            continue
        if planted[0] in ("CREDIT_CARD", "US_SSN"):  # every string of a blocked record
            assert value == {
                **record,
                "user": {"name": BLOCKED, "tags": [BLOCKED, BLOCKED]},
                "message": BLOCKED,
            }
        else:
            assert value == {**record, "message": _expected_text(index)}


def test_csv_records_keep_quoting_line_breaks_and_header(tmp_path: Path) -> None:
    source = tmp_path / "users.csv"
    write_csv(source, RECORDS)
    scan([source], tmp_path / "out", workers=1)
    data = (tmp_path / "out" / "users.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbfid,name,comment,amount\r\n")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[0] == CSV_HEADER
    assert len(rows) == RECORDS + 1
    for index, row in enumerate(rows[1:]):
        original, planted = csv_row(index)
        if planted is None:
            assert row == original
        elif planted[0] in ("CREDIT_CARD", "US_SSN"):
            assert row == [BLOCKED] * 4
        else:
            assert row == [*original[:2], _clean(original[2]), original[3]]
    assert data.count(b"\r\n") == RECORDS + 1  # every record still ends with CRLF


def test_parquet_schema_rows_and_values_are_kept(tmp_path: Path) -> None:
    source = tmp_path / "lake.parquet"
    write_parquet(source, RECORDS)
    table, _ = parquet_table(RECORDS)
    scan([source], tmp_path / "out", workers=1)
    copied = pq.read_table(tmp_path / "out" / "lake.parquet")
    assert copied.schema == table.schema
    assert copied.schema.metadata == table.schema.metadata
    assert copied.num_rows == RECORDS
    for index, (row, original) in enumerate(
        zip(copied.to_pylist(), table.to_pylist(), strict=True)
    ):
        planted = PLAN[index % len(PLAN)]
        if planted is None:
            assert row == original
        elif planted[0] in ("CREDIT_CARD", "US_SSN"):
            assert row == {
                **original,
                "message": BLOCKED,
                "level": BLOCKED,
                "tags": [BLOCKED] * len(original["tags"]),
                "meta": {**original["meta"], "source": BLOCKED},
            }
        else:
            assert row == {**original, "message": _clean(original["message"])}
    assert_no_planted(tmp_path / "out")


@pytest.mark.parametrize("name", ["app.log", "users.jsonl", "users.csv", "lake.parquet"])
def test_on_block_redact_writes_the_cleaned_text(tmp_path: Path, name: str) -> None:
    writers = {
        "app.log": write_text,
        "users.jsonl": write_jsonl,
        "users.csv": write_csv,
        "lake.parquet": write_parquet,
    }
    source = tmp_path / name
    expected = writers[name](source, RECORDS)
    result = scan([source], tmp_path / "out", workers=1, on_block="redact")
    expected.check(result.files[0].to_dict())  # blocked records are still counted as blocked
    data = (tmp_path / "out" / name).read_bytes()
    assert BLOCKED.encode() not in data
    assert b"[REDACTED_CREDIT_CARD]" in data
    assert b"[REDACTED_US_SSN]" in data
    assert_no_planted(tmp_path / "out")


def test_fields_select_what_is_evaluated(tmp_path: Path) -> None:
    source = tmp_path / "users.jsonl"
    source.write_text(
        json.dumps({"message": "mail jane.doe@example.com", "raw": "keep jane@example.com"})
        + "\n"
        + json.dumps(["not", "an", "object"])
        + "\n",
        encoding="utf-8",
    )
    result = scan([source], tmp_path / "out", workers=1, fields=["message"])
    lines = (tmp_path / "out" / "users.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {
        "message": "mail [REDACTED_EMAIL]",
        "raw": "keep jane@example.com",  # not selected: copied as it is
    }
    assert json.loads(lines[1]) == "[WITHHELD]"  # --field needs objects
    assert result.files[0].tally.withheld_reasons == {"not a JSON object": 1}


def test_csv_and_parquet_fields_pick_columns(tmp_path: Path) -> None:
    write_csv(tmp_path / "users.csv", RECORDS)
    write_parquet(tmp_path / "lake.parquet", RECORDS)
    result = scan(
        [tmp_path / "users.csv", tmp_path / "lake.parquet"],
        tmp_path / "out",
        workers=1,
        fields=["comment", "message"],
    )
    assert result.ok
    rows = list(
        csv.reader(io.StringIO((tmp_path / "out" / "users.csv").read_text("utf-8-sig"), newline=""))
    )
    assert [row[1] for row in rows[1:]] == [csv_row(i)[0][1] for i in range(RECORDS)]
    blocked = [row for row in rows[1:] if row[2] == BLOCKED]
    assert blocked
    assert all(row[0] != BLOCKED for row in blocked)  # only the chosen column is withheld
    table = pq.read_table(tmp_path / "out" / "lake.parquet")
    assert (
        table.column("level").to_pylist() == parquet_table(RECORDS)[0].column("level").to_pylist()
    )
    assert_no_planted(tmp_path / "out")


def test_a_missing_field_fails_that_file_only(tmp_path: Path) -> None:
    write_csv(tmp_path / "users.csv", 5)
    write_text(tmp_path / "app.log", 5)
    out = tmp_path / "out"
    result = scan([tmp_path], out, workers=1, fields=["nosuch"])
    assert not result.ok
    (failed,) = result.failed_files
    assert failed.path == "users.csv"
    assert failed.error == "no CSV column named 'nosuch'"
    assert sorted(p.name for p in out.iterdir()) == ["app.log"]  # no copy, no partial file


def test_sealed_pack_rules_apply(tmp_path: Path, make_sealed: SealedFactory) -> None:
    pack, license = make_sealed()
    source = tmp_path / "orders.log"
    source.write_text(
        "order ORD-123456 shipped\nleaked tok_ABCDEFGHIJKL here\nnothing\n", encoding="utf-8"
    )
    result = scan([source], tmp_path / "out", pack=PackPayload.from_files(pack, license), workers=1)
    assert (tmp_path / "out" / "orders.log").read_text(encoding="utf-8") == (
        "order [REDACTED_ORDER_ID] shipped\n[BLOCKED]\nnothing\n"
    )
    assert result.total.to_dict()["categories"] == {"ORDER_ID": 1, "SECRET": 1}
    assert result.total.blocked == 1


def test_copies_are_written_under_a_temporary_name_then_renamed(tmp_path: Path) -> None:
    source = tmp_path / "app.log"
    write_text(source, 200)  # several chunks
    out = tmp_path / "out"
    seen: list[list[str]] = []

    class Watch:
        def start(self, files: int, total_bytes: int) -> None:
            assert files == 1
            assert total_bytes == source.stat().st_size

        def advance(self, records: int, nbytes: int) -> None:
            seen.append(sorted(path.name for path in out.iterdir()))

    scan([source], out, workers=1, progress=Watch())
    assert len(seen) > 1
    for names in seen:  # while writing: only the partial copy, never the final name
        assert len(names) == 1
        assert names[0].startswith(".app.log.")
        assert names[0].endswith(".engine-partial")
    assert sorted(path.name for path in out.iterdir()) == ["app.log"]


def test_one_path_given_as_a_string_is_one_input(tmp_path: Path) -> None:
    source = tmp_path / "app.log"
    source.write_text("mail jane.doe@example.com\n", encoding="utf-8")
    result = scan(str(source), tmp_path / "out", workers=1)
    assert result.total.records == 1
    assert (tmp_path / "out" / "app.log").read_text("utf-8") == "mail [REDACTED_EMAIL]\n"
