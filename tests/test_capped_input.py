"""Input read before it is measured (issue 23): every path reads at most the cap plus one byte.

``docklaw validate - < /dev/zero`` grew to 10 GiB before the 2 MiB cap was checked; a 6 GB
sparse file grew 0.8 GB/s. Each command here is run as a real process on an endless or huge
input: it must refuse with exit 2 naming the limit, and its peak memory (``wait4``'s
``ru_maxrss``) must stay far below what reading the input would take.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from docklaw.validate.intake.parse import DEFAULT_MAX_BYTES

#: Peak memory of a refusing command: the interpreter, rdflib and the cap (measured ~60 MiB;
#: reading /dev/zero for the 12 s the old code took reached 10 GiB).
MAX_RSS = 400 * 1024 * 1024


#: Runs ``docklaw ARGS`` as its own child and writes that child's peak RSS to the file named
#: first. Why a launcher: a process forked from this (large) pytest worker starts with the
#: worker's resident pages counted in its high-water mark, which survives exec; forked from a
#: fresh small interpreter, the measured command counts only what it touches itself.
LAUNCHER = """
import os, sys
out, args = sys.argv[1], sys.argv[2:]
pid = os.fork()
if pid == 0:
    os.execv(sys.executable, [sys.executable, "-m", "docklaw.cli", *args])
_pid, status, usage = os.wait4(pid, 0)
with open(out, "w") as f:
    f.write(str(usage.ru_maxrss * 1024))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def run(args: list[str], stdin: object = subprocess.DEVNULL,
        timeout: float = 120) -> tuple[int, str, int]:
    """(exit code, stderr + stdout, peak RSS in bytes) of ``docklaw ARGS``."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        peak = Path(tmp) / "peak"
        process = subprocess.Popen([sys.executable, "-c", LAUNCHER, str(peak), *args],
                                   stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)
        timer = threading.Timer(timeout, lambda: os.killpg(process.pid, 9))
        timer.start()
        try:
            out = process.stdout.read()  # type: ignore[union-attr]
            err = process.stderr.read()  # type: ignore[union-attr]
            process.wait()
        finally:
            timer.cancel()
        assert peak.exists(), "the launcher reported no peak memory"
        rss = int(peak.read_text())
    return process.returncode, (err + out).decode("utf-8", "replace"), rss


@pytest.fixture(scope="module")
def sparse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 6 GB file of nothing (sparse: no disk used)."""
    path = tmp_path_factory.mktemp("sparse") / "huge.ttl"
    with path.open("wb") as f:
        f.truncate(6 * 1024**3)
    return path


@pytest.mark.parametrize("args", [["validate", "-"], ["validate", "-", "--jobs", "2"],
                                  ["validate", "-", "--against", "all"], ["derive", "-"],
                                  ["plan", "-"]], ids=" ".join)
def test_an_endless_stdin_is_refused_at_the_cap(args: list[str]) -> None:
    with open("/dev/zero", "rb") as zero:
        code, text, rss = run(args, stdin=zero)
    assert code == 2, text
    assert str(DEFAULT_MAX_BYTES) in text
    assert rss < MAX_RSS, f"{rss / 2**20:.0f} MiB"


@pytest.mark.parametrize("command", ["validate", "derive", "plan"])
def test_a_sparse_6_gb_file_is_refused_unread(sparse: Path, command: str) -> None:
    code, text, rss = run([command, str(sparse)])
    assert code == 2, text
    assert "6442450944 bytes" in text and str(DEFAULT_MAX_BYTES) in text
    assert rss < MAX_RSS


def test_a_batch_folder_with_a_huge_file_refuses_that_file(sparse: Path, tmp_path: Path) -> None:
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / "huge.ttl").symlink_to(sparse)
    from docklaw.paths import EXAMPLES_DIR

    (folder / "good.ttl").write_bytes((EXAMPLES_DIR / "north-haven" / "complete.ttl").read_bytes())
    code, text, rss = run(["validate", str(folder), "--format", "json"])
    assert code == 2, text
    assert '"bad_input": 1' in text and '"conforming": 1' in text
    assert rss < MAX_RSS


def test_a_fifo_fed_forever_is_refused_at_the_cap(tmp_path: Path) -> None:
    fifo = tmp_path / "endless.ttl"
    os.mkfifo(fifo)
    feeder = subprocess.Popen(["sh", "-c", f"cat /dev/zero > '{fifo}'"],
                              stderr=subprocess.DEVNULL)
    try:
        code, text, rss = run(["validate", str(fifo)])
    finally:
        feeder.kill()
        feeder.wait()
    assert code == 2, text
    assert str(DEFAULT_MAX_BYTES) in text and rss < MAX_RSS


def test_a_query_file_that_is_not_utf8_is_bad_input(tmp_path: Path) -> None:
    query = tmp_path / "latin.rq"
    query.write_bytes("# title: Caf\u00e9\n# question: x\nSELECT * { ?s ?p ?o }\n"
                      .encode("latin-1"))
    code, text, _rss = run(["query", str(query)])
    assert code == 2, text
    assert "UTF-8" in text and "line 1" in text and "Traceback" not in text


def test_a_huge_query_file_is_refused_unread(sparse: Path, tmp_path: Path) -> None:
    query = tmp_path / "huge.rq"
    query.symlink_to(sparse)
    code, text, rss = run(["query", str(query)])
    assert code == 2 and "6442450944 bytes" in text and rss < MAX_RSS
