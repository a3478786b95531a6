"""A link said through its declared inverse is the same link (blind review 70, C2).

docklaw.ttl declares ``dl:hasPart owl:inverseOf dl:parent``; a boat lift stated
``:lift dl:parent :pier`` was reported as described but linked to nothing, no rule checked on
it, where the same lift listed by the pier violated North Haven § 56-2M. Intake writes every
link both ways (``intake.admit.add_inverse_links``), so each shipped example, every part listed
through dl:parent instead of dl:hasPart, gets the same report.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Graph

from docklaw import paths
from docklaw.namespaces import DL
from docklaw.validate.output.report import Report
from docklaw.validate.pipeline import validate_graph

#: the examples listing parts (only they have a link to state the other way; read from the text
#: at collection, checked against the parse in the test)
EXAMPLES = [p for p in sorted(paths.EXAMPLES_DIR.glob("*/*.ttl"))
            if "dl:hasPart" in p.read_text(encoding="utf-8")]


def test_some_examples_list_parts() -> None:
    assert len(EXAMPLES) >= 5, EXAMPLES


def summary(report: Report) -> tuple[str, list[str], list[str], list[str]]:
    return (report.status,
            sorted(f"{r.severity} {r.section} {r.focus_node} {r.message}" for r in report.results),
            sorted(f"{n.section} {n.focus_node} {n.message}" for n in report.information_needed),
            sorted(f"{n.focus_node} {n.path}" for n in report.not_read))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_parts_listed_through_dl_parent_get_the_same_report(path: Path) -> None:
    stated = Graph().parse(path, format="turtle")
    links = list(stated.subject_objects(DL.hasPart))
    assert links, "the example's text says dl:hasPart but its graph lists no part"
    inverse = Graph()
    for triple in stated:
        inverse.add(triple)
    for whole, part in links:
        inverse.remove((whole, DL.hasPart, part))
        inverse.add((part, DL.parent, whole))
    assert summary(validate_graph(inverse, name=path.name)) == summary(
        validate_graph(stated, name=path.name))
