"""Issue 28: the first hour of a new user, step by step as they took it.

Each test runs the command or request exactly as the newcomer did (the CLI's entry point, a
``docklaw`` process where the environment matters, the Flask test client for the web) and
checks what they should have seen: a plain .rq file runs, a body without a Content-Type is read
and the report says as what, a code scaffolded with ``--root`` is found by every command, the
batch summary names each file's status, and a definition hit shows its term. (The README's
benchmark commands: ``tests/test_readme.py``; the examples' one stated outcome:
``tests/test_examples.py``.)
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from rdflib import Graph

from docklaw import jurisdictions, paths
from docklaw.cli import main
from docklaw.errors import InputError
from docklaw.queries.catalogue import parse_header
from docklaw.validate.pipeline import validate_bytes
from docklaw.web import create_app

EXAMPLE = paths.ROOT / "examples" / "north-haven" / "several-violations.ttl"
HTML = {"Accept": "text/html"}

# --------------------------------------------------------------------------- docklaw query my.rq

#: What a SPARQL editor exports: prefixes, a comment, the query; no docklaw header.
MY_QUERY = """\ufeffPREFIX dl: <https://w3id.org/docklaw/ontology#>
# widths, from my notebook
SELECT ?citation WHERE {
  ?section dl:citation ?citation .
  FILTER(?citation IN ("§ 56-2D", "§ 42-9B(10)"))
} ORDER BY ?citation
"""


@pytest.mark.parametrize("name", ["my.rq", "my.sparql"])
def test_query_runs_a_plain_sparql_file_as_is(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`docklaw query my.rq` refused a file without '# title:' and '# question:' lines."""
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(MY_QUERY, encoding="utf-8")  # with the BOM some editors write
    assert main(["query", name, "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variables"] == ["citation"]
    assert [r["citation"] for r in out["rows"]] == ["§ 42-9B(10)", "§ 56-2D"]


def test_a_plain_file_still_declares_parameters_and_stays_read_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path("width.rq").write_text(
        "# param: citation string - - the section to look up\n"
        "PREFIX dl: <https://w3id.org/docklaw/ontology#>\n"
        "SELECT ?section WHERE { ?section dl:citation ?citation }\n", encoding="utf-8")
    assert main(["query", "width.rq", "--format", "csv", "-p", "citation=§ 42-9B(10)"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "section", "https://w3id.org/docklaw/code/north-hempstead/42-9B-10"]
    Path("drop.rq").write_text("DROP ALL\n", encoding="utf-8")
    assert main(["query", "drop.rq"]) == 2
    assert "read-only" in capsys.readouterr().err


def test_the_saved_catalogue_still_requires_its_header(tmp_path: Path) -> None:
    """queries/*.rq are listed by title and question: there the header stays required."""
    bare = tmp_path / "bare.rq"
    bare.write_text("SELECT * WHERE { ?s ?p ?o } LIMIT 1\n", encoding="utf-8")
    with pytest.raises(InputError, match="no '# title:' line"):
        parse_header(bare)
    assert parse_header(bare, saved=False).title == "bare.rq"


# --------------------------------------------------------------------------- POST /validate


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    # no time budget: these tests are about reading the body, not about the child process
    app = create_app({"TESTING": True, "SPARQL_EXECUTION": "inline", "VALIDATE_TIMEOUT": None})
    return app.test_client()


def serialised(fmt: str) -> bytes:
    return Graph().parse(EXAMPLE).serialize(format=fmt, encoding="utf-8")


BODIES = {"Turtle": lambda: EXAMPLE.read_bytes(), "N-Triples": lambda: serialised("nt"),
          "JSON-LD": lambda: serialised("json-ld"), "RDF/XML": lambda: serialised("xml")}
#: Turtle also reads N-Triples: N-Triples content is read (correctly) as Turtle.
READ_AS = {"Turtle": "Turtle", "N-Triples": "Turtle", "JSON-LD": "JSON-LD",
           "RDF/XML": "RDF/XML"}


@pytest.mark.parametrize("ctype", [None, "text/plain", "application/octet-stream",
                                   "application/x-www-form-urlencoded"])
@pytest.mark.parametrize("syntax", list(BODIES))
def test_validate_reads_an_untyped_body_as_the_cli_does_and_says_so(
        client, ctype: str | None, syntax: str) -> None:  # type: ignore[no-untyped-def]
    """No Content-Type answered "input is empty" (what `curl --data-binary @app.ttl` sends is
    form-encoded) and text/plain was parsed as N-Triples."""
    r = client.post("/validate", data=BODIES[syntax](), content_type=ctype)
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    want = validate_bytes(EXAMPLE.read_bytes(), name=EXAMPLE.name)  # the CLI's report
    assert body["status"] == want.status == "violates"
    assert sorted({x["section"] for x in body["results"] if x["severity"] == "Violation"}) == \
        sorted({x.section for x in want.by_severity("Violation")})
    assert body["input"] == {"format": READ_AS[syntax],
                             "media_type": {"Turtle": "text/turtle", "JSON-LD":
                                            "application/ld+json", "RDF/XML":
                                            "application/rdf+xml"}[READ_AS[syntax]],
                             "from": "the content", "assumed": True}
    assert r.headers["Docklaw-Input-Format"].endswith("; from=content")


def test_validate_says_what_named_the_syntax(client) -> None:  # type: ignore[no-untyped-def]
    nt = serialised("nt")
    r = client.post("/validate", data=EXAMPLE.read_bytes(), content_type="text/turtle")
    assert r.get_json()["input"]["from"] == "the Content-Type"
    assert r.get_json()["input"]["assumed"] is False
    r = client.post("/validate?format=nt", data=nt, content_type="text/plain")
    assert r.get_json()["input"] == {"format": "N-Triples", "media_type": "application/n-triples",
                                     "from": "the format parameter", "assumed": False}
    r = client.post("/validate?name=app.nt", data=nt)
    assert r.get_json()["input"]["from"] == "the file name"
    assert r.headers["Docklaw-Input-Format"] == "application/n-triples; from=file name"
    r = client.post("/validate", data=EXAMPLE.read_bytes(), headers={"Accept": "text/turtle"})
    assert r.mimetype == "text/turtle"
    assert r.headers["Docklaw-Input-Format"] == "text/turtle; from=content"


def test_validate_refuses_a_type_that_names_another_syntax(client) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/validate", data=EXAMPLE.read_bytes(), content_type="text/html")
    assert r.status_code == 415
    error = r.get_json()["error"]
    for accepted in ("text/turtle", "application/n-triples", "application/ld+json",
                     "application/rdf+xml"):
        assert accepted in error


def test_an_empty_untyped_body_is_still_an_empty_input(client) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/validate", data=b"")
    assert r.status_code == 400 and "input is empty" in r.get_json()["error"]


def test_the_validate_form_has_a_paste_box_that_validates(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/", headers=HTML).get_data(as_text=True)
    form = page.split('id="validate-form"')[1].split("</form>")[0]
    assert '<textarea name="text"' in form and 'name="application"' in form
    r = client.post("/validate", data={"text": EXAMPLE.read_text(encoding="utf-8")},
                    content_type="multipart/form-data", headers=HTML)
    assert r.status_code == 200 and r.mimetype == "text/html"
    page = r.get_data(as_text=True)
    assert "&lt;pasted&gt;: does not conform" in page
    assert "§ 56-2D" in page
    assert "Read as Turtle (assumed from the content)" in page
    # the matrix from pasted text
    r = client.post("/validate", data={"text": EXAMPLE.read_text(encoding="utf-8"),
                                       "against": "all"}, content_type="multipart/form-data")
    assert r.status_code == 200 and r.get_json()["input"]["from"] == "the content"
    assert len(r.get_json()["matrix"]) == len(jurisdictions.ids())


def test_the_paste_box_wants_one_application(client) -> None:  # type: ignore[no-untyped-def]
    both = {"text": EXAMPLE.read_text(encoding="utf-8"),
            "application": (io.BytesIO(EXAMPLE.read_bytes()), "app.ttl")}
    r = client.post("/validate", data=both, content_type="multipart/form-data")
    assert r.status_code == 400 and "not both" in r.get_json()["error"]
    r = client.post("/validate", data={"text": "  "}, content_type="multipart/form-data")
    assert r.status_code == 400 and "paste one (form field 'text')" in r.get_json()["error"]


def test_a_form_encoded_paste_is_read_from_its_field(client) -> None:  # type: ignore[no-untyped-def]
    r = client.post("/validate", data={"text": EXAMPLE.read_text(encoding="utf-8")},
                    content_type="application/x-www-form-urlencoded")
    assert r.status_code == 200 and r.get_json()["status"] == "violates"


# --------------------------------------------------------------------------- new-code --root


def docklaw(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docklaw.cli", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)


APPLICATION = """@prefix dl: <https://w3id.org/docklaw/ontology#> .
@prefix qudt: <http://qudt.org/schema/qudt/> .
@prefix unit: <http://qudt.org/vocab/unit/> .
@prefix : <https://example.org/applications/lake-test#> .
:app a dl:PermitApplication ; dl:jurisdiction <https://w3id.org/docklaw/jurisdiction/lake-test> ;
    dl:parcel :parcel ; dl:proposes :dock .
:parcel a dl:LakeshoreParcel ; dl:hasStructure :dock .
:dock a dl:FixedDock ; dl:workKind dl:NewConstruction ;
    dl:area [ a qudt:QuantityValue ; qudt:numericValue 640 ; qudt:unit unit:FT2 ] .
"""


def test_new_code_with_root_outside_docklaw_path_is_found_by_every_command(
        tmp_path: Path) -> None:
    """`docklaw new-code ID --text FILE --root DIR` (docs/adding-a-code.md) wrote no stubs and
    no coverage report unless DIR was already in DOCKLAW_PATH."""
    root = tmp_path / "my-codes"
    env = {k: v for k, v in os.environ.items() if k != "DOCKLAW_PATH"}
    text = jurisdictions.get("jerusalem").file("source.txt")
    made = docklaw("new-code", "lake-test", "--text", str(text), "--root", str(root),
                   env=env, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "ingested: 14 sections, 84 subsections" in made.stdout
    assert "coverage: 0 of" in made.stdout and "§ 160-122D" in made.stdout
    assert f"export DOCKLAW_PATH={root}" in made.stdout.splitlines()[-1]
    rules = root / "ontology" / "codes" / "lake-test" / "rules.ttl"
    shapes = root / "shapes" / "lake-test.ttl"
    assert "STUB(new-code) § 160-122D" in rules.read_text(encoding="utf-8")
    assert "STUB(new-code) § 160-122D" in shapes.read_text(encoding="utf-8")
    assert not (paths.ROOT / "ontology" / "codes" / "lake-test").exists()

    # the line the report ends with, as the user runs it: every command finds the code
    env["DOCKLAW_PATH"] = str(root)
    stats = docklaw("stats", "--format", "json", env=env, cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    counts = json.loads(stats.stdout)
    assert counts["lake-test"]["sections"] == 14 and "north-haven" in counts
    # ... and validation under it fails closed: a scaffold's "conforms" would be false
    (tmp_path / "app.ttl").write_text(APPLICATION, encoding="utf-8")
    checked = docklaw("validate", "app.ttl", env=env, cwd=tmp_path)
    assert checked.returncode == 3, (checked.stdout, checked.stderr)
    assert "lake-test is a scaffold, not yet a code" in checked.stderr
    assert "STUB(new-code) stub(s) remain" in checked.stderr and "Traceback" not in checked.stderr


# --------------------------------------------------------------------------- validate examples/


def test_batch_text_summary_lists_each_file_with_status_and_exit_code_failures_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`docklaw validate examples/ --jobs 2` counted statuses without saying which file got
    which."""
    monkeypatch.chdir(paths.ROOT)
    assert main(["validate", "examples/", "--jobs", "2"]) == 1
    out = capsys.readouterr().out
    table = out.split("files (failures first):\n")[1].split("\n\n")[0].splitlines()
    assert table[0].split() == ["status", "exit", "jurisdiction", "file"]
    rows = [line.split() for line in table[1:]]
    examples = sorted(str(p.relative_to(paths.ROOT)) for p in paths.ROOT.glob("examples/*/*.ttl"))
    assert sorted(r[3] for r in rows) == examples
    codes = {"conforms": "0", "violates": "1", "incomplete": "4"}
    for status, code, jid, name in rows:
        sidecar = json.loads((paths.ROOT / name).with_suffix(".expected.json").read_text())
        assert (status, code, jid) == (sidecar["status"], codes[sidecar["status"]],
                                       Path(name).parent.name)
    order = [r[1] for r in rows]  # violates, then incomplete, then conforms
    assert order == sorted(order, key=["1", "4", "0"].index)


def test_batch_summary_puts_bad_input_first(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-good.ttl").write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "b-broken.ttl").write_text("@prefix : <http://a/> .\n:x :y", encoding="utf-8")
    assert main(["validate", str(tmp_path), "--jobs", "2"]) == 2
    out = capsys.readouterr().out
    table = out.split("files (failures first):\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[:3] for line in table[1:]] == [["bad", "input", "2"],
                                                        ["violates", "1", "north-haven"]]
    assert main(["validate", str(tmp_path), "--format", "json"]) == 2
    files = json.loads(capsys.readouterr().out)["files"]
    assert [(f["status"], f["exit_code"]) for f in files] == [("violates", 1), ("bad input", 2)]


# --------------------------------------------------------------------------- docklaw search


def test_search_table_shows_the_defined_term(capsys: pytest.CaptureFixture[str]) -> None:
    """Definition hits showed the definition without the term it defines."""
    assert main(["search", "boat lift", "--kind", "definition", "-j", "kings-point"]) == 0
    out = capsys.readouterr().out
    assert "boat lift: A structure or mechanism used to raise" in " ".join(out.split())
    assert main(["search", "boat lift", "--kind", "definition", "-j", "kings-point",
                 "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)["results"][0]
    assert first["title"] == "boat lift"


# --------------------------------------------------------------------------- a quiet passing run

#: A worker under its memory cap whose allocation fails in native code aborts (SIGABRT), as
#: Oxigraph's Rust allocator does in tests/test_security_sparql.py::test_memory_bomb_is_stopped.
ABORTING_WORKERS = """
import os
from docklaw.errors import QueryError, ResourceLimit
from docklaw.sparql.runner import ProcessRunner
from docklaw.budget import run_limited

def native_abort(*args, deadline=None):
    os.abort()

runner = ProcessRunner(native_abort, workers=1, memory=512 * 1024**2)
try:
    runner.run((), timeout=60)
except QueryError as exc:
    print("query", exc.http_status)
finally:
    runner.close()
try:
    run_limited(os.abort, timeout=60)
except ResourceLimit as exc:
    print("validation", exc.exit_code)
"""


def test_a_worker_aborting_under_its_cap_prints_no_fatal_error() -> None:
    """A passing pytest run printed "Fatal Python error: Aborted" and a traceback mid-run:
    pytest enables faulthandler, and the query worker the memory-bomb test stops on purpose
    inherited it. A capped worker's abort is the cap working: reported (503, exit 5), quiet."""
    done = subprocess.run([sys.executable, "-X", "faulthandler", "-c", ABORTING_WORKERS],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)
    assert done.stdout.split() == ["query", "503", "validation", "5"], done.stderr[-2000:]
    assert "Fatal Python error" not in done.stderr and "Traceback" not in done.stderr
