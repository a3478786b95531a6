"""``python -m docklaw``: the ``docklaw`` command, where only the interpreter is on PATH."""

from __future__ import annotations

import sys

from docklaw.cli import main

if __name__ == "__main__":
    sys.exit(main())
