"""Reading the law as law on the site: the whole code continuous with its contents tree, every
cross-reference a link, each section with its parent and siblings, and every page naming its
source (title, the publisher's official location) and how current the text is."""

from __future__ import annotations

import re

import pytest

from docklaw import jurisdictions
from docklaw.kg.description import load_description
from docklaw.web import create_app

HTML = {"Accept": "text/html"}


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SPARQL_EXECUTION": "inline"}).test_client()


def page(client, path: str) -> str:  # type: ignore[no-untyped-def]
    r = client.get(path, headers=HTML)
    assert r.status_code == 200, (path, r.status_code)
    return r.get_data(as_text=True)


@pytest.mark.parametrize("jid", jurisdictions.ids())
def test_chapter_view_is_the_whole_code(client, jid: str) -> None:  # type: ignore[no-untyped-def]
    text = page(client, f"/chapter/{jid}")
    toc = re.search(r'<nav class="chapter-toc" id="toc".*?</nav>', text, re.S)
    assert toc is not None and "<ul><li>" in toc.group(0)
    anchors = re.findall(r'href="#(n-[^"]+)"', toc.group(0))
    assert anchors and all(f'id="{a}"' in text for a in anchors)  # every entry is in the text
    assert 'id="chapter-text"' in text and 'id="source"' in text
    assert re.search(r'id="current-through">\d{4}-\d\d-\d\d<', text)
    assert not re.findall(r'href="https?://w3id\.org', text)


def test_chapter_text_keeps_amendments_and_links_cross_references(client) -> None:  # type: ignore[no-untyped-def]
    text = page(client, "/chapter/north-haven")
    assert "[Amended 12-16-2025 by L.L. No. 14-2025; 6-11-2026 by L.L. No. 6-2026]" in text
    # § 56-3D lists the standards that need an area variance: one link per listed item,
    # within the page; § 56-2G, listed but not in the text, is marked and not linked
    assert 'class="xref" href="#n-56-2B"' in text and 'class="xref" href="#n-56-3F"' in text
    assert re.search(r'<span class="xref unresolved"[^>]*>G</span>', text)
    assert re.search(r'id="current-through">2026-06-11<', text)


def test_section_page_shows_family_and_linked_text(client) -> None:  # type: ignore[no-untyped-def]
    text = page(client, "/code/north-haven/56-3D")
    assert 'id="parent"' in text and 'href="/code/north-haven/56-3"' in text
    siblings = re.search(r'<nav class="family" id="siblings".*?</nav>', text, re.S)
    assert siblings is not None
    assert 'aria-current="page">§ 56-3D' in siblings.group(0)
    assert 'href="/code/north-haven/56-3A"' in siblings.group(0)
    law = re.search(r'<blockquote id="law-text">.*?</blockquote>', text, re.S)
    assert law is not None and 'class="xref" href="/code/north-haven/56-2B"' in law.group(0)
    assert 'href="/chapter/north-haven#n-56-3D"' in text
    # a section's subdivisions are listed with their gist, not as bare citations
    whole = page(client, "/code/north-haven/56-2")
    assert re.search(r'href="/code/north-haven/56-2B">§ 56-2B</a> <span class="gist">Length',
                     whole)


@pytest.mark.parametrize("path", ["/code/north-haven/56-2D", "/rule/north-haven/56-2D-width",
                                  "/jurisdiction/jerusalem", "/code/south-bristol",
                                  "/shape/kings-point/standards-C-side-setback"])
def test_every_law_page_names_its_source(client, path: str) -> None:  # type: ignore[no-untyped-def]
    text = page(client, path)
    jid = path.split("/")[2]
    desc = load_description(jid)
    source = re.search(r'<p class="source-line" id="source">.*?</p>', text, re.S)
    assert source is not None, path
    assert desc.code_title in source.group(0) and desc.publisher in source.group(0)
    if desc.official_url:
        assert f'href="{desc.official_url}"' in source.group(0)
    else:
        assert desc.source_note and desc.source_note[:40] in source.group(0)
    assert re.search(r'id="current-through">\d{4}-\d\d-\d\d<', source.group(0))


def test_unknown_chapter_is_404(client) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/chapter/atlantis", headers=HTML).status_code == 404
