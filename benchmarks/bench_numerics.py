"""Encoding a float32 matrix to FP16 / E4M3 in row-major and the reference optimal layout,
as a ratio to a bare numpy `astype` of the same data measured in the same run.

    python -m benchmarks.bench_numerics [--size N] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os

import ml_dtypes
import numpy as np

from benchmarks.timing import best_time
from dxlinalg.numerics.component_types import ComponentType, MatrixLayout
from dxlinalg.profile.matrix_storage import MatrixDescription, convert_matrix, destination_size
from dxlinalg.profile.registry import load_profile

TARGETS = {ComponentType.F16: np.float16, ComponentType.F8_E4M3: ml_dtypes.float8_e4m3fn}


def run(size: int, repeats: int) -> list[dict[str, object]]:
    profile = load_profile("reference")
    matrix = np.random.default_rng(1).normal(0, 1, (size, size)).astype(np.float32)
    source = MatrixDescription(size, size, ComponentType.F32, MatrixLayout.RowMajor, size * 4)
    source_bytes = matrix.view(np.uint8).reshape(-1)
    rows = []
    for target, dtype in TARGETS.items():
        baseline = best_time(lambda: matrix.astype(dtype), repeats)
        for layout in (MatrixLayout.RowMajor, MatrixLayout.MulOptimal):
            stride = size * np.dtype(dtype).itemsize if not layout.is_optimal else 0
            dest = MatrixDescription(size, size, target, layout, stride)
            out = np.zeros(destination_size(dest, profile), np.uint8)
            seconds = best_time(lambda: convert_matrix(source_bytes, source, out, dest, profile), repeats)
            rows.append({"target": target.name, "layout": layout.name, "seconds": seconds,
                         "astype_seconds": baseline, "ratio": seconds / baseline})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--quick", action="store_true", help="256 x 256, one repeat (CI smoke run)")
    parser.add_argument("--json", help="write the rows to this file")
    args = parser.parse_args()
    size, repeats = (256, 1) if args.quick else (args.size, 3)
    rows = run(size, repeats)
    print(f"encode {size} x {size} float32 (machine: {os.cpu_count()} cores), ratio to numpy astype:")
    for row in rows:
        print(f"  {row['target']:8s} {row['layout']:11s} {row['seconds'] * 1e3:8.1f} ms  "
              f"astype {row['astype_seconds'] * 1e3:7.1f} ms  ratio {row['ratio']:5.2f}x")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=2)


if __name__ == "__main__":
    main()
