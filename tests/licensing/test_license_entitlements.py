"""Entitlements: globs, packs, solvers, features."""

from __future__ import annotations

import pytest
from licensing_support import LicenseFactory

from engine_core import LicenseEntitlementError
from engine_core.licensing.entitlements import check_feature, check_pack_allowed, glob_match
from engine_core.licensing.license_file import load_license


@pytest.mark.parametrize(
    ("pattern", "name", "expected"),
    [
        ("acme.*", "acme.orders", True),
        ("acme.*", "acme.", True),
        ("acme.*", "acme.a.b", True),
        ("acme.*", "acmex.orders", False),
        ("acme.*", "other.acme.orders", False),
        ("*", "anything at all", True),
        ("*", "", True),
        ("pack.v?", "pack.v1", True),
        ("pack.v?", "pack.v10", False),
        ("pack.v?", "pack.v", False),
        ("pack.[ab]", "pack.[ab]", True),
        ("pack.[ab]", "pack.a", False),
        ("pack.[!a]", "pack.b", False),
        ("a+b", "a+b", True),
        ("a+b", "aab", False),
        ("a.c", "abc", False),
        ("a\\*", "a\\xyz", True),
        ("Acme.*", "acme.x", False),
        ("exact.id", "exact.id", True),
    ],
)
def test_glob_match(pattern: str, name: str, expected: bool) -> None:
    assert glob_match(pattern, name) is expected


def test_pack_allowed_by_glob(make_license: LicenseFactory) -> None:
    license = load_license(make_license(licensed_packs=["acme.*"]))
    check_pack_allowed(license, "acme.orders")
    check_pack_allowed(license, "acme.orders", ["solver.tcn.basic", "bin_packing.ffd"])


def test_pack_refused_names_the_pack(make_license: LicenseFactory) -> None:
    license = load_license(make_license(licensed_packs=["acme.*"]))
    with pytest.raises(LicenseEntitlementError, match=r"pack 'globex\.orders'"):
        check_pack_allowed(license, "globex.orders")


def test_feature_allows_any_pack(make_license: LicenseFactory) -> None:
    license = load_license(
        make_license(licensed_packs=[], features=["custom_playbook_compilation"])
    )
    check_pack_allowed(license, "my.own.pack")


def test_feature_does_not_allow_solvers(make_license: LicenseFactory) -> None:
    license = load_license(
        make_license(licensed_packs=[], features=["custom_playbook_compilation"])
    )
    with pytest.raises(LicenseEntitlementError, match=r"vrp\.basic"):
        check_pack_allowed(license, "my.own.pack", ["vrp.basic"])


def test_every_refused_solver_is_named(make_license: LicenseFactory) -> None:
    license = load_license(make_license(licensed_solvers=["solver.tcn.basic"]))
    with pytest.raises(LicenseEntitlementError) as caught:
        check_pack_allowed(license, "acme.orders", ["solver.tcn.basic", "solver.tcn.pro", "vrp.x"])
    message = str(caught.value)
    assert "solver.tcn.pro" in message
    assert "vrp.x" in message
    assert "acme.orders" in message


def test_tier_default_solvers_apply(make_license: LicenseFactory) -> None:
    community = load_license(make_license(tier="COMMUNITY"))
    check_pack_allowed(community, "acme.x", ["solver.tcn.basic"])
    with pytest.raises(LicenseEntitlementError):
        check_pack_allowed(community, "acme.x", ["solver.tcn.pro"])
    enterprise = load_license(make_license(tier="ENTERPRISE"))
    check_pack_allowed(enterprise, "acme.x", ["vrp.anything", "solver.tcn.pro"])


def test_check_feature(make_license: LicenseFactory) -> None:
    license = load_license(make_license(features=["in_process_streaming"]))
    check_feature(license, "in_process_streaming")
    with pytest.raises(LicenseEntitlementError, match="decision_as_a_function"):
        check_feature(license, "decision_as_a_function")
