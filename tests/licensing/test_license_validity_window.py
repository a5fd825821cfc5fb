"""A signed license whose validity ends before it begins works at no time, refused in spec order."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from licensing_support import DAY, NOW, LicenseFactory

from engine_core import LicenseExpiredError, LicenseNotYetValidError, LicenseSignatureInvalidError
from engine_core.licensing.license_file import License, load_license


@pytest.mark.parametrize(
    ("valid_from", "valid_until"),
    [(NOW + 2 * DAY, NOW + DAY), (NOW + DAY, NOW - DAY)],
    ids=["both-ahead", "now-in-between"],
)
def test_before_valid_from_it_is_not_yet_valid(
    make_license: LicenseFactory, valid_from: int, valid_until: int
) -> None:
    with pytest.raises(LicenseNotYetValidError, match="not valid before"):
        load_license(make_license(valid_from=valid_from, valid_until=valid_until))


def test_from_valid_from_on_it_is_expired_even_inside_the_grace_period(
    make_license: LicenseFactory,
) -> None:
    # NOW is past valid_until by a day, well inside 14 grace days: still refused (fail closed).
    document = make_license(valid_from=NOW - DAY // 2, valid_until=NOW - DAY)
    with pytest.raises(LicenseExpiredError, match="before it begins"):
        load_license(document)


def test_the_signature_is_still_checked_first(make_license: LicenseFactory) -> None:
    document = make_license(valid_from=NOW + DAY, valid_until=NOW - DAY)
    document["signature"] = "0" * 128
    with pytest.raises(LicenseSignatureInvalidError):
        load_license(document)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # read-only fixture
@given(
    start=st.integers(NOW - 400 * DAY, NOW + 400 * DAY),
    length=st.integers(1, 30 * DAY),  # often shorter than the grace period
    offset=st.integers(-60 * DAY, 60 * DAY),
)
def test_an_inverted_window_works_at_no_time(
    signed: License, start: int, length: int, offset: int
) -> None:
    license = replace(signed, valid_from=start + length, valid_until=start)
    now = start + offset
    expected = LicenseNotYetValidError if now < license.valid_from else LicenseExpiredError
    with pytest.raises(expected):
        license.status(now)


@pytest.fixture
def signed(make_license: LicenseFactory) -> License:
    """A license record (its window is replaced per example)."""
    return License.from_document(make_license())
