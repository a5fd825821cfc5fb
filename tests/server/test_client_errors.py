"""Every status code the service answers, made to happen for real, raised by the client as
the library's exception.

Licenses and keys come from a fresh test authority trusted through
``ENGINE_AUTHORITY_KEYS``; time moves through the runtime's one clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from service_support import (
    DAY,
    FATAL_TEXT,
    SEALED_PLAYBOOK,
    WARNING_TEXT,
    ExplodingEngine,
    issue_key,
    sealed_engine,
)

from engine_core import Engine, clock
from engine_core.errors import (
    DecisionBudgetExceededError,
    DecisionDomainUnavailableError,
    DeveloperQuotaExceededError,
    EngineRuntimeError,
    InvalidRequestError,
    KeyExpiredError,
    KeyInvalidError,
    KeyNotFoundError,
    LicenseEntitlementError,
    LicenseError,
    LicenseExpiredError,
    LicenseNotYetValidError,
    LicenseRevokedAuthorityError,
    LicenseSignatureInvalidError,
    ServiceAuthenticationError,
    ServiceError,
)
from engine_core.licensing.authority import (
    generate_authority_keypair,
    issue_license,
    write_license_file,
    write_trust_file,
)
from engine_core.loading import load_pack
from engine_core.packs.compiler import compile_playbook
from engine_core.plugins import make_plugin_manager, use_plugin_manager
from engine_server import ServerHandle, start_server
from engine_server.client import EngineClient

SOLVER_DOMAINS = ("solve_constraints", "vrp", "bin_packing")
BUDGET_TEXT = "ORD-123456 " * 50

ServeEngine = Callable[[Any], None]


class Authority:
    """A trusted test authority, and one whose key is revoked."""

    def __init__(self, seed: str, revoked_seed: str) -> None:
        self.seed = seed
        self.revoked_seed = revoked_seed

    def key(self, seed: str | None = None, **overrides: Any) -> str:
        """Issue a license key for the built-in pack (DEVELOPER, fail-closed quotas)."""
        return issue_key(seed or self.seed, **overrides)

    def license(self, seed: str | None = None, **overrides: Any) -> dict[str, Any]:
        """Issue a license file's JSON (for the built-in pack unless overridden)."""
        options: dict[str, Any] = {"licensed_packs": ["builtin.*"], "content_key": "ck-client"}
        options.update(overrides)
        return issue_license(seed or self.seed, **options)


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Authority]:
    seed, public = generate_authority_keypair()
    revoked_seed, revoked_public = generate_authority_keypair()
    trust = write_trust_file(
        tmp_path_factory.mktemp("trust") / "keys.json", [public], revoked=[revoked_public]
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENGINE_AUTHORITY_KEYS", str(trust))
        yield Authority(seed, revoked_seed)


@pytest.fixture(scope="module")
def engine(server: ServerHandle) -> Iterator[EngineClient]:
    with EngineClient(server.base_url, timeout=20) as client:
        yield client


@pytest.fixture
def frozen_clock() -> Iterator[Callable[[float], None]]:
    """Set the runtime's clock (the served engine runs in this process); reset afterwards."""
    yield lambda moment: clock.set_clock(lambda: moment)
    clock.reset_clock()


def _ago(days: float) -> int:
    return int(time.time() - days * DAY)


# --- 400 ------------------------------------------------------------------------------


def test_unknown_domain_is_a_value_error_naming_domain(engine: EngineClient) -> None:
    with pytest.raises(InvalidRequestError, match="Unknown decision function 'nope'") as refused:
        engine.decide("nope", {})
    assert isinstance(refused.value, ValueError)
    assert refused.value.fields == ["domain"]


def test_license_key_to_a_sealed_pack_is_a_value_error_naming_it(
    engine: EngineClient, serve_engine: ServeEngine
) -> None:
    serve_engine(sealed_engine())
    calls = [
        lambda: engine.evaluate("ORD-123456", license_key="EK1.x.y"),
        lambda: engine.decide("evaluate", {"text": "x"}, license_key="EK1.x.y"),
        lambda: list(engine.stream("ORD-123456", license_key="EK1.x.y")),
    ]
    for call in calls:
        with pytest.raises(InvalidRequestError, match="license_key is not accepted") as refused:
            call()
        assert refused.value.fields == ["license_key"]


# --- 401 ------------------------------------------------------------------------------


def test_missing_token_is_an_engine_error(auth_server: ServerHandle) -> None:
    with EngineClient(auth_server.base_url) as client, pytest.raises(EngineRuntimeError) as refused:
        client.evaluate(WARNING_TEXT)
    assert type(refused.value) is ServiceAuthenticationError
    assert str(refused.value) == "Missing or invalid bearer token"


# --- 403 ------------------------------------------------------------------------------

KEY_REFUSALS: list[tuple[str, Callable[[Authority], str], type[Exception]]] = [
    ("malformed", lambda a: "EK1.not-a-key.at-all", KeyInvalidError),
    ("untrusted-signer", lambda a: a.key(generate_authority_keypair()[0]), KeyInvalidError),
    ("revoked-signer", lambda a: a.key(a.revoked_seed), KeyInvalidError),
    (
        "expired",
        lambda a: a.key(valid_from=_ago(400), valid_until=_ago(100)),
        KeyExpiredError,
    ),
    ("not-covering", lambda a: a.key(packs=["acme.*"]), KeyNotFoundError),
    (
        "not-yet-valid",
        lambda a: a.key(valid_from=_ago(-10), valid_until=_ago(-40)),
        KeyNotFoundError,
    ),
]


@pytest.mark.parametrize(
    ("make_key", "expected"),
    [pytest.param(make, kind, id=name) for name, make, kind in KEY_REFUSALS],
)
def test_refused_license_key_is_its_key_error(
    engine: EngineClient,
    authority: Authority,
    make_key: Callable[[Authority], str],
    expected: type[Exception],
) -> None:
    key = make_key(authority)
    calls = [
        lambda: engine.evaluate(WARNING_TEXT, license_key=key),
        lambda: engine.decide("evaluate", {"text": WARNING_TEXT}, license_key=key),
        lambda: list(engine.stream(WARNING_TEXT, license_key=key)),
    ]
    for call in calls:
        with pytest.raises(expected) as refused:
            call()
        assert type(refused.value) is expected


def _tampered(license: dict[str, Any]) -> dict[str, Any]:
    return {**license, "license_id": license["license_id"] + "x"}


def _without(license: dict[str, Any], field: str) -> dict[str, Any]:
    return {key: value for key, value in license.items() if key != field}


LICENSE_REFUSALS: list[tuple[str, Callable[[Authority], Any], type[Exception]]] = [
    ("modified", lambda a: _tampered(a.license()), LicenseSignatureInvalidError),
    ("unsigned", lambda a: _without(a.license(), "signature"), LicenseSignatureInvalidError),
    (
        "untrusted",
        lambda a: a.license(generate_authority_keypair()[0]),
        LicenseSignatureInvalidError,
    ),
    ("revoked", lambda a: a.license(a.revoked_seed), LicenseRevokedAuthorityError),
    (
        "not-yet-valid",
        lambda a: a.license(valid_from=_ago(-10), valid_until=_ago(-40)),
        LicenseNotYetValidError,
    ),
    (
        "expired",
        lambda a: a.license(valid_from=_ago(400), valid_until=_ago(100)),
        LicenseExpiredError,
    ),
    ("other-pack", lambda a: a.license(licensed_packs=["acme.*"]), LicenseEntitlementError),
    ("not-json", lambda a: "{not json", LicenseError),
    ("no-identity", lambda a: _without(a.license(), "identity"), LicenseError),
]


@pytest.mark.parametrize(
    ("make_license", "expected"),
    [pytest.param(make, kind, id=name) for name, make, kind in LICENSE_REFUSALS],
)
def test_refused_license_data_is_its_license_error(
    engine: EngineClient,
    authority: Authority,
    make_license: Callable[[Authority], Any],
    expected: type[Exception],
) -> None:
    with pytest.raises(LicenseError) as refused:
        engine.decide("evaluate", {"text": "x"}, license_data=make_license(authority))
    assert type(refused.value) is expected
    assert "ck-client" not in str(refused.value)


# --- 413 and 422 ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_server() -> Iterator[ServerHandle]:
    with start_server(token="", max_body_size=2000) as handle:
        yield handle


def test_body_over_the_limit_is_a_value_error(small_server: ServerHandle) -> None:
    big = "word " * 1000
    with EngineClient(small_server.base_url) as client:
        for call in (lambda: client.evaluate(big), lambda: list(client.stream(big))):
            with pytest.raises(InvalidRequestError, match="413") as refused:
                call()
            assert refused.value.fields == ["body"]


@pytest.mark.parametrize(
    ("parameters", "field"),
    [({"text": 5}, "parameters.text"), ({}, "parameters.text")],
)
def test_invalid_body_is_a_value_error_naming_the_field(
    engine: EngineClient, parameters: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidRequestError) as refused:
        engine.decide("evaluate", parameters)
    assert refused.value.fields == [field]
    assert str(refused.value).startswith(f"Invalid request: {field}: ")


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda c: c.evaluate("x", license_key=5), "license_key"),
        (lambda c: list(c.stream("x", chunk_size=0)), "chunk_size"),
        (lambda c: list(c.stream("x", lookahead_chars=15)), "lookahead_chars"),
        (lambda c: list(c.stream("x", block_on_fatal="yes")), "block_on_fatal"),
        (lambda c: c.stream_session(lookahead_chars=8), "lookahead_chars"),
        (lambda c: c.stream_session(lookahead_chars=True), "lookahead_chars"),
        (lambda c: c.decide("evaluate", {"text": "x"}, license_data=7), "license_data"),
    ],
)
def test_bad_arguments_are_value_errors_naming_the_field(
    engine: EngineClient, call: Callable[[EngineClient], Any], field: str
) -> None:
    with pytest.raises(InvalidRequestError) as refused:
        call(engine)
    assert field in refused.value.fields


