"""``python -m docklaw`` is the ``docklaw`` command (a blind reviewer reached for it first)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from docklaw import __version__

SRC = Path(__file__).resolve().parents[1] / "src"


def _env() -> dict[str, str]:
    path = os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path}


def test_python_dash_m_docklaw_runs_the_command() -> None:
    env = _env()
    out = subprocess.run([sys.executable, "-m", "docklaw", "--version"], capture_output=True,
                         text=True, env=env, timeout=120, check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"docklaw {__version__}"


def test_python_dash_m_docklaw_without_a_command_exits_2_with_help() -> None:
    env = _env()
    out = subprocess.run([sys.executable, "-m", "docklaw"], capture_output=True, text=True,
                         env=env, timeout=120, check=False)
    assert out.returncode == 2
    assert "usage: docklaw" in out.stderr
