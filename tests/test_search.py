"""Full-text search: stemming, phrases, prefixes, filters, relevance, the cached index, the
CLI, the web API and the SPARQL functions."""

from __future__ import annotations

import json
import sqlite3
import tomllib
from pathlib import Path

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.namespace import RDF

from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.namespaces import BASE, DL
from docklaw.search import index as index_module
from docklaw.search.query import fts_expression, search

CODE = BASE + "code/"
CASES = tomllib.loads(
    (Path(__file__).parent / "cases" / "search" / "relevance.toml").read_text("utf-8"))["case"]


def citations(text: str, **kw: object) -> list[str]:
    return [h.citation for h in search(text, **kw).hits]  # type: ignore[arg-type]


def test_stemming_finds_lift_from_lifts_and_lifting() -> None:
    c1 = CODE + "kings-point/boat-lifts-C-1"  # "... placed upon the boat lift ..."
    for word in ("lift", "lifts", "lifting", "lifted"):
        found = search(word, jurisdiction="kings-point", kinds=["section"], limit=50)
        assert c1 in [h.iri for h in found.hits], word
        assert found.mode == "all"


def test_phrase_requires_the_words_in_order() -> None:
    phrase = search('"boat lift"', kinds=["section"], limit=200)
    words = search("lift boat", kinds=["section"], limit=200)
    assert phrase.total and phrase.total <= words.total
    for hit in phrase.hits:
        assert "**boat lift" in hit.snippet.lower() or "**boat** **lift" in hit.snippet.lower() \
            or "boat lift" in hit.title.lower(), hit


def test_prefix_query() -> None:
    found = search("moor*", jurisdiction="south-bristol", kinds=["section"], limit=5)
    assert found.total > 5 and all("**moor" in h.snippet.lower() for h in found.hits)


def test_filters_by_jurisdiction_and_kind() -> None:
    found = search("dock", jurisdiction="jerusalem", kinds=["definition"], limit=200)
    assert found.hits
    assert {h.jurisdiction for h in found.hits} == {"jerusalem"}
    assert {h.kind for h in found.hits} == {"definition"}
    assert all(h.section.startswith(CODE + "jerusalem/160-121") for h in found.hits)


def test_every_kind_is_searchable() -> None:
    assert search("area variance", kinds=["rule"]).hits  # rule label / quoted law / messages
    assert search("inferred", kinds=["note"]).hits        # numbering and curation notes
    notes = search("ambiguous OR unclear", kinds=["note"], limit=200)
    assert notes.hits and all(h.kind == "note" for h in notes.hits)


def test_snippets_are_highlighted_and_escaped() -> None:
    hit = search("eelgrass").hits[0]
    assert "**eelgrass**" in hit.snippet.lower()
    assert "<mark>eelgrass</mark>" in hit.snippet_html.lower()
    assert "<" not in hit.snippet_html.replace("<mark>", "").replace("</mark>", "")


@pytest.mark.parametrize("text", ['§ 56-2D', 'don\'t "', "NOT", "OR dock", "a*", "(", "¶¶ ** ::"])
def test_odd_input_is_never_a_syntax_error(text: str) -> None:
    try:
        search(text)
    except InputError as exc:
        assert "nothing to search for" in exc.message


def test_section_number_search_finds_the_section() -> None:
    assert citations("§ 56-2D", kinds=["section"])[0] == "§ 56-2D"


def test_fts_expression_quotes_everything() -> None:
    assert fts_expression('boat lift') == '"boat" "lift"'
    assert fts_expression('"boat lift" moor*') == '"boat lift" "moor" *'
    assert fts_expression('width of docks') == '"width" "docks"'
    assert fts_expression('lift OR hoist NOT') == '"lift" OR "hoist"'
    assert fts_expression('boat lift', any_word=True) == '"boat" OR "lift"'


def test_no_document_with_every_word_falls_back_to_any_word() -> None:
    found = search("how long may a boat on a boat lift be")
    assert found.mode == "any" and found.hits


@pytest.mark.parametrize("case", CASES, ids=[c["question"] for c in CASES])
def test_relevance(case: dict) -> None:
    from docklaw.search.commands import resolve_jurisdiction

    found = search(case["question"], jurisdiction=resolve_jurisdiction(case.get("jurisdiction")),
                   limit=3)
    top = [h.section for h in found.hits]
    for local in case["top3"]:
        assert CODE + local in top, (case["question"], [h.citation for h in found.hits])


# --------------------------------------------------------------------------- the index


def small_graph(text: str = "Floats shall not exceed 200 square feet.") -> Graph:
    g = Graph()
    node = URIRef(CODE + "north-haven/56-2Z")
    g.add((node, RDF.type, DL.Subsection))
    g.add((node, DL.citation, Literal("§ 56-2Z")))
    g.add((node, DL.text, Literal(text)))
    return g


