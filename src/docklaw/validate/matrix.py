"""The same application under every registered code: ``docklaw validate FILE --against all``.

Why: a board (or an applicant choosing a site) asks how a project fares under the neighbouring
codes. Each column is a full validation under that code: the application's dl:jurisdiction is
replaced and the ordinary pipeline runs, so each code applies its own measurement rules (its
construction of side setbacks, its riparian lines), its own applicability and its own limits.
A code that needs facts the application lacks reports "incomplete" with what is needed, never a
guess; a code under which the application cannot be read at all (input error) says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import Graph

from docklaw import jurisdictions
from docklaw.errors import InputError
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL, RDF, jurisdiction_iri
from docklaw.validate.output.report import Report


def registered_codes() -> list[str]:
    """Every code docklaw knows (the jurisdiction registry)."""
    return list(jurisdictions.ids())


def status_of(report: Report) -> str:
    """conforms / violates / incomplete (fail closed: a missing fact is never "conforms")."""
    status = getattr(report, "status", None)
    if isinstance(status, str):
        return status
    if not report.conforms:
        return "violates"
    return "incomplete" if report.information_needed else "conforms"


@dataclass
class Cell:
    jurisdiction: str
    name: str
    own: bool
    status: str
    violations: list[dict[str, str]] = field(default_factory=list)
    information_needed: list[dict[str, str]] = field(default_factory=list)
    error: str | None = None
    report: Report | None = None

    @property
    def sections(self) -> list[str]:
        return sorted({v["section"] for v in self.violations if v["section"]})

    @property
    def missing(self) -> list[str]:
        return sorted({f"{n['section'] or '(no section)'}: {n['message']}"
                       for n in self.information_needed})

    def to_json(self) -> dict[str, object]:
        return {"jurisdiction": self.jurisdiction, "name": self.name, "own": self.own,
                "status": self.status, "violated_sections": self.sections,
                "violations": self.violations, "information_needed": self.information_needed,
                "error": self.error}


@dataclass
class Matrix:
    name: str
    own: str
    cells: list[Cell]

    def to_json(self) -> dict[str, object]:
        return {"application": self.name, "own_jurisdiction": self.own,
                "matrix": [c.to_json() for c in self.cells]}

    def to_text(self) -> str:
        lines = [f"{self.name}: the same application under every code (filed under {self.own})",
                 ""]
        width = max(len(c.jurisdiction) for c in self.cells) + 2
        lines.append(f"{'code':<{width}}  {'status':<11} violated sections")
        for c in self.cells:
            mark = "*" if c.own else " "
            cited = ", ".join(c.sections) or "-"
            lines.append(f"{c.jurisdiction + mark:<{width}}  {c.status:<11} {cited}")
        lines.append("")
        lines.append("(* the code the application was filed under)")
        for c in self.cells:
            if c.missing:
                lines.append("")
                lines.append(f"{c.jurisdiction}: {c.status}")
                lines += [f"  needs {m}" for m in c.missing]
        return "\n".join(lines) + "\n"

    def to_html(self) -> str:
        from docklaw.validate.output.html_report import environment

        return environment().get_template("matrix.html").render(matrix=self)

    def render(self, fmt: str) -> str:
        import json

        if fmt == "json":
            return json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        if fmt == "html":
            return self.to_html()
        return self.to_text()

    @property
    def exit_status(self) -> int:
        """The exit code of the application's own code (the matrix is information)."""
        own = next((c for c in self.cells if c.own), None)
        if own is None or own.status == "conforms":
            return 0
        if own.status == "violates":
            return 1
        # incomplete: exit 4 where the validator has a status (else it exits 0, as validate)
        return 4 if own.report is not None and hasattr(own.report, "status") else 0


def under(graph: Graph, jid: str) -> Graph:
    """A copy of the application filed under another code."""
    copy = Graph()
    copy += graph
    for app in list(copy.subjects(RDF.type, DL.PermitApplication)):
        copy.remove((app, DL.jurisdiction, None))
        copy.add((app, DL.jurisdiction, jurisdiction_iri(jid)))
    return copy


def against_all(graph: Graph, name: str = "<graph>", *,
                prepared: Prepared | None = None, plan: bool = True) -> Matrix:
    """Validate one application under every registered code (``plan``: draw each report's
    plan; the matrix itself shows none)."""
    from docklaw.validate.intake.admit import find_application
    from docklaw.validate.pipeline import validate_graph

    prepared = prepared or get_prepared()
    _app, own = find_application(graph, name)
    cells = []
    for jid in registered_codes():
        label = prepared.label(jurisdiction_iri(jid)) or jid
        scaffold = jurisdictions.registry().unwritten(jid) if jid != own else None
        if scaffold:  # a code still being written decides nothing: incomplete, saying why
            cells.append(Cell(jid, label, False, "incomplete", error=scaffold,
                              information_needed=[{"section": "", "section_iri": "",
                                                   "focus_node": "", "message": scaffold}]))
            continue
        try:
            report = (validate_graph(graph, name=name, prepared=prepared, plan=plan)
                      if jid == own else validate_graph(under(graph, jid), name=name,
                                                        prepared=prepared, plan=plan))
        except InputError as exc:
            if jid == own:
                raise
            # this code needs what the application does not give (e.g. the neighbours' lot
            # lines its riparian lines are drawn from): incomplete, saying what is needed
            cells.append(Cell(jid, label, False, "incomplete", error=str(exc),
                              information_needed=[{
                                  "section": "", "section_iri": "",
                                  "focus_node": getattr(exc, "node", None) or "",
                                  "message": "cannot be assessed as drawn: "
                                             f"{getattr(exc, 'message', None) or exc}"}]))
            continue
        cells.append(Cell(
            jid, label, jid == own, status_of(report),
            violations=[{"section": r.section or "", "section_iri": r.section_iri or "",
                         "focus_node": r.focus_node, "message": r.message}
                        for r in report.results if r.severity == "Violation"],
            information_needed=[{"section": n.section or "", "section_iri": n.section_iri or "",
                                 "focus_node": n.focus_node, "message": n.message}
                                for n in report.information_needed],
            report=report,
        ))
    return Matrix(name, own, cells)


def against_all_bytes(data: bytes, fmt: str | None, name: str, *,
                      content_type: str | None = None, max_bytes: int | None = None,
                      max_triples: int | None = None, plan: bool = True) -> Matrix:
    """Parse (safely) and validate one upload under every registered code; every InputError
    names the upload."""
    from docklaw.validate.intake.parse import DEFAULT_MAX_BYTES, DEFAULT_MAX_TRIPLES, parse

    graph = parse(data, fmt, name, content_type=content_type,
                  max_bytes=max_bytes or DEFAULT_MAX_BYTES,
                  max_triples=max_triples if max_triples is not None else DEFAULT_MAX_TRIPLES)
    try:
        return against_all(graph, name=name, plan=plan)
    except InputError as exc:
        if exc.source is None:
            exc.source = name
            exc.args = (exc.describe(),)
        raise
