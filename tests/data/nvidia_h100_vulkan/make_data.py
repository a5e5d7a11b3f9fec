"""Regenerate the NVIDIA H100 Vulkan reference data the tests in tests/vulkan compare the mock with.

Source: `../shared/reference/nvidia-h100-vulkan/` beside the checkout (NVIDIA H100 80GB HBM3, Vulkan 1.4.312,
driver 580.159; its README.md and the C probes vkprobe.c, vkconv.c, vklayouts.c, vkopt8.c say how it was made).
Written here, beside what tests/data already holds of the same reference:

- `properties.txt`, `log.txt` (conversions/log.txt): copied unchanged;
- `sizes_strided.tsv.gz`: the row- and column-major rows (vk_layout 0 and 1) of sizes.tsv; its optimal rows are
  tests/data/nvidia_h100/sizes_optimal.tsv already;
- `conversions_integer.npz`: every conversions/from_*_to_<integer>.bin, unchanged, as uint8 arrays (the float
  destinations are in tests/data/nvidia_h100_conversions/conversions.npz already);
- `SHA256SUMS`: the SHA-256 of every reference file the tests rebuild (properties.txt, sizes.tsv, layouts.tsv,
  layouts.bin, conversions/*.bin, conversions/log.txt), so a test can prove that what it rebuilds from the
  compact copies (layouts.bin from tests/data/nvidia_h100/layouts.npz) is the reference, byte for byte.

Usage: python3 tests/data/nvidia_h100_vulkan/make_data.py [reference-folder]
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[2] / ".." / "shared" / "reference" / "nvidia-h100-vulkan"
INTEGER_NAMES = ("s8", "u8", "s16", "u16", "s32", "u32")


def main(source: Path) -> None:
    shutil.copyfile(source / "properties.txt", HERE / "properties.txt")
    shutil.copyfile(source / "conversions" / "log.txt", HERE / "log.txt")
    lines = (source / "sizes.tsv").read_text().splitlines(keepends=True)
    strided = [lines[0]] + [line for line in lines[1:] if line.split("\t")[1] in ("0", "1")]
    with gzip.GzipFile(HERE / "sizes_strided.tsv.gz", "wb", mtime=0) as f:
        f.write("".join(strided).encode())
    arrays = {path.stem: np.fromfile(path, dtype=np.uint8)
              for path in sorted((source / "conversions").glob("from_*_to_*.bin"))
              if path.stem.rsplit("_", 1)[1] in INTEGER_NAMES}
    np.savez_compressed(HERE / "conversions_integer.npz", **arrays)
    names = ["properties.txt", "sizes.tsv", "layouts.tsv", "layouts.bin"] + sorted(
        f"conversions/{path.name}" for path in (source / "conversions").iterdir())
    with open(HERE / "SHA256SUMS", "w") as f:
        f.writelines(f"{hashlib.sha256((source / name).read_bytes()).hexdigest()}  {name}\n" for name in names)
    print(f"{len(strided) - 1} strided size rows, {len(arrays)} integer dumps, {len(names)} checksums")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SOURCE)
