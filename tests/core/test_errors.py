"""The exception tree has exactly the relations the specification names."""

from __future__ import annotations

import builtins
import inspect

import pytest

import engine_core
from engine_core import errors

RELATIONS = [
    ("CommunityEditionRestrictionError", "EngineRuntimeError"),
    ("EnclaveCapabilityError", "EngineRuntimeError"),
    ("RemovedCapabilityError", "EnclaveCapabilityError"),
    ("RemovedCapabilityError", "AttributeError"),
    ("CommunityRemovedCapabilityError", "RemovedCapabilityError"),
    ("CommunityRemovedCapabilityError", "CommunityEditionRestrictionError"),
    ("CodonRuntimeError", "EngineRuntimeError"),
    ("AmbiguousPayloadError", "CodonRuntimeError"),
    ("DecisionBudgetExceededError", "EngineRuntimeError"),
    ("DecisionBudgetExceededError", "RuntimeError"),
    ("DeveloperQuotaExceededError", "EngineRuntimeError"),
    ("StreamBlockedError", "EngineRuntimeError"),
    ("StreamBlockedError", "RuntimeError"),
    ("BeliefSnapshotError", "EngineRuntimeError"),
    ("BeliefSnapshotError", "ValueError"),
    ("LicenseError", "EngineRuntimeError"),
    ("LicenseSignatureInvalidError", "LicenseError"),
    ("LicenseRevokedAuthorityError", "LicenseSignatureInvalidError"),
    ("LicenseNotYetValidError", "LicenseError"),
    ("LicenseExpiredError", "LicenseError"),
    ("LicenseEntitlementError", "LicenseError"),
    ("KeyInvalidError", "EngineRuntimeError"),
    ("KeyExpiredError", "EngineRuntimeError"),
    ("KeyNotFoundError", "EngineRuntimeError"),
    ("UnsupportedPackDeclarationError", "EngineRuntimeError"),
    ("UnsupportedPackDeclarationError", "ValueError"),
    ("PackUnsealError", "EngineRuntimeError"),
    ("CompilerError", "EngineRuntimeError"),
    ("PlaybookParseError", "CompilerError"),
    ("ServerConfigurationError", "EngineRuntimeError"),
    ("PluginLoadError", "EngineRuntimeError"),
    ("NativeRuntimeUnavailableError", "ConnectionError"),
    ("ServiceAuthenticationError", "EngineRuntimeError"),
    ("InvalidRequestError", "EngineRuntimeError"),
    ("InvalidRequestError", "ValueError"),
    ("DecisionDomainUnavailableError", "EngineRuntimeError"),
    ("DecisionDomainUnavailableError", "NotImplementedError"),
    ("ServiceError", "EngineRuntimeError"),
]


def _cls(name: str) -> type:
    return getattr(errors, name, None) or getattr(builtins, name)


@pytest.mark.parametrize(("child", "parent"), RELATIONS)
def test_relation(child: str, parent: str) -> None:
    assert issubclass(_cls(child), _cls(parent))


@pytest.mark.parametrize(
    ("name", "builtin"),
    [
        ("EngineRuntimeError", RuntimeError),
        ("LicenseError", ValueError),
        ("PackUnsealError", ValueError),
        ("CodonRuntimeError", ValueError),
        ("KeyInvalidError", ValueError),
    ],
)
def test_no_unrequested_builtin_bases(name: str, builtin: type) -> None:
    assert not issubclass(_cls(name), builtin)


def test_native_runtime_unavailable_is_not_an_engine_error() -> None:
    assert not issubclass(errors.NativeRuntimeUnavailableError, errors.EngineRuntimeError)


def test_every_error_is_exported_from_engine_core() -> None:
    defined = {
        name
        for name, value in inspect.getmembers(errors, inspect.isclass)
        if issubclass(value, BaseException) and value.__module__ == errors.__name__
    }
    assert defined == set(errors.__all__)
    for name in defined:
        assert getattr(engine_core, name) is getattr(errors, name)


def test_ambiguous_payload_keys_sorted() -> None:
    error = errors.AmbiguousPayloadError(["text", "payload", "message"])
    assert error.keys == ["message", "payload", "text"]
    assert isinstance(error, errors.CodonRuntimeError)


def test_stream_blocked_message_and_attributes() -> None:
    error = errors.StreamBlockedError("block_statutory_violation", "card seen")
    assert str(error) == (
        "Stream blocked by statutory invariant: card seen (block_statutory_violation)"
    )
    assert (error.action, error.reason) == ("block_statutory_violation", "card seen")


def test_budget_error_attributes() -> None:
    error = errors.DecisionBudgetExceededError("acme.pack", "max_latency_ms", 5, 7.5)
    assert (error.pack_id, error.budget_key, error.limit, error.measured) == (
        "acme.pack",
        "max_latency_ms",
        5,
        7.5,
    )


def test_unsupported_declaration_lists_every_problem() -> None:
    error = errors.UnsupportedPackDeclarationError(["a: bad", "b: worse"])
    assert error.problems == ["a: bad", "b: worse"]
    assert "a: bad; b: worse" in str(error)
