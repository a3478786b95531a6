"""Read a user's file or standard input without ever holding more than the cap plus one byte.

Why: ``docklaw validate - < /dev/zero`` grew to 10 GiB in 12 s before the 2 MiB cap was
checked on what had been read, and a 6 GB sparse file grew 0.8 GB/s. Every command that reads
an application, a query or a law text reads through here: at most ``limit + 1`` bytes, and
more is refused (``PayloadTooLarge``, exit 2) naming the input and the limit. A regular
file's size is checked before reading; a pipe, a FIFO or a device is read up to the cap.
"""

from __future__ import annotations

import stat
import sys
from pathlib import Path
from typing import BinaryIO

from docklaw.errors import InputError, PayloadTooLarge


def too_large(name: str, limit: int, size: int | None = None) -> PayloadTooLarge:
    found = f"is {size} bytes" if size is not None else f"is larger than {limit} bytes"
    return PayloadTooLarge(f"input {found}; the limit is {limit} bytes", source=name)


def read_stream(stream: BinaryIO, limit: int, name: str = "-") -> bytes:
    """At most ``limit`` bytes of ``stream``; PayloadTooLarge if there is more."""
    chunks: list[bytes] = []
    left = limit + 1
    while left > 0:
        chunk = stream.read(min(left, 1024 * 1024))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    data = b"".join(chunks)
    if len(data) > limit:
        raise too_large(name, limit)
    return data


def read_capped(name: str, limit: int) -> bytes:
    """The bytes of the file ``name`` ('-': standard input), refused beyond ``limit``."""
    if name == "-":
        return read_stream(sys.stdin.buffer, limit, "<stdin>")
    path = Path(name)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InputError("no such file", source=name) from None
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", source=name) from None
    if stat.S_ISDIR(info.st_mode):
        raise InputError("is a directory, not a file", source=name)
    if stat.S_ISREG(info.st_mode) and info.st_size > limit:
        raise too_large(name, limit, info.st_size)  # a sparse 6 GB file: refused unread
    try:
        with path.open("rb") as stream:
            return read_stream(stream, limit, name)
    except OSError as exc:
        raise InputError(f"cannot read ({exc.strerror or exc})", source=name) from None


def decode_text(data: bytes, name: str) -> str:
    """UTF-8 text, or an InputError naming the line of the first byte that is not."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(f"not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset "
                         f"{exc.start}); save the file as UTF-8", line=line,
                         source=name) from None


def read_text_capped(name: str, limit: int) -> str:
    """A UTF-8 text file (a query, a law text) of at most ``limit`` bytes."""
    return decode_text(read_capped(name, limit), name)
