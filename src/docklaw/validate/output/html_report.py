"""The printable HTML validation report, rendered from Jinja templates.

Why templates and not string building: the report is a document people keep (print, file,
attach to a board's record); its layout changes without touching the validator, and Jinja's
autoescaping is the one place HTML escaping happens. The report carries the verdict, the plan,
citations with section text, measurements, variance figures, the date and the docklaw and data
versions (so a kept report says which law it was checked against).
"""

from __future__ import annotations

from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import Environment, FileSystemLoader, select_autoescape

from docklaw import __version__
from docklaw.validate.findings.measurements import by_node, coordinate_statements, short_name
from docklaw.validate.status import DISCRETION_NOTE

if TYPE_CHECKING:
    from docklaw.validate.output.report import Report

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(TEMPLATES)),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["short"] = short_name
    return env


@lru_cache(maxsize=1)
def data_version() -> str:
    """The digest of every file the law is built from (ontology, codes, shapes)."""
    from docklaw.kg.build import inputs_digest

    return inputs_digest()


def context(report: Report) -> dict[str, object]:
    return {
        "discretion_note": DISCRETION_NOTE,
        "report": report,
        "groups": report._groups(),
        "measurements": by_node(report.measurements),
        "coordinates": coordinate_statements(report.measurements),
        "generated": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": __version__,
        "data_version": data_version(),
    }


def render_report(report: Report) -> str:
    """One application's report as a standalone, printable HTML page."""
    return environment().get_template("report.html").render(**context(report))


def render_extras(report: Report) -> str:
    """What the web site's own validation page adds to its citations: the plan, the variance
    figures, the readings and the measurements (with their styles)."""
    env = environment()
    ctx = context(report)  # no inline style: the site's style.css carries .docklaw-report
    return ('<div class="docklaw-report">'
            + env.get_template("report_figures.html").render(**ctx)
            + env.get_template("report_measurements.html").render(**ctx) + "</div>")


def render_matrix_fragment(matrix: object) -> str:
    """The cross-code matrix without its page, for a page of the web site (styled by the site's
    style.css: no inline style under its Content-Security-Policy)."""
    return environment().get_template("matrix_body.html").render(matrix=matrix)


def render_index(rows: list[dict[str, str]], title: str = "docklaw validation reports") -> str:
    """A batch run's index page: one row per application, its status and a link to its report."""
    return environment().get_template("index.html").render(
        rows=rows, title=title, version=__version__, data_version=data_version(),
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))
