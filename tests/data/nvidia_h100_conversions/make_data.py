"""Regenerate conversions.npz: NVIDIA H100 float-destination conversion dumps for the rounding tests.

Source: `../shared/reference/nvidia-h100-vulkan/conversions/` beside the checkout (NVIDIA H100 80GB
HBM3, Vulkan 1.4.312, driver 580.159; its README.md and vkconv.c / vkopt8.c say how the dumps were
made with vkConvertCooperativeVectorMatrixNV). Every file whose destination is a float type is
copied unchanged, as a little-endian array of the destination's storage word, under its file stem:

- `from_<src>_to_<dst>` for src in f16, f32grid, s32, s8, e4m3, e5m2 and dst in f16, f32, e4m3, e5m2
  (uint16 / uint32 / uint8 words). Sources, in order: all 65,536 FP16 patterns; FP32 patterns
  `i << 13` for i < 2**19; int32 `(i - 2048) * 97` for i < 4096; int8 bytes 0..255; FP8 bytes 0..255.
- `opt8_<f16pat|grid>_f32to<e4m3|e5m2>_L<0..3>`: a 256 x 256 row-major FP32 matrix (element i is
  the FP32 value of FP16 pattern i, resp. the FP32 pattern `i << 15`) converted to FP8 in layout
  0/1 (row/column-major, one byte per element; uint8) or 2/3 (the optimal layouts, FP16 words; uint16).

Integer-destination dumps are left out: the driver wrote only zeros there and D3D12 rejects those
type changes. Usage: python3 tests/data/nvidia_h100_conversions/make_data.py [conversions-folder]
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[2] / ".." / "shared" / "reference" / "nvidia-h100-vulkan" / "conversions"
WORDS = {"f16": "<u2", "f32": "<u4", "e4m3": "u1", "e5m2": "u1"}


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE
    arrays: dict[str, np.ndarray] = {}
    for src in ("f16", "f32grid", "s32", "s8", "e4m3", "e5m2"):
        for dst, word in WORDS.items():
            stem = f"from_{src}_to_{dst}"
            arrays[stem] = np.fromfile(source / f"{stem}.bin", dtype=word)
    for pattern in ("f16pat", "grid"):
        for fp8 in ("e4m3", "e5m2"):
            for layout in range(4):
                stem = f"opt8_{pattern}_f32to{fp8}_L{layout}"
                arrays[stem] = np.fromfile(source / f"{stem}.bin", dtype="u1" if layout < 2 else "<u2")
    np.savez_compressed(HERE / "conversions.npz", **arrays)


if __name__ == "__main__":
    main()
