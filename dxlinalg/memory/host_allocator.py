"""Keep freed host memory in the process heap, so numpy temporaries reuse warm pages.

Why: glibc serves every block of 128 KiB or more from fresh mmap pages and unmaps it on free,
so each large temporary page-faults on first touch. Emulating a dispatch makes many temporaries
of a few hundred KiB per op; under virtualisation (nested page tables) those faults cost more
than the arithmetic: on the 2-core development VM a wave-sum call went from 11.3 ms to 4.7 ms.
Raising glibc's mmap threshold (to its 32 MiB maximum) and trim threshold keeps freed blocks for
reuse. The price is a resident set that does not shrink after a peak. Opt-in for library users;
the `dxlinalg` command and the benchmark runner call it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_TRIM_THRESHOLD = -1      # glibc mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD_BYTES = 32 << 20     # glibc's largest allowed value on 64-bit
TRIM_THRESHOLD_BYTES = 1 << 30


def retain_freed_memory() -> bool:
    """Tune glibc's malloc as above; False (and nothing changed) on other C libraries."""
    if not sys.platform.startswith("linux"):
        return False
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)) and bool(mallopt(M_TRIM_THRESHOLD,
                                                                                  TRIM_THRESHOLD_BYTES))
