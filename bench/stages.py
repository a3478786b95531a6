"""Where a validation's time goes: CPU per pipeline stage and per derivation step (issue 27).

Why a script of its own: cProfile multiplies the cost of small calls (the validator makes
~40,000 Python calls per application), so its shares overstate the stages made of many small
calls. Here each stage function is wrapped once (one clock read on entry and exit) and the
applications run as ``bench_validate`` runs them (every example and case, warm, CPU time),
so the table adds up to the validation's own time. The wrappers replace the names the pipeline
and ``derive_application`` look up in their modules, in this process only.

    python bench/stages.py [--rounds 2] [--every 1]
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import load_apps, warm_up
from common import machine
from docklaw.errors import DocklawError
from docklaw.law.snapshot import get_prepared
from docklaw.validate import pipeline
from docklaw.validate.derivation import derive

#: pipeline.py's stages, as validate_graph and validate_bytes call them
PIPELINE = ("parse", "stable_blank_nodes", "admit", "derive_application", "check", "cite",
            "bounded", "unread_warnings", "account", "set_aside_moot_exceptions",
            "one_per_fact", "collect", "variances_of", "not_read", "drawn_limits")
#: derive_application's steps (derive.py), the largest stage
DERIVE = ("materialise_types", "imply_status", "link_appurtenances", "propose_worked",
          "maintenance_only", "work_by_parts", "place_proposed", "walkway_widths",
          "run_geometry", "normalise_units", "normalise_month_days", "apply_defaults",
          "derive_totals", "flags_from_parts", "grown_wholes", "unknown_reach",
          "raised_by_parts", "footage_categories", "derive_flags", "record_exemptions",
          "focus_nodes", "computed_limits", "mark_focus_nodes", "record_undecided",
          "ask_unknown_growth")


def wrap(module: ModuleType, name: str, label: str, spent: Counter[str]) -> None:
    """Replace ``module.name`` by a timing wrapper adding its CPU time to ``spent[label]``."""
    inner: Callable[..., Any] = getattr(module, name)
    clock = time.process_time

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = clock()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[label] += clock() - started

    setattr(module, name, timed)


def late_stages(spent: Counter[str]) -> None:
    """The stages the pipeline reaches through a module: ``readings.evaluate``, and
    ``plan_svg`` (imported where the plan is drawn)."""
    from docklaw.validate.findings import readings
    from docklaw.validate.output import plan

    wrap(readings, "evaluate", "readings", spent)
    wrap(plan, "plan_svg", "plan_svg", spent)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2, help="passes over the applications")
    parser.add_argument("--every", type=int, default=1, help="take every Nth application")
    args = parser.parse_args(argv)
    apps = dict(list(load_apps().items())[::args.every])
    prepared = get_prepared()
    warm_up(apps, prepared)
    spent: Counter[str] = Counter()
    for name in PIPELINE:
        wrap(pipeline, name, name, spent)
    late_stages(spent)
    for name in DERIVE:
        wrap(derive, name, f"derive: {name}", spent)
    spent.clear()
    runs = 0
    started = time.process_time()
    for _ in range(args.rounds):
        for name, data in apps.items():
            with contextlib.suppress(DocklawError):
                pipeline.validate_bytes(data, "turtle", name, prepared=prepared)
            runs += 1
    total = time.process_time() - started
    print(machine())
    print(f"\n## Where validate_bytes spends its CPU ({len(apps)} applications x {args.rounds}, "
          f"warm): {total / runs * 1000:.2f} ms per application\n")
    print("| stage | ms per application | share |\n| --- | --- | --- |")
    for label, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        if seconds / runs >= 0.00001:
            print(f"| {label} | {seconds / runs * 1000:.3f} | {100 * seconds / total:.1f} % |")
    print("\n(derive_application's row includes its steps, listed as `derive: ...`; `check` and "
          "`cite` run inside `cited` and again inside `bounded` where a total is bounded)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
