"""The prepared validation state, serialised once per input digest and loaded in a fraction
of the time it takes to build: ``get_prepared()``, the process's one ``Prepared``.

Why: ``docklaw validate FILE`` spent most of its second building ``Prepared`` (ingesting five
codes, parsing the curated Turtle, merging graphs, extracting sections and rules) although none
of it depends on the application. The snapshot is a pickle of ``Prepared`` (compiled shapes
excluded: compiling one code costs less than unpickling five) written through
``docklaw.kg.cache``: its header carries the digest of every input file and every docklaw
source file, and the digest of its own body. A snapshot that does not verify, or does not
unpickle, is rebuilt from the sources; it is never used in part.

rdflib's own pickling re-validates every IRI and re-parses every literal on load; the reducers
below store terms as they are (lexical form, datatype, language and the already parsed Python
value), which is what makes loading fast. The cache folder is the user's own
(``$DOCKLAW_CACHE`` / ``~/.cache/docklaw``); like any pickle it must not be shared with
untrusted users.
"""

from __future__ import annotations

import copyreg
import dataclasses
import gc
import hashlib
import io
import pickle
import platform
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import rdflib
from rdflib import BNode, Literal, URIRef

from docklaw import jurisdictions, paths
from docklaw.law.compile import CompiledShapes
from docklaw.law.prepare import Prepared, build_real_prepared, known_terms
from docklaw.namespaces import intern_term

KIND = "prepared"


def _uri(value: str) -> URIRef:
    """The IRI as one object per process (``namespaces.intern_term``): the law's terms are the
    same objects as the code's constants and, once admitted, the application's."""
    return intern_term(str.__new__(URIRef, value))


def _bnode(value: str) -> BNode:
    return str.__new__(BNode, value)


def _literal(lexical: str, language: str | None, datatype: URIRef | None, value: Any,
             ill_typed: bool | None) -> Literal:
    term = str.__new__(Literal, lexical)
    term._language = language
    term._datatype = datatype
    term._value = value
    term._ill_typed = ill_typed
    return term


def _reduce_uri(term: URIRef) -> tuple:
    return _uri, (str(term),)


def _reduce_bnode(term: BNode) -> tuple:
    return _bnode, (str(term),)


def _reduce_literal(term: Literal) -> tuple:
    return _literal, (str(term), term._language, term._datatype, term._value, term._ill_typed)


class _Pickler(pickle.Pickler):
    """A pickler with fast reducers for rdflib terms (this pickler only, not global)."""

    dispatch_table = copyreg.dispatch_table.copy()
    dispatch_table[URIRef] = _reduce_uri
    dispatch_table[BNode] = _reduce_bnode
    dispatch_table[Literal] = _reduce_literal


def dumps(obj: Any) -> bytes:
    buf = io.BytesIO()
    _Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def loads(body: bytes) -> Any:
    """Unpickle with the cyclic garbage collector paused (it would otherwise scan the
    hundreds of thousands of new objects several times: 2-3x slower); None if it fails.

    What was loaded is then frozen (``gc.freeze``): it lives as long as the process, and
    otherwise the first full collection after it (inside the first validation) would walk all
    of it once more (~70 ms of a warm ``docklaw validate``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        found = pickle.loads(body)
    except Exception:  # verified but not loadable (a changed class): the caller rebuilds
        return None
    else:
        gc.freeze()
        return found
    finally:
        if enabled:
            gc.enable()


def source_digest() -> str:
    """Digest of what a Prepared is computed from: every input of the knowledge graph, every
    docklaw source file (the code that builds it), and the Python and rdflib versions."""
    from docklaw.kg.build import inputs_digest

    h = hashlib.sha256(inputs_digest().encode())
    h.update(f"{platform.python_version()} rdflib {rdflib.__version__}".encode())
    package = paths.ROOT / "src" / "docklaw"
    for path in sorted(package.rglob("*.py")):
        h.update(str(path.relative_to(package)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]


def snapshot_path(digest: str) -> Path:
    from docklaw.kg.cache import cache_dir

    return cache_dir() / f"prepared-{digest}.pickle"


def _portable(prepared: Any) -> Any:
    """A copy without what cannot or should not be stored (lock, compiled shapes)."""
    return dataclasses.replace(prepared, _compiled={}, _lock=None, _load_or_compile=None)


def _revive(prepared: Any) -> Any:
    from docklaw.geometry import classes

    prepared._lock = threading.Lock()
    prepared._compiled = {}
    prepared._load_or_compile = load_or_compile
    for jid, hierarchy in prepared.class_hierarchies.items():
        classes.PRIMED.setdefault(jid, hierarchy)
    return prepared


def _hierarchies() -> dict[str, Any]:
    """The geometry stage's class hierarchy of every code, computed by its own function."""
    from docklaw.geometry.classes import class_hierarchy

    return {jid: class_hierarchy(jid) for jid in jurisdictions.ids()}


def load_or_build(build: Any) -> Any:
    """The verified snapshot of ``build()``'s result, else ``build()`` (and store it)."""
    from docklaw.kg.cache import read_verified, write_verified

    digest = source_digest()
    path = snapshot_path(digest)
    body = read_verified(path, KIND, digest)
    if body is not None:
        found = loads(body)
        if isinstance(found, Prepared) and found.snapshot_digest == digest:
            return _revive(found)
    prepared = build()
    prepared.snapshot_digest = digest
    prepared.class_hierarchies = _hierarchies()
    known_terms(prepared)  # stored on the snapshot: not re-collected in every process
    write_verified(path, KIND, digest, dumps(_portable(prepared)))
    prepared._load_or_compile = load_or_compile
    return prepared


@lru_cache(maxsize=1)
def get_prepared() -> Prepared:
    """The process-wide Prepared for the real ontology, rules and shapes: loaded from its
    verified on-disk snapshot when the inputs are unchanged."""
    return load_or_build(build_real_prepared)


def load_or_compile(jid: str, prepared: Any, compile_shapes: Any) -> Any:
    """One code's compiled shapes from its verified snapshot (keyed by the Prepared's digest),
    else compiled and stored. Loading one code costs about a third of compiling it."""
    from docklaw.kg.cache import cache_dir, read_verified, write_verified

    digest = prepared.snapshot_digest
    path = cache_dir() / f"compiled-{jid}-{digest}.pickle"
    body = read_verified(path, f"compiled-{jid}", digest)
    if body is not None:
        found = loads(body)
        if isinstance(found, CompiledShapes) and found.jurisdiction == jid:
            return found
    compiled = compile_shapes(jid, prepared)
    if compiled.engine is None:  # the pyshacl engine is built per process, never stored
        write_verified(path, f"compiled-{jid}", digest, dumps(compiled))
    return compiled
