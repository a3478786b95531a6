"""The one result shape every backend returns, so serialisation is written once."""

from __future__ import annotations

from dataclasses import dataclass, field

from rdflib import Graph
from rdflib.term import Node


@dataclass
class QueryResult:
    """A finished query: rows (SELECT), a boolean (ASK) or a graph (CONSTRUCT/DESCRIBE).

    ``truncated`` is True when the row cap cut the result; rows are rdflib terms (None for
    an unbound variable) so every backend serialises the same way.
    """

    kind: str  # "SELECT" | "ASK" | "CONSTRUCT" | "DESCRIBE"
    variables: list[str] = field(default_factory=list)
    rows: list[tuple[Node | None, ...]] = field(default_factory=list)
    boolean: bool | None = None
    graph: Graph | None = None
    truncated: bool = False
    max_rows: int | None = None
    elapsed: float = 0.0

    @property
    def is_graph(self) -> bool:
        return self.kind in ("CONSTRUCT", "DESCRIBE")

    def __len__(self) -> int:
        if self.graph is not None:
            return len(self.graph)
        return len(self.rows)