# --- 429 ------------------------------------------------------------------------------


def test_quota_per_minute_is_quota_error_with_retry_after(
    engine: EngineClient, authority: Authority
) -> None:
    key = authority.key(max_decisions_per_minute=2)
    engine.evaluate("hi", license_key=key)
    engine.decide("evaluate", {"text": "hi"}, license_key=key)
    for call in (
        lambda: engine.evaluate("hi", license_key=key),
        lambda: list(engine.stream("hi", license_key=key)),
    ):
        with pytest.raises(DeveloperQuotaExceededError) as refused:
            call()
        assert refused.value.limit_name == "max_decisions_per_minute"
        assert refused.value.retry_after is not None
        assert 0 < refused.value.retry_after <= 60


def test_lifetime_quota_is_quota_error_without_retry(
    engine: EngineClient, authority: Authority
) -> None:
    key = authority.key(max_decisions_lifetime=1)
    engine.evaluate("hi", license_key=key)
    with pytest.raises(DeveloperQuotaExceededError) as refused:
        engine.evaluate("hi", license_key=key)
    assert refused.value.limit_name == "max_decisions_lifetime"
    assert refused.value.retry_after is None


# --- 500 and 501 --------------------------------------------------------------------------


def test_unhandled_service_error_is_a_service_error(
    engine: EngineClient, serve_engine: ServeEngine
) -> None:
    serve_engine(ExplodingEngine())
    with pytest.raises(ServiceError) as failed:
        engine.evaluate(FATAL_TEXT)
    assert failed.value.status_code == 500
    assert "4111" not in str(failed.value)
    with pytest.raises(ServiceError, match="internal error"), engine.socket() as socket:
        socket.evaluate(FATAL_TEXT)


