"""Validate permit applications against the dock codes.

Pipeline, one sub-package per stage: ``intake`` (parse: bytes -> graph, unsafe or unknown input
refused) -> ``derivation`` (derive: units, geometry, types, defaults, flags, totals, computed
limits) -> ``shapes`` (prepare once, then targets and check) -> ``findings`` (cite, relief,
accounting, readings, variance figures, measurements) -> ``output`` (the report's forms).
Around them: ``api`` (the entry points), ``commands`` / ``export_commands`` (CLI), ``batch``,
``budget``, ``matrix``, ``export``, ``needs``, ``status``. The public names are imported on
first use, so ``docklaw.validate.commands`` registers its subcommand without loading the
pipeline.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Prepared", "Report", "get_prepared", "validate_bytes", "validate_graph"]

_HOMES = {"validate_bytes": "validate.pipeline", "validate_graph": "validate.pipeline",
          "Prepared": "law.prepare", "get_prepared": "law.snapshot",
          "Report": "validate.output.report"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'docklaw.validate' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"docklaw.{home}"), name)
