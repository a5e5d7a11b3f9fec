"""Test-wide settings.

Hypothesis draws new examples on every run, which is how it finds bugs while we work; under CI
(the `CI` environment variable, which `.ci/run` runs with) it derandomizes, so a submission's
verdict depends on its code, not on the draw. Run `CI=true pytest` to reproduce CI's examples.

Run under pytest-xdist (`-n 2 --dist loadfile`, not README's command: under it a second process's
load makes tests/commands' Ctrl-C test flaky), each process gets its share of the cores for what would
otherwise take every core: the parallel dispatch layer's workers ($DXLINALG_JOBS, unless set already)
and the BLAS numpy loaded. Tests that exercise the parallel layer set the job count they need themselves.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

_XDIST_WORKERS = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
if _XDIST_WORKERS > 1:
    _SHARE = max(1, (os.cpu_count() or 1) // _XDIST_WORKERS)
    os.environ.setdefault("DXLINALG_JOBS", str(_SHARE))
    from dxlinalg.gpu.parallel import limit_blas_threads

    limit_blas_threads(_SHARE)
