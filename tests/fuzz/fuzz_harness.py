"""What every fuzz test shares: deterministic bounded settings, the documented-errors property, byte diffs.

The three properties of issue 15 item 7, stated once here:
- only documented exceptions escape a public call (`call_documented`);
- no byte outside a destination changes (`changed_outside`, over snapshots of every buffer);
- the same inputs give the same bytes twice (each test runs its case twice, on fresh devices).
"""

from __future__ import annotations

import os
import traceback
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from hypothesis import HealthCheck, settings

from d3d12api import D3D12DebugLayerWarning, D3D12Error
from dxlinalg.errors import DxLinalgError

#: What a public call may raise: D3D12Error carries an HRESULT (D3D12DebugLayerError is one, with a rule);
#: DxLinalgError covers the rule errors (InvalidArgumentError, UndefinedBehaviorError, UnsupportedError,
#: ProfileError). Anything else (KeyError, IndexError, TypeError, AttributeError, MemoryError, a numpy
#: error or warning, a bare ValueError) is a bug.
DOCUMENTED = (D3D12Error, DxLinalgError)


#: `DXLINALG_FUZZ_SEARCH=N` runs N times the examples with fresh random seeds: a bug hunt, not the suite.
#: Without it the fuzz tests draw the same examples on every run, CI or not (tests/conftest.py derandomizes
#: the rest of the suite only under CI), so their verdict and their time never depend on the draw.
SEARCH = int(os.environ.get("DXLINALG_FUZZ_SEARCH", "0") or 0)


def fuzz_settings(max_examples: int, *, slow_examples: bool = False) -> settings:
    """Bounded and reproducible: a fixed example count, derandomized, no example database, no deadline
    (the machine is shared, so timings say nothing). `slow_examples` suppresses the too_slow health check
    for strategies that build whole command lists or files per example: hypothesis measures generation
    there together with our own setup, and on two busy cores it trips without anything being wrong."""
    suppressed = [HealthCheck.too_slow] if slow_examples else []
    if SEARCH:
        return settings(max_examples=max_examples * SEARCH, deadline=None, database=None,
                        suppress_health_check=suppressed)
    return settings(max_examples=max_examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=suppressed, print_blob=False)


class UndocumentedError(AssertionError):
    """A public call let an exception escape that no documentation promises."""


@dataclass(frozen=True)
class Outcome:
    """How a call ended: returned a value, or raised a documented error (type, rule, HRESULT)."""

    raised: str | None = None
    rule: str | None = None
    hr: int | None = None

    @classmethod
    def of(cls, error: BaseException) -> "Outcome":
        return cls(type(error).__name__, getattr(error, "rule", None), getattr(error, "hr", None))


def call_documented(function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, Outcome]:
    """Run one public call: (its result, Outcome()) or (None, the documented error's Outcome).

    numpy warnings are errors here (a RuntimeWarning reaching the user is an unhandled numeric case);
    the debug layer's own warnings are documented output and pass.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        warnings.simplefilter("ignore", D3D12DebugLayerWarning)
        try:
            return function(*args, **kwargs), Outcome()
        except DOCUMENTED as error:
            return None, Outcome.of(error)
        except BaseException as error:  # noqa: BLE001  (the property: nothing else escapes)
            raise UndocumentedError(f"{getattr(function, '__qualname__', function)} raised an undocumented "
                                    f"{type(error).__name__}: {error}\n{traceback.format_exc()}") from error


def changed_outside(before: np.ndarray, after: np.ndarray, allowed: np.ndarray) -> list[int]:
    """Offsets of bytes that changed where `allowed` (a bool mask) is False; at most 8, for messages."""
    changed = np.flatnonzero((before != after) & ~allowed)
    return changed[:8].tolist()


def mask_of(size: int, ranges: Iterable[tuple[int, int]]) -> np.ndarray:
    """A bool mask of `size` bytes, True inside the given [start, end) ranges (clipped)."""
    mask = np.zeros(size, bool)
    for start, end in ranges:
        start, end = max(start, 0), min(end, size)
        if start < end:
            mask[start:end] = True
    return mask


def sentinel(size: int, seed: int) -> np.ndarray:
    """Recognisable bytes for a buffer's neighbours: a seeded pattern, so a stray write of zeros, of a
    copy or of converted elements all show."""
    return np.random.default_rng(seed).integers(0, 256, size, dtype=np.uint8)
