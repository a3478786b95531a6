"""Where docklaw's data lives: found from this file, never from the working directory."""

from __future__ import annotations

import os
from pathlib import Path

#: Repository root (``DOCKLAW_HOME`` overrides, for installs outside a checkout).
ROOT: Path = Path(os.environ.get("DOCKLAW_HOME") or Path(__file__).resolve().parents[2])
ONTOLOGY_DIR = ROOT / "ontology"
ONTOLOGY_FILE = ONTOLOGY_DIR / "docklaw.ttl"
TERMS_DIR = ONTOLOGY_DIR / "terms"
CODES_DIR = ONTOLOGY_DIR / "codes"
SHAPES_DIR = ROOT / "shapes"
QUERIES_DIR = ROOT / "queries"
EXAMPLES_DIR = ROOT / "examples"

# Which codes exist, their ids, aliases and folders: docklaw.jurisdictions (the registry).