def _engine_lacking_a_domain(patch: pytest.MonkeyPatch) -> tuple[Engine, str]:
    """A real built-in engine whose plugins provide no solver for one known domain."""
    provided = Engine().registries.decision_domains
    missing = [domain for domain in SOLVER_DOMAINS if provided.get(domain) is None]
    if missing:
        return Engine(), missing[0]
    patch.setenv("ENGINE_BLOCKED_PLUGINS", provided.owner("vrp"))
    with use_plugin_manager(make_plugin_manager()):
        return Engine(), "vrp"


def test_domain_no_plugin_provides_is_not_implemented(
    engine: EngineClient, serve_engine: ServeEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    lacking, domain = _engine_lacking_a_domain(monkeypatch)
    serve_engine(lacking)
    with pytest.raises(DecisionDomainUnavailableError, match="not provided") as refused:
        engine.decide(domain, {"problem": {}})
    assert isinstance(refused.value, NotImplementedError)
    assert isinstance(refused.value, EngineRuntimeError)


# --- 503 ------------------------------------------------------------------------------


def test_decision_over_budget_is_budget_error_with_attributes(
    engine: EngineClient, serve_engine: ServeEngine
) -> None:
    serve_engine(sealed_engine(budget_ms=0.000001))
    with pytest.raises(DecisionBudgetExceededError) as over:
        engine.evaluate(BUDGET_TEXT)
    assert isinstance(over.value, RuntimeError)
    assert (over.value.pack_id, over.value.budget_key, over.value.limit) == (
        "acme.orders",
        "max_latency_ms",
        0.000001,
    )
    assert over.value.measured > over.value.limit
    with engine.socket() as socket, pytest.raises(DecisionBudgetExceededError) as over_socket:
        socket.evaluate(BUDGET_TEXT)
    assert over_socket.value.pack_id == "acme.orders"
    session = engine.stream_session()
    for call in (lambda: list(engine.stream(BUDGET_TEXT)), lambda: session.push(BUDGET_TEXT)):
        with pytest.raises(DecisionBudgetExceededError):
            call()
    assert session.state == "failed"


@pytest.fixture
def sealed_pack_engine(authority: Authority, tmp_path: Path) -> Engine:
    """A real sealed pack, compiled for and loaded under a license valid for 30 more days."""
    license = authority.license(
        licensed_packs=["acme.*"], valid_from=_ago(10), valid_until=_ago(-30), grace_period_days=2
    )
    license_path = write_license_file(tmp_path / "engine.lic", license)
    pack = tmp_path / "acme.orders.epack"
    pack.write_bytes(compile_playbook(SEALED_PLAYBOOK, license))
    return load_pack(pack, license_path)


def test_served_license_past_grace_is_license_expired(
    engine: EngineClient,
    serve_engine: ServeEngine,
    sealed_pack_engine: Engine,
    frozen_clock: Callable[[float], None],
) -> None:
    serve_engine(sealed_pack_engine)
    assert engine.evaluate("order ORD-123456").remedy.clean_text != "order ORD-123456"
    frozen_clock(time.time() + 40 * DAY)
    with pytest.raises(LicenseExpiredError, match="expired"):
        engine.evaluate("order ORD-123456")
    with engine.socket() as socket, pytest.raises(LicenseExpiredError):
        socket.evaluate("order ORD-123456")


def test_served_key_past_grace_is_key_expired(
    engine: EngineClient,
    serve_engine: ServeEngine,
    authority: Authority,
    frozen_clock: Callable[[float], None],
) -> None:
    served = Engine(license_key=authority.key(valid_until=_ago(-1), grace_period_days=1))
    serve_engine(served)
    assert engine.evaluate(WARNING_TEXT).edition == "DEVELOPER"
    frozen_clock(time.time() + 5 * DAY)
    with pytest.raises(KeyExpiredError):
        engine.evaluate(WARNING_TEXT)
