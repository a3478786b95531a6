"""The three outcomes of a validation, the exit codes the CLI gives them and the words reports
use for them.

Why one place: the single-file and batch commands, the web service and the README must agree
on what "conforms" means and on the numbers a script tests. "incomplete" has its own code so a
clerk's script never mistakes "could not be decided" for "conforms".
"""

from __future__ import annotations

from collections.abc import Iterable

STATUSES = ("conforms", "violates", "incomplete")
#: exit code of each outcome (2 bad input and 3 internal error come from the errors).
EXIT_CODES = {"conforms": 0, "violates": 1, "incomplete": 4}
EXIT_CONFORMS, EXIT_VIOLATES, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INCOMPLETE = 0, 1, 2, 3, 4
STATUS_HEADLINES = {"conforms": "CONFORMS", "violates": "DOES NOT CONFORM",
                    "incomplete": "INCOMPLETE (information needed)"}
#: said under every report with a Warning or Info (text and HTML alike)
DISCRETION_NOTE = (
    "Warnings and Info items are not violations: they are discretionary matters the Board may "
    "decide case by case, or findings the Board must still make before granting the permit. "
    "Only Violations make the application non-conforming."
)
#: what each exit code is called in summaries
EXIT_WORDS = {0: "conforms", 1: "violates", 2: "bad input", 3: "internal error", 4: "incomplete",
              5: "over the time limit"}
#: several applications: the most serious outcome wins (bad input, internal error, violation,
#: incomplete, conforms); codes not listed (a later addition) rank just after bad input.
PRECEDENCE = (2, 5, 3, 1, 4, 0)
EXIT_HELP = ("exit status: 0 conforms (every applicable rule decided, none violated), "
             "1 violates (at least one Violation), 2 bad input, 3 internal error, "
             "4 incomplete (no violation found, but information is needed to decide a rule), "
             "5 over the time limit")


def exit_code_of(status: str) -> int:
    return EXIT_CODES[status]


def rank(code: int) -> int:
    """How serious an exit code is: 0 the most (``PRECEDENCE``)."""
    return PRECEDENCE.index(code) if code in PRECEDENCE else 1


def combine(codes: Iterable[int]) -> int:
    """The exit code of several applications: the most serious one."""
    return min(codes, key=rank, default=0)
