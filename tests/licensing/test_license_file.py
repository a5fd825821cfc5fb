"""License files: parsing, verification in the spec's order, the License record, its context."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from licensing_support import DAY, NOW, Authority, FrozenClock, LicenseFactory

from engine_core import (
    LicenseExpiredError,
    LicenseNotYetValidError,
    LicenseRevokedAuthorityError,
    LicenseSignatureInvalidError,
)
from engine_core.licensing.authority import sign_license, write_license_file
from engine_core.licensing.context import LicenseContext
from engine_core.licensing.file_context import FileLicenseContext
from engine_core.licensing.license_file import (
    License,
    canonical_form,
    load_license,
    load_license_json,
    parse_license,
    parse_license_json,
)
from engine_core.licensing.paths import resolve_license_path

# --- parsing ---------------------------------------------------------------------


def test_parse_accepts_a_path_or_a_mapping(tmp_path: Path, make_license: LicenseFactory) -> None:
    document = make_license()
    path = tmp_path / "engine.lic"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    for source in (path, os.fspath(path), document):
        assert parse_license(source) == document
        assert load_license(source).license_id == document["license_id"]


def test_json_text_has_its_own_functions(make_license: LicenseFactory) -> None:
    """JSON text or bytes are parsed by the *_json functions; no string is guessed at."""
    document = make_license()
    text = json.dumps(document, ensure_ascii=False)
    for source in (text, text.encode("utf-8")):
        assert parse_license_json(source) == document
        assert load_license_json(source).license_id == document["license_id"]


def test_a_string_is_always_a_path(make_license: LicenseFactory) -> None:
    """JSON text given where a path belongs is a missing file, never parsed as a license."""
    with pytest.raises(FileNotFoundError):
        load_license(json.dumps(make_license()))


def test_bytes_are_not_a_license_source() -> None:
    with pytest.raises(TypeError, match="load_license_json"):
        load_license(b"{}")  # type: ignore[arg-type]


def test_parse_copies_a_mapping(make_license: LicenseFactory) -> None:
    document = make_license()
    parsed = parse_license(document)
    parsed["identity"]["organization"] = "changed"
    assert document["identity"]["organization"] == "Zoë Analytics GmbH"


def test_missing_path_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_license(tmp_path / "absent.lic")
    with pytest.raises(FileNotFoundError):
        load_license(os.fspath(tmp_path / "absent.lic"))


def test_invalid_json_is_a_json_error() -> None:
    with pytest.raises(json.JSONDecodeError):
        load_license_json('{"license_id": ')


def test_root_must_be_an_object() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        parse_license_json(b"[1, 2]")


@pytest.mark.parametrize(
    "text",
    [
        '{"license_id": "a", "license_id": "b"}',
        '{"identity": {"org_id": "a", "org_id": "b"}}',
    ],
)
def test_duplicate_keys_are_rejected(text: str) -> None:
    with pytest.raises(ValueError, match="duplicate key"):
        parse_license_json(text)


def test_duplicate_key_in_a_signed_file_is_rejected(make_license: LicenseFactory) -> None:
    text = json.dumps(make_license())
    doubled = text.replace('"tier": "DEVELOPER"', '"tier": "ENTERPRISE", "tier": "DEVELOPER"')
    assert doubled != text
    with pytest.raises(ValueError, match="duplicate key 'tier'"):
        load_license_json(doubled)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_are_rejected(make_license: LicenseFactory, constant: str) -> None:
    text = json.dumps(make_license()).replace(
        '"grace_period_days": 14', f'"grace_period_days": {constant}'
    )
    assert constant in text
    with pytest.raises(ValueError, match="non-finite"):
        load_license_json(text)


def test_non_finite_number_in_a_mapping_is_rejected(make_license: LicenseFactory) -> None:
    document = make_license()
    document["validity"]["valid_until"] = float("nan")
    with pytest.raises(ValueError, match="non-finite"):
        load_license(document)


@pytest.mark.parametrize("section", ["identity", "entitlements", "validity", "crypto"])
def test_missing_section_is_a_key_error_naming_it(
    make_license: LicenseFactory, section: str
) -> None:
    document = make_license()
    del document[section]
    with pytest.raises(KeyError) as caught:
        load_license(document)
    assert caught.value.args == (section,)
    assert not isinstance(caught.value, LicenseSignatureInvalidError)


def test_missing_field_inside_a_section_is_a_key_error_naming_it(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license()
    del document["validity"]["valid_until"]
    with pytest.raises(KeyError, match=r"validity\.valid_until"):
        load_license(sign_license(document, authority.seed))


# --- canonical form -----------------------------------------------------------------


def test_canonical_form_excludes_signature_sorts_and_escapes() -> None:
    fields = {"b": "Zoë", "a": {"d": 1, "c": [1, 2]}, "signature": "ignored"}
    assert canonical_form(fields) == b'{"a":{"c":[1,2],"d":1},"b":"Zo\\u00eb"}'


# --- verification order ---------------------------------------------------------------


def test_a_valid_license_loads(make_license: LicenseFactory) -> None:
    license = load_license(make_license(max_decisions_per_minute=5))
    assert isinstance(license, License)
    assert license.status() == "ACTIVE"
    assert license.max_decisions_per_minute == 5
    assert license.max_decisions_lifetime is None


@pytest.mark.parametrize("signature", [None, ""])
def test_missing_signature(make_license: LicenseFactory, signature: str | None) -> None:
    document = make_license()
    if signature is None:
        del document["signature"]
    else:
        document["signature"] = signature
    with pytest.raises(LicenseSignatureInvalidError, match="no signature"):
        load_license(document)


@pytest.mark.parametrize(
    "mangle",
    [
        lambda s: s.upper(),
        lambda s: s[:-2],
        lambda s: s + "00",
        lambda s: "zz" + s[2:],
        lambda s: 42,
    ],
    ids=["upper-case", "short", "long", "not-hex", "not-a-string"],
)
def test_malformed_signature(make_license: LicenseFactory, mangle: Any) -> None:
    document = make_license()
    document["signature"] = mangle(document["signature"])
    with pytest.raises(LicenseSignatureInvalidError) as caught:
        load_license(document)
    assert not isinstance(caught.value, LicenseRevokedAuthorityError)


def _compact(document: dict[str, Any]) -> str:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_one_changed_character_anywhere_is_refused(
    make_license: LicenseFactory, data: st.DataObject
) -> None:
    # The compact serialisation has no insignificant character: every position counts.
    text = _compact(make_license())
    position = data.draw(st.integers(0, len(text) - 1), label="position")
    replacement = data.draw(
        st.characters(min_codepoint=0x20, max_codepoint=0x7E).filter(
            lambda char: char != text[position]
        ),
        label="replacement",
    )
    changed = text[:position] + replacement + text[position + 1 :]
    with pytest.raises((ValueError, KeyError, LicenseSignatureInvalidError)):
        load_license_json(changed)


def test_whitespace_changed_inside_a_string(make_license: LicenseFactory) -> None:
    document = make_license()
    document["identity"]["organization"] = "Zoë  Analytics GmbH"
    with pytest.raises(LicenseSignatureInvalidError, match="does not verify"):
        load_license(document)
    document["identity"]["organization"] = "Zoë Analytics GmbH "
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)


def test_an_extra_field_breaks_the_signature(make_license: LicenseFactory) -> None:
    document = make_license()
    document["entitlements"]["licensed_packs"].append("*")
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)
    document = make_license()
    document["note"] = "added"
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)


def test_whitespace_between_tokens_is_not_signed(make_license: LicenseFactory) -> None:
    document = make_license()
    assert load_license_json(json.dumps(document, indent=4)).license_id == document["license_id"]


def test_signed_by_an_untrusted_key(make_license: LicenseFactory, stranger: Authority) -> None:
    with pytest.raises(LicenseSignatureInvalidError) as caught:
        load_license(make_license(seed=stranger.seed))
    assert not isinstance(caught.value, LicenseRevokedAuthorityError)


def test_signed_by_a_revoked_key(
    make_license: LicenseFactory, revoked_authority: Authority
) -> None:
    with pytest.raises(LicenseRevokedAuthorityError, match="reissued"):
        load_license(make_license(seed=revoked_authority.seed))


def test_without_a_trust_file_only_builtin_keys_are_trusted(
    make_license: LicenseFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    document = make_license()
    monkeypatch.delenv("ENGINE_AUTHORITY_KEYS")
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)


def test_not_yet_valid(make_license: LicenseFactory) -> None:
    with pytest.raises(LicenseNotYetValidError, match="not valid before"):
        load_license(make_license(valid_from=NOW + 1, valid_until=NOW + DAY))


def test_valid_from_is_inclusive(make_license: LicenseFactory) -> None:
    assert load_license(make_license(valid_from=NOW, valid_until=NOW + DAY)).status() == "ACTIVE"


def test_valid_until_is_inclusive(make_license: LicenseFactory) -> None:
    license = load_license(make_license(valid_from=NOW - DAY, valid_until=NOW))
    assert license.status() == "ACTIVE"


def test_in_grace_period_works(make_license: LicenseFactory) -> None:
    license = load_license(make_license(valid_from=NOW - 30 * DAY, valid_until=NOW - DAY))
    assert license.status() == "GRACE_PERIOD"
    assert license.days_remaining() == 0
    state = FileLicenseContext(license).authorize_decision()
    assert state.license_status == "GRACE_PERIOD"


def test_last_second_of_grace_works(make_license: LicenseFactory) -> None:
    document = make_license(valid_from=NOW - 30 * DAY, valid_until=NOW - 14 * DAY)
    assert load_license(document).status() == "GRACE_PERIOD"


def test_past_grace_is_expired(make_license: LicenseFactory) -> None:
    document = make_license(valid_from=NOW - 30 * DAY, valid_until=NOW - 14 * DAY - 1)
    with pytest.raises(LicenseExpiredError, match="grace period ended"):
        load_license(document)


def test_grace_period_days_defaults_to_14(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license(valid_from=NOW - 30 * DAY, valid_until=NOW - 13 * DAY)
    del document["validity"]["grace_period_days"]
    license = load_license(sign_license(document, authority.seed))
    assert license.grace_period_days == 14
    assert license.status() == "GRACE_PERIOD"


def test_custom_grace_period(make_license: LicenseFactory) -> None:
    document = make_license(
        valid_from=NOW - 30 * DAY, valid_until=NOW - 2 * DAY, grace_period_days=1
    )
    with pytest.raises(LicenseExpiredError):
        load_license(document)


def test_order_signature_before_time(
    make_license: LicenseFactory, stranger: Authority, revoked_authority: Authority
) -> None:
    expired = {"valid_from": NOW - 60 * DAY, "valid_until": NOW - 30 * DAY}
    future = {"valid_from": NOW + DAY, "valid_until": NOW + 2 * DAY}
    missing = make_license(**expired)
    del missing["signature"]
    with pytest.raises(LicenseSignatureInvalidError, match="no signature"):
        load_license(missing)
    with pytest.raises(LicenseSignatureInvalidError, match="does not verify"):
        load_license(make_license(seed=stranger.seed, **future))
    with pytest.raises(LicenseRevokedAuthorityError):
        load_license(make_license(seed=revoked_authority.seed, **expired))


def test_status_takes_an_explicit_time(make_license: LicenseFactory) -> None:
    license = load_license(make_license(valid_from=NOW - DAY, valid_until=NOW + 10 * DAY))
    assert license.status(NOW + 10 * DAY) == "ACTIVE"
    assert license.status(NOW + 11 * DAY) == "GRACE_PERIOD"
    with pytest.raises(LicenseExpiredError):
        license.status(NOW + 25 * DAY)
    with pytest.raises(LicenseNotYetValidError):
        license.status(NOW - 2 * DAY)
    assert license.days_remaining() == 10
    assert license.days_remaining(NOW + 9.5 * DAY) == 1  # a part day counts
    assert license.days_remaining(NOW + 10 * DAY) == 0


# --- nothing switches verification off ---------------------------------------------------


def test_no_field_switches_verification_off(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license()
    for name in ("verify", "verification", "skip_signature", "signature_required"):
        document[name] = False
    document["crypto"]["verify_signature"] = False
    document["identity"]["organization"] = "tampered"  # after signing: must still fail
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)


def test_a_signed_algorithm_other_than_ed25519_is_refused(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license()
    document["crypto"]["algorithm"] = "none"
    with pytest.raises(ValueError, match=r"crypto\.algorithm"):
        load_license(sign_license(document, authority.seed))


# --- the License record ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tier", "solvers"),
    [
        ("ENTERPRISE", ("*",)),
        ("DEVELOPER", ("solver.tcn.*", "bin_packing.*")),
        ("COMMUNITY", ("solver.tcn.basic",)),
    ],
)
def test_default_solvers_per_tier(
    make_license: LicenseFactory, tier: str, solvers: tuple[str, ...]
) -> None:
    document = make_license(tier=tier)
    assert "licensed_solvers" not in document["entitlements"]
    assert load_license(document).licensed_solvers == solvers


def test_listed_solvers_win_over_the_default(make_license: LicenseFactory) -> None:
    license = load_license(make_license(tier="ENTERPRISE", licensed_solvers=["vrp.basic"]))
    assert license.licensed_solvers == ("vrp.basic",)


def test_repr_and_str_never_show_the_content_key(make_license: LicenseFactory) -> None:
    document = make_license(content_key="super-secret-content-key-0123")
    license = load_license(document)
    assert license.content_key == "super-secret-content-key-0123"
    for shown in (repr(license), str(license), f"{license}", repr(FileLicenseContext(license))):
        assert "super-secret-content-key-0123" not in shown
        assert "content_key" not in shown
    assert license.raw == document


def test_license_fields(make_license: LicenseFactory) -> None:
    document = make_license(
        plan_name="Developer",
        overage_policy="TRUE_UP",
        features=["custom_playbook_compilation", "in_process_streaming"],
        key_id="k-2026-06",
        license_id="lic-fields",
    )
    license = load_license(document)
    assert license.license_id == "lic-fields"
    assert license.license_version == "1.0"
    assert license.issued_at == "2026-06-01T00:00:00Z"
    assert (license.organization, license.org_id, license.contact_email) == (
        "Zoë Analytics GmbH",
        "org-42",
        "ops@example.com",
    )
    assert (license.tier, license.plan_name, license.overage_policy) == (
        "DEVELOPER",
        "Developer",
        "TRUE_UP",
    )
    assert license.licensed_packs == ("acme.*", "builtin.data_protection")
    assert license.features == frozenset({"custom_playbook_compilation", "in_process_streaming"})
    assert (license.valid_from, license.valid_until) == (NOW - DAY, NOW + 30 * DAY)
    assert (license.key_id, license.algorithm) == ("k-2026-06", "Ed25519-AES-256-GCM")
    with pytest.raises(AttributeError):
        license.tier = "ENTERPRISE"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("section", "name", "value"),
    [
        ("entitlements", "tier", "PLATINUM"),
        ("entitlements", "overage_policy", "UNLIMITED"),
        ("entitlements", "max_decisions_per_minute", -1),
        ("entitlements", "licensed_packs", "acme.*"),
        ("validity", "valid_from", "yesterday"),
        ("validity", "grace_period_days", 1.5),
        (None, "license_version", "2.0"),
    ],
)
def test_signed_fields_of_the_wrong_type_are_value_errors(
    make_license: LicenseFactory,
    authority: Authority,
    section: str | None,
    name: str,
    value: Any,
) -> None:
    document = make_license()
    (document if section is None else document[section])[name] = value
    with pytest.raises(ValueError, match=name):
        load_license(sign_license(document, authority.seed))


# --- the context an engine runs under ---------------------------------------------------


def test_context_reports_the_license(make_license: LicenseFactory) -> None:
    context = FileLicenseContext(load_license(make_license(tier="ENTERPRISE", key_id="k-9")))
    assert isinstance(context, FileLicenseContext)
    typed: LicenseContext = context
    state = typed.authorize_decision()
    assert state.license_status == "ACTIVE"
    assert state.active_key_id == "k-9"
    assert state.active_epoch == 0
    assert state.edition == "ENTERPRISE"
    assert state.upgrade_notice is None
    assert typed.current_state() == state


def test_context_reports_an_epoch_when_the_license_has_one(
    make_license: LicenseFactory, authority: Authority
) -> None:
    document = make_license()
    document["crypto"]["epoch"] = 7
    context = FileLicenseContext(load_license(sign_license(document, authority.seed)))
    assert context.authorize_decision().active_epoch == 7


def test_running_engine_past_grace_raises(
    make_license: LicenseFactory, frozen_clock: FrozenClock
) -> None:
    from engine_core import Engine
    from engine_core.packs.builtin import builtin_declaration
    from engine_core.plugins import get_registries

    license = load_license(make_license(valid_from=NOW - DAY, valid_until=NOW + DAY))
    engine = Engine.for_pack(builtin_declaration(get_registries()), FileLicenseContext(license))
    assert engine.evaluate("hello").license_status == "ACTIVE"
    frozen_clock.advance(2 * DAY)
    assert engine.evaluate("hello").license_status == "GRACE_PERIOD"
    frozen_clock.advance(14 * DAY)
    with pytest.raises(LicenseExpiredError):
        engine.evaluate("hello")
    assert engine.license_state.license_status == "EXPIRED"


def test_context_before_valid_from_raises(
    make_license: LicenseFactory, frozen_clock: FrozenClock
) -> None:
    context = FileLicenseContext(load_license(make_license()))
    frozen_clock.set(NOW - 2 * DAY)
    with pytest.raises(LicenseNotYetValidError):
        context.authorize_decision()
    assert context.current_state().license_status == "NOT_YET_VALID"


# --- finding the license file -------------------------------------------------------------


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    home = tmp_path / "home"
    work = tmp_path / "work"
    (home / ".engine").mkdir(parents=True)
    work.mkdir()
    monkeypatch.setenv("HOME", os.fspath(home))
    monkeypatch.chdir(work)
    return {
        "explicit": tmp_path / "explicit.lic",
        "env": tmp_path / "env.lic",
        "cwd": work / "engine.lic",
        "home": home / ".engine" / "engine.lic",
    }


def test_resolution_order(places: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    for path in places.values():
        path.write_text("{}", encoding="utf-8")
    monkeypatch.setenv("ENGINE_LICENSE_FILE", os.fspath(places["env"]))
    assert resolve_license_path(places["explicit"]) == places["explicit"]
    assert resolve_license_path(None) == places["env"]
    monkeypatch.delenv("ENGINE_LICENSE_FILE")
    assert resolve_license_path(None).resolve() == places["cwd"].resolve()  # type: ignore[union-attr]
    assert resolve_license_path(None, search_cwd=False) == places["home"]
    places["cwd"].unlink()
    assert resolve_license_path(None) == places["home"]
    places["home"].unlink()
    assert resolve_license_path(None) is None


def test_missing_explicit_path_does_not_fall_back(
    places: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    places["env"].write_text("{}", encoding="utf-8")
    places["home"].write_text("{}", encoding="utf-8")
    monkeypatch.setenv("ENGINE_LICENSE_FILE", os.fspath(places["env"]))
    with pytest.raises(FileNotFoundError, match=r"explicit\.lic"):
        resolve_license_path(places["explicit"])


def test_env_naming_a_missing_file_is_an_error(
    places: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    places["home"].write_text("{}", encoding="utf-8")
    monkeypatch.setenv("ENGINE_LICENSE_FILE", os.fspath(places["env"]))
    with pytest.raises(FileNotFoundError, match="ENGINE_LICENSE_FILE"):
        resolve_license_path(None)


def test_written_license_round_trips(tmp_path: Path, make_license: LicenseFactory) -> None:
    document = make_license()
    path = write_license_file(tmp_path / "engine.lic", document)
    assert load_license(path).raw == document
    assert "Zoë" in path.read_text(encoding="utf-8")