def test_index_built_once_and_reused(tmp_path: Path) -> None:
    built = []

    def loader() -> Graph:
        built.append(1)
        return small_graph()

    path = tmp_path / "search-k.sqlite"
    first = index_module.cached(loader, key="k", path=path)
    second = index_module.cached(loader, key="k", path=path)
    assert built == [1] and first.count == second.count == 1
    assert search("float", index=second).hits[0].citation == "§ 56-2Z"
    assert not list(tmp_path.glob("*.tmp"))  # written atomically, nothing left behind


@pytest.mark.parametrize("damage", ["garbage", "truncated", "other-key", "missing-rows"])
def test_broken_index_is_rebuilt_never_served(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "search-k.sqlite"
    index_module.cached(lambda: small_graph(), key="k", path=path).close()
    if damage == "garbage":
        path.write_bytes(b"not a database" * 100)
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:2048])
    else:
        with sqlite3.connect(path) as conn:
            if damage == "other-key":
                conn.execute("UPDATE meta SET value = 'old' WHERE name = 'key'")
            else:
                conn.execute("DELETE FROM docs")
        conn.close()
    with pytest.raises(sqlite3.DatabaseError):
        index_module.open_file(path, "k")
    rebuilt = index_module.cached(lambda: small_graph("Docks shall float."), key="k", path=path)
    assert rebuilt.count == 1
    assert search("docks", index=rebuilt).hits[0].citation == "§ 56-2Z"


def test_unwritable_cache_builds_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    found = index_module.cached(lambda: small_graph(), key="k", path=blocker / "sub" / "i.sqlite")
    assert found.source == "memory" and found.count == 1


# --------------------------------------------------------------------------- CLI


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "boat lift", "--jurisdiction", "kings-point", "--format", "json",
                 "-n", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] >= 3 and len(out["results"]) == 3
    assert {r["jurisdiction"] for r in out["results"]} == {"kings-point"}


def test_cli_table_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "eelgrass"]) == 0
    assert "§ 56-3G" in capsys.readouterr().out
    assert main(["search", "zzzqqq"]) == 1
    assert main(["search", "dock", "--jurisdiction", "atlantis"]) == 2
    assert "atlantis" in capsys.readouterr().err


# --------------------------------------------------------------------------- SPARQL

SPARQL = """PREFIX dl: <https://w3id.org/docklaw/ontology#>
PREFIX dlf: <https://w3id.org/docklaw/function#>
SELECT ?s ?score ?snippet WHERE {
  ?s dl:citation ?c ; dl:varianceClass ?v .
  BIND(dlf:textScore(?s, "catwalk parallel") AS ?score)
  FILTER(BOUND(?score))
  BIND(dlf:textSnippet(?s, "catwalk parallel", "section") AS ?snippet)
} ORDER BY DESC(?score)"""


@pytest.mark.parametrize("backend", ["memory", "rdflib"])
def test_sparql_combines_text_and_structure(backend: str) -> None:
    from docklaw.kg.build import closure_graph
    from docklaw.namespaces import LAW_GRAPH_IRI
    from docklaw.search.sparql import install
    from docklaw.sparql.backends import open_store

    store = install(open_store(backend, execution="inline"))  # whoever opens it registers
    store.add_graph(LAW_GRAPH_IRI, closure_graph())
    result = store.query(SPARQL, timeout=30)
    rows = {str(r[0]): (float(r[1]), str(r[2]) if r[2] is not None else None)
            for r in result.rows}
    f = CODE + "north-haven/56-4F"  # "No floats or catwalk extensions ... parallel ..."
    assert f in rows and "**catwalk**" in (rows[f][1] or "")
    assert all(score > 0 for score, _ in rows.values())
    nonmatching = store.query(SPARQL.replace("catwalk parallel", "zzzqqq"), timeout=30)
    assert nonmatching.rows == []
    store.close()


def test_the_store_calls_search_only_where_its_opener_registered_it(tmp_path: Path) -> None:
    """The store knows no package above it: without ``install`` dlf: is an unknown function
    (the query fails); with it, a disk store's spawned query worker has the functions too."""
    from docklaw.errors import QueryError
    from docklaw.kg.build import closure_graph
    from docklaw.namespaces import LAW_GRAPH_IRI
    from docklaw.search.sparql import install
    from docklaw.sparql.backends import load_graph, open_store

    plain = open_store("memory", execution="inline")
    plain.add_graph(LAW_GRAPH_IRI, closure_graph())
    with pytest.raises(QueryError):
        plain.query(SPARQL, timeout=30)
    plain.close()
    disk = install(open_store(f"oxigraph:{tmp_path / 'db'}", execution="process", workers=1))
    load_graph(disk, closure_graph())
    try:
        rows = disk.query(SPARQL, timeout=60).rows
        assert CODE + "north-haven/56-4F" in {str(r[0]) for r in rows}
    finally:
        disk.close()


# --------------------------------------------------------------------------- web


@pytest.fixture(scope="module")
def client(site_app):  # type: ignore[no-untyped-def]
    return site_app.test_client()


