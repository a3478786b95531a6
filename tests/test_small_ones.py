"""The small ones of issue 23, each as it was reported.

(The non-UTF-8 ``.rq`` file is in tests/test_capped_input.py, ``load --graph 'not an iri'`` in
tests/test_store_drift.py, two ``dl:jurisdiction`` values in tests/test_single_values.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docklaw.cli import main
from docklaw.paths import EXAMPLES_DIR


def test_the_batch_index_links_a_report_named_like_a_url_as_a_file(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    hostile = folder / "javascript:alert(document.domain).ttl"
    hostile.write_bytes((EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes())
    out = tmp_path / "out"
    main(["validate", str(folder), "--format", "html", "-o", str(out)])
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="javascript:' not in index
    assert 'href="./javascript%3Aalert%28document.domain%29.html"' in index
    assert (out / "javascript:alert(document.domain).html").is_file()


def test_a_forged_host_is_not_echoed_in_a_redirect(law_app: Any) -> None:
    client = law_app.test_client()
    answer = client.get("/static//app.js", headers={"Host": "evil.example"})
    assert 300 <= answer.status_code < 400
    location = answer.headers["Location"]
    assert "evil.example" not in location and location.startswith("/static/")
    assert not location.startswith("//")


@pytest.mark.parametrize("args,words", [
    (["--port", "99999"], "not between 1 and 65535"), (["--port", "0"], "not between"),
    (["--timeout", "0"], "above 0"), (["--timeout", "-1"], "above 0"),
    (["--timeout", "nan"], "above 0"), (["--workers", "0"], "at least 1"),
    (["--max-rows", "-5"], "at least 1"),
])
def test_serve_refuses_a_port_or_limit_it_cannot_honour(
        args: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["serve", *args])
    assert caught.value.code == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("limit", ["0", "-1", "two"])
def test_search_refuses_a_limit_below_one(law_app: Any, limit: str) -> None:
    answer = law_app.test_client().get(f"/search?q=dock&format=json&limit={limit}")
    assert answer.status_code == 400
    assert "limit" in answer.get_json()["error"]


def test_search_echoes_the_limit_it_applied(law_app: Any) -> None:
    found = law_app.test_client().get("/search?q=dock&format=json&limit=5000").get_json()
    assert found["limit"] == 200 and len(found["results"]) <= 200
    found = law_app.test_client().get("/search?q=dock&format=json&limit=3").get_json()
    assert found["limit"] == 3 and len(found["results"]) == 3


def test_search_cli_refuses_a_limit_below_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["search", "dock", "--limit", "0"])
    assert caught.value.code == 2 and "at least 1" in capsys.readouterr().err


def test_two_jurisdictions_are_named_plainly() -> None:
    from docklaw.errors import InputError
    from docklaw.validate.pipeline import validate_bytes

    data = (EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes().replace(
        b"jurisdiction/north-haven> ;", b"jurisdiction/north-haven> , "
        b"<https://w3id.org/docklaw/jurisdiction/kings-point> ;", 1)
    with pytest.raises(InputError) as caught:
        validate_bytes(data, "turtle", name="two.ttl")
    text = str(caught.value)
    assert "https://w3id.org/docklaw/jurisdiction/kings-point and " \
           "https://w3id.org/docklaw/jurisdiction/north-haven" in text
    assert "URIRef" not in text and "rdflib" not in text


#: A generated query: 900 triple patterns (26 KB), and one with 50 nested OPTIONALs.
WIDE = "SELECT * WHERE { " + " ".join(
    f"?s{i} <https://w3id.org/docklaw/ontology#none{i}> ?o{i} ." for i in range(900)) + " }"
NESTED = ("SELECT * WHERE { ?a <https://w3id.org/docklaw/ontology#none> ?c "
          + "OPTIONAL { ?a ?b ?c " * 50 + "}" * 50 + " }")


@pytest.mark.parametrize("query", [WIDE, NESTED], ids=["900-triple-patterns", "50-optionals"])
def test_a_long_generated_query_is_checked_not_called_too_deep(query: str) -> None:
    from docklaw.sparql.safety import check_query

    assert check_query(query).kind == "SELECT"


@pytest.mark.parametrize("query", [WIDE, NESTED], ids=["900-triple-patterns", "50-optionals"])
def test_a_long_generated_query_runs_within_the_query_timeout(law_app: Any,
                                                              query: str) -> None:
    """It is evaluated: answered, or stopped at the query timeout (Oxigraph plans 900 joined
    patterns for minutes), never refused as nested too deeply."""
    answer = law_app.test_client().post(
        "/sparql", data={"query": query},
        headers={"Accept": "application/sparql-results+json"})
    if answer.status_code == 503:
        assert "timed out" in answer.get_json()["error"]
        assert query is WIDE  # 50 OPTIONALs are answered at once
        return
    assert answer.status_code == 200, answer.get_data(as_text=True)[:300]
    assert answer.get_json()["results"]["bindings"] == []


def test_a_truly_deep_query_is_still_refused(law_app: Any) -> None:
    query = "SELECT * WHERE { " + "{ " * 3000 + "?s ?p ?o " + "} " * 3000 + "}"
    answer = law_app.test_client().post("/sparql", data={"query": query})
    assert answer.status_code in (400, 503)
    assert "nested too deeply" in answer.get_json()["error"] or answer.status_code == 503
