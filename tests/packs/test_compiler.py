"""The playbook compiler: validation errors, entitlements, the sealed plaintext, files."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

import engine_core
from engine_core import clock
from engine_core.errors import (
    CompilerError,
    LicenseEntitlementError,
    LicenseError,
    LicenseExpiredError,
    LicenseSignatureInvalidError,
    PlaybookParseError,
    UnsupportedPackDeclarationError,
)
from engine_core.packs.compiler import (
    PACK_SUFFIX,
    compile_playbook,
    compile_playbook_file,
)
from engine_core.packs.container import MAGIC, license_binding, unseal

IssueLicense = Callable[..., Path]

MINIMAL = """
pack_id: acme.minimal
rules:
  - id: pin
    pattern: 'PIN \\d{4}'
"""


def _problems(playbook: str, license_path: Path) -> list[str]:
    with pytest.raises(UnsupportedPackDeclarationError) as info:
        compile_playbook(playbook, license_path)
    assert isinstance(info.value, ValueError)
    assert str(info.value) == "Unsupported pack declarations: " + "; ".join(info.value.problems)
    return info.value.problems


def test_public_export_and_suffix() -> None:
    assert engine_core.compile_playbook is compile_playbook
    assert PACK_SUFFIX == ".epack"


def test_compile_returns_a_sealed_pack_bound_to_the_license(
    license_path: Path, license_data: dict[str, Any]
) -> None:
    sealed = compile_playbook(MINIMAL, license_path)
    assert sealed.startswith(MAGIC)
    assert sealed[12:28] == license_binding(license_data["license_id"])


def test_sealed_plaintext_schema(license_path: Path, license_data: dict[str, Any]) -> None:
    with clock.frozen_at(1_780_000_000.0):
        sealed = compile_playbook(MINIMAL, license_path)
    plaintext = unseal(
        sealed,
        license_id=license_data["license_id"],
        content_key=license_data["crypto"]["content_key"],
    )
    document = json.loads(plaintext)
    assert set(document) == {
        "format",
        "declaration",
        "license_id",
        "compiled_at",
        "compiler_version",
    }
    assert document["format"] == 1
    assert document["license_id"] == license_data["license_id"]
    assert document["compiler_version"] == engine_core.RUNTIME_VERSION
    assert document["compiled_at"] == (
        datetime.fromtimestamp(1_780_000_000, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    )
    assert document["declaration"] == {
        "pack_id": "acme.minimal",
        "rules": [{"id": "pin", "pattern": "PIN \\d{4}", "type": "regex", "action": "redact"}],
    }
    # Nothing of the license's secret in the plaintext.
    assert license_data["crypto"]["content_key"] not in plaintext.decode()


def test_compile_accepts_the_parsed_mapping(
    license_path: Path, license_data: dict[str, Any]
) -> None:
    sealed = compile_playbook(MINIMAL, license_data)
    assert sealed[12:28] == license_binding(license_data["license_id"])


def test_compile_with_a_tampered_mapping_fails_verification(license_data: dict[str, Any]) -> None:
    tampered = json.loads(json.dumps(license_data))
    tampered["entitlements"]["licensed_packs"] = ["*"]
    with pytest.raises(LicenseSignatureInvalidError):
        compile_playbook(MINIMAL, tampered)


def test_compile_with_missing_license_file(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        compile_playbook(MINIMAL, tmp_path / "absent.lic")


def test_compile_with_expired_license(license_path: Path, license_times: dict[str, float]) -> None:
    past = license_times["valid_until"] + license_times["grace_period_days"] * 86_400 + 10
    with clock.frozen_at(past), pytest.raises(LicenseExpiredError):
        compile_playbook(MINIMAL, license_path)


# --- playbook parse errors (CompilerError / PlaybookParseError) -------------------


@pytest.mark.parametrize(
    ("playbook", "message"),
    [
        ("pack_id: [unclosed\nrules: x: y: z\n", "not valid YAML"),
        ("pack_id: a\npack_id: b\n", "not valid YAML"),
        ("- just\n- a list\n", "root must be a mapping"),
        ("plain scalar text", "root must be a mapping"),
        ("", "root must be a mapping"),
        ("rules:\n  - id: pin\n    pattern: x\n", "pack_id"),
        ("pack_id: ''\nrules: []\n", "pack_id"),
        ("pack_id: acme.x\nsolvers: {a: b}\nrules: [{id: a, pattern: b}]\n", "solvers"),
    ],
    ids=[
        "invalid_yaml",
        "duplicate_key",
        "list_root",
        "scalar_root",
        "empty",
        "missing_pack_id",
        "empty_pack_id",
        "unreadable_solvers",
    ],
)
def test_parse_errors(license_path: Path, playbook: str, message: str) -> None:
    with pytest.raises(PlaybookParseError, match=message) as info:
        compile_playbook(playbook, license_path)
    assert isinstance(info.value, CompilerError)


# --- unsupported declarations: every problem at once ----------------------------

EVERYTHING_WRONG = """
pack_id: acme.broken
codons: [email, dna_sequence]
hard_rules: [not_a_builtin]
actions:
  block: stop
  teleport: beam_me_up
rules:
  - id: weird_type
    type: telepathy
    pattern: 'x+'
  - id: weird_action
    pattern: 'y+'
    action: shred
  - pattern: 'no id here'
  - id: no_pattern
  - id: bad_regex
    pattern: '(unclosed'
  - id: empty_match
    pattern: 'a*'
  - id: dup
    pattern: 'd1'
  - id: dup
    pattern: 'd2'
