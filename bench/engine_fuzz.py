"""Differential fuzzing of the fast SHACL engine (validate/checking/fast.py) against pyshacl.

Why: the fast engine must give, for every application, exactly pyshacl's raw results (the
ones ``cite`` reads) or hand the shape to pyshacl (fail closed). This generates applications
from the shipped examples and test cases and compares the engines on each:

* input level: a seed (an example, or a test case without its t: expectations), varied as the
  reach sweep varies it (``reach.variations``: work kind, structure class, land use, existing
  status, stated as a part) and by random mutations (odd literals: doubles, floats, strings,
  ill-typed and language-tagged numbers, negative zero, huge and tiny exponents, the shapes' own
  limits +- a little; duplicate values; blank nodes <-> IRIs; a type removed or added;
  rdfs:subClassOf in the data; dl:hasPart chains and cycles; values copied onto other nodes;
  triples dropped; rdf:nil), derived (``pipeline.derive``), then checked by both engines
  (``check.check``, also on ``with_lower_bounds``); every ``--report-every``-th one also
  through ``validate_graph`` under ``DOCKLAW_SHACL_ENGINE=fast`` and ``=pyshacl`` (the JSON
  reports compared);
* derived level: the same mutations applied to the derived graph itself (values derive
  would have normalised or refused reach the engines directly), checked by both engines.

A disagreement is printed with its application in Turtle, reduced first (triples removed while
the engines still disagree); the exit status is 1 if there is any.

    DOCKLAW_CACHE=... python bench/engine_fuzz.py [-n 2000] [--seed 1] [--codes a,b]
        [--report-every 10] [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import re
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from decimal import Decimal

from rdflib import BNode, Graph, Literal, URIRef
from rdflib.namespace import RDF, RDFS, SH, XSD

from docklaw import jurisdictions
from docklaw.errors import DocklawError
from docklaw.law.prepare import Prepared
from docklaw.law.snapshot import get_prepared
from docklaw.namespaces import DL
from docklaw.validate import reach
from docklaw.validate.checking.check import check
from docklaw.validate.derivation.derive import with_lower_bounds
from docklaw.validate.intake.admit import jurisdiction_of
from docklaw.validate.intake.parse import parse
from docklaw.validate.pipeline import derive, validate_graph

QUDT = "http://qudt.org/schema/qudt/"
NUMERIC_VALUE = URIRef(QUDT + "numericValue")
EX = "https://example.org/fuzz#"
NUMERIC_TYPES = (XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.long, XSD.int,
                 XSD.short, XSD.byte, XSD.nonNegativeInteger, XSD.positiveInteger,
                 XSD.unsignedInt, XSD.negativeInteger, XSD.nonPositiveInteger)


# --------------------------------------------------------------------------- seeds


def seeds(codes: list[str]) -> list[tuple[str, str, Graph, frozenset[URIRef]]]:
    """(code, name, application graph, shapes the case expects) of every example and case."""
    out = []
    for jid in codes:
        code = jurisdictions.get(jid)
        for path in sorted(code.examples_dir.glob("*.ttl")):
            out.append((jid, f"{jid}/examples/{path.name}",
                        parse(path.read_bytes(), "turtle", path.name), frozenset()))
        for s in reach.seeds_of(jid):
            out.append((jid, s.name, s.graph, s.shapes))
    return out


def limits(prepared: Prepared, codes: list[str]) -> list[Literal]:
    """Every literal the compiled shapes compare with (sh:min/maxInclusive, sh:in ...)."""
    found: set[Literal] = set()
    for jid in codes:
        for _s, _p, o in prepared.compiled(jid).runtime_graph:
            if isinstance(o, Literal) and o.datatype in NUMERIC_TYPES:
                found.add(o)
    return sorted(found, key=lambda x: (str(x.datatype), str(x)))


def markers_of(prepared: Prepared, codes: list[str]) -> list[URIRef]:
    """The focus-marker classes the shapes target (sh:targetClass)."""
    found: set[URIRef] = set()
    for jid in codes:
        g = prepared.compiled(jid).runtime_graph
        found |= {o for o in g.objects(None, SH.targetClass) if isinstance(o, URIRef)}
    return sorted(found)


def shape_terms(prepared: Prepared, codes: list[str]) -> tuple[list[URIRef], list[URIRef]]:
    """The classes (sh:class, sh:targetClass, sh:hasValue/sh:in IRIs) and properties
    (sh:path steps) the shapes name."""
    classes: set[URIRef] = set()
    props: set[URIRef] = set()
    for jid in codes:
        g = prepared.compiled(jid).runtime_graph
        for p in (SH["class"], SH.targetClass, SH.hasValue):
            classes |= {o for o in g.objects(None, p) if isinstance(o, URIRef)}
        for lst in g.objects(None, SH["in"]):
            classes |= {o for o in g.items(lst) if isinstance(o, URIRef)}
        for p in (SH.path, SH.inversePath, SH.zeroOrMorePath, SH.oneOrMorePath):
            props |= {o for o in g.objects(None, p) if isinstance(o, URIRef)}
    return sorted(classes), sorted(props)


# --------------------------------------------------------------------------- mutations


def numeric_variants(lit: Literal, rng: random.Random, lims: list[Literal]) -> list[Literal]:
    text = str(lit)
    try:
        value = Decimal(text)
    except Exception:
        value = Decimal(7)
    out = [
        Literal(text, datatype=XSD.double), Literal(text, datatype=XSD.float),
        Literal(text, datatype=XSD.decimal), Literal(text, datatype=XSD.string),
        Literal(text), Literal(text, lang="en"), Literal("abc", datatype=XSD.decimal),
        Literal("abc", datatype=XSD.integer), Literal("abc", datatype=XSD.double),
        Literal("-0", datatype=XSD.integer), Literal("-0.0", datatype=XSD.double),
        Literal("-0.0", datatype=XSD.decimal), Literal("0", datatype=XSD.decimal),
        Literal("1e308", datatype=XSD.double), Literal("1e-300", datatype=XSD.double),
        Literal("1E400", datatype=XSD.double), Literal("INF", datatype=XSD.double),
        Literal("-INF", datatype=XSD.double), Literal("NaN", datatype=XSD.double),
        Literal("NaN", datatype=XSD.float), Literal("NaN", datatype=XSD.decimal),
        Literal("Infinity", datatype=XSD.decimal), Literal("-Infinity", datatype=XSD.decimal),
        Literal("1E+2", datatype=XSD.decimal), Literal("1_0", datatype=XSD.integer),
        Literal("\u0661\u0662", datatype=XSD.integer),
        Literal(f"{value}e0", datatype=XSD.double), Literal(f"+{value}", datatype=XSD.decimal),
        Literal(f" {value} ", datatype=XSD.decimal), Literal(f"0{value}", datatype=XSD.decimal),
        Literal(f"{value}.", datatype=XSD.decimal), Literal(f"{value}.000", datatype=XSD.decimal),
        Literal(f"{value}1e-30", datatype=XSD.decimal),
        Literal(str(value + Decimal("0.000000000000000000001")), datatype=XSD.decimal),
        Literal(str(value - Decimal("0.000000000000000000001")), datatype=XSD.decimal),
        Literal(str(-value), datatype=XSD.decimal),
        Literal("true", datatype=XSD.boolean), Literal(URIRef(EX + "x")),
    ]
    for dt in NUMERIC_TYPES:
        out.append(Literal(text.split(".")[0], datatype=dt))
    if lims:
        lim = rng.choice(lims)
        lv = Decimal(str(lim))
        for delta in ("0", "0.0000001", "-0.0000001", "1", "-1"):
            v = lv + Decimal(delta)
            dt = rng.choice((XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.string,
                             lim.datatype))
            txt = str(v)
            if dt in (XSD.integer,) and v != v.to_integral_value():
                dt = XSD.decimal
            if dt == XSD.integer:
                txt = str(int(v))
            out.append(Literal(txt, datatype=dt))
            out.append(Literal(str(float(v)), datatype=XSD.double))
    return out


def boolean_variants(lit: Literal) -> list[Literal]:
    flip = "false" if str(lit) in ("true", "1") else "true"
    return [Literal(flip, datatype=XSD.boolean), Literal("1", datatype=XSD.boolean),
            Literal("0", datatype=XSD.boolean), Literal("TRUE", datatype=XSD.boolean),
            Literal(str(lit), datatype=XSD.string), Literal(str(lit)),
            Literal(str(lit), lang="en"), Literal("yes", datatype=XSD.boolean),
            Literal("1", datatype=XSD.integer), Literal("true", datatype=XSD.token)]


def literal_variants(lit: Literal, rng: random.Random, lims: list[Literal]) -> list[Literal]:
    if lit.datatype == XSD.boolean:
        return boolean_variants(lit)
    return numeric_variants(lit, rng, lims)


def iri_variants(node: URIRef, classes: list[URIRef], rng: random.Random) -> list[object]:
    return [Literal(str(node)), Literal(str(node), datatype=XSD.anyURI), BNode(),
            rng.choice(classes), URIRef(str(node) + "x"), RDF.nil,
            Literal(str(node).rsplit("#", 1)[-1])]



def _swap(g: Graph, triple: tuple, new: object) -> str:  # type: ignore[type-arg]
    """Replace a triple's object with ``new``; the mutation's description."""
    s, p, o = triple
    g.remove((s, p, o))
    g.add((s, p, new))
    return f"{s.n3()} {p.n3()} {o.n3()} -> {new.n3()}"  # type: ignore[attr-defined]

class Mutator:
    def __init__(self, rng: random.Random, lims: list[Literal], classes: list[URIRef],
                 props: list[URIRef]) -> None:
        self.rng, self.lims, self.classes, self.props = rng, lims, classes, props
        self.ops: list[tuple[str, Callable[[Graph], str | None]]] = [
            ("literal", self.literal), ("literal", self.literal), ("literal", self.literal),
            ("limit", self.limit), ("limit", self.limit),
            ("duplicate", self.duplicate), ("duplicate", self.duplicate),
            ("iri", self.iri), ("rename", self.rename), ("untype", self.untype),
            ("retype", self.retype), ("subclass", self.subclass), ("part", self.part),
            ("cycle", self.cycle), ("copy", self.copy_value), ("drop", self.drop),
            ("nil", self.nil), ("count", self.count), ("prop", self.random_prop),
            ("computed", self.computed), ("computed", self.computed),
            ("subtarget", self.subtarget), ("marker", self.marker), ("unmaterialised",
                                                                    self.unmaterialised),
            ("literal-node", self.literal_node), ("non-literal", self.non_literal),
        ]
        self.markers: list[URIRef] = []

    def apply(self, g: Graph, k: int) -> list[str]:
        done = []
        for _ in range(k):
            name, op = self.rng.choice(self.ops)
            try:
                label = op(g)
            except Exception as exc:  # a mutation that cannot apply here: another one
                label = f"(not applied: {type(exc).__name__})"
            if label:
                done.append(f"{name}: {label}")
        return done

    def _triples(self, g: Graph, pred: Callable[[tuple], bool]) -> list[tuple]:
        return sorted((t for t in g if pred(t)), key=lambda t: tuple(x.n3() for x in t))

    def literal(self, g: Graph) -> str | None:
        lits = self._triples(g, lambda t: isinstance(t[2], Literal))
        if not lits:
            return None
        s, p, o = self.rng.choice(lits)
        new = self.rng.choice(literal_variants(o, self.rng, self.lims))
        return _swap(g, (s, p, o), new)

    def limit(self, g: Graph) -> str | None:
        nums = self._triples(g, lambda t: isinstance(t[2], Literal)
                             and t[2].datatype in NUMERIC_TYPES)
        if not nums or not self.lims:
            return None
        s, p, o = self.rng.choice(nums)
        lim = self.rng.choice(self.lims)
        lv = Decimal(str(lim)) + Decimal(self.rng.choice(("0", "0", "0.001", "-0.001", "1",
                                                         "-1", "0.5")))
        dt = self.rng.choice((XSD.integer, XSD.decimal, XSD.double, XSD.float, o.datatype,
                              lim.datatype))
        txt = str(lv)
        if dt == XSD.integer:
            txt = str(int(lv)) if lv == lv.to_integral_value() else txt
            dt = XSD.integer if lv == lv.to_integral_value() else XSD.decimal
        new = Literal(txt, datatype=dt)
        return _swap(g, (s, p, o), new)

    def pick_class(self, g: Graph) -> URIRef:
        """A class the shapes name, half of the time one the graph already uses (so that the
        same code's shapes see it)."""
        m = set(self.markers)
        present = sorted({t for t in g.objects(None, RDF.type)
                          if isinstance(t, URIRef) and t not in m})
        if present and self.rng.random() < 0.5:
            return self.rng.choice(present)
        return self.rng.choice(self.classes)

    def _markers_in(self, g: Graph) -> list[URIRef]:
        m = set(self.markers)
        return sorted({t for t in g.objects(None, RDF.type) if t in m})

    def subtarget(self, g: Graph) -> str | None:
        """A node typed with a data subclass of a focus marker present in the graph (SHACL
        targets the instances of a target class's subclasses too)."""
        present = self._markers_in(g)
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not present or not subjects:
            return None
        marker = self.rng.choice(present)
        sub = URIRef(EX + "Sub" + str(self.rng.randrange(1000)))
        node = self.rng.choice(subjects)
        g.add((sub, RDFS.subClassOf, marker))
        g.add((node, RDF.type, sub))
        if self.rng.random() < 0.3:  # the marker's own focus taken off its direct type
            holders = sorted(set(g.subjects(RDF.type, marker)), key=lambda n: n.n3())
            h = self.rng.choice(holders)
            if h != node:
                g.remove((h, RDF.type, marker))
                g.add((h, RDF.type, sub))
        return f"{node.n3()} a {sub.n3()} rdfs:subClassOf {marker.n3()}"

    def marker(self, g: Graph) -> str | None:
        """A present focus marker put on another node (with no data, or another kind)."""
        present = self._markers_in(g)
        if not present:
            return None
        m = self.rng.choice(present)
        mode = self.rng.randrange(3)
        if mode == 0:
            node: object = BNode()
        elif mode == 1:
            node = URIRef(EX + "bare")
        else:
            node = self.rng.choice(sorted(set(g.subjects()), key=lambda n: n.n3()))
        g.add((node, RDF.type, m))
        return f"{node.n3()} a {m.n3()}"

    def unmaterialised(self, g: Graph) -> str | None:
        """A node of a shape's class stated only through an rdfs:subClassOf chain in the data
        (the derived graph has no superclass types for it)."""
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not subjects:
            return None
        node = self.rng.choice(subjects)
        target = self.pick_class(g)
        a = URIRef(EX + "A" + str(self.rng.randrange(1000)))
        b = URIRef(EX + "B" + str(self.rng.randrange(1000)))
        chain = self.rng.randrange(3)
        if chain == 0:
            g.add((a, RDFS.subClassOf, target))
        elif chain == 1:
            g.add((a, RDFS.subClassOf, b))
            g.add((b, RDFS.subClassOf, target))
        else:  # a cycle through the target
            g.add((a, RDFS.subClassOf, target))
            g.add((target, RDFS.subClassOf, a))
        if self.rng.random() < 0.5:  # its other types taken away (its focus markers kept)
            keep = set(self.markers)
            for t in list(g.objects(node, RDF.type)):
                if t not in keep:
                    g.remove((node, RDF.type, t))
        g.add((node, RDF.type, a))
        return f"{node.n3()} a {a.n3()} (subClassOf chain {chain} to {target.n3()})"

    def non_literal(self, g: Graph) -> str | None:
        """A number or boolean replaced (or joined) by an IRI, a blank node or a list."""
        ts = self._triples(g, lambda t: isinstance(t[2], Literal))
        if not ts:
            return None
        s, p, o = self.rng.choice(ts)
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", str(o))[:40]
        new = self.rng.choice([URIRef(EX + "v"), BNode(), RDF.nil, URIRef(EX + safe),
                               self.rng.choice(self.classes)])
        if self.rng.random() < 0.6:
            return _swap(g, (s, p, o), new)

    def literal_node(self, g: Graph) -> str | None:
        """A structure-valued property given a literal or an untyped IRI."""
        ts = self._triples(g, lambda t: t[1] in (DL.hasPart, DL.hasStructure, DL.proposes,
                                                 DL.parcel))
        if not ts:
            return None
        s, p, o = self.rng.choice(ts)
        new = self.rng.choice([Literal(str(o)), Literal(1), URIRef(EX + "untyped"), BNode()])
        if self.rng.random() < 0.5:
            g.remove((s, p, o))
        g.add((s, p, new))
        return f"{s.n3()} {p.n3()} {new.n3()}"

    def computed(self, g: Graph) -> str | None:
        """A computed limit (dl:computedLimitValue, the SPARQL constraints' ?limit) or the
        value compared with it: its number varied, a second one, or one taken away."""
        cls = sorted(set(g.objects(None, DL.computedLimitValue)), key=lambda n: n.n3())
        if not cls:
            return self.limit(g)
        cl = self.rng.choice(cls)
        focus = self.rng.choice(sorted(set(g.subjects(DL.computedLimitValue, cl)),
                                       key=lambda n: n.n3()))
        mode = self.rng.randrange(5)
        if mode == 0:  # the limit's number
            targets = [(cl, NUMERIC_VALUE, o) for o in g.objects(cl, NUMERIC_VALUE)
                       if isinstance(o, Literal)]
        else:  # a number stated on the focus (directly or on a quantity node)
            targets = []
            for p, o in g.predicate_objects(focus):
                if isinstance(o, Literal):
                    targets.append((focus, p, o))
                elif p != DL.computedLimitValue:
                    targets += [(o, NUMERIC_VALUE, v) for v in g.objects(o, NUMERIC_VALUE)
                                if isinstance(v, Literal)]
        targets.sort(key=lambda t: tuple(x.n3() for x in t))
        if not targets:
            return None
        s, p, o = self.rng.choice(targets)
        new = self.rng.choice(literal_variants(o, self.rng, self.lims))
        if mode == 4:  # a second limit node of the same rule
            other = BNode()
            for p2, o2 in list(g.predicate_objects(cl)):
                g.add((other, p2, new if p2 == NUMERIC_VALUE else o2))
            g.add((focus, DL.computedLimitValue, other))
            return f"{focus.n3()} second computed limit {new.n3()}"
        if mode == 3:  # a second value beside the first
            g.add((s, p, new))
            return f"{s.n3()} {p.n3()} {o.n3()} += {new.n3()}"
        return _swap(g, (s, p, o), new)

    def duplicate(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: t[1] != RDF.type)
        if not ts:
            return None
        s, p, o = self.rng.choice(ts)
        if isinstance(o, Literal):
            new = self.rng.choice(literal_variants(o, self.rng, self.lims))
        elif isinstance(o, BNode):  # a second quantity node, a copy with another value
            new = BNode()
            for p2, o2 in list(g.predicate_objects(o)):
                if isinstance(o2, Literal) and o2.datatype in NUMERIC_TYPES:
                    o2 = self.rng.choice(literal_variants(o2, self.rng, self.lims))
                g.add((new, p2, o2))
        else:
            new = self.rng.choice(self.classes)
        g.add((s, p, new))
        return f"{s.n3()} {p.n3()} += {new.n3()}"

    def iri(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: isinstance(t[2], URIRef) and t[1] != RDF.type)
        if not ts:
            return None
        s, p, o = self.rng.choice(ts)
        new = self.rng.choice(iri_variants(o, self.classes, self.rng))
        return _swap(g, (s, p, o), new)

    def rename(self, g: Graph) -> str | None:
        """A blank node made an IRI or an IRI (not the application's) made a blank node."""
        nodes = sorted({s for s in g.subjects() if (s, RDF.type, DL.PermitApplication) not in g},
                       key=lambda n: n.n3())
        if not nodes:
            return None
        node = self.rng.choice(nodes)
        new = URIRef(EX + "n" + str(self.rng.randrange(10**6))) if isinstance(node, BNode) \
            else BNode()
        for s, p, o in list(g):
            if node in (s, o):
                g.remove((s, p, o))
                g.add((new if s == node else s, p, new if o == node else o))
        return f"{node.n3()} -> {new.n3()}"

    def untype(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: t[1] == RDF.type)
        if not ts:
            return None
        t = self.rng.choice(ts)
        g.remove(t)
        return f"- {t[0].n3()} a {t[2].n3()}"

    def retype(self, g: Graph) -> str | None:
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not subjects:
            return None
        s = self.rng.choice(subjects)
        cls = self.pick_class(g)
        if self.rng.random() < 0.15:  # a type that is a literal or a blank node
            cls = self.rng.choice([Literal(str(cls)), BNode()])  # type: ignore[assignment]
        g.add((s, RDF.type, cls))
        return f"+ {s.n3()} a {cls.n3()}"

    def subclass(self, g: Graph) -> str | None:
        types = sorted(set(g.objects(None, RDF.type)), key=lambda n: n.n3())
        if not types:
            return None
        mode = self.rng.randrange(3)
        a = self.rng.choice(types)
        b = self.rng.choice(self.classes)
        if mode == 0:  # a stated type made a subclass of a shape's class
            g.add((a, RDFS.subClassOf, b))
            return f"{a.n3()} rdfs:subClassOf {b.n3()}"
        if mode == 1:  # a new class under a shape's class, a node retyped to it
            new = URIRef(EX + "C" + str(self.rng.randrange(1000)))
            g.add((new, RDFS.subClassOf, b))
            subject = self.rng.choice(sorted(set(g.subjects(RDF.type, a)), key=lambda n: n.n3()))
            g.remove((subject, RDF.type, a))
            g.add((subject, RDF.type, new))
            return f"{subject.n3()} a {new.n3()} rdfs:subClassOf {b.n3()}"
        g.add((b, RDFS.subClassOf, a))  # a cycle-ish statement
        g.add((a, RDFS.subClassOf, b))
        return f"{a.n3()} <-> {b.n3()} rdfs:subClassOf"

    def part(self, g: Graph) -> str | None:
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if len(subjects) < 2:
            return None
        a, b = self.rng.sample(subjects, 2)
        mode = self.rng.randrange(3)
        if mode == 0:
            g.add((a, DL.hasPart, b))
            return f"{a.n3()} dl:hasPart {b.n3()}"
        if mode == 1:  # b moved below a new intermediate part
            mid = BNode()
            cls = self.pick_class(g)
            g.add((mid, RDF.type, cls))
            g.add((a, DL.hasPart, mid))
            g.add((mid, DL.hasPart, b))
            return f"{a.n3()} dl:hasPart [a {cls.n3()}] dl:hasPart {b.n3()}"
        for s in list(g.subjects(DL.hasPart, b)):
            g.remove((s, DL.hasPart, b))
        g.add((a, DL.hasPart, b))
        return f"{b.n3()} now only a part of {a.n3()}"

    def cycle(self, g: Graph) -> str | None:
        parts = self._triples(g, lambda t: t[1] == DL.hasPart)
        if parts and self.rng.random() < 0.7:
            s, _p, o = self.rng.choice(parts)
            g.add((o, DL.hasPart, s))
            return f"{o.n3()} dl:hasPart {s.n3()} (cycle)"
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not subjects:
            return None
        s = self.rng.choice(subjects)
        g.add((s, DL.hasPart, s))
        return f"{s.n3()} dl:hasPart itself"

    def copy_value(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: t[1] != RDF.type)
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not ts or not subjects:
            return None
        _s, p, o = self.rng.choice(ts)
        target = self.rng.choice(subjects)
        g.add((target, p, o))
        return f"{target.n3()} {p.n3()} {o.n3()} (copied)"

    def drop(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: True)
        if not ts:
            return None
        t = self.rng.choice(ts)
        g.remove(t)
        return f"- {' '.join(x.n3() for x in t)}"

    def nil(self, g: Graph) -> str | None:
        ts = self._triples(g, lambda t: t[1] != RDF.type)
        if not ts:
            return None
        s, p, _o = self.rng.choice(ts)
        g.add((s, p, RDF.nil))
        return f"{s.n3()} {p.n3()} rdf:nil"

    def count(self, g: Graph) -> str | None:
        """0, 1, 2 or 3 extra structures of a class a shape names, on one subject's property."""
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not subjects:
            return None
        s = self.rng.choice(subjects)
        p = self.rng.choice([DL.hasPart, DL.hasStructure, DL.proposes, *self.props])
        cls = self.pick_class(g)
        n = self.rng.randrange(4)
        for _ in range(n):
            b = URIRef(EX + "k" + str(self.rng.randrange(10**6)))
            g.add((s, p, b))
            g.add((b, RDF.type, cls))
        return f"{s.n3()} {p.n3()} x{n} of {cls.n3()}"

    def random_prop(self, g: Graph) -> str | None:
        """A property a shape reads, stated on some node, with a value of some kind."""
        subjects = sorted(set(g.subjects(RDF.type, None)), key=lambda n: n.n3())
        if not subjects or not self.props:
            return None
        s = self.rng.choice(subjects)
        p = self.rng.choice(self.props)
        kind = self.rng.randrange(4)
        if kind == 0:
            o: object = self.rng.choice(self.classes)
        elif kind == 1:
            o = self.rng.choice(numeric_variants(Literal(5), self.rng, self.lims))
        elif kind == 2:
            o = BNode()
            g.add((o, NUMERIC_VALUE, self.rng.choice(self.lims) if self.lims else Literal(1)))
            g.add((o, URIRef(QUDT + "unit"), URIRef("http://qudt.org/vocab/unit/FT")))
        else:
            o = self.rng.choice(subjects)
        g.add((s, p, o))
        return f"{s.n3()} {p.n3()} {o.n3()}"


def copy_graph(g: Graph) -> Graph:
    out = Graph(bind_namespaces="none")
    for t in g:
        out.add(t)
    for prefix, ns in g.namespaces():
        out.bind(prefix, ns, override=True)
    return out


# --------------------------------------------------------------------------- grids

GRID_TYPES: tuple[object, ...] = (XSD.integer, XSD.decimal, XSD.double, XSD.float, XSD.string,
                                  None, "en", XSD.long, XSD.nonNegativeInteger, "ill-typed",
                                  XSD.boolean, "underscore", "padded", "plus", "arabic",
                                  "nan", "infinity")


LIMIT_TYPES: tuple[object, ...] = (XSD.decimal, XSD.integer, XSD.double, XSD.string,
                                   "ill-typed", "nan")


def grid_literal(value: Decimal, kind: object) -> Literal:
    text = str(value)
    if kind == "en":
        return Literal(text, lang="en")
    if kind is None:
        return Literal(text)
    if kind == "ill-typed":
        return Literal(text + "x", datatype=XSD.decimal)
    if kind == XSD.boolean:
        return Literal("true" if value else "false", datatype=XSD.boolean)
    if kind == "underscore":  # Python's int() reads "1_0", XSD does not
        digits = str(int(value))
        return Literal(digits[:1] + "_" + digits[1:] if len(digits) > 1 else digits,
                       datatype=XSD.integer)
    if kind == "padded":
        return Literal(f" 0{value} ", datatype=XSD.decimal)
    if kind == "plus":
        return Literal(f"+{value}", datatype=XSD.decimal)
    if kind == "arabic":  # Arabic-Indic digits: Python reads them as numbers
        digits = str(int(value)).replace("-", "")
        return Literal("".join(chr(0x660 + int(c)) for c in digits), datatype=XSD.integer)
    if kind == "nan":
        return Literal("NaN", datatype=XSD.decimal)
    if kind == "infinity":
        return Literal("Infinity" if value >= 0 else "-Infinity", datatype=XSD.decimal)
    if kind in (XSD.integer, XSD.long, XSD.nonNegativeInteger):
        text = str(int(value)) if value == value.to_integral_value() else text
        return Literal(text, datatype=kind if "." not in text else XSD.decimal)
    return Literal(text, datatype=kind)  # type: ignore[arg-type]


def sparql_grid(derived: Graph) -> Iterator[tuple[str, Graph]]:
    """Each computed limit (the SPARQL constraints' ?limit) and each number on its focus
    (?value candidates) stated in every pair of datatypes, below, at and above the limit."""
    for focus, cl in sorted(derived.subject_objects(DL.computedLimitValue),
                            key=lambda t: (t[0].n3(), t[1].n3())):
        limits_ = [o for o in derived.objects(cl, NUMERIC_VALUE) if isinstance(o, Literal)]
        if not limits_:
            continue
        lim = limits_[0]
        try:
            lv = Decimal(str(lim))
        except Exception:
            continue
        values = []
        for p, o in derived.predicate_objects(focus):
            if isinstance(o, Literal) and o.datatype in NUMERIC_TYPES:
                values.append((focus, p, o))
            elif isinstance(o, BNode) and p != DL.computedLimitValue:
                values += [(o, NUMERIC_VALUE, v) for v in derived.objects(o, NUMERIC_VALUE)
                           if isinstance(v, Literal)]
        for s, p, o in sorted(values, key=lambda t: tuple(x.n3() for x in t)):
            for vkind in GRID_TYPES:
                for lkind in LIMIT_TYPES:
                    for delta in (Decimal(-1), Decimal(0), Decimal(1)):
                        g = copy_graph(derived)
                        g.remove((s, p, o))
                        g.add((s, p, grid_literal(lv + delta, vkind)))
                        g.remove((cl, NUMERIC_VALUE, lim))
                        g.add((cl, NUMERIC_VALUE, grid_literal(lv, lkind)))
                        yield f"grid {s.n3()} {p.n3()} {vkind}/{lkind} {delta}", g


# --------------------------------------------------------------------------- comparison


def outcome(fn: Callable[[], object]) -> tuple[str, object]:
    try:
        return ("ok", fn())
    except DocklawError as exc:
        return ("docklaw-error", f"{type(exc).__name__}: {exc}")
    except Exception as exc:
        return ("exception", f"{type(exc).__name__}: {exc}")


def raw_pair(g: Graph, prepared: Prepared, jid: str) -> tuple[object, object]:
    return (outcome(lambda: check(g, prepared, jid, engine="pyshacl")),
            outcome(lambda: check(g, prepared, jid, engine="fast")))


def derived_disagreement(derived: Graph, prepared: Prepared, jid: str) -> str | None:
    """None when both engines agree on the derived graph (and its lower-bound trial)."""
    graphs = [("derived", derived)]
    trial = outcome(lambda: with_lower_bounds(derived, prepared, jid))
    if trial[0] == "ok" and trial[1] is not None:
        graphs.append(("lower bounds", trial[1]))
    for label, g in graphs:
        ref, fast = raw_pair(g, prepared, jid)
        if ref != fast:
            return f"{label}: pyshacl {show(ref)}\n    fast    {show(fast)}"
    return None


def input_disagreement(graph: Graph, prepared: Prepared, name: str) -> str | None:
    try:
        derived = derive(graph, prepared, name)
        jid = jurisdiction_of(derived)
    except DocklawError:
        return None
    except Exception:
        return None
    return derived_disagreement(derived, prepared, jid)


def report_json(graph: Graph, prepared: Prepared, engine: str) -> tuple[str, object]:
    old = os.environ.get("DOCKLAW_SHACL_ENGINE")
    os.environ["DOCKLAW_SHACL_ENGINE"] = engine
    try:
        return outcome(lambda: json.dumps(
            validate_graph(graph, "app", prepared=prepared, plan=False).to_json(),
            sort_keys=True))
    finally:
        if old is None:
            del os.environ["DOCKLAW_SHACL_ENGINE"]
        else:
            os.environ["DOCKLAW_SHACL_ENGINE"] = old


def report_disagreement(graph: Graph, prepared: Prepared) -> str | None:
    ref, fast = report_json(graph, prepared, "pyshacl"), report_json(graph, prepared, "fast")
    if ref != fast:
        return f"report: pyshacl {str(ref)[:3000]}\n    fast    {str(fast)[:3000]}"
    return None


def show(result: object) -> str:
    kind, value = result  # type: ignore[misc]
    if kind != "ok":
        return f"{kind}: {value}"
    return "\n      " + "\n      ".join(repr(r) for r in value) if value else "[]"  # type: ignore[union-attr]


def reduce(g: Graph, disagrees: Callable[[Graph], bool], budget: float) -> Graph:
    """Triples removed one at a time (largest chunks first) while the engines still disagree."""
    start = time.process_time()
    triples = sorted(g, key=lambda t: tuple(x.n3() for x in t))
    chunk = max(1, len(triples) // 2)
    while chunk >= 1 and time.process_time() - start < budget:
        i, changed = 0, False
        while i < len(triples) and time.process_time() - start < budget:
            trial = triples[:i] + triples[i + chunk:]
            tg = Graph(bind_namespaces="none")
            for t in trial:
                tg.add(t)
            if disagrees(tg):
                triples, changed = trial, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    out = Graph()
    for prefix, ns in g.namespaces():
        out.bind(prefix, ns, override=True)
    for t in triples:
        out.add(t)
    return out


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=2000, help="applications to generate (in all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--codes", default="", help="comma-separated codes (default: all)")
    ap.add_argument("--report-every", type=int, default=10,
                    help="also compare validate_graph reports every k-th input application")
    ap.add_argument("--budget", type=float, default=0.0,
                    help="stop after this much CPU time in seconds (0: no limit)")
    ap.add_argument("--reduce-budget", type=float, default=60.0)
    ap.add_argument("--shipped", action=argparse.BooleanOptionalAction, default=True,
                    help="compare the shipped seeds and reach variations first")
    ap.add_argument("--grid", action="store_true",
                    help="first the computed-limit datatype grid (sparql_grid)")
    ap.add_argument("--ops", type=int, default=3, help="most mutations per application")
    ap.add_argument("--max-reports", type=int, default=20, help="disagreements printed")
    args = ap.parse_args(argv)

    logging.getLogger("rdflib").setLevel(logging.CRITICAL)  # ill-typed literals on purpose
    rng = random.Random(args.seed)
    prepared = get_prepared()
    codes = args.codes.split(",") if args.codes else [j.id for j in jurisdictions.all()]
    all_seeds = seeds(codes)
    lims = limits(prepared, codes)
    classes, props = shape_terms(prepared, codes)
    mut = Mutator(rng, lims, classes, props)
    mut.markers = markers_of(prepared, codes)
    start = time.process_time()
    counts = {"input": 0, "derived": 0, "report": 0, "refused": 0, "grid": 0}
    found: list[str] = []
    seen: set[str] = set()

    # reach variations first, one seed per (code, expected shape)
    queue: list[tuple[str, str, Graph, str]] = []
    for jid, name, graph, _shapes in all_seeds:
        queue.append((jid, name, graph, "as shipped"))
    reach_q: list[tuple[str, str, Graph, str]] = []
    for jid, name, graph, shapes in all_seeds:
        if not shapes:
            continue
        compiled = prepared.compiled(jid)
        shape = sorted(shapes)[rng.randrange(len(shapes))]
        rule = compiled.shape_rule.get(shape)
        if rule is None:
            continue
        focuses = sorted({o for o in graph.objects(None, DL.proposes)}
                         | {o for o in graph.objects(None, DL.hasPart)}, key=lambda n: n.n3())
        if not focuses:
            continue
        focus = rng.choice(focuses)
        try:
            for variation, varied in reach.variations(prepared, jid, rule, graph, focus):
                reach_q.append((jid, name, varied, f"reach {variation.dimension}: "
                                f"{variation.label} ({focus.n3()})"))
        except Exception:
            traceback.print_exc()
    rng.shuffle(reach_q)
    queue.extend(reach_q[: args.n // 3])
    if not args.shipped:
        queue = []

    def note(kind: str, name: str, label: str, g: Graph, what: str,
             disagrees: Callable[[Graph], bool]) -> None:
        key = what.split("\n")[0][:200] + label.split(":")[0]
        if len(found) >= args.max_reports or key in seen:
            found.append(key)
            return
        seen.add(key)
        small = reduce(g, disagrees, args.reduce_budget)
        text = small.serialize(format="turtle")
        found.append(key)
        print(f"=== DISAGREEMENT ({kind}) {name} [{label}]\n    {what}\n--- reduced "
              f"application ({len(small)} of {len(g)} triples):\n{text}", flush=True)

    derived_of: dict[int, Graph | None] = {}
    gridded: set[object] = set()
    if args.grid:
        for _jid, name, graph, _shapes in all_seeds:
            if args.budget and time.process_time() - start > args.budget / 2:
                break
            got = outcome(lambda g=graph, n=name: derive(g, prepared, n))
            if got[0] != "ok" or DL.computedLimitValue not in set(got[1].predicates()):
                continue
            rules = {r for cl in got[1].objects(None, DL.computedLimitValue)
                     for r in got[1].objects(cl, DL.rule)}
            if rules <= gridded:  # one graph per computed-limit rule
                continue
            gridded.update(rules)
            djid = jurisdiction_of(got[1])
            for glabel, g in sparql_grid(got[1]):
                if args.budget and time.process_time() - start > args.budget / 2:
                    break
                counts["grid"] += 1
                if counts["grid"] % 500 == 0:
                    print(f"... grid {counts['grid']} disagreements {len(found)} cpu "
                          f"{time.process_time() - start:.0f}s", file=sys.stderr, flush=True)
                what = derived_disagreement(g, prepared, djid)
                if what:
                    note("grid", name, glabel, g, what,
                         lambda x, j=djid: derived_disagreement(x, prepared, j) is not None)
    i = 0
    while True:
        if args.budget and time.process_time() - start > args.budget:
            break
        total = counts["input"] + counts["derived"]
        if total >= args.n:
            break
        if i < len(queue):
            jid, name, graph, label = queue[i]
            varied = graph
        else:
            jid, name, graph, _shapes = rng.choice(all_seeds)
            varied = copy_graph(graph)
            done = mut.apply(varied, rng.randint(1, args.ops))
            label = "; ".join(done) or "unchanged"
        i += 1
        # input level
        try:
            derived = derive(varied, prepared, name)
            djid = jurisdiction_of(derived)
        except Exception:
            counts["refused"] += 1
            derived = None
        counts["input"] += 1
        if derived is not None:
            what = derived_disagreement(derived, prepared, djid)
            if what:
                note("input", name, label, varied, what,
                     lambda g, n=name: input_disagreement(g, prepared, n) is not None)
            if args.report_every and counts["input"] % args.report_every == 0:
                counts["report"] += 1
                what = report_disagreement(varied, prepared)
                if what:
                    note("report", name, label, varied, what,
                         lambda g: report_disagreement(g, prepared) is not None)
        # derived level: the seed's own derived graph (or the varied one's) mutated itself
        base = derived if derived is not None and rng.random() < 0.3 else None
        if base is None:
            if id(graph) not in derived_of:
                got = outcome(lambda g=graph, n=name: derive(g, prepared, n))
                derived_of[id(graph)] = got[1] if got[0] == "ok" else None
            base = derived_of[id(graph)]
        if base is not None and (i > len(queue) or rng.random() < 0.5):
            djid = jurisdiction_of(base)
            dg = copy_graph(base)
            done = mut.apply(dg, rng.randint(1, args.ops))
            dlabel = "derived " + ("; ".join(done) or "unchanged")
            counts["derived"] += 1
            what = derived_disagreement(dg, prepared, djid)
            if what:
                note("derived", name, f"{label} || {dlabel}", dg, what,
                     lambda g, j=djid: derived_disagreement(g, prepared, j) is not None)
        if (counts["input"] + counts["derived"]) % 500 == 0:
            print(f"... {counts} disagreements {len(found)} cpu "
                  f"{time.process_time() - start:.0f}s", file=sys.stderr, flush=True)

    print(f"compared: {counts['input']} input applications ({counts['refused']} refused by "
          f"derive), {counts['derived']} derived-level mutations, {counts['report']} "
          f"report pairs, {counts['grid']} grid graphs; disagreements: {len(found)} "
          f"({len(seen)} distinct); "
          f"cpu {time.process_time() - start:.0f}s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
