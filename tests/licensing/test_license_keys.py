"""License key strings: format, signature, fields, choosing a key, Engine(license_key=...)."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from licensing_support import DAY, NOW, Authority, FrozenClock, KeyFactory

from engine_core import (
    Engine,
    KeyExpiredError,
    KeyInvalidError,
    KeyNotFoundError,
    LicenseKeyError,
)
from engine_core.licensing.authority import issue_license_key
from engine_core.licensing.context import COMMUNITY_UPGRADE_NOTICE
from engine_core.licensing.keys import (
    KeyLicenseContext,
    encode_license_key,
    key_license_context,
    parse_license_key,
    parse_license_keys,
)

BUILTIN = "builtin.data_protection"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _sign(seed: str, payload: bytes) -> str:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    signature = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(seed)).sign(payload)
    return encode_license_key(payload, signature)


# --- format and signature -------------------------------------------------------------


def test_issued_key_parses(make_key: KeyFactory) -> None:
    key = parse_license_key(make_key(max_decisions_per_minute=5, epoch=4))
    assert key.key_id == "key-0001"
    assert key.epoch == 4
    assert key.tier == "DEVELOPER"
    assert key.packs == ("builtin.*",)
    assert key.max_decisions_per_minute == 5
    assert key.enforcement == "fail_closed"
    assert key.covers(BUILTIN)


def test_key_string_shape(make_key: KeyFactory) -> None:
    text = make_key()
    prefix, payload, signature = text.split(".")
    assert prefix == "EK1"
    assert "=" not in text
    decoded = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    assert json.loads(decoded)["key_id"] == "key-0001"
    assert len(base64.urlsafe_b64decode(signature + "==")) == 64


def _malformed(good: str) -> dict[str, str]:
    _, payload, signature = good.split(".")
    tampered = _b64(b'{"key_id":"x"}')
    last = "A" if signature[-1] != "A" else "B"
    return {
        "empty": "",
        "no-dots": "EK1" + payload,
        "two-parts": f"EK1.{payload}",
        "four-parts": f"{good}.x",
        "wrong-prefix": f"EK2.{payload}.{signature}",
        "lower-prefix": f"ek1.{payload}.{signature}",
        "padded": f"EK1.{payload}==.{signature}",
        "bad-alphabet": f"EK1.{payload[:-1]}+.{signature}",
        "short-signature": f"EK1.{payload}.{signature[:40]}",
        "flipped-signature": f"EK1.{payload}.{signature[:-1]}{last}",
        "tampered-payload": f"EK1.{tampered}.{signature}",
        "spaces": f"EK1.{payload} .{signature}",
    }


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "no-dots",
        "two-parts",
        "four-parts",
        "wrong-prefix",
        "lower-prefix",
        "padded",
        "bad-alphabet",
        "short-signature",
        "flipped-signature",
        "tampered-payload",
        "spaces",
    ],
)
def test_malformed_keys_are_invalid(make_key: KeyFactory, case: str) -> None:
    text = _malformed(make_key())[case]
    with pytest.raises(KeyInvalidError):
        key_license_context(text, BUILTIN)


def test_non_canonical_base64_tail_is_invalid(make_key: KeyFactory) -> None:
    prefix, payload, signature = make_key().split(".")
    # 64 bytes = 86 characters with 4 spare bits in the last one: flipping a
    # spare bit decodes to the same bytes, and must still be refused.
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    index = alphabet.index(signature[-1])
    twin = alphabet[index ^ 1]
    assert base64.urlsafe_b64decode(signature + "==") == base64.urlsafe_b64decode(
        signature[:-1] + twin + "=="
    )
    with pytest.raises(KeyInvalidError, match="canonical"):
        parse_license_key(f"{prefix}.{payload}.{signature[:-1]}{twin}")


def test_untrusted_signer(make_key: KeyFactory, stranger: Authority) -> None:
    with pytest.raises(KeyInvalidError, match="does not verify"):
        parse_license_key(make_key(seed=stranger.seed))


def test_revoked_signer(make_key: KeyFactory, revoked_authority: Authority) -> None:
    with pytest.raises(KeyInvalidError, match="revoked"):
        parse_license_key(make_key(seed=revoked_authority.seed))


def test_signed_payload_that_is_not_json(trust_file: Path, authority: Authority) -> None:
    with pytest.raises(KeyInvalidError, match="not valid JSON"):
        parse_license_key(_sign(authority.seed, b"not json"))


def test_signed_payload_that_is_not_canonical(trust_file: Path, authority: Authority) -> None:
    payload = json.dumps(
        {
            "key_id": "k",
            "epoch": 1,
            "tier": "DEVELOPER",
            "packs": ["builtin.*"],
            "valid_from": NOW,
            "valid_until": NOW + DAY,
        },
        indent=1,
    ).encode()
    with pytest.raises(KeyInvalidError, match="canonical"):
        parse_license_key(_sign(authority.seed, payload))


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("key_id", "", "key_id"),
        ("key_id", 7, "key_id"),
        ("epoch", -1, "epoch"),
        ("epoch", True, "epoch"),
        ("epoch", 1.5, "epoch"),
        ("tier", "GOLD", "tier"),
        ("packs", [], "packs"),
        ("packs", "builtin.*", "packs"),
        ("packs", [""], "packs"),
        ("valid_from", "today", "valid_from"),
        ("valid_until", NOW - 2 * DAY, "before"),
        ("grace_period_days", -1, "grace_period_days"),
        ("max_decisions_per_minute", -5, "max_decisions_per_minute"),
        ("max_decisions_lifetime", "many", "max_decisions_lifetime"),
        ("enforcement", "lenient", "enforcement"),
        ("features", ["x"], "unknown fields"),
    ],
)
def test_bad_fields_are_invalid(
    make_key: KeyFactory, field: str, value: object, message: str
) -> None:
    text = make_key(validate=False, **{field: value})
    with pytest.raises(KeyInvalidError, match=message):
        parse_license_key(text)


def test_issuing_validates_fields_by_default(make_key: KeyFactory) -> None:
    with pytest.raises(KeyInvalidError, match="tier"):
        make_key(tier="GOLD")


def test_missing_required_field(trust_file: Path, authority: Authority) -> None:
    text = issue_license_key({"key_id": "k", "epoch": 1}, authority.seed, validate=False)
    with pytest.raises(KeyInvalidError, match="lacks"):
        parse_license_key(text)


def test_optional_fields_default(trust_file: Path, authority: Authority) -> None:
    key = parse_license_key(
        issue_license_key(
            {
                "key_id": "k",
                "epoch": 0,
                "tier": "ENTERPRISE",
                "packs": ["*"],
                "valid_from": NOW,
                "valid_until": NOW + DAY,
            },
            authority.seed,
        )
    )
    assert key.grace_period_days == 14
    assert key.max_decisions_per_minute is None
    assert key.enforcement == "fail_closed"


def test_bad_trust_file_makes_keys_invalid(make_key: KeyFactory, trust_file: Path) -> None:
    text = make_key()
    trust_file.write_text("{", encoding="utf-8")
    with pytest.raises(KeyInvalidError, match="cannot verify"):
        parse_license_key(text)


def test_revoking_the_signer_later_invalidates_a_verified_key(
    make_key: KeyFactory, trust_file: Path, authority: Authority
) -> None:
    from engine_core.licensing.authority import write_trust_file

    text = make_key()
    parse_license_key(text)
    write_trust_file(trust_file, [], [authority.public])
    with pytest.raises(KeyInvalidError, match="revoked"):
        parse_license_key(text)


# --- several keys and choosing one ---------------------------------------------------------


def test_comma_separated_keys(make_key: KeyFactory) -> None:
    keys = parse_license_keys(f"{make_key(key_id='a')}, {make_key(key_id='b')}")
    assert [key.key_id for key in keys] == ["a", "b"]


@pytest.mark.parametrize("template", ["{0},", ",{0}", "{0},,{0}"])
def test_empty_entry_is_invalid(make_key: KeyFactory, template: str) -> None:
    with pytest.raises(KeyInvalidError, match="empty"):
        key_license_context(template.format(make_key()), BUILTIN)


def test_one_malformed_key_among_good_ones_is_invalid(make_key: KeyFactory) -> None:
    with pytest.raises(KeyInvalidError):
        key_license_context(f"{make_key()},EK1.abc.def", BUILTIN)


def test_no_key_covers_the_pack(make_key: KeyFactory) -> None:
    with pytest.raises(KeyNotFoundError, match=r"builtin\.data_protection"):
        key_license_context(make_key(packs=["acme.*"]), BUILTIN)


def test_every_covering_key_expired(make_key: KeyFactory) -> None:
    expired = make_key(key_id="old", valid_from=NOW - 90 * DAY, valid_until=NOW - 15 * DAY)
    other = make_key(key_id="acme", packs=["acme.*"])
    with pytest.raises(KeyExpiredError, match="old"):
        key_license_context(f"{expired},{other}", BUILTIN)


def test_a_not_yet_valid_key_is_not_found(make_key: KeyFactory) -> None:
    future = make_key(key_id="future", valid_from=NOW + DAY, valid_until=NOW + 9 * DAY)
    with pytest.raises(KeyNotFoundError, match="future starts"):
        key_license_context(future, BUILTIN)
    expired = make_key(key_id="old", valid_from=NOW - 90 * DAY, valid_until=NOW - 15 * DAY)
    with pytest.raises(KeyNotFoundError):
        key_license_context(f"{expired},{future}", BUILTIN)


def test_active_is_preferred_over_grace_then_highest_epoch(make_key: KeyFactory) -> None:
    grace = make_key(key_id="grace", epoch=9, valid_from=NOW - 60 * DAY, valid_until=NOW - DAY)
    low = make_key(key_id="low", epoch=1)
    high = make_key(key_id="high", epoch=5)
    other = make_key(key_id="acme", epoch=99, packs=["acme.*"])
    context = key_license_context(",".join([grace, low, high, other]), BUILTIN)
    state = context.authorize_decision()
    assert (state.active_key_id, state.active_epoch, state.license_status) == (
        "high",
        5,
        "ACTIVE",
    )
    only_grace = key_license_context(grace, BUILTIN).authorize_decision()
    assert (only_grace.active_key_id, only_grace.license_status) == ("grace", "GRACE_PERIOD")


def test_equal_keys_pick_the_first_given(make_key: KeyFactory) -> None:
    text = f"{make_key(key_id='first')},{make_key(key_id='second')}"
    assert key_license_context(text, BUILTIN).authorize_decision().active_key_id == "first"


def test_key_switches_as_time_passes(make_key: KeyFactory, frozen_clock: FrozenClock) -> None:
    old = make_key(key_id="old", epoch=1, valid_from=NOW - DAY, valid_until=NOW + DAY)
    new = make_key(key_id="new", epoch=2, valid_from=NOW + 3 * DAY, valid_until=NOW + 90 * DAY)
    context = key_license_context(f"{old},{new}", BUILTIN)
    assert context.authorize_decision().active_key_id == "old"
    frozen_clock.advance(2 * DAY)
    assert context.authorize_decision().license_status == "GRACE_PERIOD"
    frozen_clock.advance(2 * DAY)
    state = context.authorize_decision()
    assert (state.active_key_id, state.active_epoch, state.license_status) == (
        "new",
        2,
        "ACTIVE",
    )


def test_running_engine_raises_once_every_key_expired(
    make_key: KeyFactory, frozen_clock: FrozenClock
) -> None:
    engine = Engine(license_key=make_key(valid_until=NOW + DAY, grace_period_days=1))
    assert engine.evaluate("hi").license_status == "ACTIVE"
    frozen_clock.advance(2 * DAY)
    assert engine.evaluate("hi").license_status == "GRACE_PERIOD"
    frozen_clock.advance(1)
    with pytest.raises(KeyExpiredError):
        engine.evaluate("hi")
    assert engine.license_state.license_status == "EXPIRED"


def test_key_errors_are_license_key_errors() -> None:
    for error in (KeyInvalidError, KeyExpiredError, KeyNotFoundError):
        assert issubclass(error, LicenseKeyError)


# --- Engine(license_key=...) -------------------------------------------------------------


def test_engine_with_a_key_reports_the_key(make_key: KeyFactory) -> None:
    engine = Engine(license_key=make_key(key_id="key-77", epoch=12, tier="ENTERPRISE"))
    assert isinstance(engine.license, KeyLicenseContext)
    result = engine.evaluate({"text": "card 4111 1111 1111 1111, mail jane@example.com"})
    assert result.pack_id == BUILTIN
    assert result.action == "block_statutory_violation"
    assert result.license_status == "ACTIVE"
    assert result.active_key_id == "key-77"
    assert result.active_epoch == 12
    assert result.edition == "ENTERPRISE"
    assert result.upgrade_notice is None
    assert engine.license_state.edition == "ENTERPRISE"


def test_community_key_carries_the_upgrade_notice(make_key: KeyFactory) -> None:
    result = Engine(license_key=make_key(tier="COMMUNITY")).evaluate("hello")
    assert result.edition == "COMMUNITY"
    assert result.upgrade_notice == COMMUNITY_UPGRADE_NOTICE


@pytest.mark.parametrize(
    ("overrides", "error"),
    [
        ({"packs": ["acme.*"]}, KeyNotFoundError),
        ({"valid_from": NOW - 90 * DAY, "valid_until": NOW - 30 * DAY}, KeyExpiredError),
    ],
)
def test_engine_construction_refuses_unusable_keys(
    make_key: KeyFactory, overrides: dict[str, object], error: type[Exception]
) -> None:
    with pytest.raises(error):
        Engine(license_key=make_key(**overrides))


def test_engine_construction_refuses_an_invalid_key(trust_file: Path) -> None:
    with pytest.raises(KeyInvalidError):
        Engine(license_key="EK1.not.valid")
    with pytest.raises(KeyInvalidError):
        Engine(license_key="")
