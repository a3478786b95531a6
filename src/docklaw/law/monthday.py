"""Days of the year (``xsd:gMonthDay``) as numbers SHACL can compare.

Why: pyshacl compares ``xsd:gMonthDay`` literals wrongly (it does not order them as dates), so
a season limit such as Kings Point Boat lifts E ("No lift shall be used except between April 1
and November 30") would not be checked. The compiler fills such limits, and derive casts the
application's values, as the same ordinal: the day of the year in a leap year (January 1 = 1,
February 29 = 60, April 1 = 92, November 30 = 335, December 31 = 366). Both sides use the same
calendar, so order and equality are exact; messages turn the ordinal back into "April 1".
"""

from __future__ import annotations

import calendar
import re
from functools import cache

from rdflib import Graph, Literal, URIRef

from docklaw.namespaces import RDFS, XSD

#: A leap year, so that February 29 has a place and every later day one fixed ordinal.
REFERENCE_YEAR = 2000
DAYS_IN_YEAR = 366
MONTH_DAY = re.compile(r"^\s*(?:--)?(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?\s*$")
_CUMULATIVE = [0]
for _month in range(1, 13):
    _CUMULATIVE.append(_CUMULATIVE[-1] + calendar.monthrange(REFERENCE_YEAR, _month)[1])


def parse_month_day(value: object) -> tuple[int, int] | None:
    """(month, day) of '--04-01' (xsd:gMonthDay, optional time zone) or '04-01'; None if not one."""
    match = MONTH_DAY.match(str(value))
    if match is None:
        return None
    month, day = int(match.group(1)), int(match.group(2))
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(REFERENCE_YEAR, month)[1]:
        return None
    return month, day


def ordinal(month: int, day: int) -> int:
    """Day of the leap reference year: ordinal(4, 1) == 92."""
    return _CUMULATIVE[month - 1] + day


def ordinal_of(value: object) -> int | None:
    """The ordinal of a month-day literal (or None when it is not a valid month and day)."""
    parsed = parse_month_day(value)
    return ordinal(*parsed) if parsed is not None else None


def describe(number: int) -> str:
    """'April 1' for 92; an ordinal past the year end (a season wrapping into the next year)
    reads 'March 31 of the following year'."""
    following = number > DAYS_IN_YEAR
    day_of_year = number - DAYS_IN_YEAR if following else number
    for month in range(1, 13):
        if day_of_year <= _CUMULATIVE[month]:
            text = f"{calendar.month_name[month]} {day_of_year - _CUMULATIVE[month - 1]}"
            return text + (" of the following year" if following else "")
    return str(number)


def is_month_day(node: object) -> bool:
    return isinstance(node, Literal) and node.datatype == XSD.gMonthDay


@cache
def month_day_properties(ontology: Graph) -> frozenset[URIRef]:
    """Properties whose range is xsd:gMonthDay (dl:useSeasonStart, dl:useSeasonEnd)."""
    return frozenset(p for p in ontology.subjects(RDFS.range, XSD.gMonthDay)
                     if isinstance(p, URIRef))
