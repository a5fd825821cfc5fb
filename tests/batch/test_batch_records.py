"""Records one at a time: withheld when unreadable, chunk boundaries never change the output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from batch_support import PLANTED, PLANTED_BYTES, SealedFactory
from hypothesis import given
from hypothesis import strategies as st

from engine_core import Engine
from engine_core.batch import WITHHELD, PackPayload, scan
from engine_core.batch.records import Chunk, scan_chunk

ENGINE = Engine()
PLANTED_VALUES = [value for values in PLANTED.values() for value in values]

# Text fragments: harmless words, planted values, JSON-ish and CSV-ish punctuation, non-ASCII.
fragments = st.one_of(
    st.sampled_from(["order", "shipped", "été", "Zoë", ",", '"', "{", "\t", "  ", "\r", "x"]),
    st.sampled_from(PLANTED_VALUES),
    st.text(
        alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n"), max_size=6
    ),
)
# Fragments are joined by a word: a planted value never runs into digits next to it (the
# detectors' own business, tested with the pack).
lines = st.lists(st.lists(fragments, max_size=6).map(" and ".join), min_size=1, max_size=12)


def _expected_line(text: str) -> str:
    result = ENGINE.evaluate(text)
    if not result.triggers:
        return text
    return "[BLOCKED]" if result.blocked else result.remedy.clean_text


def _chunks(data: bytes, cuts: list[int], kind: str) -> bytes:
    """Scan ``data`` cut at the line boundaries chosen by ``cuts``; join the outputs."""
    ends = [i + 1 for i, byte in enumerate(data) if byte == 0x0A]
    chosen = sorted({ends[c % len(ends)] for c in cuts} if ends else set())
    pieces, start = [], 0
    for end in [*chosen, len(data)]:
        if end > start:
            pieces.append(data[start:end])
            start = end
    return b"".join(scan_chunk(ENGINE, Chunk(kind, piece)).output for piece in pieces)  # type: ignore[misc]


@given(lines, st.lists(st.integers(min_value=0), max_size=4))
def test_text_chunks_are_independent_and_lines_are_kept(texts: list[str], cuts: list[int]) -> None:
    data = "\n".join(texts).encode("utf-8")
    whole = scan_chunk(ENGINE, Chunk("text", data))
    assert isinstance(whole.output, bytes)
    assert _chunks(data, cuts, "text") == whole.output
    assert whole.output.count(b"\n") == data.count(b"\n")
    assert whole.tally.records == len(texts) - (texts[-1] == "")
    copied = whole.output.decode("utf-8").split("\n")
    assert copied == [
        _expected_line(text.removesuffix("\r")) + "\r" * text.endswith("\r")
        for text in "\n".join(texts).split("\n")
    ]
    for value in PLANTED_BYTES:
        assert value not in whole.output


@given(lines, st.lists(st.integers(min_value=0), max_size=4))
def test_jsonl_chunks_are_independent_and_records_are_kept(
    texts: list[str], cuts: list[int]
) -> None:
    records = [json.dumps({"i": i, "text": text, "more": [text]}) for i, text in enumerate(texts)]
    data = ("\n".join(records) + "\n").encode("utf-8")
    whole = scan_chunk(ENGINE, Chunk("jsonl", data))
    assert isinstance(whole.output, bytes)
    assert _chunks(data, cuts, "jsonl") == whole.output
    copied = [json.loads(line) for line in whole.output.decode("utf-8").split("\n")[:-1]]
    assert [record["i"] for record in copied] == list(range(len(texts)))
    assert whole.tally.records == len(texts)
    for value in PLANTED_BYTES:
        assert value not in whole.output


def test_unreadable_records_are_withheld_and_counted(tmp_path: Path) -> None:
    (tmp_path / "app.log").write_bytes(b"fine line\nbad \xff\xfe bytes jane.doe@example.com\nok\n")
    (tmp_path / "events.jsonl").write_bytes(
        b'{"a": "fine"}\n'
        b'{"a": "broken\n'
        b'{"a": "x", "a": "jane.doe@example.com"}\n'
        b'{"a": "\xff jane.doe@example.com"}\n' + b"[" * 100_000 + b"\n"
        b'{"a": "last"}\n'
    )
    (tmp_path / "table.csv").write_bytes(
        b"id,text\n1,fine\n2,too,many,jane.doe@example.com\n3,\xff jane.doe@example.com\n4,ok\n"
    )
    out = tmp_path / "out"
    result = scan([tmp_path], out, workers=1)
    assert not result.ok
    assert (out / "app.log").read_bytes() == b"fine line\n[WITHHELD]\nok\n"
    assert (out / "events.jsonl").read_bytes() == (
        b'{"a": "fine"}\n' + b'"[WITHHELD]"\n' * 4 + b'{"a": "last"}\n'
    )
    assert (out / "table.csv").read_bytes() == (
        b"id,text\n1,fine\n[WITHHELD],[WITHHELD]\n[WITHHELD],[WITHHELD]\n4,ok\n"
    )
    reasons = {report.path: dict(report.tally.withheld_reasons) for report in result.files}
    assert reasons == {
        "app.log": {"not UTF-8": 1},
        "events.jsonl": {
            "duplicate JSON key": 1,
            "invalid JSON": 1,
            "nested too deeply": 1,
            "not UTF-8": 1,
        },
        "table.csv": {"not UTF-8": 1, "wrong number of CSV fields": 1},
    }
    assert result.total.withheld == 7
    assert result.total.records == 3 + 6 + 4
    for path in out.rglob("*"):
        assert b"jane.doe" not in path.read_bytes()


def test_a_record_the_license_refuses_is_withheld(
    tmp_path: Path, make_sealed: SealedFactory
) -> None:
    pack, license = make_sealed(max_decisions_lifetime=3)
    source = tmp_path / "orders.log"
    source.write_text("".join(f"order ORD-00000{i}\n" for i in range(5)), encoding="utf-8")
    result = scan([source], tmp_path / "out", pack=PackPayload.from_files(pack, license))
    assert (tmp_path / "out" / "orders.log").read_text(encoding="utf-8") == (
        "order [REDACTED_ORDER_ID]\n" * 3 + f"{WITHHELD}\n" * 2
    )
    assert dict(result.total.withheld_reasons) == {"DeveloperQuotaExceededError": 2}
    assert not result.ok


@pytest.mark.parametrize("kind", ["text", "jsonl", "csv"])
def test_empty_files_give_empty_copies(tmp_path: Path, kind: str) -> None:
    suffix = {"text": ".log", "jsonl": ".jsonl", "csv": ".csv"}[kind]
    (tmp_path / f"empty{suffix}").write_bytes(b"")
    result = scan([tmp_path / f"empty{suffix}"], tmp_path / "out", workers=1)
    assert result.ok
    assert result.total.records == 0
    assert (tmp_path / "out" / f"empty{suffix}").read_bytes() == b""
