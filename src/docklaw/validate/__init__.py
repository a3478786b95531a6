"""Validate permit applications against the dock codes.

One pipeline (``pipeline``: the only module that knows the order), one sub-package per stage,
each reading the law model (``docklaw.law``) and what earlier stages produced (``values``):
``intake`` (parse: bytes -> graph, unsafe input refused; admit: one application of a known
code, in the ontology's vocabulary) -> ``derivation`` (units, geometry, types, defaults, flags,
totals, computed limits) -> ``checking`` (the compiled shapes run) -> ``findings`` (citations,
relief, accounting, readings, variance figures, measurements, unread terms, the limits a plan
draws) -> ``output`` (the report and its forms: JSON, Turtle, text, HTML, the plan).
Above the pipeline: ``batch``, ``matrix``, ``export``, ``needs``, ``bench``; on top, the
commands (``commands``, ``export_commands``, ``plan_commands``). ``status`` names the outcomes.
The public names below are imported on first use, so ``docklaw.validate.commands`` registers
its subcommand without loading the pipeline.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Prepared", "Report", "check", "cite", "derive", "get_prepared", "parse",
           "validate_bytes", "validate_bytes_within", "validate_graph"]

_HOMES = {"validate_bytes": "validate.pipeline", "validate_graph": "validate.pipeline",
          "validate_bytes_within": "validate.pipeline", "derive": "validate.pipeline",
          "parse": "validate.intake.parse", "check": "validate.checking.check",
          "cite": "validate.findings.cite", "Prepared": "law.prepare",
          "get_prepared": "law.snapshot", "Report": "validate.output.report"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'docklaw.validate' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"docklaw.{home}"), name)
