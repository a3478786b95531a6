"""The anchor: a minimal Flask endpoint validating docklaw's derived applications (issue 27).

Why it exists: "fast" needs a yardstick measured on the same machine in the same run. This is
the least a validation service can do with a fast engine: parse the posted application, run
the precompiled shapes of its code, return the results as JSON. It runs in its own venv
(``bench/anchor/README.md``) and imports nothing from docklaw; its inputs are generated from
docklaw's law by ``bench/anchor/fixtures.py`` (like with like).

Engine (``ANCHOR_ENGINE``): ``turbo`` (pyshacl-turbo, the compiled Rust engine: shapes
compiled once per code) or ``pyshacl`` (pure Python, tuned: the shapes graph parsed once per
code and reused, no inference, no meta-SHACL). Inputs: ``ANCHOR_DIR`` (the folder
``fixtures.py`` wrote). At start every application of the manifest is validated once and its
(focus node, shape) pairs are checked against what docklaw reported; a mismatch stops the
server (the comparison would not be like with like).

    ANCHOR_DIR=... ANCHOR_ENGINE=turbo gunicorn -w 2 -b 127.0.0.1:8001 app:app

``POST /validate`` (N-Triples body; Turtle with ``Content-Type: text/turtle``): 200 with
``{"conforms", "code", "results": [{"focus_node", "shape", "path", "severity", "message",
"value"}]}``; 400 for unreadable RDF or an application naming no code the anchor holds.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from rdflib import BNode, Graph, Namespace, URIRef
from rdflib.namespace import SH

DL = Namespace("https://w3id.org/docklaw/ontology#")
JUR = "https://w3id.org/docklaw/jurisdiction/"
FOLDER = Path(os.environ.get("ANCHOR_DIR", "."))
ENGINE = os.environ.get("ANCHOR_ENGINE", "turbo")
Validate = Callable[[bytes, str], Graph]
NT_CODE = re.compile(rb"<https://w3id\.org/docklaw/ontology#jurisdiction> "
                     rb"<https://w3id\.org/docklaw/jurisdiction/([a-z0-9-]+)>")


def turbo_engine(shapes: Graph) -> Validate:
    from pyshacl_turbo import compile_shapes

    program = compile_shapes(shapes, advanced=True)

    def run(body: bytes, fmt: str) -> Graph:
        # an rdflib graph, not the bytes: given bytes, pyshacl-turbo 0.6.5 parses them with
        # rdflib and then converts (17 ms against 4 + 7 ms for this application)
        data = Graph().parse(data=body, format=fmt)
        _conforms, report, _text = program.validate(
            data, inference="none", allow_warnings=True, allow_infos=True)
        return report
    return run


def pyshacl_engine(shapes: Graph) -> Validate:
    """pyshacl with the shapes parsed once (a Validator given an already-built ShapesGraph)."""
    from pyshacl import Validator
    from pyshacl.graph_abstraction import DataGraph
    from pyshacl.shapes_graph import ShapesGraph

    built = ShapesGraph(shapes)
    _ = built.shapes  # harvest the shapes now, not in the first request
    lock = threading.Lock()  # pyshacl's shape objects hold per-run state
    options = {"inference": "none", "advanced": True, "allow_warnings": True,
               "allow_infos": True, "inplace": True, "abort_on_first": False}

    def run(body: bytes, fmt: str) -> Graph:
        data = Graph().parse(data=body, format=fmt)
        validator = Validator(DataGraph.from_rdflib_graph(data), shacl_graph=Graph(),
                              options=dict(options))
        validator.shacl_graph = built
        with lock:
            _conforms, report, _text = validator.run()
        return report
    return run


ENGINES: dict[str, Callable[[Graph], Validate]] = {"turbo": turbo_engine,
                                                   "pyshacl": pyshacl_engine}


def top_shapes(shapes: Graph) -> dict[Any, str]:
    """Every shape node -> the named shape it sits in (a nested property shape is a blank
    node; docklaw reports the named shape, so the self-check compares those)."""
    top: dict[Any, str] = {}
    for shape in set(shapes.subjects(SH.targetClass, None)):
        todo = [shape]
        while todo:
            node = todo.pop()
            if node in top:
                continue
            top[node] = str(shape)
            todo.extend(o for o in shapes.objects(node, None) if isinstance(o, BNode))
    return top


def load_engines() -> tuple[dict[str, Validate], dict[Any, str]]:
    build = ENGINES[ENGINE]
    engines, top = {}, {}
    for path in sorted((FOLDER / "shapes").glob("*.nt")):
        shapes = Graph().parse(path, format="nt")
        engines[path.stem] = build(shapes)
        top.update(top_shapes(shapes))
    return engines, top


def results(report: Graph) -> list[dict[str, Any]]:
    out = []
    for node in report.subjects(SH.resultSeverity, None):
        def one(p: URIRef, node: Any = node) -> str | None:
            value = report.value(node, p)
            return None if value is None else str(value)
        out.append({"focus_node": one(SH.focusNode), "shape": one(SH.sourceShape),
                    "path": one(SH.resultPath), "severity": one(SH.resultSeverity),
                    "message": one(SH.resultMessage), "value": one(SH.value)})
    out.sort(key=lambda r: (r["focus_node"] or "", r["shape"] or "", r["path"] or ""))
    return out


def code_of(body: bytes, fmt: str) -> str | None:
    """The code the application names (``dl:jurisdiction``); a regex on N-Triples."""
    if fmt == "nt":
        found = NT_CODE.search(body)
        return found.group(1).decode() if found else None
    for value in Graph().parse(data=body, format=fmt).objects(None, DL.jurisdiction):
        if str(value).startswith(JUR):
            return str(value)[len(JUR):]
    return None


def self_check(engines: dict[str, Validate], top: dict[Any, str]) -> None:
    """Every generated application gives docklaw's (focus node, shape) pairs, or no server."""
    manifest = json.loads((FOLDER / "manifest.json").read_text())
    for app in manifest["apps"]:
        body = (FOLDER / "apps" / app["file"]).read_bytes()
        report = engines[app["code"]](body, "nt")
        found = sorted({(str(report.value(r, SH.focusNode)),
                         top.get(report.value(r, SH.sourceShape), "?"))
                        for r in report.objects(None, SH.result)})
        expected = sorted(tuple(p) for p in app["expected"])
        if found != expected:
            raise SystemExit(f"anchor ({ENGINE}) disagrees with docklaw on {app['file']}: "
                             f"{sorted(set(found) ^ set(expected))[:5]}")


def create_app() -> Flask:
    engines, top = load_engines()
    if not engines:
        raise SystemExit(f"no shapes in {FOLDER / 'shapes'}: run bench/anchor/fixtures.py")
    self_check(engines, top)
    app = Flask(__name__)

    @app.post("/validate")
    def validate() -> Response:
        body = request.get_data()
        fmt = "turtle" if request.mimetype == "text/turtle" else "nt"
        try:
            code = code_of(body, fmt)
            if code not in engines:
                return Response(json.dumps({"error": f"no code {code!r}"}), 400,
                                mimetype="application/json")
            found = results(engines[code](body, fmt))
        except Exception as exc:  # both parsers raise many kinds for bad input
            return Response(json.dumps({"error": f"unreadable RDF: {type(exc).__name__}"}),
                            400, mimetype="application/json")
        conforms = not any(r["severity"] == str(SH.Violation) for r in found)
        return Response(json.dumps({"conforms": conforms, "code": code, "results": found}),
                        200, mimetype="application/json")

    @app.get("/health")
    def health() -> Response:
        return Response("ok", 200, mimetype="text/plain")

    return app


app = create_app() if os.environ.get("ANCHOR_DIR") else None
