"""Export formats, in a module of their own so registering ``docklaw export`` imports no rdflib."""

from __future__ import annotations

#: CLI format name -> (rdflib serializer, file suffix)
FORMATS: dict[str, tuple[str, str]] = {
    "turtle": ("turtle", ".ttl"),
    "nt": ("nt", ".nt"),
    "jsonld": ("json-ld", ".jsonld"),
    "trig": ("trig", ".trig"),
}
