"""The main job: convert a weight matrix through the numeric core and report what happened.

It is what ConvertLinearAlgebraMatrix does for an application that ships float32 row-major
weights: convert them to FP16 and FP8 in the device's MulOptimal layout, read them back, and
measure the quantisation error.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.profile.matrix_storage import MatrixDescription, convert_matrix, decode_matrix, destination_size
from dxlinalg.profile.registry import load_profile


def run_demo(profile: str = "reference", out: str | Path = "out") -> int:
    device = load_profile(profile)
    rows, cols = 64, 48
    rng = np.random.default_rng(2026)
    weights = rng.normal(0.0, 0.5, (rows, cols)).astype(np.float32)
    source = MatrixDescription(rows, cols, ComponentType.F32, MatrixLayout.RowMajor, cols * 4)
    source_bytes = weights.view(np.uint8).reshape(-1)
    print(f"dxlinalg demo on profile '{device.name}': {device.description}")
    print(f"source: {rows} x {cols} FLOAT32 row-major, {source_bytes.size} bytes")
    for target in (ComponentType.F16, ComponentType.F8_E4M3, ComponentType.F8_E5M2):
        dest = MatrixDescription(rows, cols, target, MatrixLayout.MulOptimal)
        size = destination_size(dest, device)
        out_bytes = np.zeros(size, np.uint8)
        convert_matrix(source_bytes, source, out_bytes, dest, device)
        back = decode_matrix(out_bytes, dest, device).astype(np.float64)
        error = np.abs(back - weights)
        relative = error / np.maximum(np.abs(weights), 1e-30)
        print(f"  -> {target.name:8s} MUL_OPTIMAL: DestSize {size:6d} bytes, max abs error "
              f"{error.max():.3e}, max rel error {relative.max():.3e}")
    Path(out).mkdir(parents=True, exist_ok=True)
    return 0