"""


def test_every_unsupported_declaration_listed_at_once(license_path: Path) -> None:
    problems = _problems(EVERYTHING_WRONG, license_path)
    joined = "\n".join(problems)
    expectations = {
        "unknown type": "rule 'weird_type': type: unknown rule type 'telepathy'",
        "unknown action": "rule 'weird_action': action: unknown action 'shred'",
        "missing id": "rule #3: id: required",
        "missing pattern": "rule 'no_pattern': pattern: required",
        "invalid regex": "rule 'bad_regex': pattern: invalid regular expression",
        "empty match": "rule 'empty_match': pattern: matches the empty string",
        "duplicate id": "rule 'dup': id: duplicate rule id",
        "unknown codon": "codons: 'dna_sequence' is not a built-in detector",
        "unknown hard rule": "hard_rules: 'not_a_builtin' is not a built-in detector",
        "bad block action name": "actions: block: 'stop' must start with 'block'",
        "unknown outcome": "actions: teleport: unknown outcome",
    }
    for name, fragment in expectations.items():
        assert fragment in joined, f"{name} not reported: {joined}"
    assert "'email'" not in joined  # a built-in codon is fine
    assert len(problems) == len(expectations)


@pytest.mark.parametrize(
    ("actions", "fragment"),
    [
        ("actions: [block, redact]", "actions: must be a mapping"),
        ("actions: {redact: block_it}", "actions: redact: 'block_it' must not start with 'block'"),
        ("actions: {allow: ''}", "actions: allow: must be a non-empty action name"),
        ("default_action: block_all", "default_action: 'block_all' must be a name not starting"),
    ],
)
def test_bad_actions_mapping(license_path: Path, actions: str, fragment: str) -> None:
    playbook = f"pack_id: acme.actions\n{actions}\nrules: [{{id: pin, pattern: 'PIN'}}]\n"
    problems = _problems(playbook, license_path)
    assert any(fragment in problem for problem in problems), problems


def test_bad_budget(license_path: Path) -> None:
    problems = _problems(
        "pack_id: acme.b\nbudget: {max_latency_ms: -1, tokens: 3}\nrules: [{id: a, pattern: b}]\n",
        license_path,
    )
    assert any("budget: max_latency_ms" in problem for problem in problems)
    assert any("budget: tokens: unknown budget" in problem for problem in problems)


def test_pack_without_rules(license_path: Path) -> None:
    problems = _problems("pack_id: acme.empty\n", license_path)
    assert any("at least one rule" in problem for problem in problems)


def test_flow_style_playbook_compiles(license_path: Path) -> None:
    sealed = compile_playbook(
        "{pack_id: acme.flow, rules: [{id: pin, pattern: 'PIN \\d{4}', action: block}]}",
        license_path,
    )
    assert sealed.startswith(MAGIC)


# --- entitlements at compile -------------------------------------------------------


def test_pack_id_not_licensed(issue_license: IssueLicense) -> None:
    path = issue_license(licensed_packs=["acme.*"], features=[])
    with pytest.raises(LicenseEntitlementError) as info:
        compile_playbook(MINIMAL.replace("acme.minimal", "globex.minimal"), path)
    assert isinstance(info.value, LicenseError)
    assert "globex.minimal" in str(info.value)


def test_custom_playbook_compilation_allows_any_pack_id(issue_license: IssueLicense) -> None:
    path = issue_license(licensed_packs=["acme.*"], features=["custom_playbook_compilation"])
    sealed = compile_playbook(MINIMAL.replace("acme.minimal", "globex.minimal"), path)
    assert sealed.startswith(MAGIC)


def test_every_declared_solver_must_be_licensed(issue_license: IssueLicense) -> None:
    path = issue_license(licensed_packs=["acme.*"], licensed_solvers=["solver.tcn.*"])
    ok = "pack_id: acme.s\nsolvers: [solver.tcn.basic]\nrules: [{id: a, pattern: b}]\n"
    assert compile_playbook(ok, path).startswith(MAGIC)
    refused = (
        "pack_id: acme.s\nsolvers: [solver.tcn.basic, bin_packing.ffd]\n"
        "rules: [{id: a, pattern: b}]\n"
    )
    with pytest.raises(LicenseEntitlementError, match=r"bin_packing\.ffd"):
        compile_playbook(refused, path)


# --- compile_playbook_file ---------------------------------------------------------------


def test_compile_playbook_file_writes_atomically(tmp_path: Path, license_path: Path) -> None:
    playbook = tmp_path / "acme.yaml"
    playbook.write_text(MINIMAL, encoding="utf-8")
    out = tmp_path / "build" / "nested" / f"acme.minimal{PACK_SUFFIX}"
    size = compile_playbook_file(playbook, license_path, out)
    assert out.is_file()
    assert size == out.stat().st_size
    assert out.read_bytes().startswith(MAGIC)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644
    assert sorted(os.listdir(out.parent)) == [out.name]  # no temporary left behind
    # Overwrites an existing pack.
    assert compile_playbook_file(str(playbook), str(license_path), str(out)) == size


def test_compile_playbook_file_failure_leaves_nothing(tmp_path: Path, license_path: Path) -> None:
    playbook = tmp_path / "broken.yaml"
    playbook.write_text("pack_id: acme.x\nrules: [{id: a, pattern: '('}]\n", encoding="utf-8")
    out = tmp_path / "out" / "x.epack"
    with pytest.raises(UnsupportedPackDeclarationError):
        compile_playbook_file(playbook, license_path, out)
    assert not out.exists()


def test_compile_playbook_file_missing_playbook(tmp_path: Path, license_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        compile_playbook_file(tmp_path / "nope.yaml", license_path, tmp_path / "x.epack")
