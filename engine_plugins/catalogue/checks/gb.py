"""Named checks of the United Kingdom catalogue entries (``gb.yaml``)."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import regex

__all__ = ["CHECKS", "gb_driving_licence"]

#: DVLA driving licence number (16 characters; GOV.UK "View or share your driving
#: licence information", and https://en.wikipedia.org/wiki/Driving_licence_in_the_United_Kingdom):
#: 1-5 the first five letters of the surname, padded with 9s; 6 the decade of the year
#: of birth; 7-8 the month of birth, plus 50 for a woman; 9-10 the day of birth; 11 the
#: last digit of the year of birth; 12-13 the first two initials, 9 where there is no
#: second one; 14 an arbitrary digit (usually 9); 15-16 two check characters.
_DVLA = regex.compile(
    r"(?P<surname>[A-Z](?:[A-Z]{4}|[A-Z]{3}9|[A-Z]{2}99|[A-Z]999|9999))"
    r"(?P<decade>[0-9])(?P<month>[0-9]{2})(?P<day>[0-9]{2})(?P<year>[0-9])"
    r"(?P<initials>[A-Z][A-Z9])[0-9][A-Z0-9]{2}"
)
#: The licence issue number printed after the driver number (photocard field 5).
_ISSUE = regex.compile(r"(?P<number>.+)[ ][0-9]{2}")


def gb_driving_licence(value: str) -> bool:
    """A DVLA driving licence number whose surname padding and date of birth are well formed.

    The month is 01-12 (51-62 for a woman) and the day exists in that month
    for some year of the decade's two centuries (29 February needs a leap year). A
    two-digit licence issue number may follow after a space (``MORGA753116SM9IJ 35``).
    """
    issued = _ISSUE.fullmatch(value)
    if issued is not None and len(issued["number"].replace(" ", "")) == 16:
        value = issued["number"]
    match = _DVLA.fullmatch(value.replace(" ", ""))
    if match is None:
        return False
    month = int(match["month"])
    month = month - 50 if month > 50 else month
    year = int(match["decade"]) * 10 + int(match["year"])
    day = int(match["day"])
    for century in (1900, 2000):
        try:
            datetime.date(century + year, month, day)
        except ValueError:
            continue
        return True
    return False


CHECKS: dict[str, Callable[[str], bool]] = {
    "gb_driving_licence": gb_driving_licence,
}