def test_search_api_json(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/search", query_string={"q": "boat lifts", "jurisdiction": "keuka",
                                            "kind": "definition"})
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["jurisdiction"] == "jerusalem" and body["results"]
    first = body["results"][0]
    assert first["href"].startswith("/code/jerusalem/160-121/def/")
    assert first["section_href"] == "/code/jerusalem/160-121"


@pytest.mark.parametrize("query,status", [
    ({"q": ""}, 400), ({"q": "dock", "kind": "bogus"}, 400),
    ({"q": "dock", "jurisdiction": "atlantis"}, 400), ({"q": "dock", "limit": "x"}, 400),
    ({"q": "dock", "format": "xml"}, 406)])
def test_search_api_errors(client, query, status) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/search", query_string=query)
    assert r.status_code == status and r.get_json()["error"]


def test_search_page_links_stay_on_site(client) -> None:  # type: ignore[no-untyped-def]
    r = client.get("/search?q=eelgrass", headers={"Accept": "text/html"})
    page = r.get_data(as_text=True)
    assert r.status_code == 200 and 'href="/code/north-haven/56-3G"' in page
    assert "<mark>eelgrass</mark>" in page.lower()
    empty = client.get("/search", headers={"Accept": "text/html"})
    assert empty.status_code == 200 and 'id="search-form"' in empty.get_data(as_text=True)


def test_custom_graph_app_searches_its_own_graph() -> None:
    from docklaw.web import create_app

    app = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline",
                      "KG_LOADER": lambda: small_graph("Moorings need a permit.")})
    body = app.test_client().get("/search?q=mooring").get_json()
    assert [r["citation"] for r in body["results"]] == ["§ 56-2Z"]


# --------------------------------------------------------------------------- concepts, facets


def test_boat_lift_finds_the_lake_codes_boat_hoists_as_related() -> None:
    """Keuka's and Canandaigua's boat hoists take in every vessel lift (the concept graph:
    dl:VesselLift rdfs:subClassOf jrc:BoatHoist, sbc:BoatHoist): a "boat lift" search lists
    their definitions, labelled related and never among the literal hits."""
    found = search("boat lift")
    related = {(h.jurisdiction, h.iri.rsplit("/", 1)[-1]): h for h in found.related}
    literal = {(h.jurisdiction, h.iri.rsplit("/", 1)[-1]): h for h in found.hits}
    for jid in ("jerusalem", "south-bristol"):
        # listed as related, or (Keuka's "to raise or lift a boat" matches the words) among the
        # literal hits with its relation noted: never lost between the two
        hoist = related.get((jid, "boat-hoist")) or literal.get((jid, "boat-hoist"))
        assert hoist is not None, jid
        assert hoist.match == ("related" if (jid, "boat-hoist") in related else "literal")
        assert hoist.kind == "definition"
        assert hoist.term == "boat hoist" and "boat hoist" in hoist.related
        assert "is a kind of it" in hoist.related
    assert all(h.match == "literal" for h in found.hits)
    assert not {h.iri for h in found.hits} & {h.iri for h in found.related}
    # a code filter keeps the related hits of that code (and the generic ones) only
    keuka = search("boat lift", jurisdiction="jerusalem")
    assert {h.jurisdiction for h in keuka.related} <= {"jerusalem", ""}
    assert search("zzzqqq dock").related == []


def test_definition_hits_show_the_defined_term() -> None:
    hit = search("boat hoist", kinds=["definition"], jurisdiction="jerusalem").hits[0]
    assert hit.kind == "definition" and hit.term == hit.title and hit.term


def test_facets_count_by_code_and_kind() -> None:
    found = search("boat lift")
    assert sum(found.facets["kind"].values()) == found.total
    assert sum(found.facets["jurisdiction"].values()) == found.total
    only_sections = search("boat lift", kinds=["section"])
    # the code facet keeps the kind filter; the kind facet shows every kind
    assert sum(only_sections.facets["jurisdiction"].values()) == only_sections.total
    assert only_sections.facets["kind"] == found.facets["kind"]


def test_search_api_related_and_facets(client) -> None:  # type: ignore[no-untyped-def]
    body = client.get("/search", query_string={"q": "boat lift", "format": "json"}).get_json()
    assert body["facets"]["kind"] and body["facets"]["jurisdiction"]["kings-point"] > 0
    hoists = [r for r in body["related"] + body["results"]
              if r["iri"].endswith("/def/boat-hoist")]
    assert {r["jurisdiction"] for r in hoists} == {"jerusalem", "south-bristol"}
    assert all("is a kind of it" in r["related"] for r in hoists)
    assert all(r["match"] == "related" for r in body["related"])
    page = client.get("/search?q=boat+lift", headers={"Accept": "text/html"}).get_data(
        as_text=True)
    assert 'id="related-results"' in page and 'id="search-facets"' in page
    assert "Keuka Lake — Town of Jerusalem" in page
    assert '<span class="hit-term">BOAT HOIST</span>' in page


def test_cli_lists_related_and_terms(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "boat lift", "-n", "5"]) == 0
    out = capsys.readouterr().out
    assert "Related, not literal matches" in out and "BOAT HOIST" in out
