"""New Zealand catalogue entries (``nz.yaml``): published examples through the real engine."""

from __future__ import annotations

import pytest

from engine_core import Engine

from .apac_support import assert_absent, assert_found

#: Inland Revenue's test numbers (RWT and NRWT specification, v10), also python-stdnum's.
PUBLISHED = ["49-091-850", "35-901-981", "49-098-576", "136-410-132", "4909185-0"]


@pytest.mark.parametrize("value", [*PUBLISHED, "49091850", "136410132", "049 091 850"])
def test_ird(builtin: Engine, value: str) -> None:
    """An IRD number named so is NZ_IRD."""
    assert_found(builtin, f"IRD number: {value}", value, "NZ_IRD")
    assert_found(builtin, f"Inland Revenue has {value} on file", value, "NZ_IRD")


@pytest.mark.parametrize(
    "text",
    [
        "IRD number: 136-410-133",  # Inland Revenue: an invalid check digit
        "IRD number: 9-125-568",  # Inland Revenue: too short
        "IRD number: 150-000-000",  # out of the issued range
        "Order 49-091-850 shipped",  # no context word
    ],
)
def test_not_ird(builtin: Engine, text: str) -> None:
    """A failing check, a wrong length or range, or no context word: no IRD number."""
    assert_absent(builtin, text, "NZ_IRD")
