"""Run dxlinalg/samples/spirv/coopmat_gemm.spv (GLSL, GL_NV_cooperative_matrix2) on the SPIR-V executor and check it against numpy.

C = A x B with fp16 inputs and fp32 accumulation, one 16 x 16 tile per subgroup. The tensor
layouts' Constant clamp mode reads zeros past the ragged edges and the tensor store drops the
elements outside C, so sizes need not be multiples of 16 and nothing is padded.

    python dxlinalg/samples/coopmat_gemm_spirv.py [M N K] [--profile adversarial]
"""

from __future__ import annotations

import argparse
import struct
import time
from pathlib import Path

import numpy as np

from dxlinalg.spirv import run

MODULE = Path(__file__).resolve().parent / "spirv" / "coopmat_gemm.spv"
TILE = 16
NUMPY_REPEATS = 5


def gemm(a: np.ndarray, b: np.ndarray, profile: str = "reference") -> np.ndarray:
    """C = A x B through the compiled module (A: M x K fp16, B: K x N fp16; C: M x N fp32)."""
    (m, k), (_, n) = a.shape, b.shape
    out = run(MODULE, groups=(-(-n // TILE), -(-m // TILE), 1),
              buffers={(0, 0): np.ascontiguousarray(a, np.float16).ravel(),
                       (0, 1): np.ascontiguousarray(b, np.float16).ravel(),
                       (0, 2): np.zeros(m * n, np.float32)},
              push_constants=struct.pack("<3I", m, n, k), profile=profile)
    return out[(0, 2)].reshape(m, n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, default=[100, 72, 50])
    parser.add_argument("--profile", default="reference")
    args = parser.parse_args()
    m, n, k = args.sizes
    rng = np.random.default_rng(0)
    a = rng.integers(-8, 8, (m, k)).astype(np.float16)      # small integers: every sum is exact in fp32
    b = rng.integers(-8, 8, (k, n)).astype(np.float16)
    start = time.perf_counter()
    c = gemm(a, b, args.profile)
    emulated = time.perf_counter() - start
    reference = float("inf")
    for _ in range(NUMPY_REPEATS):          # numpy's best of several: one short run is mostly noise
        start = time.perf_counter()
        expected = a.astype(np.float32) @ b.astype(np.float32)
        reference = min(reference, time.perf_counter() - start)
    assert np.array_equal(c, expected), "the SPIR-V GEMM differs from numpy"
    print(f"{m}x{n}x{k} on {args.profile}: equal to numpy; {emulated * 1e3:.1f} ms emulated, "
          f"{reference * 1e3:.3f} ms numpy, ratio {emulated / max(reference, 1e-9):.0f}x")


if __name__ == "__main__":
    main()
