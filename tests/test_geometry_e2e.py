"""End to end: geometry-only applications through the validator
(tests/cases/<jid>/geometry-*.ttl).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph, URIRef
from rdflib.namespace import RDF

from docklaw.namespaces import T

CASES = sorted((Path(__file__).parent / "cases").glob("*/geometry-*.ttl"))

api = pytest.importorskip("docklaw.validate.api", reason="validator not built yet")


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_geometry_case(path: Path) -> None:
    g = Graph().parse(path, format="turtle", publicID=path.as_uri())
    case = next(g.subjects(RDF.type, T.Case))
    expect = {p: set(g.objects(case, p)) for p in (T.expectShape, T.expectNotShape, T.expectCites,
                                                   T.expectFocus)}
    app = Graph()
    for s, p, o in g:
        if s != case and not str(p).startswith(str(T)) and o != T.Case:
            app.add((s, p, o))
    report = api.validate_bytes(app.serialize(format="turtle").encode(), fmt="turtle",
                                name=path.name)
    fired = {(URIRef(r.shape), URIRef(r.focus_node)) for r in report.results}
    shapes = {s for s, _ in fired}
    cited = {r.section for r in report.results}
    for shape in expect[T.expectShape]:
        assert shape in shapes, (shape, sorted(shapes))
        for focus in expect[T.expectFocus]:
            assert (shape, focus) in fired
    for shape in expect[T.expectNotShape]:
        assert shape not in shapes
    for section in expect[T.expectCites]:
        assert str(section) in cited
