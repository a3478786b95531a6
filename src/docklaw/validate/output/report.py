"""The validation report in four forms: JSON (public contract), Turtle, text and HTML.

Why one object with four renderings: the CLI, the web service and the tests must agree on
what was found; only the presentation differs. The JSON keys are a public contract:
``conforms``, ``jurisdiction``, ``results`` (section, section_iri, section_text, severity,
message, focus_node, path, value, relief, relief_authority, plus optional extras) and
``information_needed`` (section, section_iri, focus_node, message, fact, sections: one item per
(node, fact), naming every section that needs it), ``status``
("conforms" | "violates" | "incomplete"), ``accounting`` (per rule: its state) and ``not_read``
(stated terms of the vocabulary this code does not read: focus_node, path, reason). A result
may carry ``section_notes``: the cited section's notes as ``{"kind", "text"}`` (lint, ambiguity,
interpretation, attachment, comment, text incomplete), and ``exceptions_not_held``: the
exceptions of its rule the node failed only on stated numbers past their thresholds (section,
section_iri, exception, exception_section, condition, fact, value; ``findings.excepted``).
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from itertools import groupby
from typing import TYPE_CHECKING

from rdflib import BNode, Graph, Literal, URIRef

from docklaw.namespaces import DL, RDF, SH, bind_prefixes, jurisdiction_iri
from docklaw.validate.findings.accounting import STATES, RuleState, counts
from docklaw.validate.findings.cite import InfoNeeded, Result
from docklaw.validate.findings.excess import Variance
from docklaw.validate.findings.excess import add_to_graph as add_variances
from docklaw.validate.findings.excess import text_lines as variance_lines
from docklaw.validate.findings.measurements import Measurement, text_lines
from docklaw.validate.findings.questions import sections_of
from docklaw.validate.findings.readings import ReadingOutcome
from docklaw.validate.findings.readings import text_lines as reading_lines
from docklaw.validate.findings.unread import NotRead
from docklaw.validate.status import DISCRETION_NOTE, STATUS_HEADLINES, exit_code_of
from docklaw.validate.values import iri_of, node_of

if TYPE_CHECKING:
    from docklaw.geometry.record import GeometryRecord
    from docklaw.validate.findings.drawn import DrawnLimit

RESULT_KEYS = ("section", "section_iri", "section_text", "severity", "message", "focus_node",
               "path", "value", "relief", "relief_authority")
EXTRA_KEYS = ("relief_note", "relief_basis", "relief_basis_section", "relief_basis_note", "shape",
              "rule", "discretionary")
SEVERITY_IRIS = {"Violation": SH.Violation, "Warning": SH.Warning, "Info": SH.Info}


@dataclass
class Report:
    jurisdiction: str
    results: list[Result] = field(default_factory=list)
    information_needed: list[InfoNeeded] = field(default_factory=list)
    name: str = "<input>"
    accounting: list[RuleState] = field(default_factory=list)

    @property
    def status(self) -> str:
        """"violates" on any Violation (it takes precedence), else "incomplete" when a rule
        could not be decided (information needed), else "conforms". Warnings and Info never
        make an application fail."""
        if any(r.severity == "Violation" for r in self.results):
            return "violates"
        return "incomplete" if self.information_needed else "conforms"
    measurements: list[Measurement] = field(default_factory=list)
    variances: list[Variance] = field(default_factory=list)
    variance_note: str = ""
    readings: list[ReadingOutcome] = field(default_factory=list)
    #: stated terms of the vocabulary this code does not read (findings.unread): listed, so
    #: nothing stated is silently dropped, but no Warning (the docs ask for them for every code)
    not_read: list[NotRead] = field(default_factory=list)
    plan_svg: str | None = None                          # output.plan, when drawn
    #: what the plan is drawn from (the pipeline fills them when it draws one): the geometry
    #: stage's record and, per drawn structure, the limits to draw (findings.drawn)
    geometry: GeometryRecord | None = None
    drawn_limits: dict[str, list[DrawnLimit]] = field(default_factory=dict)

    @property
    def conforms(self) -> bool:
        """True only when every applicable rule was decided and none is violated."""
        return self.status == "conforms"

    @property
    def exit_code(self) -> int:
        return exit_code_of(self.status)

    def by_severity(self, severity: str) -> list[Result]:
        return [r for r in self.results if r.severity == severity]

    # ------------------------------------------------------------------ JSON
    def to_json(self, compact: bool = False) -> dict[str, object]:
        """The report as JSON (the public contract). ``compact``: see ``compacted``."""
        return compacted(self._json()) if compact else self._json()

    def _json(self) -> dict[str, object]:
        results = []
        for r in self.results:
            item: dict[str, object] = {key: getattr(r, key) for key in RESULT_KEYS}
            for key in EXTRA_KEYS:
                value = getattr(r, key)
                if value not in (None, False) or key == "discretionary":
                    item[key] = value
            if r.sections:  # one Warning naming every rule that reads the value
                item["sections"] = [{"section": section, "section_iri": iri, "rule": rule}
                                    for section, iri, rule in r.sections]
            if r.exceptions_not_held:  # an exception failed only on a stated number
                item["exceptions_not_held"] = [u.to_json() for u in r.exceptions_not_held]
            if r.section_notes:
                item["section_notes"] = [{"kind": kind, "text": text}
                                         for kind, text in r.section_notes]
            results.append(item)
        return {
            "status": self.status,
            "conforms": self.conforms,
            "jurisdiction": self.jurisdiction,
            "results": results,
            "information_needed": [
                {"section": n.section, "section_iri": n.section_iri, "focus_node": n.focus_node,
                 "message": n.message, "fact": n.fact, "sections": sections_of(n)}
                for n in self.information_needed
            ],
            "findings_required": [
                {"section": r.section, "section_iri": r.section_iri, "focus_node": r.focus_node,
                 "message": r.message} for r in self.results if r.finding
            ],
            "accounting": {"counts": counts(self.accounting),
                           "rules": [a.to_json() for a in self.accounting]},
            "measurements": [m.to_json() for m in self.measurements],
            "variances": [v.to_json() for v in self.variances],
            "variance_note": self.variance_note if self.variances else None,
            "readings": [o.to_json() for o in self.readings],
            "verdict_depends_on_reading": any(o.verdict_depends for o in self.readings),
            "not_read": [n.to_json() for n in self.not_read],
        }

    def to_json_text(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    # ------------------------------------------------------------------ Turtle
    def to_graph(self) -> Graph:
        """A standard sh:ValidationReport whose results also carry dl:section and dl:relief."""
        g = bind_prefixes(Graph())
        report = BNode()
        g.add((report, RDF.type, SH.ValidationReport))
        g.add((report, SH.conforms, Literal(self.conforms)))
        g.add((report, DL.status, Literal(self.status)))
        g.add((report, DL.jurisdiction, jurisdiction_iri(self.jurisdiction)))
        for r in self.results:
            node = BNode()
            g.add((report, SH.result, node))
            g.add((node, RDF.type, SH.ValidationResult))
            g.add((node, SH.resultSeverity, SEVERITY_IRIS[r.severity]))
            g.add((node, SH.resultMessage, Literal(r.message)))
            g.add((node, SH.focusNode, node_of(r.focus_node)))
            if r.shape:
                g.add((node, SH.sourceShape, URIRef(r.shape)))
            if r.component and r.component.startswith("sh:"):
                g.add((node, SH.sourceConstraintComponent, SH[r.component[3:]]))
            if r.path:
                g.add((node, SH.resultPath, iri_of(r.path)))
            if r.value is not None:
                g.add((node, SH.value, Literal(r.value)))
            if r.section_iri:
                g.add((node, DL.section, URIRef(r.section_iri)))
            if r.section:
                g.add((node, DL.citation, Literal(r.section)))
            for iri in r.relief_iris:
                g.add((node, DL.relief, URIRef(iri)))
            if r.relief_note:
                g.add((node, DL.reliefNote, Literal(r.relief_note)))
            if r.relief_basis:
                g.add((node, DL.reliefBasis, Literal(r.relief_basis)))
            if r.relief_basis_section:
                g.add((node, DL.reliefBasisSection, Literal(r.relief_basis_section)))
            if r.relief_basis_note:
                g.add((node, DL.reliefBasisNote, Literal(r.relief_basis_note)))
            if r.rule:
                g.add((node, DL.rule, URIRef(r.rule)))
            for _section, section_iri, rule in r.sections:  # a merged result: every rule
                if section_iri:
                    g.add((node, DL.section, URIRef(section_iri)))
                if rule:
                    g.add((node, DL.rule, URIRef(rule)))
        add_variances(g, report, self.variances, self.variance_note)
        for n in self.information_needed:
            node = BNode()
            g.add((report, DL.informationNeeded, node))
            g.add((node, SH.focusNode, node_of(n.focus_node)))
            g.add((node, SH.resultMessage, Literal(n.message)))
            if n.section_iri:
                g.add((node, DL.section, URIRef(n.section_iri)))
        return g

    def to_turtle(self) -> str:
        return self.to_graph().serialize(format="turtle")

    # ------------------------------------------------------------------ text
    def _groups(self) -> list[tuple[str | None, list[Result]]]:
        ordered = sorted(self.results, key=lambda r: (r.section or "~", r.focus_node))
        return [(k, list(v)) for k, v in groupby(ordered, key=lambda r: r.section)]

    def summary(self) -> str:
        counts = {s: len(self.by_severity(s)) for s in ("Violation", "Warning", "Info")}
        verdict = STATUS_HEADLINES[self.status]
        return (f"{verdict}: {self.name} ({self.jurisdiction}) - "
                f"{counts['Violation']} violation(s), "
                f"{counts['Warning']} warning(s), {counts['Info']} finding(s)/info, "
                f"{len(self.information_needed)} item(s) of information needed"
                + ("; the verdict depends on the reading of the text (see Readings)"
                   if any(o.verdict_depends for o in self.readings) else
                   "; the verdict may depend on the reading of the text (see Readings)"
                   if any(o.verdict_may_depend for o in self.readings) else ""))

    def explain_lines(self) -> list[str]:
        """One line per rule: its state and why (the --explain view); then the stated terms
        this code does not read."""
        lines = ["Rules (" + ", ".join(f"{n} {s}" for s, n in counts(self.accounting).items())
                 + "):"]
        for a in sorted(self.accounting, key=lambda a: (STATES.index(a.state),
                                                         a.section or "~", a.rule)):
            why = f" - {a.reason}" if a.reason else ""
            lines.append(f"  [{a.state}] {a.section or '(no section)'} "
                         f"{a.rule.rsplit('/', 1)[-1]}{why}")
        if self.not_read:
            lines.append("Not read by this code:")
            lines.extend(f"  [not read] {n.path} on {n.focus_node} - {n.reason}"
                         for n in self.not_read)
        return lines

    def not_read_lines(self) -> list[str]:
        """The stated terms this code does not read, one line each (text report)."""
        if not self.not_read:
            return []
        lines = ["Not read by this code (stated, defined by the vocabulary, read by no rule of "
                 f"{self.jurisdiction}; they did not count):"]
        lines.extend(f"  {n.path} [{n.focus_node}]" for n in self.not_read)
        return [*lines, ""]

    def to_text(self, explain: bool = False) -> str:
        lines = [self.summary(), ""]
        for section, items in self._groups():
            first = items[0]
            lines.append(f"{section or '(no section)'}")
            if first.section_text:
                lines.append(f"  \"{_clip(first.section_text, 400)}\"")
            for kind, text in first.section_notes:
                lines.append(f"  note ({kind}): {_clip(text, 600)}")
            for r in items:
                lines.append(f"  [{r.severity}] {r.message}")
                detail = [f"node {r.focus_node}"]
                if r.path:
                    detail.append(f"{r.path} = {r.value}" if r.value is not None else r.path)
                lines.append("    " + "; ".join(detail))
                if (read_by := r.read_by()) is not None:
                    lines.append(f"    read by: {read_by}")
                # an authority named without a class (a code that lets its board vary "the
                # provisions of this article" without saying how): relief exists, unclassed
                relief = r.relief or (
                    "a variance, its class not stated" if r.relief_authority else "none stated")
                if r.relief_authority:
                    relief += f" ({r.relief_authority})"
                lines.append(f"    relief: {relief}")
                if r.relief_note:
                    lines.append(f"    note: {r.relief_note}")
                if r.relief_basis:
                    lines.append(f"    relief basis: {basis_text(r)}")
            lines.append("")
        if self.information_needed:
            lines.append("Information needed:")
            for n in self.information_needed:
                lines.append(f"  {n.section or '(no section)'}: {n.message} [{n.focus_node}]")
            lines.append("")
        lines.extend(self.not_read_lines())
        lines.extend(variance_lines(self.variances, self.variance_note))
        lines.extend(reading_lines(self.readings))
        lines.extend(text_lines(self.measurements))
        if any(r.severity != "Violation" for r in self.results):
            lines.append(DISCRETION_NOTE)
        if explain:
            lines += ["", *self.explain_lines()]
        return "\n".join(lines).rstrip() + "\n"

    # ------------------------------------------------------------------ HTML
    def to_html(self, explain: bool = False) -> str:
        """The printable report (Jinja templates, docklaw.validate.output.html_report); ``explain``
        adds every rule's state before the end of the page."""
        from docklaw.validate.output.html_report import render_report

        page = render_report(self)
        if explain:
            e = html.escape
            rules = "".join(f"<li>{e(line.strip())}</li>" for line in self.explain_lines()[1:])
            section = ("<section><h2>Rules</h2><ul class=\"accounting\">" + rules
                       + "</ul></section>")
            page = page.replace("</body>", section + "</body>", 1)
        return page

    def render(self, fmt: str, explain: bool = False) -> str:
        """One of text | json | turtle | html (``explain``: the per-rule view in text/HTML)."""
        if fmt == "json":
            return self.to_json_text() + "\n"
        if fmt == "turtle":
            return self.to_turtle()
        if fmt == "html":
            return self.to_html(explain)
        return self.to_text(explain)


