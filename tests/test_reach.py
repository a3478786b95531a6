"""Issue 22, generated from the rules: a rule reaches as far as its text.

For every rule whose shape is a Violation, the applicability sweep (``docklaw.validate.reach``)
starts from the smallest of its test cases that violates it and varies one thing at a time:
the kind of work (each, and none), the structure (each class the section names, subclasses, the
generic parent such as plain ``dl:Dock``, the structure stated as a part of a dock), the land
use (each value, generic ones included, and none) and the existing status (new, lawfully
existing, nonconforming, existing but not lawfully). A variation that takes the rule from
"violates" to anything but "needed" must be explained by a quoted narrowing of that kind whose
words do not name what was tried; otherwise the test fails naming the rule and the variation.
docs/reach.md is the sweep's table, generated; a test keeps it current.
"""

from __future__ import annotations

import pytest
from rdflib import URIRef

from docklaw import jurisdictions
from docklaw.law.snapshot import get_prepared
from docklaw.validate import reach


def per_code() -> list[object]:
    return [pytest.param(jid, id=jid, marks=pytest.mark.xdist_group(jid))
            for jid in jurisdictions.ids()]


def swept() -> list[object]:
    prepared = get_prepared()
    return [pytest.param(jid, shape, id=str(shape).split("/shape/", 1)[1],
                         marks=pytest.mark.xdist_group(jid))
            for jid in jurisdictions.ids() for shape in reach.swept_shapes(prepared, jid)]


@pytest.mark.cost(0.5)  # each code's sweep, spread over its rules
@pytest.mark.parametrize(("jid", "shape"), swept())
def test_a_rule_leaves_a_violating_application_only_where_its_words_say(
        jid: str, shape: URIRef) -> None:
    item = reach.reach_of(jid, shape)
    failures = item.failures()
    assert not failures, "\n".join(failures)
    assert item.outcomes, f"{item.rule}: no variation was tried"


@pytest.mark.parametrize("jid", per_code())
def test_the_cut_down_law_decides_each_seed_as_the_full_pipeline(jid: str) -> None:
    """The sweep evaluates one shape at a time; on its seeds the swept rule's state is the one
    the full validation reports (an even sample of a dozen seeds per code: each full
    validation costs what a hundred variations do; the case tests run every seed in full)."""
    from docklaw.validate.pipeline import validate_graph

    prepared = get_prepared()
    seeds = {s.name: s for s in reach.seeds_of(jid)}
    reports: dict[str, object] = {}  # each seed validated once
    wrong = []
    items = [i for i in reach.sweep_code(jid) if i.seed is not None]
    for item in items[::max(1, len(items) // 12)]:
        if item.seed not in reports:
            reports[item.seed] = validate_graph(seeds[item.seed].graph, name=item.seed,
                                                prepared=prepared, plan=False)
        report = reports[item.seed]
        state = next(a.state for a in report.accounting  # type: ignore[attr-defined]
                     if a.shape == str(item.shape))
        if state != item.seed_state:
            wrong.append(f"{item.rule} on {item.seed}: the sweep says {item.seed_state}, "
                         f"the full pipeline {state}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("jid", per_code())
def test_the_sweep_tries_every_dimension_in_every_code(jid: str) -> None:
    dims = {o.variation.dimension for item in reach.sweep_code(jid) for o in item.outcomes}
    assert dims == {"work", "structure", "land use", "status"}, (jid, dims)


@pytest.mark.parametrize("jid", per_code())
def test_the_committed_table_is_the_generated_one(jid: str) -> None:
    """Each code's table in docs/reach.md is the one the sweep generates now (checked per code,
    on the worker that swept it)."""
    doc = reach.doc_path().read_text(encoding="utf-8")
    assert reach.START in doc and reach.END in doc
    assert reach.code_table(get_prepared(), jid) in doc, (
        f"docs/reach.md is stale for {jid}: run python -m docklaw.validate.reach --write")


def test_the_committed_document_has_every_code_and_nothing_else() -> None:
    doc = reach.doc_path().read_text(encoding="utf-8")
    headings = [line[4:] for line in doc.splitlines() if line.startswith("### ")]
    assert headings == list(jurisdictions.ids())
