"""Conversions no multiplier gives: a slope stated as an angle (its tangent), and a period stated
in days where the law counts calendar months (exact where every calendar agrees, else refused).

Why apart from units.py: these are not proportional. An angle's tangent is computed to 120
digits (pi by Machin's formula, not a truncated multiplier) and kept to 18 places like every
converted value; a day count is a number of calendar months only between the shortest and the
longest span of that many months in the Gregorian calendar, so it decides a limit only outside
that band (ontology/terms/existing-structures.ttl, pitch.ttl).
"""

from __future__ import annotations

from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal
from functools import cache

from docklaw.law.units import WIDE

#: the mean Gregorian month in days (146,097 days in 4,800 months)
MEAN_MONTH_DAYS = Decimal("30.436875")


@cache
def pi() -> Decimal:
    """Pi to the working precision (Machin: 16 atan(1/5) - 4 atan(1/239))."""
    return WIDE.subtract(WIDE.multiply(16, _atan_inverse(5)), WIDE.multiply(4, _atan_inverse(239)))


def _atan_inverse(n: int) -> Decimal:
    x = WIDE.divide(Decimal(1), Decimal(n))
    square = WIDE.multiply(x, x)
    term, total, k = x, x, 1
    limit = Decimal(10) ** -(WIDE.prec + 5)
    while abs(term) > limit:
        term = WIDE.multiply(term, square.copy_negate())
        total = WIDE.add(total, WIDE.divide(term, Decimal(2 * k + 1)))
        k += 1
    return total


def tangent(angle: Decimal, units_per_turn: Decimal) -> Decimal | None:
    """tan of ``angle`` (in units of which ``units_per_turn`` make a turn); None from a quarter
    turn on (no rise over run) or below zero."""
    if angle < 0 or WIDE.multiply(angle, 4) >= units_per_turn:
        return None
    x = WIDE.divide(WIDE.multiply(WIDE.multiply(angle, 2), pi()), units_per_turn)
    square = WIDE.multiply(x, x)
    sin, cos = x, Decimal(1)
    s_term, c_term, k = x, Decimal(1), 1
    limit = Decimal(10) ** -(WIDE.prec + 5)
    while abs(s_term) > limit or abs(c_term) > limit:
        minus = square.copy_negate()
        s_term = WIDE.divide(WIDE.multiply(s_term, minus), Decimal((2 * k) * (2 * k + 1)))
        c_term = WIDE.divide(WIDE.multiply(c_term, minus), Decimal((2 * k - 1) * (2 * k)))
        sin, cos = WIDE.add(sin, s_term), WIDE.add(cos, c_term)
        k += 1
    return WIDE.divide(sin, cos)


def _month_lengths() -> list[int]:
    """The lengths of the 4,800 months of one 400-year Gregorian cycle."""
    out = []
    for year in range(2000, 2400):
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        out += [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return out


@cache
def month_span(months: int) -> tuple[int, int]:
    """(fewest, most) days that ``months`` consecutive calendar months span."""
    lengths = _month_lengths()
    doubled = lengths + lengths
    sums = [sum(doubled[i:i + months]) for i in range(len(lengths))] if months else [0]
    return min(sums), max(sums)


def undecided_by_days(days: Decimal, months: Decimal, strict: bool) -> bool:
    """Whether a period of ``days`` reads two ways against a limit of ``months`` calendar
    months: for "at least L months" (``strict`` False) between the fewest days L months span
    and the most (excluded); for "more than L months" above the fewest up to the most."""
    low = month_span(int(months.to_integral_value(rounding=ROUND_FLOOR)))[0]
    high = month_span(int(months.to_integral_value(rounding=ROUND_CEILING)))[1]
    if strict:
        return low < days <= high
    return low <= days < high


def months_of_days(days: Decimal) -> Decimal:
    """A decided day count in months (the mean Gregorian month: on the same side of every
    limit the count decides, as the fewest days of L months <= L mean months <= the most)."""
    return WIDE.divide(days, MEAN_MONTH_DAYS)
