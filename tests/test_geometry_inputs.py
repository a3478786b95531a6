"""Validation skips the geometry stage (and shapely) only where the stage has nothing to read.

Why it matters: derive does not run the stage for an application that draws nothing and names
no shoreline or lot line (``docklaw.geometry.classes.INPUTS``). If the stage could still add a
fact or refuse such an application, skipping it would validate against less than the law
asks. Every example application and test case without those inputs is run through the stage
here: it must add nothing and raise nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rdflib import Graph

from docklaw import paths
from docklaw.errors import InputError
from docklaw.geometry.classes import INPUTS, reads_anything
from docklaw.geometry.derive import derive_geometry
from docklaw.kg.flatstore import FlatGraph
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import T
from docklaw.validate.derivation.derive import materialise_types
from docklaw.validate.intake.admit import find_application
from test_cases import load_case

CASES = Path(__file__).parent / "cases"
FILES = sorted(paths.EXAMPLES_DIR.glob("*/*.ttl")) + sorted(CASES.glob("*/*.ttl"))


def application(path: Path) -> Graph:
    """The application in a file, without the test vocabulary (a fresh graph: tests add to it).
    A test case is read once per process for every test module (``test_cases.load_case``)."""
    graph = FlatGraph()
    if path.parent.parent == CASES:
        add = graph.store.add
        for triple in load_case(path).graph:
            add(triple)
        return graph
    for s, p, o in Graph().parse(path, format="turtle"):
        if not str(p).startswith(str(T)) and not str(o).startswith(str(T)):
            graph.add((s, p, o))
    return graph


#: an INPUTS property named in the text (prefixed as the files write them, or in full): a file
#: naming none of them has none of those triples, whatever else it says
NAMED = re.compile(rb"(?<![\w/#])(?:geo:|http://www\.opengis\.net/ont/geosparql#)"
                   rb"(?:hasGeometry|hasDefaultGeometry|asWKT)(?![\w-])"
                   rb"|(?<![\w/#])(?:dl:|https://w3id\.org/docklaw/ontology#)"
                   rb"(?:shoreline|lotLine)(?![\w-])")


def names_an_input(path: Path) -> bool:
    """Whether the file's text names a geometry input. Read at collection, which every xdist
    worker does: parsing every file there cost each worker about 4 s of CPU. A file naming one
    only in a comment is read as drawing (left out of the check below);
    test_the_text_scan_finds_every_application_that_draws_nothing says whether any is."""
    return NAMED.search(path.read_bytes()) is not None


UNDRAWN = [p for p in FILES if not names_an_input(p)]


def test_some_applications_draw_and_some_do_not() -> None:
    drawn = [f for f in FILES if reads_anything(application(f))]
    assert drawn and len(UNDRAWN) > 100, "both kinds are needed for this check to mean much"
    assert len(INPUTS) == len(set(INPUTS))


def test_the_text_scan_finds_every_application_that_draws_nothing() -> None:
    """The scan and the parse agree on every file: none is left out of the check below
    because its text names an input it does not state (or the pattern misses a spelling)."""
    differ = [f"{p.parent.name}/{p.name}" for p in FILES
              if names_an_input(p) != reads_anything(application(p))]
    assert not differ, f"the text scan and the parsed graph disagree on: {differ}"


@pytest.mark.parametrize("path", UNDRAWN, ids=[f"{p.parent.name}/{p.stem}" for p in UNDRAWN])
def test_the_geometry_stage_adds_nothing_to_an_application_that_draws_nothing(
        path: Path) -> None:
    graph = application(path)
    assert not reads_anything(graph)
    try:
        _app, jid = find_application(graph, path.name)
    except InputError:  # refused before the geometry stage (no application, unknown code)
        return
    materialise_types(graph, get_prepared())
    before = set(graph)
    derive_geometry(graph, jid)
    assert set(graph) == before