def compacted(doc: dict[str, object]) -> dict[str, object]:
    """The JSON report with each cited section's text given once (``?compact=1``).

    Each result keeps ``section`` and ``section_iri`` and loses ``section_text`` and
    ``section_notes``; the report ends with ``"compact": true`` and ``sections``: ``{iri:
    {"citation", "text"[, "notes"]}}`` for every section a result cites (``notes`` as a
    result's ``section_notes``, when there are any). A result whose section has no IRI keeps
    its text. Everything else is the full report, key for key."""
    sections: dict[str, dict[str, object]] = {}
    results = []
    for result in doc["results"]:  # type: ignore[attr-defined]
        iri = result.get("section_iri")
        if not iri:
            results.append(result)
            continue
        item = {k: v for k, v in result.items() if k not in ("section_text", "section_notes")}
        if iri not in sections:
            sections[iri] = {"citation": result.get("section"),
                             "text": result.get("section_text")}
            if result.get("section_notes"):
                sections[iri]["notes"] = result["section_notes"]
        results.append(item)
    return {**doc, "results": results, "compact": True, "sections": sections}


def basis_text(r: Result) -> str:
    """'stated in § 56-3D' or 'inferred: <curation note>'."""
    if r.relief_basis == "stated":
        text = f"stated in {r.relief_basis_section}" if r.relief_basis_section else "stated"
        return text + (f" ({r.relief_basis_note})" if r.relief_basis_note else "")
    return f"{r.relief_basis}: {r.relief_basis_note}" if r.relief_basis_note else str(
        r.relief_basis)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
