"""Best-of-N wall-clock timing, the one helper every benchmark shares."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(function: Callable[[], object], repeats: int = 5) -> float:
    """Minimum wall time of `repeats` calls: the least noisy estimate on a shared machine."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best
