"""The site holds together: one layout with navigation and a search box on every page, local
links (the RDF keeps the w3id IRIs), no inline script or style, the compare page's legend
and chart, the jurisdiction contents, the saved-query code choice and the query editor."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from docklaw import jurisdictions
from docklaw.queries.compare import MARKS

ROOT = Path(__file__).resolve().parents[1]
HTML = {"Accept": "text/html"}
EXAMPLE = ROOT / "examples" / "north-haven" / "several-violations.ttl"


@pytest.fixture(scope="module")
def client(site_app):  # type: ignore[no-untyped-def]
    return site_app.test_client()


def validation_page(client) -> str:  # type: ignore[no-untyped-def]
    r = client.post("/validate", data={"application": (io.BytesIO(EXAMPLE.read_bytes()),
                                                       "several-violations.ttl")},
                    content_type="multipart/form-data", headers=HTML)
    assert r.status_code == 200 and r.mimetype == "text/html"
    return r.get_data(as_text=True)


PAGES = ["/", "/?saved=use-variance", "/search?q=boat+lift", "/search", "/compare",
         "/jurisdiction/north-haven", "/code/north-haven", "/code/north-haven/56-2D",
         "/rule/north-haven/56-2D-width", "/code/nowhere/1"]


@pytest.fixture(scope="module")
def pages(client) -> dict[str, str]:  # type: ignore[no-untyped-def]
    out = {path: client.get(path, headers=HTML).get_data(as_text=True) for path in PAGES}
    out["POST /validate"] = validation_page(client)
    return out


def test_every_page_has_the_layout_and_a_search_box(pages: dict[str, str]) -> None:
    for path, page in pages.items():
        assert 'id="site-nav"' in page and 'id="nav-search"' in page, path
        for jid in jurisdictions.ids():
            assert f'href="/jurisdiction/{jid}"' in page, (path, jid)
        assert 'href="/compare"' in page and 'href="/search"' in page, path


def test_served_pages_link_locally_not_to_w3id(pages: dict[str, str]) -> None:
    for path, page in pages.items():
        assert not re.findall(r'href="https?://w3id\.org', page), path


def test_rdf_forms_keep_the_w3id_iris(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/code/north-haven/56-2D?format=ttl")
    assert r.mimetype == "text/turtle" and b"https://w3id.org/docklaw/code/north-haven/56-2D" \
        in r.data


def test_no_inline_script_or_style(pages: dict[str, str]) -> None:
    for path, page in pages.items():
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), path
        assert "<style" not in page and not re.search(r"\sstyle=", page), path
        assert not re.search(r"\son[a-z]+=", page), path


def test_validation_page_cites_local_sections(pages: dict[str, str]) -> None:
    page = pages["POST /validate"]
    assert re.search(r'id="verdict" class="status-violates fails">[^<]*does not conform', page)
    assert 'class="citation" href="/code/north-haven/56-2D"' in page


def test_saved_query_jurisdiction_is_a_choice_of_registered_codes(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/?saved=use-variance&p-jurisdiction=jerusalem",
                      headers=HTML).get_data(as_text=True)
    select = re.search(r'<select name="p-jurisdiction".*?</select>', page, re.S)
    assert select is not None
    values = re.findall(r'<option value="([^"]*)"', select.group(0))
    assert values == ["", *jurisdictions.ids()]
    assert '<option value="jerusalem" selected>' in select.group(0)
    assert 'id="result-table"' in page


def test_jurisdiction_page_lists_sections_with_headings(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/jurisdiction/jerusalem", headers=HTML).get_data(as_text=True)
    assert re.search(r'href="/code/jerusalem/160-121">§ 160-121</a>\s*'
                     r'<span class="heading">Definitions</span>', page)
    page = client.get("/jurisdiction/north-haven", headers=HTML).get_data(as_text=True)
    # no heading is printed in North Haven: the inferred subject, marked as inferred
    assert re.search(r'href="/code/north-haven/56-1">§ 56-1</a>\s*<span class="heading '
                     r'inferred"[^>]*>Special use permit required\.</span>', page)


def test_compare_legend_matches_the_highlights(pages: dict[str, str]) -> None:
    page = pages["/compare"]
    legend = re.search(r'id="compare-legend">(.*?)</p>', page, re.S)
    assert legend is not None
    assert re.findall(r'class="mark-(\w+)"', legend.group(1)) == list(MARKS)
    table = page[page.index('id="compare-table"'):]
    used = set(re.findall(r'class="mark-(\w+)"', table))
    assert used and used <= set(MARKS)
    # a silent code where others regulate is marked, whatever else the row marks
    lifts = re.search(r'<tr id="boat-lifts">.*?</tr>', table, re.S)
    assert lifts is not None and 'class="mark-silent"' in lifts.group(0)


def test_compare_chart_includes_every_code_or_says_why_not(pages: dict[str, str]) -> None:
    page = pages["/compare"]
    charted = re.findall(r"<polyline[^>]*><title>([^<]+)</title>", page)
    omitted = re.search(r'id="chart-omitted">([^<]*)<', page)
    assert any("Jerusalem" in name for name in charted)  # Keuka's residential table
    assert omitted is not None
    for jid in jurisdictions.ids():
        label_rows = re.findall(rf'href="/jurisdiction/{jid}">([^<]+)</a></th>', page)
        assert label_rows, jid
        assert label_rows[0] in charted or label_rows[0] in omitted.group(1), jid


def test_query_page_declares_known_prefixes(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/", query_string={"query": "SELECT ?s WHERE { ?s a dl:Section } LIMIT 2"},
                   headers=HTML)
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'id="result-table"' in page
    assert "PREFIX dl: &lt;https://w3id.org/docklaw/ontology#&gt;" in page


def test_editor_offers_the_projects_terms(pages: dict[str, str]) -> None:
    page = pages["/"]
    terms = re.search(r'data-terms="([^"]*)"', page)
    assert terms is not None
    for term in ("dl:Section", "dl:citation", "jur:north-haven", "dlf:textScore"):
        assert f"&#34;{term}&#34;" in terms.group(1), term
    assert 'src="/static/app.js"' in page


def test_with_prefixes_leaves_strings_iris_and_declared_prefixes_alone() -> None:
    from docklaw.web.editor import with_prefixes

    text = 'SELECT * { ?s rdfs:label "dl:x" ; <http://e.org/a:b> ?o }'
    assert with_prefixes(text).splitlines()[0] == \
        "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>"
    assert "PREFIX dl:" not in with_prefixes(text)
    declared = "PREFIX dl: <urn:mine#>\nSELECT * { ?s a dl:X }"
    assert with_prefixes(declared) == declared
