"""Validate permit applications against the dock codes.

Pipeline: parse -> derive -> check -> cite -> report. The public names are imported on first
use, so ``docklaw.validate.commands`` registers its subcommand without loading the pipeline.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Prepared", "Report", "get_prepared", "validate_bytes", "validate_graph"]

_HOMES = {"validate_bytes": "api", "validate_graph": "api", "Prepared": "prepare",
          "get_prepared": "prepare", "Report": "report"}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'docklaw.validate' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(f"docklaw.validate.{home}"), name)
