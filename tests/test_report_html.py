"""The printable HTML report (Jinja templates) and the batch index page.

Why: a report a board keeps must carry, on its own, the verdict, the plan, the citations with
their text, the measurements, the variance figures, the date and the docklaw and data versions;
a batch of reports needs one page that links them all with their status.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

from docklaw import __version__, paths
from docklaw.validate.batch import run_batch
from docklaw.validate.output.html_report import data_version
from docklaw.validate.pipeline import validate_bytes

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plan" / \
    "north-haven-drawn-violations.ttl"


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.hrefs += [v for k, v in attrs if k == "href" and v]


def test_the_report_carries_everything_a_board_keeps() -> None:
    report = validate_bytes(FIXTURE.read_bytes(), "turtle", name=FIXTURE.name)
    page = report.to_html()
    assert "DOES NOT CONFORM: north-haven-drawn-violations.ttl</h1>" in page
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in page           # the plan
    assert "<h2>§ 56-3A</h2>" in page                                   # citations ...
    assert "shall be prohibited if within 40 feet" in page              # ... with section text
    assert "<h2>Measurements</h2>" in page and "side setback (same-axis extension)" in page
    assert "How far off, and what would conform" in page
    assert "not legal advice" in page and "Village Law § 7-712-b(3)" in page
    assert re.search(r"on \d{4}-\d\d-\d\d \d\d:\d\d UTC by docklaw", page)
    assert f"docklaw\n{__version__}" in page or f"docklaw {__version__}" in page
    assert data_version() in page and len(data_version()) == 20
    assert "@media print" in page


def test_report_escapes_what_the_application_says() -> None:
    data = FIXTURE.read_text().replace("north-haven-plan#dock", "north-haven-plan#d<b>ock")
    page = validate_bytes(data.encode(), "turtle", name="<script>x</script>").to_html()
    assert "<script>x</script>" not in page and "&lt;script&gt;" in page


def test_batch_html_writes_an_index_linking_every_report(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    code = run_batch([str(paths.EXAMPLES_DIR)], jobs=1, fmt="html", input_format=None,
                     outdir=out, stdout=io.StringIO(), stderr=io.StringIO())
    assert code == 1
    index = (out / "index.html").read_text()
    parser = Links()
    parser.feed(index)
    reports = sorted(p.name for p in out.glob("*.html") if p.name != "index.html")
    assert sorted(parser.hrefs) == [f"./{name}" for name in reports]  # ./: never a scheme
    assert len(reports) == len(list(paths.EXAMPLES_DIR.glob("*/*.ttl")))
    assert index.count(">violates<") >= 5 and index.count(">conforms") >= 5
    assert "§ 56-2B" in index  # violated sections per application


def test_batch_index_does_not_overwrite_a_report_called_index(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "index.ttl").write_bytes(FIXTURE.read_bytes())
    out = tmp_path / "out"
    run_batch([str(src)], jobs=1, fmt="html", input_format=None, outdir=out,
              stdout=io.StringIO(), stderr=io.StringIO())
    assert "does not conform" in (out / "index.html").read_text()
    assert 'href="./index.html"' in (out / "docklaw-index.html").read_text()
