"""A damaged cache never means less law: it is rebuilt (verdict unchanged), never trusted.

Why: an empty or truncated subclass cache once made North Haven's seven-violation example
report CONFORMS. Every cache file carries a digest of its inputs and of its own body
(``docklaw.kg.cache``); these tests damage each cache file every way we can think of and check
the result is identical to the undamaged one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from docklaw import paths
from docklaw.kg import cache

EXAMPLE = paths.ROOT / "examples" / "north-haven" / "several-violations.ttl"
EXPECTED = json.loads(EXAMPLE.with_suffix(".expected.json").read_text())


def _empty(data: bytes) -> bytes:
    return b""


def _header_only(data: bytes) -> bytes:
    return data.partition(b"\n")[0] + b"\n"


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _last_line_cut(data: bytes) -> bytes:
    return data[:-40]


def _flipped(data: bytes) -> bytes:
    i = len(data) * 2 // 3
    return data[:i] + bytes([data[i] ^ 0x20]) + data[i + 1:]


def _no_header(data: bytes) -> bytes:
    """A cache in the old, unverified format (the body alone)."""
    return data.partition(b"\n")[2]


def _extended(data: bytes) -> bytes:
    return data + b"<urn:x> <urn:y> <urn:z> .\n"


def _empty_body(data: bytes) -> bytes:
    """A well-formed header for an empty body, as a buggy writer might leave."""
    header = data.partition(b"\n")[0].decode()
    kind = header.split("kind=")[1].split()[0]
    inputs = header.split("inputs=")[1].split()[0]
    return cache._header(kind, inputs, b"")


DAMAGE: dict[str, Callable[[bytes], bytes]] = {
    "empty": _empty, "header-only": _header_only, "truncated": _truncated,
    "last-line-cut": _last_line_cut, "flipped-byte": _flipped, "no-header": _no_header,
    "extended": _extended, "empty-body-with-header": _empty_body,
}


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DOCKLAW_CACHE", str(tmp_path))
    return tmp_path


# --------------------------------------------------------------------------- the format


def test_round_trip_and_atomic_names(cache_home: Path) -> None:
    target = cache_home / "x.nt"
    assert cache.write_verified(target, "k", "abc", b"body\n")
    assert cache.read_verified(target, "k", "abc") == b"body\n"
    assert [p.name for p in cache_home.iterdir()] == ["x.nt"]  # no temporary left behind


@pytest.mark.parametrize("name", sorted(DAMAGE))
def test_damaged_file_does_not_verify(cache_home: Path, name: str) -> None:
    target = cache_home / "x.nt"
    cache.write_verified(target, "k", "abc", b"<urn:a> <urn:b> <urn:c> .\n" * 50)
    target.write_bytes(DAMAGE[name](target.read_bytes()))
    assert cache.read_verified(target, "k", "abc") is None


def test_other_inputs_or_kind_do_not_verify(cache_home: Path) -> None:
    target = cache_home / "x.nt"
    cache.write_verified(target, "k", "abc", b"body\n")
    assert cache.read_verified(target, "k", "abd") is None
    assert cache.read_verified(target, "other", "abc") is None


def test_unwritable_location_is_not_fatal(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert cache.write_verified(blocker / "x.nt", "k", "abc", b"body") is False


# --------------------------------------------------------------------------- the real caches


def _subclass_cache_file(home: Path) -> Path:
    (found,) = home.glob("subclasses-*.nt")
    return found


REAL_DAMAGE = ["empty", "truncated", "flipped-byte", "no-header"]  # each rebuild runs OWL-RL


@pytest.mark.parametrize("name", REAL_DAMAGE)
def test_damaged_subclass_cache_is_rebuilt(cache_home: Path, name: str) -> None:
    from docklaw.law.prepare import cached_subclass_map, load_ontology

    ontology = load_ontology()
    reference = cached_subclass_map(ontology)  # builds and writes the cache
    target = _subclass_cache_file(cache_home)
    assert cached_subclass_map(ontology) == reference  # read back from the cache
    target.write_bytes(DAMAGE[name](target.read_bytes()))
    assert cached_subclass_map(ontology) == reference
    digest = target.name.split("-", 1)[1].removesuffix(".nt")
    assert cache.read_verified(target, "subclasses", digest) is not None  # rewritten whole


@pytest.mark.parametrize("name", ["empty", "truncated"])
def test_damaged_closure_cache_is_rebuilt(cache_home: Path, name: str) -> None:
    from docklaw.kg import build

    reference = build.closure_ntriples()
    assert reference.count(b"\n") > 20000
    (target,) = cache_home.glob("closure-*.nt")
    target.write_bytes(DAMAGE[name](target.read_bytes()))
    rebuilt = build.closure_ntriples()
    assert len(rebuilt) == len(reference) and rebuilt.count(b"\n") == reference.count(b"\n")


def _validate_in_fresh_process(home: Path) -> dict:
    env = {**os.environ, "DOCKLAW_CACHE": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "docklaw.cli", "validate", str(EXAMPLE), "--format", "json"],
        capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 1, done.stderr
    return json.loads(done.stdout)


def _violated_sections(report: dict) -> list[str]:
    return sorted({r["section"] for r in report["results"] if r["severity"] == "Violation"})


def test_seven_violation_example_survives_a_damaged_subclass_cache(cache_home: Path) -> None:
    """End to end, the bug as reported: a fresh `docklaw validate` after the cache was emptied
    (then truncated) still reports the example's seven violations (rebuilt, not believed)."""
    first = _validate_in_fresh_process(cache_home)
    assert _violated_sections(first) == sorted(EXPECTED["violations"])
    for name in ("empty", "truncated"):
        for target in cache_home.glob("*.nt"):
            target.write_bytes(DAMAGE[name](target.read_bytes()))
        again = _validate_in_fresh_process(cache_home)
        assert again["conforms"] is False, name
        assert _violated_sections(again) == sorted(EXPECTED["violations"]), name
        assert again["results"] == first["results"], name
