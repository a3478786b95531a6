"""Suite-wide guard: no test may change a loaded knowledge graph or SPARQL store.

Every app's knowledge (``docklaw.web.knowledge.load``) is fingerprinted (quad count and
content hash) when it is loaded, and checked again when the session ends: an update that
slipped through any route or parameter fails the run. ``law_app`` is the shared app on the
real knowledge graph used by the hardening, security and fuzz tests.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from docklaw.sparql.fingerprint import graph_fingerprint, store_fingerprint


def fingerprint(found: Any) -> tuple[Any, Any]:
    """(law graph, SPARQL store) fingerprints of one app's knowledge."""
    return graph_fingerprint(found.graph), store_fingerprint(found.store)


@pytest.fixture(scope="session", autouse=True)
def knowledge_unchanged() -> Iterator[list[tuple[Any, tuple[Any, Any]]]]:
    from docklaw.web import knowledge as module

    loaded: list[tuple[Any, tuple[Any, Any]]] = []
    original = module.load

    def recording_load(app: Any) -> Any:
        found = original(app)
        with contextlib.suppress(TypeError):  # a remote store: not fingerprinted in-process
            loaded.append((found, fingerprint(found)))
        return found

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(module, "load", recording_load)
        yield loaded
    for found, before in loaded:
        after = fingerprint(found)
        assert after == before, f"a test changed the loaded knowledge: {before} -> {after}"


@pytest.fixture(scope="session")
def law_app() -> Any:
    """The app on the real knowledge graph, queries in killable worker processes."""
    from docklaw.web import create_app
    from docklaw.web.knowledge import knowledge

    app = create_app({"SPARQL_EXECUTION": "process", "SPARQL_WORKERS": 2,
                      "SPARQL_TIMEOUT": 4.0, "SPARQL_WORKER_MEMORY": 1024**3,
                      "VALIDATE_MAX_BYTES": 64 * 1024})
    knowledge(app)
    yield app
    knowledge(app).store.close()


@pytest.fixture
def remote_url() -> str:
    """The external SPARQL store the remote tests load and query (``DOCKLAW_TEST_SPARQL_URL``,
    the Oxigraph server ``.ci/run`` starts). Under CI its absence is a failure; elsewhere the
    test is skipped with that reason."""
    import os

    url = os.environ.get("DOCKLAW_TEST_SPARQL_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("CI is set but DOCKLAW_TEST_SPARQL_URL is not")
        pytest.skip("no external SPARQL store: set DOCKLAW_TEST_SPARQL_URL")
    return url
