"""Disk caches that verify themselves, so a damaged cache can never mean less law.

Why: an empty or truncated cache file used to parse as a smaller (or empty) graph, and a
seven-violation application then validated as CONFORMS. Every cache file now starts with one
header line carrying the digest of its inputs and the digest and length of its own body:

    # docklaw-cache v1 kind=<kind> inputs=<digest> sha256=<body digest> bytes=<body length>

The header is an N-Triples comment, so the file stays readable by other tools. A file whose
header or body does not verify is treated as absent: the caller rebuilds from the sources
(and rewrites the cache). Files are written under a unique temporary name in the cache folder
and renamed into place, so readers never see a half-written file and concurrent writers never
clobber one another's temporary file.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

MAGIC = b"# docklaw-cache v1"


def cache_dir() -> Path:
    """$DOCKLAW_CACHE, else $XDG_CACHE_HOME/docklaw, else ~/.cache/docklaw."""
    base = os.environ.get("DOCKLAW_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "docklaw"
    )
    return Path(base)


def _header(kind: str, inputs: str, body: bytes) -> bytes:
    digest = hashlib.sha256(body).hexdigest()
    return b"%s kind=%s inputs=%s sha256=%s bytes=%d\n" % (
        MAGIC, kind.encode(), inputs.encode(), digest.encode(), len(body))


def read_verified(path: Path, kind: str, inputs: str) -> bytes | None:
    """The body of a cache file, or None when it is missing, unreadable or does not verify
    (wrong kind or inputs, truncated, extended or altered body). An empty body never verifies:
    no docklaw cache is legitimately empty, and an empty taxonomy or closure is the worst case."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    line, sep, body = data.partition(b"\n")
    if not sep or not body or not line.startswith(MAGIC):
        return None
    if line + b"\n" != _header(kind, inputs, body):
        return None
    return body


def write_verified(path: Path, kind: str, inputs: str, body: bytes) -> bool:
    """Write ``body`` with its header atomically (unique temporary file, then rename).
    Returns False when the cache location is not writable (that only costs the next start)
    and for an empty body (which would never verify)."""
    if not body:
        return False
    tmp_name = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.chmod(tmp_name, 0o644)  # a cache, not a secret (mkstemp makes it 0600)
        with os.fdopen(fd, "wb") as out:
            out.write(_header(kind, inputs, body))
            out.write(body)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp_name, path)
        return True
    except OSError:
        if tmp_name is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
        return False


def cached_bytes(path: Path, kind: str, inputs: str, build: Callable[[], bytes]) -> bytes:
    """The verified cache body, or ``build()`` (written back) when the cache does not verify."""
    body = read_verified(path, kind, inputs)
    if body is not None:
        return body
    body = build()
    write_verified(path, kind, inputs, body)
    return body
