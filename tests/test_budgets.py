"""One request, one budget (issue 23): ``POST /validate?against=all`` parses once and validates
under every code within ONE ``VALIDATE_TIMEOUT`` (it had five budgets: a hostile upload held
a CPU for 100 s), and ``derive``, ``plan`` and ``validate --against all`` run under the
validation budget too (they had none).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import pytest

from docklaw import paths
from docklaw.paths import EXAMPLES_DIR

COMPLETE = EXAMPLES_DIR / "north-haven" / "complete.ttl"
GEOMETRY = EXAMPLES_DIR / "north-haven" / "geometry.ttl"


def test_against_all_has_one_budget_for_the_whole_request(
        law_app: Any, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Each code's validation is made to take 0.9 s, under the request's budget of 1.5 s; five
    codes take 4.5 s: the request must stop at its one budget (503), not run on code after code.

    Why 0.9 s and a bound of 4 s: the bound must lie between what the one budget gives (1.5 s
    and the cost of stopping a worker) and what five codes take; with 0.6 s a code (3 s in all,
    a bound of 2.9 s) the margin was 1.4 s, and a loaded two-core host used it up (3.01 s and
    3.09 s, bench/RESULTS.md, seventeenth and eighteenth sessions)."""
    from docklaw.validate import pipeline as api
    from docklaw.validate import pool
    from docklaw.validate.matrix import registered_codes

    assert len(registered_codes()) >= 5
    api.warm_once()  # before the slow-down: the server warms up once, at start
    original = api.validate_graph

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.9)
        return original(*args, **kwargs)

    monkeypatch.setattr(api, "validate_graph", slow)
    pool.reset()  # the validation workers are forked from now on: they run the slow one
    request.addfinalizer(pool.reset)  # and none of them outlives this test
    monkeypatch.setitem(law_app.config, "VALIDATE_TIMEOUT", 1.5)
    started = time.monotonic()
    answer = law_app.test_client().post("/validate?against=all", data=COMPLETE.read_bytes(),
                                        headers={"Content-Type": "text/turtle"})
    elapsed = time.monotonic() - started
    assert answer.status_code == 503, answer.get_data(as_text=True)[:300]
    assert "1.5 s" in answer.get_json()["error"]
    assert elapsed < 4.0


def test_against_all_answers_within_its_budget(law_app: Any) -> None:
    answer = law_app.test_client().post("/validate?against=all", data=COMPLETE.read_bytes(),
                                        headers={"Content-Type": "text/turtle"})
    assert answer.status_code == 200
    matrix = answer.get_json()
    assert matrix["own_jurisdiction"] == "north-haven"
    assert {c["jurisdiction"] for c in matrix["matrix"]} >= {"north-haven", "kings-point"}


def test_against_is_documented_in_web_md_and_openapi(law_app: Any) -> None:
    text = (paths.ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert "`against=all`" in text and "ONE `VALIDATE_TIMEOUT`" in text
    spec = law_app.test_client().get("/openapi.json").get_json()
    params = {p["name"]: p for p in spec["paths"]["/validate"]["post"]["parameters"]}
    assert params["against"]["schema"]["enum"] == ["all"]
    assert "503" in spec["paths"]["/validate"]["post"]["responses"]


@pytest.mark.parametrize("args", [["derive", str(GEOMETRY)], ["plan", str(GEOMETRY)],
                                  ["validate", "--against", "all", str(COMPLETE)]],
                         ids=lambda a: a[0] if a[0] != "validate" else "against")
def test_derive_plan_and_against_run_under_the_validation_budget(args: list[str]) -> None:
    """A budget of 0.01 s stops them (exit 5, saying so); the default budget lets them end."""
    env = os.environ | {"DOCKLAW_VALIDATE_TIMEOUT": "0.01"}
    done = subprocess.run([sys.executable, "-m", "docklaw.cli", *args], capture_output=True,
                          env=env, timeout=300)
    assert done.returncode == 5, done.stderr.decode()[-400:]
    assert b"stopped after 0.01 s" in done.stderr
    env = os.environ | {"DOCKLAW_VALIDATE_TIMEOUT": "20"}
    done = subprocess.run([sys.executable, "-m", "docklaw.cli", *args, *(
        ["--format", "json"] if args[0] == "validate" else [])], capture_output=True, env=env,
        timeout=300)
    assert done.returncode in (0, 1, 4), done.stderr.decode()[-400:]
    if args[0] == "validate":
        assert json.loads(done.stdout)["own_jurisdiction"] == "north-haven"
    elif args[0] == "plan":
        assert done.stdout.startswith(b"<svg") or b"<svg" in done.stdout[:200]
