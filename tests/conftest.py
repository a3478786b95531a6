"""Suite-wide guard: no test may change a loaded knowledge graph or SPARQL store.

Every app's knowledge (``docklaw.web.knowledge.load``) is fingerprinted (quad count and
content hash) when it is loaded, and checked again when the session ends: an update that
slipped through any route or parameter fails the run. ``law_app`` is the shared app on the
real knowledge graph used by the hardening, security and fuzz tests.

The suite runs in parallel (pytest-xdist, ``-n auto --dist loadgroup`` in pyproject.toml, with
the scheduler below):
each worker is its own session (its own apps, stores and temporary directories; the disk
caches are written atomically, ``docklaw.kg.cache``). What cannot be shared between workers is
kept on one: every test that loads the external SPARQL store (``remote_url`` or the ``remote``
mark) runs in one group per server, the browser tests in one group with one Chromium and one
site server for the whole session, and a module with a module-scoped fixture of its own runs
whole on one worker (``group_of``).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from docklaw.sparql.fingerprint import graph_fingerprint, store_fingerprint

GROUPS_DIR = pytest.StashKey[Path]()
#: Modules reading the same validated or derived test cases (``test_cases.run_case``,
#: ``derived_case``, cached per process): on one worker each case is validated and derived once,
#: not once per module.
SHARED_CASES = ("test_cases.py", "test_excess.py", "test_fast_shacl.py")


def group_of(item: pytest.Item) -> str | None:
    """The xdist group an item must run in, or None (any worker).

    One worker per shared external resource: a test that loads the Oxigraph server replaces
    graphs another reads (test_remote_store, test_answers, test_per_code_graphs and
    test_store_view all load the law into the same server), and Chromium is heavy. Then a
    module whose tests share a module-scoped fixture it defines (a loaded store, a scaffolded
    registry, an app) stays whole, so the fixture is built once, not once per worker; the
    modules that read the validated test cases share one worker (``SHARED_CASES``); and tests
    marked ``xdist_group(name)`` run together (test_reach: each code's sweep, cached per
    process, is computed on one worker, not on both)."""
    names = getattr(item, "fixturenames", ())
    module = item.nodeid.split("::")[0]
    if item.path.name in SHARED_CASES:
        return "cases"
    marked = item.get_closest_marker("xdist_group")
    if marked is not None and marked.args:  # e.g. test_reach: one code's sweep, run once
        return f"{module}::{marked.args[0]}"
    if item.get_closest_marker("browser"):
        return "browser"
    if "union_store" in names:
        return "remote-union"
    if item.get_closest_marker("remote") or "remote_url" in names:
        return "remote-store"
    info = getattr(item, "_fixtureinfo", None)
    for name in names:
        for fixturedef in (info.name2fixturedefs.get(name, ()) if info else ()):
            if fixturedef.scope == "module" and fixturedef.baseid == module:
                return module
    return None


# --------------------------------------------------------------------------- xdist scheduling
# The groups are worked out where the fixtures are known (each worker, at collection) and handed
# to the controller's scheduler in a file: pytest-xdist's own ``--dist loadgroup`` reads
# ``xdist_group`` marks through a node-id suffix that pytest 9.2 no longer lets it set, so its
# groups were silently ignored (remote-store tests ran on both workers at once).


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):
        compile_package()
    if not hasattr(config, "workerinput") and config.getoption("dist", "no") == "loadgroup":
        config.stash[GROUPS_DIR] = Path(tempfile.mkdtemp(prefix="docklaw-xdist-groups-"))
        write_rewritten_tests(config)
        if config.args_source == pytest.Config.ArgsSource.TESTPATHS:  # the whole suite
            prepare_law()


def write_rewritten_tests(config: pytest.Config) -> None:
    """Write pytest's assertion-rewritten bytecode of the test modules once, in the controller,
    before the workers start.

    Why: a worker imports every test module and pytest rewrites each one's asserts (~30 ms a
    module, ~3 s a worker); on a fresh clone, or with ``PYTHONDONTWRITEBYTECODE`` set (as on
    the CI machine, where pytest then writes no cache), every worker did all of it again. A
    worker reads the cache whatever that variable says, and checks it against the source's
    hash. pytest's own functions, not a public API: if they change, the workers rewrite as
    before (nothing is lost but the time)."""
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        folder = Path(__file__).resolve().parent
        for source in [folder / "conftest.py", *sorted(folder.glob("test_*.py"))]:
            cache_dir = rewrite.get_cache_dir(source)
            pyc = cache_dir / (source.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(source, pyc) is not None:
                continue
            if not rewrite.try_makedirs(cache_dir):
                return
            source_hash, code = rewrite._rewrite_test(source, config)
            rewrite._write_pyc(state, code, source_hash, pyc)
    except Exception:  # (any change in pytest's internals: the workers rewrite as before)
        return


def compile_package() -> None:
    """Write docklaw's bytecode once, before the workers start (the controller runs this).

    Why: with ``PYTHONDONTWRITEBYTECODE`` set (as on the CI machine) no interpreter writes
    ``__pycache__``, so every test worker and every ``docklaw`` subprocess the tests start
    (the README's commands, the hash-seed runs, the CLI tests) compiled the package's ~180
    modules from source again: ~0.2 s of each command's start. The variable only stops
    writing; an interpreter still reads bytecode that is there (git-ignored)."""
    import compileall

    import docklaw

    compileall.compile_dir(str(Path(docklaw.__file__).parent), quiet=2)


def prepare_law() -> None:
    """Build the prepared law and every code's compiled shapes into the disk cache once, in a
    child of the controller, before the workers start (the whole suite: a few files may need
    no law at all).

    Why: on a fresh clone (CI) the cache is empty, and every worker needs the law at collection
    (test_reach picks its parameters from it): each of them built it at the same moment, ~6 s
    of CPU apiece, and the ``docklaw`` subprocesses the first tests start found no cache
    either. Built once, each worker reads the verified snapshot (~0.4 s). A child, so the
    controller does not keep the law in memory for the whole run. Any failure is left to the
    workers, which then build it as before (and report what went wrong)."""
    import subprocess
    import sys

    import docklaw

    src = str(Path(docklaw.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [src, os.environ.get("PYTHONPATH")]))}
    script = ("from docklaw import jurisdictions\n"
              "from docklaw.law.snapshot import get_prepared\n"
              "prepared = get_prepared()\n"
              "for jid in jurisdictions.ids():\n"
              "    prepared.compiled(jid)\n")
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                       timeout=600, check=False)


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(GROUPS_DIR, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker per core and one more (``--maxprocesses`` caps it). Measured on
    two cores with one per core: the CPU was busy 65 % of the run (the rest: tests waiting on
    the Oxigraph server, Chromium, sleeps of the slow-client tests, subprocesses starting), so
    a third worker fills those waits."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """The controller tells each worker where to write the groups it finds."""
    node.workerinput["docklaw_groups"] = str(node.config.stash[GROUPS_DIR])


#: The seconds the scheduler assumes for a test without a ``cost`` mark (the suite's typical
#: test: a case validated, a page fetched).
DEFAULT_COST = 0.05


def cost_of(item: pytest.Item) -> float:
    """The seconds a test is marked to take on a quiet two-core run, about
    (``@pytest.mark.cost(seconds)``, its fixtures' setup included), or the default: only an
    order for the scheduler, never a limit."""
    marked = item.get_closest_marker("cost")
    return float(marked.args[0]) if marked is not None and marked.args else DEFAULT_COST


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a worker: write {node id: group} and the marked costs for the scheduler (atomically:
    read once all workers have reported their collection, which comes after this hook)."""
    folder = getattr(config, "workerinput", {}).get("docklaw_groups")
    if not folder:
        return
    groups = {item.nodeid: group for item in items if (group := group_of(item))}
    costs = {item.nodeid: cost for item in items if (cost := cost_of(item)) != DEFAULT_COST}
    target = Path(folder) / f"{config.workerinput['workerid']}.json"
    tmp = target.with_suffix(".tmp")
    tmp.write_text(json.dumps({"groups": groups, "costs": costs}), encoding="utf-8")
    os.replace(tmp, target)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup`` (pyproject.toml): a test of a group runs with its group on one
    worker, every other test on any worker; the costliest work goes out first.

    Why costliest first: xdist hands out the units (a group, or a single test) in order, a few
    at a time, as workers drain. Ordered by their number of tests, every group went out before
    any single test, and a single test of a minute (the hash-seed runs, the README's commands,
    one code's pyshacl comparison) went out in file order among thousands of small ones: if
    late, the run ends with it on one worker while the others idle. A unit's cost is the sum
    of its tests' (``cost_of``); longest first is the classic answer to that tail."""
    folder = config.stash.get(GROUPS_DIR, None)
    if folder is None:
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        groups: dict[str, str] | None = None
        costs: dict[str, float] | None = None
        ordered = False

        def _read(self) -> None:
            found = sorted(folder.glob("*.json"))
            assert found, "no worker wrote its test groups (tests/conftest.py)"
            written = json.loads(found[0].read_text(encoding="utf-8"))
            self.groups, self.costs = written["groups"], written["costs"]

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:
                self._read()
            assert self.groups is not None
            return f"group:{self.groups[nodeid]}" if nodeid in self.groups else nodeid

        def _assign_work_unit(self, node: Any) -> None:
            if not self.ordered:  # the queue is complete before the first unit goes out
                self.ordered = True
                costs = self.costs or {}

                def cost(unit: tuple[str, dict[str, bool]]) -> float:
                    return sum(costs.get(nodeid, DEFAULT_COST) for nodeid in unit[1])

                units = sorted(self.workqueue.items(), key=cost, reverse=True)  # (stable)
                self.workqueue.clear()
                self.workqueue.update(units)
            super()._assign_work_unit(node)

        # A worker that dies (pytest-timeout stops a hung test by ending its worker's process)
        # is replaced; pytest-xdist 3.8's scheduler then hung the run for good, every worker
        # idle (pytest-xdist issues 1323, 1327 and 1378; seen here at 22:39 UTC on a loaded
        # machine). The two fixes below are those upstream: a timeout is one failure with a
        # name, never a run that does not end (pyproject.toml).

        def remove_node(self, node: Any) -> str | None:
            """xdist's own, but the dead worker's finished units are not handed out again (an
            empty unit reaches a worker as an empty batch, which it never reports done) and
            the test it died on is not run again (xdist reports it failed; run again, a hang
            ends the next worker too)."""
            workload = self.assigned_work.pop(node)
            if not self._pending_of(workload):
                return None
            crashed = next(nodeid for unit in workload.values()
                           for nodeid, done in unit.items() if not done)
            for scope, unit in workload.items():
                unit.pop(crashed, None)
                if unit and not all(unit.values()):
                    self.workqueue[scope] = unit
            for other in self.assigned_work:
                self._reschedule(other)
            return crashed

        def schedule(self) -> None:
            """When a replacement worker joins, it is given work as at the start (units until
            it holds more than two tests), and once nothing is left every worker is told to
            stop after its tests: a worker holding a single test waits for a next one, or for
            that word, before it runs it."""
            started = self.collection is not None
            super().schedule()
            if not started:
                return
            for node in self.nodes:
                while (self.workqueue and not node.shutting_down
                       and self._pending_of(self.assigned_work[node]) <= 2):
                    self._assign_work_unit(node)
            if not self.workqueue:
                for node in self.nodes:
                    if not node.shutting_down:
                        node.shutdown()

    return GroupScheduling(config, log)


def fingerprint(found: Any) -> tuple[Any, Any]:
    """(law graph, SPARQL store) fingerprints of one app's knowledge. A law graph that is
    only a read-only view of that store (``docklaw.sparql.view``, what served apps use) holds
    nothing of its own: the store's fingerprint covers it (0.5 s of CPU saved per app)."""
    from docklaw.sparql.view import StoreView

    view = getattr(found.graph, "store", None)
    if isinstance(view, StoreView) and view.docklaw_store is found.store:
        return "view of the store", store_fingerprint(found.store)
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


@pytest.fixture(scope="session")
def site_app() -> Any:
    """The app as the site tests see it (real law, queries inline), loaded once per session
    for every module that only reads it (test_openapi, test_search, test_web_site)."""
    from docklaw.web import create_app

    return create_app({"TESTING": True, "SPARQL_EXECUTION": "inline"})


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


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The site on a real HTTP server (a free port), for the browser tests."""
    from werkzeug.serving import make_server

    from docklaw.web import create_app

    app = create_app({"SPARQL_EXECUTION": "inline"})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for every browser test of the session (its own profile)."""
    from fixtures.browser import chromium

    with chromium() as driver:
        yield driver
