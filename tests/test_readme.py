"""The README is a script that works: its two set-up commands are the ones CI runs, and every
other command in it runs as written, with the output it shows."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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


def prose_commands() -> list[str]:
    """Commands quoted inline in the README's prose (`...`) that start a Python."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    prose = re.sub(r"```.*?```", "", readme, flags=re.S)
    spans = [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
    return [c for c in spans if re.match(r"(\S*/)?python[0-9.]*( |$)", c)]


def test_readme_benchmark_commands_use_the_venv_and_run() -> None:
    """Issue 28: `python -m docklaw.validate.bench` and `python bench/load.py` failed as
    written on a fresh machine (a bare `python` is not the venv's). Every Python the README
    names is the venv's, and each command it names (placeholders aside) starts and answers
    --help (the benchmarks themselves are not tests)."""
    commands = prose_commands()
    assert any("docklaw.validate.bench" in c for c in commands)
    assert any("bench/load.py" in c for c in commands)
    bare = [c for c in commands if not c.startswith(".venv/bin/python ")]
    assert bare == [], f"commands that do not use the venv's Python: {bare}"
    for command in commands:
        args = shlex.split(command)[1:]
        if any("<" in a for a in args):  # `.venv/bin/python bench/<script>.py`: every script
            assert list((ROOT / "bench").glob("*.py")), command
            continue
        done = subprocess.run([sys.executable, *args, "--help"], cwd=ROOT, capture_output=True,
                              text=True, timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)
        assert done.returncode == 0 and "usage:" in done.stdout, (command, done.stderr[-2000:])


# --------------------------------------------------------------------------- the README runs


#: seconds one README command may take (the machine may be busy)
COMMAND_TIMEOUT = 600
#: exit codes a command may end with besides 0: validating (or planning) an application with
#: violations is 1 (and 4 where a report cannot be completed); everything else must succeed
VALIDATE_CODES = {0, 1, 4}


def everyday_commands() -> list[str]:
    """Every command line of the README's sh blocks after the two set-up commands."""
    blocks = _sh_blocks((ROOT / "README.md").read_text(encoding="utf-8"))[2:]
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def copy_of_repository(dest: Path) -> Path:
    """The tracked files in a fresh git repository (so git can tell what a command left)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=False)
    if listed.returncode == 0 and listed.stdout:
        for name in filter(None, listed.stdout.decode().split("\0")):
            source = ROOT / name
            if source.is_file():
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest / name)
    else:  # not a checkout: copy what a checkout would hold
        shutil.copytree(ROOT, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".git", ".venv", "*.egg-info", "__pycache__", ".pytest_cache", "out"))
    git = ["git", "-c", "user.name=readme", "-c", "user.email=readme@example.org"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "copy"]):
        subprocess.run([*git, *args], cwd=dest, check=True, capture_output=True)
    # the set-up commands made .venv/bin/docklaw; here it is this interpreter's docklaw
    script = dest / ".venv" / "bin" / "docklaw"
    script.parent.mkdir(parents=True)
    script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m docklaw.cli "$@"\n')
    script.chmod(0o755)
    return dest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_server(command: str, cwd: Path) -> None:
    """Start ``docklaw serve ...`` on a free port, wait for the query page, stop it."""
    port = free_port()
    args = [*shlex.split(command, comments=True), "--port", str(port)]
    proc = subprocess.Popen(args, cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + COMMAND_TIMEOUT
        while True:
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                pytest.fail(f"`{command}` exited {proc.returncode}: {out[-2000:]}")
            try:
                url = f"http://127.0.0.1:{port}/search?q=dock&format=json"
                with urllib.request.urlopen(url, timeout=30) as r:
                    assert r.status == 200 and json.load(r)["results"]
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"`{command}` did not answer within {COMMAND_TIMEOUT} s")
                time.sleep(0.5)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def contains(shown: object, real: object, where: str = "$") -> None:
    """Everything the README shows is in the real output (lists: each shown item somewhere)."""
    if isinstance(shown, dict):
        assert isinstance(real, dict), where
        for key, value in shown.items():
            assert key in real, f"{where}.{key} is not in the real output"
            contains(value, real[key], f"{where}.{key}")
    elif isinstance(shown, list):
        assert isinstance(real, list), where
        for i, item in enumerate(shown):
            matches = 0
            for candidate in real:
                try:
                    contains(item, candidate, f"{where}[{i}]")
                    matches += 1
                except AssertionError:
                    pass
            assert matches, f"{where}[{i}] matches no item of the real output: {item}"
    else:
        assert shown == real, f"{where}: README shows {shown!r}, real output is {real!r}"


@pytest.mark.cost(35)  # every README command, each its own process
def test_every_readme_command_runs_as_written(tmp_path: Path) -> None:
    commands = everyday_commands()
    assert any(c.startswith(".venv/bin/docklaw validate") for c in commands)
    repo = copy_of_repository(tmp_path / "docklaw")
    outputs: dict[str, str] = {}
    for command in commands:
        if " serve" in command:
            run_server(command, repo)
            continue
        done = subprocess.run(["bash", "-c", command], cwd=repo, capture_output=True,
                              text=True, timeout=COMMAND_TIMEOUT, stdin=subprocess.DEVNULL)
        # a plan exits as validate does (issue 25): 4 for an incomplete application
        allowed = VALIDATE_CODES if (" validate " in command or " plan " in command) else {0}
        assert done.returncode in allowed, (command, done.returncode, done.stderr[-2000:])
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, command
        outputs[command] = done.stdout
    assert (repo / "out" / "app.ttl").stat().st_size > 0
    # nothing lands outside out/ (git-ignored) unasked
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"],
                            cwd=repo, capture_output=True, text=True, check=True).stdout
    assert status == "", f"README commands left files git does not ignore:\n{status}"
    # the README's JSON report is the real report, abridged
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = json.loads(re.findall(r"```json\n(.*?)```", readme, flags=re.S)[0])
    json_command = next(c for c in commands if "--format json" in c and " validate " in c)
    contains(shown, json.loads(outputs[json_command]))
