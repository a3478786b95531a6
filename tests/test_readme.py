"""The README's two commands are the ones CI runs and a newcomer types."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _sh_blocks(text: str) -> list[str]:
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, flags=re.S)]


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    blocks = _sh_blocks(readme)
    test_cmd = next(b for b in blocks if "pytest" in b)
    assert test_cmd in ci, "the README's test command must be the one .ci/run executes"


def test_readme_run_command_serves_the_bundled_codes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    run_cmd = _sh_blocks(readme)[0]
    assert run_cmd.endswith("docklaw serve")
    assert "pip install -e ." in run_cmd
