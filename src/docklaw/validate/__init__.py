"""Validate permit applications against the dock codes.

Pipeline: parse -> derive -> check -> cite -> report.
"""

from __future__ import annotations

from docklaw.validate.api import validate_bytes, validate_graph
from docklaw.validate.prepare import Prepared, get_prepared
from docklaw.validate.report import Report

__all__ = ["Prepared", "Report", "get_prepared", "validate_bytes", "validate_graph"]
