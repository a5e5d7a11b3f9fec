"""Read a matrix-vector run's results back from vkrun's dump.

The emulator's replay of the recorded runs is tests/hardware_replay/nvidia_h100_spirv_replay.py
(one implementation, used by the analysis and the CI test).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from cases import Case
from jobs import RESULT_FILL
from variants import LANES, Variant

RESULT_BITS = {2: np.uint16, 4: np.uint32}


def observed(dump: Path, variant: Variant, cases: list[Case], name: str | None = None) -> np.ndarray:
    """(cases, 32, M) result bits as the GPU left them (0xA5.. where nothing was written)."""
    raw = np.fromfile(dump / f"{name or variant.name}.s0b3.bin", np.uint8)
    per_lane = raw.reshape(len(cases) * LANES, variant.output_stride)[:, : variant.m * variant.output.size]
    bits = np.ascontiguousarray(per_lane).view(RESULT_BITS[variant.output.size])
    return bits.reshape(len(cases), LANES, variant.m)


def untouched(bits: np.ndarray) -> np.ndarray:
    """Where a result still holds the 0xA5 fill."""
    fill = int.from_bytes(bytes([RESULT_FILL]) * bits.dtype.itemsize, "little")
    return bits == fill
