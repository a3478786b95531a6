"""Take away a worker process's ability to open Internet sockets (Linux seccomp filter).

Why: the query checker refuses SERVICE, but the engine (Oxigraph) has its own HTTP client.
If the checker and the engine ever read a text differently again (issue 13: a ``\\r`` ended a
comment for one and not the other), the worker still cannot reach the network:
``socket(AF_INET | AF_INET6, ...)`` fails with EACCES. Unix sockets (the pipe to the parent)
and files keep working. Best effort: on other architectures or kernels the filter is not
installed and ``deny_network`` returns False.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import platform

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
AF_INET, AF_INET6 = 2, 10
#: machine -> (AUDIT_ARCH_*, the socket syscall number)
ARCHES = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}
X32_BIT = 0x40000000  # x86-64's x32 ABI numbers: refused wholesale, docklaw never uses them
# classic BPF opcodes
LD_W_ABS, JEQ_K, JGE_K, RET_K = 0x20, 0x15, 0x35, 0x06


class SockFilter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte),
                ("k", ctypes.c_uint)]


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(SockFilter))]


def program(arch: int, socket_nr: int) -> list[tuple[int, int, int, int]]:
    """The filter: deny socket(AF_INET/AF_INET6) and x32 calls, allow everything else."""
    deny = SECCOMP_RET_ERRNO | errno.EACCES
    return [
        (LD_W_ABS, 0, 0, 4),               # 0 A = seccomp_data.arch
        (JEQ_K, 0, 6, arch),               # 1 another ABI: allow (8)
        (LD_W_ABS, 0, 0, 0),               # 2 A = seccomp_data.nr
        (JGE_K, 5, 0, X32_BIT),            # 3 x32: deny (9)
        (JEQ_K, 0, 3, socket_nr),          # 4 not socket(): allow (8)
        (LD_W_ABS, 0, 0, 16),              # 5 A = args[0] (domain, low 32 bits)
        (JEQ_K, 2, 0, AF_INET),            # 6 deny (9)
        (JEQ_K, 1, 0, AF_INET6),           # 7 deny (9), else allow
        (RET_K, 0, 0, SECCOMP_RET_ALLOW),  # 8
        (RET_K, 0, 0, deny),               # 9
    ]


def deny_network() -> bool:
    """Install the filter in this process (irreversible, inherited by its children)."""
    found = ARCHES.get(platform.machine())
    if found is None:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    except OSError:
        return False
    code = program(*found)
    filters = (SockFilter * len(code))(*[SockFilter(*ins) for ins in code])
    prog = SockFprog(len(code), ctypes.cast(filters, ctypes.POINTER(SockFilter)))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    return bool(libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) == 0)
